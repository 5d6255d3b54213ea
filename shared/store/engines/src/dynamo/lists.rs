//! The admin lists over the item store: each list is one partition, names are unique within
//! a list through a name claim item written in the same transaction. On the embedded store
//! a change also brings the relational engine's copy of the item (its name, meaning and
//! rank, which grievance rows sort and count by) in step, in the same SQLite transaction.

use domain::Msg;
use crate::dynamo::list_items::{item_of, limits_key};
pub use crate::dynamo::list_items::{definitions, item_key, saved_limits};
use crate::dynamo::lists_cache::{self as cache, ListsCache};
use lists::{AdminLists, ListItem, SavedLimits};
use domain::pendency::{LimitsById, Stage};
use async_trait::async_trait;
use domain::lists::{ListItemInput, ListKind, StatusMeaning};
use domain::jurisdiction::{Organisation, Posting};
use domain::{Error, Result};
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::Arc;
use store::sql::{self, SqlError};
use store::sqlite::SqliteStore;
use store::{Changes, Condition, Item, Key, Query, Store, StoreError, Write};

pub(crate) fn name_key(kind: ListKind, name: &str) -> Key {
    Key::new(format!("LISTNAME#{}#{}", kind.as_str(), name.trim().to_lowercase()), "LISTNAME")
}

/// How many items count an item's uses by grievances. Every grievance write moves the
/// uses of the items it names (its status, priority, station...); counted on the item
/// itself, concurrent writes naming one item would conflict on it (DynamoDB cancels one of
/// two transactions writing an item at once). A grievance's uses are counted in the shard
/// of its id, so no shard goes below zero by its own grievances.
pub const USAGE_SHARDS: i64 = 32;
const USES: &str = "uses";

pub(crate) fn usage_pk(kind: ListKind) -> String {
    format!("USAGE#{}", kind.as_str())
}

/// The item counting the uses of item `id` by grievances whose id falls in its shard.
pub fn usage_shard(kind: ListKind, id: i64, grievance_id: i64) -> Key {
    Key::new(usage_pk(kind), format!("{id:012}#{:02}", grievance_id.rem_euclid(USAGE_SHARDS)))
}

fn usage_shards(kind: ListKind, id: i64) -> Vec<Key> {
    (0..USAGE_SHARDS).map(|shard| usage_shard(kind, id, shard)).collect()
}

/// The list item a usage shard counts for.
pub fn usage_owner(key: &Key) -> Option<(ListKind, i64)> {
    let kind = ListKind::parse(key.pk.strip_prefix("USAGE#")?)?;
    Some((kind, key.sk.split_once('#')?.0.parse().ok()?))
}

/// The write that moves the uses of item `id` by `by` for grievance `grievance_id`, on
/// condition that its shard exists (it is removed with the item: a grievance cannot name an
/// item deleted meanwhile).
pub fn use_write(kind: ListKind, id: i64, grievance_id: i64, by: i64) -> Write {
    Write::update(usage_shard(kind, id, grievance_id), Changes::default().add(USES, by)).when(Condition::Exists)
}

/// The writes that give item `id` every usage shard it lacks, leaving those kept as they are.
fn shard_writes(kind: ListKind, id: i64) -> Vec<Write> {
    usage_shards(kind, id).into_iter().map(|key| Write::update(key, Changes::default().add(USES, 0))).collect()
}

/// Gives an item kept by an earlier release its usage shards, on condition that it still
/// exists; answers whether it does.
pub(crate) async fn give_shards(store: &dyn Store, kind: ListKind, id: i64) -> Result<bool> {
    let mut writes = vec![Write::Check { key: item_key(kind, id), condition: Condition::Exists }];
    writes.extend(shard_writes(kind, id));
    match store.transact(writes).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed { at: 0 }) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

const USAGE_SHARDS_MIGRATION: &str = "usage-shards";

/// Gives every list item kept by an earlier release its usage shards (its uses counted on
/// the item stay there, added to the shards' on every read). Answers how many items it
/// gave shards, or `None` when it had run already.
pub async fn give_every_item_shards(store: &dyn Store) -> Result<Option<u64>> {
    let marker = Key::new("MIGRATION", USAGE_SHARDS_MIGRATION);
    if store.get(&marker).await?.is_some() {
        return Ok(None);
    }
    let mut given = 0;
    for kind in ListKind::ALL {
        for item in definitions(store, kind).await? {
            if give_shards(store, kind, item.id).await? {
                given += 1;
            }
        }
    }
    store.transact(vec![Write::put(Item::new(marker).with("done_at", domain::clock::now_text()).with("items", given as i64))]).await?;
    Ok(Some(given))
}

