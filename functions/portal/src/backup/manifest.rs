//! An archive's manifest (`MANIFEST.json`): what the archive holds, file by file, with each
//! file's size and SHA-256, so that a restore proves every byte before it writes anything; and
//! the rules every path in an archive must keep.

use anyhow::{bail, ensure};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::{self, Read, Write};

/// The manifest's name in an archive.
pub const NAME: &str = "MANIFEST.json";

/// What the manifest says the archive is, so that another tar.gz is not taken for a backup.
pub const FORMAT: &str = "grievance-portal-backup";

/// The layout this release writes and reads. A release that changes the layout raises it, and
/// an older release then refuses the archive with a message instead of restoring half of it.
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub format: String,
    pub version: u32,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// The portal release that made the archive.
    pub portal_version: String,
    /// Grievances in the database snapshot (absent when the store predates the table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grievances: Option<i64>,
    pub files: Vec<FileEntry>,
}

/// One file of the archive: its path (with `/`), its size in bytes and its SHA-256 in hex.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FileEntry {
    pub path: String,
    pub size: u64,
    pub sha256: String,
}

/// A file's size and SHA-256, as measured while it passed through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    pub size: u64,
    pub sha256: String,
}

impl Manifest {
    /// The manifest of `files`, made now by this release.
    pub fn new(files: Vec<FileEntry>, grievances: Option<i64>) -> Manifest {
        let created_at = time::OffsetDateTime::now_utc().replace_nanosecond(0).unwrap_or_else(|_| time::OffsetDateTime::now_utc()).format(&time::format_description::well_known::Rfc3339).unwrap_or_default();
        Manifest { format: FORMAT.into(), version: VERSION, created_at, portal_version: env!("CARGO_PKG_VERSION").into(), grievances, files }
    }

    /// Reads a manifest, refusing anything that is not one of ours or is newer than this
    /// release understands.
    pub fn parse(bytes: &[u8]) -> anyhow::Result<Manifest> {
        let manifest: Manifest = serde_json::from_slice(bytes).map_err(|e| anyhow::anyhow!("its {NAME} is damaged ({e})"))?;
        ensure!(manifest.format == FORMAT, "its {NAME} is not a Grievance Portal backup's (format {:?})", manifest.format);
        ensure!(
            manifest.version <= VERSION,
            "it was made by a newer portal ({}, archive format {}); restore it with that release or a later one",
            manifest.portal_version,
            manifest.version
        );
        Ok(manifest)
    }

    /// Compares the files found in an archive with the manifest: the first difference, said
    /// as what it is, or nothing when every file is there, whole, and nothing else is.
    pub fn verify(&self, found: &BTreeMap<String, Measured>) -> anyhow::Result<()> {
        let mut listed = std::collections::BTreeSet::new();
        for file in &self.files {
            listed.insert(file.path.as_str());
            let Some(measured) = found.get(&file.path) else { bail!("{} is listed in the manifest but missing", file.path) };
            ensure!(measured.size == file.size, "{} has {} bytes where the manifest says {}", file.path, measured.size, file.size);
            ensure!(measured.sha256 == file.sha256, "{} does not match its SHA-256 in the manifest", file.path);
        }
        if let Some(extra) = found.keys().find(|p| !listed.contains(p.as_str())) {
            bail!("{extra} is in the archive but not in its manifest");
        }
        Ok(())
    }
}

/// Passes bytes through (reading or writing) while counting and hashing them.
pub struct Measuring<T> {
    inner: T,
    hasher: Sha256,
    size: u64,
}

impl<T> Measuring<T> {
    pub fn new(inner: T) -> Self {
        Measuring { inner, hasher: Sha256::new(), size: 0 }
    }

    pub fn finish(self) -> (T, Measured) {
        (self.inner, Measured { size: self.size, sha256: hex::encode(self.hasher.finalize()) })
    }
}

impl<R: Read> Read for Measuring<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        self.size += n as u64;
        Ok(n)
    }
}

impl<W: Write> Write for Measuring<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.size += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// An archive entry's path, checked: relative, UTF-8, `/`-separated names with no `..`, `.`
/// or empty part, so that nothing in an archive can be written outside the directory it is
/// restored into. A directory's trailing `/` is dropped.
pub fn safe_path(raw: &[u8]) -> anyhow::Result<String> {
    let Ok(text) = std::str::from_utf8(raw) else { bail!("an entry's name is not UTF-8 ({})", String::from_utf8_lossy(raw)) };
    let text = text.strip_suffix('/').unwrap_or(text);
    ensure!(!text.is_empty(), "an entry has an empty name");
    ensure!(!text.starts_with('/'), "{text}: an absolute path");
    for part in text.split('/') {
        ensure!(!part.is_empty() && part != "." && part != "..", "{text}: a path that leaves the directory or is not plain");
        ensure!(!part.contains(['\\', '\0']), "{text}: a name with a backslash or NUL");
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measured(bytes: &[u8]) -> Measured {
        let mut reader = Measuring::new(bytes);
        io::copy(&mut reader, &mut io::sink()).unwrap();
        reader.finish().1
    }

    #[test]
    fn paths_stay_inside_the_directory() {
        assert_eq!(safe_path(b"portal.db").unwrap(), "portal.db");
        assert_eq!(safe_path(b"attachments/").unwrap(), "attachments");
        assert_eq!(safe_path(b"attachments/grievance-1.x.pdf").unwrap(), "attachments/grievance-1.x.pdf");
        for bad in [&b"../x"[..], b"/etc/passwd", b"a/../../x", b"a//b", b"./a", b"", b"a\\..\\b", b"\xff"] {
            assert!(safe_path(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn a_sha256_is_measured_as_the_bytes_pass() {
        let m = measured(b"abc");
        assert_eq!(m.size, 3);
        assert_eq!(m.sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn the_manifest_names_every_difference() {
        let files = vec![FileEntry { path: "a".into(), size: 3, sha256: measured(b"abc").sha256 }];
        let manifest = Manifest::parse(&serde_json::to_vec(&Manifest::new(files, Some(2))).unwrap()).unwrap();
        let mut found = BTreeMap::from([("a".to_string(), measured(b"abc"))]);
        manifest.verify(&found).unwrap();
        found.insert("a".into(), measured(b"abd"));
        assert!(manifest.verify(&found).unwrap_err().to_string().contains("SHA-256"));
        found.insert("a".into(), measured(b"ab"));
        assert!(manifest.verify(&found).unwrap_err().to_string().contains("2 bytes"));
        found.insert("a".into(), measured(b"abc"));
        found.insert("b".into(), measured(b""));
        assert!(manifest.verify(&found).unwrap_err().to_string().contains("not in its manifest"));
        assert!(manifest.verify(&BTreeMap::new()).unwrap_err().to_string().contains("missing"));
    }

    #[test]
    fn only_our_own_manifests_of_a_known_version_are_read() {
        let mut manifest = Manifest::new(Vec::new(), None);
        manifest.version = VERSION + 1;
        assert!(Manifest::parse(&serde_json::to_vec(&manifest).unwrap()).unwrap_err().to_string().contains("newer portal"));
        manifest.version = VERSION;
        manifest.format = "something else".into();
        assert!(Manifest::parse(&serde_json::to_vec(&manifest).unwrap()).is_err());
        assert!(Manifest::parse(b"{not json").unwrap_err().to_string().contains("damaged"));
    }
}
