//! Staff notifications through the real routers and the notifier run, on both
//! engines: an assignment, a closure request, its return and approval, and an escalation each
//! reach exactly the staff they concern, as notices in their own list with an unread count;
//! marking read; nobody reads or marks another's; emails wait in the outbox without a mailer,
//! are delivered through a real SMTP server (aiosmtpd), and a failed delivery is retried, then
//! kept aside after the last try.

use apitest::{on_both_engines, Api, Engine, ADMIN_NAME};
use http::StatusCode;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU32, Ordering};
use time::macros::date;

const PASSWORD: &str = "Officer-Pass-1";

fn form(station: &str, district: &str, inward: &str) -> Value {
    static NEXT: AtomicU32 = AtomicU32::new(1);
    let fir = format!("NT-{}/2026", NEXT.fetch_add(1, Ordering::Relaxed));
    json!({"type_of_call": "Walk-in", "fir_no": fir, "fir_date": inward, "section_and_act": "379 IPC",
           "crime_title": "Theft", "district": district, "police_station": station, "status": "Pending",
           "priority": "High", "brief_details": "Motorcycle stolen from the market parking.", "date_of_inward": inward})
}

struct Staff {
    admin: String,
    desk: String,
    desk_id: i64,
    sp: String,
    mathura_sp: String,
    clerk: String,
    clerk_id: i64,
}

/// Agra (in the Agra Range, with Sadar Bazar) and Mathura (with Kotwali). A desk officer at
/// Sadar Bazar whose closures need approval; the SPs of Agra and Mathura, who approve; a clerk
/// posted at Agra who sees only their own cases.
async fn staff(api: &Api) -> Staff {
    let admin = api.admin().await;
    let mut ids = Vec::new();
    for (district, range, station) in [("Agra", Some("Agra Range"), "Sadar Bazar"), ("Mathura", None, "Kotwali")] {
        let d = api.post("/api/admin/dropdowns/districts", &admin, json!({"name": district, "range": range})).await;
        assert_eq!(d.status, StatusCode::CREATED, "{:?}", d.body);
        let s = api.post("/api/admin/dropdowns/police_stations", &admin, json!({"name": station, "district_id": d.body["id"]})).await;
        assert_eq!(s.status, StatusCode::CREATED, "{:?}", s.body);
        ids.push((d.body["id"].as_i64().unwrap(), s.body["id"].as_i64().unwrap()));
    }
    let role = |name: &str, grants: &str, approval: bool| json!({"name": name, "closing_needs_approval": approval, "permissions": {"grievances": grants}});
    let desk_role = api.post("/api/roles", &admin, role("Desk Officer", "create,read,update,view_posting", true)).await.body;
    let sp_role = api.post("/api/roles", &admin, role("Superintendent", "read,update,approve,view_posting", false)).await.body;
    let clerk_role = api.post("/api/roles", &admin, role("Clerk", "read,update", false)).await.body;
    let user = |email: &'static str, role: &Value, posting: Value| {
        let (api, admin) = (&api, admin.clone());
        let role_id = role["data"]["id"].clone();
        async move {
            let body = json!({"name": email, "email": email, "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector",
                              "role_id": role_id, "status": "active", "posting": posting});
            let answer = api.post("/api/users", &admin, body).await;
            assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
            (api.login(email, PASSWORD).await, answer.body["data"]["id"].as_i64().unwrap())
        }
    };
    let (desk, desk_id) = user("desk@agra.test", &desk_role, json!({"level": "station", "id": ids[0].1})).await;
    let (sp, _) = user("sp@agra.test", &sp_role, json!({"level": "district", "id": ids[0].0})).await;
    let (mathura_sp, _) = user("sp@mathura.test", &sp_role, json!({"level": "district", "id": ids[1].0})).await;
    let (clerk, clerk_id) = user("clerk@agra.test", &clerk_role, json!({"level": "district", "id": ids[0].0})).await;
    Staff { admin, desk, desk_id, sp, mathura_sp, clerk, clerk_id }
}

async fn deliver(api: &Api) -> grievances_area::notify::Delivered {
    grievances_area::notify::run(&api.state, None, domain::clock::now()).await.unwrap()
}

