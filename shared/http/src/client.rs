//! Where a request came from, for sessions and the audit trail.

use axum::extract::{ConnectInfo, FromRequestParts};
use http::request::Parts;
use std::convert::Infallible;
use std::net::SocketAddr;

#[derive(Clone, Debug, Default)]
pub struct ClientInfo(pub auth::RequestContext);

fn client_ip(parts: &Parts) -> String {
    // Behind CloudFront and API Gateway (or a department's own proxy) the first hop of
    // X-Forwarded-For is the client; the socket is the proxy.
    if let Some(first) = parts
        .headers
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .map(str::trim)
        .filter(|v| !v.is_empty())
    {
        return first.chars().take(64).collect();
    }
    if let Some(ConnectInfo(addr)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() {
        return addr.ip().to_string();
    }
    if let Some(lambda_http::request::RequestContext::ApiGatewayV2(ctx)) = parts.extensions.get::<lambda_http::request::RequestContext>() {
        if let Some(ip) = &ctx.http.source_ip {
            return ip.clone();
        }
    }
    "unknown".into()
}

impl<S: Send + Sync> FromRequestParts<S> for ClientInfo {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let user_agent = parts
            .headers
            .get(http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.chars().take(512).collect())
            .unwrap_or_default();
        Ok(ClientInfo(auth::RequestContext { ip: client_ip(parts), user_agent }))
    }
}
