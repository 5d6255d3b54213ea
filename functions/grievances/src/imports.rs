//! `/api/grievances/imports`: a station's or a district's earlier registers of grievances and
//! FIRs, from a CSV or Excel file. Each row is read as the grievance form would send it and
//! checked with the form's rules, the lists' names, the FIR number's duplicates and the
//! importer's reach; sections written as free text are read as the form reads them
//! (`domain::law::citation`). A grievance keeps the identifier its earlier register gave it,
//! the file and the row (`cases::port::RecordSource`): the same row imported again is left
//! as it is, a changed row updates its grievance, and a grievance deleted since is not
//! brought back.
//!
//! A register may hold a hundred thousand rows: it is read in batches, twice (the check of
//! the whole file, then each batch checked again and written), never held whole.

use axum::extract::{DefaultBodyLimit, State};
use cases::port::RecordSource;
use cases::reads::Viewer;
use cases::writes::{self, Edit, Filing};
use cases::{Actor, Cases};
use domain::grievance::{GrievanceFields, GrievanceForm};
use domain::{Action, Error, FieldErrors, Msg, Resource};
use futures_util::stream::{self, StreamExt};
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody};
use imports::mapping::{renamed, FieldSpec, MappedRow, Mapping};
use imports::run::{Applied, Written};
use imports::values::{ascii_digits, place_key};
use imports::{ImportOutcome, ImportReport, ImportRequest, Outcome, RowReport, SourceFile};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(check_register)).routes(routes!(import_register)).layer(DefaultBodyLimit::max(IMPORT_BODY_BYTES))
}

/// The largest import request: a file of [`imports::request::MAX_UPLOAD_MB`] in base64.
const IMPORT_BODY_BYTES: usize = 6 * 1024 * 1024;

/// Rows read, checked and written together.
const BATCH: usize = 500;

/// Rows checked at once: each check reads the store a few times.
const CHECKS_AT_ONCE: usize = 16;

/// The columns of a register.
pub const FIELDS: &[FieldSpec] = &[
    FieldSpec { key: "source_id", label: "Source ID", required: true, aliases: &["record id", "legacy id", "old id", "id", "sl no", "serial no", "complaint no", "complaint number", "grievance no"] },
    FieldSpec { key: "fir_no", label: "FIR No", required: false, aliases: &["fir number", "fir", "fir no."] },
    FieldSpec { key: "fir_date", label: "FIR Date", required: false, aliases: &["date of fir", "fir dt", "registration date", "date of registration"] },
    FieldSpec { key: "district", label: "District", required: false, aliases: &["zila", "district name"] },
    FieldSpec { key: "police_station", label: "Police Station", required: false, aliases: &["ps", "thana", "station", "police station name", "ps name"] },
    FieldSpec { key: "crime_title", label: "Crime Title", required: false, aliases: &["crime head", "head of crime", "offence", "crime"] },
    FieldSpec { key: "section_and_act", label: "Section & Act", required: false, aliases: &["sections", "section", "act and section", "act & section", "under section", "acts and sections"] },
    FieldSpec { key: "status", label: "Status", required: false, aliases: &["case status", "present status"] },
    FieldSpec { key: "priority", label: "Priority", required: false, aliases: &[] },
    FieldSpec { key: "type_of_call", label: "Type of Call", required: false, aliases: &["call type", "source of complaint", "mode"] },
    FieldSpec { key: "brief_details", label: "Brief Details", required: false, aliases: &["details", "brief facts", "description", "gist", "facts"] },
    FieldSpec { key: "current_investigation_officer", label: "Current Investigation Officer", required: false, aliases: &["io", "io name", "investigating officer", "investigation officer"] },
    FieldSpec { key: "final_decision", label: "Final Decision", required: false, aliases: &["disposal", "final report", "result", "outcome"] },
    FieldSpec { key: "assigned_to", label: "Assigned To (email)", required: false, aliases: &["assigned to", "assignee", "assigned officer email"] },
    FieldSpec { key: "filed_on", label: "Filed On", required: false, aliases: &["date of complaint", "complaint date", "received on", "created on", "filed"] },
    FieldSpec { key: "complainant_name", label: "Complainant", required: false, aliases: &["complainant name", "informant", "informant name", "name of complainant"] },
    FieldSpec { key: "complainant_phone", label: "Complainant Phone", required: false, aliases: &["complainant mobile", "mobile", "phone", "mobile no"] },
    FieldSpec { key: "complainant_address", label: "Complainant Address", required: false, aliases: &["address", "complainant addr"] },
    FieldSpec { key: "accused", label: "Accused", required: false, aliases: &["accused name", "accused names", "accused persons", "name of accused"] },
];

