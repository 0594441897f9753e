//! The learned evaluation: every team's win chance from a conditional
//! logit model whose weights were fitted to the outcomes of self-play
//! games by `barricade train` (`barricade_coach::training`).
//!
//! Each team gets a score `z = Σ wₖ·fₖ` over the [`FEATURES`] below and
//! the chances are `exp(z) / Σ exp(z)` over the teams, so they sum to one.
//! The weights differ by board and number of teams ([`set_index`]: six
//! sets). The features ([`features`]) are the tuned evaluation's expected
//! turns to win and the turn order. A race of `μ` turns has a spread of
//! about `√μ` turns, so a lead of two turns means more near the end than
//! at the start: both features come twice, as they are and divided by
//! `√(m + 1)`, `m` being the teams' mean expected turns. A fifth says
//! that a team has no pawn on the board yet: the expected turns count a
//! pawn out as a second runner beside the home pawns, which overrates
//! the first pawn out of a game's opening (see [`features`]). The last
//! two let the turn order and the turns weigh differently in a classic
//! game's opening ([`opening`]; 0 on the quick board): the others alone
//! gave the first player of a classic game 53% at the start, where it
//! wins about half the games. The eighth weighs the turn order apart
//! once more in a classic game's first rounds ([`first_rounds`]).
//!
//! The weights are data, `crates/ai/data/learned.txt`, read once. The
//! evaluator [`Learned`] gives a model's chances (on the sets it is used
//! on), the master's is [`Learned::checked_in`].
//!
//! ```
//! use barricade_ai::learned::Learned;
//! use barricade_rules::{Colour, Position};
//! let ev = Learned::checked_in().unwrap();
//! let s = ev.scores(&"seats=red,blue red=a12".parse::<Position>().unwrap());
//! assert!(s[Colour::Red.index()] > 0.5);
//! assert!((s[Colour::Red.index()] + s[Colour::Blue.index()] - 1.0).abs() < 1e-4);
//! ```

use crate::eval::{Field, HandMade, Scores, Weights};
use barricade_rules::{BoardId, Colour, Position, Rules, Seats, Team};

/// Number of features per team.
pub const FEATURES: usize = 8;

/// Number of weights per set in the files written before
/// `first-rounds*wait` (the players' files, `learned-players*.txt`):
/// [`Model::parse`] reads the missing weight as 0.
pub const FIRST_FEATURES: usize = 7;

/// The features' names, in order (as in the weights file).
pub const NAMES: [&str; FEATURES] = [
    "turns/s",
    "turns",
    "wait/s",
    "wait",
    "home",
    "opening*wait",
    "opening*turns",
    "first-rounds*wait",
];

/// Number of weight sets: two boards × two, three or four teams.
pub const SETS: usize = 6;

/// The evaluation weights whose parts the features are made of: the
/// tuned ones (their threats and held barricades, and with three or four
/// teams their chances, see [`Model::chances`]).
pub const INGREDIENTS: Weights = Weights::TUNED;

/// Features of one team.
pub type Features = [f32; FEATURES];

/// The model: one weight vector per [`set_index`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    /// Weights by set, then feature.
    pub weights: [Features; SETS],
}

/// The checked-in weights file.
pub const WEIGHTS_TEXT: &str = include_str!("../data/learned.txt");

/// A weight in whole millionths, as the weights file writes it (whole
/// numbers: no float parsing in the web worker).
pub fn millionths(v: f32) -> i32 {
    (f64::from(v) * 1e6).round() as i32
}

/// A weight from whole millionths.
pub fn from_millionths(n: i32) -> f32 {
    (f64::from(n) / 1e6) as f32
}

/// The set of weights for `board` with `teams` teams (2..=4).
///
/// ```
/// use barricade_ai::learned::set_index;
/// use barricade_rules::BoardId;
/// assert_eq!(set_index(BoardId::Classic, 2), 0);
/// assert_eq!(set_index(BoardId::Quick, 4), 5);
/// ```
pub fn set_index(board: BoardId, teams: usize) -> usize {
    let b = match board {
        BoardId::Classic => 0,
        BoardId::Quick => 1,
    };
    b * 3 + teams.clamp(2, 4) - 2
}

