//! A game's analysis as it arrives: every colour's chance to win after
//! every ply (from the master's evaluation, computed in the web worker one
//! position at a time), the plies that changed the chances most and the
//! one that decided the game. Plain data: the page keeps one in a signal,
//! `analysis_driver` fills it, the chart and the move list draw it.
//!
//! The swings and the deciding ply come from `barricade_ai::analysis`,
//! so `barricade analyse` and the page pick the same plies.
//!
//! ```
//! use barricade_web::state::analysis::GameAnalysis;
//! use barricade_rules::{Game, Rules, Seats, policy};
//! let mut game = Game::new(Rules::default(), Seats::default(), 3);
//! for _ in 0..4 {
//!     game.roll_if_due();
//!     game.play(policy::greedy(game.position()).unwrap()).unwrap();
//! }
//! let mut analysis = GameAnalysis::default();
//! let generation = analysis.open(&game.record()).unwrap();
//! assert_eq!(analysis.total(), 5); // the start and after each of 4 plies
//! while let Some((ply, _position)) = analysis.next() {
//!     // The worker's answer for `_position`:
//!     assert!(analysis.receive(generation, ply, [0.25; 4]));
//! }
//! assert!(analysis.is_done());
//! // The same game again: nothing to do.
//! assert_eq!(analysis.open(&game.record()), None);
//! ```

use barricade_ai::analysis::{self, Swing};
use barricade_ai::eval::Scores;
use barricade_rules::{Colour, GameRecord, Move, Position, Team};

/// How many of the biggest swings are marked (the deciding ply is marked
/// too, when it is not one of them).
pub const MARKS: usize = 3;

/// One game's analysis, filled in one position at a time.
#[derive(Clone, Debug, Default)]
pub struct GameAnalysis {
    /// Bumped whenever the game changes: answers for another generation
    /// are dropped.
    generation: u64,
    /// The game analysed (none: nothing to analyse).
    record: Option<GameRecord>,
    /// The game's positions: the start, then after each ply
    /// (`barricade_ai::analysis::positions`).
    positions: Vec<Position>,
    /// The chances received so far (index = ply).
    chances: Vec<Scores>,
}

impl GameAnalysis {
    /// Starts the analysis of `record` and returns its generation, or
    /// `None` when that game is already the one analysed (under way or
    /// done). A record that does not replay has no positions.
    pub fn open(&mut self, record: &GameRecord) -> Option<u64> {
        if self.is_of(record) {
            return None;
        }
        self.generation += 1;
        self.positions = analysis::positions(record).unwrap_or_default();
        self.chances = Vec::with_capacity(self.positions.len());
        self.record = Some(record.clone());
        Some(self.generation)
    }

    /// Is `record` the game analysed?
    pub fn is_of(&self, record: &GameRecord) -> bool {
        self.record.as_ref() == Some(record)
    }

    /// Forgets the game (answers still on their way are dropped).
    pub fn clear(&mut self) {
        self.generation += 1;
        self.record = None;
        self.positions.clear();
        self.chances.clear();
    }

