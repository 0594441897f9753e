//! [`SquareSet`]: a set of squares as one 128-bit word.

use crate::classic::Square;
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

/// A set of squares, one bit per square (bit `i` is the square with index
/// `i`). Copying, testing and combining sets costs a few instructions, so
/// move generation uses them for pawns, barricades and drop squares.
///
/// ```
/// use barricade_rules::{Square, SquareSet};
/// let c1: Square = "c1".parse().unwrap();
/// let mut set = SquareSet::EMPTY;
/// set.insert(c1);
/// set.insert(Square::GOAL);
/// assert!(set.contains(c1));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["i14", "c1"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct SquareSet(u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Every square of the board.
    pub const ALL: SquareSet = SquareSet((1u128 << Square::COUNT) - 1);

    /// The bottom row (rank 1): no barricade may stand there.
    ///
    /// ```
    /// use barricade_rules::SquareSet;
    /// assert_eq!(SquareSet::BOTTOM_ROW.len(), 17);
    /// ```
    pub const BOTTOM_ROW: SquareSet = {
        let mut bits = 0u128;
        let mut i = 0;
        while i < Square::COUNT {
            if let Some(s) = Square::from_index(i)
                && s.is_bottom_row()
            {
                bits |= 1 << i;
            }
            i += 1;
        }
        SquareSet(bits)
    };

    /// Squares where a barricade may stand at all: everything except the
    /// bottom row and the goal.
    ///
    /// ```
    /// use barricade_rules::SquareSet;
    /// assert_eq!(SquareSet::BARRICADE_ALLOWED.len(), 112 - 17 - 1);
    /// ```
    pub const BARRICADE_ALLOWED: SquareSet = SquareSet(Self::ALL.0 & !Self::BOTTOM_ROW.0 & !1);

    /// The set with the given bits; bits beyond the board are dropped.
    ///
    /// ```
    /// use barricade_rules::SquareSet;
    /// assert_eq!(SquareSet::from_bits(u128::MAX), SquareSet::ALL);
    /// ```
    pub const fn from_bits(bits: u128) -> SquareSet {
        SquareSet(bits & Self::ALL.0)
    }

    /// The raw bits (bit `i` = square index `i`).
    ///
    /// ```
    /// use barricade_rules::{Square, SquareSet};
    /// assert_eq!(SquareSet::from_square(Square::GOAL).bits(), 1);
    /// ```
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding only `square`.
    ///
    /// ```
    /// use barricade_rules::{Square, SquareSet};
    /// assert_eq!(SquareSet::from_square(Square::GOAL).len(), 1);
    /// ```
    pub const fn from_square(square: Square) -> SquareSet {
        SquareSet(1 << square.index())
    }

    /// Is `square` in the set?
    ///
    /// ```
    /// use barricade_rules::{Square, SquareSet};
    /// assert!(SquareSet::ALL.contains(Square::GOAL));
    /// ```
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// Adds `square`.
    ///
    /// ```
    /// use barricade_rules::{Square, SquareSet};
    /// let mut s = SquareSet::EMPTY;
    /// s.insert(Square::GOAL);
    /// assert!(!s.is_empty());
    /// ```
    #[inline]
    pub fn insert(&mut self, square: Square) {
        self.0 |= 1 << square.index();
    }

    /// Removes `square`.
    ///
    /// ```
    /// use barricade_rules::{Square, SquareSet};
    /// let mut s = SquareSet::ALL;
    /// s.remove(Square::GOAL);
    /// assert_eq!(s.len(), 111);
    /// ```
    #[inline]
    pub fn remove(&mut self, square: Square) {
        self.0 &= !(1 << square.index());
    }

    /// Number of squares in the set.
    ///
    /// ```
    /// assert_eq!(barricade_rules::SquareSet::ALL.len(), 112);
    /// ```
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Is the set empty?
    ///
    /// ```
    /// assert!(barricade_rules::SquareSet::EMPTY.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The square with the lowest index, if any.
    ///
    /// ```
    /// use barricade_rules::{Square, SquareSet};
    /// assert_eq!(SquareSet::ALL.first(), Some(Square::GOAL));
    /// ```
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// The square with the highest index, if any.
    ///
    /// ```
    /// use barricade_rules::SquareSet;
    /// assert_eq!(SquareSet::ALL.last().map(|s| s.index()), Some(111));
    /// ```
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(127 - self.0.leading_zeros() as usize)
        }
    }

    /// The `n`-th square of the set in index order (0-based), if any.
    ///
    /// ```
    /// use barricade_rules::{Square, SquareSet};
    /// let third = SquareSet::ALL.nth(2).unwrap();
    /// assert_eq!(third.index(), 2);
    /// ```
    pub fn nth(self, n: usize) -> Option<Square> {
        self.iter().nth(n)
    }

    /// How many squares of the set come before `square` in index order
    /// (whether or not `square` itself is in the set).
    ///
    /// ```
    /// use barricade_rules::{Square, SquareSet};
    /// let c1: Square = "c1".parse().unwrap();
    /// assert_eq!(SquareSet::ALL.rank_of(c1), c1.index());
    /// ```
    pub const fn rank_of(self, square: Square) -> usize {
        let below = (1u128 << square.index()) - 1;
        (self.0 & below).count_ones() as usize
    }

    /// The squares in index order.
    ///
    /// ```
    /// use barricade_rules::SquareSet;
    /// assert_eq!(SquareSet::ALL.iter().count(), 112);
    /// ```
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

/// Iterator over a [`SquareSet`], in index order.
///
/// ```
/// let mut it = barricade_rules::SquareSet::ALL.iter();
/// assert_eq!(it.next(), Some(barricade_rules::Square::GOAL));
/// ```
#[derive(Clone, Debug)]
pub struct SquareSetIter(u128);

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Square::from_index(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;
    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for s in iter {
            set.insert(s);
        }
        set
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for SquareSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: SquareSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for SquareSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: SquareSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn sub(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & !rhs.0)
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn not(self) -> SquareSet {
        SquareSet(!self.0 & Self::ALL.0)
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
