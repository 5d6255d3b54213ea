//! The address kept with sessions and audit records is one the client cannot choose: the
//! socket's peer, unless that peer is a trusted proxy (`PORTAL_TRUSTED_PROXIES`), and on
//! Lambda the source address API Gateway reports. A forged `X-Forwarded-For` is ignored.
//! The real `portal` binary over real sockets, and the routers in-process with the peer a
//! socket would give (sessions read back from the store) and with API Gateway v2 events.

use apitest::{Api, Engine};
use axum::body::Body;
use axum::extract::ConnectInfo;
use http::{Request, StatusCode};
use http_glue::TrustedProxies;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tower::ServiceExt;

const EMAIL: &str = "ip-admin@portal.test";
const PASSWORD: &str = "Ip-Admin-Pass-1";
/// What a client writes to pass for someone else.
const FORGED: &str = "203.0.113.66";

fn grievance(fir: &str) -> Value {
    json!({"fir_no": fir, "fir_date": "2026-01-10", "section_and_act": "379 IPC", "crime_title": "Theft",
           "district": "Central District", "police_station": "Civil Lines", "brief_details": "Filed to see where it came from."})
}

/// The portal binary on `port`, with `PORTAL_TRUSTED_PROXIES` set to `trusted` when given.
fn start(data_dir: &std::path::Path, port: u16, trusted: Option<&str>) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_portal"));
    command
        .args(["serve", "--port", &port.to_string(), "--data-dir"])
        .arg(data_dir)
        .args(["--web-dir", "/nonexistent"])
        .env("PORTAL_ADMIN_EMAIL", EMAIL)
        .env("PORTAL_ADMIN_PASSWORD", PASSWORD)
        .env("PORTAL_ADMIN_TWO_FACTOR", "optional")
        .env("RUST_LOG", "warn")
        .env_remove(TrustedProxies::VARIABLE)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(list) = trusted {
        command.env(TrustedProxies::VARIABLE, list);
    }
    command.spawn().expect("the portal starts")
}

struct Portal {
    child: Child,
    base: String,
    client: reqwest::Client,
    _dir: tempfile::TempDir,
}

