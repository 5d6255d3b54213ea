//! Eight writers making 400 random creates, updates, transfers, status changes and deletes at
//! once.
//! Afterwards: every successful mutation left exactly its audit records, every counter
//! equals a recount of the data, and no update was lost.

use apitest::{on_both_engines, Api, Engine};
use http::StatusCode;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

const WRITERS: u64 = 8;

/// 8 x 50 = 400 mutations. moto copies its whole table for every transaction, which makes
/// each one slower as the table grows, so the DynamoDB run makes fewer.
fn ops_per_writer(engine: Engine) -> u64 {
    match engine {
        Engine::Sqlite => 50,
        Engine::Dynamo => 12,
    }
}
const STATUSES: [&str; 4] = ["Pending", "In Progress", "Resolved", "Closed"];
const PRIORITIES: [&str; 4] = ["Low", "Medium", "High", "Critical"];
const STATIONS: [&str; 3] = ["Civil Lines", "Cantonment", "City Kotwali"];

/// A small deterministic generator, so a failing run can be repeated.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % below
    }
}

fn form(rng: &mut Lcg, marker: &str) -> Value {
    json!({"fir_no": format!("FIR-{}", rng.next(100000)), "fir_date": "2026-06-15", "section_and_act": "379 IPC",
           "crime_title": "Theft", "district": "Central District", "police_station": STATIONS[rng.next(3) as usize],
           "status": STATUSES[rng.next(4) as usize], "priority": PRIORITIES[rng.next(4) as usize],
           "brief_details": "Concurrent writer test grievance details.", "final_decision": marker})
}

/// What a successful mutation must have left: (grievance, change number) and, for
/// updates, the marker written.
#[derive(Default)]
struct Ledger {
    changes: BTreeSet<(i64, i64)>,
    update_markers: BTreeMap<(i64, i64), String>,
    deleted: BTreeSet<i64>,
}

/// The ids of the statuses and police stations a writer picks from.
#[derive(Clone)]
struct Items {
    statuses: Vec<i64>,
    stations: Vec<i64>,
}

