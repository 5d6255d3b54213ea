//! The changes a seeded case went through on its way to where the seed leaves it, as the
//! portal's own screens would have recorded them: filed by a writer, assigned by the station
//! house officer, taken up by the investigating officer, decided with its final decision and
//! the action taken, closed by the station house officer. A state's trail holds about six
//! records a case, so that its size and its reads are measured at the depth a department's
//! file reaches, not at one record a case.

use super::draw::Rng;
use cases::port::{AuditBatch, AuditChange, AuditEntry};
use cases::{Actor, Grievance};
use domain::audit::{status_milestone, AuditAction};
use domain::lists::StatusMeaning;
use time::{Duration, OffsetDateTime};

/// Who moved the case along besides the member of staff who filed it.
pub struct Hands<'a> {
    pub filer: &'a Actor,
    /// The investigating officer it was assigned to, if any.
    pub assignee: Option<&'a Actor>,
    /// The station's house officer, who assigns and closes (the filer where there is none).
    pub sho: Option<&'a Actor>,
}

const PENDING: &str = "Pending";
const IN_PROGRESS: &str = "In Progress";
const RESOLVED: &str = "Resolved";

/// The case `g` as filed: pending, with no one assigned and nothing decided.
fn as_filed(g: &Grievance, pending_status: Option<i64>) -> Grievance {
    let mut filed = g.clone();
    filed.version = 1;
    filed.status_id = pending_status;
    filed.fields.status = PENDING.into();
    filed.status_meaning = StatusMeaning::of_legacy_name(PENDING);
    filed.assigned_to = None;
    filed.assigned_to_name = None;
    filed.resolved_at = None;
    filed.fields.final_decision = None;
    filed.fields.action_taken_by_ig_office = None;
    filed.updated_at = filed.filed_at.clone();
    filed
}

fn simple(action: AuditAction, field: &str, old: Option<String>, new: Option<String>) -> AuditEntry {
    AuditEntry { action, field_name: Some(field.into()), old_value: old, new_value: new, notes: None, action_details: None }
}

/// A move of status from `old` to `new`: its STATUS_CHANGED record, and RESOLVED or CLOSED
/// where it reaches one, as the portal writes a status change.
fn moved(old: &str, new: &str) -> Vec<AuditEntry> {
    let mut entries = vec![simple(AuditAction::StatusChanged, "status", Some(old.into()), Some(new.into()))];
    if let Some(milestone) = status_milestone(StatusMeaning::of_legacy_name(old), StatusMeaning::of_legacy_name(new)) {
        entries.push(simple(milestone, "status", Some(old.into()), Some(new.into())));
    }
    entries
}

