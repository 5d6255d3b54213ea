//! The new criminal laws in the case file, through the real routers on both engines: a
//! grievance's sections (picked, or read from "Section & Act"), the statutory clocks of the
//! BNSS they start, the actions that meet and restart them, the warning for a code that does
//! not fit the date of the offence, and the Admin Panel's clock rules and reference list,
//! refused to anyone else and audited.

use apitest::{on_both_engines, Api, Engine};
use http::StatusCode;
use serde_json::{json, Value};
use time::Duration;

const PASSWORD: &str = "Officer-Pass-1";

fn day(d: time::Date) -> String {
    domain::day::Day::of(d).to_string()
}

fn form(fir: &str, fir_date: &str, section_and_act: &str, sections: Value) -> Value {
    json!({"fir_no": fir, "fir_date": fir_date, "section_and_act": section_and_act, "sections": sections,
           "crime_title": "Theft", "district": "Central District", "police_station": "Civil Lines",
           "brief_details": "Statement of the informant recorded at the station."})
}

async fn file(api: &Api, token: &str, body: Value) -> Value {
    let answer = api.post("/api/grievances", token, body).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"].clone()
}

fn clock<'a>(g: &'a Value, rule: &str) -> Option<&'a Value> {
    g["clocks"].as_array().unwrap().iter().find(|c| c["rule"] == rule)
}

fn rules(g: &Value) -> Vec<&str> {
    g["clocks"].as_array().unwrap().iter().map(|c| c["rule"].as_str().unwrap()).collect()
}

