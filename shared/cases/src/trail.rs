//! The audit trail port: reading it by grievance, across the state with filters, and its
//! totals, and recording events about no grievance. Records are newest first; paging is by
//! limit and offset, as the Audit History screen asks. A grievance's own records are
//! written with it, by [`crate::Grievances::commit`]. The engines are in `engines`: items of
//! the generic store (DynamoDB), and rows of the embedded SQLite file.

use crate::reads::{AuditRecord, Viewer};
use crate::record::Actor;
use crate::writes::AuditEntry;
use async_trait::async_trait;
use domain::audit::AuditAction;
use domain::{Error, Result};

pub const MAX_LIMIT: usize = 500;
pub const MAX_OFFSET: usize = 10_000;

#[derive(Clone, Debug, Default)]
pub struct TrailFilters {
    pub action: Option<AuditAction>,
    pub user_id: Option<i64>,
    /// YYYY-MM-DD, inclusive.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

/// Refuses a page the Audit History could not have asked for.
pub fn check_paging(limit: usize, offset: usize) -> Result<()> {
    if limit == 0 || limit > MAX_LIMIT {
        return Err(Error::field("limit", "limit must be between 1 and 500"));
    }
    if offset > MAX_OFFSET {
        return Err(Error::field("offset", "offset must be at most 10000; narrow the filters instead"));
    }
    Ok(())
}

/// Where the audit trail is kept.
#[async_trait]
pub trait AuditTrail: Send + Sync + 'static {
    /// One grievance's records. Ids below 1 name no grievance (events about none, such as
    /// exports and sign-in records, are kept apart and are never a grievance's trail).
    async fn for_grievance(&self, grievance_id: i64, access: TrailAccess, action: Option<AuditAction>, limit: usize, offset: usize) -> Result<Vec<AuditRecord>>;

    /// Whether the viewer may read, record by record, the trail of a grievance that no
    /// longer exists: they could read its newest record. False when it has no trail.
    async fn readable_after_deletion(&self, grievance_id: i64, viewer: &Viewer) -> Result<bool>;

    /// The records the viewer may read, newest first, under `filters`: the state's, or those
    /// of the grievances in their reach (a grievance's records follow it where it lies now),
    /// with the records of deleted grievances and events they could read themselves.
    async fn all(&self, viewer: &Viewer, filters: &TrailFilters, limit: usize, offset: usize) -> Result<Vec<AuditRecord>>;

    /// How many audit records exist in all.
    async fn total_actions(&self) -> Result<i64>;

    /// How many grievances have a trail: every grievance ever filed, deleted ones included.
    async fn grievances_tracked(&self) -> Result<i64>;

    /// Records something done that changes no grievance (an export, a refused grant): one
    /// record about no grievance (id 0), readable without view_all only by the one who did it.
    async fn record_event(&self, actor: &Actor, entry: AuditEntry) -> Result<()>;

    /// Brings in records an earlier release kept in another shape: an upgrade step run at
    /// start, answering how many it moved.
    async fn upgrade(&self) -> Result<u64> {
        Ok(0)
    }
}

/// Who may read a grievance's trail, and how much of it.
#[derive(Clone, Debug)]
pub enum TrailAccess {
    /// The grievance exists and the caller may see it: its whole history.
    Whole,
    /// The grievance was deleted: only the records the caller could read one by one.
    RecordByRecord(Viewer),
}
