//! Attachments, case notes and pendency through the real routers, on both engines: uploads
//! through the signed link (the portal's own, or S3 on moto), the type told from the
//! content, the size limit, links that work once and attachments that stay as attached,
//! scope, the audit records, notes in order, and overdue grievances in the list filter,
//! their badge data and the dashboard count.

use apitest::{on_both_engines, Api, Engine};
use http::StatusCode;
use serde_json::{json, Value};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

fn days_ago(days: i64) -> String {
    let d = domain::clock::today() - time::Duration::days(days);
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

/// A grievance at the Inward stage since `inward` (no scrutiny, no officer).
fn form(fir: &str, priority: &str, inward: &str) -> Value {
    json!({"fir_no": fir, "fir_date": inward, "section_and_act": "379 IPC", "crime_title": "Theft",
           "district": "Central District", "police_station": "Civil Lines", "status": "Pending", "priority": priority,
           "brief_details": "Motorcycle stolen from the market parking.", "date_of_inward": inward, "investigation_officers": []})
}

async fn create(api: &Api, token: &str, body: Value) -> i64 {
    let answer = api.post("/api/grievances", token, body).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

async fn user(api: &Api, admin: &str, email: &str, permissions: Value) -> String {
    let role = api.post("/api/roles", admin, json!({"name": format!("Role {email}"), "permissions": permissions})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    let user = api.post("/api/users", admin, json!({"name": format!("Officer {email}"), "email": email, "password": "Officer-Pass-1",
        "department": "Crime Branch", "designation": "Inspector", "role_id": role.body["data"]["id"]})).await;
    assert_eq!(user.status, StatusCode::CREATED, "{:?}", user.body);
    api.login(email, "Officer-Pass-1").await
}

/// Asks for a ticket, sends the bytes, and answers the ticket and the upload's status.
async fn send_file(api: &Api, token: &str, id: i64, name: &str, declared: &str, bytes: &[u8]) -> (Value, StatusCode) {
    let ticket = api.post(&format!("/api/grievances/{id}/attachments/uploads"), token, json!({"file_name": name, "content_type": declared, "size": bytes.len()})).await;
    assert_eq!(ticket.status, StatusCode::CREATED, "{:?}", ticket.body);
    assert_eq!(ticket.body["method"], "PUT");
    let (status, _) = api.upload(ticket.body["url"].as_str().unwrap(), &ticket.body["headers"], bytes.to_vec()).await;
    (ticket.body, status)
}

async fn attach(api: &Api, token: &str, id: i64, name: &str, declared: &str, bytes: &[u8]) -> apitest::Answer {
    let (ticket, status) = send_file(api, token, id, name, declared, bytes).await;
    assert_eq!(status, StatusCode::OK, "the upload itself");
    api.post(&format!("/api/grievances/{id}/attachments"), token, json!({"upload_id": ticket["upload_id"], "file_name": name})).await
}

fn actions(trail: &Value) -> Vec<String> {
    trail.as_array().unwrap().iter().map(|r| r["action"].as_str().unwrap().to_string()).collect()
}

async fn attachments_upload_download_and_delete_with_their_audit_records(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let id = create(&api, &admin, form("FIR-A1", "Low", &days_ago(1))).await;
    let added = attach(&api, &admin, id, "C:\\scans\\FIR copy.pdf", "application/pdf", PDF).await;
    assert_eq!(added.status, StatusCode::CREATED, "{:?}", added.body);
    let pdf = added.body["data"].clone();
    assert_eq!((pdf["file_name"].as_str(), pdf["content_type"].as_str(), pdf["size"].as_u64()), (Some("FIR copy.pdf"), Some("application/pdf"), Some(PDF.len() as u64)));
    assert_eq!(pdf["uploaded_by_name"], apitest::ADMIN_NAME);
    // The type comes from the content: a PNG declared and named as a JPEG is kept as a PNG.
    let png = attach(&api, &admin, id, "photo.jpg", "image/jpeg", PNG).await.body["data"].clone();
    assert_eq!((png["content_type"].as_str(), png["file_name"].as_str()), (Some("image/png"), Some("photo.png")));

    let list = api.get(&format!("/api/grievances/{id}/attachments"), &admin).await.body["data"].clone();
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|a| a["file_name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"FIR copy.pdf") && names.contains(&"photo.png"), "{names:?}");

    let link = api.get(&format!("/api/grievances/{id}/attachments/{}/link", pdf["id"].as_str().unwrap()), &admin).await;
    assert_eq!(link.status, StatusCode::OK, "{:?}", link.body);
    let url = link.body["url"].as_str().unwrap();
    assert!(!url.contains("token") && !url.contains(&admin), "no session token in a link: {url}");
    let (status, kind, bytes) = api.download(url).await;
    assert_eq!((status, kind.as_str(), bytes.as_slice()), (StatusCode::OK, "application/pdf", PDF));

    let deleted = api.delete(&format!("/api/grievances/{id}/attachments/{}", pdf["id"].as_str().unwrap()), &admin).await;
    assert_eq!((deleted.status, deleted.body["message"].as_str()), (StatusCode::OK, Some("Attachment deleted successfully")));
    assert_eq!(api.get(&format!("/api/grievances/{id}/attachments"), &admin).await.body["data"].as_array().unwrap().len(), 1);
    let again = api.delete(&format!("/api/grievances/{id}/attachments/{}", pdf["id"].as_str().unwrap()), &admin).await;
    assert_eq!((again.status, again.error()), (StatusCode::NOT_FOUND, "Attachment not found"));
    let (status, _, bytes) = api.download(url).await;
    // The portal says 404; S3 (moto) answers a missing object's presigned GET with 403.
    assert!(status == StatusCode::NOT_FOUND || (engine == Engine::Dynamo && status == StatusCode::FORBIDDEN), "the file went with its record: {status}");
    assert_ne!(bytes.as_slice(), PDF);

    let trail = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body["data"].clone();
    assert_eq!(actions(&trail)[..3], ["ATTACHMENT_DELETED", "ATTACHMENT_ADDED", "ATTACHMENT_ADDED"]);
    let ids: std::collections::HashSet<&str> = trail.as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), trail.as_array().unwrap().len(), "every record of the trail has its own id: {trail}");
    let removed = &trail[0];
    assert_eq!((removed["old_value"].as_str(), removed["user_name"].as_str()), (Some("FIR copy.pdf"), Some(apitest::ADMIN_NAME)));
    assert_eq!(removed["action_details"]["size"], PDF.len());
    let all = api.get("/api/audit/all?action=ATTACHMENT_ADDED", &admin).await.body;
    assert_eq!(all.as_array().unwrap().len(), 2, "{all}");
}

/// Whether each blob is still in the attachments store.
async fn kept_blobs(files: &dyn blobs::BlobStore, blobs: &[String]) -> Vec<bool> {
    let mut kept = Vec::new();
    for blob in blobs {
        kept.push(files.size(blob).await.unwrap().is_some());
    }
    kept
}

/// Deleting a grievance takes its attachment records and notes out of the live case files
/// (in the same change on one machine, by the notifier's next run on DynamoDB) into the trash,
/// and leaves its files in place for a restore: nothing is handed to the sweep until the
/// trash's retention runs out (`desk_api`). Another grievance's files are untouched.
async fn a_deleted_grievance_takes_its_attachments_and_notes_to_the_trash_and_keeps_its_files(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let (first, second) = (create(&api, &admin, form("FIR-D1", "Low", &days_ago(1))).await, create(&api, &admin, form("FIR-D2", "Low", &days_ago(1))).await);
    for (id, name, kind, bytes) in [(first, "fir.pdf", "application/pdf", PDF), (first, "scene.png", "image/png", PNG), (second, "other.pdf", "application/pdf", PDF)] {
        assert_eq!(attach(&api, &admin, id, name, kind, bytes).await.status, StatusCode::CREATED);
    }
    assert_eq!(api.post(&format!("/api/grievances/{first}/notes"), &admin, json!({"text": "Statement recorded"})).await.status, StatusCode::CREATED);
    let blobs_of = |id: i64| {
        let files = api.state.files.clone();
        async move { files.attachments(id).await.unwrap().into_iter().map(|k| k.blob).collect::<Vec<_>>() }
    };
    let (first_blobs, second_blobs) = (blobs_of(first).await, blobs_of(second).await);
    let store = api.state.attachments.clone().unwrap();
    assert_eq!(kept_blobs(store.as_ref(), &first_blobs).await, [true, true]);

    let deleted = api.delete(&format!("/api/grievances/{first}"), &admin).await;
    assert_eq!((deleted.status, deleted.body["message"].as_str()), (StatusCode::OK, Some("Grievance deleted successfully")));
    // On DynamoDB the deletion's transaction names what hangs off the grievance, and the
    // notifier's next run removes it (run here at once); on one machine it went already.
    let later = usize::from(engine == Engine::Dynamo);
    let finished = cases::attachments::finish_deletions(api.state.cases(), Some(store.as_ref())).await.unwrap();
    assert_eq!(finished, cases::attachments::FinishedDeletions { deletions: later, files: 0 });
    assert!(api.state.files.attachments(first).await.unwrap().is_empty(), "the attachment records left the live case files");
    assert!(api.state.files.notes(first).await.unwrap().is_empty(), "the notes left the live case files");
    let trashed = api.state.files.trashed(first).await.unwrap().expect("in the trash");
    assert_eq!((trashed.attachments.len(), trashed.notes.len()), (2, 1));
    assert_eq!(kept_blobs(store.as_ref(), &first_blobs).await, [true, true], "the files wait in the trash");
    assert!(api.state.files.blobs_to_sweep(10).await.unwrap().is_empty(), "nothing to sweep");
    assert_eq!(kept_blobs(store.as_ref(), &second_blobs).await, [true], "another grievance's file stays");
    let deletions = api.get("/api/audit/all?action=DELETED", &admin).await.body;
    assert_eq!(deletions.as_array().map(Vec::len), Some(1), "{deletions}");
}

async fn a_wrong_type_or_size_is_refused_and_the_file_is_not_kept(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let id = create(&api, &admin, form("FIR-A2", "Low", &days_ago(1))).await;
    let start = |body: Value| {
        let api = &api;
        let admin = admin.clone();
        async move { api.post(&format!("/api/grievances/{id}/attachments/uploads"), &admin, body).await }
    };
    let text = start(json!({"file_name": "notes.txt", "content_type": "text/plain", "size": 10})).await;
    assert_eq!((text.status, text.error()), (StatusCode::BAD_REQUEST, "Only PDF, JPEG and PNG files can be attached"));
    let big = start(json!({"file_name": "scan.pdf", "content_type": "application/pdf", "size": 20 * 1024 * 1024 + 1})).await;
    assert_eq!((big.status, big.error()), (StatusCode::BAD_REQUEST, "Files may be at most 20 MB"));
    let empty = start(json!({"file_name": "scan.pdf", "content_type": "application/pdf", "size": 0})).await;
    assert_eq!(empty.error(), "The file is empty");

    // Text named and declared as a PDF: the content tells, and the upload is deleted.
    let (ticket, status) = send_file(&api, &admin, id, "fir.pdf", "application/pdf", b"this is plain text, not a PDF").await;
    assert_eq!(status, StatusCode::OK);
    let confirm = json!({"upload_id": ticket["upload_id"], "file_name": "fir.pdf"});
    let refused = api.post(&format!("/api/grievances/{id}/attachments"), &admin, confirm.clone()).await;
    assert_eq!((refused.status, refused.error()), (StatusCode::BAD_REQUEST, "Only PDF, JPEG and PNG files can be attached"));
    let gone = api.post(&format!("/api/grievances/{id}/attachments"), &admin, confirm).await;
    assert_eq!((gone.status, gone.error()), (StatusCode::BAD_REQUEST, "The upload was not found; please upload the file again"));
    let made_up = api.post(&format!("/api/grievances/{id}/attachments"), &admin, json!({"upload_id": "not-a-uuid", "file_name": "x.pdf"})).await;
    assert_eq!(made_up.error(), "The upload was not found; please upload the file again");
    assert!(api.get(&format!("/api/grievances/{id}/attachments"), &admin).await.body["data"].as_array().unwrap().is_empty());
    let trail = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body["data"].clone();
    assert_eq!(actions(&trail), ["CREATED"], "nothing kept, nothing audited");
}

async fn the_portals_own_upload_link_takes_large_files_but_no_more_than_it_was_signed_for(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let id = create(&api, &admin, form("FIR-A3", "Low", &days_ago(1))).await;
    // Two megabytes: more than any JSON body may hold, well within an attachment's limit.
    let mut scan = PDF.to_vec();
    scan.resize(2 * 1024 * 1024, b' ');
    let added = attach(&api, &admin, id, "scan.pdf", "application/pdf", &scan).await;
    assert_eq!((added.status, added.body["data"]["size"].as_u64()), (StatusCode::CREATED, Some(scan.len() as u64)), "{:?}", added.body);
    if engine == Engine::Sqlite {
        let ticket = api.post(&format!("/api/grievances/{id}/attachments/uploads"), &admin, json!({"file_name": "a.pdf", "content_type": "application/pdf", "size": 10})).await.body;
        let url = ticket["url"].as_str().unwrap();
        let (status, body) = api.upload(url, &ticket["headers"], PDF.to_vec()).await;
        assert_eq!((status, body["error"].as_str()), (StatusCode::PAYLOAD_TOO_LARGE, Some("Files may be at most 20 MB")));
        let (status, body) = api.upload(&url.replace("size=10", "size=100000"), &ticket["headers"], PDF.to_vec()).await;
        assert_eq!((status, body["error"].as_str()), (StatusCode::FORBIDDEN, Some("This upload link is invalid or has expired. Choose the file again.")));
        let download_as_upload = url.replace("/api/attachments/files/pending.", "/api/attachments/files/grievance-");
        assert_eq!(api.upload(&download_as_upload, &ticket["headers"], PDF.to_vec()).await.0, StatusCode::FORBIDDEN);
    }
}

/// What S3 answers a PUT through a presigned link whose key holds an object already: the
/// link carries `If-None-Match: *`.
const S3_PRECONDITION_FAILED: StatusCode = StatusCode::PRECONDITION_FAILED;

async fn an_upload_link_works_once_and_an_attached_file_stays_as_it_was(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let id = create(&api, &admin, form("FIR-I1", "Low", &days_ago(1))).await;
    let (ticket, status) = send_file(&api, &admin, id, "FIR copy.pdf", "application/pdf", PDF).await;
    assert_eq!(status, StatusCode::OK);
    let url = ticket["url"].as_str().unwrap();
    // Other bytes of the same length (the link signs the size): a page, not the FIR.
    let mut other = b"<html><script>alert('replaced')</script></html>".to_vec();
    other.resize(PDF.len(), b' ');
    let refused_put = |(status, body): (StatusCode, Value)| {
        if engine == Engine::Sqlite {
            assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("This upload link has already been used. Choose the file again.")));
            assert_eq!(body["code"], "UPLOAD_LINK_USED");
        } else {
            assert_eq!(status, S3_PRECONDITION_FAILED, "{body}");
        }
    };
    // Used once, before the confirmation: the bytes that will be checked cannot be swapped.
    refused_put(api.upload(url, &ticket["headers"], other.clone()).await);

    let confirm = json!({"upload_id": ticket["upload_id"], "file_name": "FIR copy.pdf"});
    let added = api.post(&format!("/api/grievances/{id}/attachments"), &admin, confirm.clone()).await;
    assert_eq!(added.status, StatusCode::CREATED, "{:?}", added.body);
    let attachment = added.body["data"].clone();

    // And after it: the link still refuses, and a second confirmation changes nothing.
    refused_put(api.upload(url, &ticket["headers"], other.clone()).await);
    let again = api.post(&format!("/api/grievances/{id}/attachments"), &admin, confirm).await;
    assert_eq!((again.status, again.error(), again.body["code"].as_str()), (StatusCode::CONFLICT, "This upload has already been attached", Some("UPLOAD_ALREADY_ATTACHED")));

    let list = api.get(&format!("/api/grievances/{id}/attachments"), &admin).await.body["data"].clone();
    assert_eq!(list, json!([attachment]), "the record is as it was");
    let link = api.get(&format!("/api/grievances/{id}/attachments/{}/link", attachment["id"].as_str().unwrap()), &admin).await;
    let (status, kind, bytes) = api.download(link.body["url"].as_str().unwrap()).await;
    assert_eq!((status, kind.as_str(), bytes.as_slice()), (StatusCode::OK, "application/pdf", PDF), "the file is the one first sent");
    let trail = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body["data"].clone();
    assert_eq!(actions(&trail), ["ATTACHMENT_ADDED", "CREATED"], "one attachment added, none removed");
}

