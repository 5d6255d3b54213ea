//! The one error type of the portal. Each variant says what went wrong in the words a user
//! may see; the HTTP layer maps variants to status codes and never adds internal detail.

use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// 400, with a message per invalid field.
    #[error("{message}")]
    Validation { message: String, fields: BTreeMap<String, String> },
    /// 400 without field detail.
    #[error("{0}")]
    BadRequest(String),
    /// 401: no valid session.
    #[error("{0}")]
    Unauthorized(String),
    /// 403: signed in, but the role does not allow it.
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// 409: the request collides with the current state (a duplicate, a stale version, ...).
    #[error("{0}")]
    Conflict(String),
    /// 429: repeated failed sign-ins, or more requests of one kind at once than are taken.
    #[error("{0}")]
    TooManyAttempts(String),
    /// 503: the store is busy or unreachable; the request may be retried.
    #[error("{0}")]
    Unavailable(String),
    /// 500. The text is for the server's log only; users see a generic message.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    pub fn bad_request(message: impl Into<String>) -> Self {
        Error::BadRequest(message.into())
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Error::NotFound(message.into())
    }
    pub fn conflict(message: impl Into<String>) -> Self {
        Error::Conflict(message.into())
    }
    pub fn forbidden(message: impl Into<String>) -> Self {
        Error::Forbidden(message.into())
    }
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        Error::Internal(detail.to_string())
    }
    /// A validation failure of a single field.
    pub fn field(field: &str, message: &str) -> Self {
        Error::Validation { message: message.to_string(), fields: BTreeMap::from([(field.to_string(), message.to_string())]) }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Collects field errors, so that a form is answered with all of its problems at once.
#[derive(Default, Debug)]
pub struct FieldErrors(BTreeMap<String, String>);

impl FieldErrors {
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_string()).or_insert_with(|| message.into());
    }
    pub fn check<T>(&mut self, field: &str, result: std::result::Result<T, &'static str>) -> Option<T> {
        match result {
            Ok(v) => Some(v),
            Err(message) => {
                self.add(field, message);
                None
            }
        }
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// `Ok` when no field failed; otherwise one error whose message is the first failure.
    pub fn finish(self) -> Result<()> {
        match self.0.values().next() {
            None => Ok(()),
            Some(first) => Err(Error::Validation { message: first.clone(), fields: self.0 }),
        }
    }
}
