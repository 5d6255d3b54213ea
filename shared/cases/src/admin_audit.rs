//! The audit records of administrative changes (admin list items, pendency and transfer
//! limits, roles, users, an administrator's password and second-factor resets): plain
//! functions from the before and after of what changed to the record auditors read.
//!
//! A record names its subject and carries, in `action_details`, `before` and `after` objects
//! of the fields that changed (a creation's `before` and a deletion's `after` are empty);
//! `old_value` and `new_value` are short summaries of the same. An update that changes
//! nothing makes no record. Callers never put a password hash or a second-factor secret in
//! what they hand over.

use crate::writes::AuditEntry;
use domain::audit::AuditAction;
use serde_json::{json, Map, Value};

/// The longest summary kept in `old_value` or `new_value`; the details keep everything.
const SUMMARY_CHARS: usize = 300;

/// What an administrative change was made to.
#[derive(Clone, Debug, PartialEq)]
pub struct Subject {
    /// `list_item`, `pendency_limits`, `transfer_limit`, `role`, `user`.
    pub kind: &'static str,
    pub id: Option<i64>,
    /// How people name it: an item's or role's name, a user's email.
    pub name: String,
    /// Anything else that tells it apart (an item's list).
    pub extra: Map<String, Value>,
}

impl Subject {
    pub fn new(kind: &'static str, id: Option<i64>, name: impl Into<String>) -> Subject {
        Subject { kind, id, name: name.into(), extra: Map::new() }
    }

    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Subject {
        self.extra.insert(key.to_string(), value.into());
        self
    }

    fn as_value(&self) -> Value {
        let mut object = Map::new();
        object.insert("type".into(), json!(self.kind));
        if let Some(id) = self.id {
            object.insert("id".into(), json!(id));
        }
        object.insert("name".into(), json!(self.name));
        object.extend(self.extra.clone());
        Value::Object(object)
    }

    /// "role 'Clerk' (4)", "the pendency limits".
    fn label(&self) -> String {
        let kind = self.kind.replace('_', " ");
        match self.id {
            Some(id) => format!("{kind} '{}' ({id})", self.name),
            None if self.name.is_empty() => format!("the {kind}"),
            None => format!("{kind} '{}'", self.name),
        }
    }
}

/// The fields of `before` and `after` whose values differ (a missing field is `null`), each
/// side keeping those of them it has: a field cleared is `null` after, but a creation's
/// before and a deletion's after are empty.
pub fn changed_fields(before: &Map<String, Value>, after: &Map<String, Value>) -> (Map<String, Value>, Map<String, Value>) {
    let mut old = Map::new();
    let mut new = Map::new();
    let mut seen = std::collections::BTreeSet::new();
    for key in before.keys().chain(after.keys()) {
        if !seen.insert(key.clone()) {
            continue;
        }
        let (b, a) = (before.get(key).unwrap_or(&Value::Null), after.get(key).unwrap_or(&Value::Null));
        if b != a {
            if before.contains_key(key) {
                old.insert(key.clone(), b.clone());
            }
            if after.contains_key(key) {
                new.insert(key.clone(), a.clone());
            }
        }
    }
    (old, new)
}

