//! Grievances' case files (notes, attachment records, links) as items of the generic store:
//! how both grievance engines keep what is written beside a grievance, and the one engine of
//! the case-files port that reads them (the embedded one in the same SQLite file as its rows,
//! written in the same transaction). Every key and attribute name of them lives here.

use crate::dynamo::grievance_keys as keys;
use cases::notes::Note;
use async_trait::async_trait;
use cases::port::{AuditBatch, AuditChange, BlobsToSweep, CaseFileChange, CaseFiles, KeptAttachment, Trashed};
use cases::record::Actor;
use cases::writes::AuditEntry;
use domain::{Error, Result};
use serde_json::Value;
use store::{Condition, Item, Query, SharedStore, Store, Write};

/// The attribute that orders a grievance's attachments: the time of the upload's
/// confirmation, to the microsecond.
const ORDER: &str = "confirmed_at";

/// The attribute naming the blob an attachment's record keeps, beside the record's fields.
const BLOB: &str = "blob";

/// The attribute of a link item telling when it was made.
const LINKED_AT: &str = "linked_at";

fn attrs_of(value: &impl serde::Serialize) -> Result<store::Attrs> {
    match serde_json::to_value(value).map_err(Error::internal)? {
        Value::Object(attrs) => Ok(attrs),
        _ => Err(Error::internal("a record serialises to an object")),
    }
}

/// The writes of `change`: a new note or attachment record is refused when its key is taken,
/// a removal when the record is gone.
pub(crate) fn writes(grievance_id: i64, change: &CaseFileChange) -> Result<Vec<Write>> {
    let both = |a: i64, b: i64| [keys::link(a, b), keys::link(b, a)];
    Ok(match change {
        CaseFileChange::Link(other) => both(grievance_id, *other).into_iter().map(|key| Write::put_new(Item::new(key).with(LINKED_AT, domain::clock::now_text()))).collect(),
        CaseFileChange::Unlink(other) => both(grievance_id, *other).into_iter().map(|key| Write::delete(key).when(Condition::Exists)).collect(),
        CaseFileChange::RecordOnly => Vec::new(),
        single => vec![single_write(grievance_id, single)?],
    })
}

fn single_write(grievance_id: i64, change: &CaseFileChange) -> Result<Write> {
    Ok(match change {
        CaseFileChange::Note(note) => {
            let number: i64 = note.id.parse().map_err(|_| Error::internal(format!("note id {} is not a number", note.id)))?;
            // The time first, so the partition reads in the order notes were written.
            let key = store::Key::new(keys::notes_pk(grievance_id), format!("{}#{number:012}", domain::clock::now_precise_text()));
            Write::put_new(Item { key, attrs: attrs_of(note)? })
        }
        CaseFileChange::Attachment(kept) => {
            let item = Item { key: keys::attachment(grievance_id, &kept.attachment.id), attrs: attrs_of(&kept.attachment)? };
            Write::put_new(item.with(ORDER, kept.confirmed_at.clone()).with(BLOB, kept.blob.clone()))
        }
        CaseFileChange::AttachmentRemoved(id) => Write::delete(keys::attachment(grievance_id, id)).when(Condition::Exists),
        CaseFileChange::Link(_) | CaseFileChange::Unlink(_) | CaseFileChange::RecordOnly => unreachable!("two writes or none, made by `writes`"),
    })
}

/// The audit batch of something written beside a grievance: a sequence number, not a
/// version, keeps its record's id apart from others.
pub(crate) async fn audit_batch(store: &dyn Store, actor: &Actor, entry: AuditEntry) -> Result<AuditBatch> {
    let change = crate::dynamo::audit_records::next_event(store).await?;
    Ok(AuditBatch { actor: actor.clone(), at: domain::clock::now_text(), change: AuditChange::Event(change), entries: vec![entry] })
}


/// The blob an attachment record names (records of early releases name none: theirs is at
/// a key made from the ids).
fn blob_of(grievance_id: i64, item: &Item) -> String {
    item.str(BLOB).map_or_else(|| cases::attachments::legacy_key(grievance_id, &item.key.sk), str::to_string)
}

/// The partition of sweep items: each names the blobs of a deleted grievance's attachments,
/// from the transaction that finishes the deletion until the sweep has deleted them. Written once per
/// deletion of a grievance with attachments, so no hot key.
pub(crate) const SWEEP_PK: &str = "BLOBSWEEP";
const SWEEP_BLOBS: &str = "blobs";

/// What finishing a grievance's deletion removes beside it (`Grievances::finish_deletions`).
/// `sweep` names its attachments' blobs and goes in the first transaction, with the
/// attachment records it replaces, so that no blob is ever lost track of; `removals` (its
/// notes, attachment records and both sides of its links) go in it as far as they fit
/// ([`fit`]), the rest right after ([`write_rest`]): nothing reaches them once the grievance
/// is gone.
pub(crate) struct Removal {
    pub sweep: Option<Write>,
    pub removals: Vec<Write>,
}

