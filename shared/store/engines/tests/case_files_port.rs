//! The case-files port's conformance suite, on the embedded engine (grievance rows and case
//! files as rows of one SQLite file) and on DynamoDB (moto), where both are items. The case
//! files are written as the portal writes them, through the grievances port of the same
//! engine, and read through the case-files port; what a user would notice (order, counts,
//! refusals and their messages, what a deletion leaves) is the same on both.
//!
//! Further down: the embedded engine brings in what an earlier release kept as items of the
//! same file, value for value.

use domain::grievance::{Day, FirNumber, GrievanceFields};
use cases::port::{AuditBatch, AuditChange, AuditEntry, Attachment, BlobsToSweep, CaseFileChange, CaseFiles, GrievanceChange, Grievances, KeptAttachment, Note, Stored};
use cases::{Actor, Grievance};
use domain::audit::AuditAction;
use domain::lists::StatusMeaning;
use domain::Error;
use engines::dynamo::case_files::ItemCaseFiles;
use engines::dynamo::grievances::ItemGrievances;
use engines::sqlite::case_files::SqlCaseFiles;
use engines::sqlite::grievances::SqlGrievances;
use std::sync::Arc;
use store::dynamo::DynamoStore;
use store::sqlite::SqliteStore;

/// One engine's two ports, over one store.
#[derive(Clone)]
struct Engine {
    grievances: Arc<dyn Grievances>,
    files: Arc<dyn CaseFiles>,
}

impl Engine {
    fn embedded(store: Arc<SqliteStore>) -> Engine {
        Engine { grievances: Arc::new(SqlGrievances::new(store.clone())), files: Arc::new(SqlCaseFiles::new(store)) }
    }

    fn items(store: store::SharedStore) -> Engine {
        Engine { grievances: Arc::new(ItemGrievances::new(store.clone())), files: Arc::new(ItemCaseFiles::new(store)) }
    }
}

fn actor() -> Actor {
    Actor { user_id: 101, name: "Officer 101".into(), ..Actor::default() }
}

fn entry(action: AuditAction) -> AuditEntry {
    AuditEntry { action, field_name: None, old_value: None, new_value: None, notes: None, action_details: None }
}

fn batch(version: i64, action: AuditAction) -> AuditBatch {
    AuditBatch { actor: actor(), at: domain::clock::now_text(), change: AuditChange::Version(version), entries: vec![entry(action)] }
}

fn conflict(result: domain::Result<()>) -> String {
    match result {
        Err(Error::Conflict(message)) => message.to_string(),
        other => panic!("expected a conflict, got {other:?}"),
    }
}

/// Files a new grievance (no admin-list item named, so that no list needs seeding).
async fn file(engine: &Engine) -> Stored {
    let id = engine.grievances.next_id().await.unwrap();
    let now = domain::clock::now_text();
    let fields = GrievanceFields { fir_no: FirNumber::parse(&format!("FIR/2026/{id:05}")).unwrap(), fir_date: Day::parse("2026-01-05").unwrap(), crime_title: "Theft".into(), ..GrievanceFields::default() };
    let grievance = Grievance {
        id,
        grievance_number: format!("GRV-2026-{id:06}"),
        fields,
        district_id: None,
        police_station_id: None,
        status_id: None,
        priority_id: None,
        status_meaning: StatusMeaning::Open,
        filed_by: 101,
        filed_by_name: "Officer 101".into(),
        assigned_to: None,
        assigned_to_name: None,
        filed_at: now.clone(),
        updated_at: now,
        resolved_at: None,
        version: 1,
        closure: None,
        escalation: None,
        clock_events: Vec::new(),
        next_due: None,
        clock_runs: Vec::new(),
        people_text: None,
    };
    let stored = Stored { grievance, refs: Default::default() };
    engine.grievances.commit(GrievanceChange { before: None, after: Some(&stored), audit: batch(1, AuditAction::Created), fir_guard: None, trash: None, source: None }).await.unwrap();
    stored
}

/// Deletes the grievance, finishing the deletion where the engine leaves that for later.
async fn delete(engine: &Engine, stored: &Stored) {
    let audit = batch(stored.grievance.version + 1, AuditAction::Deleted);
    engine.grievances.commit(GrievanceChange { before: Some(stored), after: None, audit, fir_guard: None, trash: None, source: None }).await.unwrap();
    engine.grievances.finish_deletions(10).await.unwrap();
}

