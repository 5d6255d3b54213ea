//! The complainant's side of a case through the real routers and the notifier run, on both
//! engines, sending through a real HTTP SMS gateway (the test sink): the registration SMS with
//! its DLT template id; a failed send retried, kept aside, and sent again by an Admin; the
//! 90-day clock met by a progress SMS with consent only; a sensitive case's SMS naming neither
//! the offence nor the victim; the public status page behind a one-time code and its limits;
//! and feedback that opens an appeal within the reopen window, and not after it.

use apitest::{on_both_engines, Api, Engine};
use http::StatusCode;
use serde_json::{json, Value};
use testkit::sms::SmsSink;

const MOBILE: &str = "98123 45678";

async fn api(engine: Engine, sink: &SmsSink) -> Api {
    let gateway = mail::sms::HttpGateway::new(&sink.url(), "POST", None, Some("Authorization: Bearer gateway-key"), "1101000000000001", "GRVPRT").unwrap();
    let api = Api::new(engine, portal::areas).await;
    api.adjusted(portal::areas, |state| {
        state.citizens = http_glue::CitizenChannel { sms: Some(std::sync::Arc::new(gateway)), public_url: "https://portal.test".into() };
    })
}

fn form(fir: &str, section: &str, parties: Value, extra: Value) -> Value {
    let mut body = json!({"fir_no": fir, "fir_date": domain::clock::today().to_string(), "section_and_act": format!("{section} BNS"), "sections": [{"act": "BNS", "section": section}],
           "crime_title": "Theft", "district": "Central District", "police_station": "Civil Lines",
           "brief_details": "Statement of the informant recorded at the station.", "parties": parties});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

fn complainant(name: &str) -> Value {
    json!([{"role": "complainant", "name": name, "gender": "male", "mobile": MOBILE}])
}

async fn file(api: &Api, token: &str, body: Value) -> Value {
    let filed = api.post("/api/grievances", token, body).await;
    assert_eq!(filed.status, StatusCode::CREATED, "{:?}", filed.body);
    filed.body["data"].clone()
}

async fn deliver(api: &Api) -> grievances_area::notify::Delivered {
    grievances_area::notify::run(&api.state, None, domain::clock::now()).await.unwrap()
}

/// The texts the gateway took, oldest first.
fn texts(sink: &SmsSink) -> Vec<String> {
    sink.received().iter().map(|r| r["json"]["text"].as_str().unwrap_or_default().to_string()).collect()
}

async fn history(api: &Api, token: &str, id: i64) -> Vec<Value> {
    api.get(&format!("/api/grievances/{id}/history"), token).await.body["data"].as_array().unwrap().clone()
}

async fn filing_with_a_mobile_sends_the_registration_sms_with_its_dlt_id(engine: Engine) {
    let sink = SmsSink::start();
    let api = api(engine, &sink).await;
    let admin = api.admin().await;
    let g = file(&api, &admin, form("CZ-1/2026", "303(2)", complainant("Ram Lal"), json!({"citizen_language": "hi"}))).await;
    let (id, number) = (g["id"].as_i64().unwrap(), g["grievance_number"].as_str().unwrap().to_string());
    assert_eq!((g["citizen_language"].as_str(), g["sms_consent"].as_bool()), (Some("hi"), Some(false)));
    file(&api, &admin, form("CZ-2/2026", "303(2)", json!([{"role": "complainant", "name": "No Phone", "gender": "male"}]), json!({}))).await;
    let run = deliver(&api).await;
    assert_eq!(run.sent, 1, "one case has a mobile to write to: {run:?}");

    let received = sink.received();
    assert_eq!(received.len(), 1);
    let sms = &received[0];
    assert_eq!(sms["authorization"], "Bearer gateway-key");
    assert_eq!((sms["json"]["to"].as_str(), sms["json"]["template_id"].as_str(), sms["json"]["entity_id"].as_str()), (Some("+919812345678"), Some("1007000000000000002"), Some("1101000000000001")));
    let text = sms["json"]["text"].as_str().unwrap();
    assert!(text.starts_with("प्रिय Ram Lal, आपकी शिकायत Civil Lines में") && text.contains(&number) && text.contains("https://portal.test/status"), "{text}");

    let sent = history(&api, &admin, id).await.into_iter().find(|r| r["action"] == "SMS_SENT").expect("the delivery is in the case's history");
    assert_eq!((sent["field_name"].as_str(), sent["new_value"].as_str(), sent["user_name"].as_str()), (Some("registered"), Some("******678"), Some("SMS gateway")));
    assert_eq!(deliver(&api).await.sent, 0, "sent once");

    // Another officer takes the case, and it moves to another station: each is told.
    let moved = api.put(&format!("/api/grievances/{id}"), &admin, json!({"current_investigation_officer": "SI Meena Sharma", "citizen_language": "en",
        "fir_no": "CZ-1/2026", "fir_date": domain::clock::today().to_string(), "section_and_act": "303(2) BNS", "crime_title": "Theft", "district": "Central District",
        "police_station": "Civil Lines", "brief_details": "Statement of the informant recorded at the station."})).await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    assert_eq!(moved.body["data"]["parties"][0]["name"], "Ram Lal", "the people are kept when the form leaves them out");
    deliver(&api).await;
    assert_eq!(texts(&sink)[1], format!("Grievance {number}: the investigating officer is now SI Meena Sharma, Civil Lines."));
}

async fn a_failed_send_is_retried_then_kept_aside_and_an_admin_sends_it_again(engine: Engine) {
    let sink = SmsSink::start();
    let api = api(engine, &sink).await;
    let admin = api.admin().await;
    let id = file(&api, &admin, form("CZ-3/2026", "303(2)", complainant("Ram Lal"), json!({}))).await["id"].as_i64().unwrap();
    sink.fail_next(1000);
    let mut at = domain::clock::now();
    for attempt in 1..=cases::notices::MAX_ATTEMPTS {
        let run = grievances_area::notify::run(&api.state, None, at).await.unwrap();
        assert_eq!(run.failed, 1, "try {attempt}");
        at += time::Duration::hours(7);
    }
    assert_eq!(grievances_area::notify::run(&api.state, None, at).await.unwrap().failed, 0, "given up on: kept aside");
    let failed = api.get("/api/admin/outbox/failed", &admin).await;
    assert_eq!(failed.status, StatusCode::OK, "{:?}", failed.body);
    let kept = &failed.body[0];
    assert_eq!((kept["channel"].as_str(), kept["to"].as_str(), kept["about"].as_str(), kept["grievanceId"].as_i64(), kept["attempts"].as_u64()), (Some("sms"), Some("******678"), Some("registered"), Some(id), Some(8)));
    assert!(kept["lastError"].as_str().unwrap().contains("503"), "{kept}");
    let trail = history(&api, &admin, id).await;
    assert!(trail.iter().any(|r| r["action"] == "SMS_FAILED" && r["new_value"] == "******678"), "{trail:?}");

    sink.fail_next(0);
    let resent = api.post("/api/admin/outbox/failed/resend", &admin, json!({"key": kept["key"]})).await;
    assert_eq!((resent.status, resent.body["message"].as_str()), (StatusCode::OK, Some("The message is queued to be sent again.")));
    let again = api.post("/api/admin/outbox/failed/resend", &admin, json!({"key": kept["key"]})).await;
    assert_eq!((again.status, again.error()), (StatusCode::NOT_FOUND, "Message not found"));
    assert_eq!(deliver(&api).await.sent, 1);
    assert_eq!(sink.received().len(), 1);
    assert!(history(&api, &admin, id).await.iter().any(|r| r["action"] == "SMS_SENT"));
    assert_eq!(api.get("/api/admin/outbox/failed", &admin).await.body, json!([]));
}

fn clock<'a>(g: &'a Value, rule: &str) -> &'a Value {
    g["clocks"].as_array().unwrap().iter().find(|c| c["rule"] == rule).unwrap_or_else(|| panic!("no {rule}: {g}"))
}

