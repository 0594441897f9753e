//! [`Position`]: the whole state of a game, and playing moves on it.

use crate::board::{Board, BoardId};
use crate::classic::Square;
use crate::colour::{Colour, Team};
pub use crate::illegal::{IllegalMove, Reason};
use crate::moves::{Move, Origin};
use crate::roll::Roll;
use crate::rules::Rules;
use crate::seats::Seats;
use crate::setup::Setup;
use crate::squareset::SquareSet;

/// The number of pawns of every seated colour on the classic board (see
/// [`Board::pawns_per_colour`] for any board).
pub const PAWNS_PER_COLOUR: usize = 5;
/// The number of barricades in a game on the classic board (see
/// [`Board::barricade_count`]); no board has more.
pub const BARRICADES: usize = 11;

/// What the game waits for next.
///
/// ```
/// use barricade_rules::{Phase, Position, Rules, Seats};
/// let pos = Position::new(Rules::default(), Seats::default());
/// assert_eq!(pos.phase(), Phase::Roll);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The player to move rolls the die.
    Roll,
    /// The player to move makes a pawn move (or passes) with this roll.
    Move(Roll),
    /// The player to move puts a held barricade down ([`Move::Place`]).
    Place,
    /// After moving with a 6 (french): [`Move::Again`] or [`Move::Pass`].
    ChooseAgain,
    /// The game is over; this team won.
    Over(Team),
}

/// Barricades taken under the french rules and not yet put back: each
/// entry is the square of the pawn holding it. Kept sorted so that equal
/// states compare equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Held {
    holders: [u8; BARRICADES],
    len: u8,
}

impl Held {
    pub(crate) fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.holders[..self.len as usize]
            .iter()
            .filter_map(|&i| Square::from_index(i as usize))
    }

    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }

    pub(crate) fn push(&mut self, s: Square) {
        if let Some(slot) = self.holders.get_mut(self.len as usize) {
            *slot = s.index() as u8;
            self.len += 1;
            self.holders[..self.len as usize].sort_unstable();
        }
    }

    /// Removes every entry for `s` and says how many there were.
    fn take(&mut self, s: Square) -> u8 {
        let before = self.len;
        let mut n = 0;
        for i in 0..self.len as usize {
            if self.holders[i] != s.index() as u8 {
                self.holders[n] = self.holders[i];
                n += 1;
            }
        }
        self.len = n as u8;
        for h in &mut self.holders[n..] {
            *h = 0;
        }
        before - self.len
    }

    /// Removes every entry on a square of `squares` (no allocation) and
    /// says how many there were.
    fn take_all_in(&mut self, squares: SquareSet) -> u8 {
        let before = self.len;
        let mut n = 0;
        for i in 0..self.len as usize {
            let keep =
                Square::from_index(self.holders[i] as usize).is_none_or(|s| !squares.contains(s));
            if keep {
                self.holders[n] = self.holders[i];
                n += 1;
            }
        }
        self.len = n as u8;
        for h in &mut self.holders[n..] {
            *h = 0;
        }
        before - self.len
    }

    /// Moves every entry for `from` to `to`.
    fn relocate(&mut self, from: Square, to: Square) {
        for h in &mut self.holders[..self.len as usize] {
            if *h == from.index() as u8 {
                *h = to.index() as u8;
            }
        }
        self.holders[..self.len as usize].sort_unstable();
    }
}

