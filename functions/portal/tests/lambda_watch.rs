//! Every function as Lambda runs it: one `cargo lambda watch` (the Lambda runtime API
//! emulator) builds and runs each binary template.yaml deploys, each with the environment
//! template.yaml gives it, backed by this run's moto (DynamoDB, S3 and Secrets Manager). Each
//! answers real requests, and each one's cold start is measured and printed.
//!
//! What is measured, per function:
//! - init: the function's own `init took N ms` log line (http_glue::lambda), from the start of
//!   `run` to the end of `state_from_env`: the AWS clients, their first connections, the
//!   secrets and the store's preparation.
//! - cold first response: from the moment the function's process starts to the answer of its
//!   first request (process start, init, the first invocation through the runtime API). The
//!   runner below notes the start just before it execs the binary. It is not timed from the
//!   request: watch compiles a function on its first invocation, and that would be counted.
//! - warm response: the median of five more of the same request, as the client sees it.
//!
//! These are debug builds on a shared machine, against moto: figures to compare, not AWS's.

use serde_json::{json, Value};
use serde_yaml::Value as Yaml;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const EMAIL: &str = "watch-admin@portal.test";
const PASSWORD: &str = "Watch-Pass-1";
/// The audit chains' key: the functions read it from Secrets Manager (AUDIT_KEY_NAME); this
/// test, which creates the first Admin and its records, uses it too.
const AUDIT_KEY: &str = "an-audit-key-for-the-cargo-lambda-watch-test-0123456789";
/// Printed by the runner as each function's process starts: `<MARK> <binary> <ns since epoch>`.
const MARK: &str = "lambda-watch-test: exec";

struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        // cargo lambda watch runs the functions as its own children: end the whole group.
        unsafe {
            libc::kill(-(self.0.id() as i32), libc::SIGTERM);
        }
        let _ = self.0.wait();
    }
}

/// Every line the watch and its functions print, kept (and shown) as it is read.
#[derive(Clone, Default)]
struct Output(Arc<Mutex<Vec<String>>>);

impl Output {
    fn capture(&self, stream: impl Read + Send + 'static) {
        let lines = self.0.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                eprintln!("{line}");
                lines.lock().unwrap().push(line);
            }
        });
    }

    fn all<T>(&self, find: impl Fn(&str) -> Option<T>) -> Vec<T> {
        self.0.lock().unwrap().iter().filter_map(|line| find(line)).collect()
    }

    /// What `find` makes of the lines once it makes something, waiting up to 10 s for it (the
    /// lines are read on another thread).
    async fn wait_for<T>(&self, what: &str, find: impl Fn(&str) -> Option<T>) -> Vec<T> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let found = self.all(&find);
            if !found.is_empty() {
                return found;
            }
            assert!(Instant::now() < deadline, "no {what} in the output of cargo lambda watch");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// The `init took` line of `binary`: its fields.
fn init_line(binary: &str, line: &str) -> Option<Value> {
    let fields = serde_json::from_str::<Value>(&line[line.find('{')?..]).ok()?.get("fields")?.clone();
    (fields["message"].as_str()?.starts_with("init took ") && fields["function"] == binary).then_some(fields)
}

/// When the process of `binary` started, in nanoseconds since the epoch (the runner's mark).
fn exec_line(binary: &str, line: &str) -> Option<u128> {
    let mut words = line.strip_prefix(MARK)?.split_whitespace();
    (words.next()? == binary).then(|| words.next()?.parse().ok())?
}

fn since_epoch(t: SystemTime) -> u128 {
    t.duration_since(UNIX_EPOCH).unwrap().as_nanos()
}