async fn a_progress_sms_meets_the_ninety_day_clock_with_consent_only(engine: Engine) {
    let sink = SmsSink::start();
    let api = api(engine, &sink).await;
    let admin = api.admin().await;
    let consented = file(&api, &admin, form("CZ-4/2026", "303(2)", complainant("Ram Lal"), json!({"sms_consent": true}))).await["id"].as_i64().unwrap();
    let not = file(&api, &admin, form("CZ-5/2026", "303(2)", complainant("Shyam Lal"), json!({"sms_consent": false}))).await["id"].as_i64().unwrap();
    for id in [consented, not] {
        let short = api.post(&format!("/api/grievances/{id}/progress"), &admin, json!({"text": "Soon"})).await;
        assert_eq!((short.status, short.error()), (StatusCode::BAD_REQUEST, "Write the progress made, in at least 10 characters"));
        let told = api.post(&format!("/api/grievances/{id}/progress"), &admin, json!({"text": "The stolen motorcycle was found in Agra."})).await;
        assert_eq!(told.status, StatusCode::CREATED, "{:?}", told.body);
        assert_eq!(told.body["data"]["progress_updates"][0]["text"], "The stolen motorcycle was found in Agra.");
    }
    deliver(&api).await;
    let progress: Vec<String> = texts(&sink).into_iter().filter(|t| t.contains("progress on")).collect();
    assert_eq!(progress.len(), 2, "both complainants are told: {progress:?}");
    assert!(progress[0].ends_with(": The stolen motorcycle was found in Agra."), "{progress:?}");

    let with = api.get(&format!("/api/grievances/{consented}"), &admin).await.body["data"].clone();
    let told = clock(&with, "bnss-193-3-ii");
    assert_eq!(told["earlier"][0]["state"], "met", "{told}");
    assert_eq!(with["clock_events"][0]["means"], "sms");
    assert_eq!(with["clock_events"][0]["recorded_by_name"], "SMS gateway");
    let without = api.get(&format!("/api/grievances/{not}"), &admin).await.body["data"].clone();
    assert_eq!(clock(&without, "bnss-193-3-ii")["state"], "due", "without consent the SMS tells, but the duty stays open");
    assert!(without.get("clock_events").is_none_or(|e| e.as_array().unwrap().is_empty()));
    let trail = history(&api, &admin, consented).await;
    assert!(trail.iter().any(|r| r["action"] == "PROGRESS_RECORDED" && r["new_value"] == "The stolen motorcycle was found in Agra."));
    assert!(trail.iter().any(|r| r["action"] == "CLOCK_ACTION_RECORDED"));
}

