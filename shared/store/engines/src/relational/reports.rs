//! The MIS reports on the relational engine: grouped counts in SQL over the viewer's rows
//! filed in the period (`cases::reports`), each a walk of the filing-date range of an index
//! (`g_filed` for the state and an area, the viewer rows for one's own cases).

use super::{scope_of, SqlGrievances};
use cases::reports::{age_bucket, ReportFacts, ReportQuery, StationFacts, AGE_BUCKETS};
use cases::reads::Viewer;
use domain::Result;
use rusqlite::types::Value;
use rusqlite::{params_from_iter, Connection};
use std::collections::BTreeMap;
use store::sql::grievances::Scope;
use store::sql::SqlError;

/// The rows of a scope filed in `[from, until)` (`until` the day after the period): the
/// `FROM` and `WHERE` of every report statement, and their parameters.
fn rows_of(scope: &Scope, from: String, until: String) -> (String, Vec<Value>) {
    match scope {
        Scope::State => ("grievances g WHERE g.filed_at >= ?1 AND g.filed_at < ?2".into(), vec![Value::Text(from), Value::Text(until)]),
        Scope::Own(user) => (
            "grievance_viewers v JOIN grievances g ON g.id = v.grievance_id AND g.filed_at = v.filed_at \
             WHERE v.filed_at >= ?1 AND v.filed_at < ?2 AND v.user_id = ?3"
                .into(),
            vec![Value::Text(from), Value::Text(until), Value::Integer(*user)],
        ),
        Scope::Area { stations, districts } => (
            "grievances g WHERE g.filed_at >= ?1 AND g.filed_at < ?2 AND (g.police_station_id IN (SELECT value FROM json_each(?3)) \
             OR (g.police_station_id IS NULL AND g.district_id IN (SELECT value FROM json_each(?4))))"
                .into(),
            vec![
                Value::Text(from),
                Value::Text(until),
                Value::Text(serde_json::to_string(stations).unwrap_or_default()),
                Value::Text(serde_json::to_string(districts).unwrap_or_default()),
            ],
        ),
    }
}

fn facts(conn: &Connection, scope: &Scope, q: &ReportQuery) -> std::result::Result<ReportFacts, SqlError> {
    let until = q.period.to.next_day().map(cases::reports::day_text).unwrap_or_else(|| "9999-12-31".into());
    let (from_where, params) = rows_of(scope, q.period.from_text(), until);
    // Pending rows are bucketed by their filing day against each bucket's first day back.
    let cut = |days: i64| cases::reports::day_text(q.today - time::Duration::days(days));
    let starts: Vec<String> = AGE_BUCKETS.iter().take(4).map(|(_, last)| cut(last.unwrap_or(0))).collect();
    let mut facts = ReportFacts::default();
    let mut stations: BTreeMap<i64, StationFacts> = BTreeMap::new();
    {
        let sql = format!(
            "SELECT coalesce(g.police_station_id, 0), coalesce(g.status_id, 0), g.done, \
               CASE WHEN g.done THEN NULL WHEN substr(g.filed_at, 1, 10) >= '{0}' THEN 0 WHEN substr(g.filed_at, 1, 10) >= '{1}' THEN 1 \
                    WHEN substr(g.filed_at, 1, 10) >= '{2}' THEN 2 WHEN substr(g.filed_at, 1, 10) >= '{3}' THEN 3 ELSE 4 END, \
               count(*), count(g.resolution_days), coalesce(sum(g.resolution_days), 0) \
             FROM {from_where} GROUP BY 1, 2, 3, 4",
            starts[0], starts[1], starts[2], starts[3]
        );
        let mut stmt = conn.prepare_cached(&sql)?;
        let mut rows = stmt.query(params_from_iter(params.iter()))?;
        while let Some(r) = rows.next()? {
            let (station_id, status, done, bucket, n, resolved, days): (i64, i64, bool, Option<i64>, i64, i64, i64) =
                (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?);
            let s = stations.entry(station_id).or_insert_with(|| StationFacts { station_id, ..Default::default() });
            s.total += n;
            *s.by_status.entry(status).or_default() += n;
            if done {
                s.done += n;
                s.resolved_count += resolved;
                s.resolution_days += days;
            }
            if let Some(b) = bucket {
                s.ageing[age_bucket(AGE_BUCKETS[b as usize].0)] += n;
            }
        }
    }
    facts.stations = stations.into_values().collect();
    let grouped = |column: &str, only: &str| -> std::result::Result<BTreeMap<String, i64>, SqlError> {
        let sql = format!("SELECT {column}, count(*) FROM {from_where} {only} GROUP BY 1");
        let mut stmt = conn.prepare_cached(&sql)?;
        let found = stmt.query_map(params_from_iter(params.iter()), |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
        Ok(found.collect::<rusqlite::Result<_>>()?)
    };
    facts.filed = grouped("substr(g.filed_at, 1, 7)", "")?;
    facts.disposed = grouped("substr(g.resolved_at, 1, 7)", "AND g.done AND g.resolved_at IS NOT NULL")?;
    facts.crime_heads = grouped("g.crime_title", "")?;
    Ok(facts)
}

impl SqlGrievances {
    pub(super) async fn reports(&self, viewer: &Viewer, q: &ReportQuery) -> Result<ReportFacts> {
        let scope = scope_of(viewer);
        let q = *q;
        self.read(move |conn| facts(conn, &scope, &q)).await
    }
}
