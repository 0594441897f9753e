//! The board drawn as SVG from a [`Scene`]. It knows no rules: it draws
//! what the scene says and reports clicks on pawns and squares.
//!
//! Hand-drawn, as chessground does it, because it is hot: the markup is
//! built once ([`markup`], native code shared with the prerendered page),
//! every element the board changes is kept as a handle keyed by what it
//! draws ([`handles`]), and updates go only through those handles. On a
//! built site the board is already on the page before the WebAssembly
//! runs ([`crate::prerender::shell`]); the component takes those very elements over.
//! Clicks are found from their position on the board ([`taps`]).

pub mod handles;
pub mod markup;
pub mod shell;
pub mod taps;

use crate::i18n::text::Text;
use crate::i18n::{Language, Words};
use crate::state::GameState;
use crate::state::geometry::{view, view_box};
use crate::state::scene::Scene;
use barricade_rules::{Board as Layout, BoardId, Colour, Square};
use handles::{Drawn, Hit, Key, find, key};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// The handles of `board`, taken from the prerendered page when it has
/// that board, or from the board built here (also when the game changes
/// to another board).
fn take_over(words: Words, svg: &Element, board: BoardId) -> Drawn {
    // The prerendered board is the classic one, in English.
    let adopted = shell::adopt(svg);
    let layout = board.board();
    if adopted
        && board == BoardId::Classic
        && words.language_untracked() == Language::En
        && let Some(h) = find(layout, svg)
    {
        return Drawn::new(words, layout, svg.clone(), h);
    }
    svg.set_inner_html(&markup::board_markup(words, &Scene::start(board)));
    let h = find(layout, svg).unwrap_or_else(|| unreachable!("the built board has every handle"));
    Drawn::new(words, layout, svg.clone(), h)
}

/// The square or pawn of `board` that an event's target is part of, read
/// from the target and its few ancestors up to the board.
fn identify(board: &Layout, e: &web_sys::Event) -> Option<Hit> {
    let mut el: Element = e.target()?.dyn_into().ok()?;
    for _ in 0..4 {
        match key(board, |name| el.get_attribute(name)) {
            Some(Key::Square(s)) => return Some(Hit::Square(s)),
            Some(Key::Pawn(c, n)) => return Some(Hit::Pawn(c, n)),
            _ => {}
        }
        el = el.parent_element()?;
    }
    None
}

/// The square of `board` an event happened on.
fn hit_square(board: &Layout, e: &web_sys::Event) -> Option<Square> {
    match identify(board, e)? {
        Hit::Square(s) => Some(s),
        Hit::Pawn(..) => None,
    }
}

/// The board, its homes and every piece of the game `state` (drawn from
/// [`Scene::of`]). `on_square` and `on_pawn` receive clicks (and
/// Enter/Space on a focused piece); each new value of `focus_asked` moves
/// the keyboard focus to the first thing that can be chosen (a pawn, else
/// a square) at the next update.
#[component]
pub fn Board(
    state: RwSignal<GameState>,
    /// The page's words: a new language redraws the board in its words.
    words: Words,
    on_square: impl Fn(Square) + Copy + 'static,
    on_pawn: impl Fn(Colour, usize) + Copy + 'static,
    #[prop(into)] focus_asked: Signal<u32>,
) -> impl IntoView {
    let svg = NodeRef::<leptos::svg::Svg>::new();
    let drawn = StoredValue::new_local(None::<Drawn>);
    // One effect: the pieces and marks, touching only what changed.
    Effect::new(move |last: Option<(Language, u32)>| {
        let now = words.language();
        let asked = focus_asked.get();
        let Some(el) = svg.get() else {
            return (now, asked);
        };
        let focus = last.is_some_and(|(_, a)| a != asked);
        let last = last.map(|(l, _)| l);
        if last.is_some_and(|l| l != now) {
            drawn.set_value(None);
            let _ = el.set_attribute("aria-label", words.t(Text::BoardLabel));
        }
        let scene = state.with(Scene::of);
        drawn.update_value(|d| match d {
            Some(d) if d.board.id() == scene.board => d.update(&scene),
            _ => {
                // Taking the board over, or drawing another board: a
                // saved game's pawns jump to their squares instead of
                // sliding there.
                let mut taken = take_over(words, &el, scene.board);
                let _ = el.set_attribute("style", "--step:0ms");
                taken.update(&scene);
                let _ = el.get_bounding_client_rect();
                let _ = el.remove_attribute("style");
                *d = Some(taken);
            }
        });
        if focus {
            drawn.with_value(|d| d.as_ref().map(handles::Drawn::focus_first_choice));
        }
        (now, asked)
    });
    let act = move |target: Option<Hit>| match target {
        Some(Hit::Square(s)) => on_square(s),
        Some(Hit::Pawn(c, n)) => on_pawn(c, n),
        None => {}
    };
    // The board drawn, for reading the squares' names of events.
    let layout = move || {
        drawn
            .try_with_value(|d| d.as_ref().map(|d| d.board))
            .flatten()
            .unwrap_or_else(Layout::classic)
    };
    let hover = move |s: Option<Square>| {
        drawn.update_value(|d| {
            if let Some(d) = d {
                d.hover(s);
            }
        });
    };
    view! {
        <svg
            node_ref=svg
            class="board"
            viewBox=view_box(Layout::classic())
            role="group"
            aria-label=words.t(Text::BoardLabel)
            on:click=move |e| {
                let Some(el) = svg.get_untracked() else { return };
                let r = el.get_bounding_client_rect();
                let rect = (r.x(), r.y(), r.width(), r.height());
                let at = (f64::from(e.client_x()), f64::from(e.client_y()));
                let board = layout();
                let under = identify(board, &e);
                let hit = drawn
                    .try_with_value(|d| {
                        d.as_ref()
                            .and_then(|d| taps::choose(view(board), &d.choosable, under, rect, at))
                    })
                    .flatten();
                act(hit);
            }
            on:keydown=move |e| {
                if !matches!(e.key().as_str(), "Enter" | " " | "Spacebar") {
                    return;
                }
                let Some(hit) = identify(layout(), &e) else { return };
                e.prevent_default();
                if let Hit::Pawn(..) = hit {
                    drawn.update_value(|d| {
                        if let Some(d) = d {
                            d.focus_next = true;
                        }
                    });
                }
                act(Some(hit));
            }
            on:mouseover=move |e| hover(hit_square(layout(), &e))
            on:mouseout=move |_| hover(None)
            on:focusin=move |e| hover(hit_square(layout(), &e))
            on:focusout=move |_| hover(None)
        ></svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pawn_of_a_reordered_game_is_in_the_built_board() {
        // Seed 4: the french opening seats yellow, blue, green, red. The
        // scene follows the seats; the board keys each pawn by colour and
        // number, never by its place in a list.
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
        let m = markup::board_markup(Words::english(), &Scene::start(BoardId::Classic));
        for p in &scene.pawns {
            let key = format!(r#"data-pawn="{}" data-n="{}""#, p.colour.name(), p.number);
            assert_eq!(m.matches(&key).count(), 1, "{key}");
        }
        assert_eq!(scene.pawns.len(), 20);
    }
}
