//! The MIS reports through the real routers on both engines: on a fixture of
//! grievances at two stations, filed and resolved on days spread over more than a year, each
//! report's figures equal a recount made here from the grievances themselves (the list);
//! a station's officer sees their station only; without `reports read` every report is 403;
//! a wrong date range is 400 with the field's message; the Excel and PDF files of a report
//! read back with its figures, through a link, and are recorded as EXPORTED.


use apitest::{on_both_engines, Api, Engine};
use calamine::{Data, Reader, Xlsx};
use cases::port::{AuditBatch, AuditChange, GrievanceChange};
use http::StatusCode;
use serde_json::{json, Value};
use std::collections::BTreeMap;

const PASSWORD: &str = "Officer-Pass-1";
const ROUTES: [&str; 6] = ["pendency", "monthly", "disposal", "crime-heads", "chapters", "compliance"];

/// (station, status, crime title, "Section & Act", its heads by chapter, filed days ago,
/// resolved days ago)
type Filed = (&'static str, &'static str, &'static str, &'static str, &'static [&'static str], i64, Option<i64>);
const FIXTURE: [Filed; 9] = [
    // IPC 379 (theft) became BNS 303(2), in Chapter XVII, offences against property.
    // Seven days old in India: the last day of the first age bucket (a count by the UTC date
    // would make it eight).
    ("Sadar Bazar", "Pending", "Theft", "379 IPC", &["BNS XVII"], 7, None),
    ("Sadar Bazar", "Pending", "Theft", "u/s 303(2) BNS", &["BNS XVII"], 10, None),
    // Robbery (XVII) with hurt (Chapter VI, offences affecting the human body): both.
    ("Sadar Bazar", "In Progress", "Robbery", "309(4), 115(2) BNS", &["BNS VI", "BNS XVII"], 20, None),
    ("Sadar Bazar", "Resolved", "Theft", "64 BNS", &["BNS V"], 40, Some(35)),
    ("Sadar Bazar", "Closed", "Cheating and Fraud", "318(4) BNS", &["BNS XVII"], 100, Some(70)),
    ("Sadar Bazar", "Pending", "Robbery", "4/6 POCSO", &["POCSO II"], 45, None),
    // Procedure only: no crime head.
    ("Lohamandi", "Pending", "Robbery", "173 BNSS", &["NO_SECTION"], 70, None),
    ("Lohamandi", "Resolved", "Theft", "25 Arms Act", &["SLL"], 5, Some(2)),
    // Before the default period (twelve months): in no report unless asked for.
    ("Lohamandi", "Pending", "Theft", "376 IPC", &["BNS V"], 400, None),
];

/// The order the chapter report lists its heads in: the Acts' chapters, then the others.
const HEAD_ORDER: [&str; 7] = ["BNS V", "BNS VI", "BNS XVII", "POCSO II", "SLL", "NOT_MAPPED", "NO_SECTION"];

/// A constable's own case, filed under "379 IPC".
const OWN_CASE: usize = 99;

fn form(station: &str, status: &str, crime: &str, sections: &str, n: usize) -> Value {
    json!({"type_of_call": "Walk-in", "fir_no": format!("FIR-{n}"), "fir_date": "2025-01-05", "section_and_act": sections,
           "crime_title": crime, "district": "Agra", "police_station": station,
           "status": status, "priority": "High", "brief_details": "Motorcycle stolen from the market parking."})
}

/// A quarter past midnight in India `days` days ago: the evening before in UTC, so that a
/// report that counted by the UTC date would count every case a day early (and a month early
/// on the first of a month), at whatever hour the test runs.
fn ago(days: i64) -> String {
    let day = domain::clock::today() - time::Duration::days(days);
    let start = domain::clock::parse(&format!("{}Z", domain::clock::india_day_start(day))).unwrap();
    domain::clock::to_text(start + time::Duration::minutes(15))
}

