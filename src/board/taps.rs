//! Where a click lands on the board, found from its position (as
//! chessground does): one `getBoundingClientRect` of the `<svg>`, then
//! plain arithmetic on board coordinates against the centres of what can
//! be chosen now. Nothing is looked up in the page.

use super::handles::Hit;

/// How far (in CSS pixels) a tap may land from something that can be
/// chosen and still choose it: every choice is a target of at least 40 px
/// across, even on a phone, where squares are only about 23 px apart.
pub const TOUCH_RADIUS: f64 = 20.0;

/// The board point (tenths of an SVG unit) under the client point `at`,
/// for an `<svg>` with the viewBox `view` (x, y, width, height in tenths,
/// [`crate::state::geometry::view`]) drawn in `rect` (x, y, width, height in CSS
/// pixels, the viewBox scaled to fit and centred, as SVG does by
/// default), and the number of tenths per CSS pixel.
pub fn to_board(
    view: (i32, i32, i32, i32),
    rect: (f64, f64, f64, f64),
    at: (f64, f64),
) -> ((f64, f64), f64) {
    let (vx, vy, vw, vh) = view;
    let view = (f64::from(vx), f64::from(vy), f64::from(vw), f64::from(vh));
    let (x, y, w, h) = rect;
    let scale = (w / view.2).min(h / view.3);
    if scale <= 0.0 {
        return ((f64::NAN, f64::NAN), 0.0);
    }
    let left = x + (w - view.2 * scale) / 2.0;
    let top = y + (h - view.3 * scale) / 2.0;
    (
        (
            (at.0 - left) / scale + view.0,
            (at.1 - top) / scale + view.1,
        ),
        1.0 / scale,
    )
}

fn distance((x, y): (i32, i32), at: (f64, f64)) -> f64 {
    (f64::from(x) - at.0).hypot(f64::from(y) - at.1)
}

/// The index of the point nearest to `at` that is at most `radius` away;
/// the first of equally near ones.
pub fn nearest(points: &[(i32, i32)], at: (f64, f64), radius: f64) -> Option<usize> {
    points
        .iter()
        .map(|&p| distance(p, at))
        .enumerate()
        .filter(|&(_, d)| d <= radius)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// What a click chooses: the square or pawn `under` it (read from the
/// event's target) when that can be chosen now; otherwise the nearest of
/// the `choosable` things (pawns first) within [`TOUCH_RADIUS`] of the
/// client point `at` on a board with the viewBox `view`; otherwise
/// whatever is under it.
pub fn choose(
    view: (i32, i32, i32, i32),
    choosable: &[(Hit, (i32, i32))],
    under: Option<Hit>,
    rect: (f64, f64, f64, f64),
    at: (f64, f64),
) -> Option<Hit> {
    if under.is_some_and(|u| choosable.iter().any(|c| c.0 == u)) {
        return under;
    }
    let (point, per_px) = to_board(view, rect, at);
    let centres: Vec<(i32, i32)> = choosable.iter().map(|c| c.1).collect();
    match nearest(&centres, point, TOUCH_RADIUS * per_px) {
        Some(i) => Some(choosable[i].0),
        None => under,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::geometry::{square_xy, view};
    use barricade_rules::{Board, Colour, Square};

    #[test]
    fn a_tap_chooses_the_nearest_choice_within_reach() {
        let points = [(0, 0), (300, 0), (0, 230)];
        assert_eq!(nearest(&points, (180.0, 0.0), 200.0), Some(1));
        assert_eq!(nearest(&points, (20.0, 140.0), 200.0), Some(2));
        assert_eq!(nearest(&points, (-190.0, 0.0), 200.0), Some(0));
        assert_eq!(nearest(&points, (600.0, 600.0), 200.0), None);
        assert_eq!(nearest(&[], (0.0, 0.0), 200.0), None);
    }

    #[test]
    fn client_points_map_onto_the_board() {
        let classic = view(Board::classic());
        // 176 x 178 CSS pixels: one pixel is one SVG unit (ten tenths).
        let rect = (100.0, 50.0, 176.0, 178.0);
        let ((x, y), per_px) = to_board(classic, rect, (100.0 + 8.0 + 80.0, 50.0 + 9.0));
        assert!((x - 800.0).abs() < 1e-9 && y.abs() < 1e-9);
        assert!((per_px - 10.0).abs() < 1e-9);
        // A wider box: the board is centred in it.
        let ((x, _), _) = to_board(classic, (0.0, 0.0, 376.0, 178.0), (100.0 + 8.0, 9.0));
        assert!(x.abs() < 1e-9);
        // The quick board is lower: in a box of the classic board's shape
        // it is centred from top to bottom.
        let quick = view(Board::quick());
        let ((x, y), _) = to_board(quick, (0.0, 0.0, 176.0, 178.0), (8.0 + 80.0, 20.0 + 9.0));
        assert!((x - 800.0).abs() < 1e-9 && y.abs() < 1e-9);
    }

    #[test]
    fn what_is_under_the_click_wins_then_the_nearest_choice() {
        let board = Board::classic();
        let v = view(board);
        let rect = (0.0, 0.0, 176.0, 178.0);
        let goal = Square::GOAL;
        let on_goal = (8.0 + 80.0, 9.0);
        let pawn = Hit::Pawn(Colour::Red, 2);
        let both = [
            (pawn, square_xy(board, goal)),
            (Hit::Square(goal), square_xy(board, goal)),
        ];
        assert_eq!(choose(v, &both, None, rect, on_goal), Some(pawn));
        // A synthetic click (no position) on a choice still chooses it.
        let sq = Hit::Square(goal);
        assert_eq!(choose(v, &both, Some(sq), rect, (0.0, 0.0)), Some(sq));
        // Nothing to choose near: what is under the click.
        let a3 = Hit::Square("a3".parse().unwrap());
        assert_eq!(
            choose(v, &both, Some(a3), rect, (8.0, 9.0 + 110.0)),
            Some(a3)
        );
        assert_eq!(choose(v, &[], None, rect, on_goal), None);
    }
}
