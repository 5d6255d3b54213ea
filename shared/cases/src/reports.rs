//! The MIS reports of the Reports screen, over the grievances a viewer may see
//! that were **filed** in a period (the date in India of `filed_at`, inclusive at both ends;
//! the days and months a report names are India's, as the staff who read it live them, while
//! the portal records times in UTC):
//!
//! - station-wise pendency: per police station, the count per status (by the status item's
//!   id; its meaning decides what is pending) and the pending ones by age (days from filing
//!   to today: 0-7, 8-15, 16-30, 31-60, over 60);
//! - monthly filed and disposed for the twelve months ending with the period's last month:
//!   filed by filing month, disposed (status meaning resolved or closed) by resolution month;
//! - disposal rate and average days to disposal per station, ranked;
//! - the top crime heads (the crime title as filed), and the crime heads by chapter of the
//!   BNS and the POCSO Act (`domain::law::heads`);
//! - statutory compliance per station: the runs of the period's cases' statutory clocks
//!   (`domain::law::clocks`) met on time, met late, missed and still running, the share met
//!   on time, and the cases with a clock missed listed, earliest due first.
//!
//! An engine answers [`ReportFacts`] (`Grievances::report_facts`); the reports are shaped from
//! them here, so both engines rank, round and bucket alike.

use domain::Msg;
use crate::record::Grievance;
use domain::day::Day;
use domain::law::{ClockRules, Outcome};
use domain::{Error, FieldErrors, Result};
use std::collections::BTreeMap;
use time::{Date, Month};

/// The ageing buckets of pending grievances, in whole days since filing: (first, last).
pub const AGE_BUCKETS: [(i64, Option<i64>); 5] = [(0, Some(7)), (8, Some(15)), (16, Some(30)), (31, Some(60)), (61, None)];

/// The bucket of a pending grievance `days` old (a future filing date counts as 0).
pub fn age_bucket(days: i64) -> usize {
    AGE_BUCKETS.iter().position(|(_, last)| last.is_none_or(|l| days <= l)).unwrap_or(AGE_BUCKETS.len() - 1)
}

/// How many crime heads the top list holds.
pub const TOP_CRIME_HEADS: usize = 10;

/// The most grievances an engine that counts grievances one by one reads for one report.
pub const READ_MOST: usize = 20_000;

/// The filing dates a report covers, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    pub from: Date,
    pub to: Date,
}

pub fn parse_day(text: &str) -> Option<Date> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    (text.len() == 10).then(|| Date::parse(text, &format).ok()).flatten()
}

pub fn day_text(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), d.month() as u8, d.day())
}

fn month_text(year: i32, month: u8) -> String {
    format!("{year:04}-{month:02}")
}

fn blank(t: Option<&str>) -> Option<&str> {
    t.map(str::trim).filter(|t| !t.is_empty())
}

impl Period {
    /// The period a request asks for; without `to`, up to `today`; without `from`, from the
    /// first day of the eleventh month before `to`'s (twelve calendar months). Wrong dates are
    /// 400 with a message per field.
    pub fn parse(from: Option<&str>, to: Option<&str>, today: Date) -> Result<Period> {
        let mut errors = FieldErrors::default();
        let from = blank(from).map(|t| parse_day(t).ok_or(Msg::ReportFromInvalid));
        let to = blank(to).map(|t| parse_day(t).ok_or(Msg::ReportToInvalid));
        let from = from.and_then(|r| errors.check("from", r));
        let to = to.and_then(|r| errors.check("to", r));
        errors.finish()?;
        let to = to.unwrap_or(today);
        let from = from.unwrap_or_else(|| {
            let (mut y, mut m) = (to.year(), to.month() as u8);
            for _ in 0..11 {
                (y, m) = if m == 1 { (y - 1, 12) } else { (y, m - 1) };
            }
            Date::from_calendar_date(y, Month::try_from(m).expect("a month"), 1).expect("the first of a month")
        });
        if from > to {
            return Err(Error::field("to", Msg::ReportFromAfterTo));
        }
        if (to - from).whole_days() > 3660 {
            return Err(Error::field("from", Msg::ReportRangeTooLong));
        }
        Ok(Period { from, to })
    }

    pub fn from_text(&self) -> String {
        day_text(self.from)
    }

