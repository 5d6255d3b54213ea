//! The law's forms as an Admin and an officer send them: a clock rule, an offence of the
//! reference list, and an action recorded on a case's clock. Each is read by its rule into
//! the type that cannot hold a bad value, every field's problem answered under its own name.

use super::clocks::{ClockEvent, ClockEventKind, ClockRule, ClockStart, Means, Period, SectionRef};
use super::reference::{chapter_of, Maximum, Offence};
use super::section::{Act, SectionNo};
use crate::day::Day;
use crate::messages::Msg;
use crate::wire::{Sent, Text};
use crate::{FieldErrors, Result};
use serde::Deserialize;
use time::Date;
use utoipa::ToSchema;

fn text(errors: &mut FieldErrors, field: &str, sent: &Sent<Text>, label: &str, max: usize) -> String {
    let value = match sent {
        Sent::Given(Text(t)) => t.trim().to_string(),
        Sent::Unusable => {
            errors.add(field, Msg::FieldNotText { field: field.to_string() });
            return String::new();
        }
        _ => String::new(),
    };
    if value.is_empty() {
        errors.add(field, Msg::FieldRequired { label: label.to_string() });
    } else if value.chars().count() > max {
        errors.add(field, Msg::FieldTooLong { field: field.to_string(), max: max.to_string() });
    }
    value
}

fn flag(errors: &mut FieldErrors, field: &str, sent: &Sent<bool>, default: bool) -> bool {
    match sent {
        Sent::Given(b) => *b,
        Sent::Unusable => {
            errors.add(field, Msg::FieldNotFlag { field: field.to_string() });
            default
        }
        _ => default,
    }
}

/// A clock rule as the Admin Panel sends it.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct ClockRuleForm {
    /// A new rule's id (lower-case letters, digits and '-'); a changed rule keeps the one in
    /// its path.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub id: Sent<String>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub name: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub name_hi: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = ClockStart)]
    pub starts: Sent<ClockStart>,
    /// "BNS 64", "POCSO 4"; empty: every case.
    #[serde(default)]
    #[schema(value_type = Vec<String>)]
    pub sections: Sent<Vec<String>>,
    /// "24 hours", "90 days", "2 months".
    #[serde(default)]
    #[schema(value_type = String)]
    pub period: Sent<String>,
    #[serde(default)]
    #[schema(value_type = bool)]
    pub repeats: Sent<bool>,
    #[serde(default)]
    #[schema(value_type = ClockEventKind)]
    pub met_by: Sent<ClockEventKind>,
    #[serde(default)]
    #[schema(value_type = bool)]
    pub ends_when_decided: Sent<bool>,
    /// `YYYY-MM-DD`; left out: 1 July 2024.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub from: Sent<String>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub source: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub active: Sent<bool>,
}

/// Whether `id` can name a rule: 1 to 40 lower-case ASCII letters, digits and '-'.
pub fn rule_id_valid(id: &str) -> bool {
    (1..=40).contains(&id.len()) && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

impl ClockRule {
    /// Reads the Admin Panel's rule, named `id`.
    pub fn parse(id: &str, form: &ClockRuleForm) -> Result<ClockRule> {
        let mut errors = FieldErrors::default();
        if !rule_id_valid(id) {
            errors.add("id", Msg::ClockRuleIdInvalid);
        }
        let name = text(&mut errors, "name", &form.name, "Name", 200);
        let name_hi = text(&mut errors, "name_hi", &form.name_hi, "Name in Hindi", 200);
        let source = text(&mut errors, "source", &form.source, "Source", 2000);
        let starts = form.starts.as_given().copied();
        if starts.is_none() {
            errors.add("starts", Msg::ClockRuleStartInvalid);
        }
        let met_by = form.met_by.as_given().copied();
        if met_by.is_none() {
            errors.add("met_by", Msg::ClockRuleMetByInvalid);
        }
        let period = form.period.as_given().and_then(|p| Period::parse(p));
        if period.is_none() {
            errors.add("period", Msg::ClockRulePeriodInvalid);
        }
        let mut sections = Vec::new();
        match &form.sections {
            Sent::Given(list) => {
                for (i, text) in list.iter().enumerate() {
                    match SectionRef::parse(text) {
                        Some(s) => sections.push(s),
                        None => errors.add(&format!("sections[{i}]"), Msg::ClockRuleSectionInvalid { value: text.clone() }),
                    }
                }
            }
            Sent::Unusable => errors.add("sections", Msg::SectionsInvalid),
            _ => {}
        }
        let from = match form.from.as_given().map(|s| s.trim()).filter(|s| !s.is_empty()) {
            None => super::clocks::new_codes_day(),
            Some(text) => Day::parse(text).unwrap_or_else(|| {
                errors.add("from", Msg::FieldDateInvalid { label: "In force from".into() });
                Day::default()
            }),
        };
        let repeats = flag(&mut errors, "repeats", &form.repeats, false);
        let ends_when_decided = flag(&mut errors, "ends_when_decided", &form.ends_when_decided, true);
        let active = flag(&mut errors, "active", &form.active, true);
        errors.finish()?;
        Ok(ClockRule {
            id: id.to_string(),
            name,
            name_hi,
            starts: starts.unwrap_or(ClockStart::InformationRecorded),
            sections,
            period: period.unwrap_or(Period::Days(1)),
            repeats,
            met_by: met_by.unwrap_or(ClockEventKind::InvestigationCompleted),
            ends_when_decided,
            from,
            source,
            active,
        })
    }
}

/// An action on a case's clocks as the case screen sends it.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct ClockActionForm {
    #[serde(default)]
    #[schema(value_type = ClockEventKind)]
    pub kind: Sent<ClockEventKind>,
    /// The day it was done, `YYYY-MM-DD`.
    #[serde(default)]
    #[schema(value_type = String)]
    pub on: Sent<String>,
    /// How the informant was told; required for `informant_told_of_progress`.
    #[serde(default)]
    #[schema(value_type = Option<Means>)]
    pub means: Sent<Means>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub note: Sent<Text>,
    /// The version of the grievance the action was recorded on; a stale one is refused with
    /// 409.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub version: Sent<i64>,
}