async fn a_sensitive_cases_sms_names_neither_the_offence_nor_the_victim(engine: Engine) {
    let sink = SmsSink::start();
    let api = api(engine, &sink).await;
    let admin = api.admin().await;
    let people = json!([
        {"role": "complainant", "name": "Sunita Devi", "gender": "female", "mobile": MOBILE},
        {"role": "victim", "name": "Sunita Devi", "gender": "female", "age": 24},
    ]);
    let g = file(&api, &admin, form("CZ-6/2026", "64", people, json!({"sms_consent": true}))).await;
    let (id, number) = (g["id"].as_i64().unwrap(), g["grievance_number"].as_str().unwrap().to_string());
    assert!(g["sensitive"].as_bool().unwrap());
    api.post(&format!("/api/grievances/{id}/progress"), &admin, json!({"text": "Accused Ramesh arrested for the rape of Sunita Devi."})).await;
    let closed = api.get("/api/admin/dropdowns/statuses", &admin).await.body.as_array().unwrap().iter().find(|s| s["name"] == "Closed").unwrap()["id"].clone();
    let close = api.put(&format!("/api/grievances/{id}/status"), &admin, json!({"status_id": closed, "final_decision": "Charge sheet against Ramesh for rape under BNS 64"})).await;
    assert_eq!(close.status, StatusCode::OK, "{:?}", close.body);
    deliver(&api).await;
    let sent = texts(&sink);
    assert_eq!(sent.len(), 3, "registered, progress, closed: {sent:?}");
    for text in &sent {
        // The feedback link's token is random: the words are looked for in the text without it.
        let words = text.split_whitespace().filter(|w| !w.contains("feedback=")).collect::<Vec<_>>().join(" ");
        for named in ["Sunita", "Ramesh", "ape", "64", "Charge sheet", "arrested"] {
            assert!(!words.contains(named), "{named} in {text}");
        }
        assert!(text.contains(&number), "{text}");
    }
    assert!(sent[2].contains("https://portal.test/status?feedback="), "{}", sent[2]);
}

