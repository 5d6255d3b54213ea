//! The audit trail's rows: a record reads back as written, its details deflated with the
//! preset dictionary (and smaller for it); the records an earlier release deflated without
//! one read back unchanged after the upgrade.

mod schema_21;

use rusqlite::params;
use serde_json::json;
use std::io::Write as _;
use store::sql::audit::{self, Actor, Record, TrailQuery, TrailScope};
use store::sql::{self, SCHEMA_VERSION};

fn complete_record(id: i64) -> serde_json::Value {
    let field = |name: &str, value: serde_json::Value| json!({"action": "added", "field": name, "newValue": value, "oldValue": null});
    json!({
        "changes": [
            field("brief_details", json!(format!("Mobile phone snatched near the bus stand, case {id}."))),
            field("crime_title", json!("Theft")),
            field("district", json!("पूर्वी जिला")),
            field("fir_no", json!(format!("CITY/2026/{id:05}"))),
            field("id", json!(id)),
            field("investigation_officers", json!([{"officer_name": "SI Rao", "from_date": "2026-01-16", "to_date": null, "findings": ""}])),
            field("put_in_court", json!(false)),
            field("status", json!("Pending")),
            field("status_meaning", json!("open")),
        ],
        "summary": format!("Grievance GRV-2026-{id:06} created (FIR CITY/2026/{id:05})"),
    })
}

fn record(id: i64, details: Option<serde_json::Value>) -> Record {
    Record {
        grievance_id: id,
        change_tag: "v1".into(),
        position: 0,
        grievance_number: format!("GRV-2026-{id:06}"),
        action: "CREATED".into(),
        field_name: Some("complete_record".into()),
        old_value: None,
        new_value: None,
        notes: Some("created".into()),
        details: details.as_ref().and_then(domain::audit::Details::from_value),
        actor: Actor {
            user_id: 3,
            user_name: "SI Meena".into(),
            user_email: "meena@example.gov.in".into(),
            user_role: "Officer".into(),
            ip_address: "10.0.0.7".into(),
            user_agent: "Firefox".into(),
            session_id: "s1".into(),
        },
        created_at: format!("2026-11-25T10:{:02}:00Z", id % 60),
    }
}

fn all(conn: &rusqlite::Connection) -> Vec<Record> {
    let mut found = audit::page(conn, &TrailQuery::new(TrailScope::State, 100, 0)).unwrap();
    found.reverse();
    found
}

#[test]
fn records_read_back_as_written_and_their_details_are_deflated_with_the_dictionary() {
    let dir = tempfile::tempdir().unwrap();
    let mut conn = sql::open(dir.path().join("portal.db")).unwrap();
    let written: Vec<Record> = (1..=20).map(|id| record(id, (id % 5 != 0).then(|| complete_record(id)))).collect();
    let tx = conn.transaction().unwrap();
    for r in &written {
        audit::append(&tx, std::slice::from_ref(r), &[3]).unwrap();
    }
    tx.commit().unwrap();
    assert_eq!(all(&conn), written);

    // The dictionary is doing its work: smaller than deflate alone on the same text.
    let (kept, dictionary): (Vec<u8>, i64) =
        conn.query_row("SELECT details, details_dictionary FROM audit_records WHERE grievance_id = 1", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    assert_eq!(dictionary, 1);
    let mut alone = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
    alone.write_all(&serde_json::to_vec(&complete_record(1)).unwrap()).unwrap();
    let alone = alone.finish().unwrap();
    assert!(kept.len() < alone.len() * 9 / 10, "{} bytes with the dictionary, {} without", kept.len(), alone.len());
}

/// A page that reads only the events' details (the dashboard's recent activity) answers the
/// same records, each event's details whole and a grievance's records without theirs.
#[test]
fn a_page_of_the_events_details_only_leaves_the_grievances_records_without_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let mut conn = sql::open(dir.path().join("portal.db")).unwrap();
    let export = json!({"rows": 12, "kind": "excel", "filters": {"Status": "Pending"}});
    let written: Vec<Record> = (1..=9).map(|id| if id % 3 == 0 { record(0, Some(export.clone())) } else { record(id, Some(complete_record(id))) }).collect();
    let tx = conn.transaction().unwrap();
    for r in &written {
        audit::append(&tx, std::slice::from_ref(r), &[3]).unwrap();
    }
    tx.commit().unwrap();
    for scope in [TrailScope::State, TrailScope::Readable(3), TrailScope::Area { user: 3, stations: vec![], districts: vec![] }] {
        let q = TrailQuery { details: audit::DetailsRead::EventsOnly, ..TrailQuery::new(scope.clone(), 20, 0) };
        let got = audit::page(&conn, &q).unwrap();
        let mut want: Vec<Record> = written.iter().rev().filter(|r| !matches!(scope, TrailScope::Area { .. }) || r.grievance_id == 0).cloned().collect();
        for r in want.iter_mut().filter(|r| r.grievance_id > 0) {
            r.details = None;
        }
        assert_eq!(got, want, "{scope:?}");
        assert!(got.iter().any(|r| r.grievance_id == 0 && r.details.is_some()), "{scope:?}: the events keep their details");
    }
}

