//! Requests counted per key in a sliding window, for the public pages that answer without a
//! sign-in (the citizen's status page): at most `most` in `window` seconds per key (a grievance
//! number, a mobile, a client address, a one-time code). Kept as the sign-in lockouts are
//! (`Accounts::lockout`), under keys of their own, each request taking its place with a
//! conditional write, so that requests sent in parallel cannot all pass a count read before
//! any was written.

use crate::port::{Accounts, LockoutRecord, Outcome};
use domain::Result;

/// Conditional writes lost to other requests before one gives up (and is refused: safe).
const RETRIES: usize = 32;

/// Takes one of the `most` places `key` has in `window` seconds up to `now`: true when it
/// had one left (and it is now taken), false when all are taken.
pub async fn take(accounts: &dyn Accounts, key: &str, most: usize, window: i64, now: i64) -> Result<bool> {
    for _ in 0..RETRIES {
        let kept = accounts.lockout(key).await?;
        let version = kept.as_ref().map(|(v, _)| *v);
        let mut record = kept.map(|(_, r)| r).unwrap_or_default();
        record.failures.retain(|t| now - t < window);
        if record.failures.len() >= most {
            return Ok(false);
        }
        record.failures.push(now);
        record.seq += 1;
        if let Outcome::Written = accounts.save_lockout(key, version, Some(&record), now + window).await? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// How many places of `key` are taken in the `window` seconds up to `now`.
pub async fn taken(accounts: &dyn Accounts, key: &str, window: i64, now: i64) -> Result<usize> {
    let record: LockoutRecord = accounts.lockout(key).await?.map(|(_, r)| r).unwrap_or_default();
    Ok(record.failures.iter().filter(|t| now - **t < window).count())
}

/// Takes every place of `key` for `window` seconds: what a used one-time code is given, so
/// that it is never taken again.
pub async fn use_up(accounts: &dyn Accounts, key: &str, most: usize, window: i64, now: i64) -> Result<()> {
    for _ in 0..RETRIES {
        let kept = accounts.lockout(key).await?;
        let version = kept.as_ref().map(|(v, _)| *v);
        let mut record = kept.map(|(_, r)| r).unwrap_or_default();
        record.failures = vec![now; most];
        record.seq += 1;
        if let Outcome::Written = accounts.save_lockout(key, version, Some(&record), now + window).await? {
            return Ok(());
        }
    }
    Err(domain::Error::Conflict(domain::Msg::ChangedConcurrently))
}
