//! [`Room::view`]: the room as its clients should see it, made from the
//! room's own state rather than from its events. The native agreement
//! test (crates/server/tests/agreement.rs) compares it with the shared
//! fold ([`RoomView`]) of every event a client received.

use super::Room;
use barricade_protocol::{RoomView, Seat};
use barricade_rules::Game;

impl Room {
    /// The room as a client folds it from the events, but for the end of
    /// the last game (`ended` is `None`): the room does not keep that
    /// game's revealed secret once the next one is drawn.
    pub fn view(&self) -> RoomView {
        let json = &self.settings.json;
        let seats = json
            .seats
            .iter()
            .zip(&self.seats)
            .filter_map(|(s, state)| {
                let holder = state.holder.and_then(|h| self.members.get(h));
                Some(Seat {
                    colour: s.colour.parse().ok()?,
                    person: s.is_person(),
                    level: s.level.clone(),
                    name: holder.map(|m| m.name.clone()),
                    connected: holder.is_some_and(|m| m.shown_connected),
                    stand_in: state.stand_in,
                })
            })
            .collect();
        let mut view = RoomView {
            last: self.last_event(),
            settings: Some(json.clone()),
            seats,
            commit: self.secret.commitment(),
            playing: self.is_playing(),
            games: self.games,
            ..RoomView::default()
        };
        if let Some(game) = self.game() {
            // The game's rolls, replayed from its seed and decisions.
            let record = game.record();
            let board = record.board.board();
            let mut replay = Game::new_on(record.board, record.rules, record.seats, record.seed);
            view.start = Some(replay.position().to_string());
            for &mv in &record.moves {
                if let Some(r) = replay.roll_if_due() {
                    view.rolls.push(r.get());
                }
                if replay.play(mv).is_err() {
                    break;
                }
                view.moves.push(board.move_name(mv));
            }
            if record.rolled
                && replay.position().winner().is_none()
                && let Some(r) = replay.roll_if_due()
            {
                view.rolls.push(r.get());
            }
            view.position = Some(*game.position());
        }
        view
    }
}