/// Each function template.yaml builds with cargo-lambda: its binary and the environment the
/// template gives it (the Globals', then its own), each `!Ref` to a parameter given its
/// default and any other resolved by `resource`.
fn template_functions(resource: impl Fn(&str) -> String) -> Vec<(String, BTreeMap<String, String>)> {
    let text = std::fs::read_to_string(testkit::repo_root().join("template.yaml")).unwrap();
    let template: Yaml = serde_yaml::from_str(&text).unwrap();
    let scalar = |v: &Yaml| match v {
        Yaml::String(s) => Some(s.clone()),
        Yaml::Number(n) => Some(n.to_string()),
        Yaml::Bool(b) => Some(b.to_string()),
        _ => None,
    };
    let value = |name: &str, v: &Yaml| match v {
        Yaml::Tagged(tagged) if tagged.tag.to_string().trim_start_matches('!') == "Ref" => {
            let target = tagged.value.as_str().unwrap();
            scalar(&template["Parameters"][target]["Default"]).unwrap_or_else(|| resource(target))
        }
        // Every condition of the template is false with its parameters' defaults (no domain,
        // no SMS entity id): the value given otherwise, a plain one.
        Yaml::Tagged(tagged) if tagged.tag.to_string().trim_start_matches('!') == "If" => {
            let otherwise = tagged.value.as_sequence().and_then(|branches| branches.get(2));
            otherwise.and_then(scalar).unwrap_or_else(|| panic!("template.yaml gives {name} {tagged:?}, which this test cannot stand in for"))
        }
        other => scalar(other).unwrap_or_else(|| panic!("template.yaml gives {name} {other:?}, which this test cannot stand in for")),
    };
    let variables = |environment: &Yaml| -> Vec<(String, String)> {
        let Some(variables) = environment["Variables"].as_mapping() else { return Vec::new() };
        variables.iter().map(|(k, v)| (k.as_str().unwrap().to_string(), value(k.as_str().unwrap(), v))).collect()
    };
    let globals = variables(&template["Globals"]["Function"]["Environment"]);
    let mut functions = Vec::new();
    for (name, resource) in template["Resources"].as_mapping().unwrap() {
        if resource["Type"].as_str() != Some("AWS::Serverless::Function") {
            continue;
        }
        assert_eq!(resource["Metadata"]["BuildMethod"].as_str(), Some("rust-cargolambda"), "{name:?}");
        let binary = resource["Metadata"]["BuildProperties"]["Binary"].as_str().unwrap().to_string();
        let env = globals.iter().cloned().chain(variables(&resource["Properties"]["Environment"])).collect();
        functions.push((binary, env));
    }
    functions
}

/// SES's v1 query API on moto (the functions use SES v2 to send; the test verifies the sender
/// and reads the send count with v1, which the product has no client for).
async fn ses_query(client: &reqwest::Client, endpoint: &str, form: &[(&str, &str)]) -> String {
    let mut form = form.to_vec();
    form.push(("Version", "2010-12-01"));
    let answer = client
        .post(endpoint)
        .header("authorization", "AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/ses/aws4_request, SignedHeaders=host, Signature=0")
        .form(&form)
        .send()
        .await
        .unwrap();
    assert!(answer.status().is_success(), "SES {form:?}: {}", answer.status());
    answer.text().await.unwrap()
}

/// How many emails SES sent in the last day.
async fn sent_by_ses(client: &reqwest::Client, endpoint: &str) -> f64 {
    let quota = ses_query(client, endpoint, &[("Action", "GetSendQuota")]).await;
    let start = quota.find("<SentLast24Hours>").expect("a send quota") + "<SentLast24Hours>".len();
    quota[start..start + quota[start..].find('<').unwrap()].parse().unwrap()
}

/// The second officer's session, signed in through the auth function.
async fn officer_token(watch: &Watch, client: &reqwest::Client) -> String {
    let (status, login) = watch.send(client.post(watch.url("auth", "/api/auth/login")).json(&json!({"email": "otto@portal.test", "password": PASSWORD}))).await;
    assert_eq!(status, 200, "{login}");
    login["token"].as_str().unwrap().to_string()
}

/// A secret in moto's Secrets Manager, through its JSON API (the tests have no Secrets
/// Manager client). moto tells services apart by the signature's scope, which it does not check.
async fn create_secret(client: &reqwest::Client, endpoint: &str, name: &str, value: &str) {
    let answer = client
        .post(endpoint)
        .header("x-amz-target", "secretsmanager.CreateSecret")
        .header("content-type", "application/x-amz-json-1.1")
        .header("authorization", "AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/secretsmanager/aws4_request, SignedHeaders=host, Signature=0")
        .body(json!({"Name": name, "SecretString": value}).to_string())
        .send()
        .await
        .unwrap();
    assert!(answer.status().is_success(), "moto did not create the secret {name}: {:?}", answer.text().await);
}

