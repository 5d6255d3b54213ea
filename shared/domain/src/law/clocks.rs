//! Statutory clocks: the duties the BNSS puts on a clock, as rows of data. Each rule says what
//! starts it, which sections it applies to, how long it runs, whether it starts again when
//! met, what meets it, and where the law says so. A grievance's clocks are worked out from
//! the rules, its sections, its FIR date and the actions recorded on it; nothing about a
//! clock is stored but those actions.

use super::section::{Act, ChargedSection, SectionNo, NEW_CODES_FROM};
use crate::day::Day;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use time::{Date, Duration, Month};
use utoipa::ToSchema;

/// An action on a case that starts, meets or restarts a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClockEventKind {
    /// The informant or victim was told of the investigation's progress (BNSS s.193(3)(ii)).
    InformantToldOfProgress,
    /// The investigation was completed and the final report forwarded (BNSS s.193).
    InvestigationCompleted,
    /// Information arrived by electronic communication (an e-FIR, BNSS s.173(1)(ii)).
    EfirReceived,
    /// The informant signed the e-FIR.
    EfirSigned,
    /// A preliminary enquiry was opened with a DSP's permission (BNSS s.173(3)).
    EnquiryOpened,
    /// The preliminary enquiry was completed.
    EnquiryCompleted,
    /// The victim was medically examined (BNSS s.184(1)).
    MedicalExaminationDone,
    /// The medical practitioner's report reached the investigating officer (BNSS s.184(6)).
    MedicalReportReceived,
}

impl ClockEventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ClockEventKind::InformantToldOfProgress => "informant_told_of_progress",
            ClockEventKind::InvestigationCompleted => "investigation_completed",
            ClockEventKind::EfirReceived => "efir_received",
            ClockEventKind::EfirSigned => "efir_signed",
            ClockEventKind::EnquiryOpened => "enquiry_opened",
            ClockEventKind::EnquiryCompleted => "enquiry_completed",
            ClockEventKind::MedicalExaminationDone => "medical_examination_done",
            ClockEventKind::MedicalReportReceived => "medical_report_received",
        }
    }

    /// As the audit trail and the case screen name it.
    pub fn label(self) -> &'static str {
        match self {
            ClockEventKind::InformantToldOfProgress => "Informant told of progress",
            ClockEventKind::InvestigationCompleted => "Investigation completed (final report)",
            ClockEventKind::EfirReceived => "e-FIR received",
            ClockEventKind::EfirSigned => "e-FIR signed",
            ClockEventKind::EnquiryOpened => "Preliminary enquiry opened",
            ClockEventKind::EnquiryCompleted => "Preliminary enquiry completed",
            ClockEventKind::MedicalExaminationDone => "Medical examination done",
            ClockEventKind::MedicalReportReceived => "Medical report received",
        }
    }
}

/// How the informant was told (BNSS s.193(3)(ii): "by any means including through electronic
/// communication").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Means {
    Phone,
    Sms,
    Email,
    Letter,
    InPerson,
}

impl Means {
    /// As the audit trail writes it.
    pub fn label(self) -> &'static str {
        match self {
            Means::Phone => "phone",
            Means::Sms => "SMS",
            Means::Email => "email",
            Means::Letter => "letter",
            Means::InPerson => "in person",
        }
    }
}

/// An action recorded on a case: what, on which day, how, by whom, and a note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ClockEvent {
    pub kind: ClockEventKind,
    /// The day it was done (`YYYY-MM-DD`), which may be before the day it was recorded.
    #[schema(value_type = String)]
    pub on: Day,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub means: Option<Means>,
    pub note: String,
    pub recorded_by: i64,
    pub recorded_by_name: String,
    /// RFC 3339.
    pub recorded_at: String,
}

/// What starts a clock: the day the information was recorded (the FIR date), or an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClockStart {
    InformationRecorded,
    EfirReceived,
    EnquiryOpened,
    MedicalExaminationDone,
}

