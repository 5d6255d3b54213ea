//! What an audit record says about a change: pure functions from the before and after of a
//! grievance to the records auditors read.

use crate::grievance::{GrievanceFields, OfficerEntry};
use crate::lists::StatusMeaning;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AuditAction {
    Created,
    Updated,
    Deleted,
    StatusChanged,
    PriorityChanged,
    Assigned,
    Resolved,
    Closed,
    Reopened,
    /// A file of grievances was exported (Excel, PDF or the officers sheet).
    Exported,
    /// A document was attached to a grievance.
    AttachmentAdded,
    /// An attachment was removed from a grievance.
    AttachmentDeleted,
    /// A remark was added to a grievance's case notes.
    NoteAdded,
    /// A user set up their second factor.
    TwoFactorEnabled,
    /// A user turned their second factor off.
    TwoFactorDisabled,
    /// An administrator cleared a user's second factor.
    TwoFactorReset,
    /// A wrong or replayed second-factor code at sign-in, or a wrong code or password when
    /// turning the second factor off.
    TwoFactorFailed,
    /// A user tried to grant (a role, a permission, an account change) beyond what they
    /// hold themselves, and was refused.
    GrantRefused,
    /// A grievance was transferred to another police station (from, to and the reason).
    Transferred,
    /// An item was added to an admin list (before and after in the details, as for every
    /// administrative change below).
    ListItemCreated,
    /// An admin list item was changed.
    ListItemUpdated,
    /// An admin list item was deleted.
    ListItemDeleted,
    /// The pendency limits (days allowed per priority and stage) were changed.
    PendencyLimitsChanged,
    /// The number of transfers a grievance may have was changed.
    TransferLimitChanged,
    /// A role was created.
    RoleCreated,
    /// A role was changed: its name, description, permissions or second-factor rule.
    RoleUpdated,
    /// A role was deleted.
    RoleDeleted,
    /// A user account was created.
    UserCreated,
    /// A user account was changed: name, email, role, status, posting, ...
    UserUpdated,
    /// A user account was deleted.
    UserDeleted,
    /// An administrator set a new password for a user.
    PasswordReset,
    /// An officer whose role needs approval to close asked to move a grievance to a resolved
    /// or closed status (the proposed status in new_value, their notes in notes).
    ClosureRequested,
    /// Another officer approved a closure request: the status moved as proposed.
    ClosureApproved,
    /// Another officer returned a closure request, with the reason in notes.
    ClosureReturned,
    /// An overdue grievance was escalated above its police station (the level in new_value,
    /// the days past its limit in notes, the posting in the details).
    Escalated,
    /// The days an overdue grievance waits before each escalation level were changed.
    EscalationRulesChanged,
    /// Two grievances were marked as linked (the other's number in new_value).
    Linked,
    /// A link between two grievances was removed (the other's number in old_value).
    Unlinked,
    /// An action on a statutory clock was recorded (which in field_name, the day it was done
    /// in new_value, how and the note in notes).
    ClockActionRecorded,
    /// The statutory clock rules or the reference list of offences were changed.
    LawSettingsChanged,
    /// A protected victim's identity was revealed to a holder of "view sensitive identities":
    /// which case in the details, the reason in notes; never the identity itself.
    IdentityRevealed,
    /// An officer recorded the investigation's progress for the complainant (the words in
    /// new_value).
    ProgressRecorded,
    /// A message to the complainant was taken by the SMS gateway (what it told in field_name,
    /// the number masked in new_value, the DLT template id in the details).
    SmsSent,
    /// A message to the complainant could not be sent after every retry, and was kept aside
    /// for an Admin to send again (the gateway's last answer in notes).
    SmsFailed,
    /// A citizen saw the case on the public status page, after its one-time code.
    CitizenViewed,
    /// The citizen rated the disposal (the rating in new_value, their comment in notes).
    FeedbackReceived,
    /// The next level up decided an appeal: confirmed the closure, or reopened the case (the
    /// reason in notes).
    AppealDecided,
    /// The Admin changed what citizens are told and how (message templates, reopen window).
    CitizenSettingsChanged,
    /// An appeal not decided by its due day went to the next level up (the level in
    /// new_value, the new due day in notes).
    AppealEscalated,
    /// A deleted grievance was put back from the trash, with its notes and attachments (the
    /// complete record in the details, when and by whom it had been deleted in old_value).
    Restored,
    /// A deleted grievance's retention ran out: its record and its attachments' files were
    /// removed from the trash (which case in notes; its DELETED record keeps the record).
    Purged,
    /// The Admin changed how many days deleted grievances stay in the trash.
    TrashRetentionChanged,
    /// The Admin published a saved view of the grievance list to a role, or withdrew one.
    ViewsPublished,
    /// An Admin imported a file of the department's organisation, staff or earlier
    /// registers: one record per import, with the file's SHA-256 and what it brought in.
    Imported,
}

