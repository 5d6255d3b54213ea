//! template.yaml against the handlers: every path and method of the OpenAPI document is
//! routed by the HTTP API to exactly one function, nothing else is routed, and that
//! function's own router answers an API Gateway HTTP API (v2) event for it, parsed by
//! lambda_http exactly as in the cloud.

use apitest::{Api, Engine};
use http_glue::AreaRouter;
use serde_yaml::Value as Yaml;
use std::collections::{BTreeMap, BTreeSet};
use tower::ServiceExt;

/// The Lambda binaries and the routes each serves (its `main.rs` runs exactly these).
fn area(binary: &str) -> fn() -> AreaRouter {
    portal::area_of(binary).unwrap_or_else(|| panic!("template.yaml builds a function from binary {binary:?}, which no area provides"))
}

type Route = (String, String);

/// The export worker answers no HTTP route: it is invoked by an EventBridge rule for the
/// export requests (`request-*.json`, see exports_area::jobs) created in the exports bucket,
/// which announces its objects to EventBridge.
fn assert_export_worker_is_invoked_by_new_requests(name: &str, resource: &Yaml) {
    let events: Vec<&Yaml> = resource["Properties"]["Events"].as_mapping().unwrap().values().collect();
    assert_eq!(events.len(), 1, "{name}: one event");
    let event = events[0];
    assert_eq!(event["Type"].as_str(), Some("EventBridgeRule"), "{name}");
    let pattern = &event["Properties"]["Pattern"];
    assert_eq!(pattern["source"][0].as_str(), Some("aws.s3"));
    assert_eq!(pattern["detail-type"][0].as_str(), Some("Object Created"));
    assert_eq!(pattern["detail"]["object"]["key"][0]["prefix"].as_str(), Some("request-"), "only export requests, not the files and progress it writes");
    let bucket = &pattern["detail"]["bucket"]["name"][0];
    let named = match bucket {
        Yaml::Tagged(tagged) => Some((tagged.tag.to_string(), tagged.value.as_str())),
        _ => None,
    };
    assert_eq!(named, Some(("!Ref".to_string(), Some("ExportsBucket"))), "{bucket:?}");
    assert_eq!(resource["Properties"]["Timeout"].as_u64(), Some(900), "{name}: a long export has the Lambda's 15 minutes");
    let text = std::fs::read_to_string(testkit::repo_root().join("template.yaml")).unwrap();
    let template: Yaml = serde_yaml::from_str(&text).unwrap();
    let notifications = &template["Resources"]["ExportsBucket"]["Properties"]["NotificationConfiguration"];
    assert_eq!(notifications["EventBridgeConfiguration"]["EventBridgeEnabled"].as_bool(), Some(true), "the bucket announces new objects");
    assert_eq!(exports_area::jobs::requested_ids(&serde_json::json!({"detail": {"object": {"key": "request-0123456789abcdef0123456789abcdef.json"}}})).len(), 1);
}

/// The escalation function answers no HTTP route: an EventBridge schedule invokes it every
/// hour, with the Lambda's 15 minutes for a state's overdue list.
fn assert_escalation_runs_hourly(name: &str, resource: &Yaml) {
    let events: Vec<&Yaml> = resource["Properties"]["Events"].as_mapping().unwrap().values().collect();
    assert_eq!(events.len(), 1, "{name}: one event");
    assert_eq!(events[0]["Type"].as_str(), Some("Schedule"), "{name}");
    assert_eq!(events[0]["Properties"]["Schedule"].as_str(), Some("rate(1 hour)"), "{name}");
    assert_eq!(resource["Properties"]["Timeout"].as_u64(), Some(900), "{name}");
}

