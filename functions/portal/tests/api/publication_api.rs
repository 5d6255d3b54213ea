//! The state's public list of FIRs through the real routers on both engines: a holder of
//! "withhold from publication" withholds a case within their scope, with a reason, audited;
//! the publication export leaves out the withheld and the sensitive cases, and gives the
//! others without any victim, witness or contact detail.

use apitest::{on_both_engines, Api, Engine};
use http::StatusCode;
use serde_json::{json, Value};

fn form(fir: &str, section: &str, station: &str, parties: Value) -> Value {
    let district = if station == "Cantonment" { "South District" } else { "Central District" };
    json!({"fir_no": fir, "fir_date": "2026-10-01", "section_and_act": format!("{section} BNS"), "sections": [{"act": "BNS", "section": section}],
           "crime_title": "Theft", "district": district, "police_station": station,
           "brief_details": "Statement of the informant recorded at the station.", "parties": parties})
}

fn people(victim: &str) -> Value {
    json!([
        {"role": "complainant", "name": "Ram Lal", "mobile": "98123 45678", "address": "House 12, Civil Lines", "age": 52},
        {"role": "victim", "name": victim, "mobile": "98765 43210", "email": "victim@example.in", "address": "Ward 4, Rampur"},
        {"role": "accused", "name": "Vikram Singh"},
        {"role": "witness", "name": "Sunil Witness"},
    ])
}

async fn user(api: &Api, admin: &str, email: &str, permissions: Value, station: &str) -> String {
    let stations = api.get("/api/admin/dropdowns/police_stations", admin).await.body;
    let id = stations.as_array().unwrap().iter().find(|s| s["name"] == station).unwrap()["id"].clone();
    let role = api.post("/api/roles", admin, json!({"name": format!("Role {email}"), "permissions": permissions})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    let made = api.post("/api/users", admin, json!({"name": "Officer", "email": email, "password": "Officer-Pass-1", "department": "Crime Branch",
        "designation": "Deputy Superintendent of Police", "role_id": role.body["data"]["id"], "status": "active", "posting": {"level": "station", "id": id}})).await;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.body);
    api.login(email, "Officer-Pass-1").await
}

