use auth::TokenKeys;
use std::sync::Arc;
use store::Store;

/// What every handler can reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub tokens: TokenKeys,
}

/// What a store must hold before the first request: the Admin role and the seeded admin
/// lists. Cheap when done already (a read or two), and safe from many processes at once.
pub async fn prepare_store(store: &dyn Store) -> domain::Result<()> {
    auth::bootstrap::ensure_admin_role(store).await?;
    lists::seed(store).await
}
