//! The item store: DynamoDB's shape, items addressed by a partition and a sort key, a few
//! global secondary indexes, queries with a key condition and a cursor, and all-or-nothing
//! transactions of conditional writes. A state's AWS stack keeps everything in it (`dynamo`);
//! on SQLite (`sqlite`) it reads what releases before the embedded file's tables kept as
//! items, for their upgrade, and stands in for DynamoDB in tests. One conformance suite holds
//! the two alike. The embedded file's own tables are [`sql`].

#[cfg(feature = "cloud")]
pub mod calls;
mod cursor;
mod group_commit;
#[cfg(feature = "cloud")]
pub mod dynamo;
mod model;
pub mod sql;
pub mod sqlite;

use domain::Msg;
use async_trait::async_trait;
use std::sync::Arc;

pub use model::*;

/// What the domain sees of a store. Every engine passes `tests/conformance.rs`.
#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// A strongly consistent read of one item.
    async fn get(&self, key: &Key) -> Result<Option<Item>, StoreError>;

    /// Strongly consistent reads of several items, answered in the order asked; absent items
    /// are `None`. At most 100 keys.
    async fn get_many(&self, keys: &[Key]) -> Result<Vec<Option<Item>>, StoreError>;

    /// Items of one partition (of the table or of an index), in sort-key order.
    async fn query(&self, query: &Query) -> Result<Page, StoreError>;

    /// Applies every write or none. A failed condition cancels the whole transaction and is
    /// reported with the position of the write whose condition failed. At most 100 writes,
    /// and no two on the same item (DynamoDB's rules, enforced by every engine).
    async fn transact(&self, writes: Vec<Write>) -> Result<(), StoreError>;

    /// Adds `by` to a numeric attribute (creating the item and the attribute when absent)
    /// and answers the new value. Used for ids, which must never be handed out twice.
    async fn increment(&self, key: &Key, attribute: &str, by: i64) -> Result<i64, StoreError>;

    /// Answers once the store can be reached: what the health check asks.
    async fn ping(&self) -> Result<(), StoreError> {
        self.get(&Key::new("HEALTH", "HEALTH")).await.map(|_| ())
    }

    /// How many items a query's key condition matches (its limit and cursor are ignored).
    /// This default reads them page by page; an engine that can count without reading the
    /// items overrides it.
    async fn count(&self, query: &Query) -> Result<u64, StoreError> {
        let mut query = query.clone().limit(1000).after(None);
        let mut count = 0;
        loop {
            let page = self.query(&query).await?;
            count += page.items.len() as u64;
            match page.cursor {
                Some(c) => query.cursor = Some(c),
                None => return Ok(count),
            }
        }
    }

    /// Deletes the items whose partition key starts with `pk_prefix` and whose `ttl`
    /// attribute (unix seconds) is `now` or earlier, answering how many. DynamoDB removes
    /// such items itself (TTL is enabled on the table's `ttl` attribute), so this default
    /// leaves them to it; reads must check expiry anyway, as DynamoDB removes them late.
    async fn remove_expired(&self, _pk_prefix: &str, _now: i64) -> Result<u64, StoreError> {
        Ok(0)
    }

    /// Makes values overwritten so far unreadable from the store's own files (after secrets
    /// are sealed in place). DynamoDB keeps no old version of an item readable (its
    /// point-in-time backups apart), so this default does nothing.
    async fn purge_overwritten(&self) -> Result<(), StoreError> {
        Ok(())
    }

    /// Whether the store holds items at all. DynamoDB is nothing but items; the embedded file
    /// keeps tables, and holds items only when an earlier release wrote it, until the upgrade
    /// has moved them (see [`Store::retire_items`]).
    async fn holds_items(&self) -> Result<bool, StoreError> {
        Ok(true)
    }

    /// Once the upgrade has moved every record an earlier release kept as items into the
    /// engines' tables, removes the items' table, provided that what is left of it is only
    /// items of the `derived` partitions (pk prefixes: indexes, counters and markers the tables
    /// make needless). Anything else keeps the table and is answered, by partition and count,
    /// for the operator to see: nothing is ever dropped that was not moved. DynamoDB is its
    /// items, so this default keeps them.
    async fn retire_items(&self, _derived: &[&str]) -> Result<Retired, StoreError> {
        Ok(Retired::Kept(Vec::new()))
    }

    /// Free-text search, where the engine keeps a text index: the items of search part
    /// `part` whose `search_text` contains `text` (case-insensitive, at least 3 characters),
    /// highest `search_rank` first. `None` when the engine has no text index; the caller
    /// then narrows by an index and filters pages itself.
    async fn search(&self, _part: &str, _text: &str, _limit: usize, _cursor: Option<String>) -> Result<Option<Page>, StoreError> {
        Ok(None)
    }
}

/// The attributes that put an item in the text index: the text, the part it is searched
/// in, and its rank (higher first; unique within the store).
pub const SEARCH_TEXT: &str = "search_text";
pub const SEARCH_PART: &str = "search_part";
pub const SEARCH_RANK: &str = "search_rank";

pub type SharedStore = Arc<dyn Store>;

/// What [`Store::retire_items`] did.
#[derive(Debug, PartialEq, Eq)]
pub enum Retired {
    /// The items' table is gone, as in a file this release made.
    Dropped,
    /// There was no items' table.
    Gone,
    /// The table stays: the items of these partitions (by the pk's first part) were not moved.
    Kept(Vec<(String, i64)>),
}

impl From<StoreError> for domain::Error {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => domain::Error::Unavailable(Msg::StoreBusy),
            StoreError::Backend(detail) => domain::Error::Internal(detail),
            StoreError::BadCursor => domain::Error::BadRequest(Msg::CursorInvalid),
            other => domain::Error::Internal(other.to_string()),
        }
    }
}

/// A cursor that continues a query right after `item`, for callers that stop reading in
/// the middle of a page (a filtered list that has found enough).
pub fn cursor_after(item: &Item, index: Option<Index>) -> String {
    cursor::encode(item, index)
}

/// Every item a query matches, page after page. Only for partitions known to stay small
/// (staff, roles, one admin list), never for grievances or audit records.
pub async fn read_all(store: &dyn Store, query: Query) -> Result<Vec<Item>, StoreError> {
    let mut items = Vec::new();
    let mut query = query.limit(1000);
    loop {
        let page = store.query(&query).await?;
        items.extend(page.items);
        match page.cursor {
            Some(c) => query.cursor = Some(c),
            None => return Ok(items),
        }
    }
}

/// The items of `keys` that exist, in the order asked, however many: `get_many` takes at
/// most 100 keys at once (DynamoDB's BatchGetItem).
pub async fn get_existing(store: &dyn Store, keys: &[Key]) -> Result<Vec<Item>, StoreError> {
    let mut items = Vec::with_capacity(keys.len());
    for chunk in keys.chunks(100) {
        items.extend(store.get_many(chunk).await?.into_iter().flatten());
    }
    Ok(items)
}

/// The search cursor that continues after the item of rank `rank`, for callers that stop
/// reading in the middle of a page.
pub use cursor::{position as position_cursor, position_of as position_from_cursor};

pub fn search_cursor_after(rank: i64) -> String {
    format!("rank:{rank}")
}
