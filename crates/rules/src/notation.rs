//! Move notation: `c1-e3`, `home-c1`, `k9-i9 x g8` (a barricade taken on
//! i9 and put on i8), `pass`, `place e5`, `again`.
//!
//! ```
//! use barricade_rules::Move;
//! for text in ["c1-e3", "home-c1", "k9-i9 x g8", "pass", "place e5", "again"] {
//!     let mv: Move = text.parse().unwrap();
//!     assert_eq!(mv.to_string(), text);
//! }
//! assert_eq!("k9-i9x g8".parse::<Move>().unwrap().to_string(), "k9-i9 x g8");
//! ```

use crate::board::Board;
use crate::classic::Square;
use crate::moves::{Move, Origin};
use core::fmt;
use core::str::FromStr;

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Home => f.write_str("home"),
            Origin::Forest => f.write_str("forest"),
            Origin::Square(s) => write!(f, "{s}"),
        }
    }
}

/// Why a text is not a move or an origin.
///
/// ```
/// assert!("c1-".parse::<barricade_rules::Move>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a move (like c1-e3, home-c1, k9-i9 x g8, pass)")]
pub struct ParseMoveError {
    /// The text (its first 20 characters).
    pub text: String,
}

impl ParseMoveError {
    fn new(text: &str) -> ParseMoveError {
        ParseMoveError {
            text: text.chars().take(20).collect(),
        }
    }
}

impl FromStr for Origin {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Origin, ParseMoveError> {
        parse_origin(s, |name| name.parse().ok())
    }
}

fn parse_origin(
    s: &str,
    square: impl Fn(&str) -> Option<Square>,
) -> Result<Origin, ParseMoveError> {
    match s {
        "home" => Ok(Origin::Home),
        "forest" => Ok(Origin::Forest),
        _ => square(s)
            .map(Origin::Square)
            .ok_or_else(|| ParseMoveError::new(s)),
    }
}

/// Square names of one board: the notation of its moves and origins.
/// (`Display` and `FromStr` of [`Move`], [`Origin`] and [`Square`] use
/// the classic board's names.)
///
/// ```
/// use barricade_rules::{Board, Move, Origin};
/// let quick = Board::quick();
/// let mv = quick.parse_move("forest-i5").unwrap();
/// assert_eq!(quick.move_name(mv), "forest-i5");
/// assert_eq!(quick.parse_origin("home"), Ok(Origin::Home));
/// assert!(quick.parse_move("a14-a13").is_err());
/// ```
impl Board {
    /// The text of a move with this board's square names.
    pub fn move_name(&self, mv: Move) -> String {
        let origin = |o: Origin| match o {
            Origin::Square(s) => self.name(s),
            other => other.to_string(),
        };
        match mv {
            Move::Step { from, to, drop } => {
                let mut t = format!("{}-{}", origin(from), self.name(to));
                if let Some(d) = drop {
                    t.push_str(" x ");
                    t.push_str(&self.name(d));
                }
                t
            }
            Move::Place(s) => format!("place {}", self.name(s)),
            other => other.to_string(),
        }
    }

    /// Reads an origin (`home`, `forest` or a square of this board).
    pub fn parse_origin(&self, text: &str) -> Result<Origin, ParseMoveError> {
        parse_origin(text, |name| self.square(name))
    }

    /// Reads a move with this board's square names.
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        parse_move(text, |name| self.square(name))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to, drop } => {
                write!(f, "{from}-{to}")?;
                if let Some(d) = drop {
                    write!(f, " x {d}")?;
                }
                Ok(())
            }
            Move::Pass => f.write_str("pass"),
            Move::Place(s) => write!(f, "place {s}"),
            Move::Again => f.write_str("again"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        parse_move(text, |name| name.parse().ok())
    }
}

fn parse_move(text: &str, square: impl Fn(&str) -> Option<Square>) -> Result<Move, ParseMoveError> {
    {
        let err = || ParseMoveError::new(text);
        let t = text.trim();
        match t {
            "pass" => return Ok(Move::Pass),
            "again" => return Ok(Move::Again),
            _ => {}
        }
        if let Some(rest) = t.strip_prefix("place") {
            return square(rest.trim()).map(Move::Place).ok_or_else(err);
        }
        let (step, drop) = match t.split_once('x') {
            Some((a, b)) => (a.trim(), Some(square(b.trim()).ok_or_else(err)?)),
            None => (t, None),
        };
        let (from, to) = step.split_once('-').ok_or_else(err)?;
        Ok(Move::Step {
            from: parse_origin(from.trim(), &square).map_err(|_| err())?,
            to: square(to.trim()).ok_or_else(err)?,
            drop,
        })
    }
}
