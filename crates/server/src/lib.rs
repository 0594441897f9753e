//! # barricade-server
//!
//! Online rooms for Barricade: one opens a room, sends the invite
//! (`#room=<id>`), the others join from their phones, and every roll and
//! move appears on every screen at once. The server runs the game: every
//! action is checked by the rules crate, computer seats are played by the
//! AI crate, and the dice are committed to before the first roll
//! ([`commit`]). Rooms and their numbered events live in SQLite, so a
//! restart loses nothing. The protocol is in docs/online.md.
//!
//! The parts, one job each:
//!
//! - [`protocol`]: the JSON messages and events (the protocol crate,
//!   `barricade-protocol`, re-exported);
//! - [`settings`]: a room's seats, rules and options, checked;
//! - [`names`]: the names people type, made safe to show;
//! - [`room`]: one room as a plain state machine (no sockets);
//! - [`commit`]: the dice secret, its commitment, the nonces, the seed;
//! - [`ids`]: room ids and tokens from the OS random source;
//! - [`store`]: SQLite, on a thread of its own;
//! - [`limits`]: rate limits per connection and per address, rooms per
//!   address;
//! - [`metrics`]: how long the rooms take to handle requests;
//! - [`actor`]: the task that runs one live room;
//! - [`hub`]: the live rooms, opened and loaded on demand;
//! - [`connection`]: one WebSocket;
//! - [`http`]: the address, the routes, the static site, start and stop;
//! - [`lan`]: this machine's addresses on the local network.

pub mod actor;
pub mod commit;
pub mod config;
pub mod connection;
pub mod http;
pub mod hub;
pub mod ids;
pub mod lan;
pub mod limits;
pub mod metrics;
pub mod names;
pub mod room;
pub mod settings;
pub mod store;

pub use barricade_protocol as protocol;

pub use config::Config;
pub use http::{Server, ServerError, serve};
pub use lan::lan_addresses;
