//! Least privilege on the table: each function of template.yaml is allowed exactly
//! the DynamoDB actions it is seen to need, measured rather than guessed.
//!
//! Every function's area is opened on DynamoDB (moto) as the Lambda opens it (`warm_up`, then
//! `prepare`), every route its OpenAPI document lists is driven to a success with the Admin's
//! token (plus the failure paths that write: a wrong password, a wrong code), its caller's
//! session is kept and ended, the export worker writes a background export, the escalation
//! function escalates what is overdue a year on, and the notifier delivers what all that raised
//! and finishes the deletions. An SDK
//! interceptor records what each request asks DynamoDB, as IAM authorises it: the action per
//! item (a transaction's Put, Update, Delete and ConditionCheck are authorised as PutItem,
//! UpdateItem, DeleteItem and ConditionCheckItem), whether on the table or an index, and the
//! item's partition key (what `dynamodb:LeadingKeys` conditions see). Set-up made through
//! other areas is taken off the log before the area is driven.
//!
//! Then template.yaml is read and, for each function: every request seen is allowed; nothing
//! is allowed that was not seen (but the short list of `ALLOWANCES` below, each with its
//! reason); no SAM DynamoDB policy template (DynamoDBCrudPolicy and the like) and no
//! wildcard action; and the functions that only read the case data (`READERS`) write nothing
//! without a `dynamodb:LeadingKeys` condition. Run with `--nocapture` to read each function's
//! actions (and with LP_TRACE=1 set, every request as it is recorded).

use apitest::{Api, Stores};
use aws_sdk_dynamodb::config::interceptors::BeforeSerializationInterceptorContextRef;
use aws_sdk_dynamodb::config::{ConfigBag, Intercept};
use aws_sdk_dynamodb::types::AttributeValue;
use http::StatusCode;
use http_glue::AreaRouter;
use serde_json::{json, Value};
use serde_yaml::Value as Yaml;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

/// Whether an action was asked of the table itself or of one of its indexes (which IAM
/// names `${PortalTable.Arn}/index/<name>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum On {
    Table,
    Index,
}

/// One authorisation a request needs: the IAM action, where, and for an item action the
/// item's partition key.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Access {
    action: String,
    on: On,
    pk: Option<String>,
}

/// The accesses asked through one client, and the operations they came from, in order.
#[derive(Clone, Debug, Default)]
struct Recorder {
    hash_key: String,
    log: Arc<Mutex<(Vec<Access>, Vec<String>)>>,
}

impl Recorder {
    fn take(&self) -> (Vec<Access>, Vec<String>) {
        std::mem::take(&mut *self.log.lock().unwrap_or_else(|e| e.into_inner()))
    }

    fn pk(&self, key: &HashMap<String, AttributeValue>) -> Option<String> {
        match key.get(&self.hash_key) {
            Some(AttributeValue::S(s)) => Some(s.clone()),
            other => panic!("an item key without a string {}: {other:?}", self.hash_key),
        }
    }

    fn item(&self, action: &str, key: &HashMap<String, AttributeValue>) -> Access {
        Access { action: format!("dynamodb:{action}"), on: On::Table, pk: self.pk(key) }
    }

    fn whole(action: &str, on: On) -> Access {
        Access { action: format!("dynamodb:{action}"), on, pk: None }
    }
}

impl Intercept for Recorder {
    fn name(&self) -> &'static str {
        "LeastPrivilegeRecorder"
    }

    fn read_before_execution(&self, context: &BeforeSerializationInterceptorContextRef<'_>, _: &mut ConfigBag) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        use aws_sdk_dynamodb::operation::*;
        let input = context.input();
        let index = |name: Option<&str>| if name.is_some() { On::Index } else { On::Table };
        let (operation, accesses): (&str, Vec<Access>) = if let Some(i) = input.downcast_ref::<get_item::GetItemInput>() {
            ("GetItem", vec![self.item("GetItem", i.key().unwrap())])
        } else if let Some(i) = input.downcast_ref::<batch_get_item::BatchGetItemInput>() {
            let keys = i.request_items().unwrap().values().flat_map(|k| k.keys());
            ("BatchGetItem", keys.map(|k| self.item("BatchGetItem", k)).collect())
        } else if let Some(i) = input.downcast_ref::<query::QueryInput>() {
            ("Query", vec![Recorder::whole("Query", index(i.index_name()))])
        } else if let Some(i) = input.downcast_ref::<scan::ScanInput>() {
            ("Scan", vec![Recorder::whole("Scan", index(i.index_name()))])
        } else if let Some(i) = input.downcast_ref::<transact_write_items::TransactWriteItemsInput>() {
            let each = i.transact_items().iter().map(|t| match (t.put(), t.update(), t.delete(), t.condition_check()) {
                (Some(p), ..) => self.item("PutItem", p.item()),
                (_, Some(u), ..) => self.item("UpdateItem", u.key()),
                (_, _, Some(d), _) => self.item("DeleteItem", d.key()),
                (.., Some(c)) => self.item("ConditionCheckItem", c.key()),
                _ => panic!("an empty transaction item"),
            });
            ("TransactWriteItems", each.collect())
        } else if let Some(i) = input.downcast_ref::<transact_get_items::TransactGetItemsInput>() {
            let each = i.transact_items().iter().map(|t| self.item("GetItem", t.get().unwrap().key()));
            ("TransactGetItems", each.collect())
        } else if let Some(i) = input.downcast_ref::<update_item::UpdateItemInput>() {
            ("UpdateItem", vec![self.item("UpdateItem", i.key().unwrap())])
        } else if let Some(i) = input.downcast_ref::<put_item::PutItemInput>() {
            ("PutItem", vec![self.item("PutItem", i.item().unwrap())])
        } else if let Some(i) = input.downcast_ref::<delete_item::DeleteItemInput>() {
            ("DeleteItem", vec![self.item("DeleteItem", i.key().unwrap())])
        } else if let Some(i) = input.downcast_ref::<batch_write_item::BatchWriteItemInput>() {
            let each = i.request_items().unwrap().values().flatten().map(|w| match (w.put_request(), w.delete_request()) {
                (Some(p), _) => self.item("BatchWriteItem", p.item()),
                (_, Some(d)) => self.item("BatchWriteItem", d.key()),
                _ => panic!("an empty write request"),
            });
            ("BatchWriteItem", each.collect())
        } else if input.downcast_ref::<describe_table::DescribeTableInput>().is_some() {
            ("DescribeTable", vec![Recorder::whole("DescribeTable", On::Table)])
        } else if input.downcast_ref::<create_table::CreateTableInput>().is_some() {
            ("CreateTable", vec![Recorder::whole("CreateTable", On::Table)])
        } else {
            // Named by the CallLog beside this recorder: the comparison of the two fails.
            ("unknown", vec![])
        };
        if std::env::var_os("LP_TRACE").is_some() {
            eprintln!("    {operation} {:?}", accesses.iter().map(|a| format!("{} {:?}", a.action, a.pk)).collect::<Vec<_>>());
        }
        let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
        log.0.extend(accesses);
        log.1.push(operation.to_string());
        Ok(())
    }
}

/// The DynamoDB engine on moto, its client recording each request twice: the store's own
/// `CallLog` (the operation as DynamoDB names it) and the `Recorder` (what IAM authorises).
/// The two must agree on the operations, so that no request escapes the recorder.
struct Recording {
    store: store::dynamo::DynamoStore,
    recorder: Recorder,
    calls: store::calls::CallLog,
}

impl Recording {
    async fn new(hash_key: &str) -> Recording {
        let credentials = aws_sdk_dynamodb::config::Credentials::new("test", "test", None, None, "local");
        let config = aws_config::defaults(aws_config::BehaviorVersion::latest())
            .endpoint_url(testkit::moto_endpoint())
            .region(aws_config::Region::new("us-east-1"))
            .credentials_provider(credentials)
            .load()
            .await;
        let recorder = Recorder { hash_key: hash_key.to_string(), ..Recorder::default() };
        let calls = store::calls::CallLog::default();
        let client = aws_sdk_dynamodb::Client::from_conf(aws_sdk_dynamodb::config::Builder::from(&config).interceptor(calls.clone()).interceptor(recorder.clone()).build());
        let store = store::dynamo::DynamoStore::new(client, testkit::unique("least"));
        store.ensure_table().await.unwrap();
        Recording { store, recorder, calls }
    }

    /// What was asked since the last take, forgetting it.
    fn take(&self) -> Vec<Access> {
        let (accesses, mut operations) = self.recorder.take();
        let mut called: Vec<String> = self.calls.take().into_iter().map(|c| c.operation).collect();
        operations.sort();
        called.sort();
        assert_eq!(operations, called, "the recorder understood every request the client made");
        accesses
    }

