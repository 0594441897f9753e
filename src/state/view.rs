//! What the player is doing on the board, apart from the game itself:
//! the selected pawn, a move waiting for its drop square, a pawn walking,
//! the news for the screen reader and the master bot's hint.

use super::log::Entry;
use barricade_rules::{Candidate, Colour, Move, Origin, Position, Roll, Square};

/// The board's view state of a game (see `GameState`).
#[derive(Clone, Debug, Default)]
pub struct BoardView {
    /// The selected pawn's origin.
    pub(super) selected: Option<Origin>,
    /// The barricade-taking move waiting for its drop square.
    pub(super) pending: Option<Candidate>,
    /// The pawn walking now.
    pub(super) walk: Option<Walk>,
    /// What just happened.
    pub(super) news: Option<News>,
    /// The master bot's suggestion and the position it is for.
    pub(super) hint: Option<(Position, Move)>,
}

/// A pawn walking square by square along its path (display only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The walking pawn.
    pub colour: Colour,
    /// Its number.
    pub number: usize,
    /// The squares it steps on, destination last.
    pub path: Vec<Square>,
    /// How many squares it has walked so far (it stands on `path[step]`).
    pub step: usize,
    /// A pawn it captures, still shown on the destination until the walk
    /// ends: colour, number, square.
    pub captured: Option<(Colour, usize, Square)>,
}

/// What just happened, for the screen-reader live region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum News {
    /// A colour rolled.
    Rolled(Colour, Roll),
    /// A colour rolled and cannot move.
    Stuck(Colour, Roll),
    /// A decision was played.
    Played(Entry),
    /// A move was taken back.
    Undone,
    /// A move was played again.
    Redone,
    /// The master bot suggests this decision (a hint, not played), for the
    /// roll the player has (none: the french choice after a 6).
    Hint(Option<Roll>, Move),
}
