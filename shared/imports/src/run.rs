//! A run of an import: rows written a few at a time, which rows are in, and the one audit
//! record that tells what the import did.

use crate::report::{ranges, Counts, ImportOutcome, Outcome, SignInLink};
use crate::request::SourceFile;
use cases::admin_audit::{self, Subject};
use cases::writes::AuditEntry;
use domain::audit::AuditAction;
use domain::Error;
use futures_util::stream::{self, StreamExt};
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};

/// How many rows are written at once: enough to keep the store's group commit full, few
/// enough that a failure stops the run soon.
pub const PARALLEL_ROWS: usize = 8;

/// What a run has written so far.
#[derive(Debug, Default)]
pub struct Applied {
    rows_in: Vec<u64>,
    pub counts: Counts,
    pub error: Option<Error>,
    pub sign_in_links: Vec<SignInLink>,
}

/// What one row's write came to: its row, what it became, and the sign-in link of a user it
/// made.
pub struct Written {
    pub row: u64,
    pub outcome: Outcome,
    pub sign_in_link: Option<SignInLink>,
}

impl Applied {
    /// Whether the run goes on: no row has failed.
    pub fn going(&self) -> bool {
        self.error.is_none()
    }

    /// A row found in already (unchanged): it is in, nothing is written.
    pub fn already_in(&mut self, row: u64) {
        self.rows_in.push(row);
        self.counts.add(Outcome::Unchanged);
    }

    /// Counts one row written one at a time: in when written, else the run stops.
    pub fn record(&mut self, result: domain::Result<Written>) {
        match result {
            Ok(written) => {
                self.rows_in.push(written.row);
                self.counts.add(written.outcome);
                self.sign_in_links.extend(written.sign_in_link);
            }
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
    }

    /// Writes `rows`, [`PARALLEL_ROWS`] at a time; after a failure no further row is begun,
    /// and those begun finish (and are counted in when written).
    pub async fn write<T, F, Fut>(&mut self, rows: Vec<T>, write: F)
    where
        F: Fn(T) -> Fut,
        Fut: Future<Output = domain::Result<Written>>,
    {
        if !self.going() {
            return;
        }
        let stopped = AtomicBool::new(false);
        let mut results = stream::iter(rows)
            .map(|row| {
                let begun = !stopped.load(Ordering::Relaxed);
                let write = begun.then(|| write(row));
                async move {
                    match write {
                        Some(write) => Some(write.await),
                        None => None,
                    }
                }
            })
            .buffered(PARALLEL_ROWS);
        while let Some(result) = results.next().await {
            if let Some(result) = result {
                stopped.fetch_or(result.is_err(), Ordering::Relaxed);
                self.record(result);
            }
        }
    }

    /// The run's outcome.
    pub fn outcome(mut self, import_id: &str) -> ImportOutcome {
        ImportOutcome {
            import_id: import_id.to_string(),
            complete: self.error.is_none(),
            rows_in: ranges(&mut self.rows_in),
            counts: self.counts,
            error: self.error.map(|e| e.message().map(ToString::to_string).unwrap_or_else(|| domain::Msg::ServerError.to_string())),
            sign_in_links: self.sign_in_links,
        }
    }
}

/// The import's audit record: the file (its name and SHA-256), what it held, what came of
/// it and which rows are in.
pub fn audit_entry(kind: &str, file: &SourceFile, outcome: &ImportOutcome) -> AuditEntry {
    let counts = &outcome.counts;
    let subject = Subject::new("import", None, file.name.clone()).with("import_id", outcome.import_id.clone());
    let notes = format!(
        "Import {} of {} ({kind}): {} created, {} updated, {} unchanged{}",
        outcome.import_id,
        file.name,
        counts.create,
        counts.update,
        counts.unchanged,
        if outcome.complete { String::new() } else { format!("; stopped with rows {} in", outcome.rows_in) }
    );
    let after = serde_json::json!({
        "import_id": outcome.import_id,
        "kind": kind,
        "file_name": file.name,
        "sha256": file.sha256,
        "bytes": file.bytes.len(),
        "rows": counts.rows,
        "created": counts.create,
        "updated": counts.update,
        "unchanged": counts.unchanged,
        "rows_in": outcome.rows_in,
        "complete": outcome.complete,
    });
    admin_audit::always(AuditAction::Imported, &subject, notes, serde_json::json!({}), after)
}

/// A few random bits for an import's id, from the clock's nanoseconds and the process.
pub fn random_part() -> u32 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or_default();
    nanos ^ std::process::id().rotate_left(16)
}