/// The set named `name` in a weights file ([`set_name`] the other way).
///
/// ```
/// use barricade_ai::learned::{set_by_name, set_index};
/// use barricade_rules::BoardId;
/// assert_eq!(set_by_name("quick-3"), Some(set_index(BoardId::Quick, 3)));
/// assert_eq!(set_by_name("quick-5"), None);
/// ```
pub fn set_by_name(name: &str) -> Option<usize> {
    (0..SETS).find(|&set| set_name(set) == name)
}

/// The board of a set ([`set_index`] the other way).
///
/// ```
/// use barricade_ai::learned::{set_board, set_index};
/// use barricade_rules::BoardId;
/// assert_eq!(set_board(set_index(BoardId::Quick, 3)), BoardId::Quick);
/// ```
pub fn set_board(set: usize) -> BoardId {
    if set / 3 == 0 {
        BoardId::Classic
    } else {
        BoardId::Quick
    }
}

/// The name of a set in the weights file.
pub fn set_name(set: usize) -> String {
    format!("{}-{}", set_board(set), set % 3 + 2)
}

impl Model {
    /// The checked-in model, parsed once (`None` if the file were
    /// damaged; a test makes sure it is not).
    pub fn checked_in() -> Option<&'static Model> {
        static MODEL: std::sync::OnceLock<Option<Model>> = std::sync::OnceLock::new();
        MODEL
            .get_or_init(|| Model::parse(WEIGHTS_TEXT).ok())
            .as_ref()
    }

    /// Reads a weights file: `#` comments, then one line per set, its name
    /// and [`FEATURES`] weights in whole millionths, or the first
    /// [`FIRST_FEATURES`] of them (the last is then 0, as in the files
    /// written before it).
    ///
    /// ```
    /// use barricade_ai::learned::Model;
    /// assert!(Model::parse("classic-2 1 2 3").is_err());
    /// let seven: String = ["classic-2", "classic-3", "classic-4", "quick-2", "quick-3", "quick-4"]
    ///     .map(|set| format!("{set} 1 2 3 4 5 6 7\n"))
    ///     .concat();
    /// assert_eq!(Model::parse(&seven).unwrap().weights[0], [1e-6, 2e-6, 3e-6, 4e-6, 5e-6, 6e-6, 7e-6, 0.0]);
    /// let m = Model::parse(barricade_ai::learned::WEIGHTS_TEXT).unwrap();
    /// assert_eq!(Model::parse(&m.to_text("")), Ok(m));
    /// ```
    pub fn parse(text: &str) -> Result<Model, String> {
        let mut weights = [[0.0f32; FEATURES]; SETS];
        let mut seen = [false; SETS];
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.split_whitespace();
            let name = words.next().unwrap_or_default();
            let set = set_by_name(name).ok_or_else(|| format!("unknown weight set {name:?}"))?;
            let values: Vec<f32> = words
                .map(|w| {
                    w.parse::<i32>()
                        .map(from_millionths)
                        .map_err(|e| format!("{name}: {w:?}: {e}"))
                })
                .collect::<Result<_, _>>()?;
            if !(FIRST_FEATURES..=FEATURES).contains(&values.len()) {
                return Err(format!(
                    "{name}: {} weights, {FIRST_FEATURES} or {FEATURES} expected",
                    values.len()
                ));
            }
            weights[set][..values.len()].copy_from_slice(&values);
            seen[set] = true;
        }
        match seen.iter().position(|&s| !s) {
            Some(missing) => Err(format!("no weights for {}", set_name(missing))),
            None => Ok(Model { weights }),
        }
    }

    /// The weights file for this model, after `header` (comment lines).
    pub fn to_text(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(&format!(
            "# set, weights in millionths: {}\n",
            NAMES.join(" ")
        ));
        for (set, w) in self.weights.iter().enumerate() {
            out.push_str(&set_name(set));
            for v in w {
                out.push_str(&format!(" {}", millionths(*v)));
            }
            out.push('\n');
        }
        out
    }

    /// Chances of every team, written per colour, from the teams'
    /// features (as [`features`] gives them).
    pub fn chances(&self, pos: &Position, features: &[Features; 4]) -> Scores {
        if let Some(won) = crate::eval::won_scores(pos) {
            return won;
        }
        let seats = pos.seats();
        let mut out = [0.0f32; 4];
        let (leads, teams) = team_leads(pos);
        let w = &self.weights[set_index(pos.board().id(), teams)];
        let mut z = [0.0f32; 4];
        let mut max = f32::MIN;
        for &c in &leads[..teams] {
            let f = &features[c.index()];
            z[c.index()] = w.iter().zip(f).map(|(a, b)| a * b).sum();
            max = max.max(z[c.index()]);
        }
        let mut total = 0.0;
        for &c in &leads[..teams] {
            let e = (z[c.index()] - max).exp();
            z[c.index()] = e;
            total += e;
        }
        for &c in seats.colours() {
            let lead = seats.team_of(c).iter().next().unwrap_or(c);
            out[c.index()] = z[lead.index()] / total;
        }
        out
    }
}

