//! Where a request came from, for sessions and the audit trail: an address the client
//! cannot choose. `X-Forwarded-For` is text the client sends as it likes, so it is believed
//! only from a socket peer that is one of the department's own proxies
//! (`PORTAL_TRUSTED_PROXIES`), and then only as far as their own entries go. On Lambda the
//! address is the one API Gateway saw the connection come from, never a header.

use axum::extract::{ConnectInfo, FromRequestParts};
use http::request::Parts;
use ipnet::IpNet;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};

#[derive(Clone, Debug, Default)]
pub struct ClientInfo(pub auth::RequestContext);

/// What is recorded when a request has no peer to name: a router called in-process (the API
/// tests, tools), never one served from a socket or by API Gateway.
pub const UNKNOWN_IP: &str = "unknown";

/// The proxies whose `X-Forwarded-For` is believed. The embedded portal adds them to every
/// request as an extension (`axum::Extension`), read once at start; a router without one
/// believes no header, so forgetting it fails safe.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    pub const VARIABLE: &'static str = "PORTAL_TRUSTED_PROXIES";

    /// A comma-separated list of addresses and CIDR ranges (`10.0.0.5, 192.168.0.0/16`);
    /// empty trusts none.
    pub fn parse(list: &str) -> Result<TrustedProxies, String> {
        list.split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                entry
                    .parse::<IpNet>()
                    .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| format!("{}: {entry:?} is neither an IP address nor a CIDR range", Self::VARIABLE))
            })
            .collect::<Result<_, _>>()
            .map(TrustedProxies)
    }

    /// From `PORTAL_TRUSTED_PROXIES`, unset trusting none. A mistyped entry stops the start
    /// rather than being skipped: the portal must not trust more, or fewer, than meant.
    pub fn from_env() -> anyhow::Result<TrustedProxies> {
        let list = std::env::var(Self::VARIABLE).unwrap_or_default();
        Self::parse(&list).map_err(anyhow::Error::msg)
    }

    /// Whether `ip` is one of the trusted proxies.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client of a request that came from `peer` with these `X-Forwarded-For` values:
    /// `peer` unless it is a trusted proxy. Each proxy appends the address it was reached
    /// from, so the header is read from the right, and the first address that is not a
    /// trusted proxy is the client; whatever stands left of it was written by the client
    /// and may be anything. An entry that is not an address ends the walk at the proxy that
    /// passed it on.
    pub fn client(&self, peer: IpAddr, forwarded_for: &[&str]) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.trusts(client) {
            return client;
        }
        for entry in forwarded_for.iter().flat_map(|value| value.split(',')).rev() {
            let Some(hop) = hop(entry) else { break };
            client = hop;
            if !self.trusts(hop) {
                break;
            }
        }
        client
    }
}

/// One entry of `X-Forwarded-For`: an address, with a port as some proxies write it.
fn hop(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim();
    let ip = entry.parse::<IpAddr>().ok().or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()))?;
    // An IPv4 client of a dual-stack listener is written ::ffff:a.b.c.d.
    Some(ip.to_canonical())
}

