//! The escalation run: every grievance overdue at its stage, or with a statutory clock left
//! unmet past its due day, is escalated one level above its police station, then higher, as
//! the days late reach the Admin Panel's waits (`domain::escalation`). Run on a schedule (a
//! background task of the embedded portal, an EventBridge-scheduled function in the cloud);
//! idempotent: a grievance reaches each level once, and a run that meets a grievance changed
//! meanwhile leaves it to the next run.

use crate::pendency::Clock;
use crate::port::{AuditBatch, AuditChange, Cases, GrievanceChange, Stored};
use crate::reads::{DueFilter, Filters, Viewer};
use crate::record::{Actor, Grievance};
use crate::writes::{self, AuditEntry};
use domain::audit::AuditAction;
use domain::escalation::{Escalation, EscalationLevel, EscalationRules};
use domain::jurisdiction::{Organisation, Posting, PostingWire};
use domain::{Error, Result};

/// What one run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Run {
    /// Overdue grievances looked at.
    pub overdue: u64,
    /// Grievances with a statutory clock missed, not overdue at their stage, looked at.
    pub missed: u64,
    /// Of those (both), escalated by this run.
    pub escalated: u64,
    /// Complainants' appeals not decided in time, moved to the next level up.
    pub appeals: u64,
    /// Deleted grievances whose retention ran out, purged from the trash.
    pub purged: u64,
}

/// How late a case is, and for what: the days past its stage's limit, or past the due day of
/// the statutory clock it missed (that clock's rule) when that is longer. A clock that fell
/// due before `missed_since` (`DuesIndexed::since`) does not count.
fn lateness(clock: &Clock, missed_since: Option<time::Date>, g: &Grievance) -> Option<(i64, Option<String>)> {
    let pendency = clock.pendency(g);
    let stage = pendency.overdue.then_some(pendency.days_overdue);
    let missed = crate::statutory::earliest_open(&clock.rules, g)
        .filter(|(_, due)| missed_since.is_none_or(|since| *due >= since))
        .map(|(rule, due)| ((clock.today - due).whole_days(), rule))
        .filter(|(late, _)| *late > 0);
    match (stage, missed) {
        (Some(days), Some((late, rule))) if late > days => Some((late, Some(rule))),
        (Some(days), _) => Some((days, None)),
        (None, Some((late, rule))) => Some((late, Some(rule))),
        (None, None) => None,
    }
}

/// The actor the audit trail names for escalations: the portal itself, not a user.
pub fn system_actor() -> Actor {
    Actor {
        user_id: 0,
        name: "Escalation".into(),
        email: String::new(),
        role: "System".into(),
        ip: String::new(),
        user_agent: "portal escalation".into(),
        session_id: String::new(),
        needs_closure_approval: false,
        hands: Default::default(),
        batch: None,
    }
}

/// Escalates every grievance overdue by `clock`, or with a statutory clock missed by its
/// rules, as far as `rules` say, in the organisation `org`. Pages through the overdue list of
/// the whole state, then its "missed" list (an index range on each engine), passing over the
/// cases the first pass saw. Clocks that fell due before `missed_since` are not escalated
/// for: the missed list is read from that day, so a backlog an upgrade found costs no run
/// anything.
pub async fn run(cases: Cases<'_>, org: &Organisation, rules: &EscalationRules, clock: &Clock, missed_since: Option<time::Date>) -> Result<Run> {
    let mut done = Run::default();
    let overdue = Filters { overdue: Some(clock.clone()), ..Filters::default() };
    escalate_listed(cases, org, rules, (clock, missed_since), &overdue, &mut done).await?;
    if missed_since.is_none_or(|since| since < clock.today) {
        let missed = Filters { due: Some(DueFilter::Missed { today: clock.today, since: missed_since }), ..Filters::default() };
        escalate_listed(cases, org, rules, (clock, missed_since), &missed, &mut done).await?;
    }
    Ok(done)
}

