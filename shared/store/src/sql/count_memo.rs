//! Exact counts remembered per state of the grievances table.
//!
//! Most counts come from figures the writes keep (a few rows read whatever the size). The
//! rest (a text's matches, the overdue rows of one status, a FIR-date range with a status)
//! are counted row by row: "motorcycle" matches 125,000 of 1,000,000 grievances, and
//! counting them costs half a second. A user who pages through them, and their colleagues
//! asking the same, would pay it on every page. The answer cannot change while the table
//! does not, so it is kept, keyed by the table's change number: a trigger adds one to
//! `grievance_changes.n` in the transaction of every insert, update and delete of a
//! grievance, and the number and the count are read in one snapshot. A count is therefore
//! never stale: after any change, the next request counts afresh.
//!
//! The same count tells a page how to find its rows ([`CountMemo::plan`]).

use super::grievances::{count_matches, GrievanceQuery, Plan, Scope};
use super::Result;
use lru::LruCache;
use rusqlite::Connection;
use std::num::NonZeroUsize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Version 6 to 7: the change number of the grievances table.
pub(super) const SCHEMA_V7: &str = "
CREATE TABLE grievance_changes (
    only INTEGER PRIMARY KEY CHECK (only = 1),
    n INTEGER NOT NULL
);
INSERT INTO grievance_changes VALUES (1, 0);
CREATE TRIGGER grievances_changed_by_insert AFTER INSERT ON grievances BEGIN
    UPDATE grievance_changes SET n = n + 1;
END;
CREATE TRIGGER grievances_changed_by_update AFTER UPDATE ON grievances BEGIN
    UPDATE grievance_changes SET n = n + 1;
END;
CREATE TRIGGER grievances_changed_by_delete AFTER DELETE ON grievances BEGIN
    UPDATE grievance_changes SET n = n + 1;
END;
";

/// How many distinct questions are remembered: a few hundred keys of a few hundred bytes.
const REMEMBERED: usize = 512;

/// The counts of recent questions, per process.
pub struct CountMemo {
    counts: Mutex<LruCache<String, u64>>,
    /// The questions being counted now, each with a lock its counter holds: a request asking
    /// the same waits for that count instead of counting too (thirty-two users searching
    /// "motorcycle" at once would otherwise count it thirty-two times over).
    counting: Mutex<HashMap<String, Arc<Mutex<()>>>>,
}

impl Default for CountMemo {
    fn default() -> Self {
        CountMemo { counts: Mutex::new(LruCache::new(NonZeroUsize::new(REMEMBERED).expect("not zero"))), counting: Mutex::default() }
    }
}

/// The question a count answers: every filter and the scope, not the page (sort, cursor,
/// limit), with the table's change number.
fn key_of(q: &GrievanceQuery, change: i64) -> String {
    format!(
        "{change}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}",
        q.scope, q.search, q.fir_no, q.district_id, q.police_station_id, q.status_id, q.priority_id, q.fir_date_from, q.fir_date_to, q.overdue
    )
}

impl CountMemo {
    /// The exact number of matches of `q`, as [`count_matches`] counts it.
    pub fn count(&self, conn: &Connection, q: &GrievanceQuery) -> Result<u64> {
        // One snapshot for the change number and the count: a write committed between the
        // two must not file its count under the number before it.
        let snapshot = conn.unchecked_transaction()?;
        let change: i64 = snapshot.prepare_cached("SELECT n FROM grievance_changes")?.query_row([], |r| r.get(0))?;
        let key = key_of(q, change);
        if let Some(n) = self.remembered(&key) {
            return Ok(n);
        }
        let turn = self.counting.lock().unwrap_or_else(|p| p.into_inner()).entry(key.clone()).or_default().clone();
        let counter = turn.lock().unwrap_or_else(|p| p.into_inner());
        // Whoever counted while this request waited has left the answer.
        let counted = match self.remembered(&key) {
            Some(n) => Ok(n),
            None => count_matches(&snapshot, q),
        };
        if let Ok(n) = counted {
            self.counts.lock().unwrap_or_else(|p| p.into_inner()).put(key.clone(), n);
        }
        drop(counter);
        self.counting.lock().unwrap_or_else(|p| p.into_inner()).remove(&key);
        counted
    }

    fn remembered(&self, key: &str) -> Option<u64> {
        self.counts.lock().unwrap_or_else(|p| p.into_inner()).get(key).copied()
    }

    /// How a page of `q` is best found. A walk down the sort order reads about
    /// `page × scope / matches` rows; gathering every match through the indexes and sorting
    /// them costs about `matches`. So the walk wins from `matches² ≥ page × scope`: from
    /// about 7,000 matches of 1,000,000 for a page of 50. Only a text or the overdue test
    /// can lead SQLite astray (to gather 500,000 rows for a page of 50); other filters are
    /// left to its own choice, as is a user's own scope (as large as their cases).
    pub fn plan(&self, conn: &Connection, q: &GrievanceQuery) -> Result<Plan> {
        if q.scope != Scope::State || !(q.has_text() || q.overdue.is_some()) {
            return Ok(Plan::Indexes);
        }
        let matches = match self.count(conn, q) {
            Ok(n) => n,
            // Too short for trigrams: the text is tested on each row either way.
            Err(super::SqlError::TextTooShort) => return Ok(Plan::Indexes),
            Err(e) => return Err(e),
        };
        let scope = self.count(conn, &GrievanceQuery::new(Scope::State))?;
        let page = q.limit.clamp(1, super::grievances::MAX_LIMIT) as u64 + 1;
        Ok(if matches.saturating_mul(matches) >= page.saturating_mul(scope) { Plan::Walk } else { Plan::Indexes })
    }
}
