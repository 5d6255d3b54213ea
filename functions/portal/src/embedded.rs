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
    let blobs = LocalBlobs::new(data_dir.join("exports"), &secret).context("cannot open the exports directory")?;
    let attachments = LocalBlobs::serving(data_dir.join("attachments"), &secret, blobs::local::ATTACHMENTS_ROUTE).context("cannot open the attachments directory")?;
    Ok(AppState::embedded(Arc::new(store), TokenKeys::new(&secret), Some(Arc::new(blobs)), Some(Arc::new(attachments))))
}

/// The JWT secret, generated on first start and kept in the data directory (mode 0600).
fn jwt_secret(data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    let path = data_dir.join("jwt-secret");
    if let Ok(text) = fs::read_to_string(&path) {
        let secret = hex::decode(text.trim()).context("the JWT secret file is damaged")?;
        anyhow::ensure!(secret.len() >= 32, "the JWT secret file is too short");
        return Ok(secret);
    }
    let mut secret = vec![0u8; 64];
    rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut secret);
    let mut file = fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(&path)?;
    file.write_all(hex::encode(&secret).as_bytes())?;
    file.sync_all()?;
    Ok(secret)
}
