//! Grievances in the relational engine: the table, its indexes, its text index, who may see
//! each row, and the figures that make exact counts cheap; the list/count query and the
//! writes that keep all of them in step.
//!
//! # How each list question is answered
//!
//! A page is one SQL statement: the filters in `WHERE`, keyset paging on `(sort key, id)`
//! (`(key, id) < (?, ?)`, a row-value range the index seeks to), `ORDER BY key, id` and
//! `LIMIT page + 1` (the extra row tells whether a next page exists). With an index whose
//! order is the sort order and whose prefix is the equality filters, that is a range scan
//! that stops after one page, so page 20 costs what page 1 costs. The indexes:
//!
//! | index | serves |
//! |---|---|
//! | `g_filed (filed_at)` | newest first with no filter or weak ones (each row checked as the scan walks) |
//! | `g_fir (fir_date)` | FIR date ranges; sort by FIR date |
//! | `g_status (status_id, filed_at)` | one status, newest first |
//! | `g_station (police_station_id, status_id, filed_at)` | a station and its status, newest first |
//! | `g_station_filed (police_station_id, filed_at)` | an area in filing order, alone, by status or priority, or walked for a text: each station's part merged (see `area_by_filing`; schema 34) |
//! | `g_district (district_id, fir_date)` | a district and FIR dates, by FIR date |
//! | `g_priority (priority_id, status_id, filed_at)` | a priority (and status), newest first |
//! | `g_district_filed (district_id, filed_at, fir_date)` | a district and FIR dates, newest first: walked only inside the filing months `fir_filed_tally` names (see `filed_window`) |
//! | `g_stage (stage, priority_id, stage_since, police_station_id, district_id) WHERE stage < 4` | overdue counts: the rows of each limit's cutoff month, index only (schema v2) |
//! | `g_open (filed_at, stage, priority_id, stage_since) WHERE stage < 4` | overdue newest first: only undecided rows, the overdue test read from the index |
//! | `g_open_station`, `g_open_district`, `g_open_priority` (`(x, filed_at, stage, …) WHERE stage < 4`) | overdue with a station, district or priority, newest first |
//! | `g_priority_rank`, `g_status_rank` | the Priority and Status sorts |
//! | `grievance_viewers (user_id, filed_at, grievance_id)` | own scope: a key prefix, newest first |
//! | `g_due (next_due, id)`, `g_due_station`, `g_due_district` (`WHERE next_due IS NOT NULL`) | the clock filters, by due day (schema 23) |
//! | `viewer_dues (user_id, next_due, grievance_id)` | one's own clock filters: a key range by due day (schema 24) |
//! | `grievance_text` (FTS5 trigram) | free text and FIR-number substrings |
//!
//! # How counts stay exact and cheap
//!
//! Counting rows one by one, even over a covering index, costs ~50-90 ns a row: 40,000
//! matches (a district's year at 1M) is 3-4 ms, too slow for thousands of lists a second.
//! So the schema keeps figures, updated by triggers in the same transaction as the row
//! (so they can never disagree with it):
//!
//! - `grievance_tally (status, priority, district, station) -> n`: any combination of those
//!   equality filters (and no filter at all) is a `SUM` over a few hundred rows; an area's
//!   stations' rows are read by `grievance_tally_by_station` (schema 34), and the state's
//!   sums by status and priority are kept in `state_tally` (schema 36), by the tally's own
//!   changes.
//! - `grievance_month_tally (district, FIR month, station, status, priority) -> n`: with a
//!   FIR date range, whole months are summed from here and only the partial months at the
//!   edges are counted row by row (none for "the FIRs of 2022").
//! - `stage_tally (stage, priority, month entered) -> n`: overdue (state scope, optionally
//!   with a priority) sums whole months before each limit's cutoff and counts only the rows
//!   of the cutoff's own month.
//!   `stage_station_tally` (per station and district) and `stage_district_tally` (per
//!   district), undecided rows only, do the same for overdue with a station and/or a
//!   district (schema v2).
//! - `due_tally (state | district | station, due day) -> n`: "missed" and "due within N
//!   days" (alone, or with a district or a station) sum the days of their range (schema 24);
//!   an area sums its stations' and counts its few rows without a station.
//! - `fir_filed_tally (district, FIR month, filing month) -> n` does not count: it bounds
//!   the filing times a FIR date range's matches lie in, so "FIRs of 2022, newest first"
//!   reads one or two months of `g_district_filed` rather than sorting 40,000 matches
//!   (schema v3).
//! - `viewer_figures (user, status, priority, station) -> n, done, resolved days`: one's
//!   own dashboard figures and counts by status, a few rows per user (schema 33).
//!
//! Every other combination (free text, FIR number, own scope, overdue with a status or dates)
//! counts in SQL with the same `WHERE` as the page: exact, with a cost proportional to the
//! rows the best index narrows to. Own scope is a key prefix of `grievance_viewers`, so its
//! counts cost what the user's own cases number.
//!
//! # Free text
//!
//! `grievance_text` is an FTS5 trigram index with external content (`content='grievances'`):
//! the text is stored once, in `grievances`, and the index holds trigrams only
//! (`detail=none`: no positions, about a third of the size of a full index). Its one column
//! is a generated (virtual, not stored) concatenation of grievance number, FIR number, crime
//! title and brief details, separated by U+001F so that a match never spans two fields.
//! `grievance_people` indexes the same way what a search may find of the case's people
//! (`people_text`, schema 28, null for most cases). A search is a `MATCH` of every trigram of
//! the text in either index (index only), which narrows to candidates, then a substring test
//! on the row's columns keeps the exact substrings: each of the five fields for free text,
//! `fir_no` for the FIR-number filter (the column filter;
//! `detail=none` keeps no columns, so the row says which field matched). Case folds for
//! ASCII letters (Hindi has no case). Texts under three characters have no trigram and are
//! refused ([`SqlError::TextTooShort`]) rather than answered by reading every row. On a
//! first page, the matches are counted in the same statement (`count(*) OVER ()`).

use super::list_row_columns::{ListExtras, ListedExtras};
use super::{Result, SqlError, StatusMeaning};
use base64::Engine;
use domain::grievance::GrievanceFields;
use domain::pendency::Stage;
use rusqlite::types::Value;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension, Row};
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::ops::Range;
use time::Date;

/// The rank given to a grievance without a status or priority: after every ranked one in
/// ascending order.
pub const NO_RANK: i64 = 1_000_000_000;

/// The largest page a query answers.
pub const MAX_LIMIT: usize = 200;

/// The stage's number in the schema: the order of the course of a case.
fn stage_number(stage: Stage) -> i64 {
    match stage {
        Stage::Inward => 0,
        Stage::Scrutiny => 1,
        Stage::WithIo => 2,
        Stage::InCourt => 3,
        Stage::Decided => 4,
    }
}

fn stage_from(n: i64) -> Option<Stage> {
    [Stage::Inward, Stage::Scrutiny, Stage::WithIo, Stage::InCourt, Stage::Decided].get(usize::try_from(n).ok()?).copied()
}

/// A grievance as this engine stores it. `fields` carries what staff filled in; its
/// `district`, `police_station`, `status` and `priority` names are read from the admin
/// lists (the ids rule; the names given to a write are ignored), so renaming an item
/// renames it everywhere. `stage` and `stage_since` are the caller's reading of the
/// grievance's dates (`domain::pendency::stage_of`), stored so overdue is an index range.
#[derive(Clone, Debug, PartialEq)]
pub struct GrievanceRow {
    pub id: i64,
    pub grievance_number: String,
    pub fields: GrievanceFields,
    pub district_id: Option<i64>,
    pub police_station_id: Option<i64>,
    pub status_id: Option<i64>,
    pub priority_id: Option<i64>,
    pub filed_by: i64,
    pub filed_by_name: String,
    pub assigned_to: Option<i64>,
    pub assigned_to_name: Option<String>,
    pub filed_at: String,
    pub updated_at: String,
    pub resolved_at: Option<String>,
    pub stage: Stage,
    /// `YYYY-MM-DD`
    pub stage_since: String,
    pub version: i64,
    /// What its status means to the rules. Stored with the row (a status's meaning cannot
    /// change while grievances use it), so figures never depend on the item's label.
    pub status_meaning: StatusMeaning,
    /// Whole days from filing to resolution, for a grievance whose status means resolved or
    /// closed and that has a resolution date; summed by the figures for the average.
    pub resolution_days: Option<i64>,
    /// The other admin-list items it names (call type, crime title, reason...), by list
    /// name: kept so that an item in use is known, never filtered on.
    pub other_refs: BTreeMap<String, i64>,
    /// A closure waiting for approval (schema 13).
    pub closure: Option<domain::grievance::ClosureRequest>,
    /// Where it is escalated (schema 13).
    pub escalation: Option<domain::escalation::Escalation>,
    /// The actions on its statutory clocks (kept in the details text).
    pub clock_events: Vec<domain::law::ClockEvent>,
    /// The earliest due day of its open statutory clocks, `YYYY-MM-DD` (schema 23): the
    /// caller's reading of the rules, stored so that "missed" and "due within N days" are
    /// index ranges.
    pub next_due: Option<String>,
    /// The runs of its statutory clocks as JSON, `[[rule, due, met], ...]` (schema 27; null
    /// when none): the caller's reading of the rules, tallied by triggers for the compliance
    /// report.
    pub clock_runs: Option<String>,
    /// What a search may find of its people (schema 28; null when nothing): the caller's
    /// reading of the parties and the reference list, searched through `grievance_people`.
    pub people_text: Option<String>,
}

/// A number lookup's question: `key` in capitals, matched exactly or as the numbers' first
/// characters, in `scope`, after `after` (a key and an id) in the order highest first.
pub struct NumberLookup<'a> {
    pub key: &'a str,
    pub exact: bool,
    pub scope: &'a Scope,
    pub after: Option<(String, i64)>,
    /// How many numbers to read at most.
    pub budget: usize,
}

/// One number a lookup read: the key it matched under, the grievance's id, its two numbers
/// (in capitals) and whether the scope reaches it.
pub struct NumberHit {
    pub key: String,
    pub id: i64,
    pub grievance_number: String,
    pub fir_no: String,
    pub visible: bool,
}

