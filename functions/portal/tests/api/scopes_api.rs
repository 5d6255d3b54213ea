//! Grievance scopes through the real routers: two districts of one range with two
//! police stations each, one grievance at each station, and three readers: the SHO of one
//! station and the SP of one district (both with a role of the posting scope), and the Admin
//! (the state). Every read path answers exactly what each reader's scope holds: the list and
//! its counts, the figures, by id (404 outside), history, the audit trail, notes and
//! attachments, the dashboard and the Excel export read back. A user whose scope is a posting
//! files grievances only inside it. Both engines answer alike: the relational one by SQL over
//! places, the DynamoDB one by key over each place's partitions.

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
    // The newest ten: the Admin's own administrative changes (the organisation, the officers'
    // role and accounts) are among them, so only some of the grievances may be.
    assert!(!activity_numbers.is_empty() && activity_numbers.is_subset(&numbers_of(&want)), "{who}: recent activities {activity_numbers:?}");
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
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    assert_eq!(role.body["data"]["permissions"][0]["can_view_posting"], true);
    let role = role.body["data"]["id"].as_i64().unwrap();
    let sho = posted_user(&api, &admin, "sho.sadar@police.test", role, json!({"level": "station", "id": org.sadar})).await;
    let sp = posted_user(&api, &admin, "sp.agra@police.test", role, json!({"level": "district", "id": org.agra})).await;

    reads_exactly(&api, &org, &sho, "the SHO of Sadar Bazar", &["Sadar Bazar"]).await;
    reads_exactly(&api, &org, &sp, "the SP of Agra", &["Sadar Bazar", "Lohamandi"]).await;
    reads_exactly(&api, &org, &admin, "the Admin", &["Sadar Bazar", "Lohamandi", "Kotwali", "Vrindavan"]).await;
    // A range's officer reads both its districts, and assigns to those posted anywhere in it,
    // the range itself included; a district's officer does not reach someone posted at the range.
    let dig = posted_user(&api, &admin, "dig.agra@police.test", role, json!({"level": "range", "range": "Agra Range"})).await;
    reads_exactly(&api, &org, &dig, "the DIG of Agra Range", &["Sadar Bazar", "Lohamandi", "Kotwali", "Vrindavan"]).await;
    let offered = |token: String| {
        let api = &api;
        async move { strings(&api.get("/api/grievances/assignees", &token).await.body["data"], "name") }
    };
    let posted = set(["sho.sadar@police.test", "sp.agra@police.test", "dig.agra@police.test"]);
    assert_eq!(offered(dig.clone()).await, posted, "the range's officers");
    assert_eq!(offered(sp.clone()).await, set(["sho.sadar@police.test", "sp.agra@police.test"]), "the district's");

    // Filing: inside the posting only.
    let outside = api.post("/api/grievances", &sho, form("Agra", "Lohamandi")).await;
    assert_eq!(
        (outside.status, outside.body["fields"]["police_station"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Choose a police station in your posting")),
        "{:?}",
        outside.body
    );
    // The station's FIR number again (every case here carries its station's): confirmed as
    // another case, as the duplicate warning asks.
    let mut second = form("Agra", "Sadar Bazar");
    second["confirm_duplicate"] = json!(true);
    let inside = api.post("/api/grievances", &sho, second).await;
    assert_eq!(inside.status, StatusCode::CREATED, "{:?}", inside.body);
    assert_eq!(api.get("/api/grievances", &sp).await.body["total"], 3, "the SP sees the SHO's new case");
    // An edit does not move a case to another station, inside the posting or out (a transfer
    // does, counted and capped), for the SP or the Admin either.
    let id = inside.body["data"]["id"].as_i64().unwrap();
    for token in [&sho, &sp, &admin] {
        let mut moved = form("Agra", "Lohamandi");
        moved["version"] = inside.body["data"]["version"].clone();
        let refused = api.put(&format!("/api/grievances/{id}"), token, moved).await;
        assert_eq!(
            (refused.status, refused.body["fields"]["police_station"].as_str()),
            (StatusCode::BAD_REQUEST, Some("A grievance moves to another police station by a transfer, with its reason")),
            "{:?}",
            refused.body
        );
    }

    // Moved to another station, the SHO reads that station's cases on their next request,
    // with the same session: the posting is read afresh, never kept in the token.
    let me = api.get("/api/auth/me", &sho).await.body;
    let kotwali = api.get("/api/admin/dropdowns/police_stations", &admin).await.body;
    let kotwali = kotwali.as_array().unwrap().iter().find(|s| s["name"] == "Kotwali").unwrap()["id"].as_i64().unwrap();
    let moved = json!({"name": me["name"], "email": me["email"], "department": "Crime Branch", "designation": "Inspector",
                       "role_id": me["role_id"], "status": "active", "posting": {"level": "station", "id": kotwali}});
    let answer = api.put(&format!("/api/users/{}", me["id"]), &admin, moved).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    assert_eq!(strings(&api.get("/api/grievances", &sho).await.body["data"], "fir_no"), set(["Kotwali"]), "the new posting, at once");
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
        let expected = (StatusCode::FORBIDDEN, "You cannot give a role permissions you do not hold yourself");
        let error = refused.body["fields"]["permissions"].as_str().unwrap_or(refused.error()).to_string();
        assert_eq!((refused.status, error.as_str()), expected, "{scope}");
    }
    let own = api.post("/api/roles", &manager, json!({"name": "Own Cases", "permissions": {"grievances": "read"}})).await;
    assert_eq!(own.status, StatusCode::CREATED, "the own scope is theirs to give: {:?}", own.body);
}

