//! The geometry of the classic board: which squares exist, where they are
//! drawn, what they are called and which of them are connected.
//!
//! The board knows nothing about pieces; it is fixed data, computed once at
//! compile time. Coordinates are grid steps: `x` runs 0..=16 left to right,
//! `y` runs 0..=13 top to bottom, the goal is at (8, 0).

use core::fmt;
use core::str::FromStr;

/// The squares of each row, as `(y, x values)`, from the goal down to the
/// bottom row. Every other table in this module is derived from this one.
const ROWS: [(u8, &[u8]); 14] = [
    (0, &[8]),
    (
        1,
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
    ),
    (2, &[0, 16]),
    (
        3,
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
    ),
    (4, &[8]),
    (5, &[6, 7, 8, 9, 10]),
    (6, &[6, 10]),
    (7, &[4, 5, 6, 7, 8, 9, 10, 11, 12]),
    (8, &[4, 12]),
    (9, &[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]),
    (10, &[2, 6, 10, 14]),
    (
        11,
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
    ),
    (12, &[0, 4, 8, 12, 16]),
    (
        13,
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
    ),
];

/// The classic board as a [`Layout`](crate::board::Layout).
pub(crate) const CLASSIC: crate::board::Layout = crate::board::Layout {
    id: crate::board::BoardId::Classic,
    rows: &ROWS,
    width: WIDTH,
    barricade_start: &BARRICADE_START,
    rest: &[],
    village: &[],
    forest: None,
    pawns_per_colour: 5,
};

/// Width of the coordinate grid (x = 0..WIDTH).
pub const WIDTH: u8 = 17;
/// Height of the coordinate grid (y = 0..HEIGHT).
pub const HEIGHT: u8 = 14;

const fn count_squares() -> usize {
    let mut n = 0;
    let mut r = 0;
    while r < ROWS.len() {
        n += ROWS[r].1.len();
        r += 1;
    }
    n
}

const SQUARE_COUNT: usize = count_squares();

/// `(x, y)` of every square, in index order (row by row, left to right).
const COORDS: [(u8, u8); SQUARE_COUNT] = {
    let mut out = [(0u8, 0u8); SQUARE_COUNT];
    let mut i = 0;
    let mut r = 0;
    while r < ROWS.len() {
        let (y, xs) = ROWS[r];
        let mut k = 0;
        while k < xs.len() {
            out[i] = (xs[k], y);
            i += 1;
            k += 1;
        }
        r += 1;
    }
    out
};

/// Grid lookup: `GRID[y][x]` is the square index there, or `NONE`.
const NONE: u8 = u8::MAX;
const GRID: [[u8; WIDTH as usize]; HEIGHT as usize] = {
    let mut grid = [[NONE; WIDTH as usize]; HEIGHT as usize];
    let mut i = 0;
    while i < SQUARE_COUNT {
        let (x, y) = COORDS[i];
        grid[y as usize][x as usize] = i as u8;
        i += 1;
    }
    grid
};

