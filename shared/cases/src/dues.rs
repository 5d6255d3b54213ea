//! The index of statutory due days (`Grievance::next_due`, read by the "missed" and "due
//! within N days" lists) kept in step with the clock rules in force: each case's day is
//! worked out by its own change (`statutory::index_dues`), and every case's again when the
//! rules it was worked out by are no longer those in force.

use crate::port::{Cases, DuesIndexed, Reindexed};
use domain::Result;

/// The rules the due days are worked out by, and what working them out again did, when it
/// was owed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dues {
    pub indexed: DuesIndexed,
    pub reindexed: Option<Reindexed>,
}

/// Works out the due days again when the clock rules in force are not those they were
/// worked out by: after an upgrade from a release that kept none, and after an Admin changes
/// a rule. The walk also counts the cases whose free-text sections could not be read whole,
/// which the Admin Panel reports.
pub async fn reindex_if_owed(cases: Cases<'_>) -> Result<Dues> {
    let law = cases.lists.law().await?;
    let indexed = cases.grievances.dues_indexed_for().await?;
    if let Some(indexed) = indexed.clone().filter(|i| i.revision == law.revision) {
        return Ok(Dues { indexed, reindexed: None });
    }
    let reindexed = cases.grievances.reindex_dues(&crate::indexes::CaseIndexer::new(&law)).await?;
    let since = match indexed {
        Some(earlier) => earlier.since,
        None => (reindexed.moved > 0).then(domain::clock::today),
    };
    let indexed = DuesIndexed { revision: law.revision, since, unread_sections: Some(reindexed.unread_sections) };
    cases.grievances.record_dues_indexed(&indexed).await?;
    Ok(Dues { indexed, reindexed: Some(reindexed) })
}