/// cargo's runner for the functions' binaries: sets the variables template.yaml gives that
/// function (one watch serves them all, and its own variables would go to each), notes when
/// the process starts, then becomes the function.
fn write_runner(dir: &Path, functions: &[(String, BTreeMap<String, String>)]) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    for (binary, env) in functions {
        let mut file = String::new();
        for (name, value) in env {
            assert!(!value.contains('\''), "{binary}: {name}={value}");
            file.push_str(&format!("export {name}='{value}'\n"));
        }
        std::fs::write(dir.join(format!("{binary}.env")), file).unwrap();
    }
    let runner = dir.join("runner.sh");
    let script = format!(
        "#!/bin/sh\nset -e\nname=${{1##*/}}\n. \"{}/$name.env\"\necho \"{MARK} $name $(date +%s%N)\" >&2\nexec \"$@\"\n",
        dir.display()
    );
    std::fs::write(&runner, script).unwrap();
    std::fs::set_permissions(&runner, std::fs::Permissions::from_mode(0o755)).unwrap();
    let config = dir.join("runner.toml");
    std::fs::write(&config, format!("[target.'cfg(all())']\nrunner = \"{}\"\n", runner.display())).unwrap();
    config
}

struct Row {
    binary: String,
    init: Value,
    cold_ms: f64,
    warm_ms: f64,
}

struct Watch {
    client: reqwest::Client,
    base: String,
    output: Output,
}

impl Watch {
    /// The address of `path` in the function URL of `binary`.
    fn url(&self, binary: &str, path: &str) -> String {
        format!("{}/lambda-url/{binary}{path}", self.base)
    }

    /// Sends `request` and answers its status and JSON body.
    async fn send(&self, request: reqwest::RequestBuilder) -> (u16, Value) {
        let answer = request.timeout(Duration::from_secs(60)).send().await.unwrap();
        let status = answer.status().as_u16();
        let text = answer.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }

    /// The first request to `binary` (which builds and starts it), then five more of the same:
    /// each must answer 200. Answers the first one's body and the function's figures.
    async fn measure(&self, binary: &str, request: impl Fn(&reqwest::Client) -> reqwest::RequestBuilder) -> (Value, Row) {
        // The first call builds the function: allow for a cold build on a slow machine.
        let deadline = Instant::now() + Duration::from_secs(900);
        let (first, answered) = loop {
            match request(&self.client).timeout(Duration::from_secs(600)).send().await {
                // Watch answers a bare 404 while it does not know the function yet.
                Ok(answer) if answer.status() != reqwest::StatusCode::NOT_FOUND || answer.headers().contains_key("content-type") => {
                    let status = answer.status().as_u16();
                    let text = answer.text().await.unwrap();
                    let answered = SystemTime::now();
                    break ((status, serde_json::from_str(&text).unwrap_or(Value::String(text))), answered);
                }
                _ if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(500)).await,
                other => panic!("cargo lambda watch did not answer for {binary} in time: {other:?}"),
            }
        };
        assert_eq!(first.0, 200, "{binary}: {:?}", first.1);
        let started = self.output.wait_for(&format!("start of the process of {binary}"), |line| exec_line(binary, line)).await;
        assert_eq!(started.len(), 1, "{binary} was started once");
        let init = self.output.wait_for(&format!("init line of {binary}"), |line| init_line(binary, line)).await;
        let cold_ms = (since_epoch(answered) - started[0]) as f64 / 1e6;
        let mut warm = Vec::new();
        for _ in 0..5 {
            let sent = Instant::now();
            let (status, body) = self.send(request(&self.client)).await;
            warm.push(sent.elapsed().as_secs_f64() * 1e3);
            assert_eq!(status, 200, "{binary}, warm: {body:?}");
        }
        warm.sort_by(f64::total_cmp);
        let init = init[0].clone();
        assert!(init["init_ms"].as_f64().unwrap() <= cold_ms, "{binary}: init ({init}) is part of the first response ({cold_ms} ms)");
        (first.1, Row { binary: binary.to_string(), init, cold_ms, warm_ms: warm[2] })
    }
}

