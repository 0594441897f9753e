//! A room as this page knows it: the events folded in order (docs/online.md,
//! "Events"). Plain data, tested natively; [`crate::online`] applies the
//! game's part of each event to the board.

use super::events::{Event, RoomSettings, You};
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

    /// Is every person seat taken (so the host may start)?
    pub fn full(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.kind != SeatKind::Human || s.name.is_some())
    }
}

/// The settings of `choices` for the server's `create`: the seats in
/// board order, each a person or a computer of a level.
pub fn settings_of(choices: &SetupChoices) -> RoomSettings {
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
    }
}

/// The settings as the JSON of `create` (names of colours, levels, the
/// board and the rules only: nothing to escape).
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
    format!(
        r#"{{"board":"{}","rules":"{}","seats":[{}],"teams":{teams}}}"#,
        s.board,
        s.rules,
        seats.join(",")
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
        let opened = Event::Opened {
            settings: settings_of(&choices),
            commit: "c1".into(),
        };
        assert_eq!(
            settings_json(&settings_of(&choices)),
            r#"{"board":"quick","rules":"ravensburger","seats":[{"colour":"red","player":"person","level":"medium"},{"colour":"green","player":"computer","level":"easy"},{"colour":"yellow","player":"person","level":"medium"}],"teams":[]}"#
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
        let started = Event::Started {
            commit: "c1".into(),
            nonces: vec![],
            position: "p".into(),
        };
        assert_eq!(room.fold(4, &started), Some(Change::Start("p".into())));
        // A repeat changes nothing.
        assert_eq!(room.fold(4, &started), None);
        assert_eq!(
            room.fold(5, &Event::Rolled { roll: 3 }),
            Some(Change::Roll(3))
        );
        room.fold(
            6,
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
    }
}
