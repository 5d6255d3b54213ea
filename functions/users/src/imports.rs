//! `/api/users/imports`: a department's staff from a CSV or Excel file, each with a role, a
//! posting, a department and a designation. Passwords are never imported: each user made
//! gets a one-time sign-in link (`auth::sign_in_links`), shown once in the run's answer. A
//! user whose email the portal has already is updated when the row changed, as the Users
//! page would; the same rules, grants and audit records apply to every row.

use crate::{audited, check_list_fields, check_postings, held_role, subject};
use auth::roles::RoleRecord;
use auth::users::{self as records, UserRecord};
use axum::extract::{DefaultBodyLimit, State};
use cases::admin_audit;
use domain::audit::AuditAction;
use domain::grants;
use domain::jurisdiction::Posting;
use domain::lists::ListKind;
use domain::user::{UserForm, UserInput, UserStatus};
use domain::wire::{Scalar, Sent};
use domain::{Action, Error, FieldErrors, Msg, Resource};
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody};
use imports::mapping::{renamed, FieldSpec, MappedRow, Mapping};
use imports::run::{Applied, Written};
use imports::values::place_key;
use imports::{ImportOutcome, ImportReport, ImportRequest, Outcome, RowReport, SignInLink, SourceFile};
use std::collections::{BTreeMap, HashMap};
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(check_staff)).routes(routes!(import_staff)).layer(DefaultBodyLimit::max(IMPORT_BODY_BYTES))
}

/// The largest import request: a file of [`imports::request::MAX_UPLOAD_MB`] in base64.
const IMPORT_BODY_BYTES: usize = 6 * 1024 * 1024;

/// The columns of a staff file.
pub const FIELDS: &[FieldSpec] = &[
    FieldSpec { key: "email", label: "Email", required: true, aliases: &["email id", "e-mail", "mail"] },
    FieldSpec { key: "name", label: "Name", required: true, aliases: &["full name", "officer name", "employee name"] },
    FieldSpec { key: "role", label: "Role", required: true, aliases: &["role name", "portal role"] },
    FieldSpec { key: "phone", label: "Phone", required: false, aliases: &["mobile", "mobile no", "mobile number", "phone number", "contact"] },
    FieldSpec { key: "department", label: "Department", required: false, aliases: &["dept", "wing", "unit"] },
    FieldSpec { key: "designation", label: "Designation", required: false, aliases: &["rank", "post"] },
    FieldSpec { key: "range", label: "Range", required: false, aliases: &["posted range"] },
    FieldSpec { key: "district", label: "District", required: false, aliases: &["posted district", "zila"] },
    FieldSpec { key: "station", label: "Police station", required: false, aliases: &["police station", "posted station", "ps", "thana"] },
];

/// What a row of the file becomes: the user as the Users page would save them.
#[derive(Clone, Debug)]
pub struct Planned {
    row: u64,
    outcome: Outcome,
    input: UserInput,
    role: RoleRecord,
    before: Option<UserRecord>,
}

/// The places and roles rows name, read once.
struct Directory {
    roles: HashMap<String, RoleRecord>,
    stations: HashMap<String, i64>,
    districts: HashMap<String, i64>,
    ranges: HashMap<String, String>,
    org: domain::jurisdiction::Organisation,
}

impl Directory {
    async fn read(state: &AppState) -> domain::Result<Directory> {
        let roles = auth::roles::list_all(state.accounts.as_ref()).await?.into_iter().map(|r| (r.name.trim().to_lowercase(), r)).collect();
        let places = |items: &[lists::ListItem]| items.iter().map(|i| (place_key(&i.name), i.id)).collect::<HashMap<_, _>>();
        let districts = state.lists.definitions(ListKind::Districts).await?;
        let stations = state.lists.definitions(ListKind::PoliceStations).await?;
        let ranges = districts.iter().filter_map(|d| d.range.clone()).map(|r| (place_key(&r), r)).collect();
        let org = lists::organisation_of(&stations, &districts);
        Ok(Directory { roles, stations: places(&stations), districts: places(&districts), ranges, org })
    }

    /// Where a row posts its user: its police station, else its district, else its range,
    /// else the state.
    fn posting(&self, row: &MappedRow) -> domain::Result<Posting> {
        let unknown = |field: &str, place: &str| Error::field(field, Msg::ImportPlaceUnknown { place: place.to_string() });
        if let Some(station) = row.given("station") {
            return self.stations.get(&place_key(station)).map(|id| Posting::Station(*id)).ok_or_else(|| unknown("station", station));
        }
        if let Some(district) = row.given("district") {
            return self.districts.get(&place_key(district)).map(|id| Posting::District(*id)).ok_or_else(|| unknown("district", district));
        }
        if let Some(range) = row.given("range") {
            return self.ranges.get(&place_key(range)).map(|r| Posting::Range(r.clone())).ok_or_else(|| unknown("range", range));
        }
        Ok(Posting::State)
    }
}

