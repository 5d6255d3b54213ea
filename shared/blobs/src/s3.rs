//! The cloud engine: an S3 bucket (public access blocked, encrypted, expiring objects; see
//! template.yaml) and presigned GETs that name the download and its type.

use crate::{BlobStore, Download, Link};
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

    async fn download_link(&self, key: &str, download: Download<'_>, lifetime: Duration) -> Result<Link> {
        let expires_at = OffsetDateTime::now_utc() + lifetime;
        let presigning = PresigningConfig::expires_in(lifetime).map_err(Error::internal)?;
        let request = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(key)
            .response_content_type(download.content_type)
            .response_content_disposition(format!("attachment; filename=\"{}\"", download.file_name))
            .presigned(presigning)
            .await
            .map_err(|e| Error::internal(aws_sdk_s3::error::DisplayErrorContext(e)))?;
        Ok(Link { url: request.uri().to_string(), expires_at })
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
}