/// The learned evaluation: a [`Model`]'s chances over features made by
/// the hand-made evaluation with [`INGREDIENTS`], on the weight sets
/// ([`set_index`]) it is used on, and that hand-made evaluation's own
/// chances on the others.
///
/// ```
/// use barricade_ai::eval::HandMade;
/// use barricade_ai::learned::{set_index, Learned, Model, INGREDIENTS, SETS};
/// use barricade_rules::{BoardId, Position};
/// let four: Position = "red=f3 green=k9 yellow=o1 blue=c5".parse().unwrap();
/// let model = Model::checked_in().unwrap();
/// let mut two_teams = [false; SETS];
/// two_teams[set_index(BoardId::Classic, 2)] = true;
/// let tuned = HandMade::new(INGREDIENTS);
/// assert_eq!(Learned::on_sets(model, two_teams).scores(&four), tuned.scores(&four));
/// assert_ne!(Learned::new(model).scores(&four), tuned.scores(&four));
/// ```
#[derive(Clone, Debug)]
pub struct Learned {
    /// The hand-made evaluation the features are made with.
    ingredients: HandMade,
    /// The model.
    model: &'static Model,
    /// The sets on which `model` gives the chances.
    sets: [bool; SETS],
}

impl Learned {
    /// `model` on every set.
    pub fn new(model: &'static Model) -> Learned {
        Learned::on_sets(model, [true; SETS])
    }

    /// `model` on the sets that `sets` marks ([`set_index`]) and the
    /// tuned evaluation ([`INGREDIENTS`]) on the others (the training's
    /// players, `barricade train --players-sets`).
    pub fn on_sets(model: &'static Model, sets: [bool; SETS]) -> Learned {
        Learned {
            ingredients: HandMade::new(INGREDIENTS),
            model,
            sets,
        }
    }

    /// The checked-in model ([`Model::checked_in`]) on both boards with
    /// two to four teams: the master's, the hint's and the analysis's
    /// evaluation (`None` if the weights file were damaged).
    pub fn checked_in() -> Option<Learned> {
        Model::checked_in().map(Learned::new)
    }

    /// The model.
    pub fn model(&self) -> &'static Model {
        self.model
    }

    /// The hand-made evaluation the features are made with, and that
    /// gives the chances on the sets without the model.
    pub fn ingredients(&self) -> &HandMade {
        &self.ingredients
    }

    /// Win chances of every team (written per colour), or 1/0 once the
    /// game is over.
    pub fn scores(&self, pos: &Position) -> Scores {
        self.scores_with(pos, &self.ingredients.field(pos))
    }

    /// [`Learned::scores`] with a field already computed for `pos` (with
    /// the ingredients' barricade steps).
    pub fn scores_with(&self, pos: &Position, field: &Field) -> Scores {
        let teams = team_leads(pos).1;
        if self.sets[set_index(pos.board().id(), teams)] {
            self.model
                .chances(pos, &features(&self.ingredients, pos, field))
        } else {
            self.ingredients.scores_with(pos, field)
        }
    }
}

/// One colour per team (the first of the team in colour order) and the
/// number of teams.
pub fn team_leads(pos: &Position) -> ([Colour; 4], usize) {
    let seats = pos.seats();
    let mut leads = [Colour::Red; 4];
    let mut n = 0;
    let mut counted = 0u8;
    for &c in seats.colours() {
        let team = seats.team_of(c);
        if counted & team.bits() == 0 {
            counted |= team.bits();
            leads[n] = team.iter().next().unwrap_or(c);
            n += 1;
        }
    }
    (leads, n)
}

