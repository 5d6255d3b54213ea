//! Drives an area's real router, with every common layer, in-process, over a real store:
//! SQLite in a temporary directory or DynamoDB on this test run's moto server.

use axum::body::Body;
use axum::Router;
use http::{Request, StatusCode};
use http_body_util::BodyExt;
use http_glue::{AppState, AreaRouter};
use serde_json::Value;
use std::sync::Arc;
use tower::ServiceExt;

pub const ADMIN_EMAIL: &str = "admin@portal.test";
pub const ADMIN_PASSWORD: &str = "Admin-Pass-1";
pub const ADMIN_NAME: &str = "Asha Admin";
/// What the tests' session tokens and file links are signed with.
const SECRET: &[u8] = b"0123456789abcdef0123456789abcdef-test-secret";

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Engine {
    Sqlite,
    Dynamo,
}

/// A fresh store with the Admin role and one Admin user, and a blob store of the same kind
/// (a directory, or a bucket on moto), behind `routes`.
pub struct Api {
    pub state: AppState,
    pub router: Router,
    _dir: Option<tempfile::TempDir>,
    /// The DynamoDB engine's store, recording its calls (`calls()`), on that engine.
    pub dynamo: Option<store::dynamo::DynamoStore>,
}

/// One answer: its status, headers and JSON body (`Value::Null` when empty or not JSON).
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub headers: http::HeaderMap,
    pub body: Value,
}

impl Answer {
    pub fn error(&self) -> &str {
        self.body["error"].as_str().unwrap_or_default()
    }
}

/// An existing store to open, as the portal would: the embedded file (with the relational
/// grievances engine) or another engine (the item engine).
pub enum Stores {
    Sqlite(Arc<store::sqlite::SqliteStore>),
    Other(Arc<dyn store::Store>),
}

/// The key the tests' second-factor secrets are sealed with.
pub fn sealing_key() -> auth::sealing::SealingKey {
    auth::sealing::SealingKey::from_material(b"the tests' key for second-factor secrets at rest")
}

/// The Admin user a fresh store gets for the tests, signing in by password alone (the second
/// factor has tests of its own).
async fn admitted(state: &AppState) {
    let accounts = state.accounts.as_ref();
    auth::bootstrap::create_admin(accounts, ADMIN_EMAIL, ADMIN_NAME, ADMIN_PASSWORD).await.unwrap();
    auth::bootstrap::set_two_factor_requirement(accounts, auth::roles::ADMIN_ROLE_ID, false).await.unwrap();
}

/// A DynamoDB table on this test process's moto server, prepared as a first start prepares
/// one and with the tests' Admin: each test's table is restored from it. Preparing takes ~150
/// writes, seconds of moto's one core, and a run has hundreds of DynamoDB tests.
async fn prepared_table() -> &'static str {
    static TABLE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    TABLE
        .get_or_init(|| async {
            let name = testkit::unique("api-prepared");
            let store = store::dynamo::DynamoStore::local(testkit::moto_endpoint(), name.clone()).await;
            store.ensure_table().await.unwrap();
            let state = AppState::new(Arc::new(store), auth::TokenKeys::new(SECRET), None, None).with_sealing(sealing_key());
            state.prepare().await.unwrap();
            admitted(&state).await;
            name
        })
        .await
}

impl Api {
    /// The directory of the embedded store's file and local blobs (none on DynamoDB).
    pub fn dir(&self) -> Option<&std::path::Path> {
        self._dir.as_ref().map(|d| d.path())
    }

