//! # barricade-web
//!
//! The browser app: a Leptos single-page app that draws the board as SVG.
//! It asks `barricade-rules` for everything it shows; it writes no rule.
//!
//! The folders are the layers (each uses only those listed after it, and
//! the plain modules at the top):
//!
//! - [`app`]: the page: the board beside the panels, keys, the effects.
//! - [`panels`]: the side panel's parts (the new-game form, the game's
//!   panel, the replay viewer, the share box, the chart, play in words).
//! - [`board`]: the hand-drawn board, keyed and built once, and the
//!   takeover of the prerendered one.
//! - [`web`]: what talks to the browser: storage, seeds, timers, focus,
//!   clipboard and share ([`web::browser`]), sound ([`web::audio`]), the
//!   AI worker ([`web::ai_worker`]), language downloads
//!   ([`web::language_files`]) and the analysis driver
//!   ([`web::analysis_driver`]).
//! - [`prerender`]: what is written at build time: the prerendered shell
//!   ([`prerender::shell`]) and the "How to play" pages
//!   ([`prerender::guide`]).
//!
//! The plain modules, tested natively:
//!
//! - [`state`]: the game state and its intents, the autosave, settings.
//! - [`ctx`]: the app's signals (the game shown, the screen, the form,
//!   the replay) and the intents every click and key goes through;
//!   [`action`]: every button as one typed value.
//! - [`clock`]: the effects that talk to the world: autosave, timers.
//! - [`scene`]: what is on the board, as plain data; [`chart_data`]: what
//!   the analysis chart draws.
//! - [`geometry`]: board coordinates scaled into SVG units.
//! - [`sound`]: the game's sounds as notes, and which changes make them
//!   heard.
//! - [`text`]: every user-visible string; [`i18n`]: the languages and
//!   their tables.
//! - [`link`]: the links into the app (replay, play by link, seed, room).
//! - [`online`]: online rooms, the page's side: the room server's
//!   socket, the room folded from its events, the dice check.
//! - [`ai_protocol`]: the messages of the web worker (`src/bin/ai_worker.rs`),
//!   where the computer players think, the [`qr`] codes of share links
//!   are drawn and a game's analysis ([`state::analysis`]) is worked out.

pub mod action;
pub mod ai_protocol;
pub mod app;
pub mod board;
pub mod chart_data;
pub mod clock;
pub mod ctx;
pub mod geometry;
pub mod i18n;
pub mod link;
pub mod online;
pub mod panels;
pub mod prerender;
pub mod qr;
pub mod scene;
pub mod sound;
pub mod state;
pub mod text;
pub mod web;

pub use app::App;