    pub fn to_text(&self) -> String {
        day_text(self.to)
    }

    /// The twelve months (`YYYY-MM`) ending with the period's last, oldest first.
    pub fn months(&self) -> Vec<String> {
        let (mut y, mut m) = (self.to.year(), self.to.month() as u8);
        let mut months = Vec::with_capacity(12);
        for _ in 0..12 {
            months.push(month_text(y, m));
            (y, m) = if m == 1 { (y - 1, 12) } else { (y, m - 1) };
        }
        months.reverse();
        months
    }

    /// Whether a filing time (RFC 3339, UTC) lies in the period: its date in India does.
    pub fn holds(&self, filed_at: &str) -> bool {
        india_day(filed_at).is_some_and(|d| d >= self.from && d <= self.to)
    }

    /// The period as a range of recorded times, `[first, past)`: the first moment of its
    /// first day in India and the first moment of the day after its last, each a UTC time
    /// that compares with recorded times as text (`domain::clock::india_day_start`).
    pub fn filed_bounds(&self) -> (String, String) {
        let past = self.to.next_day().map(domain::clock::india_day_start).unwrap_or_else(|| "9999-12-31".into());
        (domain::clock::india_day_start(self.from), past)
    }
}

/// The date in India of a recorded time; for text that is not one, the date it begins with.
pub fn india_day(at: &str) -> Option<Date> {
    domain::clock::india_date(at).or_else(|| parse_day(at.get(..10)?))
}

/// The month in India (`YYYY-MM`) of a recorded time.
pub fn india_month(at: &str) -> Option<String> {
    india_day(at).map(|d| month_text(d.year(), d.month() as u8))
}

/// What a report is asked: the period, and today (for ages).
#[derive(Clone, Copy, Debug)]
pub struct ReportQuery {
    pub period: Period,
    pub today: Date,
}

/// One station's figures over the period (id 0: grievances without a station).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StationFacts {
    pub station_id: i64,
    pub total: i64,
    /// By status item id (0: none).
    pub by_status: BTreeMap<i64, i64>,
    /// Pending (status not resolved or closed) by [`AGE_BUCKETS`].
    pub ageing: [i64; 5],
    /// Status means resolved or closed.
    pub done: i64,
    /// Of those, how many have a resolution date, and their days from filing, summed.
    pub resolved_count: i64,
    pub resolution_days: i64,
}

/// What an engine answers for a report query; every report is shaped from it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReportFacts {
    /// Stations with grievances in the period, by id.
    pub stations: Vec<StationFacts>,
    /// Filed per filing month, disposed per resolution month (`YYYY-MM`), of the period's
    /// grievances; months without any may be absent.
    pub filed: BTreeMap<String, i64>,
    pub disposed: BTreeMap<String, i64>,
    /// Grievances per crime title as filed.
    pub crime_heads: BTreeMap<String, i64>,
    /// Grievances per head by chapter (`domain::law::heads`); a case counts once under each
    /// head its sections reach.
    pub chapters: BTreeMap<String, i64>,
    /// The runs of the cases' statutory clocks per station and rule (`KeptRun`), as they
    /// stand on the query's today.
    pub clocks: BTreeMap<(i64, String), ClockFigures>,
}

/// How a set of clock runs stands: met on or before the due day, met after it, missed (not
/// met, the due day past) and running (not met, not yet due).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct ClockFigures {
    pub met_on_time: i64,
    pub met_late: i64,
    pub missed: i64,
    pub running: i64,
    /// Met on time as a percentage of those fallen due (met on time, met late, missed), to
    /// one decimal; null when none has.
    pub compliance: Option<f64>,
}

impl ClockFigures {
    pub fn count(&mut self, outcome: Outcome, n: i64) {
        match outcome {
            Outcome::MetOnTime => self.met_on_time += n,
            Outcome::MetLate => self.met_late += n,
            Outcome::Missed => self.missed += n,
            Outcome::Running => self.running += n,
        }
    }

    fn add(&mut self, other: &ClockFigures) {
        (self.met_on_time, self.met_late, self.missed, self.running) =
            (self.met_on_time + other.met_on_time, self.met_late + other.met_late, self.missed + other.missed, self.running + other.running);
    }