    pub async fn new(engine: Engine, routes: fn() -> AreaRouter) -> Api {
        // Internal errors are logged, never answered: show them in a failing test's output.
        let _ = tracing_subscriber::fmt().with_test_writer().with_env_filter("error").try_init();
        type Blobs = Arc<dyn blobs::BlobStore>;
        type Engines = (Arc<dyn store::Store>, Option<Arc<store::sqlite::SqliteStore>>, Blobs, Blobs, Option<tempfile::TempDir>);
        let mut dynamo = None;
        let (store, sqlite, blobs, attachments, dir): Engines = match engine {
            Engine::Sqlite => {
                let dir = tempfile::tempdir().unwrap();
                let store = Arc::new(store::sqlite::SqliteStore::open(dir.path().join("portal.db")).unwrap());
                let blobs = blobs::local::LocalBlobs::new(dir.path().join("exports"), SECRET).unwrap();
                let attachments = blobs::local::LocalBlobs::serving(dir.path().join("attachments"), SECRET, blobs::local::ATTACHMENTS_ROUTE).unwrap();
                (store.clone(), Some(store), Arc::new(blobs), Arc::new(attachments), Some(dir))
            }
            Engine::Dynamo => {
                let store = store::dynamo::DynamoStore::local(testkit::moto_endpoint(), testkit::unique("api")).await;
                store.restore_from(prepared_table().await).await.unwrap();
                dynamo = Some(store.clone());
                let bucket = |name: &str| {
                    let name = testkit::unique(name);
                    async move {
                        let blobs = blobs::s3::S3Blobs::local(testkit::moto_endpoint(), name).await;
                        blobs.ensure_bucket().await.unwrap();
                        blobs
                    }
                };
                (Arc::new(store), None, Arc::new(bucket("exports").await), Arc::new(bucket("attachments").await), None)
            }
        };
        let state = match sqlite {
            Some(sqlite) => AppState::embedded(sqlite, auth::TokenKeys::new(SECRET), Some(blobs), Some(attachments)),
            None => AppState::new(store, auth::TokenKeys::new(SECRET), Some(blobs), Some(attachments)),
        }
        .with_sealing(sealing_key());
        state.prepare().await.unwrap();
        if dynamo.is_none() {
            admitted(&state).await;
        }
        let (router, _) = routes().split_for_parts();
        let router = http_glue::layers::apply(router.fallback(http_glue::layers::api_not_found).with_state(state.clone()));
        Api { state, router, _dir: dir, dynamo }
    }

    /// `routes` over an existing store (a data directory written by an earlier release, say),
    /// nothing added to it: the caller upgrades and prepares it as the portal or a Lambda
    /// function opens one. Files go to local directories in `dir`.
    pub async fn over(store: Stores, dir: tempfile::TempDir, routes: fn() -> AreaRouter) -> Api {
        let blobs = blobs::local::LocalBlobs::new(dir.path().join("exports"), SECRET).unwrap();
        let attachments = blobs::local::LocalBlobs::serving(dir.path().join("attachments"), SECRET, blobs::local::ATTACHMENTS_ROUTE).unwrap();
        let state = match store {
            Stores::Sqlite(sqlite) => AppState::embedded(sqlite, auth::TokenKeys::new(SECRET), Some(Arc::new(blobs)), Some(Arc::new(attachments))),
            Stores::Other(store) => AppState::new(store, auth::TokenKeys::new(SECRET), Some(Arc::new(blobs)), Some(Arc::new(attachments))),
        }
        .with_sealing(sealing_key());
                let (router, _) = routes().split_for_parts();
        let router = http_glue::layers::apply(router.fallback(http_glue::layers::api_not_found).with_state(state.clone()));
        Api { state, router, _dir: Some(dir), dynamo: None }
    }

    /// The same stores behind `routes` again, with `adjust` made to the state first: a limit
    /// lowered, say, so that a test reaches it with a few rows.
    pub fn adjusted(mut self, routes: fn() -> AreaRouter, adjust: impl FnOnce(&mut AppState)) -> Api {
        adjust(&mut self.state);
        let (router, _) = routes().split_for_parts();
        self.router = http_glue::layers::apply(router.fallback(http_glue::layers::api_not_found).with_state(self.state.clone()));
        self
    }

    pub async fn send(&self, request: Request<Body>) -> Answer {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Answer { status, headers, body }
    }

    pub async fn call(&self, method: &str, path: &str, token: Option<&str>, body: Option<Value>) -> Answer {
        // As if sent over a socket from 203.0.113.9: ClientInfo records the peer, not a header.
        let peer = axum::extract::ConnectInfo(std::net::SocketAddr::from(([203, 0, 113, 9], 50000)));
        let mut request = Request::builder().method(method).uri(path).header("user-agent", "apitest").extension(peer);
        if let Some(token) = token {
            request = request.header("authorization", format!("Bearer {token}"));
        }
        let request = match body {
            Some(body) => request.header("content-type", "application/json").body(Body::from(body.to_string())),
            None => request.body(Body::empty()),
        };
        self.send(request.unwrap()).await
    }

