//! The drawn board as handles: every element the board updates, found
//! once by what it draws (a square by its name, a pawn by its colour and
//! number, a home by its colour, a layer by its class) when the board is
//! built or taken over from the prerendered page, and from then on
//! changed only through its handle: no selector lookups, no pairing of
//! lists by index.
//!
//! [`Key`] and [`Found`] are plain data (tested natively against the
//! markup); [`Drawn`] keeps the handles and brings them in step with a
//! [`Scene`], touching only what changed.

use super::markup::{LAYERS, PAWNS, held_transform, home_class, pawn_attributes};
use super::markup::{polyline, translate};
use crate::i18n::Words;
use crate::i18n::text::Text;
use crate::state::geometry::{square_xy, view_box};
use crate::state::scene::{PawnPiece, Scene};
use barricade_rules::{Board, Colour, Square};
use wasm_bindgen::JsCast;
use web_sys::Element;

/// What an element is to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// One of [`LAYERS`].
    Layer(usize),
    /// A square (`data-square`).
    Square(Square),
    /// A colour's home (`data-home`).
    Home(Colour),
    /// A pawn (`data-pawn`, `data-n`).
    Pawn(Colour, usize),
    /// A barricade of the pool (`data-barricade`).
    Barricade,
    /// The way to the hovered square.
    Route,
    /// The ghost of a barricade dropped on the hovered square.
    Ghost,
}

/// The key of an element of `board` with attributes `attr(name)`, if the
/// board keeps a handle on it.
pub fn key(board: &Board, attr: impl Fn(&str) -> Option<String>) -> Option<Key> {
    if let Some(name) = attr("data-square") {
        return board.square(&name).map(Key::Square);
    }
    let colour = |name: String| name.parse::<Colour>().ok();
    if let Some(c) = attr("data-pawn") {
        let n = attr("data-n")?.parse().ok();
        let n = n.filter(|&n| n < board.pawns_per_colour())?;
        return colour(c).map(|c| Key::Pawn(c, n));
    }
    if let Some(c) = attr("data-home") {
        return colour(c).map(Key::Home);
    }
    if attr("data-barricade").is_some() {
        return Some(Key::Barricade);
    }
    match attr("class")?.as_str() {
        "route" => Some(Key::Route),
        "ghost" => Some(Key::Ghost),
        class => LAYERS.iter().position(|&l| l == class).map(Key::Layer),
    }
}

/// Every handle of a board, once all were found.
pub struct Found<E> {
    /// The layers, in the order of [`LAYERS`].
    pub layers: Vec<E>,
    /// The squares, by [`Square::index`].
    pub cells: Vec<E>,
    /// The homes, by [`Colour::index`].
    pub homes: Vec<E>,
    /// The pawns, by `colour.index() * pawns_per_colour + number`.
    pub pawns: Vec<E>,
    /// The barricade pool.
    pub bars: Vec<E>,
    /// The route of the hover layer.
    pub route: E,
    /// The ghost of the hover layer.
    pub ghost: E,
}

/// Handles being found, each in its slot.
pub struct Finding<E> {
    board: &'static Board,
    layers: Vec<Option<E>>,
    cells: Vec<Option<E>>,
    homes: Vec<Option<E>>,
    pawns: Vec<Option<E>>,
    bars: Vec<E>,
    route: Option<E>,
    ghost: Option<E>,
}

impl<E> Finding<E> {
    /// Nothing found yet of a drawing of `board`.
    pub fn new(board: &'static Board) -> Self {
        let none = |n: usize| (0..n).map(|_| None).collect();
        Finding {
            board,
            layers: none(LAYERS.len()),
            cells: none(board.len()),
            homes: none(Colour::ALL.len()),
            pawns: none(Colour::ALL.len() * board.pawns_per_colour()),
            bars: Vec::new(),
            route: None,
            ghost: None,
        }
    }