async fn write_note(engine: &Engine, g: &Grievance, text: &str, corrects: Option<&str>) -> domain::Result<Note> {
    let number = engine.files.next_note_id().await?;
    let note = Note {
        id: number.to_string(),
        grievance_id: g.id,
        text: text.into(),
        corrects: corrects.map(str::to_string),
        author_id: 101,
        author_name: "Officer 101".into(),
        created_at: domain::clock::now_text(),
    };
    engine.grievances.record_case_file_change(g, CaseFileChange::Note(note.clone()), &actor(), entry(AuditAction::NoteAdded)).await?;
    Ok(note)
}

fn kept(g: &Grievance, id: &str, confirmed_at: &str) -> KeptAttachment {
    let attachment = Attachment {
        id: id.into(),
        grievance_id: g.id,
        file_name: format!("{id}.pdf"),
        content_type: "application/pdf".into(),
        size: 77,
        uploaded_by: 101,
        uploaded_by_name: "Officer 101".into(),
        uploaded_at: confirmed_at[..19].to_string() + "Z",
    };
    KeptAttachment { attachment, blob: format!("grievance-{}.{id}.pdf", g.id), confirmed_at: confirmed_at.into() }
}

async fn change(engine: &Engine, g: &Grievance, change: CaseFileChange) -> domain::Result<()> {
    engine.grievances.record_case_file_change(g, change, &actor(), entry(AuditAction::AttachmentAdded)).await
}

async fn notes_are_read_newest_first_and_ids_are_never_handed_out_twice(engine: Engine) {
    let g = file(&engine).await.grievance;
    let other = file(&engine).await.grievance;
    let first = write_note(&engine, &g, "Complainant visited the station with the sale deed.", None).await.unwrap();
    let second = write_note(&engine, &g, "पीड़ित का बयान दर्ज किया गया।", None).await.unwrap();
    let correction = write_note(&engine, &g, "Visited on Monday, not Sunday.", Some(&first.id)).await.unwrap();
    write_note(&engine, &other, "A note of another grievance", None).await.unwrap();
    let numbers: Vec<i64> = [&first, &second, &correction].iter().map(|n| n.id.parse().unwrap()).collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
    assert_eq!(engine.files.notes(g.id).await.unwrap(), vec![correction, second, first], "newest first, each as written");
    assert_eq!(engine.files.notes(other.id).await.unwrap().len(), 1);
    assert!(engine.files.notes(other.id + 100).await.unwrap().is_empty());
}

/// A note is never refused for what another note says: two corrections of one note made at
/// once are both kept.
async fn parallel_corrections_of_one_note_are_all_kept(engine: Engine) {
    let g = file(&engine).await.grievance;
    let corrected = write_note(&engine, &g, "Statement recorded at 4 pm", None).await.unwrap();
    let attempts = (0..6).map(|i| {
        let (engine, g, corrected) = (engine.clone(), g.clone(), corrected.id.clone());
        tokio::spawn(async move { write_note(&engine, &g, &format!("Recorded at {i} pm"), Some(&corrected)).await })
    });
    let outcomes = join(attempts).await;
    assert!(outcomes.iter().all(Result::is_ok), "{outcomes:?}");
    let notes = engine.files.notes(g.id).await.unwrap();
    assert_eq!(notes.len(), 7);
    assert_eq!(notes.iter().filter(|n| n.corrects.as_deref() == Some(corrected.id.as_str())).count(), 6);
    let mut ids: Vec<&str> = notes.iter().map(|n| n.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 7, "every note its own id");
}

