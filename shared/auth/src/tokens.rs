//! Session tokens: HS256 JWTs that name a session kept in the store. The token alone is never
//! trusted: the session it names must still exist.

use aes_gcm::aead::{Aead, AeadCore, KeyInit, OsRng, Payload};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use sha2::{Digest, Sha256};
use std::sync::Arc;
use serde::{Deserialize, Serialize};

/// How long a sign-in lasts at most, by default: a long shift.
pub const SESSION_HOURS: i64 = 12;
/// How long a session may sit unused, by default.
pub const IDLE_MINUTES: i64 = 30;

/// How long sessions live: at most `lifetime_seconds` after sign-in, and no longer than
/// `idle_seconds` after the last request.
///
/// Recording every request's time would make every read a write; a session's last use is
/// written only when it is `touch_seconds` old, so the server may count a session idle up to
/// that much earlier than the browser does. The web app is told the idle time it can rely on
/// ([`SessionPolicy::guaranteed_idle_seconds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionPolicy {
    pub lifetime_seconds: i64,
    pub idle_seconds: i64,
}

impl Default for SessionPolicy {
    fn default() -> Self {
        SessionPolicy { lifetime_seconds: SESSION_HOURS * 3600, idle_seconds: IDLE_MINUTES * 60 }
    }
}

impl SessionPolicy {
    /// The policy set by `PORTAL_SESSION_HOURS` (0.1 to 720) and `PORTAL_SESSION_IDLE_MINUTES`
    /// (1 to 1440), fractions allowed; the defaults where unset.
    pub fn from_env() -> Result<SessionPolicy, String> {
        Self::from_settings(std::env::var("PORTAL_SESSION_HOURS").ok().as_deref(), std::env::var("PORTAL_SESSION_IDLE_MINUTES").ok().as_deref())
    }

    pub fn from_settings(hours: Option<&str>, idle_minutes: Option<&str>) -> Result<SessionPolicy, String> {
        let mut policy = SessionPolicy::default();
        let read = |name: &str, text: &str, range: std::ops::RangeInclusive<f64>, unit: f64| {
            text.trim()
                .parse::<f64>()
                .ok()
                .filter(|n| range.contains(n))
                .map(|n| (n * unit).round() as i64)
                .ok_or_else(|| format!("{name} must be a number from {} to {}, not {text:?}", range.start(), range.end()))
        };
        if let Some(text) = hours {
            policy.lifetime_seconds = read("PORTAL_SESSION_HOURS", text, 0.1..=720.0, 3600.0)?;
        }
        if let Some(text) = idle_minutes {
            policy.idle_seconds = read("PORTAL_SESSION_IDLE_MINUTES", text, 1.0..=1440.0, 60.0)?;
        }
        Ok(policy)
    }

    /// How old a session's recorded last use may grow before a request writes it again.
    pub fn touch_seconds(&self) -> i64 {
        (self.idle_seconds / 10).clamp(1, 60)
    }

    /// How long after any answered request the session is sure to stay valid (unless its
    /// lifetime ends first).
    pub fn guaranteed_idle_seconds(&self) -> i64 {
        self.idle_seconds - self.touch_seconds()
    }
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    /// The session id.
    pub sid: String,
    pub iat: i64,
    pub exp: i64,
}

/// The keys tokens are signed and checked with, and the policy sessions live by.
///
/// During a rotation of the secret the previous one still verifies: tokens signed before the
/// rotation keep working until their sessions end, and nobody is signed out by it.
///
/// Shared, not copied, by its clones: every request's handler clones the application's state
/// it is part of, and copying the keys (and their AES key schedules) each time cost a tenth
/// of a simple request's time.
#[derive(Clone)]
pub struct TokenKeys {
    encoding: Arc<EncodingKey>,
    decoding: Arc<Vec<DecodingKey>>,
    /// The keys paging cursors are sealed with (see [`TokenKeys::seal_cursor`]): the current
    /// secret's first, then those it still verifies with.
    cursors: Arc<Vec<Aes256Gcm>>,
    pub policy: SessionPolicy,
}