/// An S3 link (moto's) to an Excel workbook.
async fn assert_workbook(client: &reqwest::Client, link: &Value) {
    let url = link["url"].as_str().unwrap_or_else(|| panic!("no link in {link}"));
    let file = client.get(url).send().await.unwrap();
    assert_eq!(file.status(), 200, "{url}");
    assert!(file.bytes().await.unwrap().starts_with(b"PK"), "an .xlsx is a zip");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_function_answers_under_cargo_lambda_watch_with_its_init_measured() {
    let root = testkit::repo_root();
    let cargo_lambda = root.join(".venv/bin/cargo-lambda");
    assert!(cargo_lambda.exists(), "cargo-lambda is not installed in .venv: run `make venv` (make test does it)");
    let endpoint = testkit::moto_endpoint();
    let client = reqwest::Client::new();

    // What template.yaml creates, on moto.
    let table = testkit::unique("watch");
    let secrets = [testkit::unique("watch-jwt"), testkit::unique("watch-audit"), testkit::unique("watch-sealing")];
    let [exports_bucket, attachments_bucket, checkpoints_bucket] = [testkit::unique("watch-exports"), testkit::unique("watch-attachments"), testkit::unique("watch-checkpoints")];
    let functions = template_functions(|resource| match resource {
        "PortalTable" => table.clone(),
        "JwtSecret" => secrets[0].clone(),
        "AuditKey" => secrets[1].clone(),
        "SecretsKey" => secrets[2].clone(),
        "ExportsBucket" => exports_bucket.clone(),
        "AttachmentsBucket" => attachments_bucket.clone(),
        "CheckpointsBucket" => checkpoints_bucket.clone(),
        other => panic!("template.yaml gives a function !Ref {other}, which this test does not stand in for"),
    });
    let binaries: Vec<&str> = functions.iter().map(|(b, _)| b.as_str()).collect();
    assert_eq!(binaries, ["auth", "users", "roles", "admin", "grievances", "audit", "exports", "export-worker", "escalation", "notifier"], "each function is tried below");
    for (name, value) in secrets.iter().zip(["a-secret-for-the-cargo-lambda-watch-test-0123456789", AUDIT_KEY, "a-sealing-key-for-the-cargo-lambda-watch-test-0123456789"]) {
        create_secret(&client, endpoint, name, value).await;
    }
    for bucket in [&exports_bucket, &attachments_bucket, &checkpoints_bucket] {
        blobs::s3::S3Blobs::local(endpoint, bucket.as_str()).await.ensure_bucket().await.unwrap();
    }
    let store = Arc::new(store::dynamo::DynamoStore::local(endpoint, table.clone()).await);
    store.ensure_table().await.unwrap();
    cases::chain::use_key(AUDIT_KEY.as_bytes()).unwrap();
    let accounts = engines::dynamo::accounts::ItemAccounts::new(store.clone());
    http_glue::state::prepare_store(&accounts, store.as_ref()).await.unwrap();
    auth::bootstrap::create_admin(&accounts, EMAIL, "Wanda Watch", PASSWORD).await.unwrap();
    auth::bootstrap::set_two_factor_requirement(&accounts, auth::roles::ADMIN_ROLE_ID, false).await.unwrap();

    let dir = tempfile::tempdir().unwrap();
    // A deployment that sends email names a sender SES has verified (NotificationEmailFrom).
    let sender = "grievances@portal.test";
    let mut functions = functions.clone();
    for (binary, env) in &mut functions {
        if binary == "notifier" {
            assert_eq!(env.insert("SES_FROM_ADDRESS".into(), sender.into()).as_deref(), Some(""), "no email unless the deployment names a sender");
        }
    }
    ses_query(&client, endpoint, &[("Action", "VerifyEmailIdentity"), ("EmailAddress", sender)]).await;
    let runner = write_runner(dir.path(), &functions);
    let port = testkit::free_port();
    let mut command = Command::new(&cargo_lambda);
    // cargo sets the package's variables (CARGO_PKG_NAME, CARGO_MANIFEST_DIR, ...) for this
    // test. Inherited by the builds below, they would look changed to build scripts that
    // watch them (ring's does), and these builds and the next plain one would each compile
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
        // No --bin: watch serves every binary of the workspace, each at /lambda-url/<binary>,
        // building and starting it on its first invocation. Files other people change while
        // this runs must not restart a function: --ignore-changes.
        .args(["lambda", "watch", "--ignore-changes", "--invoke-address", "127.0.0.1", "--invoke-port", &port.to_string()])
        .arg("--config")
        .arg(&runner)
        // cargo releases the target directory while tests run, so the functions' builds
        // share it (and most of their compiled dependencies) with this test run.
        .env("PATH", format!("{}:{}", root.join(".venv/bin").display(), std::env::var("PATH").unwrap_or_default()))
        // moto stands in for AWS; the rest of each function's environment is template.yaml's,
        // set by the runner.
        .env("AWS_ENDPOINT_URL", endpoint)
        .env("AWS_REGION", "us-east-1")
        .env("AWS_ACCESS_KEY_ID", "test")
        .env("AWS_SECRET_ACCESS_KEY", "test")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let mut child = command.spawn().expect("cargo lambda watch starts");
    let output = Output::default();
    output.capture(child.stdout.take().unwrap());
    output.capture(child.stderr.take().unwrap());
    let _watch = KillOnDrop(child);
    let watch = Watch { client: client.clone(), base: format!("http://127.0.0.1:{port}"), output };
    let mut rows = Vec::new();

    // auth: the health check, then a real sign-in.
    let (health, row) = watch.measure("auth", |c| c.get(watch.url("auth", "/api/health"))).await;
    rows.push(row);
    assert_eq!(health, json!({"status": "ok"}));
    let (status, login) = watch.send(client.post(watch.url("auth", "/api/auth/login")).json(&json!({"email": EMAIL, "password": PASSWORD}))).await;
    assert_eq!(status, 200, "{login}");
    assert_eq!((login["user"]["name"].as_str(), login["user"]["role_name"].as_str()), (Some("Wanda Watch"), Some("Admin")));
    let token = login["token"].as_str().unwrap().to_string();
    let (status, me) = watch.send(client.get(watch.url("auth", "/api/auth/me")).bearer_auth(&token)).await;
    assert_eq!((status, me["email"].as_str()), (200, Some(EMAIL)), "the session it opened is in DynamoDB: {me}");
    let (status, wrong) = watch.send(client.post(watch.url("auth", "/api/auth/login")).json(&json!({"email": EMAIL, "password": "nope"}))).await;
    assert_eq!((status, wrong["error"].as_str()), (401, Some("Invalid email or password")));

    // The others, each with the token auth signed (the JWT secret from Secrets Manager).
    let get = |binary: &'static str, path: &'static str| {
        let (url, token) = (watch.url(binary, path), token.clone());
        move |c: &reqwest::Client| c.get(&url).bearer_auth(&token)
    };
    let (users, row) = watch.measure("users", get("users", "/api/users")).await;
    rows.push(row);
    assert!(users["data"].as_array().unwrap().iter().any(|u| u["email"] == EMAIL), "{users}");
    let (roles, row) = watch.measure("roles", get("roles", "/api/roles")).await;
    rows.push(row);
    assert!(roles["data"].as_array().unwrap().iter().any(|r| r["name"] == "Admin"), "{roles}");
    let (stations, row) = watch.measure("admin", get("admin", "/api/admin/dropdowns/police_stations")).await;
    rows.push(row);
    assert!(stations.as_array().unwrap().iter().any(|s| s["name"] == "Civil Lines"), "{stations}");

    let (empty, row) = watch.measure("grievances", get("grievances", "/api/grievances")).await;
    rows.push(row);
    assert_eq!(empty["data"], json!([]), "{empty}");
    let form = json!({"type_of_call": "Walk-in", "fir_no": "FIR-WATCH-1", "fir_date": "2026-10-05", "section_and_act": "379 IPC",
        "crime_title": "Theft", "district": "Central District", "police_station": "Civil Lines", "status": "Pending", "priority": "High",
        "brief_details": "Motorcycle stolen from the market parking.", "investigation_officers": []});
    let (status, filed) = watch.send(client.post(watch.url("grievances", "/api/grievances")).bearer_auth(&token).json(&form)).await;
    assert_eq!(status, 201, "{filed}");
    let (status, listed) = watch.send(client.get(watch.url("grievances", "/api/grievances")).bearer_auth(&token)).await;
    assert_eq!((status, listed["data"][0]["fir_no"].as_str()), (200, Some("FIR-WATCH-1")), "{listed}");

    // exports: a short list is written while the request waits, to S3; one it cannot count
    // (a search) is left to the export worker.
    let (link, row) = watch.measure("exports", get("exports", "/api/grievances/export/excel")).await;
    rows.push(row);
    assert_eq!(link["rows"], 1, "{link}");
    assert_workbook(&client, &link).await;
    let (status, job) = watch.send(client.get(watch.url("exports", "/api/grievances/export/excel?search=Motorcycle")).bearer_auth(&token)).await;
    assert_eq!(status, 202, "{job}");
    let id = job["job_id"].as_str().unwrap().to_string();

    // The export worker answers no HTTP request: it is invoked (as the EventBridge rule
    // does) through the Lambda Invoke API watch emulates. An object that is no export
    // request is left alone; the request above is written.
    let invoke = format!("{}/2015-03-31/functions/export-worker/invocations", watch.base);
    let event = |key: &str| json!({"source": "aws.s3", "detail-type": "Object Created", "detail": {"bucket": {"name": &exports_bucket}, "object": {"key": key}}});
    let other = event(&format!("job-{id}.json"));
    let (nothing, row) = watch.measure("export-worker", |c| c.post(&invoke).json(&other)).await;
    rows.push(row);
    assert_eq!(nothing, Value::Null);
    let (status, done) = watch.send(client.post(&invoke).json(&event(&format!("request-{id}.json")))).await;
    assert_eq!((status, &done), (200, &Value::Null));
    let (status, ready) = watch.send(client.get(watch.url("exports", &format!("/api/exports/jobs/{id}"))).bearer_auth(&token)).await;
    assert_eq!((status, ready["status"].as_str(), ready["rows"].as_u64()), (200, Some("ready"), Some(1)), "{ready}");
    assert_workbook(&client, &ready["link"]).await;

    // The escalation function answers no HTTP request either: EventBridge's hourly schedule
    // invokes it. A second run straight after escalates nothing more.
    let invoke = format!("{}/2015-03-31/functions/escalation/invocations", watch.base);
    let scheduled = json!({"source": "aws.events", "detail-type": "Scheduled Event", "detail": {}});
    let (ran, row) = watch.measure("escalation", |c| c.post(&invoke).json(&scheduled)).await;
    rows.push(row);
    let (overdue, escalated) = (ran["overdue"].as_u64(), ran["escalated"].as_u64());
    assert!(overdue.is_some() && escalated <= overdue, "{ran}");
    let (status, again) = watch.send(client.post(&invoke).json(&scheduled)).await;
    assert_eq!((status, again["escalated"].as_u64()), (200, Some(0)), "{again}");

    // The notifier answers no HTTP request either: EventBridge invokes it every minute. The
    // grievance assigned to a second officer becomes their notice (escalations, the Admin's),
    // and each notice's email goes through SES (moto) as the verified sender.
    let officer = json!({"name": "Otto Officer", "email": "otto@portal.test", "password": PASSWORD, "department": "Crime Branch",
        "designation": "Inspector", "role_id": auth::roles::ADMIN_ROLE_ID});
    let (status, created) = watch.send(client.post(watch.url("users", "/api/users")).bearer_auth(&token).json(&officer)).await;
    assert_eq!(status, 201, "{created}");
    let assign = watch.url("grievances", &format!("/api/grievances/{}/assign", filed["data"]["id"]));
    let (status, assigned) = watch.send(client.put(&assign).bearer_auth(&token).json(&json!({"user_id": created["data"]["id"]}))).await;
    assert_eq!(status, 200, "{assigned}");
    // The escalation run's events wait until it has been quiet a while (the notifier gathers
    // a run into one digest): past that, the first run delivers them all, the others none.
    tokio::time::sleep(Duration::from_secs(11)).await;
    let before = sent_by_ses(&client, endpoint).await;
    let invoke = format!("{}/2015-03-31/functions/notifier/invocations", watch.base);
    let (ran, row) = watch.measure("notifier", |c| c.post(&invoke).json(&scheduled)).await;
    rows.push(row);
    let (notices, sent) = (ran["notices"].as_u64().unwrap_or_default(), ran["sent"].as_u64());
    assert!(notices >= 1 && sent == Some(notices) && ran["failed"] == 0, "{ran}");
    assert_eq!(sent_by_ses(&client, endpoint).await, before + notices as f64, "SES counts what was sent");
    let (status, bell) = watch.send(client.get(watch.url("grievances", "/api/notifications")).bearer_auth(&officer_token(&watch, &client).await)).await;
    assert_eq!((status, bell["data"]["items"][0]["kind"].as_str()), (200, Some("assigned")), "{bell}");

    // audit: what the other functions recorded, each hashed with the key from Secrets Manager.
    let (verified, row) = watch.measure("audit", get("audit", "/api/audit/verify")).await;
    rows.push(row);
    assert_eq!(verified["broken"], Value::Null, "{verified}");
    let (status, records) = watch.send(client.get(watch.url("audit", "/api/audit/all")).bearer_auth(&token)).await;
    assert_eq!(status, 200, "{records}");
    let actions: Vec<&str> = records.as_array().unwrap().iter().filter_map(|r| r["action"].as_str()).collect();
    assert!(actions.contains(&"CREATED") && actions.contains(&"EXPORTED"), "{actions:?}");
    // The newest signed checkpoint, read from the checkpoints bucket: none until the operator's
    // `portal audit checkpoint --table` writes one there.
    let (status, none) = watch.send(client.get(watch.url("audit", "/api/audit/checkpoint")).bearer_auth(&token)).await;
    assert_eq!((status, none["error"].as_str()), (404, Some("No checkpoint of the audit trail has been made yet")), "{none}");
    let trail = engines::dynamo::trail::ItemTrail::new(store.clone());
    let key = cases::checkpoint::signing_key_from_material(b"a-checkpoint-key-for-the-cargo-lambda-watch-test-0123456789");
    let made = audit_area::checkpoints::make(&trail, &key).await.unwrap();
    audit_area::checkpoints::keep(&blobs::s3::S3Blobs::local(endpoint, checkpoints_bucket.as_str()).await, &made).await.unwrap();
    let (status, newest) = watch.send(client.get(watch.url("audit", "/api/audit/checkpoint")).bearer_auth(&token)).await;
    assert_eq!(status, 200, "{newest}");
    assert_eq!(serde_json::from_value::<cases::checkpoint::Checkpoint>(newest).unwrap(), made);
    assert!(made.as_of.starts_with("time:"), "the table's checkpoint is of the records written up to a time: {made:?}");

    // No function was started twice: each init happened once, before its first request.
    for binary in &binaries {
        assert_eq!(watch.output.all(|line| exec_line(binary, line)).len(), 1, "{binary}");
        assert_eq!(watch.output.all(|line| init_line(binary, line)).len(), 1, "{binary}");
    }
    rows.sort_by_key(|row| binaries.iter().position(|b| *b == row.binary));
    let mut table = String::from("\nfunction       init ms   cold first response ms   warm response ms   init: dynamodb / secrets / s3 / prepare ms\n");
    for Row { binary, init, cold_ms, warm_ms } in &rows {
        let f = |name: &str| init[name].as_u64().unwrap();
        table.push_str(&format!(
            "{binary:<14} {:>7}   {cold_ms:>22.0}   {warm_ms:>16.1}   {} / {} / {} / {}\n",
            f("init_ms"),
            f("dynamodb_ms"),
            f("secrets_ms"),
            f("s3_ms"),
            f("prepare_ms")
        ));
    }
    println!("{table}");
}
