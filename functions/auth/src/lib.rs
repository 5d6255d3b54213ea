//! `/api/auth`: sign-in (with a second factor where set up), sign-out, session checks,
//! password changes and the second factor's set-up.

pub mod two_factor;

use auth::sessions;
use axum::extract::State;
use domain::user::SessionUser;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, ErrorBody};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(login))
        .routes(routes!(logout))
        .routes(routes!(verify))
        .routes(routes!(me))
        .routes(routes!(session))
        .routes(routes!(change_password))
        .routes(routes!(set_password))
        .routes(routes!(health))
        .merge(two_factor::routes())
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct HealthResponse {
    pub status: String,
}

/// Whether the portal can reach its store. Needs no sign-in.
#[utoipa::path(get, path = "/api/health", tag = "auth",
    responses((status = 200, body = HealthResponse), (status = 503, body = ErrorBody)))]
async fn health(State(state): State<AppState>) -> ApiResult<ApiJson<HealthResponse>> {
    state.store.ping().await?;
    Ok(ApiJson(HealthResponse { status: "ok".into() }))
}

#[derive(Deserialize, ToSchema)]
pub struct LoginRequest {
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub password: String,
}

/// A sign-in's answer: the session (`token` and `user`), or, for a user with a second
/// factor, `two_factor_required` and the `challenge` to send with the code to
/// /api/auth/login/two-factor.
#[derive(Serialize, Deserialize, ToSchema, Default)]
pub struct LoginResponse {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<SessionUser>,
    /// The code of the user's authenticator app is needed to finish signing in.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub two_factor_required: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub challenge: Option<String>,
    /// Signed in, but the role requires a second factor the user has not set up: every call
    /// but the set-up's is refused until it is.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub two_factor_setup_required: bool,
}

impl LoginResponse {
    pub fn signed_in(signed_in: sessions::SignedIn) -> Self {
        let setup = signed_in.user.two_factor_required && !signed_in.user.two_factor_enabled;
        LoginResponse { token: Some(signed_in.token), user: Some(signed_in.user), two_factor_setup_required: setup, ..Default::default() }
    }
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct VerifyResponse {
    pub valid: bool,
    pub user: SessionUser,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    #[serde(default)]
    pub old_password: String,
    #[serde(default)]
    pub new_password: String,
}

/// Signs in with email and password. Five failures for one email within 15 minutes (wrong
/// passwords and wrong second-factor codes alike) lock it for 15 minutes (429).
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = LoginRequest,
    responses(
        (status = 200, body = LoginResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn login(State(state): State<AppState>, ClientInfo(ctx): ClientInfo, ApiJson(body): ApiJson<LoginRequest>) -> ApiResult<ApiJson<LoginResponse>> {
    match sessions::login(state.accounts.as_ref(), &state.tokens, &body.email, &body.password, &ctx).await? {
        sessions::LoginOutcome::SignedIn(signed_in) => Ok(ApiJson(LoginResponse::signed_in(signed_in))),
        sessions::LoginOutcome::CodeNeeded { challenge } => {
            Ok(ApiJson(LoginResponse { two_factor_required: true, challenge: Some(challenge), ..Default::default() }))
        }
    }
}

/// Ends the caller's session on the server.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", security(("bearer" = [])), request_body(content = Option<http_glue::openapi::NoFields>, description = "None: a body, if sent, is not read"),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorBody)))]
async fn logout(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<MessageResponse>> {
    sessions::logout(state.accounts.as_ref(), caller.session_id()).await?;
    Ok(ApiJson(MessageResponse { message: "Logged out successfully".into() }))
}

/// Whether the caller's session is still good.
#[utoipa::path(get, path = "/api/auth/verify", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = VerifyResponse), (status = 401, body = ErrorBody)))]
async fn verify(caller: Caller) -> ApiJson<VerifyResponse> {
    ApiJson(VerifyResponse { valid: true, user: caller.0.user })
}

/// The signed-in user, with their role's current permissions.
#[utoipa::path(get, path = "/api/auth/me", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = SessionUser), (status = 401, body = ErrorBody)))]
async fn me(caller: Caller) -> ApiJson<SessionUser> {
    ApiJson(caller.0.user)
}

/// How long the caller's session lasts, for the web app's warning before it ends.
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionTimes {
    /// The session stays valid at least this many seconds after any answered request.
    pub idle_timeout_seconds: i64,
    /// When the session ends whatever happens (unix seconds).
    pub expires_at: i64,
}

/// The caller's session times. Like every request, asking counts as activity: it is how the
/// web app's "Stay signed in" keeps a session.
#[utoipa::path(get, path = "/api/auth/session", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = SessionTimes), (status = 401, body = ErrorBody)))]
async fn session(State(state): State<AppState>, caller: Caller) -> ApiJson<SessionTimes> {
    ApiJson(SessionTimes { idle_timeout_seconds: state.tokens.policy.guaranteed_idle_seconds(), expires_at: caller.0.session_expires_at })
}

/// Changes the caller's own password; their other sessions end.
#[utoipa::path(post, path = "/api/auth/change-password", tag = "auth", security(("bearer" = [])),
    request_body = ChangePasswordRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn change_password(State(state): State<AppState>, caller: Caller, ApiJson(body): ApiJson<ChangePasswordRequest>) -> ApiResult<ApiJson<MessageResponse>> {
    sessions::change_password(state.accounts.as_ref(), &caller.0, &body.old_password, &body.new_password).await?;
    Ok(ApiJson(MessageResponse { message: "Password changed successfully".into() }))
}

#[derive(Deserialize, ToSchema)]
pub struct SetPasswordRequest {
    /// The token of the one-time sign-in link (the part after `#token=`).
    #[serde(default)]
    pub token: String,
    #[serde(default)]
    pub new_password: String,
}

/// Sets the password of the account a one-time sign-in link was made for (a user imported
/// without one). Needs no sign-in; the link is spent by it, and ends after seven days.
#[utoipa::path(post, path = "/api/auth/set-password", tag = "auth", request_body = SetPasswordRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody)))]
async fn set_password(State(state): State<AppState>, ApiJson(body): ApiJson<SetPasswordRequest>) -> ApiResult<ApiJson<MessageResponse>> {
    let now = domain::clock::now().unix_timestamp();
    auth::sign_in_links::set_password(state.accounts.as_ref(), &state.tokens, &body.token, &body.new_password, now).await?;
    Ok(ApiJson(MessageResponse { message: "Your password is set. Sign in with your email and the new password.".into() }))
}
