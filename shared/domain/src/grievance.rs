//! A grievance or FIR as staff submit it, parsed and validated with the grievance form's own
//! messages, word for word: the server answers the same messages the form shows.

use crate::law::citation;
use crate::law::section::{read_sections, ChargedSection, SectionForm};
use crate::messages::Msg;
use crate::parties::{parse_parties, Party, PartyForm};
pub use crate::day::{parse_date, Day};

/// The days a deleted grievance stays in the trash until an Admin sets otherwise.
pub const DEFAULT_TRASH_RETENTION_DAYS: u32 = 90;

/// The longest retention an Admin may set: ten years.
pub const MAX_TRASH_RETENTION_DAYS: u32 = 3650;
use crate::wire::{Scalar, Sent, Text};
use crate::{Error, FieldErrors, Result};
use serde::{Deserialize, Serialize};
use time::Date;
use utoipa::ToSchema;

/// One investigation officer's stint on the case.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OfficerEntry {
    pub officer_name: String,
    #[schema(value_type = Option<String>)]
    pub from_date: Option<Day>,
    #[schema(value_type = Option<String>)]
    pub to_date: Option<Day>,
    pub findings: String,
}

/// Every field staff fill in. Dates are `YYYY-MM-DD`.
// The default (every text empty, every flag off, no officers) lets fixtures name only the
// fields they care about, and a stored record that leaves a field out (an empty one, or one
// added since it was written) reads as that default. Requests are parsed by
// `GrievanceFields::parse` from a [`GrievanceForm`], which requires what the form requires; the schema marks every
// field that is always answered as required.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct GrievanceFields {
    pub type_of_call: Option<String>,
    #[schema(required = true, value_type = String)]
    pub fir_no: FirNumber,
    #[schema(required = true, value_type = String)]
    pub fir_date: Day,
    #[schema(required = true)]
    pub section_and_act: String,
    /// The sections it is registered under: those the form picked, or, when it picked none,
    /// those read from "Section & Act" (`law::citation`), which stays as entered.
    #[schema(required = true)]
    pub sections: Vec<ChargedSection>,
    #[schema(required = true)]
    pub crime_title: String,
    #[schema(required = true)]
    pub district: String,
    #[schema(required = true)]
    pub police_station: String,
    #[schema(required = true)]
    pub status: String,
    #[schema(required = true)]
    pub priority: String,
    #[schema(required = true)]
    pub put_in_court: bool,
    #[schema(required = true)]
    pub cross_case: bool,
    pub reason: Option<String>,
    pub current_investigation_officer: Option<String>,
    #[schema(required = true)]
    pub investigation_officers: Vec<OfficerEntry>,
    #[schema(required = true)]
    pub brief_details: String,
    #[schema(value_type = Option<String>)]
    pub date_of_order: Option<Day>,
    #[schema(value_type = Option<String>)]
    pub date_of_inward: Option<Day>,
    #[schema(value_type = Option<String>)]
    pub date_for_scrutiny: Option<Day>,
    pub scrutiny_officer_name: Option<String>,
    #[schema(value_type = Option<String>)]
    pub received_date_after_scrutiny: Option<Day>,
    #[schema(value_type = Option<String>)]
    pub date_of_outward: Option<Day>,
    pub action_taken_by_ig_office: Option<String>,
    pub final_decision: Option<String>,
    /// The people in the case (`crate::parties`): the complainant or informant, victims,
    /// accused and witnesses. On a sensitive case a victim's identity is given to no reader
    /// as it is kept (`Party::protected`).
    #[schema(required = true)]
    pub parties: Vec<Party>,
    /// Marked sensitive by an authorised officer (its victims' identity protected whatever
    /// its sections); null when not. Set and cleared by the marking alone, never by the form.
    pub sensitive_mark: Option<OfficerMark>,
    /// Withheld from the state's public list of FIRs by an officer holding "withhold from
    /// publication"; null when not. Set and cleared by the marking alone, never by the form.
    #[serde(default)]
    pub publication_withheld: Option<OfficerMark>,
    /// The language the complainant is written to in (`crate::citizen`).
    #[schema(required = true)]
    pub citizen_language: crate::citizen::Language,
    /// The informant consents to being told of the investigation's progress by SMS: a
    /// progress update sent to them then meets the 90-day duty of BNSS s.193(3)(ii).
    #[schema(required = true)]
    pub sms_consent: bool,
    /// The progress updates recorded for the complainant, oldest first. Set by the progress
    /// action alone, never by the form.
    pub progress_updates: Vec<crate::citizen::ProgressUpdate>,
    /// The citizen's ratings of its disposals, oldest first. Set by the citizen alone.
    pub feedback: Vec<crate::citizen::Feedback>,
    /// The appeals "not satisfied" opened, oldest first; the last may await its decision.
    pub appeals: Vec<crate::citizen::Appeal>,
}

