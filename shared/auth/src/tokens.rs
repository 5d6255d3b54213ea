//! Session tokens: HS256 JWTs that name a session kept in the store. The token alone is never
//! trusted: the session it names must still exist.

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

/// How long a sign-in lasts: a long shift.
pub const SESSION_HOURS: i64 = 12;

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    /// The session id.
    pub sid: String,
    pub iat: i64,
    pub exp: i64,
}

#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl TokenKeys {
    pub fn new(secret: &[u8]) -> Self {
        assert!(secret.len() >= 32, "the JWT secret must be at least 32 bytes");
        TokenKeys { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret) }
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
        decode::<Claims>(token, &self.decoding, &validation).ok().map(|data| data.claims)
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
    fn an_expired_token_is_refused() {
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        assert!(keys().verify(&keys().issue(5, "abc", now - 120, now - 60)).is_none());
    }
}
