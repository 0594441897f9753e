//! Board coordinates (grid steps, from the rules crate) scaled into SVG
//! units. One grid step is ten SVG units. Every length here is an integer
//! number of tenths of an SVG unit ([`Tenths`]), so drawing needs neither
//! float formatting nor trigonometry in the page's code.

use barricade_rules::{Board, Colour, Square};
use std::fmt;

/// Tenths of an SVG unit per grid step.
pub const UNIT: i32 = 100;

/// Radius of a playing square (3.6 SVG units).
pub const SQUARE_RADIUS: i32 = 36;
/// Radius of a pawn (3 SVG units).
pub const PAWN_RADIUS: i32 = 30;
/// Radius of a barricade piece (3.3 SVG units).
pub const BARRICADE_RADIUS: i32 = 33;
/// Radius of the circle through a home's places (7.6 SVG units).
pub const HOME_SLOT_RADIUS: i32 = 76;
/// Radius of the outline drawn around a home (12.8 SVG units).
pub const HOME_RADIUS: i32 = 128;

/// The corners of a regular pentagon on the unit circle, in thousandths,
/// the first one at the top, going clockwise (y grows downwards):
/// `(cos a, sin a)` for `a = -90° + 72° k`.
const PENTAGON: [(i32, i32); 5] = [
    (0, -1000),
    (951, -309),
    (588, 809),
    (-588, 809),
    (-951, -309),
];

/// The corners of a square standing on one corner (a diamond), the first
/// at the top, going clockwise: the home of a board with four pawns.
const DIAMOND: [(i32, i32); 4] = [(0, -1000), (1000, 0), (0, 1000), (-1000, 0)];

/// The corners of a home's outline: one per pawn.
fn corners(board: &Board) -> &'static [(i32, i32)] {
    if board.pawns_per_colour() == 4 {
        &DIAMOND
    } else {
        &PENTAGON
    }
}

/// The board's area in tenths of an SVG unit: `(x, y, width, height)`,
/// the grid, the homes below it and a margin.
///
/// ```
/// use barricade_rules::Board;
/// use barricade_web::state::geometry::view;
/// assert_eq!(view(Board::classic()), (-80, -90, 1760, 1780));
/// assert_eq!(view(Board::quick()), (-80, -90, 1760, 1380));
/// ```
pub fn view(board: &Board) -> (i32, i32, i32, i32) {
    let (width, height) = board.size();
    (
        -80,
        -90,
        (i32::from(width) - 1) * UNIT + 160,
        (i32::from(height) - 1) * UNIT + 480,
    )
}

/// The SVG `viewBox` of [`view`].
pub fn view_box(board: &Board) -> String {
    let (x, y, w, h) = view(board);
    format!("{} {} {} {}", Tenths(x), Tenths(y), Tenths(w), Tenths(h))
}

/// A length in tenths of an SVG unit, written as SVG wants it ("12",
/// "-0.5", "3.6").
///
/// ```
/// use barricade_web::state::geometry::Tenths;
/// assert_eq!(Tenths(36).to_string(), "3.6");
/// assert_eq!(Tenths(-5).to_string(), "-0.5");
/// assert_eq!(Tenths(800).to_string(), "80");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tenths(pub i32);

impl fmt::Display for Tenths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.0.unsigned_abs();
        if self.0 < 0 {
            f.write_str("-")?;
        }
        let (whole, tenth) = (a / 10, a % 10);
        write!(f, "{whole}")?;
        if tenth > 0 {
            write!(f, ".{tenth}")?;
        }
        Ok(())
    }
}

/// Centre of a square in tenths of an SVG unit.
///
/// ```
/// use barricade_rules::{Board, Square};
/// assert_eq!(barricade_web::state::geometry::square_xy(Board::classic(), Square::GOAL), (800, 0));
/// ```
pub fn square_xy(board: &Board, square: Square) -> (i32, i32) {
    let (x, y) = board.xy(square);
    (i32::from(x) * UNIT, i32::from(y) * UNIT)
}

/// Centre of a colour's home in tenths of an SVG unit.
pub fn home_xy(board: &Board, colour: Colour) -> (i32, i32) {
    let (x, y) = board.home_centre(colour);
    ((x * 100.0 + 0.5) as i32, (y * 100.0 + 0.5) as i32)
}

/// Corner `k` of a home outline of radius `r` around `(cx, cy)`.
fn corner(board: &Board, (cx, cy): (i32, i32), r: i32, k: usize) -> (i32, i32) {
    let c = corners(board);
    let (dx, dy) = c[k % c.len()];
    (
        cx + (r * dx + 500 * dx.signum()) / 1000,
        cy + (r * dy + 500 * dy.signum()) / 1000,
    )
}

/// Centre of place `slot` (one per pawn) in a colour's home.
pub fn home_slot_xy(board: &Board, colour: Colour, slot: usize) -> (i32, i32) {
    corner(board, home_xy(board, colour), HOME_SLOT_RADIUS, slot)
}

/// The `points` attribute of the outline drawn around a colour's home: a
/// pentagon for five pawns, a diamond for four.
pub fn home_outline(board: &Board, colour: Colour) -> String {
    let mut out = String::new();
    for k in 0..corners(board).len() {
        let (x, y) = corner(board, home_xy(board, colour), HOME_RADIUS, k);
        if k > 0 {
            out.push(' ');
        }
        out += &format!("{},{}", Tenths(x), Tenths(y));
    }
    out
}

