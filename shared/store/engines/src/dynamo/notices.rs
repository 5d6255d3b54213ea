//! Notifications as items of the generic store (`cases::notices`): the outbox's events, each
//! user's notices and unread markers, and the emails waiting to be sent. Both grievance
//! engines write a change's events here in the change's own transaction (the embedded one in
//! the same SQLite file as its rows). Every key and attribute name of them lives here.
//!
//! - `OUTBOX#<shard>` / event id: an event until its notices are written.
//! - `NOTICE#<user>` / notice id: a notice (the event's fields, and `read_at` once read).
//! - `UNREAD#<user>` / notice id: present while the notice is unread, so counting the unread
//!   reads only them, never a user's whole history.
//! - `MAIL#<shard>` / `<due>#<notice id>#<user>`: an email due at `<due>`; `MAILFAILED` /
//!   `<when>#<notice id>#<user>`: one given up on, kept for the IT team to see.
//!
//! Outbox and mail partitions are sharded so that a busy state's writes spread over keys.

use domain::Msg;
use async_trait::async_trait;
use cases::notices::{Event, Mail, Notice, NoticeId, NoticePage, Notices, QueuedMail};
use cases::port::GrievanceChange;
use domain::{Error, Result};
use serde_json::Value;
use store::{Changes, Condition, Item, Key, Query, SharedStore, SortKey, StoreError, Write};

pub(crate) const SHARDS: i64 = 4;
pub(crate) const READ_AT: &str = "read_at";
pub(crate) const MAIL_FAILED_PK: &str = "MAILFAILED";
/// The prefixes of each user's notices' and unread markers' partitions (`<prefix><user>`).
pub(crate) const NOTICE_PREFIX: &str = "NOTICE#";
pub(crate) const UNREAD_PREFIX: &str = "UNREAD#";

pub(crate) fn outbox_pk(shard: i64) -> String {
    format!("OUTBOX#{shard}")
}

fn notice_key(user_id: i64, id: &NoticeId) -> Key {
    Key::new(format!("NOTICE#{user_id}"), id.as_str())
}

fn unread_key(user_id: i64, id: &NoticeId) -> Key {
    Key::new(format!("UNREAD#{user_id}"), id.as_str())
}

pub(crate) fn mail_pk(shard: i64) -> String {
    format!("MAIL#{shard}")
}

fn mail_key(due: &str, id: &str, user_id: i64) -> Key {
    Key::new(mail_pk(user_id.rem_euclid(SHARDS)), format!("{due}#{id}#{user_id}"))
}

fn attrs_of(value: &impl serde::Serialize) -> Result<store::Attrs> {
    match serde_json::to_value(value).map_err(Error::internal)? {
        Value::Object(attrs) => Ok(attrs),
        _ => Err(Error::internal("a record serialises to an object")),
    }
}

pub(crate) fn event_of(item: &Item) -> Result<Event> {
    let mut attrs = item.attrs.clone();
    attrs.remove(READ_AT);
    serde_json::from_value(Value::Object(attrs)).map_err(Error::internal)
}

/// The outbox writes of a grievance change: one put per event it raises
/// (`cases::notices::events_of`), for the engine to add to the change's transaction.
pub(crate) fn event_writes(change: &GrievanceChange<'_>) -> Result<Vec<Write>> {
    cases::notices::events_of(change)
        .iter()
        .map(|event| {
            let key = Key::new(outbox_pk(event.grievance_id.rem_euclid(SHARDS)), event.id.as_str());
            Ok(Write::put(Item { key, attrs: attrs_of(event)? }))
        })
        .collect()
}

pub(crate) fn queued_of(item: Item) -> QueuedMail {
    let text = |name: &str| item.str(name).unwrap_or_default().to_string();
    QueuedMail {
        key: format!("{}\n{}", item.key.pk, item.key.sk),
        mail: Mail { to: text("to"), subject: text("subject"), body: text("body"), sms: item.attrs.get("sms").and_then(|v| serde_json::from_value(v.clone()).ok()) },
        attempts: item.i64("attempts").unwrap_or(0).max(0) as u32,
        last_error: item.str("last_error").map(str::to_string),
    }
}

