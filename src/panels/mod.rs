//! The side panel's parts: the new-game form, the game's panel (with the
//! end screen, the move log and "Play in words"), the replay viewer, the
//! share box and the analysis chart. They read the app's signals
//! ([`crate::intents::Ctx`]) and call its intents; they never talk to the
//! browser's services directly except through [`crate::platform`].

pub mod chart;
pub mod chart_data;
pub mod corner;
pub mod die;
pub mod panel;
pub mod replay_panel;
pub mod room;
pub mod setup_form;
pub mod share;
pub mod speed;
pub mod words;

use crate::i18n::text::{Text, t};
use crate::intents::Ctx;
use leptos::prelude::*;

/// The text `text` in the page's language, for a view: it reads the
/// language signal, so a language switch redraws the words.
pub fn tr(ctx: Ctx, text: Text) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    move || {
        ctx.language.track();
        t(text)
    }
}

/// Words made by `f` (which reads the language tables) for a view, redrawn
/// when the page's language changes.
pub fn words<T>(
    ctx: Ctx,
    f: impl Fn() -> T + Copy + Send + Sync + 'static,
) -> impl Fn() -> T + Copy + Send + Sync + 'static {
    move || {
        ctx.language.track();
        f()
    }
}
