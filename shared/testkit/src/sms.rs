//! A real HTTP SMS gateway for the tests that send SMS: `sms_sink.py` (Python's own HTTP
//! server, from the project's virtualenv) on a loopback port, appending what it receives to a
//! file the test reads back, and answering 503 while told to fail.

use std::path::PathBuf;
use std::process::{Child, Command};

pub struct SmsSink {
    pub port: u16,
    log: PathBuf,
    child: Option<Child>,
}

impl SmsSink {
    /// Starts a gateway on a free port and waits until it listens.
    pub fn start() -> SmsSink {
        let port = crate::free_port();
        let python = crate::repo_root().join(".venv/bin/python");
        let log = std::env::temp_dir().join(crate::unique("sms-sink")).with_extension("jsonl");
        let mut command = Command::new(&python);
        command.arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("sms_sink.py")).arg(port.to_string()).arg(&log);
        let child = crate::start_listening(command, port, &format!("the SMS sink ({})", python.display()));
        SmsSink { port, log, child: Some(child) }
    }

    /// The gateway's address for `PORTAL_SMS_URL`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/send", self.port)
    }

    /// The requests received so far, oldest first: `method`, `path`, `authorization`,
    /// `body`, and the body read as `json` (or as a `form`).
    pub fn received(&self) -> Vec<serde_json::Value> {
        let Ok(text) = std::fs::read_to_string(&self.log) else { return Vec::new() };
        text.lines().filter_map(|line| serde_json::from_str(line).ok()).collect()
    }

    /// The next `n` requests are answered 503, as by a gateway that is down.
    pub fn fail_next(&self, n: u32) {
        std::fs::write(self.log.with_extension("jsonl.fail"), n.to_string()).expect("the sink's control file");
    }
}

impl Drop for SmsSink {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_file(&self.log);
        let _ = std::fs::remove_file(self.log.with_extension("jsonl.fail"));
    }
}
