//! Layers every answer passes through, in both hosts.

use domain::Msg;
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
    ApiError::new(StatusCode::NOT_FOUND, Msg::NoSuchEndpoint)
}

/// axum's own refusals (a path segment that is not a number, a query that does not parse, a
/// method the route lacks) come as plain text; an API answers JSON `{error}` always.
async fn client_errors_as_json(request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api");
    let response = next.run(request).await;
    let json = response.headers().get("content-type").is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !api || json || !response.status().is_client_error() {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let message = if parts.status == StatusCode::METHOD_NOT_ALLOWED {
        Msg::MethodNotAllowed
    } else {
        let bytes = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes).trim().to_string();
        let detail = if text.is_empty() { parts.status.canonical_reason().unwrap_or("Bad request").to_string() } else { text };
        Msg::RequestRefused { detail }
    };
    parts.headers.insert("content-type", HeaderValue::from_static("application/json"));
    parts.headers.remove("content-length");
    let body = serde_json::to_string(&crate::ErrorBody::new(&message, None)).expect("an error body serialises");
    Response::from_parts(parts, Body::from(body))
}

/// Wraps a finished router in the common layers.
pub fn apply(router: Router) -> Router {
    let router = router
        .layer(middleware::from_fn(client_errors_as_json))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn(security_headers));
    let router = match cors_from_env() {
        Some(cors) => router.layer(cors),
        None => router,
    };
    router.layer(middleware::from_fn(log_request))
}

/// Cross-origin calls are refused (no CORS headers at all: the SPA is served from the API's
/// own origin) unless `PORTAL_CORS_ORIGINS` names the origins allowed, comma-separated, for a
/// department that hosts its own front end elsewhere. Tokens travel in the Authorization
/// header, never in cookies, so credentials are not allowed.
pub fn cors_from_env() -> Option<tower_http::cors::CorsLayer> {
    let origins = std::env::var("PORTAL_CORS_ORIGINS").ok()?;
    cors(&origins)
}

pub fn cors(origins: &str) -> Option<tower_http::cors::CorsLayer> {
    use tower_http::cors::{AllowOrigin, CorsLayer};
    let origins: Vec<HeaderValue> = origins.split(',').map(str::trim).filter(|o| !o.is_empty()).filter_map(|o| HeaderValue::from_str(o).ok()).collect();
    if origins.is_empty() {
        return None;
    }
    Some(
        CorsLayer::new()
            .allow_origin(AllowOrigin::list(origins))
            .allow_methods([http::Method::GET, http::Method::POST, http::Method::PUT, http::Method::DELETE])
            .allow_headers([http::header::AUTHORIZATION, http::header::CONTENT_TYPE])
            .max_age(std::time::Duration::from_secs(600)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower::ServiceExt;

    async fn preflight(router: Router, origin: &str) -> Option<String> {
        let request = http::Request::builder()
            .method("OPTIONS")
            .uri("/api/x")
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "authorization,content-type")
            .body(Body::empty())
            .unwrap();
        let response = router.oneshot(request).await.unwrap();
        response.headers().get("access-control-allow-origin").map(|v| v.to_str().unwrap().to_string())
    }

    #[tokio::test]
    async fn configured_origins_and_only_they_may_call_across_origins() {
        let router = || Router::new().route("/api/x", axum::routing::post(|| async { "ok" })).layer(cors(" https://portal.mh.gov.in , https://ops.mh.gov.in").unwrap());
        assert_eq!(preflight(router(), "https://portal.mh.gov.in").await.as_deref(), Some("https://portal.mh.gov.in"));
        assert_eq!(preflight(router(), "https://ops.mh.gov.in").await.as_deref(), Some("https://ops.mh.gov.in"));
        assert_eq!(preflight(router(), "https://evil.example").await, None);
        assert!(cors(" , ").is_none(), "an empty setting leaves CORS closed");
    }
}
