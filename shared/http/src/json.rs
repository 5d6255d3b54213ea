//! A JSON body extractor whose rejections speak our error format: malformed JSON is a 400
//! with a message, an oversized body a 413, never axum's plain-text defaults.

use crate::ApiError;
use axum::extract::rejection::JsonRejection;
use axum::extract::FromRequest;
use axum::response::{IntoResponse, Response};
use http::StatusCode;

#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

impl<T: serde::Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::JsonDataError(e) => ApiError::new(StatusCode::BAD_REQUEST, format!("Invalid request body: {}", e.body_text().trim_start_matches("Failed to deserialize the JSON body into the target type: "))),
            JsonRejection::JsonSyntaxError(_) => ApiError::new(StatusCode::BAD_REQUEST, "Malformed JSON in the request body"),
            JsonRejection::MissingJsonContentType(_) => {
                ApiError::new(StatusCode::BAD_REQUEST, "Expected a JSON request body with Content-Type: application/json")
            }
            JsonRejection::BytesRejection(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "The request body is too large")
            }
            other => ApiError::new(other.status(), "The request body could not be read"),
        }
    }
}

/// Reads a typed body from JSON already taken, so that a handler can check permissions
/// before it looks at the body: a caller without the permission gets 403 whatever they sent.
pub fn parse_body<T: serde::de::DeserializeOwned>(body: serde_json::Value) -> Result<T, ApiError> {
    serde_json::from_value(body).map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("Invalid request body: {e}")))
}
