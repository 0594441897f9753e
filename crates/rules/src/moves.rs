//! Moves: [`Origin`], [`Move`], the generated [`Candidate`]s in a
//! [`MoveList`], and their [`Path`]s.

use crate::board::{Board, BoardId};
use crate::classic::Square;
use crate::paths;
use crate::squareset::SquareSet;

/// Where a moving pawn starts: its home, a square of the board, or the
/// forest (quick board).
///
/// ```
/// use barricade_rules::Origin;
/// assert_eq!(Origin::Home.to_string(), "home");
/// assert_eq!("c1".parse::<Origin>().unwrap().to_string(), "c1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Origin {
    /// A pawn leaves its home; its entry square is step 1.
    Home,
    /// A pawn already on the board.
    Square(Square),
    /// A pawn leaves the forest (quick board); the forest's exit is step 1.
    Forest,
}

impl Origin {
    /// The square, unless this is home.
    ///
    /// ```
    /// assert_eq!(barricade_rules::Origin::Home.square(), None);
    /// ```
    pub fn square(self) -> Option<Square> {
        match self {
            Origin::Home | Origin::Forest => None,
            Origin::Square(s) => Some(s),
        }
    }
}

/// One whole decision of a player. A pawn move is atomic: origin,
/// destination, and where the taken barricade goes when the destination
/// held one.
///
/// The variant-only decisions are [`Move::Place`] (put a held barricade
/// down, french) and [`Move::Again`] (roll again after a 6, french);
/// [`Move::Pass`] also ends the turn after a 6 in the french rules.
///
/// ```
/// use barricade_rules::Move;
/// let m: Move = "k9-i9 x g8".parse().unwrap();
/// assert_eq!(m.to_string(), "k9-i9 x g8");
/// assert_eq!("pass".parse::<Move>().unwrap(), Move::Pass);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Move {
    /// Move a pawn from `from` to `to`; `drop` is where a barricade taken
    /// on `to` is put (required by the default rules, absent in the french
    /// rules where the barricade is held).
    Step {
        /// The moving pawn's origin.
        from: Origin,
        /// The destination.
        to: Square,
        /// Where the taken barricade goes, if one was taken.
        drop: Option<Square>,
    },
    /// Pass the turn (no move possible, or `free-pass`), or end the turn
    /// instead of rolling again after a 6 (french).
    Pass,
    /// Put a held barricade on this square (french).
    Place(Square),
    /// Roll again after moving with a 6 and move the same pawn (french).
    Again,
}

impl Move {
    /// A pawn step without a barricade drop.
    ///
    /// ```
    /// use barricade_rules::{Move, Origin};
    /// let m = Move::step(Origin::Home, "c1".parse().unwrap());
    /// assert_eq!(m.to_string(), "home-c1");
    /// ```
    pub fn step(from: Origin, to: Square) -> Move {
        Move::Step {
            from,
            to,
            drop: None,
        }
    }
}

/// A legal pawn move as generated: origin, destination, whether it takes a
/// barricade, and a reference to its canonical path. Turn it into a
/// [`Move`] with [`Candidate::to_move`] (adding a drop square when the
/// move takes a barricade under the default rules).
///
/// ```
/// use barricade_rules::{Position, Roll};
/// let pos: Position = "turn=red roll=1".parse().unwrap();
/// let moves = pos.legal_moves();
/// let c = moves[0];
/// assert_eq!(c.to().to_string(), "c1");
/// assert!(!c.takes_barricade());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Candidate(u32);

// A candidate's fields, packed in one `u32` so that move generation writes
// it with one store and a full `MoveList` is small to clear: bits 0-7 the
// origin square index (or `HOME`, `FOREST`), bits 8-15 the destination
// square index, bits 16-27 the index into the path table, then the flags;
// the last bit says which board's path table (two boards).
const TO_SHIFT: u32 = 8;
const PATH_SHIFT: u32 = 16;
pub(crate) const HOME: u8 = u8::MAX;
pub(crate) const FOREST: u8 = u8::MAX - 1;
/// Mask of the path-table index (after shifting by `PATH_SHIFT`).
pub(crate) const PATH_INDEX: u32 = (1 << 12) - 1;
/// Flag: the move takes a barricade.
pub(crate) const TAKES: u32 = 1 << 28;
/// Flag: the pawn comes from home or the forest (its path starts on the
/// entry or the forest's exit square).
pub(crate) const KIND_HOME: u32 = 1 << 29;
/// Flag: a french bounce (into the goal and back out).
const KIND_BOUNCE: u32 = 1 << 30;
/// Flag: the path is in the quick board's table.
const QUICK_BOARD: u32 = 1 << 31;

