//! Duplicate warnings through the real routers, on both engines: a FIR number
//! already recorded at the same police station in the same year is refused with 409 naming
//! the grievance unless the user confirms it is another case; the form's check names it and
//! recent cases of the station whose brief details read alike; nothing outside the user's
//! scope is named or blocks them. Grievances marked as linked show each other.

use apitest::{on_both_engines, Api, Engine};
use http::StatusCode;
use serde_json::{json, Value};

const PASSWORD: &str = "Officer-Pass-1";

fn form(fir: &str, fir_date: &str, station: &str, brief: &str) -> Value {
    let district = if station == "Kotwali" { "Mathura" } else { "Agra" };
    json!({"type_of_call": "Walk-in", "fir_no": fir, "fir_date": fir_date, "section_and_act": "379 IPC",
           "crime_title": "Theft", "district": district, "police_station": station,
           "status": "Pending", "priority": "High", "brief_details": brief})
}

const BRIEF: &str = "Motorcycle stolen from the market parking near the bus stand.";

async fn places(api: &Api, admin: &str) -> i64 {
    let mut agra = 0;
    for (district, station) in [("Agra", "Sadar Bazar"), ("Mathura", "Kotwali")] {
        let d = api.post("/api/admin/dropdowns/districts", admin, json!({"name": district})).await;
        assert_eq!(d.status, StatusCode::CREATED, "{:?}", d.body);
        let id = d.body["id"].as_i64().unwrap();
        if district == "Agra" {
            agra = id;
        }
        let s = api.post("/api/admin/dropdowns/police_stations", admin, json!({"name": station, "district_id": id})).await;
        assert_eq!(s.status, StatusCode::CREATED, "{:?}", s.body);
    }
    agra
}

/// The token of Kotwali's station officer, whose role holds `grievances` (as the roles API
/// writes them), posted at Kotwali.
async fn kotwali_officer(api: &Api, admin: &str, grievances: &str) -> String {
    let role = api.post("/api/roles", admin, json!({"name": "Station Officer", "permissions": {"grievances": grievances}})).await;
    let stations = api.get("/api/admin/dropdowns/police_stations", admin).await.body;
    let kotwali = stations.as_array().unwrap().iter().find(|s| s["name"] == "Kotwali").unwrap()["id"].clone();
    api.post("/api/users", admin, json!({"name": "SHO Kotwali", "email": "sho@kotwali.test", "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": role.body["data"]["id"], "status": "active", "posting": {"level": "station", "id": kotwali}})).await;
    api.login("sho@kotwali.test", PASSWORD).await
}

/// Two grievances at Sadar Bazar and one at Kotwali, filed by `admin`.
async fn two_at_sadar_bazar_one_at_kotwali(api: &Api, admin: &str) -> (Value, Value, Value) {
    let a = filed(api, admin, form("SB-1/2026", "2026-10-05", "Sadar Bazar", BRIEF)).await;
    let b = filed(api, admin, form("SB-2/2026", "2026-10-05", "Sadar Bazar", BRIEF)).await;
    let c = filed(api, admin, form("KW-1/2026", "2026-10-05", "Kotwali", BRIEF)).await;
    (a, b, c)
}

async fn filed(api: &Api, token: &str, body: Value) -> Value {
    let answer = api.post("/api/grievances", token, body).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"].clone()
}

