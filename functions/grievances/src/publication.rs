//! Withholding a case from the state's public list of FIRs (the publication export): Youth
//! Bar Association v Union of India (Supreme Court, 2016) has FIRs put up within 24 hours,
//! except those an officer not below the rank of DSP decides are sensitive. The portal gives
//! that decision to the holders of "withhold from publication" (granted by name, like any
//! other), on cases within their scope, with the reason, as a change of the case.
use axum::extract::{Path, State};
use cases::pendency::GrievanceView;
use cases::writes::Marking;
use domain::wire::{Sent, Text};
use domain::{Action, GrievanceId, Resource};
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(withhold))
}

/// A case withheld from publication, or given back to it, with the reason.
#[derive(Deserialize, ToSchema)]
pub struct WithholdForm {
    /// True to withhold the case from publication, false to publish it again.
    #[serde(default)]
    #[schema(value_type = bool)]
    pub withheld: Sent<bool>,
    /// At least 10 characters, at most 500.
    #[serde(default)]
    #[schema(value_type = String)]
    pub reason: Sent<Text>,
}

/// Withholds a case from the publication export (or publishes it again), audited with the
/// reason; answers the case as the caller is given it.
#[utoipa::path(put, path = "/api/grievances/{id}/publication", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = WithholdForm,
    responses((status = 200, body = Envelope<GrievanceView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn withhold(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<WithholdForm>) -> ApiResult<ApiJson<Envelope<GrievanceView>>> {
    caller.require(Resource::Grievances, Action::WithholdPublication)?;
    let form = body.read()?;
    crate::markings::mark(&state, &caller, &client, id, Marking::WithheldFromPublication, ("withheld", &form.withheld), &form.reason).await
}
