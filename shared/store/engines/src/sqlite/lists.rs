//! The admin lists port over the embedded file's tables: every list's items are rows of
//! `list_items` (the table the grievance rows refer to by foreign key), each kept whole as its
//! serialised `ListItem` beside the columns its questions need (its kind and name for the
//! unique name within a list, its rank for the order, its uses by grievances, a station's
//! district); the pendency limits, escalation rules and transfer limit are rows of `settings`.
//!
//! Every change is one closure of the store's single writer, so what it checks (a name free,
//! an item unused, a district there) still holds when it commits. A rank or meaning change
//! reaches the grievance rows through the schema's trigger, in the same transaction. What
//! every request reads (labels, names, meanings, ranks, limits) is answered from a copy kept
//! in memory while the lists' version in `settings`, moved on by each change in its own
//! transaction, stays what the copy was read at. A request reads the lists several times
//! (validation, labels, limits), and each ask of the file is a read transaction of its own
//! (a hop to a reading thread, the WAL's locks): a copy checked within `FRESH_FOR` is used
//! without asking, as on DynamoDB. A change made through this engine drops the copy at once;
//! one made by another process on the same file is seen within that time.

use domain::Msg;
use crate::dynamo::list_items::{item_of, limits_of, list_pk};
use crate::dynamo::lists_cache::FRESH_FOR;
use crate::dynamo::lists::{
    district_has_stations, duplicate, edited, escalation_rules_key, in_use, meaning_in_use, name_key, new_item, not_found, starting_items, transfer_limit_key, usage_owner, usage_pk,
    users_posted, LIST_ITEM_SEQUENCE,
};
use crate::sqlite::postings::users_posted_at;
use async_trait::async_trait;
use domain::jurisdiction::Organisation;
use domain::lists::{ListItemInput, ListKind};
use domain::pendency::{LimitsById, Stage};
use domain::{Error, Result};
use lists::{AdminLists, ListItem, SavedLimits};
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, RwLock};
use std::time::Instant;
use store::sql::{sequences, SqlError};
use store::sqlite::SqliteStore;
use store::{Key, Query, Store, StoreError, Write};

/// The names of the rows of `settings` this engine keeps.
const PENDENCY_LIMITS: &str = "pendency_limits";
const ESCALATION_RULES: &str = "escalation_rules";
const TRANSFER_LIMIT: &str = "transfer_limit";
const LAW: &str = "law";
const CITIZEN: &str = "citizen";
const TRASH_RETENTION: &str = "trash_retention_days";
const PUBLISHED_VIEWS: &str = "published_views";
/// When the starting lists were filled in (once in the file's life).
const LISTS_SEEDED: &str = "lists_seeded";
/// Moved on by every change of an item or of the pendency limits (see [`Snapshot`]).
const LISTS_VERSION: &str = "lists_version";

/// The admin lists as rows of the embedded SQLite file.
#[derive(Clone)]
pub struct SqlLists {
    store: Arc<SqliteStore>,
    /// The copy, with when its version was last found current.
    copy: Arc<RwLock<Option<(Arc<Snapshot>, Instant)>>>,
}

impl SqlLists {
    pub fn new(store: Arc<SqliteStore>) -> SqlLists {
        SqlLists { store, copy: Arc::default() }
    }

    /// The lists as of now: the copy, when it was checked within `FRESH_FOR` or the file's
    /// version is still the copy's.
    async fn snapshot(&self) -> Result<Arc<Snapshot>> {
        let kept = self.copy.read().expect("the lists copy lock").clone();
        if let Some((copy, checked)) = &kept {
            if checked.elapsed() < FRESH_FOR {
                return Ok(copy.clone());
            }
        }
        let kept = kept.map(|(copy, _)| copy);
        let known = kept.as_ref().map(|c| c.version);
        // Taken before the read: a change landing meanwhile is caught by the next check.
        let checked = Instant::now();
        let read = self
            .store
            .read_with(move |conn| -> std::result::Result<Option<Snapshot>, Failed> {
                // One snapshot of the file: the version and the lists read at it.
                let tx = conn.unchecked_transaction()?;
                let version = setting(&tx, LISTS_VERSION)?.and_then(|v| v.as_i64()).unwrap_or(0);
                if known == Some(version) {
                    return Ok(None);
                }
                Ok(Some(Snapshot::read(&tx, version)?))
            })
            .await
            .map_err(Error::from)?;
        let current = match read {
            None => kept.expect("a copy at the version read"),
            Some(fresh) => Arc::new(fresh),
        };
        *self.copy.write().expect("the lists copy lock") = Some((current.clone(), checked));
        Ok(current)
    }

