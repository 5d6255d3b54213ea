//! argon2id password hashes. Hashing is slow on purpose, so it runs off the async runtime.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::OnceLock;

/// What a new hash costs. Every build that holds real passwords is a release build (`make
/// run`, the Lambda functions, `make bench`): argon2id at argon2's default, OWASP's minimum
/// (19 MiB, 2 passes, 1 lane). Debug builds are the tests' builds, which set and check
/// thousands of passwords (a fifth of the API tests' CPU at the full cost): they hash at
/// argon2's least cost. A hash carries its own cost, and a check uses it, so any build checks
/// a hash any build made.
fn hasher() -> Argon2<'static> {
    if cfg!(debug_assertions) {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, least_cost())
    } else {
        Argon2::default()
    }
}

fn least_cost() -> Params {
    Params::new(Params::MIN_M_COST, Params::MIN_T_COST, Params::MIN_P_COST, None).expect("argon2's own minimum is valid")
}

/// Said when a debug build starts a server: its new hashes are not fit for real passwords.
pub fn build_warning() -> Option<&'static str> {
    cfg!(debug_assertions).then_some("a debug build hashes new passwords at argon2's least cost; serve real users from a release build (make run)")
}

pub async fn hash(password: &str) -> Result<String, domain::Error> {
    let password = password.to_string();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        hasher().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(domain::Error::internal)
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
            .map(|parsed| hasher().verify_password(password.as_bytes(), &parsed).is_ok())
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
        hasher().hash_password(b"not-a-real-password", &salt).expect("hashing").to_string()
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

    #[tokio::test]
    async fn a_hash_made_at_the_deployed_cost_is_checked_at_that_cost() {
        use argon2::password_hash::{PasswordHasher, SaltString};
        let salt = SaltString::generate(&mut argon2::password_hash::rand_core::OsRng);
        let deployed = argon2::Argon2::default().hash_password(b"Secret-1", &salt).unwrap().to_string();
        assert!(deployed.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{deployed}");
        assert!(super::verify("Secret-1", Some(&deployed)).await);
        assert!(!super::verify("Secret-2", Some(&deployed)).await);
    }

    #[cfg(debug_assertions)]
    #[tokio::test]
    async fn the_tests_build_hashes_at_the_least_cost_and_says_so() {
        let hash = super::hash("Secret-1").await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=8,t=1,p=1$"), "{hash}");
        assert!(super::build_warning().is_some());
    }

    #[cfg(not(debug_assertions))]
    #[tokio::test]
    async fn a_release_build_hashes_at_the_deployed_cost() {
        let hash = super::hash("Secret-1").await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(super::build_warning().is_none());
    }
}