/// The numbers answering `q`, highest first (then by id), at most `q.budget`: both indexes'
/// ranges (`g_number`, `g_fir_number`) merged, with what tells the caller which grievance
/// to answer and under which number. A grievance whose two numbers are the same text is
/// read once.
pub fn by_number(conn: &Connection, q: &NumberLookup) -> Result<Vec<NumberHit>> {
    // Every key with the prefix lies between it and it followed by the highest character;
    // after a cursor, at or below the cursor's key (the index range ends there, so a later
    // page does not walk the keys of the pages before it).
    let high = match (&q.after, q.exact) {
        (Some((key, _)), _) => key.clone(),
        (None, true) => q.key.to_string(),
        (None, false) => format!("{}\u{10FFFF}", q.key),
    };
    let mut params: Vec<Value> = vec![q.key.to_string().into(), high.into()];
    let after = match &q.after {
        Some((key, id)) => {
            params.extend([Value::from(key.clone()), Value::from(*id)]);
            ["AND (upper(g.grievance_number), g.id) < (?3, ?4)", "AND (upper(g.fir_no), g.id) < (?3, ?4)"]
        }
        None => ["", ""],
    };
    let visible = match q.scope {
        Scope::State => "1".to_string(),
        Scope::Own(user) => {
            params.push(Value::Integer(*user));
            format!("EXISTS (SELECT 1 FROM grievance_viewers v WHERE v.user_id = ?{} AND v.filed_at = g.filed_at AND v.grievance_id = g.id)", params.len())
        }
        Scope::Area { stations, districts } => {
            params.extend([ids_json(stations), ids_json(districts)]);
            let (s, d) = (params.len() - 1, params.len());
            format!(
                "(g.police_station_id IN (SELECT value FROM json_each(?{s})) OR (g.police_station_id IS NULL AND g.district_id IN (SELECT value FROM json_each(?{d}))))"
            )
        }
    };
    params.push(Value::Integer(q.budget as i64));
    let budget = params.len();
    let sql = format!(
        "SELECT c.k, c.id, upper(g.grievance_number), upper(g.fir_no), {visible}
           FROM (SELECT k, id FROM (
                   SELECT upper(g.grievance_number) AS k, g.id AS id FROM grievances g INDEXED BY g_number
                    WHERE upper(g.grievance_number) BETWEEN ?1 AND ?2 {a0}
                   UNION ALL
                   SELECT upper(g.fir_no) AS k, g.id AS id FROM grievances g INDEXED BY g_fir_number
                    WHERE upper(g.fir_no) BETWEEN ?1 AND ?2 AND upper(g.fir_no) <> upper(g.grievance_number) {a1})
                 ORDER BY k DESC, id DESC LIMIT ?{budget}) c
           JOIN grievances g ON g.id = c.id
          ORDER BY c.k DESC, c.id DESC",
        a0 = after[0],
        a1 = after[1],
    );
    let hits = conn
        .prepare_cached(&sql)?
        .query_map(params_from_iter(params.iter()), |r| {
            Ok(NumberHit { key: r.get(0)?, id: r.get(1)?, grievance_number: r.get(2)?, fir_no: r.get(3)?, visible: r.get(4)? })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(hits)
}

/// The fields of a grievance that have a column of their own in `grievances`, or whose value
/// is the name of an admin-list item the row names by id: the details text leaves them out.
const FIELDS_IN_COLUMNS: [&str; 8] = ["fir_no", "fir_date", "crime_title", "brief_details", "district", "police_station", "status", "priority"];

/// What a row keeps in its details text beside the staff's fields (which are kept whole,
/// under their own names, whatever fields the record has): the actions on its statutory
/// clocks. What its list row shows has columns of its own (schema 37, `list_row_columns`);
/// a text written before keeps a copy of those too, which is not read.
#[derive(Serialize, Deserialize)]
struct RowDetails {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    clock_events: Vec<domain::law::ClockEvent>,
}

/// Whether a value is what a field holds when nothing was given (nothing, no, no entries):
/// left out of the details text, where the names of absent fields would otherwise be most of
/// the text; the record reads a field left out as its default.
fn left_out(value: &Json) -> bool {
    match value {
        Json::Null | Json::Bool(false) => true,
        Json::Array(entries) => entries.is_empty(),
        _ => false,
    }
}

/// A grievance's details text (kept in `grievance_details`, packed: see [`pack_details`]):
/// its fields without a column of their own, kept whole under the record's own names, and
/// what the row keeps beside them ([`RowDetails`]). A field added to the record is kept here
/// without a line of this engine.
fn details_json(g: &GrievanceRow) -> Result<String> {
    let corrupt = |e: serde_json::Error| SqlError::Corrupt(e.to_string());
    let Json::Object(mut details) = serde_json::to_value(&g.fields).map_err(corrupt)? else {
        return Err(SqlError::Corrupt("a grievance's fields are not a JSON object".into()));
    };
    details.retain(|name, value| !FIELDS_IN_COLUMNS.contains(&name.as_str()) && !left_out(value));
    let row = RowDetails { clock_events: g.clock_events.clone() };
    if let Json::Object(beside) = serde_json::to_value(&row).map_err(corrupt)? {
        details.extend(beside);
    }
    serde_json::to_string(&details).map_err(corrupt)
}

/// A details text as kept: packed from dictionary `dictionary`, a number the row keeps beside
/// it (see [`super::details_packing`]).
pub fn pack_details(text: &str, dictionary: i64) -> Result<Vec<u8>> {
    super::details_packing::pack(text, dictionary).map_err(|e| SqlError::Corrupt(format!("grievance details: {e}")))
}

/// The details text kept as `bytes`, packed from dictionary `dictionary`.
pub fn unpack_details(bytes: &[u8], dictionary: i64) -> Result<String> {
    super::details_packing::unpack(bytes, dictionary).map_err(|e| SqlError::Corrupt(format!("grievance details: {e}")))
}

/// A grievance's details as kept: its details text packed with the current dictionary.
fn kept_details(g: &GrievanceRow) -> Result<Vec<u8>> {
    pack_details(&details_json(g)?, super::details_packing::CURRENT)
}

/// The columns a row is read from, in the order [`read_row`] expects, from `grievances g`
/// joined with [`DETAILS`]; the names come from the admin lists, looked up for the page's
/// rows only.
const COLUMNS: &str = "g.id, g.grievance_number, g.fir_no, g.fir_date, g.crime_title, g.brief_details,
    g.district_id, g.police_station_id, g.status_id, g.priority_id, g.filed_by, g.assigned_to,
    g.filed_at, g.updated_at, g.resolved_at, g.stage, g.stage_since, g.version, d.details,
    (SELECT name FROM list_items WHERE id = g.district_id), (SELECT name FROM list_items WHERE id = g.police_station_id),
    (SELECT name FROM list_items WHERE id = g.status_id), (SELECT name FROM list_items WHERE id = g.priority_id),
    g.resolution_days, d.dictionary, g.next_due, g.clock_runs, g.people_text,
    g.filed_by_name, g.assigned_to_name, g.status_meaning, g.list_extras";
const COLUMN_COUNT: usize = 32;

/// The columns a list row is read from ([`SummaryRow`], [`read_summary_row`]), of the row
/// alone: its details are not joined. Its items are named by the reader from the admin lists
/// (`cases::relabel`), but for the status of a row written before its status's meaning was
/// kept, which is read from the status's name (only then looked up).
const SUMMARY_COLUMNS: &str = "g.id, g.grievance_number, g.fir_no, g.fir_date, g.crime_title,
    g.district_id, g.police_station_id, g.status_id, g.priority_id, g.filed_at, g.updated_at,
    g.stage, g.stage_since, g.version, g.filed_by_name, g.assigned_to_name, g.status_meaning,
    CASE WHEN g.status_meaning IS NULL THEN (SELECT name FROM list_items WHERE id = g.status_id) END, g.list_extras";
const SUMMARY_COLUMN_COUNT: usize = 19;

/// The join that brings a row's details text ([`details_json`]) to [`COLUMNS`].
const DETAILS: &str = "JOIN grievance_details d ON d.id = g.id";

/// The stage kept (by its number) in column `i`, or why the row cannot be read.
fn read_stage(r: &Row, i: usize) -> rusqlite::Result<std::result::Result<Stage, SqlError>> {
    let stage: i64 = r.get(i)?;
    Ok(stage_from(stage).ok_or_else(|| SqlError::Corrupt(format!("stage {stage}"))))
}

/// What a row's list columns hold beside its names: its status's meaning (see
/// [`meaning_of`]; `status` is its status's name, needed only when no meaning is kept) and
/// its extras as `extras_of` reads the `list_extras` column ([`ListExtras`], or a list row's
/// [`ListedExtras`]). Both are read in place, without a copy of their text.
fn read_listed<E>(
    r: &Row,
    (meaning, status, extras): (usize, &str, usize),
    extras_of: fn(Option<&str>) -> std::result::Result<E, String>,
) -> rusqlite::Result<std::result::Result<(StatusMeaning, E), SqlError>> {
    let meaning = match meaning_of(text_at(r, meaning)?, status) {
        Ok(m) => m,
        Err(e) => return Ok(Err(e)),
    };
    Ok(extras_of(text_at(r, extras)?).map(|extras| (meaning, extras)).map_err(SqlError::Corrupt))
}

/// Column `i`'s text in place (none for NULL).
fn text_at<'r>(r: &'r Row, i: usize) -> rusqlite::Result<Option<&'r str>> {
    r.get_ref(i)?.as_str_or_null().map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(e)))
}

/// What a row's status means: as kept with it, or, for a row written before schema 4, read
/// from its status's name.
fn meaning_of(kept: Option<&str>, status: &str) -> std::result::Result<StatusMeaning, SqlError> {
    match kept {
        Some(text) => StatusMeaning::parse(text).ok_or_else(|| SqlError::Corrupt(format!("status meaning {text}"))),
        None => Ok(StatusMeaning::of_legacy_name(status)),
    }
}

fn read_row(r: &Row) -> rusqlite::Result<std::result::Result<GrievanceRow, SqlError>> {
    let details_text = match unpack_details(r.get_ref(18)?.as_blob()?, r.get(24)?) {
        Ok(text) => text,
        Err(e) => return Ok(Err(e)),
    };
    let stage = match read_stage(r, 15)? {
        Ok(stage) => stage,
        Err(e) => return Ok(Err(e)),
    };
    // The record reads its own fields from the text (those left out read as their default)
    // and passes over the row's; the row's read theirs and pass over the record's.
    let (mut fields, row) = match (serde_json::from_str::<GrievanceFields>(&details_text), serde_json::from_str::<RowDetails>(&details_text)) {
        (Ok(fields), Ok(row)) => (fields, row),
        (Err(e), _) | (_, Err(e)) => return Ok(Err(SqlError::Corrupt(format!("grievance details: {e}")))),
    };
    let name = |i: usize| -> rusqlite::Result<String> { Ok(r.get::<_, Option<String>>(i)?.unwrap_or_default()) };
    // FIELDS_IN_COLUMNS, from their columns.
    fields.fir_no = domain::grievance::FirNumber::as_stored(r.get(2)?);
    fields.fir_date = domain::grievance::Day::as_stored(r.get(3)?);
    fields.crime_title = r.get(4)?;
    fields.brief_details = r.get(5)?;
    fields.district = name(19)?;
    fields.police_station = name(20)?;
    fields.status = name(21)?;
    fields.priority = name(22)?;
    let (status_meaning, extras) = match read_listed(r, (30, &fields.status, 31), ListExtras::of_column)? {
        Ok(listed) => listed,
        Err(e) => return Ok(Err(e)),
    };
    Ok(Ok(GrievanceRow {
        id: r.get(0)?,
        grievance_number: r.get(1)?,
        fields,
        district_id: r.get(6)?,
        police_station_id: r.get(7)?,
        status_id: r.get(8)?,
        priority_id: r.get(9)?,
        filed_by: r.get(10)?,
        filed_by_name: r.get(28)?,
        assigned_to: r.get(11)?,
        assigned_to_name: r.get(29)?,
        filed_at: r.get(12)?,
        updated_at: r.get(13)?,
        resolved_at: r.get(14)?,
        stage,
        stage_since: r.get(16)?,
        version: r.get(17)?,
        status_meaning,
        resolution_days: r.get(23)?,
        other_refs: extras.refs,
        closure: extras.closure,
        escalation: extras.escalation,
        clock_events: row.clock_events,
        next_due: r.get(25)?,
        clock_runs: r.get(26)?,
        people_text: r.get(27)?,
    }))
}

/// A grievance as a list row shows it (`cases::summary`): read from the columns of its row
/// alone ([`SUMMARY_COLUMNS`]), so its details text is neither read nor unpacked and the
/// record's own fields (its people, officers' entries, dates and laws) are never built. Its
/// items are kept by id: the reader names them, and `status` is empty but for a row whose
/// status's meaning was not kept.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    pub id: i64,
    pub grievance_number: String,
    pub fir_no: String,
    pub fir_date: String,
    pub crime_title: String,
    pub status: String,
    pub district_id: Option<i64>,
    pub police_station_id: Option<i64>,
    pub status_id: Option<i64>,
    pub priority_id: Option<i64>,
    pub status_meaning: StatusMeaning,
    pub filed_by_name: String,
    pub assigned_to_name: Option<String>,
    pub filed_at: String,
    pub updated_at: String,
    pub version: i64,
    pub closure: Option<domain::grievance::ClosureRequest>,
    pub escalation: Option<domain::escalation::Escalation>,
    pub stage: Stage,
    /// `YYYY-MM-DD`
    pub stage_since: String,
    /// Its crime title's admin-list item, the one other item it shows by name.
    pub crime_title_id: Option<i64>,
}

fn read_summary_row(r: &Row) -> rusqlite::Result<std::result::Result<SummaryRow, SqlError>> {
    let stage = match read_stage(r, 11)? {
        Ok(stage) => stage,
        Err(e) => return Ok(Err(e)),
    };
    let status = r.get::<_, Option<String>>(17)?.unwrap_or_default();
    let (status_meaning, extras) = match read_listed(r, (16, &status, 18), ListedExtras::of_column)? {
        Ok(listed) => listed,
        Err(e) => return Ok(Err(e)),
    };
    Ok(Ok(SummaryRow {
        id: r.get(0)?,
        grievance_number: r.get(1)?,
        fir_no: r.get(2)?,
        fir_date: r.get(3)?,
        crime_title: r.get(4)?,
        status,
        district_id: r.get(5)?,
        police_station_id: r.get(6)?,
        status_id: r.get(7)?,
        priority_id: r.get(8)?,
        status_meaning,
        filed_by_name: r.get(14)?,
        assigned_to_name: r.get(15)?,
        filed_at: r.get(9)?,
        updated_at: r.get(10)?,
        version: r.get(13)?,
        closure: extras.closure,
        escalation: extras.escalation,
        stage,
        stage_since: r.get(12)?,
        crime_title_id: extras.refs.crime_titles,
    }))
}

fn check_date(text: &str) -> Result<()> {
    parse_day(text).map(|_| ())
}

fn parse_day(text: &str) -> Result<Date> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    Date::parse(text, &format).map_err(|_| SqlError::InvalidDate(text.to_string()))
}

fn day_text(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

/// Adds a grievance, its text index entry, its viewers and its figures (the last three by
/// the schema's triggers), inside the caller's transaction.
pub fn insert(tx: &Connection, g: &GrievanceRow) -> Result<()> {
    check_date(&g.fields.fir_date)?;
    check_date(&g.stage_since)?;
    g.next_due.as_deref().map(check_date).transpose()?;
    tx.prepare_cached(
        "INSERT INTO grievances (id, grievance_number, fir_no, fir_date, crime_title, brief_details,
            district_id, police_station_id, status_id, priority_id, status_rank, priority_rank,
            filed_by, assigned_to, filed_at, updated_at, resolved_at, stage, stage_since, version, done, resolution_days, next_due, heads, sections,
            clock_runs, people_text, filed_by_name, assigned_to_name, status_meaning, list_extras)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10,
            coalesce((SELECT rank FROM list_items WHERE id = ?9), ?19), coalesce((SELECT rank FROM list_items WHERE id = ?10), ?19),
            ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30)",
    )?
    .execute(params_from_iter(row_values(g)))?;
    tx.prepare_cached("INSERT INTO grievance_details (id, details, dictionary) VALUES (?1, ?2, ?3)")?
        .execute(params![g.id, kept_details(g)?, super::details_packing::CURRENT])?;
    keep_closure(tx, g)
}

