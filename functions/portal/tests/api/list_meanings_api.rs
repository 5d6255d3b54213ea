//! Renaming admin-list items changes labels, never behaviour: statuses carry a meaning
//! (open, in progress, resolved, closed) and grievances refer to items by id. On both engines.

use apitest::{on_both_engines, Api, Engine};
use http::StatusCode;
use serde_json::{json, Value};

fn form(fir: &str, status: &str, priority: &str, fir_date: &str) -> Value {
    json!({"fir_no": fir, "fir_date": fir_date, "section_and_act": "420 IPC", "crime_title": "Cheating and Fraud",
           "district": "North District", "police_station": "Civil Lines", "status": status, "priority": priority,
           "brief_details": "Online payment fraud reported by the complainant.",
           "date_of_inward": fir_date})
}

async fn file(api: &Api, token: &str, body: Value) -> i64 {
    let answer = api.post("/api/grievances", token, body).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

async fn item(api: &Api, token: &str, list: &str, name: &str) -> Value {
    let items = api.get(&format!("/api/admin/dropdowns/{list}"), token).await.body;
    items.as_array().unwrap().iter().find(|i| i["name"] == name).unwrap_or_else(|| panic!("{name} in {list}: {items}")).clone()
}

async fn rename(api: &Api, token: &str, list: &str, from: &str, to: &str) {
    let current = item(api, token, list, from).await;
    let body = json!({"name": to, "description": current["description"], "display_order": current["display_order"], "is_active": true});
    let answer = api.put(&format!("/api/admin/dropdowns/{list}/{}", current["id"]), token, body).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
}

fn days_ago(days: i64) -> String {
    let d = domain::clock::today() - time::Duration::days(days);
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

fn list_of(page: &Value) -> Vec<String> {
    page["data"].as_array().unwrap().iter().map(|g| g["fir_no"].as_str().unwrap().to_string()).collect()
}

async fn renaming_resolved_to_disposed_changes_labels_and_no_behaviour(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let limits = api.put("/api/admin/pendency-limits", &admin, json!({"limits": {"High": {"inward": 5}}})).await;
    assert_eq!(limits.status, StatusCode::OK, "{:?}", limits.body);
    let done = file(&api, &admin, form("FIR-R1", "Resolved", "Medium", &days_ago(20))).await;
    let late = file(&api, &admin, form("FIR-R2", "Pending", "High", &days_ago(9))).await;
    let open = file(&api, &admin, form("FIR-R3", "Pending", "Medium", &days_ago(3))).await;
    assert_eq!(api.get("/api/admin/performance-metrics", &admin).await.body["overdueCases"], 1);

    rename(&api, &admin, "statuses", "Resolved", "Disposed").await;
    rename(&api, &admin, "priorities", "High", "Urgent").await;
    rename(&api, &admin, "police_stations", "Civil Lines", "Civil Lines PS").await;

    // The label, everywhere: detail, list, filters and counts.
    let detail = api.get(&format!("/api/grievances/{done}"), &admin).await.body["data"].clone();
    assert_eq!((detail["status"].as_str(), detail["police_station"].as_str(), detail["status_meaning"].as_str()), (Some("Disposed"), Some("Civil Lines PS"), Some("resolved")));
    assert_eq!(api.get(&format!("/api/grievances/{late}"), &admin).await.body["data"]["priority"], "Urgent");
    let disposed = api.get("/api/grievances?status=Disposed", &admin).await.body;
    assert_eq!((list_of(&disposed), disposed["matched"].as_i64()), (vec!["FIR-R1".to_string()], Some(1)));
    let resolved = api.get("/api/grievances?status=Resolved", &admin).await.body;
    assert_eq!((list_of(&resolved).len(), resolved["matched"].as_i64()), (0, Some(0)), "the old name is no status any more");
    assert_eq!(api.get("/api/grievances?priority=urgent", &admin).await.body["matched"], 1);
    assert_eq!(api.get("/api/grievances?police_station=Civil%20Lines%20PS&status=Pending", &admin).await.body["data"].as_array().unwrap().len(), 2);
    let stats = api.get("/api/grievances/stats", &admin).await.body;
    let counted = |list: &str, key: &str, name: &str| stats[list].as_array().unwrap().iter().find(|c| c[key] == name).map(|c| c["count"].as_i64().unwrap());
    assert_eq!(counted("byStatus", "status", "Disposed"), Some(1));
    assert_eq!(counted("byStatus", "status", "Resolved"), None);
    assert_eq!(counted("byPriority", "priority", "Urgent"), Some(1));
    let disposed_line = stats["byStatus"].as_array().unwrap().iter().find(|c| c["status"] == "Disposed").unwrap().clone();
    assert_eq!(disposed_line["meaning"], "resolved");

    // No behaviour: the rates, pendency limits and overdue figures stay.
    let metrics = api.get("/api/admin/performance-metrics", &admin).await.body;
    assert_eq!((metrics["overallResolutionRate"].as_i64(), metrics["overdueCases"].as_i64()), (Some(33), Some(1)));
    let station = metrics["policeStationPerformance"][0].clone();
    assert_eq!((station["station_name"].as_str(), station["resolution_rate"].as_i64(), station["overdue_cases"].as_i64()), (Some("Civil Lines PS"), Some(33), Some(1)));
    let limits = api.get("/api/admin/pendency-limits", &admin).await.body;
    assert_eq!(limits["limits"]["Urgent"], json!({"inward": 5}), "the limits follow the priority, not its name");
    let pendency = api.get(&format!("/api/grievances/{late}"), &admin).await.body["data"]["pendency"].clone();
    assert_eq!((pendency["limit_days"].as_i64(), pendency["overdue"].as_bool()), (Some(5), Some(true)));
    assert_eq!(list_of(&api.get("/api/grievances?overdue=true", &admin).await.body), ["FIR-R2"]);

    // Moving a case to "Disposed" resolves it: a resolution date and a RESOLVED record.
    let disposed_id = item(&api, &admin, "statuses", "Disposed").await["id"].clone();
    let moved = api.put(&format!("/api/grievances/{open}/status"), &admin, json!({"status_id": disposed_id})).await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    assert!(moved.body["data"]["resolved_at"].is_string(), "{:?}", moved.body);
    let trail = api.get(&format!("/api/grievances/{open}/history"), &admin).await.body["data"].clone();
    let actions: Vec<&str> = trail.as_array().unwrap().iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert!(actions.contains(&"RESOLVED") && actions.contains(&"STATUS_CHANGED"), "{actions:?}");
    assert_eq!(trail[0]["new_value"], "Disposed");
    let metrics = api.get("/api/admin/performance-metrics", &admin).await.body;
    assert_eq!(metrics["overallResolutionRate"], 67);
    // Back to "Pending": reopened, and the resolution date is gone.
    let pending_id = item(&api, &admin, "statuses", "Pending").await["id"].clone();
    let reopened = api.put(&format!("/api/grievances/{open}/status"), &admin, json!({"status_id": pending_id})).await.body["data"].clone();
    assert!(reopened["resolved_at"].is_null());
    let trail = api.get(&format!("/api/grievances/{open}/history"), &admin).await.body["data"].clone();
    assert!(trail.as_array().unwrap().iter().any(|r| r["action"] == "REOPENED"), "{trail}");

    // Saving a grievance whose labels were renamed records no change of them.
    let mut edit = form("FIR-R1", "Disposed", "Medium", &days_ago(20));
    edit["police_station"] = json!("Civil Lines PS");
    edit["brief_details"] = json!("Online payment fraud reported by the complainant; money traced.");
    let saved = api.put(&format!("/api/grievances/{done}"), &admin, edit).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    let trail = api.get(&format!("/api/grievances/{done}/history"), &admin).await.body["data"].clone();
    let fields: Vec<&str> = trail.as_array().unwrap().iter().filter(|r| r["action"] == "UPDATED").map(|r| r["field_name"].as_str().unwrap()).collect();
    assert_eq!(fields, ["brief_details"]);
}

async fn a_status_meaning_is_chosen_kept_and_not_changed_under_grievances(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let statuses = api.get("/api/admin/dropdowns/statuses", &admin).await.body;
    let meanings: Vec<(&str, &str)> = statuses.as_array().unwrap().iter().map(|s| (s["name"].as_str().unwrap(), s["meaning"].as_str().unwrap())).collect();
    assert_eq!(meanings, [("Pending", "open"), ("In Progress", "in_progress"), ("Resolved", "resolved"), ("Closed", "closed")]);
    assert!(api.get("/api/admin/dropdowns/districts", &admin).await.body[0].get("meaning").is_none(), "only statuses have one");

    let enquiry = api.post("/api/admin/dropdowns/statuses", &admin, json!({"name": "Under Enquiry"})).await;
    assert_eq!((enquiry.status, enquiry.body["meaning"].as_str()), (StatusCode::CREATED, Some("in_progress")));
    let withdrawn = api.post("/api/admin/dropdowns/statuses", &admin, json!({"name": "Withdrawn", "meaning": "closed"})).await;
    assert_eq!(withdrawn.body["meaning"], "closed");
    let bad = api.post("/api/admin/dropdowns/statuses", &admin, json!({"name": "Odd", "meaning": "finished"})).await;
    assert_eq!((bad.status, bad.body["fields"]["meaning"].as_str()), (StatusCode::BAD_REQUEST, Some("Choose what this status means: Open, In progress, Resolved or Closed")), "{:?}", bad.body);
    let district = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": "Hill District", "meaning": "open"})).await;
    assert_eq!((district.status, district.body["fields"]["meaning"].as_str()), (StatusCode::BAD_REQUEST, Some("Only a status has a meaning")));

    // Unused, its meaning may change; an edit without one keeps it.
    let id = enquiry.body["id"].as_i64().unwrap();
    let changed = api.put(&format!("/api/admin/dropdowns/statuses/{id}"), &admin, json!({"name": "Under Enquiry", "meaning": "open"})).await;
    assert_eq!((changed.status, changed.body["meaning"].as_str()), (StatusCode::OK, Some("open")));
    let kept = api.put(&format!("/api/admin/dropdowns/statuses/{id}"), &admin, json!({"name": "Enquiry"})).await;
    assert_eq!(kept.body["meaning"], "open");

    // In use, it may not: the figures counted by it would drift.
    file(&api, &admin, form("FIR-M1", "Enquiry", "Low", &days_ago(1))).await;
    let refused = api.put(&format!("/api/admin/dropdowns/statuses/{id}"), &admin, json!({"name": "Enquiry", "meaning": "resolved"})).await;
    assert_eq!(
        (refused.status, refused.error()),
        (StatusCode::CONFLICT, "'Enquiry' is used by 1 grievance; its meaning cannot change. Add a new status instead.")
    );
    assert_eq!(item(&api, &admin, "statuses", "Enquiry").await["meaning"], "open");
    let renamed = api.put(&format!("/api/admin/dropdowns/statuses/{id}"), &admin, json!({"name": "Preliminary Enquiry", "meaning": "open"})).await;
    assert_eq!(renamed.status, StatusCode::OK, "the same meaning with a new name is fine");

    // Filed without a status, a grievance starts in the first active status meaning open,
    // whatever it is called now; without a priority, in the usual one.
    let first = api.get("/api/admin/dropdowns/statuses", &admin).await.body[0].clone();
    assert_eq!(first["name"], "Preliminary Enquiry", "display order 0 comes first");
    let inactive = json!({"name": "Preliminary Enquiry", "display_order": 0, "is_active": false});
    assert_eq!(api.put(&format!("/api/admin/dropdowns/statuses/{id}"), &admin, inactive).await.status, StatusCode::OK);
    rename(&api, &admin, "statuses", "Pending", "Registered").await;
    let mut bare = form("FIR-M2", "", "", &days_ago(1));
    bare.as_object_mut().unwrap().remove("status");
    bare.as_object_mut().unwrap().remove("priority");
    let id = file(&api, &admin, bare).await;
    let filed = api.get(&format!("/api/grievances/{id}"), &admin).await.body["data"].clone();
    assert_eq!((filed["status"].as_str(), filed["status_meaning"].as_str(), filed["priority"].as_str()), (Some("Registered"), Some("open"), Some("Medium")));
}

/// The organisation is kept on the existing lists: a police station names its district, a
/// district its range.
async fn a_station_is_placed_in_a_district_and_a_district_in_a_range(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let agra = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": "Agra", "range": " Agra Range "})).await;
    assert_eq!((agra.status, agra.body["range"].as_str()), (StatusCode::CREATED, Some("Agra Range")), "{:?}", agra.body);
    let agra_id = agra.body["id"].as_i64().unwrap();
    let sadar = api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": "Sadar Bazar", "district_id": agra_id.to_string()})).await;
    assert_eq!((sadar.status, sadar.body["district_id"].as_i64()), (StatusCode::CREATED, Some(agra_id)), "{:?}", sadar.body);
    let listed = item(&api, &admin, "police_stations", "Sadar Bazar").await;
    assert_eq!(listed["district_id"].as_i64(), Some(agra_id));
    let reason = item(&api, &admin, "reasons", "Delay in Investigation").await;
    assert!(reason.get("district_id").is_none() && reason.get("range").is_none(), "other lists carry no placement: {reason}");

    let nowhere = api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": "Nowhere", "district_id": 987654})).await;
    assert_eq!((nowhere.status, nowhere.body["fields"]["district_id"].as_str()), (StatusCode::BAD_REQUEST, Some("Choose a district from the list")), "{:?}", nowhere.body);
    let wrong = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": "Firozabad", "district_id": agra_id})).await;
    assert_eq!((wrong.status, wrong.body["fields"]["district_id"].as_str()), (StatusCode::BAD_REQUEST, Some("Only a police station belongs to a district")));
    let long = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": "Firozabad", "range": "R".repeat(101)})).await;
    assert_eq!((long.status, long.body["fields"]["range"].as_str()), (StatusCode::BAD_REQUEST, Some("Range must be at most 100 characters")));

    let refused = api.delete(&format!("/api/admin/dropdowns/districts/{agra_id}"), &admin).await;
    assert_eq!(
        (refused.status, refused.body["error"].as_str()),
        (StatusCode::CONFLICT, Some("'Agra' has 1 police station; place them in another district first")),
        "{:?}",
        refused.body
    );
    // Placed in none, the station frees its district.
    let station_id = sadar.body["id"].as_i64().unwrap();
    let moved = api.put(&format!("/api/admin/dropdowns/police_stations/{station_id}"), &admin, json!({"name": "Sadar Bazar", "district_id": null})).await;
    assert_eq!((moved.status, moved.body.get("district_id")), (StatusCode::OK, None), "{:?}", moved.body);
    let gone = api.delete(&format!("/api/admin/dropdowns/districts/{agra_id}"), &admin).await;
    assert_eq!(gone.status, StatusCode::OK, "{:?}", gone.body);
}

on_both_engines!(
    renaming_resolved_to_disposed_changes_labels_and_no_behaviour,
    a_status_meaning_is_chosen_kept_and_not_changed_under_grievances,
    a_station_is_placed_in_a_district_and_a_district_in_a_range
);
