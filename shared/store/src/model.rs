use serde_json::{Map, Value};

/// The attributes of an item, as a JSON object. Index keys are ordinary string attributes
/// named after their index (`gsi1pk`, `gsi1sk`, ...), as in DynamoDB.
pub type Attrs = Map<String, Value>;

/// The primary key of an item.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    pub pk: String,
    pub sk: String,
}

impl Key {
    pub fn new(pk: impl Into<String>, sk: impl Into<String>) -> Self {
        Key { pk: pk.into(), sk: sk.into() }
    }
}

/// The global secondary indexes every engine keeps. An item belongs to an index when it has
/// both of that index's key attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Index {
    Gsi1,
    Gsi2,
    Gsi3,
    /// Holds keys only (the item's key and this index's): what is read through it is
    /// counted and ordered by its keys, at a tenth of a whole item's read cost, and fetched
    /// by key when needed. Engines that answer more attributes may; callers use the keys.
    Gsi4,
}

impl Index {
    pub const ALL: [Index; 4] = [Index::Gsi1, Index::Gsi2, Index::Gsi3, Index::Gsi4];

    /// Whether the index holds only keys (DynamoDB's KEYS_ONLY projection).
    pub fn keys_only(self) -> bool {
        self == Index::Gsi4
    }

    pub fn name(self) -> &'static str {
        match self {
            Index::Gsi1 => "gsi1",
            Index::Gsi2 => "gsi2",
            Index::Gsi3 => "gsi3",
            Index::Gsi4 => "gsi4",
        }
    }
    pub fn pk_attr(self) -> &'static str {
        match self {
            Index::Gsi1 => "gsi1pk",
            Index::Gsi2 => "gsi2pk",
            Index::Gsi3 => "gsi3pk",
            Index::Gsi4 => "gsi4pk",
        }
    }
    pub fn sk_attr(self) -> &'static str {
        match self {
            Index::Gsi1 => "gsi1sk",
            Index::Gsi2 => "gsi2sk",
            Index::Gsi3 => "gsi3sk",
            Index::Gsi4 => "gsi4sk",
        }
    }
}

/// One stored item: its key and its other attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub key: Key,
    pub attrs: Attrs,
}

impl Item {
    pub fn new(key: Key) -> Self {
        Item { key, attrs: Attrs::new() }
    }

    /// Sets an attribute, builder style.
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> Self {
        self.attrs.insert(name.to_string(), value.into());
        self
    }

    /// Puts the item in an index under the given keys.
    pub fn indexed(self, index: Index, pk: impl Into<String>, sk: impl Into<String>) -> Self {
        self.with(index.pk_attr(), pk.into()).with(index.sk_attr(), sk.into())
    }

    pub fn str(&self, name: &str) -> Option<&str> {
        self.attrs.get(name).and_then(Value::as_str)
    }
    pub fn i64(&self, name: &str) -> Option<i64> {
        self.attrs.get(name).and_then(Value::as_i64)
    }
    pub fn bool(&self, name: &str) -> Option<bool> {
        self.attrs.get(name).and_then(Value::as_bool)
    }
}

/// A condition on the current state of the item a write addresses.
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    Exists,
    NotExists,
    /// The item exists and this attribute holds exactly this value.
    Equals(String, Value),
    /// The item exists and each of these attributes holds exactly its value.
    EqualsAll(Vec<(String, Value)>),
}

