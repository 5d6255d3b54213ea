//! `portal check`: looks a data directory over, cheaply and without changing it, and says
//! plainly what is wrong: the database's own integrity check and foreign keys, and the
//! secret files. A restore runs the same database checks on an archive's snapshot before it
//! puts anything in place.

use super::{counted, ATTACHMENTS, DATABASE};
use rusqlite::{Connection, OpenFlags};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// The most lines one check reports: a badly damaged file would otherwise list thousands.
const MOST: usize = 20;

/// One finding: fine, or a problem said as what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    Ok(String),
    Problem(String),
}

/// Every finding, in the order checked.
#[derive(Debug, Default)]
pub struct Report {
    pub findings: Vec<Finding>,
}

impl Report {
    pub fn ok(&mut self, text: impl Into<String>) {
        self.findings.push(Finding::Ok(text.into()));
    }

    pub fn problem(&mut self, text: impl Into<String>) {
        self.findings.push(Finding::Problem(text.into()));
    }

    pub fn problems(&self) -> impl Iterator<Item = &str> {
        self.findings.iter().filter_map(|f| match f {
            Finding::Problem(text) => Some(text.as_str()),
            Finding::Ok(_) => None,
        })
    }

    pub fn is_ok(&self) -> bool {
        self.problems().next().is_none()
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for finding in &self.findings {
            match finding {
                Finding::Ok(text) => writeln!(f, "OK       {text}")?,
                Finding::Problem(text) => writeln!(f, "PROBLEM  {text}")?,
            }
        }
        match self.problems().count() {
            0 => writeln!(f, "All checks passed."),
            n => writeln!(f, "{} found.", counted(n as u64, "problem", "problems")),
        }
    }
}

/// Checks the data directory `data_dir`. Safe beside a running portal: it only reads.
pub fn check(data_dir: &Path) -> Report {
    let mut report = Report::default();
    if !data_dir.is_dir() {
        report.problem(format!("{} is not a directory", data_dir.display()));
        return report;
    }
    database(&data_dir.join(DATABASE), &mut report);
    secrets(data_dir, &mut report);
    attachments(&data_dir.join(ATTACHMENTS), &mut report);
    report
}

/// The database's checks alone, for a restore's snapshot.
pub fn database_only(path: &Path) -> Report {
    let mut report = Report::default();
    database(path, &mut report);
    report
}

/// SQLite's own integrity check (every page, index and constraint), then the foreign keys.
/// The audit trail's hash chain, once records carry one, is checked here too, over the same
/// connection: a broken link is a problem like any other.
fn database(path: &Path, report: &mut Report) {
    if !path.is_file() {
        report.problem(format!("{DATABASE} is missing"));
        return;
    }
    let opened = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX);
    let conn = match opened.and_then(|c| c.busy_timeout(std::time::Duration::from_secs(30)).map(|_| c)) {
        Ok(conn) => conn,
        Err(e) => return report.problem(format!("{DATABASE} cannot be opened: {e}")),
    };
    match rows(&conn, &format!("PRAGMA integrity_check({MOST})"), |row| row.get::<_, String>(0)) {
        Ok(lines) if lines == ["ok"] => report.ok(format!("{DATABASE}: integrity check passed")),
        // The foreign keys of a damaged file say nothing more.
        Ok(lines) => return lines.into_iter().for_each(|line| report.problem(format!("{DATABASE} is damaged: {line}"))),
        Err(e) => return report.problem(format!("{DATABASE} is damaged: {e}")),
    }
    let broken = rows(&conn, "PRAGMA foreign_key_check", |row| {
        Ok(format!("a row of {} (rowid {}) refers to a missing row of {}", row.get::<_, String>(0)?, row.get::<_, Option<i64>>(1)?.map_or("none".into(), |r| r.to_string()), row.get::<_, String>(2)?))
    });
    match broken {
        Ok(lines) if lines.is_empty() => report.ok(format!("{DATABASE}: every foreign key refers to its row")),
        Ok(lines) => {
            let more = lines.len().saturating_sub(MOST);
            lines.into_iter().take(MOST).for_each(|line| report.problem(format!("{DATABASE}: {line}")));
            if more > 0 {
                report.problem(format!("{DATABASE}: and {} more", counted(more as u64, "broken reference", "broken references")));
            }
        }
        Err(e) => report.problem(format!("{DATABASE}: the foreign keys cannot be checked: {e}")),
    }
}

fn rows<T>(conn: &Connection, sql: &str, f: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>) -> rusqlite::Result<Vec<T>> {
    conn.prepare(sql)?.query_map([], f)?.collect()
}