async fn writer(api: Arc<Api>, token: String, ops: u64, seed: u64, pool: Arc<Mutex<Vec<i64>>>, ledger: Arc<Mutex<Ledger>>, items: Items) {
    let mut rng = Lcg(seed);
    // The grievance this writer filed last. Its second operation transfers it, so that
    // transfers race with the rest in every run: left to the dice, a run of 96 operations on
    // DynamoDB can roll too few of them for any to get through the conflicts.
    let mut filed = None;
    for op in 0..ops {
        let marker = format!("writer {seed} op {op}");
        let pick = {
            let pool = pool.lock().unwrap();
            let len = pool.len() as u64;
            if len == 0 { None } else { pool.get(rng.next(len) as usize).copied() }
        };
        let roll = rng.next(100);
        let (roll, pick) = match (op, filed) {
            (1, Some(own)) => (55, Some(own)),
            _ => (roll, pick),
        };
        match (roll, pick) {
            (0..40, _) | (_, None) => {
                let answer = api.post("/api/grievances", &token, form(&mut rng, &marker)).await;
                assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
                let id = answer.body["data"]["id"].as_i64().unwrap();
                pool.lock().unwrap().push(id);
                ledger.lock().unwrap().changes.insert((id, 1));
                filed = Some(id);
            }
            (40..55, Some(id)) => {
                let current = api.get(&format!("/api/grievances/{id}"), &token).await;
                if current.status == StatusCode::NOT_FOUND {
                    continue;
                }
                let version = current.body["data"]["version"].as_i64().unwrap();
                let mut body = form(&mut rng, &marker);
                body["version"] = json!(version);
                // A filed grievance changes station only by a transfer (the next arm).
                body["police_station"] = current.body["data"]["police_station"].clone();
                let answer = api.put(&format!("/api/grievances/{id}"), &token, body).await;
                match answer.status {
                    StatusCode::OK => {
                        let new_version = answer.body["data"]["version"].as_i64().unwrap();
                        if new_version > version {
                            let mut l = ledger.lock().unwrap();
                            l.changes.insert((id, new_version));
                            l.update_markers.insert((id, new_version), marker);
                        }
                    }
                    StatusCode::CONFLICT | StatusCode::NOT_FOUND => {}
                    other => panic!("update answered {other}: {:?}", answer.body),
                }
            }
            (55..65, Some(id)) => {
                let first = rng.next(items.stations.len() as u64) as usize;
                let mut answer = api.put(&format!("/api/grievances/{id}/transfer"), &token, json!({"police_station_id": items.stations[first], "reason": marker})).await;
                if answer.status == StatusCode::BAD_REQUEST {
                    // Most likely already there: the next station is another one.
                    let next = items.stations[(first + 1) % items.stations.len()];
                    answer = api.put(&format!("/api/grievances/{id}/transfer"), &token, json!({"police_station_id": next, "reason": marker})).await;
                }
                match answer.status {
                    StatusCode::OK => {
                        let new_version = answer.body["data"]["version"].as_i64().unwrap();
                        ledger.lock().unwrap().changes.insert((id, new_version));
                    }
                    // Gone, changed meanwhile or at its limit; or already at that station.
                    StatusCode::CONFLICT | StatusCode::NOT_FOUND | StatusCode::BAD_REQUEST => {}
                    other => panic!("transfer answered {other}: {:?}", answer.body),
                }
            }
            (65..85, Some(id)) => {
                let current = api.get(&format!("/api/grievances/{id}"), &token).await;
                if current.status == StatusCode::NOT_FOUND {
                    continue;
                }
                let version = current.body["data"]["version"].as_i64().unwrap();
                let status_id = items.statuses[rng.next(items.statuses.len() as u64) as usize];
                let answer = api.put(&format!("/api/grievances/{id}/status"), &token, json!({"status_id": status_id, "version": version})).await;
                match answer.status {
                    StatusCode::OK => {
                        let new_version = answer.body["data"]["version"].as_i64().unwrap();
                        if new_version > version {
                            ledger.lock().unwrap().changes.insert((id, new_version));
                        }
                    }
                    StatusCode::CONFLICT | StatusCode::NOT_FOUND => {}
                    other => panic!("status change answered {other}: {:?}", answer.body),
                }
            }
            (_, Some(id)) => {
                let current = api.get(&format!("/api/grievances/{id}"), &token).await;
                if current.status == StatusCode::NOT_FOUND {
                    continue;
                }
                let version = current.body["data"]["version"].as_i64().unwrap();
                let answer = api.delete(&format!("/api/grievances/{id}"), &token).await;
                match answer.status {
                    StatusCode::OK => {
                        pool.lock().unwrap().retain(|g| *g != id);
                        let mut l = ledger.lock().unwrap();
                        // The deletion is the change after the version it removed. A
                        // concurrent change between the read and the delete moves it on,
                        // which the trail check below finds by the DELETED record.
                        l.deleted.insert(id);
                        let _ = version;
                    }
                    StatusCode::NOT_FOUND | StatusCode::CONFLICT => {}
                    other => panic!("delete answered {other}: {:?}", answer.body),
                }
            }
        }
    }
}

