//! The real `portal` binary, killed with SIGKILL in the middle of a stream of grievance
//! filings and status changes, keeps every write it had answered (a commit is durable before
//! it is acknowledged), and after the restart the audit trail and the counters agree with
//! the data.


use crate::common::{serve as start, sign_in, wait_ready};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_answered_write_survives_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let port = testkit::free_port();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let mut portal = start(dir.path(), port);
    wait_ready(&client, &base).await;

    let token = sign_in(&client, &base).await;

    let statuses: Value = client.get(format!("{base}/api/admin/dropdowns/statuses")).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
    let resolved = statuses.as_array().unwrap().iter().find(|s| s["name"] == "Resolved").unwrap()["id"].as_i64().unwrap();

    // A stream of grievance filings, each followed by a status change; each answered write
    // holds the grievance, its audit records and its share of the counters, all in one
    // transaction.
    let stop = Arc::new(AtomicBool::new(false));
    let mut writers = Vec::new();
    for w in 0..4 {
        let (client, base, stop, token) = (client.clone(), base.clone(), stop.clone(), token.clone());
        writers.push(tokio::spawn(async move {
            let mut answered = Vec::new();
            let mut moved = Vec::new();
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let body = json!({"fir_no": format!("CRASH-{w}-{n}"), "fir_date": "2026-01-10", "section_and_act": "379 IPC", "crime_title": "Theft",
                    "district": "Central District", "police_station": "Civil Lines", "brief_details": "Filed while the portal is about to be killed."});
                let sent = client.post(format!("{base}/api/grievances")).bearer_auth(&token).json(&body).send().await;
                let Ok(response) = sent else { break };
                let Some(id) = (if response.status().is_success() { response.json::<Value>().await.ok() } else { None }).map(|b| b["data"]["id"].as_i64().unwrap()) else { continue };
                answered.push(id);
                let change = json!({"status_id": resolved, "notes": "Resolved while the portal is about to be killed."});
                let sent = client.put(format!("{base}/api/grievances/{id}/status")).bearer_auth(&token).json(&change).send().await;
                let Ok(response) = sent else { break };
                if response.status().is_success() && response.bytes().await.is_ok() {
                    moved.push(id);
                }
            }
            (answered, moved)
        }));
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // SIGKILL while requests are in flight: no shutdown code runs.
    portal.kill().unwrap();
    portal.wait().unwrap();
    stop.store(true, Ordering::Relaxed);
    let (mut filed, mut moved) = (Vec::new(), Vec::new());
    for w in writers {
        let (a, m) = w.await.unwrap();
        filed.extend(a);
        moved.extend(m);
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
    }
    for id in &moved {
        let found: Value = get(format!("/api/grievances/{id}")).await.json().await.unwrap();
        assert_eq!(found["data"]["status"], "Resolved", "the answered status change of {id} was lost in the crash");
    }
    // The trail and the counters agree with the data, grievance by grievance (a write cut off
    // before its answer may have committed too, whole, with its records and counts).
    let mut grievances = Vec::new();
    let mut cursor = String::new();
    let total = loop {
        let page: Value = get(format!("/api/grievances?limit=200{cursor}")).await.json().await.unwrap();
        grievances.extend(page["data"].as_array().unwrap().iter().cloned());
        match page["next_cursor"].as_str() {
            Some(c) => cursor = format!("&cursor={c}"),
            None => break page["total"].as_i64(),
        }
    };
    assert!(grievances.len() >= filed.len());
    assert_eq!(total, Some(grievances.len() as i64), "the counter equals the grievances stored");
    let mut records = 0;
    let mut resolved_now = 0;
    for g in &grievances {
        let trail: Value = get(format!("/api/audit/grievance/{}?limit=500", g["id"])).await.json().await.unwrap();
        let actions: Vec<&str> = trail.as_array().unwrap().iter().map(|r| r["action"].as_str().unwrap()).collect();
        records += actions.len() as i64;
        assert_eq!(actions.last(), Some(&"CREATED"), "grievance {} kept its CREATED record", g["id"]);
        let is_resolved = g["status"] == "Resolved";
        resolved_now += i64::from(is_resolved);
        assert_eq!(actions.contains(&"STATUS_CHANGED"), is_resolved, "grievance {}: the trail {actions:?} agrees with its status {}", g["id"], g["status"]);
    }
    let stats: Value = get("/api/audit/statistics".into()).await.json().await.unwrap();
    assert_eq!(stats["totalActions"].as_i64(), Some(records), "the trail's total counts every record");
    let by_status: Value = get("/api/grievances/stats".into()).await.json().await.unwrap();
    let counted = by_status["byStatus"].as_array().unwrap().iter().find(|s| s["status"] == "Resolved").map_or(0, |s| s["count"].as_i64().unwrap());
    assert_eq!(counted, resolved_now, "the Resolved counter equals the Resolved grievances");
    assert!(moved.len() >= 2, "the stream changed statuses before the kill ({} answered)", moved.len());
    portal.kill().unwrap();
    portal.wait().unwrap();
}