impl AuditAction {
    pub const ALL: [AuditAction; 54] = [
        AuditAction::Created,
        AuditAction::Updated,
        AuditAction::Deleted,
        AuditAction::StatusChanged,
        AuditAction::PriorityChanged,
        AuditAction::Assigned,
        AuditAction::Resolved,
        AuditAction::Closed,
        AuditAction::Reopened,
        AuditAction::Exported,
        AuditAction::AttachmentAdded,
        AuditAction::AttachmentDeleted,
        AuditAction::NoteAdded,
        AuditAction::TwoFactorEnabled,
        AuditAction::TwoFactorDisabled,
        AuditAction::TwoFactorReset,
        AuditAction::TwoFactorFailed,
        AuditAction::GrantRefused,
        AuditAction::Transferred,
        AuditAction::ListItemCreated,
        AuditAction::ListItemUpdated,
        AuditAction::ListItemDeleted,
        AuditAction::PendencyLimitsChanged,
        AuditAction::TransferLimitChanged,
        AuditAction::RoleCreated,
        AuditAction::RoleUpdated,
        AuditAction::RoleDeleted,
        AuditAction::UserCreated,
        AuditAction::UserUpdated,
        AuditAction::UserDeleted,
        AuditAction::PasswordReset,
        AuditAction::ClosureRequested,
        AuditAction::ClosureApproved,
        AuditAction::ClosureReturned,
        AuditAction::Escalated,
        AuditAction::EscalationRulesChanged,
        AuditAction::Linked,
        AuditAction::Unlinked,
        AuditAction::ClockActionRecorded,
        AuditAction::LawSettingsChanged,
        AuditAction::IdentityRevealed,
        AuditAction::ProgressRecorded,
        AuditAction::SmsSent,
        AuditAction::SmsFailed,
        AuditAction::CitizenViewed,
        AuditAction::FeedbackReceived,
        AuditAction::AppealDecided,
        AuditAction::CitizenSettingsChanged,
        AuditAction::AppealEscalated,
        AuditAction::Restored,
        AuditAction::Purged,
        AuditAction::TrashRetentionChanged,
        AuditAction::ViewsPublished,
        AuditAction::Imported,
    ];

    /// The administrative changes: the Admin Panel's lists and settings, roles, users, and an
    /// administrator's resets of a password or a second factor. They are events about no
    /// grievance, kept in the administrative chain, and Audit History's "Administrative
    /// changes" filter finds them.
    pub fn is_administrative(self) -> bool {
        matches!(
            self,
            AuditAction::ListItemCreated
                | AuditAction::ListItemUpdated
                | AuditAction::ListItemDeleted
                | AuditAction::PendencyLimitsChanged
                | AuditAction::TransferLimitChanged
                | AuditAction::EscalationRulesChanged
                | AuditAction::LawSettingsChanged
                | AuditAction::CitizenSettingsChanged
                | AuditAction::TrashRetentionChanged
                | AuditAction::ViewsPublished
                | AuditAction::Imported
                | AuditAction::RoleCreated
                | AuditAction::RoleUpdated
                | AuditAction::RoleDeleted
                | AuditAction::UserCreated
                | AuditAction::UserUpdated
                | AuditAction::UserDeleted
                | AuditAction::PasswordReset
                | AuditAction::TwoFactorReset
        )
    }

