//! [`RoomView`]: a room as a client sees it, folded from the room's
//! numbered events in order (docs/online.md, "Events"). The one fold: the
//! page, the server's tests and the load benchmark all use it, and a
//! native test compares it with the server's own room.

use crate::messages::{Event, Numbered};
use crate::settings::SettingsJson;
use barricade_rules::{Colour, Position, Roll};

/// One seat of the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// Its colour.
    pub colour: Colour,
    /// A person's seat (else the computer's).
    pub person: bool,
    /// The computer's level, as the settings name it (`easy` … `master`).
    pub level: Option<String>,
    /// The name of whoever holds it (a person seat, taken).
    pub name: Option<String>,
    /// Is its player connected?
    pub connected: bool,
    /// Does the computer stand in for its player?
    pub stand_in: bool,
}

/// The end of a game, as the `over` event tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// The game's number in the room.
    pub game: u32,
    /// The winning team, e.g. `red` or `red+yellow`.
    pub winner: String,
    /// The record's link code.
    pub record: String,
    /// The record's dice seed (decimal).
    pub seed: String,
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
///
/// ```
/// use barricade_protocol::{Event, RoomView, SettingsJson};
/// let settings: SettingsJson = serde_json::from_str(
///     r#"{"seats":[{"colour":"red","player":"person"},{"colour":"blue","player":"person"}]}"#,
/// ).unwrap();
/// let mut room = RoomView::default();
/// room.fold(1, &Event::Opened { settings, commit: "c1".into() });
/// room.fold(2, &Event::SeatTaken { seat: 1, name: "Bob".into() });
/// assert_eq!(room.seats[1].name.as_deref(), Some("Bob"));
/// assert!(room.seats[1].connected && !room.seats[0].connected);
/// assert_eq!((room.last, room.commit.as_str()), (2, "c1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RoomView {
    /// The number of the last event folded.
    pub last: u64,
    /// The settings (from `opened`).
    pub settings: Option<SettingsJson>,
    /// The seats in playing order.
    pub seats: Vec<Seat>,
    /// The commitment to the next (or current) game's dice.
    pub commit: String,
    /// Is a game being played?
    pub playing: bool,
    /// Games started so far.
    pub games: u32,
    /// The position the game being played (or just over) started from.
    pub start: Option<String>,
    /// Its position now: the start with its rolls and decisions played.
    pub position: Option<Position>,
    /// The rolls of the game being played (or just over), in order.
    pub rolls: Vec<u8>,
    /// Its decisions, in the board's notation.
    pub moves: Vec<String>,
    /// The last game's end, once over.
    pub ended: Option<Ended>,
    /// The first roll or decision that did not fit the position (a
    /// server out of step with the rules), if any.
    pub out_of_step: Option<String>,
}

impl RoomView {
    /// Folds every event of `events` in order.
    pub fn of(events: &[Numbered]) -> RoomView {
        let mut room = RoomView::default();
        for e in events {
            room.fold(e.n, &e.event);
        }
        room
    }

    /// Folds event number `n`; returns what changes on the board. An
    /// event already folded (a repeat after a reconnect) is skipped, and
    /// an event about a seat the room does not have changes nothing.
    pub fn fold(&mut self, n: u64, event: &Event) -> Option<Change> {
        if n <= self.last {
            return None;
        }
        self.last = n;
        match event {
            Event::Opened { settings, commit } => {
                self.seats = settings
                    .seats
                    .iter()
                    .filter_map(|s| {
                        Some(Seat {
                            colour: s.colour.parse().ok()?,
                            person: s.is_person(),
                            level: s.level.clone(),
                            name: None,
                            connected: false,
                            stand_in: false,
                        })
                    })
                    .collect();
                self.settings = Some(settings.clone());
                self.commit = commit.clone();
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
                    s.stand_in = false;
                }
                None
            }
            Event::Presence { seat, connected } => {
                if let Some(s) = self.seats.get_mut(*seat) {
                    s.connected = *connected;
                }
                None
            }
            Event::StandIn { seat, on, .. } => {
                if let Some(s) = self.seats.get_mut(*seat) {
                    s.stand_in = *on;
                }
                None
            }
            Event::Started {
                game,
                commit,
                position,
                ..
            } => {
                self.commit = commit.clone();
                self.playing = true;
                for seat in &mut self.seats {
                    seat.stand_in = false;
                }
                self.games = *game;
                self.start = Some(position.clone());
                self.position = position.parse().ok();
                if self.position.is_none() {
                    self.step_out(format!("the start position '{position}' is unreadable"));
                }
                self.rolls.clear();
                self.moves.clear();
                self.ended = None;
                Some(Change::Start(position.clone()))
            }
            Event::Rolled { roll, .. } => {
                self.rolls.push(*roll);
                let fits = match (self.position.as_mut(), Roll::new(*roll)) {
                    (Some(p), Some(r)) => p.set_roll(r).map_err(|e| e.to_string()),
                    _ => Err(format!("a roll of {roll} outside a game")),
                };
                if let Err(e) = fits {
                    self.step_out(e);
                }
                Some(Change::Roll(*roll))
            }
            Event::Played { mv, .. } => {
                self.moves.push(mv.clone());
                let fits = match self.position.as_mut() {
                    Some(p) => p
                        .board()
                        .parse_move(mv)
                        .map_err(|e| e.to_string())
                        .and_then(|m| p.play(m).map_err(|e| e.to_string())),
                    None => Err(format!("the move {mv} outside a game")),
                };
                if let Err(e) = fits {
                    self.step_out(e);
                }
                Some(Change::Play(mv.clone()))
            }
            Event::Over {
                game,
                winner,
                record,
                seed,
                reveal,
                nonces,
                next_commit,
            } => {
                self.ended = Some(Ended {
                    game: *game,
                    winner: winner.clone(),
                    record: record.clone(),
                    seed: seed.clone(),
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
        }
    }

    fn step_out(&mut self, why: String) {
        self.out_of_step.get_or_insert(why);
    }

    /// The seat of `colour`.
    pub fn seat_of(&self, colour: Colour) -> Option<&Seat> {
        self.seats.iter().find(|s| s.colour == colour)
    }

    /// The index of `colour`'s seat.
    pub fn seat_index(&self, colour: Colour) -> Option<usize> {
        self.seats.iter().position(|s| s.colour == colour)
    }

    /// Is every person seat taken (so the host may start)?
    pub fn full(&self) -> bool {
        self.seats.iter().all(|s| !s.person || s.name.is_some())
    }
}
