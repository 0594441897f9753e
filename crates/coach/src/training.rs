//! Training the learned evaluation ([`barricade_ai::learned`]), behind
//! `barricade train`: self-play games give positions and their winners,
//! and a conditional logit model is fitted to them by Newton's method.
//!
//! Everything depends only on the options (the threads only change the
//! wall time): the same command gives the same weights.

use barricade_ai::Evaluator;
use barricade_ai::eval::{HandMade, Weights};
use barricade_ai::learned::{self, FEATURES, Features, Learned, Model, SETS};
use barricade_ai::{Bot, Level, Rng};
use barricade_rules::{BoardId, Colour, Game, Position, Rules, Seats, Team};

/// A board, a rule set and a seating.
pub type Setup = (BoardId, Rules, Seats);

/// The setups the training games cover, one game each in turn: both
/// boards, two to four players, teams, and every rule set. The default
/// two-player game comes [`TWO_PLAYER_SHARE`] times per board, so that
/// its weights rest on several times the games of the rarer setups (the
/// positions of a game share its winner: the games, not the positions,
/// are what the fit learns from).
///
/// ```
/// use barricade_coach::training::{setups, TWO_PLAYER_SHARE};
/// assert_eq!(setups().len(), 2 * (7 + TWO_PLAYER_SHARE));
/// ```
pub fn setups() -> Vec<Setup> {
    use Colour::*;
    let preset = |name| Rules::preset(name).unwrap_or_default();
    let two = Seats::new(&[Red, Blue]).unwrap_or_default();
    let three = Seats::new(&[Red, Green, Yellow]).unwrap_or_default();
    let four = Seats::default();
    let teams = Seats::two_colours_each();
    let mut out = Vec::new();
    for board in [BoardId::Classic, BoardId::Quick] {
        for (rules, seats, share) in [
            (Rules::default(), two, TWO_PLAYER_SHARE),
            (Rules::default(), three, 1),
            (Rules::default(), four, 1),
            (Rules::default(), teams, 1),
            (preset("french"), two, 1),
            (preset("french"), four, 1),
            (preset("free-pass"), two, 1),
            (preset("start-roll"), four, 1),
        ] {
            out.extend(std::iter::repeat_n((board, rules, seats), share));
        }
    }
    out
}

/// How many times the default two-player game comes in [`setups`] per
/// board.
pub const TWO_PLAYER_SHARE: usize = 6;

/// The setups of the games added for three or four teams
/// ([`Options::multi_team_games`]), one game each in turn: per board,
/// three players, and four players in the default, french and
/// start-roll rules.
///
/// ```
/// assert_eq!(barricade_coach::training::multi_team_setups().len(), 8);
/// ```
pub fn multi_team_setups() -> Vec<Setup> {
    use Colour::*;
    let preset = |name| Rules::preset(name).unwrap_or_default();
    let three = Seats::new(&[Red, Green, Yellow]).unwrap_or_default();
    let four = Seats::default();
    let mut out = Vec::new();
    for board in [BoardId::Classic, BoardId::Quick] {
        out.extend([
            (board, Rules::default(), three),
            (board, Rules::default(), four),
            (board, preset("french"), four),
            (board, preset("start-roll"), four),
        ]);
    }
    out
}

/// The setups of the default two-player games added last
/// ([`Options::two_player_games`]): the classic board and the quick one
/// in turn. They give the two-team sets more games where they matter
/// most (the classic opening terms of [`learned::features`] rest on
/// them).
///
/// ```
/// assert_eq!(barricade_coach::training::two_player_setups().len(), 2);
/// ```
pub fn two_player_setups() -> Vec<Setup> {
    let two = Seats::new(&[Colour::Red, Colour::Blue]).unwrap_or_default();
    [BoardId::Classic, BoardId::Quick]
        .map(|board| (board, Rules::default(), two))
        .to_vec()
}

/// The setup of the classic two-player games added after all others
/// ([`Options::classic_two_player_games`]): the classic board's default
/// game of two players.
///
/// ```
/// use barricade_coach::training::{classic_two_player_setups, two_player_setups};
/// assert_eq!(classic_two_player_setups(), two_player_setups()[..1]);
/// ```
pub fn classic_two_player_setups() -> Vec<Setup> {
    two_player_setups()[..1].to_vec()
}

