//! Baseline policies for tests, benchmarks and `barricade selfplay`. They
//! are not the bots (those live in `barricade-ai`); they only need to be
//! legal and fast.

use crate::distance;
use crate::moves::{Move, MoveList};
use crate::position::{Phase, Position};

/// The greedy policy: win if possible, else capture, else gain the most
/// distance to the goal (ignoring barricades); a taken barricade goes on
/// the allowed square farthest from the goal in index order; after a 6 (french)
/// it rolls again; held barricades go on the first free square. `None`
/// when there is nothing to decide.
///
/// ```
/// use barricade_rules::{policy, Position};
/// let pos: Position = "roll=6".parse().unwrap();
/// assert_eq!(policy::greedy(&pos).unwrap().to_string(), "home-h1");
/// ```
pub fn greedy(pos: &Position) -> Option<Move> {
    match pos.phase() {
        Phase::Place => pos.placement_squares().first().map(Move::Place),
        Phase::ChooseAgain => Some(Move::Again),
        Phase::Roll | Phase::Over(_) => None,
        Phase::Move(_) => {
            // Filled in place rather than returned: saves copying the list.
            let mut moves = MoveList::new(crate::SquareSet::EMPTY, false);
            pos.fill_legal_moves(&mut moves);
            let me = pos.turn();
            // The opponents' pawns as two 64-bit halves: testing a square is
            // then a shift of a `u64` (a `u128` shift costs several).
            let others = (pos.all_pawns() - pos.pawns(me)).bits();
            let others = [others as u64, (others >> 64) as u64];
            let mut best = None;
            let mut best_score = i32::MIN;
            for c in &moves {
                // Raw indices and 256-entry tables: no checks in the loop.
                let (from, to) = (c.origin_raw(), c.to_raw());
                let captures = (others[usize::from(to >> 6) & 1] >> (to & 63)) & 1;
                let score = i32::from(distance::BY_BYTE[from as usize]) * 4
                    + i32::from(ARRIVAL[to as usize])
                    + 30 * captures as i32;
                if score > best_score {
                    best_score = score;
                    best = Some(*c);
                }
            }
            match best {
                Some(c) => Some(c.to_move(moves.drop_squares(&c).last())),
                None => Some(Move::Pass),
            }
        }
    }
}

/// The greedy score of arriving on each square (by index): minus four
/// times its distance to the goal, plus 10,000 for the goal itself.
const ARRIVAL: [i16; 256] = {
    let mut out = [0i16; 256];
    let mut i = 0;
    while i < 256 {
        out[i] = -4 * distance::BY_BYTE[i] as i16;
        i += 1;
    }
    out[crate::Square::GOAL.index()] += 10_000;
    out
};

/// A uniformly random legal decision, drawing from `next(n)` (which must
/// return a number below `n`).
///
/// ```
/// use barricade_rules::{policy, Position};
/// let pos: Position = "roll=2".parse().unwrap();
/// let mv = policy::random(&pos, |n| n - 1).unwrap();
/// assert_eq!(mv.to_string(), "home-d1");
/// ```
pub fn random(pos: &Position, mut next: impl FnMut(usize) -> usize) -> Option<Move> {
    let moves = pos.all_moves();
    if moves.is_empty() {
        return None;
    }
    moves.get(next(moves.len()) % moves.len()).copied()
}
