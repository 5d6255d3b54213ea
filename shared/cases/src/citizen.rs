//! The complainant's side of a case (`domain::citizen`): the SMS a change owes them; the
//! progress updates officers record for them; their ratings of a disposal and the appeal "not
//! satisfied" opens; the next level up's decision on it, and its move up when not decided in
//! time.
//!
//! A message is owed when the case has a complainant (or informant) with a mobile number that
//! can take an SMS (`crate::complainant`). It is raised with the change as an event of the
//! outbox (`crate::notices`), in the change's own transaction, and written as an SMS by the
//! notifier run, from the
//! template in force, in the language chosen on the case; a sensitive case's from its template
//! for sensitive cases, which names neither the offence nor anyone.

use crate::complainant::{mobile_of, name_of};
use crate::notices::{Mail, SmsDetails};
use crate::port::Cases;
use crate::record::{Actor, Grievance};
use crate::writes::{AuditEntry, Seen};
use domain::audit::AuditAction;
use domain::citizen::{self, Appeal, AppealDecision, CitizenSettings, Feedback, FeedbackVia, MessageKind, MessageValues, ProgressUpdate, Rating};
use domain::escalation::EscalationLevel;
use domain::{Error, Msg, Result};

/// Where the public status page is, and how a closure message's feedback link is made.
pub struct Links<'a> {
    /// The portal's public address (`https://grievances.example.gov.in`), without a final `/`.
    pub public_url: &'a str,
    /// The signed, one-time feedback token of a disposal of the case.
    pub feedback_token: &'a dyn Fn(&Grievance) -> String,
}

/// `DD-MM-YYYY`, as Indian SMS write a day.
fn sms_day(rfc3339: &str) -> String {
    let day = rfc3339.get(..10).unwrap_or_default();
    match (day.get(..4), day.get(5..7), day.get(8..10)) {
        (Some(y), Some(m), Some(d)) => format!("{d}-{m}-{y}"),
        _ => day.to_string(),
    }
}

/// The SMS a happening owes the complainant of `g` as it now stands, written from the
/// template in force; `None` when there is no one to write to.
pub fn message(g: &Grievance, kind: MessageKind, text: Option<&str>, sensitive: bool, settings: &CitizenSettings, links: &Links<'_>, today: &str) -> Option<Mail> {
    let to = mobile_of(g)?;
    let template = settings.template(kind, g.fields.citizen_language, sensitive);
    let link = match kind {
        MessageKind::Closed => format!("{}/status?feedback={}", links.public_url, (links.feedback_token)(g)),
        _ => format!("{}/status", links.public_url),
    };
    let values = MessageValues {
        number: g.grievance_number.clone(),
        station: g.fields.police_station.clone(),
        status: g.fields.status.clone(),
        officer: g.fields.current_investigation_officer.clone().unwrap_or_default(),
        date: sms_day(today),
        link,
        code: String::new(),
        message: match kind {
            MessageKind::Closed => g.fields.final_decision.clone().unwrap_or_default(),
            _ => text.unwrap_or_default().to_string(),
        },
        offence: [g.fields.crime_title.clone(), g.fields.section_and_act.clone()].into_iter().filter(|t| !t.is_empty()).collect::<Vec<_>>().join(", "),
        name: name_of(g),
    };
    let tells_progress = kind == MessageKind::Progress && g.fields.sms_consent;
    Some(Mail {
        to,
        subject: String::new(),
        body: template.render(&values),
        sms: Some(SmsDetails { grievance_id: g.id, kind, dlt_template_id: template.dlt_template_id, tells_progress }),
    })
}

/// The one-time code of the status page, as an SMS to `to`.
pub fn code_message(g: &Grievance, code: &str, settings: &CitizenSettings) -> Mail {
    let template = settings.template(MessageKind::StatusCode, g.fields.citizen_language, false);
    let values = MessageValues { number: g.grievance_number.clone(), code: code.to_string(), ..MessageValues::default() };
    Mail {
        to: mobile_of(g).unwrap_or_default(),
        subject: String::new(),
        body: template.render(&values),
        sms: Some(SmsDetails { grievance_id: 0, kind: MessageKind::StatusCode, dlt_template_id: template.dlt_template_id, tells_progress: false }),
    }
}

/// The actor the trail names for what the portal does on a citizen's behalf or at a gateway's
/// answer: not a user.
pub fn system_actor(name: &str) -> Actor {
    Actor { user_id: 0, name: name.to_string(), role: "System".into(), user_agent: "portal citizen messages".into(), ..Actor::default() }
}