async fn attachments_are_read_newest_confirmed_first_and_one_by_id(engine: Engine) {
    let g = file(&engine).await.grievance;
    let old = kept(&g, "b-old", "2026-11-28T10:31:24.100000Z");
    let new = kept(&g, "c-new", "2026-11-28T10:31:25.000000Z");
    // Confirmed in the same microsecond as `old`: the id breaks the tie.
    let twin = kept(&g, "a-twin", "2026-11-28T10:31:24.100000Z");
    for k in [&old, &new, &twin] {
        change(&engine, &g, CaseFileChange::Attachment(k.clone())).await.unwrap();
    }
    assert_eq!(engine.files.attachments(g.id).await.unwrap(), vec![new.clone(), twin.clone(), old.clone()]);
    assert_eq!(engine.files.attachment(g.id, "b-old").await.unwrap(), Some(old.clone()));
    assert_eq!(engine.files.attachment(g.id, "missing").await.unwrap(), None);
    assert_eq!(engine.files.attachment(g.id + 1, "b-old").await.unwrap(), None, "an attachment is its grievance's only");

    let again = kept(&g, "b-old", "2026-11-28T10:32:00.000000Z");
    assert_eq!(conflict(change(&engine, &g, CaseFileChange::Attachment(again)).await), "This was changed by someone else at the same time. Please reload and try again.", "an id is kept once");
    assert_eq!(engine.files.attachment(g.id, "b-old").await.unwrap(), Some(old), "the first stands");

    change(&engine, &g, CaseFileChange::AttachmentRemoved("c-new".into())).await.unwrap();
    assert_eq!(conflict(change(&engine, &g, CaseFileChange::AttachmentRemoved("c-new".into())).await), "This was changed by someone else at the same time. Please reload and try again.");
    assert_eq!(engine.files.attachments(g.id).await.unwrap().len(), 2);
}

/// Two officers removing one attachment at once: one removes it, the other is told it
/// changed.
async fn of_parallel_removals_of_one_attachment_exactly_one_wins(engine: Engine) {
    let g = file(&engine).await.grievance;
    change(&engine, &g, CaseFileChange::Attachment(kept(&g, "deed", "2026-11-28T10:31:24.557398Z"))).await.unwrap();
    let attempts = (0..6).map(|_| {
        let (engine, g) = (engine.clone(), g.clone());
        tokio::spawn(async move { change(&engine, &g, CaseFileChange::AttachmentRemoved("deed".into())).await })
    });
    let outcomes = join(attempts).await;
    assert_eq!(outcomes.iter().filter(|o| o.is_ok()).count(), 1, "{outcomes:?}");
    assert!(outcomes.into_iter().filter(Result::is_err).all(|o| conflict(o) == "This was changed by someone else at the same time. Please reload and try again."));
    assert!(engine.files.attachments(g.id).await.unwrap().is_empty());
}

async fn links_are_kept_on_both_grievances_lowest_first(engine: Engine) {
    let a = file(&engine).await.grievance;
    let b = file(&engine).await.grievance;
    let c = file(&engine).await.grievance;
    change(&engine, &a, CaseFileChange::Link(c.id)).await.unwrap();
    change(&engine, &a, CaseFileChange::Link(b.id)).await.unwrap();
    assert_eq!(engine.files.links(a.id).await.unwrap(), vec![b.id, c.id]);
    assert_eq!(engine.files.links(b.id).await.unwrap(), vec![a.id]);
    assert_eq!(engine.files.links(c.id).await.unwrap(), vec![a.id]);
    assert_eq!(conflict(change(&engine, &b, CaseFileChange::Link(a.id)).await), "This was changed by someone else at the same time. Please reload and try again.", "linked already, from either side");

    change(&engine, &c, CaseFileChange::Unlink(a.id)).await.unwrap();
    assert_eq!(engine.files.links(a.id).await.unwrap(), vec![b.id]);
    assert!(engine.files.links(c.id).await.unwrap().is_empty());
    assert_eq!(conflict(change(&engine, &a, CaseFileChange::Unlink(c.id)).await), "This was changed by someone else at the same time. Please reload and try again.", "not linked");
}

/// Officers linking one pair from both sides at once: one link is made, the others told.
async fn of_parallel_links_of_one_pair_exactly_one_wins(engine: Engine) {
    let a = file(&engine).await.grievance;
    let b = file(&engine).await.grievance;
    let attempts = (0..8).map(|i| {
        let engine = engine.clone();
        let (this, other) = if i % 2 == 0 { (a.clone(), b.id) } else { (b.clone(), a.id) };
        tokio::spawn(async move { change(&engine, &this, CaseFileChange::Link(other)).await })
    });
    let outcomes = join(attempts).await;
    assert_eq!(outcomes.iter().filter(|o| o.is_ok()).count(), 1, "{outcomes:?}");
    assert!(outcomes.into_iter().filter(Result::is_err).all(|o| conflict(o) == "This was changed by someone else at the same time. Please reload and try again."));
    assert_eq!((engine.files.links(a.id).await.unwrap(), engine.files.links(b.id).await.unwrap()), (vec![b.id], vec![a.id]));
}

