//! The index of statutory due days (`Grievance::next_due`, read by the "missed" and "due
//! within N days" lists) kept in step with the clock rules in force: each case's day is
//! worked out by its own change (`statutory::index_dues`), and every case's again when the
//! rules it was worked out by are no longer those in force.

use crate::port::{Cases, DuesIndexed};
use domain::Result;

/// Works out the due days again when the clock rules in force are not those they were
/// worked out by: after an upgrade from a release that kept none, and after an Admin changes
/// a rule. Answers how many moved, or none when nothing was owed.
pub async fn reindex_if_owed(cases: Cases<'_>) -> Result<Option<u64>> {
    let law = cases.lists.law().await?;
    let indexed = cases.grievances.dues_indexed_for().await?;
    if indexed.as_ref().is_some_and(|i| i.revision == law.revision) {
        return Ok(None);
    }
    let moved = cases.grievances.reindex_dues(&law.clock_rules).await?;
    let since = match indexed {
        Some(earlier) => earlier.since,
        None => (moved > 0).then(domain::clock::today),
    };
    cases.grievances.record_dues_indexed(&DuesIndexed { revision: law.revision, since }).await?;
    Ok(Some(moved))
}
