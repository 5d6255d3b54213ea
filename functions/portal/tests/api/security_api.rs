//! An insider's attempts to reach beyond their role, through the real routers on both
//! engines: granting roles and permissions they do not hold, acting on Admins, look-alike
//! role names, parallel guesses against the lockout, and reading other users' audit records.

use apitest::{on_both_engines, Api, Engine, ADMIN_EMAIL, ADMIN_PASSWORD};
use http::StatusCode;
use serde_json::{json, Value};
use std::sync::Arc;

const PASSWORD: &str = "Officer-Pass-1";

async fn role(api: &Api, admin: &str, name: &str, permissions: Value) -> i64 {
    let answer = api.post("/api/roles", admin, json!({"name": name, "permissions": permissions})).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

fn user_body(email: &str, role_id: i64) -> Value {
    json!({"name": format!("Officer {email}"), "email": email, "password": PASSWORD,
           "department": "Crime Branch", "designation": "Inspector", "role_id": role_id, "status": "active"})
}

async fn user(api: &Api, admin: &str, email: &str, role_id: i64) -> i64 {
    let answer = api.post("/api/users", admin, user_body(email, role_id)).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

async fn me(api: &Api, token: &str) -> Value {
    api.get("/api/auth/me", token).await.body
}

fn edit(email: &str, role_id: i64, status: &str) -> Value {
    json!({"name": format!("Officer {email}"), "email": email, "department": "Crime Branch", "designation": "Inspector", "role_id": role_id, "status": status})
}

async fn refusals(api: &Api, admin: &str) -> Vec<String> {
    let records = api.get("/api/audit/all?action=GRANT_REFUSED&limit=500", admin).await.body;
    records.as_array().unwrap().iter().map(|r| r["notes"].as_str().unwrap_or_default().to_string()).collect()
}

fn forbidden(answer: &apitest::Answer, message: &str) {
    assert_eq!((answer.status, answer.error()), (StatusCode::FORBIDDEN, message), "{:?}", answer.body);
}

async fn a_user_manager_cannot_make_anyone_admin_or_touch_an_admin(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let admin_id = me(&api, &admin).await["id"].as_i64().unwrap();
    let managers = role(&api, &admin, "User Manager", json!({"users": "all", "grievances": "read"})).await;
    let clerks = role(&api, &admin, "Clerk", json!({"grievances": "read"})).await;
    let wider = role(&api, &admin, "Investigator", json!({"grievances": "read,update"})).await;
    let manager_id = user(&api, &admin, "manager@police.test", managers).await;
    let manager = api.login("manager@police.test", PASSWORD).await;

    // Themself: to Admin, or to any other role.
    forbidden(&api.put(&format!("/api/users/{manager_id}"), &manager, edit("manager@police.test", 1, "active")).await, "You cannot change your own role");
    forbidden(&api.put(&format!("/api/users/{manager_id}"), &manager, edit("manager@police.test", clerks, "active")).await, "You cannot change your own role");
    assert_eq!(me(&api, &manager).await["role_name"], "User Manager");
    // A new Admin, or a new account with a wider role.
    forbidden(&api.post("/api/users", &manager, user_body("ghost@police.test", 1)).await, "Only an Admin can give the Admin role");
    forbidden(&api.post("/api/users", &manager, user_body("ghost@police.test", wider)).await, "You cannot give a role that has permissions you do not hold yourself");
    let listed = api.get("/api/users", &admin).await.body.to_string();
    assert!(!listed.contains("ghost@police.test"), "no account was created: {listed}");
    // The Admin's account: edit, email, password, second factor, deactivation, deletion.
    let admin_edit = json!({"name": "Asha Admin", "email": "mine@police.test", "department": "Crime Branch", "designation": "Inspector", "role_id": 1, "status": "active"});
    let only_admin = "Only an Admin can change an Admin's account";
    forbidden(&api.put(&format!("/api/users/{admin_id}"), &manager, admin_edit).await, only_admin);
    forbidden(&api.put(&format!("/api/users/{admin_id}"), &manager, edit(ADMIN_EMAIL, 1, "inactive")).await, only_admin);
    forbidden(&api.put(&format!("/api/users/{admin_id}/reset-password"), &manager, json!({"newPassword": "Taken-Over-1"})).await, only_admin);
    forbidden(&api.post(&format!("/api/users/{admin_id}/reset-two-factor"), &manager, json!({})).await, only_admin);
    forbidden(&api.delete(&format!("/api/users/{admin_id}"), &manager).await, only_admin);
    // Nothing changed: the Admin signs in with their own password and keeps their email.
    let again = api.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(me(&api, &again).await["email"], ADMIN_EMAIL);
    let taken_over = api.call("POST", "/api/auth/login", None, Some(json!({"email": ADMIN_EMAIL, "password": "Taken-Over-1"}))).await;
    assert_eq!(taken_over.status, StatusCode::UNAUTHORIZED);

    // What a user manager may do: give a narrower role, and change such an account.
    let clerk_id = user(&api, &manager, "clerk@police.test", clerks).await;
    let renamed = api.put(&format!("/api/users/{clerk_id}"), &manager, json!({"name": "Clerk Renamed", "email": "clerk@police.test", "department": "Crime Branch", "designation": "Inspector", "role_id": clerks, "status": "active"})).await;
    assert_eq!((renamed.status, renamed.body["data"]["name"].as_str()), (StatusCode::OK, Some("Clerk Renamed")), "{:?}", renamed.body);
    forbidden(&api.put(&format!("/api/users/{clerk_id}"), &manager, edit("clerk@police.test", wider, "active")).await, "You cannot give a role that has permissions you do not hold yourself");
    let reset = api.put(&format!("/api/users/{clerk_id}/reset-password"), &manager, json!({"newPassword": "Clerk-Pass-2"})).await;
    assert_eq!(reset.status, StatusCode::OK, "{:?}", reset.body);
    api.login("clerk@police.test", "Clerk-Pass-2").await;
    // The role picker offers only what the manager may give.
    let options = api.get("/api/users/role-options", &manager).await.body["data"].clone();
    let names: Vec<&str> = options.as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["Clerk", "User Manager"], "{options}");
    // Every refusal is in the audit trail, naming what was attempted.
    let refused = refusals(&api, &admin).await;
    assert_eq!(refused.len(), 10, "{refused:#?}");
    assert!(refused.iter().any(|n| n == "Create user ghost@police.test with role Admin: Only an Admin can give the Admin role"), "{refused:#?}");
    assert!(refused.iter().any(|n| n.starts_with(&format!("Reset the password of {ADMIN_EMAIL} ({admin_id})"))), "{refused:#?}");
}

/// A reset asks for no proof, so one's own session (perhaps left open, or stolen) must not
/// reset one's own password or second factor: that is what Change Password and Profile are
/// for, with the current password and a code. Not even an Admin; another's, as before.
async fn nobody_resets_their_own_password_or_second_factor(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let admin_id = me(&api, &admin).await["id"].as_i64().unwrap();
    let managers = role(&api, &admin, "User Manager", json!({"users": "all", "grievances": "read"})).await;
    let manager_id = user(&api, &admin, "manager@police.test", managers).await;
    let manager = api.login("manager@police.test", PASSWORD).await;
    let setup = api.call("POST", "/api/auth/two-factor/setup", Some(&manager), None).await;
    let secret = setup.body["secret"].as_str().unwrap().to_string();
    let now = time::OffsetDateTime::now_utc().unix_timestamp() as u64;
    let enabled = api.post("/api/auth/two-factor/enable", &manager, json!({"code": auth::two_factor::code_at(&secret, now).unwrap()})).await;
    assert_eq!(enabled.status, StatusCode::OK, "{:?}", enabled.body);

    let own_password = "Use Change Password to change your own password";
    let own_second_factor = "Use your Profile to set up your own second factor";
    for (token, id, email) in [(&admin, admin_id, ADMIN_EMAIL), (&manager, manager_id, "manager@police.test")] {
        let password = api.put(&format!("/api/users/{id}/reset-password"), token, json!({"newPassword": "Taken-Over-1"})).await;
        forbidden(&password, own_password);
        assert_eq!(password.body["code"], "GRANT_OWN_PASSWORD", "{email}");
        let second = api.post(&format!("/api/users/{id}/reset-two-factor"), token, json!({})).await;
        forbidden(&second, own_second_factor);
        assert_eq!(second.body["code"], "GRANT_OWN_TWO_FACTOR", "{email}");
        assert_eq!(api.get("/api/auth/me", token).await.status, StatusCode::OK, "{email}'s session goes on: nothing was reset");
        let taken_over = api.call("POST", "/api/auth/login", None, Some(json!({"email": email, "password": "Taken-Over-1"}))).await;
        assert_eq!(taken_over.status, StatusCode::UNAUTHORIZED, "{email} keeps their password");
    }
    assert_eq!(me(&api, &manager).await["two_factor_enabled"], true, "the manager's second factor stands");
    let step = api.call("POST", "/api/auth/login", None, Some(json!({"email": "manager@police.test", "password": PASSWORD}))).await;
    assert_eq!(step.body["two_factor_required"], true, "and is asked for at sign-in");
    let refused = refusals(&api, &admin).await;
    assert_eq!(refused.len(), 4, "{refused:#?}");
    assert!(refused.contains(&format!("Reset the password of {ADMIN_EMAIL} ({admin_id}): {own_password}")), "{refused:#?}");
    assert!(refused.contains(&format!("Reset the two-factor authentication of manager@police.test ({manager_id}): {own_second_factor}")), "{refused:#?}");

    // Another's: the Admin resets the manager's password and second factor.
    let reset = api.put(&format!("/api/users/{manager_id}/reset-password"), &admin, json!({"newPassword": "Manager-Pass-2"})).await;
    assert_eq!((reset.status, reset.body["message"].as_str()), (StatusCode::OK, Some("Password reset successfully")), "{:?}", reset.body);
    let cleared = api.post(&format!("/api/users/{manager_id}/reset-two-factor"), &admin, json!({})).await;
    assert_eq!((cleared.status, cleared.body["message"].as_str()), (StatusCode::OK, Some("Two-factor authentication reset")), "{:?}", cleared.body);
    let manager = api.login("manager@police.test", "Manager-Pass-2").await;
    assert_eq!(me(&api, &manager).await["two_factor_enabled"], false);
    // And the manager resets someone else's within their reach.
    let clerks = role(&api, &admin, "Clerk", json!({"grievances": "read"})).await;
    let clerk_id = user(&api, &admin, "clerk@police.test", clerks).await;
    let theirs = api.put(&format!("/api/users/{clerk_id}/reset-password"), &manager, json!({"newPassword": "Clerk-Pass-2"})).await;
    assert_eq!(theirs.status, StatusCode::OK, "{:?}", theirs.body);
    api.login("clerk@police.test", "Clerk-Pass-2").await;
}

async fn a_role_manager_cannot_widen_a_role_or_touch_the_admin_role(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let managers = role(&api, &admin, "Role Manager", json!({"roles": "all", "grievances": "read"})).await;
    user(&api, &admin, "roles@police.test", managers).await;
    let manager = api.login("roles@police.test", PASSWORD).await;
    let everything = json!({"grievances": "all", "users": "all", "roles": "all", "dropdowns": "all", "reports": "all", "dashboard": "all", "audit": "all"});

    forbidden(&api.put(&format!("/api/roles/{managers}"), &manager, json!({"name": "Role Manager", "permissions": everything})).await, "You cannot change or delete the role you hold yourself");
    forbidden(&api.post("/api/roles", &manager, json!({"name": "Super", "permissions": everything})).await, "You cannot give a role permissions you do not hold yourself");
    forbidden(&api.post("/api/roles", &manager, json!({"name": "Editor", "permissions": {"grievances": "read,update"}})).await, "You cannot give a role permissions you do not hold yourself");
    let before = api.get("/api/roles/1", &admin).await.body["data"].clone();
    forbidden(&api.put("/api/roles/1", &manager, json!({"name": "Admin", "permissions": everything, "require_two_factor": false})).await, "Only an Admin can change the Admin role");
    forbidden(&api.delete("/api/roles/1", &manager).await, "Only an Admin can change the Admin role");
    assert_eq!(api.get("/api/roles/1", &admin).await.body["data"], before, "the Admin role is unchanged");
    assert_eq!(me(&api, &manager).await["permissions"], json!([{"resource": "grievances", "can_create": false, "can_read": true, "can_view_all": false, "can_update": false, "can_delete": false},
        {"resource": "roles", "can_create": true, "can_read": true, "can_view_all": false, "can_update": true, "can_delete": true}]));

    // Allowed: a narrower role, created, changed within reach, and deleted.
    let readers = role(&api, &manager, "Reader", json!({"grievances": "read"})).await;
    let widened = api.put(&format!("/api/roles/{readers}"), &manager, json!({"name": "Reader", "permissions": {"grievances": "read,delete"}})).await;
    forbidden(&widened, "You cannot give a role permissions you do not hold yourself");
    let changed = api.put(&format!("/api/roles/{readers}"), &manager, json!({"name": "Reader", "description": "reads", "permissions": {"grievances": "read", "roles": "read"}})).await;
    assert_eq!(changed.status, StatusCode::OK, "{:?}", changed.body);
    assert_eq!(api.delete(&format!("/api/roles/{readers}"), &manager).await.status, StatusCode::OK);
    assert_eq!(refusals(&api, &admin).await.len(), 6);
}

async fn look_alikes_of_a_role_name_are_refused(engine: Engine) {
    let api = Arc::new(Api::new(engine, portal::areas).await);
    let admin = api.admin().await;
    for fake in ["\u{0410}dmin", "Admin\u{200B}", "\u{FF21}\u{FF44}\u{FF4D}\u{FF49}\u{FF4E}", "ADMIN", "Adm\u{0456}n"] {
        let answer = api.post("/api/roles", &admin, json!({"name": fake, "permissions": {"grievances": "read"}})).await;
        assert_eq!((answer.status, answer.error()), (StatusCode::CONFLICT, "A role with this name already exists"), "{fake:?}");
    }
    let sho = role(&api, &admin, "Station\u{200B} House  Officer", json!({"grievances": "read"})).await;
    assert_eq!(api.get(&format!("/api/roles/{sho}"), &admin).await.body["data"]["name"], "Station House Officer", "stored without what cannot be seen");
    let renamed = api.put(&format!("/api/roles/{sho}"), &admin, json!({"name": "\u{0410}dmin", "permissions": {"grievances": "read"}})).await;
    assert_eq!((renamed.status, renamed.error()), (StatusCode::CONFLICT, "A role with this name already exists"));
    // Two look-alikes of each other sent at once: one role.
    let names = ["Sub Inspector", "Sub Insp\u{0435}ctor", "Sub Inspect\u{043E}r", "SUB INSPECTOR"];
    let tasks: Vec<_> = names
        .iter()
        .map(|name| {
            let (api, admin, name) = (api.clone(), admin.clone(), name.to_string());
            tokio::spawn(async move { api.post("/api/roles", &admin, json!({"name": name, "permissions": {"grievances": "read"}})).await.status })
        })
        .collect();
    let mut created = 0;
    for task in tasks {
        match task.await.unwrap() {
            StatusCode::CREATED => created += 1,
            StatusCode::CONFLICT => {}
            other => panic!("{other}"),
        }
    }
    assert_eq!(created, 1, "exactly one of the look-alikes exists");
}

/// Sends `bodies` to `path` all at once; answers each status, in order.
async fn burst(api: &Arc<Api>, path: &str, bodies: Vec<Value>) -> Vec<StatusCode> {
    let tasks: Vec<_> = bodies
        .into_iter()
        .map(|body| {
            let (api, path) = (api.clone(), path.to_string());
            tokio::spawn(async move { api.call("POST", &path, None, Some(body)).await.status })
        })
        .collect();
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap());
    }
    statuses
}

