//! The relational engine of the case-files port: grievances' notes, attachment records,
//! links and the blobs waiting for the sweep as rows of the embedded SQLite file (tables of
//! schema step 19), each record kept whole as JSON beside the columns that find and order it.
//! The grievances engine (`crate::sqlite::grievances`) writes them inside the transaction of
//! the audit record or the deletion they go with ([`CaseFileWrite::apply`],
//! [`remove_case_files`]); this engine reads them, and brings in what an earlier release kept
//! as items of the same file.

use crate::dynamo::case_files::{kept_of, linked_at, linked_to, note_of, note_sequence, sweep_of, SWEEP_PK};
use crate::dynamo::grievance_keys as keys;
use async_trait::async_trait;
use cases::port::{BlobsToSweep, CaseFileChange, CaseFiles, KeptAttachment, Note, Trashed};
use domain::{Error, Result};
use rusqlite::{params, Connection, OptionalExtension};
use std::sync::Arc;
use store::sql::{sequences, SqlError};
use store::sqlite::SqliteStore;
use store::{Query, Store, StoreError, Write};

/// The sequence note ids are drawn from: the name the item engine's counter has, so that ids
/// go on from there.
const NOTE_SEQUENCE: &str = "note";

/// How many legacy items one upgrade transaction moves, at least (whole partitions): a stop
/// half-way loses nothing, and the next start goes on.
const UPGRADE_BATCH: usize = 1000;

/// A case-file change as the writer applies it: its records serialised and its times taken
/// before the transaction, so that the writer's closure only writes.
pub(crate) enum CaseFileWrite {
    Note { grievance_id: i64, number: i64, written_at: String, record: String },
    Attachment(AttachmentRow),
    AttachmentRemoved { grievance_id: i64, id: String },
    Link { grievance_id: i64, other: i64, linked_at: String },
    Unlink { grievance_id: i64, other: i64 },
    RecordOnly,
}

/// An attachment record as kept: the record, and what orders it and names its bytes.
pub(crate) struct AttachmentRow {
    grievance_id: i64,
    id: String,
    confirmed_at: String,
    blob: String,
    record: String,
}

fn json_of(value: &impl serde::Serialize) -> Result<String> {
    serde_json::to_string(value).map_err(Error::internal)
}

fn note_number(note: &Note) -> Result<i64> {
    note.id.parse().map_err(|_| Error::internal(format!("note id {} is not a number", note.id)))
}

fn attachment_row(grievance_id: i64, kept: &KeptAttachment) -> Result<AttachmentRow> {
    Ok(AttachmentRow {
        grievance_id,
        id: kept.attachment.id.clone(),
        confirmed_at: kept.confirmed_at.clone(),
        blob: kept.blob.clone(),
        record: json_of(&kept.attachment)?,
    })
}

impl CaseFileWrite {
    /// The write of `change` to grievance `grievance_id`'s case file, made now.
    pub(crate) fn of(grievance_id: i64, change: &CaseFileChange) -> Result<CaseFileWrite> {
        Ok(match change {
            // The time to the microsecond first, so that notes read in the order written.
            CaseFileChange::Note(note) => {
                CaseFileWrite::Note { grievance_id, number: note_number(note)?, written_at: domain::clock::now_precise_text(), record: json_of(note)? }
            }
            CaseFileChange::Attachment(kept) => CaseFileWrite::Attachment(attachment_row(grievance_id, kept)?),
            CaseFileChange::AttachmentRemoved(id) => CaseFileWrite::AttachmentRemoved { grievance_id, id: id.clone() },
            CaseFileChange::Link(other) => CaseFileWrite::Link { grievance_id, other: *other, linked_at: domain::clock::now_text() },
            CaseFileChange::Unlink(other) => CaseFileWrite::Unlink { grievance_id, other: *other },
            CaseFileChange::RecordOnly => CaseFileWrite::RecordOnly,
        })
    }

