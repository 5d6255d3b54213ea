//! `/api/users`: staff accounts. Answers never carry a password hash.

pub mod imports;

use domain::UserId;
use domain::Msg;
use auth::users::{self as records, UserRecord};
use axum::extract::{Path, State};
use domain::lists::ListKind;
use domain::jurisdiction::Posting;
use domain::user::{UserForm, UserInput, UserStatus};
use domain::{Action, Error, Resource};
use auth::roles::RoleRecord;
use domain::grants;
use cases::admin_audit::{self, Subject};
use domain::audit::AuditAction;
use http_glue::json::Deferred;
use http_glue::{ApiError, ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody, SuccessMessage};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use auth::Accounts;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(list_users, create_user))
        .routes(routes!(get_user, update_user, delete_user))
        .routes(routes!(reset_password))
        .routes(routes!(reset_two_factor))
        .routes(routes!(role_options))
        .routes(routes!(sign_in_link))
        .merge(imports::routes())
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct RoleOption {
    pub id: i64,
    pub name: String,
}

/// The roles the caller may give, for the Add/Edit User dialog: those within the caller's
/// own permissions (the Admin role only for an Admin). Anyone who may open User Management
/// sees them, without needing the roles permission.
#[utoipa::path(get, path = "/api/users/role-options", tag = "users", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<RoleOption>>), (status = 403, body = ErrorBody)))]
async fn role_options(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<Envelope<Vec<RoleOption>>>> {
    caller.require(Resource::Users, Action::Read)?;
    let roles = auth::roles::list_all(state.accounts.as_ref()).await?;
    let grantor = caller.grantor();
    let options = roles.into_iter().filter(|r| grants::may_give_role(grantor, r.reach()).is_ok()).map(|r| RoleOption { id: r.id, name: r.name }).collect();
    Ok(ApiJson(Envelope::ok(options)))
}

/// The role an account holds, for the grant rules (`None` when it was deleted since).
pub(crate) async fn held_role(accounts: &dyn Accounts, user: &UserRecord) -> Result<Option<RoleRecord>, Error> {
    auth::roles::get(accounts, user.role_id).await
}

/// The account `id`, once the caller is shown to be allowed to act on it (an Admin's account
/// only by an Admin, a wider account or one posted outside the caller's posting by nobody;
/// to `reset` a credential, never one's own); a refusal is audited.
async fn account_to_act_on(state: &AppState, caller: &Caller, client: &ClientInfo, id: i64, doing: &str, reset: Option<grants::Credential>) -> Result<UserRecord, ApiError> {
    let accounts = state.accounts.as_ref();
    let user = records::get(accounts, id).await?.ok_or_else(|| Error::NotFound(Msg::UserNotFound))?;
    let held = held_role(accounts, &user).await?;
    let held = held.as_ref().map(RoleRecord::reach);
    let verdict = match reset {
        Some(credential) => grants::may_reset(caller.grantor(), id, held, credential),
        None => grants::may_act_on_account(caller.grantor(), held),
    };
    caller.check_grant(state.trail.as_ref(), client, verdict, || format!("{doing} {} ({})", user.email, user.id)).await?;
    check_postings(state, caller, client, &[&user.posting], None, || format!("{doing} {} ({}) posted at {}", user.email, user.id, user.posting)).await?;
    Ok(user)
}

/// Where a user serves, named as the lists name it: "police station Kothrud (12)".
async fn posting_text(lists: &dyn lists::AdminLists, posting: &Posting) -> Result<String, Error> {
    let (kind, id, what) = match posting {
        Posting::Station(id) => (ListKind::PoliceStations, *id, "police station"),
        Posting::District(id) => (ListKind::Districts, *id, "district"),
        other => return Ok(other.to_string()),
    };
    Ok(match lists.get(kind, id).await? {
        Some(item) => format!("{what} {} ({id})", item.name),
        None => format!("{what} {id}"),
    })
}

/// A user's audited fields: never the password hash nor anything of the second factor.
pub(crate) async fn audited(state: &AppState, user: &UserRecord) -> Result<Value, Error> {
    let role = auth::roles::get(state.accounts.as_ref(), user.role_id).await?.map(|r| r.name).unwrap_or_default();
    Ok(serde_json::json!({
        "name": user.name,
        "email": user.email,
        "phone": user.phone,
        "department": user.department,
        "designation": user.designation,
        "role": role,
        "role_id": user.role_id,
        "status": user.status.as_str(),
        "posting": posting_text(state.lists.as_ref(), &user.posting).await?,
    }))
}

pub(crate) fn subject(user: &UserRecord) -> Subject {
    Subject::new("user", Some(user.id), user.email.clone())
}

/// A user as the portal shows it.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct UserView {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub department: Option<String>,
    pub designation: Option<String>,
    pub role_id: i64,
    pub role_name: String,
    pub status: UserStatus,
    pub created_at: String,
    pub updated_at: String,
    /// Whether the user signs in with an authenticator app's code.
    pub two_factor_enabled: bool,
    /// Where the user serves.
    #[schema(value_type = domain::jurisdiction::PostingWire)]
    pub posting: Posting,
}

