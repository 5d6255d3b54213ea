//! The notices port (`cases::notices`) as tables of the embedded SQLite file: the outbox's
//! events (`notice_events`), each user's notices (`notices`), the emails waiting to be sent
//! (`mail_outbox`) and those given up on (`mail_failed`), each record kept whole as JSON
//! beside the keys its questions read. A grievance change's events are written by
//! [`record_events`] inside the change's own transaction (`crate::sqlite::grievances`). Each
//! of the notifier's steps is one transaction of the single writer, checked and written at
//! once, so a step repeated after a crash, or run by two workers together, does its work once.

use domain::Msg;
use crate::dynamo::notices as items;
use async_trait::async_trait;
use cases::notices::{Event, Mail, Notice, NoticeId, NoticePage, Notices, QueuedMail};
use domain::{Error, Result};
use rusqlite::{params, Connection, OptionalExtension};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use store::sql::{self, SqlError};
use store::sqlite::SqliteStore;
use store::{Item, Key, Query, StoreError, Write};

/// A queued or failed email as its row's record keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct MailRecord {
    #[serde(flatten)]
    mail: Mail,
    /// Failed sends so far.
    attempts: u32,
    last_error: Option<String>,
}

/// Where an email's row is: when it is due (or when it was given up on), the notice it tells
/// of, and its recipient. Its text (`<at>#<notice>#<user>`) is the opaque
/// [`QueuedMail::key`] the notifier hands back.
#[derive(Clone, Debug, PartialEq)]
struct MailPlace {
    at: String,
    notice_id: String,
    user_id: i64,
}

impl MailPlace {
    fn key(&self) -> String {
        format!("{}#{}#{}", self.at, self.notice_id, self.user_id)
    }

    fn parse(key: &str) -> Result<MailPlace> {
        let mut parts = key.splitn(3, '#');
        match (parts.next(), parts.next(), parts.next().and_then(|user| user.parse().ok())) {
            (Some(at), Some(notice_id), Some(user_id)) => Ok(MailPlace { at: at.to_string(), notice_id: notice_id.to_string(), user_id }),
            _ => Err(Error::internal("not a queued email's key")),
        }
    }
}

fn to_json(value: &impl Serialize) -> sql::Result<String> {
    serde_json::to_string(value).map_err(|e| SqlError::Corrupt(e.to_string()))
}

fn from_json<T: DeserializeOwned>(text: &str) -> sql::Result<T> {
    serde_json::from_str(text).map_err(|e| SqlError::Corrupt(e.to_string()))
}

fn sql_error(e: SqlError) -> Error {
    Error::internal(e.to_string())
}

/// Puts a grievance change's events (`cases::notices::events_of`) into the outbox, in the
/// caller's transaction: the grievances engine calls it inside the change's own.
pub(crate) fn record_events(tx: &Connection, events: &[Event]) -> sql::Result<()> {
    let mut put = tx.prepare_cached("INSERT INTO notice_events (id, record) VALUES (?1, ?2) ON CONFLICT (id) DO UPDATE SET record = excluded.record")?;
    for event in events {
        put.execute(params![event.id.as_str(), to_json(event)?])?;
    }
    Ok(())
}

/// Writes a user's notice unless they have it already; answers whether it was written.
fn insert_notice(tx: &Connection, user_id: i64, event_id: &str, read_at: Option<&str>, record: &str) -> sql::Result<bool> {
    let written = tx
        .prepare_cached("INSERT INTO notices (user_id, id, read_at, record) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (user_id, id) DO NOTHING")?
        .execute(params![user_id, event_id, read_at, record])?;
    Ok(written == 1)
}

/// Queues an email at its place (replacing one kept there).
fn queue_mail(tx: &Connection, place: &MailPlace, record: &str) -> sql::Result<()> {
    tx.prepare_cached(
        "INSERT INTO mail_outbox (due, notice_id, user_id, record) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (due, notice_id, user_id) DO UPDATE SET record = excluded.record",
    )?
    .execute(params![place.at, place.notice_id, place.user_id, record])?;
    Ok(())
}