/// Files the fixture through the API, then files each again through the grievances port
/// (the first taken away) with its filing (and resolution) time moved back by its days, as
/// if it had been filed then.
async fn fixture(api: &Api, admin: &str) -> BTreeMap<String, i64> {
    let district = api.post("/api/admin/dropdowns/districts", admin, json!({"name": "Agra"})).await;
    assert_eq!(district.status, StatusCode::CREATED, "{:?}", district.body);
    let mut stations = BTreeMap::new();
    // One station with a Hindi name, one without (a Hindi file writes its English name).
    for (name, name_hi) in [("Sadar Bazar", Some("सदर बाज़ार")), ("Lohamandi", None)] {
        let answer = api.post("/api/admin/dropdowns/police_stations", admin, json!({"name": name, "name_hi": name_hi, "district_id": district.body["id"]})).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
        stations.insert(name.to_string(), answer.body["id"].as_i64().unwrap());
    }
    for (n, (station, status, crime, sections, _, filed, resolved)) in FIXTURE.iter().enumerate() {
        let answer = api.post("/api/grievances", admin, form(station, status, crime, sections, n)).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
        let id = answer.body["data"]["id"].as_i64().unwrap();
        let filed_now = api.state.grievances.get(id).await.unwrap().unwrap();
        let batch = || AuditBatch { actor: Default::default(), at: domain::clock::now_text(), change: AuditChange::Version(1), entries: vec![] };
        api.state.grievances.commit(GrievanceChange { before: Some(&filed_now), after: None, audit: batch(), fir_guard: None, trash: None, source: None }).await.unwrap();
        let mut then = filed_now.clone();
        then.grievance.id = api.state.grievances.next_id().await.unwrap();
        then.grievance.grievance_number = format!("{}-B", then.grievance.grievance_number);
        then.grievance.filed_at = ago(*filed);
        then.grievance.resolved_at = resolved.map(ago);
        api.state.grievances.commit(GrievanceChange { before: None, after: Some(&then), audit: batch(), fir_guard: None, trash: None, source: None }).await.unwrap();
    }
    stations
}

/// Every grievance the token's list holds.
async fn listed(api: &Api, token: &str) -> Vec<Value> {
    let answer = api.get("/api/grievances?limit=200", token).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer.body["data"].as_array().unwrap().clone()
}

fn text<'a>(g: &'a Value, field: &str) -> &'a str {
    g[field].as_str().unwrap_or_default()
}

fn is_done(g: &Value) -> bool {
    matches!(text(g, "status_meaning"), "resolved" | "closed")
}

/// The reports' figures recounted from `grievances` for the filing dates `from..=to`.
struct Recount {
    /// station id -> (total, by status id, ageing, done, average days)
    stations: BTreeMap<i64, (i64, BTreeMap<String, i64>, Vec<i64>, i64, Option<f64>)>,
    filed: BTreeMap<String, i64>,
    disposed: BTreeMap<String, i64>,
    crimes: BTreeMap<String, i64>,
    chapters: BTreeMap<&'static str, i64>,
}

/// The heads by chapter the fixture gives grievance `g` (by its FIR number).
fn heads_of(g: &Value) -> &'static [&'static str] {
    let n: usize = text(g, "fir_no").trim_start_matches("FIR-").parse().unwrap();
    if n == OWN_CASE { &["BNS XVII"] } else { FIXTURE[n].4 }
}

