//! Sign-in, sign-out and the check every request passes through.

use domain::Msg;
use crate::port::{Accounts, Outcome, RoleRecord, Session, UserRecord};
use crate::{lockout, passwords, roles, users, TokenKeys};
use domain::password::NewPassword;
use domain::user::SessionUser;
use domain::{Email, Error, FieldErrors, Result};

/// Who is calling from where: kept with sessions and audit records.
#[derive(Clone, Debug, Default)]
pub struct RequestContext {
    pub ip: String,
    pub user_agent: String,
}

/// A request's verified caller.
#[derive(Clone, Debug)]
pub struct Authenticated {
    pub user: SessionUser,
    pub session_id: String,
    /// When the session ends whatever the caller does (unix seconds).
    pub session_expires_at: i64,
    /// Who made the caller's account and who last reset its credentials: a closure decision
    /// is refused to an account its requester handled since asking.
    pub hands: domain::user::CredentialHands,
}

pub async fn session_user(accounts: &dyn Accounts, user: &UserRecord) -> Result<SessionUser> {
    let role = roles::get(accounts, user.role_id).await?;
    Ok(user_in_role(user, role.as_ref()))
}

/// The caller as the API sees them: the user and what their role (when it exists) grants.
fn user_in_role(user: &UserRecord, role: Option<&RoleRecord>) -> SessionUser {
    SessionUser {
        id: user.id,
        name: user.name.clone(),
        email: user.email.clone(),
        role_id: user.role_id,
        role_name: role.as_ref().map(|r| r.name.clone()).unwrap_or_default(),
        permissions: role.as_ref().map(|r| r.effective_permissions()).unwrap_or_default(),
        department: user.department.clone(),
        designation: user.designation.clone(),
        phone: user.phone.clone(),
        two_factor_enabled: user.two_factor.enabled,
        two_factor_required: role.as_ref().is_some_and(|r| r.requires_two_factor()),
        closing_needs_approval: role.as_ref().is_some_and(|r| r.needs_closing_approval()),
        posting: user.posting.clone(),
    }
}

pub struct SignedIn {
    pub token: String,
    pub user: SessionUser,
}

/// What a correct password leads to.
pub enum LoginOutcome {
    /// Signed in. The user may still have to set up a second factor their role requires
    /// (`user.two_factor_required && !user.two_factor_enabled`): until then every call but
    /// the set-up's is refused.
    SignedIn(SignedIn),
    /// The user signs in with a second factor: the code is asked for with this challenge.
    CodeNeeded { challenge: String },
}

pub async fn login(accounts: &dyn Accounts, tokens: &TokenKeys, email: &str, password: &str, ctx: &RequestContext) -> Result<LoginOutcome> {
    let mut fields = FieldErrors::default();
    if email.trim().is_empty() {
        fields.add("email", Msg::EmailRequired);
    }
    if password.is_empty() {
        fields.add("password", Msg::PasswordRequired);
    }
    fields.finish()?;
    let now = domain::clock::now();
    // The slot is taken before the hash is computed: see `lockout`.
    let attempt = lockout::begin(accounts, email, now).await?;
    let user = match Email::parse(email) {
        Ok(email) => users::find_by_email(accounts, &email).await?,
        Err(_) => None,
    };
    if !passwords::verify(password, user.as_ref().map(|u| u.password_hash.as_str())).await {
        lockout::failed(accounts, &attempt, domain::clock::now()).await?;
        return Err(Error::Unauthorized(Msg::InvalidCredentials));
    }
    let user = user.expect("a verified password belongs to a user");
    // With a second factor, the failures so far stay counted until the code, too, is right.
    let completes = user.is_active() && !user.two_factor.enabled;
    lockout::succeeded(accounts, &attempt, domain::clock::now(), completes).await?;
    if !user.is_active() {
        return Err(Error::Unauthorized(Msg::AccountInactive));
    }
    if user.two_factor.enabled {
        return Ok(LoginOutcome::CodeNeeded { challenge: crate::two_factor::challenge(tokens, user.id, now.unix_timestamp()) });
    }
    Ok(LoginOutcome::SignedIn(start_session(accounts, tokens, &user, ctx).await?))
}

