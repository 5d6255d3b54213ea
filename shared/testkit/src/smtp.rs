//! A real SMTP server for the notification tests: aiosmtpd (from the project's virtualenv)
//! on a loopback port, storing what it receives in a maildir the test reads back.

use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct SmtpServer {
    pub port: u16,
    maildir: PathBuf,
    child: Option<Child>,
}

impl SmtpServer {
    /// Starts a server on `port` (see [`crate::free_port`]) and waits until it listens.
    pub fn start(port: u16) -> SmtpServer {
        let python = crate::repo_root().join(".venv/bin/python");
        let maildir = std::env::temp_dir().join(crate::unique("maildir"));
        let mut command = Command::new(&python);
        command
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}"), "-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&maildir)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: prctl is async-signal-safe and touches no memory of the parent.
        unsafe {
            command.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
        let child = command.spawn().unwrap_or_else(|e| panic!("cannot start aiosmtpd ({}; `make venv` installs it): {e}", python.display()));
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "aiosmtpd did not start listening on port {port}");
            std::thread::sleep(Duration::from_millis(100));
        }
        SmtpServer { port, maildir, child: Some(child) }
    }

    /// The messages received so far, as their raw text, in no particular order.
    pub fn messages(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.maildir.join("new")) else { return Vec::new() };
        entries.filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok()).collect()
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.maildir);
    }
}