async fn transfer(api: &Api, token: &str, id: i64, station: i64, reason: &str) -> apitest::Answer {
    api.put(&format!("/api/grievances/{id}/transfer"), token, json!({"police_station_id": station, "reason": reason})).await
}

fn station_id(org: &Organisation, api_stations: &Value, name: &str) -> i64 {
    let _ = org;
    api_stations.as_array().unwrap().iter().find(|s| s["name"] == name).and_then(|s| s["id"].as_i64()).unwrap_or_else(|| panic!("{name} in {api_stations}"))
}

/// A transfer moves a grievance from one station's users to the other's in one step, with its
/// TRANSFERRED record; it needs update permission, an active station other than its own and a
/// reason; and a grievance is transferred at most as often as the Admin Panel allows, however
/// many transfers are asked for at once.
async fn a_transfer_moves_a_case_between_stations_within_the_limit(engine: Engine) {
    let api = std::sync::Arc::new(Api::new(engine, portal::areas).await);
    let admin = api.admin().await;
    let org = organise(&api, &admin).await;
    let stations = api.get("/api/admin/dropdowns/police_stations", &admin).await.body;
    let (sadar, kotwali, vrindavan) = (org.sadar, station_id(&org, &stations, "Kotwali"), station_id(&org, &stations, "Vrindavan"));
    let id = org.grievances.iter().find(|(s, _)| s == "Sadar Bazar").unwrap().1;

    let role = api.post("/api/roles", &admin, json!({"name": "Station Officer", "permissions": {"grievances": "read,create,update,view_posting", "audit": "read"}})).await;
    let role = role.body["data"]["id"].as_i64().unwrap_or_else(|| panic!("{:?}", role.body));
    let at_sadar = posted_user(&api, &admin, "sho.sadar@police.test", role, json!({"level": "station", "id": sadar})).await;
    let at_kotwali = posted_user(&api, &admin, "sho.kotwali@police.test", role, json!({"level": "station", "id": kotwali})).await;
    let readers = api.post("/api/roles", &admin, json!({"name": "Reader", "permissions": {"grievances": "read,view_all"}})).await;
    let reader = posted_user(&api, &admin, "reader@police.test", readers.body["data"]["id"].as_i64().unwrap(), json!({"level": "state"})).await;

    let refused = transfer(&api, &reader, id, kotwali, "Wrong station").await;
    assert_eq!((refused.status, refused.error()), (StatusCode::FORBIDDEN, "You do not have permission to update grievances"));
    let no_reason = transfer(&api, &at_sadar, id, kotwali, "  ").await;
    assert_eq!(no_reason.body["fields"]["reason"].as_str(), Some("Give the reason for the transfer"), "{:?}", no_reason.body);
    let same = transfer(&api, &at_sadar, id, sadar, "Stay").await;
    assert_eq!(same.body["fields"]["police_station_id"].as_str(), Some("The grievance is already at this police station"));
    let vrindavan_item = stations.as_array().unwrap().iter().find(|s| s["name"] == "Vrindavan").unwrap().clone();
    let closed = api.put(&format!("/api/admin/dropdowns/police_stations/{vrindavan}"), &admin, json!({"name": "Vrindavan", "district_id": vrindavan_item["district_id"], "is_active": false})).await;
    assert_eq!(closed.status, StatusCode::OK, "{:?}", closed.body);
    let inactive = transfer(&api, &at_sadar, id, vrindavan, "Jurisdiction").await;
    assert_eq!((inactive.status, inactive.body["fields"]["police_station_id"].as_str()), (StatusCode::BAD_REQUEST, Some("Choose an active police station")));

    let total = |token: String| {
        let api = &api;
        async move { api.get("/api/grievances", &token).await.body["total"].as_i64().unwrap() }
    };
    {
        // A case is assigned only to someone who would see it: the Kotwali SHO would not.
        let me = |token: String| {
            let api = &api;
            async move { api.get("/api/auth/me", &token).await.body["id"].as_i64().unwrap() }
        };
        let (sadar_sho, kotwali_sho) = (me(at_sadar.clone()).await, me(at_kotwali.clone()).await);
        let offered = api.get(&format!("/api/grievances/assignees?grievance_id={id}"), &admin).await.body;
        let ids: Vec<i64> = offered["data"].as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect();
        assert!(ids.contains(&sadar_sho) && !ids.contains(&kotwali_sho), "the picker offers who would see it: {offered}");
        let outside = api.put(&format!("/api/grievances/{id}/assign"), &admin, json!({"user_id": kotwali_sho})).await;
        assert_eq!(
            (outside.status, outside.body["fields"]["user_id"].as_str()),
            (StatusCode::BAD_REQUEST, Some("This grievance does not lie in this user's scope: choose someone posted where it lies"))
        );
        let assigned = api.put(&format!("/api/grievances/{id}/assign"), &admin, json!({"user_id": sadar_sho})).await;
        assert_eq!(assigned.body["data"]["assigned_to"], sadar_sho, "{:?}", assigned.body);
    }
    let (sadar_before, kotwali_before) = (total(at_sadar.clone()).await, total(at_kotwali.clone()).await);
    let moved = transfer(&api, &at_sadar, id, kotwali, "Theft happened in Kotwali's area").await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    assert_eq!((moved.body["data"]["police_station"].as_str(), moved.body["data"]["district"].as_str()), (Some("Kotwali"), Some("Mathura")), "the station's district comes with it");
    assert_eq!(moved.body["data"]["assigned_to"], Value::Null, "the receiving station assigns its own officer");
    assert_eq!((total(at_sadar.clone()).await, total(at_kotwali.clone()).await), (sadar_before - 1, kotwali_before + 1), "the case moved between the stations' lists");
    assert_eq!(api.get(&format!("/api/grievances/{id}"), &at_sadar).await.status, StatusCode::NOT_FOUND, "it left Sadar Bazar's scope");
    let station_counts = api.get("/api/grievances?police_station=Kotwali", &at_kotwali).await.body;
    assert_eq!(station_counts["matched"], 2, "Kotwali's count holds it: {station_counts}");
    // Its whole history went with it: Kotwali's trail holds its filing and its note, and
    // Sadar Bazar's no longer holds any of it.
    let trail_of = |token: String| {
        let api = &api;
        async move {
            let records = api.get("/api/audit/all", &token).await.body;
            let mut actions: Vec<String> = records.as_array().unwrap().iter().filter(|r| r["grievance_id"] == id).map(|r| r["action"].as_str().unwrap().to_string()).collect();
            actions.sort();
            actions
        }
    };
    let moved_history = trail_of(at_kotwali.clone()).await;
    assert!(["CREATED", "NOTE_ADDED", "TRANSFERRED"].iter().all(|a| moved_history.iter().any(|m| m == a)), "Kotwali reads its history: {moved_history:?}");
    assert_eq!(trail_of(at_sadar.clone()).await, Vec::<String>::new(), "Sadar Bazar no longer reads it");
    // A search for its number follows it too: the posting where it lies finds its records.
    let number = api.get(&format!("/api/grievances/{id}"), &at_kotwali).await.body["data"]["grievance_number"].as_str().unwrap().to_lowercase();
    let searched = |token: String| {
        let (api, number) = (&api, number.clone());
        async move { api.get(&format!("/api/audit/all?search={number}"), &token).await.body.as_array().unwrap().iter().map(|r| r["grievance_id"].as_i64().unwrap()).collect::<Vec<_>>() }
    };
    let found = searched(at_kotwali.clone()).await;
    assert!(found.len() >= 3 && found.iter().all(|g| *g == id), "Kotwali finds its records by number: {found:?}");
    assert_eq!(searched(at_sadar.clone()).await, Vec::<i64>::new(), "Sadar Bazar finds none of them");
    let history = api.get(&format!("/api/grievances/{id}/history"), &at_kotwali).await.body;
    let record = &history["data"][0];
    assert_eq!(
        (record["action"].as_str(), record["old_value"].as_str(), record["new_value"].as_str(), record["notes"].as_str()),
        (Some("TRANSFERRED"), Some("Sadar Bazar"), Some("Kotwali"), Some("Theft happened in Kotwali's area"))
    );
    assert_eq!(record["action_details"]["from"]["police_station_id"], sadar);
    assert_eq!(record["action_details"]["to"]["police_station_id"], kotwali);
    assert_eq!(record["user_name"], "sho.sadar@police.test");

    // Back and forth to the limit (3), then 409; raised in the Admin Panel, one more passes.
    assert_eq!(transfer(&api, &at_kotwali, id, sadar, "Returned").await.status, StatusCode::OK);
    assert_eq!(transfer(&api, &at_sadar, id, kotwali, "Sent again").await.status, StatusCode::OK);
    let capped = transfer(&api, &at_kotwali, id, sadar, "Once more").await;
    assert_eq!(
        (capped.status, capped.error()),
        (StatusCode::CONFLICT, "This grievance has already been transferred 3 times, the most the Admin Panel allows")
    );
    let limit = api.put("/api/admin/transfer-limit", &admin, json!({"max_transfers": 5})).await;
    assert_eq!((limit.status, limit.body["max_transfers"].as_i64()), (StatusCode::OK, Some(5)));
    assert_eq!(api.get("/api/admin/transfer-limit", &at_sadar).await.status, StatusCode::FORBIDDEN, "the Admin Panel's setting");
    let bad = api.put("/api/admin/transfer-limit", &admin, json!({"max_transfers": 21})).await;
    assert_eq!(bad.body["fields"]["max_transfers"].as_str(), Some("Transfers allowed must be a whole number from 0 to 20"));
    assert_eq!(transfer(&api, &at_kotwali, id, sadar, "Once more").await.status, StatusCode::OK);

    // Eight transfers asked at once with one left: exactly one passes, the rest are 409.
    let asked: Vec<_> = (0..8)
        .map(|n| {
            let (api, admin) = (api.clone(), admin.clone());
            tokio::spawn(async move { transfer(&api, &admin, id, kotwali, &format!("Race {n}")).await.status })
        })
        .collect();
    let mut answers = Vec::new();
    for task in asked {
        answers.push(task.await.unwrap());
    }
    assert_eq!(answers.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{answers:?}");
    assert!(answers.iter().all(|s| *s == StatusCode::OK || *s == StatusCode::CONFLICT), "{answers:?}");
    let trail = api.get(&format!("/api/audit/grievance/{id}?action=TRANSFERRED"), &admin).await.body;
    assert_eq!(trail.as_array().unwrap().len(), 5, "five transfers in all: {trail}");
    let after = transfer(&api, &admin, id, sadar, "Past the limit").await;
    assert_eq!((after.status, after.error()), (StatusCode::CONFLICT, "This grievance has already been transferred 5 times, the most the Admin Panel allows"));
}

/// A police station or district where users serve is not deleted from under them: the
/// refusal names how many; once they are posted elsewhere it goes. Deletions raced against
/// postings never leave a user posted at a place that is gone.
async fn a_place_where_users_serve_is_not_deleted(engine: Engine) {
    let api = std::sync::Arc::new(Api::new(engine, portal::areas).await);
    let admin = api.admin().await;
    let district = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": "Firozabad"})).await.body["id"].as_i64().unwrap();
    let station_at = |name: &'static str| {
        let (api, admin) = (api.clone(), admin.clone());
        async move {
            let answer = api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": name, "district_id": district})).await;
            answer.body["id"].as_i64().unwrap_or_else(|| panic!("{:?}", answer.body))
        }
    };
    let tundla = station_at("Tundla").await;
    let role = api.post("/api/roles", &admin, json!({"name": "Reader", "permissions": {"grievances": "read"}})).await.body["data"]["id"].as_i64().unwrap();
    let user = |email: String, posting: Value| json!({"name": email, "email": email, "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector", "role_id": role, "status": "active", "posting": posting});
    let sho = api.post("/api/users", &admin, user("sho.tundla@police.test".into(), json!({"level": "station", "id": tundla}))).await;
    assert_eq!(sho.status, StatusCode::CREATED, "{:?}", sho.body);
    let sp = api.post("/api/users", &admin, user("sp.firozabad@police.test".into(), json!({"level": "district", "id": district}))).await;
    assert_eq!(sp.status, StatusCode::CREATED, "{:?}", sp.body);

    let refused = api.delete(&format!("/api/admin/dropdowns/police_stations/{tundla}"), &admin).await;
    assert_eq!((refused.status, refused.error()), (StatusCode::CONFLICT, "'Tundla' is where 1 user is posted; post them elsewhere before deleting it"));
    let mut moved = user("sho.tundla@police.test".into(), json!({"level": "state"}));
    moved.as_object_mut().unwrap().remove("password");
    let answer = api.put(&format!("/api/users/{}", sho.body["data"]["id"]), &admin, moved).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    assert_eq!(api.delete(&format!("/api/admin/dropdowns/police_stations/{tundla}"), &admin).await.status, StatusCode::OK, "no one serves there now");
    let refused = api.delete(&format!("/api/admin/dropdowns/districts/{district}"), &admin).await;
    assert_eq!((refused.status, refused.error()), (StatusCode::CONFLICT, "'Firozabad' is where 1 user is posted; post them elsewhere before deleting it"));
    assert_eq!(api.delete(&format!("/api/users/{}", sp.body["data"]["id"]), &admin).await.status, StatusCode::OK);

    // Three postings and three deletions of one new station at once.
    let shikohabad = station_at("Shikohabad").await;
    let tasks: Vec<_> = (0..6)
        .map(|n| {
            let (api, admin, body) = (api.clone(), admin.clone(), user(format!("officer{n}@police.test"), json!({"level": "station", "id": shikohabad})));
            tokio::spawn(async move {
                if n % 2 == 0 {
                    api.post("/api/users", &admin, body).await.status
                } else {
                    api.delete(&format!("/api/admin/dropdowns/police_stations/{shikohabad}"), &admin).await.status
                }
            })
        })
        .collect();
    for task in tasks {
        let status = task.await.unwrap();
        assert!(status.is_success() || status.is_client_error(), "{status}");
    }
    let stations = api.get("/api/admin/dropdowns/police_stations", &admin).await.body;
    let still_there = stations.as_array().unwrap().iter().any(|s| s["id"] == shikohabad);
    let users = api.get("/api/users", &admin).await.body;
    let posted_there = users["data"].as_array().unwrap().iter().filter(|u| u["posting"]["id"] == shikohabad).count();
    assert!(still_there || posted_there == 0, "{posted_there} users posted at a deleted station");
    if still_there && posted_there > 0 {
        let refused = api.delete(&format!("/api/admin/dropdowns/police_stations/{shikohabad}"), &admin).await;
        let users = if posted_there == 1 { "1 user is".to_string() } else { format!("{posted_there} users are") };
        assert_eq!(refused.error(), format!("'Shikohabad' is where {users} posted; post them elsewhere before deleting it"), "the count is exact");
    }
}

