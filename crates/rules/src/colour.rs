//! The four pawn colours and where each one's home is.

use crate::board::Square;
use core::fmt;
use core::str::FromStr;

/// A pawn colour. Each colour has a home below the bottom row and an entry
/// square that a pawn leaving home steps onto first.
///
/// ```
/// use barricade_rules::Colour;
/// assert_eq!(Colour::Green.entry().to_string(), "g1");
/// assert_eq!("blue".parse::<Colour>(), Ok(Colour::Blue));
/// assert_eq!(Colour::Yellow.to_string(), "yellow");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Colour {
    /// Home at the left, entry `c1`.
    Red,
    /// Entry `g1`.
    Green,
    /// Entry `k1`.
    Yellow,
    /// Home at the right, entry `o1`.
    Blue,
}

impl Colour {
    /// All four colours in board order, left to right.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Green, Colour::Yellow, Colour::Blue];

    /// Position 0..4 in [`Colour::ALL`]; usable as an array index.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square a pawn of this colour steps onto when it leaves home.
    pub fn entry(self) -> Square {
        let x = 2 + 4 * self.index() as u8;
        Square::at(x, crate::board::HEIGHT - 1).expect("entry squares are on the bottom row")
    }

    /// Centre of this colour's home in board coordinates: below its entry
    /// square, outside the grid.
    ///
    /// ```
    /// use barricade_rules::Colour;
    /// assert_eq!(Colour::Red.home_centre(), (2.0, 15.2));
    /// ```
    pub fn home_centre(self) -> (f32, f32) {
        (f32::from(self.entry().x()), 15.2)
    }

    /// The lower-case English name, as used in the protocol and the DOM.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a colour name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseColourError(pub String);

impl fmt::Display for ParseColourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a colour (red, green, yellow, blue)", self.0)
    }
}

impl std::error::Error for ParseColourError {}

impl FromStr for Colour {
    type Err = ParseColourError;

    fn from_str(s: &str) -> Result<Colour, ParseColourError> {
        Colour::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| ParseColourError(s.chars().take(16).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries() {
        let names: Vec<String> = Colour::ALL.iter().map(|c| c.entry().to_string()).collect();
        assert_eq!(names, ["c1", "g1", "k1", "o1"]);
    }

    #[test]
    fn names_round_trip() {
        for c in Colour::ALL {
            assert_eq!(c.name().parse(), Ok(c));
        }
        assert!("Red".parse::<Colour>().is_err());
    }
}
