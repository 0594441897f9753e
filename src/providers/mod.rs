//! The app's state, one context per concern (as hiveboardgame's
//! `providers/` do it): each is a small `Copy` struct of signals with the
//! intents of its concern, provided once by [`crate::app`] and read by the
//! views with `expect_context`. A concern may use the ones below it in
//! this list, never one above:
//!
//! - [`screens::Screens`]: which panel is shown, the notice, the share box.
//! - [`preferences::Preferences`]: the speed, sound and remembered choices.
//! - [`analysis::Analysis`]: the win chances of the game analysed.
//! - [`game::Game`]: the game shown on the board and what changes it (with
//!   its clock, [`scheduler`]).
//! - [`new_game::NewGame`]: the new-game form's choices.
//! - [`replays::Replays`]: the replay viewer.
//!
//! Online rooms (`crate::online`) build on the game; the intents that go
//! from one concern to another (a link opened, a game started, the replay
//! closed) are in `crate::intents`. The page's words are
//! [`crate::i18n::Words`].

pub mod analysis;
pub mod game;
pub mod new_game;
pub mod preferences;
pub mod replays;
pub mod scheduler;
pub mod screens;

use leptos::prelude::use_context;

/// The context `T` that the app provides (`crate::intents::provide`):
/// how a view reaches the state it shows. (Not Leptos's
/// `expect_context`, whose message formats the type's name: one copy of
/// that code per type in the page.)
pub fn context<T: Clone + 'static>() -> T {
    use_context::<T>().unwrap_or_else(|| unreachable!("the app provides every context"))
}
