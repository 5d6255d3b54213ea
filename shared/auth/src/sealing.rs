//! Secrets at rest. Two-factor secrets and recovery-code hashes are sealed with AES-256-GCM
//! under a key kept apart from the store: a file beside the database (mode 0600) on one
//! machine, a Secrets Manager secret in the cloud. A copy of the database alone, or a read of
//! the table, gives no one a second factor.

use crate::port::{Accounts, Outcome, TwoFactor, UserRecord};
use aes_gcm::aead::{Aead, AeadCore, KeyInit, OsRng};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use base64::engine::general_purpose::STANDARD_NO_PAD as BASE64;
use base64::Engine as _;
use domain::{Error, Result};
use sha2::{Digest, Sha256};

/// How a sealed value starts: the format, so that a later key or cipher can be told apart.
pub const PREFIX: &str = "sealed:v1:";
const NONCE_BYTES: usize = 12;

/// The key secrets are sealed with; `None` in a process that never handles them (it leaves
/// sealed values as they are). Shared, not copied, by its clones (see `tokens::TokenKeys`).
#[derive(Clone, Default)]
pub struct SealingKey(Option<std::sync::Arc<Aes256Gcm>>);

impl std::fmt::Debug for SealingKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "SealingKey(..)" } else { "SealingKey(none)" })
    }
}

/// The identity documents of a case's people are sealed as the second-factor secrets are.
impl domain::id_documents::Sealer for SealingKey {
    fn seal(&self, plain: &str) -> Result<String> {
        SealingKey::seal(self, plain)
    }

    fn open(&self, sealed: &str) -> Result<String> {
        SealingKey::open(self, sealed)
    }
}

impl SealingKey {
    /// The key derived from secret material of any length (at least 32 bytes): 32 random bytes
    /// from the key file, or the 64 characters Secrets Manager generated.
    pub fn from_material(material: &[u8]) -> SealingKey {
        assert!(material.len() >= 32, "the sealing key material must be at least 32 bytes");
        let key: [u8; 32] = Sha256::digest(material).into();
        SealingKey(Some(std::sync::Arc::new(Aes256Gcm::new(&Key::<Aes256Gcm>::from(key)))))
    }

    /// No key: secrets can be neither sealed nor opened here.
    pub fn none() -> SealingKey {
        SealingKey(None)
    }

    pub fn is_present(&self) -> bool {
        self.0.is_some()
    }

    pub fn is_sealed(text: &str) -> bool {
        text.starts_with(PREFIX)
    }

    /// `plain` sealed (a sealed value as it is).
    pub fn seal(&self, plain: &str) -> Result<String> {
        if Self::is_sealed(plain) {
            return Ok(plain.to_string());
        }
        let cipher = self.0.as_ref().ok_or_else(|| Error::internal("this function holds no key to seal secrets with (SECRETS_KEY_NAME)"))?;
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let sealed = cipher.encrypt(&nonce, plain.as_bytes()).map_err(|_| Error::internal("cannot seal a secret"))?;
        Ok(format!("{PREFIX}{}", BASE64.encode([&nonce[..], &sealed].concat())))
    }

    /// The plain text of a sealed value; a value written before secrets were sealed passes
    /// as it is. Without a key, a sealed value stays sealed.
    pub fn open(&self, stored: &str) -> Result<String> {
        let Some(body) = stored.strip_prefix(PREFIX) else { return Ok(stored.to_string()) };
        let Some(cipher) = self.0.as_ref() else { return Ok(stored.to_string()) };
        let bytes = BASE64.decode(body).map_err(|_| Error::internal("a sealed secret is damaged"))?;
        if bytes.len() < NONCE_BYTES {
            return Err(Error::internal("a sealed secret is damaged"));
        }
        let (nonce, sealed) = bytes.split_at(NONCE_BYTES);
        let nonce: [u8; NONCE_BYTES] = nonce.try_into().expect("split at the nonce's length");
        let plain = cipher
            .decrypt(&Nonce::from(nonce), sealed)
            .map_err(|_| Error::internal("a sealed secret does not open with this key: is the key file (or SECRETS_KEY_NAME) the one it was sealed with?"))?;
        String::from_utf8(plain).map_err(|_| Error::internal("a sealed secret is damaged"))
    }

