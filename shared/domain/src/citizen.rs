//! Telling the complainant or informant of their case, and hearing back from them: the SMS
//! messages a case sends, in the language chosen on the case, from templates an Admin
//! maintains; the one-time code of the public status page; the citizen's rating of a
//! disposal, and the appeal a "not satisfied" rating opens within the reopen window.
//!
//! The law behind it: BNSS s.193(3)(ii) — the police officer shall, within a period of ninety
//! days, inform the progress of the investigation by any means including through electronic
//! communication to the informant or the victim. An SMS sent with the informant's consent is
//! such a means, and meets that clock (`crate::law::ClockEventKind::InformantToldOfProgress`).
//! BNS s.72 forbids printing or publishing anything that may make known the identity of a
//! victim of the offences it names: a sensitive case's messages come from templates that can
//! hold neither the offence nor a person's name (`Placeholder::is_safe`).
//!
//! Indian SMS rules (TRAI's TCCCPR 2018, the DLT registration) let a business send only the
//! text of a template registered on DLT, under its template id and the sender's entity id: each
//! template here carries its DLT template id, and the gateway is given it with every message.

use crate::messages::Msg;
use crate::{Error, FieldErrors, Result};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The language a citizen is written to in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    En,
    Hi,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::En, Language::Hi];

    pub fn as_str(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Hi => "hi",
        }
    }

    /// As the audit trail names it.
    pub fn name(self) -> &'static str {
        match self {
            Language::En => "English",
            Language::Hi => "Hindi",
        }
    }

    pub fn parse(text: &str) -> Option<Language> {
        match text.trim().to_ascii_lowercase().as_str() {
            "en" | "english" => Some(Language::En),
            "hi" | "hindi" => Some(Language::Hi),
            _ => None,
        }
    }
}

/// What a message to a citizen tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MessageKind {
    /// The case was registered, with its grievance number.
    Registered,
    /// Another investigating officer took the case.
    OfficerChanged,
    /// The officer recorded the investigation's progress.
    Progress,
    /// The case went to another police station.
    Transferred,
    /// The case was disposed of, with the decision and the feedback link.
    Closed,
    /// The public status page's one-time code.
    StatusCode,
}

impl MessageKind {
    pub const ALL: [MessageKind; 6] =
        [MessageKind::Registered, MessageKind::OfficerChanged, MessageKind::Progress, MessageKind::Transferred, MessageKind::Closed, MessageKind::StatusCode];

    pub fn as_str(self) -> &'static str {
        match self {
            MessageKind::Registered => "registered",
            MessageKind::OfficerChanged => "officer_changed",
            MessageKind::Progress => "progress",
            MessageKind::Transferred => "transferred",
            MessageKind::Closed => "closed",
            MessageKind::StatusCode => "status_code",
        }
    }

    /// Whether the kind tells of a case, and so has a template for sensitive cases of its own.
    /// The code tells nothing of the case.
    pub fn has_sensitive_variant(self) -> bool {
        self != MessageKind::StatusCode
    }

    /// The placeholders its template must hold: what the message is for.
    fn required(self) -> &'static [Placeholder] {
        match self {
            MessageKind::StatusCode => &[Placeholder::Code],
            MessageKind::Closed => &[Placeholder::Number, Placeholder::Link],
            _ => &[Placeholder::Number],
        }
    }
}

/// What a template may stand a value in for, written `{name}` in its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placeholder {
    /// The grievance number.
    Number,
    /// The police station's name.
    Station,
    /// The status's name.
    Status,
    /// The investigating officer's name.
    Officer,
    /// The day of what is told, as `DD-MM-YYYY`.
    Date,
    /// The feedback link (closure) or the status page's address.
    Link,
    /// The one-time code.
    Code,
    /// The officer's own words: a progress update, a final decision.
    Message,
    /// The offence: the crime head and sections.
    Offence,
    /// The person written to.
    Name,
}

