//! # barricade-coach
//!
//! The native tools that make and measure the computer players of
//! `barricade-ai`; the game itself never runs them, and nothing the
//! browser builds depends on this crate. Behind the `barricade` command's
//! `train`, `tune`, `selfplay --levels` and `calibrate`:
//!
//! - [`training`]: self-play games of the master, and the fit of the
//!   learned evaluation ([`barricade_ai::learned`]) to their outcomes,
//!   which `barricade train` writes as `crates/ai/data/learned.txt`;
//! - [`tuning`]: the hand-made evaluation's weights tuned by self-play,
//!   which `barricade tune` writes as `crates/ai/src/tuned.rs`;
//! - [`tournament`]: games between bots on the same dice deals, seats
//!   rotated, with win rates, their 95% intervals and time per move;
//! - [`calibration`]: how honest predicted win chances are (reliability
//!   tables, expected calibration error, Brier score).
//!
//! Everything depends only on its options and seeds: threads change the
//! wall time, not the result. Unlike the bots, tournaments read the clock
//! (to report time per move) and games run on threads.
//!
//! ```
//! use barricade_ai::Level;
//! use barricade_coach::tournament::{run, Config};
//! use barricade_rules::{Colour, Rules, Seats};
//! let seats = Seats::new(&[Colour::Red, Colour::Blue]).unwrap();
//! let summary = run(&Config::new(Rules::default(), seats, &[Level::Medium, Level::Easy], 2, 1));
//! assert_eq!(summary.games, 2);
//! ```

pub mod calibration;
pub mod tournament;
pub mod training;
pub mod tuning;