    /// Runs `change` in the writer's transaction: all or nothing. The copy is dropped
    /// whatever the outcome, so that the next read asks the file.
    async fn change<T: Send + 'static>(&self, change: impl FnOnce(&Connection) -> std::result::Result<T, Failed> + Send + 'static) -> Result<T> {
        let done = self.store.transact_with(Vec::new(), change).await;
        *self.copy.write().expect("the lists copy lock") = None;
        done?.map_err(Failed::into_error)
    }

    async fn read<T: Send + 'static>(&self, read: impl FnOnce(&Connection) -> std::result::Result<T, Failed> + Send + 'static) -> Result<T> {
        self.store.read_with(read).await.map_err(Failed::into_error)
    }

    /// Saves the setting `name` as `saved` (a document with its `revision`), on condition
    /// that the revision kept is still `expected`.
    async fn save_revised(&self, name: &'static str, expected: i64, saved: Value) -> Result<()> {
        self.change(move |tx| {
            let kept = setting(tx, name)?.and_then(|v| v.get("revision").and_then(Value::as_i64)).unwrap_or(0);
            if kept != expected {
                return Err(Failed::Refused(Error::Conflict(Msg::ChangedConcurrently)));
            }
            save_setting(tx, name, &saved)
        })
        .await
    }
}

/// What a change can end in besides its result: a refusal the user is told, or the file's
/// error.
#[derive(Debug)]
enum Failed {
    Refused(Error),
    Sql(SqlError),
}

impl From<Error> for Failed {
    fn from(e: Error) -> Self {
        Failed::Refused(e)
    }
}

impl From<SqlError> for Failed {
    fn from(e: SqlError) -> Self {
        Failed::Sql(e)
    }
}

impl From<rusqlite::Error> for Failed {
    fn from(e: rusqlite::Error) -> Self {
        Failed::Sql(e.into())
    }
}

impl From<StoreError> for Failed {
    fn from(e: StoreError) -> Self {
        Failed::Refused(e.into())
    }
}

impl Failed {
    fn into_error(self) -> Error {
        match self {
            Failed::Refused(e) => e,
            Failed::Sql(e) => Error::internal(e.to_string()),
        }
    }
}

impl From<Failed> for Error {
    fn from(f: Failed) -> Self {
        f.into_error()
    }
}

fn corrupt(e: impl std::fmt::Display) -> Failed {
    Failed::Sql(SqlError::Corrupt(e.to_string()))
}

/// The key an item's name is unique by within its list: as the item engine's name claims.
fn name_key_of(name: &str) -> String {
    name.trim().to_lowercase()
}

/// What a status means, in the column the grievance figures read (statuses only).
fn meaning_column(kind: ListKind, item: &ListItem) -> Option<&'static str> {
    (kind == ListKind::Statuses).then(|| item.status_meaning().as_str())
}

/// The item as kept in `record`: whole, its uses left to their own column.
fn record_of(item: &ListItem) -> std::result::Result<String, Failed> {
    let kept = ListItem { usage_count: None, ..item.clone() };
    serde_json::to_string(&kept).map_err(corrupt)
}

fn item_of_record(record: &str, uses: Option<i64>) -> std::result::Result<ListItem, Failed> {
    let mut item: ListItem = serde_json::from_str(record).map_err(corrupt)?;
    item.usage_count = uses;
    Ok(item)
}

