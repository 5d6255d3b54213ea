//! The MIS reports on the item engine (DynamoDB): its counters are kept per place and status,
//! not per filing day, so a report reads the viewer's grievances themselves, newest filed
//! first (the list's own order and read budget), down to the period's first day, and counts
//! them (`cases::reports::tally`). The work is bounded: past `READ_MOST` grievances read, the
//! answer is 400 `SCOPE_TOO_LARGE` (a shorter range, or the embedded engine's SQL), never a
//! partial figure.

use cases::port::Grievances;
use cases::reads::{Filters, Viewer};
use cases::reports::{self, ReportFacts, ReportQuery, READ_MOST, SCOPE_TOO_LARGE};
use cases::Grievance;
use domain::{Error, Result};

const PAGE: usize = 200;

pub(crate) async fn facts(grievances: &dyn Grievances, viewer: &Viewer, q: &ReportQuery) -> Result<ReportFacts> {
    let first = q.period.from_text();
    let mut held: Vec<Grievance> = Vec::new();
    let mut read = 0usize;
    let mut cursor = None;
    'pages: loop {
        let page = grievances.list(viewer, &Filters::default(), PAGE, cursor).await?;
        read += (page.examined as usize).max(page.items.len());
        for s in page.items {
            if s.grievance.filed_at.get(..10).unwrap_or_default() < first.as_str() {
                break 'pages;
            }
            if q.period.holds(&s.grievance.filed_at) {
                held.push(s.grievance);
            }
        }
        match page.cursor {
            Some(next) if read < READ_MOST => cursor = Some(next),
            Some(_) => return Err(Error::bad_request(SCOPE_TOO_LARGE)),
            None => break,
        }
    }
    Ok(reports::tally(&held, q))
}