fn shown(value: &Value) -> String {
    match value {
        Value::Null => "-".to_string(),
        Value::Bool(true) => "Yes".to_string(),
        Value::Bool(false) => "No".to_string(),
        Value::String(s) if s.is_empty() => "-".to_string(),
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(shown).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

/// "name: Kothrud; is active: No", cut to a few hundred characters; `None` for no fields.
pub fn summary(fields: &Map<String, Value>) -> Option<String> {
    if fields.is_empty() {
        return None;
    }
    let text = fields.iter().map(|(k, v)| format!("{}: {}", k.replace('_', " "), shown(v))).collect::<Vec<_>>().join("; ");
    if text.chars().count() <= SUMMARY_CHARS {
        return Some(text);
    }
    Some(text.chars().take(SUMMARY_CHARS - 1).chain(std::iter::once('…')).collect())
}

fn object(value: Option<Value>) -> Map<String, Value> {
    match value {
        Some(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// A creation's or a deletion's fields: those with a value.
fn present(map: Map<String, Value>) -> Map<String, Value> {
    map.into_iter().filter(|(_, v)| !v.is_null()).collect()
}

/// The record of an administrative change to `subject`: `before` is `None` for a creation,
/// `after` `None` for a deletion (each else an object of the subject's auditable fields).
/// `None` when nothing changed.
pub fn entry(action: AuditAction, subject: &Subject, before: Option<Value>, after: Option<Value>) -> Option<AuditEntry> {
    let (creating, deleting) = (before.is_none(), after.is_none());
    let (old, new) = match (creating, deleting) {
        (false, false) => changed_fields(&object(before), &object(after)),
        _ => (present(object(before)), present(object(after))),
    };
    if old.is_empty() && new.is_empty() && !(creating || deleting) {
        return None;
    }
    let done = if creating {
        "created"
    } else if deleting {
        "deleted"
    } else {
        "changed"
    };
    Some(build(action, subject, format!("{} {done}", capitalised(&subject.label())), old, new))
}

/// The record of an act that is recorded whether or not it changed a field (a reset: the
/// sessions it ends are a change of their own), with the `before` and `after` given.
pub fn always(action: AuditAction, subject: &Subject, notes: String, before: Value, after: Value) -> AuditEntry {
    build(action, subject, notes, object(Some(before)), object(Some(after)))
}

fn build(action: AuditAction, subject: &Subject, notes: String, old: Map<String, Value>, new: Map<String, Value>) -> AuditEntry {
    AuditEntry {
        action,
        field_name: Some(subject.kind.to_string()),
        old_value: summary(&old),
        new_value: summary(&new),
        action_details: Some(json!({"summary": notes, "subject": subject.as_value(), "before": old, "after": new})),
        notes: Some(notes),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Days allowed per priority and stage, as flat fields (`"High / scrutiny": 30`), so that a
/// change of one cell is recorded as that cell.
pub fn flat_limits<K: serde::Serialize>(limits: &std::collections::BTreeMap<String, std::collections::BTreeMap<K, u32>>) -> Value {
    let mut flat = Map::new();
    for (priority, stages) in limits {
        for (stage, days) in stages {
            let stage = serde_json::to_value(stage).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
            flat.insert(format!("{priority} / {stage}"), json!(days));
        }
    }
    Value::Object(flat)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item() -> Subject {
        Subject::new("list_item", Some(12), "Kothrud").with("list", "police_stations")
    }

    #[test]
    fn an_update_records_only_the_fields_it_changed() {
        let before = json!({"name": "Kothrud", "description": "", "is_active": true, "display_order": 1});
        let after = json!({"name": "Kothrud", "description": "", "is_active": false, "display_order": 1});
        let e = entry(AuditAction::ListItemUpdated, &item(), Some(before), Some(after)).unwrap();
        assert_eq!((e.old_value.as_deref(), e.new_value.as_deref()), (Some("is active: Yes"), Some("is active: No")));
        assert_eq!(e.notes.as_deref(), Some("List item 'Kothrud' (12) changed"));
        let details = e.action_details.unwrap();
        assert_eq!(details["before"], json!({"is_active": true}));
        assert_eq!(details["after"], json!({"is_active": false}));
        assert_eq!(details["subject"], json!({"type": "list_item", "id": 12, "name": "Kothrud", "list": "police_stations"}));
    }

    #[test]
    fn a_cleared_field_is_null_after() {
        let e = entry(AuditAction::UserUpdated, &item(), Some(json!({"phone": "98765", "name": "A"})), Some(json!({"phone": null, "name": "A"}))).unwrap();
        let details = e.action_details.unwrap();
        assert_eq!((details["before"].clone(), details["after"].clone()), (json!({"phone": "98765"}), json!({"phone": null})));
        assert_eq!(e.new_value.as_deref(), Some("phone: -"));
    }

    #[test]
    fn an_update_that_changes_nothing_makes_no_record() {
        let same = json!({"name": "Kothrud", "is_active": true});
        assert!(entry(AuditAction::ListItemUpdated, &item(), Some(same.clone()), Some(same)).is_none());
    }

    #[test]
    fn a_creation_and_a_deletion_carry_every_field_on_one_side() {
        let fields = json!({"name": "Kothrud", "district_id": null, "is_active": true});
        let created = entry(AuditAction::ListItemCreated, &item(), None, Some(fields.clone())).unwrap();
        let details = created.action_details.unwrap();
        assert_eq!((details["before"].clone(), details["after"].clone()), (json!({}), json!({"name": "Kothrud", "is_active": true})));
        assert_eq!(created.old_value, None);
        let deleted = entry(AuditAction::ListItemDeleted, &item(), Some(fields), None).unwrap();
        assert_eq!(deleted.action_details.unwrap()["after"], json!({}));
        assert_eq!(deleted.notes.as_deref(), Some("List item 'Kothrud' (12) deleted"));
    }

    #[test]
    fn summaries_are_short_and_readable() {
        let fields = json!({"permissions": ["grievances: read", "audit: read"], "require_two_factor": false});
        assert_eq!(summary(fields.as_object().unwrap()).as_deref(), Some("permissions: grievances: read, audit: read; require two factor: No"));
        let long = json!({"description": "x".repeat(1000)});
        assert_eq!(summary(long.as_object().unwrap()).unwrap().chars().count(), SUMMARY_CHARS);
    }

    #[test]
    fn limits_are_recorded_cell_by_cell() {
        let limits = std::collections::BTreeMap::from([("High".to_string(), std::collections::BTreeMap::from([("scrutiny".to_string(), 7u32)]))]);
        assert_eq!(flat_limits(&limits), json!({"High / scrutiny": 7}));
    }
}

/// `entry` as one of the records an import wrote: its details name the import.
pub fn of_import(entry: Option<AuditEntry>, import_id: &str) -> Option<AuditEntry> {
    entry.map(|mut e| {
        let mut details = match e.action_details.take() {
            Some(object) if object.is_object() => object,
            Some(other) => serde_json::json!({ "details": other }),
            None => serde_json::json!({}),
        };
        details["import"] = serde_json::json!(import_id);
        e.action_details = Some(details);
        e
    })
}
