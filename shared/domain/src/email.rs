use crate::messages::Msg;
use std::fmt;

/// An email address as the portal keeps it: trimmed and lower-cased, so that uniqueness and
/// sign-in never depend on how someone typed the capitals.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Email, Msg> {
        let email = raw.trim().to_lowercase();
        if email.is_empty() {
            return Err(Msg::EmailRequired);
        }
        let valid = email.len() <= 254
            && !email.chars().any(|c| c.is_whitespace() || c.is_control())
            && match email.split_once('@') {
                Some((local, domain)) => !local.is_empty() && !domain.is_empty() && !domain.contains('@') && domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.'),
                None => false,
            };
        if valid {
            Ok(Email(email))
        } else {
            Err(Msg::EmailInvalid)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capitals_and_spaces_do_not_make_another_address() {
        assert_eq!(Email::parse("  Officer.Rao@Police.GOV.in ").unwrap().as_str(), "officer.rao@police.gov.in");
    }

    #[test]
    fn malformed_addresses_are_refused_with_a_message() {
        assert_eq!(Email::parse("   "), Err(Msg::EmailRequired));
        for bad in ["rao", "rao@", "@police.in", "rao@police", "r ao@police.in", "a@b@c.in", "rao@.in"] {
            assert_eq!(Email::parse(bad), Err(Msg::EmailInvalid), "{bad}");
        }
    }
}
