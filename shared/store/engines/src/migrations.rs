//! Upgrades of data written by earlier releases, run once per store and marked done in the
//! store itself, so that a department's existing data keeps working after an upgrade.

use cases::port::Stored;
use cases::record::Grievance;
use crate::dynamo::grievance_counters as counters;
use crate::dynamo::grievances as items;
use crate::dynamo::grievance_keys as keys;
use cases::pendency;
use domain::lists::{ListKind, StatusMeaning};
use domain::Result;
use serde_json::json;
use std::collections::BTreeSet;
use store::{Changes, Condition, Index, Item, Key, Query, Store, StoreError, Write};

/// Marks a migration done.
fn marker(name: &str) -> Key {
    Key::new("MIGRATION", name.to_string())
}

/// The partitions of an earlier release's items that the embedded file's tables make
/// needless once every record has moved into them: the upgrade steps' own marks, and the
/// indexes and counters the item engines kept beside their records, which the tables' own
/// indexes, triggers and figures replace.
pub const LEFT_BEHIND_BY_THE_TABLES: &[&str] = &[
    "MIGRATION",
    // The grievances' indexes, each a copy of what the grievance rows and their indexes hold.
    "GRVALL#",
    "GRVSTATUS#",
    "GRVSTAGE#",
    "MYGRVSTAGE#",
    "PLACEGRV#",
    "DISTRICTGRV#",
    "FIRNO#",
    "FIRAT#",
    "FIRDISTRICT#",
    "NUMBER#",
    "MYNUMBER#",
    "PLACENUMBER#",
    "ESCALATED#",
    "CLOSURES",
    // Their counters, which the tables' figures (kept by triggers) replace.
    "STATS#",
    // The audit records' indexes by place and by reader, which the trail's rows replace.
    "AUDITPLACE#",
    "AUDITSEEN#",
];

const AUDIT_VIEWER_VIEWS: &str = "audit-viewer-views";

/// Gives every audit record written before users had their own view of the trail
/// (`keys::audit_viewer_pk`) its place in the views of the users who may read it, so that a
/// user without view_all still finds their older records. Idempotent; answers how many
/// changes it placed, or `None` when it had run already.
pub async fn audit_viewer_views(store: &dyn Store) -> Result<Option<u64>> {
    if store.get(&marker(AUDIT_VIEWER_VIEWS)).await?.is_some() {
        return Ok(None);
    }
    let placed = each_change(store, |change| view_writes(change)).await?;
    store.transact(vec![Write::put(Item::new(marker(AUDIT_VIEWER_VIEWS)).with("done_at", domain::clock::now_text()).with("changes", placed as i64))]).await?;
    Ok(Some(placed))
}

/// One change of the audit trail as its records tell it.
struct TrailChange {
    /// `{stamp}#{grievance}#{change}`: a view's sort key for the change.
    sort: String,
    grievance: i64,
    /// The records' sort keys in their grievance's partition.
    records: Vec<String>,
    viewers: Vec<i64>,
}

/// Walks the whole trail once, a change at a time, writing what `writes` makes of each, 90
/// writes a transaction. Answers how many changes it walked.
async fn each_change(store: &dyn Store, mut writes: impl FnMut(TrailChange) -> Vec<Write>) -> Result<u64> {
    // The index holds every record, a change's records side by side (`{stamp}#{grievance}#{change}#{seq}`).
    let mut query = Query::index(Index::Gsi1, keys::AUDIT_INDEX_PK).limit(1000);
    let mut walked = 0;
    let mut current: Option<TrailChange> = None;
    let mut pending: Vec<Write> = Vec::new();
    loop {
        let page = store.query(&query).await?;
        for item in &page.items {
            let Some(sort) = item.str(Index::Gsi1.sk_attr()) else { continue };
            let Some((change, _seq)) = sort.rsplit_once('#') else { continue };
            match &mut current {
                Some(c) if c.sort == change => c.records.push(item.key.sk.clone()),
                _ => {
                    if let Some(done) = current.take() {
                        walked += 1;
                        pending.extend(writes(done));
                    }
                    let viewers = item.attrs.get("visible_to").and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default();
                    current = Some(TrailChange { sort: change.to_string(), grievance: item.i64("grievance_id").unwrap_or(0), records: vec![item.key.sk.clone()], viewers });
                }
            }
        }
        while pending.len() >= 90 {
            let rest = pending.split_off(90);
            store.transact(std::mem::replace(&mut pending, rest)).await?;
        }
        match page.cursor {
            Some(c) => query.cursor = Some(c),
            None => break,
        }
    }
    if let Some(done) = current.take() {
        walked += 1;
        pending.extend(writes(done));
    }
    for chunk in pending.chunks(90) {
        store.transact(chunk.to_vec()).await?;
    }
    Ok(walked)
}

