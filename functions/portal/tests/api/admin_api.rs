//! Users, roles and admin lists through the real routers, on both engines: the integrity
//! rules, both permission shapes, and the seeded lists.

use apitest::{on_both_engines, Api, Engine, ADMIN_EMAIL};
use http::StatusCode;
use serde_json::{json, Value};

fn user_body(name: &str, email: &str, role_id: i64) -> Value {
    json!({"name": name, "email": email, "password": "Officer-Pass-1", "phone": "9876543210",
           "department": "Crime Branch", "designation": "Inspector", "role_id": role_id, "status": "active"})
}

async fn create_role(api: &Api, admin: &str, name: &str, permissions: Value) -> i64 {
    let answer = api.post("/api/roles", admin, json!({"name": name, "description": "test", "permissions": permissions})).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

async fn create_user(api: &Api, admin: &str, name: &str, email: &str, role_id: i64) -> i64 {
    let answer = api.post("/api/users", admin, user_body(name, email, role_id)).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

async fn admin_id(api: &Api, admin: &str) -> i64 {
    api.get("/api/auth/me", admin).await.body["id"].as_i64().unwrap()
}

async fn users_are_answered_without_secrets_and_with_names(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let clerk = create_role(&api, &admin, "Clerk", json!({"grievances": "read"})).await;
    let id = create_user(&api, &admin, "Meena Clerk", "Meena@Police.test", clerk).await;
    let one = api.get(&format!("/api/users/{id}"), &admin).await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.body["success"], true);
    let user = &one.body["data"];
    assert_eq!(
        (user["email"].as_str(), user["department"].as_str(), user["designation"].as_str(), user["role_name"].as_str(), user["status"].as_str()),
        (Some("meena@police.test"), Some("Crime Branch"), Some("Inspector"), Some("Clerk"), Some("active"))
    );
    let all = api.get("/api/users", &admin).await;
    let text = all.body.to_string();
    assert!(!text.contains("password") && !text.contains("argon2"), "no password or hash in {text}");
    assert_eq!(all.body["data"].as_array().unwrap().len(), 2);
    assert_eq!(api.get("/api/users/4242", &admin).await.error(), "User not found");
}

async fn emails_are_unique_whatever_their_capitals(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    create_user(&api, &admin, "Ravi", "ravi@police.test", 1).await;
    let twice = api.post("/api/users", &admin, user_body("Ravi Again", "RAVI@Police.Test", 1)).await;
    assert_eq!((twice.status, twice.error()), (StatusCode::CONFLICT, "A user with this email already exists"));
    let other = create_user(&api, &admin, "Sita", "sita@police.test", 1).await;
    let mut body = user_body("Sita", "Ravi@police.test", 1);
    body.as_object_mut().unwrap().remove("password");
    let taken = api.put(&format!("/api/users/{other}"), &admin, body.clone()).await;
    assert_eq!((taken.status, taken.error()), (StatusCode::CONFLICT, "A user with this email already exists"));
    // Moving to a free address releases the old one.
    body["email"] = json!("sita.new@police.test");
    assert_eq!(api.put(&format!("/api/users/{other}"), &admin, body).await.status, StatusCode::OK);
    create_user(&api, &admin, "Another Sita", "sita@police.test", 1).await;
    api.login("sita.new@police.test", "Officer-Pass-1").await;
}

async fn password_rules_hold_on_the_server(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let mut body = user_body("Short", "short@police.test", 1);
    body["password"] = json!("12345");
    let short = api.post("/api/users", &admin, body).await;
    assert_eq!((short.status, short.body["fields"]["password"].as_str()), (StatusCode::BAD_REQUEST, Some("Password must be at least 6 characters long")));
    let id = create_user(&api, &admin, "Ravi", "ravi@police.test", 1).await;
    let session = api.login("ravi@police.test", "Officer-Pass-1").await;
    let blank = api.put(&format!("/api/users/{id}/reset-password"), &admin, json!({"newPassword": "   "})).await;
    assert_eq!((blank.status, blank.error()), (StatusCode::BAD_REQUEST, "Please enter a new password"));
    let tiny = api.put(&format!("/api/users/{id}/reset-password"), &admin, json!({"newPassword": "abc"})).await;
    assert_eq!(tiny.error(), "Password must be at least 6 characters long");
    let reset = api.put(&format!("/api/users/{id}/reset-password"), &admin, json!({"newPassword": "Fresh-Pass-9"})).await;
    assert_eq!((reset.status, reset.body["message"].as_str()), (StatusCode::OK, Some("Password reset successfully")));
    assert_eq!(api.get("/api/auth/me", &session).await.status, StatusCode::UNAUTHORIZED, "a reset ends the user's sessions");
    api.login("ravi@police.test", "Fresh-Pass-9").await;
}

async fn nobody_deletes_or_deactivates_themselves_and_the_last_admin_stays(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let me = admin_id(&api, &admin).await;
    let self_delete = api.delete(&format!("/api/users/{me}"), &admin).await;
    assert_eq!((self_delete.status, self_delete.error()), (StatusCode::CONFLICT, "You cannot delete your own account"));
    let mut me_inactive = user_body("Asha Admin", ADMIN_EMAIL, 1);
    me_inactive["status"] = json!("inactive");
    let self_off = api.put(&format!("/api/users/{me}"), &admin, me_inactive).await;
    assert_eq!((self_off.status, self_off.error()), (StatusCode::CONFLICT, "You cannot deactivate your own account"));

    let clerk = create_role(&api, &admin, "Clerk", json!({"grievances": "read"})).await;
    let demote_self = api.put(&format!("/api/users/{me}"), &admin, user_body("Asha Admin", ADMIN_EMAIL, clerk)).await;
    assert_eq!((demote_self.status, demote_self.error()), (StatusCode::FORBIDDEN, "You cannot change your own role"));

    // Another Admin may move the first to another role; nobody steps down by themself, so
    // the last active Admin always stays.
    let second = create_user(&api, &admin, "Second Admin", "second@police.test", 1).await;
    let second_token = api.login("second@police.test", "Officer-Pass-1").await;
    assert_eq!(api.put(&format!("/api/users/{me}"), &second_token, user_body("Asha Admin", ADMIN_EMAIL, clerk)).await.status, StatusCode::OK);
    assert_eq!(api.get("/api/users", &admin).await.status, StatusCode::FORBIDDEN, "the role change applies to the very next request");
    let remove_last = api.delete(&format!("/api/users/{me}"), &second_token).await;
    assert_eq!(remove_last.status, StatusCode::OK, "deleting a non-Admin is fine");
    let demote_last = api.put(&format!("/api/users/{second}"), &second_token, user_body("Second Admin", "second@police.test", clerk)).await;
    assert_eq!((demote_last.status, demote_last.error()), (StatusCode::FORBIDDEN, "You cannot change your own role"));
}

async fn a_role_held_by_users_and_the_admin_role_cannot_be_deleted(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let admin_delete = api.delete("/api/roles/1", &admin).await;
    assert_eq!((admin_delete.status, admin_delete.error()), (StatusCode::CONFLICT, "Cannot delete the Admin role"));
    let reduce = api.put("/api/roles/1", &admin, json!({"name": "Admin", "permissions": {"users": "read"}})).await;
    assert_eq!((reduce.status, reduce.error()), (StatusCode::CONFLICT, "The Admin role always has every permission"));
    let rename = api.put("/api/roles/1", &admin, json!({"name": "Boss", "permissions": {}})).await;
    assert_eq!(rename.status, StatusCode::CONFLICT);

    let clerk = create_role(&api, &admin, "Clerk", json!({"grievances": "read"})).await;
    let a = create_user(&api, &admin, "A", "a@police.test", clerk).await;
    create_user(&api, &admin, "B", "b@police.test", clerk).await;
    let held = api.delete(&format!("/api/roles/{clerk}"), &admin).await;
    assert_eq!((held.status, held.error()), (StatusCode::CONFLICT, "This role is held by 2 users; move them to another role before deleting it"));
    assert_eq!(api.get(&format!("/api/roles/{clerk}"), &admin).await.body["data"]["user_count"], 2);
    api.delete(&format!("/api/users/{a}"), &admin).await;
    let still = api.delete(&format!("/api/roles/{clerk}"), &admin).await;
    assert_eq!(still.error(), "This role is held by 1 user; move them to another role before deleting it");
    let dup = api.post("/api/roles", &admin, json!({"name": "CLERK", "permissions": []})).await;
    assert_eq!((dup.status, dup.error()), (StatusCode::CONFLICT, "A role with this name already exists"));
    let nameless = api.post("/api/roles", &admin, json!({"name": "", "permissions": []})).await;
    assert_eq!((nameless.status, nameless.error()), (StatusCode::BAD_REQUEST, "Role name is required"));
    let empty = create_role(&api, &admin, "Empty", json!([])).await;
    assert_eq!(api.delete(&format!("/api/roles/{empty}"), &admin).await.status, StatusCode::OK);
    assert_eq!(api.get(&format!("/api/roles/{empty}"), &admin).await.status, StatusCode::NOT_FOUND);
}

async fn both_permission_shapes_are_stored_in_one_form(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let legacy = create_role(&api, &admin, "Legacy", json!({"grievances": "read,view_all", "users": ["read"], "audit": "all", "roles": ""})).await;
    let entries = create_role(&api, &admin, "Entries", json!([
        {"resource": "grievances", "can_read": true, "can_view_all": true},
        {"resource": "users", "can_read": true},
        {"resource": "audit", "can_create": true, "can_read": true, "can_update": true, "can_delete": true, "can_view_all": true},
        {"resource": "roles", "can_read": false},
    ])).await;
    let stored = |id: i64| {
        let api = &api;
        let admin = admin.clone();
        async move { api.get(&format!("/api/roles/{id}"), &admin).await.body["data"]["permissions"].clone() }
    };
    let (a, b) = (stored(legacy).await, stored(entries).await);
    assert_eq!(a, b);
    assert_eq!(a.as_array().unwrap().len(), 3, "the empty roles entry is dropped: {a}");
    assert_eq!(a[2], json!({"resource": "audit", "can_create": true, "can_read": true, "can_view_all": false, "can_update": true, "can_delete": true}));
    let bad = api.post("/api/roles", &admin, json!({"name": "Bad", "permissions": {"weapons": "all"}})).await;
    assert_eq!((bad.status, bad.error()), (StatusCode::BAD_REQUEST, "Unknown permission resource 'weapons'"));

    // A permission change reaches a signed-in holder on their next request.
    let holder = create_user(&api, &admin, "Holder", "holder@police.test", legacy).await;
    let token = api.login("holder@police.test", "Officer-Pass-1").await;
    assert_eq!(api.get("/api/users", &token).await.status, StatusCode::OK);
    api.put(&format!("/api/roles/{legacy}"), &admin, json!({"name": "Legacy", "permissions": {"grievances": "read"}})).await;
    assert_eq!(api.get("/api/users", &token).await.status, StatusCode::FORBIDDEN);
    let me = api.get("/api/auth/me", &token).await;
    assert_eq!(me.body["id"], holder);
    assert_eq!(me.body["permissions"].as_array().unwrap().len(), 1);
}

async fn every_list_is_seeded_and_ordered(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let names = |answer: &apitest::Answer| answer.body.as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(names(&api.get("/api/admin/dropdowns/statuses", &admin).await), ["Pending", "In Progress", "Resolved", "Closed"]);
    assert_eq!(names(&api.get("/api/admin/dropdowns/priorities", &admin).await), ["Low", "Medium", "High", "Critical"]);
    // A fresh portal's items have their Hindi names.
    let hindi = |answer: &apitest::Answer| answer.body.as_array().unwrap().iter().map(|i| i["name_hi"].as_str().unwrap_or("-").to_string()).collect::<Vec<_>>();
    assert_eq!(hindi(&api.get("/api/admin/dropdowns/statuses", &admin).await), ["लंबित", "प्रगति पर", "निस्तारित", "बंद"]);
    for kind in ["categories", "call_types", "crime_titles", "districts", "police_stations", "positions", "reasons", "actions", "departments", "designations"] {
        let list = api.get(&format!("/api/admin/dropdowns/{kind}"), &admin).await;
        assert!(list.body.as_array().unwrap().len() >= 4, "{kind} starts with items");
        assert!(list.body.as_array().unwrap().iter().all(|i| i["is_active"] == true));
    }
    assert_eq!(api.get("/api/admin/dropdowns/weapons", &admin).await.status, StatusCode::NOT_FOUND);

    let add = |body: Value| {
        let (api, admin) = (&api, admin.clone());
        async move { api.post("/api/admin/dropdowns/reasons", &admin, body).await }
    };
    let zeta = add(json!({"name": "Zeta", "name_hi": " ज़ेटा ", "description": "z"})).await;
    assert_eq!((zeta.status, zeta.body["display_order"].as_i64(), zeta.body["name_hi"].as_str()), (StatusCode::CREATED, Some(0), Some("ज़ेटा")));
    add(json!({"name": "Alpha", "display_order": "0"})).await;
    let first = names(&api.get("/api/admin/dropdowns/reasons", &admin).await);
    assert_eq!(&first[..2], ["Alpha", "Zeta"], "display order, then name");
    let nameless = add(json!({"name": "  "})).await;
    assert_eq!((nameless.status, nameless.error()), (StatusCode::BAD_REQUEST, "Name is required"));
    let dup = add(json!({"name": "zeta"})).await;
    assert_eq!((dup.status, dup.error()), (StatusCode::CONFLICT, "An item named 'zeta' already exists in this list"));
    let bad_order = add(json!({"name": "Beta", "display_order": "first"})).await;
    assert_eq!(bad_order.error(), "Display order must be a whole number");

    let id = zeta.body["id"].as_i64().unwrap();
    let edit = api.put(&format!("/api/admin/dropdowns/reasons/{id}"), &admin, json!({"name": "Zeta Prime", "display_order": 99, "is_active": false})).await;
    assert_eq!((edit.status, edit.body["is_active"].as_bool()), (StatusCode::OK, Some(false)));
    assert_eq!(edit.body["name_hi"], "ज़ेटा", "an edit that leaves the Hindi name out keeps it");
    let long = api.put(&format!("/api/admin/dropdowns/reasons/{id}"), &admin, json!({"name": "Zeta Prime", "name_hi": "क".repeat(201)})).await;
    assert_eq!((long.status, long.error()), (StatusCode::BAD_REQUEST, "name_hi must be at most 200 characters"));
    // What an edit sets is what the list reads back afterwards, not only what it answers.
    let kept = || {
        let (api, admin) = (&api, admin.clone());
        async move {
            let list = api.get("/api/admin/dropdowns/reasons", &admin).await.body;
            list.as_array().unwrap().iter().find(|i| i["id"] == id).unwrap()["name_hi"].clone()
        }
    };
    let renamed = api.put(&format!("/api/admin/dropdowns/reasons/{id}"), &admin, json!({"name": "Zeta Prime", "name_hi": "ज़ेटा प्राइम", "display_order": 99, "is_active": false})).await;
    assert_eq!((renamed.status, renamed.body["name_hi"].as_str()), (StatusCode::OK, Some("ज़ेटा प्राइम")));
    assert_eq!(kept().await, "ज़ेटा प्राइम", "the new Hindi name is kept");
    let cleared = api.put(&format!("/api/admin/dropdowns/reasons/{id}"), &admin, json!({"name": "Zeta Prime", "name_hi": "", "display_order": 99, "is_active": false})).await;
    assert_eq!((cleared.status, cleared.body.get("name_hi")), (StatusCode::OK, None), "blank clears it: {:?}", cleared.body);
    assert_eq!(kept().await, Value::Null, "and the list reads it cleared");
    assert_eq!(names(&api.get("/api/admin/dropdowns/reasons", &admin).await).last().map(String::as_str), Some("Zeta Prime"));
    add(json!({"name": "Zeta"})).await; // the old name is free again

    // An item named by grievances cannot be deleted, only deactivated. (The grievance
    // writes keep this count, each engine where it keeps it; here it is set as they would.)
    match engine {
        Engine::Sqlite => {
            let file = std::sync::Arc::new(store::sqlite::SqliteStore::open(api.dir().unwrap().join("portal.db")).unwrap());
            let uses = std::collections::BTreeMap::from([((domain::lists::ListKind::Reasons, id), 3)]);
            file.transact_with(Vec::new(), move |tx| engines::sqlite::lists::count_uses(tx, &uses)).await.unwrap().unwrap();
        }
        Engine::Dynamo => api
            .state
            .store
            .transact(vec![store::Write::update(engines::dynamo::lists::item_key(domain::lists::ListKind::Reasons, id), store::Changes::default().add("usage_count", 3))])
            .await
            .unwrap(),
    }
    let used = api.delete(&format!("/api/admin/dropdowns/reasons/{id}"), &admin).await;
    assert_eq!((used.status, used.error()), (StatusCode::CONFLICT, "'Zeta Prime' is used by 3 grievances; deactivate it instead of deleting it"));
    let alpha = names(&api.get("/api/admin/dropdowns/reasons", &admin).await).iter().position(|n| n == "Alpha").unwrap();
    let alpha_id = api.get("/api/admin/dropdowns/reasons", &admin).await.body[alpha]["id"].as_i64().unwrap();
    assert_eq!(api.delete(&format!("/api/admin/dropdowns/reasons/{alpha_id}"), &admin).await.status, StatusCode::OK);
    assert_eq!(api.delete(&format!("/api/admin/dropdowns/reasons/{alpha_id}"), &admin).await.status, StatusCode::NOT_FOUND);
}

async fn departments_and_designations_must_be_active_list_items(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let mut body = user_body("Odd", "odd@police.test", 1);
    body["department"] = json!("Space Force");
    let odd = api.post("/api/users", &admin, body).await;
    assert_eq!((odd.status, odd.body["fields"]["department"].as_str()), (StatusCode::BAD_REQUEST, Some("'Space Force' is not an active department in the Admin Panel")));
    let mut body = user_body("Odd", "odd@police.test", 77);
    body["role_id"] = json!(77);
    let no_role = api.post("/api/users", &admin, body).await;
    assert_eq!((no_role.status, no_role.body["fields"]["role_id"].as_str()), (StatusCode::BAD_REQUEST, Some("The selected role does not exist")));
}

/// A user's posting: kept, answered with the user and in their session, naming a
/// place the lists hold; and a user manager posts users only inside their own posting.
async fn a_user_is_posted_inside_the_posting_of_who_posts_them(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let district = |name: &str, range: &str| json!({"name": name, "range": range});
    let agra = api.post("/api/admin/dropdowns/districts", &admin, district("Agra", "Agra Range")).await.body["id"].as_i64().unwrap();
    let mathura = api.post("/api/admin/dropdowns/districts", &admin, district("Mathura", "Agra Range")).await.body["id"].as_i64().unwrap();
    let sadar = api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": "Sadar Bazar", "district_id": agra})).await.body["id"].as_i64().unwrap();
    let kotwali = api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": "Kotwali", "district_id": mathura})).await.body["id"].as_i64().unwrap();

    // The SP of Agra manages the district's users.
    let managers = create_role(&api, &admin, "User Manager", json!({"users": "create,read,update", "grievances": "read"})).await;
    let mut sp = user_body("SP Agra", "sp.agra@police.test", managers);
    sp["posting"] = json!({"level": "district", "id": agra});
    let sp_answer = api.post("/api/users", &admin, sp).await;
    assert_eq!((sp_answer.status, sp_answer.body["data"]["posting"].clone()), (StatusCode::CREATED, json!({"level": "district", "id": agra})), "{:?}", sp_answer.body);
    let sp_token = api.login("sp.agra@police.test", "Officer-Pass-1").await;
    assert_eq!(api.get("/api/auth/me", &sp_token).await.body["posting"], json!({"level": "district", "id": agra}), "in the session");

    let clerks = create_role(&api, &admin, "Clerk", json!({"grievances": "read"})).await;
    let mut sho = user_body("SHO Sadar", "sho.sadar@police.test", clerks);
    sho["posting"] = json!({"level": "station", "id": sadar});
    let posted = api.post("/api/users", &sp_token, sho).await;
    assert_eq!(posted.status, StatusCode::CREATED, "inside Agra: {:?}", posted.body);
    let sho_id = posted.body["data"]["id"].as_i64().unwrap();

    let outside = "You cannot post a user, or change a user posted, outside your own posting";
    let mut elsewhere = user_body("SHO Kotwali", "sho.kotwali@police.test", clerks);
    elsewhere["posting"] = json!({"level": "station", "id": kotwali});
    let refused = api.post("/api/users", &sp_token, elsewhere.clone()).await;
    assert_eq!((refused.status, refused.error()), (StatusCode::FORBIDDEN, outside), "a station of Mathura");
    let trail = api.get("/api/audit/all?action=GRANT_REFUSED", &admin).await.body.to_string();
    assert!(
        trail.contains(&format!("Create user sho.kotwali@police.test posted at police station {kotwali}: {outside}")),
        "the refusal is in the audit trail: {trail}"
    );
    elsewhere["posting"] = json!({"level": "range", "range": "Agra Range"});
    assert_eq!(api.post("/api/users", &sp_token, elsewhere.clone()).await.error(), outside, "the range above them");
    elsewhere.as_object_mut().unwrap().remove("posting");
    assert_eq!(api.post("/api/users", &sp_token, elsewhere).await.error(), outside, "left out, a new user is posted at the state");
    let mut moved = user_body("SHO Sadar", "sho.sadar@police.test", clerks);
    moved.as_object_mut().unwrap().remove("password");
    moved["posting"] = json!({"level": "station", "id": kotwali});
    assert_eq!(api.put(&format!("/api/users/{sho_id}"), &sp_token, moved.clone()).await.error(), outside, "moved out of Agra");
    let mut kotwali_body = user_body("SHO Kotwali", "sho.kotwali@police.test", clerks);
    kotwali_body["posting"] = json!({"level": "station", "id": kotwali});
    let kotwali_sho = api.post("/api/users", &admin, kotwali_body).await.body["data"]["id"].as_i64().unwrap();
    let reset = api.put(&format!("/api/users/{kotwali_sho}/reset-password"), &sp_token, json!({"newPassword": "Taken-Over-1"})).await;
    assert_eq!((reset.status, reset.error()), (StatusCode::FORBIDDEN, outside), "no password reset for a user posted in Mathura");
    let admin_user = admin_id(&api, &admin).await;
    let mut admin_body = user_body("Asha Admin", ADMIN_EMAIL, 1);
    admin_body.as_object_mut().unwrap().remove("password");
    let refused = api.put(&format!("/api/users/{admin_user}"), &sp_token, admin_body).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "a user posted at the state is not theirs to change: {:?}", refused.body);

    // The Admin, at the state, posts anywhere; the place must be in the lists; an edit that
    // leaves the posting out keeps it.
    let by_admin = api.put(&format!("/api/users/{sho_id}"), &admin, moved.clone()).await;
    assert_eq!(by_admin.body["data"]["posting"], json!({"level": "station", "id": kotwali}), "{:?}", by_admin.body);
    moved.as_object_mut().unwrap().remove("posting");
    moved["phone"] = json!("9000000001");
    assert_eq!(api.put(&format!("/api/users/{sho_id}"), &admin, moved.clone()).await.body["data"]["posting"], json!({"level": "station", "id": kotwali}));
    for (posting, message) in [
        (json!({"level": "station", "id": 987654}), "The posting names a place that is not in the Admin Panel"),
        (json!({"level": "range", "range": "Lucknow Range"}), "The posting names a place that is not in the Admin Panel"),
        (json!({"level": "station"}), "Choose where the user is posted: the state, a range, a district or a police station"),
    ] {
        moved["posting"] = posting;
        let bad = api.put(&format!("/api/users/{sho_id}"), &admin, moved.clone()).await;
        assert_eq!((bad.status, bad.body["fields"]["posting"].as_str()), (StatusCode::BAD_REQUEST, Some(message)), "{:?}", bad.body);
    }
}

on_both_engines!(
    a_user_is_posted_inside_the_posting_of_who_posts_them,
    users_are_answered_without_secrets_and_with_names,
    emails_are_unique_whatever_their_capitals,
    password_rules_hold_on_the_server,
    nobody_deletes_or_deactivates_themselves_and_the_last_admin_stays,
    a_role_held_by_users_and_the_admin_role_cannot_be_deleted,
    both_permission_shapes_are_stored_in_one_form,
    every_list_is_seeded_and_ordered,
    departments_and_designations_must_be_active_list_items,
);