/// Orders a list as the port promises: display order, then name in small letters.
fn in_list_order(items: &mut [ListItem]) {
    items.sort_by(|a, b| a.display_order.cmp(&b.display_order).then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase())));
}

/// Every item of a list with its uses, in list order.
fn list_of(conn: &Connection, kind: ListKind) -> std::result::Result<Vec<ListItem>, Failed> {
    let mut stmt = conn.prepare_cached("SELECT record, uses FROM list_items WHERE kind = ?1 AND record IS NOT NULL ORDER BY rank")?;
    let rows = stmt.query_map([kind.as_str()], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
    let mut items = Vec::new();
    for row in rows {
        let (record, uses) = row?;
        items.push(item_of_record(&record, Some(uses))?);
    }
    in_list_order(&mut items);
    Ok(items)
}

/// The item `id` of `kind` with its uses, if the list holds it.
fn item_with_uses(conn: &Connection, kind: ListKind, id: i64) -> std::result::Result<Option<ListItem>, Failed> {
    let row = conn
        .prepare_cached("SELECT record, uses FROM list_items WHERE id = ?1 AND kind = ?2 AND record IS NOT NULL")?
        .query_row(params![id, kind.as_str()], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))
        .optional()?;
    row.map(|(record, uses)| item_of_record(&record, Some(uses))).transpose()
}

/// The item of `kind` whose name is `name` whatever the capitals, other than `except`.
fn named(conn: &Connection, kind: ListKind, name: &str, except: Option<i64>) -> std::result::Result<Option<i64>, Failed> {
    Ok(conn
        .prepare_cached("SELECT id FROM list_items WHERE kind = ?1 AND name_key = ?2 AND id IS NOT ?3")?
        .query_row(params![kind.as_str(), name_key_of(name), except], |r| r.get(0))
        .optional()?)
}

/// Whether the districts list holds `id`.
fn district_exists(conn: &Connection, id: i64) -> std::result::Result<bool, Failed> {
    Ok(conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM list_items WHERE id = ?1 AND kind = 'districts' AND record IS NOT NULL)")?
        .query_row([id], |r| r.get(0))?)
}

/// How many police stations are placed in district `id`.
fn stations_in(conn: &Connection, id: i64) -> std::result::Result<i64, Failed> {
    Ok(conn
        .prepare_cached("SELECT count(*) FROM list_items WHERE district_id = ?1 AND kind = 'police_stations' AND record IS NOT NULL")?
        .query_row([id], |r| r.get(0))?)
}

/// Writes the item whole (a new one, or the new state of one kept), its uses as `uses`.
fn put(tx: &Connection, kind: ListKind, item: &ListItem, uses: i64) -> std::result::Result<(), Failed> {
    let district = if kind == ListKind::PoliceStations { item.district_id } else { None };
    tx.prepare_cached(
        "INSERT INTO list_items (id, kind, name, meaning, rank, record, name_key, uses, district_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, name = excluded.name, meaning = excluded.meaning, rank = excluded.rank,
            record = excluded.record, name_key = excluded.name_key, uses = excluded.uses, district_id = excluded.district_id",
    )?
    .execute(params![item.id, kind.as_str(), item.name, meaning_column(kind, item), item.display_order, record_of(item)?, name_key_of(&item.name), uses, district])?;
    Ok(())
}

/// Moves the lists' version on: every process's copy is out of date.
fn bump(tx: &Connection) -> std::result::Result<(), Failed> {
    tx.prepare_cached(
        "INSERT INTO settings (name, value) VALUES (?1, '1') ON CONFLICT (name) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)",
    )?
    .execute([LISTS_VERSION])?;
    Ok(())
}

fn setting(conn: &Connection, name: &str) -> std::result::Result<Option<Value>, Failed> {
    let value: Option<String> = conn.prepare_cached("SELECT value FROM settings WHERE name = ?1")?.query_row([name], |r| r.get(0)).optional()?;
    value.map(|v| serde_json::from_str(&v).map_err(corrupt)).transpose()
}