/// Up to four neighbours of every square, and how many there are.
const NEIGHBOURS: ([[Square; 4]; SQUARE_COUNT], [u8; SQUARE_COUNT]) = {
    let mut list = [[Square(0); 4]; SQUARE_COUNT];
    let mut len = [0u8; SQUARE_COUNT];
    let mut i = 0;
    while i < SQUARE_COUNT {
        let (x, y) = COORDS[i];
        // Up, left, right, down: a fixed order keeps move generation
        // deterministic.
        let candidates: [(i16, i16); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
        let mut c = 0;
        while c < 4 {
            let nx = x as i16 + candidates[c].0;
            let ny = y as i16 + candidates[c].1;
            if nx >= 0 && ny >= 0 && nx < WIDTH as i16 && ny < HEIGHT as i16 {
                let j = GRID[ny as usize][nx as usize];
                if j != NONE {
                    list[i][len[i] as usize] = Square(j);
                    len[i] += 1;
                }
            }
            c += 1;
        }
        i += 1;
    }
    (list, len)
};

/// A square: an index into the squares of a [`Board`](crate::Board)
/// (square 0 is the goal on every board). The methods here that need
/// geometry (`x`, `y`, `neighbours`, `Display`, `FromStr`, `all`,
/// [`Square::COUNT`]) are the classic board's; [`Board`](crate::Board)
/// answers them for any board (`xy`, `neighbours`, `name`, `square`).
///
/// Squares are named like chess squares: a file letter `a`..`q` for
/// x = 0..16 and a rank `1`..`14` counted from the bottom row, so the goal
/// is `i14` and the bottom row is rank 1.
///
/// ```
/// use barricade_rules::Square;
/// let goal: Square = "i14".parse().unwrap();
/// assert_eq!(goal, Square::GOAL);
/// assert_eq!((goal.x(), goal.y()), (8, 0));
/// assert_eq!(goal.neighbours().len(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares on the board, the goal included.
    pub const COUNT: usize = SQUARE_COUNT;

    /// The goal at the top of the board (`i14`).
    pub const GOAL: Square = Square(0);

    /// The square with this index (0..[`Square::COUNT`]), if there is one.
    ///
    /// ```
    /// use barricade_rules::Square;
    /// assert_eq!(Square::from_index(0), Some(Square::GOAL));
    /// assert_eq!(Square::from_index(112), None);
    /// ```
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARE_COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square at grid position `(x, y)`, if there is one.
    ///
    /// ```
    /// use barricade_rules::Square;
    /// assert_eq!(Square::at(8, 0), Some(Square::GOAL));
    /// assert_eq!(Square::at(1, 2), None);
    /// ```
    pub const fn at(x: u8, y: u8) -> Option<Square> {
        if x >= WIDTH || y >= HEIGHT {
            return None;
        }
        let i = GRID[y as usize][x as usize];
        if i == NONE { None } else { Some(Square(i)) }
    }

    /// This square's index, 0..[`Square::COUNT`]; usable as an array index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0..=16, left to right.
    pub const fn x(self) -> u8 {
        COORDS[self.0 as usize].0
    }

    /// Row, 0..=13, top (the goal) to bottom.
    pub const fn y(self) -> u8 {
        COORDS[self.0 as usize].1
    }

    /// Rank as used in square names: 1 for the bottom row, 14 for the goal.
    pub const fn rank(self) -> u8 {
        HEIGHT - self.y()
    }

    /// Is this square on the bottom row (rank 1), where barricades may not
    /// be put?
    pub const fn is_bottom_row(self) -> bool {
        self.y() == HEIGHT - 1
    }

    /// The squares connected to this one (one to four of them).
    ///
    /// ```
    /// use barricade_rules::Square;
    /// let c1: Square = "c1".parse().unwrap();
    /// let names: Vec<String> = c1.neighbours().iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["b1", "d1"]);
    /// ```
    pub fn neighbours(self) -> &'static [Square] {
        let i = self.0 as usize;
        &NEIGHBOURS.0[i][..NEIGHBOURS.1[i] as usize]
    }

    /// Every square, in index order.
    pub fn all() -> impl Iterator<Item = Square> + Clone {
        (0..SQUARE_COUNT as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x()) as char, self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not the name of a square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a square of the board")]
pub struct ParseSquareError {
    /// The text (its first 16 characters).
    pub text: String,
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses a square name such as `c1` or `i14`.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError {
            text: s.chars().take(16).collect(),
        };
        let mut chars = s.chars();
        let file = chars.next().ok_or_else(err)?;
        if !file.is_ascii_lowercase() {
            return Err(err());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') {
            return Err(err());
        }
        let rank: u8 = digits.parse().map_err(|_| err())?;
        let x = file as u8 - b'a';
        if rank == 0 || rank > HEIGHT {
            return Err(err());
        }
        Square::at(x, HEIGHT - rank).ok_or_else(err)
    }
}

/// Every connection of the board once, as `(a, b)` with `a < b`.
///
/// ```
/// assert_eq!(barricade_rules::classic::connections().count(), 121);
/// ```
pub fn connections() -> impl Iterator<Item = (Square, Square)> {
    Square::all().flat_map(|a| {
        a.neighbours()
            .iter()
            .copied()
            .filter(move |&b| a < b)
            .map(move |b| (a, b))
    })
}

/// The 11 squares where the barricades stand at the start of a game. They
/// are printed red on the board, so they stay visible after a barricade has
/// moved away.
pub const BARRICADE_START: [&str; 11] = [
    "i13", "i11", "i10", "i9", "g7", "k7", "a3", "e3", "i3", "m3", "q3",
];