fn pointer(pk: String, change: &TrailChange) -> Write {
    Write::put(Item::new(Key::new(pk, change.sort.clone())).with("grievance_id", change.grievance).with("records", json!(change.records)))
}

fn view_writes(change: TrailChange) -> Vec<Write> {
    let mut viewers = change.viewers.clone();
    viewers.sort_unstable();
    viewers.dedup();
    viewers.into_iter().map(|user| pointer(keys::audit_viewer_pk(user), &change)).collect()
}

/// Counts the grievances filed before the overdue counters were kept
/// (`keys::overdue_counter`) into them, so that overdue figures need no count of items at
/// request time. Answers how many grievances it counted, or `None` when it had run already.
pub async fn overdue_counters(store: &dyn Store) -> Result<Option<u64>> {
    counters_once(store, "overdue-counters", counters::count_overdue_into).await
}

/// Counts the grievances kept before the due-day counters (`keys::due_counter_all`) into
/// them, by the due day each already holds, so that the clock lists' figures and the
/// dashboard's clock tiles need no read of the cases. Answers how many grievances it
/// counted, or `None` when it had run already.
pub async fn due_counters(store: &dyn Store) -> Result<Option<u64>> {
    counters_once(store, "due-counters", counters::count_due_into).await
}

/// Runs the counting step `name` once: reads every grievance once, a page at a time, counts
/// each with `count`, and writes each counter whole (over whatever was kept).
async fn counters_once(store: &dyn Store, name: &str, count: fn(&mut counters::Totals, &Grievance)) -> Result<Option<u64>> {
    if store.get(&marker(name)).await?.is_some() {
        return Ok(None);
    }
    let mut totals = counters::Totals::new();
    let mut counted = 0u64;
    let mut pages = items::EveryGrievance::new(500);
    while let Some(page) = pages.next_page(store).await? {
        for item in page {
            count(&mut totals, &items::from_item(item)?.grievance);
            counted += 1;
        }
    }
    for chunk in counter_puts(totals).chunks(90) {
        store.transact(chunk.to_vec()).await?;
    }
    store.transact(vec![Write::put(Item::new(marker(name)).with("done_at", domain::clock::now_text()).with("grievances", counted as i64))]).await?;
    Ok(Some(counted))
}

/// Runs the upgrade step `name` once: reads every grievance item, a page at a time, and writes
/// what `writes_of` gives for each. Answers how many writes it made, or `None` when it had run
/// already (its marker is kept).
async fn over_every_grievance(store: &dyn Store, name: &str, writes_of: impl Fn(&Grievance) -> Vec<Write>) -> Result<Option<u64>> {
    if store.get(&marker(name)).await?.is_some() {
        return Ok(None);
    }
    let mut written = 0u64;
    let mut pages = items::EveryGrievance::new(90);
    while let Some(page) = pages.next_page(store).await? {
        let mut writes = Vec::new();
        for item in page {
            writes.extend(writes_of(&items::from_item(item)?.grievance));
        }
        written += writes.len() as u64;
        for chunk in writes.chunks(store::MAX_TRANSACTION) {
            store.transact(chunk.to_vec()).await?;
        }
    }
    store.transact(vec![Write::put(Item::new(marker(name)).with("done_at", domain::clock::now_text()).with("entries", written as i64))]).await?;
    Ok(Some(written))
}

/// Gives the grievances filed before FIR numbers were indexed (`keys::fir_number`) their
/// entries, so a duplicate FIR is found among them too. Answers how many entries it wrote, or
/// `None` when it had run already.
pub async fn fir_numbers(store: &dyn Store) -> Result<Option<u64>> {
    over_every_grievance(store, "fir-numbers", |g| keys::fir_number(g).map(|key| Write::put(Item::new(key).with("grievance_id", g.id))).into_iter().collect()).await
}