/// The one-time code in the gateway's last message.
fn code_in(sink: &SmsSink) -> String {
    let text = texts(&sink).pop().expect("a code was sent");
    text.split(|c: char| !c.is_ascii_digit()).find(|w| w.len() == 6).unwrap_or_else(|| panic!("no code in {text}")).to_string()
}

async fn the_status_page_shows_a_case_for_its_code_only(engine: Engine) {
    let sink = SmsSink::start();
    let api = api(engine, &sink).await;
    let admin = api.admin().await;
    let g = file(&api, &admin, form("CZ-7/2026", "303(2)", complainant("Ram Lal"), json!({}))).await;
    let (id, number) = (g["id"].as_i64().unwrap(), g["grievance_number"].as_str().unwrap().to_string());
    api.post(&format!("/api/grievances/{id}/notes"), &admin, json!({"text": "INTERNAL: informer Bablu says the bike is in Agra"})).await;
    api.post(&format!("/api/grievances/{id}/progress"), &admin, json!({"text": "The stolen motorcycle was found in Agra."})).await;
    deliver(&api).await;
    let before = sink.received().len();

    let ask = |number: &str, mobile: &str| api.call("POST", "/api/public/status/code", None, Some(json!({"grievanceNumber": number, "mobile": mobile})));
    let right = ask(&number, "+91 98123-45678").await;
    assert_eq!(right.status, StatusCode::ACCEPTED, "{:?}", right.body);
    assert_eq!(sink.received().len(), before + 1, "the code was sent at once");
    let wrong_mobile = ask(&number, "98123 45679").await;
    let wrong_number = ask("GRV-2026-999999", MOBILE).await;
    for other in [&wrong_mobile, &wrong_number] {
        assert_eq!((other.status, &other.body["message"], &other.body["expires_in"]), (right.status, &right.body["message"], &right.body["expires_in"]));
        assert_eq!(other.body.as_object().unwrap().keys().collect::<Vec<_>>(), right.body.as_object().unwrap().keys().collect::<Vec<_>>());
    }
    assert_eq!(sink.received().len(), before + 1, "no code for a wrong number or mobile");
    let code = code_in(&sink);
    let sms = sink.received().pop().unwrap();
    assert_eq!(sms["json"]["template_id"], "1007000000000000021");

    let show = |challenge: &Value, code: &str| api.call("POST", "/api/public/status", None, Some(json!({"challenge": challenge, "code": code})));
    let other = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..3 {
        let wrong = show(&right.body["challenge"], other).await;
        assert_eq!((wrong.status, wrong.error()), (StatusCode::BAD_REQUEST, "The code is wrong or has expired. Ask for a new code."));
    }
    let fourth = show(&right.body["challenge"], &code).await;
    assert_eq!((fourth.status, fourth.error()), (StatusCode::TOO_MANY_REQUESTS, "This code was tried 3 times. Ask for a new code."));
    let guessed = show(&wrong_mobile.body["challenge"], &code).await;
    assert_eq!(guessed.status, StatusCode::BAD_REQUEST, "a wrong mobile's challenge opens nothing");

    let again = ask(&number, MOBILE).await;
    let code = code_in(&sink);
    let seen = show(&again.body["challenge"], &code).await;
    assert_eq!(seen.status, StatusCode::OK, "{:?}", seen.body);
    let view = &seen.body;
    assert_eq!((view["grievanceNumber"].as_str(), view["policeStation"].as_str(), view["sensitive"].as_bool()), (Some(number.as_str()), Some("Civil Lines"), Some(false)));
    assert_eq!(view["lastProgress"]["text"], "The stolen motorcycle was found in Agra.");
    assert_eq!(view["reopenWindowDays"], 7);
    assert_eq!((view["status"].as_str(), view["statusHi"].as_str()), (Some("Pending"), Some("लंबित")), "the list's Hindi name for the Hindi page");
    assert_eq!(api.call("GET", "/api/public/citizen-settings", None, None).await.body, json!({"reopenWindowDays": 7}));
    assert_eq!(view["nextDue"]["source"].as_str().map(|s| s.starts_with("BNSS s.193(3)(ii)")), Some(true), "{view}");
    let text = view.to_string();
    for internal in ["INTERNAL", "Bablu", "Ram Lal", "Statement of the informant", "9812345678"] {
        assert!(!text.contains(internal), "{internal} in {text}");
    }
    assert_eq!(show(&again.body["challenge"], &code).await.status, StatusCode::TOO_MANY_REQUESTS, "a code shows the case once");
    let viewed = history(&api, &admin, id).await.into_iter().find(|r| r["action"] == "CITIZEN_VIEWED").expect("audited");
    assert_eq!(viewed["user_name"], "Complainant");

    // Five requests a minute for one number; the sixth is refused, whatever the mobile.
    let other_case = file(&api, &admin, form("CZ-8/2026", "303(2)", complainant("Mohan"), json!({}))).await["grievance_number"].as_str().unwrap().to_string();
    for _ in 0..5 {
        assert_eq!(ask(&other_case, "97000 00001").await.status, StatusCode::ACCEPTED);
    }
    let sixth = ask(&other_case, "97000 00002").await;
    assert_eq!((sixth.status, sixth.error()), (StatusCode::TOO_MANY_REQUESTS, "Too many requests. Please wait a minute and try again."));
    let bad = ask("", "12").await;
    assert_eq!((bad.status, bad.error()), (StatusCode::BAD_REQUEST, "Enter the grievance number and the mobile number given with the complaint"));
}