/// Keeps `closure_requests`, `escalations` and `appeals` in step with the row's closure
/// request, escalation and open appeal.
fn keep_closure(tx: &Connection, g: &GrievanceRow) -> Result<()> {
    match g.fields.appeals.last().filter(|a| a.is_open()) {
        Some(a) => tx
            .prepare_cached("INSERT INTO appeals (grievance_id, level, due) VALUES (?1, ?2, ?3) ON CONFLICT DO UPDATE SET level = excluded.level, due = excluded.due")?
            .execute(params![g.id, a.level.as_str(), a.due.as_str()])?,
        None => tx.prepare_cached("DELETE FROM appeals WHERE grievance_id = ?1")?.execute([g.id])?,
    };
    // A rating stays with the station that held the case when it was given: written once.
    for (n, f) in g.fields.feedback.iter().enumerate() {
        tx.prepare_cached(
            "INSERT OR IGNORE INTO citizen_ratings (grievance_id, n, district_id, station_id, rating, rated_on, appealed) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![g.id, n as i64, g.district_id, g.police_station_id, f.rating.as_str(), rated_on(&f.at), f.appealed])?;
    }
    if g.closure.is_some() {
        tx.prepare_cached("INSERT OR IGNORE INTO closure_requests (grievance_id) VALUES (?1)")?.execute([g.id])?;
    } else {
        tx.prepare_cached("DELETE FROM closure_requests WHERE grievance_id = ?1")?.execute([g.id])?;
    }
    match &g.escalation {
        Some(e) => tx
            .prepare_cached("INSERT INTO escalations (grievance_id, posting) VALUES (?1, ?2) ON CONFLICT DO UPDATE SET posting = excluded.posting")?
            .execute(params![g.id, domain::escalation::posting_key(&e.to)])?,
        None => tx.prepare_cached("DELETE FROM escalations WHERE grievance_id = ?1")?.execute([g.id])?,
    };
    Ok(())
}

/// The day (in India, as staff and reports count days) a rating given at `at` was given.
fn rated_on(at: &str) -> String {
    domain::clock::india_date(at).map(|d| d.to_string()).unwrap_or_else(|| at.get(..10).unwrap_or_default().to_string())
}

/// A row's values as the INSERT and UPDATE statements number them (`?1` to `?30`; `?19` is
/// the rank of an item without one).
fn row_values(g: &GrievanceRow) -> Vec<Value> {
    // Read once for the two columns worked out from them.
    let sections = super::case_sections::of_fields(&g.fields);
    vec![
        g.id.into(),
        g.grievance_number.clone().into(),
        g.fields.fir_no.to_string().into(),
        g.fields.fir_date.to_string().into(),
        g.fields.crime_title.clone().into(),
        g.fields.brief_details.clone().into(),
        g.district_id.into(),
        g.police_station_id.into(),
        g.status_id.into(),
        g.priority_id.into(),
        g.filed_by.into(),
        g.assigned_to.into(),
        g.filed_at.clone().into(),
        g.updated_at.clone().into(),
        g.resolved_at.clone().into(),
        stage_number(g.stage).into(),
        g.stage_since.clone().into(),
        g.version.into(),
        NO_RANK.into(),
        i64::from(g.status_meaning.is_final()).into(),
        g.resolution_days.into(),
        g.next_due.clone().into(),
        super::crime_heads::column(&sections).into(),
        super::case_sections::column(&sections).into(),
        g.clock_runs.clone().into(),
        g.people_text.clone().into(),
        g.filed_by_name.clone().into(),
        g.assigned_to_name.clone().into(),
        g.status_meaning.as_str().to_string().into(),
        ListExtras { refs: g.other_refs.clone(), closure: g.closure.clone(), escalation: g.escalation.clone() }.column().into(),
    ]
}

/// Replaces the stored grievance `g.id` with `g`, provided its stored version is
/// `expected_version` (else [`SqlError::Conflict`]: someone else changed it since it was
/// read, or it is gone). Triggers move its viewers, text and figures in the same
/// transaction; they fire only for the columns that a statement names, and this statement
/// names them all, so unchanged values cost a delete and re-add of the same entries.
pub fn update(tx: &Connection, g: &GrievanceRow, expected_version: i64) -> Result<()> {
    check_date(&g.fields.fir_date)?;
    check_date(&g.stage_since)?;
    g.next_due.as_deref().map(check_date).transpose()?;
    let changed = tx
        .prepare_cached(
            "UPDATE grievances SET grievance_number = ?2, fir_no = ?3, fir_date = ?4, crime_title = ?5, brief_details = ?6,
                district_id = ?7, police_station_id = ?8, status_id = ?9, priority_id = ?10,
                status_rank = coalesce((SELECT rank FROM list_items WHERE id = ?9), ?19),
                priority_rank = coalesce((SELECT rank FROM list_items WHERE id = ?10), ?19),
                filed_by = ?11, assigned_to = ?12, filed_at = ?13, updated_at = ?14, resolved_at = ?15,
                stage = ?16, stage_since = ?17, version = ?18, done = ?20, resolution_days = ?21, next_due = ?22, heads = ?23, sections = ?24,
                clock_runs = ?25, people_text = ?26, filed_by_name = ?27, assigned_to_name = ?28, status_meaning = ?29, list_extras = ?30
             WHERE id = ?1 AND version = ?31",
        )?
        .execute(params_from_iter(row_values(g).into_iter().chain([Value::from(expected_version)])))?;
    if changed == 0 {
        return Err(SqlError::Conflict);
    }
    tx.prepare_cached("UPDATE grievance_details SET details = ?2, dictionary = ?3 WHERE id = ?1")?
        .execute(params![g.id, kept_details(g)?, super::details_packing::CURRENT])?;
    keep_closure(tx, g)
}

/// Removes a grievance with its details, viewers, text index entry and its share of the
/// figures.
/// Answers whether it existed.
pub fn delete(tx: &Connection, id: i64) -> Result<bool> {
    Ok(tx.prepare_cached("DELETE FROM grievances WHERE id = ?1")?.execute([id])? > 0)
}

/// Removes grievance `id` provided its stored version is `expected_version` (else
/// [`SqlError::Conflict`]), as [`delete`] does.
pub fn delete_version(tx: &Connection, id: i64, expected_version: i64) -> Result<()> {
    match tx.prepare_cached("DELETE FROM grievances WHERE id = ?1 AND version = ?2")?.execute([id, expected_version])? {
        0 => Err(SqlError::Conflict),
        _ => Ok(()),
    }
}

/// Up to `limit` grievances with ids above `after`, lowest first: a walk of every row.
pub fn rows_after(conn: &Connection, after: i64, limit: usize) -> Result<Vec<GrievanceRow>> {
    let sql = format!("SELECT {COLUMNS} FROM grievances g {DETAILS} WHERE g.id > ?1 ORDER BY g.id LIMIT ?2");
    let rows = conn.prepare_cached(&sql)?.query_map(params![after, limit as i64], read_row)?.collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter().collect()
}

/// Up to `limit` grievances in `scope` filed from `from` to before `until` (days, `YYYY-MM-DD`)
/// with a statutory clock missed: a next due day before `today`. Earliest next due day first,
/// then by id. In the state's scope and an area's, a range of the period's filing times in
/// `g_due_filed`, read from the index alone, the first kept by a bounded sort, then those
/// rows read; in one's own, the user's `viewer_dues` up to today.
pub fn missed_clocks(conn: &Connection, scope: &Scope, from: &str, until: &str, today: &str, limit: usize) -> Result<Vec<GrievanceRow>> {
    let mut params: Vec<Value> = vec![today.to_string().into(), from.to_string().into(), until.to_string().into(), (limit as i64).into()];
    let first = match scope {
        Scope::Own(user) => {
            params.push((*user).into());
            "SELECT g.id, g.next_due FROM viewer_dues v JOIN grievances g ON g.id = v.grievance_id
              WHERE v.user_id = ?5 AND v.next_due < ?1 AND g.filed_at >= ?2 AND g.filed_at < ?3
              ORDER BY v.next_due, g.id LIMIT ?4"
        }
        Scope::State => {
            "SELECT id, next_due FROM grievances INDEXED BY g_due_filed
              WHERE next_due IS NOT NULL AND filed_at >= ?2 AND filed_at < ?3 AND next_due < ?1
              ORDER BY next_due, id LIMIT ?4"
        }
        Scope::Area { stations, districts } => {
            params.extend([ids_json(stations), ids_json(districts)]);
            "SELECT id, next_due FROM grievances INDEXED BY g_due_filed
              WHERE next_due IS NOT NULL AND filed_at >= ?2 AND filed_at < ?3 AND next_due < ?1
                AND (police_station_id IN (SELECT value FROM json_each(?5))
                     OR (police_station_id IS NULL AND district_id IN (SELECT value FROM json_each(?6))))
              ORDER BY next_due, id LIMIT ?4"
        }
    };
    let sql = format!("SELECT {COLUMNS} FROM ({first}) m JOIN grievances g ON g.id = m.id {DETAILS} ORDER BY m.next_due, m.id");
    let rows = conn.prepare_cached(&sql)?.query_map(params_from_iter(params), read_row)?.collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter().collect()
}

/// What the law in force makes of a grievance at a version (`cases::indexes`): its next due
/// day, its clock runs, and what a search may find of its people.
pub struct CaseIndex {
    pub id: i64,
    pub version: i64,
    pub next_due: Option<String>,
    pub clock_runs: Option<String>,
    pub people_text: Option<String>,
}

/// Sets each grievance's indexes, when it is still at that version (one changed meanwhile
/// had them worked out by its own change). Answers how many it set.
pub fn set_case_indexes(tx: &Connection, indexes: &[CaseIndex]) -> Result<u64> {
    let mut set = 0;
    for i in indexes {
        i.next_due.as_deref().map(check_date).transpose()?;
        set += tx
            .prepare_cached("UPDATE grievances SET next_due = ?3, clock_runs = ?4, people_text = ?5 WHERE id = ?1 AND version = ?2")?
            .execute(params![i.id, i.version, i.next_due, i.clock_runs, i.people_text])? as u64;
    }
    Ok(set)
}

/// The law revision whose clock rules the due days were last worked out by, the day they
/// were first worked out for cases kept without one, and how many grievances that working-out
/// found with free-text sections it could not read whole (schema 24).
pub fn dues_indexed_for(conn: &Connection) -> Result<Option<(i64, Option<String>, Option<i64>)>> {
    Ok(conn.prepare_cached("SELECT revision, since, unread_sections FROM grievance_dues_indexed")?.query_row([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).optional()?)
}

/// Records that the due days are those of law revision `revision`, and the unread sections
/// that working-out counted; `since` is kept from the first record.
pub fn record_dues_indexed(tx: &Connection, revision: i64, since: Option<&str>, unread_sections: Option<i64>) -> Result<()> {
    since.map(check_date).transpose()?;
    tx.prepare_cached(
        "INSERT INTO grievance_dues_indexed (only, revision, since, unread_sections) VALUES (1, ?1, ?2, ?3)
         ON CONFLICT DO UPDATE SET revision = excluded.revision, unread_sections = excluded.unread_sections",
    )?
    .execute(params![revision, since, unread_sections])?;
    Ok(())
}

/// Whether grievance `id` exists: one key lookup.
pub fn exists(conn: &Connection, id: i64) -> Result<bool> {
    Ok(conn.prepare_cached("SELECT 1 FROM grievances WHERE id = ?1")?.exists([id])?)
}

/// One grievance by id, whoever may see it (the caller applies the scope; see
/// [`visible_to`]).
pub fn get(conn: &Connection, id: i64) -> Result<Option<GrievanceRow>> {
    let sql = format!("SELECT {COLUMNS} FROM grievances g {DETAILS} WHERE g.id = ?1");
    conn.prepare_cached(&sql)?.query_row([id], read_row).optional()?.transpose()
}

/// The grievances at `station_id` whose FIR number is `fir_key` (upper case) and whose FIR
/// date lies in `year`, through `g_station_fir`.
pub fn same_fir(conn: &Connection, station_id: i64, fir_key: &str, year: &str) -> Result<Vec<GrievanceRow>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM grievances g INDEXED BY g_station_fir {DETAILS}
          WHERE g.police_station_id = ?1 AND upper(g.fir_no) = ?2 AND g.fir_date BETWEEN ?3 || '-01-01' AND ?3 || '-12-31' ORDER BY g.id LIMIT 100"
    );
    let rows = conn.prepare_cached(&sql)?.query_map(params![station_id, fir_key, year], read_row)?.collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter().collect()
}

/// Whether `user_id` may see grievance `id` without view_all: one key lookup.
pub fn visible_to(conn: &Connection, id: i64, user_id: i64) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "SELECT 1 FROM grievances g JOIN grievance_viewers v ON v.user_id = ?2 AND v.filed_at = g.filed_at AND v.grievance_id = g.id WHERE g.id = ?1",
        )?
        .exists(params![id, user_id])?)
}

/// Who sees a grievance without view_all, from the viewers table (in step with the row).
pub fn viewers_of(conn: &Connection, id: i64) -> Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT v.user_id FROM grievances g JOIN grievance_viewers v ON v.filed_at = g.filed_at AND v.grievance_id = g.id
          WHERE g.id = ?1 AND v.user_id IN (g.filed_by, g.assigned_to) ORDER BY v.user_id",
    )?;
    let users = stmt.query_map([id], |r| r.get(0))?.collect::<rusqlite::Result<Vec<i64>>>()?;
    Ok(users)
}

