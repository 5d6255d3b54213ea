//! A grievance's statutory clocks and the code warnings of its sections, worked out from the
//! record and the rules in force (`domain::law`): nothing about a clock is stored but the
//! actions recorded on the case.

use crate::record::Grievance;
use domain::law::clocks::CaseFacts;
use domain::law::section::code_warnings;
use domain::law::{ClockDue, ClockRules, ClockView, CodeWarning};
use time::Date;

/// The day a decided case was decided, in India: the day its status last came to mean
/// resolved or closed.
fn decided_on(g: &Grievance) -> Option<Date> {
    if !g.status_meaning.is_final() {
        return None;
    }
    let at = domain::clock::parse(g.resolved_at.as_deref()?)?;
    Some((at + time::Duration::minutes(330)).date())
}

/// What the rules need of the case.
pub fn facts(g: &Grievance) -> CaseFacts<'_> {
    CaseFacts { sections: &g.fields.sections, recorded: g.fields.fir_date.date(), events: &g.clock_events, decided: decided_on(g) }
}

/// The case's clocks on `today`, in the rules' order.
pub fn clocks(rules: &ClockRules, g: &Grievance, today: Date) -> Vec<ClockView> {
    rules.clocks(&facts(g), today)
}

/// The case's clocks on `today` as a list row carries them.
pub fn dues(rules: &ClockRules, g: &Grievance, today: Date) -> Vec<ClockDue> {
    rules.dues(&facts(g), today)
}

/// The sections whose code does not fit the dates given.
pub fn warnings(g: &Grievance) -> Vec<CodeWarning> {
    code_warnings(&g.fields.sections, g.fields.fir_date.date())
}
