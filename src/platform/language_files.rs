//! Downloads language files (`lang/CODE.txt`) and installs them; see
//! [`crate::i18n`].

use crate::i18n::text::{Text, t};
use crate::i18n::{self, Language};
use crate::platform::browser;

/// The language to start in: the one chosen before (the line `language
/// CODE` of the stored settings), or else the best of the browser's.
pub fn first() -> Language {
    let chosen = browser::load(crate::state::save::SETTINGS_KEY)
        .and_then(|settings| crate::state::settings::Settings::decode(&settings).language);
    chosen.unwrap_or_else(|| {
        let preferred = browser::preferred_languages();
        Language::best(preferred.iter().map(String::as_str))
    })
}

/// Makes `language` the one in use, downloading its file if this visit
/// has not yet, then calls `done` with false if it could not be loaded
/// (nothing changed then).
pub fn switch(language: Language, done: impl FnOnce(bool) + 'static) {
    let use_it = move || {
        browser::set_document_language(language.code(), t(Text::Title));
        true
    };
    if i18n::activate(language) {
        return done(use_it());
    }
    let path = format!("lang/{}.txt", language.code());
    browser::fetch_text(&path, move |file| {
        let installed = file.is_some_and(|file| i18n::install(language, file));
        done(installed && use_it());
    });
}

/// Loads the first language, or English if that fails, then calls `done`
/// with false if neither loaded.
pub fn start(language: Language, done: impl FnOnce(bool) + 'static) {
    switch(language, move |loaded| {
        if loaded || language == Language::En {
            done(loaded)
        } else {
            switch(Language::En, done)
        }
    });
}
