//! Failed sign-ins per email. Five failures within 15 minutes lock that email for 15
//! minutes, whether or not an account has it (so the lock reveals nothing).

use crate::keys;
use domain::Result;
use serde_json::json;
use store::{Condition, Item, Store, StoreError, Write};
use time::OffsetDateTime;

pub const MAX_FAILURES: usize = 5;
pub const WINDOW_SECONDS: i64 = 15 * 60;

/// When the email is locked, the whole minutes left (at least 1).
pub async fn minutes_locked(store: &dyn Store, email: &str, now: OffsetDateTime) -> Result<Option<i64>> {
    let Some(item) = store.get(&keys::login_failures(email)).await? else { return Ok(None) };
    let until = item.i64("locked_until").unwrap_or(0);
    let left = until - now.unix_timestamp();
    Ok((left > 0).then(|| (left + 59) / 60))
}

/// Records one failure; answers whether the email is now locked.
pub async fn record_failure(store: &dyn Store, email: &str, now: OffsetDateTime) -> Result<bool> {
    let key = keys::login_failures(email);
    let now = now.unix_timestamp();
    // Read, change, write back on the version read: concurrent failures never undercount.
    for _attempt in 0..8 {
        let current = store.get(&key).await?;
        let version = current.as_ref().and_then(|i| i.i64("version"));
        let mut failures: Vec<i64> = current
            .as_ref()
            .and_then(|i| i.attrs.get("failures"))
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .unwrap_or_default();
        failures.retain(|t| now - t < WINDOW_SECONDS);
        failures.push(now);
        let locked = failures.len() >= MAX_FAILURES;
        let mut item = Item::new(key.clone()).with("version", version.unwrap_or(0) + 1).with("ttl", now + 2 * WINDOW_SECONDS);
        if locked {
            item = item.with("locked_until", now + WINDOW_SECONDS).with("failures", json!([]));
        } else {
            item = item.with("failures", json!(failures));
        }
        let condition = match version {
            Some(v) => Condition::Equals("version".into(), json!(v)),
            None => Condition::NotExists,
        };
        match store.transact(vec![Write::put(item).when(condition)]).await {
            Ok(()) => return Ok(locked),
            Err(StoreError::ConditionFailed { .. }) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Ok(false)
}

pub async fn clear(store: &dyn Store, email: &str) -> Result<()> {
    store.transact(vec![Write::delete(keys::login_failures(email))]).await?;
    Ok(())
}
