//! A room as this page knows it: the shared fold of its numbered events
//! ([`RoomView`], docs/online.md, "Events") with this page's own part (its
//! token, the seats it holds, the dice check). Plain data, tested
//! natively; [`crate::online`] applies the game's part of each event to
//! the board.

use crate::state::setup::{SeatKind, SetupChoices};
use barricade_protocol::{Event, RoomView, SeatJson, SettingsJson, You};
use barricade_rules::{BoardId, ColourSet};

pub use barricade_protocol::{Change, Ended, Seat};

/// What the host chooses beyond the new-game form: may people without a
/// seat watch, and the turn timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomOptions {
    /// May people without a seat watch? (The server's default: yes.)
    pub spectators: bool,
    /// The turn timer in seconds (the server takes 5 to 3600); `None`: the
    /// game waits for each player however long.
    pub turn_seconds: Option<u32>,
}

impl Default for RoomOptions {
    fn default() -> RoomOptions {
        RoomOptions {
            spectators: true,
            turn_seconds: None,
        }
    }
}

/// Who plays a seat, as the new-game form says it.
pub trait SeatKindOf {
    /// A person, or the computer at its level (`medium` when unnamed).
    fn kind(&self) -> SeatKind;
}

impl SeatKindOf for Seat {
    fn kind(&self) -> SeatKind {
        if self.person {
            SeatKind::Human
        } else {
            SeatKind::Computer(
                self.level
                    .as_deref()
                    .and_then(|l| l.parse().ok())
                    .unwrap_or(barricade_ai::Level::Medium),
            )
        }
    }
}

/// The room: the events folded, and this page's part.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Room {
    /// Its id (32 hex digits).
    pub id: String,
    /// This page's member token, if it has one.
    pub token: Option<String>,
    /// This page's part.
    pub you: You,
    /// Events up to this number were caught up on (no walking pawns).
    pub caught_up_to: u64,
    /// Has the server welcomed this page's connection (the one now open)?
    pub welcomed: bool,
    /// The room as its events tell it: seats, game, end.
    pub view: RoomView,
    /// The check of the last game's dice, once made.
    pub verified: Option<super::Verified>,
}

/// The room's seats, game and end are read as the fold has them.
impl std::ops::Deref for Room {
    type Target = RoomView;

    fn deref(&self) -> &RoomView {
        &self.view
    }
}

impl Room {
    /// A room about to be joined.
    pub fn new(id: &str, token: Option<String>) -> Room {
        Room {
            id: id.to_string(),
            token,
            ..Room::default()
        }
    }

    /// Folds event number `n` (see [`RoomView::fold`]); returns what
    /// changes on the board. A seat freed is no longer this page's.
    pub fn fold(&mut self, n: u64, event: &Event) -> Option<Change> {
        if n <= self.view.last {
            return None;
        }
        if let Event::SeatFreed { seat } = event {
            self.you.seats.retain(|s| s != seat);
        }
        let change = self.view.fold(n, event);
        if matches!(change, Some(Change::Start(_))) {
            self.verified = None;
        }
        change
    }

    /// The host's spectators and turn timer, as the settings say.
    pub fn options(&self) -> RoomOptions {
        self.view
            .settings
            .as_ref()
            .map(|s| RoomOptions {
                spectators: s.spectators,
                turn_seconds: s.turn_seconds,
            })
            .unwrap_or_default()
    }

    /// The new-game choices the room's settings are.
    pub fn choices(&self) -> Option<SetupChoices> {
        let mut seats = [None; 4];
        for s in &self.seats {
            seats[s.colour.index()] = Some(s.kind());
        }
        let settings = self.view.settings.as_ref();
        let choices = SetupChoices {
            board: settings
                .and_then(|s| s.board.as_deref()?.parse().ok())
                .unwrap_or(BoardId::Classic),
            seats,
            teams: settings.is_some_and(|s| !s.teams.is_empty()),
            rules: settings
                .and_then(|s| s.rules.as_deref()?.parse().ok())
                .unwrap_or_default(),
            seed: None,
            by_link: false,
        };
        choices.seats().is_ok().then_some(choices)
    }

    /// The colours this page plays.
    pub fn mine(&self) -> ColourSet {
        self.you
            .seats
            .iter()
            .filter_map(|&i| self.seats.get(i).map(|s| s.colour))
            .collect()
    }

    /// May this page take seat `i` now?
    pub fn can_take(&self, i: usize) -> bool {
        !self.playing
            && !self.you.spectator
            && self
                .seats
                .get(i)
                .is_some_and(|s| s.person && s.name.is_none())
    }

    /// The colours this page may play now: its own, less those the
    /// computer stands in for.
    pub fn playable(&self) -> ColourSet {
        self.you
            .seats
            .iter()
            .filter_map(|&i| self.seats.get(i).filter(|s| !s.stand_in).map(|s| s.colour))
            .collect()
    }

    /// Does the computer stand in for one of this page's seats?
    pub fn stood_in_for_me(&self) -> bool {
        self.you
            .seats
            .iter()
            .any(|&i| self.seats.get(i).is_some_and(|s| s.stand_in))
    }
}