/// The form's fields named otherwise in a register, for the errors a row's form gets.
const RENAMES: &[(&str, &str)] = &[("sections", "section_and_act"), ("investigation_officers", "current_investigation_officer"), ("parties", "complainant_name")];

/// What a row comes to, checked.
enum Checked {
    Create(Box<GrievanceFields>, Filing),
    Update { id: i64, edit: Box<Edit>, source: RecordSource },
    /// In already as it is, or brought in and deleted since.
    Unchanged,
}

/// What the checks of one file share: the places and officers rows name, read once.
struct Context<'a> {
    state: &'a AppState,
    actor: Actor,
    viewer: Viewer,
    file: &'a SourceFile,
    import_id: String,
    stations: HashMap<String, (String, Option<i64>)>,
    district_names: HashMap<i64, String>,
    officers: Mutex<HashMap<String, Option<(i64, String)>>>,
    this_year: i32,
}

impl Context<'_> {
    fn cases(&self) -> Cases<'_> {
        self.state.cases()
    }

    /// A date cell as the form takes it; a cell that is no date fails `field`.
    fn date(&self, row: &MappedRow, field: &str, errors: &mut FieldErrors) -> Option<String> {
        let written = row.given(field)?;
        let day = imports::values::date(written, self.this_year);
        if day.is_none() {
            errors.add(field, Msg::ImportDateInvalid { value: written.to_string() });
        }
        day
    }

    /// The officer a row assigns its case to, by email: an active user.
    async fn officer(&self, email: &str) -> domain::Result<Option<(i64, String)>> {
        let key = email.trim().to_lowercase();
        if let Some(known) = self.officers.lock().expect("the officers' cache").get(&key) {
            return Ok(known.clone());
        }
        let found = match domain::Email::parse(&key) {
            Ok(email) => auth::users::find_by_email(self.state.accounts.as_ref(), &email).await?.filter(|u| u.is_active()).map(|u| (u.id, u.name)),
            Err(_) => None,
        };
        self.officers.lock().expect("the officers' cache").insert(key, found.clone());
        Ok(found)
    }

    /// The grievance form a row stands for, and how it is filed.
    async fn form(&self, row: &MappedRow) -> domain::Result<(GrievanceForm, Filing)> {
        let mut errors = FieldErrors::default();
        row.required(&mut errors);
        let fir_date = self.date(row, "fir_date", &mut errors);
        let filed_on = self.date(row, "filed_on", &mut errors);
        let assignee = match row.given("assigned_to") {
            Some(email) => {
                let officer = self.officer(email).await?;
                if officer.is_none() {
                    errors.add("assigned_to", Msg::ImportUserUnknown { email: email.to_string() });
                }
                officer
            }
            None => None,
        };
        errors.finish()?;
        let mut form = json!({});
        let mut put = |name: &str, value: Value| form[name] = value;
        for field in ["fir_no", "crime_title", "section_and_act", "status", "priority", "type_of_call", "brief_details", "current_investigation_officer", "final_decision"] {
            if let Some(value) = row.given(field) {
                let value = if field == "fir_no" { ascii_digits(value) } else { value.to_string() };
                put(field, json!(value));
            }
        }
        if let Some(day) = &fir_date {
            put("fir_date", json!(day));
        }
        // A station is named as the Admin Panel lists it, with or without "PS"; its district
        // is the station's when the row leaves it out.
        let station = row.given("police_station").map(|s| self.stations.get(&place_key(s)).cloned().unwrap_or((s.to_string(), None)));
        if let Some((name, district)) = &station {
            put("police_station", json!(name));
            if row.get("district").is_empty() {
                if let Some(district) = district.and_then(|d| self.district_names.get(&d)) {
                    put("district", json!(district));
                }
            }
        }
        if let Some(district) = row.given("district") {
            put("district", json!(district));
        }
        if let (Some(officer), Some(day)) = (row.given("current_investigation_officer"), &fir_date) {
            put("investigation_officers", json!([{"officer_name": officer, "from_date": day}]));
        }
        let mut parties = Vec::new();
        if let Some(name) = row.given("complainant_name") {
            let mut complainant = json!({"role": "complainant", "name": name});
            if let Some(mobile) = row.given("complainant_phone") {
                complainant["mobile"] = json!(ascii_digits(mobile));
            }
            if let Some(address) = row.given("complainant_address") {
                complainant["address"] = json!(address);
            }
            parties.push(complainant);
        }
        for accused in row.get("accused").split([';', ',']).map(str::trim).filter(|a| !a.is_empty()) {
            parties.push(json!({"role": "accused", "name": accused}));
        }
        if !parties.is_empty() {
            put("parties", Value::Array(parties));
        }
        let form: GrievanceForm = serde_json::from_value(form).map_err(|_| Error::BadRequest(Msg::GrievanceNotObject))?;
        // When the case was first recorded: the register's date, else its FIR's.
        let filed_at = filed_on.or(fir_date).and_then(|d| time::Date::parse(&d, time::macros::format_description!("[year]-[month]-[day]")).ok()).map(|d| format!("{}Z", domain::clock::india_day_start(d)));
        let source = RecordSource { source_id: row.get("source_id").to_string(), grievance_id: 0, file_name: self.file.name.clone(), import_id: self.import_id.clone(), row: row.number, row_digest: row.digest() };
        Ok((form, Filing { confirmed_duplicate: false, filed_at, assignee, source: Some(source) }))
    }

    /// What a row comes to, `kept` the source record of an earlier import of its identifier:
    /// a new grievance as the form reads it, or a change of the one brought in before.
    /// `checked`: also with the checks of a filing (the lists' names, the importer's reach,
    /// the FIR number's duplicates), which a run's write makes again as it files.
    async fn plan(&self, row: &MappedRow, kept: Option<RecordSource>, checked: bool) -> domain::Result<Checked> {
        if kept.as_ref().is_some_and(|k| k.row_digest == row.digest()) {
            return Ok(Checked::Unchanged);
        }
        let (form, filing) = self.form(row).await?;
        let fields = writes::parse_fields(&form).map_err(|e| renamed(e, RENAMES))?;
        let Some(kept) = kept else {
            if checked {
                writes::check_filing(self.cases(), &self.actor, &self.viewer, fields.clone(), &filing).await.map_err(|e| renamed(e, RENAMES))?;
            }
            return Ok(Checked::Create(Box::new(fields), filing));
        };
        if writes::load(self.cases(), kept.grievance_id).await?.is_none() {
            return Ok(Checked::Unchanged);
        }
        let edit = Edit { fields, parties_sent: !row.get("complainant_name").is_empty() || !row.get("accused").is_empty(), contact_sent: false, expected_version: None, confirmed_duplicate: false };
        let source = RecordSource { grievance_id: kept.grievance_id, ..filing.source.expect("a row's filing names its source") };
        Ok(Checked::Update { id: kept.grievance_id, edit: Box::new(edit), source })
    }

    /// Writes a checked row.
    async fn write(&self, row: u64, checked: Checked) -> domain::Result<Written> {
        let outcome = match checked {
            Checked::Create(fields, filing) => {
                writes::file(self.cases(), &self.actor, &self.viewer, *fields, &filing).await?;
                Outcome::Create
            }
            Checked::Update { id, edit, source } => {
                let seen = cases::reads::to_change(self.cases(), &self.viewer, domain::GrievanceId(id)).await?;
                writes::update_from_source(self.cases(), &self.actor, &self.viewer, &seen, *edit, &source).await?;
                Outcome::Update
            }
            Checked::Unchanged => Outcome::Unchanged,
        };
        Ok(Written { row, outcome, sign_in_link: None })
    }
}

