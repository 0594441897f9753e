//! One WebSocket connection: it reads the client's messages, turns away
//! what is too big, too fast or not a request, opens or joins a room, and
//! passes every other request to the room it joined; it writes what the
//! room sends. A connection is in at most one room at a time.

use crate::actor::{Command, ConnId, RoomHandle};
use crate::hub::Hub;
use crate::limits::RateLimiter;
use crate::protocol::{ErrorCode, Refusal, Request, ServerMessage};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// Close codes (RFC 6455): going away for a restart, a policy violation
/// (a flood), try again later (the room dropped a slow connection).
const RESTART: u16 = 1012;
const POLICY: u16 = 1008;
const AGAIN: u16 = 1013;

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

struct InRoom {
    handle: RoomHandle,
    messages: mpsc::Receiver<Utf8Bytes>,
}

/// Why the connection ends.
enum End {
    Closed,
    Close(u16, &'static str),
}

/// Serves one connection from `ip` until it closes or the server stops.
pub async fn run(mut socket: WebSocket, ip: IpAddr, hub: Arc<Hub>) {
    let conn: ConnId = NEXT_CONN.fetch_add(1, Ordering::Relaxed);
    let limits = hub.config.limits.clone();
    let mut limiter = RateLimiter::new(limits.burst, limits.per_second, Instant::now());
    let mut dropped_in_row = 0u32;
    let mut last_warning: Option<Instant> = None;
    let mut shutdown = hub.shutdown();
    let mut room: Option<InRoom> = None;
    let end = loop {
        tokio::select! {
            _ = shutdown.changed() => break End::Close(RESTART, "the server is restarting"),
            out = next_from_room(&mut room) => match out {
                Some(text) => {
                    if socket.send(Message::Text(text)).await.is_err() {
                        break End::Closed;
                    }
                }
                None if *shutdown.borrow() => break End::Close(RESTART, "the server is restarting"),
                None => break End::Close(AGAIN, "the room dropped this connection; join again"),
            },
            incoming = socket.recv() => {
                let text = match incoming {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break End::Closed,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Text(t))) => Some(t),
                    Some(Ok(Message::Binary(_))) => None,
                };
                let now = Instant::now();
                if !limiter.allow(now) {
                    dropped_in_row += 1;
                    if dropped_in_row > limits.kick_after {
                        break End::Close(POLICY, "too many messages");
                    }
                    if last_warning.is_none_or(|t| now >= t + Duration::from_secs(1)) {
                        last_warning = Some(now);
                        let e = Refusal::new(
                            ErrorCode::RateLimited,
                            format!("too many messages: at most {} a second; this one was dropped", limits.per_second),
                        );
                        if send(&mut socket, e.to_json()).await.is_err() {
                            break End::Closed;
                        }
                    }
                    continue;
                }
                dropped_in_row = 0;
                let answer = match text {
                    None => Err(Refusal::new(ErrorCode::BadMessage, "messages are JSON text, not binary")),
                    Some(t) if t.len() > limits.max_message => Err(Refusal::new(
                        ErrorCode::TooBig,
                        format!("a message may be {} bytes at most", limits.max_message),
                    )),
                    Some(t) => handle(&t, conn, ip, &hub, &mut room, &mut socket).await,
                };
                if let Err(refusal) = answer
                    && send(&mut socket, refusal.to_json()).await.is_err()
                {
                    break End::Closed;
                }
            }
        }
    };
    if let Some(r) = room {
        let _ = r.handle.send(Command::Gone { conn }).await;
    }
    if let End::Close(code, reason) = end {
        let frame = CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        };
        let _ = socket.send(Message::Close(Some(frame))).await;
    }
}

async fn send(socket: &mut WebSocket, text: String) -> Result<(), axum::Error> {
    socket.send(Message::Text(Utf8Bytes::from(text))).await
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
    socket: &mut WebSocket,
) -> Result<(), Refusal> {
    let request: Request = serde_json::from_str(text).map_err(|e| bad_message(&e))?;
    match request {
        Request::Create { settings, name } => {
            let (handle, token) = hub.create(&settings, &name, ip).await?;
            let created = ServerMessage::Created {
                room: handle.id.to_string(),
                token: token.as_str().to_string(),
            };
            send(socket, created.to_json())
                .await
                .map_err(|e| Refusal::new(ErrorCode::Internal, e.to_string()))?;
            join(
                hub,
                handle.id.as_str(),
                Some(token.as_str().to_string()),
                0,
                conn,
                room,
                socket,
            )
            .await
        }
        Request::Join {
            room: id,
            token,
            since,
        } => join(hub, &id, token, since, conn, room, socket).await,
        other => {
            let Some(r) = room.as_ref() else {
                return Err(Refusal::new(
                    ErrorCode::NotInRoom,
                    "join a room (or create one) first",
                ));
            };
            let command = Command::Request {
                conn,
                request: other,
            };
            if r.handle.send(command).await.is_err() {
                *room = None;
                return Err(Refusal::new(
                    ErrorCode::NotInRoom,
                    "the room closed; join it again",
                ));
            }
            Ok(())
        }
    }
}

async fn join(
    hub: &Arc<Hub>,
    id: &str,
    token: Option<String>,
    since: u64,
    conn: ConnId,
    room: &mut Option<InRoom>,
    socket: &mut WebSocket,
) -> Result<(), Refusal> {
    if let Some(old) = room.take() {
        let _ = old.handle.send(Command::Gone { conn }).await;
    }
    // A room that left memory just now is loaded again: one retry.
    for _ in 0..2 {
        let handle = hub.get(id).await?;
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
            socket
                .send(Message::Text(text))
                .await
                .map_err(|e| Refusal::new(ErrorCode::Internal, e.to_string()))?;
        }
        return Ok(());
    }
    Err(Refusal::new(
        ErrorCode::Internal,
        "the room could not be opened; try again",
    ))
}