async fn escalate_listed(cases: Cases<'_>, org: &Organisation, rules: &EscalationRules, (clock, missed_since): (&Clock, Option<time::Date>), filters: &Filters, done: &mut Run) -> Result<()> {
    let viewer = Viewer::state(0);
    let mut cursor = None;
    loop {
        let page = cases.grievances.list(&viewer, filters, 200, cursor).await?;
        for stored in &page.items {
            let g = &stored.grievance;
            let overdue = clock.pendency(g).overdue;
            match (filters.overdue.is_some(), overdue) {
                (true, false) => continue,
                (true, true) => done.overdue += 1,
                // The first pass saw it.
                (false, true) => continue,
                (false, false) => done.missed += 1,
            }
            let Some((days, missed_clock)) = lateness(clock, missed_since, g) else { continue };
            let current = g.escalation.as_ref().map(|e| e.level);
            let Some((level, to)) = domain::escalation::next(rules, org, g.district_id, g.police_station_id, days, current) else {
                continue;
            };
            // The section alone ("BNSS s.184(1)"), without the Act's words that follow it.
            let source = missed_clock.as_deref().and_then(|id| clock.rules.get(id)).map(|rule| rule.source.split_once(':').map_or(rule.source.as_str(), |(section, _)| section).trim().to_string());
            match escalate(cases, g.id, g.version, level, to, Lateness { days, missed_clock, source }).await {
                Ok(true) => done.escalated += 1,
                Ok(false) => {}
                // Changed since it was read: the next run looks again.
                Err(Error::Conflict(_)) => {}
                Err(e) => return Err(e),
            }
        }
        match page.cursor {
            Some(next) => cursor = Some(next),
            None => return Ok(()),
        }
    }
}

/// Why a case is escalated: the days late, and the statutory clock missed when that is it
/// (its rule's id and the law's section, as "BNSS s.184(1)").
struct Lateness {
    days: i64,
    missed_clock: Option<String>,
    source: Option<String>,
}

/// A posting as the audit record names it: the district's or station's name as the Admin
/// Panel calls it now.
async fn posting_label(cases: Cases<'_>, posting: &Posting) -> Result<String> {
    let item = |kind, id| async move { Ok::<_, Error>(cases.lists.get(kind, id).await?.map(|i| i.name).unwrap_or_else(|| id.to_string())) };
    Ok(match posting {
        Posting::State => "the state".to_string(),
        // A range the Admin Panel already calls "Agra Range" is not "the Agra Range range".
        Posting::Range(name) if name.to_lowercase().ends_with(" range") => format!("the {name}"),
        Posting::Range(name) => format!("the {name} range"),
        Posting::District(id) => item(domain::lists::ListKind::Districts, *id).await?,
        Posting::Station(id) => item(domain::lists::ListKind::PoliceStations, *id).await?,
    })
}

/// Escalates grievance `id`, as read at `version`, to `level` at `to`, with its ESCALATED
/// record. `false` when it is gone or no longer at that version.
async fn escalate(cases: Cases<'_>, id: i64, version: i64, level: EscalationLevel, to: Posting, why: Lateness) -> Result<bool> {
    let Lateness { days: days_overdue, missed_clock, source } = why;
    let Some(read) = writes::load(cases, id).await? else { return Ok(false) };
    if read.grievance.version != version {
        return Ok(false);
    }
    let before: &Grievance = &read.grievance;
    let now = domain::clock::now_text();
    let escalation = Escalation { level, to: to.clone(), escalated_at: now.clone(), days_overdue, missed_clock: missed_clock.clone() };
    let to_label = posting_label(cases, &to).await?;
    let days = if days_overdue == 1 { "1 day".to_string() } else { format!("{days_overdue} days") };
    let notes = match &source {
        Some(source) => format!("The duty under {source} missed by {days}; escalated to {to_label}"),
        None => format!("Overdue by {days}; escalated to {to_label}"),
    };
    let after = Grievance { escalation: Some(escalation), version: before.version + 1, updated_at: now.clone(), ..before.clone() };
    let entry = AuditEntry {
        action: AuditAction::Escalated,
        field_name: Some("escalation".into()),
        old_value: before.escalation.as_ref().map(|e| e.level.as_str().to_string()),
        new_value: Some(level.as_str().to_string()),
        notes: Some(notes),
        action_details: Some(serde_json::json!({
            "summary": format!("Grievance {} escalated to the {} level", before.grievance_number, level.as_str()),
            "level": level.as_str(),
            "to": PostingWire::from(to),
            "days_overdue": days_overdue,
            // The place by name, for the web app to say the notes in the reader's language.
            "to_label": to_label,
            "missed_clock": missed_clock,
            "source": source,
        })),
    };
    let audit = AuditBatch { actor: system_actor(), at: now, change: AuditChange::Version(after.version), entries: vec![entry] };
    let mut after = Stored { grievance: after, refs: read.refs.clone() };
    crate::indexes::index(cases.lists, &mut after.grievance).await?;
    cases.grievances.commit(GrievanceChange { before: Some(&read), after: Some(&after), audit, fir_guard: None, trash: None, source: None }).await?;
    Ok(true)
}
