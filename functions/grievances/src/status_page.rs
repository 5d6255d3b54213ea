//! The citizen's status page, the one public screen beside sign-in (`/status`):
//! - `POST /api/public/status/code`: a grievance number and the mobile recorded for its
//!   complainant; when they match, a 6-digit one-time code is sent to that mobile by SMS. The
//!   answer is the same whether they match or not, so the page tells no one whose case it is.
//! - `POST /api/public/status`: the code, within 5 minutes and 3 tries, shows the case's status,
//!   station, stage and its date, the last progress update and the next statutory date; a
//!   sensitive case's status alone. Each view is a CITIZEN_VIEWED record in the case's history.
//! - `POST /api/public/feedback`: the citizen rates the disposal, from the closure message's
//!   signed link or from the page after its code (`cases::citizen::record_feedback`).
//!
//! Each request takes a place, with a conditional write, in the counts of its grievance number
//! and mobile (5 a minute each) and of its client address (30 a minute, since many phones share
//! one carrier address): a burst sent in parallel cannot pass them.

use crate::citizens::open_feedback_token;
use axum::extract::State;
use cases::citizen;
use cases::pendency::Clock;
use cases::port::CaseFileChange;
use cases::writes::AuditEntry;
use domain::audit::AuditAction;
use domain::citizen::{FeedbackVia, Rating};
use domain::{Error, Msg, Result};
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, ClientInfo, ErrorBody, SuccessMessage};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(send_code)).routes(routes!(show_status)).routes(routes!(give_feedback)).routes(routes!(public_settings))
}

/// How long a code works, and how many tries it has.
pub const CODE_SECONDS: i64 = 5 * 60;
pub const CODE_TRIES: usize = 3;
/// Requests per minute per grievance number and per mobile, and per client address.
pub const PER_CASE_PER_MINUTE: usize = 5;
pub const PER_CLIENT_PER_MINUTE: usize = 30;
/// How long a citizen's view (after the code) may give feedback.
pub const ACCESS_SECONDS: i64 = 30 * 60;

/// What a code's challenge and a citizen's view are sealed for (`auth::TokenKeys`).
const CHALLENGE: &str = "citizen-challenge";
const ACCESS: &str = "citizen-access";

/// A grievance number and a mobile, as the page sends them.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct CodeRequest {
    #[serde(default)]
    pub grievance_number: Option<String>,
    #[serde(default)]
    pub mobile: Option<String>,
}

/// The answer to every well-formed code request, matching or not.
#[derive(Serialize, ToSchema)]
pub struct CodeSent {
    pub message: String,
    /// What the code is checked against: sent back with the code.
    pub challenge: String,
    /// Seconds the code works.
    pub expires_in: i64,
}

/// The answer's words, the same for a match and for none.
pub const CODE_SENT: &str = "If the grievance number and mobile match a case, a 6-digit code has been sent to that mobile.";

/// What a challenge holds, sealed: its id, the case (0: none matched), the code, and when it
/// ends.
#[derive(Serialize, Deserialize)]
struct Challenge {
    id: String,
    grievance: i64,
    code: String,
    ends: i64,
}

fn random_digits(n: usize) -> String {
    use rand::Rng;
    let mut rng = rand::rngs::OsRng;
    (0..n).map(|_| char::from(b'0' + rng.gen_range(0..10u8))).collect()
}

/// A grievance number as typed: its letters upper-cased, spaces gone.
fn number_key(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase()
}

async fn take(state: &AppState, key: String, most: usize, now: i64) -> Result<()> {
    if auth::rate::take(state.accounts.as_ref(), &key, most, 60, now).await? {
        Ok(())
    } else {
        Err(Error::TooManyAttempts(Msg::CitizenTooManyRequests))
    }
}