    /// The area behind `routes`, opened as a Lambda function's init opens it
    /// (`http_glue::lambda::state_from_env`): the first connection (`warm_up`), then the
    /// store prepared.
    async fn open(&self, routes: fn() -> AreaRouter) -> Api {
        self.store.warm_up().await;
        let api = Api::over(Stores::Other(Arc::new(self.store.clone())), tempfile::tempdir().unwrap(), routes).await;
        api.state.prepare().await.unwrap();
        api
    }
}

/// The Lambda binaries of template.yaml and the routes each serves (its `main.rs` runs
/// exactly these; the export worker serves none).
fn area(binary: &str) -> Option<fn() -> AreaRouter> {
    match binary {
        "export-worker" | "escalation" | "notifier" => None,
        other => Some(portal::area_of(other).unwrap_or_else(|| panic!("template.yaml builds a function from binary {other:?}, which this test does not drive"))),
    }
}

/// The functions that only read the case data: any write they are allowed is limited by a
/// `dynamodb:LeadingKeys` condition to the items they must keep (the caller's session, the
/// Admin role `prepare` makes sure of, the audit record of an export).
const READERS: &[&str] = &["audit", "exports", "export-worker"];

/// What a function is allowed beyond what the drive saw it do: (binary, action, where — "table",
/// "index" or a LeadingKeys pattern —, why the drive cannot reach it). Keep it short.
///
/// One is needed: a deletion goes to the trash and names no files for the sweep, but one made
/// by the release before the trash and finished by the notifier after the upgrade still does.
/// One path is left out on purpose rather than allowed: `prepare` seeding the admin lists of an empty table (a
/// function started after `sam deploy` and before infra/deploy.sh's `portal admin create` has
/// prepared the table). The writing functions may do it; the READERS may not, and their
/// first cold start in that minute fails until the table is prepared.
const ALLOWANCES: &[(&str, &str, &str, &str)] =
    &[("notifier", "dynamodb:PutItem", "BLOBSWEEP", "a deletion of the release before the trash, finished after the upgrade, names its files for the sweep")];

/// Drives one area's routes, remembering which documented routes answered a success.
struct Drive<'a> {
    api: &'a Api,
    driven: BTreeSet<(String, String)>,
}

