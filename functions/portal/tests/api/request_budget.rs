//! What one API call costs on the DynamoDB engine (its request budget), counted call by
//! call by the SDK interceptor (`store::calls::CallLog`) against moto, over 2,000 and then
//! 12,000 seeded grievances: six times the data, the same calls. (Over 20,000 the figures
//! were the same, and moto's seeding of them was a sixth of `make test`'s time.) The
//! figures are printed (`cargo test -p portal --test api request_budget -- --nocapture`).
//!
//! Sign-in is one batch read (session, user and role). The admin lists are read from a copy
//! checked at most every `engines::dynamo::lists_cache::FRESH_FOR`, so a request may carry one
//! version check; budgets below hold with it.

use apitest::{Api, Engine};
use http::StatusCode;
use serde_json::{json, Value};
use store::calls::{Call, Tally};

/// One request and the DynamoDB calls it made.
struct Measured {
    answer: apitest::Answer,
    /// Its own calls, and their tally.
    calls: Vec<Call>,
    tally: Tally,
    /// The session's record of use, when this request happened to be the one to write it:
    /// written by whichever request comes when it is due (on a slow machine, any request of
    /// this test), so no request's own cost. Sign-in's writing of the new session is its own.
    touches: Vec<Call>,
    /// From the request's sending to its answer.
    elapsed: std::time::Duration,
}

async fn measured(api: &Api, label: &str, method: &str, path: &str, token: &str, body: Option<Value>) -> Measured {
    measured_as(api, label, method, path, Some(token), body).await
}

async fn measured_as(api: &Api, label: &str, method: &str, path: &str, token: Option<&str>, body: Option<Value>) -> Measured {
    let log = api.dynamo.as_ref().unwrap().calls().unwrap();
    settled(log).await;
    let sent = std::time::Instant::now();
    let answer = api.call(method, path, token, body).await;
    let elapsed = sent.elapsed();
    let (touches, calls): (Vec<Call>, Vec<Call>) = log.take().into_iter().partition(|c| path != "/api/auth/login" && is_session_touch(c));
    let tally = Tally::of(&calls);
    let touched = if touches.is_empty() { "" } else { ", and the session's record of use" };
    eprintln!("  {label:<44} {:>3}  {tally}{touched}", answer.status.as_u16());
    // BUDGET_TRACE=1 names each call's partitions, to see where a budget goes.
    if std::env::var_os("BUDGET_TRACE").is_some() {
        for call in &calls {
            eprintln!("      {} {}", call.operation, call.partitions.join(" "));
        }
    }
    Measured { answer, calls, tally, touches, elapsed }
}

/// Waits until the portal has made no store call for a moment, so that what an earlier request
/// set going in the background (the notifier's run after an assignment, say) does not land in
/// the next request's count on a slow machine.
async fn settled(log: &store::calls::CallLog) {
    for _ in 0..50 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        if log.take().is_empty() {
            return;
        }
    }
}

/// Holds a measured request to what the cost estimate (`portal::cost::REQUESTS`) counts for
/// its kind: its calls, read and write units, and answer; what `make cost` prints is then
/// never less than what the portal does.
/// What went over is gathered, and the test fails at its end naming every kind that did.
/// The session's record of use is held to its own line of the estimate. The lists' freshness
/// check counts once: a request that outlasts `FRESH_FOR` on a loaded machine makes it again
/// per window, which is that machine's slowness and not the request's cost.
fn within_cost(kind: &str, m: &Measured) {
    let answer_kb = m.answer.body.to_string().len() as f64 / 1024.0;
    let first_check = m.calls.iter().position(is_lists_check);
    let own: Vec<Call> = m.calls.iter().enumerate().filter(|&(at, c)| !is_lists_check(c) || Some(at) == first_check).map(|(_, c)| c.clone()).collect();
    for (kind, tally, answer_kb) in [(kind, Tally::of(&own), answer_kb), ("session_touch", Tally::of(&m.touches), 0.0)] {
        let cost = portal::cost::request(kind).unwrap_or_else(|| panic!("a request kind {kind}"));
        if !(tally.calls <= u64::from(cost.calls) && tally.units.read() <= cost.read_units && tally.units.write <= u64::from(cost.write_units) && answer_kb <= cost.answer_kb) {
            OVER_COST.lock().unwrap().push(format!(
                "{kind}: measured {tally}, answer {answer_kb:.1} KB; the cost estimate counts {} calls, {} read units, {} write units, {} KB",
                cost.calls, cost.read_units, cost.write_units, cost.answer_kb
            ));
        }
    }
}