/// Sends a one-time code to the complainant's mobile when the grievance number and the
/// mobile match a case. The answer is the same when they do not.
#[utoipa::path(post, path = "/api/public/status/code", tag = "citizens", request_body = CodeRequest,
    responses((status = 202, body = CodeSent), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn send_code(State(state): State<AppState>, client: ClientInfo, body: http_glue::json::Deferred<CodeRequest>) -> ApiResult<(http::StatusCode, ApiJson<CodeSent>)> {
    let form = body.read()?;
    let number = number_key(form.grievance_number.as_deref().unwrap_or_default());
    let mobile = form.mobile.as_deref().and_then(domain::citizen::sms_number);
    let (Some(mobile), false) = (mobile, number.is_empty() || number.len() > 40) else {
        return Err(Error::Validation {
            message: Msg::StatusLookupInvalid,
            fields: [("grievanceNumber".to_string(), Msg::StatusLookupInvalid), ("mobile".to_string(), Msg::MobileInvalid)].into_iter().collect(),
        }
        .into());
    };
    let now = domain::clock::now().unix_timestamp();
    take(&state, format!("rate#status#client#{}", client.0.ip), PER_CLIENT_PER_MINUTE, now).await?;
    take(&state, format!("rate#status#number#{number}"), PER_CASE_PER_MINUTE, now).await?;
    take(&state, format!("rate#status#mobile#{mobile}"), PER_CASE_PER_MINUTE, now).await?;
    let query = cases::port::NumberQuery::parse(&number, cases::port::NumberMatch::Exact).map_err(|_| Error::field("grievanceNumber", Msg::StatusLookupInvalid))?;
    let found = state.grievances.find_by_number(&cases::reads::Viewer::state(0), &query, 5, None).await?;
    let case = found.items.into_iter().map(|s| s.grievance).find(|g| g.grievance_number.eq_ignore_ascii_case(&number) && cases::complainant::mobile_of(g).as_deref() == Some(mobile.as_str()));
    let code = random_digits(6);
    let challenge = Challenge { id: random_digits(16), grievance: case.as_ref().map_or(0, |g| g.id), code: code.clone(), ends: now + CODE_SECONDS };
    // Without an SMS gateway there is no code to send (and none is queued).
    if let (Some(g), true) = (&case, state.citizens.sms.is_some()) {
        let settings = state.lists.citizen_settings().await?;
        let sms = citizen::code_message(g, &code, &settings);
        let id = format!("code-{}", challenge.id);
        let at = domain::clock::now_text();
        let key = state.notices.queue(&at, &id, &sms).await?;
        send_now(&state, key, &sms).await;
    }
    let sealed = state.tokens.seal_cursor(0, CHALLENGE, &serde_json::to_string(&challenge).map_err(Error::internal)?);
    Ok((http::StatusCode::ACCEPTED, ApiJson(CodeSent { message: CODE_SENT.into(), challenge: sealed, expires_in: CODE_SECONDS })))
}

/// Sends a code at once when there is a sender, rather than at the notifier's next run: the
/// citizen is waiting. A failure leaves it in the outbox, where the run retries it.
async fn send_now(state: &AppState, key: String, sms: &cases::notices::Mail) {
    let (Some(sender), Some(details)) = (state.citizens.sms.as_deref(), sms.sms.as_ref()) else { return };
    let message = mail::sms::Sms { to: &sms.to, text: &sms.body, dlt_template_id: &details.dlt_template_id };
    match sender.send(&message).await {
        Ok(_) => {
            let queued = cases::notices::QueuedMail { key, mail: sms.clone(), attempts: 0, last_error: None };
            if let Err(e) = state.notices.mail_sent(&queued).await {
                // Sent: at worst the notifier sends the same code again.
                tracing::warn!(error = %e, "a status code was sent but is still in the outbox");
            }
        }
        Err(error) => tracing::warn!(error = %error, "a status code could not be sent at once; the notifier retries it"),
    }
}

/// The code, with the challenge it was sent for.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct CodeForm {
    #[serde(default)]
    pub challenge: Option<String>,
    #[serde(default)]
    pub code: Option<String>,
}

/// The case as the citizen may see it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitizenView {
    pub grievance_number: String,
    pub status: String,
    /// The status's Hindi name, when the Admin Panel's list gives one.
    pub status_hi: Option<String>,
    /// Sensitive cases (BNS s.72) show their status alone.
    pub sensitive: bool,
    pub police_station: Option<String>,
    /// The stage (with the investigating officer, in court, ...) and the day it began.
    pub stage: Option<String>,
    pub stage_since: Option<String>,
    pub last_progress: Option<ProgressSeen>,
    pub next_due: Option<NextDue>,
    /// Whether the disposal may be rated now (the case is disposed of and not yet rated).
    pub feedback_open: bool,
    /// The days after a disposal in which "not satisfied" opens an appeal.
    pub reopen_window_days: u32,
    /// What the page gives feedback with, for 30 minutes.
    pub access: String,
}

