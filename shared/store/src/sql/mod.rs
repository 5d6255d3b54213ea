//! The relational SQLite engine: real tables and columns per aggregate, composite indexes
//! chosen for the questions the portal asks, counts and grouping done in SQL.
//!
//! Every aggregate of the embedded file lives in these tables (the engines of
//! `engines::sqlite` write them); the DynamoDB-shaped items of [`crate::sqlite`] are only read,
//! from a file an earlier release wrote, to be moved here. Its API takes and returns typed
//! values; no JSON attribute map, key string or index name leaves it. Writes take a connection
//! inside the caller's transaction (or savepoint: see [`crate::group_commit`]), so that a
//! grievance, its audit records and its figures are committed together.
//!
//! The schema is built by numbered steps, one SQL file each in `src/sql/migrations/`
//! (`NNNN_what_it_does.sql`), embedded in the build in order (`MIGRATIONS`). The file's
//! `PRAGMA user_version` records the last step applied to it: [`migrate`] brings any older file
//! up to [`SCHEMA_VERSION`], one step at a time, each step and the new `user_version` in one
//! transaction, so a file is always at exactly one step. A released step is never edited
//! (files in use were built by its exact statements); a change of schema is a new file with the
//! next number, added to `MIGRATIONS`.

pub mod audit;
mod audit_dictionary;
mod chain_keys;
pub mod count_memo;
mod case_sections;
mod crime_heads;
mod deflated;
mod details_packing;
pub mod grievances;
mod list_row_columns;
pub mod sequences;
pub mod sources;

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;

/// The schema this build reads and writes: the number of the last step.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// What can go wrong, typed so that a caller can answer each case properly (a bad cursor
/// is the client's 400, a stale version a 409).
#[derive(Debug, thiserror::Error)]
pub enum SqlError {
    #[error("The paging cursor is not valid")]
    BadCursor,
    /// A trigram index cannot find texts shorter than three characters, and scanning a
    /// million rows for them is not an answer a request may give: the caller asks the user
    /// for a longer text.
    #[error("Type at least 3 characters to search")]
    TextTooShort,
    #[error("A date must be written YYYY-MM-DD: {0}")]
    InvalidDate(String),
    /// The row was changed (its version moved on) or removed since it was read.
    #[error("The record was changed by someone else")]
    Conflict,
    /// A key the change was checked against was taken meanwhile (a FIR number).
    #[error("Another record took this key meanwhile")]
    Taken,
    /// An earlier register's identifier another grievance was imported with.
    #[error("Another grievance was imported from this record")]
    SourceTaken,
    #[error("A stored value cannot be read: {0}")]
    Corrupt(String),
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
}

pub type Result<T, E = SqlError> = std::result::Result<T, E>;

/// Opens (creating when absent) the database file at `path` with the settings every
/// connection needs, and migrates it.
///
/// WAL lets readers work while one writer commits; `synchronous=FULL` makes a commit
/// durable before it is answered; foreign keys are checked, so a grievance cannot point at
/// an admin-list item that does not exist, and an item in use cannot be deleted.
pub fn open(path: impl AsRef<Path>) -> Result<Connection> {
    let conn = Connection::open(path)?;
    configure(&conn)?;
    migrate(&conn)?;
    Ok(conn)
}

/// The per-connection settings (they are not stored in the file).
pub fn configure(conn: &Connection) -> Result<()> {
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    plan_once(conn)?;
    conn.execute_batch(
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA cache_size=-65536;",
    )?;
    Ok(())
}

/// The schema steps after which an upgraded file is rebuilt (`VACUUM`): each left most of a
/// large table's pages behind (see [`migrate`]).
const REBUILT_AFTER: [i64; 3] = [10, 21, 22];

