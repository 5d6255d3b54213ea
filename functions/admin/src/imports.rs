//! `/api/admin/imports/organisation`: a department's ranges, districts and police stations,
//! with their official codes, from a CSV or Excel file. A dry run (`/check`) reports what each
//! row would become; the run writes them, districts before stations, each an admin-list
//! change audited as the Admin Panel's are and naming the import, and one IMPORTED record
//! for the whole file.
//!
//! A row with no police station declares a district (and its range). A station's row names
//! a district the file declares or the Admin Panel lists: a district misspelt in one of 1,500
//! station rows is a failing row, never a new district nobody meant.

use crate::dropdowns::{audited, check_move, subject};
use axum::extract::{DefaultBodyLimit, State};
use cases::admin_audit;
use domain::audit::AuditAction;
use domain::jurisdiction::Posting;
use domain::lists::{ListItemForm, ListItemInput, ListKind};
use domain::wire::Sent;
use domain::{Action, Error, FieldErrors, ItemId, Msg, Resource};
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody};
use imports::mapping::{FieldSpec, MappedRow, Mapping};
use imports::run::{Applied, Written};
use imports::values::place_key;
use imports::{ImportOutcome, ImportReport, ImportRequest, Outcome, RowReport, SourceFile};
use lists::ListItem;
use std::collections::{BTreeMap, HashMap};
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(check_organisation)).routes(routes!(import_organisation)).layer(DefaultBodyLimit::max(IMPORT_BODY_BYTES))
}

/// The largest import request: a file of [`imports::request::MAX_UPLOAD_MB`] in base64.
pub const IMPORT_BODY_BYTES: usize = 6 * 1024 * 1024;

/// The columns of an organisation file.
pub const FIELDS: &[FieldSpec] = &[
    FieldSpec { key: "range", label: "Range", required: false, aliases: &["range name", "zone"] },
    FieldSpec { key: "district", label: "District", required: true, aliases: &["district name", "zila", "jila", "commissionerate"] },
    FieldSpec { key: "district_code", label: "District code", required: false, aliases: &["district id", "dist code", "district cd"] },
    FieldSpec { key: "station", label: "Police station", required: false, aliases: &["police station name", "ps", "ps name", "thana", "station", "station name"] },
    FieldSpec { key: "station_code", label: "Police station code", required: false, aliases: &["ps code", "station code", "police station id", "cctns code", "ps id"] },
];

/// What a row of the file becomes.
#[derive(Clone, Debug)]
pub struct Planned {
    row: u64,
    kind: ListKind,
    outcome: Outcome,
    /// The item it changes.
    item: Option<ListItem>,
    input: ListItemInput,
    /// A station's district, by its compared name.
    district_key: Option<String>,
}

/// Checks the file: nothing is written.
pub async fn check(state: &AppState, caller: &Caller, file: &SourceFile, chosen: &BTreeMap<String, Option<String>>) -> domain::Result<(ImportReport, Vec<Planned>)> {
    let header = imports::table::header(&file.bytes)?;
    let mapping = Mapping::new(FIELDS, &header, chosen)?;
    let mut rows = Vec::new();
    let mut batches = imports::table::batches(file.bytes.clone(), header.number, 1_000);
    while let Some(batch) = batches.recv().await {
        rows.extend(batch?.into_iter().map(|r| mapping.row(r)));
    }
    let districts = state.lists.definitions(ListKind::Districts).await?;
    let stations = state.lists.definitions(ListKind::PoliceStations).await?;
    let org = lists::organisation_of(&stations, &districts);
    let mut book = Book::new(&districts, &stations, &mapping);
    // Districts are declared wherever their rows are: read them first.
    for row in rows.iter().filter(|r| r.get("station").is_empty()) {
        book.declare(row);
    }
    let mut report = ImportReport::new("organisation", file, &mapping);
    let mut plan = Vec::new();
    for row in &rows {
        let checked = if row.get("station").is_empty() { book.district(row) } else { book.station(row) };
        let planned = checked.and_then(|p| {
            let (from, to) = book.move_of(&p);
            domain::grants::may_move_place(&org, &caller.user().posting, from.as_ref(), to.as_ref()).map_err(Error::from)?;
            Ok(p)
        });
        let label = label_of(row);
        match planned {
            Ok(p) => {
                report.push(RowReport::new(row.number, p.outcome, label));
                plan.push(p);
            }
            Err(e) => report.push(RowReport::failed(row.number, label, &e, &mapping)),
        }
    }
    Ok((report, plan))
}

