//! [`Store`]: the rooms in SQLite. One thread owns the connection; the
//! async side sends it jobs and awaits the answers, so no query ever runs
//! on the async executor. Writes that arrive together are committed in
//! one transaction.
//!
//! Tables: `rooms(id, snapshot, updated)` holds each room's
//! [`crate::room::Snapshot`] as JSON; `events(room, n, message)` holds
//! every numbered event exactly as it was sent. A room's snapshot and its
//! new events are written in one transaction, before any client sees the
//! events, so what a client saw is never lost.

use rusqlite::{Connection, OptionalExtension, params};
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;
use tokio::sync::oneshot;

/// A failed database operation.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database file's folder could not be made.
    #[error("database: {}: {source}", dir.display())]
    CreateDir {
        /// The folder.
        dir: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// SQLite refused to open the file, set it up, or run a query.
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The transaction that held this write (with the others that came
    /// at the same time) failed to commit; every write in it gets this.
    #[error("database: {0}")]
    Commit(#[source] Arc<rusqlite::Error>),
    /// The database's thread could not be started.
    #[error("database: {0}")]
    Thread(#[source] std::io::Error),
    /// The database was closed before the job was sent.
    #[error("database: the database is closed")]
    Closed,
    /// The database's thread ended before it answered.
    #[error("database: the database thread stopped")]
    ThreadStopped,
    /// SQLite's quick check at start found the file damaged.
    #[error(
        "database: {} is damaged ({why}); restore it from a copy (with its -wal file) or move it away to start empty",
        path.display()
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// SQLite's first complaint.
        why: String,
    },
}

type Reply<T> = oneshot::Sender<Result<T, StoreError>>;

enum Job {
    Save {
        room: String,
        snapshot: String,
        events: Vec<(u64, String)>,
        reply: Reply<()>,
    },
    Load {
        room: String,
        reply: Reply<Option<String>>,
    },
    Events {
        room: String,
        since: u64,
        reply: Reply<Vec<String>>,
    },
}

/// The rooms' database.
#[derive(Debug)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    thread: Option<JoinHandle<()>>,
    /// Dropped at close: the checkpoint thread ends.
    checkpoints: Option<(mpsc::Sender<()>, JoinHandle<()>)>,
}

/// How often the WAL is copied into the database file. The writer does
/// not do it on every commit (`wal_autocheckpoint = 0`): a checkpoint
/// ends in an fsync that can take a tenth of a second on a busy disk,
/// and every room waiting for its write would wait for that too; it only
/// empties the WAL once it is over [`WAL_LIMIT`] ([`keep_wal_small`]).
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

/// The WAL is emptied once it is larger than this ([`keep_wal_small`]),
/// and cut back to this size after any checkpoint that starts it over
/// (`journal_size_limit`).
const WAL_LIMIT: i64 = 16 * 1024 * 1024;

/// `synchronous = FULL`: every commit's WAL is synced to the disk before
/// its events are sent, so no event a client saw can be lost to a crash
/// or a power cut and its number given to another event. (`NORMAL`,
/// before, lost the last commits at a power cut.)
const SCHEMA: &str = "
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS rooms (
        id TEXT PRIMARY KEY,
        snapshot TEXT NOT NULL,
        updated INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS events (
        room TEXT NOT NULL,
        n INTEGER NOT NULL,
        message TEXT NOT NULL,
        PRIMARY KEY (room, n)
    ) WITHOUT ROWID;
";

/// Rooms untouched for this many days are deleted when the server starts.
pub const KEEP_DAYS: i64 = 30;

fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl Store {
    /// Opens (or creates) the database at `path`, deletes rooms untouched
    /// for [`KEEP_DAYS`] days, and starts its thread.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
                dir: dir.to_path_buf(),
                source,
            })?;
        }
        if std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == 0) {
            tracing::warn!(
                db = %path.display(),
                "the database file is empty: starting with no rooms (was it truncated? restore it from a copy if rooms were kept there)"
            );
        }
        let conn = Connection::open(path)?;
        check_whole(&conn, path)?;
        conn.execute_batch(SCHEMA)?;
        conn.execute_batch(&format!(
            "PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = {WAL_LIMIT};"
        ))?;
        let checkpointer = Connection::open(path)?;
        checkpointer.execute_batch(&format!(
            "PRAGMA busy_timeout = 5000; PRAGMA journal_size_limit = {WAL_LIMIT};"
        ))?;
        let old = now_secs() - KEEP_DAYS * 24 * 3600;
        conn.execute(
            "DELETE FROM events WHERE room IN (SELECT id FROM rooms WHERE updated < ?1)",
            params![old],
        )?;
        conn.execute("DELETE FROM rooms WHERE updated < ?1", params![old])?;
        let (jobs, rx) = mpsc::channel();
        let wal = PathBuf::from(format!("{}-wal", path.display()));
        let thread = std::thread::Builder::new()
            .name("barricade-store".into())
            .spawn(move || run(conn, rx, &wal))
            .map_err(StoreError::Thread)?;
        let (stop, stopped) = mpsc::channel::<()>();
        let checkpoint = std::thread::Builder::new()
            .name("barricade-checkpoint".into())
            .spawn(move || checkpoints(checkpointer, stopped))
            .map_err(StoreError::Thread)?;
        Ok(Store {
            jobs,
            thread: Some(thread),
            checkpoints: Some((stop, checkpoint)),
        })
    }

    async fn ask<T>(&self, job: impl FnOnce(Reply<T>) -> Job) -> Result<T, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.jobs.send(job(reply)).map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::ThreadStopped)?
    }

    /// Writes a room's snapshot and its new events (numbered) together.
    pub async fn save(
        &self,
        room: &str,
        snapshot: String,
        events: Vec<(u64, String)>,
    ) -> Result<(), StoreError> {
        let room = room.to_string();
        self.ask(|reply| Job::Save {
            room,
            snapshot,
            events,
            reply,
        })
        .await
    }

    /// A room's snapshot, if the room exists.
    pub async fn load(&self, room: &str) -> Result<Option<String>, StoreError> {
        let room = room.to_string();
        self.ask(|reply| Job::Load { room, reply }).await
    }

    /// A room's event messages numbered above `since`, in order.
    pub async fn events_since(&self, room: &str, since: u64) -> Result<Vec<String>, StoreError> {
        let room = room.to_string();
        self.ask(|reply| Job::Events { room, since, reply }).await
    }

    /// Stops the thread after the jobs already sent, and closes the file.
    /// Blocks until then (call it off the async executor).
    pub fn close(mut self) {
        let (dead, _) = mpsc::channel();
        drop(std::mem::replace(&mut self.jobs, dead));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        if let Some((stop, thread)) = self.checkpoints.take() {
            drop(stop);
            let _ = thread.join();
        }
    }
}