async fn a_sensitive_case_shows_its_status_alone(engine: Engine) {
    let sink = SmsSink::start();
    let api = api(engine, &sink).await;
    let admin = api.admin().await;
    let people = json!([{"role": "complainant", "name": "Sunita Devi", "gender": "female", "mobile": MOBILE}, {"role": "victim", "name": "Sunita Devi", "gender": "female"}]);
    let g = file(&api, &admin, form("CZ-9/2026", "64", people, json!({}))).await;
    let id = g["id"].as_i64().unwrap();
    api.post(&format!("/api/grievances/{id}/progress"), &admin, json!({"text": "Medical examination done at the district hospital."})).await;
    let asked = api.call("POST", "/api/public/status/code", None, Some(json!({"grievanceNumber": g["grievance_number"], "mobile": MOBILE}))).await;
    let seen = api.call("POST", "/api/public/status", None, Some(json!({"challenge": asked.body["challenge"], "code": code_in(&sink)}))).await;
    assert_eq!(seen.status, StatusCode::OK, "{:?}", seen.body);
    assert_eq!((seen.body["sensitive"].as_bool(), seen.body["status"].as_str()), (Some(true), g["status"].as_str()));
    for hidden in ["policeStation", "stage", "stageSince", "lastProgress", "nextDue"] {
        assert!(seen.body[hidden].is_null(), "{hidden}: {}", seen.body);
    }
}

