//! Grievances through the real routers, on both engines: validation, scope, versions,
//! audit records in step with the data, counters, and deletion read back from the trail.

use crate::common;

use apitest::{on_both_engines, Api, Engine};
use http::StatusCode;
use serde_json::{json, Value};

fn form(fir: &str, status: &str, priority: &str) -> Value {
    json!({"type_of_call": "Walk-in", "fir_no": fir, "fir_date": "2026-10-05", "section_and_act": "379 IPC",
           "crime_title": "Theft", "district": "Central District", "police_station": "Civil Lines",
           "status": status, "priority": priority, "brief_details": "Motorcycle stolen from the market parking.",
           "investigation_officers": [
               {"officer_name": "SI Rao", "from_date": "2026-10-06", "to_date": "2026-10-20", "findings": "CCTV footage collected"},
               {"officer_name": "ASI Khan", "from_date": "2026-10-21", "to_date": "", "findings": ""}]})
}

async fn create(api: &Api, token: &str, body: Value) -> Value {
    let answer = api.post("/api/grievances", token, body).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"].clone()
}

async fn officer(api: &Api, admin: &str, email: &str) -> String {
    let role = api.post("/api/roles", admin, json!({"name": format!("Officer {email}"), "permissions": {"grievances": "create,read,update,delete"}})).await;
    let user = api.post("/api/users", admin, json!({"name": format!("Officer {email}"), "email": email, "password": "Officer-Pass-1",
        "department": "Crime Branch", "designation": "Inspector", "role_id": role.body["data"]["id"]})).await;
    assert_eq!(user.status, StatusCode::CREATED, "{:?}", user.body);
    api.login(email, "Officer-Pass-1").await
}

async fn a_grievance_is_filed_with_server_set_fields_and_an_audit_record(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let g = create(&api, &admin, form("FIR/2026-0042", "pending", "High")).await;
    assert!(g["grievance_number"].as_str().unwrap().starts_with("GRV-2026-"), "{g}");
    assert_eq!((g["status"].as_str(), g["priority"].as_str()), (Some("Pending"), Some("High")), "list items keep their own spelling");
    assert_eq!(g["filed_by_name"], apitest::ADMIN_NAME);
    assert_eq!(g["investigation_officers"].as_array().unwrap().len(), 2);
    assert_eq!(g["version"], 1);
    let id = g["id"].as_i64().unwrap();
    let read = api.get(&format!("/api/grievances/{id}"), &admin).await;
    assert_eq!((read.status, read.body["success"].as_bool()), (StatusCode::OK, Some(true)));
    assert_eq!(read.body["data"], g);
    let history = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body["data"].clone();
    let record = &history[0];
    assert_eq!((record["action"].as_str(), record["field_name"].as_str()), (Some("CREATED"), Some("complete_record")));
    assert_eq!(record["user_role"], "Admin");
    assert_eq!(record["ip_address"], "203.0.113.9");
    assert_eq!(record["user_agent"], "apitest");
    assert!(record["session_id"].as_str().unwrap().len() >= 16);
    assert!(record["action_details"]["summary"].as_str().unwrap().contains("created"));
    assert!(record["action_details"]["changes"].as_array().unwrap().iter().any(|c| c["field"] == "fir_no" && c["newValue"] == "FIR/2026-0042"));
}

async fn the_server_answers_the_forms_validation_messages(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let empty = api.post("/api/grievances", &admin, json!({})).await;
    assert_eq!((empty.status, empty.error()), (StatusCode::BAD_REQUEST, "Please fix the validation errors below before submitting."));
    assert_eq!(empty.body["fields"]["fir_no"], "FIR Number is required");
    assert_eq!(empty.body["fields"]["brief_details"], "Brief Details is required");
    let mut bad = form("FIR 12#", "Pending", "Low");
    bad["fir_date"] = json!("2999-01-01");
    bad["brief_details"] = json!("short");
    bad["investigation_officers"] = json!([{"officer_name": "SI Rao"}, {"officer_name": "X", "from_date": "2026-02-02", "to_date": "2026-01-01"}]);
    let fields = api.post("/api/grievances", &admin, bad).await.body["fields"].clone();
    assert_eq!(fields["fir_no"], "FIR Number should contain only letters, numbers, and hyphens");
    assert_eq!(fields["fir_date"], "FIR Date cannot be in the future");
    assert_eq!(fields["brief_details"], "Brief details must be at least 10 characters long");
    assert_eq!(fields["investigation_officers[0].from_date"], "From date is required when officer name is provided");
    assert_eq!(fields["investigation_officers[1].to_date"], "To date must be after from date");
    let mut unknown = form("FIR-1", "Pending", "Low");
    unknown["district"] = json!("Atlantis");
    let answer = api.post("/api/grievances", &admin, unknown).await;
    assert_eq!(answer.body["fields"]["district"], "District 'Atlantis' is not an active item of the Admin Panel's list");
}

