//! Reading grievances: by id and as filtered, newest-first pages. A user without view_all
//! reads only the copies kept under their own partition, so nothing else can leak.

use crate::record::Grievance;
use crate::{keys, writes};
use domain::{Error, Result};
use store::{Index, Query, Store};

/// Who is reading.
#[derive(Clone, Copy, Debug)]
pub struct Viewer {
    pub user_id: i64,
    pub view_all: bool,
}

impl Viewer {
    pub fn may_see(&self, g: &Grievance) -> bool {
        self.view_all || g.visible_to().contains(&self.user_id)
    }

    /// Whether `user_id` is within the viewer's scope as an assignee: anyone for the state
    /// scope, only themselves for their own. Outside it, a user is "not found", so that
    /// assigning to ids one after another reveals no staff names.
    pub fn may_assign_to(&self, user_id: i64) -> bool {
        self.view_all || user_id == self.user_id
    }
}

/// A grievance the viewer may see; another's is "not found", not "forbidden", so that ids
/// reveal nothing.
pub async fn get(store: &dyn Store, viewer: Viewer, id: i64) -> Result<Grievance> {
    match writes::load(store, id).await? {
        Some((g, _)) if viewer.may_see(&g) => Ok(g),
        _ => Err(Error::not_found("Grievance not found")),
    }
}

/// The list filters of specification section 2. Empty means "any". The list-backed ones
/// are the items' ids: a filter names an item (see [`FilterNames::resolve`]), never a text
/// the stored grievances must spell alike.
#[derive(Clone, Debug, Default)]
pub struct Filters {
    pub search: Option<String>,
    pub fir_no: Option<String>,
    pub district: Option<i64>,
    pub police_station: Option<i64>,
    pub status: Option<i64>,
    pub priority: Option<i64>,
    pub from_date: Option<String>,
    pub to_date: Option<String>,
    /// Only grievances past their stage's limit, told by this clock.
    pub overdue: Option<crate::pendency::Clock>,
    /// The list-backed filters by name, as the Admin Panel calls the items (for headings).
    pub named: FilterNames,
    /// A filter names no item of its list: nothing can match.
    pub unknown_item: bool,
}

fn contains(haystack: &str, needle: &str) -> bool {
    haystack.to_lowercase().contains(needle)
}

impl Filters {
    pub fn is_empty(&self) -> bool {
        self.search.is_none()
            && self.fir_no.is_none()
            && self.district.is_none()
            && self.police_station.is_none()
            && self.status.is_none()
            && self.priority.is_none()
            && self.from_date.is_none()
            && self.to_date.is_none()
            && self.overdue.is_none()
    }

    pub fn matches(&self, g: &Grievance) -> bool {
        let f = &g.fields;
        let eq = |want: &Option<i64>, have: Option<i64>| want.is_none_or(|w| have == Some(w));
        self.search.as_ref().is_none_or(|s| {
            let s = s.to_lowercase();
            contains(&g.grievance_number, &s) || contains(&f.fir_no, &s) || contains(&f.crime_title, &s) || contains(&f.brief_details, &s)
        }) && self.fir_no.as_ref().is_none_or(|n| contains(&f.fir_no, &n.to_lowercase()))
            && eq(&self.district, g.district_id)
            && eq(&self.police_station, g.police_station_id)
            && eq(&self.status, g.status_id)
            && eq(&self.priority, g.priority_id)
            && self.from_date.as_ref().is_none_or(|d| f.fir_date.as_str() >= d.as_str())
            && self.to_date.as_ref().is_none_or(|d| f.fir_date.as_str() <= d.as_str())
            && self.overdue.as_ref().is_none_or(|clock| clock.pendency(g).overdue)
    }
}

/// The list-backed filters as a request names them.
#[derive(Clone, Debug, Default)]
pub struct FilterNames {
    pub district: Option<String>,
    pub police_station: Option<String>,
    pub status: Option<String>,
    pub priority: Option<String>,
}

