//! Game analysis: every team's chance to win after every ply, from the
//! master's evaluation, and the plies that changed the chances most.
//!
//! The chances of a position are [`search::expected`] with the master's
//! learned evaluation ([`crate::learned`]) and [`Limits::ANALYSIS`]: every roll of
//! the player to move, its best decision for each, and the best reply to
//! each of those. One position costs a few milliseconds natively, so a
//! web worker can analyse a game one ply per message and the page draws
//! the chart as the values arrive:
//!
//! ```
//! use barricade_ai::analysis::Analysis;
//! use barricade_ai::{Bot, Level};
//! use barricade_rules::{Game, Rules, Seats};
//! let mut game = Game::new(Rules::default(), Seats::default(), 5);
//! let mut bot = Bot::new(Level::Medium, 1);
//! for _ in 0..12 {
//!     game.roll_if_due();
//!     let mv = bot.choose(game.position()).unwrap();
//!     game.play(mv).unwrap();
//! }
//! let mut analysis = Analysis::new(&game.record()).unwrap();
//! // One call per ply (ply 0 is the start): post each result as it comes.
//! while let Some((ply, chances)) = analysis.step() {
//!     assert!((chances.iter().sum::<f32>() - 1.0).abs() < 1e-3, "ply {ply}");
//! }
//! assert_eq!(analysis.chances().len(), 13);
//! assert_eq!(analysis.swings(3).len(), 3);
//! ```

use crate::Evaluator;
use crate::eval::Scores;
use crate::search::{self, Limits};
use barricade_rules::{Colour, GameRecord, Move, Position, ReplayError, Team};

/// Chances of one position with the master's evaluation and the analysis
/// limits.
///
/// ```
/// use barricade_ai::analysis::Analyst;
/// use barricade_rules::Position;
/// let pos: Position = "seats=red,blue red=a12".parse().unwrap();
/// let chances = Analyst::new().chances(&pos);
/// assert!(chances[0] > chances[3]); // red is far ahead
/// ```
#[derive(Clone, Debug)]
pub struct Analyst {
    evaluator: Evaluator,
    limits: Limits,
}

impl Default for Analyst {
    fn default() -> Analyst {
        Analyst::new()
    }
}

impl Analyst {
    /// The master's evaluation with [`Limits::ANALYSIS`].
    pub fn new() -> Analyst {
        Analyst::with_evaluator(Evaluator::learned())
    }

    /// Another evaluation with [`Limits::ANALYSIS`] (to compare
    /// evaluations on the same positions).
    pub fn with_evaluator(evaluator: Evaluator) -> Analyst {
        Analyst {
            evaluator,
            limits: Limits::ANALYSIS,
        }
    }

    /// The same evaluation with other search limits (tests use small
    /// ones; debug builds are slow).
    pub fn with_limits(mut self, limits: Limits) -> Analyst {
        self.limits = limits;
        self
    }

    /// Every team's win chance in `pos`, written per colour (teammates
    /// share their team's value; unseated colours have 0; a finished game
    /// gives 1 to the winners).
    pub fn chances(&self, pos: &Position) -> Scores {
        search::expected(pos, &self.evaluator, &self.limits)
    }
}

/// The positions of a game: the start (after any opening rolls) and the
/// position after each ply, before the next roll: `moves.len() + 1`
/// positions.
///
/// ```
/// use barricade_ai::analysis::positions;
/// use barricade_rules::{Game, Rules, Seats};
/// let mut game = Game::new(Rules::default(), Seats::default(), 2);
/// game.roll_if_due();
/// let mv = game.position().legal_moves().expanded().next().unwrap();
/// game.play(mv).unwrap();
/// let all = positions(&game.record()).unwrap();
/// assert_eq!(all.len(), 2);
/// assert_eq!(&all[1], game.position());
/// ```
pub fn positions(record: &GameRecord) -> Result<Vec<Position>, ReplayError> {
    let mut out = Vec::with_capacity(record.moves.len() + 1);
    record.replay_each(|game| out.push(*game.position()))?;
    Ok(out)
}

