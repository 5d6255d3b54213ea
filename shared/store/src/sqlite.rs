//! The embedded file: one SQLite file in WAL mode, holding the relational tables of `sql`, and,
//! in a file an earlier release wrote (or a test's stand-in for DynamoDB), the `items` table
//! this module serves as an item store. One connection writes (SQLite allows one
//! writer at a time anyway), on its own thread, committing the writes that wait for it
//! together ([`crate::group_commit`]); a small pool of connections reads concurrently.
//! `synchronous=FULL` makes a commit durable before any write in it is answered, so an
//! acknowledged write survives a crash or power cut.

use crate::{apply_changes, check_limit, check_query_limit, check_transaction, cursor, Attrs, Changes, Condition, Index, Item, Key, Page, Query, Retired, SortKey, Store, StoreError, Write};
use async_trait::async_trait;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension, TransactionBehavior};
use serde_json::Value;
use crate::group_commit::Writer;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS items (
    pk TEXT NOT NULL,
    sk TEXT NOT NULL,
    gsi1pk TEXT, gsi1sk TEXT,
    gsi2pk TEXT, gsi2sk TEXT,
    gsi3pk TEXT, gsi3sk TEXT,
    attrs TEXT NOT NULL,
    gsi4pk TEXT, gsi4sk TEXT,
    PRIMARY KEY (pk, sk)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS gsi1 ON items (gsi1pk, gsi1sk, pk, sk) WHERE gsi1pk IS NOT NULL;
CREATE INDEX IF NOT EXISTS gsi2 ON items (gsi2pk, gsi2sk, pk, sk) WHERE gsi2pk IS NOT NULL;
CREATE INDEX IF NOT EXISTS gsi3 ON items (gsi3pk, gsi3sk, pk, sk) WHERE gsi3pk IS NOT NULL;
-- Free text: a trigram index (case-insensitive substrings) kept in the same transaction as
-- the item; rowid is the item's search rank, so newest-first is the index's own order.
CREATE VIRTUAL TABLE IF NOT EXISTS search USING fts5(text, part UNINDEXED, pk UNINDEXED, sk UNINDEXED, tokenize = 'trigram');
";

/// What the embedded store may hold in memory, whatever the load: how many connections read
/// at once (a request beyond them waits for one), and the page cache that they and the writer
/// share. The figures of a busy office are bounded by these settings, not by its traffic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryLimits {
    pub readers: usize,
    pub cache_mib: u32,
}

impl Default for MemoryLimits {
    fn default() -> Self {
        MemoryLimits { readers: 4, cache_mib: 40 }
    }
}

impl MemoryLimits {
    /// The limits set by `PORTAL_DB_READERS` (1 to 64) and `PORTAL_DB_CACHE_MIB` (2 to 4096),
    /// the defaults where unset.
    pub fn from_env() -> Result<MemoryLimits, String> {
        let mut limits = MemoryLimits::default();
        if let Ok(text) = std::env::var("PORTAL_DB_READERS") {
            limits.readers = text.trim().parse().ok().filter(|n| (1..=64).contains(n)).ok_or_else(|| format!("PORTAL_DB_READERS must be 1 to 64, not {text:?}"))?;
        }
        if let Ok(text) = std::env::var("PORTAL_DB_CACHE_MIB") {
            limits.cache_mib = text.trim().parse().ok().filter(|n| (2..=4096).contains(n)).ok_or_else(|| format!("PORTAL_DB_CACHE_MIB must be 2 to 4096, not {text:?}"))?;
        }
        Ok(limits)
    }

    /// Each connection's share of the page cache, in KiB: the readers, the writer, and the
    /// one connection that counts a text's slices beside a reader (`sql::count_memo`).
    fn cache_kib_per_connection(&self) -> i64 {
        i64::from(self.cache_mib) * 1024 / (self.readers as i64 + 2)
    }
}

pub struct SqliteStore {
    path: PathBuf,
    writer: Writer,
    readers: Arc<Mutex<Vec<Connection>>>,
    /// One permit per reader connection: a read waits for a connection rather than opening
    /// another (whose cache would be memory the limits do not count).
    reading: Arc<tokio::sync::Semaphore>,
    limits: MemoryLimits,
}

fn backend(e: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(e.to_string())
}

