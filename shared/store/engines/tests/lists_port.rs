//! The admin lists port's conformance suite, on the embedded engine (the SQLite file's
//! tables, which the grievance rows refer to) and on the item engine over DynamoDB (moto).

use domain::lists::{ListItemInput, ListKind, StatusMeaning};
use domain::pendency::{LimitsById, Stage};
use domain::Error;
use engines::dynamo::lists::ItemLists;
use engines::sqlite::lists::SqlLists;
use lists::{AdminLists, SavedLimits};
use std::collections::BTreeMap;
use std::sync::Arc;
use store::dynamo::DynamoStore;
use store::sqlite::SqliteStore;

fn input(name: &str, display_order: i64) -> ListItemInput {
    ListItemInput { name: name.into(), name_hi: None, description: String::new(), display_order, is_active: true, meaning: None, district_id: None, range: None, code: None }
}

fn station_in(name: &str, district: Option<i64>) -> ListItemInput {
    ListItemInput { district_id: Some(district.map(domain::ItemId)), ..input(name, 0) }
}

fn field_error(result: domain::Result<impl std::fmt::Debug>) -> (String, String) {
    match result {
        Err(Error::Validation { fields, .. }) => fields.into_iter().next().map(|(field, message)| (field, message.to_string())).expect("a field"),
        other => panic!("expected a field error, got {other:?}"),
    }
}

fn conflict(result: domain::Result<impl std::fmt::Debug>) -> String {
    match result {
        Err(Error::Conflict(message)) => message.to_string(),
        other => panic!("expected a conflict, got {other:?}"),
    }
}

async fn names_are_unique_within_a_list_whatever_the_capitals(lists: Arc<dyn AdminLists>) {
    let town = lists.create(ListKind::Districts, input("Old Town", 5)).await.unwrap();
    assert_eq!(conflict(lists.create(ListKind::Districts, input("old TOWN", 6)).await), "An item named 'old TOWN' already exists in this list");
    // Another list may hold the same name.
    lists.create(ListKind::Departments, input("Old Town", 1)).await.unwrap();
    let other = lists.create(ListKind::Districts, input("New Town", 7)).await.unwrap();
    assert_eq!(conflict(lists.update(ListKind::Districts, other.id, input("OLD town", 7)).await), "An item named 'OLD town' already exists in this list");
    // Only the capitals of its own name: the same item, renamed.
    let recased = lists.update(ListKind::Districts, town.id, input("OLD TOWN", 5)).await.unwrap();
    assert_eq!(recased.name, "OLD TOWN");
    assert_eq!(lists.find_by_name(ListKind::Districts, "old town").await.unwrap().map(|i| i.id), Some(town.id));
    // A deleted item's name is free again.
    lists.delete(ListKind::Districts, town.id).await.unwrap();
    assert!(lists.get(ListKind::Districts, town.id).await.unwrap().is_none());
    let again = lists.create(ListKind::Districts, input("Old Town", 5)).await.unwrap();
    assert_ne!(again.id, town.id, "ids are never handed out twice");
}

async fn of_parallel_creates_of_one_name_exactly_one_wins(lists: Arc<dyn AdminLists>) {
    let attempts = (0..8).map(|i| {
        let lists = lists.clone();
        tokio::spawn(async move { lists.create(ListKind::PoliceStations, input(if i % 2 == 0 { "Civil Lines East" } else { "CIVIL LINES EAST" }, i)).await })
    });
    let outcomes: Vec<_> = futures_join(attempts).await;
    assert_eq!(outcomes.iter().filter(|o| o.is_ok()).count(), 1, "{outcomes:?}");
    assert!(outcomes.iter().filter(|o| o.is_err()).all(|o| matches!(o, Err(Error::Conflict(_)))), "{outcomes:?}");
    let named: Vec<_> = lists.list(ListKind::PoliceStations).await.unwrap().into_iter().filter(|i| i.name.eq_ignore_ascii_case("civil lines east")).collect();
    assert_eq!(named.len(), 1);
}

