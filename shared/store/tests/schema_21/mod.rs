//! The shape schema 21 gave the audit trail's chains, for the tests that build a file of that
//! release from a current one: each chain kept by its name, each link with the hash before it,
//! each head with its link's hash. And what every such test takes away first: the later
//! steps' columns and tables, the newest first ([`without_list_columns`], then the SQL here).

/// Takes a current file back to schema 36, as that release wrote its grievances: what a list
/// row shows (who filed the case and who holds it, what its status means, its other items,
/// closure request and escalation) kept in each details text, no column of its own. Every
/// step further back starts with it.
#[allow(dead_code)] // each test file uses its own steps back.
pub fn without_list_columns(conn: &rusqlite::Connection) {
    type Listed = (i64, String, Option<String>, Option<String>, Option<String>);
    let rows: Vec<Listed> = conn
        .prepare("SELECT id, filed_by_name, assigned_to_name, status_meaning, list_extras FROM grievances")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for (id, filed_by_name, assigned_to_name, status_meaning, extras) in rows {
        edit_details(conn, id, |text| {
            text.insert("filed_by_name".into(), filed_by_name.into());
            if let Some(name) = assigned_to_name {
                text.insert("assigned_to_name".into(), name.into());
            }
            if let Some(meaning) = status_meaning {
                text.insert("status_meaning".into(), meaning.into());
            }
            if let Some(extras) = extras {
                let serde_json::Value::Object(extras) = serde_json::from_str(&extras).unwrap() else { panic!("list extras are an object") };
                text.extend(extras);
            }
        });
    }
    conn.execute_batch(
        "ALTER TABLE grievances DROP COLUMN filed_by_name; ALTER TABLE grievances DROP COLUMN assigned_to_name;
         ALTER TABLE grievances DROP COLUMN status_meaning; ALTER TABLE grievances DROP COLUMN list_extras;",
    )
    .unwrap();
}

