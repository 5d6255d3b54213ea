//! The embedded engine: files in one directory under the data directory, downloaded through
//! `<route>/{file}` with an HMAC over the file, its download name, its type and the expiry,
//! and uploaded by a PUT to the same route with an HMAC over the file, its type, its size
//! and the expiry. The key is derived from the portal's own secret and the route, so a link
//! cannot be forged or altered (a changed byte anywhere fails the check), works only on its
//! own store and for its own purpose, and dies after its lifetime. An upload link works
//! once: its file, once there, is never replaced through it.

use domain::Msg;
use crate::{BlobStore, Download, Link, Upload};
use async_trait::async_trait;
use domain::{Error, Result};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};
use time::OffsetDateTime;

type HmacSha256 = Hmac<Sha256>;

/// The route that serves export links.
pub const FILES_ROUTE: &str = "/api/exports/files";

/// The route that serves attachment links, downloads and uploads.
pub const ATTACHMENTS_ROUTE: &str = "/api/attachments/files";

pub struct LocalBlobs {
    dir: PathBuf,
    route: &'static str,
    key: Vec<u8>,
}

/// The query of a signed upload link, as the upload route receives it.
#[derive(Clone, Debug, Default)]
pub struct SignedUpload {
    pub content_type: String,
    pub size: u64,
    pub expires: i64,
    pub signature: String,
}

/// A checked upload link: where the bytes go, and how many may come. The bytes are written
/// to `partial` (a name of this request's own, so two requests never write into one file)
/// and put in place by `keep`.
pub struct UploadTarget {
    pub path: PathBuf,
    pub partial: PathBuf,
    pub size: u64,
}

impl UploadTarget {
    /// Puts the bytes written to `partial` under the link's file, unless a file got there
    /// first (409): a hard link, unlike a rename, never replaces one, so of two PUTs racing
    /// through one link exactly one lands. `partial` is removed either way.
    pub async fn keep(&self) -> Result<()> {
        let linked = tokio::fs::hard_link(&self.partial, &self.path).await;
        let _ = tokio::fs::remove_file(&self.partial).await;
        match linked {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(Error::Conflict(Msg::UploadLinkUsed)),
            Err(e) => Err(Error::internal(e)),
        }
    }
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
    /// The exports store, served under `FILES_ROUTE`.
    pub fn new(dir: impl Into<PathBuf>, secret: &[u8]) -> std::io::Result<Self> {
        Self::serving(dir, secret, FILES_ROUTE)
    }

    /// A store whose links point at `route`.
    pub fn serving(dir: impl Into<PathBuf>, secret: &[u8], route: &'static str) -> std::io::Result<Self> {
        let dir = dir.into();
        std::fs::create_dir_all(&dir)?;
        let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes any key length");
        mac.update(b"grievance-portal blob links v2 ");
        mac.update(route.as_bytes());
        Ok(LocalBlobs { dir, route, key: mac.finalize().into_bytes().to_vec() })
    }

    fn mac(&self, file: &str, name: &str, content_type: &str, expires: i64) -> HmacSha256 {
        self.mac_of(&[file, name, content_type, &expires.to_string()])
    }

    /// An upload's signature has five parts, a download's four: no download link can pass
    /// as an upload link.
    fn upload_mac(&self, file: &str, content_type: &str, size: u64, expires: i64) -> HmacSha256 {
        self.mac_of(&["PUT", file, content_type, &size.to_string(), &expires.to_string()])
    }

