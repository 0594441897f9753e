//! # barricade-ai
//!
//! Computer players for Barricade: everything the game runs to choose a
//! decision or to tell each team's chances, natively, in the rooms
//! server and in the browser's worker (the tools that train, tune and
//! measure them are `barricade-coach`'s). It depends only on
//! `barricade-rules`: the rules say what is legal, this crate only
//! chooses among legal decisions. There are four levels:
//!
//! - [`Level::Easy`] ([`easy`]): legal but weak moves with some randomness;
//! - [`Level::Medium`] ([`heuristic`]): the best move by the evaluation
//!   after one move, the yardstick;
//! - [`Level::Hard`] ([`search`]): expectimax over the die and the replies
//!   with a fixed node budget;
//! - [`Level::Master`] ([`search`] with [`Limits::MASTER`] and the
//!   [`learned`] evaluation): three pawn moves deep (four with four
//!   teams, [`Limits::for_teams`]) with a beam, win chances from a model
//!   fitted to self-play outcomes by `barricade train` (its weights are
//!   data, `data/learned.txt`).
//!
//! [`analysis`] turns the master's evaluation into each team's win chance
//! after every ply of a game, and finds the moves that decided it;
//! [`review`] grades every decision of a game against the master's and
//! measures every roll's luck.
//!
//! An [`Evaluator`] ([`evaluator`]) names what a bot evaluates with: the
//! hand-made evaluation ([`eval`], its weights hand-set or the tuned ones
//! of [`tuned`]) or the learned one ([`learned`]). The evaluations and the
//! pruning of barricade squares ([`drops`]) are shared by the levels. No
//! bot reads a clock or starts a thread ([`Rng`] is their own seeded
//! random numbers): the same position, level and seed always give the
//! same decision (on one platform; see docs/ai.md), and the hard bot's
//! work is bounded by a node budget.
//!
//! ```
//! use barricade_ai::{choose, Level};
//! use barricade_rules::{Game, Rules, Seats};
//! let mut game = Game::new(Rules::default(), Seats::default(), 1);
//! game.roll_if_due();
//! let mv = choose(game.position(), Level::Medium, 7).unwrap();
//! game.play(mv).unwrap();
//! ```

pub mod analysis;
pub mod drops;
pub mod easy;
pub mod eval;
pub mod evaluator;
pub mod heuristic;
pub mod learned;
pub mod review;
mod rng;
pub mod search;
pub mod tuned;

use barricade_rules::{BoardId, Move, Position, Rules};
use core::fmt;
use core::str::FromStr;
pub use evaluator::Evaluator;
pub use rng::Rng;
pub use search::Limits;

