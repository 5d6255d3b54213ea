//! `/api/grievances/{id}/clock-actions`: the actions that start, meet or restart a case's
//! statutory clocks (the informant told of progress, the investigation completed, an e-FIR
//! signed, ...). Whoever may update the grievance may record one; none is changed or removed
//! (a mistaken one is corrected by a note and the next action).

use axum::extract::{Path, State};
use cases::pendency::{Clock, GrievanceView};
use cases::{reads, writes};
use domain::law::forms::ClockActionForm;
use domain::{Action, GrievanceId, Resource};
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody};
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(record_clock_action))
}

/// Records an action on the case's clocks, with a CLOCK_ACTION_RECORDED audit record; answers
/// the grievance with its clocks as they now stand.
#[utoipa::path(post, path = "/api/grievances/{id}/clock-actions", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = ClockActionForm,
    responses((status = 201, body = Envelope<GrievanceView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn record_clock_action(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<ClockActionForm>) -> ApiResult<(http::StatusCode, ApiJson<Envelope<GrievanceView>>)> {
    caller.require(Resource::Grievances, Action::Update)?;
    let form = body.read()?;
    let seen = reads::to_change(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    let g = writes::record_clock_action(state.cases(), &caller.actor(&client), &seen, &form).await?;
    Ok((http::StatusCode::CREATED, ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g)))))
}
