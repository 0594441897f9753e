//! Game review: every decision of a game graded against the master, and
//! every roll's luck told apart from the players' skill.
//!
//! For each decision (ply) the reviewer finds the best decision with the
//! master's search at the review's budget ([`Limits::REVIEW`]) and
//! measures the chance of the decider's side (its team's) after the move
//! played and after the best one with the chart's win chances
//! ([`Analyst`], calibrated on held-out games). The difference is the
//! decision's cost; [`Grade`] names costs of [`Grade::Inaccuracy`] and
//! more. For each roll, the luck is the roller's chance after the face
//! that came minus the mean over the six faces, each measured with the
//! chart's chances of the position waiting for the decision.
//!
//! Chances are whole millionths ([`Chance`]) so that the page (which gets
//! them from its worker as whole numbers) and `barricade review` grade
//! the same costs alike. A ply is reviewed on its own ([`Reviewer::review`]
//! of a [`Turn`]), so the page can ask its worker for one ply per message;
//! [`Review`] does a whole record one ply per [`Review::step`]:
//!
//! ```
//! use barricade_ai::review::{Review, Reviewer};
//! use barricade_ai::{Bot, Level, Limits};
//! use barricade_rules::{Game, Rules, Seats};
//! let mut game = Game::new(Rules::default(), Seats::default(), 5);
//! let mut bot = Bot::new(Level::Medium, 1);
//! for _ in 0..6 {
//!     game.roll_if_due();
//!     let mv = bot.choose(game.position()).unwrap();
//!     game.play(mv).unwrap();
//! }
//! // Small budgets for the example; `Reviewer::new()` is the real one.
//! let small = Limits { nodes: 500, ..Limits::REVIEW };
//! let reviewer = Reviewer::with_limits(small, Limits { nodes: 300, ..Limits::ANALYSIS });
//! let mut review = Review::with_reviewer(&game.record(), reviewer).unwrap();
//! while let Some(ply) = review.step() {
//!     assert!(ply.best_chance >= ply.played_chance); // the cost is never negative
//! }
//! assert_eq!(review.plies().len(), 6);
//! let red = review.totals()[0];
//! assert_eq!(red.rolls, 2); // every colour rolled once or twice
//! ```

use crate::Evaluator;
use crate::analysis::Analyst;
use crate::search::{self, Limits};
use barricade_rules::{Colour, Game, GameRecord, Move, Phase, Position, ReplayError, Roll};

/// A win chance in whole millionths (0 to 1,000,000).
pub type Chance = u32;

/// One whole chance, in millionths.
pub const CERTAIN: Chance = 1_000_000;

/// `x` (0 to 1) in whole millionths, rounded.
///
/// ```
/// use barricade_ai::review::millionths;
/// assert_eq!(millionths(0.25), 250_000);
/// assert_eq!(millionths(1.5), 1_000_000);
/// ```
pub fn millionths(x: f32) -> Chance {
    (x.clamp(0.0, 1.0) * CERTAIN as f32 + 0.5) as Chance
}

/// How bad a decision was, by the chance it lost against the best one
/// found (docs/ai.md, "Review", says why these thresholds).
///
/// ```
/// use barricade_ai::review::Grade;
/// assert_eq!(Grade::of(10_000), None);
/// assert_eq!(Grade::of(Grade::Mistake.threshold()), Some(Grade::Mistake));
/// assert_eq!(Grade::of(900_000), Some(Grade::Blunder));
/// assert_eq!(Grade::Blunder.name(), "blunder");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grade {
    /// 3 points of chance lost or more.
    Inaccuracy,
    /// 6 points or more.
    Mistake,
    /// 12 points or more.
    Blunder,
}

impl Grade {
    /// Every grade, mildest first.
    pub const ALL: [Grade; 3] = [Grade::Inaccuracy, Grade::Mistake, Grade::Blunder];

    /// The least cost (chance lost, in millionths) of this grade.
    pub const fn threshold(self) -> Chance {
        match self {
            Grade::Inaccuracy => 30_000,
            Grade::Mistake => 60_000,
            Grade::Blunder => 120_000,
        }
    }

    /// The grade of a decision that lost `cost` millionths (`None`: a
    /// good decision).
    pub fn of(cost: Chance) -> Option<Grade> {
        Grade::ALL.into_iter().rev().find(|g| cost >= g.threshold())
    }

