//! The hand-made evaluation ([`HandMade`]): how far every team is from
//! winning, as a win chance, from features weighed by [`Weights`]; and
//! the distance fields ([`Field`], [`FieldCache`]) that it, the learned
//! evaluation ([`crate::learned`]) and the choice of barricade squares
//! ([`crate::drops`]) read.
//!
//! Features (all read from the [`Position`], no rule is re-implemented):
//!
//! - **race distance with barricades counted**: a shortest-route field to
//!   the goal where stepping onto a barricade costs extra steps
//!   ([`Weights::barricade_steps`]), because a pawn must land on it exactly
//!   to take it;
//! - **expected turns**: a distance becomes the expected number of turns a
//!   lone pawn needs to land exactly on the goal (a small dice DP), and the
//!   pawns of a team are combined as parallel chances
//!   ([`Weights::backup_power`]), so a second pawn near the goal counts;
//! - **tempo**: colours that move later this round are a fraction of a turn
//!   behind;
//! - **threats**: a pawn that an opponent pawn can reach with one roll may
//!   be sent home (or to the forest, from the quick board's village),
//!   weighted by what it would lose; a pawn on a rest square is safe;
//! - **the forest** (quick board): its pawns are as far from the goal as
//!   the forest's exit, plus one step;
//! - **held barricades** (french rules): a barricade held by a pawn (or
//!   waiting to be put down) will be placed by its holder's team in front
//!   of the leading opponent, so that opponent is counted
//!   [`Weights::held`] turns further from the goal.
//!
//! The result is one win chance per team (a softmax over expected turns,
//! [`Weights::temperature`]), written per colour in [`Scores`].

use barricade_rules::{Board, BoardId, Colour, Origin, Position, Square, SquareSet};

/// Win chances indexed by [`Colour::index`]; teammates share one value and
/// unseated colours have 0.
pub type Scores = [f32; 4];

/// Tunable evaluation weights.
///
/// ```
/// use barricade_ai::eval::Weights;
/// let w = Weights::default();
/// assert!(w.barricade_steps > 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Extra steps a barricade on the route costs.
    pub barricade_steps: u16,
    /// Softmax temperature, in turns.
    pub temperature: f32,
    /// How pawns of a team combine: `(Σ t⁻ᵖ)^(−1/p)`; higher = only the
    /// leader counts.
    pub backup_power: f32,
    /// Turns of disadvantage per full round of waiting for one's turn.
    pub tempo: f32,
    /// Weight of the threat term (0 switches it off).
    pub threat: f32,
    /// French: turns a held barricade (or one waiting to be put down)
    /// costs the leading opponent of the holder's team (0 switches it off).
    pub held: f32,
}

impl Weights {
    /// The hand-set weights (and the default), without the held-barricade
    /// term: the easy, medium and hard bots' evaluation, unchanged since
    /// medium became the yardstick, so that results stay comparable.
    ///
    /// ```
    /// use barricade_ai::eval::Weights;
    /// assert_eq!(Weights::HAND.held, 0.0);
    /// assert_eq!(Weights::default(), Weights::HAND);
    /// ```
    pub const HAND: Weights = Weights {
        barricade_steps: 6,
        temperature: 2.5,
        backup_power: 2.0,
        tempo: 1.0,
        threat: 1.0,
        held: 0.0,
    };

    /// The tuned weights, fitted by self-play with `barricade tune` (see
    /// [`crate::tuned`], and `barricade_coach::tuning` for how): the hard
    /// bot's in the french rules and on the quick board, `master-tuned`'s,
    /// and the parts of the learned evaluation's features.
    pub const TUNED: Weights = crate::tuned::TUNED;
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::HAND
    }
}