pub(crate) fn key_of(mail: &QueuedMail) -> Result<(Key, String, i64)> {
    let (pk, sk) = mail.key.split_once('\n').ok_or_else(|| Error::internal("not a queued email's key"))?;
    let mut parts = sk.splitn(3, '#');
    let (_, id, user) = (parts.next(), parts.next(), parts.next());
    let user: i64 = user.and_then(|u| u.parse().ok()).ok_or_else(|| Error::internal("not a queued email's key"))?;
    Ok((Key::new(pk, sk), id.unwrap_or_default().to_string(), user))
}

fn mail_item(key: Key, mail: &Mail, attempts: u32, last_error: Option<&str>) -> Item {
    let mut item = Item::new(key).with("to", mail.to.clone()).with("subject", mail.subject.clone()).with("body", mail.body.clone()).with("attempts", attempts as i64);
    if let Some(sms) = &mail.sms {
        item = item.with("sms", serde_json::to_value(sms).expect("SMS details serialise"));
    }
    match last_error {
        Some(error) => item.with("last_error", error.to_string()),
        None => item,
    }
}

/// The notifications engine over the generic store; serves both grievance engines.
#[derive(Clone)]
pub struct ItemNotices {
    store: SharedStore,
}

impl ItemNotices {
    pub fn new(store: SharedStore) -> ItemNotices {
        ItemNotices { store }
    }
}

#[async_trait]
impl Notices for ItemNotices {
    async fn pending_events(&self, limit: usize) -> Result<Vec<Event>> {
        let mut events = Vec::new();
        for shard in 0..SHARDS {
            let page = self.store.query(&Query::table(outbox_pk(shard)).limit(limit)).await?;
            for item in &page.items {
                events.push(event_of(item)?);
            }
        }
        events.sort_by(|a, b| a.id.cmp(&b.id));
        events.truncate(limit);
        Ok(events)
    }

    async fn deliver(&self, event: &Event, recipient: i64, mail: Option<&Mail>) -> Result<()> {
        let mut writes = vec![
            Write::put_new(Item { key: notice_key(recipient, &event.id), attrs: attrs_of(event)? }),
            Write::put(Item::new(unread_key(recipient, &event.id))),
        ];
        if let Some(mail) = mail {
            writes.push(Write::put(mail_item(mail_key(&domain::clock::now_text(), event.id.as_str(), recipient), mail, 0, None)));
        }
        match self.store.transact(writes).await {
            // Written by an earlier try: a retry changes nothing.
            Err(StoreError::ConditionFailed { .. }) => Ok(()),
            other => Ok(other?),
        }
    }

    async fn settle(&self, event: &Event) -> Result<()> {
        let key = Key::new(outbox_pk(event.grievance_id.rem_euclid(SHARDS)), event.id.as_str());
        Ok(self.store.transact(vec![Write::delete(key)]).await?)
    }

    async fn page(&self, user_id: i64, limit: usize, after: Option<NoticeId>) -> Result<NoticePage> {
        // The client's cursor is the last notice id it read, made into a key of its own
        // partition here: a cursor can never lead into another user's notices.
        let cursor = after.map(|id| store::cursor_after(&Item::new(notice_key(user_id, &id)), None));
        let query = Query::table(format!("NOTICE#{user_id}")).newest_first().limit(limit).after(cursor);
        let page = self.store.query(&query).await?;
        let items: Vec<Notice> = page.items.iter().map(|item| Ok(Notice::of(&event_of(item)?, item.attrs.contains_key(READ_AT)))).collect::<Result<_>>()?;
        let cursor = page.cursor.and(items.last().map(|n| n.id.clone()));
        Ok(NoticePage { items, cursor })
    }

    async fn unread(&self, user_id: i64) -> Result<u64> {
        Ok(self.store.count(&Query::table(format!("UNREAD#{user_id}"))).await?)
    }

    async fn mark_read(&self, user_id: i64, id: &NoticeId) -> Result<bool> {
        let key = notice_key(user_id, id);
        let notice = self.store.get(&key).await?.ok_or_else(|| Error::NotFound(Msg::NotificationNotFound))?;
        if notice.attrs.contains_key(READ_AT) {
            return Ok(false);
        }
        let read = Write::update(key, Changes::default().set(READ_AT, domain::clock::now_text())).when(Condition::Exists);
        // The unread marker goes only if it is there: of two marks at once, one marks it.
        let unmark = Write::delete(unread_key(user_id, id)).when(Condition::Exists);
        match self.store.transact(vec![read, unmark]).await {
            Err(StoreError::ConditionFailed { .. }) => Ok(false),
            other => other.map(|()| true).map_err(Error::from),
        }
    }

