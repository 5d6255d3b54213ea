//! Exports too long to write while the request waits. A request and its progress are two
//! small blobs beside the files: `request-{id}.json`, written once, and `job-{id}.json`,
//! rewritten as the file grows. The file is written by this process (the portal), or in
//! the cloud by the export worker function, which the exports bucket invokes for each new
//! request blob. The requester asks `GET /api/exports/jobs/{id}` until it is ready.

use domain::Msg;
use http_glue::export_queues::Lane;
use crate::{write_file, ExportLink};
use blobs::{BlobStore, Download, LINK_LIFETIME};
use cases::reads::{Filters, Viewer};
use cases::writes::AuditEntry;
use cases::Actor;
use domain::audit::AuditAction;
use domain::{Error, Result};
use exports::{Heading, Kind, Language};
use grievances_area::ListParams;
use http_glue::AppState;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::time::Duration;
use utoipa::ToSchema;

/// An export as asked: what, with which filters, for whom (their reach when they asked).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ExportRequest {
    pub id: String,
    pub kind: String,
    /// The list's query string as the requester sent it.
    pub query: String,
    pub language: String,
    pub viewer: Viewer,
    pub actor: Actor,
    /// The requester's posting, what "escalated to me" means in the query.
    #[serde(default)]
    pub posting: domain::jurisdiction::Posting,
}

impl ExportRequest {
    pub fn new(kind: Kind, query: String, language: Language, viewer: Viewer, actor: Actor, posting: domain::jurisdiction::Posting) -> ExportRequest {
        ExportRequest { id: uuid::Uuid::new_v4().simple().to_string(), kind: kind.as_str().into(), query, language: language.code().into(), viewer, actor, posting }
    }

    fn kind(&self) -> Result<Kind> {
        Kind::parse(&self.kind).ok_or_else(|| Error::internal(format!("export request {}: unknown kind {}", self.id, self.kind)))
    }
}

/// Where a background export stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum JobState {
    Preparing,
    Ready,
    Failed,
}

/// A background export's progress as kept beside its file.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Progress {
    user_id: i64,
    kind: String,
    state: JobState,
    rows: u64,
    expected_rows: Option<u64>,
    file_key: Option<String>,
    file_name: Option<String>,
    /// Why it failed, as a message value; a text kept by an earlier release reads as the
    /// generic failure.
    #[serde(default, deserialize_with = "failure_or_generic")]
    error: Option<Msg>,
    /// Seconds since the epoch of the last change.
    updated_at: i64,
}

fn failure_or_generic<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Msg>, D::Error> {
    let value = Option::<serde_json::Value>::deserialize(d)?;
    Ok(value.map(|v| serde_json::from_value(v).unwrap_or(Msg::ExportFailed)))
}

/// Answered when a background export is started.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct ExportJob {
    pub job_id: String,
    /// Ask it (with the session) until `status` is ready or failed.
    pub status_url: String,
    /// The grievances the list held when asked; null when the list is not counted.
    pub expected_rows: Option<u64>,
}

/// A background export as its requester sees it.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct ExportJobStatus {
    pub status: JobState,
    /// Rows written so far; once ready, the rows in the file.
    pub rows: u64,
    pub expected_rows: Option<u64>,
    /// When ready: the file's link, as a finished export answers it.
    pub link: Option<ExportLink>,
    /// When failed: why, as an error answer says it.
    pub error: Option<JobError>,
}

/// Why a background export failed: the English text, and its code and values for the web
/// app to show it in the user's language (as in every error answer).
#[derive(Serialize, Deserialize, ToSchema)]
pub struct JobError {
    pub error: String,
    pub code: String,
    pub params: std::collections::BTreeMap<String, String>,
}

impl JobError {
    fn of(message: Msg) -> JobError {
        JobError { error: message.to_string(), code: message.code().to_string(), params: message.params() }
    }
}

/// A background export whose progress has not moved for this long has stopped (its process
/// ended): it is answered as failed. The worker writes progress every second.
const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

fn request_key(id: &str) -> String {
    format!("request-{id}.json")
}

fn progress_key(id: &str) -> String {
    format!("job-{id}.json")
}

/// A job id as this module makes them (a UUID's 32 hex digits); anything else names none.
fn valid_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

fn now_seconds() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

async fn save(blobs: &dyn BlobStore, id: &str, progress: &Progress) -> Result<()> {
    blobs.put_bytes(&progress_key(id), serde_json::to_vec(progress).map_err(Error::internal)?, "application/json").await
}

async fn read<T: serde::de::DeserializeOwned>(blobs: &dyn BlobStore, key: &str) -> Result<Option<T>> {
    match blobs.get_bytes(key).await? {
        Some(bytes) => Ok(Some(serde_json::from_slice(&bytes).map_err(|e| Error::internal(format!("{key}: {e}")))?)),
        None => Ok(None),
    }
}

