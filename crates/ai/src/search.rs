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

use crate::drops;
use crate::eval::{Evaluator, FieldCache, Scores};
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
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            nodes: 6_000,
            max_depth: 3,
            root_drops: 10,
            inner_drops: 3,
        }
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
/// use barricade_ai::{eval::Evaluator, search};
/// use barricade_rules::Position;
/// let pos: Position = "seats=red,blue red=c1 blue=o1 roll=4".parse().unwrap();
/// let r = search::search(&pos, &Evaluator::default(), &search::Limits::default());
/// assert!(pos.check(r.best.unwrap()).is_ok());
/// assert!(r.depth >= 1);
/// ```
pub fn search(pos: &Position, ev: &Evaluator, limits: &Limits) -> SearchResult {
    let mut result = SearchResult {
        best: None,
        value: 0.0,
        depth: 0,
        nodes: 0,
    };
    let moves = drops::decisions(pos, ev, limits.root_drops);
    let Some(&first) = moves.first() else {
        return result;
    };
    let me = pos.turn().index();
    result.best = Some(first);
    if moves.len() == 1 {
        result.value = ev.scores(pos)[me];
        return result;
    }
    let mut s = Searcher {
        ev,
        limits,
        nodes: 0,
        aborted: false,
        cache: FieldCache::new(),
    };
    for depth in 1..=limits.max_depth.max(1) {
        let mut best: Option<(Move, f32)> = None;
        for &m in &moves {
            let mut child = *pos;
            child.play_unchecked(m);
            let v = s.value(&child, depth - consumes(pos, m))[me];
            if s.aborted {
                break;
            }
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
            }
        }
        if s.aborted {
            break;
        }
        if let Some((m, v)) = best {
            result.best = Some(m);
            result.value = v;
            result.depth = depth;
        }
    }
    result.nodes = s.nodes;
    result
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
}

impl Searcher<'_> {
    fn eval(&mut self, pos: &Position) -> Scores {
        self.ev.scores_cached(pos, &mut self.cache)
    }

    fn decisions(&mut self, pos: &Position) -> Vec<Move> {
        let steps = self.ev.weights().barricade_steps;
        let cache = &mut self.cache;
        drops::decisions_lazy(pos, self.limits.inner_drops, || {
            cache.get(pos.barricades(), steps).clone()
        })
    }

    fn value(&mut self, pos: &Position, depth: u32) -> Scores {
        self.nodes += 1;
        if self.nodes > self.limits.nodes {
            self.aborted = true;
        }
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
                let mut best: Option<Scores> = None;
                for m in self.decisions(pos) {
                    let mut child = *pos;
                    child.play_unchecked(m);
                    let v = self.value(&child, depth - consumes(pos, m));
                    if best.is_none_or(|b| v[me] > b[me]) {
                        best = Some(v);
                    }
                }
                best.unwrap_or_else(|| self.eval(pos))
            }
        }
    }
}