/// The most destinations one origin can have for one roll (checked by a
/// test over the whole path table).
pub const MAX_DESTINATIONS: usize = 12;

/// Capacity of a [`MoveList`]: five origins times the most destinations.
pub const MAX_CANDIDATES: usize = 5 * MAX_DESTINATIONS;

/// Slots in a [`MoveList`]: [`MAX_CANDIDATES`] rounded up to a power of
/// two, so that the hot loop can index with `len % SLOTS`.
const SLOTS: usize = 64;
const _: () = assert!(MAX_CANDIDATES < SLOTS && SLOTS.is_power_of_two());

impl Candidate {
    /// A path-table entry of `board` as a candidate without origin and
    /// flags.
    pub(crate) fn template(board: BoardId, to: u8, index: usize) -> Candidate {
        let quick = if board == BoardId::Quick {
            QUICK_BOARD
        } else {
            0
        };
        Candidate(u32::from(to) << TO_SHIFT | (index as u32 & PATH_INDEX) << PATH_SHIFT | quick)
    }

    /// The board whose path table holds this candidate's path.
    fn board(self) -> &'static Board {
        if self.0 & QUICK_BOARD != 0 {
            Board::quick()
        } else {
            Board::classic()
        }
    }

    /// This template (see [`Candidate::template`]) with its origin (a
    /// square index or `HOME`) and flags set.
    #[inline(always)]
    pub(crate) fn with(self, from: u8, flags: u32) -> Candidate {
        Candidate(self.0 | u32::from(from) | flags)
    }

    /// The origin's square index, or 255 for home (for table lookups).
    #[inline]
    pub(crate) fn origin_raw(self) -> u8 {
        self.0 as u8
    }

    /// The destination's square index.
    #[inline]
    pub(crate) fn to_raw(self) -> u8 {
        (self.0 >> TO_SHIFT) as u8
    }

    /// The index of the path in the path table.
    fn path_index(self) -> usize {
        ((self.0 >> PATH_SHIFT) & PATH_INDEX) as usize
    }

    pub(crate) fn new(
        board: BoardId,
        from: Origin,
        to: Square,
        takes: bool,
        path: usize,
        kind: PathKind,
    ) -> Self {
        let from = match from {
            Origin::Home => HOME,
            Origin::Forest => FOREST,
            Origin::Square(s) => s.index() as u8,
        };
        let kind = match kind {
            PathKind::Bounce => KIND_BOUNCE,
        };
        let takes = if takes { TAKES } else { 0 };
        Candidate::template(board, to.index() as u8, path).with(from, kind | takes)
    }

    /// The moving pawn's origin.
    ///
    /// ```
    /// use barricade_rules::{Origin, Position};
    /// let pos: Position = "roll=3".parse().unwrap();
    /// assert_eq!(pos.legal_moves()[0].from(), Origin::Home);
    /// ```
    pub fn from(self) -> Origin {
        match self.origin_raw() {
            HOME => Origin::Home,
            FOREST => Origin::Forest,
            from => Square::from_index(from as usize).map_or(Origin::Home, Origin::Square),
        }
    }

    /// The destination.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "roll=1".parse().unwrap();
    /// assert_eq!(pos.legal_moves()[0].to().to_string(), "c1");
    /// ```
    pub fn to(self) -> Square {
        Square::from_index(self.to_raw() as usize).unwrap_or(Square::GOAL)
    }

    /// Does the move end on a barricade (and so take it)?
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "red=a2 roll=1".parse().unwrap();
    /// assert!(pos.legal_moves().iter().any(|c| c.takes_barricade()));
    /// ```
    pub fn takes_barricade(self) -> bool {
        self.0 & TAKES != 0
    }

    /// Is this a french bounce (into the goal and back out)?
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "roll=3".parse().unwrap();
    /// assert!(!pos.legal_moves()[0].is_bounce());
    /// ```
    pub fn is_bounce(self) -> bool {
        self.0 & KIND_BOUNCE != 0
    }

    /// The move this candidate stands for, with `drop` as the square for
    /// a taken barricade.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "roll=2".parse().unwrap();
    /// let m = pos.legal_moves()[0].to_move(None);
    /// assert_eq!(m.to_string(), "home-b1");
    /// ```
    pub fn to_move(self, drop: Option<Square>) -> Move {
        Move::Step {
            from: self.from(),
            to: self.to(),
            drop,
        }
    }

    /// The canonical path: the squares stepped on, first step first,
    /// ending on the destination.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "roll=3".parse().unwrap();
    /// let names: Vec<String> = pos.legal_moves()[0].path().iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["c1", "b1", "a1"]);
    /// ```
    pub fn path(self) -> Path {
        let table = &self.board().paths;
        let index = self.path_index();
        let Some(e) = table.entries.get(index) else {
            return Path::default();
        };
        let mut p = Path::default();
        if self.0 & KIND_HOME != 0 {
            if let Some(entry) = table.start_square(index) {
                p.push(entry);
            }
        } else if self.0 & KIND_BOUNCE != 0 {
            p.push(Square::GOAL);
            if let Origin::Square(s) = self.from() {
                p.push(s);
            }
        }
        for &i in &e.squares[..e.len as usize] {
            if let Some(s) = Square::from_index(i as usize) {
                p.push(s);
            }
        }
        p
    }
}

