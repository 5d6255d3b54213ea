//! The grievance mutations. Each is one transaction: the grievance, the copies that let a
//! user without view_all list their own cases, the audit records, the counters, and the
//! admin-list usage counts.

use crate::record::{Actor, Grievance};
use crate::{counters, keys};
use domain::audit::{self, AuditAction, FieldChange};
use domain::grievance::GrievanceFields;
use domain::lists::{ListKind, StatusMeaning};
use domain::{Error, FieldErrors, Result};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use store::{Changes, Condition, Index, Item, Store, StoreError, Write};

/// Something done alongside a grievance collided with someone else's change.
pub const CHANGED: &str = "This was changed by someone else at the same time. Please reload and try again.";

pub const STALE: &str = "This grievance was changed by someone else since you opened it. Please reload it and try again.";

fn not_found() -> Error {
    Error::not_found("Grievance not found")
}

/// The list-backed fields: (list, field, label, value).
fn list_fields(f: &GrievanceFields) -> Vec<(ListKind, &'static str, &'static str, Option<&str>)> {
    vec![
        (ListKind::CallTypes, "type_of_call", "Type of Call", f.type_of_call.as_deref()),
        (ListKind::CrimeTitles, "crime_title", "Crime Title", Some(&f.crime_title)),
        (ListKind::Districts, "district", "District", Some(&f.district)),
        (ListKind::PoliceStations, "police_station", "Police Station", Some(&f.police_station)),
        (ListKind::Statuses, "status", "Status", Some(&f.status)),
        (ListKind::Priorities, "priority", "Priority", Some(&f.priority)),
        (ListKind::Reasons, "reason", "Reason", f.reason.as_deref()),
    ]
}

/// The admin-list items a grievance names, as the checks found them.
pub struct Named {
    pub refs: BTreeMap<ListKind, i64>,
    /// What the status named means.
    pub meaning: StatusMeaning,
}

impl Named {
    fn id(&self, kind: ListKind) -> Option<i64> {
        self.refs.get(&kind).copied()
    }

    /// Sets the grievance's item ids and status meaning from what was named.
    fn apply(&self, g: &mut Grievance) {
        g.district_id = self.id(ListKind::Districts);
        g.police_station_id = self.id(ListKind::PoliceStations);
        g.status_id = self.id(ListKind::Statuses);
        g.priority_id = self.id(ListKind::Priorities);
        g.status_meaning = self.meaning;
    }
}

/// Checks that every list-backed field names an active item (an item the grievance
/// already named may have been deactivated since), writes the item's own spelling back,
/// and answers the items named. A status or priority left empty gets the lists' default.
async fn resolve_lists(store: &dyn Store, fields: &mut GrievanceFields, before: Option<&GrievanceFields>) -> Result<Named> {
    let mut refs = BTreeMap::new();
    let mut errors = FieldErrors::default();
    let mut canonical = Vec::new();
    let mut meaning = StatusMeaning::Open;
    if fields.status.trim().is_empty() {
        match lists::default_status(store).await? {
            Some(status) => fields.status = status.name,
            None => errors.add("status", "Choose a status: the Statuses list has no active status meaning open"),
        }
    }
    if fields.priority.trim().is_empty() {
        match lists::default_priority(store).await? {
            Some(priority) => fields.priority = priority.name,
            None => errors.add("priority", "Choose a priority: the Priorities list has no active item"),
        }
    }
    for (kind, field, label, value) in list_fields(fields) {
        let Some(value) = value.filter(|v| !v.is_empty()) else { continue };
        let previously = before.and_then(|b| list_fields(b).into_iter().find(|(k, ..)| *k == kind).and_then(|(_, _, _, v)| v.map(str::to_lowercase)));
        match lists::find_by_name(store, kind, value).await? {
            Some(item) if item.is_active || previously.as_deref() == Some(&value.to_lowercase()) => {
                refs.insert(kind, item.id);
                if kind == ListKind::Statuses {
                    meaning = item.status_meaning();
                }
                canonical.push((field, item.name));
            }
            _ => errors.add(field, format!("{label} '{value}' is not an active item of the Admin Panel's list")),
        }
    }
    if !errors.is_empty() {
        return match errors.finish() {
            Err(Error::Validation { fields, .. }) => Err(Error::Validation { message: domain::grievance::FIX_ERRORS.into(), fields }),
            other => other.map(|_| Named { refs: BTreeMap::new(), meaning }),
        };
    }
    for (field, name) in canonical {
        match field {
            "type_of_call" => fields.type_of_call = Some(name),
            "crime_title" => fields.crime_title = name,
            "district" => fields.district = name,
            "police_station" => fields.police_station = name,
            "status" => fields.status = name,
            "priority" => fields.priority = name,
            "reason" => fields.reason = Some(name),
            _ => {}
        }
    }
    Ok(Named { refs, meaning })
}

