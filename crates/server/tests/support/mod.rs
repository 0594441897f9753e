//! A test client: a WebSocket to the server on 127.0.0.1 that checks the
//! numbering of every event it gets and folds the events with the shared
//! fold ([`RoomView`]), as a page does.

#![allow(dead_code)]

use barricade_protocol::{
    ErrorCode, Event, Numbered, Request, RoomView, ServerMessage, SettingsJson,
};
use barricade_rules::{Move, Phase, policy};
use barricade_server::Config;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Long enough for a busy 2-core machine; only there so that a broken
/// server fails the test instead of hanging it. No test asserts a time.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// A fresh database file in the temp folder.
pub fn temp_db(name: &str) -> PathBuf {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).unwrap();
    let tag: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    std::env::temp_dir().join(format!("barricade-{name}-{tag}.sqlite3"))
}

/// Removes a database file and its WAL files.
pub fn remove_db(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

/// A server config for tests: loopback, an OS-chosen port, no pauses.
/// The test clients play as fast as they can, so their rate limit is
/// high (the flood test sets its own).
pub fn test_config(db: PathBuf) -> Config {
    let mut config = Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        db,
        computer_pause: Duration::ZERO,
        ..Config::default()
    };
    config.limits.burst = 1000;
    config.limits.per_second = 1000;
    // Every test client comes from 127.0.0.1.
    config.limits.address_burst = 100_000;
    config.limits.address_per_second = 100_000;
    config.limits.connections_per_address = 10_000;
    config
}

/// A WebSocket opened by hand on a raw TCP stream (the handshake only,
/// with `headers` added), for what a well-behaved client never does:
/// read nothing, send bad frames. `Err` holds the HTTP answer when the
/// server refused the upgrade.
pub async fn raw_socket(
    addr: SocketAddr,
    headers: &str,
    receive_buffer: Option<u32>,
) -> Result<TcpStream, String> {
    use tokio::io::AsyncReadExt;
    use tokio::io::AsyncWriteExt;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    if let Some(size) = receive_buffer {
        socket.set_recv_buffer_size(size).unwrap();
    }
    let mut tcp = socket.connect(addr).await.expect("connect");
    let request = format!(
        "GET /rooms HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{headers}\r\n"
    );
    tcp.write_all(request.as_bytes()).await.unwrap();
    // The answer's head, byte by byte so that nothing after it is read.
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8; 1];
        let n = tokio::time::timeout(PATIENCE, tcp.read(&mut byte))
            .await
            .expect("an answer in time")
            .unwrap_or(0);
        if n == 0 {
            break;
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).to_string();
    if head.starts_with("HTTP/1.1 101") {
        Ok(tcp)
    } else {
        Err(head)
    }
}

/// A client's frame (masked, with a zero mask): `first` is the FIN bit,
/// reserved bits and opcode.
pub fn frame(first: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = vec![first];
    match payload.len() {
        n if n < 126 => out.push(0x80 | n as u8),
        n => {
            out.push(0x80 | 126);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        }
    }
    out.extend_from_slice(&[0, 0, 0, 0]);
    out.extend_from_slice(payload);
    out
}

/// Everything the server sends on `tcp` until it closes the connection
/// (a reset counts as the end too).
pub async fn read_until_closed(tcp: &mut (impl tokio::io::AsyncRead + Unpin)) -> Vec<u8> {
    use tokio::io::AsyncReadExt;
    let mut all = Vec::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let read = tokio::time::timeout(PATIENCE, tcp.read(&mut buf))
            .await
            .expect("the server closes the connection in time");
        match read {
            Ok(0) | Err(_) => return all,
            Ok(n) => all.extend_from_slice(&buf[..n]),
        }
    }
}

/// The code of the server's close frame in `bytes`, the frames the
/// server sent (unmasked), if there is one.
pub fn close_code(bytes: &[u8]) -> Option<u16> {
    let mut at = 0;
    while at + 2 <= bytes.len() {
        let opcode = bytes[at] & 0x0f;
        let (len, head) = match bytes[at + 1] & 0x7f {
            126 if at + 4 <= bytes.len() => (
                u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]) as usize,
                4,
            ),
            127 if at + 10 <= bytes.len() => {
                let mut b = [0u8; 8];
                b.copy_from_slice(&bytes[at + 2..at + 10]);
                (u64::from_be_bytes(b) as usize, 10)
            }
            126 | 127 => return None,
            n => (n as usize, 2),
        };
        let body = at + head;
        if opcode == 0x8 && len >= 2 && body + 2 <= bytes.len() {
            return Some(u16::from_be_bytes([bytes[body], bytes[body + 1]]));
        }
        at = body + len;
    }
    None
}