#[test]
fn records_an_earlier_release_deflated_without_a_dictionary_read_back_unchanged_after_the_upgrade() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("portal.db");
    let conn = sql::open(&path).unwrap();
    // The file as release v7 left it: no dictionary column, details deflated alone (and none
    // of the later steps' tables: the tables of the accounts, notices, case files, admin lists
    // and settings, the id sequences, the audit chains and their upgrade list, the reports'
    // figures, the closure queue, the number indexes).
    schema_21::without_list_columns(&conn);
    conn.execute_batch(schema_21::NO_DUE_DAYS).unwrap();
    conn.execute_batch(
        "DROP TABLE settings; DROP INDEX list_items_district; DROP INDEX list_items_order; DROP INDEX list_items_name_key;
         ALTER TABLE list_items DROP COLUMN district_id; ALTER TABLE list_items DROP COLUMN uses; ALTER TABLE list_items DROP COLUMN name_key; ALTER TABLE list_items DROP COLUMN record;
         DROP TABLE blobs_to_sweep; DROP TABLE grievance_links; DROP TABLE attachments; DROP TABLE notes;
         DROP TABLE mail_failed; DROP TABLE mail_outbox; DROP TABLE notices; DROP TABLE notice_events;
         DROP TABLE sign_in_lockouts; DROP TABLE sessions; DROP TABLE roles; DROP TABLE users; DROP TABLE sequences;
         DROP TABLE audit_upgrades_owed; DROP INDEX g_number; DROP INDEX g_fir_number;
         DROP TABLE closure_requests; DROP TABLE escalations; DROP INDEX g_station_fir;
         DROP TRIGGER audit_links_unchanged; DROP TRIGGER audit_links_kept; DROP TABLE audit_links; DROP TABLE audit_chain_heads;
         DROP TRIGGER grievances_report_month_insert; DROP TRIGGER grievances_report_month_delete; DROP TRIGGER grievances_report_month_update;
         DROP TRIGGER grievances_report_day_insert; DROP TRIGGER grievances_report_day_delete; DROP TRIGGER grievances_report_day_update;
         DROP TABLE report_month_tally; DROP TABLE report_month_crimes; DROP TABLE report_day_tally; DROP TABLE report_day_crimes;
         ALTER TABLE audit_records DROP COLUMN details_dictionary;
         DROP TRIGGER grievance_slice_changed_by_insert; DROP TRIGGER grievance_slice_changed_by_update; DROP TRIGGER grievance_slice_changed_by_delete;
         DROP TABLE grievance_slice_changes;
         ALTER TABLE grievances ADD COLUMN rest TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(rest));
         DROP TABLE grievance_details;
         PRAGMA user_version = 7;",
    )
    .unwrap();
    conn.execute("INSERT INTO audit_actors (id, user_id, user_name, user_email, user_role, ip_address, user_agent, session_id) VALUES (1, 3, 'SI Meena', 'meena@example.gov.in', 'Officer', '10.0.0.7', 'Firefox', 's1')", []).unwrap();
    let earlier: Vec<Record> = (1..=5).map(|id| record(id, Some(complete_record(id)))).collect();
    for r in &earlier {
        let mut deflated = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
        deflated.write_all(r.details.as_ref().unwrap().as_str().as_bytes()).unwrap();
        conn.execute(
            "INSERT INTO audit_records (grievance_id, change_tag, position, grievance_number, action, field_name, old_value, new_value, notes, details, user_id, actor_id, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 3, 1, ?11)",
            params![r.grievance_id, r.change_tag, r.position, r.grievance_number, r.action, r.field_name, r.old_value, r.new_value, r.notes, deflated.finish().unwrap(), r.created_at],
        )
        .unwrap();
    }
    drop(conn);

    let mut conn = sql::open(&path).unwrap();
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    assert_eq!(all(&conn), earlier, "every earlier record, details included");
    // New records beside them use the dictionary; both kinds read back.
    let later = record(6, Some(complete_record(6)));
    let tx = conn.transaction().unwrap();
    audit::append(&tx, std::slice::from_ref(&later), &[3]).unwrap();
    tx.commit().unwrap();
    let mut expected = earlier.clone();
    expected.push(later);
    assert_eq!(all(&conn), expected);
    let dictionaries: Vec<i64> = conn.prepare("SELECT details_dictionary FROM audit_records ORDER BY seq").unwrap().query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    assert_eq!(dictionaries, vec![0, 0, 0, 0, 0, 1]);
}