/// A paging cursor's key, derived from a session secret: the same secret serves both, each
/// under its own derivation, so every function that checks sessions also reads its cursors.
fn cursor_key(secret: &[u8]) -> Aes256Gcm {
    let key: [u8; 32] = Sha256::new().chain_update(b"grievance-portal paging cursors ").chain_update(secret).finalize().into();
    Aes256Gcm::new(&Key::<Aes256Gcm>::from(key))
}

/// A sealed cursor's nonce, before its sealed text.
const CURSOR_NONCE_BYTES: usize = 12;

impl TokenKeys {
    pub fn new(secret: &[u8]) -> Self {
        Self::rotating(secret, None)
    }

    /// Signs with `current`; verifies with `current` and, while a rotation lasts, `previous`.
    pub fn rotating(current: &[u8], previous: Option<&[u8]>) -> Self {
        assert!(current.len() >= 32, "the JWT secret must be at least 32 bytes");
        let secrets: Vec<&[u8]> = std::iter::once(current).chain(previous.filter(|p| p.len() >= 32)).collect();
        let decoding = secrets.iter().map(|s| DecodingKey::from_secret(s)).collect();
        let cursors = secrets.iter().map(|s| cursor_key(s)).collect();
        TokenKeys { encoding: Arc::new(EncodingKey::from_secret(current)), decoding: Arc::new(decoding), cursors: Arc::new(cursors), policy: SessionPolicy::default() }
    }

    /// A paging cursor as the API hands it out: an engine's position in a list (its keys, a
    /// row's number, a number the caller may not see) sealed with AES-256-GCM, bound to the
    /// user and to the list it pages, so that it tells nothing and cannot be made or altered.
    pub fn seal_cursor(&self, user_id: i64, list: &str, position: &str) -> String {
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let aad = format!("{user_id}:{list}");
        let sealed = self.cursors[0].encrypt(&nonce, Payload { msg: position.as_bytes(), aad: aad.as_bytes() }).expect("sealing a cursor cannot fail");
        URL_SAFE_NO_PAD.encode([&nonce[..], &sealed].concat())
    }

    /// The position a cursor from [`TokenKeys::seal_cursor`] holds, for this user and list;
    /// `None` for anything else (altered, made up, another user's or list's).
    pub fn open_cursor(&self, user_id: i64, list: &str, cursor: &str) -> Option<String> {
        let bytes = URL_SAFE_NO_PAD.decode(cursor.trim()).ok()?;
        if bytes.len() <= CURSOR_NONCE_BYTES {
            return None;
        }
        let (nonce, sealed) = bytes.split_at(CURSOR_NONCE_BYTES);
        let nonce: [u8; CURSOR_NONCE_BYTES] = nonce.try_into().ok()?;
        let aad = format!("{user_id}:{list}");
        let plain = self.cursors.iter().find_map(|key| key.decrypt(&Nonce::from(nonce), Payload { msg: sealed, aad: aad.as_bytes() }).ok())?;
        String::from_utf8(plain).ok()
    }

    /// Also verifies tokens signed with `next`: the secret a rotation is about to sign with,
    /// so that instances still signing with the current one accept sessions signed by those
    /// already using the next.
    pub fn also_verifying(mut self, next: Option<&[u8]>) -> Self {
        let next = next.filter(|n| n.len() >= 32);
        Arc::make_mut(&mut self.decoding).extend(next.map(DecodingKey::from_secret));
        Arc::make_mut(&mut self.cursors).extend(next.map(cursor_key));
        self
    }

    pub fn with_policy(mut self, policy: SessionPolicy) -> Self {
        self.policy = policy;
        self
    }

    pub fn issue(&self, user_id: i64, session_id: &str, issued_at: i64, expires_at: i64) -> String {
        let claims = Claims { sub: user_id.to_string(), sid: session_id.to_string(), iat: issued_at, exp: expires_at };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).expect("HS256 signing cannot fail")
    }

    /// The claims of a token signed with our key and not expired; `None` otherwise.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        self.decoding.iter().find_map(|key| decode::<Claims>(token, key, &validation).ok()).map(|data| data.claims)
    }
}

#[cfg(test)]
mod cursor_tests {
    use super::*;