async fn a_duplicate_fir_is_refused_unless_confirmed(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    places(&api, &admin).await;
    let first = filed(&api, &admin, form("SB-12/2026", "2026-10-05", "Sadar Bazar", BRIEF)).await;
    let number = first["grievance_number"].as_str().unwrap().to_string();

    // The same number (any capitals), station and year: 409 naming the first.
    let again = api.post("/api/grievances", &admin, form("sb-12/2026", "2026-03-01", "Sadar Bazar", "Chain snatching at the temple gate.")).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{:?}", again.body);
    assert_eq!(again.error(), format!("FIR sb-12/2026 of Sadar Bazar in 2026 is already recorded as {number}. Check it, or confirm that this is another case."));
    assert_eq!((again.body["code"].as_str(), again.body["params"]["number"].as_str()), (Some("DUPLICATE_FIR"), Some(number.as_str())));
    let count = api.get("/api/grievances", &admin).await.body["total"].as_i64();
    assert_eq!(count, Some(1), "nothing was filed");

    // Confirmed: filed. Another year or another station: no question asked.
    let mut confirmed = form("sb-12/2026", "2026-03-01", "Sadar Bazar", "Chain snatching at the temple gate.");
    confirmed["confirm_duplicate"] = json!(true);
    let second = filed(&api, &admin, confirmed).await;
    filed(&api, &admin, form("SB-12/2026", "2025-12-31", "Sadar Bazar", "Chain snatching at the temple gate.")).await;
    filed(&api, &admin, form("SB-12/2026", "2026-10-05", "Kotwali", "Chain snatching at the temple gate.")).await;

    // An edit onto a recorded number is asked the same; other edits of a confirmed duplicate
    // are not.
    let third = filed(&api, &admin, form("SB-99/2026", "2026-10-06", "Sadar Bazar", "Shop lock broken at night.")).await;
    let id = third["id"].as_i64().unwrap();
    let mut onto = form("SB-12/2026", "2026-10-06", "Sadar Bazar", "Shop lock broken at night.");
    onto["version"] = third["version"].clone();
    let refused = api.put(&format!("/api/grievances/{id}"), &admin, onto.clone()).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{:?}", refused.body);
    assert_eq!(refused.body["code"], "DUPLICATE_FIR");
    onto["confirm_duplicate"] = json!(true);
    let moved = api.put(&format!("/api/grievances/{id}"), &admin, onto).await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    let second_id = second["id"].as_i64().unwrap();
    let mut edit = form("sb-12/2026", "2026-03-01", "Sadar Bazar", "Chain snatching at the temple gate, two men on a bike.");
    edit["version"] = second["version"].clone();
    let kept = api.put(&format!("/api/grievances/{second_id}"), &admin, edit).await;
    assert_eq!(kept.status, StatusCode::OK, "{:?}", kept.body);
}

async fn the_form_is_told_of_likely_duplicates_within_the_scope(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let agra = places(&api, &admin).await;
    let first = filed(&api, &admin, form("SB-12/2026", "2026-10-05", "Sadar Bazar", BRIEF)).await;
    filed(&api, &admin, form("SB-40/2026", "2026-10-07", "Sadar Bazar", "Mobile phone snatched by two men on a scooter.")).await;
    let alike = filed(&api, &admin, form("SB-41/2026", "2026-10-08", "Sadar Bazar", "motorcycle stolen from market parking, near the bus-stand")).await;
    filed(&api, &admin, form("KW-1/2026", "2026-10-08", "Kotwali", BRIEF)).await;

    let check = api.post("/api/grievances/duplicates", &admin, json!({"police_station": "Sadar Bazar", "fir_no": "sb-12/2026", "fir_date": "2026-11-01",
        "brief_details": "Motorcycle stolen from the market parking near bus stand"})).await;
    assert_eq!(check.status, StatusCode::OK, "{:?}", check.body);
    let ids = |v: &Value| -> Vec<i64> { v.as_array().unwrap().iter().map(|d| d["id"].as_i64().unwrap()).collect() };
    assert_eq!(ids(&check.body["same_fir"]), vec![first["id"].as_i64().unwrap()]);
    assert_eq!(check.body["same_fir"][0]["grievance_number"], first["grievance_number"]);
    assert_eq!(ids(&check.body["similar"]), vec![alike["id"].as_i64().unwrap()], "the same text at another station, or the FIR already named, is not repeated");
    assert!(check.body["similar"][0]["likeness"].as_f64().unwrap() >= 0.5);
    // Editing the first: itself is no duplicate.
    let own = api.post("/api/grievances/duplicates", &admin, json!({"police_station": "Sadar Bazar", "fir_no": "SB-12/2026", "fir_date": "2026-10-05", "id": first["id"]})).await;
    assert_eq!(ids(&own.body["same_fir"]), Vec::<i64>::new());
    let bad = api.post("/api/grievances/duplicates", &admin, json!({"fir_no": 12})).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{:?}", bad.body);

    // A station officer of Mathura sees nothing of Agra's: not named, and it does not block.
    let role = api.post("/api/roles", &admin, json!({"name": "Station Officer", "permissions": {"grievances": "create,read,update,view_posting"}})).await;
    let mathura = api.get("/api/admin/dropdowns/police_stations", &admin).await.body;
    let kotwali = mathura.as_array().unwrap().iter().find(|s| s["name"] == "Kotwali").unwrap()["id"].clone();
    let user = api.post("/api/users", &admin, json!({"name": "SHO Kotwali", "email": "sho@kotwali.test", "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": role.body["data"]["id"], "status": "active", "posting": {"level": "station", "id": kotwali}})).await;
    assert_eq!(user.status, StatusCode::CREATED, "{:?}", user.body);
    let sho = api.login("sho@kotwali.test", PASSWORD).await;
    let outside = api.post("/api/grievances/duplicates", &sho, json!({"police_station": "Sadar Bazar", "fir_no": "SB-12/2026", "fir_date": "2026-10-05", "brief_details": BRIEF})).await;
    assert_eq!(outside.status, StatusCode::OK, "{:?}", outside.body);
    assert_eq!((ids(&outside.body["same_fir"]), ids(&outside.body["similar"])), (vec![], vec![]));
    let inside = api.post("/api/grievances/duplicates", &sho, json!({"police_station": "Kotwali", "fir_no": "kw-1/2026", "fir_date": "2026-01-01"})).await;
    assert_eq!(inside.body["same_fir"].as_array().unwrap().len(), 1, "{:?}", inside.body);
    let _ = agra;
    // A user without create or update may not ask.
    let reader = api.post("/api/roles", &admin, json!({"name": "Reader", "permissions": {"grievances": "read"}})).await;
    api.post("/api/users", &admin, json!({"name": "Reader", "email": "reader@agra.test", "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": reader.body["data"]["id"], "status": "active"})).await;
    let reader = api.login("reader@agra.test", PASSWORD).await;
    let refused = api.post("/api/grievances/duplicates", &reader, json!({"police_station": "Sadar Bazar"})).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{:?}", refused.body);
}