async fn without_view_all_a_user_sees_only_their_own(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let ravi = officer(&api, &admin, "ravi@police.test").await;
    let sita = officer(&api, &admin, "sita@police.test").await;
    let mine = create(&api, &ravi, form("FIR-R1", "Pending", "Low")).await;
    let theirs = create(&api, &sita, form("FIR-S1", "Pending", "High")).await;
    let list = api.get("/api/grievances", &ravi).await;
    assert_eq!(list.body["data"].as_array().unwrap().len(), 1);
    assert_eq!((list.body["data"][0]["fir_no"].as_str(), list.body["total"].as_i64()), (Some("FIR-R1"), Some(1)));
    let other = api.get(&format!("/api/grievances/{}", theirs["id"]), &ravi).await;
    assert_eq!((other.status, other.error()), (StatusCode::NOT_FOUND, "Grievance not found"));
    assert_eq!(api.get(&format!("/api/grievances/{}/history", theirs["id"]), &ravi).await.status, StatusCode::NOT_FOUND);
    assert_eq!(api.delete(&format!("/api/grievances/{}", theirs["id"]), &ravi).await.status, StatusCode::NOT_FOUND);
    let stats = api.get("/api/grievances/stats", &ravi).await.body;
    assert_eq!(stats["byPriority"].as_array().unwrap().iter().map(|p| p["count"].as_i64().unwrap()).sum::<i64>(), 1);
    // The admin sees both; assigning Sita's case to Ravi shows it to him.
    assert_eq!(api.get("/api/grievances", &admin).await.body["total"], 2);
    let ravi_id = api.get("/api/auth/me", &ravi).await.body["id"].clone();
    let assigned = api.put(&format!("/api/grievances/{}/assign", theirs["id"]), &admin, json!({"user_id": ravi_id})).await;
    assert_eq!(assigned.status, StatusCode::OK, "{:?}", assigned.body);
    assert_eq!(api.get("/api/grievances", &ravi).await.body["data"].as_array().unwrap().len(), 2);
    let trail = api.get(&format!("/api/grievances/{}/history", theirs["id"]), &admin).await.body["data"].clone();
    let assigned = trail.as_array().unwrap().iter().find(|r| r["action"] == "ASSIGNED").unwrap();
    assert_eq!((assigned["action"].as_str(), assigned["new_value"].as_str()), (Some("ASSIGNED"), Some("Officer ravi@police.test")));
    assert_eq!((assigned["user_name"].as_str(), assigned["user_email"].as_str()), (Some(apitest::ADMIN_NAME), Some(apitest::ADMIN_EMAIL)));
    assert_eq!(api.get(&format!("/api/grievances/{}", mine["id"]), &ravi).await.status, StatusCode::OK);
}

/// Assigning a case makes the assignee its investigating officer from today, and the stage
/// follows: a case at Inward is with its investigating officer, its pendency counted again
/// from today. A reassignment ends the last officer's term; unassigning keeps the history.
async fn the_assignee_becomes_the_investigating_officer_and_the_stage_follows(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let ravi = officer(&api, &admin, "ravi@police.test").await;
    let sita = officer(&api, &admin, "sita@police.test").await;
    let mut body = form("FIR-A1", "Pending", "High");
    body["investigation_officers"] = json!([]);
    body["date_of_inward"] = json!("2026-10-05");
    let g = create(&api, &admin, body).await;
    let id = g["id"].as_i64().unwrap();
    assert_eq!((g["pendency"]["stage"].as_str(), g["current_investigation_officer"].as_str()), (Some("inward"), None), "{g}");
    let today = domain::clock::today().to_string();

    let ravi_id = api.get("/api/auth/me", &ravi).await.body["id"].clone();
    let sita_id = api.get("/api/auth/me", &sita).await.body["id"].clone();
    let assigned = api.put(&format!("/api/grievances/{id}/assign"), &admin, json!({"user_id": ravi_id})).await;
    assert_eq!(assigned.status, StatusCode::OK, "{:?}", assigned.body);
    let g = api.get(&format!("/api/grievances/{id}"), &admin).await.body["data"].clone();
    assert_eq!(g["current_investigation_officer"], "Officer ravi@police.test");
    assert_eq!(g["investigation_officers"], json!([{"officer_name": "Officer ravi@police.test", "from_date": today, "to_date": null, "findings": ""}]));
    assert_eq!((g["pendency"]["stage"].as_str(), g["pendency"]["since"].as_str(), g["pendency"]["days_at_stage"].as_i64()), (Some("with_io"), Some(today.as_str()), Some(0)), "{g}");
    let trail = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body["data"].clone();
    let officer_record = trail.as_array().unwrap().iter().find(|r| r["field_name"] == "current_investigation_officer").unwrap_or_else(|| panic!("{trail}"));
    assert_eq!((officer_record["action"].as_str(), officer_record["new_value"].as_str()), (Some("UPDATED"), Some("Officer ravi@police.test")));

    // Reassigned: Ravi's term ends today, Sita's begins.
    api.put(&format!("/api/grievances/{id}/assign"), &admin, json!({"user_id": sita_id})).await;
    let g = api.get(&format!("/api/grievances/{id}"), &admin).await.body["data"].clone();
    assert_eq!(g["current_investigation_officer"], "Officer sita@police.test");
    let terms: Vec<(&str, &str, Option<&str>)> = g["investigation_officers"].as_array().unwrap().iter().map(|o| (o["officer_name"].as_str().unwrap(), o["from_date"].as_str().unwrap(), o["to_date"].as_str())).collect();
    assert_eq!(terms, [("Officer ravi@police.test", today.as_str(), Some(today.as_str())), ("Officer sita@police.test", today.as_str(), None)]);

    // Unassigned: the officers stay as the case's history.
    let unassigned = api.put(&format!("/api/grievances/{id}/assign"), &admin, json!({"user_id": null})).await;
    assert_eq!(unassigned.status, StatusCode::OK, "{:?}", unassigned.body);
    let after = api.get(&format!("/api/grievances/{id}"), &admin).await.body["data"].clone();
    assert_eq!((after["current_investigation_officer"].clone(), after["investigation_officers"].clone(), after["pendency"]["stage"].clone()), (g["current_investigation_officer"].clone(), g["investigation_officers"].clone(), json!("with_io")));
    // The form takes the case back as it stands: the officers' terms are in order.
    let mut edit = form("FIR-A1", "Pending", "High");
    edit["investigation_officers"] = after["investigation_officers"].clone();
    edit["current_investigation_officer"] = after["current_investigation_officer"].clone();
    edit["version"] = after["version"].clone();
    let saved = api.put(&format!("/api/grievances/{id}"), &admin, edit).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
}