fn label_of(row: &MappedRow) -> String {
    match (row.given("fir_no"), row.given("police_station")) {
        (Some(fir), Some(station)) => format!("{} (FIR {fir} at {station})", row.get("source_id")),
        (Some(fir), None) => format!("{} (FIR {fir})", row.get("source_id")),
        _ => row.get("source_id").to_string(),
    }
}

/// Reads what the checks share, for `caller` importing `file`.
async fn context<'a>(state: &'a AppState, caller: &Caller, client: &ClientInfo, file: &'a SourceFile, import_id: String) -> domain::Result<Context<'a>> {
    let stations = state.lists.definitions(domain::lists::ListKind::PoliceStations).await?;
    let districts = state.lists.definitions(domain::lists::ListKind::Districts).await?;
    let mut actor = caller.actor(client);
    actor.batch = Some(import_id.clone());
    Ok(Context {
        state,
        actor,
        viewer: caller.viewer(state.lists.as_ref()).await?,
        file,
        import_id,
        stations: stations.into_iter().map(|s| (place_key(&s.name), (s.name, s.district_id))).collect(),
        district_names: districts.into_iter().map(|d| (d.id, d.name)).collect(),
        officers: Mutex::new(HashMap::new()),
        this_year: domain::clock::now().year(),
    })
}