async fn parallel_guesses_are_judged_five_at_most_and_the_right_one_is_refused(engine: Engine) {
    let api = Arc::new(Api::new(engine, portal::areas).await);
    let admin = api.admin().await;
    let readers = role(&api, &admin, "Reader", json!({"grievances": "read"})).await;
    user(&api, &admin, "target@police.test", readers).await;
    let mut bodies: Vec<Value> = (0..30).map(|i| json!({"email": "target@police.test", "password": format!("guess-{i}")})).collect();
    bodies.push(json!({"email": "target@police.test", "password": PASSWORD}));
    let statuses = burst(&api, "/api/auth/login", bodies).await;
    let judged_wrong = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    let right = statuses[30];
    println!("30 wrong passwords and the right one at once: {judged_wrong} judged wrong, the right one {right}");
    assert!(judged_wrong <= 5, "{statuses:?}");
    assert_eq!(right, StatusCode::TOO_MANY_REQUESTS, "{statuses:?}");
    assert!(statuses.iter().all(|s| [StatusCode::UNAUTHORIZED, StatusCode::TOO_MANY_REQUESTS].contains(s)), "{statuses:?}");
    let later = api.call("POST", "/api/auth/login", None, Some(json!({"email": "target@police.test", "password": PASSWORD}))).await;
    assert_eq!(later.status, StatusCode::TOO_MANY_REQUESTS, "the right password during the lock: {:?}", later.body);
    assert!(later.error().starts_with("Too many failed sign-in attempts. Please try again in 15 minute"), "{:?}", later.body);
}

