//! The /api/auth area through its real router, on both store engines.

use apitest::{on_both_engines, Api, Engine, ADMIN_EMAIL, ADMIN_NAME, ADMIN_PASSWORD};
use domain::user::UserStatus;
use http::StatusCode;
use serde_json::json;

async fn api(engine: Engine) -> Api {
    Api::new(engine, auth_area::routes).await
}

async fn add_user(api: &Api, email: &str, password: &str) -> i64 {
    let user = auth::users::create(
        api.state.accounts.as_ref(),
        auth::users::NewUser {
            name: "Ravi Officer".into(),
            email: domain::Email::parse(email).unwrap(),
            password_hash: auth::passwords::hash(password).await.unwrap(),
            phone: Some("9876543210".into()),
            department: Some("Crime Branch".into()),
            designation: Some("Inspector".into()),
            role_id: auth::roles::ADMIN_ROLE_ID,
            status: UserStatus::Active,
            posting: Default::default(),
        },
    )
    .await
    .unwrap();
    user.id
}

async fn login_answers_a_token_and_the_whole_user(engine: Engine) {
    let api = api(engine).await;
    let answer = api.call("POST", "/api/auth/login", None, Some(json!({"email": "  ADMIN@Portal.test ", "password": ADMIN_PASSWORD}))).await;
    assert_eq!(answer.status, StatusCode::OK);
    let user = &answer.body["user"];
    assert_eq!(user["name"], ADMIN_NAME);
    assert_eq!(user["email"], ADMIN_EMAIL);
    assert_eq!(user["role_name"], "Admin");
    assert!(user["id"].as_i64().unwrap() > 0);
    for field in ["department", "designation", "phone"] {
        assert!(user.get(field).is_some(), "user has {field}");
    }
    assert!(user.get("password_hash").is_none() && user.get("password").is_none());
    let permissions = user["permissions"].as_array().unwrap();
    assert_eq!(permissions.len(), 7, "Admin holds every resource");
    assert_eq!(permissions[0], json!({"resource": "grievances", "can_create": true, "can_read": true, "can_view_all": true, "can_update": true, "can_delete": true, "can_approve": true, "can_view_identities": true, "can_withhold_publication": true}));

    let token = answer.body["token"].as_str().unwrap();
    let me = api.get("/api/auth/me", token).await;
    assert_eq!((me.status, me.body["email"].as_str()), (StatusCode::OK, Some(ADMIN_EMAIL)));
    let verify = api.get("/api/auth/verify", token).await;
    assert_eq!((verify.status, verify.body["valid"].as_bool()), (StatusCode::OK, Some(true)));
}

async fn a_wrong_email_and_a_wrong_password_get_the_same_answer(engine: Engine) {
    let api = api(engine).await;
    let wrong_password = api.call("POST", "/api/auth/login", None, Some(json!({"email": ADMIN_EMAIL, "password": "nope-nope"}))).await;
    let wrong_email = api.call("POST", "/api/auth/login", None, Some(json!({"email": "nobody@portal.test", "password": ADMIN_PASSWORD}))).await;
    assert_eq!(wrong_password.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong_email.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong_password.body, json!({"error": "Invalid email or password", "code": "INVALID_CREDENTIALS"}));
    assert_eq!(wrong_email.body, wrong_password.body);

    let missing = api.call("POST", "/api/auth/login", None, Some(json!({"email": "", "password": ""}))).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(missing.body["fields"], json!({"email": "Email is required", "password": "Password is required"}));
}

async fn five_failures_lock_the_email_for_fifteen_minutes(engine: Engine) {
    let api = api(engine).await;
    for _ in 0..5 {
        let answer = api.call("POST", "/api/auth/login", None, Some(json!({"email": ADMIN_EMAIL, "password": "wrong-guess"}))).await;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    }
    // Even the right password is refused while the lock holds.
    let locked = api.call("POST", "/api/auth/login", None, Some(json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))).await;
    assert_eq!(locked.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(locked.error(), "Too many failed sign-in attempts. Please try again in 15 minutes.");
    // Other accounts are not affected.
    add_user(&api, "ravi@portal.test", "Ravi-Pass-1").await;
    api.login("ravi@portal.test", "Ravi-Pass-1").await;
}