fn open(path: &Path, limits: MemoryLimits) -> Result<Connection, StoreError> {
    let conn = Connection::open(path).map_err(backend)?;
    conn.busy_timeout(std::time::Duration::from_secs(10)).map_err(backend)?;
    crate::sql::plan_once(&conn).map_err(backend)?;
    conn.execute_batch(&format!(
        // secure_delete=FAST: a value overwritten or deleted is zeroed in its page where that
        // costs no extra I/O, so a secret sealed in place is not left readable in the file.
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA secure_delete=FAST; PRAGMA cache_size=-{}; PRAGMA mmap_size=0;",
        limits.cache_kib_per_connection()
    ))
    .map_err(backend)?;
    Ok(conn)
}

fn has_items_table(conn: &Connection) -> Result<bool, StoreError> {
    conn.query_row("SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'items')", [], |r| r.get(0)).map_err(backend)
}

/// The fourth index's columns and index: a file written before it existed gains them (its
/// items are in no fourth index until an upgrade writes them again, as on DynamoDB after the
/// index is added).
fn add_fourth_index(conn: &Connection) -> Result<(), StoreError> {
    let has: bool = conn.query_row("SELECT COUNT(*) FROM pragma_table_info('items') WHERE name = 'gsi4pk'", [], |r| r.get::<_, i64>(0)).map_err(backend)? > 0;
    if !has {
        conn.execute_batch("ALTER TABLE items ADD COLUMN gsi4pk TEXT; ALTER TABLE items ADD COLUMN gsi4sk TEXT;").map_err(backend)?;
    }
    conn.execute_batch("CREATE INDEX IF NOT EXISTS gsi4 ON items (gsi4pk, gsi4sk, pk, sk) WHERE gsi4pk IS NOT NULL;").map_err(backend)
}

/// Runs `f` on a free reader connection (the caller holds a reading permit, so one is
/// free); a connection lost to a panic is opened again.
fn with_reader<T>(
    readers: &Mutex<Vec<Connection>>,
    path: &Path,
    limits: MemoryLimits,
    f: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    let conn = readers.lock().unwrap_or_else(|p| p.into_inner()).pop();
    let conn = match conn {
        Some(c) => c,
        None => open(path, limits)?,
    };
    let result = f(&conn);
    readers.lock().unwrap_or_else(|p| p.into_inner()).push(conn);
    result
}