    /// Writes the change inside the caller's transaction, answering whether its condition
    /// held: a note or attachment record whose key is taken, the removal of a record that is
    /// gone, a link already there or an unlink of grievances not linked are refused (`false`),
    /// and the caller rolls back whatever it wrote.
    pub(crate) fn apply(&self, tx: &Connection) -> Result<bool, SqlError> {
        match self {
            CaseFileWrite::Note { grievance_id, number, written_at, record } => insert_note(tx, *grievance_id, written_at, *number, record),
            CaseFileWrite::Attachment(row) => insert_attachment(tx, row),
            CaseFileWrite::AttachmentRemoved { grievance_id, id } => {
                Ok(tx.prepare_cached("DELETE FROM attachments WHERE grievance_id = ?1 AND id = ?2")?.execute(params![grievance_id, id])? == 1)
            }
            // Both directions or neither: one taken (or missing) side refuses the change.
            CaseFileWrite::Link { grievance_id, other, linked_at } => {
                Ok(insert_link(tx, *grievance_id, *other, linked_at)? && insert_link(tx, *other, *grievance_id, linked_at)?)
            }
            CaseFileWrite::Unlink { grievance_id, other } => Ok(delete_link(tx, *grievance_id, *other)? && delete_link(tx, *other, *grievance_id)?),
            CaseFileWrite::RecordOnly => Ok(true),
        }
    }
}

fn insert_note(tx: &Connection, grievance_id: i64, written_at: &str, number: i64, record: &str) -> Result<bool, SqlError> {
    let sql = "INSERT INTO notes (grievance_id, written_at, id, record) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING";
    Ok(tx.prepare_cached(sql)?.execute(params![grievance_id, written_at, number, record])? == 1)
}

fn insert_attachment(tx: &Connection, row: &AttachmentRow) -> Result<bool, SqlError> {
    let sql = "INSERT INTO attachments (grievance_id, id, confirmed_at, blob, record) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING";
    Ok(tx.prepare_cached(sql)?.execute(params![row.grievance_id, row.id, row.confirmed_at, row.blob, row.record])? == 1)
}

fn insert_link(tx: &Connection, a: i64, b: i64, linked_at: &str) -> Result<bool, SqlError> {
    let sql = "INSERT INTO grievance_links (a, b, linked_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING";
    Ok(tx.prepare_cached(sql)?.execute(params![a, b, linked_at])? == 1)
}

fn delete_link(tx: &Connection, a: i64, b: i64) -> Result<bool, SqlError> {
    Ok(tx.prepare_cached("DELETE FROM grievance_links WHERE a = ?1 AND b = ?2")?.execute([a, b])? == 1)
}

fn insert_sweep(tx: &Connection, token: &str, blobs: &[String]) -> Result<(), SqlError> {
    let blobs = serde_json::to_string(blobs).map_err(|e| SqlError::Corrupt(e.to_string()))?;
    tx.prepare_cached("INSERT INTO blobs_to_sweep (token, blobs) VALUES (?1, ?2) ON CONFLICT (token) DO UPDATE SET blobs = excluded.blobs")?.execute(params![token, blobs])?;
    Ok(())
}

/// The token that names a deletion's blobs to the sweep: the deletion's time to the
/// microsecond (`deleted_at`), which orders them oldest first, and the grievance.
pub(crate) fn sweep_token(deleted_at: &str, grievance_id: i64) -> String {
    format!("{deleted_at}#{grievance_id}")
}

/// Inside the transaction deleting grievance `grievance_id`: queues its attachments' blobs
/// for the sweep (named by `sweep_token`) and removes its notes, attachment records and both
/// sides of its links, so that nothing is left that no grievance reaches.
/// Without a token (a deletion into the trash, which keeps the records) the blobs stay.
pub(crate) fn remove_case_files(tx: &Connection, grievance_id: i64, sweep_token: Option<&str>) -> Result<(), SqlError> {
    if let Some(sweep_token) = sweep_token {
        let blobs = tx
            .prepare_cached("SELECT blob FROM attachments WHERE grievance_id = ?1 ORDER BY id")?
            .query_map([grievance_id], |r| r.get::<_, String>(0))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        if !blobs.is_empty() {
            insert_sweep(tx, sweep_token, &blobs)?;
        }
    }
    tx.prepare_cached("DELETE FROM attachments WHERE grievance_id = ?1")?.execute([grievance_id])?;
    tx.prepare_cached("DELETE FROM notes WHERE grievance_id = ?1")?.execute([grievance_id])?;
    // The other side of each link first, found through this side's rows.
    tx.prepare_cached("DELETE FROM grievance_links WHERE (a, b) IN (SELECT b, a FROM grievance_links WHERE a = ?1)")?.execute([grievance_id])?;
    tx.prepare_cached("DELETE FROM grievance_links WHERE a = ?1")?.execute([grievance_id])?;
    Ok(())
}

