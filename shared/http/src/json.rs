//! A JSON body extractor whose rejections speak our error format: malformed JSON is a 400
//! with a message, an oversized body a 413, never axum's plain-text defaults.

use domain::Msg;
use crate::ApiError;
use axum::extract::rejection::JsonRejection;
use axum::extract::FromRequest;
use axum::response::{IntoResponse, Response};
use http::StatusCode;

#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

/// The body is written into a buffer that starts at 8 KiB, where axum's own starts at 128
/// bytes: a page of fifty grievances (about 75 KB) or of audit records (150 KB) then grows
/// it four times rather than ten, each growth a copy of everything written so far.
const FIRST_BUFFER: usize = 8 * 1024;

impl<T: serde::Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        let mut body = Vec::with_capacity(FIRST_BUFFER);
        match serde_json::to_writer(&mut body, &self.0) {
            Ok(()) => ([(http::header::CONTENT_TYPE, http::HeaderValue::from_static("application/json"))], body).into_response(),
            Err(e) => {
                tracing::error!(error = %e, "an answer could not be written as JSON");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, Msg::ServerError).into_response()
            }
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::JsonDataError(e) => ApiError::new(StatusCode::BAD_REQUEST, Msg::BodyInvalid { detail: e.body_text().trim_start_matches("Failed to deserialize the JSON body into the target type: ").to_string() }),
            JsonRejection::JsonSyntaxError(_) => ApiError::new(StatusCode::BAD_REQUEST, Msg::BodyMalformed),
            JsonRejection::MissingJsonContentType(_) => {
                ApiError::new(StatusCode::BAD_REQUEST, Msg::BodyNotJson)
            }
            JsonRejection::BytesRejection(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, Msg::BodyTooLarge)
            }
            other => ApiError::new(other.status(), Msg::BodyUnreadable),
        }
    }
}

/// A JSON body taken with the request and read as a `T` when the handler asks
/// ([`Deferred::read`]), after its permission check: a caller without the permission is
/// refused 403 whatever they sent, while a body that is not JSON at all is still refused 400
/// at once. The OpenAPI document names `T` as the request body.
pub struct Deferred<T> {
    body: serde_json::Value,
    wanted: std::marker::PhantomData<fn() -> T>,
}

impl<S: Send + Sync, T> FromRequest<S> for Deferred<T> {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        let ApiJson(body) = ApiJson::<serde_json::Value>::from_request(request, state).await?;
        Ok(Deferred { body, wanted: std::marker::PhantomData })
    }
}

impl<T: serde::de::DeserializeOwned> Deferred<T> {
    /// The body as a `T`; 400 with the reason when it is not one.
    pub fn read(self) -> Result<T, ApiError> {
        serde_json::from_value(self.body).map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, Msg::BodyInvalid { detail: e.to_string() }))
    }

    /// As [`Deferred::read`], answering `refused` when the body is not a `T`: for a form whose
    /// every field takes any value, the body can only fail by not being an object, which
    /// the form's own message says better than a deserialiser's.
    pub fn read_or(self, refused: Msg) -> Result<T, ApiError> {
        serde_json::from_value(self.body).map_err(|_| ApiError::new(StatusCode::BAD_REQUEST, refused))
    }
}
