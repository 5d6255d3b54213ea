//! The audit trail API and the dashboard figures, on both engines.

use apitest::{on_both_engines, Api, Engine, ADMIN_NAME};
use http::StatusCode;
use serde_json::{json, Value};

fn form(fir: &str, station: &str) -> Value {
    json!({"fir_no": fir, "fir_date": "2026-10-05", "section_and_act": "420 IPC", "crime_title": "Cheating and Fraud",
           "district": "North District", "police_station": station, "status": "Pending", "priority": "Medium",
           "brief_details": "Online payment fraud reported by the complainant."})
}

async fn file(api: &Api, token: &str, fir: &str, station: &str) -> i64 {
    let answer = api.post("/api/grievances", token, form(fir, station)).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

async fn status(api: &Api, token: &str, id: i64, name: &str) {
    let statuses = api.get("/api/admin/dropdowns/statuses", token).await.body;
    let sid = statuses.as_array().unwrap().iter().find(|s| s["name"] == name).unwrap()["id"].clone();
    let answer = api.put(&format!("/api/grievances/{id}/status"), token, json!({"status_id": sid})).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
}

async fn officer(api: &Api, admin: &str) -> String {
    let role = api.post("/api/roles", admin, json!({"name": "Station Officer", "permissions": {"grievances": "create,read,update", "audit": "read"}})).await;
    api.post("/api/users", admin, json!({"name": "Ravi Officer", "email": "ravi@police.test", "password": "Officer-Pass-1",
        "department": "Crime Branch", "designation": "Inspector", "role_id": role.body["data"]["id"]})).await;
    api.login("ravi@police.test", "Officer-Pass-1").await
}

fn actions(records: &Value) -> Vec<String> {
    records.as_array().unwrap().iter().map(|r| r["action"].as_str().unwrap().to_string()).collect()
}

async fn the_trail_is_filtered_paged_and_scoped(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let ravi = officer(&api, &admin).await;
    let a = file(&api, &admin, "FIR-A", "Civil Lines").await;
    let b = file(&api, &ravi, "FIR-B", "Cantonment").await;
    status(&api, &admin, a, "Resolved").await;

    let all = api.get("/api/audit/all", &admin).await;
    assert_eq!(all.status, StatusCode::OK);
    assert_eq!(actions(&all.body), ["RESOLVED", "STATUS_CHANGED", "CREATED", "CREATED", "USER_CREATED", "ROLE_CREATED"], "newest first, the officer's role and account too");
    assert_eq!(actions(&api.get("/api/audit/all?kind=grievance", &admin).await.body), ["RESOLVED", "STATUS_CHANGED", "CREATED", "CREATED"], "grievance changes");
    assert_eq!(actions(&api.get("/api/audit/all?action=created", &admin).await.body), ["CREATED", "CREATED"], "legacy lower case");
    assert_eq!(api.get("/api/audit/all?limit=1&offset=1", &admin).await.body[0]["action"], "STATUS_CHANGED");
    let ravi_id = api.get("/api/auth/me", &ravi).await.body["id"].clone();
    let by_ravi = api.get(&format!("/api/audit/all?userId={ravi_id}"), &admin).await.body;
    assert_eq!((actions(&by_ravi), by_ravi[0]["grievance_id"].as_i64()), (vec!["CREATED".to_string()], Some(b)));
    let today = &api.get("/api/audit/all?limit=1", &admin).await.body[0]["created_at"].as_str().unwrap()[..10].to_string();
    assert_eq!(api.get(&format!("/api/audit/all?startDate={today}&endDate={today}&kind=grievance"), &admin).await.body.as_array().unwrap().len(), 4);
    assert_eq!(api.get("/api/audit/all?endDate=2020-01-01", &admin).await.body, json!([]));
    let bad = api.get("/api/audit/all?action=EXPLODED", &admin).await;
    assert_eq!((bad.status, bad.error()), (StatusCode::BAD_REQUEST, "Unknown audit action 'EXPLODED'"));
    assert_eq!(api.get("/api/audit/all?startDate=21-11-2026", &admin).await.error(), "Dates are written YYYY-MM-DD");

    // Without view_all: only the trail of one's own grievances.
    assert_eq!(actions(&api.get("/api/audit/all", &ravi).await.body), ["CREATED"]);
    assert_eq!(api.get(&format!("/api/audit/grievance/{a}"), &ravi).await.status, StatusCode::NOT_FOUND);
    let own = api.get(&format!("/api/audit/grievance/{b}"), &ravi).await;
    assert_eq!((own.status, actions(&own.body)), (StatusCode::OK, vec!["CREATED".to_string()]));
    assert_eq!(actions(&api.get(&format!("/api/audit/grievance/{a}?action=STATUS_CHANGED"), &admin).await.body), ["STATUS_CHANGED"]);

    // A deleted grievance's trail is still there for those who may read it.
    api.delete(&format!("/api/grievances/{a}"), &admin).await;
    let trail = api.get(&format!("/api/audit/grievance/{a}"), &admin).await;
    assert_eq!((trail.status, trail.body[0]["action"].as_str()), (StatusCode::OK, Some("DELETED")));
    assert_eq!(domain::audit::record_from_changes(&trail.body[0]["action_details"])["fir_no"], "FIR-A");

    let stats = api.get("/api/audit/statistics", &admin).await.body;
    assert_eq!(stats, json!({"totalActions": 7, "totalGrievances": 2, "totalUsers": 2}));
    assert_eq!(api.get("/api/audit/actions", &admin).await.body.as_array().unwrap().len(), 54, "the nine grievance actions, EXPORTED, the attachment and note actions, the four two-factor ones, GRANT_REFUSED, TRANSFERRED, the seventeen administrative changes, the three of closure approval, ESCALATED, LINKED, UNLINKED, CLOCK_ACTION_RECORDED, IDENTITY_REVEALED, and the seven of the complainant's side (PROGRESS_RECORDED, SMS_SENT, SMS_FAILED, CITIZEN_VIEWED, FEEDBACK_RECEIVED, APPEAL_DECIDED, APPEAL_ESCALATED), the trash's RESTORED and PURGED, and IMPORTED");
}

fn ids(records: &Value) -> Vec<i64> {
    records.as_array().unwrap_or_else(|| panic!("a list: {records}")).iter().map(|r| r["grievance_id"].as_i64().unwrap()).collect()
}

async fn search(api: &Api, token: &str, query: &str) -> apitest::Answer {
    api.get(&format!("/api/audit/all?limit=10&{query}"), token).await
}

async fn the_whole_trail_is_searched_within_the_callers_scope(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let ravi = officer(&api, &admin).await;
    let old = file(&api, &admin, "FIR-OLD/2019", "Civil Lines").await;
    status(&api, &admin, old, "Resolved").await;
    let own = file(&api, &ravi, "FIR-RAVI", "Cantonment").await;
    // Newer work pushes the old grievance's records off the first pages.
    for n in 0..12 {
        file(&api, &admin, &format!("FIR-NEW-{n}"), "Civil Lines").await;
    }
    let number_of = |id: i64| {
        let api = &api;
        let admin = admin.clone();
        async move { api.get(&format!("/api/grievances/{id}"), &admin).await.body["data"]["grievance_number"].as_str().unwrap().to_string() }
    };
    let (old_number, own_number) = (number_of(old).await, number_of(own).await);
    assert!(!ids(&api.get("/api/audit/all?limit=10", &admin).await.body).contains(&old), "off the first page");

    let by_number = search(&api, &admin, &format!("search={}", old_number.to_lowercase())).await.body;
    assert_eq!((actions(&by_number), ids(&by_number)), (vec!["RESOLVED".into(), "STATUS_CHANGED".into(), "CREATED".into()], vec![old; 3]), "a whole number, any case");
    assert_eq!(actions(&search(&api, &admin, &format!("search={old_number}&action=CREATED")).await.body), ["CREATED"], "with the other filters");
    assert_eq!(ids(&search(&api, &admin, "search=fir-old%2F2019").await.body), [old], "text in the record (its summary names the FIR)");
    // (His account's creation names him too: an administrative change, left out here.)
    assert_eq!(ids(&search(&api, &admin, "search=Ravi%20Off&kind=grievance").await.body), [own], "the user's name");
    assert_eq!(ids(&search(&api, &admin, "search=ravi%40police.test&kind=grievance").await.body), [own], "the user's email");
    let resolved = search(&api, &admin, "search=resolved").await.body;
    assert_eq!(actions(&resolved), ["RESOLVED", "STATUS_CHANGED"], "the new value of a change: {resolved}");
    assert_eq!(search(&api, &admin, "search=%25").await.body, json!([]), "a % is a character, not a wildcard");
    assert_eq!(search(&api, &admin, "search=%20%20").await.body.as_array().unwrap().len(), 10, "blank is no search");
    let second_page = search(&api, &admin, "search=FIR-NEW&offset=10").await.body;
    assert_eq!(actions(&second_page), ["CREATED", "CREATED"], "paged: 12 matches, 10 then 2");

    // Without view_all, only one's own grievances' records are searched.
    assert_eq!(search(&api, &ravi, &format!("search={old_number}")).await.body, json!([]), "another's grievance by number");
    assert_eq!(search(&api, &ravi, "search=FIR-OLD").await.body, json!([]), "another's grievance by text");
    assert_eq!(ids(&search(&api, &ravi, &format!("search={own_number}")).await.body), [own]);
    assert_eq!(ids(&search(&api, &ravi, "search=fir-ravi").await.body), [own]);

    // A deleted grievance's records are still found by its number.
    api.delete(&format!("/api/grievances/{old}"), &admin).await;
    assert_eq!(actions(&search(&api, &admin, &format!("search={old_number}")).await.body)[0], "DELETED");

    let long = search(&api, &admin, &format!("search={}", "x".repeat(101))).await;
    assert_eq!((long.status, long.error()), (StatusCode::BAD_REQUEST, "Search text must be at most 100 characters"));
}

async fn the_dashboard_reads_counters_within_the_callers_scope(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let ravi = officer(&api, &admin).await;
    let a = file(&api, &admin, "FIR-1", "Civil Lines").await;
    file(&api, &admin, "FIR-2", "Civil Lines").await;
    file(&api, &admin, "FIR-3", "Cantonment").await;
    file(&api, &ravi, "FIR-4", "Cantonment").await;
    status(&api, &admin, a, "Closed").await;
    let mut edit = form("FIR-1", "Civil Lines");
    edit["status"] = json!("Closed");
    edit["crime_title"] = json!("Theft");
    edit["brief_details"] = json!("Online payment fraud, later found to be theft of a card.");
    assert_eq!(api.put(&format!("/api/grievances/{a}"), &admin, edit).await.status, StatusCode::OK);

    let recent = api.get("/api/admin/recent-activities", &admin).await.body;
    let number = api.get(&format!("/api/grievances/{a}"), &admin).await.body["data"]["grievance_number"].as_str().unwrap().to_string();
    assert_eq!(recent[0]["description"], format!("{ADMIN_NAME} updated crime title, brief details of {number}"));
    assert_eq!(recent[0]["code"], "ACTIVITY_UPDATED", "a code for showing the sentence in another language");
    assert_eq!(recent[0]["params"], json!({"who": ADMIN_NAME, "fields": "crime title, brief details", "number": number}));
    assert_eq!((recent[0]["color"].as_str(), recent[0]["timeAgo"].as_str()), (Some("blue"), Some("just now")));
    assert_eq!(recent[1]["color"], "purple", "CLOSED");
    assert_eq!(recent[2]["color"], "orange", "STATUS_CHANGED");
    assert!(recent[2]["description"].as_str().unwrap().contains("from Pending to Closed"));
    assert_eq!(api.get("/api/admin/recent-activities", &ravi).await.body.as_array().unwrap().len(), 1, "only the officer's own case");

    // An export's line carries its parts, for the web app to say it in the reader's language.
    let export = api.get("/api/grievances/export/excel?status=Pending", &admin).await;
    assert_eq!(export.status, StatusCode::OK, "{:?}", export.body);
    let line = &api.get("/api/admin/recent-activities", &admin).await.body[0];
    assert_eq!(line["code"], "ACTIVITY_EXPORTED");
    assert_eq!(
        line["params"],
        json!({"who": ADMIN_NAME, "what": "3 grievances to Excel (filters: Status: Pending)", "rows": "3", "kind": "excel", "filter:Status": "Pending"})
    );

    let metrics = api.get("/api/admin/performance-metrics", &admin).await.body;
    assert_eq!(metrics["overallResolutionRate"], 25, "1 of 4 closed");
    assert_eq!(metrics["averageResolutionDays"], 0.0);
    assert_eq!(metrics["totalLoggedUsers"], 2);
    assert_eq!(metrics["longestActiveUser"]["name"], ADMIN_NAME);
    assert_eq!(
        metrics["policeStationPerformance"],
        json!([{"station_name": "Civil Lines", "resolution_rate": 50, "total_cases": 2, "overdue_cases": 1},
               {"station_name": "Cantonment", "resolution_rate": 0, "total_cases": 2, "overdue_cases": 2}])
    );
    assert_eq!(metrics["overdueCases"], 3, "Inward since the FIR date, past Medium's 7 days, except the closed one");
    let own = api.get("/api/admin/performance-metrics", &ravi).await.body;
    assert_eq!(own["policeStationPerformance"], json!([{"station_name": "Cantonment", "resolution_rate": 0, "total_cases": 1, "overdue_cases": 1}]));
    assert_eq!(own["overallResolutionRate"], 0);
    // The staff figures are the state's: withheld from one who sees only their own cases, or
    // only a posting's, as Audit History's cards are.
    assert_eq!((own["totalLoggedUsers"].clone(), own["longestActiveUser"].clone()), (Value::Null, Value::Null), "{own}");
    let stations = api.get("/api/admin/dropdowns/police_stations", &admin).await.body;
    let cantonment = stations.as_array().unwrap().iter().find(|s| s["name"] == "Cantonment").unwrap()["id"].clone();
    let role = api.post("/api/roles", &admin, json!({"name": "Station House Officer", "permissions": {"grievances": "read,view_posting"}})).await;
    let sho = api.post("/api/users", &admin, json!({"name": "Meena SHO", "email": "meena@police.test", "password": "Officer-Pass-1", "department": "Crime Branch",
        "designation": "Inspector", "role_id": role.body["data"]["id"], "posting": {"level": "station", "id": cantonment}})).await;
    assert_eq!(sho.status, StatusCode::CREATED, "{:?}", sho.body);
    let posted = api.get("/api/admin/performance-metrics", &api.login("meena@police.test", "Officer-Pass-1").await).await.body;
    assert_eq!(posted["policeStationPerformance"][0]["total_cases"], 2, "the station's cases: {posted}");
    assert_eq!((posted["totalLoggedUsers"].clone(), posted["longestActiveUser"].clone()), (Value::Null, Value::Null), "{posted}");
    assert_eq!(api.get("/api/admin/performance-metrics", &admin).await.body["totalLoggedUsers"], 3, "the state's, for the Admin");

    // The longest active is the first account made that is still active: the first Admin,
    // deactivated by a second, gives way to the officer made after it.
    let second = api.post("/api/users", &admin, json!({"name": "Second Admin", "email": "second@police.test", "password": "Officer-Pass-1",
        "department": "Crime Branch", "designation": "Inspector", "role_id": auth::roles::ADMIN_ROLE_ID})).await;
    assert_eq!(second.status, StatusCode::CREATED, "{:?}", second.body);
    let second = api.login("second@police.test", "Officer-Pass-1").await;
    let first = api.get("/api/auth/me", &admin).await.body;
    let off = api.put(&format!("/api/users/{}", first["id"]), &second, json!({"name": ADMIN_NAME, "email": first["email"], "department": "Crime Branch",
        "designation": "Inspector", "role_id": auth::roles::ADMIN_ROLE_ID, "status": "inactive"})).await;
    assert_eq!(off.status, StatusCode::OK, "{:?}", off.body);
    let metrics = api.get("/api/admin/performance-metrics", &second).await.body;
    assert_eq!((metrics["longestActiveUser"]["name"].as_str(), metrics["totalLoggedUsers"].as_i64()), (Some("Ravi Officer"), Some(3)), "{metrics}");
}

on_both_engines!(the_trail_is_filtered_paged_and_scoped, the_whole_trail_is_searched_within_the_callers_scope, the_dashboard_reads_counters_within_the_callers_scope);