/// The squares of [`BARRICADE_START`].
///
/// ```
/// let starts = barricade_rules::classic::barricade_start_squares();
/// assert_eq!(starts.len(), 11);
/// assert_eq!(starts[0].to_string(), "i13");
/// ```
pub fn barricade_start_squares() -> [Square; 11] {
    BARRICADE_START.map(|name| {
        name.parse()
            .unwrap_or_else(|_| unreachable!("start squares are on the board"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn has_112_squares_and_121_connections() {
        assert_eq!(Square::COUNT, 112);
        assert_eq!(Square::all().count(), 112);
        assert_eq!(connections().count(), 121);
    }

    #[test]
    fn neighbour_counts() {
        let count = |n: usize| Square::all().filter(|s| s.neighbours().len() == n).count();
        assert_eq!(count(1), 1, "only the goal has one neighbour");
        assert_eq!(Square::GOAL.neighbours().len(), 1);
        assert_eq!(count(2), 92);
        assert_eq!(count(3), 19);
        assert_eq!(count(4), 0);
    }

    #[test]
    fn connections_are_orthogonal_grid_neighbours_and_symmetric() {
        for (a, b) in connections() {
            let dx = a.x().abs_diff(b.x());
            let dy = a.y().abs_diff(b.y());
            assert_eq!(dx + dy, 1, "{a}-{b}");
            assert!(b.neighbours().contains(&a));
        }
    }

    #[test]
    fn names_round_trip() {
        for s in Square::all() {
            assert_eq!(s.to_string().parse::<Square>(), Ok(s));
        }
        assert_eq!(Square::GOAL.to_string(), "i14");
        assert_eq!(Square::at(0, 13).unwrap().to_string(), "a1");
        assert_eq!(Square::at(16, 13).unwrap().to_string(), "q1");
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in [
            "", "a", "a0", "a15", "r1", "A1", "b2", "i01", "1a", "a1x", "é1", "i140",
        ] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?} parsed");
        }
    }

    /// Breadth-first distances from `from` to every square.
    fn distances(from: Square) -> Vec<u32> {
        let mut dist = vec![u32::MAX; Square::COUNT];
        dist[from.index()] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(s) = queue.pop_front() {
            for &n in s.neighbours() {
                if dist[n.index()] == u32::MAX {
                    dist[n.index()] = dist[s.index()] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    #[test]
    fn board_is_connected_and_entries_are_39_from_goal() {
        let dist = distances(Square::GOAL);
        assert!(dist.iter().all(|&d| d != u32::MAX));
        for entry in ["c1", "g1", "k1", "o1"] {
            // A pawn at home counts its entry square as step 1, so it needs
            // 40 steps to reach the goal.
            assert_eq!(dist[sq(entry).index()], 39, "{entry}");
        }
    }

    #[test]
    fn shortest_cycle_has_12_squares() {
        // For every edge (a, b): shortest path from a to b without that edge,
        // plus the edge itself.
        let mut girth = u32::MAX;
        for (a, b) in connections() {
            let mut dist = vec![u32::MAX; Square::COUNT];
            dist[a.index()] = 0;
            let mut queue = VecDeque::from([a]);
            while let Some(s) = queue.pop_front() {
                for &n in s.neighbours() {
                    let skip = (s == a && n == b) || (s == b && n == a);
                    if !skip && dist[n.index()] == u32::MAX {
                        dist[n.index()] = dist[s.index()] + 1;
                        queue.push_back(n);
                    }
                }
            }
            if dist[b.index()] != u32::MAX {
                girth = girth.min(dist[b.index()] + 1);
            }
        }
        assert_eq!(girth, 12);
    }

    #[test]
    fn barricade_starts() {
        let starts = barricade_start_squares();
        let mut names: Vec<String> = starts.iter().map(|s| s.to_string()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 11);
        assert!(
            starts
                .iter()
                .all(|s| !s.is_bottom_row() && *s != Square::GOAL)
        );
    }

    #[test]
    fn rows_match_the_spec() {
        let row = |y: u8| -> Vec<u8> {
            Square::all()
                .filter(|s| s.y() == y)
                .map(|s| s.x())
                .collect()
        };
        assert_eq!(row(0), [8]);
        assert_eq!(row(1), (0..=16).collect::<Vec<_>>());
        assert_eq!(row(2), [0, 16]);
        assert_eq!(row(4), [8]);
        assert_eq!(row(5), (6..=10).collect::<Vec<_>>());
        assert_eq!(row(6), [6, 10]);
        assert_eq!(row(7), (4..=12).collect::<Vec<_>>());
        assert_eq!(row(8), [4, 12]);
        assert_eq!(row(9), (2..=14).collect::<Vec<_>>());
        assert_eq!(row(10), [2, 6, 10, 14]);
        assert_eq!(row(12), [0, 4, 8, 12, 16]);
        assert_eq!(row(13), (0..=16).collect::<Vec<_>>());
    }
}
