//! [`Setup`]: a position as plain fields, its checks, and the one-line
//! position notation.
//!
//! The notation is a list of `key=value` words separated by spaces; every
//! key is optional:
//!
//! | key | value | default |
//! |---|---|---|
//! | `board` | `classic` or `quick` (written only for the quick board) | `classic` |
//! | `rules` | rule-set name (`ravensburger`, `french+free-pass`, ...) | `ravensburger` |
//! | `seats` | colours in playing order, comma-separated | `red,green,yellow,blue` |
//! | `teams` | teams separated by `/`, colours joined by `+` (`red+yellow/green+blue`) | none |
//! | `turn` | colour to play | first seat |
//! | `roll` | 1..6 | none (waiting for a roll) |
//! | `red`, `green`, `yellow`, `blue` | squares of that colour's pawns on the board (`home` and, on the quick board, `forest` allowed); pawns not listed are at home | all at home |
//! | `barricades` | the barricade squares | the board's start squares |
//! | `held` | french: squares of pawns holding a taken barricade | none |
//! | `place` | french: barricades the player to move must put down now | 0 |
//! | `then` | french: `end` (turn ends after placing), `again` (choose to roll again), `bound` (a pawn was chosen to move again) | none |
//! | `bound` | french: the pawn that moves after a 6 | none |
//!
//! ```
//! use barricade_rules::Position;
//! let pos: Position = "seats=red,green teams= turn=green roll=6 green=g1,i2".parse().unwrap();
//! assert_eq!(pos.to_string(), "rules=ravensburger seats=red,green turn=green roll=6 green=i2,g1 barricades=i13,i11,i10,i9,g7,k7,a3,e3,i3,m3,q3");
//! ```

use crate::board::{Board, BoardId};
use crate::classic::Square;
use crate::colour::{Colour, ColourSet};
use crate::moves::Origin;
use crate::position::{BARRICADES, Held, Position};
use crate::roll::Roll;
use crate::rules::Rules;
use crate::seats::Seats;
use crate::squareset::SquareSet;
use core::fmt;
use core::str::FromStr;

/// A position as plain, unchecked fields. [`Position::from_setup`] checks
/// it; [`Position::to_setup`] gives it back.
///
/// ```
/// use barricade_rules::{Position, Setup};
/// let mut setup = Setup::default();
/// setup.roll = barricade_rules::Roll::new(3);
/// let pos = Position::from_setup(&setup).unwrap();
/// assert_eq!(pos.legal_moves().len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub board: BoardId,
    /// The rules.
    pub rules: Rules,
    /// Seats and teams.
    pub seats: Seats,
    /// The colour to play.
    pub turn: Colour,
    /// The pending roll.
    pub roll: Option<Roll>,
    /// Per colour (indexed by [`Colour::index`]): one entry per pawn
    /// (the board's pawns per colour) for a seated colour, none for an
    /// unseated one.
    pub pawns: [Vec<Origin>; 4],
    /// The barricades on the board.
    pub barricades: Vec<Square>,
    /// French: the squares of pawns holding a taken barricade.
    pub held: Vec<Square>,
    /// French: barricades the player to move must put down now.
    pub to_place: u8,
    /// French: choosing whether to roll again after a 6.
    pub choosing: bool,
    /// French: the pawn that must move (after a 6).
    pub bound: Option<Square>,
    /// French: the turn ends once the barricades are put down.
    pub end_after_place: bool,
}

impl Default for Setup {
    /// The start position with all four colours.
    fn default() -> Setup {
        Position::new(Rules::default(), Seats::default()).to_setup()
    }
}

pub use crate::setup_error::PositionError;

fn bad<T>(e: PositionError) -> Result<T, PositionError> {
    Err(e)
}

