//! [`GameRecord`]: everything needed to replay a game exactly.

use crate::board::BoardId;
use crate::game::Game;
use crate::moves::Move;
use crate::position::IllegalMove;
use crate::rules::Rules;
use crate::seats::Seats;
use core::fmt;

/// A whole game: rules, seats and teams, the dice seed and every player
/// decision. Rolls are not stored: they follow from the seed, one roll each
/// time the game waits for one. `rolled` says whether the die was rolled
/// after the last move.
///
/// ```
/// use barricade_rules::{Game, GameRecord, Rules, Seats};
/// let mut game = Game::new(Rules::default(), Seats::default(), 9);
/// for _ in 0..20 {
///     game.roll_if_due();
///     let mv = game.position().legal_moves().expanded().next().unwrap();
///     game.play(mv).unwrap();
/// }
/// let record: GameRecord = game.record();
/// assert_eq!(record.replay().unwrap().position(), game.position());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The board.
    pub board: BoardId,
    /// The rules.
    pub rules: Rules,
    /// Seats and teams as chosen before the opening rolls.
    pub seats: Seats,
    /// The dice seed.
    pub seed: u64,
    /// Every decision, in order (ply 1 first).
    pub moves: Vec<Move>,
    /// Whether the die was rolled after the last move.
    pub rolled: bool,
}

/// A replay that stopped at an illegal move.
///
/// ```
/// use barricade_rules::{GameRecord, Rules, Seats};
/// let record = GameRecord {
///     board: Default::default(), rules: Rules::default(), seats: Seats::default(), seed: 1,
///     moves: vec!["i9-i10".parse().unwrap()], rolled: false,
/// };
/// let err = record.replay().unwrap_err();
/// assert_eq!(err.ply, 1);
/// assert!(err.to_string().starts_with("ply 1: i9-i10 is not legal"));
/// assert!(err.game.history().is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct ReplayError {
    /// The 1-based number of the refused move.
    pub ply: usize,
    /// Why it was refused.
    pub error: IllegalMove,
    /// The game as replayed up to the move before.
    pub game: Box<Game>,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {}: {}", self.ply, self.error)
    }
}

impl std::error::Error for ReplayError {}

impl GameRecord {
    /// Replays the record from the seed.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.replay_each(|_| {})
    }

    /// Replays the record from the seed, calling `visit` with the game
    /// before the first decision and after each one (before the next roll).
    ///
    /// ```
    /// use barricade_rules::{Game, Rules, Seats};
    /// let record = Game::new(Rules::default(), Seats::default(), 2).record();
    /// let mut seen = 0;
    /// record.replay_each(|_| seen += 1).unwrap();
    /// assert_eq!(seen, 1);
    /// ```
    pub fn replay_each(&self, mut visit: impl FnMut(&Game)) -> Result<Game, ReplayError> {
        let mut game = Game::new_on(self.board, self.rules, self.seats, self.seed);
        visit(&game);
        for (i, &mv) in self.moves.iter().enumerate() {
            game.roll_if_due();
            if let Err(error) = game.play(mv) {
                return Err(ReplayError {
                    ply: i + 1,
                    error,
                    game: Box::new(game),
                });
            }
            visit(&game);
        }
        if self.rolled {
            game.roll_if_due();
        }
        Ok(game)
    }
}
