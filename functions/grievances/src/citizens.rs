//! The complainant's side of a case for staff and for the notifier run (`cases::citizen`):
//! - `POST /api/grievances/{id}/progress`: an officer records the investigation's progress,
//!   which the complainant is sent by SMS;
//! - `POST /api/grievances/{id}/appeal`: the next level up decides an appeal a "not
//!   satisfied" rating opened: the closure confirmed, or the case reopened;
//! - the notifier's part: each SMS written from the template in force, and its delivery
//!   recorded in the case's history (SMS_SENT, SMS_FAILED). A progress update taken by the
//!   gateway, sent with the informant's consent, is recorded on the case's clocks as the
//!   informant told of progress by SMS (BNSS s.193(3)(ii)).

use axum::extract::{Path, State};
use cases::citizen::{self, AppealChoice, Links};
use cases::identity::Sensitivity;
use cases::notices::{Mail, SmsDetails};
use cases::pendency::{Clock, GrievanceView};
use cases::port::CaseFileChange;
use cases::writes::{AuditEntry, Seen};
use cases::{reads, Grievance};
use domain::audit::AuditAction;
use domain::citizen::{CitizenSettings, MessageKind};
use domain::escalation::EscalationLevel;
use domain::jurisdiction::Posting;
use domain::wire::{Sent, Text};
use domain::{Action, GrievanceId, Msg, Resource, Result};
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(record_progress)).routes(routes!(decide_appeal))
}

/// What the feedback links of closure messages are sealed for (`auth::TokenKeys`).
pub const FEEDBACK_LINK: &str = "citizen-feedback";

/// The signed, one-time link token of the case's latest disposal: the case and the moment of
/// the disposal, sealed, so that it names nothing and cannot be made up.
pub fn feedback_token(state: &AppState, g: &Grievance) -> String {
    state.tokens.seal_cursor(0, FEEDBACK_LINK, &format!("{}|{}", g.id, g.resolved_at.as_deref().unwrap_or_default()))
}

/// The case and the disposal a feedback link names; `None` for anything not sealed by us.
pub fn open_feedback_token(state: &AppState, token: &str) -> Option<(i64, String)> {
    let text = state.tokens.open_cursor(0, FEEDBACK_LINK, token)?;
    let (id, at) = text.split_once('|')?;
    Some((id.parse().ok()?, at.to_string()))
}

/// What a notifier run writes citizens' SMS with, read once per run.
pub struct Writer {
    settings: CitizenSettings,
    sensitivity: Sensitivity,
}

impl Writer {
    pub async fn read(state: &AppState) -> Result<Writer> {
        Ok(Writer { settings: state.lists.citizen_settings().await?, sensitivity: Sensitivity::now(state.lists.as_ref()).await? })
    }

    /// The SMS a happening of case `id` owes its complainant, from the case as it now stands;
    /// `None` when the case is gone or has no one to write to.
    pub async fn message(&self, state: &AppState, id: i64, kind: MessageKind, text: Option<&str>) -> Result<Option<Mail>> {
        let Some(stored) = state.grievances.get(id).await? else { return Ok(None) };
        let g = &stored.grievance;
        let token = |g: &Grievance| feedback_token(state, g);
        let links = Links { public_url: &state.citizens.public_url, feedback_token: &token };
        Ok(citizen::message(g, kind, text, self.sensitivity.of(g), &self.settings, &links, &domain::clock::now_text()))
    }
}

