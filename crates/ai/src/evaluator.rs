//! The evaluator a bot, a search or the analysis plays with: one variant
//! per kind of evaluation, so that a call site names what it evaluates
//! with.
//!
//! - [`Evaluator::HandMade`] ([`crate::eval`]): expected turns to win
//!   from race distances, threats, tempo and held barricades, weighed by
//!   [`Weights`] (the hand-set ones for easy, medium and hard, the tuned
//!   ones for hard in the french rules and on the quick board);
//! - [`Evaluator::Learned`] ([`crate::learned`]): a model fitted to
//!   self-play outcomes over the tuned evaluation's parts (the master's,
//!   the hint's and the analysis's).
//!
//! ```
//! use barricade_ai::{eval::Weights, Evaluator};
//! use barricade_rules::{Colour, Position};
//! let pos: Position = "seats=red,blue red=a12".parse().unwrap();
//! for ev in [Evaluator::hand_made(Weights::TUNED), Evaluator::learned()] {
//!     let s = ev.scores(&pos);
//!     assert!(s[Colour::Red.index()] > s[Colour::Blue.index()]);
//! }
//! ```

use crate::eval::{Field, FieldCache, HandMade, Scores, Weights};
use crate::learned::{INGREDIENTS, Learned};
use barricade_rules::Position;

/// What a position's win chances are computed with.
#[derive(Clone, Debug)]
pub enum Evaluator {
    /// The hand-made evaluation with its weights.
    HandMade(HandMade),
    /// The learned evaluation.
    Learned(Learned),
}

impl Default for Evaluator {
    /// The hand-made evaluation with the hand-set weights.
    fn default() -> Evaluator {
        Evaluator::hand_made(Weights::default())
    }
}

impl From<HandMade> for Evaluator {
    fn from(ev: HandMade) -> Evaluator {
        Evaluator::HandMade(ev)
    }
}

impl From<Learned> for Evaluator {
    fn from(ev: Learned) -> Evaluator {
        Evaluator::Learned(ev)
    }
}

impl Evaluator {
    /// The hand-made evaluation with `weights`.
    ///
    /// ```
    /// use barricade_ai::{eval::Weights, Evaluator};
    /// let ev = Evaluator::hand_made(Weights { temperature: 3.0, ..Weights::default() });
    /// assert_eq!(ev.weights().temperature, 3.0);
    /// ```
    pub fn hand_made(weights: Weights) -> Evaluator {
        Evaluator::HandMade(HandMade::new(weights))
    }

    /// The learned evaluation with the checked-in model on both boards
    /// with two to four teams ([`Learned::checked_in`]): the master's, the
    /// hint's and the analysis's. Were the weights file damaged (a test
    /// makes sure it is not), the tuned evaluation it is made of.
    ///
    /// ```
    /// use barricade_ai::Evaluator;
    /// assert!(Evaluator::learned().is_learned());
    /// assert!(!Evaluator::default().is_learned());
    /// ```
    pub fn learned() -> Evaluator {
        match Learned::checked_in() {
            Some(learned) => Evaluator::Learned(learned),
            None => Evaluator::hand_made(INGREDIENTS),
        }
    }

    /// Whether the chances come from a learned model.
    pub fn is_learned(&self) -> bool {
        matches!(self, Evaluator::Learned(_))
    }

    /// The hand-made evaluation in use: this one's, or the one the
    /// learned evaluation's features are made with.
    pub fn hand_made_part(&self) -> &HandMade {
        match self {
            Evaluator::HandMade(ev) => ev,
            Evaluator::Learned(ev) => ev.ingredients(),
        }
    }

    /// The hand-made weights in use ([`Evaluator::hand_made_part`]'s):
    /// their barricade steps make the distance fields.
    pub fn weights(&self) -> &Weights {
        self.hand_made_part().weights()
    }

    /// The distance field of `pos` with these weights.
    ///
    /// ```
    /// use barricade_ai::Evaluator;
    /// let pos: barricade_rules::Position = "".parse().unwrap();
    /// let f = Evaluator::learned().field(&pos);
    /// assert_eq!(f.dist(barricade_rules::Square::GOAL), 0);
    /// ```
    pub fn field(&self, pos: &Position) -> Field {
        self.hand_made_part().field(pos)
    }

    /// Win chances of every team (written per colour), or 1/0 once the
    /// game is over.
    ///
    /// ```
    /// use barricade_ai::Evaluator;
    /// use barricade_rules::Position;
    /// let pos: Position = "seats=red,blue".parse().unwrap();
    /// let s = Evaluator::default().scores(&pos);
    /// assert!((s[0] + s[3] - 1.0).abs() < 1e-4);
    /// ```
    pub fn scores(&self, pos: &Position) -> Scores {
        let field = self.field(pos);
        self.scores_with(pos, &field)
    }

    /// [`Evaluator::scores`] with the field taken from `cache`.
    ///
    /// ```
    /// use barricade_ai::{eval::FieldCache, Evaluator};
    /// let ev = Evaluator::learned();
    /// let mut cache = FieldCache::new();
    /// let pos: barricade_rules::Position = "".parse().unwrap();
    /// assert_eq!(ev.scores_cached(&pos, &mut cache), ev.scores(&pos));
    /// ```
    pub fn scores_cached(&self, pos: &Position, cache: &mut FieldCache) -> Scores {
        let field = cache.get(pos, self.weights().barricade_steps);
        self.scores_with(pos, field)
    }

    /// [`Evaluator::scores`] with a field already computed for `pos`.
    pub fn scores_with(&self, pos: &Position, field: &Field) -> Scores {
        match self {
            Evaluator::HandMade(ev) => ev.scores_with(pos, field),
            Evaluator::Learned(ev) => ev.scores_with(pos, field),
        }
    }
}