/// An action to record, before who recorded it and when are added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockAction {
    pub kind: ClockEventKind,
    pub on: Day,
    pub means: Option<Means>,
    pub note: String,
}

/// The longest note kept with an action.
pub const ACTION_NOTE_MAX: usize = 2000;

impl ClockAction {
    /// Reads the form for a case whose information was recorded on `recorded`: the day is
    /// neither before that nor after `today`.
    pub fn parse(form: &ClockActionForm, recorded: Option<Date>, today: Date) -> Result<ClockAction> {
        let mut errors = FieldErrors::default();
        let kind = form.kind.as_given().copied();
        if kind.is_none() {
            errors.add("kind", Msg::ClockActionKindInvalid);
        }
        let on = match form.on.as_given().and_then(|t| Day::parse(t)) {
            None => {
                errors.add("on", Msg::ClockActionDateInvalid);
                None
            }
            Some(day) => {
                let date = day.date();
                if date.is_some_and(|d| d > today) {
                    errors.add("on", Msg::ClockActionDateInFuture);
                } else if date.zip(recorded).is_some_and(|(d, r)| d < r) {
                    errors.add("on", Msg::ClockActionDateBeforeFir);
                }
                Some(day)
            }
        };
        let means = match &form.means {
            Sent::Given(m) => Some(*m),
            Sent::Unusable => {
                errors.add("means", Msg::ClockActionMeansInvalid);
                None
            }
            _ => None,
        };
        if kind == Some(ClockEventKind::InformantToldOfProgress) && means.is_none() {
            errors.add("means", Msg::ClockActionMeansInvalid);
        }
        let note = match &form.note {
            Sent::Given(Text(t)) => t.trim().to_string(),
            Sent::Unusable => {
                errors.add("note", Msg::FieldNotText { field: "note".into() });
                String::new()
            }
            _ => String::new(),
        };
        if note.chars().count() > ACTION_NOTE_MAX {
            errors.add("note", Msg::FieldTooLong { field: "note".into(), max: ACTION_NOTE_MAX.to_string() });
        }
        errors.finish()?;
        Ok(ClockAction { kind: kind.unwrap_or(ClockEventKind::InformantToldOfProgress), on: on.unwrap_or_default(), means, note })
    }

    /// The action as the case keeps it.
    pub fn recorded(self, by: i64, by_name: &str, at: &str) -> ClockEvent {
        ClockEvent { kind: self.kind, on: self.on, means: self.means, note: self.note, recorded_by: by, recorded_by_name: by_name.to_string(), recorded_at: at.to_string() }
    }
}

/// An offence of the reference list as the Admin Panel sends it.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct OffenceForm {
    #[serde(default)]
    #[schema(value_type = String)]
    pub act: Sent<String>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub section: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub title: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub title_hi: Sent<Text>,
    /// "fine", "N months", "N years", "life" or "death".
    #[serde(default)]
    #[schema(value_type = String)]
    pub maximum: Sent<String>,
    /// The IPC sections it replaced.
    #[serde(default)]
    #[schema(value_type = Option<Vec<String>>)]
    pub replaces: Sent<Vec<String>>,
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub offence: Sent<bool>,
    /// Its victims' identity is protected (`law::sensitivity`); left out: no.
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub sensitive: Sent<bool>,
}

