//! What several API test files share.

use apitest::Api;
use http::StatusCode;
use serde_json::Value;

/// The portal over a data directory seeded with `count` synthetic grievances (`portal seed`),
/// as the embedded portal opens it; the seeded officers sign in as `officer{n}.{seed}@seed.portal`.
#[allow(dead_code)]
pub async fn seeded(count: u64, seed: u64) -> Api {
    let dir = tempfile::tempdir().unwrap();
    portal::seed::run(dir.path(), count, seed).await.unwrap();
    let store = std::sync::Arc::new(store::sqlite::SqliteStore::open(dir.path().join("portal.db")).unwrap());
    Api::over(apitest::Stores::Sqlite(store), dir, portal::areas).await
}

/// The link an export answers: at once (200), or, for a list written in the background (202),
/// once its job is ready.
#[allow(dead_code)] // not every test file exports
pub async fn export_link(api: &Api, token: &str, path: &str) -> Value {
    let answer = api.get(path, token).await;
    match answer.status {
        StatusCode::OK => answer.body,
        StatusCode::ACCEPTED => finished(api, token, answer.body["status_url"].as_str().unwrap()).await["link"].clone(),
        other => panic!("{other}: {:?}", answer.body),
    }
}

/// A background export's status once it is ready, asked every 50 ms for up to a minute.
#[allow(dead_code)]
pub async fn finished(api: &Api, token: &str, status_url: &str) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let status = api.get(status_url, token).await;
        assert_eq!(status.status, StatusCode::OK, "{:?}", status.body);
        match status.body["status"].as_str() {
            Some("ready") => return status.body,
            Some("preparing") if std::time::Instant::now() < deadline => tokio::time::sleep(std::time::Duration::from_millis(50)).await,
            _ => panic!("the export did not finish: {:?}", status.body),
        }
    }
}
