//! Every administrative change leaves one audit record: admin list items, the
//! pendency and transfer limits, roles with their permissions, users (role, status, posting,
//! the other fields, deletion, a password reset) and second-factor resets. Each record names
//! the user, the address and the browser, and carries the changed fields before and after;
//! an update that changes nothing and a refused change write nothing. Audit History's kind
//! filter answers exactly the administrative records, or exactly the grievances'. On both
//! engines, through the real routers.

use apitest::{on_both_engines, Answer, Api, Engine};
use axum::body::Body;
use http::{Request, StatusCode};
use serde_json::{json, Value};

const BROWSER: &str = "Mozilla/5.0 (X11; Linux x86_64) AdminAuditTest/1.0";
/// The socket's peer, which the records must name.
const PEER: [u8; 4] = [198, 51, 100, 23];
/// What a client writes to pass for someone else: ignored, no proxy being trusted.
const FORGED: &str = "203.0.113.66";
const PASSWORD: &str = "Officer-Pass-1";

/// A request from the administrator's browser at `PEER`, with a forged forwarding header.
async fn send(api: &Api, method: &str, path: &str, token: &str, body: Option<Value>) -> Answer {
    let peer = axum::extract::ConnectInfo(std::net::SocketAddr::from((PEER, 41000)));
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("user-agent", BROWSER)
        .header("x-forwarded-for", FORGED)
        .header("authorization", format!("Bearer {token}"))
        .extension(peer);
    let request = match body {
        Some(body) => request.header("content-type", "application/json").body(Body::from(body.to_string())),
        None => request.body(Body::empty()),
    };
    api.send(request.unwrap()).await
}

async fn ok(api: &Api, method: &str, path: &str, token: &str, body: Option<Value>) -> Value {
    let answer = send(api, method, path, token, body).await;
    assert!(answer.status.is_success(), "{method} {path}: {} {:?}", answer.status, answer.body);
    answer.body
}

/// The administrative records, newest first.
async fn admin_records(api: &Api, token: &str) -> Vec<Value> {
    let answer = api.get("/api/audit/all?kind=admin&limit=500", token).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer.body.as_array().unwrap().clone()
}

/// Checks the newest administrative record and that exactly `count` exist: its action, its
/// user, address and browser, and the before and after of its details.
async fn newest(api: &Api, admin: &str, count: usize, action: &str, before: Value, after: Value) -> Value {
    let records = admin_records(api, admin).await;
    assert_eq!(records.len(), count, "{action}: {:#?}", records.iter().map(|r| r["action"].clone()).collect::<Vec<_>>());
    let record = records[0].clone();
    assert_eq!(record["action"], action, "{record:#}");
    assert_eq!(record["user_email"], apitest::ADMIN_EMAIL);
    assert_eq!(record["user_name"], apitest::ADMIN_NAME);
    assert_eq!(record["ip_address"], "198.51.100.23", "the peer, never the forged header");
    assert_eq!(record["user_agent"], BROWSER);
    assert_eq!(record["grievance_id"], 0);
    assert_eq!(record["action_details"]["before"], before, "{action} before: {record:#}");
    assert_eq!(record["action_details"]["after"], after, "{action} after: {record:#}");
    let text = record.to_string();
    assert!(!text.contains("argon2") && !text.contains(PASSWORD), "never a password or its hash: {text}");
    record
}