async fn parallel_second_factor_codes_are_bounded_like_passwords(engine: Engine) {
    let api = Arc::new(Api::new(engine, portal::areas).await);
    let admin = api.admin().await;
    let readers = role(&api, &admin, "Reader", json!({"grievances": "read"})).await;
    user(&api, &admin, "codes@police.test", readers).await;
    let token = api.login("codes@police.test", PASSWORD).await;
    let setup = api.call("POST", "/api/auth/two-factor/setup", Some(&token), None).await;
    let secret = setup.body["secret"].as_str().unwrap().to_string();
    let now = || time::OffsetDateTime::now_utc().unix_timestamp() as u64;
    let enabled = api.post("/api/auth/two-factor/enable", &token, json!({"code": auth::two_factor::code_at(&secret, now()).unwrap()})).await;
    assert_eq!(enabled.status, StatusCode::OK, "{:?}", enabled.body);
    let step = api.call("POST", "/api/auth/login", None, Some(json!({"email": "codes@police.test", "password": PASSWORD}))).await;
    let challenge = step.body["challenge"].clone();
    assert!(challenge.is_string(), "{:?}", step.body);
    let right = auth::two_factor::code_at(&secret, now() + 30).unwrap();
    let mut bodies: Vec<Value> = (0..30).map(|i| json!({"challenge": challenge, "code": format!("{:06}", (i * 7919 + 13) % 1_000_000)})).filter(|b| b["code"] != right.as_str()).collect();
    bodies.truncate(30);
    bodies.push(json!({"challenge": challenge, "code": right}));
    let last = bodies.len() - 1;
    let statuses = burst(&api, "/api/auth/login/two-factor", bodies).await;
    let judged_wrong = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    println!("{last} wrong codes and the right one at once: {judged_wrong} judged wrong, the right one {}", statuses[last]);
    assert!(judged_wrong <= 5, "{statuses:?}");
    assert_eq!(statuses[last], StatusCode::TOO_MANY_REQUESTS, "{statuses:?}");
    let failed = api.get("/api/audit/all?action=TWO_FACTOR_FAILED", &admin).await.body;
    assert_eq!(failed.as_array().unwrap().len(), judged_wrong, "each judged code is audited once");
}

