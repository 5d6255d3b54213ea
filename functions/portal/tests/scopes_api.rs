//! Grievance scopes (issue 16) through the real routers: two districts of one range with two
//! police stations each, one grievance at each station, and three readers: the SHO of one
//! station and the SP of one district (both with a role of the posting scope), and the Admin
//! (the state). Every read path answers exactly what each reader's scope holds: the list and
//! its counts, the figures, by id (404 outside), history, the audit trail, notes and
//! attachments, the dashboard and the Excel export read back. A user whose scope is a posting
//! files grievances only inside it.
//!
//! On the DynamoDB engine, which keeps no grievances by place yet, a posting scope is refused
//! where a role is saved, so no reader can be given one there.

use apitest::{on_both_engines, Api, Engine};
use calamine::{Data, Reader, Xlsx};
use http::StatusCode;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::io::Cursor;

const PASSWORD: &str = "Officer-Pass-1";

/// (district, station) of each grievance; its FIR number is the station's name.
const PLACES: [(&str, &str); 4] = [("Agra", "Sadar Bazar"), ("Agra", "Lohamandi"), ("Mathura", "Kotwali"), ("Mathura", "Vrindavan")];

/// A FIR number names its station (letters, numbers and hyphens only).
fn fir(station: &str) -> String {
    station.replace(' ', "-")
}

fn form(district: &str, station: &str) -> Value {
    json!({"type_of_call": "Walk-in", "fir_no": fir(station), "fir_date": "2026-10-05", "section_and_act": "379 IPC",
           "crime_title": "Theft", "district": district, "police_station": station,
           "status": "Pending", "priority": "High", "brief_details": "Motorcycle stolen from the market parking."})
}

struct Organisation {
    agra: i64,
    sadar: i64,
    /// Grievance ids by station name.
    grievances: Vec<(String, i64)>,
}

async fn organise(api: &Api, admin: &str) -> Organisation {
    let mut districts = Vec::new();
    for name in ["Agra", "Mathura"] {
        let answer = api.post("/api/admin/dropdowns/districts", admin, json!({"name": name, "range": "Agra Range"})).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
        districts.push((name, answer.body["id"].as_i64().unwrap()));
    }
    let district_id = |name: &str| districts.iter().find(|(n, _)| *n == name).unwrap().1;
    let mut sadar = 0;
    let mut grievances = Vec::new();
    for (district, station) in PLACES {
        let answer = api.post("/api/admin/dropdowns/police_stations", admin, json!({"name": station, "district_id": district_id(district)})).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
        if station == "Sadar Bazar" {
            sadar = answer.body["id"].as_i64().unwrap();
        }
        let filed = api.post("/api/grievances", admin, form(district, station)).await;
        assert_eq!(filed.status, StatusCode::CREATED, "{:?}", filed.body);
        let id = filed.body["data"]["id"].as_i64().unwrap();
        let note = api.post(&format!("/api/grievances/{id}/notes"), admin, json!({"text": format!("Note at {station}")})).await;
        assert_eq!(note.status, StatusCode::CREATED, "{:?}", note.body);
        grievances.push((station.to_string(), id));
    }
    Organisation { agra: district_id("Agra"), sadar, grievances }
}

/// A user of `role` posted at `posting`, signed in.
async fn posted_user(api: &Api, admin: &str, email: &str, role: i64, posting: Value) -> String {
    let body = json!({"name": email, "email": email, "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector",
                      "role_id": role, "status": "active", "posting": posting});
    let answer = api.post("/api/users", admin, body).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    api.login(email, PASSWORD).await
}

fn set(items: impl IntoIterator<Item = impl Into<String>>) -> BTreeSet<String> {
    items.into_iter().map(Into::into).collect()
}

fn strings(values: &Value, field: &str) -> BTreeSet<String> {
    values.as_array().unwrap_or_else(|| panic!("a list: {values}")).iter().filter_map(|v| v[field].as_str().map(str::to_string)).collect()
}