impl Placeholder {
    pub const ALL: [Placeholder; 10] = [
        Placeholder::Number,
        Placeholder::Station,
        Placeholder::Status,
        Placeholder::Officer,
        Placeholder::Date,
        Placeholder::Link,
        Placeholder::Code,
        Placeholder::Message,
        Placeholder::Offence,
        Placeholder::Name,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Placeholder::Number => "number",
            Placeholder::Station => "station",
            Placeholder::Status => "status",
            Placeholder::Officer => "officer",
            Placeholder::Date => "date",
            Placeholder::Link => "link",
            Placeholder::Code => "code",
            Placeholder::Message => "message",
            Placeholder::Offence => "offence",
            Placeholder::Name => "name",
        }
    }

    fn parse(name: &str) -> Option<Placeholder> {
        Placeholder::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Whether a sensitive case's message may hold it: never the offence, a person's name, or
    /// an officer's free words (which may name either).
    pub fn is_safe(self) -> bool {
        !matches!(self, Placeholder::Message | Placeholder::Offence | Placeholder::Name)
    }
}

/// The placeholders a template's text holds, in order; an unknown or unclosed one is an error
/// naming it.
pub fn placeholders(text: &str) -> std::result::Result<Vec<Placeholder>, String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let close = after.find('}').ok_or_else(|| after.chars().take(12).collect::<String>())?;
        let name = &after[..close];
        found.push(Placeholder::parse(name).ok_or_else(|| name.to_string())?);
        rest = &after[close + 1..];
    }
    Ok(found)
}

/// The longest template text: four SMS parts of Hindi (Unicode) text.
pub const TEMPLATE_MAX: usize = 500;

/// One message template as an Admin keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsTemplate {
    pub kind: MessageKind,
    pub language: Language,
    /// The template for sensitive cases: it may hold only the safe placeholders.
    pub sensitive: bool,
    /// The text, with `{number}`, `{station}`, `{status}`, `{officer}`, `{date}`, `{link}`,
    /// `{code}`, and, for cases that are not sensitive, `{message}`, `{offence}` and `{name}`.
    pub text: String,
    /// The template's id on the DLT platform, as registered.
    pub dlt_template_id: String,
}

/// A template as the Admin Panel sends it.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsTemplateForm {
    #[serde(default)]
    pub text: Option<String>,
    #[serde(default)]
    pub dlt_template_id: Option<String>,
}

impl SmsTemplate {
    /// Reads the form for the template of `kind`, `language` and `sensitive`: the text holds
    /// what the kind needs and only the placeholders its cases may show; the DLT id is a DLT
    /// template id (digits).
    pub fn parse(kind: MessageKind, language: Language, sensitive: bool, form: &SmsTemplateForm) -> Result<SmsTemplate> {
        let mut errors = FieldErrors::default();
        let text = form.text.as_deref().unwrap_or_default().trim().to_string();
        if text.is_empty() {
            errors.add("text", Msg::TemplateTextRequired);
        } else if text.chars().count() > TEMPLATE_MAX {
            errors.add("text", Msg::FieldTooLong { field: "text".into(), max: TEMPLATE_MAX.to_string() });
        } else {
            match placeholders(&text) {
                Err(name) => errors.add("text", Msg::TemplatePlaceholderUnknown { name: format!("{{{name}}}") }),
                Ok(found) => {
                    if let Some(missing) = kind.required().iter().find(|p| !found.contains(p)) {
                        errors.add("text", Msg::TemplatePlaceholderMissing { name: format!("{{{}}}", missing.name()) });
                    } else if let Some(unsafe_one) = found.iter().find(|p| sensitive && !p.is_safe()) {
                        errors.add("text", Msg::TemplateNotSafe { name: format!("{{{}}}", unsafe_one.name()) });
                    }
                }
            }
        }
        let dlt = form.dlt_template_id.as_deref().unwrap_or_default().trim().to_string();
        if !(10..=30).contains(&dlt.len()) || !dlt.bytes().all(|b| b.is_ascii_digit()) {
            errors.add("dltTemplateId", Msg::DltTemplateIdInvalid);
        }
        if sensitive && !kind.has_sensitive_variant() {
            return Err(Error::NotFound(Msg::TemplateNotFound));
        }
        errors.finish()?;
        Ok(SmsTemplate { kind, language, sensitive, text, dlt_template_id: dlt })
    }

    /// Whether every placeholder it holds may be sent on a sensitive case.
    pub fn is_safe(&self) -> bool {
        placeholders(&self.text).is_ok_and(|found| found.iter().all(|p| p.is_safe()))
    }

