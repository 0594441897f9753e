//! Distances to the goal on the classic board: a precomputed table
//! ignoring barricades, and a search with barricades as walls. Helpers for
//! evaluations and bots. [`Board::to_goal`](crate::Board::to_goal) and
//! [`to_goal_with_walls_on`] serve any board.

use crate::board::Board;
use crate::classic::Square;
use crate::colour::Colour;
use crate::moves::Origin;
use crate::squareset::SquareSet;

/// Steps from a pawn at home to the goal (the entry square is step 1).
pub const FROM_HOME: u8 = 40;

const TABLE: [u8; Square::COUNT] = {
    let mut dist = [u8::MAX; Square::COUNT];
    let mut queue = [0u8; Square::COUNT];
    let (mut head, mut tail) = (0, 1);
    dist[0] = 0;
    while head < tail {
        let s = queue[head];
        head += 1;
        let x = s as usize;
        let sq = match Square::from_index(x) {
            Some(sq) => sq,
            None => break,
        };
        let (sx, sy) = (sq.x() as i16, sq.y() as i16);
        let steps: [(i16, i16); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
        let mut k = 0;
        while k < 4 {
            let (nx, ny) = (sx + steps[k].0, sy + steps[k].1);
            if nx >= 0
                && ny >= 0
                && nx < 17
                && ny < 14
                && let Some(n) = Square::at(nx as u8, ny as u8)
                && dist[n.index()] == u8::MAX
            {
                dist[n.index()] = dist[x] + 1;
                queue[tail] = n.index() as u8;
                tail += 1;
            }
            k += 1;
        }
    }
    dist
};

/// Steps from `square` to the goal, ignoring barricades and pawns.
///
/// ```
/// use barricade_rules::{distance, Square};
/// assert_eq!(distance::to_goal(Square::GOAL), 0);
/// assert_eq!(distance::to_goal("c1".parse().unwrap()), 39);
/// ```
#[inline]
pub const fn to_goal(square: Square) -> u8 {
    TABLE[square.index()]
}

/// Steps from an origin to the goal: [`FROM_HOME`] from home.
///
/// ```
/// use barricade_rules::{distance, Origin};
/// assert_eq!(distance::origin_to_goal(Origin::Home), 40);
/// ```
#[inline]
pub fn origin_to_goal(origin: Origin) -> u8 {
    match origin {
        // The classic board has no forest.
        Origin::Home | Origin::Forest => FROM_HOME,
        Origin::Square(s) => to_goal(s),
    }
}

/// Steps from `from` to the goal when the squares in `walls` (usually the
/// barricades) cannot be entered; `None` when they cut the way.
///
/// ```
/// use barricade_rules::{distance, Square, SquareSet};
/// let c1: Square = "c1".parse().unwrap();
/// assert_eq!(distance::to_goal_with_walls(c1, SquareSet::EMPTY), Some(39));
/// let i13 = SquareSet::from_square("i13".parse().unwrap());
/// assert_eq!(distance::to_goal_with_walls(c1, i13), None);
/// ```
pub fn to_goal_with_walls(from: Square, walls: SquareSet) -> Option<u8> {
    to_goal_with_walls_on(Board::classic(), from, walls)
}

/// [`to_goal_with_walls`] on any board.
///
/// ```
/// use barricade_rules::{distance, Board, Colour, SquareSet};
/// let quick = Board::quick();
/// let c1 = quick.entry(Colour::Red);
/// assert_eq!(distance::to_goal_with_walls_on(quick, c1, SquareSet::EMPTY), Some(25));
/// ```
pub fn to_goal_with_walls_on(board: &Board, from: Square, walls: SquareSet) -> Option<u8> {
    let mut frontier = SquareSet::from_square(from);
    let mut seen = frontier;
    let open = !walls | SquareSet::from_square(from);
    for d in 0..Square::COUNT as u8 {
        if frontier.contains(Square::GOAL) {
            return Some(d);
        }
        if frontier.is_empty() {
            return None;
        }
        let mut next = SquareSet::EMPTY;
        for s in frontier {
            for &n in board.neighbours(s) {
                next.insert(n);
            }
        }
        frontier = (next & open) - seen;
        seen |= frontier;
    }
    None
}

/// Steps for a pawn of `colour` at `origin` to the goal with barricades as
/// walls (from home: through its entry square).
///
/// ```
/// use barricade_rules::{distance, Colour, Origin, SquareSet};
/// assert_eq!(distance::origin_to_goal_with_walls(Colour::Red, Origin::Home, SquareSet::EMPTY), Some(40));
/// ```
pub fn origin_to_goal_with_walls(colour: Colour, origin: Origin, walls: SquareSet) -> Option<u8> {
    match origin {
        Origin::Home | Origin::Forest => to_goal_with_walls(colour.entry(), walls).map(|d| d + 1),
        Origin::Square(s) => to_goal_with_walls(s, walls),
    }
}