/// An authorised officer's marking of a case (sensitive, or withheld from publication),
/// whatever its fields: who, when and why. Kept with the case; only the marking itself sets
/// or clears it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OfficerMark {
    pub by: i64,
    pub by_name: String,
    /// RFC 3339, UTC.
    pub at: String,
    pub reason: String,
}

/// A closure asked for by an officer whose role needs approval to close: what the
/// grievance is to become once another officer approves. Kept with the grievance until then;
/// the grievance's own status and final decision stay as they were.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ClosureRequest {
    /// The proposed status: an item whose meaning is resolved or closed.
    pub status_id: i64,
    /// Its name when asked (relabelled from the list on reading).
    pub status: String,
    pub final_decision: Option<String>,
    pub notes: Option<String>,
    pub requested_by: i64,
    pub requested_by_name: String,
    pub requested_at: String,
}

/// A grievance as the form sends it, to file or to change. Text fields take a number as its
/// digits; flags take true/false, 0/1 or "yes"; dates are `YYYY-MM-DD`.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct GrievanceForm {
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub type_of_call: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub fir_no: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub fir_date: Sent<String>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub section_and_act: Sent<Text>,
    /// The sections picked, each an act, a section and the date of the offence; left out or
    /// empty: read from `section_and_act`.
    #[serde(default)]
    #[schema(value_type = Option<Vec<SectionForm>>)]
    pub sections: Sent<Vec<Sent<SectionForm>>>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub crime_title: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub district: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub police_station: Sent<Text>,
    /// Left out: the first status that means open.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub status: Sent<Text>,
    /// Left out: the usual priority.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub priority: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub put_in_court: Sent<Scalar>,
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub cross_case: Sent<Scalar>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub reason: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub current_investigation_officer: Sent<Text>,
    /// Up to 50 rows; a row left completely empty is the form's spare row and is dropped.
    #[serde(default)]
    #[schema(value_type = Option<Vec<OfficerEntry>>)]
    pub investigation_officers: Sent<Vec<Sent<OfficerForm>>>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub brief_details: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub date_of_order: Sent<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub date_of_inward: Sent<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub date_for_scrutiny: Sent<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub scrutiny_officer_name: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub received_date_after_scrutiny: Sent<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub date_of_outward: Sent<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub action_taken_by_ig_office: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub final_decision: Sent<Text>,
    /// The people in the case, up to 50; a row left completely empty is the form's spare row
    /// and is dropped. Left out when changing: the people kept as they are. A victim sent
    /// back as given to a reader who may not see their identity (named "Identity protected
    /// (BNS s.72)") stands for the victims kept: they stay as they are.
    #[serde(default)]
    #[schema(value_type = Option<Vec<PartyForm>>)]
    pub parties: Sent<Vec<Sent<PartyForm>>>,
    /// When changing: the version this edit was based on; a stale one is refused with 409.
    /// `en` or `hi`: the complainant's language. Left out when changing: kept as it is.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub citizen_language: Sent<Text>,
    /// The informant's consent to progress by SMS. Left out when changing: kept as it is.
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub sms_consent: Sent<Scalar>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub version: Sent<i64>,
    /// The user saw the grievance with the same FIR number at the same police station in the
    /// same year (the 409 names it) and confirms that this is another case.
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub confirm_duplicate: Sent<bool>,
}

/// The most investigation officers a case lists.
pub const MAX_OFFICERS: usize = 50;

/// One row of the form's investigation officers.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct OfficerForm {
    #[serde(default)]
    pub officer_name: Sent<Text>,
    #[serde(default)]
    pub from_date: Sent<String>,
    #[serde(default)]
    pub to_date: Sent<String>,
    #[serde(default)]
    pub findings: Sent<Text>,
}

impl GrievanceForm {
    /// Whether the form says how the complainant is written to (language or consent): left
    /// out when changing, they are kept as they are.
    pub fn sends_citizen_contact(&self) -> bool {
        !matches!(self.citizen_language, Sent::Absent) || !matches!(self.sms_consent, Sent::Absent)
    }

