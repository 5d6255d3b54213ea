//! The people in a case: the complainant or informant, victims, accused and witnesses, each
//! as the station records them (name, relation, gender, age or date of birth, mobile, email,
//! address), parsed from the form with the form's messages; and the
//! one rule that protects a victim's identity.
//!
//! **BNS s.72(1)** makes it an offence to print or publish the name or any matter which may
//! make known the identity of a person against whom an offence under s.64 to s.71 is alleged
//! or found to have been committed; **POCSO s.23** forbids disclosing a child victim's
//! identity; and the Supreme Court (Nipun Saxena v Union of India, 2018) extended it to
//! disclosure "even in a remote manner". On a sensitive case ([`crate::law::sensitivity`]) a
//! victim's name, relation, address, mobile and email are for holders of
//! "view sensitive identities" only: [`Party::protected`] is what everyone else is given.

use crate::day::Day;
use crate::email::Email;
use crate::id_documents::{IdDocument, IdKind};
use crate::messages::Msg;
use crate::wire::{Scalar, Sent, Text};
use crate::FieldErrors;
use serde::{Deserialize, Serialize};
use time::Date;
use utoipa::ToSchema;

/// What is shown in place of a protected identity, in every answer, file and record.
pub const IDENTITY_PROTECTED: &str = "Identity protected (BNS s.72)";

/// The most people a case lists.
pub const MAX_PARTIES: usize = 50;
/// The longest name and relation name, in characters.
pub const NAME_MAX: usize = 200;
/// The longest address, in characters.
pub const ADDRESS_MAX: usize = 500;
/// The oldest age the form takes.
pub const AGE_MAX: u8 = 120;

/// A person's part in the case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PartyRole {
    /// Who gave the information: the complainant or informant (BNSS s.173).
    Complainant,
    Victim,
    Accused,
    Witness,
}

impl PartyRole {
    pub const ALL: [PartyRole; 4] = [PartyRole::Complainant, PartyRole::Victim, PartyRole::Accused, PartyRole::Witness];

    pub fn as_str(self) -> &'static str {
        match self {
            PartyRole::Complainant => "complainant",
            PartyRole::Victim => "victim",
            PartyRole::Accused => "accused",
            PartyRole::Witness => "witness",
        }
    }

    pub fn parse(text: &str) -> Option<PartyRole> {
        PartyRole::ALL.into_iter().find(|r| r.as_str() == text.trim().to_lowercase())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Gender {
    Female,
    Male,
    Transgender,
}

impl Gender {
    fn parse(text: &str) -> Option<Gender> {
        match text.trim().to_lowercase().as_str() {
            "female" => Some(Gender::Female),
            "male" => Some(Gender::Male),
            "transgender" => Some(Gender::Transgender),
            _ => None,
        }
    }
}

/// Whose son, daughter, wife or ward a person is, as an FIR names them ("S/o", "W/o", "C/o").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    Father,
    Mother,
    Husband,
    Guardian,
}

impl Relation {
    fn parse(text: &str) -> Option<Relation> {
        match text.trim().to_lowercase().as_str() {
            "father" => Some(Relation::Father),
            "mother" => Some(Relation::Mother),
            "husband" => Some(Relation::Husband),
            "guardian" => Some(Relation::Guardian),
            _ => None,
        }
    }
}

/// A mobile number as the portal keeps it: `+` and the country code, then the number
/// (E.164). An Indian number is typed as its ten digits (starting 6 to 9), with 0, 91 or +91
/// before them, spaces and hyphens anywhere; another country's starts with `+` and has 8 to
/// 15 digits in all. A form's number becomes one through [`Mobile::parse`] only.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct Mobile(String);