/// Brings the schema up to [`SCHEMA_VERSION`]. A file newer than this build is refused
/// rather than written with rules it does not know.
pub fn migrate(conn: &Connection) -> Result<()> {
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version > SCHEMA_VERSION {
        return Err(SqlError::Corrupt(format!("schema version {version} is newer than this build ({SCHEMA_VERSION})")));
    }
    let analyzed = version > 0 && conn.query_row("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'", [], |r| r.get::<_, i64>(0))? > 0;
    if version < SCHEMA_VERSION {
        add_step_functions(conn)?;
    }
    for step in version..SCHEMA_VERSION {
        // `BEGIN IMMEDIATE`: two processes opening the same old file migrate one after the
        // other, and the second sees the new version and does nothing.
        conn.execute_batch("BEGIN IMMEDIATE")?;
        let current: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let outcome = if current == step {
            conn.execute_batch(MIGRATIONS[step as usize].1).and_then(|_| conn.execute_batch(&format!("PRAGMA user_version = {}", step + 1)))
        } else {
            Ok(())
        };
        match outcome {
            Ok(()) => conn.execute_batch("COMMIT")?,
            Err(e) => {
                let _ = conn.execute_batch("ROLLBACK");
                return Err(e.into());
            }
        }
    }
    if version == 0 && !holds_items(conn)? {
        // A new file holds nothing an earlier release wrote (the releases before the schema
        // kept everything as items): the trail owes it no upgrade.
        conn.execute_batch("DELETE FROM audit_upgrades_owed")?;
    }
    if version > 0 && REBUILT_AFTER.iter().any(|&step| version < step) {
        // The step to 10 took two thirds of each grievance row's bytes to another table, the
        // step to 21 packed the details there, and the step to 22 wrote the audit chains
        // again, keyed by number: the old pages stay with the file until rewritten, so
        // rebuilding it once gives an upgraded directory the size of a new one.
        // The step to 10 and the rebuild took 23 s at 1,000,000 grievances; it needs free disk
        // the size of the file.
        conn.execute_batch("VACUUM; PRAGMA wal_checkpoint(TRUNCATE);")?;
    }
    if analyzed && version < SCHEMA_VERSION {
        // A file that was analyzed gets statistics for the indexes a step added, so the
        // planner does not guess about them.
        conn.execute_batch("ANALYZE")?;
    }
    Ok(())
}

/// Plans each statement once, whatever values are bound to it (SQLite's query planner
/// stability guarantee). Otherwise, with the samples `ANALYZE` keeps (`sqlite_stat4`), a
/// statement whose plan could depend on a bound value (a key compared with an indexed
/// column, a LIKE pattern) is parsed and planned again at each new value: a cached statement
/// cost a whole preparation per use (an area's audit page, a statement per place, spent a
/// sixth of its time in the parser and planner). Where a value should choose the plan, the
/// code chooses it (a plan per statement text, `INDEXED BY`, `CROSS JOIN`).
pub fn plan_once(conn: &Connection) -> Result<()> {
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    Ok(())
}

/// A read transaction, so that what follows reads one snapshot (and takes the file's read
/// lock once, not once a statement); none when the caller has opened one already (its
/// snapshot is then the one read).
pub(crate) fn snapshot(conn: &Connection) -> Result<Option<rusqlite::Transaction<'_>>> {
    Ok(if conn.is_autocommit() { Some(conn.unchecked_transaction()?) } else { None })
}

/// The functions the steps' SQL calls beside SQLite's own: `pack_details(text, dictionary)`,
/// a grievance's details text as kept (see [`details_packing`]), `chain_key(name)`, the
/// number an audit chain is kept under (see [`chain_keys`]), and `crime_heads(details,
/// dictionary)`, the `heads` column of a grievance whose details are kept so
/// ([`crime_heads`]), `case_sections(details, dictionary)`, its `sections` column
/// ([`case_sections`]), and `list_row_columns(details, dictionary)`, its list row's columns
/// ([`list_row_columns`]).
fn add_step_functions(conn: &Connection) -> Result<()> {
    use rusqlite::functions::FunctionFlags;
    conn.create_scalar_function("pack_details", 2, FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC, |ctx| {
        let text: String = ctx.get(0)?;
        details_packing::pack(&text, ctx.get(1)?).map_err(|e| rusqlite::Error::UserFunctionError(e.into()))
    })?;
    conn.create_scalar_function("chain_key", 1, FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC, |ctx| {
        let name: String = ctx.get(0)?;
        chain_keys::key_of(&name).ok_or_else(|| rusqlite::Error::UserFunctionError(format!("an audit chain named {name:?} is none the trail writes").into()))
    })?;
    conn.create_scalar_function("crime_heads", 2, FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC, |ctx| {
        let failed = |e: String| rusqlite::Error::UserFunctionError(e.into());
        let details = details_packing::unpack(ctx.get_raw(0).as_blob().map_err(|e| failed(e.to_string()))?, ctx.get(1)?).map_err(failed)?;
        crime_heads::of_details(&details).map_err(failed)
    })?;
    conn.create_scalar_function("list_row_columns", 2, FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC, |ctx| {
        let failed = |e: String| rusqlite::Error::UserFunctionError(e.into());
        let details = details_packing::unpack(ctx.get_raw(0).as_blob().map_err(|e| failed(e.to_string()))?, ctx.get(1)?).map_err(failed)?;
        list_row_columns::of_details(&details).map_err(failed)
    })?;
    conn.create_scalar_function("case_sections", 2, FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC, |ctx| {
        let failed = |e: String| rusqlite::Error::UserFunctionError(e.into());
        let details = details_packing::unpack(ctx.get_raw(0).as_blob().map_err(|e| failed(e.to_string()))?, ctx.get(1)?).map_err(failed)?;
        case_sections::of_details(&details).map_err(failed)
    })?;
    Ok(())
}

