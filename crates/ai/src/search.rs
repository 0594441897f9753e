//! The hard bot: expectimax over the die and every player's replies.
//!
//! The tree alternates decision nodes (the player to move picks the
//! decision best for its own team: max-n, so 2–4 players and teams work
//! alike) and chance nodes (the six rolls, each 1/6). Leaves are scored by
//! the [`Evaluator`]. Barricade drops and placements are pruned by
//! [`drops::decisions`] (more squares at the root than inside the tree).
//!
//! Iterative deepening by pawn moves: depth 1 is the greedy one-move
//! choice, depth 2 adds every reply of the next player to each of the six
//! rolls, and so on. A fixed node budget stops the search: the deepest
//! completed iteration gives the answer, so the result depends only on the
//! position and the budget, never on the clock.
//!
//! Refinements:
//!
//! - **beam** (master, [`Limits::MASTER`]): a decision node with at least
//!   two pawn moves left searches only its [`Limits::beam`] most promising
//!   decisions, ordered by the evaluation of the position right after each
//!   (the last level, whose children are leaves anyway, keeps all);
//! - **narrowed root** (master): from the third iteration on, only the
//!   [`Limits::deep_moves`] best root decisions of the iteration before;
//!   with the beam, this makes a third pawn move affordable;
//! - **a fourth pawn move with four teams** (master,
//!   [`Limits::for_teams`]): three pawn moves are less than a round
//!   there, so a fourth iteration searches the [`Limits::deeper_moves`]
//!   best root decisions, the next player answering with its
//!   [`Limits::deep_beam`] best;
//! - **roll-again extension** (french): the bound pawn's move after
//!   choosing to roll again uses no depth (at most [`Limits::extensions`]
//!   times on one line), so "again" and "pass" are compared with the same
//!   horizon: both see the next player's reply;
//! - **evaluated drops** (master, [`Limits::root_eval_drops`]): at the
//!   root, every legal drop square of a barricade-taking move is tried
//!   with the evaluation right after the move, and the best are searched
//!   besides the squares chosen by [`drops::square_scores`];
//! - **placements** (french): held barricades put down inside the tree try
//!   only [`Limits::inner_places`] squares, the best by
//!   [`drops::square_scores`]; placements use no depth, and trying three
//!   squares for each would triple the french trees.

use crate::Evaluator;
use crate::drops;
use crate::eval::{FieldCache, Scores};
use barricade_rules::{Move, Phase, Position, Roll};

/// Search limits.
///
/// ```
/// use barricade_ai::search::Limits;
/// let l = Limits { nodes: 1_000, ..Limits::default() };
/// assert_eq!(l.nodes, 1_000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Node budget per decision (nodes = positions visited).
    pub nodes: u64,
    /// Deepest iteration, in pawn moves.
    pub max_depth: u32,
    /// Drop squares per barricade-taking move at the root.
    pub root_drops: usize,
    /// Drop squares per barricade-taking move inside the tree.
    pub inner_drops: usize,
    /// Decisions searched at inner nodes with two or more pawn moves left
    /// (0: all of them).
    pub beam: usize,
    /// Root decisions searched from the third iteration on: the best ones
    /// of the iteration before (0: all of them).
    pub deep_moves: usize,
    /// Root decisions searched from the fourth iteration on (0: as
    /// [`Limits::deep_moves`]).
    pub deeper_moves: usize,
    /// Decisions searched at inner nodes with three or more pawn moves
    /// left (0: as [`Limits::beam`]).
    pub deep_beam: usize,
    /// Squares tried for a held barricade put down inside the tree
    /// (french; the root tries [`Limits::root_drops`]).
    pub inner_places: usize,
    /// French: bound-pawn moves after "again" that use no depth, at most,
    /// on one line of the tree.
    pub extensions: u8,
    /// Drop squares per barricade-taking move added at the root, the best
    /// by the evaluation right after the move among every legal square
    /// ([`drops::evaluated_drops`]; 0: none).
    pub root_eval_drops: usize,
    /// With four teams, the deepest iteration instead of
    /// [`Limits::max_depth`] (0: the same). Three pawn moves are less than
    /// a round there; a fourth brings the turn back to the mover.
    pub four_teams_depth: u32,
    /// With four teams, the node budget instead of [`Limits::nodes`] (0:
    /// the same).
    pub four_teams_nodes: u64,
}