/// Whose grievances a query reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every grievance (view_all).
    State,
    /// Those the user filed or is assigned to.
    Own(i64),
    /// A posting's area: the grievances at any of `stations`, and those without a station
    /// in any of `districts`.
    Area { stations: Vec<i64>, districts: Vec<i64> },
}

/// The order of a list; ties (and equal keys) are broken by id in the same direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sort {
    FiledAt,
    FirDate,
    /// The priority item's rank; no priority sorts after every rank.
    Priority,
    /// The status item's rank; no status sorts after every rank.
    Status,
    /// The earliest due day of the open statutory clocks: the order of the clock filters.
    Due,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Asc,
    Desc,
}

/// The pendency limits in force: the most days a grievance of a priority may stay at a
/// stage. A (priority, stage) without a limit is never overdue; Decided never is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PendencyTable(pub BTreeMap<(i64, Stage), u32>);

/// "Overdue only", told on `today`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overdue {
    pub today: Date,
    pub limits: PendencyTable,
}

impl Overdue {
    /// For each limit: the stage, the priority and the last day a grievance may have entered
    /// the stage and be overdue today (more than `days` days there).
    fn cutoffs(&self) -> Vec<(i64, i64, String)> {
        self.limits
            .0
            .iter()
            .filter(|((_, stage), _)| *stage != Stage::Decided)
            .map(|((priority, stage), days)| (stage_number(*stage), *priority, day_text(self.today - time::Duration::days(*days as i64 + 1))))
            .collect()
    }
}

/// Where the previous page ended: opaque to clients (base64 of a checksum, the sort, the
/// direction, the last row's sort key and id), checked on the way back in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cursor(String);

impl Cursor {
    /// A cursor as a client sent it back; it is checked against the query when used.
    pub fn from_client(text: impl Into<String>) -> Cursor {
        Cursor(text.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    fn encode(sort: Sort, direction: Direction, key: &Value, id: i64) -> Cursor {
        let key = match key {
            Value::Integer(i) => format!("i{i}"),
            Value::Text(t) => format!("t{t}"),
            _ => "n".to_string(),
        };
        let plain = format!("{}{}|{id}|{key}", sort_tag(sort), if direction == Direction::Asc { 'a' } else { 'd' });
        let sealed = format!("{:08x}{plain}", checksum(&plain));
        Cursor(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(sealed))
    }

    /// The sort key and id, when the cursor was made for this sort and direction.
    fn decode(&self, sort: Sort, direction: Direction) -> Result<(Value, i64)> {
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(&self.0).map_err(|_| SqlError::BadCursor)?;
        let sealed = String::from_utf8(bytes).map_err(|_| SqlError::BadCursor)?;
        // A cursor cut short or altered by hand still decodes to some position; the
        // checksum tells it from one this module made.
        let (sum, plain) = sealed.split_at_checked(8).ok_or(SqlError::BadCursor)?;
        if u32::from_str_radix(sum, 16).ok() != Some(checksum(plain)) {
            return Err(SqlError::BadCursor);
        }
        let mut parts = plain.splitn(3, '|');
        let (tag, id, key) = (parts.next(), parts.next(), parts.next());
        let expected = format!("{}{}", sort_tag(sort), if direction == Direction::Asc { 'a' } else { 'd' });
        let (Some(tag), Some(id), Some(key)) = (tag, id, key) else { return Err(SqlError::BadCursor) };
        if tag != expected {
            return Err(SqlError::BadCursor);
        }
        let id: i64 = id.parse().map_err(|_| SqlError::BadCursor)?;
        let key = match (sort, key.split_at_checked(1)) {
            (Sort::FiledAt | Sort::FirDate | Sort::Due, Some(("t", t))) => Value::Text(t.to_string()),
            (Sort::Priority | Sort::Status, Some(("i", i))) => Value::Integer(i.parse().map_err(|_| SqlError::BadCursor)?),
            _ => return Err(SqlError::BadCursor),
        };
        Ok((key, id))
    }
}

/// FNV-1a: not a secret (the cursor only says where a page ended), just a seal against
/// truncation and typos.
fn checksum(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ b as u32).wrapping_mul(0x0100_0193))
}

fn sort_tag(sort: Sort) -> char {
    match sort {
        Sort::FiledAt => 'f',
        Sort::FirDate => 'r',
        Sort::Priority => 'p',
        Sort::Status => 's',
        Sort::Due => 'u',
    }
}

/// A list question. Empty filters mean "any"; `search` and `fir_no` are case-insensitive
/// substrings (at least 3 characters); the FIR dates are inclusive `YYYY-MM-DD`.
#[derive(Clone, Debug)]
pub struct GrievanceQuery {
    pub search: Option<String>,
    pub fir_no: Option<String>,
    pub district_id: Option<i64>,
    pub police_station_id: Option<i64>,
    pub status_id: Option<i64>,
    pub priority_id: Option<i64>,
    pub fir_date_from: Option<String>,
    pub fir_date_to: Option<String>,
    pub overdue: Option<Overdue>,
    /// Only grievances whose earliest open due day lies in this range (inclusive
    /// `YYYY-MM-DD`; no start: every day up to the end).
    pub due: Option<(Option<String>, String)>,
    /// Only grievances with a closure request pending.
    pub closure_pending: bool,
    /// Only grievances escalated to this posting (`domain::escalation::posting_key`).
    pub escalated_to: Option<String>,
    /// Only grievances whose complainant's appeal awaits a decision.
    pub appeal_pending: bool,
    /// Only grievances registered under this act ("BNS"), or under this section of it and
    /// its sub-divisions ("303" finds "303(2)"), as `grievance_sections` keeps them.
    pub section: Option<(String, Option<String>)>,
    /// Only grievances assigned to this user (`Some(Some(id))`) or to nobody (`Some(None)`).
    pub assigned_to: Option<Option<i64>>,
    /// Only grievances whose crime title, blanks around it aside, is this one in lower case.
    pub crime_title: Option<String>,
    /// Only grievances filed from the first time (inclusive) to the second (exclusive).
    pub filed_from: Option<String>,
    pub filed_until: Option<String>,
    /// Only these grievances.
    pub ids: Option<Vec<i64>>,
    pub scope: Scope,
    pub sort: Sort,
    pub direction: Direction,
    pub after: Option<Cursor>,
    /// At most [`MAX_LIMIT`]; 0 is taken as 1.
    pub limit: usize,
    /// Filing times (inclusive) that every match is known to lie between: no filter, but a
    /// bound on where a page is looked for, which changes no answer (see
    /// [`super::count_memo::CountMemo::filed_bounds`]). Not part of the question a count
    /// answers.
    pub filed_between: Option<(String, String)>,
}

impl GrievanceQuery {
    /// Whether a text filter (free text or FIR number) is set, blanks aside.
    pub fn has_text(&self) -> bool {
        [&self.search, &self.fir_no].into_iter().any(|t| t.as_deref().is_some_and(|t| !t.trim().is_empty()))
    }

    /// Whether a filter is set that no figure or index answers: its matches are found, and
    /// counted, by testing rows.
    pub fn tests_rows(&self) -> bool {
        self.assigned_to.is_some() || self.crime_title.is_some() || self.filed_from.is_some() || self.filed_until.is_some() || self.ids.is_some()
    }

    /// Newest first, no filter, the state scope, pages of 20.
    pub fn new(scope: Scope) -> GrievanceQuery {
        GrievanceQuery {
            search: None,
            fir_no: None,
            district_id: None,
            police_station_id: None,
            status_id: None,
            priority_id: None,
            fir_date_from: None,
            fir_date_to: None,
            overdue: None,
            due: None,
            closure_pending: false,
            escalated_to: None,
            appeal_pending: false,
            section: None,
            assigned_to: None,
            crime_title: None,
            filed_from: None,
            filed_until: None,
            ids: None,
            scope,
            sort: Sort::FiledAt,
            direction: Direction::Desc,
            after: None,
            limit: 20,
            filed_between: None,
        }
    }
}

/// A full page, or the true last page (`next` is `None`), with the exact number of
/// grievances the filters match (in the scope, ignoring the cursor).
#[derive(Clone, Debug)]
pub struct ListPage {
    pub rows: Vec<GrievanceRow>,
    pub matched: u64,
    pub next: Option<Cursor>,
}

/// A `WHERE` clause and its parameters, in order.
#[derive(Default, Clone)]
struct Clause {
    terms: Vec<String>,
    params: Vec<Value>,
    /// Whether a term keeps the ids of a set found first (a text's or an act's index, ids
    /// given, a queue's table): a set that may be smaller than one's own cases (see [`source`]).
    found_first: bool,
}

impl Clause {
    fn push(&mut self, term: impl Into<String>, params: impl IntoIterator<Item = Value>) {
        self.terms.push(term.into());
        self.params.extend(params);
    }

    /// As [`Clause::push`], for a term keeping the ids of a set found first.
    fn push_found_first(&mut self, term: impl Into<String>, params: impl IntoIterator<Item = Value>) {
        self.push(term, params);
        self.found_first = true;
    }

    fn sql(&self) -> String {
        if self.terms.is_empty() {
            "1".to_string()
        } else {
            self.terms.join(" AND ")
        }
    }
}

/// The text to find, trimmed; `None` when blank.
fn needle(text: &Option<String>) -> Result<Option<String>> {
    Ok(text.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_string))
}

/// Whether a text has no trigram: a page can still be found by reading rows until it is full
/// (short texts match often), but counting its matches would read every row, so a count of
/// one is refused ([`SqlError::TextTooShort`]).
fn is_short(text: &str) -> bool {
    text.chars().count() < 3
}

fn check_countable(q: &GrievanceQuery) -> Result<()> {
    for text in [needle(&q.search)?, needle(&q.fir_no)?].into_iter().flatten() {
        if is_short(&text) {
            return Err(SqlError::TextTooShort);
        }
    }
    Ok(())
}

/// The full-text condition for a substring of any of `columns` (the searched fields, or
/// `g.fir_no`): the trigram index narrows to rows holding every trigram of the text (index
/// only, no row read), then [`finds`] on the row keeps those holding the text itself. A
/// walk ([`Plan::Walk`]) skips the narrowing and tests each row it passes.
fn text_match(clause: &mut Clause, columns: &[&str], indexes: &[&str], text: &str, plan: Plan, ids: Option<&Range<i64>>) {
    let chars: Vec<char> = text.chars().collect();
    // FTS5's query parser ends a query at a NUL: a trigram holding one narrows nothing.
    let mut trigrams: Vec<String> = chars.windows(3).filter(|w| !w.contains(&'\0')).map(|w| w.iter().collect::<String>()).collect();
    trigrams.sort();
    trigrams.dedup();
    let query = trigrams.iter().map(|t| format!("\"{}\"", t.replace('"', "\"\""))).collect::<Vec<_>>().join(" AND ");
    let (finds, values) = finds(columns, text);
    if trigrams.is_empty() || plan == Plan::Walk {
        clause.push(format!("({finds})"), values);
        return;
    }
    // An id range bounds the index's own reading too (FTS5 takes rowid ranges), so a slice
    // of the ids costs what its candidates number.
    let (within, bounds) = match ids {
        Some(ids) => (" AND rowid >= ? AND rowid < ?", vec![Value::Integer(ids.start), Value::Integer(ids.end)]),
        None => ("", vec![]),
    };
    // A row in any of the indexes: each its own rowid lookup, which SQLite joins as a union.
    let narrows = indexes.iter().map(|index| format!("g.id IN (SELECT rowid FROM {index} WHERE {index} MATCH ?{within})")).collect::<Vec<_>>().join(" OR ");
    let narrowing = indexes.iter().flat_map(|_| std::iter::once(Value::Text(query.clone())).chain(bounds.iter().cloned())).collect::<Vec<_>>();
    clause.push_found_first(format!("({narrows}) AND ({finds})"), narrowing.into_iter().chain(values));
}

/// The test of one row: does any of `columns` hold `text`, ASCII letters in any case?
/// `instr` over `lower`, not `LIKE`: both work on the whole text, NULs included (LIKE stops
/// at the first), and `lower` folds ASCII letters as `LIKE` would. (LIKE with an escaped
/// pattern and an `instr` guard for NULs was tried: cheaper per row in isolation, but the
/// FIR-number and free-text pages measured 35 % slower at 1,000,000.)
fn finds(columns: &[&str], text: &str) -> (String, Vec<Value>) {
    let needle = Value::Text(text.to_ascii_lowercase());
    let sql = columns.iter().map(|c| format!("instr(lower({c}), ?) > 0")).collect::<Vec<_>>().join(" OR ");
    (sql, columns.iter().map(|_| needle.clone()).collect())
}

/// The rows of `grievance_sections` of `act`, or of its `section` and that section's
/// sub-divisions: the section itself, and the sections that begin with it and a bracket
/// ("303(2)" lies between "303(" and "303)"), so one or two ranges of the key.
fn section_range(act: &str, section: Option<&str>) -> (String, Vec<Value>) {
    let act = Value::Text(act.to_string());
    match section {
        None => ("s.act = ?".into(), vec![act]),
        Some(section) => (
            "s.act = ? AND (s.section = ? OR (s.section > ? AND s.section < ?))".into(),
            vec![act, Value::Text(section.into()), Value::Text(format!("{section}(")), Value::Text(format!("{section})"))],
        ),
    }
}