    /// The board of the game analysed (the classic board when none is).
    pub fn board(&self) -> &'static barricade_rules::Board {
        self.record
            .as_ref()
            .map_or_else(barricade_rules::Board::classic, |r| r.board.board())
    }

    /// The current generation (see [`GameAnalysis::receive`]).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The next position to ask about, with its ply; `None` once all are
    /// in.
    pub fn next(&self) -> Option<(usize, Position)> {
        let ply = self.chances.len();
        self.positions.get(ply).map(|p| (ply, *p))
    }

    /// Takes the chances of `ply` asked in `generation`; false (and
    /// nothing changes) if the game changed meanwhile or it is not the ply
    /// awaited.
    pub fn receive(&mut self, generation: u64, ply: usize, chances: Scores) -> bool {
        let fits = generation == self.generation && self.next().is_some_and(|(p, _)| p == ply);
        if fits {
            self.chances.push(chances);
        }
        fits
    }

    /// The colours in play, in seat order.
    pub fn colours(&self) -> &[Colour] {
        self.record.as_ref().map_or(&[], |r| r.seats.colours())
    }

    /// How many plies the game has.
    pub fn plies(&self) -> usize {
        self.positions.len().saturating_sub(1)
    }

    /// How many points the chart has when complete: one per position
    /// (plies + 1), 0 without a game.
    pub fn total(&self) -> usize {
        self.positions.len()
    }

    /// The chances received so far, one per ply from the start.
    pub fn chances(&self) -> &[Scores] {
        &self.chances
    }

    /// Has every position its chances?
    pub fn is_done(&self) -> bool {
        self.chances.len() == self.positions.len()
    }

    /// The winning team, if the game analysed is over.
    pub fn winner(&self) -> Option<Team> {
        self.positions.last()?.winner()
    }

    fn moves(&self) -> &[Move] {
        self.record.as_ref().map_or(&[], |r| &r.moves)
    }

    /// The ply that decided the game, once all chances are in and the
    /// game has a winner (as `barricade analyse` says).
    pub fn decider(&self) -> Option<Swing> {
        analysis::decider(&self.positions, self.moves(), &self.chances)
    }

    /// The marked plies, in game order: the [`MARKS`] biggest swings
    /// among the chances so far, and the deciding ply.
    pub fn marks(&self) -> Vec<Swing> {
        let all = analysis::swings(&self.positions, self.moves(), &self.chances);
        let mut marks = analysis::biggest_swings(&all, MARKS);
        if let Some(d) = self.decider()
            && !marks.iter().any(|s| s.ply == d.ply)
        {
            // Into its place in game order.
            let at = marks.iter().take_while(|s| s.ply < d.ply).count();
            marks.insert(at, d);
        }
        marks
    }

    /// The marked plies, in game order: for the move list, through a
    /// `Memo` so that its entries change only when the marks do.
    pub fn marked_plies(&self) -> Vec<usize> {
        self.marks().iter().map(|s| s.ply).collect()
    }

    /// Is `ply` marked? (Computes every mark: for many plies, ask
    /// [`GameAnalysis::marked_plies`] once.)
    pub fn is_marked(&self, ply: usize) -> bool {
        self.marks().iter().any(|s| s.ply == ply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use barricade_ai::analysis::Analysis;
    use barricade_rules::{Game, Rules, Seats, policy};

    fn finished_game(seed: u64) -> GameRecord {
        let seats = Seats::new(&[Colour::Red, Colour::Blue]).unwrap();
        let mut game = Game::new(Rules::default(), seats, seed);
        while game.position().winner().is_none() {
            game.roll_if_due();
            game.play(policy::greedy(game.position()).unwrap()).unwrap();
        }
        game.record()
    }

    #[test]
    fn the_page_marks_what_the_cli_reports() {
        let record = finished_game(8);
        let mut cli = Analysis::new(&record).unwrap();
        let want = cli.finish().to_vec();
        let mut page = GameAnalysis::default();
        let generation = page.open(&record).unwrap();
        assert_eq!(page.total(), record.moves.len() + 1);
        assert_eq!(page.plies(), record.moves.len());
        assert_eq!(page.colours(), [Colour::Red, Colour::Blue]);
        let mut asked = 0;
        while let Some((ply, pos)) = page.next() {
            assert_eq!(pos, cli.positions()[ply]);
            assert_eq!(page.decider(), None);
            assert!(page.marks().len() <= MARKS);
            assert!(page.receive(generation, ply, want[ply]));
            asked += 1;
        }
        assert_eq!(asked, record.moves.len() + 1);
        assert!(page.is_done());
        assert_eq!(page.chances(), want.as_slice());
        let decider = page.decider().unwrap();
        assert_eq!(Some(decider), cli.decider());
        assert_eq!(page.winner(), cli.positions().last().unwrap().winner());
        let marks = page.marks();
        let mut expected = cli.swings(MARKS);
        if !expected.iter().any(|s| s.ply == decider.ply) {
            expected.push(decider);
            expected.sort_by_key(|s| s.ply);
        }
        assert_eq!(marks, expected);
        assert!(page.is_marked(decider.ply));
        let plies: Vec<usize> = expected.iter().map(|s| s.ply).collect();
        assert_eq!(page.marked_plies(), plies);
        assert!(!page.is_marked(0));
    }

    #[test]
    fn answers_for_another_game_or_ply_are_dropped() {
        let (a, b) = (finished_game(1), finished_game(2));
        let mut page = GameAnalysis::default();
        assert_eq!((page.next(), page.total(), page.is_done()), (None, 0, true));
        assert!(page.colours().is_empty() && page.marks().is_empty());
        let first = page.open(&a).unwrap();
        assert!(!page.receive(first, 1, [0.5; 4])); // not the ply awaited
        assert!(page.receive(first, 0, [0.5; 4]));
        assert_eq!(page.open(&a), None); // the same game goes on
        assert_eq!(page.chances().len(), 1);
        let second = page.open(&b).unwrap();
        assert_ne!(first, second);
        assert!(!page.receive(first, 0, [0.5; 4]));
        assert!(page.chances().is_empty());
        page.clear();
        assert!(!page.receive(second, 0, [0.5; 4]));
        assert_eq!(page.next(), None);
        // A record that does not replay has nothing to ask.
        let mut bad = a.clone();
        bad.moves.insert(0, "i9-i10".parse().unwrap());
        page.open(&bad).unwrap();
        assert_eq!((page.next(), page.total()), (None, 0));
    }
}