impl Mobile {
    pub fn parse(text: &str) -> std::result::Result<Mobile, Msg> {
        let text = text.trim();
        let international = text.starts_with('+');
        let rest = text.strip_prefix('+').unwrap_or(text);
        if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit() || c == ' ' || c == '-') {
            return Err(Msg::MobileInvalid);
        }
        let digits: String = rest.chars().filter(char::is_ascii_digit).collect();
        let indian = |ten: &str| (ten.len() == 10 && matches!(ten.as_bytes()[0], b'6'..=b'9')).then(|| Mobile(format!("+91{ten}")));
        let found = match (international, digits.len()) {
            (false, 10) => indian(&digits),
            (false, 11) if digits.starts_with('0') => indian(&digits[1..]),
            (false, 12) if digits.starts_with("91") => indian(&digits[2..]),
            (true, _) if digits.starts_with("91") => indian(&digits[2..]),
            (true, 8..=15) if !digits.starts_with('0') => Some(Mobile(format!("+{digits}"))),
            _ => None,
        };
        found.ok_or(Msg::MobileInvalid)
    }

    /// The digits a search for it may be typed with: its last ten (an Indian number without
    /// its country code), or the whole.
    pub fn search_key(&self) -> &str {
        let digits = &self.0[1..];
        &digits[digits.len().saturating_sub(10)..]
    }
}

crate::text_type!(Mobile);

/// One person in the case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Party {
    pub role: PartyRole,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relation: Option<Relation>,
    /// The father's, mother's, husband's or guardian's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relation_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gender: Option<Gender>,
    /// Years, as told (when the date of birth is not known).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub age: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub date_of_birth: Option<Day>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub mobile: Option<Mobile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    /// An identity document (`crate::id_documents`): sealed where kept, given as its kind and
    /// last four characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id_document: Option<IdDocument>,
    /// Set on the copy given to a reader who may not see this victim's identity: its name,
    /// relation name and address read [`IDENTITY_PROTECTED`], and its mobile, email and date
    /// of birth are left out. Never stored.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub identity_protected: bool,
}

impl Party {
    /// The party as a reader without "view sensitive identities" may see it on a sensitive
    /// case: a victim's identity replaced (what remains: role, gender and age, which identify
    /// no one); anyone else as they are.
    pub fn protected(&self) -> Party {
        if self.role != PartyRole::Victim {
            return self.clone();
        }
        let marker = || Some(IDENTITY_PROTECTED.to_string());
        Party {
            role: self.role,
            name: IDENTITY_PROTECTED.to_string(),
            relation: None,
            relation_name: self.relation_name.as_ref().and(marker()),
            gender: self.gender,
            age: self.age,
            date_of_birth: None,
            mobile: None,
            email: None,
            address: self.address.as_ref().and(marker()),
            id_document: None,
            identity_protected: true,
        }
    }

    /// The party with its identity document given as its kind and last four characters.
    pub fn document_masked(&self) -> Party {
        Party { id_document: self.id_document.as_ref().map(IdDocument::masked), ..self.clone() }
    }

    /// Every text of the party a search may match: its name and relation name, and its mobile
    /// by its last ten digits (for a complainant, the first thing asked at a station desk).
    pub fn search_texts(&self) -> Vec<&str> {
        let mut texts = vec![self.name.as_str()];
        texts.extend(self.relation_name.as_deref());
        texts.extend(self.mobile.as_ref().map(Mobile::search_key));
        texts
    }
}

/// The parties as a reader may see them: identity documents masked for every reader, and on a
/// sensitive case, without "view sensitive identities", each victim protected.
pub fn as_seen(parties: &[Party], sensitive: bool, may_see_identities: bool) -> Vec<Party> {
    if !sensitive || may_see_identities {
        return parties.iter().map(Party::document_masked).collect();
    }
    parties.iter().map(|p| Party::protected(p).document_masked()).collect()
}

