//! The law as the portal keeps it: the reference list of offences staff pick sections from
//! (`/api/law/offences`, for everyone signed in), and, in the Admin Panel, the statutory clock
//! rules and the Admin's entries of that list (`/api/admin/clock-rules`,
//! `/api/admin/offences`), seen with `dropdowns` read and changed with `dropdowns` update,
//! every change audited as LAW_SETTINGS_CHANGED.

use axum::extract::{Path, Query, State};
use cases::admin_audit::{self, Subject};
use domain::audit::AuditAction;
use domain::law::forms::{rule_id_valid, ClockRuleForm, OffenceForm};
use domain::law::reference::{self, Offence};
use domain::law::{Act, ClockRule, LawSettings, SectionNo};
use domain::{Action, Error, Msg, Resource, Result};
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, ErrorBody};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(find_offences))
        .routes(routes!(clock_rules, add_clock_rule))
        .routes(routes!(change_clock_rule))
        .routes(routes!(save_offence))
        .routes(routes!(remove_offence))
}

#[derive(Deserialize, IntoParams)]
pub struct OffenceQuery {
    /// A section's number ("303", "BNS 64"), an IPC section it replaced ("IPC 379"), or words
    /// of its title in English or Hindi; empty: the list from its start.
    pub q: Option<String>,
    /// At most this many (1 to 50; 20 when left out).
    pub limit: Option<usize>,
}

/// The offences a type-ahead text finds in the reference list in force, best first.
#[utoipa::path(get, path = "/api/law/offences", tag = "law", security(("bearer" = [])), params(OffenceQuery),
    responses((status = 200, body = Vec<Offence>), (status = 401, body = ErrorBody)))]
async fn find_offences(State(state): State<AppState>, _caller: Caller, Query(query): Query<OffenceQuery>) -> ApiResult<ApiJson<Vec<Offence>>> {
    let law = state.lists.law().await?;
    let list = reference::in_force(&law.offences);
    let limit = query.limit.unwrap_or(20).clamp(1, 50);
    Ok(ApiJson(reference::search(&list, query.q.as_deref().unwrap_or(""), limit).into_iter().cloned().collect()))
}

/// The statutory clock rules in force, and the revision they were saved at.
#[derive(Serialize, ToSchema)]
pub struct ClockRulesView {
    pub revision: i64,
    pub rules: Vec<ClockRule>,
    /// How many grievances keep no sections of their own and have a "Section & Act" that could
    /// not be read whole into sections (each kept as typed; its sections are picked when it is
    /// next edited), as counted when every case's due day was last worked out (on the
    /// upgrade, and after a rule changed); null before the first time.
    pub unread_sections: Option<u64>,
}

/// The statutory clock rules in force, in the order cases show them.
#[utoipa::path(get, path = "/api/admin/clock-rules", tag = "law", security(("bearer" = [])),
    responses((status = 200, body = ClockRulesView), (status = 403, body = ErrorBody)))]
