//! The easy bot: legal but weak moves with some randomness, for children
//! and beginners.
//!
//! Half of the time it moves a random pawn to a random destination, else
//! the pawn that gets nearest to the goal by plain step count (it does not
//! see barricades coming). Taken barricades go to random squares, held
//! ones too; after a 6 (french) it rolls again half of the time. It never
//! passes unless it has to.

use crate::eval::Field;
use crate::rng::Rng;
use barricade_rules::{Move, Phase, Position, SquareSet};

/// The easy bot's decision for `pos`, or `None` while a roll is due or
/// after the game.
///
/// ```
/// use barricade_ai::{easy, Rng};
/// use barricade_rules::Position;
/// let pos: Position = "roll=3".parse().unwrap();
/// let m = easy::choose(&pos, &mut Rng::new(1)).unwrap();
/// assert!(pos.check(m).is_ok());
/// ```
pub fn choose(pos: &Position, rng: &mut Rng) -> Option<Move> {
    match pos.phase() {
        Phase::Roll | Phase::Over(_) => None,
        Phase::Place => pos
            .placement_squares()
            .nth(rng.below(pos.placement_squares().len()))
            .map(Move::Place),
        Phase::ChooseAgain => Some(if rng.below(2) == 0 {
            Move::Again
        } else {
            Move::Pass
        }),
        Phase::Move(_) => {
            let list = pos.legal_moves();
            if list.is_empty() {
                return list.can_pass().then_some(Move::Pass);
            }
            let pick = if rng.below(2) == 0 {
                list[rng.below(list.len())]
            } else {
                // Plain step counts, barricades ignored.
                let field = Field::on(pos.board(), SquareSet::EMPTY, 0);
                let me = pos.turn();
                let mut best = list[0];
                let mut best_gain = i32::MIN;
                for c in list.iter() {
                    let before = field.origin_dist(me, c.from());
                    let gain = i32::from(before) - i32::from(field.dist(c.to()));
                    if gain > best_gain {
                        best_gain = gain;
                        best = *c;
                    }
                }
                best
            };
            let drops = list.drop_squares(&pick);
            let drop = drops.nth(rng.below(drops.len()));
            Some(pick.to_move(drop))
        }
    }
}