/// Writes the items' current names into the list-backed fields: the grievance stores the
/// ids, and a name is only ever what the Admin Panel calls the item now.
pub fn relabel(g: &mut Grievance, refs: &BTreeMap<ListKind, i64>, items: &BTreeMap<(ListKind, i64), lists::ListItem>) {
    let name = |kind: ListKind| refs.get(&kind).and_then(|id| items.get(&(kind, *id))).map(|item| item.name.clone());
    let f = &mut g.fields;
    if let Some(n) = name(ListKind::CallTypes) {
        f.type_of_call = Some(n);
    }
    if let Some(n) = name(ListKind::CrimeTitles) {
        f.crime_title = n;
    }
    if let Some(n) = name(ListKind::Districts) {
        f.district = n;
    }
    if let Some(n) = name(ListKind::PoliceStations) {
        f.police_station = n;
    }
    if let Some(n) = name(ListKind::Statuses) {
        f.status = n;
    }
    if let Some(n) = name(ListKind::Priorities) {
        f.priority = n;
    }
    if let Some(n) = name(ListKind::Reasons) {
        f.reason = Some(n);
    }
}

/// Relabels grievances read together with one read of the items they name.
pub async fn relabel_all(store: &dyn Store, grievances: &mut [(Grievance, BTreeMap<ListKind, i64>)]) -> Result<()> {
    let wanted: Vec<(ListKind, i64)> = grievances.iter().flat_map(|(_, refs)| refs.iter().map(|(k, id)| (*k, *id))).collect();
    let items = lists::get_many(store, &wanted).await?;
    for (g, refs) in grievances.iter_mut() {
        relabel(g, refs, &items);
    }
    Ok(())
}

fn to_attrs(g: &Grievance, refs: &BTreeMap<ListKind, i64>) -> serde_json::Map<String, Value> {
    let Value::Object(mut attrs) = serde_json::to_value(g).expect("a grievance serialises") else { unreachable!() };
    attrs.insert("list_refs".into(), json!(refs.iter().map(|(k, id)| (k.as_str().to_string(), *id)).collect::<BTreeMap<_, _>>()));
    attrs
}

/// Puts a grievance item in the stage index of `user` (or of the whole state), unless the
/// grievance is decided and so can never be overdue.
fn in_stage_index(item: Item, g: &Grievance, user: Option<i64>) -> Item {
    let at = crate::pendency::stage_of(g);
    if at.stage == domain::pendency::Stage::Decided {
        return item;
    }
    let since = crate::pendency::date_text(at.since);
    let place = keys::stage_pk(user, g.police_station_id.unwrap_or(0), at.stage, g.priority_id.unwrap_or(0));
    item.indexed(Index::Gsi3, place, keys::stage_sk(&since, g.id))
}

pub(crate) fn main_item(g: &Grievance, refs: &BTreeMap<ListKind, i64>) -> Item {
    let sort = keys::recency(&g.filed_at, g.id);
    let text = format!("{} {} {} {}", g.grievance_number, g.fields.fir_no, g.fields.crime_title, g.fields.brief_details);
    let item = Item { key: keys::grievance(g.id), attrs: to_attrs(g, refs) };
    in_stage_index(item, g, None)
        // In the text index where the engine keeps one; ids rise with filing time.
        .with(store::SEARCH_TEXT, text)
        .with(store::SEARCH_PART, keys::ALL_INDEX_PK)
        .with(store::SEARCH_RANK, g.id)
        .indexed(Index::Gsi1, keys::ALL_INDEX_PK, sort.clone())
        .indexed(Index::Gsi2, keys::status_index_pk(g.status_id.unwrap_or(0)), sort)
}