async fn futures_join<T: Send + 'static>(handles: impl Iterator<Item = tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = Vec::new();
    for h in handles.collect::<Vec<_>>() {
        out.push(h.await.unwrap());
    }
    out
}

async fn a_list_is_read_in_display_order_and_a_status_keeps_its_meaning(lists: Arc<dyn AdminLists>) {
    let late = lists.create(ListKind::Statuses, input("Sent to court", 20)).await.unwrap();
    assert_eq!(late.meaning, Some(StatusMeaning::InProgress), "a new status is in progress unless told");
    let mut early = input("Disposed", -1);
    early.meaning = Some(StatusMeaning::Resolved);
    let early = lists.create(ListKind::Statuses, early).await.unwrap();
    let names: Vec<String> = lists.list(ListKind::Statuses).await.unwrap().into_iter().map(|i| i.name).collect();
    assert_eq!((names.first().map(String::as_str), names.last().map(String::as_str)), (Some("Disposed"), Some("Sent to court")));
    // Left out of an edit, the meaning stays.
    let renamed = lists.update(ListKind::Statuses, early.id, input("Disposed of", -1)).await.unwrap();
    assert_eq!(renamed.meaning, Some(StatusMeaning::Resolved));
    let read = lists.get_many(&[(ListKind::Statuses, early.id), (ListKind::Statuses, late.id), (ListKind::Statuses, 999_999)]).await.unwrap();
    assert_eq!(read.len(), 2, "an id no longer in its list is left out");
    assert_eq!(read[&(ListKind::Statuses, early.id)].name, "Disposed of");
}

async fn a_station_is_placed_in_a_district_that_exists_and_a_district_holding_stations_stays(lists: Arc<dyn AdminLists>) {
    let mut agra = input("Agra", 1);
    agra.range = Some(Some("Agra Range".into()));
    let agra = lists.create(ListKind::Districts, agra).await.unwrap();
    assert_eq!(agra.range.as_deref(), Some("Agra Range"));
    let mathura = lists.create(ListKind::Districts, input("Mathura", 2)).await.unwrap();
    let sadar = lists.create(ListKind::PoliceStations, station_in("Sadar Bazar", Some(agra.id))).await.unwrap();
    assert_eq!(sadar.district_id, Some(agra.id));
    assert_eq!(lists.get(ListKind::PoliceStations, sadar.id).await.unwrap().unwrap().district_id, Some(agra.id), "kept");
    assert_eq!(
        field_error(lists.create(ListKind::PoliceStations, station_in("Nowhere", Some(999_999))).await),
        ("district_id".to_string(), "Choose a district from the list".to_string())
    );
    assert!(lists.find_by_name(ListKind::PoliceStations, "Nowhere").await.unwrap().is_none(), "nothing kept of a refused station");

    // A district holding a station is not deleted; an edit keeps what it leaves out.
    assert_eq!(conflict(lists.delete(ListKind::Districts, agra.id).await), "'Agra' has 1 police station; place them in another district first");
    let renamed = lists.update(ListKind::Districts, agra.id, input("Agra City", 1)).await.unwrap();
    assert_eq!(renamed.range.as_deref(), Some("Agra Range"), "left out of the edit, the range stays");
    let kept = lists.update(ListKind::PoliceStations, sadar.id, input("Sadar", 0)).await.unwrap();
    assert_eq!(kept.district_id, Some(agra.id), "left out of the edit, the district stays");
    assert_eq!(conflict(lists.delete(ListKind::Districts, agra.id).await), "'Agra City' has 1 police station; place them in another district first", "the count survived the district's edit");

    // Moved to another district, then placed in none: each district counts what it holds.
    lists.update(ListKind::PoliceStations, sadar.id, station_in("Sadar", Some(mathura.id))).await.unwrap();
    assert_eq!(conflict(lists.delete(ListKind::Districts, mathura.id).await), "'Mathura' has 1 police station; place them in another district first");
    lists.delete(ListKind::Districts, agra.id).await.unwrap();
    assert_eq!(
        field_error(lists.update(ListKind::PoliceStations, sadar.id, station_in("Sadar", Some(agra.id))).await),
        ("district_id".to_string(), "Choose a district from the list".to_string()),
        "not into a deleted district"
    );
    assert_eq!(lists.get(ListKind::PoliceStations, sadar.id).await.unwrap().unwrap().district_id, Some(mathura.id), "a refused move changes nothing");
    lists.update(ListKind::PoliceStations, sadar.id, station_in("Sadar", None)).await.unwrap();
    lists.delete(ListKind::Districts, mathura.id).await.unwrap();
}

