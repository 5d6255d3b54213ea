//! The audit trail's rows: a record reads back as written, its details deflated with the
//! preset dictionary (and smaller for it); the records an earlier release deflated without
//! one read back unchanged after the upgrade.

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

#[test]
fn records_an_earlier_release_deflated_without_a_dictionary_read_back_unchanged_after_the_upgrade() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("portal.db");
    let conn = sql::open(&path).unwrap();
    // The file as release v7 left it: no dictionary column, details deflated alone (and none
    // of the later steps' tables: the tables of the accounts, notices, case files, admin lists
    // and settings, the id sequences, the audit chains and their upgrade list, the reports'
    // figures, the closure queue, the number indexes).
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
