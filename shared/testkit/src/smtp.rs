//! A real SMTP server for the notification tests: aiosmtpd (from the project's virtualenv)
//! on a loopback port, storing what it receives in a maildir the test reads back.

use std::path::PathBuf;
use std::process::{Child, Command};

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
        command.args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}"), "-c", "aiosmtpd.handlers.Mailbox"]).arg(&maildir);
        let child = crate::start_listening(command, port, &format!("aiosmtpd ({})", python.display()));
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