impl<'a> Drive<'a> {
    fn new(api: &'a Api) -> Drive<'a> {
        Drive { api, driven: BTreeSet::new() }
    }

    /// `method path` (the documented `route`), which must succeed; answers the body.
    async fn ok(&mut self, method: &str, route: &str, path: &str, token: Option<&str>, body: Option<Value>) -> Value {
        let answer = self.api.call(method, path, token, body).await;
        assert!(answer.status.is_success(), "{method} {path}: {} {:?}", answer.status, answer.body);
        self.driven.insert((method.to_lowercase(), route.to_string()));
        answer.body
    }

    /// A failure path that writes (a refused sign-in is counted and recorded).
    async fn refused(&self, method: &str, path: &str, token: Option<&str>, body: Option<Value>, status: StatusCode) {
        let answer = self.api.call(method, path, token, body).await;
        assert_eq!(answer.status, status, "{method} {path}: {:?}", answer.body);
    }
}

/// Every route `routes` documents was driven to a success.
fn covers(binary: &str, routes: fn() -> AreaRouter, driven: &BTreeSet<(String, String)>) {
    let documented: BTreeSet<(String, String)> = apitest::documented_routes(routes()).into_iter().collect();
    let missed: Vec<_> = documented.difference(driven).collect();
    assert!(missed.is_empty(), "the {binary} drive did not reach {missed:?}");
}

const PASSWORD: &str = "Officer-Pass-1";

fn now() -> u64 {
    time::OffsetDateTime::now_utc().unix_timestamp() as u64
}

/// What the drives need, made through the whole portal before any area is measured.
struct Fixtures {
    admin: String,
    officer_role: i64,
    /// An officer of their own cases, to whom the drive assigns a grievance.
    reader: String,
    reader_id: i64,
    other_station: i64,
    in_progress: i64,
    district: i64,
    /// An officer whose closures need approval, and the status they ask for.
    desk: String,
    closed: i64,
}

async fn fixtures(setup: &Api) -> Fixtures {
    auth::bootstrap::create_admin(setup.state.accounts.as_ref(), apitest::ADMIN_EMAIL, apitest::ADMIN_NAME, apitest::ADMIN_PASSWORD).await.unwrap();
    auth::bootstrap::set_two_factor_requirement(setup.state.accounts.as_ref(), auth::roles::ADMIN_ROLE_ID, false).await.unwrap();
    let admin = setup.admin().await;
    let role = setup.post("/api/roles", &admin, json!({"name": "Officer", "permissions": {"grievances": "read"}, "require_two_factor": false})).await;
    assert_eq!(role.status, StatusCode::CREATED, "{:?}", role.body);
    let officer_role = role.body["data"]["id"].as_i64().unwrap();
    let mut users = Vec::new();
    for email in ["officer@police.test", "reader@police.test"] {
        let user = setup
            .post("/api/users", &admin, json!({"name": email, "email": email, "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector", "role_id": officer_role}))
            .await;
        assert_eq!(user.status, StatusCode::CREATED, "{:?}", user.body);
        users.push(user.body["data"]["id"].as_i64().unwrap());
    }
    let reader = setup.login("reader@police.test", PASSWORD).await;
    let desk_role = setup.post("/api/roles", &admin, json!({"name": "Desk", "permissions": {"grievances": "create,read,update"}, "closing_needs_approval": true})).await;
    assert_eq!(desk_role.status, StatusCode::CREATED, "{:?}", desk_role.body);
    let desk = setup
        .post("/api/users", &admin, json!({"name": "Desk", "email": "desk@police.test", "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector", "role_id": desk_role.body["data"]["id"]}))
        .await;
    assert_eq!(desk.status, StatusCode::CREATED, "{:?}", desk.body);
    let desk = setup.login("desk@police.test", PASSWORD).await;
    // A notice for the Admin, for the grievances drive to read and mark: the desk officer asks
    // to close a case (the Admin approves closures); the case is gone before any drive counts.
    let asked = setup.post("/api/grievances", &desk, grievance("FIR/LP-0")).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{:?}", asked.body);
    let asked = asked.body["data"]["id"].as_i64().unwrap();
    let statuses = setup.get("/api/admin/dropdowns/statuses", &admin).await.body;
    let closed = statuses.as_array().unwrap().iter().find(|s| s["name"] == "Closed").unwrap()["id"].clone();
    let request = setup.put(&format!("/api/grievances/{asked}/status"), &desk, json!({"status_id": closed, "final_decision": "Withdrawn"})).await;
    assert!(request.body["data"]["closure"].is_object(), "{:?}", request.body);
    grievances_area::notify::run(&setup.state, None, domain::clock::now()).await.unwrap();
    assert_eq!(setup.delete(&format!("/api/grievances/{asked}"), &admin).await.status, StatusCode::OK);
    // An SMS the gateway never took, kept aside for the Admin drive to send again. Its case
    // is gone before any drive (a case filed before the Admin drive changes the clock rules
    // would have its due day moved, and the escalation drive would read a shorter missed list).
    let mut texted = grievance("FIR/LP-SMS");
    texted["parties"] = json!([{"role": "complainant", "name": "Ram Lal", "mobile": "9812345678"}]);
    let texted = setup.post("/api/grievances", &admin, texted).await;
    assert_eq!(texted.status, StatusCode::CREATED);
    let down = setup.state.clone().with_citizens(citizens(Arc::new(SmsStandIn { refuses: true, ..SmsStandIn::default() })));
    let mut at = domain::clock::now();
    for _ in 0..cases::notices::MAX_ATTEMPTS {
        grievances_area::notify::run(&down, None, at).await.unwrap();
        at += time::Duration::hours(7);
    }
    assert!(!setup.state.notices.failed_mail(1).await.unwrap().is_empty(), "the SMS is kept aside");
    assert_eq!(setup.delete(&format!("/api/grievances/{}", texted.body["data"]["id"]), &admin).await.status, StatusCode::OK);
    let named = |list: &Value, name: &str, wanted: bool| {
        list.as_array().unwrap().iter().find(|i| (i["name"] == name) == wanted).unwrap_or_else(|| panic!("{name} in {list}"))["id"].as_i64().unwrap()
    };
    let stations = setup.get("/api/admin/dropdowns/police_stations", &admin).await.body;
    let statuses = setup.get("/api/admin/dropdowns/statuses", &admin).await.body;
    let districts = setup.get("/api/admin/dropdowns/districts", &admin).await.body;
    Fixtures {
        other_station: named(&stations, "Civil Lines", false),
        in_progress: named(&statuses, "In Progress", true),
        closed: named(&statuses, "Closed", true),
        district: districts[0]["id"].as_i64().unwrap(),
        admin,
        officer_role,
        reader,
        reader_id: users[1],
        desk,
    }
}

async fn drive_auth(d: &mut Drive<'_>, _: &Fixtures) {
    d.ok("GET", "/api/health", "/api/health", None, None).await;
    let login = |password: &str| Some(json!({"email": "officer@police.test", "password": password}));
    d.refused("POST", "/api/auth/login", None, login("Wrong-Pass-1"), StatusCode::UNAUTHORIZED).await;
    let first = d.ok("POST", "/api/auth/login", "/api/auth/login", None, login(PASSWORD)).await;
    let token = first["token"].as_str().unwrap().to_string();
    for route in ["/api/auth/session", "/api/auth/me", "/api/auth/verify"] {
        d.ok("GET", route, route, Some(&token), None).await;
    }
    let setup = d.ok("POST", "/api/auth/two-factor/setup", "/api/auth/two-factor/setup", Some(&token), None).await;
    let secret = setup["secret"].as_str().unwrap().to_string();
    let code = json!({"code": auth::two_factor::code_at(&secret, now()).unwrap()});
    let enabled = d.ok("POST", "/api/auth/two-factor/enable", "/api/auth/two-factor/enable", Some(&token), Some(code)).await;
    let recovery = enabled["recovery_codes"][0].clone();
    let step = d.ok("POST", "/api/auth/login", "/api/auth/login", None, login(PASSWORD)).await;
    let challenge = step["challenge"].clone();
    d.refused("POST", "/api/auth/login/two-factor", None, Some(json!({"challenge": challenge, "code": "000000"})), StatusCode::UNAUTHORIZED).await;
    // The enrolment used this step's code: the next step's signs in.
    let next = auth::two_factor::code_at(&secret, now() + 30).unwrap();
    let second = d.ok("POST", "/api/auth/login/two-factor", "/api/auth/login/two-factor", None, Some(json!({"challenge": challenge, "code": next}))).await;
    let token = second["token"].as_str().unwrap().to_string();
    d.ok("POST", "/api/auth/two-factor/disable", "/api/auth/two-factor/disable", Some(&token), Some(json!({"password": PASSWORD, "code": recovery}))).await;
    let change = json!({"oldPassword": PASSWORD, "newPassword": "Changed-Pass-2"});
    d.ok("POST", "/api/auth/change-password", "/api/auth/change-password", Some(&token), Some(change)).await;
    d.ok("POST", "/api/auth/logout", "/api/auth/logout", Some(&token), None).await;
    // A one-time sign-in link's password.
    let state = &d.api.state;
    let officer = auth::users::find_by_email(state.accounts.as_ref(), &domain::Email::parse("officer@police.test").unwrap()).await.unwrap().unwrap();
    let link = auth::sign_in_links::issue(&state.tokens, &officer, now() as i64);
    d.ok("POST", "/api/auth/set-password", "/api/auth/set-password", None, Some(json!({"token": link, "new_password": "Linked-Pass-3"}))).await;
}

/// An import request carrying `text` as the file `name`.
fn import_file(name: &str, text: &str) -> Value {
    use base64::Engine as _;
    json!({"file_name": name, "content": base64::engine::general_purpose::STANDARD.encode(text)})
}

async fn drive_users(d: &mut Drive<'_>, f: &Fixtures) {
    let admin = Some(f.admin.as_str());
    d.ok("GET", "/api/users", "/api/users", admin, None).await;
    d.ok("GET", "/api/users/role-options", "/api/users/role-options", admin, None).await;
    let user = json!({"name": "Ravi Kumar", "email": "ravi@police.test", "password": PASSWORD, "phone": "9876543210", "department": "Crime Branch", "designation": "Inspector",
                      "role_id": f.officer_role, "status": "active", "posting": {"level": "station", "id": f.other_station}});
    let id = d.ok("POST", "/api/users", "/api/users", admin, Some(user)).await["data"]["id"].as_i64().unwrap();
    let path = format!("/api/users/{id}");
    d.ok("GET", "/api/users/{id}", &path, admin, None).await;
    // Posted elsewhere: the places count the users posted at them.
    let edit = json!({"name": "Ravi Kumar", "email": "ravi@police.test", "phone": "9876500000", "department": "Crime Branch", "designation": "Inspector",
                      "role_id": f.officer_role, "status": "active", "posting": {"level": "district", "id": f.district}});
    d.ok("PUT", "/api/users/{id}", &path, admin, Some(edit)).await;
    d.ok("PUT", "/api/users/{id}/reset-password", &format!("{path}/reset-password"), admin, Some(json!({"newPassword": "Another-Pass-2"}))).await;
    d.ok("POST", "/api/users/{id}/reset-two-factor", &format!("{path}/reset-two-factor"), admin, None).await;
    d.ok("POST", "/api/users/{id}/sign-in-link", &format!("{path}/sign-in-link"), admin, None).await;
    d.ok("DELETE", "/api/users/{id}", &path, admin, None).await;
    // A staff file: checked, then imported (a user made, with a sign-in link).
    let staff = import_file("staff.csv", "Email,Name,Role,Department,Designation\nimported@police.test,Imported Officer,Officer,Crime Branch,Inspector\n");
    d.ok("POST", "/api/users/imports/check", "/api/users/imports/check", admin, Some(staff.clone())).await;
    let imported = d.ok("POST", "/api/users/imports", "/api/users/imports", admin, Some(staff)).await;
    assert_eq!(imported["data"]["counts"]["create"], 1, "{imported}");
}

async fn drive_roles(d: &mut Drive<'_>, f: &Fixtures) {
    let admin = Some(f.admin.as_str());
    d.ok("GET", "/api/roles", "/api/roles", admin, None).await;
    let body = |permissions: Value| json!({"name": "Clerk", "description": "Front desk", "permissions": permissions, "require_two_factor": false});
    let id = d.ok("POST", "/api/roles", "/api/roles", admin, Some(body(json!({"grievances": "read"})))).await["data"]["id"].as_i64().unwrap();
    let path = format!("/api/roles/{id}");
    d.ok("GET", "/api/roles/{id}", &path, admin, None).await;
    d.ok("PUT", "/api/roles/{id}", &path, admin, Some(body(json!({"grievances": "read,create"})))).await;
    d.ok("DELETE", "/api/roles/{id}", &path, admin, None).await;
}

async fn drive_admin(d: &mut Drive<'_>, f: &Fixtures) {
    let admin = Some(f.admin.as_str());
    let kind = "/api/admin/dropdowns/{kind}";
    d.ok("GET", kind, "/api/admin/dropdowns/categories", admin, None).await;
    let item = json!({"name": "Cyber Fraud", "description": "Online", "display_order": 4});
    let id = d.ok("POST", kind, "/api/admin/dropdowns/categories", admin, Some(item)).await["id"].as_i64().unwrap();
    let path = format!("/api/admin/dropdowns/categories/{id}");
    let edit = json!({"name": "Cyber Fraud", "description": "Online", "display_order": 4, "is_active": false});
    d.ok("PUT", "/api/admin/dropdowns/{kind}/{id}", &path, admin, Some(edit)).await;
    d.ok("DELETE", "/api/admin/dropdowns/{kind}/{id}", &path, admin, None).await;
    // A status whose meaning changes while no grievance uses it (its usage checked as read).
    let withdrawn = d.ok("POST", kind, "/api/admin/dropdowns/statuses", admin, Some(json!({"name": "Withdrawn", "meaning": "closed"}))).await["id"].as_i64().unwrap();
    let changed = json!({"name": "Withdrawn", "meaning": "resolved"});
    d.ok("PUT", "/api/admin/dropdowns/{kind}/{id}", &format!("/api/admin/dropdowns/statuses/{withdrawn}"), admin, Some(changed)).await;
    // A place: a district, and a police station in it.
    let agra = d.ok("POST", kind, "/api/admin/dropdowns/districts", admin, Some(json!({"name": "Agra", "range": "Agra Range"}))).await["id"].as_i64().unwrap();
    let sadar = d.ok("POST", kind, "/api/admin/dropdowns/police_stations", admin, Some(json!({"name": "Sadar Bazar", "district_id": agra}))).await["id"].as_i64().unwrap();
    d.ok("DELETE", "/api/admin/dropdowns/{kind}/{id}", &format!("/api/admin/dropdowns/police_stations/{sadar}"), admin, None).await;
    for route in ["/api/admin/performance-metrics", "/api/admin/recent-activities", "/api/admin/pendency-limits"] {
        d.ok("GET", route, route, admin, None).await;
    }
    let limits = json!({"limits": {"High": {"inward": 5, "scrutiny": 10}}});
    d.ok("PUT", "/api/admin/pendency-limits", "/api/admin/pendency-limits", admin, Some(limits)).await;
    let before = d.ok("GET", "/api/admin/transfer-limit", "/api/admin/transfer-limit", admin, None).await["max_transfers"].as_u64().unwrap();
    d.ok("PUT", "/api/admin/transfer-limit", "/api/admin/transfer-limit", admin, Some(json!({"max_transfers": before + 1}))).await;
    let rules = d.ok("GET", "/api/admin/escalation-rules", "/api/admin/escalation-rules", admin, None).await;
    d.ok("PUT", "/api/admin/escalation-rules", "/api/admin/escalation-rules", admin, Some(rules)).await;
    // The law: the reference list, a clock rule changed and one added, an entry saved and removed.
    d.ok("GET", "/api/law/offences", "/api/law/offences?q=theft", admin, None).await;
    let clocks = d.ok("GET", "/api/admin/clock-rules", "/api/admin/clock-rules", admin, None).await;
    let progress = clocks["rules"].as_array().unwrap().iter().find(|r| r["id"] == "bnss-193-3-ii").unwrap().clone();
    d.ok("PUT", "/api/admin/clock-rules/{id}", "/api/admin/clock-rules/bnss-193-3-ii", admin, Some(progress)).await;
    let own = json!({"id": "state-order-1", "name": "Diary to the SP", "name_hi": "डायरी पुलिस अधीक्षक को", "starts": "information_recorded",
        "period": "7 days", "repeats": false, "met_by": "investigation_completed", "source": "State order 1/2026"});
    d.ok("POST", "/api/admin/clock-rules", "/api/admin/clock-rules", admin, Some(own)).await;
    let entry = json!({"act": "BNS", "section": "112(2)", "title": "Petty organised crime", "title_hi": "छोटा संगठित अपराध", "maximum": "7 years"});
    d.ok("PUT", "/api/admin/offences", "/api/admin/offences", admin, Some(entry)).await;
    d.ok("DELETE", "/api/admin/offences/{act}/{section}", "/api/admin/offences/BNS/112(2)", admin, None).await;
    for route in ["/api/reports/pendency", "/api/reports/monthly", "/api/reports/disposal", "/api/reports/crime-heads", "/api/reports/chapters", "/api/reports/compliance", "/api/reports/satisfaction"] {
        d.ok("GET", route, route, admin, None).await;
    }
    // What citizens are told: the windows, a template, and the SMS the gateway never took.
    let settings = d.ok("GET", "/api/admin/citizen-settings", "/api/admin/citizen-settings", admin, None).await;
    let days = json!({"reopenWindowDays": 10, "appealDays": 15, "revision": settings["revision"]});
    d.ok("PUT", "/api/admin/citizen-settings", "/api/admin/citizen-settings", admin, Some(days)).await;
    let template = json!({"text": "Grievance {number} is registered at {station}. Track it at {link}", "dltTemplateId": "1107160000000000001"});
    d.ok("PUT", "/api/admin/sms-templates/{kind}/{language}/{variant}", "/api/admin/sms-templates/registered/en/standard", admin, Some(template)).await;
    let failed = d.ok("GET", "/api/admin/outbox/failed", "/api/admin/outbox/failed", admin, None).await;
    d.ok("POST", "/api/admin/outbox/failed/resend", "/api/admin/outbox/failed/resend", admin, Some(json!({"key": failed[0]["key"]}))).await;
    // The officers' desk: the trash's retention, and a view published to a role and withdrawn.
    d.ok("GET", "/api/admin/trash-retention", "/api/admin/trash-retention", admin, None).await;
    d.ok("PUT", "/api/admin/trash-retention", "/api/admin/trash-retention", admin, Some(json!({"days": 60}))).await;
    d.ok("GET", "/api/admin/published-views", "/api/admin/published-views", admin, None).await;
    let view = json!({"name": "Pending", "query": "status=Pending", "role_id": f.officer_role});
    let published = d.ok("POST", "/api/admin/published-views", "/api/admin/published-views", admin, Some(view)).await["data"]["id"].as_str().unwrap().to_string();
    d.ok("DELETE", "/api/admin/published-views/{id}", &format!("/api/admin/published-views/{published}"), admin, None).await;
    // An organisation file: a district and a station in it, checked, then imported.
    let organisation = import_file("organisation.csv", "Range,District,Police station,Police station code\nAgra Range,Imported District,,\nAgra Range,Imported District,Imported PS,UP0001\n");
    d.ok("POST", "/api/admin/imports/organisation/check", "/api/admin/imports/organisation/check", admin, Some(organisation.clone())).await;
    let imported = d.ok("POST", "/api/admin/imports/organisation", "/api/admin/imports/organisation", admin, Some(organisation)).await;
    assert_eq!(imported["data"]["counts"]["create"], 2, "{imported}");
}

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

fn grievance(fir: &str) -> Value {
    json!({"type_of_call": "Walk-in", "fir_no": fir, "fir_date": "2026-01-10", "section_and_act": "379 IPC", "crime_title": "Theft",
           "district": "Central District", "police_station": "Civil Lines", "status": "Pending", "priority": "High",
           "brief_details": "Motorcycle stolen from the market parking.", "investigation_officers": [{"name": "SI Verma", "phone": "9876543210"}]})
}

/// Answers the id of the grievance it leaves (the audit and export drives read it).
async fn drive_grievances(d: &mut Drive<'_>, f: &Fixtures) -> i64 {
    let admin = Some(f.admin.as_str());
    let created = d.ok("POST", "/api/grievances", "/api/grievances", admin, Some(grievance("FIR/LP-1"))).await;
    let (id, version) = (created["data"]["id"].as_i64().unwrap(), created["data"]["version"].clone());
    let doomed = d.ok("POST", "/api/grievances", "/api/grievances", admin, Some(grievance("FIR/LP-2"))).await["data"]["id"].as_i64().unwrap();
    for path in ["/api/grievances", "/api/grievances?status=Pending", "/api/grievances?police_station=Civil%20Lines&status=Pending", "/api/grievances?search=motorcycle", "/api/grievances?overdue=true"] {
        d.ok("GET", "/api/grievances", path, admin, None).await;
    }
    for route in ["/api/grievances/stats", "/api/grievances/scope"] {
        d.ok("GET", route, route, admin, None).await;
    }
    d.ok("GET", "/api/grievances/assignees", &format!("/api/grievances/assignees?grievance_id={id}"), admin, None).await;
    d.ok("GET", "/api/grievances/lookup", "/api/grievances/lookup?number=FIR%2FLP", admin, None).await;
    let path = format!("/api/grievances/{id}");
    d.ok("GET", "/api/grievances/{id}", &path, admin, None).await;
    let mut edit = grievance("FIR/LP-1");
    edit["brief_details"] = json!("Changed after a second statement.");
    edit["version"] = version;
    d.ok("PUT", "/api/grievances/{id}", &path, admin, Some(edit)).await;
    // Transferred, then assigned at its new station (a transfer ends the assignment).
    let transfer = json!({"police_station_id": f.other_station, "reason": "Jurisdiction"});
    d.ok("PUT", "/api/grievances/{id}/transfer", &format!("{path}/transfer"), admin, Some(transfer)).await;
    d.ok("PUT", "/api/grievances/{id}/assign", &format!("{path}/assign"), admin, Some(json!({"user_id": f.reader_id}))).await;
    d.ok("PUT", "/api/grievances/{id}/status", &format!("{path}/status"), admin, Some(json!({"status_id": f.in_progress, "notes": "Started"}))).await;
    d.ok("GET", "/api/grievances/{id}/history", &format!("{path}/history"), admin, None).await;
    let probe = json!({"police_station": "Civil Lines", "fir_no": "FIR/LP-2", "fir_date": "2026-01-10", "brief_details": "Motorcycle stolen from the parking."});
    d.ok("POST", "/api/grievances/duplicates", "/api/grievances/duplicates", admin, Some(probe)).await;
    // A closure asked for by an officer whose closures need approval: approved, then (asked
    // again after reopening) returned.
    let desk = Some(f.desk.as_str());
    let theirs = d.ok("POST", "/api/grievances", "/api/grievances", desk, Some(grievance("FIR/LP-3"))).await["data"]["id"].as_i64().unwrap();
    let theirs = format!("/api/grievances/{theirs}");
    for decision in ["approve", "return"] {
        let asked = d.ok("PUT", "/api/grievances/{id}/status", &format!("{theirs}/status"), desk, Some(json!({"status_id": f.closed, "final_decision": "Withdrawn"}))).await;
        assert!(asked["data"]["closure"].is_object(), "a closure request: {asked}");
        let body = json!({"reason": "The statement is missing."});
        d.ok("POST", &format!("/api/grievances/{{id}}/closure/{decision}"), &format!("{theirs}/closure/{decision}"), admin, Some(body)).await;
        if decision == "approve" {
            d.ok("PUT", "/api/grievances/{id}/status", &format!("{theirs}/status"), admin, Some(json!({"status_id": f.in_progress}))).await;
        }
    }
    // Linked to the first, listed, unlinked, linked again: the deletion below takes both
    // sides of the link with it.
    let links = format!("{theirs}/links");
    d.ok("POST", "/api/grievances/{id}/links", &links, admin, Some(json!({"grievance_id": id}))).await;
    d.ok("GET", "/api/grievances/{id}/links", &links, admin, None).await;
    d.ok("DELETE", "/api/grievances/{id}/links/{other}", &format!("{links}/{id}"), admin, None).await;
    d.ok("POST", "/api/grievances/{id}/links", &links, admin, Some(json!({"grievance_id": id}))).await;
    // The exports drive counts three grievances (this one's and the complainants' below).
    d.ok("DELETE", "/api/grievances/{id}", &theirs, admin, None).await;
    d.ok("POST", "/api/grievances/{id}/notes", &format!("{path}/notes"), admin, Some(json!({"text": "Statement recorded"}))).await;
    d.ok("GET", "/api/grievances/{id}/notes", &format!("{path}/notes"), admin, None).await;
    let told = json!({"kind": "informant_told_of_progress", "on": "2026-01-20", "means": "phone"});
    d.ok("POST", "/api/grievances/{id}/clock-actions", &format!("{path}/clock-actions"), admin, Some(told)).await;
    let why = json!({"reason": "Charge sheet to be filed in court"});
    d.ok("POST", "/api/grievances/{id}/parties/reveal", &format!("{path}/parties/reveal"), admin, Some(why)).await;
    let mark = json!({"marked": true, "reason": "The complainant is a minor"});
    d.ok("PUT", "/api/grievances/{id}/sensitive", &format!("{path}/sensitive"), admin, Some(mark)).await;
    let withhold = json!({"withheld": true, "reason": "Investigation at a delicate stage"});
    d.ok("PUT", "/api/grievances/{id}/publication", &format!("{path}/publication"), admin, Some(withhold)).await;
    drive_citizen(d, f).await;

    let attachment = attach_pdf(d, admin, &path).await;
    d.ok("GET", "/api/grievances/{id}/attachments", &format!("{path}/attachments"), admin, None).await;
    let attachment_path = format!("{path}/attachments/{attachment}");
    let link = d.ok("GET", "/api/grievances/{id}/attachments/{attachment_id}/link", &format!("{attachment_path}/link"), admin, None).await;
    let (status, _, bytes) = d.api.download(link["url"].as_str().unwrap()).await;
    assert_eq!((status, bytes.as_slice()), (StatusCode::OK, PDF));
    d.driven.insert(("get".into(), "/api/attachments/files/{file}".into()));
    d.ok("DELETE", "/api/grievances/{id}/attachments/{attachment_id}", &attachment_path, admin, None).await;
    // The doomed grievance goes with a note and a file: the notifier finishes its deletion.
    let doomed = format!("/api/grievances/{doomed}");
    d.ok("POST", "/api/grievances/{id}/notes", &format!("{doomed}/notes"), admin, Some(json!({"text": "Statement recorded"}))).await;
    attach_pdf(d, admin, &doomed).await;
    d.ok("DELETE", "/api/grievances/{id}", &doomed, admin, None).await;
    // The trash: the doomed grievance listed and put back, linked to the first, then deleted
    // again (the notifier removes both sides of its link; the escalation run purges it).
    d.ok("GET", "/api/grievances/trash", "/api/grievances/trash", admin, None).await;
    d.ok("POST", "/api/grievances/{id}/restore", &format!("{doomed}/restore"), admin, None).await;
    d.ok("POST", "/api/grievances/{id}/links", &format!("{doomed}/links"), admin, Some(json!({"grievance_id": id}))).await;
    d.ok("DELETE", "/api/grievances/{id}", &doomed, admin, None).await;
    // A register of one case: checked, then imported.
    let register = import_file("register.csv", "Source ID,FIR No,FIR Date,District,Police Station,Crime Title,Section & Act,Brief Details\nLP-OLD-1,LP/IMP/1,01/03/2025,Central District,PS Civil Lines,Theft,303(2) BNS,Imported case\n");
    d.ok("POST", "/api/grievances/imports/check", "/api/grievances/imports/check", admin, Some(register.clone())).await;
    let imported = d.ok("POST", "/api/grievances/imports", "/api/grievances/imports", admin, Some(register)).await;
    assert_eq!(imported["data"]["counts"]["create"], 1, "{imported}");
    // A bulk change, and the saved views of the list.
    d.ok("POST", "/api/grievances/bulk", "/api/grievances/bulk", admin, Some(json!({"ids": [id], "action": "priority", "priority": "Low"}))).await;
    let view = json!({"name": "Mine", "query": "assignee=me", "make_default": true});
    let saved = d.ok("POST", "/api/views", "/api/views", admin, Some(view)).await["data"]["views"][0]["id"].as_str().unwrap().to_string();
    d.ok("GET", "/api/views", "/api/views", admin, None).await;
    d.ok("PUT", "/api/views/{id}", &format!("/api/views/{saved}"), admin, Some(json!({"name": "Mine", "query": "assignee=me&sort=priority"}))).await;
    d.ok("PUT", "/api/views/default", "/api/views/default", admin, Some(json!({"view_id": null}))).await;
    d.ok("DELETE", "/api/views/{id}", &format!("/api/views/{saved}"), admin, None).await;
    // The Admin's notifications (fixtures made one): read one, then all; which reach them by email.
    d.ok("GET", "/api/notifications/preferences", "/api/notifications/preferences", admin, None).await;
    d.ok("PUT", "/api/notifications/preferences", "/api/notifications/preferences", admin, Some(json!({"email": {"status_changed": false}}))).await;
    let notices = d.ok("GET", "/api/notifications", "/api/notifications", admin, None).await;
    let notice = notices["data"]["items"][0]["id"].as_str().unwrap_or_else(|| panic!("a notice: {notices}")).to_string();
    d.ok("GET", "/api/notifications/unread", "/api/notifications/unread", admin, None).await;
    d.ok("POST", "/api/notifications/{id}/read", &format!("/api/notifications/{notice}/read"), admin, None).await;
    d.ok("POST", "/api/notifications/read-all", "/api/notifications/read-all", admin, None).await;
    id
}

/// A complainant's case: a progress update, the status page behind its code, the disposal rated
/// "not satisfied" from the page, and the appeal decided.
async fn drive_citizen(d: &mut Drive<'_>, f: &Fixtures) {
    let admin = Some(f.admin.as_str());
    let mut body = grievance("FIR/LP-4");
    body["parties"] = json!([{"role": "complainant", "name": "Ram Lal", "mobile": "9812345678"}]);
    body["sms_consent"] = json!(true);
    let g = d.ok("POST", "/api/grievances", "/api/grievances", admin, Some(body)).await["data"].clone();
    let path = format!("/api/grievances/{}", g["id"]);
    let progress = json!({"text": "The stolen motorcycle was found in Agra."});
    d.ok("POST", "/api/grievances/{id}/progress", &format!("{path}/progress"), admin, Some(progress)).await;
    d.ok("GET", "/api/public/citizen-settings", "/api/public/citizen-settings", None, None).await;
    let ask = json!({"grievanceNumber": g["grievance_number"], "mobile": "98123 45678"});
    let challenge = d.ok("POST", "/api/public/status/code", "/api/public/status/code", None, Some(ask)).await["challenge"].clone();
    let text = GATEWAY.texts.lock().unwrap().last().cloned().expect("a code was sent");
    let code = text.split(|c: char| !c.is_ascii_digit()).find(|w| w.len() == 6).expect("a code").to_string();
    let view = d.ok("POST", "/api/public/status", "/api/public/status", None, Some(json!({"challenge": challenge, "code": code}))).await;
    d.ok("PUT", "/api/grievances/{id}/status", &format!("{path}/status"), admin, Some(json!({"status_id": f.closed, "final_decision": "Property returned"}))).await;
    let rating = json!({"access": view["access"], "rating": "not_satisfied", "comment": "Nobody called me back"});
    d.ok("POST", "/api/public/feedback", "/api/public/feedback", None, Some(rating)).await;
    let decision = json!({"decision": "confirm", "reason": "The property was returned in person"});
    d.ok("POST", "/api/grievances/{id}/appeal", &format!("{path}/appeal"), admin, Some(decision)).await;
    // A case still under investigation, its complainant told of progress with consent: the
    // notifier records it on the case's clocks, moving its due day.
    let mut open = grievance("FIR/LP-5");
    open["fir_date"] = json!((domain::clock::today() - time::Duration::days(30)).to_string());
    open["parties"] = json!([{"role": "complainant", "name": "Shyam Lal", "mobile": "9812345679"}]);
    open["sms_consent"] = json!(true);
    let open = d.ok("POST", "/api/grievances", "/api/grievances", admin, Some(open)).await["data"]["id"].clone();
    // Its other duties done, the progress report is the next one due: the SMS moves its day.
    let done = json!({"kind": "investigation_completed", "on": domain::clock::today().to_string()});
    d.ok("POST", "/api/grievances/{id}/clock-actions", &format!("/api/grievances/{open}/clock-actions"), admin, Some(done)).await;
    let progress = json!({"text": "The accused was identified from the market's camera."});
    d.ok("POST", "/api/grievances/{id}/progress", &format!("/api/grievances/{open}/progress"), admin, Some(progress)).await;
}

/// The grievances drive's and the notifier's SMS gateway.
static GATEWAY: std::sync::LazyLock<Arc<SmsStandIn>> = std::sync::LazyLock::new(Arc::default);

/// Uploads a PDF to the grievance at `path` (its upload link, then the confirmation),
/// answering the attachment's id.
async fn attach_pdf(d: &mut Drive<'_>, admin: Option<&str>, path: &str) -> String {
    let ticket = json!({"file_name": "FIR copy.pdf", "content_type": "application/pdf", "size": PDF.len()});
    let ticket = d.ok("POST", "/api/grievances/{id}/attachments/uploads", &format!("{path}/attachments/uploads"), admin, Some(ticket)).await;
    let (status, answer) = d.api.upload(ticket["url"].as_str().unwrap(), &ticket["headers"], PDF.to_vec()).await;
    assert_eq!(status, StatusCode::OK, "the upload: {answer:?}");
    d.driven.insert(("put".into(), "/api/attachments/files/{file}".into()));
    let confirm = json!({"upload_id": ticket["upload_id"], "file_name": "FIR copy.pdf"});
    d.ok("POST", "/api/grievances/{id}/attachments", &format!("{path}/attachments"), admin, Some(confirm)).await["data"]["id"].as_str().unwrap().to_string()
}

/// A mailer that takes every email but the reader's, which it refuses as a full mailbox
/// would: the notifier's sends, retries and its giving up are all seen.
struct RefusesTheReader;

#[async_trait::async_trait]
impl mail::Mailer for RefusesTheReader {
    async fn send(&self, to: &str, _subject: &str, _body: &str) -> Result<(), String> {
        if to.starts_with("reader@") { Err("552 mailbox full".into()) } else { Ok(()) }
    }

