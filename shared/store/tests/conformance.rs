//! One suite, two engines: every behaviour the domain relies on, checked against SQLite on
//! disk and against DynamoDB's protocol (a real moto server).

use serde_json::json;
use std::sync::Arc;
use store::dynamo::DynamoStore;
use store::sqlite::SqliteStore;
use store::*;

type S = Arc<dyn Store>;

fn k(pk: &str, sk: &str) -> Key {
    Key::new(pk, sk)
}

async fn put_then_get_returns_every_kind_of_value(s: S) {
    let item = Item::new(k("USER#1", "PROFILE"))
        .with("name", "अजय कुमार — O'Brien \"quoted\" \u{1F46E}")
        .with("age", 42)
        .with("ratio", 0.5)
        .with("active", true)
        .with("nothing", serde_json::Value::Null)
        .with("empty", "")
        .with("officers", json!([{"officer_name": "SI Rao", "findings": "line1\nline2"}]))
        .with("nested", json!({"a": {"b": [1, 2, 3]}}));
    s.transact(vec![Write::put(item.clone())]).await.unwrap();
    assert_eq!(s.get(&item.key).await.unwrap(), Some(item));
    assert_eq!(s.get(&k("USER#1", "OTHER")).await.unwrap(), None);
}

async fn a_conditional_put_refuses_an_existing_item(s: S) {
    let first = Item::new(k("EMAIL#a@b.in", "EMAIL")).with("user_id", 1);
    s.transact(vec![Write::put_new(first.clone())]).await.unwrap();
    let second = Item::new(k("EMAIL#a@b.in", "EMAIL")).with("user_id", 2);
    assert_eq!(s.transact(vec![Write::put_new(second)]).await, Err(StoreError::ConditionFailed { at: 0 }));
    assert_eq!(s.get(&first.key).await.unwrap(), Some(first));
}

async fn an_update_based_on_a_stale_version_is_refused(s: S) {
    let key = k("GRV#1", "GRV");
    s.transact(vec![Write::put(Item::new(key.clone()).with("version", 1).with("title", "old"))]).await.unwrap();
    let bump = |title: &str| Write::update(key.clone(), Changes::default().set("title", title).add("version", 1));
    s.transact(vec![bump("new").when(Condition::Equals("version".into(), json!(1)))]).await.unwrap();
    assert_eq!(
        s.transact(vec![bump("lost").when(Condition::Equals("version".into(), json!(1)))]).await,
        Err(StoreError::ConditionFailed { at: 0 })
    );
    let now = s.get(&key).await.unwrap().unwrap();
    assert_eq!((now.str("title"), now.i64("version")), (Some("new"), Some(2)));
}

async fn a_condition_on_several_attributes_needs_every_one(s: S) {
    let key = k("LIST#statuses", "000000000003");
    s.transact(vec![Write::put(Item::new(key.clone()).with("version", 1).with("usage_count", 2))]).await.unwrap();
    let both = |version: i64| Condition::EqualsAll(vec![("version".into(), json!(version)), ("usage_count".into(), json!(0))]);
    let rename = |name: &str| Write::update(key.clone(), Changes::default().set("name", name));
    assert_eq!(s.transact(vec![rename("in use").when(both(1))]).await, Err(StoreError::ConditionFailed { at: 0 }));
    s.transact(vec![Write::update(key.clone(), Changes::default().add("usage_count", -2))]).await.unwrap();
    assert_eq!(s.transact(vec![rename("stale").when(both(2))]).await, Err(StoreError::ConditionFailed { at: 0 }));
    s.transact(vec![rename("free").when(both(1))]).await.unwrap();
    assert_eq!(s.get(&key).await.unwrap().unwrap().str("name"), Some("free"));
    let absent = Write::update(k("LIST#statuses", "000000000009"), Changes::default().set("name", "x")).when(both(1));
    assert_eq!(s.transact(vec![absent]).await, Err(StoreError::ConditionFailed { at: 0 }));
}