    /// Keeps `e`, the element of `key`.
    pub fn add(&mut self, key: Key, e: E) {
        let per_colour = self.board.pawns_per_colour();
        let slot = match key {
            Key::Layer(i) => &mut self.layers[i],
            Key::Square(s) => &mut self.cells[s.index()],
            Key::Home(c) => &mut self.homes[c.index()],
            Key::Pawn(c, n) => &mut self.pawns[c.index() * per_colour + n],
            Key::Barricade => return self.bars.push(e),
            Key::Route => &mut self.route,
            Key::Ghost => &mut self.ghost,
        };
        *slot = Some(e);
    }

    /// Every handle, or `None` if any is missing.
    pub fn done(self) -> Option<Found<E>> {
        let all = |v: Vec<Option<E>>| v.into_iter().collect::<Option<Vec<E>>>();
        Some(Found {
            layers: all(self.layers)?,
            cells: all(self.cells)?,
            homes: all(self.homes)?,
            pawns: all(self.pawns)?,
            bars: (self.bars.len() == self.board.barricade_count()).then_some(self.bars)?,
            route: self.route?,
            ghost: self.ghost?,
        })
    }
}

/// The key of a DOM element of `board`.
fn key_of(board: &Board, el: &Element) -> Option<Key> {
    key(board, |name| el.get_attribute(name))
}

/// The handles of `board` drawn in `svg`: its children, and the children
/// of its layers. `None` if any is missing (or another board is drawn).
pub fn find(board: &'static Board, svg: &Element) -> Option<Found<Element>> {
    let mut finding = Finding::new(board);
    let key_of = |el: &Element| key_of(board, el);
    let mut child = svg.first_element_child();
    while let Some(el) = child {
        if let Some(k) = key_of(&el) {
            if let Key::Layer(_) = k {
                let mut inner = el.first_element_child();
                while let Some(piece) = inner {
                    if let Some(k) = key_of(&piece) {
                        finding.add(k, piece.clone());
                    }
                    inner = piece.next_element_sibling();
                }
            }
            finding.add(k, el.clone());
        }
        child = el.next_element_sibling();
    }
    finding.done()
}

/// Sets (`Some`) or removes (`None`) an attribute.
pub fn set(el: &Element, name: &str, value: Option<&str>) {
    let _ = match value {
        Some(v) => el.set_attribute(name, v),
        None => el.remove_attribute(name),
    };
}

/// Puts `el` at the end of `layer` unless it is on the page.
fn attach(layer: &Element, el: &Element) {
    if el.parent_node().is_none() {
        let _ = layer.append_child(el);
    }
}

/// Puts `el` into `layer` (`true`) or takes it off the page.
fn show(layer: &Element, el: &Element, on: bool) {
    if on {
        attach(layer, el);
    } else {
        el.remove();
    }
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

/// The pieces of a scene by colour and number.
type Pieces = [[Option<PawnPiece>; PAWNS]; 4];

fn pieces(scene: &Scene) -> Pieces {
    let mut out = [[None; PAWNS]; 4];
    for p in &scene.pawns {
        out[p.colour.index()][p.number] = Some(*p);
    }
    out
}

/// Something a click can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A square.
    Square(Square),
    /// A pawn, by colour and number.
    Pawn(Colour, usize),
}

/// The board on the page: its handles and the scene they show.
pub struct Drawn {
    /// The words of its labels.
    words: Words,
    /// The board drawn.
    pub board: &'static Board,
    svg: Element,
    h: Found<Element>,
    /// The square each barricade of the pool stands on (`None`: off the
    /// board), by the pool's index.
    bars_at: Vec<Option<Square>>,
    /// The pool of held barricades (french), made from a barricade.
    held: Vec<Element>,
    last: Option<Scene>,
    last_pieces: Pieces,
    hovered: Option<Square>,
    /// What can be chosen now, with its centre (tenths of an SVG unit):
    /// pawns first, so that a pawn wins over the square it stands on.
    pub choosable: Vec<(Hit, (i32, i32))>,
    /// Move the keyboard focus to the first legal square at the next
    /// update (a pawn was chosen with the keyboard).
    pub focus_next: bool,
}