impl ClockStart {
    fn event(self) -> Option<ClockEventKind> {
        match self {
            ClockStart::InformationRecorded => None,
            ClockStart::EfirReceived => Some(ClockEventKind::EfirReceived),
            ClockStart::EnquiryOpened => Some(ClockEventKind::EnquiryOpened),
            ClockStart::MedicalExaminationDone => Some(ClockEventKind::MedicalExaminationDone),
        }
    }
}

/// How long a clock runs: hours, days or calendar months. Cases are kept by the day, so a
/// clock of hours falls due on the day its hours end, counted from the start of its first day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    Hours(u32),
    Days(u32),
    Months(u32),
}

impl Period {
    pub fn parse(text: &str) -> Option<Period> {
        let (n, unit) = text.trim().split_once(' ')?;
        let n: u32 = n.parse().ok().filter(|n| (1..=3650).contains(n))?;
        match unit.trim().to_ascii_lowercase().as_str() {
            "hour" | "hours" => Some(Period::Hours(n)),
            "day" | "days" => Some(Period::Days(n)),
            "month" | "months" if n <= 120 => Some(Period::Months(n)),
            _ => None,
        }
    }

    /// The day a clock started on `start` falls due.
    pub fn due(self, start: Date) -> Date {
        match self {
            Period::Hours(h) => start + Duration::days(i64::from(h.div_ceil(24))),
            Period::Days(d) => start + Duration::days(i64::from(d)),
            Period::Months(m) => add_months(start, m),
        }
    }
}

/// The same day `months` later, or the month's last day when it is shorter ("two months from"
/// 31 December is 28 or 29 February).
fn add_months(date: Date, months: u32) -> Date {
    let index = date.year() * 12 + i32::from(u8::from(date.month())) - 1 + months as i32;
    let (year, month) = (index.div_euclid(12), Month::try_from((index.rem_euclid(12) + 1) as u8).unwrap_or(Month::January));
    let last = month.length(year);
    Date::from_calendar_date(year, month, date.day().min(last)).unwrap_or(date)
}

impl std::fmt::Display for Period {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (n, unit) = match self {
            Period::Hours(n) => (n, "hour"),
            Period::Days(n) => (n, "day"),
            Period::Months(n) => (n, "month"),
        };
        write!(f, "{n} {unit}{}", if *n == 1 { "" } else { "s" })
    }
}

impl Serialize for Period {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Period {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Period::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("not a period: {text}")))
    }
}

/// A section a rule names, written as staff cite it: "BNS 64", "POCSO 4".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionRef {
    pub act: Act,
    pub section: SectionNo,
}

impl SectionRef {
    pub fn parse(text: &str) -> Option<SectionRef> {
        let (act, section) = text.trim().split_once(' ')?;
        Some(SectionRef { act: Act::parse(act).filter(|a| *a != Act::Other)?, section: SectionNo::parse(section)? })
    }
}

impl Serialize for SectionRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{} {}", self.act.as_str(), self.section))
    }
}

impl<'de> Deserialize<'de> for SectionRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        SectionRef::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("not a section: {text}")))
    }
}

/// One duty on a clock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ClockRule {
    /// Stable: lower-case letters, digits and '-' ("bnss-193-2").
    pub id: String,
    pub name: String,
    pub name_hi: String,
    pub starts: ClockStart,
    /// The sections it applies to ("BNS 64", a section's sub-divisions included); empty: every
    /// case whose start has happened.
    #[schema(value_type = Vec<String>)]
    pub sections: Vec<SectionRef>,
    /// "24 hours", "90 days", "2 months".
    #[schema(value_type = String)]
    pub period: Period,
    /// Starts again from the day it is met, until the case is decided (the 90-day progress
    /// duty).
    pub repeats: bool,
    /// The action that meets it.
    pub met_by: ClockEventKind,
    /// A decision (the status meaning resolved or closed) meets it too, or, when it repeats,
    /// ends it.
    pub ends_when_decided: bool,
    /// For information recorded on or after this day (`YYYY-MM-DD`): the day the law came
    /// into force.
    #[schema(value_type = String)]
    pub from: Day,
    /// The law or order it comes from, as it would be cited.
    pub source: String,
    /// Switched off by an Admin: kept for the record, shown on no case.
    #[serde(default = "on")]
    pub active: bool,
}

