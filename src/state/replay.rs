//! The replay viewer's state: a recorded game and the ply shown. The board
//! at ply N is the record's first N decisions replayed by the rules engine
//! (before the die is rolled for the next one, so the die shows the roll
//! of decision N).

use super::GameState;
use super::log::Entry;
use super::setup::SetupChoices;
use barricade_rules::GameRecord;
use barricade_rules::code::CodeErrorKind;

/// Why a link's game is not shown whole; the page says it in words
/// ([`crate::i18n::text::link_problem`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkProblem {
    /// Only the first `valid` moves could be read.
    Damaged { kind: CodeErrorKind, valid: usize },
    /// Nothing of it could be read.
    Unreadable(CodeErrorKind),
    /// It was read but does not replay, for this reason.
    Invalid(String),
}

/// A recorded game being watched.
#[derive(Clone, Debug)]
pub struct Replay {
    /// Which replay this is (no two opened replays share it).
    id: u64,
    record: GameRecord,
    /// The record's link code, encoded once.
    code: String,
    entries: Vec<Entry>,
    ply: usize,
    /// Does it step forward on its own?
    pub playing: bool,
    /// What was wrong with the link, when only its valid part is shown.
    pub problem: Option<LinkProblem>,
}

impl Replay {
    /// The replay of a link code, at its start. A damaged code still gives
    /// the replay of its valid part, with the reason in
    /// [`Replay::problem`]; `Err` when nothing of it can be replayed.
    ///
    /// ```
    /// use barricade_web::state::replay::Replay;
    /// assert!(Replay::open("Bnonsense").is_err());
    /// ```
    pub fn open(code: &str) -> Result<Replay, LinkProblem> {
        match GameRecord::from_code(code) {
            Ok(record) => Replay::new(record, None),
            Err(e) => match e.prefix {
                Some(prefix) if !prefix.moves.is_empty() => {
                    let valid = prefix.moves.len();
                    Replay::new(
                        prefix,
                        Some(LinkProblem::Damaged {
                            kind: e.kind,
                            valid,
                        }),
                    )
                }
                _ => Err(LinkProblem::Unreadable(e.kind)),
            },
        }
    }

    /// The replay of `record`, at its start.
    pub fn new(record: GameRecord, problem: Option<LinkProblem>) -> Result<Replay, LinkProblem> {
        let whole = GameState::from_record(SetupChoices::for_record(&record, false), &record)
            .map_err(LinkProblem::Invalid)?;
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(1);
        Ok(Replay {
            id: NEXT.fetch_add(1, Ordering::Relaxed),
            entries: whole.log().to_vec(),
            code: record.to_code().unwrap_or_default(),
            record,
            ply: 0,
            playing: false,
            problem,
        })
    }

    /// The recorded game.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// Which replay this is: each one opened has its own.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The record's link code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// Every decision of the game, as the log shows them.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// How many decisions the game has.
    pub fn len(&self) -> usize {
        self.record.moves.len()
    }

    /// Has the game no decisions at all?
    pub fn is_empty(&self) -> bool {
        self.record.moves.is_empty()
    }

    /// How many decisions are shown as played.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Shows the board after `ply` decisions (at most the whole game).
    pub fn go(&mut self, ply: usize) {
        self.ply = ply.min(self.len());
        if self.ply == self.len() {
            self.playing = false;
        }
    }

    /// The game at the ply shown, as a state to draw (or to play on, for
    /// "play from here").
    pub fn state(&self) -> GameState {
        self.state_at(self.ply)
    }

    /// Brings `shown`, the board one ply before the ply shown, to the ply
    /// shown by playing its decision (the pawn walks there when
    /// `animate`): one step, not a replay of the whole game. Any other
    /// board is replaced by [`Replay::state`].
    pub fn step_to(&self, shown: &mut GameState, animate: bool) {
        let mv = self
            .ply
            .checked_sub(1)
            .and_then(|i| self.record.moves.get(i));
        let before = shown.log().len() + 1 == self.ply;
        shown.animate = animate;
        if !(before && mv.is_some_and(|&mv| shown.play_recorded(mv))) {
            *shown = self.state();
        }
    }