fn save_setting(tx: &Connection, name: &str, value: &Value) -> std::result::Result<(), Failed> {
    tx.prepare_cached("INSERT INTO settings (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET value = excluded.value")?
        .execute(params![name, value.to_string()])?;
    Ok(())
}

/// Adds an item to its list, refusing a name the list holds (any capitals) and a district
/// that is not in the districts list.
fn insert(tx: &Connection, kind: ListKind, input: ListItemInput) -> std::result::Result<ListItem, Failed> {
    if named(tx, kind, &input.name, None)?.is_some() {
        return Err(duplicate(&input.name).into());
    }
    if let Some(district) = input.district_id.flatten() {
        if !district_exists(tx, district.get())? {
            return Err(Error::field("district_id", Msg::DistrictChoice).into());
        }
    }
    let id = sequences::draw(tx, LIST_ITEM_SEQUENCE, 1)?;
    let item = new_item(kind, id, input);
    put(tx, kind, &item, 0)?;
    bump(tx)?;
    Ok(item)
}

fn update(tx: &Connection, kind: ListKind, id: i64, input: ListItemInput) -> std::result::Result<ListItem, Failed> {
    let current = item_with_uses(tx, kind, id)?.ok_or_else(not_found)?;
    let uses = current.usage_count.unwrap_or(0);
    let updated = edited(&current, input);
    // A meaning may change only while no grievance uses the status: the figures kept for the
    // grievances in it (resolved, overdue) were counted by the meaning they had.
    if updated.meaning != current.meaning && uses > 0 {
        return Err(meaning_in_use(&current.name, uses).into());
    }
    if named(tx, kind, &updated.name, Some(id))?.is_some() {
        return Err(duplicate(&updated.name).into());
    }
    if updated.district_id != current.district_id {
        if let Some(district) = updated.district_id {
            if !district_exists(tx, district)? {
                return Err(Error::field("district_id", Msg::DistrictChoice).into());
            }
        }
    }
    put(tx, kind, &updated, uses)?;
    bump(tx)?;
    Ok(updated)
}

/// Why an item may not be deleted: police stations placed in it (a district), users posted
/// at it, or grievances using it. `None`: nothing holds it.
fn still_held(tx: &Connection, kind: ListKind, item: &ListItem) -> std::result::Result<Option<Error>, Failed> {
    let stations = if kind == ListKind::Districts { stations_in(tx, item.id)? } else { 0 };
    let posted = if matches!(kind, ListKind::Districts | ListKind::PoliceStations) { users_posted_at(tx, kind, item.id)? } else { 0 };
    let used = item.usage_count.unwrap_or(0);
    Ok(if stations > 0 {
        Some(district_has_stations(&item.name, stations))
    } else if posted > 0 {
        Some(users_posted(&item.name, posted))
    } else if used > 0 {
        Some(in_use(&item.name, used))
    } else {
        None
    })
}

fn delete(tx: &Connection, kind: ListKind, id: i64) -> std::result::Result<(), Failed> {
    let current = item_with_uses(tx, kind, id)?.ok_or_else(not_found)?;
    if let Some(refusal) = still_held(tx, kind, &current)? {
        return Err(refusal.into());
    }
    match tx.prepare_cached("DELETE FROM list_items WHERE id = ?1")?.execute([id]) {
        // A grievance row still names the item (the foreign key): in use after all.
        Err(rusqlite::Error::SqliteFailure(f, _)) if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY => Err(in_use(&current.name, 1).into()),
        Err(e) => Err(e.into()),
        Ok(_) => bump(tx),
    }
}

/// The change of the uses of each item (kind and id) a grievance named `before` and names
/// `after`: what its write counts.
pub fn use_deltas(before: &BTreeMap<ListKind, i64>, after: &BTreeMap<ListKind, i64>) -> BTreeMap<(ListKind, i64), i64> {
    let mut deltas: BTreeMap<(ListKind, i64), i64> = BTreeMap::new();
    for (kind, id) in before {
        *deltas.entry((*kind, *id)).or_default() -= 1;
    }
    for (kind, id) in after {
        *deltas.entry((*kind, *id)).or_default() += 1;
    }
    deltas.retain(|_, d| *d != 0);
    deltas
}