/// An ellipse `(cx, cy, rx, ry)` in tenths of an SVG unit.
pub type Oval = (i32, i32, i32, i32);

/// The village's oval: around its squares with a margin of most of a
/// square (`None` on a board without a village).
pub fn village_oval(board: &Board) -> Option<Oval> {
    let village = board.village();
    let xy = || village.iter().map(|s| square_xy(board, s));
    let (x0, x1) = (xy().map(|p| p.0).min()?, xy().map(|p| p.0).max()?);
    let (y0, y1) = (xy().map(|p| p.1).min()?, xy().map(|p| p.1).max()?);
    let margin = UNIT * 9 / 10;
    Some((
        (x0 + x1) / 2,
        (y0 + y1) / 2,
        (x1 - x0) / 2 + margin,
        (y1 - y0) / 2 + margin,
    ))
}

/// The forest's oval, on the empty grid point the board gives it.
pub fn forest_oval(board: &Board) -> Option<Oval> {
    let f = board.forest()?;
    let (x, y) = (i32::from(f.x) * UNIT, i32::from(f.y) * UNIT);
    Some((x, y, UNIT * 24 / 10, UNIT * 45 / 100))
}

/// Where the `k`-th pawn in the forest stands: in a row along the oval,
/// from the middle outwards, a second row above the first when it is full.
///
/// ```
/// use barricade_rules::Board;
/// use barricade_web::state::geometry::forest_slot_xy;
/// assert_eq!(forest_slot_xy(Board::quick(), 0), (800, 600));
/// assert_eq!(forest_slot_xy(Board::quick(), 1), (730, 600));
/// ```
pub fn forest_slot_xy(board: &Board, k: usize) -> (i32, i32) {
    let (x, y, _, _) = forest_oval(board).unwrap_or_default();
    let (row, col) = ((k / 7) as i32, (k % 7) as i32);
    let side = if col % 2 == 1 { -1 } else { 1 };
    (x + side * (col + 1) / 2 * 70, y - row * 35)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentagon_matches_the_trigonometry() {
        for (k, &(dx, dy)) in PENTAGON.iter().enumerate() {
            let a = (-90.0 + 72.0 * k as f64).to_radians();
            assert!((a.cos() * 1000.0 - f64::from(dx)).abs() < 0.6);
            assert!((a.sin() * 1000.0 - f64::from(dy)).abs() < 0.6);
        }
        assert_eq!(
            home_outline(Board::classic(), Colour::Red),
            "20,139.2 32.2,148 27.5,162.4 12.5,162.4 7.8,148"
        );
        assert_eq!(
            home_outline(Board::quick(), Colour::Red),
            "20,99.2 32.8,112 20,124.8 7.2,112"
        );
    }

    #[test]
    fn homes_sit_below_their_entry_squares_and_do_not_overlap() {
        for board in [Board::classic(), Board::quick()] {
            for colour in Colour::ALL {
                let (ex, ey) = square_xy(board, board.entry(colour));
                let (hx, hy) = home_xy(board, colour);
                assert_eq!(ex, hx);
                assert!(hy - HOME_RADIUS > ey + SQUARE_RADIUS);
                let (_, vy, _, vh) = view(board);
                assert!(hy + HOME_RADIUS < vy + vh);
            }
            let (a, _) = home_xy(board, Colour::Red);
            let (b, _) = home_xy(board, Colour::Green);
            assert!(b - a > 2 * HOME_RADIUS * 95 / 100);
        }
    }

    #[test]
    fn home_and_forest_places_are_distinct() {
        for board in [Board::classic(), Board::quick()] {
            let n = board.pawns_per_colour();
            for colour in Colour::ALL {
                for i in 0..n {
                    for j in 0..i {
                        let (ax, ay) = home_slot_xy(board, colour, i);
                        let (bx, by) = home_slot_xy(board, colour, j);
                        let d2 = (ax - bx).pow(2) + (ay - by).pow(2);
                        assert!(d2 > (2 * PAWN_RADIUS).pow(2));
                    }
                }
            }
        }
        let quick = Board::quick();
        let (x, _, rx, _) = forest_oval(quick).unwrap();
        for i in 0..7 {
            let (ax, _) = forest_slot_xy(quick, i);
            assert!((ax - x).abs() + PAWN_RADIUS <= rx, "{i}");
            for j in 0..i {
                assert!((ax - forest_slot_xy(quick, j).0).abs() > 2 * PAWN_RADIUS);
            }
        }
    }

    #[test]
    fn the_quick_board_has_its_ovals_and_the_classic_board_none() {
        assert_eq!(village_oval(Board::classic()), None);
        assert_eq!(forest_oval(Board::classic()), None);
        let quick = Board::quick();
        let (cx, cy, rx, ry) = village_oval(quick).unwrap();
        for s in quick.village().iter() {
            let (x, y) = square_xy(quick, s);
            assert!((x - cx).abs() < rx && (y - cy).abs() < ry);
        }
        // The forest's oval stays clear of the squares beside it.
        let (fx, fy, frx, _) = forest_oval(quick).unwrap();
        for s in quick.squares() {
            let (x, y) = square_xy(quick, s);
            if y == fy {
                assert!((x - fx).abs() > frx + SQUARE_RADIUS);
            }
        }
    }
}