    fn describe(&self) -> String {
        "a stand-in".into()
    }
}

/// An SMS gateway that takes every message (keeping its text, for the drive to read a code
/// from), or, refusing, none, as a gateway that is down.
#[derive(Default)]
struct SmsStandIn {
    refuses: bool,
    texts: Mutex<Vec<String>>,
}

#[async_trait::async_trait]
impl mail::sms::SmsSender for SmsStandIn {
    async fn send(&self, sms: &mail::sms::Sms<'_>) -> Result<String, String> {
        if self.refuses {
            return Err("503 gateway unavailable".into());
        }
        self.texts.lock().unwrap().push(sms.text.to_string());
        Ok("accepted".into())
    }

    fn describe(&self) -> String {
        "a stand-in".into()
    }
}

fn citizens(sender: Arc<SmsStandIn>) -> http_glue::CitizenChannel {
    http_glue::CitizenChannel { sms: Some(sender), public_url: "https://portal.test".into() }
}

async fn drive_audit(d: &mut Drive<'_>, f: &Fixtures, grievance: i64) {
    let admin = Some(f.admin.as_str());
    for route in ["/api/audit/actions", "/api/audit/all", "/api/audit/verify", "/api/audit/statistics"] {
        d.ok("GET", route, route, admin, None).await;
    }
    d.ok("GET", "/api/audit/all", "/api/audit/all?kind=admin&action=ROLE_CREATED", admin, None).await;
    d.ok("GET", "/api/audit/grievance/{id}", &format!("/api/audit/grievance/{grievance}"), admin, None).await;
    // The newest checkpoint comes from the checkpoints' store, not from the table.
    d.ok("GET", "/api/audit/checkpoint", "/api/audit/checkpoint", admin, None).await;
}

/// The exports written while the request waits, and the file of one through its link.
async fn drive_exports(d: &mut Drive<'_>, f: &Fixtures, grievance: i64) {
    let admin = Some(f.admin.as_str());
    let mut link = Value::Null;
    for route in ["/api/grievances/export/excel", "/api/grievances/export/pdf", "/api/grievances/export/officers", "/api/grievances/export/publication", "/api/audit/export/excel", "/api/audit/export/csv", "/api/audit/export/pdf"] {
        link = d.ok("GET", route, route, admin, None).await;
    }
    // One grievance's case file, and a print of its screen.
    d.ok("GET", "/api/grievances/{id}/case-file", &format!("/api/grievances/{grievance}/case-file?lang=hi"), admin, None).await;
    d.ok("POST", "/api/grievances/{id}/printed", &format!("/api/grievances/{grievance}/printed"), admin, None).await;
    d.ok("GET", "/api/reports/{report}/export/excel", "/api/reports/pendency/export/excel", admin, None).await;
    d.ok("GET", "/api/reports/{report}/export/pdf", "/api/reports/monthly/export/pdf", admin, None).await;
    let (status, _, bytes) = d.api.download(link["url"].as_str().unwrap()).await;
    assert!(status == StatusCode::OK && !bytes.is_empty(), "{status}");
    d.driven.insert(("get".into(), "/api/exports/files/{file}".into()));
}

/// The route each function's session check is seen through (any route that asks for a caller).
fn session_route(binary: &str) -> &'static str {
    match binary {
        "auth" => "/api/auth/verify",
        "users" => "/api/users/role-options",
        "roles" => "/api/roles",
        "admin" => "/api/admin/transfer-limit",
        "grievances" => "/api/grievances/scope",
        "audit" => "/api/audit/actions",
        "exports" => "/api/exports/jobs/00000000000000000000000000000000",
        other => panic!("{other} serves no route"),
    }
}

