//! The one error type of the HTTP layer: every failure becomes JSON `{"error": ...}` (plus
//! `fields` for validation) with the status that says what happened. Internal detail goes to
//! the log, never to the client.

use axum::response::{IntoResponse, Response};
use axum::Json;
use http::StatusCode;
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

pub const INTERNAL_MESSAGE: &str = "Something went wrong on the server. Please try again.";

/// Every error answer has this shape.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// In English, as the specification words it.
    pub error: String,
    /// The message's stable code (`domain::messages`), for showing it in the user's language;
    /// ERROR for a message without one.
    pub code: String,
    /// The values the message's template stands for.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, String>,
    /// Per-field messages, for validation failures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
    /// The code and values of each field's message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_codes: Option<BTreeMap<String, MessageCode>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageCode {
    pub code: String,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, String>,
}

impl MessageCode {
    pub fn of(message: &str) -> Self {
        let (code, params) = domain::messages::identify(message);
        MessageCode { code: code.to_string(), params }
    }
}

impl ErrorBody {
    pub fn new(message: String, fields: Option<BTreeMap<String, String>>) -> Self {
        let MessageCode { code, params } = MessageCode::of(&message);
        let field_codes = fields.as_ref().map(|f| f.iter().map(|(field, m)| (field.clone(), MessageCode::of(m))).collect());
        ErrorBody { error: message, code, params, fields, field_codes }
    }
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub fields: Option<BTreeMap<String, String>>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError { status, message: message.into(), fields: None }
    }
}

impl From<domain::Error> for ApiError {
    fn from(e: domain::Error) -> Self {
        use domain::Error as E;
        match e {
            E::Validation { message, fields } => ApiError { status: StatusCode::BAD_REQUEST, message, fields: Some(fields) },
            E::BadRequest(m) => ApiError::new(StatusCode::BAD_REQUEST, m),
            E::Unauthorized(m) => ApiError::new(StatusCode::UNAUTHORIZED, m),
            E::Forbidden(m) => ApiError::new(StatusCode::FORBIDDEN, m),
            E::NotFound(m) => ApiError::new(StatusCode::NOT_FOUND, m),
            E::Conflict(m) => ApiError::new(StatusCode::CONFLICT, m),
            E::TooManyAttempts(m) => ApiError::new(StatusCode::TOO_MANY_REQUESTS, m),
            E::Unavailable(m) => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, m),
            E::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, INTERNAL_MESSAGE)
            }
        }
    }
}

impl From<store::StoreError> for ApiError {
    fn from(e: store::StoreError) -> Self {
        domain::Error::from(e).into()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(ErrorBody::new(self.message, self.fields))).into_response()
    }
}