async fn logout_ends_the_session_on_the_server(engine: Engine) {
    let api = api(engine).await;
    let token = api.admin().await;
    let other = api.admin().await;
    let out = api.call("POST", "/api/auth/logout", Some(&token), None).await;
    assert_eq!((out.status, out.body["message"].as_str()), (StatusCode::OK, Some("Logged out successfully")));
    let after = api.get("/api/auth/me", &token).await;
    assert_eq!(after.status, StatusCode::UNAUTHORIZED);
    assert_eq!(after.error(), "Your session has ended. Please sign in again.");
    assert_eq!(api.get("/api/auth/verify", &token).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(api.get("/api/auth/me", &other).await.status, StatusCode::OK, "another sign-in stays");
}

/// The session a token names, as kept (`None` once it is gone from the store).
async fn kept_session(api: &Api, token: &str) -> Option<auth::port::Session> {
    let claims = api.state.tokens.verify(token).expect("one of ours");
    api.state.accounts.session_with_user(&claims.sid, claims.sub.parse().unwrap()).await.unwrap().0
}

/// On a real clock, with a lifetime of 15 s and an idle time of 5 s: a session in use lives to
/// its lifetime, an unused one ends after its idle time, and both are then gone from the store.
/// (The idle time leaves a busy machine seconds between two uses of the busy session, a sweep
/// on moto among them; with 3 s, a loaded run once ended it early.)
async fn sessions_end_after_their_idle_time_and_their_lifetime(engine: Engine) {
    let policy = auth::tokens::SessionPolicy { lifetime_seconds: 15, idle_seconds: 5 };
    let api = api(engine).await.adjusted(auth_area::routes, |state| state.tokens.policy = policy);
    // The busy session signs in last, and its lifetime is counted from there: on a loaded
    // machine three sign-ins take seconds, which an earlier one would lose from its lifetime.
    let (idle, forgotten) = (api.admin().await, api.admin().await);
    let signed_in = time::OffsetDateTime::now_utc().unix_timestamp();
    let busy = api.admin().await;
    let times = api.get("/api/auth/session", &busy).await;
    assert_eq!(times.status, StatusCode::OK);
    assert_eq!(times.body["idleTimeoutSeconds"], 4, "5 s idle, less the 1 s between recorded uses");
    let expires_at = times.body["expiresAt"].as_i64().unwrap();
    assert!((signed_in..=signed_in + 16).contains(&(expires_at)), "{expires_at} vs {signed_in}");
    let kept = kept_session(&api, &forgotten).await.unwrap();
    assert_eq!(kept.removable_at, kept.last_seen + 5, "what the sweep and DynamoDB's TTL remove it by");

    let started = std::time::Instant::now();
    while started.elapsed() < std::time::Duration::from_millis(6200) {
        assert_eq!(api.get("/api/auth/me", &busy).await.status, StatusCode::OK, "in use at {:?}", started.elapsed());
        tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    }
    let after_idle = api.get("/api/auth/me", &idle).await;
    assert_eq!((after_idle.status, after_idle.error()), (StatusCode::UNAUTHORIZED, "Your session has ended. Please sign in again."));
    assert!(kept_session(&api, &idle).await.is_none(), "an idle session is removed when it comes back");
    let kept = kept_session(&api, &busy).await.unwrap();
    assert!(kept.last_seen >= signed_in + 5, "uses were recorded: {kept:?}");
    assert_eq!(kept.removable_at, (kept.last_seen + 5).min(kept.expires_at), "a busy session is removed by its next idle time or its lifetime");

    // The busy session is used on each side of the sweep, so that a slow sweep on a loaded
    // machine is not an idle time of its own.
    assert_eq!(api.get("/api/auth/me", &busy).await.status, StatusCode::OK, "in use before the sweep");
    let swept = auth::sessions::sweep(api.state.accounts.as_ref()).await.unwrap();
    match engine {
        Engine::Sqlite => {
            assert_eq!(swept, 1, "the forgotten session");
            assert!(kept_session(&api, &forgotten).await.is_none());
        }
        // DynamoDB's TTL removes it (moto does not run TTL): it is past its time, and refused.
        Engine::Dynamo => assert!(kept_session(&api, &forgotten).await.unwrap().removable_at <= time::OffsetDateTime::now_utc().unix_timestamp()),
    }
    assert_eq!(api.get("/api/auth/me", &busy).await.status, StatusCode::OK, "in use after the sweep");
    assert_eq!(api.get("/api/auth/me", &forgotten).await.status, StatusCode::UNAUTHORIZED);
    assert!(kept_session(&api, &forgotten).await.is_none());

    while time::OffsetDateTime::now_utc().unix_timestamp() < expires_at {
        assert_eq!(api.get("/api/auth/me", &busy).await.status, StatusCode::OK);
        tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    }
    let after_lifetime = api.get("/api/auth/me", &busy).await;
    assert_eq!(after_lifetime.status, StatusCode::UNAUTHORIZED, "past its lifetime, however busy");
    assert!(kept_session(&api, &busy).await.is_none());
}

async fn change_password_follows_the_rules_and_ends_other_sessions(engine: Engine) {
    let api = api(engine).await;
    let token = api.admin().await;
    let elsewhere = api.admin().await;
    let change = |old: &str, new: &str| json!({"oldPassword": old, "newPassword": new});
    let short = api.post("/api/auth/change-password", &token, change(ADMIN_PASSWORD, "12345")).await;
    assert_eq!((short.status, short.error()), (StatusCode::BAD_REQUEST, "Password must be at least 6 characters"));
    assert_eq!(short.body["fields"]["newPassword"], "Password must be at least 6 characters");
    let wrong = api.post("/api/auth/change-password", &token, change("not-my-password", "New-Pass-2")).await;
    assert_eq!((wrong.status, wrong.error()), (StatusCode::BAD_REQUEST, "Current password is incorrect"));
    let ok = api.post("/api/auth/change-password", &token, change(ADMIN_PASSWORD, "New-Pass-2")).await;
    assert_eq!((ok.status, ok.body["message"].as_str()), (StatusCode::OK, Some("Password changed successfully")));

    assert_eq!(api.get("/api/auth/me", &token).await.status, StatusCode::OK, "the caller stays signed in");
    assert_eq!(api.get("/api/auth/me", &elsewhere).await.status, StatusCode::UNAUTHORIZED, "other sessions end");
    let old = api.call("POST", "/api/auth/login", None, Some(json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))).await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED);
    api.login(ADMIN_EMAIL, "New-Pass-2").await;
}

