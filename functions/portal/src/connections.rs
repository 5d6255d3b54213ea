//! How the embedded server takes connections. axum's own `serve` waits for a request's
//! headers for as long as a client cares to take, so a few hundred connections that each send
//! half a header line hold the server's sockets for ever, before anyone has signed in. Here:
//!
//! - HTTP/1.1 (what a browser speaks to a plain-HTTP portal, and what a reverse proxy in front
//!   speaks to it), with a header read timeout: a request's headers must arrive whole within
//!   `PORTAL_HEADER_TIMEOUT_SECONDS` (30, the most it may be) of its first byte, or of the
//!   connection's start, or the connection is closed;
//! - at most `PORTAL_MAX_CONNECTIONS_PER_CLIENT` (128) open connections from one client
//!   address; one more is closed at once. A trusted proxy (`PORTAL_TRUSTED_PROXIES`) carries
//!   everyone's connections and is not counted.
//! - On Ctrl-C or SIGTERM no new connection is taken, and those open finish the request they
//!   are answering.

use anyhow::Context;
use axum::extract::connect_info::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tower::ServiceExt;

/// What bounds a client's connections.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub header_timeout: Duration,
    pub per_client: usize,
}

impl Limits {
    /// The longest a request's headers may take: a client slower than this is not a browser.
    pub const MOST_HEADER_SECONDS: u64 = 30;

    /// From `PORTAL_HEADER_TIMEOUT_SECONDS` (1 to 30) and `PORTAL_MAX_CONNECTIONS_PER_CLIENT`
    /// (at least 1); a value out of range stops the start.
    pub fn from_env() -> anyhow::Result<Limits> {
        let number = |name: &str, default: u64, least: u64, most: u64| -> anyhow::Result<u64> {
            let Ok(text) = std::env::var(name) else { return Ok(default) };
            let within = text.trim().parse::<u64>().ok().filter(|n| (least..=most).contains(n));
            within.with_context(|| format!("{name}={text:?}: give a whole number from {least} to {most}"))
        };
        Ok(Limits {
            header_timeout: Duration::from_secs(number("PORTAL_HEADER_TIMEOUT_SECONDS", Self::MOST_HEADER_SECONDS, 1, Self::MOST_HEADER_SECONDS)?),
            per_client: number("PORTAL_MAX_CONNECTIONS_PER_CLIENT", 128, 1, 1_000_000)? as usize,
        })
    }
}

/// The open connections of each client address.
#[derive(Clone, Default)]
struct OpenConnections(Arc<Mutex<HashMap<IpAddr, usize>>>);

/// One counted connection, uncounted when dropped.
struct Counted {
    open: OpenConnections,
    client: IpAddr,
}

impl OpenConnections {
    /// Counts a connection from `client`, unless it already has `most` open.
    fn admit(&self, client: IpAddr, most: usize) -> Option<Counted> {
        let mut open = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(client).or_insert(0);
        if *count >= most {
            return None;
        }
        *count += 1;
        Some(Counted { open: self.clone(), client })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self.open.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.client);
            }
        }
    }
}

async fn refused_accept(e: &std::io::Error) {
    tracing::warn!(error = %e, "cannot accept a connection");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

/// Serves `app` on `listener` until `shutdown` completes, then lets the open connections
/// finish their requests. `uncounted` says which peers carry other clients' connections.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    limits: Limits,
    uncounted: impl Fn(IpAddr) -> bool + Send + 'static,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let open = OpenConnections::default();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut connections = tokio::task::JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors, or a connection reset before it was taken: wait a
                // moment rather than spin.
                Err(e) => {
                    refused_accept(&e).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        while connections.try_join_next().is_some() {}
        let counted = if uncounted(peer.ip()) {
            None
        } else {
            match open.admit(peer.ip(), limits.per_client) {
                Some(counted) => Some(counted),
                None => {
                    tracing::warn!(client = %peer.ip(), most = limits.per_client, "a client opened more connections than allowed; this one is closed");
                    drop(stream);
                    continue;
                }
            }
        };
        let _ = stream.set_nodelay(true);
        let service = app.clone().layer(axum::Extension(ConnectInfo(peer)));
        let hyper_service = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| service.clone().oneshot(request.map(axum::body::Body::new)));
        let mut stopped = stopped.clone();
        connections.spawn(async move {
            let _counted = counted;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
            let connection = builder.serve_connection(TokioIo::new(stream), hyper_service);
            tokio::pin!(connection);
            let stop = async move {
                // The guard `wait_for` answers is not held across the await below.
                let _ = stopped.wait_for(|stop| *stop).await.map(|_| ());
            };
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stop => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    drop(listener);
    let _ = stop.send(true);
    // Requests under way finish; a connection that will not is left after a minute.
    let _ = tokio::time::timeout(Duration::from_secs(60), async { while connections.join_next().await.is_some() {} }).await;
    Ok(())
}
