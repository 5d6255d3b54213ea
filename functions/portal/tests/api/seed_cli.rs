//! `portal seed` run as a trainer or an IT team runs it: the data directory it leaves.

use std::process::Command;

/// The seed ends with its write-ahead log folded into the database file. SQLite folds it when
/// the last connection closes; the store's writer thread used to be left running as the
/// process ended, so its connection never closed, and the log held the seed's last batches
/// (814 MB at 5,000,000 cases): the directory was larger by them, and the portal's first start
/// read through them before its first answer (175 to 229 ms, against 46 to 59 ms folded).
#[test]
fn a_seeded_directory_holds_its_cases_in_the_file_and_no_log() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let seeded = Command::new(env!("CARGO_BIN_EXE_portal")).args(["seed", "--grievances", "500", "--data-dir"]).arg(&data).env("RUST_LOG", "warn").output().unwrap();
    assert!(seeded.status.success(), "{}", String::from_utf8_lossy(&seeded.stderr));
    let log = std::fs::metadata(data.join("portal.db-wal")).map(|m| m.len()).unwrap_or(0);
    assert_eq!(log, 0, "the seed left {log} bytes of write-ahead log");
    // Read from the file alone: a copy of the database file without its log holds every case.
    let copy = dir.path().join("copy.db");
    std::fs::copy(data.join("portal.db"), &copy).unwrap();
    let conn = rusqlite::Connection::open(&copy).unwrap();
    let cases: i64 = conn.query_row("SELECT count(*) FROM grievances", [], |r| r.get(0)).unwrap();
    assert_eq!(cases, 500);
}
