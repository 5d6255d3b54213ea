//! Layers every answer passes through, in both hosts.

use crate::ApiError;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Request};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use http::{HeaderValue, StatusCode};
use std::time::Instant;

/// The largest JSON body the API accepts.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// The Content-Security-Policy: scripts only from our own origin, never inline; inline styles
/// are allowed because the UI library sets element styles.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

async fn security_headers(request: Request, next: Next) -> Response {
    let is_api = request.uri().path().starts_with("/api/");
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let set = |headers: &mut http::HeaderMap, name: &'static str, value: &'static str| {
        headers.insert(name, HeaderValue::from_static(value));
    };
    set(headers, "content-security-policy", CONTENT_SECURITY_POLICY);
    set(headers, "x-content-type-options", "nosniff");
    set(headers, "x-frame-options", "DENY");
    set(headers, "referrer-policy", "no-referrer");
    set(headers, "permissions-policy", "camera=(), microphone=(), geolocation=()");
    set(headers, "cross-origin-opener-policy", "same-origin");
    set(headers, "strict-transport-security", "max-age=31536000; includeSubDomains");
    if is_api {
        set(headers, "cache-control", "no-store");
    }
    response
}

/// One line per request: method, path (never the query or headers, which may carry
/// personal data), status and time taken.
async fn log_request(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let response = next.run(request).await;
    tracing::info!(
        target: "request",
        %method,
        path = %path,
        status = response.status().as_u16(),
        ms = format_args!("{:.1}", started.elapsed().as_secs_f64() * 1000.0),
    );
    response
}

/// Unknown API paths answer JSON, not the SPA or an empty body.
pub async fn api_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "No such API endpoint")
}

async fn method_not_allowed_as_json(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    if response.status() == StatusCode::METHOD_NOT_ALLOWED && response.headers().get("content-type").is_none() {
        let (mut parts, _) = response.into_parts();
        parts.headers.insert("content-type", HeaderValue::from_static("application/json"));
        return Response::from_parts(parts, Body::from(r#"{"error":"This method is not allowed on this endpoint"}"#));
    }
    response
}

/// Wraps a finished router in the common layers.
pub fn apply(router: Router) -> Router {
    router
        .layer(middleware::from_fn(method_not_allowed_as_json))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn(security_headers))
        .layer(middleware::from_fn(log_request))
}
