//! One WebSocket connection: it reads the client's messages, turns away
//! what is too big, too fast or not a request, opens or joins a room, and
//! passes every other request to the room it joined; it writes what the
//! room sends. A connection is in at most one room at a time.
//!
//! Every write has a timeout ([`crate::config::Limits::write_timeout`])
//! and gives way to the server's stop, so a client that does not read
//! is dropped and never holds up a stop; a client that sends nothing,
//! not even a pong to the pings, is dropped after the idle timeout.

use crate::actor::{Command, ConnId, RoomHandle};
use crate::hub::Hub;
use crate::limits::RateLimiter;
use crate::protocol::{ErrorCode, Refusal, Request, ServerMessage};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot, watch};

/// Close codes (RFC 6455): idle for too long, a protocol error, bad
/// UTF-8, a policy violation (a flood, a client that does not read), a
/// message too big, going away for a restart, try again later (the room
/// dropped a slow connection).
const IDLE: u16 = 1001;
const PROTOCOL: u16 = 1002;
const NOT_UTF8: u16 = 1007;
const POLICY: u16 = 1008;
const TOO_BIG: u16 = 1009;
const RESTART: u16 = 1012;
const AGAIN: u16 = 1013;

/// The longest wait for the closing frame to go out.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

struct InRoom {
    handle: RoomHandle,
    messages: mpsc::Receiver<Utf8Bytes>,
}

/// Why the connection ends.
enum End {
    /// The client closed it, or it broke.
    Closed,
    /// The server closes it with this code and reason.
    Close(u16, &'static str),
}

const RESTARTING: End = End::Close(RESTART, "the server is restarting");

/// A request that could not be handled: refused (the connection goes
/// on), or the connection ends.
enum Fail {
    Refused(Refusal),
    End(End),
}

impl From<Refusal> for Fail {
    fn from(r: Refusal) -> Fail {
        Fail::Refused(r)
    }
}

impl From<End> for Fail {
    fn from(e: End) -> Fail {
        Fail::End(e)
    }
}

/// The socket with what every write needs: the timeout and the stop.
struct Socket {
    ws: WebSocket,
    shutdown: watch::Receiver<bool>,
    write_timeout: Duration,
}

/// Until the server stops.
async fn stopping(shutdown: &mut watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|s| *s).await;
}

impl Socket {
    /// Writes one message within the timeout; a stop cuts it short.
    async fn write(&mut self, m: Message) -> Result<(), End> {
        if *self.shutdown.borrow() {
            return Err(RESTARTING);
        }
        tokio::select! {
            sent = tokio::time::timeout(self.write_timeout, self.ws.send(m)) => match sent {
                Ok(Ok(())) => Ok(()),
                Ok(Err(_)) => Err(End::Closed),
                Err(_) => Err(End::Close(POLICY, "the client does not read")),
            },
            () = stopping(&mut self.shutdown) => Err(RESTARTING),
        }
    }

    async fn text(&mut self, text: impl Into<Utf8Bytes>) -> Result<(), End> {
        self.write(Message::Text(text.into())).await
    }

    /// Sends the closing frame, waiting [`CLOSE_WAIT`] at most.
    async fn close(mut self, code: u16, reason: &'static str) {
        let frame = CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        };
        let wait = CLOSE_WAIT.min(self.write_timeout);
        let _ = tokio::time::timeout(wait, self.ws.send(Message::Close(Some(frame)))).await;
    }
}

/// The close code RFC 6455 asks for after a read error, if any.
fn read_error(e: axum::Error) -> End {
    use tungstenite::error::{CapacityError, Error as Ws};
    match e.into_inner().downcast::<Ws>().map(|b| *b) {
        Ok(Ws::Protocol(_)) => End::Close(PROTOCOL, "a protocol error"),
        Ok(Ws::Utf8(_)) => End::Close(NOT_UTF8, "text that is not UTF-8"),
        Ok(Ws::Capacity(CapacityError::MessageTooLong { .. })) => {
            End::Close(TOO_BIG, "a message too big")
        }
        Ok(Ws::Capacity(_)) => End::Close(PROTOCOL, "a protocol error"),
        _ => End::Closed,
    }
}

