//! Exports through the real routers on both engines: the file holds exactly what the user may
//! see under the filters, it downloads through its link (the portal's HMAC link, or S3's
//! presigned GET on moto), a changed or expired link is refused, and the trail records it.

use crate::common;

use apitest::{on_both_engines, Api, Engine};
use calamine::{Data, Reader, Xlsx};
use http::StatusCode;
use serde_json::{json, Value};
use std::io::Cursor;

fn form(fir: &str, status: &str, officers: Value) -> Value {
    json!({"type_of_call": "Walk-in", "fir_no": fir, "fir_date": "2026-10-05", "section_and_act": "379 IPC",
           "crime_title": "Theft", "district": "Central District", "police_station": "Civil Lines",
           "status": status, "priority": "High", "brief_details": "Motorcycle stolen from the market parking.",
           "investigation_officers": officers})
}

/// The export `kind` of the list under `query`, and its file: written at once (200) or in
/// the background (202, then asked after until ready), as the engine's count decides.
async fn file(api: &Api, token: &str, kind: &str, query: &str) -> (Value, Vec<u8>) {
    let link = common::export_link(api, token, &format!("/api/grievances/export/{kind}{query}")).await;
    let url = link["url"].as_str().unwrap();
    assert!(!url.contains(token), "no session token in a download link");
    let (status, content_type, bytes) = api.download(url).await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&bytes));
    let expected = if kind == "pdf" { "application/pdf" } else { "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" };
    assert_eq!(content_type, expected);
    (link, bytes)
}

fn sheet(bytes: Vec<u8>, name: &str) -> Vec<Vec<String>> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).unwrap();
    let range = book.worksheet_range(name).unwrap();
    range.rows().map(|r| r.iter().map(|c| if let Data::Empty = c { String::new() } else { c.to_string() }).collect()).collect()
}

async fn seed(api: &Api, admin: &str) {
    let officers = json!([{"officer_name": "SI Rao", "from_date": "2026-10-06", "to_date": "2026-10-20", "findings": "CCTV footage collected"},
                          {"officer_name": "ASI Kowalczyk-Ødegård", "from_date": "2026-10-21", "to_date": "", "findings": ""}]);
    for (fir, status, officers) in [("FIR-A", "Pending", officers.clone()), ("FIR-B", "Closed", json!([])), ("FIR-C", "Pending", json!([]))] {
        let answer = api.post("/api/grievances", admin, form(fir, status, officers)).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    }
}

async fn excel_holds_the_filtered_grievances_and_downloads_through_its_link(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    seed(&api, &admin).await;
    let (answer, bytes) = file(&api, &admin, "excel", "?status=Pending").await;
    assert_eq!(answer["rows"], 2);
    let expires = time::OffsetDateTime::parse(answer["expires_at"].as_str().unwrap(), &time::format_description::well_known::Rfc3339).unwrap();
    let lifetime = expires - time::OffsetDateTime::now_utc();
    assert!(lifetime <= time::Duration::minutes(5) && lifetime > time::Duration::minutes(4), "{lifetime}");
    let rows = sheet(bytes, "Grievances");
    assert_eq!(rows.len(), 3);
    let fir = rows[0].iter().position(|h| h == "FIR Number").unwrap();
    assert_eq!([rows[1][fir].as_str(), rows[2][fir].as_str()], ["FIR-C", "FIR-A"], "newest first, only the Pending ones");
    let officers = rows[0].iter().position(|h| h == "Investigation Officers").unwrap();
    assert_eq!(rows[2][officers], "SI Rao, ASI Kowalczyk-Ødegård");

    let (answer, bytes) = file(&api, &admin, "officers", "").await;
    assert_eq!(answer["rows"], 2, "one row per officer entry");
    let rows = sheet(bytes, "Investigation Officers");
    assert_eq!(rows[1][1], "FIR-A");
    assert_eq!(rows[2][5], "ASI Kowalczyk-Ødegård");

    let (answer, bytes) = file(&api, &admin, "pdf", "?search=motorcycle").await;
    assert_eq!(answer["rows"], 3);
    let text = pdf_extract::extract_text_from_mem(&bytes).unwrap();
    for expected in ["Grievances & FIR Report", "Filters: Search: motorcycle", "FIR-A", "FIR-B", "FIR-C", "Page 1 of 1"] {
        assert!(text.contains(expected), "{expected:?} missing from:\n{text}");
    }
    assert!(text.contains(&format!("by {}", apitest::ADMIN_NAME)));
}

