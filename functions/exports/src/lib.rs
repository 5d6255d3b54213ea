//! Exports: the grievances a user may see, with the list's filters, as an Excel workbook, a
//! PDF report or the investigation officers workbook. The file goes to the blob store and
//! the answer is a link valid for five minutes that carries no session token: a presigned
//! S3 GET in the cloud, a portal URL signed with HMAC in the embedded default (served by
//! `download` below). Every export is recorded in the audit trail. One grievance's case file
//! (`case_file`) goes the same way. A list longer than the
//! portal writes while the request waits is written in the background (`jobs`).

mod audit_export;
mod case_file;
mod item_names;
pub mod jobs;
pub mod reports;

use domain::Msg;
use axum::extract::{Path, Query, RawQuery, State};
use axum::response::{IntoResponse, Response};
use blobs::{Download, LINK_LIFETIME};
use cases::reads::{self, Filters, Viewer};
use cases::Grievance;
use domain::{Action, Error, Resource};
use exports::{Heading, Kind, Language};
use grievances_area::ListParams;
use http::StatusCode;
use http_glue::files::LinkParams;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, ErrorBody};
use jobs::{ExportJob, ExportJobStatus, ExportRequest};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(export_excel))
        .routes(routes!(export_pdf))
        .routes(routes!(export_officers))
        .routes(routes!(export_publication))
        .routes(routes!(audit_export::export_audit_excel))
        .routes(routes!(audit_export::export_audit_csv))
        .routes(routes!(audit_export::export_audit_pdf))
        .routes(routes!(job_status))
        .routes(routes!(download))
        .merge(reports::routes())
        .merge(case_file::routes())
}

/// A finished export.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct ExportLink {
    /// Opens the file: relative to the portal, or an absolute S3 address. No token in it.
    pub url: String,
    /// RFC 3339; the link answers 403 after this.
    pub expires_at: String,
    /// Data rows in the file: grievances, or officer entries for the officers workbook.
    pub rows: u64,
}