/// The features of every team, written at the index of the team's first
/// colour (see [`Model::chances`]); `ingredients` gives the expected
/// turns, the threats and the held barricades (the hand-made evaluation
/// with [`INGREDIENTS`], as [`Learned::ingredients`]).
///
/// `turns` is the tuned evaluation's expected turns to win without the
/// turn order: `(Σ t⁻⁴)^(−1/4)` over the team's pawns plus its threat
/// and held-barricade terms (half a turn each); `wait` is the
/// fraction of a round the team waits for its next turn. Both come as
/// they are and divided by `√(m + 1)`, and once more times [`opening`]
/// (1 at a game's start, 0 once `m + 1` is down to 0.6 of the start's;
/// always 0 on the quick board), so that the fit can weigh them apart in
/// a classic game's opening. `home` is 1 when no pawn of the team is on
/// the board (all at home or in the forest), else 0: `turns` counts the
/// home pawns as one runner, so the first pawn out makes a
/// second one and looks worth several turns, which it is not while the
/// other teams are about to bring theirs out too. `first-rounds*wait` is
/// `wait` times [`first_rounds`] (on the classic board; 0 on the quick
/// one): without it the turn order weighed the same through the whole
/// opening, and the chart's start see-sawed (the first player's chance
/// 50.3% after red's first pawn move, 52.7% after blue's reply: the
/// model overrated the player to move in the first rounds, docs/ai-journal.md).
/// The model is a monotone function of the tuned evaluation's turns in
/// a position of a given length (and, in a game's opening, of who has a
/// pawn out and whether a colour has two), so it prefers the same moves,
/// except that a leader likes to shorten the race and a trailer to keep
/// it long.
pub fn features(ingredients: &HandMade, pos: &Position, field: &Field) -> [Features; 4] {
    let race = Race::of(ingredients, pos, field);
    let mean = race.mean_turns();
    let scale = (mean + 1.0).sqrt().recip();
    let early = match pos.board().id() {
        BoardId::Classic => opening(mean, classic_start_turns()),
        // The quick board's race is short: there the terms made the
        // model worse than the tuned evaluation (docs/ai-journal.md).
        BoardId::Quick => 0.0,
    };
    let first = match pos.board().id() {
        BoardId::Classic => f32::from(u8::from(first_rounds(pos))),
        BoardId::Quick => 0.0,
    };
    let mut out = [[0.0f32; FEATURES]; 4];
    for &lead in race.leads() {
        let i = lead.index();
        let (eta, wait) = (race.turns[i], race.wait[i]);
        out[i] = [
            -eta * scale,
            -eta,
            -wait * scale,
            -wait,
            race.home[i],
            -wait * early,
            -eta * early,
            -wait * first,
        ];
    }
    out
}

/// What the features are made of, per team (at the index of its first
/// colour): its expected turns to win, its wait for its next turn (a
/// fraction of a round) and whether it has no pawn out.
struct Race {
    leads: [Colour; 4],
    teams: usize,
    turns: [f32; 4],
    wait: [f32; 4],
    home: [f32; 4],
}

impl Race {
    fn of(ev: &HandMade, pos: &Position, field: &Field) -> Race {
        let seats = pos.seats();
        let n = seats.len().max(1);
        let turn = pos.turn_seat();
        // Per colour: Σ t⁻⁴ over its pawns (home and forest pawns once
        // each), and the threat.
        let mut h4 = [0.0f32; 4];
        let mut threat = [0.0f32; 4];
        for &c in seats.colours() {
            ev.pawn_turns(pos, field, c, |t| {
                let t2 = 1.0 / (t * t);
                h4[c.index()] += t2 * t2;
            });
            threat[c.index()] = ev.threat_turns(pos, field, c);
        }
        let (leads, teams) = team_leads(pos);
        let mut race = Race {
            leads,
            teams,
            turns: [0.0; 4],
            wait: [0.0; 4],
            home: [0.0; 4],
        };
        for &lead in &leads[..teams] {
            let (mut a, mut t, mut w) = (0.0f32, 0.0f32, n);
            let i = lead.index();
            race.home[i] = f32::from(u8::from(no_pawn_out(pos, seats.team_of(lead))));
            for m in seats.team_of(lead).iter() {
                a += h4[m.index()];
                t = t.max(threat[m.index()]);
                if let Some(seat) = seats.seat_of(m) {
                    w = w.min((seat + n - turn) % n);
                }
            }
            let front = if a > 0.0 {
                a.sqrt().sqrt().recip()
            } else {
                200.0
            };
            race.wait[i] = w as f32 / n as f32;
            race.turns[i] = front + t;
        }
        // Held barricades: the turns they cost the team they are put before.
        ev.add_held(pos, &mut race.turns);
        race
    }