/// An item's uses as read: those an earlier release counted on the item itself, and each
/// shard's (absent shards are not in the map).
struct Usage {
    on_item: i64,
    shards: BTreeMap<String, i64>,
}

impl Usage {
    fn total(&self) -> i64 {
        self.on_item + self.shards.values().sum::<i64>()
    }

    /// Writes that fail unless every shard is still as read: `delete` removes those kept.
    fn unchanged(&self, kind: ListKind, id: i64, delete: bool) -> Vec<Write> {
        usage_shards(kind, id)
            .into_iter()
            .map(|key| match self.shards.get(&key.sk) {
                Some(n) if delete => Write::delete(key).when(Condition::Equals(USES.into(), json!(n))),
                Some(n) => Write::Check { key, condition: Condition::Equals(USES.into(), json!(n)) },
                None => Write::Check { key, condition: Condition::NotExists },
            })
            .collect()
    }
}

/// The uses of item `id` (kept as `item`) by grievances.
async fn usage(store: &dyn Store, kind: ListKind, id: i64, item: &Item) -> Result<Usage> {
    let shards = store::read_all(store, Query::table(usage_pk(kind)).sort(store::SortKey::BeginsWith(format!("{id:012}#")))).await?;
    Ok(Usage { on_item: item.i64("usage_count").unwrap_or(0), shards: shards.into_iter().map(|s| (s.key.sk.clone(), s.i64(USES).unwrap_or(0))).collect() })
}

/// Every item's uses in one list, from its shards: one read of the list's usage partition.
async fn usages(store: &dyn Store, kind: ListKind) -> Result<BTreeMap<i64, i64>> {
    let mut uses = BTreeMap::new();
    for shard in store::read_all(store, Query::table(usage_pk(kind))).await? {
        if let Some((_, id)) = usage_owner(&shard.key) {
            *uses.entry(id).or_default() += shard.i64(USES).unwrap_or(0);
        }
    }
    Ok(uses)
}

/// A list item as kept, at `version`.
fn to_item(list_item: &ListItem, kind: ListKind, version: i64) -> Item {
    let serde_json::Value::Object(attrs) = serde_json::to_value(list_item).expect("a list item serialises") else {
        unreachable!("a struct serialises to an object")
    };
    let mut item = Item { key: item_key(kind, list_item.id), attrs };
    item.attrs.insert("version".into(), json!(version));
    item
}

/// Every item of a list, ordered by display order, then name. The item engine's reads, for
/// the other item-store engines that read the lists within their own work.
pub async fn list(store: &dyn Store, kind: ListKind) -> Result<Vec<ListItem>> {
    let mut items = definitions(store, kind).await?;
    let uses = usages(store, kind).await?;
    for item in &mut items {
        item.usage_count = Some(item.usage_count.unwrap_or(0) + uses.get(&item.id).copied().unwrap_or(0));
    }
    Ok(items)
}

pub async fn get(store: &dyn Store, kind: ListKind, id: i64) -> Result<Option<ListItem>> {
    let Some(stored) = store.get(&item_key(kind, id)).await? else { return Ok(None) };
    let used = usage(store, kind, id, &stored).await?.total();
    let mut item = item_of(kind, stored)?;
    item.usage_count = Some(used);
    Ok(Some(item))
}

/// The items named by `refs`, read together (a page of grievances names a few dozen at
/// most); an id no longer in its list is left out.
pub async fn get_many(store: &dyn Store, refs: &[(ListKind, i64)]) -> Result<BTreeMap<(ListKind, i64), ListItem>> {
    let mut found = BTreeMap::new();
    let mut wanted: Vec<(ListKind, i64)> = refs.to_vec();
    wanted.sort_unstable();
    wanted.dedup();
    for chunk in wanted.chunks(100) {
        let keys: Vec<Key> = chunk.iter().map(|(kind, id)| item_key(*kind, *id)).collect();
        for (reference, item) in chunk.iter().zip(store.get_many(&keys).await?) {
            if let Some(item) = item {
                found.insert(*reference, item_of(reference.0, item)?);
            }
        }
    }
    Ok(found)
}

/// The counter list item ids are drawn from (one for every list, so an id names one item).
pub(crate) const LIST_ITEM_SEQUENCE: &str = "list_item";