/// Grievances to an Excel workbook: every list field and the main detail fields, one row each.
#[utoipa::path(get, path = "/api/grievances/export/excel", tag = "exports", security(("bearer" = [])), params(ListParams, LanguageParam),
    responses((status = 200, body = ExportLink), (status = 202, body = ExportJob), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn export_excel(state: State<AppState>, caller: Caller, client: ClientInfo, params: Query<ListParams>, query: RawQuery, language: Lang) -> ApiResult<Response> {
    export(state, caller, client, params, query, language, Kind::Excel).await
}

/// Grievances to a landscape A4 PDF report.
#[utoipa::path(get, path = "/api/grievances/export/pdf", tag = "exports", security(("bearer" = [])), params(ListParams, LanguageParam),
    responses((status = 200, body = ExportLink), (status = 202, body = ExportJob), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn export_pdf(state: State<AppState>, caller: Caller, client: ClientInfo, params: Query<ListParams>, query: RawQuery, language: Lang) -> ApiResult<Response> {
    export(state, caller, client, params, query, language, Kind::Pdf).await
}

/// The investigation officers of the grievances, one row per officer entry, to Excel.
#[utoipa::path(get, path = "/api/grievances/export/officers", tag = "exports", security(("bearer" = [])), params(ListParams, LanguageParam),
    responses((status = 200, body = ExportLink), (status = 202, body = ExportJob), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn export_officers(state: State<AppState>, caller: Caller, client: ClientInfo, params: Query<ListParams>, query: RawQuery, language: Lang) -> ApiResult<Response> {
    export(state, caller, client, params, query, language, Kind::Officers).await
}

/// The state's public list of FIRs, to Excel: the cases of the list's filters that may be
/// published (none withheld by an officer, none sensitive), with what an FIR copy gives of
/// them and nothing of a victim or witness, nor anyone's contact details.
#[utoipa::path(get, path = "/api/grievances/export/publication", tag = "exports", security(("bearer" = [])), params(ListParams, LanguageParam),
    responses((status = 200, body = ExportLink), (status = 202, body = ExportJob), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn export_publication(state: State<AppState>, caller: Caller, client: ClientInfo, params: Query<ListParams>, query: RawQuery, language: Lang) -> ApiResult<Response> {
    export(state, caller, client, params, query, language, Kind::Publication).await
}

/// The language of the file's headings.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LanguageParam {
    /// `hi` for Hindi headings, `en` for English; without it, the Accept-Language header decides.
    pub lang: Option<String>,
}

/// The export's language: the `lang` parameter, else the browser's Accept-Language.
pub struct Lang(Language);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Lang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut http::request::Parts, _: &S) -> Result<Self, Self::Rejection> {
        let asked = Query::<LanguageParam>::try_from_uri(&parts.uri).ok().and_then(|q| q.0.lang);
        let accepted = parts.headers.get(http::header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).map(str::to_string);
        Ok(Lang(asked.or(accepted).map(|l| Language::parse(&l)).unwrap_or_default()))
    }
}

/// The filters as the file's heading names them.
pub(crate) fn applied(filters: &Filters) -> Vec<(String, String)> {
    [
        ("Search", &filters.search),
        ("FIR Number", &filters.fir_no),
        ("District", &filters.named.district),
        ("Police Station", &filters.named.police_station),
        ("Status", &filters.named.status),
        ("Priority", &filters.named.priority),
        ("From Date", &filters.from_date),
        ("To Date", &filters.to_date),
        ("Overdue", &filters.overdue.as_ref().map(|_| "Yes".to_string())),
        ("Act & Section", &filters.section.as_ref().map(|f| match &f.section {
            Some(section) => format!("{} {section}", f.act.as_str()),
            None => f.act.as_str().to_string(),
        })),
    ]
    .into_iter()
    .filter_map(|(label, value)| value.as_ref().map(|v| (label.to_string(), v.clone())))
    .collect()
}

/// Pages of grievances travel from the reader to the writer thread through a short queue, so
/// at most a few pages are in memory whatever the size of the export.
const PAGE: usize = 1000;
const QUEUE: usize = 4;

/// Writes the list into `path` as `kind`, telling `written` the rows read so far.
pub(crate) async fn write_file(
    cases: cases::Cases<'_>,
    viewer: &Viewer,
    filters: &Filters,
    kind: Kind,
    heading: Heading,
    names: item_names::ItemNames,
    path: std::path::PathBuf,
    written: &tokio::sync::watch::Sender<u64>,
) -> Result<u64, Error> {
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Vec<Grievance>>(QUEUE);
    let writer = tokio::task::spawn_blocking(move || -> Result<u64, Error> {
        let mut sink = exports::open(kind, &path, heading)?;
        let started = std::time::Instant::now();
        while let Some(page) = rx.blocking_recv() {
            for mut g in page {
                names.apply(&mut g);
                sink.push(&g)?;
            }
        }
        let rows_done = started.elapsed();
        let rows = sink.finish()?;
        tracing::info!(rows_ms = rows_done.as_millis() as u64, finish_ms = (started.elapsed() - rows_done).as_millis() as u64, "export file written");
        Ok(rows)
    });
    let mut cursor = None;
    let mut read_rows = 0u64;
    // No export reveals an identity: a sensitive case's victims are written protected, for
    // every reader (a reveal is the screen's, one case at a time, audited).
    let sensitivity = cases::identity::Sensitivity::now(cases.lists).await?;
    let read: Result<(), Error> = async {
        loop {
            let mut page = reads::list(cases, viewer, filters, PAGE, cursor).await?;
            if kind == Kind::Publication {
                page.items.retain(|g| exports::columns::publishable(g, sensitivity.of(g)));
            }
            for g in &mut page.items {
                g.fields.parties = sensitivity.parties_given(&g.fields);
            }
            // The count said it fits, but cases filed since (or a list the engine does not
            // count) may take it past the most the file holds: stop reading there.
            read_rows += page.items.len() as u64;
            if kind.most_rows().is_some_and(|most| read_rows > most) {
                return Err(exports::too_many_for_pdf(None));
            }
            written.send_replace(read_rows);
            // A closed queue means the writer failed; its error is the one to answer.
            let sent = tx.send(page.items).await.is_ok();
            match (sent, page.cursor) {
                (true, Some(next)) => cursor = Some(next),
                _ => return Ok(()),
            }
        }
    }
    .await;
    drop(tx);
    let written = writer.await.map_err(Error::internal)?;
    read?;
    written
}

/// An export: written while the request waits when the list is counted and short (the link
/// answered, 200), otherwise started in the background (the job answered, 202).
async fn export(
    State(state): State<AppState>,
    caller: Caller,
    client: ClientInfo,
    Query(params): Query<ListParams>,
    RawQuery(query): RawQuery,
    Lang(language): Lang,
    kind: Kind,
) -> ApiResult<Response> {
    caller.require(Resource::Grievances, Action::Read)?;
    // The extractor has read the query (a bad filter is refused before anything starts); the
    // background worker reads the stored query string again (jobs::filters_of).
    let (filters, _, _) = ListParams { limit: None, cursor: None, ..params }.filters(state.cases(), caller.user().id, &caller.user().posting).await?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let matched = state.grievances.count(&viewer, &filters).await?.matched.map(|n| n.max(0) as u64);
    if let (Some(most), Some(n)) = (kind.most_rows(), matched) {
        if n > most {
            return Err(exports::too_many_for_pdf(Some(n)).into());
        }
    }
    let request = ExportRequest::new(kind, query.unwrap_or_default(), language, viewer, caller.actor(&client), caller.user().posting.clone());
    if !matched.is_some_and(|n| n <= state.exports.at_once_most) {
        let job = jobs::start(&state, request, matched).await?;
        return Ok((StatusCode::ACCEPTED, ApiJson(job)).into_response());
    }
    let produced = jobs::produce(&state, &request, &filters, &tokio::sync::watch::channel(0).0).await?;
    let link = state.blobs()?.download_link(&produced.key, Download { file_name: &produced.file_name, content_type: kind.content_type() }, LINK_LIFETIME).await?;
    let expires_at = link.expires_at.format(&time::format_description::well_known::Rfc3339).map_err(Error::internal)?;
    Ok(ApiJson(ExportLink { url: link.url, expires_at, rows: produced.rows }).into_response())
}

/// Where one of the caller's background exports stands: preparing (with the rows written so
/// far), ready (with the file's link) or failed (with why). Another user's is not found.
#[utoipa::path(get, path = "/api/exports/jobs/{id}", tag = "exports", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = ExportJobStatus), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn job_status(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> ApiResult<ApiJson<ExportJobStatus>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let status = jobs::status(&state, &id, caller.user().id).await?.ok_or_else(|| Error::NotFound(Msg::ExportNotFound))?;
    Ok(ApiJson(status))
}