/// The caller's notifications as (kind, grievance id, read), newest first, and the unread count.
async fn notices(api: &Api, token: &str) -> (Vec<(String, i64, bool)>, u64) {
    let answer = api.get("/api/notifications", token).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    let data = &answer.body["data"];
    let items = data["items"].as_array().unwrap().iter().map(|n| (n["kind"].as_str().unwrap().to_string(), n["grievanceId"].as_i64().unwrap(), n["read"].as_bool().unwrap())).collect();
    let unread = data["unread"].as_u64().unwrap();
    let bell = api.get("/api/notifications/unread", token).await;
    assert_eq!(bell.body["data"]["unread"].as_u64(), Some(unread), "the bell's count and the list's agree");
    (items, unread)
}

async fn file(api: &Api, token: &str, inward: &str) -> i64 {
    let answer = api.post("/api/grievances", token, form("Sadar Bazar", "Agra", inward)).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    answer.body["data"]["id"].as_i64().unwrap()
}

async fn assign(api: &Api, token: &str, id: i64, user: i64) {
    let answer = api.put(&format!("/api/grievances/{id}/assign"), token, json!({"user_id": user})).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
}

async fn status_id(api: &Api, token: &str, name: &str) -> i64 {
    let statuses = api.get("/api/admin/dropdowns/statuses", token).await.body;
    statuses.as_array().unwrap().iter().find(|s| s["name"] == name).unwrap()["id"].as_i64().unwrap()
}

async fn set_status(api: &Api, token: &str, id: i64, status: i64) -> StatusCode {
    api.put(&format!("/api/grievances/{id}/status"), token, json!({"status_id": status, "notes": "Statements recorded"})).await.status
}

async fn each_change_reaches_the_staff_it_concerns(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let s = staff(&api).await;
    let g = file(&api, &s.admin, "2026-11-20").await;

    // Assigned to the desk officer: the desk officer hears of it, once, after the run.
    assign(&api, &s.admin, g, s.desk_id).await;
    assert_eq!(notices(&api, &s.desk).await, (vec![], 0), "nothing before the notifier runs");
    let run = deliver(&api).await;
    assert_eq!((run.events, run.notices), (1, 1));
    assert_eq!(deliver(&api).await, Default::default(), "an event is delivered once");
    assert_eq!(notices(&api, &s.desk).await, (vec![("assigned".into(), g, false)], 1));
    let listed = api.get("/api/notifications", &s.desk).await.body["data"]["items"][0].clone();
    assert_eq!(listed["actorName"], ADMIN_NAME);
    assert_eq!(listed["grievanceNumber"], api.get(&format!("/api/grievances/{g}"), &s.admin).await.body["data"]["grievance_number"]);
    assert_eq!(notices(&api, &s.sp).await, (vec![], 0), "nobody else");

    // The desk officer asks to close it: the approvers whose scope holds Sadar Bazar hear of
    // it (the SP of Agra and the Admin), not the SP of Mathura, not the asker, not the clerk.
    let resolved = status_id(&api, &s.admin, "Resolved").await;
    let asked = api.put(&format!("/api/grievances/{g}/status"), &s.desk, json!({"status_id": resolved, "notes": "Recovered", "final_decision": "Property recovered"})).await;
    assert_eq!(asked.status, StatusCode::OK, "{:?}", asked.body);
    assert_eq!(deliver(&api).await.notices, 2);
    assert_eq!(notices(&api, &s.sp).await, (vec![("closure_requested".into(), g, false)], 1));
    assert_eq!(notices(&api, &s.admin).await, (vec![("closure_requested".into(), g, false)], 1));
    assert_eq!(notices(&api, &s.mathura_sp).await, (vec![], 0));
    assert_eq!(notices(&api, &s.clerk).await, (vec![], 0));
    assert_eq!(notices(&api, &s.desk).await.1, 1, "not the one who asked");

    // Returned with a reason, asked again, approved: the asker hears of both decisions.
    let returned = api.post(&format!("/api/grievances/{g}/closure/return"), &s.sp, json!({"reason": "Attach the recovery memo"})).await;
    assert_eq!(returned.status, StatusCode::OK, "{:?}", returned.body);
    deliver(&api).await;
    let latest = api.get("/api/notifications", &s.desk).await.body["data"]["items"][0].clone();
    assert_eq!((latest["kind"].as_str(), latest["reason"].as_str()), (Some("closure_returned"), Some("Attach the recovery memo")));
    api.put(&format!("/api/grievances/{g}/status"), &s.desk, json!({"status_id": resolved, "final_decision": "Property recovered"})).await;
    let approved = api.post(&format!("/api/grievances/{g}/closure/approve"), &s.sp, json!({})).await;
    assert_eq!(approved.status, StatusCode::OK, "{:?}", approved.body);
    deliver(&api).await;
    let (desk_list, desk_unread) = notices(&api, &s.desk).await;
    assert_eq!(desk_list.iter().map(|n| n.0.as_str()).collect::<Vec<_>>(), ["closure_approved", "closure_returned", "assigned"]);
    assert_eq!(desk_unread, 3);
    assert_eq!(notices(&api, &s.sp).await.1, 2, "the second request too");

    // Assigning to oneself tells nobody.
    let own = file(&api, &s.admin, "2026-11-20").await;
    let me = api.state.accounts.users().await.unwrap().into_iter().find(|u| u.name == ADMIN_NAME).unwrap().id;
    assign(&api, &s.admin, own, me).await;
    assert_eq!(deliver(&api).await.notices, 0);

    // Escalated to Agra: its SP hears of it; the clerk posted there sees only their own cases,
    // and the SP of Mathura is elsewhere.
    let overdue = file(&api, &s.admin, "2026-10-01").await;
    let escalated = grievances_area::escalation::run(&api.state, date!(2026 - 10 - 05)).await.unwrap();
    assert!(escalated.escalated >= 1, "{escalated:?}");
    // Once the run has been quiet a while: its events wait for the rest of the run.
    grievances_area::notify::run(&api.state, None, domain::clock::now() + time::Duration::seconds(11)).await.unwrap();
    let (sp_list, _) = notices(&api, &s.sp).await;
    assert_eq!(sp_list[0], ("escalated".into(), overdue, false));
    let notice = api.get("/api/notifications", &s.sp).await.body["data"]["items"][0].clone();
    assert_eq!((notice["level"].as_str(), notice["daysOverdue"].as_i64(), notice["actorName"].as_str()), (Some("district"), Some(1), Some("Escalation")));
    assert!(notices(&api, &s.clerk).await.0.is_empty());
    assert!(notices(&api, &s.mathura_sp).await.0.is_empty());
    let _ = s.clerk_id;
}