impl Position {
    /// Checks `setup` and builds the position: 5 pawns per seated colour
    /// and none for others, one piece per square, 11 barricades (counting
    /// held ones), none on the goal nor (unless `bottom-row`) the bottom
    /// row, the turn on a seated
    /// colour, and a consistent variant state.
    ///
    /// ```
    /// use barricade_rules::{Position, Setup};
    /// let mut s = Setup::default();
    /// s.barricades.pop();
    /// assert_eq!(Position::from_setup(&s).unwrap_err().to_string(),
    ///     "there must be 11 barricades, found 10");
    /// ```
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let board = setup.board.board();
        let Some(turn) = setup.seats.seat_of(setup.turn) else {
            return bad(PositionError::TurnNotSeated(setup.turn));
        };
        let mut squares = Occupied {
            board,
            set: SquareSet::EMPTY,
        };
        let pawns = Pawns::place(setup, &mut squares)?;
        let barricades = place_barricades(setup, &mut squares)?;
        let held = check_french_state(setup, &squares, barricades, &pawns, turn)?;
        let pos = Position {
            board,
            rules: setup.rules,
            seats: setup.seats,
            turn: turn as u8,
            roll: setup.roll,
            pawns: pawns.on_board,
            forest: pawns.forest,
            home: pawns.home,
            barricades,
            held,
            to_place: setup.to_place,
            choosing: setup.choosing,
            bound: setup.bound,
            end_after_place: setup.end_after_place,
        };
        if pos.is_over() && (pos.roll.is_some() || pos.to_place > 0 || pos.choosing) {
            return bad(PositionError::OverButPending);
        }
        Ok(pos)
    }
}

/// The squares taken so far while a position is set up.
struct Occupied {
    board: &'static Board,
    set: SquareSet,
}

impl Occupied {
    /// Takes `s`, which must be a free square of the board.
    fn put(&mut self, s: Square) -> Result<(), PositionError> {
        if !self.board.contains(s) {
            return bad(PositionError::OffBoard(s.index()));
        }
        if self.set.contains(s) {
            return bad(PositionError::TwoPieces(self.board.name(s)));
        }
        self.set.insert(s);
        Ok(())
    }
}

/// Each colour's pawns: on the board, in the forest, at home.
struct Pawns {
    on_board: [SquareSet; 4],
    forest: [u8; 4],
    home: [u8; 4],
}

impl Pawns {
    /// The pawns of `setup`: every seated colour has all its pawns, an
    /// unseated one none.
    fn place(setup: &Setup, squares: &mut Occupied) -> Result<Pawns, PositionError> {
        let board = squares.board;
        let ppc = board.pawns_per_colour();
        let mut pawns = Pawns {
            on_board: [SquareSet::EMPTY; 4],
            forest: [0; 4],
            home: [0; 4],
        };
        for c in Colour::ALL {
            let list = &setup.pawns[c.index()];
            if !setup.seats.contains(c) {
                if !list.is_empty() {
                    return bad(PositionError::PawnsNotSeated(c));
                }
                continue;
            }
            if list.len() != ppc {
                return bad(PositionError::PawnCount {
                    colour: c,
                    expected: ppc,
                    found: list.len(),
                });
            }
            for s in list.iter().filter_map(|o| o.square()) {
                squares.put(s)?;
                pawns.on_board[c.index()].insert(s);
            }
            let woods = list.iter().filter(|&&o| o == Origin::Forest).count();
            if woods > 0 && board.forest().is_none() {
                return bad(PositionError::NoForest(c));
            }
            pawns.forest[c.index()] = woods as u8;
            pawns.home[c.index()] = list.iter().filter(|&&o| o == Origin::Home).count() as u8;
        }
        Ok(pawns)
    }
}

/// The barricades on the board, each on a square where one may stand, and
/// with the held and still-to-place ones, the board's number of them.
fn place_barricades(setup: &Setup, squares: &mut Occupied) -> Result<SquareSet, PositionError> {
    let board = squares.board;
    let mut barricades = SquareSet::EMPTY;
    for &b in &setup.barricades {
        if board.bottom_row().contains(b) && !setup.rules.bottom_row {
            return bad(PositionError::BarricadeOnBottomRow(board.name(b)));
        }
        if b == Square::GOAL {
            return bad(PositionError::BarricadeOnGoal);
        }
        if board.rest_squares().contains(b) {
            return bad(PositionError::BarricadeOnRest(board.name(b)));
        }
        squares.put(b)?;
        barricades.insert(b);
    }
    let total = barricades.len() + setup.held.len() + setup.to_place as usize;
    let count = board.barricade_count();
    if total != count {
        return bad(PositionError::BarricadeCount {
            expected: count,
            found: total,
        });
    }
    Ok(barricades)
}