fn client_ip(parts: &Parts) -> String {
    #[cfg(feature = "cloud")]
    if let Some(lambda_http::request::RequestContext::ApiGatewayV2(ctx)) = parts.extensions.get::<lambda_http::request::RequestContext>() {
        return ctx.http.source_ip.clone().unwrap_or_else(|| UNKNOWN_IP.into());
    }
    if let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() {
        // A value that is not text cannot be read past: it ends the walk like a bad entry.
        let forwarded: Vec<&str> = parts.headers.get_all("x-forwarded-for").iter().map(|v| v.to_str().unwrap_or("?")).collect();
        let trusted = parts.extensions.get::<TrustedProxies>().cloned().unwrap_or_default();
        return trusted.client(peer.ip(), &forwarded).to_string();
    }
    UNKNOWN_IP.into()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn the_list_takes_addresses_and_cidr_ranges_and_refuses_anything_else() {
        let trusted = TrustedProxies::parse(" 10.0.0.0/8, 192.168.1.7 ,fd00::/8,").unwrap();
        assert!(trusted.trusts(ip("10.200.3.4")));
        assert!(trusted.trusts(ip("192.168.1.7")));
        assert!(!trusted.trusts(ip("192.168.1.8")), "a bare address is that address alone");
        assert!(trusted.trusts(ip("fd12::1")));
        assert!(!trusted.trusts(ip("11.0.0.1")));
        assert_eq!(TrustedProxies::parse("").unwrap(), TrustedProxies::default());
        assert_eq!(TrustedProxies::parse(" , ").unwrap(), TrustedProxies::default());
        assert_eq!(TrustedProxies::parse("10.0.0.0/33").unwrap_err(), "PORTAL_TRUSTED_PROXIES: \"10.0.0.0/33\" is neither an IP address nor a CIDR range");
        assert!(TrustedProxies::parse("10.0.0.1, proxy.local").is_err());
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_its_header_says() {
        let none = TrustedProxies::default();
        assert_eq!(none.client(ip("198.51.100.7"), &["203.0.113.9"]), ip("198.51.100.7"));
        let office = TrustedProxies::parse("10.0.0.0/8").unwrap();
        assert_eq!(office.client(ip("198.51.100.7"), &["10.0.0.1, 203.0.113.9"]), ip("198.51.100.7"));
        assert_eq!(office.client(ip("::ffff:198.51.100.7"), &["203.0.113.9"]), ip("198.51.100.7"), "written as IPv4");
    }

    #[test]
    fn behind_trusted_proxies_the_right_most_address_that_is_not_one_is_the_client() {
        let proxies = TrustedProxies::parse("10.0.0.0/8, 192.168.1.7").unwrap();
        // The client forged the first entry; the proxies appended the rest.
        let chain = ["203.0.113.66, 198.51.100.20, 10.1.1.1", "192.168.1.7"];
        assert_eq!(proxies.client(ip("10.0.0.2"), &chain), ip("198.51.100.20"));
        assert_eq!(proxies.client(ip("10.0.0.2"), &["198.51.100.20:53122"]), ip("198.51.100.20"), "a port some proxies add");
        assert_eq!(proxies.client(ip("10.0.0.2"), &["[2001:db8::5]:443"]), ip("2001:db8::5"));
        assert_eq!(proxies.client(ip("10.0.0.2"), &[]), ip("10.0.0.2"), "no header: the proxy itself");
        assert_eq!(proxies.client(ip("10.0.0.2"), &["10.9.9.9, 10.0.0.3"]), ip("10.9.9.9"), "all proxies: the farthest");
        assert_eq!(proxies.client(ip("10.0.0.2"), &["198.51.100.20, not-an-ip, 10.0.0.3"]), ip("10.0.0.3"), "nothing left of garbage is believed");
        assert_eq!(proxies.client(ip("10.0.0.2"), &["198.51.100.20, ?"]), ip("10.0.0.2"));
    }

    async fn recorded(request: http::Request<()>) -> String {
        let (mut parts, ()) = request.into_parts();
        let ClientInfo(context) = ClientInfo::from_request_parts(&mut parts, &()).await.unwrap();
        context.ip
    }

    #[tokio::test]
    async fn the_extractor_reads_the_socket_then_the_header_only_from_a_trusted_peer() {
        let from = |peer: [u8; 4], trusted: Option<&str>| {
            let mut request = http::Request::builder().header("x-forwarded-for", "203.0.113.66").header("x-forwarded-for", "198.51.100.20");
            request = request.extension(ConnectInfo(SocketAddr::from((peer, 41000))));
            if let Some(list) = trusted {
                request = request.extension(TrustedProxies::parse(list).unwrap());
            }
            request.body(()).unwrap()
        };
        assert_eq!(recorded(from([127, 0, 0, 1], None)).await, "127.0.0.1", "no list: no header believed");
        assert_eq!(recorded(from([127, 0, 0, 1], Some("10.0.0.0/8"))).await, "127.0.0.1");
        assert_eq!(recorded(from([127, 0, 0, 1], Some("127.0.0.1"))).await, "198.51.100.20", "the second header field is the later hop");
        let no_socket = http::Request::builder().header("x-forwarded-for", "203.0.113.66").body(()).unwrap();
        assert_eq!(recorded(no_socket).await, UNKNOWN_IP, "called in-process, without a peer, and without a panic");
    }
}