/// A finished file in the blob store.
pub struct Produced {
    pub key: String,
    pub file_name: String,
    pub rows: u64,
}

/// The list filters of an export's query string, as the list reads them (no page size or
/// cursor: an export is the whole list).
pub async fn filters_of(state: &AppState, query: &str, user_id: i64, posting: &domain::jurisdiction::Posting) -> Result<Filters> {
    let uri: http::Uri = format!("/?{query}").parse().map_err(|_| Error::BadRequest(Msg::ExportQueryInvalid))?;
    let params = axum::extract::Query::<ListParams>::try_from_uri(&uri).map_err(|e| Error::BadRequest(Msg::RequestRefused { detail: e.body_text() }))?.0;
    Ok(ListParams { limit: None, cursor: None, ..params }.filters(state.cases(), user_id, posting).await?.0)
}

/// The work of an export, whether its requester waits or not: the file written from the
/// list, stored, and recorded in the audit trail. `rows` hears how many rows are written.
/// `filters` are the request's, as [`filters_of`] reads them.
pub async fn produce(state: &AppState, request: &ExportRequest, filters: &Filters, rows: &tokio::sync::watch::Sender<u64>) -> Result<Produced> {
    let kind = request.kind()?;
    let blobs = state.blobs()?;
    let language = Language::parse(&request.language);
    let now = domain::clock::now();
    let title = match kind {
        Kind::Officers => "Investigation Officers",
        Kind::Publication => "FIR Publication",
        Kind::Excel | Kind::Pdf => "Grievances & FIR Report",
    };
    let heading = Heading { title: language.say(title).to_string(), filters: crate::applied(&filters), generated_at: now, generated_by: request.actor.name.clone(), language, about: Vec::new() };
    let filters_text = heading.filters_text();
    let filters_applied = heading.filters.clone();

    // A PDF is laid out whole in memory: one at a time (see `queue`).
    let lane = match kind {
        Kind::Pdf => Lane::GrievancesPdf,
        Kind::Excel | Kind::Publication => Lane::GrievancesExcel,
        Kind::Officers => Lane::Officers,
    };
    let _turn = state.export_queues.take(lane, request.actor.user_id).await?;
    let dir = tempfile::tempdir().map_err(Error::internal)?;
    let key = format!("{}.{}", request.id, kind.extension());
    let path = dir.path().join(&key);
    let names = crate::item_names::ItemNames::read(state.lists.as_ref(), &crate::item_names::ItemNames::OF_A_GRIEVANCE, language).await?;
    let written = write_file(state.cases(), &request.viewer, &filters, kind, heading, names, path.clone(), rows).await?;
    blobs.put_file(&key, &path, kind.content_type()).await?;
    let file_name = kind.file_name(now);

    let what = if kind == Kind::Officers { "officer entries" } else { "grievances" };
    let entry = AuditEntry {
        action: AuditAction::Exported,
        field_name: Some("export".into()),
        old_value: None,
        new_value: Some(kind.label().to_string()),
        notes: Some(format!("{written} {what} to {} (filters: {filters_text})", kind.label())),
        action_details: Some(json!({
            "kind": kind.as_str(),
            "rows": written,
            "filters": filters_applied.into_iter().collect::<std::collections::BTreeMap<_, _>>(),
            "file_name": file_name,
        })),
    };
    state.trail.record_event(&request.actor, entry).await?;
    tracing::info!(kind = kind.as_str(), rows = written, user = request.actor.user_id, "export written");
    Ok(Produced { key, file_name, rows: written })
}

/// Starts `request` in the background: its progress and the request itself are stored, and
/// the file is written here or (in the cloud) by the worker the stored request invokes.
pub async fn start(state: &AppState, request: ExportRequest, expected_rows: Option<u64>) -> Result<ExportJob> {
    let blobs = state.blobs()?;
    let progress = Progress {
        user_id: request.actor.user_id,
        kind: request.kind.clone(),
        state: JobState::Preparing,
        rows: 0,
        expected_rows,
        file_key: None,
        file_name: None,
        error: None,
        updated_at: now_seconds(),
    };
    save(blobs, &request.id, &progress).await?;
    blobs.put_bytes(&request_key(&request.id), serde_json::to_vec(&request).map_err(Error::internal)?, "application/json").await?;
    let id = request.id.clone();
    if state.exports.in_process {
        let state = state.clone();
        let id = id.clone();
        tokio::spawn(async move {
            if let Err(e) = run(&state, &id).await {
                tracing::error!(job = %id, error = %e, "background export");
            }
        });
    }
    Ok(ExportJob { status_url: format!("/api/exports/jobs/{id}"), job_id: id, expected_rows })
}

