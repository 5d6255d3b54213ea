//! A data directory written by the release before grievances referred to list items by id
//! (`fixtures/release-before-list-ids`: `portal seed --grievances 150`, then pendency limits
//! saved, a status "Under Enquiry" added and used, a case note written, through that
//! release's API) is upgraded in place when the portal opens it, losing nothing: the same
//! grievances, names, counts, rates, limits, notes and trail, now renamable. On SQLite the
//! file itself is opened; on DynamoDB its items are copied into a fresh table first.

use apitest::{Api, Engine};
use serde_json::Value;
use std::collections::BTreeSet;
use std::io::Read;
use std::sync::Arc;
use store::Store;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/release-before-list-ids");

fn expected() -> Value {
    serde_json::from_str(&std::fs::read_to_string(format!("{FIXTURE}/expected.json")).unwrap()).unwrap()
}

/// The previous release's store file, unpacked into `dir`.
fn unpack(dir: &std::path::Path) -> std::path::PathBuf {
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(format!("{FIXTURE}/portal.db.gz")).unwrap()).read_to_end(&mut bytes).unwrap();
    let path = dir.join("portal.db");
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Every item of the file, as the engines store them.
fn items_of(path: &std::path::Path) -> Vec<store::Item> {
    let conn = rusqlite::Connection::open(path).unwrap();
    let mut statement = conn.prepare("SELECT pk, sk, attrs FROM items ORDER BY pk, sk").unwrap();
    let rows = statement.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?))).unwrap();
    rows.map(|r| {
        let (pk, sk, attrs) = r.unwrap();
        let Value::Object(attrs) = serde_json::from_str(&attrs).unwrap() else { panic!("attrs of {pk}/{sk}") };
        store::Item { key: store::Key::new(pk, sk), attrs }
    })
    .collect()
}

async fn open_previous_release(engine: Engine) -> (Api, Vec<store::Item>) {
    let dir = tempfile::tempdir().unwrap();
    let path = unpack(dir.path());
    let before = items_of(&path);
    let store = match engine {
        Engine::Sqlite => apitest::Stores::Sqlite(Arc::new(store::sqlite::SqliteStore::open(&path).unwrap())),
        Engine::Dynamo => {
            let table = store::dynamo::DynamoStore::local(testkit::moto_endpoint(), testkit::unique("upgrade")).await;
            table.ensure_table().await.unwrap();
            for chunk in before.chunks(100) {
                table.transact(chunk.iter().cloned().map(store::Write::put).collect()).await.unwrap();
            }
            apitest::Stores::Other(Arc::new(table))
        }
    };
    let api = Api::over(store, dir, portal::areas).await;
    portal::migrate(api.state.store.as_ref(), api.state.grievances.as_ref(), api.state.trail.as_ref()).await.unwrap();
    (api, before)
}