/// What the side to move would do in `room` now: roll, or the greedy
/// move.
pub fn greedy(room: &RoomView) -> Option<Request> {
    let pos = room.position.as_ref()?;
    match pos.phase() {
        Phase::Over(_) => None,
        Phase::Roll => Some(Request::Roll),
        _ => {
            let mv: Move = policy::greedy(pos)?;
            Some(Request::Move {
                mv: pos.board().move_name(mv),
            })
        }
    }
}

/// The seat whose turn it is in `room`'s game.
pub fn turn_seat(room: &RoomView) -> Option<usize> {
    room.seat_index(room.position?.turn())
}

/// Settings written as the JSON a client sends.
pub fn settings(json: Value) -> SettingsJson {
    serde_json::from_value(json).expect("settings")
}

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every event received, in order.
    pub events: Vec<Numbered>,
    /// Every message that is not an event, in order.
    pub replies: Vec<ServerMessage>,
    /// The room, folded from the events.
    pub view: RoomView,
    /// Joined in the middle (it has no `opened`): nothing is folded.
    pub partial: bool,
    pub token: Option<String>,
    pub room: Option<String>,
    /// The seats this client took.
    pub seats: Vec<usize>,
    /// The number before the first event it expects.
    pub base: u64,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        Client::connect_with(addr, &[]).await.expect("connect")
    }

    /// A client whose handshake has these headers (`Origin`,
    /// `X-Forwarded-For`); `Err` with the HTTP status when refused.
    pub async fn connect_with(
        addr: SocketAddr,
        headers: &[(&'static str, &str)],
    ) -> Result<Client, u16> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{addr}/rooms").into_client_request().unwrap();
        for (name, value) in headers {
            request
                .headers_mut()
                .insert(*name, value.parse().expect("a header value"));
        }
        let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
        let connect = tokio_tungstenite::connect_async_with_config(request, Some(config), true);
        let connected = tokio::time::timeout(PATIENCE, connect)
            .await
            .expect("connect in time");
        let (ws, _) = match connected {
            Ok(c) => c,
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                return Err(response.status().as_u16());
            }
            Err(e) => panic!("connect: {e}"),
        };
        Ok(Client {
            ws,
            events: Vec::new(),
            replies: Vec::new(),
            view: RoomView::default(),
            partial: false,
            token: None,
            room: None,
            seats: Vec::new(),
            base: 0,
        })
    }

    pub fn last(&self) -> u64 {
        self.events.last().map_or(self.base, |e| e.n)
    }

    pub async fn send(&mut self, r: Request) {
        self.send_text(&r.to_json()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws
            .send(Message::text(text.to_string()))
            .await
            .expect("send");
    }

    /// Sends, and says whether that worked (the server may have closed).
    pub async fn try_send_text(&mut self, text: &str) -> bool {
        self.ws.send(Message::text(text.to_string())).await.is_ok()
    }

    pub async fn send_raw(&mut self, m: Message) {
        self.ws.send(m).await.expect("send");
    }

    /// The next WebSocket message, or `None` when the server closed.
    pub async fn recv_raw(&mut self) -> Option<Message> {
        let next = tokio::time::timeout(PATIENCE, self.ws.next())
            .await
            .expect("an answer in time");
        match next {
            Some(Ok(m)) => Some(m),
            _ => None,
        }
    }

    /// The next message; events are checked, folded and kept.
    pub async fn recv(&mut self) -> ServerMessage {
        loop {
            match self.recv_raw().await {
                Some(Message::Text(t)) => {
                    let msg: ServerMessage = serde_json::from_str(&t).expect("a server message");
                    match &msg {
                        ServerMessage::Event { n, event } => {
                            assert_eq!(*n, self.last() + 1, "events arrive numbered 1, 2, 3, ...");
                            if std::env::var_os("ROOMS_DEBUG").is_some() {
                                eprintln!("event {n}: {event:?}");
                            }
                            self.fold(*n, event);
                            self.events.push(Numbered {
                                n: *n,
                                event: event.clone(),
                            });
                        }
                        ServerMessage::Created { room, token } => {
                            self.room = Some(room.clone());
                            self.token = Some(token.clone());
                            self.replies.push(msg.clone());
                        }
                        ServerMessage::Seated { token, seat } => {
                            self.seats.push(*seat);
                            if let Some(t) = token {
                                self.token = Some(t.clone());
                            }
                            self.replies.push(msg.clone());
                        }
                        _ => {
                            if std::env::var_os("ROOMS_DEBUG").is_some() {
                                eprintln!("reply: {msg:?}");
                            }
                            self.replies.push(msg.clone())
                        }
                    }
                    return msg;
                }
                Some(Message::Close(frame)) => panic!("closed by the server: {frame:?}"),
                Some(_) => continue,
                None => panic!("the connection ended"),
            }
        }
    }

    /// Folds an event, checking it against the room as folded so far.
    fn fold(&mut self, n: u64, event: &Event) {
        if self.partial {
            return;
        }
        if let Event::Started { commit, .. } = event {
            assert_eq!(*commit, self.view.commit, "the committed secret");
        }
        self.view.fold(n, event);
        assert_eq!(self.view.out_of_step, None, "event {n}: {event:?}");
    }

    /// Reads until `pred` holds for a message, which it returns.
    pub async fn until(&mut self, pred: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
        loop {
            let m = self.recv().await;
            if pred(&m) {
                return m;
            }
        }
    }

    /// The next error; panics on anything else but events.
    pub async fn error(&mut self) -> (ErrorCode, String) {
        loop {
            match self.recv().await {
                ServerMessage::Error { code, message } => return (code, message),
                ServerMessage::Event { .. } => panic!("an event instead of an error"),
                _ => {}
            }
        }
    }

    /// Reads events until it has event `n`.
    pub async fn catch_up(&mut self, n: u64) {
        while self.last() < n {
            self.recv().await;
        }
    }

    pub async fn create(&mut self, settings: SettingsJson, name: &str) -> String {
        self.send(Request::Create {
            settings,
            name: name.to_string(),
        })
        .await;
        self.until(|m| matches!(m, ServerMessage::Welcome { .. }))
            .await;
        self.catch_up(1).await;
        self.room.clone().expect("a room")
    }

    pub async fn join(&mut self, room: &str, token: Option<&str>, since: u64) -> ServerMessage {
        self.room = Some(room.to_string());
        if self.events.is_empty() && since > 0 {
            self.base = since;
            self.partial = true;
        }
        if let Some(t) = token {
            self.token = Some(t.to_string());
        }
        self.send(Request::Join {
            room: room.to_string(),
            token: token.map(str::to_string),
            since,
        })
        .await;
        let welcome = self
            .until(|m| {
                matches!(
                    m,
                    ServerMessage::Welcome { .. } | ServerMessage::Error { .. }
                )
            })
            .await;
        if let ServerMessage::Welcome { last, .. } = &welcome {
            self.catch_up(*last).await;
        }
        welcome
    }

    /// Takes `seat` and waits for its `seat_taken` event.
    pub async fn take(&mut self, seat: usize, name: &str, nonce: &str) {
        self.send(Request::Take {
            seat,
            name: name.to_string(),
            nonce: Some(nonce.to_string()),
        })
        .await;
        self.until(|m| matches!(m, ServerMessage::Seated { .. }))
            .await;
        self.until(|m| {
            matches!(m, ServerMessage::Event { event: Event::SeatTaken { seat: s, .. }, .. } if *s == seat)
        })
        .await;
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

impl Client {
    /// A new connection that keeps what this client knew (its events,
    /// token and room), as a page does after a dropped connection.
    pub async fn reopen(self, addr: SocketAddr) -> Client {
        let Client {
            ws,
            events,
            replies,
            view,
            partial,
            token,
            room,
            seats,
            base,
        } = self;
        drop(ws);
        let mut fresh = Client::connect(addr).await;
        fresh.events = events;
        fresh.replies = replies;
        fresh.view = view;
        fresh.partial = partial;
        fresh.token = token;
        fresh.room = room;
        fresh.seats = seats;
        fresh.base = base;
        fresh
    }

    /// Joins again with its token, asking for what it missed.
    pub async fn rejoin(&mut self) -> ServerMessage {
        let room = self.room.clone().expect("a room");
        let token = self.token.clone();
        let since = self.last();
        self.join(&room, token.as_deref(), since).await
    }
}
