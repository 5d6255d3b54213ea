//! The dashboard counters, kept by the same transactions that change grievances. A change
//! is described as the removal of the old grievance and the addition of the new one, so
//! every counter moves by exactly what the data moved.

use crate::dynamo::grievance_keys as keys;
use cases::record::Grievance;
use std::collections::BTreeMap;
use store::{Changes, Key, Write};

/// Counters go by the items' ids (0: none), so a renamed status or priority keeps its count.
pub fn status_attr(status_id: Option<i64>) -> String {
    format!("status#{}", status_id.unwrap_or(0))
}

pub fn priority_attr(priority_id: Option<i64>) -> String {
    format!("priority#{}", priority_id.unwrap_or(0))
}

pub(crate) fn resolution_days(g: &Grievance) -> Option<i64> {
    let resolved = domain::clock::parse(g.resolved_at.as_deref()?)?;
    let filed = domain::clock::parse(&g.filed_at)?;
    Some(((resolved - filed).whole_hours() as f64 / 24.0).round() as i64)
}

fn is_done(g: &Grievance) -> bool {
    g.status_meaning.is_final()
}

/// The overdue counters: the day its stage began, by station, stage and priority, unless it
/// is decided (never overdue); for the state and for each user who sees it.
fn overdue_tally(deltas: &mut BTreeMap<Key, BTreeMap<String, i64>>, g: &Grievance, sign: i64) {
    let at = cases::pendency::stage_of(g);
    if at.stage == domain::pendency::Stage::Decided {
        return;
    }
    let day = keys::overdue_day(&cases::pendency::date_text(at.since));
    for user in std::iter::once(None).chain(g.visible_to().into_iter().map(Some)) {
        let key = keys::overdue_counter(user, g.police_station_id.unwrap_or(0), at.stage, g.priority_id.unwrap_or(0));
        *deltas.entry(key).or_default().entry(day.clone()).or_default() += sign;
    }
}

/// The due-day counters (`keys::due_counter_all`): the day the earliest open statutory clock
/// falls due, for the state, the district, the place and each user who sees the grievance.
fn due_tally(deltas: &mut BTreeMap<Key, BTreeMap<String, i64>>, g: &Grievance, sign: i64) {
    let Some(day) = &g.next_due else { return };
    let attr = keys::overdue_day(day.as_str());
    let mut counters = vec![keys::due_counter_all(g.id)];
    counters.extend(g.district_id.map(|d| keys::due_counter_district(d, g.id)));
    counters.extend(keys::place(g.district_id, g.police_station_id).map(|p| keys::due_counter_place(&p)));
    counters.extend(g.visible_to().into_iter().map(keys::due_counter_user));
    for key in counters {
        *deltas.entry(key).or_default().entry(attr.clone()).or_default() += sign;
    }
}

/// How many grievances the due-day counter items `items` count on the days from `from` to
/// `to` (inclusive; no start: every day up to the end).
pub fn due_between(items: &[store::Item], from: Option<&str>, to: &str) -> i64 {
    let (from, to) = (from.map(keys::overdue_day).unwrap_or_default(), keys::overdue_day(to));
    items
        .iter()
        .flat_map(|item| item.attrs.iter())
        .filter(|(day, _)| day.starts_with('d') && day.as_str() >= from.as_str() && day.as_str() <= to.as_str())
        .filter_map(|(_, n)| n.as_i64())
        .sum()
}