async fn a_user_without_view_all_exports_only_their_own(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    seed(&api, &admin).await;
    let role = api.post("/api/roles", &admin, json!({"name": "Station Writer", "permissions": {"grievances": "create,read", "audit": "read"}})).await;
    let user = api.post("/api/users", &admin, json!({"name": "Writer Singh", "email": "writer@portal.test", "password": "Writer-Pass-1",
        "department": "Crime Branch", "designation": "Constable", "role_id": role.body["data"]["id"]})).await;
    assert_eq!(user.status, StatusCode::CREATED, "{:?}", user.body);
    let writer = api.login("writer@portal.test", "Writer-Pass-1").await;
    api.post("/api/grievances", &writer, form("FIR-MINE", "Pending", json!([]))).await;
    let (answer, bytes) = file(&api, &writer, "excel", "").await;
    assert_eq!(answer["rows"], 1);
    let rows = sheet(bytes, "Grievances");
    assert_eq!(rows[1][1], "FIR-MINE");
    let (answer, _) = file(&api, &admin, "excel", "").await;
    assert_eq!(answer["rows"], 4, "view_all sees everyone's");

    // The trail: the writer sees their own export, the admin sees both.
    let mine = api.get("/api/audit/all?action=EXPORTED", &writer).await;
    let mine = mine.body.as_array().unwrap_or_else(|| panic!("{:?}", mine.body)).clone();
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert_eq!(mine[0]["notes"], "1 grievances to Excel (filters: None (all grievances visible to the user))");
    assert_eq!(mine[0]["user_name"], "Writer Singh");
    assert_eq!(mine[0]["action_details"]["kind"], "excel");
    assert_eq!(mine[0]["action_details"]["rows"], 1);
    let all = api.get("/api/audit/all?action=EXPORTED", &admin).await.body;
    assert_eq!(all.as_array().unwrap().len(), 2);

    let none = api.post("/api/roles", &admin, json!({"name": "No Cases", "permissions": {"users": "read"}})).await;
    let clerk = api.post("/api/users", &admin, json!({"name": "Clerk Das", "email": "clerk@portal.test", "password": "Clerk-Pass-1",
        "department": "Crime Branch", "designation": "Constable", "role_id": none.body["data"]["id"]})).await;
    assert_eq!(clerk.status, StatusCode::CREATED, "{:?} {:?}", clerk.body, none.body);
    let clerk = api.login("clerk@portal.test", "Clerk-Pass-1").await;
    let refused = api.get("/api/grievances/export/pdf", &clerk).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(api.call("GET", "/api/grievances/export/excel", None, None).await.status, StatusCode::UNAUTHORIZED);
    let bad = api.get("/api/grievances/export/excel?from_date=yesterday", &admin).await;
    assert_eq!((bad.status, bad.body["fields"]["from_date"].as_str()), (StatusCode::BAD_REQUEST, Some("Dates are written YYYY-MM-DD")));
}

async fn a_changed_or_expired_link_is_refused(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    seed(&api, &admin).await;
    let answer = api.get("/api/grievances/export/excel", &admin).await.body;
    let url = answer["url"].as_str().unwrap().to_string();
    let signature = url.split("ignature=").nth(1).unwrap().split('&').next().unwrap().to_string();
    let flipped = format!("{}{}", if signature.starts_with('0') { '1' } else { '0' }, &signature[1..]);
    let tampered = url.replace(&signature, &flipped);
    let (status, _, _) = api.download(&tampered).await;
    // moto does not check presigned signatures (real S3 answers 403): only the portal's own
    // links can be checked here.
    if engine == Engine::Sqlite {
        assert_eq!(status, StatusCode::FORBIDDEN);
        let refused = api.call("GET", &tampered, None, None).await;
        assert_eq!(refused.error(), "This download link is invalid or has expired. Export the file again.");
        let expires = url.split("expires=").nth(1).unwrap().split('&').next().unwrap();
        let later = url.replace(&format!("expires={expires}"), &format!("expires={}", expires.parse::<i64>().unwrap() + 3600));
        assert_eq!(api.download(&later).await.0, StatusCode::FORBIDDEN, "a pushed-back expiry breaks the signature");

        // A link whose time is up.
        let local = api.state.blobs.as_ref().unwrap().local().unwrap();
        let key = url.split('/').nth(4).unwrap().split('?').next().unwrap();
        let download = blobs::Download { file_name: "g.xlsx", content_type: "application/octet-stream" };
        let short = blobs::BlobStore::download_link(local, key, download, std::time::Duration::from_secs(1)).await.unwrap();
        assert_eq!(api.download(&short.url).await.0, StatusCode::OK);
        tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
        let (status, _, body) = api.download(&short.url).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{}", String::from_utf8_lossy(&body));
    } else {
        assert!(url.contains("X-Amz-Expires=300"), "{url}");
    }
}

