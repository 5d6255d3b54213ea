//! Test support shared by every crate's tests: a real moto server (DynamoDB and S3 protocol)
//! on a free loopback port, an SMTP server (`smtp`), an HTTP SMS gateway (`sms`), and unique
//! names so tests never see each other's data.

pub mod sms;
pub mod smtp;

use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The repository's root directory.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

/// A port nothing listens on right now.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

/// A name no other test of this run uses: for tables, buckets, emails.
pub fn unique(prefix: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    format!("{prefix}-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed))
}

/// The command that runs moto: the project's virtualenv Python with `moto_serial.py`
/// (see there why), or `$MOTO_SERVER` when set.
fn moto_command() -> Command {
    if let Some(path) = std::env::var_os("MOTO_SERVER") {
        return Command::new(path);
    }
    let python = repo_root().join(".venv/bin/python");
    assert!(
        repo_root().join(".venv/bin/moto_server").exists(),
        "moto is not installed in {}: run `make venv` (make test does it for you)",
        repo_root().join(".venv").display()
    );
    let mut command = Command::new(python);
    command.arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("moto_serial.py"));
    command
}

/// The endpoint of this test process's moto server, started on first use. The server is
/// killed by the kernel when this process exits (PR_SET_PDEATHSIG), however the tests end.
pub fn moto_endpoint() -> &'static str {
    static ENDPOINT: OnceLock<String> = OnceLock::new();
    ENDPOINT.get_or_init(|| {
        let port = free_port();
        let (tx, rx) = std::sync::mpsc::channel();
        // The death signal fires when the *thread* that spawned the child ends, so spawn it
        // from a thread that lives as long as the process.
        std::thread::spawn(move || {
            let mut command = moto_command();
            command.args(["-H", "127.0.0.1", "-p", &port.to_string()]).stdout(Stdio::null()).stderr(Stdio::null());
            // SAFETY: prctl is async-signal-safe and touches no memory of the parent.
            unsafe {
                command.pre_exec(|| {
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                    Ok(())
                });
            }
            let child = command.spawn();
            let _ = tx.send(child.map(|_| ()).map_err(|e| e.to_string()));
            loop {
                std::thread::park();
            }
        });
        rx.recv().unwrap().unwrap_or_else(|e| panic!("cannot start moto: {e}"));
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "moto_server did not start listening on port {port}");
            std::thread::sleep(Duration::from_millis(100));
        }
        format!("http://127.0.0.1:{port}")
    })
}

/// Starts `command`, its output dropped and killed by the kernel should the thread that
/// started it end first (PR_SET_PDEATHSIG), and waits until it listens on `port`: the local
/// servers the tests send through (`smtp`, `sms`). `what` names it in a failure.
pub(crate) fn start_listening(mut command: Command, port: u16, what: &str) -> std::process::Child {
    command.stdout(Stdio::null()).stderr(Stdio::null());
    // SAFETY: prctl is async-signal-safe and touches no memory of the parent.
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    let child = command.spawn().unwrap_or_else(|e| panic!("cannot start {what} (`make venv` installs what it needs): {e}"));
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "{what} did not start listening on port {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}