impl Limits {
    /// The hard bot's limits (and the default).
    pub const HARD: Limits = Limits {
        nodes: 6_000,
        max_depth: 3,
        root_drops: 10,
        inner_drops: 3,
        beam: 0,
        deep_moves: 0,
        deeper_moves: 0,
        deep_beam: 0,
        inner_places: 1,
        extensions: 1,
        root_eval_drops: 0,
        four_teams_depth: 0,
        four_teams_nodes: 0,
    };

    /// The master bot's limits before the learned evaluation (the master
    /// of `master-tuned` in tournaments, kept as the yardstick): three
    /// pawn moves deep with a beam of 4 and the 6 best root decisions.
    pub const MASTER_BEFORE: Limits = Limits {
        nodes: 40_000,
        max_depth: 3,
        root_drops: 10,
        inner_drops: 3,
        beam: 4,
        deep_moves: 6,
        deeper_moves: 0,
        deep_beam: 0,
        inner_places: 1,
        extensions: 1,
        root_eval_drops: 0,
        four_teams_depth: 0,
        four_teams_nodes: 0,
    };

    /// The master bot's limits: three pawn moves deep, the 12 best root
    /// decisions of the second iteration, a beam of 6, and at the root
    /// the 10 best drop squares by the evaluation besides the 10 of
    /// [`drops::square_scores`], within a budget that bounds the time per
    /// decision (docs/ai.md). With four teams, a fourth pawn move for the
    /// 2 best root decisions of the third iteration, where the next
    /// player answers only with its best decision by the evaluation
    /// (a beam of 1 with three pawn moves left).
    pub const MASTER: Limits = Limits {
        nodes: 100_000,
        max_depth: 3,
        root_drops: 10,
        inner_drops: 3,
        beam: 6,
        deep_moves: 12,
        deeper_moves: 2,
        deep_beam: 1,
        inner_places: 1,
        extensions: 1,
        root_eval_drops: 10,
        four_teams_depth: 4,
        four_teams_nodes: 120_000,
    };
}

impl Limits {
    /// The limits of [`expected`] for game analysis: two pawn moves from
    /// a position (every roll, then the best reply to each roll), a beam
    /// of 4 and a budget small enough for one ply per call in a web
    /// worker.
    pub const ANALYSIS: Limits = Limits {
        nodes: 20_000,
        max_depth: 2,
        root_drops: 6,
        inner_drops: 3,
        beam: 4,
        deep_moves: 0,
        deeper_moves: 0,
        deep_beam: 0,
        inner_places: 1,
        extensions: 1,
        root_eval_drops: 0,
        four_teams_depth: 0,
        four_teams_nodes: 0,
    };
}

impl Limits {
    /// The limits of the game review's search for the best decision
    /// ([`crate::review`]): the master's shape with more of everything,
    /// for a review has no time limit per decision (docs/ai.md, Review).
    pub const REVIEW: Limits = Limits {
        nodes: 300_000,
        deep_moves: 16,
        beam: 8,
        root_eval_drops: 12,
        deeper_moves: 3,
        four_teams_nodes: 400_000,
        ..Limits::MASTER
    };
}

impl Limits {
    /// The limits for a position of `teams` teams: with four,
    /// [`Limits::four_teams_depth`] and [`Limits::four_teams_nodes`]
    /// where they are set.
    ///
    /// ```
    /// use barricade_ai::Limits;
    /// assert_eq!(Limits::MASTER.for_teams(2), Limits::MASTER);
    /// let four = Limits::MASTER.for_teams(4);
    /// assert_eq!((four.max_depth, four.nodes), (4, Limits::MASTER.four_teams_nodes));
    /// assert_eq!(Limits::HARD.for_teams(4), Limits::HARD);
    /// ```
    pub fn for_teams(&self, teams: usize) -> Limits {
        let mut limits = *self;
        if teams == 4 {
            if self.four_teams_depth > 0 {
                limits.max_depth = self.four_teams_depth;
            }
            if self.four_teams_nodes > 0 {
                limits.nodes = self.four_teams_nodes;
            }
        }
        limits
    }

