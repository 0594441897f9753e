//! Board coordinates (grid steps, from the rules crate) scaled into SVG
//! units. One grid step is ten SVG units. Every length here is an integer
//! number of tenths of an SVG unit ([`Tenths`]), so drawing needs neither
//! float formatting nor trigonometry in the page's code.

use barricade_rules::{Colour, Square};
use std::fmt;

/// Tenths of an SVG unit per grid step.
pub const UNIT: i32 = 100;

/// The SVG `viewBox`: the grid, the homes below it and a margin.
pub const VIEW_BOX: &str = "-8 -9 176 178";

/// Radius of a playing square (3.6 SVG units).
pub const SQUARE_RADIUS: i32 = 36;
/// Radius of a pawn (3 SVG units).
pub const PAWN_RADIUS: i32 = 30;
/// Radius of a barricade piece (3.3 SVG units).
pub const BARRICADE_RADIUS: i32 = 33;
/// Radius of the circle through a home's five places (7.6 SVG units).
pub const HOME_SLOT_RADIUS: i32 = 76;
/// Radius of the pentagon drawn around a home (12.8 SVG units).
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

/// A length in tenths of an SVG unit, written as SVG wants it ("12",
/// "-0.5", "3.6").
///
/// ```
/// use barricade_web::geometry::Tenths;
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
/// use barricade_rules::Square;
/// assert_eq!(barricade_web::geometry::square_xy(Square::GOAL), (800, 0));
/// ```
pub fn square_xy(square: Square) -> (i32, i32) {
    (i32::from(square.x()) * UNIT, i32::from(square.y()) * UNIT)
}

/// Centre of a colour's home in tenths of an SVG unit.
pub fn home_xy(colour: Colour) -> (i32, i32) {
    let (x, y) = colour.home_centre();
    ((x * 100.0 + 0.5) as i32, (y * 100.0 + 0.5) as i32)
}

/// Corner `k` of 5 of a pentagon of radius `r` around `(cx, cy)`.
fn pentagon_point((cx, cy): (i32, i32), r: i32, k: usize) -> (i32, i32) {
    let (dx, dy) = PENTAGON[k % 5];
    (
        cx + (r * dx + 500 * dx.signum()) / 1000,
        cy + (r * dy + 500 * dy.signum()) / 1000,
    )
}

/// Centre of place `slot` (0..5) in a colour's home.
pub fn home_slot_xy(colour: Colour, slot: usize) -> (i32, i32) {
    pentagon_point(home_xy(colour), HOME_SLOT_RADIUS, slot)
}

/// The `points` attribute of the pentagon drawn around a colour's home.
pub fn home_outline(colour: Colour) -> String {
    let mut out = String::new();
    for k in 0..5 {
        let (x, y) = pentagon_point(home_xy(colour), HOME_RADIUS, k);
        if k > 0 {
            out.push(' ');
        }
        out += &format!("{},{}", Tenths(x), Tenths(y));
    }
    out
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
            home_outline(Colour::Red),
            "20,139.2 32.2,148 27.5,162.4 12.5,162.4 7.8,148"
        );
    }

    #[test]
    fn homes_sit_below_their_entry_squares_and_do_not_overlap() {
        for colour in Colour::ALL {
            let (ex, ey) = square_xy(colour.entry());
            let (hx, hy) = home_xy(colour);
            assert_eq!(ex, hx);
            assert!(hy - HOME_RADIUS > ey + SQUARE_RADIUS);
        }
        let (a, _) = home_xy(Colour::Red);
        let (b, _) = home_xy(Colour::Green);
        assert!(b - a > 2 * HOME_RADIUS * 95 / 100);
    }

    #[test]
    fn home_slots_are_distinct() {
        for colour in Colour::ALL {
            for i in 0..5 {
                for j in 0..i {
                    let (ax, ay) = home_slot_xy(colour, i);
                    let (bx, by) = home_slot_xy(colour, j);
                    let d2 = (ax - bx).pow(2) + (ay - by).pow(2);
                    assert!(d2 > (2 * PAWN_RADIUS).pow(2));
                }
            }
        }
    }
}
