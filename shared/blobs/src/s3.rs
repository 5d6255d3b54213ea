//! The cloud engine: an S3 bucket (public access blocked, encrypted; see template.yaml),
//! presigned GETs that name the download and its type, and presigned PUTs that fix the type
//! and the exact size of an upload (both are signed, so S3 refuses any other) and carry
//! `If-None-Match: *`, so S3 refuses them (412) while the key holds an object: a link
//! works once.

use crate::{BlobStore, Download, Link, Upload};
use async_trait::async_trait;
use aws_sdk_s3::presigning::PresigningConfig;
use aws_sdk_s3::primitives::ByteStream;
use aws_sdk_s3::Client;
use domain::{Error, Result};
use std::path::Path;
use std::time::Duration;
use time::OffsetDateTime;

pub struct S3Blobs {
    client: Client,
    bucket: String,
}

impl S3Blobs {
    pub fn new(client: Client, bucket: impl Into<String>) -> Self {
        S3Blobs { client, bucket: bucket.into() }
    }

    /// A client for an S3-compatible server at `endpoint` (moto in tests), path-style.
    pub async fn local(endpoint: &str, bucket: impl Into<String>) -> Self {
        let credentials = aws_sdk_s3::config::Credentials::new("test", "test", None, None, "local");
        let config = aws_config::defaults(aws_config::BehaviorVersion::latest())
            .endpoint_url(endpoint)
            .region(aws_config::Region::new("us-east-1"))
            .credentials_provider(credentials)
            .load()
            .await;
        let s3 = aws_sdk_s3::config::Builder::from(&config).force_path_style(true).build();
        S3Blobs::new(Client::from_conf(s3), bucket)
    }

    /// Creates the bucket (tests; in the cloud the template does).
    pub async fn ensure_bucket(&self) -> Result<()> {
        match self.client.create_bucket().bucket(&self.bucket).send().await {
            Ok(_) => Ok(()),
            Err(e) if e.as_service_error().is_some_and(|s| s.is_bucket_already_owned_by_you()) => Ok(()),
            Err(e) => Err(Error::internal(aws_sdk_s3::error::DisplayErrorContext(e))),
        }
    }

    /// Opens the connection during init, so the first export does not pay for it.
    pub async fn warm_up(&self) {
        if let Err(e) = self.client.head_bucket().bucket(&self.bucket).send().await {
            tracing::warn!(error = %aws_sdk_s3::error::DisplayErrorContext(e), "the exports bucket did not answer during init");
        }
    }
}

#[async_trait]
impl BlobStore for S3Blobs {
    async fn put_file(&self, key: &str, path: &Path, content_type: &str) -> Result<()> {
        let body = ByteStream::from_path(path).await.map_err(Error::internal)?;
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(key)
            .content_type(content_type)
            .body(body)
            .send()
            .await
            .map_err(|e| Error::internal(aws_sdk_s3::error::DisplayErrorContext(e)))?;
        Ok(())
    }

