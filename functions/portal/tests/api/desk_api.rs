//! The officer's desk through the real routers, on both engines: the list's triage filters
//! (assignee, crime head, filing days, a selection); bulk actions that obey every rule of a
//! case's own request, with one batch id in the trail; the trash (a deletion keeps the case
//! with its notes and attachments, seen and restored by delete holders only, purged after the
//! retention); saved and published views; and the escalation digest (37 escalations are one
//! notice for the district's officer, none for an auditor who cannot act).

use apitest::{on_both_engines, Api, Engine};
use http::StatusCode;
use serde_json::{json, Value};
use time::macros::date;

const PASSWORD: &str = "Officer-Pass-1";
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

fn form(fir: &str, station: &str, crime: &str, inward: &str) -> Value {
    json!({"fir_no": fir, "fir_date": inward, "section_and_act": "303(2) BNS", "crime_title": crime, "district": "Central District",
           "police_station": station, "status": "Pending", "priority": "High", "brief_details": "Motorcycle stolen from the market parking.",
           "date_of_inward": inward})
}

fn today() -> String {
    domain::clock::today().to_string()
}

async fn file(api: &Api, token: &str, body: Value) -> Value {
    let answer = api.post("/api/grievances", token, body).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"].clone()
}

/// A user of a new role with `permissions`, posted at `posting`: their id and token.
async fn staff(api: &Api, admin: &str, email: &str, permissions: Value, posting: Value) -> (i64, String) {
    let role = api.post("/api/roles", admin, json!({"name": format!("Role {email}"), "permissions": permissions})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    let user = api.post("/api/users", admin, json!({"name": format!("Officer {email}"), "email": email, "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": role.body["data"]["id"], "status": "active", "posting": posting})).await;
    assert_eq!(user.status, StatusCode::CREATED, "{:?}", user.body);
    (user.body["data"]["id"].as_i64().unwrap(), api.login(email, PASSWORD).await)
}

async fn item_id(api: &Api, admin: &str, kind: &str, name: &str) -> Value {
    let items = api.get(&format!("/api/admin/dropdowns/{kind}"), admin).await.body;
    items.as_array().unwrap().iter().find(|i| i["name"] == name).unwrap_or_else(|| panic!("{name} in {kind}"))["id"].clone()
}

fn ids(list: &Value) -> Vec<i64> {
    let mut ids: Vec<i64> = list["data"].as_array().unwrap_or_else(|| panic!("{list}")).iter().map(|g| g["id"].as_i64().unwrap()).collect();
    ids.sort();
    ids
}

async fn the_list_finds_cases_by_assignee_crime_head_filing_day_and_selection(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let (officer, _) = staff(&api, &admin, "io@desk.test", json!({"grievances": "read,update"}), json!({"level": "state"})).await;
    let a = file(&api, &admin, form("TR-1/2026", "Civil Lines", "Theft", &today())).await["id"].as_i64().unwrap();
    let b = file(&api, &admin, form("TR-2/2026", "Civil Lines", "Cyber Crime", &today())).await["id"].as_i64().unwrap();
    let c = file(&api, &admin, form("TR-3/2026", "Civil Lines", "Theft", &today())).await["id"].as_i64().unwrap();
    let me = api.get("/api/auth/me", &admin).await.body["id"].as_i64().unwrap();
    assert_eq!(api.put(&format!("/api/grievances/{a}/assign"), &admin, json!({"user_id": officer})).await.status, StatusCode::OK);
    assert_eq!(api.put(&format!("/api/grievances/{b}/assign"), &admin, json!({"user_id": me})).await.status, StatusCode::OK);

    let list = |query: String| {
        let (api, admin) = (&api, admin.clone());
        async move { api.get(&format!("/api/grievances?{query}"), &admin).await }
    };
    assert_eq!(ids(&list(format!("assignee={officer}")).await.body), [a]);
    assert_eq!(ids(&list("assignee=me".into()).await.body), [b]);
    assert_eq!(ids(&list("assignee=none".into()).await.body), [c]);
    let found = list("crime_head=%20cyber%20CRIME%20".into()).await.body;
    assert_eq!((ids(&found), found["matched"].as_i64()), (vec![b], Some(1)), "whole title, capitals and blanks aside");
    assert!(ids(&list("crime_head=Cyber".into()).await.body).is_empty(), "not a part of it");
    let day = today();
    let yesterday = (domain::clock::today() - time::Duration::days(1)).to_string();
    assert_eq!(ids(&list(format!("filed_from={day}&filed_to={day}")).await.body), [a, b, c], "filed today in India");
    assert!(ids(&list(format!("filed_to={yesterday}")).await.body).is_empty());
    let selection = list(format!("ids={a},{c},999999")).await.body;
    assert_eq!((ids(&selection), selection["matched"].as_i64()), (vec![a, c], Some(2)));
    assert_eq!(ids(&list(format!("ids={a},{c}&assignee=none")).await.body), [c], "with the other filters");

    for (query, field, code) in [("assignee=someone", "assignee", "ASSIGNEE_FILTER_INVALID"), ("filed_from=31-12-2026", "filed_from", "DATE_FILTER_INVALID"), ("ids=1,x", "ids", "SELECTION_INVALID")] {
        let refused = list(query.into()).await;
        assert_eq!((refused.status, refused.body["field_codes"][field]["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{query}: {:?}", refused.body);
    }
    let too_many = (1..=201).map(|n| n.to_string()).collect::<Vec<_>>().join(",");
    assert_eq!(list(format!("ids={too_many}")).await.status, StatusCode::BAD_REQUEST);
}

fn batch_of(history: &Value, action: &str) -> Option<String> {
    history["data"].as_array().unwrap().iter().find(|r| r["action"] == action).and_then(|r| r["action_details"]["batch"].as_str().map(str::to_string))
}

async fn bulk_actions_obey_every_single_case_rule_with_one_batch_id(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let civil_lines = item_id(&api, &admin, "police_stations", "Civil Lines").await;
    let (sho, sho_token) = staff(&api, &admin, "sho@desk.test", json!({"grievances": "read,update,view_posting"}), json!({"level": "station", "id": civil_lines})).await;
    let mine: Vec<i64> = {
        let mut ids = Vec::new();
        for n in 0..3 {
            ids.push(file(&api, &admin, form(&format!("BK-{n}/2026"), "Civil Lines", "Theft", &today())).await["id"].as_i64().unwrap());
        }
        ids
    };
    let elsewhere = file(&api, &admin, form("BK-9/2026", "Cantonment", "Theft", &today())).await;
    let outside = elsewhere["id"].as_i64().unwrap();

    // Assigned to the SHO: the three of their station done, the other station's refused as
    // its own request would be (not found, and not named).
    let mut selection = mine.clone();
    selection.push(outside);
    let done = api.post("/api/grievances/bulk", &sho_token, json!({"ids": selection, "action": "assign", "user_id": sho})).await;
    assert_eq!(done.status, StatusCode::OK, "{:?}", done.body);
    let batch = done.body["batch_id"].as_str().unwrap().to_string();
    let done_ids: Vec<i64> = done.body["done"].as_array().unwrap().iter().map(|d| d["id"].as_i64().unwrap()).collect();
    assert_eq!(done_ids, mine);
    let refused = &done.body["refused"][0];
    assert_eq!((refused["id"].as_i64(), refused["status"].as_u64(), refused["error"]["code"].as_str()), (Some(outside), Some(404), Some("GRIEVANCE_NOT_FOUND")));
    assert!(refused["grievance_number"].is_null(), "a case outside the caller's reach is not named: {refused}");
    for id in &mine {
        let history = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body;
        assert_eq!(batch_of(&history, "ASSIGNED").as_deref(), Some(batch.as_str()), "{history}");
    }
    let other = api.get(&format!("/api/grievances/{outside}"), &admin).await.body["data"].clone();
    assert!(other["assigned_to"].is_null(), "nothing written outside the reach");

    // A priority, each case on the version read; an unknown priority refused for each.
    let low = api.post("/api/grievances/bulk", &sho_token, json!({"ids": mine, "action": "priority", "priority": "Low"})).await.body;
    assert_eq!(low["done"].as_array().unwrap().len(), 3, "{low}");
    let g = api.get(&format!("/api/grievances/{}", mine[0]), &admin).await.body["data"].clone();
    assert_eq!(g["priority"], "Low");
    let history = api.get(&format!("/api/grievances/{}/history", mine[0]), &admin).await.body;
    assert_eq!(batch_of(&history, "PRIORITY_CHANGED").as_deref(), low["batch_id"].as_str());
    let unknown = api.post("/api/grievances/bulk", &sho_token, json!({"ids": [mine[0]], "action": "priority", "priority": "Urgentest"})).await.body;
    assert_eq!((unknown["done"].as_array().unwrap().len(), unknown["refused"][0]["status"].as_u64()), (0, Some(400)), "{unknown}");

    // A transfer over the Admin Panel's limit is refused for every case, as one at a time.
    assert_eq!(api.put("/api/admin/transfer-limit", &admin, json!({"max_transfers": 0})).await.status, StatusCode::OK);
    let cantonment = item_id(&api, &admin, "police_stations", "Cantonment").await;
    let moved = api.post("/api/grievances/bulk", &sho_token, json!({"ids": mine, "action": "transfer", "transfer": {"police_station_id": cantonment, "reason": "Jurisdiction"}})).await.body;
    assert_eq!(moved["done"].as_array().unwrap().len(), 0, "{moved}");
    assert!(moved["refused"].as_array().unwrap().iter().all(|r| r["status"] == 409), "{moved}");

    // A role that needs approval to close: each case's closure is asked for, not made.
    let closed = item_id(&api, &admin, "statuses", "Closed").await;
    let role = api.post("/api/roles", &admin, json!({"name": "Clerk", "permissions": {"grievances": "read,update,view_all"}, "closing_needs_approval": true})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    let user = api.post("/api/users", &admin, json!({"name": "Clerk", "email": "clerk@desk.test", "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": role.body["data"]["id"], "status": "active"})).await;
    assert_eq!(user.status, StatusCode::CREATED, "{:?}", user.body);
    let clerk = api.login("clerk@desk.test", PASSWORD).await;
    let closing = api.post("/api/grievances/bulk", &clerk, json!({"ids": [mine[0], mine[1]], "action": "status", "status_id": closed, "final_decision": "Recovered and returned."})).await.body;
    assert_eq!(closing["done"].as_array().unwrap().len(), 2, "{closing}");
    let g = api.get(&format!("/api/grievances/{}", mine[0]), &admin).await.body["data"].clone();
    assert!(g["closure"].is_object() && g["status"] == "Pending", "a closure request, the status as it was: {g}");

    // Without update, nothing; a bad selection or action, a clear 400.
    let (_, reader) = staff(&api, &admin, "reader@desk.test", json!({"grievances": "read,view_all"}), json!({"level": "state"})).await;
    assert_eq!(api.post("/api/grievances/bulk", &reader, json!({"ids": mine, "action": "assign", "user_id": null})).await.status, StatusCode::FORBIDDEN);
    let empty = api.post("/api/grievances/bulk", &admin, json!({"ids": [], "action": "assign"})).await;
    assert_eq!((empty.status, empty.body["field_codes"]["ids"]["code"].as_str()), (StatusCode::BAD_REQUEST, Some("BULK_SELECTION_INVALID")));
    let wrong = api.post("/api/grievances/bulk", &admin, json!({"ids": mine, "action": "delete"})).await;
    assert_eq!(wrong.body["field_codes"]["action"]["code"], "BULK_ACTION_INVALID");

    // Two bulk changes at once on the same cases: each case is changed by one of them or
    // refused as changed meanwhile, never half-written.
    let high = |token: String, priority: &'static str| {
        let (api, mine) = (&api, mine.clone());
        async move { api.post("/api/grievances/bulk", &token, json!({"ids": mine, "action": "priority", "priority": priority})).await.body }
    };
    let (one, two) = tokio::join!(high(admin.clone(), "High"), high(sho_token.clone(), "Medium"));
    for id in &mine {
        let outcomes = [&one, &two].map(|r| r["done"].as_array().unwrap().iter().any(|d| d["id"] == *id));
        assert!(outcomes.iter().any(|done| *done), "{id} changed by one of them: {one} {two}");
        let g = api.get(&format!("/api/grievances/{id}"), &admin).await.body["data"].clone();
        assert!(["High", "Medium"].contains(&g["priority"].as_str().unwrap()), "{g}");
    }
}

async fn send_file(api: &Api, token: &str, id: i64) -> Value {
    let ticket = api.post(&format!("/api/grievances/{id}/attachments/uploads"), token, json!({"file_name": "fir.pdf", "content_type": "application/pdf", "size": PDF.len()})).await;
    assert_eq!(ticket.status, StatusCode::CREATED, "{:?}", ticket.body);
    let (status, _) = api.upload(ticket.body["url"].as_str().unwrap(), &ticket.body["headers"], PDF.to_vec()).await;
    assert_eq!(status, StatusCode::OK);
    let added = api.post(&format!("/api/grievances/{id}/attachments"), token, json!({"upload_id": ticket.body["upload_id"], "file_name": "fir.pdf"})).await;
    assert_eq!(added.status, StatusCode::CREATED, "{:?}", added.body);
    added.body["data"].clone()
}

async fn kept(api: &Api, blobs: &[String]) -> Vec<bool> {
    let store = api.state.attachments.clone().unwrap();
    let mut kept = Vec::new();
    for blob in blobs {
        kept.push(store.size(blob).await.unwrap().is_some());
    }
    kept
}

async fn the_trash_keeps_a_deleted_case_for_delete_holders_and_a_restore_brings_everything_back(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let g = file(&api, &admin, form("TRASH-1/2026", "Civil Lines", "Theft", &today())).await;
    let (id, number) = (g["id"].as_i64().unwrap(), g["grievance_number"].as_str().unwrap().to_string());
    let linked = file(&api, &admin, form("TRASH-2/2026", "Civil Lines", "Theft", &today())).await["id"].as_i64().unwrap();
    send_file(&api, &admin, id).await;
    assert_eq!(api.post(&format!("/api/grievances/{id}/notes"), &admin, json!({"text": "Statement of the complainant recorded."})).await.status, StatusCode::CREATED);
    assert_eq!(api.post(&format!("/api/grievances/{id}/links"), &admin, json!({"grievance_id": linked})).await.status, StatusCode::CREATED);
    let blobs: Vec<String> = api.state.files.attachments(id).await.unwrap().into_iter().map(|k| k.blob).collect();

    // A reason too long is refused before anything is deleted.
    let long = api.call("DELETE", &format!("/api/grievances/{id}"), Some(&admin), Some(json!({"reason": "x".repeat(501)}))).await;
    assert_eq!((long.status, long.body["field_codes"]["reason"]["code"].as_str()), (StatusCode::BAD_REQUEST, Some("DELETION_REASON_TOO_LONG")));
    let deleted = api.call("DELETE", &format!("/api/grievances/{id}"), Some(&admin), Some(json!({"reason": "  Filed twice by mistake  "}))).await;
    assert_eq!((deleted.status, deleted.body["message"].as_str()), (StatusCode::OK, Some("Grievance deleted successfully")));
    assert_eq!(api.get(&format!("/api/grievances/{id}"), &admin).await.status, StatusCode::NOT_FOUND);
    // DynamoDB's notifier run removes what hung off it; the files stay for a restore.
    cases::attachments::finish_deletions(api.state.cases(), api.state.attachments.as_deref()).await.unwrap();
    assert_eq!(kept(&api, &blobs).await, [true]);
    let deletion = api.get("/api/audit/all?action=DELETED", &admin).await.body[0].clone();
    assert!(deletion["notes"].as_str().unwrap().ends_with("Reason: Filed twice by mistake"), "{deletion}");

    // The trash: the delete holders' only.
    let trash = api.get("/api/grievances/trash", &admin).await;
    assert_eq!(trash.status, StatusCode::OK, "{:?}", trash.body);
    let entry = trash.body["data"][0].clone();
    assert_eq!((entry["id"].as_i64(), entry["grievance_number"].as_str(), entry["reason"].as_str()), (Some(id), Some(number.as_str()), Some("Filed twice by mistake")));
    assert_eq!((entry["notes"].as_u64(), entry["attachments"].as_u64(), entry["deleted_by_name"].as_str()), (Some(1), Some(1), Some(apitest::ADMIN_NAME)));
    let purge_after = (domain::clock::today() + time::Duration::days(90)).to_string();
    assert_eq!(entry["purge_after"].as_str(), Some(purge_after.as_str()));
    let (_, updater) = staff(&api, &admin, "updater@desk.test", json!({"grievances": "read,update,view_all"}), json!({"level": "state"})).await;
    assert_eq!(api.get("/api/grievances/trash", &updater).await.status, StatusCode::FORBIDDEN);
    assert_eq!(api.post(&format!("/api/grievances/{id}/restore"), &updater, json!({})).await.status, StatusCode::FORBIDDEN);
    let cantonment = item_id(&api, &admin, "police_stations", "Cantonment").await;
    let (_, other_station) = staff(&api, &admin, "deleter@desk.test", json!({"grievances": "read,update,delete,view_posting"}), json!({"level": "station", "id": cantonment})).await;
    let theirs = api.get("/api/grievances/trash", &other_station).await.body;
    assert!(theirs["data"].as_array().unwrap().is_empty(), "another station's deletion is not theirs to see: {theirs}");
    assert_eq!(api.post(&format!("/api/grievances/{id}/restore"), &other_station, json!({})).await.status, StatusCode::NOT_FOUND);

    // Restored as it was: the record, its note, its attachment (the file opens), its link.
    let restored = api.post(&format!("/api/grievances/{id}/restore"), &admin, json!({})).await;
    assert_eq!(restored.status, StatusCode::OK, "{:?}", restored.body);
    assert_eq!((restored.body["data"]["grievance_number"].as_str(), restored.body["data"]["fir_no"].as_str()), (Some(number.as_str()), Some("TRASH-1/2026")));
    let notes = api.get(&format!("/api/grievances/{id}/notes"), &admin).await.body;
    assert_eq!(notes["data"][0]["text"], "Statement of the complainant recorded.", "{notes}");
    let attachments = api.get(&format!("/api/grievances/{id}/attachments"), &admin).await.body;
    let attachment = attachments["data"][0].clone();
    assert_eq!(attachment["file_name"], "fir.pdf", "{attachments}");
    let link = api.get(&format!("/api/grievances/{id}/attachments/{}/link", attachment["id"].as_str().unwrap()), &admin).await;
    assert_eq!(link.status, StatusCode::OK, "{:?}", link.body);
    let links = api.get(&format!("/api/grievances/{id}/links"), &admin).await.body;
    assert!(links.to_string().contains(&linked.to_string()), "{links}");
    let history = api.get(&format!("/api/grievances/{id}/history"), &admin).await.body;
    let actions: Vec<&str> = history["data"].as_array().unwrap().iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert_eq!(actions[..2], ["RESTORED", "DELETED"], "{actions:?}");
    assert!(api.get("/api/grievances/trash", &admin).await.body["data"].as_array().unwrap().is_empty());
    let again = api.post(&format!("/api/grievances/{id}/restore"), &admin, json!({})).await;
    assert_eq!((again.status, again.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("TRASH_NOT_FOUND")));
    let listed = api.get(&format!("/api/grievances?fir_no=TRASH-1"), &admin).await.body;
    assert_eq!(ids(&listed), [id], "back in the list and its counts");

    // Deleted again with no body (the reason not given), and purged once its retention ran
    // out: the trash forgets it, its files are swept, and the purge is in the trail.
    assert_eq!(api.delete(&format!("/api/grievances/{id}"), &admin).await.status, StatusCode::OK);
    let notes = api.get("/api/audit/all?action=DELETED", &admin).await.body[0]["notes"].as_str().unwrap().to_string();
    assert!(notes.ends_with("Reason: not given"), "{notes}");
    cases::attachments::finish_deletions(api.state.cases(), api.state.attachments.as_deref()).await.unwrap();
    let refused = api.put("/api/admin/trash-retention", &admin, json!({"days": 0})).await;
    assert_eq!(refused.body["field_codes"]["days"]["code"], "RETENTION_DAYS_INVALID");
    assert_eq!(api.put("/api/admin/trash-retention", &admin, json!({"days": 30})).await.body["data"]["days"], 30);
    assert_eq!(grievances_area::escalation::purge(&api.state, domain::clock::now() + time::Duration::days(29)).await.unwrap(), 0, "not yet");
    assert_eq!(kept(&api, &blobs).await, [true]);
    assert_eq!(grievances_area::escalation::purge(&api.state, domain::clock::now() + time::Duration::days(31)).await.unwrap(), 1);
    assert_eq!(kept(&api, &blobs).await, [false], "its files swept");
    assert!(api.get("/api/grievances/trash", &admin).await.body["data"].as_array().unwrap().is_empty());
    assert_eq!(api.post(&format!("/api/grievances/{id}/restore"), &admin, json!({})).await.status, StatusCode::NOT_FOUND);
    let purged = api.get("/api/audit/all?action=PURGED", &admin).await.body;
    assert!(purged[0]["notes"].as_str().unwrap().contains(&number), "{purged}");
    let changed = api.get("/api/audit/all?action=TRASH_RETENTION_CHANGED", &admin).await.body;
    assert_eq!(changed[0]["action_details"]["after"]["days"], 30, "{changed}");
}

async fn two_restores_at_once_put_the_case_back_once(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let id = file(&api, &admin, form("TWICE-1/2026", "Civil Lines", "Theft", &today())).await["id"].as_i64().unwrap();
    assert_eq!(api.post(&format!("/api/grievances/{id}/notes"), &admin, json!({"text": "One note."})).await.status, StatusCode::CREATED);
    assert_eq!(api.delete(&format!("/api/grievances/{id}"), &admin).await.status, StatusCode::OK);
    let restore = || {
        let (api, admin) = (&api, admin.clone());
        async move { api.post(&format!("/api/grievances/{id}/restore"), &admin, json!({})).await.status }
    };
    let (a, b) = tokio::join!(restore(), restore());
    let mut statuses = [a, b];
    statuses.sort();
    assert_eq!(statuses[0], StatusCode::OK, "one of them restores: {statuses:?}");
    assert!(statuses[1].is_client_error(), "the other is refused: {statuses:?}");
    let notes = api.get(&format!("/api/grievances/{id}/notes"), &admin).await.body;
    assert_eq!(notes["data"].as_array().unwrap().len(), 1, "the note once: {notes}");
    let restored = api.get("/api/audit/all?action=RESTORED", &admin).await.body;
    assert_eq!(restored.as_array().unwrap().len(), 1, "{restored}");
}

async fn saved_views_follow_the_user_and_published_views_reach_their_role(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let role = api.post("/api/roles", &admin, json!({"name": "SHO", "permissions": {"grievances": "read,update,view_posting"}})).await.body;
    let civil_lines = item_id(&api, &admin, "police_stations", "Civil Lines").await;
    let user = api.post("/api/users", &admin, json!({"name": "SHO Civil Lines", "email": "sho@views.test", "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": role["data"]["id"], "status": "active", "posting": {"level": "station", "id": civil_lines}})).await;
    assert_eq!(user.status, StatusCode::CREATED, "{:?}", user.body);
    let sho = api.login("sho@views.test", PASSWORD).await;

    let saved = api.post("/api/views", &sho, json!({"name": " Pending, by priority ", "query": "status=Pending&sort=priority&direction=asc", "density": "compact", "make_default": true})).await;
    assert_eq!(saved.status, StatusCode::CREATED, "{:?}", saved.body);
    let view = saved.body["data"]["views"][0].clone();
    assert_eq!((view["name"].as_str(), view["density"].as_str(), view["published"].as_bool()), (Some("Pending, by priority"), Some("compact"), Some(false)));
    assert_eq!(saved.body["data"]["default_view"], view["id"]);
    // Signed in again, elsewhere: the same views and default.
    let again = api.login("sho@views.test", PASSWORD).await;
    let listed = api.get("/api/views", &again).await.body["data"].clone();
    assert_eq!((listed["views"].as_array().unwrap().len(), &listed["default_view"]), (1, &view["id"]));
    assert!(api.get("/api/views", &admin).await.body["data"]["views"].as_array().unwrap().is_empty(), "one user's views are theirs");

    for (body, code) in [
        (json!({"name": "", "query": ""}), "VIEW_NAME_REQUIRED"),
        (json!({"name": "Paged", "query": "status=Pending&cursor=abc"}), "VIEW_QUERY_INVALID"),
    ] {
        let refused = api.post("/api/views", &sho, body).await;
        assert_eq!((refused.status, refused.body["code"].as_str().or(refused.body["field_codes"].as_object().and_then(|f| f.values().next()).and_then(|c| c["code"].as_str()))), (StatusCode::BAD_REQUEST, Some(code)), "{:?}", refused.body);
    }

    // The Admin publishes a view to the SHOs' role: theirs to open and make their default,
    // not to change; withdrawn, it is gone, and so is the default that named it.
    let published = api.post("/api/admin/published-views", &admin, json!({"name": "SHO: my station, pending", "query": "status=Pending&sort=priority", "role_id": role["data"]["id"]})).await;
    assert_eq!(published.status, StatusCode::CREATED, "{:?}", published.body);
    let pid = published.body["data"]["id"].as_str().unwrap().to_string();
    let views = api.get("/api/views", &sho).await.body["data"]["views"].clone();
    assert_eq!(views.as_array().unwrap().iter().filter(|v| v["published"] == true).count(), 1, "{views}");
    assert_eq!(api.put(&format!("/api/views/{pid}"), &sho, json!({"name": "Mine now", "query": ""})).await.status, StatusCode::NOT_FOUND);
    let chosen = api.put("/api/views/default", &sho, json!({"view_id": pid})).await;
    assert_eq!(chosen.body["data"]["default_view"].as_str(), Some(pid.as_str()), "{:?}", chosen.body);
    assert_eq!(api.put("/api/views/default", &sho, json!({"view_id": "v99"})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(api.call("DELETE", &format!("/api/admin/published-views/{pid}"), Some(&admin), None).await.status, StatusCode::OK);
    let after = api.get("/api/views", &sho).await.body["data"].clone();
    assert!(after["default_view"].is_null() && after["views"].as_array().unwrap().len() == 1, "{after}");
    let audited = api.get("/api/audit/all?action=VIEWS_PUBLISHED", &admin).await.body;
    assert_eq!(audited.as_array().unwrap().len(), 2, "published and withdrawn: {audited}");

    // Renamed, then deleted: the default that named it goes with it.
    let id = view["id"].as_str().unwrap();
    let renamed = api.put(&format!("/api/views/{id}"), &sho, json!({"name": "Pending first", "query": "status=Pending", "make_default": true})).await;
    assert_eq!(renamed.body["data"]["views"][0]["name"], "Pending first", "{:?}", renamed.body);
    assert_eq!(api.call("DELETE", &format!("/api/views/{id}"), Some(&sho), None).await.status, StatusCode::OK);
    let none = api.get("/api/views", &sho).await.body["data"].clone();
    assert!(none["views"].as_array().unwrap().is_empty() && none["default_view"].is_null(), "{none}");
}

async fn escalations_of_one_run_are_one_digest_for_those_who_can_act_and_none_for_an_auditor(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let agra = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": "Agra", "range": "Agra Range"})).await.body["id"].clone();
    let station = api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": "Sadar Bazar", "district_id": agra})).await;
    assert_eq!(station.status, StatusCode::CREATED, "{:?}", station.body);
    let (_, sp) = staff(&api, &admin, "sp@digest.test", json!({"grievances": "read,update,approve,view_posting"}), json!({"level": "district", "id": agra})).await;
    let (_, auditor) = staff(&api, &admin, "auditor@digest.test", json!({"grievances": "read,view_posting"}), json!({"level": "district", "id": agra})).await;
    // Days at Inward past High's limit (3 days): overdue, escalated to the district at once.
    for n in 0..37 {
        let mut case = form(&format!("DG-{n}/2026"), "Sadar Bazar", "Theft", "2026-10-01");
        case["district"] = json!("Agra");
        file(&api, &admin, case).await;
    }
    let run = grievances_area::escalation::run(&api.state, date!(2026 - 10 - 10)).await.unwrap();
    assert_eq!(run.escalated, 37, "{run:?}");
    // The SP chooses not to be emailed about escalations: the notice comes all the same.
    let choices = api.put("/api/notifications/preferences", &sp, json!({"email": {"escalated": false}})).await.body;
    assert_eq!(choices["data"]["kinds"].as_array().unwrap().iter().find(|k| k["kind"] == "escalated").unwrap()["email"], false, "{choices}");
    // A notifier run while the escalation run may still be writing leaves its events for a
    // later one, which gathers the whole run: one digest however the run's cases fall between
    // the notifier's runs.
    let during = grievances_area::notify::run(&api.state, None, domain::clock::now()).await.unwrap();
    assert_eq!((during.events, during.notices), (0, 0), "{during:?}");
    assert_eq!(api.get("/api/notifications", &sp).await.body["data"]["unread"], 0);
    let delivered = grievances_area::notify::run(&api.state, None, domain::clock::now() + time::Duration::seconds(11)).await.unwrap();
    assert_eq!(delivered.events, 37, "{delivered:?}");

    let theirs = api.get("/api/notifications", &sp).await.body["data"].clone();
    let items = theirs["items"].as_array().unwrap();
    assert_eq!(items.len(), 1, "one digest: {theirs}");
    assert_eq!((items[0]["kind"].as_str(), items[0]["count"].as_u64(), items[0]["level"].as_str(), items[0]["grievanceId"].as_i64()), (Some("escalated"), Some(37), Some("district"), Some(0)));
    assert_eq!(theirs["unread"], 1);
    let auditors = api.get("/api/notifications", &auditor).await.body["data"].clone();
    assert!(auditors["items"].as_array().unwrap().is_empty(), "an auditor cannot act on them: {auditors}");
    let queued = api.state.notices.due_mail(&domain::clock::to_text(domain::clock::now() + time::Duration::days(1)), 100).await.unwrap();
    assert!(queued.iter().all(|m| !m.mail.to.starts_with("sp@")), "no email for a kind the SP turned off");
    let refused = api.put("/api/notifications/preferences", &sp, json!({"email": {"gossip": true}})).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
}

on_both_engines!(
    the_list_finds_cases_by_assignee_crime_head_filing_day_and_selection,
    bulk_actions_obey_every_single_case_rule_with_one_batch_id,
    the_trash_keeps_a_deleted_case_for_delete_holders_and_a_restore_brings_everything_back,
    two_restores_at_once_put_the_case_back_once,
    saved_views_follow_the_user_and_published_views_reach_their_role,
    escalations_of_one_run_are_one_digest_for_those_who_can_act_and_none_for_an_auditor,
);
