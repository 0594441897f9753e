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

use crate::board::Square;
use crate::moves::{Move, Origin};
use core::fmt;
use core::str::FromStr;

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Home => f.write_str("home"),
            Origin::Square(s) => write!(f, "{s}"),
        }
    }
}

/// Why a text is not a move or an origin.
///
/// ```
/// assert!("c1-".parse::<barricade_rules::Move>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError(pub String);

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a move (like c1-e3, home-c1, k9-i9 x g8, pass)",
            self.0
        )
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Origin {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Origin, ParseMoveError> {
        if s == "home" {
            Ok(Origin::Home)
        } else {
            s.parse::<Square>()
                .map(Origin::Square)
                .map_err(|_| ParseMoveError(s.chars().take(20).collect()))
        }
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
        let err = || ParseMoveError(text.chars().take(20).collect());
        let t = text.trim();
        match t {
            "pass" => return Ok(Move::Pass),
            "again" => return Ok(Move::Again),
            _ => {}
        }
        if let Some(rest) = t.strip_prefix("place") {
            return rest.trim().parse().map(Move::Place).map_err(|_| err());
        }
        let (step, drop) = match t.split_once('x') {
            Some((a, b)) => (
                a.trim(),
                Some(b.trim().parse::<Square>().map_err(|_| err())?),
            ),
            None => (t, None),
        };
        let (from, to) = step.split_once('-').ok_or_else(err)?;
        Ok(Move::Step {
            from: from.trim().parse().map_err(|_| err())?,
            to: to.trim().parse().map_err(|_| err())?,
            drop,
        })
    }
}
