//! Stages and pendency in the store: the Admin Panel's limits, each grievance's pendency as
//! the API answers it, and the overdue grievances, read from the stage index rather than by
//! reading every grievance.

use domain::Msg;
use crate::record::Grievance;
use domain::lists::ListKind;
use domain::pendency::{self as rules, Pendency, PendencyLimits, StageAt};
use domain::Result;
use serde::Serialize;
use lists::{AdminLists, SavedLimits};
use time::Date;
use utoipa::ToSchema;

pub fn date_text(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

pub fn stage_of(g: &Grievance) -> StageAt {
    rules::stage_of(&g.fields, g.status_meaning.is_final(), g.resolved_at.as_deref(), &g.updated_at)
}

pub use domain::pendency::LimitsById;

/// Limits named by priority (the Admin Panel's and the defaults' form) put by the ids of the
/// Priorities list's items of those names (any capitals); a name the list does not hold is
/// answered in the error.
fn by_id(named: &PendencyLimits, priorities: &[lists::ListItem]) -> std::result::Result<LimitsById, String> {
    let mut limits = LimitsById::new();
    for (name, stages) in &named.0 {
        limits.insert(priority_id(priorities, name).ok_or_else(|| name.clone())?, stages.clone());
    }
    Ok(limits)
}

/// As [`by_id`], leaving out names the list no longer holds (limits saved by name before
/// they went by id, and the defaults, whose priorities an administrator may have deleted).
fn known_by_id(named: &PendencyLimits, priorities: &[lists::ListItem]) -> LimitsById {
    named.0.iter().filter_map(|(name, stages)| Some((priority_id(priorities, name)?, stages.clone()))).collect()
}

fn priority_id(priorities: &[lists::ListItem], name: &str) -> Option<i64> {
    priorities.iter().find(|p| p.name.eq_ignore_ascii_case(name)).map(|p| p.id)
}

/// The limits in force by priority id, from what was saved and the Priorities list: the
/// Admin Panel's, or the defaults (by the starting priorities' names) until it saved any.
pub fn in_force(saved: Option<SavedLimits>, priorities: &[lists::ListItem]) -> LimitsById {
    match saved {
        Some(SavedLimits::ById(limits)) => limits,
        // Saved before limits went by id: by the names the priorities had then.
        Some(SavedLimits::ByName(named)) => known_by_id(&named, priorities),
        None => known_by_id(&PendencyLimits::defaults(), priorities),
    }
}

/// The limits in force by priority id (see [`in_force`]).
pub async fn limits_by_id(lists: &dyn AdminLists) -> Result<LimitsById> {
    let saved = lists.saved_limits().await?;
    let priorities = match saved {
        Some(SavedLimits::ById(_)) => Vec::new(),
        _ => lists.definitions(ListKind::Priorities).await?,
    };
    Ok(in_force(saved, &priorities))
}

/// The limits in force, named by the priorities' current names.
pub async fn limits(lists: &dyn AdminLists) -> Result<PendencyLimits> {
    let by_id = limits_by_id(lists).await?;
    let priorities = lists.definitions(ListKind::Priorities).await?;
    Ok(PendencyLimits(by_id.into_iter().filter_map(|(id, stages)| Some((priorities.iter().find(|p| p.id == id)?.name.clone(), stages))).collect()))
}

/// Saves new limits, named by priority as the Admin Panel sends them; a name that is not in
/// the Priorities list is refused.
pub async fn save_limits(lists: &dyn AdminLists, limits: PendencyLimits) -> Result<PendencyLimits> {
    let priorities = lists.definitions(ListKind::Priorities).await?;
    let by_id = by_id(&limits, &priorities).map_err(|name| domain::Error::field(&format!("limits.{name}"), Msg::PendencyPriorityUnknown { name: name.to_string() }))?;
    lists.save_limits(&by_id).await?;
    self::limits(lists).await
}

/// A grievance as the API answers it: the record, where it stands, its statutory clocks and
/// what does not fit in its sections.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GrievanceView {
    #[serde(flatten)]
    pub grievance: Grievance,
    pub pendency: Pendency,
    /// Its statutory clocks (BNSS s.173, s.184, s.193), as the rules in force give them.
    pub clocks: Vec<domain::law::ClockView>,
    /// Sections whose code does not fit the date of the offence or of the FIR.
    pub section_warnings: Vec<domain::law::CodeWarning>,
    /// Its victims' identity is protected (BNS s.72, POCSO s.23): its victims are given
    /// protected (`domain::parties::Party::protected`).
    pub sensitive: bool,
}

/// A grievance as a list row answers it: the record without the actions on its clocks, where
/// it stands, each clock's state and due day, and the code warnings. A page of fifty rows
/// stays small; the case's own answer (`GrievanceView`) has the clocks whole.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GrievanceRow {
    #[serde(flatten)]
    pub grievance: Grievance,
    pub pendency: Pendency,
    pub clocks: Vec<domain::law::ClockDue>,
    pub section_warnings: Vec<domain::law::CodeWarning>,
    /// As on the grievance's own answer.
    pub sensitive: bool,
}

/// How to tell pendency today and give a case to a reader: the limits, the clock rules and
/// the reference list in force (which cases are sensitive), and today's date in India.
#[derive(Clone, Debug)]
pub struct Clock {
    pub limits: LimitsById,
    pub rules: domain::law::ClockRules,
    pub sensitivity: crate::identity::Sensitivity,
    pub today: Date,
}

impl Clock {
    pub async fn now(lists: &dyn AdminLists) -> Result<Clock> {
        let law = lists.law().await?;
        Ok(Clock {
            limits: limits_by_id(lists).await?,
            sensitivity: crate::identity::Sensitivity::new(&law.offences),
            rules: law.clock_rules,
            today: domain::clock::today(),
        })
    }

    pub fn pendency(&self, g: &Grievance) -> Pendency {
        rules::pendency(stage_of(g), self.limits.get(&g.priority_id.unwrap_or(0)), self.today)
    }

    pub fn view(&self, mut grievance: Grievance) -> GrievanceView {
        grievance.fields = grievance.fields.with_sections_read();
        let sensitive = self.sensitivity.of(&grievance);
        GrievanceView {
            pendency: self.pendency(&grievance),
            clocks: crate::statutory::clocks(&self.rules, &grievance, self.today),
            section_warnings: crate::statutory::warnings(&grievance),
            sensitive,
            grievance: self.given(grievance),
        }
    }

    pub fn row(&self, mut grievance: Grievance) -> GrievanceRow {
        grievance.fields = grievance.fields.with_sections_read();
        let clocks = crate::statutory::dues(&self.rules, &grievance, self.today);
        let section_warnings = crate::statutory::warnings(&grievance);
        let sensitive = self.sensitivity.of(&grievance);
        grievance.clock_events.clear();
        GrievanceRow { pendency: self.pendency(&grievance), clocks, section_warnings, sensitive, grievance: self.given(grievance) }
    }

    /// The grievance as an answer gives it: its people as a reader is given them (a
    /// sensitive case's victims protected), without the index of its clocks.
    fn given(&self, grievance: Grievance) -> Grievance {
        Grievance { fields: self.sensitivity.given(grievance.fields.clone()), ..grievance.without_indexes() }
    }
}

