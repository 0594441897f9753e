//! The board drawn as SVG from a [`Scene`]. It knows no rules: it draws
//! what the scene says and reports clicks on pawns and squares.
//!
//! The markup is built as text by pure functions ([`board_markup`] and
//! friends, tested natively) and put in place with `innerHTML`; one effect
//! then keeps the few changing things (marks, pieces) in step with the
//! scene, touching only what changed. Events are delegated: one handler
//! per kind on the `<svg>` finds the square or pawn with `closest()`.

use super::dom::{self, all, set};
use crate::geometry::{
    BARRICADE_RADIUS, HOME_RADIUS, PAWN_RADIUS, SQUARE_RADIUS, Tenths, VIEW_BOX, home_outline,
    home_xy, square_xy,
};
use crate::scene::{PawnPiece, Place, Scene};
use crate::state::GameState;
use crate::text::{Text, pawn_label, square_label, t};
use barricade_rules::{Colour, Square, board};
use leptos::prelude::*;
use std::fmt::Write;
use web_sys::Element;

/// The static board: gradients, the field, the layers the pieces go in,
/// the tracks and every square (with its `data-square`).
pub fn board_markup() -> String {
    let mut m = String::from(concat!(
        r##"<defs><radialGradient id="gloss" cx="35%" cy="30%" r="70%"><stop offset="0%" stop-color="#fff" stop-opacity="0.55"/><stop offset="45%" stop-color="#fff" stop-opacity="0"/></radialGradient>"##,
        r##"<radialGradient id="paper" cx="50%" cy="40%" r="75%"><stop offset="0%" stop-color="#f3cf6b"/><stop offset="100%" stop-color="#dfaa38"/></radialGradient>"##,
        r##"<filter id="lift" x="-50%" y="-50%" width="200%" height="200%"><feDropShadow dx="0.6" dy="0.9" stdDeviation="0.7" flood-opacity="0.45"/></filter></defs>"##,
        r#"<rect class="field" x="-8" y="-9" width="176" height="178" rx="6"/><g class="homes-layer"></g>"#,
    ));
    for (a, b) in board::connections() {
        let (x1, y1) = square_xy(a);
        let (x2, y2) = square_xy(b);
        let _ = write!(
            m,
            r#"<line class="track" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            Tenths(x1),
            Tenths(y1),
            Tenths(x2),
            Tenths(y2)
        );
    }
    let starts = board::barricade_start_squares();
    for s in Square::all() {
        let (x, y) = square_xy(s);
        let at = format!(r#"cx="{}" cy="{}""#, Tenths(x), Tenths(y));
        let goal = s == Square::GOAL;
        let _ = write!(
            m,
            r#"<g class="cell{}" data-square="{s}"><circle class="hit" {at} r="4.9"/>"#,
            if goal { " goal" } else { "" }
        );
        if goal {
            let _ = write!(
                m,
                r#"<title>{}</title><circle class="goal-ring" {at} r="{}"/><circle class="goal-eye" {at} r="{}"/>"#,
                t(Text::Goal),
                Tenths(SQUARE_RADIUS * 19 / 10),
                Tenths(SQUARE_RADIUS * 9 / 10)
            );
        } else {
            let _ = write!(
                m,
                r#"<circle class="square{}" {at} r="{}"/>"#,
                if starts.contains(&s) { " start" } else { "" },
                Tenths(SQUARE_RADIUS)
            );
        }
        let _ = write!(
            m,
            r#"<circle class="halo" {at} r="{}"/></g>"#,
            Tenths(SQUARE_RADIUS + 12)
        );
    }
    m.push_str(
        r#"<g class="bars-layer"></g><g class="hover-layer"></g><g class="pawns-layer"></g><g class="held-layer"></g>"#,
    );
    m
}

/// The homes in play, each a pentagon below its entry square joined to it
/// by a dotted line; the home of `turn` glows.
pub fn homes_markup(homes: &[Colour], turn: Option<Colour>) -> String {
    let mut m = String::new();
    for &c in homes {
        let (ex, ey) = square_xy(c.entry());
        let (hx, hy) = home_xy(c);
        let _ = write!(
            m,
            r#"<g class="home {0}{1}" data-home="{0}"><line class="home-link" x1="{2}" y1="{3}" x2="{4}" y2="{5}"/><polygon class="home-outline" points="{6}"/></g>"#,
            c.name(),
            if turn == Some(c) { " turn" } else { "" },
            Tenths(ex),
            Tenths(ey + SQUARE_RADIUS),
            Tenths(hx),
            Tenths(hy - HOME_RADIUS),
            home_outline(c)
        );
    }
    m
}

/// One barricade piece: a cream disc of radius `r` with a dark bar, lifted
/// above the board, centred on (`x`, `y`); `kind` is its data attribute.
fn barricade_piece(m: &mut String, kind: &str, at: Square, (x, y): (i32, i32), r: i32) {
    let title = t(if kind == "data-held" {
        Text::HeldBarricade
    } else {
        Text::Barricade
    });
    let _ = write!(
        m,
        r#"<g class="barricade" {kind}="" data-at="{at}" filter="url(#lift)"><title>{title}</title><circle class="barricade-body" cx="{}" cy="{}" r="{}"/><rect class="barricade-bar" x="{}" y="{}" width="{}" height="{}" rx="{}"/></g>"#,
        Tenths(x),
        Tenths(y),
        Tenths(r),
        Tenths(x - r * 62 / 100),
        Tenths(y - r * 22 / 100),
        Tenths(r * 124 / 100),
        Tenths(r * 43 / 100),
        Tenths(r * 13 / 100),
    );
}

/// The barricade pieces on the board.
pub fn barricades_markup(at: &[Square]) -> String {
    let mut m = String::new();
    for &s in at {
        barricade_piece(&mut m, "data-barricade", s, square_xy(s), BARRICADE_RADIUS);
    }
    m
}

/// French: a small barricade on each pawn that holds one (a second one
/// held by the same pawn sits a little higher).
pub fn held_markup(held: &[Square]) -> String {
    let mut m = String::new();
    let r = BARRICADE_RADIUS * 55 / 100;
    for (i, &s) in held.iter().enumerate() {
        let (x, y) = square_xy(s);
        let stacked = held[..i].iter().filter(|&&h| h == s).count() as i32;
        let centre = (
            x + PAWN_RADIUS * 8 / 10,
            y - PAWN_RADIUS * 8 / 10 - stacked * r,
        );
        barricade_piece(&mut m, "data-held", s, centre, r);
    }
    m
}

/// The pawns of `homes`, five each, with their colour's own mark so that
/// colours can be told apart without seeing colour (red a dot, green a
/// ring, yellow a bar, blue a cross). Their place, marks and labels are
/// set by [`pawn_attributes`].
pub fn pawns_markup(homes: &[Colour]) -> String {
    let mut m = String::new();
    for &c in homes {
        let mark = match c {
            Colour::Red => r#"<circle class="mark" r="0.84"/>"#,
            Colour::Green => r#"<circle class="mark ring" r="1.35" fill="none"/>"#,
            Colour::Yellow => {
                r#"<rect class="mark" x="-1.5" y="-0.42" width="3" height="0.84" rx="0.2"/>"#
            }
            Colour::Blue => {
                r#"<path class="mark cross" d="M-1.2 -1.2L1.2 1.2M-1.2 1.2L1.2 -1.2"/>"#
            }
        };
        for n in 0..5 {
            let _ = write!(
                m,
                r#"<g class="pawn {0}" data-pawn="{0}" data-n="{n}"><g filter="url(#lift)"><circle class="pawn-ring" r="{1}"/><circle class="pawn-body" r="{2}"/><circle class="pawn-gloss" r="{2}" fill="url(#gloss)"/>{mark}</g></g>"#,
                c.name(),
                Tenths(PAWN_RADIUS + 11),
                Tenths(PAWN_RADIUS),
            );
        }
    }
    m
}

/// The polyline of the way to `to` and, while dropping, the ghost of the
/// barricade on it.
pub fn hover_markup(scene: &Scene, to: Square) -> String {
    let mut m = String::new();
    if let Some(r) = scene.routes.iter().find(|r| r.to == to) {
        m.push_str(r#"<polyline class="route" points=""#);
        for (i, &(x, y)) in r.points.iter().enumerate() {
            let sep = if i > 0 { " " } else { "" };
            let _ = write!(m, "{sep}{},{}", Tenths(x), Tenths(y));
        }
        m.push_str(r#""/>"#);
    }
    if scene.drops.contains(to) {
        let (x, y) = square_xy(to);
        let _ = write!(
            m,
            r#"<circle class="ghost" cx="{}" cy="{}" r="{}"/>"#,
            Tenths(x),
            Tenths(y),
            Tenths(BARRICADE_RADIUS)
        );
    }
    m
}

/// The attributes of a pawn that change: `(name, Some(value))` to set,
/// `(name, None)` to remove.
pub fn pawn_attributes(p: &PawnPiece) -> [(&'static str, Option<String>); 8] {
    let (x, y) = p.place.xy(p.colour);
    let on = match p.place {
        Place::On(s) => Some(s),
        Place::Home(_) => None,
    };
    let flag = |b: bool| b.then(String::new);
    [
        (
            "data-at",
            Some(on.map_or("home".to_string(), |s| s.to_string())),
        ),
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
        ("role", p.selectable.then(|| "button".to_string())),
        ("aria-pressed", p.selectable.then(|| p.selected.to_string())),
        ("aria-label", Some(pawn_label(p.colour, on))),
    ]
}

/// The marks of a square: (legal, drop, target, hint).
fn marks(scene: &Scene, s: Square) -> (bool, bool, bool, bool) {
    (
        scene.legal.contains(s),
        scene.drops.contains(s),
        scene.targets.contains(s),
        scene.hint.contains(s),
    )
}

/// Replaces the content of the layer matching `layer`.
fn fill(svg: &Element, layer: &str, markup: &str) {
    dom::with(svg, layer, |el| el.set_inner_html(markup));
}

/// What is on the page: the squares and the pawns, each found by what it
/// draws (a square by its name, a pawn by its colour and number, as
/// chessground keys its pieces), and the scene they show.
#[derive(Default)]
struct Drawn {
    cells: Vec<(Square, Element)>,
    pawns: Vec<((Colour, usize), Element)>,
    last: Option<Scene>,
}

/// The square elements under `svg`, each with the square it draws.
fn keyed_cells(svg: &Element) -> Vec<(Square, Element)> {
    all(svg, "[data-square]")
        .into_iter()
        .filter_map(|el| match hit_element(&el)? {
            Hit::Square(s) => Some((s, el)),
            Hit::Pawn(..) => None,
        })
        .collect()
}

/// The pawn elements under `svg`, each with its colour and number.
fn keyed_pawns(svg: &Element) -> Vec<((Colour, usize), Element)> {
    all(svg, "[data-pawn]")
        .into_iter()
        .filter_map(|el| match hit_element(&el)? {
            Hit::Pawn(c, n) => Some(((c, n), el)),
            Hit::Square(_) => None,
        })
        .collect()
}

/// The piece of `scene` with this colour and number.
fn pawn_in(scene: &Scene, key: (Colour, usize)) -> Option<&PawnPiece> {
    scene.pawns.iter().find(|p| (p.colour, p.number) == key)
}

impl Drawn {
    /// Brings the page in step with `s`, touching only what changed.
    fn update(&mut self, svg: &Element, s: &Scene) {
        if self.cells.is_empty() {
            svg.set_inner_html(&board_markup());
            self.cells = keyed_cells(svg);
        }
        let last = self.last.take();
        let same_homes = last.as_ref().is_some_and(|l| l.homes == s.homes);
        if !same_homes || last.as_ref().is_some_and(|l| l.turn != s.turn) {
            fill(svg, ".homes-layer", &homes_markup(&s.homes, s.turn));
        }
        if !same_homes {
            fill(svg, ".pawns-layer", &pawns_markup(&s.homes));
            self.pawns = keyed_pawns(svg);
        }
        if last.as_ref().is_none_or(|l| l.barricades != s.barricades) {
            fill(svg, ".bars-layer", &barricades_markup(&s.barricades));
        }
        if last.as_ref().is_none_or(|l| l.held != s.held) {
            fill(svg, ".held-layer", &held_markup(&s.held));
        }
        let dropping = !s.drops.is_empty();
        set(
            svg,
            "class",
            Some(if dropping { "board dropping" } else { "board" }),
        );
        let old = last.as_ref().filter(|_| same_homes);
        for (sq, cell) in &self.cells {
            let (legal, drop, target, hint) = marks(s, *sq);
            if old.is_some_and(|l| marks(l, *sq) == (legal, drop, target, hint)) {
                continue;
            }
            let active = legal || drop;
            set(cell, "data-legal", legal.then_some(""));
            set(cell, "data-drop", drop.then_some(""));
            set(cell, "data-target", target.then_some(""));
            set(cell, "data-hint", hint.then_some(""));
            set(cell, "tabindex", active.then_some("0"));
            set(cell, "role", active.then_some("button"));
            set(
                cell,
                "aria-label",
                active.then(|| square_label(*sq, drop)).as_deref(),
            );
        }
        for (key, el) in &self.pawns {
            let Some(p) = pawn_in(s, *key) else { continue };
            if old.is_some_and(|l| pawn_in(l, *key) == Some(p)) {
                continue;
            }
            for (name, value) in pawn_attributes(p) {
                set(el, name, value.as_deref());
            }
        }
        self.last = Some(s.clone());
    }
}

/// The square or pawn an event happened on.
enum Hit {
    Square(Square),
    Pawn(Colour, usize),
}

/// Finds the square or pawn around the event's target.
fn hit(e: &web_sys::Event) -> Option<Hit> {
    hit_element(&dom::closest(e, "[data-square],[data-pawn]")?)
}

/// The square or pawn that `el` draws.
fn hit_element(el: &Element) -> Option<Hit> {
    if let Some(name) = el.get_attribute("data-square") {
        return name.parse().ok().map(Hit::Square);
    }
    let colour = el.get_attribute("data-pawn")?;
    let colour = Colour::ALL.into_iter().find(|c| c.name() == colour)?;
    let n = el.get_attribute("data-n")?.parse().ok()?;
    Some(Hit::Pawn(colour, n))
}

/// What can be chosen now: legal squares, drop squares, reachable
/// squares and selectable pawns.
const CHOOSABLE: &str = "[data-legal],[data-drop],[data-target],[data-selectable]";

/// How far (in CSS pixels) a tap may land from something that can be chosen
/// and still choose it: every choice is a target of at least 40 px across,
/// even on a phone, where squares are only about 23 px apart.
const TOUCH_RADIUS: f64 = 20.0;

/// The index of the point nearest to `at` that is at most `radius` away.
fn nearest(points: &[(f64, f64)], at: (f64, f64), radius: f64) -> Option<usize> {
    points
        .iter()
        .map(|&(x, y)| (x - at.0).hypot(y - at.1))
        .enumerate()
        .filter(|&(_, d)| d <= radius)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// What a click chooses: the square or pawn under it when that can be
/// chosen; otherwise the nearest thing that can be chosen within
/// [`TOUCH_RADIUS`]; otherwise whatever is under it.
fn chosen(svg: &Element, e: &web_sys::MouseEvent) -> Option<Hit> {
    if dom::closest(e, CHOOSABLE).is_some() {
        return hit(e);
    }
    let candidates = all(svg, CHOOSABLE);
    let centres: Vec<(f64, f64)> = candidates
        .iter()
        .map(|el| {
            let r = el.get_bounding_client_rect();
            (r.x() + r.width() / 2.0, r.y() + r.height() / 2.0)
        })
        .collect();
    let at = (f64::from(e.client_x()), f64::from(e.client_y()));
    match nearest(&centres, at, TOUCH_RADIUS) {
        Some(i) => hit_element(&candidates[i]),
        None => hit(e),
    }
}

/// The square an event happened on.
fn hit_square(e: &web_sys::Event) -> Option<Square> {
    match hit(e)? {
        Hit::Square(s) => Some(s),
        Hit::Pawn(..) => None,
    }
}

/// The board, its homes and every piece of the game `state` (drawn from
/// [`Scene::of`]). `on_square` and `on_pawn` receive clicks (and
/// Enter/Space on a focused piece).
#[component]
pub fn Board(
    state: RwSignal<GameState>,
    on_square: impl Fn(Square) + Copy + 'static,
    on_pawn: impl Fn(Colour, usize) + Copy + 'static,
) -> impl IntoView {
    let svg = NodeRef::<leptos::svg::Svg>::new();
    let hovered = RwSignal::new(None::<Square>);
    let mut drawn = Drawn::default();
    let mut path = String::new();
    // One effect: the pieces, and the path to the hovered square. Both
    // only touch what changed.
    Effect::new(move |_| {
        let Some(el) = svg.get() else { return };
        let scene = state.with(Scene::of);
        drawn.update(&el, &scene);
        let markup = hovered
            .get()
            .map(|h| hover_markup(&scene, h))
            .unwrap_or_default();
        dom::html(&el, ".hover-layer", &mut path, markup);
    });
    let act = move |target: Option<Hit>| match target {
        Some(Hit::Square(s)) => on_square(s),
        Some(Hit::Pawn(c, n)) => on_pawn(c, n),
        None => {}
    };
    let hover = move |s: Option<Square>| {
        if hovered.get_untracked() != s {
            hovered.set(s);
        }
    };
    view! {
        <svg
            node_ref=svg
            class="board"
            viewBox=VIEW_BOX
            role="group"
            aria-label=t(Text::BoardLabel)
            on:click=move |e| {
                if let Some(el) = svg.get_untracked() {
                    act(chosen(&el, &e));
                }
            }
            on:keydown=move |e| {
                if matches!(e.key().as_str(), "Enter" | " " | "Spacebar") && hit(&e).is_some() {
                    e.prevent_default();
                    act(hit(&e));
                    if matches!(hit(&e), Some(Hit::Pawn(..))) {
                        crate::browser::focus_first("[data-legal],[data-drop]");
                    }
                }
            }
            on:mouseover=move |e| hover(hit_square(&e))
            on:mouseout=move |_| hover(None)
            on:focusin=move |e| hover(hit_square(&e))
            on:focusout=move |_| hover(None)
        ></svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(haystack: &str, needle: &str) -> usize {
        haystack.matches(needle).count()
    }

    #[test]
    fn a_tap_chooses_the_nearest_choice_within_reach() {
        let points = [(0.0, 0.0), (30.0, 0.0), (0.0, 23.0)];
        assert_eq!(nearest(&points, (18.0, 0.0), TOUCH_RADIUS), Some(1));
        assert_eq!(nearest(&points, (2.0, 14.0), TOUCH_RADIUS), Some(2));
        assert_eq!(nearest(&points, (-19.0, 0.0), TOUCH_RADIUS), Some(0));
        assert_eq!(nearest(&points, (60.0, 60.0), TOUCH_RADIUS), None);
        assert_eq!(nearest(&[], (0.0, 0.0), TOUCH_RADIUS), None);
    }

    #[test]
    fn the_board_has_every_square_and_track() {
        let m = board_markup();
        assert_eq!(count(&m, "data-square="), 112);
        assert_eq!(count(&m, r#"class="track""#), board::connections().count());
        assert_eq!(count(&m, "square start"), 11);
        assert!(m.contains(
            r#"<g class="cell goal" data-square="i14"><circle class="hit" cx="80" cy="0" r="4.9"/>"#
        ));
        assert!(!m.contains("NaN") && !m.contains("e-"));
    }

    #[test]
    fn pieces_and_homes() {
        let scene = Scene::start();
        let pawns = pawns_markup(&scene.homes);
        assert_eq!(count(&pawns, "data-pawn="), 20);
        assert_eq!(count(&pawns, r#"data-pawn="blue" data-n="4""#), 1);
        let bars = barricades_markup(&scene.barricades);
        assert_eq!(count(&bars, "data-barricade"), 11);
        assert!(bars.contains(r#"data-at="i13""#));
        let homes = homes_markup(&[Colour::Red, Colour::Blue], Some(Colour::Blue));
        assert_eq!(count(&homes, "data-home="), 2);
        assert!(homes.contains(r#"class="home blue turn""#));
    }

    #[test]
    fn every_pawn_of_a_reordered_game_has_its_own_element() {
        // Seed 4: the french opening seats yellow, blue, green, red. The
        // markup follows the seats, the scene the colours: each scene pawn
        // is found by colour and number, never by its place in a list.
        use crate::state::{GameState, setup::SetupChoices};
        let choices = SetupChoices {
            rules: barricade_rules::Rules::preset("french").unwrap(),
            ..SetupChoices::default()
        };
        let state = GameState::new(choices, 4).unwrap();
        let scene = Scene::of(&state);
        assert_eq!(
            scene.homes,
            [Colour::Yellow, Colour::Blue, Colour::Green, Colour::Red]
        );
        let pawns = pawns_markup(&scene.homes);
        for p in &scene.pawns {
            let key = format!(r#"data-pawn="{}" data-n="{}""#, p.colour.name(), p.number);
            assert_eq!(count(&pawns, &key), 1, "{key}");
        }
        assert_eq!(scene.pawns.len(), 20);
    }

    #[test]
    fn held_barricades_sit_on_their_pawns() {
        let m = held_markup(&["c3".parse().unwrap(), "c3".parse().unwrap()]);
        assert_eq!(count(&m, r#"data-held="" data-at="c3""#), 2);
    }

    #[test]
    fn pawn_attributes_follow_the_piece() {
        let mut p = Scene::start().pawns[0];
        let attrs = pawn_attributes(&p);
        assert_eq!(attrs[0].1.as_deref(), Some("home"));
        assert_eq!(attrs[2].1, None);
        p.place = Place::On(Square::GOAL);
        p.selectable = true;
        let attrs = pawn_attributes(&p);
        assert_eq!(attrs[0].1.as_deref(), Some("i14"));
        assert_eq!(attrs[1].1.as_deref(), Some("transform:translate(80px,0px)"));
        assert_eq!(attrs[2].1.as_deref(), Some(""));
        assert_eq!(attrs[6].1.as_deref(), Some("false"));
    }
}