/// Keeps an email aside as failed for good, at its place (`at` = when it was given up on).
fn keep_failed(tx: &Connection, place: &MailPlace, record: &str) -> sql::Result<()> {
    tx.prepare_cached(
        "INSERT INTO mail_failed (failed_at, notice_id, user_id, record) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (failed_at, notice_id, user_id) DO UPDATE SET record = excluded.record",
    )?
    .execute(params![place.at, place.notice_id, place.user_id, record])?;
    Ok(())
}

/// Takes a queued email out of the outbox; answers whether it was there.
fn unqueue_mail(tx: &Connection, place: &MailPlace) -> sql::Result<bool> {
    let removed = tx
        .prepare_cached("DELETE FROM mail_outbox WHERE due = ?1 AND notice_id = ?2 AND user_id = ?3")?
        .execute(params![place.at, place.notice_id, place.user_id])?;
    Ok(removed == 1)
}

/// The emails a statement selects as rows of (place's time, notice, user, record).
fn mail_rows(conn: &Connection, statement: &str, bound: &[&dyn rusqlite::ToSql]) -> sql::Result<Vec<QueuedMail>> {
    let mut stmt = conn.prepare_cached(statement)?;
    let rows = stmt.query_map(bound, |r| Ok((MailPlace { at: r.get(0)?, notice_id: r.get(1)?, user_id: r.get(2)? }, r.get::<_, String>(3)?)))?;
    rows.map(|row| {
        let (place, record) = row?;
        let record: MailRecord = from_json(&record)?;
        Ok(QueuedMail { key: place.key(), mail: record.mail, attempts: record.attempts, last_error: record.last_error })
    })
    .collect()
}

/// What an earlier release kept as items of the embedded file, read with the item engine's
/// own decoders, and the keys of every item it read.
#[derive(Default)]
struct LegacyItems {
    events: Vec<Event>,
    /// (user, read at, the notice's event).
    notices: Vec<(i64, Option<String>, Event)>,
    queued: Vec<(MailPlace, MailRecord)>,
    failed: Vec<(MailPlace, MailRecord)>,
    keys: Vec<Key>,
}

impl LegacyItems {
    fn records(&self) -> u64 {
        (self.events.len() + self.notices.len() + self.queued.len() + self.failed.len()) as u64
    }
}

/// An email item's place and record: its sort key is `<due or failed time>#<notice>#<user>`.
fn legacy_mail(item: Item) -> Result<(MailPlace, MailRecord)> {
    let queued = items::queued_of(item);
    let (key, notice_id, user_id) = items::key_of(&queued)?;
    let at = key.sk.split('#').next().unwrap_or_default().to_string();
    Ok((MailPlace { at, notice_id, user_id }, MailRecord { mail: queued.mail, attempts: queued.attempts, last_error: queued.last_error }))
}

/// The user a partition of `prefix` (`NOTICE#<user>`, `UNREAD#<user>`) belongs to.
fn user_of(pk: &str, prefix: &str) -> Result<i64> {
    pk.strip_prefix(prefix).and_then(|user| user.parse().ok()).ok_or_else(|| Error::internal(format!("{pk} is not a user's partition")))
}

/// Notices, the outbox and queued emails as tables of the store's SQLite file.
#[derive(Clone)]
pub struct SqlNotices {
    store: Arc<SqliteStore>,
}

impl SqlNotices {
    pub fn new(store: Arc<SqliteStore>) -> SqlNotices {
        SqlNotices { store }
    }

