//! What several API test files share.

use apitest::Api;

/// The portal over a data directory seeded with `count` synthetic grievances (`portal seed`),
/// as the embedded portal opens it; the seeded officers sign in as `officer{n}.{seed}@seed.portal`.
pub async fn seeded(count: u64, seed: u64) -> Api {
    let dir = tempfile::tempdir().unwrap();
    portal::seed::run(dir.path(), count, seed).await.unwrap();
    let store = std::sync::Arc::new(store::sqlite::SqliteStore::open(dir.path().join("portal.db")).unwrap());
    Api::over(apitest::Stores::Sqlite(store), dir, portal::areas).await
}
