//! [`Hub`]: the live rooms. It opens new rooms (within each address's
//! quota), loads stored ones on demand (after a restart, or after they
//! left memory), and holds what every room shares: the configuration, the
//! database, the computer's threads and the shutdown signal. It is the
//! rooms' [`RoomHost`]: the hub depends on the actor, not the other way.

use crate::actor::{self, Command, RoomHandle, RoomHost};
use crate::config::Config;
use crate::ids::{RoomId, Token};
use crate::limits::{Addresses, RoomQuota};
use crate::metrics::Latency;
use crate::protocol::{ErrorCode, Refusal};
use crate::room::{Room, Snapshot};
use crate::settings::{CheckSettings, SettingsJson};
use crate::store::Store;
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::{Semaphore, mpsc, watch};

/// Everything the rooms share.
#[derive(Debug)]
pub struct Hub {
    /// The configuration.
    pub config: Config,
    /// The database.
    pub store: Store,
    /// Permits for computer decisions running at once.
    pub bots: Arc<Semaphore>,
    /// From a request's arrival in its room to its events stored and
    /// handed to every connection.
    pub latency: Latency,
    /// What each address may still do (all its connections together).
    pub addresses: Addresses,
    rooms: tokio::sync::Mutex<HashMap<RoomId, RoomHandle>>,
    quota: Mutex<RoomQuota>,
    shutdown: watch::Receiver<bool>,
    /// Every task holds a clone; the server waits for all to go at stop.
    alive: Mutex<Option<mpsc::Sender<()>>>,
}

fn internal(e: impl std::fmt::Display) -> Refusal {
    Refusal::new(ErrorCode::Internal, e.to_string())
}

/// Logs why the stored room `id` could not come back, and refuses with
/// the error's text as before.
fn load_failed(id: &RoomId, why: &str, e: impl std::fmt::Display) -> Refusal {
    tracing::error!(room = %id, error = %e, "could not load the room: {why}");
    internal(e)
}

impl Hub {
    /// A hub over `store`; `alive` is the sender whose clones the tasks
    /// hold.
    pub fn new(
        config: Config,
        store: Store,
        shutdown: watch::Receiver<bool>,
        alive: mpsc::Sender<()>,
    ) -> Hub {
        Hub {
            bots: Arc::new(Semaphore::new(config.bot_threads.max(1))),
            latency: Latency::default(),
            addresses: Addresses::new(&config.limits),
            quota: Mutex::new(RoomQuota::new(
                config.limits.rooms_per_address,
                config.limits.rooms_window,
            )),
            rooms: tokio::sync::Mutex::new(HashMap::new()),
            shutdown,
            alive: Mutex::new(Some(alive)),
            config,
            store,
        }
    }

    /// The shutdown signal (true: stop).
    pub fn shutdown(&self) -> watch::Receiver<bool> {
        self.shutdown.clone()
    }

    /// A token the server waits for when it stops: hold it while a task
    /// runs.
    pub fn guard(&self) -> Option<mpsc::Sender<()>> {
        self.alive.lock().ok().and_then(|a| a.clone())
    }

    /// Lets go of the tasks' shared sender (at stop).
    pub fn release(&self) {
        if let Ok(mut a) = self.alive.lock() {
            a.take();
        }
    }

    /// Opens a room for the client at `ip`; returns it with the host's
    /// token.
    pub async fn create(
        self: &Arc<Self>,
        settings: &SettingsJson,
        name: &str,
        ip: IpAddr,
    ) -> Result<(RoomHandle, Token), Refusal> {
        let settings = settings
            .check()
            .map_err(|e| Refusal::new(ErrorCode::BadSettings, e.to_string()))?;
        let allowed = self
            .quota
            .lock()
            .map(|mut q| q.try_open(ip, Instant::now()))
            .unwrap_or(false);
        if !allowed {
            return Err(Refusal::new(
                ErrorCode::TooManyRooms,
                "too many rooms were opened from this address lately; try again later",
            ));
        }
        let (room, token, events) = Room::open(settings, name, self.config.away_after)?;
        let id = RoomId::random().map_err(internal)?;
        tracing::debug!(room = %id, "room opened");
        let handle = actor::spawn(self.clone(), id.clone(), room, events);
        self.rooms.lock().await.insert(id, handle.clone());
        Ok((handle, token))
    }

    /// The live room `id`, loaded from the database if it is not in
    /// memory.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<RoomHandle, Refusal> {
        let unknown = || Refusal::new(ErrorCode::UnknownRoom, "there is no such room");
        let id = RoomId::parse(id).ok_or_else(unknown)?;
        let mut rooms = self.rooms.lock().await;
        if let Some(handle) = rooms.get(&id).filter(|h| !h.is_closed()) {
            return Ok(handle.clone());
        }
        let stored = self
            .store
            .load(id.as_str())
            .await
            .map_err(|e| load_failed(&id, "the database failed", e))?
            .ok_or_else(unknown)?;
        let snapshot: Snapshot = serde_json::from_str(&stored)
            .map_err(|e| load_failed(&id, "its stored snapshot does not read", e))?;
        let (room, events) = Room::restore(&snapshot, self.config.away_after, Instant::now())
            .map_err(|e| load_failed(&id, "its stored snapshot does not restore", e))?;
        tracing::debug!(room = %id, "room loaded from the database");
        let handle = actor::spawn(self.clone(), id.clone(), room, events);
        rooms.insert(id, handle.clone());
        Ok(handle)
    }

    /// How many rooms are in memory.
    pub async fn live_rooms(&self) -> usize {
        self.rooms.lock().await.len()
    }
}

impl Hub {
    /// Closes the database (blocking; at stop, once every task is gone).
    pub fn close(self) {
        self.store.close();
    }
}

impl RoomHost for Hub {
    fn config(&self) -> &Config {
        &self.config
    }

    fn store(&self) -> &Store {
        &self.store
    }

    fn bots(&self) -> &Arc<Semaphore> {
        &self.bots
    }

    fn latency(&self) -> &Latency {
        &self.latency
    }

    fn shutdown(&self) -> watch::Receiver<bool> {
        Hub::shutdown(self)
    }

    fn spawn(&self, task: impl Future<Output = ()> + Send + 'static) {
        let guard = self.guard();
        tokio::spawn(async move {
            task.await;
            drop(guard);
        });
    }

    async fn unload(&self, id: &RoomId) {
        self.rooms.lock().await.remove(id);
    }

    async fn unload_if(&self, id: &RoomId, inbox: &mut mpsc::Receiver<Command>) -> Option<Command> {
        let mut rooms = self.rooms.lock().await;
        if let Ok(command) = inbox.try_recv() {
            return Some(command);
        }
        rooms.remove(id);
        inbox.close();
        None
    }
}