/// Gives the grievances whose closure was asked for before the item engine kept the
/// closure-requests queue (`keys::closure_pending`) their entries, so the queue and its count
/// hold them. Answers how many entries it wrote, or `None` when it had run already.
pub async fn closure_queue(store: &dyn Store) -> Result<Option<u64>> {
    over_every_grievance(store, "closure-queue", items::queue_entry_writes).await
}

const PLACES: &str = "grievance-places";

/// What [`places`] did.
#[derive(Debug, PartialEq, Eq)]
pub struct PlacesUpgrade {
    pub grievances: u64,
    pub changes: u64,
}

/// Gives the grievances filed before postings had areas on the item engine what an area
/// reads (`keys::place`): a copy at the place each lies at, the places' counters, and a
/// pointer at that place to each change of its trail (its whole history, as after a
/// transfer). Idempotent (every write is absolute), so a run cut short is run again;
/// answers `None` when it had run already. The portal runs it before it serves.
pub async fn places(store: &dyn Store) -> Result<Option<PlacesUpgrade>> {
    if store.get(&marker(PLACES)).await?.is_some() {
        return Ok(None);
    }
    // The main items gain the place each lies at; the copies include the place's.
    let mut lies_at: std::collections::HashMap<i64, String> = std::collections::HashMap::new();
    let (totals, grievances) = rewrite_grievances(store, |g| {
        if let Some(place) = keys::place(g.district_id, g.police_station_id) {
            lies_at.insert(g.id, place);
        }
    })
    .await?;
    // The places' counters, counted again; the other counters were kept all along.
    let is_place = |key: &Key| key.sk.starts_with("PLACE#");
    let mut counter_writes: Vec<Write> = store::read_all(store, Query::table(keys::stats_all(0).pk))
        .await?
        .into_iter()
        .filter(|item| is_place(&item.key) && !totals.contains_key(&item.key))
        .map(|item| Write::delete(item.key))
        .collect();
    counter_writes.extend(counter_puts(totals.into_iter().filter(|(key, _)| is_place(key))));
    for chunk in counter_writes.chunks(90) {
        store.transact(chunk.to_vec()).await?;
    }
    let changes = each_change(store, |change| match lies_at.get(&change.grievance) {
        Some(place) => vec![pointer(keys::audit_place_pk(place), &change)],
        None => Vec::new(),
    })
    .await?;
    let upgrade = PlacesUpgrade { grievances, changes };
    store.transact(vec![Write::put(Item::new(marker(PLACES)).with("done_at", domain::clock::now_text()).with("grievances", grievances as i64))]).await?;
    Ok(Some(upgrade))
}

const GRIEVANCE_INDEXES: &str = "grievance-indexes";

/// Files the grievances written before this release's indexes in them: the state's and each
/// status's grievances in their shards (`keys::all_index_pk`, `keys::status_index_pk`), and
/// each station's and district's (`keys::district_pk`, `keys::fir_place_pk`,
/// `keys::fir_district_pk`); and counts each district's grievances (`keys::stats_district`).
/// Until it has run, lists of the state, a status, a district or a FIR-date range miss the
/// older grievances. Idempotent (every write is absolute); answers how many grievances it
/// filed, or `None` when it had run already. The portal runs it before it serves; a state's
/// stack, with `portal migrate --table ...`.
pub async fn grievance_indexes(store: &dyn Store) -> Result<Option<u64>> {
    if store.get(&marker(GRIEVANCE_INDEXES)).await?.is_some() {
        return Ok(None);
    }
    let (totals, grievances) = rewrite_grievances(store, |_| {}).await?;
    let districts = totals.into_iter().filter(|(key, _)| keys::is_stats_district(key));
    for chunk in counter_puts(districts).chunks(90) {
        store.transact(chunk.to_vec()).await?;
    }
    store.transact(vec![Write::put(Item::new(marker(GRIEVANCE_INDEXES)).with("done_at", domain::clock::now_text()).with("grievances", grievances as i64))]).await?;
    Ok(Some(grievances))
}

