//! Downloads language files (`lang/CODE.txt`) and installs them in the
//! page's [`Words`].

use crate::i18n::text::Text;
use crate::i18n::{Language, Words};
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

/// Makes `language` the one `words` are in, downloading its file if this
/// visit has not yet, then calls `done` with false if it could not be
/// loaded (nothing changed then).
pub fn switch(words: Words, language: Language, done: impl FnOnce(bool) + 'static) {
    let use_it = move || {
        browser::set_document_language(language.code(), words.t(Text::Title));
        true
    };
    if words.activate(language) {
        return done(use_it());
    }
    browser::fetch_text(&path(language), move |file| {
        let installed = file.is_some_and(|file| words.install(language, file));
        done(installed && use_it());
    });
}

/// Loads the first language, or English if that fails, then calls `done`
/// with the page's words (`None` if neither loaded).
pub fn start(language: Language, done: impl FnOnce(Option<Words>) + 'static) {
    browser::fetch_text(&path(language), move |file| {
        let words = file.and_then(|file| Words::new(language, file));
        match words {
            Some(words) => {
                browser::set_document_language(language.code(), words.t(Text::Title));
                done(Some(words));
            }
            None if language != Language::En => start(Language::En, done),
            None => done(None),
        }
    });
}

/// Where the site keeps the file of `language`.
fn path(language: Language) -> String {
    format!("lang/{}.txt", language.code())
}
