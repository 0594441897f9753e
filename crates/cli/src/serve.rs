//! `barricade serve`: the built site and the online rooms on one address
//! (barricade_server; docs/online.md), until Ctrl-C.

use barricade_server::{Config, lan_addresses};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

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

/// Runs `barricade serve`.
pub fn run(args: Args) -> Result<(), String> {
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
        eprintln!(
            "barricade: no site at {} (build it with `cargo xtask build`); serving the rooms only",
            args.site.display()
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
