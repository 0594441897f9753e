//! [`Board`]: a board as data. Squares with coordinates and names, links,
//! the goal, the entries, barricade start squares, where barricades may
//! not go, rest squares, the village and the forest, pawns per colour and
//! the number of barricades. Every rule reads the board from here; the
//! classic board and the quick board ("Das schnelle Malefiz") are two
//! values of this type, built once.
//!
//! ```
//! use barricade_rules::{Board, BoardId, Colour};
//! let quick = Board::quick();
//! assert_eq!(quick.id(), BoardId::Quick);
//! assert_eq!(quick.pawns_per_colour(), 4);
//! assert_eq!(quick.barricade_count(), 6);
//! let entry = quick.entry(Colour::Red);
//! assert_eq!(quick.name(entry), "c1");
//! assert_eq!(quick.square("c1"), Some(entry));
//! assert_eq!(quick.to_goal(entry), 25);
//! ```

use crate::classic::Square;
use crate::colour::Colour;
use crate::moves::Origin;
use crate::paths::PathTable;
use crate::squareset::SquareSet;
use core::fmt;
use core::str::FromStr;
use std::sync::OnceLock;

/// Which board a game is played on.
///
/// ```
/// use barricade_rules::BoardId;
/// assert_eq!("quick".parse::<BoardId>(), Ok(BoardId::Quick));
/// assert_eq!(BoardId::default(), BoardId::Classic);
/// assert_eq!(BoardId::Quick.to_string(), "quick");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub enum BoardId {
    /// The original board: 112 squares, 5 pawns each, 11 barricades.
    #[default]
    Classic,
    /// Our quick board ("Das schnelle Malefiz"): 66 squares, 4 pawns
    /// each, 6 barricades, rest squares, a village and a forest.
    Quick,
}

impl BoardId {
    /// Both boards, in the order of their numbers in the link code.
    pub const ALL: [BoardId; 2] = [BoardId::Classic, BoardId::Quick];

    /// The board.
    pub fn board(self) -> &'static Board {
        match self {
            BoardId::Classic => Board::classic(),
            BoardId::Quick => Board::quick(),
        }
    }

    /// The name used in the notation, the protocol and the command line.
    pub const fn name(self) -> &'static str {
        match self {
            BoardId::Classic => "classic",
            BoardId::Quick => "quick",
        }
    }

    /// The number stored in the link code.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The board with this link-code number.
    pub const fn from_number(n: u8) -> Option<BoardId> {
        match n {
            0 => Some(BoardId::Classic),
            1 => Some(BoardId::Quick),
            _ => None,
        }
    }
}

impl fmt::Display for BoardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names no board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a board (classic, quick)")]
pub struct ParseBoardError {
    /// The text (its first 16 characters).
    pub text: String,
}

impl FromStr for BoardId {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<BoardId, ParseBoardError> {
        BoardId::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| ParseBoardError {
                text: s.chars().take(16).collect(),
            })
    }
}

/// The forest of the quick board: a place beside the track (not a square)
/// where pawns captured in the village wait, any number of them. A pawn
/// leaves it as a pawn leaves home: its exit square is step 1.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Forest {
    /// Where it is drawn, in grid coordinates (an empty grid point).
    pub x: u8,
    /// Row of the drawing point.
    pub y: u8,
    /// The square a pawn leaving the forest steps onto first.
    pub exit: Square,
}

/// What a board is made of, as written in its module: rows of squares on
/// an integer grid (orthogonal neighbours are linked) and named squares.
pub(crate) struct Layout {
    pub id: BoardId,
    /// `(y, x values)` from the top (the goal, alone on row 0) down.
    pub rows: &'static [(u8, &'static [u8])],
    pub width: u8,
    pub barricade_start: &'static [&'static str],
    pub rest: &'static [&'static str],
    pub village: &'static [&'static str],
    /// `(x, y, exit square)` of the forest.
    pub forest: Option<(u8, u8, &'static str)>,
    pub pawns_per_colour: u8,
}