/// Checks the file: nothing is written.
pub async fn check(state: &AppState, caller: &Caller, file: &SourceFile, chosen: &BTreeMap<String, Option<String>>) -> domain::Result<(ImportReport, Vec<Planned>)> {
    let header = imports::table::header(&file.bytes)?;
    let mapping = Mapping::new(FIELDS, &header, chosen)?;
    let directory = Directory::read(state).await?;
    let mut report = ImportReport::new("users", file, &mapping);
    let mut plan = Vec::new();
    let mut emails: HashMap<String, u64> = HashMap::new();
    let mut batches = imports::table::batches(file.bytes.clone(), header.number, 500);
    while let Some(batch) = batches.recv().await {
        for row in batch? {
            let row = mapping.row(row);
            let label = format!("{} <{}>", row.get("name"), row.get("email"));
            match check_row(state, caller, &directory, &mut emails, &row).await {
                Ok(p) => {
                    report.push(RowReport::new(row.number, p.outcome, label));
                    plan.push(p);
                }
                Err(e) => report.push(RowReport::failed(row.number, label, &e, &mapping)),
            }
        }
    }
    Ok((report, plan))
}

async fn check_row(state: &AppState, caller: &Caller, directory: &Directory, emails: &mut HashMap<String, u64>, row: &MappedRow) -> domain::Result<Planned> {
    let mut errors = FieldErrors::default();
    row.required(&mut errors);
    errors.finish()?;
    let role = directory.roles.get(&row.get("role").to_lowercase()).cloned().ok_or_else(|| Error::field("role", Msg::ImportRoleUnknown { role: row.get("role").to_string() }))?;
    let posting = directory.posting(row)?;
    let text = |field: &str| Sent::Given(imports::values::ascii_digits(row.get(field)));
    let form = UserForm {
        name: Sent::Given(row.get("name").to_string()),
        email: Sent::Given(row.get("email").to_string()),
        phone: if row.get("phone").is_empty() { Sent::Absent } else { text("phone") },
        department: Sent::Given(row.get("department").to_string()),
        designation: Sent::Given(row.get("designation").to_string()),
        role_id: Sent::Given(Scalar::Number(role.id.into())),
        ..Default::default()
    };
    let renames = [("name", "name"), ("email", "email"), ("phone", "phone"), ("department", "department"), ("designation", "designation"), ("role_id", "role")];
    let mut input = UserInput::parse(form, false).map_err(|e| renamed(e, &renames))?;
    input.posting = Some(posting.clone());
    let key = input.email.to_string().to_lowercase();
    if let Some(first) = emails.get(&key) {
        return Err(Error::field("email", Msg::ImportRowRepeated { row: first.to_string() }));
    }
    emails.insert(key, row.number);
    let before = records::find_by_email(state.accounts.as_ref(), &input.email).await?;
    check_list_fields(state.lists.as_ref(), &input, before.as_ref()).await.map_err(|e| renamed(e, &renames))?;
    // The grant rules, as the Users page applies them; a dry run only reports a refusal.
    let grantor = caller.grantor();
    match &before {
        None => grants::may_give_role(grantor, role.reach()),
        Some(user) => {
            let held = held_role(state.accounts.as_ref(), user).await?;
            grants::may_edit_account(grantor, user.id, held.as_ref().map(RoleRecord::reach), role.reach())
        }
    }
    .map_err(Error::from)?;
    let postings: Vec<&Posting> = before.iter().map(|u| &u.posting).chain(std::iter::once(&posting)).collect();
    grants::may_post(&directory.org, &caller.user().posting, &postings).map_err(Error::from)?;
    let outcome = match &before {
        None => Outcome::Create,
        Some(user) if same(user, &input) => Outcome::Unchanged,
        Some(_) => Outcome::Update,
    };
    Ok(Planned { row: row.number, outcome, input, role, before })
}

/// Whether the account holds what the row says already.
fn same(user: &UserRecord, input: &UserInput) -> bool {
    user.name == input.name
        && user.phone == input.phone
        && user.department.as_deref() == Some(input.department.as_str())
        && user.designation.as_deref() == Some(input.designation.as_str())
        && user.role_id == input.role_id.get()
        && Some(&user.posting) == input.posting.as_ref()
}

