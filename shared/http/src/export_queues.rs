//! Every export takes a place in its kind's queue before it reads or writes anything. A file
//! that is laid out whole in memory (a PDF, an audit trail read whole) is written one at a
//! time per kind, so that users asking at once wait their turn instead of multiplying the
//! server's memory; a file streamed to disk two at a time. A queue holds a bounded number of
//! waiting exports, and each user at most [`PER_USER`] of one kind (the one being written and
//! two waiting): beyond either, the request is refused at once (429), never queued for ever.
//!
//! The queues are the state's ([`crate::AppState::export_queues`]): on one machine the
//! portal's, in the cloud each function instance's (which answers one request at a time, its
//! concurrency bounding the rest).

use domain::Msg;
use domain::{Error, Result};
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The kinds of export, each with its own queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lane {
    GrievancesPdf,
    GrievancesExcel,
    Officers,
    AuditPdf,
    AuditExcel,
    AuditCsv,
    ReportPdf,
    ReportExcel,
}

/// How many exports of one kind one user may have under way (written or waiting).
pub const PER_USER: usize = 3;

/// How many exports of one kind may wait for their turn, beyond those being written.
pub const MOST_WAITING: usize = 16;

impl Lane {
    const ALL: [Lane; 8] = [Lane::GrievancesPdf, Lane::GrievancesExcel, Lane::Officers, Lane::AuditPdf, Lane::AuditExcel, Lane::AuditCsv, Lane::ReportPdf, Lane::ReportExcel];

    /// How many of the kind are written at once.
    fn at_once(self) -> usize {
        match self {
            Lane::GrievancesExcel | Lane::Officers => 2,
            _ => 1,
        }
    }

    fn index(self) -> usize {
        Lane::ALL.iter().position(|l| *l == self).expect("every lane is listed")
    }
}

/// A queue for each kind of export.
pub struct ExportQueues(Vec<Arc<Queue>>);

impl Default for ExportQueues {
    fn default() -> Self {
        ExportQueues(Lane::ALL.iter().map(|lane| Arc::new(Queue::new(lane.at_once()))).collect())
    }
}

impl std::fmt::Debug for ExportQueues {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ExportQueues")
    }
}

struct Queue {
    turns: Arc<Semaphore>,
    /// Exports under way (waiting or written), in all and by user.
    under_way: Mutex<(usize, HashMap<i64, usize>)>,
    at_once: usize,
}

impl Queue {
    fn new(at_once: usize) -> Queue {
        Queue { turns: Arc::new(Semaphore::new(at_once)), under_way: Mutex::new((0, HashMap::new())), at_once }
    }
}

/// A place in a queue: the export's turn once [`take`] answers, given back when dropped.
pub struct Place {
    queue: Arc<Queue>,
    user: i64,
    _turn: OwnedSemaphorePermit,
}

impl Drop for Place {
    fn drop(&mut self) {
        leave(&self.queue, self.user);
    }
}

fn leave(queue: &Queue, user: i64) {
    let mut under_way = queue.under_way.lock().unwrap_or_else(|e| e.into_inner());
    under_way.0 -= 1;
    if let Some(n) = under_way.1.get_mut(&user) {
        *n -= 1;
        if *n == 0 {
            under_way.1.remove(&user);
        }
    }
}

impl ExportQueues {
    /// Waits for `user`'s turn to write an export of `lane`; refused (429) when they already
    /// have [`PER_USER`] of that kind under way, or when the kind's queue is full.
    pub async fn take(&self, lane: Lane, user: i64) -> Result<Place> {
        let queue = self.0[lane.index()].clone();
        {
            let mut under_way = queue.under_way.lock().unwrap_or_else(|e| e.into_inner());
            let (all, by_user) = &mut *under_way;
            let mine = by_user.get(&user).copied().unwrap_or(0);
            if mine >= PER_USER {
                return Err(Error::TooManyAttempts(Msg::ExportsYoursUnderWay));
            }
            if *all >= queue.at_once + MOST_WAITING {
                return Err(Error::TooManyAttempts(Msg::ExportsQueueFull));
            }
            *all += 1;
            *by_user.entry(user).or_insert(0) += 1;
        }
        // Counted from here: a request dropped while it waits (the client went away) leaves too.
        struct Waiting(Arc<Queue>, i64, bool);
        impl Drop for Waiting {
            fn drop(&mut self) {
                if !self.2 {
                    leave(&self.0, self.1);
                }
            }
        }
        let mut waiting = Waiting(queue.clone(), user, false);
        let turn = queue.turns.clone().acquire_owned().await.map_err(Error::internal)?;
        waiting.2 = true;
        Ok(Place { queue, user, _turn: turn })
    }

    /// How many exports of `lane` are under way (written or waiting).
    pub fn under_way(&self, lane: Lane) -> usize {
        self.0[lane.index()].under_way.lock().unwrap_or_else(|e| e.into_inner()).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_user_has_three_of_a_kind_under_way_and_a_full_queue_refuses() {
        let queues = Arc::new(ExportQueues::default());
        let lane = Lane::ReportExcel;
        let take = |user: i64| {
            let queues = queues.clone();
            async move { queues.take(lane, user).await }
        };
        let first = take(1).await.unwrap();
        // The second and third wait for the first's turn; a fourth is refused at once.
        let (second, third) = (tokio::spawn(take(1)), tokio::spawn(take(1)));
        while queues.under_way(lane) < 3 {
            tokio::task::yield_now().await;
        }
        assert_eq!(take(1).await.err(), Some(Error::TooManyAttempts(Msg::ExportsYoursUnderWay.into())));
        assert!(queues.take(Lane::ReportPdf, 1).await.is_ok(), "another kind is another queue");
        drop(first);
        drop(second.await.unwrap().unwrap());
        drop(third.await.unwrap().unwrap());
        // Others fill the queue: one written and MOST_WAITING waiting; one more is refused.
        let held = take(100).await.unwrap();
        let waiting: Vec<_> = (0..MOST_WAITING as i64).map(|u| tokio::spawn(take(200 + u))).collect();
        while queues.under_way(lane) < 1 + MOST_WAITING {
            tokio::task::yield_now().await;
        }
        assert_eq!(take(999).await.err(), Some(Error::TooManyAttempts(Msg::ExportsQueueFull.into())));
        drop(held);
        for w in waiting {
            drop(w.await.unwrap().unwrap());
        }
        assert_eq!(queues.under_way(lane), 0, "every place given back");
        // A request that goes away while it waits gives its place back.
        let held = take(5).await.unwrap();
        let gone = tokio::spawn(take(6));
        while queues.under_way(lane) < 2 {
            tokio::task::yield_now().await;
        }
        gone.abort();
        let _ = gone.await;
        assert_eq!(queues.under_way(lane), 1);
        drop(held);
    }
}