/// Inside the transaction deleting grievance `grievance_id` into the trash: its trash record.
pub(crate) fn put_trashed(tx: &Connection, grievance_id: i64, deleted_at: &str, record: &str) -> Result<(), SqlError> {
    let sql = "INSERT INTO trash (grievance_id, deleted_at, record) VALUES (?1, ?2, ?3) ON CONFLICT (grievance_id) DO UPDATE SET deleted_at = excluded.deleted_at, record = excluded.record";
    tx.prepare_cached(sql)?.execute(params![grievance_id, deleted_at, record])?;
    Ok(())
}

fn trashed_of(record: &str) -> Result<Trashed, SqlError> {
    serde_json::from_str(record).map_err(corrupt)
}

/// Where a trash page ended: the deletion's time and the grievance.
fn trash_cursor(t: &Trashed) -> String {
    format!("{}#{}", t.deleted_at, t.grievance.id)
}

fn trash_after(cursor: &str) -> Option<(String, i64)> {
    let (at, id) = cursor.rsplit_once('#')?;
    Some((at.to_string(), id.parse().ok()?))
}

fn corrupt(e: serde_json::Error) -> SqlError {
    SqlError::Corrupt(e.to_string())
}

fn notes_of(conn: &Connection, grievance_id: i64) -> Result<Vec<Note>, SqlError> {
    let sql = "SELECT record FROM notes WHERE grievance_id = ?1 ORDER BY written_at DESC, id DESC";
    let records = conn.prepare_cached(sql)?.query_map([grievance_id], |r| r.get::<_, String>(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
    records.iter().map(|record| serde_json::from_str(record).map_err(corrupt)).collect()
}

fn kept_from_row(r: &rusqlite::Row) -> rusqlite::Result<(String, String, String)> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?))
}

fn kept_from((confirmed_at, blob, record): (String, String, String)) -> Result<KeptAttachment, SqlError> {
    Ok(KeptAttachment { attachment: serde_json::from_str(&record).map_err(corrupt)?, blob, confirmed_at })
}

/// Newest confirmed first; two of one time by id, as the item engine reads them.
fn attachments_of(conn: &Connection, grievance_id: i64) -> Result<Vec<KeptAttachment>, SqlError> {
    let sql = "SELECT confirmed_at, blob, record FROM attachments WHERE grievance_id = ?1 ORDER BY confirmed_at DESC, id";
    let rows = conn.prepare_cached(sql)?.query_map([grievance_id], kept_from_row)?.collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter().map(kept_from).collect()
}

fn attachment_of(conn: &Connection, grievance_id: i64, id: &str) -> Result<Option<KeptAttachment>, SqlError> {
    let sql = "SELECT confirmed_at, blob, record FROM attachments WHERE grievance_id = ?1 AND id = ?2";
    conn.prepare_cached(sql)?.query_row(params![grievance_id, id], kept_from_row).optional()?.map(kept_from).transpose()
}