/// The notifier answers no HTTP route either: an EventBridge schedule invokes it every minute,
/// one run at a time; it may send email as the department's SES identity only.
fn assert_notifier_runs_every_minute(name: &str, resource: &Yaml) {
    let events: Vec<&Yaml> = resource["Properties"]["Events"].as_mapping().unwrap().values().collect();
    assert_eq!(events.len(), 1, "{name}: one event");
    assert_eq!(events[0]["Type"].as_str(), Some("Schedule"), "{name}");
    assert_eq!(events[0]["Properties"]["Schedule"].as_str(), Some("rate(1 minute)"), "{name}");
    assert_eq!(resource["Properties"]["ReservedConcurrentExecutions"].as_u64(), Some(1), "{name}");
    let ses: Vec<&Yaml> = resource["Properties"]["Policies"]
        .as_sequence()
        .unwrap()
        .iter()
        .flat_map(|p| p["Statement"].as_sequence().into_iter().flatten())
        .filter(|s| s["Action"].as_sequence().is_some_and(|a| a.iter().any(|a| a.as_str().is_some_and(|a| a.starts_with("ses:")))))
        .collect();
    assert_eq!(ses.len(), 1, "{name}: one SES statement");
    assert_eq!(ses[0]["Action"].as_sequence().unwrap().iter().filter_map(Yaml::as_str).collect::<Vec<_>>(), ["ses:SendEmail"]);
    let resource = match &ses[0]["Resource"] {
        Yaml::Tagged(tagged) => tagged.value.as_str().unwrap_or_default().to_string(),
        other => panic!("{name}: SES on {other:?}"),
    };
    assert!(resource.ends_with(":identity/${NotificationSenderIdentity}"), "{name}: only the department's identity, not {resource}");
}

/// (method, path) -> the binaries whose function the HTTP API sends it to.
fn template_routes() -> BTreeMap<Route, Vec<String>> {
    let text = std::fs::read_to_string(testkit::repo_root().join("template.yaml")).unwrap();
    let template: Yaml = serde_yaml::from_str(&text).unwrap();
    let mut routes: BTreeMap<Route, Vec<String>> = BTreeMap::new();
    for (name, resource) in template["Resources"].as_mapping().unwrap() {
        if resource["Type"].as_str() != Some("AWS::Serverless::Function") {
            continue;
        }
        let name = name.as_str().unwrap();
        let binary = resource["Metadata"]["BuildProperties"]["Binary"].as_str().unwrap_or_else(|| panic!("{name} names no binary"));
        assert_eq!(resource["Metadata"]["BuildMethod"].as_str(), Some("rust-cargolambda"), "{name}");
        let Some(events) = resource["Properties"]["Events"].as_mapping() else { continue };
        if binary == "export-worker" {
            assert_export_worker_is_invoked_by_new_requests(name, resource);
            continue;
        }
        if binary == "escalation" {
            assert_escalation_runs_hourly(name, resource);
            continue;
        }
        if binary == "notifier" {
            assert_notifier_runs_every_minute(name, resource);
            continue;
        }
        for (event_name, event) in events {
            assert_eq!(event["Type"].as_str(), Some("HttpApi"), "{name}.{event_name:?}");
            let method = event["Properties"]["Method"].as_str().unwrap().to_lowercase();
            let path = event["Properties"]["Path"].as_str().unwrap().to_string();
            assert!(!path.contains('+') && path != "$default" && method != "any", "{name} has a catch-all route {method} {path}: it would hide an unrouted path");
            routes.entry((method, path)).or_default().push(binary.to_string());
        }
    }
    routes
}

fn openapi_routes() -> BTreeSet<Route> {
    apitest::documented_routes(portal::areas()).into_iter().collect()
}

#[test]
fn every_api_route_goes_to_exactly_one_function_and_nothing_else_is_routed() {
    let template = template_routes();
    let document = openapi_routes();
    for route in &document {
        match template.get(route).map(Vec::as_slice) {
            Some([_]) => {}
            Some(many) => panic!("{} {} is routed to several functions: {many:?}", route.0, route.1),
            None => panic!("{} {} is in the OpenAPI document but template.yaml does not route it", route.0.to_uppercase(), route.1),
        }
    }
    for route in template.keys() {
        assert!(document.contains(route), "template.yaml routes {} {}, which no handler serves", route.0, route.1);
    }
}

