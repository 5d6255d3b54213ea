//! Stages and pendency: where a grievance stands in its course (inward, scrutiny, with the
//! investigating officer, in court, decided), since when, and whether it has stayed there
//! longer than the Admin Panel allows for its priority.
//!
//! The stage is read from the grievance's own dates, the latest step reached winning:
//! - Decided: a final status (Resolved, Closed), a final decision or a date of outward;
//!   since the date of outward, else the day it was resolved, else the day of last change.
//! - In Court: put in court; since the date of order, else the start of the stage before.
//! - With Investigating Officer: received back after scrutiny, or an officer named with no
//!   scrutiny pending; since the later of that receipt and the latest officer's start.
//! - Scrutiny: sent for scrutiny and not yet received back; since the date for scrutiny.
//! - Inward: otherwise; since the date of inward, else the FIR date.
//!
//! A decided grievance is never overdue.

use crate::messages::Msg;
use crate::wire::Sent;
use crate::grievance::{parse_date, Day, GrievanceFields};
use crate::{Error, FieldErrors, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use time::Date;
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Inward,
    Scrutiny,
    WithIo,
    InCourt,
    Decided,
}

impl Stage {
    /// The stages a grievance can be overdue at, in their order.
    pub const TIMED: [Stage; 4] = [Stage::Inward, Stage::Scrutiny, Stage::WithIo, Stage::InCourt];

    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Inward => "inward",
            Stage::Scrutiny => "scrutiny",
            Stage::WithIo => "with_io",
            Stage::InCourt => "in_court",
            Stage::Decided => "decided",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Stage::Inward => "Inward",
            Stage::Scrutiny => "Scrutiny",
            Stage::WithIo => "With Investigating Officer",
            Stage::InCourt => "In Court",
            Stage::Decided => "Decided",
        }
    }

    pub fn parse(text: &str) -> Option<Stage> {
        [Stage::Inward, Stage::Scrutiny, Stage::WithIo, Stage::InCourt, Stage::Decided].into_iter().find(|s| s.as_str() == text)
    }
}

/// The stage a grievance is at and the day it entered it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageAt {
    pub stage: Stage,
    pub since: Date,
}

fn date(v: &Option<Day>) -> Option<Date> {
    v.as_ref().and_then(Day::date)
}

fn filled(v: &Option<String>) -> bool {
    v.as_deref().is_some_and(|s| !s.trim().is_empty())
}

/// The stage of a grievance. `resolved_at` and `updated_at` are the record's RFC 3339 times;
/// `is_final` tells whether its status is final.
pub fn stage_of(f: &GrievanceFields, is_final: bool, resolved_at: Option<&str>, updated_at: &str) -> StageAt {
    let inward_since = date(&f.date_of_inward).or_else(|| parse_date(&f.fir_date)).unwrap_or(Date::MIN);
    let scrutiny_sent = date(&f.date_for_scrutiny);
    let scrutiny_back = date(&f.received_date_after_scrutiny);
    let officer_since = f.investigation_officers.iter().filter_map(|o| date(&o.from_date)).max();
    let officer_named = filled(&f.current_investigation_officer) || !f.investigation_officers.is_empty();
    let scrutiny_pending = scrutiny_sent.is_some() && scrutiny_back.is_none();

    let mut at = StageAt { stage: Stage::Inward, since: inward_since };
    if let Some(sent) = scrutiny_sent {
        at = StageAt { stage: Stage::Scrutiny, since: sent.max(inward_since) };
    }
    if scrutiny_back.is_some() || (officer_named && !scrutiny_pending) {
        let since = [scrutiny_back, officer_since].into_iter().flatten().max().unwrap_or(at.since);
        at = StageAt { stage: Stage::WithIo, since: since.max(at.since) };
    }
    if f.put_in_court {
        at = StageAt { stage: Stage::InCourt, since: date(&f.date_of_order).unwrap_or(at.since).max(at.since) };
    }
    if is_final || filled(&f.final_decision) || f.date_of_outward.is_some() {
        let resolved = resolved_at.and_then(parse_date);
        let since = date(&f.date_of_outward).or(resolved).or_else(|| parse_date(updated_at)).unwrap_or(at.since);
        at = StageAt { stage: Stage::Decided, since };
    }
    at
}

/// The limits as kept: days per stage, by the priority item's id, so that renaming a
/// priority keeps its limits.
pub type LimitsById = BTreeMap<i64, BTreeMap<Stage, u32>>;

/// The most days a grievance may stay at a stage, per priority (matched without regard to
/// case) and stage. A stage without a limit is never overdue.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendencyLimits(pub BTreeMap<String, BTreeMap<Stage, u32>>);

/// The largest limit accepted: ten years.
pub const MAX_LIMIT_DAYS: u32 = 3650;

