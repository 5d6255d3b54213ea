//! A department's first week through the real routers, and through `portal import`'s own code,
//! on both engines: its organisation (75 districts, 1,500 police stations), its staff (1,000
//! users, each signing in after setting a password through their one-time link) and a
//! register of 10,000 grievances (the bench imports 100,000). A file with a failing row is
//! refused whole, its report naming every failing row with the message in English and Hindi;
//! a file imported twice changes nothing; a changed row updates its record with an audit
//! record naming the import; each import's audit record holds the file's SHA-256.

use apitest::{on_both_engines, Api, Engine, ADMIN_EMAIL};
use base64::Engine as _;
use futures_util::stream::{self, StreamExt};
use http::StatusCode;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

fn upload(name: &str, text: &str) -> Value {
    json!({"file_name": name, "content": base64::engine::general_purpose::STANDARD.encode(text)})
}

fn sha(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// 75 districts in 18 ranges, each declared on a row of its own, and 1,500 police stations
/// (20 to a district) with national codes; `stray`: one more station, in a district nobody
/// declared.
fn organisation(stray: bool) -> String {
    let mut text = String::from("Range,District,District code,Police station,Police station code\n");
    for d in 0..75 {
        text += &format!("Range {:02},District {d:02},D{d:02},,\n", d % 18 + 1);
    }
    for s in 0..1500 {
        let d = s % 75;
        // Half the stations are written "PS <name>", as many registers do.
        let name = if s % 2 == 0 { format!("Station {s:04}") } else { format!("PS Station {s:04}") };
        text += &format!("Range {:02},District {d:02},D{d:02},{name},UP{s:05}\n", d % 18 + 1);
    }
    if stray {
        text += "Range 01,Nowhere,,Station 9999,UP99999\n";
    }
    text
}

async fn items(api: &Api, admin: &str, kind: &str) -> Vec<Value> {
    api.get(&format!("/api/admin/dropdowns/{kind}"), admin).await.body.as_array().unwrap().clone()
}

async fn audit_text(api: &Api, admin: &str, action: &str) -> String {
    let answer = api.get(&format!("/api/audit/all?action={action}&limit=100"), admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer.body.to_string()
}

async fn organisation_imports_whole_and_once(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let (districts_before, stations_before) = (items(&api, &admin, "districts").await.len(), items(&api, &admin, "police_stations").await.len());
    let with_stray = organisation(true);
    let report = api.post("/api/admin/imports/organisation/check", &admin, upload("up-police.csv", &with_stray)).await;
    assert_eq!(report.status, StatusCode::OK, "{:?}", report.body);
    let report = &report.body["data"];
    assert_eq!(report["counts"], json!({"rows": 1576, "create": 1575, "update": 0, "unchanged": 0, "fail": 1}));
    assert_eq!(report["sha256"], sha(&with_stray));
    let failing: Vec<&Value> = report["rows"].as_array().unwrap().iter().filter(|r| r["outcome"] == "fail").collect();
    assert_eq!(failing.len(), 1);
    assert_eq!(failing[0]["row"], 1577, "the header is row 1, then 75 districts and 1,500 stations");
    let error = &failing[0]["errors"][0];
    assert_eq!((error["field"].as_str(), error["column"].as_str(), error["code"].as_str()), (Some("district"), Some("District"), Some("IMPORT_DISTRICT_UNKNOWN")));
    assert_eq!(error["message"], "No district named Nowhere is in the file or the Admin Panel: list it on a row of its own first");
    assert!(error["message_hi"].as_str().unwrap().contains("Nowhere") && error["message_hi"].as_str().unwrap().contains("ज़िला"), "{error}");

    // The run is refused whole: nothing is written.
    let refused = api.post("/api/admin/imports/organisation", &admin, upload("up-police.csv", &with_stray)).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("IMPORT_HAS_FAILURES")), "{:?}", refused.body);
    assert_eq!(refused.body["error"], "1 rows of the file cannot be imported, so nothing was imported: correct them and import the file again");
    assert_eq!(items(&api, &admin, "districts").await.len(), districts_before);

    // The command line reports the same, in both languages.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("up-police.csv");
    std::fs::write(&path, &with_stray).unwrap();
    let args = portal::import::ImportArgs {
        kind: portal::import::Kind::Organisation,
        file: path.clone(),
        operator: ADMIN_EMAIL.into(),
        run: true,
        mapping: Default::default(),
        report: Some(dir.path().join("report.csv")),
        links: None,
    };
    let mut said = Vec::new();
    assert!(!portal::import::import(&api.state, &args, &mut said).await.unwrap(), "a file with a failing row does not go well");
    let said = String::from_utf8(said).unwrap();
    assert!(said.contains("1576 rows") && said.contains("Row 1577: Police station Station 9999 (Nowhere)"), "{said}");
    assert!(said.contains("District: No district named Nowhere") && said.contains("Nothing was imported"), "{said}");
    let report_csv = std::fs::read_to_string(dir.path().join("report.csv")).unwrap();
    assert_eq!(report_csv.lines().count(), 1 + 1576, "a line for each row");

    // Corrected, through the command line: every row in, districts first.
    let clean = organisation(false);
    std::fs::write(&path, &clean).unwrap();
    let mut said = Vec::new();
    assert!(portal::import::import(&api.state, &args, &mut said).await.unwrap(), "{}", String::from_utf8_lossy(&said));
    assert!(String::from_utf8(said).unwrap().contains("1575 created, 0 updated, 0 unchanged"));
    let districts = items(&api, &admin, "districts").await;
    let stations = items(&api, &admin, "police_stations").await;
    assert_eq!((districts.len(), stations.len()), (districts_before + 75, stations_before + 1500));
    let d42 = districts.iter().find(|d| d["name"] == "District 42").unwrap();
    assert_eq!((d42["code"].as_str(), d42["range"].as_str()), (Some("D42"), Some("Range 07")));
    let s117 = stations.iter().find(|s| s["name"] == "PS Station 0117").unwrap();
    assert_eq!((s117["code"].as_str(), &s117["district_id"]), (Some("UP00117"), &d42["id"]));

    // Again, through the screen's route: nothing changes.
    let again = api.post("/api/admin/imports/organisation", &admin, upload("up-police.csv", &clean)).await;
    assert_eq!(again.status, StatusCode::OK, "{:?}", again.body);
    assert_eq!(again.body["data"]["counts"], json!({"rows": 1575, "create": 0, "update": 0, "unchanged": 1575, "fail": 0}));
    assert_eq!(items(&api, &admin, "police_stations").await.len(), stations_before + 1500);

    // A changed row updates its item, audited as the Admin Panel's change, naming the import.
    let moved = clean.replace("Range 07,District 42,D42,,", "Range 08,District 42,D42,,");
    let changed = api.post("/api/admin/imports/organisation", &admin, upload("up-police.csv", &moved)).await.body;
    assert_eq!(changed["data"]["counts"]["update"], 1, "{changed}");
    let import_id = changed["data"]["import_id"].as_str().unwrap();
    assert!(audit_text(&api, &admin, "LIST_ITEM_UPDATED").await.contains(import_id), "the update names the import");

    // Each import is one audit record with the file's hash and counts.
    let imported = audit_text(&api, &admin, "IMPORTED").await;
    assert!(imported.contains(&sha(&clean)) && imported.contains(&sha(&moved)), "{imported}");
}