    /// Every administrative action (see [`AuditAction::is_administrative`]).
    pub fn administrative() -> impl Iterator<Item = AuditAction> {
        AuditAction::ALL.into_iter().filter(|a| a.is_administrative())
    }

    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::Created => "CREATED",
            AuditAction::Updated => "UPDATED",
            AuditAction::Deleted => "DELETED",
            AuditAction::StatusChanged => "STATUS_CHANGED",
            AuditAction::PriorityChanged => "PRIORITY_CHANGED",
            AuditAction::Assigned => "ASSIGNED",
            AuditAction::Resolved => "RESOLVED",
            AuditAction::Closed => "CLOSED",
            AuditAction::Reopened => "REOPENED",
            AuditAction::Exported => "EXPORTED",
            AuditAction::AttachmentAdded => "ATTACHMENT_ADDED",
            AuditAction::AttachmentDeleted => "ATTACHMENT_DELETED",
            AuditAction::NoteAdded => "NOTE_ADDED",
            AuditAction::TwoFactorEnabled => "TWO_FACTOR_ENABLED",
            AuditAction::TwoFactorDisabled => "TWO_FACTOR_DISABLED",
            AuditAction::TwoFactorReset => "TWO_FACTOR_RESET",
            AuditAction::TwoFactorFailed => "TWO_FACTOR_FAILED",
            AuditAction::GrantRefused => "GRANT_REFUSED",
            AuditAction::Transferred => "TRANSFERRED",
            AuditAction::ListItemCreated => "LIST_ITEM_CREATED",
            AuditAction::ListItemUpdated => "LIST_ITEM_UPDATED",
            AuditAction::ListItemDeleted => "LIST_ITEM_DELETED",
            AuditAction::PendencyLimitsChanged => "PENDENCY_LIMITS_CHANGED",
            AuditAction::TransferLimitChanged => "TRANSFER_LIMIT_CHANGED",
            AuditAction::RoleCreated => "ROLE_CREATED",
            AuditAction::RoleUpdated => "ROLE_UPDATED",
            AuditAction::RoleDeleted => "ROLE_DELETED",
            AuditAction::UserCreated => "USER_CREATED",
            AuditAction::UserUpdated => "USER_UPDATED",
            AuditAction::UserDeleted => "USER_DELETED",
            AuditAction::PasswordReset => "PASSWORD_RESET",
            AuditAction::ClosureRequested => "CLOSURE_REQUESTED",
            AuditAction::ClosureApproved => "CLOSURE_APPROVED",
            AuditAction::ClosureReturned => "CLOSURE_RETURNED",
            AuditAction::Escalated => "ESCALATED",
            AuditAction::EscalationRulesChanged => "ESCALATION_RULES_CHANGED",
            AuditAction::Linked => "LINKED",
            AuditAction::Unlinked => "UNLINKED",
            AuditAction::ClockActionRecorded => "CLOCK_ACTION_RECORDED",
            AuditAction::LawSettingsChanged => "LAW_SETTINGS_CHANGED",
            AuditAction::IdentityRevealed => "IDENTITY_REVEALED",
            AuditAction::ProgressRecorded => "PROGRESS_RECORDED",
            AuditAction::SmsSent => "SMS_SENT",
            AuditAction::SmsFailed => "SMS_FAILED",
            AuditAction::CitizenViewed => "CITIZEN_VIEWED",
            AuditAction::FeedbackReceived => "FEEDBACK_RECEIVED",
            AuditAction::AppealDecided => "APPEAL_DECIDED",
            AuditAction::CitizenSettingsChanged => "CITIZEN_SETTINGS_CHANGED",
            AuditAction::AppealEscalated => "APPEAL_ESCALATED",
            AuditAction::Restored => "RESTORED",
            AuditAction::Purged => "PURGED",
            AuditAction::TrashRetentionChanged => "TRASH_RETENTION_CHANGED",
            AuditAction::ViewsPublished => "VIEWS_PUBLISHED",
            AuditAction::Imported => "IMPORTED",
        }
    }

    pub fn parse(text: &str) -> Option<AuditAction> {
        AuditAction::ALL.into_iter().find(|a| a.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

/// One changed field of an update.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldChange {
    pub field: &'static str,
    pub old_value: Option<String>,
    pub new_value: Option<String>,
    /// For the officers list: each entry added, removed or changed.
    pub details: Option<Value>,
}

/// The extra action a status change carries besides STATUS_CHANGED, told by what the two
/// statuses mean (never by their labels): entering a resolved or closed status is RESOLVED
/// or CLOSED, leaving the final ones for another is REOPENED.
pub fn status_milestone(old: StatusMeaning, new: StatusMeaning) -> Option<AuditAction> {
    match (old, new) {
        (old, StatusMeaning::Resolved) if old != StatusMeaning::Resolved => Some(AuditAction::Resolved),
        (old, StatusMeaning::Closed) if old != StatusMeaning::Closed => Some(AuditAction::Closed),
        (old, new) if old.is_final() && !new.is_final() => Some(AuditAction::Reopened),
        _ => None,
    }
}

fn officer_text(o: &OfficerEntry) -> String {
    format!(
        "{} ({} to {}){}",
        o.officer_name,
        o.from_date.as_deref().unwrap_or("-"),
        o.to_date.as_deref().unwrap_or("-"),
        if o.findings.is_empty() { String::new() } else { format!(": {}", o.findings) }
    )
}

/// Officer rows compared by position: each added, removed or changed entry.
pub fn officer_changes(before: &[OfficerEntry], after: &[OfficerEntry]) -> Vec<Value> {
    let mut changes = Vec::new();
    for i in 0..before.len().max(after.len()) {
        match (before.get(i), after.get(i)) {
            (Some(b), Some(a)) if b != a => changes.push(json!({"field": format!("investigation_officers[{i}]"), "action": "changed", "oldValue": officer_text(b), "newValue": officer_text(a)})),
            (Some(b), None) => changes.push(json!({"field": format!("investigation_officers[{i}]"), "action": "removed", "oldValue": officer_text(b), "newValue": null})),
            (None, Some(a)) => changes.push(json!({"field": format!("investigation_officers[{i}]"), "action": "added", "oldValue": null, "newValue": officer_text(a)})),
            _ => {}
        }
    }
    changes
}

/// The fields an update's record leaves to actions of their own: status and priority (their
/// own STATUS_CHANGED and PRIORITY_CHANGED), the officers, compared entry by entry below, and
/// the sections, the people and the officers' markings, each said in words of its own; and
/// what the complainant was told and said, each recorded by its own action.
const FIELDS_WITH_OWN_HANDLING: [&str; 11] = [
    "status",
    "priority",
    "investigation_officers",
    "sections",
    "parties",
    "sensitive_mark",
    "publication_withheld",
    "progress_updates",
    "feedback",
    "appeals",
    "citizen_language",
];

/// The names of a struct's fields as serde knows them, in the order they are declared: the
/// list a derived `Deserialize` hands to `deserialize_struct`, caught by a deserializer that
/// reads nothing.
fn serde_field_names<'de, T: Deserialize<'de>>() -> Option<&'static [&'static str]> {
    use serde::de::{Error as _, Visitor};
    type Error = serde::de::value::Error;
    struct Names<'a>(&'a mut Option<&'static [&'static str]>);
    impl<'de> serde::Deserializer<'de> for Names<'_> {
        type Error = Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
            Err(Error::custom("not a struct"))
        }
        fn deserialize_struct<V: Visitor<'de>>(self, _: &'static str, fields: &'static [&'static str], _: V) -> Result<V::Value, Error> {
            *self.0 = Some(fields);
            Err(Error::custom("only the field names were wanted"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }
    let mut names = None;
    let _ = T::deserialize(Names(&mut names));
    names
}

/// Every field of a grievance, in the order they are declared.
fn grievance_field_names() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<&'static [&'static str]> = std::sync::OnceLock::new();
    // A struct's derived Deserialize always names its fields (only a flattened field would
    // read it as a map instead, and the tests would catch that at once).
    NAMES.get_or_init(|| serde_field_names::<GrievanceFields>().expect("GrievanceFields deserializes as a struct"))
}

