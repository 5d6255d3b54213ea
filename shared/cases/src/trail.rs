//! The audit trail port: reading it by grievance, across the state with filters, and its
//! totals, and recording events about no grievance. Records are newest first; paging is by
//! limit and offset, as the Audit History screen asks. A grievance's own records are
//! written with it, by [`crate::Grievances::commit`].
//!
//! Two engines: [`ItemTrail`] over the generic store (DynamoDB), and
//! [`crate::sql_trail::SqlTrail`], rows of the embedded SQLite file.

use crate::items::{audit_writes, AuditSubject};
use crate::keys;
use crate::port::AuditChange;
use crate::reads::{AuditRecord, Viewer};
use crate::record::Actor;
use crate::writes::AuditEntry;
use async_trait::async_trait;
use domain::audit::AuditAction;
use domain::{Error, Result};
use serde_json::Value;
use std::sync::Arc;
use store::{Index, Item, Query, SortKey, Store};

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

fn visible(viewer: Viewer, item: &Item) -> bool {
    viewer.view_all
        || item.attrs.get("visible_to").and_then(Value::as_array).is_some_and(|users| users.iter().any(|u| u.as_i64() == Some(viewer.user_id)))
}

fn date_range(filters: &TrailFilters) -> SortKey {
    match (&filters.start_date, &filters.end_date) {
        (Some(s), Some(e)) => SortKey::Between(s.clone(), format!("{e}~")),
        (Some(s), None) => SortKey::AtLeast(s.clone()),
        (None, Some(e)) => SortKey::AtMost(format!("{e}~")),
        (None, None) => SortKey::Any,
    }
}

pub(crate) fn check_paging(limit: usize, offset: usize) -> Result<()> {
    if limit == 0 || limit > MAX_LIMIT {
        return Err(Error::field("limit", "limit must be between 1 and 500"));
    }
    if offset > MAX_OFFSET {
        return Err(Error::field("offset", "offset must be at most 10000; narrow the filters instead"));
    }
    Ok(())
}

/// The records a page of a user's view names (`keys::audit_viewer_pk`), in the view's
/// order: newest change first, and within a change its last record first.
async fn expand_viewer_page(store: &dyn Store, pointers: Vec<Item>) -> Result<Vec<Item>> {
    let mut keys = Vec::new();
    for pointer in &pointers {
        let id = pointer.i64("grievance_id").unwrap_or(0);
        let sorts: Vec<String> = pointer.attrs.get("records").and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default();
        keys.extend(sorts.into_iter().rev().map(|sort| store::Key::new(keys::audit_pk(id), sort)));
    }
    let mut items = Vec::with_capacity(keys.len());
    for chunk in keys.chunks(100) {
        items.extend(store.get_many(chunk).await?.into_iter().flatten());
    }
    Ok(items)
}

/// Skips `offset` matching records and answers up to `limit` more, reading the narrowest
/// index the filters allow. `viewer_view`: `base` is a user's view, whose items name
/// records rather than hold them.
async fn page(store: &dyn Store, base: Query, viewer_view: bool, keep: impl Fn(&Item) -> bool, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
    check_paging(limit, offset)?;
    let mut skipped = 0;
    let mut out = Vec::new();
    let mut query = base.newest_first().limit(MAX_LIMIT.min(limit + offset).max(50));
    loop {
        let mut page = store.query(&query).await?;
        if viewer_view {
            page.items = expand_viewer_page(store, std::mem::take(&mut page.items)).await?;
        }
        for item in page.items {
            if !keep(&item) {
                continue;
            }
            if skipped < offset {
                skipped += 1;
                continue;
            }
            out.push(crate::reads::audit_view(item)?);
            if out.len() == limit {
                return Ok(out);
            }
        }
        match page.cursor {
            Some(c) => query.cursor = Some(c),
            None => return Ok(out),
        }
    }
}

/// Where the audit trail is kept.
#[async_trait]
pub trait AuditTrail: Send + Sync + 'static {
    /// One grievance's records. Ids below 1 name no grievance (events about none, such as
    /// exports and sign-in records, are kept apart and are never a grievance's trail).
    async fn for_grievance(&self, grievance_id: i64, access: TrailAccess, action: Option<AuditAction>, limit: usize, offset: usize) -> Result<Vec<AuditRecord>>;

    /// Whether the viewer may read, record by record, the trail of a grievance that no
    /// longer exists: they could read its newest record. False when it has no trail.
    async fn readable_after_deletion(&self, grievance_id: i64, viewer: Viewer) -> Result<bool>;

    /// The records the viewer may read, newest first, under `filters`. A viewer without
    /// view_all reads their own view, so the work is bounded by what they may see, not by
    /// the state's trail.
    async fn all(&self, viewer: Viewer, filters: &TrailFilters, limit: usize, offset: usize) -> Result<Vec<AuditRecord>>;

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