/// Writes the file of the stored request `id`, keeping its progress up to date. A request
/// already finished is left as it is (the cloud may deliver its event twice).
pub async fn run(state: &AppState, id: &str) -> Result<()> {
    let blobs = state.blobs()?;
    let request: ExportRequest = read(blobs, &request_key(id)).await?.ok_or_else(|| Error::internal(format!("no export request {id}")))?;
    let mut progress: Progress = read(blobs, &progress_key(id)).await?.ok_or_else(|| Error::internal(format!("no progress for export {id}")))?;
    if progress.state != JobState::Preparing {
        return Ok(());
    }
    let (rows, written) = tokio::sync::watch::channel(0u64);
    let work = async { produce(state, &request, &filters_of(state, &request.query, request.viewer.user_id, &request.posting).await?, &rows).await };
    tokio::pin!(work);
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    let outcome = loop {
        tokio::select! {
            outcome = &mut work => break outcome,
            _ = tick.tick() => {
                progress.rows = *written.borrow();
                progress.updated_at = now_seconds();
                if let Err(e) = save(blobs, id, &progress).await {
                    tracing::warn!(job = %id, error = %e, "export progress not saved");
                }
            }
        }
    };
    progress.updated_at = now_seconds();
    match outcome {
        Ok(produced) => {
            progress.state = JobState::Ready;
            progress.rows = produced.rows;
            progress.file_key = Some(produced.key);
            progress.file_name = Some(produced.file_name);
        }
        Err(e) => {
            tracing::error!(job = %id, error = %e, "export failed");
            progress.state = JobState::Failed;
            // What the requester may read: a refusal in their words; an internal fault never.
            progress.error = Some(match e {
                Error::Internal(_) | Error::Unavailable(_) => Msg::ExportFailed,
                other => other.message().cloned().unwrap_or(Msg::ExportFailed),
            });
        }
    }
    save(blobs, id, &progress).await
}

/// Where the export `id` of `user_id` stands; `None` when there is none of theirs.
pub async fn status(state: &AppState, id: &str, user_id: i64) -> Result<Option<ExportJobStatus>> {
    if !valid_id(id) {
        return Ok(None);
    }
    let blobs = state.blobs()?;
    let Some(progress) = read::<Progress>(blobs, &progress_key(id)).await?.filter(|p| p.user_id == user_id) else { return Ok(None) };
    let stalled = progress.state == JobState::Preparing && now_seconds() - progress.updated_at > STALE_AFTER.as_secs() as i64;
    let answer = |status, error: Option<Msg>, link| ExportJobStatus { status, rows: progress.rows, expected_rows: progress.expected_rows, link, error: error.map(JobError::of) };
    Ok(Some(match (progress.state, &progress.file_key, &progress.file_name) {
        (JobState::Ready, Some(key), Some(file_name)) => {
            let kind = Kind::parse(&progress.kind).ok_or_else(|| Error::internal(format!("export {id}: unknown kind")))?;
            let link = blobs.download_link(key, Download { file_name, content_type: kind.content_type() }, LINK_LIFETIME).await?;
            let expires_at = link.expires_at.format(&time::format_description::well_known::Rfc3339).map_err(Error::internal)?;
            answer(JobState::Ready, None, Some(ExportLink { url: link.url, expires_at, rows: progress.rows }))
        }
        (JobState::Preparing, _, _) if stalled => answer(JobState::Failed, Some(Msg::ExportFailed), None),
        (JobState::Preparing, _, _) => answer(JobState::Preparing, None, None),
        _ => answer(JobState::Failed, Some(progress.error.clone().unwrap_or_else(|| Msg::ExportFailed)), None),
    }))
}

/// The export ids a cloud event names: an EventBridge "Object Created" event of the exports
/// bucket for a `request-{id}.json` blob.
pub fn requested_ids(event: &serde_json::Value) -> Vec<String> {
    let key = event["detail"]["object"]["key"].as_str().unwrap_or_default();
    key.strip_prefix("request-").and_then(|rest| rest.strip_suffix(".json")).filter(|id| valid_id(id)).map(|id| vec![id.to_string()]).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_eventbridge_object_created_event_names_the_request() {
        let id = "0123456789abcdef0123456789abcdef";
        let event = json!({"source": "aws.s3", "detail-type": "Object Created", "detail": {"bucket": {"name": "exports"}, "object": {"key": format!("request-{id}.json"), "size": 900}}});
        assert_eq!(requested_ids(&event), [id]);
        for key in ["job-0123456789abcdef0123456789abcdef.json", "request-../x.json", "0123456789abcdef0123456789abcdef.xlsx"] {
            assert_eq!(requested_ids(&json!({"detail": {"object": {"key": key}}})), Vec::<String>::new(), "{key}");
        }
        assert_eq!(requested_ids(&json!({})), Vec::<String>::new());
    }
}
