//! [`Game`]: a position, its dice and its history.

use crate::board::BoardId;
use crate::classic::Square;
use crate::moves::Move;
use crate::opening::Opening;
use crate::position::{IllegalMove, Phase, Position};
use crate::record::GameRecord;
use crate::roll::{Dice, Roll, RollSource};
use crate::rules::Rules;
use crate::seats::Seats;

/// A game in progress: the current [`Position`], the dice, the opening and
/// every move played. The intent methods ([`Game::roll`], [`Game::play`],
/// [`Game::pass`], [`Game::place`], [`Game::again`]) check legality.
///
/// ```
/// use barricade_rules::{Game, Phase, Rules, Seats};
/// let mut game = Game::new(Rules::default(), Seats::default(), 42);
/// let roll = game.roll().unwrap();
/// let first = game.position().legal_moves()[0].to_move(None);
/// game.play(first).unwrap();
/// assert_eq!(game.history().len(), 1);
/// assert_eq!(game.phase(), Phase::Roll);
/// let replayed = game.record().replay().unwrap();
/// assert_eq!(replayed.position(), game.position());
/// # let _ = roll;
/// ```
#[derive(Clone, Debug)]
pub struct Game<D: RollSource = Dice> {
    board: BoardId,
    rules: Rules,
    seats: Seats,
    dice: D,
    opening: Option<Opening>,
    start: Position,
    position: Position,
    history: Vec<Move>,
}

impl Game<Dice> {
    /// A new game with dice seeded by `seed`. Opening rolls (start-roll,
    /// french) are made at once.
    ///
    /// ```
    /// use barricade_rules::{Game, Rules, Seats};
    /// let game = Game::new(Rules::preset("start-roll").unwrap(), Seats::default(), 7);
    /// assert!(game.position().roll().is_some()); // the opening winner moves
    /// let french = Game::new(Rules::preset("french").unwrap(), Seats::default(), 7);
    /// assert!(french.position().roll().is_none()); // the first rolls again
    /// ```
    pub fn new(rules: Rules, seats: Seats, seed: u64) -> Game<Dice> {
        Game::with_dice(rules, seats, Dice::new(seed))
    }

    /// A new game on `board` with dice seeded by `seed`.
    ///
    /// ```
    /// use barricade_rules::{BoardId, Colour, Game, Rules, Seats};
    /// let game = Game::new_on(BoardId::Quick, Rules::default(), Seats::default(), 7);
    /// assert_eq!(game.position().board().id(), BoardId::Quick);
    /// assert_eq!(game.position().at_home(Colour::Red), 4);
    /// assert_eq!(game.record().board, BoardId::Quick);
    /// ```
    pub fn new_on(board: BoardId, rules: Rules, seats: Seats, seed: u64) -> Game<Dice> {
        Game::with_dice_on(board, rules, seats, Dice::new(seed))
    }

    /// A game that begins at `start` (the position after any opening
    /// rolls, as another place decided it), with `seats` in their original
    /// order. Its rolls come from elsewhere through [`Game::set_roll`]; the
    /// dice seeded by `seed` are not used for them, so the record names
    /// them only once it is replaced by the record of the place that rolled
    /// (an online room's server, whose seed is revealed at the end).
    ///
    /// ```
    /// use barricade_rules::{BoardId, Game, Phase, Position, Roll, Rules, Seats};
    /// let start = Position::new_on(BoardId::Quick, Rules::default(), Seats::default());
    /// let mut g = Game::starting_at(BoardId::Quick, Rules::default(), Seats::default(), start, 0);
    /// g.set_roll(Roll::new(5).unwrap()).unwrap();
    /// assert!(matches!(g.phase(), Phase::Move(_)));
    /// assert!(g.set_roll(Roll::new(2).unwrap()).is_err());
    /// ```
    pub fn starting_at(
        board: BoardId,
        rules: Rules,
        seats: Seats,
        start: Position,
        seed: u64,
    ) -> Game<Dice> {
        Game {
            board,
            rules,
            seats,
            dice: Dice::new(seed),
            opening: None,
            start,
            position: start,
            history: Vec::new(),
        }
    }

    /// The seed of the dice.
    ///
    /// ```
    /// use barricade_rules::{Game, Rules, Seats};
    /// assert_eq!(Game::new(Rules::default(), Seats::default(), 3).seed(), 3);
    /// ```
    pub fn seed(&self) -> u64 {
        self.dice.seed()
    }

    /// The record of this game: rules, seats, seed, moves, and whether the
    /// last roll has been made.
    ///
    /// ```
    /// use barricade_rules::{Game, Rules, Seats};
    /// let mut g = Game::new(Rules::default(), Seats::default(), 3);
    /// g.roll().unwrap();
    /// assert!(g.record().rolled);
    /// ```
    pub fn record(&self) -> GameRecord {
        GameRecord {
            board: self.board,
            rules: self.rules,
            seats: self.seats,
            seed: self.dice.seed(),
            moves: self.history.clone(),
            rolled: self.position.roll().is_some()
                && !(self.history.is_empty()
                    && self.opening.as_ref().is_some_and(|o| o.roll.is_some())),
        }
    }
}