/// The number a grievance's id sequence has reached: every grievance ever filed.
pub(crate) async fn grievances_filed(store: &dyn Store) -> Result<i64> {
    Ok(store.get(&store::Key::new("SEQ", "grievance")).await?.and_then(|i| i.i64("n")).unwrap_or(0))
}

/// The next number of an event about no grievance (or beside one: a note, an attachment),
/// which keeps its record's id apart from the others.
pub(crate) async fn next_event(store: &dyn Store) -> Result<i64> {
    Ok(store.increment(&keys::event_sequence(), "n", 1).await?)
}

/// The subject of an event about no grievance, readable by the one who did it.
pub(crate) fn event_subject(actor: &Actor) -> AuditSubject<'static> {
    AuditSubject { grievance_id: 0, grievance_number: "", visible_to: vec![actor.user_id] }
}

/// The audit trail as items of the generic store (the DynamoDB engine): each record in
/// its grievance's partition and in three indexes, each user's view as pointers.
#[derive(Clone)]
pub struct ItemTrail {
    store: Arc<dyn Store>,
}

impl ItemTrail {
    pub fn new(store: Arc<dyn Store>) -> ItemTrail {
        ItemTrail { store }
    }
}

#[async_trait]
impl AuditTrail for ItemTrail {
    async fn for_grievance(&self, grievance_id: i64, access: TrailAccess, action: Option<AuditAction>, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
        for_grievance(self.store.as_ref(), grievance_id, access, action, limit, offset).await
    }

    async fn readable_after_deletion(&self, grievance_id: i64, viewer: Viewer) -> Result<bool> {
        Ok(latest(self.store.as_ref(), grievance_id).await?.is_some_and(|r| visible(viewer, &r)))
    }

    async fn all(&self, viewer: Viewer, filters: &TrailFilters, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
        all(self.store.as_ref(), viewer, filters, limit, offset).await
    }

    async fn total_actions(&self) -> Result<i64> {
        Ok(self.store.get(&store::Key::new("STATS#AUDIT", "ALL")).await?.and_then(|i| i.i64("total")).unwrap_or(0))
    }

    async fn grievances_tracked(&self) -> Result<i64> {
        grievances_filed(self.store.as_ref()).await
    }

    async fn record_event(&self, actor: &Actor, entry: AuditEntry) -> Result<()> {
        // Events share partition AUDIT#0; a sequence number keeps their keys apart.
        let change = next_event(self.store.as_ref()).await?;
        let now = domain::clock::now_text();
        self.store.transact(audit_writes(event_subject(actor), AuditChange::Event(change), actor, &now, vec![entry])).await?;
        Ok(())
    }
}

/// Who may read a grievance's trail, and how much of it.
#[derive(Clone, Copy, Debug)]
pub enum TrailAccess {
    /// The grievance exists and the caller may see it: its whole history.
    Whole,
    /// The grievance was deleted: only the records the caller could read one by one.
    RecordByRecord(Viewer),
}

async fn for_grievance(store: &dyn Store, grievance_id: i64, access: TrailAccess, action: Option<AuditAction>, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
    if grievance_id < 1 {
        check_paging(limit, offset)?;
        return Ok(Vec::new());
    }
    let keep = move |item: &Item| {
        let readable = match access {
            TrailAccess::Whole => true,
            TrailAccess::RecordByRecord(viewer) => visible(viewer, item),
        };
        readable && action.is_none_or(|a| item.str("action") == Some(a.as_str()))
    };
    page(store, Query::table(keys::audit_pk(grievance_id)), false, keep, limit, offset).await
}

/// The newest record of a grievance's trail. `None` for ids below 1, which name no grievance.
async fn latest(store: &dyn Store, grievance_id: i64) -> Result<Option<Item>> {
    if grievance_id < 1 {
        return Ok(None);
    }
    Ok(store.query(&Query::table(keys::audit_pk(grievance_id)).newest_first().limit(1)).await?.items.into_iter().next())
}

async fn all(store: &dyn Store, viewer: Viewer, filters: &TrailFilters, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
    let sort = date_range(filters);
    let action = filters.action;
    if !viewer.view_all {
        let user = filters.user_id;
        let keep = move |item: &Item| action.is_none_or(|a| item.str("action") == Some(a.as_str())) && user.is_none_or(|u| item.i64("user_id") == Some(u));
        return page(store, Query::table(keys::audit_viewer_pk(viewer.user_id)).sort(sort), true, keep, limit, offset).await;
    }
    let base = if let Some(user) = filters.user_id {
        Query::index(Index::Gsi3, format!("AUDITUSER#{user}"))
    } else if let Some(action) = filters.action {
        Query::index(Index::Gsi2, format!("AUDITACTION#{}", action.as_str()))
    } else {
        Query::index(Index::Gsi1, keys::AUDIT_INDEX_PK)
    }
    .sort(sort);
    let keep = move |item: &Item| action.is_none_or(|a| item.str("action") == Some(a.as_str()));
    page(store, base, false, keep, limit, offset).await
}
