//! Failed sign-ins per email. Five failures within 15 minutes lock that email for 15
//! minutes, whether or not an account has it (so the lock reveals nothing). Wrong passwords,
//! wrong second-factor codes and wrong current passwords on a password change all count.
//!
//! The lock must hold against requests sent in parallel. Checking the lock, then spending a
//! hundred milliseconds on the password hash, then recording the failure would let a burst
//! of guesses all pass the check before the first failure is written. So every attempt
//! first takes a slot on the email's record, with a conditional write, before anything is
//! judged: at most five slots (failures in the window plus attempts being judged) exist at
//! once, and an attempt that finds them all taken locks the email. A correct answer only
//! signs in when no other attempt was judged alongside it and no lock was set meanwhile.

use domain::Msg;
use crate::port::{Accounts, Outcome, Pending};
pub use crate::port::LockoutRecord;
use domain::{Error, Result};
use time::OffsetDateTime;

pub const MAX_FAILURES: usize = 5;
pub const WINDOW_SECONDS: i64 = 15 * 60;
/// An attempt whose judgement never reported back (its request died) frees its slot after
/// this long.
const PENDING_SECONDS: i64 = 120;
/// Conditional writes lost to other attempts before an attempt gives up. Giving up refuses
/// the attempt unjudged, which is safe.
const RETRIES: usize = 64;

impl LockoutRecord {
    /// The record as it stands `now`: failures and slots past their time are forgotten.
    fn current(kept: Option<LockoutRecord>, now: i64) -> LockoutRecord {
        let mut record = kept.unwrap_or_default();
        record.failures.retain(|t| now - t < WINDOW_SECONDS);
        record.pending.retain(|p| now - p.at < PENDING_SECONDS);
        record
    }

    fn minutes_locked(&self, now: i64) -> Option<i64> {
        let left = self.locked_until - now;
        (left > 0).then(|| (left + 59) / 60)
    }

    fn lock(&mut self, now: i64) {
        self.locked_until = self.locked_until.max(now + WINDOW_SECONDS);
        self.failures.clear();
    }

    fn is_idle(&self, now: i64) -> bool {
        self.failures.is_empty() && self.pending.is_empty() && self.locked_until <= now
    }
}

/// A slot taken by one attempt, to be reported as failed or succeeded.
#[derive(Clone, Debug)]
pub struct Attempt {
    email: String,
    id: String,
    seq: i64,
    /// Other attempts were being judged when this one took its slot.
    contended: bool,
}

fn locked_error(minutes: i64) -> Error {
    Error::TooManyAttempts(Msg::TooManyAttempts { minutes: minutes.to_string(), plural: domain::messages::plural(minutes as i64) })
}

fn busy() -> Error {
    Error::TooManyAttempts(Msg::TooManyAtOnce)
}

/// Reads the email's record, lets `change` decide, and writes the result back on condition
/// that nobody wrote in between (else reads again). `None` when other attempts kept winning.
async fn update<T>(accounts: &dyn Accounts, email: &str, now: i64, change: impl Fn(&mut LockoutRecord) -> T) -> Result<Option<T>> {
    for _ in 0..RETRIES {
        let kept = accounts.lockout(email).await?;
        let version = kept.as_ref().map(|(v, _)| *v);
        let before = LockoutRecord::current(kept.map(|(_, r)| r), now);
        let mut after = before.clone();
        let answer = change(&mut after);
        if after == before {
            return Ok(Some(answer));
        }
        let next = if after.is_idle(now) {
            if version.is_none() {
                return Ok(Some(answer));
            }
            None
        } else {
            Some(&after)
        };
        match accounts.save_lockout(email, version, next, now + 2 * WINDOW_SECONDS).await? {
            Outcome::Written => return Ok(Some(answer)),
            _ => continue,
        }
    }
    Ok(None)
}

fn new_id() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 8];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// Takes a slot for one attempt on `email`, before anything is judged. Refused (429) while
/// the email is locked, and when every slot is taken: that attempt also locks the email, for
/// a sixth guess in one window is what the lock is for.
pub async fn begin(accounts: &dyn Accounts, email: &str, now: OffsetDateTime) -> Result<Attempt> {
    let now = now.unix_timestamp();
    let id = new_id();
    let taken = update(accounts, email, now, |r| {
        if let Some(minutes) = r.minutes_locked(now) {
            return Err(locked_error(minutes));
        }
        if r.failures.len() + r.pending.len() >= MAX_FAILURES {
            r.lock(now);
            return Err(locked_error(WINDOW_SECONDS / 60));
        }
        let contended = !r.pending.is_empty();
        r.seq += 1;
        r.pending.push(Pending { id: id.clone(), at: now });
        Ok((r.seq, contended))
    })
    .await?;
    let (seq, contended) = taken.ok_or_else(busy)??;
    Ok(Attempt { email: email.to_string(), id, seq, contended })
}

/// The attempt was wrong: its slot becomes a failure, and the fifth failure in the window
/// locks the email. Answers whether it is now locked.
pub async fn failed(accounts: &dyn Accounts, attempt: &Attempt, now: OffsetDateTime) -> Result<bool> {
    let now = now.unix_timestamp();
    let locked = update(accounts, &attempt.email, now, |r| {
        r.pending.retain(|p| p.id != attempt.id);
        r.failures.push(now);
        if r.failures.len() >= MAX_FAILURES {
            r.lock(now);
        }
        r.minutes_locked(now).is_some()
    })
    .await?;
    // Had the failure not been written, the slot stays taken until it expires: still counted.
    locked.ok_or_else(busy)
}

/// The attempt was right. It stands only if the email was not locked meanwhile and no other
/// attempt was judged alongside it (a burst of guesses that holds the right one is refused
/// whole). With `clear`, the failures so far are forgotten (a completed sign-in); without,
/// they stay counted (a password right, the second factor still to come).
pub async fn succeeded(accounts: &dyn Accounts, attempt: &Attempt, now: OffsetDateTime, clear: bool) -> Result<()> {
    let now = now.unix_timestamp();
    let verdict = update(accounts, &attempt.email, now, |r| {
        let mine = r.pending.iter().any(|p| p.id == attempt.id);
        r.pending.retain(|p| p.id != attempt.id);
        if let Some(minutes) = r.minutes_locked(now) {
            return Err(locked_error(minutes));
        }
        if attempt.contended || !mine || r.seq != attempt.seq {
            return Err(busy());
        }
        if clear {
            r.failures.clear();
        }
        Ok(())
    })
    .await?;
    verdict.ok_or_else(busy)?
}

/// Counts one failure that took no slot (a code used by two sign-ins at the same moment).
pub async fn record_failure(accounts: &dyn Accounts, email: &str, now: OffsetDateTime) -> Result<bool> {
    let attempt = Attempt { email: email.to_string(), id: String::new(), seq: 0, contended: false };
    failed(accounts, &attempt, now).await
}

/// When the email is locked, the whole minutes left (at least 1).
pub async fn minutes_locked(accounts: &dyn Accounts, email: &str, now: OffsetDateTime) -> Result<Option<i64>> {
    let now = now.unix_timestamp();
    let kept = accounts.lockout(email).await?.map(|(_, r)| r);
    Ok(LockoutRecord::current(kept, now).minutes_locked(now))
}
