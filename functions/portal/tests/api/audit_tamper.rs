//! The audit trail against whoever holds the data directory, through the real binary: a record
//! put in the file, a record changed, a record removed from the middle of its chain, a chain's
//! newest record cut off with its head wound back or left as it was, and the whole directory
//! put back to an older copy. Each is named by `portal audit verify` (exit 1) and, after a
//! restart, by `/api/audit/verify`; a record put in is never linked by a later start; the
//! untouched trail verifies; and a data directory of the release before heads were sealed is
//! upgraded with every head sealed once.

use crate::common::{insert_forged_record as insert_forged, serve_command, sign_in, wait_ready};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// `portal` with `args`: its exit code and what it printed.
fn portal(args: &[&str]) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_portal")).args(args).env("RUST_LOG", "warn").output().unwrap();
    (out.status.code().unwrap_or(-1), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

fn verify(dir: &Path, since: Option<&Path>) -> (i32, String) {
    let dir = dir.to_str().unwrap();
    match since {
        Some(checkpoint) => portal(&["audit", "verify", "--data-dir", dir, "--since", checkpoint.to_str().unwrap()]),
        None => portal(&["audit", "verify", "--data-dir", dir]),
    }
}

/// A copy of a stopped portal's data directory (the database with its WAL, and the keys).
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// The portal's file, opened as someone who holds it would: the triggers that refuse to change
/// or delete records and links dropped first.
fn tamper(dir: &Path) -> rusqlite::Connection {
    let db = rusqlite::Connection::open(dir.join("portal.db")).unwrap();
    db.execute_batch(
        "DROP TRIGGER IF EXISTS audit_records_unchanged; DROP TRIGGER IF EXISTS audit_records_kept;
         DROP TRIGGER IF EXISTS audit_links_unchanged; DROP TRIGGER IF EXISTS audit_links_kept; PRAGMA foreign_keys = OFF;",
    )
    .unwrap();
    db
}

/// The ids of a grievance's records in chain order.
fn chain_of(db: &rusqlite::Connection, grievance: i64) -> Vec<(i64, String)> {
    let mut q = db.prepare("SELECT r.seq, r.grievance_id || '-' || r.change_tag || '-' || r.position FROM audit_records r JOIN audit_links l ON l.seq = r.seq WHERE r.grievance_id = ?1 ORDER BY l.link").unwrap();
    q.query_map([grievance], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().collect::<Result<_, _>>().unwrap()
}

struct Served {
    child: std::process::Child,
    client: reqwest::Client,
    base: String,
    token: String,
}

impl Served {
    async fn start(dir: &Path) -> Served {
        Served::start_with(dir, &[]).await
    }

    /// The portal on `dir` with these settings besides the tests' own.
    async fn start_with(dir: &Path, settings: &[(&str, &Path)]) -> Served {
        let port = testkit::free_port();
        let base = format!("http://127.0.0.1:{port}");
        let client = reqwest::Client::new();
        let mut command = serve_command(dir, port);
        command.envs(settings.iter().map(|(k, v)| (*k, *v)));
        let child = command.spawn().expect("the portal starts");
        wait_ready(&client, &base).await;
        let token = sign_in(&client, &base).await;
        Served { child, client, base, token }
    }

    async fn send(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut request = self.client.request(method, format!("{}{path}", self.base)).bearer_auth(&self.token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let answer = request.send().await.unwrap();
        (answer.status().as_u16(), answer.json().await.unwrap_or(Value::Null))
    }

    /// Files a grievance and changes it twice: a chain of three records. Answers its number.
    async fn workload(&self, fir: &str) -> String {
        let mut form = json!({"fir_no": fir, "fir_date": "2026-10-05", "section_and_act": "379 IPC", "crime_title": "Theft",
            "district": "Central District", "police_station": "Civil Lines", "status": "Pending", "priority": "Low",
            "brief_details": "Motorcycle stolen from the market parking.", "investigation_officers": []});
        let (status, created) = self.send(reqwest::Method::POST, "/api/grievances", Some(form.clone())).await;
        assert_eq!(status, 201, "{created}");
        let id = created["data"]["id"].as_i64().unwrap();
        for (version, details) in [(1, "Motorcycle stolen near the bus stand."), (2, "Motorcycle recovered, owner informed.")] {
            form["brief_details"] = json!(details);
            form["version"] = json!(version);
            let (status, body) = self.send(reqwest::Method::PUT, &format!("/api/grievances/{id}"), Some(form.clone())).await;
            assert_eq!(status, 200, "{body}");
        }
        created["data"]["grievance_number"].as_str().unwrap().to_string()
    }

    /// What Audit History's integrity check says of a grievance's records.
    async fn verified(&self, number: &str) -> Value {
        let (status, body) = self.send(reqwest::Method::GET, &format!("/api/audit/verify?search={number}"), None).await;
        assert_eq!(status, 200, "{body}");
        body
    }

    fn stop(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

/// `portal audit checkpoint`: the file it wrote.
fn checkpoint(dir: &Path) -> PathBuf {
    let (code, said) = portal(&["audit", "checkpoint", "--data-dir", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{said}");
    let written = said.lines().find_map(|l| l.strip_prefix("Written to ")).unwrap_or_else(|| panic!("{said}"));
    PathBuf::from(written.trim())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tampering_with_the_data_directory_is_named_and_a_record_put_in_is_never_adopted() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("portal");
    let served = Served::start(&dir).await;
    let numbers = [served.workload("FIR-T1").await, served.workload("FIR-T2").await, served.workload("FIR-T3").await];
    served.stop();
    let first = checkpoint(&dir);
    // The directory as it stood then, kept aside: what a restored older backup puts back.
    let older = root.path().join("older");
    copy_dir(&dir, &older);
    let served = Served::start(&dir).await;
    served.workload("FIR-T4").await;
    served.stop();
    let second = checkpoint(&dir);
    assert_ne!(first, second);
    assert_eq!(std::fs::read(dir.join("checkpoints").join("newest.json")).unwrap(), std::fs::read(&second).unwrap(), "the newest is kept as such");

    // Untouched, the trail holds and extends both checkpoints.
    let (code, said) = verify(&dir, Some(&first));
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("every hash and link holds") && said.contains("the trail extends it"), "{said}");
    assert_eq!(verify(&dir, Some(&second)).0, 0);

    // A record put in the file, closing the first grievance: named, and still named after the
    // portal has started on the file (it is never linked into the chain).
    let case = root.path().join("inserted");
    copy_dir(&dir, &case);
    let forged = insert_forged(&tamper(&case), 1);
    let (code, said) = verify(&case, None);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains(&format!("record {forged} (chain grievance:1): it is in no chain: the portal did not write it")), "{said}");
    let served = Served::start(&case).await;
    let shown = served.verified(&numbers[0]).await;
    assert_eq!((shown["broken"]["recordId"].as_str(), shown["broken"]["reason"].as_str()), (Some(forged.as_str()), Some("it is in no chain: the portal did not write it")), "{shown}");
    assert_eq!(served.verified(&numbers[1]).await["broken"], Value::Null, "the other chains hold");
    served.stop();
    let (code, said) = verify(&case, None);
    assert_eq!(code, 1, "a start does not adopt it: {said}");
    assert!(said.contains(&forged), "{said}");

    // A record changed: its own hash no longer holds.
    let case = root.path().join("edited");
    copy_dir(&dir, &case);
    let db = tamper(&case);
    let (seq, edited) = chain_of(&db, 2)[1].clone();
    db.execute("UPDATE audit_records SET notes = 'nothing happened here' WHERE seq = ?1", [seq]).unwrap();
    drop(db);
    let (code, said) = verify(&case, None);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains(&format!("record {edited} (chain grievance:2): its content was changed after it was written")), "{said}");
    let served = Served::start(&case).await;
    assert_eq!(served.verified(&numbers[1]).await["broken"]["recordId"], edited.as_str());
    served.stop();

    // A record removed from the middle of its chain, with its link.
    let case = root.path().join("deleted");
    copy_dir(&dir, &case);
    let db = tamper(&case);
    let chain = chain_of(&db, 2);
    db.execute_batch(&format!("DELETE FROM audit_viewers WHERE seq = {0}; DELETE FROM audit_links WHERE seq = {0}; DELETE FROM audit_records WHERE seq = {0};", chain[1].0)).unwrap();
    drop(db);
    let (code, said) = verify(&case, None);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains(&format!("record {} (chain grievance:2): records 2 to 2 of the chain are missing", chain[0].1)), "{said}");
    let served = Served::start(&case).await;
    assert_eq!(served.verified(&numbers[1]).await["broken"]["reason"], "records 2 to 2 of the chain are missing");
    served.stop();

    // The newest record cut off, and the chain's head wound back to the link before it, whose
    // number and hash anyone holding the file can read: the head's seal does not follow.
    let case = root.path().join("truncated");
    copy_dir(&dir, &case);
    let db = tamper(&case);
    let chain = chain_of(&db, 3);
    let newest = chain.last().unwrap().0;
    db.execute_batch(&format!(
        "DELETE FROM audit_viewers WHERE seq = {newest}; DELETE FROM audit_links WHERE seq = {newest}; DELETE FROM audit_records WHERE seq = {newest};
         UPDATE audit_chain_heads SET link = (SELECT link FROM audit_links WHERE seq = {}) WHERE chain = 3;",
        chain[chain.len() - 2].0
    ))
    .unwrap();
    drop(db);
    let cut_to = &chain[chain.len() - 2].1;
    let (code, said) = verify(&case, None);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains(&format!("record {cut_to} (chain grievance:3): the chain's head does not carry the portal's seal")), "{said}");
    let served = Served::start(&case).await;
    let shown = served.verified(&numbers[2]).await;
    assert_eq!(shown["broken"]["recordId"], cut_to.as_str(), "{shown}");
    served.stop();

    // The newest record cut off with its link, the head left as it was: the file keeps a
    // head's hash only on the link it names, which is gone, and the head still counts it.
    let case = root.path().join("cut");
    copy_dir(&dir, &case);
    let db = tamper(&case);
    let chain = chain_of(&db, 1);
    let newest = chain.last().unwrap().0;
    db.execute_batch(&format!("DELETE FROM audit_viewers WHERE seq = {newest}; DELETE FROM audit_links WHERE seq = {newest}; DELETE FROM audit_records WHERE seq = {newest};")).unwrap();
    drop(db);
    let (code, said) = verify(&case, None);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains(&format!("record {} (chain grievance:1): the chain's newest 1 records are missing", chain[chain.len() - 2].1)), "{said}");

    // The directory put back to its older copy: every chain in it holds, but the checkpoint
    // made after the later work names what is missing. The one made before the copy holds.
    let (code, said) = verify(&older, None);
    assert_eq!(code, 0, "an older copy is consistent in itself: {said}");
    let (code, said) = verify(&older, Some(&second));
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("records the checkpoint of") && said.contains("the store was put back to an older state"), "{said}");
    assert_eq!(verify(&older, Some(&first)).0, 0, "the older copy extends the checkpoint made before it");
    // Served again with its checkpoints where the copy did not reach (PORTAL_CHECKPOINT_DIR on
    // another disk), the portal checks the trail against the newest at start: Audit History
    // says it does not extend it, and no newer checkpoint is made to cover it up.
    let kept_apart = dir.join("checkpoints");
    let newest_before = std::fs::read(kept_apart.join("newest.json")).unwrap();
    let served = Served::start_with(&older, &[("PORTAL_CHECKPOINT_DIR", &kept_apart)]).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let shown = loop {
        let shown = served.verified(&numbers[0]).await;
        if !shown["broken"].is_null() || std::time::Instant::now() > deadline {
            break shown;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    served.stop();
    let reason = shown["broken"]["reason"].as_str().unwrap_or_else(|| panic!("Audit History holds the rolled-back trail: {shown}"));
    assert!(reason.starts_with("the trail does not extend the checkpoint of ") && reason.contains("the store was put back to an older state"), "{reason}");
    assert_eq!(std::fs::read(kept_apart.join("newest.json")).unwrap(), newest_before, "no checkpoint of the rolled-back trail");

    // A checkpoint file edited, or signed with another key, is refused.
    let edited = root.path().join("edited-checkpoint.json");
    let mut text: Value = serde_json::from_str(&std::fs::read_to_string(&second).unwrap()).unwrap();
    text["records"] = json!(text["records"].as_u64().unwrap() - 3);
    std::fs::write(&edited, text.to_string()).unwrap();
    let (code, said) = verify(&older, Some(&edited));
    assert_eq!(code, 1);
    assert!(said.contains("the checkpoint's signature does not match its content"), "{said}");
}

/// A data directory as the release before heads were sealed left it: the same file with its
/// heads unsealed and their sealing listed as owed (what the schema step that added seals
/// lists in such a file), with a record put in behind its back. The first start seals every
/// head once; the record stays in no chain, and is named.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_previous_releases_heads_are_sealed_once_and_nothing_is_adopted() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("portal");
    let served = Served::start(&dir).await;
    let number = served.workload("FIR-U1").await;
    served.workload("FIR-U2").await;
    served.stop();
    let db = tamper(&dir);
    // The heads as a release before seals left them, and the sealing owed, as the schema step
    // that added seals lists it (the file's later steps stay: they hold the records).
    db.execute_batch("UPDATE audit_chain_heads SET seal = NULL; INSERT INTO audit_upgrades_owed (step) VALUES ('seal heads');").unwrap();
    let heads: i64 = db.query_row("SELECT count(*) FROM audit_chain_heads", [], |r| r.get(0)).unwrap();
    assert_eq!(heads, 2, "the two grievances' chains");
    let forged = insert_forged(&db, 1);
    drop(db);

    let served = Served::start(&dir).await;
    let shown = served.verified(&number).await;
    assert_eq!(shown["broken"]["recordId"], forged.as_str(), "{shown}");
    served.stop();
    let db = tamper(&dir);
    let (version, unsealed, owed): (i64, i64, i64) = db
        .query_row("SELECT (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM audit_chain_heads WHERE seal IS NULL), (SELECT count(*) FROM audit_upgrades_owed)", [], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap();
    assert_eq!((version, unsealed, owed), (store::sql::SCHEMA_VERSION, 0, 0), "every head sealed, once");
    // The record put in is the one thing wrong: removed again, the upgraded trail holds whole.
    let (code, said) = verify(&dir, None);
    assert_eq!(code, 1, "{said}");
    db.execute("DELETE FROM audit_records WHERE change_tag = 'forged'", []).unwrap();
    drop(db);
    let (code, said) = verify(&dir, None);
    assert_eq!(code, 0, "{said}");
    // Taking the seal off a head does not make a later start seal it again.
    tamper(&dir).execute("UPDATE audit_chain_heads SET seal = NULL WHERE chain = 2", []).unwrap();
    let served = Served::start(&dir).await;
    served.stop();
    let (code, said) = verify(&dir, None);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("(chain grievance:2): the chain's head does not carry the portal's seal"), "{said}");
}

/// `portal serve` writes a checkpoint at its first start (none is older than a day), mails it
/// to the auditors through the SMTP server, and answers it to auditors at
/// `/api/audit/checkpoint`; the copy the auditors received proves the trail later.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scheduled_checkpoint_is_mailed_to_the_auditors_and_answered_to_them() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("portal");
    let smtp_port = testkit::free_port();
    let sink = testkit::smtp::SmtpServer::start(smtp_port);
    let served = Served::start(&dir).await;
    served.workload("FIR-M1").await;
    served.stop();
    // That first start wrote a checkpoint of the empty trail: a newer start writes none until
    // it is a day old. Without it, the next start writes one at once.
    let first: Value = serde_json::from_slice(&std::fs::read(dir.join("checkpoints").join("newest.json")).unwrap()).unwrap();
    assert_eq!(first["records"], 0, "{first}");
    std::fs::remove_dir_all(dir.join("checkpoints")).unwrap();

    let port = testkit::free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_portal"))
        .args(["serve", "--port", &port.to_string(), "--data-dir"])
        .arg(&dir)
        .args(["--web-dir", "/nonexistent"])
        .envs([
            ("PORTAL_SMTP_HOST", "127.0.0.1"),
            ("PORTAL_SMTP_PORT", &smtp_port.to_string()),
            ("PORTAL_SMTP_SECURITY", "none"),
            ("PORTAL_MAIL_FROM", "Grievance Portal <portal@district.test>"),
            ("PORTAL_AUDITORS_EMAIL", "auditors@district.test"),
            ("RUST_LOG", "warn"),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let client = reqwest::Client::new();
    wait_ready(&client, &base).await;
    let token = sign_in(&client, &base).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let mail = loop {
        if let Some(mail) = sink.messages().into_iter().find(|m| m.contains("Audit trail checkpoint")) {
            break mail;
        }
        assert!(std::time::Instant::now() < deadline, "no checkpoint was mailed");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let answered: Value = client.get(format!("{base}/api/audit/checkpoint")).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
    let history: Value = client.get(format!("{base}/api/audit/grievance/1")).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(mail.contains("To: auditors@district.test"), "{mail}");
    // The grievance's three records, and the escalation the start may have written before the
    // checkpoint (its FIR is overdue).
    let (chains, records, kept_now) = (answered["chains"].as_u64(), answered["records"].as_u64().unwrap(), history.as_array().unwrap().len() as u64);
    assert!(chains == Some(1) && (3..=kept_now).contains(&records), "the grievance's chain: {answered} {history}");
    // The mailed JSON (quoted-printable or plain, as lettre chose) is the answered checkpoint.
    let signature = answered["signature"].as_str().unwrap();
    let unfolded = mail.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=");
    assert!(unfolded.contains(signature), "the mail carries the signed checkpoint: {mail}");
    let kept = root.path().join("from-the-mailbox.json");
    std::fs::write(&kept, answered.to_string()).unwrap();
    let (code, said) = verify(&dir, Some(&kept));
    assert_eq!(code, 0, "{said}");
}