impl SqliteStore {
    /// Opens (creating when absent) the store file at `path`, with the default memory limits.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, StoreError> {
        SqliteStore::open_with(path, MemoryLimits::default())
    }

    /// Opens (creating when absent) the store file at `path`, holding no more than `limits`.
    /// A new file has no `items` table: its engines keep tables. A file an earlier release
    /// wrote keeps its items until the upgrade has moved them into the tables.
    pub fn open_with(path: impl AsRef<Path>, limits: MemoryLimits) -> Result<Self, StoreError> {
        SqliteStore::open_file(path.as_ref(), limits, false)
    }

    /// Opens the file at `path` with an `items` table, made when absent: the item store on
    /// SQLite, as the releases before the tables kept everything (what the upgrade tests
    /// write), and a quick stand-in for DynamoDB where a test needs one.
    pub fn open_with_items(path: impl AsRef<Path>) -> Result<Self, StoreError> {
        SqliteStore::open_file(path.as_ref(), MemoryLimits::default(), true)
    }

    fn open_file(path: &Path, limits: MemoryLimits, make_items: bool) -> Result<Self, StoreError> {
        let path = path.to_path_buf();
        if !path.exists() {
            // Items are JSON documents of a kilobyte or two: on 16 KiB pages they sit in the
            // B-tree itself instead of spilling to overflow pages. A page size is chosen
            // before the first write and before WAL mode, so only for a new file.
            let fresh = Connection::open(&path).map_err(backend)?;
            fresh.execute_batch("PRAGMA page_size=16384; VACUUM;").map_err(backend)?;
        }
        let writer = open(&path, limits)?;
        if make_items || has_items_table(&writer)? {
            writer.execute_batch(SCHEMA).map_err(backend)?;
            add_fourth_index(&writer)?;
        }
        // The relational tables (grievances so far) live in the same file, so that a row and
        // the items written with it (its audit records) commit in one transaction.
        crate::sql::migrate(&writer).map_err(backend)?;
        crate::sql::sequences::adopt_items(&writer).map_err(backend)?;
        let readers = (0..limits.readers).map(|_| open(&path, limits)).collect::<Result<Vec<_>, _>>()?;
        Ok(SqliteStore {
            path,
            writer: Writer::start(writer),
            readers: Arc::new(Mutex::new(readers)),
            reading: Arc::new(tokio::sync::Semaphore::new(limits.readers)),
            limits,
        })
    }

    pub fn limits(&self) -> MemoryLimits {
        self.limits
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `f` on a reader connection on the calling thread: for reads an index bounds (a
    /// key, a page of an index, a few figures), which take microseconds. Handing such a read
    /// to the blocking pool cost more than the read itself (a thread wake-up and two context
    /// switches each way): measured at 1,000,000 grievances, counts by status answered 5,800
    /// req/s through the pool and 9,700 on the calling thread.
    async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let permit = self.reading.acquire().await.map_err(backend)?;
        let result = with_reader(&self.readers, &self.path, self.limits, f);
        drop(permit);
        result
    }

    /// Runs `f` on a reader connection off the async runtime: for reads that may take long
    /// (every match of a text, a whole export), which would otherwise hold up one of the
    /// runtime's few worker threads and every request queued behind it.
    async fn read_long<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let readers = self.readers.clone();
        let (path, limits) = (self.path.clone(), self.limits);
        let permit = self.reading.clone().acquire_owned().await.map_err(backend)?;
        tokio::task::spawn_blocking(move || {
            let result = with_reader(&readers, &path, limits, f);
            drop(permit);
            result
        })
        .await
        .map_err(backend)?
    }

    /// Runs `f` alone on the writing connection (see [`crate::group_commit`]).
    async fn write<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        self.writer.alone(f).await
    }

    /// Applies `writes`, then runs `f`, in a savepoint of the next group commit: kept when
    /// both succeed, undone otherwise, answered once durable.
    async fn write_grouped<T: Send + 'static, E: Send + 'static>(
        &self,
        writes: Vec<Write>,
        f: impl FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    ) -> Result<Result<T, E>, StoreError> {
        self.writer
            .grouped(move |conn| {
                if let Err(e) = apply_writes(conn, &writes) {
                    return (false, Err(e));
                }
                match f(conn) {
                    Ok(value) => (true, Ok(Ok(value))),
                    Err(e) => (false, Ok(Err(e))),
                }
            })
            .await
    }
}

fn load(conn: &Connection, key: &Key) -> Result<Option<Attrs>, StoreError> {
    let text: Option<String> = conn
        .prepare_cached("SELECT attrs FROM items WHERE pk = ?1 AND sk = ?2")
        .map_err(backend)?
        .query_row(params![key.pk, key.sk], |r| r.get(0))
        .optional()
        .map_err(backend)?;
    text.map(|t| serde_json::from_str(&t).map_err(backend)).transpose()
}

fn index_key(attrs: &Attrs, attr: &str) -> Option<String> {
    attrs.get(attr).and_then(Value::as_str).map(str::to_string)
}

fn search_rank(attrs: &Attrs) -> Option<i64> {
    attrs.get(crate::SEARCH_RANK).and_then(Value::as_i64)
}

/// Keeps the text index in step with an item going from `before` to `after`.
fn index_text(conn: &Connection, key: &Key, before: Option<&Attrs>, after: Option<&Attrs>) -> Result<(), StoreError> {
    if let Some(rank) = before.and_then(search_rank) {
        conn.prepare_cached("DELETE FROM search WHERE rowid = ?1").map_err(backend)?.execute(params![rank]).map_err(backend)?;
    }
    let Some(attrs) = after else { return Ok(()) };
    let text = attrs.get(crate::SEARCH_TEXT).and_then(Value::as_str);
    let part = attrs.get(crate::SEARCH_PART).and_then(Value::as_str);
    if let (Some(text), Some(part), Some(rank)) = (text, part, search_rank(attrs)) {
        conn.prepare_cached("INSERT OR REPLACE INTO search (rowid, text, part, pk, sk) VALUES (?1, ?2, ?3, ?4, ?5)")
            .map_err(backend)?
            .execute(params![rank, text, part, key.pk, key.sk])
            .map_err(backend)?;
    }
    Ok(())
}

