//! The medium bot: a good one-move heuristic player, the yardstick.
//!
//! It tries every decision of [`drops::decisions`] (each pawn move, the
//! barricade-taking ones with the most promising drop squares, the pass
//! when allowed) and keeps the one after which the evaluation gives its
//! team the best win chance. So it moves forward, takes pawns (mostly the
//! leader's), takes barricades that stand in its way, drops them on the
//! leading opponent's shortest route and never on its own team's. It does
//! not look at the opponents' replies; that is the hard bot's job.

use crate::Evaluator;
use crate::drops;
use barricade_rules::{Move, Phase, Position, Roll};

/// Drop squares the medium bot looks at per barricade-taking move.
pub const DROPS: usize = 8;

/// The medium bot's decision for `pos`, or `None` while a roll is due or
/// after the game.
///
/// ```
/// use barricade_ai::{heuristic, Evaluator};
/// use barricade_rules::Position;
/// // Red has a pawn on c1 and rolled a 3.
/// let pos: Position = "seats=red,blue red=c1 roll=3".parse().unwrap();
/// let m = heuristic::choose(&pos, &Evaluator::default()).unwrap();
/// assert!(pos.check(m).is_ok());
/// ```
pub fn choose(pos: &Position, ev: &Evaluator) -> Option<Move> {
    best(pos, ev).map(|(m, _)| m)
}

/// The best decision and the mover's win chance after it.
fn best(pos: &Position, ev: &Evaluator) -> Option<(Move, f32)> {
    let me = pos.turn().index();
    let mut best: Option<(Move, f32)> = None;
    for m in drops::decisions(pos, ev, DROPS) {
        let mut child = *pos;
        child.play_unchecked(m);
        let v = if m == Move::Again {
            again_value(&child, ev, me)
        } else {
            ev.scores(&child)[me]
        };
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((m, v));
        }
    }
    best
}

/// French: the value of rolling again, averaged over the six rolls, with
/// the best single move for each (the bound pawn moves again).
fn again_value(pos: &Position, ev: &Evaluator, me: usize) -> f32 {
    let mut total = 0.0;
    for r in Roll::ALL {
        let child = pos.with_roll(r);
        total += match child.phase() {
            Phase::Move(_) => best_plain(&child, ev, me),
            _ => ev.scores(&child)[me],
        };
    }
    total / 6.0
}

/// Best win chance after one decision, without looking further.
fn best_plain(pos: &Position, ev: &Evaluator, me: usize) -> f32 {
    let mut best = f32::MIN;
    for m in drops::decisions(pos, ev, DROPS) {
        let mut child = *pos;
        child.play_unchecked(m);
        best = best.max(ev.scores(&child)[me]);
    }
    if best == f32::MIN {
        ev.scores(pos)[me]
    } else {
        best
    }
}