/// A game's sampled positions and its winner.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The positions kept (after a ply, before the next roll).
    pub positions: Vec<Position>,
    /// The winning team (`None`: no winner within the decision limit).
    pub winner: Option<Team>,
    /// The seating order of the game.
    pub seats: Seats,
}

/// Plays one game of `setup` with dice from `seed`, every seat a bot
/// made by `bot(seat, seed)`, and keeps the start and every `every`-th
/// position after it (the first one at a seed-chosen offset), and every
/// position for which `also` says so. Games are stopped after 5,000
/// decisions.
pub fn play(
    setup: Setup,
    seed: u64,
    every: usize,
    also: fn(&Position) -> bool,
    bot: &dyn Fn(usize, u64) -> Bot,
) -> PlayedGame {
    let (board, rules, seats) = setup;
    let mut game = Game::new_on(board, rules, seats, seed);
    let mut bots: Vec<Bot> = (0..seats.len())
        .map(|s| bot(s, Rng::derive(seed ^ 0x5eed, s as u64)))
        .collect();
    let every = every.max(1);
    let offset = (Rng::derive(seed, 77) % every as u64) as usize;
    let mut positions = vec![*game.position()];
    let mut decisions = 0;
    while game.position().winner().is_none() && decisions < 5_000 {
        game.roll_if_due();
        let pos = *game.position();
        let seat = pos.turn_seat().min(bots.len() - 1);
        let Some(mv) = bots[seat].choose(&pos) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
        decisions += 1;
        let kept = decisions % every == offset || also(game.position());
        if kept && game.position().winner().is_none() {
            positions.push(*game.position());
        }
    }
    PlayedGame {
        positions,
        winner: game.position().winner(),
        seats,
    }
}

/// Runs `f(0..n)` on `threads` threads; the results come in index order.
/// Each thread takes the next index when it is free, so a thread that
/// drew long games does not leave the others idle at the end.
///
/// ```
/// use barricade_coach::training::parallel;
/// assert_eq!(parallel(5, 2, &|i| i * i), [0, 1, 4, 9, 16]);
/// ```
pub fn parallel<T: Send>(n: u64, threads: usize, f: &(dyn Fn(u64) -> T + Sync)) -> Vec<T> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let next = AtomicU64::new(0);
    let mut all: Vec<(u64, T)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= n {
                            return out;
                        }
                        out.push((i, f(i)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, v)| v).collect()
}

/// A training position: its weight set, its teams' features (in team
/// order, see [`learned::team_leads`]) and the winning team's index.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The weight set ([`learned::set_index`]).
    pub set: usize,
    /// Number of teams.
    pub teams: usize,
    /// Features per team.
    pub features: [Features; 4],
    /// Index of the winning team.
    pub winner: usize,
    /// Each team's chance by the tuned hand-made evaluation
    /// ([`Weights::TUNED`], the master's before), to compare.
    pub tuned: [f32; 4],
}

/// The sample of `pos` in a game won by `winner` (`None` when the
/// winner is not seated, which cannot happen in a real game).
pub fn sample(pos: &Position, winner: Team) -> Option<Sample> {
    let ingredients = HandMade::new(learned::INGREDIENTS);
    let all = learned::features(&ingredients, pos, &ingredients.field(pos));
    let (leads, teams) = learned::team_leads(pos);
    let old = HandMade::new(Weights::TUNED).scores(pos);
    let mut features = [[0.0; FEATURES]; 4];
    let mut tuned = [0.0; 4];
    let mut won = None;
    for (i, lead) in leads[..teams].iter().enumerate() {
        features[i] = all[lead.index()];
        tuned[i] = old[lead.index()];
        if winner.contains(*lead) {
            won = Some(i);
        }
    }
    Some(Sample {
        set: learned::set_index(pos.board().id(), teams),
        teams,
        features,
        winner: won?,
        tuned,
    })
}

