//! `/api/grievances/{id}/notes`: the case diary. Whoever may update the grievance may add a
//! note; no one may change or remove one (a correction is a later note).

use domain::GrievanceId;
use axum::extract::{Path, State};
use cases::notes::{self, Note, NoteText};
use cases::reads;
use domain::{Action, Resource};
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(list_notes, add_note))
}

/// The grievance's case notes, newest first.
#[utoipa::path(get, path = "/api/grievances/{id}/notes", tag = "notes", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<Vec<Note>>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn list_notes(State(state): State<AppState>, caller: Caller, Path(id): Path<GrievanceId>) -> ApiResult<ApiJson<Envelope<Vec<Note>>>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let g = reads::get(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    Ok(ApiJson(Envelope::ok(state.files.notes(g.id).await?)))
}

#[derive(Deserialize, ToSchema)]
pub struct NoteRequest {
    /// At most 4000 characters.
    pub text: String,
    /// The id of an earlier note of this grievance that this one corrects.
    pub corrects: Option<String>,
}

/// Adds a note, with a NOTE_ADDED audit record.
#[utoipa::path(post, path = "/api/grievances/{id}/notes", tag = "notes", security(("bearer" = [])), params(("id" = i64, Path)), request_body = NoteRequest,
    responses((status = 201, body = Envelope<Note>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn add_note(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<NoteRequest>) -> ApiResult<(http::StatusCode, ApiJson<Envelope<Note>>)> {
    caller.require(Resource::Grievances, Action::Update)?;
    let body = body.read()?;
    let seen = reads::to_change(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    let text = NoteText::parse(&body.text)?;
    let note = notes::add(state.cases(), &caller.actor(&client), seen.grievance(), text, body.corrects).await?;
    Ok((http::StatusCode::CREATED, ApiJson(Envelope::ok(note))))
}