impl Drawn {
    /// Takes `board` drawn in `svg` (its elements as found by [`find`]),
    /// named in `words`.
    pub fn new(words: Words, board: &'static Board, svg: Element, h: Found<Element>) -> Drawn {
        set(&svg, "viewBox", Some(&view_box(board)));
        let held = (0..board.barricade_count())
            .filter_map(|_| {
                let el: Element = h.bars[0].clone_node_with_deep(true).ok()?.dyn_into().ok()?;
                set(&el, "data-barricade", None);
                set(&el, "data-held", Some(""));
                if let Some(title) = el.first_element_child() {
                    title.set_text_content(Some(words.t(Text::HeldBarricade)));
                }
                Some(el)
            })
            .collect();
        // The barricades keep the squares they were drawn on.
        let bars_at = h
            .bars
            .iter()
            .map(|el| el.get_attribute("data-at").and_then(|a| board.square(&a)))
            .collect();
        Drawn {
            words,
            board,
            svg,
            bars_at,
            h,
            held,
            last: None,
            last_pieces: [[None; PAWNS]; 4],
            hovered: None,
            choosable: Vec::new(),
            focus_next: false,
        }
    }

    fn layer(&self, name: &str) -> &Element {
        let i = LAYERS.iter().position(|&l| l == name).unwrap_or(0);
        &self.h.layers[i]
    }

    /// Brings the page in step with `s`, touching only what changed.
    pub fn update(&mut self, s: &Scene) {
        let last = self.last.take();
        let same_homes = last.as_ref().is_some_and(|l| l.homes == s.homes);
        if !same_homes {
            // Only the colours in play, in the scene's order.
            let per_colour = self.board.pawns_per_colour();
            for c in Colour::ALL {
                if !s.homes.contains(&c) {
                    self.h.homes[c.index()].remove();
                    for n in 0..per_colour {
                        self.h.pawns[c.index() * per_colour + n].remove();
                    }
                }
            }
            for &c in &s.homes {
                attach(self.layer("homes-layer"), &self.h.homes[c.index()]);
                for n in 0..per_colour {
                    attach(
                        self.layer("pawns-layer"),
                        &self.h.pawns[c.index() * per_colour + n],
                    );
                }
            }
        }
        if !same_homes || last.as_ref().is_some_and(|l| l.turn != s.turn) {
            for &c in &s.homes {
                let class = home_class(c, s.turn == Some(c));
                set(&self.h.homes[c.index()], "class", Some(&class));
            }
        }
        if last.as_ref().is_none_or(|l| l.barricades != s.barricades) {
            self.place_barricades(&s.barricades);
        }
        if last.as_ref().is_none_or(|l| l.held != s.held) {
            for (i, el) in self.held.iter().enumerate() {
                if let Some(&at) = s.held.get(i) {
                    set(el, "data-at", Some(&self.board.name(at)));
                    let transform = held_transform(self.board, &s.held, i);
                    set(el, "transform", Some(&transform));
                }
                show(self.layer("held-layer"), el, i < s.held.len());
            }
        }
        let dropping = !s.drops.is_empty();
        if last.as_ref().is_none_or(|l| l.drops.is_empty() == dropping) {
            let dropping = if dropping { " dropping" } else { "" };
            let class = format!("board {}{dropping}", self.board.id().name());
            set(&self.svg, "class", Some(&class));
        }
        let mut first_choice = None;
        for sq in self.board.squares() {
            let (legal, drop, target, hint) = marks(s, sq);
            if first_choice.is_none() && (legal || drop) {
                first_choice = Some(sq);
            }
            if last
                .as_ref()
                .is_some_and(|l| marks(l, sq) == (legal, drop, target, hint))
            {
                continue;
            }
            let cell = &self.h.cells[sq.index()];
            let active = legal || drop;
            set(cell, "data-legal", legal.then_some(""));
            set(cell, "data-drop", drop.then_some(""));
            set(cell, "data-target", target.then_some(""));
            set(cell, "data-hint", hint.then_some(""));
            set(cell, "tabindex", active.then_some("0"));
            set(cell, "role", active.then_some("button"));
            let label = active.then(|| self.words.square_label(self.board, sq, drop));
            set(cell, "aria-label", label.as_deref());
        }
        let now = pieces(s);
        for (c, row) in now.iter().enumerate() {
            for (n, p) in row.iter().enumerate() {
                let Some(p) = p else { continue };
                if self.last_pieces[c][n].as_ref() == Some(p) {
                    continue;
                }
                let el = &self.h.pawns[c * self.board.pawns_per_colour() + n];
                for (name, value) in pawn_attributes(self.words, self.board, p) {
                    set(el, name, value.as_deref());
                }
            }
        }
        self.last_pieces = now;
        let board = self.board;
        self.choosable = s
            .pawns
            .iter()
            .filter(|p| p.selectable)
            .map(|p| (Hit::Pawn(p.colour, p.number), p.place.xy(board, p.colour)))
            .chain(board.squares().filter_map(|sq| {
                let (legal, drop, target, _) = marks(s, sq);
                (legal || drop || target).then(|| (Hit::Square(sq), square_xy(board, sq)))
            }))
            .collect();
        self.last = Some(s.clone());
        let hovered = self.hovered;
        self.hovered = None;
        self.hover(hovered);
        if std::mem::take(&mut self.focus_next)
            && let Some(sq) = first_choice
        {
            focus(&self.h.cells[sq.index()]);
        }
    }