impl Drop for Portal {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Portal {
    async fn start(trusted: Option<&str>) -> Portal {
        let dir = tempfile::tempdir().unwrap();
        let port = testkit::free_port();
        let portal = Portal { child: start(dir.path(), port, trusted), base: format!("http://127.0.0.1:{port}"), client: reqwest::Client::new(), _dir: dir };
        let deadline = Instant::now() + Duration::from_secs(30);
        while !portal.client.get(format!("{}/api/health", portal.base)).send().await.is_ok_and(|r| r.status().is_success()) {
            assert!(Instant::now() < deadline, "the portal did not answer in time");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        portal
    }

    /// Signs in, files a grievance and answers the IP its CREATED record keeps, every request
    /// carrying `forwarded_for`.
    async fn recorded_ip(&self, forwarded_for: &str) -> String {
        let login = self.client.post(format!("{}/api/auth/login", self.base)).header("x-forwarded-for", forwarded_for).json(&json!({"email": EMAIL, "password": PASSWORD})).send().await.unwrap();
        assert_eq!(login.status(), 200);
        let token = login.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_string();
        let created = self.client.post(format!("{}/api/grievances", self.base)).bearer_auth(&token).header("x-forwarded-for", forwarded_for).json(&grievance("IP-1")).send().await.unwrap();
        assert_eq!(created.status(), 201);
        let id = created.json::<Value>().await.unwrap()["data"]["id"].as_i64().unwrap();
        let history: Value = self.client.get(format!("{}/api/grievances/{id}/history", self.base)).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
        assert_eq!(history["data"][0]["action"], "CREATED");
        history["data"][0]["ip_address"].as_str().unwrap().to_string()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_portal_records_its_socket_peer_and_not_a_forged_forwarded_for() {
    let portal = Portal::start(None).await;
    assert_eq!(portal.recorded_ip(FORGED).await, "127.0.0.1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_the_portal_records_the_right_most_address_that_is_no_proxy() {
    // The tests' own client stands for the department's reverse proxy on this machine.
    let portal = Portal::start(Some("127.0.0.1, 10.0.0.0/8")).await;
    assert_eq!(portal.recorded_ip(&format!("{FORGED}, 198.51.100.20, 10.1.2.3")).await, "198.51.100.20");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mistyped_trusted_proxy_list_stops_the_portal_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = start(dir.path(), testkit::free_port(), Some("10.0.0.1, 10.0.0.0/33"));
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the portal started with a list it cannot read");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert!(!status.success());
    assert!(stderr.contains("PORTAL_TRUSTED_PROXIES: \"10.0.0.0/33\" is neither an IP address nor a CIDR range"), "{stderr}");
}

/// A request as the embedded portal's socket hands it over: from `peer`, with the
/// trusted-proxy list `serve` adds.
fn over_socket(method: &str, path: &str, peer: [u8; 4], forwarded_for: &str, token: Option<&str>, body: Option<Value>) -> Request<Body> {
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header("user-agent", "client-ip-test")
        .header("x-forwarded-for", forwarded_for)
        .extension(ConnectInfo(SocketAddr::from((peer, 51000))));
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    match body {
        Some(body) => request.header("content-type", "application/json").body(Body::from(body.to_string())).unwrap(),
        None => request.body(Body::empty()).unwrap(),
    }
}

/// The IP a session keeps, read from the store (the seeded Admin's sessions: user 1).
async fn session_ip(api: &Api, session_id: &str) -> String {
    let (session, _) = api.state.accounts.session_with_user(session_id, 1).await.unwrap();
    session.expect("the session is stored").ip
}

/// Signs in and files a grievance through `router`, each request from `peer` with
/// `forwarded_for`; answers the IPs the session and the CREATED record keep.
async fn session_and_record(api: &Api, router: &axum::Router, peer: [u8; 4], forwarded_for: &str) -> (String, String) {
    let send = |request: Request<Body>| async move {
        let response = router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
        (status, serde_json::from_slice::<Value>(&bytes).unwrap_or_default())
    };
    let credentials = json!({"email": apitest::ADMIN_EMAIL, "password": apitest::ADMIN_PASSWORD});
    let (status, login) = send(over_socket("POST", "/api/auth/login", peer, forwarded_for, None, Some(credentials))).await;
    assert_eq!(status, StatusCode::OK, "{login}");
    let token = login["token"].as_str().unwrap();
    // A FIR number of its own for each call (a number recorded already is a duplicate).
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(2);
    let fir = format!("IP-{}", NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    let (status, created) = send(over_socket("POST", "/api/grievances", peer, forwarded_for, Some(token), Some(grievance(&fir)))).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["data"]["id"].as_i64().unwrap();
    let history = api.get(&format!("/api/grievances/{id}/history"), token).await.body["data"].clone();
    let record = &history[0];
    (session_ip(api, record["session_id"].as_str().unwrap()).await, record["ip_address"].as_str().unwrap().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_and_audit_records_keep_the_peer_unless_it_is_a_trusted_proxy() {
    let api = Api::new(Engine::Sqlite, portal::areas).await;
    let forwarded = format!("{FORGED}, 198.51.100.20");
    let untrusting = api.router.clone();
    assert_eq!(session_and_record(&api, &untrusting, [192, 0, 2, 10], &forwarded).await, ("192.0.2.10".into(), "192.0.2.10".into()));
    let trusting = api.router.clone().layer(axum::Extension(TrustedProxies::parse("10.0.0.0/8").unwrap()));
    assert_eq!(session_and_record(&api, &trusting, [192, 0, 2, 10], &forwarded).await, ("192.0.2.10".into(), "192.0.2.10".into()), "not from a proxy");
    assert_eq!(session_and_record(&api, &trusting, [10, 0, 0, 7], &forwarded).await, ("198.51.100.20".into(), "198.51.100.20".into()));
}

/// An API Gateway HTTP API (payload 2.0) event, as API Gateway sends it to the function.
fn v2_event(method: &str, route: &str, path: &str, token: Option<&str>, body: Value) -> String {
    let mut headers = json!({"user-agent": "client-ip-test", "x-forwarded-for": format!("{FORGED}, 198.51.100.20"), "content-type": "application/json"});
    if let Some(token) = token {
        headers["authorization"] = json!(format!("Bearer {token}"));
    }
    json!({
        "version": "2.0", "routeKey": format!("{method} {route}"), "rawPath": path, "rawQueryString": "", "headers": headers,
        "requestContext": {
            "accountId": "123456789012", "apiId": "portalapi", "domainName": "portalapi.execute-api.ap-south-1.amazonaws.com",
            "domainPrefix": "portalapi", "requestId": "client-ip-test", "routeKey": format!("{method} {route}"),
            "stage": "$default", "time": "21/Nov/2026:10:00:00 +0000", "timeEpoch": 1_795_000_000_000_i64,
            "http": {"method": method, "path": path, "protocol": "HTTP/1.1", "sourceIp": "192.0.2.44", "userAgent": "client-ip-test"}
        },
        "body": body.to_string(), "isBase64Encoded": false
    })
    .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_lambda_the_source_address_api_gateway_saw_is_kept_never_the_header() {
    let api = Api::new(Engine::Sqlite, portal::areas).await;
    let send = |event: String| {
        let router = api.router.clone();
        async move {
            let response = router.oneshot(lambda_http::request::from_str(&event).unwrap()).await.unwrap();
            let status = response.status();
            let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
            (status, serde_json::from_slice::<Value>(&bytes).unwrap_or_default())
        }
    };
    let credentials = json!({"email": apitest::ADMIN_EMAIL, "password": apitest::ADMIN_PASSWORD});
    let (status, login) = send(v2_event("POST", "/api/auth/login", "/api/auth/login", None, credentials)).await;
    assert_eq!(status, StatusCode::OK, "{login}");
    let token = login["token"].as_str().unwrap();
    let (status, created) = send(v2_event("POST", "/api/grievances", "/api/grievances", Some(token), grievance("IP-3"))).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["data"]["id"].as_i64().unwrap();
    let history = api.get(&format!("/api/grievances/{id}/history"), token).await.body["data"].clone();
    assert_eq!(history[0]["ip_address"], "192.0.2.44");
    assert_eq!(session_ip(&api, history[0]["session_id"].as_str().unwrap()).await, "192.0.2.44");
}
