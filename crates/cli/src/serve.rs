//! `barricade serve`: the built site and the online rooms on one address
//! (barricade_server; docs/online.md), until Ctrl-C. What it serves and
//! where goes to stdout; the server's log events go to stderr, one line
//! each, filtered by `RUST_LOG` (docs/online.md, "Logs").

use barricade_server::config::{AllowOrigin, Limits};
use barricade_server::{Config, lan_addresses};
use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tracing_subscriber::EnvFilter;

/// The log filter when `RUST_LOG` is unset or empty: the server's and this
/// command's events from `info` up, other crates' (axum, hyper) warnings.
pub const DEFAULT_LOG: &str = "warn,barricade_server=info,barricade=info";

/// Options of `barricade serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The address to listen on (0.0.0.0:8080 for phones on this network).
    #[arg(long, value_name = "IP:PORT", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The built site to serve at / (from `cargo xtask build`); only the
    /// rooms are served when the folder does not exist.
    #[arg(long, value_name = "DIR", default_value = "dist")]
    site: PathBuf,
    /// The SQLite file of the rooms [default: rooms.sqlite3 in the user's
    /// data folder, e.g. ~/.local/share/barricade/].
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
    /// Behind a proxy (TLS in front): take the client's address from
    /// X-Forwarded-For, for the limits per address.
    #[arg(long)]
    behind_proxy: bool,
    /// The pause before each computer decision, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 400)]
    computer_pause: u64,
    /// The pages allowed to use the rooms, by their Origin: `*` for any,
    /// or origins joined by `,` (https://example.org) [default: the
    /// server's own when it serves the site, else any].
    #[arg(long, value_name = "ORIGINS")]
    allow_origin: Option<String>,
    #[command(flatten)]
    limits: LimitArgs,
}

/// The limits (docs/online.md, "Limits"); the defaults are
/// `barricade_server::config::Limits::default()`.
#[derive(clap::Args, Debug)]
#[command(next_help_heading = "Limits")]
struct LimitArgs {
    /// The longest message answered (longer: `too-big`).
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_message)]
    max_message: usize,
    /// The longest WebSocket message read at all (longer: closed, 1009).
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_frame)]
    max_frame: usize,
    /// Messages a connection may send at once ...
    #[arg(long, value_name = "N", default_value_t = Limits::default().burst)]
    burst: u32,
    /// ... and per second after that.
    #[arg(long, value_name = "N", default_value_t = Limits::default().per_second)]
    per_second: u32,
    /// Messages dropped in a row before a connection is closed (1008).
    #[arg(long, value_name = "N", default_value_t = Limits::default().kick_after)]
    kick_after: u32,
    /// Messages all connections of one address may send at once ...
    #[arg(long, value_name = "N", default_value_t = Limits::default().address_burst)]
    address_burst: u32,
    /// ... and per second after that.
    #[arg(long, value_name = "N", default_value_t = Limits::default().address_per_second)]
    address_per_second: u32,
    /// WebSockets open at once from one address.
    #[arg(long, value_name = "N", default_value_t = Limits::default().connections_per_address)]
    connections_per_address: usize,
    /// Rooms one address may open per --rooms-window.
    #[arg(long, value_name = "N", default_value_t = Limits::default().rooms_per_address)]
    rooms_per_address: usize,
    /// The window of --rooms-per-address, in seconds.
    #[arg(long, value_name = "S", default_value_t = Limits::default().rooms_window.as_secs())]
    rooms_window: u64,
    /// Joins of rooms that do not exist one address may send per
    /// --unknown-window.
    #[arg(long, value_name = "N", default_value_t = Limits::default().unknown_rooms_per_address)]
    unknown_rooms_per_address: usize,
    /// The window of --unknown-rooms-per-address, in seconds.
    #[arg(long, value_name = "S", default_value_t = Limits::default().unknown_window.as_secs())]
    unknown_window: u64,
    /// Connections one room takes (members and spectators).
    #[arg(long, value_name = "N", default_value_t = Limits::default().connections_per_room)]
    connections_per_room: usize,
    /// Spectator connections one room takes (fewer than
    /// --connections-per-room, so that members always get in).
    #[arg(long, value_name = "N", default_value_t = Limits::default().spectators_per_room)]
    spectators_per_room: usize,
    /// Messages queued for a slow connection before it is dropped (1013).
    #[arg(long, value_name = "N", default_value_t = Limits::default().outbox)]
    outbox: usize,
    /// A WebSocket silent this long (no message, no pong) is closed (1001),
    /// in seconds.
    #[arg(long, value_name = "S", default_value_t = Limits::default().idle_timeout.as_secs())]
    idle_timeout: u64,
    /// A write a client does not take within this is dropped (1008), in
    /// seconds.
    #[arg(long, value_name = "S", default_value_t = Limits::default().write_timeout.as_secs())]
    write_timeout: u64,
    /// An HTTP request's headers (and body) must arrive within this, in
    /// seconds.
    #[arg(long, value_name = "S", default_value_t = Limits::default().http_timeout.as_secs())]
    http_timeout: u64,
}

