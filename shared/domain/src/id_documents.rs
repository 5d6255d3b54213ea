//! A person's identity document as a case records it: its kind and number. The number is
//! personal data a station needs and nobody else should read off a screen, a file or a copy
//! of the store, so it is kept sealed like the two-factor secrets (a [`Sealer`]: AES-256-GCM
//! under a key kept apart from the store) and given to readers as its kind and last four
//! characters only, as the masked Aadhaar the UIDAI prescribes shows it. Only a reveal, with
//! a stated reason and audited, opens it.

use crate::Msg;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What seals and opens a secret kept in the store (`auth::sealing::SealingKey`).
pub trait Sealer: Send + Sync {
    /// `plain` sealed; a sealed value as it is.
    fn seal(&self, plain: &str) -> crate::Result<String>;
    /// The plain text of a sealed value.
    fn open(&self, sealed: &str) -> crate::Result<String>;
}

/// How a form sends back a kept number it was given masked: these, then its last four.
pub const MASK: &str = "********";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum IdKind {
    Aadhaar,
    VoterId,
    Pan,
    Passport,
    DrivingLicence,
    Other,
}

impl IdKind {
    pub const ALL: [IdKind; 6] = [IdKind::Aadhaar, IdKind::VoterId, IdKind::Pan, IdKind::Passport, IdKind::DrivingLicence, IdKind::Other];

    pub fn as_str(self) -> &'static str {
        match self {
            IdKind::Aadhaar => "aadhaar",
            IdKind::VoterId => "voter_id",
            IdKind::Pan => "pan",
            IdKind::Passport => "passport",
            IdKind::DrivingLicence => "driving_licence",
            IdKind::Other => "other",
        }
    }

    pub fn parse(text: &str) -> Option<IdKind> {
        let text = text.trim().to_lowercase();
        IdKind::ALL.into_iter().find(|k| k.as_str() == text)
    }

    /// The number as kept: spaces and hyphens taken out of an Aadhaar number, capitals for
    /// the others; the form's message when it is not one of this kind.
    pub fn number(self, typed: &str) -> Result<String, Msg> {
        let compact: String = typed.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase();
        match self {
            // 12 digits, the first neither 0 nor 1 (UIDAI).
            IdKind::Aadhaar => {
                let digits: String = compact.chars().filter(|c| *c != '-').collect();
                let fits = digits.len() == 12 && digits.chars().all(|c| c.is_ascii_digit()) && !digits.starts_with(['0', '1']);
                fits.then_some(digits).ok_or(Msg::AadhaarInvalid)
            }
            // Five letters, four digits, a letter (the Income Tax Department's form).
            IdKind::Pan => {
                let c: Vec<char> = compact.chars().collect();
                let fits = c.len() == 10 && c[..5].iter().all(char::is_ascii_uppercase) && c[5..9].iter().all(char::is_ascii_digit) && c[9].is_ascii_uppercase();
                fits.then_some(compact).ok_or(Msg::PanInvalid)
            }
            _ => {
                let fits = (4..=30).contains(&compact.chars().count()) && compact.chars().all(|c| c.is_ascii_alphanumeric() || c == '/' || c == '-');
                fits.then_some(compact).ok_or(Msg::IdNumberInvalid)
            }
        }
    }
}

/// An identity document of a person in a case. In the store `number` is sealed; in an answer
/// it is empty (`last_four` says which document it is), but in a reveal's, where it is plain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct IdDocument {
    pub kind: IdKind,
    /// The number's last four characters.
    pub last_four: String,
    /// Sealed where kept; empty where given, but in a reveal.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub number: String,
}

impl IdDocument {
    /// A document of a number as typed (checked, then kept whole until it is sealed).
    pub fn typed(kind: IdKind, number: String) -> IdDocument {
        let chars: Vec<char> = number.chars().collect();
        let last_four = chars[chars.len().saturating_sub(4)..].iter().collect();
        IdDocument { kind, last_four, number }
    }

    /// A kept document a form sent back as it was given (its number masked): which one it
    /// is, to be taken from the case (`cases::identity::parties_after_edit`).
    pub fn kept(kind: IdKind, last_four: String) -> IdDocument {
        IdDocument { kind, last_four, number: String::new() }
    }

    /// Whether it stands for a kept document rather than a number typed.
    pub fn is_kept_marker(&self) -> bool {
        self.number.is_empty()
    }

    /// As a reader is given it: kind and last four.
    pub fn masked(&self) -> IdDocument {
        IdDocument { number: String::new(), ..self.clone() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_checked_in_its_own_form() {
        assert_eq!(IdKind::Aadhaar.number("2345 6789-0123"), Ok("234567890123".to_string()));
        for wrong in ["1234 5678 9012", "23456789012", "2345678901234", "2345 6789 012a"] {
            assert_eq!(IdKind::Aadhaar.number(wrong), Err(Msg::AadhaarInvalid), "{wrong}");
        }
        assert_eq!(IdKind::Pan.number("abcde1234f"), Ok("ABCDE1234F".to_string()));
        assert_eq!(IdKind::Pan.number("ABCD12345F"), Err(Msg::PanInvalid));
        assert_eq!(IdKind::VoterId.number("abc 1234567"), Ok("ABC1234567".to_string()));
        assert_eq!(IdKind::DrivingLicence.number("DL-0420110149646"), Ok("DL-0420110149646".to_string()));
        assert_eq!(IdKind::Other.number("ab"), Err(Msg::IdNumberInvalid));
        assert_eq!(IdKind::Other.number("RATION*12"), Err(Msg::IdNumberInvalid), "a mask is never a number");
        assert_eq!(IdKind::parse(" Driving_Licence "), Some(IdKind::DrivingLicence));
        let doc = IdDocument::typed(IdKind::Aadhaar, "234567890123".into());
        assert_eq!((doc.last_four.as_str(), doc.masked().number.as_str()), ("0123", ""));
        assert!(doc.masked().is_kept_marker() && !doc.is_kept_marker());
    }
}