#[derive(Serialize, ToSchema)]
pub struct ProgressSeen {
    pub text: String,
    pub at: String,
}

/// The next duty of the police on the case, in plain words.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextDue {
    pub date: String,
    pub duty: String,
    pub duty_hi: String,
    pub source: String,
}

fn wrong_code() -> Error {
    Error::field("code", Msg::StatusCodeWrong)
}

/// Shows the case for a right code: at most 3 tries per code, within its 5 minutes.
#[utoipa::path(post, path = "/api/public/status", tag = "citizens", request_body = CodeForm,
    responses((status = 200, body = CitizenView), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn show_status(State(state): State<AppState>, client: ClientInfo, body: http_glue::json::Deferred<CodeForm>) -> ApiResult<ApiJson<CitizenView>> {
    let form = body.read()?;
    let code = form.code.as_deref().map(str::trim).unwrap_or_default().to_string();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::field("code", Msg::StatusCodeInvalid).into());
    }
    let now = domain::clock::now().unix_timestamp();
    take(&state, format!("rate#status#client#{}", client.0.ip), PER_CLIENT_PER_MINUTE, now).await?;
    let challenge: Challenge = form
        .challenge
        .as_deref()
        .and_then(|sealed| state.tokens.open_cursor(0, CHALLENGE, sealed))
        .and_then(|text| serde_json::from_str(&text).ok())
        .ok_or_else(wrong_code)?;
    let tries = format!("rate#status#code#{}", challenge.id);
    if !auth::rate::take(state.accounts.as_ref(), &tries, CODE_TRIES, CODE_SECONDS, now).await? {
        return Err(Error::TooManyAttempts(Msg::StatusCodeAttemptsUsed).into());
    }
    if challenge.grievance == 0 || now > challenge.ends || !constant_eq(&challenge.code, &code) {
        return Err(wrong_code().into());
    }
    // One view per code.
    auth::rate::use_up(state.accounts.as_ref(), &tries, CODE_TRIES, CODE_SECONDS, now).await?;
    let stored = state.grievances.get(challenge.grievance).await?.ok_or_else(wrong_code)?;
    let g = stored.grievance;
    let entry = AuditEntry {
        action: AuditAction::CitizenViewed,
        field_name: None,
        old_value: None,
        new_value: Some(g.grievance_number.clone()),
        notes: Some("Seen on the public status page after a one-time code sent to the complainant's mobile".into()),
        action_details: Some(serde_json::json!({"summary": format!("The complainant viewed grievance {} on the status page", g.grievance_number)})),
    };
    let citizen_actor = cases::Actor { ip: client.0.ip.clone(), user_agent: client.0.user_agent.clone(), ..citizen::system_actor("Complainant") };
    state.grievances.record_case_file_change(&g, CaseFileChange::RecordOnly, &citizen_actor, entry).await?;
    let access = state.tokens.seal_cursor(0, ACCESS, &format!("{}|{}", g.id, now + ACCESS_SECONDS));
    let reopen_window_days = state.lists.citizen_settings().await?.reopen_window_days;
    let status_hi = match g.status_id {
        Some(id) => state.lists.get(domain::lists::ListKind::Statuses, id).await?.and_then(|item| item.name_hi),
        None => None,
    };
    let feedback_open = g.status_meaning.is_final() && g.resolved_at.as_ref().is_some_and(|at| !g.fields.feedback.iter().any(|f| &f.disposed_at == at));
    let view = Clock::now(state.lists.as_ref()).await?.view(g);
    if view.sensitive {
        let g = view.grievance;
        return Ok(ApiJson(CitizenView {
            grievance_number: g.grievance_number,
            status: g.fields.status,
            status_hi,
            sensitive: true,
            police_station: None,
            stage: None,
            stage_since: None,
            last_progress: None,
            next_due: None,
            feedback_open,
            reopen_window_days,
            access,
        }));
    }
    let next_due = view
        .clocks
        .iter()
        .filter(|c| c.run.state == domain::law::ClockState::Due)
        .min_by(|a, b| a.run.due_on.as_str().cmp(b.run.due_on.as_str()))
        .map(|c| NextDue { date: c.run.due_on.as_str().to_string(), duty: c.name.clone(), duty_hi: c.name_hi.clone(), source: c.source.clone() });
    let g = view.grievance;
    Ok(ApiJson(CitizenView {
        grievance_number: g.grievance_number,
        status: g.fields.status,
        status_hi,
        sensitive: false,
        police_station: Some(g.fields.police_station).filter(|s| !s.is_empty()),
        stage: Some(view.pendency.stage_label),
        stage_since: Some(view.pendency.since),
        last_progress: g.fields.progress_updates.last().map(|p| ProgressSeen { text: p.text.clone(), at: p.at.clone() }),
        next_due,
        feedback_open,
        reopen_window_days,
        access,
    }))
}