/// Counts the uses `deltas` tell, inside the grievance write's transaction. An item deleted
/// meanwhile fails it as the foreign key of a grievance row naming it does
/// (`SQLITE_CONSTRAINT_FOREIGNKEY`), whatever its list: the write names an item that is gone.
pub fn count_uses(tx: &Connection, deltas: &BTreeMap<(ListKind, i64), i64>) -> store::sql::Result<()> {
    let mut stmt = tx.prepare_cached("UPDATE list_items SET uses = uses + ?3 WHERE id = ?1 AND kind = ?2 AND record IS NOT NULL")?;
    for ((kind, id), delta) in deltas {
        if stmt.execute(params![id, kind.as_str(), delta])? == 0 {
            let gone = rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY);
            return Err(rusqlite::Error::SqliteFailure(gone, Some(format!("list item {id} ({}) is gone", kind.as_str()))).into());
        }
    }
    Ok(())
}

/// The lists as of one version of the file: each list's items in list order, without usage
/// counts, and the pendency limits.
struct Snapshot {
    version: i64,
    lists: HashMap<ListKind, Vec<ListItem>>,
    /// Where each item sits in its list.
    positions: HashMap<(ListKind, i64), usize>,
    limits: Option<SavedLimits>,
    law: domain::law::LawSettings,
    /// The organisation the stations and districts describe, built once per version.
    organisation: Arc<Organisation>,
}

impl Snapshot {
    fn read(conn: &Connection, version: i64) -> std::result::Result<Snapshot, Failed> {
        let mut lists = HashMap::new();
        for kind in ListKind::ALL {
            let mut items = list_of(conn, kind)?;
            for item in &mut items {
                item.usage_count = None;
            }
            lists.insert(kind, items);
        }
        let positions = lists.iter().flat_map(|(kind, items)| items.iter().enumerate().map(|(at, i)| ((*kind, i.id), at))).collect();
        let limits = match setting(conn, PENDENCY_LIMITS)? {
            Some(Value::Object(attrs)) => Some(limits_of(&attrs)),
            Some(other) => return Err(corrupt(format!("pendency limits {other}"))),
            None => None,
        };
        let law = match setting(conn, LAW)? {
            Some(value) => serde_json::from_value(value).map_err(|e| corrupt(format!("law settings: {e}")))?,
            None => domain::law::LawSettings::default(),
        };
        let organisation = Arc::new(lists::organisation_of(
            lists.get(&ListKind::PoliceStations).map(Vec::as_slice).unwrap_or_default(),
            lists.get(&ListKind::Districts).map(Vec::as_slice).unwrap_or_default(),
        ));
        Ok(Snapshot { version, lists, positions, limits, law, organisation })
    }

    fn list(&self, kind: ListKind) -> &[ListItem] {
        self.lists.get(&kind).map(Vec::as_slice).unwrap_or_default()
    }

    fn get(&self, kind: ListKind, id: i64) -> Option<&ListItem> {
        self.positions.get(&(kind, id)).map(|at| &self.list(kind)[*at])
    }
}

/// The pendency limits as kept: by priority id, as the item engine's item holds them.
fn limits_value(limits: &LimitsById) -> Value {
    let by_id: BTreeMap<String, &BTreeMap<Stage, u32>> = limits.iter().map(|(id, stages)| (id.to_string(), stages)).collect();
    json!({ "by_priority_id": by_id })
}

#[async_trait]
impl AdminLists for SqlLists {
    async fn list(&self, kind: ListKind) -> Result<Vec<ListItem>> {
        self.read(move |conn| list_of(conn, kind)).await
    }

    async fn get(&self, kind: ListKind, id: i64) -> Result<Option<ListItem>> {
        self.read(move |conn| item_with_uses(conn, kind, id)).await
    }

    async fn definitions(&self, kind: ListKind) -> Result<Vec<ListItem>> {
        Ok(self.snapshot().await?.list(kind).to_vec())
    }

