//! `/api/grievances/{id}/attachments`: documents kept with a grievance. Scoped exactly like
//! the grievance: whoever cannot see it gets 404 for its attachments too. The bytes never
//! pass through here in the cloud: the browser PUTs them to S3 through a presigned link and
//! downloads them through another.

use domain::GrievanceId;
use domain::Msg;
use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use blobs::LINK_LIFETIME;
use cases::attachments::{self, Attachment, UploadId};
use cases::reads;
use domain::{Action, Error, Resource};
use http_glue::json::Deferred;
use http_glue::files::{LinkParams, UploadParams};
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody, SuccessMessage};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(list_attachments, confirm_upload))
        .routes(routes!(start_upload))
        .routes(routes!(download_link))
        .routes(routes!(delete_attachment))
        .routes(routes!(download_file, upload_file))
}

/// How long an upload link works: enough for 20 MB on a slow district line.
const UPLOAD_LIFETIME: std::time::Duration = std::time::Duration::from_secs(15 * 60);

fn rfc3339(t: time::OffsetDateTime) -> Result<String, Error> {
    t.format(&time::format_description::well_known::Rfc3339).map_err(Error::internal)
}

#[derive(Deserialize, ToSchema)]
pub struct UploadRequest {
    pub file_name: String,
    /// application/pdf, image/jpeg or image/png.
    pub content_type: String,
    /// Bytes; at most 20 MB.
    pub size: u64,
}

/// Where and how the browser sends the file's bytes.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct UploadTicket {
    /// Names the upload when it is confirmed.
    pub upload_id: String,
    /// Relative to the portal, or an absolute presigned S3 address. No token in it; send none.
    pub url: String,
    /// Always PUT.
    pub method: String,
    /// Send exactly these headers with the bytes.
    pub headers: BTreeMap<String, String>,
    /// RFC 3339; the link is refused after this.
    pub expires_at: String,
}

