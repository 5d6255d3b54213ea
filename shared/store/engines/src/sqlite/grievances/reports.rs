//! The MIS reports on the relational engine (`cases::reports`). The state's and an area's are
//! sums over figures kept by triggers per filing month and per filing day (schema 12; the
//! crime heads by chapter, schema 25): the
//! period's whole months from the month tables, its other days from the day tables, each a
//! range of a primary key, whatever the number of grievances. One's own cases are grouped
//! from their rows, found through the user's viewer rows by filing time.
//!
//! The statutory compliance figures are sums the same way, over the runs of the cases'
//! clocks kept per filing month and day (schema 27): an open run keeps its due day, so
//! whether it is missed or still running is decided here, against today.

use super::{scope_of, SqlGrievances};
use cases::reports::{age_bucket, day_text, ClockFigures, ReportFacts, ReportQuery, StationFacts};
use domain::law::Outcome;
use cases::reads::Viewer;
use domain::Result;
use rusqlite::types::Value;
use rusqlite::{params_from_iter, Connection};
use std::collections::BTreeMap;
use store::sql::grievances::Scope;
use store::sql::SqlError;

/// One group of figures: station, status, done, filing day (or month), resolution month
/// ('' when not disposed), count, resolved count, resolution days.
type Group = (i64, i64, bool, String, String, i64, i64, i64);

fn ids_json(ids: &[i64]) -> Value {
    Value::Text(serde_json::to_string(ids).unwrap_or_else(|_| "[]".into()))
}

/// The period's parts: the whole months the month tables answer, and the day ranges the day
/// tables answer (a month the period holds in part, or one of the last three, where a
/// pending grievance's age bucket turns on its day).
fn parts(q: &ReportQuery) -> (Vec<String>, Vec<(String, String)>) {
    use time::Date;
    let recent = q.today - time::Duration::days(cases::reports::AGE_BUCKETS[3].1.unwrap_or(60) + 1);
    let recent = (recent.year(), recent.month() as u8);
    let (mut months, mut days) = (Vec::new(), Vec::new());
    let mut first = Date::from_calendar_date(q.period.from.year(), q.period.from.month(), 1).expect("a month's first day");
    while first <= q.period.to {
        let next = (first.replace_day(28).expect("day 28") + time::Duration::days(4)).replace_day(1).expect("day 1");
        let last = next.previous_day().expect("a previous day");
        let (start, end) = (first.max(q.period.from), last.min(q.period.to));
        if start == first && end == last && (first.year(), first.month() as u8) < recent {
            months.push(day_text(first)[..7].to_string());
        } else {
            days.push((day_text(start), day_text(end)));
        }
        first = next;
    }
    (months, days)
}

/// The condition on the place of a scope's (state or area) figures, its parameters numbered
/// after `n` others.
fn place_filter(scope: &Scope, n: usize) -> (String, Vec<Value>) {
    match scope {
        Scope::Area { stations, districts } => (
            format!(
                " AND (police_station_id IN (SELECT value FROM json_each(?{})) OR (police_station_id = 0 AND district_id IN (SELECT value FROM json_each(?{}))))",
                n + 1,
                n + 2
            ),
            vec![ids_json(stations), ids_json(districts)],
        ),
        _ => (String::new(), Vec::new()),
    }
}

/// A grievance's filing day in India (`g.filed_at` is UTC), as the tallies are keyed (schema 32).
const INDIA_DAY: &str = "coalesce(date(g.filed_at, '+330 minutes'), substr(g.filed_at, 1, 10))";
/// A disposed grievance's resolution month in India.
const INDIA_RESOLVED_MONTH: &str = "coalesce(strftime('%Y-%m', g.resolved_at, '+330 minutes'), substr(g.resolved_at, 1, 7))";

fn group(r: &rusqlite::Row) -> rusqlite::Result<Group> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?))
}

fn crime(r: &rusqlite::Row) -> rusqlite::Result<(String, i64)> {
    Ok((r.get(0)?, r.get(1)?))
}

/// Counts by a text (a crime title, a head by chapter).
type ByText = BTreeMap<String, i64>;

