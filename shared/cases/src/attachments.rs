//! Attachments: scanned FIR copies, orders and photographs kept with a grievance. The
//! browser uploads the bytes straight to the blob store through a short-lived link (a
//! presigned S3 PUT in the cloud), under a pending key; confirming the upload checks the
//! size and the type from the content itself, copies the blob to a key of its own and
//! writes the record, naming that key, with its audit record.
//!
//! Evidence is immutable. An upload link works once (the blob store refuses it while its
//! pending key holds a blob), and the pending blob stays after the confirmation, swept
//! with the unconfirmed ones after a day, long after its link died. The kept copy's key is
//! named by no upload link at all. A confirmation that finds the upload attached already,
//! or that loses a race to record it, changes nothing: a failed confirmation deletes only
//! a copy of its own, never one a record names.

use domain::Msg;
use crate::port::{AuditEntry, CaseFileChange, Cases, KeptAttachment};
pub use crate::port::Attachment;
use crate::record::{Actor, Grievance};
use blobs::BlobStore;
use domain::audit::AuditAction;
use domain::{Error, Result};
use serde::Serialize;
use serde_json::json;

pub const MAX_BYTES: u64 = 20 * 1024 * 1024;

/// Blob keys of uploads not yet confirmed start with this.
pub const PENDING_PREFIX: &str = "pending.";

/// The types an attachment may have.
pub const ALLOWED_TYPES: [&str; 3] = ["application/pdf", "image/jpeg", "image/png"];

/// The extension of a type an attachment may have: what its kept blob and its download are
/// named with, whatever name it was sent under.
pub fn extension(content_type: &str) -> &'static str {
    match content_type {
        "application/pdf" => "pdf",
        "image/jpeg" => "jpg",
        "image/png" => "png",
        _ => "bin",
    }
}

/// An upload's id: a random UUID, so one user cannot guess another's pending upload.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UploadId(uuid::Uuid);

impl UploadId {
    pub fn new() -> Self {
        UploadId(uuid::Uuid::new_v4())
    }

    pub fn parse(text: &str) -> Result<UploadId> {
        uuid::Uuid::parse_str(text.trim()).map(UploadId).map_err(|_| Error::field("upload_id", Msg::UploadGone))
    }
}

impl Default for UploadId {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Display for UploadId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Where an upload waits for its confirmation: the grievance is part of the key, so an
/// upload can be confirmed only on the grievance it was meant for.
pub fn pending_key(grievance_id: i64, upload: UploadId) -> String {
    format!("{PENDING_PREFIX}{grievance_id}.{upload}")
}

/// Where a confirmation keeps its copy: a key no upload link names, with a part of its own
/// (two confirmations of one upload never write one key) and the extension of the type.
fn kept_key(grievance_id: i64, id: &str, content_type: &str) -> String {
    let copy = uuid::Uuid::new_v4().simple().to_string();
    format!("grievance-{grievance_id}.{id}.{}.{}", &copy[..12], extension(content_type))
}

/// The blob of an attachment recorded before records named theirs.
pub fn legacy_key(grievance_id: i64, id: &str) -> String {
    format!("grievance-{grievance_id}.{id}")
}

/// A file's name as shown and downloaded: the last part of whatever path the browser sent,
/// without control characters or quotes, at most 200 characters.
pub fn clean_file_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = last.chars().filter(|c| !c.is_control() && !matches!(c, '"' | '<' | '>')).collect();
    let cleaned = cleaned.trim();
    if cleaned.is_empty() || cleaned == "." || cleaned == ".." {
        return "attachment".to_string();
    }
    cleaned.chars().take(200).collect()
}

/// The name an attachment is shown and downloaded as: the name it was sent under, cleaned,
/// with the extension of its type in place of the one it came with. A PNG sent as
/// `evil.html` is `evil.png`, so no browser or desktop opens it as anything else.
pub fn attachment_name(file_name: &str, content_type: &str) -> String {
    let cleaned = clean_file_name(file_name);
    let stem = match cleaned.rsplit_once('.') {
        // Only what looks like an extension goes: "v1.2 report" keeps its words.
        Some((stem, ext)) if !ext.is_empty() && ext.len() <= 10 && ext.bytes().all(|b| b.is_ascii_alphanumeric()) => stem,
        Some(_) | None => cleaned.as_str(),
    };
    let stem = stem.trim_end_matches(['.', ' ']);
    let stem: String = if stem.is_empty() { "attachment".into() } else { stem.chars().take(195).collect() };
    format!("{stem}.{}", extension(content_type))
}

/// What the browser says it will upload, checked before it is given a link.
pub fn check_declared(content_type: &str, size: u64) -> Result<()> {
    if size == 0 {
        return Err(Error::field("size", Msg::AttachmentEmpty));
    }
    if size > MAX_BYTES {
        return Err(Error::field("size", Msg::AttachmentTooBig));
    }
    if !ALLOWED_TYPES.contains(&content_type.trim().to_ascii_lowercase().as_str()) {
        return Err(Error::field("content_type", Msg::AttachmentWrongType));
    }
    Ok(())
}

