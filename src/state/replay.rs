//! The replay viewer's state: a recorded game and the ply shown. The board
//! at ply N is the record's first N decisions replayed by the rules engine
//! (before the die is rolled for the next one, so the die shows the roll
//! of decision N).

use super::GameState;
use super::log::Entry;
use super::setup::SetupChoices;
use crate::text::{link_damaged, link_unreadable};
use barricade_rules::GameRecord;

/// A recorded game being watched.
#[derive(Clone, Debug)]
pub struct Replay {
    record: GameRecord,
    entries: Vec<Entry>,
    ply: usize,
    /// Does it step forward on its own?
    pub playing: bool,
    /// What was wrong with the link, when only its valid part is shown.
    pub problem: Option<String>,
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
    pub fn open(code: &str) -> Result<Replay, String> {
        match GameRecord::from_code(code) {
            Ok(record) => Replay::new(record, None),
            Err(e) => match e.prefix.clone() {
                Some(prefix) if !prefix.moves.is_empty() => {
                    let why = link_damaged(&e.kind, prefix.moves.len());
                    Replay::new(prefix, Some(why))
                }
                _ => Err(link_unreadable(&e.kind)),
            },
        }
    }

    /// The replay of `record`, at its start.
    pub fn new(record: GameRecord, problem: Option<String>) -> Result<Replay, String> {
        let whole = GameState::from_record(SetupChoices::for_record(&record, false), &record)?;
        Ok(Replay {
            entries: whole.log().to_vec(),
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

    /// The game one ply before the ply shown, with the shown ply's decision
    /// played so that its pawn walks there (when `animate`); the plain
    /// [`Replay::state`] at the start.
    pub fn state_walking(&self, animate: bool) -> GameState {
        let Some(mv) = self
            .ply
            .checked_sub(1)
            .and_then(|i| self.record.moves.get(i))
        else {
            return self.state();
        };
        let mut state = self.state_at(self.ply - 1);
        state.animate = animate;
        if !state.play_recorded(*mv) {
            return self.state();
        }
        state
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
            replay.go(ply);
            let mut walking = replay.state_walking(true);
            if ply == long + 1 {
                assert!(walking.walk().is_some());
            }
            while walking.advance_walk() {}
            assert_eq!(walking.position(), replay.state().position());
            assert_eq!(walking.pieces(), replay.state().pieces());
        }
        replay.go(usize::MAX);
        assert_eq!(replay.ply(), record.moves.len());
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
            Err(why) => assert!(!why.is_empty()),
        }
        let why = Replay::open("Zzzz").unwrap_err();
        assert!(why.contains("version"), "{why}");
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