/// A ply and how it changed the chances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Swing {
    /// The ply, 1-based (ply 1 is the first decision of the game).
    pub ply: usize,
    /// The colour that made it.
    pub mover: Colour,
    /// The decision.
    pub decision: Move,
    /// Chances before the ply (after the ply before), per colour.
    pub before: Scores,
    /// Chances after the ply, per colour.
    pub after: Scores,
}

impl Swing {
    /// How much `colour`'s team chance changed (after − before).
    ///
    /// ```
    /// use barricade_ai::analysis::Swing;
    /// use barricade_rules::{Colour, Move};
    /// let s = Swing { ply: 3, mover: Colour::Red, decision: Move::Pass,
    ///     before: [0.5, 0.0, 0.0, 0.5], after: [0.7, 0.0, 0.0, 0.3] };
    /// assert!((s.change(Colour::Red) - 0.2).abs() < 1e-6);
    /// assert!((s.size() - 0.2).abs() < 1e-6);
    /// ```
    pub fn change(&self, colour: Colour) -> f32 {
        self.after[colour.index()] - self.before[colour.index()]
    }

    /// The largest change of any colour's chance, in absolute value.
    pub fn size(&self) -> f32 {
        Colour::ALL
            .iter()
            .map(|&c| self.change(c).abs())
            .fold(0.0, f32::max)
    }
}

/// A game being analysed ply by ply: the positions are replayed at once
/// (cheap), the chances are computed one position per [`Analysis::step`].
#[derive(Clone, Debug)]
pub struct Analysis {
    analyst: Analyst,
    positions: Vec<Position>,
    moves: Vec<Move>,
    chances: Vec<Scores>,
}

impl Analysis {
    /// Replays `record`; fails on the first illegal decision.
    pub fn new(record: &GameRecord) -> Result<Analysis, ReplayError> {
        Ok(Analysis {
            analyst: Analyst::new(),
            positions: positions(record)?,
            moves: record.moves.clone(),
            chances: Vec::with_capacity(record.moves.len() + 1),
        })
    }

    /// Computes the chances of the next position: `(ply, chances)`, ply 0
    /// being the start; `None` once every position is done.
    pub fn step(&mut self) -> Option<(usize, Scores)> {
        let ply = self.chances.len();
        let pos = self.positions.get(ply)?;
        let chances = self.analyst.chances(pos);
        self.chances.push(chances);
        Some((ply, chances))
    }

    /// Runs [`Analysis::step`] to the end and returns every ply's chances.
    pub fn finish(&mut self) -> &[Scores] {
        while self.step().is_some() {}
        &self.chances
    }

    /// Whether every position has its chances.
    pub fn is_done(&self) -> bool {
        self.chances.len() == self.positions.len()
    }

    /// The chances computed so far, one per position (index = ply).
    pub fn chances(&self) -> &[Scores] {
        &self.chances
    }

    /// The positions of the game (index = ply).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The `count` plies (among those analysed so far) that changed some
    /// colour's chance most, in game order.
    pub fn swings(&self, count: usize) -> Vec<Swing> {
        biggest_swings(&self.all_swings(), count)
    }

    /// The ply that decided the game, once it is analysed to its end and
    /// has a winner: see [`deciding_swing`].
    pub fn decider(&self) -> Option<Swing> {
        decider(&self.positions, &self.moves, &self.chances)
    }

    /// Every analysed ply as a [`Swing`].
    pub fn all_swings(&self) -> Vec<Swing> {
        swings(&self.positions, &self.moves, &self.chances)
    }
}