fn label_of(row: &MappedRow) -> String {
    match row.given("station") {
        Some(station) => format!("Police station {station} ({})", row.get("district")),
        None => format!("District {}", row.get("district")),
    }
}

/// The organisation as the Admin Panel lists it and as the file declares it.
struct Book<'a> {
    mapping: &'a Mapping,
    districts_by_key: HashMap<String, &'a ListItem>,
    districts_by_code: HashMap<String, &'a ListItem>,
    stations_by_key: HashMap<String, &'a ListItem>,
    stations_by_code: HashMap<String, &'a ListItem>,
    district_ids: HashMap<i64, &'a ListItem>,
    /// Districts the file declares: compared name, first row.
    declared: HashMap<String, u64>,
    /// Names and codes rows took: (list, compared name or code) to the row.
    taken: HashMap<(ListKind, String), u64>,
}

impl<'a> Book<'a> {
    fn new(districts: &'a [ListItem], stations: &'a [ListItem], mapping: &'a Mapping) -> Book<'a> {
        let by_key = |items: &'a [ListItem]| items.iter().map(|i| (place_key(&i.name), i)).collect::<HashMap<_, _>>();
        let by_code = |items: &'a [ListItem]| items.iter().filter_map(|i| Some((i.code.clone()?, i))).collect::<HashMap<_, _>>();
        Book {
            mapping,
            districts_by_key: by_key(districts),
            districts_by_code: by_code(districts),
            stations_by_key: by_key(stations),
            stations_by_code: by_code(stations),
            district_ids: districts.iter().map(|d| (d.id, d)).collect(),
            declared: HashMap::new(),
            taken: HashMap::new(),
        }
    }

    fn declare(&mut self, row: &MappedRow) {
        let key = place_key(row.get("district"));
        if !key.is_empty() {
            self.declared.entry(key).or_insert(row.number);
        }
    }

    /// The column a field is in, as a form's field is read from it: `Absent` when the file
    /// has no such column (an item keeps its own).
    fn sent(&self, row: &MappedRow, field: &str) -> Sent<String> {
        match self.mapping.column(field) {
            Some(_) => Sent::Given(row.get(field).to_string()),
            None => Sent::Absent,
        }
    }

    fn district(&mut self, row: &MappedRow) -> domain::Result<Planned> {
        let form = ListItemForm { name: Sent::Given(row.get("district").to_string()), range: self.sent(row, "range"), code: self.sent(row, "district_code"), ..Default::default() };
        let input = parsed(ListKind::Districts, form, row, &[("name", "district"), ("range", "range"), ("code", "district_code")])?;
        let key = place_key(&input.name);
        self.once(ListKind::Districts, &key, input.code.clone().flatten(), row.number, "district_code")?;
        let item = self.existing(ListKind::Districts, &key, input.code.clone().flatten(), "district_code")?;
        let outcome = match item {
            None => Outcome::Create,
            Some(item) if item.name == input.name && input.range.as_ref().is_none_or(|r| *r == item.range) && input.code.as_ref().is_none_or(|c| *c == item.code) => Outcome::Unchanged,
            Some(_) => Outcome::Update,
        };
        Ok(Planned { row: row.number, kind: ListKind::Districts, outcome, item: item.cloned(), input, district_key: None })
    }

    fn station(&mut self, row: &MappedRow) -> domain::Result<Planned> {
        let form = ListItemForm { name: Sent::Given(row.get("station").to_string()), code: self.sent(row, "station_code"), ..Default::default() };
        let input = parsed(ListKind::PoliceStations, form, row, &[("name", "station"), ("code", "station_code")])?;
        let district = row.get("district");
        let district_key = place_key(district);
        let listed = self.districts_by_key.get(&district_key).copied();
        if district_key.is_empty() || (listed.is_none() && !self.declared.contains_key(&district_key)) {
            return Err(Error::field("district", Msg::ImportDistrictUnknown { name: district.to_string() }));
        }
        let key = place_key(&input.name);
        self.once(ListKind::PoliceStations, &key, input.code.clone().flatten(), row.number, "station_code")?;
        let item = self.existing(ListKind::PoliceStations, &key, input.code.clone().flatten(), "station_code")?;
        let outcome = match item {
            None => Outcome::Create,
            Some(item) if item.name == input.name && listed.is_some_and(|d| Some(d.id) == item.district_id) && input.code.as_ref().is_none_or(|c| *c == item.code) => Outcome::Unchanged,
            Some(_) => Outcome::Update,
        };
        Ok(Planned { row: row.number, kind: ListKind::PoliceStations, outcome, item: item.cloned(), input, district_key: Some(district_key) })
    }

    /// Refuses a name or code an earlier row of the file took in the same list.
    fn once(&mut self, kind: ListKind, key: &str, code: Option<String>, row: u64, code_field: &str) -> domain::Result<()> {
        if let Some(first) = self.taken.get(&(kind, key.to_string())) {
            return Err(Error::field(if kind == ListKind::Districts { "district" } else { "station" }, Msg::ImportRowRepeated { row: first.to_string() }));
        }
        if let Some(code) = &code {
            if let Some(first) = self.taken.get(&(kind, format!("#{code}"))) {
                return Err(Error::field(code_field, Msg::ImportCodeRepeated { code: code.clone(), row: first.to_string() }));
            }
            self.taken.insert((kind, format!("#{code}")), row);
        }
        self.taken.insert((kind, key.to_string()), row);
        Ok(())
    }

    /// The item a row changes: the one holding its code, else the one of its name. A code
    /// held by another item than the one named is refused.
    fn existing(&self, kind: ListKind, key: &str, code: Option<String>, code_field: &str) -> domain::Result<Option<&'a ListItem>> {
        let (by_key, by_code) = match kind {
            ListKind::Districts => (&self.districts_by_key, &self.districts_by_code),
            _ => (&self.stations_by_key, &self.stations_by_code),
        };
        let named = by_key.get(key).copied();
        match code.and_then(|c| by_code.get(&c).map(|item| (c, *item))) {
            Some((code, coded)) if named.is_some_and(|n| n.id != coded.id) => Err(Error::field(code_field, Msg::ImportCodeHeld { code, name: coded.name.clone() })),
            Some((_, coded)) => Ok(Some(coded)),
            None => Ok(named),
        }
    }