/// The check of the admin lists' version, made at most once per `FRESH_FOR` by an instance.
fn is_lists_check(call: &Call) -> bool {
    call.operation == "GetItem" && call.partitions == ["SETTINGS/LISTS_VERSION"]
}

/// A write of the session's record of use alone.
fn is_session_touch(call: &Call) -> bool {
    call.operation != "BatchGetItem" && !call.partitions.is_empty() && call.partitions.iter().all(|p| p.starts_with("SESSION#"))
}

static OVER_COST: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// The calls that are not sign-in's (its batch read) nor the lists' version check.
fn beyond_sign_in(calls: &[Call]) -> Vec<&Call> {
    calls
        .iter()
        .filter(|c| !(c.operation == "BatchGetItem" && c.partitions.iter().any(|p| p.starts_with("SESSION#"))))
        .filter(|c| !is_lists_check(c))
        .collect()
}

/// A grievance under a FIR number of its own (a number recorded already is refused as a
/// duplicate unless confirmed).
fn form(brief: &str) -> Value {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
    let fir = format!("FIR/2026-{:05}", NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    json!({"type_of_call": "Walk-in", "fir_no": fir, "fir_date": "2026-10-05", "section_and_act": "379 IPC",
           "crime_title": "Theft", "district": "Central District", "police_station": "Civil Lines",
           "status": "Pending", "priority": "High", "brief_details": brief})
}

/// `form` without a status or a priority.
fn defaulted(mut form: Value) -> Value {
    let fields = form.as_object_mut().expect("a form is an object");
    fields.remove("status");
    fields.remove("priority");
    form
}

/// The figures whose cost must not grow with the number of grievances: calls and items read.
async fn fixed_costs(api: &Api, officer: &str, constable: &str) -> Vec<(String, u64, u64)> {
    let mut costs = Vec::new();
    for (who, token) in [("officer", officer), ("constable", constable)] {
        for path in ["/api/grievances/stats", "/api/admin/performance-metrics", "/api/admin/recent-activities", "/api/audit/statistics"] {
            // Once before, so that the process's copy of the lists is read already.
            api.get(path, token).await;
            let m = measured(api, &format!("{who} GET {path}"), "GET", path, token, None).await;
            assert_eq!(m.answer.status, StatusCode::OK, "{path}: {:?}", m.answer.body);
            assert_eq!(m.tally.count("Scan"), 0, "{path} scans");
            let kind = match path {
                "/api/grievances/stats" => "stats",
                "/api/admin/performance-metrics" => "metrics",
                "/api/admin/recent-activities" => "recent",
                _ => "audit_figures",
            };
            within_cost(kind, &m);
            let checks = m.calls.len() - beyond_sign_in(&m.calls).len();
            costs.push((format!("{who} {path}"), m.tally.calls - checks as u64, m.tally.items_read));
        }
    }
    costs
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_costs_the_same_at_12000_grievances_as_at_2000() {
    let api = Api::new(Engine::Dynamo, portal::areas).await;
    let table = api.dynamo.as_ref().unwrap();
    let started = std::time::Instant::now();
    // BUDGET_SCALE=10 runs it over a tenth (200, then 1,200), for a quick look while working.
    let scale: u64 = std::env::var("BUDGET_SCALE").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let (first, more) = (2_000 / scale, 10_000 / scale);
    let staff = portal::seed::into_table(table, api.state.accounts.as_ref(), first, 7).await.unwrap();
    eprintln!("seeded {first} grievances in {:.0} s", started.elapsed().as_secs_f64());
    // Officer 1 sees the whole state; officer 7's role sees their own grievances only.
    let officer = api.login("officer1.7@seed.portal", "Officer-Pass-1").await;
    let constable = api.login("officer7.7@seed.portal", "Officer-Pass-1").await;
    eprintln!("at {first} grievances:");
    let at_2000 = fixed_costs(&api, &officer, &constable).await;

    let started = std::time::Instant::now();
    portal::seed::into_table(table, api.state.accounts.as_ref(), more, 7).await.unwrap();
    eprintln!("seeded {more} more in {:.0} s", started.elapsed().as_secs_f64());
    let officer = api.login("officer1.7@seed.portal", "Officer-Pass-1").await;
    let constable = api.login("officer7.7@seed.portal", "Officer-Pass-1").await;
    let stats = api.get("/api/grievances/stats", &officer).await;
    let filed: i64 = stats.body["byPriority"].as_array().unwrap().iter().map(|p| p["count"].as_i64().unwrap()).sum();
    assert_eq!(filed, (first + more) as i64, "{:?}", stats.body);
    eprintln!("at {} grievances:", first + more);
    let at_12000 = fixed_costs(&api, &officer, &constable).await;
    // At a tenth of the scale, the first 200 grievances leave some stations' counters empty.
    for ((what, calls_then, items_then), (_, calls_now, items_now)) in at_2000.iter().zip(&at_12000).filter(|_| scale == 1) {
        assert_eq!(calls_now, calls_then, "{what}: calls at 12,000 and at 2,000");
        // Counter items that did not exist yet at 2,000 (a station, stage and priority no
        // grievance of the caller's had reached) may be read at 12,000: bounded by the
        // stations, stages and priorities, never by the grievances (one's own metrics read 63
        // at 2,000, 87 at 12,000 and 106 at 20,000).
        assert!(*items_now <= 2 * items_then, "{what}: {items_now} items read at 12,000, {items_then} at 2,000");
    }

    // Grievance by id: sign-in, then one read of the grievance.
    let created = measured(&api, "officer POST /api/grievances", "POST", "/api/grievances", &officer, Some(form("Motorcycle stolen from the market parking."))).await;
    assert_eq!(created.answer.status, StatusCode::CREATED, "{:?}", created.answer.body);
    let g = created.answer.body["data"].clone();
    let id = g["id"].as_i64().unwrap();
    let by_id = measured(&api, "officer GET /api/grievances/{id}", "GET", &format!("/api/grievances/{id}"), &officer, None).await;
    assert_eq!(by_id.answer.status, StatusCode::OK);
    let reads: Vec<_> = beyond_sign_in(&by_id.calls).into_iter().map(|c| (c.operation.clone(), c.partitions.clone())).collect();
    assert_eq!(reads, vec![("GetItem".to_string(), vec![format!("GRV#{id}/GRV")])], "one read of the grievance");
    within_cost("by_id", &by_id);
    let signed_in = measured_as(&api, "POST /api/auth/login", "POST", "/api/auth/login", None, Some(json!({"email": "officer2.7@seed.portal", "password": "Officer-Pass-1"}))).await;
    assert_eq!(signed_in.answer.status, StatusCode::OK, "{:?}", signed_in.answer.body);
    within_cost("sign_in", &signed_in);

    // Every change is one transaction, and a change reads its grievance once, with its audit
    // chain's head beside it. Filing (with its duplicate-FIR lookup), editing, assigning (the
    // assignee and their role are read), a note (its id and the audit event's are numbered)
    // take at most five calls in all, however much hangs off the grievance; a deletion six:
    // it reads the grievance's notes, attachments and links (a query each, whatever their
    // number) to keep them in the trash beside it, and names them and its audit pointers for
    // the notifier's next run to remove from the live case files.
    let version = g["version"].as_i64().unwrap();
    let mut edit = form("Edited: the motorcycle was found near the river bank.");
    edit["version"] = json!(version);
    edit["fir_no"] = g["fir_no"].clone();
    let constable_id = staff[6].user_id;
    let mutations = [
        (created, 5, Some("file")),
        (measured(&api, "officer PUT /api/grievances/{id}", "PUT", &format!("/api/grievances/{id}"), &officer, Some(edit)).await, 3, Some("edit")),
        (measured(&api, "officer PUT /api/grievances/{id}/assign", "PUT", &format!("/api/grievances/{id}/assign"), &officer, Some(json!({"user_id": constable_id}))).await, 5, Some("assign")),
        (measured(&api, "officer POST /api/grievances/{id}/notes", "POST", &format!("/api/grievances/{id}/notes"), &officer, Some(json!({"text": "Called the complainant."}))).await, 5, Some("note")),
        (measured(&api, "constable POST /api/grievances", "POST", "/api/grievances", &constable, Some(form("Mobile phone snatched near the bus stand."))).await, 5, Some("file")),
        // The status and priority left to the lists' defaults (as an imported register's rows
        // often are): found in the lists the instance keeps, not read again.
        (measured(&api, "constable POST /api/grievances (defaults)", "POST", "/api/grievances", &constable, Some(defaulted(form("Bicycle stolen outside the school.")))).await, 5, Some("file")),
        (measured(&api, "officer DELETE /api/grievances/{id}", "DELETE", &format!("/api/grievances/{id}"), &officer, None).await, 6, None),
    ];
    for (m, most, kind) in &mutations {
        if let Some(kind) = kind {
            within_cost(kind, m);
        }
        assert!(m.answer.status.is_success(), "{:?}", m.answer.body);
        assert_eq!(m.tally.count("TransactWriteItems"), 1, "one transaction: {}", m.tally);
        // The lists' freshness check is made at most once per lists_cache::FRESH_FOR by an
        // instance, whichever request happens to come then: not this request's cost. A request
        // that outlasts that window on a loaded machine may make it once more per window.
        let freshness = m.calls.iter().filter(|c| is_lists_check(c)).count() as u64;
        let windows = 1 + (m.elapsed.as_millis() / engines::dynamo::lists_cache::FRESH_FOR.as_millis()) as u64;
        assert!(freshness <= windows, "the lists' version is checked at most once per {:?} ({:?} taken): {}", engines::dynamo::lists_cache::FRESH_FOR, m.elapsed, m.tally);
        let made: Vec<_> = m.calls.iter().map(|c| (c.operation.as_str(), c.partitions.join(" "))).collect();
        assert!(m.tally.calls - freshness <= *most, "at most {most} calls besides the lists' freshness check: {}: {made:?}", m.tally);
    }

    // List pages for the filters the indexes and counters cover: at most 3 queries, no scan,
    // and the exact count.
    for path in [
        "/api/grievances",
        "/api/grievances?status=Pending",
        "/api/grievances?police_station=Civil%20Lines",
        "/api/grievances?priority=High",
        "/api/grievances?police_station=Civil%20Lines&status=Pending",
        "/api/grievances?district=Central%20District",
        // A station's and a district's FIRs of two years: ranges of the keys-only FIR-date
        // index, in filing order and in FIR-date order.
        "/api/grievances?police_station=Civil%20Lines&from_date=2024-01-01&to_date=2025-12-31",
        "/api/grievances?district=Central%20District&from_date=2024-01-01&to_date=2025-12-31",
        "/api/grievances?district=Central%20District&from_date=2024-01-01&to_date=2025-12-31&sort=fir_date&direction=asc",
    ] {
        let m = measured(&api, &format!("officer GET {path}"), "GET", path, &officer, None).await;
        assert_eq!(m.answer.status, StatusCode::OK);
        assert!(m.tally.count("Query") <= 3 && m.tally.count("Scan") == 0, "{path}: {}", m.tally);
        assert!(m.answer.body["matched"].is_i64(), "{path}: the exact count: {:?}", m.answer.body["matched"]);
        assert_eq!(m.answer.body["data"].as_array().unwrap().len(), 50, "{path}: a full page");
        within_cost("list", &m);
    }

    // The statutory-clock lists: a range of the due-day index's three shards, merged, and the
    // page's grievances in one batch read. The seeded cases under the new codes that nobody
    // told of progress within 90 days are missed.
    for path in ["/api/grievances?clock=missed", "/api/grievances?clock=due&within=365"] {
        let m = measured(&api, &format!("officer GET {path}"), "GET", path, &officer, None).await;
        assert_eq!(m.answer.status, StatusCode::OK, "{:?}", m.answer.body);
        // Besides the caller's totals, read from the counters as for every list.
        let batches = m.calls.iter().filter(|c| c.operation == "BatchGetItem" && c.partitions.iter().all(|p| p.starts_with("GRV#"))).count();
        assert!(m.tally.count("Query") <= 3 && m.tally.count("Scan") == 0 && batches <= 1, "{path}: {}", m.tally);
        assert!(!m.answer.body["data"].as_array().unwrap().is_empty(), "{path}: a page");
        assert!(m.answer.body["matched"].is_i64(), "{path}: counted from the due-day counters: {:?}", m.answer.body["matched"]);
        within_cost("list", &m);
    }
    let missed = api.get("/api/grievances?clock=missed", &officer).await.body;
    assert_eq!(missed["data"].as_array().unwrap().len(), 50, "a full page of missed clocks");
    let stats = api.get("/api/grievances/stats", &officer).await.body;
    assert_eq!(stats["missedClocks"], missed["matched"], "the dashboard's tile is the list's count");

    // A lookup by number reads the number index (the state's three shards) and the page's
    // grievances in one batch read: an exact number, every grievance number by its first
    // characters, and a station's FIR numbers of a year.
    // A seeded grievance (its FIR number `{STATION}/{year}/{n}`; this test's own are `FIR/...`).
    let newest = api.get("/api/grievances?limit=50", &officer).await.body;
    let first = newest["data"].as_array().unwrap().iter().find(|g| !g["fir_no"].as_str().unwrap().starts_with("FIR/")).expect("a seeded grievance").clone();
    let fir_year: String = first["fir_no"].as_str().unwrap().splitn(3, '/').take(2).collect::<Vec<_>>().join("%2F");
    for (path, limit) in [
        (format!("/api/grievances/lookup?number={}&match=exact", first["grievance_number"].as_str().unwrap()), 1),
        ("/api/grievances/lookup?number=GRV-&limit=20".to_string(), 20),
        (format!("/api/grievances/lookup?number={fir_year}%2F&limit=20"), 20),
    ] {
        let m = measured(&api, &format!("officer GET {path}"), "GET", &path, &officer, None).await;
        assert_eq!(m.answer.status, StatusCode::OK, "{path}: {:?}", m.answer.body);
        let found = m.answer.body["data"].as_array().unwrap().len();
        assert!(found == limit || (found > 0 && m.answer.body["next_cursor"].is_null()), "{path}: a full page, or every match");
        let own_calls = beyond_sign_in(&m.calls);
        let operations: Vec<&str> = own_calls.iter().map(|c| c.operation.as_str()).collect();
        assert_eq!(operations.iter().filter(|o| **o == "Query").count(), 3, "{path}: {operations:?}");
        assert_eq!(operations.iter().filter(|o| **o != "Query").collect::<Vec<_>>(), vec![&"BatchGetItem"], "{path}: one batch read of the page: {:?}", own_calls.iter().map(|c| (c.operation.as_str(), c.partitions.join(" "))).collect::<Vec<_>>());
        // Each shard's query reads at most a page and one more entry (which tells whether more
        // follow); then the page itself.
        let items: u64 = own_calls.iter().map(|c| c.items_read).sum();
        let trace: Vec<_> = own_calls.iter().map(|c| (c.operation.as_str(), c.items_read, c.partitions.join(" "))).collect();
        assert!(items <= 3 * (limit as u64 + 1) + limit as u64, "{path}: {items} items read: {trace:?}");
        within_cost("lookup", &m);
    }

    // Someone without view_all reads their own partitions only (and the configuration every
    // request reads: lists, settings, roles): never the state's indexes, counters or trail.
    let user_id = constable_id;
    let own = |p: &str| {
        let user = |prefix: &str| p.starts_with(&format!("{prefix}{user_id}")) && !p[prefix.len() + user_id.to_string().len()..].starts_with(|c: char| c.is_ascii_digit());
        p.starts_with("SESSION#")
            || p.starts_with("SETTINGS/")
            || p.starts_with("LIST#")
            || p.starts_with("ROLE#")
            || p == "gsi1:ROLES"
            // The performance metrics name officers from the users index (bounded by staff,
            // not by grievances); what they answer is the caller's own figures.
            || p == "gsi1:USERS"
            // Records and grievances read one by one, as named by the caller's own view.
            || (p.starts_with("AUDIT#") || p.starts_with("GRV#")) && p.contains('/')
            || user("USER#")
            || user("MYGRV#")
            || user("MYNUMBER#")
            || user("gsi3:MYGRVSTAGE#")
            || user("AUDITSEEN#")
            || user("STATS#GRV/USER#")
            || user("STATS#STATION#USER#")
            || user("STATS#OVERDUE#USER#")
            || user("STATS#DUE/USER#")
    };
    for path in ["/api/grievances", "/api/grievances?status=Pending", "/api/grievances/lookup?number=GRV-", "/api/grievances/stats", "/api/admin/performance-metrics", "/api/admin/recent-activities", "/api/audit/all"] {
        let m = measured(&api, &format!("constable GET {path}"), "GET", path, &constable, None).await;
        assert_eq!(m.answer.status, StatusCode::OK, "{path}");
        let kind = match path {
            "/api/grievances/lookup?number=GRV-" => Some("lookup"),
            "/api/grievances/stats" => Some("stats"),
            "/api/admin/performance-metrics" => Some("metrics"),
            "/api/admin/recent-activities" => Some("recent"),
            "/api/audit/all" => None,
            _ => Some("list"),
        };
        if let Some(kind) = kind {
            within_cost(kind, &m);
        }
        for call in &m.calls {
            for p in &call.partitions {
                assert!(own(p), "{path}: {} read {p}, not the caller's own", call.operation);
            }
        }
    }
    let over = OVER_COST.lock().unwrap().clone();
    assert!(over.is_empty(), "requests over what make cost counts:\n{}", over.join("\n"));
}

/// The transactions among `calls` that DynamoDB would cancel for a conflict: each that wrote
/// an item also written by another transaction in flight at the same time and finished
/// first. moto runs one request at a time and never cancels a transaction, so the conflicts
/// are told from what the transactions wrote and when they were in flight.
fn conflicted(calls: &[Call], item: impl Fn(&str) -> String) -> Vec<(&Call, Vec<String>)> {
    let writes: Vec<&Call> = calls.iter().filter(|c| c.operation == "TransactWriteItems" && c.failed.is_none()).collect();
    writes
        .iter()
        .filter_map(|t| {
            let shared: std::collections::BTreeSet<String> = writes
                .iter()
                .filter(|u| !std::ptr::eq(**u, *t) && u.finished < t.finished && u.finished > t.started)
                .flat_map(|u| {
                    let theirs: Vec<String> = u.partitions.iter().map(|p| item(p)).collect();
                    t.partitions.iter().map(|p| item(p)).filter(move |p| theirs.contains(p))
                })
                .collect();
            (!shared.is_empty()).then(|| (*t, shared.into_iter().collect()))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_writers_at_once_rarely_touch_the_same_item_and_the_counters_equal_a_recount() {
    let api = std::sync::Arc::new(Api::new(Engine::Dynamo, portal::areas).await);
    let staff = portal::seed::into_table(api.dynamo.as_ref().unwrap(), api.state.accounts.as_ref(), 200, 11).await.unwrap();
    // Each writer at a station of their own: as many stations as writers.
    let admin = api.admin().await;
    let district = api.state.lists.definitions(domain::lists::ListKind::Districts).await.unwrap()[0].id;
    let mut stations: Vec<String> = api.state.lists.definitions(domain::lists::ListKind::PoliceStations).await.unwrap().into_iter().map(|s| s.name).collect();
    for n in stations.len()..8 {
        let name = format!("Writers' Station {n}");
        let added = api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": name, "district_id": district})).await;
        assert_eq!(added.status, StatusCode::CREATED, "{:?}", added.body);
        stations.push(name);
    }
    let priorities = ["Low", "Medium", "High", "Critical"];
    // Eight officers, each at their own station, filing and editing at once.
    let mut tokens = Vec::new();
    for officer in staff.iter().take(8) {
        tokens.push(api.login(&officer.email, "Officer-Pass-1").await);
    }
    let log = api.dynamo.as_ref().unwrap().calls().unwrap();
    log.take();
    let mut writers = Vec::new();
    for (n, token) in tokens.into_iter().enumerate() {
        let (api, station) = (api.clone(), stations[n % stations.len()].clone());
        writers.push(tokio::spawn(async move {
            for k in 0..12 {
                let mut body = form("Complaint filed during the busy hour at the station.");
                body["police_station"] = json!(station);
                body["priority"] = json!(priorities[(n + k) % 4]);
                body["fir_no"] = json!(format!("FIR/{n}/{k}"));
                let created = api.post("/api/grievances", &token, body.clone()).await;
                assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
                body["brief_details"] = json!("Complaint filed during the busy hour; statements recorded.");
                body["version"] = created.body["data"]["version"].clone();
                let edited = api.put(&format!("/api/grievances/{}", created.body["data"]["id"]), &token, body).await;
                assert_eq!(edited.status, StatusCode::OK, "{:?}", edited.body);
            }
        }));
    }
    for w in writers {
        w.await.unwrap();
    }
    let calls = log.take();
    let transactions = calls.iter().filter(|c| c.operation == "TransactWriteItems").count();
    let failed = calls.iter().filter(|c| c.operation == "TransactWriteItems" && c.failed.is_some()).count();
    let conflicts = conflicted(&calls, str::to_string);
    // The same transactions had the counters been one item each (the shards' suffixes cut
    // off): what the shards are for, and the proof that this count sees conflicts at all.
    let unsharded = |p: &str| match p.rsplit_once('#') {
        Some((item, _shard)) if p.starts_with("USAGE#") || p.starts_with("STATS#GRV/ALL#") || p.starts_with("STATS#GRV/DISTRICT#") || p.starts_with("STATS#AUDIT/ALL#") => item.to_string(),
        _ => p.to_string(),
    };
    let unsharded_conflicts = conflicted(&calls, unsharded).len();
    let mut hot: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for (_, items) in &conflicts {
        for item in items {
            *hot.entry(item.as_str()).or_default() += 1;
        }
    }
    let percent = |n: usize| 100.0 * n as f64 / transactions as f64;
    eprintln!(
        "8 writers: {transactions} transactions, {failed} failed, {} would conflict ({:.1} %), {unsharded_conflicts} ({:.1} %) with unsharded counters; items shared: {hot:?}",
        conflicts.len(),
        percent(conflicts.len()),
        percent(unsharded_conflicts)
    );
    assert!(unsharded_conflicts * 5 > transactions, "unsharded counters would conflict often: {unsharded_conflicts} of {transactions}");
    // Besides these, a writer's session may be touched (its own item).
    let filing: Vec<&Call> = calls.iter().filter(|c| c.operation == "TransactWriteItems" && c.partitions.iter().any(|p| p.starts_with("GRV#"))).collect();
    assert_eq!(filing.len(), 8 * 12 * 2, "a transaction per change");
    assert!(conflicts.len() * 20 < transactions, "{} of {transactions} transactions would conflict (5 % allowed) on {hot:?}", conflicts.len());

    // The counters equal a recount of the grievances themselves.
    let state = cases::reads::Viewer::state(1);
    let mut recount = cases::port::Tallies::default();
    let mut overdue: std::collections::BTreeMap<i64, i64> = std::collections::BTreeMap::new();
    let clock = cases::pendency::Clock::now(api.state.lists.as_ref()).await.unwrap();
    let mut cursor = None;
    loop {
        let page = api.state.grievances.list(&state, &cases::reads::Filters::default(), 200, cursor).await.unwrap();
        for s in &page.items {
            let g = &s.grievance;
            recount.total += 1;
            *recount.by_status.entry(g.status_id.unwrap_or(0)).or_default() += 1;
            *recount.by_priority.entry(g.priority_id.unwrap_or(0)).or_default() += 1;
            recount.done += i64::from(g.status_meaning.is_final());
            *overdue.entry(g.police_station_id.unwrap_or(0)).or_default() += i64::from(clock.pendency(g).overdue);
        }
        match page.cursor {
            Some(c) => cursor = Some(c),
            None => break,
        }
    }
    assert_eq!(recount.total, 200 + 8 * 12);
    let kept = api.state.grievances.tallies(&state).await.unwrap();
    assert_eq!((kept.total, kept.done, &kept.by_status, &kept.by_priority), (recount.total, recount.done, &recount.by_status, &recount.by_priority));
    let stations: Vec<i64> = overdue.keys().copied().collect();
    let counted = api.state.grievances.overdue_by_station(&state, &clock, &stations).await.unwrap();
    assert_eq!(counted, overdue, "overdue by station: counters and a recount");
    assert!(overdue.values().sum::<i64>() > 0, "some seeded grievances are overdue");
}