/// With `keep_blobs` (a deletion into the trash, which keeps the records) no blob is swept.
pub(crate) async fn removal(store: &dyn Store, grievance_id: i64, keep_blobs: bool) -> Result<Removal> {
    let attachments = store::read_all(store, Query::table(keys::attachments_pk(grievance_id))).await?;
    let notes = store::read_all(store, Query::table(keys::notes_pk(grievance_id))).await?;
    let blobs: Vec<String> = attachments.iter().map(|item| blob_of(grievance_id, item)).collect();
    let sweep = (!blobs.is_empty() && !keep_blobs).then(|| {
        let key = store::Key::new(SWEEP_PK, format!("{}#{grievance_id}", domain::clock::now_precise_text()));
        Write::put(Item::new(key).with(SWEEP_BLOBS, Value::from(blobs)))
    });
    let links = store::read_all(store, Query::table(keys::links_pk(grievance_id))).await?;
    let mut removals: Vec<Write> = attachments.iter().chain(&notes).chain(&links).map(|item| Write::delete(item.key.clone())).collect();
    // The other side of each link.
    removals.extend(links.iter().filter_map(|item| item.key.sk.parse::<i64>().ok()).map(|other| Write::delete(keys::link(other, grievance_id))));
    Ok(Removal { sweep, removals })
}

/// The attribute holding a trash entry's record (`cases::port::Trashed`, as JSON text).
const TRASHED: &str = "record";

/// The attribute of a trash pointer naming its entry's sort key.
const TRASH_AT: &str = "at";

/// The writes that put a grievance in the trash, made with its deletion: its entry and the
/// pointer that finds it by id.
pub(crate) fn trash_writes(trashed: &Trashed) -> Result<Vec<Write>> {
    let entry = keys::trash_entry(&trashed.deleted_at, trashed.grievance.id);
    let record = serde_json::to_string(trashed).map_err(Error::internal)?;
    Ok(vec![
        Write::put(Item::new(keys::trash_pointer(trashed.grievance.id)).with(TRASH_AT, entry.sk.clone())),
        Write::put(Item::new(entry).with(TRASHED, record)),
    ])
}

fn trashed_of(item: &Item) -> Result<Trashed> {
    let record = item.str(TRASHED).ok_or_else(|| Error::internal(format!("trash entry {} keeps no record", item.key.sk)))?;
    serde_json::from_str(record).map_err(Error::internal)
}

/// Moves as many of `extra` into `writes` as one transaction holds, answering the rest.
pub(crate) fn fit(writes: &mut Vec<Write>, mut extra: Vec<Write>) -> Vec<Write> {
    let room = store::MAX_TRANSACTION.saturating_sub(writes.len()).min(extra.len());
    writes.extend(extra.drain(..room));
    extra
}

/// Writes `rest` in transactions of the most a transaction holds.
pub(crate) async fn write_rest(store: &dyn Store, mut rest: Vec<Write>) -> Result<()> {
    while !rest.is_empty() {
        let batch: Vec<Write> = rest.drain(..rest.len().min(store::MAX_TRANSACTION)).collect();
        store.transact(batch).await?;
    }
    Ok(())
}

/// The counter note ids are drawn from.
pub(crate) fn note_sequence() -> store::Key {
    store::Key::new("SEQ", "note")
}

pub(crate) fn note_of(item: Item) -> Result<Note> {
    serde_json::from_value(Value::Object(item.attrs)).map_err(Error::internal)
}

/// The grievance a link item points to (its partition's grievance is the other side).
pub(crate) fn linked_to(item: &Item) -> Option<i64> {
    item.key.sk.parse().ok()
}

/// When a link item was written.
pub(crate) fn linked_at(item: &Item) -> Option<&str> {
    item.str(LINKED_AT)
}

pub(crate) fn sweep_of(item: Item) -> BlobsToSweep {
    let blobs = item.attrs.get(SWEEP_BLOBS).and_then(Value::as_array).map(|a| a.iter().filter_map(|b| b.as_str().map(str::to_string)).collect()).unwrap_or_default();
    BlobsToSweep { token: item.key.sk, blobs }
}

pub(crate) fn kept_of(grievance_id: i64, item: Item) -> Result<KeptAttachment> {
    let blob = blob_of(grievance_id, &item);
    let confirmed_at = item.str(ORDER).unwrap_or_default().to_string();
    let attachment = serde_json::from_value(Value::Object(item.attrs)).map_err(Error::internal)?;
    Ok(KeptAttachment { attachment, blob, confirmed_at })
}

/// Notes and attachment records read from the items both grievance engines write them as.
#[derive(Clone)]
pub struct ItemCaseFiles {
    store: SharedStore,
}

impl ItemCaseFiles {
    pub fn new(store: SharedStore) -> ItemCaseFiles {
        ItemCaseFiles { store }
    }
}

#[async_trait]
impl CaseFiles for ItemCaseFiles {
    async fn next_note_id(&self) -> Result<i64> {
        Ok(self.store.increment(&note_sequence(), "n", 1).await?)
    }