/// A partition key as printed: the parts after the first that are numbers or long hex ids
/// are `*`.
fn shape(pk: &str) -> String {
    let mut parts = pk.split('#');
    let mut out = vec![parts.next().unwrap_or_default().to_string()];
    for part in parts {
        let id = !part.is_empty() && (part.bytes().all(|b| b.is_ascii_digit()) || (part.len() >= 16 && part.bytes().all(|b| b.is_ascii_hexdigit())));
        out.push(if id { "*".into() } else { part.to_string() });
    }
    out.join("#")
}

const WRITES: &[&str] = &["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem", "dynamodb:ConditionCheckItem"];

/// IAM's StringLike: `*` any run of characters, `?` any one.
fn like(pattern: &str, text: &str) -> bool {
    fn go(p: &[u8], t: &[u8]) -> bool {
        match (p.first(), t.first()) {
            (None, None) => true,
            (Some(b'*'), _) => go(&p[1..], t) || (!t.is_empty() && go(p, &t[1..])),
            (Some(b'?'), Some(_)) => go(&p[1..], &t[1..]),
            (Some(a), Some(b)) if a == b => go(&p[1..], &t[1..]),
            _ => false,
        }
    }
    go(pattern.as_bytes(), text.as_bytes())
}

/// One grant of a function's policy on the table: an action, where, and the partition keys
/// it is limited to (`None`: any).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Grant {
    action: String,
    on: On,
    leading_keys: Option<Vec<String>>,
}