/// The secrets, each a hex key of at least 32 bytes that its owner alone may read: the JWT
/// secret must be there (without it every session ends and every signed link dies); the key
/// that seals second factors and the JWT secret before a rotation, where present.
fn secrets(data_dir: &Path, report: &mut Report) {
    for (name, required) in [("jwt-secret", true), ("jwt-secret.previous", false), ("secrets-key", false)] {
        match secret_file(&data_dir.join(name)) {
            Ok(Some(bytes)) => match hex::decode(String::from_utf8_lossy(&bytes).trim()) {
                Ok(key) if key.len() >= 32 => report.ok(format!("{name}: readable, its owner's alone")),
                _ => report.problem(format!("{name} is damaged: it is not a hex key of at least 32 bytes")),
            },
            Ok(None) if required => report.problem(format!("{name} is missing: a portal started here would end every session")),
            Ok(None) => {}
            Err(problem) => report.problem(problem),
        }
    }
}

/// A secret's bytes (`None` when absent), or what is wrong with it: unreadable, or readable
/// by others than its owner.
fn secret_file(path: &Path) -> Result<Option<Vec<u8>>, String> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{name} cannot be read: {e}")),
    };
    let mode = std::fs::metadata(path).map_err(|e| format!("{name}: {e}"))?.permissions().mode();
    if mode & 0o077 != 0 {
        return Err(format!("{name} may be read by others than its owner (mode {:o}): chmod 600 it", mode & 0o777));
    }
    Ok(Some(bytes))
}

/// The attachments' folder: readable, and how many files it holds.
fn attachments(dir: &Path, report: &mut Report) {
    if !dir.exists() {
        return report.ok(format!("{ATTACHMENTS}/: none yet"));
    }
    match count_files(dir) {
        Ok(n) => report.ok(format!("{ATTACHMENTS}/: {}", counted(n, "file", "files"))),
        Err(e) => report.problem(format!("{ATTACHMENTS}/ cannot be read: {e}")),
    }
}

/// The regular files in the tree under `dir`.
fn count_files(dir: &Path) -> std::io::Result<u64> {
    let mut n = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        if kind.is_dir() {
            n += count_files(&entry.path())?;
        } else if kind.is_file() {
            n += 1;
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn private(path: &Path, bytes: &[u8]) {
        fs::write(path, bytes).unwrap();
        fs::set_permissions(path, fs::Permissions::from_mode(0o600)).unwrap();
    }

    fn good_dir() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let conn = Connection::open(dir.path().join(DATABASE)).unwrap();
        conn.execute_batch("PRAGMA foreign_keys=ON; CREATE TABLE a (id INTEGER PRIMARY KEY); CREATE TABLE b (a INTEGER REFERENCES a (id)); INSERT INTO a VALUES (1); INSERT INTO b VALUES (1);").unwrap();
        private(&dir.path().join("jwt-secret"), hex::encode([7u8; 64]).as_bytes());
        dir
    }

    #[test]
    fn a_good_directory_passes() {
        let dir = good_dir();
        let report = check(dir.path());
        assert!(report.is_ok(), "{report}");
        assert!(report.to_string().ends_with("All checks passed.\n"));
    }

    #[test]
    fn a_broken_foreign_key_is_named() {
        let dir = good_dir();
        Connection::open(dir.path().join(DATABASE)).unwrap().execute_batch("PRAGMA foreign_keys=OFF; INSERT INTO b VALUES (9);").unwrap();
        let report = check(dir.path());
        assert_eq!(report.problems().collect::<Vec<_>>(), ["portal.db: a row of b (rowid 2) refers to a missing row of a"]);
    }

    #[test]
    fn secrets_must_be_there_whole_and_private() {
        let dir = good_dir();
        let secret = dir.path().join("jwt-secret");
        fs::set_permissions(&secret, fs::Permissions::from_mode(0o644)).unwrap();
        assert!(check(dir.path()).problems().any(|p| p.contains("chmod 600")));
        private(&secret, b"not hex");
        assert!(check(dir.path()).problems().any(|p| p.contains("damaged")));
        fs::remove_file(&secret).unwrap();
        assert!(check(dir.path()).problems().any(|p| p.contains("jwt-secret is missing")));
        private(&dir.path().join("secrets-key"), b"");
        assert!(check(dir.path()).problems().any(|p| p.starts_with("secrets-key is damaged")));
    }

    #[test]
    fn a_missing_database_is_said() {
        let dir = tempfile::tempdir().unwrap();
        assert!(check(dir.path()).problems().any(|p| p == "portal.db is missing"));
    }
}