/// Two grievances marked as linked show each other; the link is audited, refused twice or to
/// itself, and never shows a grievance outside the reader's scope.
async fn linked_grievances_show_each_other_within_the_scope(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    places(&api, &admin).await;
    let (a, b, c) = two_at_sadar_bazar_one_at_kotwali(&api, &admin).await;
    let (a_id, b_id, c_id) = (a["id"].as_i64().unwrap(), b["id"].as_i64().unwrap(), c["id"].as_i64().unwrap());
    let numbers = |v: &Value| -> Vec<String> { v["data"].as_array().unwrap().iter().map(|g| g["grievance_number"].as_str().unwrap().to_string()).collect() };

    let linked = api.post(&format!("/api/grievances/{a_id}/links"), &admin, json!({"grievance_id": b_id})).await;
    assert_eq!(linked.status, StatusCode::CREATED, "{:?}", linked.body);
    assert_eq!(numbers(&linked.body), vec![b["grievance_number"].as_str().unwrap()]);
    assert_eq!(numbers(&api.get(&format!("/api/grievances/{b_id}/links"), &admin).await.body), vec![a["grievance_number"].as_str().unwrap()], "each shows the other");
    let twice = api.post(&format!("/api/grievances/{b_id}/links"), &admin, json!({"grievance_id": a_id})).await;
    assert_eq!((twice.status, twice.error()), (StatusCode::CONFLICT, "These grievances are linked already"));
    let itself = api.post(&format!("/api/grievances/{a_id}/links"), &admin, json!({"grievance_id": a_id})).await;
    assert_eq!((itself.status, itself.body["fields"]["grievance_id"].as_str()), (StatusCode::BAD_REQUEST, Some("A grievance cannot be linked to itself")));
    let missing = api.post(&format!("/api/grievances/{a_id}/links"), &admin, json!({"grievance_id": 999_999})).await;
    assert_eq!((missing.status, missing.error()), (StatusCode::NOT_FOUND, "Grievance not found"));
    let history = api.get(&format!("/api/grievances/{a_id}/history"), &admin).await.body["data"].clone();
    let record = history.as_array().unwrap().iter().find(|r| r["action"] == "LINKED").expect("a LINKED record").clone();
    assert_eq!((record["new_value"].as_str(), record["user_email"].as_str()), (b["grievance_number"].as_str(), Some(apitest::ADMIN_EMAIL)));

    // The SHO of Kotwali: Agra's grievances are not found, to link or to list.
    let sho = kotwali_officer(&api, &admin, "create,read,update,view_posting").await;
    let outside = api.post(&format!("/api/grievances/{c_id}/links"), &sho, json!({"grievance_id": a_id})).await;
    assert_eq!((outside.status, outside.error()), (StatusCode::NOT_FOUND, "Grievance not found"));
    assert_eq!(api.post(&format!("/api/grievances/{c_id}/links"), &admin, json!({"grievance_id": a_id})).await.status, StatusCode::CREATED);
    assert_eq!(numbers(&api.get(&format!("/api/grievances/{c_id}/links"), &sho).await.body), Vec::<String>::new(), "a link to a case outside the scope is not shown");
    assert_eq!(numbers(&api.get(&format!("/api/grievances/{a_id}/links"), &admin).await.body).len(), 2);

    // Unlinked: gone from both; unlinking again is refused.
    let unlinked = api.delete(&format!("/api/grievances/{a_id}/links/{b_id}"), &admin).await;
    assert_eq!((unlinked.status, numbers(&unlinked.body)), (StatusCode::OK, vec![c["grievance_number"].as_str().unwrap().to_string()]));
    assert_eq!(numbers(&api.get(&format!("/api/grievances/{b_id}/links"), &admin).await.body), Vec::<String>::new());
    let again = api.delete(&format!("/api/grievances/{a_id}/links/{b_id}"), &admin).await;
    assert_eq!((again.status, again.error()), (StatusCode::CONFLICT, "These grievances are not linked"));
    // A deleted grievance takes its links with it: hidden at once, removed from both sides
    // once the deletion is finished (on DynamoDB by the notifier's next run, here at once).
    assert_eq!(api.delete(&format!("/api/grievances/{c_id}"), &admin).await.status, StatusCode::OK);
    assert_eq!(numbers(&api.get(&format!("/api/grievances/{a_id}/links"), &admin).await.body), Vec::<String>::new());
    cases::attachments::finish_deletions(api.state.cases(), None).await.unwrap();
    assert_eq!(api.state.files.links(a_id).await.unwrap(), Vec::<i64>::new());
    let relinked = api.post(&format!("/api/grievances/{a_id}/links"), &admin, json!({"grievance_id": b_id})).await;
    assert_eq!(relinked.status, StatusCode::CREATED, "{:?}", relinked.body);
}