async fn notices_are_marked_read_by_their_owner_only(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let s = staff(&api).await;
    // 22 assignments to the desk officer and one to the clerk.
    let mut filed = Vec::new();
    for _ in 0..22 {
        let id = file(&api, &s.admin, "2026-11-20").await;
        assign(&api, &s.admin, id, s.desk_id).await;
        filed.push(id);
    }
    assign(&api, &s.admin, filed[0], s.clerk_id).await;
    let run = deliver(&api).await;
    assert_eq!((run.events, run.notices), (23, 23));

    // Two pages, newest first, nothing twice.
    let first = api.get("/api/notifications", &s.desk).await.body["data"].clone();
    assert_eq!((first["items"].as_array().unwrap().len(), first["unread"].as_u64()), (20, Some(22)));
    let cursor = first["cursor"].as_str().expect("more follow").to_string();
    let second = api.get(&format!("/api/notifications?cursor={cursor}"), &s.desk).await.body["data"].clone();
    assert!(second["cursor"].is_null(), "{second}");
    let mut seen: Vec<i64> = first["items"].as_array().unwrap().iter().chain(second["items"].as_array().unwrap()).map(|n| n["grievanceId"].as_i64().unwrap()).collect();
    assert_eq!(seen.first(), filed.last(), "newest first");
    seen.sort();
    assert_eq!(seen, filed);
    let bad = api.get("/api/notifications?cursor=not-a-cursor", &s.desk).await;
    assert_eq!((bad.status, bad.body["error"].as_str()), (StatusCode::BAD_REQUEST, Some("The paging cursor is not valid")), "{:?}", bad.body);

    // Read one: the count drops; again: no change.
    let id = first["items"][0]["id"].as_str().unwrap().to_string();
    let read = api.post(&format!("/api/notifications/{id}/read"), &s.desk, json!({})).await;
    assert_eq!((read.status, &read.body["data"]), (StatusCode::OK, &json!({"unread": 21, "marked": 1})));
    let again = api.post(&format!("/api/notifications/{id}/read"), &s.desk, json!({})).await;
    assert_eq!((again.status, &again.body["data"]), (StatusCode::OK, &json!({"unread": 21, "marked": 0})));
    assert_eq!(api.get("/api/notifications", &s.desk).await.body["data"]["items"][0]["read"], true);

    // Another's notice, or no notice at all, is not found; the clerk's stays unread.
    let clerks = api.get("/api/notifications", &s.clerk).await.body["data"]["items"][0]["id"].as_str().unwrap().to_string();
    for id in [clerks.as_str(), "01795724241261372-000000000001-000000001-0", "..%2F..%2Fetc", "1-2-3"] {
        let answer = api.post(&format!("/api/notifications/{id}/read"), &s.desk, json!({})).await;
        assert_eq!((answer.status, answer.body["error"].as_str()), (StatusCode::NOT_FOUND, Some("Notification not found")), "{id}: {:?}", answer.body);
    }
    assert_eq!(notices(&api, &s.clerk).await.1, 1);
    let anonymous = api.call("GET", "/api/notifications", None, None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    // All at once, from several tabs in parallel: every one read, none twice.
    let marks = futures_util::future::join_all((0..4).map(|_| api.post("/api/notifications/read-all", &s.desk, json!({})))).await;
    assert!(marks.iter().all(|m| m.status == StatusCode::OK && m.body["data"]["unread"] == 0), "{:?}", marks.iter().map(|m| &m.body).collect::<Vec<_>>());
    let (list, unread) = notices(&api, &s.desk).await;
    assert_eq!(unread, 0);
    assert!(list.iter().all(|n| n.2), "every one shows read");
    assert_eq!(notices(&api, &s.clerk).await.1, 1, "the clerk's are theirs to read");

    // Two notifier runs at once deliver each event once.
    for id in &filed[1..4] {
        assign(&api, &s.admin, *id, s.clerk_id).await;
    }
    let (a, b) = tokio::join!(deliver(&api), deliver(&api));
    assert!(a.events + b.events >= 3, "{a:?} {b:?}");
    assert_eq!(notices(&api, &s.clerk).await.1, 4);
    let _ = (&s.sp, &s.mathura_sp);
}

/// Quoted-printable text (RFC 2045) as the bytes it stands for.
fn unquote(text: &str) -> String {
    let text = text.replace("=\r\n", "").replace("=\n", "");
    let mut bytes = Vec::new();
    let mut rest = text.as_bytes();
    while let Some((&first, tail)) = rest.split_first() {
        match (first, tail.get(..2).and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok())) {
            (b'=', Some(byte)) => {
                bytes.push(byte);
                rest = &tail[2..];
            }
            _ => {
                bytes.push(first);
                rest = tail;
            }
        }
    }
    String::from_utf8(bytes).expect("UTF-8 text")
}