/// 1,000 staff: a third at a police station (named with or without "PS"), a third at a
/// district, a third at the state.
fn staff_file() -> String {
    let mut text = String::from("Email,Name,Role,Mobile,Department,Designation,District,Police station\n");
    for n in 0..1000 {
        let (district, station) = match n % 3 {
            0 => ("", if n % 2 == 0 { "PS Civil Lines" } else { "Civil Lines" }),
            1 => ("Central District", ""),
            _ => ("", ""),
        };
        text += &format!("officer{n}@staff.test,Officer {n},Station Officer,98{n:08},Crime Branch,Sub-Inspector,{district},{station}\n");
    }
    text
}

async fn staff_import_and_each_sets_a_password_through_their_link(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let role = api.post("/api/roles", &admin, json!({"name": "Station Officer", "permissions": {"grievances": "create,read,update"}, "require_two_factor": false})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    let file = staff_file();
    let report = api.post("/api/users/imports/check", &admin, upload("staff.xlsx.csv", &file)).await.body;
    assert_eq!(report["data"]["counts"], json!({"rows": 1000, "create": 1000, "update": 0, "unchanged": 0, "fail": 0}), "{}", report["data"]["rows"][0]);
    let run = api.post("/api/users/imports", &admin, upload("staff.csv", &file)).await;
    assert_eq!(run.status, StatusCode::OK, "{:?}", run.body);
    assert_eq!(run.body["data"]["complete"], true, "{}", run.body["data"]["error"]);
    let links = run.body["data"]["sign_in_links"].as_array().unwrap().clone();
    assert_eq!(links.len(), 1000);
    let users = api.get("/api/users", &admin).await.body["data"].as_array().unwrap().clone();
    let posted = |email: &str| users.iter().find(|u| u["email"] == email).unwrap()["posting"].clone();
    let civil_lines = items(&api, &admin, "police_stations").await.into_iter().find(|s| s["name"] == "Civil Lines").unwrap()["id"].clone();
    assert_eq!(posted("officer0@staff.test"), json!({"level": "station", "id": civil_lines}));
    assert_eq!(posted("officer1@staff.test")["level"], "district");
    assert_eq!(posted("officer2@staff.test"), json!({"level": "state"}));
    // No password was imported: nobody signs in before setting one.
    let blank = api.call("POST", "/api/auth/login", None, Some(json!({"email": "officer5@staff.test", "password": "Any-Pass-1"}))).await;
    assert_eq!(blank.status, StatusCode::UNAUTHORIZED);

    let api = &api;
    let refused: Vec<String> = stream::iter(links.iter().enumerate())
        .map(|(n, link)| async move {
            let token = link["link"].as_str().unwrap().split_once("#token=").unwrap().1.to_string();
            let password = format!("Own-Pass-{n}");
            let set = api.call("POST", "/api/auth/set-password", None, Some(json!({"token": token, "new_password": password}))).await;
            if set.status != StatusCode::OK {
                return Some(format!("{}: set-password {} {}", link["email"], set.status, set.body));
            }
            let login = api.call("POST", "/api/auth/login", None, Some(json!({"email": link["email"], "password": password}))).await;
            (login.status != StatusCode::OK || !login.body["token"].is_string()).then(|| format!("{}: login {} {}", link["email"], login.status, login.body))
        })
        // Four at a time: each is two password hashes, and the other tests of the run sign in too.
        .buffer_unordered(4)
        .filter_map(|refused| async move { refused })
        .collect()
        .await;
    assert!(refused.is_empty(), "every imported user signs in with the password they set: {} refused, first {:?}", refused.len(), refused.first());
    // A link is spent once used.
    let token = links[0]["link"].as_str().unwrap().split_once("#token=").unwrap().1;
    let again = api.call("POST", "/api/auth/set-password", None, Some(json!({"token": token, "new_password": "Stolen-Pass-1"}))).await;
    assert_eq!((again.status, again.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("SIGN_IN_LINK_INVALID")));
    let forged = api.call("POST", "/api/auth/set-password", None, Some(json!({"token": format!("2.{}", &token[2..]), "new_password": "Forged-Pass-1"}))).await;
    assert_eq!(forged.status, StatusCode::BAD_REQUEST, "a token names its own user only");

    // The same file again changes nothing.
    let again = api.post("/api/users/imports", &admin, upload("staff.csv", &file)).await.body;
    assert_eq!(again["data"]["counts"], json!({"rows": 1000, "create": 0, "update": 0, "unchanged": 1000, "fail": 0}));
    assert!(again["data"]["sign_in_links"].as_array().unwrap().is_empty());
    assert!(audit_text(api, &admin, "IMPORTED").await.contains(&sha(&file)));
}

const REGISTER_HEADER: &str = "Source ID,FIR No,FIR Date,District,Police Station,Crime Title,Section & Act,Status,Brief Details,Complainant,Complainant Phone\n";

/// How many rows the register test imports: ten thousand on either engine. On moto (a few
/// hundred calls a second) that is minutes, so `make test` runs the DynamoDB one in a slot
/// of its own (`test-register`), apart from the rest.
fn register_rows(_: Engine) -> u64 {
    10_000
}

/// A register of `rows` cases of 2023; `faulty`: every 20th row has one fault of five kinds.
fn register(rows: u64, faulty: bool) -> (String, Vec<u64>) {
    let stations = ["PS City Kotwali", "Civil Lines", "Cantonment P.S."];
    let mut text = String::from(REGISTER_HEADER);
    let mut bad = Vec::new();
    for n in 0..rows {
        let day = format!("{:02}/{:02}/2023", n % 28 + 1, n % 12 + 1);
        let (mut id, mut fir, mut date, mut station, mut crime) = (format!("OLD-{n:05}"), format!("{n}/2023"), day, stations[n as usize % 3].to_string(), "Theft".to_string());
        if faulty && n % 20 == 7 {
            bad.push(n + 2);
            match n / 20 % 5 {
                0 => date = "31/02/2023".into(),
                1 => station = "PS Atlantis".into(),
                2 => fir = String::new(),
                3 => crime = "Piracy".into(),
                _ => id = format!("OLD-{:05}", n - 1),
            }
        }
        text += &format!("{id},{fir},{date},Central District,{station},{crime},379 IPC,Pending,Purse stolen at the bus stand (case {n}),Complainant {n},98{n:08}\n");
    }
    (text, bad)
}

async fn count(api: &Api, token: &str) -> i64 {
    let stats = api.get("/api/grievances/stats", token).await.body;
    stats["byStatus"].as_array().unwrap_or_else(|| panic!("{stats}")).iter().map(|s| s["count"].as_i64().unwrap()).sum()
}

async fn a_register_is_refused_whole_imported_once_and_updated_by_changed_rows(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let before = count(&api, &admin).await;
    let rows = register_rows(engine);
    let (faulty, bad) = register(rows, true);
    assert_eq!(bad.len() as u64, rows / 20, "5 %");
    let started = std::time::Instant::now();
    let report = api.post("/api/grievances/imports/check", &admin, upload("kotwali-2023.csv", &faulty)).await;
    eprintln!("{engine:?} register check: {:?}", started.elapsed());
    assert_eq!(report.status, StatusCode::OK, "{:?}", report.body);
    let report = &report.body["data"];
    assert_eq!((report["counts"]["rows"].as_u64(), report["counts"]["fail"].as_u64()), (Some(rows), Some(rows / 20)), "{}", report["counts"]);
    let failing: Vec<u64> = report["rows"].as_array().unwrap().iter().filter(|r| r["outcome"] == "fail").map(|r| r["row"].as_u64().unwrap()).collect();
    assert_eq!(failing, bad, "the report names every bad row");
    let row = |n: u64| report["rows"].as_array().unwrap().iter().find(|r| r["row"] == n).unwrap().clone();
    assert_eq!(row(9)["errors"][0]["message"], "31/02/2023 is not a date: write it as dd/mm/yyyy");
    assert_eq!(row(9)["errors"][0]["column"], "FIR Date");
    assert_eq!(row(29)["errors"][0]["field"], "police_station", "{}", row(29));
    assert_eq!(row(49)["errors"][0]["field"], "fir_no", "{}", row(49));
    assert_eq!(row(69)["errors"][0]["field"], "crime_title", "{}", row(69));
    assert_eq!((row(89)["errors"][0]["code"].as_str(), row(89)["errors"][0]["message"].as_str()), (Some("IMPORT_ROW_REPEATED"), Some("Row 88 is the same record")));
    assert!(row(89)["errors"][0]["message_hi"].as_str().unwrap().contains("88"));

    let refused = api.post("/api/grievances/imports", &admin, upload("kotwali-2023.csv", &faulty)).await;
    assert_eq!((refused.status, refused.body["params"]["count"].as_str()), (StatusCode::BAD_REQUEST, Some((rows / 20).to_string().as_str())), "{:?}", refused.body);
    assert_eq!(count(&api, &admin).await, before, "nothing of a refused file is written");

    let (clean, _) = register(rows, false);
    let started = std::time::Instant::now();
    let run = api.post("/api/grievances/imports", &admin, upload("kotwali-2023.csv", &clean)).await;
    eprintln!("{engine:?} register run: {:?}", started.elapsed());
    assert_eq!(run.status, StatusCode::OK, "{:?}", run.body);
    assert_eq!((run.body["data"]["complete"].as_bool(), run.body["data"]["rows_in"].as_str()), (Some(true), Some(format!("2-{}", rows + 1).as_str())), "{}", run.body["data"]["error"]);
    assert_eq!(run.body["data"]["counts"]["create"], rows);
    assert_eq!(count(&api, &admin).await, before + rows as i64);
    // Free text on DynamoDB reads its candidates a slice at a time: the cursor goes on, as the
    // web app's list does, until the case is found.
    let mut path = "/api/grievances?search=433%2F2023".to_string();
    let case = loop {
        let found = api.get(&path, &admin).await.body;
        if let Some(case) = found["data"].as_array().unwrap_or_else(|| panic!("{found}")).iter().find(|g| g["fir_no"] == "433/2023") {
            break case.clone();
        }
        let cursor = found["next_cursor"].as_str().unwrap_or_else(|| panic!("433/2023 is not found: {found}"));
        path = format!("/api/grievances?search=433%2F2023&cursor={cursor}");
    };
    // Filed on its FIR's day in India (the register gives no other), station named as listed.
    assert_eq!((case["police_station"].as_str(), case["fir_date"].as_str(), case["filed_at"].as_str()), (Some("Civil Lines"), Some("2023-02-14"), Some("2023-02-13T18:30:00Z")), "{case}");

    // The same file again: nothing new.
    let again = api.post("/api/grievances/imports", &admin, upload("kotwali-2023.csv", &clean)).await.body;
    assert_eq!(again["data"]["counts"], json!({"rows": rows, "create": 0, "update": 0, "unchanged": rows, "fail": 0}));
    assert_eq!(count(&api, &admin).await, before + rows as i64);

    // One row changed: its grievance is updated, the change naming the import.
    let changed = clean.replace("Purse stolen at the bus stand (case 433),", "Purse and phone stolen at the bus stand (case 433),");
    let update = api.post("/api/grievances/imports", &admin, upload("kotwali-2023.csv", &changed)).await.body;
    assert_eq!(update["data"]["counts"], json!({"rows": rows, "create": 0, "update": 1, "unchanged": rows - 1, "fail": 0}));
    let id = case["id"].as_i64().unwrap();
    let now = api.get(&format!("/api/grievances/{id}"), &admin).await.body;
    assert_eq!(now["data"]["brief_details"], "Purse and phone stolen at the bus stand (case 433)");
    let trail = api.get(&format!("/api/audit/grievance/{id}"), &admin).await.body.to_string();
    assert!(trail.contains(update["data"]["import_id"].as_str().unwrap()), "the update names the import: {trail}");
    let imported = audit_text(&api, &admin, "IMPORTED").await;
    for file in [&clean, &changed] {
        assert!(imported.contains(&sha(file)), "{imported}");
    }
}

on_both_engines!(organisation_imports_whole_and_once, staff_import_and_each_sets_a_password_through_their_link, a_register_is_refused_whole_imported_once_and_updated_by_changed_rows);
