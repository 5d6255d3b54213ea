//! The permission matrix: for every route of the OpenAPI document, a role lacking exactly
//! the permission it needs is refused with 403, and a role holding only that permission is
//! let through. A route missing from the matrix fails the test, so no new route can slip
//! past without a decision about who may call it.

use apitest::{on_both_engines, Api, Engine};
use domain::{Action, Resource};
use http::StatusCode;
use serde_json::{json, Value};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Needs {
    Nothing,
    SignIn,
    Permission(Resource, Action),
    /// Every one of these (a state-wide read: the permission and view_all).
    AllOf(&'static [(Resource, Action)]),
    /// The link's own signature is the credential; a session token adds nothing.
    SignedLink,
}

fn matrix(method: &str, path: &str) -> Option<Needs> {
    use Action::*;
    use Needs::*;
    use Resource::*;
    Some(match (method, path) {
        ("get", "/api/health") | ("post", "/api/auth/login") | ("post", "/api/auth/login/two-factor") => Nothing,
        // The citizen's status page: a one-time code, and feedback by a signed link or after it.
        ("post", "/api/public/status/code") | ("post", "/api/public/status") | ("post", "/api/public/feedback") | ("get", "/api/public/citizen-settings") => Nothing,
        ("post", "/api/auth/logout") | ("get", "/api/auth/verify") | ("get", "/api/auth/me") | ("get", "/api/auth/session") | ("post", "/api/auth/change-password") => SignIn,
        ("post", "/api/auth/two-factor/setup") | ("post", "/api/auth/two-factor/enable") | ("post", "/api/auth/two-factor/disable") => SignIn,
        ("post", "/api/users/{id}/reset-two-factor") | ("post", "/api/users/{id}/sign-in-link") => Permission(Users, Update),
        // A one-time sign-in link's token is the credential: no session is asked.
        ("post", "/api/auth/set-password") => Nothing,
        // Imports make and change records: both rights of what they bring in.
        ("post", "/api/admin/imports/organisation/check") | ("post", "/api/admin/imports/organisation") => AllOf(&[(Dropdowns, Create), (Dropdowns, Update)]),
        ("post", "/api/users/imports/check") | ("post", "/api/users/imports") => AllOf(&[(Users, Create), (Users, Update)]),
        ("post", "/api/grievances/imports/check") | ("post", "/api/grievances/imports") => AllOf(&[(Grievances, Create), (Grievances, Update)]),
        ("get", "/api/users") | ("get", "/api/users/{id}") | ("get", "/api/users/role-options") => Permission(Users, Read),
        ("post", "/api/users") => Permission(Users, Create),
        ("put", "/api/users/{id}") | ("put", "/api/users/{id}/reset-password") => Permission(Users, Update),
        ("delete", "/api/users/{id}") => Permission(Users, Delete),
        ("get", "/api/roles") | ("get", "/api/roles/{id}") => Permission(Roles, Read),
        ("post", "/api/roles") => Permission(Roles, Create),
        ("put", "/api/roles/{id}") => Permission(Roles, Update),
        ("delete", "/api/roles/{id}") => Permission(Roles, Delete),
        // Each user's own notifications: nobody reads or marks another's (notifications_api.rs).
        ("get", "/api/notifications") | ("get", "/api/notifications/unread") | ("post", "/api/notifications/{id}/read") | ("post", "/api/notifications/read-all") => SignIn,
        ("get", "/api/notifications/preferences") | ("put", "/api/notifications/preferences") => SignIn,
        // Each user's own saved views of the list (and those published to their role).
        ("get", "/api/views") | ("post", "/api/views") | ("put", "/api/views/{id}") | ("delete", "/api/views/{id}") | ("put", "/api/views/default") => Permission(Grievances, Read),
        // The trash's retention and the views published to roles: the Admin Panel's.
        ("get", "/api/admin/trash-retention") | ("get", "/api/admin/published-views") => Permission(Dropdowns, Read),
        ("put", "/api/admin/trash-retention") | ("post", "/api/admin/published-views") | ("delete", "/api/admin/published-views/{id}") => Permission(Dropdowns, Update),
        // The grievance form and the user dialog read the lists, so any signed-in user may.
        ("get", "/api/admin/dropdowns/{kind}") => SignIn,
        // The dashboard needs only a sign-in; its figures cover what the caller may see.
        ("get", "/api/admin/recent-activities") | ("get", "/api/admin/performance-metrics") => SignIn,
        ("post", "/api/admin/dropdowns/{kind}") => Permission(Dropdowns, Create),
        ("put", "/api/admin/dropdowns/{kind}/{id}") => Permission(Dropdowns, Update),
        ("delete", "/api/admin/dropdowns/{kind}/{id}") => Permission(Dropdowns, Delete),
        // The MIS reports of the Reports screen.
        ("get", "/api/reports/pendency") | ("get", "/api/reports/monthly") | ("get", "/api/reports/disposal") | ("get", "/api/reports/crime-heads")
        | ("get", "/api/reports/chapters")
        | ("get", "/api/reports/compliance")
        | ("get", "/api/reports/satisfaction")
        | ("get", "/api/reports/{report}/export/excel")
        | ("get", "/api/reports/{report}/export/pdf") => {
            Permission(Reports, Read)
        }
        // The pendency limits are part of the Admin Panel.
        ("get", "/api/admin/pendency-limits") | ("get", "/api/admin/transfer-limit") | ("get", "/api/admin/escalation-rules") => Permission(Dropdowns, Read),
        ("put", "/api/admin/pendency-limits") | ("put", "/api/admin/transfer-limit") | ("put", "/api/admin/escalation-rules") => Permission(Dropdowns, Update),
        // The law: the reference list is everyone's who signs in; the clock rules and the
        // Admin's entries are the Admin Panel's.
        ("get", "/api/law/offences") => SignIn,
        ("get", "/api/admin/clock-rules") => Permission(Dropdowns, Read),
        ("post", "/api/admin/clock-rules") | ("put", "/api/admin/clock-rules/{id}") | ("put", "/api/admin/offences") | ("delete", "/api/admin/offences/{act}/{section}") => Permission(Dropdowns, Update),
        ("post", "/api/grievances/{id}/clock-actions") | ("post", "/api/grievances/{id}/progress") => Permission(Grievances, Update),
        ("post", "/api/grievances/{id}/appeal") => Permission(Grievances, Approve),
        // What citizens are told, and the messages the outbox kept aside: the Admin Panel's.
        ("get", "/api/admin/citizen-settings") | ("get", "/api/admin/outbox/failed") => Permission(Dropdowns, Read),
        ("put", "/api/admin/citizen-settings") | ("put", "/api/admin/sms-templates/{kind}/{language}/{variant}") | ("post", "/api/admin/outbox/failed/resend") => Permission(Dropdowns, Update),
        ("post", "/api/grievances/{id}/parties/reveal") | ("put", "/api/grievances/{id}/sensitive") => Permission(Grievances, ViewIdentities),
        ("put", "/api/grievances/{id}/publication") => Permission(Grievances, WithholdPublication),
        ("get", "/api/grievances")
        | ("get", "/api/grievances/stats")
        | ("get", "/api/grievances/scope")
        | ("get", "/api/grievances/lookup")
        | ("get", "/api/grievances/{id}")
        | ("get", "/api/grievances/{id}/history") => {
            Permission(Grievances, Read)
        }
        // The duplicates check of a case being filed (of one being edited, with its id: update).
        ("post", "/api/grievances") | ("post", "/api/grievances/duplicates") => Permission(Grievances, Create),
        ("put", "/api/grievances/{id}")
        | ("put", "/api/grievances/{id}/status")
        | ("put", "/api/grievances/{id}/assign")
        | ("put", "/api/grievances/{id}/transfer")
        | ("get", "/api/grievances/assignees") => {
            Permission(Grievances, Update)
        }
        ("delete", "/api/grievances/{id}") | ("get", "/api/grievances/trash") | ("post", "/api/grievances/{id}/restore") => Permission(Grievances, Delete),
        ("post", "/api/grievances/bulk") => Permission(Grievances, Update),
        ("get", "/api/grievances/{id}/case-file") | ("post", "/api/grievances/{id}/printed") => Permission(Grievances, Read),
        ("get", "/api/grievances/{id}/links") => Permission(Grievances, Read),
        ("post", "/api/grievances/{id}/links") | ("delete", "/api/grievances/{id}/links/{other}") => Permission(Grievances, Update),
        ("post", "/api/grievances/{id}/closure/approve") | ("post", "/api/grievances/{id}/closure/return") => Permission(Grievances, Approve),
        // Attachments and notes: reading needs read, adding or removing needs update.
        ("get", "/api/grievances/{id}/attachments") | ("get", "/api/grievances/{id}/attachments/{attachment_id}/link") | ("get", "/api/grievances/{id}/notes") => {
            Permission(Grievances, Read)
        }
        ("post", "/api/grievances/{id}/attachments/uploads")
        | ("post", "/api/grievances/{id}/attachments")
        | ("delete", "/api/grievances/{id}/attachments/{attachment_id}")
        | ("post", "/api/grievances/{id}/notes") => Permission(Grievances, Update),
        ("get", "/api/attachments/files/{file}") | ("put", "/api/attachments/files/{file}") => SignedLink,
        ("get", "/api/grievances/export/excel") | ("get", "/api/grievances/export/pdf") | ("get", "/api/grievances/export/officers") | ("get", "/api/grievances/export/publication") | ("get", "/api/exports/jobs/{id}") => {
            Permission(Grievances, Read)
        }
        ("get", "/api/exports/files/{file}") => SignedLink,
        ("get", "/api/audit/grievance/{id}") | ("get", "/api/audit/all") | ("get", "/api/audit/statistics") | ("get", "/api/audit/actions") | ("get", "/api/audit/verify") => {
            Permission(Audit, Read)
        }
        ("get", "/api/audit/export/excel") | ("get", "/api/audit/export/csv") | ("get", "/api/audit/export/pdf") => Permission(Audit, Read),
        // The checkpoint covers the state's whole trail.
        ("get", "/api/audit/checkpoint") => AllOf(&[(Audit, Read), (Grievances, ViewAll)]),
        _ => return None,
    })
}

fn every_route() -> Vec<(String, String)> {
    apitest::documented_routes(portal::areas())
}

fn concrete(path: &str) -> String {
    let file = if path.starts_with("/api/attachments/") {
        "pending.987654.0b7c-forged?name=a.pdf&type=application%2Fpdf&size=10&expires=99999999999&signature=00"
    } else {
        "0b7c-forged.xlsx?name=a.xlsx&type=x&expires=99999999999&signature=00"
    };
    path.replace("{kind}", "districts").replace("{report}", "monthly").replace("{id}", "987654").replace("{other}", "987655").replace("{attachment_id}", "0b7c-unknown").replace("{act}", "BNS").replace("{section}", "999").replace("{file}", file)
}

fn grants(allow: impl Fn(Resource, Action) -> bool) -> Value {
    let entries: Vec<Value> = Resource::ALL
        .iter()
        .map(|r| {
            let mut entry = json!({"resource": r.as_str()});
            for a in Action::ALL {
                entry[format!("can_{}", a.as_str())] = json!(allow(*r, a));
            }
            entry
        })
        .collect();
    json!(entries)
}

/// A signed-in user whose role grants exactly `permissions`.
async fn user_with(api: &Api, admin: &str, label: &str, permissions: Value) -> String {
    let role = api.post("/api/roles", admin, json!({"name": label, "permissions": permissions})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    let email = format!("{}@portal.test", label.to_lowercase().replace([' ', ':'], "-"));
    let user = api
        .post("/api/users", admin, json!({"name": label, "email": email, "password": "Matrix-Pass-1",
            "department": "Crime Branch", "designation": "Inspector", "role_id": role.body["data"]["id"]}))
        .await;
    assert_eq!(user.status, StatusCode::CREATED, "{:?}", user.body);
    api.login(&email, "Matrix-Pass-1").await
}

async fn every_route_refuses_a_role_without_its_permission(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let mut tokens: HashMap<String, String> = HashMap::new();
    // Signs in afresh for each call, because one of the calls is the logout.
    user_with(&api, &admin, "No Permissions", json!([])).await;
    let routes = every_route();
    assert!(routes.len() >= 20, "the document lists the routes ({})", routes.len());
    for (method, path) in routes {
        let needs = matrix(&method, &path).unwrap_or_else(|| panic!("{} {path} is missing from the permission matrix", method.to_uppercase()));
        let target = concrete(&path);
        let body = matches!(method.as_str(), "post" | "put").then(|| json!({}));
        let call = |token: Option<String>| {
            let (api, method, target, body) = (&api, method.to_uppercase(), target.clone(), body.clone());
            async move {
                let answer = api.call(&method, &target, token.as_deref(), body).await;
                // Whatever the answer, it carries the security headers and no internals.
                let csp = answer.headers.get("content-security-policy").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
                assert!(csp.contains("frame-ancestors 'none'") && !csp.contains("'unsafe-inline' 'self'"), "{method} {target}: {csp:?}");
                assert_eq!(answer.headers.get("x-content-type-options").map(|v| v.as_bytes()), Some(&b"nosniff"[..]), "{method} {target}");
                assert!(answer.headers.contains_key("referrer-policy"), "{method} {target}");
                let text = answer.body.to_string().to_lowercase();
                for leak in ["internal error", "panicked", "stack backtrace", "sqlite", "dynamodb", "rusqlite", "serde"] {
                    assert!(!text.contains(leak), "{method} {target} leaks {leak:?}: {}", answer.body);
                }
                answer
            }
        };
        match needs {
            Needs::Nothing => {
                let answer = call(None).await;
                assert!(answer.status != StatusCode::UNAUTHORIZED && answer.status != StatusCode::FORBIDDEN, "{method} {path} is public: {answer:?}");
            }
            Needs::SignedLink => {
                // 403 for a forged signature; 404 where links are S3's own (DynamoDB engine).
                let refused = [StatusCode::FORBIDDEN, StatusCode::NOT_FOUND];
                assert!(refused.contains(&call(None).await.status), "{method} {path} with a forged signature");
                assert!(refused.contains(&call(Some(admin.clone())).await.status), "{method} {path}: a token does not replace the signature");
            }
            Needs::SignIn => {
                assert_eq!(call(None).await.status, StatusCode::UNAUTHORIZED, "{method} {path} without a token");
                let nobody = api.login("no-permissions@portal.test", "Matrix-Pass-1").await;
                let answer = call(Some(nobody)).await;
                assert!(answer.status != StatusCode::UNAUTHORIZED && answer.status != StatusCode::FORBIDDEN, "{method} {path} needs only a sign-in: {answer:?}");
            }
            Needs::AllOf(needed) => {
                assert_eq!(call(None).await.status, StatusCode::UNAUTHORIZED, "{method} {path} without a token");
                for (resource, action) in needed {
                    let key = format!("{resource}:{action}");
                    if !tokens.contains_key(&key) {
                        let lacking = user_with(&api, &admin, &format!("Lacks {key}"), grants(|r, a| !(r == *resource && a == *action))).await;
                        tokens.insert(key.clone(), lacking);
                    }
                    let refused = call(Some(tokens[&key].clone())).await;
                    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{method} {path} without {key}: {:?}", refused.body);
                }
                let key: Vec<String> = needed.iter().map(|(r, a)| format!("{r}:{a}")).collect();
                let key = format!("+{}", key.join("+"));
                if !tokens.contains_key(&key) {
                    let holding = user_with(&api, &admin, &format!("Holds {}", key.replace('+', " ")), grants(|r, a| needed.contains(&(r, a)))).await;
                    tokens.insert(key.clone(), holding);
                }
                let allowed = call(Some(tokens[&key].clone())).await;
                assert!(allowed.status != StatusCode::FORBIDDEN && allowed.status != StatusCode::UNAUTHORIZED, "{method} {path} with only {key}: {:?}", allowed);
            }
            Needs::Permission(resource, action) => {
                assert_eq!(call(None).await.status, StatusCode::UNAUTHORIZED, "{method} {path} without a token");
                let key = format!("{resource}:{action}");
                // A route needing all of several permissions may have made the user lacking one.
                if !tokens.contains_key(&key) {
                    let lacking = user_with(&api, &admin, &format!("Lacks {key}"), grants(|r, a| !(r == resource && a == action))).await;
                    tokens.insert(key.clone(), lacking);
                }
                if !tokens.contains_key(&format!("+{key}")) {
                    let holding = user_with(&api, &admin, &format!("Holds {key}"), grants(|r, a| r == resource && a == action)).await;
                    tokens.insert(format!("+{key}"), holding);
                }
                let refused = call(Some(tokens[&key].clone())).await;
                assert_eq!(refused.status, StatusCode::FORBIDDEN, "{method} {path} without {key}: {:?}", refused.body);
                assert!(refused.error().starts_with("You do not have permission to"), "{:?}", refused.body);
                let allowed = call(Some(tokens[&format!("+{key}")].clone())).await;
                assert!(
                    allowed.status != StatusCode::FORBIDDEN && allowed.status != StatusCode::UNAUTHORIZED,
                    "{method} {path} with only {key}: {:?}",
                    allowed
                );
            }
        }
    }
}

on_both_engines!(every_route_refuses_a_role_without_its_permission);