    pub async fn get(&self, path: &str, token: &str) -> Answer {
        self.call("GET", path, Some(token), None).await
    }
    pub async fn post(&self, path: &str, token: &str, body: Value) -> Answer {
        self.call("POST", path, Some(token), Some(body)).await
    }
    pub async fn put(&self, path: &str, token: &str, body: Value) -> Answer {
        self.call("PUT", path, Some(token), Some(body)).await
    }
    pub async fn delete(&self, path: &str, token: &str) -> Answer {
        self.call("DELETE", path, Some(token), None).await
    }

    /// Signs in and answers the token; panics unless the sign-in succeeds.
    pub async fn login(&self, email: &str, password: &str) -> String {
        let answer = self.call("POST", "/api/auth/login", None, Some(serde_json::json!({"email": email, "password": password}))).await;
        assert_eq!(answer.status, StatusCode::OK, "sign-in as {email}: {:?}", answer.body);
        answer.body["token"].as_str().unwrap().to_string()
    }

    /// Fetches a download link as a browser would, with no token: through the portal's own
    /// router when it is relative, over HTTP otherwise (S3 on moto). Answers status, content
    /// type and bytes.
    pub async fn download(&self, url: &str) -> (StatusCode, String, Vec<u8>) {
        if url.starts_with('/') {
            let request = Request::builder().uri(url).body(Body::empty()).unwrap();
            let response = self.router.clone().oneshot(request).await.unwrap();
            let status = response.status();
            let kind = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
            (status, kind, response.into_body().collect().await.unwrap().to_bytes().to_vec())
        } else {
            let response = reqwest::get(url).await.unwrap();
            let status = StatusCode::from_u16(response.status().as_u16()).unwrap();
            let kind = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
            (status, kind, response.bytes().await.unwrap().to_vec())
        }
    }

    /// Sends bytes to an upload link as a browser would, with no token and exactly the
    /// headers the ticket names: through the portal's own router when the link is relative,
    /// over HTTP otherwise (S3 on moto). Answers the status and the JSON body, if any.
    pub async fn upload(&self, url: &str, headers: &Value, bytes: Vec<u8>) -> (StatusCode, Value) {
        let headers: Vec<(String, String)> = headers.as_object().map(|h| h.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect()).unwrap_or_default();
        if url.starts_with('/') {
            let mut request = Request::builder().method("PUT").uri(url);
            for (name, value) in &headers {
                request = request.header(name, value);
            }
            let answer = self.send(request.body(Body::from(bytes)).unwrap()).await;
            (answer.status, answer.body)
        } else {
            let mut request = reqwest::Client::new().put(url).body(bytes);
            for (name, value) in &headers {
                request = request.header(name, value);
            }
            let response = request.send().await.unwrap();
            let status = StatusCode::from_u16(response.status().as_u16()).unwrap();
            (status, serde_json::from_slice(&response.bytes().await.unwrap()).unwrap_or(Value::Null))
        }
    }

    pub async fn admin(&self) -> String {
        self.login(ADMIN_EMAIL, ADMIN_PASSWORD).await
    }
}

/// Every (method, path) of an area's OpenAPI document, methods in lower case, sorted.
pub fn documented_routes(routes: AreaRouter) -> Vec<(String, String)> {
    let document = serde_json::to_value(routes.split_for_parts().1).unwrap();
    let mut found = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in ["get", "post", "put", "patch", "delete"] {
            if item.get(method).is_some() {
                found.push((method.to_string(), path.clone()));
            }
        }
    }
    found.sort();
    found
}

/// Runs each listed `async fn(Engine)` test on both engines.
#[macro_export]
macro_rules! on_both_engines {
    ($($name:ident),* $(,)?) => {
        mod sqlite_engine {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() { super::$name($crate::Engine::Sqlite).await; }
            )*
        }
        mod dynamodb_engine {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() { super::$name($crate::Engine::Dynamo).await; }
            )*
        }
    };
}
