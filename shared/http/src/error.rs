//! The one error type of the HTTP layer: every failure becomes JSON `{"error": ...}` (plus
//! `fields` for validation) with the status that says what happened. Internal detail goes to
//! the log, never to the client.

use domain::messages::Message;
use domain::Msg;
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::StatusCode;
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// Every error answer has this shape.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// In English, as the specification words it.
    pub error: String,
    /// The message's stable code (`domain::messages`), for showing it in the user's language.
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
    pub fn of(message: &impl Message) -> Self {
        MessageCode { code: message.code().to_string(), params: message.params() }
    }
}

impl ErrorBody {
    pub fn new<M: Message>(message: &M, fields: Option<&BTreeMap<String, M>>) -> Self {
        let MessageCode { code, params } = MessageCode::of(message);
        ErrorBody {
            error: message.to_string(),
            code,
            params,
            fields: fields.map(|f| f.iter().map(|(field, m)| (field.clone(), m.to_string())).collect()),
            field_codes: fields.map(|f| f.iter().map(|(field, m)| (field.clone(), MessageCode::of(m))).collect()),
        }
    }
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: Msg,
    pub fields: Option<BTreeMap<String, Msg>>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(status: StatusCode, message: Msg) -> Self {
        ApiError { status, message, fields: None }
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
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, Msg::ServerError)
            }
        }
    }
}

/// An answer's error as the domain's again: what a caller that reports errors rather than
/// answering them (an import's row) takes from the checks that answer HTTP.
impl From<ApiError> for domain::Error {
    fn from(e: ApiError) -> Self {
        use domain::Error as E;
        match (e.status, e.fields) {
            (StatusCode::BAD_REQUEST, Some(fields)) => E::Validation { message: e.message, fields },
            (StatusCode::BAD_REQUEST, None) => E::BadRequest(e.message),
            (StatusCode::UNAUTHORIZED, _) => E::Unauthorized(e.message),
            (StatusCode::FORBIDDEN, _) => E::Forbidden(e.message),
            (StatusCode::NOT_FOUND, _) => E::NotFound(e.message),
            (StatusCode::CONFLICT, _) => E::Conflict(e.message),
            (StatusCode::TOO_MANY_REQUESTS, _) => E::TooManyAttempts(e.message),
            (StatusCode::SERVICE_UNAVAILABLE, _) => E::Unavailable(e.message),
            (status, _) => E::Internal(format!("{status}: {}", e.message)),
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
        (self.status, Json(ErrorBody::new(&self.message, self.fields.as_ref()))).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The catalogue as it would be with one template reworded.
    #[allow(dead_code)]
    mod reworded {
        domain::messages! {
            FieldRequired { label } = "FIELD_REQUIRED": "Fill in {label}";
        }
    }

    #[test]
    fn an_answer_says_its_message_as_the_catalogue_words_it_under_the_same_code() {
        let now = BTreeMap::from([("fir_date".to_string(), Msg::FieldRequired { label: "FIR Date".into() })]);
        let now = serde_json::to_value(ErrorBody::new(&Msg::FixErrors, Some(&now))).unwrap();
        assert_eq!(now["fields"]["fir_date"], "FIR Date is required");
        let message = reworded::Msg::FieldRequired { label: "FIR Date".into() };
        let fields = BTreeMap::from([("fir_date".to_string(), message.clone())]);
        let after = serde_json::to_value(ErrorBody::new(&message, Some(&fields))).unwrap();
        assert_eq!(after["error"], "Fill in FIR Date");
        assert_eq!(after["fields"]["fir_date"], "Fill in FIR Date");
        assert_eq!(after["field_codes"]["fir_date"], now["field_codes"]["fir_date"], "the same code and values");
        assert_eq!(after["code"], "FIELD_REQUIRED");
    }
}
