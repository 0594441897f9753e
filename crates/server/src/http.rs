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
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tower::ServiceExt;
use tower_http::compression::{Compression, CompressionLayer};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::RequestBodyTimeoutLayer;

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
    serving: JoinHandle<()>,
    gone: mpsc::Receiver<()>,
}

async fn rooms(
    ws: WebSocketUpgrade,
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let ip = client_ip(peer.ip(), &headers, hub.config.trust_forwarded);
    let header = |name| headers.get(name).and_then(|v| v.to_str().ok());
    if !hub
        .config
        .allow_origin
        .allows(header(header::ORIGIN), header(header::HOST))
    {
        return (
            StatusCode::FORBIDDEN,
            "pages of this origin may not use these rooms (see --allow-origin)",
        )
            .into_response();
    }
    let Some(place) = hub.addresses.connect(ip) else {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "too many connections from this address",
        )
            .into_response();
    };
    let limits = &hub.config.limits;
    let guard = hub.guard();
    ws.max_message_size(limits.max_frame)
        .max_frame_size(limits.max_frame)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            connection::run(socket, ip, hub).await;
            drop(place);
            drop(guard);
        })
}

/// A path that starts with `//` is nothing of the site (and the folder
/// service would redirect it to `//…/`, another host to a browser).
async fn no_double_slash(request: axum::extract::Request, next: Next) -> Response {
    if request.uri().path().starts_with("//") {
        return StatusCode::NOT_FOUND.into_response();
    }
    next.run(request).await
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
        let (stop, stopped) = watch::channel(false);
        let (alive, gone) = mpsc::channel(1);
        let site = config.site.clone();
        let http_timeout = config.limits.http_timeout;
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
        let app = app
            .layer(axum::middleware::from_fn(no_double_slash))
            .layer(RequestBodyTimeoutLayer::new(http_timeout))
            .layer(SetResponseHeaderLayer::overriding(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ));
        let serving = tokio::spawn(accept(listener, app, stopped, http_timeout));
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
        served.map_err(|e| ServerError::Io(std::io::Error::other(e)))
    }
}

/// Until the stop.
async fn until_stopped(stopped: &mut watch::Receiver<bool>) {
    let _ = stopped.wait_for(|s| *s).await;
}

/// How long the HTTP connections still open at a stop (a request being
/// answered, the site's files) are given before they are cut.
const STOP_GRACE: Duration = Duration::from_secs(2);

/// Accepts connections until the stop and serves each with hyper, whose
/// header read timeout (`http_timeout`) drops a client that sends its
/// request too slowly; at the stop, waits [`STOP_GRACE`] at most for the
/// open ones. (WebSockets, once upgraded, are the connections' own
/// tasks, which end at the stop by themselves.)
async fn accept(
    listener: tokio::net::TcpListener,
    app: Router,
    mut stopped: watch::Receiver<bool>,
    http_timeout: Duration,
) {
    // Each connection's task holds a clone; all gone: every one ended.
    let (open, mut ended) = mpsc::channel::<()>(1);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(http_timeout);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors, say: wait, then go on.
                    tracing::warn!(error = %e, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = until_stopped(&mut stopped) => break,
        };
        // Small messages that must go at once: no Nagle delay.
        let _ = tcp.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(request.map(axum::body::Body::new))
        });
        let connection = http
            .serve_connection(TokioIo::new(tcp), service)
            .with_upgrades();
        let mut stop = stopped.clone();
        let open = open.clone();
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                () = until_stopped(&mut stop) => {
                    // hyper finishes the request being answered, if any.
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(open);
        });
    }
    drop(listener);
    drop(open);
    let _ = tokio::time::timeout(STOP_GRACE, ended.recv()).await;
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
