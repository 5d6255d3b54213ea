//! The second factor: time-based one-time passwords (RFC 6238: HMAC-SHA-1, six digits, 30 s
//! steps), which any authenticator app produces, and one-time recovery codes for a lost
//! phone. A code is accepted one step either side of now (a clock a little off), and never
//! twice: the last step used is kept, and an older or equal one is refused.

use domain::Msg;
use crate::port::{Accounts, Outcome, UserRecord};
pub use crate::port::TwoFactor;
use crate::TokenKeys;
use domain::{Error, Result};
use sha2::{Digest, Sha256};
use totp_rs::{Algorithm, Secret, TOTP};

pub const ISSUER: &str = "Grievance Portal";
const STEP_SECONDS: u64 = 30;
const RECOVERY_CODES: usize = 10;

fn totp(secret_base32: &str, account: &str) -> Result<TOTP> {
    let bytes = Secret::Encoded(secret_base32.to_string()).to_bytes().map_err(|e| Error::internal(format!("{e:?}")))?;
    TOTP::new(Algorithm::SHA1, 6, 1, STEP_SECONDS, bytes, Some(ISSUER.to_string()), account.to_string()).map_err(Error::internal)
}

/// A new key for an authenticator app: its base32 text and the otpauth:// address a QR code
/// carries.
pub fn new_key(account: &str) -> Result<(String, String)> {
    let Secret::Encoded(secret) = Secret::generate_secret().to_encoded() else { unreachable!("to_encoded encodes") };
    let url = totp(&secret, account)?.get_url();
    Ok((secret, url))
}

/// The time step a six-digit `code` belongs to, one step either side of `now`.
pub fn step_of(secret_base32: &str, code: &str, now: u64) -> Result<Option<u64>> {
    let code = code.trim();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let totp = totp(secret_base32, "")?;
    let current = now / STEP_SECONDS;
    Ok([current.saturating_sub(1), current, current + 1].into_iter().find(|step| totp.generate(step * STEP_SECONDS) == code))
}

/// The code an app shows at `now` (for tests and the command line).
pub fn code_at(secret_base32: &str, now: u64) -> Result<String> {
    Ok(totp(secret_base32, "")?.generate(now))
}

fn hash(code: &str) -> String {
    hex::encode(Sha256::digest(code.trim().to_lowercase().as_bytes()))
}

/// Ten recovery codes (`xxxx-xxxx`, 40 bits each): the codes to show once, and their hashes to keep.
pub fn new_recovery_codes() -> (Vec<String>, Vec<String>) {
    use rand::Rng;
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut rng = rand::rngs::OsRng;
    let codes: Vec<String> = (0..RECOVERY_CODES)
        .map(|_| {
            let part = |rng: &mut rand::rngs::OsRng| (0..4).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect::<String>();
            format!("{}-{}", part(&mut rng), part(&mut rng))
        })
        .collect();
    let hashes = codes.iter().map(|c| hash(c)).collect();
    (codes, hashes)
}

/// How a code checked out.
#[derive(Debug, PartialEq)]
pub enum Checked {
    /// A fresh app code, or an unused recovery code: the state to keep from now on.
    Accepted(TwoFactor),
    Invalid,
    Reused,
}

/// Checks a sign-in code against an enabled second factor: an app code of a step later than
/// the last one used, or an unused recovery code (which is then used up).
pub fn check(state: &TwoFactor, code: &str, now: u64) -> Result<Checked> {
    let Some(secret) = state.secret.as_deref().filter(|_| state.enabled) else { return Ok(Checked::Invalid) };
    if let Some(step) = step_of(secret, code, now)? {
        if step <= state.last_step {
            return Ok(Checked::Reused);
        }
        return Ok(Checked::Accepted(TwoFactor { last_step: step, ..state.clone() }));
    }
    let hashed = hash(code);
    if state.recovery_codes.contains(&hashed) {
        let recovery_codes = state.recovery_codes.iter().filter(|h| **h != hashed).cloned().collect();
        return Ok(Checked::Accepted(TwoFactor { recovery_codes, ..state.clone() }));
    }
    Ok(Checked::Invalid)
}

/// Writes a user's new second-factor state, on condition that nobody changed the user since
/// it was read: two sign-ins racing with one code cannot both use it.
pub async fn save(accounts: &dyn Accounts, user: &UserRecord, state: &TwoFactor) -> Result<()> {
    match accounts.save_two_factor(user, state).await? {
        Outcome::Written => Ok(()),
        _ => Err(Error::Unauthorized(Msg::TwoFactorCodeReused)),
    }
}