/// A deletion takes the grievance's notes, attachment records and links with it (both
/// sides), and hands its attachments' blobs to the sweep, once.
async fn a_deletion_takes_the_case_files_and_queues_the_blobs(engine: Engine) {
    let doomed = file(&engine).await;
    let (g, kept_one, other) = (doomed.grievance.clone(), file(&engine).await.grievance, file(&engine).await.grievance);
    write_note(&engine, &g, "First visit", None).await.unwrap();
    let deed = kept(&g, "deed", "2026-11-28T10:31:24.557398Z");
    let photo = kept(&g, "photo", "2026-11-28T10:31:24.572723Z");
    change(&engine, &g, CaseFileChange::Attachment(deed.clone())).await.unwrap();
    change(&engine, &g, CaseFileChange::Attachment(photo.clone())).await.unwrap();
    change(&engine, &g, CaseFileChange::Link(kept_one.id)).await.unwrap();
    change(&engine, &other, CaseFileChange::Link(g.id)).await.unwrap();
    change(&engine, &other, CaseFileChange::Link(kept_one.id)).await.unwrap();
    write_note(&engine, &kept_one, "Stays", None).await.unwrap();
    assert!(engine.files.blobs_to_sweep(10).await.unwrap().is_empty());

    delete(&engine, &doomed).await;
    assert!(engine.files.notes(g.id).await.unwrap().is_empty());
    assert!(engine.files.attachments(g.id).await.unwrap().is_empty());
    assert_eq!(engine.files.attachment(g.id, "deed").await.unwrap(), None);
    assert!(engine.files.links(g.id).await.unwrap().is_empty());
    assert_eq!(engine.files.links(kept_one.id).await.unwrap(), vec![other.id], "the other side went too");
    assert_eq!(engine.files.links(other.id).await.unwrap(), vec![kept_one.id]);
    assert_eq!(engine.files.notes(kept_one.id).await.unwrap().len(), 1, "other grievances keep theirs");

    let due = engine.files.blobs_to_sweep(10).await.unwrap();
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!(due[0].blobs, vec![deed.blob, photo.blob]);
    assert!(due[0].token.ends_with(&format!("#{}", g.id)), "{}", due[0].token);
    engine.files.swept(&due[0].token).await.unwrap();
    assert_eq!(engine.files.blobs_to_sweep(10).await.unwrap(), Vec::<BlobsToSweep>::new());
    engine.files.swept(&due[0].token).await.unwrap();

    let late = write_note(&engine, &g, "Too late", None).await;
    assert!(matches!(&late, Err(Error::NotFound(m)) if m == "Grievance not found"), "{late:?}");
    let late_link = change(&engine, &kept_one, CaseFileChange::Link(other.id)).await;
    assert_eq!(conflict(late_link), "This was changed by someone else at the same time. Please reload and try again.", "the surviving link stands");
}

/// Deletions of grievances with attachments are swept oldest first, at most `limit` of them;
/// one without attachments leaves nothing to sweep.
async fn blobs_are_swept_oldest_deletion_first(engine: Engine) {
    let mut deleted = Vec::new();
    for n in 0..3 {
        let stored = file(&engine).await;
        let g = &stored.grievance;
        if n != 1 {
            change(&engine, g, CaseFileChange::Attachment(kept(g, "only", "2026-11-28T10:31:24.557398Z"))).await.unwrap();
            deleted.push(g.id);
        }
        delete(&engine, &stored).await;
    }
    let due = engine.files.blobs_to_sweep(10).await.unwrap();
    let ids: Vec<String> = due.iter().map(|d| d.token.rsplit('#').next().unwrap().to_string()).collect();
    assert_eq!(ids, deleted.iter().map(i64::to_string).collect::<Vec<_>>());
    assert_eq!(engine.files.blobs_to_sweep(1).await.unwrap(), due[..1].to_vec());
}

async fn join<T: Send + 'static>(handles: impl Iterator<Item = tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = Vec::new();
    for h in handles.collect::<Vec<_>>() {
        out.push(h.await.unwrap());
    }
    out
}