/// Stations placed in a district while it is deleted: either the delete fails, or it wins and
/// no station names the deleted district.
async fn a_district_deleted_while_stations_are_placed_in_it_leaves_no_station_pointing_nowhere(lists: Arc<dyn AdminLists>) {
    for round in 0..3 {
        let district = lists.create(ListKind::Districts, input(&format!("Round {round}"), 1)).await.unwrap();
        let mut tasks = Vec::new();
        for i in 0..6 {
            let lists = lists.clone();
            tasks.push(tokio::spawn(async move {
                lists.create(ListKind::PoliceStations, station_in(&format!("Station {round}-{i}"), Some(district.id))).await.map(|_| ())
            }));
        }
        let deleting = {
            let lists = lists.clone();
            tokio::spawn(async move { lists.delete(ListKind::Districts, district.id).await })
        };
        let placed = futures_join(tasks.into_iter()).await;
        let deleted = deleting.await.unwrap();
        let named: Vec<_> = lists.list(ListKind::PoliceStations).await.unwrap().into_iter().filter(|s| s.district_id == Some(district.id)).collect();
        match deleted {
            Ok(()) => assert!(named.is_empty(), "round {round}: the district is gone and {} stations name it ({placed:?})", named.len()),
            Err(e) => {
                assert!(matches!(e, Error::Conflict(_)), "round {round}: {e:?}");
                assert!(lists.get(ListKind::Districts, district.id).await.unwrap().is_some());
            }
        }
        for outcome in placed {
            if let Err(e) = outcome {
                assert!(matches!(e, Error::Validation { .. }), "a station refused only because the district went: {e:?}");
            }
        }
    }
}

/// Where the grievance writes count an item's uses, each engine's way: on the item engine's
/// items (on the item itself, as an earlier release did, or in its usage shards), or in the
/// `uses` column, inside the grievance write's own transaction.
#[derive(Clone)]
enum Uses {
    OnItem(Arc<dyn store::Store>),
    Shards(Arc<dyn store::Store>),
    Rows(Arc<SqliteStore>),
}

impl Uses {
    /// Counts one more use of item `id` by grievance `grievance`; `false`: the item is gone.
    async fn add(&self, kind: ListKind, id: i64, grievance: i64) -> bool {
        match self {
            Uses::OnItem(store) => {
                let key = engines::dynamo::lists::item_key(kind, id);
                let add = store::Write::update(key, store::Changes::default().add("usage_count", 1)).when(store::Condition::Exists);
                ok_unless_gone(store.transact(vec![add]).await)
            }
            Uses::Shards(store) => ok_unless_gone(store.transact(vec![engines::dynamo::lists::use_write(kind, id, grievance, 1)]).await),
            Uses::Rows(sqlite) => {
                let deltas = BTreeMap::from([((kind, id), 1)]);
                match sqlite.transact_with(Vec::new(), move |tx| engines::sqlite::lists::count_uses(tx, &deltas)).await.unwrap() {
                    Ok(()) => true,
                    Err(store::sql::SqlError::Sqlite(rusqlite::Error::SqliteFailure(f, _))) if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY => false,
                    Err(e) => panic!("{e:?}"),
                }
            }
        }
    }
}

fn ok_unless_gone(outcome: Result<(), store::StoreError>) -> bool {
    match outcome {
        Ok(()) => true,
        Err(store::StoreError::ConditionFailed { .. }) => false,
        Err(e) => panic!("{e:?}"),
    }
}

