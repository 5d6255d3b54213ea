//! Password rules: required, 6 to 256 characters. The two screens word the length rule
//! differently, and the server answers with the words of the screen that asked.

use crate::messages::Msg;

/// A password that satisfies the rules; it cannot be built otherwise.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(***)")
    }
}

pub const MIN_LENGTH: usize = 6;
pub const MAX_LENGTH: usize = 256;

impl NewPassword {
    /// The rules of "Change own password" (Profile screen).
    pub fn for_change(raw: &str) -> Result<NewPassword, Msg> {
        if raw.trim().is_empty() {
            return Err(Msg::NewPasswordRequired);
        }
        Self::checked(raw, Msg::PasswordTooShort)
    }

    /// The rules of "Admin reset password" and of a new user's first password.
    pub fn for_reset(raw: &str) -> Result<NewPassword, Msg> {
        if raw.trim().is_empty() {
            return Err(Msg::NewPasswordMissing);
        }
        Self::checked(raw, Msg::PasswordTooShortLong)
    }

    fn checked(raw: &str, too_short: Msg) -> Result<NewPassword, Msg> {
        let length = raw.chars().count();
        if length < MIN_LENGTH {
            return Err(too_short);
        }
        if length > MAX_LENGTH {
            return Err(Msg::PasswordTooLong);
        }
        Ok(NewPassword(raw.to_string()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn change_and_reset_speak_as_their_screens_do() {
        assert_eq!(NewPassword::for_change("12345").unwrap_err(), "Password must be at least 6 characters");
        assert_eq!(NewPassword::for_reset("12345").unwrap_err(), "Password must be at least 6 characters long");
        assert_eq!(NewPassword::for_reset("   ").unwrap_err(), "Please enter a new password");
        assert_eq!(NewPassword::for_change("").unwrap_err(), "New password is required");
    }

    #[test]
    fn six_characters_are_enough_and_count_as_characters_not_bytes() {
        assert!(NewPassword::for_change("123456").is_ok());
        assert!(NewPassword::for_change("पासवर्ड").is_ok());
        assert!(NewPassword::for_change("पासव").is_err());
        assert_eq!(NewPassword::for_change(&"x".repeat(257)).unwrap_err(), "Password must be at most 256 characters");
    }

    #[test]
    fn the_debug_form_never_shows_the_password() {
        assert_eq!(format!("{:?}", NewPassword::for_change("secret-pass").unwrap()), "NewPassword(***)");
    }
}