/// Neighbour tables of a board, built once per board from
/// [`Board::neighbours`]: index lists and bit masks (a `u128` per square,
/// bit = square index).
struct Graph {
    neighbours: [[u8; 4]; Square::COUNT],
    degree: [u8; Square::COUNT],
    masks: [u128; Square::COUNT],
    /// Squares within 1..=6 steps of each square, barricades ignored.
    ball6: [u128; Square::COUNT],
}

fn graph(board: &Board) -> &'static Graph {
    static CLASSIC: std::sync::OnceLock<Graph> = std::sync::OnceLock::new();
    static QUICK: std::sync::OnceLock<Graph> = std::sync::OnceLock::new();
    let cell = match board.id() {
        BoardId::Classic => &CLASSIC,
        BoardId::Quick => &QUICK,
    };
    cell.get_or_init(|| {
        let mut g = Graph {
            neighbours: [[0; 4]; Square::COUNT],
            degree: [0; Square::COUNT],
            masks: [0; Square::COUNT],
            ball6: [0; Square::COUNT],
        };
        for s in board.squares() {
            let i = s.index();
            for (k, n) in board.neighbours(s).iter().take(4).enumerate() {
                g.neighbours[i][k] = n.index() as u8;
                g.degree[i] = k as u8 + 1;
                g.masks[i] |= 1u128 << n.index();
            }
        }
        for i in 0..board.len() {
            g.ball6[i] = within_six_in(&g, 1u128 << i, !0, 0);
        }
        g
    })
}

/// Is a square of `targets` within 1..=6 steps of `s` over squares
/// without a barricade?
fn within_six_of(board: &Board, s: Square, targets: u128, barricades: u128) -> bool {
    let g = graph(board);
    if g.ball6[s.index()] & targets == 0 {
        return false;
    }
    within_six_in(g, 1u128 << s.index(), !barricades, targets) & targets != 0
}

/// The squares within 1..=6 steps of `sources` over squares in `open`,
/// stopping early once a square of `stop` is reached.
fn within_six_in(g: &Graph, sources: u128, open: u128, stop: u128) -> u128 {
    let mut seen = sources;
    let mut frontier = sources;
    let mut reach = 0u128;
    for _ in 0..6 {
        let mut next = 0u128;
        let mut f = frontier;
        while f != 0 {
            let i = f.trailing_zeros() as usize;
            f &= f - 1;
            next |= g.masks[i];
        }
        next &= open & !seen;
        if next == 0 {
            break;
        }
        seen |= next;
        reach |= next;
        if next & stop != 0 {
            break;
        }
        frontier = next;
    }
    reach
}

/// Largest distance kept in the tables.
const MAX_DIST: usize = 255;
const UNREACHABLE: u16 = u16::MAX;

/// Barricade-weighted distance to the goal from every square.
///
/// ```
/// use barricade_ai::eval::Field;
/// use barricade_rules::{Colour, Position};
/// let pos: Position = "".parse().unwrap();
/// let f = Field::new(&pos, 6);
/// assert_eq!(f.dist(barricade_rules::Square::GOAL), 0);
/// // 39 steps from an entry square, and the barricades on the way cost more.
/// assert!(f.dist(Colour::Red.entry()) > 39);
/// ```
#[derive(Clone, Debug)]
pub struct Field {
    board: &'static Board,
    dist: [u16; Square::COUNT],
    barricades: SquareSet,
    barricade_steps: u16,
}

impl Field {
    /// The field for the barricades of `pos` (pawns never block: they are
    /// jumped over or taken).
    pub fn new(pos: &Position, barricade_steps: u16) -> Field {
        Field::on(pos.board(), pos.barricades(), barricade_steps)
    }

    /// The field for any set of barricades.
    ///
    /// ```
    /// use barricade_ai::eval::Field;
    /// use barricade_rules::{Colour, SquareSet};
    /// let f = Field::with_barricades(SquareSet::EMPTY, 6);
    /// assert_eq!(f.dist(Colour::Blue.entry()), 39);
    /// ```
    pub fn with_barricades(barricades: SquareSet, barricade_steps: u16) -> Field {
        Field::on(Board::classic(), barricades, barricade_steps)
    }