/// What `barricade train` does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Self-play games (spread evenly over [`setups`]).
    pub games: u64,
    /// Games of three or four teams played after those (spread evenly
    /// over [`multi_team_setups`]).
    pub multi_team_games: u64,
    /// Default two-player games played after those (spread evenly over
    /// [`two_player_setups`]).
    pub two_player_games: u64,
    /// Default two-player games on the classic board alone, played last
    /// ([`classic_two_player_setups`]): more evidence for the classic
    /// two-team set's opening, where the first player's share of the
    /// games is what the chart's start should say.
    pub classic_two_player_games: u64,
    /// Seed of the first game's dice; the rest derive from it.
    pub seed: u64,
    /// Keep one position in this many decisions.
    pub every: usize,
    /// The level of the players.
    pub level: Level,
    /// Node budget of the players' search (hard and master; 0: theirs).
    pub nodes: u64,
    /// What the players evaluate with.
    pub players: Players,
    /// Threads for the games (the result does not depend on them).
    pub threads: usize,
    /// The games numbered below this one are not played (`barricade
    /// train --extend` has them in a positions file already); 0: all.
    pub first_game: u64,
}

impl Options {
    /// Number of games of these options, played or not
    /// ([`Options::first_game`]).
    pub fn games_in_all(&self) -> u64 {
        self.games + self.multi_team_games + self.two_player_games + self.classic_two_player_games
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            games: 520,
            multi_team_games: 320,
            two_player_games: 2000,
            classic_two_player_games: 0,
            seed: 1,
            every: 3,
            level: Level::Master,
            nodes: 0,
            players: Players::Tuned,
            threads: 1,
            first_game: 0,
        }
    }
}

/// What the training's players evaluate with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Players {
    /// The tuned hand-made evaluation ([`learned::INGREDIENTS`])
    /// everywhere, as for the first of the checked-in weights' runs.
    Tuned,
    /// A learned model on the sets ([`learned::set_index`]) that the
    /// array marks, the tuned evaluation on the others. A model's own
    /// master plays differently from the tuned one (on the quick board
    /// its first player wins less often), so a fit to its games is one
    /// step of an iteration that starts from the tuned players
    /// (docs/ai-journal.md).
    Learned(&'static Model, [bool; learned::SETS]),
}

impl Players {
    /// The players' evaluator.
    ///
    /// ```
    /// use barricade_ai::learned::Model;
    /// use barricade_coach::training::{Players, DEFAULT_PLAYERS_SETS};
    /// assert!(!Players::Tuned.evaluator().is_learned());
    /// let model = Model::checked_in().unwrap();
    /// assert!(Players::Learned(model, DEFAULT_PLAYERS_SETS).evaluator().is_learned());
    /// ```
    pub fn evaluator(&self) -> Evaluator {
        match *self {
            Players::Tuned => Evaluator::hand_made(learned::INGREDIENTS),
            Players::Learned(model, sets) => Learned::on_sets(model, sets).into(),
        }
    }
}

/// The sets on which the training's players use their model unless told
/// otherwise (`barricade train --players-sets`): two teams on both boards,
/// three or four on the quick board, where the master used the model when
/// the checked-in weights' players did. Fixed here, so that a weights
/// file's command makes it again whatever the master uses later.
///
/// ```
/// use barricade_ai::learned::{set_name, SETS};
/// use barricade_coach::training::DEFAULT_PLAYERS_SETS;
/// let names: Vec<_> = (0..SETS).filter(|&s| DEFAULT_PLAYERS_SETS[s]).map(set_name).collect();
/// assert_eq!(names, ["classic-2", "quick-2", "quick-3", "quick-4"]);
/// ```
pub const DEFAULT_PLAYERS_SETS: [bool; learned::SETS] = [true, false, false, true, true, true];

/// The player of the training games: `level` (its own search, the
/// master's evaluated drop squares included) with the evaluation of
/// `players`: the tuned weights, so that the players do not depend on
/// the weights being fitted and the command gives the same file again,
/// or a model on some sets (the tuned weights elsewhere); `nodes` > 0
/// replaces the level's node budget. With four teams it searches three
/// pawn moves deep, as the master did when the checked-in weights were
/// made (the fourth came later, docs/ai-journal.md).
pub fn trainer_bot(level: Level, nodes: u64, players: Players, seed: u64) -> Bot {
    let limits = level.limits();
    let limits = barricade_ai::Limits {
        nodes: if nodes > 0 { nodes } else { limits.nodes },
        four_teams_depth: 0,
        four_teams_nodes: 0,
        ..limits
    };
    Bot::new(level, seed)
        .with_evaluator(players.evaluator())
        .with_limits(limits)
}