/// The filing times (inclusive) the cases of `act`, or of its `section` and that section's
/// sub-divisions, lie between, from `grievance_sections`: a walk down the filing order starts
/// at the newest match rather than at today. `None` when nothing matches.
pub fn section_filed_bounds(conn: &Connection, act: &str, section: Option<&str>) -> Result<Option<(String, String)>> {
    let (within, params) = section_range(act, section);
    // Each end its own statement: SQLite seeks an end of `grievance_sections_filed` for a lone
    // min() or max() of an act, and reads the act's every row for the two together.
    let sql = format!(
        "SELECT (SELECT min(s.filed_at) FROM grievance_sections s WHERE {within}), (SELECT max(s.filed_at) FROM grievance_sections s WHERE {within})"
    );
    let both = params.iter().chain(params.iter());
    let (low, high): (Option<String>, Option<String>) = conn.prepare_cached(&sql)?.query_row(params_from_iter(both), |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(low.zip(high))
}

/// How a page statement finds its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// SQLite's choice among the indexes, a text narrowed by the trigram index: best when
    /// the matches are few (they are all found, then sorted).
    Indexes,
    /// Walk the sort order's index (with the equality filters' columns where one has them)
    /// and test each row, stopping at a full page: best when the matches are many, as the
    /// walk then meets a page of them early. Free text is tested on the row (no trigram
    /// index) and the overdue test is written so that no stage index can serve it.
    Walk,
}

/// The conditions every statement about a query shares: all filters but the scope (the
/// source table says that) and the cursor.
fn filters(q: &GrievanceQuery, plan: Plan) -> Result<Clause> {
    filters_within(q, plan, None)
}

/// The columns the list's free text searches: the case's own text (`grievance_text`) and what
/// may be found of its people (`grievance_people`).
const SEARCHED: [&str; 5] = ["g.brief_details", "g.crime_title", "g.fir_no", "g.grievance_number", "g.people_text"];

/// As [`filters`], for the grievances whose ids lie in `ids` alone when given.
fn filters_within(q: &GrievanceQuery, plan: Plan, ids: Option<&Range<i64>>) -> Result<Clause> {
    let mut c = Clause::default();
    if let Some(ids) = ids {
        c.push("g.id >= ? AND g.id < ?", [Value::Integer(ids.start), Value::Integer(ids.end)]);
    }
    if let Some(text) = needle(&q.search)? {
        text_match(&mut c, &SEARCHED, &["grievance_text", "grievance_people"], &text, plan, ids);
    }
    if let Some(text) = needle(&q.fir_no)? {
        text_match(&mut c, &["g.fir_no"], &["grievance_text"], &text, plan, ids);
    }
    for (column, value) in
        [("g.district_id", q.district_id), ("g.police_station_id", q.police_station_id), ("g.status_id", q.status_id), ("g.priority_id", q.priority_id)]
    {
        if let Some(v) = value {
            c.push(format!("{column} = ?"), [Value::Integer(v)]);
        }
    }
    if let Some(from) = &q.fir_date_from {
        check_date(from)?;
        c.push("g.fir_date >= ?", [Value::Text(from.clone())]);
    }
    if let Some(to) = &q.fir_date_to {
        check_date(to)?;
        c.push("g.fir_date <= ?", [Value::Text(to.clone())]);
    }
    if let Some((from, to)) = &q.due {
        // `next_due IS NOT NULL` names the partial indexes g_due, g_due_station and
        // g_due_district, which hold only the cases with an open clock.
        check_date(to)?;
        c.push("g.next_due IS NOT NULL AND g.next_due <= ?", [Value::Text(to.clone())]);
        if let Some(from) = from {
            check_date(from)?;
            c.push("g.next_due >= ?", [Value::Text(from.clone())]);
        }
    }
    if q.closure_pending {
        c.push_found_first("g.id IN (SELECT grievance_id FROM closure_requests)", []);
    }
    match q.assigned_to {
        None => {}
        Some(None) => c.push("g.assigned_to IS NULL", []),
        Some(Some(user)) => c.push("g.assigned_to = ?", [Value::Integer(user)]),
    }
    if let Some(title) = &q.crime_title {
        c.push("lower(trim(g.crime_title)) = ?", [Value::Text(title.clone())]);
    }
    if let Some(from) = &q.filed_from {
        c.push("g.filed_at >= ?", [Value::Text(from.clone())]);
    }
    if let Some(until) = &q.filed_until {
        c.push("g.filed_at < ?", [Value::Text(until.clone())]);
    }
    if let Some(ids) = &q.ids {
        c.push_found_first("g.id IN (SELECT value FROM json_each(?))", [ids_json(ids)]);
    }
    if q.appeal_pending {
        c.push_found_first("g.id IN (SELECT grievance_id FROM appeals)", []);
    }
    if let Some(posting) = &q.escalated_to {
        c.push_found_first("g.id IN (SELECT grievance_id FROM escalations WHERE posting = ?)", [Value::Text(posting.clone())]);
    }
    if let Some((act, section)) = &q.section {
        let (within, params) = section_range(act, section.as_deref());
        match plan {
            // Gathered from the key's range, then sorted: best when they are few.
            Plan::Indexes => c.push_found_first(format!("g.id IN (SELECT s.grievance_id FROM grievance_sections s WHERE {within})"), params),
            // Tested on each row the walk passes, one lookup by case.
            Plan::Walk => c.push(format!("EXISTS (SELECT 1 FROM grievance_sections s WHERE s.grievance_id = g.id AND {within})"), params),
        }
    }
    if let Some(overdue) = &q.overdue {
        // `stage < 4` names the partial index g_open; each limit is one range of g_stage,
        // which SQLite can walk as a union of ranges when that is the cheaper plan.
        // Checked on every undecided row a newest-first scan walks past, so written to be
        // cheap: first the latest cutoff of all (rows that entered their stage since are
        // dismissed with one comparison), then the stage, then its priorities.
        let cutoffs = overdue.cutoffs();
        let Some(latest) = cutoffs.iter().map(|(_, _, cut)| cut.clone()).max() else {
            c.push("0", []);
            return Ok(c);
        };
        let mut by_stage: BTreeMap<i64, Vec<(i64, String)>> = BTreeMap::new();
        for (stage, priority, cut) in cutoffs {
            by_stage.entry(stage).or_default().push((priority, cut));
        }
        let mut params = vec![Value::Text(latest)];
        let mut stages = Vec::new();
        // A walk keeps `g.stage < 4` (it names the partial indexes that hold the filed
        // order of undecided rows) and hides the rest from the planner (unary `+`), which
        // would otherwise gather every overdue row through g_stage and sort them.
        let hide = if plan == Plan::Walk { "+" } else { "" };
        for (stage, limits) in by_stage {
            let ors = vec![format!("({hide}g.priority_id = ? AND {hide}g.stage_since <= ?)"); limits.len()].join(" OR ");
            stages.push(format!("({hide}g.stage = ? AND ({ors}))"));
            params.push(Value::Integer(stage));
            params.extend(limits.into_iter().flat_map(|(p, cut)| [Value::Integer(p), Value::Text(cut)]));
        }
        c.push(format!("g.stage < 4 AND {hide}g.stage_since <= ? AND ({})", stages.join(" OR ")), params);
    }
    Ok(c)
}

/// The `FROM` of a query and the scope's own condition. The own scope walks the user's
/// viewer rows (a key prefix, newest first) and joins each to its grievance by the full key.
/// SQLite may drive that join from the grievances' side only when a set found first keeps
/// the ids (a rare text's matches may be fewer than one's cases); for any other filter the
/// viewer rows drive it (`CROSS JOIN`), as one's cases are a few hundred to a few thousand:
/// left its own choice, SQLite read the state's every High-priority case through
/// `g_priority` (220,000 of a million, 125 ms) to keep a writer's 60 of 299. An area is a
/// condition on the row: its stations and districts are JSON arrays bound as parameters,
/// so one prepared statement serves every area.
fn source(scope: &Scope, clause: &mut Clause) -> &'static str {
    match scope {
        Scope::State => "grievances g",
        Scope::Own(user) => {
            clause.terms.insert(0, "v.user_id = ?".into());
            clause.params.insert(0, Value::Integer(*user));
            if clause.found_first {
                "grievance_viewers v JOIN grievances g ON g.id = v.grievance_id AND g.filed_at = v.filed_at"
            } else {
                "grievance_viewers v CROSS JOIN grievances g ON g.id = v.grievance_id AND g.filed_at = v.filed_at"
            }
        }
        Scope::Area { stations, districts } => {
            clause.terms.insert(0, AREA.into());
            clause.params.splice(0..0, [ids_json(stations), ids_json(districts)]);
            "grievances g"
        }
    }
}

/// The `FROM` of one's own clock list: the user's due days (`viewer_dues`, a key range in
/// due-day order) joined to their grievances, with the range on its key; `None` for any
/// other question. The clause keeps the `g.next_due` terms too: the same rows.
fn own_dues(q: &GrievanceQuery, clause: &mut Clause) -> Option<&'static str> {
    let (Scope::Own(user), Some((from, to))) = (&q.scope, &q.due) else { return None };
    clause.terms.insert(0, "v.user_id = ? AND v.next_due >= ? AND v.next_due <= ?".into());
    clause.params.splice(0..0, [Value::Integer(*user), Value::Text(from.clone().unwrap_or_default()), Value::Text(to.clone())]);
    // As in [`source`]: one's due days drive the join unless a set found first keeps the ids.
    Some(if clause.found_first { "viewer_dues v JOIN grievances g ON g.id = v.grievance_id" } else { "viewer_dues v CROSS JOIN grievances g ON g.id = v.grievance_id" })
}

/// The sort columns over [`own_dues`]: its own order for the due day.
fn own_dues_sort(sort: Sort) -> (&'static str, &'static str) {
    match sort {
        Sort::Due => ("v.next_due", "v.grievance_id"),
        Sort::FiledAt => ("g.filed_at", "g.id"),
        other => sort_columns(other, &Scope::State),
    }
}

/// A row in an area (see [`Scope::Area`]): where it lies by its station when it has one, else
/// by its district.
const AREA: &str = "(g.police_station_id IN (SELECT value FROM json_each(?)) \
     OR (g.police_station_id IS NULL AND g.district_id IN (SELECT value FROM json_each(?))))";

fn sort_columns(sort: Sort, scope: &Scope) -> (&'static str, &'static str) {
    match (sort, scope) {
        // The viewers table's own order, so the own scope's newest first needs no sort.
        (Sort::FiledAt, Scope::Own(_)) => ("v.filed_at", "v.grievance_id"),
        (Sort::FiledAt, Scope::State | Scope::Area { .. }) => ("g.filed_at", "g.id"),
        (Sort::FirDate, _) => ("g.fir_date", "g.id"),
        (Sort::Priority, _) => ("g.priority_rank", "g.id"),
        (Sort::Status, _) => ("g.status_rank", "g.id"),
        (Sort::Due, _) => ("g.next_due", "g.id"),
    }
}

/// The page statement of `q` and its parameters, with the base filters (for counting).
/// With `with_count`, each row also carries the number of all matches (`count(*) OVER ()`),
/// worth it only when the plan reads every match anyway (free text: the matches are sorted).
fn page_statement(conn: &Connection, q: &GrievanceQuery, with_count: bool, plan: Plan, columns: &str, join: &str) -> Result<(String, Vec<Value>, Clause)> {
    let limit = q.limit.clamp(1, MAX_LIMIT);
    let base = filters(q, plan)?;
    let mut page = base.clone();
    let (from, (key, id)) = match own_dues(q, &mut page) {
        Some(from) => (from, own_dues_sort(q.sort)),
        None => (source(&q.scope, &mut page), sort_columns(q.sort, &q.scope)),
    };
    let (cmp, order) = match q.direction {
        Direction::Asc => (">", "ASC"),
        Direction::Desc => ("<", "DESC"),
    };
    if let Some(cursor) = &q.after {
        let (after_key, after_id) = cursor.decode(q.sort, q.direction)?;
        page.push(format!("({key}, {id}) {cmp} (?, ?)"), [after_key, Value::Integer(after_id)]);
    }
    if let Some((earliest, latest)) = &q.filed_between {
        page.push("g.filed_at >= ? AND g.filed_at <= ?", [Value::Text(earliest.clone()), Value::Text(latest.clone())]);
    }
    if let Some((low, high)) = filed_window(conn, q)? {
        page.push("g.filed_at < ?", [Value::Text(high)]);
        if let Some(low) = low {
            page.push("g.filed_at >= ?", [Value::Text(low)]);
        }
    }
    // The inner statement finds the page's ids in order (over indexes only where it can);
    // the outer one reads the whole rows, names included, for those ids alone, so a plan
    // that sorts many matches sorts small (key, id) records rather than whole rows.
    let (inner, params) = match area_by_filing(q, &base, with_count, plan, order, cmp, limit + 1)? {
        Some(merged) => merged,
        None => {
            let total = if with_count { ", count(*) OVER () AS total" } else { ", NULL AS total" };
            let inner = format!("SELECT g.id AS id, {key} AS k{total} FROM {from} WHERE {} ORDER BY {key} {order}, {id} {order} LIMIT {}", page.sql(), limit + 1);
            (inner, page.params)
        }
    };
    let sql = format!("SELECT {columns}, p.k, p.total FROM ({inner}) AS p JOIN grievances g ON g.id = p.id {join} ORDER BY p.k {order}, p.id {order}");
    Ok((sql, params, base))
}