/// The grievance an item holds and the list items it names, with the names as stored (see
/// [`relabel`]). An item written before grievances kept their items' ids and status meaning
/// is read as the upgrade will write it.
pub fn from_item(mut item: Item) -> Result<(Grievance, BTreeMap<ListKind, i64>)> {
    let refs: BTreeMap<String, i64> = item.attrs.get("list_refs").and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default();
    let refs: BTreeMap<ListKind, i64> = refs.into_iter().filter_map(|(k, id)| ListKind::parse(&k).map(|k| (k, id))).collect();
    if !item.attrs.contains_key("status_meaning") {
        let status = item.attrs.get("status").and_then(Value::as_str).unwrap_or_default();
        item.attrs.insert("status_meaning".into(), json!(StatusMeaning::of_legacy_name(status)));
    }
    for (attr, kind) in [("district_id", ListKind::Districts), ("police_station_id", ListKind::PoliceStations)] {
        if !item.attrs.contains_key(attr) {
            item.attrs.insert(attr.into(), json!(refs.get(&kind)));
        }
    }
    let g = serde_json::from_value(Value::Object(item.attrs)).map_err(Error::internal)?;
    Ok((g, refs))
}

/// The grievance and the list items it names, with the items' current names.
pub async fn load(store: &dyn Store, id: i64) -> Result<Option<(Grievance, BTreeMap<ListKind, i64>)>> {
    let Some(item) = store.get(&keys::grievance(id)).await? else { return Ok(None) };
    let mut found = [from_item(item)?];
    relabel_all(store, &mut found).await?;
    let [loaded] = found;
    Ok(Some(loaded))
}

/// Writes that keep the per-user copies in step: put for every user who sees the new
/// version, delete for those who saw only the old one.
pub(crate) fn visibility_writes(before: Option<&Grievance>, after: Option<&Grievance>, refs: &BTreeMap<ListKind, i64>) -> Vec<Write> {
    let mut writes = Vec::new();
    let now_visible = after.map(Grievance::visible_to).unwrap_or_default();
    if let Some(b) = before {
        for user in b.visible_to() {
            if !now_visible.contains(&user) {
                writes.push(Write::delete(keys::visible(user, &b.filed_at, b.id)));
            }
        }
    }
    if let Some(a) = after {
        for user in now_visible {
            let copy = Item { key: keys::visible(user, &a.filed_at, a.id), attrs: to_attrs(a, refs) };
            writes.push(Write::put(in_stage_index(copy, a, Some(user))));
        }
    }
    writes
}

fn usage_writes(before: &BTreeMap<ListKind, i64>, after: &BTreeMap<ListKind, i64>) -> Vec<Write> {
    let mut deltas: BTreeMap<(ListKind, i64), i64> = BTreeMap::new();
    for (k, id) in before {
        *deltas.entry((*k, *id)).or_default() -= 1;
    }
    for (k, id) in after {
        *deltas.entry((*k, *id)).or_default() += 1;
    }
    deltas
        .into_iter()
        .filter(|(_, d)| *d != 0)
        .map(|((kind, id), d)| Write::update(lists::item_key(kind, id), Changes::default().add("usage_count", d)).when(Condition::Exists))
        .collect()
}

/// One audit record to write.
pub struct AuditEntry {
    pub action: AuditAction,
    pub field_name: Option<String>,
    pub old_value: Option<String>,
    pub new_value: Option<String>,
    pub notes: Option<String>,
    pub action_details: Option<Value>,
}

impl AuditEntry {
    fn simple(action: AuditAction, field: &str, old: Option<String>, new: Option<String>, notes: Option<String>) -> Self {
        AuditEntry { action, field_name: Some(field.to_string()), old_value: old, new_value: new, notes, action_details: None }
    }
}

/// What an audit record is about: a grievance, or nothing (an export, say), and who may
/// read the record without view_all.
struct AuditSubject<'a> {
    grievance_id: i64,
    grievance_number: &'a str,
    visible_to: Vec<i64>,
}

impl<'a> From<&'a Grievance> for AuditSubject<'a> {
    fn from(g: &'a Grievance) -> Self {
        // Visible to whoever may see the grievance.
        AuditSubject { grievance_id: g.id, grievance_number: &g.grievance_number, visible_to: g.visible_to() }
    }
}