/// Makes and changes the users, one at a time (each changes its role's member count).
/// Stops at the first row that fails to write.
pub async fn run(state: &AppState, caller: &Caller, client: &ClientInfo, file: &SourceFile, chosen: &BTreeMap<String, Option<String>>) -> domain::Result<ImportOutcome> {
    require(caller)?;
    let (report, plan) = check(state, caller, file, chosen).await?;
    report.refuse_failures()?;
    let import_id = imports::report::import_id(domain::clock::now(), imports::run::random_part());
    let mut applied = Applied::default();
    for p in plan {
        if p.outcome == Outcome::Unchanged {
            applied.already_in(p.row);
            continue;
        }
        let written = write(state, caller, client, &import_id, &p).await;
        applied.record(written);
        if !applied.going() {
            break;
        }
    }
    let outcome = applied.outcome(&import_id);
    caller.audit_change(state.trail.as_ref(), client, Some(imports::run::audit_entry("users", file, &outcome))).await.map_err(Error::from)?;
    Ok(outcome)
}

async fn write(state: &AppState, caller: &Caller, client: &ClientInfo, import_id: &str, p: &Planned) -> domain::Result<Written> {
    let accounts = state.accounts.as_ref();
    let input = p.input.clone();
    let posting = input.posting.clone().unwrap_or_default();
    let (entry, link) = match &p.before {
        None => {
            let verdict = grants::may_give_role(caller.grantor(), p.role.reach());
            caller.check_grant(state.trail.as_ref(), client, verdict, || format!("Create user {} with role {}", input.email, p.role.name)).await?;
            check_postings(state, caller, client, &[&posting], Some(&posting), || format!("Create user {} posted at {posting}", input.email)).await?;
            let new = records::NewUser {
                name: input.name.clone(),
                email: input.email.clone(),
                // No password: the sign-in link sets the first one, and nothing signs in before.
                password_hash: String::new(),
                phone: input.phone.clone(),
                department: Some(input.department.clone()),
                designation: Some(input.designation.clone()),
                role_id: input.role_id.get(),
                status: UserStatus::Active,
                posting,
            };
            let user = records::create_by(accounts, new, caller.user().id).await?;
            let token = auth::sign_in_links::issue(&state.tokens, &user, domain::clock::now().unix_timestamp());
            let link = SignInLink { row: p.row, name: user.name.clone(), email: user.email.clone(), link: auth::sign_in_links::link(&state.citizens.public_url, &token) };
            let entry = admin_audit::entry(AuditAction::UserCreated, &subject(&user), None, Some(audited(state, &user).await?));
            (entry, Some(link))
        }
        Some(before) => {
            let held = held_role(accounts, before).await?;
            let verdict = grants::may_edit_account(caller.grantor(), before.id, held.as_ref().map(RoleRecord::reach), p.role.reach());
            caller.check_grant(state.trail.as_ref(), client, verdict, || format!("Change user {} ({}) with role {}", before.email, before.id, p.role.name)).await?;
            let postings = [&before.posting, &posting];
            check_postings(state, caller, client, &postings, Some(&posting), || format!("Change user {} ({}) posted at {}", before.email, before.id, before.posting)).await?;
            let after = records::update(accounts, caller.user().id, before.id, before, input).await?;
            let entry = admin_audit::entry(AuditAction::UserUpdated, &subject(&after), Some(audited(state, before).await?), Some(audited(state, &after).await?));
            (entry, None)
        }
    };
    caller.audit_change(state.trail.as_ref(), client, admin_audit::of_import(entry, import_id)).await?;
    Ok(Written { row: p.row, outcome: p.outcome, sign_in_link: link })
}

fn require(caller: &Caller) -> domain::Result<()> {
    for action in [Action::Create, Action::Update] {
        caller.require(Resource::Users, action)?;
    }
    Ok(())
}

/// Checks a staff file: what each row would become, and why a failing row fails. Nothing is
/// written.
#[utoipa::path(post, path = "/api/users/imports/check", tag = "users", security(("bearer" = [])), request_body = ImportRequest,
    responses((status = 200, body = Envelope<ImportReport>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn check_staff(State(state): State<AppState>, caller: Caller, ApiJson(body): ApiJson<ImportRequest>) -> ApiResult<ApiJson<Envelope<ImportReport>>> {
    require(&caller)?;
    let file = body.file()?;
    let (report, _) = check(&state, &caller, &file, &body.mapping).await?;
    Ok(ApiJson(Envelope::ok(report)))
}

/// Imports a staff file: refused whole (400 `IMPORT_HAS_FAILURES`) while any row fails;
/// otherwise users are made (each with a one-time sign-in link, in the answer only) or
/// updated. Importing the same file again changes nothing.
#[utoipa::path(post, path = "/api/users/imports", tag = "users", security(("bearer" = [])), request_body = ImportRequest,
    responses((status = 200, body = Envelope<ImportOutcome>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn import_staff(State(state): State<AppState>, caller: Caller, client: ClientInfo, ApiJson(body): ApiJson<ImportRequest>) -> ApiResult<ApiJson<Envelope<ImportOutcome>>> {
    require(&caller)?;
    let file = body.file()?;
    Ok(ApiJson(Envelope::ok(run(&state, &caller, &client, &file, &body.mapping).await?)))
}