/// Every ply with chances on both sides as a [`Swing`]: `positions` and
/// `moves` of a game (as [`positions`] and the record give them),
/// `chances` the values received so far (index = ply, possibly fewer than
/// the positions). The page, which receives the chances one by one from
/// its worker, and [`Analysis`] share this.
///
/// ```
/// use barricade_ai::analysis::swings;
/// use barricade_rules::{Move, Position};
/// let pos: Position = "seats=red,blue".parse().unwrap();
/// let all = swings(&[pos, pos], &[Move::Pass], &[[0.5, 0.0, 0.0, 0.5], [0.6, 0.0, 0.0, 0.4]]);
/// assert_eq!(all.len(), 1);
/// assert_eq!((all[0].ply, all[0].after[0]), (1, 0.6));
/// assert!(swings(&[pos], &[], &[]).is_empty());
/// ```
pub fn swings(positions: &[Position], moves: &[Move], chances: &[Scores]) -> Vec<Swing> {
    chances
        .windows(2)
        .zip(positions.iter().zip(moves))
        .enumerate()
        .map(|(i, (w, (pos, &decision)))| Swing {
            ply: i + 1,
            mover: pos.turn(),
            decision,
            before: w[0],
            after: w[1],
        })
        .collect()
}

/// The ply that decided a game ([`deciding_swing`]) once every position
/// has its chances and the last one has a winner; `None` before.
pub fn decider(positions: &[Position], moves: &[Move], chances: &[Scores]) -> Option<Swing> {
    let winner = positions.last()?.winner()?;
    if chances.len() != positions.len() {
        return None;
    }
    deciding_swing(&swings(positions, moves, chances), winner)
}

/// The `count` largest swings by [`Swing::size`] (the earlier ply on a
/// tie), in game order.
///
/// ```
/// use barricade_ai::analysis::{biggest_swings, Swing};
/// use barricade_rules::{Colour, Move};
/// let s = |ply, a: f32, b: f32| Swing { ply, mover: Colour::Red, decision: Move::Pass,
///     before: [a, 0.0, 0.0, 1.0 - a], after: [b, 0.0, 0.0, 1.0 - b] };
/// let all = [s(1, 0.5, 0.6), s(2, 0.6, 0.2), s(3, 0.2, 0.25), s(4, 0.25, 0.9)];
/// let top: Vec<usize> = biggest_swings(&all, 2).iter().map(|s| s.ply).collect();
/// assert_eq!(top, [2, 4]);
/// ```
pub fn biggest_swings(swings: &[Swing], count: usize) -> Vec<Swing> {
    // Picked one by one rather than sorted: `count` is a few, and a sort
    // costs the page's wasm 1.7 KB of code.
    let mut picked: Vec<usize> = Vec::with_capacity(count);
    for _ in 0..count {
        let next = swings
            .iter()
            .filter(|s| !picked.contains(&s.ply))
            // The largest, and on a tie the earlier ply.
            .max_by(|a, b| a.size().total_cmp(&b.size()).then(b.ply.cmp(&a.ply)));
        match next {
            Some(s) => picked.push(s.ply),
            None => break,
        }
    }
    swings
        .iter()
        .filter(|s| picked.contains(&s.ply))
        .copied()
        .collect()
}

