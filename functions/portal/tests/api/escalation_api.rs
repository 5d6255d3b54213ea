//! Escalation through the real routers and the run the schedule makes, on both
//! engines, on a controlled clock: an overdue grievance goes to its district, then its range,
//! then the state, as the Admin Panel's waits say, exactly once per level; it appears in the
//! "Escalated to me" list and count of whoever is posted there; ESCALATED is audited with the
//! level and the days overdue; a decided case leaves the queue.

use apitest::{on_both_engines, Api, Engine};
use http::StatusCode;
use serde_json::{json, Value};
use time::macros::date;

const PASSWORD: &str = "Officer-Pass-1";

fn form(fir: &str, district: &str, station: &str, priority: &str, inward: &str) -> Value {
    json!({"type_of_call": "Walk-in", "fir_no": fir, "fir_date": inward, "section_and_act": "379 IPC",
           "crime_title": "Theft", "district": district, "police_station": station, "status": "Pending",
           "priority": priority, "brief_details": "Motorcycle stolen from the market parking.", "date_of_inward": inward})
}

async fn posted(api: &Api, admin: &str, email: &str, role: &Value, posting: Value) -> String {
    let answer = api.post("/api/users", admin, json!({"name": email, "email": email, "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": role["data"]["id"], "status": "active", "posting": posting})).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    api.login(email, PASSWORD).await
}