impl Grant {
    fn allows(&self, access: &Access) -> bool {
        self.action == access.action
            && self.on == access.on
            && match (&self.leading_keys, &access.pk) {
                (None, _) => true,
                (Some(patterns), Some(pk)) => patterns.iter().any(|p| like(p, pk)),
                (Some(_), None) => false,
            }
    }
}

fn tagged<'y>(value: &'y Yaml, tag: &str) -> Option<&'y str> {
    match value {
        Yaml::Tagged(t) if t.tag.to_string() == tag => t.value.as_str(),
        _ => None,
    }
}

/// Where a statement's Resource names: the table and/or its indexes.
fn resources(name: &str, resource: &Yaml) -> Vec<On> {
    let one = |r: &Yaml| {
        if tagged(r, "!GetAtt") == Some("PortalTable.Arn") {
            On::Table
        } else if tagged(r, "!Sub") == Some("${PortalTable.Arn}/index/*") {
            On::Index
        } else {
            panic!("{name}: a DynamoDB statement on {r:?}: name the table (!GetAtt PortalTable.Arn) or its indexes (!Sub \"${{PortalTable.Arn}}/index/*\")")
        }
    };
    match resource.as_sequence() {
        Some(list) => list.iter().map(one).collect(),
        None => vec![one(resource)],
    }
}