    /// Focuses the first thing that can be chosen now (a pawn, else a
    /// square), if there is one.
    pub fn focus_first_choice(&self) {
        let per_colour = self.board.pawns_per_colour();
        match self.choosable.first() {
            Some((Hit::Pawn(c, n), _)) => focus(&self.h.pawns[c.index() * per_colour + n]),
            Some((Hit::Square(sq), _)) => focus(&self.h.cells[sq.index()]),
            None => {}
        }
    }

    /// Moves the pool's barricades onto `at`: a barricade already on one of
    /// those squares stays where it is; the others move to the squares
    /// left, or leave the board.
    fn place_barricades(&mut self, at: &[Square]) {
        let mut free = Vec::new();
        for (i, on) in self.bars_at.iter_mut().enumerate() {
            if !on.is_some_and(|s| at.contains(&s)) {
                *on = None;
                free.push(i);
            }
        }
        let mut free = free.into_iter();
        for &s in at {
            if self.bars_at.contains(&Some(s)) {
                continue;
            }
            let Some(i) = free.next() else { break };
            let el = &self.h.bars[i];
            set(el, "data-at", Some(&self.board.name(s)));
            set(el, "transform", Some(&translate(square_xy(self.board, s))));
            if el.parent_node().is_none() {
                let _ = self.layer("bars-layer").append_child(el);
            }
            self.bars_at[i] = Some(s);
        }
        for i in free {
            self.h.bars[i].remove();
        }
    }

    /// Shows the way to `to` and, while dropping, the ghost of the
    /// barricade on it (`None`: nothing hovered).
    pub fn hover(&mut self, to: Option<Square>) {
        if self.hovered == to {
            return;
        }
        self.hovered = to;
        let scene = self.last.as_ref();
        let route = to.and_then(|to| scene?.routes.iter().find(|r| r.to == to));
        match route {
            Some(r) => {
                set(&self.h.route, "points", Some(&polyline(&r.points)));
                set(&self.h.route, "display", None);
            }
            None => set(&self.h.route, "display", Some("none")),
        }
        let ghost = to.filter(|&s| scene.is_some_and(|sc| sc.drops.contains(s)));
        match ghost {
            Some(s) => {
                let (x, y) = square_xy(self.board, s);
                let g = &self.h.ghost;
                set(
                    g,
                    "cx",
                    Some(&crate::state::geometry::Tenths(x).to_string()),
                );
                set(
                    g,
                    "cy",
                    Some(&crate::state::geometry::Tenths(y).to_string()),
                );
                set(g, "display", None);
            }
            None => set(&self.h.ghost, "display", Some("none")),
        }
    }
}