/// The period's figures in `scope`: the groups of the tally, the counts per crime title, and
/// the counts per head by chapter.
fn grouped_figures(conn: &Connection, scope: &Scope, q: &ReportQuery) -> std::result::Result<(Vec<Group>, ByText, ByText), SqlError> {
    if let Scope::Own(user) = scope {
        let (from, until) = q.period.filed_bounds();
        let params = [Value::Text(from), Value::Text(until), Value::Integer(*user)];
        let joined = "grievance_viewers v JOIN grievances g ON g.id = v.grievance_id AND g.filed_at = v.filed_at";
        let theirs = "WHERE v.user_id = ?3 AND v.filed_at >= ?1 AND v.filed_at < ?2";
        let groups = conn
            .prepare_cached(&format!(
                "SELECT coalesce(g.police_station_id, 0), coalesce(g.status_id, 0), max(g.done), {INDIA_DAY},
                        CASE WHEN g.done AND g.resolved_at IS NOT NULL THEN {INDIA_RESOLVED_MONTH} ELSE '' END,
                        count(*), count(g.resolution_days), coalesce(sum(g.resolution_days), 0)
                   FROM {joined} {theirs} GROUP BY 1, 2, 4, 5"
            ))?
            .query_map(params_from_iter(params.iter()), group)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let crimes = conn
            .prepare_cached(&format!("SELECT g.crime_title, count(*) FROM {joined} {theirs} GROUP BY 1"))?
            .query_map(params_from_iter(params.iter()), crime)?
            .collect::<rusqlite::Result<_>>()?;
        let heads = conn
            .prepare_cached(&format!("SELECT h.value, count(*) FROM {joined} JOIN json_each(g.heads) h {theirs} GROUP BY 1"))?
            .query_map(params_from_iter(params.iter()), crime)?
            .collect::<rusqlite::Result<_>>()?;
        return Ok((groups, crimes, heads));
    }
    let (months, days) = parts(q);
    let mut groups = Vec::new();
    let mut crimes = ByText::new();
    let mut chapters = ByText::new();
    let mut read = |unit: &str, when: &str, mut params: Vec<Value>| -> std::result::Result<(), SqlError> {
        let (place, more) = place_filter(scope, params.len());
        params.extend(more);
        let tally = format!(
            "SELECT police_station_id, status_id, done, filed_{unit}, resolved_month, n, resolved_count, resolution_days
               FROM report_{unit}_tally WHERE {when}{place} AND n > 0"
        );
        groups.extend(conn.prepare_cached(&tally)?.query_map(params_from_iter(params.iter()), group)?.collect::<rusqlite::Result<Vec<_>>>()?);
        for (table, column, counts) in [("crimes", "crime_title", &mut crimes), ("heads", "head", &mut chapters)] {
            let sql = format!("SELECT {column}, sum(n) FROM report_{unit}_{table} WHERE {when}{place} GROUP BY 1");
            for found in conn.prepare_cached(&sql)?.query_map(params_from_iter(params.iter()), crime)? {
                let (text, n) = found?;
                *counts.entry(text).or_default() += n;
            }
        }
        Ok(())
    };
    if !months.is_empty() {
        read("month", "filed_month IN (SELECT value FROM json_each(?1))", vec![Value::Text(serde_json::to_string(&months).unwrap_or_default())])?;
    }
    for (from, to) in days {
        read("day", "filed_day >= ?1 AND filed_day <= ?2", vec![Value::Text(from), Value::Text(to)])?;
    }
    Ok((groups, crimes, chapters))
}

/// How a run kept in a tally stands on `today`: outcome 0 is open, 1 met on time, 2 late.
const OUTCOME: &str = "CASE outcome WHEN 1 THEN 1 WHEN 2 THEN 2 ELSE CASE WHEN due_day < ?1 THEN 3 ELSE 4 END END";

fn outcome(code: i64) -> Outcome {
    match code {
        1 => Outcome::MetOnTime,
        2 => Outcome::MetLate,
        3 => Outcome::Missed,
        _ => Outcome::Running,
    }
}