/// Serves one connection from `ip` until it closes or the server stops.
pub async fn run(ws: WebSocket, ip: IpAddr, hub: Arc<Hub>) {
    let conn: ConnId = NEXT_CONN.fetch_add(1, Ordering::Relaxed);
    let limits = hub.config.limits.clone();
    let mut limiter = RateLimiter::new(limits.burst, limits.per_second, Instant::now());
    let mut dropped_in_row = 0u32;
    let mut last_warning: Option<Instant> = None;
    let mut socket = Socket {
        ws,
        shutdown: hub.shutdown(),
        write_timeout: limits.write_timeout,
    };
    let idle_timeout = limits.idle_timeout.max(Duration::from_millis(10));
    let mut pings = tokio::time::interval(idle_timeout / 2);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    pings.reset();
    let mut heard = Instant::now();
    let mut room: Option<InRoom> = None;
    let end = loop {
        tokio::select! {
            () = stopping(&mut socket.shutdown) => break RESTARTING,
            out = next_from_room(&mut room) => match out {
                Some(text) => {
                    if let Err(end) = socket.text(text).await {
                        break end;
                    }
                }
                None if *socket.shutdown.borrow() => break RESTARTING,
                None => break End::Close(AGAIN, "the room dropped this connection; join again"),
            },
            _ = pings.tick() => {
                if heard.elapsed() >= idle_timeout {
                    break End::Close(IDLE, "idle for too long");
                }
                if let Err(end) = socket.write(Message::Ping(Default::default())).await {
                    break end;
                }
            }
            incoming = socket.ws.recv() => {
                heard = Instant::now();
                let text = match incoming {
                    None | Some(Ok(Message::Close(_))) => break End::Closed,
                    Some(Err(e)) => break read_error(e),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Text(t))) => Some(t),
                    Some(Ok(Message::Binary(_))) => None,
                };
                let now = Instant::now();
                // The connection's own bucket, then its address's.
                if !(limiter.allow(now) && hub.addresses.allow(ip, now)) {
                    dropped_in_row += 1;
                    if dropped_in_row > limits.kick_after {
                        break End::Close(POLICY, "too many messages");
                    }
                    if last_warning.is_none_or(|t| now >= t + Duration::from_secs(1)) {
                        last_warning = Some(now);
                        let e = Refusal::new(
                            ErrorCode::RateLimited,
                            format!(
                                "too many messages: at most {} a second (and {} from one address); this one was dropped",
                                limits.per_second, limits.address_per_second
                            ),
                        );
                        if let Err(end) = socket.text(e.to_json()).await {
                            break end;
                        }
                    }
                    continue;
                }
                dropped_in_row = 0;
                let answer = match text {
                    None => Err(Refusal::new(ErrorCode::BadMessage, "messages are JSON text, not binary").into()),
                    Some(t) if t.len() > limits.max_message => Err(Refusal::new(
                        ErrorCode::TooBig,
                        format!("a message may be {} bytes at most", limits.max_message),
                    ).into()),
                    Some(t) => handle(&t, conn, ip, &hub, &mut room, &mut socket).await,
                };
                match answer {
                    Ok(()) => {}
                    Err(Fail::End(end)) => break end,
                    Err(Fail::Refused(refusal)) => {
                        if let Err(end) = socket.text(refusal.to_json()).await {
                            break end;
                        }
                    }
                }
            }
        }
    };
    if let Some(r) = room {
        let _ = r.handle.send(Command::Gone { conn }).await;
    }
    if let End::Close(code, reason) = end {
        if code == POLICY || code == IDLE {
            tracing::debug!(%ip, code, reason, "a connection is dropped");
        }
        socket.close(code, reason).await;
    }
}

/// The room's next message; never, when in no room; `None` when the
/// room dropped the connection or stopped.
async fn next_from_room(room: &mut Option<InRoom>) -> Option<Utf8Bytes> {
    match room {
        Some(r) => r.messages.recv().await,
        None => std::future::pending().await,
    }
}

fn bad_message(e: &serde_json::Error) -> Refusal {
    // The parser may quote the input: cut on a character, not a byte.
    let why: String = e.to_string().chars().take(200).collect();
    Refusal::new(
        ErrorCode::BadMessage,
        format!("not a request ({why}); see docs/online.md"),
    )
}

async fn handle(
    text: &str,
    conn: ConnId,
    ip: IpAddr,
    hub: &Arc<Hub>,
    room: &mut Option<InRoom>,
    socket: &mut Socket,
) -> Result<(), Fail> {
    let request: Request = serde_json::from_str(text).map_err(|e| bad_message(&e))?;
    match request {
        Request::Create { settings, name } => {
            let (handle, token) = hub.create(&settings, &name, ip).await?;
            let created = ServerMessage::Created {
                room: handle.id.to_string(),
                token: token.as_str().to_string(),
            };
            socket.text(created.to_json()).await?;
            let token = Some(token.as_str().to_string());
            join(hub, handle.id.as_str(), token, 0, conn, ip, room, socket).await
        }
        Request::Join {
            room: id,
            token,
            since,
        } => join(hub, &id, token, since, conn, ip, room, socket).await,
        other => {
            let Some(r) = room.as_ref() else {
                return Err(Refusal::new(
                    ErrorCode::NotInRoom,
                    "join a room (or create one) first",
                )
                .into());
            };
            let command = Command::Request {
                conn,
                request: other,
            };
            if r.handle.send(command).await.is_err() {
                *room = None;
                return Err(
                    Refusal::new(ErrorCode::NotInRoom, "the room closed; join it again").into(),
                );
            }
            Ok(())
        }
    }
}

#[allow(clippy::too_many_arguments)]
async fn join(
    hub: &Arc<Hub>,
    id: &str,
    token: Option<String>,
    since: u64,
    conn: ConnId,
    ip: IpAddr,
    room: &mut Option<InRoom>,
    socket: &mut Socket,
) -> Result<(), Fail> {
    if let Some(old) = room.take() {
        let _ = old.handle.send(Command::Gone { conn }).await;
    }
    if hub.addresses.guessing(ip, Instant::now()) {
        return Err(Refusal::new(
            ErrorCode::RateLimited,
            "too many joins of rooms that do not exist from this address; try again in a minute",
        )
        .into());
    }
    // A room that left memory just now is loaded again: one retry.
    for _ in 0..2 {
        let handle = match hub.get(id).await {
            Ok(h) => h,
            Err(refusal) => {
                if refusal.code == ErrorCode::UnknownRoom {
                    hub.addresses.unknown_room(ip, Instant::now());
                }
                return Err(refusal.into());
            }
        };
        let (outbox, messages) = mpsc::channel(hub.config.limits.outbox);
        let (reply, answer) = oneshot::channel();
        let command = Command::Join {
            conn,
            token: token.clone(),
            since,
            outbox,
            reply,
        };
        if handle.send(command).await.is_err() {
            continue;
        }
        let Ok(answer) = answer.await else {
            continue;
        };
        let backlog = answer?;
        *room = Some(InRoom { handle, messages });
        for text in backlog {
            socket.text(text).await?;
        }
        return Ok(());
    }
    Err(Refusal::new(
        ErrorCode::Internal,
        "the room could not be opened; try again",
    )
    .into())
}
