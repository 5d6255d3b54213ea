//! The signed-in caller of a request, from the bearer token of the Authorization header.
//! Tokens are accepted from that header only, never from a query string, where they would
//! end up in logs and browser history.

use crate::{ApiError, AppState};
use auth::Authenticated;
use axum::extract::FromRequestParts;
use domain::{Action, Resource};
use http::request::Parts;
use http::StatusCode;

#[derive(Clone, Debug)]
pub struct Caller(pub Authenticated);

impl Caller {
    pub fn user(&self) -> &domain::user::SessionUser {
        &self.0.user
    }

    pub fn session_id(&self) -> &str {
        &self.0.session_id
    }

    pub fn can(&self, resource: Resource, action: Action) -> bool {
        self.0.user.permissions.allows(resource, action)
    }

    /// 403 unless the caller's role allows `action` on `resource`.
    pub fn require(&self, resource: Resource, action: Action) -> Result<(), ApiError> {
        if self.can(resource, action) {
            Ok(())
        } else {
            Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!("You do not have permission to {} {resource}", action.as_str().replace('_', " ")),
            ))
        }
    }
}

/// What a user whose role requires a second factor may call before setting one up: who
/// they are, signing out, and the set-up itself.
const SETUP_PATHS: [&str; 6] = [
    "/api/auth/me",
    "/api/auth/verify",
    "/api/auth/logout",
    "/api/auth/change-password",
    "/api/auth/two-factor/setup",
    "/api/auth/two-factor/enable",
];

pub fn bearer_token(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    (scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty()).then(|| token.trim())
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = bearer_token(parts).ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, auth::sessions::SIGN_IN_REQUIRED))?;
        let who = auth::sessions::authenticate(state.store.as_ref(), &state.tokens, token).await?;
        if who.user.two_factor_required && !who.user.two_factor_enabled && !SETUP_PATHS.contains(&parts.uri.path()) {
            return Err(ApiError::new(StatusCode::FORBIDDEN, auth::two_factor::SETUP_REQUIRED));
        }
        Ok(Caller(who))
    }
}