/// The settings of `choices` and the host's `options` for the server's
/// `create`: the seats in board order, each a person or a computer of a
/// level.
pub fn settings_of(choices: &SetupChoices, options: RoomOptions) -> SettingsJson {
    SettingsJson {
        board: Some(choices.board.name().to_string()),
        rules: Some(choices.rules.to_string()),
        seats: choices
            .colours()
            .into_iter()
            .map(|c| {
                let kind = choices.seats[c.index()].unwrap_or(SeatKind::Human);
                let (player, level) = match kind {
                    SeatKind::Computer(level) => ("computer", level.name()),
                    SeatKind::Human => ("person", "medium"),
                };
                SeatJson {
                    colour: c.name().to_string(),
                    player: player.to_string(),
                    level: Some(level.to_string()),
                }
            })
            .collect(),
        teams: if choices.has_teams() {
            vec!["red+yellow".into(), "green+blue".into()]
        } else {
            Vec::new()
        },
        spectators: options.spectators,
        turn_seconds: options.turn_seconds,
        stand_in: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use barricade_ai::Level;
    use barricade_protocol::{By, StandInReason};
    use barricade_rules::{Colour, Rules};

    fn stand_in(seat: usize, on: bool) -> Event {
        Event::StandIn {
            seat,
            on,
            reason: StandInReason::Timer,
        }
    }

    #[test]
    fn events_fold_into_the_room_and_the_board() {
        let choices = SetupChoices {
            board: BoardId::Quick,
            seats: [
                Some(SeatKind::Human),
                Some(SeatKind::Computer(Level::Easy)),
                Some(SeatKind::Human),
                None,
            ],
            ..SetupChoices::default()
        };
        let mut room = Room::new("ab", None);
        let options = RoomOptions {
            spectators: false,
            turn_seconds: Some(60),
        };
        let opened = Event::Opened {
            settings: settings_of(&choices, options),
            commit: "c1".into(),
        };
        assert_eq!(
            serde_json::to_string(&settings_of(&choices, options)).unwrap(),
            r#"{"board":"quick","rules":"ravensburger","seats":[{"colour":"red","player":"person","level":"medium"},{"colour":"green","player":"computer","level":"easy"},{"colour":"yellow","player":"person","level":"medium"}],"teams":[],"spectators":false,"turn_seconds":60,"stand_in":null}"#
        );
        assert!(
            serde_json::to_string(&settings_of(&choices, RoomOptions::default()))
                .unwrap()
                .ends_with(r#""teams":[],"spectators":true,"turn_seconds":null,"stand_in":null}"#)
        );
        assert_eq!(room.fold(1, &opened), None);
        assert_eq!(room.choices(), Some(choices));
        assert!(room.can_take(0));
        assert!(!room.can_take(1));
        room.fold(
            2,
            &Event::SeatTaken {
                seat: 0,
                name: "Ann".into(),
            },
        );
        room.you.seats = vec![0];
        assert_eq!(room.mine(), ColourSet::single(Colour::Red));
        assert!(!room.full());
        room.fold(
            3,
            &Event::SeatTaken {
                seat: 2,
                name: "Bob".into(),
            },
        );
        assert!(room.full());
        assert_eq!(room.options(), options);
        // The computer stands in for red: red is not played here then.
        room.fold(4, &stand_in(0, true));
        assert!(room.stood_in_for_me());
        assert_eq!(room.playable(), ColourSet::EMPTY);
        room.fold(5, &stand_in(0, false));
        assert_eq!(room.playable(), ColourSet::single(Colour::Red));
        room.fold(6, &stand_in(2, true));
        assert_eq!(
            room.seat_of(Colour::Yellow).unwrap().name.as_deref(),
            Some("Bob")
        );
        let position = barricade_rules::Position::new_on(
            BoardId::Quick,
            Rules::default(),
            choices.seats().unwrap(),
        )
        .to_string();
        let started = Event::Started {
            game: 1,
            commit: "c1".into(),
            nonces: vec![],
            position: position.clone(),
            opening: vec![],
        };
        assert_eq!(room.fold(7, &started), Some(Change::Start(position)));
        assert!(room.seats.iter().all(|s| !s.stand_in));
        // A repeat changes nothing.
        assert_eq!(room.fold(7, &started), None);
        let rolled = Event::Rolled {
            seat: 0,
            colour: "red".into(),
            roll: 3,
            by: By::Player,
        };
        assert_eq!(room.fold(8, &rolled), Some(Change::Roll(3)));
        assert_eq!(room.out_of_step, None);
        room.fold(
            9,
            &Event::Over {
                game: 1,
                winner: "red".into(),
                record: "B".into(),
                seed: "1".into(),
                reveal: "r".into(),
                nonces: vec![],
                next_commit: "c2".into(),
            },
        );
        assert_eq!(room.ended.as_ref().unwrap().commit, "c1");
        assert_eq!(room.commit, "c2");
        assert!(!room.playing);
        assert!(room.seats.iter().all(|s| !s.stand_in));
        room.fold(10, &stand_in(0, true));
        room.fold(11, &started);
        assert!(room.seats.iter().all(|s| !s.stand_in));
        // A seat freed is no longer this page's.
        room.fold(12, &Event::SeatFreed { seat: 0 });
        assert_eq!(room.mine(), ColourSet::EMPTY);
        assert!(room.can_take(0) != room.playing);
    }
}