/// A position kept from a self-play game: the game's number, the
/// position (after a ply, before the next roll) and the team that won
/// the game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Kept {
    /// The game it came from (see [`collect_positions`]).
    pub game: u64,
    /// The position.
    pub position: Position,
    /// The winning team.
    pub winner: Team,
}

/// Plays the games of `options` and returns every kept position of the
/// games with a winner (games are numbered on from the first of
/// [`setups`] through [`multi_team_setups`] and [`two_player_setups`] to
/// the last of [`classic_two_player_setups`]; game `g` has the dice of
/// seed `Rng::derive(options.seed, g)`). Besides every `every`-th
/// position, the games keep every position in which some team has no
/// pawn out (a game's opening, or after every pawn of a team was sent
/// home): only there is the `home` feature not 0, and every third of
/// them would leave its weight to a few dozen positions per set. Games
/// before [`Options::first_game`] are left out, so that more games can be
/// added to a saved run: game `g` is the same game whatever comes after.
pub fn collect_positions(options: &Options) -> Vec<Kept> {
    let groups = [
        (options.games, setups()),
        (options.multi_team_games, multi_team_setups()),
        (options.two_player_games, two_player_setups()),
        (
            options.classic_two_player_games,
            classic_two_player_setups(),
        ),
    ];
    // Every game's setup, by game number.
    let plan: Vec<Setup> = groups
        .iter()
        .flat_map(|(n, setups)| (0..*n as usize).map(|g| setups[g % setups.len()]))
        .collect();
    let first = options.first_game.min(plan.len() as u64);
    let games = parallel(plan.len() as u64 - first, options.threads, &|g| {
        let g = first + g;
        let setup = plan[g as usize];
        let seed = Rng::derive(options.seed, g);
        let (level, nodes) = (options.level, options.nodes);
        let players = options.players;
        play(
            setup,
            seed,
            options.every,
            someone_without_pawn_out,
            &|_, s| trainer_bot(level, nodes, players, s),
        )
    });
    let mut out = Vec::new();
    for (g, game) in (first..).zip(games) {
        let Some(winner) = game.winner else { continue };
        out.extend(game.positions.iter().map(|&position| Kept {
            game: g,
            position,
            winner,
        }));
    }
    out
}

/// The samples of kept positions, with their games: the features as
/// [`learned::features`] computes them now, so positions saved before a
/// change of the features are fitted with the new ones.
pub fn samples(kept: &[Kept]) -> Vec<(u64, Sample)> {
    kept.iter()
        .filter_map(|k| sample(&k.position, k.winner).map(|s| (k.game, s)))
        .collect()
}

/// [`collect_positions`]' samples ([`samples`]).
pub fn collect(options: &Options) -> Vec<(u64, Sample)> {
    samples(&collect_positions(options))
}

/// The positions of [`collect_positions`] as text, one per line: the
/// game, a colour of the winning team and the position notation. The
/// games take an hour, a fit a few seconds: `barricade train
/// --save-positions` keeps them for other fits, also of other features.
///
/// ```
/// use barricade_coach::training::{collect_positions, read_positions, write_positions, Options};
/// use barricade_ai::Level;
/// let options = Options { games: 2, multi_team_games: 0, two_player_games: 0, level: Level::Easy, ..Options::default() };
/// let kept = collect_positions(&options);
/// assert_eq!(read_positions(&write_positions(&kept)), Ok(kept));
/// assert!(read_positions("0 red").is_err());
/// ```
pub fn write_positions(kept: &[Kept]) -> String {
    let mut out = String::new();
    for k in kept {
        let colour = k.winner.iter().next().unwrap_or(Colour::Red);
        out.push_str(&format!("{} {colour} {}\n", k.game, k.position));
    }
    out
}