/// A grievance is found by its grievance number or FIR number, exactly or by its first
/// characters, whatever the capitals, highest number first and a page at a time; never one
/// outside the caller's scope; bad input is a 400 naming the field.
async fn a_grievance_is_found_by_its_number_within_the_scope(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    places(&api, &admin).await;
    let a = filed(&api, &admin, form("SB-1/2026", "2026-10-05", "Sadar Bazar", BRIEF)).await;
    let b = filed(&api, &admin, form("SB-12/2026", "2026-10-05", "Sadar Bazar", BRIEF)).await;
    let c = filed(&api, &admin, form("KW-1/2026", "2026-10-05", "Kotwali", BRIEF)).await;
    let number = |g: &Value| g["grievance_number"].as_str().unwrap().to_string();
    let found = |v: &Value| -> Vec<String> { v["data"].as_array().unwrap().iter().map(number).collect() };
    let look = |query: String, token: String| {
        let api = &api;
        async move { api.get(&format!("/api/grievances/lookup?{query}"), &token).await }
    };

    let exact = look(format!("number={}&match=exact", number(&a).to_lowercase()), admin.clone()).await;
    assert_eq!((exact.status, found(&exact.body)), (StatusCode::OK, vec![number(&a)]), "{:?}", exact.body);
    assert_eq!((exact.body["success"].as_bool(), exact.body["next_cursor"].as_str(), exact.body["bounded"].as_bool()), (Some(true), None, Some(false)));
    assert_eq!(exact.body["data"][0]["fir_no"].as_str(), Some("SB-1/2026"), "the whole grievance, as the list shows it");
    // By FIR number: SB-12/2026 sorts above SB-1/2026.
    assert_eq!(found(&look("number=sb-1".into(), admin.clone()).await.body), vec![number(&b), number(&a)]);
    assert_eq!(found(&look("number=SB-1%2F2026&match=exact".into(), admin.clone()).await.body), vec![number(&a)]);
    // Every grievance number, two at a time.
    let first = look("number=GRV-&limit=2".into(), admin.clone()).await;
    assert_eq!(found(&first.body), vec![number(&c), number(&b)]);
    let cursor = first.body["next_cursor"].as_str().expect("a next page").to_string();
    let second = look(format!("number=GRV-&limit=2&cursor={cursor}"), admin.clone()).await;
    assert_eq!((found(&second.body), second.body["next_cursor"].as_str()), (vec![number(&a)], None));

    // The SHO of Kotwali finds Kotwali's grievance only.
    let sho = kotwali_officer(&api, &admin, "read,view_posting").await;
    assert_eq!(found(&look("number=GRV".into(), sho.clone()).await.body), vec![number(&c)]);
    let elsewhere = look(format!("number={}&match=exact", number(&a)), sho.clone()).await;
    assert_eq!((elsewhere.status, found(&elsewhere.body)), (StatusCode::OK, Vec::<String>::new()), "another station's grievance is not found");
    // Nor is it told apart from a number nobody has: nothing counted, no cursor, not bounded.
    let nobody = look("number=SB-999%2F2026&match=exact".into(), sho.clone()).await;
    let told = |v: &Value| (v["examined"].as_u64(), v["bounded"].as_bool(), v["next_cursor"].clone());
    assert_eq!(told(&elsewhere.body), (Some(0), Some(false), Value::Null));
    assert_eq!(told(&elsewhere.body), told(&nobody.body), "another station's number says no more than a number nobody has");
    let prefix = look("number=SB-&limit=1".into(), sho.clone()).await;
    assert_eq!((found(&prefix.body), told(&prefix.body)), (Vec::<String>::new(), (Some(0), Some(false), Value::Null)), "Sadar Bazar's FIRs are not counted for Kotwali");
    assert_eq!(look("number=GRV".into(), sho.clone()).await.body["examined"], 1, "only what the caller may see is counted");

    // A cursor tells nothing of the numbers it passed, and is the caller's and the list's own.
    use base64::Engine as _;
    let opened = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(&cursor).expect("a cursor is base64url");
    assert!(!String::from_utf8_lossy(&opened).contains("GRV") && !cursor.contains("GRV"), "{cursor}");
    let taken = look(format!("number=GRV-&limit=2&cursor={cursor}"), sho.clone()).await;
    assert_eq!((taken.status, taken.error()), (StatusCode::BAD_REQUEST, "The paging cursor is not valid"), "another user's cursor");
    let list = api.get("/api/grievances?limit=1", &admin).await;
    let list_cursor = list.body["next_cursor"].as_str().expect("the list's next page").to_string();
    let crossed = look(format!("number=GRV-&limit=2&cursor={list_cursor}"), admin.clone()).await;
    assert_eq!(crossed.status, StatusCode::BAD_REQUEST, "the list's cursor is not the lookup's");
    let next = api.get(&format!("/api/grievances?limit=1&cursor={list_cursor}"), &admin).await;
    assert_eq!((next.status, next.body["data"].as_array().map(Vec::len)), (StatusCode::OK, Some(1)), "{:?}", next.body);

    // Bad input: 400 naming the field.
    for (query, field, message) in [
        ("", "number", "Enter a grievance number or FIR number"),
        ("number=%20%20", "number", "Enter a grievance number or FIR number"),
        ("number=GRV%202026", "number", "A number holds only letters, digits, '/' and '-'"),
        ("number=GRV&match=fuzzy", "match", "match must be exact or prefix"),
        ("number=GRV&limit=51", "limit", "limit must be between 1 and 50"),
        ("number=GRV&limit=0", "limit", "limit must be between 1 and 50"),
    ] {
        let refused = look(query.into(), admin.clone()).await;
        assert_eq!((refused.status, refused.body["fields"][field].as_str()), (StatusCode::BAD_REQUEST, Some(message)), "{query}: {:?}", refused.body);
    }
    let forged = look("number=GRV&cursor=bm90LWEtY3Vyc29y".into(), admin.clone()).await;
    assert_eq!((forged.status, forged.error()), (StatusCode::BAD_REQUEST, "The paging cursor is not valid"));
}

