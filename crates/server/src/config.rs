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
    /// The pages (by their `Origin`) whose WebSocket is accepted.
    pub allow_origin: AllowOrigin,
}

/// Which pages may open the rooms' WebSocket, by the `Origin` header a
/// browser sends. A client that sends none (not a browser) is not
/// checked: this protects the visitors' browsers from being used by
/// other sites, not the server from other programs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllowOrigin {
    /// Any page (`--allow-origin '*'`; the default when no site is
    /// served, for static copies of the site elsewhere).
    Any,
    /// Only the pages of the server's own origin (the `Host` the browser
    /// asked for; the default when it serves the site).
    Own,
    /// These origins (`https://example.org`), and the server's own.
    List(Vec<String>),
}

impl AllowOrigin {
    /// The origins given on the command line (`*`, or origins joined by
    /// `,`), else the default for a server with or without the site.
    pub fn from_option(option: Option<&str>, serves_site: bool) -> AllowOrigin {
        match option.map(str::trim) {
            Some("*") => AllowOrigin::Any,
            Some(list) => AllowOrigin::List(
                list.split(',')
                    .map(|o| o.trim().trim_end_matches('/').to_ascii_lowercase())
                    .filter(|o| !o.is_empty())
                    .collect(),
            ),
            None if serves_site => AllowOrigin::Own,
            None => AllowOrigin::Any,
        }
    }

    /// May a page of `origin` (the header, if any) use the WebSocket of
    /// the server the browser calls `host`?
    ///
    /// ```
    /// use barricade_server::config::AllowOrigin;
    /// let own = AllowOrigin::Own;
    /// assert!(own.allows(None, Some("example.org")));
    /// assert!(own.allows(Some("https://example.org"), Some("example.org")));
    /// assert!(!own.allows(Some("https://evil.example"), Some("example.org")));
    /// let list = AllowOrigin::from_option(Some("https://a.example/"), true);
    /// assert!(list.allows(Some("https://A.example"), Some("rooms.example")));
    /// assert!(AllowOrigin::Any.allows(Some("null"), None));
    /// ```
    pub fn allows(&self, origin: Option<&str>, host: Option<&str>) -> bool {
        let Some(origin) = origin else {
            return true;
        };
        let origin = origin.trim().to_ascii_lowercase();
        let own = host.is_some_and(|h| {
            let h = h.trim().to_ascii_lowercase();
            origin
                .split_once("://")
                .is_some_and(|(_, rest)| rest.trim_end_matches('/') == h)
        });
        match self {
            AllowOrigin::Any => true,
            AllowOrigin::Own => own,
            AllowOrigin::List(list) => own || list.contains(&origin),
        }
    }
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
    /// Connections one room takes (players and spectators). A member (a
    /// valid token) is refused only when the members' own connections
    /// fill what the spectators leave: `connections_per_room -
    /// spectators_per_room`.
    pub connections_per_room: usize,
    /// Spectator connections one room takes (fewer than
    /// `connections_per_room`, so that its members always get in).
    pub spectators_per_room: usize,
    /// WebSockets open at once from one address.
    pub connections_per_address: usize,
    /// Messages all the connections of one address may send at once ...
    pub address_burst: u32,
    /// ... and per second after that (one bucket per address, shared by
    /// its connections).
    pub address_per_second: u32,
    /// `join`s of rooms that do not exist that one address may send per
    /// `unknown_window` (id guessing); past it every `join` of that
    /// address is refused (`rate-limited`) until the window moves on.
    pub unknown_rooms_per_address: usize,
    /// The window of `unknown_rooms_per_address`.
    pub unknown_window: Duration,
    /// A WebSocket that sends nothing (not even a pong to the server's
    /// pings, sent every half of this) for this long is closed (1001).
    pub idle_timeout: Duration,
    /// A write to a WebSocket that takes longer (the client does not
    /// read) drops the connection.
    pub write_timeout: Duration,
    /// An HTTP request's headers must arrive within this (hyper's header
    /// read timeout), its body within this too.
    pub http_timeout: Duration,
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
            spectators_per_room: 48,
            connections_per_address: 32,
            address_burst: 120,
            address_per_second: 40,
            unknown_rooms_per_address: 20,
            unknown_window: Duration::from_secs(60),
            idle_timeout: Duration::from_secs(60),
            write_timeout: Duration::from_secs(10),
            http_timeout: Duration::from_secs(10),
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
            allow_origin: AllowOrigin::Any,
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