    /// The message, each placeholder given its value (an empty one where there is none). A
    /// template for sensitive cases is given no unsafe value, whatever its text.
    pub fn render(&self, values: &MessageValues) -> String {
        let mut out = String::with_capacity(self.text.len() + 64);
        let mut rest = self.text.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else {
                rest = &rest[open..];
                break;
            };
            if let Some(p) = Placeholder::parse(&after[..close]) {
                if !self.sensitive || p.is_safe() {
                    out.push_str(values.get(p));
                }
            }
            rest = &after[close + 1..];
        }
        out.push_str(rest);
        out
    }
}

/// The values a message's placeholders stand for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageValues {
    pub number: String,
    pub station: String,
    pub status: String,
    pub officer: String,
    pub date: String,
    pub link: String,
    pub code: String,
    pub message: String,
    pub offence: String,
    pub name: String,
}

impl MessageValues {
    fn get(&self, p: Placeholder) -> &str {
        match p {
            Placeholder::Number => &self.number,
            Placeholder::Station => &self.station,
            Placeholder::Status => &self.status,
            Placeholder::Officer => &self.officer,
            Placeholder::Date => &self.date,
            Placeholder::Link => &self.link,
            Placeholder::Code => &self.code,
            Placeholder::Message => &self.message,
            Placeholder::Offence => &self.offence,
            Placeholder::Name => &self.name,
        }
    }
}

/// The templates the portal ships, one per kind, language and (for the kinds that tell of a
/// case) sensitivity. Their DLT ids are placeholders of the right shape until the department
/// registers its own: an Admin replaces them.
pub fn shipped_templates() -> Vec<SmsTemplate> {
    use Language::{En, Hi};
    use MessageKind::*;
    let t = |kind, language, sensitive, text: &str, dlt: &str| SmsTemplate { kind, language, sensitive, text: text.to_string(), dlt_template_id: dlt.to_string() };
    vec![
        t(Registered, En, false, "Dear {name}, your complaint is registered at {station} as grievance {number} on {date}. Track it at {link}", "1007000000000000001"),
        t(Registered, Hi, false, "प्रिय {name}, आपकी शिकायत {station} में {date} को शिकायत संख्या {number} के रूप में दर्ज हुई है। स्थिति देखें: {link}", "1007000000000000002"),
        t(Registered, En, true, "Your complaint is registered as grievance {number} on {date}. Track it at {link}", "1007000000000000003"),
        t(Registered, Hi, true, "आपकी शिकायत {date} को शिकायत संख्या {number} के रूप में दर्ज हुई है। स्थिति देखें: {link}", "1007000000000000004"),
        t(OfficerChanged, En, false, "Grievance {number}: the investigating officer is now {officer}, {station}.", "1007000000000000005"),
        t(OfficerChanged, Hi, false, "शिकायत {number}: अब जाँच अधिकारी {officer}, {station} हैं।", "1007000000000000006"),
        t(OfficerChanged, En, true, "Grievance {number}: the investigating officer has changed. Details at {link}", "1007000000000000007"),
        t(OfficerChanged, Hi, true, "शिकायत {number}: जाँच अधिकारी बदले गए हैं। विवरण: {link}", "1007000000000000008"),
        t(Progress, En, false, "Grievance {number}, progress on {date}: {message}", "1007000000000000009"),
        t(Progress, Hi, false, "शिकायत {number}, {date} की प्रगति: {message}", "1007000000000000010"),
        t(Progress, En, true, "Grievance {number}: the investigation made progress on {date}. Details at {link} or at the police station.", "1007000000000000011"),
        t(Progress, Hi, true, "शिकायत {number}: {date} को जाँच में प्रगति हुई। विवरण {link} पर या थाने में।", "1007000000000000012"),
        t(Transferred, En, false, "Grievance {number} has been transferred to {station}.", "1007000000000000013"),
        t(Transferred, Hi, false, "शिकायत {number} {station} को स्थानांतरित की गई है।", "1007000000000000014"),
        t(Transferred, En, true, "Grievance {number} has been transferred to another police station. Details at {link}", "1007000000000000015"),
        t(Transferred, Hi, true, "शिकायत {number} दूसरे थाने को स्थानांतरित की गई है। विवरण: {link}", "1007000000000000016"),
        t(Closed, En, false, "Grievance {number} is {status}: {message}. Rate how it was handled: {link}", "1007000000000000017"),
        t(Closed, Hi, false, "शिकायत {number} {status}: {message}। कार्रवाई पर अपनी राय दें: {link}", "1007000000000000018"),
        t(Closed, En, true, "Grievance {number} is {status}. Rate how it was handled: {link}", "1007000000000000019"),
        t(Closed, Hi, true, "शिकायत {number} {status}। कार्रवाई पर अपनी राय दें: {link}", "1007000000000000020"),
        t(StatusCode, En, false, "{code} is your code to see grievance {number}. It works for 5 minutes. Do not share it.", "1007000000000000021"),
        t(StatusCode, Hi, false, "शिकायत {number} देखने के लिए आपका कोड {code} है। यह 5 मिनट तक मान्य है। इसे किसी को न बताएँ।", "1007000000000000022"),
    ]
}