    /// The version an edit was based on, when the form gives one.
    pub fn version(&self) -> Option<i64> {
        self.version.as_given().copied()
    }

    /// Whether the form says who the people in the case are (a change that leaves them out
    /// keeps them).
    pub fn sends_parties(&self) -> bool {
        matches!(self.parties, Sent::Given(_) | Sent::Unusable)
    }

    /// Whether the user confirmed that a FIR number already recorded is another case.
    pub fn confirms_duplicate(&self) -> bool {
        self.confirm_duplicate.as_given().copied().unwrap_or(false)
    }
}

/// The longest final decision a case is resolved or closed with, in characters.
pub const FINAL_DECISION_MAX: usize = 5000;

/// A final decision sent on its own (with a change of status), read by the form's rule:
/// trimmed, blank taken as none, at most [`FINAL_DECISION_MAX`] characters.
pub fn read_final_decision(sent: &Sent<Text>) -> Result<Option<String>> {
    let mut r = Reader::default();
    let decision = r.optional("final_decision", sent, FINAL_DECISION_MAX);
    r.errors.finish().map(|()| decision)
}

/// Collects a form's field errors as its fields are read.
#[derive(Default)]
struct Reader {
    errors: FieldErrors,
}

impl Reader {
    fn text(&mut self, field: &str, sent: &Sent<Text>, max: usize) -> String {
        let value = match sent {
            Sent::Absent | Sent::Null => String::new(),
            Sent::Given(Text(text)) => text.clone(),
            Sent::Unusable => {
                self.errors.add(field, Msg::FieldNotText { field: field.to_string() });
                String::new()
            }
        };
        if value.chars().count() > max {
            self.errors.add(field, Msg::FieldTooLong { field: field.to_string(), max: max.to_string() });
        }
        value
    }

    fn optional(&mut self, field: &str, sent: &Sent<Text>, max: usize) -> Option<String> {
        Some(self.text(field, sent, max)).filter(|v| !v.is_empty())
    }

    fn required(&mut self, field: &str, sent: &Sent<Text>, label: &str, max: usize) -> String {
        let value = self.text(field, sent, max);
        if value.is_empty() {
            self.errors.add(field, Msg::FieldRequired { label: label.to_string() });
        }
        value
    }

    fn date(&mut self, field: &str, label: &str, sent: &Sent<String>) -> Option<Day> {
        match sent {
            Sent::Absent | Sent::Null => None,
            Sent::Given(s) if s.trim().is_empty() => None,
            Sent::Given(s) => match Day::parse(s) {
                Some(day) => Some(day),
                None => {
                    self.errors.add(field, Msg::FieldDateInvalid { label: label.to_string() });
                    None
                }
            },
            Sent::Unusable => {
                self.errors.add(field, Msg::FieldDateInvalid { label: label.to_string() });
                None
            }
        }
    }

    fn flag(&mut self, field: &str, sent: &Sent<Scalar>) -> bool {
        match sent {
            Sent::Absent | Sent::Null => false,
            Sent::Given(Scalar::Flag(b)) => *b,
            Sent::Given(Scalar::Number(n)) => n.as_i64().unwrap_or(0) != 0,
            Sent::Given(Scalar::Text(s)) => matches!(s.trim().to_lowercase().as_str(), "true" | "yes" | "1"),
            Sent::Unusable => {
                self.errors.add(field, Msg::FieldNotFlag { field: field.to_string() });
                false
            }
        }
    }
}

/// A FIR number as duplicates are found by: the same number whatever its capitals (FIR
/// numbers are ASCII letters, digits, '/' and '-').
pub fn fir_key(fir_no: &str) -> String {
    fir_no.trim().to_ascii_uppercase()
}

/// A FIR number as a station writes it: ASCII letters, digits, '/' and '-', trimmed, at most
/// 50 characters. A form's number becomes one through [`FirNumber::parse`] only; a record read
/// back from the store holds what was parsed when it was written, so it is taken as it is.
/// The default, empty, is a record's before its form is read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct FirNumber(String);

impl FirNumber {
    pub const MAX_CHARS: usize = 50;