async fn an_attachment_is_named_and_stored_with_the_extension_of_its_content(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let id = create(&api, &admin, form("FIR-I2", "Low", &days_ago(1))).await;
    let added = attach(&api, &admin, id, "evil.html", "image/png", PNG).await;
    assert_eq!(added.status, StatusCode::CREATED, "{:?}", added.body);
    let attachment = added.body["data"].clone();
    assert_eq!((attachment["file_name"].as_str(), attachment["content_type"].as_str()), (Some("evil.png"), Some("image/png")));

    let link = api.get(&format!("/api/grievances/{id}/attachments/{}/link", attachment["id"].as_str().unwrap()), &admin).await;
    let url = link.body["url"].as_str().unwrap().to_string();
    // The blob's own key: the grievance's, named with the type's extension.
    let key = url.split('?').next().unwrap().rsplit('/').next().unwrap();
    assert!(key.starts_with(&format!("grievance-{id}.{}.", attachment["id"].as_str().unwrap())) && key.ends_with(".png"), "{key}");
    let (status, kind, bytes) = api.download(&url).await;
    assert_eq!((status, kind.as_str(), bytes.as_slice()), (StatusCode::OK, "image/png", PNG));
    let disposition = if url.starts_with('/') {
        api.send(http::Request::builder().uri(&url).body(axum::body::Body::empty()).unwrap()).await.headers
    } else {
        reqwest::get(&url).await.unwrap().headers().clone()
    };
    let disposition = disposition.get("content-disposition").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    assert_eq!(disposition, "attachment; filename=\"evil.png\"; filename*=UTF-8''evil.png");
    let trail = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body["data"].clone();
    assert_eq!((trail[0]["action"].as_str(), trail[0]["new_value"].as_str()), (Some("ATTACHMENT_ADDED"), Some("evil.png")));
}