macro_rules! on_both_engines {
    ($($name:ident),* $(,)?) => {
        mod sqlite_engine {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let dir = tempfile::tempdir().unwrap();
                    let store = std::sync::Arc::new(super::SqliteStore::open(dir.path().join("portal.db")).unwrap());
                    super::$name(super::Engine::embedded(store)).await;
                }
            )*
        }
        mod dynamodb_engine {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let store = super::DynamoStore::local(testkit::moto_endpoint(), testkit::unique("casefiles")).await;
                    store.ensure_table().await.unwrap();
                    super::$name(super::Engine::items(std::sync::Arc::new(store))).await;
                }
            )*
        }
    };
}

on_both_engines!(
    notes_are_read_newest_first_and_ids_are_never_handed_out_twice,
    parallel_corrections_of_one_note_are_all_kept,
    attachments_are_read_newest_confirmed_first_and_one_by_id,
    of_parallel_removals_of_one_attachment_exactly_one_wins,
    links_are_kept_on_both_grievances_lowest_first,
    of_parallel_links_of_one_pair_exactly_one_wins,
    a_deletion_takes_the_case_files_and_queues_the_blobs,
    blobs_are_swept_oldest_deletion_first,
);

/// What an earlier release kept as items of the embedded file (written here by the item
/// engines over it) is moved into the tables: read back value for value, the items gone, the
/// note counter going on, and a second run finds nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_upgrade_moves_every_item_into_the_tables_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SqliteStore::open_with_items(dir.path().join("portal.db")).unwrap());
    let items = Engine::items(store.clone());
    let (a, b, doomed) = (file(&items).await.grievance, file(&items).await.grievance, file(&items).await);
    let g = doomed.grievance.clone();
    let first = write_note(&items, &a, "Complainant visited the station with the sale deed.", None).await.unwrap();
    write_note(&items, &a, "SP office asked for a status report by Friday.", Some(&first.id)).await.unwrap();
    write_note(&items, &b, "पीड़ित का बयान दर्ज किया गया।", None).await.unwrap();
    change(&items, &a, CaseFileChange::Attachment(kept(&a, "deed", "2026-11-28T10:31:24.557398Z"))).await.unwrap();
    change(&items, &a, CaseFileChange::Attachment(kept(&a, "photo", "2026-11-28T10:31:24.572723Z"))).await.unwrap();
    change(&items, &a, CaseFileChange::Link(b.id)).await.unwrap();
    change(&items, &g, CaseFileChange::Attachment(kept(&g, "gone", "2026-11-28T10:31:25.000000Z"))).await.unwrap();
    // An attachment record of an early release, naming no blob: its bytes are at a key made
    // from the ids.
    let early = store::Item::new(store::Key::new(engines::dynamo::grievance_keys::attachments_pk(b.id), "early"))
        .with("id", "early")
        .with("grievance_id", b.id)
        .with("file_name", "old scan.png")
        .with("content_type", "image/png")
        .with("size", 33)
        .with("uploaded_by", 101)
        .with("uploaded_by_name", "Officer 101")
        .with("uploaded_at", "2024-01-02T03:04:05Z");
    store::Store::transact(store.as_ref(), vec![store::Write::put(early)]).await.unwrap();
    delete(&items, &doomed).await;

    let (ids, b_id) = ([a.id, b.id, g.id], b.id);
    let read = move |files: Arc<dyn CaseFiles>| async move {
        let mut all = Vec::new();
        for id in ids {
            all.push((files.notes(id).await.unwrap(), files.attachments(id).await.unwrap(), files.links(id).await.unwrap()));
        }
        (all, files.blobs_to_sweep(10).await.unwrap(), files.attachment(b_id, "early").await.unwrap())
    };
    let before = read(items.files.clone()).await;
    assert_eq!(before.2.as_ref().map(|k| k.blob.as_str()), Some(cases::attachments::legacy_key(b.id, "early").as_str()));
    assert_eq!(before.1.len(), 1);

    let embedded = SqlCaseFiles::new(store.clone());
    // Notes 3, attachments 3, links 2 (one per side), one deletion's blobs.
    assert_eq!(embedded.upgrade().await.unwrap(), 9);
    assert_eq!(read(Arc::new(embedded.clone())).await, before, "every value came over");
    let left = read(items.files.clone()).await;
    assert!(left.0.iter().all(|(n, at, l)| n.is_empty() && at.is_empty() && l.is_empty()) && left.1.is_empty() && left.2.is_none(), "no item is left");
    assert_eq!(embedded.upgrade().await.unwrap(), 0, "a second run finds nothing");
    assert_eq!(embedded.next_note_id().await.unwrap(), 4, "note ids go on from the earlier release's");
}
