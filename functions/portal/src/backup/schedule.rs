//! Backups made by `portal serve` itself, at a fixed interval, into a folder that keeps the
//! newest few: `PORTAL_BACKUP_DIR` (off when unset), `PORTAL_BACKUP_EVERY_HOURS` (24) and
//! `PORTAL_BACKUP_KEEP` (7).
//!
//! Each archive is named by its UTC time (`portal-backup-20260131T020000Z.tar.gz`), so the
//! names sort by age and the next backup is due one interval after the newest one there: a
//! portal restarted every evening still backs up once a day, and one started after a long
//! stop backs up at once.

use super::create;
use anyhow::{ensure, Context};
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::time::Duration;
use time::OffsetDateTime;

const PREFIX: &str = "portal-backup-";
const SUFFIX: &str = ".tar.gz";
/// The UTC time in a name: `20260131T020000Z`.
const STAMP: &[time::format_description::FormatItem<'static>] = time::macros::format_description!("[year][month][day]T[hour][minute][second]Z");

/// After a failed backup, the next attempt comes this soon (or at the interval, if sooner):
/// a full disk or a moved folder should not cost a whole day's backup.
const RETRY: Duration = Duration::from_secs(3600);

/// Where, how often and how many.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    pub dir: PathBuf,
    pub every: Duration,
    pub keep: usize,
}

impl Schedule {
    /// The schedule the environment sets, `None` when `PORTAL_BACKUP_DIR` is unset or empty.
    pub fn from_env() -> anyhow::Result<Option<Schedule>> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        Schedule::from_values(var("PORTAL_BACKUP_DIR"), var("PORTAL_BACKUP_EVERY_HOURS"), var("PORTAL_BACKUP_KEEP"))
    }

    fn from_values(dir: Option<String>, every_hours: Option<String>, keep: Option<String>) -> anyhow::Result<Option<Schedule>> {
        let Some(dir) = dir else { return Ok(None) };
        let hours = match every_hours {
            Some(text) => text.trim().parse::<f64>().ok().filter(|h| h.is_finite() && *h * 60.0 >= 1.0 && *h <= 24.0 * 366.0),
            None => Some(24.0),
        };
        let hours = hours.context("PORTAL_BACKUP_EVERY_HOURS must be a number of hours, at least 1/60 (a minute)")?;
        let keep = match keep {
            Some(text) => text.trim().parse::<usize>().ok().filter(|k| *k >= 1),
            None => Some(7),
        };
        let keep = keep.context("PORTAL_BACKUP_KEEP must be a whole number of backups, at least 1")?;
        Ok(Some(Schedule { dir: PathBuf::from(dir.trim()), every: Duration::from_secs_f64(hours * 3600.0), keep }))
    }
}

/// Starts the scheduled backups of `data_dir` when `PORTAL_BACKUP_DIR` asks for them: makes
/// the folder (mode 0700) and spawns the task that backs up, then deletes the oldest archives
/// beyond the number kept, each time logging what happened. Fails at start-up, not at the
/// first backup, when the settings are wrong or the folder cannot be made.
pub fn spawn_scheduled_backups(data_dir: &Path) -> anyhow::Result<()> {
    let Some(schedule) = Schedule::from_env()? else { return Ok(()) };
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(&schedule.dir).with_context(|| format!("cannot create the backup folder {}", schedule.dir.display()))?;
    ensure!(schedule.dir.is_dir(), "PORTAL_BACKUP_DIR {} is not a folder", schedule.dir.display());
    tracing::info!(dir = %schedule.dir.display(), every_hours = schedule.every.as_secs_f64() / 3600.0, keep = schedule.keep, "scheduled backups are on");
    let data_dir = data_dir.to_path_buf();
    tokio::spawn(async move {
        let mut wait = first_wait(&schedule);
        loop {
            tokio::time::sleep(wait).await;
            let (data_dir, schedule_now) = (data_dir.clone(), schedule.clone());
            let done = tokio::task::spawn_blocking(move || back_up_and_prune(&data_dir, &schedule_now)).await;
            wait = match done {
                Ok(Ok(())) => schedule.every,
                Ok(Err(e)) => {
                    tracing::error!(error = format!("{e:#}"), "the scheduled backup failed; trying again in an hour");
                    schedule.every.min(RETRY)
                }
                Err(e) => {
                    tracing::error!(error = %e, "the scheduled backup stopped");
                    schedule.every.min(RETRY)
                }
            };
        }
    });
    Ok(())
}

/// How long until the first backup: one interval after the newest archive in the folder.
fn first_wait(schedule: &Schedule) -> Duration {
    let newest = archives(&schedule.dir).last().and_then(|name| taken_at(name));
    wait_after(newest, schedule.every, OffsetDateTime::now_utc())
}

/// The wait until `newest + every` (none when that has passed or nothing was ever taken),
/// never longer than `every`, whatever the clock did since.
fn wait_after(newest: Option<OffsetDateTime>, every: Duration, now: OffsetDateTime) -> Duration {
    let Some(newest) = newest else { return Duration::ZERO };
    let due = newest + every;
    Duration::try_from(due - now).unwrap_or(Duration::ZERO).min(every)
}

