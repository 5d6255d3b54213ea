//! The embedded engine: files under `<data dir>/blobs`, downloaded through
//! `/api/exports/files/{file}` with an HMAC over the file, its download name, its type and
//! the expiry. The key is derived from the portal's own secret, so a link cannot be forged
//! or altered (a changed byte anywhere fails the check) and dies after its lifetime.

use crate::{BlobStore, Download, Link};
use async_trait::async_trait;
use domain::{Error, Result};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};
use time::OffsetDateTime;

type HmacSha256 = Hmac<Sha256>;

/// The route that serves local links.
pub const FILES_ROUTE: &str = "/api/exports/files";

pub struct LocalBlobs {
    dir: PathBuf,
    key: Vec<u8>,
}

/// The query of a signed link, as the download route receives it.
#[derive(Clone, Debug, Default)]
pub struct SignedQuery {
    pub name: String,
    pub content_type: String,
    pub expires: i64,
    pub signature: String,
}

/// A checked link: the file to send and how.
pub struct SignedFile {
    pub path: PathBuf,
    pub file_name: String,
    pub content_type: String,
}

fn valid_file(file: &str) -> bool {
    !file.is_empty() && file.len() <= 128 && file.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.') && !file.starts_with('.')
}

impl LocalBlobs {
    /// `secret` is the portal's signing secret; the link key is derived from it so that it
    /// is never the same key as the session tokens'.
    pub fn new(dir: impl Into<PathBuf>, secret: &[u8]) -> std::io::Result<Self> {
        let dir = dir.into();
        std::fs::create_dir_all(&dir)?;
        let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes any key length");
        mac.update(b"grievance-portal download links v1");
        Ok(LocalBlobs { dir, key: mac.finalize().into_bytes().to_vec() })
    }

    fn mac(&self, file: &str, name: &str, content_type: &str, expires: i64) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes any key length");
        for part in [file, name, content_type, &expires.to_string()] {
            // Length-prefixed, so no two different tuples sign the same bytes.
            mac.update(&(part.len() as u64).to_be_bytes());
            mac.update(part.as_bytes());
        }
        mac
    }

    fn path_of(&self, key: &str) -> Result<PathBuf> {
        if !valid_file(key) {
            return Err(Error::internal(format!("blob key {key:?} is not a plain file name")));
        }
        Ok(self.dir.join(key))
    }

    /// Checks a link for `file` at `now` (seconds since the epoch): answers the file to send,
    /// or 403 when the signature does not match or the link has expired, 404 when the file
    /// is gone (swept).
    pub fn open_signed(&self, file: &str, query: &SignedQuery, now: i64) -> Result<SignedFile> {
        let forbidden = || Error::forbidden("This download link is invalid or has expired. Export the file again.");
        if !valid_file(file) {
            return Err(forbidden());
        }
        let signature = hex::decode(&query.signature).map_err(|_| forbidden())?;
        self.mac(file, &query.name, &query.content_type, query.expires).verify_slice(&signature).map_err(|_| forbidden())?;
        if query.expires < now {
            return Err(forbidden());
        }
        let path = self.dir.join(file);
        if !path.is_file() {
            return Err(Error::not_found("This export is no longer available. Export the file again."));
        }
        Ok(SignedFile { path, file_name: query.name.clone(), content_type: query.content_type.clone() })
    }

    /// Deletes files older than `age`; answers how many went. Run at start-up and
    /// periodically: export files are meant to be fetched within minutes.
    pub fn sweep(&self, age: Duration) -> std::io::Result<usize> {
        let cutoff = SystemTime::now() - age;
        let mut removed = 0;
        for entry in std::fs::read_dir(&self.dir)? {
            let entry = entry?;
            let old = entry.metadata()?.modified()? < cutoff;
            if old && entry.file_type()?.is_file() {
                std::fs::remove_file(entry.path())?;
                removed += 1;
            }
        }
        Ok(removed)
    }
}

fn query_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[async_trait]
impl BlobStore for LocalBlobs {
    async fn put_file(&self, key: &str, path: &Path, _content_type: &str) -> Result<()> {
        let target = self.path_of(key)?;
        let source = path.to_path_buf();
        tokio::task::spawn_blocking(move || -> std::io::Result<()> {
            // Copy then rename, so a half-written file is never served.
            let partial = target.with_extension("partial");
            std::fs::copy(&source, &partial)?;
            std::fs::File::open(&partial)?.sync_all()?;
            std::fs::rename(&partial, &target)
        })
        .await
        .map_err(Error::internal)?
        .map_err(Error::internal)
    }