    async fn organisation(&self) -> Result<Arc<Organisation>> {
        Ok(self.snapshot().await?.organisation.clone())
    }

    async fn get_many(&self, refs: &[(ListKind, i64)]) -> Result<BTreeMap<(ListKind, i64), ListItem>> {
        let lists = self.snapshot().await?;
        Ok(refs.iter().filter_map(|(kind, id)| Some(((*kind, *id), lists.get(*kind, *id)?.clone()))).collect())
    }

    async fn find_by_name(&self, kind: ListKind, name: &str) -> Result<Option<ListItem>> {
        let wanted = name_key_of(name);
        Ok(self.snapshot().await?.list(kind).iter().find(|i| name_key_of(&i.name) == wanted).cloned())
    }

    async fn create(&self, kind: ListKind, input: ListItemInput) -> Result<ListItem> {
        self.change(move |tx| insert(tx, kind, input)).await
    }

    async fn update(&self, kind: ListKind, id: i64, input: ListItemInput) -> Result<ListItem> {
        self.change(move |tx| update(tx, kind, id, input)).await
    }

    async fn delete(&self, kind: ListKind, id: i64) -> Result<()> {
        self.change(move |tx| delete(tx, kind, id)).await
    }

    async fn saved_limits(&self) -> Result<Option<SavedLimits>> {
        Ok(self.snapshot().await?.limits.clone())
    }

    async fn save_limits(&self, limits: &LimitsById) -> Result<()> {
        let value = limits_value(limits);
        self.change(move |tx| {
            save_setting(tx, PENDENCY_LIMITS, &value)?;
            bump(tx)
        })
        .await
    }

    async fn transfer_limit(&self) -> Result<u32> {
        let saved = self.read(|conn| setting(conn, TRANSFER_LIMIT)).await?;
        Ok(saved.and_then(|v| v.as_i64()).and_then(|n| u32::try_from(n).ok()).unwrap_or(domain::jurisdiction::DEFAULT_TRANSFER_LIMIT))
    }

    async fn save_transfer_limit(&self, limit: u32) -> Result<()> {
        self.change(move |tx| save_setting(tx, TRANSFER_LIMIT, &json!(limit))).await
    }

    async fn law(&self) -> Result<domain::law::LawSettings> {
        Ok(self.snapshot().await?.law.clone())
    }

    async fn save_law(&self, settings: &domain::law::LawSettings) -> Result<()> {
        let expected = settings.revision;
        let saved = serde_json::to_value(domain::law::LawSettings { revision: expected + 1, ..settings.clone() }).map_err(Error::internal)?;
        self.change(move |tx| {
            let kept = setting(tx, LAW)?.and_then(|v| v.get("revision").and_then(Value::as_i64)).unwrap_or(0);
            if kept != expected {
                return Err(Failed::Refused(Error::Conflict(Msg::ChangedConcurrently)));
            }
            save_setting(tx, LAW, &saved)?;
            bump(tx)
        })
        .await
    }

    async fn citizen_settings(&self) -> Result<domain::citizen::CitizenSettings> {
        let saved = self.read(|conn| setting(conn, CITIZEN)).await?;
        Ok(saved.and_then(|v| serde_json::from_value(v).ok()).unwrap_or_default())
    }

    async fn save_citizen_settings(&self, settings: &domain::citizen::CitizenSettings) -> Result<()> {
        let saved = serde_json::to_value(domain::citizen::CitizenSettings { revision: settings.revision + 1, ..settings.clone() }).map_err(Error::internal)?;
        self.save_revised(CITIZEN, settings.revision, saved).await
    }

    async fn trash_retention_days(&self) -> Result<u32> {
        let saved = self.read(|conn| setting(conn, TRASH_RETENTION)).await?;
        Ok(saved.and_then(|v| v.as_i64()).and_then(|n| u32::try_from(n).ok()).unwrap_or(domain::grievance::DEFAULT_TRASH_RETENTION_DAYS))
    }