async fn not_satisfied_within_the_window_opens_an_appeal_for_the_district(engine: Engine) {
    let sink = SmsSink::start();
    let api = api(engine, &sink).await;
    let admin = api.admin().await;
    let district = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": "Agra", "range": "Agra Range"})).await.body["id"].clone();
    let station = api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": "Sadar Bazar", "district_id": district})).await.body["id"].clone();
    let role = api.post("/api/roles", &admin, json!({"name": "Superintendent", "permissions": {"grievances": "read,update,approve,view_posting"}})).await.body["data"]["id"].clone();
    let mut tokens = Vec::new();
    for (email, posting) in [("sp@agra.test", json!({"level": "district", "id": district})), ("sho@agra.test", json!({"level": "station", "id": station}))] {
        let made = api.post("/api/users", &admin, json!({"name": email, "email": email, "password": "Officer-Pass-1", "department": "Crime Branch", "designation": "Inspector", "role_id": role, "status": "active", "posting": posting})).await;
        assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.body);
        tokens.push(api.login(email, "Officer-Pass-1").await);
    }
    let (sp, sho) = (&tokens[0], &tokens[1]);
    let closed = api.get("/api/admin/dropdowns/statuses", &admin).await.body.as_array().unwrap().iter().find(|s| s["name"] == "Closed").unwrap()["id"].clone();
    let mut ids = Vec::new();
    for fir in ["CZ-10/2026", "CZ-11/2026"] {
        let g = file(&api, &admin, form(fir, "303(2)", complainant("Ram Lal"), json!({"district": "Agra", "police_station": "Sadar Bazar"}))).await;
        let id = g["id"].as_i64().unwrap();
        let close = api.put(&format!("/api/grievances/{id}/status"), &admin, json!({"status_id": closed, "final_decision": "Property returned to the complainant"})).await;
        assert_eq!(close.status, StatusCode::OK, "{:?}", close.body);
        ids.push(id);
    }
    deliver(&api).await;
    let links: Vec<String> = texts(&sink).into_iter().filter_map(|t| t.split("feedback=").nth(1).map(|token| token.trim().to_string())).collect();
    assert_eq!(links.len(), 2, "{:?}", texts(&sink));
    assert!(texts(&sink).iter().any(|t| t.contains("is Closed: Property returned to the complainant. Rate how it was handled")));

    let rate = |token: &str, rating: &str| api.call("POST", "/api/public/feedback", None, Some(json!({"token": token, "rating": rating, "comment": "Nobody called me back"})));
    let unsure = rate(&links[0], "very bad").await;
    assert_eq!((unsure.status, unsure.error()), (StatusCode::BAD_REQUEST, "Choose how satisfied you are: satisfied, partly satisfied or not satisfied"));
    let made_up = rate("not-a-token", "satisfied").await;
    assert_eq!((made_up.status, made_up.error()), (StatusCode::BAD_REQUEST, "This feedback link is not valid, or was used already"));
    let rated = rate(&links[0], "not_satisfied").await;
    assert_eq!((rated.status, rated.body["message"].as_str()), (StatusCode::OK, Some("Thank you. Your feedback is recorded.")));
    let twice = rate(&links[0], "satisfied").await;
    assert_eq!((twice.status, twice.error()), (StatusCode::CONFLICT, "Feedback on this disposal was given already"));
    let g = api.get(&format!("/api/grievances/{}", ids[0]), &admin).await.body["data"].clone();
    assert_eq!((g["appeals"][0]["level"].as_str(), g["appeals"][0]["comment"].as_str()), (Some("district"), Some("Nobody called me back")));
    assert_eq!(g["feedback"][0]["rating"], "not_satisfied");
    assert_eq!(g["feedback"][0]["appealed"], true);

    // It waits in the district's queue, and the district's approvers are told.
    let queue = api.get("/api/grievances?appeal=pending", sp).await;
    assert_eq!(queue.body["data"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect::<Vec<_>>(), [ids[0]], "{:?}", queue.body);
    deliver(&api).await;
    let notices = api.get("/api/notifications", sp).await.body;
    let told = notices["data"]["items"].as_array().unwrap().iter().find(|n| n["kind"] == "appeal_opened").unwrap_or_else(|| panic!("{notices}"));
    assert_eq!((told["grievanceId"].as_i64(), told["level"].as_str()), (Some(ids[0]), Some("district")));
    let station_notices = api.get("/api/notifications", sho).await.body;
    assert!(!station_notices.to_string().contains("appeal_opened"), "the station does not decide appeals");

    // The station cannot decide it; the district reopens it, with a reason.
    let refused = api.post(&format!("/api/grievances/{}/appeal", ids[0]), sho, json!({"decision": "reopen", "reason": "The complainant was never contacted"})).await;
    assert_eq!((refused.status, refused.error()), (StatusCode::FORBIDDEN, "This appeal is decided at the district level"));
    let decided = api.post(&format!("/api/grievances/{}/appeal", ids[0]), sp, json!({"decision": "reopen", "reason": "The complainant was never contacted"})).await;
    assert_eq!(decided.status, StatusCode::OK, "{:?}", decided.body);
    assert_eq!((decided.body["data"]["status_meaning"].as_str(), decided.body["data"]["appeals"][0]["decision"]["reopened"].as_bool()), (Some("open"), Some(true)));
    let again = api.post(&format!("/api/grievances/{}/appeal", ids[0]), sp, json!({"decision": "confirm", "reason": "Already decided on appeal"})).await;
    assert_eq!((again.status, again.error()), (StatusCode::CONFLICT, "This case has no appeal waiting for a decision"));
    let trail = history(&api, &admin, ids[0]).await;
    assert!(trail.iter().any(|r| r["action"] == "APPEAL_DECIDED" && r["notes"] == "The complainant was never contacted"));
    assert!(trail.iter().any(|r| r["action"] == "FEEDBACK_RECEIVED" && r["new_value"] == "Not satisfied"));

    // Eight days after the disposal "not satisfied" is recorded, without an appeal.
    let settings = api.state.lists.citizen_settings().await.unwrap();
    let later = domain::clock::now() + time::Duration::days(8);
    let disposal = open_link(&api, &links[1]);
    let g = cases::citizen::record_feedback(api.state.cases(), ids[1], domain::citizen::Rating::NotSatisfied, "Too late", domain::citizen::FeedbackVia::Link, &settings, Some(&disposal), later).await.unwrap();
    assert!(g.fields.appeals.is_empty());
    assert!(!g.fields.feedback[0].appealed);

    // The reports count both ratings at Sadar Bazar, one with its appeal.
    let report = api.get("/api/reports/satisfaction", &admin).await;
    assert_eq!(report.status, StatusCode::OK, "{:?}", report.body);
    let row = report.body["rows"].as_array().unwrap().iter().find(|r| r["station"] == "Sadar Bazar").unwrap_or_else(|| panic!("{}", report.body));
    assert_eq!((row["not_satisfied"].as_i64(), row["total"].as_i64(), row["appeals"].as_i64(), row["satisfied_percent"].as_f64()), (Some(2), Some(2), Some(1), Some(0.0)));
    let before = format!("/api/reports/satisfaction?from=2020-01-01&to=2020-12-31");
    assert_eq!(api.get(&before, &admin).await.body["total"]["total"], 0, "none given then");
}

