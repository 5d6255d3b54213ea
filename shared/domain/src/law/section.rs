//! A section an FIR is registered under: an act, the section's number as the act numbers it,
//! and the date of the offence, which decides whether the old code or the new one applies.

use crate::day::Day;
use crate::messages::Msg;
use crate::wire::{Sent, Text};
use serde::{Deserialize, Serialize};
use time::{Date, Month};
use utoipa::ToSchema;

/// The day the new codes came into force (BNS s.1(2) and BNSS s.1(2), appointed by the
/// Ministry of Home Affairs' notifications of 23 February 2024): offences committed from this
/// day are defined by the BNS; information recorded from this day is investigated under the
/// BNSS.
pub const NEW_CODES_FROM: Date = match Date::from_calendar_date(2024, Month::July, 1) {
    Ok(date) => date,
    Err(_) => panic!("1 July 2024 is a date"),
};

/// The acts a section may be cited from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
pub enum Act {
    /// Bharatiya Nyaya Sanhita, 2023: offences committed from 1 July 2024.
    #[serde(rename = "BNS")]
    Bns,
    /// Bharatiya Nagarik Suraksha Sanhita, 2023: procedure for information recorded from
    /// 1 July 2024.
    #[serde(rename = "BNSS")]
    Bnss,
    /// Indian Penal Code, 1860: offences committed before 1 July 2024.
    #[serde(rename = "IPC")]
    Ipc,
    /// Code of Criminal Procedure, 1973: procedure for information recorded before then.
    #[serde(rename = "CrPC")]
    Crpc,
    /// Protection of Children from Sexual Offences Act, 2012.
    #[serde(rename = "POCSO")]
    Pocso,
    /// Another local or special law, named by `act_name` (the NDPS Act, the Arms Act, a
    /// state's excise act, ...).
    #[serde(rename = "OTHER")]
    Other,
}

impl Act {
    /// As staff write it after a section ("379 IPC").
    pub fn as_str(self) -> &'static str {
        match self {
            Act::Bns => "BNS",
            Act::Bnss => "BNSS",
            Act::Ipc => "IPC",
            Act::Crpc => "CrPC",
            Act::Pocso => "POCSO",
            Act::Other => "OTHER",
        }
    }

    pub fn parse(text: &str) -> Option<Act> {
        let key: String = text.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_uppercase();
        Some(match key.as_str() {
            "BNS" => Act::Bns,
            "BNSS" => Act::Bnss,
            "IPC" => Act::Ipc,
            "CRPC" => Act::Crpc,
            "POCSO" => Act::Pocso,
            "OTHER" => Act::Other,
            _ => return None,
        })
    }
}

/// A section's number as the act numbers it: digits, then at most three letters ("376AB",
/// "498A"), then up to three sub-divisions in brackets ("303(2)", "193(3)(ii)"). Written
/// without spaces, letters in capitals outside brackets, so "303 (2)" and "303(2)" are one
/// section.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct SectionNo(String);

impl SectionNo {
    pub const MAX_CHARS: usize = 24;

    pub fn parse(text: &str) -> Option<SectionNo> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
        if compact.is_empty() || compact.chars().count() > Self::MAX_CHARS {
            return None;
        }
        let mut chars = compact.chars().peekable();
        let mut out = String::new();
        while let Some(c) = chars.next_if(|c| c.is_ascii_digit()) {
            out.push(c);
        }
        if out.is_empty() || out.len() > 4 {
            return None;
        }
        let mut letters = 0;
        while let Some(c) = chars.next_if(|c| c.is_ascii_alphabetic()) {
            letters += 1;
            out.push(c.to_ascii_uppercase());
        }
        if letters > 3 {
            return None;
        }
        let mut groups = 0;
        while chars.next_if_eq(&'(').is_some() {
            let mut inner = String::new();
            while let Some(c) = chars.next_if(|c| c.is_ascii_alphanumeric()) {
                inner.push(c.to_ascii_lowercase());
            }
            if inner.is_empty() || inner.len() > 4 || chars.next_if_eq(&')').is_none() {
                return None;
            }
            groups += 1;
            out.push('(');
            out.push_str(&inner);
            out.push(')');
        }
        (groups <= 3 && chars.next().is_none()).then_some(SectionNo(out))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The section's number without its letters and sub-divisions: 303 for "303(2)".
    pub fn number(&self) -> u32 {
        self.0.chars().take_while(|c| c.is_ascii_digit()).collect::<String>().parse().unwrap_or(0)
    }

    /// Whether this section is `other` or one of its sub-divisions: "64(2)" is within "64";
    /// "376AB" is not within "376".
    pub fn within(&self, other: &SectionNo) -> bool {
        self.0 == other.0 || (self.0.starts_with(&other.0) && self.0[other.0.len()..].starts_with('('))
    }
}

impl std::fmt::Display for SectionNo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// One section a grievance is registered under.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ChargedSection {
    pub act: Act,
    /// The act's name when `act` is `OTHER` ("NDPS Act"); null otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub act_name: Option<String>,
    #[schema(value_type = String)]
    pub section: SectionNo,
    /// When the offence was committed (`YYYY-MM-DD`), if known: it decides whether the IPC or
    /// the BNS defines it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub offence_date: Option<Day>,
}