    async fn read<T: Send + 'static>(&self, f: impl FnOnce(&Connection) -> sql::Result<T> + Send + 'static) -> Result<T> {
        self.store.read_with(move |conn| Ok::<_, StoreError>(f(conn))).await?.map_err(sql_error)
    }

    /// Runs `f` as one transaction of the writer: what it checks still holds when it writes.
    async fn write<T: Send + 'static>(&self, f: impl FnOnce(&Connection) -> sql::Result<T> + Send + 'static) -> Result<T> {
        self.store.transact_with(Vec::new(), f).await?.map_err(sql_error)
    }

    /// The item partitions whose key starts with `prefix`: one per user who has any.
    async fn partitions(&self, prefix: &'static str) -> Result<Vec<String>> {
        // The keys after every key that starts with the prefix: its last character, raised.
        let end = format!("{}{}", &prefix[..prefix.len() - 1], char::from(prefix.as_bytes()[prefix.len() - 1] + 1));
        self.read(move |conn| {
            let mut stmt = conn.prepare_cached("SELECT DISTINCT pk FROM items WHERE pk >= ?1 AND pk < ?2 ORDER BY pk")?;
            let pks = stmt.query_map([prefix, end.as_str()], |r| r.get(0))?.collect::<rusqlite::Result<Vec<String>>>()?;
            Ok(pks)
        })
        .await
    }

    async fn partition(&self, pk: String) -> Result<Vec<Item>> {
        Ok(store::read_all(self.store.as_ref(), Query::table(pk)).await?)
    }

    /// Everything of this port an earlier release kept as items.
    async fn legacy_items(&self) -> Result<LegacyItems> {
        let mut legacy = LegacyItems::default();
        for shard in 0..items::SHARDS {
            for item in self.partition(items::outbox_pk(shard)).await? {
                legacy.events.push(items::event_of(&item)?);
                legacy.keys.push(item.key);
            }
            for item in self.partition(items::mail_pk(shard)).await? {
                legacy.keys.push(item.key.clone());
                legacy.queued.push(legacy_mail(item)?);
            }
        }
        for item in self.partition(items::MAIL_FAILED_PK.to_string()).await? {
            legacy.keys.push(item.key.clone());
            legacy.failed.push(legacy_mail(item)?);
        }
        for pk in self.partitions(items::NOTICE_PREFIX).await? {
            let user = user_of(&pk, items::NOTICE_PREFIX)?;
            for item in self.partition(pk).await? {
                let read_at = item.str(items::READ_AT).map(str::to_string);
                legacy.notices.push((user, read_at, items::event_of(&item)?));
                legacy.keys.push(item.key);
            }
        }
        // The unread markers say again what a notice's `read_at` says: only removed.
        for pk in self.partitions(items::UNREAD_PREFIX).await? {
            legacy.keys.extend(self.partition(pk).await?.into_iter().map(|item| item.key));
        }
        Ok(legacy)
    }
}

