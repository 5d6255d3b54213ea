//! The embedded portal's own blob links: downloads and uploads through URLs it signed
//! itself (in the cloud, links are S3's and never point at the portal). The link is the
//! credential: no bearer token; a changed or expired link is answered 403.

use domain::Msg;
use crate::{ApiError, ApiResult};
use axum::body::Body;
use axum::response::Response;
use blobs::local::{LocalBlobs, SignedQuery, SignedUpload};
use domain::Error;
use futures_util::StreamExt;
use http::StatusCode;
use serde::Deserialize;
use tokio::io::AsyncWriteExt;
use utoipa::IntoParams;

/// The query of a download link, as `download_link` signed it.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LinkParams {
    /// The name the file is saved as.
    pub name: Option<String>,
    /// Its content type.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub content_type: Option<String>,
    /// Seconds since the epoch after which the link is refused.
    pub expires: Option<i64>,
    /// Hex HMAC over the file, name, type and expiry.
    pub signature: Option<String>,
}

/// Sends the file a download link names.
pub async fn download(local: &LocalBlobs, file: &str, link: LinkParams) -> ApiResult<Response> {
    let query = SignedQuery {
        name: link.name.unwrap_or_default(),
        content_type: link.content_type.unwrap_or_default(),
        expires: link.expires.unwrap_or(0),
        signature: link.signature.unwrap_or_default(),
    };
    let signed = local.open_signed(file, &query, domain::clock::now().unix_timestamp())?;
    let file = tokio::fs::File::open(&signed.path).await.map_err(Error::internal)?;
    Response::builder()
        .header(http::header::CONTENT_TYPE, signed.content_type)
        .header(http::header::CONTENT_DISPOSITION, blobs::content_disposition(&signed.file_name))
        .header(http::header::CACHE_CONTROL, "private, no-store")
        .body(Body::from_stream(tokio_util::io::ReaderStream::new(file)))
        .map_err(|e| Error::internal(e).into())
}

/// The query of an upload link, as `upload_link` signed it.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadParams {
    /// The content type the upload was declared with.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub content_type: Option<String>,
    /// The most bytes the upload may hold.
    pub size: Option<u64>,
    /// Seconds since the epoch after which the link is refused.
    pub expires: Option<i64>,
    /// Hex HMAC over the file, type, size and expiry.
    pub signature: Option<String>,
}

/// Receives the bytes of an upload link, streamed to disk: never more than the link allows
/// (413), never a half-written file under the final name, never a second time (409).
pub async fn receive(local: &LocalBlobs, file: &str, params: UploadParams, body: Body, too_big: Msg) -> ApiResult<()> {
    let query = SignedUpload {
        content_type: params.content_type.unwrap_or_default(),
        size: params.size.unwrap_or(0),
        expires: params.expires.unwrap_or(0),
        signature: params.signature.unwrap_or_default(),
    };
    let target = local.open_upload(file, &query, domain::clock::now().unix_timestamp())?;
    let partial = &target.partial;
    let written: ApiResult<()> = async {
        let mut out = tokio::fs::File::create(partial).await.map_err(Error::internal)?;
        let mut received: u64 = 0;
        let mut stream = body.into_data_stream();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|_| Error::BadRequest(Msg::UploadInterrupted))?;
            received += chunk.len() as u64;
            if received > target.size {
                return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, too_big));
            }
            out.write_all(&chunk).await.map_err(Error::internal)?;
        }
        out.sync_all().await.map_err(Error::internal)?;
        Ok(())
    }
    .await;
    match written {
        Ok(()) => Ok(target.keep().await?),
        Err(e) => {
            let _ = tokio::fs::remove_file(partial).await;
            Err(e)
        }
    }
}
