//! `/api/auth/login/two-factor` and `/api/auth/two-factor/*`: the second step of a sign-in,
//! and a user's own set-up of their authenticator app. Every set-up, turning off and refused
//! attempt lands in the audit trail; refused attempts (a wrong or replayed code, or a wrong
//! password when turning it off) count toward the sign-in lockout.

use domain::Msg;
use crate::LoginResponse;
use auth::two_factor::{self as tf, Checked, TwoFactor};
use auth::users::{self, UserRecord};
use auth::{lockout, sessions, RequestContext};
use axum::extract::State;
use cases::writes::AuditEntry;
use cases::Actor;
use domain::audit::AuditAction;
use domain::{Error, Result};
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, ErrorBody};
use serde::{Deserialize, Serialize};
use auth::Accounts;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(login_with_code))
        .routes(routes!(setup))
        .routes(routes!(enable))
        .routes(routes!(disable))
}

fn unix_now() -> u64 {
    domain::clock::now().unix_timestamp().max(0) as u64
}

/// The audit trail's record of something done to a user's second factor.
pub async fn record(trail: &dyn cases::AuditTrail, actor: Actor, action: AuditAction, subject: &UserRecord, notes: String) -> Result<()> {
    let entry = AuditEntry {
        action,
        field_name: Some("two_factor".into()),
        old_value: None,
        new_value: Some(subject.email.clone()),
        notes: Some(notes),
        action_details: None,
    };
    trail.record_event(&actor, entry).await
}

/// The user as the actor of their own sign-in or set-up.
async fn actor_of(accounts: &dyn Accounts, user: &UserRecord, ctx: &RequestContext, session_id: &str) -> Result<Actor> {
    let role = auth::roles::get(accounts, user.role_id).await?.map(|r| r.name).unwrap_or_default();
    Ok(Actor {
        user_id: user.id,
        name: user.name.clone(),
        email: user.email.clone(),
        role,
        ip: ctx.ip.clone(),
        user_agent: ctx.user_agent.clone(),
        session_id: session_id.to_string(),
        ..Actor::default()
    })
}

/// A wrong or replayed code: counted toward the lockout and audited, then refused.
async fn refuse(state: &AppState, user: &UserRecord, attempt: Option<&lockout::Attempt>, ctx: &RequestContext, message: Msg) -> Result<Error> {
    let accounts = state.accounts.as_ref();
    match attempt {
        Some(attempt) => lockout::failed(accounts, attempt, domain::clock::now()).await?,
        None => lockout::record_failure(accounts, &user.email, domain::clock::now()).await?,
    };
    let why = if message == Msg::TwoFactorCodeReused { "a code already used" } else { "a wrong code" };
    record(state.trail.as_ref(), actor_of(accounts, user, ctx, "").await?, AuditAction::TwoFactorFailed, user, format!("Sign-in refused: {why}")).await?;
    Ok(Error::Unauthorized(message))
}

#[derive(Deserialize, ToSchema)]
pub struct TwoFactorLoginRequest {
    /// From the password step's answer.
    #[serde(default)]
    pub challenge: String,
    /// The six digits of the authenticator app, or a recovery code (`xxxx-xxxx`).
    #[serde(default)]
    pub code: String,
}

