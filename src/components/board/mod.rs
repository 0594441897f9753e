//! The board drawn as SVG from a [`Scene`]. It knows no rules: it draws
//! what the scene says and reports clicks on pawns and squares.
//!
//! Hand-drawn, as chessground does it, because it is hot: the markup is
//! built once ([`markup`], native code shared with the prerendered page),
//! every element the board changes is kept as a handle keyed by what it
//! draws ([`handles`]), and updates go only through those handles. On a
//! built site the board is already on the page before the WebAssembly
//! runs ([`crate::shell`]); the component takes those very elements over.
//! Clicks are found from their position on the board ([`taps`]).

pub mod handles;
pub mod markup;
pub mod taps;

use crate::geometry::VIEW_BOX;
use crate::scene::Scene;
use crate::state::GameState;
use crate::text::{Text, t};
use barricade_rules::{Colour, Square};
use handles::{Drawn, Hit, Key, find, key};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// The board's handles, taken from the prerendered page when it has the
/// board, or from the board built here.
fn take_over(svg: &Element) -> Drawn {
    crate::shell::adopt(svg);
    if let Some(h) = find(svg) {
        return Drawn::new(svg.clone(), h);
    }
    svg.set_inner_html(&markup::board_markup(&Scene::start()));
    let h = find(svg).unwrap_or_else(|| unreachable!("the built board has every handle"));
    Drawn::new(svg.clone(), h)
}

/// The square or pawn that an event's target is part of, read from the
/// target and its few ancestors up to the board.
fn identify(e: &web_sys::Event) -> Option<Hit> {
    let mut el: Element = e.target()?.dyn_into().ok()?;
    for _ in 0..4 {
        match key(|name| el.get_attribute(name)) {
            Some(Key::Square(s)) => return Some(Hit::Square(s)),
            Some(Key::Pawn(c, n)) => return Some(Hit::Pawn(c, n)),
            _ => {}
        }
        el = el.parent_element()?;
    }
    None
}

/// The square an event happened on.
fn hit_square(e: &web_sys::Event) -> Option<Square> {
    match identify(e)? {
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
    let drawn = StoredValue::new_local(None::<Drawn>);
    // One effect: the pieces and marks, touching only what changed.
    Effect::new(move |_| {
        let Some(el) = svg.get() else { return };
        let scene = state.with(Scene::of);
        drawn.update_value(|d| match d {
            Some(d) => d.update(&scene),
            None => {
                // Taking the board over: a saved game's pawns jump to
                // their squares instead of sliding there.
                let mut taken = take_over(&el);
                let _ = el.set_attribute("style", "--step:0ms");
                taken.update(&scene);
                let _ = el.get_bounding_client_rect();
                let _ = el.remove_attribute("style");
                *d = Some(taken);
            }
        });
    });
    let act = move |target: Option<Hit>| match target {
        Some(Hit::Square(s)) => on_square(s),
        Some(Hit::Pawn(c, n)) => on_pawn(c, n),
        None => {}
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
            viewBox=VIEW_BOX
            role="group"
            aria-label=t(Text::BoardLabel)
            on:click=move |e| {
                let Some(el) = svg.get_untracked() else { return };
                let r = el.get_bounding_client_rect();
                let rect = (r.x(), r.y(), r.width(), r.height());
                let at = (f64::from(e.client_x()), f64::from(e.client_y()));
                let under = identify(&e);
                let hit = drawn
                    .try_with_value(|d| {
                        d.as_ref().and_then(|d| taps::choose(&d.choosable, under, rect, at))
                    })
                    .flatten();
                act(hit);
            }
            on:keydown=move |e| {
                if !matches!(e.key().as_str(), "Enter" | " " | "Spacebar") {
                    return;
                }
                let Some(hit) = identify(&e) else { return };
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
        let m = markup::board_markup(&Scene::start());
        for p in &scene.pawns {
            let key = format!(r#"data-pawn="{}" data-n="{}""#, p.colour.name(), p.number);
            assert_eq!(m.matches(&key).count(), 1, "{key}");
        }
        assert_eq!(scene.pawns.len(), 20);
    }
}
