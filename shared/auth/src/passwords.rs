//! argon2id password hashes. Hashing is slow on purpose, so it runs off the async runtime.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::sync::OnceLock;

pub async fn hash(password: &str) -> Result<String, domain::Error> {
    let password = password.to_string();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(domain::Error::internal)
    })
    .await
    .map_err(domain::Error::internal)?
}

/// Whether `password` matches `stored`. With no stored hash (an unknown email) a dummy hash
/// is checked anyway, so that the answer takes as long as for a known email.
pub async fn verify(password: &str, stored: Option<&str>) -> bool {
    let password = password.to_string();
    let known = stored.is_some();
    let stored = stored.map(str::to_string).unwrap_or_else(|| dummy_hash().to_string());
    tokio::task::spawn_blocking(move || {
        let matches = PasswordHash::new(&stored)
            .map(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
            .unwrap_or(false);
        known && matches
    })
    .await
    .unwrap_or(false)
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default().hash_password(b"not-a-real-password", &salt).expect("hashing").to_string()
    })
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn hashes_are_argon2id_salted_and_verify() {
        let a = super::hash("Secret-1").await.unwrap();
        let b = super::hash("Secret-1").await.unwrap();
        assert!(a.starts_with("$argon2id$"));
        assert_ne!(a, b, "every hash has its own salt");
        assert!(super::verify("Secret-1", Some(&a)).await);
        assert!(!super::verify("secret-1", Some(&a)).await);
        assert!(!super::verify("Secret-1", None).await);
    }
}