async fn the_previous_releases_data_directory_is_upgraded_with_nothing_lost(engine: Engine) {
    let (api, before) = open_previous_release(engine).await;
    let expected = expected();
    let token = api.login("officer1.1@seed.portal", "Officer-Pass-1").await;
    let store = api.state.store.as_ref();
    // The records written before the audit trail's chains are linked into them, and hold.
    let verification = api.state.trail.verify(cases::chain::VerifyScope::All).await.unwrap();
    assert_eq!(verification.broken, None, "{verification:?}");
    let total = api.state.trail.total_actions().await.unwrap();
    assert!(total > 0 && verification.records == total as u64, "every record linked: {verification:?} of {total}");

    // Every item is still there (counters are recounted under keys by id, so their
    // partitions are compared by what they add up to below).
    // On the embedded engine the grievances and their per-user copies become rows (checked
    // field by field through the API below), and their items are gone.
    // So do the audit records, each user's view of them and the trail's counter: they become
    // the relational trail, checked record by record below.
    let moved = |pk: &str| engine == Engine::Sqlite && (pk.starts_with("GRV#") || pk.starts_with("MYGRV#") || pk.starts_with("AUDIT") || pk == "STATS#AUDIT");
    let kept: Vec<store::Key> = before
        .iter()
        .filter(|i| !i.key.pk.starts_with("STATS#GRV") && !i.key.pk.starts_with("STATS#STATION") && !moved(&i.key.pk))
        .map(|i| i.key.clone())
        .collect();
    if engine == Engine::Sqlite {
        let grievance_items: Vec<store::Key> = before.iter().filter(|i| i.key.pk.starts_with("GRV#")).map(|i| i.key.clone()).collect();
        assert_eq!(grievance_items.len(), 150);
        for chunk in grievance_items.chunks(100) {
            assert!(store.get_many(chunk).await.unwrap().iter().all(Option::is_none), "the grievance items were moved into rows");
        }
    }
    for chunk in kept.chunks(100) {
        for (key, now) in chunk.iter().zip(store.get_many(chunk).await.unwrap()) {
            assert!(now.is_some(), "{key:?} lost");
        }
    }
    let users_before = before.iter().filter(|i| i.key.pk.starts_with("USER#")).count();
    assert!(users_before > 0);

    // The grievances, as the previous release listed them.
    let list = api.get("/api/grievances?limit=200", &token).await.body;
    assert_eq!((list["total"].as_i64(), list["matched"].as_i64()), (Some(150), Some(150)));
    let want = expected["grievances"].as_array().unwrap();
    let got = list["data"].as_array().unwrap();
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        for field in ["id", "grievance_number", "fir_no", "district", "police_station", "status", "priority", "crime_title", "filed_by", "resolved_at", "version"] {
            assert_eq!(g[field], w[field], "grievance {} field {field}", w["id"]);
        }
        let meaning = g["status_meaning"].as_str().unwrap();
        let final_status = w["status"] == "Resolved" || w["status"] == "Closed";
        assert_eq!(meaning == "resolved" || meaning == "closed", final_status, "grievance {}", w["id"]);
    }

    // Counts, by status and priority, and the filters that read them.
    let stats = api.get("/api/grievances/stats", &token).await.body;
    for (key, name) in [("byStatus", "status"), ("byPriority", "priority")] {
        let counts = |v: &Value| v[key].as_array().unwrap().iter().map(|c| (c[name].as_str().unwrap().to_string(), c["count"].as_i64().unwrap())).collect::<Vec<_>>();
        assert_eq!(counts(&stats), counts(&expected["stats"]), "{key}");
    }
    for line in expected["stats"]["byStatus"].as_array().unwrap() {
        let status = line["status"].as_str().unwrap().replace(' ', "%20");
        let filtered = api.get(&format!("/api/grievances?status={status}&limit=200"), &token).await.body;
        assert_eq!(filtered["matched"], line["count"], "{status}");
        assert_eq!(filtered["data"].as_array().unwrap().len() as i64, line["count"].as_i64().unwrap(), "{status}");
    }
    let enquiry = api.get("/api/admin/dropdowns/statuses", &token).await.body;
    let meanings: Vec<(String, String)> = enquiry.as_array().unwrap().iter().map(|s| (s["name"].as_str().unwrap().into(), s["meaning"].as_str().unwrap().into())).collect();
    assert!(meanings.contains(&("Under Enquiry".into(), "in_progress".into())) && meanings.contains(&("Closed".into(), "closed".into())), "{meanings:?}");

    // The rates and the stations, and the limits by the priorities' names.
    let metrics = api.get("/api/admin/performance-metrics", &token).await.body;
    assert_eq!(metrics["overallResolutionRate"], expected["metrics"]["overallResolutionRate"]);
    assert_eq!(metrics["averageResolutionDays"], expected["metrics"]["averageResolutionDays"]);
    let mut stations: Vec<Value> = metrics["policeStationPerformance"].as_array().unwrap().iter().map(|s| serde_json::json!([s["station_name"], s["resolution_rate"], s["total_cases"]])).collect();
    stations.sort_by_key(|s| s[0].as_str().unwrap().to_string());
    assert_eq!(Value::Array(stations), expected["metrics"]["stations"]);
    let overdue = api.get("/api/grievances?overdue=true&limit=200", &token).await.body;
    assert_eq!(metrics["overdueCases"].as_i64(), Some(overdue["data"].as_array().unwrap().len() as i64), "the figure and the filter agree");
    assert_eq!(api.get("/api/admin/pendency-limits", &token).await.body["limits"], expected["limits"]);

    // Notes and the trail.
    assert_eq!(api.get("/api/grievances/9/notes", &token).await.body["data"].as_array().unwrap().len() as i64, expected["notes"].as_i64().unwrap());
    let trail: Vec<Value> = api.get("/api/grievances/7/history", &token).await.body["data"].as_array().unwrap().iter().map(|r| r["action"].clone()).collect();
    assert_eq!(Value::Array(trail), expected["history7"]);
    // Every record of the previous release is in the trail, as it was written.
    let records_before: Vec<&store::Item> = before.iter().filter(|i| i.key.pk.starts_with("AUDIT#")).collect();
    let mut all = Vec::new();
    while let page @ [_, ..] = &api.get(&format!("/api/audit/all?limit=500&offset={}", all.len()), &token).await.body.as_array().unwrap()[..] {
        all.extend(page.iter().cloned());
    }
    assert_eq!(all.len(), records_before.len(), "as many records as the previous release kept");
    for item in records_before {
        let id = item.str("id").unwrap();
        let now = all.iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("audit record {id} lost"));
        for field in ["grievance_id", "grievance_number", "action", "field_name", "old_value", "new_value", "notes", "action_details", "user_id", "user_name", "user_email", "ip_address", "created_at"] {
            assert_eq!(now[field], *item.attrs.get(field).unwrap_or(&Value::Null), "record {id} field {field}");
        }
    }

    // A posting reads the upgraded grievances where they lie: a station's officer finds its
    // cases, their count and their filing in the trail, and nothing of another station.
    let station = want[0]["police_station"].as_str().unwrap();
    let at_station: BTreeSet<i64> = want.iter().filter(|w| w["police_station"] == station).map(|w| w["id"].as_i64().unwrap()).collect();
    let stations = api.get("/api/admin/dropdowns/police_stations", &token).await.body;
    let station_id = stations.as_array().unwrap().iter().find(|s| s["name"] == station).unwrap()["id"].clone();
    let role = api.post("/api/roles", &token, serde_json::json!({"name": "Station Officer", "permissions": {"grievances": "read,view_posting", "audit": "read"}})).await;
    assert_eq!(role.status, http::StatusCode::CREATED, "{:?}", role.body);
    let user = serde_json::json!({"name": "Station Officer", "email": "sho@upgrade.test", "password": "Officer-Pass-1", "department": "Crime Branch",
                                  "designation": "Inspector", "role_id": role.body["data"]["id"], "status": "active", "posting": {"level": "station", "id": station_id}});
    let created = api.post("/api/users", &token, user).await;
    assert_eq!(created.status, http::StatusCode::CREATED, "{:?}", created.body);
    let sho = api.login("sho@upgrade.test", "Officer-Pass-1").await;
    let theirs = api.get("/api/grievances?limit=200", &sho).await.body;
    let listed: BTreeSet<i64> = theirs["data"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
    assert_eq!((listed.clone(), theirs["total"].as_i64()), (at_station.clone(), Some(at_station.len() as i64)), "{station}'s cases");
    let filed = api.get("/api/audit/all?action=CREATED&limit=500", &sho).await.body;
    let filed: BTreeSet<i64> = filed.as_array().unwrap().iter().map(|r| r["grievance_id"].as_i64().unwrap()).collect();
    assert_eq!(filed, at_station, "{station}'s filings in the trail");

    // The state's lists of a district, and of a station's and a district's FIRs of a year,
    // hold the upgraded grievances (on DynamoDB the upgrade files them in the places'
    // indexes and counts the districts), with their exact counts.
    let district = want[0]["district"].as_str().unwrap();
    let year = got[0]["fir_date"].as_str().unwrap()[..4].to_string();
    let in_year = |g: &Value| g["fir_date"].as_str().unwrap().starts_with(&year);
    let places: [(String, Box<dyn Fn(&Value) -> bool>); 3] = [
        (format!("district={district}"), Box::new(|g: &Value| g["district"] == district)),
        (format!("police_station={station}&from_date={year}-01-01&to_date={year}-12-31"), Box::new(|g: &Value| g["police_station"] == station && in_year(g))),
        (format!("district={district}&from_date={year}-01-01&to_date={year}-12-31"), Box::new(|g: &Value| g["district"] == district && in_year(g))),
    ];
    for (query, kept) in places {
        let kept: Vec<i64> = got.iter().filter(|g| kept(g)).map(|g| g["id"].as_i64().unwrap()).collect();
        let page = api.get(&format!("/api/grievances?limit=200&{}", query.replace(' ', "%20")), &token).await.body;
        let listed: Vec<i64> = page["data"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
        assert!(!kept.is_empty(), "{query}");
        assert_eq!((listed, page["matched"].as_i64()), (kept.clone(), Some(kept.len() as i64)), "{query}");
    }

    // The upgraded grievances (one in five of the 150, each station's among them) are found by
    // their grievance number and by their FIR number in small letters, by the state and by the
    // station's officer where they lie.
    for g in got.iter().step_by(5) {
        let (number, fir, id) = (g["grievance_number"].as_str().unwrap(), g["fir_no"].as_str().unwrap(), g["id"].as_i64().unwrap());
        let exact = api.get(&format!("/api/grievances/lookup?number={number}&match=exact"), &token).await.body;
        assert_eq!(exact["data"].as_array().unwrap().iter().map(|f| f["id"].as_i64().unwrap()).collect::<Vec<_>>(), vec![id], "{number}: {exact:?}");
        let by_fir = api.get(&format!("/api/grievances/lookup?number={}&limit=50", fir.to_lowercase().replace('/', "%2F")), &sho).await.body;
        let found: Vec<i64> = by_fir["data"].as_array().unwrap().iter().map(|f| f["id"].as_i64().unwrap()).collect();
        assert_eq!(found.contains(&id), at_station.contains(&id), "{fir} for {station}'s officer: {by_fir:?}");
    }

    // And now a rename is only a label.
    let priorities = api.get("/api/admin/dropdowns/priorities", &token).await.body;
    let high = priorities.as_array().unwrap().iter().find(|p| p["name"] == "High").unwrap().clone();
    let renamed = api.put(&format!("/api/admin/dropdowns/priorities/{}", high["id"]), &token, serde_json::json!({"name": "Urgent", "display_order": high["display_order"]})).await;
    assert_eq!(renamed.status, http::StatusCode::OK);
    assert_eq!(api.get("/api/admin/pendency-limits", &token).await.body["limits"]["Urgent"], expected["limits"]["High"]);
    let urgent = api.get("/api/grievances?priority=Urgent&limit=200", &token).await.body;
    let was_high = want.iter().filter(|w| w["priority"] == "High").count() as i64;
    assert_eq!(urgent["matched"].as_i64(), Some(was_high));

    // Run again, it does nothing.
    assert_eq!(engines::migrations::list_ids(store).await.unwrap(), None);
    assert_eq!(engines::migrations::places(store).await.unwrap(), None);
    assert_eq!(engines::migrations::grievance_indexes(store).await.unwrap(), None);
    assert_eq!(engines::migrations::grievance_numbers(store).await.unwrap(), None);
    assert_eq!(api.state.grievances.upgrade().await.unwrap(), 0);
}

/// Users posted by the release before places counted them (its stations and districts hold
/// no count) keep their place: the upgrade counts them, so the station is not deleted from
/// under its officer.
async fn users_posted_before_places_counted_them_keep_their_place(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let district = api.post("/api/admin/dropdowns/districts", &admin, serde_json::json!({"name": "Firozabad"})).await.body["id"].as_i64().unwrap();
    let station = api.post("/api/admin/dropdowns/police_stations", &admin, serde_json::json!({"name": "Tundla", "district_id": district})).await.body["id"].as_i64().unwrap();
    let role = api.post("/api/roles", &admin, serde_json::json!({"name": "Reader", "permissions": {"grievances": "read"}})).await.body["data"]["id"].as_i64().unwrap();
    for (email, posting) in [("sho@upgrade.test", serde_json::json!({"level": "station", "id": station})), ("sp@upgrade.test", serde_json::json!({"level": "district", "id": district}))] {
        let body = serde_json::json!({"name": email, "email": email, "password": "Officer-Pass-1", "department": "Crime Branch", "designation": "Inspector", "role_id": role, "status": "active", "posting": posting});
        assert_eq!(api.post("/api/users", &admin, body).await.status, http::StatusCode::CREATED);
    }
    // The places as the previous release left them: no count, and the step not yet run.
    let store = api.state.store.as_ref();
    let uncounted = |kind, id| store::Write::update(engines::lists::item_key(kind, id), store::Changes::default().set("posted_count", 0));
    let kinds = (domain::lists::ListKind::PoliceStations, domain::lists::ListKind::Districts);
    let forget = vec![uncounted(kinds.0, station), uncounted(kinds.1, district), store::Write::delete(store::Key::new("MIGRATION", "posted-counts"))];
    store.transact(forget).await.unwrap();

    assert_eq!(engines::migrations::posted_counts(store).await.unwrap(), Some(2), "the SHO and the SP");
    assert_eq!(engines::migrations::posted_counts(store).await.unwrap(), None, "once");
    let refused = api.delete(&format!("/api/admin/dropdowns/police_stations/{station}"), &admin).await;
    assert_eq!((refused.status, refused.error()), (http::StatusCode::CONFLICT, "'Tundla' is where 1 user is posted; post them elsewhere before deleting it"));
}

apitest::on_both_engines!(the_previous_releases_data_directory_is_upgraded_with_nothing_lost, users_posted_before_places_counted_them_keep_their_place);

/// The data directory of the release that kept grievances as rows but the audit trail as
/// items (schema v5; `fixtures/release-v5-relational-grievances`: `portal seed --grievances
/// 60`, then an export, a status change, a resolution, a note, an attachment and a deletion
/// through that release's API, with the audit pages it answered then). On first start its
/// records move into the relational trail: the same records, in the same order, for a user
/// who sees the state and for one who sees only their own; no audit item is left behind.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_v5_releases_audit_trail_moves_into_rows_with_nothing_lost() {
    const V5: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/release-v5-relational-grievances");
    let expected: Value = serde_json::from_str(&std::fs::read_to_string(format!("{V5}/expected.json")).unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(format!("{V5}/portal.db.gz")).unwrap()).read_to_end(&mut bytes).unwrap();
    let path = dir.path().join("portal.db");
    std::fs::write(&path, bytes).unwrap();
    let audit_items_before = items_of(&path).iter().filter(|i| i.key.pk.starts_with("AUDIT")).count();
    assert!(audit_items_before > 60, "the fixture keeps its trail as items");

    let sqlite = Arc::new(store::sqlite::SqliteStore::open(&path).unwrap());
    let api = Api::over(apitest::Stores::Sqlite(sqlite), dir, portal::areas).await;
    portal::migrate(api.state.store.as_ref(), api.state.grievances.as_ref(), api.state.trail.as_ref()).await.unwrap();

    let everyone = api.login("officer1.1@seed.portal", "Officer-Pass-1").await;
    let constable = api.login("officer7.1@seed.portal", "Officer-Pass-1").await;
    let all = api.get("/api/audit/all?limit=500", &everyone).await.body;
    assert_eq!(all, expected["audit_all"], "the state's trail, record by record and in order");
    let own = api.get("/api/audit/all?limit=500", &constable).await.body;
    assert_eq!(own, expected["audit_officer7"], "a constable's own view");
    let total = api.get("/api/audit/statistics", &everyone).await.body["totalActions"].clone();
    assert_eq!(total.as_u64(), Some(expected["audit_all"].as_array().unwrap().len() as u64));
    let verification = api.state.trail.verify(cases::chain::VerifyScope::All).await.unwrap();
    assert_eq!((verification.records as usize, verification.broken), (expected["audit_all"].as_array().unwrap().len(), None), "the moved records are linked, and hold");

    // Each grievance's trail is the state's, read by grievance.
    let history = api.get("/api/grievances/8/history", &everyone).await.body["data"].clone();
    let of_8: Vec<&Value> = expected["audit_all"].as_array().unwrap().iter().filter(|r| r["grievance_id"] == 8).collect();
    assert_eq!(history.as_array().unwrap().iter().collect::<Vec<_>>(), of_8);

    // The items are gone: the trail is rows now, and a second start moves nothing.
    let left = rusqlite::Connection::open(&path).unwrap().query_row("SELECT count(*) FROM items WHERE pk LIKE 'AUDIT%' OR pk = 'STATS#AUDIT'", [], |r| r.get::<_, i64>(0)).unwrap();
    assert_eq!(left, 0, "no audit item is left in the file");
    assert_eq!(api.state.trail.upgrade().await.unwrap(), 0);
}