    fn mac_of(&self, parts: &[&str]) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes any key length");
        for part in parts {
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
        let forbidden = || Error::Forbidden(Msg::DownloadLinkInvalid);
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
            return Err(Error::NotFound(Msg::ExportGone));
        }
        Ok(SignedFile { path, file_name: query.name.clone(), content_type: query.content_type.clone() })
    }

    /// Checks an upload link for `file` at `now`: answers where the bytes go and how many
    /// are allowed, 403 when the signature does not match or the link has expired, or 409
    /// when the link has been used: its file is there (it stays for a day after the upload
    /// is confirmed, as the proof of that use, while the link lives 15 minutes).
    pub fn open_upload(&self, file: &str, query: &SignedUpload, now: i64) -> Result<UploadTarget> {
        let forbidden = || Error::Forbidden(Msg::UploadLinkInvalid);
        if !valid_file(file) {
            return Err(forbidden());
        }
        let signature = hex::decode(&query.signature).map_err(|_| forbidden())?;
        self.upload_mac(file, &query.content_type, query.size, query.expires).verify_slice(&signature).map_err(|_| forbidden())?;
        if query.expires < now {
            return Err(forbidden());
        }
        let path = self.dir.join(file);
        if path.exists() {
            return Err(Error::Conflict(Msg::UploadLinkUsed));
        }
        static RECEIVED: AtomicU64 = AtomicU64::new(0);
        let partial = self.dir.join(format!("{file}.{}-{}.partial", std::process::id(), RECEIVED.fetch_add(1, Ordering::Relaxed)));
        Ok(UploadTarget { path, partial, size: query.size })
    }

    /// Deletes files whose name starts with `prefix` and that are older than `age`; answers
    /// how many went. Export files are meant to be fetched within minutes; an attachment
    /// upload that was never confirmed is abandoned.
    pub fn sweep(&self, prefix: &str, age: Duration) -> std::io::Result<usize> {
        let cutoff = SystemTime::now() - age;
        let mut removed = 0;
        for entry in std::fs::read_dir(&self.dir)? {
            let entry = entry?;
            if !entry.file_name().to_string_lossy().starts_with(prefix) {
                continue;
            }
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
            "{}/{key}?name={}&type={}&expires={expires}&signature={signature}",
            self.route,
            query_escape(download.file_name),
            query_escape(download.content_type)
        );
        Ok(Link { url, expires_at })
    }

    async fn upload_link(&self, key: &str, content_type: &str, size: u64, lifetime: Duration) -> Result<Upload> {
        self.path_of(key)?;
        let expires_at = (OffsetDateTime::now_utc() + lifetime).replace_nanosecond(0).map_err(Error::internal)?;
        let expires = expires_at.unix_timestamp();
        let signature = hex::encode(self.upload_mac(key, content_type, size, expires).finalize().into_bytes());
        let url = format!("{}/{key}?type={}&size={size}&expires={expires}&signature={signature}", self.route, query_escape(content_type));
        Ok(Upload { url, method: "PUT", headers: vec![("Content-Type".into(), content_type.to_string())], expires_at })
    }

    /// Written beside and renamed over: a reader sees the old bytes or the new, never half.
    async fn put_bytes(&self, key: &str, bytes: Vec<u8>, _content_type: &str) -> Result<()> {
        static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let target = self.path_of(key)?;
        let write = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        tokio::task::spawn_blocking(move || -> std::io::Result<()> {
            // Each write its own partial file, so two writers never share one.
            let partial = target.with_extension(format!("{write}.partial"));
            std::fs::write(&partial, &bytes)?;
            std::fs::rename(&partial, &target)
        })
        .await
        .map_err(Error::internal)?
        .map_err(Error::internal)
    }

    async fn get_bytes(&self, key: &str) -> Result<Option<Vec<u8>>> {
        match tokio::fs::read(self.path_of(key)?).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(Error::internal(e)),
        }
    }

    async fn size(&self, key: &str) -> Result<Option<u64>> {
        match tokio::fs::metadata(self.path_of(key)?).await {
            Ok(m) if m.is_file() => Ok(Some(m.len())),
            Ok(_) => Ok(None),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(Error::internal(e)),
        }
    }

    async fn read_start(&self, key: &str, len: usize) -> Result<Vec<u8>> {
        use tokio::io::AsyncReadExt;
        let file = tokio::fs::File::open(self.path_of(key)?).await.map_err(Error::internal)?;
        let mut start = Vec::with_capacity(len);
        file.take(len as u64).read_to_end(&mut start).await.map_err(Error::internal)?;
        Ok(start)
    }

    /// A hard link: no bytes copied, and nothing replaced (an existing `to` is an error).
    /// Files are never written in place (uploads land by linking a new file), so the two
    /// names stay the same bytes until each is deleted.
    async fn copy(&self, from: &str, to: &str) -> Result<()> {
        tokio::fs::hard_link(self.path_of(from)?, self.path_of(to)?).await.map_err(Error::internal)
    }

    async fn delete(&self, key: &str) -> Result<()> {
        match tokio::fs::remove_file(self.path_of(key)?).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(Error::internal(e)),
            _ => Ok(()),
        }
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
        let attachments = LocalBlobs::serving(dir.path().join("blobs"), b"secret", ATTACHMENTS_ROUTE).unwrap();
        assert!(attachments.open_signed(&file, &query, now).is_err(), "another store's route does not verify");
    }

    #[tokio::test]
    async fn an_upload_link_admits_its_file_size_and_type_only_and_never_a_download_link() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = LocalBlobs::serving(dir.path(), b"secret", ATTACHMENTS_ROUTE).unwrap();
        let link = blobs.upload_link("pending.7.abc", "application/pdf", 1234, Duration::from_secs(300)).await.unwrap();
        assert!(link.url.starts_with("/api/attachments/files/pending.7.abc?type=application%2Fpdf&size=1234&"), "{}", link.url);
        assert_eq!(link.headers, vec![("Content-Type".to_string(), "application/pdf".to_string())]);
        let mut query = SignedUpload::default();
        for pair in link.url.split_once('?').unwrap().1.split('&') {
            let (k, v) = pair.split_once('=').unwrap();
            match k {
                "type" => query.content_type = v.replace("%2F", "/"),
                "size" => query.size = v.parse().unwrap(),
                "expires" => query.expires = v.parse().unwrap(),
                "signature" => query.signature = v.to_string(),
                _ => panic!("unexpected {k}"),
            }
        }
        let now = OffsetDateTime::now_utc().unix_timestamp();
        let target = blobs.open_upload("pending.7.abc", &query, now).unwrap();
        assert_eq!((&target.path, target.size), (&dir.path().join("pending.7.abc"), 1234));
        assert!(target.partial.file_name().unwrap().to_str().unwrap().starts_with("pending.7.abc."), "swept with its upload");
        let mut bigger = query.clone();
        bigger.size = 20_000_000;
        assert!(blobs.open_upload("pending.7.abc", &bigger, now).is_err(), "a bigger size is refused");
        assert!(blobs.open_upload("pending.7.abd", &query, now).is_err(), "another file is refused");
        assert!(blobs.open_upload("pending.7.abc", &query, query.expires + 1).is_err(), "an expired link is refused");

        std::fs::write(&target.partial, b"%PDF-1.4 body").unwrap();
        target.keep().await.unwrap();
        assert!(!target.partial.exists());
        assert_eq!(blobs.size("pending.7.abc").await.unwrap(), Some(13));
        assert_eq!(blobs.read_start("pending.7.abc", 5).await.unwrap(), b"%PDF-");
        let used = blobs.open_upload("pending.7.abc", &query, now).err().map(|e| (e.to_string(), matches!(e, Error::Conflict(_))));
        assert_eq!(used, Some((Msg::UploadLinkUsed.to_string(), true)), "the link works once");

        blobs.copy("pending.7.abc", "grievance-7.abc").await.unwrap();
        assert!(blobs.copy("pending.7.abc", "grievance-7.abc").await.is_err(), "a copy never replaces a blob");
        assert_eq!(blobs.size("pending.7.abc").await.unwrap(), Some(13), "the upload stays, and so does its link's refusal");
        blobs.delete("pending.7.abc").await.unwrap();
        assert_eq!(std::fs::read(dir.path().join("grievance-7.abc")).unwrap(), b"%PDF-1.4 body", "the copy outlives the upload");
        let download = blobs.download_link("grievance-7.abc", Download { file_name: "fir.pdf", content_type: "application/pdf" }, Duration::from_secs(60)).await.unwrap();
        let signed = download.url.split_once("signature=").unwrap().1.to_string();
        let as_upload = SignedUpload { signature: signed, ..query.clone() };
        assert!(blobs.open_upload("grievance-7.abc", &as_upload, now).is_err(), "a download link is no upload link");
        blobs.delete("grievance-7.abc").await.unwrap();
        blobs.delete("grievance-7.abc").await.unwrap();
        assert_eq!(blobs.size("grievance-7.abc").await.unwrap(), None);
    }

    #[tokio::test]
    async fn of_two_puts_through_one_link_exactly_one_lands_and_the_other_replaces_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = LocalBlobs::serving(dir.path(), b"secret", ATTACHMENTS_ROUTE).unwrap();
        let link = blobs.upload_link("pending.8.abc", "image/png", 4, Duration::from_secs(300)).await.unwrap();
        let mut query = SignedUpload { content_type: "image/png".into(), size: 4, ..SignedUpload::default() };
        for pair in link.url.split_once('?').unwrap().1.split('&') {
            match pair.split_once('=').unwrap() {
                ("expires", v) => query.expires = v.parse().unwrap(),
                ("signature", v) => query.signature = v.to_string(),
                _ => {}
            }
        }
        let now = OffsetDateTime::now_utc().unix_timestamp();
        // Both opened before either finished: each writes its own partial file.
        let first = blobs.open_upload("pending.8.abc", &query, now).unwrap();
        let second = blobs.open_upload("pending.8.abc", &query, now).unwrap();
        assert_ne!(first.partial, second.partial);
        std::fs::write(&first.partial, b"1111").unwrap();
        std::fs::write(&second.partial, b"2222").unwrap();
        first.keep().await.unwrap();
        let refused = second.keep().await.unwrap_err();
        assert!(matches!(&refused, Error::Conflict(Msg::UploadLinkUsed)), "{refused:?}");
        assert_eq!(std::fs::read(dir.path().join("pending.8.abc")).unwrap(), b"1111");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, ["pending.8.abc"], "no partial file is left behind");
    }

    #[tokio::test]
    async fn a_small_blob_is_replaced_whole_and_a_missing_one_is_none() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = LocalBlobs::new(dir.path(), b"secret").unwrap();
        assert_eq!(blobs.get_bytes("job-1.json").await.unwrap(), None);
        blobs.put_bytes("job-1.json", b"first".to_vec(), "application/json").await.unwrap();
        blobs.put_bytes("job-1.json", b"second".to_vec(), "application/json").await.unwrap();
        assert_eq!(blobs.get_bytes("job-1.json").await.unwrap().as_deref(), Some(&b"second"[..]));
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, ["job-1.json"], "no partial file stays");
        assert!(blobs.put_bytes("../job.json", Vec::new(), "application/json").await.is_err());
    }

    #[tokio::test]
    async fn the_sweep_removes_old_files_only() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = LocalBlobs::new(dir.path(), b"secret").unwrap();
        std::fs::write(dir.path().join("new.xlsx"), b"x").unwrap();
        std::fs::write(dir.path().join("pending.1.x"), b"x").unwrap();
        assert_eq!(blobs.sweep("", Duration::from_secs(3600)).unwrap(), 0);
        assert_eq!(blobs.sweep("pending.", Duration::ZERO).unwrap(), 1, "only the files of the prefix");
        assert!(dir.path().join("new.xlsx").exists());
        assert_eq!(blobs.sweep("", Duration::ZERO).unwrap(), 1);
        assert!(!dir.path().join("new.xlsx").exists());
    }
}