async fn exports_asked_in_hindi_have_hindi_headings(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    seed(&api, &admin).await;
    let (_, bytes) = file(&api, &admin, "excel", "?status=Pending&lang=hi").await;
    let rows = sheet(bytes, "शिकायतें");
    assert_eq!(&rows[0][..3], ["शिकायत संख्या", "एफ़आईआर संख्या", "एफ़आईआर दिनांक"]);
    assert_eq!(rows.len(), 3, "the heading and the two pending grievances");
    // The admin lists' items by their Hindi names; what staff typed stays as typed.
    for hindi in ["चोरी", "लंबित", "सिविल लाइंस"] {
        assert!(rows[1].contains(&hindi.to_string()), "{hindi}: {:?}", rows[1]);
    }
    let (_, bytes) = file(&api, &admin, "pdf", "?lang=hi").await;
    let text = pdf_extract::extract_text_from_mem(&bytes).unwrap();
    // The text layer holds glyphs in the order drawn: a vowel sign drawn before its consonant
    // (ि) comes first, so the words looked for have none.
    for expected in ["एवं एफ़आईआर", "थाना", "पृष्ठ 1 / 1", "चोरी", "लाइंस"] {
        assert!(text.contains(expected), "{expected:?} missing from the Hindi report:\n{text}");
    }
    // Without lang, the browser's language decides.
    let request = http::Request::builder()
        .uri("/api/grievances/export/officers")
        .header("authorization", format!("Bearer {admin}"))
        .header("accept-language", "hi-IN,hi;q=0.9,en;q=0.8")
        .body(axum::body::Body::empty())
        .unwrap();
    let answer = api.send(request).await;
    let (_, _, bytes) = api.download(answer.body["url"].as_str().unwrap()).await;
    assert_eq!(sheet(bytes, "जाँच अधिकारी")[0][5], "अधिकारी का नाम");
    let (_, english) = file(&api, &admin, "excel", "").await;
    assert_eq!(sheet(english, "Grievances")[0][0], "Grievance Number", "English unless asked");
}