/// The people as one line of text, as given (protect them first): "Complainant: Ram Lal,
/// age 52, +919876543210; Victim: Identity protected (BNS s.72), age 17"; nothing when
/// there are none. What the audit trail and the exports show of them.
pub fn cite(parties: &[Party]) -> Option<String> {
    let cited: Vec<String> = parties
        .iter()
        .map(|p| {
            let mut about = vec![p.name.clone()];
            about.extend(p.relation_name.clone());
            about.extend(p.age.map(|a| format!("age {a}")));
            about.extend(p.mobile.as_ref().map(|m| m.to_string()));
            about.extend(p.email.clone());
            about.extend(p.address.clone());
            let role = match p.role {
                PartyRole::Complainant => "Complainant",
                PartyRole::Victim => "Victim",
                PartyRole::Accused => "Accused",
                PartyRole::Witness => "Witness",
            };
            format!("{role}: {}", about.join(", "))
        })
        .collect();
    (!cited.is_empty()).then(|| cited.join("; "))
}

/// A search text that reads as a mobile number as a desk types it ("98123 45678",
/// "+91-98123-45678"): its digits as [`findable_text`] keeps them, the last ten. `None` for
/// any other text, which is searched as typed.
pub fn mobile_search(text: &str) -> Option<String> {
    let typed = text.trim();
    if !typed.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '+')) {
        return None;
    }
    let digits: String = typed.chars().filter(char::is_ascii_digit).collect();
    (digits.len() >= 10 && digits != typed).then(|| digits[digits.len() - 10..].to_string())
}

/// Between two texts of [`findable_text`]: a character no one types, so that no search spans
/// two people or two fields.
const FINDABLE_SEPARATOR: char = '\u{1f}';

/// What a search of the case list may find of the people in a case: each one's
/// [`Party::search_texts`], lower-cased, except a sensitive case's victims, whom no search
/// may tie to their case (BNS s.72), whoever searches. `None` when nothing is findable.
pub fn findable_text(parties: &[Party], sensitive: bool) -> Option<String> {
    let texts: Vec<String> = parties
        .iter()
        .filter(|p| !(sensitive && p.role == PartyRole::Victim))
        .flat_map(Party::search_texts)
        .map(str::to_lowercase)
        .collect();
    (!texts.is_empty()).then(|| texts.join(&FINDABLE_SEPARATOR.to_string()))
}

/// The fewest and the most characters of the reason a protected identity is revealed for.
pub const REVEAL_REASON_MIN: usize = 10;
pub const REVEAL_REASON_MAX: usize = 500;

/// The reason a holder of "view sensitive identities" states to reveal one: trimmed, at
/// least [`REVEAL_REASON_MIN`] characters, at most [`REVEAL_REASON_MAX`].
pub fn reveal_reason(sent: &Sent<Text>) -> crate::Result<String> {
    stated_reason(sent, Msg::RevealReasonRequired { min: REVEAL_REASON_MIN.to_string() })
}

/// The reason an officer states for marking a case (sensitive, withheld from publication) or
/// clearing the mark, as long as a reveal's.
pub fn marking_reason(sent: &Sent<Text>) -> crate::Result<String> {
    stated_reason(sent, Msg::MarkReasonRequired { min: REVEAL_REASON_MIN.to_string() })
}

fn stated_reason(sent: &Sent<Text>, too_short: Msg) -> crate::Result<String> {
    let mut errors = FieldErrors::default();
    let reason = text(&mut errors, "reason", sent, REVEAL_REASON_MAX).unwrap_or_default();
    if !errors.contains("reason") && reason.chars().count() < REVEAL_REASON_MIN {
        errors.add("reason", too_short);
    }
    errors.finish().map(|()| reason)
}

