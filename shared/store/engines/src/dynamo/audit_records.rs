//! Audit records as items of the generic store, as every engine that writes or reads them
//! needs them: what a record is about (`AuditSubject`), the items one change's records are
//! written as (`audit_writes`), how a record item reads back (`audit_view`), and the
//! sequences that number events and grievances. The grievance engine, the trail engines,
//! the chains and the case files all import this; it imports none of them.

use crate::dynamo::grievance_keys as keys;
use cases::port::AuditChange;
use cases::reads::AuditRecord;
use cases::record::{Actor, Grievance};
use cases::writes::AuditEntry;
use domain::{Error, Result};
use serde_json::{json, Value};
use store::{Changes, Index, Item, Store, Write};

/// What an audit record is about: a grievance, or nothing (an export, say), and who may
/// read the record without view_all.
pub(crate) struct AuditSubject<'a> {
    pub grievance_id: i64,
    pub grievance_number: &'a str,
    pub visible_to: Vec<i64>,
    /// The place whose trail points at the records: where the grievance lies after the change.
    pub place: Option<String>,
}

impl<'a> From<&'a Grievance> for AuditSubject<'a> {
    fn from(g: &'a Grievance) -> Self {
        // Visible to whoever may see the grievance.
        AuditSubject { grievance_id: g.id, grievance_number: &g.grievance_number, visible_to: g.visible_to(), place: keys::place(g.district_id, g.police_station_id) }
    }
}

fn change_number(change: AuditChange) -> i64 {
    match change {
        AuditChange::Version(n) | AuditChange::Event(n) => n,
    }
}

pub(crate) fn change_tag(change: AuditChange) -> String {
    match change {
        AuditChange::Version(n) => n.to_string(),
        AuditChange::Event(n) => format!("e{n}"),
    }
}

/// The audit records of one change. `change` numbers the grievance's changes, so two
/// changes within one second never share a record key.
pub(crate) fn audit_writes<'a>(subject: impl Into<AuditSubject<'a>>, change: AuditChange, actor: &Actor, at: &str, entries: Vec<AuditEntry>) -> Vec<Write> {
    let subject = subject.into();
    let id = subject.grievance_id;
    let tag = change_tag(change);
    let change = change_number(change);
    let count = entries.len() as i64;
    let stamp = domain::clock::now_precise_text();
    let record_sorts: Vec<String> = (0..entries.len()).map(|seq| format!("{stamp}#{change:06}#{seq:03}")).collect();
    // Each user who may read these records without view_all finds them through their own
    // partition: the scope of a read is its key, never a filter over the state's trail.
    let mut viewers = if record_sorts.is_empty() { Vec::new() } else { subject.visible_to.clone() };
    viewers.sort_unstable();
    viewers.dedup();
    let place = subject.place.filter(|_| !record_sorts.is_empty());
    let viewer_writes: Vec<Write> = viewers
        .iter()
        .map(|user| keys::audit_viewer_pk(*user))
        .chain(place.iter().map(|p| keys::audit_place_pk(p)))
        .map(|pk| Write::put(Item::new(store::Key::new(pk, format!("{stamp}#{id:012}#{change:06}"))).with("grievance_id", id).with("records", json!(record_sorts))))
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
    writes.push(Write::update(keys::audit_total(id), Changes::default().add("total", count)));
    writes
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
    AuditSubject { grievance_id: 0, grievance_number: "", visible_to: vec![actor.user_id], place: None }
}

/// An audit record item as the API answers it.
pub fn audit_view(item: Item) -> Result<AuditRecord> {
    serde_json::from_value(Value::Object(item.attrs)).map_err(Error::internal)
}
