//! Several partitions read as one, newest first. A posting's area is many places (its
//! stations, its districts), each a partition kept in filing or change order; its list and
//! its audit trail are the merge of those partitions, read a page at a time from each as the
//! merge reaches it, so the work follows what is answered, never the area's size.

use futures_util::future::try_join_all;
use std::collections::VecDeque;
use store::{Index, Item, Query, SortKey, Store, StoreError};

struct Stream {
    query: Query,
    buffered: VecDeque<Item>,
    exhausted: bool,
}

/// The items of several partitions of the table or of one index, highest sort key first.
/// Sort keys must order alike across the partitions (a time, then an id) and no item may
/// lie in two of them.
pub struct Merge<'a> {
    store: &'a dyn Store,
    /// The index the partitions are of; `None`: the table's.
    index: Option<Index>,
    streams: Vec<Stream>,
    /// Only items strictly before this sort key: where the previous page ended.
    before: Option<String>,
}

impl<'a> Merge<'a> {
    /// Reads `partitions` (table partitions), `batch` items a query, within `sort`, and only
    /// below `before` when given.
    pub fn new(store: &'a dyn Store, partitions: impl IntoIterator<Item = String>, sort: SortKey, before: Option<String>, batch: usize) -> Merge<'a> {
        Merge::over(store, None, partitions, sort, before, batch)
    }

    /// As [`Merge::new`], over partitions of `index` (the table's when `None`).
    pub fn over(store: &'a dyn Store, index: Option<Index>, partitions: impl IntoIterator<Item = String>, sort: SortKey, before: Option<String>, batch: usize) -> Merge<'a> {
        let sort = match (&before, sort) {
            (None, sort) => sort,
            // Narrowed to the resumed range; AtMost keeps the last item read, dropped below.
            (Some(b), SortKey::Any) => SortKey::AtMost(b.clone()),
            (Some(b), SortKey::AtLeast(lo)) | (Some(b), SortKey::Between(lo, _)) => SortKey::Between(lo, b.clone()),
            (Some(b), SortKey::AtMost(hi)) => SortKey::AtMost(hi.min(b.clone())),
            // Every text between the prefix and a key that has it has the prefix too.
            (Some(b), SortKey::BeginsWith(prefix)) => SortKey::Between(prefix, b.clone()),
        };
        let streams = partitions
            .into_iter()
            .map(|pk| {
                let query = match index {
                    Some(index) => Query::index(index, pk),
                    None => Query::table(pk),
                };
                Stream { query: query.sort(sort.clone()).newest_first().limit(batch.clamp(1, 1000)), buffered: VecDeque::new(), exhausted: false }
            })
            .collect();
        Merge { store, index, streams, before }
    }

    /// An item's sort key in the partitions merged.
    pub fn sort_key<'i>(&self, item: &'i Item) -> &'i str {
        match self.index {
            Some(index) => item.str(index.sk_attr()).unwrap_or_default(),
            None => &item.key.sk,
        }
    }

    /// The next item, newest first; `None` when every partition is read.
    pub async fn next(&mut self) -> Result<Option<Item>, StoreError> {
        loop {
            self.fill().await?;
            let newest = self.streams.iter().enumerate().filter_map(|(i, s)| s.buffered.front().map(|item| (i, self.sort_key(item)))).max_by(|a, b| a.1.cmp(b.1)).map(|(i, _)| i);
            let Some(item) = newest.and_then(|i| self.streams[i].buffered.pop_front()) else { return Ok(None) };
            if self.before.as_ref().is_some_and(|b| self.sort_key(&item) >= b.as_str()) {
                continue;
            }
            return Ok(Some(item));
        }
    }

    /// Whether any item may follow.
    pub fn more(&self) -> bool {
        self.streams.iter().any(|s| !s.buffered.is_empty() || !s.exhausted)
    }

    /// Reads the next page of every partition whose read items are all merged, at once.
    async fn fill(&mut self) -> Result<(), StoreError> {
        loop {
            let empty: Vec<usize> = (0..self.streams.len()).filter(|i| self.streams[*i].buffered.is_empty() && !self.streams[*i].exhausted).collect();
            if empty.is_empty() {
                return Ok(());
            }
            let store = self.store;
            let pages = try_join_all(empty.iter().map(|i| {
                let query = self.streams[*i].query.clone();
                async move { store.query(&query).await }
            }))
            .await?;
            for (i, page) in empty.into_iter().zip(pages) {
                let stream = &mut self.streams[i];
                stream.buffered.extend(page.items);
                match page.cursor {
                    Some(c) => stream.query.cursor = Some(c),
                    None => stream.exhausted = true,
                }
            }
        }
    }
}
