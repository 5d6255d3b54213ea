//! The MIS report of statutory compliance per police station, through the real routers on
//! both engines: the runs of the statutory clocks of the period's grievances met on time,
//! late, missed and still running, per station and per clock rule, with the share met on
//! time; the grievances with a clock missed listed with each clock missed as the case's own
//! screen shows it; figures that follow a recorded action, a deletion and the period; a
//! station's officer and an officer of their own cases seeing theirs only; and the Excel and
//! PDF files carrying all three tables.

use apitest::{on_both_engines, Api, Engine};
use calamine::{Reader, Xlsx};
use http::StatusCode;
use serde_json::{json, Value};
use time::Duration;

const PASSWORD: &str = "Officer-Pass-1";

fn day(d: time::Date) -> String {
    domain::day::Day::of(d).to_string()
}

fn ago(days: i64) -> String {
    day(domain::clock::today() - Duration::days(days))
}

fn form(fir: &str, fir_date: &str, station: &str, section: &str) -> Value {
    let district = if station == "Civil Lines" { "Central District" } else { "North District" };
    json!({"fir_no": fir, "fir_date": fir_date, "section_and_act": format!("{section} BNS"), "sections": [{"act": "BNS", "section": section}],
           "crime_title": "Theft", "district": district, "police_station": station,
           "brief_details": "Statement of the informant recorded at the station."})
}

async fn file(api: &Api, token: &str, body: Value) -> Value {
    let answer = api.post("/api/grievances", token, body).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"].clone()
}

async fn tell(api: &Api, token: &str, id: &Value, on: &str) {
    let told = api.post(&format!("/api/grievances/{id}/clock-actions"), token, json!({"kind": "informant_told_of_progress", "on": on, "means": "phone"})).await;
    assert_eq!(told.status, StatusCode::CREATED, "{:?}", told.body);
}

async fn report(api: &Api, token: &str, query: &str) -> Value {
    let answer = api.get(&format!("/api/reports/compliance{query}"), token).await;
    assert_eq!(answer.status, StatusCode::OK, "{query}: {:?}", answer.body);
    answer.body
}

/// met on time, met late, missed, running, compliance
fn figures(f: &Value) -> (i64, i64, i64, i64, Option<f64>) {
    let n = |k: &str| f[k].as_i64().unwrap_or_else(|| panic!("{k}: {f}"));
    (n("met_on_time"), n("met_late"), n("missed"), n("running"), f["compliance"].as_f64())
}

fn station_rows(r: &Value) -> Vec<(String, (i64, i64, i64, i64, Option<f64>))> {
    r["rows"].as_array().unwrap().iter().map(|row| (row["station_name"].as_str().unwrap().to_string(), figures(&row["figures"]))).collect()
}

fn rule_rows(r: &Value) -> Vec<(String, (i64, i64, i64, i64, Option<f64>))> {
    r["by_rule"].as_array().unwrap().iter().map(|row| (row["rule"].as_str().unwrap().to_string(), figures(&row["figures"]))).collect()
}