/// The type of a file from its first bytes, when it is one that may be attached.
pub fn sniff(start: &[u8]) -> Option<&'static str> {
    let kind = infer::get(start)?;
    ALLOWED_TYPES.into_iter().find(|t| *t == kind.mime_type())
}

/// How many bytes tell the type.
const SNIFF_BYTES: usize = 64;

/// The grievance's attachments, newest first.
pub async fn list(cases: Cases<'_>, grievance_id: i64) -> Result<Vec<Attachment>> {
    Ok(cases.files.attachments(grievance_id).await?.into_iter().map(|k| k.attachment).collect())
}

/// An attachment as kept, or 404.
async fn load(cases: Cases<'_>, grievance_id: i64, id: &str) -> Result<KeptAttachment> {
    cases.files.attachment(grievance_id, id).await?.ok_or_else(|| Error::NotFound(Msg::AttachmentNotFound))
}

/// A link that downloads the attachment, under its name and type, for `lifetime`.
pub async fn download_link(cases: Cases<'_>, blobs: &dyn BlobStore, grievance_id: i64, id: &str, lifetime: std::time::Duration) -> Result<blobs::Link> {
    let KeptAttachment { attachment: a, blob, .. } = load(cases, grievance_id, id).await?;
    blobs.download_link(&blob, blobs::Download { file_name: &a.file_name, content_type: &a.content_type }, lifetime).await
}

/// Confirms an upload: checks it, keeps a copy and records it. A file that fails a check is
/// deleted at once; one attached already is answered 409 and left as it is.
pub async fn add(cases: Cases<'_>, blobs: &dyn BlobStore, actor: &Actor, g: &Grievance, upload: UploadId, file_name: &str) -> Result<Attachment> {
    let id = upload.to_string();
    if cases.files.attachment(g.id, &id).await?.is_some() {
        return Err(Error::Conflict(Msg::UploadAlreadyAttached));
    }
    let pending = pending_key(g.id, upload);
    let size = blobs.size(&pending).await?.ok_or_else(|| Error::field("upload_id", Msg::UploadGone))?;
    let checked = match size {
        0 => Err(Msg::AttachmentEmpty),
        s if s > MAX_BYTES => Err(Msg::AttachmentTooBig),
        _ => sniff(&blobs.read_start(&pending, SNIFF_BYTES).await?).ok_or(Msg::AttachmentWrongType),
    };
    let content_type = match checked {
        Ok(t) => t,
        Err(message) => {
            // Never a kept blob: those are copies under keys of their own.
            blobs.delete(&pending).await?;
            return Err(Error::field("upload_id", message));
        }
    };
    // The pending blob cannot change under the checks: its link is refused while it exists.
    let kept = kept_key(g.id, &id, content_type);
    blobs.copy(&pending, &kept).await?;
    let attachment = Attachment {
        id: id.clone(),
        grievance_id: g.id,
        file_name: attachment_name(file_name, content_type),
        content_type: content_type.to_string(),
        size,
        uploaded_by: actor.user_id,
        uploaded_by_name: actor.name.clone(),
        uploaded_at: domain::clock::now_text(),
    };
    let entry = AuditEntry {
        action: AuditAction::AttachmentAdded,
        field_name: Some("attachments".into()),
        old_value: None,
        new_value: Some(attachment.file_name.clone()),
        notes: Some(format!("{} ({}, {} bytes)", attachment.file_name, attachment.content_type, attachment.size)),
        action_details: Some(json!({"id": id, "file_name": attachment.file_name, "content_type": attachment.content_type, "size": size})),
    };
    let record = KeptAttachment { attachment: attachment.clone(), blob: kept.clone(), confirmed_at: domain::clock::now_precise_text() };
    if let Err(e) = cases.grievances.record_case_file_change(g, CaseFileChange::Attachment(record), actor, entry).await {
        // Unrecorded, this copy would be unreachable; no record names it, so it can go.
        if let Err(cleanup) = blobs.delete(&kept).await {
            tracing::warn!(error = %cleanup, key = %kept, "an attachment whose record failed could not be deleted");
        }
        return Err(match e {
            // Another confirmation of the same upload recorded it first.
            Error::Conflict(_) => Error::Conflict(Msg::UploadAlreadyAttached),
            other => other,
        });
    }
    Ok(attachment)
}

/// Removes an attachment: the record goes with its audit record, then the blob.
pub async fn delete(cases: Cases<'_>, blobs: &dyn BlobStore, actor: &Actor, g: &Grievance, id: &str) -> Result<Attachment> {
    let KeptAttachment { attachment, blob, .. } = load(cases, g.id, id).await?;
    let entry = AuditEntry {
        action: AuditAction::AttachmentDeleted,
        field_name: Some("attachments".into()),
        old_value: Some(attachment.file_name.clone()),
        new_value: None,
        notes: Some(format!("{} ({}, {} bytes) removed", attachment.file_name, attachment.content_type, attachment.size)),
        action_details: Some(json!({"id": attachment.id, "file_name": attachment.file_name, "content_type": attachment.content_type, "size": attachment.size})),
    };
    match cases.grievances.record_case_file_change(g, CaseFileChange::AttachmentRemoved(id.to_string()), actor, entry).await {
        // Someone else removed it first.
        Err(Error::Conflict(_)) => return Err(Error::NotFound(Msg::AttachmentNotFound)),
        other => other?,
    }
    if let Err(e) = blobs.delete(&blob).await {
        tracing::warn!(error = %e, attachment = %id, "the blob of a removed attachment could not be deleted");
    }
    Ok(attachment)
}