async fn an_appeal_not_decided_in_time_goes_to_the_range(engine: Engine) {
    let sink = SmsSink::start();
    let api = api(engine, &sink).await;
    let admin = api.admin().await;
    let id = file(&api, &admin, form("CZ-12/2026", "303(2)", complainant("Ram Lal"), json!({}))).await["id"].as_i64().unwrap();
    let closed = api.get("/api/admin/dropdowns/statuses", &admin).await.body.as_array().unwrap().iter().find(|s| s["name"] == "Closed").unwrap()["id"].clone();
    api.put(&format!("/api/grievances/{id}/status"), &admin, json!({"status_id": closed, "final_decision": "No offence made out"})).await;
    let settings = api.state.lists.citizen_settings().await.unwrap();
    let g = cases::citizen::record_feedback(api.state.cases(), id, domain::citizen::Rating::NotSatisfied, "", domain::citizen::FeedbackVia::StatusPage, &settings, None, domain::clock::now()).await.unwrap();
    let due = g.fields.appeals[0].due.date().unwrap();
    assert_eq!(due, domain::clock::today() + time::Duration::days(15), "15 days until an Admin changes it");

    assert_eq!(cases::citizen::escalate_appeals(api.state.cases(), due, 15).await.unwrap(), 0, "due that day: not yet late");
    let late = due + time::Duration::days(1);
    assert_eq!(cases::citizen::escalate_appeals(api.state.cases(), late, 15).await.unwrap(), 1);
    assert_eq!(cases::citizen::escalate_appeals(api.state.cases(), late, 15).await.unwrap(), 0, "moved once");
    let g = api.get(&format!("/api/grievances/{id}"), &admin).await.body["data"].clone();
    assert_eq!((g["appeals"][0]["level"].as_str(), g["appeals"][0]["due"].as_str()), (Some("range"), Some((late + time::Duration::days(15)).to_string().as_str())));
    let trail = history(&api, &admin, id).await;
    assert!(trail.iter().any(|r| r["action"] == "APPEAL_ESCALATED" && r["new_value"] == "range" && r["user_name"] == "Escalation"), "{trail:?}");
    assert_eq!(api.get("/api/grievances?appeal=pending", &admin).await.body["matched"], 1);
    let refused = api.get("/api/grievances?appeal=later", &admin).await;
    assert_eq!((refused.status, refused.error()), (StatusCode::BAD_REQUEST, "appeal must be pending"));
}