    async fn save_trash_retention_days(&self, days: u32) -> Result<()> {
        self.change(move |tx| save_setting(tx, TRASH_RETENTION, &json!(days))).await
    }

    async fn published_views(&self) -> Result<domain::views::PublishedViews> {
        let saved = self.read(|conn| setting(conn, PUBLISHED_VIEWS)).await?;
        Ok(saved.and_then(|v| serde_json::from_value(v).ok()).unwrap_or_default())
    }

    async fn save_published_views(&self, views: &domain::views::PublishedViews) -> Result<()> {
        let saved = serde_json::to_value(domain::views::PublishedViews { revision: views.revision + 1, ..views.clone() }).map_err(Error::internal)?;
        self.save_revised(PUBLISHED_VIEWS, views.revision, saved).await
    }

    async fn escalation_rules(&self) -> Result<domain::escalation::EscalationRules> {
        let saved = self.read(|conn| setting(conn, ESCALATION_RULES)).await?;
        Ok(saved.and_then(|v| serde_json::from_value(v).ok()).unwrap_or_default())
    }

    async fn save_escalation_rules(&self, rules: &domain::escalation::EscalationRules) -> Result<()> {
        let rules = serde_json::to_value(rules).map_err(Error::internal)?;
        self.change(move |tx| save_setting(tx, ESCALATION_RULES, &rules)).await
    }

    /// Fills every list with its starting items, once in the file's life, in one
    /// transaction: an administrator who later empties a list does not see it refilled. The
    /// portal upgrades a file before it seeds it (`portal::ready`), so the lists an earlier
    /// release kept as items are in this table, with their seeded mark, by then.
    async fn seed(&self) -> Result<()> {
        let seeded = self.read(|conn| setting(conn, LISTS_SEEDED)).await?.is_some();
        if seeded {
            return Ok(());
        }
        self.change(|tx| {
            // Another process may have seeded since the read above.
            if setting(tx, LISTS_SEEDED)?.is_some() {
                return Ok(());
            }
            for kind in ListKind::ALL {
                for input in starting_items(kind) {
                    match insert(tx, kind, input) {
                        Ok(_) | Err(Failed::Refused(Error::Conflict(_))) => {}
                        Err(e) => return Err(e),
                    }
                }
            }
            save_setting(tx, LISTS_SEEDED, &json!(domain::clock::now_text()))
        })
        .await
    }

    /// Moves the lists, their name claims, usage shards and settings an earlier release kept
    /// as items into the tables, in one durable transaction with the items' removal: each
    /// item decoded as the item engine reads it, its uses summed from its shards and what it
    /// counted itself. Answers how many items and settings moved (none on a second run).
    async fn upgrade(&self) -> Result<u64> {
        if !self.store.holds_items().await? {
            // A file this release made holds no items to move.
            return Ok(0);
        }
        let legacy = Legacy::read(self.store.as_ref()).await?;
        if legacy.is_empty() {
            return Ok(0);
        }
        let moved = legacy.records();
        let writes = legacy.removals();
        let done = self.store.bulk_with(writes, true, move |tx| legacy.insert(tx)).await;
        *self.copy.write().expect("the lists copy lock") = None;
        done?.map_err(Failed::into_error)?;
        Ok(moved)
    }
}

fn legacy_seeded_key() -> Key {
    Key::new("SEEDED", "lists")
}

fn legacy_sequence_key() -> Key {
    Key::new("SEQ", LIST_ITEM_SEQUENCE)
}

