//! Audit History exports on both engines: Excel, CSV and PDF of the records under the
//! screen's filters, read back (calamine, the csv crate, pdf-extract) and compared with what
//! the trail answers; limited to what the user may read; handed out through a link with no
//! token; recorded as EXPORTED; and stating the filters, who and when, and the chains' check.

use apitest::{on_both_engines, Api, Engine};
use calamine::{Data, Reader, Xlsx};
use http::StatusCode;
use serde_json::{json, Value};
use std::io::Cursor;

fn form(fir: &str) -> Value {
    json!({"fir_no": fir, "fir_date": "2026-10-05", "section_and_act": "379 IPC", "crime_title": "Theft",
           "district": "Central District", "police_station": "Civil Lines", "status": "Pending", "priority": "Low",
           "brief_details": "Mobile phone snatched near the बस अड्डा.", "investigation_officers": []})
}

async fn file(api: &Api, token: &str, fir: &str) -> i64 {
    let created = api.post("/api/grievances", token, form(fir)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    created.body["data"]["id"].as_i64().unwrap()
}

/// Downloads an audit export of `query`; answers its bytes and the rows the API said.
async fn export(api: &Api, token: &str, format: &str, query: &str) -> (Vec<u8>, u64) {
    let answer = api.get(&format!("/api/audit/export/{format}?{query}"), token).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    let url = answer.body["url"].as_str().unwrap();
    assert!(!url.contains(token), "no session token in a link");
    let (status, _, bytes) = api.download(url).await;
    assert_eq!(status, StatusCode::OK);
    (bytes, answer.body["rows"].as_u64().unwrap())
}

fn ids(records: &Value) -> Vec<String> {
    records.as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap().to_string()).collect()
}

fn sheet(bytes: &[u8], name: &str) -> Vec<Vec<String>> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes.to_vec())).unwrap();
    let range = book.worksheet_range(name).unwrap();
    range.rows().map(|r| r.iter().map(|c| if let Data::Empty = c { String::new() } else { c.to_string() }).collect()).collect()
}

/// The CSV's table: the rows after the first blank line (the heading's lines come before it).
fn csv_table(bytes: &[u8]) -> (Vec<String>, Vec<Vec<String>>) {
    assert!(bytes.starts_with("\u{feff}".as_bytes()), "a byte-order mark first, for Excel");
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(&bytes[3..]);
    let rows: Vec<Vec<String>> = reader.records().map(|r| r.unwrap().iter().map(str::to_string).collect()).collect();
    let blank = rows.iter().position(|r| r.iter().all(String::is_empty)).expect("a blank line after the heading");
    (rows[..blank].iter().map(|r| r[0].clone()).collect(), rows[blank + 1..].to_vec())
}