    /// The field of `board` for any set of barricades.
    ///
    /// ```
    /// use barricade_ai::eval::Field;
    /// use barricade_rules::{Board, Colour, SquareSet};
    /// let f = Field::on(Board::quick(), SquareSet::EMPTY, 6);
    /// assert_eq!(f.dist(Board::quick().entry(Colour::Blue)), 25);
    /// assert_eq!(f.forest_dist(), 14);
    /// ```
    pub fn on(board: &'static Board, barricades: SquareSet, barricade_steps: u16) -> Field {
        let g = graph(board);
        let mut enter = [1u16; Square::COUNT];
        for b in barricades {
            enter[b.index()] = 1 + barricade_steps;
        }
        let mut dist = [UNREACHABLE; Square::COUNT];
        dist[Square::GOAL.index()] = 0;
        // Label-correcting search from the goal: a ring buffer of squares
        // whose distance improved. Entering square `n` costs 1, plus the
        // barricade penalty when `n` holds a barricade.
        let mut queue = [0u8; 256];
        let (mut head, mut tail) = (0usize, 1usize);
        let mut queued = [false; Square::COUNT];
        queue[0] = Square::GOAL.index() as u8;
        queued[Square::GOAL.index()] = true;
        while head != tail {
            let i = queue[head & 255] as usize;
            head += 1;
            queued[i] = false;
            let d = dist[i].saturating_add(enter[i]);
            for &j in &g.neighbours[i][..g.degree[i] as usize] {
                let j = j as usize;
                if d < dist[j] {
                    dist[j] = d;
                    if !queued[j] && tail - head < 256 {
                        queue[tail & 255] = j as u8;
                        tail += 1;
                        queued[j] = true;
                    }
                }
            }
        }
        Field {
            board,
            dist,
            barricades,
            barricade_steps,
        }
    }

    /// The board of this field.
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// Weighted steps from `s` to the goal.
    pub fn dist(&self, s: Square) -> u16 {
        self.dist[s.index()]
    }

    /// Weighted steps for a pawn of `colour` still at home.
    ///
    /// ```
    /// use barricade_ai::eval::Field;
    /// use barricade_rules::{Colour, SquareSet};
    /// let f = Field::with_barricades(SquareSet::EMPTY, 6);
    /// assert_eq!(f.home_dist(Colour::Red), 40);
    /// ```
    pub fn home_dist(&self, colour: Colour) -> u16 {
        self.dist(self.board.entry(colour)).saturating_add(1)
    }

    /// Weighted steps for a pawn in the forest (the exit is step 1), or
    /// [`u16::MAX`] on a board without a forest.
    pub fn forest_dist(&self) -> u16 {
        self.board
            .forest()
            .map_or(u16::MAX, |f| self.dist(f.exit).saturating_add(1))
    }

    /// Weighted steps for a pawn of `colour` at `origin`.
    pub fn origin_dist(&self, colour: Colour, origin: Origin) -> u16 {
        match origin {
            Origin::Home => self.home_dist(colour),
            Origin::Forest => self.forest_dist(),
            Origin::Square(s) => self.dist(s),
        }
    }

    /// The next square on a shortest route from `s` (the first such
    /// neighbour in board order), or `None` at the goal.
    ///
    /// ```
    /// use barricade_ai::eval::Field;
    /// use barricade_rules::{Colour, SquareSet};
    /// let f = Field::with_barricades(SquareSet::EMPTY, 6);
    /// let next = f.next_on_route(Colour::Red.entry()).unwrap();
    /// assert_eq!(f.dist(next), 38);
    /// ```
    pub fn next_on_route(&self, s: Square) -> Option<Square> {
        if s == Square::GOAL {
            return None;
        }
        let here = self.dist(s);
        self.board.neighbours(s).iter().copied().find(|&n| {
            let enter = if self.barricades.contains(n) {
                1 + self.barricade_steps
            } else {
                1
            };
            self.dist(n).saturating_add(enter) == here
        })
    }
}