    /// The lower-case English name (`inaccuracy`, `mistake`, `blunder`).
    pub const fn name(self) -> &'static str {
        match self {
            Grade::Inaccuracy => "inaccuracy",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
        }
    }
}

/// One decision of a game as the reviewer needs it: the position before
/// the ply's roll, the roll made (if one was), the position the decider
/// faced and the decision played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The ply, 1-based.
    pub ply: usize,
    /// The position before the roll (the same as `decision` when no roll
    /// was made for this decision).
    pub before: Position,
    /// The roll made for this decision (`None` for a french placement or
    /// roll-again choice, and for a first move with the opening's roll).
    pub roll: Option<Roll>,
    /// The position waiting for the decision.
    pub decision: Position,
    /// The decision played.
    pub played: Move,
}

impl Turn {
    /// The turn of `played` from `before` with `roll` made first (when
    /// given); `None` when the roll is not due there or `played` is not
    /// legal. The page rebuilds a turn from a worker request with it.
    ///
    /// ```
    /// use barricade_ai::review::Turn;
    /// use barricade_rules::{Position, Roll};
    /// let before: Position = "seats=red,blue".parse().unwrap();
    /// let one = Roll::new(1);
    /// let turn = Turn::new(1, before, one, "home-c1".parse().unwrap()).unwrap();
    /// assert_eq!(turn.decision.roll(), one);
    /// assert!(Turn::new(1, before, None, "home-c1".parse().unwrap()).is_none());
    /// ```
    pub fn new(ply: usize, before: Position, roll: Option<Roll>, played: Move) -> Option<Turn> {
        let decision = match roll {
            Some(r) if before.phase() == Phase::Roll => before.with_roll(r),
            Some(_) => return None,
            None => before,
        };
        decision.check(played).ok()?;
        Some(Turn {
            ply,
            before,
            roll,
            decision,
            played,
        })
    }

    /// The colour that decides.
    pub fn decider(&self) -> Colour {
        self.decision.turn()
    }
}

/// Every decision of `record` as a [`Turn`], replayed from its seed;
/// fails on the first illegal decision.
///
/// ```
/// use barricade_ai::review::turns;
/// use barricade_rules::{Game, Rules, Seats};
/// let mut game = Game::new(Rules::default(), Seats::default(), 2);
/// let roll = game.roll_if_due();
/// let mv = game.position().legal_moves().expanded().next().unwrap();
/// game.play(mv).unwrap();
/// let all = turns(&game.record()).unwrap();
/// assert_eq!((all.len(), all[0].roll, all[0].played), (1, roll, mv));
/// ```
pub fn turns(record: &GameRecord) -> Result<Vec<Turn>, ReplayError> {
    let mut game = Game::new_on(record.board, record.rules, record.seats, record.seed);
    let mut out = Vec::with_capacity(record.moves.len());
    for (i, &played) in record.moves.iter().enumerate() {
        let before = *game.position();
        let roll = game.roll_if_due();
        let decision = *game.position();
        if let Err(error) = game.play(played) {
            return Err(ReplayError {
                ply: i + 1,
                error,
                game: Box::new(game),
            });
        }
        out.push(Turn {
            ply: i + 1,
            before,
            roll,
            decision,
            played,
        });
    }
    Ok(out)
}

/// A roll's luck: the roller's chance after each of the six faces (as the
/// chart measures the position waiting for its decision) and the face
/// that came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Luck {
    /// The face that came.
    pub roll: Roll,
    /// The roller's chance after each face, 1 to 6.
    pub faces: [Chance; 6],
}

impl Luck {
    /// The roller's chance after the face that came.
    pub fn chance(&self) -> Chance {
        self.faces[usize::from(self.roll.get() - 1)]
    }

    /// The mean chance over the six faces (rounded).
    pub fn mean(&self) -> Chance {
        let sum: u32 = self.faces.iter().sum();
        (sum + 3) / 6
    }

    /// How much better the face that came was than the mean face, in
    /// millionths (negative: a bad roll).
    ///
    /// ```
    /// use barricade_ai::review::Luck;
    /// use barricade_rules::Roll;
    /// let luck = Luck { roll: Roll::new(6).unwrap(), faces: [400_000, 400_000, 400_000, 400_000, 400_000, 700_000] };
    /// assert_eq!((luck.mean(), luck.luck()), (450_000, 250_000));
    /// ```
    pub fn luck(&self) -> i32 {
        self.chance() as i32 - self.mean() as i32
    }
}

