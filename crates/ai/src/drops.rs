//! Choosing and pruning barricade squares, and the pruned list of
//! decisions the stronger bots look at.
//!
//! A move that takes a barricade has up to ~90 legal drop squares (and a
//! held barricade in the french rules as many placement squares). Only a
//! few matter: squares on the opponents' shortest routes a few steps ahead
//! of their front pawns, the leading opponent most. Squares on the routes
//! of the mover's own team (teammates included) are avoided. When too few
//! such squares are legal, harmless squares fill the list.

use crate::Evaluator;
use crate::eval::Field;
use barricade_rules::{Colour, Move, Phase, Position, Square, SquareSet};

/// How far along a route squares are scored.
const ROUTE_LEN: usize = 12;
/// Score of a square on the mover's own team's route.
const OWN_ROUTE: i32 = -1000;

/// A score for putting a barricade on every square, from the point of
/// view of `me`'s team: positive on the opponents' routes, very negative
/// on the team's own routes, 0 elsewhere.
///
/// ```
/// use barricade_ai::{drops, Evaluator};
/// use barricade_rules::{Colour, Position};
/// let pos: Position = "seats=red,blue red=c1 blue=k9".parse().unwrap();
/// let ev = Evaluator::default();
/// let scores = drops::square_scores(&pos, &ev.field(&pos), Colour::Red);
/// // Squares on blue's way up from k9 are worth blocking.
/// let best = drops::best_squares(&scores, pos.placement_squares(), 1);
/// assert!(scores[best[0].index()] > 0);
/// ```
pub fn square_scores(pos: &Position, field: &Field, me: Colour) -> [i32; Square::COUNT] {
    let seats = pos.seats();
    let mut score = [0i32; Square::COUNT];
    // The leading opponent (lowest best distance) weighs most.
    let lead_of = |c: Colour| -> u16 {
        let mut best = if pos.at_home(c) > 0 {
            field.home_dist(c)
        } else {
            u16::MAX
        };
        if pos.in_forest(c) > 0 {
            best = best.min(field.forest_dist());
        }
        for s in pos.pawns(c) {
            best = best.min(field.dist(s));
        }
        best
    };
    let leader_dist = seats
        .colours()
        .iter()
        .filter(|&&c| !seats.are_teammates(c, me))
        .map(|&c| lead_of(c))
        .min()
        .unwrap_or(u16::MAX);
    for &c in seats.colours() {
        let mine = seats.are_teammates(c, me);
        let colour_weight = if mine {
            0
        } else if lead_of(c) <= leader_dist.saturating_add(2) {
            3
        } else {
            1
        };
        for (rank, start) in front_pawns(pos, field, c).into_iter().enumerate() {
            let Some(start) = start else { continue };
            let mut s = start;
            for i in 1..=ROUTE_LEN {
                let Some(n) = field.next_on_route(s) else {
                    break;
                };
                s = n;
                let slot = &mut score[n.index()];
                if mine {
                    *slot = OWN_ROUTE;
                } else if *slot > OWN_ROUTE {
                    let near = if i <= 8 { 10 } else { 4 };
                    let pawn_weight = if rank == 0 { 2 } else { 1 };
                    *slot += near * pawn_weight * colour_weight;
                }
            }
        }
    }
    score
}

/// The squares where `c`'s two front pawns start their routes: their
/// squares, or the entry square for a pawn still at home (whose route then
/// begins there; the entry square itself cannot hold a barricade).
fn front_pawns(pos: &Position, field: &Field, c: Colour) -> [Option<Square>; 2] {
    let mut best: [Option<(u16, Square)>; 2] = [None, None];
    let mut consider = |d: u16, s: Square| {
        if best[0].is_none_or(|(bd, _)| d < bd) {
            best[1] = best[0];
            best[0] = Some((d, s));
        } else if best[1].is_none_or(|(bd, _)| d < bd) {
            best[1] = Some((d, s));
        }
    };
    for s in pos.pawns(c) {
        consider(field.dist(s), s);
    }
    if pos.at_home(c) > 0 {
        consider(field.home_dist(c), pos.board().entry(c));
    }
    if pos.in_forest(c) > 0
        && let Some(f) = pos.board().forest()
    {
        consider(field.forest_dist(), f.exit);
    }
    best.map(|b| b.map(|(_, s)| s))
}