fn recount(grievances: &[Value], from: &str, to: &str) -> Recount {
    let today = domain::clock::today();
    let mut r = Recount { stations: BTreeMap::new(), filed: BTreeMap::new(), disposed: BTreeMap::new(), crimes: BTreeMap::new(), chapters: BTreeMap::new() };
    let mut days: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for g in grievances {
        // Reports count by the day in India; the portal records UTC times.
        let filed = cases::reports::day_text(cases::reports::india_day(text(g, "filed_at")).unwrap());
        let filed = filed.as_str();
        if filed < from || filed > to {
            continue;
        }
        let station = g["police_station_id"].as_i64().unwrap();
        let s = r.stations.entry(station).or_insert_with(|| (0, BTreeMap::new(), vec![0; 5], 0, None));
        s.0 += 1;
        *s.1.entry(g["status_id"].as_i64().unwrap().to_string()).or_default() += 1;
        *r.filed.entry(filed[..7].to_string()).or_default() += 1;
        *r.crimes.entry(text(g, "crime_title").to_string()).or_default() += 1;
        for head in heads_of(g) {
            *r.chapters.entry(head).or_default() += 1;
        }
        if is_done(g) {
            s.3 += 1;
            let resolved = text(g, "resolved_at");
            *r.disposed.entry(cases::reports::india_month(resolved).unwrap()).or_default() += 1;
            let hours = (domain::clock::parse(resolved).unwrap() - domain::clock::parse(text(g, "filed_at")).unwrap()).whole_hours();
            days.entry(station).or_default().push((hours as f64 / 24.0).round() as i64);
        } else {
            let age = (today - cases::reports::parse_day(filed).unwrap()).whole_days();
            let bucket = match age {
                ..=7 => 0,
                8..=15 => 1,
                16..=30 => 2,
                31..=60 => 3,
                _ => 4,
            };
            s.2[bucket] += 1;
        }
    }
    for (station, d) in days {
        let mean = d.iter().sum::<i64>() as f64 / d.len() as f64;
        r.stations.get_mut(&station).unwrap().4 = Some((mean * 10.0).round() / 10.0);
    }
    r
}

async fn report(api: &Api, token: &str, route: &str, query: &str) -> Value {
    let answer = api.get(&format!("/api/reports/{route}{query}"), token).await;
    assert_eq!(answer.status, StatusCode::OK, "{route}{query}: {:?}", answer.body);
    answer.body
}

