//! # barricade-web
//!
//! The browser app: a Leptos single-page app that draws the board as SVG.
//! It asks `barricade-rules` for everything it shows; it writes no rule.
//!
//! - [`state`]: the game state and its intents, the autosave, settings.
//! - [`ctx`]: the app's signals (the game shown, the screen, the form,
//!   the replay) and the intents every click and key goes through;
//!   [`action`]: every button as one typed value.
//! - [`clock`]: the effects that talk to the world: autosave, timers.
//! - [`scene`]: what is on the board, as plain data (tested natively).
//! - [`geometry`]: board coordinates scaled into SVG units.
//! - [`sound`]: the game's sounds as notes, and which changes make them
//!   heard; [`audio`] plays them with Web Audio.
//! - [`text`]: every user-visible string; [`i18n`]: the languages and
//!   their tables, downloaded by [`language_files`].
//! - [`components`]: the Leptos components that draw a scene.
//! - [`shell`]: the page before the app (the prerendered board);
//!   [`guide`]: the "How to play" pages, written at build time, and the
//!   app's links to them.
//! - [`browser`]: the few browser services (storage, seeds, timers).
//! - [`link`]: the links into the app (replay, play by link, seed).
//! - [`ai_protocol`] and `ai_worker`: the computer players think in a web
//!   worker (`src/bin/ai_worker.rs`), off the main thread; the worker also
//!   draws the [`qr`] codes of share links and works out a game's
//!   analysis ([`state::analysis`], filled by [`analysis_driver`]).

pub mod action;
pub mod ai_protocol;
pub mod ai_worker;
pub mod analysis_driver;
pub mod audio;
pub mod browser;
pub mod clock;
pub mod components;
pub mod ctx;
pub mod geometry;
pub mod guide;
pub mod i18n;
pub mod language_files;
pub mod link;
pub mod qr;
pub mod scene;
pub mod shell;
pub mod sound;
pub mod state;
pub mod text;

pub use components::App;
