//! Writes that arrive together share a commit (group commit), and each is still its own:
//! a refused write undoes only itself, the others are kept, every answer is given after the
//! commit that holds it, and what was answered is on disk for the next process to read.

use std::sync::Arc;
use store::sqlite::SqliteStore;
use store::{Item, Key, Store, StoreError, Write};

fn item(pk: &str, sk: &str, n: i64) -> Item {
    Item::new(Key::new(pk, sk)).with("n", n)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parallel_writes_are_each_all_or_nothing_and_durable_once_answered() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("portal.db");
    let store = Arc::new(SqliteStore::open_with_items(&path).unwrap());
    let mut tasks = Vec::new();
    for i in 0..96i64 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            match i % 3 {
                // Its own item and a claim on one contested key: one claim wins, the others
                // are refused at the claim and lose their own item with it.
                0 => store.transact(vec![Write::put_new(item("OWN", &format!("{i:03}"), i)), Write::put_new(item("CLAIM", "one", i))]).await.map(|()| "claimed"),
                // Its own item alone: always kept.
                1 => store.transact(vec![Write::put_new(item("OWN", &format!("{i:03}"), i))]).await.map(|()| "kept"),
                // Its item and a row refused by SQL: the item is undone with the row.
                _ => store
                    .transact_with(vec![Write::put_new(item("UNDONE", &format!("{i:03}"), i))], |conn| {
                        conn.execute("INSERT INTO no_such_table VALUES (1)", []).map(|_| ()).map_err(|e| e.to_string())
                    })
                    .await
                    .map(|inner| if inner.is_err() { "undone" } else { "kept" }),
            }
        }));
    }
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.unwrap());
    }
    let claimed = answers.iter().filter(|a| matches!(a, Ok("claimed"))).count();
    let refused = answers.iter().filter(|a| matches!(a, Err(StoreError::ConditionFailed { at: 1 }))).count();
    assert_eq!(claimed, 1, "one claim wins: {answers:?}");
    assert_eq!(refused, 31, "the other claims are refused at the claim");
    assert_eq!(answers.iter().filter(|a| matches!(a, Ok("kept"))).count(), 32);
    assert_eq!(answers.iter().filter(|a| matches!(a, Ok("undone"))).count(), 32);

    // What was answered is what the file holds, for another process opening it.
    drop(store);
    let reopened = SqliteStore::open_with_items(&path).unwrap();
    let winner = reopened.get(&Key::new("CLAIM", "one")).await.unwrap().expect("the claim is kept");
    let winner_n = winner.attrs["n"].as_i64().unwrap();
    for i in 0..96i64 {
        let own = reopened.get(&Key::new("OWN", format!("{i:03}"))).await.unwrap();
        let undone = reopened.get(&Key::new("UNDONE", format!("{i:03}"))).await.unwrap();
        match i % 3 {
            0 => assert_eq!(own.is_some(), i == winner_n, "claimant {i}: its item stands or falls with its claim"),
            1 => assert!(own.is_some(), "item {i} was answered as kept"),
            _ => assert!(undone.is_none(), "item {i} was undone with its row"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn counters_incremented_in_parallel_lose_no_increment() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SqliteStore::open_with_items(dir.path().join("portal.db")).unwrap());
    let key = Key::new("COUNTER", "ids");
    let tasks: Vec<_> = (0..200)
        .map(|_| {
            let (store, key) = (store.clone(), key.clone());
            tokio::spawn(async move { store.increment(&key, "n", 1).await.unwrap() })
        })
        .collect();
    let mut seen = Vec::new();
    for task in tasks {
        seen.push(task.await.unwrap());
    }
    seen.sort();
    assert_eq!(seen, (1..=200).collect::<Vec<i64>>(), "every increment answered a distinct value");
    assert_eq!(store.get(&key).await.unwrap().unwrap().attrs["n"].as_i64(), Some(200));
}