/// Reads what [`write_positions`] wrote; an error names the line.
/// Lines starting with `#` are comments.
pub fn read_positions(text: &str) -> Result<Vec<Kept>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#'))
        .map(|(i, line)| read_position(line).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

fn read_position(line: &str) -> Result<Kept, String> {
    let mut words = line.splitn(3, ' ');
    let (Some(game), Some(colour), Some(notation)) = (words.next(), words.next(), words.next())
    else {
        return Err("a game, a winner and a position expected".to_string());
    };
    let game = game
        .parse::<u64>()
        .map_err(|e| format!("game {game:?}: {e}"))?;
    let colour: Colour = colour
        .parse()
        .map_err(|_| format!("winner {colour:?}: not a colour"))?;
    let position: Position = notation.parse().map_err(|e| format!("position: {e}"))?;
    if !position.seats().contains(colour) {
        return Err(format!("winner {colour} is not seated"));
    }
    Ok(Kept {
        game,
        winner: position.seats().team_of(colour),
        position,
    })
}

/// Whether a team of `pos` has no pawn on the board (see
/// [`learned::no_pawn_out`]).
pub fn someone_without_pawn_out(pos: &Position) -> bool {
    let (leads, teams) = learned::team_leads(pos);
    leads[..teams]
        .iter()
        .any(|&c| learned::no_pawn_out(pos, pos.seats().team_of(c)))
}

/// Ridge penalty of the two-team sets, per feature (per sample weight,
/// see [`fit`]). The pair `turns/s`, `turns` is nearly collinear and
/// needs the penalty of 1e-3 to stay a monotone function of the turns
/// (without it the quick board's opening valued being behind). `home` is
/// not 0 in only a few percent of the positions (a game's first plies),
/// and 1e-3 held its weight back so far that red's first move still
/// looked like a lead of several points (docs/ai-journal.md, "The ridge and
/// `home`"), so its penalty is 1e-5, as is that of the two opening
/// terms, which are not 0 only in the first third of a classic race.
/// `first-rounds*wait`, not 0 in a game's first few rounds only, has
/// 1e-4.
pub const RIDGE: [f64; FEATURES] = [1e-3, 1e-3, 1e-3, 1e-3, 1e-5, 1e-5, 1e-5, 1e-4];

/// Ridge penalty that holds a three- or four-team set near its board's
/// two-team set (see [`fit`]).
pub const MULTI_TEAM_RIDGE: f64 = 1.0;

/// Fits the model to `samples` by Newton's method (20 steps per set) on
/// the mean `-ln p(winner)` plus a ridge penalty; features not in `mask`
/// keep the weight 0 (to compare feature sets).
///
/// The two-team sets are fitted first, with the penalty
/// `Σ RIDGEₖ/2·wₖ²`.
/// A three- or four-team set rests on fewer games, and alone it fits
/// their noise (docs/ai-journal.md): its penalty is
/// `MULTI_TEAM_RIDGE/2·|w − w₂|²`, `w₂` being the board's two-team set,
/// so it moves away from that only as far as its games ask.
///
/// `start_turns_floor`, if given, holds every classic set's weight of a
/// team's expected turns at a game's start at that value or above
/// ([`StartBasis`]): fitted freely, that weight came out negative (a
/// team seemed to gain by staying behind in the opening), and masters
/// that all think so never leave the opening (docs/ai-journal.md, "Masters that
/// stall in the classic opening"). Those sets are then fitted in the
/// basis of [`StartBasis`], the ridge on its weights; where the free fit
/// gives that weight less than the floor, it is held at the floor and
/// the others are fitted again (the loss is convex, so that is the best
/// fit within the bound).
pub fn fit(samples: &[Sample], mask: &[bool; FEATURES], start_turns_floor: Option<f64>) -> Model {
    let mut model = Model {
        weights: [[0.0; FEATURES]; SETS],
    };
    for two in (0..SETS).filter(|s| s % 3 == 0) {
        let basis = StartBasis::of(learned::set_board(two), mask, start_turns_floor);
        let data = |set: usize| -> Vec<Sample> {
            let of_set = samples.iter().filter(|s| s.set == set);
            match basis {
                Some(b) => of_set.map(|s| b.sample(s)).collect(),
                None => of_set.copied().collect(),
            }
        };
        let to_features = |u: [f64; FEATURES]| round(basis.map_or(u, |b| b.to_features(&u)));
        let floor = basis.and(start_turns_floor);
        let u = fit_bounded(&data(two), mask, &[0.0; FEATURES], &RIDGE, floor);
        model.weights[two] = to_features(u);
        // The three- and four-team sets are held near the two-team set
        // as written (rounded), in the same basis.
        let written = model.weights[two].map(f64::from);
        let centre = basis.map_or(written, |b| b.from_features(&written));
        for set in two + 1..two + 3 {
            let ridge = [MULTI_TEAM_RIDGE; FEATURES];
            model.weights[set] = to_features(fit_bounded(&data(set), mask, &centre, &ridge, floor));
        }
    }
    model
}

/// The place of the weight [`StartBasis`] bounds: that of
/// `opening*turns` ([`learned::NAMES`]).
pub const START: usize = 6;

/// A basis of a classic set's features in which the weight at [`START`]
/// is the weight of a team's expected turns at a game's start: there
/// the features `turns/s`, `turns` and `opening*turns` are the turns
/// times `−s₀`, `−1` and `−1` (`s₀ = 1/√(m₀ + 1)`,
/// [`learned::classic_start_turns`]), so a score falls per turn by
/// `s₀·w₀ + w₁ + w₆`. In the basis the first two features become
/// `turns/s − s₀·opening*turns` and `turns − opening*turns` (0 at the
/// start), `opening*turns` stays, and its weight is that sum.
///
/// ```
/// use barricade_ai::learned::FEATURES;
/// use barricade_coach::training::{StartBasis, START};
/// let b = StartBasis::classic();
/// let w = [1.3, 0.02, 0.05, 0.2, -1.0, -0.2, -0.6, -0.2];
/// let u = b.from_features(&w);
/// assert!((u[START] - (b.scale() * 1.3 + 0.02 - 0.6)).abs() < 1e-12);
/// let back = b.to_features(&u);
/// assert!((0..FEATURES).all(|k| (back[k] - w[k]).abs() < 1e-12));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StartBasis {
    scale: f64,
}

