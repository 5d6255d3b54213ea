//! Linked grievances: staff who may update two grievances mark them as linked (a
//! duplicate kept on purpose, a cross case); each then shows the other. Kept beside both
//! grievances in one transaction with a LINKED (or UNLINKED) record on the one it was made
//! from. Only linked grievances the reader may see are shown, and a LINKED or UNLINKED
//! record names the other grievance only to a reader who may see it.

use domain::GrievanceId;
use domain::Msg;
use crate::numbers::{number_key, NumberMatch, NumberQuery};
use crate::port::{CaseFileChange, Cases};
use crate::reads::{self, AuditRecord, Viewer};
use crate::record::Actor;
use crate::writes::AuditEntry;
use domain::audit::AuditAction;
use domain::{Error, Result};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// A linked grievance as the detail screen lists it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct LinkedGrievance {
    pub id: i64,
    pub grievance_number: String,
    pub fir_no: String,
    pub police_station: String,
    pub status: String,
}

/// The grievances linked to `id` that the viewer may see (`id` itself must be theirs to see).
pub async fn list(cases: Cases<'_>, viewer: &Viewer, id: GrievanceId) -> Result<Vec<LinkedGrievance>> {
    reads::get(cases, viewer, id).await?;
    let mut linked = Vec::new();
    for other in cases.files.links(id.get()).await? {
        if let Ok(g) = reads::get(cases, viewer, GrievanceId(other)).await {
            linked.push(LinkedGrievance {
                id: g.id,
                grievance_number: g.grievance_number,
                fir_no: g.fields.fir_no.into(),
                police_station: g.fields.police_station,
                status: g.fields.status,
            });
        }
    }
    Ok(linked)
}

/// Links `id` and `other`, both within the viewer's reach (else "not found").
pub async fn link(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, id: GrievanceId, other: GrievanceId) -> Result<()> {
    change(cases, actor, viewer, id, other, true).await
}

/// Removes the link between `id` and `other`.
pub async fn unlink(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, id: GrievanceId, other: GrievanceId) -> Result<()> {
    change(cases, actor, viewer, id, other, false).await
}

async fn change(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, id: GrievanceId, other: GrievanceId, linked: bool) -> Result<()> {
    if id == other {
        return Err(Error::field("grievance_id", Msg::LinkSelf));
    }
    let g = reads::get(cases, viewer, id).await?;
    let o = reads::get(cases, viewer, other).await?;
    let (action, old_value, new_value, link_change) = match linked {
        true => (AuditAction::Linked, None, Some(o.grievance_number.clone()), CaseFileChange::Link(other.get())),
        false => (AuditAction::Unlinked, Some(o.grievance_number.clone()), None, CaseFileChange::Unlink(other.get())),
    };
    let entry = AuditEntry { action, field_name: Some("links".into()), old_value, new_value, notes: None, action_details: None };
    match cases.grievances.record_case_file_change(&g, link_change, actor, entry).await {
        Err(Error::Conflict(m)) if m == Msg::ChangedConcurrently => Err(Error::Conflict(if linked { Msg::LinkedAlready } else { Msg::NotLinked })),
        other => other,
    }
}

/// Hides, in LINKED and UNLINKED records, the number of the other grievance from a reader
/// who may not see it: the record stays (it is a change of a grievance they may read), and
/// the other grievance's number becomes [`Msg::LinkOutsideReach`] in its values, notes and details.
/// Every path that shows a grievance's history passes its records through here. Each number
/// is looked up once, exactly and within the reader's reach, as the number lookup does; a
/// reader who sees the state needs no lookup.
pub async fn hide_unreachable(cases: Cases<'_>, viewer: &Viewer, records: &mut [AuditRecord]) -> Result<()> {
    if viewer.sees_state() {
        return Ok(());
    }
    let mut reachable: BTreeMap<String, bool> = BTreeMap::new();
    for record in records.iter_mut().filter(|r| matches!(r.action, AuditAction::Linked | AuditAction::Unlinked)) {
        let numbers: Vec<String> = [&record.old_value, &record.new_value].into_iter().flatten().filter(|n| !n.trim().is_empty()).cloned().collect();
        for number in numbers {
            let seen = match reachable.get(&number) {
                Some(seen) => *seen,
                None => {
                    let seen = may_see_number(cases, viewer, &number).await?;
                    reachable.insert(number.clone(), seen);
                    seen
                }
            };
            if !seen {
                hide(record, &number);
            }
        }
    }
    Ok(())
}

/// Whether the viewer may see the grievance whose grievance number is `number`.
async fn may_see_number(cases: Cases<'_>, viewer: &Viewer, number: &str) -> Result<bool> {
    let Ok(query) = NumberQuery::parse(number, NumberMatch::Exact) else { return Ok(false) };
    // A few answers at most: the grievance itself, and any whose FIR number reads the same.
    let page = cases.grievances.find_by_number(viewer, &query, 10, None).await?;
    Ok(page.items.iter().any(|s| viewer.may_see(&s.grievance) && number_key(&s.grievance.grievance_number) == query.key()))
}

fn hide(record: &mut AuditRecord, number: &str) {
    for value in [&mut record.old_value, &mut record.new_value, &mut record.notes].into_iter().flatten() {
        if value.contains(number) {
            *value = value.replace(number, &Msg::LinkOutsideReach.to_string());
        }
    }
    if let Some(details) = record.action_details.as_ref().filter(|d| d.as_str().contains(number)) {
        // A number is letters, digits, '/' and '-': nothing JSON escapes, so the text stays JSON.
        record.action_details = domain::audit::Details::from_text(details.as_str().replace(number, &Msg::LinkOutsideReach.to_string())).ok();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_number_leaves_no_trace_in_the_record() {
        let record = AuditRecord {
            id: "1-1".into(),
            grievance_id: 1,
            grievance_number: "GRV-2026-000001".into(),
            action: AuditAction::Linked,
            field_name: Some("links".into()),
            old_value: None,
            new_value: Some("GRV-2026-000003".into()),
            notes: Some("Linked with GRV-2026-000003".into()),
            action_details: domain::audit::Details::from_value(&serde_json::json!({"summary": "GRV-2026-000003 of Kotwali"})),
            user_id: 1,
            user_name: "A".into(),
            user_email: "a@x".into(),
            user_role: "R".into(),
            ip_address: String::new(),
            user_agent: String::new(),
            session_id: String::new(),
            created_at: String::new(),
        };
        let mut hidden = record.clone();
        hide(&mut hidden, "GRV-2026-000003");
        assert_eq!(hidden.new_value.as_deref(), Some("a grievance outside your reach"));
        assert_eq!(hidden.notes.as_deref(), Some("Linked with a grievance outside your reach"));
        assert_eq!(hidden.action_details.as_ref().map(|d| d.as_str().to_string()), Some(r#"{"summary":"a grievance outside your reach of Kotwali"}"#.to_string()));
        assert_eq!(hidden.grievance_number, "GRV-2026-000001", "the reader's own grievance is named");
        assert!(!serde_json::to_string(&hidden).unwrap().contains("GRV-2026-000003"));
    }
}