/// One person as the form sends them.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct PartyForm {
    #[serde(default)]
    #[schema(value_type = String)]
    pub role: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = String)]
    pub name: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub relation: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub relation_name: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub gender: Sent<Text>,
    /// Whole years, as a number or its digits.
    #[serde(default)]
    #[schema(value_type = Option<u8>)]
    pub age: Sent<Scalar>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub date_of_birth: Sent<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub mobile: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub email: Sent<Text>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub address: Sent<Text>,
    /// aadhaar, voter_id, pan, passport, driving_licence or other.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub id_document_kind: Sent<Text>,
    /// As printed; a kept number sent back as it was given (`id_documents::MASK` and its
    /// last four) keeps it.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub id_document_number: Sent<Text>,
    /// A kept document sent back as an answer gave it (its kind and last four), which keeps
    /// it, when the two fields above are left out.
    #[serde(default)]
    pub id_document: Option<GivenDocument>,
}

/// An identity document as an answer gives it, sent back.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct GivenDocument {
    pub kind: IdKind,
    pub last_four: String,
}

/// A text field of a party: trimmed, blank as none, at most `max` characters.
fn text(errors: &mut FieldErrors, field: &str, sent: &Sent<Text>, max: usize) -> Option<String> {
    let value = match sent {
        Sent::Absent | Sent::Null => return None,
        Sent::Given(Text(t)) => t.trim().to_string(),
        Sent::Unusable => {
            errors.add(field, Msg::FieldNotText { field: field.to_string() });
            return None;
        }
    };
    if value.chars().count() > max {
        errors.add(field, Msg::FieldTooLong { field: field.to_string(), max: max.to_string() });
    }
    Some(value).filter(|v| !v.is_empty())
}

/// A choice among fixed values: none when blank, the form's message when not one of them.
fn choice<T>(errors: &mut FieldErrors, field: &str, sent: &Sent<Text>, parse: fn(&str) -> Option<T>, wrong: Msg) -> Option<T> {
    let given = text(errors, field, sent, NAME_MAX)?;
    let found = parse(&given);
    if found.is_none() {
        errors.add(field, wrong);
    }
    found
}

impl PartyForm {
    /// The person, checked on `today` (a date of birth cannot be after it); each problem is
    /// added to `errors` under `parties.{index}.{field}`, the form's field for it.
    pub fn parse(&self, index: usize, today: Date, errors: &mut FieldErrors) -> Option<Party> {
        let at = |field: &str| format!("parties.{index}.{field}");
        let before = errors.len();
        let role = choice(errors, &at("role"), &self.role, PartyRole::parse, Msg::PartyRoleInvalid);
        if role.is_none() && !errors.contains(&at("role")) {
            errors.add(&at("role"), Msg::PartyRoleInvalid);
        }
        let name = text(errors, &at("name"), &self.name, NAME_MAX);
        if name.is_none() && !errors.contains(&at("name")) {
            errors.add(&at("name"), Msg::FieldRequired { label: "Name".into() });
        }
        let relation = choice(errors, &at("relation"), &self.relation, Relation::parse, Msg::PartyRelationInvalid);
        let relation_name = text(errors, &at("relation_name"), &self.relation_name, NAME_MAX);
        let gender = choice(errors, &at("gender"), &self.gender, Gender::parse, Msg::PartyGenderInvalid);
        let age = match &self.age {
            Sent::Absent | Sent::Null => None,
            Sent::Given(Scalar::Text(t)) if t.trim().is_empty() => None,
            Sent::Given(s) => match s.whole_number().filter(|n| (0..=i64::from(AGE_MAX)).contains(n)) {
                Some(n) => Some(n as u8),
                None => {
                    errors.add(&at("age"), Msg::PartyAgeInvalid { max: AGE_MAX.to_string() });
                    None
                }
            },
            Sent::Unusable => {
                errors.add(&at("age"), Msg::PartyAgeInvalid { max: AGE_MAX.to_string() });
                None
            }
        };
        let date_of_birth = match self.date_of_birth.trimmed() {
            blank if blank.is_empty() => None,
            given => match Day::parse(&given) {
                Some(day) if day.date().is_some_and(|d| d <= today) => Some(day),
                Some(_) => {
                    errors.add(&at("date_of_birth"), Msg::PartyBornAfterToday);
                    None
                }
                None => {
                    errors.add(&at("date_of_birth"), Msg::FieldDateInvalid { label: "Date of Birth".into() });
                    None
                }
            },
        };
        let mobile = text(errors, &at("mobile"), &self.mobile, 40).and_then(|m| errors.check(&at("mobile"), Mobile::parse(&m)));
        let email = text(errors, &at("email"), &self.email, 254).and_then(|e| errors.check(&at("email"), Email::parse(&e).map(|e| e.as_str().to_string())));
        let address = text(errors, &at("address"), &self.address, ADDRESS_MAX);
        let id_document = self.id_document(&at, errors);
        if errors.len() > before {
            return None;
        }
        Some(Party {
            role: role?,
            name: name?,
            relation,
            relation_name,
            gender,
            age,
            date_of_birth,
            mobile,
            email,
            address,
            id_document,
            identity_protected: false,
        })
    }