/// A function's grants on the table, read from its Policies. Anything this cannot read
/// precisely (a SAM DynamoDB policy template, a wildcard, another condition) fails.
fn grants(name: &str, policies: &Yaml) -> Vec<Grant> {
    let mut found = Vec::new();
    for policy in policies.as_sequence().unwrap_or_else(|| panic!("{name} lists no Policies")) {
        if let Some(text) = policy.as_str() {
            assert!(!text.to_lowercase().contains("dynamodb"), "{name}: the managed policy {text} grants more than the function uses; write its statements");
            continue;
        }
        let map = policy.as_mapping().unwrap_or_else(|| panic!("{name}: a policy {policy:?}"));
        for key in map.keys().filter_map(Yaml::as_str) {
            assert!(!key.starts_with("DynamoDB"), "{name} uses the SAM policy template {key}: it grants actions the function does not use (Scan, BatchWriteItem…); list the actions it does use instead");
        }
        for statement in policy["Statement"].as_sequence().into_iter().flatten() {
            let actions: Vec<&str> = match &statement["Action"] {
                Yaml::String(a) => vec![a.as_str()],
                Yaml::Sequence(list) => list.iter().map(|a| a.as_str().unwrap()).collect(),
                other => panic!("{name}: Action {other:?}"),
            };
            let actions: Vec<&str> = actions.into_iter().filter(|a| a.to_lowercase().starts_with("dynamodb:")).collect();
            if actions.is_empty() {
                continue;
            }
            assert_eq!(statement["Effect"].as_str(), Some("Allow"), "{name}: {statement:?}");
            for action in &actions {
                assert!(!action.contains('*') && !action.contains('?'), "{name}: the wildcard {action} allows actions the function does not use");
            }
            let leading_keys = match statement.get("Condition") {
                None => None,
                Some(condition) => {
                    let like = condition.as_mapping().filter(|m| m.len() == 1).and_then(|_| condition.get("ForAllValues:StringLike"));
                    let keys = like.filter(|l| l.as_mapping().is_some_and(|m| m.len() == 1)).and_then(|l| l.get("dynamodb:LeadingKeys"));
                    let keys = keys.and_then(Yaml::as_sequence).unwrap_or_else(|| panic!("{name}: only ForAllValues:StringLike on dynamodb:LeadingKeys is read here: {condition:?}"));
                    Some(keys.iter().map(|k| k.as_str().unwrap().to_string()).collect::<Vec<_>>())
                }
            };
            for on in resources(name, &statement["Resource"]) {
                for action in &actions {
                    found.push(Grant { action: action.to_string(), on, leading_keys: leading_keys.clone() });
                }
            }
        }
    }
    found
}

/// (logical name, binary, grants) of each function of template.yaml.
fn template_functions() -> Vec<(String, String, Vec<Grant>)> {
    let text = std::fs::read_to_string(testkit::repo_root().join("template.yaml")).unwrap();
    let template: Yaml = serde_yaml::from_str(&text).unwrap();
    assert!(template["Globals"]["Function"].get("Policies").is_none(), "Globals give every function the same policies");
    let mut functions = Vec::new();
    for (name, resource) in template["Resources"].as_mapping().unwrap() {
        let name = name.as_str().unwrap().to_string();
        assert_ne!(resource["Type"].as_str(), Some("AWS::Lambda::Function"), "{name}: a function outside SAM escapes this test");
        if resource["Type"].as_str() != Some("AWS::Serverless::Function") {
            continue;
        }
        let binary = resource["Metadata"]["BuildProperties"]["Binary"].as_str().unwrap_or_else(|| panic!("{name} names no binary")).to_string();
        let grants = grants(&name, &resource["Properties"]["Policies"]);
        functions.push((name, binary, grants));
    }
    functions
}

/// The table's partition key attribute, as template.yaml defines it.
fn hash_key() -> String {
    let text = std::fs::read_to_string(testkit::repo_root().join("template.yaml")).unwrap();
    let template: Yaml = serde_yaml::from_str(&text).unwrap();
    let schema = template["Resources"]["PortalTable"]["Properties"]["KeySchema"].as_sequence().unwrap().clone();
    schema.iter().find(|k| k["KeyType"].as_str() == Some("HASH")).unwrap()["AttributeName"].as_str().unwrap().to_string()
}

/// Measures what each function asks of DynamoDB: binary -> accesses.
async fn measure() -> BTreeMap<String, Vec<Access>> {
    // Internal errors are logged, never answered: show them in a failing run's output.
    let _ = tracing_subscriber::fmt().with_test_writer().with_env_filter("error").try_init();
    let table = Recording::new(&hash_key()).await;
    // The table as infra/deploy.sh leaves it: prepared, with the first Admin.
    let setup = table.open(portal::areas).await;
    let f = fixtures(&setup).await;
    let mut used: BTreeMap<String, Vec<Access>> = BTreeMap::new();
    let mut grievance = 0;
    for binary in ["auth", "users", "roles", "admin", "grievances", "audit", "exports"] {
        let routes = area(binary).unwrap();
        // A session of its own, to be kept and then found over by the function's session check.
        let session = setup.admin().await;
        // The audit function answers the newest checkpoint, which the operator's command made
        // (reading the whole trail, as `verify --table` does) and keeps outside the table.
        let checkpoints = tempfile::tempdir().unwrap();
        let kept: Arc<dyn blobs::BlobStore> = Arc::new(blobs::local::LocalBlobs::new(checkpoints.path(), &[7; 32]).unwrap());
        if binary == "audit" {
            let key = cases::checkpoint::signing_key_from_material(b"the least privilege test's checkpoint key, 32+ bytes");
            let made = audit_area::checkpoints::make(setup.state.trail.as_ref(), &key).await.unwrap();
            audit_area::checkpoints::keep(kept.as_ref(), &made).await.unwrap();
        }
        let signed_in = std::time::Instant::now();
        table.take();
        let api = table.open(routes).await.adjusted(routes, |s| {
            s.checkpoints = Some(kept.clone());
            s.citizens = citizens(GATEWAY.clone());
        });
        let mut d = Drive::new(&api);
        match binary {
            "auth" => drive_auth(&mut d, &f).await,
            "users" => drive_users(&mut d, &f).await,
            "roles" => drive_roles(&mut d, &f).await,
            "admin" => drive_admin(&mut d, &f).await,
            "grievances" => grievance = drive_grievances(&mut d, &f).await,
            "audit" => drive_audit(&mut d, &f, grievance).await,
            "exports" => drive_exports(&mut d, &f, grievance).await,
            _ => unreachable!(),
        }
        let mut driven = std::mem::take(&mut d.driven);
        drop(d);
        // The session check: a session in use is kept (its last use is recorded again once a
        // tenth of the idle time, at least 1 s, has passed), one idle too long is removed.
        // The idle time is set to ten times (the session's age less a second): its use is
        // recorded again, and it is not over yet.
        tokio::time::sleep(std::time::Duration::from_millis(2200).saturating_sub(signed_in.elapsed())).await;
        let age = signed_in.elapsed().as_secs().max(2) as i64;
        let api = api.adjusted(routes, |s| s.tokens.policy.idle_seconds = 10 * (age - 1));
        let token = &session;
        let kept = api.get(session_route(binary), token).await;
        assert!(kept.status != StatusCode::UNAUTHORIZED && kept.status != StatusCode::INTERNAL_SERVER_ERROR, "{binary}: {} {:?}", kept.status, kept.body);
        let api = api.adjusted(routes, |s| s.tokens.policy.idle_seconds = 0);
        let over = api.get(session_route(binary), token).await;
        assert_eq!(over.status, StatusCode::UNAUTHORIZED, "{binary}: the idle session is over: {:?}", over.body);
        let mut accesses = table.take();

        if binary == "exports" {
            // A list longer than the request writes: in the cloud the request only stores it
            // (in_process off) and the export worker writes the file.
            let api = api.adjusted(routes, |s| {
                s.tokens.policy = auth::tokens::SessionPolicy::default();
                s.exports.in_process = false;
                s.exports.at_once_most = 0;
            });
            let mut d = Drive::new(&api);
            let job = d.ok("GET", "/api/grievances/export/excel", "/api/grievances/export/excel", Some(&f.admin), None).await;
            // The grievances drive's first case and its complainants' two, and the register's.
            assert_eq!(job["expected_rows"].as_u64(), Some(4), "a background export: {job}");
            let status_url = job["status_url"].as_str().unwrap().to_string();
            let preparing = d.ok("GET", "/api/exports/jobs/{id}", &status_url, Some(&f.admin), None).await;
            assert_eq!(preparing["status"], "preparing");
            // An officer of their own cases: their list is read from their own partition.
            let theirs = d.ok("GET", "/api/grievances/export/pdf", "/api/grievances/export/pdf", Some(&f.reader), None).await;
            let their_url = theirs["status_url"].as_str().unwrap_or_else(|| panic!("a background export: {theirs}")).to_string();
            accesses.extend(table.take());

            // The export worker, as its Lambda runs: init, then the jobs the bucket announced.
            table.store.warm_up().await;
            api.state.prepare().await.unwrap();
            for job in [&job, &theirs] {
                exports_area::jobs::run(&api.state, job["job_id"].as_str().unwrap()).await.unwrap();
            }
            used.insert("export-worker".into(), table.take());

            for (url, token, rows) in [(&status_url, &f.admin, 4), (&their_url, &f.reader, 1)] {
                let ready = d.ok("GET", "/api/exports/jobs/{id}", url, Some(token), None).await;
                assert_eq!((ready["status"].as_str(), ready["rows"].as_u64()), (Some("ready"), Some(rows)), "{ready}");
            }
            accesses.extend(table.take());
            driven.extend(std::mem::take(&mut d.driven));
        }
        covers(binary, routes, &driven);
        used.insert(binary.to_string(), accesses);
    }
    // The escalation function, as its Lambda runs: init, then the hourly runs, 200 days on, when
    // the open grievances are overdue: a first run takes them to their districts, a second
    // (the waits shortened meanwhile) to the state, moving each out of the district's queue.
    // An Admin changed the clock rules meanwhile: the first run works the due days out again.
    let year_on = domain::clock::today() + time::Duration::days(200);
    let lists = setup.state.lists.as_ref();
    // As every start does (`portal::ready`): the drives' due days are recorded as those of the
    // rules in force, so the changed rules below move them and the missed list is read whole.
    cases::dues::reindex_if_owed(setup.state.cases()).await.unwrap();
    lists.save_escalation_rules(&domain::escalation::EscalationRules { district_days: 0, range_days: 3650, state_days: 3650 }).await.unwrap();
    let mut law = lists.law().await.unwrap();
    for rule in law.clock_rules.0.iter_mut() {
        rule.period = domain::law::clocks::Period::Days(45);
    }
    lists.save_law(&law).await.unwrap();
    table.take();
    let api = table.open(grievances_area::routes).await;
    // What the run does first (`grievances_area::escalation::run`), here to see that it moved days.
    let moved = cases::dues::reindex_if_owed(api.state.cases()).await.unwrap().reindexed.map(|r| r.moved);
    assert!(moved.is_some_and(|n| n > 0), "the changed rule moves due days: {moved:?}");
    let first = grievances_area::escalation::run(&api.state, year_on).await.unwrap();
    let mut accesses = table.take();
    lists.save_escalation_rules(&domain::escalation::EscalationRules { district_days: 0, range_days: 0, state_days: 0 }).await.unwrap();
    table.take();
    let api = table.open(grievances_area::routes).await;
    let second = grievances_area::escalation::run(&api.state, year_on).await.unwrap();
    assert!(first.escalated > 0 && second.escalated == first.escalated, "the drive escalates twice: {first:?}, {second:?}");
    // The daily purge, once the trash's retention has run out for the grievance the drive
    // left there: its record forgotten, its file handed to the notifier's sweep (this
    // function holds no attachments bucket), PURGED recorded.
    let api = api.adjusted(grievances_area::routes, |s| s.attachments = None);
    let purged = grievances_area::escalation::purge(&api.state, domain::clock::now() + time::Duration::days(400)).await.unwrap();
    assert_eq!(purged, 4, "the fixtures' two deleted grievances and the grievances drive's two");
    accesses.extend(table.take());
    used.insert("escalation".into(), accesses);

    // The notifier, as its Lambda runs: init, then a run a minute; the drives' events become
    // notices and emails, sent or retried until the last try keeps the reader's aside, and
    // the complainants' SMS, each recorded in its case's history (a progress update sent with
    // consent also on the case's clocks).
    table.take();
    let api = table.open(grievances_area::routes).await.adjusted(grievances_area::routes, |s| s.citizens = citizens(GATEWAY.clone()));
    let mut at = domain::clock::now();
    let texted = GATEWAY.texts.lock().unwrap().len();
    let first = grievances_area::notify::run(&api.state, Some(&RefusesTheReader), at).await.unwrap();
    assert!(first.notices > 0 && first.sent > 0 && first.failed > 0, "the drives' events: {first:?}");
    assert!(GATEWAY.texts.lock().unwrap().len() >= texted + 6, "the complainants' SMS: registered, progress, closed, the other case's registered and progress, and the one resent");
    for _ in 1..cases::notices::MAX_ATTEMPTS {
        at += time::Duration::hours(7);
        grievances_area::notify::run(&api.state, Some(&RefusesTheReader), at).await.unwrap();
    }
    assert!(!api.state.notices.failed_mail(1).await.unwrap().is_empty(), "the reader's email is kept aside");
    // Each run also finishes the deletions (the drive's restore finished those before it: the
    // grievance deleted again after it is left, with its link) and sweeps the files of what
    // the escalation run purged (that grievance's file).
    let finished = cases::attachments::finish_deletions(api.state.cases(), api.state.attachments.as_deref()).await.unwrap();
    assert_eq!(finished, cases::attachments::FinishedDeletions { deletions: 1, files: 1 });
    used.insert("notifier".into(), table.take());
    used
}