/// The french rules' part of a position (held barricades, barricades to
/// put down, a pawn bound to move again after a 6), which only those rules
/// may have and which must fit together; the held barricades.
fn check_french_state(
    setup: &Setup,
    squares: &Occupied,
    barricades: SquareSet,
    pawns: &Pawns,
    turn: usize,
) -> Result<Held, PositionError> {
    let name = |s: Square| squares.board.name(s);
    let extra = !setup.held.is_empty()
        || setup.to_place > 0
        || setup.choosing
        || setup.bound.is_some()
        || setup.end_after_place;
    if extra && !setup.rules.french {
        return bad(PositionError::NotFrench);
    }
    let mut held = Held::default();
    for &h in &setup.held {
        if !(squares.set - barricades).contains(h) {
            return bad(PositionError::NoHolder(name(h)));
        }
        held.push(h);
    }
    let me = setup.seats.colour(turn).unwrap_or(setup.turn);
    if let Some(b) = setup.bound
        && !pawns.on_board[me.index()].contains(b)
    {
        return bad(PositionError::BoundNotOwn {
            square: name(b),
            colour: me,
        });
    }
    if setup.choosing && (setup.bound.is_none() || setup.roll.is_some()) {
        return bad(PositionError::ChoosingNeedsBound);
    }
    if setup.to_place > 0 && setup.roll.is_some() {
        return bad(PositionError::PlaceBeforeRoll);
    }
    if setup.end_after_place && setup.to_place == 0 {
        return bad(PositionError::EndWithoutPlace);
    }
    Ok(held)
}

/// The comma-separated items of `v`, each read by `read` (`None`: a bad
/// `what`).
fn parse_items<T>(
    v: &str,
    what: &'static str,
    read: impl Fn(&str) -> Option<T>,
) -> Result<Vec<T>, PositionError> {
    v.split(',')
        .filter(|s| !s.is_empty())
        .map(|s| {
            read(s).ok_or_else(|| PositionError::BadValue {
                what,
                text: short(s),
            })
        })
        .collect()
}

fn parse_list<T: FromStr>(v: &str, what: &'static str) -> Result<Vec<T>, PositionError> {
    parse_items(v, what, |s| s.parse().ok())
}

fn parse_squares(board: &Board, v: &str) -> Result<Vec<Square>, PositionError> {
    parse_items(v, "square", |s| board.square(s))
}

fn parse_origins(board: &Board, v: &str) -> Result<Vec<Origin>, PositionError> {
    parse_items(v, "square", |s| board.parse_origin(s).ok())
}

/// An error of a part (rules, board, colour, seats) as a position error.
fn part(e: impl fmt::Display) -> PositionError {
    PositionError::Part(e.to_string())
}

fn short(s: &str) -> String {
    s.chars().take(20).collect()
}

impl FromStr for Setup {
    type Err = PositionError;

    /// Parses the position notation (see the module documentation).
    fn from_str(text: &str) -> Result<Setup, PositionError> {
        // The board first: it names the squares and sets the defaults.
        let mut board = BoardId::Classic;
        for word in text.split_whitespace() {
            if let Some(name) = word.strip_prefix("board=") {
                board = name.parse().map_err(part)?;
            }
        }
        let mut reading = Reading::new(board);
        for word in text.split_whitespace() {
            let Some((key, value)) = word.split_once('=') else {
                return bad(PositionError::NotKeyValue(short(word)));
            };
            reading.read(key, value)?;
        }
        reading.finish()
    }
}

/// A position's notation read so far: the setup, and what is only known
/// once every word is read (the seats, the turn, the pawns).
struct Reading {
    board: &'static Board,
    setup: Setup,
    seats: Vec<Colour>,
    teams: Vec<ColourSet>,
    turn: Option<Colour>,
    pawns: [Option<Vec<Origin>>; 4],
    then: &'static str,
}

impl Reading {
    fn new(board: BoardId) -> Reading {
        Reading {
            board: board.board(),
            setup: Position::new_on(board, Rules::default(), Seats::default()).to_setup(),
            seats: Colour::ALL.to_vec(),
            teams: Vec::new(),
            turn: None,
            pawns: Default::default(),
            then: "",
        }
    }

