//! The blob store: where export files live until their download link has been used, and
//! where grievance attachments live for good (two stores, one port). Two engines: a
//! directory under the data directory, reached through portal URLs signed with HMAC
//! (`local`), and S3, reached through presigned GETs and PUTs (`s3`). Browsers upload and
//! download the bytes themselves; a Lambda never carries a file through API Gateway.

pub mod local;
#[cfg(feature = "cloud")]
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

/// A link that uploads one blob: send `method` to `url` with exactly `headers` and the
/// bytes as the body, no session token, before `expires_at`.
#[derive(Clone, Debug)]
pub struct Upload {
    pub url: String,
    pub method: &'static str,
    pub headers: Vec<(String, String)>,
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

    /// Stores a small blob under `key`, replacing the one there: a background export's
    /// request and its progress, read back by [`BlobStore::get_bytes`].
    async fn put_bytes(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<()>;

    /// A small blob's bytes; `None` when there is none under `key`.
    async fn get_bytes(&self, key: &str) -> Result<Option<Vec<u8>>>;

    /// A link that downloads `key` as `download` for `lifetime`.
    async fn download_link(&self, key: &str, download: Download<'_>, lifetime: Duration) -> Result<Link>;

    /// A link through which a browser uploads `size` bytes of `content_type` to `key`, once:
    /// while a blob is under `key` the link is refused, so what it delivered cannot be
    /// swapped for other bytes after it was checked.
    async fn upload_link(&self, key: &str, content_type: &str, size: u64, lifetime: Duration) -> Result<Upload>;

    /// The size of a stored blob; `None` when there is none under `key`.
    async fn size(&self, key: &str) -> Result<Option<u64>>;

    /// The first `len` bytes of a blob (fewer when it is shorter): enough to tell its type.
    async fn read_start(&self, key: &str, len: usize) -> Result<Vec<u8>>;

    /// Copies a blob to `to`, a key no blob holds yet; `from` stays. An uploaded blob is
    /// kept by copying it to a key that no upload link names, so no link can ever reach
    /// it, while the upload's own key stays taken and its link refused.
    async fn copy(&self, from: &str, to: &str) -> Result<()>;

    /// Deletes a blob; deleting one that is gone is not an error.
    async fn delete(&self, key: &str) -> Result<()>;

    /// The local engine, whose links the portal itself must check and serve; `None` where
    /// links are served by the engine (S3).
    fn local(&self) -> Option<&local::LocalBlobs> {
        None
    }
}

/// A Content-Disposition that saves the file as `file_name` in every browser: an ASCII
/// fallback name and the exact name in UTF-8 (RFC 6266), so a Hindi file name survives.
pub fn content_disposition(file_name: &str) -> String {
    let fallback: String = file_name.chars().map(|c| if c.is_ascii_graphic() && !matches!(c, '"' | '\\' | ';' | '%') || c == ' ' { c } else { '_' }).collect();
    let mut encoded = String::new();
    for b in file_name.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b'~') {
            encoded.push(b as char);
        } else {
            encoded.push_str(&format!("%{b:02X}"));
        }
    }
    format!("attachment; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod disposition_tests {
    #[test]
    fn a_download_name_is_plain_ascii_with_the_exact_name_beside_it() {
        assert_eq!(super::content_disposition("FIR 12.pdf"), "attachment; filename=\"FIR 12.pdf\"; filename*=UTF-8''FIR%2012.pdf");
        assert_eq!(super::content_disposition("आदेश\".pdf"), "attachment; filename=\"_____.pdf\"; filename*=UTF-8''%E0%A4%86%E0%A4%A6%E0%A5%87%E0%A4%B6%22.pdf");
    }
}
