//! The escalation run over a portal's state: the organisation, the Admin Panel's waits and
//! pendency limits read afresh, then `cases::escalation::run`, the appeals past their day and
//! the trash's purge. Called by the embedded
//! portal's background task and by the scheduled function in the cloud.

use cases::pendency::{limits_by_id, Clock};
use cases::escalation::Run;
use domain::Result;
use http_glue::AppState;

/// Escalates what is overdue on `today` (India's date; a test gives its own).
pub async fn run(state: &AppState, today: time::Date) -> Result<Run> {
    let lists = state.lists.as_ref();
    let org = lists::organisation(lists).await?;
    let rules = lists.escalation_rules().await?;
    // A rule changed since the due days were worked out: they are worked out again first, so
    // that the missed list the run reads is by the rules in force.
    let since = cases::dues::reindex_if_owed(state.cases()).await?.indexed.since;
    let law = lists.law().await?;
    let clock = Clock { limits: limits_by_id(lists).await?, rules: law.clock_rules, sensitivity: cases::identity::Sensitivity::new(&law.offences), today };
    let mut run = cases::escalation::run(state.cases(), &org, &rules, &clock, since).await?;
    let appeal_days = lists.citizen_settings().await?.appeal_days;
    run.appeals = cases::citizen::escalate_appeals(state.cases(), today, appeal_days).await?;
    run.purged = purge(state, domain::clock::now()).await? as u64;
    Ok(run)
}

/// Purges the trash of the grievances whose retention ran out by `now`, and deletes their
/// attachments' files when this process holds their store (in the cloud the notifier's sweep
/// does, within a minute). Answers how many grievances were purged.
pub async fn purge(state: &AppState, now: time::OffsetDateTime) -> Result<usize> {
    let retention = state.lists.trash_retention_days().await?;
    let purged = cases::trash::purge_expired(state.cases(), state.trail.as_ref(), retention, now).await?;
    if let (Some(files), true) = (state.attachments.as_deref(), purged.files > 0) {
        if let Err(e) = cases::attachments::sweep_deleted(state.files.as_ref(), files).await {
            tracing::warn!(error = %e, "the files of purged grievances' attachments are left for the next sweep");
        }
    }
    Ok(purged.grievances)
}