    fn leads(&self) -> &[Colour] {
        &self.leads[..self.teams]
    }

    /// The teams' mean expected turns, `m`.
    fn mean_turns(&self) -> f32 {
        let total: f32 = self.leads().iter().map(|c| self.turns[c.index()]).sum();
        total / self.teams.max(1) as f32
    }
}

/// How far into its opening a race is, from the teams' mean expected
/// turns `m` and those at the start, `m₀`: 1 at the start, falling in
/// proportion to `m + 1` to 0 when that is 0.6 of `m₀ + 1`, and 0 after.
/// (The bounds are where a screen on held-out games fitted best,
/// docs/ai-journal.md.)
///
/// ```
/// use barricade_ai::learned::opening;
/// assert!((opening(24.0, 24.0) - 1.0).abs() < 1e-6);
/// assert!((opening(19.0, 24.0) - 0.5).abs() < 1e-6);
/// assert_eq!(opening(10.0, 24.0), 0.0);
/// ```
pub fn opening(mean: f32, start: f32) -> f32 {
    let fraction = (mean + 1.0) / (start + 1.0);
    ((fraction - 0.6) / 0.4).clamp(0.0, 1.0)
}

/// The teams' mean expected turns ([`features`]' `m`) at the start of a
/// default two-player game on the classic board, computed once.
pub fn classic_start_turns() -> f32 {
    static START: std::sync::OnceLock<f32> = std::sync::OnceLock::new();
    *START.get_or_init(|| {
        let seats = Seats::new(&[Colour::Red, Colour::Blue]).unwrap_or_default();
        let pos = Position::new_on(BoardId::Classic, Rules::default(), seats);
        let ev = HandMade::new(INGREDIENTS);
        Race::of(&ev, &pos, &ev.field(&pos)).mean_turns()
    })
}

/// Whether a game is in its first rounds: no colour has more than one
/// pawn on the board (each has brought out one at most, and none a
/// second one instead of moving the first).
///
/// ```
/// use barricade_ai::learned::first_rounds;
/// use barricade_rules::Position;
/// assert!(first_rounds(&"seats=red,blue red=a12".parse::<Position>().unwrap()));
/// assert!(!first_rounds(&"seats=red,blue red=a12,c1".parse::<Position>().unwrap()));
/// ```
pub fn first_rounds(pos: &Position) -> bool {
    pos.seats()
        .colours()
        .iter()
        .all(|&c| pos.pawns(c).len() <= 1)
}

/// Whether no pawn of `team` is on the board (every one at home or in
/// the forest), as at the start of a game.
///
/// ```
/// use barricade_ai::learned::no_pawn_out;
/// use barricade_rules::{Colour, Position};
/// let pos: Position = "seats=red,blue red=a12".parse().unwrap();
/// assert!(!no_pawn_out(&pos, pos.seats().team_of(Colour::Red)));
/// assert!(no_pawn_out(&pos, pos.seats().team_of(Colour::Blue)));
/// ```
pub fn no_pawn_out(pos: &Position, team: Team) -> bool {
    team.iter().all(|c| pos.pawns(c).is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;

    #[test]
    fn the_checked_in_weights_parse() {
        assert!(Model::checked_in().is_some());
    }

    #[test]
    fn chances_sum_to_one_for_every_seating_and_board() {
        let ev = Evaluator::learned();
        for text in [
            "seats=red,blue red=a12",
            "red=f3 green=k9 yellow=o1",
            "seats=red,green,yellow",
            "board=quick",
            "board=quick seats=red,blue",
        ] {
            let pos: Position = text.parse().unwrap();
            let s = ev.scores(&pos);
            let seats = pos.seats();
            let mut total = 0.0;
            let mut counted = 0u8;
            for &c in seats.colours() {
                let team = seats.team_of(c).bits();
                if counted & team == 0 {
                    counted |= team;
                    total += s[c.index()];
                }
            }
            assert!((total - 1.0).abs() < 1e-4, "{text}: {s:?}");
        }
        let teams = Position::new(
            barricade_rules::Rules::default(),
            barricade_rules::Seats::two_colours_each(),
        );
        let s = ev.scores(&teams);
        assert_eq!(s[Colour::Red.index()], s[Colour::Yellow.index()]);
        assert!((s[Colour::Red.index()] + s[Colour::Green.index()] - 1.0).abs() < 1e-4);
    }
}