impl StartBasis {
    /// The basis of the classic board's sets.
    pub fn classic() -> StartBasis {
        let start = f64::from(learned::classic_start_turns());
        StartBasis {
            scale: (start + 1.0).sqrt().recip(),
        }
    }

    /// `s₀`: what `turns/s` divides the turns by at a classic game's
    /// start.
    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// The basis [`fit`] uses for `board`'s sets: the classic one when
    /// a floor is asked for and the three turns features are all fitted
    /// (on the quick board the opening terms are 0).
    fn of(board: BoardId, mask: &[bool; FEATURES], floor: Option<f64>) -> Option<StartBasis> {
        let turns = [0, 1, START].iter().all(|&k| mask[k]);
        (floor.is_some() && turns && board == BoardId::Classic).then(StartBasis::classic)
    }

    /// `s` with its features written in this basis.
    fn sample(&self, s: &Sample) -> Sample {
        let mut out = *s;
        for f in &mut out.features[..s.teams] {
            let opening = f64::from(f[START]);
            f[0] = (f64::from(f[0]) - self.scale * opening) as f32;
            f[1] = (f64::from(f[1]) - opening) as f32;
        }
        out
    }

    /// The features' weights of this basis' weights `u`.
    pub fn to_features(&self, u: &[f64; FEATURES]) -> [f64; FEATURES] {
        let mut w = *u;
        w[START] = u[START] - self.scale * u[0] - u[1];
        w
    }

    /// This basis' weights of the features' weights `w`.
    pub fn from_features(&self, w: &[f64; FEATURES]) -> [f64; FEATURES] {
        let mut u = *w;
        u[START] = self.scale * w[0] + w[1] + w[START];
        u
    }
}

/// [`fit_set`], and if `floor` is given and the weight at [`START`]
/// comes out below it, that weight held at `floor` and the others
/// fitted again.
fn fit_bounded(
    data: &[Sample],
    mask: &[bool; FEATURES],
    centre: &[f64; FEATURES],
    ridge: &[f64; FEATURES],
    floor: Option<f64>,
) -> [f64; FEATURES] {
    let w = fit_set(data, mask, centre, ridge);
    match floor {
        Some(floor) if w[START] < floor => {
            let mut held = *centre;
            held[START] = floor;
            let mut free = *mask;
            free[START] = false;
            fit_set(data, &free, &held, ridge)
        }
        _ => w,
    }
}

/// Weights rounded to what the weights file holds.
fn round(w: [f64; FEATURES]) -> Features {
    w.map(|v| learned::from_millionths(learned::millionths(v as f32)))
}

