//! The complainants' satisfaction per police station, an MIS report: the ratings of disposals
//! given in a period (the day each was given, inclusive at both ends), satisfied, partly and
//! not satisfied, the share satisfied, and the appeals they opened. A rating is counted at the
//! station that held the case when it was given, whatever happened to the case since.
//!
//! An engine answers the tallies (`Grievances::rating_tallies`); the report is shaped here,
//! so both engines round and order alike.

use crate::reports::Period;
use domain::citizen::Rating;
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// How many ratings of one kind a station's cases were given (station 0: cases without one),
/// and how many of them opened an appeal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingTally {
    pub station_id: i64,
    pub rating: Rating,
    pub ratings: i64,
    pub appeals: i64,
}

/// One station's row.
#[derive(Clone, Debug, Default, PartialEq, Serialize, ToSchema)]
pub struct SatisfactionRow {
    pub station_id: i64,
    pub station: String,
    pub satisfied: i64,
    pub partly: i64,
    pub not_satisfied: i64,
    pub total: i64,
    /// Satisfied as a share of all ratings, in percent to one decimal; null without ratings.
    pub satisfied_percent: Option<f64>,
    /// "Not satisfied" ratings that opened an appeal (given within the reopen window).
    pub appeals: i64,
}

impl SatisfactionRow {
    fn add(&mut self, t: &RatingTally) {
        match t.rating {
            Rating::Satisfied => self.satisfied += t.ratings,
            Rating::Partly => self.partly += t.ratings,
            Rating::NotSatisfied => self.not_satisfied += t.ratings,
        }
        self.total += t.ratings;
        self.appeals += t.appeals;
    }

    fn finish(mut self) -> Self {
        self.satisfied_percent = (self.total > 0).then(|| (self.satisfied as f64 * 1000.0 / self.total as f64).round() / 10.0);
        self
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct SatisfactionReport {
    /// `YYYY-MM-DD`, the first and last days of ratings counted.
    pub from: String,
    pub to: String,
    /// The stations with ratings, the least satisfied first (by share, then by most ratings).
    pub rows: Vec<SatisfactionRow>,
    pub total: SatisfactionRow,
}

/// The report of `tallies`, stations named by `names` (an unnamed one reads "-").
pub fn report(tallies: &[RatingTally], names: &BTreeMap<i64, String>, period: &Period) -> SatisfactionReport {
    let mut by_station: BTreeMap<i64, SatisfactionRow> = BTreeMap::new();
    let mut total = SatisfactionRow { station: "Total".into(), ..SatisfactionRow::default() };
    for t in tallies {
        let row = by_station.entry(t.station_id).or_insert_with(|| SatisfactionRow {
            station_id: t.station_id,
            station: names.get(&t.station_id).cloned().unwrap_or_else(|| "-".into()),
            ..SatisfactionRow::default()
        });
        row.add(t);
        total.add(t);
    }
    let mut rows: Vec<SatisfactionRow> = by_station.into_values().map(SatisfactionRow::finish).collect();
    rows.sort_by(|a, b| {
        let share = |r: &SatisfactionRow| r.satisfied_percent.unwrap_or(100.0);
        share(a).total_cmp(&share(b)).then(b.total.cmp(&a.total)).then(a.station_id.cmp(&b.station_id))
    });
    SatisfactionReport { from: crate::reports::day_text(period.from), to: crate::reports::day_text(period.to), rows, total: total.finish() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn stations_are_ranked_least_satisfied_first_with_their_shares() {
        let t = |station_id, rating, ratings, appeals| RatingTally { station_id, rating, ratings, appeals };
        let tallies = [t(1, Rating::Satisfied, 2, 0), t(1, Rating::NotSatisfied, 1, 1), t(2, Rating::Satisfied, 1, 0), t(2, Rating::Partly, 2, 0), t(0, Rating::Satisfied, 1, 0)];
        let names = BTreeMap::from([(1, "Civil Lines".to_string()), (2, "Sadar Bazar".to_string())]);
        let r = report(&tallies, &names, &Period { from: date!(2026 - 11 - 01), to: date!(2026 - 11 - 30) });
        let shown: Vec<(&str, i64, Option<f64>, i64)> = r.rows.iter().map(|row| (row.station.as_str(), row.total, row.satisfied_percent, row.appeals)).collect();
        assert_eq!(shown, [("Sadar Bazar", 3, Some(33.3), 0), ("Civil Lines", 3, Some(66.7), 1), ("-", 1, Some(100.0), 0)]);
        assert_eq!((r.total.total, r.total.satisfied, r.total.partly, r.total.not_satisfied, r.total.satisfied_percent), (7, 4, 2, 1, Some(57.1)));
        assert_eq!((r.from.as_str(), r.to.as_str()), ("2026-11-01", "2026-11-30"));
    }
}
