use auth::TokenKeys;
use std::sync::Arc;
use store::Store;

/// What every handler can reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub tokens: TokenKeys,
}