/// Whether the file keeps any item (`crate::sqlite`'s table, where releases before this schema
/// kept everything).
fn holds_items(conn: &Connection) -> Result<bool> {
    let has_table: bool = conn.query_row("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'items'", [], |r| r.get::<_, i64>(0))? > 0;
    Ok(has_table && conn.query_row("SELECT EXISTS (SELECT 1 FROM items)", [], |r| r.get::<_, bool>(0))?)
}

/// `(name, SQL)` for each file of `migrations/` named, embedded at build time.
macro_rules! migrations {
    ($($file:literal),* $(,)?) => {
        &[$(($file, include_str!(concat!("migrations/", $file)))),*]
    };
}

/// The steps, in order: entry `i` (file `i + 1`) takes the schema from version `i` to
/// `i + 1`. Each is the file's name and its SQL. Never edit a released step; append a new file.
/// The test below checks that the list and the directory agree.
const MIGRATIONS: &[(&str, &str)] = migrations![
    "0001_list_items_grievances_and_their_figures.sql",
    "0002_overdue_indexes_and_stage_tallies_by_place.sql",
    "0003_district_fir_months_by_filing_month.sql",
    "0004_done_resolution_days_and_station_figures.sql",
    "0005_viewer_tally.sql",
    "0006_audit_trail_tables.sql",
    "0007_grievance_change_number.sql",
    "0008_audit_details_dictionary.sql",
    "0009_grievance_slice_change_numbers.sql",
    "0010_grievance_details_own_table.sql",
    "0011_audit_chains.sql",
    "0012_report_tallies.sql",
    "0013_closure_requests_and_escalations.sql",
    "0014_number_lookup_indexes.sql",
    "0015_audit_head_seals_and_upgrades_owed.sql",
    "0016_sequences.sql",
    "0017_accounts.sql",
    "0018_notices_and_outbox.sql",
    "0019_case_files.sql",
    "0020_admin_lists_and_settings.sql",
    "0021_grievance_details_packed.sql",
    "0022_audit_chains_keyed_by_number.sql",
    "0023_statutory_clock_due_days.sql",
    "0024_due_day_tallies_and_unread_sections.sql",
    "0025_crime_heads_by_chapter.sql",
    "0026_grievance_sections.sql",
    "0027_statutory_compliance_tallies.sql",
    "0028_people_findable_by_search.sql",
    "0029_appeals_and_citizen_ratings.sql",
    "0030_trash_and_user_preferences.sql",
    "0031_imported_grievance_sources.sql",
    "0032_report_figures_by_day_in_india.sql",
    "0033_own_case_figures.sql",
    "0034_area_reads_by_station.sql",
    "0035_area_trail_by_newest_record.sql",
    "0036_state_tally_by_status_and_priority.sql",
    "0037_list_rows_read_from_their_row.sql",
];

/// The kinds of admin-list item the grievance schema refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ListKind {
    Districts,
    PoliceStations,
    Statuses,
    Priorities,
}

impl ListKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ListKind::Districts => "districts",
            ListKind::PoliceStations => "police_stations",
            ListKind::Statuses => "statuses",
            ListKind::Priorities => "priorities",
        }
    }
}

/// What a status means to the rules: the domain's own type, stored as its `as_str` text.
pub use domain::lists::StatusMeaning;