/// A new item of `kind` as `input` describes it, unused: a status is in progress unless told.
pub(crate) fn new_item(kind: ListKind, id: i64, input: ListItemInput) -> ListItem {
    let now = domain::clock::now_text();
    ListItem {
        id,
        name: input.name,
        name_hi: input.name_hi.flatten(),
        description: input.description,
        display_order: input.display_order,
        is_active: input.is_active,
        meaning: (kind == ListKind::Statuses).then(|| input.meaning.unwrap_or(StatusMeaning::InProgress)),
        district_id: input.district_id.flatten().map(domain::ItemId::get),
        range: input.range.flatten(),
        code: input.code.flatten(),
        usage_count: Some(0),
        created_at: now.clone(),
        updated_at: now,
    }
}

/// `current` as edited by `input`: what the edit leaves out (the Hindi name, a status's
/// meaning, a station's district, a district's range) stays.
pub(crate) fn edited(current: &ListItem, input: ListItemInput) -> ListItem {
    // Only a status has a meaning (the parse refuses one elsewhere); left out, it stays.
    let meaning = input.meaning.or(current.meaning);
    ListItem {
        name: input.name,
        name_hi: input.name_hi.unwrap_or_else(|| current.name_hi.clone()),
        description: input.description,
        display_order: input.display_order,
        is_active: input.is_active,
        meaning,
        district_id: input.district_id.map(|d| d.map(domain::ItemId::get)).unwrap_or(current.district_id),
        range: input.range.unwrap_or_else(|| current.range.clone()),
        code: input.code.unwrap_or_else(|| current.code.clone()),
        updated_at: domain::clock::now_text(),
        ..current.clone()
    }
}

pub(crate) fn duplicate(name: &str) -> Error {
    Error::Conflict(Msg::ListItemTaken { name: name.to_string() })
}

async fn create(store: &dyn Store, mirror: Option<&SqliteStore>, kind: ListKind, input: ListItemInput) -> Result<ListItem> {
    let id = store.increment(&Key::new("SEQ", LIST_ITEM_SEQUENCE), "n", 1).await?;
    let item = new_item(kind, id, input);
    let mut writes = vec![
        Write::put_new(to_item(&item, kind, 1)),
        Write::put_new(Item::new(name_key(kind, &item.name)).with("id", id)),
        cache::bump(),
    ];
    writes.extend(shard_writes(kind, id));
    let placed_at = writes.len();
    writes.extend(placement(None, item.district_id));
    match commit(store, mirror, writes, relational_copy(kind, &item).map(Mirrored::Put)).await {
        Ok(Ok(())) => Ok(item),
        Ok(Err(e)) => Err(Error::internal(e.to_string())),
        Err(StoreError::ConditionFailed { at: 1 }) => Err(duplicate(&item.name)),
        Err(StoreError::ConditionFailed { at }) if at == placed_at => Err(Error::field("district_id", Msg::DistrictChoice)),
        Err(e) => Err(e.into()),
    }
}

/// What moving a police station from district `from` to `to` writes to the districts: each
/// district item counts the stations placed in it (`station_count`, kept beside its fields
/// like a grievance's `usage_count`), so that a district holding stations is never deleted.
/// The district placed in must exist (else the write fails at its position); each change
/// moves the district's version on, so that a delete or an edit that read it before fails
/// its condition rather than undo the count.
fn placement(from: Option<i64>, to: Option<i64>) -> Vec<Write> {
    if from == to {
        return Vec::new();
    }
    let mut writes = Vec::new();
    if let Some(to) = to {
        writes.push(Write::update(item_key(ListKind::Districts, to), Changes::default().add(STATION_COUNT, 1).add("version", 1)).when(Condition::Exists));
    }
    if let Some(from) = from {
        writes.push(Write::update(item_key(ListKind::Districts, from), Changes::default().add(STATION_COUNT, -1).add("version", 1)).when(Condition::Exists));
    }
    writes
}

/// The attribute of a district item counting its police stations (see [`placement`]).
const STATION_COUNT: &str = "station_count";

/// How many users are posted at a police station or a district, kept beside the item's fields
/// by the same transactions that post users, so that a place someone serves at is never
/// deleted from under them.
pub(crate) const POSTED_COUNT: &str = "posted_count";

/// The list item a posting names, if any: a range is a name on its districts, the state none.
fn posted_item(posting: &Posting) -> Option<Key> {
    match posting {
        Posting::Station(id) => Some(item_key(ListKind::PoliceStations, *id)),
        Posting::District(id) => Some(item_key(ListKind::Districts, *id)),
        Posting::Range(_) | Posting::State => None,
    }
}

