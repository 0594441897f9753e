//! # barricade-rules
//!
//! The rules of Barricade (Malefiz): the board, the pieces and every rule of
//! the game, its variants, seeded dice and replayable records. This crate
//! has no web dependencies; the app, the AI and the command-line engine all
//! ask it what is legal and never write a rule of their own.
//!
//! ```
//! use barricade_rules::{classic, Colour, Square};
//! assert_eq!(Square::COUNT, 112);
//! assert_eq!(classic::barricade_start_squares().len(), 11);
//! assert_eq!(Colour::Red.entry().to_string(), "c1");
//! ```
//!
//! The quick board ("Das schnelle Malefiz") is another [`Board`]:
//!
//! ```
//! use barricade_rules::{Board, BoardId, Colour, Game, Rules, Seats};
//! let game = Game::new_on(BoardId::Quick, Rules::default(), Seats::default(), 1);
//! let board = game.position().board();
//! assert_eq!(board.len(), 66);
//! assert_eq!(board.rest_squares().len(), 7);
//! assert_eq!(board.village().len(), 20);
//! assert_eq!(board.name(board.forest().unwrap().exit), "i5");
//! assert_eq!(game.position().at_home(Colour::Red), 4);
//! ```
//!
//! A game:
//!
//! ```
//! use barricade_rules::{Game, Rules, Seats};
//! let mut game = Game::new(Rules::default(), Seats::default(), 2024);
//! while game.position().winner().is_none() {
//!     game.roll_if_due();
//!     let moves = game.position().legal_moves();
//!     // A very simple policy: the first legal move, or pass.
//!     let mv = moves.expanded().next().unwrap();
//!     game.play(mv).unwrap();
//! #   if game.history().len() > 5000 { break; }
//! }
//! ```

pub mod board;
pub mod classic;
pub mod code;
pub mod colour;
pub mod distance;
pub mod game;
mod illegal;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod opening;
mod paths;
pub mod policy;
pub mod position;
mod quick;
pub mod record;
pub mod roll;
pub mod rules;
pub mod seats;
pub mod setup;
mod setup_error;
pub mod squareset;

pub use board::{Board, BoardId, Forest};
pub use classic::Square;
pub use colour::{Colour, ColourSet, Team};
pub use game::Game;
pub use moves::{Candidate, Move, MoveList, Origin, Path};
pub use notation::ParseMoveError;
pub use opening::Opening;
pub use position::{IllegalMove, Phase, Position, Reason};
pub use record::{GameRecord, ReplayError};
pub use roll::{Dice, Roll, RollSource, ScriptedDice};
pub use rules::Rules;
pub use seats::{Seats, SeatsError};
pub use setup::{PositionError, Setup};
pub use squareset::SquareSet;