    /// A second-factor state as it is kept: every secret and recovery-code hash sealed. A
    /// process without the key (a function that never handles secrets, writing back a user it
    /// read) keeps the state as it is: sealed as read, or plain until the upgrade seals it.
    pub fn seal_two_factor(&self, state: &TwoFactor) -> Result<TwoFactor> {
        if self.0.is_none() {
            return Ok(state.clone());
        }
        self.map_two_factor(state, |text| self.seal(text))
    }

    /// A kept second-factor state as the rules read it.
    pub fn open_two_factor(&self, state: &TwoFactor) -> Result<TwoFactor> {
        self.map_two_factor(state, |text| self.open(text))
    }

    fn map_two_factor(&self, state: &TwoFactor, f: impl Fn(&str) -> Result<String>) -> Result<TwoFactor> {
        Ok(TwoFactor {
            secret: state.secret.as_deref().map(&f).transpose()?,
            pending_secret: state.pending_secret.as_deref().map(&f).transpose()?,
            recovery_codes: state.recovery_codes.iter().map(|c| f(c)).collect::<Result<_>>()?,
            ..state.clone()
        })
    }

    /// Whether a kept state still holds a secret in plain text (written before sealing).
    pub fn holds_plain(state: &TwoFactor) -> bool {
        state.secret.iter().chain(state.pending_secret.iter()).chain(state.recovery_codes.iter()).any(|t| !Self::is_sealed(t))
    }
}

/// Seals, user by user, the second-factor secrets `kept` (every user, as an engine read them)
/// still holds in plain text, answering how many users' it sealed. Each is written on the
/// user as kept, so a change made meanwhile (sealed by its own write) is never overwritten.
/// The engine's `seal_secrets` runs this, then clears what the overwritten texts left in its
/// files.
pub async fn seal_plain_secrets(accounts: &dyn Accounts, kept: impl IntoIterator<Item = UserRecord>) -> Result<u64> {
    let mut sealed = 0;
    for user in kept {
        if SealingKey::holds_plain(&user.two_factor) && accounts.save_two_factor(&user, &user.two_factor).await? == Outcome::Written {
            sealed += 1;
        }
    }
    Ok(sealed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_secret_opens_with_its_key_only() {
        let key = SealingKey::from_material(&[1u8; 32]);
        let sealed = key.seal("JBSWY3DPEHPK3PXP").unwrap();
        assert!(sealed.starts_with("sealed:v1:") && !sealed.contains("JBSWY3DPEHPK3PXP"), "{sealed}");
        assert_ne!(sealed, key.seal("JBSWY3DPEHPK3PXP").unwrap(), "a fresh nonce each time");
        assert_eq!(key.open(&sealed).unwrap(), "JBSWY3DPEHPK3PXP");
        assert_eq!(key.seal(&sealed).unwrap(), sealed, "sealing twice changes nothing");
        let other = SealingKey::from_material(&[2u8; 32]);
        assert!(other.open(&sealed).unwrap_err().to_string().contains("does not open with this key"));
        assert_eq!(SealingKey::none().open(&sealed).unwrap(), sealed, "without a key it stays sealed");
        assert!(SealingKey::none().seal("x").is_err());
        assert_eq!(key.open("JBSWY3DPEHPK3PXP").unwrap(), "JBSWY3DPEHPK3PXP", "a value from before sealing");
        // One character of the ciphertext changed (to another: an 'A' there, one run in
        // sixty-four, stays an 'A' if the choice looks at any other character).
        let mut damaged = sealed.clone();
        let at = sealed.len() - 3;
        damaged.replace_range(at..at + 1, if &sealed[at..at + 1] == "A" { "B" } else { "A" });
        assert_ne!(damaged, sealed);
        assert!(key.open(&damaged).is_err());
    }

    #[test]
    fn a_two_factor_state_seals_every_secret_and_opens_back() {
        let key = SealingKey::from_material(b"0123456789abcdef0123456789abcdef");
        let plain = TwoFactor { enabled: true, secret: Some("AAAA".into()), pending_secret: Some("BBBB".into()), last_step: 9, recovery_codes: vec!["c1".into(), "c2".into()] };
        assert!(SealingKey::holds_plain(&plain));
        let sealed = key.seal_two_factor(&plain).unwrap();
        assert!(!SealingKey::holds_plain(&sealed));
        assert_eq!((sealed.enabled, sealed.last_step, sealed.recovery_codes.len()), (true, 9, 2));
        assert_eq!(key.open_two_factor(&sealed).unwrap(), plain);
        assert_eq!(SealingKey::none().seal_two_factor(&plain).unwrap(), plain, "written back as read where there is no key");
    }
}