async fn counters_add_from_nothing_and_never_repeat_a_value(s: S) {
    let key = k("COUNTER", "STATS");
    s.transact(vec![Write::update(key.clone(), Changes::default().add("total", 3).add("pending", 1))]).await.unwrap();
    s.transact(vec![Write::update(key.clone(), Changes::default().add("total", -1))]).await.unwrap();
    let item = s.get(&key).await.unwrap().unwrap();
    assert_eq!((item.i64("total"), item.i64("pending")), (Some(2), Some(1)));

    let ids = k("SEQ", "grievance");
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let (s, ids) = (s.clone(), ids.clone());
        tasks.push(tokio::spawn(async move { s.increment(&ids, "n", 1).await.unwrap() }));
    }
    let mut got = Vec::new();
    for t in tasks {
        got.push(t.await.unwrap());
    }
    got.sort();
    assert_eq!(got, (1..=20).collect::<Vec<i64>>());
}

async fn a_failed_condition_leaves_nothing_of_the_transaction(s: S) {
    s.transact(vec![Write::put(Item::new(k("TAKEN", "X")))]).await.unwrap();
    let result = s
        .transact(vec![
            Write::put(Item::new(k("A", "1")).with("v", 1)),
            Write::update(k("COUNTS", "C"), Changes::default().add("n", 1)),
            Write::put_new(Item::new(k("TAKEN", "X"))),
        ])
        .await;
    assert_eq!(result, Err(StoreError::ConditionFailed { at: 2 }));
    assert_eq!(s.get(&k("A", "1")).await.unwrap(), None);
    assert_eq!(s.get(&k("COUNTS", "C")).await.unwrap(), None);

    let check = s
        .transact(vec![
            Write::put(Item::new(k("B", "1"))),
            Write::Check { key: k("MISSING", "M"), condition: Condition::Exists },
        ])
        .await;
    assert_eq!(check, Err(StoreError::ConditionFailed { at: 1 }));
    assert_eq!(s.get(&k("B", "1")).await.unwrap(), None);

    s.transact(vec![
        Write::put(Item::new(k("B", "1"))),
        Write::Check { key: k("TAKEN", "X"), condition: Condition::Exists },
        Write::delete(k("TAKEN", "X")).when(Condition::Exists).when(Condition::Exists),
    ])
    .await
    .expect_err("two writes on one item are refused");
    s.transact(vec![Write::put(Item::new(k("B", "1"))), Write::delete(k("TAKEN", "X")).when(Condition::Exists)])
        .await
        .unwrap();
    assert!(s.get(&k("B", "1")).await.unwrap().is_some());
    assert_eq!(s.get(&k("TAKEN", "X")).await.unwrap(), None);
}

async fn a_conditional_delete_refuses_a_missing_item(s: S) {
    assert_eq!(
        s.transact(vec![Write::delete(k("NOPE", "N")).when(Condition::Exists)]).await,
        Err(StoreError::ConditionFailed { at: 0 })
    );
}

async fn updates_set_and_remove_attributes_and_index_membership(s: S) {
    let key = k("SESSION#1", "SESSION");
    s.transact(vec![Write::put(Item::new(key.clone()).with("user_id", 7).indexed(Index::Gsi1, "USERSESSIONS#7", "2026"))])
        .await
        .unwrap();
    let in_index = |s: S| async move { s.query(&Query::index(Index::Gsi1, "USERSESSIONS#7")).await.unwrap().items.len() };
    assert_eq!(in_index(s.clone()).await, 1);
    s.transact(vec![Write::update(
        key.clone(),
        Changes::default().set("revoked", true).remove("gsi1pk").remove("gsi1sk"),
    )])
    .await
    .unwrap();
    assert_eq!(in_index(s.clone()).await, 0);
    let item = s.get(&key).await.unwrap().unwrap();
    assert_eq!((item.bool("revoked"), item.i64("user_id"), item.str("gsi1pk")), (Some(true), Some(7), None));
}

async fn get_many_answers_in_the_order_asked(s: S) {
    s.transact(vec![Write::put(Item::new(k("P", "1")).with("n", 1)), Write::put(Item::new(k("P", "3")).with("n", 3))])
        .await
        .unwrap();
    let got = s.get_many(&[k("P", "3"), k("P", "2"), k("P", "1")]).await.unwrap();
    let ns: Vec<Option<i64>> = got.iter().map(|i| i.as_ref().and_then(|i| i.i64("n"))).collect();
    assert_eq!(ns, vec![Some(3), None, Some(1)]);
}