/// The raw messages' headers and decoded bodies.
fn decoded(server: &testkit::smtp::SmtpServer) -> Vec<String> {
    use base64::Engine as _;
    server
        .messages()
        .into_iter()
        .map(|raw| {
            let (headers, body) = raw.split_once("\n\n").or(raw.split_once("\r\n\r\n")).unwrap_or((&raw, ""));
            let encoding = headers.to_ascii_lowercase();
            let body = if encoding.contains("content-transfer-encoding: base64") {
                String::from_utf8(base64::engine::general_purpose::STANDARD.decode(body.split_whitespace().collect::<String>()).unwrap()).unwrap()
            } else if encoding.contains("content-transfer-encoding: quoted-printable") {
                unquote(body)
            } else {
                body.to_string()
            };
            format!("{headers}\n\n{body}")
        })
        .collect()
}

async fn emails_go_through_smtp_and_a_failed_send_is_retried(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let s = staff(&api).await;
    let g = file(&api, &s.admin, "2026-11-20").await;
    assign(&api, &s.admin, g, s.desk_id).await;

    // No mailer: the notice is written and the email waits in the outbox.
    assert_eq!(deliver(&api).await.notices, 1);
    let waiting = api.state.notices.due_mail(&domain::clock::now_text(), 10).await.unwrap();
    assert_eq!(waiting.len(), 1);
    assert_eq!(waiting[0].mail.to, "desk@agra.test");

    // The SMTP server is down: the send fails and is due again a minute later.
    let port = testkit::free_port();
    let mailer = mail::Smtp::new("127.0.0.1", Some(port), mail::Security::None, None, "Grievance Portal <portal@agra.test>").unwrap();
    let now = domain::clock::now();
    let failed = grievances_area::notify::run(&api.state, Some(&mailer), now).await.unwrap();
    assert_eq!((failed.sent, failed.failed), (0, 1));
    let retry = api.state.notices.due_mail(&domain::clock::to_text(now + time::Duration::seconds(61)), 10).await.unwrap();
    assert_eq!((retry.len(), retry[0].attempts, retry[0].last_error.is_some()), (1, 1, true));

    // Up again: not sent before it is due, then sent once.
    let server = testkit::smtp::SmtpServer::start(port);
    assert_eq!(grievances_area::notify::run(&api.state, Some(&mailer), now).await.unwrap().sent, 0, "not due yet");
    let later = now + time::Duration::minutes(2);
    assert_eq!(grievances_area::notify::run(&api.state, Some(&mailer), later).await.unwrap().sent, 1);
    assert_eq!(grievances_area::notify::run(&api.state, Some(&mailer), later).await.unwrap().sent, 0, "sent once");
    let messages = decoded(&server);
    assert_eq!(messages.len(), 1, "{messages:?}");
    let number = api.get(&format!("/api/grievances/{g}"), &s.admin).await.body["data"]["grievance_number"].as_str().unwrap().to_string();
    let message = &messages[0];
    assert!(message.contains("To: desk@agra.test"), "{message}");
    assert!(message.contains("From: \"Grievance Portal\" <portal@agra.test>"), "{message}");
    assert!(message.contains(&format!("{ADMIN_NAME} assigned grievance {number} to you.")), "{message}");
    assert!(message.contains(&format!("{ADMIN_NAME} ने शिकायत {number} आपको सौंपी है।")), "{message}");
    assert!(api.state.notices.due_mail(&domain::clock::to_text(later + time::Duration::days(1)), 10).await.unwrap().is_empty(), "the outbox is empty");

    // A recipient the server can never take: tried eight times, then kept aside as failed.
    drop(server);
    let g2 = file(&api, &s.admin, "2026-11-20").await;
    assign(&api, &s.admin, g2, s.desk_id).await;
    let mut at = later;
    let mut tries = 0;
    loop {
        let run = grievances_area::notify::run(&api.state, Some(&mailer), at).await.unwrap();
        tries += run.failed;
        at += time::Duration::hours(7);
        if run.failed == 0 {
            break;
        }
    }
    assert_eq!(tries, u64::from(cases::notices::MAX_ATTEMPTS));
    let kept = api.state.notices.failed_mail(10).await.unwrap();
    assert_eq!((kept.len(), kept[0].attempts, kept[0].mail.to.as_str()), (1, cases::notices::MAX_ATTEMPTS, "desk@agra.test"));
    assert_eq!(notices(&api, &s.desk).await.1, 2, "the notices are there whatever became of the emails");
}

