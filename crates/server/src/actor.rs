//! The task that runs one live room: it owns the [`Room`], takes the
//! commands of its connections one at a time, writes every change to the
//! database before anyone sees it, sends the events to every connection,
//! runs the computer's decisions on a blocking thread, and keeps the
//! room's timers. A room with no connection for a while leaves memory
//! (it stays in the database and comes back on the next `join`).
//!
//! The room gets what it shares with the others through [`RoomHost`]
//! (the hub implements it), so this module does not depend on the hub.

use crate::config::Config;
use crate::ids::RoomId;
use crate::metrics::Latency;
use crate::protocol::{ErrorCode, Numbered, Refusal, Request, ServerMessage};
use crate::room::{MemberId, Room};
use crate::store::Store;
use axum::extract::ws::Utf8Bytes;
use barricade_rules::Move;
use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::{Semaphore, mpsc, oneshot, watch};
use tokio::time::sleep_until;

/// What a live room needs from the server that runs it: what every room
/// shares, and the list of live rooms, which it leaves when it stops.
pub trait RoomHost: Send + Sync + 'static {
    /// The configuration.
    fn config(&self) -> &Config;
    /// The database.
    fn store(&self) -> &Store;
    /// Permits for computer decisions running at once.
    fn bots(&self) -> &Arc<Semaphore>;
    /// Where each request's time is recorded.
    fn latency(&self) -> &Latency;
    /// The shutdown signal (true: stop).
    fn shutdown(&self) -> watch::Receiver<bool>;
    /// Spawns a task that the server waits for when it stops.
    fn spawn(&self, task: impl Future<Output = ()> + Send + 'static);
    /// Forgets the live room `id` (its task ends).
    fn unload(&self, id: &RoomId) -> impl Future<Output = ()> + Send;
    /// Forgets the live room `id` unless a command is waiting in `inbox`
    /// (then returns it, and the room stays).
    fn unload_if(
        &self,
        id: &RoomId,
        inbox: &mut mpsc::Receiver<Command>,
    ) -> impl Future<Output = Option<Command>> + Send;
}

/// A connection's number, unique in the server.
pub type ConnId = u64;

/// Where a room sends a connection's messages. When the queue is full the
/// room drops the connection (it comes back and asks for what it missed).
pub type Outbox = mpsc::Sender<Utf8Bytes>;

/// What a room is asked to do.
#[derive(Debug)]
pub enum Command {
    /// A connection comes in; the answer holds the `welcome` and the
    /// events above `since`, after which its outbox gets every new one.
    Join {
        /// The connection.
        conn: ConnId,
        /// A member's token.
        token: Option<String>,
        /// The last event number the client has.
        since: u64,
        /// Where the room sends the connection's messages.
        outbox: Outbox,
        /// The answer.
        reply: oneshot::Sender<Result<Vec<Utf8Bytes>, Refusal>>,
    },
    /// A request of a connection that joined.
    Request {
        /// The connection.
        conn: ConnId,
        /// The request (not `create` or `join`).
        request: Request,
    },
    /// A connection went.
    Gone {
        /// The connection.
        conn: ConnId,
    },
    /// The computer's decision.
    BotDone {
        /// The decision it answers.
        decision: u64,
        /// The move.
        mv: Option<Move>,
    },
}

/// A live room's address.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    /// The room's id.
    pub id: RoomId,
    commands: mpsc::Sender<Command>,
}

impl RoomHandle {
    /// Sends a command; `Err` when the room's task has ended.
    pub async fn send(&self, command: Command) -> Result<(), Command> {
        self.commands.send(command).await.map_err(|e| e.0)
    }

    /// Has the room's task ended?
    pub fn is_closed(&self) -> bool {
        self.commands.is_closed()
    }
}

struct Conn {
    member: Option<MemberId>,
    outbox: Outbox,
}

struct Actor<H> {
    id: RoomId,
    room: Room,
    conns: HashMap<ConnId, Conn>,
    host: Arc<H>,
    commands: mpsc::Sender<Command>,
    bot_busy: bool,
    /// Connections whose queue was full or closed, to be dropped.
    dropped: Vec<ConnId>,
}

/// The database failed; the room stops (its clients reconnect to what
/// was stored).
struct Stopped;

/// Starts the task of `room`, which first stores `events` (the room's
/// opening, or what a restart changed).
pub fn spawn<H: RoomHost>(
    host: Arc<H>,
    id: RoomId,
    room: Room,
    events: Vec<Numbered>,
) -> RoomHandle {
    let (commands, inbox) = mpsc::channel(256);
    let handle = RoomHandle {
        id: id.clone(),
        commands: commands.clone(),
    };
    let actor = Actor {
        id,
        room,
        conns: HashMap::new(),
        host: host.clone(),
        commands,
        bot_busy: false,
        dropped: Vec::new(),
    };
    host.spawn(actor.run(inbox, events));
    handle
}

