//! `/api/grievances/{id}/links`: grievances marked as linked, each shown on the
//! other. Whoever may update both grievances links or unlinks them; a grievance outside the
//! caller's reach is "not found" and never listed.

use domain::GrievanceId;
use axum::extract::{Path, State};
use cases::links::{self, LinkedGrievance};
use domain::{Action, Resource};
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(list_links, add_link)).routes(routes!(remove_link))
}

/// The grievances linked to this one that the caller may see.
#[utoipa::path(get, path = "/api/grievances/{id}/links", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<Vec<LinkedGrievance>>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn list_links(State(state): State<AppState>, caller: Caller, Path(id): Path<GrievanceId>) -> ApiResult<ApiJson<Envelope<Vec<LinkedGrievance>>>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    Ok(ApiJson(Envelope::ok(links::list(state.cases(), &viewer, id).await?)))
}

#[derive(Deserialize, ToSchema)]
pub struct LinkRequest {
    /// The grievance to link this one to.
    pub grievance_id: GrievanceId,
}

/// Links two grievances (LINKED in the audit trail); 409 when they are linked already.
#[utoipa::path(post, path = "/api/grievances/{id}/links", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = LinkRequest,
    responses((status = 201, body = Envelope<Vec<LinkedGrievance>>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn add_link(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<LinkRequest>) -> ApiResult<(http::StatusCode, ApiJson<Envelope<Vec<LinkedGrievance>>>)> {
    caller.require(Resource::Grievances, Action::Update)?;
    let body = body.read()?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    links::link(state.cases(), &caller.actor(&client), &viewer, id, body.grievance_id).await?;
    Ok((http::StatusCode::CREATED, ApiJson(Envelope::ok(links::list(state.cases(), &viewer, id).await?))))
}

/// Removes the link between two grievances (UNLINKED in the audit trail); 409 when they are
/// not linked.
#[utoipa::path(delete, path = "/api/grievances/{id}/links/{other}", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path), ("other" = i64, Path)),
    responses((status = 200, body = Envelope<Vec<LinkedGrievance>>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn remove_link(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path((id, other)): Path<(GrievanceId, GrievanceId)>) -> ApiResult<ApiJson<Envelope<Vec<LinkedGrievance>>>> {
    caller.require(Resource::Grievances, Action::Update)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    links::unlink(state.cases(), &caller.actor(&client), &viewer, id, other).await?;
    Ok(ApiJson(Envelope::ok(links::list(state.cases(), &viewer, id).await?)))
}
