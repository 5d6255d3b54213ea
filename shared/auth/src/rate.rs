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
    let taken = update(accounts, key, window, now, |record| {
        if record.failures.len() >= most {
            return false;
        }
        record.failures.push(now);
        true
    })
    .await?;
    Ok(taken == Some(true))
}

/// Takes every place of `key` for `window` seconds: what a used one-time code is given, so
/// that it is never taken again.
pub async fn use_up(accounts: &dyn Accounts, key: &str, most: usize, window: i64, now: i64) -> Result<()> {
    match update(accounts, key, window, now, |record| record.failures = vec![now; most]).await? {
        Some(()) => Ok(()),
        None => Err(domain::Error::Conflict(domain::Msg::ChangedConcurrently)),
    }
}

/// Reads `key`'s record with the places past `window` forgotten, lets `change` decide, and
/// writes the record back on condition that nobody wrote in between (else reads again): the
/// answer of `change`, `None` when other requests kept winning. A `change` that leaves the
/// record as it was writes nothing.
async fn update<T>(accounts: &dyn Accounts, key: &str, window: i64, now: i64, change: impl Fn(&mut LockoutRecord) -> T) -> Result<Option<T>> {
    for _ in 0..RETRIES {
        let kept = accounts.lockout(key).await?;
        let version = kept.as_ref().map(|(v, _)| *v);
        let mut record = kept.map(|(_, r)| r).unwrap_or_default();
        record.failures.retain(|t| now - t < window);
        let before = record.clone();
        let answer = change(&mut record);
        if record == before {
            return Ok(Some(answer));
        }
        record.seq += 1;
        if let Outcome::Written = accounts.save_lockout(key, version, Some(&record), now + window).await? {
            return Ok(Some(answer));
        }
    }
    Ok(None)
}