/// Each chain's links as read through the trail's API, in the order walked (chain-name order,
/// then link order): (chain, link, hash before, hash), and each chain's head (link, hash, seal).
type Walked = (Vec<(String, i64, audit::Hash, audit::Hash)>, Vec<(String, i64, Option<audit::Hash>, Option<audit::Hash>)>);

fn walked(conn: &rusqlite::Connection) -> Walked {
    let (mut links, mut heads) = (Vec::new(), Vec::new());
    audit::walk_chains(conn, audit::ChainsToWalk::All, |name, kept, head| {
        links.extend(kept.into_iter().map(|k| (name.to_string(), k.link, k.prev, k.hash)));
        let head = head.expect("every chain has a head");
        heads.push((name.to_string(), head.link, head.hash, head.seal));
        true
    })
    .unwrap();
    (links, heads)
}

/// A file with four chains (two grievances', the administrative one, user 0's), each link's
/// hashes and each head's seal distinct bytes: this reads what is kept, not what it proves.
fn file_with_chains(dir: &std::path::Path) -> rusqlite::Connection {
    let mut conn = sql::open(dir.join("portal.db")).unwrap();
    let tx = conn.transaction().unwrap();
    let mut n = 0;
    for (name, count) in [("grievance:12", 3), ("grievance:7", 1), ("admin", 2), ("user:0", 2)] {
        let mut prev = [0; 32];
        for link in 1..=count {
            n += 1;
            let seq = audit::append(&tx, &[record(n, None)], &[3]).unwrap()[0];
            let hash = [n as u8; 32];
            audit::append_link(&tx, seq, name, link, &prev, &hash, &[100 + n as u8; 32]).unwrap();
            prev = hash;
        }
    }
    tx.commit().unwrap();
    conn
}

