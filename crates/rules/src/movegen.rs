//! Legal move generation: [`Position::legal_moves`] and paths.

use crate::board::Board;
use crate::classic::Square;
use crate::colour::{Colour, ColourSet};
use crate::moves::{Candidate, FOREST, HOME, KIND_HOME, Move, MoveList, Origin, Path, PathKind};
use crate::paths::{HotEntry, PathEntry};
use crate::position::{Phase, Position};

/// The only square next to the goal (`i13` on the classic board).
fn goal_door(board: &Board) -> Square {
    board
        .neighbours(Square::GOAL)
        .first()
        .copied()
        .unwrap_or(Square::GOAL)
}

impl Position {
    /// The legal pawn moves for the pending roll (empty unless the game
    /// waits for a move). Every destination comes once per origin, with
    /// whether it takes a barricade and its canonical path; pawns at home
    /// give the single origin [`Origin::Home`]. [`MoveList::can_pass`] says
    /// whether passing is allowed.
    ///
    /// No allocation: the list lives on the stack.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// // Red has a pawn on e3 and four at home; it rolled a 2.
    /// let pos: Position = "seats=red,blue red=e2 roll=2".parse().unwrap();
    /// let moves: Vec<String> = pos.legal_moves().iter()
    ///     .map(|c| c.to_move(None).to_string()).collect();
    /// assert_eq!(moves, ["home-b1", "home-d1", "e2-d1", "e2-f1"]);
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        // Filled in place: when this small function is inlined, the list
        // is built right where the caller keeps it (no copy).
        let mut list = MoveList::new();
        self.fill_legal_moves(&mut list);
        list
    }

    /// [`Position::legal_moves`] into an empty `list` (no copy).
    pub(crate) fn fill_legal_moves(&self, list: &mut MoveList) {
        // The common case first: a roll is pending, nothing else is.
        let Some(roll) = self.pending_roll() else {
            if self.phase() == Phase::ChooseAgain {
                list.set_pass(true);
            }
            return;
        };
        let (bar, own) = self.move_masks();
        let french = self.rules.french;
        list.set_drops(self.placement_squares(), self.barricade_squares(), !french);
        self.for_each_origin(roll, |group, from, kind| {
            list.push_open(group, from, kind, bar, own)
        });
        if french && roll > 1 {
            self.add_bounces(list, self.turn(), roll, own, bar);
        }
        let pass = self.rules.free_pass || list.is_empty();
        list.set_pass(pass);
    }

    /// The roll a pawn move is pending for (`None` when the game waits for
    /// something else).
    #[inline(always)]
    fn pending_roll(&self) -> Option<usize> {
        match self.roll {
            Some(r) if !self.choosing && self.to_place == 0 && !self.goal_taken() => {
                Some(r.get() as usize)
            }
            _ => None,
        }
    }

    /// The barricades, and the squares the player to move may not end on
    /// (their own and their teammates' pawns, and rest squares with a
    /// pawn on them).
    #[inline(always)]
    fn move_masks(&self) -> (u128, u128) {
        let me = self.turn();
        let team = self.seats.team_of(me);
        let mut own = self.pawns[me.index()].bits();
        if team != ColourSet::single(me) {
            for c in team.iter() {
                own |= self.pawns[c.index()].bits();
            }
        }
        let rest = self.board.rest_squares().bits();
        if rest != 0 {
            own |= rest & self.all_pawns().bits();
        }
        (self.barricades.bits(), own)
    }

    /// Calls `visit` with the path-table group, origin (square index,
    /// [`HOME`] or [`FOREST`]) and kind of every origin the player to move
    /// may move from with `roll`, in the order of the move list: home
    /// first, then the forest, then the pawns on the board.
    #[inline(always)]
    fn for_each_origin(&self, roll: usize, mut visit: impl FnMut((u32, &[HotEntry]), u8, u32)) {
        let board = self.board;
        let table = &board.paths;
        if let Some(b) = self.bound {
            return visit(table.group(b.index(), roll), b.index() as u8, 0);
        }
        let me = self.turn().index();
        let mine = self.pawns[me];
        // Every way out of home starts on the entry square, every way out
        // of the forest on its exit: a barricade there (on an entry only
        // possible under `bottom-row`; never on the exit, a rest square)
        // lets a pawn out only by landing on it, with a 1. One visit for
        // both, home first.
        let entry = board.entry(self.turn());
        let home = self.home[me] > 0 && (roll == 1 || !self.barricades.contains(entry));
        let mut off = [(entry, HOME); 2];
        let mut n = usize::from(home);
        if self.forest[me] > 0
            && let Some(f) = board.forest()
        {
            off[n] = (f.exit, FOREST);
            n += 1;
        }
        for &(start, origin) in &off[..n] {
            visit(table.group(start.index(), roll - 1), origin, KIND_HOME);
        }
        for s in mine {
            visit(table.group(s.index(), roll), s.index() as u8, 0);
        }
    }

    /// The first of the legal pawn moves with the highest `score(from,
    /// to)` (square indices, [`HOME`] for home), without building the
    /// move list: for baseline policies. `None` when there is no pawn
    /// move, or (`Err`) when the rules need the full list (french bounces).
    pub(crate) fn best_pawn_move(
        &self,
        score: impl Fn(u8, u8) -> i32,
    ) -> Result<Option<Candidate>, ()> {
        if self.rules.french {
            return Err(());
        }
        let Some(roll) = self.pending_roll() else {
            return Ok(None);
        };
        let (bar, own) = self.move_masks();
        let mut best = None;
        let mut best_score = i32::MIN;
        self.for_each_origin(roll, |(base, group), from, kind| {
            let bar = (bar >> base) as u64;
            let mut seen = (own >> base) as u64;
            for e in group {
                let open = MoveList::is_open(e, bar, seen);
                seen |= if open { e.dest } else { 0 };
                let score = score(from, e.template.to_raw());
                if open && score > best_score {
                    best_score = score;
                    best = Some(e.template.with(from, kind | MoveList::takes(e, bar)));
                }
            }
        });
        Ok(best)
    }

    /// French bounce: a pawn next to the goal whose roll is not 1, when no
    /// other pawn of its player can move, walks into the goal and back out.
    fn add_bounces(&self, list: &mut MoveList, me: Colour, roll: usize, own: u128, bar: u128) {
        let door = goal_door(self.board);
        if !self.pawns(me).contains(door) || self.bound.is_some_and(|b| b != door) {
            return;
        }
        let door_origin = Origin::Square(door);
        if list.iter().any(|c| c.from() != door_origin) {
            return;
        }
        list.retain(|_| false);
        let table = &self.board.paths;
        let range = table.range(door, roll - 2);
        let mut seen = 0u128;
        let own = own & !(1u128 << door.index());
        for (i, e) in table.entries[range.clone()].iter().enumerate() {
            if e.len > 0 && e.squares[0] as usize == Square::GOAL.index() {
                continue;
            }
            let d = 1u128 << e.dest;
            if e.inner & bar != 0 || d & (own | seen) != 0 {
                continue;
            }
            seen |= d;
            if let Some(to) = Square::from_index(e.dest as usize) {
                list.push(Candidate::new(
                    self.board.id(),
                    door_origin,
                    to,
                    d & bar != 0,
                    range.start + i,
                    PathKind::Bounce,
                ));
            }
        }
    }

    /// Every legal decision now, fully expanded, in canonical order:
    /// placement squares, the roll-again choice (`again`, then `pass`), or
    /// the pawn moves of [`MoveList::expanded`]. Empty while a roll is due
    /// or after the game.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "roll=1".parse().unwrap();
    /// assert_eq!(pos.all_moves().len(), 1);
    /// ```
    pub fn all_moves(&self) -> Vec<Move> {
        match self.phase() {
            Phase::Place => self.placement_squares().iter().map(Move::Place).collect(),
            Phase::ChooseAgain => vec![Move::Again, Move::Pass],
            Phase::Move(_) => self.legal_moves().expanded().collect(),
            Phase::Roll | Phase::Over(_) => Vec::new(),
        }
    }

    /// The canonical path of a pawn move, if `mv` is a legal pawn move now.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "roll=2".parse().unwrap();
    /// let path = pos.path("home-d1".parse().unwrap()).unwrap();
    /// assert_eq!(path.to_vec().iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["c1", "d1"]);
    /// ```
    pub fn path(&self, mv: Move) -> Option<Path> {
        match mv {
            Move::Step { from, to, .. } => self.legal_moves().find(from, to).map(|c| c.path()),
            _ => None,
        }
    }

    /// Every path a legal pawn move from `from` to `to` may take (the
    /// canonical one first); empty when the move is not legal.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// // a1 and e3 are opposite corners of a 12-square loop.
    /// let pos: Position = "red=a1 roll=6 barricades=i13,i11,i10,i9,g7,k7,g8,k8,i3,m3,q3".parse().unwrap();
    /// let paths = pos.paths("a1".parse().unwrap(), "e3".parse().unwrap());
    /// assert_eq!(paths.len(), 2);
    /// assert_eq!(paths[0], pos.path("a1-e3".parse().unwrap()).unwrap());
    /// ```
    pub fn paths(&self, from: Origin, to: Square) -> Vec<Path> {
        let moves = self.legal_moves();
        let Some(c) = moves.find(from, to) else {
            return Vec::new();
        };
        let canonical = c.path();
        if c.is_bounce() {
            return vec![canonical];
        }
        let table = &self.board.paths;
        let (start, len, home) = match (from, self.board.forest()) {
            (Origin::Home, _) => (
                self.board.entry(self.turn()),
                canonical.len().saturating_sub(1),
                true,
            ),
            (Origin::Forest, Some(f)) => (f.exit, canonical.len().saturating_sub(1), true),
            (Origin::Forest, None) => return Vec::new(),
            (Origin::Square(s), _) => (s, canonical.len(), false),
        };
        let bar = self.barricades.bits();
        table.entries[table.range(start, len)]
            .iter()
            .filter(|e| e.dest as usize == to.index() && e.inner & bar == 0)
            .map(|e| entry_path(e, home.then_some(start)))
            .collect()
    }
}

fn entry_path(e: &PathEntry, first: Option<Square>) -> Path {
    let mut p = Path::default();
    if let Some(f) = first {
        p.push(f);
    }
    for &i in &e.squares[..e.len as usize] {
        if let Some(s) = Square::from_index(i as usize) {
            p.push(s);
        }
    }
    p
}