/// Records a progress update for the complainant, with its PROGRESS_RECORDED record; the
/// complainant is told by SMS when the case has their mobile (`told_of_change`).
pub async fn record_progress(cases: Cases<'_>, actor: &Actor, seen: &Seen, text: &str, expected: Option<i64>) -> Result<Grievance> {
    let text = citizen::progress_text(text)?;
    change(cases, seen, actor, expected, |g, now| {
        if g.fields.progress_updates.len() >= citizen::MAX_PROGRESS_UPDATES {
            return Err(Error::Conflict(Msg::ProgressUpdatesTooMany { max: citizen::MAX_PROGRESS_UPDATES.to_string() }));
        }
        g.fields.progress_updates.push(ProgressUpdate { text: text.clone(), at: now.to_string(), by: actor.user_id, by_name: actor.name.clone() });
        let sms = if mobile_of(g).is_some() { if g.fields.sms_consent { "sent by SMS with consent" } else { "sent by SMS" } } else { "no mobile to send it to" };
        Ok(AuditEntry {
            action: AuditAction::ProgressRecorded,
            field_name: Some("progress_updates".into()),
            old_value: None,
            new_value: Some(text.clone()),
            notes: Some(format!("Progress for the complainant: {sms}")),
            action_details: Some(serde_json::json!({"summary": format!("Progress recorded on grievance {}", g.grievance_number)})),
        })
    })
    .await
}

/// Records the citizen's rating of the case's latest disposal. "Not satisfied" within the
/// reopen window opens an appeal for the next level up, due `appeal_days` on; after it, the
/// rating is recorded without one. One rating per disposal. `now` is the moment it is given.
#[allow(clippy::too_many_arguments)]
pub async fn record_feedback(cases: Cases<'_>, id: i64, rating: Rating, comment: &str, via: FeedbackVia, settings: &CitizenSettings, disposal: Option<&str>, now: time::OffsetDateTime) -> Result<Grievance> {
    let comment: String = comment.trim().chars().take(citizen::COMMENT_MAX).collect();
    let stored = cases.grievances.get_to_change(id).await?.ok_or(Error::NotFound(Msg::GrievanceNotFound))?;
    let seen = Seen::new(stored);
    let actor = system_actor("Complainant");
    change(cases, &seen, &actor, None, |g, at| {
        let disposed_at = match (&g.resolved_at, g.status_meaning.is_final()) {
            (Some(at), true) => at.clone(),
            _ => return Err(Error::Conflict(Msg::FeedbackNotOpen)),
        };
        // A link names the disposal it was sent for: a later disposal wants a later link.
        if disposal.is_some_and(|d| d != disposed_at) || g.fields.feedback.iter().any(|f| f.disposed_at == disposed_at) {
            return Err(Error::Conflict(Msg::FeedbackGiven));
        }
        let window_ends = domain::clock::parse(&disposed_at).map(|t| t + time::Duration::days(i64::from(settings.reopen_window_days)));
        let within = window_ends.is_some_and(|end| now <= end);
        let appealed = rating == Rating::NotSatisfied && within && !g.fields.appeals.iter().any(Appeal::is_open);
        if appealed {
            let level = citizen::appeal_level(&g.fields.appeals);
            // Days in India: an appeal asked at 1 a.m. there is due as one asked that morning.
            let due = domain::clock::day_in_india(now) + time::Duration::days(i64::from(settings.appeal_days));
            g.fields.appeals.push(Appeal { level, opened_at: at.to_string(), due: domain::day::Day::of(due), comment: comment.clone(), decision: None });
        }
        g.fields.feedback.push(Feedback { rating, comment: comment.clone(), at: at.to_string(), via, disposed_at, appealed });
        let appeal_note = if appealed { format!(" An appeal is opened for the {} level.", citizen::appeal_level(&g.fields.appeals[..g.fields.appeals.len() - 1]).as_str()) } else { String::new() };
        Ok(AuditEntry {
            action: AuditAction::FeedbackReceived,
            field_name: Some("feedback".into()),
            old_value: None,
            new_value: Some(rating.label().to_string()),
            notes: Some(format!("{}{appeal_note}", if comment.is_empty() { "No comment.".to_string() } else { comment.clone() })),
            action_details: Some(serde_json::json!({"summary": format!("Complainant rated grievance {}: {}", g.grievance_number, rating.label()), "rating": rating, "via": via, "appealed": appealed})),
        })
    })
    .await
}

/// What the next level up decided on an appeal, as the case screen sends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AppealChoice {
    /// The closure stands.
    Confirm,
    /// The case is reopened, at `reopen_status`.
    Reopen,
}