    fn state_at(&self, ply: usize) -> GameState {
        let mut record = self.record.clone();
        record.moves.truncate(ply);
        record.rolled = false;
        let choices = SetupChoices::for_record(&record, false);
        // The prefix of a replayable record replays.
        GameState::from_record(choices, &record)
            .or_else(|_| GameState::new(choices, record.seed))
            .unwrap_or_else(|_| unreachable!("a record's seats are a game"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use barricade_rules::{Game, Move, Rules, Seats, policy};

    fn finished_game(seed: u64) -> GameRecord {
        let mut game = Game::new(Rules::default(), Seats::default(), seed);
        while game.position().winner().is_none() {
            game.roll_if_due();
            let mv = policy::greedy(game.position()).unwrap();
            game.play(mv).unwrap();
        }
        game.record()
    }

    #[test]
    fn every_ply_shows_the_engine_position_of_that_prefix() {
        let record = finished_game(3);
        let mut replay = Replay::open(&record.to_code().unwrap()).unwrap();
        assert_eq!(replay.ply(), 0);
        assert_eq!(replay.len(), record.moves.len());
        assert_eq!(replay.entries().len(), record.moves.len());
        for ply in [0, 1, 7, record.moves.len() / 2, record.moves.len()] {
            replay.go(ply);
            let mut prefix = record.clone();
            prefix.moves.truncate(ply);
            prefix.rolled = false;
            assert_eq!(
                replay.state().position(),
                prefix.replay().unwrap().position()
            );
        }
        assert!(replay.state().winner().is_some());
        // A step forward walks the pawn there and ends where a jump is.
        let long = replay
            .entries()
            .iter()
            .position(|e| e.roll.is_some_and(|r| r.get() > 1) && matches!(e.mv, Move::Step { .. }))
            .unwrap();
        for ply in [long + 1, record.moves.len()] {
            replay.go(ply - 1);
            let mut walking = replay.state();
            replay.go(ply);
            replay.step_to(&mut walking, true);
            if ply == long + 1 {
                assert!(walking.walk().is_some());
            }
            while walking.advance_walk() {}
            assert_eq!(walking.position(), replay.state().position());
            assert_eq!(walking.pieces(), replay.state().pieces());
        }
        // Any other board is replaced by the one at the ply shown.
        let mut elsewhere = replay.state();
        replay.go(3);
        replay.step_to(&mut elsewhere, true);
        assert_eq!(elsewhere.position(), replay.state().position());
        replay.go(usize::MAX);
        assert_eq!(replay.ply(), record.moves.len());
        assert_eq!(replay.code(), record.to_code().unwrap());
    }

    #[test]
    fn a_damaged_link_replays_its_valid_part() {
        let record = finished_game(5);
        let code = record.to_code().unwrap();
        let cut = &code[..code.len() / 2];
        match Replay::open(cut) {
            Ok(replay) => {
                assert!(replay.problem.is_some());
                assert!(replay.len() < record.moves.len());
            }
            Err(why) => panic!("{why:?}"),
        }
        let why = Replay::open("Zzzz").unwrap_err();
        assert_eq!(
            why,
            LinkProblem::Unreadable(CodeErrorKind::UnknownVersion('Z'))
        );
        assert!(Replay::open("").is_err());
    }
}

#[cfg(test)]
mod opening_tests {
    use super::*;
    use barricade_rules::{Game, Rules, Seats};

    #[test]
    fn a_replay_knows_the_opening_rolls() {
        for name in ["start-roll", "french"] {
            let game = Game::new(Rules::preset(name).unwrap(), Seats::default(), 5);
            let replay = Replay::open(&game.record().to_code().unwrap()).unwrap();
            assert_eq!(replay.state().game().opening(), game.opening(), "{name}");
        }
    }
}
