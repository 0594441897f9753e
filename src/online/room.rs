//! A room as this page knows it: the events folded in order (docs/online.md,
//! "Events"). Plain data, tested natively; [`crate::online`] applies the
//! game's part of each event to the board.

use super::events::{Event, RoomOptions, RoomSettings, You};
use crate::state::setup::{SeatKind, SetupChoices};
use barricade_rules::{BoardId, Colour, ColourSet, Rules};

/// One seat of the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// Its colour.
    pub colour: Colour,
    /// A person's seat (else the computer's, at this level).
    pub kind: SeatKind,
    /// The name of whoever took it (a person seat, taken).
    pub name: Option<String>,
    /// Is its player connected?
    pub connected: bool,
    /// Does the computer stand in for its player?
    pub stand_in: bool,
}

/// The end of a game: what the page checks ("dice verified").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// The record's link code.
    pub record: String,
    /// The revealed secret.
    pub reveal: String,
    /// The nonces that made the seed.
    pub nonces: Vec<String>,
    /// The commitment seen before the game's first roll.
    pub commit: String,
}

/// What an event changes on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A game starts at this position.
    Start(String),
    /// The die shows this roll.
    Roll(u8),
    /// This decision is played.
    Play(String),
    /// The game is over.
    Over,
}

/// The room, folded from its events.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Room {
    /// Its id (32 hex digits).
    pub id: String,
    /// This page's member token, if it has one.
    pub token: Option<String>,
    /// This page's part.
    pub you: You,
    /// The number of the last event folded.
    pub last: u64,
    /// Events up to this number were caught up on (no walking pawns).
    pub caught_up_to: u64,
    /// Has the server welcomed this page's connection (the one now open)?
    pub welcomed: bool,
    /// The settings.
    pub settings: RoomSettings,
    /// The seats in playing order.
    pub seats: Vec<Seat>,
    /// The commitment to the next (or current) game's dice.
    pub commit: String,
    /// Is a game being played?
    pub playing: bool,
    /// Games started so far.
    pub games: u32,
    /// The rolls of the game being played (or just over), in order.
    pub rolls: Vec<u8>,
    /// Its decisions, in the board's notation.
    pub moves: Vec<String>,
    /// The last game's end, once over.
    pub ended: Option<Ended>,
    /// The check of its dice, once made.
    pub verified: Option<super::Verified>,
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

    /// Folds event number `n`; returns what changes on the board. An
    /// event already folded (a repeat after a reconnect) is skipped.
    pub fn fold(&mut self, n: u64, event: &Event) -> Option<Change> {
        if n <= self.last {
            return None;
        }
        self.last = n;
        match event {
            Event::Opened { settings, commit } => {
                self.settings = settings.clone();
                self.commit = commit.clone();
                self.seats = settings
                    .seats
                    .iter()
                    .filter_map(|s| {
                        let colour: Colour = s.colour.parse().ok()?;
                        let kind = if s.person {
                            SeatKind::Human
                        } else {
                            SeatKind::Computer(
                                s.level.parse().unwrap_or(barricade_ai::Level::Medium),
                            )
                        };
                        Some(Seat {
                            colour,
                            kind,
                            name: None,
                            connected: false,
                            stand_in: false,
                        })
                    })
                    .collect();
                None
            }
            Event::SeatTaken { seat, name } => {
                if let Some(s) = self.seats.get_mut(*seat) {
                    s.name = Some(name.clone());
                    s.connected = true;
                    s.stand_in = false;
                }
                None
            }
            Event::SeatFreed { seat } => {
                if let Some(s) = self.seats.get_mut(*seat) {
                    s.name = None;
                    s.connected = false;
                }
                self.you.seats.retain(|s| s != seat);
                None
            }
            Event::Presence { seat, connected } => {
                if let Some(s) = self.seats.get_mut(*seat) {
                    s.connected = *connected;
                }
                None
            }
            Event::StandIn { seat, on } => {
                if let Some(s) = self.seats.get_mut(*seat) {
                    s.stand_in = *on;
                }
                None
            }
            Event::Started {
                commit, position, ..
            } => {
                self.commit = commit.clone();
                self.playing = true;
                for seat in &mut self.seats {
                    seat.stand_in = false;
                }
                self.games += 1;
                self.rolls.clear();
                self.moves.clear();
                self.ended = None;
                self.verified = None;
                Some(Change::Start(position.clone()))
            }
            Event::Rolled { roll } => {
                self.rolls.push(*roll);
                Some(Change::Roll(*roll))
            }
            Event::Played { mv } => {
                self.moves.push(mv.clone());
                Some(Change::Play(mv.clone()))
            }
            Event::Over {
                record,
                reveal,
                nonces,
                next_commit,
            } => {
                self.ended = Some(Ended {
                    record: record.clone(),
                    reveal: reveal.clone(),
                    nonces: nonces.clone(),
                    commit: std::mem::replace(&mut self.commit, next_commit.clone()),
                });
                self.playing = false;
                // The computer stands in for nobody after a game.
                for seat in &mut self.seats {
                    seat.stand_in = false;
                }
                Some(Change::Over)
            }
            Event::Other => None,
        }
    }

    /// The new-game choices the room's settings are.
    pub fn choices(&self) -> Option<SetupChoices> {
        let mut seats = [None; 4];
        for s in &self.seats {
            seats[s.colour.index()] = Some(s.kind);
        }
        let choices = SetupChoices {
            board: self.settings.board.parse().unwrap_or(BoardId::Classic),
            seats,
            teams: self.settings.teams,
            rules: self.settings.rules.parse().unwrap_or(Rules::default()),
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
                .is_some_and(|s| s.kind == SeatKind::Human && s.name.is_none())
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

    /// The seat of `colour`.
    pub fn seat_of(&self, colour: Colour) -> Option<&Seat> {
        self.seats.iter().find(|s| s.colour == colour)
    }

    /// Is every person seat taken (so the host may start)?
    pub fn full(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.kind != SeatKind::Human || s.name.is_some())
    }
}