fn links_of(conn: &Connection, grievance_id: i64) -> Result<Vec<i64>, SqlError> {
    let mut links = conn.prepare_cached("SELECT b FROM grievance_links WHERE a = ?1 ORDER BY b")?;
    let linked = links.query_map([grievance_id], |r| r.get(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(linked)
}

fn sweeps_of(conn: &Connection, limit: usize) -> Result<Vec<BlobsToSweep>, SqlError> {
    let rows = conn
        .prepare_cached("SELECT token, blobs FROM blobs_to_sweep ORDER BY token LIMIT ?1")?
        .query_map([limit as i64], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter().map(|(token, blobs)| Ok(BlobsToSweep { token, blobs: serde_json::from_str(&blobs).map_err(corrupt)? })).collect()
}

fn sql_error(e: SqlError) -> Error {
    Error::internal(e.to_string())
}

/// What an earlier release kept as items, read to be moved: the rows to insert, the items to
/// delete with them.
#[derive(Default)]
struct Legacy {
    notes: Vec<(i64, String, i64, String)>,
    attachments: Vec<AttachmentRow>,
    links: Vec<(i64, i64, String)>,
    sweeps: Vec<BlobsToSweep>,
    last_note: Option<i64>,
    deletes: Vec<Write>,
}

impl Legacy {
    fn records(&self) -> u64 {
        (self.notes.len() + self.attachments.len() + self.links.len() + self.sweeps.len()) as u64
    }

    fn insert(&self, tx: &Connection) -> Result<(), SqlError> {
        for (grievance_id, written_at, number, record) in &self.notes {
            insert_note(tx, *grievance_id, written_at, *number, record)?;
        }
        for row in &self.attachments {
            insert_attachment(tx, row)?;
        }
        for (a, b, linked_at) in &self.links {
            insert_link(tx, *a, *b, linked_at)?;
        }
        for sweep in &self.sweeps {
            insert_sweep(tx, &sweep.token, &sweep.blobs)?;
        }
        if let Some(last) = self.last_note {
            sequences::raise_to(tx, NOTE_SEQUENCE, last)?;
        }
        Ok(())
    }
}

/// The grievance a legacy partition (`{prefix}{id}`) belongs to.
fn grievance_of(pk: &str, prefix: &str) -> Result<i64> {
    pk.strip_prefix(prefix).and_then(|id| id.parse().ok()).ok_or_else(|| Error::internal(format!("partition {pk} names no grievance")))
}

/// The partitions of the items table whose key starts with `prefix`, read through its
/// primary key: which grievances have notes, attachments or links kept as items.
fn legacy_partitions(conn: &Connection, prefix: &str) -> Result<Vec<String>, SqlError> {
    // Every key with the prefix sorts before the prefix with its last (ASCII) character's successor.
    let (stem, last) = prefix.split_at(prefix.len() - 1);
    let end = format!("{stem}{}", char::from(last.as_bytes()[0] + 1));
    let mut partitions = conn.prepare_cached("SELECT DISTINCT pk FROM items WHERE pk >= ?1 AND pk < ?2 ORDER BY pk")?;
    let found = partitions.query_map([prefix, end.as_str()], |r| r.get(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(found)
}

/// Case files as rows of the store's SQLite file.
#[derive(Clone)]
pub struct SqlCaseFiles {
    store: Arc<SqliteStore>,
}

impl SqlCaseFiles {
    pub fn new(store: Arc<SqliteStore>) -> SqlCaseFiles {
        SqlCaseFiles { store }
    }

    async fn read<T: Send + 'static>(&self, f: impl FnOnce(&Connection) -> std::result::Result<T, SqlError> + Send + 'static) -> Result<T> {
        self.store.read_with(move |conn| Ok::<_, StoreError>(f(conn))).await?.map_err(sql_error)
    }

    async fn partitions(&self, prefix: &'static str) -> Result<Vec<String>> {
        self.read(move |conn| legacy_partitions(conn, prefix)).await
    }

    /// Reads the items of one legacy partition into `legacy`, with their deletion.
    async fn read_partition(&self, pk: &str, legacy: &mut Legacy) -> Result<()> {
        let items = store::read_all(self.store.as_ref(), Query::table(pk)).await?;
        for item in items {
            legacy.deletes.push(Write::delete(item.key.clone()));
            if pk.starts_with(keys::NOTES_PREFIX) {
                let grievance_id = grievance_of(pk, keys::NOTES_PREFIX)?;
                let (written_at, number) = item
                    .key
                    .sk
                    .rsplit_once('#')
                    .and_then(|(at, n)| Some((at.to_string(), n.parse::<i64>().ok()?)))
                    .ok_or_else(|| Error::internal(format!("note key {} cannot be read", item.key.sk)))?;
                let note = note_of(item)?;
                legacy.notes.push((grievance_id, written_at, number, json_of(&note)?));
            } else if pk.starts_with(keys::ATTACHMENTS_PREFIX) {
                let grievance_id = grievance_of(pk, keys::ATTACHMENTS_PREFIX)?;
                legacy.attachments.push(attachment_row(grievance_id, &kept_of(grievance_id, item)?)?);
            } else if pk.starts_with(keys::LINKS_PREFIX) {
                let grievance_id = grievance_of(pk, keys::LINKS_PREFIX)?;
                let other = linked_to(&item).ok_or_else(|| Error::internal(format!("link key {} cannot be read", item.key.sk)))?;
                legacy.links.push((grievance_id, other, linked_at(&item).unwrap_or_default().to_string()));
            } else {
                legacy.sweeps.push(sweep_of(item));
            }
        }
        Ok(())
    }

    /// Moves what `legacy` holds into rows, deleting its items, in one durable transaction.
    async fn move_legacy(&self, mut legacy: Legacy) -> Result<u64> {
        let moved = legacy.records();
        let deletes = std::mem::take(&mut legacy.deletes);
        self.store.bulk_with(deletes, true, move |tx| legacy.insert(tx)).await?.map_err(sql_error)?;
        Ok(moved)
    }
}

#[async_trait]
impl CaseFiles for SqlCaseFiles {
    async fn next_note_id(&self) -> Result<i64> {
        self.store.transact_with(Vec::new(), |tx| sequences::draw(tx, NOTE_SEQUENCE, 1)).await?.map_err(sql_error)
    }

    async fn notes(&self, grievance_id: i64) -> Result<Vec<Note>> {
        self.read(move |conn| notes_of(conn, grievance_id)).await
    }

    async fn attachments(&self, grievance_id: i64) -> Result<Vec<KeptAttachment>> {
        self.read(move |conn| attachments_of(conn, grievance_id)).await
    }

    async fn blobs_to_sweep(&self, limit: usize) -> Result<Vec<BlobsToSweep>> {
        self.read(move |conn| sweeps_of(conn, limit)).await
    }

    async fn trashed(&self, grievance_id: i64) -> Result<Option<Trashed>> {
        let record = self.read(move |conn| Ok(conn.prepare_cached("SELECT record FROM trash WHERE grievance_id = ?1")?.query_row([grievance_id], |r| r.get::<_, String>(0)).optional()?)).await?;
        record.map(|r| trashed_of(&r).map_err(sql_error)).transpose()
    }

    async fn trash_page(&self, limit: usize, cursor: Option<String>) -> Result<(Vec<Trashed>, Option<String>)> {
        let after = cursor.map(|c| trash_after(&c).ok_or(Error::BadRequest(domain::Msg::CursorInvalid))).transpose()?;
        let limit = limit.clamp(1, 200);
        let records = self
            .read(move |conn| {
                let (at, id) = after.unwrap_or_else(|| ("\u{10FFFF}".into(), i64::MAX));
                let sql = "SELECT record FROM trash WHERE (deleted_at, grievance_id) < (?1, ?2) ORDER BY deleted_at DESC, grievance_id DESC LIMIT ?3";
                Ok(conn.prepare_cached(sql)?.query_map(params![at, id, limit as i64 + 1], |r| r.get::<_, String>(0))?.collect::<rusqlite::Result<Vec<_>>>()?)
            })
            .await?;
        let mut page = records.iter().map(|r| trashed_of(r).map_err(sql_error)).collect::<Result<Vec<_>>>()?;
        let more = page.len() > limit;
        page.truncate(limit);
        let cursor = if more { page.last().map(trash_cursor) } else { None };
        Ok((page, cursor))
    }

    async fn trashed_before(&self, before: &str, limit: usize) -> Result<Vec<Trashed>> {
        let before = before.to_string();
        let records = self
            .read(move |conn| {
                let sql = "SELECT record FROM trash WHERE deleted_at < ?1 ORDER BY deleted_at, grievance_id LIMIT ?2";
                Ok(conn.prepare_cached(sql)?.query_map(params![before, limit as i64], |r| r.get::<_, String>(0))?.collect::<rusqlite::Result<Vec<_>>>()?)
            })
            .await?;
        records.iter().map(|r| trashed_of(r).map_err(sql_error)).collect()
    }

    async fn restore_case_files(&self, trashed: &Trashed, linked_to: &[i64]) -> Result<()> {
        let id = trashed.grievance.id;
        let mut notes = Vec::new();
        for note in &trashed.notes {
            notes.push((note_number(note)?, note.created_at.clone(), json_of(note)?));
        }
        let attachments = trashed.attachments.iter().map(|kept| attachment_row(id, kept)).collect::<Result<Vec<_>>>()?;
        let links: Vec<i64> = linked_to.to_vec();
        let linked_at = domain::clock::now_text();
        let restored = self
            .store
            .transact_with(Vec::new(), move |tx| {
                // Each record back in its place, or none: one there already is a restore made
                // meanwhile.
                let mut all_new = true;
                for (number, written_at, record) in &notes {
                    all_new &= insert_note(tx, id, written_at, *number, record)?;
                }
                for row in &attachments {
                    all_new &= insert_attachment(tx, row)?;
                }
                for other in &links {
                    all_new &= insert_link(tx, id, *other, &linked_at)? && insert_link(tx, *other, id, &linked_at)?;
                }
                if !all_new {
                    return Err(SqlError::Taken);
                }
                Ok(())
            })
            .await?;
        match restored {
            Ok(()) => Ok(()),
            Err(SqlError::Taken) => Err(Error::Conflict(domain::Msg::GrievanceStale)),
            Err(e) => Err(sql_error(e)),
        }
    }

    async fn drop_trashed(&self, trashed: &Trashed, sweep_blobs: bool) -> Result<()> {
        let id = trashed.grievance.id;
        let blobs: Vec<String> = if sweep_blobs { trashed.attachments.iter().map(|a| a.blob.clone()).collect() } else { Vec::new() };
        let token = sweep_token(&domain::clock::now_precise_text(), id);
        self.store
            .transact_with(Vec::new(), move |tx| {
                if !blobs.is_empty() {
                    insert_sweep(tx, &token, &blobs)?;
                }
                tx.prepare_cached("DELETE FROM trash WHERE grievance_id = ?1")?.execute([id])?;
                Ok(())
            })
            .await?
            .map_err(sql_error)
    }

    async fn swept(&self, token: &str) -> Result<()> {
        let token = token.to_string();
        let outcome = self.store.transact_with(Vec::new(), move |tx| tx.prepare_cached("DELETE FROM blobs_to_sweep WHERE token = ?1")?.execute([token]).map(|_| ())).await?;
        outcome.map_err(|e: rusqlite::Error| sql_error(e.into()))
    }

    async fn attachment(&self, grievance_id: i64, id: &str) -> Result<Option<KeptAttachment>> {
        let id = id.to_string();
        self.read(move |conn| attachment_of(conn, grievance_id, &id)).await
    }

    async fn links(&self, grievance_id: i64) -> Result<Vec<i64>> {
        self.read(move |conn| links_of(conn, grievance_id)).await
    }

    /// Moves the notes, attachment records, links and blobs to sweep an earlier release kept
    /// as items into their tables, whole partitions at a time, with the note counter last.
    async fn upgrade(&self) -> Result<u64> {
        if !self.store.holds_items().await? {
            // A file this release made holds no items to move.
            return Ok(0);
        }
        let mut partitions = Vec::new();
        for prefix in [keys::NOTES_PREFIX, keys::ATTACHMENTS_PREFIX, keys::LINKS_PREFIX] {
            partitions.extend(self.partitions(prefix).await?);
        }
        partitions.push(SWEEP_PK.to_string());
        let mut moved = 0;
        let mut legacy = Legacy::default();
        for pk in partitions {
            self.read_partition(&pk, &mut legacy).await?;
            if legacy.deletes.len() >= UPGRADE_BATCH {
                moved += self.move_legacy(std::mem::take(&mut legacy)).await?;
            }
        }
        if let Some(counter) = self.store.get(&note_sequence()).await? {
            legacy.last_note = Some(counter.attrs.get("n").and_then(serde_json::Value::as_i64).unwrap_or_default());
            legacy.deletes.push(Write::delete(counter.key));
        }
        if !legacy.deletes.is_empty() {
            moved += self.move_legacy(legacy).await?;
        }
        Ok(moved)
    }
}