fn on() -> bool {
    true
}

/// The rules in force, in the order the case screen shows them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct ClockRules(pub Vec<ClockRule>);

impl ClockRules {
    /// The rules the portal ships with (`data/statutory_clocks.json`).
    pub fn shipped() -> &'static ClockRules {
        static RULES: OnceLock<ClockRules> = OnceLock::new();
        RULES.get_or_init(|| serde_json::from_str(include_str!("../../data/statutory_clocks.json")).expect("the shipped clock rules are valid"))
    }

    pub fn get(&self, id: &str) -> Option<&ClockRule> {
        self.0.iter().find(|r| r.id == id)
    }
}

/// Where a clock stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClockState {
    /// Running, its due day not yet past.
    Due,
    /// Met on or before its due day.
    Met,
    /// Met after its due day.
    MetLate,
    /// Its due day passed and it is not met.
    Missed,
    /// A repeating clock the decision of the case ended before it fell due: no duty left.
    Ended,
}

/// One run of a clock, from its start to its due day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ClockRun {
    #[schema(value_type = String)]
    pub started_on: Day,
    #[schema(value_type = String)]
    pub due_on: Day,
    pub state: ClockState,
    /// When it was met or ended.
    #[schema(value_type = Option<String>)]
    pub done_on: Option<Day>,
}

/// A clock on a case, as its screen shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ClockView {
    pub rule: String,
    pub name: String,
    pub name_hi: String,
    pub source: String,
    /// The run under way, or the last one.
    #[serde(flatten)]
    pub run: ClockRun,
    /// Days from today to the due day while it runs (negative: days late); when met, days
    /// to spare (negative: days late then).
    pub days_left: i64,
    /// Earlier runs of a repeating clock, oldest first.
    pub earlier: Vec<ClockRun>,
}

/// A clock as a list row carries it: which rule, where its current run stands, and its due
/// day; the rule's names and source, and the earlier runs, are on the case's own answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ClockDue {
    pub rule: String,
    pub state: ClockState,
    #[schema(value_type = String)]
    pub due_on: Day,
    /// As on the case's answer: days to the due day, negative when late.
    pub days_left: i64,
}

/// A run of a clock as a case keeps it for the compliance figures: its rule, its due day and
/// the day it was met (none while it is open). Today never changes it: an open run is missed
/// once its due day has passed. A run the case's decision ended with no duty left is not
/// kept. Stored as `[rule, due, met]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptRun(pub String, pub Day, pub Option<Day>);

/// How a kept run stands on a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    MetOnTime,
    MetLate,
    Missed,
    /// Open, its due day not yet past.
    Running,
}

impl KeptRun {
    pub fn rule(&self) -> &str {
        &self.0
    }

    pub fn due(&self) -> &Day {
        &self.1
    }

    pub fn met(&self) -> Option<&Day> {
        self.2.as_ref()
    }

    /// Where it stands on `today` (`YYYY-MM-DD` days compare as text).
    pub fn outcome(&self, today: &Day) -> Outcome {
        match &self.2 {
            Some(met) if met <= &self.1 => Outcome::MetOnTime,
            Some(_) => Outcome::MetLate,
            None if &self.1 < today => Outcome::Missed,
            None => Outcome::Running,
        }
    }
}

/// What a grievance's clocks are worked out from.
pub struct CaseFacts<'a> {
    pub sections: &'a [ChargedSection],
    /// The day the information was recorded: the FIR date.
    pub recorded: Option<Date>,
    pub events: &'a [ClockEvent],
    /// The day the case was decided (its status came to mean resolved or closed), if it is.
    pub decided: Option<Date>,
}

impl ClockRule {
    /// Whether the rule applies to a case with these sections recorded on `recorded`.
    pub fn applies(&self, facts: &CaseFacts) -> bool {
        let Some(recorded) = facts.recorded else { return false };
        self.active
            && self.from.date().is_none_or(|from| recorded >= from)
            && (self.sections.is_empty() || facts.sections.iter().any(|s| self.sections.iter().any(|r| s.is(r.act, &r.section))))
    }