/// The whole state of a game: rules, seats and teams, whose turn, the
/// pending roll, pawns, barricades, and the french-variant state (held
/// barricades, the roll-again choice). The winner is the team of the pawn
/// on the goal.
///
/// Build positions with [`Position::new`], from a [`Setup`], or from the
/// one-line text notation (see [`crate::setup`]):
///
/// ```
/// use barricade_rules::{Colour, Position};
/// let pos: Position = "seats=red,blue turn=blue roll=5 red=c1 blue=o1,k9".parse().unwrap();
/// assert_eq!(pos.turn(), Colour::Blue);
/// assert_eq!(pos.at_home(Colour::Blue), 3);
/// assert_eq!(pos.to_string(), "rules=ravensburger seats=red,blue turn=blue roll=5 red=c1 blue=k9,o1 barricades=i13,i11,i10,i9,g7,k7,a3,e3,i3,m3,q3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(crate) board: &'static Board,
    pub(crate) rules: Rules,
    pub(crate) seats: Seats,
    pub(crate) turn: u8,
    pub(crate) roll: Option<Roll>,
    pub(crate) pawns: [SquareSet; 4],
    /// Pawns in the forest, per colour (quick board).
    pub(crate) forest: [u8; 4],
    /// Pawns at home, per colour (0 for unseated colours): kept up to date
    /// by every move, so move generation reads one byte.
    pub(crate) home: [u8; 4],
    pub(crate) barricades: SquareSet,
    pub(crate) held: Held,
    pub(crate) to_place: u8,
    pub(crate) choosing: bool,
    pub(crate) bound: Option<Square>,
    pub(crate) end_after_place: bool,
}

impl Position {
    /// The start position: every pawn at home, barricades on their start
    /// squares, the first seat to roll. (Opening rolls of the `start-roll`
    /// and `french` rules are made by [`crate::Game`]; see
    /// [`crate::Opening`].)
    ///
    /// ```
    /// use barricade_rules::{Colour, Position, Rules, Seats};
    /// let pos = Position::new(Rules::default(), Seats::default());
    /// assert_eq!(pos.turn(), Colour::Red);
    /// assert_eq!(pos.barricades().len(), 11);
    /// assert_eq!(pos.at_home(Colour::Blue), 5);
    /// ```
    pub fn new(rules: Rules, seats: Seats) -> Position {
        Position::new_on(BoardId::Classic, rules, seats)
    }

    /// The start position on `board`.
    ///
    /// ```
    /// use barricade_rules::{BoardId, Colour, Position, Rules, Seats};
    /// let pos = Position::new_on(BoardId::Quick, Rules::default(), Seats::default());
    /// assert_eq!(pos.board().id(), BoardId::Quick);
    /// assert_eq!(pos.barricades().len(), 6);
    /// assert_eq!(pos.at_home(Colour::Blue), 4);
    /// ```
    pub fn new_on(board: BoardId, rules: Rules, seats: Seats) -> Position {
        let board = board.board();
        Position {
            board,
            rules,
            seats,
            turn: 0,
            roll: None,
            pawns: [SquareSet::EMPTY; 4],
            forest: [0; 4],
            home: Colour::ALL.map(|c| {
                if seats.contains(c) {
                    board.pawns_per_colour() as u8
                } else {
                    0
                }
            }),
            barricades: board.barricade_start().iter().copied().collect(),
            held: Held::default(),
            to_place: 0,
            choosing: false,
            bound: None,
            end_after_place: false,
        }
    }

    /// The board the game is played on.
    ///
    /// ```
    /// use barricade_rules::{BoardId, Position};
    /// let pos: Position = "board=quick".parse().unwrap();
    /// assert_eq!(pos.board().id(), BoardId::Quick);
    /// ```
    #[inline]
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// How many of `colour`'s pawns are in the forest (quick board).
    ///
    /// ```
    /// use barricade_rules::{Colour, Position};
    /// let pos: Position = "board=quick red=forest,forest,i5".parse().unwrap();
    /// assert_eq!(pos.in_forest(Colour::Red), 2);
    /// assert_eq!(pos.at_home(Colour::Red), 1);
    /// ```
    pub fn in_forest(&self, colour: Colour) -> usize {
        usize::from(self.forest[colour.index()])
    }

    /// The rules in force.
    ///
    /// ```
    /// use barricade_rules::{Position, Rules};
    /// let pos: Position = "rules=french".parse().unwrap();
    /// assert!(pos.rules().french);
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The seats and teams, in playing order.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "seats=green,red".parse().unwrap();
    /// assert_eq!(pos.seats().len(), 2);
    /// ```
    pub fn seats(&self) -> &Seats {
        &self.seats
    }