/// Whether `q` filters by nothing but places, a status and a priority: each station's part
/// then reads its own index range (`g_station`) or walks its filing order testing the item,
/// where one statement over the area gathered the state's cases of the priority (a fifth of
/// them) to keep the area's: 180 ms a page.
fn only_items(q: &GrievanceQuery) -> bool {
    q.search.is_none()
        && q.fir_no.is_none()
        && q.fir_date_from.is_none()
        && q.fir_date_to.is_none()
        && q.overdue.is_none()
        && q.due.is_none()
        && !q.closure_pending
        && q.escalated_to.is_none()
        && !q.appeal_pending
        && q.section.is_none()
        && q.assigned_to.is_none()
        && q.crime_title.is_none()
        && q.filed_from.is_none()
        && q.filed_until.is_none()
        && q.ids.is_none()
}

/// The most stations an area's list merges part by part (SQLite takes at most 500 parts in
/// one compound statement); a larger area is read as one.
const MERGED_STATIONS: usize = 250;

/// An area's page in filing order with nothing filtering it but its items (`only_items`), or
/// walked (its filters tested on each row, as a common text is): each of its stations' cases
/// newest (or oldest) first from `g_station_filed` (or `g_station` for a status), and its
/// districts' cases without a station, as the parts of one compound statement under one
/// `ORDER BY` and `LIMIT`. SQLite runs each part as a coroutine in its index's order and
/// merges them, asking a part for its next row only when the merge takes its last one, so a
/// page reads its own rows and each station's first (a walked text: the rows that hold them).
/// The one statement over the area gathered all of it and sorted it (a range office's 51,000
/// of a state's million: 200 ms of a core a page). Each part a subquery with a `LIMIT` of its
/// own was no better for a text: SQLite read each to its limit and sorted it before merging,
/// a page of matches per station (a range's 80: 32,000 rows for "motorcycle"; 372 ms at
/// 100,000 against 17 ms merged lazily). The inner statement and its parameters; `None` for
/// any other question.
#[allow(clippy::too_many_arguments)]
fn area_by_filing(q: &GrievanceQuery, base: &Clause, with_count: bool, plan: Plan, order: &str, cmp: &str, n: usize) -> Result<Option<(String, Vec<Value>)>> {
    let Scope::Area { stations, districts } = &q.scope else { return Ok(None) };
    let filtered = !base.terms.is_empty();
    if q.sort != Sort::FiledAt || (filtered && plan != Plan::Walk && !only_items(q)) || with_count || q.filed_between.is_some() || stations.len() > MERGED_STATIONS {
        return Ok(None);
    }
    let after = q.after.as_ref().map(|cursor| cursor.decode(q.sort, q.direction)).transpose()?;
    let mut params = Vec::with_capacity((stations.len() + 1) * (3 + base.params.len()));
    let mut part = |place: &str, value: Value| {
        params.push(value);
        let mut terms = place.to_string();
        if filtered {
            terms += &format!(" AND {}", base.sql());
            params.extend(base.params.iter().cloned());
        }
        if let Some((key, id)) = &after {
            terms += &format!(" AND (g.filed_at, g.id) {cmp} (?, ?)");
            params.extend([key.clone(), Value::Integer(*id)]);
        }
        format!("SELECT g.id AS id, g.filed_at AS k, NULL AS total FROM grievances g WHERE {terms}")
    };
    let mut parts: Vec<String> = stations.iter().map(|station| part("g.police_station_id = ?", Value::Integer(*station))).collect();
    parts.push(part("g.police_station_id IS NULL AND g.district_id IN (SELECT value FROM json_each(?))", ids_json(districts)));
    Ok(Some((format!("{} ORDER BY k {order}, id {order} LIMIT {n}", parts.join(" UNION ALL ")), params)))
}

/// For a FIR date range sorted newest first (state scope): the filing times the page can
/// lie in, from `fir_filed_tally`, so that the scan of `g_district_filed` (or `g_filed`)
/// starts at the newest month holding a match rather than at today, and stops at the month
/// by which a page is certain to be full. `(low, high)`: `filed_at < high`, and
/// `filed_at >= low` when known.
///
/// Sound by construction: `high` is past every filing month with a row of the district in
/// the FIR months the range touches (the other filters only remove rows). `low` is given
/// only when the filters are the district and the dates alone: walking the filing months
/// down from the newest (those of the cursor's month and later skipped, as its rows may be
/// on earlier pages), the rows of FIR months wholly inside the range all match, and `low`
/// is the month where they first reach a page and one row.
fn filed_window(conn: &Connection, q: &GrievanceQuery) -> Result<Option<(Option<String>, String)>> {
    if q.scope != Scope::State || q.sort != Sort::FiledAt || (q.fir_date_from.is_none() && q.fir_date_to.is_none()) {
        return Ok(None);
    }
    let from = q.fir_date_from.as_deref().map(|d| parse_day(d).map(|_| d)).transpose()?;
    let to = q.fir_date_to.as_deref().map(|d| parse_day(d).map(|_| d)).transpose()?;
    if let (Some(f), Some(t)) = (from, to) {
        if f > t {
            return Ok(None);
        }
    }
    let touched = (from.map_or("0000-00".to_string(), |f| f[..7].to_string()), to.map_or("9999-99".to_string(), |t| t[..7].to_string()));
    let (first, last) = whole_months(from, to)?;
    let mut c = Clause::default();
    if let Some(d) = q.district_id {
        c.push("district_id = ?", [Value::Integer(d)]);
    }
    c.push("fir_month BETWEEN ? AND ?", [Value::Text(touched.0), Value::Text(touched.1)]);
    let mut params = vec![Value::Text(first), Value::Text(last)];
    params.extend(c.params.iter().cloned());
    let sql = format!(
        "SELECT filed_month, sum(n), sum(CASE WHEN fir_month BETWEEN ? AND ? THEN n ELSE 0 END) FROM fir_filed_tally WHERE {}
          GROUP BY filed_month HAVING sum(n) > 0 ORDER BY filed_month DESC",
        c.sql()
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let months = stmt
        .query_map(params_from_iter(params.iter()), |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(2)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let Some((newest, _)) = months.first() else {
        // No row of the district in those FIR months: nothing is filed before "".
        return Ok(Some((None, String::new())));
    };
    if newest.as_str() >= "9999-12" {
        return Ok(None);
    }
    let high = next_month(newest);
    // Newest first only: the lower bound is where a page from the top is certain to end.
    let exact = q.direction == Direction::Desc
        && q.search.is_none()
        && q.fir_no.is_none()
        && q.police_station_id.is_none()
        && q.status_id.is_none()
        && q.priority_id.is_none()
        && q.overdue.is_none()
        && q.due.is_none()
        && !q.closure_pending
        && !q.appeal_pending
        && q.escalated_to.is_none()
        && q.section.is_none()
        && !q.tests_rows();
    if !exact {
        return Ok(Some((None, high)));
    }
    let cursor_month = match &q.after {
        Some(cursor) => match cursor.decode(q.sort, q.direction)?.0 {
            Value::Text(t) => Some(t.chars().take(7).collect::<String>()),
            _ => return Err(SqlError::BadCursor),
        },
        None => None,
    };
    let need = q.limit.clamp(1, MAX_LIMIT) as i64 + 1;
    let mut seen = 0;
    for (month, inside) in &months {
        if cursor_month.as_ref().is_some_and(|c| month >= c) {
            continue;
        }
        seen += inside;
        if seen >= need {
            return Ok(Some((Some(month.clone()), high)));
        }
    }
    Ok(Some((None, high)))
}

/// How SQLite answers the page of `q` (`EXPLAIN QUERY PLAN`, one line per step): which
/// index serves which filter, for benchmarks and reviews.
pub fn explain(conn: &Connection, q: &GrievanceQuery) -> Result<String> {
    explain_planned(conn, q, Plan::Indexes)
}

/// As [`explain`], the page found as `plan` says.
pub fn explain_planned(conn: &Connection, q: &GrievanceQuery, plan: Plan) -> Result<String> {
    let (sql, params, _) = page_statement(conn, q, false, plan, COLUMNS, DETAILS)?;
    let mut stmt = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}"))?;
    let lines = stmt.query_map(params_from_iter(params.iter()), |r| r.get::<_, String>(3))?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(lines.join("; "))
}

/// How SQLite counts the matches of `q` row by row (the statement [`count_rows`] runs for the
/// filters no figure answers), as [`explain`] says it.
pub fn explain_count(conn: &Connection, q: &GrievanceQuery) -> Result<String> {
    let (sql, params) = count_statement(&q.scope, filters(q, Plan::Indexes)?);
    let mut stmt = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}"))?;
    let lines = stmt.query_map(params_from_iter(params.iter()), |r| r.get::<_, String>(3))?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(lines.join("; "))
}

/// Answers a list question: one statement for the page, and the count as the module's
/// documentation says (figures where they can tell, else the same `WHERE` counted in SQL).
pub fn list(conn: &Connection, q: &GrievanceQuery) -> Result<ListPage> {
    check_countable(q)?;
    // A text filter's matches are all read (and sorted) for the first page anyway: count
    // them in the same pass rather than running the text search a second time.
    let with_count = q.has_text() && q.after.is_none();
    let (rows, next, counted, base) = read_page(conn, q, with_count, Plan::Indexes)?;
    let matched = match counted {
        Some(n) => n,
        // A first page that is also the last holds every match: nothing more to count.
        None if next.is_none() && q.after.is_none() => rows.len() as u64,
        None => count(conn, q, &base)?,
    };
    Ok(ListPage { rows, matched, next })
}

/// A page alone, without counting: a full page or the true last one. Texts shorter than a
/// trigram are found here (by reading rows until the page is full), never counted.
pub fn page(conn: &Connection, q: &GrievanceQuery) -> Result<(Vec<GrievanceRow>, Option<Cursor>)> {
    page_with(conn, q, Plan::Indexes)
}

/// As [`page`], found as `plan` says: the same rows in the same order either way.
pub fn page_with(conn: &Connection, q: &GrievanceQuery, plan: Plan) -> Result<(Vec<GrievanceRow>, Option<Cursor>)> {
    let (rows, next, _, _) = read_page(conn, q, false, plan)?;
    Ok((rows, next))
}

/// [`page_with`]'s page as list rows ([`SummaryRow`]): the same grievances in the same order,
/// with the same cursor, read without the rest of their records.
pub fn summaries_with(conn: &Connection, q: &GrievanceQuery, plan: Plan) -> Result<(Vec<SummaryRow>, Option<Cursor>)> {
    let (rows, next, _, _) = read_page_as(conn, q, false, plan)?;
    Ok((rows, next))
}

type ReadPage<T = GrievanceRow> = (Vec<T>, Option<Cursor>, Option<u64>, Clause);

/// A page's row as [`read_page_as`] reads it: the columns its statement selects, how a row
/// of them is read (or why it cannot be), and its id, which a cursor goes on after.
trait PageRow: Sized {
    const COLUMNS: &'static str;
    /// How many they are: the page's sort key and count follow them.
    const COLUMN_COUNT: usize;
    /// What the columns need joined to the row (its details).
    const JOIN: &'static str;
    fn read(r: &Row) -> rusqlite::Result<std::result::Result<Self, SqlError>>;
    fn id(&self) -> i64;
}

impl PageRow for GrievanceRow {
    const COLUMNS: &'static str = COLUMNS;
    const COLUMN_COUNT: usize = COLUMN_COUNT;
    const JOIN: &'static str = DETAILS;
    fn read(r: &Row) -> rusqlite::Result<std::result::Result<Self, SqlError>> {
        read_row(r)
    }
    fn id(&self) -> i64 {
        self.id
    }
}

impl PageRow for SummaryRow {
    const COLUMNS: &'static str = SUMMARY_COLUMNS;
    const COLUMN_COUNT: usize = SUMMARY_COLUMN_COUNT;
    const JOIN: &'static str = "";
    fn read(r: &Row) -> rusqlite::Result<std::result::Result<Self, SqlError>> {
        read_summary_row(r)
    }
    fn id(&self) -> i64 {
        self.id
    }
}

fn read_page(conn: &Connection, q: &GrievanceQuery, with_count: bool, plan: Plan) -> Result<ReadPage> {
    read_page_as(conn, q, with_count, plan)
}

fn read_page_as<T: PageRow>(conn: &Connection, q: &GrievanceQuery, with_count: bool, plan: Plan) -> Result<ReadPage<T>> {
    let limit = q.limit.clamp(1, MAX_LIMIT);
    let (sql, params, base) = page_statement(conn, q, with_count, plan, T::COLUMNS, T::JOIN)?;
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut found = stmt.query(params_from_iter(params.iter()))?;
    let mut rows = Vec::with_capacity(limit + 1);
    let mut last_key = Value::Null;
    let mut counted: Option<u64> = None;
    while let Some(r) = found.next()? {
        if with_count {
            counted = Some(r.get::<_, i64>(T::COLUMN_COUNT + 1)? as u64);
        }
        if rows.len() == limit {
            // The extra row: there is a next page, starting after the last row kept.
            let last: &T = rows.last().expect("limit is at least 1");
            let next = Some(Cursor::encode(q.sort, q.direction, &last_key, last.id()));
            return Ok((rows, next, counted, base));
        }
        last_key = r.get::<_, Value>(T::COLUMN_COUNT)?;
        rows.push(T::read(r)??);
    }
    Ok((rows, None, counted, base))
}

