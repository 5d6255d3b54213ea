//! The dashboard's figures. They need only a sign-in, and they cover exactly the grievances
//! the caller may see: the whole state with view_all, their own cases otherwise. The staff
//! figures (active users, the longest active) are the state's, shown only with view_all. Every
//! figure comes from counters kept by the write transactions, never from reading grievances;
//! the overdue ones are counted by the store over ranges of the stage index.

use axum::extract::State;
use cases::reads::AuditRecord;
use domain::lists::ListKind;
use domain::audit::AuditAction;
use domain::{Action, Resource};

use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ErrorBody};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(recent_activities)).routes(routes!(performance_metrics))
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Activity {
    /// In English.
    pub description: String,
    /// The sentence's stable code (ACTIVITY_CREATED, ...), for showing it in another language.
    pub code: String,
    /// The values the sentence names: who, number, old, new, fields, what.
    pub params: BTreeMap<String, String>,
    pub time_ago: String,
    pub color: String,
    pub action: String,
    pub created_at: String,
}

/// Each action's sentence: its code and its English, `{name}` standing for a value.
const SENTENCES: &[(&str, &str, &str)] = &[
    ("CREATED", "ACTIVITY_CREATED", "{who} filed grievance {number}"),
    ("DELETED", "ACTIVITY_DELETED", "{who} deleted grievance {number}"),
    ("STATUS_CHANGED", "ACTIVITY_STATUS_CHANGED", "{who} moved {number} from {old} to {new}"),
    ("PRIORITY_CHANGED", "ACTIVITY_PRIORITY_CHANGED", "{who} changed the priority of {number} from {old} to {new}"),
    ("ASSIGNED", "ACTIVITY_ASSIGNED", "{who} assigned {number} to {new}"),
    ("RESOLVED", "ACTIVITY_RESOLVED", "{who} resolved {number}"),
    ("CLOSED", "ACTIVITY_CLOSED", "{who} closed {number}"),
    ("REOPENED", "ACTIVITY_REOPENED", "{who} reopened {number}"),
    ("EXPORTED", "ACTIVITY_EXPORTED", "{who} exported {what}"),
    ("ATTACHMENT_ADDED", "ACTIVITY_ATTACHMENT_ADDED", "{who} attached {new} to {number}"),
    ("ATTACHMENT_DELETED", "ACTIVITY_ATTACHMENT_DELETED", "{who} removed the attachment {old} from {number}"),
    ("NOTE_ADDED", "ACTIVITY_NOTE_ADDED", "{who} added a case note to {number}"),
    ("TWO_FACTOR_ENABLED", "ACTIVITY_TWO_FACTOR_ENABLED", "{who} turned on two-factor authentication"),
    ("TWO_FACTOR_DISABLED", "ACTIVITY_TWO_FACTOR_DISABLED", "{who} turned off two-factor authentication"),
    ("TWO_FACTOR_RESET", "ACTIVITY_TWO_FACTOR_RESET", "{who} reset the two-factor authentication of {subject}"),
    ("TWO_FACTOR_FAILED", "ACTIVITY_TWO_FACTOR_FAILED", "A wrong two-factor code or password was given for {who}"),
    ("GRANT_REFUSED", "ACTIVITY_GRANT_REFUSED", "{who} was refused: {what}"),
    ("TRANSFERRED", "ACTIVITY_TRANSFERRED", "{who} transferred {number} from {old} to {new}"),
    ("CLOSURE_REQUESTED", "ACTIVITY_CLOSURE_REQUESTED", "{who} asked to move {number} to {new}"),
    ("CLOSURE_APPROVED", "ACTIVITY_CLOSURE_APPROVED", "{who} approved moving {number} to {new}"),
    ("CLOSURE_RETURNED", "ACTIVITY_CLOSURE_RETURNED", "{who} returned the request to move {number} to {old}"),
    ("ESCALATED", "ACTIVITY_ESCALATED", "{number} was escalated to the {new} level"),
    ("LINKED", "ACTIVITY_LINKED", "{who} linked {number} with {new}"),
    ("UNLINKED", "ACTIVITY_UNLINKED", "{who} unlinked {number} from {old}"),
    ("ESCALATION_RULES_CHANGED", "ACTIVITY_ESCALATION_RULES_CHANGED", "{who} changed the escalation waits"),
    ("CLOCK_ACTION_RECORDED", "ACTIVITY_CLOCK_ACTION_RECORDED", "{who} recorded on {number}: {new}"),
    ("IDENTITY_REVEALED", "ACTIVITY_IDENTITY_REVEALED", "{who} revealed the identities in {number}"),
    ("PROGRESS_RECORDED", "ACTIVITY_PROGRESS_RECORDED", "{who} recorded progress for the complainant of {number}"),
    ("SMS_SENT", "ACTIVITY_SMS_SENT", "An SMS was sent to the complainant of {number} ({new})"),
    ("SMS_FAILED", "ACTIVITY_SMS_FAILED", "An SMS to the complainant of {number} could not be sent ({new})"),
    ("CITIZEN_VIEWED", "ACTIVITY_CITIZEN_VIEWED", "The complainant viewed {number} on the status page"),
    ("FEEDBACK_RECEIVED", "ACTIVITY_FEEDBACK_RECEIVED", "The complainant rated the disposal of {number}: {new}"),
    ("APPEAL_DECIDED", "ACTIVITY_APPEAL_DECIDED", "{who} decided the appeal on {number}: {new}"),
    ("APPEAL_ESCALATED", "ACTIVITY_APPEAL_ESCALATED", "The appeal on {number} went to the {new} level"),
    ("RESTORED", "ACTIVITY_RESTORED", "{who} restored grievance {number} from the trash"),
    ("PURGED", "ACTIVITY_PURGED", "A deleted grievance left the trash for good: {what}"),
    ("TRASH_RETENTION_CHANGED", "ACTIVITY_TRASH_RETENTION_CHANGED", "{who} changed how long deleted grievances stay in the trash"),
    ("VIEWS_PUBLISHED", "ACTIVITY_VIEWS_PUBLISHED", "{who} changed the views published to roles ({subject})"),
    ("IMPORTED", "ACTIVITY_IMPORTED", "{who} imported {subject}"),
    ("CITIZEN_SETTINGS_CHANGED", "ACTIVITY_CITIZEN_SETTINGS_CHANGED", "{who} changed the messages to complainants ({subject})"),
    ("LAW_SETTINGS_CHANGED", "ACTIVITY_LAW_SETTINGS_CHANGED", "{who} changed the statutory clocks or the list of offences ({subject})"),
    ("LIST_ITEM_CREATED", "ACTIVITY_LIST_ITEM_CREATED", "{who} added {subject} to an admin list"),
    ("LIST_ITEM_UPDATED", "ACTIVITY_LIST_ITEM_UPDATED", "{who} changed the admin list item {subject}"),
    ("LIST_ITEM_DELETED", "ACTIVITY_LIST_ITEM_DELETED", "{who} deleted the admin list item {subject}"),
    ("PENDENCY_LIMITS_CHANGED", "ACTIVITY_PENDENCY_LIMITS_CHANGED", "{who} changed the pendency limits"),
    ("TRANSFER_LIMIT_CHANGED", "ACTIVITY_TRANSFER_LIMIT_CHANGED", "{who} changed the transfer limit"),
    ("ROLE_CREATED", "ACTIVITY_ROLE_CREATED", "{who} created the role {subject}"),
    ("ROLE_UPDATED", "ACTIVITY_ROLE_UPDATED", "{who} changed the role {subject}"),
    ("ROLE_DELETED", "ACTIVITY_ROLE_DELETED", "{who} deleted the role {subject}"),
    ("USER_CREATED", "ACTIVITY_USER_CREATED", "{who} added the user {subject}"),
    ("USER_UPDATED", "ACTIVITY_USER_UPDATED", "{who} changed the user {subject}"),
    ("USER_DELETED", "ACTIVITY_USER_DELETED", "{who} deleted the user {subject}"),
    ("PASSWORD_RESET", "ACTIVITY_PASSWORD_RESET", "{who} reset the password of {subject}"),
    ("UPDATED", "ACTIVITY_UPDATED", "{who} updated {fields} of {number}"),
];