/// Each report of `token` for `query` against the recount of `grievances`.
async fn agrees(api: &Api, token: &str, grievances: &[Value], query: &str, from: &str, to: &str) {
    let want = recount(grievances, from, to);

    let pendency = report(api, token, "pendency", query).await;
    assert_eq!((pendency["from"].as_str(), pendency["to"].as_str()), (Some(from), Some(to)));
    let rows = pendency["rows"].as_array().unwrap();
    assert_eq!(rows.len(), want.stations.len(), "{pendency}");
    for row in rows {
        let (total, by_status, ageing, ..) = &want.stations[&row["station_id"].as_i64().unwrap()];
        assert_eq!(row["total"].as_i64(), Some(*total), "{row}");
        let counted: BTreeMap<String, i64> = row["by_status"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), v.as_i64().unwrap())).filter(|(_, n)| *n > 0).collect();
        assert_eq!(&counted, by_status, "{row}");
        assert_eq!(row["ageing"], json!(ageing), "{row}");
        assert_eq!(row["pending"].as_i64(), Some(ageing.iter().sum::<i64>()));
    }
    assert_eq!(pendency["totals"]["total"].as_i64(), Some(want.stations.values().map(|s| s.0).sum::<i64>()));
    assert_eq!(pendency["buckets"], json!(["0-7", "8-15", "16-30", "31-60", "60+"]));
    let statuses: Vec<&str> = pendency["statuses"].as_array().unwrap().iter().map(|s| s["meaning"].as_str().unwrap()).collect();
    assert!(statuses.contains(&"resolved") && statuses.contains(&"open"), "{statuses:?}");

    let monthly = report(api, token, "monthly", query).await;
    let months = monthly["months"].as_array().unwrap();
    assert_eq!(months.len(), 12);
    assert_eq!(months.last().unwrap()["month"].as_str(), Some(&to[..7]));
    for m in months {
        let month = m["month"].as_str().unwrap();
        assert_eq!(m["filed"].as_i64(), Some(want.filed.get(month).copied().unwrap_or(0)), "{m}");
        assert_eq!(m["disposed"].as_i64(), Some(want.disposed.get(month).copied().unwrap_or(0)), "{m}");
    }

    let disposal = report(api, token, "disposal", query).await;
    let rows = disposal["rows"].as_array().unwrap();
    assert_eq!(rows.len(), want.stations.len());
    let mut last_rate = f64::MAX;
    for (i, row) in rows.iter().enumerate() {
        let (total, _, _, done, average) = &want.stations[&row["station_id"].as_i64().unwrap()];
        assert_eq!(row["rank"].as_i64(), Some(i as i64 + 1));
        assert_eq!((row["total"].as_i64(), row["disposed"].as_i64()), (Some(*total), Some(*done)), "{row}");
        let rate = row["disposal_rate"].as_f64().unwrap();
        assert_eq!(rate, (*done as f64 * 1000.0 / *total as f64).round() / 10.0, "{row}");
        assert_eq!(row["average_days"].as_f64(), *average, "{row}");
        assert!(rate <= last_rate, "ranked by rate: {disposal}");
        last_rate = rate;
    }

    let crimes = report(api, token, "crime-heads", query).await;
    let mut expected: Vec<(String, i64)> = want.crimes.clone().into_iter().collect();
    expected.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let found: Vec<(String, i64)> = crimes["rows"].as_array().unwrap().iter().map(|r| (r["crime_head"].as_str().unwrap().to_string(), r["count"].as_i64().unwrap())).collect();
    assert_eq!(found, expected);
    assert_eq!(crimes["total"].as_i64(), Some(want.crimes.values().sum::<i64>()));

    let chapters = report(api, token, "chapters", query).await;
    let expected: Vec<(String, i64)> = HEAD_ORDER.iter().filter_map(|h| want.chapters.get(h).map(|n| (h.to_string(), *n))).collect();
    let found: Vec<(String, i64)> = chapters["rows"].as_array().unwrap().iter().map(|r| (r["head"].as_str().unwrap().to_string(), r["count"].as_i64().unwrap())).collect();
    assert_eq!(found, expected, "{chapters}");
    assert_eq!(chapters["total"].as_i64(), Some(want.crimes.values().sum::<i64>()));
    for row in chapters["rows"].as_array().unwrap() {
        let title = match row["head"].as_str().unwrap() {
            "BNS V" => "Of offences against woman and child",
            "BNS VI" => "Of offences affecting the human body",
            "BNS XVII" => "Of offences against property",
            "POCSO II" => "Sexual offences against children",
            "SLL" => "Local and special laws",
            "NO_SECTION" => "No penal section recorded",
            other => panic!("{other}"),
        };
        assert_eq!(row["title"], title, "{row}");
        assert!(!row["title_hi"].as_str().unwrap().is_empty(), "{row}");
    }
}