/// The exact number of matches of `q` (cursor and limit aside).
pub fn count_matches(conn: &Connection, q: &GrievanceQuery) -> Result<u64> {
    check_countable(q)?;
    // One's own text is tested on each of one's cases (a station's writer has a few hundred):
    // through the text index it read the state's every match ("motorcycle": 125,000) to keep
    // one's own.
    let plan = if matches!(q.scope, Scope::Own(_)) && q.has_text() { Plan::Walk } else { Plan::Indexes };
    let base = filters(q, plan)?;
    count(conn, q, &base)
}

/// The exact number of matches of `q` among the grievances whose ids lie in `ids`, per
/// slice of ids (`id >> bits`; slices without a match are left out), counted row by row in
/// one statement: the slices [`super::count_memo`] keeps a text's count in. Found as `plan`
/// says: through the text index (the state's candidates in those ids), or by testing each of
/// an area's rows in turn.
pub fn count_matches_by_slice(conn: &Connection, q: &GrievanceQuery, ids: Range<i64>, bits: u32, plan: Plan) -> Result<Vec<(i64, u64)>> {
    check_countable(q)?;
    let mut clause = filters_within(q, plan, Some(&ids))?;
    let from = source(&q.scope, &mut clause);
    // The ids, tallied here: they come in id order, but SQLite does not know that `id >> bits`
    // follows it, and would sort them all to group them.
    let sql = format!("SELECT g.id FROM {from} WHERE {}", clause.sql());
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut ids = stmt.query(params_from_iter(clause.params.iter()))?;
    let mut counted: BTreeMap<i64, u64> = BTreeMap::new();
    while let Some(r) = ids.next()? {
        *counted.entry(r.get::<_, i64>(0)? >> bits).or_default() += 1;
    }
    Ok(counted.into_iter().collect())
}

fn count(conn: &Connection, q: &GrievanceQuery, base: &Clause) -> Result<u64> {
    if let Some((act, section)) = &q.section {
        // No figures are kept by section: the state's cases of one alone are a count of its
        // range of `grievance_sections`; with anything else, the rows are counted.
        if q.scope == Scope::State && base.terms.len() == 1 {
            let (within, params) = section_range(act, section.as_deref());
            return sum(conn, &format!("SELECT count(DISTINCT s.grievance_id) FROM grievance_sections s WHERE {within}"), &params);
        }
        return count_rows(conn, &q.scope, base.clone());
    }
    if let (Some(due), false, false) = (&q.due, q.closure_pending || q.appeal_pending, q.escalated_to.is_some()) {
        if let Some(n) = count_due(conn, q, due)? {
            return Ok(n);
        }
    }
    if q.closure_pending || q.appeal_pending || q.escalated_to.is_some() || q.due.is_some() || q.tests_rows() {
        // No figures are kept of the queues: their rows are few, and counted. The clock
        // filters with other filters, or in one's own cases, count their range of the
        // due-day indexes.
        return count_rows(conn, &q.scope, base.clone());
    }
    if let (Scope::Own(user), true) = (&q.scope, base.terms.is_empty()) {
        return sum(conn, "SELECT coalesce((SELECT n FROM viewer_tally WHERE user_id = ?), 0)", &[Value::Integer(*user)]);
    }
    if let Scope::Area { stations, districts } = &q.scope {
        if !q.has_text() && q.fir_date_from.is_none() && q.fir_date_to.is_none() && q.overdue.is_none() {
            let (area, params) = area_tallies(stations, districts, equality_terms(q));
            return sum(conn, &format!("SELECT coalesce(sum(n), 0) FROM {area}"), &params);
        }
    }
    if q.scope == Scope::State && !q.has_text() {
        let no_dates = q.fir_date_from.is_none() && q.fir_date_to.is_none();
        let tallied = q.status_id.is_none() && no_dates;
        match &q.overdue {
            None => return count_from_tallies(conn, q),
            Some(overdue) if tallied => return count_overdue(conn, overdue, q),
            Some(_) => {}
        }
    }
    count_rows(conn, &q.scope, base.clone())
}

/// A clock filter alone, or with a district or a station, in the state's or an area's
/// scope: a sum over the due days of the range in `due_tally` (kind 0 the state, 1 a
/// district, 2 a station). An area is its stations' figures and a count of its districts'
/// grievances without a station (few, as the form asks for one); one's own cases, the range
/// of their `viewer_dues`. `None`: not answerable so.
fn count_due(conn: &Connection, q: &GrievanceQuery, (from, to): &(Option<String>, String)) -> Result<Option<u64>> {
    let only_places = !q.has_text() && q.status_id.is_none() && q.priority_id.is_none() && q.fir_date_from.is_none() && q.fir_date_to.is_none() && q.overdue.is_none();
    if !only_places {
        return Ok(None);
    }
    let from = from.clone().unwrap_or_default();
    let days = |kind: i64, place: i64| -> Result<u64> {
        sum(
            conn,
            "SELECT coalesce(sum(n), 0) FROM due_tally WHERE kind = ?1 AND place_id = ?2 AND due_day >= ?3 AND due_day <= ?4",
            &[Value::Integer(kind), Value::Integer(place), Value::Text(from.clone()), Value::Text(to.clone())],
        )
    };
    match (&q.scope, q.district_id, q.police_station_id) {
        (Scope::State, None, None) => Ok(Some(days(0, 0)?)),
        (Scope::State, Some(district), None) => Ok(Some(days(1, district)?)),
        (Scope::State, None, Some(station)) => Ok(Some(days(2, station)?)),
        (Scope::Area { stations, districts }, None, None) => {
            let mut n = 0;
            for station in stations {
                n += days(2, *station)?;
            }
            let stationless = conn
                .prepare_cached(
                    "SELECT count(*) FROM grievances INDEXED BY g_due_station
                      WHERE police_station_id IS NULL AND next_due >= ?2 AND next_due <= ?3 AND district_id IN (SELECT value FROM json_each(?1))",
                )?
                .query_row(params![ids_json(districts), from, to], |r| r.get::<_, i64>(0))?;
            Ok(Some(n + stationless as u64))
        }
        (Scope::Area { stations, .. }, None, Some(station)) => Ok(Some(if stations.contains(&station) { days(2, station)? } else { 0 })),
        // One's own: the range of their due days, counted from the key alone.
        (Scope::Own(user), None, None) => Ok(Some(sum(
            conn,
            "SELECT count(*) FROM viewer_dues WHERE user_id = ?1 AND next_due >= ?2 AND next_due <= ?3",
            &[Value::Integer(*user), Value::Text(from.clone()), Value::Text(to.clone())],
        )?)),
        _ => Ok(None),
    }
}

fn ids_json(ids: &[i64]) -> Value {
    Value::Text(serde_json::to_string(ids).expect("ids serialise"))
}

/// An area's rows of `grievance_tally` matching `c`, as a table to select from: the rows of
/// its stations, and of its districts' grievances without a station (station 0), read as two
/// ranges of `grievance_tally_by_station`. Written as one condition with an `OR`, SQLite
/// gathered the key of every matching row in a temporary b-tree to drop repeats the two
/// halves cannot have: a range's 1,600 rows took 1.7 ms, and 0.6 ms as two ranges.
fn area_tallies(stations: &[i64], districts: &[i64], c: Clause) -> (String, Vec<Value>) {
    let terms = c.sql();
    let mut params = vec![ids_json(stations)];
    params.extend(c.params.iter().cloned());
    params.push(ids_json(districts));
    params.extend(c.params);
    let table = format!(
        "(SELECT * FROM grievance_tally WHERE police_station_id IN (SELECT value FROM json_each(?)) AND {terms} \
         UNION ALL SELECT * FROM grievance_tally WHERE police_station_id = 0 AND district_id IN (SELECT value FROM json_each(?)) AND {terms})"
    );
    (table, params)
}

/// The figures of an area's grievances without a station (few, as the form asks for one):
/// total, done, resolved count and resolution days, found through the station index's
/// empty-station range.
fn stationless_figures(conn: &Connection, districts: &[i64]) -> Result<(i64, i64, i64, i64)> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*), coalesce(sum(done), 0), count(resolution_days), coalesce(sum(resolution_days), 0) FROM grievances INDEXED BY g_station
              WHERE police_station_id IS NULL AND district_id IN (SELECT value FROM json_each(?1))",
        )?
        .query_row([ids_json(districts)], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?)
}

/// Counts in SQL, row by row over the best index: the general, exact path.
fn count_rows(conn: &Connection, scope: &Scope, clause: Clause) -> Result<u64> {
    let (sql, params) = count_statement(scope, clause);
    Ok(conn.prepare_cached(&sql)?.query_row(params_from_iter(params.iter()), |r| r.get::<_, i64>(0))? as u64)
}

/// The statement [`count_rows`] runs, and its parameters.
fn count_statement(scope: &Scope, mut clause: Clause) -> (String, Vec<Value>) {
    let from = source(scope, &mut clause);
    (format!("SELECT count(*) FROM {from} WHERE {}", clause.sql()), clause.params)
}

fn equality_terms(q: &GrievanceQuery) -> Clause {
    let mut c = Clause::default();
    for (column, value) in
        [("district_id", q.district_id), ("police_station_id", q.police_station_id), ("status_id", q.status_id), ("priority_id", q.priority_id)]
    {
        if let Some(v) = value {
            c.push(format!("{column} = ?"), [Value::Integer(v)]);
        }
    }
    c
}

fn sum(conn: &Connection, sql: &str, params: &[Value]) -> Result<u64> {
    Ok(conn.prepare_cached(sql)?.query_row(params_from_iter(params.iter()), |r| r.get::<_, i64>(0))? as u64)
}

/// The first and last FIR months (`YYYY-MM`) lying wholly inside the range `from..=to`
/// (open ends reach the earliest and latest months): what the month tallies can answer
/// without counting rows.
fn whole_months(from: Option<&str>, to: Option<&str>) -> Result<(String, String)> {
    let first = match from {
        None => "0000-00".to_string(),
        Some(f) if f.ends_with("-01") => f[..7].to_string(),
        Some(f) => next_month(&f[..7]),
    };
    let last = match to {
        None => "9999-99".to_string(),
        Some(t) => {
            let day = parse_day(t)?;
            if day.next_day().is_none_or(|d| d.month() != day.month()) { t[..7].to_string() } else { previous_month(&t[..7]) }
        }
    };
    Ok((first, last))
}

/// "YYYY-MM" of the month after / before `month`.
fn next_month(month: &str) -> String {
    let (y, m): (i32, u32) = (month[..4].parse().unwrap_or(0), month[5..7].parse().unwrap_or(1));
    if m == 12 { format!("{:04}-01", y + 1) } else { format!("{y:04}-{:02}", m + 1) }
}

fn previous_month(month: &str) -> String {
    let (y, m): (i32, u32) = (month[..4].parse().unwrap_or(0), month[5..7].parse().unwrap_or(1));
    if m == 1 { format!("{:04}-12", y - 1) } else { format!("{y:04}-{:02}", m - 1) }
}

/// The state-scope count of equality filters and a FIR date range, from the figures: the
/// whole months of the range from the month tally, the days of the partial months at its
/// edges counted in rows (the same filters, over `g_district`/`g_fir`/`g_station`).
fn count_from_tallies(conn: &Connection, q: &GrievanceQuery) -> Result<u64> {
    let eq = equality_terms(q);
    if q.fir_date_from.is_none() && q.fir_date_to.is_none() {
        return sum(conn, &format!("SELECT coalesce(sum(n), 0) FROM grievance_tally WHERE {}", eq.sql()), &eq.params);
    }
    let from = q.fir_date_from.as_deref().map(|d| parse_day(d).map(|_| d)).transpose()?;
    let to = q.fir_date_to.as_deref().map(|d| parse_day(d).map(|_| d)).transpose()?;
    if let (Some(f), Some(t)) = (from, to) {
        if f > t {
            return Ok(0);
        }
    }
    let (first, last) = whole_months(from, to)?;
    let rows_between = |lo: Option<String>, hi: Option<String>| -> Result<u64> {
        let mut c = Clause::default();
        for (column, value) in
            [("g.district_id", q.district_id), ("g.police_station_id", q.police_station_id), ("g.status_id", q.status_id), ("g.priority_id", q.priority_id)]
        {
            if let Some(v) = value {
                c.push(format!("{column} = ?"), [Value::Integer(v)]);
            }
        }
        if let Some(lo) = lo {
            c.push("g.fir_date >= ?", [Value::Text(lo)]);
        }
        if let Some(hi) = hi {
            c.push("g.fir_date <= ?", [Value::Text(hi)]);
        }
        count_rows(conn, &Scope::State, c)
    };
    if first > last {
        // No whole month inside: the range is a few days of one or two months.
        return rows_between(from.map(str::to_string), to.map(str::to_string));
    }
    let mut total = {
        let mut c = eq.clone();
        c.push("fir_month BETWEEN ? AND ?", [Value::Text(first.clone()), Value::Text(last.clone())]);
        sum(conn, &format!("SELECT coalesce(sum(n), 0) FROM grievance_month_tally WHERE {}", c.sql()), &c.params)?
    };
    if let Some(f) = from {
        if !f.ends_with("-01") {
            // The days before the first whole month: `first`-00 sorts just before its 1st.
            total += rows_between(Some(f.to_string()), Some(format!("{first}-00")))?;
        }
    }
    if let Some(t) = to {
        if t[..7] != last {
            // After the last whole month: `last`-99 sorts after its last day.
            total += rows_between(Some(format!("{last}-99")), Some(t.to_string()))?;
        }
    }
    Ok(total)
}