/// An activity's sentence: its code, its values and its English.
fn describe(record: &AuditRecord, fields: &[String]) -> (String, BTreeMap<String, String>, String) {
    let or = |value: &Option<String>, fallback: &str| value.clone().unwrap_or_else(|| fallback.to_string());
    let params = BTreeMap::from([
        ("who".to_string(), record.user_name.clone()),
        ("number".to_string(), record.grievance_number.clone()),
        ("old".to_string(), or(&record.old_value, "-")),
        ("new".to_string(), or(&record.new_value, "-")),
        ("fields".to_string(), fields.join(", ").replace('_', " ")),
        ("what".to_string(), or(&record.notes, "grievances")),
        ("subject".to_string(), subject_name(record)),
    ]);
    let action = record.action.as_str();
    let (_, code, template) = SENTENCES.iter().find(|(a, ..)| *a == action).unwrap_or(&SENTENCES[SENTENCES.len() - 1]);
    let english = params.iter().fold(template.to_string(), |sentence, (name, value)| sentence.replace(&format!("{{{name}}}"), value));
    let mut used: BTreeMap<String, String> = params.into_iter().filter(|(name, _)| template.contains(&format!("{{{name}}}"))).collect();
    if record.action == AuditAction::Exported {
        used.extend(export_params(record));
    }
    (code.to_string(), used, english)
}