impl Filters {
    /// Filters by the items `names` names (any capitals): their ids, and their own
    /// spelling in `named`. A name that is no item of its list leaves nothing to match.
    pub async fn name_items(&mut self, store: &dyn Store, names: FilterNames) -> Result<()> {
        use domain::lists::ListKind;
        let mut named = names.clone();
        for (kind, name, id, label) in [
            (ListKind::Districts, names.district, &mut self.district, &mut named.district),
            (ListKind::PoliceStations, names.police_station, &mut self.police_station, &mut named.police_station),
            (ListKind::Statuses, names.status, &mut self.status, &mut named.status),
            (ListKind::Priorities, names.priority, &mut self.priority, &mut named.priority),
        ] {
            let Some(name) = name else { continue };
            match lists::find_by_name(store, kind, &name).await? {
                Some(item) => {
                    *id = Some(item.id);
                    *label = Some(item.name);
                }
                None => self.unknown_item = true,
            }
        }
        self.named = named;
        Ok(())
    }
}

pub struct ListPage {
    pub items: Vec<Grievance>,
    /// Continue from here; present while more items may match.
    pub cursor: Option<String>,
    /// How many grievances the engine read to answer (matches and the rest).
    pub examined: u64,
    /// The engine stopped at [`READ_BUDGET`] before it had a full page: the page is short
    /// (maybe empty) though more matches may follow the cursor. Never set on a full page or
    /// on the true last page.
    pub bounded: bool,
}

/// How many items one request may examine before answering with what it found and a
/// cursor to continue: bounded work per request, whatever the filters.
pub const READ_BUDGET: usize = 2000;

