//! `/api/grievances/{id}/case-file`: the case file of one grievance as a PDF (see
//! `exports::case_file`), handed out as a short-lived link like every export; and
//! `/api/grievances/{id}/printed`, what the screen says when it prints the case itself. Both
//! are EXPORTED records in the case's own trail: who printed which case, when.

use crate::{ExportLink, Lang};
use axum::extract::{Path, State};
use blobs::{Download, LINK_LIFETIME};
use cases::port::CaseFileChange;
use cases::reads;
use cases::writes::AuditEntry;
use domain::audit::AuditAction;
use domain::{Action, Error, GrievanceId, Resource};
use exports::Language;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, ErrorBody, SuccessMessage};
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(case_file)).routes(routes!(printed))
}

fn exported(what: &str, g: &cases::Grievance, language: Language) -> AuditEntry {
    AuditEntry {
        action: AuditAction::Exported,
        field_name: Some("case_file".into()),
        old_value: None,
        new_value: Some(what.to_string()),
        notes: Some(format!("Case file of grievance {} ({})", g.grievance_number, language.code())),
        action_details: Some(serde_json::json!({"kind": "case_file", "language": language.code(), "how": what})),
    }
}

/// The grievance's case file: its details, people, investigation officers, case notes and
/// history on A4 pages, with the station, the numbers and who printed it on every page and a
/// signature block at the end; labels in English or Hindi (`lang`). A sensitive case's
/// victims are written protected. Audited as EXPORTED in the case's trail.
#[utoipa::path(get, path = "/api/grievances/{id}/case-file", tag = "exports", security(("bearer" = [])), params(("id" = i64, Path), crate::LanguageParam),
    responses((status = 200, body = ExportLink), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn case_file(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, Lang(language): Lang) -> ApiResult<ApiJson<ExportLink>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let mut g = reads::get(state.cases(), &viewer, id).await?;
    // No file reveals an identity: a reveal is the screen's, one case at a time, audited.
    let sensitivity = cases::identity::Sensitivity::now(state.lists.as_ref()).await?;
    g.fields.parties = sensitivity.parties_given(&g.fields);
    let notes = state.files.notes(id.get()).await?;
    let mut history = state.trail.for_grievance(id.get(), cases::trail::TrailAccess::Whole, None, cases::trail::MAX_LIMIT, 0).await?;
    cases::links::hide_unreachable(state.cases(), &viewer, &mut history).await?;
    let actor = caller.actor(&client);
    let now = domain::clock::now();
    let bytes = {
        let (g, actor_name) = (g.clone(), actor.name.clone());
        tokio::task::spawn_blocking(move || {
            exports::case_file::CaseFile { grievance: &g, notes: &notes, history: &history, printed_by: &actor_name, printed_at: now, language }.write()
        })
        .await
        .map_err(Error::internal)??
    };
    let key = format!("{}.pdf", uuid::Uuid::new_v4().simple());
    let blobs = state.blobs()?;
    blobs.put_bytes(&key, bytes, "application/pdf").await?;
    state.grievances.record_case_file_change(&g, CaseFileChange::RecordOnly, &actor, exported("Case file (PDF)", &g, language)).await?;
    let file_name = exports::case_file::file_name(&g);
    let link = blobs.download_link(&key, Download { file_name: &file_name, content_type: "application/pdf" }, LINK_LIFETIME).await?;
    let expires_at = link.expires_at.format(&time::format_description::well_known::Rfc3339).map_err(Error::internal)?;
    Ok(ApiJson(ExportLink { url: link.url, expires_at, rows: 1 }))
}

/// Records that the caller printed the grievance from its screen (the browser's own print of
/// the page, laid out by its print stylesheet): an EXPORTED record in the case's trail.
#[utoipa::path(post, path = "/api/grievances/{id}/printed", tag = "exports", security(("bearer" = [])), params(("id" = i64, Path)), request_body(content = Option<http_glue::openapi::NoFields>, description = "None: a body, if sent, is not read"),
    responses((status = 200, body = SuccessMessage), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn printed(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, Lang(language): Lang) -> ApiResult<ApiJson<SuccessMessage>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let g = reads::get(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    state.grievances.record_case_file_change(&g, CaseFileChange::RecordOnly, &caller.actor(&client), exported("Printed from the screen", &g, language)).await?;
    Ok(ApiJson(SuccessMessage::new("Printing recorded")))
}