/// Downloads an export through its signed link (embedded portal). The link is the
/// credential: no bearer token. A changed or expired link is answered 403.
#[utoipa::path(get, path = "/api/exports/files/{file}", tag = "exports", params(("file" = String, Path), LinkParams),
    responses((status = 200, description = "The file", content_type = "application/octet-stream"), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn download(State(state): State<AppState>, Path(file): Path<String>, Query(link): Query<LinkParams>) -> ApiResult<Response> {
    // In the cloud, links are S3's own and never point here.
    let local = state.blobs()?.local().ok_or_else(|| Error::NotFound(Msg::NotFound))?;
    http_glue::files::download(local, &file, link).await
}

#[cfg(test)]
mod tests {
    use cases::reads::{Filters, SectionFilter};
    use domain::law::section::{Act, SectionNo};

    #[test]
    fn the_heading_names_an_act_and_a_section_filter() {
        let mut filters = Filters { fir_no: Some("CIVIL/2026".into()), ..Filters::default() };
        filters.section = Some(SectionFilter { act: Act::Bns, section: SectionNo::parse("303(2)") });
        assert_eq!(super::applied(&filters), [("FIR Number".to_string(), "CIVIL/2026".to_string()), ("Act & Section".to_string(), "BNS 303(2)".to_string())]);
        filters.section = Some(SectionFilter { act: Act::Pocso, section: None });
        assert_eq!(super::applied(&filters)[1], ("Act & Section".to_string(), "POCSO".to_string()));
    }
}