    async fn notes(&self, grievance_id: i64) -> Result<Vec<Note>> {
        let items = store::read_all(self.store.as_ref(), Query::table(keys::notes_pk(grievance_id)).newest_first()).await?;
        items.into_iter().map(note_of).collect()
    }

    async fn attachments(&self, grievance_id: i64) -> Result<Vec<KeptAttachment>> {
        let items = store::read_all(self.store.as_ref(), Query::table(keys::attachments_pk(grievance_id))).await?;
        let mut kept = items.into_iter().map(|item| kept_of(grievance_id, item)).collect::<Result<Vec<_>>>()?;
        // Upload times are whole seconds; the precise time kept beside orders two in one second.
        kept.sort_by(|a, b| b.confirmed_at.cmp(&a.confirmed_at));
        Ok(kept)
    }

    async fn attachment(&self, grievance_id: i64, id: &str) -> Result<Option<KeptAttachment>> {
        self.store.get(&keys::attachment(grievance_id, id)).await?.map(|item| kept_of(grievance_id, item)).transpose()
    }

    async fn links(&self, grievance_id: i64) -> Result<Vec<i64>> {
        let items = store::read_all(self.store.as_ref(), Query::table(keys::links_pk(grievance_id))).await?;
        Ok(items.iter().filter_map(linked_to).collect())
    }

    async fn blobs_to_sweep(&self, limit: usize) -> Result<Vec<BlobsToSweep>> {
        let page = self.store.query(&Query::table(SWEEP_PK).limit(limit)).await?;
        Ok(page.items.into_iter().map(sweep_of).collect())
    }

    async fn swept(&self, token: &str) -> Result<()> {
        Ok(self.store.transact(vec![Write::delete(store::Key::new(SWEEP_PK, token))]).await?)
    }

    async fn trashed(&self, grievance_id: i64) -> Result<Option<Trashed>> {
        let Some(pointer) = self.store.get(&keys::trash_pointer(grievance_id)).await? else { return Ok(None) };
        let Some(at) = pointer.str(TRASH_AT) else { return Ok(None) };
        self.store.get(&store::Key::new(keys::TRASH_PK, at)).await?.as_ref().map(trashed_of).transpose()
    }

    async fn trash_page(&self, limit: usize, cursor: Option<String>) -> Result<(Vec<Trashed>, Option<String>)> {
        let page = self.store.query(&Query::table(keys::TRASH_PK).newest_first().limit(limit.clamp(1, 200)).after(cursor)).await?;
        Ok((page.items.iter().map(trashed_of).collect::<Result<_>>()?, page.cursor))
    }

    async fn trashed_before(&self, before: &str, limit: usize) -> Result<Vec<Trashed>> {
        // Sort keys start with the deletion's time: every one before `before` sorts below it.
        let page = self.store.query(&Query::table(keys::TRASH_PK).sort(store::SortKey::AtMost(before.to_string())).limit(limit)).await?;
        page.items.iter().filter(|i| i.key.sk.as_str() < before).map(trashed_of).collect()
    }

    async fn restore_case_files(&self, trashed: &Trashed, linked_to: &[i64]) -> Result<()> {
        let id = trashed.grievance.id;
        let mut writes = Vec::new();
        for note in &trashed.notes {
            let number: i64 = note.id.parse().map_err(|_| Error::internal(format!("note id {} is not a number", note.id)))?;
            let key = store::Key::new(keys::notes_pk(id), format!("{}#{number:012}", note.created_at));
            writes.push(Write::put_new(Item { key, attrs: attrs_of(note)? }));
        }
        for kept in &trashed.attachments {
            writes.push(single_write(id, &CaseFileChange::Attachment(kept.clone()))?);
        }
        for other in linked_to {
            writes.extend(self::writes(id, &CaseFileChange::Link(*other))?);
        }
        // The first transaction's conditions tell a restore made meanwhile; the rest follow.
        let mut first = Vec::new();
        let rest = fit(&mut first, writes);
        if !first.is_empty() {
            match self.store.transact(first).await {
                Err(store::StoreError::ConditionFailed { .. }) => return Err(Error::Conflict(domain::Msg::GrievanceStale)),
                other => other?,
            }
        }
        write_rest(self.store.as_ref(), rest).await
    }

    async fn drop_trashed(&self, trashed: &Trashed, sweep_blobs: bool) -> Result<()> {
        let id = trashed.grievance.id;
        let mut writes = vec![Write::delete(keys::trash_entry(&trashed.deleted_at, id)), Write::delete(keys::trash_pointer(id))];
        let blobs: Vec<String> = trashed.attachments.iter().map(|a| a.blob.clone()).collect();
        if sweep_blobs && !blobs.is_empty() {
            let key = store::Key::new(SWEEP_PK, format!("{}#{id}", domain::clock::now_precise_text()));
            writes.push(Write::put(Item::new(key).with(SWEEP_BLOBS, Value::from(blobs))));
        }
        Ok(self.store.transact(writes).await?)
    }
}