async fn escalated_to_me(api: &Api, token: &str) -> (Vec<i64>, Option<i64>) {
    let list = api.get("/api/grievances?escalated=me", token).await;
    assert_eq!(list.status, StatusCode::OK, "{:?}", list.body);
    let mut ids: Vec<i64> = list.body["data"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
    ids.sort();
    let stats = api.get("/api/grievances/stats", token).await;
    assert_eq!(stats.status, StatusCode::OK, "{:?}", stats.body);
    let count = stats.body["escalatedToMe"].as_i64();
    assert_eq!(list.body["matched"].as_i64(), count, "the list's count and the dashboard's agree");
    (ids, count)
}

async fn run(api: &Api, today: time::Date) -> cases::escalation::Run {
    grievances_area::escalation::run(&api.state, today).await.unwrap()
}

async fn an_overdue_grievance_goes_up_once_per_level(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    for (district, range, station) in [("Agra", Some("Agra Range"), "Sadar Bazar"), ("Mathura", None, "Kotwali")] {
        let d = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": district, "range": range})).await;
        assert_eq!(d.status, StatusCode::CREATED, "{:?}", d.body);
        let s = api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": station, "district_id": d.body["id"]})).await;
        assert_eq!(s.status, StatusCode::CREATED, "{:?}", s.body);
    }
    let districts = api.get("/api/admin/dropdowns/districts", &admin).await.body;
    let agra = districts.as_array().unwrap().iter().find(|d| d["name"] == "Agra").unwrap()["id"].clone();

    // The waits: refused out of order, saved and audited in order.
    let wrong = api.put("/api/admin/escalation-rules", &admin, json!({"district_days": 3, "range_days": 1, "state_days": 9})).await;
    assert_eq!((wrong.status, wrong.body["fields"]["range_days"].as_str()), (StatusCode::BAD_REQUEST, Some("Each level waits at least as long as the level below it")));
    assert_eq!(api.get("/api/admin/escalation-rules", &admin).await.body, json!({"district_days": 0, "range_days": 7, "state_days": 14}), "the defaults");
    let saved = api.put("/api/admin/escalation-rules", &admin, json!({"district_days": 0, "range_days": 5, "state_days": 10})).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    let changed = api.get("/api/audit/all?action=ESCALATION_RULES_CHANGED", &admin).await.body;
    assert_eq!(changed[0]["action_details"]["after"]["range_days"], 5, "{changed}");

    // High: 3 days at Inward (the default limit). Sadar Bazar lies in a range, Kotwali not.
    let file = |fir: &'static str, district: &'static str, station: &'static str, priority: &'static str, inward: &'static str| {
        let api = &api;
        let admin = admin.clone();
        async move {
            let answer = api.post("/api/grievances", &admin, form(fir, district, station, priority, inward)).await;
            assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
            answer.body["data"]["id"].as_i64().unwrap()
        }
    };
    let sadar = file("SB-1/2026", "Agra", "Sadar Bazar", "High", "2026-10-01").await;
    let kotwali = file("KW-1/2026", "Mathura", "Kotwali", "High", "2026-10-01").await;
    let fresh = file("SB-2/2026", "Agra", "Sadar Bazar", "High", "2026-10-04").await;

    let sp_role = api.post("/api/roles", &admin, json!({"name": "Superintendent", "permissions": {"grievances": "read,update,view_posting"}})).await.body;
    let sp = posted(&api, &admin, "sp@agra.test", &sp_role, json!({"level": "district", "id": agra})).await;
    let ig = posted(&api, &admin, "ig@agra.test", &sp_role, json!({"level": "range", "range": "Agra Range"})).await;

    // Day 5: Sadar Bazar's and Kotwali's first cases are a day overdue: to their districts.
    // The third entered Inward on the 4th: not overdue yet.
    let first = run(&api, date!(2026 - 10 - 05)).await;
    assert_eq!((first.overdue, first.escalated), (2, 2));
    assert_eq!(run(&api, date!(2026 - 10 - 05)).await.escalated, 0, "once per level");
    assert_eq!(escalated_to_me(&api, &sp).await, (vec![sadar], Some(1)));
    assert_eq!(escalated_to_me(&api, &ig).await, (vec![], Some(0)));
    let g = api.get(&format!("/api/grievances/{sadar}"), &sp).await.body["data"].clone();
    assert_eq!(g["escalation"]["level"], "district");
    assert_eq!(g["escalation"]["to"], json!({"level": "district", "id": agra}));
    assert_eq!(g["escalation"]["days_overdue"], 1);

    // Day 10 (six days overdue): Sadar Bazar's to the range; Kotwali's district is in no range.
    let second = run(&api, date!(2026 - 10 - 10)).await;
    assert_eq!(second.escalated, 2, "the range for Sadar Bazar's first, the district for the third");
    assert_eq!(escalated_to_me(&api, &ig).await, (vec![sadar], Some(1)));
    assert_eq!(escalated_to_me(&api, &sp).await, (vec![fresh], Some(1)), "the first has left the district's queue");

    // Day 20: every one to the state, where the Admin is posted.
    run(&api, date!(2026 - 10 - 20)).await;
    assert_eq!(run(&api, date!(2026 - 10 - 21)).await.escalated, 0);
    assert_eq!(escalated_to_me(&api, &admin).await, (vec![sadar, kotwali, fresh], Some(3)));

    let history = api.get(&format!("/api/grievances/{sadar}/history"), &admin).await.body["data"].clone();
    let escalations: Vec<(String, String)> = history
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["action"] == "ESCALATED")
        .map(|r| (r["new_value"].as_str().unwrap().to_string(), r["notes"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(
        escalations,
        vec![
            ("state".to_string(), "Overdue by 16 days; escalated to the state".to_string()),
            ("range".to_string(), "Overdue by 6 days; escalated to the Agra Range".to_string()),
            ("district".to_string(), "Overdue by 1 day; escalated to Agra".to_string()),
        ]
    );
    assert!(history.as_array().unwrap().iter().filter(|r| r["action"] == "ESCALATED").all(|r| r["user_name"] == "Escalation"));

    // Decided: it leaves the queue.
    let statuses = api.get("/api/admin/dropdowns/statuses", &admin).await.body;
    let resolved = statuses.as_array().unwrap().iter().find(|s| s["name"] == "Resolved").unwrap()["id"].clone();
    let done = api.put(&format!("/api/grievances/{sadar}/status"), &admin, json!({"status_id": resolved})).await;
    assert_eq!((done.status, done.body["data"]["escalation"].is_null()), (StatusCode::OK, true), "{:?}", done.body);
    assert_eq!(escalated_to_me(&api, &admin).await, (vec![kotwali, fresh], Some(2)));
    let invalid = api.get("/api/grievances?escalated=them", &admin).await;
    assert_eq!((invalid.status, invalid.body["fields"]["escalated"].as_str()), (StatusCode::BAD_REQUEST, Some("escalated must be me")));
}

async fn a_missed_statutory_clock_escalates_the_case_and_tells_its_station(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let district = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": "Agra", "range": "Agra Range"})).await.body;
    let station = api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": "Sadar Bazar", "district_id": district["id"]})).await.body;
    let role = api.post("/api/roles", &admin, json!({"name": "Station House Officer", "permissions": {"grievances": "read,update,view_posting"}})).await.body;
    let sho = posted(&api, &admin, "sho@sadar.test", &role, json!({"level": "station", "id": station["id"]})).await;
    let sp = posted(&api, &admin, "sp@agra.test", &role, json!({"level": "district", "id": district["id"]})).await;

    // A rape registered on 1 October, at Inward since the 3rd: within its stage's limit on the
    // 3rd, but the victim was to be sent for medical examination within 24 hours.
    let mut body = form("RP-9/2026", "Agra", "Sadar Bazar", "Low", "2026-10-03");
    body["fir_date"] = json!("2026-10-01");
    body["section_and_act"] = json!("64 BNS");
    let filed = api.post("/api/grievances", &admin, body).await;
    assert_eq!(filed.status, StatusCode::CREATED, "{:?}", filed.body);
    let id = filed.body["data"]["id"].as_i64().unwrap();

    let ran = run(&api, date!(2026 - 10 - 03)).await;
    assert_eq!((ran.overdue, ran.missed, ran.escalated), (0, 1, 1));
    assert_eq!(run(&api, date!(2026 - 10 - 03)).await.escalated, 0, "once per level");
    assert_eq!(escalated_to_me(&api, &sp).await, (vec![id], Some(1)));
    let g = api.get(&format!("/api/grievances/{id}"), &sho).await.body["data"].clone();
    assert_eq!((g["escalation"]["days_overdue"].as_i64(), g["escalation"]["missed_clock"].as_str()), (Some(1), Some("bnss-184-1")), "{g}");
    let history = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body["data"].clone();
    let escalated = history.as_array().unwrap().iter().find(|r| r["action"] == "ESCALATED").unwrap();
    assert_eq!(escalated["notes"], "The duty under BNSS s.184(1) missed by 1 day; escalated to Agra");
    assert_eq!(escalated["action_details"]["to_label"], "Agra", "the place, for the notes in the reader's language");

    // The station's officer hears of the missed duty; the district, of the escalation: once
    // the run has been quiet a while (its events wait for the rest of it).
    grievances_area::notify::run(&api.state, None, domain::clock::now() + time::Duration::seconds(11)).await.unwrap();
    let kinds = |body: Value| body["data"]["items"].as_array().unwrap().iter().map(|n| (n["kind"].as_str().unwrap().to_string(), n["clock"].clone(), n["daysOverdue"].clone())).collect::<Vec<_>>();
    assert_eq!(kinds(api.get("/api/notifications", &sho).await.body), [("clock_missed".to_string(), json!("BNSS s.184(1)"), json!(1))]);
    assert_eq!(kinds(api.get("/api/notifications", &sp).await.body), [("escalated".to_string(), Value::Null, json!(1))]);
}

/// Duties that fell due before the portal first worked out due days for an earlier release's
/// data were never on anyone's screen: the run reads the missed list from that day, so they
/// are listed as missed but never escalated, while one missed since is.
async fn a_duty_missed_before_due_days_were_first_worked_out_is_listed_not_escalated(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let district = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": "Agra", "range": "Agra Range"})).await.body;
    api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": "Sadar Bazar", "district_id": district["id"]})).await;
    let rape = |fir: &str, fir_date: &str| {
        let mut body = form(fir, "Agra", "Sadar Bazar", "Low", "2026-10-03");
        body["fir_date"] = json!(fir_date);
        body["section_and_act"] = json!("64 BNS");
        body
    };
    // The victims were to be examined by 2 and 3 October; the days were first worked out on the 3rd.
    let mut ids = Vec::new();
    for (fir, fir_date) in [("RP-1/2026", "2026-10-01"), ("RP-2/2026", "2026-10-02")] {
        let filed = api.post("/api/grievances", &admin, rape(fir, fir_date)).await;
        assert_eq!(filed.status, StatusCode::CREATED, "{:?}", filed.body);
        ids.push(filed.body["data"]["id"].as_i64().unwrap());
    }
    let revision = api.state.lists.law().await.unwrap().revision;
    let first_worked_out = cases::port::DuesIndexed { revision, since: Some(date!(2026 - 10 - 03)), unread_sections: Some(0) };
    api.state.grievances.record_dues_indexed(&first_worked_out).await.unwrap();

    let ran = run(&api, date!(2026 - 10 - 04)).await;
    assert_eq!((ran.overdue, ran.missed, ran.escalated), (0, 1, 1), "only the duty missed since is looked at");
    let escalation = |id: i64| {
        let (api, admin) = (&api, &admin);
        async move { api.get(&format!("/api/grievances/{id}"), admin).await.body["data"]["escalation"].clone() }
    };
    assert_eq!(escalation(ids[0]).await, Value::Null, "missed before the days were worked out");
    assert_eq!(escalation(ids[1]).await["missed_clock"], json!("bnss-184-1"));
    let missed = api.get("/api/grievances?clock=missed", &admin).await.body;
    let mut listed: Vec<i64> = missed["data"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
    listed.sort();
    assert_eq!((listed, missed["matched"].as_i64()), (ids.clone(), Some(2)), "both are on the missed list");
}

on_both_engines!(
    an_overdue_grievance_goes_up_once_per_level,
    a_missed_statutory_clock_escalates_the_case_and_tells_its_station,
    a_duty_missed_before_due_days_were_first_worked_out_is_listed_not_escalated,
);