/// Which change of a grievance the audit records are of: a new version of it, or a numbered
/// event beside it (a note, an attachment, an export). The two kinds name their records
/// apart, so a record's id is unique in the trail.
#[derive(Clone, Copy)]
enum Change {
    Version(i64),
    Event(i64),
}

impl Change {
    fn number(self) -> i64 {
        match self {
            Change::Version(n) | Change::Event(n) => n,
        }
    }
    fn tag(self) -> String {
        match self {
            Change::Version(n) => n.to_string(),
            Change::Event(n) => format!("e{n}"),
        }
    }
}

/// The audit records of one change. `change` numbers the grievance's changes, so two
/// changes within one second never share a record key.
fn audit_writes<'a>(subject: impl Into<AuditSubject<'a>>, change: Change, actor: &Actor, at: &str, entries: Vec<AuditEntry>) -> Vec<Write> {
    let subject = subject.into();
    let id = subject.grievance_id;
    let tag = change.tag();
    let change = change.number();
    let count = entries.len() as i64;
    let stamp = domain::clock::now_precise_text();
    let record_sorts: Vec<String> = (0..entries.len()).map(|seq| format!("{stamp}#{change:06}#{seq:03}")).collect();
    // Each user who may read these records without view_all finds them through their own
    // partition: the scope of a read is its key, never a filter over the state's trail.
    let mut viewers = if record_sorts.is_empty() { Vec::new() } else { subject.visible_to.clone() };
    viewers.sort_unstable();
    viewers.dedup();
    let viewer_writes: Vec<Write> = viewers
        .iter()
        .map(|user| {
            Write::put(
                Item::new(store::Key::new(keys::audit_viewer_pk(*user), format!("{stamp}#{id:012}#{change:06}")))
                    .with("grievance_id", id)
                    .with("records", json!(record_sorts)),
            )
        })
        .collect();
    let mut writes: Vec<Write> = entries
        .into_iter()
        .enumerate()
        .map(|(seq, e)| {
            let sort = format!("{stamp}#{id:012}#{change:06}#{seq:03}");
            Write::put_new(
                Item::new(store::Key::new(keys::audit_pk(id), record_sorts[seq].clone()))
                    .with("id", format!("{id}-{tag}-{seq}"))
                    .with("grievance_id", id)
                    .with("grievance_number", subject.grievance_number)
                    .with("action", e.action.as_str())
                    .with("field_name", json!(e.field_name))
                    .with("old_value", json!(e.old_value))
                    .with("new_value", json!(e.new_value))
                    .with("notes", json!(e.notes))
                    .with("action_details", e.action_details.unwrap_or(Value::Null))
                    .with("user_id", actor.user_id)
                    .with("user_name", actor.name.clone())
                    .with("user_email", actor.email.clone())
                    .with("user_role", actor.role.clone())
                    .with("ip_address", actor.ip.clone())
                    .with("user_agent", actor.user_agent.clone())
                    .with("session_id", actor.session_id.clone())
                    .with("created_at", at.to_string())
                    .with("visible_to", json!(subject.visible_to))
                    .indexed(Index::Gsi1, keys::AUDIT_INDEX_PK, sort.clone())
                    .indexed(Index::Gsi2, format!("AUDITACTION#{}", e.action.as_str()), sort.clone())
                    .indexed(Index::Gsi3, format!("AUDITUSER#{}", actor.user_id), sort),
            )
        })
        .collect();
    writes.extend(viewer_writes);
    writes.push(Write::update(store::Key::new("STATS#AUDIT", "ALL"), Changes::default().add("total", count)));
    writes
}

/// Records something done that changes no grievance (an export): one audit record, about
/// no grievance (id 0), visible without view_all only to the one who did it.
pub async fn record_event(store: &dyn Store, actor: &Actor, entry: AuditEntry) -> Result<()> {
    let subject = AuditSubject { grievance_id: 0, grievance_number: "", visible_to: vec![actor.user_id] };
    // Events share partition AUDIT#0; a sequence number keeps their keys apart.
    let change = store.increment(&keys::event_sequence(), "n", 1).await?;
    let now = domain::clock::now_text();
    store.transact(audit_writes(subject, Change::Event(change), actor, &now, vec![entry])).await?;
    Ok(())
}