/// Changes grievance `id`'s details text by `change`, kept packed with its dictionary as
/// before.
#[allow(dead_code)] // each test file uses its own steps back.
pub fn edit_details(conn: &rusqlite::Connection, id: i64, change: impl FnOnce(&mut serde_json::Map<String, serde_json::Value>)) {
    use store::sql::grievances::{pack_details, unpack_details};
    let (details, dictionary): (Vec<u8>, i64) =
        conn.query_row("SELECT details, dictionary FROM grievance_details WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    let mut text: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&unpack_details(&details, dictionary).unwrap()).unwrap();
    change(&mut text);
    let packed = pack_details(&serde_json::Value::Object(text).to_string(), dictionary).unwrap();
    conn.execute("UPDATE grievance_details SET details = ?2 WHERE id = ?1", rusqlite::params![id, packed]).unwrap();
}

/// The SQL that takes a current file back to schema 29: no imported grievances' sources (30),
/// no trash and no users' preferences. Each step further back starts with it.
macro_rules! no_desk_tables {
    () => {
        "
    DROP TABLE grievance_sources; DROP TABLE user_preferences; DROP TABLE trash;"
    };
}

#[allow(dead_code)] // the grievance tests' only; the audit tests share this module.
pub const NO_DESK_TABLES: &str = no_desk_tables!();

/// The SQL that takes a current file back to schema 28: no queue of appeals and no ratings
/// kept for the reports.
macro_rules! no_citizen_tables {
    () => {
        concat!(
            no_desk_tables!(),
            "
    DROP TABLE citizen_ratings; DROP TABLE appeals;"
        )
    };
}

#[allow(dead_code)] // the grievance tests' only; the audit tests share this module.
pub const NO_CITIZEN_TABLES: &str = no_citizen_tables!();

/// The SQL that takes a current file back to schema 27: nothing of the people kept for the
/// search.
macro_rules! no_people_index {
    () => {
        concat!(
            no_citizen_tables!(),
            "
    DROP TRIGGER grievances_people_insert; DROP TRIGGER grievances_people_delete; DROP TRIGGER grievances_people_update;
    DROP TABLE grievance_people; ALTER TABLE grievances DROP COLUMN people_text;"
        )
    };
}

#[allow(dead_code)] // the grievance tests' only; the audit tests share this module.
pub const NO_PEOPLE_INDEX: &str = no_people_index!();

/// The SQL that takes a current file back to schema 26: no clock runs kept, nor their figures
/// for the compliance report.
macro_rules! no_clock_tallies {
    () => {
        concat!(
            no_people_index!(),
            "
    DROP TRIGGER grievances_clock_month_tally_insert; DROP TRIGGER grievances_clock_month_tally_delete; DROP TRIGGER grievances_clock_month_tally_update;
    DROP TRIGGER grievances_clock_day_tally_insert; DROP TRIGGER grievances_clock_day_tally_delete; DROP TRIGGER grievances_clock_day_tally_update;
    DROP INDEX g_due_filed; DROP TABLE clock_month_tally; DROP TABLE clock_day_tally; ALTER TABLE grievances DROP COLUMN clock_runs;"
        )
    };
}

#[allow(dead_code)] // the grievance tests' only; the audit tests share this module.
pub const NO_CLOCK_TALLIES: &str = no_clock_tallies!();

/// The SQL that takes a current file back to schema 25: no sections kept apart for the
/// list's act and section filter.
macro_rules! no_grievance_sections {
    () => {
        concat!(
            no_clock_tallies!(),
            "
    DROP TRIGGER grievances_sections_insert; DROP TRIGGER grievances_sections_delete; DROP TRIGGER grievances_sections_update;
    DROP INDEX grievance_sections_of_case; DROP INDEX grievance_sections_filed; DROP TABLE grievance_sections; ALTER TABLE grievances DROP COLUMN sections;"
        )
    };
}

#[allow(dead_code)] // the grievance tests' only; the audit tests share this module.
pub const NO_GRIEVANCE_SECTIONS: &str = no_grievance_sections!();

/// The SQL that takes a current file back to schema 24: no crime heads by chapter. Each
/// step further back starts with it.
macro_rules! no_chapter_heads {
    () => {
        concat!(
            no_grievance_sections!(),
            "
    DROP TRIGGER grievances_report_month_heads_insert; DROP TRIGGER grievances_report_month_heads_delete; DROP TRIGGER grievances_report_month_heads_update;
    DROP TRIGGER grievances_report_day_heads_insert; DROP TRIGGER grievances_report_day_heads_delete; DROP TRIGGER grievances_report_day_heads_update;
    DROP TABLE report_month_heads; DROP TABLE report_day_heads; ALTER TABLE grievances DROP COLUMN heads;"
        )
    };
}

#[allow(dead_code)] // the grievance tests' only; the audit tests share this module.
pub const NO_CHAPTER_HEADS: &str = no_chapter_heads!();

/// The SQL that takes a current file back to schema 23: no figures of the due days.
#[allow(dead_code)] // the grievance tests' only; the audit tests share this module.
pub const NO_DUE_TALLY: &str = concat!(
    no_chapter_heads!(),
    "
    DROP TRIGGER grievances_due_insert; DROP TRIGGER grievances_due_delete; DROP TRIGGER grievances_due_update;
    DROP TABLE due_tally; ALTER TABLE grievance_dues_indexed DROP COLUMN unread_sections;
    DROP TRIGGER grievances_viewer_dues_insert; DROP TRIGGER grievances_viewer_dues_delete; DROP TRIGGER grievances_viewer_dues_update;
    DROP TABLE viewer_dues;"
);

/// The SQL that takes a current file back to schema 22: no due days of statutory clocks.
pub const NO_DUE_DAYS: &str = concat!(
    no_chapter_heads!(),
    "
    DROP TRIGGER grievances_due_insert; DROP TRIGGER grievances_due_delete; DROP TRIGGER grievances_due_update;
    DROP TABLE due_tally;
    DROP TRIGGER grievances_viewer_dues_insert; DROP TRIGGER grievances_viewer_dues_delete; DROP TRIGGER grievances_viewer_dues_update;
    DROP TABLE viewer_dues;
    DROP INDEX g_due; DROP INDEX g_due_station; DROP INDEX g_due_district;
    ALTER TABLE grievances DROP COLUMN next_due;
    DROP TABLE grievance_dues_indexed;"
);

/// The SQL that gives a current file's chains schema 21's shape, every value as that release
/// held it.
pub const AUDIT_CHAINS_BY_NAME: &str = "
    CREATE TABLE audit_links_named (
        seq INTEGER PRIMARY KEY REFERENCES audit_records (seq),
        chain TEXT NOT NULL,
        link INTEGER NOT NULL,
        prev BLOB NOT NULL,
        hash BLOB NOT NULL,
        UNIQUE (chain, link)
    );
    INSERT INTO audit_links_named (seq, chain, link, prev, hash)
    SELECT l.seq, CASE WHEN l.chain > 0 THEN 'grievance:' || l.chain WHEN l.chain = 0 THEN 'admin' ELSE 'user:' || (-1 - l.chain) END, l.link,
           coalesce(l.prev, CASE WHEN l.link = 1 THEN zeroblob(32) ELSE (SELECT p.hash FROM audit_links p WHERE p.chain = l.chain AND p.link = l.link - 1) END),
           l.hash
    FROM audit_links l;
    CREATE TABLE audit_chain_heads_named (
        chain TEXT PRIMARY KEY,
        link INTEGER NOT NULL,
        hash BLOB NOT NULL,
        seal BLOB
    ) WITHOUT ROWID;
    INSERT INTO audit_chain_heads_named (chain, link, hash, seal)
    SELECT CASE WHEN h.chain > 0 THEN 'grievance:' || h.chain WHEN h.chain = 0 THEN 'admin' ELSE 'user:' || (-1 - h.chain) END, h.link,
           coalesce(h.hash, (SELECT l.hash FROM audit_links l WHERE l.chain = h.chain AND l.link = h.link)), h.seal
    FROM audit_chain_heads h;
    DROP TRIGGER audit_links_unchanged; DROP TRIGGER audit_links_kept;
    DROP TABLE audit_links; DROP TABLE audit_chain_heads;
    ALTER TABLE audit_links_named RENAME TO audit_links;
    ALTER TABLE audit_chain_heads_named RENAME TO audit_chain_heads;
    CREATE TRIGGER audit_links_unchanged BEFORE UPDATE ON audit_links BEGIN
        SELECT RAISE(ABORT, 'audit links are never changed');
    END;
    CREATE TRIGGER audit_links_kept BEFORE DELETE ON audit_links BEGIN
        SELECT RAISE(ABORT, 'audit links are never deleted');
    END;";