    /// Where an update moves its item from and to (a station's district, a district's
    /// range), for the grant rules; nothing for the rest.
    fn move_of(&self, planned: &Planned) -> (Option<Posting>, Option<Posting>) {
        let Some(item) = planned.item.as_ref().filter(|_| planned.outcome == Outcome::Update) else { return (None, None) };
        match planned.kind {
            ListKind::PoliceStations => {
                let to = planned.district_key.as_ref().and_then(|k| self.districts_by_key.get(k)).map(|d| d.id);
                if to.is_some() && to == item.district_id {
                    return (None, None);
                }
                (item.district_id.filter(|d| self.district_ids.contains_key(d)).map(Posting::District), to.map(Posting::District))
            }
            _ => match &planned.input.range {
                Some(range) if *range != item.range => (item.range.clone().map(Posting::Range), range.clone().map(Posting::Range)),
                _ => (None, None),
            },
        }
    }
}

/// A row's item as the Admin Panel's form reads it, its errors named by the file's fields.
fn parsed(kind: ListKind, form: ListItemForm, row: &MappedRow, renames: &[(&str, &str)]) -> domain::Result<ListItemInput> {
    let mut errors = FieldErrors::default();
    row.required(&mut errors);
    errors.finish()?;
    ListItemInput::parse(kind, form).map_err(|e| imports::mapping::renamed(e, renames))
}

