//! The die: a button that rolls and shows the last roll (`data-value`).

use super::Ctx;
use crate::text::die_label;
use barricade_rules::{Phase, Roll};
use leptos::prelude::*;

/// Pip centres for each face, in a 30 x 30 box.
fn pips(value: u8) -> &'static [(u8, u8)] {
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

/// The die button.
#[component]
pub fn Die() -> impl IntoView {
    let ctx = Ctx::get();
    let value = Memo::new(move |_| {
        ctx.state.with(|s| {
            s.position()
                .roll()
                .or_else(|| s.log().last().and_then(|e| e.roll))
        })
    });
    let can_roll = move || {
        ctx.human_turn()
            && ctx
                .state
                .with(|s| s.phase() == Phase::Roll && s.walk().is_none())
    };
    let face = move || {
        let v = value.get().map_or(0, Roll::get);
        pips(v)
            .iter()
            .map(|&(x, y)| view! { <circle class="pip" cx=x cy=y r="3" /> })
            .collect_view()
    };
    view! {
        <button
            class="die"
            class:tumbling=move || ctx.tumbling.get()
            class:ready=can_roll
            data-action="roll"
            data-die=""
            data-value=move || value.get().map(|r| r.get().to_string())
            disabled=move || !can_roll()
            aria-label=move || die_label(value.get())
            on:click=move |_| ctx.roll()
        >
            <svg viewBox="0 0 30 30" aria-hidden="true">
                <rect class="die-face" x="1" y="1" width="28" height="28" rx="6" />
                {face}
            </svg>
        </button>
    }
}
