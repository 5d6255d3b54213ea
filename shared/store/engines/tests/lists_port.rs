//! The admin lists port's conformance suite, on the embedded engine (SQLite, with the
//! relational copy of the items the grievance rows refer to) and on DynamoDB (moto).

use domain::lists::{ListItemInput, ListKind, StatusMeaning};
use domain::pendency::{LimitsById, Stage};
use domain::Error;
use engines::items::lists::ItemLists;
use lists::{AdminLists, SavedLimits};
use std::collections::BTreeMap;
use std::sync::Arc;
use store::dynamo::DynamoStore;
use store::sqlite::SqliteStore;

fn input(name: &str, display_order: i64) -> ListItemInput {
    ListItemInput { name: name.into(), description: String::new(), display_order, is_active: true, meaning: None, district_id: None, range: None }
}

fn station_in(name: &str, district: Option<i64>) -> ListItemInput {
    ListItemInput { district_id: Some(district), ..input(name, 0) }
}

fn field_error(result: domain::Result<impl std::fmt::Debug>) -> (String, String) {
    match result {
        Err(Error::Validation { fields, .. }) => fields.into_iter().next().expect("a field"),
        other => panic!("expected a field error, got {other:?}"),
    }
}

fn conflict(result: domain::Result<impl std::fmt::Debug>) -> String {
    match result {
        Err(Error::Conflict(message)) => message,
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
        ("district_id".to_string(), domain::lists::DISTRICT_CHOICE.to_string())
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
        ("district_id".to_string(), domain::lists::DISTRICT_CHOICE.to_string()),
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

/// The grievance writes count an item's use on the item itself while the Admin Panel edits it:
/// an edit must never put back the count it read (an item in use would then look unused and
/// could be deleted).
async fn an_edit_keeps_the_uses_counted_while_it_was_made(lists: Arc<dyn AdminLists>, store: Arc<dyn store::Store>) {
    let item = lists.create(ListKind::Priorities, input("Urgent", 9)).await.unwrap();
    let key = engines::items::lists::item_key(ListKind::Priorities, item.id);
    let uses: Vec<_> = (0..40)
        .map(|_| {
            let store = store.clone();
            let key = key.clone();
            tokio::spawn(async move {
                let add = store::Write::update(key, store::Changes::default().add("usage_count", 1)).when(store::Condition::Exists);
                store.transact(vec![add]).await.unwrap();
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
                        Err(Error::Conflict(m)) if m.contains("changed by someone else") => continue,
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
                    super::$name(std::sync::Arc::new(super::ItemLists::embedded(store))).await;
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
    an_edit_keeps_the_uses_counted_while_it_was_made(Arc::new(ItemLists::embedded(store.clone())), store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dynamodb_an_edit_keeps_the_uses_counted_while_it_was_made() {
    let store = DynamoStore::local(testkit::moto_endpoint(), testkit::unique("lists")).await;
    store.ensure_table().await.unwrap();
    let store: Arc<dyn store::Store> = Arc::new(store);
    an_edit_keeps_the_uses_counted_while_it_was_made(Arc::new(ItemLists::new(store.clone())), store).await;
}

/// On the embedded store the grievance rows refer to a relational copy of the districts,
/// stations, statuses and priorities: every change in the Admin Panel reaches it in the
/// same transaction, and a copy a grievance row names cannot be deleted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_relational_copy_follows_every_change_of_an_item() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SqliteStore::open(dir.path().join("portal.db")).unwrap());
    let lists = ItemLists::embedded(store.clone());
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
    // A list the grievance rows have no column for keeps no copy.
    let title = lists.create(ListKind::CrimeTitles, input("Chain snatching", 1)).await.unwrap();
    assert_eq!(copy(title.id).await, None);
}

/// What every request reads (labels, names, limits) is answered from a copy each engine
/// keeps; a change made through another engine over the same store (another process, another
/// Lambda instance) must still be read by the very next call.
async fn a_change_through_one_engine_is_read_at_once_through_another(reader: Arc<dyn AdminLists>, writer: Arc<dyn AdminLists>) {
    let queued = writer.create(ListKind::Statuses, input("Queued", 1)).await.unwrap();
    // Another process's copy of the lists is checked at most every FRESH_FOR.
    tokio::time::sleep(engines::items::lists_cache::FRESH_FOR).await;
    let labels = reader.get_many(&[(ListKind::Statuses, queued.id)]).await.unwrap();
    assert_eq!(labels[&(ListKind::Statuses, queued.id)].name, "Queued");
    assert_eq!(labels[&(ListKind::Statuses, queued.id)].usage_count, None, "labels carry no usage count");

    writer.update(ListKind::Statuses, queued.id, input("Waiting", 1)).await.unwrap();
    // Another process's copy of the lists is checked at most every FRESH_FOR.
    tokio::time::sleep(engines::items::lists_cache::FRESH_FOR).await;
    assert_eq!(reader.get_many(&[(ListKind::Statuses, queued.id)]).await.unwrap()[&(ListKind::Statuses, queued.id)].name, "Waiting");
    assert_eq!(reader.find_by_name(ListKind::Statuses, " WAITING ").await.unwrap().map(|i| i.id), Some(queued.id));
    assert!(reader.find_by_name(ListKind::Statuses, "Queued").await.unwrap().is_none(), "the old name is gone");

    let urgent = writer.create(ListKind::Priorities, input("Urgent", 0)).await.unwrap();
    // Another process's copy of the lists is checked at most every FRESH_FOR.
    tokio::time::sleep(engines::items::lists_cache::FRESH_FOR).await;
    let priorities: Vec<String> = reader.definitions(ListKind::Priorities).await.unwrap().into_iter().map(|i| i.name).collect();
    assert_eq!(priorities, vec!["Urgent".to_string()]);

    assert_eq!(reader.saved_limits().await.unwrap(), None);
    let limits: LimitsById = BTreeMap::from([(urgent.id, BTreeMap::from([(Stage::Scrutiny, 2)]))]);
    writer.save_limits(&limits).await.unwrap();
    // Another process's copy of the lists is checked at most every FRESH_FOR.
    tokio::time::sleep(engines::items::lists_cache::FRESH_FOR).await;
    assert_eq!(reader.saved_limits().await.unwrap(), Some(SavedLimits::ById(limits)));

    writer.delete(ListKind::Statuses, queued.id).await.unwrap();
    // Another process's copy of the lists is checked at most every FRESH_FOR.
    tokio::time::sleep(engines::items::lists_cache::FRESH_FOR).await;
    assert!(reader.get_many(&[(ListKind::Statuses, queued.id)]).await.unwrap().is_empty(), "a deleted item has no label");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_change_through_one_engine_is_read_at_once_through_another() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("portal.db");
    let reader = ItemLists::embedded(Arc::new(SqliteStore::open(&path).unwrap()));
    let writer = ItemLists::embedded(Arc::new(SqliteStore::open(&path).unwrap()));
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
