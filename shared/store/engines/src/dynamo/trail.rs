//! The audit trail as items of the generic store (the DynamoDB engine): each record in its
//! grievance's partition and in an index of the whole trail, each user's view as pointers
//! to the records they may read without view_all.

use crate::dynamo::audit_records::{audit_view, audit_writes, event_subject, grievances_filed, next_event};
use crate::dynamo::grievance_keys as keys;
use cases::port::AuditChange;
use cases::reads::{AuditRecord, Viewer};
use cases::record::Actor;
use cases::trail::{check_paging, AuditTrail, TrailAccess, TrailFilters, MAX_LIMIT};
use cases::writes::AuditEntry;
use async_trait::async_trait;
use domain::audit::AuditAction;
use domain::jurisdiction::{Area, Reach};
use domain::Result;
use serde_json::Value;
use std::sync::Arc;
use store::{Index, Item, Query, SortKey, Store};

fn visible(viewer: &Viewer, item: &Item) -> bool {
    viewer.sees_state()
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

/// The records a page of a user's view names (`keys::audit_viewer_pk`), in the view's
/// order: newest change first, and within a change its last record first.
async fn expand_viewer_page(store: &dyn Store, pointers: Vec<Item>) -> Result<Vec<Item>> {
    let mut keys = Vec::new();
    for pointer in &pointers {
        let id = pointer.i64("grievance_id").unwrap_or(0);
        let sorts: Vec<String> = pointer.attrs.get("records").and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default();
        keys.extend(sorts.into_iter().rev().map(|sort| store::Key::new(keys::audit_pk(id), sort)));
    }
    Ok(store::get_existing(store, &keys).await?)
}

/// A page of matching records being gathered: `offset` skipped, then up to `limit` kept.
struct Gathered {
    skipped: usize,
    offset: usize,
    limit: usize,
    out: Vec<AuditRecord>,
}

impl Gathered {
    fn new(limit: usize, offset: usize) -> Result<Gathered> {
        check_paging(limit, offset)?;
        Ok(Gathered { skipped: 0, offset, limit, out: Vec::new() })
    }

    /// Takes a record that matched; answers whether the page is full.
    fn take(&mut self, item: Item) -> Result<bool> {
        if self.skipped < self.offset {
            self.skipped += 1;
        } else {
            self.out.push(audit_view(item)?);
        }
        Ok(self.out.len() == self.limit)
    }
}

/// Skips `offset` matching records and answers up to `limit` more, reading the narrowest
/// index the filters allow. `viewer_view`: `base` is a user's view, whose items name
/// records rather than hold them.
async fn page(store: &dyn Store, base: Query, viewer_view: bool, keep: impl Fn(&Item) -> bool, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
    let mut gathered = Gathered::new(limit, offset)?;
    let mut query = base.newest_first().limit(MAX_LIMIT.min(limit + offset).max(50));
    loop {
        let mut page = store.query(&query).await?;
        if viewer_view {
            page.items = expand_viewer_page(store, std::mem::take(&mut page.items)).await?;
        }
        for item in page.items {
            if keep(&item) && gathered.take(item)? {
                return Ok(gathered.out);
            }
        }
        match page.cursor {
            Some(c) => query.cursor = Some(c),
            None => return Ok(gathered.out),
        }
    }
}

/// A posting's trail: the merge, newest change first, of its places' views (the whole
/// history of each grievance lying there now) and of the records about no grievance in the
/// user's own view (their exports), as the relational engine answers it.
async fn area_page(store: &dyn Store, viewer: &Viewer, area: &Area, sort: SortKey, keep: impl Fn(&Item) -> bool, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
    let mut gathered = Gathered::new(limit, offset)?;
    let own = keys::audit_viewer_pk(viewer.user_id);
    let mut partitions: Vec<String> = keys::places_of(area).iter().map(|p| keys::audit_place_pk(p)).collect();
    partitions.push(own.clone());
    let batch = MAX_LIMIT.min(limit + offset).max(50);
    let mut merge = crate::dynamo::merge::Merge::new(store, partitions, sort, None, batch);
    loop {
        let mut pointers = Vec::new();
        while pointers.len() < batch {
            match merge.next().await? {
                Some(p) if p.key.pk == own && p.i64("grievance_id") != Some(0) => continue,
                Some(p) => pointers.push(p),
                None => break,
            }
        }
        if pointers.is_empty() {
            return Ok(gathered.out);
        }
        for item in expand_viewer_page(store, pointers).await? {
            if keep(&item) && gathered.take(item)? {
                return Ok(gathered.out);
            }
        }
    }
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

    async fn readable_after_deletion(&self, grievance_id: i64, viewer: &Viewer) -> Result<bool> {
        Ok(latest(self.store.as_ref(), grievance_id).await?.is_some_and(|r| visible(viewer, &r)))
    }

    async fn all(&self, viewer: &Viewer, filters: &TrailFilters, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
        all(self.store.as_ref(), viewer, filters, limit, offset).await
    }

    async fn total_actions(&self) -> Result<i64> {
        let parts = store::get_existing(self.store.as_ref(), &crate::dynamo::grievance_keys::audit_total_parts()).await?;
        Ok(parts.iter().filter_map(|i| i.i64("total")).sum())
    }

    async fn grievances_tracked(&self) -> Result<i64> {
        grievances_filed(self.store.as_ref()).await
    }

    async fn record_event(&self, actor: &Actor, entry: AuditEntry) -> Result<()> {
        // Events share partition AUDIT#0; a sequence number keeps their keys apart.
        let change = next_event(self.store.as_ref()).await?;
        let now = domain::clock::now_text();
        let mut writes = audit_writes(event_subject(actor), AuditChange::Event(change), actor, &now, vec![entry]);
        let head_at = crate::dynamo::chain::link(self.store.as_ref(), &mut writes, None, false, None).await?;
        crate::dynamo::chain::transact(self.store.as_ref(), writes, head_at).await?;
        Ok(())
    }

    async fn verify(&self, scope: cases::chain::VerifyScope) -> Result<cases::chain::Verification> {
        crate::dynamo::chain::verify(self.store.as_ref(), scope).await
    }

    async fn summary_now(&self) -> Result<(String, cases::checkpoint::TrailSummary)> {
        crate::dynamo::chain::summary_now(self.store.as_ref()).await
    }

    async fn summary_as_of(&self, as_of: &str) -> Result<cases::checkpoint::TrailSummary> {
        crate::dynamo::chain::summary_as_of(self.store.as_ref(), as_of).await
    }

    async fn upgrade(&self) -> Result<u64> {
        let Some(done) = crate::dynamo::chain::seal_chains(self.store.as_ref()).await? else { return Ok(0) };
        tracing::info!(linked = done.linked, sealed = done.sealed, "the audit trail's chains: records written before them linked, heads written before seals sealed");
        if done.refused_records > 0 || done.refused_heads > 0 {
            tracing::warn!(records = done.refused_records, heads = done.refused_heads, "records in no chain, and heads that do not name their chain's newest record, were left as they are: `portal audit verify` names them");
        }
        Ok(0)
    }
}

async fn for_grievance(store: &dyn Store, grievance_id: i64, access: TrailAccess, action: Option<AuditAction>, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
    if grievance_id < 1 {
        check_paging(limit, offset)?;
        return Ok(Vec::new());
    }
    let keep = move |item: &Item| {
        let readable = match &access {
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

/// Whether a record item matches the filters that are not its keys: the action, the user,
/// and the search.
fn filtered(filters: &TrailFilters) -> impl Fn(&Item) -> bool + Send + Sync + 'static {
    let (action, user, search, kind) = (filters.action, filters.user_id, filters.search.clone(), filters.kind);
    move |item: &Item| {
        action.is_none_or(|a| item.str("action") == Some(a.as_str()))
            && kind.is_none_or(|k| {
                let action = item.str("action").and_then(AuditAction::parse);
                action.is_some_and(|a| k.holds(a, item.i64("grievance_id").unwrap_or(0)))
            })
            && user.is_none_or(|u| item.i64("user_id") == Some(u))
            && search.as_ref().is_none_or(|s| {
                let texts = ["grievance_number", "user_name", "user_email", "field_name", "old_value", "new_value", "notes"].map(|name| item.str(name));
                s.matches(item.i64("grievance_id").unwrap_or(0), texts)
            })
    }
}

async fn all(store: &dyn Store, viewer: &Viewer, filters: &TrailFilters, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
    let sort = date_range(filters);
    let keep = filtered(filters);
    if let Some((id, _)) = filters.search.as_ref().and_then(|s| s.grievance()) {
        return one_grievance(store, viewer, id, sort, keep, limit, offset).await;
    }
    if !viewer.sees_state() {
        if let Reach::Area(area) = &viewer.reach {
            return area_page(store, viewer, area, sort, keep, limit, offset).await;
        }
        return page(store, Query::table(keys::audit_viewer_pk(viewer.user_id)).sort(sort), true, keep, limit, offset).await;
    }
    let base = if let Some(user) = filters.user_id {
        Query::index(Index::Gsi3, format!("AUDITUSER#{user}"))
    } else if let Some(action) = filters.action {
        Query::index(Index::Gsi2, format!("AUDITACTION#{}", action.as_str()))
    } else if filters.kind == Some(cases::trail::TrailKind::Administrative) {
        // Administrative changes are events about no grievance: their partition, not the
        // whole trail.
        Query::table(keys::audit_pk(0))
    } else {
        Query::index(Index::Gsi1, keys::AUDIT_INDEX_PK)
    }
    .sort(sort);
    page(store, base, false, keep, limit, offset).await
}

/// A search for a whole grievance number: that grievance's partition, read as the viewer's
/// scope allows (the state's; the records shown to them; or, for a posting, the whole
/// history of a grievance lying in its area now, as the area's trail holds it).
async fn one_grievance(store: &dyn Store, viewer: &Viewer, id: i64, sort: SortKey, keep: impl Fn(&Item) -> bool, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
    let base = Query::table(keys::audit_pk(id)).sort(sort);
    match &viewer.reach {
        Reach::State => page(store, base, false, keep, limit, offset).await,
        Reach::Own { .. } => page(store, base, false, |item: &Item| visible(viewer, item) && keep(item), limit, offset).await,
        Reach::Area(area) => {
            let place = store.get(&keys::grievance(id)).await?.and_then(|g| g.str("place").map(str::to_string));
            if place.is_some_and(|p| keys::places_of(area).contains(&p)) {
                page(store, base, false, keep, limit, offset).await
            } else {
                check_paging(limit, offset)?;
                Ok(Vec::new())
            }
        }
    }
}