    /// The identity document: none when neither field is filled; its kind and a number of
    /// that kind otherwise, or a kept number sent back masked.
    fn id_document(&self, at: &dyn Fn(&str) -> String, errors: &mut FieldErrors) -> Option<IdDocument> {
        let kind = choice(errors, &at("id_document_kind"), &self.id_document_kind, IdKind::parse, Msg::IdKindInvalid);
        let number = text(errors, &at("id_document_number"), &self.id_document_number, 60);
        match (kind, number) {
            (None, None) if !errors.contains(&at("id_document_kind")) => self.id_document.as_ref().map(|given| IdDocument::kept(given.kind, given.last_four.clone())),
            (None, None) => None,
            (None, Some(_)) => {
                if !errors.contains(&at("id_document_kind")) {
                    errors.add(&at("id_document_kind"), Msg::IdKindInvalid);
                }
                None
            }
            (Some(_), None) => {
                if !errors.contains(&at("id_document_number")) {
                    errors.add(&at("id_document_number"), Msg::IdNumberRequired);
                }
                None
            }
            (Some(kind), Some(number)) => match number.strip_prefix(crate::id_documents::MASK) {
                Some(last_four) => Some(IdDocument::kept(kind, last_four.to_string())),
                None => errors.check(&at("id_document_number"), kind.number(&number)).map(|n| IdDocument::typed(kind, n)),
            },
        }
    }

    /// Whether every field was left empty: the form's spare row, dropped.
    pub fn is_blank(&self) -> bool {
        let blank = |s: &Sent<Text>| match s {
            Sent::Given(Text(t)) => t.trim().is_empty(),
            Sent::Absent | Sent::Null => true,
            Sent::Unusable => false,
        };
        [&self.role, &self.name, &self.relation, &self.relation_name, &self.gender, &self.mobile, &self.email, &self.address, &self.id_document_kind, &self.id_document_number]
            .into_iter()
            .all(blank)
            && matches!(&self.age, Sent::Absent | Sent::Null)
            && self.date_of_birth.trimmed().is_empty()
    }
}