async fn a_stale_version_is_refused_and_changes_are_audited_field_by_field(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let g = create(&api, &admin, form("FIR-9", "Pending", "Low")).await;
    let id = g["id"].as_i64().unwrap();
    let mut edit = form("FIR-9", "Pending", "Critical");
    edit["crime_title"] = json!("Robbery");
    edit["investigation_officers"] = json!([{"officer_name": "SI Rao", "from_date": "2026-10-06", "to_date": "2026-10-20", "findings": "CCTV footage collected"}]);
    edit["version"] = json!(1);
    let first = api.put(&format!("/api/grievances/{id}"), &admin, edit.clone()).await;
    assert_eq!((first.status, first.body["data"]["version"].as_i64()), (StatusCode::OK, Some(2)));
    let stale = api.put(&format!("/api/grievances/{id}"), &admin, edit).await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    assert!(stale.error().contains("reload"), "{}", stale.error());
    let status_stale = api.put(&format!("/api/grievances/{id}/status"), &admin, json!({"status_id": 1, "version": 1})).await;
    assert_eq!(status_stale.status, StatusCode::CONFLICT);

    let history = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body["data"].clone();
    let updates: Vec<(&str, &str)> = history.as_array().unwrap().iter().map(|r| (r["action"].as_str().unwrap(), r["field_name"].as_str().unwrap())).collect();
    assert!(updates.contains(&("UPDATED", "crime_title")));
    assert!(updates.contains(&("UPDATED", "investigation_officers")));
    assert!(updates.contains(&("PRIORITY_CHANGED", "priority")));
    assert_eq!(updates.len(), 4, "CREATED and the three changes: {updates:?}");
    let officers = history.as_array().unwrap().iter().find(|r| r["field_name"] == "investigation_officers").unwrap();
    assert_eq!(officers["action_details"]["changes"][0]["action"], "removed");
}

async fn status_changes_carry_milestones_and_move_the_counters(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let statuses = api.get("/api/admin/dropdowns/statuses", &admin).await.body;
    let status_id = |name: &str| statuses.as_array().unwrap().iter().find(|s| s["name"] == name).unwrap()["id"].clone();
    let g = create(&api, &admin, form("FIR-7", "Pending", "High")).await;
    create(&api, &admin, form("FIR-8", "In Progress", "Low")).await;
    let id = g["id"].as_i64().unwrap();
    let resolved = api.put(&format!("/api/grievances/{id}/status"), &admin, json!({"status_id": status_id("Resolved"), "notes": "Vehicle recovered"})).await;
    assert_eq!((resolved.status, resolved.body["data"]["status"].as_str()), (StatusCode::OK, Some("Resolved")));
    api.put(&format!("/api/grievances/{id}/status"), &admin, json!({"status_id": status_id("In Progress")})).await;
    let actions: Vec<String> = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["action"].as_str().unwrap().to_string())
        .collect();
    for expected in ["STATUS_CHANGED", "RESOLVED", "REOPENED", "CREATED"] {
        assert!(actions.iter().any(|a| a == expected), "{expected} in {actions:?}");
    }
    let noted = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["action"] == "RESOLVED" && r["notes"] == "Vehicle recovered");
    assert!(noted);
    let stats = api.get("/api/grievances/stats", &admin).await.body;
    let count = |status: &str| stats["byStatus"].as_array().unwrap().iter().find(|s| s["status"] == status).unwrap()["count"].as_i64().unwrap();
    assert_eq!((count("Pending"), count("In Progress"), count("Resolved")), (0, 2, 0));
    let unknown = api.put(&format!("/api/grievances/{id}/status"), &admin, json!({"status_id": 987654})).await;
    assert_eq!((unknown.status, unknown.error()), (StatusCode::BAD_REQUEST, "Choose an active status"));
}

