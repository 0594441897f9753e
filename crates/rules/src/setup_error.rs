//! [`PositionError`]: why a position (a [`crate::Setup`] or its notation)
//! was refused, one variant per reason.

use crate::colour::Colour;
use core::fmt;

/// Why a position was refused. Squares are given by their names on the
/// position's board.
///
/// ```
/// use barricade_rules::{Position, PositionError};
/// let err = "red=a1,a1".parse::<Position>().unwrap_err();
/// assert_eq!(err, PositionError::TwoPieces("a1".into()));
/// assert_eq!(err.to_string(), "two pieces on a1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The colour to play is not seated.
    TurnNotSeated(Colour),
    /// A square index that is not on the board.
    OffBoard(usize),
    /// Two pieces on this square.
    TwoPieces(String),
    /// An unseated colour has pawns.
    PawnsNotSeated(Colour),
    /// A colour has the wrong number of pawns.
    PawnCount {
        /// The colour.
        colour: Colour,
        /// The board's pawns per colour.
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// Pawns in the forest on a board without one.
    NoForest(Colour),
    /// A barricade on the bottom row (without `bottom-row`).
    BarricadeOnBottomRow(String),
    /// A barricade on the goal.
    BarricadeOnGoal,
    /// A barricade on a rest square.
    BarricadeOnRest(String),
    /// Not the board's number of barricades (on the board, held, to be
    /// placed).
    BarricadeCount {
        /// The board's barricades.
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// Held barricades or rolling again without the french rules.
    NotFrench,
    /// A barricade is held on a square without a pawn.
    NoHolder(String),
    /// The pawn to move again is not the mover's.
    BoundNotOwn {
        /// Its square.
        square: String,
        /// The colour to play.
        colour: Colour,
    },
    /// Choosing to roll again needs the bound pawn and no roll.
    ChoosingNeedsBound,
    /// Barricades to put down, and a roll.
    PlaceBeforeRoll,
    /// `then=end` without barricades to put down.
    EndWithoutPlace,
    /// The game is over, yet a roll or an action is pending.
    OverButPending,
    /// A word of the notation is not `key=value`.
    NotKeyValue(String),
    /// An unknown key in the notation.
    UnknownKey(String),
    /// A value that cannot be read: what it should be, and the text.
    BadValue {
        /// What was expected (`square`, `colour`, `roll (1 to 6)`, ...).
        what: &'static str,
        /// The text (at most 20 characters).
        text: String,
    },
    /// More pawns listed than the board has per colour.
    TooManyPawns {
        /// The colour.
        colour: Colour,
        /// The board's pawns per colour.
        max: usize,
    },
    /// A part that has its own error (rules, board, colours, seats), as
    /// that error's text.
    Part(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            TurnNotSeated(c) => write!(f, "{c} is to play but is not seated"),
            OffBoard(i) => write!(f, "square {i} is not on the board"),
            TwoPieces(s) => write!(f, "two pieces on {s}"),
            PawnsNotSeated(c) => write!(f, "{c} has pawns but is not seated"),
            PawnCount {
                colour,
                expected,
                found,
            } => write!(f, "{colour} must have {expected} pawns, found {found}"),
            NoForest(c) => write!(f, "{c} has pawns in the forest, but this board has none"),
            BarricadeOnBottomRow(s) => write!(f, "a barricade on the bottom row ({s})"),
            BarricadeOnGoal => f.write_str("a barricade on the goal"),
            BarricadeOnRest(s) => write!(f, "a barricade on the rest square {s}"),
            BarricadeCount { expected, found } => {
                write!(f, "there must be {expected} barricades, found {found}")
            }
            NotFrench => {
                f.write_str("held barricades and rolling again belong to the french rules")
            }
            NoHolder(s) => write!(f, "a barricade is held by a pawn on {s}, but there is none"),
            BoundNotOwn { square, colour } => {
                write!(f, "the pawn to move again on {square} is not {colour}'s")
            }
            ChoosingNeedsBound => {
                f.write_str("choosing to roll again needs the bound pawn and no roll")
            }
            PlaceBeforeRoll => f.write_str("barricades are put down before rolling"),
            EndWithoutPlace => f.write_str("'then=end' needs barricades to put down"),
            OverButPending => f.write_str("the game is over: no roll or pending action is allowed"),
            NotKeyValue(w) => write!(f, "expected key=value, found '{w}'"),
            UnknownKey(k) => write!(f, "unknown key '{k}'"),
            BadValue { what, text } => write!(f, "bad {what} '{text}'"),
            TooManyPawns { colour, max } => write!(f, "{colour} has more than {max} pawns"),
            Part(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for PositionError {}