/// SQLite's quick check (`PRAGMA quick_check`: every page and record
/// read, the indexes' order, not their contents), which also refuses a
/// file that is no database.
fn check_whole(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let damaged = |why: String| StoreError::Damaged {
        path: path.to_path_buf(),
        why,
    };
    let first: String = conn
        .query_row("PRAGMA quick_check(1)", [], |row| row.get(0))
        .map_err(|e| damaged(e.to_string()))?;
    if first == "ok" {
        Ok(())
    } else {
        Err(damaged(first))
    }
}

/// Copies the WAL into the database file every [`CHECKPOINT_EVERY`]
/// (passive: it never blocks the writer), and all of it at close.
fn checkpoints(conn: Connection, stop: mpsc::Receiver<()>) {
    while let Err(mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(CHECKPOINT_EVERY) {
        let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
    }
    let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
}

/// Under steady writes the passive checkpoints never catch up with the
/// last frame, so SQLite never starts the WAL over and it grows without
/// end (over 200 MB in the load benchmark's minute), and another
/// connection's `TRUNCATE` checkpoint never finds the writer idle. So
/// the writer itself, between two transactions, empties the WAL once it
/// is over [`WAL_LIMIT`]: the passive checkpoints copied most of it, so
/// this copies the rest, syncs and truncates the file.
fn keep_wal_small(conn: &Connection, wal: &Path) {
    let big = std::fs::metadata(wal).is_ok_and(|m| m.len() as i64 > WAL_LIMIT);
    if big {
        let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
    }
}

fn run(mut conn: Connection, jobs: mpsc::Receiver<Job>, wal: &Path) {
    while let Ok(first) = jobs.recv() {
        keep_wal_small(&conn, wal);
        let mut batch = vec![first];
        while batch.len() < 512 {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let mut saved: Vec<(Reply<()>, Result<(), StoreError>)> = Vec::new();
        let committed = (|| -> Result<(), rusqlite::Error> {
            let mut tx = conn.transaction()?;
            for job in batch {
                match job {
                    Job::Save {
                        room,
                        snapshot,
                        events,
                        reply,
                    } => {
                        // A savepoint each: one failed save leaves the others.
                        let one = save(&mut tx, &room, &snapshot, &events);
                        saved.push((reply, one.map_err(StoreError::from)));
                    }
                    Job::Load { room, reply } => {
                        let _ = reply.send(load(&tx, &room).map_err(StoreError::from));
                    }
                    Job::Events { room, since, reply } => {
                        let _ =
                            reply.send(events_since(&tx, &room, since).map_err(StoreError::from));
                    }
                }
            }
            tx.commit()
        })()
        .map_err(Arc::new);
        for (reply, one) in saved {
            let result = match &committed {
                Ok(()) => one,
                Err(e) => Err(StoreError::Commit(e.clone())),
            };
            let _ = reply.send(result);
        }
    }
}

fn save(
    tx: &mut rusqlite::Transaction<'_>,
    room: &str,
    snapshot: &str,
    events: &[(u64, String)],
) -> Result<(), rusqlite::Error> {
    let sp = tx.savepoint()?;
    sp.prepare_cached(
        "INSERT INTO rooms (id, snapshot, updated) VALUES (?1, ?2, ?3)
         ON CONFLICT (id) DO UPDATE SET snapshot = excluded.snapshot, updated = excluded.updated",
    )?
    .execute(params![room, snapshot, now_secs()])?;
    {
        let mut insert =
            sp.prepare_cached("INSERT INTO events (room, n, message) VALUES (?1, ?2, ?3)")?;
        for (n, message) in events {
            insert.execute(params![room, *n as i64, message])?;
        }
    }
    sp.commit()
}

fn load(conn: &Connection, room: &str) -> Result<Option<String>, rusqlite::Error> {
    conn.prepare_cached("SELECT snapshot FROM rooms WHERE id = ?1")?
        .query_row(params![room], |row| row.get::<_, String>(0))
        .optional()
}

fn events_since(conn: &Connection, room: &str, since: u64) -> Result<Vec<String>, rusqlite::Error> {
    let mut stmt =
        conn.prepare_cached("SELECT message FROM events WHERE room = ?1 AND n > ?2 ORDER BY n")?;
    let since = since.min(i64::MAX as u64) as i64;
    stmt.query_map(params![room, since], |row| row.get::<_, String>(0))?
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn saves_loads_and_lists_events() {
        let path = std::env::temp_dir().join(format!(
            "barricade-store-{}.sqlite3",
            crate::ids::hex(&crate::ids::random_bytes::<8>().unwrap())
        ));
        let store = Store::open(&path).unwrap();
        assert_eq!(store.load("r").await.unwrap(), None);
        store
            .save("r", "{}".into(), vec![(1, "a".into()), (2, "b".into())])
            .await
            .unwrap();
        store
            .save("r", "{1}".into(), vec![(3, "c".into())])
            .await
            .unwrap();
        assert_eq!(store.load("r").await.unwrap().as_deref(), Some("{1}"));
        assert_eq!(store.events_since("r", 1).await.unwrap(), ["b", "c"]);
        // A number written twice is refused, and nothing of that write stays.
        assert!(
            store
                .save("r", "{2}".into(), vec![(3, "x".into())])
                .await
                .is_err()
        );
        assert_eq!(store.load("r").await.unwrap().as_deref(), Some("{1}"));
        tokio::task::spawn_blocking(move || store.close())
            .await
            .unwrap();
        let again = Store::open(&path).unwrap();
        assert_eq!(again.events_since("r", 0).await.unwrap().len(), 3);
        tokio::task::spawn_blocking(move || again.close())
            .await
            .unwrap();
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }

    #[tokio::test]
    async fn a_failed_write_keeps_the_sqlite_error_as_its_source() {
        use std::error::Error as _;
        let path = std::env::temp_dir().join(format!(
            "barricade-store-{}.sqlite3",
            crate::ids::hex(&crate::ids::random_bytes::<8>().unwrap())
        ));
        let store = Store::open(&path).unwrap();
        store
            .save("r", "{}".into(), vec![(1, "a".into())])
            .await
            .unwrap();
        let again = store
            .save("r", "{}".into(), vec![(1, "a".into())])
            .await
            .unwrap_err();
        assert!(matches!(again, StoreError::Sqlite(_)), "{again:?}");
        assert!(again.to_string().starts_with("database: "), "{again}");
        let source = again.source().expect("the SQLite error");
        assert!(source.downcast_ref::<rusqlite::Error>().is_some());
        assert_eq!(again.to_string(), format!("database: {source}"));
        tokio::task::spawn_blocking(move || store.close())
            .await
            .unwrap();
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }

    #[test]
    fn a_folder_that_cannot_be_made_keeps_the_io_error() {
        use std::error::Error as _;
        let file = std::env::temp_dir().join(format!(
            "barricade-store-{}",
            crate::ids::hex(&crate::ids::random_bytes::<8>().unwrap())
        ));
        std::fs::write(&file, "").unwrap();
        let e = Store::open(&file.join("rooms.sqlite3")).unwrap_err();
        let _ = std::fs::remove_file(&file);
        assert!(matches!(e, StoreError::CreateDir { .. }), "{e:?}");
        assert!(
            e.source()
                .unwrap()
                .downcast_ref::<std::io::Error>()
                .is_some()
        );
        assert!(
            e.to_string()
                .starts_with(&format!("database: {}: ", file.display())),
            "{e}"
        );
    }
}