    #[test]
    fn a_cursor_opens_for_its_user_and_list_only_and_tells_nothing() {
        let keys = TokenKeys::new(&[5; 32]);
        let sealed = keys.seal_cursor(7, "grievances", "number.CIVIL/2026/12#000000000031");
        // Base64 of random bytes holds any two given characters now and then: the whole ids are looked for.
        assert!(!sealed.contains("CIVIL") && !sealed.contains("000000000031"), "{sealed}");
        assert_ne!(sealed, keys.seal_cursor(7, "grievances", "number.CIVIL/2026/12#000000000031"), "a fresh nonce each time");
        assert_eq!(keys.open_cursor(7, "grievances", &sealed).as_deref(), Some("number.CIVIL/2026/12#000000000031"));
        assert_eq!(keys.open_cursor(8, "grievances", &sealed), None, "another user's");
        assert_eq!(keys.open_cursor(7, "lookup", &sealed), None, "another list's");
        let mut altered = sealed.clone().into_bytes();
        let last = altered.len() - 2;
        altered[last] = if altered[last] == b'A' { b'B' } else { b'A' };
        assert_eq!(keys.open_cursor(7, "grievances", std::str::from_utf8(&altered).unwrap()), None);
        assert_eq!(keys.open_cursor(7, "grievances", "bnVtYmVyLkdSVi0yMDI2"), None, "an engine's plain cursor");
        // Across a rotation, a cursor sealed before still opens.
        let rotated = TokenKeys::rotating(&[6; 32], Some(&[5; 32]));
        assert_eq!(rotated.open_cursor(7, "grievances", &sealed).as_deref(), Some("number.CIVIL/2026/12#000000000031"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> TokenKeys {
        TokenKeys::new(&[7u8; 32])
    }

    #[test]
    fn a_token_round_trips_and_a_changed_one_does_not() {
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        let token = keys().issue(5, "abc", now, now + 60);
        let claims = keys().verify(&token).unwrap();
        assert_eq!((claims.sub.as_str(), claims.sid.as_str()), ("5", "abc"));
        let mut tampered = token.clone();
        let last = tampered.pop().unwrap();
        tampered.push(if last == 'A' { 'B' } else { 'A' });
        assert!(keys().verify(&tampered).is_none());
        assert!(TokenKeys::new(&[8u8; 32]).verify(&token).is_none(), "another secret's token");
    }

    #[test]
    fn a_token_of_the_previous_secret_verifies_during_a_rotation() {
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        let old = keys().issue(5, "abc", now, now + 60);
        let rotated = TokenKeys::rotating(&[8u8; 32], Some(&[7u8; 32]));
        assert_eq!(rotated.verify(&old).unwrap().sid, "abc");
        let new = rotated.issue(6, "def", now, now + 60);
        assert!(keys().verify(&new).is_none(), "the old secret does not verify the new one's tokens");
        assert!(TokenKeys::new(&[8u8; 32]).verify(&old).is_none(), "after the rotation the old secret's tokens end");
        let before_the_switch = TokenKeys::new(&[7u8; 32]).also_verifying(Some(&[8u8; 32]));
        assert_eq!(before_the_switch.verify(&new).unwrap().sid, "def", "the next secret's tokens, where the current one still signs");
        assert!(TokenKeys::new(&[7u8; 32]).also_verifying(Some(&[1u8; 8])).verify(&new).is_none(), "a key too short is no key");
    }

    #[test]
    fn the_session_policy_reads_its_settings_and_refuses_nonsense() {
        assert_eq!(SessionPolicy::from_settings(None, None).unwrap(), SessionPolicy { lifetime_seconds: 12 * 3600, idle_seconds: 1800 });
        let short = SessionPolicy::from_settings(Some("0.5"), Some("1.5")).unwrap();
        assert_eq!((short.lifetime_seconds, short.idle_seconds), (1800, 90));
        assert_eq!((short.touch_seconds(), short.guaranteed_idle_seconds()), (9, 81));
        assert_eq!(SessionPolicy::default().touch_seconds(), 60);
        assert_eq!(SessionPolicy::from_settings(None, Some("0.5")).unwrap_err(), "PORTAL_SESSION_IDLE_MINUTES must be a number from 1 to 1440, not \"0.5\"");
        assert!(SessionPolicy::from_settings(Some("forever"), None).is_err());
    }

    #[test]
    fn an_expired_token_is_refused() {
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        assert!(keys().verify(&keys().issue(5, "abc", now - 120, now - 60)).is_none());
    }
}
