//! The blob store: where export files live until their download link has been used. One
//! port, two engines: a directory under the data directory, handed out through portal URLs
//! signed with HMAC (`local`), and S3, handed out through presigned GETs (`s3`).

pub mod local;
pub mod s3;

use async_trait::async_trait;
use domain::Result;
use std::path::Path;
use std::time::Duration;
use time::OffsetDateTime;

/// How long a download link works: long enough to click, too short to pass around.
pub const LINK_LIFETIME: Duration = Duration::from_secs(5 * 60);

/// A link that downloads one blob until `expires_at`, carrying no session token.
#[derive(Clone, Debug)]
pub struct Link {
    pub url: String,
    pub expires_at: OffsetDateTime,
}

/// What a download is saved as.
#[derive(Clone, Debug)]
pub struct Download<'a> {
    pub file_name: &'a str,
    pub content_type: &'a str,
}

#[async_trait]
pub trait BlobStore: Send + Sync {
    /// Stores the file at `path` under `key`, replacing nothing: keys are unique.
    async fn put_file(&self, key: &str, path: &Path, content_type: &str) -> Result<()>;

    /// A link that downloads `key` as `download` for `lifetime`.
    async fn download_link(&self, key: &str, download: Download<'_>, lifetime: Duration) -> Result<Link>;

    /// The local engine, whose links the portal itself must check and serve; `None` where
    /// links are served by the engine (S3).
    fn local(&self) -> Option<&local::LocalBlobs> {
        None
    }
}