async fn a_tampered_expired_or_misplaced_token_gets_401(engine: Engine) {
    let api = api(engine).await;
    let token = api.admin().await;
    let mut tampered = token.clone();
    let last = tampered.pop().unwrap();
    tampered.push(if last == 'x' { 'y' } else { 'x' });
    assert_eq!(api.get("/api/auth/me", &tampered).await.status, StatusCode::UNAUTHORIZED);

    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let sid = api.state.tokens.verify(&token).unwrap().sid;
    let expired = api.state.tokens.issue(1, &sid, now - 7200, now - 1);
    let answer = api.get("/api/auth/me", &expired).await;
    assert_eq!((answer.status, answer.error()), (StatusCode::UNAUTHORIZED, "Your session has ended. Please sign in again."));

    let forged = auth::TokenKeys::new(&[9u8; 32]).issue(1, &sid, now, now + 600);
    assert_eq!(api.get("/api/auth/me", &forged).await.status, StatusCode::UNAUTHORIZED);

    let none = api.call("GET", "/api/auth/me", None, None).await;
    assert_eq!((none.status, none.error()), (StatusCode::UNAUTHORIZED, "Authentication required. Please sign in."));
    let in_query = api.call("GET", &format!("/api/auth/me?token={token}"), None, None).await;
    assert_eq!(in_query.status, StatusCode::UNAUTHORIZED, "tokens are never taken from the query string");
}