impl Offence {
    /// Reads the Admin Panel's entry: a BNS or POCSO section (the acts the list holds), its
    /// chapter told by its number.
    pub fn parse(form: &OffenceForm) -> Result<Offence> {
        let mut errors = FieldErrors::default();
        let act = form.act.as_given().and_then(|a| Act::parse(a)).filter(|a| matches!(a, Act::Bns | Act::Pocso));
        if act.is_none() {
            errors.add("act", Msg::OffenceActInvalid);
        }
        let section = form.section.as_given().and_then(|Text(t)| SectionNo::parse(t));
        if section.is_none() {
            errors.add("section", Msg::SectionNumberInvalid);
        }
        let chapter = act.zip(section.as_ref()).and_then(|(a, s)| chapter_of(a, s));
        if act.is_some() && section.is_some() && chapter.is_none() {
            errors.add("section", Msg::SectionNumberInvalid);
        }
        let title = text(&mut errors, "title", &form.title, "Title", 300);
        let title_hi = text(&mut errors, "title_hi", &form.title_hi, "Title in Hindi", 300);
        let maximum = form.maximum.as_given().and_then(|m| Maximum::parse(m));
        if maximum.is_none() {
            errors.add("maximum", Msg::OffenceMaximumInvalid);
        }
        let mut replaces = Vec::new();
        match &form.replaces {
            Sent::Given(list) => {
                for (i, text) in list.iter().enumerate() {
                    match SectionNo::parse(text) {
                        Some(s) => replaces.push(s.to_string()),
                        None => errors.add(&format!("replaces[{i}]"), Msg::SectionNumberInvalid),
                    }
                }
            }
            Sent::Unusable => errors.add("replaces", Msg::SectionsInvalid),
            _ => {}
        }
        let offence = flag(&mut errors, "offence", &form.offence, true);
        let sensitive = flag(&mut errors, "sensitive", &form.sensitive, false);
        errors.finish()?;
        let (Some(act), Some(section), Some(chapter), Some(maximum)) = (act, section, chapter, maximum) else {
            return Err(crate::Error::internal("a form without errors has every field"));
        };
        Ok(Offence { act, section, title, title_hi, chapter: chapter.chapter.clone(), maximum, replaces, offence, sensitive })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Error;
    use serde_json::json;
    use time::macros::date;

    fn fields<T: std::fmt::Debug>(result: Result<T>) -> Vec<(String, String)> {
        match result {
            Err(Error::Validation { fields, .. }) => fields.into_iter().map(|(f, m)| (f, m.to_string())).collect(),
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn a_rule_is_read_whole_or_answered_field_by_field() {
        let form: ClockRuleForm = serde_json::from_value(json!({
            "name": "Charge sheet in 60 days", "name_hi": "आरोप पत्र 60 दिन में", "starts": "information_recorded",
            "sections": ["BNS 303(2)"], "period": "60 days", "repeats": false, "met_by": "investigation_completed", "source": "State order 12/2025"
        })).unwrap();
        let rule = ClockRule::parse("state-order-12", &form).unwrap();
        assert_eq!((rule.period, rule.sections.len(), rule.from.as_str(), rule.active), (Period::Days(60), 1, "2024-07-01", true));

        let bad: ClockRuleForm = serde_json::from_value(json!({"name": "", "starts": "sunrise", "sections": ["Theft"], "period": "soon", "met_by": 3})).unwrap();
        let errors = fields(ClockRule::parse("Bad Id", &bad));
        let names: Vec<&str> = errors.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(names, ["id", "met_by", "name", "name_hi", "period", "sections[0]", "source", "starts"]);
        assert!(errors.contains(&("period".into(), "A period is a number of hours, days or months, such as 90 days or 2 months".into())));
    }

    #[test]
    fn an_action_is_a_day_between_the_fir_and_today_and_telling_says_how() {
        let recorded = Some(date!(2025 - 01 - 10));
        let today = date!(2025 - 03 - 01);
        let form = |v: serde_json::Value| serde_json::from_value::<ClockActionForm>(v).unwrap();
        let told = ClockAction::parse(&form(json!({"kind": "informant_told_of_progress", "on": "2025-02-01", "means": "sms", "note": " Told by SMS "})), recorded, today).unwrap();
        assert_eq!((told.on.as_str(), told.means, told.note.as_str()), ("2025-02-01", Some(Means::Sms), "Told by SMS"));
        let errors = fields(ClockAction::parse(&form(json!({"kind": "informant_told_of_progress", "on": "2025-01-09"})), recorded, today));
        assert_eq!(errors.iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>(), ["means", "on"]);
        assert_eq!(fields(ClockAction::parse(&form(json!({"kind": "efir_signed", "on": "2025-03-02"})), recorded, today))[0].1, "The day it was done cannot be in the future");
        assert_eq!(fields(ClockAction::parse(&form(json!({"kind": "nap", "on": "2025-02-02"})), recorded, today))[0].0, "kind");
    }

    #[test]
    fn an_offence_entry_takes_its_chapter_from_its_number() {
        let form: OffenceForm = serde_json::from_value(json!({"act": "BNS", "section": "303 (2)", "title": "Theft", "title_hi": "चोरी", "maximum": "3 years", "replaces": ["379"]})).unwrap();
        let offence = Offence::parse(&form).unwrap();
        assert_eq!((offence.section.as_str(), offence.chapter.as_str()), ("303(2)", "XVII"));
        let bad: OffenceForm = serde_json::from_value(json!({"act": "IPC", "section": "x", "title": "T", "title_hi": "त", "maximum": "forever"})).unwrap();
        assert_eq!(fields(Offence::parse(&bad)).iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>(), ["act", "maximum", "section"]);
    }
}