async fn a_sexual_offence_runs_its_clocks_and_recorded_actions_move_them(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let today = domain::clock::today();
    let d = today - Duration::days(85);

    // BNS s.64 registered on day D: two months to investigate, 90 days to tell the informant,
    // 24 hours to send the victim for examination.
    let rape = file(&api, &admin, form("RP-1/2026", &day(d), "64 BNS", json!([{"act": "BNS", "section": "64"}]))).await;
    let id = rape["id"].as_i64().unwrap();
    assert_eq!(rape["sections"], json!([{"act": "BNS", "section": "64"}]));
    assert_eq!(rules(&rape), ["bnss-193-3-ii", "bnss-193-2", "bnss-184-1"]);
    let investigation = clock(&rape, "bnss-193-2").unwrap();
    let two_months = domain::law::clocks::Period::Months(2).due(d);
    assert_eq!((investigation["due_on"].as_str(), investigation["state"].as_str()), (Some(day(two_months).as_str()), Some("missed")), "{investigation}");
    assert_eq!(investigation["days_left"], (two_months - today).whole_days());
    let progress = clock(&rape, "bnss-193-3-ii").unwrap();
    assert_eq!((progress["due_on"].as_str(), progress["state"].as_str(), progress["days_left"].as_i64()), (Some(day(d + Duration::days(90)).as_str()), Some("due"), Some(5)));
    assert!(progress["source"].as_str().unwrap().starts_with("BNSS s.193(3)(ii)"));

    // Told on D + 80: the next report falls due on D + 170.
    let told = api.post(&format!("/api/grievances/{id}/clock-actions"), &admin,
        json!({"kind": "informant_told_of_progress", "on": day(d + Duration::days(80)), "means": "phone", "note": "Told of the arrest"})).await;
    assert_eq!(told.status, StatusCode::CREATED, "{:?}", told.body);
    let progress = clock(&told.body["data"], "bnss-193-3-ii").unwrap().clone();
    assert_eq!((progress["due_on"].as_str(), progress["state"].as_str()), (Some(day(d + Duration::days(170)).as_str()), Some("due")));
    assert_eq!(progress["earlier"], json!([{"started_on": day(d), "due_on": day(d + Duration::days(90)), "state": "met", "done_on": day(d + Duration::days(80))}]));

    // The investigation completed: its clock stops, late, as the day says.
    let done = api.post(&format!("/api/grievances/{id}/clock-actions"), &admin, json!({"kind": "investigation_completed", "on": day(today), "version": told.body["data"]["version"]})).await;
    assert_eq!(done.status, StatusCode::CREATED, "{:?}", done.body);
    let investigation = clock(&done.body["data"], "bnss-193-2").unwrap();
    assert_eq!((investigation["state"].as_str(), investigation["done_on"].as_str()), (Some("met_late"), Some(day(today).as_str())));
    let early = file(&api, &admin, form("RP-2/2026", &day(today - Duration::days(10)), "64 BNS", json!([{"act": "BNS", "section": "64"}]))).await;
    let met = api.post(&format!("/api/grievances/{}/clock-actions", early["id"]), &admin, json!({"kind": "investigation_completed", "on": day(today)})).await;
    assert_eq!(clock(&met.body["data"], "bnss-193-2").unwrap()["state"], "met", "{:?}", met.body);

    // Each action is in the case's history, with who, what, when and how.
    let history = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body["data"].clone();
    let recorded: Vec<(&str, &str, Option<&str>)> = history.as_array().unwrap().iter().filter(|r| r["action"] == "CLOCK_ACTION_RECORDED")
        .map(|r| (r["field_name"].as_str().unwrap(), r["new_value"].as_str().unwrap(), r["notes"].as_str())).collect();
    let told_on = format!("Informant told of progress on {}", day(d + Duration::days(80)));
    let completed_on = format!("Investigation completed (final report) on {}", day(today));
    assert_eq!(recorded, vec![
        ("investigation_completed", completed_on.as_str(), None),
        ("informant_told_of_progress", told_on.as_str(), Some("By phone. Told of the arrest")),
    ]);

    // A stale version, a day before the FIR, and no means of telling are refused.
    let stale = api.post(&format!("/api/grievances/{id}/clock-actions"), &admin, json!({"kind": "efir_signed", "on": day(today), "version": 1})).await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{:?}", stale.body);
    let wrong = api.post(&format!("/api/grievances/{id}/clock-actions"), &admin, json!({"kind": "informant_told_of_progress", "on": day(d - Duration::days(1))})).await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(wrong.body["fields"], json!({"on": "The day it was done cannot be before the FIR Date", "means": "Say how the informant was told: phone, SMS, email, letter or in person"}));

    // Two actions recorded at the same moment both land, each with its record; a user who
    // may not see the case is told it is not there.
    let actions = format!("/api/grievances/{id}/clock-actions");
    let (one, two) = tokio::join!(
        api.post(&actions, &admin, json!({"kind": "medical_examination_done", "on": day(d)})),
        api.post(&actions, &admin, json!({"kind": "medical_report_received", "on": day(d + Duration::days(3))})),
    );
    assert_eq!((one.status, two.status), (StatusCode::CREATED, StatusCode::CREATED), "{:?} {:?}", one.body, two.body);
    let now = api.get(&format!("/api/grievances/{id}"), &admin).await.body["data"].clone();
    assert_eq!(now["clock_events"].as_array().unwrap().len(), 4);
    assert_eq!(clock(&now, "bnss-184-6").unwrap()["state"], "met", "examined on D, the report in hand on D + 3: {now}");
    // A list row carries each clock's state and due day, not the rules' text nor the actions.
    let rows = api.get("/api/grievances?fir_no=RP-1/2026", &admin).await.body["data"].clone();
    assert_eq!(rows[0]["id"], id, "{rows}");
    assert_eq!(clock(&rows[0], "bnss-193-3-ii"), Some(&json!({"rule": "bnss-193-3-ii", "state": "due", "due_on": day(d + Duration::days(170)), "days_left": 85})));
    assert_eq!((rows[0].get("clock_events"), rows[0]["version"].clone()), (None, now["version"].clone()));
    let role = api.post("/api/roles", &admin, json!({"name": "Own Cases", "permissions": {"grievances": "create,read,update"}})).await.body;
    let made = api.post("/api/users", &admin, json!({"name": "Other", "email": "other@station.test", "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": role["data"]["id"], "status": "active"})).await;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.body);
    let other = api.login("other@station.test", PASSWORD).await;
    let outside = api.post(&format!("/api/grievances/{id}/clock-actions"), &other, json!({"kind": "efir_signed", "on": day(today)})).await;
    assert_eq!(outside.status, StatusCode::NOT_FOUND, "{:?}", outside.body);

    // A theft has the progress duty only.
    let theft = file(&api, &admin, form("TH-1/2026", &day(d), "303(2) BNS", json!([{"act": "BNS", "section": "303(2)"}]))).await;
    assert_eq!(rules(&theft), ["bnss-193-3-ii"]);
}

