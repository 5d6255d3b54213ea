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
}