impl ChargedSection {
    pub fn new(act: Act, section: SectionNo) -> ChargedSection {
        ChargedSection { act, act_name: None, section, offence_date: None }
    }

    /// "BNS 303(2)", "NDPS Act 20".
    pub fn citation(&self) -> String {
        match (&self.act, &self.act_name) {
            (Act::Other, Some(name)) => format!("{name} {}", self.section),
            (act, _) => format!("{} {}", act.as_str(), self.section),
        }
    }

    /// Whether this is the section `act` `section`, or one of its sub-divisions.
    pub fn is(&self, act: Act, section: &SectionNo) -> bool {
        self.act == act && self.section.within(section)
    }
}

/// A section whose code does not fit the dates given: kept as entered, and shown to staff
/// so that they can correct it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct CodeWarning {
    /// The section's place in the grievance's sections, from 0.
    pub index: usize,
    /// The message's code; `params` are its values, `message` its English text.
    pub code: String,
    pub params: std::collections::BTreeMap<String, String>,
    pub message: String,
}

/// What is wrong with citing `section` in a case whose information was recorded on
/// `recorded` (the FIR date). The date of the offence decides the penal code: IPC before
/// 1 July 2024, BNS from then (BNS s.358 repeals the IPC and saves what was done under it).
/// The date the information was recorded decides the procedure: CrPC before, BNSS from then
/// (BNSS s.531). An offence with no date of its own was committed on or before the FIR date.
pub fn code_mismatch(section: &ChargedSection, recorded: Option<Date>) -> Option<Msg> {
    let offence = section.offence_date.as_ref().and_then(Day::date);
    let cite = section.citation();
    let date_text = |d: Date| Day::of(d).to_string();
    match section.act {
        Act::Ipc => offence.filter(|d| *d >= NEW_CODES_FROM).map(|d| Msg::OldCodeAfterNewCodes { section: cite, date: date_text(d) }),
        Act::Bns => offence.or(recorded.filter(|d| *d < NEW_CODES_FROM)).filter(|d| *d < NEW_CODES_FROM).map(|d| Msg::NewCodeBeforeNewCodes { section: cite, date: date_text(d) }),
        Act::Crpc => recorded.filter(|d| *d >= NEW_CODES_FROM).map(|d| Msg::OldProcedureAfterNewCodes { section: cite, date: date_text(d) }),
        Act::Bnss => recorded.filter(|d| *d < NEW_CODES_FROM).map(|d| Msg::NewProcedureBeforeNewCodes { section: cite, date: date_text(d) }),
        Act::Pocso | Act::Other => None,
    }
}

/// The warnings of a grievance's sections, each with its place.
pub fn code_warnings(sections: &[ChargedSection], recorded: Option<Date>) -> Vec<CodeWarning> {
    sections
        .iter()
        .enumerate()
        .filter_map(|(index, s)| {
            let msg = code_mismatch(s, recorded)?;
            Some(CodeWarning { index, code: msg.code().to_string(), params: msg.params(), message: msg.to_string() })
        })
        .collect()
}

/// One row of the form's sections.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, ToSchema)]
pub struct SectionForm {
    #[serde(default)]
    #[schema(value_type = String)]
    pub act: Sent<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub act_name: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub section: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub offence_date: Sent<String>,
}

/// The most sections one grievance is registered under.
pub const MAX_SECTIONS: usize = 20;

