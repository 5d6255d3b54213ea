//! What several of the API tests' modules share.

use apitest::Api;
use http::StatusCode;
use serde_json::Value;

/// The portal over a data directory seeded with `count` synthetic grievances (`portal seed`),
/// as the embedded portal opens it; the seeded officers sign in as `officer{n}.{seed}@seed.portal`.
pub async fn seeded(count: u64, seed: u64) -> Api {
    let dir = tempfile::tempdir().unwrap();
    portal::seed::run(dir.path(), count, seed, false).await.unwrap();
    let store = std::sync::Arc::new(store::sqlite::SqliteStore::open(dir.path().join("portal.db")).unwrap());
    Api::over(apitest::Stores::Sqlite(store), dir, portal::areas).await
}

/// The link an export answers: at once (200), or, for a list written in the background (202),
/// once its job is ready.
pub async fn export_link(api: &Api, token: &str, path: &str) -> Value {
    let answer = api.get(path, token).await;
    match answer.status {
        StatusCode::OK => answer.body,
        StatusCode::ACCEPTED => finished(api, token, answer.body["status_url"].as_str().unwrap()).await["link"].clone(),
        other => panic!("{other}: {:?}", answer.body),
    }
}

/// A background export's status once it is ready, asked every 50 ms for up to a minute.
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

/// The Admin of a portal started by [`serve`], who signs in without a second factor.
pub const SERVED_EMAIL: &str = "served-admin@portal.test";
pub const SERVED_PASSWORD: &str = "Served-Pass-1";

/// The real `portal` binary serving `data_dir` on `port`, its output discarded; on a fresh
/// directory it creates the Admin [`SERVED_EMAIL`].
pub fn serve(data_dir: &std::path::Path, port: u16) -> std::process::Child {
    serve_command(data_dir, port).spawn().expect("the portal starts")
}

/// The command [`serve`] runs, for a test that adds settings to it.
pub fn serve_command(data_dir: &std::path::Path, port: u16) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_portal"));
    command
        .args(["serve", "--port", &port.to_string(), "--data-dir"])
        .arg(data_dir)
        .args(["--web-dir", "/nonexistent"])
        .env("PORTAL_ADMIN_EMAIL", SERVED_EMAIL)
        .env("PORTAL_ADMIN_PASSWORD", SERVED_PASSWORD)
        .env("PORTAL_ADMIN_TWO_FACTOR", "optional")
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    command
}

/// Waits up to 20 s for the portal at `base` to answer its health check.
pub async fn wait_ready(client: &reqwest::Client, base: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !client.get(format!("{base}/api/health")).send().await.is_ok_and(|r| r.status().is_success()) {
        assert!(std::time::Instant::now() < deadline, "the portal did not answer in time");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// A session token of [`SERVED_EMAIL`] on the portal at `base`.
pub async fn sign_in(client: &reqwest::Client, base: &str) -> String {
    let login = client.post(format!("{base}/api/auth/login")).json(&serde_json::json!({"email": SERVED_EMAIL, "password": SERVED_PASSWORD})).send().await.unwrap();
    let body: Value = login.json().await.unwrap();
    body["token"].as_str().unwrap_or_else(|| panic!("no token: {body}")).to_string()
}

/// Puts a record of grievance `grievance` closing it in the portal's file `db`, as the portal
/// would have written one but in no chain, as whoever holds the file could: answers its id.
pub fn insert_forged_record(db: &rusqlite::Connection, grievance: i64) -> String {
    db.execute(
        "INSERT INTO audit_records (grievance_id, change_tag, position, grievance_number, action, field_name, old_value, new_value, notes, details, user_id, actor_id, created_at, details_dictionary)
         SELECT grievance_id, 'forged', 0, grievance_number, 'STATUS_CHANGED', 'status', 'Pending', 'Closed', NULL, NULL, user_id, actor_id, created_at, 0
         FROM audit_records WHERE grievance_id = ?1 ORDER BY seq DESC LIMIT 1",
        [grievance],
    )
    .unwrap();
    format!("{grievance}-forged-0")
}
