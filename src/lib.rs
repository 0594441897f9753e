//! # barricade-web
//!
//! The browser app: a Leptos single-page app that draws the board as SVG.
//! It asks `barricade-rules` for everything it shows; it writes no rule.
//!
//! - [`geometry`]: board coordinates scaled into SVG units.
//! - [`scene`]: what is on the board, as plain data (tested natively).
//! - [`text`]: every user-visible string.
//! - [`components`]: the Leptos components that draw a scene.

pub mod components;
pub mod geometry;
pub mod scene;
pub mod text;

pub use components::App;