/// A field's value as an audit record shows it: text as it is, nothing as nothing, a flag as
/// "Yes" or "No". `None` for a value of another kind, which has no agreed rendering yet.
fn render_field(value: &Value) -> Option<Option<String>> {
    match value {
        Value::Null => Some(None),
        Value::String(text) => Some(Some(text.clone())),
        Value::Bool(flag) => Some(Some(if *flag { "Yes" } else { "No" }.to_string())),
        _ => None,
    }
}

/// Every field an update changed, except status and priority, which have actions of their own.
/// The fields come from the record itself, in the order they are declared, so a new field is
/// audited as soon as it is added; the sections' changes, then the officers', then the
/// people's come last. `protect_victims`: the case is sensitive, and its victims' identities
/// are written into the trail protected (`crate::parties`).
pub fn field_changes(before: &GrievanceFields, after: &GrievanceFields, protect_victims: bool) -> Vec<FieldChange> {
    // Plain data: text, flags and lists always serialize.
    let before_value = serde_json::to_value(before).expect("a grievance serializes");
    let after_value = serde_json::to_value(after).expect("a grievance serializes");
    let render = |record: &Value, field: &str| {
        let value = record.get(field).unwrap_or(&Value::Null);
        render_field(value).unwrap_or_else(|| {
            // every_field_is_rendered_or_handled_on_its_own keeps this from happening; were it
            // to, the change is still recorded, as JSON text, rather than left out.
            debug_assert!(false, "the audit does not know how to show {field}: {value}");
            Some(value.to_string())
        })
    };
    let mut changes: Vec<FieldChange> = grievance_field_names()
        .iter()
        .filter(|field| !FIELDS_WITH_OWN_HANDLING.contains(field))
        .map(|&field| (field, render(&before_value, field), render(&after_value, field)))
        .filter(|(_, old, new)| old != new)
        .map(|(field, old_value, new_value)| FieldChange { field, old_value, new_value, details: None })
        .collect();
    let (old_sections, new_sections) = (cite_sections(&before.sections), cite_sections(&after.sections));
    if old_sections != new_sections {
        changes.push(FieldChange { field: "sections", old_value: old_sections, new_value: new_sections, details: None });
    }
    let officers = officer_changes(&before.investigation_officers, &after.investigation_officers);
    if !officers.is_empty() {
        let summary = officers.iter().map(|c| format!("{} {}", c["action"].as_str().unwrap_or_default(), c["field"].as_str().unwrap_or_default())).collect::<Vec<_>>().join(", ");
        changes.push(FieldChange {
            field: "investigation_officers",
            old_value: Some(format!("{} officer(s)", before.investigation_officers.len())),
            new_value: Some(format!("{} officer(s): {summary}", after.investigation_officers.len())),
            details: Some(json!({"summary": summary, "changes": officers})),
        });
    }
    type Mark = Option<crate::grievance::OfficerMark>;
    for (field, saying, old, new) in [
        ("sensitive_mark", "Marked sensitive", &before.sensitive_mark, &after.sensitive_mark),
        ("publication_withheld", "Withheld from publication", &before.publication_withheld, &after.publication_withheld),
    ] {
        if old != new {
            let mark = |m: &Mark| m.as_ref().map(|m| format!("{saying} by {}: {}", m.by_name, m.reason));
            changes.push(FieldChange { field, old_value: mark(old), new_value: mark(new), details: None });
        }
    }
    if before.citizen_language != after.citizen_language {
        let name = |l: crate::citizen::Language| Some(l.name().to_string());
        changes.push(FieldChange { field: "citizen_language", old_value: name(before.citizen_language), new_value: name(after.citizen_language), details: None });
    }
    if before.parties != after.parties {
        let (old_value, mut new_value) = (cite_parties(&before.parties, protect_victims), cite_parties(&after.parties, protect_victims));
        if old_value == new_value {
            // Only a protected identity changed: that it did is recorded, not what it became.
            new_value = Some(format!("{} (a protected identity changed)", new_value.unwrap_or_default()));
        }
        changes.push(FieldChange { field: "parties", old_value, new_value, details: None });
    }
    changes
}

