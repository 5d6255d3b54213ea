//! A grievance as the list screen shows it: its numbers, its crime, where it lies, its status
//! and priority, who filed it and whom it is assigned to, when it was filed, and the badges of
//! a closure waiting for approval and of an escalation. Nothing of its people or details.
//!
//! A page of fifty whole rows is about 95 KB of JSON (of these rows, about 33 KB), and reading
//! each record whole (its officers' entries, people, dates and laws) is most of a first page's
//! time. A store may read these fields alone (`port::Grievances::summaries`); the default
//! projects them from the whole record, so both give the same answer.

use crate::pendency::Clock;
use crate::record::Grievance;
use domain::escalation::Escalation;
use domain::grievance::{ClosureRequest, Day, FirNumber};
use domain::lists::{ListKind, StatusMeaning};
use domain::pendency::{Pendency, StageAt};
use serde::Serialize;
use utoipa::ToSchema;

/// The fields of a grievance a list row shows, with the ids its names are of.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(as = GrievanceSummary)]
pub struct Summary {
    pub id: i64,
    pub grievance_number: String,
    #[schema(value_type = String)]
    pub fir_no: FirNumber,
    /// `YYYY-MM-DD`
    #[schema(value_type = String)]
    pub fir_date: Day,
    pub crime_title: String,
    pub district: String,
    pub police_station: String,
    pub status: String,
    pub priority: String,
    pub district_id: Option<i64>,
    pub police_station_id: Option<i64>,
    pub status_id: Option<i64>,
    pub priority_id: Option<i64>,
    pub status_meaning: StatusMeaning,
    pub filed_by_name: String,
    pub assigned_to_name: Option<String>,
    pub filed_at: String,
    pub updated_at: String,
    /// As on the whole record: a change sent with an older one is refused.
    pub version: i64,
    /// A closure waiting for another officer's approval; null otherwise.
    pub closure: Option<ClosureRequest>,
    /// Where it was escalated; null while it is not.
    pub escalation: Option<Escalation>,
    /// The stage its dates put it at, for its pendency today. Not an answer's field: the row
    /// answers the pendency ([`Summary::row`]).
    #[serde(skip)]
    pub stage: StageAt,
}

/// A grievance as the list screen's row answers it ([`Summary`]) and where it stands today:
/// about a third of a whole row's bytes, read without the rest of the record.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GrievanceSummaryRow {
    #[serde(flatten)]
    pub summary: Summary,
    pub pendency: Pendency,
}

impl Summary {
    /// The admin lists whose items a list row shows by name: its crime title, district,
    /// police station, status and priority. Of the other items a grievance names (its call
    /// type, its reason) a list row shows nothing.
    pub const NAMED: [ListKind; 5] = [ListKind::CrimeTitles, ListKind::Districts, ListKind::PoliceStations, ListKind::Statuses, ListKind::Priorities];

    /// The fields that hold the names of [`Summary::NAMED`]'s items, in its order (what
    /// `relabel` writes the items' current names into).
    pub fn names_mut(&mut self) -> [&mut String; 5] {
        [&mut self.crime_title, &mut self.district, &mut self.police_station, &mut self.status, &mut self.priority]
    }

    /// The list row's fields of a whole record, its stage read from its dates.
    pub fn of(g: &Grievance) -> Summary {
        let f = &g.fields;
        Summary {
            id: g.id,
            grievance_number: g.grievance_number.clone(),
            fir_no: f.fir_no.clone(),
            fir_date: f.fir_date.clone(),
            crime_title: f.crime_title.clone(),
            district: f.district.clone(),
            police_station: f.police_station.clone(),
            status: f.status.clone(),
            priority: f.priority.clone(),
            district_id: g.district_id,
            police_station_id: g.police_station_id,
            status_id: g.status_id,
            priority_id: g.priority_id,
            status_meaning: g.status_meaning,
            filed_by_name: g.filed_by_name.clone(),
            assigned_to_name: g.assigned_to_name.clone(),
            filed_at: g.filed_at.clone(),
            updated_at: g.updated_at.clone(),
            version: g.version,
            closure: g.closure.clone(),
            escalation: g.escalation.clone(),
            stage: crate::pendency::stage_of(g),
        }
    }

    /// The row as answered today, its pendency by the Admin Panel's limits in `clock`.
    pub fn row(self, clock: &Clock) -> GrievanceSummaryRow {
        let pendency = domain::pendency::pendency(self.stage, clock.limits.get(&self.priority_id.unwrap_or(0)), clock.today);
        GrievanceSummaryRow { summary: self, pendency }
    }
}