/// How a citizen rates a disposal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Rating {
    Satisfied,
    Partly,
    NotSatisfied,
}

impl Rating {
    pub const ALL: [Rating; 3] = [Rating::Satisfied, Rating::Partly, Rating::NotSatisfied];

    pub fn as_str(self) -> &'static str {
        match self {
            Rating::Satisfied => "satisfied",
            Rating::Partly => "partly",
            Rating::NotSatisfied => "not_satisfied",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Rating::Satisfied => "Satisfied",
            Rating::Partly => "Partly satisfied",
            Rating::NotSatisfied => "Not satisfied",
        }
    }
}

/// The longest comment kept with a rating.
pub const COMMENT_MAX: usize = 1000;

/// The days after a disposal in which "not satisfied" opens an appeal, as the portal ships.
pub const REOPEN_WINDOW_DAYS: u32 = 7;
/// The days the next level up has to decide an appeal, as the portal ships.
pub const APPEAL_DAYS: u32 = 15;

/// What an Admin sets of the citizen's side: the reopen window, the appeal's time limit and
/// the message templates (their own entries; the shipped ones stand for the rest). One record
/// with a revision, so that two Admins saving at once cannot overwrite each other unseen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitizenSettings {
    pub revision: i64,
    pub reopen_window_days: u32,
    pub appeal_days: u32,
    #[serde(default)]
    pub templates: Vec<SmsTemplate>,
}

impl Default for CitizenSettings {
    fn default() -> Self {
        CitizenSettings { revision: 0, reopen_window_days: REOPEN_WINDOW_DAYS, appeal_days: APPEAL_DAYS, templates: Vec::new() }
    }
}

impl CitizenSettings {
    /// The template in force for a message: the Admin's, else the shipped one. A kind with no
    /// sensitive variant uses its only one.
    pub fn template(&self, kind: MessageKind, language: Language, sensitive: bool) -> SmsTemplate {
        let sensitive = sensitive && kind.has_sensitive_variant();
        let same = |t: &&SmsTemplate| t.kind == kind && t.language == language && t.sensitive == sensitive;
        self.templates.iter().find(same).cloned().or_else(|| shipped_templates().iter().find(same).cloned()).expect("every kind, language and variant is shipped")
    }

    /// Every template in force, in the shipped order.
    pub fn in_force(&self) -> Vec<SmsTemplate> {
        shipped_templates().into_iter().map(|t| self.template(t.kind, t.language, t.sensitive)).collect()
    }

    /// Puts an Admin's template in force, replacing theirs of the same kind, language and
    /// variant.
    pub fn put(&mut self, template: SmsTemplate) {
        self.templates.retain(|t| !(t.kind == template.kind && t.language == template.language && t.sensitive == template.sensitive));
        self.templates.push(template);
    }
}

/// The settings as the Admin Panel sends them (templates have their own form).
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitizenSettingsForm {
    pub reopen_window_days: Option<i64>,
    pub appeal_days: Option<i64>,
    /// The revision read; a stale one is refused with 409.
    pub revision: Option<i64>,
}

