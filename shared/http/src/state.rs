use auth::TokenKeys;
use blobs::BlobStore;
use std::sync::Arc;
use store::Store;

/// What every handler can reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub tokens: TokenKeys,
    /// Where export files go; only the functions that write files have one in the cloud.
    pub blobs: Option<Arc<dyn BlobStore>>,
    /// Where grievance attachments live, for good; separate from the exports, whose files
    /// expire.
    pub attachments: Option<Arc<dyn BlobStore>>,
}

impl AppState {
    pub fn blobs(&self) -> domain::Result<&dyn BlobStore> {
        self.blobs.as_deref().ok_or_else(|| domain::Error::internal("this function has no blob store (EXPORTS_BUCKET is not set)"))
    }

    pub fn attachments(&self) -> domain::Result<&dyn BlobStore> {
        self.attachments.as_deref().ok_or_else(|| domain::Error::internal("this function has no attachments store (ATTACHMENTS_BUCKET is not set)"))
    }
}

/// What a store must hold before the first request: the Admin role and the seeded admin
/// lists. Cheap when done already (a read or two), and safe from many processes at once.
pub async fn prepare_store(store: &dyn Store) -> domain::Result<()> {
    auth::bootstrap::ensure_admin_role(store).await?;
    lists::seed(store).await
}