async fn the_current_password_check_counts_toward_the_lockout(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let readers = role(&api, &admin, "Reader", json!({"grievances": "read"})).await;
    user(&api, &admin, "stolen@police.test", readers).await;
    let token = api.login("stolen@police.test", PASSWORD).await;
    for i in 0..5 {
        let wrong = api.post("/api/auth/change-password", &token, json!({"oldPassword": format!("guess-{i}"), "newPassword": "Changed-Pass-1"})).await;
        assert_eq!((wrong.status, wrong.error()), (StatusCode::BAD_REQUEST, "Current password is incorrect"));
    }
    let right = api.post("/api/auth/change-password", &token, json!({"oldPassword": PASSWORD, "newPassword": "Changed-Pass-1"})).await;
    assert_eq!(right.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", right.body);
    let sign_in = api.call("POST", "/api/auth/login", None, Some(json!({"email": "stolen@police.test", "password": PASSWORD}))).await;
    assert_eq!(sign_in.status, StatusCode::TOO_MANY_REQUESTS, "the same lock as signing in");
}

fn form(fir: &str) -> Value {
    json!({"type_of_call": "Walk-in", "fir_no": fir, "fir_date": "2026-10-05", "section_and_act": "379 IPC",
           "crime_title": "Theft", "district": "Central District", "police_station": "Civil Lines",
           "status": "Pending", "priority": "High", "brief_details": "Motorcycle stolen from the market parking."})
}

async fn file(api: &Api, token: &str, fir: &str) -> i64 {
    let answer = api.post("/api/grievances", token, form(fir)).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

/// What `/api/audit/all` answers `token`, as (grievance id, user id, action).
async fn trail_seen(api: &Api, token: &str) -> Vec<(i64, i64, String)> {
    let answer = api.get("/api/audit/all?limit=500", token).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer.body.as_array().unwrap().iter().map(|r| (r["grievance_id"].as_i64().unwrap(), r["user_id"].as_i64().unwrap(), r["action"].as_str().unwrap().to_string())).collect()
}

async fn the_audit_trail_answers_only_what_the_caller_may_see(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let clerks = role(&api, &admin, "Desk Clerk", json!({"grievances": "create,read,update", "audit": "read"})).await;
    let ravi_id = user(&api, &admin, "ravi@police.test", clerks).await;
    let sita_id = user(&api, &admin, "sita@police.test", clerks).await;
    let ravi = api.login("ravi@police.test", PASSWORD).await;
    let sita = api.login("sita@police.test", PASSWORD).await;
    let ravis = file(&api, &ravi, "FIR-R-1").await;
    let sitas = file(&api, &sita, "FIR-S-1").await;
    let admins = file(&api, &admin, "FIR-A-1").await;
    // Event records about no grievance: each one's export.
    for token in [&sita, &admin, &ravi] {
        assert_eq!(api.get("/api/grievances/export/excel", token).await.status, StatusCode::OK);
    }
    assert_eq!(api.post("/api/users", &admin, user_body("third@police.test", clerks)).await.status, StatusCode::CREATED);

    for id in ["0", "-1", "424242", &sitas.to_string(), &admins.to_string()] {
        let answer = api.get(&format!("/api/audit/grievance/{id}"), &ravi).await;
        assert_eq!((answer.status, answer.error()), (StatusCode::NOT_FOUND, "Grievance not found"), "grievance {id}: {:?}", answer.body);
    }
    let own = api.get(&format!("/api/audit/grievance/{ravis}"), &ravi).await;
    assert_eq!((own.status, own.body.as_array().map(Vec::len)), (StatusCode::OK, Some(1)), "{:?}", own.body);
    // Even the Admin does not read event records as a grievance's trail.
    assert_eq!(api.get("/api/audit/grievance/0", &admin).await.status, StatusCode::NOT_FOUND);

    let seen = trail_seen(&api, &ravi).await;
    assert_eq!(seen, vec![(0, ravi_id, "EXPORTED".to_string()), (ravis, ravi_id, "CREATED".to_string())], "Ravi's own records, newest first");
    let everything = trail_seen(&api, &admin).await;
    assert!(everything.contains(&(sitas, sita_id, "CREATED".into())) && everything.contains(&(0, sita_id, "EXPORTED".into())), "{everything:?}");
    let filtered = api.get(&format!("/api/audit/all?userId={sita_id}"), &ravi).await;
    assert_eq!(filtered.body, json!([]), "a filter on another user reads only within one's own view");

    // Counts over the whole state are withheld from those who do not see it.
    let stats = api.get("/api/audit/statistics", &ravi).await.body;
    assert_eq!(stats, json!({"totalActions": null, "totalGrievances": null, "totalUsers": null}));
    let stats = api.get("/api/audit/statistics", &admin).await.body;
    assert_eq!((stats["totalGrievances"].as_i64(), stats["totalUsers"].as_i64()), (Some(3), Some(4)), "{stats}");
    let districts = api.get("/api/admin/dropdowns/districts", &ravi).await.body;
    assert!(districts.as_array().unwrap().iter().all(|d| d.get("usage_count").is_none()), "{districts}");
    let districts = api.get("/api/admin/dropdowns/districts", &admin).await.body;
    let central = districts.as_array().unwrap().iter().find(|d| d["name"] == "Central District").unwrap().clone();
    assert_eq!(central["usage_count"], 3);

    // A store of the release before the per-user views, on the item engine (the embedded
    // trail is relational; an old data directory's records reach it through the upgrade
    // tests' fixtures): the upgrade puts the views in place.
    if engine == Engine::Dynamo {
        let store = api.state.store.as_ref();
        for user_id in [ravi_id, sita_id] {
            let views = store.query(&store::Query::table(engines::dynamo::grievance_keys::audit_viewer_pk(user_id)).limit(100)).await.unwrap();
            let deletes = views.items.iter().map(|i| store::Write::delete(i.key.clone())).collect::<Vec<_>>();
            assert!(!deletes.is_empty());
            store.transact(deletes).await.unwrap();
        }
        assert!(trail_seen(&api, &ravi).await.is_empty(), "without the views, as an earlier release left the data");
        let placed = engines::migrations::audit_viewer_views(store).await.unwrap().expect("the upgrade runs");
        assert_eq!(placed, 10, "three filings, three exports and the Admin's administrative changes (a role, three accounts)");
        assert_eq!(trail_seen(&api, &ravi).await, seen, "the same records after the upgrade");
        assert_eq!(engines::migrations::audit_viewer_views(store).await.unwrap(), None, "once");
    }
}

async fn assignment_reveals_no_one_outside_the_callers_scope(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let admin_id = me(&api, &admin).await["id"].as_i64().unwrap();
    let clerks = role(&api, &admin, "Desk Clerk", json!({"grievances": "create,read,update"})).await;
    let ravi_id = user(&api, &admin, "ravi@police.test", clerks).await;
    let ravi = api.login("ravi@police.test", PASSWORD).await;
    let g = file(&api, &ravi, "FIR-R-9").await;
    let offered = api.get("/api/grievances/assignees", &ravi).await;
    assert_eq!(offered.body["data"], json!([{"id": ravi_id, "name": "Officer ravi@police.test", "designation": "Inspector"}]), "only themself");
    for target in [admin_id, 424242] {
        let answer = api.put(&format!("/api/grievances/{g}/assign"), &ravi, json!({"user_id": target})).await;
        assert_eq!((answer.status, answer.error()), (StatusCode::NOT_FOUND, "User not found"), "user {target}");
    }
    let to_self = api.put(&format!("/api/grievances/{g}/assign"), &ravi, json!({"user_id": ravi_id})).await;
    assert_eq!((to_self.status, to_self.body["data"]["assigned_to"].as_i64()), (StatusCode::OK, Some(ravi_id)), "{:?}", to_self.body);
    // The state scope assigns to anyone active; an unknown id is the same 404.
    let unknown = api.put(&format!("/api/grievances/{g}/assign"), &admin, json!({"user_id": 424242})).await;
    assert_eq!((unknown.status, unknown.error()), (StatusCode::NOT_FOUND, "User not found"));
    let to_admin = api.put(&format!("/api/grievances/{g}/assign"), &admin, json!({"user_id": admin_id})).await;
    assert_eq!(to_admin.status, StatusCode::OK);
    let all = api.get("/api/grievances/assignees", &admin).await.body["data"].clone();
    let ids: Vec<i64> = all.as_array().unwrap().iter().map(|a| a["id"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 2, "{all}");
    assert!(ids.contains(&admin_id) && ids.contains(&ravi_id), "{all}");
    let readers = role(&api, &admin, "Reader", json!({"grievances": "read"})).await;
    user(&api, &admin, "reader@police.test", readers).await;
    let reader = api.login("reader@police.test", PASSWORD).await;
    forbidden(&api.get("/api/grievances/assignees", &reader).await, "You do not have permission to update grievances");
}

on_both_engines!(
    a_user_manager_cannot_make_anyone_admin_or_touch_an_admin,
    nobody_resets_their_own_password_or_second_factor,
    a_role_manager_cannot_widen_a_role_or_touch_the_admin_role,
    look_alikes_of_a_role_name_are_refused,
    parallel_guesses_are_judged_five_at_most_and_the_right_one_is_refused,
    parallel_second_factor_codes_are_bounded_like_passwords,
    the_current_password_check_counts_toward_the_lockout,
    the_audit_trail_answers_only_what_the_caller_may_see,
    assignment_reveals_no_one_outside_the_callers_scope,
);