/// The text of a workbook's cells, one line a row, cells apart by tabs.
fn workbook_rows(bytes: &[u8]) -> Vec<String> {
    use calamine::Reader;
    let mut book = calamine::open_workbook_from_rs::<calamine::Xlsx<_>, _>(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let range = book.worksheet_range_at(0).unwrap().unwrap();
    range.rows().map(|row| row.iter().map(|c| c.to_string()).collect::<Vec<_>>().join("\t")).collect()
}

async fn publication(api: &Api, token: &str) -> Vec<String> {
    let answer = api.get("/api/grievances/export/publication", token).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    let (status, _, bytes) = api.download(answer.body["url"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    workbook_rows(&bytes)
}

async fn withheld_and_sensitive_cases_are_left_out_of_publication(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let file = |fir: &'static str, section: &'static str, station: &'static str, victim: &'static str| {
        let (api, admin) = (&api, &admin);
        async move {
            let filed = api.post("/api/grievances", admin, form(fir, section, station, people(victim))).await;
            assert_eq!(filed.status, StatusCode::CREATED, "{:?}", filed.body);
            filed.body["data"]["id"].as_i64().unwrap()
        }
    };
    file("PUB-1/2026", "303(2)", "Civil Lines", "Meera Published").await;
    let withheld = file("PUB-2/2026", "303(2)", "Civil Lines", "Nisha Withheld").await;
    file("PUB-3/2026", "64", "Civil Lines", "Kamla Sensitive").await;
    let elsewhere = file("PUB-4/2026", "303(2)", "Cantonment", "Rekha Elsewhere").await;

    // Withholding is for holders of the permission, within their scope, with a reason.
    let dsp = user(&api, &admin, "dsp@civil-lines.test", json!({"grievances": "read,view_posting,withhold_publication"}), "Civil Lines").await;
    let clerk = user(&api, &admin, "clerk@civil-lines.test", json!({"grievances": "read,view_posting,update"}), "Civil Lines").await;
    let why = json!({"withheld": true, "reason": "Investigation at a delicate stage"});
    let path = |id: i64| format!("/api/grievances/{id}/publication");
    assert_eq!(api.put(&path(withheld), &clerk, why.clone()).await.status, StatusCode::FORBIDDEN);
    assert_eq!(api.put(&path(elsewhere), &dsp, why.clone()).await.status, StatusCode::NOT_FOUND, "out of scope: not there");
    let short = api.put(&path(withheld), &dsp, json!({"withheld": true, "reason": "delicate"})).await;
    assert_eq!((short.status, short.body["fields"]["reason"].clone()), (StatusCode::BAD_REQUEST, json!("State the reason for the marking, in at least 10 characters")));
    let not_flag = api.put(&path(withheld), &dsp, json!({"withheld": "yes", "reason": "Investigation at a delicate stage"})).await;
    assert_eq!(not_flag.status, StatusCode::BAD_REQUEST, "{:?}", not_flag.body);
    let done = api.put(&path(withheld), &dsp, why.clone()).await;
    assert_eq!(done.status, StatusCode::OK, "{:?}", done.body);
    assert_eq!(done.body["data"]["publication_withheld"]["reason"], "Investigation at a delicate stage");
    let history = api.get(&format!("/api/grievances/{withheld}/history"), &admin).await.body;
    let record = history["data"].as_array().unwrap().iter().find(|r| r["field_name"] == "publication_withheld").unwrap_or_else(|| panic!("{history}"));
    assert_eq!(record["new_value"], "Withheld from publication by Officer: Investigation at a delicate stage");
    // An edit of the case keeps the mark; only the marking clears it.
    let current = api.get(&format!("/api/grievances/{withheld}"), &admin).await.body["data"].clone();
    let mut edit = form("PUB-2/2026", "303(2)", "Civil Lines", current["parties"].clone());
    edit["crime_title"] = json!("Robbery");
    let edited = api.put(&format!("/api/grievances/{withheld}"), &admin, edit).await;
    assert_eq!(edited.body["data"]["publication_withheld"]["by_name"], "Officer", "{:?}", edited.body);

    // The publication export: the published case only (the withheld one, the BNS s.64 case
    // and, for the officer, the other station's left out), with no victim, witness or
    // contact detail.
    let rows = publication(&api, &dsp).await;
    assert_eq!(rows[0], "FIR Number\tFIR Date\tDistrict\tPolice Station\tSection & Act\tCrime Title\tStatus\tComplainant\tAccused\tBrief Details");
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows[1].starts_with("PUB-1/2026\t") && rows[1].contains("\tRam Lal\tVikram Singh\t"), "{rows:?}");
    let text = rows.join("\n");
    for hidden in ["PUB-2/2026", "PUB-3/2026", "PUB-4/2026", "Meera", "Nisha", "Kamla", "Sunil", "9812345678", "9876543210", "House 12", "Ward 4", "victim@example.in"] {
        assert!(!text.contains(hidden), "{hidden} in {text}");
    }
    let state_wide = publication(&api, &admin).await;
    let firs: Vec<&str> = state_wide[1..].iter().map(|r| r.split('\t').next().unwrap()).collect();
    assert_eq!(firs, ["PUB-4/2026", "PUB-1/2026"], "the state's: every station's publishable case");
    let exported = api.get("/api/audit/all?action=EXPORTED", &admin).await.body;
    assert!(exported.to_string().contains("1 grievances to Publication"), "{exported}");

    // Published again, with a reason: back in the list.
    let back = api.put(&path(withheld), &dsp, json!({"withheld": false, "reason": "Charge sheet filed in court"})).await;
    assert_eq!((back.status, back.body["data"]["publication_withheld"].clone()), (StatusCode::OK, Value::Null));
    assert_eq!(publication(&api, &dsp).await.len(), 3, "two cases of the station now");
}

on_both_engines!(withheld_and_sensitive_cases_are_left_out_of_publication);