fn save(conn: &Connection, key: &Key, attrs: &Attrs) -> Result<(), StoreError> {
    let mut keys: Vec<Option<String>> = Vec::with_capacity(8);
    for index in Index::ALL {
        // An item is in an index only when it has both of the index's keys, as in DynamoDB.
        let (p, s) = (index_key(attrs, index.pk_attr()), index_key(attrs, index.sk_attr()));
        if p.is_some() && s.is_some() {
            keys.extend([p, s]);
        } else {
            keys.extend([None, None]);
        }
    }
    conn.prepare_cached(
        "INSERT OR REPLACE INTO items (pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, gsi3pk, gsi3sk, gsi4pk, gsi4sk, attrs)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )
    .map_err(backend)?
    .execute(params![
        key.pk,
        key.sk,
        keys[0],
        keys[1],
        keys[2],
        keys[3],
        keys[4],
        keys[5],
        keys[6],
        keys[7],
        serde_json::to_string(attrs).map_err(backend)?
    ])
    .map_err(backend)?;
    Ok(())
}

fn holds(condition: &Condition, current: Option<&Attrs>) -> bool {
    match (condition, current) {
        (Condition::Exists, current) => current.is_some(),
        (Condition::NotExists, current) => current.is_none(),
        (Condition::Equals(name, value), Some(attrs)) => attrs.get(name) == Some(value),
        (Condition::EqualsAll(pairs), Some(attrs)) => pairs.iter().all(|(name, value)| attrs.get(name) == Some(value)),
        (Condition::Equals(..) | Condition::EqualsAll(..), None) => false,
    }
}

fn row_to_item(pk: String, sk: String, attrs: &str) -> Result<Item, StoreError> {
    Ok(Item { key: Key { pk, sk }, attrs: serde_json::from_str(attrs).map_err(backend)? })
}

/// `COUNT(*)` over the query's key condition: the index alone answers it.
fn run_count(conn: &Connection, q: &Query) -> Result<u64, StoreError> {
    let (condition, args) = key_condition(q);
    let sql = format!("SELECT COUNT(*) FROM items WHERE {condition}");
    let mut stmt = conn.prepare_cached(&sql).map_err(backend)?;
    stmt.query_row(params_from_iter(args.iter()), |r| r.get::<_, i64>(0)).map(|n| n.max(0) as u64).map_err(backend)
}

/// The WHERE condition of a query's partition and sort-key range, with its arguments.
fn key_condition(q: &Query) -> (String, Vec<String>) {
    let (pk_col, sk_col) = match q.index {
        Some(i) => (i.pk_attr(), i.sk_attr()),
        None => ("pk", "sk"),
    };
    let mut sql = format!("{pk_col} = ?");
    let mut args: Vec<String> = vec![q.pk.clone()];
    match &q.sort {
        SortKey::Any => {}
        SortKey::BeginsWith(prefix) => {
            // A range rather than LIKE, so the index is used and no character is special.
            sql.push_str(&format!(" AND {sk_col} >= ? AND {sk_col} < ?"));
            args.push(prefix.clone());
            args.push(format!("{prefix}\u{10FFFF}"));
        }
        SortKey::Between(lo, hi) => {
            sql.push_str(&format!(" AND {sk_col} BETWEEN ? AND ?"));
            args.extend([lo.clone(), hi.clone()]);
        }
        SortKey::AtLeast(lo) => {
            sql.push_str(&format!(" AND {sk_col} >= ?"));
            args.push(lo.clone());
        }
        SortKey::AtMost(hi) => {
            sql.push_str(&format!(" AND {sk_col} <= ?"));
            args.push(hi.clone());
        }
    }
    (sql, args)
}

fn run_query(conn: &Connection, q: &Query) -> Result<Page, StoreError> {
    check_query_limit(q)?;
    let sk_col = match q.index {
        Some(i) => i.sk_attr(),
        None => "sk",
    };
    let (condition, mut args) = key_condition(q);
    let mut sql = format!("SELECT pk, sk, attrs FROM items WHERE {condition}");
    let cmp = if q.forward { ">" } else { "<" };
    let dir = if q.forward { "ASC" } else { "DESC" };
    if let Some(c) = &q.cursor {
        let keys = cursor::decode(c, q.index)?;
        match q.index {
            Some(i) => {
                sql.push_str(&format!(" AND ({sk_col}, pk, sk) {cmp} (?, ?, ?)"));
                args.extend([keys[i.sk_attr()].clone(), keys["pk"].clone(), keys["sk"].clone()]);
            }
            None => {
                sql.push_str(&format!(" AND sk {cmp} ?"));
                args.push(keys["sk"].clone());
            }
        }
    }
    match q.index {
        Some(_) => sql.push_str(&format!(" ORDER BY {sk_col} {dir}, pk {dir}, sk {dir}")),
        None => sql.push_str(&format!(" ORDER BY sk {dir}")),
    }
    sql.push_str(&format!(" LIMIT {}", q.limit + 1));
    let mut stmt = conn.prepare_cached(&sql).map_err(backend)?;
    let rows = stmt
        .query_map(params_from_iter(args.iter()), |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?)))
        .map_err(backend)?;
    let mut items = Vec::with_capacity(q.limit + 1);
    for row in rows {
        let (pk, sk, attrs) = row.map_err(backend)?;
        items.push(row_to_item(pk, sk, &attrs)?);
    }
    let cursor = if items.len() > q.limit {
        items.truncate(q.limit);
        items.last().map(|last| cursor::encode(last, q.index))
    } else {
        None
    };
    Ok(Page { items, cursor })
}

