//! The real `portal` binary, killed with SIGKILL in the middle of a stream of writes, keeps
//! every write it had answered: a commit is durable before it is acknowledged.

use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const EMAIL: &str = "crash-admin@portal.test";
const PASSWORD: &str = "Crash-Pass-1";

fn start(data_dir: &std::path::Path, port: u16) -> Child {
    Command::new(env!("CARGO_BIN_EXE_portal"))
        .args(["serve", "--port", &port.to_string(), "--data-dir"])
        .arg(data_dir)
        .args(["--web-dir", "/nonexistent"])
        .env("PORTAL_ADMIN_EMAIL", EMAIL)
        .env("PORTAL_ADMIN_PASSWORD", PASSWORD)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the portal starts")
}

async fn wait_ready(client: &reqwest::Client, base: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while client.get(format!("{base}/api/health")).send().await.map(|r| r.status().is_success()).unwrap_or(false) == false {
        assert!(Instant::now() < deadline, "the portal did not answer in time");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_answered_write_survives_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let port = testkit::free_port();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let mut portal = start(dir.path(), port);
    wait_ready(&client, &base).await;

    // Each sign-in writes a session; its token is only good while that session is stored.
    let stop = Arc::new(AtomicBool::new(false));
    let mut writers = Vec::new();
    for _ in 0..4 {
        let (client, base, stop) = (client.clone(), base.clone(), stop.clone());
        writers.push(tokio::spawn(async move {
            let mut answered = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let sent = client.post(format!("{base}/api/auth/login")).json(&json!({"email": EMAIL, "password": PASSWORD})).send().await;
                let Ok(response) = sent else { break };
                if response.status().is_success() {
                    if let Ok(body) = response.json::<Value>().await {
                        answered.push(body["token"].as_str().unwrap().to_string());
                    }
                }
            }
            answered
        }));
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // SIGKILL while requests are in flight: no shutdown code runs.
    portal.kill().unwrap();
    portal.wait().unwrap();
    stop.store(true, Ordering::Relaxed);
    let mut tokens = Vec::new();
    for w in writers {
        tokens.extend(w.await.unwrap());
    }
    assert!(tokens.len() >= 4, "the stream made writes before the kill ({} answered)", tokens.len());

    let mut portal = start(dir.path(), port);
    wait_ready(&client, &base).await;
    for token in &tokens {
        let me = client.get(format!("{base}/api/auth/me")).bearer_auth(token).send().await.unwrap();
        assert_eq!(me.status(), 200, "an answered sign-in was lost in the crash");
    }
    portal.kill().unwrap();
    portal.wait().unwrap();
}