/// What moving a user from posting `from` to `to` (`None`: no user, as on creation and
/// removal) writes to the places: each counts the users posted there and moves its version
/// on, so that a delete that read it before fails its condition. The place posted at must
/// exist.
pub(crate) fn posting_writes(from: Option<&Posting>, to: Option<&Posting>) -> Vec<Write> {
    let (from, to) = (from.and_then(posted_item), to.and_then(posted_item));
    if from == to {
        return Vec::new();
    }
    let mut writes = Vec::new();
    if let Some(to) = to {
        writes.push(Write::update(to, Changes::default().add(POSTED_COUNT, 1).add("version", 1)).when(Condition::Exists));
    }
    if let Some(from) = from {
        writes.push(Write::update(from, Changes::default().add(POSTED_COUNT, -1).add("version", 1)).when(Condition::Exists));
    }
    writes
}

/// Sets the users posted at each place to what the accounts hold: an upgrade of places kept
/// before postings were counted. A place gone meanwhile is skipped.
pub(crate) async fn recount_postings(store: &dyn Store, posted: BTreeMap<(ListKind, i64), i64>) -> Result<()> {
    for ((kind, id), n) in posted {
        match store.transact(vec![Write::update(item_key(kind, id), Changes::default().set(POSTED_COUNT, n).add("version", 1)).when(Condition::Exists)]).await {
            Ok(()) | Err(StoreError::ConditionFailed { .. }) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

pub(crate) fn users_posted(name: &str, count: i64) -> Error {
    Error::Conflict(Msg::PlaceHasUsers { name: name.to_string(), count: count.to_string(), plural: (if count == 1 { " is" } else { "s are" }).to_string() })
}

pub(crate) fn district_has_stations(name: &str, count: i64) -> Error {
    Error::Conflict(Msg::DistrictHasStations { name: name.to_string(), count: count.to_string(), plural: domain::messages::plural(count as i64) })
}

pub(crate) fn not_found() -> Error {
    Error::NotFound(Msg::ListItemNotFound)
}

fn changed_meanwhile() -> Error {
    Error::Conflict(Msg::ListItemChanged)
}

pub(crate) fn meaning_in_use(name: &str, used: i64) -> Error {
    Error::Conflict(Msg::StatusMeaningInUse { name: name.to_string(), count: used.to_string(), plural: domain::messages::plural(used) })
}

async fn update(store: &dyn Store, mirror: Option<&SqliteStore>, kind: ListKind, id: i64, input: ListItemInput) -> Result<ListItem> {
    let stored = store.get(&item_key(kind, id)).await?.ok_or_else(not_found)?;
    let version = stored.i64("version").unwrap_or(0);
    let uses = usage(store, kind, id, &stored).await?;
    let mut current = item_of(kind, stored)?;
    current.usage_count = Some(uses.total());
    let renamed = current.name.to_lowercase() != input.name.to_lowercase();
    let updated = edited(&current, input);
    let meaning_changed = updated.meaning != current.meaning;
    if meaning_changed {
        if let Some(used) = current.usage_count.filter(|n| *n > 0) {
            return Err(meaning_in_use(&current.name, used));
        }
    }
    // A meaning may change only while no grievance uses the status: the figures kept for
    // the grievances in it (resolved, overdue) were counted by the meaning they had.
    let condition = if meaning_changed {
        Condition::EqualsAll(vec![("version".into(), json!(version)), ("usage_count".into(), json!(uses.on_item))])
    } else {
        Condition::Equals("version".into(), json!(version))
    };
    // The edited fields alone: the counts kept on the item (its uses by grievances, a
    // district's stations) are added to by other writes without its version, so putting back
    // the item as read would undo what they counted meanwhile.
    let mut writes = vec![Write::update(item_key(kind, id), edited_fields(&updated)).when(condition)];
    let usage_checked = writes.len();
    if meaning_changed {
        writes.extend(uses.unchanged(kind, id, false));
    }
    let usage_checks = usage_checked..writes.len();
    if renamed {
        writes.push(Write::delete(name_key(kind, &current.name)));
        writes.push(Write::put_new(Item::new(name_key(kind, &updated.name)).with("id", id)));
    } else if current.name != updated.name {
        // Only the capitals changed: the claim stays the same item.
        writes.push(Write::put(Item::new(name_key(kind, &updated.name)).with("id", id)));
    }
    writes.push(cache::bump());
    let placed_at = writes.len();
    writes.extend(placement(current.district_id, updated.district_id));
    match commit(store, mirror, writes, relational_copy(kind, &updated).map(Mirrored::Put)).await {
        Ok(Ok(())) => Ok(updated),
        Err(StoreError::ConditionFailed { at }) if at == placed_at => Err(Error::field("district_id", Msg::DistrictChoice)),
        Ok(Err(e)) => Err(Error::internal(e.to_string())),
        Err(StoreError::ConditionFailed { at }) if meaning_changed && (at == 0 || usage_checks.contains(&at)) => match get(store, kind, id).await?.and_then(|now| now.usage_count) {
            Some(used) if used > 0 => Err(meaning_in_use(&current.name, used)),
            _ => Err(changed_meanwhile()),
        },
        Err(StoreError::ConditionFailed { at: 0 }) => Err(changed_meanwhile()),
        Err(StoreError::ConditionFailed { .. }) => Err(duplicate(&updated.name)),
        Err(e) => Err(e.into()),
    }
}

/// What an edit writes to an item: every field the Admin Panel sets (an absent optional one
/// removed), and the next version.
fn edited_fields(item: &ListItem) -> Changes {
    let optional = |changes: Changes, name: &str, value: Option<serde_json::Value>| match value {
        Some(value) => changes.set(name, value),
        None => changes.remove(name),
    };
    let changes = Changes::default()
        .set("name", json!(item.name))
        .set("description", json!(item.description))
        .set("display_order", json!(item.display_order))
        .set("is_active", json!(item.is_active))
        .set("updated_at", json!(item.updated_at))
        .add("version", 1);
    let changes = optional(changes, "name_hi", item.name_hi.as_ref().map(|n| json!(n)));
    let changes = optional(changes, "meaning", item.meaning.map(|m| json!(m)));
    let changes = optional(changes, "district_id", item.district_id.map(|d| json!(d)));
    let changes = optional(changes, "range", item.range.as_ref().map(|r| json!(r)));
    optional(changes, "code", item.code.as_ref().map(|c| json!(c)))
}

/// Why an item as kept may not be deleted: police stations placed in it (a district), users
/// posted at it, or grievances using it. `None`: nothing holds it.
fn still_held(name: &str, item: &Item, used: i64) -> Option<Error> {
    let stations = item.i64(STATION_COUNT).unwrap_or(0);
    let posted = item.i64(POSTED_COUNT).unwrap_or(0);
    if stations > 0 {
        Some(district_has_stations(name, stations))
    } else if posted > 0 {
        Some(users_posted(name, posted))
    } else if used > 0 {
        Some(in_use(name, used))
    } else {
        None
    }
}

pub(crate) fn in_use(name: &str, used: i64) -> Error {
    Error::Conflict(Msg::ListItemInUse { name: name.to_string(), count: used.to_string(), plural: domain::messages::plural(used) })
}

/// On the embedded store users are rows of the accounts' tables, and the users posted at a
/// place are counted there (`crate::sqlite::postings`) rather than kept on its item: `item`
/// with that count, as `still_held` reads it.
async fn with_posted_rows(mirror: Option<&SqliteStore>, kind: ListKind, id: i64, mut item: Item) -> Result<Item> {
    let Some(sqlite) = mirror.filter(|_| matches!(kind, ListKind::PoliceStations | ListKind::Districts)) else { return Ok(item) };
    let posted = sqlite.read_with(move |conn| crate::sqlite::postings::users_posted_at(conn, kind, id).map_err(Error::internal)).await?;
    item.attrs.insert(POSTED_COUNT.into(), json!(posted));
    Ok(item)
}

async fn delete(store: &dyn Store, mirror: Option<&SqliteStore>, kind: ListKind, id: i64) -> Result<()> {
    let stored = with_posted_rows(mirror, kind, id, store.get(&item_key(kind, id)).await?.ok_or_else(not_found)?).await?;
    let version = stored.i64("version").unwrap_or(0);
    let current = item_of(kind, stored.clone())?;
    let uses = usage(store, kind, id, &stored).await?;
    if let Some(refusal) = still_held(&current.name, &stored, uses.total()) {
        return Err(refusal);
    }
    // The version too: a station placed in a district since it was read moved it on. The
    // shards go with the item, each on condition that no grievance moved it since.
    let condition = Condition::EqualsAll(vec![("usage_count".into(), json!(uses.on_item)), ("version".into(), json!(version))]);
    let mut writes = vec![Write::delete(item_key(kind, id)).when(condition), Write::delete(name_key(kind, &current.name)), cache::bump()];
    let shards_at = writes.len();
    writes.extend(uses.unchanged(kind, id, true));
    let shards = shards_at..writes.len();
    writes.extend(placement(current.district_id, None));
    let relational = relational_copy(kind, &current).map(|_| Mirrored::Delete(kind, id));
    match commit(store, mirror, writes, relational).await {
        Ok(Ok(())) => Ok(()),
        // A user was posted at it meanwhile.
        Ok(Err(SqlError::Taken)) => {
            let now = with_posted_rows(mirror, kind, id, stored).await?;
            Err(still_held(&current.name, &now, uses.total()).unwrap_or_else(changed_meanwhile))
        }
        // A grievance row still names the item (the foreign key): in use after all.
        Ok(Err(e)) if is_foreign_key(&e) => Err(in_use(&current.name, 1)),
        Ok(Err(e)) => Err(Error::internal(e.to_string())),
        Err(StoreError::ConditionFailed { at }) if at == 0 || shards.contains(&at) => match store.get(&item_key(kind, id)).await? {
            Some(now) => {
                let now = with_posted_rows(mirror, kind, id, now).await?;
                let used = usage(store, kind, id, &now).await?.total();
                Err(still_held(&current.name, &now, used).unwrap_or_else(changed_meanwhile))
            }
            None => Err(not_found()),
        },
        Err(StoreError::ConditionFailed { .. }) => Err(in_use(&current.name, 1)),
        Err(e) => Err(e.into()),
    }
}

/// What a change does to the relational copy of the item, beside its items.
enum Mirrored {
    Put(sql::ListItem),
    Delete(ListKind, i64),
}

/// Applies `writes`, and with a mirror the relational change too, in one transaction. The
/// outer error is the item store's (a failed condition at its position), the inner one the
/// relational change's.
async fn commit(store: &dyn Store, mirror: Option<&SqliteStore>, writes: Vec<Write>, change: Option<Mirrored>) -> std::result::Result<std::result::Result<(), SqlError>, StoreError> {
    match (mirror, change) {
        (Some(sqlite), Some(change)) => {
            sqlite
                .transact_with(writes, move |tx| match &change {
                    Mirrored::Put(item) => sql::sync_list_item(tx, item),
                    // Users posted at the place are counted in the writer's transaction: one
                    // posted since the check holds it.
                    Mirrored::Delete(kind, id) if crate::sqlite::postings::users_posted_at(tx, *kind, *id)? > 0 => Err(SqlError::Taken),
                    Mirrored::Delete(_, id) => sql::delete_list_item(tx, *id),
                })
                .await
        }
        _ => store.transact(writes).await.map(Ok),
    }
}

fn is_foreign_key(e: &SqlError) -> bool {
    matches!(e, SqlError::Sqlite(rusqlite::Error::SqliteFailure(f, _)) if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY)
}

/// The relational schema's kind of a list, for the lists its grievance rows refer to by
/// column (districts, stations, statuses, priorities); `None` for the others.
pub fn sql_kind(kind: ListKind) -> Option<sql::ListKind> {
    match kind {
        ListKind::Districts => Some(sql::ListKind::Districts),
        ListKind::PoliceStations => Some(sql::ListKind::PoliceStations),
        ListKind::Statuses => Some(sql::ListKind::Statuses),
        ListKind::Priorities => Some(sql::ListKind::Priorities),
        _ => None,
    }
}

/// The relational engine's copy of an item of one of those lists: id, name, meaning, rank.
pub fn relational_copy(kind: ListKind, item: &ListItem) -> Option<sql::ListItem> {
    let kind = sql_kind(kind)?;
    let meaning = (kind == sql::ListKind::Statuses).then(|| item.status_meaning());
    Some(sql::ListItem { id: item.id, kind, name: item.name.clone(), meaning, rank: item.display_order })
}

/// The admin lists over the item store. On the embedded store ([`ItemLists::embedded`]) a
/// change also brings the relational copy of the item in step, in the same transaction, so
/// that renaming, re-ranking or deleting an item is seen by the grievance rows at once.
#[derive(Clone)]
pub struct ItemLists {
    store: Arc<dyn Store>,
    mirror: Option<Arc<SqliteStore>>,
    cache: ListsCache,
}

impl ItemLists {
    /// Over any item store (DynamoDB in a state's stack): the items are all there is.
    pub fn new(store: Arc<dyn Store>) -> ItemLists {
        ItemLists { store, mirror: None, cache: ListsCache::default() }
    }

    /// Over the embedded SQLite store, whose relational grievance rows keep a copy of the
    /// items they name.
    pub fn embedded(store: Arc<SqliteStore>) -> ItemLists {
        ItemLists { store: store.clone(), mirror: Some(store), cache: ListsCache::default() }
    }
}

#[async_trait]
impl AdminLists for ItemLists {
    async fn list(&self, kind: ListKind) -> Result<Vec<ListItem>> {
        list(self.store.as_ref(), kind).await
    }

    async fn get(&self, kind: ListKind, id: i64) -> Result<Option<ListItem>> {
        get(self.store.as_ref(), kind, id).await
    }

    async fn definitions(&self, kind: ListKind) -> Result<Vec<ListItem>> {
        Ok(self.cache.snapshot(self.store.as_ref()).await?.list(kind).to_vec())
    }

    async fn organisation(&self) -> Result<Arc<Organisation>> {
        Ok(self.cache.snapshot(self.store.as_ref()).await?.organisation.clone())
    }

    async fn get_many(&self, refs: &[(ListKind, i64)]) -> Result<BTreeMap<(ListKind, i64), ListItem>> {
        let lists = self.cache.snapshot(self.store.as_ref()).await?;
        Ok(refs.iter().filter_map(|(kind, id)| Some(((*kind, *id), lists.get(*kind, *id)?.clone()))).collect())
    }

    async fn find_by_name(&self, kind: ListKind, name: &str) -> Result<Option<ListItem>> {
        Ok(self.cache.snapshot(self.store.as_ref()).await?.find_by_name(kind, name).cloned())
    }

    async fn create(&self, kind: ListKind, input: ListItemInput) -> Result<ListItem> {
        let done = create(self.store.as_ref(), self.mirror.as_deref(), kind, input).await;
        self.cache.forget();
        done
    }

    async fn update(&self, kind: ListKind, id: i64, input: ListItemInput) -> Result<ListItem> {
        let done = update(self.store.as_ref(), self.mirror.as_deref(), kind, id, input).await;
        self.cache.forget();
        done
    }

    async fn delete(&self, kind: ListKind, id: i64) -> Result<()> {
        let done = delete(self.store.as_ref(), self.mirror.as_deref(), kind, id).await;
        self.cache.forget();
        done
    }

    async fn saved_limits(&self) -> Result<Option<SavedLimits>> {
        Ok(self.cache.snapshot(self.store.as_ref()).await?.limits.clone())
    }

    async fn save_limits(&self, limits: &LimitsById) -> Result<()> {
        let done = save_limits(self.store.as_ref(), limits).await;
        self.cache.forget();
        done
    }

    async fn transfer_limit(&self) -> Result<u32> {
        let saved = self.store.get(&transfer_limit_key()).await?.and_then(|item| item.i64("limit"));
        Ok(saved.and_then(|n| u32::try_from(n).ok()).unwrap_or(domain::jurisdiction::DEFAULT_TRANSFER_LIMIT))
    }

    async fn save_transfer_limit(&self, limit: u32) -> Result<()> {
        Ok(self.store.transact(vec![Write::put(Item::new(transfer_limit_key()).with("limit", i64::from(limit)))]).await?)
    }

    async fn law(&self) -> Result<domain::law::LawSettings> {
        Ok(self.cache.snapshot(self.store.as_ref()).await?.law.clone())
    }

    async fn save_law(&self, settings: &domain::law::LawSettings) -> Result<()> {
        let expected = settings.revision;
        let saved = domain::law::LawSettings { revision: expected + 1, ..settings.clone() };
        let item = Item::new(crate::dynamo::list_items::law_key()).with("revision", expected + 1).with("settings", serde_json::to_value(&saved).map_err(Error::internal)?);
        let condition = if expected == 0 { Condition::NotExists } else { Condition::Equals("revision".into(), json!(expected)) };
        let done = self.store.transact(vec![Write::put(item).when(condition), cache::bump()]).await;
        self.cache.forget();
        match done {
            Err(StoreError::ConditionFailed { at: 0 }) => Err(Error::Conflict(Msg::ChangedConcurrently)),
            other => Ok(other?),
        }
    }

    async fn citizen_settings(&self) -> Result<domain::citizen::CitizenSettings> {
        let saved = self.store.get(&citizen_settings_key()).await?.and_then(|item| serde_json::from_value(item.attrs.get("settings")?.clone()).ok());
        Ok(saved.unwrap_or_default())
    }

    async fn save_citizen_settings(&self, settings: &domain::citizen::CitizenSettings) -> Result<()> {
        let saved = domain::citizen::CitizenSettings { revision: settings.revision + 1, ..settings.clone() };
        save_revised(self.store.as_ref(), citizen_settings_key(), settings.revision, serde_json::to_value(&saved).map_err(Error::internal)?).await
    }

    async fn trash_retention_days(&self) -> Result<u32> {
        let saved = self.store.get(&trash_retention_key()).await?.and_then(|item| item.i64("days"));
        Ok(saved.and_then(|n| u32::try_from(n).ok()).unwrap_or(domain::grievance::DEFAULT_TRASH_RETENTION_DAYS))
    }

    async fn save_trash_retention_days(&self, days: u32) -> Result<()> {
        Ok(self.store.transact(vec![Write::put(Item::new(trash_retention_key()).with("days", i64::from(days)))]).await?)
    }

    async fn published_views(&self) -> Result<domain::views::PublishedViews> {
        let saved = self.store.get(&published_views_key()).await?.and_then(|item| serde_json::from_value(item.attrs.get("settings")?.clone()).ok());
        Ok(saved.unwrap_or_default())
    }

    async fn save_published_views(&self, views: &domain::views::PublishedViews) -> Result<()> {
        let saved = domain::views::PublishedViews { revision: views.revision + 1, ..views.clone() };
        save_revised(self.store.as_ref(), published_views_key(), views.revision, serde_json::to_value(&saved).map_err(Error::internal)?).await
    }

    async fn escalation_rules(&self) -> Result<domain::escalation::EscalationRules> {
        let saved = self.store.get(&escalation_rules_key()).await?.and_then(|item| serde_json::from_value(item.attrs.get("rules")?.clone()).ok());
        Ok(saved.unwrap_or_default())
    }

    async fn save_escalation_rules(&self, rules: &domain::escalation::EscalationRules) -> Result<()> {
        let rules = serde_json::to_value(rules).map_err(Error::internal)?;
        Ok(self.store.transact(vec![Write::put(Item::new(escalation_rules_key()).with("rules", rules))]).await?)
    }

    async fn seed(&self) -> Result<()> {
        let done = seed(self.store.as_ref()).await;
        self.cache.forget();
        done
    }
}

pub(crate) fn escalation_rules_key() -> Key {
    Key::new("SETTINGS", "ESCALATION_RULES")
}

/// What citizens are told and how: one record with its revision.
pub(crate) fn citizen_settings_key() -> Key {
    Key::new("SETTINGS", "CITIZEN")
}

fn trash_retention_key() -> Key {
    Key::new("SETTINGS", "TRASH_RETENTION")
}

fn published_views_key() -> Key {
    Key::new("SETTINGS", "PUBLISHED_VIEWS")
}

/// Saves a settings document kept with its revision (`settings`, and `revision` beside it to
/// condition on) as revision `expected + 1`, on condition that the one kept is `expected`.
async fn save_revised(store: &dyn Store, key: Key, expected: i64, saved: serde_json::Value) -> Result<()> {
    let item = Item::new(key).with("revision", expected + 1).with("settings", saved);
    let condition = if expected == 0 { Condition::NotExists } else { Condition::Equals("revision".into(), json!(expected)) };
    match store.transact(vec![Write::put(item).when(condition)]).await {
        Err(StoreError::ConditionFailed { .. }) => Err(Error::Conflict(Msg::ChangedConcurrently)),
        other => Ok(other?),
    }
}

pub(crate) fn transfer_limit_key() -> Key {
    Key::new("SETTINGS", "TRANSFER_LIMIT")
}

/// Replaces the pendency limits (see [`AdminLists::save_limits`]).
pub async fn save_limits(store: &dyn Store, limits: &LimitsById) -> Result<()> {
    let by_id: BTreeMap<String, &BTreeMap<Stage, u32>> = limits.iter().map(|(id, stages)| (id.to_string(), stages)).collect();
    let item = Item::new(limits_key()).with("by_priority_id", serde_json::to_value(by_id).map_err(Error::internal)?);
    Ok(store.transact(vec![Write::put(item), cache::bump()]).await?)
}

/// Fills every list with its starting items, once in the store's life: an administrator who
/// later empties a list does not see it refilled.
pub async fn seed(store: &dyn Store) -> Result<()> {
    let marker = Key::new("SEEDED", "lists");
    if store.get(&marker).await?.is_some() {
        return Ok(());
    }
    for kind in ListKind::ALL {
        for input in starting_items(kind) {
            match create(store, None, kind, input).await {
                Ok(_) | Err(Error::Conflict(_)) => {}
                Err(e) => return Err(e),
            }
        }
    }
    match store.transact(vec![Write::put_new(Item::new(marker))]).await {
        Ok(()) | Err(StoreError::ConditionFailed { .. }) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// The starting items of a list, in their display order.
pub(crate) fn starting_items(kind: ListKind) -> impl Iterator<Item = ListItemInput> {
    kind.seeds().iter().zip(kind.seeds_hi()).enumerate().map(move |(position, (name, name_hi))| ListItemInput {
        name: name.to_string(),
        name_hi: Some(Some(name_hi.to_string())),
        description: String::new(),
        display_order: position as i64 + 1,
        is_active: true,
        meaning: (kind == ListKind::Statuses).then(|| StatusMeaning::of_legacy_name(name)),
        district_id: None,
        range: None,
        code: None,
    })
}
