//! # barricade-ai
//!
//! Computer players for Barricade. It depends only on `barricade-rules`:
//! the rules say what is legal, this crate only chooses among legal moves.
//! The bots arrive with the computer-opponents issue.