/// Fits one set: the penalty is `Σ ridgeₖ/2·(wₖ − centreₖ)²` over the
/// features in `free`, and Newton's method starts at `centre`; the
/// others keep their value in `centre` (0 for a feature left out).
fn fit_set(
    data: &[Sample],
    free: &[bool; FEATURES],
    centre: &[f64; FEATURES],
    ridge: &[f64; FEATURES],
) -> [f64; FEATURES] {
    let centre = *centre;
    let mut w = centre;
    if data.is_empty() {
        return w;
    }
    let n = data.len() as f64;
    for _ in 0..20 {
        let mut grad = [0.0f64; FEATURES];
        let mut hess = [[0.0f64; FEATURES]; FEATURES];
        for s in data {
            let p = probabilities(s, &w);
            let mut mean = [0.0f64; FEATURES];
            for (t, pt) in p.iter().enumerate().take(s.teams) {
                for (mk, f) in mean.iter_mut().zip(&s.features[t]) {
                    *mk += pt * f64::from(*f);
                }
            }
            for k in 0..FEATURES {
                grad[k] += f64::from(s.features[s.winner][k]) - mean[k];
            }
            for (t, pt) in p.iter().enumerate().take(s.teams) {
                let f = &s.features[t];
                for a in 0..FEATURES {
                    let da = f64::from(f[a]) - mean[a];
                    for b in 0..FEATURES {
                        hess[a][b] += pt * da * (f64::from(f[b]) - mean[b]);
                    }
                }
            }
        }
        // Solve (H/n + diag(ridge)) Δ = g/n − ridge·(w − centre) over
        // the free features.
        let idx: Vec<usize> = (0..FEATURES).filter(|&k| free[k]).collect();
        let m = idx.len();
        let mut a = vec![vec![0.0f64; m + 1]; m];
        for (i, &ki) in idx.iter().enumerate() {
            for (j, &kj) in idx.iter().enumerate() {
                a[i][j] = hess[ki][kj] / n + if i == j { ridge[ki] } else { 0.0 };
            }
            a[i][m] = grad[ki] / n - ridge[ki] * (w[ki] - centre[ki]);
        }
        let Some(delta) = solve(a) else { break };
        for (i, &k) in idx.iter().enumerate() {
            w[k] += delta[i];
        }
    }
    w
}

/// Softmax of the teams' scores under `w`.
fn probabilities(s: &Sample, w: &[f64; FEATURES]) -> [f64; 4] {
    let mut z = [f64::MIN; 4];
    for (t, zt) in z.iter_mut().enumerate().take(s.teams) {
        *zt = (0..FEATURES)
            .map(|k| w[k] * f64::from(s.features[t][k]))
            .sum();
    }
    let max = z[..s.teams].iter().copied().fold(f64::MIN, f64::max);
    let mut p = [0.0f64; 4];
    let mut total = 0.0;
    for t in 0..s.teams {
        p[t] = (z[t] - max).exp();
        total += p[t];
    }
    for v in &mut p {
        *v /= total;
    }
    p
}

/// Gaussian elimination with partial pivoting on an augmented matrix.
fn solve(mut a: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let m = a.len();
    for col in 0..m {
        let pivot = (col..m).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let pivot_row = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot_row[col];
                for (v, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *v -= f * p;
                }
            }
        }
    }
    Some((0..m).map(|i| a[i][m] / a[i][i]).collect())
}

/// Mean `-ln p(winner)` and one-vs-rest Brier score (mean over teams of
/// `(p − won)²`) of `model` on `samples`.
pub fn scores(samples: &[Sample], model: &Model) -> (f64, f64) {
    scores_of(samples, |s| {
        probabilities(s, &model.weights[s.set].map(f64::from))
    })
}

/// [`scores`] of the tuned hand-made evaluation ([`Sample::tuned`]), to
/// compare.
pub fn tuned_scores(samples: &[Sample]) -> (f64, f64) {
    scores_of(samples, |s| s.tuned.map(f64::from))
}