/// Writes `writes` (a note, an attachment record) together with their audit record, on
/// condition that the grievance still exists: something done to a grievance that leaves the
/// grievance itself unchanged, so it takes no version and conflicts with no edit.
pub async fn record_on(store: &dyn Store, g: &Grievance, actor: &Actor, entry: AuditEntry, writes: Vec<Write>) -> Result<()> {
    // A sequence number, not the version, keeps the record's key apart from others.
    let change = store.increment(&keys::event_sequence(), "n", 1).await?;
    let now = domain::clock::now_text();
    let check_at = writes.len();
    let mut all = writes;
    all.push(Write::Check { key: keys::grievance(g.id), condition: Condition::Exists });
    all.extend(audit_writes(g, Change::Event(change), actor, &now, vec![entry]));
    match store.transact(all).await {
        Err(StoreError::ConditionFailed { at }) if at == check_at => Err(not_found()),
        // One of the caller's own conditions: someone else got there first.
        Err(StoreError::ConditionFailed { .. }) => Err(Error::conflict(CHANGED)),
        other => other.map_err(Error::from),
    }
}

/// Every write of a change of a grievance: `before` is what was read (its version is the
/// condition), `after` the new grievance or `None` for a deletion.
fn change_writes(
    before: Option<(&Grievance, &BTreeMap<ListKind, i64>)>,
    after: Option<(&Grievance, &BTreeMap<ListKind, i64>)>,
    audit: Vec<Write>,
) -> Vec<Write> {
    let empty = BTreeMap::new();
    let mut writes = Vec::new();
    let key = keys::grievance(before.or(after).map(|(g, _)| g.id).expect("a change has a grievance"));
    let condition = match before {
        Some((b, _)) => Condition::Equals("version".into(), json!(b.version)),
        None => Condition::NotExists,
    };
    writes.push(match after {
        Some((a, refs)) => Write::put(main_item(a, refs)).when(condition),
        None => Write::delete(key).when(condition),
    });
    writes.extend(visibility_writes(before.map(|b| b.0), after.map(|a| a.0), after.map(|a| a.1).unwrap_or(&empty)));
    writes.extend(audit);
    writes.extend(counters::writes(before.map(|b| b.0), after.map(|a| a.0)));
    writes.extend(usage_writes(before.map(|b| b.1).unwrap_or(&empty), after.map(|a| a.1).unwrap_or(&empty)));
    writes
}

/// Writes a change in one transaction; the first write's condition is the version read.
async fn commit(
    store: &dyn Store,
    before: Option<(&Grievance, &BTreeMap<ListKind, i64>)>,
    after: Option<(&Grievance, &BTreeMap<ListKind, i64>)>,
    audit: Vec<Write>,
) -> Result<()> {
    match store.transact(change_writes(before, after, audit)).await {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed { at: 0 }) => Err(Error::conflict(STALE)),
        Err(StoreError::ConditionFailed { .. }) => {
            Err(Error::conflict("An item this grievance names was just deleted from the Admin Panel. Please reload and try again."))
        }
        Err(e) => Err(e.into()),
    }
}

fn today() -> time::Date {
    domain::clock::now().date()
}

pub fn parse_fields(body: &Value) -> Result<GrievanceFields> {
    GrievanceFields::parse(body, today())
}

fn record_json(g: &Grievance) -> Value {
    serde_json::to_value(g).expect("a grievance serialises")
}

pub async fn create(store: &dyn Store, actor: &Actor, mut fields: GrievanceFields) -> Result<Grievance> {
    let named = resolve_lists(store, &mut fields, None).await?;
    let refs = named.refs.clone();
    let id = store.increment(&store::Key::new("SEQ", "grievance"), "n", 1).await?;
    let now = domain::clock::now_text();
    let year = &now[..4];
    let mut g = Grievance {
        id,
        grievance_number: format!("GRV-{year}-{id:06}"),
        district_id: None,
        police_station_id: None,
        status_id: None,
        priority_id: None,
        status_meaning: named.meaning,
        resolved_at: named.meaning.is_final().then(|| now.clone()),
        fields,
        filed_by: actor.user_id,
        filed_by_name: actor.name.clone(),
        assigned_to: None,
        assigned_to_name: None,
        filed_at: now.clone(),
        updated_at: now.clone(),
        version: 1,
    };
    named.apply(&mut g);
    match store.transact(creation_writes(&g, &refs, actor)).await {
        Ok(()) => Ok(g),
        Err(StoreError::ConditionFailed { .. }) => {
            Err(Error::conflict("An item this grievance names was just deleted from the Admin Panel. Please reload and try again."))
        }
        Err(e) => Err(e.into()),
    }
}