/// What the page tells a citizen of the rules it follows, before any code.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicSettings {
    /// The days after a disposal in which "not satisfied" opens an appeal.
    pub reopen_window_days: u32,
}

/// The reopen window, for a page opened from a closure message's link: what "not satisfied"
/// does is said before it is chosen.
#[utoipa::path(get, path = "/api/public/citizen-settings", tag = "citizens",
    responses((status = 200, body = PublicSettings)))]
async fn public_settings(State(state): State<AppState>) -> ApiResult<ApiJson<PublicSettings>> {
    Ok(ApiJson(PublicSettings { reopen_window_days: state.lists.citizen_settings().await?.reopen_window_days }))
}

/// Compares a code without telling by its time how much of it was right.
fn constant_eq(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A rating of the disposal, from the closure message's link (`token`) or from the status
/// page (`access`).
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackForm {
    #[serde(default)]
    pub token: Option<String>,
    #[serde(default)]
    pub access: Option<String>,
    #[serde(default)]
    pub rating: Option<String>,
    #[serde(default)]
    pub comment: Option<String>,
}

/// Records the citizen's rating of the case's disposal. "Not satisfied" within the reopen
/// window (7 days until an Admin changes it) opens an appeal for the district (the range when
/// the district decided one before); later, the rating is recorded without one.
#[utoipa::path(post, path = "/api/public/feedback", tag = "citizens", request_body = FeedbackForm,
    responses((status = 200, body = SuccessMessage), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn give_feedback(State(state): State<AppState>, client: ClientInfo, body: http_glue::json::Deferred<FeedbackForm>) -> ApiResult<ApiJson<SuccessMessage>> {
    let form = body.read()?;
    let rating = match form.rating.as_deref().map(str::trim) {
        Some(text) => Rating::ALL.into_iter().find(|r| r.as_str() == text).ok_or_else(|| Error::field("rating", Msg::RatingInvalid))?,
        None => return Err(Error::field("rating", Msg::RatingInvalid).into()),
    };
    let now = domain::clock::now().unix_timestamp();
    take(&state, format!("rate#status#client#{}", client.0.ip), PER_CLIENT_PER_MINUTE, now).await?;
    let (id, disposal, via) = if let Some(token) = form.token.as_deref() {
        let (id, disposal) = open_feedback_token(&state, token).ok_or(Error::BadRequest(Msg::FeedbackLinkInvalid))?;
        (id, Some(disposal), FeedbackVia::Link)
    } else {
        let opened = form.access.as_deref().and_then(|a| state.tokens.open_cursor(0, ACCESS, a));
        let (id, ends) = opened.as_deref().and_then(|t| t.split_once('|')).and_then(|(id, ends)| Some((id.parse::<i64>().ok()?, ends.parse::<i64>().ok()?))).ok_or(Error::BadRequest(Msg::CitizenAccessExpired))?;
        if now > ends {
            return Err(Error::BadRequest(Msg::CitizenAccessExpired).into());
        }
        (id, None, FeedbackVia::StatusPage)
    };
    take(&state, format!("rate#status#feedback#{id}"), PER_CASE_PER_MINUTE, now).await?;
    let settings = state.lists.citizen_settings().await?;
    let comment = form.comment.unwrap_or_default();
    match citizen::record_feedback(state.cases(), id, rating, &comment, via, &settings, disposal.as_deref(), domain::clock::now()).await {
        Ok(_) => Ok(ApiJson(SuccessMessage::new("Thank you. Your feedback is recorded."))),
        // A link to a deleted case says no more than a used one.
        Err(Error::NotFound(_)) => Err(Error::BadRequest(Msg::FeedbackLinkInvalid).into()),
        Err(e) => Err(e.into()),
    }
}
