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
    config
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
        let url = format!("ws://{addr}/rooms");
        let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
        let connect = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
        let (ws, _) = tokio::time::timeout(PATIENCE, connect)
            .await
            .expect("connect in time")
            .expect("connect");
        Client {
            ws,
            events: Vec::new(),
            replies: Vec::new(),
            view: RoomView::default(),
            partial: false,
            token: None,
            room: None,
            seats: Vec::new(),
            base: 0,
        }
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