impl core::fmt::Debug for Candidate {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Candidate")
            .field("from", &self.from())
            .field("to", &self.to())
            .field("takes_barricade", &self.takes_barricade())
            .field("bounce", &self.is_bounce())
            .field("path_index", &self.path_index())
            .finish()
    }
}

/// How a candidate's path is stored, when it is built outside the hot
/// loop ([`MoveList::push_open`] sets the flags itself: a table path from
/// the origin square, or from home the entry square then a table path).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum PathKind {
    /// The goal, the origin again, then a table path from the origin.
    Bounce,
}

/// The squares of a path, first step first (at most 8).
///
/// ```
/// use barricade_rules::Position;
/// let pos: Position = "roll=1".parse().unwrap();
/// let path = pos.legal_moves()[0].path();
/// assert_eq!(path.len(), 1);
/// assert_eq!(path.last().map(|s| s.to_string()), Some("c1".to_string()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Path {
    squares: [Option<Square>; 8],
    len: u8,
}

impl Path {
    pub(crate) fn push(&mut self, s: Square) {
        if let Some(slot) = self.squares.get_mut(self.len as usize) {
            *slot = Some(s);
            self.len += 1;
        }
    }

    /// Number of steps.
    ///
    /// ```
    /// assert_eq!(barricade_rules::Path::default().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Is the path empty?
    ///
    /// ```
    /// assert!(barricade_rules::Path::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The squares in order.
    ///
    /// ```
    /// assert_eq!(barricade_rules::Path::default().iter().count(), 0);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares[..self.len as usize].iter().flatten().copied()
    }

    /// The destination (last square).
    ///
    /// ```
    /// assert_eq!(barricade_rules::Path::default().last(), None);
    /// ```
    pub fn last(&self) -> Option<Square> {
        self.iter().last()
    }

    /// The squares as a vector.
    ///
    /// ```
    /// assert!(barricade_rules::Path::default().to_vec().is_empty());
    /// ```
    pub fn to_vec(&self) -> Vec<Square> {
        self.iter().collect()
    }
}