/// The `k` best squares of `legal` by `scores` (ties: the lower square,
/// farther from the goal, first), never an own-route square unless nothing
/// else is legal.
///
/// ```
/// use barricade_ai::drops;
/// use barricade_rules::{Square, SquareSet};
/// let mut scores = [0; Square::COUNT];
/// let a: Square = "k5".parse().unwrap();
/// scores[a.index()] = 5;
/// let best = drops::best_squares(&scores, SquareSet::BARRICADE_ALLOWED, 3);
/// assert_eq!(best.len(), 3);
/// assert_eq!(best[0], a);
/// ```
pub fn best_squares(scores: &[i32; Square::COUNT], legal: SquareSet, k: usize) -> Vec<Square> {
    // Top k by (score, index), both descending, by insertion.
    let mut top: Vec<(i32, usize)> = Vec::with_capacity(k + 1);
    let mut good = 0usize;
    for s in legal {
        let e = (scores[s.index()], s.index());
        if e.0 > OWN_ROUTE {
            good += 1;
        }
        if top.len() == k && top.last().is_some_and(|l| *l >= e) {
            continue;
        }
        let at = top.iter().position(|t| *t < e).unwrap_or(top.len());
        top.insert(at, e);
        top.truncate(k);
    }
    let take = if good > 0 { k.min(good) } else { k };
    top.into_iter()
        .take(take)
        .filter_map(|(_, i)| Square::from_index(i))
        .collect()
}

/// The decisions worth looking at now, in a fixed order: every pawn move
/// (a barricade-taking move once per pruned drop square, `drops` of them),
/// the pass when allowed, the `drops` best placement squares, or the
/// french roll-again choice. Empty while a roll is due or after the game.
///
/// ```
/// use barricade_ai::{drops, Evaluator};
/// use barricade_rules::Position;
/// let pos: Position = "red=a2 roll=1".parse().unwrap();
/// let ev = Evaluator::default();
/// let moves = drops::decisions(&pos, &ev, 4);
/// // home-c1, a2-a1, and a2-a3 with 4 drop squares instead of 83.
/// assert_eq!(moves.len(), 6);
/// assert!(moves.iter().all(|m| pos.check(*m).is_ok()));
/// ```
pub fn decisions(pos: &Position, ev: &Evaluator, drops: usize) -> Vec<Move> {
    decisions_lazy(pos, drops, || ev.field(pos))
}

/// [`decisions`] taking the field of `pos` from `field` (called at most
/// once, only when a drop or placement square must be chosen).
pub(crate) fn decisions_lazy(
    pos: &Position,
    drops: usize,
    field: impl FnOnce() -> Field,
) -> Vec<Move> {
    let mut out = Vec::new();
    let mut field = Some(field);
    match pos.phase() {
        Phase::Move(_) => {
            let list = pos.legal_moves();
            let mut scores: Option<[i32; Square::COUNT]> = None;
            for c in list.iter() {
                let legal = list.drop_squares(c);
                if legal.is_empty() {
                    out.push(c.to_move(None));
                    continue;
                }
                let sc = scores.get_or_insert_with(|| {
                    let f = field.take().map_or_else(|| Field::new(pos, 6), |f| f());
                    square_scores(pos, &f, pos.turn())
                });
                for d in best_squares(sc, legal, drops) {
                    out.push(c.to_move(Some(d)));
                }
            }
            if list.can_pass() {
                out.push(Move::Pass);
            }
        }
        Phase::Place => {
            let f = field.take().map_or_else(|| Field::new(pos, 6), |f| f());
            let sc = square_scores(pos, &f, pos.turn());
            for s in best_squares(&sc, pos.placement_squares(), drops) {
                out.push(Move::Place(s));
            }
        }
        Phase::ChooseAgain => {
            out.push(Move::Again);
            out.push(Move::Pass);
        }
        Phase::Roll | Phase::Over(_) => {}
    }
    out
}

/// The `k` best drop squares of every barricade-taking move of `pos` by
/// the mover's evaluation right after the move (every legal drop square
/// tried), as decisions; empty outside a pawn move. The master adds them
/// at the root to the squares of [`square_scores`]
/// ([`crate::search::Limits::root_eval_drops`]).
///
/// ```
/// use barricade_ai::{drops, Evaluator};
/// use barricade_rules::Position;
/// let pos: Position = "red=a2 blue=k9 roll=1 seats=red,blue".parse().unwrap();
/// let moves = drops::evaluated_drops(&pos, &Evaluator::default(), 2);
/// // a2-a3 takes the barricade on a3: its two best drop squares.
/// assert_eq!(moves.len(), 2);
/// assert!(moves.iter().all(|m| pos.check(*m).is_ok()));
/// ```
pub fn evaluated_drops(pos: &Position, ev: &Evaluator, k: usize) -> Vec<Move> {
    let mut out = Vec::new();
    if k == 0 || !matches!(pos.phase(), Phase::Move(_)) {
        return out;
    }
    let me = pos.turn().index();
    let list = pos.legal_moves();
    for c in list.iter() {
        let mut scored: Vec<(f32, Move)> = list
            .drop_squares(c)
            .into_iter()
            .map(|d| {
                let m = c.to_move(Some(d));
                let mut child = *pos;
                child.play_unchecked(m);
                (ev.scores(&child)[me], m)
            })
            .collect();
        // Stable: equal scores keep the square order.
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        out.extend(scored.into_iter().take(k).map(|(_, m)| m));
    }
    out
}
