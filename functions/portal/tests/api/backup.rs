//! `portal backup`, `portal restore` and `portal check`, run as an operator runs them: the real
//! binary, beside a real portal serving a stream of writes.
//!
//! A backup taken while eight writers file grievances holds every grievance answered before it
//! began, and the portal restored from it agrees with itself: the list's count, the dashboard's
//! figures and the audit trail. A restore refuses a directory in use and a damaged archive,
//! and `portal check` finds a damaged page.

use crate::common;

use serde_json::{json, Value};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const WRITERS: usize = 8;
/// How long the writers write, and when, meanwhile, the backup begins.
const WRITING: Duration = Duration::from_secs(10);
const BACKUP_AT: Duration = Duration::from_secs(5);

/// `portal <args>`, run to its end.
fn portal(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_portal")).args(args).env("RUST_LOG", "warn").output().expect("portal runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn backup(data: &Path, to: &Path) -> Output {
    portal(&["backup".as_ref(), "--to".as_ref(), to.as_os_str(), "--data-dir".as_ref(), data.as_os_str()])
}

fn restore(from: &Path, into: &Path, force: bool) -> Output {
    let mut args = vec!["restore".as_ref(), "--from".as_ref(), from.as_os_str(), "--data-dir".as_ref(), into.as_os_str()];
    if force {
        args.push("--force".as_ref());
    }
    portal(&args)
}

fn check(data: &Path) -> Output {
    portal(&["check".as_ref(), "--data-dir".as_ref(), data.as_os_str()])
}

/// A small data directory (`portal seed`, 20 grievances) with one attachment file, the
/// database's log folded into the file, as a stopped portal leaves it.
fn small_data_dir(dir: &Path) -> PathBuf {
    let data = dir.join("data");
    let seeded = portal(&["seed".as_ref(), "--grievances".as_ref(), "20".as_ref(), "--data-dir".as_ref(), data.as_os_str()]);
    assert!(seeded.status.success(), "{}", text(&seeded.stderr));
    std::fs::write(data.join("attachments/grievance-1.test.0123456789ab.pdf"), b"%PDF-1.4 evidence").unwrap();
    let conn = rusqlite::Connection::open(data.join("portal.db")).unwrap();
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).unwrap();
    data
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}

/// Files grievances through the API until `until`; answers each one's id and the instant
/// its answer arrived.
async fn write_grievances(client: reqwest::Client, base: String, token: String, writer: usize, until: Instant) -> Vec<(i64, Instant)> {
    let mut answered = Vec::new();
    while Instant::now() < until {
        let body = json!({"fir_no": format!("BACKUP-{writer}-{}", answered.len()), "fir_date": "2026-01-10", "section_and_act": "379 IPC", "crime_title": "Theft",
            "district": "Central District", "police_station": "Civil Lines", "brief_details": "Filed while a backup is being taken."});
        let response = client.post(format!("{base}/api/grievances")).bearer_auth(&token).json(&body).send().await.unwrap();
        assert!(response.status().is_success(), "filing answered {}", response.status());
        let id = response.json::<Value>().await.unwrap()["data"]["id"].as_i64().unwrap();
        answered.push((id, Instant::now()));
    }
    answered
}