/// The legal pawn moves for the current roll, without allocation.
///
/// Each [`Candidate`] is one (origin, destination) pair; moves that take a
/// barricade need a drop square from [`MoveList::drop_squares`], a cheap
/// [`SquareSet`]. [`MoveList::expanded`] lists every fully expanded
/// [`Move`], drops and pass included, in the canonical order (candidates in
/// list order, drop squares in index order, pass last).
///
/// ```
/// use barricade_rules::Position;
/// // From home with a 6 only h1 is open: a3 and e3 block the other ways.
/// let pos: Position = "roll=6".parse().unwrap();
/// let moves = pos.legal_moves();
/// assert_eq!(moves.len(), 1);
/// assert!(!moves.can_pass());
/// assert_eq!(moves.expanded().next().unwrap().to_string(), "home-h1");
/// ```
#[derive(Clone, Debug)]
pub struct MoveList {
    items: [Candidate; SLOTS],
    len: u8,
    pass: bool,
    /// Where a barricade may be dropped, before counting the square the
    /// moving pawn leaves; empty when taken barricades are held (french).
    drop_base: SquareSet,
    /// Where a barricade may stand at all under the rules (the square the
    /// moving pawn leaves joins the drop squares when it is one of these).
    drop_allowed: SquareSet,
    drops: bool,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            items: [Candidate::default(); SLOTS],
            len: 0,
            pass: false,
            drop_base: SquareSet::EMPTY,
            drop_allowed: SquareSet::EMPTY,
            drops: false,
        }
    }
}

impl MoveList {
    #[inline]
    pub(crate) fn new() -> MoveList {
        MoveList::default()
    }

    #[inline]
    pub(crate) fn push(&mut self, c: Candidate) {
        if let Some(slot) = self.items.get_mut(self.len as usize) {
            *slot = c;
            self.len += 1;
        } else {
            debug_assert!(false, "move list overflow");
        }
    }

    /// Appends the paths of one origin that are open (no barricade on an
    /// inner square) and end neither on `blocked` nor on a destination
    /// already listed for this origin. `group` is one group of table
    /// entries, whose masks start at square index `base` (see
    /// [`paths::HotEntry`]); `from` is the origin's square index or
    /// [`HOME`], `kind` is `0` or [`KIND_HOME`].
    ///
    /// Branch-free: every entry is written at the end of the list and kept
    /// (the length grows) only when open. The list never holds more than
    /// [`MAX_CANDIDATES`], so the slot written is always below [`SLOTS`]
    /// and `len % SLOTS` is just that slot, with no bounds check.
    #[inline(always)]
    pub(crate) fn push_open(
        &mut self,
        (base, group): (u32, &[paths::HotEntry]),
        from: u8,
        kind: u32,
        bar: u128,
        blocked: u128,
    ) {
        let bar = (bar >> base) as u64;
        let mut seen = (blocked >> base) as u64;
        let mut len = self.len as usize;
        for e in group {
            let open = MoveList::is_open(e, bar, seen);
            self.items[len % SLOTS] = e.template.with(from, kind | MoveList::takes(e, bar));
            seen |= if open { e.dest } else { 0 };
            len += usize::from(open);
        }
        self.len = len.min(MAX_CANDIDATES) as u8;
    }

    /// The rule of a path, in one place: it is open when no barricade
    /// stands on a square it passes (`bar`) and it ends neither on a square
    /// the mover may not end on nor on a destination already listed for
    /// its origin (`seen`). Masks are relative to the group's base square.
    #[inline(always)]
    pub(crate) fn is_open(e: &paths::HotEntry, bar: u64, seen: u64) -> bool {
        (e.inner & bar) | (e.dest & seen) == 0
    }

    /// [`TAKES`] when the path ends on a barricade (`bar`, relative to the
    /// group's base square), else 0.
    #[inline(always)]
    pub(crate) fn takes(e: &paths::HotEntry, bar: u64) -> u32 {
        if e.dest & bar != 0 { TAKES } else { 0 }
    }

    #[inline]
    pub(crate) fn set_drops(&mut self, drop_base: SquareSet, allowed: SquareSet, drops: bool) {
        self.drop_base = drop_base;
        self.drop_allowed = allowed;
        self.drops = drops;
    }

