//! Closure approval through the real routers, on both engines: an officer whose
//! role needs approval asks for a closure instead of closing; another officer with
//! `grievances approve` whose scope holds the case approves it or returns it with a reason;
//! the "Closure requests" queue; the audit records; self-approval refused, outside the scope
//! not found; two decisions at once settle once; nobody lifts the approval rule they are
//! under.

use apitest::{on_both_engines, Answer, Api, Engine};
use http::StatusCode;
use serde_json::{json, Value};

const PASSWORD: &str = "Officer-Pass-1";

fn form(status: &str) -> Value {
    json!({"type_of_call": "Walk-in", "fir_no": "SADAR-12", "fir_date": "2026-10-05", "section_and_act": "379 IPC",
           "crime_title": "Theft", "district": "Agra", "police_station": "Sadar Bazar",
           "status": status, "priority": "High", "brief_details": "Motorcycle stolen from the market parking."})
}

/// Agra (with Sadar Bazar) and Mathura (with Kotwali); a desk officer at Sadar Bazar whose
/// closures need approval (and who holds approve, to show it is not theirs to use), the SP of
/// Agra and a second approver there, and the SP of Mathura.
struct Station {
    desk: String,
    sp: String,
    second: String,
    mathura_sp: String,
    desk_id: i64,
}

async fn station(api: &Api, admin: &str) -> Station {
    let mut districts = Vec::new();
    for name in ["Agra", "Mathura"] {
        let answer = api.post("/api/admin/dropdowns/districts", admin, json!({"name": name})).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
        districts.push(answer.body["id"].as_i64().unwrap());
    }
    let mut stations = Vec::new();
    for (name, district) in [("Sadar Bazar", districts[0]), ("Kotwali", districts[1])] {
        let answer = api.post("/api/admin/dropdowns/police_stations", admin, json!({"name": name, "district_id": district})).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
        stations.push(answer.body["id"].as_i64().unwrap());
    }
    let desk_role = api
        .post("/api/roles", admin, json!({"name": "Desk Officer", "closing_needs_approval": true,
            "permissions": {"grievances": "create,read,update,approve,view_posting"}}))
        .await;
    assert_eq!(desk_role.status, StatusCode::CREATED, "{:?}", desk_role.body);
    assert_eq!(desk_role.body["data"]["closing_needs_approval"], true);
    assert_eq!(desk_role.body["data"]["permissions"][0]["can_approve"], true);
    let sp_role = api.post("/api/roles", admin, json!({"name": "Superintendent", "permissions": {"grievances": "read,update,approve,view_posting"}})).await;
    assert_eq!(sp_role.status, StatusCode::CREATED, "{:?}", sp_role.body);
    assert_eq!(sp_role.body["data"]["closing_needs_approval"], false);
    let user = |email: &str, role: &Answer, posting: Value| {
        json!({"name": email, "email": email, "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector",
               "role_id": role.body["data"]["id"], "status": "active", "posting": posting})
    };
    let mut desk_id = 0;
    for (email, role, posting) in [
        ("desk@agra.test", &desk_role, json!({"level": "station", "id": stations[0]})),
        ("sp@agra.test", &sp_role, json!({"level": "district", "id": districts[0]})),
        ("asp@agra.test", &sp_role, json!({"level": "district", "id": districts[0]})),
        ("sp@mathura.test", &sp_role, json!({"level": "district", "id": districts[1]})),
    ] {
        let answer = api.post("/api/users", admin, user(email, role, posting)).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
        if email == "desk@agra.test" {
            desk_id = answer.body["data"]["id"].as_i64().unwrap();
        }
    }
    Station {
        desk: api.login("desk@agra.test", PASSWORD).await,
        sp: api.login("sp@agra.test", PASSWORD).await,
        second: api.login("asp@agra.test", PASSWORD).await,
        mathura_sp: api.login("sp@mathura.test", PASSWORD).await,
        desk_id,
    }
}

async fn status_id(api: &Api, token: &str, name: &str) -> i64 {
    let statuses = api.get("/api/admin/dropdowns/statuses", token).await.body;
    statuses.as_array().unwrap().iter().find(|s| s["name"] == name).unwrap()["id"].as_i64().unwrap()
}