    /// The clock on a case, if the rule applies and its start has happened.
    pub fn clock(&self, facts: &CaseFacts, today: Date) -> Option<ClockView> {
        let mut earlier = self.runs(facts, today)?;
        let run = earlier.pop()?;
        let days_left = days_left(&run, today);
        Some(ClockView { rule: self.id.clone(), name: self.name.clone(), name_hi: self.name_hi.clone(), source: self.source.clone(), run, days_left, earlier })
    }

    /// The clock on a case as a list row carries it: its current run alone.
    pub fn due(&self, facts: &CaseFacts, today: Date) -> Option<ClockDue> {
        let run = self.runs(facts, today)?.pop()?;
        Some(ClockDue { rule: self.id.clone(), state: run.state, days_left: days_left(&run, today), due_on: run.due_on })
    }

    /// The clock's runs on a case, the current one last, if the rule applies and its start
    /// has happened.
    fn runs(&self, facts: &CaseFacts, today: Date) -> Option<Vec<ClockRun>> {
        if !self.applies(facts) {
            return None;
        }
        let day = |e: &ClockEvent| e.on.date();
        let start = match self.starts.event() {
            None => facts.recorded?,
            Some(kind) => facts.events.iter().filter(|e| e.kind == kind).filter_map(day).min()?,
        };
        let mut meets: Vec<Date> = facts.events.iter().filter(|e| e.kind == self.met_by).filter_map(day).filter(|d| *d >= start).collect();
        meets.sort();
        let decided = facts.decided.filter(|_| self.ends_when_decided).map(|d| d.max(start));
        let mut runs = Vec::new();
        let mut from = start;
        let mut meets = meets.into_iter().peekable();
        loop {
            let due = self.period.due(from);
            let met = meets.next_if(|_| true);
            let run = |state, done: Option<Date>| ClockRun { started_on: Day::of(from), due_on: Day::of(due), state, done_on: done.map(Day::of) };
            match (met, decided) {
                (Some(m), Some(d)) if d < m => {
                    runs.push(self.decided_run(from, due, d));
                    break;
                }
                (Some(m), _) => {
                    runs.push(run(if m <= due { ClockState::Met } else { ClockState::MetLate }, Some(m)));
                    if !self.repeats {
                        break;
                    }
                    // Told twice on one day, or again before the next run starts: one run.
                    while meets.next_if(|next| *next <= m).is_some() {}
                    from = m;
                }
                (None, Some(d)) => {
                    runs.push(self.decided_run(from, due, d));
                    break;
                }
                (None, None) => {
                    runs.push(run(if today > due { ClockState::Missed } else { ClockState::Due }, None));
                    break;
                }
            }
        }
        Some(runs)
    }

    /// A run the case's decision closed on `decided`: met (or late) for a single duty; for a
    /// repeating one, ended with no duty left, unless it had already fallen due.
    fn decided_run(&self, from: Date, due: Date, decided: Date) -> ClockRun {
        let state = match (decided <= due, self.repeats) {
            (true, true) => ClockState::Ended,
            (true, false) => ClockState::Met,
            (false, _) => ClockState::MetLate,
        };
        ClockRun { started_on: Day::of(from), due_on: Day::of(due), state, done_on: Some(Day::of(decided)) }
    }
}

fn days_between(from: Date, to: Date) -> i64 {
    (to - from).whole_days()
}

/// Days from `today` (or from the day the run was done) to its due day, negative when late.
fn days_left(run: &ClockRun, today: Date) -> i64 {
    let due = run.due_on.date().expect("a run's due day is built from a date");
    days_between(run.done_on.as_ref().and_then(Day::date).unwrap_or(today), due)
}

impl ClockRules {
    /// A case's clocks, in the rules' order.
    pub fn clocks(&self, facts: &CaseFacts, today: Date) -> Vec<ClockView> {
        self.0.iter().filter_map(|rule| rule.clock(facts, today)).collect()
    }