impl CitizenSettingsForm {
    /// The windows in days: 1 to 90 each.
    pub fn days(&self) -> Result<(u32, u32)> {
        let mut errors = FieldErrors::default();
        let mut read = |field: &str, value: Option<i64>| match value {
            Some(n @ 1..=90) => n as u32,
            _ => {
                errors.add(field, Msg::DaysOutOfRange { min: "1".into(), max: "90".into() });
                0
            }
        };
        let reopen = read("reopenWindowDays", self.reopen_window_days);
        let appeal = read("appealDays", self.appeal_days);
        errors.finish()?;
        Ok((reopen, appeal))
    }
}

/// A progress update an officer recorded for the complainant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ProgressUpdate {
    pub text: String,
    /// RFC 3339.
    pub at: String,
    pub by: i64,
    pub by_name: String,
}

/// The shortest progress update: a few words that tell something.
pub const PROGRESS_MIN: usize = 10;
/// The longest: what one SMS of a few parts can carry.
pub const PROGRESS_MAX: usize = 300;
/// The most a case keeps: years of monthly updates.
pub const MAX_PROGRESS_UPDATES: usize = 200;

/// Reads an officer's progress update.
pub fn progress_text(text: &str) -> Result<String> {
    let text = text.trim();
    if text.chars().count() < PROGRESS_MIN {
        return Err(Error::field("text", Msg::ProgressTooShort { min: PROGRESS_MIN.to_string() }));
    }
    if text.chars().count() > PROGRESS_MAX {
        return Err(Error::field("text", Msg::FieldTooLong { field: "text".into(), max: PROGRESS_MAX.to_string() }));
    }
    Ok(text.to_string())
}

/// Where a rating came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FeedbackVia {
    /// The signed link of the closure message.
    Link,
    /// The public status page, after its one-time code.
    StatusPage,
}

/// A citizen's rating of a disposal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Feedback {
    pub rating: Rating,
    pub comment: String,
    /// RFC 3339.
    pub at: String,
    pub via: FeedbackVia,
    /// When the disposal rated was made (the case's `resolved_at` then): one rating each.
    pub disposed_at: String,
    /// Whether it opened an appeal.
    pub appealed: bool,
}

/// An appeal against a disposal, flagged for the next level up, which confirms the closure or
/// reopens the case, with a reason, by its due day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Appeal {
    pub level: crate::escalation::EscalationLevel,
    /// RFC 3339.
    pub opened_at: String,
    /// The day by which it is to be decided.
    #[schema(value_type = String)]
    pub due: crate::day::Day,
    /// The citizen's comment with their rating.
    pub comment: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<AppealDecision>,
}

/// What the next level up decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AppealDecision {
    /// Reopened; else the closure was confirmed.
    pub reopened: bool,
    pub reason: String,
    pub by: i64,
    pub by_name: String,
    /// RFC 3339.
    pub at: String,
}

impl Appeal {
    pub fn is_open(&self) -> bool {
        self.decision.is_none()
    }
}

/// The level an appeal goes to: the district; the range when the district decided one on the
/// case before.
pub fn appeal_level(earlier: &[Appeal]) -> crate::escalation::EscalationLevel {
    use crate::escalation::EscalationLevel;
    if earlier.iter().any(|a| a.level == EscalationLevel::District && a.decision.is_some()) {
        EscalationLevel::Range
    } else {
        EscalationLevel::District
    }
}

/// The shortest reason for an appeal's decision.
pub const APPEAL_REASON_MIN: usize = 10;

/// A mobile number as an SMS gateway takes it: its ten digits, with the country code. A
/// number of fewer than ten digits cannot be written to.
pub fn sms_number(mobile: &str) -> Option<String> {
    let digits: String = mobile.chars().filter(char::is_ascii_digit).collect();
    let national = digits.get(digits.len().checked_sub(10)?..)?;
    national.starts_with(['6', '7', '8', '9']).then(|| format!("+91{national}"))
}

/// Whether two mobile numbers are the same line: their last ten digits agree.
pub fn same_mobile(a: &str, b: &str) -> bool {
    matches!((sms_number(a), sms_number(b)), (Some(x), Some(y)) if x == y)
}