fn excel_firs(bytes: Vec<u8>) -> BTreeSet<String> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).unwrap();
    let range = book.worksheet_range("Grievances").unwrap();
    range.rows().skip(1).filter_map(|r| r.get(1)).filter(|c| !matches!(c, Data::Empty)).map(|c| c.to_string()).collect()
}

/// Checks every read path of `token` against the stations its scope holds.
async fn reads_exactly(api: &Api, org: &Organisation, token: &str, who: &str, stations: &[&str]) {
    let want = set(stations.iter().copied());
    let firs = set(stations.iter().map(|s| fir(s)));
    let list = api.get("/api/grievances", token).await;
    assert_eq!(list.status, StatusCode::OK, "{who}: {:?}", list.body);
    assert_eq!(strings(&list.body["data"], "fir_no"), firs, "{who}: the list");
    assert_eq!((list.body["total"].as_i64(), list.body["matched"].as_i64()), (Some(stations.len() as i64), Some(stations.len() as i64)), "{who}: its counts");
    let one_station = api.get("/api/grievances?police_station=Kotwali", token).await;
    let kotwali = i64::from(stations.contains(&"Kotwali"));
    assert_eq!((one_station.body["data"].as_array().unwrap().len() as i64, one_station.body["matched"].as_i64()), (kotwali, Some(kotwali)), "{who}: filtered");

    let stats = api.get("/api/grievances/stats", token).await.body;
    let counted: i64 = stats["byStatus"].as_array().unwrap().iter().map(|s| s["count"].as_i64().unwrap()).sum();
    assert_eq!(counted, stations.len() as i64, "{who}: counts by status");

    for (station, id) in &org.grievances {
        let inside = want.contains(station);
        let expected = if inside { StatusCode::OK } else { StatusCode::NOT_FOUND };
        for path in [
            format!("/api/grievances/{id}"),
            format!("/api/grievances/{id}/history"),
            format!("/api/grievances/{id}/notes"),
            format!("/api/grievances/{id}/attachments"),
            format!("/api/audit/grievance/{id}"),
        ] {
            let answer = api.get(&path, token).await;
            assert_eq!(answer.status, expected, "{who}: {path} of the grievance at {station}: {:?}", answer.body);
            if !inside {
                assert_eq!(answer.error(), "Grievance not found", "{who}: {path}");
            }
        }
    }

    let trail = api.get("/api/audit/all?action=CREATED", token).await;
    assert_eq!(trail.status, StatusCode::OK, "{who}: {:?}", trail.body);
    let numbers = strings(&trail.body, "grievance_number");
    let numbers_of = |names: &BTreeSet<String>| -> BTreeSet<String> {
        org.grievances.iter().filter(|(s, _)| names.contains(s)).map(|(_, id)| format!("GRV-{}-{id:06}", &domain::clock::now_text()[..4])).collect()
    };
    assert_eq!(numbers, numbers_of(&want), "{who}: the audit trail");
    let activities = api.get("/api/admin/recent-activities", token).await.body;
    let activity_numbers: BTreeSet<String> = activities.as_array().unwrap().iter().filter_map(|a| a["params"]["number"].as_str().map(str::to_string)).collect();
    assert_eq!(activity_numbers, numbers_of(&want), "{who}: recent activities");
    let metrics = api.get("/api/admin/performance-metrics", token).await.body;
    assert_eq!(strings(&metrics["policeStationPerformance"], "station_name"), want, "{who}: performance by station");

    let export = api.get("/api/grievances/export/excel", token).await;
    assert_eq!(export.status, StatusCode::OK, "{who}: {:?}", export.body);
    assert_eq!(export.body["rows"].as_i64(), Some(stations.len() as i64), "{who}: rows exported");
    let (status, _, bytes) = api.download(export.body["url"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(excel_firs(bytes), firs, "{who}: the Excel file read back");
}

async fn every_read_path_answers_what_the_scope_holds(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let org = organise(&api, &admin).await;
    let officers = json!([{"resource": "grievances", "can_create": true, "can_read": true, "can_update": true, "can_view_posting": true},
                          {"resource": "audit", "can_read": true}]);
    let role = api.post("/api/roles", &admin, json!({"name": "Station Officer", "permissions": officers})).await;
    if engine == Engine::Dynamo {
        assert_eq!(
            (role.status, role.body["fields"]["permissions"].as_str()),
            (StatusCode::BAD_REQUEST, Some(domain::jurisdiction::POSTING_SCOPE_UNAVAILABLE)),
            "{:?}",
            role.body
        );
        return;
    }
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    assert_eq!(role.body["data"]["permissions"][0]["can_view_posting"], true);
    let role = role.body["data"]["id"].as_i64().unwrap();
    let sho = posted_user(&api, &admin, "sho.sadar@police.test", role, json!({"level": "station", "id": org.sadar})).await;
    let sp = posted_user(&api, &admin, "sp.agra@police.test", role, json!({"level": "district", "id": org.agra})).await;

    reads_exactly(&api, &org, &sho, "the SHO of Sadar Bazar", &["Sadar Bazar"]).await;
    reads_exactly(&api, &org, &sp, "the SP of Agra", &["Sadar Bazar", "Lohamandi"]).await;
    reads_exactly(&api, &org, &admin, "the Admin", &["Sadar Bazar", "Lohamandi", "Kotwali", "Vrindavan"]).await;

    // Filing: inside the posting only.
    let outside = api.post("/api/grievances", &sho, form("Agra", "Lohamandi")).await;
    assert_eq!(
        (outside.status, outside.body["fields"]["police_station"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Choose a police station in your posting")),
        "{:?}",
        outside.body
    );
    let inside = api.post("/api/grievances", &sho, form("Agra", "Sadar Bazar")).await;
    assert_eq!(inside.status, StatusCode::CREATED, "{:?}", inside.body);
    assert_eq!(api.get("/api/grievances", &sp).await.body["total"], 3, "the SP sees the SHO's new case");
    // An edit does not move a case out of the posting (a transfer does).
    let id = inside.body["data"]["id"].as_i64().unwrap();
    let mut moved = form("Agra", "Lohamandi");
    moved["version"] = inside.body["data"]["version"].clone();
    let refused = api.put(&format!("/api/grievances/{id}"), &sho, moved).await;
    assert_eq!(refused.body["fields"]["police_station"].as_str(), Some("Choose a police station in your posting"), "{:?}", refused.body);
}

/// Nobody gives a wider grievance scope than their own: a role manager whose role sees their
/// posting cannot create or widen a role to the state's.
async fn a_scope_is_granted_only_by_one_as_wide(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let managers = api.post("/api/roles", &admin, json!({"name": "Role Manager", "permissions": {"roles": "create,read,update", "grievances": "read"}})).await;
    assert_eq!(managers.status, StatusCode::CREATED, "{:?}", managers.body);
    let manager = posted_user(&api, &admin, "roles@police.test", managers.body["data"]["id"].as_i64().unwrap(), json!({"level": "state"})).await;
    for scope in [json!({"grievances": "read,view_all"}), json!({"grievances": "read,view_posting"})] {
        let refused = api.post("/api/roles", &manager, json!({"name": "Wider", "permissions": scope})).await;
        let expected = if engine == Engine::Dynamo && scope["grievances"] == "read,view_posting" {
            (StatusCode::BAD_REQUEST, domain::jurisdiction::POSTING_SCOPE_UNAVAILABLE)
        } else {
            (StatusCode::FORBIDDEN, "You cannot give a role permissions you do not hold yourself")
        };
        let error = refused.body["fields"]["permissions"].as_str().unwrap_or(refused.error()).to_string();
        assert_eq!((refused.status, error.as_str()), expected, "{scope}");
    }
    let own = api.post("/api/roles", &manager, json!({"name": "Own Cases", "permissions": {"grievances": "read"}})).await;
    assert_eq!(own.status, StatusCode::CREATED, "the own scope is theirs to give: {:?}", own.body);
}

on_both_engines!(every_read_path_answers_what_the_scope_holds, a_scope_is_granted_only_by_one_as_wide);
