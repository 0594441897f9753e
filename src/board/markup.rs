//! The board's markup, built once as text by native code: the app writes
//! it into its `<svg>` when the page has no prerendered board, and
//! `cargo xtask finish-site` writes the same text into `index.html`
//! (see [`crate::prerender::shell`]), so the page shows the board before the
//! WebAssembly has loaded.
//!
//! Any board is drawn from its data in the rules crate: its squares and
//! links, the rest squares in blue, the village and the forest as yellow
//! ovals behind their squares. The board holds every element the update
//! code keeps a handle on: the layers, the squares, the four homes, every
//! pawn, the pool of barricades, and the route and ghost of the hover
//! layer. Pieces are drawn at the origin and put in place by a transform,
//! so moving one is one attribute.

use crate::i18n::Words;
use crate::i18n::text::Text;
use crate::state::geometry::{
    BARRICADE_RADIUS, HOME_RADIUS, Oval, PAWN_RADIUS, SQUARE_RADIUS, Tenths, forest_oval,
    home_outline, home_xy, square_xy, view, village_oval,
};
use crate::state::scene::{PawnPiece, Place, Scene};
use barricade_rules::{Board, Colour, Square};
use std::fmt::Write;

/// The most pawns a colour has on any board: the size of the handle
/// tables.
pub const PAWNS: usize = 5;

/// The layers the pieces go in, by their class, in drawing order.
pub const LAYERS: [&str; 5] = [
    "homes-layer",
    "bars-layer",
    "hover-layer",
    "pawns-layer",
    "held-layer",
];