/// What an administrative change was made to, as its record's details name it (a user's
/// email, a role's or item's name); records written before details named it, the new value.
fn subject_name(record: &AuditRecord) -> String {
    let details: serde_json::Value = record.action_details.as_ref().and_then(|d| serde_json::from_str(d.as_str()).ok()).unwrap_or_default();
    match details["subject"]["name"].as_str() {
        Some(name) if !name.is_empty() => name.to_string(),
        _ => record.new_value.clone().unwrap_or_else(|| "-".to_string()),
    }
}

/// An export's parts, from its record's details, so that the web app says the line in the
/// reader's language without reading the English notes: `rows`, `kind` (excel, pdf,
/// officers), and each filter applied as `filter:{English label}` with its value as typed.
fn export_params(record: &AuditRecord) -> BTreeMap<String, String> {
    let details: serde_json::Value = record.action_details.as_ref().and_then(|d| serde_json::from_str(d.as_str()).ok()).unwrap_or_default();
    let mut params = BTreeMap::new();
    if let (Some(rows), Some(kind)) = (details["rows"].as_u64(), details["kind"].as_str()) {
        params.insert("rows".to_string(), rows.to_string());
        params.insert("kind".to_string(), kind.to_string());
        for (label, value) in details["filters"].as_object().into_iter().flatten() {
            params.insert(format!("filter:{label}"), value.as_str().unwrap_or_default().to_string());
        }
    }
    params
}