async fn get(client: &reqwest::Client, base: &str, token: &str, path: &str) -> reqwest::Response {
    client.get(format!("{base}{path}")).bearer_auth(token).send().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_backup_taken_under_load_restores_every_answered_grievance() {
    let dir = tempfile::tempdir().unwrap();
    let (data, archive, restored) = (dir.path().join("data"), dir.path().join("backups/under-load.tar.gz"), dir.path().join("restored"));
    let client = reqwest::Client::new();
    let port = testkit::free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut serving = common::serve(&data, port);
    common::wait_ready(&client, &base).await;
    let token = common::sign_in(&client, &base).await;

    let until = Instant::now() + WRITING;
    let writers: Vec<_> = (0..WRITERS).map(|w| tokio::spawn(write_grievances(client.clone(), base.clone(), token.clone(), w, until))).collect();
    tokio::time::sleep(BACKUP_AT).await;
    let began = Instant::now();
    let taken = tokio::process::Command::new(env!("CARGO_BIN_EXE_portal")).arg("backup").arg("--to").arg(&archive).arg("--data-dir").arg(&data).output().await.unwrap();
    let backup_took = began.elapsed();
    assert!(taken.status.success(), "{}", text(&taken.stderr));
    let mut answered = Vec::new();
    for writer in writers {
        answered.extend(writer.await.unwrap());
    }
    serving.kill().unwrap();
    serving.wait().unwrap();
    let before: Vec<i64> = answered.iter().filter(|(_, at)| *at < began).map(|(id, _)| *id).collect();
    assert!(!before.is_empty(), "the writers were answered before the backup began");
    let archive_bytes = std::fs::metadata(&archive).unwrap().len();
    assert_eq!(std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&archive).unwrap().permissions()) & 0o777, 0o600, "the archive holds the secrets");
    assert_eq!(names_in(archive.parent().unwrap()), ["under-load.tar.gz"], "nothing is left beside the archive");

    let restoring = Instant::now();
    let put_back = restore(&archive, &restored, false);
    let restore_took = restoring.elapsed();
    assert!(put_back.status.success(), "{}", text(&put_back.stderr));
    let port = testkit::free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut again = common::serve(&restored, port);
    common::wait_ready(&client, &base).await;
    let token = common::sign_in(&client, &base).await;

    // Every grievance answered before the backup began, by id, eight at a time.
    let lookups: Vec<_> = (0..WRITERS)
        .map(|w| {
            let ids: Vec<i64> = before.iter().copied().skip(w).step_by(WRITERS).collect();
            let (client, base, token) = (client.clone(), base.clone(), token.clone());
            tokio::spawn(async move {
                for id in ids {
                    let status = get(&client, &base, &token, &format!("/api/grievances/{id}")).await.status();
                    assert_eq!(status, 200, "grievance {id}, answered before the backup began, was restored");
                }
            })
        })
        .collect();
    for lookup in lookups {
        lookup.await.unwrap();
    }
    // The list counts what it lists, and that is every row of the restored database.
    let mut listed = HashSet::new();
    let mut cursor = String::new();
    let total = loop {
        let page: Value = get(&client, &base, &token, &format!("/api/grievances?limit=200{cursor}")).await.json().await.unwrap();
        listed.extend(page["data"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()));
        match page["next_cursor"].as_str() {
            Some(c) => cursor = format!("&cursor={c}"),
            None => break page["total"].as_i64().unwrap(),
        }
    };
    let conn = rusqlite::Connection::open_with_flags(restored.join("portal.db"), rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let rows: i64 = conn.query_row("SELECT count(*) FROM grievances", [], |r| r.get(0)).unwrap();
    assert_eq!((total, listed.len() as i64), (rows, rows), "the list's total and its rows are the database's rows");
    let filed: HashSet<i64> = answered.iter().map(|(id, _)| *id).collect();
    assert!(listed.is_subset(&filed), "the restored portal holds only grievances that were filed");
    let stats: Value = get(&client, &base, &token, "/api/grievances/stats").await.json().await.unwrap();
    let counted: i64 = stats["byStatus"].as_array().unwrap().iter().map(|s| s["count"].as_i64().unwrap()).sum();
    assert_eq!(counted, rows, "the dashboard counts every restored grievance");
    // Each restored grievance has its CREATED record.
    let mut created = HashSet::new();
    loop {
        let page: Value = get(&client, &base, &token, &format!("/api/audit/all?action=CREATED&limit=500&offset={}", created.len())).await.json().await.unwrap();
        let records = page.as_array().unwrap();
        created.extend(records.iter().map(|r| r["grievance_id"].as_i64().unwrap()));
        if records.len() < 500 {
            break;
        }
    }
    assert_eq!(created, listed, "every restored grievance has its CREATED audit record, and no other grievance has one");
    again.kill().unwrap();
    again.wait().unwrap();
    // The restored trail's chains hold: every record's hash and link, under the key the
    // archive carried (audit-key), checked by the restored directory's own `portal check`.
    let checked = check(&restored);
    let said = text(&checked.stdout);
    assert!(checked.status.success(), "{said}");
    let chains = said.lines().find(|l| l.contains("audit trail")).unwrap_or_default().to_string();
    assert!(chains.starts_with("OK") && chains.contains("every hash and link holds"), "{said}");
    println!(
        "{} grievances filed by {WRITERS} writers in {} s; {} answered before the backup began; the backup took {:.2} s and holds {rows} \
         ({archive_bytes} bytes); the restore took {:.2} s; {chains}",
        answered.len(),
        WRITING.as_secs(),
        before.len(),
        backup_took.as_secs_f64(),
        restore_took.as_secs_f64()
    );
}