/// How strong a computer player is.
///
/// ```
/// use barricade_ai::Level;
/// assert_eq!("hard".parse::<Level>(), Ok(Level::Hard));
/// assert_eq!("master".parse::<Level>(), Ok(Level::Master));
/// assert_eq!(Level::Easy.to_string(), "easy");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Level {
    /// Legal but weak moves with some randomness.
    Easy,
    /// A good one-move heuristic player.
    Medium,
    /// Expectimax over the die and the replies.
    Hard,
    /// Deeper expectimax with a beam and the learned evaluation.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Master];

    /// The lower-case name used by the command line and the protocol.
    ///
    /// ```
    /// assert_eq!(barricade_ai::Level::Medium.name(), "medium");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    /// The evaluation weights this level plays with under `rules`: the
    /// tuned ones for hard in the french rules (where the hand-set ones,
    /// made for the default rules, play worse); the hand-set ones
    /// otherwise. Master plays with the learned evaluation
    /// ([`Level::evaluator_for`]); its weights here are the tuned ones it
    /// played with before (`master-tuned` in tournaments).
    ///
    /// ```
    /// use barricade_ai::{eval::Weights, Level};
    /// use barricade_rules::Rules;
    /// let french = Rules::preset("french").unwrap();
    /// assert_eq!(Level::Hard.weights(Rules::default()), Weights::HAND);
    /// assert_eq!(Level::Hard.weights(french), Weights::TUNED);
    /// assert_eq!(Level::Medium.weights(french), Weights::HAND);
    /// assert_eq!(Level::Master.weights(Rules::default()), Weights::TUNED);
    /// ```
    pub const fn weights(self, rules: Rules) -> eval::Weights {
        match self {
            Level::Master => eval::Weights::TUNED,
            Level::Hard if rules.french => eval::Weights::TUNED,
            _ => eval::Weights::HAND,
        }
    }

    /// The weights this level plays `pos` with: [`Level::weights`] of its
    /// rules, and on the quick board the hard bot's are the tuned ones
    /// too (docs/ai-journal.md, "The quick board").
    ///
    /// ```
    /// use barricade_ai::{eval::Weights, Level};
    /// use barricade_rules::Position;
    /// let quick: Position = "board=quick".parse().unwrap();
    /// assert_eq!(Level::Hard.weights_for(&quick), Weights::TUNED);
    /// assert_eq!(Level::Medium.weights_for(&quick), Weights::HAND);
    /// ```
    pub fn weights_for(self, pos: &Position) -> eval::Weights {
        match self {
            Level::Hard if pos.board().id() != BoardId::Classic => eval::Weights::TUNED,
            _ => self.weights(pos.rules()),
        }
    }

    /// The evaluator this level plays `pos` with: for master the learned
    /// one ([`Evaluator::learned`], the model on both boards with two to
    /// four teams; docs/ai.md); otherwise the hand-made one with
    /// [`Level::weights_for`].
    ///
    /// ```
    /// use barricade_ai::Level;
    /// let two: barricade_rules::Position = "seats=red,blue".parse().unwrap();
    /// assert!(Level::Master.evaluator_for(&two).is_learned());
    /// assert!(!Level::Hard.evaluator_for(&two).is_learned());
    /// ```
    pub fn evaluator_for(self, pos: &Position) -> Evaluator {
        match self {
            Level::Master => Evaluator::learned(),
            _ => Evaluator::hand_made(self.weights_for(pos)),
        }
    }

    /// The search limits this level plays with (used by hard and master).
    ///
    /// ```
    /// use barricade_ai::{Level, Limits};
    /// assert_eq!(Level::Master.limits(), Limits::MASTER);
    /// assert_eq!(Level::Hard.limits(), Limits::HARD);
    /// ```
    pub const fn limits(self) -> Limits {
        match self {
            Level::Master => Limits::MASTER,
            _ => Limits::HARD,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a level name.
///
/// ```
/// assert!("expert".parse::<barricade_ai::Level>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {text:?} (easy, medium, hard or master)")]
pub struct ParseLevelError {
    /// The text that names no level.
    pub text: String,
}

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| ParseLevelError {
                text: s.to_string(),
            })
    }
}

/// A computer player: a level, its own random numbers (seeded, so games
/// replay exactly), the evaluation and, for [`Level::Hard`] and
/// [`Level::Master`], the search limits.
///
/// ```
/// use barricade_ai::{Bot, Level};
/// use barricade_rules::{Game, Rules, Seats};
/// let mut bots = [Bot::new(Level::Easy, 1), Bot::new(Level::Hard, 2)];
/// let mut game = Game::new(Rules::default(), Seats::default(), 9);
/// for _ in 0..20 {
///     game.roll_if_due();
///     let seat = game.position().turn_seat() % 2;
///     let mv = bots[seat].choose(game.position()).unwrap();
///     game.play(mv).unwrap();
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Bot {
    level: Level,
    rng: Rng,
    /// `None`: the level's own weights for the position's rules.
    evaluator: Option<Evaluator>,
    limits: Limits,
}