/// Every write that files `g` (its id, number and times already set), with its CREATED
/// record, counters and list usage: what a request writes, and what the data generator
/// loads in bulk.
pub fn creation_writes(g: &Grievance, refs: &BTreeMap<ListKind, i64>, actor: &Actor) -> Vec<Write> {
    let summary = format!("Grievance {} created (FIR {})", g.grievance_number, g.fields.fir_no);
    let entry = AuditEntry {
        action: AuditAction::Created,
        field_name: Some("complete_record".into()),
        old_value: None,
        new_value: None,
        notes: Some(summary.clone()),
        action_details: Some(audit::complete_record(summary, &record_json(g), true)),
    };
    change_writes(None, Some((g, refs)), audit_writes(g, Change::Version(g.version), actor, &g.filed_at, vec![entry]))
}

fn check_version(current: &Grievance, expected: Option<i64>) -> Result<()> {
    match expected {
        Some(v) if v != current.version => Err(Error::conflict(STALE)),
        _ => Ok(()),
    }
}

fn status_entries(before: &Grievance, after: &Grievance, notes: Option<String>) -> Vec<AuditEntry> {
    let mut entries = Vec::new();
    if before.status_id != after.status_id {
        entries.push(AuditEntry::simple(AuditAction::StatusChanged, "status", Some(before.fields.status.clone()), Some(after.fields.status.clone()), notes.clone()));
        if let Some(milestone) = audit::status_milestone(before.status_meaning, after.status_meaning) {
            entries.push(AuditEntry::simple(milestone, "status", Some(before.fields.status.clone()), Some(after.fields.status.clone()), notes));
        }
    }
    entries
}

fn resolved_at(before: &Grievance, new_status: StatusMeaning, now: &str) -> Option<String> {
    match (before.status_meaning.is_final(), new_status.is_final()) {
        (false, true) => Some(now.to_string()),
        (_, false) => None,
        (true, true) => before.resolved_at.clone(),
    }
}

/// Runs a read-modify-write again when another change got in between, unless the caller
/// named the version its change was based on (then the conflict is theirs to see: 409).
async fn retrying<T, F, Fut>(expected_version: Option<i64>, mut op: F) -> Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T>>,
{
    for _attempt in 0..4 {
        match op().await {
            Err(Error::Conflict(message)) if expected_version.is_none() && message == STALE => continue,
            other => return other,
        }
    }
    op().await
}

pub async fn update(store: &dyn Store, actor: &Actor, id: i64, fields: GrievanceFields, expected_version: Option<i64>) -> Result<Grievance> {
    retrying(expected_version, || update_once(store, actor, id, fields.clone(), expected_version)).await
}

async fn update_once(store: &dyn Store, actor: &Actor, id: i64, mut fields: GrievanceFields, expected_version: Option<i64>) -> Result<Grievance> {
    let (before, before_refs) = load(store, id).await?.ok_or_else(not_found)?;
    check_version(&before, expected_version)?;
    let named = resolve_lists(store, &mut fields, Some(&before.fields)).await?;
    let refs = named.refs.clone();
    let now = domain::clock::now_text();
    let mut after = Grievance {
        resolved_at: resolved_at(&before, named.meaning, &now),
        fields,
        updated_at: now.clone(),
        version: before.version + 1,
        ..before.clone()
    };
    named.apply(&mut after);
    let mut entries: Vec<AuditEntry> = audit::field_changes(&before.fields, &after.fields)
        .into_iter()
        .map(|FieldChange { field, old_value, new_value, details }| AuditEntry {
            action: AuditAction::Updated,
            field_name: Some(field.to_string()),
            old_value,
            new_value,
            notes: None,
            action_details: details,
        })
        .collect();
    entries.extend(status_entries(&before, &after, None));
    if before.priority_id != after.priority_id {
        entries.push(AuditEntry::simple(AuditAction::PriorityChanged, "priority", Some(before.fields.priority.clone()), Some(after.fields.priority.clone()), None));
    }
    if entries.is_empty() {
        // Nothing changed: nothing to write, nothing to audit.
        return Ok(before);
    }
    commit(store, Some((&before, &before_refs)), Some((&after, &refs)), audit_writes(&after, Change::Version(after.version), actor, &now, entries)).await?;
    Ok(after)
}