async fn attachments_and_notes_are_scoped_like_their_grievance(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let ravi = user(&api, &admin, "ravi@police.test", json!({"grievances": "create,read,update"})).await;
    let reader = user(&api, &admin, "reader@police.test", json!({"grievances": "read"})).await;
    let theirs = create(&api, &admin, form("FIR-S1", "Low", &days_ago(1))).await;
    let attachment = attach(&api, &admin, theirs, "fir.pdf", "application/pdf", PDF).await.body["data"]["id"].as_str().unwrap().to_string();
    api.post(&format!("/api/grievances/{theirs}/notes"), &admin, json!({"text": "Complainant called"})).await;

    for path in [
        format!("/api/grievances/{theirs}/attachments"),
        format!("/api/grievances/{theirs}/attachments/{attachment}/link"),
        format!("/api/grievances/{theirs}/notes"),
    ] {
        let answer = api.get(&path, &ravi).await;
        assert_eq!((answer.status, answer.error()), (StatusCode::NOT_FOUND, "Grievance not found"), "{path}");
    }
    let upload = api.post(&format!("/api/grievances/{theirs}/attachments/uploads"), &ravi, json!({"file_name": "x.pdf", "content_type": "application/pdf", "size": 5})).await;
    assert_eq!(upload.status, StatusCode::NOT_FOUND);
    assert_eq!(api.delete(&format!("/api/grievances/{theirs}/attachments/{attachment}"), &ravi).await.status, StatusCode::NOT_FOUND);
    assert_eq!(api.post(&format!("/api/grievances/{theirs}/notes"), &ravi, json!({"text": "mine now"})).await.status, StatusCode::NOT_FOUND);

    // Assigned to Ravi, it is his to see and work on.
    let ravi_id = api.get("/api/auth/me", &ravi).await.body["id"].clone();
    api.put(&format!("/api/grievances/{theirs}/assign"), &admin, json!({"user_id": ravi_id})).await;
    assert_eq!(api.get(&format!("/api/grievances/{theirs}/attachments"), &ravi).await.body["data"].as_array().unwrap().len(), 1);
    assert_eq!(api.post(&format!("/api/grievances/{theirs}/notes"), &ravi, json!({"text": "Visited the scene"})).await.status, StatusCode::CREATED);

    // Read alone lists and downloads, but neither uploads, removes nor writes notes.
    let own = create(&api, &admin, form("FIR-S2", "Low", &days_ago(1))).await;
    let reader_id = api.get("/api/auth/me", &reader).await.body["id"].clone();
    api.put(&format!("/api/grievances/{own}/assign"), &admin, json!({"user_id": reader_id})).await;
    assert_eq!(api.get(&format!("/api/grievances/{own}/attachments"), &reader).await.status, StatusCode::OK);
    let forbidden = api.post(&format!("/api/grievances/{own}/attachments/uploads"), &reader, json!({"file_name": "x.pdf", "content_type": "application/pdf", "size": 5})).await;
    assert_eq!(forbidden.status, StatusCode::FORBIDDEN);
    assert_eq!(api.post(&format!("/api/grievances/{own}/notes"), &reader, json!({"text": "Reader note"})).await.status, StatusCode::FORBIDDEN);
}

