//! The messages: JSON text over a WebSocket (docs/online.md). A client
//! sends [`Request`]s; the server sends [`ServerMessage`]s, among them the
//! room's numbered [`Event`]s.

use crate::settings::SettingsJson;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a client asks for. Unknown fields are ignored.
///
/// ```
/// use barricade_protocol::Request;
/// let r: Request = serde_json::from_str(r#"{"type":"move","move":"c1-e3"}"#).unwrap();
/// assert_eq!(r, Request::Move { mv: "c1-e3".into() });
/// assert!(serde_json::from_str::<Request>(r#"{"type":"teleport"}"#).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    /// Open a room; the sender becomes its host (and gets a token).
    Create {
        /// The seats, rules, board and options.
        settings: SettingsJson,
        /// The host's name.
        #[serde(default)]
        name: String,
    },
    /// Enter a room, as the member of `token` or else as a guest or
    /// spectator, and receive every event numbered above `since`.
    Join {
        /// The room id.
        room: String,
        /// A member's token, to come back to the same seats.
        #[serde(default)]
        token: Option<String>,
        /// The last event number the client has (0: none).
        #[serde(default)]
        since: u64,
    },
    /// Take a free person seat (before the start or after the end).
    Take {
        /// The seat's index in the settings' seat list.
        seat: usize,
        /// The name shown on the seat.
        #[serde(default)]
        name: String,
        /// The player's contribution to the dice (docs/online.md, "Dice
        /// nobody can cheat").
        #[serde(default)]
        nonce: Option<String>,
    },
    /// Add or replace the nonce for every seat the sender holds.
    Nonce {
        /// 1 to 64 characters of `A-Z a-z 0-9 - _`.
        nonce: String,
    },
    /// Start the game, or a rematch after the end (host only).
    Start,
    /// Roll the die.
    Roll,
    /// A decision in the rules crate's notation: `c1-e3`, `home-c1`,
    /// `k9-i9 x g8` (the barricade taken on i9 is dropped on g8), `pass`,
    /// `place e5`, `again`.
    Move {
        /// The decision.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Pass (the same as the move `pass`).
    Pass,
    /// Take back a seat the computer is playing for you.
    Back,
    /// Give up your seats: freed before the start, played by the computer
    /// during a game.
    Leave,
}

/// Why a request was refused: a stable code for programs; the message
/// says it in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// Not JSON, or not a request.
    BadMessage,
    /// Longer than the server accepts.
    TooBig,
    /// Too many messages too fast; this one was dropped.
    RateLimited,
    /// No such room.
    UnknownRoom,
    /// The token belongs to no member of the room.
    BadToken,
    /// The room allows no spectators and has no free seat now.
    NoSpectators,
    /// The room has as many connections as it takes.
    RoomFull,
    /// Too many rooms opened from this address lately.
    TooManyRooms,
    /// `join` with a `since` above the room's last event: the page has
    /// events the server does not (a server restored from an older copy);
    /// it loads the room again from `since` 0.
    SinceAhead,
    /// The settings were refused.
    BadSettings,
    /// The request needs a room: send `join` or `create` first.
    NotInRoom,
    /// Only the host may do that.
    NotHost,
    /// The sender holds no seat.
    NoSeat,
    /// It is another seat's turn.
    NotYourTurn,
    /// No such seat, or not a person seat.
    BadSeat,
    /// The seat is someone else's.
    SeatTaken,
    /// A person seat is still free.
    SeatFree,
    /// Not while a game is being played.
    GameRunning,
    /// No game is being played.
    NoGame,
    /// Not a move in the notation.
    BadMove,
    /// The rules refuse the decision (the message names the reason).
    Illegal,
    /// A nonce must be 1 to 64 characters of `A-Z a-z 0-9 - _`.
    BadNonce,
    /// A name typed with no visible character in it.
    BadName,
    /// Something failed on the server.
    Internal,
}

impl ErrorCode {
    /// The code as it is written in messages.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadMessage => "bad-message",
            ErrorCode::TooBig => "too-big",
            ErrorCode::RateLimited => "rate-limited",
            ErrorCode::UnknownRoom => "unknown-room",
            ErrorCode::BadToken => "bad-token",
            ErrorCode::NoSpectators => "no-spectators",
            ErrorCode::RoomFull => "room-full",
            ErrorCode::TooManyRooms => "too-many-rooms",
            ErrorCode::SinceAhead => "since-ahead",
            ErrorCode::BadSettings => "bad-settings",
            ErrorCode::NotInRoom => "not-in-room",
            ErrorCode::NotHost => "not-host",
            ErrorCode::NoSeat => "no-seat",
            ErrorCode::NotYourTurn => "not-your-turn",
            ErrorCode::BadSeat => "bad-seat",
            ErrorCode::SeatTaken => "seat-taken",
            ErrorCode::SeatFree => "seat-free",
            ErrorCode::GameRunning => "game-running",
            ErrorCode::NoGame => "no-game",
            ErrorCode::BadMove => "bad-move",
            ErrorCode::Illegal => "illegal",
            ErrorCode::BadNonce => "bad-nonce",
            ErrorCode::BadName => "bad-name",
            ErrorCode::Internal => "internal",
        }
    }
}

/// A refusal: its code and its reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The code.
    pub code: ErrorCode,
    /// The reason in words.
    pub message: String,
}