/// Applies one write inside an open transaction, after checking its condition.
fn apply_write(tx: &Connection, at: usize, write: &Write) -> Result<(), StoreError> {
    let current = load(tx, write.key())?;
    if let Some(condition) = write.condition() {
        if !holds(condition, current.as_ref()) {
            return Err(StoreError::ConditionFailed { at });
        }
    }
    match write {
        Write::Put { item, .. } => {
            index_text(tx, &item.key, current.as_ref(), Some(&item.attrs))?;
            save(tx, &item.key, &item.attrs)
        }
        Write::Update { key, changes, .. } => {
            let after = apply_changes(changes, current.clone().unwrap_or_default())?;
            index_text(tx, key, current.as_ref(), Some(&after))?;
            save(tx, key, &after)
        }
        Write::Delete { key, .. } => {
            index_text(tx, key, current.as_ref(), None)?;
            tx.prepare_cached("DELETE FROM items WHERE pk = ?1 AND sk = ?2")
                .map_err(backend)?
                .execute(params![key.pk, key.sk])
                .map_err(backend)?;
            Ok(())
        }
        Write::Check { .. } => Ok(()),
    }
}

/// Applies `writes` in order; the first refused one is reported at its position, and the
/// caller's transaction or savepoint undoes what came before it.
fn apply_writes(conn: &Connection, writes: &[Write]) -> Result<(), StoreError> {
    writes.iter().enumerate().try_for_each(|(at, write)| apply_write(conn, at, write))
}

fn run_transaction(conn: &mut Connection, writes: &[Write]) -> Result<(), StoreError> {
    run_transaction_with(conn, writes, |_| Ok::<(), StoreError>(()))?
}

fn run_transaction_with<T, E>(
    conn: &mut Connection,
    writes: &[Write],
    f: impl FnOnce(&Connection) -> Result<T, E>,
) -> Result<Result<T, E>, StoreError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(backend)?;
    // On an error, dropping `tx` rolls back everything written so far.
    apply_writes(&tx, writes)?;
    match f(&tx) {
        Ok(value) => {
            tx.commit().map_err(backend)?;
            Ok(Ok(value))
        }
        // Dropping `tx` rolls back.
        Err(e) => Ok(Err(e)),
    }
}