    /// A case's clocks as a list row carries them, in the rules' order.
    pub fn dues(&self, facts: &CaseFacts, today: Date) -> Vec<ClockDue> {
        self.0.iter().filter_map(|rule| rule.due(facts, today)).collect()
    }

    /// Every run of the case's clocks that carries a duty, in the rules' order, each rule's
    /// oldest first: what the compliance figures count. Like [`ClockRules::open_dues`], only
    /// the facts decide it.
    pub fn kept_runs(&self, facts: &CaseFacts) -> Vec<KeptRun> {
        let today = facts.recorded.unwrap_or(NEW_CODES_FROM);
        self.0
            .iter()
            .filter_map(|rule| Some((rule, rule.runs(facts, today)?)))
            .flat_map(|(rule, runs)| {
                runs.into_iter().filter(|run| run.state != ClockState::Ended).map(move |run| KeptRun(rule.id.clone(), run.due_on, run.done_on))
            })
            .collect()
    }

    /// The due day of each clock still open on the case (neither met nor ended), in the
    /// rules' order. Only the facts decide it, never today: a run passes from due to missed
    /// as the days go by without its due day moving, so a store can index these days once,
    /// when the case or the rules change, and answer "missed" (a due day before today) and
    /// "due within N days" as a range of them.
    pub fn open_dues(&self, facts: &CaseFacts) -> Vec<(String, Date)> {
        // Any day does for the state, which is not kept.
        let today = facts.recorded.unwrap_or(NEW_CODES_FROM);
        self.0
            .iter()
            .filter_map(|rule| Some((rule, rule.runs(facts, today)?.pop()?)))
            .filter(|(_, run)| run.done_on.is_none())
            .filter_map(|(rule, run)| Some((rule.id.clone(), run.due_on.date()?)))
            .collect()
    }
}