impl Refusal {
    /// A refusal with this code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// The `error` message for the client.
    #[cfg(feature = "json")]
    pub fn to_json(&self) -> String {
        ServerMessage::Error {
            code: self.code,
            message: self.message.clone(),
        }
        .to_json()
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for Refusal {}

/// Who made a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum By {
    /// The seat's player.
    Player,
    /// A computer seat, or the computer standing in for a player.
    Computer,
}

/// Why the computer stands in for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StandInReason {
    /// The turn timer ran out.
    Timer,
    /// The player has been gone for a minute.
    Away,
    /// The player left the game.
    Left,
    /// The player came back (the stand-in ends).
    Back,
}

/// One opening roll (start-roll and french rules).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningRoll {
    /// The colour that rolled.
    pub colour: String,
    /// The roll.
    pub roll: u8,
}

/// Something that happened in a room. Every event has a number (1, 2, 3,
/// ... per room); folding them in order gives the room's whole state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// The room was opened (always event 1).
    Opened {
        /// The settings, defaults filled in.
        settings: SettingsJson,
        /// The commitment to the first game's dice secret.
        commit: String,
    },
    /// Someone took a seat (and is connected).
    SeatTaken {
        /// The seat index.
        seat: usize,
        /// The name they typed.
        name: String,
    },
    /// A seat is free again (its player left before a game).
    SeatFreed {
        /// The seat index.
        seat: usize,
    },
    /// A seated player's connection came or went.
    Presence {
        /// The seat index.
        seat: usize,
        /// Connected now?
        connected: bool,
    },
    /// A game started: the dice are fixed.
    Started {
        /// The game's number in this room (1, then rematches).
        game: u32,
        /// The commitment to this game's secret (as published earlier).
        commit: String,
        /// Every seat's nonce in seat order ("" for none).
        nonces: Vec<String>,
        /// The position before the first decision, after any opening
        /// rolls, in the rules crate's one-line notation.
        position: String,
        /// The opening rolls, round by round (start-roll and french).
        opening: Vec<Vec<OpeningRoll>>,
    },
    /// The die was rolled.
    Rolled {
        /// The seat index.
        seat: usize,
        /// Its colour.
        colour: String,
        /// The roll, 1 to 6.
        roll: u8,
        /// Who rolled.
        by: By,
    },
    /// A decision was played (a pawn move with its barricade drop, a
    /// pass, a placement, again).
    Played {
        /// The seat index.
        seat: usize,
        /// Its colour.
        colour: String,
        /// The decision in the board's notation.
        #[serde(rename = "move")]
        mv: String,
        /// Who decided.
        by: By,
    },
    /// The computer begins or ends standing in for a seat's player.
    StandIn {
        /// The seat index.
        seat: usize,
        /// Standing in now?
        on: bool,
        /// Why.
        reason: StandInReason,
    },
    /// The game ended: the winner, the record and the revealed secret.
    Over {
        /// The game's number.
        game: u32,
        /// The winning team, e.g. `red` or `red+yellow`.
        winner: String,
        /// The record as a link code (`#replay=<record>`).
        record: String,
        /// The record's dice seed (decimal).
        seed: String,
        /// The exact text whose SHA-256 was the commitment.
        reveal: String,
        /// The nonces that went into the seed.
        nonces: Vec<String>,
        /// The commitment for the next game (a rematch).
        next_commit: String,
    },
}

/// An event with its number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Numbered {
    /// The event's number in its room.
    pub n: u64,
    /// The event.
    pub event: Event,
}

impl Numbered {
    /// The `event` message carrying this event.
    #[cfg(feature = "json")]
    pub fn to_json(&self) -> String {
        ServerMessage::Event {
            n: self.n,
            event: self.event.clone(),
        }
        .to_json()
    }
}

/// What the sender of a `join` is in the room.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct You {
    /// The seats the sender holds.
    pub seats: Vec<usize>,
    /// Is the sender the host?
    pub host: bool,
    /// Watching only (holds no seat and cannot take one now)?
    pub spectator: bool,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// A room was opened for the sender, who is its host. Keep the token.
    Created {
        /// The room id (the invite is `#room=<room>`).
        room: String,
        /// The host's member token.
        token: String,
    },
    /// The sender is in the room; the events above `since` follow.
    Welcome {
        /// The room id.
        room: String,
        /// The number of the room's last event.
        last: u64,
        /// The sender's part.
        you: You,
    },
    /// The sender took a seat. Keep the token to come back to it.
    Seated {
        /// The seat index.
        seat: usize,
        /// A new member token, when the sender had none (absent: keep
        /// the one you have).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// A numbered event of the room.
    Event {
        /// The event's number.
        n: u64,
        /// The event.
        event: Event,
    },
    /// A request was refused; nothing changed.
    Error {
        /// A stable code.
        code: ErrorCode,
        /// The reason in words.
        message: String,
    },
    /// The sender left the room's seats (it still receives the events).
    Left,
}

#[cfg(feature = "json")]
impl ServerMessage {
    /// The message as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_else(|e| format!(r#"{{"type":"error","code":"internal","message":"{e}"}}"#))
    }

    /// Reads a message of the server; anything malformed (not JSON, not a
    /// message, an unknown type or kind) is `None`. Unknown fields are
    /// ignored.
    ///
    /// ```
    /// use barricade_protocol::ServerMessage;
    /// let m = ServerMessage::from_json(r#"{"type":"left","later":1}"#);
    /// assert_eq!(m, Some(ServerMessage::Left));
    /// assert_eq!(ServerMessage::from_json("{not json"), None);
    /// ```
    pub fn from_json(text: &str) -> Option<ServerMessage> {
        serde_json::from_str(text).ok()
    }
}

#[cfg(feature = "json")]
impl Request {
    /// The request as JSON text.
    ///
    /// ```
    /// use barricade_protocol::Request;
    /// assert_eq!(Request::Roll.to_json(), r#"{"type":"roll"}"#);
    /// ```
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