/// What a batch of rows comes to, a few at a time; in the file's order. The earlier imports
/// of its identifiers are read at once.
async fn plan_batch(context: &Context<'_>, rows: Vec<MappedRow>, checked: bool) -> domain::Result<Vec<(MappedRow, domain::Result<Checked>)>> {
    let ids: Vec<String> = rows.iter().map(|r| r.get("source_id").to_string()).filter(|id| !id.is_empty()).collect();
    let kept = context.state.grievances.sources(&ids).await?;
    let kept = &kept;
    Ok(stream::iter(rows)
        .map(|row| async move {
            let planned = context.plan(&row, kept.get(row.get("source_id")).cloned(), checked).await;
            (row, planned)
        })
        .buffered(CHECKS_AT_ONCE)
        .collect()
        .await)
}

/// Rows of one file that are the same record: the same identifier, or the same FIR number
/// at the same station in the same year.
#[derive(Default)]
struct Seen {
    ids: HashMap<String, u64>,
    firs: HashMap<(String, String, String), u64>,
}

impl Seen {
    fn check(&mut self, row: &MappedRow) -> domain::Result<()> {
        if let Some(first) = self.ids.get(row.get("source_id")) {
            return Err(Error::field("source_id", Msg::ImportRowRepeated { row: first.to_string() }));
        }
        self.ids.insert(row.get("source_id").to_string(), row.number);
        let year = imports::values::date(row.get("fir_date"), 9999).map(|d| d[..4].to_string()).unwrap_or_default();
        let fir = (place_key(row.get("police_station")), domain::grievance::fir_key(&ascii_digits(row.get("fir_no"))), year);
        if !fir.1.is_empty() && !fir.0.is_empty() {
            if let Some(first) = self.firs.get(&fir) {
                return Err(Error::field("fir_no", Msg::ImportRowRepeated { row: first.to_string() }));
            }
            self.firs.insert(fir, row.number);
        }
        Ok(())
    }
}

/// Checks the file: nothing is written.
pub async fn check(state: &AppState, caller: &Caller, client: &ClientInfo, file: &SourceFile, chosen: &BTreeMap<String, Option<String>>) -> domain::Result<ImportReport> {
    let header = imports::table::header(&file.bytes)?;
    let mapping = Mapping::new(FIELDS, &header, chosen)?;
    let context = context(state, caller, client, file, String::new()).await?;
    let mut report = ImportReport::new("registers", file, &mapping);
    let mut seen = Seen::default();
    let mut batches = imports::table::batches(file.bytes.clone(), header.number, BATCH);
    while let Some(batch) = batches.recv().await {
        let rows = batch?.into_iter().map(|r| mapping.row(r)).collect();
        for (row, checked) in plan_batch(&context, rows, true).await? {
            let label = label_of(&row);
            match seen.check(&row).and(checked) {
                Ok(Checked::Create(..)) => report.push(RowReport::new(row.number, Outcome::Create, label)),
                Ok(Checked::Update { .. }) => report.push(RowReport::new(row.number, Outcome::Update, label)),
                Ok(Checked::Unchanged) => report.push(RowReport::new(row.number, Outcome::Unchanged, label)),
                Err(e) => report.push(RowReport::failed(row.number, label, &e, &mapping)),
            }
        }
    }
    Ok(report)
}