/// A keeper of the lists posted in one district brings no other district's police station
/// into it, sends none of theirs away, and moves no district between ranges: every case of
/// the place would move with it. Each refusal is a 403, audited as GRANT_REFUSED. An edit
/// that moves nothing passes; a keeper posted at the state moves a station or a district,
/// and its cases go with it.
async fn a_place_moves_between_districts_or_ranges_only_within_the_movers_posting(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let org = organise(&api, &admin).await;
    let id_of = |items: &Value, name: &str| items.as_array().unwrap().iter().find(|i| i["name"] == name).unwrap()["id"].as_i64().unwrap();
    let mathura = id_of(&api.get("/api/admin/dropdowns/districts", &admin).await.body, "Mathura");
    let kotwali = id_of(&api.get("/api/admin/dropdowns/police_stations", &admin).await.body, "Kotwali");
    let firozabad = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": "Firozabad", "range": "East Range"})).await;
    assert_eq!(firozabad.status, StatusCode::CREATED, "{:?}", firozabad.body);
    let role = api.post("/api/roles", &admin, json!({"name": "List Keeper", "permissions": {"grievances": "read,view_posting", "dropdowns": "create,read,update"}})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    let role = role.body["data"]["id"].as_i64().unwrap();
    let keeper = posted_user(&api, &admin, "keeper@mathura.test", role, json!({"level": "district", "id": mathura})).await;
    let east = posted_user(&api, &admin, "keeper@east.test", role, json!({"level": "range", "range": "East Range"})).await;
    let state_keeper = posted_user(&api, &admin, "keeper@state.test", role, json!({"level": "state"})).await;
    let case_at = |station: &str| org.grievances.iter().find(|(s, _)| s == station).unwrap().1;
    let (sadar_case, lohamandi_case) = (case_at("Sadar Bazar"), case_at("Lohamandi"));
    let sadar_path = format!("/api/admin/dropdowns/police_stations/{}", org.sadar);
    let kotwali_path = format!("/api/admin/dropdowns/police_stations/{kotwali}");
    let (agra_path, mathura_path) = (format!("/api/admin/dropdowns/districts/{}", org.agra), format!("/api/admin/dropdowns/districts/{mathura}"));
    const REFUSED: &str = "You cannot move a police station or district from or into a place outside your own posting";

    // Agra's Sadar Bazar pulled into Mathura by Mathura's keeper: refused; its case stays
    // out of their reach.
    assert_eq!(api.get(&format!("/api/grievances/{sadar_case}"), &keeper).await.status, StatusCode::NOT_FOUND);
    let pulled = api.put(&sadar_path, &keeper, json!({"name": "Sadar Bazar", "district_id": mathura})).await;
    assert_eq!((pulled.status, pulled.error()), (StatusCode::FORBIDDEN, REFUSED));
    assert_eq!(api.get(&format!("/api/grievances/{sadar_case}"), &keeper).await.status, StatusCode::NOT_FOUND);
    let stations = api.get("/api/admin/dropdowns/police_stations", &admin).await.body;
    let sadar = stations.as_array().unwrap().iter().find(|s| s["id"] == org.sadar).unwrap().clone();
    assert_eq!(sadar["district_id"], org.agra, "{sadar}");
    // Their own Kotwali sent to Agra, or out of every district: refused too.
    for district in [json!(org.agra), Value::Null] {
        let pushed = api.put(&kotwali_path, &keeper, json!({"name": "Kotwali", "district_id": district})).await;
        assert_eq!((pushed.status, pushed.error()), (StatusCode::FORBIDDEN, REFUSED), "to {district}");
    }
    // Agra moved into East Range by East Range's keeper; Mathura's range changed or
    // cleared by Mathura's own keeper: refused.
    let ranged = api.put(&agra_path, &east, json!({"name": "Agra", "range": "East Range"})).await;
    assert_eq!((ranged.status, ranged.error()), (StatusCode::FORBIDDEN, REFUSED));
    for range in [json!("East Range"), Value::Null] {
        let own = api.put(&mathura_path, &keeper, json!({"name": "Mathura", "range": range})).await;
        assert_eq!((own.status, own.error()), (StatusCode::FORBIDDEN, REFUSED), "to {range}");
    }
    let refusals = api.get("/api/audit/all?action=GRANT_REFUSED", &admin).await.body;
    let notes: Vec<&str> = refusals.as_array().unwrap().iter().map(|r| r["notes"].as_str().unwrap()).collect();
    assert_eq!(notes.len(), 6, "{notes:?}");
    assert!(notes.iter().any(|n| n.starts_with(&format!("Move police station Sadar Bazar ({}) from district {} to district {mathura}: {REFUSED}", org.sadar, org.agra))), "{notes:?}");
    assert!(notes.iter().any(|n| n.starts_with(&format!("Move district Agra ({}) from range Agra Range to range East Range", org.agra))), "{notes:?}");
    let districts = api.get("/api/admin/dropdowns/districts", &admin).await.body;
    assert!(districts.as_array().unwrap().iter().filter(|d| d["name"] == "Agra" || d["name"] == "Mathura").all(|d| d["range"] == "Agra Range"), "{districts}");

    // Edits that move nothing pass.
    let kept = api.put(&kotwali_path, &keeper, json!({"name": "Kotwali", "description": "City police station", "district_id": mathura})).await;
    assert_eq!((kept.status, kept.body["description"].as_str()), (StatusCode::OK, Some("City police station")), "{:?}", kept.body);
    let left_out = api.put(&kotwali_path, &keeper, json!({"name": "Kotwali Town"})).await;
    assert_eq!((left_out.status, left_out.body["district_id"].as_i64()), (StatusCode::OK, Some(mathura)), "{:?}", left_out.body);
    let same_range = api.put(&mathura_path, &keeper, json!({"name": "Mathura", "description": "Braj", "range": "Agra Range"})).await;
    assert_eq!(same_range.status, StatusCode::OK, "{:?}", same_range.body);

    // The state's keeper moves Sadar Bazar into Mathura, and Agra into East Range: their
    // cases go with them.
    let moved = api.put(&sadar_path, &state_keeper, json!({"name": "Sadar Bazar", "district_id": mathura})).await;
    assert_eq!((moved.status, moved.body["district_id"].as_i64()), (StatusCode::OK, Some(mathura)), "{:?}", moved.body);
    assert_eq!(api.get(&format!("/api/grievances/{sadar_case}"), &keeper).await.status, StatusCode::OK);
    assert_eq!(api.get(&format!("/api/grievances/{lohamandi_case}"), &east).await.status, StatusCode::NOT_FOUND);
    let ranged = api.put(&agra_path, &state_keeper, json!({"name": "Agra", "range": "East Range"})).await;
    assert_eq!((ranged.status, ranged.body["range"].as_str()), (StatusCode::OK, Some("East Range")), "{:?}", ranged.body);
    assert_eq!(api.get(&format!("/api/grievances/{lohamandi_case}"), &east).await.status, StatusCode::OK);
    let refusals = api.get("/api/audit/all?action=GRANT_REFUSED", &admin).await.body;
    assert_eq!(refusals.as_array().unwrap().len(), 6, "nothing more refused: {refusals}");
}

on_both_engines!(
    every_read_path_answers_what_the_scope_holds,
    a_scope_is_granted_only_by_one_as_wide,
    a_transfer_moves_a_case_between_stations_within_the_limit,
    a_place_where_users_serve_is_not_deleted,
    a_place_moves_between_districts_or_ranges_only_within_the_movers_posting
);