async fn all_pages(s: &S, q: Query) -> Vec<Item> {
    let mut out = Vec::new();
    let mut q = q;
    loop {
        let page = s.query(&q).await.unwrap();
        assert!(page.items.len() <= q.limit);
        assert!(!page.items.is_empty() || out.is_empty(), "a cursor never leads to an empty page");
        out.extend(page.items);
        match page.cursor {
            Some(c) => q.cursor = Some(c),
            None => return out,
        }
    }
}

async fn table_queries_page_in_both_directions(s: S) {
    let mut writes = Vec::new();
    for i in 0..10 {
        writes.push(Write::put(Item::new(k("AUDIT#5", &format!("2026-01-{:02}#{i}", i + 1))).with("i", i)));
    }
    writes.push(Write::put(Item::new(k("AUDIT#6", "2026-01-01#0"))));
    writes.push(Write::put(Item::new(k("AUDIT#5", "OTHER"))));
    s.transact(writes).await.unwrap();
    let ids = |items: Vec<Item>| items.iter().map(|i| i.i64("i").unwrap()).collect::<Vec<_>>();
    let q = Query::table("AUDIT#5").sort(SortKey::BeginsWith("2026-".into())).limit(3);
    assert_eq!(ids(all_pages(&s, q.clone()).await), (0..10).collect::<Vec<_>>());
    assert_eq!(ids(all_pages(&s, q.clone().newest_first()).await), (0..10).rev().collect::<Vec<_>>());

    let first = s.query(&q.clone().limit(10)).await.unwrap();
    assert_eq!((first.items.len(), first.cursor), (10, None), "no cursor when nothing follows");

    let between = Query::table("AUDIT#5").sort(SortKey::Between("2026-01-03".into(), "2026-01-05~".into()));
    assert_eq!(ids(all_pages(&s, between).await), vec![2, 3, 4]);
    let at_least = Query::table("AUDIT#5").sort(SortKey::AtLeast("2026-01-09".into())).limit(1);
    assert_eq!(all_pages(&s, at_least).await.len(), 3, "days 9 and 10, and OTHER");
    let at_most = Query::table("AUDIT#5").sort(SortKey::AtMost("2026-01-02~".into())).newest_first();
    assert_eq!(ids(all_pages(&s, at_most).await), vec![1, 0]);
}

async fn index_queries_page_in_both_directions_through_ties(s: S) {
    let mut writes = Vec::new();
    // Several items share a sort key: paging must neither repeat nor skip any of them.
    for i in 0..12 {
        let day = format!("2026-03-{:02}", 1 + i / 3);
        writes.push(Write::put(Item::new(k(&format!("GRV#{i}"), "GRV")).with("i", i).indexed(Index::Gsi2, "STATUS#Pending", day)));
    }
    writes.push(Write::put(Item::new(k("GRV#99", "GRV")).with("i", 99).indexed(Index::Gsi2, "STATUS#Closed", "2026-03-01")));
    writes.push(Write::put(Item::new(k("GRV#98", "GRV")).with("i", 98).with("gsi2pk", "STATUS#Pending")));
    s.transact(writes).await.unwrap();
    for limit in [1, 4, 5, 12, 50] {
        let q = Query::index(Index::Gsi2, "STATUS#Pending").limit(limit);
        let mut up: Vec<i64> = all_pages(&s, q.clone()).await.iter().map(|i| i.i64("i").unwrap()).collect();
        let mut down: Vec<i64> = all_pages(&s, q.newest_first()).await.iter().map(|i| i.i64("i").unwrap()).collect();
        assert_eq!(up.len(), 12, "limit {limit}: every item once, the one without a sort key absent");
        up.sort();
        down.sort();
        assert_eq!(up, (0..12).collect::<Vec<_>>());
        assert_eq!(down, up);
    }
    let newest = s.query(&Query::index(Index::Gsi2, "STATUS#Pending").newest_first().limit(3)).await.unwrap();
    let days: Vec<&str> = newest.items.iter().map(|i| i.str("gsi2sk").unwrap()).collect();
    assert_eq!(days, vec!["2026-03-04"; 3]);
    let range = Query::index(Index::Gsi2, "STATUS#Pending").sort(SortKey::Between("2026-03-02".into(), "2026-03-03".into()));
    assert_eq!(all_pages(&s, range.clone()).await.len(), 6);
    // A count answers what the query's key condition matches, whatever its page size.
    assert_eq!(s.count(&range.limit(1)).await.unwrap(), 6);
    assert_eq!(s.count(&Query::index(Index::Gsi2, "STATUS#Pending").sort(SortKey::AtMost("2026-03-01~".into()))).await.unwrap(), 3);
    assert_eq!(s.count(&Query::index(Index::Gsi2, "STATUS#Pending")).await.unwrap(), 12);
    assert_eq!(s.count(&Query::index(Index::Gsi2, "STATUS#Nobody")).await.unwrap(), 0);
}

