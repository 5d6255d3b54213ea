//! The Admin Panel's settings of the officers' desk: how long deleted grievances stay in the
//! trash (`/api/admin/trash-retention`), and the views of the grievance list published to
//! roles (`/api/admin/published-views`). Seen with `dropdowns` read, changed with `dropdowns`
//! update, each change an administrative audit record.

use axum::extract::{Path, State};
use cases::admin_audit::{self, Subject};
use domain::audit::AuditAction;
use domain::views::{Density, PublishedView, ViewName, ViewQuery};
use domain::{Action, Error, Msg, Resource};
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody, SuccessMessage};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(get_retention, save_retention))
        .routes(routes!(published_views, publish_view))
        .routes(routes!(withdraw_view))
}

/// How many days a deleted grievance stays in the trash before it is purged.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct TrashRetention {
    /// A whole number from 1 to 3650.
    pub days: u32,
}

#[derive(Deserialize, ToSchema)]
pub struct TrashRetentionForm {
    #[serde(default)]
    #[schema(value_type = u32)]
    pub days: domain::wire::Sent<u64>,
}

/// The trash's retention in force (90 days until the Admin Panel saves its own).
#[utoipa::path(get, path = "/api/admin/trash-retention", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Envelope<TrashRetention>), (status = 403, body = ErrorBody)))]
async fn get_retention(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<Envelope<TrashRetention>>> {
    caller.require(Resource::Dropdowns, Action::Read)?;
    Ok(ApiJson(Envelope::ok(TrashRetention { days: state.lists.trash_retention_days().await? })))
}

/// Replaces the trash's retention; the next purge goes by it, for grievances deleted before
/// too.
#[utoipa::path(put, path = "/api/admin/trash-retention", tag = "admin", security(("bearer" = [])), request_body = TrashRetentionForm,
    responses((status = 200, body = Envelope<TrashRetention>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn save_retention(State(state): State<AppState>, caller: Caller, client: ClientInfo, body: Deferred<TrashRetentionForm>) -> ApiResult<ApiJson<Envelope<TrashRetention>>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let max = domain::grievance::MAX_TRASH_RETENTION_DAYS;
    let days = body
        .read()?
        .days
        .given()
        .filter(|n| (1..=u64::from(max)).contains(n))
        .ok_or_else(|| Error::field("days", Msg::RetentionDaysInvalid { max: max.to_string() }))? as u32;
    let before = state.lists.trash_retention_days().await?;
    state.lists.save_trash_retention_days(days).await?;
    let entry = admin_audit::entry(
        AuditAction::TrashRetentionChanged,
        &Subject::new("trash_retention", None, ""),
        Some(serde_json::json!({"days": before})),
        Some(serde_json::json!({"days": days})),
    );
    caller.audit_change(state.trail.as_ref(), &client, entry).await?;
    Ok(ApiJson(Envelope::ok(TrashRetention { days })))
}

/// A view to publish to the holders of a role.
#[derive(Deserialize, ToSchema)]
pub struct PublishForm {
    /// 1 to 60 characters.
    pub name: String,
    /// The list's query string: its filters and order only.
    pub query: String,
    #[serde(default)]
    pub density: Density,
    pub role_id: i64,
}

/// The views published to roles.
#[utoipa::path(get, path = "/api/admin/published-views", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<PublishedView>>), (status = 403, body = ErrorBody)))]
async fn published_views(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<Envelope<Vec<PublishedView>>>> {
    caller.require(Resource::Dropdowns, Action::Read)?;
    Ok(ApiJson(Envelope::ok(state.lists.published_views().await?.views)))
}

fn audited(view: &PublishedView, role: &str) -> serde_json::Value {
    serde_json::json!({"name": view.view.name.as_str(), "query": view.view.query.as_str(), "role": role})
}

/// Publishes a view to every holder of a role (at most 30 published in all): they find it
/// beside their own views and may make it their default.
#[utoipa::path(post, path = "/api/admin/published-views", tag = "admin", security(("bearer" = [])), request_body = PublishForm,
    responses((status = 201, body = Envelope<PublishedView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn publish_view(State(state): State<AppState>, caller: Caller, client: ClientInfo, body: Deferred<PublishForm>) -> ApiResult<(http::StatusCode, ApiJson<Envelope<PublishedView>>)> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let form = body.read()?;
    let (name, query) = (ViewName::parse(&form.name)?, ViewQuery::parse(&form.query)?);
    let role = auth::roles::list_all(state.accounts.as_ref()).await?.into_iter().find(|r| r.id == form.role_id).ok_or(Error::NotFound(Msg::RoleNotFound))?;
    let mut views = state.lists.published_views().await?;
    let published = views.add(name, query, form.density, role.id)?.clone();
    state.lists.save_published_views(&views).await?;
    let entry = admin_audit::entry(AuditAction::ViewsPublished, &Subject::new("published_view", None, published.view.name.as_str()), None, Some(audited(&published, &role.name)));
    caller.audit_change(state.trail.as_ref(), &client, entry).await?;
    Ok((http::StatusCode::CREATED, ApiJson(Envelope::ok(published))))
}

/// Withdraws a published view from its role.
#[utoipa::path(delete, path = "/api/admin/published-views/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = SuccessMessage), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn withdraw_view(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<String>) -> ApiResult<ApiJson<SuccessMessage>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let mut views = state.lists.published_views().await?;
    let at = views.views.iter().position(|v| v.view.id == id).ok_or(Error::NotFound(Msg::ViewNotFound))?;
    let withdrawn = views.views.remove(at);
    state.lists.save_published_views(&views).await?;
    let role = auth::roles::list_all(state.accounts.as_ref()).await?.into_iter().find(|r| r.id == withdrawn.role_id).map(|r| r.name).unwrap_or_default();
    let entry = admin_audit::entry(AuditAction::ViewsPublished, &Subject::new("published_view", None, withdrawn.view.name.as_str()), Some(audited(&withdrawn, &role)), None);
    caller.audit_change(state.trail.as_ref(), &client, entry).await?;
    Ok(ApiJson(SuccessMessage::new("View withdrawn")))
}