/// Finishes a sign-in with the code of the user's authenticator app or a recovery code.
/// A code is accepted once; a recovery code is used up.
#[utoipa::path(post, path = "/api/auth/login/two-factor", tag = "auth", request_body = TwoFactorLoginRequest,
    responses((status = 200, body = LoginResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn login_with_code(State(state): State<AppState>, ClientInfo(ctx): ClientInfo, ApiJson(body): ApiJson<TwoFactorLoginRequest>) -> ApiResult<ApiJson<LoginResponse>> {
    let accounts = state.accounts.as_ref();
    // A blank code is a form to fill in, not a failed attempt.
    if body.code.trim().is_empty() {
        return Err(Error::field("code", Msg::TwoFactorCodeRequired).into());
    }
    let user_id = tf::challenged_user(&state.tokens, &body.challenge)?;
    let expired = || Error::Unauthorized(Msg::TwoFactorChallengeExpired.into());
    let user = users::get(accounts, user_id).await?.filter(UserRecord::is_active).ok_or_else(expired)?;
    // One slot per code judged, taken before judging: parallel guesses on one challenge
    // are bounded like passwords (see `auth::lockout`).
    let attempt = lockout::begin(accounts, &user.email, domain::clock::now()).await?;
    match tf::check(&user.two_factor, &body.code, unix_now())? {
        Checked::Accepted(next) => {
            lockout::succeeded(accounts, &attempt, domain::clock::now(), true).await?;
            if let Err(e) = tf::save(accounts, &user, &next).await {
                // Another sign-in used the same code at the same moment.
                return Err(refuse(&state, &user, None, &ctx, Msg::TwoFactorCodeReused).await.unwrap_or(e).into());
            }
            let user = users::get(accounts, user.id).await?.ok_or_else(expired)?;
            Ok(ApiJson(LoginResponse::signed_in(sessions::start_session(accounts, &state.tokens, &user, &ctx).await?)))
        }
        Checked::Reused => Err(refuse(&state, &user, Some(&attempt), &ctx, Msg::TwoFactorCodeReused).await?.into()),
        Checked::Invalid => Err(refuse(&state, &user, Some(&attempt), &ctx, Msg::TwoFactorCodeInvalid).await?.into()),
    }
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct TwoFactorSetup {
    /// Base32, for typing into an app by hand.
    pub secret: String,
    /// `otpauth://totp/...`, for a QR code.
    pub otpauth_url: String,
}

async fn caller_record(accounts: &dyn Accounts, caller: &Caller) -> Result<UserRecord> {
    users::get(accounts, caller.user().id).await?.ok_or_else(|| Error::Unauthorized(Msg::SessionEnded))
}

/// Starts setting up an authenticator app: a new key, which takes effect once a code from it
/// is confirmed.
#[utoipa::path(post, path = "/api/auth/two-factor/setup", tag = "auth", security(("bearer" = [])), request_body(content = Option<http_glue::openapi::NoFields>, description = "None: a body, if sent, is not read"),
    responses((status = 200, body = TwoFactorSetup), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn setup(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<TwoFactorSetup>> {
    let accounts = state.accounts.as_ref();
    let user = caller_record(accounts, &caller).await?;
    if user.two_factor.enabled {
        return Err(Error::Conflict(Msg::TwoFactorAlreadyOn).into());
    }
    let (secret, otpauth_url) = tf::new_key(&user.email)?;
    tf::save(accounts, &user, &TwoFactor { pending_secret: Some(secret.clone()), ..user.two_factor.clone() }).await?;
    Ok(ApiJson(TwoFactorSetup { secret, otpauth_url }))
}

#[derive(Deserialize, ToSchema)]
pub struct TwoFactorCodeRequest {
    #[serde(default)]
    pub code: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct RecoveryCodes {
    /// Each signs in once in place of an app code. Shown only now.
    pub recovery_codes: Vec<String>,
}

/// Turns the second factor on with the first code of the new key; answers ten recovery codes.
#[utoipa::path(post, path = "/api/auth/two-factor/enable", tag = "auth", security(("bearer" = [])), request_body = TwoFactorCodeRequest,
    responses((status = 200, body = RecoveryCodes), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn enable(State(state): State<AppState>, caller: Caller, ClientInfo(ctx): ClientInfo, ApiJson(body): ApiJson<TwoFactorCodeRequest>) -> ApiResult<ApiJson<RecoveryCodes>> {
    let accounts = state.accounts.as_ref();
    let user = caller_record(accounts, &caller).await?;
    if user.two_factor.enabled {
        return Err(Error::Conflict(Msg::TwoFactorAlreadyOn).into());
    }
    let secret = user.two_factor.pending_secret.clone().ok_or_else(|| Error::Conflict(Msg::TwoFactorNotStarted))?;
    let Some(step) = tf::step_of(&secret, &body.code, unix_now())? else {
        return Err(Error::field("code", Msg::TwoFactorCodeInvalid).into());
    };
    let (codes, hashes) = tf::new_recovery_codes();
    let on = TwoFactor { enabled: true, secret: Some(secret), pending_secret: None, last_step: step, recovery_codes: hashes };
    tf::save(accounts, &user, &on).await?;
    let actor = actor_of(accounts, &user, &ctx, caller.session_id()).await?;
    record(state.trail.as_ref(), actor, AuditAction::TwoFactorEnabled, &user, "Two-factor authentication turned on".into()).await?;
    Ok(ApiJson(RecoveryCodes { recovery_codes: codes }))
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct TwoFactorMessage {
    pub message: String,
}

#[derive(Deserialize, ToSchema)]
pub struct TwoFactorDisableRequest {
    /// The caller's current password.
    #[serde(default)]
    pub password: String,
    /// A current code of the authenticator app, or a recovery code.
    #[serde(default)]
    pub code: String,
}

/// Turns the second factor off, with the current password and a current code, unless the role
/// requires it. A wrong password or code counts toward the sign-in lockout and is audited
/// (TWO_FACTOR_FAILED); once the email is locked, even the right ones are refused (429).
#[utoipa::path(post, path = "/api/auth/two-factor/disable", tag = "auth", security(("bearer" = [])), request_body = TwoFactorDisableRequest,
    responses((status = 200, body = TwoFactorMessage), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn disable(State(state): State<AppState>, caller: Caller, ClientInfo(ctx): ClientInfo, ApiJson(body): ApiJson<TwoFactorDisableRequest>) -> ApiResult<ApiJson<TwoFactorMessage>> {
    let accounts = state.accounts.as_ref();
    if caller.user().two_factor_required {
        return Err(Error::Forbidden(Msg::TwoFactorRequiredByRole).into());
    }
    let user = caller_record(accounts, &caller).await?;
    if !user.two_factor.enabled {
        return Err(Error::Conflict(Msg::TwoFactorNotOn).into());
    }
    // Blank fields are a form to fill in, not a failed attempt.
    let mut fields = domain::FieldErrors::default();
    if body.password.is_empty() {
        fields.add("password", Msg::CurrentPasswordRequired);
    }
    if body.code.trim().is_empty() {
        fields.add("code", Msg::TwoFactorCodeRequired);
    }
    fields.finish()?;
    // A session left open (or stolen) must prove both factors to drop one, and must not become
    // a way to guess either: each attempt takes a slot of the sign-in lockout before anything
    // is judged (see `auth::lockout`), and a wrong answer is a failure like a wrong sign-in.
    let attempt = lockout::begin(accounts, &user.email, domain::clock::now()).await?;
    let wrong = if !auth::passwords::verify(&body.password, Some(&user.password_hash)).await {
        Some(("password", Msg::CurrentPasswordIncorrect, "a wrong password"))
    } else {
        match tf::check(&user.two_factor, &body.code, unix_now())? {
            Checked::Accepted(_) => None,
            Checked::Reused => Some(("code", Msg::TwoFactorCodeReused, "a code already used")),
            Checked::Invalid => Some(("code", Msg::TwoFactorCodeInvalid, "a wrong code")),
        }
    };
    let actor = actor_of(accounts, &user, &ctx, caller.session_id()).await?;
    if let Some((field, message, why)) = wrong {
        lockout::failed(accounts, &attempt, domain::clock::now()).await?;
        let notes = format!("Turning off two-factor authentication refused: {why}");
        record(state.trail.as_ref(), actor, AuditAction::TwoFactorFailed, &user, notes).await?;
        return Err(Error::field(field, message).into());
    }
    // Refused (429) when the email was locked meanwhile or guesses were judged alongside.
    lockout::succeeded(accounts, &attempt, domain::clock::now(), true).await?;
    tf::save(accounts, &user, &TwoFactor::default()).await?;
    record(state.trail.as_ref(), actor, AuditAction::TwoFactorDisabled, &user, "Two-factor authentication turned off".into()).await?;
    Ok(ApiJson(TwoFactorMessage { message: "Two-factor authentication turned off".into() }))
}