#[async_trait]
impl Notices for SqlNotices {
    async fn pending_events(&self, limit: usize) -> Result<Vec<Event>> {
        self.read(move |conn| {
            let mut stmt = conn.prepare_cached("SELECT record FROM notice_events ORDER BY id LIMIT ?1")?;
            let records = stmt.query_map([limit as i64], |r| r.get::<_, String>(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
            records.iter().map(|record| from_json(record)).collect()
        })
        .await
    }

    async fn deliver(&self, event: &Event, recipient: i64, mail: Option<&Mail>) -> Result<()> {
        let record = to_json(event).map_err(sql_error)?;
        let id = event.id.as_str().to_string();
        let queued = match mail {
            Some(mail) => Some(to_json(&MailRecord { mail: mail.clone(), attempts: 0, last_error: None }).map_err(sql_error)?),
            None => None,
        };
        let due = domain::clock::now_text();
        self.write(move |tx| {
            // Written by an earlier try: a retry changes nothing, and queues no second email.
            if !insert_notice(tx, recipient, &id, None, &record)? {
                return Ok(());
            }
            match queued {
                Some(queued) => queue_mail(tx, &MailPlace { at: due, notice_id: id, user_id: recipient }, &queued),
                None => Ok(()),
            }
        })
        .await
    }

    async fn settle(&self, event: &Event) -> Result<()> {
        let id = event.id.as_str().to_string();
        self.write(move |tx| {
            tx.prepare_cached("DELETE FROM notice_events WHERE id = ?1")?.execute([id])?;
            Ok(())
        })
        .await
    }

    async fn page(&self, user_id: i64, limit: usize, after: Option<NoticeId>) -> Result<NoticePage> {
        // The client's cursor is the last notice id it read, looked for among the user's own
        // notices only: a cursor can never lead into another user's.
        let (items, more) = self
            .read(move |conn| {
                // One more than asked tells whether another page follows.
                let wanted = limit as i64 + 1;
                let mut stmt = match &after {
                    Some(_) => conn.prepare_cached("SELECT read_at IS NOT NULL, record FROM notices WHERE user_id = ?1 AND id < ?2 ORDER BY id DESC LIMIT ?3")?,
                    None => conn.prepare_cached("SELECT read_at IS NOT NULL, record FROM notices WHERE user_id = ?1 ORDER BY id DESC LIMIT ?2")?,
                };
                let read = |r: &rusqlite::Row<'_>| Ok((r.get::<_, bool>(0)?, r.get::<_, String>(1)?));
                let rows = match &after {
                    Some(id) => stmt.query_map(params![user_id, id.as_str(), wanted], read)?.collect::<rusqlite::Result<Vec<_>>>()?,
                    None => stmt.query_map(params![user_id, wanted], read)?.collect::<rusqlite::Result<Vec<_>>>()?,
                };
                let more = rows.len() > limit;
                let notices = rows.iter().take(limit).map(|(read, record)| Ok(Notice::of(&from_json(record)?, *read))).collect::<sql::Result<Vec<_>>>()?;
                Ok((notices, more))
            })
            .await?;
        let cursor = if more { items.last().map(|n| n.id.clone()) } else { None };
        Ok(NoticePage { items, cursor })
    }

    async fn unread(&self, user_id: i64) -> Result<u64> {
        self.read(move |conn| {
            let n: i64 = conn.prepare_cached("SELECT count(*) FROM notices WHERE user_id = ?1 AND read_at IS NULL")?.query_row([user_id], |r| r.get(0))?;
            Ok(n as u64)
        })
        .await
    }

    async fn mark_read(&self, user_id: i64, id: &NoticeId) -> Result<bool> {
        let (id, now) = (id.as_str().to_string(), domain::clock::now_text());
        let marked = self
            .write(move |tx| {
                let marked = tx.prepare_cached("UPDATE notices SET read_at = ?3 WHERE user_id = ?1 AND id = ?2 AND read_at IS NULL")?.execute(params![user_id, id, now])?;
                if marked == 1 {
                    return Ok(Some(true));
                }
                let exists: bool = tx.prepare_cached("SELECT EXISTS (SELECT 1 FROM notices WHERE user_id = ?1 AND id = ?2)")?.query_row(params![user_id, id], |r| r.get(0))?;
                Ok(exists.then_some(false))
            })
            .await?;
        marked.ok_or_else(|| Error::NotFound(Msg::NotificationNotFound))
    }

    async fn mark_all_read(&self, user_id: i64) -> Result<u64> {
        let now = domain::clock::now_text();
        self.write(move |tx| {
            let marked = tx.prepare_cached("UPDATE notices SET read_at = ?2 WHERE user_id = ?1 AND read_at IS NULL")?.execute(params![user_id, now])?;
            Ok(marked as u64)
        })
        .await
    }

    async fn due_mail(&self, now: &str, limit: usize) -> Result<Vec<QueuedMail>> {
        let now = now.to_string();
        self.read(move |conn| {
            // Times are RFC 3339 text ending in `Z`, so text order is time order: an email due
            // this very second is due. Recipients of one notice due in one second follow each
            // other as the item engine's keys order them, by their id as text.
            mail_rows(
                conn,
                "SELECT due, notice_id, user_id, record FROM mail_outbox WHERE due <= ?1 ORDER BY due, notice_id, CAST(user_id AS TEXT) LIMIT ?2",
                &[&now, &(limit as i64)],
            )
        })
        .await
    }

    async fn mail_sent(&self, mail: &QueuedMail) -> Result<()> {
        let place = MailPlace::parse(&mail.key)?;
        self.write(move |tx| unqueue_mail(tx, &place).map(|_| ())).await
    }

    async fn mail_failed(&self, mail: &QueuedMail, error: &str, retry_at: Option<&str>) -> Result<()> {
        let place = MailPlace::parse(&mail.key)?;
        let record = MailRecord { mail: mail.mail.clone(), attempts: mail.attempts + 1, last_error: Some(error.to_string()) };
        let record = to_json(&record).map_err(sql_error)?;
        let (retry_at, now) = (retry_at.map(str::to_string), domain::clock::now_text());
        self.write(move |tx| {
            // Moved only if still queued: two workers at once move it once.
            if !unqueue_mail(tx, &place)? {
                return Ok(());
            }
            match retry_at {
                Some(at) => queue_mail(tx, &MailPlace { at, ..place }, &record),
                None => keep_failed(tx, &MailPlace { at: now, ..place }, &record),
            }
        })
        .await
    }

    async fn failed_mail(&self, limit: usize) -> Result<Vec<QueuedMail>> {
        self.read(move |conn| {
            mail_rows(
                conn,
                "SELECT failed_at, notice_id, user_id, record FROM mail_failed ORDER BY failed_at DESC, notice_id DESC, CAST(user_id AS TEXT) DESC LIMIT ?1",
                &[&(limit as i64)],
            )
        })
        .await
    }

    async fn queue(&self, at: &str, id: &str, mail: &Mail) -> Result<String> {
        let record = to_json(&MailRecord { mail: mail.clone(), attempts: 0, last_error: None }).map_err(sql_error)?;
        let place = MailPlace { at: at.to_string(), notice_id: id.to_string(), user_id: 0 };
        let key = place.key();
        self.write(move |tx| queue_mail(tx, &place, &record)).await?;
        Ok(key)
    }

    async fn resend(&self, key: &str) -> Result<bool> {
        let Ok(place) = MailPlace::parse(key) else { return Ok(false) };
        let now = domain::clock::now_text();
        self.write(move |tx| {
            let kept: Option<String> = tx
                .prepare_cached("DELETE FROM mail_failed WHERE failed_at = ?1 AND notice_id = ?2 AND user_id = ?3 RETURNING record")?
                .query_row(params![place.at, place.notice_id, place.user_id], |r| r.get(0))
                .optional()?;
            let Some(kept) = kept else { return Ok(false) };
            let record: MailRecord = from_json(&kept)?;
            let fresh = to_json(&MailRecord { mail: record.mail, attempts: 0, last_error: None })?;
            queue_mail(tx, &MailPlace { at: now, ..place }, &fresh)?;
            Ok(true)
        })
        .await
    }

    /// Moves the outbox's events, the notices (read or not), the queued emails and those
    /// failed for good from items into the tables, in one durable transaction with the
    /// items' removal: a second run finds nothing.
    async fn upgrade(&self) -> Result<u64> {
        if !store::Store::holds_items(self.store.as_ref()).await? {
            // A file this release made holds no items to move.
            return Ok(0);
        }
        let legacy = self.legacy_items().await?;
        if legacy.keys.is_empty() {
            return Ok(0);
        }
        let moved = legacy.records();
        let removals = legacy.keys.iter().cloned().map(Write::delete).collect();
        let outcome = self
            .store
            .bulk_with(removals, true, move |tx| {
                record_events(tx, &legacy.events)?;
                for (user, read_at, event) in &legacy.notices {
                    insert_notice(tx, *user, event.id.as_str(), read_at.as_deref(), &to_json(event)?)?;
                }
                for (place, record) in &legacy.queued {
                    queue_mail(tx, place, &to_json(record)?)?;
                }
                for (place, record) in &legacy.failed {
                    keep_failed(tx, place, &to_json(record)?)?;
                }
                Ok::<_, SqlError>(())
            })
            .await?;
        outcome.map_err(sql_error)?;
        Ok(moved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_queued_emails_key_names_its_place_and_reads_back() {
        let place = MailPlace { at: "2026-11-28T10:00:00Z".into(), notice_id: "01795724241261372-000000000042-000000007-0".into(), user_id: 17 };
        assert_eq!(place.key(), "2026-11-28T10:00:00Z#01795724241261372-000000000042-000000007-0#17");
        assert_eq!(MailPlace::parse(&place.key()).unwrap(), place);
        for bad in ["", "2026-11-28T10:00:00Z", "2026-11-28T10:00:00Z#x#seventeen"] {
            assert!(MailPlace::parse(bad).is_err(), "{bad}");
        }
    }
}