async fn a_deleted_grievance_is_read_back_from_its_trail(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let g = create(&api, &admin, form("FIR-DEL-1", "Pending", "Medium")).await;
    let id = g["id"].as_i64().unwrap();
    let districts = api.get("/api/admin/dropdowns/districts", &admin).await.body;
    let central = districts.as_array().unwrap().iter().find(|d| d["name"] == "Central District").unwrap().clone();
    assert_eq!(central["usage_count"], 1, "the grievance's district counts as used");
    let used = api.delete(&format!("/api/admin/dropdowns/districts/{}", central["id"]), &admin).await;
    assert_eq!(used.status, StatusCode::CONFLICT);
    assert!(used.error().ends_with("deactivate it instead of deleting it"));

    assert_eq!(api.delete(&format!("/api/grievances/{id}"), &admin).await.status, StatusCode::OK);
    assert_eq!(api.get(&format!("/api/grievances/{id}"), &admin).await.status, StatusCode::NOT_FOUND);
    let trail = api.get(&format!("/api/audit/grievance/{id}"), &admin).await.body;
    let deleted = trail.as_array().unwrap().iter().find(|r| r["action"] == "DELETED").expect("a DELETED record");
    let record = &domain::audit::record_from_changes(&deleted["action_details"]);
    assert_eq!(record["fir_no"], "FIR-DEL-1");
    assert_eq!(record["investigation_officers"], g["investigation_officers"]);
    assert_eq!(record["brief_details"], g["brief_details"]);
    let stats = api.get("/api/grievances/stats", &admin).await.body;
    assert!(stats["byStatus"].as_array().unwrap().iter().all(|s| s["count"] == 0));
    let districts = api.get("/api/admin/dropdowns/districts", &admin).await.body;
    assert_eq!(districts.as_array().unwrap().iter().find(|d| d["name"] == "Central District").unwrap()["usage_count"], 0);
}

async fn unicode_control_characters_and_hostile_text_come_back_intact(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let text = "हिंदी विवरण — naïve café 🚓 e\u{301}\tTAB\r\nnext line\u{7}bell\u{0}nul <script>alert(1)</script> '; DROP TABLE items; --";
    let mut f = form("FIR-UNI-1", "Pending", "Low");
    f["brief_details"] = json!(text);
    f["investigation_officers"][0]["officer_name"] = json!("उप निरीक्षक Łukasz O'Brien");
    let g = create(&api, &admin, f).await;
    let read = api.get(&format!("/api/grievances/{}", g["id"]), &admin).await.body["data"].clone();
    assert_eq!(read["brief_details"], text);
    assert_eq!(read["investigation_officers"][0]["officer_name"], "उप निरीक्षक Łukasz O'Brien");
    let found = api.get("/api/grievances?search=%27%3B%20DROP%20TABLE", &admin).await;
    assert_eq!(found.status, StatusCode::OK);
    assert_eq!(found.body["data"][0]["fir_no"], "FIR-UNI-1");
    let found = api.get("/api/grievances?search=bell%00nul", &admin).await;
    assert_eq!((found.status, found.body["data"][0]["fir_no"].as_str()), (StatusCode::OK, Some("FIR-UNI-1")), "a NUL in the text to find");
    let export = common::export_link(&api, &admin, "/api/grievances/export/pdf?search=I%F2%AD%90%8B%C2%91%C3%B3%C2%95%5D%00").await;
    assert_eq!(export["rows"].as_i64(), Some(0), "{export:?}");
    let found = api.get("/api/grievances?search=%E0%A4%B5%E0%A4%BF%E0%A4%B5%E0%A4%B0%E0%A4%A3", &admin).await;
    assert_eq!(found.body["data"].as_array().unwrap().len(), 1, "Devanagari text is searchable");
    let history = api.get(&format!("/api/grievances/{}/history", g["id"]), &admin).await.body["data"].clone();
    assert!(history[0]["action_details"]["changes"].as_array().unwrap().iter().any(|c| c["newValue"] == text));
}

