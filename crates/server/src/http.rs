//! The server on its address: `/rooms` is the WebSocket of the rooms,
//! everything else the built site (`--site dist`), with `index.html` at
//! `/`. The page it serves says that rooms are here: [`ROOMS_META`] is
//! written into its `<head>`, which the page reads to offer "Play online"
//! (a static copy of the site has no such tag and offers none). [`Server`] starts and stops it; [`serve`] runs it until Ctrl-C.

use crate::config::Config;
use crate::connection;
use crate::hub::Hub;
use crate::store::{Store, StoreError};
use axum::Router;
use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::serve::ListenerExt;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tower_http::compression::{Compression, CompressionLayer};
use tower_http::services::ServeDir;

/// The path of the rooms' WebSocket.
pub const ROOMS_PATH: &str = "/rooms";

/// The tag that tells the page the rooms' WebSocket path.
pub const ROOMS_META: &str = r#"<meta name="barricade-rooms" content="/rooms" />"#;

/// The site's `index.html` with [`ROOMS_META`] in its head: after
/// `<head>`, or (the built page leaves the optional tag out) after
/// `<meta charset…>`. `None` for a page with neither.
pub fn page_with_rooms(html: &str) -> Option<String> {
    let at = match html.find("<head>") {
        Some(i) => i + "<head>".len(),
        None => {
            let i = html.find("<meta charset")?;
            i + html[i..].find('>')? + 1
        }
    };
    Some(format!("{}\n    {ROOMS_META}{}", &html[..at], &html[at..]))
}

async fn index(State(page): State<Arc<String>>) -> impl IntoResponse {
    (
        [
            (axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (axum::http::header::CACHE_CONTROL, "no-cache"),
        ],
        page.as_str().to_owned(),
    )
}

/// Each connection's read buffer (tungstenite allocates it at once; its
/// default of 128 KiB would be half a megabyte per room of four). Longer
/// messages still arrive, up to the frame limit.
const READ_BUFFER: usize = 8 * 1024;

/// Why the server could not start or stop cleanly.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The address, or another I/O failure.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// A running server.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    hub: Arc<Hub>,
    stop: watch::Sender<bool>,
    serving: JoinHandle<std::io::Result<()>>,
    gone: mpsc::Receiver<()>,
}

async fn rooms(
    ws: WebSocketUpgrade,
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> impl IntoResponse {
    let ip = client_ip(peer.ip(), &headers, hub.config.trust_forwarded);
    let limits = &hub.config.limits;
    let guard = hub.guard();
    ws.max_message_size(limits.max_frame)
        .max_frame_size(limits.max_frame)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            connection::run(socket, ip, hub).await;
            drop(guard);
        })
}

/// The client's address: the peer's, or behind a trusted proxy the last
/// one in `X-Forwarded-For`.
fn client_ip(peer: IpAddr, headers: &HeaderMap, trust_forwarded: bool) -> IpAddr {
    if !trust_forwarded {
        return peer;
    }
    headers
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .and_then(|last| last.trim().parse().ok())
        .unwrap_or(peer)
}

impl Server {
    /// Opens the database, binds the address and starts serving.
    pub async fn start(config: Config) -> Result<Server, ServerError> {
        let store = Store::open(&config.db)?;
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        let addr = listener.local_addr()?;
        // Small messages that must go at once: no Nagle delay.
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let (stop, stopped) = watch::channel(false);
        let (alive, gone) = mpsc::channel(1);
        let site = config.site.clone();
        let hub = Arc::new(Hub::new(config, store, stopped.clone(), alive));
        let mut app = Router::new()
            .route(ROOMS_PATH, get(rooms))
            .with_state(hub.clone());
        if let Some(dir) = site {
            // Compressed as static hosts serve it: the page's wasm is about
            // a third of its size in gzip.
            let page = std::fs::read_to_string(dir.join("index.html"))
                .ok()
                .and_then(|html| page_with_rooms(&html));
            if let Some(page) = page {
                let pages = Router::new()
                    .route("/", get(index))
                    .route("/index.html", get(index))
                    .with_state(Arc::new(page))
                    .layer(CompressionLayer::new());
                app = app.merge(pages);
            }
            app = app.fallback_service(Compression::new(ServeDir::new(dir)));
        }
        let mut stopped = stopped;
        let serving = tokio::spawn(async move {
            axum::serve(
                listener,
                app.into_make_service_with_connect_info::<SocketAddr>(),
            )
            .with_graceful_shutdown(async move {
                let _ = stopped.wait_for(|s| *s).await;
            })
            .await
        });
        Ok(Server {
            addr,
            hub,
            stop,
            serving,
            gone,
        })
    }

    /// The address it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// How long the rooms took to handle requests so far: from a
    /// request's arrival in its room to its events stored and handed to
    /// every connection.
    pub fn latency(&self) -> &crate::metrics::Latency {
        &self.hub.latency
    }

    /// How many rooms are in memory now.
    pub async fn live_rooms(&self) -> usize {
        self.hub.live_rooms().await
    }

    /// Stops: connections are closed (code 1012, "restarting"), rooms
    /// leave memory, the database is closed. Every event any client
    /// received is stored.
    pub async fn stop(mut self) -> Result<(), ServerError> {
        let _ = self.stop.send(true);
        self.hub.release();
        let _ = self.gone.recv().await;
        let served = self.serving.await;
        let hub = self.hub;
        // The rooms and connections are gone; the router went with the
        // serving task.
        if let Ok(hub) = Arc::try_unwrap(hub) {
            let _ = tokio::task::spawn_blocking(move || hub.close()).await;
        }
        match served {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(e.into()),
            Err(e) => Err(ServerError::Io(std::io::Error::other(e))),
        }
    }
}

/// Runs the server on its own runtime until Ctrl-C (or SIGTERM), then
/// stops it cleanly. `ready` is called with the bound address once it
/// listens.
pub fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), ServerError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let server = Server::start(config).await?;
        ready(server.local_addr());
        stop_signal().await;
        server.stop().await
    })
}

/// Ctrl-C, or SIGTERM where there is one (systemd, containers).
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_says_rooms_are_here() {
        let page = page_with_rooms("<!doctype html><html><head><meta charset=\"utf-8\" /></head>")
            .unwrap();
        assert!(
            page.starts_with("<!doctype html><html><head>\n    <meta name=\"barricade-rooms\"")
        );
        assert!(page.ends_with("<meta charset=\"utf-8\" /></head>"));
        assert_eq!(page_with_rooms("no page"), None);
        // The built page has no <head> tag.
        let built =
            page_with_rooms("<!doctype html><html lang=en><meta charset=utf-8><title>B</title>")
                .unwrap();
        assert!(built.contains("<meta charset=utf-8>\n    <meta name=\"barricade-rooms\""));
    }
}