impl<H: RoomHost> Actor<H> {
    async fn run(mut self, mut inbox: mpsc::Receiver<Command>, events: Vec<Numbered>) {
        let mut shutdown = self.host.shutdown();
        if self.publish(events).await.is_err() {
            self.host.unload(&self.id).await;
            return;
        }
        let idle_after = self.host.config().idle_unload;
        let mut idle_since = Instant::now();
        loop {
            self.start_bot();
            let now = Instant::now();
            if !self.conns.is_empty() || self.bot_busy {
                idle_since = now;
            }
            let deadline = self.room.next_deadline();
            let idle_at = idle_since + idle_after;
            let wake = deadline.map_or(idle_at, |d| d.min(idle_at));
            let step = tokio::select! {
                command = inbox.recv() => match command {
                    Some(c) => self.handle(c).await,
                    None => break,
                },
                () = sleep_until(wake.into()) => {
                    let now = Instant::now();
                    if self.conns.is_empty() && !self.bot_busy && now >= idle_at {
                        // Leave memory, unless a command came meanwhile.
                        match self.host.unload_if(&self.id, &mut inbox).await {
                            Some(c) => self.handle(c).await,
                            None => {
                                tracing::debug!(room = %self.id, "the room leaves memory (idle)");
                                break;
                            }
                        }
                    } else {
                        let events = self.room.tick(now);
                        self.publish(events).await
                    }
                }
                _ = shutdown.changed() => break,
            };
            if step.is_err() {
                self.host.unload(&self.id).await;
                break;
            }
        }
    }

    async fn handle(&mut self, command: Command) -> Result<(), Stopped> {
        let now = Instant::now();
        match command {
            Command::Join {
                conn,
                token,
                since,
                outbox,
                reply,
            } => {
                let answer = self
                    .join(conn, token.as_deref(), since, outbox, now)
                    .await?;
                let _ = reply.send(answer);
                Ok(())
            }
            Command::Request { conn, request } => {
                let done = self.request(conn, request, now).await;
                self.host.latency().record(now.elapsed());
                done
            }
            Command::Gone { conn } => {
                let events = match self.conns.remove(&conn).and_then(|c| c.member) {
                    Some(m) => self.room.disconnect(m, now),
                    None => Vec::new(),
                };
                self.publish(events).await
            }
            Command::BotDone { decision, mv } => {
                self.bot_busy = false;
                let events = self.room.computer_played(decision, mv, now);
                self.publish(events).await
            }
        }
    }

    async fn join(
        &mut self,
        conn: ConnId,
        token: Option<&str>,
        since: u64,
        outbox: Outbox,
        now: Instant,
    ) -> Result<Result<Vec<Utf8Bytes>, Refusal>, Stopped> {
        let joined = match self.room.join(token) {
            Ok(j) => j,
            Err(refusal) => return Ok(Err(refusal)),
        };
        // The token first: spectators (and guests without a seat yet)
        // have a cap of their own, below the room's, so that they can
        // never keep a member out.
        let limits = &self.host.config().limits;
        let seatless = self.conns.values().filter(|c| c.member.is_none()).count();
        let full = self.conns.len() >= limits.connections_per_room
            || (joined.member.is_none() && seatless >= limits.spectators_per_room);
        if full {
            return Ok(Err(Refusal::new(
                ErrorCode::RoomFull,
                "the room has as many connections as it takes",
            )));
        }
        let last = self.room.last_event();
        if since > last {
            return Ok(Err(Refusal::new(
                ErrorCode::SinceAhead,
                format!(
                    "the room's last event is {last}, not {since}: load the room again (join with since 0)"
                ),
            )));
        }
        if let Some(member) = joined.member {
            let events = self.room.connect(member, now);
            self.publish(events).await?;
        }
        let backlog = match self
            .host
            .store()
            .events_since(self.id.as_str(), since)
            .await
        {
            Ok(b) => b,
            Err(e) => {
                tracing::error!(
                    room = %self.id,
                    error = %e,
                    "could not read the room's events; the room stops"
                );
                return Err(Stopped);
            }
        };
        let welcome = ServerMessage::Welcome {
            room: self.id.to_string(),
            last: self.room.last_event(),
            you: self.room.you(joined.member),
        };
        let mut out = vec![Utf8Bytes::from(welcome.to_json())];
        out.extend(backlog.into_iter().map(Utf8Bytes::from));
        self.conns.insert(
            conn,
            Conn {
                member: joined.member,
                outbox,
            },
        );
        Ok(Ok(out))
    }