async fn clock_rules(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<ClockRulesView>> {
    caller.require(Resource::Dropdowns, Action::Read)?;
    let law = state.lists.law().await?;
    let unread_sections = state.grievances.dues_indexed_for().await?.and_then(|indexed| indexed.unread_sections);
    Ok(ApiJson(ClockRulesView { revision: law.revision, rules: law.clock_rules.0, unread_sections }))
}

/// Changes the law settings by `change`, read afresh and saved on condition that no one saved
/// them meanwhile; a save that lost that race is tried again on what the other saved.
async fn change_law<T>(state: &AppState, mut change: impl FnMut(&mut LawSettings) -> Result<T>) -> Result<(LawSettings, LawSettings, T)> {
    for _attempt in 0..3 {
        let before = state.lists.law().await?;
        let mut after = before.clone();
        let answer = change(&mut after)?;
        match state.lists.save_law(&after).await {
            Ok(()) => return Ok((before, after, answer)),
            Err(Error::Conflict(Msg::ChangedConcurrently)) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(Error::Conflict(Msg::ChangedConcurrently))
}

async fn audit(state: &AppState, caller: &Caller, client: &ClientInfo, subject: Subject, before: Option<serde_json::Value>, after: Option<serde_json::Value>) -> ApiResult<()> {
    let entry = admin_audit::entry(AuditAction::LawSettingsChanged, &subject, before, after);
    caller.audit_change(state.trail.as_ref(), client, entry).await
}

/// Adds a clock rule; it applies to every case from the next time the case is read.
#[utoipa::path(post, path = "/api/admin/clock-rules", tag = "law", security(("bearer" = [])), request_body = ClockRuleForm,
    responses((status = 201, body = ClockRule), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn add_clock_rule(State(state): State<AppState>, caller: Caller, client: ClientInfo, body: Deferred<ClockRuleForm>) -> ApiResult<(http::StatusCode, ApiJson<ClockRule>)> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let form = body.read()?;
    let id = form.id.trimmed();
    if !rule_id_valid(&id) {
        return Err(Error::field("id", Msg::ClockRuleIdInvalid).into());
    }
    let rule = ClockRule::parse(&id, &form)?;
    let (_, _, rule) = change_law(&state, |law| {
        if law.clock_rules.get(&rule.id).is_some() {
            return Err(Error::Conflict(Msg::ClockRuleIdTaken { id: rule.id.clone() }));
        }
        law.clock_rules.0.push(rule.clone());
        Ok(rule.clone())
    })
    .await?;
    audit(&state, &caller, &client, Subject::new("clock_rule", None, rule.id.clone()), None, serde_json::to_value(&rule).ok()).await?;
    Ok((http::StatusCode::CREATED, ApiJson(rule)))
}

/// Changes a clock rule (switching it off with `active: false`: rules are kept, never
/// deleted, so that what a case was held to stays known).
#[utoipa::path(put, path = "/api/admin/clock-rules/{id}", tag = "law", security(("bearer" = [])), params(("id" = String, Path)), request_body = ClockRuleForm,
    responses((status = 200, body = ClockRule), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn change_clock_rule(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<String>, body: Deferred<ClockRuleForm>) -> ApiResult<ApiJson<ClockRule>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let form = body.read()?;
    let rule = ClockRule::parse(&id, &form).map_err(|e| match e {
        Error::Validation { fields, .. } if fields.contains_key("id") => Error::NotFound(Msg::ClockRuleNotFound),
        e => e,
    })?;
    let (before, _, ()) = change_law(&state, |law| {
        let kept = law.clock_rules.0.iter_mut().find(|r| r.id == rule.id).ok_or(Error::NotFound(Msg::ClockRuleNotFound))?;
        *kept = rule.clone();
        Ok(())
    })
    .await?;
    let was = before.clock_rules.get(&rule.id).and_then(|r| serde_json::to_value(r).ok());
    audit(&state, &caller, &client, Subject::new("clock_rule", None, rule.id.clone()), was, serde_json::to_value(&rule).ok()).await?;
    Ok(ApiJson(rule))
}

fn offence_subject(act: Act, section: &SectionNo) -> Subject {
    Subject::new("offence", None, format!("{} {section}", act.as_str()))
}

/// Adds an offence to the reference list, or puts the Admin's entry in place of the one of
/// the same act and section.
#[utoipa::path(put, path = "/api/admin/offences", tag = "law", security(("bearer" = [])), request_body = OffenceForm,
    responses((status = 200, body = Offence), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn save_offence(State(state): State<AppState>, caller: Caller, client: ClientInfo, body: Deferred<OffenceForm>) -> ApiResult<ApiJson<Offence>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let offence = Offence::parse(&body.read()?)?;
    let (before, _, ()) = change_law(&state, |law| {
        law.offences.retain(|o| !(o.act == offence.act && o.section == offence.section));
        law.offences.push(offence.clone());
        Ok(())
    })
    .await?;
    let same = |o: &&Offence| o.act == offence.act && o.section == offence.section;
    let was = reference::in_force(&before.offences).iter().find(same).and_then(|o| serde_json::to_value(o).ok());
    audit(&state, &caller, &client, offence_subject(offence.act, &offence.section), was, serde_json::to_value(&offence).ok()).await?;
    Ok(ApiJson(offence))
}

/// Removes the Admin's entry of an offence: one the list did not ship goes; one that
/// corrected a shipped entry gives way to it again.
#[utoipa::path(delete, path = "/api/admin/offences/{act}/{section}", tag = "law", security(("bearer" = [])), params(("act" = String, Path), ("section" = String, Path)),
    responses((status = 200, body = Vec<Offence>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn remove_offence(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path((act, section)): Path<(String, String)>) -> ApiResult<ApiJson<Vec<Offence>>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let (Some(act), Some(section)) = (Act::parse(&act), SectionNo::parse(&section)) else {
        return Err(Error::NotFound(Msg::OffenceNotFound).into());
    };
    let (before, after, ()) = change_law(&state, |law| {
        let kept = law.offences.len();
        law.offences.retain(|o| !(o.act == act && o.section == section));
        if law.offences.len() == kept {
            return Err(Error::NotFound(Msg::OffenceNotFound));
        }
        Ok(())
    })
    .await?;
    let was = before.offences.iter().find(|o| o.act == act && o.section == section).and_then(|o| serde_json::to_value(o).ok());
    audit(&state, &caller, &client, offence_subject(act, &section), was, None).await?;
    Ok(ApiJson(after.offences))
}
