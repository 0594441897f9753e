//! # barricade-web
//!
//! The browser app: a Leptos single-page app that draws the board as SVG.
//! It asks `barricade-rules` for everything it shows; it writes no rule.
//!
//! The folders are the layers, from the top (each may use only the layers
//! below it; `cargo xtask test` checks it, see `xtask/src/layer_check.rs`
//! and docs/architecture.md):
//!
//! - [`app`]: the page: the board beside the panels, keys, the effects.
//! - [`panels`]: the side panel's parts (the new-game form, the game's
//!   panel, the replay viewer, the share box, the chart and what it draws,
//!   play in words).
//! - [`intents`]: the app's contexts made at its start
//!   ([`intents::provide`]) and the intents that go from one concern to
//!   another ([`intents::Intents`]); [`intents::action`]: every button as
//!   one typed value.
//! - [`online`]: online rooms, the page's side: the room folded from its
//!   events, the dice check.
//! - [`providers`]: the app's state, one context per concern: the panel
//!   shown, the preferences, the analysis, the game and its clock, the
//!   new-game form, the replay viewer.
//! - [`prerender`]: what is written at build time: the prerendered shell
//!   ([`prerender::shell`]) and the "How to play" pages
//!   ([`prerender::guide`]).
//! - [`board`]: the hand-drawn board, keyed and built once, and the
//!   takeover of the prerendered one.
//! - [`platform`]: what talks to the browser: storage, seeds, timers,
//!   focus, clipboard and share ([`platform::browser`]), the rooms'
//!   socket ([`platform::socket`]), sound
//!   ([`platform::audio`]), the AI worker ([`platform::ai_worker`],
//!   [`platform::worker_scope`]), language downloads
//!   ([`platform::language_files`]) and the analysis driver
//!   ([`platform::analysis_driver`]).
//! - [`i18n`]: the languages' tables and every user-visible string
//!   ([`i18n::text`]).
//! - [`worker`]: the messages of the web worker (`src/bin/ai_worker.rs`),
//!   where the computer players think, the [`worker::qr`] codes of share
//!   links are drawn and a game's analysis ([`state::analysis`]) is worked
//!   out.
//! - [`state`]: plain data, tested natively: the game state and its
//!   changes, the autosave, settings and the language chosen, what is on
//!   the board ([`state::scene`], [`state::geometry`]), the links into the
//!   app ([`state::link`]) and the game's sounds as notes
//!   ([`state::sound`]).
//!
//! Only [`platform`] and [`board`] call the browser (`web_sys`, `js_sys`).

pub mod app;
pub mod board;
pub mod i18n;
pub mod intents;
pub mod online;
pub mod panels;
pub mod platform;
pub mod prerender;
pub mod providers;
pub mod state;
pub mod worker;

pub use app::App;