    /// How many of the best root decisions the iteration of `depth`
    /// searches (`None`: all of them).
    fn root_width(&self, depth: u32) -> Option<usize> {
        match (self.deep_moves, self.deeper_moves) {
            (_, w) if depth >= 4 && w > 0 => Some(w),
            (w, _) if depth >= 3 && w > 0 => Some(w),
            _ => None,
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::HARD
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchResult {
    /// The chosen decision (`None` while a roll is due or after the game).
    pub best: Option<Move>,
    /// The mover's expected win chance after it.
    pub value: f32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes visited, the unfinished iteration included.
    pub nodes: u64,
}

/// Searches `pos` within `limits`.
///
/// ```
/// use barricade_ai::{search, Evaluator};
/// use barricade_rules::Position;
/// let pos: Position = "seats=red,blue red=c1 blue=o1 roll=4".parse().unwrap();
/// let r = search::search(&pos, &Evaluator::default(), &search::Limits::default());
/// assert!(pos.check(r.best.unwrap()).is_ok());
/// assert!(r.depth >= 1);
/// ```
pub fn search(pos: &Position, ev: &Evaluator, limits: &Limits) -> SearchResult {
    let limits = &limits.for_teams(pos.seats().teams().len());
    let mut result = SearchResult {
        best: None,
        value: 0.0,
        depth: 0,
        nodes: 0,
    };
    let mut moves = drops::decisions(pos, ev, limits.root_drops);
    for m in drops::evaluated_drops(pos, ev, limits.root_eval_drops) {
        if !moves.contains(&m) {
            moves.push(m);
        }
    }
    let Some(&first) = moves.first() else {
        return result;
    };
    let me = pos.turn().index();
    result.best = Some(first);
    if moves.len() == 1 {
        result.value = ev.scores(pos)[me];
        return result;
    }
    let mut s = Searcher::new(ev, limits);
    // Root decisions, best first after each completed iteration.
    let mut order: Vec<Move> = moves;
    for depth in 1..=limits.max_depth.max(1) {
        let width = limits
            .root_width(depth)
            .map_or(order.len(), |w| w.min(order.len()));
        let mut values: Vec<(f32, Move)> = Vec::with_capacity(width);
        for &m in &order[..width] {
            let mut child = *pos;
            child.play_unchecked(m);
            let v = s.value(&child, depth - consumes(pos, m))[me];
            if s.aborted {
                break;
            }
            values.push((v, m));
        }
        if s.aborted {
            break;
        }
        // Stable: ties keep the earlier (better ordered) decision.
        values.sort_by(|a, b| b.0.total_cmp(&a.0));
        if let Some(&(v, m)) = values.first() {
            result.best = Some(m);
            result.value = v;
            result.depth = depth;
        }
        let rest = order[width..].to_vec();
        order = values.into_iter().map(|(_, m)| m).chain(rest).collect();
    }
    result.nodes = s.nodes;
    result
}

/// The expected win chances of every team in `pos`, whatever it waits
/// for (a roll included), written per colour as in [`Scores`]: the mean
/// of the two deepest iterations completed within `limits` (the static
/// evaluation when none completes). An iteration that ends after the
/// mover's own move flatters the mover, one that ends after the next
/// player's reply flatters the next player; the mean of two consecutive
/// depths cancels that see-saw from ply to ply.
///
/// ```
/// use barricade_ai::{search, Evaluator};
/// use barricade_rules::Position;
/// // Red waits for its roll, far ahead of blue.
/// let pos: Position = "seats=red,blue red=a12".parse().unwrap();
/// let s = search::expected(&pos, &Evaluator::default(), &search::Limits::ANALYSIS);
/// assert!(s[0] > 0.5 && (s[0] + s[3] - 1.0).abs() < 1e-3);
/// ```
pub fn expected(pos: &Position, ev: &Evaluator, limits: &Limits) -> Scores {
    let limits = &limits.for_teams(pos.seats().teams().len());
    let mut s = Searcher::new(ev, limits);
    let mut last: Option<Scores> = None;
    let mut before: Option<Scores> = None;
    for depth in 1..=limits.max_depth.max(1) {
        let v = s.value(pos, depth);
        if s.aborted {
            break;
        }
        before = last;
        last = Some(v);
    }
    match (before, last) {
        (Some(a), Some(b)) => core::array::from_fn(|i| (a[i] + b[i]) / 2.0),
        (None, Some(b)) => b,
        _ => ev.scores(pos),
    }
}

/// Pawn moves (and passes instead of one) use up one level of depth;
/// placements and the roll-again choice do not.
fn consumes(pos: &Position, m: Move) -> u32 {
    match (pos.phase(), m) {
        (Phase::Move(_), _) => 1,
        _ => 0,
    }
}

struct Searcher<'a> {
    ev: &'a Evaluator,
    limits: &'a Limits,
    nodes: u64,
    aborted: bool,
    cache: FieldCache,
    extensions: u8,
}

impl<'a> Searcher<'a> {
    fn new(ev: &'a Evaluator, limits: &'a Limits) -> Searcher<'a> {
        Searcher {
            ev,
            limits,
            nodes: 0,
            aborted: false,
            cache: FieldCache::new(),
            extensions: 0,
        }
    }

    /// Counts a visited position; past the budget the search is aborted.
    fn visit(&mut self) {
        self.nodes += 1;
        if self.nodes > self.limits.nodes {
            self.aborted = true;
        }
    }

    fn eval(&mut self, pos: &Position) -> Scores {
        self.ev.scores_cached(pos, &mut self.cache)
    }

    fn decisions(&mut self, pos: &Position) -> Vec<Move> {
        let steps = self.ev.weights().barricade_steps;
        let cache = &mut self.cache;
        let squares = match pos.phase() {
            Phase::Place => self.limits.inner_places,
            _ => self.limits.inner_drops,
        };
        drops::decisions_lazy(pos, squares.max(1), || cache.get(pos, steps).clone())
    }

    /// The decisions of `pos` worth searching with `depth` pawn moves
    /// left: all of them, or the [`Limits::beam`] best by the evaluation
    /// right after each.
    fn candidates(&mut self, pos: &Position, depth: u32) -> Vec<Move> {
        let mut moves = self.decisions(pos);
        let beam = match self.limits.deep_beam {
            b if b > 0 && depth >= 3 => b,
            _ => self.limits.beam,
        };
        if beam == 0 || depth < 2 || moves.len() <= beam {
            return moves;
        }
        let me = pos.turn().index();
        let mut scored: Vec<(f32, Move)> = moves
            .iter()
            .map(|&m| {
                self.visit();
                let mut child = *pos;
                child.play_unchecked(m);
                (self.eval(&child)[me], m)
            })
            .collect();
        // Stable: equal scores keep the order of the move list.
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        moves.clear();
        moves.extend(scored.into_iter().take(beam).map(|(_, m)| m));
        moves
    }

    fn value(&mut self, pos: &Position, depth: u32) -> Scores {
        self.visit();
        if self.aborted || depth == 0 {
            return self.eval(pos);
        }
        match pos.phase() {
            Phase::Over(_) => self.eval(pos),
            Phase::Roll => {
                let mut sum = [0.0f32; 4];
                for r in Roll::ALL {
                    let v = self.value(&pos.with_roll(r), depth);
                    for (a, b) in sum.iter_mut().zip(v) {
                        *a += b / 6.0;
                    }
                }
                sum
            }
            Phase::Move(_) | Phase::Place | Phase::ChooseAgain => {
                let me = pos.turn().index();
                // French: the bound pawn's move after "again" is free.
                let free = pos.bound_pawn().is_some()
                    && matches!(pos.phase(), Phase::Move(_))
                    && self.extensions < self.limits.extensions;
                self.extensions += u8::from(free);
                let mut best: Option<Scores> = None;
                for m in self.candidates(pos, depth) {
                    let mut child = *pos;
                    child.play_unchecked(m);
                    let cost = if free { 0 } else { consumes(pos, m) };
                    let v = self.value(&child, depth - cost);
                    if best.is_none_or(|b| v[me] > b[me]) {
                        best = Some(v);
                    }
                }
                self.extensions -= u8::from(free);
                best.unwrap_or_else(|| self.eval(pos))
            }
        }
    }
}
