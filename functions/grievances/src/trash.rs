//! Deleting a grievance into the trash, and the trash itself (`cases::trash`): seen and
//! restored only by holders of grievances delete, within their reach.

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use cases::pendency::{Clock, GrievanceView};
use cases::reads;
use domain::{Action, Error, GrievanceId, Msg, Resource};
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody, SuccessMessage};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(trash)).routes(routes!(restore))
}

/// Why a grievance is deleted; the body is optional (a DELETE without one records the reason
/// as not given).
#[derive(Deserialize, ToSchema, Default)]
pub struct DeletionRequest {
    /// At most 500 characters.
    pub reason: Option<String>,
}

/// An optional JSON body: none, or blanks, is the default.
fn optional_body<T: serde::de::DeserializeOwned + Default>(bytes: &Bytes) -> Result<T, Error> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(bytes).map_err(|e| Error::BadRequest(Msg::BodyInvalid { detail: e.to_string() }))
}

/// Deletes a grievance into the trash, with its notes and attachments, for the retention the
/// Admin Panel sets (90 days until changed); its DELETED audit record keeps the complete
/// record and the reason.
#[utoipa::path(delete, path = "/api/grievances/{id}", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body(content = Option<DeletionRequest>),
    responses((status = 200, body = SuccessMessage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn delete_grievance(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Bytes) -> ApiResult<ApiJson<SuccessMessage>> {
    caller.require(Resource::Grievances, Action::Delete)?;
    let request: DeletionRequest = optional_body(&body)?;
    let reason = cases::trash::reason_of(request.reason.as_deref())?;
    let seen = reads::to_change(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    cases::trash::delete(state.cases(), &caller.actor(&client), &seen, reason).await?;
    Ok(ApiJson(SuccessMessage::new("Grievance deleted successfully")))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TrashParams {
    /// 1 to 200; 50 when absent.
    pub limit: Option<usize>,
    /// From the previous page's `next_cursor`.
    pub cursor: Option<String>,
}

/// A grievance in the trash, as the Trash screen lists it.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct TrashedGrievance {
    pub id: i64,
    pub grievance_number: String,
    pub fir_no: String,
    pub crime_title: String,
    pub police_station: String,
    pub district: String,
    pub deleted_at: String,
    pub deleted_by_name: String,
    /// Null when the officer gave none.
    pub reason: Option<String>,
    /// The last day it stays (YYYY-MM-DD, in India); it is purged after it.
    pub purge_after: Option<String>,
    pub notes: usize,
    pub attachments: usize,
}

#[derive(Serialize, ToSchema)]
pub struct TrashPage {
    pub success: bool,
    /// The latest deletion first.
    pub data: Vec<TrashedGrievance>,
    pub next_cursor: Option<String>,
}

/// The deleted grievances within the caller's reach, the latest deletion first. Needs
/// grievances delete.
#[utoipa::path(get, path = "/api/grievances/trash", tag = "grievances", security(("bearer" = [])), params(TrashParams),
    responses((status = 200, body = TrashPage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn trash(State(state): State<AppState>, caller: Caller, Query(params): Query<TrashParams>) -> ApiResult<ApiJson<TrashPage>> {
    caller.require(Resource::Grievances, Action::Delete)?;
    let limit = params.limit.unwrap_or(50);
    if !(1..=200).contains(&limit) {
        return Err(Error::field("limit", Msg::LimitOutOfRange200).into());
    }
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let cursor = http_glue::cursors::open(&state, &caller, http_glue::cursors::TRASH, params.cursor)?;
    let (found, next) = cases::trash::page(state.cases(), &viewer, limit, cursor).await?;
    let retention = state.lists.trash_retention_days().await?;
    let data = found
        .into_iter()
        .map(|t| TrashedGrievance {
            id: t.grievance.id,
            purge_after: cases::trash::purge_after(&t.deleted_at, retention).map(|d| d.to_string()),
            notes: t.notes.len(),
            attachments: t.attachments.len(),
            grievance_number: t.grievance.grievance_number,
            fir_no: t.grievance.fields.fir_no.to_string(),
            crime_title: t.grievance.fields.crime_title,
            police_station: t.grievance.fields.police_station,
            district: t.grievance.fields.district,
            deleted_at: t.deleted_at,
            deleted_by_name: t.deleted_by_name,
            reason: t.reason,
        })
        .collect();
    let next_cursor = http_glue::cursors::seal(&state, &caller, http_glue::cursors::TRASH, next);
    Ok(ApiJson(TrashPage { success: true, data, next_cursor }))
}

/// Puts a deleted grievance back from the trash as it was, with its notes, attachments and
/// links (to the grievances still there), audited as RESTORED. Needs grievances delete, and
/// the case within the caller's reach (404 otherwise, as for a case not in the trash).
#[utoipa::path(post, path = "/api/grievances/{id}/restore", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<GrievanceView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn restore(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>) -> ApiResult<ApiJson<Envelope<GrievanceView>>> {
    caller.require(Resource::Grievances, Action::Delete)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let g = cases::trash::restore(state.cases(), &caller.actor(&client), &viewer, id.get()).await?;
    Ok(ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g))))
}
