//! The move log: every decision in the rules crate's notation.

use super::Ctx;
use crate::text::{Text, colour_name, log_line, t};
use leptos::prelude::*;

/// The move log, newest last, folded away on a phone.
#[component]
pub fn MoveLog() -> impl IntoView {
    let ctx = Ctx::get();
    let rows = move || {
        ctx.state.with(|s| {
            s.log()
                .iter()
                .enumerate()
                .rev()
                .take(200)
                .map(|(i, e)| {
                    view! {
                        <li class=format!("entry {}", e.colour.name())>
                            <span class="ply">{i + 1}</span>
                            <span class="who" title=colour_name(e.colour)></span>
                            <span class="what">{log_line(e.roll, e.mv)}</span>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let empty = move || ctx.state.with(|s| s.log().is_empty());
    // Open beside the board; folded away below it on a phone.
    let wide = web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|v| v.as_f64())
        .is_none_or(|w| w > 760.0);
    view! {
        <details class="log" open=wide>
            <summary>{t(Text::Moves)}</summary>
            <Show when=empty fallback=move || view! { <ol class="entries" reversed=true>{rows}</ol> }>
                <p class="muted">{t(Text::NoMoves)}</p>
            </Show>
        </details>
    }
}
