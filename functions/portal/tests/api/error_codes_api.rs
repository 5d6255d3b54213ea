//! Every error answer carries, beside its English message, the message's stable code and
//! values (for fields too), so that the web app can show it in the user's language.

use apitest::{Api, Engine};
use http::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn error_answers_carry_the_codes_of_their_messages() {
    let api = Api::new(Engine::Sqlite, portal::areas).await;
    let admin = api.admin().await;

    let form = api.post("/api/grievances", &admin, json!({"fir_date": "2999-01-01"})).await;
    assert_eq!((form.status, form.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("FIX_ERRORS")));
    assert_eq!(form.body["field_codes"]["fir_no"], json!({"code": "FIELD_REQUIRED", "params": {"label": "FIR Number"}}));
    assert_eq!(form.body["field_codes"]["fir_date"], json!({"code": "FIR_DATE_IN_FUTURE"}));

    let unknown = api.post("/api/grievances", &admin, json!({"fir_no": "F-1", "fir_date": "2026-01-01", "section_and_act": "379",
        "crime_title": "Theft", "district": "Atlantis", "police_station": "Civil Lines", "status": "Pending", "priority": "Low",
        "brief_details": "Motorcycle stolen from the market."})).await;
    assert_eq!(unknown.body["field_codes"]["district"], json!({"code": "FIELD_LIST_ITEM_INACTIVE", "params": {"label": "District", "value": "Atlantis"}}));

    let missing = api.get("/api/grievances/424242", &admin).await;
    assert_eq!((missing.status, missing.error(), missing.body["code"].as_str()), (StatusCode::NOT_FOUND, "Grievance not found", Some("GRIEVANCE_NOT_FOUND")));
    assert!(missing.body.get("params").is_none(), "no values, no params: {}", missing.body);

    let wrong = api.call("POST", "/api/auth/login", None, Some(json!({"email": apitest::ADMIN_EMAIL, "password": "nope"}))).await;
    assert_eq!((wrong.status, wrong.body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("INVALID_CREDENTIALS")));
    let no_route = api.get("/api/nowhere", &admin).await;
    assert_eq!((no_route.status, no_route.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("NO_SUCH_ENDPOINT")));
    let method = api.call("PATCH", "/api/grievances", Some(&admin), None).await;
    assert_eq!((method.status, method.body["code"].as_str()), (StatusCode::METHOD_NOT_ALLOWED, Some("METHOD_NOT_ALLOWED")), "axum's own refusals too");
}
