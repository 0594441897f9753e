//! A game in an online room: the room's server rolls the dice and checks
//! every decision, so this device only asks ([`Outgoing`]) and then
//! applies what the server says happened ([`GameState::remote_roll`],
//! [`GameState::remote_play`]). Clicks still select pawns and lit squares
//! here; a finished decision waits in [`GameState::take_outgoing`] for the
//! page to send it.

pub use super::mode::Outgoing;
use super::{GameState, PlayMode};
use crate::state::setup::SetupChoices;
use barricade_rules::{ColourSet, Game, GameRecord, Move, Phase, Position, Roll};

impl GameState {
    /// A game of an online room that begins at `start` (the server's
    /// `started` position), with the colours `mine` played at this device.
    pub fn online(
        choices: SetupChoices,
        start: Position,
        mine: ColourSet,
    ) -> Result<GameState, String> {
        let seats = choices.seats().map_err(|e| e.to_string())?;
        let game = Game::starting_at(choices.board, choices.rules, seats, start, 0);
        let mut state = GameState::with_game(choices, game);
        state.mode = PlayMode::room(mine);
        Ok(state)
    }

    /// A finished room game from its record (the server's, with the
    /// revealed seed): shown like any game, but nothing is taken back.
    pub fn room_record(choices: SetupChoices, record: &GameRecord) -> Result<GameState, String> {
        let mut state = GameState::from_record(choices, record)?;
        state.mode = PlayMode::FinishedRoom;
        Ok(state)
    }

    /// In an online room: the colours this device may play now.
    pub fn online_colours(&self) -> Option<ColourSet> {
        self.mode.playable()
    }

    /// In an online room: this device may now play `playable` (its
    /// colours, less those the computer stands in for; none while the
    /// page is disconnected). A decision half made for a colour that is
    /// no longer playable here is dropped.
    pub fn set_playable(&mut self, playable: ColourSet) {
        let PlayMode::Room { playable: now, .. } = &mut self.mode else {
            return;
        };
        if *now == playable {
            return;
        }
        *now = playable;
        if !playable.contains(self.turn()) {
            self.view.selected = None;
            if self.view.pending.take().is_some() {
                self.view.walk = None;
            }
        }
        self.version += 1;
    }

    /// What `data-record` shows while a room's seed is secret (no link
    /// code can be made yet): every decision in order, `colour roll move`
    /// in the board's notation (`red 6 home-h1; green 3 c1-e3`; no roll
    /// for a french end of turn or roll again). Every page of the room
    /// builds it from the same events. Empty outside a room.
    pub fn log_record(&self) -> String {
        if !self.mode.in_room() {
            return String::new();
        }
        let board = self.position().board();
        let plies: Vec<String> = self
            .log()
            .iter()
            .map(|e| match e.roll {
                Some(r) => format!("{} {r} {}", e.colour.name(), board.move_name(e.mv)),
                None => format!("{} {}", e.colour.name(), board.move_name(e.mv)),
            })
            .collect();
        plies.join("; ")
    }

    /// Takes what this device asked for and has not sent yet.
    pub fn take_outgoing(&mut self) -> Option<Outgoing> {
        match &mut self.mode {
            PlayMode::Room { outgoing, .. } => outgoing.take(),
            _ => None,
        }
    }

    /// Is a request waiting to go to the room server?
    pub fn has_outgoing(&self) -> bool {
        matches!(
            &self.mode,
            PlayMode::Room {
                outgoing: Some(_),
                ..
            }
        )
    }

    /// Asks the server for `what` when it is this device's turn.
    pub(super) fn ask(&mut self, what: Outgoing) -> bool {
        let (turn, over, phase) = (self.turn(), self.winner().is_some(), self.phase());
        let PlayMode::Room {
            playable,
            outgoing,
            waiting,
        } = &mut self.mode
        else {
            return false;
        };
        if !playable.contains(turn) || *waiting || over {
            return false;
        }
        if what == Outgoing::Roll && phase != Phase::Roll {
            return false;
        }
        *outgoing = Some(what);
        *waiting = true;
        true
    }