/// The ply that decided the game won by `winner`: the one after which
/// the winner was the favourite (no other team's chance higher) until the
/// end. When the winner was the favourite from the start, the ply that
/// raised its chance most.
///
/// ```
/// use barricade_ai::analysis::{deciding_swing, Swing};
/// use barricade_rules::{Colour, ColourSet, Move};
/// let s = |ply, a: f32, b: f32| Swing { ply, mover: Colour::Red, decision: Move::Pass,
///     before: [a, 0.0, 0.0, 1.0 - a], after: [b, 0.0, 0.0, 1.0 - b] };
/// let game = [s(1, 0.5, 0.6), s(2, 0.6, 0.3), s(3, 0.3, 0.55), s(4, 0.55, 1.0)];
/// let red: ColourSet = [Colour::Red].into_iter().collect();
/// assert_eq!(deciding_swing(&game, red).unwrap().ply, 3);
/// ```
pub fn deciding_swing(swings: &[Swing], winner: Team) -> Option<Swing> {
    let w = winner.iter().next()?;
    let favourite = |s: &Scores| Colour::ALL.iter().all(|&c| s[c.index()] <= s[w.index()]);
    // The last ply before which the winner was not the favourite.
    let turned = swings.iter().rposition(|s| !favourite(&s.before));
    match turned {
        Some(i) => Some(swings[i]),
        None => swings.iter().copied().reduce(|best, s| {
            if s.change(w) > best.change(w) {
                s
            } else {
                best
            }
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bot, Level};
    use barricade_rules::{Game, Rules, Seats};

    /// A game between medium bots, to its end or `plies` long.
    fn game(rules: Rules, seats: Seats, seed: u64, plies: usize) -> GameRecord {
        let mut game = Game::new(rules, seats, seed);
        let mut bot = Bot::new(Level::Medium, seed);
        while game.position().winner().is_none() && game.history().len() < plies {
            game.roll_if_due();
            let mv = bot.choose(game.position()).unwrap();
            game.play(mv).unwrap();
        }
        game.record()
    }

    #[test]
    fn every_ply_has_chances_that_sum_to_one_per_team() {
        // Two colours each, french: the first 60 plies (debug builds are slow).
        let seats = Seats::two_colours_each();
        let record = game(Rules::preset("french").unwrap(), seats, 4, 60);
        let mut analysis = Analysis::new(&record).unwrap();
        let chances = analysis.finish().to_vec();
        assert_eq!(chances.len(), record.moves.len() + 1);
        for (ply, s) in chances.iter().enumerate() {
            // Teammates share one value; the two teams sum to 1.
            let red_team = s[Colour::Red.index()];
            assert_eq!(red_team, s[Colour::Yellow.index()], "ply {ply}");
            let total = red_team + s[Colour::Green.index()];
            assert!((total - 1.0).abs() < 1e-3, "ply {ply}: {s:?}");
        }
    }

    #[test]
    fn swings_and_the_decider_follow_the_chances() {
        let seats = Seats::new(&[Colour::Green, Colour::Blue]).unwrap();
        let record = game(Rules::default(), seats, 9, usize::MAX);
        let mut analysis = Analysis::new(&record).unwrap();
        assert_eq!(analysis.decider(), None); // not analysed yet
        analysis.finish();
        // The last position is won: the winner has 1, the loser 0.
        let last = analysis.chances().last().unwrap();
        assert_eq!(
            last[Colour::Green.index()] + last[Colour::Blue.index()],
            1.0
        );
        assert!(last.contains(&0.0));
        let all = analysis.all_swings();
        let top = analysis.swings(5);
        assert_eq!(top.len(), 5);
        assert!(top.windows(2).all(|w| w[0].ply < w[1].ply));
        // No ply outside the top five changed the chances more.
        let smallest = top.iter().map(Swing::size).fold(f32::MAX, f32::min);
        let others = all.iter().filter(|s| !top.iter().any(|t| t.ply == s.ply));
        assert!(others.into_iter().all(|s| s.size() <= smallest));
        // After the deciding ply the winner is the favourite to the end.
        let d = analysis.decider().unwrap();
        let w = analysis.positions().last().unwrap().winner().unwrap();
        let w = w.iter().next().unwrap();
        for s in &analysis.chances()[d.ply..] {
            assert!(Colour::ALL.iter().all(|&c| s[c.index()] <= s[w.index()]));
        }
        // Each swing's mover is the colour to move before that ply.
        for s in &all {
            assert_eq!(s.mover, analysis.positions()[s.ply - 1].turn());
        }
    }

    #[test]
    fn analysis_is_deterministic_and_rejects_illegal_records() {
        let seats = Seats::new(&[Colour::Red, Colour::Yellow, Colour::Blue]).unwrap();
        let record = game(Rules::default(), seats, 2, 80);
        let a = Analysis::new(&record).unwrap().finish().to_vec();
        let b = Analysis::new(&record).unwrap().finish().to_vec();
        assert_eq!(a, b);
        let mut bad = record.clone();
        bad.moves.insert(3, "i9-i10".parse().unwrap());
        let err = Analysis::new(&bad).unwrap_err();
        assert_eq!(err.ply, 4);
    }
}