/// Prints what each function asked: actions, where, and the partition keys it wrote.
fn print(used: &BTreeMap<String, Vec<Access>>) {
    for (binary, accesses) in used {
        let mut actions: BTreeMap<(String, On), BTreeSet<String>> = BTreeMap::new();
        for a in accesses {
            let keys = actions.entry((a.action.clone(), a.on)).or_default();
            if WRITES.contains(&a.action.as_str()) {
                keys.insert(shape(a.pk.as_deref().unwrap_or_default()));
            }
        }
        println!("{binary}:");
        for ((action, on), keys) in actions {
            let keys = if keys.is_empty() { String::new() } else { format!(" on {}", keys.into_iter().collect::<Vec<_>>().join(", ")) };
            println!("    {action} ({on:?}){keys}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_function_is_allowed_only_the_dynamodb_actions_it_uses() {
    let used = measure().await;
    print(&used);
    let functions = template_functions();
    let binaries: BTreeSet<&str> = functions.iter().map(|(_, b, _)| b.as_str()).collect();
    assert_eq!(binaries, used.keys().map(String::as_str).collect(), "every function of template.yaml is measured, and only those");
    for (binary, _, _, reason) in ALLOWANCES {
        assert!(binaries.contains(binary) && !reason.trim().is_empty(), "an allowance names a function and why: {binary}");
    }
    let mut problems = Vec::new();
    for (name, binary, grants) in &functions {
        let _ = area(binary);
        let seen = &used[binary];
        println!("{name} ({binary}) is allowed:");
        for g in grants {
            println!("    {} on {:?}{}", g.action, g.on, g.leading_keys.as_ref().map(|k| format!(" where LeadingKeys like {k:?}")).unwrap_or_default());
        }
        // (a) Whatever it asks is allowed.
        let mut refused: BTreeSet<String> = BTreeSet::new();
        for access in seen {
            if !grants.iter().any(|g| g.allows(access)) {
                refused.insert(format!("{} on {:?}{}", access.action, access.on, access.pk.as_deref().map(|pk| format!(" ({})", shape(pk))).unwrap_or_default()));
            }
        }
        problems.extend(refused.into_iter().map(|r| format!("{name}: needs {r}, which its policy does not allow")));
        // (b) Whatever it is allowed, it uses (or an allowance says why the drive cannot see it).
        for g in grants {
            let allowance = |place: &str| ALLOWANCES.iter().any(|(b, a, p, _)| b == binary && *a == g.action && *p == place);
            match &g.leading_keys {
                None => {
                    let place = if g.on == On::Table { "table" } else { "index" };
                    if !seen.iter().any(|a| a.action == g.action && a.on == g.on) && !allowance(place) {
                        problems.push(format!("{name}: allowed {} on {:?}, which it does not use", g.action, g.on));
                    }
                }
                Some(patterns) => {
                    for p in patterns {
                        if !seen.iter().any(|a| a.action == g.action && a.on == g.on && a.pk.as_deref().is_some_and(|pk| like(p, pk))) && !allowance(p) {
                            problems.push(format!("{name}: allowed {} on partition keys like {p:?}, which it does not use", g.action));
                        }
                    }
                }
            }
        }
        // (d) A function that only reads the case data writes nothing without a condition.
        if READERS.contains(&binary.as_str()) {
            for g in grants.iter().filter(|g| WRITES.contains(&g.action.as_str()) && g.leading_keys.is_none()) {
                problems.push(format!("{name} only reads, yet may {} any item: limit it with dynamodb:LeadingKeys", g.action));
            }
        }
    }
    assert!(problems.is_empty(), "template.yaml against what the functions do:\n{}", problems.join("\n"));
}

/// The recorder reads what IAM reads; a check of the pattern match it relies on.
#[test]
fn leading_keys_patterns_match_as_iam_string_like() {
    assert!(like("SESSION#*", "SESSION#0123abcd"));
    assert!(like("SESSION#*", "SESSION#"));
    assert!(!like("SESSION#*", "USER#1"));
    assert!(like("ROLE#1", "ROLE#1"));
    assert!(!like("ROLE#1", "ROLE#12"));
    assert!(like("SEQ", "SEQ") && !like("SEQ", "SEQS"));
    assert!(like("AUDIT#?", "AUDIT#0") && !like("AUDIT#?", "AUDIT#10"));
    assert_eq!(shape("SESSION#0123456789abcdef0123456789abcdef"), "SESSION#*");
    assert_eq!(shape("STATS#AUDIT"), "STATS#AUDIT");
    assert_eq!(shape("AUDIT#12"), "AUDIT#*");
}
