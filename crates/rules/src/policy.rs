//! Baseline policies for tests, benchmarks and `barricade selfplay`. They
//! are not the bots (those live in `barricade-ai`); they only need to be
//! legal and fast.

use crate::board::BoardId;
use crate::moves::{Move, MoveList};
use crate::position::{Phase, Position};
use std::sync::OnceLock;

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
            let me = pos.turn();
            let others = (pos.all_pawns() - pos.pawns(me)).bits();
            // The opponents' pawns as two 64-bit halves: testing a square is
            // then a shift of a `u64` (a `u128` shift costs several).
            let others = [others as u64, (others >> 64) as u64];
            let by_byte = &pos.board().by_byte;
            let arrival = arrival_scores(pos.board().id());
            // 4 x the distance gained, +10,000 for the goal, +30 for a
            // capture; raw indices and 256-entry tables: no checks.
            let score = |from: u8, to: u8| {
                let captures = (others[usize::from(to >> 6) & 1] >> (to & 63)) & 1;
                i32::from(by_byte[from as usize]) * 4
                    + i32::from(arrival[to as usize])
                    + 30 * captures as i32
            };
            // The best move without building the move list, where the rules
            // allow it; the same choice from the list otherwise.
            let best = match pos.best_pawn_move(score) {
                Ok(best) => best,
                Err(()) => {
                    let moves = pos.legal_moves();
                    let mut best = None;
                    let mut best_score = i32::MIN;
                    for c in &moves {
                        let s = score(c.origin_raw(), c.to_raw());
                        if s > best_score {
                            best_score = s;
                            best = Some(*c);
                        }
                    }
                    best
                }
            };
            match best {
                Some(c) => {
                    // Only a taken barricade needs a drop square (and under
                    // the french rules it is held instead).
                    let drop = if c.takes_barricade() && !pos.rules().french {
                        MoveList::drop_squares_after(
                            pos.placement_squares(),
                            pos.barricade_squares(),
                            &c,
                        )
                        .last()
                    } else {
                        None
                    };
                    Some(c.to_move(drop))
                }
                None => Some(Move::Pass),
            }
        }
    }
}

/// The greedy score of arriving on each square of `board` (by byte, as
/// in [`Board`]'s distance table): minus four times its distance to the
/// goal, plus 10,000 for the goal itself. Built once per board.
fn arrival_scores(board: BoardId) -> &'static [i16; 256] {
    static TABLES: [OnceLock<[i16; 256]>; 2] = [OnceLock::new(), OnceLock::new()];
    let index = BoardId::ALL.iter().position(|&b| b == board).unwrap_or(0);
    TABLES[index].get_or_init(|| {
        let mut out = [0i16; 256];
        for (o, &d) in out.iter_mut().zip(&board.board().by_byte) {
            *o = -4 * i16::from(d);
        }
        out[crate::Square::GOAL.index()] += 10_000;
        out
    })
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoardId, Colour, Dice, Rules, Seats};

    /// The greedy choice from the full move list, as the policy made it
    /// before it had a shortcut.
    fn greedy_from_list(pos: &Position) -> Option<Move> {
        let me = pos.turn();
        let others = (pos.all_pawns() - pos.pawns(me)).bits();
        let moves = pos.legal_moves();
        let by_byte = &pos.board().by_byte;
        let mut best = None;
        let mut best_score = i32::MIN;
        for c in &moves {
            let (from, to) = (c.origin_raw(), c.to_raw());
            let mut score =
                4 * (i32::from(by_byte[from as usize]) - i32::from(by_byte[to as usize]));
            if to as usize == crate::Square::GOAL.index() {
                score += 10_000;
            }
            if (others >> to) & 1 != 0 {
                score += 30;
            }
            if score > best_score {
                best_score = score;
                best = Some(*c);
            }
        }
        Some(match best {
            Some(c) => c.to_move(moves.drop_squares(&c).last()),
            None => Move::Pass,
        })
    }

    #[test]
    fn the_shortcut_chooses_what_the_move_list_would() {
        let two = Seats::new(&[Colour::Red, Colour::Blue]).unwrap();
        let teams = Seats::two_colours_each();
        for (board, seats, rules) in [
            (BoardId::Classic, Seats::default(), Rules::default()),
            (BoardId::Classic, two, Rules::preset("free-pass").unwrap()),
            (BoardId::Classic, teams, Rules::default()),
            (BoardId::Quick, Seats::default(), Rules::default()),
            (BoardId::Quick, two, Rules::preset("bottom-row").unwrap()),
        ] {
            for seed in 0..40 {
                let mut pos = Position::new_on(board, rules, seats);
                let mut dice = Dice::new(seed);
                let mut plies = 0;
                while !pos.is_over() && plies < 3000 {
                    if pos.roll().is_none() {
                        pos.set_roll(crate::RollSource::roll(&mut dice)).unwrap();
                    }
                    let mv = greedy(&pos).unwrap();
                    if matches!(pos.phase(), Phase::Move(_)) {
                        assert_eq!(Some(mv), greedy_from_list(&pos), "{pos}");
                    }
                    pos.play(mv).unwrap();
                    plies += 1;
                }
            }
        }
    }
}