    /// The colour to play.
    ///
    /// ```
    /// use barricade_rules::{Colour, Position};
    /// assert_eq!("turn=yellow".parse::<Position>().unwrap().turn(), Colour::Yellow);
    /// ```
    pub fn turn(&self) -> Colour {
        self.seats.colour(self.turn as usize).unwrap_or(Colour::Red)
    }

    /// The seat index (0-based) of the colour to play.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// assert_eq!("turn=yellow".parse::<Position>().unwrap().turn_seat(), 2);
    /// ```
    pub fn turn_seat(&self) -> usize {
        self.turn as usize
    }

    /// The roll waiting to be moved, if any.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// assert_eq!("roll=3".parse::<Position>().unwrap().roll().map(|r| r.get()), Some(3));
    /// ```
    pub fn roll(&self) -> Option<Roll> {
        self.roll
    }

    /// The squares of `colour`'s pawns on the board.
    ///
    /// ```
    /// use barricade_rules::{Colour, Position};
    /// let pos: Position = "red=c1,e2".parse().unwrap();
    /// assert_eq!(pos.pawns(Colour::Red).len(), 2);
    /// ```
    #[inline]
    pub fn pawns(&self, colour: Colour) -> SquareSet {
        self.pawns[colour.index()]
    }

    /// Every pawn on the board, all colours.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "red=c1 blue=o1".parse().unwrap();
    /// assert_eq!(pos.all_pawns().len(), 2);
    /// ```
    #[inline]
    pub fn all_pawns(&self) -> SquareSet {
        self.pawns[0] | self.pawns[1] | self.pawns[2] | self.pawns[3]
    }

    /// How many of `colour`'s pawns are at home (0 for unseated colours).
    ///
    /// ```
    /// use barricade_rules::{Colour, Position};
    /// let pos: Position = "seats=red,green red=c1".parse().unwrap();
    /// assert_eq!(pos.at_home(Colour::Red), 4);
    /// assert_eq!(pos.at_home(Colour::Blue), 0);
    /// ```
    pub fn at_home(&self, colour: Colour) -> usize {
        usize::from(self.home[colour.index()])
    }

    /// The barricades on the board.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "".parse().unwrap();
    /// assert!(pos.barricades().contains("i13".parse().unwrap()));
    /// ```
    #[inline]
    pub fn barricades(&self) -> SquareSet {
        self.barricades
    }