fn view(user: UserRecord, role_names: &HashMap<i64, String>) -> UserView {
    UserView {
        role_name: role_names.get(&user.role_id).cloned().unwrap_or_default(),
        id: user.id,
        name: user.name,
        email: user.email,
        phone: user.phone,
        department: user.department,
        designation: user.designation,
        role_id: user.role_id,
        two_factor_enabled: user.two_factor.enabled,
        status: user.status,
        created_at: user.created_at,
        updated_at: user.updated_at,
        posting: user.posting,
    }
}

async fn role_names(accounts: &dyn Accounts) -> Result<HashMap<i64, String>, Error> {
    Ok(auth::roles::list_all(accounts).await?.into_iter().map(|r| (r.id, r.name)).collect())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    #[serde(default)]
    pub new_password: String,
}

/// 403 (audited) unless each of `postings` lies inside the caller's own posting: nobody posts a
/// user, or changes a user posted, outside the part of the organisation they serve in. A
/// `new` posting must also name a place the lists hold (400).
pub(crate) async fn check_postings(
    state: &AppState,
    caller: &Caller,
    client: &ClientInfo,
    postings: &[&Posting],
    new: Option<&Posting>,
    attempted: impl FnOnce() -> String,
) -> Result<(), ApiError> {
    let lists = state.lists.as_ref();
    if let Some(new) = new {
        if !lists::posting_exists(lists, new).await? {
            return Err(Error::field("posting", Msg::PostingPlaceUnknown).into());
        }
    }
    let org = lists::organisation(lists).await?;
    let verdict = grants::may_post(&org, &caller.user().posting, postings);
    caller.check_grant(state.trail.as_ref(), client, verdict, attempted).await
}

/// A department or designation must name an active item of its list, unless the user
/// already had it (an item deactivated later does not block other edits).
pub(crate) async fn check_list_fields(lists: &dyn lists::AdminLists, input: &UserInput, before: Option<&UserRecord>) -> Result<(), Error> {
    let mut errors = domain::FieldErrors::default();
    for (field, kind, value, previous) in [
        ("department", ListKind::Departments, &input.department, before.and_then(|u| u.department.as_ref())),
        ("designation", ListKind::Designations, &input.designation, before.and_then(|u| u.designation.as_ref())),
    ] {
        if previous == Some(value) {
            continue;
        }
        match lists.find_by_name(kind, value).await? {
            Some(item) if item.is_active => {}
            _ => errors.add(field, Msg::ListItemInactive { value: value.to_string(), item: field.to_string() }),
        }
    }
    errors.finish()
}

/// Every user.
#[utoipa::path(get, path = "/api/users", tag = "users", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<UserView>>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn list_users(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<Envelope<Vec<UserView>>>> {
    caller.require(Resource::Users, Action::Read)?;
    let accounts = state.accounts.as_ref();
    let names = role_names(accounts).await?;
    let users = records::list_all(accounts).await?.into_iter().map(|u| view(u, &names)).collect();
    Ok(ApiJson(Envelope::ok(users)))
}

async fn one(accounts: &dyn Accounts, id: i64) -> Result<UserView, Error> {
    let user = records::get(accounts, id).await?.ok_or_else(|| Error::NotFound(Msg::UserNotFound))?;
    let role = auth::roles::get(accounts, user.role_id).await?;
    let names = role.into_iter().map(|r| (r.id, r.name)).collect();
    Ok(view(user, &names))
}

/// One user.
#[utoipa::path(get, path = "/api/users/{id}", tag = "users", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<UserView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_user(State(state): State<AppState>, caller: Caller, Path(id): Path<UserId>) -> ApiResult<ApiJson<Envelope<UserView>>> {
    caller.require(Resource::Users, Action::Read)?;
    Ok(ApiJson(Envelope::ok(one(state.accounts.as_ref(), id.get()).await?)))
}