/// The runs of the period's cases' clocks in `scope`, per station and rule.
fn clock_figures(conn: &Connection, scope: &Scope, q: &ReportQuery) -> std::result::Result<BTreeMap<(i64, String), ClockFigures>, SqlError> {
    let today = Value::Text(day_text(q.today));
    let mut figures: BTreeMap<(i64, String), ClockFigures> = BTreeMap::new();
    let mut add = |rows: Vec<(i64, String, i64, i64)>| {
        for (station, rule, code, n) in rows {
            figures.entry((station, rule)).or_default().count(outcome(code), n);
        }
    };
    let four = |r: &rusqlite::Row| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?));
    if let Scope::Own(user) = scope {
        let (from, until) = q.period.filed_bounds();
        let params = [today, Value::Text(from), Value::Text(until), Value::Integer(*user)];
        let runs = "SELECT coalesce(g.police_station_id, 0) AS police_station_id, r.value ->> 0 AS rule,
                           CASE WHEN r.value ->> 2 IS NULL THEN 0 WHEN r.value ->> 2 <= r.value ->> 1 THEN 1 ELSE 2 END AS outcome,
                           r.value ->> 1 AS due_day
                      FROM grievance_viewers v JOIN grievances g ON g.id = v.grievance_id AND g.filed_at = v.filed_at
                      JOIN json_each(g.clock_runs) r
                     WHERE v.user_id = ?4 AND v.filed_at >= ?2 AND v.filed_at < ?3";
        let sql = format!("SELECT police_station_id, rule, {OUTCOME}, count(*) FROM ({runs}) GROUP BY 1, 2, 3");
        add(conn.prepare_cached(&sql)?.query_map(params_from_iter(params.iter()), four)?.collect::<rusqlite::Result<Vec<_>>>()?);
        return Ok(figures);
    }
    let (months, days) = parts(q);
    let mut read = |unit: &str, when: &str, mut params: Vec<Value>| -> std::result::Result<(), SqlError> {
        let (place, more) = place_filter(scope, params.len());
        params.extend(more);
        let sql = format!("SELECT police_station_id, rule, {OUTCOME}, sum(n) FROM clock_{unit}_tally WHERE {when}{place} GROUP BY 1, 2, 3 HAVING sum(n) <> 0");
        add(conn.prepare_cached(&sql)?.query_map(params_from_iter(params.iter()), four)?.collect::<rusqlite::Result<Vec<_>>>()?);
        Ok(())
    };
    if !months.is_empty() {
        read("month", "filed_month IN (SELECT value FROM json_each(?2))", vec![today.clone(), Value::Text(serde_json::to_string(&months).unwrap_or_default())])?;
    }
    for (from, to) in days {
        read("day", "filed_day >= ?2 AND filed_day <= ?3", vec![today.clone(), Value::Text(from), Value::Text(to)])?;
    }
    Ok(figures)
}

fn facts(conn: &Connection, scope: &Scope, q: &ReportQuery) -> std::result::Result<ReportFacts, SqlError> {
    let (groups, crimes, chapters) = grouped_figures(conn, scope, q)?;
    let mut stations: BTreeMap<i64, StationFacts> = BTreeMap::new();
    let mut facts = ReportFacts {
        crime_heads: crimes.into_iter().filter(|(_, n)| *n > 0).collect(),
        chapters: chapters.into_iter().filter(|(_, n)| *n > 0).collect(),
        ..Default::default()
    };
    // Ages go by filing day, worked out once per day. A month's figures (`YYYY-MM`) are older
    // than the last three months: its pending are over 60 days old, whatever their day.
    let mut ages: BTreeMap<String, usize> = BTreeMap::new();
    for (station_id, status, done, when, resolved_month, n, resolved, days) in groups {
        let s = stations.entry(station_id).or_insert_with(|| StationFacts { station_id, ..Default::default() });
        s.total += n;
        *s.by_status.entry(status).or_default() += n;
        *facts.filed.entry(when[..7.min(when.len())].to_string()).or_default() += n;
        if done {
            s.done += n;
            s.resolved_count += resolved;
            s.resolution_days += days;
            if !resolved_month.is_empty() {
                *facts.disposed.entry(resolved_month).or_default() += n;
            }
        } else {
            let bucket = *ages.entry(when).or_insert_with_key(|when| match cases::reports::parse_day(when) {
                Some(filed) => age_bucket((q.today - filed).whole_days().max(0)),
                None => cases::reports::AGE_BUCKETS.len() - 1,
            });
            s.ageing[bucket] += n;
        }
    }
    facts.stations = stations.into_values().filter(|s| s.total > 0).collect();
    facts.clocks = clock_figures(conn, scope, q)?;
    Ok(facts)
}