pub async fn list(store: &dyn Store, viewer: Viewer, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<ListPage> {
    if filters.unknown_item {
        return Ok(ListPage { items: Vec::new(), cursor: None, examined: 0, bounded: false });
    }
    let StoredPage { mut items, cursor, examined, bounded } = list_as_stored(store, viewer, filters, limit, cursor).await?;
    writes::relabel_all(store, &mut items).await?;
    Ok(ListPage { items: items.into_iter().map(|(g, _)| g).collect(), cursor, examined: examined as u64, bounded })
}

/// A page as [`list`] answers it, with each grievance's list items and their names as
/// stored.
struct StoredPage {
    items: Vec<(Grievance, std::collections::BTreeMap<domain::lists::ListKind, i64>)>,
    cursor: Option<String>,
    examined: usize,
    bounded: bool,
}

async fn list_as_stored(store: &dyn Store, viewer: Viewer, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
    // With view_all and a text to find, the engine's text index narrows first (a user
    // without view_all reads only their own partition, which is small).
    if let (true, Some(text)) = (viewer.view_all, &filters.search) {
        if let Some(page) = search(store, text, filters, limit, cursor.clone()).await? {
            return Ok(page);
        }
    }
    let (index, pk) = if !viewer.view_all {
        (None, keys::visible_pk(viewer.user_id))
    } else if let Some(status) = filters.status {
        (Some(Index::Gsi2), keys::status_index_pk(status))
    } else {
        (Some(Index::Gsi1), keys::ALL_INDEX_PK.to_string())
    };
    let base = match index {
        Some(i) => Query::index(i, pk),
        None => Query::table(pk),
    }
    .newest_first();
    let mut items = Vec::new();
    let mut examined = 0;
    let mut cursor = cursor;
    // Every item read is a match when nothing filters beyond the index: read exactly a page.
    let only_the_index = filters.is_empty() || (viewer.view_all && Filters { status: None, ..filters.clone() }.is_empty());
    let batch = if only_the_index { limit } else { 200 };
    loop {
        let page = store.query(&base.clone().limit(batch).after(cursor.clone())).await?;
        let count = page.items.len();
        for (position, item) in page.items.into_iter().enumerate() {
            examined += 1;
            let (g, refs) = writes::from_item(item.clone())?;
            if filters.matches(&g) {
                items.push((g, refs));
                if items.len() == limit {
                    let more = position + 1 < count || page.cursor.is_some();
                    return Ok(StoredPage { items, cursor: more.then(|| store::cursor_after(&item, index)), examined, bounded: false });
                }
            }
            if examined >= READ_BUDGET && (position + 1 < count || page.cursor.is_some()) {
                return Ok(StoredPage { items, cursor: Some(store::cursor_after(&item, index)), examined, bounded: true });
            }
        }
        match page.cursor {
            Some(c) => cursor = Some(c),
            None => return Ok(StoredPage { items, cursor: None, examined, bounded: false }),
        }
    }
}

/// The text index's matches that pass the other filters, newest first, with the same bounded
/// work per request as the index scan. `None` when the engine keeps no text index.
async fn search(store: &dyn Store, text: &str, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<Option<StoredPage>> {
    let mut items = Vec::new();
    let mut examined = 0;
    let mut cursor = cursor;
    // With the text as the only filter every match is wanted: read exactly a page.
    let only_text = Filters { search: None, ..filters.clone() }.is_empty();
    let batch = if only_text { limit } else { 200 };
    loop {
        let Some(page) = store.search(keys::ALL_INDEX_PK, text, batch, cursor.clone()).await? else { return Ok(None) };
        let count = page.items.len();
        for (position, item) in page.items.into_iter().enumerate() {
            examined += 1;
            let (g, refs) = writes::from_item(item)?;
            let id = g.id;
            if filters.matches(&g) {
                items.push((g, refs));
            }
            let more = position + 1 < count || page.cursor.is_some();
            if items.len() == limit || examined >= READ_BUDGET {
                let bounded = more && items.len() < limit;
                return Ok(Some(StoredPage { items, cursor: more.then(|| store::search_cursor_after(id)), examined, bounded }));
            }
        }
        match page.cursor {
            Some(c) => cursor = Some(c),
            None => return Ok(Some(StoredPage { items, cursor: None, examined, bounded: false })),
        }
    }
}

/// The counters a viewer's dashboard reads: the whole state's, or their own cases'.
pub async fn counters(store: &dyn Store, viewer: Viewer) -> Result<store::Attrs> {
    let key = if viewer.view_all { keys::stats_all() } else { keys::stats_user(viewer.user_id) };
    Ok(store.get(&key).await?.map(|i| i.attrs).unwrap_or_default())
}

/// One audit record as the API answers it.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct AuditRecord {
    pub id: String,
    pub grievance_id: i64,
    pub grievance_number: String,
    pub action: domain::audit::AuditAction,
    pub field_name: Option<String>,
    pub old_value: Option<String>,
    pub new_value: Option<String>,
    pub notes: Option<String>,
    /// `{summary, changes: [{field, action (added/removed/changed), oldValue, newValue}]}`
    /// for complete records and officer-list changes; null otherwise.
    #[schema(value_type = Option<Object>)]
    pub action_details: Option<serde_json::Value>,
    pub user_id: i64,
    pub user_name: String,
    pub user_email: String,
    pub user_role: String,
    pub ip_address: String,
    pub user_agent: String,
    pub session_id: String,
    pub created_at: String,
}

/// An audit record item as the API answers it.
pub fn audit_view(item: store::Item) -> Result<AuditRecord> {
    serde_json::from_value(serde_json::Value::Object(item.attrs)).map_err(Error::internal)
}

/// How many grievances match `filters`, when the counters can tell without reading
/// grievances: no filter, or a single status, priority or police station filter.
/// `counters` are the viewer's, as `counters` answers them.
pub async fn matched_count(store: &dyn Store, viewer: Viewer, filters: &Filters, counters: &store::Attrs) -> Result<Option<i64>> {
    if filters.unknown_item {
        return Ok(Some(0));
    }
    let only = |f: &Filters| {
        let set = [
            f.search.is_some(),
            f.fir_no.is_some(),
            f.district.is_some(),
            f.police_station.is_some(),
            f.status.is_some(),
            f.priority.is_some(),
            f.from_date.is_some() || f.to_date.is_some(),
            f.overdue.is_some(),
        ];
        set.iter().filter(|s| **s).count()
    };
    if only(filters) > 1 {
        return Ok(None);
    }
    if let Some(station) = filters.police_station {
        let scope = if viewer.view_all { None } else { Some(viewer.user_id) };
        let item = store.get(&keys::stats_station(scope, station)).await?;
        return Ok(Some(item.and_then(|i| i.i64("total")).unwrap_or(0)));
    }
    let attr = if let Some(status) = filters.status {
        crate::counters::status_attr(Some(status))
    } else if let Some(priority) = filters.priority {
        crate::counters::priority_attr(Some(priority))
    } else if filters.is_empty() {
        "total".to_string()
    } else {
        return Ok(None);
    };
    Ok(Some(counters.get(&attr).and_then(serde_json::Value::as_i64).unwrap_or(0)))
}