/// The whole board with the pieces of `scene`, which has every colour in
/// play and all eleven barricades on the board (the start of a game, or
/// the new-game form's preview of a four-player game).
pub fn board_markup(words: Words, scene: &Scene) -> String {
    let board = scene.board.board();
    let mut m = String::with_capacity(40_000);
    m.push_str(concat!(
        r##"<defs><radialGradient id="gloss" cx="35%" cy="30%" r="70%"><stop offset="0%" stop-color="#fff" stop-opacity="0.55"/><stop offset="45%" stop-color="#fff" stop-opacity="0"/></radialGradient>"##,
        r##"<radialGradient id="paper" cx="50%" cy="40%" r="75%"><stop offset="0%" stop-color="#f3cf6b"/><stop offset="100%" stop-color="#dfaa38"/></radialGradient>"##,
        r##"<filter id="lift" x="-50%" y="-50%" width="200%" height="200%"><feDropShadow dx="0.6" dy="0.9" stdDeviation="0.7" flood-opacity="0.45"/></filter></defs>"##,
    ));
    let (x, y, w, h) = view(board);
    let _ = write!(
        m,
        r#"<rect class="field" x="{}" y="{}" width="{}" height="{}" rx="6"/>"#,
        Tenths(x),
        Tenths(y),
        Tenths(w),
        Tenths(h)
    );
    oval(
        &mut m,
        "village",
        words.t(Text::Village),
        village_oval(board),
    );
    oval(&mut m, "forest", words.t(Text::Forest), forest_oval(board));
    m.push_str(r#"<g class="homes-layer">"#);
    for &c in &scene.homes {
        home(&mut m, board, c, scene.turn == Some(c));
    }
    m.push_str("</g>");
    for (a, b) in board.links() {
        let (x1, y1) = square_xy(board, a);
        let (x2, y2) = square_xy(board, b);
        let _ = write!(
            m,
            r#"<line class="track" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            Tenths(x1),
            Tenths(y1),
            Tenths(x2),
            Tenths(y2)
        );
    }
    for s in board.squares() {
        cell(&mut m, words, board, s);
    }
    m.push_str(r#"<g class="bars-layer">"#);
    for &s in &scene.barricades {
        let at = translate(square_xy(board, s));
        barricade(&mut m, words, "data-barricade", &board.name(s), &at);
    }
    let _ = write!(
        m,
        r#"</g><g class="hover-layer"><polyline class="route" points="" display="none"/><circle class="ghost" r="{}" display="none"/></g><g class="pawns-layer">"#,
        Tenths(BARRICADE_RADIUS)
    );
    for p in &scene.pawns {
        pawn(&mut m, words, board, p);
    }
    m.push_str(r#"</g><g class="held-layer"></g>"#);
    m
}

/// An oval behind the squares of a place with a rule of its own (the
/// village, the forest), with its name as a title.
fn oval(m: &mut String, class: &str, name: &str, oval: Option<Oval>) {
    if let Some((cx, cy, rx, ry)) = oval {
        let _ = write!(
            m,
            r#"<ellipse class="{class}" cx="{}" cy="{}" rx="{}" ry="{}"><title>{}</title></ellipse>"#,
            Tenths(cx),
            Tenths(cy),
            Tenths(rx),
            Tenths(ry),
            name
        );
    }
}

/// One square, with its name; the goal has its rings and a title.
fn cell(m: &mut String, words: Words, board: &Board, s: Square) {
    let (x, y) = square_xy(board, s);
    let at = format!(r#"cx="{}" cy="{}""#, Tenths(x), Tenths(y));
    let goal = s == board.goal();
    let _ = write!(
        m,
        r#"<g class="cell{}" data-square="{}"><circle class="hit" {at} r="4.9"/>"#,
        if goal { " goal" } else { "" },
        board.name(s)
    );
    if goal {
        let _ = write!(
            m,
            r#"<title>{}</title><circle class="goal-ring" {at} r="{}"/><circle class="goal-eye" {at} r="{}"/>"#,
            words.t(Text::Goal),
            Tenths(SQUARE_RADIUS * 19 / 10),
            Tenths(SQUARE_RADIUS * 9 / 10)
        );
    } else {
        let start = board.barricade_start().contains(&s);
        let rest = board.rest_squares().contains(s);
        let _ = write!(
            m,
            r#"<circle class="square{}{}" {at} r="{}"/>"#,
            if start { " start" } else { "" },
            if rest { " rest" } else { "" },
            Tenths(SQUARE_RADIUS)
        );
    }
    let _ = write!(
        m,
        r#"<circle class="halo" {at} r="{}"/></g>"#,
        Tenths(SQUARE_RADIUS + 12)
    );
}

/// The class of a colour's home (`turn`: its turn, it glows).
pub fn home_class(c: Colour, turn: bool) -> String {
    format!("home {}{}", c.name(), if turn { " turn" } else { "" })
}

/// A colour's home: a pentagon (a diamond for four pawns) below its entry
/// square joined to it by a dotted line.
fn home(m: &mut String, board: &Board, c: Colour, turn: bool) {
    let (ex, ey) = square_xy(board, board.entry(c));
    let (hx, hy) = home_xy(board, c);
    let _ = write!(
        m,
        r#"<g class="{}" data-home="{}"><line class="home-link" x1="{}" y1="{}" x2="{}" y2="{}"/><polygon class="home-outline" points="{}"/></g>"#,
        home_class(c, turn),
        c.name(),
        Tenths(ex),
        Tenths(ey + SQUARE_RADIUS),
        Tenths(hx),
        Tenths(hy - HOME_RADIUS),
        home_outline(board, c)
    );
}

/// The `transform` attribute that puts a piece drawn at the origin at
/// `(x, y)` (tenths of an SVG unit).
pub fn translate((x, y): (i32, i32)) -> String {
    format!("translate({} {})", Tenths(x), Tenths(y))
}

/// Where the `index`-th held barricade (french) sits: on the shoulder of
/// the pawn on its square, a second one of the same pawn a little higher.
/// Returns its `transform` (the piece at 55 % of its size).
pub fn held_transform(board: &Board, held: &[Square], index: usize) -> String {
    let s = held[index];
    let (x, y) = square_xy(board, s);
    let r = BARRICADE_RADIUS * 55 / 100;
    let stacked = held[..index].iter().filter(|&&h| h == s).count() as i32;
    let centre = (
        x + PAWN_RADIUS * 8 / 10,
        y - PAWN_RADIUS * 8 / 10 - stacked * r,
    );
    format!("{} scale(0.55)", translate(centre))
}

/// One barricade piece at the origin, moved by `transform`: a cream disc
/// with a dark bar, lifted above the board; `kind` is its data attribute
/// (`data-barricade`, or `data-held` for one held by a pawn), `at` the
/// name of its square.
pub fn barricade(m: &mut String, words: Words, kind: &str, at: &str, transform: &str) {
    let title = words.t(if kind == "data-held" {
        Text::HeldBarricade
    } else {
        Text::Barricade
    });
    let r = BARRICADE_RADIUS;
    let _ = write!(
        m,
        r#"<g class="barricade" {kind}="" data-at="{at}" transform="{transform}" filter="url(#lift)"><title>{title}</title><circle class="barricade-body" r="{}"/><rect class="barricade-bar" x="{}" y="{}" width="{}" height="{}" rx="{}"/></g>"#,
        Tenths(r),
        Tenths(-r * 62 / 100),
        Tenths(-r * 22 / 100),
        Tenths(r * 124 / 100),
        Tenths(r * 43 / 100),
        Tenths(r * 13 / 100),
    );
}

/// A pawn, with its colour's own mark so that colours can be told apart
/// without seeing colour (red a dot, green a ring, yellow a bar, blue a
/// cross), and the attributes of [`pawn_attributes`].
fn pawn(m: &mut String, words: Words, board: &Board, p: &PawnPiece) {
    let c = p.colour;
    let mark = match c {
        Colour::Red => r#"<circle class="mark" r="0.84"/>"#,
        Colour::Green => r#"<circle class="mark ring" r="1.35" fill="none"/>"#,
        Colour::Yellow => {
            r#"<rect class="mark" x="-1.5" y="-0.42" width="3" height="0.84" rx="0.2"/>"#
        }
        Colour::Blue => r#"<path class="mark cross" d="M-1.2 -1.2L1.2 1.2M-1.2 1.2L1.2 -1.2"/>"#,
    };
    let _ = write!(
        m,
        r#"<g class="pawn {0}" data-pawn="{0}" data-n="{1}""#,
        c.name(),
        p.number
    );
    for (name, value) in pawn_attributes(words, board, p) {
        if let Some(v) = value {
            let _ = write!(m, r#" {name}="{v}""#);
        }
    }
    let _ = write!(
        m,
        r#"><g filter="url(#lift)"><circle class="pawn-ring" r="{0}"/><circle class="pawn-body" r="{1}"/><circle class="pawn-gloss" r="{1}" fill="url(#gloss)"/>{mark}</g></g>"#,
        Tenths(PAWN_RADIUS + 11),
        Tenths(PAWN_RADIUS),
    );
}

/// The attributes of a pawn that change: `(name, Some(value))` to set,
/// `(name, None)` to remove.
pub fn pawn_attributes(
    words: Words,
    board: &Board,
    p: &PawnPiece,
) -> [(&'static str, Option<String>); 8] {
    let (x, y) = p.place.xy(board, p.colour);
    let at = match p.place {
        Place::On(s) => board.name(s),
        Place::Home(_) => "home".into(),
        Place::Forest(_) => "forest".into(),
    };
    let flag = |b: bool| b.then(String::new);
    [
        ("data-at", Some(at)),
        (
            "style",
            Some(format!(
                "transform:translate({}px,{}px)",
                Tenths(x),
                Tenths(y)
            )),
        ),
        ("data-selectable", flag(p.selectable)),
        ("data-selected", flag(p.selected)),
        ("tabindex", p.selectable.then(|| "0".to_string())),
        // A pawn that can be chosen is a button; any other is a named
        // picture (a name on an element with no role is not allowed).
        (
            "role",
            Some(if p.selectable { "button" } else { "img" }.to_string()),
        ),
        ("aria-pressed", p.selectable.then(|| p.selected.to_string())),
        (
            "aria-label",
            Some(words.pawn_label(board, p.colour, p.place)),
        ),
    ]
}

/// The `points` of the polyline along `points` (tenths of an SVG unit).
pub fn polyline(points: &[(i32, i32)]) -> String {
    let mut m = String::new();
    for (i, &(x, y)) in points.iter().enumerate() {
        let sep = if i > 0 { " " } else { "" };
        let _ = write!(m, "{sep}{},{}", Tenths(x), Tenths(y));
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use barricade_rules::BoardId;

    fn count(haystack: &str, needle: &str) -> usize {
        haystack.matches(needle).count()
    }

    #[test]
    fn the_board_has_every_square_and_track() {
        let m = board_markup(Words::english(), &Scene::start(BoardId::Classic));
        assert_eq!(count(&m, "data-square="), 112);
        assert_eq!(
            count(&m, r#"class="track""#),
            Board::classic().links().count()
        );
        assert_eq!(count(&m, "<ellipse"), 0);
        assert_eq!(count(&m, "square start"), 11);
        assert!(m.contains(
            r#"<g class="cell goal" data-square="i14"><circle class="hit" cx="80" cy="0" r="4.9"/>"#
        ));
        let exponent = m
            .as_bytes()
            .windows(2)
            .any(|w| w[0].is_ascii_digit() && w[1] == b'e');
        assert!(!m.contains("NaN") && !exponent);
    }

    #[test]
    fn pieces_and_homes() {
        let m = board_markup(Words::english(), &Scene::start(BoardId::Classic));
        assert_eq!(count(&m, "data-pawn="), 20);
        assert_eq!(
            count(&m, r#"data-pawn="blue" data-n="4" data-at="home""#),
            1
        );
        assert_eq!(count(&m, "data-barricade"), 11);
        assert!(m.contains(r#"data-barricade="" data-at="i13" transform="translate(80 10)""#));
        assert_eq!(count(&m, "data-home="), 4);
        assert_eq!(count(&m, "data-held"), 0);
    }

    #[test]
    fn held_barricades_sit_on_their_pawns() {
        let c3: Square = "c3".parse().unwrap();
        assert_eq!(
            held_transform(Board::classic(), &[c3, c3], 0),
            "translate(22.4 107.6) scale(0.55)"
        );
        assert_eq!(
            held_transform(Board::classic(), &[c3, c3], 1),
            "translate(22.4 105.8) scale(0.55)"
        );
    }

    #[test]
    fn pawn_attributes_follow_the_piece() {
        let board = Board::classic();
        let mut p = Scene::start(BoardId::Classic).pawns[0];
        let attrs = pawn_attributes(Words::english(), board, &p);
        assert_eq!(attrs[0].1.as_deref(), Some("home"));
        assert_eq!(attrs[2].1, None);
        assert_eq!(attrs[5].1.as_deref(), Some("img"));
        p.place = Place::On(Square::GOAL);
        p.selectable = true;
        let attrs = pawn_attributes(Words::english(), board, &p);
        assert_eq!(attrs[0].1.as_deref(), Some("i14"));
        assert_eq!(attrs[1].1.as_deref(), Some("transform:translate(80px,0px)"));
        assert_eq!(attrs[2].1.as_deref(), Some(""));
        assert_eq!(attrs[5].1.as_deref(), Some("button"));
        assert_eq!(attrs[6].1.as_deref(), Some("false"));
    }

    #[test]
    fn the_quick_board_is_drawn_from_its_data() {
        let quick = Board::quick();
        let mut scene = Scene::start(BoardId::Quick);
        let m = board_markup(Words::english(), &scene);
        assert_eq!(count(&m, "data-square="), 66);
        assert_eq!(count(&m, r#"class="track""#), quick.links().count());
        assert_eq!(count(&m, "square start"), 6);
        assert_eq!(count(&m, "square rest"), 7);
        assert!(m.contains(r#"<g class="cell goal" data-square="i10">"#));
        assert!(m.contains(r#"<g class="cell" data-square="i5"><circle class="hit" cx="80" cy="50" r="4.9"/><circle class="square rest""#));
        assert_eq!(count(&m, "data-pawn="), 16);
        assert_eq!(count(&m, r#"data-n="4""#), 0);
        assert_eq!(count(&m, "data-barricade"), 6);
        assert!(m.contains(r#"<ellipse class="village" cx="80" cy="20" rx="49" ry="19">"#));
        assert!(m.contains(r#"<ellipse class="forest" cx="80" cy="60""#));
        assert!(m.contains(r#"<rect class="field" x="-8" y="-9" width="176" height="138""#));
        // A pawn in the forest says so.
        scene.pawns[0].place = Place::Forest(0);
        let attrs = pawn_attributes(Words::english(), quick, &scene.pawns[0]);
        assert_eq!(attrs[0].1.as_deref(), Some("forest"));
        assert_eq!(
            attrs[1].1.as_deref(),
            Some("transform:translate(80px,60px)")
        );
        assert_eq!(attrs[7].1.as_deref(), Some("Red pawn in the forest"));
    }

    #[test]
    fn routes_are_polylines() {
        assert_eq!(polyline(&[(0, 5), (-12, 100)]), "0,0.5 -1.2,10");
    }
}