/// An API Gateway HTTP API payload 2.0 event for `method path`, as API Gateway sends it.
fn v2_event(method: &str, route: &str, path: &str, body: Option<&str>) -> String {
    serde_json::json!({
        "version": "2.0",
        "routeKey": format!("{} {route}", method.to_uppercase()),
        "rawPath": path.split('?').next().unwrap(),
        "rawQueryString": path.split_once('?').map(|(_, q)| q).unwrap_or(""),
        "headers": {"user-agent": "template-routes-test", "x-forwarded-for": "198.51.100.4", "content-type": "application/json"},
        "requestContext": {
            "accountId": "123456789012", "apiId": "portalapi", "domainName": "portalapi.execute-api.ap-south-1.amazonaws.com",
            "domainPrefix": "portalapi", "requestId": "routing-test", "routeKey": format!("{} {route}", method.to_uppercase()),
            "stage": "$default", "time": "21/Nov/2026:10:00:00 +0000", "timeEpoch": 1_795_000_000_000_i64,
            "http": {"method": method.to_uppercase(), "path": path.split('?').next().unwrap(), "protocol": "HTTP/1.1",
                     "sourceIp": "198.51.100.4", "userAgent": "template-routes-test"}
        },
        "body": body,
        "isBase64Encoded": false
    })
    .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_function_answers_the_v2_events_of_its_routes() {
    let mut apis: BTreeMap<String, Api> = BTreeMap::new();
    for ((method, route), binaries) in template_routes() {
        let binary = &binaries[0];
        if !apis.contains_key(binary) {
            apis.insert(binary.clone(), Api::new(Engine::Sqlite, area(binary)).await);
        }
        let api = &apis[binary];
        let path = route.replace("{kind}", "districts").replace("{id}", "1").replace("{file}", "x.xlsx");
        let body = matches!(method.as_str(), "post" | "put").then_some("{}");
        let request = lambda_http::request::from_str(&v2_event(&method, &route, &path, body)).unwrap();
        let response = api.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
        let answer: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_default();
        assert_ne!(status, http::StatusCode::METHOD_NOT_ALLOWED, "{method} {route} in the {binary} function");
        assert_ne!(answer["error"], "No such API endpoint", "{method} {route}: the {binary} function has no such route");
        assert!(status.is_success() || status.is_client_error(), "{method} {route}: {status} {answer}");
    }
    assert_eq!(apis.len(), 7, "one function per area");
}

/// The DynamoDB actions a policy of a function allows, statement by statement, with the
/// partition keys each is limited to (`None`: any). Functions name their actions in statements
/// (least_privilege.rs refuses SAM's DynamoDB policy templates), so a template grants nothing here.
fn table_actions(policy: &Yaml) -> Vec<(String, Option<Vec<String>>)> {
    let mut actions = Vec::new();
    for statement in policy["Statement"].as_sequence().into_iter().flatten() {
        let keys = statement["Condition"]["ForAllValues:StringLike"]["dynamodb:LeadingKeys"]
            .as_sequence()
            .map(|keys| keys.iter().filter_map(|k| k.as_str().map(str::to_string)).collect());
        for action in statement["Action"].as_sequence().into_iter().flatten().filter_map(Yaml::as_str) {
            actions.push((action.to_string(), keys.clone()));
        }
    }
    actions
}

/// Every request of a signed-in user records the session's last use and removes a session
/// found over: each function behind the API may update and delete session items (the audit and
/// exports functions, which write nothing of the case data, by a LeadingKeys condition that
/// names them).
#[test]
fn every_function_behind_the_api_may_keep_the_sessions_it_checks() {
    let text = std::fs::read_to_string(testkit::repo_root().join("template.yaml")).unwrap();
    let template: Yaml = serde_yaml::from_str(&text).unwrap();
    let mut checked = 0;
    for (name, resource) in template["Resources"].as_mapping().unwrap() {
        let events = resource["Properties"]["Events"].as_mapping();
        let behind_the_api = events.is_some_and(|events| events.values().any(|e| e["Type"].as_str() == Some("HttpApi")));
        if resource["Type"].as_str() != Some("AWS::Serverless::Function") || !behind_the_api {
            continue;
        }
        let allowed: Vec<(String, Option<Vec<String>>)> = resource["Properties"]["Policies"].as_sequence().unwrap().iter().flat_map(table_actions).collect();
        for action in ["dynamodb:UpdateItem", "dynamodb:DeleteItem"] {
            let on_sessions = allowed.iter().any(|(a, keys)| a == action && keys.as_ref().is_none_or(|keys| keys.iter().any(|k| k == "SESSION#*")));
            assert!(on_sessions, "{name:?} may not {action} session items");
        }
        checked += 1;
    }
    assert_eq!(checked, 7, "the seven API functions");
}
