//! The counters ids are drawn from: one row per name in `sequences`, holding the last id
//! handed out. Drawn inside the caller's transaction, so an id is never handed out twice
//! and a rolled-back write gives its id back.

use super::Result;
use rusqlite::{params, Connection, OptionalExtension};

/// The first of `count` new ids of `name` (the next ones follow it): 1 for the first draw.
pub fn draw(tx: &Connection, name: &str, count: i64) -> Result<i64> {
    assert!(count > 0, "a draw takes at least one id");
    let last: i64 = tx
        .prepare_cached("INSERT INTO sequences (name, last) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET last = last + excluded.last RETURNING last")?
        .query_row(params![name, count], |r| r.get(0))?;
    Ok(last - count + 1)
}

/// The last id of `name` handed out (0: none yet).
pub fn last(conn: &Connection, name: &str) -> Result<i64> {
    Ok(conn.prepare_cached("SELECT last FROM sequences WHERE name = ?1")?.query_row([name], |r| r.get(0)).optional()?.unwrap_or(0))
}

/// Makes `name`'s last id at least `last`: what an upgrade does with a counter an earlier
/// release kept elsewhere.
pub fn raise_to(tx: &Connection, name: &str, last: i64) -> Result<()> {
    tx.prepare_cached("INSERT INTO sequences (name, last) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET last = max(last, excluded.last)")?.execute(params![name, last])?;
    Ok(())
}

/// Grievance ids: every grievance ever filed has one.
pub const GRIEVANCES: &str = "grievance";
/// The change numbers of audit events about no grievance (or beside one: a note).
pub const AUDIT_EVENTS: &str = "audit-event";

/// The counters this table keeps: those of the aggregates kept in the file's tables.
pub const KEPT_HERE: &[&str] = &[GRIEVANCES, AUDIT_EVENTS];

/// Takes over the counters of [`KEPT_HERE`] that a file of an earlier release keeps as items
/// (`SEQ` items of the `items` table, their count in the attribute `n`): each becomes this
/// table's row, never lowered, and the items go, in one transaction. Nothing to do in a file
/// without them.
pub fn adopt_items(conn: &Connection) -> Result<u64> {
    let has_items: bool = conn.query_row("SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'items')", [], |r| r.get(0))?;
    if !has_items {
        return Ok(0);
    }
    let tx = conn.unchecked_transaction()?;
    let mut adopted = 0;
    for name in KEPT_HERE {
        let kept: Option<i64> = tx
            .prepare_cached("SELECT json_extract(attrs, '$.n') FROM items WHERE pk = 'SEQ' AND sk = ?1 AND json_type(attrs, '$.n') = 'integer'")?
            .query_row([name], |r| r.get(0))
            .optional()?;
        if let Some(last) = kept {
            raise_to(&tx, name, last)?;
            tx.prepare_cached("DELETE FROM items WHERE pk = 'SEQ' AND sk = ?1")?.execute([name])?;
            adopted += 1;
        }
    }
    tx.commit()?;
    Ok(adopted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_follow_each_other_and_never_repeat() {
        let dir = tempfile::tempdir().unwrap();
        let conn = super::super::open(dir.path().join("t.db")).unwrap();
        assert_eq!(last(&conn, "note").unwrap(), 0);
        assert_eq!(draw(&conn, "note", 1).unwrap(), 1);
        assert_eq!(draw(&conn, "note", 5).unwrap(), 2);
        assert_eq!(draw(&conn, "note", 1).unwrap(), 7);
        assert_eq!(draw(&conn, "user", 1).unwrap(), 1, "each name counts on its own");
        raise_to(&conn, "note", 3).unwrap();
        assert_eq!(last(&conn, "note").unwrap(), 7, "raising never lowers");
        raise_to(&conn, "note", 40).unwrap();
        assert_eq!(draw(&conn, "note", 1).unwrap(), 41);
    }

    #[test]
    fn an_earlier_releases_counters_are_taken_over_once() {
        let dir = tempfile::tempdir().unwrap();
        let conn = super::super::open(dir.path().join("t.db")).unwrap();
        assert_eq!(adopt_items(&conn).unwrap(), 0, "no items table: nothing to take");
        conn.execute_batch(
            "CREATE TABLE items (pk TEXT NOT NULL, sk TEXT NOT NULL, attrs TEXT NOT NULL, PRIMARY KEY (pk, sk));
             INSERT INTO items VALUES ('SEQ', 'grievance', '{\"n\":1500}'), ('SEQ', 'audit-event', '{\"n\":7}'), ('GRIEVANCE#1', 'GRIEVANCE', '{\"n\":99}');",
        )
        .unwrap();
        draw(&conn, "audit-event", 3).unwrap();
        assert_eq!(adopt_items(&conn).unwrap(), 2);
        assert_eq!(draw(&conn, "grievance", 1).unwrap(), 1501);
        assert_eq!(draw(&conn, "audit-event", 1).unwrap(), 8);
        let left: i64 = conn.query_row("SELECT count(*) FROM items", [], |r| r.get(0)).unwrap();
        assert_eq!(left, 1, "only the counters leave the items");
        assert_eq!(adopt_items(&conn).unwrap(), 0, "a second start finds none");
    }
}