async fn sections_are_read_from_the_free_text_and_a_code_that_does_not_fit_is_warned_about(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let today = domain::clock::today();

    // Nothing picked: read from "Section & Act", which stays as entered.
    let pocso = file(&api, &admin, form("PX-1/2026", &day(today), "u/s 4/6 POCSO Act", Value::Null)).await;
    assert_eq!(pocso["section_and_act"], "u/s 4/6 POCSO Act");
    assert_eq!(pocso["sections"], json!([{"act": "POCSO", "section": "4"}, {"act": "POCSO", "section": "6"}]));
    assert!(clock(&pocso, "bnss-193-2").is_some(), "POCSO s.4 and s.6 are on the two-month clock");

    // An IPC section for an offence after 1 July 2024: kept, and warned about.
    let ipc = file(&api, &admin, form("IP-1/2026", &day(today), "379 IPC", json!([{"act": "IPC", "section": "379", "offence_date": day(today)}]))).await;
    assert_eq!(ipc["section_warnings"], json!([{"index": 0, "code": "OLD_CODE_AFTER_NEW_CODES", "params": {"section": "IPC 379", "date": day(today)},
        "message": format!("IPC 379 is for offences committed before 1 July 2024; an offence of {} falls under the BNS", day(today))}]));
    let fetched = api.get(&format!("/api/grievances/{}", ipc["id"]), &admin).await.body["data"].clone();
    assert_eq!(fetched["section_warnings"][0]["code"], "OLD_CODE_AFTER_NEW_CODES");

    // Each row's problem under its own name; nothing is filed.
    let bad = api.post("/api/grievances", &admin, form("BD-1/2026", &day(today), "Theft", json!([
        {"act": "BNS", "section": "three"}, {"act": "Penal", "section": "379"}, {"act": "OTHER", "section": "20"},
        {"act": "BNS", "section": "303(2)", "offence_date": day(today + Duration::days(1))}]))).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{:?}", bad.body);
    assert_eq!(bad.body["fields"], json!({
        "sections[0].section": "Enter a section number such as 303(2) or 376AB",
        "sections[1].act": "Choose the act: BNS, BNSS, IPC, CrPC, POCSO or another law",
        "sections[2].act_name": "Name the law the section is from",
        "sections[3].offence_date": "Date of offence cannot be in the future",
    }));
    let too_many: Vec<Value> = (1..=21).map(|n| json!({"act": "BNS", "section": n.to_string()})).collect();
    let refused = api.post("/api/grievances", &admin, form("BD-2/2026", &day(today), "many", Value::Array(too_many))).await;
    assert_eq!(refused.body["fields"]["sections"], "A grievance can have at most 20 sections");

    // An edit that changes the sections is audited in the citation's words.
    let edit = api.put(&format!("/api/grievances/{}", ipc["id"]), &admin, json!({"version": ipc["version"],
        "fir_no": "IP-1/2026", "fir_date": day(today), "section_and_act": "303(2) BNS", "crime_title": "Theft", "district": "Central District",
        "police_station": "Civil Lines", "brief_details": "Statement of the informant recorded at the station.",
        "sections": [{"act": "BNS", "section": "303(2)", "offence_date": day(today)}]})).await;
    assert_eq!(edit.status, StatusCode::OK, "{:?}", edit.body);
    assert_eq!(edit.body["data"]["section_warnings"], json!([]));
    let history = api.get(&format!("/api/grievances/{}/history", ipc["id"]), &admin).await.body["data"].clone();
    let change = history.as_array().unwrap().iter().find(|r| r["field_name"] == "sections").unwrap();
    assert_eq!((change["old_value"].as_str(), change["new_value"].as_str()), (Some(format!("IPC 379 (offence {})", day(today)).as_str()), Some(format!("BNS 303(2) (offence {})", day(today)).as_str())));
}