pub async fn change_status(store: &dyn Store, actor: &Actor, id: i64, status_id: i64, notes: Option<String>, expected_version: Option<i64>) -> Result<Grievance> {
    retrying(expected_version, || change_status_once(store, actor, id, status_id, notes.clone(), expected_version)).await
}

async fn change_status_once(store: &dyn Store, actor: &Actor, id: i64, status_id: i64, notes: Option<String>, expected_version: Option<i64>) -> Result<Grievance> {
    let (before, before_refs) = load(store, id).await?.ok_or_else(not_found)?;
    check_version(&before, expected_version)?;
    let status = lists::get(store, ListKind::Statuses, status_id)
        .await?
        .filter(|s| s.is_active)
        .ok_or_else(|| Error::field("status_id", "Choose an active status"))?;
    let mut refs = before_refs.clone();
    refs.insert(ListKind::Statuses, status.id);
    let now = domain::clock::now_text();
    let mut fields = before.fields.clone();
    fields.status = status.name.clone();
    let after = Grievance {
        resolved_at: resolved_at(&before, status.status_meaning(), &now),
        fields,
        status_id: Some(status.id),
        status_meaning: status.status_meaning(),
        updated_at: now.clone(),
        version: before.version + 1,
        ..before.clone()
    };
    let notes = notes.map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
    let entries = status_entries(&before, &after, notes);
    if entries.is_empty() {
        return Ok(before);
    }
    commit(store, Some((&before, &before_refs)), Some((&after, &refs)), audit_writes(&after, Change::Version(after.version), actor, &now, entries)).await?;
    Ok(after)
}

pub async fn assign(store: &dyn Store, actor: &Actor, id: i64, assignee: Option<(i64, String)>) -> Result<Grievance> {
    retrying(None, || assign_once(store, actor, id, assignee.clone())).await
}

async fn assign_once(store: &dyn Store, actor: &Actor, id: i64, assignee: Option<(i64, String)>) -> Result<Grievance> {
    let (before, refs) = load(store, id).await?.ok_or_else(not_found)?;
    let now = domain::clock::now_text();
    let after = Grievance {
        assigned_to: assignee.as_ref().map(|a| a.0),
        assigned_to_name: assignee.map(|a| a.1),
        updated_at: now.clone(),
        version: before.version + 1,
        ..before.clone()
    };
    if after.assigned_to == before.assigned_to {
        return Ok(before);
    }
    let entry = AuditEntry::simple(AuditAction::Assigned, "assigned_to", before.assigned_to_name.clone(), after.assigned_to_name.clone(), None);
    commit(store, Some((&before, &refs)), Some((&after, &refs)), audit_writes(&after, Change::Version(after.version), actor, &now, vec![entry])).await?;
    Ok(after)
}

pub async fn delete(store: &dyn Store, actor: &Actor, id: i64) -> Result<Grievance> {
    retrying(None, || delete_once(store, actor, id)).await
}

async fn delete_once(store: &dyn Store, actor: &Actor, id: i64) -> Result<Grievance> {
    let (before, refs) = load(store, id).await?.ok_or_else(not_found)?;
    let now = domain::clock::now_text();
    let summary = format!("Grievance {} deleted (FIR {})", before.grievance_number, before.fields.fir_no);
    let entry = AuditEntry {
        action: AuditAction::Deleted,
        field_name: Some("complete_record".into()),
        old_value: None,
        new_value: None,
        notes: Some(summary.clone()),
        action_details: Some(audit::complete_record(summary, &record_json(&before), false)),
    };
    commit(store, Some((&before, &refs)), None, audit_writes(&before, Change::Version(before.version + 1), actor, &now, vec![entry])).await?;
    Ok(before)
}