    /// A decision made here: played at once, or in an online room asked
    /// for (the board goes back to before it until the server answers).
    pub(super) fn decide(&mut self, mv: Move, walk: bool) -> bool {
        if !self.mode.in_room() {
            return self.apply(mv, walk);
        }
        if !self.ask(Outgoing::Decision(mv)) {
            return false;
        }
        self.view.selected = None;
        self.view.pending = None;
        self.view.walk = None;
        self.changed();
        true
    }

    /// The server refused what was asked: this device may ask again.
    pub fn refused(&mut self) {
        if let PlayMode::Room { waiting, .. } = &mut self.mode
            && *waiting
        {
            *waiting = false;
            self.version += 1;
        }
    }

    /// The server's roll for the colour to move.
    pub fn remote_roll(&mut self, roll: Roll) -> Result<(), String> {
        self.finish_walk();
        self.mode.answered();
        self.game.set_roll(roll).map_err(|e| e.to_string())?;
        let mine = self
            .online_colours()
            .is_some_and(|m| m.contains(self.turn()));
        self.rolled(roll, mine);
        Ok(())
    }

    /// The server's decision for the colour to move; the pawn walks when
    /// `walk` (a live event, not one caught up on).
    pub fn remote_play(&mut self, mv: Move, walk: bool) -> Result<(), String> {
        self.finish_walk();
        self.mode.answered();
        let board = self.position().board();
        if self.apply(mv, walk && self.animate) {
            Ok(())
        } else {
            Err(format!("{} is not legal here", board.move_name(mv)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::setup::SeatKind;
    use barricade_rules::{BoardId, Colour, Rules};

    fn two_people() -> SetupChoices {
        SetupChoices {
            board: BoardId::Quick,
            seats: [Some(SeatKind::Human), Some(SeatKind::Human), None, None],
            ..SetupChoices::default()
        }
    }

    #[test]
    fn clicks_ask_the_server_and_its_events_play() {
        let choices = two_people();
        let seats = choices.seats().unwrap();
        let start = Position::new_on(BoardId::Quick, Rules::default(), seats);
        let mine = ColourSet::single(Colour::Red);
        let mut state = GameState::online(choices, start, mine).unwrap();
        assert!(state.human_to_play());
        assert_eq!(state.roll(), None);
        assert_eq!(state.take_outgoing(), Some(Outgoing::Roll));
        // Until the server answers, nothing more is asked.
        assert!(!state.human_to_play());
        assert_eq!(state.roll(), None);
        assert_eq!(state.take_outgoing(), None);
        state.remote_roll(Roll::new(6).unwrap()).unwrap();
        let c = *state.moves().iter().next().unwrap();
        let before = state.log().len();
        assert!(state.move_to(c));
        // Nothing is played until the server says so.
        assert_eq!(state.log().len(), before);
        let Some(Outgoing::Decision(mv)) = state.take_outgoing() else {
            panic!("no decision asked for");
        };
        state.remote_play(mv, false).unwrap();
        assert_eq!(state.log().len(), before + 1);
        assert_eq!(
            state.log_record(),
            format!("red 6 {}", state.position().board().move_name(mv))
        );
        // Green is played elsewhere: nothing to ask for here.
        assert_eq!(state.turn(), Colour::Green);
        assert!(!state.human_to_play());
        assert_eq!(state.roll(), None);
        assert_eq!(state.take_outgoing(), None);
        assert_eq!(state.undo_depth(), 0);
        assert!(state.remote_play(Move::Pass, false).is_err());
        // Disconnected (or stood in for): nothing may be asked until red
        // is playable here again.
        let mut away = GameState::online(choices, start, mine).unwrap();
        away.set_playable(ColourSet::EMPTY);
        assert!(!away.human_to_play());
        assert_eq!(away.roll(), None);
        assert_eq!(away.take_outgoing(), None);
        away.set_playable(mine);
        assert!(away.human_to_play());
        away.roll();
        assert_eq!(away.take_outgoing(), Some(Outgoing::Roll));
        // The finished game from its record: nothing is taken back.
        let record =
            barricade_rules::Game::new_on(BoardId::Quick, Rules::default(), seats, 9).record();
        let done = GameState::room_record(choices, &record).unwrap();
        assert_eq!(done.undo_depth(), 0);
        assert!(GameState::from_record(choices, &record).is_ok());
    }
}