/// The latest changes the caller may see, newest first; the several field records of one
/// edit make one activity.
#[utoipa::path(get, path = "/api/admin/recent-activities", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Vec<Activity>), (status = 401, body = ErrorBody)))]
async fn recent_activities(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<Vec<Activity>>> {
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let mut records = state.trail.recent(&viewer, 60).await?;
    cases::links::hide_unreachable(state.cases(), &viewer, &mut records).await?;
    let now = domain::clock::now();
    // (the change, the first record read of it, its fields in edit order)
    let mut activities: Vec<(&str, &AuditRecord, Vec<String>)> = Vec::new();
    for record in &records {
        // Records of one change share the id up to the last dash: "{grievance}-{change}".
        let change = record.id.rsplit_once('-').map_or("", |(c, _)| c);
        let field = record.field_name.clone().unwrap_or_default();
        if let Some(last) = activities.last_mut() {
            if last.0 == change && record.action == AuditAction::Updated && last.1.action == AuditAction::Updated {
                // Records of one edit come newest (last field) first.
                last.2.insert(0, field);
                continue;
            }
        }
        if activities.len() == 10 {
            break;
        }
        activities.push((change, record, vec![field]));
    }
    Ok(ApiJson(
        activities
            .into_iter()
            .map(|(_, record, fields)| {
                let seconds = domain::clock::parse(&record.created_at).map(|t| (now - t).whole_seconds()).unwrap_or(0);
                let (code, params, description) = describe(record, &fields);
                Activity {
                    description,
                    code,
                    params,
                    time_ago: domain::audit::time_ago(seconds),
                    color: domain::audit::activity_color(record.action.as_str()).to_string(),
                    action: record.action.as_str().to_string(),
                    created_at: record.created_at.clone(),
                }
            })
            .collect(),
    ))
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct LongestActiveUser {
    pub name: String,
    pub days_active: i64,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct StationPerformance {
    pub station_name: String,
    /// Resolved and closed cases as a whole percentage of the station's cases.
    pub resolution_rate: i64,
    pub total_cases: i64,
    /// The station's grievances past their stage's limit.
    pub overdue_cases: i64,
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PerformanceMetrics {
    /// Active staff accounts. This state-wide figure is null for a caller who does not see
    /// the whole state (no grievances view_all).
    pub total_logged_users: Option<i64>,
    /// The longest-serving active account; null when there is none, or for a caller who does
    /// not see the whole state.
    pub longest_active_user: Option<LongestActiveUser>,
    /// (resolved + closed) / total, as a whole percentage.
    pub overall_resolution_rate: i64,
    /// The mean of real resolution times, in days, to one decimal.
    pub average_resolution_days: f64,
    #[serde(rename = "policeStationPerformance")]
    pub police_station_performance: Vec<StationPerformance>,
    /// Grievances past their stage's limit (Admin Panel, Pendency Limits).
    pub overdue_cases: i64,
}

fn rate(done: i64, total: i64) -> i64 {
    if total <= 0 {
        0
    } else {
        ((done as f64) * 100.0 / (total as f64)).round() as i64
    }
}

/// The Performance Metrics panel.
#[utoipa::path(get, path = "/api/admin/performance-metrics", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = PerformanceMetrics), (status = 401, body = ErrorBody)))]
async fn performance_metrics(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<PerformanceMetrics>> {
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let tallies = state.grievances.tallies(&viewer).await?;
    // Done is what the statuses mean, whatever the Admin Panel calls them.
    let average = if tallies.resolved_count > 0 { (tallies.resolution_days as f64 / tallies.resolved_count as f64 * 10.0).round() / 10.0 } else { 0.0 };

    // The staff figures are the whole state's: withheld from one who sees less of it, as Audit
    // History's cards are.
    let (total_logged_users, longest) = if caller.can(Resource::Grievances, Action::ViewAll) {
        let roles = auth::roles::list_all(state.accounts.as_ref()).await?;
        let now = domain::clock::now();
        let longest = state
            .accounts
            .oldest_active_user()
            .await?
            .and_then(|u| domain::clock::parse(&u.created_at).map(|t| LongestActiveUser { name: u.name, days_active: (now - t).whole_days() }));
        (Some(roles.iter().map(|r| r.active_user_count).sum()), longest)
    } else {
        (None, None)
    };

    // Station figures are kept by the station item's id; the name is the list's current one.
    let stations = state.grievances.station_tallies(&viewer).await?;
    let ids: Vec<i64> = stations.iter().map(|s| s.station_id).collect();
    let names = state.lists.get_many(&ids.iter().map(|id| (ListKind::PoliceStations, *id)).collect::<Vec<_>>()).await?;
    let overdue_by_station = state.grievances.overdue_by_station(&viewer, &cases::pendency::Clock::now(state.lists.as_ref()).await?, &ids).await?;
    let mut police_station_performance: Vec<StationPerformance> = stations
        .into_iter()
        .map(|s| StationPerformance {
            resolution_rate: rate(s.done, s.total),
            total_cases: s.total,
            overdue_cases: overdue_by_station.get(&s.station_id).copied().unwrap_or(0),
            // A grievance without a station (none since the form requires one) counts under "-".
            station_name: names.get(&(ListKind::PoliceStations, s.station_id)).map_or_else(|| "-".to_string(), |item| item.name.clone()),
        })
        .collect();
    police_station_performance.sort_by(|a, b| b.resolution_rate.cmp(&a.resolution_rate).then(b.total_cases.cmp(&a.total_cases)).then(a.station_name.cmp(&b.station_name)));
    Ok(ApiJson(PerformanceMetrics {
        total_logged_users,
        longest_active_user: longest,
        overall_resolution_rate: rate(tallies.done, tallies.total),
        average_resolution_days: average,
        police_station_performance,
        overdue_cases: overdue_by_station.values().sum(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new audit action without its own sentence would read as "updated ... of" on the
    /// dashboard.
    #[test]
    fn every_audit_action_has_a_sentence_of_its_own() {
        for action in AuditAction::ALL {
            assert!(SENTENCES.iter().any(|(a, ..)| *a == action.as_str()), "{} has no sentence", action.as_str());
        }
    }
}
