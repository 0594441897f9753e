//! Board coordinates (grid steps, from the rules crate) scaled into SVG
//! units. One grid step is [`UNIT`] SVG units.

use barricade_rules::{Colour, Square};

/// SVG units per grid step.
pub const UNIT: f32 = 10.0;

/// The SVG `viewBox`: the grid, the homes below it and a margin.
pub const VIEW_BOX: &str = "-8 -9 176 178";

/// Radius of a playing square.
pub const SQUARE_RADIUS: f32 = 3.6;
/// Radius of a pawn.
pub const PAWN_RADIUS: f32 = 3.0;
/// Radius of a barricade piece.
pub const BARRICADE_RADIUS: f32 = 3.3;
/// Radius of the circle through a home's five places.
pub const HOME_SLOT_RADIUS: f32 = 7.6;
/// Radius of the pentagon drawn around a home.
pub const HOME_RADIUS: f32 = 12.8;

/// Centre of a square in SVG units.
///
/// ```
/// use barricade_rules::Square;
/// assert_eq!(barricade_web::geometry::square_xy(Square::GOAL), (80.0, 0.0));
/// ```
pub fn square_xy(square: Square) -> (f32, f32) {
    (f32::from(square.x()) * UNIT, f32::from(square.y()) * UNIT)
}

/// Centre of a colour's home in SVG units.
pub fn home_xy(colour: Colour) -> (f32, f32) {
    let (x, y) = colour.home_centre();
    (x * UNIT, y * UNIT)
}

/// Point `k` of 5 on a circle of radius `r` around `(cx, cy)`, the first one
/// at the top, going clockwise.
fn pentagon_point(cx: f32, cy: f32, r: f32, k: usize) -> (f32, f32) {
    let angle = (-90.0 + 72.0 * k as f32).to_radians();
    (cx + r * angle.cos(), cy + r * angle.sin())
}

/// Centre of place `slot` (0..5) in a colour's home.
pub fn home_slot_xy(colour: Colour, slot: usize) -> (f32, f32) {
    let (cx, cy) = home_xy(colour);
    pentagon_point(cx, cy, HOME_SLOT_RADIUS, slot % 5)
}

/// The `points` attribute of the pentagon drawn around a colour's home.
pub fn home_outline(colour: Colour) -> String {
    let (cx, cy) = home_xy(colour);
    (0..5)
        .map(|k| {
            let (x, y) = pentagon_point(cx, cy, HOME_RADIUS, k);
            format!("{x:.1},{y:.1}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(b - a > 2.0 * HOME_RADIUS * 0.95);
    }

    #[test]
    fn home_slots_are_distinct() {
        for colour in Colour::ALL {
            for i in 0..5 {
                for j in 0..i {
                    let (ax, ay) = home_slot_xy(colour, i);
                    let (bx, by) = home_slot_xy(colour, j);
                    assert!((ax - bx).hypot(ay - by) > 2.0 * PAWN_RADIUS);
                }
            }
        }
    }
}