/// (grievance number, rule, due day, days late) of each clock listed missed.
fn missed(r: &Value) -> Vec<(String, String, String, i64)> {
    r["missed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["grievance_number"].as_str().unwrap().into(), m["rule"].as_str().unwrap().into(), m["due_on"].as_str().unwrap().into(), m["days_late"].as_i64().unwrap()))
        .collect()
}

/// The clocks the case's own screen shows missed, as the report lists them.
async fn missed_on_screen(api: &Api, token: &str, g: &Value) -> Vec<(String, String, String, i64)> {
    let now = api.get(&format!("/api/grievances/{}", g["id"]), token).await.body["data"].clone();
    now["clocks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["state"] == "missed")
        .map(|c| (now["grievance_number"].as_str().unwrap().into(), c["rule"].as_str().unwrap().into(), c["due_on"].as_str().unwrap().into(), -c["days_left"].as_i64().unwrap()))
        .collect()
}

async fn user(api: &Api, admin: &str, email: &str, permissions: Value, posting: Value) -> String {
    let role = api.post("/api/roles", admin, json!({"name": format!("Role {email}"), "permissions": permissions})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    let made = api.post("/api/users", admin, json!({"name": "Officer", "email": email, "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": role.body["data"]["id"], "status": "active", "posting": posting})).await;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.body);
    api.login(email, PASSWORD).await
}

async fn compliance_counts_the_clocks_of_the_periods_cases_per_station_and_lists_the_missed(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    // At Civil Lines: a rape registered 85 days ago (its investigation of two months and the
    // victim's examination within 24 hours missed, its first report to the informant due in
    // five days); thefts of 100 days ago (the report missed by ten days) and of 10 days ago
    // (due in 80); one of 95 days ago whose informant was told on day 75 (on time, the next
    // report running), and one of 120 days ago told on day 110 (late, the next running).
    let rape = file(&api, &admin, form("CMP-1/2026", &ago(85), "Civil Lines", "64")).await;
    let late_theft = file(&api, &admin, form("CMP-2/2026", &ago(100), "Civil Lines", "303(2)")).await;
    file(&api, &admin, form("CMP-3/2026", &ago(10), "Civil Lines", "303(2)")).await;
    let told = file(&api, &admin, form("CMP-4/2026", &ago(95), "Civil Lines", "303(2)")).await;
    tell(&api, &admin, &told["id"], &ago(20)).await;
    let told_late = file(&api, &admin, form("CMP-5/2026", &ago(120), "Civil Lines", "303(2)")).await;
    tell(&api, &admin, &told_late["id"], &ago(10)).await;
    // At Cantonment, a theft of 100 days ago not reported on.
    let cantonment = file(&api, &admin, form("CMP-6/2026", &ago(100), "Cantonment", "303(2)")).await;

    // The runs are the report's index: in no answer, list row or record of the trail.
    let shown = api.get(&format!("/api/grievances/{}", rape["id"]), &admin).await.body["data"].clone();
    let row = api.get("/api/grievances?fir_no=CMP-1/2026", &admin).await.body["data"][0].clone();
    assert_eq!((rape.get("clock_runs"), shown.get("clock_runs"), row.get("clock_runs")), (None, None, None), "{shown}");
    assert_eq!(api.delete(&format!("/api/grievances/{}", told_late["id"]), &admin).await.status, StatusCode::OK);
    let deleted = api.get("/api/audit/all?action=DELETED", &admin).await.body;
    assert!(!deleted.to_string().contains("clock_runs") && deleted.to_string().contains("CMP-5/2026"), "{deleted}");
    let told_late = file(&api, &admin, form("CMP-5/2026", &ago(120), "Civil Lines", "303(2)")).await;
    tell(&api, &admin, &told_late["id"], &ago(10)).await;

    let r = report(&api, &admin, "").await;
    assert_eq!(
        station_rows(&r),
        [("Cantonment".to_string(), (0, 0, 1, 0, Some(0.0))), ("Civil Lines".to_string(), (1, 1, 3, 4, Some(20.0)))],
        "met on time, late, missed, running and the share on time per station: {r}"
    );
    assert_eq!(figures(&r["totals"]), (1, 1, 4, 4, Some(16.7)));
    assert_eq!(
        rule_rows(&r),
        [
            ("bnss-193-3-ii".to_string(), (1, 1, 2, 4, Some(25.0))),
            ("bnss-193-2".to_string(), (0, 0, 1, 0, Some(0.0))),
            ("bnss-184-1".to_string(), (0, 0, 1, 0, Some(0.0))),
        ],
        "in the rules' order: {r}"
    );
    assert!(r["by_rule"][0]["name"].as_str().unwrap().contains("progress") && !r["by_rule"][0]["name_hi"].as_str().unwrap().is_empty(), "{r}");
    // Each clock missed as the case's screen shows it, the earliest due first.
    let mut expected = Vec::new();
    for g in [&rape, &late_theft, &cantonment] {
        expected.extend(missed_on_screen(&api, &admin, g).await);
    }
    expected.sort_by(|a, b| a.2.cmp(&b.2).then(a.0.cmp(&b.0)).then(a.1.cmp(&b.1)));
    assert_eq!(missed(&r), expected);
    assert_eq!(expected.len(), 4, "{expected:?}");
    assert_eq!((r["missed"][0]["station_name"].as_str(), r["missed"][0]["fir_no"].as_str()), (Some("Civil Lines"), Some("CMP-1/2026")));
    assert_eq!(r["missed_more"], false);

    // The rape case's investigation completed today: met, late; no longer listed.
    let done = api.post(&format!("/api/grievances/{}/clock-actions", rape["id"]), &admin, json!({"kind": "investigation_completed", "on": ago(0)})).await;
    assert_eq!(done.status, StatusCode::CREATED, "{:?}", done.body);
    let r = report(&api, &admin, "").await;
    assert_eq!(station_rows(&r)[1], ("Civil Lines".to_string(), (1, 2, 2, 4, Some(20.0))));
    assert!(!missed(&r).iter().any(|m| m.1 == "bnss-193-2"), "{r}");
    // A case deleted counts no more.
    assert_eq!(api.delete(&format!("/api/grievances/{}", cantonment["id"]), &admin).await.status, StatusCode::OK);
    let r = report(&api, &admin, "").await;
    assert_eq!(station_rows(&r).len(), 1, "{r}");
    assert_eq!(figures(&r["totals"]), (1, 2, 2, 4, Some(20.0)));
    // The period is of filing dates: up to yesterday, none of today's cases.
    let r = report(&api, &admin, &format!("?to={}", ago(1))).await;
    assert_eq!((r["rows"].clone(), r["missed"].clone(), figures(&r["totals"])), (json!([]), json!([]), (0, 0, 0, 0, None)));

    // A Cantonment officer sees Cantonment's figures only, and one who sees their own cases
    // sees those they filed.
    let stations = api.get("/api/admin/dropdowns/police_stations", &admin).await.body;
    let id_of = |name: &str| stations.as_array().unwrap().iter().find(|s| s["name"] == name).unwrap()["id"].clone();
    let again = file(&api, &admin, form("CMP-7/2026", &ago(100), "Cantonment", "303(2)")).await;
    let station_officer =
        user(&api, &admin, "sho@cantonment.test", json!({"grievances": "read,view_posting", "reports": "read"}), json!({"level": "station", "id": id_of("Cantonment")})).await;
    let r = report(&api, &station_officer, "").await;
    assert_eq!(station_rows(&r), [("Cantonment".to_string(), (0, 0, 1, 0, Some(0.0)))]);
    assert_eq!(missed(&r), missed_on_screen(&api, &admin, &again).await);
    let own = user(&api, &admin, "clerk@civil-lines.test", json!({"grievances": "create,read", "reports": "read"}), json!({"level": "station", "id": id_of("Civil Lines")})).await;
    assert_eq!(report(&api, &own, "").await["rows"], json!([]), "no case of their own yet");
    let theirs = file(&api, &own, form("CMP-8/2026", &ago(91), "Civil Lines", "303(2)")).await;
    let r = report(&api, &own, "").await;
    assert_eq!(station_rows(&r), [("Civil Lines".to_string(), (0, 0, 1, 0, Some(0.0)))]);
    assert_eq!(missed(&r), missed_on_screen(&api, &own, &theirs).await);
}

async fn compliance_exports_carry_the_stations_the_clocks_and_the_missed(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let rape = file(&api, &admin, form("XCMP-1/2026", &ago(85), "Civil Lines", "64")).await;
    file(&api, &admin, form("XCMP-2/2026", &ago(10), "Cantonment", "303(2)")).await;
    let download = |path: &'static str| {
        let (api, admin) = (&api, &admin);
        async move {
            let answer = api.get(path, admin).await;
            assert_eq!(answer.status, StatusCode::OK, "{path}: {:?}", answer.body);
            let (status, _, bytes) = api.download(answer.body["url"].as_str().unwrap()).await;
            assert_eq!(status, StatusCode::OK);
            (answer.body, bytes)
        }
    };
    // Two stations, three clocks, two missed.
    let (answer, bytes) = download("/api/reports/compliance/export/excel").await;
    assert_eq!(answer["rows"], 2 + 1 + 3 + 2, "two stations and the total, three clocks, two missed: {answer}");
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    let sheets = book.sheet_names();
    assert_eq!(sheets, ["Report", "Compliance by Clock", "Clocks Missed"]);
    let rows = |book: &mut Xlsx<_>, name: &str| -> Vec<Vec<String>> {
        book.worksheet_range(name).unwrap().rows().map(|r| r.iter().map(|c| c.to_string()).collect()).collect()
    };
    let report = rows(&mut book, "Report");
    assert_eq!(report[0][0], "Statutory Compliance by Station");
    assert_eq!(report[4][..6], ["Police Station", "Met on time", "Met late", "Missed", "Running", "Compliance (%)"]);
    assert_eq!(report[5][..6], ["Cantonment", "0", "0", "0", "1", ""], "none fallen due: no share: {report:?}");
    assert_eq!(report[6][..6], ["Civil Lines", "0", "0", "2", "1", "0"], "{report:?}");
    assert_eq!(report[7][..4], ["Total", "0", "0", "2"]);
    let listed = rows(&mut book, "Clocks Missed");
    assert_eq!(listed[4], ["Grievance Number", "FIR Number", "Police Station", "Clock", "Due on", "Days late"]);
    let number = rape["grievance_number"].as_str().unwrap();
    assert!(listed[5..].iter().all(|r| r[0] == number && r[1] == "XCMP-1/2026" && r[2] == "Civil Lines"), "{listed:?}");

    let (_, bytes) = download("/api/reports/compliance/export/excel?lang=hi").await;
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    assert_eq!(book.sheet_names(), ["रिपोर्ट", "समय-सीमा-वार अनुपालन", "चूकी हुई समय-सीमाएँ"]);
    let report = rows(&mut book, "रिपोर्ट");
    assert_eq!(report[0][0], "थाना-वार वैधानिक समय-सीमा अनुपालन");
    assert_eq!(report[4][1..4], ["समय पर पूर्ण", "विलंब से पूर्ण", "चूक"]);

    let (answer, bytes) = download("/api/reports/compliance/export/pdf").await;
    assert_eq!(answer["rows"], 8);
    let text = pdf_extract::extract_text_from_mem(&bytes).unwrap();
    for expected in ["Statutory Compliance by Station", "Compliance by Clock", "Clocks Missed", number, "XCMP-1/2026", "Civil Lines", "Cantonment"] {
        assert!(text.contains(expected), "{expected}: {text}");
    }
    let exported = api.get("/api/audit/all?action=EXPORTED", &admin).await.body;
    assert!(exported.as_array().unwrap().iter().any(|r| r["notes"].as_str().unwrap_or_default().contains("of the report compliance to PDF")), "{exported}");
}

on_both_engines!(
    compliance_counts_the_clocks_of_the_periods_cases_per_station_and_lists_the_missed,
    compliance_exports_carry_the_stations_the_clocks_and_the_missed,
);
