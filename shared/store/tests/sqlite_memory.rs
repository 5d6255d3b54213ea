//! The embedded store's memory is bounded by its settings, not by its load: however many
//! requests read at once, no more connections read than configured, each with its share of
//! the configured page cache.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use store::sqlite::{MemoryLimits, SqliteStore};
use store::StoreError;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_parallel_reads_use_no_more_connections_than_configured() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SqliteStore::open_with(dir.path().join("portal.db"), MemoryLimits { readers: 2, cache_mib: 12 }).unwrap());
    let (busy, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let reads = (0..50).map(|_| {
        let (store, busy, most) = (store.clone(), busy.clone(), most.clone());
        tokio::spawn(async move {
            store
                .read_with(move |conn| {
                    let now = busy.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(5));
                    let cache: i64 = conn.query_row("PRAGMA cache_size", [], |r| r.get(0)).unwrap();
                    busy.fetch_sub(1, Ordering::SeqCst);
                    Ok::<i64, StoreError>(cache)
                })
                .await
                .unwrap()
        })
    });
    for read in reads.collect::<Vec<_>>() {
        // A negative cache_size is KiB: 12 MiB shared by two readers, the writer and the
        // connection that counts a text's slices beside a reader.
        assert_eq!(read.await.unwrap(), -(12 * 1024 / 4));
    }
    assert_eq!(most.load(Ordering::SeqCst), 2, "reads beyond the two connections waited their turn");
}

#[test]
fn the_limits_come_from_the_environment_or_the_defaults_and_nonsense_is_refused() {
    // One test touches these variables, so no other test sees them change.
    std::env::remove_var("PORTAL_DB_READERS");
    std::env::remove_var("PORTAL_DB_CACHE_MIB");
    assert_eq!(MemoryLimits::from_env(), Ok(MemoryLimits::default()));
    std::env::set_var("PORTAL_DB_READERS", "8");
    std::env::set_var("PORTAL_DB_CACHE_MIB", "64");
    assert_eq!(MemoryLimits::from_env(), Ok(MemoryLimits { readers: 8, cache_mib: 64 }));
    std::env::set_var("PORTAL_DB_READERS", "0");
    assert_eq!(MemoryLimits::from_env(), Err("PORTAL_DB_READERS must be 1 to 64, not \"0\"".to_string()));
    std::env::set_var("PORTAL_DB_READERS", "2");
    std::env::set_var("PORTAL_DB_CACHE_MIB", "lots");
    assert_eq!(MemoryLimits::from_env(), Err("PORTAL_DB_CACHE_MIB must be 2 to 4096, not \"lots\"".to_string()));
    std::env::remove_var("PORTAL_DB_READERS");
    std::env::remove_var("PORTAL_DB_CACHE_MIB");
}