async fn clock_rules_and_the_reference_list_are_the_admins_to_change_and_every_change_is_audited(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let today = domain::clock::today();

    let role = api.post("/api/roles", &admin, json!({"name": "Station Writer", "permissions": {"grievances": "create,read,update"}})).await.body;
    let made = api.post("/api/users", &admin, json!({"name": "Writer", "email": "writer@station.test", "password": PASSWORD, "department": "Crime Branch",
        "designation": "Head Constable", "role_id": role["data"]["id"], "status": "active"})).await;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.body);
    let writer = api.login("writer@station.test", PASSWORD).await;

    let shipped = api.get("/api/admin/clock-rules", &admin).await;
    assert_eq!((shipped.status, shipped.body["revision"].as_i64()), (StatusCode::OK, Some(0)));
    let mut rule = shipped.body["rules"].as_array().unwrap().iter().find(|r| r["id"] == "bnss-193-3-ii").unwrap().clone();
    rule["period"] = json!("60 days");
    rule["source"] = json!("BNSS s.193(3)(ii), and State order 7/2026: every 60 days");

    // Anyone else: 403, and nothing changes.
    assert_eq!(api.get("/api/admin/clock-rules", &writer).await.status, StatusCode::FORBIDDEN);
    assert_eq!(api.put("/api/admin/clock-rules/bnss-193-3-ii", &writer, rule.clone()).await.status, StatusCode::FORBIDDEN);
    assert_eq!(api.post("/api/admin/clock-rules", &writer, json!({"id": "mine"})).await.status, StatusCode::FORBIDDEN);
    assert_eq!(api.put("/api/admin/offences", &writer, json!({"act": "BNS", "section": "999"})).await.status, StatusCode::FORBIDDEN);
    assert_eq!(api.get("/api/admin/clock-rules", &admin).await.body["revision"], 0);

    let changed = api.put("/api/admin/clock-rules/bnss-193-3-ii", &admin, rule.clone()).await;
    assert_eq!((changed.status, changed.body["period"].as_str()), (StatusCode::OK, Some("60 days")), "{:?}", changed.body);
    let audited = api.get("/api/audit/all?action=LAW_SETTINGS_CHANGED", &admin).await.body;
    assert_eq!((audited[0]["action_details"]["before"]["period"].as_str(), audited[0]["action_details"]["after"]["period"].as_str()), (Some("90 days"), Some("60 days")), "{audited}");
    let theft = file(&api, &writer, form("TH-2/2026", &day(today), "303(2) BNS", Value::Null)).await;
    assert_eq!(clock(&theft, "bnss-193-3-ii").unwrap()["due_on"], day(today + Duration::days(60)), "cases go by the rule in force");

    // A rule of the state's own, and the refusals of a bad or taken one.
    let state_rule = json!({"id": "state-order-7", "name": "Case diary to the SP", "name_hi": "केस डायरी पुलिस अधीक्षक को", "starts": "information_recorded",
        "sections": ["BNS 303(2)"], "period": "7 days", "repeats": false, "met_by": "investigation_completed", "source": "State order 7/2026"});
    let added = api.post("/api/admin/clock-rules", &admin, state_rule.clone()).await;
    assert_eq!(added.status, StatusCode::CREATED, "{:?}", added.body);
    assert_eq!(api.post("/api/admin/clock-rules", &admin, state_rule.clone()).await.body["error"], "There is a rule with the id 'state-order-7' already");
    let bad = api.post("/api/admin/clock-rules", &admin, json!({"id": "x", "name": "X", "name_hi": "X", "starts": "information_recorded", "period": "soon", "met_by": "efir_signed", "source": "S"})).await;
    assert_eq!((bad.status, bad.body["fields"]["period"].as_str()), (StatusCode::BAD_REQUEST, Some("A period is a number of hours, days or months, such as 90 days or 2 months")));
    assert_eq!(api.put("/api/admin/clock-rules/no-such-rule", &admin, rule.clone()).await.status, StatusCode::NOT_FOUND);

    // Two Admins changing two rules at once: both changes land.
    let mut medical = shipped.body["rules"].as_array().unwrap().iter().find(|r| r["id"] == "bnss-184-6").unwrap().clone();
    medical["name"] = json!("Medical report in hand");
    rule["name"] = json!("Progress told to the informant");
    let (one, two) = tokio::join!(api.put("/api/admin/clock-rules/bnss-184-6", &admin, medical), api.put("/api/admin/clock-rules/bnss-193-3-ii", &admin, rule));
    assert_eq!((one.status, two.status), (StatusCode::OK, StatusCode::OK), "{:?} {:?}", one.body, two.body);
    let now = api.get("/api/admin/clock-rules", &admin).await.body;
    let names: Vec<&str> = now["rules"].as_array().unwrap().iter().filter(|r| r["id"] == "bnss-184-6" || r["id"] == "bnss-193-3-ii").map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Progress told to the informant", "Medical report in hand"]);
    assert_eq!(now["revision"], 4);

    // The reference list: found by number, by the IPC section replaced and by title, in
    // either language; an Admin's entry is found too, and removed again.
    let first = |q: &str| {
        let api = &api;
        let writer = writer.clone();
        let q = q.to_string();
        async move {
            let found = api.get(&format!("/api/law/offences?q={}&limit=3", urlencoding(&q)), &writer).await;
            assert_eq!(found.status, StatusCode::OK, "{:?}", found.body);
            found.body.as_array().unwrap().first().map(|o| format!("{} {}", o["act"].as_str().unwrap(), o["section"].as_str().unwrap()))
        }
    };
    assert_eq!(first("IPC 379").await.as_deref(), Some("BNS 303(2)"));
    assert_eq!(first("बलात्संग के लिए दंड").await.as_deref(), Some("BNS 64"));
    let entry = json!({"act": "BNS", "section": "112(2)", "title": "Petty organised crime (as the state reads it)", "title_hi": "छोटा संगठित अपराध", "maximum": "7 years"});
    let saved = api.put("/api/admin/offences", &admin, entry).await;
    assert_eq!((saved.status, saved.body["chapter"].as_str()), (StatusCode::OK, Some("VI")), "{:?}", saved.body);
    assert_eq!(first("as the state reads").await.as_deref(), Some("BNS 112(2)"));
    assert_eq!(api.delete("/api/admin/offences/BNS/112(2)", &admin).await.status, StatusCode::OK);
    assert_eq!(api.delete("/api/admin/offences/BNS/112(2)", &admin).await.status, StatusCode::NOT_FOUND);
    let trail = api.get("/api/audit/all?action=LAW_SETTINGS_CHANGED", &admin).await.body;
    assert_eq!(trail.as_array().unwrap().len(), 6, "four rule changes, an entry saved and removed: {trail}");
}

