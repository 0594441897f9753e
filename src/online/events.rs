//! The room server's messages as the page reads them (docs/online.md):
//! plain data, read from the JSON text in [`crate::online::socket`].

/// One seat of a room's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSetting {
    /// Its colour's name.
    pub colour: String,
    /// Played by a person (else the computer).
    pub person: bool,
    /// The computer's level (`easy` … `master`).
    pub level: String,
}

/// A room's settings, as `opened` gives them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RoomSettings {
    /// `classic` or `quick`.
    pub board: String,
    /// The rules' name.
    pub rules: String,
    /// The seats in playing order.
    pub seats: Vec<SeatSetting>,
    /// Two colours each?
    pub teams: bool,
    /// Spectators and the turn timer.
    pub options: RoomOptions,
}

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

/// A numbered event of the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The room was opened.
    Opened {
        /// Its settings.
        settings: RoomSettings,
        /// The commitment to the first game's dice.
        commit: String,
    },
    /// A seat was taken.
    SeatTaken {
        /// The seat.
        seat: usize,
        /// The name typed.
        name: String,
    },
    /// A seat is free again.
    SeatFreed {
        /// The seat.
        seat: usize,
    },
    /// A seated player came or went.
    Presence {
        /// The seat.
        seat: usize,
        /// Connected now?
        connected: bool,
    },
    /// A game started.
    Started {
        /// The commitment to its dice.
        commit: String,
        /// Every seat's nonce.
        nonces: Vec<String>,
        /// The position before the first decision.
        position: String,
    },
    /// The die was rolled.
    Rolled {
        /// The roll.
        roll: u8,
    },
    /// A decision was played.
    Played {
        /// In the board's notation.
        mv: String,
    },
    /// The computer begins or ends playing for a seat.
    StandIn {
        /// The seat.
        seat: usize,
        /// Standing in now?
        on: bool,
    },
    /// The game ended.
    Over {
        /// The record's link code.
        record: String,
        /// The revealed secret.
        reveal: String,
        /// The nonces that made the seed.
        nonces: Vec<String>,
        /// The commitment for a rematch.
        next_commit: String,
    },
    /// A kind this page does not know (a newer server): skipped.
    Other,
}

/// What the page is in the room (`welcome`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct You {
    /// The seats held.
    pub seats: Vec<usize>,
    /// The host?
    pub host: bool,
    /// Watching only?
    pub spectator: bool,
}

/// A message of the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerMessage {
    /// A room was opened for this page.
    Created {
        /// Its id.
        room: String,
        /// The host's token.
        token: String,
    },
    /// This page is in the room.
    Welcome {
        /// The room's last event number.
        last: u64,
        /// This page's part.
        you: You,
    },
    /// This page took a seat.
    Seated {
        /// The seat.
        seat: usize,
        /// A new token, when the page had none.
        token: Option<String>,
    },
    /// A numbered event.
    Event {
        /// Its number.
        n: u64,
        /// The event.
        event: Event,
    },
    /// A request was refused.
    Error {
        /// The code.
        code: String,
        /// The reason.
        message: String,
    },
    /// This page left its seats.
    Left,
}