async fn deactivating_a_user_ends_their_session_at_once(engine: Engine) {
    let api = api(engine).await;
    let id = add_user(&api, "ravi@portal.test", "Ravi-Pass-1").await;
    let token = api.login("ravi@portal.test", "Ravi-Pass-1").await;
    assert_eq!(api.get("/api/auth/me", &token).await.status, StatusCode::OK);
    // Written straight to the store, as no path of the API would leave the session open.
    let accounts = api.state.accounts.as_ref();
    let active = accounts.user(id).await.unwrap().unwrap();
    let inactive = auth::users::UserRecord { status: UserStatus::Inactive, version: active.version + 1, ..active.clone() };
    assert_eq!(accounts.replace_user(&active, &inactive).await.unwrap(), auth::port::Outcome::Written);
    assert_eq!(api.get("/api/auth/me", &token).await.status, StatusCode::UNAUTHORIZED);
    let again = api.call("POST", "/api/auth/login", None, Some(json!({"email": "ravi@portal.test", "password": "Ravi-Pass-1"}))).await;
    assert_eq!((again.status, again.error()), (StatusCode::UNAUTHORIZED, "Your account is inactive. Please contact the administrator."));
}

async fn bad_bodies_get_clear_json_errors(engine: Engine) {
    let api = api(engine).await;
    let request = |body: String| {
        http::Request::builder()
            .method("POST")
            .uri("/api/auth/login")
            .header("content-type", "application/json")
            .body(axum::body::Body::from(body))
            .unwrap()
    };
    let malformed = api.send(request("{\"email\": ".into())).await;
    assert_eq!((malformed.status, malformed.error()), (StatusCode::BAD_REQUEST, "Malformed JSON in the request body"));
    let wrong_type = api.send(request("{\"email\": 5, \"password\": \"x\"}".into())).await;
    assert_eq!(wrong_type.status, StatusCode::BAD_REQUEST);
    assert!(wrong_type.error().starts_with("Invalid request body"), "{}", wrong_type.error());
    let huge = api.send(request(format!("{{\"email\": \"{}\", \"password\": \"x\"}}", "a".repeat(2 * 1024 * 1024)))).await;
    assert_eq!((huge.status, huge.error()), (StatusCode::PAYLOAD_TOO_LARGE, "The request body is too large"));
    let unknown = api.call("GET", "/api/auth/nothing-here", None, None).await;
    assert_eq!((unknown.status, unknown.error()), (StatusCode::NOT_FOUND, "No such API endpoint"));
}

async fn every_answer_carries_the_security_headers(engine: Engine) {
    let api = api(engine).await;
    for answer in [api.call("GET", "/api/health", None, None).await, api.call("GET", "/api/auth/me", None, None).await] {
        let csp = answer.headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("script-src 'self'") && !csp.contains("script-src 'self' 'unsafe-inline'"));
        assert!(csp.contains("frame-ancestors 'none'"));
        assert_eq!(answer.headers["x-content-type-options"], "nosniff");
        assert_eq!(answer.headers["referrer-policy"], "no-referrer");
        assert!(answer.headers.get("access-control-allow-origin").is_none(), "CORS stays closed");
    }
    // A page on another origin asking to call the API is not let in.
    let preflight = http::Request::builder()
        .method("OPTIONS")
        .uri("/api/auth/login")
        .header("origin", "https://evil.example")
        .header("access-control-request-method", "POST")
        .body(axum::body::Body::empty())
        .unwrap();
    let answer = api.send(preflight).await;
    assert!(answer.headers.get("access-control-allow-origin").is_none(), "{answer:?}");
}

on_both_engines!(
    login_answers_a_token_and_the_whole_user,
    a_wrong_email_and_a_wrong_password_get_the_same_answer,
    five_failures_lock_the_email_for_fifteen_minutes,
    logout_ends_the_session_on_the_server,
    sessions_end_after_their_idle_time_and_their_lifetime,
    change_password_follows_the_rules_and_ends_other_sessions,
    a_tampered_expired_or_misplaced_token_gets_401,
    deactivating_a_user_ends_their_session_at_once,
    bad_bodies_get_clear_json_errors,
    every_answer_carries_the_security_headers,
);