/// Imports the file when every row passes: batch by batch, each checked again and written a
/// few rows at a time. A row that fails to write stops the run; the outcome says which rows
/// are in, and the same file run again brings in the rest.
pub async fn run(state: &AppState, caller: &Caller, client: &ClientInfo, file: &SourceFile, chosen: &BTreeMap<String, Option<String>>) -> domain::Result<ImportOutcome> {
    require(caller)?;
    check(state, caller, client, file, chosen).await?.refuse_failures()?;
    let header = imports::table::header(&file.bytes)?;
    let mapping = Mapping::new(FIELDS, &header, chosen)?;
    let import_id = imports::report::import_id(domain::clock::now(), imports::run::random_part());
    let context = context(state, caller, client, file, import_id.clone()).await?;
    let mut applied = Applied::default();
    let mut batches = imports::table::batches(file.bytes.clone(), header.number, BATCH);
    while let Some(batch) = batches.recv().await {
        let rows = batch?.into_iter().map(|r| mapping.row(r)).collect();
        let mut writes = Vec::new();
        for (row, checked) in plan_batch(&context, rows, false).await? {
            match checked {
                Ok(Checked::Unchanged) => applied.already_in(row.number),
                Ok(checked) => writes.push((row.number, Ok(checked))),
                Err(e) => writes.push((row.number, Err(e))),
            }
        }
        let context = &context;
        applied.write(writes, |(row, checked)| async move { context.write(row, checked?).await }).await;
        if !applied.going() {
            break;
        }
    }
    let outcome = applied.outcome(&import_id);
    caller.audit_change(state.trail.as_ref(), client, Some(imports::run::audit_entry("registers", file, &outcome))).await.map_err(Error::from)?;
    Ok(outcome)
}

fn require(caller: &Caller) -> domain::Result<()> {
    caller.require(Resource::Grievances, Action::Create)?;
    caller.require(Resource::Grievances, Action::Update)?;
    Ok(())
}

/// Checks a register of grievances and FIRs: what each row would become, and why a failing
/// row fails, with the grievance form's rules. Nothing is written.
#[utoipa::path(post, path = "/api/grievances/imports/check", tag = "grievances", security(("bearer" = [])), request_body = ImportRequest,
    responses((status = 200, body = Envelope<ImportReport>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn check_register(State(state): State<AppState>, caller: Caller, client: ClientInfo, ApiJson(body): ApiJson<ImportRequest>) -> ApiResult<ApiJson<Envelope<ImportReport>>> {
    require(&caller)?;
    let file = body.file()?;
    Ok(ApiJson(Envelope::ok(check(&state, &caller, &client, &file, &body.mapping).await?)))
}

/// Imports a register: refused whole (400 `IMPORT_HAS_FAILURES`) while any row fails;
/// otherwise grievances are filed (keeping their earlier identifier) or updated. Importing the
/// same file again changes nothing.
#[utoipa::path(post, path = "/api/grievances/imports", tag = "grievances", security(("bearer" = [])), request_body = ImportRequest,
    responses((status = 200, body = Envelope<ImportOutcome>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn import_register(State(state): State<AppState>, caller: Caller, client: ClientInfo, ApiJson(body): ApiJson<ImportRequest>) -> ApiResult<ApiJson<Envelope<ImportOutcome>>> {
    require(&caller)?;
    let file = body.file()?;
    Ok(ApiJson(Envelope::ok(run(&state, &caller, &client, &file, &body.mapping).await?)))
}
