//! The embedded default: everything under one data directory, readable by its owner only.

use anyhow::Context;
use auth::TokenKeys;
use blobs::local::LocalBlobs;
use http_glue::AppState;
use std::fs;
use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;
use std::sync::Arc;
use store::sqlite::{MemoryLimits, SqliteStore};

/// Opens (creating on first start) the store, the JWT secret and the exports and
/// attachments directories in `data_dir`.
pub fn open(data_dir: &Path) -> anyhow::Result<AppState> {
    fs::create_dir_all(data_dir).with_context(|| format!("cannot create the data directory {}", data_dir.display()))?;
    fs::set_permissions(data_dir, fs::Permissions::from_mode(0o700))?;
    let limits = MemoryLimits::from_env().map_err(anyhow::Error::msg)?;
    let store = SqliteStore::open_with(data_dir.join("portal.db"), limits).context("cannot open the store")?;
    let secret = jwt_secret(data_dir)?;
    let policy = auth::tokens::SessionPolicy::from_env().map_err(anyhow::Error::msg)?;
    let previous = previous_jwt_secret(data_dir, policy.lifetime_seconds)?;
    let tokens = TokenKeys::rotating(&secret, previous.as_deref()).with_policy(policy);
    let sealing = auth::sealing::SealingKey::from_material(&secrets_key(data_dir)?);
    if let Err(e) = cases::chain::use_key(&kept_key(&data_dir.join("audit-key"), 32)?) {
        // Only a process that opens two data directories (a test) gets here.
        tracing::warn!("{e}: the trail of {} is chained with the first directory's key", data_dir.display());
    }
    let blobs = LocalBlobs::new(data_dir.join("exports"), &secret).context("cannot open the exports directory")?;
    let attachments = LocalBlobs::serving(data_dir.join("attachments"), &secret, blobs::local::ATTACHMENTS_ROUTE).context("cannot open the attachments directory")?;
    let checkpoints = checkpoint_dir(data_dir);
    let checkpoints = LocalBlobs::new(&checkpoints, &secret).with_context(|| format!("cannot open the checkpoints directory {}", checkpoints.display()))?;
    Ok(AppState::embedded(Arc::new(store), tokens, Some(Arc::new(blobs)), Some(Arc::new(attachments))).with_sealing(sealing).with_checkpoints(Arc::new(checkpoints)))
}

/// Where the audit trail's signed checkpoints are written: `PORTAL_CHECKPOINT_DIR`, or
/// `checkpoints` in the data directory. Point it at another disk: a checkpoint is worth
/// most where whoever holds the data directory cannot reach it.
pub fn checkpoint_dir(data_dir: &Path) -> std::path::PathBuf {
    match std::env::var("PORTAL_CHECKPOINT_DIR") {
        Ok(dir) if !dir.trim().is_empty() => dir.trim().into(),
        _ => data_dir.join("checkpoints"),
    }
}

/// The key the audit trail's checkpoints are signed with (Ed25519), apart from the database
/// and from the audit key: the file `PORTAL_CHECKPOINT_KEY` names, or `checkpoint-key` in the
/// data directory (mode 0600), made on first use.
pub fn checkpoint_key(data_dir: &Path) -> anyhow::Result<cases::checkpoint::SigningKey> {
    let path = match std::env::var("PORTAL_CHECKPOINT_KEY") {
        Ok(file) if !file.trim().is_empty() => std::path::PathBuf::from(file.trim()),
        _ => data_dir.join("checkpoint-key"),
    };
    let secret = kept_key(&path, 32)?;
    cases::checkpoint::signing_key(&secret[..32]).with_context(|| format!("the key file {} is damaged", path.display()))
}

/// (`audit-key` beside it, like `secrets-key`: the key the audit trail's chains are hashed
/// with, apart from the trail so that whoever holds the database alone cannot rewrite them.)
///
/// The key two-factor secrets are sealed with, generated on first start and kept in the data
/// directory (mode 0600): apart from the database, so that a copy of portal.db alone opens no
/// second factor. A backup carries it; losing it loses every user's second factor (an Admin
/// then resets them).
fn secrets_key(data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    kept_key(&data_dir.join("secrets-key"), 32)
}

const JWT_SECRET: &str = "jwt-secret";
/// The secret before the last rotation, which still verifies the sessions it signed.
const PREVIOUS_JWT_SECRET: &str = "jwt-secret.previous";