/// Focuses a drawn element (an SVG element, or the board's HTML parts)
/// without scrolling the page.
fn focus(el: &Element) {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    if let Some(el) = el.dyn_ref::<web_sys::SvgElement>() {
        let _ = el.focus_with_options(&options);
    } else if let Some(el) = el.dyn_ref::<web_sys::HtmlElement>() {
        let _ = el.focus_with_options(&options);
    }
}

#[cfg(test)]
mod tests {
    use super::super::markup::board_markup;
    use super::*;
    use barricade_rules::BoardId;

    /// The attributes of every element in `markup` (a tiny scanner for
    /// the markup this module writes: double-quoted values, no `>` in
    /// them).
    fn elements(markup: &str) -> Vec<Vec<(String, String)>> {
        markup
            .split('<')
            .skip(1)
            .filter(|tag| !tag.starts_with('/'))
            .map(|tag| {
                let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
                let mut attrs = Vec::new();
                let mut rest = tag;
                while let Some(eq) = rest.find("=\"") {
                    let name = rest[..eq].rsplit(' ').next().unwrap_or("").to_string();
                    let value_end = rest[eq + 2..].find('"').unwrap_or(0);
                    attrs.push((name, rest[eq + 2..eq + 2 + value_end].to_string()));
                    rest = &rest[eq + 3 + value_end..];
                }
                attrs
            })
            .collect()
    }

    #[test]
    fn the_built_board_has_every_handle_the_update_needs() {
        for id in BoardId::ALL {
            let board = id.board();
            let markup = board_markup(Words::english(), &Scene::start(id));
            let mut finding = Finding::new(board);
            let mut keys = Vec::new();
            for attrs in elements(&markup) {
                let attr = |name: &str| {
                    attrs
                        .iter()
                        .find(|(n, _)| n == name)
                        .map(|(_, v)| v.clone())
                };
                if let Some(k) = key(board, attr) {
                    keys.push(k);
                    finding.add(k, k);
                }
            }
            let found = finding.done().expect("every handle");
            for (i, k) in found.layers.iter().enumerate() {
                assert_eq!(*k, Key::Layer(i));
            }
            for s in board.squares() {
                assert_eq!(found.cells[s.index()], Key::Square(s));
            }
            let n = board.pawns_per_colour();
            for c in Colour::ALL {
                assert_eq!(found.homes[c.index()], Key::Home(c));
                for i in 0..n {
                    assert_eq!(found.pawns[c.index() * n + i], Key::Pawn(c, i));
                }
            }
            let bars = board.barricade_count();
            assert_eq!(found.bars.len(), bars);
            assert_eq!((found.route, found.ghost), (Key::Route, Key::Ghost));
            // Each handle once: no two elements with the same identity.
            let unique: std::collections::HashSet<String> =
                keys.iter().map(|k| format!("{k:?}")).collect();
            assert_eq!(unique.len() + bars - 1, keys.len());
        }
    }

    #[test]
    fn a_board_with_a_piece_missing_is_not_taken() {
        let mut finding = Finding::new(Board::classic());
        for s in Board::classic().squares() {
            finding.add(Key::Square(s), ());
        }
        assert!(finding.done().is_none());
    }

    #[test]
    fn keys_come_from_the_attributes() {
        let attrs = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        let (classic, quick) = (Board::classic(), Board::quick());
        assert_eq!(
            key(classic, attrs(&[("data-pawn", "blue"), ("data-n", "4")])),
            Some(Key::Pawn(Colour::Blue, 4))
        );
        assert_eq!(
            key(quick, attrs(&[("data-pawn", "blue"), ("data-n", "4")])),
            None
        );
        let pawn = attrs(&[("data-pawn", "blue"), ("data-n", "5")]);
        assert_eq!(key(classic, pawn), None);
        let square = |b| key(b, attrs(&[("data-square", "i10")]));
        assert_eq!(square(quick), Some(Key::Square(quick.goal())));
        assert_ne!(square(classic), Some(Key::Square(classic.goal())));
        let layer = attrs(&[("class", "pawns-layer")]);
        assert_eq!(key(classic, layer), Some(Key::Layer(3)));
        assert_eq!(key(classic, attrs(&[("class", "track")])), None);
    }
}
