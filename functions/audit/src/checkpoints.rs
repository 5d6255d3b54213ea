//! The audit trail's signed checkpoints (see `cases::checkpoint`): made on a schedule and on
//! demand, kept in a store of their own apart from the trail, and checked against today's
//! trail. Each is kept twice: under its time, never written again, and as the newest.

use cases::checkpoint::{Checkpoint, Finding, SigningKey, VerifyingKey};
use cases::AuditTrail;
use domain::{Error, Result};

/// The newest checkpoint's key in the checkpoints' store.
pub const NEWEST: &str = "newest.json";

/// A checkpoint's own key in the checkpoints' store: its time, so that keys sort as made, and
/// where the trail stood (two made within a second of each other differ there, or are the same).
pub fn key_of(checkpoint: &Checkpoint) -> String {
    let plain = |text: &str| -> String { text.chars().filter(|c| c.is_ascii_alphanumeric()).collect() };
    format!("audit-checkpoint-{}-{}.json", plain(&checkpoint.made_at), plain(&checkpoint.as_of))
}

/// A checkpoint of the trail as it stands now, signed with `key`.
pub async fn make(trail: &dyn AuditTrail, key: &SigningKey) -> Result<Checkpoint> {
    let (as_of, summary) = trail.summary_now().await?;
    Ok(Checkpoint::sign(key, &domain::clock::now_text(), &as_of, &summary))
}

/// Keeps `checkpoint` in `store`, under its own key and as the newest; answers its own key.
pub async fn keep(store: &dyn blobs::BlobStore, checkpoint: &Checkpoint) -> Result<String> {
    let bytes = serde_json::to_vec_pretty(checkpoint).map_err(Error::internal)?;
    let key = key_of(checkpoint);
    store.put_bytes(&key, bytes.clone(), "application/json").await?;
    store.put_bytes(NEWEST, bytes, "application/json").await?;
    Ok(key)
}

/// The newest checkpoint kept in `store`.
pub async fn newest(store: &dyn blobs::BlobStore) -> Result<Option<Checkpoint>> {
    let Some(bytes) = store.get_bytes(NEWEST).await? else { return Ok(None) };
    serde_json::from_slice(&bytes).map(Some).map_err(Error::internal)
}

/// Whether today's trail extends `checkpoint`, signed by `trusted`: the trail as it stood at
/// the checkpoint, made again from today's records, is what the checkpoint says it was.
pub async fn extends(trail: &dyn AuditTrail, checkpoint: &Checkpoint, trusted: &VerifyingKey) -> Result<std::result::Result<(), Finding>> {
    if let Err(finding) = checkpoint.check_signature(trusted) {
        return Ok(Err(finding));
    }
    let then = trail.summary_as_of(&checkpoint.as_of).await?;
    Ok(checkpoint.compare(&then))
}

/// Checks that today's trail extends the newest checkpoint kept in `kept`, signed by
/// `trusted`, and remembers what it found in `state.checkpoint_finding` (the words Audit
/// History shows); answers whether it does (true when none is kept yet).
pub async fn check_newest(state: &http_glue::AppState, kept: &dyn blobs::BlobStore, trusted: &VerifyingKey) -> Result<bool> {
    let Some(checkpoint) = newest(kept).await? else { return Ok(true) };
    let found = extends(state.trail.as_ref(), &checkpoint, trusted).await?.err().map(|finding| format!("the trail does not extend the checkpoint of {}: {finding}", checkpoint.made_at));
    let holds = found.is_none();
    *state.checkpoint_finding.write().unwrap_or_else(|e| e.into_inner()) = found;
    Ok(holds)
}