/// Files a grievance under a FIR number of its own (a number recorded already would be
/// refused as a duplicate).
async fn file(api: &Api, token: &str) -> i64 {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(100);
    let mut body = form("Pending");
    body["fir_no"] = json!(format!("SADAR-{}", NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)));
    let answer = api.post("/api/grievances", token, body).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

/// The grievance's history as (action, user name, notes).
async fn history(api: &Api, token: &str, id: i64) -> Vec<(String, String, Option<String>)> {
    let answer = api.get(&format!("/api/grievances/{id}/history"), token).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["action"].as_str().unwrap().to_string(), r["user_name"].as_str().unwrap().to_string(), r["notes"].as_str().map(str::to_string)))
        .collect()
}

fn has(trail: &[(String, String, Option<String>)], action: &str, who: &str) -> usize {
    trail.iter().filter(|(a, w, _)| a == action && w == who).count()
}

async fn queue(api: &Api, token: &str) -> (Vec<i64>, Option<i64>) {
    let answer = api.get("/api/grievances?closure=pending", token).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    let ids = answer.body["data"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
    (ids, answer.body["matched"].as_i64())
}

async fn a_closure_is_requested_then_approved_by_another_officer_in_scope(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let s = station(&api, &admin).await;
    let id = file(&api, &s.desk).await;
    let closed = status_id(&api, &admin, "Closed").await;

    // The desk officer closes: without the final decision it is refused, and nothing moves;
    // with it, a request, the status and the case's decision as they were.
    let bare = api.put(&format!("/api/grievances/{id}/status"), &s.desk, json!({"status_id": closed, "notes": "Complainant withdrew in writing.", "final_decision": "  "})).await;
    assert_eq!((bare.status, bare.body["fields"]["final_decision"].as_str()), (StatusCode::BAD_REQUEST, Some("Record the final decision before asking for the case to be closed")), "{:?}", bare.body);
    assert_eq!(api.get(&format!("/api/grievances/{id}"), &s.desk).await.body["data"]["version"], 1);
    let asked = api.put(&format!("/api/grievances/{id}/status"), &s.desk,
        json!({"status_id": closed, "notes": "Complainant withdrew in writing.", "final_decision": "Withdrawn by the complainant"})).await;
    assert_eq!(asked.status, StatusCode::OK, "{:?}", asked.body);
    let g = &asked.body["data"];
    assert_eq!((g["final_decision"].as_str(), g["closure"]["final_decision"].as_str()), (None, Some("Withdrawn by the complainant")));
    assert_eq!(g["status"], "Pending");
    assert_eq!(g["resolved_at"], Value::Null);
    assert_eq!(g["closure"]["status"], "Closed");
    assert_eq!(g["closure"]["status_id"], closed);
    assert_eq!(g["closure"]["notes"], "Complainant withdrew in writing.");
    assert_eq!(g["closure"]["requested_by"], s.desk_id);
    assert_eq!(g["closure"]["requested_by_name"], "desk@agra.test");
    let version = g["version"].as_i64().unwrap();

    // The queue: the SP of Agra sees it, with its count; the SP of Mathura does not.
    assert_eq!(queue(&api, &s.sp).await, (vec![id], Some(1)));
    assert_eq!(queue(&api, &s.mathura_sp).await, (vec![], Some(0)));
    let invalid = api.get("/api/grievances?closure=done", &s.sp).await;
    assert_eq!((invalid.status, invalid.body["fields"]["closure"].as_str()), (StatusCode::BAD_REQUEST, Some("closure must be pending")));

    // Nobody decides on their own request; outside the scope the case is not found; the
    // status moves only by a decision now; a user without approve is refused.
    let own = api.post(&format!("/api/grievances/{id}/closure/approve"), &s.desk, json!({})).await;
    assert_eq!((own.status, own.error()), (StatusCode::FORBIDDEN, "You cannot approve or return your own closure request"));
    let own_return = api.post(&format!("/api/grievances/{id}/closure/return"), &s.desk, json!({"reason": "Changed my mind"})).await;
    assert_eq!((own_return.status, own_return.error()), (StatusCode::FORBIDDEN, "You cannot approve or return your own closure request"));
    let outside = api.post(&format!("/api/grievances/{id}/closure/approve"), &s.mathura_sp, json!({})).await;
    assert_eq!((outside.status, outside.error()), (StatusCode::NOT_FOUND, "Grievance not found"));
    let resolved = status_id(&api, &admin, "Resolved").await;
    let moved = api.put(&format!("/api/grievances/{id}/status"), &s.sp, json!({"status_id": resolved})).await;
    assert_eq!((moved.status, moved.error()), (StatusCode::CONFLICT, "A closure request is pending: approve or return it first"));
    let reader_role = api.post("/api/roles", &admin, json!({"name": "Reader", "permissions": {"grievances": "read,update,view_all"}})).await;
    api.post("/api/users", &admin, json!({"name": "Reader", "email": "reader@agra.test", "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": reader_role.body["data"]["id"], "status": "active"})).await;
    let reader = api.login("reader@agra.test", PASSWORD).await;
    let refused = api.post(&format!("/api/grievances/{id}/closure/approve"), &reader, json!({})).await;
    assert_eq!((refused.status, refused.error()), (StatusCode::FORBIDDEN, "You do not have permission to approve grievances"));
    let stale = api.post(&format!("/api/grievances/{id}/closure/approve"), &s.sp, json!({"version": version - 1})).await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{:?}", stale.body);

    // The SP approves: the status moves as proposed, resolved now.
    let approved = api.post(&format!("/api/grievances/{id}/closure/approve"), &s.sp, json!({"version": version})).await;
    assert_eq!(approved.status, StatusCode::OK, "{:?}", approved.body);
    let g = &approved.body["data"];
    assert_eq!((g["status"].as_str(), g["closure"].is_null(), g["final_decision"].as_str()), (Some("Closed"), true, Some("Withdrawn by the complainant")));
    assert!(g["resolved_at"].is_string(), "{g}");
    assert_eq!(api.get(&format!("/api/grievances/{id}"), &s.desk).await.body["data"]["status"], "Closed");
    assert_eq!(queue(&api, &s.sp).await, (vec![], Some(0)));
    let again = api.post(&format!("/api/grievances/{id}/closure/approve"), &s.second, json!({})).await;
    assert_eq!((again.status, again.error()), (StatusCode::CONFLICT, "No closure request is pending"));

    let trail = history(&api, &admin, id).await;
    assert_eq!(has(&trail, "CLOSURE_REQUESTED", "desk@agra.test"), 1, "{trail:?}");
    assert_eq!(has(&trail, "CLOSURE_APPROVED", "sp@agra.test"), 1, "{trail:?}");
    assert_eq!(has(&trail, "STATUS_CHANGED", "sp@agra.test"), 1, "{trail:?}");
    assert_eq!(has(&trail, "CLOSED", "sp@agra.test"), 1, "{trail:?}");
    assert_eq!(has(&trail, "STATUS_CHANGED", "desk@agra.test"), 0, "the request moved no status: {trail:?}");
    let requested = trail.iter().find(|(a, ..)| a == "CLOSURE_REQUESTED").unwrap();
    assert_eq!(requested.2.as_deref(), Some("Complainant withdrew in writing."));
    let by_action = api.get("/api/audit/all?action=CLOSURE_APPROVED", &admin).await;
    assert_eq!(by_action.status, StatusCode::OK, "{:?}", by_action.body);
    assert_eq!(by_action.body.as_array().unwrap().len(), 1, "{:?}", by_action.body);

    // An officer who closes without approval records the decision with the status, audited
    // as a change of the field; a decision sent with an open status is not kept.
    let direct = file(&api, &admin).await;
    let pending = status_id(&api, &admin, "Pending").await;
    let open = api.put(&format!("/api/grievances/{direct}/status"), &s.sp, json!({"status_id": pending, "final_decision": "Too early"})).await;
    assert_eq!((open.status, open.body["data"]["final_decision"].as_str()), (StatusCode::OK, None), "{:?}", open.body);
    let decided = api.put(&format!("/api/grievances/{direct}/status"), &s.sp, json!({"status_id": resolved, "final_decision": "Compromise recorded"})).await;
    assert_eq!((decided.status, decided.body["data"]["status"].as_str(), decided.body["data"]["final_decision"].as_str()), (StatusCode::OK, Some("Resolved"), Some("Compromise recorded")), "{:?}", decided.body);
    let records = api.get(&format!("/api/grievances/{direct}/history"), &s.sp).await.body["data"].clone();
    let updated: Vec<_> = records.as_array().unwrap().iter().filter(|r| r["action"] == "UPDATED").map(|r| (r["field_name"].clone(), r["new_value"].clone())).collect();
    assert_eq!(updated, vec![(json!("final_decision"), json!("Compromise recorded"))]);
}

fn with(mut body: Value, changes: Value) -> Value {
    for (k, v) in changes.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

async fn a_closure_is_returned_with_a_reason_and_asked_again(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let s = station(&api, &admin).await;

    // Filing a case as already resolved is closing it: filed pending, with a request, which
    // needs the decision.
    let bare = api.post("/api/grievances", &s.desk, form("Resolved")).await;
    assert_eq!((bare.status, bare.body["fields"]["final_decision"].as_str()), (StatusCode::BAD_REQUEST, Some("Record the final decision before asking for the case to be closed")), "{:?}", bare.body);
    let filed = api.post("/api/grievances", &s.desk, with(form("Resolved"), json!({"final_decision": "Settled between the parties"}))).await;
    assert_eq!(filed.status, StatusCode::CREATED, "{:?}", filed.body);
    let g = filed.body["data"].clone();
    let id = g["id"].as_i64().unwrap();
    assert_eq!((g["status"].as_str(), g["final_decision"].as_str()), (Some("Pending"), None));
    assert_eq!((g["closure"]["status"].as_str(), g["closure"]["final_decision"].as_str()), (Some("Resolved"), Some("Settled between the parties")));

    // Returned: a reason is required; the status stays; the request is gone.
    let blank = api.post(&format!("/api/grievances/{id}/closure/return"), &s.sp, json!({"reason": "   "})).await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST, "{:?}", blank.body);
    assert_eq!(blank.body["fields"]["reason"], "Give a reason for returning the closure request");
    let returned = api.post(&format!("/api/grievances/{id}/closure/return"), &s.sp, json!({"reason": "The complainant's statement is missing."})).await;
    assert_eq!(returned.status, StatusCode::OK, "{:?}", returned.body);
    let g = returned.body["data"].clone();
    assert_eq!((g["status"].as_str(), g["closure"].is_null(), g["final_decision"].as_str()), (Some("Pending"), true, None));
    let trail = history(&api, &admin, id).await;
    let back = trail.iter().find(|(a, ..)| a == "CLOSURE_RETURNED").expect("a CLOSURE_RETURNED record");
    assert_eq!((back.1.as_str(), back.2.as_deref()), ("sp@agra.test", Some("The complainant's statement is missing.")));

    // Asked again through the edit form: the other fields change at once, the status and
    // final decision wait for the approval.
    let edit = with(form("Closed"), json!({"brief_details": "Motorcycle found and returned.", "final_decision": "Property restored", "version": g["version"]}));
    let asked = api.put(&format!("/api/grievances/{id}"), &s.desk, edit).await;
    assert_eq!(asked.status, StatusCode::OK, "{:?}", asked.body);
    let g = asked.body["data"].clone();
    assert_eq!((g["status"].as_str(), g["brief_details"].as_str(), g["final_decision"].as_str()), (Some("Pending"), Some("Motorcycle found and returned."), None));
    assert_eq!((g["closure"]["status"].as_str(), g["closure"]["final_decision"].as_str()), (Some("Closed"), Some("Property restored")));
    let approved = api.post(&format!("/api/grievances/{id}/closure/approve"), &s.second, json!({})).await;
    assert_eq!(approved.status, StatusCode::OK, "{:?}", approved.body);
    assert_eq!((approved.body["data"]["status"].as_str(), approved.body["data"]["final_decision"].as_str()), (Some("Closed"), Some("Property restored")));
    let trail = history(&api, &admin, id).await;
    assert_eq!(has(&trail, "CLOSURE_REQUESTED", "desk@agra.test"), 2, "{trail:?}");
    assert_eq!(has(&trail, "CLOSURE_APPROVED", "asp@agra.test"), 1, "{trail:?}");

    // Reopening needs no approval: it closes nothing.
    let pending = status_id(&api, &admin, "Pending").await;
    let reopened = api.put(&format!("/api/grievances/{id}/status"), &s.desk, json!({"status_id": pending})).await;
    assert_eq!((reopened.status, reopened.body["data"]["status"].as_str()), (StatusCode::OK, Some("Pending")), "{:?}", reopened.body);
    assert!(reopened.body["data"]["closure"].is_null());
}

/// Two approvers decide on one request at the same moment: one decision stands, the other is
/// told there is nothing pending (or that it changed), and the trail holds one decision.
async fn two_decisions_at_once_settle_once(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let s = station(&api, &admin).await;
    let closed = status_id(&api, &admin, "Closed").await;
    for round in 0..3 {
        let id = file(&api, &s.desk).await;
        let asked = api.put(&format!("/api/grievances/{id}/status"), &s.desk, json!({"status_id": closed, "final_decision": "Settled"})).await;
        assert_eq!(asked.status, StatusCode::OK, "{:?}", asked.body);
        let approve_path = format!("/api/grievances/{id}/closure/approve");
        let approve = api.post(&approve_path, &s.sp, json!({}));
        let decide = async {
            if round == 0 {
                api.post(&format!("/api/grievances/{id}/closure/approve"), &s.second, json!({})).await
            } else {
                api.post(&format!("/api/grievances/{id}/closure/return"), &s.second, json!({"reason": "Not yet"})).await
            }
        };
        let (a, b) = tokio::join!(approve, decide);
        let mut statuses = [a.status, b.status];
        statuses.sort();
        assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "round {round}: {:?} / {:?}", a.body, b.body);
        let trail = history(&api, &admin, id).await;
        let decisions = trail.iter().filter(|(a, ..)| a == "CLOSURE_APPROVED" || a == "CLOSURE_RETURNED").count();
        assert_eq!(decisions, 1, "round {round}: {trail:?}");
        let now = api.get(&format!("/api/grievances/{id}"), &admin).await.body["data"].clone();
        assert!(now["closure"].is_null());
        let approved_won = a.status == StatusCode::OK;
        assert_eq!(now["status"], if approved_won || round == 0 { "Closed" } else { "Pending" }, "round {round}");
    }
}