    async fn put_bytes(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<()> {
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(key)
            .content_type(content_type)
            .body(ByteStream::from(bytes))
            .send()
            .await
            .map_err(|e| Error::internal(aws_sdk_s3::error::DisplayErrorContext(e)))?;
        Ok(())
    }

    async fn get_bytes(&self, key: &str) -> Result<Option<Vec<u8>>> {
        match self.client.get_object().bucket(&self.bucket).key(key).send().await {
            Ok(object) => Ok(Some(object.body.collect().await.map_err(Error::internal)?.into_bytes().to_vec())),
            Err(e) if e.as_service_error().is_some_and(|s| s.is_no_such_key()) => Ok(None),
            Err(e) => Err(Error::internal(aws_sdk_s3::error::DisplayErrorContext(e))),
        }
    }

    async fn download_link(&self, key: &str, download: Download<'_>, lifetime: Duration) -> Result<Link> {
        let expires_at = OffsetDateTime::now_utc() + lifetime;
        let presigning = PresigningConfig::expires_in(lifetime).map_err(Error::internal)?;
        let request = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(key)
            .response_content_type(download.content_type)
            .response_content_disposition(crate::content_disposition(download.file_name))
            .presigned(presigning)
            .await
            .map_err(|e| Error::internal(aws_sdk_s3::error::DisplayErrorContext(e)))?;
        Ok(Link { url: request.uri().to_string(), expires_at })
    }

    async fn upload_link(&self, key: &str, content_type: &str, size: u64, lifetime: Duration) -> Result<Upload> {
        let expires_at = OffsetDateTime::now_utc() + lifetime;
        let presigning = PresigningConfig::expires_in(lifetime).map_err(Error::internal)?;
        let request = self
            .client
            .put_object()
            .bucket(&self.bucket)
            .key(key)
            .content_type(content_type)
            .content_length(size as i64)
            // Signed, so a PUT without it is refused too.
            .if_none_match("*")
            .presigned(presigning)
            .await
            .map_err(|e| Error::internal(aws_sdk_s3::error::DisplayErrorContext(e)))?;
        // A browser sets Content-Length itself from the body (it may not set it by hand);
        // the signature still holds it, so any other size is refused by S3. The bucket's
        // CORS rule allows the headers left: Content-Type and If-None-Match.
        let headers = request
            .headers()
            .filter(|(name, _)| !name.eq_ignore_ascii_case("content-length"))
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect();
        Ok(Upload { url: request.uri().to_string(), method: "PUT", headers, expires_at })
    }

    async fn size(&self, key: &str) -> Result<Option<u64>> {
        match self.client.head_object().bucket(&self.bucket).key(key).send().await {
            Ok(head) => Ok(Some(head.content_length().unwrap_or(0).max(0) as u64)),
            Err(e) if e.as_service_error().is_some_and(|s| s.is_not_found()) => Ok(None),
            Err(e) => Err(Error::internal(aws_sdk_s3::error::DisplayErrorContext(e))),
        }
    }

    async fn read_start(&self, key: &str, len: usize) -> Result<Vec<u8>> {
        let object = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(key)
            .range(format!("bytes=0-{}", len.saturating_sub(1)))
            .send()
            .await
            .map_err(|e| Error::internal(aws_sdk_s3::error::DisplayErrorContext(e)))?;
        let bytes = object.body.collect().await.map_err(Error::internal)?.into_bytes();
        Ok(bytes[..bytes.len().min(len)].to_vec())
    }

    /// Within the bucket: the bytes never pass through the function.
    async fn copy(&self, from: &str, to: &str) -> Result<()> {
        self.client
            .copy_object()
            .bucket(&self.bucket)
            .copy_source(format!("{}/{from}", self.bucket))
            .key(to)
            .send()
            .await
            .map_err(|e| Error::internal(aws_sdk_s3::error::DisplayErrorContext(e)))?;
        Ok(())
    }

    async fn delete(&self, key: &str) -> Result<()> {
        self.client
            .delete_object()
            .bucket(&self.bucket)
            .key(key)
            .send()
            .await
            .map_err(|e| Error::internal(aws_sdk_s3::error::DisplayErrorContext(e)))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_file_put_to_s3_comes_back_through_its_presigned_link() {
        let blobs = S3Blobs::local(testkit::moto_endpoint(), testkit::unique("exports")).await;
        blobs.ensure_bucket().await.unwrap();
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("f.xlsx");
        std::fs::write(&source, b"PK\x03\x04 spreadsheet").unwrap();
        blobs.put_file("exports/f.xlsx", &source, "application/vnd.ms-excel").await.unwrap();
        let download = Download { file_name: "grievances.xlsx", content_type: "application/vnd.ms-excel" };
        let link = blobs.download_link("exports/f.xlsx", download, Duration::from_secs(300)).await.unwrap();
        assert!(link.url.contains("X-Amz-Signature="), "{}", link.url);
        assert!(link.url.contains("X-Amz-Expires=300"), "{}", link.url);
        let answer = reqwest::get(&link.url).await.unwrap();
        assert_eq!(answer.status(), 200);
        assert_eq!(answer.bytes().await.unwrap().as_ref(), b"PK\x03\x04 spreadsheet");
    }

    #[tokio::test]
    async fn a_small_blob_is_replaced_and_read_back_and_a_missing_one_is_none() {
        let blobs = S3Blobs::local(testkit::moto_endpoint(), testkit::unique("exports")).await;
        blobs.ensure_bucket().await.unwrap();
        assert_eq!(blobs.get_bytes("job-1.json").await.unwrap(), None);
        blobs.put_bytes("job-1.json", b"{\"rows\":1}".to_vec(), "application/json").await.unwrap();
        blobs.put_bytes("job-1.json", b"{\"rows\":2}".to_vec(), "application/json").await.unwrap();
        assert_eq!(blobs.get_bytes("job-1.json").await.unwrap().as_deref(), Some(&b"{\"rows\":2}"[..]));
    }

    #[tokio::test]
    async fn a_browser_uploads_once_through_a_presigned_put_and_the_blob_can_be_checked_copied_and_deleted() {
        let blobs = S3Blobs::local(testkit::moto_endpoint(), testkit::unique("attachments")).await;
        blobs.ensure_bucket().await.unwrap();
        let body = b"\x89PNG\r\n\x1a\n rest of the image".to_vec();
        let upload = blobs.upload_link("pending.3.u1", "image/png", body.len() as u64, Duration::from_secs(300)).await.unwrap();
        assert_eq!(upload.method, "PUT");
        assert!(upload.url.contains("X-Amz-Signature="), "{}", upload.url);
        // Only the type and the condition for the browser to send (what the bucket's CORS
        // rule allows); the size is signed too, so S3 refuses a body of any other length.
        let mut headers = upload.headers.clone();
        headers.sort();
        assert_eq!(headers, vec![("content-type".to_string(), "image/png".to_string()), ("if-none-match".to_string(), "*".to_string())]);
        assert!(upload.url.contains("X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost%3Bif-none-match"), "{}", upload.url);
        let put = |bytes: Vec<u8>| {
            let mut put = reqwest::Client::new().put(&upload.url).body(bytes);
            for (name, value) in &upload.headers {
                put = put.header(name, value);
            }
            put.send()
        };
        assert_eq!(put(body.clone()).await.unwrap().status(), 200);
        let mut other = body.clone();
        other[10] = b'X';
        assert_eq!(put(other).await.unwrap().status(), 412, "the link works once");
        assert_eq!(blobs.size("pending.3.u1").await.unwrap(), Some(body.len() as u64));
        assert_eq!(blobs.read_start("pending.3.u1", 12).await.unwrap(), &body[..12], "the first upload's bytes");
        blobs.copy("pending.3.u1", "grievance-3.u1.png").await.unwrap();
        assert_eq!(blobs.size("pending.3.u1").await.unwrap(), Some(body.len() as u64), "the upload stays, and so does its link's refusal");
        blobs.delete("pending.3.u1").await.unwrap();
        assert_eq!(blobs.read_start("grievance-3.u1.png", 64).await.unwrap(), body, "the copy outlives the upload");
        blobs.delete("grievance-3.u1.png").await.unwrap();
        assert_eq!(blobs.size("grievance-3.u1.png").await.unwrap(), None);
    }
}