/// The first day the new procedure applies, as a `Day` (the rules' default `from`).
pub fn new_codes_day() -> Day {
    Day::of(NEW_CODES_FROM)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> Date {
        crate::day::parse_date(text).unwrap()
    }

    fn section(text: &str) -> ChargedSection {
        let r = SectionRef::parse(text).unwrap();
        ChargedSection::new(r.act, r.section)
    }

    fn event(kind: ClockEventKind, on: &str) -> ClockEvent {
        ClockEvent { kind, on: Day::parse(on).unwrap(), means: None, note: String::new(), recorded_by: 1, recorded_by_name: "SHO".into(), recorded_at: String::new() }
    }

    fn clocks(sections: &[&str], recorded: &str, events: &[ClockEvent], decided: Option<&str>, today: &str) -> Vec<ClockView> {
        let sections: Vec<ChargedSection> = sections.iter().map(|s| section(s)).collect();
        let facts = CaseFacts { sections: &sections, recorded: Some(date(recorded)), events, decided: decided.map(date) };
        ClockRules::shipped().clocks(&facts, date(today))
    }

    fn find<'a>(clocks: &'a [ClockView], rule: &str) -> Option<&'a ClockView> {
        clocks.iter().find(|c| c.rule == rule)
    }

    #[test]
    fn the_shipped_rules_cite_the_bnss_and_keep_its_periods() {
        let rules = ClockRules::shipped();
        let by = |id: &str| rules.get(id).unwrap_or_else(|| panic!("rule {id}"));
        assert_eq!(by("bnss-193-3-ii").period, Period::Days(90));
        assert!(by("bnss-193-3-ii").repeats && by("bnss-193-3-ii").sections.is_empty());
        assert_eq!(by("bnss-193-2").period, Period::Months(2));
        let named: Vec<String> = by("bnss-193-2").sections.iter().map(|s| format!("{} {}", s.act.as_str(), s.section)).collect();
        assert_eq!(named, ["BNS 64", "BNS 65", "BNS 66", "BNS 67", "BNS 68", "BNS 70", "BNS 71", "POCSO 4", "POCSO 6", "POCSO 8", "POCSO 10"]);
        assert_eq!(by("bnss-173-1-ii").period, Period::Days(3));
        assert_eq!(by("bnss-173-3").period, Period::Days(14));
        assert_eq!(by("bnss-184-1").period, Period::Hours(24));
        assert_eq!(by("bnss-184-6").period, Period::Days(7));
        for rule in &rules.0 {
            assert!(rule.source.starts_with("BNSS s."), "{}", rule.id);
            assert_eq!(rule.from, new_codes_day());
        }
    }

    #[test]
    fn the_open_due_days_are_the_facts_alone_and_leave_out_what_is_met_or_ended() {
        let rules = ClockRules::shipped();
        let sections = [section("BNS 64")];
        let told = [event(ClockEventKind::InformantToldOfProgress, "2025-03-01")];
        let facts = CaseFacts { sections: &sections, recorded: Some(date("2025-01-10")), events: &told, decided: None };
        let dues = rules.open_dues(&facts);
        // Told on 1 March: the next report is due 90 days on; the investigation by 10 March;
        // the medical examination within a day.
        assert_eq!(dues, vec![
            ("bnss-193-3-ii".to_string(), date("2025-05-30")),
            ("bnss-193-2".to_string(), date("2025-03-10")),
            ("bnss-184-1".to_string(), date("2025-01-11")),
        ]);
        let decided = CaseFacts { decided: Some(date("2025-04-01")), ..facts };
        // The decision ends the investigation and the reports, not the medical examination.
        assert_eq!(rules.open_dues(&decided), vec![("bnss-184-1".to_string(), date("2025-01-11"))]);
        let unrecorded = CaseFacts { sections: &sections, recorded: None, events: &[], decided: None };
        assert_eq!(rules.open_dues(&unrecorded), vec![]);
    }

    #[test]
    fn the_kept_runs_are_every_duty_and_stand_by_the_day_asked() {
        let rules = ClockRules::shipped();
        let sections = [section("BNS 64")];
        // Told on day 80 (on time) and on day 200 (late for the second report, due on day 170);
        // the investigation completed after its two months; the case decided on day 250, which
        // ends the third report's run with no duty left.
        let events = [
            event(ClockEventKind::InformantToldOfProgress, "2025-03-22"),
            event(ClockEventKind::InvestigationCompleted, "2025-03-20"),
            event(ClockEventKind::InformantToldOfProgress, "2025-07-20"),
        ];
        let facts = CaseFacts { sections: &sections, recorded: Some(date("2025-01-01")), events: &events, decided: Some(date("2025-09-08")) };
        let kept = rules.kept_runs(&facts);
        let run = |rule: &str, due: &str, met: Option<&str>| KeptRun(rule.into(), Day::parse(due).unwrap(), met.map(|m| Day::parse(m).unwrap()));
        assert_eq!(kept, vec![
            run("bnss-193-3-ii", "2025-04-01", Some("2025-03-22")),
            run("bnss-193-3-ii", "2025-06-20", Some("2025-07-20")),
            run("bnss-193-2", "2025-03-01", Some("2025-03-20")),
            run("bnss-184-1", "2025-01-02", None),
        ]);
        let today = Day::parse("2025-09-10").unwrap();
        let outcomes: Vec<Outcome> = kept.iter().map(|r| r.outcome(&today)).collect();
        assert_eq!(outcomes, [Outcome::MetOnTime, Outcome::MetLate, Outcome::MetLate, Outcome::Missed]);
        assert_eq!(run("bnss-184-1", "2025-09-10", None).outcome(&today), Outcome::Running, "due today: not yet missed");
        assert_eq!(run("bnss-184-1", "2025-09-10", Some("2025-09-10")).outcome(&today), Outcome::MetOnTime, "met on its due day");
    }

    #[test]
    fn a_rape_case_runs_the_two_month_investigation_and_the_ninety_day_progress_clocks() {
        let c = clocks(&["BNS 64"], "2025-01-10", &[], None, "2025-01-20");
        let investigation = find(&c, "bnss-193-2").unwrap();
        assert_eq!((investigation.run.due_on.as_str(), investigation.run.state, investigation.days_left), ("2025-03-10", ClockState::Due, 49));
        let progress = find(&c, "bnss-193-3-ii").unwrap();
        assert_eq!(progress.run.due_on.as_str(), "2025-04-10");
        assert_eq!(find(&c, "bnss-184-1").unwrap().run.due_on.as_str(), "2025-01-11");
    }

    #[test]
    fn telling_the_informant_starts_the_next_ninety_days() {
        let c = clocks(&["BNS 64"], "2025-01-01", &[event(ClockEventKind::InformantToldOfProgress, "2025-03-22")], None, "2025-03-25");
        let progress = find(&c, "bnss-193-3-ii").unwrap();
        // Day D + 80 told: next due D + 170.
        assert_eq!((progress.run.started_on.as_str(), progress.run.due_on.as_str(), progress.run.state), ("2025-03-22", "2025-06-20", ClockState::Due));
        assert_eq!(progress.earlier.len(), 1);
        assert_eq!(progress.earlier[0].state, ClockState::Met);
    }

    #[test]
    fn completing_the_investigation_meets_its_clock_and_late_is_late() {
        let done = [event(ClockEventKind::InvestigationCompleted, "2025-02-20")];
        let c = clocks(&["BNS 64"], "2025-01-10", &done, None, "2025-06-01");
        let investigation = find(&c, "bnss-193-2").unwrap();
        assert_eq!((investigation.run.state, investigation.run.done_on.as_ref().map(Day::as_str), investigation.days_left), (ClockState::Met, Some("2025-02-20"), 18));
        let late = [event(ClockEventKind::InvestigationCompleted, "2025-03-15")];
        assert_eq!(find(&clocks(&["BNS 64"], "2025-01-10", &late, None, "2025-06-01"), "bnss-193-2").unwrap().run.state, ClockState::MetLate);
        assert_eq!(find(&clocks(&["BNS 64"], "2025-01-10", &[], None, "2025-03-11"), "bnss-193-2").unwrap().run.state, ClockState::Missed);
    }

    #[test]
    fn a_theft_has_the_progress_clock_only() {
        let c = clocks(&["BNS 303(2)"], "2025-01-10", &[], None, "2025-01-20");
        assert_eq!(c.iter().map(|c| c.rule.as_str()).collect::<Vec<_>>(), ["bnss-193-3-ii"]);
    }

    #[test]
    fn clocks_started_by_an_action_run_once_it_is_recorded() {
        let received = [event(ClockEventKind::EfirReceived, "2025-05-01")];
        let c = clocks(&["BNS 303(2)"], "2025-05-01", &received, None, "2025-05-05");
        let efir = find(&c, "bnss-173-1-ii").unwrap();
        assert_eq!((efir.run.due_on.as_str(), efir.run.state), ("2025-05-04", ClockState::Missed));
        let signed = [received[0].clone(), event(ClockEventKind::EfirSigned, "2025-05-03")];
        assert_eq!(find(&clocks(&["BNS 303(2)"], "2025-05-01", &signed, None, "2025-05-05"), "bnss-173-1-ii").unwrap().run.state, ClockState::Met);
    }

    #[test]
    fn the_decision_of_a_case_ends_its_progress_duty_and_meets_its_investigation() {
        let c = clocks(&["BNS 64"], "2025-01-10", &[], Some("2025-02-01"), "2025-12-01");
        assert_eq!(find(&c, "bnss-193-3-ii").unwrap().run.state, ClockState::Ended);
        assert_eq!(find(&c, "bnss-193-2").unwrap().run.state, ClockState::Met);
    }

    #[test]
    fn information_recorded_before_the_new_codes_runs_no_bnss_clock() {
        assert!(clocks(&["IPC 376"], "2024-06-30", &[], None, "2024-07-05").is_empty());
    }

    #[test]
    fn two_months_from_a_months_end_is_the_shorter_months_last_day() {
        assert_eq!(Period::Months(2).due(date("2024-12-31")), date("2025-02-28"));
        assert_eq!(Period::Months(2).due(date("2023-12-31")), date("2024-02-29"));
        assert_eq!(Period::Hours(24).due(date("2025-01-01")), date("2025-01-02"));
        assert_eq!(Period::parse("0 days"), None);
    }
}