/// The bell's count is asked on a timer, not by the user: a tab that only polls it reaches
/// the idle timeout, while one whose user reads the list keeps its session. (Six seconds of
/// idle time, used 3.2 s apart: a request on a loaded CI machine has almost 3 s to answer.)
async fn the_bells_poll_keeps_no_session_alive(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let (polling, reading) = (api.admin().await, api.admin().await);
    let api = api.adjusted(portal::areas, |s| s.tokens.policy.idle_seconds = 6);
    tokio::time::sleep(std::time::Duration::from_millis(3200)).await;
    assert_eq!(api.get("/api/notifications/unread", &polling).await.status, StatusCode::OK);
    assert_eq!(api.get("/api/notifications", &reading).await.status, StatusCode::OK);
    tokio::time::sleep(std::time::Duration::from_millis(3200)).await;
    let over = api.get("/api/notifications/unread", &polling).await;
    assert_eq!((over.status, over.body["error"].as_str()), (StatusCode::UNAUTHORIZED, Some("Your session has ended. Please sign in again.")), "{:?}", over.body);
    assert_eq!(api.get("/api/notifications/unread", &reading).await.status, StatusCode::OK, "the reader's session was used 3 s ago");
}

/// A change of status is told to those the case is "own" to (who filed it, who is assigned),
/// never to the one who made it, and names the status as its list holds it when read: an
/// Admin's rename shows in a notice written before it, and in the email, in Hindi too.
async fn a_change_of_status_names_the_status_as_the_list_holds_it(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let s = staff(&api).await;
    let g = file(&api, &s.admin, "2026-11-20").await;
    assign(&api, &s.admin, g, s.desk_id).await;
    deliver(&api).await;
    let in_progress = status_id(&api, &s.admin, "In Progress").await;
    assert_eq!(set_status(&api, &s.admin, g, in_progress).await, StatusCode::OK);
    assert_eq!(deliver(&api).await.notices, 1, "the assigned officer only: the Admin filed it and made the change");
    let notice = api.get("/api/notifications", &s.desk).await.body["data"]["items"][0].clone();
    assert_eq!((notice["kind"].as_str(), notice["statusId"].as_i64(), notice["status"].as_str()), (Some("status_changed"), Some(in_progress), Some("In Progress")));
    assert_eq!(notices(&api, &s.sp).await, (vec![], 0), "not the district's SP");

    let item = api.get("/api/admin/dropdowns/statuses", &s.admin).await.body.as_array().unwrap().iter().find(|i| i["id"] == in_progress).unwrap().clone();
    let renamed = api.put(&format!("/api/admin/dropdowns/statuses/{in_progress}"), &s.admin,
        json!({"name": "Under Investigation", "name_hi": "विवेचनाधीन", "description": item["description"], "display_order": item["display_order"], "is_active": true})).await;
    assert_eq!(renamed.status, StatusCode::OK, "{:?}", renamed.body);
    let notice = api.get("/api/notifications", &s.desk).await.body["data"]["items"][0].clone();
    assert_eq!(notice["status"].as_str(), Some("Under Investigation"), "the notice reads by the new name");

    // The officer sets it back, then on again: the Admin, who filed it, hears of both, by the
    // names the list holds; the email words it in English and Hindi.
    let pending = status_id(&api, &s.admin, "Pending").await;
    assert_eq!(set_status(&api, &s.desk, g, pending).await, StatusCode::OK);
    assert_eq!(set_status(&api, &s.desk, g, in_progress).await, StatusCode::OK);
    assert_eq!(deliver(&api).await.notices, 2);
    let listed = api.get("/api/notifications", &s.admin).await.body["data"]["items"].clone();
    let told: Vec<_> = listed.as_array().unwrap().iter().map(|n| (n["kind"].as_str().unwrap(), n["status"].as_str().unwrap())).collect();
    assert_eq!(told, [("status_changed", "Under Investigation"), ("status_changed", "Pending")]);
    assert_eq!(notices(&api, &s.desk).await.1, 2, "nothing more for the one who made them: the assignment and the first change");
    let number = api.get(&format!("/api/grievances/{g}"), &s.admin).await.body["data"]["grievance_number"].as_str().unwrap().to_string();
    let mails = api.state.notices.due_mail(&domain::clock::now_text(), 20).await.unwrap();
    let mail = mails.iter().find(|m| m.mail.subject.starts_with(&format!("Grievance {number} is now Under Investigation"))).unwrap_or_else(|| panic!("{mails:?}"));
    assert!(mail.mail.body.contains(&format!("desk@agra.test changed the status of grievance {number} to Under Investigation.")), "{}", mail.mail.body);
    assert!(mail.mail.body.contains(&format!("desk@agra.test ने शिकायत {number} की स्थिति बदलकर विवेचनाधीन कर दी।")), "{}", mail.mail.body);
}

on_both_engines!(
    each_change_reaches_the_staff_it_concerns,
    notices_are_marked_read_by_their_owner_only,
    emails_go_through_smtp_and_a_failed_send_is_retried,
    a_change_of_status_names_the_status_as_the_list_holds_it,
    the_bells_poll_keeps_no_session_alive
);
