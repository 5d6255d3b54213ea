//! A grievance's statutory clocks and the code warnings of its sections, worked out from the
//! record and the rules in force (`domain::law`). Nothing about a clock is kept but the
//! actions recorded on the case, and what a store indexes of them (the next due day, the
//! runs), worked out again whenever the case or the rules change.

use crate::record::Grievance;
use domain::law::clocks::CaseFacts;
use domain::law::section::code_warnings;
use domain::law::{ClockDue, ClockRules, ClockView, CodeWarning, KeptRun};
use domain::day::Day;
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

/// The earliest due day of the case's clocks still open, by `rules`: what a store indexes
/// for the "missed" and "due within N days" lists. Sections left as free text count as
/// they are read on the case's screen.
pub fn next_due(rules: &ClockRules, g: &Grievance) -> Option<Day> {
    earliest_open(rules, g).map(|(_, due)| Day::of(due))
}

/// The case's open clock that falls due first, by `rules`: its rule's id and due day.
pub fn earliest_open(rules: &ClockRules, g: &Grievance) -> Option<(String, Date)> {
    let sections = domain::law::citation::kept_or_read(&g.fields.sections, &g.fields.section_and_act);
    let facts = CaseFacts { sections: &sections, ..facts(g) };
    rules.open_dues(&facts).into_iter().min_by_key(|(_, due)| *due)
}

/// Whether the case keeps no sections of its own (it was filed before sections were kept, or
/// its form picked none) and its "Section & Act" could not be read whole into sections: some
/// part of the text named no act, or no section was found. The text stays as typed; staff
/// pick its sections when they next edit it.
pub fn sections_unread(g: &Grievance) -> bool {
    if !g.fields.sections.is_empty() {
        return false;
    }
    let read = domain::law::citation::read(&g.fields.section_and_act);
    !read.complete || read.sections.is_empty()
}

/// Every run of the case's clocks that carries a duty, by `rules`, sections read as
/// [`next_due`] reads them.
pub fn kept_runs(rules: &ClockRules, g: &Grievance) -> Vec<KeptRun> {
    let sections = domain::law::citation::kept_or_read(&g.fields.sections, &g.fields.section_and_act);
    rules.kept_runs(&CaseFacts { sections: &sections, ..facts(g) })
}

/// Sets what a store indexes of the case's clocks by `rules`: its next due day and its runs.
/// Answers whether either moved.
pub fn index_dues_by(rules: &ClockRules, g: &mut Grievance) -> bool {
    let (due, runs) = (next_due(rules, g), kept_runs(rules, g));
    let moved = due != g.next_due || runs != g.clock_runs;
    (g.next_due, g.clock_runs) = (due, runs);
    moved
}

/// The sections whose code does not fit the dates given.
pub fn warnings(g: &Grievance) -> Vec<CodeWarning> {
    code_warnings(&g.fields.sections, g.fields.fir_date.date())
}