#[test]
fn a_restore_refuses_a_directory_that_holds_anything_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let data = small_data_dir(dir.path());
    let archive = dir.path().join("small.tar.gz");
    assert!(backup(&data, &archive).status.success());
    let target = dir.path().join("in-use");
    std::fs::create_dir(&target).unwrap();
    std::fs::write(target.join("notes.txt"), b"keep me").unwrap();

    let refused = restore(&archive, &target, false);
    assert!(!refused.status.success());
    let said = text(&refused.stderr);
    assert!(said.contains("is not empty") && said.contains("--force"), "{said}");
    assert_eq!(names_in(&target), ["notes.txt"]);

    let forced = restore(&archive, &target, true);
    assert!(forced.status.success(), "{}", text(&forced.stderr));
    assert!(text(&forced.stdout).contains("20 grievances"), "{}", text(&forced.stdout));
    // The audit trail's checkpoints are kept apart from its backups, like the export files.
    let kept: Vec<String> = names_in(&data).into_iter().filter(|n| n != "exports" && n != "checkpoints" && !n.starts_with("portal.db-")).collect();
    assert_eq!(names_in(&target), kept, "the old contents are gone, and what the portal keeps is there");
    assert_eq!(std::fs::read(target.join("attachments/grievance-1.test.0123456789ab.pdf")).unwrap(), b"%PDF-1.4 evidence");
    assert_eq!(names_in(dir.path()), ["data", "in-use", "small.tar.gz"], "no work folder is left beside it");

    let checked = check(&target);
    assert!(checked.status.success(), "{}", text(&checked.stdout));
    assert!(text(&checked.stdout).contains("All checks passed."));
}

#[test]
fn a_damaged_archive_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let data = small_data_dir(dir.path());
    let archive = dir.path().join("small.tar.gz");
    assert!(backup(&data, &archive).status.success());
    let mut bytes = std::fs::read(&archive).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    let damaged = dir.path().join("damaged.tar.gz");
    std::fs::write(&damaged, &bytes).unwrap();
    let target = dir.path().join("target");
    std::fs::create_dir(&target).unwrap();

    let refused = restore(&damaged, &target, false);
    assert!(!refused.status.success());
    let said = text(&refused.stderr);
    assert!(said.contains("the archive is damaged"), "{said}");
    assert!(names_in(&target).is_empty(), "the target is untouched");
    assert_eq!(names_in(dir.path()), ["damaged.tar.gz", "data", "small.tar.gz", "target"], "no work folder is left beside it");
    println!("one byte changed at {middle} of {}: {}", bytes.len(), said.trim());
}

#[test]
fn check_finds_a_damaged_page() {
    let dir = tempfile::tempdir().unwrap();
    let data = small_data_dir(dir.path());
    let good = check(&data);
    assert!(good.status.success(), "{}", text(&good.stdout));

    // The grievances table's first page: its type byte made one no page has.
    let conn = rusqlite::Connection::open(data.join("portal.db")).unwrap();
    let (root, page_size): (u64, u64) =
        (conn.query_row("SELECT rootpage FROM sqlite_master WHERE name = 'grievances'", [], |r| r.get(0)).unwrap(), conn.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap());
    drop(conn);
    let mut bytes = std::fs::read(data.join("portal.db")).unwrap();
    bytes[((root - 1) * page_size) as usize] = 0x77;
    std::fs::write(data.join("portal.db"), &bytes).unwrap();

    let bad = check(&data);
    let said = text(&bad.stdout);
    assert!(!bad.status.success(), "{said}");
    assert!(said.contains("PROBLEM  portal.db is damaged"), "{said}");
    println!("{said}");
}