/// Writes the plan: districts first, then stations in them, one at a time (each is a change
/// of the lists every request reads). Stops at the first row that fails to write.
pub async fn run(state: &AppState, caller: &Caller, client: &ClientInfo, file: &SourceFile, chosen: &BTreeMap<String, Option<String>>) -> domain::Result<ImportOutcome> {
    require(caller)?;
    let (report, plan) = check(state, caller, file, chosen).await?;
    report.refuse_failures()?;
    let import_id = imports::report::import_id(domain::clock::now(), imports::run::random_part());
    let mut applied = Applied::default();
    let mut district_ids: HashMap<String, i64> = state.lists.definitions(ListKind::Districts).await?.iter().map(|d| (place_key(&d.name), d.id)).collect();
    for kind in [ListKind::Districts, ListKind::PoliceStations] {
        let mut writes = Vec::new();
        for p in plan.iter().filter(|p| p.kind == kind) {
            match p.outcome {
                Outcome::Unchanged => applied.already_in(p.row),
                _ => writes.push(p.clone()),
            }
        }
        for mut p in writes {
            if kind == ListKind::PoliceStations {
                let district = p.district_key.as_ref().and_then(|k| district_ids.get(k)).copied();
                p.input.district_id = Some(district.map(ItemId));
            }
            let written = write(state, caller, client, &import_id, &p).await;
            if let (Ok(item), ListKind::Districts) = (&written, kind) {
                district_ids.insert(place_key(&item.name), item.id);
            }
            applied.record(written.map(|_| Written { row: p.row, outcome: p.outcome, sign_in_link: None }));
            if !applied.going() {
                break;
            }
        }
    }
    let outcome = applied.outcome(&import_id);
    caller.audit_change(state.trail.as_ref(), client, Some(imports::run::audit_entry("organisation", file, &outcome))).await.map_err(Error::from)?;
    Ok(outcome)
}

/// One row's change of the lists, audited as the Admin Panel's and naming the import.
async fn write(state: &AppState, caller: &Caller, client: &ClientInfo, import_id: &str, p: &Planned) -> domain::Result<ListItem> {
    let (item, entry) = match &p.item {
        None => {
            let item = state.lists.create(p.kind, p.input.clone()).await?;
            let entry = admin_audit::entry(AuditAction::ListItemCreated, &subject(p.kind, &item), None, Some(audited(&item)));
            (item, entry)
        }
        Some(before) => {
            check_move(state, caller, client, p.kind, before, &p.input).await.map_err(Error::from)?;
            let item = state.lists.update(p.kind, before.id, p.input.clone()).await?;
            let entry = admin_audit::entry(AuditAction::ListItemUpdated, &subject(p.kind, &item), Some(audited(before)), Some(audited(&item)));
            (item, entry)
        }
    };
    caller.audit_change(state.trail.as_ref(), client, admin_audit::of_import(entry, import_id)).await.map_err(Error::from)?;
    Ok(item)
}

fn require(caller: &Caller) -> domain::Result<()> {
    for action in [Action::Create, Action::Update] {
        caller.require(Resource::Dropdowns, action)?;
    }
    Ok(())
}

/// Checks an organisation file (districts and police stations, with their ranges and codes):
/// what each row would become, and why a failing row fails. Nothing is written.
#[utoipa::path(post, path = "/api/admin/imports/organisation/check", tag = "admin", security(("bearer" = [])), request_body = ImportRequest,
    responses((status = 200, body = Envelope<ImportReport>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn check_organisation(State(state): State<AppState>, caller: Caller, ApiJson(body): ApiJson<ImportRequest>) -> ApiResult<ApiJson<Envelope<ImportReport>>> {
    require(&caller)?;
    let file = body.file()?;
    let (report, _) = check(&state, &caller, &file, &body.mapping).await?;
    Ok(ApiJson(Envelope::ok(report)))
}

/// Imports an organisation file: refused whole (400 `IMPORT_HAS_FAILURES`) while any row
/// fails; otherwise districts, then police stations, are created or updated. Importing the
/// same file again changes nothing.
#[utoipa::path(post, path = "/api/admin/imports/organisation", tag = "admin", security(("bearer" = [])), request_body = ImportRequest,
    responses((status = 200, body = Envelope<ImportOutcome>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn import_organisation(State(state): State<AppState>, caller: Caller, client: ClientInfo, ApiJson(body): ApiJson<ImportRequest>) -> ApiResult<ApiJson<Envelope<ImportOutcome>>> {
    require(&caller)?;
    let file = body.file()?;
    Ok(ApiJson(Envelope::ok(run(&state, &caller, &client, &file, &body.mapping).await?)))
}