    async fn request(
        &mut self,
        conn: ConnId,
        request: Request,
        now: Instant,
    ) -> Result<(), Stopped> {
        let Some(member) = self.conns.get(&conn).map(|c| c.member) else {
            return Ok(());
        };
        let room = &mut self.room;
        let result = match request {
            Request::Take { seat, name, nonce } => {
                match room.take(member, seat, &name, nonce.as_deref()) {
                    Ok(taken) => {
                        // Stored before the token reaches the client.
                        self.save(&taken.events).await?;
                        if let Some(c) = self.conns.get_mut(&conn) {
                            c.member = Some(taken.member);
                        }
                        let seated = ServerMessage::Seated {
                            seat,
                            token: taken.token.map(|t| t.as_str().to_string()),
                        };
                        self.send_to(conn, seated.to_json());
                        self.broadcast(&taken.events);
                        return self.publish(Vec::new()).await;
                    }
                    Err(e) => Err(e),
                }
            }
            Request::Nonce { nonce } => match room.nonce(member, &nonce) {
                Ok(()) => return self.save(&[]).await,
                Err(e) => Err(e),
            },
            Request::Start => room.start(member, now),
            Request::Roll => room.roll(member, now),
            Request::Move { mv } => room.play(member, &mv, now),
            Request::Pass => room.play(member, "pass", now),
            Request::Back => room.back(member, now),
            Request::Leave => {
                let left = room.leave(member, now);
                if left.is_ok() {
                    self.send_to(conn, ServerMessage::Left.to_json());
                }
                left
            }
            Request::Create { .. } | Request::Join { .. } => Ok(Vec::new()),
        };
        match result {
            Ok(events) => self.publish(events).await,
            Err(refusal) => {
                self.send_to(conn, refusal.to_json());
                self.publish(Vec::new()).await
            }
        }
    }

    /// Stores the room with `events`, then sends them to every connection.
    /// Connections too slow to take them are dropped, which may make more
    /// events (a seat shows not connected), published in turn.
    async fn publish(&mut self, mut events: Vec<Numbered>) -> Result<(), Stopped> {
        loop {
            if !events.is_empty() {
                self.save(&events).await?;
                self.broadcast(&events);
            }
            events.clear();
            let now = Instant::now();
            for conn in std::mem::take(&mut self.dropped) {
                if let Some(member) = self.conns.remove(&conn).and_then(|c| c.member) {
                    events.extend(self.room.disconnect(member, now));
                }
            }
            if events.is_empty() {
                return Ok(());
            }
        }
    }

    async fn save(&mut self, events: &[Numbered]) -> Result<(), Stopped> {
        let snapshot = match serde_json::to_string(&self.room.snapshot()) {
            Ok(s) => s,
            Err(e) => {
                tracing::error!(
                    room = %self.id,
                    error = %e,
                    "could not write the room as JSON; the room stops"
                );
                return Err(Stopped);
            }
        };
        let rows = events.iter().map(|e| (e.n, e.to_json())).collect();
        self.host
            .store()
            .save(self.id.as_str(), snapshot, rows)
            .await
            .map_err(|e| {
                tracing::error!(
                    room = %self.id,
                    error = %e,
                    "could not store the room; the room stops"
                );
                Stopped
            })
    }

    /// Sends the events to every connection; those whose queue is full
    /// or closed are marked to be dropped.
    fn broadcast(&mut self, events: &[Numbered]) {
        for event in events {
            let text = Utf8Bytes::from(event.to_json());
            for (&id, conn) in &self.conns {
                if conn.outbox.try_send(text.clone()).is_err() && !self.dropped.contains(&id) {
                    self.dropped.push(id);
                }
            }
        }
    }

    fn send_to(&mut self, conn: ConnId, text: String) {
        if let Some(c) = self.conns.get(&conn)
            && c.outbox.try_send(Utf8Bytes::from(text)).is_err()
            && !self.dropped.contains(&conn)
        {
            self.dropped.push(conn);
        }
    }

    /// Starts the computer's decision, if one is due and none is running.
    fn start_bot(&mut self) {
        if self.bot_busy {
            return;
        }
        let Some(job) = self.room.computer_job() else {
            return;
        };
        self.bot_busy = true;
        let commands = self.commands.clone();
        let bots = self.host.bots().clone();
        let pause = self.host.config().computer_pause;
        self.host.spawn(async move {
            if !pause.is_zero() {
                tokio::time::sleep(pause).await;
            }
            let Ok(_permit) = bots.acquire_owned().await else {
                return;
            };
            let decision = job.decision;
            let mv = tokio::task::spawn_blocking(move || job.decide())
                .await
                .ok()
                .flatten();
            let _ = commands.send(Command::BotDone { decision, mv }).await;
        });
    }
}