/// Administrator `by` clears `user`'s second factor (as read when their right to act on it
/// was checked); the account remembers who reset it and when.
pub async fn reset(accounts: &dyn Accounts, user: &UserRecord, by: i64) -> Result<()> {
    let stamp = domain::user::Stamp { by, at: domain::clock::now_text() };
    match accounts.reset_two_factor(user, &stamp).await? {
        Outcome::Written => Ok(()),
        _ => Err(Error::Conflict(Msg::ChangedConcurrently)),
    }
}

/// The short-lived token between the password and the code: it names the user and lives five
/// minutes; it opens no session by itself.
pub fn challenge(tokens: &TokenKeys, user_id: i64, now: i64) -> String {
    tokens.issue(user_id, CHALLENGE_SESSION, now, now + 5 * 60)
}

/// The session id a challenge token carries: no session has it.
const CHALLENGE_SESSION: &str = "two-factor-challenge";

/// The user a challenge names, while it lives.
pub fn challenged_user(tokens: &TokenKeys, challenge: &str) -> Result<i64> {
    let expired = || Error::Unauthorized(Msg::TwoFactorChallengeExpired);
    let claims = tokens.verify(challenge).ok_or_else(expired)?;
    if claims.sid != CHALLENGE_SESSION {
        return Err(expired());
    }
    claims.sub.parse().map_err(|_| expired())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enabled(secret: &str) -> TwoFactor {
        let (_, recovery_codes) = (Vec::<String>::new(), vec![hash("abcd-efgh")]);
        TwoFactor { enabled: true, secret: Some(secret.to_string()), pending_secret: None, last_step: 0, recovery_codes }
    }

    #[test]
    fn the_rfc_6238_test_vector_holds() {
        // RFC 6238 appendix B, SHA-1: the ASCII key "12345678901234567890", T = 59 s.
        let secret = Secret::Raw(b"12345678901234567890".to_vec()).to_encoded().to_string();
        assert_eq!(code_at(&secret, 59).unwrap(), "287082");
        assert_eq!(code_at(&secret, 1111111109).unwrap(), "081804");
    }

    #[test]
    fn a_code_is_good_one_step_either_side_and_only_once() {
        let (secret, url) = new_key("ravi@police.test").unwrap();
        assert!(url.starts_with("otpauth://totp/Grievance%20Portal:ravi%40police.test?secret="), "{url}");
        let now = 1_800_000_000;
        let state = enabled(&secret);
        let code = code_at(&secret, now).unwrap();
        let Checked::Accepted(after) = check(&state, &code, now).unwrap() else { panic!("the current code") };
        assert_eq!(after.last_step, now / 30);
        assert_eq!(check(&after, &code, now).unwrap(), Checked::Reused, "the same code again");
        let earlier = code_at(&secret, now - 30).unwrap();
        assert_eq!(check(&after, &earlier, now).unwrap(), Checked::Reused, "an older step after a newer one");
        assert!(matches!(check(&state, &code_at(&secret, now + 30).unwrap(), now).unwrap(), Checked::Accepted(_)), "a clock 30 s ahead");
        assert_eq!(check(&state, &code_at(&secret, now - 90).unwrap(), now).unwrap(), Checked::Invalid, "three steps old");
        assert_eq!(check(&state, "12345", now).unwrap(), Checked::Invalid);
        let off = TwoFactor { enabled: false, ..state.clone() };
        assert_eq!(check(&off, &code, now).unwrap(), Checked::Invalid, "not enabled");
    }

    #[test]
    fn a_recovery_code_works_once() {
        let (secret, _) = new_key("x@y.z").unwrap();
        let state = enabled(&secret);
        let Checked::Accepted(after) = check(&state, " ABCD-efgh ", 1).unwrap() else { panic!("an unused recovery code") };
        assert!(after.recovery_codes.is_empty());
        assert_eq!(check(&after, "abcd-efgh", 1).unwrap(), Checked::Invalid, "used up");
        let (codes, hashes) = new_recovery_codes();
        assert_eq!((codes.len(), hashes.len()), (10, 10));
        assert!(codes.iter().all(|c| c.len() == 9 && c.as_bytes()[4] == b'-'), "{codes:?}");
        assert_eq!(hashes[0], hash(&codes[0]));
    }

    #[test]
    fn a_challenge_is_no_session_and_expires() {
        let tokens = TokenKeys::new(&[9u8; 32]);
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        assert_eq!(challenged_user(&tokens, &challenge(&tokens, 7, now)).unwrap(), 7);
        assert!(challenged_user(&tokens, &challenge(&tokens, 7, now - 600)).is_err());
        assert!(challenged_user(&tokens, &tokens.issue(7, "abc", now, now + 60)).is_err(), "a session token is no challenge");
    }
}
