//! The real binary against clients that hold connections open: one that never finishes its
//! headers (or sends nothing) is closed within the header read timeout, and one client
//! address holds at most its share of connections, while everyone else is served.

use crate::common::{serve, wait_ready};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Reads until the server closes the connection (or `most` passes): how long it took.
async fn closed_after(stream: &mut TcpStream, most: Duration) -> Option<Duration> {
    let start = Instant::now();
    let mut buffer = [0u8; 1024];
    loop {
        match tokio::time::timeout(most.saturating_sub(start.elapsed()), stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return Some(start.elapsed()),
            Ok(Ok(_)) => continue,
            Err(_) => return None,
        }
    }
}

async fn health(stream: &mut TcpStream) -> String {
    stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: portal\r\n\r\n").await.unwrap();
    let mut buffer = [0u8; 256];
    let n = stream.read(&mut buffer).await.unwrap();
    String::from_utf8_lossy(&buffer[..n]).lines().next().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_never_finishes_its_headers_is_closed_within_35_s() {
    let dir = tempfile::tempdir().unwrap();
    let port = testkit::free_port();
    let mut portal = serve(dir.path(), port);
    let base = format!("http://127.0.0.1:{port}");
    wait_ready(&reqwest::Client::new(), &base).await;

    let mut partial = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    partial.write_all(b"GET /api/health HTTP/1.1\r\nHost: portal\r\nX-Slow: ").await.unwrap();
    let mut silent = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let mut working = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let (partial, silent, served) = tokio::join!(
        closed_after(&mut partial, Duration::from_secs(40)),
        closed_after(&mut silent, Duration::from_secs(40)),
        async {
            tokio::time::sleep(Duration::from_secs(5)).await;
            health(&mut working).await
        }
    );
    assert_eq!(served, "HTTP/1.1 200 OK", "a whole request beside them is answered");
    for (what, closed) in [("half a header line", partial), ("nothing at all", silent)] {
        let closed = closed.unwrap_or_else(|| panic!("a connection that sent {what} was still open after 40 s"));
        assert!(closed >= Duration::from_secs(25) && closed <= Duration::from_secs(35), "a connection that sent {what} was closed after {closed:?}");
    }
    portal.kill().unwrap();
    portal.wait().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_client_holds_at_most_its_share_of_connections() {
    let dir = tempfile::tempdir().unwrap();
    let port = testkit::free_port();
    let mut portal = std::process::Command::new(env!("CARGO_BIN_EXE_portal"))
        .args(["serve", "--port", &port.to_string(), "--data-dir"])
        .arg(dir.path())
        .args(["--web-dir", "/nonexistent"])
        .env("PORTAL_MAX_CONNECTIONS_PER_CLIENT", "4")
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let client = reqwest::Client::builder().pool_max_idle_per_host(0).build().unwrap();
    let base = format!("http://127.0.0.1:{port}");
    wait_ready(&client, &base).await;
    // wait_ready's connections are closed: the four below are the client's only ones.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(TcpStream::connect(("127.0.0.1", port)).await.unwrap());
    }
    let mut fifth = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let closed = closed_after(&mut fifth, Duration::from_secs(5)).await;
    assert!(closed.is_some_and(|after| after < Duration::from_secs(2)), "the fifth connection is closed at once: {closed:?}");
    assert_eq!(health(&mut held[0]).await, "HTTP/1.1 200 OK", "the four are served");
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    assert_eq!(health(&mut again).await, "HTTP/1.1 200 OK", "a place freed is taken again");
    portal.kill().unwrap();
    portal.wait().unwrap();
}
