//! The animation speed picker (the new-game form's, the game's panel's and
//! the replay viewer's).

use super::tr;
use crate::i18n::Words;
use crate::i18n::text::Text;
use crate::providers::context;
use crate::providers::game::Game;
use crate::providers::preferences::Preferences;
use crate::state::settings::Speed;
use leptos::prelude::*;

/// A labelled menu of the speeds, showing the one in use.
#[component]
pub fn SpeedPicker() -> impl IntoView {
    let game = context::<Game>();
    let prefs = context::<Preferences>();
    let w = context::<Words>();
    let options = Speed::ALL.map(|s| {
        view! {
            <option value=s.code() prop:selected=move || prefs.settings.with(|x| x.speed) == s>
                {move || w.speed_name(s)}
            </option>
        }
    });
    view! {
        <label class="field speed">
            <span>{tr(w, Text::Speed)}</span>
            <select
                data-setting="speed"
                data-setup-speed=""
                on:change=move |e| {
                    if let Some(speed) = Speed::from_code(&event_target_value(&e)) {
                        game.set_speed(speed);
                    }
                }
            >
                {options}
            </select>
        </label>
    }
}