/// A small cache of [`Field`]s keyed by the barricades, for searches:
/// most positions in a search tree share their barricades.
///
/// ```
/// use barricade_ai::eval::{FieldCache, HandMade};
/// let ev = HandMade::default();
/// let mut cache = FieldCache::new();
/// let pos: barricade_rules::Position = "".parse().unwrap();
/// assert_eq!(ev.scores_cached(&pos, &mut cache), ev.scores(&pos));
/// ```
#[derive(Clone, Debug, Default)]
pub struct FieldCache {
    slots: Vec<Option<Field>>,
}

impl FieldCache {
    const SLOTS: usize = 64;

    /// An empty cache.
    pub fn new() -> FieldCache {
        FieldCache {
            slots: vec![None; Self::SLOTS],
        }
    }

    /// The field for `barricades` with `barricade_steps`, computed once.
    pub fn get(&mut self, pos: &Position, barricade_steps: u16) -> &Field {
        let (board, barricades) = (pos.board(), pos.barricades());
        if self.slots.len() != Self::SLOTS {
            self.slots = vec![None; Self::SLOTS];
        }
        let b = barricades.bits();
        let h = ((b as u64) ^ ((b >> 64) as u64)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58;
        let i = (h as usize) % Self::SLOTS;
        let hit = self.slots[i].as_ref().is_some_and(|f| {
            f.barricades == barricades && f.barricade_steps == barricade_steps && f.board == board
        });
        if !hit {
            self.slots[i] = Some(Field::on(board, barricades, barricade_steps));
        }
        // The slot was just filled when it did not hit.
        self.slots[i].get_or_insert_with(|| Field::on(board, barricades, barricade_steps))
    }
}

/// The hand-made evaluation: its weights plus the turns table derived
/// from them. With [`Weights::HAND`] the easy, medium and hard bots'
/// evaluation, with [`Weights::TUNED`] the tuned one (the hard bot's in
/// the french rules and on the quick board, and what the learned
/// evaluation's features are made of, [`crate::learned::INGREDIENTS`]).
///
/// ```
/// use barricade_ai::eval::HandMade;
/// use barricade_rules::{Colour, Position};
/// let ev = HandMade::default();
/// let pos: Position = "seats=red,blue red=a12".parse().unwrap();
/// let s = ev.scores(&pos);
/// assert!(s[Colour::Red.index()] > s[Colour::Blue.index()]);
/// ```
#[derive(Clone, Debug)]
pub struct HandMade {
    weights: Weights,
    /// Expected turns for a lone pawn at each distance.
    turns: [f32; MAX_DIST + 1],
    /// A lone pawn's part of its colour's hazard at each distance: `t⁻ᵖ`,
    /// `t` its expected turns (at least half a turn), `p` the weights'
    /// backup power. Computed once, so that an evaluation takes no power
    /// per pawn (the same values as computing them there).
    hazards: [f32; MAX_DIST + 1],
}

impl Default for HandMade {
    fn default() -> HandMade {
        HandMade::new(Weights::default())
    }
}

/// Per-colour details computed by `HandMade::colour_state`.
#[derive(Clone, Copy, Debug, Default)]
struct ColourState {
    /// Σ t⁻ᵖ over the colour's pawns (its winning "hazard").
    hazard: f32,
}

impl HandMade {
    /// The hand-made evaluation with these weights.
    ///
    /// ```
    /// use barricade_ai::eval::{HandMade, Weights};
    /// let ev = HandMade::new(Weights { temperature: 3.0, ..Weights::default() });
    /// assert_eq!(ev.weights().temperature, 3.0);
    /// ```
    pub fn new(weights: Weights) -> HandMade {
        static TURNS: std::sync::OnceLock<[f32; MAX_DIST + 1]> = std::sync::OnceLock::new();
        let turns = *TURNS.get_or_init(turns_table);
        HandMade {
            weights,
            turns,
            hazards: hazard_table(&turns, weights.backup_power),
        }
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The distance field of `pos` with these weights.
    ///
    /// ```
    /// use barricade_ai::eval::HandMade;
    /// let pos: barricade_rules::Position = "".parse().unwrap();
    /// let f = HandMade::default().field(&pos);
    /// assert_eq!(f.dist(barricade_rules::Square::GOAL), 0);
    /// ```
    pub fn field(&self, pos: &Position) -> Field {
        Field::new(pos, self.weights.barricade_steps)
    }

    /// Expected turns for a lone pawn `d` weighted steps from the goal.
    ///
    /// ```
    /// let ev = barricade_ai::eval::HandMade::default();
    /// assert_eq!(ev.turns(0), 0.0);
    /// assert!(ev.turns(30) > ev.turns(10));
    /// ```
    pub fn turns(&self, d: u16) -> f32 {
        self.turns[(d as usize).min(MAX_DIST)]
    }

    fn colour_state(&self, pos: &Position, field: &Field, c: Colour) -> ColourState {
        let mut hazard = 0.0;
        self.pawn_distances(pos, field, c, |d| {
            hazard += self.hazards[(d as usize).min(MAX_DIST)];
        });
        ColourState { hazard }
    }

    /// Calls `f` with the expected turns (at least half a turn) of every
    /// pawn of `c` that counts: those on the board, one of the pawns at
    /// home and one of those in the forest.
    pub(crate) fn pawn_turns(
        &self,
        pos: &Position,
        field: &Field,
        c: Colour,
        mut f: impl FnMut(f32),
    ) {
        self.pawn_distances(pos, field, c, |d| f(self.turns(d).max(0.5)));
    }

    /// Calls `f` with the distance to the goal of every pawn of `c` that
    /// counts (as [`HandMade::pawn_turns`]).
    fn pawn_distances(&self, pos: &Position, field: &Field, c: Colour, mut f: impl FnMut(u16)) {
        for s in pos.pawns(c) {
            f(field.dist(s));
        }
        if pos.at_home(c) > 0 {
            // Home pawns all wait on the same route; one of them counts.
            f(field.home_dist(c));
        }
        if pos.in_forest(c) > 0 {
            // So do the pawns in the forest.
            f(field.forest_dist());
        }
    }

    /// Expected turns lost by threats to `c`'s pawns: for every pawn an
    /// opponent can land on with some roll (by graph distance over free
    /// squares), a sixth of the turns it would lose by going home.
    pub(crate) fn threat_turns(&self, pos: &Position, field: &Field, c: Colour) -> f32 {
        if self.weights.threat == 0.0 {
            return 0.0;
        }
        let seats = pos.seats();
        let mut enemies = SquareSet::EMPTY;
        for &o in seats.colours() {
            if !seats.are_teammates(o, c) {
                enemies |= pos.pawns(o);
            }
        }
        if enemies.is_empty() || pos.pawns(c).is_empty() {
            return 0.0;
        }
        let home = self.turns(field.home_dist(c));
        let board = pos.board();
        let forest = self.turns(field.forest_dist());
        let best = pos
            .pawns(c)
            .iter()
            .map(|s| self.turns(field.dist(s)))
            .fold(f32::MAX, f32::min);
        let mut lost = 0.0f32;
        // Pawns on rest squares cannot be captured.
        for s in pos.pawns(c) - board.rest_squares() {
            let t = self.turns(field.dist(s));
            // Only the loss of the front pawn matters much.
            let weight = if t <= best { 1.0 } else { 0.25 };
            let back = match board.captured_goes_to(s) {
                Origin::Forest => forest,
                _ => home,
            };
            if weight * (back - t) > lost * 6.0
                && within_six_of(board, s, enemies.bits(), pos.barricades().bits())
            {
                lost = weight * (back - t) / 6.0;
            }
        }
        lost * self.weights.threat
    }

    /// Win chances of every team (written per colour), or 1/0 once the
    /// game is over.
    ///
    /// ```
    /// use barricade_ai::eval::HandMade;
    /// use barricade_rules::Position;
    /// let pos: Position = "seats=red,blue".parse().unwrap();
    /// let s = HandMade::default().scores(&pos);
    /// assert!((s[0] + s[3] - 1.0).abs() < 1e-4);
    /// ```
    pub fn scores(&self, pos: &Position) -> Scores {
        let field = self.field(pos);
        self.scores_with(pos, &field)
    }

    /// [`HandMade::scores`] with the field taken from `cache`.
    pub fn scores_cached(&self, pos: &Position, cache: &mut FieldCache) -> Scores {
        let field = cache.get(pos, self.weights.barricade_steps);
        self.scores_with(pos, field)
    }

    /// [`HandMade::scores`] with a field already computed for `pos`.
    pub fn scores_with(&self, pos: &Position, field: &Field) -> Scores {
        if let Some(won) = won_scores(pos) {
            return won;
        }
        let seats = pos.seats();
        let mut out = [0.0f32; 4];
        let n = seats.len().max(1);
        let turn = pos.turn_seat();
        // Per colour: hazard and threat; then per team.
        let mut hazard = [0.0f32; 4];
        let mut threat = [0.0f32; 4];
        for &c in seats.colours() {
            hazard[c.index()] = self.colour_state(pos, field, c).hazard;
            threat[c.index()] = self.threat_turns(pos, field, c);
        }
        let p = self.weights.backup_power;
        let mut eta = [0.0f32; 4];
        for &c in seats.colours() {
            let mut h = 0.0;
            let mut wait = n;
            let mut thr = 0.0f32;
            for m in seats.team_of(c).iter() {
                h += hazard[m.index()];
                thr = thr.max(threat[m.index()]);
                if let Some(seat) = seats.seat_of(m) {
                    wait = wait.min((seat + n - turn) % n);
                }
            }
            let base = if h <= 0.0 {
                1e3
            } else if p == 2.0 {
                1.0 / h.sqrt()
            } else {
                h.powf(-1.0 / p)
            };
            eta[c.index()] = base + thr + self.weights.tempo * wait as f32 / n as f32;
        }
        if self.weights.held != 0.0 {
            self.add_held(pos, &mut eta);
        }
        let min_eta = seats
            .colours()
            .iter()
            .map(|c| eta[c.index()])
            .fold(f32::MAX, f32::min);
        let mut total = 0.0;
        let mut counted = 0u8;
        for &c in seats.colours() {
            let e = (-(eta[c.index()] - min_eta) / self.weights.temperature).exp();
            out[c.index()] = e;
            let team = seats.team_of(c).bits();
            if counted & team == 0 {
                counted |= team;
                total += e;
            }
        }
        if total > 0.0 {
            for v in &mut out {
                *v /= total;
            }
        }
        out
    }
}

impl HandMade {
    /// French: every held barricade (and every one the player to move must
    /// put down now) delays the leading opponent of its holder's team by
    /// [`Weights::held`] turns: the holder puts it in that opponent's way.
    pub(crate) fn add_held(&self, pos: &Position, eta: &mut [f32; 4]) {
        let seats = pos.seats();
        let holders = pos
            .held()
            .into_iter()
            .filter_map(|s| pos.pawn_at(s))
            .chain(core::iter::repeat_n(pos.turn(), pos.to_place()));
        let before = *eta;
        for holder in holders {
            let leader = seats
                .colours()
                .iter()
                .filter(|&&c| !seats.are_teammates(c, holder))
                .min_by(|a, b| before[a.index()].total_cmp(&before[b.index()]));
            if let Some(&leader) = leader {
                for c in seats.team_of(leader).iter() {
                    eta[c.index()] += self.weights.held;
                }
            }
        }
    }
}

/// 1 for the winners and 0 for the others once the game is won.
pub(crate) fn won_scores(pos: &Position) -> Option<Scores> {
    let team = pos.winner()?;
    let mut out = [0.0f32; 4];
    for c in team.iter() {
        out[c.index()] = 1.0;
    }
    Some(out)
}

/// Each lone pawn's hazard `t⁻ᵖ` for the expected turns in `turns` (at
/// least half a turn) and the backup power `p`: the squares of the
/// default weights by a division, other powers by `powf`.
fn hazard_table(turns: &[f32; MAX_DIST + 1], p: f32) -> [f32; MAX_DIST + 1] {
    turns.map(|t| {
        let t = t.max(0.5);
        if p == 2.0 { 1.0 / (t * t) } else { t.powf(-p) }
    })
}

/// Expected turns for a lone pawn at distance `d` on a line to land
/// exactly on the goal, moving only when that helps: t(0) = 0 and
/// t(d) = (6 + Σ_{r∈S} t(d−r)) / |S| for the best set S of useful rolls.
fn turns_table() -> [f32; MAX_DIST + 1] {
    let mut t = [0.0f32; MAX_DIST + 1];
    for d in 1..=MAX_DIST {
        let mut opts: Vec<f32> = (1..=6.min(d)).map(|r| t[d - r]).collect();
        opts.sort_by(|a, b| a.total_cmp(b));
        let mut best = f32::MAX;
        let mut sum = 0.0;
        for (k, v) in opts.iter().enumerate() {
            sum += v;
            let val = (6.0 + sum) / (k + 1) as f32;
            if val < best {
                best = val;
            }
        }
        t[d] = best;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hazard_table_holds_the_powers_bit_for_bit() {
        // The training's players use the tuned weights: a table that
        // rounded differently would change their games and the weights.
        for weights in [Weights::TUNED, Weights::default()] {
            let ev = HandMade::new(weights);
            let p = weights.backup_power;
            for d in 0..=MAX_DIST {
                let t = ev.turns(d as u16).max(0.5);
                let direct = if p == 2.0 { 1.0 / (t * t) } else { t.powf(-p) };
                assert_eq!(ev.hazards[d].to_bits(), direct.to_bits(), "distance {d}");
            }
        }
    }

    #[test]
    fn turns_table_is_sane() {
        let t = turns_table();
        assert_eq!(t[0], 0.0);
        assert!((t[1] - 6.0).abs() < 1e-4);
        // Far away, a turn is worth about 3.5 steps.
        let slope = (t[200] - t[100]) / 100.0;
        assert!((slope - 1.0 / 3.5).abs() < 0.01, "{slope}");
    }

    #[test]
    fn barricades_lengthen_routes() {
        let pos: Position = "".parse().unwrap();
        let with = Field::new(&pos, 6);
        let without = Field::with_barricades(SquareSet::EMPTY, 6);
        assert_eq!(without.dist(Colour::Red.entry()), 39);
        assert!(with.dist(Colour::Red.entry()) > 39);
        // Following the route reaches the goal.
        let mut s = Colour::Green.entry();
        let mut steps = 0;
        while let Some(n) = with.next_on_route(s) {
            s = n;
            steps += 1;
            assert!(steps < 100);
        }
        assert_eq!(s, Square::GOAL);
    }

    #[test]
    fn scores_sum_to_one_per_team() {
        let pos: Position = "red=f3 green=k9 yellow=o1".parse().unwrap();
        let s = HandMade::default().scores(&pos);
        assert!((s.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        assert!(s[Colour::Green.index()] > s[Colour::Red.index()]);
    }
}