/// Six officers' tabs save one FIR number at once (and two edits move other cases onto it):
/// the check and the save are one, so exactly one is saved and every other is told of it.
async fn the_same_fir_saved_at_once_is_saved_once(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    places(&api, &admin).await;
    let mut others = Vec::new();
    for n in 0..2 {
        others.push(filed(&api, &admin, form(&format!("SB-OTHER-{n}/2026"), "2026-10-05", "Sadar Bazar", BRIEF)).await);
    }
    let creates = (0..6).map(|_| api.post("/api/grievances", &admin, form("SB-77/2026", "2026-10-05", "Sadar Bazar", BRIEF)));
    let edits = others.iter().map(|g| {
        let mut body = form("SB-77/2026", "2026-10-05", "Sadar Bazar", BRIEF);
        body["version"] = g["version"].clone();
        let (api, admin, path) = (&api, &admin, format!("/api/grievances/{}", g["id"]));
        async move { api.put(&path, admin, body).await }
    });
    let (created, edited) = tokio::join!(futures_util::future::join_all(creates), futures_util::future::join_all(edits));
    let answers: Vec<_> = created.iter().chain(&edited).collect();
    let saved: Vec<_> = answers.iter().filter(|a| a.status.is_success()).collect();
    assert_eq!(saved.len(), 1, "{:?}", answers.iter().map(|a| (a.status, &a.body)).collect::<Vec<_>>());
    let number = saved[0].body["data"]["grievance_number"].as_str().unwrap();
    for refused in answers.iter().filter(|a| !a.status.is_success()) {
        assert_eq!((refused.status, refused.body["code"].as_str()), (StatusCode::CONFLICT, Some("DUPLICATE_FIR")), "{:?}", refused.body);
        assert_eq!(refused.body["params"]["number"].as_str(), Some(number));
    }
    let same = api.get("/api/grievances?fir_no=SB-77%2F2026", &admin).await;
    assert_eq!(same.body["data"].as_array().map(Vec::len), Some(1), "{:?}", same.body);
}