impl LimitArgs {
    fn limits(&self) -> Result<Limits, String> {
        if self.spectators_per_room >= self.connections_per_room {
            return Err(format!(
                "--spectators-per-room ({}) must be below --connections-per-room ({}), so that the members always get in",
                self.spectators_per_room, self.connections_per_room
            ));
        }
        let secs = Duration::from_secs;
        Ok(Limits {
            max_message: self.max_message,
            max_frame: self.max_frame,
            burst: self.burst,
            per_second: self.per_second,
            kick_after: self.kick_after,
            rooms_per_address: self.rooms_per_address,
            rooms_window: secs(self.rooms_window),
            connections_per_room: self.connections_per_room,
            spectators_per_room: self.spectators_per_room,
            connections_per_address: self.connections_per_address,
            address_burst: self.address_burst,
            address_per_second: self.address_per_second,
            unknown_rooms_per_address: self.unknown_rooms_per_address,
            unknown_window: secs(self.unknown_window),
            idle_timeout: secs(self.idle_timeout.max(1)),
            write_timeout: secs(self.write_timeout.max(1)),
            http_timeout: secs(self.http_timeout.max(1)),
            outbox: self.outbox,
        })
    }
}

/// Sends the log events to stderr, one line each (time, level, module,
/// message, fields), as `RUST_LOG` filters them (`EnvFilter` directives,
/// e.g. `info,barricade_server=debug`), else by [`DEFAULT_LOG`]. A
/// `RUST_LOG` that does not parse is said so, and the default is used.
fn install_logs() {
    let mut unread = None;
    let filter = match std::env::var("RUST_LOG") {
        Ok(directives) if !directives.trim().is_empty() => {
            EnvFilter::builder().parse(&directives).unwrap_or_else(|e| {
                unread = Some((directives, e));
                EnvFilter::new(DEFAULT_LOG)
            })
        }
        _ => EnvFilter::new(DEFAULT_LOG),
    };
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
    if let Some((directives, e)) = unread {
        tracing::warn!(
            rust_log = %directives,
            error = %e,
            "RUST_LOG is not a log filter; using {DEFAULT_LOG}"
        );
    }
}

/// Runs `barricade serve`.
pub fn run(args: Args) -> Result<(), String> {
    install_logs();
    let mut config = Config {
        addr: args.addr,
        trust_forwarded: args.behind_proxy,
        computer_pause: Duration::from_millis(args.computer_pause),
        limits: args.limits.limits()?,
        ..Config::default()
    };
    if let Some(db) = args.db {
        config.db = db;
    }
    if args.site.is_dir() {
        config.site = Some(args.site.clone());
    } else {
        tracing::warn!(
            site = %args.site.display(),
            "no site there (build it with `cargo xtask build`); serving the rooms only"
        );
    }
    config.allow_origin =
        AllowOrigin::from_option(args.allow_origin.as_deref(), config.site.is_some());
    let db = config.db.clone();
    let site = config.site.is_some();
    barricade_server::serve(config, |addr| {
        let what = if site {
            "the site and the rooms"
        } else {
            "the rooms"
        };
        say!("barricade: serving {what} at http://{addr}/ (rooms: ws://{addr}/rooms)");
        if addr.ip().is_unspecified() {
            say!(
                "barricade: on this machine: http://127.0.0.1:{}/",
                addr.port()
            );
            for ip in lan_addresses() {
                let host = match ip {
                    std::net::IpAddr::V6(v6) => format!("[{v6}]"),
                    v4 => v4.to_string(),
                };
                say!("barricade: on this network: http://{host}:{}/", addr.port());
            }
        }
        say!("barricade: rooms are kept in {}", db.display());
        say!("barricade: Ctrl-C stops");
    })
    .map_err(|e| e.to_string())?;
    say!("barricade: stopped");
    Ok(())
}