    async fn download_link(&self, key: &str, download: Download<'_>, lifetime: Duration) -> Result<Link> {
        self.path_of(key)?;
        let expires_at = (OffsetDateTime::now_utc() + lifetime).replace_nanosecond(0).map_err(Error::internal)?;
        let expires = expires_at.unix_timestamp();
        let signature = hex::encode(self.mac(key, download.file_name, download.content_type, expires).finalize().into_bytes());
        let url = format!(
            "{FILES_ROUTE}/{key}?name={}&type={}&expires={expires}&signature={signature}",
            query_escape(download.file_name),
            query_escape(download.content_type)
        );
        Ok(Link { url, expires_at })
    }

    fn local(&self) -> Option<&LocalBlobs> {
        Some(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(url: &str) -> (String, SignedQuery) {
        let (path, query) = url.split_once('?').unwrap();
        let file = path.rsplit('/').next().unwrap().to_string();
        let mut q = SignedQuery::default();
        for pair in query.split('&') {
            let (k, v) = pair.split_once('=').unwrap();
            let v = v.replace("%2F", "/").replace("%20", " ");
            match k {
                "name" => q.name = v,
                "type" => q.content_type = v,
                "expires" => q.expires = v.parse().unwrap(),
                "signature" => q.signature = v,
                _ => panic!("unexpected {k}"),
            }
        }
        (file, q)
    }

    #[tokio::test]
    async fn a_link_opens_its_file_until_it_expires_and_not_once_changed() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = LocalBlobs::new(dir.path().join("blobs"), b"secret").unwrap();
        let source = dir.path().join("report.pdf");
        std::fs::write(&source, b"%PDF-1.7").unwrap();
        blobs.put_file("abc.pdf", &source, "application/pdf").await.unwrap();
        let download = Download { file_name: "grievances.pdf", content_type: "application/pdf" };
        let link = blobs.download_link("abc.pdf", download, Duration::from_secs(300)).await.unwrap();
        let (file, query) = parse(&link.url);
        let now = OffsetDateTime::now_utc().unix_timestamp();
        let opened = blobs.open_signed(&file, &query, now).unwrap();
        assert_eq!((opened.file_name.as_str(), std::fs::read(opened.path).unwrap()), ("grievances.pdf", b"%PDF-1.7".to_vec()));

        let status = |r: Result<SignedFile>| r.err().map(|e| e.to_string());
        let expired = status(blobs.open_signed(&file, &query, query.expires + 1));
        assert_eq!(expired.as_deref(), Some("This download link is invalid or has expired. Export the file again."));
        let mut later = query.clone();
        later.expires += 3600;
        assert!(blobs.open_signed(&file, &later, now).is_err(), "a pushed-back expiry is refused");
        let mut renamed = query.clone();
        renamed.name = "other.pdf".into();
        assert!(blobs.open_signed(&file, &renamed, now).is_err(), "a changed name is refused");
        let mut tampered = query.clone();
        tampered.signature.replace_range(0..2, if &tampered.signature[0..2] == "00" { "11" } else { "00" });
        assert!(blobs.open_signed(&file, &tampered, now).is_err(), "a changed signature is refused");
        assert!(blobs.open_signed("../abc.pdf", &query, now).is_err(), "no path outside the directory");
        let other = LocalBlobs::new(dir.path().join("other"), b"another secret").unwrap();
        assert!(other.open_signed(&file, &query, now).is_err(), "another portal's key does not verify");
    }

    #[tokio::test]
    async fn the_sweep_removes_old_files_only() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = LocalBlobs::new(dir.path(), b"secret").unwrap();
        std::fs::write(dir.path().join("new.xlsx"), b"x").unwrap();
        assert_eq!(blobs.sweep(Duration::from_secs(3600)).unwrap(), 0);
        assert_eq!(blobs.sweep(Duration::ZERO).unwrap(), 1);
        assert!(!dir.path().join("new.xlsx").exists());
    }
}
