//! The die: a button showing the pips of the last roll (the game's and
//! the replay viewer's).

use crate::i18n::Words;
use crate::intents::Intents;
use crate::providers::context;

use crate::intents::action::Action;
use barricade_rules::Roll;
use leptos::prelude::*;

/// Pip centres for each face, in a 30 x 30 box.
pub fn pips(value: u8) -> &'static [(u8, u8)] {
    match value {
        1 => &[(15, 15)],
        2 => &[(8, 8), (22, 22)],
        3 => &[(8, 8), (15, 15), (22, 22)],
        4 => &[(8, 8), (22, 8), (8, 22), (22, 22)],
        5 => &[(8, 8), (22, 8), (15, 15), (8, 22), (22, 22)],
        6 => &[(8, 8), (22, 8), (8, 15), (22, 15), (8, 22), (22, 22)],
        _ => &[],
    }
}

/// The die showing `value`; `ready`: the person to play may roll (a
/// click rolls); `tumbling`: it is rolling; `button`: its element, for
/// whoever moves the focus to it.
#[component]
pub fn Die(
    #[prop(into)] value: Signal<Option<Roll>>,
    #[prop(into)] ready: Signal<bool>,
    #[prop(into)] tumbling: Signal<bool>,
    #[prop(optional)] button: NodeRef<leptos::html::Button>,
) -> impl IntoView {
    let intents = context::<Intents>();
    let w = context::<Words>();
    let face = move || {
        pips(value.get().map_or(0, Roll::get))
            .iter()
            .map(|&(x, y)| view! { <circle class="pip" cx=x cy=y r="3" /> })
            .collect_view()
    };
    view! {
        <button
            node_ref=button
            class="die"
            class:tumbling=move || tumbling.get()
            class:ready=move || ready.get()
            data-action=Action::Roll.name()
            data-die=""
            data-value=move || value.get().map(|r| r.get().to_string())
            disabled=move || !ready.get()
            aria-label=move || w.die_label(value.get(), ready.get())
            on:click=move |_| intents.run(Action::Roll)
        >
            <svg viewBox="0 0 30 30" aria-hidden="true">
                <rect class="die-face" x="1" y="1" width="28" height="28" rx="6" />
                <g class="pips">{face}</g>
            </svg>
        </button>
    }
}