impl SqliteStore {
    /// Runs `f` on a reader connection on the calling thread: the relational engine's reads
    /// that an index bounds (see [`Self::read`]).
    pub async fn read_with<T: Send + 'static, E: From<StoreError> + Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E> {
        self.read(move |conn| Ok(f(conn))).await?
    }

    /// Runs `f` on a reader connection off the async runtime: the relational engine's reads
    /// that may take long (see [`Self::read_long`]).
    pub async fn read_long_with<T: Send + 'static, E: From<StoreError> + Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E> {
        self.read_long(move |conn| Ok(f(conn))).await?
    }

    /// Applies `writes` and runs `f` in one transaction, all or nothing: a grievance row
    /// (written by `f`) with the items that go with it. `writes` go first, so a failed
    /// condition is reported at its position as by [`Store::transact`]; an error of `f`
    /// rolls everything back and is answered as the inner error.
    pub async fn transact_with<T: Send + 'static, E: Send + 'static>(
        &self,
        writes: Vec<Write>,
        f: impl FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    ) -> Result<Result<T, E>, StoreError> {
        // `f` writes rows, so a change may need no item at all.
        if !writes.is_empty() {
            check_transaction(&writes)?;
        }
        self.write_grouped(writes, f).await
    }

    /// As [`Self::transact_with`] with any number of writes (several may touch one item,
    /// applied in order): for upgrades (`durable`) and the data generator, which does not
    /// wait for the disk on commit (see [`Self::bulk`]).
    pub async fn bulk_with<T: Send + 'static, E: Send + 'static>(
        &self,
        writes: Vec<Write>,
        durable: bool,
        f: impl FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    ) -> Result<Result<T, E>, StoreError> {
        self.write(move |conn| {
            if durable {
                return run_transaction_with(conn, &writes, f);
            }
            conn.execute_batch("PRAGMA synchronous=OFF").map_err(backend)?;
            let result = run_transaction_with(conn, &writes, f);
            conn.execute_batch("PRAGMA synchronous=FULL").map_err(backend)?;
            result
        })
        .await
    }

    /// Loads many writes at once, for the data generator: one transaction, any number of
    /// writes (several may touch one item, applied in order), without waiting for the disk
    /// on commit. Not for requests: a crash may lose the load.
    pub async fn bulk(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        self.write(move |conn| {
            conn.execute_batch("PRAGMA synchronous=OFF").map_err(backend)?;
            let result = run_transaction(conn, &writes);
            conn.execute_batch("PRAGMA synchronous=FULL").map_err(backend)?;
            result
        })
        .await
    }
}

#[async_trait]
impl Store for SqliteStore {
    /// Old versions of pages live on in the write-ahead log until a checkpoint copies the
    /// new ones over them and the log is truncated.
    async fn holds_items(&self) -> Result<bool, StoreError> {
        self.read(|conn| has_items_table(conn)).await
    }

    /// The file answers without reading any table (a new file has no items).
    async fn ping(&self) -> Result<(), StoreError> {
        self.read(|conn| conn.query_row("SELECT 1", [], |_| Ok(())).map_err(backend)).await
    }

    async fn retire_items(&self, derived: &[&str]) -> Result<Retired, StoreError> {
        let derived: Vec<String> = derived.iter().map(|p| p.to_string()).collect();
        self.write(move |conn| {
            if !has_items_table(conn)? {
                return Ok(Retired::Gone);
            }
            let tx = conn.unchecked_transaction().map_err(backend)?;
            let mut left: Vec<(String, i64)> = Vec::new();
            {
                let mut stmt = tx.prepare("SELECT pk FROM items").map_err(backend)?;
                let mut rows = stmt.query([]).map_err(backend)?;
                while let Some(row) = rows.next().map_err(backend)? {
                    let pk: String = row.get(0).map_err(backend)?;
                    if derived.iter().any(|prefix| pk.starts_with(prefix.as_str())) {
                        continue;
                    }
                    let kind = pk.split('#').next().unwrap_or_default().to_string();
                    match left.iter_mut().find(|(k, _)| *k == kind) {
                        Some((_, n)) => *n += 1,
                        None => left.push((kind, 1)),
                    }
                }
            }
            if !left.is_empty() {
                return Ok(Retired::Kept(left));
            }
            tx.execute_batch("DROP TABLE items; DROP TABLE IF EXISTS search;").map_err(backend)?;
            tx.commit().map_err(backend)?;
            Ok(Retired::Dropped)
        })
        .await
    }