/// What a run of [`finish_deletions`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FinishedDeletions {
    pub deletions: usize,
    pub files: usize,
}

/// Finishes the deletions an engine left for later ([`crate::port::Grievances::finish_deletions`]),
/// then deletes the files of deleted grievances' attachments when this process holds their
/// store. The notifier runs it every minute in the cloud, the portal every ten minutes on one
/// machine; a run cut short is taken up by the next.
pub async fn finish_deletions(cases: Cases<'_>, blobs: Option<&dyn BlobStore>) -> Result<FinishedDeletions> {
    const BATCH: usize = 25;
    let mut done = FinishedDeletions::default();
    loop {
        let finished = cases.grievances.finish_deletions(BATCH).await?;
        done.deletions += finished;
        if finished < BATCH {
            break;
        }
    }
    if let Some(blobs) = blobs {
        done.files = sweep_deleted(cases.files, blobs).await?;
    }
    Ok(done)
}

/// Deletes the blobs of deleted grievances' attachments (named by the deletions' own
/// transactions, or by [`finish_deletions`]), answering how many. Run after each deletion and
/// on a schedule, so that a failure is retried; deleting a blob already gone succeeds.
pub async fn sweep_deleted(files: &dyn crate::port::CaseFiles, blobs: &dyn BlobStore) -> Result<usize> {
    let mut deleted = 0;
    loop {
        let due = files.blobs_to_sweep(25).await?;
        if due.is_empty() {
            return Ok(deleted);
        }
        for sweep in due {
            for blob in &sweep.blobs {
                blobs.delete(blob).await?;
            }
            deleted += sweep.blobs.len();
            files.swept(&sweep.token).await?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_type_comes_from_the_content() {
        assert_eq!(sniff(b"%PDF-1.4\n%rest"), Some("application/pdf"));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some("image/png"));
        assert_eq!(sniff(b"\xff\xd8\xff\xe0\0\x10JFIF\0"), Some("image/jpeg"));
        assert_eq!(sniff(b"just some text named fir.pdf"), None);
        assert_eq!(sniff(b"GIF89a......"), None, "a GIF is an image, but not one we keep");
        assert_eq!(sniff(b""), None);
    }

    #[test]
    fn declared_uploads_are_checked_before_a_link_is_given() {
        assert!(check_declared("application/pdf", 1).is_ok());
        assert!(check_declared("IMAGE/PNG", MAX_BYTES).is_ok());
        assert_eq!(check_declared("image/png", MAX_BYTES + 1).unwrap_err().to_string(), Msg::AttachmentTooBig);
        assert_eq!(check_declared("text/plain", 10).unwrap_err().to_string(), Msg::AttachmentWrongType);
        assert_eq!(check_declared("application/pdf", 0).unwrap_err().to_string(), Msg::AttachmentEmpty);
    }

    #[test]
    fn an_attachment_is_named_with_the_extension_of_its_content() {
        assert_eq!(attachment_name("evil.html", "image/png"), "evil.png");
        assert_eq!(attachment_name("C:\\scans\\FIR copy.PDF", "application/pdf"), "FIR copy.pdf");
        assert_eq!(attachment_name("photo.jpeg", "image/jpeg"), "photo.jpg");
        assert_eq!(attachment_name("scan", "application/pdf"), "scan.pdf");
        assert_eq!(attachment_name("v1.2 report", "application/pdf"), "v1.2 report.pdf");
        assert_eq!(attachment_name("page.html.", "image/png"), "page.html.png");
        assert_eq!(attachment_name(".htaccess", "image/png"), "attachment.png");
        assert_eq!(attachment_name("आदेश.exe", "application/pdf"), "आदेश.pdf");
        assert_eq!(attachment_name(&format!("{}.pdf", "x".repeat(300)), "application/pdf").chars().count(), 199);
        assert_eq!(kept_key(7, "u1", "image/png").len(), "grievance-7.u1.".len() + 12 + ".png".len());
        assert!(kept_key(7, "u1", "image/png").ends_with(".png"));
        assert_ne!(kept_key(7, "u1", "image/png"), kept_key(7, "u1", "image/png"), "each confirmation copies to a key of its own");
    }

    #[test]
    fn file_names_lose_paths_controls_and_quotes() {
        assert_eq!(clean_file_name("C:\\scans\\FIR 12.pdf"), "FIR 12.pdf");
        assert_eq!(clean_file_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_file_name("a\"b\u{0}\r\n.png"), "ab.png");
        assert_eq!(clean_file_name("  "), "attachment");
        assert_eq!(clean_file_name("आदेश.pdf"), "आदेश.pdf");
        assert_eq!(clean_file_name(&"x".repeat(300)).chars().count(), 200);
    }
}