/// Records on the case that the gateway took its SMS (`answer` is the gateway's own word for
/// it), and, for a progress update sent with consent, that the informant was told.
pub async fn sent(state: &AppState, mail: &Mail, details: &SmsDetails, answer: &str) -> Result<()> {
    let Some(stored) = state.grievances.get(details.grievance_id).await? else { return Ok(()) };
    let gateway = citizen::system_actor("SMS gateway");
    let entry = sms_entry(AuditAction::SmsSent, mail, details, "Taken by the SMS gateway", Some(answer));
    record(state, &stored.grievance, &gateway, entry).await?;
    if details.tells_progress {
        let form = domain::law::forms::ClockActionForm {
            kind: Sent::Given(domain::law::ClockEventKind::InformantToldOfProgress),
            on: Sent::Given(domain::clock::today().to_string()),
            means: Sent::Given(domain::law::clocks::Means::Sms),
            note: Sent::Given(Text("Progress update sent by SMS with the informant's consent".into())),
            version: Sent::Absent,
        };
        let seen = Seen::new(stored);
        match cases::writes::record_clock_action(state.cases(), &gateway, &seen, &form).await {
            Ok(_) | Err(domain::Error::NotFound(_)) => {}
            // Refused by the case's own rules (a full clock record): the SMS stands sent.
            Err(e @ (domain::Error::Conflict(_) | domain::Error::Validation { .. })) => tracing::warn!(grievance = details.grievance_id, error = %e, "a progress SMS was sent but not recorded on the clocks"),
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Records on the case that its SMS could not be sent after every try, and was kept aside.
pub async fn given_up(state: &AppState, mail: &Mail, details: &SmsDetails, error: &str) -> Result<()> {
    let Some(stored) = state.grievances.get(details.grievance_id).await? else { return Ok(()) };
    let entry = sms_entry(AuditAction::SmsFailed, mail, details, error, None);
    record(state, &stored.grievance, &citizen::system_actor("SMS gateway"), entry).await
}

fn sms_entry(action: AuditAction, mail: &Mail, details: &SmsDetails, notes: &str, answer: Option<&str>) -> AuditEntry {
    let to = domain::citizen::masked_mobile(&mail.to);
    let saying = if action == AuditAction::SmsSent { "sent" } else { "not sent" };
    AuditEntry {
        action,
        field_name: Some(details.kind.as_str().to_string()),
        old_value: None,
        new_value: Some(to.clone()),
        notes: Some(notes.chars().take(300).collect()),
        action_details: Some(serde_json::json!({
            "summary": format!("SMS to the complainant ({}) {saying}: {}", details.kind.as_str(), to),
            "kind": details.kind,
            "dltTemplateId": details.dlt_template_id,
            "status": if action == AuditAction::SmsSent { "sent" } else { "failed" },
            "gatewayAnswer": answer,
        })),
    }
}

/// An event on the case that changes none of it, in its history.
async fn record(state: &AppState, g: &Grievance, actor: &cases::Actor, entry: AuditEntry) -> Result<()> {
    match state.grievances.record_case_file_change(g, CaseFileChange::RecordOnly, actor, entry).await {
        Ok(()) | Err(domain::Error::NotFound(_)) => Ok(()),
        Err(e) => Err(e),
    }
}

/// A progress update, as the case screen sends it.
#[derive(Deserialize, ToSchema, Default)]
pub struct ProgressForm {
    /// What the complainant is told, 10 to 300 characters.
    #[serde(default)]
    #[schema(value_type = String)]
    pub text: Sent<Text>,
    /// The version of the grievance it was written on; a stale one is refused with 409.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub version: Sent<i64>,
}

/// Records the investigation's progress for the complainant, with a PROGRESS_RECORDED record.
/// When the case has their mobile, they are sent it by SMS (a sensitive case's message says
/// only that there was progress); with their consent on the case, that SMS, once the gateway
/// takes it, meets the 90-day duty of BNSS s.193(3)(ii).
#[utoipa::path(post, path = "/api/grievances/{id}/progress", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = ProgressForm,
    responses((status = 201, body = Envelope<GrievanceView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn record_progress(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<ProgressForm>) -> ApiResult<(http::StatusCode, ApiJson<Envelope<GrievanceView>>)> {
    caller.require(Resource::Grievances, Action::Update)?;
    let form = body.read()?;
    let text = match &form.text {
        Sent::Given(Text(t)) => t.clone(),
        _ => String::new(),
    };
    let seen = reads::to_change(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    let g = citizen::record_progress(state.cases(), &caller.actor(&client), &seen, &text, form.version.as_given().copied()).await?;
    Ok((http::StatusCode::CREATED, ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g)))))
}

/// The next level up's decision on an appeal.
#[derive(Deserialize, ToSchema)]
pub struct AppealForm {
    pub decision: Option<AppealChoice>,
    /// Why, in at least 10 characters.
    #[serde(default)]
    pub reason: Option<String>,
}

/// The level of an officer's posting an appeal can be decided at.
fn level_of(posting: &Posting) -> Option<EscalationLevel> {
    match posting {
        Posting::State => Some(EscalationLevel::State),
        Posting::Range(_) => Some(EscalationLevel::Range),
        Posting::District(_) => Some(EscalationLevel::District),
        Posting::Station(_) => None,
    }
}

/// Decides the case's open appeal: the closure confirmed, or the case reopened (at the first
/// status that means open), with the reason. By a holder of "approve" posted at the appeal's
/// level or above, whose scope holds the case.
#[utoipa::path(post, path = "/api/grievances/{id}/appeal", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = AppealForm,
    responses((status = 200, body = Envelope<GrievanceView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn decide_appeal(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<AppealForm>) -> ApiResult<ApiJson<Envelope<GrievanceView>>> {
    caller.require(Resource::Grievances, Action::Approve)?;
    let form = body.read()?;
    let Some(choice) = form.decision else { return Err(domain::Error::field("decision", Msg::AppealDecisionInvalid).into()) };
    let seen = reads::to_change(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    let reopen = lists::default_status(state.lists.as_ref()).await?;
    let level = level_of(&caller.user().posting);
    let g = citizen::decide_appeal(state.cases(), &caller.actor(&client), level, &seen, choice, form.reason.as_deref().unwrap_or_default(), reopen.as_ref()).await?;
    Ok(ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g))))
}
