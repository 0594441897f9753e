//! The four pawn colours and where each one's home is.

use crate::classic::Square;
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
        Square::at(x, crate::classic::HEIGHT - 1).expect("entry squares are on the bottom row")
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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a colour (red, green, yellow, blue)")]
pub struct ParseColourError {
    /// The text (its first 16 characters); in a set, the one name that
    /// is not a colour.
    pub text: String,
}

impl FromStr for Colour {
    type Err = ParseColourError;

    fn from_str(s: &str) -> Result<Colour, ParseColourError> {
        Colour::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| ParseColourError {
                text: s.chars().take(16).collect(),
            })
    }
}

/// A set of colours, such as a team or the winners of a game.
///
/// ```
/// use barricade_rules::{Colour, ColourSet};
/// let team = ColourSet::from_iter([Colour::Red, Colour::Yellow]);
/// assert!(team.contains(Colour::Yellow));
/// assert_eq!(team.len(), 2);
/// assert_eq!(team.to_string(), "red+yellow");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct ColourSet(u8);

/// A team: the colours that win together and never capture each other.
pub type Team = ColourSet;

impl ColourSet {
    /// No colour.
    pub const EMPTY: ColourSet = ColourSet(0);

    /// All four colours.
    pub const ALL: ColourSet = ColourSet(0b1111);

    /// The set holding only `colour`.
    ///
    /// ```
    /// use barricade_rules::{Colour, ColourSet};
    /// assert!(ColourSet::single(Colour::Blue).contains(Colour::Blue));
    /// ```
    pub const fn single(colour: Colour) -> ColourSet {
        ColourSet(1 << colour as u8)
    }

    /// Is `colour` in the set?
    ///
    /// ```
    /// use barricade_rules::{Colour, ColourSet};
    /// assert!(!ColourSet::EMPTY.contains(Colour::Red));
    /// ```
    pub const fn contains(self, colour: Colour) -> bool {
        self.0 & (1 << colour as u8) != 0
    }

    /// Adds `colour`.
    ///
    /// ```
    /// use barricade_rules::{Colour, ColourSet};
    /// let mut s = ColourSet::EMPTY;
    /// s.insert(Colour::Green);
    /// assert_eq!(s, ColourSet::single(Colour::Green));
    /// ```
    pub fn insert(&mut self, colour: Colour) {
        self.0 |= 1 << colour as u8;
    }

    /// Number of colours in the set.
    ///
    /// ```
    /// assert_eq!(barricade_rules::ColourSet::ALL.len(), 4);
    /// ```
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Is the set empty?
    ///
    /// ```
    /// assert!(barricade_rules::ColourSet::EMPTY.is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The raw bits, bit `i` for colour index `i`.
    ///
    /// ```
    /// assert_eq!(barricade_rules::ColourSet::ALL.bits(), 15);
    /// ```
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The colours in board order (red, green, yellow, blue).
    ///
    /// ```
    /// use barricade_rules::{Colour, ColourSet};
    /// assert_eq!(ColourSet::ALL.iter().next(), Some(Colour::Red));
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Colour> + Clone {
        Colour::ALL.into_iter().filter(move |c| self.contains(*c))
    }
}

impl FromIterator<Colour> for ColourSet {
    fn from_iter<I: IntoIterator<Item = Colour>>(iter: I) -> ColourSet {
        let mut set = ColourSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl fmt::Display for ColourSet {
    /// Colour names joined by `+`, e.g. `red+yellow`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            f.write_str(c.name())?;
        }
        Ok(())
    }
}

impl fmt::Debug for ColourSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ColourSet({self})")
    }
}

impl FromStr for ColourSet {
    type Err = ParseColourError;

    /// Parses colour names joined by `+`, e.g. `red+yellow`.
    fn from_str(s: &str) -> Result<ColourSet, ParseColourError> {
        s.split('+').map(str::parse::<Colour>).collect()
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
