//! `barricade serve`: the built site and the online rooms on one address
//! (barricade_server; docs/online.md), until Ctrl-C. What it serves and
//! where goes to stdout; the server's log events go to stderr, one line
//! each, filtered by `RUST_LOG` (docs/online.md, "Logs").

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
    /// X-Forwarded-For, for the rooms-per-address limit.
    #[arg(long)]
    behind_proxy: bool,
    /// The pause before each computer decision, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 400)]
    computer_pause: u64,
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