/// A board: its geometry, the places with a rule of their own, and the
/// tables that move generation and the bots read.
///
/// Squares are numbered row by row from the goal (always square 0,
/// [`Square::GOAL`]) down, left to right; a [`Square`] is such a number
/// and means a square of the board of its position. Names follow the grid
/// as on a chess board: a file letter for `x` and a rank counted from the
/// bottom row (rank 1). Neighbours are listed up, left, right, down.
pub struct Board {
    id: BoardId,
    width: u8,
    height: u8,
    coords: Vec<(u8, u8)>,
    grid: Vec<u8>,
    neighbours: Vec<Vec<Square>>,
    entries: [Square; 4],
    barricade_start: Vec<Square>,
    bottom_row: SquareSet,
    barricade_allowed: SquareSet,
    rest: SquareSet,
    village: SquareSet,
    forest: Option<Forest>,
    pawns_per_colour: u8,
    to_goal: Vec<u8>,
    /// Steps to the goal by byte: square indices, [`crate::moves::HOME`]
    /// and [`crate::moves::FOREST`].
    pub(crate) by_byte: [u8; 256],
    pub(crate) paths: PathTable,
}

const NONE: u8 = u8::MAX;

impl Board {
    /// The classic board.
    pub fn classic() -> &'static Board {
        static B: OnceLock<Board> = OnceLock::new();
        B.get_or_init(|| Board::build(&crate::classic::CLASSIC))
    }

    /// The quick board ("Das schnelle Malefiz"), our own design (see
    /// docs/rules.md).
    pub fn quick() -> &'static Board {
        static B: OnceLock<Board> = OnceLock::new();
        B.get_or_init(|| Board::build(&crate::quick::QUICK))
    }

    /// The board of `layout`: its grid first, then the squares with a
    /// rule of their own, then the tables the rules and the bots read.
    fn build(layout: &Layout) -> Board {
        let mut board = Board::grid(layout);
        board.place_named_squares(layout);
        board.derive_tables();
        board
    }

    /// The squares of `layout`, their coordinates and links, and nothing
    /// else yet.
    fn grid(layout: &Layout) -> Board {
        let height = layout.rows.iter().map(|r| r.0).max().unwrap_or(0) + 1;
        let width = layout.width;
        let coords: Vec<(u8, u8)> = layout
            .rows
            .iter()
            .flat_map(|&(y, xs)| xs.iter().map(move |&x| (x, y)))
            .collect();
        assert!(coords.len() <= 127, "a board has at most 127 squares");
        assert_eq!(coords[0].1, 0, "the goal is the first square");
        let mut grid = vec![NONE; width as usize * height as usize];
        for (i, &(x, y)) in coords.iter().enumerate() {
            grid[y as usize * width as usize + x as usize] = i as u8;
        }
        let mut board = Board {
            id: layout.id,
            width,
            height,
            coords,
            grid,
            neighbours: Vec::new(),
            entries: [Square::GOAL; 4],
            barricade_start: Vec::new(),
            bottom_row: SquareSet::EMPTY,
            barricade_allowed: SquareSet::EMPTY,
            rest: SquareSet::EMPTY,
            village: SquareSet::EMPTY,
            forest: None,
            pawns_per_colour: layout.pawns_per_colour,
            to_goal: Vec::new(),
            by_byte: [0; 256],
            paths: PathTable::empty(),
        };
        // Orthogonal neighbours on the grid are linked: up, left, right, down.
        board.neighbours = board
            .coords
            .iter()
            .map(|&(x, y)| {
                [(0, -1), (-1, 0), (1, 0), (0, 1)]
                    .iter()
                    .filter_map(|&(dx, dy)| {
                        let (x, y) = (x.checked_add_signed(dx)?, y.checked_add_signed(dy)?);
                        board.at(x, y)
                    })
                    .collect()
            })
            .collect();
        board
    }

    /// The entries, barricades' start squares, rest squares, village and
    /// forest of `layout`, and the squares a barricade may go on.
    fn place_named_squares(&mut self, layout: &Layout) {
        let named = |b: &Board, names: &[&str]| -> Vec<Square> {
            names
                .iter()
                .map(|n| {
                    b.square(n)
                        .unwrap_or_else(|| panic!("{n} is not on the board"))
                })
                .collect()
        };
        let bottom = self.height - 1;
        for c in Colour::ALL {
            let x = 2 + 4 * c.index() as u8;
            self.entries[c.index()] = self.at(x, bottom).expect("entries on the bottom row");
        }
        self.barricade_start = named(self, layout.barricade_start);
        self.rest = named(self, layout.rest).into_iter().collect();
        self.village = named(self, layout.village).into_iter().collect();
        self.forest = layout.forest.map(|(x, y, exit)| Forest {
            x,
            y,
            exit: named(self, &[exit])[0],
        });
        self.bottom_row = self.squares().filter(|&s| self.xy(s).1 == bottom).collect();
        self.barricade_allowed =
            self.all() - self.bottom_row - SquareSet::from_square(Square::GOAL) - self.rest;
        assert!(
            self.barricade_start
                .iter()
                .all(|&s| self.barricade_allowed.contains(s)),
            "barricades start on allowed squares"
        );
    }

    /// The distances to the goal (by square and by byte) and the path
    /// table.
    fn derive_tables(&mut self) {
        self.to_goal = self.distances_to_goal();
        for s in self.squares() {
            self.by_byte[s.index()] = self.to_goal[s.index()];
        }
        self.by_byte[crate::moves::HOME as usize] = self.from_home();
        self.by_byte[crate::moves::FOREST as usize] = self.from_forest().unwrap_or(0);
        assert!(
            Colour::ALL
                .iter()
                .all(|&c| self.to_goal[self.entry(c).index()] + 1 == self.from_home()),
            "every entry is as far from the goal"
        );
        self.paths = PathTable::build(self);
    }

    fn distances_to_goal(&self) -> Vec<u8> {
        let mut dist = vec![u8::MAX; self.len()];
        dist[0] = 0;
        let mut queue = std::collections::VecDeque::from([Square::GOAL]);
        while let Some(s) = queue.pop_front() {
            for &n in self.neighbours(s) {
                if dist[n.index()] == u8::MAX {
                    dist[n.index()] = dist[s.index()] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// Which board this is.
    pub fn id(&self) -> BoardId {
        self.id
    }

    /// Number of squares, the goal included.
    ///
    /// ```
    /// use barricade_rules::Board;
    /// assert_eq!(Board::classic().len(), 112);
    /// assert_eq!(Board::quick().len(), 66);
    /// ```
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// Every square, in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + Clone + use<> {
        (0..self.coords.len()).filter_map(Square::from_index)
    }

    /// Every square as a set.
    pub fn all(&self) -> SquareSet {
        self.squares().collect()
    }

    /// Grid width and height (x = 0..width, y = 0..height, y = 0 at the top).
    pub fn size(&self) -> (u8, u8) {
        (self.width, self.height)
    }

    /// Grid coordinates `(x, y)` of a square (y = 0 is the goal's row).
    ///
    /// ```
    /// use barricade_rules::{Board, Square};
    /// assert_eq!(Board::quick().xy(Square::GOAL), (8, 0));
    /// ```
    pub fn xy(&self, s: Square) -> (u8, u8) {
        self.coords.get(s.index()).copied().unwrap_or((0, 0))
    }

    /// The square at `(x, y)`, if there is one.
    pub fn at(&self, x: u8, y: u8) -> Option<Square> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let i = self.grid[y as usize * self.width as usize + x as usize];
        if i == NONE {
            None
        } else {
            Square::from_index(i as usize)
        }
    }

    /// Is `s` a square of this board?
    pub fn contains(&self, s: Square) -> bool {
        s.index() < self.len()
    }

    /// The name of a square: file letter and rank (1 = bottom row).
    ///
    /// ```
    /// use barricade_rules::{Board, Square};
    /// assert_eq!(Board::classic().name(Square::GOAL), "i14");
    /// assert_eq!(Board::quick().name(Square::GOAL), "i10");
    /// ```
    pub fn name(&self, s: Square) -> String {
        let (x, y) = self.xy(s);
        format!("{}{}", (b'a' + x) as char, self.height - y)
    }

    /// The square with this name, if the board has one.
    pub fn square(&self, name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let file = chars.next().filter(|c| c.is_ascii_lowercase())?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        if rank == 0 || rank > self.height {
            return None;
        }
        self.at(file as u8 - b'a', self.height - rank)
    }

    /// The squares linked to `s` (up, left, right, down).
    #[inline]
    pub fn neighbours(&self, s: Square) -> &[Square] {
        self.neighbours.get(s.index()).map_or(&[], |v| v.as_slice())
    }

    /// Every link once, as `(a, b)` with `a < b`.
    ///
    /// ```
    /// use barricade_rules::Board;
    /// assert_eq!(Board::classic().links().count(), 121);
    /// assert_eq!(Board::quick().links().count(), 69);
    /// ```
    pub fn links(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        self.squares().flat_map(move |a| {
            self.neighbours(a)
                .iter()
                .copied()
                .filter(move |&b| a < b)
                .map(move |b| (a, b))
        })
    }

    /// The goal (square 0 on every board).
    pub fn goal(&self) -> Square {
        Square::GOAL
    }

    /// The square a pawn of `colour` steps onto when it leaves home (step 1).
    #[inline]
    pub fn entry(&self, colour: Colour) -> Square {
        self.entries[colour.index()]
    }

    /// Centre of `colour`'s home in grid coordinates: below its entry,
    /// outside the grid.
    pub fn home_centre(&self, colour: Colour) -> (f32, f32) {
        let (x, _) = self.xy(self.entry(colour));
        (f32::from(x), f32::from(self.height) + 1.2)
    }

    /// Where the barricades stand at the start (printed red).
    pub fn barricade_start(&self) -> &[Square] {
        &self.barricade_start
    }

    /// The bottom row (rank 1).
    pub fn bottom_row(&self) -> SquareSet {
        self.bottom_row
    }

    /// Where a barricade may stand under the default rules: not the goal,
    /// not the bottom row, not a rest square.
    pub fn barricade_allowed(&self) -> SquareSet {
        self.barricade_allowed
    }

    /// Rest squares: a pawn there cannot be captured, only one pawn may
    /// stand there, and no barricade.
    pub fn rest_squares(&self) -> SquareSet {
        self.rest
    }

    /// The village: a pawn captured here goes to the forest, not home.
    pub fn village(&self) -> SquareSet {
        self.village
    }

    /// Where a pawn captured on `square` goes: home, or the forest when
    /// the square is in the village. A captured pawn comes back from there
    /// as a pawn of that origin.
    ///
    /// ```
    /// use barricade_rules::{Board, Origin};
    /// let quick = Board::quick();
    /// let square = |name| quick.square(name).unwrap();
    /// assert_eq!(quick.captured_goes_to(square("f7")), Origin::Forest);
    /// assert_eq!(quick.captured_goes_to(square("i5")), Origin::Home);
    /// ```
    pub fn captured_goes_to(&self, square: Square) -> Origin {
        if self.village.contains(square) {
            Origin::Forest
        } else {
            Origin::Home
        }
    }

    /// The forest, if the board has one.
    pub fn forest(&self) -> Option<Forest> {
        self.forest
    }

    /// Pawns per colour (5 classic, 4 quick).
    pub fn pawns_per_colour(&self) -> usize {
        self.pawns_per_colour as usize
    }

    /// Barricades in a game (11 classic, 6 quick).
    pub fn barricade_count(&self) -> usize {
        self.barricade_start.len()
    }

    /// Steps from `s` to the goal, barricades ignored.
    #[inline]
    pub fn to_goal(&self, s: Square) -> u8 {
        self.by_byte[s.index() & 0x7f]
    }

    /// Steps from home to the goal (the entry is step 1).
    pub fn from_home(&self) -> u8 {
        self.to_goal[self.entry(Colour::Red).index()] + 1
    }

    /// Steps from the forest to the goal (its exit is step 1).
    pub fn from_forest(&self) -> Option<u8> {
        self.forest.map(|f| self.to_goal[f.exit.index()] + 1)
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.id == other.id
    }
}

impl Eq for Board {}

impl core::hash::Hash for Board {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.id)
    }
}