    /// The colour of the pawn on `square`, if any.
    ///
    /// ```
    /// use barricade_rules::{Colour, Position};
    /// let pos: Position = "green=g1".parse().unwrap();
    /// assert_eq!(pos.pawn_at("g1".parse().unwrap()), Some(Colour::Green));
    /// ```
    pub fn pawn_at(&self, square: Square) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|c| self.pawns[c.index()].contains(square))
    }

    /// The pawn that a step of the player to move ending on `to` captures:
    /// another colour's pawn standing there (after a legal move never a
    /// teammate's, nor one on a rest square). Where it goes:
    /// [`Board::captured_goes_to`].
    ///
    /// ```
    /// use barricade_rules::{Colour, Position};
    /// let pos: Position = "roll=4 red=c5 blue=g5".parse().unwrap();
    /// assert_eq!(pos.captured_at("g5".parse().unwrap()), Some(Colour::Blue));
    /// assert_eq!(pos.captured_at("c5".parse().unwrap()), None);
    /// ```
    pub fn captured_at(&self, to: Square) -> Option<Colour> {
        self.pawn_at(to).filter(|&c| c != self.turn())
    }

    /// The winning team, once a pawn stands on the goal.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "seats=red,blue red=i14".parse().unwrap();
    /// assert_eq!(pos.winner().map(|t| t.to_string()), Some("red".into()));
    /// ```
    pub fn winner(&self) -> Option<Team> {
        let goal = SquareSet::from_square(Square::GOAL);
        Colour::ALL
            .into_iter()
            .find(|c| !(self.pawns[c.index()] & goal).is_empty())
            .map(|c| self.seats.team_of(c))
    }

    /// Does a pawn stand on the goal? (One AND: the fast form of
    /// [`Position::is_over`].)
    #[inline]
    pub(crate) fn goal_taken(&self) -> bool {
        self.all_pawns().contains(Square::GOAL)
    }

    /// Is the game over?
    ///
    /// ```
    /// use barricade_rules::Position;
    /// assert!(!"".parse::<Position>().unwrap().is_over());
    /// ```
    pub fn is_over(&self) -> bool {
        self.goal_taken()
    }

    /// What the game waits for.
    ///
    /// ```
    /// use barricade_rules::{Phase, Position};
    /// assert!(matches!("roll=2".parse::<Position>().unwrap().phase(), Phase::Move(_)));
    /// ```
    pub fn phase(&self) -> Phase {
        if self.goal_taken()
            && let Some(w) = self.winner()
        {
            Phase::Over(w)
        } else if self.to_place > 0 {
            Phase::Place
        } else if self.choosing {
            Phase::ChooseAgain
        } else if let Some(r) = self.roll {
            Phase::Move(r)
        } else {
            Phase::Roll
        }
    }

    /// French: the squares of pawns holding a taken barricade (one entry
    /// per barricade).
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "rules=french red=k9 held=k9 barricades=i13,i11,i10,g7,k7,a3,e3,i3,m3,q3".parse().unwrap();
    /// assert_eq!(pos.held().len(), 1);
    /// ```
    pub fn held(&self) -> Vec<Square> {
        self.held.squares().collect()
    }

    /// French: how many barricades the player to move must put down now.
    ///
    /// ```
    /// assert_eq!("".parse::<barricade_rules::Position>().unwrap().to_place(), 0);
    /// ```
    pub fn to_place(&self) -> usize {
        self.to_place as usize
    }

    /// French: the pawn that must move after choosing to roll again.
    ///
    /// ```
    /// assert_eq!("".parse::<barricade_rules::Position>().unwrap().bound_pawn(), None);
    /// ```
    pub fn bound_pawn(&self) -> Option<Square> {
        self.bound
    }

    /// Where a barricade may be put now: no pawn, no barricade, not the
    /// goal, and not the bottom row unless the rules allow it
    /// ([`Rules::barricade_squares`]).
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "".parse().unwrap();
    /// assert_eq!(pos.placement_squares().len(), 94 - 11);
    /// ```
    pub fn placement_squares(&self) -> SquareSet {
        self.barricade_squares() - self.barricades - self.all_pawns()
    }

    /// Where a barricade may stand at all on this board under these rules:
    /// not the goal, not a rest square, and not the bottom row unless the
    /// rules have `bottom-row`.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// assert_eq!("".parse::<Position>().unwrap().barricade_squares().len(), 94);
    /// assert_eq!("board=quick".parse::<Position>().unwrap().barricade_squares().len(), 66 - 17 - 1 - 7);
    /// ```
    #[inline]
    pub fn barricade_squares(&self) -> SquareSet {
        if self.rules.bottom_row {
            self.board.barricade_allowed() | self.board.bottom_row()
        } else {
            self.board.barricade_allowed()
        }
    }

    /// Sets the roll of the player to move (only when the game waits for a
    /// roll). [`crate::Game`] does this with its dice; searches use it to
    /// try each roll.
    ///
    /// ```
    /// use barricade_rules::{Position, Roll};
    /// let mut pos: Position = "".parse().unwrap();
    /// pos.set_roll(Roll::new(6).unwrap()).unwrap();
    /// assert_eq!(pos.roll(), Roll::new(6));
    /// assert!(pos.set_roll(Roll::new(1).unwrap()).is_err());
    /// ```
    pub fn set_roll(&mut self, roll: Roll) -> Result<(), IllegalMove> {
        if self.phase() != Phase::Roll {
            return Err(self.roll_refused());
        }
        self.roll = Some(roll);
        Ok(())
    }

    /// This position with the roll set (see [`Position::set_roll`]),
    /// ignoring the phase: for searches over chance nodes.
    ///
    /// ```
    /// use barricade_rules::{Position, Roll};
    /// let pos: Position = "".parse().unwrap();
    /// assert_eq!(pos.with_roll(Roll::new(2).unwrap()).legal_moves().len(), 2);
    /// ```
    pub fn with_roll(mut self, roll: Roll) -> Position {
        self.roll = Some(roll);
        self
    }

    /// Plays `mv` after checking that it is legal now.
    ///
    /// ```
    /// use barricade_rules::{Colour, Position};
    /// let mut pos: Position = "seats=red,blue roll=1".parse().unwrap();
    /// pos.play("home-c1".parse().unwrap()).unwrap();
    /// assert_eq!(pos.turn(), Colour::Blue);
    /// assert_eq!(pos.roll(), None);
    /// assert!(pos.play("pass".parse().unwrap()).is_err()); // blue must roll first
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Is `mv` legal now? `Ok(())` or the reason it is not.
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "roll=1".parse().unwrap();
    /// assert!(pos.check("home-c1".parse().unwrap()).is_ok());
    /// ```
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let err = |reason: Reason| Err(self.illegal(mv, reason));
        match (self.phase(), mv) {
            (Phase::Over(w), _) => err(Reason::GameOver(w)),
            (Phase::Place, Move::Place(s)) => {
                if self.placement_squares().contains(s) {
                    Ok(())
                } else {
                    err(Reason::CannotPlace(s))
                }
            }
            (Phase::Place, _) => err(Reason::MustPlaceFirst),
            (Phase::ChooseAgain, Move::Again | Move::Pass) => Ok(()),
            (Phase::ChooseAgain, _) => err(Reason::MustChooseAgainOrPass),
            (Phase::Roll, _) => err(Reason::NotRolled),
            (Phase::Move(_), Move::Again) => err(Reason::AgainNeedsSix),
            (Phase::Move(_), Move::Place(_)) => err(Reason::NothingToPlace),
            (Phase::Move(_), Move::Pass) => {
                if self.legal_moves().can_pass() {
                    Ok(())
                } else {
                    err(Reason::PassNotAllowed)
                }
            }
            (Phase::Move(roll), Move::Step { from, to, drop }) => {
                let moves = self.legal_moves();
                let Some(c) = moves.find(from, to) else {
                    return err(Reason::NoSuchMove { from, to, roll });
                };
                match (moves.needs_drop() && c.takes_barricade(), drop) {
                    (true, None) => err(Reason::DropMissing(to)),
                    (true, Some(d)) if !moves.drop_squares(&c).contains(d) => {
                        err(Reason::BadDrop(d))
                    }
                    (false, Some(_)) => err(Reason::NoDropNeeded),
                    _ => Ok(()),
                }
            }
        }
    }

    /// `mv` refused on this position's board for `reason`.
    /// Why a roll is refused now (the die is already rolled, or the game
    /// waits for something else).
    pub(crate) fn roll_refused(&self) -> IllegalMove {
        let reason = match self.phase() {
            Phase::Move(r) => Reason::AlreadyRolled(r),
            _ => Reason::NoRollDue,
        };
        self.illegal(Move::Pass, reason)
    }

    pub(crate) fn illegal(&self, mv: Move, reason: Reason) -> IllegalMove {
        IllegalMove {
            mv,
            board: self.board.id(),
            reason,
        }
    }

    /// The name of an origin on this board: `home`, `forest` or a square.
    ///
    /// ```
    /// use barricade_rules::{Origin, Position};
    /// let pos: Position = "".parse().unwrap();
    /// assert_eq!(pos.origin_name(Origin::Home), "home");
    /// ```
    pub fn origin_name(&self, origin: Origin) -> String {
        match origin {
            Origin::Home => "home".into(),
            Origin::Forest => "forest".into(),
            Origin::Square(s) => self.board.name(s),
        }
    }

    /// Plays `mv` without checking it: for searches that only play moves
    /// from [`Position::legal_moves`]. An illegal move leaves a position
    /// that may break the rules (but never panics).
    ///
    /// ```
    /// use barricade_rules::{Colour, Position};
    /// let mut pos: Position = "seats=red,blue roll=1".parse().unwrap();
    /// pos.play_unchecked("home-c1".parse().unwrap());
    /// assert_eq!(pos.pawns(Colour::Red).len(), 1);
    /// ```
    pub fn play_unchecked(&mut self, mv: Move) {
        match mv {
            Move::Step { from, to, drop } => self.step(from, to, drop),
            Move::Pass => self.end_turn(),
            Move::Place(s) => {
                self.barricades.insert(s);
                self.to_place = self.to_place.saturating_sub(1);
                if self.to_place == 0 && self.end_after_place {
                    self.end_turn();
                }
            }
            Move::Again => {
                self.choosing = false;
                self.roll = None;
            }
        }
    }

    fn step(&mut self, from: Origin, to: Square, drop: Option<Square>) {
        let me = self.turn();
        let six = self.roll.is_some_and(|r| r.get() == 6);
        let origin = from.square();
        match from {
            Origin::Square(s) => self.pawns[me.index()].remove(s),
            Origin::Forest => {
                self.forest[me.index()] = self.forest[me.index()].saturating_sub(1);
            }
            Origin::Home => self.home[me.index()] = self.home[me.index()].saturating_sub(1),
        }
        let target = SquareSet::from_square(to);
        if let Some(c) = self.captured_at(to) {
            self.pawns[c.index()].remove(to);
            match self.board.captured_goes_to(to) {
                Origin::Forest => self.forest[c.index()] += 1,
                _ => self.home[c.index()] += 1,
            }
            if self.rules.french {
                // Its held barricades pass to the capturer, placed at once.
                self.to_place += self.held.take(to);
            }
        }
        self.pawns[me.index()] |= target;
        if self.rules.french
            && let Some(s) = origin
        {
            self.held.relocate(s, to);
        }
        if self.barricades.contains(to) {
            self.barricades.remove(to);
            if self.rules.french {
                self.held.push(to);
            } else if let Some(d) = drop {
                self.barricades.insert(d);
            }
        }
        self.roll = None;
        self.bound = None;
        if to == Square::GOAL {
            self.to_place = 0;
            self.choosing = false;
            return;
        }
        if self.rules.french && six {
            self.choosing = true;
            self.bound = Some(to);
        } else if self.to_place > 0 {
            self.end_after_place = true;
        } else {
            self.end_turn();
        }
    }

    /// Passes the turn to the next seat.
    fn end_turn(&mut self) {
        // The next seat, wrapping round (a compare, not a division).
        let next = self.turn + 1;
        self.turn = if (next as usize) < self.seats.len() {
            next
        } else {
            0
        };
        self.roll = None;
        self.bound = None;
        self.choosing = false;
        self.end_after_place = false;
        if self.rules.french && self.held.len() > 0 {
            // Barricades held by this colour's pawns are put down now,
            // before rolling.
            let mine = self.pawns[self.turn().index()];
            self.to_place += self.held.take_all_in(mine);
        }
    }

    /// The position as a [`Setup`] (plain fields, for serialisation).
    ///
    /// ```
    /// use barricade_rules::Position;
    /// let pos: Position = "red=c1".parse().unwrap();
    /// assert_eq!(Position::from_setup(&pos.to_setup()), Ok(pos));
    /// ```
    pub fn to_setup(&self) -> Setup {
        let mut pawns: [Vec<Origin>; 4] = Default::default();
        for &c in self.seats.colours() {
            let list = &mut pawns[c.index()];
            list.extend(self.pawns(c).iter().map(Origin::Square));
            list.extend((0..self.at_home(c)).map(|_| Origin::Home));
        }
        for c in Colour::ALL {
            pawns[c.index()].extend((0..self.in_forest(c)).map(|_| Origin::Forest));
        }
        Setup {
            board: self.board.id(),
            rules: self.rules,
            seats: self.seats,
            turn: self.turn(),
            roll: self.roll,
            pawns,
            barricades: self.barricades.iter().collect(),
            held: self.held(),
            to_place: self.to_place,
            choosing: self.choosing,
            bound: self.bound,
            end_after_place: self.end_after_place,
        }
    }
}