/// A mobile number as a log or a screen shows it: its last three digits.
pub fn masked_mobile(mobile: &str) -> String {
    let digits: String = mobile.chars().filter(char::is_ascii_digit).collect();
    let last: String = digits.chars().rev().take(3).collect::<Vec<_>>().into_iter().rev().collect();
    format!("******{last}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> MessageValues {
        MessageValues {
            number: "GRV-2026-000042".into(),
            station: "Civil Lines".into(),
            status: "Closed".into(),
            date: "30-11-2026".into(),
            link: "https://portal.example/status".into(),
            message: "Accused arrested".into(),
            offence: "Rape (BNS 64)".into(),
            name: "Sunita Devi".into(),
            ..MessageValues::default()
        }
    }

    #[test]
    fn every_shipped_template_is_valid_and_every_sensitive_one_is_safe() {
        let shipped = shipped_templates();
        for t in &shipped {
            let form = SmsTemplateForm { text: Some(t.text.clone()), dlt_template_id: Some(t.dlt_template_id.clone()) };
            assert_eq!(SmsTemplate::parse(t.kind, t.language, t.sensitive, &form).as_ref(), Ok(t), "{t:?}");
            assert!(!t.sensitive || t.is_safe(), "{t:?}");
        }
        for kind in MessageKind::ALL {
            for language in Language::ALL {
                assert!(shipped.iter().any(|t| t.kind == kind && t.language == language && !t.sensitive));
                assert_eq!(shipped.iter().any(|t| t.kind == kind && t.language == language && t.sensitive), kind.has_sensitive_variant());
            }
        }
    }

    #[test]
    fn a_sensitive_message_holds_neither_the_offence_nor_a_name() {
        let settings = CitizenSettings::default();
        for kind in MessageKind::ALL.into_iter().filter(|k| k.has_sensitive_variant()) {
            for language in Language::ALL {
                let text = settings.template(kind, language, true).render(&values());
                assert!(!text.contains("Sunita") && !text.contains("Rape") && !text.contains("BNS 64") && !text.contains("Accused"), "{text}");
                assert!(text.contains("GRV-2026-000042"), "{text}");
            }
        }
        // Even a template whose text was changed by hand renders no unsafe value.
        let forced = SmsTemplate { text: "{number} {name} {offence}".into(), ..settings.template(MessageKind::Progress, Language::En, true) };
        assert_eq!(forced.render(&values()), "GRV-2026-000042  ");
    }

    #[test]
    fn templates_are_checked_for_what_they_hold() {
        let form = |text: &str, dlt: &str| SmsTemplateForm { text: Some(text.into()), dlt_template_id: Some(dlt.into()) };
        let errors = |r: Result<SmsTemplate>| match r.unwrap_err() {
            Error::Validation { fields, .. } => fields.into_iter().map(|(f, m)| (f, m.to_string())).collect::<Vec<_>>(),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            errors(SmsTemplate::parse(MessageKind::Progress, Language::En, true, &form("Case {number}: {message}", "1007000000000000099"))),
            [("text".to_string(), "A template for sensitive cases cannot hold {message}".to_string())]
        );
        assert_eq!(
            errors(SmsTemplate::parse(MessageKind::Closed, Language::En, false, &form("Case {number} closed", "12"))),
            [("dltTemplateId".to_string(), "Enter the template's DLT id: 10 to 30 digits".to_string()), ("text".to_string(), "The template must hold {link}".to_string())]
        );
        assert_eq!(
            errors(SmsTemplate::parse(MessageKind::Registered, Language::Hi, false, &form("{number} {victim}", "1007000000000000099"))),
            [("text".to_string(), "{victim} is not a placeholder a template may hold".to_string())]
        );
    }

    #[test]
    fn mobiles_are_read_as_their_last_ten_digits() {
        assert_eq!(sms_number("+91-98123 45678").as_deref(), Some("+919812345678"));
        assert_eq!(sms_number("09812345678").as_deref(), Some("+919812345678"));
        assert_eq!(sms_number("12345"), None);
        assert_eq!(sms_number("0112345678"), None, "a landline");
        assert!(same_mobile("98123 45678", "+919812345678"));
        assert!(!same_mobile("98123 45678", "98123 45679"));
        assert_eq!(masked_mobile("+91 98123 45678"), "******678");
    }
}
