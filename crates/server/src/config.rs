//! [`Config`]: where the server listens, what it serves, where it keeps
//! the rooms, and its limits.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Everything the server is told at start.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (port 0: the OS picks one).
    pub addr: SocketAddr,
    /// The built site to serve at `/` (`dist/`), if any.
    pub site: Option<PathBuf>,
    /// The SQLite file of the rooms.
    pub db: PathBuf,
    /// Limits against floods and abuse.
    pub limits: Limits,
    /// How long a player may be gone before the computer stands in (only
    /// in rooms with a turn timer).
    pub away_after: Duration,
    /// A pause before each computer decision, so that people can follow.
    pub computer_pause: Duration,
    /// A room with no connection is unloaded from memory after this long
    /// (it stays in the database).
    pub idle_unload: Duration,
    /// Take the client's address from `X-Forwarded-For` (set this only
    /// behind a proxy that writes that header).
    pub trust_forwarded: bool,
    /// How many computer decisions may run at once (threads off the async
    /// executor).
    pub bot_threads: usize,
}

/// Limits against floods and abuse.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The longest message answered (longer ones get `too-big`).
    pub max_message: usize,
    /// The longest WebSocket message read at all (past it the connection
    /// is dropped).
    pub max_frame: usize,
    /// Messages a connection may send at once ...
    pub burst: u32,
    /// ... and per second after that.
    pub per_second: u32,
    /// Messages dropped in a row before the connection is closed (1008).
    pub kick_after: u32,
    /// Rooms one address may open per `rooms_window`.
    pub rooms_per_address: usize,
    /// The window of `rooms_per_address`.
    pub rooms_window: Duration,
    /// Connections one room takes (players and spectators).
    pub connections_per_room: usize,
    /// Messages queued for a slow connection before it is dropped (it can
    /// reconnect and get what it missed).
    pub outbox: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message: 4096,
            max_frame: 64 * 1024,
            burst: 30,
            per_second: 10,
            kick_after: 200,
            rooms_per_address: 30,
            rooms_window: Duration::from_secs(3600),
            connections_per_room: 64,
            outbox: 512,
        }
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            site: None,
            db: default_db(),
            limits: Limits::default(),
            away_after: Duration::from_secs(60),
            computer_pause: Duration::from_millis(400),
            idle_unload: Duration::from_secs(300),
            trust_forwarded: false,
            bot_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
        }
    }
}

/// The database file used when none is named: `rooms.sqlite3` in the
/// user's data folder (`$XDG_DATA_HOME/barricade`, else
/// `~/.local/share/barricade`; `%LOCALAPPDATA%\barricade` on Windows),
/// else in the current folder.
pub fn default_db() -> PathBuf {
    let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    let base = if cfg!(windows) {
        env("LOCALAPPDATA").map(PathBuf::from)
    } else {
        env("XDG_DATA_HOME")
            .map(PathBuf::from)
            .or_else(|| env("HOME").map(|h| PathBuf::from(h).join(".local").join("share")))
    };
    match base {
        Some(dir) => dir.join("barricade").join("rooms.sqlite3"),
        None => PathBuf::from("barricade-rooms.sqlite3"),
    }
}