/// The ratings given from `from` to `to` (inclusive days) to the grievances of `scope`, by
/// station and rating (`citizen_ratings`, a row per rating: few beside the cases).
fn rating_tallies(conn: &Connection, scope: &Scope, from: &str, to: &str) -> store::sql::Result<Vec<cases::satisfaction::RatingTally>> {
    let mut params: Vec<Value> = vec![Value::Text(from.to_string()), Value::Text(to.to_string())];
    let within = match scope {
        Scope::State => String::new(),
        Scope::Own(user) => {
            params.push(Value::Integer(*user));
            "AND r.grievance_id IN (SELECT id FROM grievances WHERE filed_by = ?3 OR assigned_to = ?3)".to_string()
        }
        Scope::Area { stations, districts } => {
            let list = |ids: &[i64]| ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            format!("AND (r.station_id IN ({}) OR (r.station_id IS NULL AND r.district_id IN ({})))", list(stations), list(districts))
        }
    };
    let sql = format!(
        "SELECT coalesce(r.station_id, 0), r.rating, count(*), sum(r.appealed) FROM citizen_ratings r WHERE r.rated_on BETWEEN ?1 AND ?2 {within} GROUP BY 1, 2 ORDER BY 1, 2"
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map(params_from_iter(params), |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, i64>(3)?)))?;
    let mut tallies = Vec::new();
    for row in rows {
        let (station_id, rating, ratings, appeals) = row?;
        let rating = domain::citizen::Rating::ALL.into_iter().find(|r| r.as_str() == rating).ok_or_else(|| SqlError::Corrupt(format!("a rating {rating:?}")))?;
        tallies.push(cases::satisfaction::RatingTally { station_id, rating, ratings, appeals });
    }
    Ok(tallies)
}

impl SqlGrievances {
    pub(super) async fn reports(&self, viewer: &Viewer, q: &ReportQuery) -> Result<ReportFacts> {
        let scope = scope_of(viewer);
        let q = *q;
        self.read(move |conn| facts(conn, &scope, &q)).await
    }

    pub(super) async fn rating_tallies(&self, viewer: &Viewer, period: &cases::reports::Period) -> Result<Vec<cases::satisfaction::RatingTally>> {
        let scope = scope_of(viewer);
        let (from, to) = (period.from_text(), day_text(period.to));
        self.read(move |conn| rating_tallies(conn, &scope, &from, &to)).await
    }

    pub(super) async fn missed_clocks(&self, viewer: &Viewer, q: &ReportQuery, most: usize) -> Result<Vec<cases::Grievance>> {
        let scope = scope_of(viewer);
        let ((from, until), today) = (q.period.filed_bounds(), day_text(q.today));
        let rows = self.read(move |conn| store::sql::grievances::missed_clocks(conn, &scope, &from, &until, &today, most)).await?;
        Ok(rows.into_iter().map(|row| super::stored_of(row).grievance).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cases::reports::{parse_day, Period};

    #[test]
    fn a_period_is_whole_old_months_and_the_days_of_the_rest() {
        let today = parse_day("2026-11-26").unwrap();
        let q = ReportQuery { period: Period { from: parse_day("2026-01-15").unwrap(), to: today }, today };
        let (months, days) = parts(&q);
        // 61 days back is 2026-09-26: September onwards by day.
        assert_eq!(months, ["2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08"]);
        assert_eq!(days.first().unwrap(), &("2026-01-15".to_string(), "2026-01-31".to_string()));
        assert_eq!(days[1..], [("2026-09-01".into(), "2026-09-30".into()), ("2026-10-01".into(), "2026-10-31".into()), ("2026-11-01".into(), "2026-11-26".into())]);
    }
}