/// Files the grievances written before the number index (`keys::number`) in it, so a lookup
/// by grievance number or FIR number finds them too. Answers how many entries it wrote, or
/// `None` when it had run already. The portal runs it before it serves; a state's stack, with
/// `portal migrate --table ...`.
pub async fn grievance_numbers(store: &dyn Store) -> Result<Option<u64>> {
    over_every_grievance(store, "grievance-numbers", |g| items::number_entries(g).into_iter().map(Write::put).collect()).await
}

const POSTED_COUNTS: &str = "posted-counts";

/// Counts the users posted at each police station and district, for a store whose users
/// were posted before places counted them (`lists::POSTED_COUNT`), so that such a place is
/// not deleted from under them. Answers how many users are posted at one, or `None` when it
/// had run already.
pub async fn posted_counts(store: &dyn Store) -> Result<Option<u64>> {
    if store.get(&marker(POSTED_COUNTS)).await?.is_some() {
        return Ok(None);
    }
    let mut posted: std::collections::BTreeMap<(ListKind, i64), i64> = Default::default();
    for user in store::read_all(store, Query::index(Index::Gsi1, crate::dynamo::account_keys::USERS_INDEX_PK)).await? {
        let posting = user.attrs.get("posting").and_then(|p| serde_json::from_value(p.clone()).ok()).unwrap_or_default();
        let place = match posting {
            domain::jurisdiction::Posting::Station(id) => (ListKind::PoliceStations, id),
            domain::jurisdiction::Posting::District(id) => (ListKind::Districts, id),
            _ => continue,
        };
        *posted.entry(place).or_default() += 1;
    }
    let at_places = posted.values().sum::<i64>() as u64;
    crate::dynamo::lists::recount_postings(store, posted).await?;
    store.transact(vec![Write::put(Item::new(marker(POSTED_COUNTS)).with("done_at", domain::clock::now_text()).with("users", at_places as i64))]).await?;
    Ok(Some(at_places))
}

const LIST_IDS: &str = "list-ids";

/// What [`list_ids`] did.
#[derive(Debug, PartialEq, Eq)]
pub struct ListIdsUpgrade {
    pub grievances: u64,
    pub statuses: u64,
}

/// Moves data written while statuses, priorities and stations were told apart by name onto
/// their items' ids and the statuses' meanings, so that renaming an item in the Admin Panel
/// changes labels and nothing else:
///
/// - each status item gets the meaning its name had to the rules (Resolved and Closed are
///   final, Pending is open, any other in progress);
/// - the pendency limits are stored by priority id (the defaults too, so that renaming a
///   starting priority keeps its limits);
/// - each grievance records its items' ids and its status's meaning, and is filed in the
///   status and stage indexes by id;
/// - the counters are counted again from the grievances, by id.
///
/// Idempotent (every write is absolute), so a run cut short is simply run again; answers
/// `None` when it had run already. The portal runs it before it serves.
pub async fn list_ids(store: &dyn Store) -> Result<Option<ListIdsUpgrade>> {
    if store.get(&marker(LIST_IDS)).await?.is_some() {
        return Ok(None);
    }
    let mut statuses = 0;
    for status in crate::dynamo::lists::list(store, ListKind::Statuses).await? {
        let key = crate::dynamo::lists::item_key(ListKind::Statuses, status.id);
        let stored = store.get(&key).await?;
        if stored.is_some_and(|item| !item.attrs.contains_key("meaning")) {
            let meaning = StatusMeaning::of_legacy_name(&status.name);
            store.transact(vec![Write::update(key, Changes::default().set("meaning", json!(meaning))).when(Condition::Exists), crate::dynamo::lists_cache::bump()]).await?;
            statuses += 1;
        }
    }
    let saved = crate::dynamo::lists::saved_limits(store).await?;
    let priorities = crate::dynamo::lists::list(store, ListKind::Priorities).await?;
    // A store whose lists are not items (the embedded file's are rows, seeded there) has no
    // limits to move onto ids here: saving them from no priorities would save none at all.
    if saved.is_some() || !priorities.is_empty() {
        crate::dynamo::lists::save_limits(store, &pendency::in_force(saved, &priorities)).await?;
    }

    let mut viewers: BTreeSet<i64> = BTreeSet::new();
    let (totals, grievances) = rewrite_grievances(store, |g| viewers.extend(g.visible_to())).await?;

    // The counters, counted again: every partition they live in, old names and all, is
    // replaced by what the grievances make.
    let mut partitions: BTreeSet<String> = BTreeSet::from(["STATS#GRV".to_string(), keys::stations_pk(None)]);
    partitions.extend(viewers.into_iter().map(|u| keys::stations_pk(Some(u))));
    let mut stale: Vec<Key> = Vec::new();
    for pk in &partitions {
        for item in store::read_all(store, Query::table(pk.clone())).await? {
            if !totals.contains_key(&item.key) {
                stale.push(item.key);
            }
        }
    }
    let mut counter_writes: Vec<Write> = stale.into_iter().map(Write::delete).collect();
    counter_writes.extend(counter_puts(totals));
    for chunk in counter_writes.chunks(90) {
        store.transact(chunk.to_vec()).await?;
    }
    let upgrade = ListIdsUpgrade { grievances, statuses };
    store
        .transact(vec![Write::put(Item::new(marker(LIST_IDS)).with("done_at", domain::clock::now_text()).with("grievances", upgrade.grievances as i64))])
        .await?;
    Ok(Some(upgrade))
}