/// Overdue in the state scope (optionally of one priority, station and district), from the
/// stage figures: for each limit, the whole months before the cutoff's month from
/// `stage_tally` (or its per-station / per-district twin), and the rows of the cutoff's own
/// month up to the cutoff day over `g_stage` (covering: station and district are in it).
/// One statement.
fn count_overdue(conn: &Connection, overdue: &Overdue, q: &GrievanceQuery) -> Result<u64> {
    let cutoffs: Vec<_> = overdue.cutoffs().into_iter().filter(|(_, p, _)| q.priority_id.is_none_or(|want| want == *p)).collect();
    if cutoffs.is_empty() {
        return Ok(0);
    }
    let (tally, place): (&str, Vec<(&str, i64)>) = match (q.police_station_id, q.district_id) {
        (Some(s), None) => ("stage_station_tally", vec![("police_station_id", s)]),
        (Some(s), Some(d)) => ("stage_station_tally", vec![("police_station_id", s), ("district_id", d)]),
        (None, Some(d)) => ("stage_district_tally", vec![("district_id", d)]),
        (None, None) => ("stage_tally", vec![]),
    };
    let tally_terms: String = place.iter().map(|(column, _)| format!(" AND t.{column} = ?")).collect();
    let row_terms: String = place.iter().map(|(column, _)| format!(" AND g.{column} = ?")).collect();
    let (values, mut params) = limits_table(cutoffs);
    for _ in 0..2 {
        params.extend(place.iter().map(|(_, v)| Value::Integer(*v)));
    }
    // The limits as a table joined to the figures and to `g_stage`: measured 2.6 times
    // faster than one pair of scalar subqueries per limit with bound parameters.
    let sql = format!(
        "WITH lim (stage, priority_id, cutoff) AS (VALUES {values})
         SELECT (SELECT coalesce(sum(t.n), 0) FROM lim JOIN {tally} t
                   ON t.stage = lim.stage AND t.priority_id = lim.priority_id{tally_terms} AND t.since_month < substr(lim.cutoff, 1, 7))
              + (SELECT count(*) FROM lim JOIN grievances g
                   ON g.stage = lim.stage AND g.priority_id = lim.priority_id AND g.stage < 4
                  AND g.stage_since >= substr(lim.cutoff, 1, 7) || '-01' AND g.stage_since <= lim.cutoff{row_terms})"
    );
    sum(conn, &sql, &params)
}

/// The limits as the rows of a `VALUES` table `lim (stage, priority_id, cutoff)`, and its
/// parameters.
fn limits_table(cutoffs: Vec<(i64, i64, String)>) -> (String, Vec<Value>) {
    let values = vec!["(?, ?, ?)"; cutoffs.len()].join(", ");
    (values, cutoffs.into_iter().flat_map(|(s, p, cut)| [Value::Integer(s), Value::Integer(p), Value::Text(cut)]).collect())
}

/// Overdue in the state scope by police station (0: without one), counted as
/// [`count_overdue`] counts a station's, for every station in one statement: a station at a
/// time read the rows of each cutoff's month once per station, and a state has 1,500.
/// `stations`: those alone (a district's or a range's office asks for its own, a seek per
/// limit and station in the figures' key, where every station's figures are 136,000 rows of
/// a state's million); `None`: every station. Stations without an overdue grievance are
/// left out.
pub fn count_overdue_by_station(conn: &Connection, overdue: &Overdue, stations: Option<&[i64]>) -> Result<BTreeMap<i64, u64>> {
    let cutoffs = overdue.cutoffs();
    if cutoffs.is_empty() {
        return Ok(BTreeMap::new());
    }
    let (values, mut params) = limits_table(cutoffs);
    let (of_tally, of_rows) = match stations {
        Some(stations) => {
            params.push(ids_json(stations));
            ("AND t.police_station_id IN (SELECT value FROM ids)", "AND coalesce(g.police_station_id, 0) IN (SELECT value FROM ids)")
        }
        None => ("", ""),
    };
    let ids = if stations.is_some() { ", ids AS (SELECT value FROM json_each(?))" } else { "" };
    let sql = format!(
        "WITH lim (stage, priority_id, cutoff) AS (VALUES {values}){ids}
         SELECT station, sum(n) FROM (
             SELECT t.police_station_id AS station, sum(t.n) AS n FROM lim JOIN stage_station_tally t
                 ON t.stage = lim.stage AND t.priority_id = lim.priority_id AND t.since_month < substr(lim.cutoff, 1, 7) {of_tally}
              GROUP BY t.police_station_id
             UNION ALL
             SELECT coalesce(g.police_station_id, 0), count(*) FROM lim JOIN grievances g
                 ON g.stage = lim.stage AND g.priority_id = lim.priority_id AND g.stage < 4
                AND g.stage_since >= substr(lim.cutoff, 1, 7) || '-01' AND g.stage_since <= lim.cutoff {of_rows}
              GROUP BY 1)
         GROUP BY station HAVING sum(n) > 0"
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map(params_from_iter(params.iter()), |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)? as u64)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// How many grievances of the scope have each status (`None`: no status), for the
/// dashboard. The state scope reads `state_tally` (a row per status and priority, in status
/// order); another scope groups its rows, as many as its cases.
pub fn counts_by_status(conn: &Connection, scope: &Scope) -> Result<Vec<(Option<i64>, u64)>> {
    let mut c = Clause::default();
    let sql = match scope {
        Scope::State => "SELECT nullif(status_id, 0), sum(n) FROM state_tally GROUP BY status_id HAVING sum(n) > 0".to_string(),
        Scope::Area { stations, districts } => {
            let area;
            (area, c.params) = area_tallies(stations, districts, Clause::default());
            format!("SELECT nullif(status_id, 0), sum(n) FROM {area} GROUP BY status_id HAVING sum(n) > 0")
        }
        Scope::Own(user) => {
            c.params.push(Value::Integer(*user));
            "SELECT nullif(status_id, 0), sum(n) FROM viewer_figures WHERE user_id = ? GROUP BY status_id HAVING sum(n) > 0 ORDER BY status_id".to_string()
        }
    };
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map(params_from_iter(c.params.iter()), |r| Ok((r.get::<_, Option<i64>>(0)?, r.get::<_, i64>(1)? as u64)))?;
    Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
}

/// The figures of a scope: how many grievances, how many done (resolved or closed), how
/// many of those have a resolution date and their days summed, and counts by status and
/// by priority item (`None`: no item).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    pub total: i64,
    pub done: i64,
    pub resolved_count: i64,
    pub resolution_days: i64,
    pub by_status: BTreeMap<Option<i64>, i64>,
    pub by_priority: BTreeMap<Option<i64>, i64>,
}

/// One police station's figures (`None`: grievances without a station).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StationFigures {
    pub police_station_id: Option<i64>,
    pub total: i64,
    pub done: i64,
}

type ScopeGroup = (Option<i64>, Option<i64>, Option<i64>, i64, i64, i64, i64);

/// A user's own figures by status, priority and station, as kept (`viewer_figures`, schema
/// 33): a few rows whatever the number of their cases.
fn own_groups(conn: &Connection, user: i64) -> Result<Vec<ScopeGroup>> {
    let mut stmt = conn.prepare_cached(
        "SELECT nullif(status_id, 0), nullif(priority_id, 0), nullif(police_station_id, 0), n, done, resolved_count, resolution_days
           FROM viewer_figures WHERE user_id = ?1 AND n > 0",
    )?;
    let rows = stmt.query_map([user], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?)))?;
    Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
}

/// The scope's figures. The state's and an area's come from `grievance_tally` and
/// `station_figures` (hundreds of rows whatever the number of grievances), with an area's
/// grievances without a station counted; a user's from their kept figures.
pub fn figures(conn: &Connection, scope: &Scope) -> Result<Figures> {
    let mut f = Figures::default();
    match scope {
        Scope::Area { stations, districts } => {
            (f.total, f.done, f.resolved_count, f.resolution_days) = stationless_figures(conn, districts)?;
            let mut stmt = conn.prepare_cached(
                "SELECT total, done, resolved_count, resolution_days FROM station_figures WHERE police_station_id IN (SELECT value FROM json_each(?1))",
            )?;
            let rows = stmt.query_map([ids_json(stations)], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?, r.get::<_, i64>(3)?)))?;
            for row in rows {
                let (total, done, resolved, days) = row?;
                (f.total, f.done, f.resolved_count, f.resolution_days) = (f.total + total, f.done + done, f.resolved_count + resolved, f.resolution_days + days);
            }
            let (area, params) = area_tallies(stations, districts, Clause::default());
            let sql = format!("SELECT nullif(status_id, 0), nullif(priority_id, 0), sum(n) FROM {area} GROUP BY status_id, priority_id HAVING sum(n) > 0");
            let mut stmt = conn.prepare_cached(&sql)?;
            let rows = stmt.query_map(params_from_iter(params.iter()), |r| Ok((r.get::<_, Option<i64>>(0)?, r.get::<_, Option<i64>>(1)?, r.get::<_, i64>(2)?)))?;
            for row in rows {
                let (status, priority, n) = row?;
                *f.by_status.entry(status).or_default() += n;
                *f.by_priority.entry(priority).or_default() += n;
            }
        }
        Scope::State => {
            (f.total, f.done, f.resolved_count, f.resolution_days) = conn.prepare_cached(
                "SELECT coalesce(sum(total), 0), coalesce(sum(done), 0), coalesce(sum(resolved_count), 0), coalesce(sum(resolution_days), 0) FROM station_figures",
            )?
            .query_row([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
            // The state's sums by status and priority, kept as the tallies change.
            let mut stmt = conn.prepare_cached("SELECT nullif(status_id, 0), nullif(priority_id, 0), n FROM state_tally WHERE n > 0")?;
            let rows = stmt.query_map([], |r| Ok((r.get::<_, Option<i64>>(0)?, r.get::<_, Option<i64>>(1)?, r.get::<_, i64>(2)?)))?;
            for row in rows {
                let (status, priority, n) = row?;
                *f.by_status.entry(status).or_default() += n;
                *f.by_priority.entry(priority).or_default() += n;
            }
        }
        Scope::Own(user) => {
            for (status, priority, _, n, done, resolved, days) in own_groups(conn, *user)? {
                f.total += n;
                f.done += done;
                f.resolved_count += resolved;
                f.resolution_days += days;
                *f.by_status.entry(status).or_default() += n;
                *f.by_priority.entry(priority).or_default() += n;
            }
        }
    }
    Ok(f)
}

/// The scope's figures per police station, stations with grievances only, by station id.
pub fn station_figures(conn: &Connection, scope: &Scope) -> Result<Vec<StationFigures>> {
    let mut by_station: BTreeMap<Option<i64>, (i64, i64)> = BTreeMap::new();
    match scope {
        Scope::Area { stations, districts } => {
            let mut stmt = conn.prepare_cached("SELECT police_station_id, total, done FROM station_figures WHERE police_station_id IN (SELECT value FROM json_each(?1)) AND total > 0")?;
            let rows = stmt.query_map([ids_json(stations)], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?)))?;
            for row in rows {
                let (station, total, done) = row?;
                by_station.insert(Some(station), (total, done));
            }
            let (total, done, _, _) = stationless_figures(conn, districts)?;
            if total > 0 {
                by_station.insert(None, (total, done));
            }
        }
        Scope::State => {
            let mut stmt = conn.prepare_cached("SELECT nullif(police_station_id, 0), total, done FROM station_figures WHERE total > 0")?;
            let rows = stmt.query_map([], |r| Ok((r.get::<_, Option<i64>>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?)))?;
            for row in rows {
                let (station, total, done) = row?;
                by_station.insert(station, (total, done));
            }
        }
        Scope::Own(user) => {
            for (_, _, station, n, done, _, _) in own_groups(conn, *user)? {
                let entry = by_station.entry(station).or_default();
                entry.0 += n;
                entry.1 += done;
            }
        }
    }
    Ok(by_station.into_iter().map(|(police_station_id, (total, done))| StationFigures { police_station_id, total, done }).collect())
}

#[cfg(test)]
mod details_tests {
    use super::*;

    /// The row's own keys share the details text with the record's fields: one of each name.
    #[test]
    fn the_rows_keys_are_not_field_names() {
        let Ok(Json::Object(fields)) = serde_json::to_value(GrievanceFields::default()) else { panic!("fields are an object") };
        let event = domain::law::ClockEvent {
            kind: domain::law::ClockEventKind::InformantToldOfProgress,
            on: domain::grievance::Day::as_stored("2025-01-01".into()),
            means: None,
            note: String::new(),
            recorded_by: 1,
            recorded_by_name: "x".into(),
            recorded_at: "2025-01-01T10:00:00Z".into(),
        };
        let row = RowDetails { clock_events: vec![event] };
        let Ok(Json::Object(beside)) = serde_json::to_value(&row) else { panic!("the row's details are an object") };
        for name in beside.keys() {
            assert!(!fields.contains_key(name), "{name} is both a field and the row's own");
        }
        for name in FIELDS_IN_COLUMNS {
            assert!(fields.contains_key(name), "{name} is not a field of the record");
        }
    }
}