async fn list_items_and_limits_are_audited(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    assert!(admin_records(&api, &admin).await.is_empty(), "a new portal has no administrative record");

    // An item: created, changed, saved unchanged (no record), deleted.
    let item = ok(&api, "POST", "/api/admin/dropdowns/categories", &admin, Some(json!({"name": "Cyber Fraud", "description": "Online", "display_order": 4}))).await;
    let id = item["id"].as_i64().unwrap();
    let created = newest(&api, &admin, 1, "LIST_ITEM_CREATED", json!({}), json!({"name": "Cyber Fraud", "description": "Online", "display_order": 4, "is_active": true})).await;
    assert_eq!(created["action_details"]["subject"], json!({"type": "list_item", "id": id, "name": "Cyber Fraud", "list": "categories"}));
    assert_eq!(created["old_value"], Value::Null);
    let path = format!("/api/admin/dropdowns/categories/{id}");
    ok(&api, "PUT", &path, &admin, Some(json!({"name": "Cyber Fraud", "description": "Online", "display_order": 4, "is_active": false}))).await;
    let changed = newest(&api, &admin, 2, "LIST_ITEM_UPDATED", json!({"is_active": true}), json!({"is_active": false})).await;
    assert_eq!((changed["old_value"].as_str(), changed["new_value"].as_str()), (Some("is active: Yes"), Some("is active: No")));
    ok(&api, "PUT", &path, &admin, Some(json!({"name": "Cyber Fraud", "description": "Online", "display_order": 4, "is_active": false}))).await;
    assert_eq!(admin_records(&api, &admin).await.len(), 2, "an update that changes nothing writes no record");

    // Refused changes write nothing: a reader without dropdowns rights, a taken name, a bad body.
    let readers = ok(&api, "POST", "/api/roles", &admin, Some(json!({"name": "Reader", "permissions": {"dropdowns": "read", "audit": "read"}}))).await["data"]["id"].as_i64().unwrap();
    assert_eq!(admin_records(&api, &admin).await.len(), 3, "the role itself");
    ok(&api, "POST", "/api/users", &admin, Some(json!({"name": "Reader", "email": "reader@police.test", "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector", "role_id": readers, "status": "active"}))).await;
    let reader = api.login("reader@police.test", PASSWORD).await;
    assert_eq!(send(&api, "POST", "/api/admin/dropdowns/categories", &reader, Some(json!({"name": "Nope"}))).await.status, StatusCode::FORBIDDEN);
    assert_eq!(send(&api, "DELETE", &path, &reader, None).await.status, StatusCode::FORBIDDEN);
    assert_eq!(send(&api, "POST", "/api/admin/dropdowns/categories", &admin, Some(json!({"name": "cyber fraud"}))).await.status, StatusCode::CONFLICT);
    assert_eq!(send(&api, "POST", "/api/admin/dropdowns/categories", &admin, Some(json!({"name": ""}))).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(send(&api, "PUT", "/api/admin/dropdowns/categories/999999", &admin, Some(json!({"name": "Ghost"}))).await.status, StatusCode::NOT_FOUND);
    assert_eq!(send(&api, "PUT", "/api/admin/pendency-limits", &reader, Some(json!({"limits": {}}))).await.status, StatusCode::FORBIDDEN);
    assert_eq!(send(&api, "PUT", "/api/admin/transfer-limit", &admin, Some(json!({"max_transfers": 99}))).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(admin_records(&api, &admin).await.len(), 4, "the reader's account, and nothing refused");

    ok(&api, "DELETE", &path, &admin, None).await;
    newest(&api, &admin, 5, "LIST_ITEM_DELETED", json!({"name": "Cyber Fraud", "description": "Online", "display_order": 4, "is_active": false}), json!({})).await;

    // The pendency limits: only the cells that changed.
    ok(&api, "PUT", "/api/admin/pendency-limits", &admin, Some(json!({"limits": {}}))).await;
    let count = admin_records(&api, &admin).await.len();
    assert!(count == 6 || count == 5, "clearing the defaults is a change (when there were any)");
    ok(&api, "PUT", "/api/admin/pendency-limits", &admin, Some(json!({"limits": {"High": {"inward": 5, "scrutiny": 10}}}))).await;
    newest(&api, &admin, count + 1, "PENDENCY_LIMITS_CHANGED", json!({}), json!({"High / inward": 5, "High / scrutiny": 10})).await;
    ok(&api, "PUT", "/api/admin/pendency-limits", &admin, Some(json!({"limits": {"High": {"inward": 7, "scrutiny": 10}}}))).await;
    let limits = newest(&api, &admin, count + 2, "PENDENCY_LIMITS_CHANGED", json!({"High / inward": 5}), json!({"High / inward": 7})).await;
    assert_eq!(limits["notes"], "The pendency limits changed");
    ok(&api, "PUT", "/api/admin/pendency-limits", &admin, Some(json!({"limits": {"High": {"inward": 7, "scrutiny": 10}}}))).await;
    assert_eq!(admin_records(&api, &admin).await.len(), count + 2, "the same limits again");

    // The transfer limit.
    let before = api.get("/api/admin/transfer-limit", &admin).await.body["max_transfers"].as_u64().unwrap();
    ok(&api, "PUT", "/api/admin/transfer-limit", &admin, Some(json!({"max_transfers": before + 2}))).await;
    newest(&api, &admin, count + 3, "TRANSFER_LIMIT_CHANGED", json!({"max_transfers": before}), json!({"max_transfers": before + 2})).await;
    ok(&api, "PUT", "/api/admin/transfer-limit", &admin, Some(json!({"max_transfers": before + 2}))).await;
    assert_eq!(admin_records(&api, &admin).await.len(), count + 3);
}

async fn roles_and_users_are_audited(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;

    // A role: created, its permissions changed, saved unchanged, deleted.
    let body = |permissions: Value, two_factor: bool| json!({"name": "Clerk", "description": "Front desk", "permissions": permissions, "require_two_factor": two_factor});
    let role = ok(&api, "POST", "/api/roles", &admin, Some(body(json!({"grievances": "read"}), false))).await["data"]["id"].as_i64().unwrap();
    let created = newest(&api, &admin, 1, "ROLE_CREATED", json!({}), json!({"name": "Clerk", "description": "Front desk", "permissions": ["grievances (read)"], "require_two_factor": false, "closing_needs_approval": false})).await;
    assert_eq!(created["action_details"]["subject"], json!({"type": "role", "id": role, "name": "Clerk"}));
    let path = format!("/api/roles/{role}");
    ok(&api, "PUT", &path, &admin, Some(body(json!({"grievances": "read,create", "audit": "read"}), true))).await;
    newest(&api, &admin, 2, "ROLE_UPDATED", json!({"permissions": ["grievances (read)"], "require_two_factor": false}),
           json!({"permissions": ["grievances (create, read)", "audit (read)"], "require_two_factor": true})).await;
    ok(&api, "PUT", &path, &admin, Some(body(json!({"grievances": "read,create", "audit": "read"}), true))).await;
    assert_eq!(admin_records(&api, &admin).await.len(), 2, "the same role again");
    assert_eq!(send(&api, "POST", "/api/roles", &admin, Some(body(json!({}), false))).await.status, StatusCode::CONFLICT);
    assert_eq!(send(&api, "POST", "/api/roles", &admin, Some(json!({"name": ""}))).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(admin_records(&api, &admin).await.len(), 2, "refused: nothing");

    // A user: created, changed (role, status, posting, phone), unchanged, password and second
    // factor reset, deleted.
    let stations = api.get("/api/admin/dropdowns/police_stations", &admin).await.body;
    let station = stations.as_array().unwrap()[0].clone();
    let (station_id, station_name) = (station["id"].as_i64().unwrap(), station["name"].as_str().unwrap().to_string());
    let user = json!({"name": "Ravi Kumar", "email": "ravi@police.test", "password": PASSWORD, "phone": "9876543210", "department": "Crime Branch", "designation": "Inspector", "role_id": role, "status": "active"});
    let id = ok(&api, "POST", "/api/users", &admin, Some(user)).await["data"]["id"].as_i64().unwrap();
    newest(&api, &admin, 3, "USER_CREATED", json!({}), json!({"name": "Ravi Kumar", "email": "ravi@police.test", "phone": "9876543210", "department": "Crime Branch",
           "designation": "Inspector", "role": "Clerk", "role_id": role, "status": "active", "posting": "the state"})).await;
    let path = format!("/api/users/{id}");
    let edit = json!({"name": "Ravi Kumar", "email": "ravi@police.test", "phone": "9876500000", "department": "Crime Branch", "designation": "Inspector",
                      "role_id": apitest_admin_role(), "status": "inactive", "posting": {"level": "station", "id": station_id}});
    ok(&api, "PUT", &path, &admin, Some(edit.clone())).await;
    let changed = newest(&api, &admin, 4, "USER_UPDATED",
        json!({"phone": "9876543210", "role": "Clerk", "role_id": role, "status": "active", "posting": "the state"}),
        json!({"phone": "9876500000", "role": "Admin", "role_id": apitest_admin_role(), "status": "inactive", "posting": format!("police station {station_name} ({station_id})")})).await;
    assert_eq!(changed["action_details"]["subject"], json!({"type": "user", "id": id, "name": "ravi@police.test"}));
    ok(&api, "PUT", &path, &admin, Some(edit)).await;
    assert_eq!(admin_records(&api, &admin).await.len(), 4, "the same user again");

    ok(&api, "PUT", &format!("{path}/reset-password"), &admin, Some(json!({"newPassword": "Another-Pass-2"}))).await;
    let reset = newest(&api, &admin, 5, "PASSWORD_RESET", json!({"password": "previous password"}), json!({"password": "new password set by an administrator", "sessions": "ended"})).await;
    assert!(!reset.to_string().contains("Another-Pass-2"));
    ok(&api, "POST", &format!("{path}/reset-two-factor"), &admin, None).await;
    let two_factor = newest(&api, &admin, 6, "TWO_FACTOR_RESET", json!({"two_factor_enabled": false}), json!({"two_factor_enabled": false, "sessions": "ended"})).await;
    assert!(two_factor["notes"].as_str().unwrap().contains("ravi@police.test"));
    assert_eq!(send(&api, "PUT", &format!("{path}/reset-password"), &admin, Some(json!({"newPassword": "x"}))).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(send(&api, "POST", "/api/users", &admin, Some(json!({"name": "Dup", "email": "RAVI@police.test", "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector", "role_id": role}))).await.status, StatusCode::CONFLICT);
    assert_eq!(admin_records(&api, &admin).await.len(), 6, "refused: nothing");

    ok(&api, "DELETE", &path, &admin, None).await;
    newest(&api, &admin, 7, "USER_DELETED", json!({"name": "Ravi Kumar", "email": "ravi@police.test", "phone": "9876500000", "department": "Crime Branch", "designation": "Inspector",
           "role": "Admin", "role_id": apitest_admin_role(), "status": "inactive", "posting": format!("police station {station_name} ({station_id})")}), json!({})).await;
    ok(&api, "DELETE", &format!("/api/roles/{role}"), &admin, None).await;
    newest(&api, &admin, 8, "ROLE_DELETED", json!({"name": "Clerk", "description": "Front desk", "permissions": ["grievances (create, read)", "audit (read)"], "require_two_factor": true, "closing_needs_approval": false}), json!({})).await;

    // A grant refused (a role manager widening a role) is GRANT_REFUSED, not a role change.
    let managers = ok(&api, "POST", "/api/roles", &admin, Some(json!({"name": "Role Manager", "permissions": {"roles": "all", "audit": "read"}}))).await["data"]["id"].as_i64().unwrap();
    ok(&api, "POST", "/api/users", &admin, Some(json!({"name": "Manager", "email": "manager@police.test", "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector", "role_id": managers, "status": "active"}))).await;
    let manager = api.login("manager@police.test", PASSWORD).await;
    assert_eq!(send(&api, "POST", "/api/roles", &manager, Some(json!({"name": "Wide", "permissions": {"users": "all"}}))).await.status, StatusCode::FORBIDDEN);
    assert_eq!(admin_records(&api, &admin).await.len(), 10);
    assert_eq!(api.get("/api/audit/all?action=GRANT_REFUSED", &admin).await.body.as_array().unwrap().len(), 1);
}

/// The Admin role's id in a new portal.
fn apitest_admin_role() -> i64 {
    auth::roles::ADMIN_ROLE_ID
}

fn grievance(fir: &str) -> Value {
    json!({"fir_no": fir, "fir_date": "2026-01-10", "section_and_act": "379 IPC", "crime_title": "Theft",
           "district": "Central District", "police_station": "Civil Lines", "brief_details": "Filed beside the administrative changes."})
}

async fn the_kind_filter_tells_administrative_and_grievance_changes_apart(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let auditors = ok(&api, "POST", "/api/roles", &admin, Some(json!({"name": "Auditor", "permissions": {"audit": "read", "grievances": "read,create", "dropdowns": "read,create"}}))).await["data"]["id"].as_i64().unwrap();
    ok(&api, "POST", "/api/users", &admin, Some(json!({"name": "Auditor", "email": "auditor@police.test", "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector", "role_id": auditors, "status": "active"}))).await;
    let auditor = api.login("auditor@police.test", PASSWORD).await;
    let filed = ok(&api, "POST", "/api/grievances", &admin, Some(grievance("FIR/1"))).await;
    let grievance_id = filed["data"]["id"].as_i64().unwrap();
    let mut edit = grievance("FIR/1");
    edit["brief_details"] = json!("Changed after a second statement.");
    edit["version"] = filed["data"]["version"].clone();
    ok(&api, "PUT", &format!("/api/grievances/{grievance_id}"), &admin, Some(edit)).await;
    ok(&api, "POST", "/api/admin/dropdowns/categories", &auditor, Some(json!({"name": "Auditor's own"}))).await;
    ok(&api, "POST", "/api/admin/dropdowns/categories", &admin, Some(json!({"name": "Admin's own"}))).await;
    // An event that is neither: a refused grant (the Admin changing their own role).
    let me = api.get("/api/auth/me", &admin).await.body;
    let own = json!({"name": apitest::ADMIN_NAME, "email": apitest::ADMIN_EMAIL, "department": "Crime Branch", "designation": "Inspector", "role_id": auditors, "status": "active"});
    assert_eq!(send(&api, "PUT", &format!("/api/users/{}", me["id"]), &admin, Some(own)).await.status, StatusCode::FORBIDDEN);

    let all = api.get("/api/audit/all?limit=500", &admin).await.body.as_array().unwrap().clone();
    let actions = |records: &[Value]| records.iter().map(|r| r["action"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    let admin_kind = api.get("/api/audit/all?kind=admin&limit=500", &admin).await.body.as_array().unwrap().clone();
    assert_eq!(actions(&admin_kind), ["LIST_ITEM_CREATED", "LIST_ITEM_CREATED", "USER_CREATED", "ROLE_CREATED"]);
    let expected: Vec<Value> = all.iter().filter(|r| r["grievance_id"] == 0 && r["action"] != "GRANT_REFUSED").cloned().collect();
    assert_eq!(admin_kind, expected, "exactly the administrative records, in the trail's order");
    let grievance_kind = api.get("/api/audit/all?kind=grievance&limit=500", &admin).await.body.as_array().unwrap().clone();
    assert!(!grievance_kind.is_empty());
    assert_eq!(grievance_kind, all.iter().filter(|r| r["grievance_id"].as_i64() > Some(0)).cloned().collect::<Vec<_>>(), "exactly the grievances' records");
    assert!(grievance_kind.iter().all(|r| r["grievance_id"] == grievance_id));
    assert!(all.iter().any(|r| r["action"] == "GRANT_REFUSED"), "the refusal is in neither kind, only in all");
    assert_eq!(api.get("/api/audit/all?kind=ALL&limit=500", &admin).await.body.as_array().unwrap().len(), all.len());

    // With other filters: an action, a user, a search, dates.
    let roles = api.get("/api/audit/all?kind=admin&action=ROLE_CREATED", &admin).await.body;
    assert_eq!(actions(roles.as_array().unwrap()), ["ROLE_CREATED"]);
    assert!(api.get("/api/audit/all?kind=grievance&action=ROLE_CREATED", &admin).await.body.as_array().unwrap().is_empty());
    let searched = api.get("/api/audit/all?kind=admin&search=Auditor%27s", &admin).await.body;
    assert_eq!(searched.as_array().unwrap().len(), 1, "{searched:#}");
    let today = &all[0]["created_at"].as_str().unwrap()[..10];
    assert_eq!(api.get(&format!("/api/audit/all?kind=admin&startDate={today}&endDate={today}"), &admin).await.body.as_array().unwrap().len(), 4);

    // Without view_all: only their own administrative records.
    let own = api.get("/api/audit/all?kind=admin", &auditor).await.body;
    assert_eq!(actions(own.as_array().unwrap()), ["LIST_ITEM_CREATED"], "{own:#}");
    assert_eq!(own[0]["user_email"], "auditor@police.test");

    // A kind that is neither.
    let bad = api.get("/api/audit/all?kind=users", &admin).await;
    assert_eq!((bad.status, bad.error()), (StatusCode::BAD_REQUEST, "kind must be admin (administrative changes) or grievance (grievance changes)"));
    assert_eq!(bad.body["fields"]["kind"], "kind must be admin (administrative changes) or grievance (grievance changes)");
}

on_both_engines!(list_items_and_limits_are_audited, roles_and_users_are_audited, the_kind_filter_tells_administrative_and_grievance_changes_apart);
