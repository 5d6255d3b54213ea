//! Where imported grievances came from: one row per identifier an earlier register gave a
//! case (`grievance_sources`), the source record kept whole as JSON beside the grievance's id.

use super::{Result, SqlError};
use rusqlite::{params, Connection, OptionalExtension};

/// Keeps a source record, in the grievance's transaction. `claim`: the grievance is being
/// filed, and another holding the identifier refuses it ([`SqlError::SourceTaken`]);
/// otherwise the record is kept anew (a changed row imported again).
pub fn put(tx: &Connection, source_id: &str, grievance_id: i64, record: &str, claim: bool) -> Result<()> {
    if claim && held_by(tx, source_id)?.is_some() {
        return Err(SqlError::SourceTaken);
    }
    tx.prepare_cached(
        "INSERT INTO grievance_sources (source_id, grievance_id, record) VALUES (?1, ?2, ?3)
         ON CONFLICT (source_id) DO UPDATE SET grievance_id = excluded.grievance_id, record = excluded.record",
    )?
    .execute(params![source_id, grievance_id, record])?;
    Ok(())
}

/// The grievance imported with `source_id`, if any.
fn held_by(conn: &Connection, source_id: &str) -> Result<Option<i64>> {
    Ok(conn.prepare_cached("SELECT grievance_id FROM grievance_sources WHERE source_id = ?1")?.query_row([source_id], |r| r.get(0)).optional()?)
}

/// The source record kept for `source_id` (its JSON), if any.
pub fn get(conn: &Connection, source_id: &str) -> Result<Option<String>> {
    Ok(conn.prepare_cached("SELECT record FROM grievance_sources WHERE source_id = ?1")?.query_row([source_id], |r| r.get(0)).optional()?)
}