/// The grievance writes count an item's uses while the Admin Panel edits it: an edit must
/// never put back the count it read (an item in use would then look unused and could be
/// deleted).
async fn an_edit_keeps_the_uses_counted_while_it_was_made(lists: Arc<dyn AdminLists>, counted: Uses) {
    let item = lists.create(ListKind::Priorities, input("Urgent", 9)).await.unwrap();
    let uses: Vec<_> = (0..40)
        .map(|grievance| {
            let counted = counted.clone();
            tokio::spawn(async move {
                assert!(counted.add(ListKind::Priorities, item.id, grievance).await, "the item is there");
            })
        })
        .collect();
    let edits: Vec<_> = (0..10)
        .map(|i| {
            let lists = lists.clone();
            tokio::spawn(async move {
                // An edit that lost the race to another edit is told so, and tried again.
                loop {
                    match lists.update(ListKind::Priorities, item.id, input(&format!("Urgent {i}"), 9)).await {
                        Ok(_) => break,
                        Err(Error::Conflict(m)) if m.to_string().contains("changed by someone else") => continue,
                        Err(e) => panic!("{e:?}"),
                    }
                }
            })
        })
        .collect();
    futures_join(uses.into_iter().chain(edits)).await;
    let kept = lists.get(ListKind::Priorities, item.id).await.unwrap().unwrap();
    assert_eq!(kept.usage_count, Some(40), "every use counted while the item was edited");
    assert!(kept.name.starts_with("Urgent "), "{}", kept.name);
}

/// Grievances naming an item while it is deleted: either the delete wins, and then no use
/// was counted before it and none after (a grievance cannot name an item that is gone), or it
/// is refused as in use, with every use counted.
async fn an_item_deleted_while_grievances_name_it_is_never_deleted_in_use(lists: Arc<dyn AdminLists>, counted: Uses) {
    for round in 0..4 {
        let item = lists.create(ListKind::Reasons, input(&format!("Reason {round}"), 1)).await.unwrap();
        let uses: Vec<_> = (0..6)
            .map(|grievance| {
                let counted = counted.clone();
                tokio::spawn(async move { counted.add(ListKind::Reasons, item.id, grievance).await })
            })
            .collect();
        let deleting = {
            let lists = lists.clone();
            tokio::spawn(async move { lists.delete(ListKind::Reasons, item.id).await })
        };
        let counted_uses = futures_join(uses.into_iter()).await.into_iter().filter(|counted| *counted).count() as i64;
        match deleting.await.unwrap() {
            Ok(()) => {
                assert_eq!(counted_uses, 0, "round {round}: deleted while {counted_uses} grievances name it");
                assert!(lists.get(ListKind::Reasons, item.id).await.unwrap().is_none());
            }
            Err(e) => {
                // Refused with the uses counted by then; others may be counted after.
                let message = conflict(Err::<(), _>(e));
                let said = (1..=counted_uses).find(|n| {
                    message == format!("'{}' is used by {n} grievance{}; deactivate it instead of deleting it", item.name, if *n == 1 { "" } else { "s" })
                });
                assert!(said.is_some(), "round {round}: {message} ({counted_uses} counted)");
                assert_eq!(lists.get(ListKind::Reasons, item.id).await.unwrap().unwrap().usage_count, Some(counted_uses), "round {round}");
            }
        }
    }
}

async fn pendency_limits_are_kept_by_priority_id(lists: Arc<dyn AdminLists>) {
    assert_eq!(lists.saved_limits().await.unwrap(), None, "nothing saved until the Admin Panel saves");
    let limits: LimitsById = BTreeMap::from([(7, BTreeMap::from([(Stage::Scrutiny, 5), (Stage::WithIo, 30)])), (9, BTreeMap::new())]);
    lists.save_limits(&limits).await.unwrap();
    assert_eq!(lists.saved_limits().await.unwrap(), Some(SavedLimits::ById(limits.clone())));
    let fewer: LimitsById = BTreeMap::from([(7, BTreeMap::from([(Stage::Scrutiny, 3)]))]);
    lists.save_limits(&fewer).await.unwrap();
    assert_eq!(lists.saved_limits().await.unwrap(), Some(SavedLimits::ById(fewer)), "saving replaces");
}

