//! Reading the audit trail: by grievance, across the state with filters, and its totals.
//! Records are newest first; paging is by limit and offset, as the Audit History screen asks.

use crate::keys;
use crate::reads::{AuditRecord, Viewer};
use domain::audit::AuditAction;
use domain::{Error, Result};
use serde_json::Value;
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

fn check_paging(limit: usize, offset: usize) -> Result<()> {
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

/// Who may read a grievance's trail, and how much of it.
#[derive(Clone, Copy, Debug)]
pub enum TrailAccess {
    /// The grievance exists and the caller may see it: its whole history.
    Whole,
    /// The grievance was deleted: only the records the caller could read one by one.
    RecordByRecord(Viewer),
}

/// One grievance's records. Ids below 1 name no grievance (events about none, such as
/// exports and sign-in records, are kept apart and are never a grievance's trail).
pub async fn for_grievance(store: &dyn Store, grievance_id: i64, access: TrailAccess, action: Option<AuditAction>, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
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

/// The newest record of a grievance's trail, to decide who may read the trail of a
/// grievance that no longer exists. `None` for ids below 1, which name no grievance.
pub async fn latest(store: &dyn Store, grievance_id: i64) -> Result<Option<Item>> {
    if grievance_id < 1 {
        return Ok(None);
    }
    Ok(store.query(&Query::table(keys::audit_pk(grievance_id)).newest_first().limit(1)).await?.items.into_iter().next())
}

pub fn may_read(viewer: Viewer, record: &Item) -> bool {
    visible(viewer, record)
}

/// The records the viewer may read, newest first, under `filters`. A viewer without
/// view_all reads their own view (`keys::audit_viewer_pk`), so the work is bounded by what
/// they may see, not by the state's trail.
pub async fn all(store: &dyn Store, viewer: Viewer, filters: &TrailFilters, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
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

/// How many audit records exist in all.
pub async fn total_actions(store: &dyn Store) -> Result<i64> {
    Ok(store.get(&store::Key::new("STATS#AUDIT", "ALL")).await?.and_then(|i| i.i64("total")).unwrap_or(0))
}

/// How many grievances have a trail: every grievance ever filed, deleted ones included.
pub async fn grievances_tracked(store: &dyn Store) -> Result<i64> {
    Ok(store.get(&store::Key::new("SEQ", "grievance")).await?.and_then(|i| i.i64("n")).unwrap_or(0))
}