    /// The number in `text` (spaces around it dropped), or the form's message for it.
    pub fn parse(text: &str) -> std::result::Result<FirNumber, Msg> {
        let text = text.trim();
        if text.is_empty() {
            Err(Msg::FieldRequired { label: "FIR Number".to_string() })
        } else if text.chars().count() > Self::MAX_CHARS {
            Err(Msg::FieldTooLong { field: "fir_no".to_string(), max: Self::MAX_CHARS.to_string() })
        } else if !text.chars().all(|c| c.is_ascii_alphanumeric() || c == '/' || c == '-') {
            Err(Msg::FirNumberInvalid)
        } else {
            Ok(FirNumber(text.to_string()))
        }
    }

    /// As duplicates are found by: see [`fir_key`].
    pub fn key(&self) -> String {
        fir_key(&self.0)
    }
}

crate::text_type!(FirNumber);

impl GrievanceFields {
    /// The sections picked, or, for a record that has none (written before sections were
    /// kept, or whose form picked none), those read from its "Section & Act": what a form
    /// with no sections picked is given when saved, so old and new records read alike.
    pub fn with_sections_read(mut self) -> GrievanceFields {
        if self.sections.is_empty() {
            self.sections = citation::read(&self.section_and_act).sections;
        }
        self
    }