/// Reads the form's sections: each row's act, the other law's name, the section's number and
/// the date of the offence, which is neither in the future nor after the FIR date. Answers
/// the sections and each field's message under `sections[i].field`.
pub fn read_sections(rows: &Sent<Vec<Sent<SectionForm>>>, fir_date: Option<Date>, today: Date) -> (Vec<ChargedSection>, Vec<(String, Msg)>) {
    let mut sections = Vec::new();
    let mut errors = Vec::new();
    let rows = match rows {
        Sent::Absent | Sent::Null => return (sections, errors),
        Sent::Unusable => return (sections, vec![("sections".to_string(), Msg::SectionsInvalid)]),
        Sent::Given(rows) if rows.len() > MAX_SECTIONS => return (sections, vec![("sections".to_string(), Msg::TooManySections { max: MAX_SECTIONS.to_string() })]),
        Sent::Given(rows) => rows,
    };
    for (i, row) in rows.iter().enumerate() {
        let field = |name: &str| format!("sections[{i}].{name}");
        let Some(row) = row.as_given() else {
            errors.push((format!("sections[{i}]"), Msg::SectionsInvalid));
            continue;
        };
        let act = row.act.as_given().and_then(|a| Act::parse(a));
        if act.is_none() {
            errors.push((field("act"), Msg::SectionActInvalid));
        }
        let act_name = row.act_name.as_given().map(|Text(t)| t.trim().to_string()).filter(|t| !t.is_empty());
        if act == Some(Act::Other) && act_name.is_none() {
            errors.push((field("act_name"), Msg::SectionActNameRequired));
        }
        if act_name.as_ref().is_some_and(|n| n.chars().count() > 100) {
            errors.push((field("act_name"), Msg::FieldTooLong { field: field("act_name"), max: "100".to_string() }));
        }
        let section = row.section.as_given().and_then(|Text(t)| SectionNo::parse(t));
        if section.is_none() {
            errors.push((field("section"), Msg::SectionNumberInvalid));
        }
        let offence_date = match &row.offence_date {
            Sent::Given(text) if !text.trim().is_empty() => match Day::parse(text) {
                Some(day) => {
                    let date = day.date().unwrap_or(today);
                    if date > today {
                        errors.push((field("offence_date"), Msg::OffenceDateInFuture));
                    } else if fir_date.is_some_and(|fir| date > fir) {
                        errors.push((field("offence_date"), Msg::OffenceDateAfterFir));
                    }
                    Some(day)
                }
                None => {
                    errors.push((field("offence_date"), Msg::OffenceDateInvalid));
                    None
                }
            },
            Sent::Unusable => {
                errors.push((field("offence_date"), Msg::OffenceDateInvalid));
                None
            }
            _ => None,
        };
        if let (Some(act), Some(section)) = (act, section) {
            let charged = ChargedSection { act, act_name: act_name.filter(|_| act == Act::Other), section, offence_date };
            if !sections.iter().any(|s: &ChargedSection| s.act == charged.act && s.act_name == charged.act_name && s.section == charged.section) {
                sections.push(charged);
            }
        }
    }
    (sections, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no(text: &str) -> SectionNo {
        SectionNo::parse(text).unwrap()
    }

    fn day(text: &str) -> Option<Day> {
        Day::parse(text)
    }

    #[test]
    fn section_numbers_are_written_one_way() {
        assert_eq!(no("303 (2)").as_str(), "303(2)");
        assert_eq!(no("376ab").as_str(), "376AB");
        assert_eq!(no("498-A").as_str(), "498A");
        assert_eq!(no("193(3)(II)").as_str(), "193(3)(ii)");
        assert_eq!(no("303(2)").number(), 303);
        for bad in ["", "IPC", "12345", "303(", "303()", "303(2", "3(1)(2)(3)(4)", "12ABCD", "303(2)x"] {
            assert_eq!(SectionNo::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_sub_division_is_within_its_section_and_a_lettered_section_is_not() {
        assert!(no("64(2)").within(&no("64")));
        assert!(no("64").within(&no("64")));
        assert!(!no("376AB").within(&no("376")));
        assert!(!no("640").within(&no("64")));
        assert!(!no("64").within(&no("64(1)")));
    }

    #[test]
    fn the_date_of_the_offence_decides_the_penal_code() {
        let mut ipc = ChargedSection::new(Act::Ipc, no("379"));
        let july = Date::from_calendar_date(2024, Month::July, 10).unwrap();
        assert_eq!(code_mismatch(&ipc, Some(july)), None, "no offence date: it may have been committed before");
        ipc.offence_date = day("2024-07-01");
        assert_eq!(code_mismatch(&ipc, Some(july)).unwrap().code(), "OLD_CODE_AFTER_NEW_CODES");
        ipc.offence_date = day("2024-06-30");
        assert_eq!(code_mismatch(&ipc, Some(july)), None);

        let mut bns = ChargedSection::new(Act::Bns, no("303(2)"));
        bns.offence_date = day("2024-06-30");
        assert_eq!(code_mismatch(&bns, Some(july)).unwrap().code(), "NEW_CODE_BEFORE_NEW_CODES");
        bns.offence_date = None;
        let june = Date::from_calendar_date(2024, Month::June, 20).unwrap();
        assert_eq!(code_mismatch(&bns, Some(june)).unwrap().code(), "NEW_CODE_BEFORE_NEW_CODES", "recorded before, so committed before");
        assert_eq!(code_mismatch(&bns, Some(july)), None);

        assert_eq!(code_mismatch(&ChargedSection::new(Act::Crpc, no("154")), Some(july)).unwrap().code(), "OLD_PROCEDURE_AFTER_NEW_CODES");
        assert_eq!(code_mismatch(&ChargedSection::new(Act::Bnss, no("173")), Some(june)).unwrap().code(), "NEW_PROCEDURE_BEFORE_NEW_CODES");
        assert_eq!(code_mismatch(&ChargedSection::new(Act::Pocso, no("4")), Some(june)), None);
    }

    #[test]
    fn a_warning_names_the_section_and_its_place() {
        let mut ipc = ChargedSection::new(Act::Ipc, no("379"));
        ipc.offence_date = day("2025-01-05");
        let warnings = code_warnings(&[ChargedSection::new(Act::Bns, no("115(2)")), ipc], None);
        assert_eq!(warnings.len(), 1);
        assert_eq!(warnings[0].index, 1);
        assert_eq!(warnings[0].message, "IPC 379 is for offences committed before 1 July 2024; an offence of 2025-01-05 falls under the BNS");
    }
}