    /// Reads one `key=value` word.
    fn read(&mut self, key: &str, value: &str) -> Result<(), PositionError> {
        let (board, s) = (self.board, &mut self.setup);
        match key {
            "board" => {}
            "rules" => s.rules = value.parse().map_err(part)?,
            "seats" => self.seats = parse_list(value, "colour")?,
            "teams" => {
                self.teams = value
                    .split('/')
                    .filter(|t| !t.is_empty())
                    .map(|t| t.parse::<ColourSet>())
                    .collect::<Result<_, _>>()
                    .map_err(part)?
            }
            "turn" => self.turn = Some(value.parse().map_err(part)?),
            "roll" => {
                let roll = value.parse::<u8>().ok().and_then(Roll::new);
                s.roll = Some(roll.ok_or_else(|| bad_value("roll (1 to 6)", value))?);
            }
            "barricades" => s.barricades = parse_squares(board, value)?,
            "held" => s.held = parse_squares(board, value)?,
            "place" => {
                let count = value
                    .parse()
                    .ok()
                    .filter(|&n: &u8| n as usize <= BARRICADES);
                s.to_place = count.ok_or_else(|| bad_value("count", value))?;
            }
            "bound" => {
                let square = board.square(value);
                s.bound = Some(square.ok_or_else(|| bad_value("square", value))?);
            }
            "then" => {
                self.then = ["end", "again", "bound"]
                    .into_iter()
                    .find(|&t| t == value)
                    .ok_or_else(|| bad_value("'then' value", value))?;
            }
            _ => {
                let Ok(c) = key.parse::<Colour>() else {
                    return bad(PositionError::UnknownKey(short(key)));
                };
                let list = parse_origins(board, value)?;
                let max = board.pawns_per_colour();
                if list.len() > max {
                    return bad(PositionError::TooManyPawns { colour: c, max });
                }
                self.pawns[c.index()] = Some(list);
            }
        }
        Ok(())
    }

    /// The setup: seats and teams, the turn (the first seat unless
    /// named), and every seated colour's pawns not named at home.
    fn finish(mut self) -> Result<Setup, PositionError> {
        let s = &mut self.setup;
        s.seats = Seats::with_teams(&self.seats, &self.teams).map_err(part)?;
        s.turn = match self.turn {
            Some(t) => t,
            None => self.seats.first().copied().unwrap_or(Colour::Red),
        };
        for c in Colour::ALL {
            let mut list = self.pawns[c.index()].take().unwrap_or_default();
            if s.seats.contains(c) {
                list.resize(self.board.pawns_per_colour().max(list.len()), Origin::Home);
            }
            s.pawns[c.index()] = list;
        }
        s.choosing = self.then == "again";
        s.end_after_place = self.then == "end";
        Ok(self.setup)
    }
}

/// A value that is not a `what`.
fn bad_value(what: &'static str, value: &str) -> PositionError {
    PositionError::BadValue {
        what,
        text: short(value),
    }
}

impl FromStr for Position {
    type Err = PositionError;

    /// Parses and checks the position notation.
    fn from_str(text: &str) -> Result<Position, PositionError> {
        Position::from_setup(&text.parse()?)
    }
}

fn join(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(",")
}

impl fmt::Display for Position {
    /// Writes the position notation, pawns and barricades in square order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board;
        let names = |set: SquareSet| join(set.iter().map(|s| board.name(s)));
        if board.id() != BoardId::Classic {
            write!(f, "board={} ", board.id())?;
        }
        write!(f, "rules={}", self.rules)?;
        write!(
            f,
            " seats={}",
            join(self.seats.colours().iter().map(|c| c.to_string()))
        )?;
        if self.seats.has_teams() {
            let teams: Vec<String> = self.seats.teams().iter().map(|t| t.to_string()).collect();
            write!(f, " teams={}", teams.join("/"))?;
        }
        write!(f, " turn={}", self.turn())?;
        if let Some(r) = self.roll {
            write!(f, " roll={r}")?;
        }
        for &c in self.seats.colours() {
            let on = self.pawns(c);
            let woods = self.in_forest(c);
            if !on.is_empty() || woods > 0 {
                let forest = (0..woods).map(|_| "forest".to_string());
                write!(
                    f,
                    " {c}={}",
                    join(on.iter().map(|s| board.name(s)).chain(forest))
                )?;
            }
        }
        write!(f, " barricades={}", names(self.barricades))?;
        if self.held.len() > 0 {
            write!(
                f,
                " held={}",
                join(self.held.squares().map(|s| board.name(s)))
            )?;
        }
        if self.to_place > 0 {
            write!(f, " place={}", self.to_place)?;
        }
        if let Some(b) = self.bound {
            write!(f, " bound={}", board.name(b))?;
        }
        if self.choosing {
            f.write_str(" then=again")?;
        } else if self.end_after_place {
            f.write_str(" then=end")?;
        }
        Ok(())
    }
}