/// Decides the case's open appeal, by an officer posted at its level or above: the closure
/// confirmed, or the case reopened at `reopen_status` (the first status that means open), with
/// the reason, in one APPEAL_DECIDED record (and the change of status's own).
pub async fn decide_appeal(cases: Cases<'_>, actor: &Actor, posting_level: Option<EscalationLevel>, seen: &Seen, choice: AppealChoice, reason: &str, reopen_status: Option<&lists::ListItem>) -> Result<Grievance> {
    let reason = reason.trim().to_string();
    if reason.chars().count() < citizen::APPEAL_REASON_MIN {
        return Err(Error::field("reason", Msg::AppealReasonRequired { min: citizen::APPEAL_REASON_MIN.to_string() }));
    }
    crate::writes::change_with(cases, seen, actor, None, |before, now| {
        let mut after = before.clone();
        let g = &mut after;
        let Some(appeal) = g.fields.appeals.last_mut().filter(|a| a.is_open()) else { return Err(Error::Conflict(Msg::AppealNotOpen)) };
        if posting_level.is_none_or(|mine| mine < appeal.level) {
            return Err(Error::Forbidden(Msg::AppealOtherLevel { level: appeal.level.as_str().into() }));
        }
        let reopened = choice == AppealChoice::Reopen;
        appeal.decision = Some(AppealDecision { reopened, reason: reason.clone(), by: actor.user_id, by_name: actor.name.clone(), at: now.to_string() });
        if reopened {
            let status = reopen_status.ok_or_else(|| Error::internal("no status means open"))?;
            g.fields.status = status.name.clone();
            g.status_id = Some(status.id);
            g.status_meaning = status.status_meaning();
            g.resolved_at = None;
        }
        let saying = if reopened { "Reopened on appeal" } else { "Closure confirmed on appeal" };
        let mut entries = vec![AuditEntry {
            action: AuditAction::AppealDecided,
            field_name: Some("appeals".into()),
            old_value: None,
            new_value: Some(saying.to_string()),
            notes: Some(reason.clone()),
            action_details: Some(serde_json::json!({"summary": format!("{saying}: grievance {}", after.grievance_number), "reopened": reopened})),
        }];
        entries.extend(crate::writes::status_entries(before, &after, Some(reason.clone())));
        Ok((after, entries))
    })
    .await
}

/// Moves each appeal not decided by its due day to the next level up (the district's to the
/// range, the range's to the state), due `appeal_days` from `today`, with an APPEAL_ESCALATED
/// record; answers how many moved. The escalation run calls it: an appeal's limit is kept as
/// a statutory clock's is.
pub async fn escalate_appeals(cases: Cases<'_>, today: time::Date, appeal_days: u32) -> Result<u64> {
    let filters = crate::port::Filters { appeal_pending: true, ..crate::port::Filters::default() };
    let viewer = crate::reads::Viewer::state(0);
    let (mut cursor, mut moved) = (None, 0);
    loop {
        let page = cases.grievances.list(&viewer, &filters, 200, cursor).await?;
        for stored in page.items {
            let overdue = stored.grievance.fields.appeals.last().filter(|a| a.is_open() && a.due.date().is_some_and(|due| due < today));
            let Some(next) = overdue.and_then(|a| next_level(a.level)) else { continue };
            let seen = Seen::new(stored);
            let due = domain::day::Day::of(today + time::Duration::days(i64::from(appeal_days)));
            let done = crate::writes::change_with(cases, &seen, &crate::escalation::system_actor(), None, |before, _| {
                let mut after = before.clone();
                let Some(appeal) = after.fields.appeals.last_mut().filter(|a| a.is_open() && a.level < next) else {
                    return Err(Error::Conflict(Msg::AppealNotOpen));
                };
                let was = appeal.level;
                (appeal.level, appeal.due) = (next, due.clone());
                let entry = AuditEntry {
                    action: AuditAction::AppealEscalated,
                    field_name: Some("appeals".into()),
                    old_value: Some(was.as_str().to_string()),
                    new_value: Some(next.as_str().to_string()),
                    notes: Some(format!("Not decided by the {} level in time; to be decided by {due}", was.as_str())),
                    action_details: Some(serde_json::json!({"summary": format!("Appeal on grievance {} moved to the {} level", before.grievance_number, next.as_str())})),
                };
                Ok((after, vec![entry]))
            })
            .await;
            match done {
                Ok(_) => moved += 1,
                // Decided or changed meanwhile: the next run looks again.
                Err(Error::Conflict(_)) => {}
                Err(e) => return Err(e),
            }
        }
        match page.cursor {
            Some(next) => cursor = Some(next),
            None => return Ok(moved),
        }
    }
}

/// The level an appeal goes to when its own did not decide it in time.
fn next_level(level: EscalationLevel) -> Option<EscalationLevel> {
    match level {
        EscalationLevel::District => Some(EscalationLevel::Range),
        EscalationLevel::Range => Some(EscalationLevel::State),
        EscalationLevel::State => None,
    }
}

/// Applies `edit` to the case as last read and commits it with the record `edit` answers, as
/// one change; a change based on an older version (`expected`) is refused.
async fn change(cases: Cases<'_>, seen: &Seen, actor: &Actor, expected: Option<i64>, edit: impl Fn(&mut Grievance, &str) -> Result<AuditEntry>) -> Result<Grievance> {
    crate::writes::change_with(cases, seen, actor, expected, |before, now| {
        let mut after = before.clone();
        let entry = edit(&mut after, now)?;
        Ok((after, vec![entry]))
    })
    .await
}
