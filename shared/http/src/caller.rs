//! The signed-in caller of a request, from the bearer token of the Authorization header.
//! Tokens are accepted from that header only, never from a query string, where they would
//! end up in logs and browser history.

use domain::Msg;
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

    /// The caller as a reader of grievances: their role's scope over their posting.
    pub async fn viewer(&self, lists: &dyn lists::AdminLists) -> domain::Result<cases::reads::Viewer> {
        let user = self.user();
        Ok(cases::reads::Viewer { user_id: user.id, reach: reach_of(lists, user.id, &user.permissions, &user.posting).await? })
    }

    /// The caller as the audit trail records them, with where the request came from.
    pub fn actor(&self, client: &crate::ClientInfo) -> cases::Actor {
        let user = self.user();
        cases::Actor {
            user_id: user.id,
            name: user.name.clone(),
            email: user.email.clone(),
            role: user.role_name.clone(),
            ip: client.0.ip.clone(),
            user_agent: client.0.user_agent.clone(),
            session_id: self.session_id().to_string(),
            needs_closure_approval: user.closing_needs_approval,
            hands: self.0.hands.clone(),
            batch: None,
        }
    }

    /// Records an administrative change the caller made (`cases::admin_audit`), with who,
    /// from where and with what browser; `None` (a change that changed nothing) records
    /// nothing.
    pub async fn audit_change(&self, trail: &dyn cases::AuditTrail, client: &crate::ClientInfo, entry: Option<cases::writes::AuditEntry>) -> Result<(), ApiError> {
        if let Some(entry) = entry {
            trail.record_event(&self.actor(client), entry).await?;
        }
        Ok(())
    }

    /// The caller as the grant rules see them: their role, read afresh for this request.
    pub fn grantor(&self) -> domain::grants::Grantor<'_> {
        let user = self.user();
        domain::grants::Grantor {
            user_id: user.id,
            role_id: user.role_id,
            is_admin: user.role_name == domain::ADMIN_ROLE,
            permissions: &user.permissions,
            closes_alone: !user.closing_needs_approval,
        }
    }

    /// Answers a grant rule's verdict: `Ok` passes; a refusal is written to the audit trail
    /// (GRANT_REFUSED, naming what was attempted) and answered with its 403. An insider
    /// probing what they may grant leaves a trace for the auditors.
    pub async fn check_grant(
        &self,
        trail: &dyn cases::AuditTrail,
        client: &crate::ClientInfo,
        verdict: Result<(), domain::grants::Refusal>,
        attempted: impl FnOnce() -> String,
    ) -> Result<(), ApiError> {
        let Err(refusal) = verdict else { return Ok(()) };
        let entry = cases::writes::AuditEntry {
            action: domain::audit::AuditAction::GrantRefused,
            field_name: None,
            old_value: None,
            new_value: None,
            notes: Some(format!("{}: {}", attempted(), refusal.message())),
            action_details: None,
        };
        trail.record_event(&self.actor(client), entry).await?;
        Err(domain::Error::from(refusal).into())
    }

    /// 403 unless the caller's role allows `action` on `resource`.
    pub fn require(&self, resource: Resource, action: Action) -> Result<(), ApiError> {
        if self.can(resource, action) {
            Ok(())
        } else {
            Err(ApiError::new(
                StatusCode::FORBIDDEN,
                Msg::PermissionDenied { action: action.as_str().replace('_', " "), resource: resource.to_string() },
            ))
        }
    }
}

/// The grievances a user reaches with `permissions` at `posting`. The organisation is read from
/// the lists only for a posting scope below the state.
async fn reach_of(
    lists: &dyn lists::AdminLists,
    user_id: i64,
    permissions: &domain::Permissions,
    posting: &domain::jurisdiction::Posting,
) -> domain::Result<domain::jurisdiction::Reach> {
    use domain::jurisdiction::{GrievanceScope, Posting, Reach};
    let scope = permissions.grievance_scope();
    let org = match (scope, posting) {
        (GrievanceScope::Posting, posting) if *posting != Posting::State => lists::organisation(lists).await?,
        _ => Default::default(),
    };
    Ok(Reach::of(user_id, scope, posting, &org))
}

/// What the web app asks on a timer rather than at the user's hand (the notification bell's
/// count): not the session's use, so a tab left open still reaches the idle timeout.
const POLL_PATHS: [&str; 1] = ["/api/notifications/unread"];

/// What a user whose role requires a second factor may call before setting one up: who
/// they are, how long their session lasts, signing out, and the set-up itself.
const SETUP_PATHS: [&str; 7] = [
    "/api/auth/me",
    "/api/auth/session",
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
        let token = bearer_token(parts).ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, Msg::SignInRequired))?;
        let polled = POLL_PATHS.contains(&parts.uri.path());
        let who = auth::sessions::authenticate(state.accounts.as_ref(), &state.tokens, token, !polled).await?;
        if who.user.two_factor_required && !who.user.two_factor_enabled && !SETUP_PATHS.contains(&parts.uri.path()) {
            return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::TwoFactorSetupRequired));
        }
        Ok(Caller(who))
    }
}