/// Adds a user. Emails are unique whatever their capitals (409).
#[utoipa::path(post, path = "/api/users", tag = "users", security(("bearer" = [])), request_body = UserForm,
    responses((status = 201, body = Envelope<UserView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_user(State(state): State<AppState>, caller: Caller, client: ClientInfo, body: Deferred<UserForm>) -> ApiResult<(http::StatusCode, ApiJson<Envelope<UserView>>)> {
    caller.require(Resource::Users, Action::Create)?;
    let accounts = state.accounts.as_ref();
    let input = UserInput::parse(body.read()?, true)?;
    check_list_fields(state.lists.as_ref(), &input, None).await?;
    let role = auth::roles::get(accounts, input.role_id.get()).await?.ok_or_else(|| Error::field("role_id", Msg::RoleUnknown))?;
    let verdict = grants::may_give_role(caller.grantor(), role.reach());
    caller.check_grant(state.trail.as_ref(), &client, verdict, || format!("Create user {} with role {}", input.email, role.name)).await?;
    let posting = input.posting.clone().unwrap_or_default();
    check_postings(&state, &caller, &client, &[&posting], Some(&posting), || format!("Create user {} posted at {posting}", input.email)).await?;
    let password = input.password.as_ref().expect("parsed for create");
    let user = records::create_by(
        accounts,
        records::NewUser {
            name: input.name.clone(),
            email: input.email.clone(),
            password_hash: auth::passwords::hash(password.expose()).await?,
            phone: input.phone.clone(),
            department: Some(input.department.clone()),
            designation: Some(input.designation.clone()),
            role_id: input.role_id.get(),
            status: input.status,
            posting,
        },
        caller.user().id,
    )
    .await?;
    let entry = admin_audit::entry(AuditAction::UserCreated, &subject(&user), None, Some(audited(&state, &user).await?));
    caller.audit_change(state.trail.as_ref(), &client, entry).await?;
    Ok((http::StatusCode::CREATED, ApiJson(Envelope::ok(one(accounts, user.id).await?))))
}

/// Changes a user. A role change or deactivation applies to their very next request.
#[utoipa::path(put, path = "/api/users/{id}", tag = "users", security(("bearer" = [])), params(("id" = i64, Path)), request_body = UserForm,
    responses((status = 200, body = Envelope<UserView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_user(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<UserId>, body: Deferred<UserForm>) -> ApiResult<ApiJson<Envelope<UserView>>> {
    caller.require(Resource::Users, Action::Update)?;
    let accounts = state.accounts.as_ref();
    let input = UserInput::parse(body.read()?, false)?;
    let before = records::get(accounts, id.get()).await?.ok_or_else(|| Error::NotFound(Msg::UserNotFound))?;
    let held = held_role(accounts, &before).await?;
    let next = auth::roles::get(accounts, input.role_id.get()).await?.ok_or_else(|| Error::field("role_id", Msg::RoleUnknown))?;
    let verdict = grants::may_edit_account(caller.grantor(), id.get(), held.as_ref().map(RoleRecord::reach), next.reach());
    caller.check_grant(state.trail.as_ref(), &client, verdict, || format!("Change user {} ({}) with role {}", before.email, id, next.name)).await?;
    let postings: Vec<&Posting> = std::iter::once(&before.posting).chain(input.posting.as_ref()).collect();
    check_postings(&state, &caller, &client, &postings, input.posting.as_ref(), || format!("Change user {} ({}) posted at {}", before.email, id, before.posting)).await?;
    check_list_fields(state.lists.as_ref(), &input, Some(&before)).await?;
    let after = records::update(accounts, caller.user().id, id.get(), &before, input).await?;
    let entry = admin_audit::entry(AuditAction::UserUpdated, &subject(&after), Some(audited(&state, &before).await?), Some(audited(&state, &after).await?));
    caller.audit_change(state.trail.as_ref(), &client, entry).await?;
    Ok(ApiJson(Envelope::ok(one(accounts, id.get()).await?)))
}

/// Deletes a user; their sessions end. Nobody deletes their own account.
#[utoipa::path(delete, path = "/api/users/{id}", tag = "users", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = SuccessMessage), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn delete_user(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<UserId>) -> ApiResult<ApiJson<SuccessMessage>> {
    caller.require(Resource::Users, Action::Delete)?;
    let accounts = state.accounts.as_ref();
    if id.get() == caller.user().id {
        return Err(Error::Conflict(Msg::CannotDeleteSelf).into());
    }
    let user = account_to_act_on(&state, &caller, &client, id.get(), "Delete user", None).await?;
    let fields = audited(&state, &user).await?;
    records::delete(accounts, caller.user().id, id.get(), &user).await?;
    caller.audit_change(state.trail.as_ref(), &client, admin_audit::entry(AuditAction::UserDeleted, &subject(&user), Some(fields), None)).await?;
    Ok(ApiJson(SuccessMessage::new("User deleted successfully")))
}

/// Sets a new password for another user; all their sessions end. One's own password is
/// changed with Change Password, which asks for the current one (403 here).
#[utoipa::path(put, path = "/api/users/{id}/reset-password", tag = "users", security(("bearer" = [])), params(("id" = i64, Path)),
    request_body = ResetPasswordRequest,
    responses((status = 200, body = SuccessMessage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn reset_password(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<UserId>, body: Deferred<ResetPasswordRequest>) -> ApiResult<ApiJson<SuccessMessage>> {
    caller.require(Resource::Users, Action::Update)?;
    let body = body.read()?;
    let password = domain::password::NewPassword::for_reset(&body.new_password).map_err(|m| Error::field("newPassword", m))?;
    let accounts = state.accounts.as_ref();
    let user = account_to_act_on(&state, &caller, &client, id.get(), "Reset the password of", Some(grants::Credential::Password)).await?;
    records::reset_password(accounts, &user, &password, caller.user().id).await?;
    let entry = admin_audit::always(
        AuditAction::PasswordReset,
        &subject(&user),
        format!("Password of {} ({}) reset by an administrator; their sessions ended", user.email, user.id),
        serde_json::json!({"password": "previous password"}),
        serde_json::json!({"password": "new password set by an administrator", "sessions": "ended"}),
    );
    caller.audit_change(state.trail.as_ref(), &client, Some(entry)).await?;
    Ok(ApiJson(SuccessMessage::new("Password reset successfully")))
}

/// Clears another user's second factor (a lost phone): they set one up again at their next
/// sign-in if their role requires it. Their sessions end; a TWO_FACTOR_RESET record names
/// them. One's own is changed from Profile, which asks for proof (403 here).
#[utoipa::path(post, path = "/api/users/{id}/reset-two-factor", tag = "users", security(("bearer" = [])), request_body(content = Option<http_glue::openapi::NoFields>, description = "None: a body, if sent, is not read"), params(("id" = i64, Path)),
    responses((status = 200, body = SuccessMessage), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn reset_two_factor(State(state): State<AppState>, caller: Caller, client: http_glue::ClientInfo, Path(id): Path<UserId>) -> ApiResult<ApiJson<SuccessMessage>> {
    caller.require(Resource::Users, Action::Update)?;
    let accounts = state.accounts.as_ref();
    let user = account_to_act_on(&state, &caller, &client, id.get(), "Reset the two-factor authentication of", Some(grants::Credential::SecondFactor)).await?;
    auth::two_factor::reset(accounts, &user, caller.user().id).await?;
    auth::sessions::end_sessions(accounts, user.id, None).await?;
    let entry = admin_audit::always(
        AuditAction::TwoFactorReset,
        &subject(&user),
        format!("Two-factor authentication of {} ({}) reset", user.name, user.email),
        serde_json::json!({"two_factor_enabled": user.two_factor.enabled}),
        serde_json::json!({"two_factor_enabled": false, "sessions": "ended"}),
    );
    caller.audit_change(state.trail.as_ref(), &client, Some(entry)).await?;
    Ok(ApiJson(SuccessMessage::new("Two-factor authentication reset")))
}

/// A sign-in link made for another user.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct SignInLinkView {
    /// Opens the page that sets the user's password: usable once, for seven days. Shown
    /// once: give it to the user by hand or by a message only they read.
    pub link: String,
}

/// Makes a one-time sign-in link for another user (one an import made, whose link was lost
/// or ran out): who opens it sets their password. As strong as a password reset, and
/// allowed as one is; recorded as PASSWORD_RESET.
#[utoipa::path(post, path = "/api/users/{id}/sign-in-link", tag = "users", security(("bearer" = [])), request_body(content = Option<http_glue::openapi::NoFields>, description = "None: a body, if sent, is not read"), params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<SignInLinkView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn sign_in_link(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<UserId>) -> ApiResult<ApiJson<Envelope<SignInLinkView>>> {
    caller.require(Resource::Users, Action::Update)?;
    let user = account_to_act_on(&state, &caller, &client, id.get(), "Make a sign-in link for", Some(grants::Credential::Password)).await?;
    let token = auth::sign_in_links::issue(&state.tokens, &user, domain::clock::now().unix_timestamp());
    let entry = admin_audit::always(
        AuditAction::PasswordReset,
        &subject(&user),
        format!("One-time sign-in link made for {} ({}) by an administrator", user.email, user.id),
        serde_json::json!({}),
        serde_json::json!({"sign_in_link": "made, usable once within 7 days"}),
    );
    caller.audit_change(state.trail.as_ref(), &client, Some(entry)).await?;
    Ok(ApiJson(Envelope::ok(SignInLinkView { link: auth::sign_in_links::link(&state.citizens.public_url, &token) })))
}
