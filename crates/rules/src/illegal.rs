//! [`IllegalMove`]: why a decision was refused, as a typed [`Reason`].

use crate::board::BoardId;
use crate::classic::Square;
use crate::colour::Team;
use crate::moves::{Move, Origin};
use crate::roll::Roll;
use core::fmt;

/// Why [`crate::Position::play`] (or [`crate::Game`]) refused a decision.
///
/// ```
/// use barricade_rules::{Origin, Position, Reason};
/// let mut pos: Position = "roll=1".parse().unwrap();
/// let err = pos.play("home-b1".parse().unwrap()).unwrap_err();
/// assert!(matches!(err.reason, Reason::NoSuchMove { from: Origin::Home, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The game is over; this team won.
    GameOver(Team),
    /// A held barricade cannot be put on this square.
    CannotPlace(Square),
    /// A held barricade must be put down first.
    MustPlaceFirst,
    /// After a 6 (french) the choice is to roll again or to pass.
    MustChooseAgainOrPass,
    /// The die has not been rolled.
    NotRolled,
    /// A roll was asked for, but the die is already rolled (this roll
    /// waits for a move or a pass).
    AlreadyRolled(Roll),
    /// A roll was asked for, but the game waits for something else (a
    /// barricade to put down, the choice after a 6, or it is over).
    NoRollDue,
    /// Rolling again needs a 6 moved first.
    AgainNeedsSix,
    /// There is no held barricade to put down.
    NothingToPlace,
    /// A move is possible, so passing is not allowed.
    PassNotAllowed,
    /// No pawn can make this move with this roll.
    NoSuchMove {
        /// Where the pawn would start.
        from: Origin,
        /// Where it would end.
        to: Square,
        /// The roll.
        roll: Roll,
    },
    /// The move takes the barricade on this square and must say where it
    /// goes.
    DropMissing(Square),
    /// The taken barricade cannot go on this square.
    BadDrop(Square),
    /// A drop square was given, but the move takes no barricade.
    NoDropNeeded,
}

/// A decision that was refused: the decision, the board it was played on
/// (for square names) and the [`Reason`].
///
/// ```
/// use barricade_rules::{Move, Position};
/// let mut pos: Position = "roll=1".parse().unwrap();
/// let err = pos.play("home-b1".parse().unwrap()).unwrap_err();
/// assert_eq!(err.to_string(), "home-b1 is not legal: no pawn can go from home to b1 with a 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The refused move.
    pub mv: Move,
    /// The board it was played on.
    pub board: BoardId,
    /// Why it was refused.
    pub reason: Reason,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board.board();
        let name = |s: Square| board.name(s);
        // A refused roll names the roll, not the move it is stored with.
        match self.reason {
            Reason::AlreadyRolled(_) | Reason::NoRollDue => f.write_str("roll is not legal: ")?,
            _ => write!(f, "{} is not legal: ", board.move_name(self.mv))?,
        }
        match self.reason {
            Reason::GameOver(w) => write!(f, "the game is over, {w} won"),
            Reason::CannotPlace(s) => write!(f, "a barricade cannot be put on {}", name(s)),
            Reason::MustPlaceFirst => f.write_str("a held barricade must be put down first"),
            Reason::MustChooseAgainOrPass => {
                f.write_str("after a 6 the player chooses to roll again or pass")
            }
            Reason::NotRolled => f.write_str("the die has not been rolled"),
            Reason::AlreadyRolled(r) => {
                write!(f, "the die is already rolled (a {r}); move or pass")
            }
            Reason::NoRollDue => f.write_str("no roll is due now"),
            Reason::AgainNeedsSix => f.write_str("rolling again needs a 6 moved first"),
            Reason::NothingToPlace => f.write_str("there is no barricade to put down"),
            Reason::PassNotAllowed => f.write_str("a move is possible, so passing is not allowed"),
            Reason::NoSuchMove { from, to, roll } => {
                let from = match from {
                    Origin::Square(s) => name(s),
                    other => other.to_string(),
                };
                write!(
                    f,
                    "no pawn can go from {from} to {} with a {roll}",
                    name(to)
                )
            }
            Reason::DropMissing(s) => {
                write!(f, "the barricade on {} must be put somewhere", name(s))
            }
            Reason::BadDrop(s) => write!(f, "the barricade cannot be put on {}", name(s)),
            Reason::NoDropNeeded => f.write_str("no barricade is taken by this move"),
        }
    }
}

impl std::error::Error for IllegalMove {}