    fn fallen_due(&self) -> i64 {
        self.met_on_time + self.met_late + self.missed
    }

    /// With the share met on time worked out.
    fn rated(mut self) -> ClockFigures {
        let due = self.fallen_due();
        self.compliance = (due > 0).then(|| one_decimal(self.met_on_time as f64 * 100.0 / due as f64));
        self
    }
}

/// Whole days from filing to resolution (rounded from hours), as the figures count them.
pub fn resolution_days(g: &Grievance) -> Option<i64> {
    let resolved = domain::clock::parse(g.resolved_at.as_deref()?)?;
    let filed = domain::clock::parse(&g.filed_at)?;
    Some(((resolved - filed).whole_hours() as f64 / 24.0).round() as i64)
}

/// The facts of `grievances` (already in the viewer's scope) for `q`, counted one by one:
/// what an engine that reads the grievances themselves answers, and what tests recount.
pub fn tally<'a>(grievances: impl IntoIterator<Item = &'a Grievance>, q: &ReportQuery) -> ReportFacts {
    let mut stations: BTreeMap<i64, StationFacts> = BTreeMap::new();
    let mut facts = ReportFacts::default();
    for g in grievances.into_iter().filter(|g| q.period.holds(&g.filed_at)) {
        let station_id = g.police_station_id.unwrap_or(0);
        let s = stations.entry(station_id).or_insert_with(|| StationFacts { station_id, ..Default::default() });
        s.total += 1;
        *s.by_status.entry(g.status_id.unwrap_or(0)).or_default() += 1;
        let done = g.status_meaning.is_final();
        if done {
            s.done += 1;
            if let Some(days) = resolution_days(g) {
                s.resolved_count += 1;
                s.resolution_days += days;
            }
            if let Some(month) = g.resolved_at.as_deref().and_then(india_month) {
                *facts.disposed.entry(month).or_default() += 1;
            }
        } else if let Some(filed) = india_day(&g.filed_at) {
            s.ageing[age_bucket((q.today - filed).whole_days().max(0))] += 1;
        }
        *facts.filed.entry(india_month(&g.filed_at).unwrap_or_default()).or_default() += 1;
        *facts.crime_heads.entry(g.fields.crime_title.clone()).or_default() += 1;
        for head in domain::law::heads::of_case(&g.fields.sections, &g.fields.section_and_act) {
            *facts.chapters.entry(head).or_default() += 1;
        }
        let today = Day::of(q.today);
        for run in &g.clock_runs {
            facts.clocks.entry((station_id, run.rule().to_string())).or_default().count(run.outcome(&today), 1);
        }
    }
    facts.stations = stations.into_values().collect();
    facts
}

/// Station-wise pendency: one row per station.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct PendencyRow {
    pub station_id: i64,
    /// The station's name in the Admin Panel now ("-" for none).
    pub station_name: String,
    pub total: i64,
    /// Counts by status item id (as text keys), every status column present.
    pub by_status: BTreeMap<String, i64>,
    /// Pending grievances by age: 0-7, 8-15, 16-30, 31-60, over 60 days.
    pub ageing: Vec<i64>,
    pub pending: i64,
}

