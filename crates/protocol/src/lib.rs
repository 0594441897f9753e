//! # barricade-protocol
//!
//! The rooms' protocol, written once (docs/online.md): what a client
//! sends ([`Request`]), what the server sends ([`ServerMessage`], among
//! them the room's numbered [`Event`]s), a room's settings as they travel
//! ([`SettingsJson`]), and the one fold of a room's events into what a
//! client sees of it ([`RoomView`]). The server, the page, the server's
//! tests and the load benchmark all use these types, so a field added to
//! an event is one edit.
//!
//! Plain serde types: no sockets, no async, and it builds for the browser.
//! The `json` feature adds the JSON text (`to_json`, `from_json`).
//!
//! ```
//! use barricade_protocol::{Event, ServerMessage};
//! let text = r#"{"type":"event","n":7,"event":{"kind":"rolled","seat":0,"colour":"red","roll":4,"by":"player"}}"#;
//! let m: ServerMessage = serde_json::from_str(text).unwrap();
//! assert!(matches!(m, ServerMessage::Event { n: 7, event: Event::Rolled { roll: 4, .. } }));
//! ```

pub mod messages;
pub mod settings;
pub mod view;

pub use messages::{
    By, ErrorCode, Event, Numbered, OpeningRoll, Refusal, Request, ServerMessage, StandInReason,
    You,
};
pub use settings::{SeatJson, SettingsJson};
pub use view::{Change, Ended, RoomView, Seat};
