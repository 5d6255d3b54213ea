//! The Audit History as a file (Excel, CSV or PDF), for those whose role has audit read: the
//! records they may read under Audit History's filters, at most
//! [`exports::audit::MOST_RECORDS`], handed out like every export (a short-lived link with no
//! token in it) and recorded as EXPORTED. The file says which filters it applied, who
//! exported it and when, and whether the chains of its records hold.

use domain::Msg;
use http_glue::export_queues::Lane;
use crate::{ExportLink, Lang};
use audit_area::AllParams;
use axum::extract::{Query, State};
use blobs::{Download, LINK_LIFETIME};
use cases::chain::{chain_of, Verification, VerifyScope};
use cases::reads::AuditRecord;
use cases::writes::AuditEntry;
use domain::audit::AuditAction;
use domain::{Action, Error, Resource};
use exports::audit::{AuditFormat, MOST_RECORDS};
use exports::{Heading, Language};
use http_glue::{ApiJson, ApiResult, AppState, Caller, ClientInfo, ErrorBody};
use serde_json::json;

/// The Audit History, under its filters, to an Excel workbook (the records and an About sheet).
#[utoipa::path(get, path = "/api/audit/export/excel", tag = "exports", security(("bearer" = [])), params(AllParams, crate::LanguageParam),
    responses((status = 200, body = ExportLink), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(crate) async fn export_audit_excel(state: State<AppState>, caller: Caller, client: ClientInfo, params: Query<AllParams>, language: Lang) -> ApiResult<ApiJson<ExportLink>> {
    export(state, caller, client, params, language, AuditFormat::Excel).await
}

/// The Audit History, under its filters, to a CSV file (UTF-8 with a byte-order mark).
#[utoipa::path(get, path = "/api/audit/export/csv", tag = "exports", security(("bearer" = [])), params(AllParams, crate::LanguageParam),
    responses((status = 200, body = ExportLink), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(crate) async fn export_audit_csv(state: State<AppState>, caller: Caller, client: ClientInfo, params: Query<AllParams>, language: Lang) -> ApiResult<ApiJson<ExportLink>> {
    export(state, caller, client, params, language, AuditFormat::Csv).await
}

/// The Audit History, under its filters, to a landscape A4 PDF.
#[utoipa::path(get, path = "/api/audit/export/pdf", tag = "exports", security(("bearer" = [])), params(AllParams, crate::LanguageParam),
    responses((status = 200, body = ExportLink), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(crate) async fn export_audit_pdf(state: State<AppState>, caller: Caller, client: ClientInfo, params: Query<AllParams>, language: Lang) -> ApiResult<ApiJson<ExportLink>> {
    export(state, caller, client, params, language, AuditFormat::Pdf).await
}

/// Every record the viewer may read under `filters`, newest first; refused past the most an
/// export holds. No audit file shows a record's details (for a filing, every field of the
/// grievance: most of a record's size), so they are let go as each page is read, and 10,000
/// records take a few megabytes while the file is laid out.
async fn records(state: &AppState, viewer: &cases::reads::Viewer, filters: &cases::trail::TrailFilters) -> Result<Vec<AuditRecord>, Error> {
    const PAGE: usize = 500;
    let mut all: Vec<AuditRecord> = Vec::new();
    loop {
        let page = state.trail.all(viewer, filters, PAGE, all.len()).await?;
        let full = page.len() == PAGE;
        all.extend(page.into_iter().map(|record| AuditRecord { action_details: None, ..record }));
        if all.len() > MOST_RECORDS {
            return Err(Error::BadRequest(Msg::AuditExportTooMany));
        }
        if !full {
            return Ok(all);
        }
        if all.len() == MOST_RECORDS {
            // One more would be too many.
            return match state.trail.all(viewer, filters, 1, MOST_RECORDS).await?.is_empty() {
                true => Ok(all),
                false => Err(Error::BadRequest(Msg::AuditExportTooMany)),
            };
        }
    }
}

/// The integrity line of a file: whether every chain its records belong to holds.
fn integrity_line(language: Language, v: &Verification) -> String {
    let label = language.say("Integrity");
    let (records, chains) = (v.records, v.chains);
    match (&v.broken, language) {
        (None, Language::English) => {
            let records = if records == 1 { "1 record".to_string() } else { format!("{records} records") };
            let chains = if chains == 1 { "1 chain".to_string() } else { format!("{chains} chains") };
            format!("{label}: verified — every hash and link of the {records} in the {chains} of these records holds")
        }
        (None, Language::Hindi) => format!("{label}: सत्यापित — इन अभिलेखों की {chains} शृंखलाओं के {records} अभिलेखों का हर हैश और कड़ी सही है"),
        (Some(b), Language::English) => format!("{label}: BROKEN at record {} (chain {}): {}", b.record_id, b.chain, b.reason),
        (Some(b), Language::Hindi) => format!("{label}: अभिलेख {} पर टूटी (शृंखला {}): {}", b.record_id, b.chain, b.reason),
    }
}

async fn export(State(state): State<AppState>, caller: Caller, client: ClientInfo, Query(params): Query<AllParams>, Lang(language): Lang, format: AuditFormat) -> ApiResult<ApiJson<ExportLink>> {
    caller.require(Resource::Audit, Action::Read)?;
    let filters = params.filters()?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    // The records are read whole (up to 10,000, each with its details) before the file is
    // written: the turn is taken before they are read.
    let lane = match format {
        AuditFormat::Pdf => Lane::AuditPdf,
        AuditFormat::Excel => Lane::AuditExcel,
        AuditFormat::Csv => Lane::AuditCsv,
    };
    let _turn = state.export_queues.take(lane, caller.user().id).await?;
    let mut records = records(&state, &viewer, &filters).await?;
    cases::links::hide_unreachable(state.cases(), &viewer, &mut records).await?;
    let mut chains: Vec<String> = records.iter().map(|r| chain_of(r.grievance_id, r.action, r.user_id)).collect();
    chains.sort();
    chains.dedup();
    let verification = state.trail.verify(VerifyScope::Chains(chains)).await?;
    let now = domain::clock::now();
    let named = params.named();
    let actor = caller.actor(&client);
    let heading = Heading {
        title: language.say("Audit History").to_string(),
        // The filters as the screen names them; the EXPORTED record keeps their codes.
        filters: named.iter().map(|(name, value)| (name.clone(), exports::screen_words::filter(name, value, language))).collect(),
        generated_at: now,
        generated_by: actor.name.clone(),
        language,
        about: vec![integrity_line(language, &verification)],
    };
    // The EXPORTED record names the filters by their codes, in English, whatever the file's
    // language.
    let filters_text = Heading { filters: named.clone(), language: Language::English, ..heading.clone() }.filters_text();
    let key = format!("{}.{}", uuid::Uuid::new_v4().simple(), format.extension());
    let dir = tempfile::tempdir().map_err(Error::internal)?;
    let path = dir.path().join(&key);
    let written = {
        let (path, heading) = (path.clone(), heading.clone());
        tokio::task::spawn_blocking(move || exports::audit::write(format, &path, &heading, &records)).await.map_err(Error::internal)??
    };
    let blobs = state.blobs()?;
    blobs.put_file(&key, &path, format.content_type()).await?;
    let file_name = format.file_name(now);
    let entry = AuditEntry {
        action: AuditAction::Exported,
        field_name: Some("export".into()),
        old_value: None,
        new_value: Some(format.label().to_string()),
        notes: Some(format!("{written} audit records to {} (filters: {filters_text})", format.label())),
        action_details: Some(json!({
            "kind": format.as_str(),
            "rows": written,
            "filters": named.into_iter().collect::<std::collections::BTreeMap<_, _>>(),
            "file_name": file_name,
            "integrity": verification.broken.as_ref().map_or("verified".to_string(), |b| format!("broken at {}", b.record_id)),
        })),
    };
    state.trail.record_event(&actor, entry).await?;
    let link = blobs.download_link(&key, Download { file_name: &file_name, content_type: format.content_type() }, LINK_LIFETIME).await?;
    let expires_at = link.expires_at.format(&time::format_description::well_known::Rfc3339).map_err(Error::internal)?;
    Ok(ApiJson(ExportLink { url: link.url, expires_at, rows: written }))
}
