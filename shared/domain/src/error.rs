//! The one error type of the portal. Each variant says what went wrong as a message value
//! (`Msg`) a user may see; the HTTP layer maps variants to status codes and never adds
//! internal detail.

use crate::messages::Msg;
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// 400, with a message per invalid field.
    #[error("{message}")]
    Validation { message: Msg, fields: BTreeMap<String, Msg> },
    /// 400 without field detail.
    #[error("{0}")]
    BadRequest(Msg),
    /// 401: no valid session.
    #[error("{0}")]
    Unauthorized(Msg),
    /// 403: signed in, but the role does not allow it.
    #[error("{0}")]
    Forbidden(Msg),
    #[error("{0}")]
    NotFound(Msg),
    /// 409: the request collides with the current state (a duplicate, a stale version, ...).
    #[error("{0}")]
    Conflict(Msg),
    /// 429: repeated failed sign-ins, or more requests of one kind at once than are taken.
    #[error("{0}")]
    TooManyAttempts(Msg),
    /// 503: the store is busy or unreachable; the request may be retried.
    #[error("{0}")]
    Unavailable(Msg),
    /// 500. The text is for the server's log only; users see a generic message.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        Error::Internal(detail.to_string())
    }
    /// A validation failure of a single field.
    pub fn field(field: &str, message: Msg) -> Self {
        Error::Validation { message: message.clone(), fields: BTreeMap::from([(field.to_string(), message)]) }
    }
    /// The message a user may see; `None` for an internal error, whose detail is the log's.
    pub fn message(&self) -> Option<&Msg> {
        match self {
            Error::Validation { message, .. } => Some(message),
            Error::BadRequest(m)
            | Error::Unauthorized(m)
            | Error::Forbidden(m)
            | Error::NotFound(m)
            | Error::Conflict(m)
            | Error::TooManyAttempts(m)
            | Error::Unavailable(m) => Some(m),
            Error::Internal(_) => None,
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Collects field errors, so that a form is answered with all of its problems at once.
#[derive(Default, Debug)]
pub struct FieldErrors(BTreeMap<String, Msg>);

impl FieldErrors {
    pub fn add(&mut self, field: &str, message: Msg) {
        self.0.entry(field.to_string()).or_insert(message);
    }
    pub fn check<T>(&mut self, field: &str, result: std::result::Result<T, Msg>) -> Option<T> {
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
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn contains(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }
    /// `Ok` when no field failed; otherwise one error whose message is the first failure.
    pub fn finish(self) -> Result<()> {
        match self.0.values().next() {
            None => Ok(()),
            Some(first) => Err(Error::Validation { message: first.clone(), fields: self.0 }),
        }
    }
}

impl IntoIterator for FieldErrors {
    type Item = (String, Msg);
    type IntoIter = std::collections::btree_map::IntoIter<String, Msg>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}
