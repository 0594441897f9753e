//! The language menu and the sound on/off switch, first in the panel of
//! every screen. The switch is a toggle button (pressed: sound on); the
//! menu names each language in itself and follows the language in use
//! (a language whose file could not load leaves the menu where it was).

use super::tr;
use crate::i18n::Language;
use crate::i18n::Words;
use crate::i18n::text::Text;
use crate::intents::Intents;
use crate::intents::action::Action;
use crate::providers::context;
use crate::providers::preferences::Preferences;
use leptos::prelude::*;

/// The corner of the panel: language menu and sound switch.
#[component]
pub fn Corner() -> impl IntoView {
    let prefs = context::<Preferences>();
    let intents = context::<Intents>();
    let w = context::<Words>();
    let choose = move |e: leptos::ev::Event| {
        let code = event_target_value(&e);
        if let Some(language) = Language::from_code(&code) {
            intents.choose_language(language);
        }
    };
    let options = Language::ALL.map(|l| {
        view! {
            <option value=l.code() lang=l.code() prop:selected=move || w.language() == l>
                {l.name()}
            </option>
        }
    });
    let on = move || prefs.settings.with(|s| s.sound).to_string();
    view! {
        <div class="corner">
            <select
                class="language-menu"
                data-language=""
                aria-label=tr(w, Text::Language)
                on:change=choose
            >
                {options}
            </select>
            <button
                type="button"
                class="sound-switch"
                data-action=Action::Sound.name()
                aria-label=tr(w, Text::Sound)
                aria-pressed=on
                on:click=move |_| intents.run(Action::Sound)
            >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path class="speaker" d="M3 9h4l5-4v14l-5-4H3z" />
                    <path class="waves" d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" />
                    <path class="slash" d="M15 9l6 6M21 9l-6 6" />
                </svg>
            </button>
        </div>
    }
}