fn tally(deltas: &mut BTreeMap<Key, BTreeMap<String, i64>>, g: &Grievance, sign: i64) {
    // Each scope's counters, and whose per-station counters: the state's and each user's.
    // A place keeps none, as its one station's figures are the state's for that station.
    overdue_tally(deltas, g, sign);
    due_tally(deltas, g, sign);
    let mut add = |key: Key, attr: String, by: i64| *deltas.entry(key).or_default().entry(attr).or_default() += by;
    // A district's count moves when a grievance enters or leaves it.
    if let Some(district) = g.district_id {
        add(keys::stats_district(district, g.id), "total".into(), sign);
    }
    let mut scopes = vec![(keys::stats_all(g.id), Some(None))];
    scopes.extend(g.visible_to().into_iter().map(|u| (keys::stats_user(u), Some(Some(u)))));
    scopes.extend(keys::place(g.district_id, g.police_station_id).map(|p| (keys::stats_place(&p), None)));
    for (scope, stations_of) in scopes {
        if let Some(user) = stations_of {
            let station = keys::stats_station(user, g.police_station_id.unwrap_or(0));
            add(station.clone(), "total".into(), sign);
            if is_done(g) {
                add(station, "done".into(), sign);
            }
        }
        add(scope.clone(), "total".into(), sign);
        add(scope.clone(), status_attr(g.status_id), sign);
        add(scope.clone(), priority_attr(g.priority_id), sign);
        if is_done(g) {
            add(scope.clone(), "done".into(), sign);
            if let Some(days) = resolution_days(g) {
                add(scope.clone(), "resolved_count".into(), sign);
                add(scope, "resolution_days".into(), sign * days);
            }
        }
    }
}

/// Counters as grievances alone make them, keyed as they are stored.
pub type Totals = BTreeMap<Key, BTreeMap<String, i64>>;

/// Adds `g` to `totals`: an upgrade counts every grievance this way, a page at a time, and
/// writes the result over counters kept under an earlier scheme.
pub fn count_into(totals: &mut Totals, g: &Grievance) {
    tally(totals, g, 1);
}

/// Adds `g` to the overdue counters of `totals` only: the upgrade that brings in the overdue
/// counters counts every grievance this way.
pub fn count_overdue_into(totals: &mut Totals, g: &Grievance) {
    overdue_tally(totals, g, 1);
}

/// Adds `g` to the due-day counters of `totals` only: the upgrade that brings in those
/// counters counts every grievance this way.
pub fn count_due_into(totals: &mut Totals, g: &Grievance) {
    due_tally(totals, g, 1);
}

/// The counter writes that move the counters from `before` to `after`.
pub fn writes(before: Option<&Grievance>, after: Option<&Grievance>) -> Vec<Write> {
    let mut deltas = BTreeMap::new();
    if let Some(g) = before {
        tally(&mut deltas, g, -1);
    }
    if let Some(g) = after {
        tally(&mut deltas, g, 1);
    }
    deltas
        .into_iter()
        .filter_map(|(key, attrs)| {
            let mut changes = Changes::default();
            for (attr, by) in attrs.into_iter().filter(|(_, by)| *by != 0) {
                changes = changes.add(&attr, by);
            }
            (!changes.is_empty()).then(|| Write::update(key, changes))
        })
        .collect()
}

/// The figures of several counter items added up: an area's, from its places'.
pub fn sum(all: impl IntoIterator<Item = cases::port::Tallies>) -> cases::port::Tallies {
    let mut total = cases::port::Tallies::default();
    for t in all {
        total.total += t.total;
        total.done += t.done;
        total.resolved_count += t.resolved_count;
        total.resolution_days += t.resolution_days;
        for (id, n) in t.by_status {
            *total.by_status.entry(id).or_default() += n;
        }
        for (id, n) in t.by_priority {
            *total.by_priority.entry(id).or_default() += n;
        }
    }
    total
}

/// The figures of a counter item, as the grievances port answers them.
pub fn tallies_of(attrs: &store::Attrs) -> cases::port::Tallies {
    let count = |attr: &str| attrs.get(attr).and_then(serde_json::Value::as_i64).unwrap_or(0);
    let by = |prefix: &str| -> BTreeMap<i64, i64> {
        attrs
            .iter()
            .filter_map(|(name, value)| Some((name.strip_prefix(prefix)?.parse().ok()?, value.as_i64()?)))
            .collect()
    };
    cases::port::Tallies {
        total: count("total"),
        done: count("done"),
        resolved_count: count("resolved_count"),
        resolution_days: count("resolution_days"),
        by_status: by("status#"),
        by_priority: by("priority#"),
    }
}
