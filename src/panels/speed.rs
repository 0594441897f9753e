//! The animation speed picker (the new-game form's, the game's panel's and
//! the replay viewer's).

use super::{tr, words};
use crate::i18n::text::{Text, speed_name};
use crate::intents::Ctx;
use crate::state::settings::Speed;
use leptos::prelude::*;

/// A labelled menu of the speeds, showing the one in use.
#[component]
pub fn SpeedPicker() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let options = Speed::ALL.map(|s| {
        view! {
            <option value=s.code() prop:selected=move || ctx.settings.with(|x| x.speed) == s>
                {words(ctx, move || speed_name(s))}
            </option>
        }
    });
    view! {
        <label class="field speed">
            <span>{tr(ctx, Text::Speed)}</span>
            <select
                data-setting="speed"
                data-setup-speed=""
                on:change=move |e| {
                    if let Some(speed) = Speed::from_code(&event_target_value(&e)) {
                        ctx.set_speed(speed);
                    }
                }
            >
                {options}
            </select>
        </label>
    }
}