/// The review of one ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyReview {
    /// The ply, 1-based.
    pub ply: usize,
    /// The colour that decided (its team's chance is the one measured).
    pub decider: Colour,
    /// The decision played.
    pub played: Move,
    /// The best decision found: `played` itself when nothing better was
    /// found (then the cost is 0).
    pub best: Move,
    /// Whether there was only one legal decision (never graded).
    pub forced: bool,
    /// The decider's chance after the decision played.
    pub played_chance: Chance,
    /// The decider's chance after the best decision (at least
    /// `played_chance`).
    pub best_chance: Chance,
    /// The luck of the roll made for this decision, if one was.
    pub luck: Option<Luck>,
}

impl PlyReview {
    /// The chance the decision lost against the best one found.
    pub fn cost(&self) -> Chance {
        self.best_chance.saturating_sub(self.played_chance)
    }

    /// The decision's grade (`None` for a good or forced decision).
    pub fn grade(&self) -> Option<Grade> {
        if self.forced {
            None
        } else {
            Grade::of(self.cost())
        }
    }

    /// The better decision, when the one played lost chance.
    pub fn better(&self) -> Option<Move> {
        (self.best != self.played).then_some(self.best)
    }
}

/// Reviews plies: the master's search for the best decision, the chart's
/// chances to measure decisions and rolls.
#[derive(Clone, Debug)]
pub struct Reviewer {
    evaluator: Evaluator,
    search: Limits,
    analyst: Analyst,
}

impl Default for Reviewer {
    fn default() -> Reviewer {
        Reviewer::new()
    }
}

impl Reviewer {
    /// The master's learned evaluation, [`Limits::REVIEW`] for the best
    /// decision and the chart's [`Limits::ANALYSIS`] for the chances.
    pub fn new() -> Reviewer {
        Reviewer::with_limits(Limits::REVIEW, Limits::ANALYSIS)
    }

    /// Other budgets: `search` for the best decision, `chances` for the
    /// chart's chances (tests use small ones; debug builds are slow).
    pub fn with_limits(search: Limits, chances: Limits) -> Reviewer {
        Reviewer {
            evaluator: Evaluator::learned(),
            search,
            analyst: Analyst::new().with_limits(chances),
        }
    }

    /// The chance of `side`'s team in `pos`, as the chart measures it.
    pub fn chance(&self, pos: &Position, side: Colour) -> Chance {
        millionths(self.analyst.chances(pos)[side.index()])
    }

    /// The chance of the decider's team after `mv` in `pos` (legal).
    fn after(&self, pos: &Position, mv: Move) -> Chance {
        let mut child = *pos;
        child.play_unchecked(mv);
        self.chance(&child, pos.turn())
    }

    /// The luck of `roll` in `before` (which waits for a roll).
    pub fn luck(&self, before: &Position, roll: Roll) -> Luck {
        let roller = before.turn();
        let faces = Roll::ALL.map(|r| self.chance(&before.with_roll(r), roller));
        Luck { roll, faces }
    }

    /// The review of one ply.
    pub fn review(&self, turn: &Turn) -> PlyReview {
        let pos = &turn.decision;
        let played_chance = self.after(pos, turn.played);
        let forced = choices(pos) < 2;
        let found = match forced {
            true => None,
            false => search::search(pos, &self.evaluator, &self.search).best,
        };
        let (best, best_chance) = match found {
            Some(best) if best != turn.played && pos.check(best).is_ok() => {
                match self.after(pos, best) {
                    c if c > played_chance => (best, c),
                    _ => (turn.played, played_chance),
                }
            }
            _ => (turn.played, played_chance),
        };
        let luck = match turn.roll {
            Some(r) if turn.before.phase() == Phase::Roll => Some(self.luck(&turn.before, r)),
            _ => None,
        };
        PlyReview {
            ply: turn.ply,
            decider: turn.decider(),
            played: turn.played,
            best,
            forced,
            played_chance,
            best_chance,
            luck,
        }
    }
}

/// How many legal decisions `pos` offers, counted up to 2.
fn choices(pos: &Position) -> usize {
    match pos.phase() {
        Phase::Move(_) => pos.legal_moves().expanded().take(2).count(),
        Phase::Place => pos.placement_squares().len().min(2),
        Phase::ChooseAgain => 2,
        Phase::Roll | Phase::Over(_) => 0,
    }
}

