//! Where the accounts' and the admin lists' tables meet: users are posted at police stations
//! and districts, so a place with users posted at it cannot be deleted, and a user cannot be
//! posted at a place that is gone. Both questions are asked inside the writer's transaction
//! of the change that depends on them (SQLite has one writer, so the answer still holds when
//! the change commits).

use domain::jurisdiction::Posting;
use domain::lists::ListKind;
use rusqlite::Connection;
use std::collections::BTreeMap;
use store::sql::Result;

/// The list item a posting names, if any: a range is a name on its districts, the state none.
pub(crate) fn posted_place(posting: &Posting) -> Option<(ListKind, i64)> {
    match posting {
        Posting::Station(id) => Some((ListKind::PoliceStations, *id)),
        Posting::District(id) => Some((ListKind::Districts, *id)),
        Posting::Range(_) | Posting::State => None,
    }
}

/// How many users are posted at each police station and district that has any: from the
/// `users` table's posting columns (see `crate::sqlite::accounts`).
pub(crate) fn users_posted(conn: &Connection) -> Result<BTreeMap<(ListKind, i64), i64>> {
    let mut stmt = conn.prepare_cached("SELECT posted_list, posted_id, count(*) FROM users WHERE posted_list IS NOT NULL GROUP BY posted_list, posted_id")?;
    let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?)))?;
    let mut posted = BTreeMap::new();
    for row in rows {
        let (list, id, n) = row?;
        let kind = ListKind::parse(&list).ok_or_else(|| store::sql::SqlError::Corrupt(format!("a user is posted in the list {list}")))?;
        posted.insert((kind, id), n);
    }
    Ok(posted)
}

/// How many users are posted at one place.
pub(crate) fn users_posted_at(conn: &Connection, kind: ListKind, id: i64) -> Result<i64> {
    Ok(users_posted(conn)?.get(&(kind, id)).copied().unwrap_or(0))
}

/// Whether the admin lists hold the place `posting` names (always, for a range or the state).
pub(crate) fn place_exists(conn: &Connection, posting: &Posting) -> Result<bool> {
    let Some((kind, id)) = posted_place(posting) else { return Ok(true) };
    let exists = conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM list_items WHERE id = ?1 AND kind = ?2 AND record IS NOT NULL)")?
        .query_row(rusqlite::params![id, kind.as_str()], |r| r.get(0))?;
    Ok(exists)
}