/// [`scores`] of the chances that `chances` gives each sample's teams.
fn scores_of(samples: &[Sample], chances: impl Fn(&Sample) -> [f64; 4]) -> (f64, f64) {
    let mut loss = 0.0;
    let mut brier = 0.0;
    let mut pairs = 0usize;
    for s in samples {
        let p = chances(s);
        loss -= p[s.winner].max(1e-9).ln();
        for (t, pt) in p.iter().enumerate().take(s.teams) {
            let y = if t == s.winner { 1.0 } else { 0.0 };
            brier += (pt - y) * (pt - y);
            pairs += 1;
        }
    }
    let n = samples.len().max(1) as f64;
    (loss / n, brier / pairs.max(1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_positions_line_is_refused_with_its_line_number() {
        let good = "3 blue rules=ravensburger seats=red,blue turn=red red=a12";
        assert!(read_positions(good).is_ok());
        for (bad, says) in [
            ("x blue rules=ravensburger seats=red,blue turn=red", "game"),
            (
                "3 purple rules=ravensburger seats=red,blue turn=red",
                "not a colour",
            ),
            (
                "3 green rules=ravensburger seats=red,blue turn=red",
                "not seated",
            ),
            (
                "3 blue rules=ravensburger seats=red,blue red=zz9",
                "position",
            ),
            ("3 blue", "expected"),
        ] {
            let err = read_positions(&format!("# games\n{good}\n{bad}")).unwrap_err();
            assert!(err.contains("line 3") && err.contains(says), "{bad}: {err}");
        }
    }

    #[test]
    fn a_small_run_is_reproducible_and_beats_chance() {
        let options = Options {
            games: 16,
            multi_team_games: 4,
            two_player_games: 2,
            classic_two_player_games: 2,
            seed: 3,
            every: 4,
            level: Level::Medium,
            nodes: 0,
            players: Players::Tuned,
            threads: 2,
            first_game: 0,
        };
        let data: Vec<Sample> = collect(&options).into_iter().map(|(_, s)| s).collect();
        let model = fit(&data, &[true; FEATURES], None);
        let again: Vec<Sample> = collect(&Options {
            threads: 1,
            ..options
        })
        .into_iter()
        .map(|(_, s)| s)
        .collect();
        assert_eq!(data, again);
        assert_eq!(model, fit(&again, &[true; FEATURES], None));
        let uniform = Model {
            weights: [[0.0; FEATURES]; SETS],
        };
        assert!(scores(&data, &model).0 < scores(&data, &uniform).0);
    }

    #[test]
    fn more_games_added_to_a_run_are_the_games_of_a_longer_run() {
        let short = Options {
            games: 2,
            multi_team_games: 1,
            two_player_games: 1,
            classic_two_player_games: 1,
            every: 5,
            level: Level::Medium,
            ..Options::default()
        };
        let long = Options {
            classic_two_player_games: 3,
            ..short
        };
        let mut extended = collect_positions(&short);
        let more = collect_positions(&Options {
            first_game: short.games_in_all(),
            ..long
        });
        assert!(more.iter().all(|k| k.game >= short.games_in_all()));
        extended.extend(more);
        assert_eq!(extended, collect_positions(&long));
    }

    #[test]
    fn a_floor_holds_every_classic_sets_start_weight_and_leaves_quick_alone() {
        let options = Options {
            games: 26,
            multi_team_games: 8,
            two_player_games: 4,
            seed: 1,
            every: 4,
            level: Level::Medium,
            ..Options::default()
        };
        let data: Vec<Sample> = collect(&options).into_iter().map(|(_, s)| s).collect();
        let all = [true; FEATURES];
        let free = fit(&data, &all, None);
        let held = fit(&data, &all, Some(0.05));
        let basis = StartBasis::classic();
        let start = |w: &Features| basis.from_features(&w.map(f64::from))[START];
        // Fitted freely, these games give the classic two-team set a
        // negative weight at the start: the floor has work to do.
        assert!(start(&free.weights[0]) < 0.0, "{:?}", free.weights[0]);
        for set in 0..3 {
            let w = start(&held.weights[set]);
            assert!(w >= 0.05 - 1e-5, "set {set}: {w}");
        }
        assert_eq!(held.weights[3..], free.weights[3..]);
        // Without the turns features the floor has nothing to hold.
        let mut five = all;
        five[5] = false;
        five[START] = false;
        assert_eq!(fit(&data, &five, Some(0.05)), fit(&data, &five, None));
    }
}
