//! A data directory written by the release before grievances referred to list items by id
//! (`fixtures/release-before-list-ids`: `portal seed --grievances 150`, then pendency limits
//! saved, a status "Under Enquiry" added and used, a case note written, through that
//! release's API) is upgraded in place when the portal opens it, losing nothing: the same
//! grievances, names, counts, rates, limits, notes and trail, now renamable. On SQLite the
//! file itself is opened; on DynamoDB its items are copied into a fresh table first.

use crate::common;
use apitest::{Api, Engine};
use base64::Engine as _;
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
    portal::ready(&api.state).await.unwrap();
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

    // On DynamoDB every item is still there (counters are recounted under keys by id, so
    // their partitions are compared by what they add up to below). On the embedded engine
    // every record moved into the file's tables, checked value by value through the API
    // below (grievances field by field, the trail record by record, the users, lists and
    // notes), and the items' table is gone.
    if engine == Engine::Sqlite {
        assert!(!store.holds_items().await.unwrap(), "the items' table is gone: nothing in it was left unmoved");
    } else {
        let kept: Vec<store::Key> = before.iter().filter(|i| !i.key.pk.starts_with("STATS#GRV") && !i.key.pk.starts_with("STATS#STATION")).map(|i| i.key.clone()).collect();
        for chunk in kept.chunks(100) {
            for (key, now) in chunk.iter().zip(store.get_many(chunk).await.unwrap()) {
                assert!(now.is_some(), "{key:?} lost");
            }
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

    // That release kept no due days: worked out as the portal opened it, they are counted in
    // the figures the clock lists and the dashboard's tiles read, one for one with the lists.
    let stats = api.get("/api/grievances/stats", &token).await.body;
    for (query, tile) in [("clock=missed", "missedClocks"), ("clock=due", "clocksDueThisWeek")] {
        let mut listed = 0;
        let mut cursor = String::new();
        loop {
            let page = api.get(&format!("/api/grievances?{query}&limit=200{cursor}"), &token).await.body;
            listed += page["data"].as_array().unwrap().len() as i64;
            assert_eq!(page["matched"], stats[tile], "{query}: the list's count is the tile's");
            match page["next_cursor"].as_str() {
                Some(next) => cursor = format!("&cursor={next}"),
                None => break,
            }
        }
        assert_eq!(stats[tile].as_i64(), Some(listed), "{query}: counted as listed");
    }
    assert!(stats["missedClocks"].as_i64().unwrap() > 0, "the release's cases under the new codes, never told of progress, are missed");

    // Run again, it does nothing (on one machine there is nothing left to run it on).
    portal::migrate(&api.state).await.unwrap();
    if engine == Engine::Dynamo {
        assert_eq!(engines::migrations::due_counters(store).await.unwrap(), None);
        assert_eq!(engines::migrations::list_ids(store).await.unwrap(), None);
        assert_eq!(engines::migrations::places(store).await.unwrap(), None);
        assert_eq!(engines::migrations::grievance_indexes(store).await.unwrap(), None);
        assert_eq!(engines::migrations::grievance_numbers(store).await.unwrap(), None);
    }
    assert_eq!(api.state.grievances.upgrade().await.unwrap(), 0);
    assert_eq!(api.get("/api/grievances?limit=1", &token).await.body["total"].as_i64(), Some(150), "the grievances, once");
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
    // The places as the previous release left them: no count, and the step not yet run. The
    // embedded file keeps no items (its lists count the users posted from the users' rows).
    if engine == Engine::Sqlite {
        assert!(!api.state.store.holds_items().await.unwrap());
    } else {
        forget_the_places_counts(&api, station, district).await;
    }
    let refused = api.delete(&format!("/api/admin/dropdowns/police_stations/{station}"), &admin).await;
    assert_eq!((refused.status, refused.error()), (http::StatusCode::CONFLICT, "'Tundla' is where 1 user is posted; post them elsewhere before deleting it"));
}

/// Takes the users' counts off a station and a district as the release before counts left
/// them, then runs the step that counts them, once.
async fn forget_the_places_counts(api: &Api, station: i64, district: i64) {
    let store = api.state.store.as_ref();
    let uncounted = |kind, id| store::Write::update(engines::dynamo::lists::item_key(kind, id), store::Changes::default().set("posted_count", 0));
    let kinds = (domain::lists::ListKind::PoliceStations, domain::lists::ListKind::Districts);
    let forget = vec![uncounted(kinds.0, station), uncounted(kinds.1, district), store::Write::delete(store::Key::new("MIGRATION", "posted-counts"))];
    store.transact(forget).await.unwrap();

    assert_eq!(engines::migrations::posted_counts(store).await.unwrap(), Some(2), "the SHO and the SP");
    assert_eq!(engines::migrations::posted_counts(store).await.unwrap(), None, "once");
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
    portal::ready(&api.state).await.unwrap();

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

    // The items are gone: the trail is rows now (as is everything else: the items' table
    // went with them), and a second start has nothing to move.
    assert!(!items_table_in(&path), "every item moved, and the items' table is gone");
    portal::migrate(&api.state).await.unwrap();
    assert!(!api.state.store.holds_items().await.unwrap());
}

/// The data directory of the release that kept accounts, roles, sessions, sign-in lockouts,
/// second factors, admin lists, postings, notes, attachments, notices, the outbox and settings
/// as items of the embedded store (schema 15; `fixtures/release-v15-items`, written through
/// that release's API by fixtures/make-release-fixture.sh: see its README.txt). The current
/// build, started on a copy, keeps every record of it, value for value, as that release
/// answered them (expected.json): the test of the step that moves those items into tables.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_v15_releases_items_are_all_kept_with_their_values() {
    // Two of its cases as staff often typed them: numbers with no act, and an act named in
    // Hindi words the reading does not know (as that release's form took any text).
    let retyped = [(2, "302, 307 r/w 34"), (4, "धारा 25 आयुध अधिनियम")];
    every_record_kept(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/release-v15-items"), &retyped).await;
}

/// The data directory of the release before the audit chains were keyed by number (schema 21;
/// `fixtures/release-v21`, written through that release's API by the same script: see its
/// README.txt), checked the same way: every record as that release answered it, the trail
/// whole and extending that release's signed checkpoint (whose summary names the chains in
/// name order, now made again from chains kept by number). Every link and head is kept by
/// number, with no hash written twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_v21_releases_records_and_chains_are_all_kept() {
    const V21: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/release-v21");
    let (_dir, data) = every_record_kept(V21, &[]).await;
    let db = rusqlite::Connection::open(data.join("portal.db")).unwrap();
    let (links, by_number, own_prev): (i64, i64, i64) = db
        .query_row("SELECT count(*), count(*) FILTER (WHERE typeof(chain) = 'integer'), count(prev) FROM audit_links", [], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap();
    assert!(links > 50, "the fixture's trail: {links} links");
    assert_eq!((by_number, own_prev), (links, 0), "every link keyed by number, its hash before it read from the link before");
    let expected: Value = serde_json::from_str(&std::fs::read_to_string(format!("{V21}/expected.json")).unwrap()).unwrap();
    let (heads, own_hash): (i64, i64) = db.query_row("SELECT count(*), count(hash) FROM audit_chain_heads", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    assert_eq!((heads, own_hash), (expected["checkpoint"]["chains"].as_i64().unwrap(), 0), "a head for each chain, its hash read from its link");
}

/// Starts the current build on a copy of the release directory `fixture` and checks every
/// record of it through the API against what that release answered (its expected.json).
/// Answers the copy, stopped.
/// `retyped` gives grievances of a fixture that keeps their details as JSON text (schema 15)
/// another "Section & Act", as if typed so through that release's form.
async fn every_record_kept(fixture: &str, retyped: &[(i64, &str)]) -> (tempfile::TempDir, std::path::PathBuf) {
    let mut expected: Value = serde_json::from_str(&std::fs::read_to_string(format!("{fixture}/expected.json")).unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    copy_tree(std::path::Path::new(fixture), &data);
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(data.join("portal.db.gz")).unwrap()).read_to_end(&mut bytes).unwrap();
    std::fs::write(data.join("portal.db"), bytes).unwrap();
    std::fs::remove_file(data.join("portal.db.gz")).unwrap();
    for file in ["expected.json", "README.txt"] {
        std::fs::remove_file(data.join(file)).unwrap();
    }
    as_if_written_now(&data.join("portal.db"), expected["written_at"].as_i64().unwrap());
    let db = rusqlite::Connection::open(data.join("portal.db")).unwrap();
    for (id, text) in retyped {
        let changed = db.execute("UPDATE grievance_details SET rest = json_set(rest, '$.section_and_act', ?2) WHERE id = ?1", rusqlite::params![id, text]).unwrap();
        assert_eq!(changed, 1, "grievance {id} of the fixture");
        expected["grievances"][id.to_string()]["section_and_act"] = serde_json::json!(text);
        for list in ["grievance_list", "scope_sho"] {
            for row in expected[list]["data"].as_array_mut().unwrap().iter_mut().filter(|row| row["id"] == *id) {
                row["section_and_act"] = serde_json::json!(text);
            }
        }
    }
    drop(db);

    // The emails waiting in the outbox go out once there is a mailer.
    let smtp = testkit::smtp::SmtpServer::start(testkit::free_port());
    let port = testkit::free_port();
    let mut command = common::serve_command(&data, port);
    command
        .env("PORTAL_SMTP_HOST", "127.0.0.1")
        .env("PORTAL_SMTP_PORT", smtp.port.to_string())
        .env("PORTAL_SMTP_SECURITY", "none")
        .env("PORTAL_MAIL_FROM", "Grievance Portal <portal@upgrade.test>")
        .env("PORTAL_NOTIFY_SECONDS", "1");
    let portal = Served { child: command.spawn().expect("the portal starts"), base: format!("http://127.0.0.1:{port}"), client: reqwest::Client::new() };
    common::wait_ready(&portal.client, &portal.base).await;
    let admin = common::sign_in(&portal.client, &portal.base).await;

    // The audit trail first, before anything the test does could add to it: every record as
    // that release answered it, in order, and the whole trail verified.
    let mut trail: Vec<Value> = Vec::new();
    loop {
        let page = portal.get(&format!("/api/audit/all?limit=500&offset={}", trail.len()), &admin).await;
        let page = page.as_array().unwrap();
        if page.is_empty() {
            break;
        }
        trail.extend(page.iter().cloned());
    }
    let records = expected["audit_all"].as_array().unwrap().len();
    assert_eq!(records, expected["checkpoint"]["records"].as_u64().unwrap() as usize, "the fixture's trail is what its checkpoint counted");
    kept("the audit trail", &Value::Array(trail), &expected["audit_all"]);
    kept("the audit statistics", &portal.get("/api/audit/statistics", &admin).await, &expected["audit_statistics"]);
    let verified = portal.get("/api/audit/verify", &admin).await;
    kept("the trail's verification", &verified, &expected["audit_verify"]);

    // Users (their roles, postings, status, second factor) and roles, as they were.
    kept("the users", &portal.get("/api/users", &admin).await, &expected["users"]);
    kept("the roles", &portal.get("/api/roles", &admin).await, &expected["roles"]);
    // The admin lists: names (two renamed), meanings, order, districts and ranges, active flags.
    for (kind, items) in expected["lists"].as_object().unwrap() {
        kept(&format!("the list {kind}"), &portal.get(&format!("/api/admin/dropdowns/{kind}"), &admin).await, items);
    }
    // Settings.
    for (name, path) in [("pendency_limits", "/api/admin/pendency-limits"), ("escalation_rules", "/api/admin/escalation-rules"), ("transfer_limit", "/api/admin/transfer-limit")] {
        kept(name, &portal.get(path, &admin).await, &expected["settings"][name]);
    }

    // Each grievance field for field, with its notes, attachments (their bytes), links and
    // history; the deleted one stays deleted; the list, the counts and a posting's scope.
    for (id, grievance) in expected["grievances"].as_object().unwrap() {
        let now = &portal.get(&format!("/api/grievances/{id}"), &admin).await["data"];
        kept(&format!("grievance {id}"), now, grievance);
        // People were not recorded then: every case has none, and none is sensitive by a mark.
        assert_eq!((now["parties"].clone(), now["sensitive_mark"].clone()), (serde_json::json!([]), Value::Null), "grievance {id}");
        // Sections were not kept then: they are read from "Section & Act", kept as entered.
        let text = grievance["section_and_act"].as_str().unwrap();
        assert_eq!(now["section_and_act"], text);
        assert_eq!(now["sections"], serde_json::to_value(domain::law::citation::read(text).sections).unwrap(), "grievance {id}: {text}");
        if text == "420 IPC, 66D IT Act" {
            assert_eq!(now["sections"], serde_json::json!([{"act": "IPC", "section": "420"}, {"act": "OTHER", "act_name": "IT Act", "section": "66D"}]));
        }
        for part in ["notes", "attachments", "links", "history"] {
            kept(&format!("grievance {id}'s {part}"), &portal.get(&format!("/api/grievances/{id}/{part}"), &admin).await["data"], &expected[part][id]);
        }
        for attachment in expected["attachments"][id].as_array().unwrap() {
            let aid = attachment["id"].as_str().unwrap();
            let link = portal.get(&format!("/api/grievances/{id}/attachments/{aid}/link"), &admin).await;
            let url = link["url"].as_str().unwrap();
            let url = if url.starts_with('/') { format!("{}{url}", portal.base) } else { url.to_string() };
            let download = portal.client.get(url).send().await.unwrap();
            assert_eq!(download.status(), reqwest::StatusCode::OK, "attachment {aid}");
            let want = base64::engine::general_purpose::STANDARD.decode(expected["attachment_bytes"][aid].as_str().unwrap()).unwrap();
            assert_eq!(download.bytes().await.unwrap().to_vec(), want, "attachment {aid}'s bytes");
        }
    }
    // That release kept no due days: each case's is worked out as the portal opens the file,
    // the earliest due day of the clocks its screen shows open, and the clock lists hold
    // exactly the cases with one.
    let mut with_clocks = Vec::new();
    for id in expected["grievances"].as_object().unwrap().keys() {
        let now = &portal.get(&format!("/api/grievances/{id}"), &admin).await["data"];
        let open = now["clocks"].as_array().unwrap().iter().filter(|c| c["done_on"].is_null()).filter_map(|c| c["due_on"].as_str()).min();
        assert_eq!(now["next_due"].as_str(), open, "grievance {id}'s due day: {now}");
        if open.is_some() {
            with_clocks.push(now["id"].as_i64().unwrap());
        }
    }
    assert!(!with_clocks.is_empty(), "the fixture's cases run clocks");
    let mut listed: Vec<i64> = Vec::new();
    for query in ["clock=missed", "clock=due&within=365"] {
        listed.extend(portal.get(&format!("/api/grievances?{query}&limit=200"), &admin).await["data"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()));
    }
    listed.sort();
    with_clocks.sort();
    assert_eq!(listed, with_clocks, "the clock lists hold the cases with an open clock");
    // Working the due days out read every case's sections: the Admin Panel reports how many
    // it could not read whole from the text kept (each still as typed, above).
    let unread = expected["grievances"].as_object().unwrap().values().filter(|g| {
        let read = domain::law::citation::read(g["section_and_act"].as_str().unwrap());
        !read.complete || read.sections.is_empty()
    });
    assert_eq!(unread.count(), retyped.len(), "the texts retyped, and none of the release's own, are unread");
    assert_eq!(portal.get("/api/admin/clock-rules", &admin).await["unread_sections"], serde_json::json!(retyped.len()), "the upgrade's count");
    // The crime heads by chapter of every case kept, each from the text it was kept with.
    let mut want: std::collections::BTreeMap<String, i64> = Default::default();
    for (id, g) in expected["grievances"].as_object().unwrap() {
        let typed = retyped.iter().find(|(r, _)| r.to_string() == *id).map_or_else(|| g["section_and_act"].as_str().unwrap(), |(_, text)| *text);
        for head in domain::law::heads::of_case(&[], typed) {
            *want.entry(head).or_default() += 1;
        }
    }
    let from = cases::reports::day_text(domain::clock::today() - time::Duration::days(3650));
    let chapters = portal.get(&format!("/api/reports/chapters?from={from}"), &admin).await;
    let found: std::collections::BTreeMap<String, i64> =
        chapters["rows"].as_array().unwrap().iter().map(|r| (r["head"].as_str().unwrap().to_string(), r["count"].as_i64().unwrap())).collect();
    assert_eq!(found, want, "the heads by chapter of the cases kept: {chapters}");
    assert!(want.keys().any(|h| domain::law::heads::is_chapter(h)), "the fixture's cases fall in chapters: {want:?}");
    // The compliance figures of the cases kept, their clocks' runs worked out as the portal
    // opened the file: every run each case's screen shows, counted by where it stands.
    let mut runs = [0i64; 4];
    for id in expected["grievances"].as_object().unwrap().keys() {
        let now = &portal.get(&format!("/api/grievances/{id}"), &admin).await["data"];
        for clock in now["clocks"].as_array().unwrap() {
            for run in clock["earlier"].as_array().unwrap().iter().chain([clock]) {
                let at = ["met", "met_late", "missed", "due"].iter().position(|s| run["state"] == *s);
                if let Some(at) = at {
                    runs[at] += 1;
                }
            }
        }
    }
    let compliance = portal.get(&format!("/api/reports/compliance?from={from}"), &admin).await;
    let totals = ["met_on_time", "met_late", "missed", "running"].map(|k| compliance["totals"][k].as_i64().unwrap());
    assert_eq!(totals, runs, "the runs of the cases kept: {compliance}");
    assert!(runs[2] > 0, "the fixture's old cases missed their clocks: {runs:?}");
    // The list's act and section filter finds the cases kept by the sections their text reads.
    let mut charged: Vec<(i64, domain::law::section::ChargedSection)> = Vec::new();
    for (id, g) in expected["grievances"].as_object().unwrap() {
        let typed = retyped.iter().find(|(r, _)| r.to_string() == *id).map_or_else(|| g["section_and_act"].as_str().unwrap(), |(_, text)| *text);
        charged.extend(domain::law::citation::read(typed).sections.into_iter().map(|s| (id.parse::<i64>().unwrap(), s)));
    }
    let under = |act: domain::law::section::Act, section: Option<&domain::law::section::SectionNo>| {
        let mut ids: Vec<i64> = charged.iter().filter(|(_, s)| s.act == act && section.is_none_or(|want| s.section.within(want))).map(|(id, _)| *id).collect();
        ids.sort();
        ids.dedup();
        ids
    };
    let by_act: std::collections::BTreeSet<domain::law::section::Act> = charged.iter().map(|(_, s)| s.act).collect();
    assert!(!by_act.is_empty(), "the fixture's texts read into sections");
    let listed = |query: String| {
        let portal = &portal;
        let admin = admin.clone();
        async move {
            let mut ids: Vec<i64> = portal.get(&format!("/api/grievances?{query}&limit=200"), &admin).await["data"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
            ids.sort();
            ids
        }
    };
    for act in by_act {
        assert_eq!(listed(format!("act={}", act.as_str())).await, under(act, None), "the cases under the {}", act.as_str());
    }
    for (_, s) in charged.iter().take(3) {
        let query = format!("act={}&section={}", s.act.as_str(), s.section.as_str().replace('(', "%28").replace(')', "%29"));
        assert_eq!(listed(query).await, under(s.act, Some(&s.section)), "the cases under {}", s.citation());
    }

    let deleted = expected["deleted"].as_i64().unwrap();
    assert_eq!(portal.call(reqwest::Method::GET, &format!("/api/grievances/{deleted}"), Some(&admin), None).await.0, 404, "the deleted grievance");
    kept("the grievance list", &portal.get("/api/grievances?limit=200", &admin).await, &expected["grievance_list"]);
    kept("the grievance counts", &portal.get("/api/grievances/stats", &admin).await, &expected["stats"]);

    // Sign-in: every active user with a known password but the auditor (second factor) and
    // the two with failed sign-ins; the deactivated one is refused as inactive.
    let passwords = expected["passwords"].as_object().unwrap();
    let mut signed_in = std::collections::BTreeMap::new();
    for user in expected["users"]["data"].as_array().unwrap() {
        let email = user["email"].as_str().unwrap();
        let special = [expected["two_factor"]["email"].as_str().unwrap(), expected["lockout"]["locked"].as_str().unwrap()];
        if special.contains(&email) || expected["lockout"]["counted"].get(email).is_some() {
            continue;
        }
        let password = passwords[email].as_str().unwrap();
        let (status, body) = portal.call(reqwest::Method::POST, "/api/auth/login", None, Some(serde_json::json!({"email": email, "password": password}))).await;
        if user["status"] == "inactive" {
            assert_eq!((status, body["error"].as_str()), (401, Some("Your account is inactive. Please contact the administrator.")), "{email}");
            continue;
        }
        assert_eq!(status, 200, "{email}: {body}");
        let token = body["token"].as_str().unwrap().to_string();
        let me = portal.get("/api/auth/me", &token).await;
        assert_eq!((&me["id"], &me["email"], &me["role_id"], &me["posting"]), (&user["id"], &user["email"], &user["role_id"], &user["posting"]), "{email}");
        signed_in.insert(email.to_string(), token);
    }

    // The station officer's session of that release is still theirs: a token for it (signed
    // with the data directory's own secret, as that release's token has long expired) is
    // taken, and it answers as it did.
    let session = &expected["session"];
    let secret = hex::decode(std::fs::read_to_string(data.join("jwt-secret")).unwrap().trim()).unwrap();
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let token = auth::TokenKeys::new(&secret).issue(session["user_id"].as_i64().unwrap(), session["session_id"].as_str().unwrap(), now, now + 600);
    kept("the kept session's caller", &portal.get("/api/auth/me", &token).await, &expected["session_me"]);
    assert_eq!(portal.call(reqwest::Method::GET, "/api/auth/session", Some(&token), None).await.0, 200, "the session is current");

    // A posting's scope: the station officer sees what their station holds and what is theirs.
    kept("the station officer's grievances", &portal.get("/api/grievances?limit=200", &signed_in[session["email"].as_str().unwrap()]).await, &expected["scope_sho"]);

    // Notices as they were, read or not; the event left in the outbox is delivered now, to
    // the superintendent; every email waiting is sent, and that one's.
    let new_event = &expected["outbox"]["events"].as_array().unwrap()[..];
    assert_eq!(new_event.len(), 1, "the fixture leaves one event in the outbox: {new_event:?}");
    for (email, want) in expected["notifications"].as_object().unwrap() {
        let token = &signed_in[email];
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        let expected_more = usize::from(expected["outbox_recipient"] == email.as_str());
        let now = loop {
            let now = portal.get("/api/notifications", token).await["data"].clone();
            if now["items"].as_array().unwrap().len() >= want["items"].as_array().unwrap().len() + expected_more || std::time::Instant::now() > deadline {
                break now;
            }
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        };
        let items = now["items"].as_array().unwrap();
        let (fresh, kept_items) = items.split_at(expected_more);
        kept(&format!("{email}'s notices"), &Value::Array(kept_items.to_vec()), &want["items"]);
        assert_eq!(now["unread"].as_u64(), Some(want["unread"].as_u64().unwrap() + expected_more as u64), "{email}'s unread count");
        for notice in fresh {
            assert_eq!((notice["grievanceId"].as_i64(), notice["read"].as_bool()), (new_event[0]["grievance_id"].as_i64(), Some(false)), "{notice}");
        }
    }
    let mut want: Vec<String> = expected["outbox"]["mail"].as_array().unwrap().iter().map(|m| m["to"].as_str().unwrap().to_string()).collect();
    want.push(expected["outbox_recipient"].as_str().unwrap().to_string());
    want.sort();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while smtp.messages().len() < want.len() && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let mut sent: Vec<String> = smtp.messages().iter().map(|m| m.lines().find_map(|l| l.strip_prefix("To: ")).unwrap_or_default().to_string()).collect();
    sent.sort();
    assert_eq!(sent, want, "every email of the outbox, and the new event's, sent once");

    // The second factor: the password alone asks for a code; the kept secret's code signs in.
    let two_factor = &expected["two_factor"];
    let email = two_factor["email"].as_str().unwrap();
    let (status, step) = portal.call(reqwest::Method::POST, "/api/auth/login", None, Some(serde_json::json!({"email": email, "password": passwords[email]}))).await;
    assert_eq!(status, 200, "{step}");
    assert!(step["token"].is_null() && step["challenge"].is_string(), "a code is asked for: {step}");
    let code = auth::two_factor::code_at(two_factor["secret"].as_str().unwrap(), now as u64).unwrap();
    let (status, done) = portal.call(reqwest::Method::POST, "/api/auth/login/two-factor", None, Some(serde_json::json!({"challenge": step["challenge"], "code": code}))).await;
    assert_eq!(status, 200, "{done}");
    let me = portal.get("/api/auth/me", done["token"].as_str().unwrap()).await;
    assert_eq!((me["email"].as_str(), me["two_factor_enabled"].as_bool()), (Some(email), Some(true)));

    // The sign-in lockouts: the locked email stays locked, the right password too is refused;
    // the other's three failures still count, so its sixth attempt locks it.
    let locked = expected["lockout"]["locked"].as_str().unwrap();
    let attempt = |email: &str, password: &str| portal.call(reqwest::Method::POST, "/api/auth/login", None, Some(serde_json::json!({"email": email, "password": password})));
    assert_eq!(attempt(locked, passwords[locked].as_str().unwrap()).await.0, 429, "{locked} is still locked");
    for (email, failures) in expected["lockout"]["counted"].as_object().unwrap() {
        let failures = failures.as_u64().unwrap();
        for n in failures..auth::lockout::MAX_FAILURES as u64 {
            assert_eq!(attempt(email, "Wrong-Pass-9").await.0, 401, "{email}: failure {}", n + 1);
        }
        assert_eq!(attempt(email, passwords[email].as_str().unwrap()).await.0, 429, "{email}: locked after {failures} kept failures and the rest");
    }

    // Nothing the test did was audited: the trail is the fixture's, and the command line's
    // check finds it whole and extending the fixture's signed checkpoint.
    assert_eq!(portal.get("/api/audit/statistics", &admin).await["totalActions"], expected["audit_statistics"]["totalActions"]);
    drop(portal);
    let checkpoint = data.join(expected["checkpoint"]["file"].as_str().unwrap());
    let verify = std::process::Command::new(env!("CARGO_BIN_EXE_portal")).args(["audit", "verify", "--data-dir"]).arg(&data).arg("--since").arg(&checkpoint).output().unwrap();
    let said = String::from_utf8_lossy(&verify.stdout);
    assert!(verify.status.success(), "{said}{}", String::from_utf8_lossy(&verify.stderr));
    let chains = expected["checkpoint"]["chains"].as_u64().unwrap();
    assert!(said.contains(&format!("audit trail: {records} records in {chains} chains, every hash and link holds")), "{said}");
    assert!(said.contains(&format!("the trail extends it ({records} records in {chains} chains then)")), "{said}");
    (dir, data)
}

/// A portal served by the real binary on a data directory, stopped when dropped (on a failed
/// assertion too).
struct Served {
    child: std::process::Child,
    base: String,
    client: reqwest::Client,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Served {
    async fn call(&self, method: reqwest::Method, path: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn get(&self, path: &str, token: &str) -> Value {
        let (status, body) = self.call(reqwest::Method::GET, path, Some(token), None).await;
        assert_eq!(status, 200, "GET {path}: {body}");
        body
    }
}

/// Asserts that `got` keeps every value of `want`: the same scalars, arrays of the same
/// length, objects with every key of `want` (a later release may answer more fields). A
/// grievance's days at its stage are counted up to today, so they grow as the fixture ages:
/// the date they count from (`since`) is compared instead.
fn kept(what: &str, got: &Value, want: &Value) {
    fn walk(path: &mut String, got: &Value, want: &Value, what: &str) {
        match (got, want) {
            (Value::Object(got), Value::Object(want)) => {
                for (key, want) in want.iter().filter(|(key, _)| *key != "days_at_stage") {
                    let len = path.len();
                    path.push_str(&format!(".{key}"));
                    walk(path, got.get(key).unwrap_or(&Value::Null), want, what);
                    path.truncate(len);
                }
            }
            (Value::Array(got), Value::Array(want)) => {
                assert_eq!(got.len(), want.len(), "{what}{path}: {} entries, not {}: {got:?}", got.len(), want.len());
                for (n, (got, want)) in got.iter().zip(want).enumerate() {
                    let len = path.len();
                    path.push_str(&format!("[{n}]"));
                    walk(path, got, want, what);
                    path.truncate(len);
                }
            }
            _ => assert_eq!(got, want, "{what}{path}"),
        }
    }
    walk(&mut String::new(), got, want, what);
}

/// The admin lists and settings of the v15 release's data directory (see the test above,
/// which checks every record through the portal as served), read in process after the
/// upgrade moved them into their tables: as that release answered them, and moved once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_v15_releases_lists_and_settings_are_kept_in_their_tables() {
    const V15: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/release-v15-items");
    let expected: Value = serde_json::from_str(&std::fs::read_to_string(format!("{V15}/expected.json")).unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(format!("{V15}/portal.db.gz")).unwrap()).read_to_end(&mut bytes).unwrap();
    let path = dir.path().join("portal.db");
    std::fs::write(&path, bytes).unwrap();
    let list_items = items_of(&path).iter().filter(|i| i.key.pk.starts_with("LIST#")).count();
    assert!(list_items > 0, "the fixture keeps its lists as items");

    let sqlite = Arc::new(store::sqlite::SqliteStore::open(&path).unwrap());
    let api = Api::over(apitest::Stores::Sqlite(sqlite), dir, portal::areas).await;
    portal::migrate(&api.state).await.unwrap();
    let admin = api.login(common::SERVED_EMAIL, common::SERVED_PASSWORD).await;
    for (kind, items) in expected["lists"].as_object().unwrap() {
        kept(&format!("the list {kind}"), &api.get(&format!("/api/admin/dropdowns/{kind}"), &admin).await.body, items);
    }
    for (name, path) in [("pendency_limits", "/api/admin/pendency-limits"), ("escalation_rules", "/api/admin/escalation-rules"), ("transfer_limit", "/api/admin/transfer-limit")] {
        kept(name, &api.get(path, &admin).await.body, &expected["settings"][name]);
    }
    assert!(!items_table_in(&path), "every item moved, and the items' table is gone");
    portal::migrate(&api.state).await.unwrap();
    assert!(!api.state.store.holds_items().await.unwrap(), "a second start has nothing to move");
}

/// Copies the directory `from` (its files and folders) to `to`.
fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// The fixture's sessions and sign-in lockouts live minutes, and the fixture ages: their
/// times are moved on by its age, as if the upgrade ran as soon as it was written. This edits
/// the fixture's own format (that release's items, or its rows and their records), which
/// never changes.
fn as_if_written_now(db: &std::path::Path, written_at: i64) {
    let shift = time::OffsetDateTime::now_utc().unix_timestamp() - written_at;
    let conn = rusqlite::Connection::open(db).unwrap();
    let moved = |v: &mut Value| {
        if let Some(t) = v.as_i64().filter(|t| *t > 0) {
            *v = Value::from(t + shift);
        }
    };
    let moved_record = |text: &str| -> String {
        let mut attrs: Value = serde_json::from_str(text).unwrap();
        for field in ["expires_at", "last_seen", "ttl", "locked_until"] {
            if let Some(v) = attrs.get_mut(field) {
                moved(v);
            }
        }
        for failure in attrs.get_mut("failures").and_then(Value::as_array_mut).into_iter().flatten() {
            moved(failure);
        }
        for pending in attrs.get_mut("pending").and_then(Value::as_array_mut).into_iter().flatten() {
            moved(&mut pending["at"]);
        }
        attrs.to_string()
    };
    if !items_table_in(db) {
        // A release that kept sessions and lockouts in their tables: the times in their
        // columns too.
        let sessions = conn.execute("UPDATE sessions SET removable_at = removable_at + ?1", [shift]).unwrap();
        let lockouts = conn.execute("UPDATE sign_in_lockouts SET expires_at = expires_at + ?1 WHERE expires_at > 0", [shift]).unwrap();
        assert!(sessions > 0 && lockouts > 0, "{sessions} sessions, {lockouts} lockouts");
        for table in ["sessions", "sign_in_lockouts"] {
            let key = if table == "sessions" { "id" } else { "email" };
            let rows: Vec<(String, String)> = conn.prepare(&format!("SELECT {key}, record FROM {table}")).unwrap().query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect();
            for (id, record) in rows {
                conn.execute(&format!("UPDATE {table} SET record = ?1 WHERE {key} = ?2"), rusqlite::params![moved_record(&record), id]).unwrap();
            }
        }
        return;
    }
    let rows: Vec<(String, String, String)> = conn
        .prepare("SELECT pk, sk, attrs FROM items WHERE pk LIKE 'SESSION#%' OR pk LIKE 'LOGINFAIL#%'")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert!(rows.iter().any(|(pk, ..)| pk.starts_with("SESSION#")) && rows.iter().any(|(pk, ..)| pk.starts_with("LOGINFAIL#")), "{rows:?}");
    for (pk, sk, attrs) in rows {
        conn.execute("UPDATE items SET attrs = ?1 WHERE pk = ?2 AND sk = ?3", rusqlite::params![moved_record(&attrs), pk, sk]).unwrap();
    }
}

/// Whether the SQLite file at `path` still has the items' table of the releases before its
/// tables.
fn items_table_in(path: &std::path::Path) -> bool {
    rusqlite::Connection::open(path).unwrap().query_row("SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'items')", [], |r| r.get(0)).unwrap()
}