async fn audit_exports_hold_the_filtered_records_the_user_may_read(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    for fir in ["FIR-E1", "FIR-E2", "FIR-E3"] {
        file(&api, &admin, fir).await;
    }

    // Everything the admin reads, as Excel: the same records, in the same order.
    let all = api.get("/api/audit/all?limit=500", &admin).await.body;
    let (bytes, rows) = export(&api, &admin, "excel", "").await;
    let table = sheet(&bytes, "Audit History");
    assert_eq!(table[0][..4], ["Record", "Date & Time (IST)", "Grievance", "Action"]);
    assert_eq!(table[1..].iter().map(|r| r[0].clone()).collect::<Vec<_>>(), ids(&all));
    assert_eq!(rows as usize, table.len() - 1);
    let about: Vec<String> = sheet(&bytes, "About").into_iter().map(|r| r[0].clone()).collect();
    assert_eq!(about[0], "Audit History");
    assert!(about[1].starts_with("Filters: None"), "{about:?}");
    assert!(about[2].contains(apitest::ADMIN_NAME), "who exported it: {about:?}");
    assert!(about[3].starts_with("Integrity: verified"), "{about:?}");

    // CREATED records only, as CSV.
    let created = api.get("/api/audit/all?limit=500&action=CREATED", &admin).await.body;
    assert_eq!(created.as_array().unwrap().len(), 3);
    let (bytes, _) = export(&api, &admin, "csv", "action=CREATED").await;
    let (heading, table) = csv_table(&bytes);
    assert_eq!(heading[1], "Filters: Action: Created", "the filter as the screen names it: {heading:?}");
    assert!(heading[3].starts_with("Integrity: verified"), "{heading:?}");
    assert_eq!(table[0][0], "Record");
    assert_eq!(table[1..].iter().map(|r| r[0].clone()).collect::<Vec<_>>(), ids(&created));
    // The action as the screen names it.
    assert!(table[1..].iter().all(|r| r[3] == "Created"), "{table:?}");
    let (bytes, _) = export(&api, &admin, "csv", "action=CREATED&lang=hi").await;
    let (heading, table) = csv_table(&bytes);
    assert!(heading[3].starts_with("अखंडता: सत्यापित — इन अभिलेखों की "), "{heading:?}");
    assert!(table[1..].iter().all(|r| r[3] == "दर्ज की गई" && r[4] == "पूरा रिकॉर्ड"), "the action and field in Hindi: {table:?}");

    // A user of their own cases reads their own grievance's records and their own events only.
    let role = api.post("/api/roles", &admin, json!({"name": "Desk Auditor", "permissions": {"grievances": "create,read", "audit": "read"}})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    let user = api.post("/api/users", &admin, json!({"name": "Desk Officer", "email": "desk@police.test", "password": "Officer-Pass-1",
        "department": "Crime Branch", "designation": "Inspector", "role_id": role.body["data"]["id"]})).await;
    assert_eq!(user.status, StatusCode::CREATED, "{:?}", user.body);
    let desk = api.login("desk@police.test", "Officer-Pass-1").await;
    let own = file(&api, &desk, "FIR-OWN").await;
    let (bytes, _) = export(&api, &desk, "pdf", "").await;
    let text = pdf_extract::extract_text_from_mem(&bytes).unwrap();
    assert!(text.contains("Audit History") && text.contains("Integrity: verified"), "{text}");
    let readable = api.get("/api/audit/all?limit=500", &desk).await.body;
    assert!(readable.as_array().unwrap().iter().all(|r| r["grievance_id"] == json!(own) || r["grievance_id"] == json!(0)), "{readable}");
    for record in readable.as_array().unwrap().iter().filter(|r| r["grievance_id"] == json!(own)) {
        assert!(text.contains(record["grievance_number"].as_str().unwrap()), "the desk officer's own grievance is in the PDF");
    }
    assert!(!text.contains("FIR-E1") && !text.contains("GRV-2026-000001"), "another's grievance is not: {text}");

    // Each export is recorded, as the exporter's event.
    let exported = api.get("/api/audit/all?action=EXPORTED&limit=50", &admin).await.body;
    let kinds: Vec<&str> = exported.as_array().unwrap().iter().map(|r| r["action_details"]["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["audit-pdf", "audit-csv", "audit-csv", "audit-excel"]);
    assert_eq!(exported[2]["notes"], "3 audit records to Audit History CSV (filters: Action: CREATED)");

    // Without audit read: 403; a bad filter: 400 naming it.
    let clerk_role = api.post("/api/roles", &admin, json!({"name": "Clerk", "permissions": {"grievances": "read"}})).await;
    api.post("/api/users", &admin, json!({"name": "Clerk", "email": "clerk@police.test", "password": "Officer-Pass-1", "department": "Crime Branch",
        "designation": "Clerk", "role_id": clerk_role.body["data"]["id"]})).await;
    let clerk = api.login("clerk@police.test", "Officer-Pass-1").await;
    assert_eq!(api.get("/api/audit/export/excel", &clerk).await.status, StatusCode::FORBIDDEN);
    let bad = api.get("/api/audit/export/csv?startDate=yesterday", &admin).await;
    assert_eq!((bad.status, bad.body["fields"]["startDate"].as_str()), (StatusCode::BAD_REQUEST, Some("Dates are written YYYY-MM-DD")));
}

/// What anyone may type, or send as their browser's name, reaches the audit CSV; a spreadsheet
/// must show it as text, never run it as a formula.
async fn the_audit_csv_holds_no_formulas(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let link = r#"=HYPERLINK("http://x","y")"#;
    let command = "=cmd|' /C calc'!A0";
    let mut details = form("FIR-F1");
    details["brief_details"] = json!(link);
    let peer = axum::extract::ConnectInfo(std::net::SocketAddr::from(([203, 0, 113, 9], 50000)));
    let filed = http::Request::builder()
        .method("POST")
        .uri("/api/grievances")
        .header("user-agent", command)
        .header("authorization", format!("Bearer {admin}"))
        .header("content-type", "application/json")
        .extension(peer)
        .body(axum::body::Body::from(details.to_string()))
        .unwrap();
    let filed = api.send(filed).await;
    assert_eq!(filed.status, StatusCode::CREATED, "{:?}", filed.body);
    let id = filed.body["data"]["id"].as_i64().unwrap();
    // The edit's record carries the details before it as its Old Value.
    let mut edit = form("FIR-F1");
    edit["brief_details"] = json!("Mobile phone snatched near the market.");
    let edited = api.put(&format!("/api/grievances/{id}"), &admin, edit).await;
    assert_eq!(edited.status, StatusCode::OK, "{:?}", edited.body);
    let trail = api.get(&format!("/api/audit/grievance/{id}"), &admin).await.body;
    assert!(trail.as_array().unwrap().iter().any(|r| r["old_value"] == link), "the trail keeps what was typed: {trail}");

    let (bytes, _) = export(&api, &admin, "csv", "").await;
    let (_, table) = csv_table(&bytes);
    let column = |name: &str| table[0].iter().position(|h| h == name).unwrap();
    let (old, agent, action) = (column("Old Value"), column("User Agent"), column("Action"));
    let edit_row = table.iter().find(|r| r[action] == "Updated" && r[old].contains("HYPERLINK")).expect("the edit's row");
    assert_eq!(edit_row[old], format!("'{link}"));
    let created_row = table.iter().find(|r| r[action] == "Created").expect("the filing's row");
    assert_eq!(created_row[agent], format!("'{command}"));
    for row in &table {
        for cell in row {
            assert!(!cell.starts_with(['=', '+', '-', '@', '\t', '\r']), "a cell a spreadsheet would evaluate: {cell:?}");
        }
    }
}

/// Audit exports read the records whole before they write the file: each kind takes its turn
/// in its own queue, one at a time, and a user has at most three of a kind under way. Exports
/// asked while another holds the turn wait for it; a fourth of the same user's is refused at
/// once (429), while another kind, or another user, is not held up by it.
async fn audit_exports_wait_their_turn_and_a_user_has_three_of_a_kind_under_way(engine: Engine) {
    use http_glue::export_queues::Lane;
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    file(&api, &admin, "FIR-Q1").await;
    let me = api.get("/api/auth/me", &admin).await.body;
    let admin_id = me["data"]["id"].as_i64().or(me["id"].as_i64()).unwrap_or_else(|| panic!("{me}"));
    let queues = api.state.export_queues.clone();
    // Another export of the Admin's is being written: it holds the audit PDFs' turn.
    let held = queues.take(Lane::AuditPdf, admin_id).await.unwrap();
    let pdf = || {
        let (api, admin) = (&api, admin.clone());
        async move { api.get("/api/audit/export/pdf", &admin).await }
    };
    let (first, second, refused) = tokio::join!(pdf(), pdf(), async {
        while queues.under_way(Lane::AuditPdf) < 3 {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        let refused = api.get("/api/audit/export/pdf", &admin).await;
        // Another kind goes ahead meanwhile.
        let csv = api.get("/api/audit/export/csv", &admin).await;
        assert_eq!(csv.status, StatusCode::OK, "{:?}", csv.body);
        drop(held);
        refused
    });
    assert_eq!((refused.status, refused.error()), (StatusCode::TOO_MANY_REQUESTS, "You already have 3 exports of this kind under way. Please wait for them to finish."));
    assert_eq!(refused.body["code"].as_str(), Some("EXPORTS_YOURS_UNDER_WAY"));
    for waited in [first, second] {
        assert_eq!(waited.status, StatusCode::OK, "a waiting export is written once its turn comes: {:?}", waited.body);
    }
    assert_eq!(queues.under_way(Lane::AuditPdf), 0, "every place given back");
}

on_both_engines!(
    audit_exports_hold_the_filtered_records_the_user_may_read,
    the_audit_csv_holds_no_formulas,
    audit_exports_wait_their_turn_and_a_user_has_three_of_a_kind_under_way
);