    async fn purge_overwritten(&self) -> Result<(), StoreError> {
        self.read(|conn| conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).map_err(backend)).await
    }

    /// One statement over the primary key's range of the prefix: the expired items of a
    /// kind (sessions, sign-in lockouts) without reading any other.
    async fn remove_expired(&self, pk_prefix: &str, now: i64) -> Result<u64, StoreError> {
        let (from, to) = (pk_prefix.to_string(), prefix_end(pk_prefix));
        let removed = self
            .transact_with(Vec::new(), move |conn| {
                conn.execute("DELETE FROM items WHERE pk >= ?1 AND pk < ?2 AND json_extract(attrs, '$.ttl') <= ?3", params![from, to, now])
            })
            .await?;
        Ok(removed.map_err(|e| StoreError::Backend(e.to_string()))? as u64)
    }

    async fn get(&self, key: &Key) -> Result<Option<Item>, StoreError> {
        let key = key.clone();
        self.read(move |conn| Ok(load(conn, &key)?.map(|attrs| Item { key, attrs }))).await
    }

    async fn get_many(&self, keys: &[Key]) -> Result<Vec<Option<Item>>, StoreError> {
        if keys.len() > 100 {
            return Err(StoreError::Invalid("at most 100 keys at once".into()));
        }
        let keys = keys.to_vec();
        self.read(move |conn| {
            keys.into_iter().map(|key| Ok(load(conn, &key)?.map(|attrs| Item { key, attrs }))).collect()
        })
        .await
    }

    async fn query(&self, query: &Query) -> Result<Page, StoreError> {
        let query = query.clone();
        self.read(move |conn| run_query(conn, &query)).await
    }

    async fn transact(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        check_transaction(&writes)?;
        self.write_grouped(writes, |_| Ok::<(), StoreError>(())).await?
    }

    async fn count(&self, query: &Query) -> Result<u64, StoreError> {
        let query = query.clone();
        self.read_long(move |conn| run_count(conn, &query)).await
    }

    async fn search(&self, part: &str, text: &str, limit: usize, cursor: Option<String>) -> Result<Option<Page>, StoreError> {
        check_limit(limit)?;
        // Trigrams cannot find fewer than three characters, and FTS5's query parser ends a
        // query at a NUL: such texts are left to the caller's scan.
        if text.trim().chars().count() < 3 || text.contains('\0') {
            return Ok(None);
        }
        let below = match cursor {
            None => i64::MAX,
            Some(c) => c.strip_prefix("rank:").and_then(|r| r.parse().ok()).ok_or(StoreError::BadCursor)?,
        };
        // A phrase of the whole text, its quotes doubled: no character is an operator.
        let phrase = format!("\"{}\"", text.trim().replace('"', "\"\""));
        let part = part.to_string();
        self.read_long(move |conn| {
            let mut stmt = conn
                .prepare_cached(
                    "SELECT s.rowid, i.pk, i.sk, i.attrs FROM search s JOIN items i ON i.pk = s.pk AND i.sk = s.sk
                     WHERE search MATCH ?1 AND s.part = ?2 AND s.rowid < ?3 ORDER BY s.rowid DESC LIMIT ?4",
                )
                .map_err(backend)?;
            let rows = stmt
                .query_map(params![phrase, part, below, (limit + 1) as i64], |r| {
                    Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get::<_, String>(3)?))
                })
                .map_err(backend)?;
            let mut found = Vec::new();
            for row in rows {
                let (rank, pk, sk, attrs) = row.map_err(backend)?;
                found.push((rank, row_to_item(pk, sk, &attrs)?));
            }
            let cursor = if found.len() > limit {
                found.truncate(limit);
                found.last().map(|(rank, _)| crate::search_cursor_after(*rank))
            } else {
                None
            };
            Ok(Some(Page { items: found.into_iter().map(|(_, item)| item).collect(), cursor }))
        })
        .await
    }

    async fn increment(&self, key: &Key, attribute: &str, by: i64) -> Result<i64, StoreError> {
        let (key, attribute) = (key.clone(), attribute.to_string());
        self.write_grouped(Vec::new(), move |conn| {
            let attrs = apply_changes(&Changes::default().add(&attribute, by), load(conn, &key)?.unwrap_or_default())?;
            save(conn, &key, &attrs)?;
            Ok::<i64, StoreError>(attrs[&attribute].as_i64().unwrap_or_default())
        })
        .await?
    }
}

/// The first text after every text that starts with `prefix` (its last character's
/// successor), for a range scan of the prefix.
fn prefix_end(prefix: &str) -> String {
    let mut end: Vec<char> = prefix.chars().collect();
    if let Some(last) = end.pop() {
        end.push(char::from_u32(last as u32 + 1).unwrap_or(char::MAX));
    }
    end.into_iter().collect()
}
