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

    let login = client.post(format!("{base}/api/auth/login")).json(&json!({"email": EMAIL, "password": PASSWORD})).send().await.unwrap();
    let token = login.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_string();

    // A stream of grievance filings; each answered one holds the grievance, its CREATED
    // record and its share of the counters, all in one transaction.
    let stop = Arc::new(AtomicBool::new(false));
    let mut writers = Vec::new();
    for w in 0..4 {
        let (client, base, stop, token) = (client.clone(), base.clone(), stop.clone(), token.clone());
        writers.push(tokio::spawn(async move {
            let mut answered = Vec::new();
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let body = json!({"fir_no": format!("CRASH-{w}-{n}"), "fir_date": "2026-01-10", "section_and_act": "379 IPC", "crime_title": "Theft",
                    "district": "Central District", "police_station": "Civil Lines", "brief_details": "Filed while the portal is about to be killed."});
                let sent = client.post(format!("{base}/api/grievances")).bearer_auth(&token).json(&body).send().await;
                let Ok(response) = sent else { break };
                if response.status().is_success() {
                    if let Ok(body) = response.json::<Value>().await {
                        answered.push(body["data"]["id"].as_i64().unwrap());
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
    let mut filed = Vec::new();
    for w in writers {
        filed.extend(w.await.unwrap());
    }
    assert!(filed.len() >= 4, "the stream made writes before the kill ({} answered)", filed.len());

    let mut portal = start(dir.path(), port);
    wait_ready(&client, &base).await;
    // The session survived too: the token from before the crash still works.
    let get = |path: String| {
        let (client, token, base) = (client.clone(), token.clone(), base.clone());
        async move { client.get(format!("{base}{path}")).bearer_auth(token).send().await.unwrap() }
    };
    for id in &filed {
        let found = get(format!("/api/grievances/{id}")).await;
        assert_eq!(found.status(), 200, "answered grievance {id} was lost in the crash");
        let trail: Value = get(format!("/api/audit/grievance/{id}")).await.json().await.unwrap();
        assert_eq!(trail[0]["action"], "CREATED", "grievance {id} kept its CREATED record");
    }
    // The counters agree with the data: every grievance that exists is counted once (a
    // filing cut off before its answer may exist too, with its record and its count).
    let mut existing = 0;
    let mut cursor = String::new();
    let total = loop {
        let page: Value = get(format!("/api/grievances?limit=200{cursor}")).await.json().await.unwrap();
        existing += page["data"].as_array().unwrap().len() as i64;
        match page["next_cursor"].as_str() {
            Some(c) => cursor = format!("&cursor={c}"),
            None => break page["total"].as_i64(),
        }
    };
    assert!(existing >= filed.len() as i64);
    assert_eq!(total, Some(existing), "the counter equals the grievances stored");
    let stats: Value = get("/api/audit/statistics".into()).await.json().await.unwrap();
    assert_eq!(stats["totalActions"].as_i64(), Some(existing), "one CREATED record per grievance");
    portal.kill().unwrap();
    portal.wait().unwrap();
}