/// An admin-list item. `rank` orders the list: for priorities it is the severity the
/// Priority sort follows (lower first in ascending order), for statuses the order of the
/// course of a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListItem {
    pub id: i64,
    pub kind: ListKind,
    pub name: String,
    pub meaning: Option<StatusMeaning>,
    pub rank: i64,
}

/// Adds an item, or changes the name, meaning and rank of the item with that id. A rank
/// change is carried to every grievance using the item by the schema's trigger, in the
/// same transaction, so the rank sorts stay right.
pub fn put_list_item(tx: &Connection, item: &ListItem) -> Result<()> {
    tx.prepare_cached(
        "INSERT INTO list_items (id, kind, name, meaning, rank) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, meaning = excluded.meaning, rank = excluded.rank
            WHERE (name, meaning, rank) IS NOT (excluded.name, excluded.meaning, excluded.rank)",
    )?
    .execute(params![item.id, item.kind.as_str(), item.name, item.meaning.map(StatusMeaning::as_str), item.rank])?;
    Ok(())
}

/// Brings the item with `item.id` in step with the Admin Panel's (see [`put_list_item`]).
/// Names are labels the Admin Panel owns and two items may swap them, while the table keeps
/// one name per list: an item here still bearing the name under another id (it was renamed
/// since) gives it up first.
pub fn sync_list_item(tx: &Connection, item: &ListItem) -> Result<()> {
    tx.prepare_cached("UPDATE list_items SET name = name || char(31) || id WHERE kind = ?1 AND name = ?2 AND id <> ?3")?
        .execute(params![item.kind.as_str(), item.name, item.id])?;
    put_list_item(tx, item)
}

/// Removes the item with that id. One a grievance still names is refused by the foreign
/// key (`SQLITE_CONSTRAINT_FOREIGNKEY`), rolling back the caller's transaction.
pub fn delete_list_item(tx: &Connection, id: i64) -> Result<()> {
    tx.prepare_cached("DELETE FROM list_items WHERE id = ?1")?.execute([id])?;
    Ok(())
}

/// The item with that id, if any, of the lists the grievance schema refers to.
pub fn list_item(conn: &Connection, id: i64) -> Result<Option<ListItem>> {
    let row = conn
        .prepare_cached("SELECT kind, name, meaning, rank FROM list_items WHERE id = ?1 AND kind IN ('districts', 'police_stations', 'statuses', 'priorities')")?
        .query_row([id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, Option<String>>(2)?, r.get::<_, i64>(3)?)))
        .optional()?;
    let Some((kind, name, meaning, rank)) = row else { return Ok(None) };
    let kind = [ListKind::Districts, ListKind::PoliceStations, ListKind::Statuses, ListKind::Priorities]
        .into_iter()
        .find(|k| k.as_str() == kind)
        .ok_or_else(|| SqlError::Corrupt(format!("list kind {kind}")))?;
    Ok(Some(ListItem { id, kind, name, meaning: meaning.as_deref().and_then(StatusMeaning::parse), rank }))
}

#[cfg(test)]
mod tests {
    use super::MIGRATIONS;

    /// The list is numbered 1..=N in order without a gap or a repeat, each name is
    /// `NNNN_words.sql`, and it names exactly the files of the directory: a step added as a
    /// file but not to the list (or the other way round) fails here, not in an upgrade.
    #[test]
    fn the_steps_are_the_directorys_files_numbered_in_order() {
        for (i, (name, sql)) in MIGRATIONS.iter().enumerate() {
            let (number, rest) = name.split_once('_').unwrap_or_else(|| panic!("{name}: NNNN_what_it_does.sql"));
            assert_eq!(number.len(), 4, "{name}: four digits");
            assert_eq!(number.parse::<usize>().ok(), Some(i + 1), "{name} is entry {} of the list", i + 1);
            let words = rest.strip_suffix(".sql").unwrap_or_else(|| panic!("{name}: .sql"));
            assert!(!words.is_empty() && words.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'), "{name}: lower-case words");
            assert!(!sql.trim().is_empty(), "{name} is empty");
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/sql/migrations");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        on_disk.sort();
        let listed: Vec<&str> = MIGRATIONS.iter().map(|(name, _)| *name).collect();
        assert_eq!(on_disk, listed, "the files of {} and the list of steps", dir.display());
        assert_eq!(super::SCHEMA_VERSION, MIGRATIONS.len() as i64);
    }
}
