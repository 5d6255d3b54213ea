//! The MIS reports on the item engine (DynamoDB): its counters are kept per place and status,
//! not per filing day, so a report reads the viewer's grievances themselves, newest filed
//! first (the list's own order and read budget), down to the period's first day, and counts
//! them (`cases::reports::tally`). The work is bounded: past `READ_MOST` grievances read, the
//! answer is 400 `Msg::ReportScopeTooLarge` (a shorter range, or the embedded engine's SQL), never a
//! partial figure.

use domain::Msg;
use cases::port::Grievances;
use cases::reads::{Filters, Viewer};
use cases::reports::{self, ReportFacts, ReportQuery, READ_MOST};
use cases::Grievance;
use domain::{Error, Result};

const PAGE: usize = 200;

pub(crate) async fn facts(grievances: &dyn Grievances, viewer: &Viewer, q: &ReportQuery) -> Result<ReportFacts> {
    facts_within(grievances, viewer, q, READ_MOST).await
}

/// The period's cases with a clock missed, earliest next due day first, at most `most`.
pub(crate) async fn missed_clocks(grievances: &dyn Grievances, viewer: &Viewer, q: &ReportQuery, most: usize) -> Result<Vec<Grievance>> {
    let today = domain::day::Day::of(q.today);
    let mut missed: Vec<Grievance> = period_cases(grievances, viewer, q, READ_MOST).await?.into_iter().filter(|g| g.next_due.as_ref().is_some_and(|d| *d < today)).collect();
    missed.sort_by(|a, b| a.next_due.cmp(&b.next_due).then(a.id.cmp(&b.id)));
    missed.truncate(most);
    Ok(missed)
}

/// As [`facts`], asking for no further page once `most` grievances are read.
async fn facts_within(grievances: &dyn Grievances, viewer: &Viewer, q: &ReportQuery, most: usize) -> Result<ReportFacts> {
    Ok(reports::tally(&period_cases(grievances, viewer, q, most).await?, q))
}

/// The viewer's grievances filed in the period, reading no further page once `most` are read.
async fn period_cases(grievances: &dyn Grievances, viewer: &Viewer, q: &ReportQuery, most: usize) -> Result<Vec<Grievance>> {
    let (first, _) = q.period.filed_bounds();
    let mut held: Vec<Grievance> = Vec::new();
    let mut read = 0usize;
    let mut cursor = None;
    'pages: loop {
        let page = grievances.list(viewer, &Filters::default(), PAGE, cursor).await?;
        read += (page.examined as usize).max(page.items.len());
        for s in page.items {
            if s.grievance.filed_at.as_str() < first.as_str() {
                break 'pages;
            }
            if q.period.holds(&s.grievance.filed_at) {
                held.push(s.grievance);
            }
        }
        match page.cursor {
            Some(next) if read < most => cursor = Some(next),
            Some(_) => return Err(Error::BadRequest(Msg::ReportScopeTooLarge)),
            None => break,
        }
    }
    Ok(held)
}

#[cfg(test)]
mod tests {
    use super::*;
    use async_trait::async_trait;
    use cases::pendency::Clock;
    use cases::port::{CaseFileChange, GrievanceChange, ListCount, StationTally, Stored, StoredPage, Tallies};
    use cases::reports::{parse_day, Period};
    use cases::writes::AuditEntry;
    use cases::Actor;
    use std::collections::BTreeMap;

    /// Grievances filed one a day back from 2026-06-30, newest first, answered a page at a time.
    struct Daily(usize);

