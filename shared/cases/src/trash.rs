//! The trash: a deleted grievance is a police record, so deleting it does not destroy it. It
//! is kept whole with its notes, attachments (their files stay in place) and links for the
//! retention period an Admin sets, seen and restored only by those who may delete
//! grievances, and purged when the period has run out. Each step is in the case's own audit
//! trail: DELETED with the reason, RESTORED, PURGED.

use crate::port::{AuditBatch, AuditChange, Cases, GrievanceChange, Stored, Trashed};
use crate::reads::Viewer;
use crate::record::{Actor, Grievance};
use crate::writes::{self, AuditEntry, Seen};
use domain::audit::AuditAction;
use domain::{Error, Msg, Result};

/// The longest reason for a deletion.
pub const MAX_REASON_CHARS: usize = 500;

/// A deletion's reason as the officer gave it: blanks around it dropped, none when empty.
pub fn reason_of(text: Option<&str>) -> Result<Option<String>> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    if text.chars().count() > MAX_REASON_CHARS {
        return Err(Error::field("reason", Msg::DeletionReasonTooLong { max: MAX_REASON_CHARS.to_string() }));
    }
    Ok(Some(text.to_string()))
}

/// The day (in India) after which a grievance deleted at `deleted_at` may be purged.
pub fn purge_after(deleted_at: &str, retention_days: u32) -> Option<time::Date> {
    domain::clock::india_date(deleted_at).map(|d| d.saturating_add(time::Duration::days(retention_days.into())))
}

/// Deletes the grievance to the trash: its DELETED record keeps the complete record and the
/// reason ("not given" without one), and the trash keeps it with its case files, all in one
/// transaction.
pub async fn delete(cases: Cases<'_>, actor: &Actor, seen: &Seen, reason: Option<String>) -> Result<Grievance> {
    let g = seen.grievance();
    let id = g.id;
    // Read before the deletion; a note written meanwhile moves the version, and the deletion,
    // conditioned on it, is tried again from a fresh reading.
    let (notes, attachments, links) = (cases.files.notes(id).await?, cases.files.attachments(id).await?, cases.files.links(id).await?);
    writes::delete_to_trash(cases, actor, seen, |before, at| Trashed {
        grievance: before.clone(),
        notes: notes.clone(),
        attachments: attachments.clone(),
        links: links.clone(),
        deleted_at: at.to_string(),
        deleted_by: actor.user_id,
        deleted_by_name: actor.name.clone(),
        reason: reason.clone(),
    })
    .await
}

/// A page of the trash the viewer may see (what lay in their reach when it was deleted), the
/// latest deletion first. A record whose grievance is back in place (a restore stopped before
/// its last step) is passed over.
pub async fn page(cases: Cases<'_>, viewer: &Viewer, limit: usize, cursor: Option<String>) -> Result<(Vec<Trashed>, Option<String>)> {
    let mut found = Vec::new();
    let mut cursor = cursor;
    // Bounded: a page of the viewer's, or as many of the trash's pages as that takes, up to
    // ten; the cursor goes on from where it stopped.
    for _ in 0..10 {
        let (items, next) = cases.files.trash_page(limit, cursor.clone()).await?;
        for t in items {
            if viewer.may_see(&t.grievance) && cases.grievances.get(t.grievance.id).await?.is_none() {
                found.push(t);
            }
        }
        cursor = next;
        if found.len() >= limit || cursor.is_none() {
            break;
        }
    }
    Ok((found, cursor))
}

/// Puts a trashed grievance back as it was, with its notes, attachments and the links to the
/// grievances still there: its RESTORED record keeps the complete record. Refused as "not
/// found" outside the viewer's reach, and when a list item it names was deleted meanwhile.
pub async fn restore(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, id: i64) -> Result<Grievance> {
    let trashed = match cases.files.trashed(id).await? {
        Some(t) if viewer.may_see(&t.grievance) => t,
        _ => return Err(Error::NotFound(Msg::TrashNotFound)),
    };
    if cases.grievances.get(id).await?.is_some() {
        // Back already: a restore that stopped before forgetting its trash record.
        cases.files.drop_trashed(&trashed, false).await?;
        return Err(Error::NotFound(Msg::TrashNotFound));
    }
    let mut linked_to = Vec::new();
    for other in &trashed.links {
        if cases.grievances.get(*other).await?.is_some() {
            linked_to.push(*other);
        }
    }
    let now = domain::clock::now_text();
    let version = trashed.grievance.version + 1;
    let mut grievance = Grievance { updated_at: now.clone(), version, ..trashed.grievance.clone() };
    let refs = writes::refs_of(cases.lists, &mut grievance).await?;
    // A deletion's case files may be removed after it (DynamoDB's engine does so within a
    // minute): what is pending is finished first, so that nothing put back is removed after.
    while cases.grievances.finish_deletions(25).await? == 25 {}
    // The case files first: a second restore running at once finds them taken and stops
    // there, before the grievance is put back twice.
    cases.files.restore_case_files(&trashed, &linked_to).await?;
    let entry = writes::restored_entry(&grievance, &trashed, &crate::identity::Sensitivity::now(cases.lists).await?);
    let mut after = Stored { grievance, refs };
    crate::indexes::index(cases.lists, &mut after.grievance).await?;
    let audit = AuditBatch { actor: actor.clone(), at: now.clone(), change: AuditChange::Version(version), entries: vec![entry] };
    cases.grievances.commit(GrievanceChange { before: None, after: Some(&after), audit, fir_guard: None, trash: None, source: None }).await.map_err(|e| match e {
        Error::Conflict(m) if m == Msg::GrievanceStale => Error::Conflict(Msg::GrievanceListItemGone),
        e => e,
    })?;
    cases.files.drop_trashed(&trashed, false).await?;
    Ok(after.grievance)
}

/// What a purge run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Purged {
    pub grievances: usize,
    pub files: usize,
}

/// Purges the grievances whose retention ran out by `now`: each trash record is forgotten and
/// its attachments' files handed to the sweep in one transaction, after its PURGED record.
/// Run by the escalation run every day; a run cut short is taken up by the next.
pub async fn purge_expired(cases: Cases<'_>, trail: &dyn crate::AuditTrail, retention_days: u32, now: time::OffsetDateTime) -> Result<Purged> {
    let cutoff = now - time::Duration::days(retention_days.into());
    let before = cutoff.format(&time::format_description::well_known::Rfc3339).map_err(Error::internal)?;
    let mut done = Purged::default();
    loop {
        let due = cases.files.trashed_before(&before, 25).await?;
        let count = due.len();
        for t in due {
            if cases.grievances.get(t.grievance.id).await?.is_some() {
                // Restored, but its trash record was left: forget it, and never its files.
                cases.files.drop_trashed(&t, false).await?;
                continue;
            }
            trail.record_event(&crate::citizen::system_actor("Trash retention"), purged_entry(&t, retention_days)).await?;
            cases.files.drop_trashed(&t, true).await?;
            done.grievances += 1;
            done.files += t.attachments.len();
        }
        if count < 25 {
            return Ok(done);
        }
    }
}

fn purged_entry(t: &Trashed, retention_days: u32) -> AuditEntry {
    AuditEntry {
        action: AuditAction::Purged,
        field_name: Some("trash".into()),
        old_value: Some(t.deleted_at.clone()),
        new_value: None,
        notes: Some(format!(
            "Grievance {} (FIR {}) purged from the trash after {retention_days} days, with {} attachment(s) and {} note(s)",
            t.grievance.grievance_number,
            t.grievance.fields.fir_no,
            t.attachments.len(),
            t.notes.len()
        )),
        action_details: None,
    }
}