async fn notes_are_kept_newest_first_and_corrected_by_later_notes(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let id = create(&api, &admin, form("FIR-N1", "Low", &days_ago(1))).await;
    let path = format!("/api/grievances/{id}/notes");
    let mut ids = Vec::new();
    for text in ["Complainant visited the station", "  Statement recorded at 4 pm\nwitness present  ", "CCTV footage requested"] {
        let added = api.post(&path, &admin, json!({"text": text})).await;
        assert_eq!(added.status, StatusCode::CREATED, "{:?}", added.body);
        assert_eq!(added.body["data"]["author_name"], apitest::ADMIN_NAME);
        ids.push(added.body["data"]["id"].as_str().unwrap().to_string());
    }
    let correction = api.post(&path, &admin, json!({"text": "Statement was recorded at 5 pm, not 4 pm", "corrects": ids[1]})).await;
    assert_eq!((correction.status, correction.body["data"]["corrects"].as_str()), (StatusCode::CREATED, Some(ids[1].as_str())));

    let notes = api.get(&path, &admin).await.body["data"].clone();
    let texts: Vec<&str> = notes.as_array().unwrap().iter().map(|n| n["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["Statement was recorded at 5 pm, not 4 pm", "CCTV footage requested", "Statement recorded at 4 pm\nwitness present", "Complainant visited the station"]);
    assert_eq!(notes[2]["text"], "Statement recorded at 4 pm\nwitness present", "the corrected note stays as written");

    let blank = api.post(&path, &admin, json!({"text": "   "})).await;
    assert_eq!((blank.status, blank.error()), (StatusCode::BAD_REQUEST, "Write the note before adding it"));
    let long = api.post(&path, &admin, json!({"text": "x".repeat(4001)})).await;
    assert_eq!(long.error(), "A note may be at most 4000 characters");
    let unknown = api.post(&path, &admin, json!({"text": "fix", "corrects": "999999"})).await;
    assert_eq!(unknown.error(), "The note being corrected was not found");
    assert_eq!(api.call("PUT", &path, Some(&admin), Some(json!({"text": "edit"}))).await.status, StatusCode::METHOD_NOT_ALLOWED, "notes are never edited");

    let trail = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body["data"].clone();
    assert_eq!(actions(&trail).iter().filter(|a| *a == "NOTE_ADDED").count(), 4);
    assert_eq!(trail[0]["notes"].as_str(), Some(format!("Correction of note {}", ids[1]).as_str()));
}

async fn overdue_grievances_are_flagged_filtered_and_counted(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let ravi = user(&api, &admin, "ravi@police.test", json!({"grievances": "create,read,update"})).await;
    let limits = api.put("/api/admin/pendency-limits", &admin, json!({"limits": {"high": {"inward": 5, "scrutiny": 10}, "Low": {"inward": 30}}})).await;
    assert_eq!(limits.status, StatusCode::OK, "{:?}", limits.body);
    assert_eq!(limits.body["limits"]["High"], json!({"inward": 5, "scrutiny": 10}), "stored with the list's own spelling");
    assert_eq!(limits.body["priorities"], json!(["Low", "Medium", "High", "Critical"]));

    let late = create(&api, &admin, form("FIR-O1", "High", &days_ago(8))).await;
    let fresh = create(&api, &admin, form("FIR-O2", "High", &days_ago(2))).await;
    create(&api, &admin, form("FIR-O3", "Low", &days_ago(8))).await;
    let ravis_late = create(&api, &ravi, form("FIR-O4", "High", &days_ago(9))).await;

    let one = api.get(&format!("/api/grievances/{late}"), &admin).await.body["data"]["pendency"].clone();
    assert_eq!(one, json!({"stage": "inward", "stage_label": "Inward", "since": days_ago(8), "days_at_stage": 8, "limit_days": 5, "overdue": true, "days_overdue": 3}));
    let list = api.get("/api/grievances?overdue=true", &admin).await.body;
    let firs: Vec<&str> = list["data"].as_array().unwrap().iter().map(|g| g["fir_no"].as_str().unwrap()).collect();
    assert_eq!(firs, ["FIR-O4", "FIR-O1"]);
    assert!(list["data"].as_array().unwrap().iter().all(|g| g["pendency"]["overdue"] == true));
    let everything = api.get("/api/grievances", &admin).await.body["data"].clone();
    let fresh_row = everything.as_array().unwrap().iter().find(|g| g["id"] == fresh).unwrap();
    assert_eq!((fresh_row["pendency"]["overdue"].as_bool(), fresh_row["pendency"]["days_at_stage"].as_i64()), (Some(false), Some(2)));
    assert_eq!(api.get("/api/grievances?overdue=true&priority=Low", &admin).await.body["data"].as_array().unwrap().len(), 0);

    let metrics = api.get("/api/admin/performance-metrics", &admin).await.body;
    assert_eq!(metrics["overdueCases"], 2);
    let station = metrics["policeStationPerformance"].as_array().unwrap().iter().find(|s| s["station_name"] == "Civil Lines").unwrap().clone();
    assert_eq!((station["total_cases"].as_i64(), station["overdue_cases"].as_i64()), (Some(4), Some(2)));
    let own = api.get("/api/admin/performance-metrics", &ravi).await.body;
    assert_eq!(own["overdueCases"], 1, "only his own");
    assert_eq!(api.get("/api/grievances?overdue=true", &ravi).await.body["data"][0]["id"], ravis_late);

    // Sent for scrutiny today, the late one is at a new stage and no longer overdue.
    let mut moved = form("FIR-O1", "High", &days_ago(8));
    moved["date_for_scrutiny"] = json!(days_ago(0));
    assert_eq!(api.put(&format!("/api/grievances/{late}"), &admin, moved).await.status, StatusCode::OK);
    let pendency = api.get(&format!("/api/grievances/{late}"), &admin).await.body["data"]["pendency"].clone();
    assert_eq!((pendency["stage"].as_str(), pendency["overdue"].as_bool()), (Some("scrutiny"), Some(false)));
    assert_eq!(api.get("/api/admin/performance-metrics", &admin).await.body["overdueCases"], 1);
    // Resolved, a grievance is decided and never overdue.
    let statuses = api.get("/api/admin/dropdowns/statuses", &admin).await.body;
    let resolved = statuses.as_array().unwrap().iter().find(|s| s["name"] == "Resolved").unwrap()["id"].clone();
    api.put(&format!("/api/grievances/{ravis_late}/status"), &admin, json!({"status_id": resolved})).await;
    assert_eq!(api.get("/api/admin/performance-metrics", &admin).await.body["overdueCases"], 0);
    assert_eq!(api.get("/api/grievances?overdue=true", &admin).await.body["data"].as_array().unwrap().len(), 0);
}

async fn pendency_limits_are_validated_and_guarded(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let defaults = api.get("/api/admin/pendency-limits", &admin).await.body;
    assert_eq!(defaults["stages"], json!([{"stage": "inward", "label": "Inward"}, {"stage": "scrutiny", "label": "Scrutiny"},
        {"stage": "with_io", "label": "With Investigating Officer"}, {"stage": "in_court", "label": "In Court"}]));
    assert_eq!(defaults["limits"]["High"]["inward"], 3);
    let bad = api.put("/api/admin/pendency-limits", &admin, json!({"limits": {"High": {"inward": 0, "court": 3}}})).await;
    assert_eq!((bad.status, bad.body["fields"]["limits.High.inward"].as_str()), (StatusCode::BAD_REQUEST, Some("A limit is a whole number of days from 1 to 3650")));
    assert_eq!(bad.body["fields"]["limits.High.court"], "Unknown stage 'court'");
    let reader = user(&api, &admin, "lists@police.test", json!({"dropdowns": "read"})).await;
    assert_eq!(api.get("/api/admin/pendency-limits", &reader).await.status, StatusCode::OK);
    assert_eq!(api.put("/api/admin/pendency-limits", &reader, json!({"limits": {}})).await.status, StatusCode::FORBIDDEN);
    let nobody = user(&api, &admin, "none@police.test", json!({"grievances": "read"})).await;
    assert_eq!(api.get("/api/admin/pendency-limits", &nobody).await.status, StatusCode::FORBIDDEN);
    assert_eq!(api.put("/api/admin/pendency-limits", &admin, json!({"limits": {}})).await.body["limits"], json!({}), "no limits: nothing is overdue");
}

on_both_engines!(
    a_deleted_grievance_takes_its_attachments_and_notes_to_the_trash_and_keeps_its_files,
    attachments_upload_download_and_delete_with_their_audit_records,
    a_wrong_type_or_size_is_refused_and_the_file_is_not_kept,
    the_portals_own_upload_link_takes_large_files_but_no_more_than_it_was_signed_for,
    an_upload_link_works_once_and_an_attached_file_stays_as_it_was,
    an_attachment_is_named_and_stored_with_the_extension_of_its_content,
    attachments_and_notes_are_scoped_like_their_grievance,
    notes_are_kept_newest_first_and_corrected_by_later_notes,
    overdue_grievances_are_flagged_filtered_and_counted,
    pendency_limits_are_validated_and_guarded,
);