/// Saves the pendency limits in force by priority id when none are saved, as [`list_ids`]
/// does over a store whose lists are items: for an engine whose lists are rows (the embedded
/// file's, seeded there), so that renaming a starting priority keeps its limits there too.
/// Answers whether it saved any; nothing once limits are saved.
pub async fn limits_by_id(lists: &dyn ::lists::AdminLists) -> Result<bool> {
    if lists.saved_limits().await?.is_some() {
        return Ok(false);
    }
    let priorities = lists.definitions(ListKind::Priorities).await?;
    lists.save_limits(&pendency::in_force(None, &priorities)).await?;
    Ok(true)
}

/// Writes every grievance again as this release keeps it (its main item and its copies), 90
/// writes a transaction, counting them as the counters do and showing each to `each` as it
/// streams past: never all held at once. Answers the counts and how many grievances there are.
async fn rewrite_grievances(store: &dyn Store, mut each: impl FnMut(&Grievance)) -> Result<(counters::Totals, u64)> {
    let mut totals = counters::Totals::new();
    let mut grievances = 0u64;
    let mut pages = items::EveryGrievance::new(200);
    while let Some(page) = pages.next_page(store).await? {
        let mut batch: Vec<Write> = Vec::new();
        for item in page {
            let version = item.attrs.get("version").cloned().unwrap_or(json!(0));
            let Stored { grievance: g, refs } = items::from_item(item)?;
            let mut rewrite = vec![Write::put(items::main_item(&g, &refs)).when(Condition::Equals("version".into(), version))];
            rewrite.extend(items::visibility_writes(None, Some(&g), &refs));
            if batch.len() + rewrite.len() > 90 {
                commit_rewrites(store, std::mem::take(&mut batch)).await?;
            }
            batch.extend(rewrite);
            counters::count_into(&mut totals, &g);
            each(&g);
            grievances += 1;
        }
        commit_rewrites(store, batch).await?;
    }
    Ok((totals, grievances))
}

/// Puts each counter as counted, over whatever was kept.
fn counter_puts(totals: impl IntoIterator<Item = (Key, std::collections::BTreeMap<String, i64>)>) -> Vec<Write> {
    totals
        .into_iter()
        .map(|(key, attrs)| {
            let mut item = Item::new(key);
            for (attr, n) in attrs {
                item = item.with(&attr, n);
            }
            Write::put(item)
        })
        .collect()
}

/// Writes one batch of rewritten grievances. A grievance changed since it was read (a
/// store shared with a running release) fails its version condition: the upgrade stops,
/// unmarked, and is run again.
async fn commit_rewrites(store: &dyn Store, batch: Vec<Write>) -> Result<()> {
    if batch.is_empty() {
        return Ok(());
    }
    match store.transact(batch).await {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed { .. }) => Err(domain::Error::Conflict(domain::Msg::UpgradeRaced)),
        Err(e) => Err(e.into()),
    }
}