async fn a_foreign_cursor_is_refused(s: S) {
    let q = Query::table("X").after(Some("not-a-cursor".into()));
    assert!(matches!(s.query(&q).await, Err(StoreError::BadCursor)));
}

macro_rules! conformance {
    ($($name:ident),* $(,)?) => {
        mod sqlite_engine {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let dir = tempfile::tempdir().unwrap();
                    let store = super::SqliteStore::open_with_items(dir.path().join("portal.db")).unwrap();
                    super::$name(std::sync::Arc::new(store)).await;
                }
            )*
        }
        mod dynamodb_engine {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let store = super::DynamoStore::local(testkit::moto_endpoint(), testkit::unique("conformance")).await;
                    store.ensure_table().await.unwrap();
                    super::$name(std::sync::Arc::new(store)).await;
                }
            )*
        }
    };
}

conformance!(
    put_then_get_returns_every_kind_of_value,
    a_conditional_put_refuses_an_existing_item,
    an_update_based_on_a_stale_version_is_refused,
    a_condition_on_several_attributes_needs_every_one,
    counters_add_from_nothing_and_never_repeat_a_value,
    a_failed_condition_leaves_nothing_of_the_transaction,
    a_conditional_delete_refuses_a_missing_item,
    updates_set_and_remove_attributes_and_index_membership,
    get_many_answers_in_the_order_asked,
    table_queries_page_in_both_directions,
    index_queries_page_in_both_directions_through_ties,
    a_foreign_cursor_is_refused,
);

/// The embedded engine keeps a trigram text index; DynamoDB has none and says so.
mod text_index {
    use super::*;

    fn doc(id: i64, text: &str) -> Item {
        Item::new(k(&format!("GRV#{id}"), "GRV")).with("n", id).with(SEARCH_TEXT, text).with(SEARCH_PART, "GRV").with(SEARCH_RANK, id)
    }

    fn ids(page: &Page) -> Vec<i64> {
        page.items.iter().map(|i| i.i64("n").unwrap()).collect()
    }

