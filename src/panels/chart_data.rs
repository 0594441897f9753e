//! What the analysis chart draws, as plain data (tested natively): every
//! colour's chance to win after every move as a line, and the marks of the
//! moves that changed the chances most. `panels/chart.rs` draws it.

use crate::i18n::Words;
use crate::state::analysis::GameAnalysis;
use barricade_ai::eval::Scores;
use barricade_rules::Colour;

/// The plot's width and height in SVG units (the marks reach a little
/// beyond: see `VIEW_BOX`).
pub const WIDTH: u32 = 600;
/// See [`WIDTH`].
pub const HEIGHT: u32 = 200;

/// The x of `ply` in a game of `plies` plies.
pub fn x_of(ply: usize, plies: usize) -> u32 {
    if plies == 0 {
        return 0;
    }
    let ply = ply.min(plies) as u64;
    ((ply * u64::from(WIDTH) * 2 + plies as u64) / (2 * plies as u64)) as u32
}

/// The y of a chance (1 at the top).
pub fn y_of(chance: f32) -> u32 {
    HEIGHT - (clamp(chance) * HEIGHT as f32 + 0.5) as u32
}

/// A chance in 0..=1 (NaN: 0).
fn clamp(x: f32) -> f32 {
    if x >= 1.0 {
        1.0
    } else if x > 0.0 {
        x
    } else {
        0.0
    }
}

/// A chance with 3 decimals, without float formatting.
pub fn thousandths(x: f32) -> String {
    let n = (clamp(x) * 1000.0 + 0.5) as u32;
    let frac = n % 1000;
    let pad = if frac < 10 {
        "00"
    } else if frac < 100 {
        "0"
    } else {
        ""
    };
    format!("{}.{pad}{frac}", n / 1000)
}

/// A chance in whole percent.
pub(crate) fn percent(x: f32) -> u32 {
    (clamp(x) * 100.0 + 0.5) as u32
}

/// One colour's line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    /// Its colour.
    pub colour: Colour,
    /// The SVG points, `x,y x,y ...`.
    pub points: String,
    /// Every chance with 3 decimals, space-separated, in ply order.
    pub values: String,
}

/// A marked ply on the chart.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mark {
    /// The ply (1-based: the board after it is shown on a click).
    pub ply: usize,
    /// Where it is drawn: on the line of the colour whose chance changed
    /// most (the mover's on a tie), after the ply.
    pub x: u32,
    /// See `x`.
    pub y: u32,
    /// That colour.
    pub colour: Colour,
    /// Is it the deciding ply?
    pub decider: bool,
    /// Its accessible name.
    pub label: String,
}

/// Everything the chart draws, from the analysis.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChartData {
    /// Points received.
    pub points: usize,
    /// Points when complete.
    pub total: usize,
    /// One per colour in play.
    pub lines: Vec<Line>,
    /// The marked plies.
    pub marks: Vec<Mark>,
    /// The deciding ply, once known.
    pub decider: Option<usize>,
    /// The line under the chart.
    pub caption: String,
}

/// The line of `colour` through `chances` in a game of `plies` plies.
pub fn line(colour: Colour, chances: &[Scores], plies: usize) -> Line {
    let mut points = String::new();
    let mut values = String::new();
    for (ply, s) in chances.iter().enumerate() {
        let c = s[colour.index()];
        if ply > 0 {
            points.push(' ');
            values.push(' ');
        }
        points.push_str(&format!("{},{}", x_of(ply, plies), y_of(c)));
        values.push_str(&thousandths(c));
    }
    Line {
        colour,
        points,
        values,
    }
}

/// What the chart shows for `a`, its words in `w`.
pub fn chart_data(w: Words, a: &GameAnalysis) -> ChartData {
    let plies = a.plies();
    let colours = a.colours();
    let decider = a.decider();
    let board = a.board();
    let marks = a
        .marks()
        .iter()
        .map(|s| {
            let moved = |c: &Colour| s.change(*c).abs();
            let colour = if moved(&s.mover) >= s.size() {
                s.mover
            } else {
                colours
                    .iter()
                    .copied()
                    .max_by(|a, b| moved(a).total_cmp(&moved(b)))
                    .unwrap_or(s.mover)
            };
            let (before, after) = (s.before[colour.index()], s.after[colour.index()]);
            Mark {
                ply: s.ply,
                x: x_of(s.ply, plies),
                y: y_of(after),
                colour,
                decider: decider.is_some_and(|d| d.ply == s.ply),
                label: w.swing_label(
                    s.ply,
                    s.mover,
                    &board.move_name(s.decision),
                    colour,
                    percent(before),
                    percent(after),
                ),
            }
        })
        .collect();
    let caption = match (decider, a.winner()) {
        _ if a.total() == 0 => String::new(),
        (Some(d), Some(winner)) => {
            w.decided_by(d.ply, d.mover, &board.move_name(d.decision), winner)
        }
        _ if !a.is_done() => w.analysing(a.chances().len(), a.total()),
        _ => w.no_decider().to_string(),
    };
    ChartData {
        points: a.chances().len(),
        total: a.total(),
        lines: colours
            .iter()
            .map(|&c| line(c, a.chances(), plies))
            .collect(),
        marks,
        decider: decider.map(|d| d.ply),
        caption,
    }
}

/// The x of the line of the move shown, `ply`, on the chart of `d`.
pub fn now_x(d: &ChartData, ply: usize) -> String {
    x_of(ply, d.total.saturating_sub(1)).to_string()
}