impl Bot {
    /// A bot of `level` whose random choices come from `seed`.
    ///
    /// ```
    /// let bot = barricade_ai::Bot::new(barricade_ai::Level::Hard, 0);
    /// assert_eq!(bot.level(), barricade_ai::Level::Hard);
    /// ```
    pub fn new(level: Level, seed: u64) -> Bot {
        Bot {
            level,
            rng: Rng::new(seed),
            evaluator: None,
            limits: level.limits(),
        }
    }

    /// The same bot with other search limits (hard and master only).
    ///
    /// ```
    /// use barricade_ai::{Bot, Level, Limits};
    /// let bot = Bot::new(Level::Hard, 0).with_limits(Limits { nodes: 500, ..Limits::default() });
    /// assert_eq!(bot.limits().nodes, 500);
    /// ```
    pub fn with_limits(mut self, limits: Limits) -> Bot {
        self.limits = limits;
        self
    }

    /// The same bot with another evaluator (medium, hard and master).
    ///
    /// ```
    /// use barricade_ai::{Bot, Evaluator, Level};
    /// let bot = Bot::new(Level::Medium, 0).with_evaluator(Evaluator::default());
    /// # let _ = bot;
    /// ```
    pub fn with_evaluator(mut self, evaluator: Evaluator) -> Bot {
        self.evaluator = Some(evaluator);
        self
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The search limits (used by hard and master).
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The decision for whatever `pos` waits for: a pawn move (with its
    /// drop square), a pass, a held-barricade placement or the french
    /// roll-again choice. `None` while a roll is due (roll the die first)
    /// or after the game. The decision is always legal.
    ///
    /// ```
    /// use barricade_ai::{Bot, Level};
    /// use barricade_rules::Position;
    /// let pos: Position = "roll=5".parse().unwrap();
    /// let mv = Bot::new(Level::Medium, 0).choose(&pos).unwrap();
    /// assert!(pos.check(mv).is_ok());
    /// let rolling: Position = "".parse().unwrap();
    /// assert_eq!(Bot::new(Level::Easy, 0).choose(&rolling), None);
    /// ```
    pub fn choose(&mut self, pos: &Position) -> Option<Move> {
        let own;
        let evaluator = match &self.evaluator {
            Some(e) => e,
            None => {
                own = self.level.evaluator_for(pos);
                &own
            }
        };
        let mv = match self.level {
            Level::Easy => easy::choose(pos, &mut self.rng),
            Level::Medium => heuristic::choose(pos, evaluator),
            Level::Hard | Level::Master => search::search(pos, evaluator, &self.limits).best,
        };
        // Belt and braces: never hand out an illegal decision.
        match mv {
            Some(m) if pos.check(m).is_ok() => Some(m),
            _ => first_legal(pos),
        }
    }
}

/// The first legal decision in a fixed order (a fallback that is never
/// expected to be needed).
fn first_legal(pos: &Position) -> Option<Move> {
    use barricade_rules::Phase;
    match pos.phase() {
        Phase::Roll | Phase::Over(_) => None,
        Phase::Place => pos.placement_squares().first().map(Move::Place),
        Phase::ChooseAgain => Some(Move::Pass),
        Phase::Move(_) => pos.legal_moves().expanded().next(),
    }
}

/// One decision of a fresh bot of `level` seeded with `seed`: the
/// stateless entry point (for a web worker).
///
/// ```
/// use barricade_ai::{choose, Level};
/// use barricade_rules::Position;
/// let pos: Position = "seats=red,blue roll=6".parse().unwrap();
/// for level in Level::ALL {
///     let mv = choose(&pos, level, 42).unwrap();
///     assert!(pos.check(mv).is_ok());
///     assert_eq!(choose(&pos, level, 42), Some(mv)); // deterministic
/// }
/// ```
pub fn choose(pos: &Position, level: Level, seed: u64) -> Option<Move> {
    Bot::new(level, seed).choose(pos)
}