/// A LINKED or UNLINKED record in the history of a grievance a reader may see names the other
/// grievance only when they may see it too: to Sadar Bazar's officer, a link to Kotwali's
/// case reads "a grievance outside your reach" on every path that shows the record (the
/// grievance's history, the audit trail by grievance and in all, the dashboard's activity,
/// the audit export); a link between two of their own cases, and every link to a reader
/// who sees both, keeps its number.
async fn a_link_record_names_no_grievance_outside_the_readers_scope(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    places(&api, &admin).await;
    let (a, b, c) = two_at_sadar_bazar_one_at_kotwali(&api, &admin).await;
    let (a_id, b_id, c_id) = (a["id"].as_i64().unwrap(), b["id"].as_i64().unwrap(), c["id"].as_i64().unwrap());
    let (b_number, c_number) = (b["grievance_number"].as_str().unwrap().to_string(), c["grievance_number"].as_str().unwrap().to_string());
    const HIDDEN: &str = "a grievance outside your reach";
    for other in [c_id, b_id] {
        let linked = api.post(&format!("/api/grievances/{a_id}/links"), &admin, json!({"grievance_id": other})).await;
        assert_eq!(linked.status, StatusCode::CREATED, "{:?}", linked.body);
    }
    assert_eq!(api.delete(&format!("/api/grievances/{a_id}/links/{c_id}"), &admin).await.status, StatusCode::OK);

    // Sadar Bazar's officer, who reads the audit trail of their station's cases.
    let role = api.post("/api/roles", &admin, json!({"name": "Station Officer", "permissions": {"grievances": "read,update,view_posting", "audit": "read"}})).await;
    let stations = api.get("/api/admin/dropdowns/police_stations", &admin).await.body;
    let sadar = stations.as_array().unwrap().iter().find(|s| s["name"] == "Sadar Bazar").unwrap()["id"].clone();
    let made = api.post("/api/users", &admin, json!({"name": "SHO Sadar", "email": "sho@sadar.test", "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": role.body["data"]["id"], "status": "active", "posting": {"level": "station", "id": sadar}})).await;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.body);
    let sho = api.login("sho@sadar.test", PASSWORD).await;
    assert_eq!(api.get(&format!("/api/grievances/{c_id}"), &sho).await.status, StatusCode::NOT_FOUND, "Kotwali's case is not theirs");

    // (action, old value, new value) of the link records among `records`.
    let links = |records: &Value| -> Vec<(String, Option<String>, Option<String>)> {
        let mut found: Vec<_> = records
            .as_array()
            .unwrap_or_else(|| panic!("records: {records}"))
            .iter()
            .filter(|r| r["action"] == "LINKED" || r["action"] == "UNLINKED")
            .map(|r| (r["action"].as_str().unwrap().to_string(), r["old_value"].as_str().map(str::to_string), r["new_value"].as_str().map(str::to_string)))
            .collect();
        found.sort();
        found
    };
    let mut hidden = vec![
        ("LINKED".to_string(), None, Some(HIDDEN.to_string())),
        ("LINKED".to_string(), None, Some(b_number.clone())),
        ("UNLINKED".to_string(), Some(HIDDEN.to_string()), None),
    ];
    hidden.sort();
    let mut shown = vec![
        ("LINKED".to_string(), None, Some(b_number.clone())),
        ("LINKED".to_string(), None, Some(c_number.clone())),
        ("UNLINKED".to_string(), Some(c_number.clone()), None),
    ];
    shown.sort();
    for (who, token, expected) in [("the SHO", &sho, &hidden), ("the Admin", &admin, &shown)] {
        let history = api.get(&format!("/api/grievances/{a_id}/history"), token).await;
        assert_eq!(history.status, StatusCode::OK, "{who}: {:?}", history.body);
        assert_eq!(&links(&history.body["data"]), expected, "{who}: the grievance's history");
        let trail = api.get(&format!("/api/audit/grievance/{a_id}"), token).await;
        assert_eq!(trail.status, StatusCode::OK, "{who}: {:?}", trail.body);
        assert_eq!(&links(&trail.body), expected, "{who}: the audit trail of the grievance");
        for action in ["LINKED", "UNLINKED"] {
            let all = api.get(&format!("/api/audit/all?action={action}"), token).await;
            assert_eq!(all.status, StatusCode::OK, "{who}: {:?}", all.body);
            let want: Vec<_> = expected.iter().filter(|(a, ..)| a == action).cloned().collect();
            assert_eq!(links(&all.body), want, "{who}: Audit History, {action}");
        }
    }
    let mut seen_by_sho = String::new();
    for path in [format!("/api/grievances/{a_id}/history"), format!("/api/audit/grievance/{a_id}"), "/api/audit/all".to_string(), "/api/admin/recent-activities".to_string()] {
        seen_by_sho.push_str(&api.get(&path, &sho).await.body.to_string());
    }
    assert!(!seen_by_sho.contains(&c_number), "Kotwali's number reaches the SHO: {seen_by_sho}");
    let activities = api.get("/api/admin/recent-activities", &sho).await.body.to_string();
    assert!(activities.contains(HIDDEN) && activities.contains(&b_number), "{activities}");
    assert!(api.get("/api/admin/recent-activities", &admin).await.body.to_string().contains(&c_number), "the Admin sees both");

    // The audit export of the same records.
    for (token, has_c) in [(&sho, false), (&admin, true)] {
        let answer = api.get("/api/audit/export/csv?search=links", token).await;
        assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
        let (status, _, bytes) = api.download(answer.body["url"].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::OK);
        let text = String::from_utf8_lossy(&bytes).to_string();
        assert_eq!((text.contains(&c_number), text.contains(HIDDEN)), (has_c, !has_c), "{text}");
        assert!(text.contains(&b_number), "{text}");
    }
}

on_both_engines!(
    a_duplicate_fir_is_refused_unless_confirmed,
    the_form_is_told_of_likely_duplicates_within_the_scope,
    linked_grievances_show_each_other_within_the_scope,
    a_grievance_is_found_by_its_number_within_the_scope,
    the_same_fir_saved_at_once_is_saved_once,
    a_link_record_names_no_grievance_outside_the_readers_scope
);
