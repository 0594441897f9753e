//! [`Snapshot`]: a room as stored, so that a restarted server goes on
//! where it stopped. It holds what the events do not say in public: the
//! secrets, the tokens' hashes, the nonces given so far.

use super::{Member, Room, SeatState, Stage};
use crate::commit::Secret;
use crate::protocol::Numbered;
use crate::settings::{CheckSettings, SettingsJson};
use barricade_rules::{Game, GameRecord};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// A stored room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    settings: SettingsJson,
    members: Vec<MemberSnapshot>,
    seats: Vec<SeatSnapshot>,
    host: usize,
    next: u64,
    games: u32,
    secret: String,
    nonces: Vec<String>,
    stage: StageSnapshot,
    decision: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct MemberSnapshot {
    token_hash: String,
    name: String,
    connected: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct SeatSnapshot {
    holder: Option<usize>,
    stand_in: bool,
    nonce: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
enum StageSnapshot {
    Lobby,
    Playing { game: GameSnapshot, next: String },
    Over { game: GameSnapshot },
}

/// A game: its seed and decisions in the board's notation; the rules,
/// board and seats are the room's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct GameSnapshot {
    seed: String,
    moves: Vec<String>,
    rolled: bool,
}

impl GameSnapshot {
    fn of(game: &Game) -> GameSnapshot {
        let record = game.record();
        let board = game.position().board();
        GameSnapshot {
            seed: record.seed.to_string(),
            moves: record.moves.iter().map(|&m| board.move_name(m)).collect(),
            rolled: record.rolled,
        }
    }

    fn restore(&self, room: &crate::settings::Settings) -> Result<Box<Game>, String> {
        let board = room.board.board();
        let moves = self
            .moves
            .iter()
            .map(|m| board.parse_move(m).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let record = GameRecord {
            board: room.board,
            rules: room.rules,
            seats: room.seats,
            seed: self.seed.parse().map_err(|_| "a bad seed".to_string())?,
            moves,
            rolled: self.rolled,
        };
        record.replay().map(Box::new).map_err(|e| e.to_string())
    }
}

fn secret(text: &str) -> Result<Secret, String> {
    Secret::from_hex(text).ok_or_else(|| "a bad secret".to_string())
}

impl Room {
    /// The room as stored.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            settings: self.settings.json.clone(),
            members: self
                .members
                .iter()
                .map(|m| MemberSnapshot {
                    token_hash: m.token_hash.clone(),
                    name: m.name.clone(),
                    connected: m.shown_connected,
                })
                .collect(),
            seats: self
                .seats
                .iter()
                .map(|s| SeatSnapshot {
                    holder: s.holder,
                    stand_in: s.stand_in,
                    nonce: s.nonce.clone(),
                })
                .collect(),
            host: self.host,
            next: self.next,
            games: self.games,
            secret: self.secret.to_hex(),
            nonces: self.nonces.clone(),
            stage: match &self.stage {
                Stage::Lobby => StageSnapshot::Lobby,
                Stage::Playing { game, next } => StageSnapshot::Playing {
                    game: GameSnapshot::of(game),
                    next: next.to_hex(),
                },
                Stage::Over { game } => StageSnapshot::Over {
                    game: GameSnapshot::of(game),
                },
            },
            decision: self.decision,
        }
    }

    /// The stored room, as a server that starts again finds it: nobody is
    /// connected, so the seats that showed connected now show not
    /// connected (the returned events). The game is replayed by the rules
    /// crate from its seed and decisions.
    pub fn restore(
        snapshot: &Snapshot,
        away_after: Duration,
        now: Instant,
    ) -> Result<(Room, Vec<Numbered>), String> {
        let settings = snapshot.settings.check().map_err(|e| e.to_string())?;
        if snapshot.seats.len() != settings.players.len()
            || snapshot.host >= snapshot.members.len()
            || snapshot.next == 0
        {
            return Err("the stored room does not fit its settings".into());
        }
        let stage = match &snapshot.stage {
            StageSnapshot::Lobby => Stage::Lobby,
            StageSnapshot::Playing { game, next } => Stage::Playing {
                game: game.restore(&settings)?,
                next: secret(next)?,
            },
            StageSnapshot::Over { game } => Stage::Over {
                game: game.restore(&settings)?,
            },
        };
        let members = &snapshot.members;
        let mut room = Room {
            members: members
                .iter()
                .map(|m| Member {
                    token_hash: m.token_hash.clone(),
                    name: m.name.clone(),
                    connections: 0,
                    shown_connected: m.connected,
                    away_since: Some(now),
                })
                .collect(),
            seats: snapshot
                .seats
                .iter()
                .map(|s| SeatState {
                    holder: s.holder.filter(|&h| h < members.len()),
                    stand_in: s.stand_in,
                    nonce: s.nonce.clone(),
                })
                .collect(),
            host: snapshot.host,
            next: snapshot.next,
            games: snapshot.games,
            secret: secret(&snapshot.secret)?,
            nonces: snapshot.nonces.clone(),
            stage,
            decision: snapshot.decision,
            turn_deadline: None,
            away_after,
            settings,
        };
        let mut out = Vec::new();
        for member in 0..room.members.len() {
            room.show_presence(member, false, &mut out);
        }
        room.advance(now, &mut out);
        Ok((room, out))
    }
}
