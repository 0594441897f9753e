//! The side panel's parts: the new-game form, the game's panel (with the
//! end screen, the move log and "Play in words"), the replay viewer, the
//! share box and the analysis chart. They read the contexts they need
//! ([`crate::providers`], [`crate::online::Online`], [`crate::i18n::Words`]) and call their intents; they never talk to the
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

use crate::i18n::Words;
use crate::i18n::text::Text;

/// The text `text` in the page's language, for a view: it reads the
/// page's words, so a language switch redraws it.
pub fn tr(w: Words, text: Text) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    move || w.t(text)
}