/// A list longer than the portal writes while the request waits is written in the
/// background: 202 with the job, its progress asked until it is ready, then the file
/// downloads like any other. Only its requester can ask after it; the trail records it.
async fn a_long_list_is_exported_in_the_background_and_announced_when_ready(engine: Engine) {
    let api = Api::new(engine, portal::areas).await.adjusted(portal::areas, |state| state.exports.at_once_most = 2);
    let admin = api.admin().await;
    seed(&api, &admin).await;
    let (short, _) = file(&api, &admin, "excel", "?status=Pending").await;
    assert_eq!(short["rows"], 2, "two rows are written while the request waits");

    let started = api.get("/api/grievances/export/excel", &admin).await;
    assert_eq!((started.status, started.body["expected_rows"].as_u64()), (StatusCode::ACCEPTED, Some(3)), "{:?}", started.body);
    let status_url = started.body["status_url"].as_str().unwrap().to_string();
    assert_eq!(status_url, format!("/api/exports/jobs/{}", started.body["job_id"].as_str().unwrap()));
    let ready = common::finished(&api, &admin, &status_url).await;
    assert_eq!((ready["rows"].as_u64(), ready["link"]["rows"].as_u64()), (Some(3), Some(3)));
    let (status, _, bytes) = api.download(ready["link"]["url"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    let rows = sheet(bytes, "Grievances");
    let fir = rows[0].iter().position(|h| h == "FIR Number").unwrap();
    assert_eq!(rows[1..].iter().map(|r| r[fir].as_str()).collect::<Vec<_>>(), ["FIR-C", "FIR-B", "FIR-A"]);
    let exported = api.get("/api/audit/all?action=EXPORTED", &admin).await.body;
    assert_eq!(exported[0]["notes"], "3 grievances to Excel (filters: None (all grievances visible to the user))", "{exported}");

    let role = api.post("/api/roles", &admin, json!({"name": "Reader", "permissions": {"grievances": "read,view_all"}})).await;
    api.post("/api/users", &admin, json!({"name": "Rita Reader", "email": "rita@portal.test", "password": "Reader-Pass-1",
        "department": "Crime Branch", "designation": "Constable", "role_id": role.body["data"]["id"]})).await;
    let rita = api.login("rita@portal.test", "Reader-Pass-1").await;
    let theirs = api.get(&status_url, &rita).await;
    assert_eq!((theirs.status, theirs.error()), (StatusCode::NOT_FOUND, "Export not found"), "another user's export");
    assert_eq!(api.get("/api/exports/jobs/..%2Fjob", &admin).await.status, StatusCode::NOT_FOUND);

    // An export whose progress stopped moving ten minutes ago (its process ended) is failed.
    let admin_id = api.get("/api/auth/me", &admin).await.body["id"].as_i64().unwrap();
    let stopped = json!({"user_id": admin_id, "kind": "excel", "state": "preparing", "rows": 1000, "expected_rows": 90000,
        "file_key": null, "file_name": null, "error": null, "updated_at": time::OffsetDateTime::now_utc().unix_timestamp() - 601});
    let id = "00000000000000000000000000000abc";
    api.state.blobs().unwrap().put_bytes(&format!("job-{id}.json"), stopped.to_string().into_bytes(), "application/json").await.unwrap();
    let status = api.get(&format!("/api/exports/jobs/{id}"), &admin).await.body;
    assert_eq!((status["status"].as_str(), status["rows"].as_u64()), (Some("failed"), Some(1000)));
    assert_eq!(status["error"], json!({"error": "The export could not be finished. Please export again.", "code": "EXPORT_FAILED", "params": {}}));
}

on_both_engines!(
    a_long_list_is_exported_in_the_background_and_announced_when_ready,
    exports_asked_in_hindi_have_hindi_headings,
    excel_holds_the_filtered_grievances_and_downloads_through_its_link,
    a_user_without_view_all_exports_only_their_own,
    a_changed_or_expired_link_is_refused,
);

/// A PDF is laid out whole in memory, so it holds at most 10,000 grievances: a longer list is
/// refused before any work, with the way out (filters, or Excel, which takes it whole), and
/// nothing is recorded as exported. Several PDFs asked at once take their turn and all arrive.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pdf_of_more_than_ten_thousand_grievances_is_refused_with_the_way_out() {
    let api = common::seeded(10_001, 3).await;
    let officer = api.login("officer1.3@seed.portal", "Officer-Pass-1").await;

    let refused = api.get("/api/grievances/export/pdf", &officer).await;
    let message = "The PDF report holds at most 10,000 grievances, and this list has 10,001: narrow the filters, or export to Excel, which holds the whole list";
    assert_eq!((refused.status, refused.error()), (StatusCode::BAD_REQUEST, message));
    assert_eq!((refused.body["code"].as_str(), refused.body["params"]["count"].as_str()), (Some("PDF_TOO_MANY_ROWS"), Some("10,001")), "{:?}", refused.body);
    let exported = api.get("/api/audit/all?action=EXPORTED", &officer).await.body;
    assert_eq!(exported, json!([]), "a refused export is not recorded as one");

    let oldest = api.get("/api/grievances/1", &officer).await.body["data"]["fir_no"].as_str().unwrap().to_string();
    let path = format!("/api/grievances/export/pdf?fir_no={oldest}");
    let (a, b, c) = tokio::join!(api.get(&path, &officer), api.get(&path, &officer), api.get(&path, &officer));
    for answer in [a, b, c] {
        assert_eq!((answer.status, answer.body["rows"].as_u64()), (StatusCode::OK, Some(1)), "{:?}", answer.body);
    }
}