/// A file of schema 21 keeps its chains by name, each link with the hash before it and each
/// head with its link's hash. The upgrade keys them by number and keeps each hash once, but a
/// value changed behind the portal's back (a link's hash before, a head's hash) keeps what it
/// held, for the check to find; every link and head reads back as that release kept it, and
/// a checkpoint's heads come in the same name order.
#[test]
fn a_version_21_files_chains_are_keyed_by_number_and_read_back_as_kept() {
    let dir = tempfile::tempdir().unwrap();
    let conn = file_with_chains(dir.path());
    let as_written = walked(&conn);
    schema_21::without_list_columns(&conn);
    conn.execute_batch(&format!("{} {} PRAGMA user_version = 21;", schema_21::NO_DUE_DAYS, schema_21::AUDIT_CHAINS_BY_NAME)).unwrap();
    conn.execute_batch(
        "DROP TRIGGER audit_links_unchanged;
         UPDATE audit_links SET prev = zeroblob(32) WHERE chain = 'grievance:12' AND link = 3;
         UPDATE audit_chain_heads SET hash = zeroblob(32) WHERE chain = 'admin';",
    )
    .unwrap();
    let raw_links: Vec<(String, i64, audit::Hash, audit::Hash)> =
        conn.prepare("SELECT chain, link, prev, hash FROM audit_links ORDER BY chain, link").unwrap().query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))).unwrap().map(Result::unwrap).collect();
    let raw_heads: Vec<(String, i64, Option<audit::Hash>, Option<audit::Hash>)> =
        conn.prepare("SELECT chain, link, hash, seal FROM audit_chain_heads ORDER BY chain").unwrap().query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))).unwrap().map(Result::unwrap).collect();
    // A checkpoint's heads as schema 21 read them.
    let checkpoint_heads: Vec<(String, i64, audit::Hash)> = conn
        .prepare("SELECT chain, max(link), hash FROM audit_links WHERE seq <= 9 GROUP BY chain ORDER BY chain")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(raw_links.len(), 8);
    assert_ne!(raw_links, as_written.0, "one hash before was changed");
    assert_ne!(raw_heads, as_written.1, "one head's hash was changed");
    drop(conn);

    let conn = sql::open(dir.path().join("portal.db")).unwrap();
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    assert_eq!(walked(&conn), (raw_links, raw_heads), "every link and head as that release kept it, the changed ones included");
    let kept: (i64, i64, i64, i64) = conn
        .query_row(
            "SELECT (SELECT count(*) FROM audit_links WHERE typeof(chain) = 'integer'), (SELECT count(prev) FROM audit_links),
                    (SELECT count(*) FROM audit_chain_heads WHERE typeof(chain) = 'integer'), (SELECT count(hash) FROM audit_chain_heads)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    assert_eq!(kept, (8, 1, 4, 1), "keyed by number; only the changed hash before and head hash kept apart");
    let mut upgraded_heads = Vec::new();
    audit::heads_as_of(&conn, 9, |chain, link, hash| Ok(upgraded_heads.push((chain.to_string(), link, *hash)))).unwrap();
    let names: Vec<&str> = upgraded_heads.iter().map(|(name, _, _)| name.as_str()).collect();
    assert_eq!(names, ["admin", "grievance:12", "grievance:7", "user:0"], "name order, not number order");
    assert_eq!(upgraded_heads, checkpoint_heads, "a checkpoint's heads as schema 21 gave them");
    // Records linked after the upgrade read back as written, with no hash kept twice.
    let tx = conn.unchecked_transaction().unwrap();
    let seq = audit::append(&tx, &[record(40, None)], &[3]).unwrap()[0];
    audit::append_link(&tx, seq, "grievance:12", 4, &[3; 32], &[40; 32], &[140; 32]).unwrap();
    let seq = audit::append(&tx, &[record(41, None)], &[3]).unwrap()[0];
    audit::append_link(&tx, seq, "user:0", 3, &[1; 32], &[41; 32], &[141; 32]).unwrap();
    tx.commit().unwrap();
    let (links, heads) = walked(&conn);
    assert!(links.contains(&("grievance:12".into(), 4, [3; 32], [40; 32])) && links.contains(&("user:0".into(), 3, [1; 32], [41; 32])), "{links:?}");
    assert!(heads.contains(&("grievance:12".into(), 4, Some([40; 32]), Some([140; 32]))), "{heads:?}");
    let apart: i64 = conn.query_row("SELECT count(prev) FROM audit_links", [], |r| r.get(0)).unwrap();
    assert_eq!(apart, 2, "the hash before user 0's third link is not its second's (8s): kept as given; grievance 12's fourth follows its third");
}

/// A chain the trail never writes (a name put in by hand) stops the upgrade: the file stays at
/// schema 21, with every link it held.
#[test]
fn a_chain_name_the_trail_never_writes_stops_the_upgrade_and_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let conn = file_with_chains(dir.path());
    schema_21::without_list_columns(&conn);
    conn.execute_batch(&format!("{} {} PRAGMA user_version = 21;", schema_21::NO_DUE_DAYS, schema_21::AUDIT_CHAINS_BY_NAME)).unwrap();
    conn.execute_batch("DROP TRIGGER audit_links_unchanged; UPDATE audit_links SET chain = 'district:1' WHERE chain = 'grievance:7';").unwrap();
    drop(conn);
    let refused = sql::open(dir.path().join("portal.db")).map(|_| ()).unwrap_err().to_string();
    assert!(refused.contains("an audit chain named \"district:1\" is none the trail writes"), "{refused}");
    let conn = rusqlite::Connection::open(dir.path().join("portal.db")).unwrap();
    let (version, links): (i64, i64) = conn.query_row("SELECT (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM audit_links)", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    assert_eq!((version, links), (21, 8));
}
