//! `/api/roles`: roles and their permissions. The Admin role always holds every permission
//! and cannot be deleted.

use domain::RoleId;
use domain::Msg;
use auth::roles::{self as records, RoleRecord};
use axum::extract::{Path, State};
use domain::user::{RoleForm, RoleInput};
use domain::{Action, Error, Permissions, Resource};
use domain::grants;
use http_glue::admin_audit::{self, Subject};
use domain::audit::AuditAction;
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody, SuccessMessage};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(list_roles, create_role)).routes(routes!(get_role, update_role, delete_role))
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct RoleView {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub permissions: Permissions,
    /// How many users hold the role.
    pub user_count: i64,
    /// Whether its members must sign in with a second factor.
    pub require_two_factor: bool,
    /// Whether its members' moves to a resolved or closed status need another officer's
    /// approval (they become closure requests).
    pub closing_needs_approval: bool,
    pub created_at: String,
    pub updated_at: String,
}

fn view(role: RoleRecord) -> RoleView {
    RoleView {
        permissions: role.effective_permissions(),
        require_two_factor: role.requires_two_factor(),
        closing_needs_approval: role.needs_closing_approval(),
        id: role.id,
        name: role.name,
        description: role.description,
        user_count: role.user_count,
        created_at: role.created_at,
        updated_at: role.updated_at,
    }
}

/// A role's audited fields: permissions as "resource (action, ...)" per resource.
fn audited(role: &RoleRecord) -> Value {
    let permissions: Vec<String> = role
        .effective_permissions()
        .entries()
        .iter()
        .map(|e| {
            let actions: Vec<&str> = Action::ALL.iter().filter(|a| e.allows(**a)).map(|a| a.as_str()).collect();
            format!("{} ({})", e.resource.as_str(), actions.join(", "))
        })
        .collect();
    serde_json::json!({
        "name": role.name,
        "description": role.description,
        "permissions": permissions,
        "require_two_factor": role.requires_two_factor(),
        "closing_needs_approval": role.needs_closing_approval(),
    })
}

fn subject(role: &RoleRecord) -> Subject {
    Subject::new("role", Some(role.id), role.name.clone())
}

/// Every role, by name.
#[utoipa::path(get, path = "/api/roles", tag = "roles", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<RoleView>>), (status = 403, body = ErrorBody)))]
async fn list_roles(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<Envelope<Vec<RoleView>>>> {
    caller.require(Resource::Roles, Action::Read)?;
    Ok(ApiJson(Envelope::ok(records::list_all(state.accounts.as_ref()).await?.into_iter().map(view).collect())))
}

/// One role.
#[utoipa::path(get, path = "/api/roles/{id}", tag = "roles", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<RoleView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_role(State(state): State<AppState>, caller: Caller, Path(id): Path<RoleId>) -> ApiResult<ApiJson<Envelope<RoleView>>> {
    caller.require(Resource::Roles, Action::Read)?;
    let role = records::get(state.accounts.as_ref(), id.get()).await?.ok_or_else(|| Error::NotFound(Msg::RoleNotFound))?;
    Ok(ApiJson(Envelope::ok(view(role))))
}

/// Adds a role. Names are unique whatever their capitals (409).
#[utoipa::path(post, path = "/api/roles", tag = "roles", security(("bearer" = [])), request_body = RoleForm,
    responses((status = 201, body = Envelope<RoleView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_role(State(state): State<AppState>, caller: Caller, client: ClientInfo, body: Deferred<RoleForm>) -> ApiResult<(http::StatusCode, ApiJson<Envelope<RoleView>>)> {
    caller.require(Resource::Roles, Action::Create)?;
    let accounts = state.accounts.as_ref();
    let input = RoleInput::parse(body.read()?)?;
    let grant = grants::Grant { permissions: &input.permissions, closes_alone: !input.closing_needs_approval.unwrap_or(false) };
    let verdict = grants::may_create_role(caller.grantor(), grant);
    caller.check_grant(state.trail.as_ref(), &client, verdict, || format!("Create role {}", input.name)).await?;
    let role = records::create(accounts, input).await?;
    caller.audit_change(state.trail.as_ref(), &client, admin_audit::entry(AuditAction::RoleCreated, &subject(&role), None, Some(audited(&role)))).await?;
    Ok((http::StatusCode::CREATED, ApiJson(Envelope::ok(view(role)))))
}

/// Changes a role; its users see the change on their next request.
#[utoipa::path(put, path = "/api/roles/{id}", tag = "roles", security(("bearer" = [])), params(("id" = i64, Path)), request_body = RoleForm,
    responses((status = 200, body = Envelope<RoleView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_role(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<RoleId>, body: Deferred<RoleForm>) -> ApiResult<ApiJson<Envelope<RoleView>>> {
    caller.require(Resource::Roles, Action::Update)?;
    let accounts = state.accounts.as_ref();
    let input = RoleInput::parse(body.read()?)?;
    let current = records::get(accounts, id.get()).await?.ok_or_else(|| Error::NotFound(Msg::RoleNotFound))?;
    let grant = grants::Grant {
        permissions: &input.permissions,
        closes_alone: current.is_admin() || !input.closing_needs_approval.unwrap_or(current.closing_needs_approval),
    };
    let verdict = grants::may_change_role(caller.grantor(), current.reach(), Some(grant));
    caller.check_grant(state.trail.as_ref(), &client, verdict, || format!("Change role {}", current.name)).await?;
    let role = records::update(accounts, id.get(), current.version, input).await?;
    let entry = admin_audit::entry(AuditAction::RoleUpdated, &subject(&role), Some(audited(&current)), Some(audited(&role)));
    caller.audit_change(state.trail.as_ref(), &client, entry).await?;
    Ok(ApiJson(Envelope::ok(view(role))))
}

/// Deletes a role nobody holds. The Admin role cannot be deleted.
#[utoipa::path(delete, path = "/api/roles/{id}", tag = "roles", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = SuccessMessage), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn delete_role(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<RoleId>) -> ApiResult<ApiJson<SuccessMessage>> {
    caller.require(Resource::Roles, Action::Delete)?;
    let accounts = state.accounts.as_ref();
    let current = records::get(accounts, id.get()).await?.ok_or_else(|| Error::NotFound(Msg::RoleNotFound))?;
    let verdict = grants::may_change_role(caller.grantor(), current.reach(), None);
    caller.check_grant(state.trail.as_ref(), &client, verdict, || format!("Delete role {}", current.name)).await?;
    records::delete(accounts, id.get()).await?;
    caller.audit_change(state.trail.as_ref(), &client, admin_audit::entry(AuditAction::RoleDeleted, &subject(&current), Some(audited(&current)), None)).await?;
    Ok(ApiJson(SuccessMessage::new("Role deleted successfully")))
}