    async fn mark_all_read(&self, user_id: i64) -> Result<u64> {
        let unread = store::read_all(self.store.as_ref(), Query::table(format!("UNREAD#{user_id}"))).await?;
        let now = domain::clock::now_text();
        let mut marked = 0;
        for chunk in unread.chunks(store::MAX_TRANSACTION / 2) {
            let mut markers: Vec<Key> = chunk.iter().map(|marker| marker.key.clone()).collect();
            while !markers.is_empty() {
                // Each marker goes only if it is there, so a notice marked meanwhile (by
                // another request) is not counted twice: the chunk is tried again without it.
                let writes = markers
                    .iter()
                    .flat_map(|marker| {
                        let notice = Key::new(format!("NOTICE#{user_id}"), marker.sk.clone());
                        [Write::update(notice, Changes::default().set(READ_AT, now.clone())), Write::delete(marker.clone()).when(Condition::Exists)]
                    })
                    .collect();
                match self.store.transact(writes).await {
                    Ok(()) => {
                        marked += markers.len() as u64;
                        break;
                    }
                    Err(StoreError::ConditionFailed { .. }) => {
                        markers = store::get_existing(self.store.as_ref(), &markers).await?.into_iter().map(|marker| marker.key).collect();
                    }
                    Err(e) => return Err(e.into()),
                }
            }
        }
        Ok(marked)
    }

    async fn due_mail(&self, now: &str, limit: usize) -> Result<Vec<QueuedMail>> {
        let mut due = Vec::new();
        for shard in 0..SHARDS {
            // `~` sorts after `#`: an email due this very second is due.
            let query = Query::table(mail_pk(shard)).sort(SortKey::AtMost(format!("{now}~"))).limit(limit);
            due.extend(self.store.query(&query).await?.items);
        }
        due.sort_by(|a, b| a.key.sk.cmp(&b.key.sk));
        due.truncate(limit);
        Ok(due.into_iter().map(queued_of).collect())
    }

    async fn mail_sent(&self, mail: &QueuedMail) -> Result<()> {
        let (key, _, _) = key_of(mail)?;
        Ok(self.store.transact(vec![Write::delete(key)]).await?)
    }

    async fn mail_failed(&self, mail: &QueuedMail, error: &str, retry_at: Option<&str>) -> Result<()> {
        let (key, id, user) = key_of(mail)?;
        let attempts = mail.attempts + 1;
        let next = match retry_at {
            Some(at) => mail_key(at, &id, user),
            None => Key::new(MAIL_FAILED_PK, format!("{}#{id}#{user}", domain::clock::now_text())),
        };
        // Moved only if still queued: two workers at once move it once.
        let writes = vec![Write::delete(key).when(Condition::Exists), Write::put(mail_item(next, &mail.mail, attempts, Some(error)))];
        match self.store.transact(writes).await {
            Err(StoreError::ConditionFailed { .. }) => Ok(()),
            other => Ok(other?),
        }
    }

    async fn failed_mail(&self, limit: usize) -> Result<Vec<QueuedMail>> {
        let page = self.store.query(&Query::table(MAIL_FAILED_PK).newest_first().limit(limit)).await?;
        Ok(page.items.into_iter().map(queued_of).collect())
    }

    async fn queue(&self, at: &str, id: &str, mail: &Mail) -> Result<String> {
        let key = mail_key(at, id, 0);
        let answer = format!("{}\n{}", key.pk, key.sk);
        self.store.transact(vec![Write::put(mail_item(key, mail, 0, None))]).await?;
        Ok(answer)
    }

    async fn resend(&self, key: &str) -> Result<bool> {
        let Some((pk, sk)) = key.split_once('\n').filter(|(pk, _)| *pk == MAIL_FAILED_PK) else { return Ok(false) };
        let Some(item) = self.store.get(&Key::new(pk, sk)).await? else { return Ok(false) };
        let kept = queued_of(item);
        let (key, id, user) = key_of(&kept)?;
        // Moved only if still kept aside: two Admins at once send it once.
        let writes = vec![Write::delete(key).when(Condition::Exists), Write::put(mail_item(mail_key(&domain::clock::now_text(), &id, user), &kept.mail, 0, None))];
        match self.store.transact(writes).await {
            Err(StoreError::ConditionFailed { .. }) => Ok(false),
            other => other.map(|()| true).map_err(Into::into),
        }
    }
}