impl PendencyLimits {
    /// What a new portal starts with: the usual scrutiny deadlines of a grievance cell,
    /// shorter for urgent cases. The Admin Panel changes them.
    pub fn defaults() -> Self {
        let plan = |inward, scrutiny, with_io, in_court| {
            BTreeMap::from([(Stage::Inward, inward), (Stage::Scrutiny, scrutiny), (Stage::WithIo, with_io), (Stage::InCourt, in_court)])
        };
        PendencyLimits(BTreeMap::from([
            ("Critical".to_string(), plan(1, 3, 15, 180)),
            ("High".to_string(), plan(3, 7, 30, 365)),
            ("Medium".to_string(), plan(7, 15, 60, 730)),
            ("Low".to_string(), plan(15, 30, 90, 1095)),
        ]))
    }

    pub fn limit(&self, priority: &str, stage: Stage) -> Option<u32> {
        self.0.iter().find(|(p, _)| p.eq_ignore_ascii_case(priority)).and_then(|(_, stages)| stages.get(&stage).copied())
    }

    /// Reads `{priority: {stage: days | null}}` as the Admin Panel sends it; every bad cell
    /// is reported under `limits.<priority>.<stage>`.
    pub fn parse(sent: LimitsSent) -> Result<PendencyLimits> {
        let Sent::Given(priorities) = sent else {
            return Err(Error::field("limits", Msg::PendencyLimitsInvalid));
        };
        let mut errors = FieldErrors::default();
        let mut limits = BTreeMap::new();
        for (priority, stages) in priorities {
            let priority = priority.trim();
            let Sent::Given(stages) = stages else {
                errors.add(&format!("limits.{priority}"), Msg::PendencyPriorityInvalid);
                continue;
            };
            let mut row = BTreeMap::new();
            for (stage_name, days) in stages {
                let field = format!("limits.{priority}.{stage_name}");
                let Some(stage) = Stage::parse(&stage_name).filter(|s| *s != Stage::Decided) else {
                    errors.add(&field, Msg::PendencyStageUnknown { stage: stage_name.to_string() });
                    continue;
                };
                match days {
                    Sent::Absent | Sent::Null => {}
                    Sent::Given(d) if (1..=MAX_LIMIT_DAYS as u64).contains(&d) => {
                        row.insert(stage, d as u32);
                    }
                    Sent::Given(_) | Sent::Unusable => errors.add(&field, Msg::PendencyLimitInvalid),
                }
            }
            if !priority.is_empty() && !row.is_empty() {
                limits.insert(priority.to_string(), row);
            }
        }
        errors.finish()?;
        Ok(PendencyLimits(limits))
    }
}

/// Limits as the Admin Panel sends them: `{priority: {stage: days or null}}`, each level
/// kept as sent so that a bad cell is reported where it is.
pub type LimitsSent = Sent<BTreeMap<String, Sent<BTreeMap<String, Sent<u64>>>>>;

/// Where a grievance stands, as the API answers it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Pendency {
    pub stage: Stage,
    pub stage_label: String,
    /// YYYY-MM-DD: the day the grievance entered its stage.
    pub since: String,
    /// Whole days since then.
    pub days_at_stage: i64,
    /// The Admin Panel's limit for this stage and the grievance's priority; null for none.
    pub limit_days: Option<u32>,
    pub overdue: bool,
    /// Days beyond the limit; 0 unless overdue.
    pub days_overdue: i64,
}

/// Where a grievance stands today, given the limits of its priority (`None`: no limits).
pub fn pendency(at: StageAt, limits: Option<&BTreeMap<Stage, u32>>, today: Date) -> Pendency {
    let days = (today - at.since).whole_days().max(0);
    let limit = if at.stage == Stage::Decided { None } else { limits.and_then(|l| l.get(&at.stage).copied()) };
    let over = limit.map(|l| days - l as i64).filter(|d| *d > 0).unwrap_or(0);
    Pendency {
        stage: at.stage,
        stage_label: at.stage.label().to_string(),
        since: format!("{:04}-{:02}-{:02}", at.since.year(), u8::from(at.since.month()), at.since.day()),
        days_at_stage: days,
        limit_days: limit,
        overdue: over > 0,
        days_overdue: over,
    }
}