/// Starts an upload: checks what the browser declares and answers a link to PUT the bytes to.
#[utoipa::path(post, path = "/api/grievances/{id}/attachments/uploads", tag = "attachments", security(("bearer" = [])), params(("id" = i64, Path)), request_body = UploadRequest,
    responses((status = 201, body = UploadTicket), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn start_upload(State(state): State<AppState>, caller: Caller, Path(id): Path<GrievanceId>, body: Deferred<UploadRequest>) -> ApiResult<(http::StatusCode, ApiJson<UploadTicket>)> {
    caller.require(Resource::Grievances, Action::Update)?;
    let body = body.read()?;
    let g = reads::get(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    attachments::check_declared(&body.content_type, body.size)?;
    let upload = UploadId::new();
    let content_type = body.content_type.trim().to_ascii_lowercase();
    let link = state.attachments()?.upload_link(&attachments::pending_key(g.id, upload), &content_type, body.size, UPLOAD_LIFETIME).await?;
    let ticket = UploadTicket {
        upload_id: upload.to_string(),
        url: link.url,
        method: link.method.to_string(),
        headers: link.headers.into_iter().collect(),
        expires_at: rfc3339(link.expires_at)?,
    };
    Ok((http::StatusCode::CREATED, ApiJson(ticket)))
}

#[derive(Deserialize, ToSchema)]
pub struct AttachRequest {
    /// From the upload ticket.
    pub upload_id: String,
    pub file_name: String,
}

/// Confirms an upload: the type is read from the content (PDF, JPEG or PNG), the size
/// checked, and the attachment recorded with an ATTACHMENT_ADDED audit record, named with
/// its type's extension. A file that fails a check is deleted; an upload attached already
/// is answered 409 and left as it is.
#[utoipa::path(post, path = "/api/grievances/{id}/attachments", tag = "attachments", security(("bearer" = [])), params(("id" = i64, Path)), request_body = AttachRequest,
    responses((status = 201, body = Envelope<Attachment>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn confirm_upload(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<AttachRequest>) -> ApiResult<(http::StatusCode, ApiJson<Envelope<Attachment>>)> {
    caller.require(Resource::Grievances, Action::Update)?;
    let body = body.read()?;
    let seen = reads::to_change(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    let g = seen.grievance();
    let upload = UploadId::parse(&body.upload_id)?;
    let attachment = attachments::add(state.cases(), state.attachments()?, &caller.actor(&client), g, upload, &body.file_name).await?;
    Ok((http::StatusCode::CREATED, ApiJson(Envelope::ok(attachment))))
}

/// The grievance's attachments, newest first.
#[utoipa::path(get, path = "/api/grievances/{id}/attachments", tag = "attachments", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<Vec<Attachment>>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn list_attachments(State(state): State<AppState>, caller: Caller, Path(id): Path<GrievanceId>) -> ApiResult<ApiJson<Envelope<Vec<Attachment>>>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let g = reads::get(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    Ok(ApiJson(Envelope::ok(attachments::list(state.cases(), g.id).await?)))
}

/// A download link for one attachment.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct FileLink {
    /// Opens the file: relative to the portal, or an absolute S3 address. No token in it.
    pub url: String,
    /// RFC 3339; the link answers 403 after this.
    pub expires_at: String,
}

/// A five-minute link that downloads the attachment under its own name.
#[utoipa::path(get, path = "/api/grievances/{id}/attachments/{attachment_id}/link", tag = "attachments", security(("bearer" = [])),
    params(("id" = i64, Path), ("attachment_id" = String, Path)),
    responses((status = 200, body = FileLink), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn download_link(State(state): State<AppState>, caller: Caller, Path((id, attachment_id)): Path<(GrievanceId, String)>) -> ApiResult<ApiJson<FileLink>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let g = reads::get(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    let link = attachments::download_link(state.cases(), state.attachments()?, g.id, &attachment_id, LINK_LIFETIME).await?;
    Ok(ApiJson(FileLink { url: link.url, expires_at: rfc3339(link.expires_at)? }))
}

/// Removes an attachment; an ATTACHMENT_DELETED audit record keeps its name, type and size.
#[utoipa::path(delete, path = "/api/grievances/{id}/attachments/{attachment_id}", tag = "attachments", security(("bearer" = [])),
    params(("id" = i64, Path), ("attachment_id" = String, Path)),
    responses((status = 200, body = SuccessMessage), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn delete_attachment(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path((id, attachment_id)): Path<(GrievanceId, String)>) -> ApiResult<ApiJson<SuccessMessage>> {
    caller.require(Resource::Grievances, Action::Update)?;
    let seen = reads::to_change(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    let g = seen.grievance();
    attachments::delete(state.cases(), state.attachments()?, &caller.actor(&client), g, &attachment_id).await?;
    Ok(ApiJson(SuccessMessage::new("Attachment deleted successfully")))
}

/// The local attachments store, or 404 in the cloud, where links are S3's own.
fn local(state: &AppState) -> ApiResult<&blobs::local::LocalBlobs> {
    Ok(state.attachments()?.local().ok_or_else(|| Error::NotFound(Msg::NotFound))?)
}

/// Downloads an attachment through its signed link (embedded portal).
#[utoipa::path(get, path = "/api/attachments/files/{file}", tag = "attachments", params(("file" = String, Path), LinkParams),
    responses((status = 200, description = "The file", content_type = "application/octet-stream"), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn download_file(State(state): State<AppState>, Path(file): Path<String>, Query(link): Query<LinkParams>) -> ApiResult<Response> {
    http_glue::files::download(local(&state)?, &file, link).await
}

/// Receives an attachment's bytes through its signed upload link (embedded portal); at most
/// the size the link was signed for, and once: a link whose file has arrived is answered 409.
#[utoipa::path(put, path = "/api/attachments/files/{file}", tag = "attachments", params(("file" = String, Path), UploadParams),
    request_body(content = Vec<u8>, content_type = "application/octet-stream"),
    responses((status = 200, body = SuccessMessage), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody), (status = 413, body = ErrorBody)))]
async fn upload_file(State(state): State<AppState>, Path(file): Path<String>, Query(params): Query<UploadParams>, body: Body) -> ApiResult<ApiJson<SuccessMessage>> {
    if !file.starts_with(attachments::PENDING_PREFIX) {
        return Err(Error::Forbidden(Msg::UploadLinkInvalid).into());
    }
    http_glue::files::receive(local(&state)?, &file, params, body, Msg::AttachmentTooBig).await?;
    Ok(ApiJson(SuccessMessage::new("File received")))
}
