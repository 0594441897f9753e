//! # barricade-rules
//!
//! The rules of Barricade (Malefiz): the board, the pieces and every rule of
//! the game. This crate has no web dependencies; the app, the AI and the
//! command-line engine all ask it what is legal and never write a rule of
//! their own.
//!
//! ```
//! use barricade_rules::{board, Colour, Square};
//! assert_eq!(Square::COUNT, 112);
//! assert_eq!(board::barricade_start_squares().len(), 11);
//! assert_eq!(Colour::Red.entry().to_string(), "c1");
//! ```

pub mod board;
pub mod colour;

pub use board::Square;
pub use colour::Colour;
