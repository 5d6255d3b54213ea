//! A protected victim's identity (BNS s.72, POCSO s.23), for holders of "view sensitive
//! identities" on cases within their scope:
//!
//! - `/api/grievances/{id}/parties/reveal` gives it, with a stated reason. Every answer, list
//!   and file gives a sensitive case's victims protected; this is the one way to the
//!   identity, and each use is an IDENTITY_REVEALED record of who, when, why and which case
//!   (never the identity itself). The web app keeps what it is given for the screen it shows,
//!   and asks again on the next visit.
//! - `/api/grievances/{id}/sensitive` marks a case sensitive whatever its sections (or clears
//!   the mark), with the reason, as a change of the case.
use axum::extract::{Path, State};
use cases::pendency::GrievanceView;
use cases::writes::{self, AuditEntry};
use cases::port::CaseFileChange;
use cases::reads;
use domain::audit::AuditAction;
use domain::parties::Party;
use domain::wire::{Sent, Text};
use domain::{Action, GrievanceId, Resource};
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(reveal_identities)).routes(routes!(mark_sensitive))
}

/// A case marked sensitive, or the mark cleared, by a holder of "view sensitive identities",
/// with the reason.
#[derive(Deserialize, ToSchema)]
pub struct MarkForm {
    /// True to mark the case sensitive, false to clear the mark (its sections may still make
    /// it sensitive).
    #[serde(default)]
    #[schema(value_type = bool)]
    pub marked: Sent<bool>,
    /// At least 10 characters, at most 500.
    #[serde(default)]
    #[schema(value_type = String)]
    pub reason: Sent<Text>,
}

/// Marks a case sensitive whatever its sections (or clears the mark), audited with the
/// reason; answers the case as the caller is given it.
#[utoipa::path(put, path = "/api/grievances/{id}/sensitive", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = MarkForm,
    responses((status = 200, body = Envelope<GrievanceView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn mark_sensitive(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<MarkForm>) -> ApiResult<ApiJson<Envelope<GrievanceView>>> {
    caller.require(Resource::Grievances, Action::ViewIdentities)?;
    let form = body.read()?;
    crate::markings::mark(&state, &caller, &client, id, writes::Marking::Sensitive, ("marked", &form.marked), &form.reason).await
}

/// Why the identity is needed: recorded with the reveal.
#[derive(Deserialize, ToSchema)]
pub struct RevealForm {
    /// At least 10 characters, at most 500.
    #[serde(default)]
    #[schema(value_type = String)]
    pub reason: Sent<Text>,
}

/// The case's people as recorded, every identity whole.
#[derive(Serialize, ToSchema)]
pub struct RevealedParties {
    pub grievance_id: i64,
    pub parties: Vec<Party>,
}

/// Reveals the identities of the people in a case, with an IDENTITY_REVEALED audit record.
#[utoipa::path(post, path = "/api/grievances/{id}/parties/reveal", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = RevealForm,
    responses((status = 200, body = RevealedParties), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn reveal_identities(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<RevealForm>) -> ApiResult<ApiJson<RevealedParties>> {
    caller.require(Resource::Grievances, Action::ViewIdentities)?;
    let reason = domain::parties::reveal_reason(&body.read()?.reason)?;
    let g = reads::get(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    let summary = format!("Identities in grievance {} (FIR {}) revealed", g.grievance_number, g.fields.fir_no);
    let entry = AuditEntry {
        action: AuditAction::IdentityRevealed,
        field_name: Some("parties".into()),
        old_value: None,
        new_value: Some(g.grievance_number.clone()),
        notes: Some(reason),
        action_details: Some(serde_json::json!({"summary": summary, "grievance_id": g.id, "grievance_number": g.grievance_number})),
    };
    // On the case, so that its history holds it, with no change of the case.
    state.grievances.record_case_file_change(&g, CaseFileChange::RecordOnly, &caller.actor(&client), entry).await?;
    let parties = cases::identity::open_documents(g.fields.parties, &state.sealing)?;
    Ok(ApiJson(RevealedParties { grievance_id: g.id, parties }))
}
