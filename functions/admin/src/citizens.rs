//! What citizens are told, in the Admin Panel: the reopen window and the appeal's time limit,
//! the SMS templates (each with its DLT template id), and the messages the outbox kept aside
//! after every try, with a resend. Seen with `dropdowns` read and changed with `dropdowns`
//! update; every change of settings or templates is audited as CITIZEN_SETTINGS_CHANGED.

use axum::extract::{Path, State};
use cases::admin_audit::{self, Subject};
use domain::audit::AuditAction;
use domain::citizen::{CitizenSettings, CitizenSettingsForm, Language, MessageKind, SmsTemplate, SmsTemplateForm};
use domain::{Action, Error, Msg, Resource, Result};
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, ErrorBody, SuccessMessage};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(citizen_settings, save_citizen_settings))
        .routes(routes!(save_template))
        .routes(routes!(failed_messages))
        .routes(routes!(resend_message))
}

/// The settings with every template in force (the Admin's own, and the shipped ones for the
/// rest).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitizenSettingsView {
    pub revision: i64,
    pub reopen_window_days: u32,
    pub appeal_days: u32,
    pub templates: Vec<TemplateView>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateView {
    #[serde(flatten)]
    pub template: SmsTemplate,
    /// The portal's own text, not yet replaced by the department's registered one.
    pub shipped: bool,
}

fn view(settings: &CitizenSettings) -> CitizenSettingsView {
    let own = |t: &SmsTemplate| settings.templates.iter().any(|o| o.kind == t.kind && o.language == t.language && o.sensitive == t.sensitive);
    CitizenSettingsView {
        revision: settings.revision,
        reopen_window_days: settings.reopen_window_days,
        appeal_days: settings.appeal_days,
        templates: settings.in_force().into_iter().map(|t| TemplateView { shipped: !own(&t), template: t }).collect(),
    }
}

/// The reopen window, the appeal's time limit and the SMS templates in force.
#[utoipa::path(get, path = "/api/admin/citizen-settings", tag = "citizens", security(("bearer" = [])),
    responses((status = 200, body = CitizenSettingsView), (status = 403, body = ErrorBody)))]