/// One write of a transaction.
#[derive(Clone, Debug, PartialEq)]
pub enum Write {
    /// Replaces the whole item.
    Put { item: Item, condition: Option<Condition> },
    /// Changes some attributes of an item, creating it when absent: `set` overwrites,
    /// `add` adds to a number (absent counts as 0), `remove` deletes attributes.
    Update { key: Key, changes: Changes, condition: Option<Condition> },
    Delete { key: Key, condition: Option<Condition> },
    /// Writes nothing; fails the transaction unless the condition holds.
    Check { key: Key, condition: Condition },
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Changes {
    pub set: Vec<(String, Value)>,
    pub add: Vec<(String, i64)>,
    pub remove: Vec<String>,
}

impl Changes {
    pub fn set(mut self, name: &str, value: impl Into<Value>) -> Self {
        self.set.push((name.to_string(), value.into()));
        self
    }
    pub fn add(mut self, name: &str, by: i64) -> Self {
        self.add.push((name.to_string(), by));
        self
    }
    pub fn remove(mut self, name: &str) -> Self {
        self.remove.push(name.to_string());
        self
    }
    pub fn is_empty(&self) -> bool {
        self.set.is_empty() && self.add.is_empty() && self.remove.is_empty()
    }
}

impl Write {
    pub fn put(item: Item) -> Self {
        Write::Put { item, condition: None }
    }
    pub fn put_new(item: Item) -> Self {
        Write::Put { item, condition: Some(Condition::NotExists) }
    }
    pub fn update(key: Key, changes: Changes) -> Self {
        Write::Update { key, changes, condition: None }
    }
    pub fn delete(key: Key) -> Self {
        Write::Delete { key, condition: None }
    }
    pub fn when(self, condition: Condition) -> Self {
        match self {
            Write::Put { item, .. } => Write::Put { item, condition: Some(condition) },
            Write::Update { key, changes, .. } => Write::Update { key, changes, condition: Some(condition) },
            Write::Delete { key, .. } => Write::Delete { key, condition: Some(condition) },
            Write::Check { key, .. } => Write::Check { key, condition },
        }
    }
    pub fn key(&self) -> &Key {
        match self {
            Write::Put { item, .. } => &item.key,
            Write::Update { key, .. } | Write::Delete { key, .. } | Write::Check { key, .. } => key,
        }
    }
    pub fn condition(&self) -> Option<&Condition> {
        match self {
            Write::Put { condition, .. } | Write::Update { condition, .. } | Write::Delete { condition, .. } => {
                condition.as_ref()
            }
            Write::Check { condition, .. } => Some(condition),
        }
    }
}

/// Which sort keys a query reads.
#[derive(Clone, Debug, PartialEq)]
pub enum SortKey {
    Any,
    BeginsWith(String),
    /// Inclusive at both ends.
    Between(String, String),
    AtLeast(String),
    AtMost(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    /// `None` queries the table itself.
    pub index: Option<Index>,
    pub pk: String,
    pub sort: SortKey,
    /// Ascending sort keys when true.
    pub forward: bool,
    pub limit: usize,
    /// The `cursor` of the previous page.
    pub cursor: Option<String>,
}

impl Query {
    pub fn table(pk: impl Into<String>) -> Self {
        Query { index: None, pk: pk.into(), sort: SortKey::Any, forward: true, limit: 100, cursor: None }
    }
    pub fn index(index: Index, pk: impl Into<String>) -> Self {
        Query { index: Some(index), ..Query::table(pk) }
    }
    pub fn sort(mut self, sort: SortKey) -> Self {
        self.sort = sort;
        self
    }
    pub fn newest_first(mut self) -> Self {
        self.forward = false;
        self
    }
    pub fn limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }
    pub fn after(mut self, cursor: Option<String>) -> Self {
        self.cursor = cursor;
        self
    }
}

/// One page of a query. `cursor` is present exactly when more items follow.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    pub items: Vec<Item>,
    pub cursor: Option<String>,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum StoreError {
    /// A write's condition did not hold; nothing was written. `at` is the position of the
    /// write in its transaction.
    #[error("condition failed (write {at})")]
    ConditionFailed { at: usize },
    /// Another transaction touched the same items at the same time; retrying may succeed.
    #[error("transaction conflict")]
    Conflict,
    /// A paging cursor this store did not hand out (a client's, so a 400).
    #[error("the cursor is not one this store handed out")]
    BadCursor,
    /// The request itself was wrong (too many writes, two writes on one item).
    #[error("invalid request: {0}")]
    Invalid(String),
    #[error("store unavailable: {0}")]
    Backend(String),
}

/// The limits DynamoDB imposes, checked by every engine so that none accepts more.
/// `changes` applied to an item's attributes (`attrs` empty for an absent item), as every
/// engine applies an update.
pub(crate) fn apply_changes(changes: &Changes, mut attrs: Attrs) -> Result<Attrs, StoreError> {
    for (name, value) in &changes.set {
        attrs.insert(name.clone(), value.clone());
    }
    for (name, by) in &changes.add {
        let current = match attrs.get(name) {
            None => 0,
            Some(v) => v.as_i64().ok_or_else(|| StoreError::Invalid(format!("{name} is not a number")))?,
        };
        attrs.insert(name.clone(), Value::from(current + by));
    }
    for name in &changes.remove {
        attrs.remove(name);
    }
    Ok(attrs)
}

impl Changes {
    /// These changes followed by `next`, as one set of changes: what applying the two in
    /// turn does to any item. A number set here and added to there is set to the sum.
    pub fn then(mut self, next: &Changes) -> Changes {
        for (name, value) in &next.set {
            self.add.retain(|(n, _)| n != name);
            self.remove.retain(|n| n != name);
            self.set.retain(|(n, _)| n != name);
            self.set.push((name.clone(), value.clone()));
        }
        for (name, by) in &next.add {
            if let Some((_, value)) = self.set.iter_mut().find(|(n, _)| n == name) {
                *value = Value::from(value.as_i64().unwrap_or(0) + by);
            } else if let Some((_, sum)) = self.add.iter_mut().find(|(n, _)| n == name) {
                *sum += by;
            } else if self.remove.contains(name) {
                self.remove.retain(|n| n != name);
                self.set.push((name.clone(), Value::from(*by)));
            } else {
                self.add.push((name.clone(), *by));
            }
        }
        for name in &next.remove {
            self.set.retain(|(n, _)| n != name);
            self.add.retain(|(n, _)| n != name);
            if !self.remove.contains(name) {
                self.remove.push(name.clone());
            }
        }
        self
    }
}

/// The most writes one transaction holds (DynamoDB's TransactWriteItems limit).
pub const MAX_TRANSACTION: usize = 100;

pub(crate) fn check_transaction(writes: &[Write]) -> Result<(), StoreError> {
    if writes.is_empty() || writes.len() > MAX_TRANSACTION {
        return Err(StoreError::Invalid(format!("a transaction holds 1 to 100 writes, not {}", writes.len())));
    }
    let mut seen = std::collections::HashSet::new();
    for w in writes {
        if !seen.insert(w.key()) {
            return Err(StoreError::Invalid(format!("two writes on one item {:?}", w.key())));
        }
    }
    Ok(())
}

pub(crate) fn check_limit(limit: usize) -> Result<(), StoreError> {
    check_limit_of(limit, 1000)
}

/// The most keys one page of a keys-only index answers: a key is a tenth of an item, so
/// ten times the items of a page still fit DynamoDB's megabyte a call.
pub const MAX_KEYS_PAGE: usize = 10_000;

/// A query's page size, against what its index holds.
pub(crate) fn check_query_limit(q: &Query) -> Result<(), StoreError> {
    check_limit_of(q.limit, if q.index.is_some_and(Index::keys_only) { MAX_KEYS_PAGE } else { 1000 })
}

fn check_limit_of(limit: usize, most: usize) -> Result<(), StoreError> {
    if limit == 0 || limit > most {
        return Err(StoreError::Invalid(format!("a page holds 1 to {most} items, not {limit}")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Two changes combined do to an item what the two do in turn, whatever it held.
    #[test]
    fn combined_changes_do_what_the_two_do_in_turn() {
        let first = Changes::default().add("total", 2).set("name", "A").set("count", 5).remove("gone");
        let second = Changes::default().add("total", 3).add("count", 1).add("gone", 4).set("name", "B").remove("old");
        let combined = first.clone().then(&second);
        for start in [json!({}), json!({"total": 10, "count": 1, "gone": 7, "old": "x", "kept": true})] {
            let Value::Object(attrs) = start else { unreachable!() };
            let in_turn = apply_changes(&second, apply_changes(&first, attrs.clone()).unwrap()).unwrap();
            assert_eq!(apply_changes(&combined, attrs).unwrap(), in_turn);
        }
    }
}