/// One backup, then the pruning, each logged.
fn back_up_and_prune(data_dir: &Path, schedule: &Schedule) -> anyhow::Result<()> {
    let to = schedule.dir.join(name_at(OffsetDateTime::now_utc()));
    let created = create(data_dir, &to)?;
    tracing::info!(
        file = %created.file.display(), bytes = created.archive_bytes, files = created.files, grievances = created.grievances,
        seconds = created.took.as_secs_f64(), "scheduled backup written"
    );
    for name in to_delete(&archives(&schedule.dir), schedule.keep) {
        match std::fs::remove_file(schedule.dir.join(&name)) {
            Ok(()) => tracing::info!(file = %name, keep = schedule.keep, "old backup deleted"),
            Err(e) => tracing::warn!(file = %name, error = %e, "cannot delete an old backup"),
        }
    }
    Ok(())
}

/// The archive name for a backup taken at `at`.
fn name_at(at: OffsetDateTime) -> String {
    let stamp = at.to_offset(time::UtcOffset::UTC).format(STAMP).unwrap_or_default();
    format!("{PREFIX}{stamp}{SUFFIX}")
}

/// When the archive `name` was taken, if it is one of ours by its name.
fn taken_at(name: &str) -> Option<OffsetDateTime> {
    let stamp = name.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?;
    time::PrimitiveDateTime::parse(stamp, STAMP).ok().map(|t| t.assume_utc())
}

/// The scheduled archives in `dir`, oldest first; every other file is none of ours.
fn archives(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| taken_at(name).is_some())
        .collect();
    names.sort();
    names
}

/// Of `names` (oldest first), those beyond the newest `keep`.
fn to_delete(names: &[String], keep: usize) -> Vec<String> {
    names[..names.len().saturating_sub(keep)].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn names_carry_the_utc_time_and_are_read_back() {
        let at = datetime!(2026-01-31 07:30:05 +05:30);
        assert_eq!(name_at(at), "portal-backup-20260131T020005Z.tar.gz");
        assert_eq!(taken_at("portal-backup-20260131T020005Z.tar.gz"), Some(datetime!(2026-01-31 02:00:05 UTC)));
        for other in ["portal-backup-20260131T020005Z.tar.gz.partial", "portal-backup-latest.tar.gz", "mine.tar.gz", "portal-backup-20261331T020005Z.tar.gz"] {
            assert_eq!(taken_at(other), None, "{other}");
        }
    }

    #[test]
    fn only_the_oldest_beyond_the_kept_go() {
        let names: Vec<String> = (1..=9).map(|d| format!("portal-backup-2026010{d}T000000Z.tar.gz")).collect();
        assert_eq!(to_delete(&names, 7), names[..2].to_vec());
        assert!(to_delete(&names[..3], 7).is_empty());
    }

    #[test]
    fn the_folder_keeps_its_other_files() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["portal-backup-20260102T000000Z.tar.gz", "portal-backup-20260101T000000Z.tar.gz", "notes.txt", "portal-backup-x.tar.gz"] {
            std::fs::write(dir.path().join(name), b"").unwrap();
        }
        assert_eq!(archives(dir.path()), ["portal-backup-20260101T000000Z.tar.gz", "portal-backup-20260102T000000Z.tar.gz"]);
    }

    #[test]
    fn the_next_backup_is_due_an_interval_after_the_newest() {
        let day = Duration::from_secs(24 * 3600);
        let now = datetime!(2026-01-31 12:00 UTC);
        assert_eq!(wait_after(None, day, now), Duration::ZERO);
        assert_eq!(wait_after(Some(datetime!(2026-01-31 02:00 UTC)), day, now), Duration::from_secs(14 * 3600));
        assert_eq!(wait_after(Some(datetime!(2026-01-20 02:00 UTC)), day, now), Duration::ZERO);
        assert_eq!(wait_after(Some(datetime!(2026-03-01 00:00 UTC)), day, now), day, "a newest archive from the future waits one interval");
    }

    #[test]
    fn settings_are_read_with_their_defaults() {
        let some = |s: &str| Some(s.to_string());
        assert_eq!(Schedule::from_values(None, some("1"), None).unwrap(), None);
        let schedule = Schedule::from_values(some("/b"), None, None).unwrap().unwrap();
        assert_eq!(schedule, Schedule { dir: "/b".into(), every: Duration::from_secs(24 * 3600), keep: 7 });
        let schedule = Schedule::from_values(some("/b"), some("0.5"), some("3")).unwrap().unwrap();
        assert_eq!((schedule.every, schedule.keep), (Duration::from_secs(1800), 3));
        assert!(Schedule::from_values(some("/b"), some("0"), None).is_err());
        assert!(Schedule::from_values(some("/b"), some("daily"), None).is_err());
        assert!(Schedule::from_values(some("/b"), None, some("0")).is_err());
    }
}