async fn citizen_settings(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<CitizenSettingsView>> {
    caller.require(Resource::Dropdowns, Action::Read)?;
    Ok(ApiJson(view(&state.lists.citizen_settings().await?)))
}

/// Changes the settings by `change`, read afresh and saved on condition that no one saved
/// them meanwhile.
async fn change_settings(state: &AppState, expected: Option<i64>, change: impl Fn(&mut CitizenSettings) -> Result<()>) -> Result<(CitizenSettings, CitizenSettings)> {
    for _attempt in 0..3 {
        let before = state.lists.citizen_settings().await?;
        if expected.is_some_and(|r| r != before.revision) {
            return Err(Error::Conflict(Msg::ChangedConcurrently));
        }
        let mut after = before.clone();
        change(&mut after)?;
        match state.lists.save_citizen_settings(&after).await {
            Ok(()) => return Ok((before, CitizenSettings { revision: after.revision + 1, ..after })),
            Err(Error::Conflict(Msg::ChangedConcurrently)) if expected.is_none() => continue,
            Err(e) => return Err(e),
        }
    }
    Err(Error::Conflict(Msg::ChangedConcurrently))
}

/// Sets the reopen window and the appeal's time limit, in days (1 to 90 each).
#[utoipa::path(put, path = "/api/admin/citizen-settings", tag = "citizens", security(("bearer" = [])), request_body = CitizenSettingsForm,
    responses((status = 200, body = CitizenSettingsView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn save_citizen_settings(State(state): State<AppState>, caller: Caller, client: ClientInfo, body: Deferred<CitizenSettingsForm>) -> ApiResult<ApiJson<CitizenSettingsView>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let form = body.read()?;
    let (reopen, appeal) = form.days()?;
    let (before, after) = change_settings(&state, form.revision, |s| {
        (s.reopen_window_days, s.appeal_days) = (reopen, appeal);
        Ok(())
    })
    .await?;
    let days = |s: &CitizenSettings| serde_json::json!({"reopenWindowDays": s.reopen_window_days, "appealDays": s.appeal_days});
    audit(&state, &caller, &client, Subject::new("citizen_settings", None, String::from("Reopen window and appeal limit")), Some(days(&before)), Some(days(&after))).await?;
    Ok(ApiJson(view(&after)))
}

async fn audit(state: &AppState, caller: &Caller, client: &ClientInfo, subject: Subject, before: Option<serde_json::Value>, after: Option<serde_json::Value>) -> ApiResult<()> {
    let entry = admin_audit::entry(AuditAction::CitizenSettingsChanged, &subject, before, after);
    caller.audit_change(state.trail.as_ref(), client, entry).await
}

/// Puts the department's text and DLT template id in force for one kind of message, in one
/// language, for ordinary or for sensitive cases (`variant`: `standard` or `sensitive`). A
/// template for sensitive cases may name neither the offence nor anyone.
#[utoipa::path(put, path = "/api/admin/sms-templates/{kind}/{language}/{variant}", tag = "citizens", security(("bearer" = [])),
    params(("kind" = MessageKind, Path), ("language" = Language, Path), ("variant" = String, Path, description = "standard or sensitive")), request_body = SmsTemplateForm,
    responses((status = 200, body = CitizenSettingsView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn save_template(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path((kind, language, variant)): Path<(String, String, String)>, body: Deferred<SmsTemplateForm>) -> ApiResult<ApiJson<CitizenSettingsView>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let kind = MessageKind::ALL.into_iter().find(|k| k.as_str() == kind).ok_or(Error::NotFound(Msg::TemplateNotFound))?;
    let language = Language::ALL.into_iter().find(|l| l.as_str() == language).ok_or(Error::NotFound(Msg::TemplateNotFound))?;
    let sensitive = match variant.as_str() {
        "standard" => false,
        "sensitive" => true,
        _ => return Err(Error::NotFound(Msg::TemplateNotFound).into()),
    };
    let template = SmsTemplate::parse(kind, language, sensitive, &body.read()?)?;
    let (before, after) = change_settings(&state, None, |s| {
        s.put(template.clone());
        Ok(())
    })
    .await?;
    let was = serde_json::to_value(before.template(kind, language, sensitive)).ok();
    let name = format!("SMS template {} ({}, {})", kind.as_str(), language.as_str(), variant);
    audit(&state, &caller, &client, Subject::new("sms_template", None, name), was, serde_json::to_value(&template).ok()).await?;
    Ok(ApiJson(view(&after)))
}

/// A message the outbox gave up on, as the Admin Panel lists it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailedMessage {
    /// What the resend names.
    pub key: String,
    /// `email` or `sms`.
    pub channel: String,
    /// An email's address; an SMS's number masked to its last three digits.
    pub to: String,
    /// An email's subject; an SMS's kind (registered, progress, ...).
    pub about: String,
    pub grievance_id: Option<i64>,
    pub attempts: u32,
    pub last_error: Option<String>,
}

/// The messages kept aside after every try (emails to staff, SMS to complainants), newest
/// first: at most 200.
#[utoipa::path(get, path = "/api/admin/outbox/failed", tag = "citizens", security(("bearer" = [])),
    responses((status = 200, body = Vec<FailedMessage>), (status = 403, body = ErrorBody)))]
async fn failed_messages(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<Vec<FailedMessage>>> {
    caller.require(Resource::Dropdowns, Action::Read)?;
    let failed = state.notices.failed_mail(200).await?;
    Ok(ApiJson(
        failed
            .into_iter()
            .map(|q| match &q.mail.sms {
                Some(sms) => FailedMessage {
                    key: q.key,
                    channel: "sms".into(),
                    to: domain::citizen::masked_mobile(&q.mail.to),
                    about: sms.kind.as_str().into(),
                    grievance_id: Some(sms.grievance_id).filter(|id| *id > 0),
                    attempts: q.attempts,
                    last_error: q.last_error,
                },
                None => FailedMessage { key: q.key, channel: "email".into(), to: q.mail.to, about: q.mail.subject, grievance_id: None, attempts: q.attempts, last_error: q.last_error },
            })
            .collect(),
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct ResendForm {
    pub key: Option<String>,
}

/// Puts a message kept aside back in the outbox, due now, with its tries counted afresh.
#[utoipa::path(post, path = "/api/admin/outbox/failed/resend", tag = "citizens", security(("bearer" = [])), request_body = ResendForm,
    responses((status = 200, body = SuccessMessage), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn resend_message(State(state): State<AppState>, caller: Caller, body: Deferred<ResendForm>) -> ApiResult<ApiJson<SuccessMessage>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let key = body.read()?.key.unwrap_or_default();
    if !state.notices.resend(&key).await? {
        return Err(Error::NotFound(Msg::OutboxMessageNotFound).into());
    }
    Ok(ApiJson(SuccessMessage::new("The message is queued to be sent again.")))
}
