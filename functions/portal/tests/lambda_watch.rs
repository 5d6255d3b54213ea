//! One function as Lambda runs it: the auth function built and run by `cargo lambda watch`
//! (the Lambda runtime API emulator), configured as template.yaml configures it, backed by
//! DynamoDB on this run's moto server, answering a real sign-in over HTTP.

use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        // cargo lambda watch runs the function as its own child: end the whole group.
        unsafe {
            libc::kill(-(self.0.id() as i32), libc::SIGTERM);
        }
        let _ = self.0.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_auth_function_answers_under_cargo_lambda_watch_backed_by_dynamodb() {
    let root = testkit::repo_root();
    let cargo_lambda = root.join(".venv/bin/cargo-lambda");
    assert!(cargo_lambda.exists(), "cargo-lambda is not installed in .venv: run `make venv` (make test does it)");
    let endpoint = testkit::moto_endpoint();
    let table = testkit::unique("watch");
    let store = std::sync::Arc::new(store::dynamo::DynamoStore::local(endpoint, table.clone()).await);
    store.ensure_table().await.unwrap();
    let accounts = engines::accounts::ItemAccounts::new(store.clone());
    http_glue::state::prepare_store(&accounts, store.as_ref()).await.unwrap();
    auth::bootstrap::create_admin(&accounts, "watch-admin@portal.test", "Wanda Watch", "Watch-Pass-1").await.unwrap();
    auth::bootstrap::set_two_factor_requirement(&accounts, auth::roles::ADMIN_ROLE_ID, false).await.unwrap();

    let port = testkit::free_port();
    let mut command = Command::new(&cargo_lambda);
    // cargo sets the package's variables (CARGO_PKG_NAME, CARGO_MANIFEST_DIR, ...) for this
    // test. Inherited by the build below, they would look changed to build scripts that
    // watch them (ring's does), and this build and the next plain one would each compile
    // ring and everything above it again.
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        if ["CARGO_PKG_", "CARGO_MANIFEST_", "CARGO_CRATE_", "CARGO_BIN_", "CARGO_PRIMARY_PACKAGE", "CARGO_TARGET_TMPDIR", "CARGO_RUSTC_CURRENT_DIR"]
            .iter()
            .any(|prefix| name.starts_with(prefix))
        {
            command.env_remove(&*name);
        }
    }
    command
        .current_dir(&root)
        .args(["lambda", "watch", "--invoke-address", "127.0.0.1", "--invoke-port", &port.to_string()])
        .args(["--bin", "auth"])
        // cargo releases the target directory while tests run, so the function's build
        // shares it (and most of its compiled dependencies) with this test run.
        .env("PATH", format!("{}:{}", root.join(".venv/bin").display(), std::env::var("PATH").unwrap_or_default()))
        // As template.yaml configures the function, with moto standing in for AWS.
        .env("TABLE_NAME", &table)
        .env("PORTAL_JWT_SECRET", "a-secret-for-the-cargo-lambda-watch-test-0123456789")
        .env("AWS_ENDPOINT_URL", endpoint)
        .env("AWS_REGION", "us-east-1")
        .env("AWS_ACCESS_KEY_ID", "test")
        .env("AWS_SECRET_ACCESS_KEY", "test")
        .env("RUST_LOG", "info")
        .args(["--env-var", &format!("TABLE_NAME={table}"), "--env-var", &format!("AWS_ENDPOINT_URL={endpoint}")])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .process_group(0);
    let _watch = KillOnDrop(command.spawn().expect("cargo lambda watch starts"));

    let client = reqwest::Client::new();
    let base = format!("http://127.0.0.1:{port}/lambda-url/auth");
    // The first call builds the function: allow for a cold build on a slow machine.
    let deadline = Instant::now() + Duration::from_secs(900);
    let health = loop {
        match client.get(format!("{base}/api/health")).timeout(Duration::from_secs(600)).send().await {
            Ok(answer) if answer.status() != reqwest::StatusCode::NOT_FOUND || answer.headers().contains_key("content-type") => break answer,
            _ if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(500)).await,
            other => panic!("cargo lambda watch did not answer in time: {other:?}"),
        }
    };
    assert_eq!(health.status(), 200, "{:?}", health.text().await);

    let login = client
        .post(format!("{base}/api/auth/login"))
        .json(&serde_json::json!({"email": "watch-admin@portal.test", "password": "Watch-Pass-1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), 200);
    let body: serde_json::Value = login.json().await.unwrap();
    assert_eq!(body["user"]["name"], "Wanda Watch");
    assert_eq!(body["user"]["role_name"], "Admin");
    let token = body["token"].as_str().unwrap();

    // The session it opened is in DynamoDB: the same token verifies on a second call.
    let me = client.get(format!("{base}/api/auth/me")).bearer_auth(token).send().await.unwrap();
    assert_eq!(me.status(), 200);
    let wrong = client
        .post(format!("{base}/api/auth/login"))
        .json(&serde_json::json!({"email": "watch-admin@portal.test", "password": "nope"}))
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), 401);
    assert_eq!(wrong.json::<serde_json::Value>().await.unwrap()["error"], "Invalid email or password");
}