/// The people of a case as the audit shows them, victims protected when `protect_victims`:
/// "Complainant: Ram Lal, +919876543210; Victim: Identity protected (BNS s.72)"; nothing
/// when there are none.
fn cite_parties(parties: &[crate::parties::Party], protect_victims: bool) -> Option<String> {
    crate::parties::cite(&crate::parties::as_seen(parties, protect_victims, false))
}

/// A grievance's sections as the audit shows them: "BNS 64 (offence 2025-01-02), POCSO 4";
/// nothing when there are none.
fn cite_sections(sections: &[crate::law::ChargedSection]) -> Option<String> {
    let cited: Vec<String> = sections
        .iter()
        .map(|s| match &s.offence_date {
            Some(day) => format!("{} (offence {day})", s.citation()),
            None => s.citation(),
        })
        .collect();
    (!cited.is_empty()).then(|| cited.join(", "))
}

/// The `action_details` of a CREATED or DELETED record: the complete record as a list of
/// changes from nothing (or to nothing), so it can be read back field by field
/// (`record_from_changes`).
pub fn complete_record(summary: String, record: &Value, creating: bool) -> Value {
    let changes: Vec<Value> = record
        .as_object()
        .map(|fields| {
            fields
                .iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| {
                    if creating {
                        json!({"field": k, "action": "added", "oldValue": null, "newValue": v})
                    } else {
                        json!({"field": k, "action": "removed", "oldValue": v, "newValue": null})
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    json!({"summary": summary, "changes": changes})
}

/// The record a CREATED or DELETED record's `action_details` describes.
pub fn record_from_changes(details: &Value) -> Value {
    let mut record = std::collections::BTreeMap::new();
    for change in details["changes"].as_array().into_iter().flatten() {
        if let Some(field) = change["field"].as_str() {
            let value = if change["action"] == "removed" { &change["oldValue"] } else { &change["newValue"] };
            record.insert(field.to_string(), value.clone());
        }
    }
    Value::Object(record.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grievance::Day;

    #[test]
    fn entering_and_leaving_final_statuses_are_milestones() {
        use StatusMeaning::*;
        assert_eq!(status_milestone(Open, Resolved), Some(AuditAction::Resolved));
        assert_eq!(status_milestone(Resolved, Closed), Some(AuditAction::Closed));
        assert_eq!(status_milestone(Closed, InProgress), Some(AuditAction::Reopened));
        assert_eq!(status_milestone(Open, InProgress), None);
        assert_eq!(status_milestone(Resolved, Resolved), None);
    }

    #[test]
    fn every_field_is_rendered_or_handled_on_its_own() {
        let blank = serde_json::to_value(GrievanceFields::default()).unwrap();
        let names = grievance_field_names();
        let mut serialized: Vec<&str> = blank.as_object().unwrap().keys().map(String::as_str).collect();
        let mut named = names.to_vec();
        serialized.sort_unstable();
        named.sort_unstable();
        assert_eq!(named, serialized, "the names caught are the fields a record serializes");
        for own in FIELDS_WITH_OWN_HANDLING {
            assert!(names.contains(&own), "{own} is handled on its own but is no longer a field");
        }
        for &field in names.iter().filter(|f| !FIELDS_WITH_OWN_HANDLING.contains(f)) {
            // The field holds text or a flag (whether optional or not) if such a value
            // survives a round trip through the record unchanged.
            let holds = |value: Value| {
                let mut probe = blank.clone();
                probe[field] = value.clone();
                serde_json::from_value::<GrievanceFields>(probe).is_ok_and(|g| serde_json::to_value(g).unwrap()[field] == value)
            };
            assert!(
                render_field(&blank[field]).is_some() && (holds(json!("2026-01-01")) || holds(json!(true))),
                "the audit shows text and flags only: give {field} a rendering in render_field, or handle it on its own"
            );
        }
    }

    #[test]
    fn the_field_names_are_caught_in_declaration_order() {
        #[derive(Deserialize)]
        #[allow(dead_code)]
        struct Probe {
            b: String,
            a: Option<bool>,
            #[serde(rename = "see")]
            c: Vec<String>,
        }
        assert_eq!(serde_field_names::<Probe>(), Some(&["b", "a", "see"][..]));
        assert_eq!(serde_field_names::<String>(), None, "not a struct");
    }

    #[test]
    fn values_render_as_text_nothing_or_yes_and_no() {
        assert_eq!(render_field(&json!("FIR/1")), Some(Some("FIR/1".to_string())));
        assert_eq!(render_field(&json!("")), Some(Some(String::new())));
        assert_eq!(render_field(&Value::Null), Some(None));
        assert_eq!(render_field(&json!(true)), Some(Some("Yes".to_string())));
        assert_eq!(render_field(&json!(false)), Some(Some("No".to_string())));
        assert_eq!(render_field(&json!(3)), None);
        assert_eq!(render_field(&json!([])), None);
    }

    #[test]
    fn officer_rows_are_described_as_added_removed_or_changed() {
        let rao = OfficerEntry { officer_name: "SI Rao".into(), from_date: Day::parse("2026-01-01"), to_date: None, findings: String::new() };
        let khan = OfficerEntry { officer_name: "ASI Khan".into(), from_date: Day::parse("2026-02-01"), to_date: None, findings: String::new() };
        let mut rao_done = rao.clone();
        rao_done.to_date = Day::parse("2026-01-31");
        let changes = officer_changes(&[rao.clone()], &[rao_done, khan]);
        let actions: Vec<&str> = changes.iter().map(|c| c["action"].as_str().unwrap()).collect();
        assert_eq!(actions, ["changed", "added"]);
        assert_eq!(changes[0]["newValue"], "SI Rao (2026-01-01 to 2026-01-31)");
        assert_eq!(officer_changes(&[rao], &[])[0]["action"], "removed");
    }

    #[test]
    fn actions_parse_in_any_case_for_the_legacy_filters() {
        assert_eq!(AuditAction::parse("created"), Some(AuditAction::Created));
        assert_eq!(AuditAction::parse("STATUS_CHANGED"), Some(AuditAction::StatusChanged));
        assert_eq!(AuditAction::parse("nope"), None);
    }

    #[test]
    fn every_action_has_its_name_and_the_administrative_ones_are_told_apart() {
        for action in AuditAction::ALL {
            assert_eq!(AuditAction::parse(action.as_str()), Some(action));
            assert_eq!(serde_json::to_value(action).unwrap(), action.as_str());
        }
        let admin: Vec<&str> = AuditAction::administrative().map(AuditAction::as_str).collect();
        assert_eq!(admin.len(), 19);
        assert!(admin.contains(&"TWO_FACTOR_RESET") && admin.contains(&"PENDENCY_LIMITS_CHANGED") && admin.contains(&"PASSWORD_RESET") && admin.contains(&"LAW_SETTINGS_CHANGED"));
        assert!(admin.contains(&"TRASH_RETENTION_CHANGED") && admin.contains(&"VIEWS_PUBLISHED") && admin.contains(&"IMPORTED"));
        for grievance in [AuditAction::Created, AuditAction::Updated, AuditAction::Exported, AuditAction::GrantRefused, AuditAction::TwoFactorFailed, AuditAction::Restored, AuditAction::Purged] {
            assert!(!grievance.is_administrative(), "{grievance:?}");
        }
    }
}

/// The dashboard's dot colour for an action.
pub fn activity_color(action: &str) -> &'static str {
    match action {
        "CREATED" | "RESOLVED" => "green",
        "UPDATED" | "ASSIGNED" => "blue",
        "STATUS_CHANGED" | "PRIORITY_CHANGED" | "REOPENED" | "TRANSFERRED" => "orange",
        _ => "purple",
    }
}

/// "just now", "5 minutes ago", "1 hour ago", "3 days ago".
pub fn time_ago(seconds: i64) -> String {
    let plural = |n: i64, unit: &str| format!("{n} {unit}{} ago", if n == 1 { "" } else { "s" });
    match seconds.max(0) {
        s if s < 60 => "just now".to_string(),
        s if s < 3600 => plural(s / 60, "minute"),
        s if s < 86_400 => plural(s / 3600, "hour"),
        s if s < 30 * 86_400 => plural(s / 86_400, "day"),
        s if s < 365 * 86_400 => plural(s / (30 * 86_400), "month"),
        s => plural(s / (365 * 86_400), "year"),
    }
}

#[cfg(test)]
mod dashboard_tests {
    use super::*;

    #[test]
    fn time_ago_reads_naturally() {
        assert_eq!(time_ago(5), "just now");
        assert_eq!(time_ago(60), "1 minute ago");
        assert_eq!(time_ago(7200), "2 hours ago");
        assert_eq!(time_ago(86_400 * 3), "3 days ago");
        assert_eq!(time_ago(86_400 * 400), "1 year ago");
    }

    #[test]
    fn colours_follow_the_dashboard_legend() {
        assert_eq!(activity_color("CREATED"), "green");
        assert_eq!(activity_color("UPDATED"), "blue");
        assert_eq!(activity_color("STATUS_CHANGED"), "orange");
        assert_eq!(activity_color("DELETED"), "purple");
    }
}

/// An audit record's details (`action_details`) as JSON text. The trail hands them from the
/// store to the answer as they are kept: a complete record holds every field of the
/// grievance, and building a tree of it for each record of a page, only to write it out
/// again, was most of the cost of reading the trail.
#[derive(Clone, Debug)]
pub struct Details(Box<serde_json::value::RawValue>);

impl Details {
    /// The details a change recorded; `null` is no details.
    pub fn from_value(value: &Value) -> Option<Details> {
        if value.is_null() {
            return None;
        }
        // A JSON value always writes out as JSON text (its keys are strings).
        Some(Details(serde_json::value::to_raw_value(value).expect("a JSON value serialises")))
    }

    /// Details kept as text, checked to be JSON.
    pub fn from_text(text: String) -> Result<Details, serde_json::Error> {
        serde_json::value::RawValue::from_string(text).map(Details)
    }

    pub fn as_str(&self) -> &str {
        self.0.get()
    }
}

/// The same JSON text: the trail writes details once and reads them back unchanged.
impl PartialEq for Details {
    fn eq(&self, other: &Details) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Details {}

impl Serialize for Details {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// From any format (a DynamoDB item's attributes as well as JSON text), through a tree.
impl<'de> Deserialize<'de> for Details {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Details, D::Error> {
        let value = Value::deserialize(deserializer)?;
        serde_json::value::to_raw_value(&value).map(Details).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod details_tests {
    use super::*;

    #[test]
    fn details_are_answered_as_the_object_they_were_recorded_as() {
        let recorded = json!({"summary": "Grievance GRV-2026-000001 created", "changes": [{"field": "fir_no", "newValue": "FIR/1"}]});
        let details = Details::from_value(&recorded).unwrap();
        let answer = serde_json::to_value(json!({"action_details": serde_json::to_value(&details).unwrap()})).unwrap();
        assert_eq!(answer["action_details"], recorded, "an object, not a string holding one");
        assert_eq!(serde_json::to_string(&details).unwrap(), serde_json::to_string(&recorded).unwrap());
        assert_eq!(serde_json::to_value(&details).unwrap(), recorded);
    }

    #[test]
    fn null_is_no_details_and_text_that_is_not_json_is_refused() {
        assert_eq!(Details::from_value(&Value::Null), None);
        assert!(Details::from_text("{\"summary\": ".to_string()).is_err());
        assert_eq!(Details::from_text("{\"a\":1}".to_string()).unwrap().as_str(), "{\"a\":1}");
    }

    #[test]
    fn details_read_from_a_tree_of_attributes_are_the_same_details() {
        // The DynamoDB engine reads a record's attributes as a tree, not as text.
        #[derive(Deserialize)]
        struct Item {
            action_details: Option<Details>,
        }
        let item: Item = serde_json::from_value(json!({"action_details": {"id": "a1", "size": 3}})).unwrap();
        assert_eq!(serde_json::to_value(item.action_details.unwrap()).unwrap(), json!({"id": "a1", "size": 3}));
        let item: Item = serde_json::from_value(json!({"action_details": null})).unwrap();
        assert!(item.action_details.is_none());
    }
}