/// What an earlier release kept of the lists as items of the file.
#[derive(Default)]
struct Legacy {
    /// Each list's items, their uses counted.
    items: Vec<(ListKind, ListItem)>,
    /// Each list's usage shards (the items counting uses), to remove.
    shards: Vec<Key>,
    /// The settings items, by the row of `settings` each becomes.
    settings: Vec<(Key, &'static str, Value)>,
    seeded: Option<Key>,
    version: Option<Key>,
    /// The last list item id handed out.
    sequence: Option<i64>,
}

impl Legacy {
    async fn read(store: &dyn Store) -> Result<Legacy> {
        let mut legacy = Legacy::default();
        for kind in ListKind::ALL {
            let mut uses: BTreeMap<i64, i64> = BTreeMap::new();
            for shard in store::read_all(store, Query::table(usage_pk(kind))).await? {
                if let Some((_, id)) = usage_owner(&shard.key) {
                    *uses.entry(id).or_default() += shard.i64("uses").unwrap_or(0);
                }
                legacy.shards.push(shard.key);
            }
            for stored in store::read_all(store, Query::table(list_pk(kind))).await? {
                // What an earlier release counted on the item itself, and its shards'.
                let on_item = stored.i64("usage_count").unwrap_or(0);
                let mut item = item_of(kind, stored)?;
                item.usage_count = Some(on_item + uses.get(&item.id).copied().unwrap_or(0));
                legacy.items.push((kind, item));
            }
        }
        let limits = crate::dynamo::list_items::limits_key();
        for (key, name) in [(limits, PENDENCY_LIMITS), (escalation_rules_key(), ESCALATION_RULES), (transfer_limit_key(), TRANSFER_LIMIT)] {
            let Some(item) = store.get(&key).await? else { continue };
            let value = match name {
                PENDENCY_LIMITS => Value::Object(item.attrs),
                ESCALATION_RULES => item.attrs.get("rules").cloned().unwrap_or(Value::Null),
                _ => item.attrs.get("limit").cloned().unwrap_or(Value::Null),
            };
            legacy.settings.push((key, name, value));
        }
        legacy.seeded = store.get(&legacy_seeded_key()).await?.map(|item| item.key);
        legacy.version = store.get(&crate::dynamo::lists_cache::version_key()).await?.map(|item| item.key);
        legacy.sequence = store.get(&legacy_sequence_key()).await?.map(|item| item.i64("n").unwrap_or(0));
        Ok(legacy)
    }

    fn is_empty(&self) -> bool {
        self.items.is_empty() && self.shards.is_empty() && self.settings.is_empty() && self.seeded.is_none() && self.version.is_none() && self.sequence.is_none()
    }

    /// How many records move: the items and the settings.
    fn records(&self) -> u64 {
        (self.items.len() + self.settings.len() + usize::from(self.seeded.is_some())) as u64
    }

    /// Every item that moves, removed: the lists' items with their name claims, the usage
    /// shards, the settings, the marks and the counter.
    fn removals(&self) -> Vec<Write> {
        let mut writes = Vec::new();
        for (kind, item) in &self.items {
            writes.push(Write::delete(crate::dynamo::lists::item_key(*kind, item.id)));
            writes.push(Write::delete(name_key(*kind, &item.name)));
        }
        writes.extend(self.shards.iter().cloned().map(Write::delete));
        writes.extend(self.settings.iter().map(|(key, _, _)| Write::delete(key.clone())));
        writes.extend(self.seeded.iter().chain(&self.version).cloned().map(Write::delete));
        if self.sequence.is_some() {
            writes.push(Write::delete(legacy_sequence_key()));
        }
        writes
    }

    fn insert(&self, tx: &Connection) -> std::result::Result<(), Failed> {
        // The rows the relational copy made for the grievance rows bear their items' names
        // as they were last copied, which two items may since have swapped: every such row
        // gives its name up before the items are written whole.
        tx.prepare_cached("UPDATE list_items SET name = name || char(31) || id WHERE record IS NULL")?.execute([])?;
        for (kind, item) in &self.items {
            put(tx, *kind, item, item.usage_count.unwrap_or(0))?;
        }
        for (_, name, value) in &self.settings {
            if !value.is_null() {
                save_setting(tx, name, value)?;
            }
        }
        if self.seeded.is_some() {
            save_setting(tx, LISTS_SEEDED, &json!(domain::clock::now_text()))?;
        }
        if let Some(last) = self.sequence {
            sequences::raise_to(tx, LIST_ITEM_SEQUENCE, last)?;
        }
        bump(tx)
    }
}