/// Opens a session for a user who has proved who they are.
pub async fn start_session(accounts: &dyn Accounts, tokens: &TokenKeys, user: &UserRecord, ctx: &RequestContext) -> Result<SignedIn> {
    let now = domain::clock::now();
    let session_id = new_session_id();
    let issued = now.unix_timestamp();
    let expires = issued + tokens.policy.lifetime_seconds;
    let session = Session {
        id: session_id.clone(),
        user_id: user.id,
        created_at: domain::clock::to_text(now),
        expires_at: expires,
        last_seen: issued,
        removable_at: (issued + tokens.policy.idle_seconds).min(expires),
        ip: ctx.ip.clone(),
        user_agent: ctx.user_agent.clone(),
    };
    accounts.insert_session(&session).await?;
    Ok(SignedIn { token: tokens.issue(user.id, &session_id, issued, expires), user: session_user(accounts, user).await? })
}

fn new_session_id() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The caller behind a bearer token: the token must be ours and unexpired, its session must
/// still exist, within its lifetime and not idle too long, and its user must still be active.
/// Role and permissions are read afresh. A session found over is removed there and then (the
/// sweep, or DynamoDB's TTL, removes those nobody comes back with). The request is recorded
/// as the session's use unless `counts_as_use` is false (a poll the app makes on a timer,
/// which must not keep an abandoned tab signed in).
pub async fn authenticate(accounts: &dyn Accounts, tokens: &TokenKeys, token: &str, counts_as_use: bool) -> Result<Authenticated> {
    let ended = || Error::Unauthorized(Msg::SessionEnded);
    let claims = tokens.verify(token).ok_or_else(ended)?;
    let user_id: i64 = claims.sub.parse().map_err(|_| ended())?;
    let (Some(session), Some(user), role) = accounts.caller_records(&claims.sid, user_id).await? else { return Err(ended()) };
    if session.user_id != user_id {
        return Err(ended());
    }
    let now = domain::clock::now().unix_timestamp();
    let policy = tokens.policy;
    if session.expires_at <= now || session.last_seen + policy.idle_seconds <= now {
        accounts.remove_session(&session.id).await?;
        return Err(ended());
    }
    if !user.is_active() {
        return Err(ended());
    }
    if counts_as_use && now - session.last_seen >= policy.touch_seconds() {
        accounts.touch_session(&session.id, now, (now + policy.idle_seconds).min(session.expires_at)).await?;
    }
    Ok(Authenticated { user: user_in_role(&user, role.as_ref()), session_id: claims.sid, session_expires_at: session.expires_at, hands: user.hands() })
}

/// Removes the sessions that are over (lifetime or idle time), answering how many.
pub async fn sweep(accounts: &dyn Accounts) -> Result<u64> {
    accounts.remove_sessions_over(domain::clock::now().unix_timestamp()).await
}

pub async fn logout(accounts: &dyn Accounts, session_id: &str) -> Result<()> {
    accounts.remove_session(session_id).await
}

/// Ends every session of a user but `keep` (the caller's own, when they changed their own
/// password). Used on password changes, resets and deactivation.
pub async fn end_sessions(accounts: &dyn Accounts, user_id: i64, keep: Option<&str>) -> Result<usize> {
    accounts.remove_sessions(user_id, keep).await
}

pub async fn change_password(accounts: &dyn Accounts, caller: &Authenticated, current: &str, new: &str) -> Result<()> {
    let new = NewPassword::for_change(new).map_err(|m| Error::field("newPassword", m))?;
    if current.is_empty() {
        return Err(Error::field("oldPassword", Msg::CurrentPasswordRequired));
    }
    let user = users::get(accounts, caller.user.id).await?.ok_or_else(|| Error::Unauthorized(Msg::SessionEnded))?;
    // A stolen session must not become a way to guess the password: the check counts toward
    // the same lockout as signing in.
    let attempt = lockout::begin(accounts, &user.email, domain::clock::now()).await?;
    // A wrong current password is a 400, not a 401: the caller's session is still good.
    if !passwords::verify(current, Some(&user.password_hash)).await {
        lockout::failed(accounts, &attempt, domain::clock::now()).await?;
        return Err(Error::field("oldPassword", Msg::CurrentPasswordIncorrect));
    }
    lockout::succeeded(accounts, &attempt, domain::clock::now(), true).await?;
    let hash = passwords::hash(new.expose()).await?;
    if accounts.set_password(user.id, &hash, None, None).await? != Outcome::Written {
        return Err(Error::Unauthorized(Msg::SessionEnded));
    }
    end_sessions(accounts, user.id, Some(&caller.session_id)).await?;
    Ok(())
}