/// One status column: its item, its current name and what it means.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct StatusColumn {
    pub id: i64,
    pub name: String,
    /// open, in_progress, resolved or closed.
    pub meaning: String,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct PendencyReport {
    pub from: String,
    pub to: String,
    pub statuses: Vec<StatusColumn>,
    /// The ageing columns' labels: "0-7", "8-15", "16-30", "31-60", "60+".
    pub buckets: Vec<String>,
    pub rows: Vec<PendencyRow>,
    /// Every column summed.
    pub totals: PendencyRow,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct MonthRow {
    /// `YYYY-MM`
    pub month: String,
    pub filed: i64,
    pub disposed: i64,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct MonthlyReport {
    pub from: String,
    pub to: String,
    /// The twelve months ending with the period's last, oldest first.
    pub months: Vec<MonthRow>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct DisposalRow {
    /// 1 for the best: highest disposal rate, then most disposed, then name.
    pub rank: i64,
    pub station_id: i64,
    pub station_name: String,
    pub total: i64,
    pub disposed: i64,
    /// Disposed as a percentage of the total, to one decimal.
    pub disposal_rate: f64,
    /// Mean days from filing to resolution of the disposed with a resolution date, to one
    /// decimal; null when none.
    pub average_days: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct DisposalReport {
    pub from: String,
    pub to: String,
    pub rows: Vec<DisposalRow>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct CrimeHeadRow {
    pub crime_head: String,
    pub count: i64,
}

/// The grievances of a period under one chapter of the BNS or the POCSO Act, or one of the
/// heads for what no chapter holds.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct ChapterHeadRow {
    /// The act and chapter ("BNS V", "POCSO II"), or `SLL` (local and special laws),
    /// `NOT_MAPPED` (a section no chapter of the list holds) or `NO_SECTION`.
    pub head: String,
    /// The chapter's title as the Act gives it, in English and in Hindi.
    pub title: String,
    pub title_hi: String,
    pub count: i64,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct CrimeHeadsReport {
    pub from: String,
    pub to: String,
    /// The grievances of the period, all heads.
    pub total: i64,
    /// The most frequent heads, most first (ties by name), at most ten.
    pub rows: Vec<CrimeHeadRow>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct ChapterHeadsReport {
    pub from: String,
    pub to: String,
    /// The grievances of the period.
    pub total: i64,
    /// Every head with a grievance of the period, in the Acts' order (an IPC section counts
    /// under the chapter of the BNS section that replaced it); a case under two chapters
    /// counts under each, so the rows may add up to more than `total`.
    pub rows: Vec<ChapterHeadRow>,
}

pub fn bucket_labels() -> Vec<String> {
    AGE_BUCKETS.iter().map(|(first, last)| last.map_or_else(|| format!("{}+", first - 1), |l| format!("{first}-{l}"))).collect()
}

fn one_decimal(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// `names`: station id to its current name.
pub fn pendency(facts: &ReportFacts, period: &Period, statuses: Vec<StatusColumn>, names: &BTreeMap<i64, String>) -> PendencyReport {
    let name = |id: i64| names.get(&id).cloned().unwrap_or_else(|| "-".to_string());
    let row = |s: &StationFacts| PendencyRow {
        station_id: s.station_id,
        station_name: name(s.station_id),
        total: s.total,
        by_status: statuses.iter().map(|c| (c.id.to_string(), s.by_status.get(&c.id).copied().unwrap_or(0))).collect(),
        ageing: s.ageing.to_vec(),
        pending: s.ageing.iter().sum(),
    };
    let mut rows: Vec<PendencyRow> = facts.stations.iter().map(row).collect();
    rows.sort_by(|a, b| a.station_name.cmp(&b.station_name).then(a.station_id.cmp(&b.station_id)));
    let mut all = StationFacts::default();
    for s in &facts.stations {
        all.total += s.total;
        for (k, v) in &s.by_status {
            *all.by_status.entry(*k).or_default() += v;
        }
        for (i, v) in s.ageing.iter().enumerate() {
            all.ageing[i] += v;
        }
    }
    let mut totals = row(&all);
    totals.station_name = "Total".to_string();
    PendencyReport { from: period.from_text(), to: period.to_text(), statuses, buckets: bucket_labels(), rows, totals }
}

pub fn monthly(facts: &ReportFacts, period: &Period) -> MonthlyReport {
    let months = period
        .months()
        .into_iter()
        .map(|m| MonthRow { filed: facts.filed.get(&m).copied().unwrap_or(0), disposed: facts.disposed.get(&m).copied().unwrap_or(0), month: m })
        .collect();
    MonthlyReport { from: period.from_text(), to: period.to_text(), months }
}

pub fn disposal(facts: &ReportFacts, period: &Period, names: &BTreeMap<i64, String>) -> DisposalReport {
    let mut rows: Vec<DisposalRow> = facts
        .stations
        .iter()
        .filter(|s| s.total > 0)
        .map(|s| DisposalRow {
            rank: 0,
            station_id: s.station_id,
            station_name: names.get(&s.station_id).cloned().unwrap_or_else(|| "-".to_string()),
            total: s.total,
            disposed: s.done,
            disposal_rate: one_decimal(s.done as f64 * 100.0 / s.total as f64),
            average_days: (s.resolved_count > 0).then(|| one_decimal(s.resolution_days as f64 / s.resolved_count as f64)),
        })
        .collect();
    rows.sort_by(|a, b| {
        b.disposal_rate.total_cmp(&a.disposal_rate).then(b.disposed.cmp(&a.disposed)).then(a.station_name.cmp(&b.station_name)).then(a.station_id.cmp(&b.station_id))
    });
    for (i, r) in rows.iter_mut().enumerate() {
        r.rank = i as i64 + 1;
    }
    DisposalReport { from: period.from_text(), to: period.to_text(), rows }
}

pub fn crime_heads(facts: &ReportFacts, period: &Period) -> CrimeHeadsReport {
    let mut rows: Vec<CrimeHeadRow> = facts.crime_heads.iter().filter(|(_, n)| **n > 0).map(|(h, n)| CrimeHeadRow { crime_head: h.clone(), count: *n }).collect();
    rows.sort_by(|a, b| b.count.cmp(&a.count).then(a.crime_head.cmp(&b.crime_head)));
    rows.truncate(TOP_CRIME_HEADS);
    CrimeHeadsReport { from: period.from_text(), to: period.to_text(), total: facts.crime_heads.values().sum(), rows }
}

/// The crime heads by chapter of the BNS and the POCSO Act (`domain::law::heads`).
pub fn chapter_heads(facts: &ReportFacts, period: &Period) -> ChapterHeadsReport {
    let rows = domain::law::heads::all()
        .iter()
        .filter_map(|head| {
            let count = facts.chapters.get(head).copied().filter(|n| *n > 0)?;
            let (title, title_hi) = domain::law::heads::title(head)?;
            Some(ChapterHeadRow { head: head.clone(), title: title.into(), title_hi: title_hi.into(), count })
        })
        .collect();
    ChapterHeadsReport { from: period.from_text(), to: period.to_text(), total: facts.crime_heads.values().sum(), rows }
}

/// The most cases the compliance report lists with a clock missed.
pub const MISSED_LISTED: usize = 500;

/// One station's clock runs.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct ComplianceRow {
    pub station_id: i64,
    /// The station's name in the Admin Panel now ("-" for none).
    pub station_name: String,
    pub figures: ClockFigures,
}

/// One clock rule's runs over every station.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct RuleCompliance {
    pub rule: String,
    /// The rule's name in English and in Hindi (its id when the rule is gone).
    pub name: String,
    pub name_hi: String,
    pub figures: ClockFigures,
}

/// A clock a case missed: not met, its due day past.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct MissedClock {
    pub grievance_id: i64,
    pub grievance_number: String,
    pub fir_no: String,
    pub station_id: i64,
    pub station_name: String,
    pub rule: String,
    pub rule_name: String,
    pub rule_name_hi: String,
    /// `YYYY-MM-DD`
    pub due_on: String,
    /// Days from the due day to today.
    pub days_late: i64,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct ComplianceReport {
    pub from: String,
    pub to: String,
    /// Per station, by name.
    pub rows: Vec<ComplianceRow>,
    /// Every station summed.
    pub totals: ClockFigures,
    /// Per clock rule, in the rules' order (then any rule since removed).
    pub by_rule: Vec<RuleCompliance>,
    /// The clocks missed by the first cases (at most `MISSED_LISTED`, earliest due day
    /// first) of the period's cases with a clock missed.
    pub missed: Vec<MissedClock>,
    /// More cases than those listed have a clock missed: the grievance list's "missed"
    /// filter finds them all.
    pub missed_more: bool,
}

/// The compliance report: `missed` are the cases with a clock missed the engine found, earliest
/// due first (one more than `MISSED_LISTED` says there are more).
pub fn compliance(facts: &ReportFacts, q: &ReportQuery, names: &BTreeMap<i64, String>, rules: &ClockRules, mut missed: Vec<Grievance>) -> ComplianceReport {
    let name = |id: i64| names.get(&id).cloned().unwrap_or_else(|| "-".to_string());
    let rule_names = |id: &str| rules.get(id).map_or_else(|| (id.to_string(), id.to_string()), |r| (r.name.clone(), r.name_hi.clone()));
    let mut stations: BTreeMap<i64, ClockFigures> = BTreeMap::new();
    let mut by_rule: BTreeMap<&str, ClockFigures> = BTreeMap::new();
    let mut totals = ClockFigures::default();
    for ((station, rule), figures) in &facts.clocks {
        stations.entry(*station).or_default().add(figures);
        by_rule.entry(rule).or_default().add(figures);
        totals.add(figures);
    }
    let mut rows: Vec<ComplianceRow> =
        stations.into_iter().map(|(station_id, figures)| ComplianceRow { station_id, station_name: name(station_id), figures: figures.rated() }).collect();
    rows.sort_by(|a, b| a.station_name.cmp(&b.station_name).then(a.station_id.cmp(&b.station_id)));
    let order = |rule: &str| rules.0.iter().position(|r| r.id == rule).unwrap_or(usize::MAX);
    let mut by_rule: Vec<RuleCompliance> = by_rule
        .into_iter()
        .map(|(rule, figures)| {
            let (name, name_hi) = rule_names(rule);
            RuleCompliance { rule: rule.to_string(), name, name_hi, figures: figures.rated() }
        })
        .collect();
    by_rule.sort_by(|a, b| order(&a.rule).cmp(&order(&b.rule)).then(a.rule.cmp(&b.rule)));
    let missed_more = missed.len() > MISSED_LISTED;
    missed.truncate(MISSED_LISTED);
    let today = Day::of(q.today);
    let mut listed: Vec<MissedClock> = missed
        .iter()
        .flat_map(|g| {
            g.clock_runs.iter().filter(|run| run.outcome(&today) == Outcome::Missed).map(|run| {
                let (rule_name, rule_name_hi) = rule_names(run.rule());
                let station_id = g.police_station_id.unwrap_or(0);
                MissedClock {
                    grievance_id: g.id,
                    grievance_number: g.grievance_number.clone(),
                    fir_no: g.fields.fir_no.to_string(),
                    station_id,
                    station_name: name(station_id),
                    rule: run.rule().to_string(),
                    rule_name,
                    rule_name_hi,
                    due_on: run.due().as_str().to_string(),
                    days_late: run.due().date().map_or(0, |due| (q.today - due).whole_days()),
                }
            })
        })
        .collect();
    listed.sort_by(|a, b| a.due_on.cmp(&b.due_on).then(a.grievance_number.cmp(&b.grievance_number)).then(a.rule.cmp(&b.rule)));
    ComplianceReport { from: q.period.from_text(), to: q.period.to_text(), rows, totals: totals.rated(), by_rule, missed: listed, missed_more }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(t: &str) -> Date {
        parse_day(t).unwrap()
    }

    #[test]
    fn buckets() {
        assert_eq!([0, 7, 8, 15, 16, 30, 31, 60, 61, 400].map(age_bucket), [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
        assert_eq!(bucket_labels(), ["0-7", "8-15", "16-30", "31-60", "60+"]);
    }

    #[test]
    fn periods() {
        let today = day("2026-11-26");
        let p = Period::parse(None, None, today).unwrap();
        assert_eq!((p.from_text().as_str(), p.to_text().as_str()), ("2025-12-01", "2026-11-26"));
        assert_eq!(p.months().first().unwrap(), "2025-12");
        assert_eq!(p.months().last().unwrap(), "2026-11");
        assert_eq!(p.months().len(), 12);
        let e = Period::parse(Some("2026-13-01"), Some("x"), today).unwrap_err();
        match e {
            Error::Validation { fields, .. } => {
                assert_eq!(fields["from"], Msg::ReportFromInvalid);
                assert_eq!(fields["to"], Msg::ReportToInvalid);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(Period::parse(Some("2026-02-01"), Some("2026-01-01"), today).unwrap_err(), Error::field("to", Msg::ReportFromAfterTo));
        // By the day in India: 23:00 UTC is the next morning there.
        assert!(p.holds("2026-11-26T18:29:59Z") && !p.holds("2026-11-26T18:30:00Z"));
        assert!(p.holds("2025-11-30T18:30:00Z") && !p.holds("2025-11-30T18:29:59Z"));
        assert_eq!(p.filed_bounds(), ("2025-11-30T18:30:00".to_string(), "2026-11-26T18:30:00".to_string()));
        assert_eq!(india_month("2026-01-31T19:00:00Z").as_deref(), Some("2026-02"));
    }
}