async fn a_malformed_id_or_query_gets_a_json_400(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    for path in ["/api/grievances/not-a-number", "/api/grievances/99999999999999999999999", "/api/grievances?limit=many"] {
        let answer = api.get(path, &admin).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(answer.headers["content-type"], "application/json", "{path}");
        assert!(!answer.error().is_empty(), "{path}: {:?}", answer.body);
    }
}

async fn the_list_filters_and_pages_newest_first(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    for i in 0..7 {
        let mut f = form(&format!("FIR-{i}"), if i % 2 == 0 { "Pending" } else { "Closed" }, "Low");
        f["fir_date"] = json!(format!("2026-03-0{}", i + 1));
        if i == 3 {
            f["brief_details"] = json!("Chain snatching near the TEMPLE gate.");
        }
        create(&api, &admin, f).await;
    }
    let get = |q: &str| {
        let (api, admin, q) = (&api, admin.clone(), q.to_string());
        async move { api.get(&format!("/api/grievances{q}"), &admin).await.body }
    };
    let firs = |body: &Value| body["data"].as_array().unwrap().iter().map(|g| g["fir_no"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(firs(&get("").await), ["FIR-6", "FIR-5", "FIR-4", "FIR-3", "FIR-2", "FIR-1", "FIR-0"]);
    let closed = get("?status=Closed").await;
    assert_eq!(firs(&closed), ["FIR-5", "FIR-3", "FIR-1"]);
    assert_eq!((closed["total"].as_i64(), closed["matched"].as_i64()), (Some(7), Some(3)));
    assert_eq!(get("?police_station=Civil%20Lines").await["matched"], 7);
    // Combined filters: the embedded engine counts every combination exactly; the item
    // engine when the first page holds every match, unknown otherwise.
    assert_eq!(get("?search=temple&status=Closed").await["matched"], 1);
    assert_eq!(get("?status=Pending&from_date=2026-03-03").await["matched"], 3);
    let beyond_the_page = if engine == Engine::Sqlite { json!(4) } else { Value::Null };
    assert_eq!(get("?search=fir-&status=Pending&limit=2").await["matched"], beyond_the_page);
    assert_eq!(firs(&get("?search=temple").await), ["FIR-3"]);
    let found = get("?search=fir-&limit=4").await;
    assert_eq!(firs(&found), ["FIR-6", "FIR-5", "FIR-4", "FIR-3"]);
    let more = get(&format!("?search=fir-&limit=4&cursor={}", found["next_cursor"].as_str().unwrap())).await;
    assert_eq!((firs(&more), more["next_cursor"].clone()), (vec!["FIR-2".to_string(), "FIR-1".into(), "FIR-0".into()], Value::Null));
    assert_eq!(firs(&get("?search=fir-&status=Pending").await), ["FIR-6", "FIR-4", "FIR-2", "FIR-0"]);
    assert_eq!(firs(&get("?from_date=2026-03-02&to_date=2026-03-04").await), ["FIR-3", "FIR-2", "FIR-1"]);
    assert_eq!(firs(&get("?fir_no=r-5").await), ["FIR-5"]);
    let first = get("?limit=3").await;
    assert_eq!(firs(&first), ["FIR-6", "FIR-5", "FIR-4"]);
    assert_eq!((first["bounded"].as_bool(), first["examined"].as_u64()), (Some(false), Some(3)), "a full page is never bounded");
    assert_eq!(get("?status=Pending&from_date=2026-03-03").await["bounded"], false, "nor the true last page");
    let next = get(&format!("?limit=3&cursor={}", first["next_cursor"].as_str().unwrap())).await;
    assert_eq!(firs(&next), ["FIR-3", "FIR-2", "FIR-1"]);
    assert_eq!(get("?limit=500").await["fields"]["limit"], "limit must be between 1 and 200");
}

async fn the_list_sorts_by_a_column_both_ways_and_refuses_an_unknown_one(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    // Filed in this order; FIR dates and priorities out of step with it.
    for (fir, date, priority, status) in [
        ("FIR-A", "2026-03-05", "High", "Pending"),
        ("FIR-B", "2026-03-01", "Low", "Closed"),
        ("FIR-C", "2026-03-07", "Critical", "Pending"),
        ("FIR-D", "2026-03-03", "Low", "In Progress"),
        ("FIR-E", "2026-03-02", "Medium", "Pending"),
    ] {
        let mut f = form(fir, status, priority);
        f["fir_date"] = json!(date);
        create(&api, &admin, f).await;
    }
    let get = |q: &str| {
        let (api, admin, q) = (&api, admin.clone(), q.to_string());
        async move { api.get(&format!("/api/grievances{q}"), &admin).await }
    };
    let firs = |body: &Value| body["data"].as_array().unwrap().iter().map(|g| g["fir_no"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(firs(&get("?sort=fir_date&direction=asc").await.body), ["FIR-B", "FIR-E", "FIR-D", "FIR-A", "FIR-C"]);
    assert_eq!(firs(&get("?sort=fir_date").await.body), ["FIR-C", "FIR-A", "FIR-D", "FIR-E", "FIR-B"], "descending by default");
    assert_eq!(firs(&get("?sort=filed_at&direction=asc").await.body), ["FIR-A", "FIR-B", "FIR-C", "FIR-D", "FIR-E"]);
    // By the items' display order (Low, Medium, High, Critical); equal ranks by id, the same way.
    assert_eq!(firs(&get("?sort=priority&direction=desc").await.body), ["FIR-C", "FIR-A", "FIR-E", "FIR-D", "FIR-B"]);
    assert_eq!(firs(&get("?sort=priority&direction=asc&status=Pending").await.body), ["FIR-E", "FIR-A", "FIR-C"]);
    // Keyset pages: the cursor continues the same order, through a run of equal keys.
    let first = get("?sort=priority&direction=asc&limit=1").await.body;
    assert_eq!((firs(&first), first["matched"].as_i64()), (vec!["FIR-B".to_string()], Some(5)));
    let cursor = first["next_cursor"].as_str().unwrap().to_string();
    let next = get(&format!("?sort=priority&direction=asc&limit=3&cursor={}", urlencoding(&cursor))).await.body;
    assert_eq!(firs(&next), ["FIR-D", "FIR-E", "FIR-A"]);
    // A cursor of one order does not continue another.
    let other = get(&format!("?sort=status&direction=asc&cursor={}", urlencoding(&cursor))).await;
    assert_eq!((other.status, other.error()), (StatusCode::BAD_REQUEST, "The paging cursor is not valid"));
    let unknown = get("?sort=grievance_number").await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert_eq!(unknown.body["fields"]["sort"], "sort must be one of filed_at, fir_date, priority, status");
    let sideways = get("?sort=status&direction=sideways").await;
    assert_eq!((sideways.status, sideways.body["fields"]["direction"].clone()), (StatusCode::BAD_REQUEST, json!("direction must be asc or desc")));
}

/// The Admin Panel's change to an item reaches the lists at once, before any grievance is
/// written again: raising "Low" above "Critical" reorders the priority sort, and the new
/// name is the one shown. An unused item deleted can be created again under its name.
/// `view=summary` answers each grievance as the list screen shows it: the same grievances in
/// the same order and pages as the whole rows, each field as the whole row has it (the items'
/// names as the Admin Panel calls them now), and nothing of the case's people or details.
async fn the_list_answers_summary_rows_as_its_whole_rows_have_them(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    for (fir, status, priority) in [("FIR-S1", "Pending", "Low"), ("FIR-S2", "Closed", "High"), ("FIR-S3", "Pending", "Critical")] {
        let mut f = form(fir, status, priority);
        f["parties"] = json!([{"role": "complainant", "name": "Farida Devi", "mobile": "+917377891150"}]);
        create(&api, &admin, f).await;
    }
    let items = api.get("/api/admin/dropdowns/priorities", &admin).await.body;
    let high = items.as_array().unwrap().iter().find(|i| i["name"] == "High").unwrap()["id"].clone();
    let renamed = api.put(&format!("/api/admin/dropdowns/priorities/{high}"), &admin, json!({"name": "Urgent", "display_order": 2, "is_active": true})).await;
    assert_eq!(renamed.status, StatusCode::OK, "{:?}", renamed.body);
    // The crime title is the one item beside its places, status and priority that a row names.
    let titles = api.get("/api/admin/dropdowns/crime_titles", &admin).await.body;
    let theft = titles.as_array().unwrap().iter().find(|i| i["name"] == "Theft").unwrap().clone();
    let renamed = api.put(&format!("/api/admin/dropdowns/crime_titles/{}", theft["id"]), &admin, json!({"name": "Theft of property", "display_order": theft["display_order"], "is_active": true})).await;
    assert_eq!(renamed.status, StatusCode::OK, "{:?}", renamed.body);

    let full = api.get("/api/grievances?limit=2", &admin).await.body;
    let summary = api.get("/api/grievances?limit=2&view=summary", &admin).await.body;
    assert_eq!(api.get("/api/grievances?limit=2&view=full", &admin).await.body["data"], full["data"]);
    let keys = |row: &Value| row.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    let mut want_keys: Vec<String> = [
        "id", "grievance_number", "fir_no", "fir_date", "crime_title", "district", "police_station", "status", "priority", "district_id",
        "police_station_id", "status_id", "priority_id", "status_meaning", "filed_by_name", "assigned_to_name", "filed_at", "updated_at",
        "version", "closure", "escalation", "pendency",
    ]
    .map(String::from)
    .to_vec();
    want_keys.sort();
    let rows = |page: &Value| page["data"].as_array().unwrap().clone();
    let (full_rows, summary_rows) = (rows(&full), rows(&summary));
    assert_eq!(summary_rows.len(), 2);
    for (whole, row) in full_rows.iter().zip(&summary_rows) {
        assert_eq!(keys(row), want_keys, "a list row's fields, and no others");
        for key in &want_keys {
            assert_eq!(row[key], whole[key], "{key} of {}", row["fir_no"]);
        }
    }
    assert_eq!((summary_rows[0]["fir_no"].as_str(), summary_rows[1]["priority"].as_str()), (Some("FIR-S3"), Some("Urgent")));
    assert_eq!(summary_rows[0]["crime_title"].as_str(), Some("Theft of property"));
    for key in ["total", "matched", "bounded", "examined"] {
        assert_eq!(summary[key], full[key], "{key}");
    }
    assert_eq!((full["view"].as_str(), summary["view"].as_str()), (Some("full"), Some("summary")), "a page says which rows it holds");
    let cursor = summary["next_cursor"].as_str().unwrap();
    let next = api.get(&format!("/api/grievances?limit=2&view=summary&cursor={cursor}"), &admin).await.body;
    assert_eq!(rows(&next).iter().map(|r| r["fir_no"].clone()).collect::<Vec<_>>(), [json!("FIR-S1")]);
    assert_eq!(next["next_cursor"], Value::Null);
    // A search reads the whole records (it checks the people it found), and answers rows too.
    let found = api.get("/api/grievances?view=summary&search=farida", &admin).await.body;
    assert_eq!((rows(&found).len(), keys(&rows(&found)[0])), (3, want_keys.clone()));

    let refused = api.get("/api/grievances?view=rows", &admin).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!((refused.body["code"].as_str(), refused.body["fields"]["view"].as_str()), (Some("LIST_VIEW_INVALID"), Some("view must be full or summary")));
}

async fn re_ranking_a_priority_in_the_admin_panel_reorders_the_priority_sort_at_once(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    for (fir, priority) in [("FIR-L", "Low"), ("FIR-C", "Critical"), ("FIR-M", "Medium")] {
        create(&api, &admin, form(fir, "Pending", priority)).await;
    }
    let sorted = || async {
        let body = api.get("/api/grievances?sort=priority&direction=desc", &admin).await.body;
        body["data"].as_array().unwrap().iter().map(|g| (g["fir_no"].as_str().unwrap().to_string(), g["priority"].as_str().unwrap().to_string())).collect::<Vec<_>>()
    };
    let pairs = |list: &[(&str, &str)]| list.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>();
    assert_eq!(sorted().await, pairs(&[("FIR-C", "Critical"), ("FIR-M", "Medium"), ("FIR-L", "Low")]));
    let items = api.get("/api/admin/dropdowns/priorities", &admin).await.body;
    let low = items.as_array().unwrap().iter().find(|i| i["name"] == "Low").unwrap()["id"].clone();
    let changed = api.put(&format!("/api/admin/dropdowns/priorities/{low}"), &admin, json!({"name": "Urgent", "display_order": 10, "is_active": true})).await;
    assert_eq!(changed.status, StatusCode::OK, "{:?}", changed.body);
    assert_eq!(sorted().await, pairs(&[("FIR-L", "Urgent"), ("FIR-C", "Critical"), ("FIR-M", "Medium")]));
    let ascending = api.get("/api/grievances?sort=priority&direction=asc&limit=1", &admin).await.body;
    assert_eq!(ascending["data"][0]["fir_no"], "FIR-M");

    let added = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": "Old Town", "display_order": 9})).await;
    assert_eq!(added.status, StatusCode::CREATED);
    let deleted = api.delete(&format!("/api/admin/dropdowns/districts/{}", added.body["id"]), &admin).await;
    assert_eq!(deleted.status, StatusCode::OK, "{:?}", deleted.body);
    let again = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": "Old Town", "display_order": 9})).await;
    assert_eq!(again.status, StatusCode::CREATED, "{:?}", again.body);
    let mut f = form("FIR-O", "Pending", "Medium");
    f["district"] = json!("Old Town");
    create(&api, &admin, f).await;
    let in_old_town = api.get("/api/grievances?district=Old%20Town", &admin).await.body;
    assert_eq!((in_old_town["matched"].as_i64(), in_old_town["data"][0]["fir_no"].clone()), (Some(1), json!("FIR-O")));
    let refused = api.delete(&format!("/api/admin/dropdowns/districts/{}", again.body["id"]), &admin).await;
    assert_eq!((refused.status, refused.error()), (StatusCode::CONFLICT, "'Old Town' is used by 1 grievance; deactivate it instead of deleting it"));
}

/// A query value as a URL carries it (cursors hold '|', '+', ':' and '/').
fn urlencoding(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

/// On the embedded engine a filter is answered from indexes whatever its combination: over
/// more grievances than the item engine may read in one request, the FIR number of the
/// oldest grievance is found on the first page, never "bounded", with an exact count.
/// (The item engine's bounded answers are covered by the port's conformance suite.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rare_match_among_thousands_is_on_the_first_page_with_an_exact_count() {
    let api = common::seeded(2_100, 7).await;
    let officer = api.login("officer1.7@seed.portal", "Officer-Pass-1").await;
    let oldest = api.get("/api/grievances/1", &officer).await.body["data"].clone();
    let fir = oldest["fir_no"].as_str().unwrap();
    let first = api.get(&format!("/api/grievances?limit=5&fir_no={fir}"), &officer).await.body;
    // Seeded FIR numbers end in the id, five digits: only grievance 1 holds this one.
    let ids: Vec<&Value> = first["data"].as_array().unwrap().iter().map(|g| &g["id"]).collect();
    assert_eq!(ids, [&json!(1)], "{first}");
    assert_eq!((first["matched"].as_i64(), first["total"].as_i64(), first["bounded"].as_bool()), (Some(1), Some(2100), Some(false)));
    assert_eq!(first["next_cursor"], Value::Null);
}

/// A police station lies in its district: a case naming it with another district is refused
/// with the field's message; a station the Admin Panel places in no district goes with any;
/// a pair a case already names (saved before its station was placed) is kept on edit.
async fn a_station_outside_the_chosen_district_is_refused(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let mut districts = Vec::new();
    for name in ["Agra", "Mathura"] {
        let d = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": name, "range": "Agra Range"})).await;
        assert_eq!(d.status, StatusCode::CREATED, "{:?}", d.body);
        districts.push(d.body["id"].clone());
    }
    let sadar = api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": "Sadar Bazar", "district_id": districts[0]})).await;
    assert_eq!(sadar.status, StatusCode::CREATED, "{:?}", sadar.body);
    let at = |district: &str, station: &str| {
        let mut body = form("FIR/2026-0900", "Pending", "High");
        body["district"] = json!(district);
        body["police_station"] = json!(station);
        body
    };
    let refused = api.post("/api/grievances", &admin, at("Mathura", "sadar bazar")).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{:?}", refused.body);
    assert_eq!(refused.body["fields"], json!({"police_station": "Sadar Bazar is not a police station of Mathura: choose one of its stations, or its own district"}));
    assert_eq!(api.get("/api/grievances", &admin).await.body["matched"], json!(0), "nothing saved");
    create(&api, &admin, at("Agra", "Sadar Bazar")).await;

    // Civil Lines is in no district yet: any goes. Once the Admin places it in Agra, the case
    // saved with Mathura keeps its pair on an edit, but cannot take another wrong one.
    let kept = create(&api, &admin, at("Mathura", "Civil Lines")).await;
    let stations = api.get("/api/admin/dropdowns/police_stations", &admin).await.body;
    let civil = stations.as_array().unwrap().iter().find(|s| s["name"] == "Civil Lines").unwrap()["id"].clone();
    let placed = api.put(&format!("/api/admin/dropdowns/police_stations/{civil}"), &admin, json!({"name": "Civil Lines", "district_id": districts[0]})).await;
    assert_eq!(placed.status, StatusCode::OK, "{:?}", placed.body);
    let mut edit = at("Mathura", "Civil Lines");
    edit["brief_details"] = json!("Motorcycle stolen from the market parking; CCTV seized.");
    edit["version"] = kept["version"].clone();
    let edited = api.put(&format!("/api/grievances/{}", kept["id"]), &admin, edit.clone()).await;
    assert_eq!(edited.status, StatusCode::OK, "{:?}", edited.body);
    let mut moved = edit;
    moved["district"] = json!("Central District");
    moved["version"] = edited.body["data"]["version"].clone();
    let refused = api.put(&format!("/api/grievances/{}", kept["id"]), &admin, moved).await;
    assert_eq!((refused.status, refused.body["fields"]["police_station"].as_str()), (StatusCode::BAD_REQUEST, Some("Civil Lines is not a police station of Central District: choose one of its stations, or its own district")));
}

on_both_engines!(
    a_station_outside_the_chosen_district_is_refused,
    the_list_answers_summary_rows_as_its_whole_rows_have_them,
    a_grievance_is_filed_with_server_set_fields_and_an_audit_record,
    the_server_answers_the_forms_validation_messages,
    without_view_all_a_user_sees_only_their_own,
    the_assignee_becomes_the_investigating_officer_and_the_stage_follows,
    a_stale_version_is_refused_and_changes_are_audited_field_by_field,
    status_changes_carry_milestones_and_move_the_counters,
    a_deleted_grievance_is_read_back_from_its_trail,
    the_list_filters_and_pages_newest_first,
    unicode_control_characters_and_hostile_text_come_back_intact,
    a_malformed_id_or_query_gets_a_json_400,
    the_list_sorts_by_a_column_both_ways_and_refuses_an_unknown_one,
    re_ranking_a_priority_in_the_admin_panel_reorders_the_priority_sort_at_once,
);