/// The settings of `choices` and the host's `options` for the server's
/// `create`: the seats in board order, each a person or a computer of a
/// level.
pub fn settings_of(choices: &SetupChoices, options: RoomOptions) -> RoomSettings {
    RoomSettings {
        board: choices.board.name().to_string(),
        rules: choices.rules.to_string(),
        seats: choices
            .colours()
            .into_iter()
            .map(|c| {
                let kind = choices.seats[c.index()].unwrap_or(SeatKind::Human);
                super::events::SeatSetting {
                    colour: c.name().to_string(),
                    person: kind == SeatKind::Human,
                    level: match kind {
                        SeatKind::Computer(level) => level.name().to_string(),
                        SeatKind::Human => "medium".to_string(),
                    },
                }
            })
            .collect(),
        teams: choices.has_teams(),
        options,
    }
}

/// The settings as the JSON of `create` (names of colours, levels, the
/// board and the rules, a flag and a number only: nothing to escape).
pub fn settings_json(s: &RoomSettings) -> String {
    let seats: Vec<String> = s
        .seats
        .iter()
        .map(|seat| {
            let player = if seat.person { "person" } else { "computer" };
            format!(
                r#"{{"colour":"{}","player":"{player}","level":"{}"}}"#,
                seat.colour, seat.level
            )
        })
        .collect();
    let teams = if s.teams {
        r#"["red+yellow","green+blue"]"#
    } else {
        "[]"
    };
    let timer = s
        .options
        .turn_seconds
        .map(|n| format!(r#","turn_seconds":{n}"#))
        .unwrap_or_default();
    format!(
        r#"{{"board":"{}","rules":"{}","seats":[{}],"teams":{teams},"spectators":{}{timer}}}"#,
        s.board,
        s.rules,
        seats.join(","),
        s.options.spectators
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use barricade_ai::Level;

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
            settings_json(&settings_of(&choices, options)),
            r#"{"board":"quick","rules":"ravensburger","seats":[{"colour":"red","player":"person","level":"medium"},{"colour":"green","player":"computer","level":"easy"},{"colour":"yellow","player":"person","level":"medium"}],"teams":[],"spectators":false,"turn_seconds":60}"#
        );
        assert!(
            settings_json(&settings_of(&choices, RoomOptions::default()))
                .ends_with(r#""teams":[],"spectators":true}"#)
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
        assert_eq!(room.settings.options, options);
        // The computer stands in for red: red is not played here then.
        room.fold(4, &Event::StandIn { seat: 0, on: true });
        assert!(room.stood_in_for_me());
        assert_eq!(room.playable(), ColourSet::EMPTY);
        room.fold(5, &Event::StandIn { seat: 0, on: false });
        assert_eq!(room.playable(), ColourSet::single(Colour::Red));
        room.fold(6, &Event::StandIn { seat: 2, on: true });
        assert_eq!(
            room.seat_of(Colour::Yellow).unwrap().name.as_deref(),
            Some("Bob")
        );
        let started = Event::Started {
            commit: "c1".into(),
            nonces: vec![],
            position: "p".into(),
        };
        assert_eq!(room.fold(7, &started), Some(Change::Start("p".into())));
        assert!(room.seats.iter().all(|s| !s.stand_in));
        // A repeat changes nothing.
        assert_eq!(room.fold(7, &started), None);
        assert_eq!(
            room.fold(8, &Event::Rolled { roll: 3 }),
            Some(Change::Roll(3))
        );
        room.fold(
            9,
            &Event::Over {
                record: "B".into(),
                reveal: "r".into(),
                nonces: vec![],
                next_commit: "c2".into(),
            },
        );
        assert_eq!(room.ended.as_ref().unwrap().commit, "c1");
        assert_eq!(room.commit, "c2");
        assert!(!room.playing);
        assert!(room.seats.iter().all(|s| !s.stand_in));
        room.fold(10, &Event::StandIn { seat: 0, on: true });
        room.fold(11, &started);
        assert!(room.seats.iter().all(|s| !s.stand_in));
    }
}
