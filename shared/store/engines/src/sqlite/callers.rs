//! The accounts engine's copies of its callers' records: every request reads its caller's
//! session, user and role, and at a few thousand requests a second that read (a SQLite read
//! transaction, three lookups, two JSON records parsed) was a good part of a cheap request's
//! cost. A copy serves the next requests of the same session, unchanged, while both hold:
//! - no account was written through this engine since it was read: every write moves
//!   [`CallerCopies::written`], which puts every copy out of date at once, so a sign-out, a
//!   deactivation, a password change or a role's new permissions count from the very next
//!   request;
//! - it is younger than [`FRESH_FOR`]: a change made by another process on the same file
//!   (`portal admin` on the command line) is seen within that long, as the lists' copy is.

use auth::port::Session;
use auth::roles::RoleRecord;
use auth::users::UserRecord;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// How long a copy is used without reading the file again.
pub use crate::dynamo::lists_cache::FRESH_FOR;

/// Sessions kept at most; past it the copies are dropped and read again as they are asked.
const MOST_SESSIONS: usize = 20_000;

/// A session with its user and the user's role, as a caller's request reads them.
#[derive(Clone)]
pub struct CallerRecords {
    pub session: Session,
    pub user: UserRecord,
    pub role: Option<RoleRecord>,
}

#[derive(Default)]
pub struct CallerCopies {
    /// How many account writes this engine has made: a copy is good only at the count it was
    /// read at.
    written: AtomicU64,
    copies: Mutex<Copies>,
}

#[derive(Default)]
struct Copies {
    /// The write count the copies were read at; a copy read at another is never used.
    at: u64,
    by_session: HashMap<String, (Instant, CallerRecords)>,
}

impl CallerCopies {
    /// The write count now: taken before a read, so that a write that lands during the read
    /// keeps what it read from being used.
    pub fn reading(&self) -> u64 {
        self.written.load(Ordering::Acquire)
    }

    /// After every write, successful or not (a failure may still have committed nothing,
    /// and dropping the copies is always safe).
    pub fn wrote(&self) {
        self.written.fetch_add(1, Ordering::AcqRel);
    }

    /// The copy of `session_id`'s records for `user_id`, when it is still good.
    pub fn get(&self, session_id: &str, user_id: i64) -> Option<CallerRecords> {
        let now = self.reading();
        let copies = self.copies.lock().unwrap_or_else(|p| p.into_inner());
        if copies.at != now {
            return None;
        }
        let (read_at, records) = copies.by_session.get(session_id)?;
        (read_at.elapsed() < FRESH_FOR && records.user.id == user_id && records.session.user_id == user_id).then(|| records.clone())
    }

    /// Keeps `records`, read from the file at write count `at` (see [`Self::reading`]), unless
    /// an account was written since.
    pub fn keep(&self, session_id: &str, at: u64, read_at: Instant, records: CallerRecords) {
        let mut copies = self.copies.lock().unwrap_or_else(|p| p.into_inner());
        if at != self.reading() {
            return;
        }
        if copies.at != at || copies.by_session.len() >= MOST_SESSIONS {
            copies.by_session.clear();
            copies.at = at;
        }
        copies.by_session.insert(session_id.to_string(), (read_at, records));
    }
}