    #[tokio::test]
    async fn sqlite_finds_substrings_in_any_case_newest_first_and_follows_changes() {
        let dir = tempfile::tempdir().unwrap();
        let s = SqliteStore::open_with_items(dir.path().join("portal.db")).unwrap();
        let mut writes = Vec::new();
        for id in 1..=6 {
            writes.push(Write::put(doc(id, &format!("GRV-2026-{id:06} chain snatching near the Temple gate, case {id}"))));
        }
        writes.push(Write::put(doc(7, "मोबाइल फ़ोन चोरी — Mobile theft")));
        writes.push(Write::put(doc(8, "quote \" and 'apostrophe' AND OR NOT * stay text")));
        s.transact(writes).await.unwrap();

        let first = s.search("GRV", "temple", 4, None).await.unwrap().unwrap();
        assert_eq!(ids(&first), [6, 5, 4, 3]);
        let rest = s.search("GRV", "temple", 4, first.cursor).await.unwrap().unwrap();
        assert_eq!((ids(&rest), rest.cursor), (vec![2, 1], None));
        assert_eq!(ids(&s.search("GRV", "फ़ोन चो", 10, None).await.unwrap().unwrap()), [7]);
        assert_eq!(ids(&s.search("GRV", "\" and 'apos", 10, None).await.unwrap().unwrap()), [8]);
        assert_eq!(ids(&s.search("GRV", "OR NOT *", 10, None).await.unwrap().unwrap()), [8]);
        assert_eq!(ids(&s.search("GRV", "000003", 10, None).await.unwrap().unwrap()), [3]);
        assert!(s.search("OTHER", "temple", 10, None).await.unwrap().unwrap().items.is_empty(), "another part");
        assert_eq!(s.search("GRV", "te", 10, None).await.unwrap(), None, "too short for trigrams");

        // The index follows puts, updates and deletes in the same transaction.
        s.transact(vec![Write::put(doc(2, "now about a stolen bicycle")), Write::delete(k("GRV#3", "GRV"))]).await.unwrap();
        s.transact(vec![Write::update(k("GRV#4", "GRV"), Changes::default().remove(SEARCH_TEXT))]).await.unwrap();
        assert_eq!(ids(&s.search("GRV", "TEMPLE", 10, None).await.unwrap().unwrap()), [6, 5, 1]);
        assert_eq!(ids(&s.search("GRV", "bicycle", 10, None).await.unwrap().unwrap()), [2]);
        // A failed transaction leaves the index as it was.
        let failed = s.transact(vec![Write::put(doc(9, "temple again")), Write::put_new(doc(1, "dup"))]).await;
        assert!(failed.is_err());
        assert_eq!(ids(&s.search("GRV", "temple", 10, None).await.unwrap().unwrap()), [6, 5, 1]);
        assert!(s.search("GRV", "temple", 10, Some("nonsense".into())).await.is_err());
    }

    #[tokio::test]
    async fn dynamodb_has_no_text_index() {
        let s = DynamoStore::local(testkit::moto_endpoint(), testkit::unique("text")).await;
        s.ensure_table().await.unwrap();
        assert_eq!(s.search("GRV", "temple", 10, None).await.unwrap(), None);
    }
}

/// A bulk load (fixtures, generators) fed in parts ends as the same writes made one by one.
mod bulk_load {
    use super::*;

    #[tokio::test]
    async fn a_counter_updated_across_parts_ends_with_every_change_and_a_put_overwrites_what_came_before() {
        let s = DynamoStore::local(testkit::moto_endpoint(), testkit::unique("bulk")).await;
        s.ensure_table().await.unwrap();
        let counter = k("STATS#GRV", "DAYS");
        let mut load = s.bulk_load();
        // Three parts, each adding to 300 figures of one item (an expression of them all at
        // once is beyond DynamoDB's limit) and to one total.
        for part in 0..3i64 {
            let mut writes = Vec::new();
            for day in 0..300 {
                writes.push(Write::update(counter.clone(), Changes::default().add(&format!("d{day}"), day + part).add("total", 1)));
            }
            // Updated, then written whole: the put is what the item ends as, then updated again.
            writes.push(Write::update(k("GRV#1", "GRV"), Changes::default().set("title", "lost")));
            writes.push(Write::put(Item::new(k("GRV#1", "GRV")).with("title", format!("part {part}")).with("version", 1)));
            writes.push(Write::update(k("GRV#1", "GRV"), Changes::default().add("version", 1)));
            load.add(writes).await.unwrap();
        }
        load.add(vec![Write::update(k("GRV#1", "GRV"), Changes::default().add("version", 10))]).await.unwrap();
        load.finish().await.unwrap();
        let item = s.get(&counter).await.unwrap().unwrap();
        assert_eq!(item.i64("total"), Some(900));
        assert_eq!((item.i64("d0"), item.i64("d299")), (Some(3), Some(900)));
        let grievance = s.get(&k("GRV#1", "GRV")).await.unwrap().unwrap();
        assert_eq!((grievance.str("title"), grievance.i64("version")), (Some("part 2"), Some(12)));
    }
}