async fn concurrent_writers_leave_the_trail_and_counters_exact(engine: Engine) {
    let api = Arc::new(Api::new(engine, portal::areas).await);
    let token = api.admin().await;
    let statuses = api.get("/api/admin/dropdowns/statuses", &token).await.body;
    let stations = api.get("/api/admin/dropdowns/police_stations", &token).await.body;
    let ids = |items: &Value| -> Vec<i64> { items.as_array().unwrap().iter().map(|s| s["id"].as_i64().unwrap()).collect() };
    let items = Items { statuses: ids(&statuses), stations: ids(&stations) };
    let pool = Arc::new(Mutex::new(Vec::new()));
    let ledger = Arc::new(Mutex::new(Ledger::default()));
    let tasks: Vec<_> = (0..WRITERS)
        .map(|w| tokio::spawn(writer(api.clone(), token.clone(), ops_per_writer(engine), w + 1, pool.clone(), ledger.clone(), items.clone())))
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    let ledger = ledger.lock().unwrap();

    // The audit trail, read through its port: one change number per successful mutation,
    // nothing else.
    let trail = api.state.trail.as_ref();
    let state_scope = &cases::reads::Viewer::state(0);
    let mut records = Vec::new();
    loop {
        let page = trail.all(state_scope, &Default::default(), cases::trail::MAX_LIMIT, records.len()).await.unwrap();
        if page.is_empty() {
            break;
        }
        records.extend(page);
    }
    let mut trail_changes = BTreeSet::new();
    let mut deleted_in_trail = BTreeSet::new();
    for r in &records {
        let mut parts = r.id.split('-');
        let (g, change) = (parts.next().unwrap().parse::<i64>().unwrap(), parts.next().unwrap().parse::<i64>().unwrap());
        if r.action == domain::audit::AuditAction::Deleted {
            deleted_in_trail.insert(g);
        } else {
            trail_changes.insert((g, change));
        }
    }
    assert_eq!(trail_changes, ledger.changes, "every answered change has its audit records and no other change has any");
    assert!(records.iter().any(|r| r.action == domain::audit::AuditAction::Transferred), "transfers raced with the rest");
    assert_eq!(deleted_in_trail, ledger.deleted, "every answered deletion has its DELETED record");
    assert_eq!(trail.total_actions().await.unwrap(), records.len() as i64, "the trail's total equals the records");

    // The figures the engine keeps against a recount of the grievances that exist, all read
    // through the grievances port (whatever shape the engine keeps them in).
    let port = api.state.grievances.as_ref();
    let state_scope = &cases::reads::Viewer::state(0);
    let mut grievances: Vec<cases::Grievance> = Vec::new();
    let mut cursor = None;
    loop {
        let page = port.list(state_scope, &cases::reads::Filters::default(), 200, cursor).await.unwrap();
        grievances.extend(page.items.into_iter().map(|s| s.grievance));
        match page.cursor {
            Some(next) => cursor = Some(next),
            None => break,
        }
    }
    let existing: BTreeSet<i64> = grievances.iter().map(|g| g.id).collect();
    let created: BTreeSet<i64> = ledger.changes.iter().filter(|(_, v)| *v == 1).map(|(g, _)| *g).collect();
    assert_eq!(existing, created.difference(&ledger.deleted).copied().collect(), "nothing lost, nothing resurrected");
    let all = port.tallies(state_scope).await.unwrap();
    assert_eq!(all.total, grievances.len() as i64);
    assert_eq!(all.done, grievances.iter().filter(|g| g.status_meaning.is_final()).count() as i64);
    // Figures go by the items' ids; the grievances store the names they were given.
    let id_of = |list: &str, name: &str| {
        let list = list.to_string();
        let name = name.to_string();
        let api = &api;
        let token = &token;
        async move {
            let items = api.get(&format!("/api/admin/dropdowns/{list}"), token).await.body;
            items.as_array().unwrap().iter().find(|i| i["name"] == name.as_str()).unwrap()["id"].as_i64().unwrap()
        }
    };
    for status in STATUSES {
        let real = grievances.iter().filter(|g| g.fields.status == status).count() as i64;
        let id = id_of("statuses", status).await;
        assert_eq!(all.by_status.get(&id).copied().unwrap_or(0), real, "{status}");
    }
    for priority in PRIORITIES {
        let real = grievances.iter().filter(|g| g.fields.priority == priority).count() as i64;
        let id = id_of("priorities", priority).await;
        assert_eq!(all.by_priority.get(&id).copied().unwrap_or(0), real, "{priority}");
    }
    let stations = port.station_tallies(state_scope).await.unwrap();
    for station in STATIONS {
        let real = grievances.iter().filter(|g| g.fields.police_station == station).count() as i64;
        let id = id_of("police_stations", station).await;
        let kept = stations.iter().find(|s| s.station_id == id).map_or(0, |s| s.total);
        assert_eq!(kept, real, "{station}");
    }
    let districts = api.get("/api/admin/dropdowns/districts", &token).await.body;
    let central = districts.as_array().unwrap().iter().find(|d| d["name"] == "Central District").unwrap();
    assert_eq!(central["usage_count"].as_i64(), Some(grievances.len() as i64), "list usage counts follow the data");

    // No lost update: each grievance's version counts exactly its answered changes, and
    // its content is that of the last answered update.
    for g in &grievances {
        let id = g.id;
        let answered: Vec<i64> = ledger.changes.iter().filter(|(gid, _)| *gid == id).map(|(_, v)| *v).collect();
        assert_eq!(Some(g.version), answered.iter().max().copied(), "grievance {id}");
        assert_eq!(answered.len() as i64, g.version, "grievance {id}: one version per answered change");
        let last_update = ledger.update_markers.range((id, 0)..(id + 1, 0)).next_back().map(|(_, m)| m.as_str());
        if let Some(marker) = last_update {
            assert_eq!(g.fields.final_decision.as_deref(), Some(marker), "grievance {id} keeps its last update");
        }
    }
    let made = ledger.changes.len() as u64 + ledger.deleted.len() as u64;
    assert!(made * 2 > WRITERS * ops_per_writer(engine), "most operations changed something ({made})");
}

on_both_engines!(concurrent_writers_leave_the_trail_and_counters_exact);