/// A user whose role holds `grievances` (as the roles API writes them), posted at Civil
/// Lines, signed in.
async fn reader(api: &Api, admin: &str, grievances: &str) -> String {
    let stations = api.get("/api/admin/dropdowns/police_stations", admin).await.body;
    let civil_lines = stations.as_array().unwrap().iter().find(|s| s["name"] == "Civil Lines").unwrap()["id"].clone();
    let role = api.post("/api/roles", admin, json!({"name": format!("Reader {grievances}"), "permissions": {"grievances": grievances}})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    let email = format!("{}@civil-lines.test", grievances.replace(',', "-"));
    let user = api.post("/api/users", admin, json!({"name": "Reader", "email": email, "password": "Officer-Pass-1", "department": "Crime Branch",
        "designation": "Inspector", "role_id": role.body["data"]["id"], "status": "active", "posting": {"level": "station", "id": civil_lines}})).await;
    assert_eq!(user.status, StatusCode::CREATED, "{:?}", user.body);
    api.login(&email, "Officer-Pass-1").await
}

fn ids(page: &Value) -> Vec<i64> {
    page["data"].as_array().unwrap_or_else(|| panic!("a page: {page}")).iter().map(|g| g["id"].as_i64().unwrap()).collect()
}

async fn missed_and_due_are_lists_of_the_open_clocks_by_due_day(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let today = domain::clock::today();
    let ago = |days: i64| day(today - Duration::days(days));
    let bns = |section: &str| json!([{"act": "BNS", "section": section}]);
    // A rape registered 85 days ago: its investigation (two months) and the victim's
    // examination (24 hours) are missed. Thefts of 10 and 88 days ago: their reports to the
    // informant fall due in 80 and 2 days. An IPC case of before 1 July 2024 runs no clock.
    let rape = file(&api, &admin, form("DUE-1/2026", &ago(85), "64 BNS", bns("64"))).await["id"].as_i64().unwrap();
    let recent = file(&api, &admin, form("DUE-2/2026", &ago(10), "303(2) BNS", bns("303(2)"))).await["id"].as_i64().unwrap();
    let soon = file(&api, &admin, form("DUE-3/2026", &ago(88), "303(2) BNS", bns("303(2)"))).await["id"].as_i64().unwrap();
    file(&api, &admin, form("DUE-4/2024", "2024-01-10", "379 IPC", json!([]))).await;

    let list = |query: &str| {
        let (api, admin) = (&api, &admin);
        let path = format!("/api/grievances?{query}");
        async move {
            let answer = api.get(&path, admin).await;
            assert_eq!(answer.status, StatusCode::OK, "{path}: {:?}", answer.body);
            answer.body
        }
    };
    assert_eq!(ids(&list("clock=missed").await), [rape]);
    assert_eq!(ids(&list("clock=missed&police_station=Civil%20Lines").await), [rape]);
    assert_eq!(ids(&list("clock=missed&police_station=Model%20Town").await), Vec::<i64>::new());
    // Due within 7 days when no span is given; the latest due day first.
    assert_eq!(ids(&list("clock=due").await), [soon]);
    assert_eq!(ids(&list("clock=due&within=90").await), [recent, soon]);
    // Each list counted exactly, alone and with a station, and the dashboard's tiles are those
    // counts.
    for (query, matched) in [("clock=missed", 1), ("clock=missed&police_station=Civil%20Lines", 1), ("clock=missed&police_station=Model%20Town", 0), ("clock=due", 1), ("clock=due&within=90", 2)] {
        assert_eq!(list(query).await["matched"], json!(matched), "{query}");
    }
    let tiles = |missed: i64, soon: i64| json!({"missedClocks": missed, "clocksDueThisWeek": soon});
    let stats = || {
        let (api, admin) = (&api, &admin);
        async move {
            let body = api.get("/api/grievances/stats", admin).await.body;
            json!({"missedClocks": body["missedClocks"], "clocksDueThisWeek": body["clocksDueThisWeek"]})
        }
    };
    assert_eq!(stats().await, tiles(1, 1));
    assert_eq!(ids(&list("clock=due&within=0").await), Vec::<i64>::new());
    let paged = list("clock=due&within=90&limit=1").await;
    assert_eq!(ids(&paged), [recent]);
    let next = list(&format!("clock=due&within=90&limit=1&cursor={}", paged["next_cursor"].as_str().unwrap())).await;
    assert_eq!(ids(&next), [soon]);

    // The examination done and its report received, the investigation completed: no clock
    // of the rape case is missed any more, and its next report falls due in five days.
    let actions = format!("/api/grievances/{rape}/clock-actions");
    for (kind, on) in [("medical_examination_done", ago(85)), ("medical_report_received", ago(83)), ("investigation_completed", day(today))] {
        let recorded = api.post(&actions, &admin, json!({"kind": kind, "on": on})).await;
        assert_eq!(recorded.status, StatusCode::CREATED, "{kind}: {:?}", recorded.body);
    }
    assert_eq!(ids(&list("clock=missed").await), Vec::<i64>::new());
    assert_eq!(ids(&list("clock=due").await), [rape, soon]);
    assert_eq!(stats().await, tiles(0, 2));
    // The state gives 92 days to tell the informant: once the days are worked out again (the
    // escalation run does it first), the theft of 88 days ago falls due in four days, the rape
    // case's report in seven, and the recent theft's in 82.
    let shipped = api.get("/api/admin/clock-rules", &admin).await.body;
    let mut rule = shipped["rules"].as_array().unwrap().iter().find(|r| r["id"] == "bnss-193-3-ii").unwrap().clone();
    rule["period"] = json!("92 days");
    assert_eq!(api.put("/api/admin/clock-rules/bnss-193-3-ii", &admin, rule).await.status, StatusCode::OK);
    let reindexed = cases::dues::reindex_if_owed(api.state.cases()).await.unwrap().reindexed;
    assert_eq!(reindexed, Some(cases::port::Reindexed { moved: 3, unread_sections: 0 }), "three cases' days move");
    assert_eq!(cases::dues::reindex_if_owed(api.state.cases()).await.unwrap().reindexed, None, "owed once");
    assert_eq!(ids(&list("clock=due").await), [rape, soon]);
    assert_eq!(ids(&list("clock=due&within=81").await), [rape, soon]);
    assert_eq!(ids(&list("clock=due&within=82").await), [recent, rape, soon]);

    // A case deleted is in no list.
    assert_eq!(api.delete(&format!("/api/grievances/{soon}"), &admin).await.status, StatusCode::OK);
    assert_eq!(ids(&list("clock=due").await), [rape]);
    assert_eq!(stats().await, tiles(0, 1));
    // The same figures for an officer posted at the station, who sees its cases, and none for
    // one who sees only their own.
    let (station_officer, own_officer) = (reader(&api, &admin, "read,view_posting").await, reader(&api, &admin, "read").await);
    assert_eq!(api.get("/api/grievances/stats", &station_officer).await.body["clocksDueThisWeek"], json!(1));
    assert_eq!(api.get("/api/grievances?clock=due", &station_officer).await.body["matched"], json!(1));
    assert_eq!(api.get("/api/grievances/stats", &own_officer).await.body["clocksDueThisWeek"], json!(0));

    let wrong = api.get("/api/grievances?clock=late", &admin).await;
    assert_eq!((wrong.status, wrong.body["fields"].clone()), (StatusCode::BAD_REQUEST, json!({"clock": "clock must be missed or due"})));
    let far = api.get("/api/grievances?clock=due&within=400", &admin).await;
    assert_eq!((far.status, far.body["fields"].clone()), (StatusCode::BAD_REQUEST, json!({"within": "within must be between 0 and 365 days"})));
}

/// A "Section & Act" typed with no act ("302, 307 r/w 34") is kept as typed, and counted for
/// the Admin each time every case's due day is worked out; once its sections are picked, it
/// is counted no more.
async fn free_text_sections_that_cannot_be_read_are_counted_for_the_admin(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let unread = || {
        let (api, admin) = (&api, &admin);
        async move { api.get("/api/admin/clock-rules", admin).await.body["unread_sections"].clone() }
    };
    // As the portal does when it opens its store.
    cases::dues::reindex_if_owed(api.state.cases()).await.unwrap();
    assert_eq!(unread().await, json!(0), "counted as the portal opened its empty store");
    let today = day(domain::clock::today());
    let murky = file(&api, &admin, form("FREE-1/2026", &today, "302, 307 r/w 34", json!([]))).await;
    assert_eq!((murky["section_and_act"].as_str(), &murky["sections"]), (Some("302, 307 r/w 34"), &json!([])));
    file(&api, &admin, form("FREE-2/2026", &today, "u/s 303(2) BNS", json!([]))).await;
    let period = |days: &str| {
        let (api, admin) = (&api, &admin);
        let days = days.to_string();
        async move {
            let rules = api.get("/api/admin/clock-rules", admin).await.body;
            let mut rule = rules["rules"].as_array().unwrap().iter().find(|r| r["id"] == "bnss-193-3-ii").unwrap().clone();
            rule["period"] = json!(days);
            assert_eq!(api.put("/api/admin/clock-rules/bnss-193-3-ii", admin, rule).await.status, StatusCode::OK);
            cases::dues::reindex_if_owed(api.state.cases()).await.unwrap().reindexed.unwrap()
        }
    };
    assert_eq!(period("91 days").await.unread_sections, 1);
    assert_eq!(unread().await, json!(1));

    let id = murky["id"].as_i64().unwrap();
    let mut edited = form("FREE-1/2026", &today, "302, 307 r/w 34", json!([{"act": "BNS", "section": "103(1)"}, {"act": "BNS", "section": "109(1)"}]));
    edited["status"] = murky["status"].clone();
    edited["priority"] = murky["priority"].clone();
    let saved = api.put(&format!("/api/grievances/{id}"), &admin, edited).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    assert_eq!(period("90 days").await.unread_sections, 0);
    assert_eq!(unread().await, json!(0));
    // Only an Admin Panel reader sees it.
    let clerk = reader(&api, &admin, "read,create").await;
    assert_eq!(api.get("/api/admin/clock-rules", &clerk).await.status, StatusCode::FORBIDDEN);
}

/// The list filters by act, or by a section of it with its sub-divisions, over the sections
/// a case keeps or, for one that keeps none, those its "Section & Act" reads; an edit moves a
/// case between them and a deletion takes it out, within the caller's scope; a filter that
/// cannot be read is a 400 that says why.
async fn the_list_filters_by_act_and_section(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let on = day(domain::clock::today() - Duration::days(5));
    let theft = file(&api, &admin, form("SF-1/2026", &on, "303(2) BNS", json!([{"act": "BNS", "section": "303(2)"}]))).await;
    let legacy = file(&api, &admin, form("SF-2/2026", &on, "u/s 379, 411 IPC", json!([]))).await;
    let rape = file(&api, &admin, form("SF-3/2026", &on, "64, 3(5) BNS", json!([{"act": "BNS", "section": "64"}, {"act": "BNS", "section": "3(5)"}]))).await;
    let child = file(&api, &admin, form("SF-4/2026", &on, "4 POCSO", json!([{"act": "POCSO", "section": "4"}]))).await;
    let plain = file(&api, &admin, form("SF-5/2026", &on, "303 BNS", json!([{"act": "BNS", "section": "303"}]))).await;
    let near = file(&api, &admin, form("SF-6/2026", &on, "30 BNS", json!([{"act": "BNS", "section": "30"}]))).await;
    let id = |g: &Value| g["id"].as_i64().unwrap();
    let listed = |token: String, query: &'static str| {
        let api = &api;
        async move {
            let page = api.get(&format!("/api/grievances?{query}"), &token).await;
            assert_eq!(page.status, StatusCode::OK, "{query}: {:?}", page.body);
            let mut found = ids(&page.body);
            if let Some(matched) = page.body["matched"].as_i64() {
                assert_eq!(matched, found.len() as i64, "{query}: the count agrees with the page");
            }
            found.sort();
            found
        }
    };
    let sorted = |mut v: Vec<i64>| {
        v.sort();
        v
    };
    assert_eq!(listed(admin.clone(), "act=BNS").await, sorted(vec![id(&theft), id(&rape), id(&plain), id(&near)]));
    assert_eq!(listed(admin.clone(), "act=bns&section=303").await, sorted(vec![id(&theft), id(&plain)]), "303 and its sub-division 303(2), not 30");
    assert_eq!(listed(admin.clone(), "act=BNS&section=303%282%29").await, vec![id(&theft)]);
    assert_eq!(listed(admin.clone(), "act=BNS&section=3%285%29").await, vec![id(&rape)], "a case's second section");
    assert_eq!(listed(admin.clone(), "act=IPC").await, vec![id(&legacy)], "read from the text of a case that keeps none");
    assert_eq!(listed(admin.clone(), "act=IPC&section=411").await, vec![id(&legacy)]);
    assert_eq!(listed(admin.clone(), "act=POCSO&section=4&priority=").await, vec![id(&child)]);
    assert_eq!(listed(admin.clone(), "act=CrPC").await, Vec::<i64>::new());

    // An edit moves the case; a deletion takes it out.
    let mut edit = form("SF-1/2026", &on, "379 IPC", json!([{"act": "IPC", "section": "379"}]));
    edit["version"] = theft["version"].clone();
    let edited = api.put(&format!("/api/grievances/{}", id(&theft)), &admin, edit).await;
    assert_eq!(edited.status, StatusCode::OK, "{:?}", edited.body);
    assert_eq!(listed(admin.clone(), "act=BNS&section=303").await, vec![id(&plain)]);
    assert_eq!(listed(admin.clone(), "act=IPC&section=379").await, sorted(vec![id(&theft), id(&legacy)]));
    assert_eq!(api.delete(&format!("/api/grievances/{}", id(&plain)), &admin).await.status, StatusCode::OK);
    assert_eq!(listed(admin.clone(), "act=BNS&section=303").await, Vec::<i64>::new());

    // Within the caller's scope: a station's reader sees its cases; one who sees only their
    // own sees none of these.
    let station = reader(&api, &admin, "read,view_posting").await;
    assert_eq!(listed(station, "act=BNS").await, sorted(vec![id(&rape), id(&near)]));
    let own = reader(&api, &admin, "read").await;
    assert_eq!(listed(own, "act=BNS").await, Vec::<i64>::new());

    for (query, field, message) in [
        ("act=XYZ", "act", "act must be BNS, BNSS, IPC, CrPC, POCSO or OTHER"),
        ("section=303", "act", "Choose the act of the section to filter by"),
        ("act=BNS&section=robbery", "section", "Enter a section number such as 303(2) or 376AB"),
    ] {
        let refused = api.get(&format!("/api/grievances?{query}"), &admin).await;
        assert_eq!((refused.status, refused.body["fields"][field].as_str()), (StatusCode::BAD_REQUEST, Some(message)), "{query}: {:?}", refused.body);
    }
}

fn urlencoding(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

on_both_engines!(
    a_sexual_offence_runs_its_clocks_and_recorded_actions_move_them,
    sections_are_read_from_the_free_text_and_a_code_that_does_not_fit_is_warned_about,
    clock_rules_and_the_reference_list_are_the_admins_to_change_and_every_change_is_audited,
    missed_and_due_are_lists_of_the_open_clocks_by_due_day,
    free_text_sections_that_cannot_be_read_are_counted_for_the_admin,
    the_list_filters_by_act_and_section,
);