    #[async_trait]
    impl Grievances for Daily {
        async fn list(&self, _: &Viewer, _: &Filters, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
            let start: usize = cursor.map_or(0, |c| c.parse().unwrap());
            let end = (start + limit).min(self.0);
            let last = parse_day("2026-06-30").unwrap();
            let items = (start..end)
                .map(|i| {
                    let mut g: Grievance = serde_json::from_value(serde_json::json!({
                        "id": i as i64 + 1, "grievance_number": format!("G-{i}"), "fir_no": "F", "fir_date": "2026-01-01",
                        "section_and_act": "379", "crime_title": "Theft", "district": "", "police_station": "", "status": "",
                        "priority": "", "put_in_court": false, "cross_case": false, "brief_details": "x", "investigation_officers": [],
                        "district_id": null, "police_station_id": 7, "status_id": 1, "priority_id": null, "status_meaning": "open",
                        "filed_by": 1, "filed_by_name": "A", "assigned_to": null, "assigned_to_name": null,
                        "filed_at": "", "updated_at": "", "resolved_at": null, "version": 1}))
                    .unwrap();
                    g.filed_at = format!("{}T10:00:00Z", cases::reports::day_text(last - time::Duration::days(i as i64)));
                    Stored { grievance: g, refs: Default::default() }
                })
                .collect();
            Ok(StoredPage { items, cursor: (end < self.0).then(|| end.to_string()), examined: (end - start) as u64, bounded: false, matched: None })
        }
        async fn next_id(&self) -> Result<i64> { unimplemented!() }
        async fn get(&self, _: i64) -> Result<Option<Stored>> { unimplemented!() }
        async fn same_fir(&self, _: i64, _: &str, _: &str) -> Result<cases::port::SameFir> { unimplemented!() }
        async fn source(&self, _: &str) -> Result<Option<cases::port::RecordSource>> { unimplemented!() }
        async fn commit(&self, _: GrievanceChange<'_>) -> Result<()> { unimplemented!() }
        async fn record_case_file_change(&self, _: &Grievance, _: CaseFileChange, _: &Actor, _: AuditEntry) -> Result<()> { unimplemented!() }
        async fn count(&self, _: &Viewer, _: &Filters) -> Result<ListCount> { unimplemented!() }
        async fn find_by_number(&self, _: &Viewer, _: &cases::numbers::NumberQuery, _: usize, _: Option<String>) -> Result<StoredPage> { unimplemented!() }
        async fn tallies(&self, _: &Viewer) -> Result<Tallies> { unimplemented!() }
        async fn station_tallies(&self, _: &Viewer) -> Result<Vec<StationTally>> { unimplemented!() }
        async fn overdue_by_station(&self, _: &Viewer, _: &Clock, _: &[i64]) -> Result<BTreeMap<i64, i64>> { unimplemented!() }
        async fn report_facts(&self, _: &Viewer, _: &ReportQuery) -> Result<ReportFacts> { unimplemented!() }
        async fn missed_clocks(&self, _: &Viewer, _: &ReportQuery, _: usize) -> Result<Vec<Grievance>> { unimplemented!() }
        async fn rating_tallies(&self, _: &Viewer, _: &cases::reports::Period) -> Result<Vec<cases::satisfaction::RatingTally>> { unimplemented!() }
        async fn dues_indexed_for(&self) -> Result<Option<cases::port::DuesIndexed>> { unimplemented!() }
        async fn reindex_dues(&self, _: &cases::indexes::CaseIndexer) -> Result<cases::port::Reindexed> { unimplemented!() }
        async fn record_dues_indexed(&self, _: &cases::port::DuesIndexed) -> Result<()> { unimplemented!() }
    }

    #[tokio::test]
    async fn a_read_past_its_bound_is_refused_and_one_within_it_counts_every_grievance() {
        let today = parse_day("2026-06-30").unwrap();
        let viewer = Viewer::state(1);
        // Ninety days filed in the period, reached within the bound (the read stops at the period's first day).
        let q = ReportQuery { period: Period::parse(Some("2026-04-01"), None, today).unwrap(), today };
        let facts = facts_within(&Daily(5000), &viewer, &q, 1000).await.unwrap();
        assert_eq!(facts.stations[0].total, 91);
        // A year back needs more than the bound: refused, not answered in part.
        let q = ReportQuery { period: Period::parse(Some("2025-07-01"), None, today).unwrap(), today };
        assert_eq!(facts_within(&Daily(5000), &viewer, &q, 200).await.unwrap_err(), Error::BadRequest(Msg::ReportScopeTooLarge));
        assert_eq!(facts_within(&Daily(5000), &viewer, &q, 1000).await.unwrap().stations[0].total, 365);
    }
}