    pub(crate) fn set_pass(&mut self, pass: bool) {
        self.pass = pass;
    }

    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&Candidate) -> bool) {
        let mut n = 0;
        for i in 0..self.len as usize {
            let c = self.items[i];
            if keep(&c) {
                self.items[n] = c;
                n += 1;
            }
        }
        self.len = n as u8;
    }

    /// Number of pawn-move candidates.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// assert_eq!("roll=1".parse::<Position>().unwrap().legal_moves().len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// No pawn move at all?
    ///
    /// ```
    /// use barricade_rules::Position;
    /// assert!(!"roll=1".parse::<Position>().unwrap().legal_moves().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The candidates.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "roll=4".parse().unwrap();
    /// assert_eq!(pos.legal_moves().iter().count(), 3); // a2, e2, f1
    /// ```
    pub fn iter(&self) -> core::slice::Iter<'_, Candidate> {
        self.items[..self.len as usize].iter()
    }

    /// May the player pass (no move, or `free-pass`)?
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "rules=free-pass roll=4".parse().unwrap();
    /// assert!(pos.legal_moves().can_pass());
    /// ```
    pub fn can_pass(&self) -> bool {
        self.pass
    }

    /// Does a barricade-taking candidate need a drop square (default
    /// rules), or is the barricade held instead (french)?
    ///
    /// ```
    /// use barricade_rules::Position;
    /// assert!("roll=1".parse::<Position>().unwrap().legal_moves().needs_drop());
    /// ```
    pub fn needs_drop(&self) -> bool {
        self.drops
    }

    /// The squares where the barricade taken by `c` may be put: free after
    /// the move (the square the pawn left counts as free), not the bottom
    /// row, not the goal. Empty when `c` takes no barricade or barricades
    /// are held.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "red=a2 roll=1".parse().unwrap();
    /// let moves = pos.legal_moves();
    /// let take = moves.iter().find(|c| c.takes_barricade()).unwrap();
    /// let drops = moves.drop_squares(take);
    /// assert!(drops.contains("a2".parse().unwrap()));
    /// // 94 squares allow barricades; 11 hold one; the pawn leaves a2.
    /// assert_eq!(drops.len(), 94 - 11);
    /// ```
    #[inline]
    pub fn drop_squares(&self, c: &Candidate) -> SquareSet {
        if !self.drops {
            return SquareSet::EMPTY;
        }
        MoveList::drop_squares_after(self.drop_base, self.drop_allowed, c)
    }

    /// Where the barricade `c` takes may go when `free` are the allowed
    /// free squares before the move (the square the pawn leaves joins them,
    /// the destination leaves them). Empty when `c` takes no barricade.
    #[inline]
    pub(crate) fn drop_squares_after(
        free: SquareSet,
        allowed: SquareSet,
        c: &Candidate,
    ) -> SquareSet {
        if !c.takes_barricade() {
            return SquareSet::EMPTY;
        }
        let mut set = free;
        if let Origin::Square(s) = c.from() {
            set |= SquareSet::from_square(s) & allowed;
        }
        set.remove(c.to());
        set
    }

    /// Every fully expanded legal [`Move`] in canonical order: each
    /// candidate (once per drop square when it needs one), then the pass
    /// when allowed.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "red=a2 roll=1".parse().unwrap();
    /// // home-c1, a2-a1, and a2-a3 with 83 drop squares
    /// assert_eq!(pos.legal_moves().expanded().count(), 2 + 83);
    /// ```
    pub fn expanded(&self) -> impl Iterator<Item = Move> + '_ {
        self.iter()
            .flat_map(move |c| {
                let drops = self.drop_squares(c);
                let plain = (drops.is_empty()).then(|| c.to_move(None));
                plain
                    .into_iter()
                    .chain(drops.iter().map(move |d| c.to_move(Some(d))))
            })
            .chain(self.pass.then_some(Move::Pass))
    }

    /// The candidate for `from` → `to`, if legal.
    ///
    /// ```
    /// use barricade_rules::{Origin, Position};
    /// let pos: Position = "roll=1".parse().unwrap();
    /// assert!(pos.legal_moves().find(Origin::Home, "c1".parse().unwrap()).is_some());
    /// ```
    pub fn find(&self, from: Origin, to: Square) -> Option<Candidate> {
        self.iter()
            .copied()
            .find(|c| c.from() == from && c.to() == to)
    }
}

impl core::ops::Index<usize> for MoveList {
    type Output = Candidate;
    fn index(&self, i: usize) -> &Candidate {
        &self.items[..self.len as usize][i]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Candidate;
    type IntoIter = core::slice::Iter<'a, Candidate>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
