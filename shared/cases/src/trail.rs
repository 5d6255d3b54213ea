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

/// Skips `offset` matching records and answers up to `limit` more, reading the narrowest
/// index the filters allow.
async fn page(store: &dyn Store, base: Query, keep: impl Fn(&Item) -> bool, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
    if limit == 0 || limit > MAX_LIMIT {
        return Err(Error::field("limit", "limit must be between 1 and 500"));
    }
    if offset > MAX_OFFSET {
        return Err(Error::field("offset", "offset must be at most 10000; narrow the filters instead"));
    }
    let mut skipped = 0;
    let mut out = Vec::new();
    let mut query = base.newest_first().limit(MAX_LIMIT.min(limit + offset).max(50));
    loop {
        let page = store.query(&query).await?;
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

/// One grievance's records. The caller has already been shown the grievance (or its
/// deletion record) may be seen.
pub async fn for_grievance(store: &dyn Store, grievance_id: i64, action: Option<AuditAction>, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
    let keep = move |item: &Item| action.is_none_or(|a| item.str("action") == Some(a.as_str()));
    page(store, Query::table(keys::audit_pk(grievance_id)), keep, limit, offset).await
}

/// The newest record of a grievance's trail, to decide who may read the trail of a
/// grievance that no longer exists.
pub async fn latest(store: &dyn Store, grievance_id: i64) -> Result<Option<Item>> {
    Ok(store.query(&Query::table(keys::audit_pk(grievance_id)).newest_first().limit(1)).await?.items.into_iter().next())
}

pub fn may_read(viewer: Viewer, record: &Item) -> bool {
    visible(viewer, record)
}

pub async fn all(store: &dyn Store, viewer: Viewer, filters: &TrailFilters, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
    let sort = date_range(filters);
    let base = if let Some(user) = filters.user_id {
        Query::index(Index::Gsi3, format!("AUDITUSER#{user}"))
    } else if let Some(action) = filters.action {
        Query::index(Index::Gsi2, format!("AUDITACTION#{}", action.as_str()))
    } else {
        Query::index(Index::Gsi1, keys::AUDIT_INDEX_PK)
    }
    .sort(sort);
    let action = filters.action;
    let keep = move |item: &Item| visible(viewer, item) && action.is_none_or(|a| item.str("action") == Some(a.as_str()));
    page(store, base, keep, limit, offset).await
}

/// How many audit records exist in all.
pub async fn total_actions(store: &dyn Store) -> Result<i64> {
    Ok(store.get(&store::Key::new("STATS#AUDIT", "ALL")).await?.and_then(|i| i.i64("total")).unwrap_or(0))
}

/// How many grievances have a trail: every grievance ever filed, deleted ones included.
pub async fn grievances_tracked(store: &dyn Store) -> Result<i64> {
    Ok(store.get(&store::Key::new("SEQ", "grievance")).await?.and_then(|i| i.i64("n")).unwrap_or(0))
}