macro_rules! on_both_engines {
    ($($name:ident),* $(,)?) => {
        mod sqlite_engine {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let dir = tempfile::tempdir().unwrap();
                    let store = std::sync::Arc::new(super::SqliteStore::open(dir.path().join("portal.db")).unwrap());
                    super::$name(std::sync::Arc::new(super::SqlLists::new(store))).await;
                }
            )*
        }
        mod dynamodb_engine {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let store = super::DynamoStore::local(testkit::moto_endpoint(), testkit::unique("lists")).await;
                    store.ensure_table().await.unwrap();
                    super::$name(std::sync::Arc::new(super::ItemLists::new(std::sync::Arc::new(store)))).await;
                }
            )*
        }
    };
}

on_both_engines!(
    names_are_unique_within_a_list_whatever_the_capitals,
    of_parallel_creates_of_one_name_exactly_one_wins,
    a_list_is_read_in_display_order_and_a_status_keeps_its_meaning,
    pendency_limits_are_kept_by_priority_id,
    a_station_is_placed_in_a_district_that_exists_and_a_district_holding_stations_stays,
    a_district_deleted_while_stations_are_placed_in_it_leaves_no_station_pointing_nowhere,
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_an_edit_keeps_the_uses_counted_while_it_was_made() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SqliteStore::open(dir.path().join("portal.db")).unwrap());
    an_edit_keeps_the_uses_counted_while_it_was_made(Arc::new(SqlLists::new(store.clone())), Uses::Rows(store)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dynamodb_an_edit_keeps_the_uses_counted_while_it_was_made() {
    let store = DynamoStore::local(testkit::moto_endpoint(), testkit::unique("lists")).await;
    store.ensure_table().await.unwrap();
    let store: Arc<dyn store::Store> = Arc::new(store);
    an_edit_keeps_the_uses_counted_while_it_was_made(Arc::new(ItemLists::new(store.clone())), Uses::OnItem(store)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_an_item_deleted_while_grievances_name_it_is_never_deleted_in_use() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SqliteStore::open(dir.path().join("portal.db")).unwrap());
    an_item_deleted_while_grievances_name_it_is_never_deleted_in_use(Arc::new(SqlLists::new(store.clone())), Uses::Rows(store)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dynamodb_an_item_deleted_while_grievances_name_it_is_never_deleted_in_use() {
    let store = DynamoStore::local(testkit::moto_endpoint(), testkit::unique("lists")).await;
    store.ensure_table().await.unwrap();
    let store: Arc<dyn store::Store> = Arc::new(store);
    an_item_deleted_while_grievances_name_it_is_never_deleted_in_use(Arc::new(ItemLists::new(store.clone())), Uses::Shards(store)).await;
}

/// On the embedded store the grievance rows refer to the districts, stations, statuses and
/// priorities as rows of the lists' own table: every change in the Admin Panel is the row's,
/// so the grievance rows read it at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_relational_copy_follows_every_change_of_an_item() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SqliteStore::open(dir.path().join("portal.db")).unwrap());
    let lists = SqlLists::new(store.clone());
    let copy = |id: i64| {
        let store = store.clone();
        async move { store.read_with(move |conn| Ok::<_, store::StoreError>(store::sql::list_item(conn, id).unwrap())).await.unwrap() }
    };
    let mut urgent = input("Urgent", 7);
    urgent.meaning = None;
    let urgent = lists.create(ListKind::Priorities, urgent).await.unwrap();
    let row = copy(urgent.id).await.expect("created with its copy");
    assert_eq!((row.name.as_str(), row.rank, row.meaning), ("Urgent", 7, None));
    lists.update(ListKind::Priorities, urgent.id, input("Most urgent", 0)).await.unwrap();
    let row = copy(urgent.id).await.unwrap();
    assert_eq!((row.name.as_str(), row.rank), ("Most urgent", 0));
    let mut held = input("Held", 3);
    held.meaning = Some(StatusMeaning::Closed);
    let held = lists.create(ListKind::Statuses, held).await.unwrap();
    assert_eq!(copy(held.id).await.unwrap().meaning, Some(StatusMeaning::Closed));
    lists.delete(ListKind::Priorities, urgent.id).await.unwrap();
    assert_eq!(copy(urgent.id).await, None);
    // A list the grievance rows have no column for is none of theirs.
    let title = lists.create(ListKind::CrimeTitles, input("Chain snatching", 1)).await.unwrap();
    assert_eq!(copy(title.id).await, None);
}

/// What every request reads (labels, names, limits) is answered from a copy each engine
/// keeps; a change made through another engine over the same store (another process, another
/// Lambda instance) must still be read by the very next call.
async fn a_change_through_one_engine_is_read_at_once_through_another(reader: Arc<dyn AdminLists>, writer: Arc<dyn AdminLists>) {
    let queued = writer.create(ListKind::Statuses, input("Queued", 1)).await.unwrap();
    // Another process's copy of the lists is checked at most every FRESH_FOR.
    tokio::time::sleep(engines::dynamo::lists_cache::FRESH_FOR).await;
    let labels = reader.get_many(&[(ListKind::Statuses, queued.id)]).await.unwrap();
    assert_eq!(labels[&(ListKind::Statuses, queued.id)].name, "Queued");
    assert_eq!(labels[&(ListKind::Statuses, queued.id)].usage_count, None, "labels carry no usage count");

    writer.update(ListKind::Statuses, queued.id, input("Waiting", 1)).await.unwrap();
    // Another process's copy of the lists is checked at most every FRESH_FOR.
    tokio::time::sleep(engines::dynamo::lists_cache::FRESH_FOR).await;
    assert_eq!(reader.get_many(&[(ListKind::Statuses, queued.id)]).await.unwrap()[&(ListKind::Statuses, queued.id)].name, "Waiting");
    assert_eq!(reader.find_by_name(ListKind::Statuses, " WAITING ").await.unwrap().map(|i| i.id), Some(queued.id));
    assert!(reader.find_by_name(ListKind::Statuses, "Queued").await.unwrap().is_none(), "the old name is gone");

    let urgent = writer.create(ListKind::Priorities, input("Urgent", 0)).await.unwrap();
    // Another process's copy of the lists is checked at most every FRESH_FOR.
    tokio::time::sleep(engines::dynamo::lists_cache::FRESH_FOR).await;
    let priorities: Vec<String> = reader.definitions(ListKind::Priorities).await.unwrap().into_iter().map(|i| i.name).collect();
    assert_eq!(priorities, vec!["Urgent".to_string()]);

    assert_eq!(reader.saved_limits().await.unwrap(), None);
    let limits: LimitsById = BTreeMap::from([(urgent.id, BTreeMap::from([(Stage::Scrutiny, 2)]))]);
    writer.save_limits(&limits).await.unwrap();
    // Another process's copy of the lists is checked at most every FRESH_FOR.
    tokio::time::sleep(engines::dynamo::lists_cache::FRESH_FOR).await;
    assert_eq!(reader.saved_limits().await.unwrap(), Some(SavedLimits::ById(limits)));

    writer.delete(ListKind::Statuses, queued.id).await.unwrap();
    // Another process's copy of the lists is checked at most every FRESH_FOR.
    tokio::time::sleep(engines::dynamo::lists_cache::FRESH_FOR).await;
    assert!(reader.get_many(&[(ListKind::Statuses, queued.id)]).await.unwrap().is_empty(), "a deleted item has no label");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_change_through_one_engine_is_read_at_once_through_another() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("portal.db");
    let reader = SqlLists::new(Arc::new(SqliteStore::open(&path).unwrap()));
    let writer = SqlLists::new(Arc::new(SqliteStore::open(&path).unwrap()));
    a_change_through_one_engine_is_read_at_once_through_another(Arc::new(reader), Arc::new(writer)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dynamodb_a_change_through_one_engine_is_read_at_once_through_another() {
    let table = testkit::unique("lists");
    let store = DynamoStore::local(testkit::moto_endpoint(), table.clone()).await;
    store.ensure_table().await.unwrap();
    let other = DynamoStore::local(testkit::moto_endpoint(), table).await;
    let (reader, writer) = (ItemLists::new(Arc::new(store)), ItemLists::new(Arc::new(other)));
    a_change_through_one_engine_is_read_at_once_through_another(Arc::new(reader), Arc::new(writer)).await;
}

/// Every list as the port answers it, with usage counts: what a user of the Admin Panel sees.
async fn every_list(lists: &dyn AdminLists) -> BTreeMap<ListKind, serde_json::Value> {
    let mut all = BTreeMap::new();
    for kind in ListKind::ALL {
        all.insert(kind, serde_json::to_value(lists.list(kind).await.unwrap()).unwrap());
    }
    all
}

/// A file an earlier release wrote keeps its lists as items (with the relational copy of the
/// items grievance rows name): the upgrade moves every item, its name, uses (on the item and
/// in its shards), and the settings into the tables, value for value, removes the items, and
/// moves nothing on a second run; the ids go on from the last one handed out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_upgrade_moves_the_lists_kept_as_items_into_the_tables() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SqliteStore::open_with_items(dir.path().join("portal.db")).unwrap());
    let items: Arc<dyn store::Store> = store.clone();
    let earlier = ItemLists::embedded(store.clone());
    engines::dynamo::lists::seed(items.as_ref()).await.unwrap();
    let mut agra = input("Agra", 9);
    agra.range = Some(Some("Agra Range".into()));
    let agra = earlier.create(ListKind::Districts, agra).await.unwrap();
    let sadar = earlier.create(ListKind::PoliceStations, station_in("Sadar", Some(agra.id))).await.unwrap();
    let mut held = input("Held", 7);
    held.meaning = Some(StatusMeaning::Closed);
    let held = earlier.create(ListKind::Statuses, held).await.unwrap();
    // Two items swap their names (the relational copy keeps one name per list).
    let high = earlier.find_by_name(ListKind::Priorities, "High").await.unwrap().unwrap();
    let low = earlier.find_by_name(ListKind::Priorities, "Low").await.unwrap().unwrap();
    earlier.update(ListKind::Priorities, high.id, input("Swapping", high.display_order)).await.unwrap();
    earlier.update(ListKind::Priorities, low.id, input("High", low.display_order)).await.unwrap();
    earlier.update(ListKind::Priorities, high.id, input("Low", high.display_order)).await.unwrap();
    let gone = earlier.create(ListKind::Reasons, input("Withdrawn", 3)).await.unwrap();
    earlier.delete(ListKind::Reasons, gone.id).await.unwrap();
    // Uses counted in shards by grievances, and on the item itself by an earlier release.
    for grievance in 0..5 {
        items.transact(vec![engines::dynamo::lists::use_write(ListKind::Statuses, held.id, grievance, 1)]).await.unwrap();
    }
    items.transact(vec![engines::dynamo::lists::use_write(ListKind::PoliceStations, sadar.id, 3, 1)]).await.unwrap();
    let on_item = store::Write::update(engines::dynamo::lists::item_key(ListKind::Districts, agra.id), store::Changes::default().add("usage_count", 2));
    items.transact(vec![on_item]).await.unwrap();
    let limits: LimitsById = BTreeMap::from([(high.id, BTreeMap::from([(Stage::Scrutiny, 4)]))]);
    earlier.save_limits(&limits).await.unwrap();
    earlier.save_transfer_limit(5).await.unwrap();
    let rules = domain::escalation::EscalationRules::default();
    earlier.save_escalation_rules(&rules).await.unwrap();
    let before = every_list(&earlier).await;
    assert_eq!(before[&ListKind::Statuses].as_array().unwrap().iter().find(|s| s["id"] == held.id).unwrap()["usage_count"], 5);

    let lists = SqlLists::new(store.clone());
    let moved = lists.upgrade().await.unwrap();
    let item_count: usize = before.values().map(|l| l.as_array().unwrap().len()).sum();
    assert_eq!(moved, item_count as u64 + 4, "every item, the three settings and the seeding");
    assert_eq!(every_list(&lists).await, before, "every item as it was, value for value, with its uses");
    assert_eq!(lists.saved_limits().await.unwrap(), Some(SavedLimits::ById(limits)));
    assert_eq!(lists.transfer_limit().await.unwrap(), 5);
    assert_eq!(serde_json::to_value(lists.escalation_rules().await.unwrap()).unwrap(), serde_json::to_value(rules).unwrap());
    assert_eq!(lists.find_by_name(ListKind::Priorities, "low").await.unwrap().map(|p| p.id), Some(high.id), "the swapped names");

    // The items are gone, and a second run (or a seeding) moves and adds nothing.
    let left = store
        .read_with(|conn| {
            Ok::<i64, store::StoreError>(
                conn.query_row(
                    "SELECT count(*) FROM items WHERE pk LIKE 'LIST#%' OR pk LIKE 'LISTNAME#%' OR pk LIKE 'USAGE#%' OR pk IN ('SETTINGS', 'SEEDED') OR (pk = 'SEQ' AND sk = 'list_item')",
                    [],
                    |r| r.get(0),
                )
                .unwrap(),
            )
        })
        .await
        .unwrap();
    assert_eq!(left, 0, "no item of the lists is left");
    assert_eq!(lists.upgrade().await.unwrap(), 0);
    lists.seed().await.unwrap();
    assert_eq!(every_list(&lists).await, before);

    // Ids go on; the rules hold on the moved items.
    let next = lists.create(ListKind::Reasons, input("Compromise", 4)).await.unwrap();
    assert!(next.id > gone.id, "{} after {}", next.id, gone.id);
    assert_eq!(conflict(lists.create(ListKind::Priorities, input("HIGH", 1)).await), "An item named 'HIGH' already exists in this list");
    assert_eq!(conflict(lists.delete(ListKind::Districts, agra.id).await), "'Agra' has 1 police station; place them in another district first");
    assert_eq!(conflict(lists.delete(ListKind::Statuses, held.id).await), "'Held' is used by 5 grievances; deactivate it instead of deleting it");
}

/// Seeding fills every list once, through the engine: an emptied list stays empty.
async fn the_starting_lists_are_seeded_once(lists: Arc<dyn AdminLists>) {
    lists.seed().await.unwrap();
    let statuses: Vec<String> = lists.list(ListKind::Statuses).await.unwrap().into_iter().map(|s| s.name).collect();
    assert_eq!(statuses, ["Pending", "In Progress", "Resolved", "Closed"]);
    for item in lists.list(ListKind::Reasons).await.unwrap() {
        lists.delete(ListKind::Reasons, item.id).await.unwrap();
    }
    lists.seed().await.unwrap();
    assert!(lists.list(ListKind::Reasons).await.unwrap().is_empty(), "not refilled");
    assert_eq!(lists.list(ListKind::Statuses).await.unwrap().len(), 4, "nothing twice");
}

mod seeding {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_the_starting_lists_are_seeded_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(SqliteStore::open(dir.path().join("portal.db")).unwrap());
        the_starting_lists_are_seeded_once(Arc::new(SqlLists::new(store))).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dynamodb_the_starting_lists_are_seeded_once() {
        let store = DynamoStore::local(testkit::moto_endpoint(), testkit::unique("lists")).await;
        store.ensure_table().await.unwrap();
        the_starting_lists_are_seeded_once(Arc::new(ItemLists::new(Arc::new(store)))).await;
    }
}