/// The JWT secret, generated on first start and kept in the data directory (mode 0600).
fn jwt_secret(data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    kept_key(&data_dir.join(JWT_SECRET), 64)
}

/// The key kept (in hex) at `path`, or a new random one of `bytes` written there first.
fn kept_key(path: &Path, bytes: usize) -> anyhow::Result<Vec<u8>> {
    match fs::read_to_string(path) {
        Ok(text) => parse_key(path, &text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => write_new_key(path, bytes),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

fn parse_key(path: &Path, text: &str) -> anyhow::Result<Vec<u8>> {
    let key = hex::decode(text.trim()).with_context(|| format!("the key file {} is damaged", path.display()))?;
    anyhow::ensure!(key.len() >= 32, "the key file {} is too short", path.display());
    Ok(key)
}

fn write_new_key(path: &Path, bytes: usize) -> anyhow::Result<Vec<u8>> {
    let mut key = vec![0u8; bytes];
    rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut key);
    let mut file = fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    file.write_all(hex::encode(&key).as_bytes())?;
    file.sync_all()?;
    Ok(key)
}

/// The previous secret while a rotation lasts. A rotation lasts as long as the longest
/// session it signed may: once the file is older than the session lifetime it is removed.
fn previous_jwt_secret(data_dir: &Path, lifetime: i64) -> anyhow::Result<Option<Vec<u8>>> {
    let path = data_dir.join(PREVIOUS_JWT_SECRET);
    let Ok(meta) = fs::metadata(&path) else { return Ok(None) };
    let age = meta.modified()?.elapsed().unwrap_or_default();
    if age.as_secs() as i64 > lifetime {
        fs::remove_file(&path)?;
        return Ok(None);
    }
    Ok(Some(parse_key(&path, &fs::read_to_string(&path)?)?))
}

/// Starts a rotation of the JWT secret: the current one becomes the previous (valid until the
/// sessions it signed end), and a new one signs from the next start of the portal on.
pub fn rotate_jwt_secret(data_dir: &Path) -> anyhow::Result<()> {
    let current = data_dir.join(JWT_SECRET);
    anyhow::ensure!(current.exists(), "no JWT secret in {}: is this a portal's data directory?", data_dir.display());
    let previous = data_dir.join(PREVIOUS_JWT_SECRET);
    fs::rename(&current, &previous)?;
    // The rename does not change the file's time; the rotation's age counts from now.
    fs::File::open(&previous)?.set_modified(std::time::SystemTime::now())?;
    write_new_key(&current, 64)?;
    fs::File::open(data_dir)?.sync_all()?;
    Ok(())
}

/// How often overdue grievances are escalated, from `PORTAL_ESCALATION_MINUTES`: every hour
/// when unset or unreadable; fractions too (a training portal, the browser tests: 0.05 is
/// every three seconds). `0` is never, for a copy of the data opened only to be read (a
/// restored backup under inspection, a benchmark's data), which a run would change.
pub fn escalation_every(setting: Option<&str>) -> Option<std::time::Duration> {
    let minutes = setting.and_then(|m| m.trim().parse::<f64>().ok()).filter(|m| m.is_finite() && (*m == 0.0 || *m >= 0.01)).unwrap_or(60.0);
    (minutes > 0.0).then(|| std::time::Duration::from_secs_f64(minutes * 60.0))
}

#[cfg(test)]
mod tests {
    use super::escalation_every;
    use std::time::Duration;

    #[test]
    fn escalation_runs_hourly_unless_told_otherwise_and_zero_turns_it_off() {
        assert_eq!(escalation_every(None), Some(Duration::from_secs(3600)));
        assert_eq!(escalation_every(Some("every hour")), Some(Duration::from_secs(3600)));
        assert_eq!(escalation_every(Some("0.05")), Some(Duration::from_secs(3)));
        assert_eq!(escalation_every(Some(" 15 ")), Some(Duration::from_secs(900)));
        assert_eq!(escalation_every(Some("0")), None);
        // Too often to be meant, or not a number of minutes: the default.
        assert_eq!(escalation_every(Some("0.001")), Some(Duration::from_secs(3600)));
        assert_eq!(escalation_every(Some("-5")), Some(Duration::from_secs(3600)));
        assert_eq!(escalation_every(Some("NaN")), Some(Duration::from_secs(3600)));
    }
}