/// The people of a form: blank rows dropped, at most [`MAX_PARTIES`], each parsed.
pub fn parse_parties(forms: &[Sent<PartyForm>], today: Date, errors: &mut FieldErrors) -> Vec<Party> {
    let rows: Vec<(usize, &PartyForm)> = forms
        .iter()
        .enumerate()
        .filter_map(|(i, f)| match f {
            Sent::Given(form) => (!form.is_blank()).then_some((i, form)),
            Sent::Unusable => {
                errors.add(&format!("parties.{i}"), Msg::PartiesNotList);
                None
            }
            Sent::Absent | Sent::Null => None,
        })
        .collect();
    if rows.len() > MAX_PARTIES {
        errors.add("parties", Msg::TooManyParties { max: MAX_PARTIES.to_string() });
        return Vec::new();
    }
    rows.into_iter().filter_map(|(i, form)| form.parse(i, today, errors)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(json: serde_json::Value) -> PartyForm {
        serde_json::from_value(json).unwrap()
    }

    fn today() -> Date {
        crate::day::parse_date("2026-11-30").unwrap()
    }

    #[test]
    fn indian_mobiles_are_kept_with_their_country_code_and_others_as_typed() {
        for typed in ["9876543210", "98765 43210", "098765-43210", "919876543210", "+91 98765 43210", "+919876543210"] {
            assert_eq!(Mobile::parse(typed).map(|m| m.to_string()), Ok("+919876543210".to_string()), "{typed}");
        }
        assert_eq!(Mobile::parse("+44 7700 900123").map(|m| m.to_string()), Ok("+447700900123".to_string()));
        for wrong in ["", "12345", "5876543210", "98765432101", "+91 5876543210", "98765x43210", "+0123456789", "+1234567", "++919876543210"] {
            assert_eq!(Mobile::parse(wrong), Err(Msg::MobileInvalid), "{wrong}");
        }
        assert_eq!(Mobile::parse("9876543210").unwrap().search_key(), "9876543210");
        assert_eq!(Mobile::parse("+447700900123").unwrap().search_key(), "7700900123");
    }

    #[test]
    fn a_person_is_read_with_the_forms_messages_under_their_row() {
        let mut errors = FieldErrors::default();
        let victim = form(serde_json::json!({"role": "Victim", "name": "  Asha Devi ", "relation": "father", "relation_name": "Ram Lal",
            "gender": "female", "age": "17", "mobile": "98765 43210", "email": "Asha@Example.IN", "address": "Ward 4, Civil Lines"}))
        .parse(2, today(), &mut errors)
        .unwrap();
        assert!(errors.is_empty());
        assert_eq!((victim.role, victim.name.as_str(), victim.age, victim.email.as_deref()), (PartyRole::Victim, "Asha Devi", Some(17), Some("asha@example.in")));
        assert_eq!(victim.mobile.as_ref().map(Mobile::as_str), Some("+919876543210"));

        let mut errors = FieldErrors::default();
        let wrong = form(serde_json::json!({"role": "suspect", "age": 130, "date_of_birth": "2027-01-01", "mobile": "12345",
            "email": "not-an-email", "gender": "x"}));
        assert_eq!(wrong.parse(0, today(), &mut errors), None);
        let fields: Vec<(String, Msg)> = errors.into_iter().collect();
        assert_eq!(fields, vec![
            ("parties.0.age".to_string(), Msg::PartyAgeInvalid { max: "120".into() }),
            ("parties.0.date_of_birth".to_string(), Msg::PartyBornAfterToday),
            ("parties.0.email".to_string(), Msg::EmailInvalid),
            ("parties.0.gender".to_string(), Msg::PartyGenderInvalid),
            ("parties.0.mobile".to_string(), Msg::MobileInvalid),
            ("parties.0.name".to_string(), Msg::FieldRequired { label: "Name".into() }),
            ("parties.0.role".to_string(), Msg::PartyRoleInvalid),
        ]);
    }

    #[test]
    fn a_reveal_states_its_reason() {
        let sent = |t: &str| Sent::Given(Text(t.to_string()));
        assert_eq!(reveal_reason(&sent("  Charge sheet to be filed in court  ")), Ok("Charge sheet to be filed in court".to_string()));
        for short in [Sent::Absent, sent("   "), sent("court")] {
            assert_eq!(reveal_reason(&short), Err(crate::Error::field("reason", Msg::RevealReasonRequired { min: "10".into() })));
        }
    }

    #[test]
    fn blank_rows_are_dropped_and_a_case_lists_at_most_fifty() {
        let row = |name: &str| Sent::Given(form(serde_json::json!({"role": "witness", "name": name})));
        let mut errors = FieldErrors::default();
        let forms = vec![row("A"), Sent::Given(form(serde_json::json!({"name": " ", "mobile": ""}))), row("B")];
        let parties = parse_parties(&forms, today(), &mut errors);
        assert_eq!(parties.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["A", "B"]);
        let many: Vec<Sent<PartyForm>> = (0..=MAX_PARTIES).map(|i| row(&format!("P{i}"))).collect();
        let mut errors = FieldErrors::default();
        assert!(parse_parties(&many, today(), &mut errors).is_empty());
        assert_eq!(errors.into_iter().collect::<Vec<_>>(), vec![("parties".to_string(), Msg::TooManyParties { max: "50".into() })]);
    }

    #[test]
    fn a_victims_identity_is_protected_and_no_one_elses() {
        let mut errors = FieldErrors::default();
        let victim = form(serde_json::json!({"role": "victim", "name": "Asha Devi", "relation": "father", "relation_name": "Ram Lal", "gender": "female", "age": 17,
            "date_of_birth": "2009-05-01", "mobile": "9876543210", "email": "asha@example.in", "address": "Ward 4"}))
        .parse(0, today(), &mut errors)
        .unwrap();
        let accused = form(serde_json::json!({"role": "accused", "name": "Vikram", "mobile": "9812345678"})).parse(1, today(), &mut errors).unwrap();
        let seen = as_seen(&[victim.clone(), accused.clone()], true, false);
        let shown = serde_json::to_string(&seen).unwrap();
        for identifying in ["Asha", "Ram Lal", "9876543210", "asha@example.in", "Ward 4", "2009-05-01", "father"] {
            assert!(!shown.contains(identifying), "{identifying} in {shown}");
        }
        assert_eq!((seen[0].name.as_str(), seen[0].relation_name.as_deref(), seen[0].address.as_deref()), (IDENTITY_PROTECTED, Some(IDENTITY_PROTECTED), Some(IDENTITY_PROTECTED)));
        assert_eq!((seen[0].gender, seen[0].age, seen[0].identity_protected), (Some(Gender::Female), Some(17), true));
        assert_eq!(seen[1], accused, "the accused as recorded");
        assert_eq!(as_seen(&[victim.clone()], true, true), vec![victim.clone()], "a holder sees the identity");
        assert_eq!(as_seen(&[victim.clone()], false, false), vec![victim], "a case that is not sensitive");
    }

    #[test]
    fn a_search_finds_the_people_of_a_case_but_never_a_sensitive_cases_victim() {
        let mut errors = FieldErrors::default();
        let victim = form(serde_json::json!({"role": "victim", "name": "Asha Devi", "relation": "father", "relation_name": "Ram Lal", "mobile": "9876543210"}))
            .parse(0, today(), &mut errors)
            .unwrap();
        let complainant = form(serde_json::json!({"role": "complainant", "name": "Sunita KUMARI", "mobile": "+91 98123 45678"})).parse(1, today(), &mut errors).unwrap();
        let both = [victim.clone(), complainant.clone()];
        let open = findable_text(&both, false).unwrap();
        assert_eq!(open, "asha devi\u{1f}ram lal\u{1f}9876543210\u{1f}sunita kumari\u{1f}9812345678");
        let sensitive = findable_text(&both, true).unwrap();
        assert_eq!(sensitive, "sunita kumari\u{1f}9812345678", "the complainant stays findable");
        assert_eq!(findable_text(&[victim], true), None);
        assert_eq!(findable_text(&[], false), None);
        for typed in ["98123 45678", "+91 98123-45678", " 0 98123 45678 "] {
            assert_eq!(mobile_search(typed).as_deref(), Some("9812345678"), "{typed}");
        }
        for other in ["9812345678", "2025-0001", "KOT/2025/12", "98123", "Ram Lal"] {
            assert_eq!(mobile_search(other), None, "{other}");
        }
    }
}