    /// Validates a submitted form; `today` bounds the FIR date.
    pub fn parse(form: &GrievanceForm, today: Date) -> Result<GrievanceFields> {
        let mut r = Reader::default();
        // FirNumber::parse says what is missing, too long or wrong in the number itself.
        let fir_text = r.text("fir_no", &form.fir_no, usize::MAX);
        let fir_no = r.errors.check("fir_no", FirNumber::parse(&fir_text)).unwrap_or_default();
        let fir_date = match form.fir_date.as_given().map(|s| s.trim()).filter(|s| !s.is_empty()) {
            None => {
                r.errors.add("fir_date", Msg::FirDateRequired);
                Day::default()
            }
            Some(raw) => match parse_date(raw) {
                Some(d) if d > today => {
                    r.errors.add("fir_date", Msg::FirDateInFuture);
                    Day::of(d)
                }
                Some(d) => Day::of(d),
                None => {
                    r.errors.add("fir_date", Msg::FirDateInvalid);
                    Day::default()
                }
            },
        };
        let section_and_act = r.required("section_and_act", &form.section_and_act, "Section & Act", 500);
        let (mut sections, section_errors) = read_sections(&form.sections, fir_date.date(), today);
        for (field, message) in section_errors {
            r.errors.add(&field, message);
        }
        if sections.is_empty() && form.sections.as_given().is_none_or(|rows| rows.is_empty()) {
            sections = citation::read(&section_and_act).sections;
        }
        let crime_title = r.required("crime_title", &form.crime_title, "Crime Title", 200);
        let district = r.required("district", &form.district, "District", 200);
        let police_station = r.required("police_station", &form.police_station, "Police Station", 200);
        let brief_details = r.required("brief_details", &form.brief_details, "Brief Details", 20_000);
        if !brief_details.is_empty() && brief_details.chars().count() < 10 {
            r.errors.add("brief_details", Msg::BriefDetailsTooShort);
        }
        // Left empty when not given: the lists decide the default (a status meaning open, the
        // usual priority), whatever an administrator has since called them.
        let status = r.text("status", &form.status, 200);
        let priority = r.text("priority", &form.priority, 200);
        let mut officers = Vec::new();
        match &form.investigation_officers {
            Sent::Absent | Sent::Null => {}
            Sent::Given(rows) if rows.len() <= MAX_OFFICERS => {
                let spare = OfficerForm::default();
                for (i, row) in rows.iter().enumerate() {
                    // A row that is not an object reads as the empty spare row.
                    let row = row.as_given().unwrap_or(&spare);
                    let mut row_reader = Reader::default();
                    let officer_name = row_reader.text("officer_name", &row.officer_name, 200);
                    let findings = row_reader.text("findings", &row.findings, 5000);
                    let from = row_reader.date("from_date", "From date", &row.from_date);
                    let to = row_reader.date("to_date", "To date", &row.to_date);
                    let prefix = format!("investigation_officers[{i}]");
                    if !row_reader.errors.is_empty() {
                        if let Err(Error::Validation { fields, .. }) = row_reader.errors.finish() {
                            for (field, message) in fields {
                                r.errors.add(&format!("{prefix}.{field}"), message);
                            }
                        }
                    }
                    if !officer_name.is_empty() && from.is_none() && row.from_date.as_given().is_none_or(|s| s.trim().is_empty()) {
                        r.errors.add(&format!("{prefix}.from_date"), Msg::OfficerFromDateRequired);
                    }
                    if let (Some(f), Some(t)) = (&from, &to) {
                        if f > t {
                            r.errors.add(&format!("{prefix}.to_date"), Msg::OfficerDatesOrder);
                        }
                    }
                    // A row left completely empty is the form's spare row, not an entry.
                    if officer_name.is_empty() && findings.is_empty() && from.is_none() && to.is_none() {
                        continue;
                    }
                    officers.push(OfficerEntry { officer_name, from_date: from, to_date: to, findings });
                }
            }
            Sent::Given(_) => r.errors.add("investigation_officers", Msg::OfficersTooMany),
            Sent::Unusable => r.errors.add("investigation_officers", Msg::OfficersNotList),
        }
        let parties = match &form.parties {
            Sent::Given(rows) => parse_parties(rows, today, &mut r.errors),
            Sent::Unusable => {
                r.errors.add("parties", Msg::PartiesNotList);
                Vec::new()
            }
            Sent::Absent | Sent::Null => Vec::new(),
        };
        let fields = GrievanceFields {
            type_of_call: r.optional("type_of_call", &form.type_of_call, 200),
            fir_no,
            fir_date,
            section_and_act,
            sections,
            crime_title,
            district,
            police_station,
            status,
            priority,
            put_in_court: r.flag("put_in_court", &form.put_in_court),
            cross_case: r.flag("cross_case", &form.cross_case),
            reason: r.optional("reason", &form.reason, 200),
            current_investigation_officer: r.optional("current_investigation_officer", &form.current_investigation_officer, 200),
            investigation_officers: officers,
            brief_details,
            date_of_order: r.date("date_of_order", "Date of Order", &form.date_of_order),
            date_of_inward: r.date("date_of_inward", "Date of Inward", &form.date_of_inward),
            date_for_scrutiny: r.date("date_for_scrutiny", "Date for Scrutiny", &form.date_for_scrutiny),
            scrutiny_officer_name: r.optional("scrutiny_officer_name", &form.scrutiny_officer_name, 200),
            received_date_after_scrutiny: r.date("received_date_after_scrutiny", "Received After Scrutiny", &form.received_date_after_scrutiny),
            date_of_outward: r.date("date_of_outward", "Date of Outward", &form.date_of_outward),
            action_taken_by_ig_office: r.optional("action_taken_by_ig_office", &form.action_taken_by_ig_office, 5000),
            final_decision: r.optional("final_decision", &form.final_decision, FINAL_DECISION_MAX),
            parties,
            sensitive_mark: None,
            publication_withheld: None,
            citizen_language: match &form.citizen_language {
                Sent::Given(Text(t)) if t.trim().is_empty() => crate::citizen::Language::En,
                Sent::Given(Text(t)) => crate::citizen::Language::parse(t).unwrap_or_else(|| {
                    r.errors.add("citizen_language", Msg::CitizenLanguageInvalid);
                    crate::citizen::Language::En
                }),
                Sent::Unusable => {
                    r.errors.add("citizen_language", Msg::CitizenLanguageInvalid);
                    crate::citizen::Language::En
                }
                Sent::Absent | Sent::Null => crate::citizen::Language::En,
            },
            sms_consent: r.flag("sms_consent", &form.sms_consent),
            progress_updates: Vec::new(),
            feedback: Vec::new(),
            appeals: Vec::new(),
        };
        match r.errors.finish() {
            Ok(()) => Ok(fields),
            Err(Error::Validation { fields, .. }) => Err(Error::Validation { message: Msg::FixErrors, fields }),
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn form(body: Value) -> GrievanceForm {
        serde_json::from_value(body).expect("a form takes any object")
    }
    use time::macros::date;

    const TODAY: Date = date!(2026 - 11 - 21);

    fn valid() -> Value {
        json!({"fir_no": "FIR/2026-0042", "fir_date": "2026-11-01", "section_and_act": "379 IPC", "crime_title": "Theft",
               "district": "Central District", "police_station": "Civil Lines", "brief_details": "  Mobile phone stolen at the bus stand.  ",
               "status": "Pending", "priority": "High",
               "investigation_officers": [{"officer_name": "SI Rao", "from_date": "2026-11-02", "to_date": "2026-11-10", "findings": "CCTV checked"},
                                          {"officer_name": "", "from_date": "", "to_date": "", "findings": ""}]})
    }

    fn field_errors(body: Value) -> std::collections::BTreeMap<String, String> {
        match GrievanceFields::parse(&form(body), TODAY) {
            Err(Error::Validation { message, fields }) => {
                assert_eq!(message, Msg::FixErrors);
                fields.into_iter().map(|(field, message)| (field, message.to_string())).collect()
            }
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[test]
    fn a_fir_number_is_letters_digits_slashes_and_hyphens_and_nothing_else() {
        assert_eq!(FirNumber::parse("  CIVIL/2026-0042 ").unwrap().as_str(), "CIVIL/2026-0042");
        assert_eq!(FirNumber::parse("FIR 12").unwrap_err(), Msg::FirNumberInvalid);
        assert_eq!(FirNumber::parse("एफ़/1").unwrap_err(), Msg::FirNumberInvalid);
        assert_eq!(FirNumber::parse(" ").unwrap_err().to_string(), "FIR Number is required");
        assert_eq!(FirNumber::parse(&"9".repeat(51)).unwrap_err(), Msg::FieldTooLong { field: "fir_no".into(), max: "50".into() });
        assert_eq!(FirNumber::parse("civil/7").unwrap().key(), "CIVIL/7");
        assert_eq!(serde_json::to_value(FirNumber::parse("A/1").unwrap()).unwrap(), serde_json::json!("A/1"));
    }

    #[test]
    fn a_day_is_written_yyyy_mm_dd_and_orders_as_the_calendar_does() {
        assert_eq!(Day::parse("2026-11-01T09:30:00+05:30").unwrap().as_str(), "2026-11-01");
        assert_eq!(Day::parse("2026-02-30"), None);
        assert_eq!(Day::parse("1/11/2026"), None);
        assert!(Day::parse("2025-12-31").unwrap() < Day::parse("2026-01-01").unwrap());
        assert_eq!(Day::parse("2026-03-04").unwrap().date(), Some(date!(2026 - 03 - 04)));
        assert_eq!(serde_json::to_value(Day::parse("2026-03-04").unwrap()).unwrap(), serde_json::json!("2026-03-04"));
    }

    #[test]
    fn a_complete_form_parses_trimmed_without_the_spare_officer_row() {
        let g = GrievanceFields::parse(&form(valid()), TODAY).unwrap();
        assert_eq!(g.brief_details, "Mobile phone stolen at the bus stand.");
        assert_eq!(g.investigation_officers.len(), 1);
        assert_eq!(g.investigation_officers[0].from_date.as_deref(), Some("2026-11-02"));
        assert!(!g.put_in_court);
    }

    #[test]
    fn every_required_field_has_its_label() {
        let errors = field_errors(json!({}));
        for (field, message) in [
            ("fir_no", "FIR Number is required"),
            ("fir_date", "FIR Date is required"),
            ("section_and_act", "Section & Act is required"),
            ("crime_title", "Crime Title is required"),
            ("district", "District is required"),
            ("police_station", "Police Station is required"),
            ("brief_details", "Brief Details is required"),
        ] {
            assert_eq!(errors.get(field).map(String::as_str), Some(message), "{field}");
        }
    }

    #[test]
    fn the_rules_of_section_5_speak_their_exact_words() {
        let mut body = valid();
        body["fir_no"] = json!("FIR 12#");
        body["fir_date"] = json!("2026-11-22");
        body["brief_details"] = json!("  too short ");
        body["investigation_officers"] = json!([
            {"officer_name": "SI Rao", "from_date": "", "to_date": "2026-11-10"},
            {"officer_name": "ASI Khan", "from_date": "2026-11-10", "to_date": "2026-11-02"},
        ]);
        let errors = field_errors(body);
        assert_eq!(errors["fir_no"], "FIR Number should contain only letters, numbers, and hyphens");
        assert_eq!(errors["fir_date"], "FIR Date cannot be in the future");
        assert_eq!(errors["brief_details"], "Brief details must be at least 10 characters long");
        assert_eq!(errors["investigation_officers[0].from_date"], "From date is required when officer name is provided");
        assert_eq!(errors["investigation_officers[1].to_date"], "To date must be after from date");
    }

    #[test]
    fn today_is_not_the_future_and_dates_must_be_real() {
        let mut body = valid();
        body["fir_date"] = json!("2026-11-21");
        assert!(GrievanceFields::parse(&form(body.clone()), TODAY).is_ok());
        body["fir_date"] = json!("2026-02-30");
        assert_eq!(field_errors(body)["fir_date"], "FIR Date must be a valid date");
        assert_eq!(parse_date("2026-11-21T10:00:00Z"), Some(date!(2026 - 11 - 21)));
    }
}