/// A role manager whose own closures need approval cannot make a role, or change one, to
/// close alone: that is granting what they do not hold. The refusal is audited.
async fn nobody_lifts_the_approval_they_are_under(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let role = api.post("/api/roles", &admin, json!({"name": "Desk Manager", "closing_needs_approval": true,
        "permissions": {"grievances": "read,update", "roles": "create,read,update,delete"}})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    api.post("/api/users", &admin, json!({"name": "Manager", "email": "manager@agra.test", "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": role.body["data"]["id"], "status": "active"})).await;
    let manager = api.login("manager@agra.test", PASSWORD).await;
    let me = api.get("/api/auth/me", &manager).await;
    assert_eq!(me.body["closing_needs_approval"], true, "{:?}", me.body);

    let alone = api.post("/api/roles", &manager, json!({"name": "Clerk", "permissions": {"grievances": "read,update"}})).await;
    assert_eq!((alone.status, alone.error()), (StatusCode::FORBIDDEN, "You cannot give a role permissions you do not hold yourself"));
    let checked = api.post("/api/roles", &manager, json!({"name": "Clerk", "closing_needs_approval": true, "permissions": {"grievances": "read,update"}})).await;
    assert_eq!(checked.status, StatusCode::CREATED, "{:?}", checked.body);
    let clerk = checked.body["data"]["id"].as_i64().unwrap();
    let lifted = api.put(&format!("/api/roles/{clerk}"), &manager, json!({"name": "Clerk", "closing_needs_approval": false, "permissions": {"grievances": "read,update"}})).await;
    assert_eq!((lifted.status, lifted.error()), (StatusCode::FORBIDDEN, "You cannot give a role permissions you do not hold yourself"));
    let kept = api.get(&format!("/api/roles/{clerk}"), &admin).await;
    assert_eq!(kept.body["data"]["closing_needs_approval"], true);
    let refused = api.get("/api/audit/all?action=GRANT_REFUSED", &admin).await;
    assert_eq!(refused.body.as_array().unwrap().len(), 2, "{:?}", refused.body);
    // The Admin role never waits for approval, whatever is asked.
    let admin_role = api.put("/api/roles/1", &admin, json!({"name": "Admin", "closing_needs_approval": true, "permissions": {"grievances": "all", "users": "all", "roles": "all", "dropdowns": "all", "reports": "all", "dashboard": "all", "audit": "all"}})).await;
    assert_eq!((admin_role.status, admin_role.body["data"]["closing_needs_approval"].as_bool()), (StatusCode::OK, Some(false)), "{:?}", admin_role.body);
}

/// A user manager whose own closures need approval, and who holds approve, cannot decide
/// their request through an account they made, or whose password or second factor they
/// reset, after asking (403, whoever signs in with it); nor give a role that both manages
/// users and approves closures (403, audited). An approver whose account they never touched
/// still decides.
async fn nobody_decides_their_closure_through_an_account_they_made_or_reset(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let s = station(&api, &admin).await;
    let stations = api.get("/api/admin/dropdowns/police_stations", &admin).await.body;
    let sadar = stations.as_array().unwrap().iter().find(|st| st["name"] == "Sadar Bazar").unwrap()["id"].as_i64().unwrap();
    let at_sadar = json!({"level": "station", "id": sadar});
    let role_id = |name: &str, roles: &Value| roles["data"].as_array().unwrap().iter().find(|r| r["name"] == name).unwrap()["id"].as_i64().unwrap();
    let manager_role = api.post("/api/roles", &admin, json!({"name": "Desk Manager", "closing_needs_approval": true,
        "permissions": {"grievances": "create,read,update,approve,view_posting", "users": "create,read,update"}})).await;
    assert_eq!(manager_role.status, StatusCode::CREATED, "{:?}", manager_role.body);
    let account = |email: &str, role: i64| json!({"name": email, "email": email, "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": role, "status": "active", "posting": at_sadar});
    let roles = api.get("/api/roles", &admin).await.body;
    let (manager_role, desk_role) = (manager_role.body["data"]["id"].as_i64().unwrap(), role_id("Desk Officer", &roles));
    for (email, role) in [("manager@agra.test", manager_role), ("desk2@agra.test", desk_role)] {
        let made = api.post("/api/users", &admin, account(email, role)).await;
        assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.body);
    }
    let manager = api.login("manager@agra.test", PASSWORD).await;
    let desk2 = api.login("desk2@agra.test", PASSWORD).await;

    // The manager asks for a closure.
    let id = file(&api, &manager).await;
    let closed = status_id(&api, &admin, "Closed").await;
    let asked = api.put(&format!("/api/grievances/{id}/status"), &manager, json!({"status_id": closed, "final_decision": "Settled"})).await;
    assert_eq!((asked.status, asked.body["data"]["closure"]["status"].as_str()), (StatusCode::OK, Some("Closed")), "{:?}", asked.body);

    // A second account with their own role: refused, audited; the picker does not offer it.
    let same_role = api.post("/api/users", &manager, account("twin@agra.test", manager_role)).await;
    assert_eq!(
        (same_role.status, same_role.error()),
        (StatusCode::FORBIDDEN, "Your own closures need approval: you cannot give a role that both manages users and approves closures")
    );
    let offered = api.get("/api/users/role-options", &manager).await.body;
    let offered: Vec<&str> = offered["data"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert!(offered.contains(&"Desk Officer") && !offered.contains(&"Desk Manager"), "{offered:?}");
    let refusals = api.get("/api/audit/all?action=GRANT_REFUSED", &admin).await.body.to_string();
    assert!(refusals.contains("Create user twin@agra.test with role Desk Manager"), "{refusals}");

    // A second account with an approving role, a password they chose: it may not decide.
    const REFUSED: &str = "You cannot decide a closure requested by the user who created or last reset this account";
    let sock = api.post("/api/users", &manager, account("sock@agra.test", desk_role)).await;
    assert_eq!(sock.status, StatusCode::CREATED, "{:?}", sock.body);
    let sock = api.login("sock@agra.test", PASSWORD).await;
    let approve = format!("/api/grievances/{id}/closure/approve");
    let by_sock = api.post(&approve, &sock, json!({})).await;
    assert_eq!((by_sock.status, by_sock.error()), (StatusCode::FORBIDDEN, REFUSED));
    let returned = api.post(&format!("/api/grievances/{id}/closure/return"), &sock, json!({"reason": "Looks fine"})).await;
    assert_eq!((returned.status, returned.error()), (StatusCode::FORBIDDEN, REFUSED));
    // Its own new password changes nothing: whoever set it may still be the manager.
    let changed = api.post("/api/auth/change-password", &sock, json!({"oldPassword": PASSWORD, "newPassword": "Sock-Pass-2"})).await;
    assert_eq!(changed.status, StatusCode::OK, "{:?}", changed.body);
    let sock = api.login("sock@agra.test", "Sock-Pass-2").await;
    assert_eq!(api.post(&approve, &sock, json!({})).await.error(), REFUSED);

    // A colleague's password reset by the manager, then used: refused.
    let reset = api.put(&format!("/api/users/{}/reset-password", s.desk_id), &manager, json!({"newPassword": "Taken-Over-1"})).await;
    assert_eq!(reset.status, StatusCode::OK, "{:?}", reset.body);
    let taken = api.login("desk@agra.test", "Taken-Over-1").await;
    let by_taken = api.post(&approve, &taken, json!({})).await;
    assert_eq!((by_taken.status, by_taken.error()), (StatusCode::FORBIDDEN, REFUSED));

    // A colleague whose second factor the manager reset: refused.
    let users = api.get("/api/users", &admin).await.body;
    let desk2_id = users["data"].as_array().unwrap().iter().find(|u| u["email"] == "desk2@agra.test").unwrap()["id"].as_i64().unwrap();
    let cleared = api.post(&format!("/api/users/{desk2_id}/reset-two-factor"), &manager, json!({})).await;
    assert_eq!(cleared.status, StatusCode::OK, "{:?}", cleared.body);
    let desk2 = match api.post(&approve, &desk2, json!({})).await.status {
        // The reset ended their sessions: they sign in again.
        StatusCode::UNAUTHORIZED => api.login("desk2@agra.test", PASSWORD).await,
        other => panic!("the reset ends the sessions: {other}"),
    };
    let by_desk2 = api.post(&approve, &desk2, json!({})).await;
    assert_eq!((by_desk2.status, by_desk2.error()), (StatusCode::FORBIDDEN, REFUSED));

    // Nothing was decided; the SP, whose account the manager never touched, approves.
    let pending = api.get(&format!("/api/grievances/{id}"), &admin).await.body;
    assert_eq!((pending["data"]["status"].as_str(), pending["data"]["closure"]["status"].as_str()), (Some("Pending"), Some("Closed")));
    let approved = api.post(&approve, &s.sp, json!({})).await;
    assert_eq!((approved.status, approved.body["data"]["status"].as_str()), (StatusCode::OK, Some("Closed")), "{:?}", approved.body);
    let trail = history(&api, &admin, id).await;
    assert_eq!(has(&trail, "CLOSURE_APPROVED", "sp@agra.test"), 1, "{trail:?}");
    assert_eq!(trail.iter().filter(|(a, ..)| a == "CLOSURE_APPROVED" || a == "CLOSURE_RETURNED").count(), 1, "{trail:?}");

    // A later request of another officer is decided by the accounts the manager handled.
    // (desk@agra.test's first session ended with the reset: `taken` is theirs now.)
    let other = file(&api, &taken).await;
    let asked = api.put(&format!("/api/grievances/{other}/status"), &taken, json!({"status_id": closed, "final_decision": "Settled"})).await;
    assert_eq!(asked.status, StatusCode::OK, "{:?}", asked.body);
    let by_sock = api.post(&format!("/api/grievances/{other}/closure/approve"), &sock, json!({})).await;
    assert_eq!((by_sock.status, by_sock.body["data"]["status"].as_str()), (StatusCode::OK, Some("Closed")), "{:?}", by_sock.body);
}

on_both_engines!(
    a_closure_is_requested_then_approved_by_another_officer_in_scope,
    a_closure_is_returned_with_a_reason_and_asked_again,
    two_decisions_at_once_settle_once,
    nobody_lifts_the_approval_they_are_under,
    nobody_decides_their_closure_through_an_account_they_made_or_reset,
);