/// One player's (colour's) review totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Totals {
    /// The colour.
    pub colour: Colour,
    /// Its decisions with a choice (forced ones not counted).
    pub decisions: usize,
    /// The chance its decisions lost, summed, in millionths.
    pub cost: u64,
    /// Decisions graded an inaccuracy.
    pub inaccuracies: usize,
    /// Decisions graded a mistake.
    pub mistakes: usize,
    /// Decisions graded a blunder.
    pub blunders: usize,
    /// Its rolls reviewed.
    pub rolls: usize,
    /// Its rolls' luck summed, in millionths.
    pub luck: i64,
}

impl Totals {
    /// How many decisions got `grade`.
    pub fn count(&self, grade: Grade) -> usize {
        match grade {
            Grade::Inaccuracy => self.inaccuracies,
            Grade::Mistake => self.mistakes,
            Grade::Blunder => self.blunders,
        }
    }
}

/// Every colour's totals over `plies` (indexed by [`Colour::index`];
/// colours that made no decision have zeros).
///
/// ```
/// use barricade_ai::review::{totals, PlyReview};
/// use barricade_rules::{Colour, Move};
/// let ply = PlyReview { ply: 1, decider: Colour::Blue, played: Move::Pass, best: Move::Again,
///     forced: false, played_chance: 300_000, best_chance: 500_000, luck: None };
/// let all = totals(&[ply]);
/// assert_eq!((all[3].blunders, all[3].cost, all[0].decisions), (1, 200_000, 0));
/// ```
pub fn totals(plies: &[PlyReview]) -> [Totals; 4] {
    let mut out = Colour::ALL.map(|colour| Totals {
        colour,
        decisions: 0,
        cost: 0,
        inaccuracies: 0,
        mistakes: 0,
        blunders: 0,
        rolls: 0,
        luck: 0,
    });
    for p in plies {
        let t = &mut out[p.decider.index()];
        if !p.forced {
            t.decisions += 1;
        }
        t.cost += u64::from(p.cost());
        match p.grade() {
            Some(Grade::Inaccuracy) => t.inaccuracies += 1,
            Some(Grade::Mistake) => t.mistakes += 1,
            Some(Grade::Blunder) => t.blunders += 1,
            None => {}
        }
        if let Some(l) = p.luck {
            t.rolls += 1;
            t.luck += i64::from(l.luck());
        }
    }
    out
}

/// A game being reviewed ply by ply: the turns are replayed at once
/// (cheap), each [`Review::step`] reviews the next ply.
#[derive(Clone, Debug)]
pub struct Review {
    reviewer: Reviewer,
    turns: Vec<Turn>,
    plies: Vec<PlyReview>,
}

impl Review {
    /// Replays `record` for [`Reviewer::new`]; fails on the first illegal
    /// decision.
    pub fn new(record: &GameRecord) -> Result<Review, ReplayError> {
        Review::with_reviewer(record, Reviewer::new())
    }

    /// Replays `record` for `reviewer`.
    pub fn with_reviewer(record: &GameRecord, reviewer: Reviewer) -> Result<Review, ReplayError> {
        let turns = turns(record)?;
        Ok(Review {
            reviewer,
            plies: Vec::with_capacity(turns.len()),
            turns,
        })
    }

    /// Reviews the next ply; `None` once every ply is done.
    pub fn step(&mut self) -> Option<&PlyReview> {
        let turn = self.turns.get(self.plies.len())?;
        let ply = self.reviewer.review(turn);
        self.plies.push(ply);
        self.plies.last()
    }

    /// Runs [`Review::step`] to the end and returns every ply's review.
    pub fn finish(&mut self) -> &[PlyReview] {
        while self.step().is_some() {}
        &self.plies
    }

    /// Whether every ply is reviewed.
    pub fn is_done(&self) -> bool {
        self.plies.len() == self.turns.len()
    }

    /// The plies reviewed so far (index = ply − 1).
    pub fn plies(&self) -> &[PlyReview] {
        &self.plies
    }

    /// The game's turns (index = ply − 1).
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// Every colour's totals over the plies reviewed so far ([`totals`]).
    pub fn totals(&self) -> [Totals; 4] {
        totals(&self.plies)
    }
}
