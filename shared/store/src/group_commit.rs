//! The embedded store's one writer: a thread that owns the writing connection and commits
//! the writes waiting for it together (group commit).
//!
//! A durable commit waits for the disk (`synchronous=FULL`), and SQLite writes each changed
//! 16 KiB page whole: a grievance created alone rewrote about thirty pages (its row, a dozen
//! index leaves, the text index, the audit rows, the figures) and waited for one flush, so
//! that creates were bound by the disk at about 575 a second. Writes that queue while a
//! commit is flushed share the next one: each runs in its own savepoint of one transaction
//! (so a refused write undoes only itself), the pages they share are written once, and the
//! transaction is committed, and flushed, once. No write is answered before the commit that
//! holds it is durable; if that commit fails, every write in it is answered with the error.

use crate::StoreError;
use rusqlite::Connection;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

/// At most this many writes share a commit, so that one commit stays short.
const MAX_GROUP: usize = 64;

/// A write that can share a transaction: `run` makes its changes on the connection (inside a
/// savepoint) and says whether to keep them; `finish` answers it once the commit is known.
trait GroupedWrite: Send {
    fn run(&mut self, conn: &Connection) -> bool;
    fn finish(self: Box<Self>, commit: Result<(), String>);
}

enum Job {
    Grouped(Box<dyn GroupedWrite>),
    /// Runs alone with the connection, its transaction its own business (bulk loads, which
    /// turn durability off for their commit).
    Alone(Box<dyn FnOnce(&mut Connection) + Send>),
}

struct Pending<R, F> {
    f: Option<F>,
    outcome: Option<(bool, Result<R, StoreError>)>,
    reply: tokio::sync::oneshot::Sender<Result<R, StoreError>>,
}

impl<R: Send, F: FnOnce(&Connection) -> (bool, Result<R, StoreError>) + Send> GroupedWrite for Pending<R, F> {
    fn run(&mut self, conn: &Connection) -> bool {
        let f = self.f.take().expect("a write runs once");
        let outcome = catch_unwind(AssertUnwindSafe(|| f(conn))).unwrap_or_else(|_| (false, Err(StoreError::Backend("a write failed unexpectedly".into()))));
        let keep = outcome.0;
        self.outcome = Some(outcome);
        keep
    }

    fn finish(self: Box<Self>, commit: Result<(), String>) {
        let answer = match (self.outcome, commit) {
            (Some((_, answer)), Ok(())) => answer,
            // Undone anyway: its answer (a refused condition, say) stands.
            (Some((false, answer)), Err(_)) => answer,
            (Some((true, _)), Err(e)) | (None, Err(e)) => Err(StoreError::Backend(e)),
            (None, Ok(())) => Err(StoreError::Backend("a write was not run".into())),
        };
        // The requester may have gone (a dropped request): nothing to answer then.
        let _ = self.reply.send(answer);
    }
}

/// The handle requests write through. Dropping it ends the thread, after the writes already
/// queued, and waits for it: the writing connection is closed when the handle is gone, so the
/// store's last connection to close folds the write-ahead log into the file (SQLite does this
/// on the last close), even when the process ends just after (a command such as `portal seed`).
pub(crate) struct Writer {
    /// `None` only while dropping.
    jobs: Option<Sender<Job>>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            // A handle dropped by a job on the writer's own thread cannot wait for it.
            if thread.thread().id() != std::thread::current().id() {
                let _ = thread.join();
            }
        }
    }
}

impl Writer {
    pub(crate) fn start(conn: Connection) -> Writer {
        let (jobs, queue) = mpsc::channel();
        let thread = std::thread::Builder::new().name("sqlite-writer".into()).spawn(move || run(conn, queue)).expect("the writer thread starts");
        Writer { jobs: Some(jobs), thread: Some(thread) }
    }

    fn send(&self, job: Job) -> Result<(), StoreError> {
        self.jobs.as_ref().and_then(|jobs| jobs.send(job).ok()).ok_or_else(|| StoreError::Backend("the store is closed".into()))
    }

    /// Runs `f` in a savepoint of the next group's transaction. `f` says whether to keep its
    /// changes; kept changes are answered once committed, undone ones at once with `f`'s
    /// answer.
    pub(crate) async fn grouped<R: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> (bool, Result<R, StoreError>) + Send + 'static,
    ) -> Result<R, StoreError> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let job = Job::Grouped(Box::new(Pending { f: Some(f), outcome: None, reply }));
        self.send(job)?;
        answer.await.map_err(|_| StoreError::Backend("the writer stopped".into()))?
    }

    /// Runs `f` alone with the connection, between groups.
    pub(crate) async fn alone<R: Send + 'static>(&self, f: impl FnOnce(&mut Connection) -> Result<R, StoreError> + Send + 'static) -> Result<R, StoreError> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let job = Job::Alone(Box::new(move |conn: &mut Connection| {
            let result = catch_unwind(AssertUnwindSafe(|| f(conn))).unwrap_or_else(|_| Err(StoreError::Backend("a write failed unexpectedly".into())));
            let _ = reply.send(result);
        }));
        self.send(job)?;
        answer.await.map_err(|_| StoreError::Backend("the writer stopped".into()))?
    }
}

fn run(mut conn: Connection, queue: Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let mut waiting = vec![first];
        while waiting.len() < MAX_GROUP {
            match queue.try_recv() {
                Ok(job) => waiting.push(job),
                Err(_) => break,
            }
        }
        let mut group = Vec::new();
        for job in waiting {
            match job {
                Job::Grouped(write) => group.push(write),
                Job::Alone(f) => {
                    commit(&conn, std::mem::take(&mut group));
                    f(&mut conn);
                }
            }
        }
        commit(&conn, group);
    }
}

/// Runs `group` in one transaction, each write in its own savepoint, and answers each.
fn commit(conn: &Connection, mut group: Vec<Box<dyn GroupedWrite>>) {
    if group.is_empty() {
        return;
    }
    let outcome = (|| {
        conn.execute_batch("BEGIN IMMEDIATE")?;
        for write in group.iter_mut() {
            conn.execute_batch("SAVEPOINT write")?;
            if write.run(conn) {
                conn.execute_batch("RELEASE write")?;
            } else {
                conn.execute_batch("ROLLBACK TO write; RELEASE write")?;
            }
        }
        conn.execute_batch("COMMIT")
    })();
    let outcome = outcome.map_err(|e| {
        // Nothing of the group is kept: the error is every kept write's answer.
        if !conn.is_autocommit() {
            let _ = conn.execute_batch("ROLLBACK");
        }
        e.to_string()
    });
    for write in group {
        write.finish(outcome.clone());
    }
}