/// The last day a grievance may have entered `stage` and be overdue today, for a limit of
/// `limit` days: entered on or before it means more than `limit` days at the stage.
pub fn overdue_cutoff(today: Date, limit: u32) -> Date {
    today - time::Duration::days(limit as i64 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(body: serde_json::Value) -> LimitsSent {
        serde_json::from_value(body).expect("limits take any value")
    }
    use serde_json::json;
    use time::macros::date;

    fn fields(extra: serde_json::Value) -> GrievanceFields {
        // The fields a record must have; every optional one is left out, so none.
        let mut base = json!({
            "fir_no": "1/2026", "fir_date": "2026-01-01", "section_and_act": "420 IPC", "crime_title": "Fraud",
            "district": "Pune", "police_station": "Kothrud", "status": "Pending", "priority": "High",
            "put_in_court": false, "cross_case": false, "investigation_officers": [], "brief_details": "x"
        });
        for (k, v) in extra.as_object().unwrap() {
            base[k] = v.clone();
        }
        serde_json::from_value(base).unwrap()
    }

    fn at(extra: serde_json::Value, is_final: bool) -> StageAt {
        stage_of(&fields(extra), is_final, Some("2026-03-01T10:00:00Z"), "2026-03-02T10:00:00Z")
    }

    #[test]
    fn the_latest_step_reached_names_the_stage_and_its_start() {
        assert_eq!(at(json!({}), false), StageAt { stage: Stage::Inward, since: date!(2026 - 01 - 01) });
        assert_eq!(at(json!({"date_of_inward": "2026-01-05"}), false), StageAt { stage: Stage::Inward, since: date!(2026 - 01 - 05) });
        let scrutiny = json!({"date_of_inward": "2026-01-05", "date_for_scrutiny": "2026-01-10"});
        assert_eq!(at(scrutiny, false), StageAt { stage: Stage::Scrutiny, since: date!(2026 - 01 - 10) });
        let pending_with_officer = json!({"date_for_scrutiny": "2026-01-10", "current_investigation_officer": "SI Rao"});
        assert_eq!(at(pending_with_officer, false).stage, Stage::Scrutiny, "an officer named while scrutiny is pending");
        let back = json!({"date_for_scrutiny": "2026-01-10", "received_date_after_scrutiny": "2026-01-20",
            "investigation_officers": [{"officer_name": "SI Rao", "from_date": "2026-01-25", "to_date": null, "findings": ""}]});
        assert_eq!(at(back.clone(), false), StageAt { stage: Stage::WithIo, since: date!(2026 - 01 - 25) });
        let mut court = back.clone();
        court["put_in_court"] = json!(true);
        assert_eq!(at(court.clone(), false), StageAt { stage: Stage::InCourt, since: date!(2026 - 01 - 25) }, "no order date: the stage before's start");
        court["date_of_order"] = json!("2026-02-14");
        assert_eq!(at(court.clone(), false), StageAt { stage: Stage::InCourt, since: date!(2026 - 02 - 14) });
        assert_eq!(at(court.clone(), true), StageAt { stage: Stage::Decided, since: date!(2026 - 03 - 01) }, "resolved");
        court["date_of_outward"] = json!("2026-02-20");
        assert_eq!(at(court, false), StageAt { stage: Stage::Decided, since: date!(2026 - 02 - 20) });
    }

    #[test]
    fn overdue_means_more_days_than_the_limit_of_its_priority_and_stage() {
        let limits = PendencyLimits::defaults();
        let inward = StageAt { stage: Stage::Inward, since: date!(2026 - 01 - 01) };
        let on_limit = pendency(inward, limits.0.get("High"), date!(2026 - 01 - 04));
        assert_eq!((on_limit.days_at_stage, on_limit.limit_days, on_limit.overdue, on_limit.days_overdue), (3, Some(3), false, 0));
        let over = pendency(inward, limits.0.get("High"), date!(2026 - 01 - 06));
        assert_eq!((over.overdue, over.days_overdue, over.since.as_str(), over.stage_label.as_str()), (true, 2, "2026-01-01", "Inward"));
        assert!(!pendency(inward, limits.0.get("Unlisted"), date!(2027 - 01 - 01)).overdue, "no limit, never overdue");
        let decided = StageAt { stage: Stage::Decided, since: date!(2020 - 01 - 01) };
        assert!(!pendency(decided, limits.0.get("Critical"), date!(2026 - 01 - 01)).overdue);
        assert_eq!(overdue_cutoff(date!(2026 - 01 - 06), 3), date!(2026 - 01 - 02));
    }

    #[test]
    fn limits_parse_with_a_message_for_each_bad_cell() {
        let parsed = PendencyLimits::parse(sent(json!({"High": {"inward": 2, "scrutiny": null}, "Low": {}}))).unwrap();
        assert_eq!(parsed.limit("high", Stage::Inward), Some(2));
        assert_eq!(parsed.limit("High", Stage::Scrutiny), None);
        let Err(Error::Validation { fields, .. }) = PendencyLimits::parse(sent(json!({"High": {"inward": 0, "court": 5, "with_io": 2.5, "in_court": 3651}}))) else {
            panic!("bad cells are refused")
        };
        assert_eq!(fields.get("limits.High.inward"), Some(&Msg::PendencyLimitInvalid));
        assert_eq!(fields["limits.High.court"], "Unknown stage 'court'");
        assert_eq!(fields.get("limits.High.with_io"), Some(&Msg::PendencyLimitInvalid));
        assert_eq!(fields.get("limits.High.in_court"), Some(&Msg::PendencyLimitInvalid));
    }
}