async fn reports_equal_a_recount_and_follow_the_scope(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let stations = fixture(&api, &admin).await;
    let all = listed(&api, &admin).await;
    assert_eq!(all.len(), FIXTURE.len());
    let today = domain::clock::today();
    let period = cases::reports::Period::parse(None, None, today).unwrap();
    agrees(&api, &admin, &all, "", &period.from_text(), &period.to_text()).await;
    // A range reaching back past the oldest, and one ending before today.
    let from = cases::reports::day_text(today - time::Duration::days(500));
    agrees(&api, &admin, &all, &format!("?from={from}"), &from, &period.to_text()).await;
    let (from, to) = (cases::reports::day_text(today - time::Duration::days(50)), cases::reports::day_text(today - time::Duration::days(8)));
    agrees(&api, &admin, &all, &format!("?from={from}&to={to}"), &from, &to).await;

    // A station's officer: their station's grievances, and nothing of the other.
    let role = api.post("/api/roles", &admin, json!({"name": "Station Officer", "permissions": {"grievances": "read,view_posting", "reports": "read"}})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    let body = json!({"name": "SHO Sadar", "email": "sho@police.test", "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector",
                      "role_id": role.body["data"]["id"], "status": "active", "posting": {"level": "station", "id": stations["Sadar Bazar"]}});
    assert_eq!(api.post("/api/users", &admin, body).await.status, StatusCode::CREATED);
    let sho = api.login("sho@police.test", PASSWORD).await;
    let theirs = listed(&api, &sho).await;
    assert_eq!(theirs.len(), 6);
    agrees(&api, &sho, &theirs, "", &period.from_text(), &period.to_text()).await;
    let pendency = report(&api, &sho, "pendency", "").await;
    assert_eq!(pendency["rows"].as_array().unwrap().iter().map(|r| r["station_name"].as_str().unwrap()).collect::<Vec<_>>(), ["Sadar Bazar"]);
    // Their file names the area it covers.
    let (_, bytes) = file(&api, &sho, "/api/reports/pendency/export/excel").await;
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    let line = book.worksheet_range("Report").unwrap().get_value((1, 0)).unwrap().to_string();
    assert!(line.starts_with("Area: Sadar Bazar (police station); Period (filing date): "), "{line}");

    // A change moves the figures with it: a pending grievance resolved, another moved.
    let statuses = api.get("/api/admin/dropdowns/statuses", &admin).await.body;
    let resolved = statuses.as_array().unwrap().iter().find(|s| s["name"] == "Resolved").unwrap()["id"].clone();
    let pending = all.iter().find(|g| text(g, "police_station") == "Sadar Bazar" && text(g, "status") == "Pending").unwrap();
    let moved = api.put(&format!("/api/grievances/{}/status", pending["id"]), &admin, json!({"status_id": resolved, "notes": "Recovered"})).await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    let transferred = all.iter().find(|g| text(g, "police_station") == "Lohamandi" && text(g, "status") == "Pending").unwrap();
    let body = json!({"police_station_id": stations["Sadar Bazar"], "reason": "Jurisdiction"});
    let answer = api.put(&format!("/api/grievances/{}/transfer", transferred["id"]), &admin, body).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    let all = listed(&api, &admin).await;
    agrees(&api, &admin, &all, "", &period.from_text(), &period.to_text()).await;
    agrees(&api, &sho, &listed(&api, &sho).await, "", &period.from_text(), &period.to_text()).await;

    // One's own cases: those they filed.
    let role = api.post("/api/roles", &admin, json!({"name": "Own Cases", "permissions": {"grievances": "read,create", "reports": "read"}})).await;
    let body = json!({"name": "Constable", "email": "own@police.test", "password": PASSWORD, "department": "Crime Branch", "designation": "Constable",
                      "role_id": role.body["data"]["id"], "status": "active"});
    assert_eq!(api.post("/api/users", &admin, body).await.status, StatusCode::CREATED);
    let own = api.login("own@police.test", PASSWORD).await;
    assert_eq!(api.post("/api/grievances", &own, form("Lohamandi", "Pending", "Burglary", "379 IPC", OWN_CASE)).await.status, StatusCode::CREATED);
    let theirs = listed(&api, &own).await;
    assert_eq!(theirs.len(), 1);
    agrees(&api, &own, &theirs, "", &period.from_text(), &period.to_text()).await;
}

async fn reports_need_reports_read_and_a_valid_range(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let role = api.post("/api/roles", &admin, json!({"name": "Reader", "permissions": {"grievances": "read,view_all"}})).await;
    let body = json!({"name": "Reader", "email": "reader@police.test", "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector",
                      "role_id": role.body["data"]["id"], "status": "active"});
    assert_eq!(api.post("/api/users", &admin, body).await.status, StatusCode::CREATED);
    let reader = api.login("reader@police.test", PASSWORD).await;
    for route in ROUTES {
        for path in [format!("/api/reports/{route}"), format!("/api/reports/{route}/export/excel"), format!("/api/reports/{route}/export/pdf")] {
            let refused = api.get(&path, &reader).await;
            assert_eq!((refused.status, refused.error()), (StatusCode::FORBIDDEN, "You do not have permission to read reports"), "{path}");
        }
        let bad = api.get(&format!("/api/reports/{route}?from=2026-13-01&to=soon"), &admin).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{route}");
        assert_eq!(bad.body["fields"]["from"], "From date must be a date (YYYY-MM-DD)");
        assert_eq!(bad.body["fields"]["to"], "To date must be a date (YYYY-MM-DD)");
        let reversed = api.get(&format!("/api/reports/{route}?from=2026-02-01&to=2026-01-31"), &admin).await;
        assert_eq!((reversed.status, reversed.error()), (StatusCode::BAD_REQUEST, "From date must not be after To date"), "{route}");
        assert_eq!(reversed.body["fields"]["to"], "From date must not be after To date");
        assert_eq!(api.get(&format!("/api/reports/{route}"), &admin).await.status, StatusCode::OK);
    }
}

/// A report's file through its link: what the export answered, and the bytes.
async fn file(api: &Api, token: &str, path: &str) -> (Value, Vec<u8>) {
    let answer = api.get(path, token).await;
    assert_eq!(answer.status, StatusCode::OK, "{path}: {:?}", answer.body);
    let url = answer.body["url"].as_str().unwrap();
    assert!(!url.contains(token), "no session token in a download link");
    let (status, _, bytes) = api.download(url).await;
    assert_eq!(status, StatusCode::OK);
    (answer.body, bytes)
}

async fn reports_export_to_excel_and_pdf_with_their_figures(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    fixture(&api, &admin).await;
    let pendency = report(&api, &admin, "pendency", "").await;

    let (answer, bytes) = file(&api, &admin, "/api/reports/pendency/export/excel").await;
    assert_eq!(answer["rows"], 3, "two stations and the totals");
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    let sheet = book.worksheet_range("Report").unwrap();
    let rows: Vec<Vec<String>> = sheet.rows().map(|r| r.iter().map(|c| if let Data::Empty = c { String::new() } else { c.to_string() }).collect()).collect();
    assert_eq!(rows[0][0], "Station-wise Pendency");
    assert!(rows[1][0].starts_with("Area: The whole state; Period (filing date): "), "{:?}", rows[1]);
    // In words: "01 Dec 2025 to 29 Nov 2026", not the dates as the API writes them.
    let to = cases::reports::parse_day(pendency["to"].as_str().unwrap()).unwrap();
    assert!(rows[1][0].ends_with(&format!(" to {:02} {} {}", to.day(), &format!("{:?}", to.month())[..3], to.year())), "{:?}", rows[1]);
    let header = &rows[4];
    assert_eq!(&header[..2], ["Police Station", "Total"]);
    let pending = header.iter().position(|h| h == "All pending").unwrap();
    assert_eq!(header.iter().filter(|h| h.contains("ending")).count(), 2, "the status Pending, and All pending: {header:?}");
    for row in pendency["rows"].as_array().unwrap() {
        let line = rows.iter().find(|r| r[0] == row["station_name"].as_str().unwrap()).unwrap();
        assert_eq!(line[1], row["total"].to_string());
        assert_eq!(line[pending], row["pending"].to_string());
        assert_eq!(line[pending - 5..pending], row["ageing"].as_array().unwrap().iter().map(|n| n.to_string()).collect::<Vec<_>>());
    }
    let totals = rows.iter().find(|r| r[0] == "Total").unwrap();
    assert_eq!(totals[1], pendency["totals"]["total"].to_string());

    let monthly = report(&api, &admin, "monthly", "").await;
    let (answer, bytes) = file(&api, &admin, "/api/reports/monthly/export/pdf").await;
    assert_eq!(answer["rows"], 12);
    let text = pdf_extract::extract_text_from_mem(&bytes).unwrap();
    assert!(text.contains("Monthly Filed and Disposed"), "{text}");
    let last = monthly["months"].as_array().unwrap().last().unwrap();
    assert!(text.contains(last["month"].as_str().unwrap()), "{text}");
    let (_, bytes) = file(&api, &admin, "/api/reports/crime-heads/export/excel?lang=hi").await;
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    let sheet = book.worksheet_range("रिपोर्ट").unwrap();
    let rows: Vec<Vec<String>> = sheet.rows().map(|r| r.iter().map(|c| c.to_string()).collect()).collect();
    assert_eq!(rows[0][0], "प्रमुख अपराध शीर्ष");
    assert!(rows[1][0].starts_with("क्षेत्र: संपूर्ण राज्य; अवधि (दर्ज करने की तिथि): "), "{:?}", rows[1]);
    assert_eq!(rows[4][..2], ["अपराध शीर्ष", "शिकायतें"]);
    assert_eq!((rows[5][0].as_str(), rows[5][1].as_str()), ("चोरी", "4"), "the most frequent first, by the crime title's Hindi name: {rows:?}");
    let (_, bytes) = file(&api, &admin, "/api/reports/pendency/export/excel?lang=hi").await;
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    let sheet = book.worksheet_range("रिपोर्ट").unwrap();
    let rows: Vec<Vec<String>> = sheet.rows().map(|r| r.iter().map(|c| c.to_string()).collect()).collect();
    assert_eq!(rows[4][..3], ["थाना", "कुल", "लंबित"], "the status Pending by its Hindi name: {:?}", rows[4]);
    let stations: Vec<&str> = rows[5..].iter().map(|r| r[0].as_str()).collect();
    assert!(stations.contains(&"सदर बाज़ार") && stations.contains(&"Lohamandi"), "{stations:?}");

    let (answer, bytes) = file(&api, &admin, "/api/reports/chapters/export/pdf").await;
    assert_eq!(answer["rows"], 6, "six heads of the period");
    let text = pdf_extract::extract_text_from_mem(&bytes).unwrap();
    for expected in ["Crime Heads by Chapter (BNS, POCSO)", "BNS XVII", "Of offences against property", "POCSO II", "Local and special laws"] {
        assert!(text.contains(expected), "{expected}: {text}");
    }
    let (_, bytes) = file(&api, &admin, "/api/reports/chapters/export/excel?lang=hi").await;
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    let sheet = book.worksheet_range("रिपोर्ट").unwrap();
    let rows: Vec<Vec<String>> = sheet.rows().map(|r| r.iter().map(|c| c.to_string()).collect()).collect();
    assert_eq!(rows[0][0], "अध्याय-वार अपराध शीर्ष (बीएनएस, पॉक्सो)");
    assert_eq!(rows[4][..3], ["अध्याय", "शीर्षक", "शिकायतें"]);
    let property = rows.iter().find(|r| r[0] == "BNS XVII").unwrap_or_else(|| panic!("{rows:?}"));
    assert_eq!((property[1].as_str(), property[2].as_str()), ("संपत्ति के विरुद्ध अपराधों के विषय में", "4"), "{rows:?}");

    let exported = api.get("/api/audit/all?action=EXPORTED", &admin).await.body;
    let exported = exported.as_array().unwrap_or_else(|| panic!("{exported}"));
    assert_eq!(exported.len(), 6, "{exported:?}");
    let kinds: Vec<(&str, &str)> = exported.iter().map(|r| (r["action_details"]["report"].as_str().unwrap(), r["action_details"]["kind"].as_str().unwrap())).collect();
    assert!(kinds.contains(&("pendency", "excel")) && kinds.contains(&("monthly", "pdf")), "{kinds:?}");

    assert_eq!(api.get("/api/reports/nothing/export/pdf", &admin).await.status, StatusCode::NOT_FOUND);
    let bad = api.get("/api/reports/monthly/export/excel?from=yesterday", &admin).await;
    assert_eq!((bad.status, bad.body["fields"]["from"].as_str()), (StatusCode::BAD_REQUEST, Some("From date must be a date (YYYY-MM-DD)")));
}

on_both_engines!(reports_equal_a_recount_and_follow_the_scope, reports_need_reports_read_and_a_valid_range, reports_export_to_excel_and_pdf_with_their_figures);