impl<D: RollSource> Game<D> {
    /// A new game with any dice (for tests: [`crate::ScriptedDice`]).
    ///
    /// ```
    /// use barricade_rules::{Game, Rules, ScriptedDice, Seats};
    /// let mut g = Game::with_dice(Rules::default(), Seats::default(), ScriptedDice::new(&[4]));
    /// assert_eq!(g.roll().unwrap().get(), 4);
    /// ```
    pub fn with_dice(rules: Rules, seats: Seats, dice: D) -> Game<D> {
        Game::with_dice_on(BoardId::Classic, rules, seats, dice)
    }

    /// A new game on `board` with any dice.
    pub fn with_dice_on(board: BoardId, rules: Rules, seats: Seats, mut dice: D) -> Game<D> {
        let opening = Opening::roll(rules, seats, &mut dice);
        let seats_now = opening.as_ref().map_or(seats, |o| o.seats);
        let mut start = Position::new_on(board, rules, seats_now);
        if let Some(o) = &opening {
            start.turn = o.first as u8;
            start.roll = o.roll;
        }
        Game {
            board,
            rules,
            seats,
            dice,
            opening,
            start,
            position: start,
            history: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position before the first move (after the opening rolls).
    ///
    /// ```
    /// use barricade_rules::{Game, Rules, Seats};
    /// let g = Game::new(Rules::default(), Seats::default(), 1);
    /// assert_eq!(g.start(), g.position());
    /// ```
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The opening rolls, when the rules have them.
    ///
    /// ```
    /// use barricade_rules::{Game, Rules, Seats};
    /// assert!(Game::new(Rules::default(), Seats::default(), 1).opening().is_none());
    /// ```
    pub fn opening(&self) -> Option<&Opening> {
        self.opening.as_ref()
    }

    /// The moves played so far.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// What the game waits for.
    pub fn phase(&self) -> Phase {
        self.position.phase()
    }

    /// Rolls the die for the player to move (only when a roll is due).
    ///
    /// ```
    /// use barricade_rules::{Game, Rules, Seats};
    /// let mut g = Game::new(Rules::default(), Seats::default(), 1);
    /// let r = g.roll().unwrap();
    /// let twice = g.roll().unwrap_err();
    /// assert_eq!(
    ///     twice.to_string(),
    ///     format!("roll is not legal: the die is already rolled (a {r}); move or pass")
    /// );
    /// ```
    pub fn roll(&mut self) -> Result<Roll, IllegalMove> {
        if self.position.phase() != Phase::Roll {
            return Err(self.position.roll_refused());
        }
        let r = self.dice.roll();
        self.position.set_roll(r)?;
        Ok(r)
    }

    /// Sets the roll made elsewhere (see [`Game::starting_at`]), when a
    /// roll is due; the dice are not used.
    pub fn set_roll(&mut self, roll: Roll) -> Result<(), IllegalMove> {
        if self.position.phase() != Phase::Roll {
            return Err(self.position.roll_refused());
        }
        self.position.set_roll(roll)
    }

    /// Plays `mv` if it is legal and appends it to the history.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.position.play(mv)?;
        self.history.push(mv);
        Ok(())
    }

    /// Passes (see [`Move::Pass`]).
    ///
    /// ```
    /// use barricade_rules::{Game, Rules, Seats};
    /// let mut g = Game::new(Rules::preset("free-pass").unwrap(), Seats::default(), 1);
    /// g.roll().unwrap();
    /// g.pass().unwrap();
    /// ```
    pub fn pass(&mut self) -> Result<(), IllegalMove> {
        self.play(Move::Pass)
    }

    /// Puts a held barricade on `square` (french).
    pub fn place(&mut self, square: Square) -> Result<(), IllegalMove> {
        self.play(Move::Place(square))
    }

    /// Chooses to roll again after a 6 (french).
    pub fn again(&mut self) -> Result<(), IllegalMove> {
        self.play(Move::Again)
    }

    /// Rolls if a roll is due, so the game waits for a player's decision.
    /// Returns the roll made, if any.
    ///
    /// ```
    /// use barricade_rules::{Game, Phase, Rules, Seats};
    /// let mut g = Game::new(Rules::default(), Seats::default(), 1);
    /// g.roll_if_due();
    /// assert!(matches!(g.phase(), Phase::Move(_)));
    /// ```
    pub fn roll_if_due(&mut self) -> Option<Roll> {
        if self.position.phase() == Phase::Roll {
            self.roll().ok()
        } else {
            None
        }
    }
}