async fn the_limits_hold_against_requests_sent_together(engine: Engine) {
    let sink = SmsSink::start();
    let api = api(engine, &sink).await;
    let admin = api.admin().await;
    let number = file(&api, &admin, form("CZ-13/2026", "303(2)", complainant("Ram Lal"), json!({}))).await["grievance_number"].as_str().unwrap().to_string();
    // Ten code requests for one number at once: five pass, whatever the order.
    let asks = (0..10).map(|i| api.call("POST", "/api/public/status/code", None, Some(json!({"grievanceNumber": number, "mobile": format!("97000 0001{i}")}))));
    let statuses: Vec<StatusCode> = futures_util::future::join_all(asks).await.into_iter().map(|a| a.status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::ACCEPTED).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(), 5, "{statuses:?}");

    // Six guesses of one code at once: at most three are judged.
    let other = file(&api, &admin, form("CZ-14/2026", "303(2)", complainant("Shyam Lal"), json!({}))).await["grievance_number"].as_str().unwrap().to_string();
    let asked = api.call("POST", "/api/public/status/code", None, Some(json!({"grievanceNumber": other, "mobile": MOBILE}))).await;
    assert_eq!(asked.status, StatusCode::ACCEPTED, "{:?}", asked.body);
    let challenge = asked.body["challenge"].clone();
    let guesses = (0..6).map(|i| api.call("POST", "/api/public/status", None, Some(json!({"challenge": challenge, "code": format!("{:06}", 900_000 + i)}))));
    let answers: Vec<StatusCode> = futures_util::future::join_all(guesses).await.into_iter().map(|a| a.status).collect();
    assert!(answers.iter().filter(|s| **s == StatusCode::BAD_REQUEST).count() <= 3, "{answers:?}");
    assert!(answers.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count() >= 3, "{answers:?}");
}

/// The disposal a feedback link names.
fn open_link(api: &Api, token: &str) -> String {
    grievances_area::citizens::open_feedback_token(&api.state, token).expect("our own link").1
}

on_both_engines!(
    filing_with_a_mobile_sends_the_registration_sms_with_its_dlt_id,
    a_failed_send_is_retried_then_kept_aside_and_an_admin_sends_it_again,
    a_progress_sms_meets_the_ninety_day_clock_with_consent_only,
    a_sensitive_cases_sms_names_neither_the_offence_nor_the_victim,
    the_status_page_shows_a_case_for_its_code_only,
    a_sensitive_case_shows_its_status_alone,
    not_satisfied_within_the_window_opens_an_appeal_for_the_district,
    an_appeal_not_decided_in_time_goes_to_the_range,
    the_limits_hold_against_requests_sent_together,
);
