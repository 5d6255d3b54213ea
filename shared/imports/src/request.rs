//! A file to import as the Admin Panel sends it, or as the command line reads it.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use domain::{Error, Msg, Result};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::sync::Arc;
use utoipa::ToSchema;

/// The largest file the Admin Panel sends: its JSON body stays under the 6 MB a request to
/// the state's functions may carry. Larger files are imported with `portal import`.
pub const MAX_UPLOAD_MB: usize = 4;

/// A file to check or import.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ImportRequest {
    /// The file's name, ending `.csv` or `.xlsx`: kept with each record it brings in.
    #[serde(default)]
    pub file_name: String,
    /// The file's bytes, in base64; at most 4 MB.
    #[serde(default)]
    pub content: String,
    /// Which column of the file holds a field: the column's header, or `null` for none.
    /// Fields left out are matched to columns by their names.
    #[serde(default)]
    pub mapping: BTreeMap<String, Option<String>>,
}

/// A file as read: its name, bytes and SHA-256.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub bytes: Arc<[u8]>,
    /// Hex.
    pub sha256: String,
}

impl ImportRequest {
    /// The file the request carries.
    pub fn file(&self) -> Result<SourceFile> {
        // Base64 is four characters for three bytes.
        if self.content.len() > MAX_UPLOAD_MB * 1024 * 1024 / 3 * 4 + 4 {
            return Err(too_large());
        }
        let bytes = STANDARD.decode(self.content.trim()).map_err(|_| Error::field("content", Msg::ImportFileUnreadable { reason: "the content is not base64".into() }))?;
        if bytes.len() > MAX_UPLOAD_MB * 1024 * 1024 {
            return Err(too_large());
        }
        SourceFile::new(&self.file_name, bytes)
    }
}

fn too_large() -> Error {
    Error::field("content", Msg::ImportFileTooLarge { max: MAX_UPLOAD_MB.to_string() })
}

impl SourceFile {
    /// A file named `name` (its last path component is kept) holding `bytes`.
    pub fn new(name: &str, bytes: Vec<u8>) -> Result<SourceFile> {
        let name = name.rsplit(['/', '\\']).next().unwrap_or_default().trim();
        let lower = name.to_lowercase();
        if name.is_empty() || name.chars().count() > 200 || !(lower.ends_with(".csv") || lower.ends_with(".xlsx")) || name.chars().any(char::is_control) {
            return Err(Error::field("file_name", Msg::ImportFileNameInvalid));
        }
        if bytes.is_empty() {
            return Err(Error::field("content", Msg::ImportFileEmpty));
        }
        let sha256 = hex::encode(Sha256::digest(&bytes));
        Ok(SourceFile { name: name.to_string(), bytes: bytes.into(), sha256 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_named_csv_or_xlsx_and_keeps_its_hash() {
        let file = SourceFile::new("C:\\registers\\Kotwali 2023.CSV", b"a,b\n1,2\n".to_vec()).unwrap();
        assert_eq!(file.name, "Kotwali 2023.CSV");
        assert_eq!(file.sha256, hex::encode(Sha256::digest(b"a,b\n1,2\n")));
        assert!(SourceFile::new("register.pdf", b"x".to_vec()).is_err());
        assert!(SourceFile::new("register.csv", Vec::new()).is_err());
    }

    #[test]
    fn a_request_carries_base64_within_the_limit() {
        let request = ImportRequest { file_name: "a.csv".into(), content: STANDARD.encode(b"x,y\n"), mapping: BTreeMap::new() };
        assert_eq!(&*request.file().unwrap().bytes, b"x,y\n");
        let bad = ImportRequest { content: "not base64!".into(), ..request };
        assert!(bad.file().is_err());
        let huge = ImportRequest { file_name: "a.csv".into(), content: "A".repeat(MAX_UPLOAD_MB * 1024 * 1024 * 2), mapping: BTreeMap::new() };
        assert_eq!(huge.file().unwrap_err().to_string(), Msg::ImportFileTooLarge { max: "4".into() }.to_string());
    }
}