/// The changes that took `g` from its filing at `filed` to its state now, each a version of
/// its own; `g`'s version, last change and resolution time become the history's. No change is
/// later than `now`.
pub fn changes(g: &mut Grievance, filed: OffsetDateTime, pending_status: Option<i64>, hands: Hands<'_>, rng: &mut Rng, now: OffsetDateTime) -> Vec<AuditBatch> {
    let sensitivity = cases::identity::Sensitivity::new(&[]);
    let mut batches = vec![AuditBatch {
        actor: hands.filer.clone(),
        at: g.filed_at.clone(),
        change: AuditChange::Version(1),
        entries: vec![cases::writes::complete_record_entry(&as_filed(g, pending_status), true, &sensitivity)],
    }];
    let supervisor = hands.sho.unwrap_or(hands.filer);
    let worker = hands.assignee.unwrap_or(hands.filer);
    let mut at = filed;
    let mut next = |batches: &mut Vec<AuditBatch>, after: Duration, actor: &Actor, entries: Vec<AuditEntry>| {
        at = (at + after).min(now).max(at);
        let version = batches.len() as i64 + 1;
        batches.push(AuditBatch { actor: actor.clone(), at: domain::clock::to_text(at), change: AuditChange::Version(version), entries });
        at
    };
    if let Some(name) = &g.assigned_to_name {
        next(&mut batches, Duration::minutes(30 + rng.below(2 * 24 * 60) as i64), supervisor, vec![simple(AuditAction::Assigned, "assigned_to", None, Some(name.clone()))]);
    }
    let status = g.fields.status.clone();
    if status != PENDING {
        next(&mut batches, Duration::hours(2 + rng.below(10 * 24) as i64), worker, moved(PENDING, IN_PROGRESS));
    }
    if g.status_meaning.is_final() {
        let mut entries = moved(IN_PROGRESS, RESOLVED);
        entries.push(simple(AuditAction::Updated, "final_decision", None, g.fields.final_decision.clone()));
        entries.push(simple(AuditAction::Updated, "action_taken_by_ig_office", None, g.fields.action_taken_by_ig_office.clone()));
        let resolved = next(&mut batches, Duration::days(1 + rng.below(90) as i64), worker, entries);
        g.resolved_at = Some(domain::clock::to_text(resolved));
        if status != RESOLVED {
            next(&mut batches, Duration::days(1 + rng.below(30) as i64), supervisor, moved(RESOLVED, &status));
        }
    }
    g.version = batches.len() as i64;
    g.updated_at = batches.last().map(|b| b.at.clone()).unwrap_or_default();
    batches
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actor(id: i64, name: &str) -> Actor {
        Actor { user_id: id, name: name.into(), ..Actor::default() }
    }

    fn case(status: &str, assigned: bool, filed: OffsetDateTime) -> Grievance {
        let mut g = Grievance {
            id: 7,
            grievance_number: "GRV-2026-000007".into(),
            fields: domain::grievance::GrievanceFields { status: status.into(), ..Default::default() },
            district_id: None,
            police_station_id: None,
            status_id: Some(9),
            priority_id: None,
            status_meaning: StatusMeaning::of_legacy_name(status),
            filed_by: 1,
            filed_by_name: "Writer".into(),
            assigned_to: assigned.then_some(3),
            assigned_to_name: assigned.then(|| "SI Asha Verma".to_string()),
            filed_at: domain::clock::to_text(filed),
            updated_at: domain::clock::to_text(filed),
            resolved_at: None,
            version: 1,
            closure: None,
            escalation: None,
            clock_events: Vec::new(),
            next_due: None,
            clock_runs: Vec::new(),
            people_text: None,
        };
        if g.status_meaning.is_final() {
            g.fields.final_decision = Some("Complaint disposed of after enquiry.".into());
            g.fields.action_taken_by_ig_office = Some("Report called for and reviewed.".into());
        }
        g
    }

    #[test]
    fn a_closed_case_was_filed_assigned_taken_up_decided_and_closed_in_that_order() {
        let (writer, io, sho) = (actor(1, "Writer"), actor(3, "SI Asha Verma"), actor(5, "SHO"));
        let now = domain::clock::now();
        let filed = now - Duration::days(400);
        let mut g = case("Closed", true, filed);
        let batches = changes(&mut g, filed, Some(2), Hands { filer: &writer, assignee: Some(&io), sho: Some(&sho) }, &mut Rng(11), now);
        let actions: Vec<Vec<&str>> = batches.iter().map(|b| b.entries.iter().map(|e| e.action.as_str()).collect()).collect();
        assert_eq!(
            actions,
            vec![
                vec!["CREATED"],
                vec!["ASSIGNED"],
                vec!["STATUS_CHANGED"],
                vec!["STATUS_CHANGED", "RESOLVED", "UPDATED", "UPDATED"],
                vec!["STATUS_CHANGED", "CLOSED"]
            ]
        );
        let who: Vec<i64> = batches.iter().map(|b| b.actor.user_id).collect();
        assert_eq!(who, vec![1, 5, 3, 3, 5]);
        let versions: Vec<i64> = batches.iter().map(|b| if let AuditChange::Version(v) = b.change { v } else { 0 }).collect();
        assert_eq!(versions, vec![1, 2, 3, 4, 5]);
        assert_eq!(g.version, 5);
        // Each change follows the one before, none after now; the case was resolved by the
        // fourth and last changed by the fifth.
        let times: Vec<OffsetDateTime> = batches.iter().map(|b| domain::clock::parse(&b.at).unwrap()).collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]) && times[4] <= now, "{times:?}");
        assert_eq!(g.resolved_at.as_deref(), Some(batches[3].at.as_str()));
        assert_eq!(g.updated_at, batches[4].at);
        // The creation keeps the case as filed: pending, its pending status, no one assigned.
        let record = domain::audit::record_from_changes(batches[0].entries[0].action_details.as_ref().unwrap());
        assert_eq!((record["status_id"].as_i64(), record["assigned_to"].as_i64(), record["version"].as_i64()), (Some(2), None, Some(1)), "{record}");
        assert_eq!(batches[3].entries[2].new_value.as_deref(), Some("Complaint disposed of after enquiry."));
    }

    #[test]
    fn a_case_filed_an_hour_ago_has_no_change_after_now_and_a_new_one_only_its_filing() {
        let (writer, io) = (actor(1, "Writer"), actor(3, "SI Asha Verma"));
        let now = domain::clock::now();
        let filed = now - Duration::hours(1);
        let mut g = case("Resolved", true, filed);
        let batches = changes(&mut g, filed, Some(2), Hands { filer: &writer, assignee: Some(&io), sho: None }, &mut Rng(3), now);
        assert_eq!(batches.len(), 4);
        assert!(batches.iter().all(|b| domain::clock::parse(&b.at).unwrap() <= now));
        // With no station house officer the writer assigns.
        assert_eq!(batches[1].actor.user_id, 1);
        let mut fresh = case("Pending", false, filed);
        assert_eq!(changes(&mut fresh, filed, Some(2), Hands { filer: &writer, assignee: None, sho: None }, &mut Rng(3), now).len(), 1);
        assert_eq!(fresh.version, 1);
    }
}
