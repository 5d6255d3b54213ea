//! Exact counts remembered per state of the grievances table.
//!
//! Most counts come from figures the writes keep (a few rows read whatever the size). The
//! rest (a text's matches, the overdue rows of one status, a FIR-date range with a status)
//! are counted row by row: "motorcycle" matches 125,000 of 1,000,000 grievances, and
//! counting them costs half a second. A user who pages through them, and their colleagues
//! asking the same, would pay it on every page. The answer cannot change while the table
//! does not, so it is kept, keyed by the table's change number: a trigger adds one to
//! `grievance_changes.n` in the transaction of every insert, update and delete of a
//! grievance, and the number and the count are read in one snapshot. A count is therefore
//! never stale: after any change, the next request counts afresh.
//!
//! A text's matches are counted in slices of the ids instead, each remembered with its own
//! change number (`grievance_slice_changes`, kept by triggers in the same way): a write
//! touches one slice, so the next question recounts 4,096 ids, not the state; and a
//! question whose slices are all unknown counts them on two connections at once, one per
//! core, each in one statement that tallies per slice. Every slice's count is exact for its
//! own snapshot; as no grievance ever moves between slices (its id never changes), their
//! sum is the count of a state the table was in, slice by slice.
//!
//! The same count tells a page how to find its rows ([`CountMemo::plan`]).

use super::grievances::{count_matches, count_matches_by_slice, count_overdue_by_station, GrievanceQuery, Overdue, Plan, Scope, Sort};
use super::Result;
use lru::LruCache;
use rusqlite::{Connection, OpenFlags};
use std::collections::{BTreeMap, HashMap};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// The ids of a slice are those with the same `id >> SLICE_BITS` (as the triggers compute):
/// 4,096 ids, a few days of a state's filing, so that a walk's filing bounds are close to
/// its matches and a write recounts little.
pub const SLICE_BITS: u32 = 12;

/// Slices counted together in one statement: runs of stale slices closer than this are
/// merged (recounting a few current ones costs less than another statement).
const MERGED_GAP: i64 = 8;

/// At most this many statements count one connection's share; more runs are counted as
/// one range from the first to the last.
const MOST_RUNS: usize = 4;

/// The ranges of slices (inclusive) one connection counts `slices` (sorted) in.
fn runs_of(slices: &[i64]) -> Vec<(i64, i64)> {
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for &slice in slices {
        match runs.last_mut() {
            Some((_, last)) if slice - *last <= MERGED_GAP => *last = slice,
            _ => runs.push((slice, slice)),
        }
    }
    if runs.len() > MOST_RUNS {
        let (first, last) = (runs[0].0, runs[runs.len() - 1].1);
        runs = vec![(first, last)];
    }
    runs
}

/// A text's answers as of the table's change number `change`.
struct Current {
    change: i64,
    total: u64,
    bounds: Option<Option<(String, String)>>,
}

fn table_change(conn: &Connection) -> Result<i64> {
    Ok(conn.prepare_cached("SELECT n FROM grievance_changes")?.query_row([], |r| r.get(0))?)
}

/// A slice's count and the change number it was counted at.
#[derive(Clone, Copy, Debug)]
struct SliceCount {
    change: i64,
    n: u64,
}

/// How many overdue-by-station answers are remembered (each up to a state's 1,500 stations).
const BY_STATION_REMEMBERED: usize = 16;

/// How many distinct questions are remembered: a few hundred keys of a few hundred bytes.
const REMEMBERED: usize = 512;

/// The counts of recent questions, per process.
pub struct CountMemo {
    counts: Mutex<LruCache<String, u64>>,
    /// A text's count per slice of ids, keyed by the question alone.
    slices: Mutex<LruCache<String, BTreeMap<i64, SliceCount>>>,
    /// A text's count (and filing bounds, once asked) as of a change number of the whole
    /// table: while no grievance changes, a question is answered without reading the slices.
    current: Mutex<LruCache<String, Current>>,
    /// A second connection to the same file, for counting slices beside the asker's own:
    /// opened at the first need, one for the process (so one more page cache at most, which
    /// the memory limits count), used by one count at a time.
    helper: Mutex<Option<Connection>>,
    /// Slices counted since the start, and of them those counted by the helper.
    slices_counted: AtomicU64,
    slices_counted_beside: AtomicU64,
    /// Of the slices counted, those counted by walking an area's rows.
    slices_walked: AtomicU64,
    /// The overdue by station of recent questions (the state's every station, or an office's
    /// own): a few, as each may hold 1,500 stations.
    by_station: Mutex<LruCache<String, BTreeMap<i64, u64>>>,
    /// The questions being counted now, each with a lock its counter holds: a request asking
    /// the same waits for that count instead of counting too (thirty-two users searching
    /// "motorcycle" at once would otherwise count it thirty-two times over).
    counting: Mutex<HashMap<String, Arc<Mutex<()>>>>,
}

impl Default for CountMemo {
    fn default() -> Self {
        let remembered = NonZeroUsize::new(REMEMBERED).expect("not zero");
        CountMemo {
            counts: Mutex::new(LruCache::new(remembered)),
            slices: Mutex::new(LruCache::new(remembered)),
            current: Mutex::new(LruCache::new(remembered)),
            helper: Mutex::default(),
            by_station: Mutex::new(LruCache::new(NonZeroUsize::new(BY_STATION_REMEMBERED).expect("not zero"))),
            slices_counted: AtomicU64::new(0),
            slices_counted_beside: AtomicU64::new(0),
            slices_walked: AtomicU64::new(0),
            counting: Mutex::default(),
        }
    }
}

/// The question a count answers: every filter and the scope, not the page (sort, cursor,
/// limit), with the table's change number.
fn key_of(q: &GrievanceQuery, change: i64) -> String {
    format!("{change}|{}", question_of(q))
}

fn question_of(q: &GrievanceQuery) -> String {
    format!(
        "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{}|{}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}",
        q.scope, q.search, q.fir_no, q.district_id, q.police_station_id, q.status_id, q.priority_id, q.fir_date_from, q.fir_date_to, q.overdue, q.due, q.closure_pending,
        q.appeal_pending, q.escalated_to, q.section, q.assigned_to, q.crime_title, q.filed_from, q.filed_until, q.ids
    )
}

/// Counts `slices` (sorted) of `q` in one snapshot of `conn`, each with the change number it
/// is exact for; slices between them may be counted too. A walk ([`Plan::Walk`], an area's
/// rows tested one by one) reads the area's rows whatever the ids, so it counts all the
/// slices from the first to the last in one statement.
fn count_slices(conn: &Connection, q: &GrievanceQuery, slices: &[i64], plan: Plan) -> Result<Vec<(i64, SliceCount)>> {
    let _snapshot = super::snapshot(conn)?;
    let mut changes = conn.prepare_cached("SELECT slice, n FROM grievance_slice_changes WHERE slice BETWEEN ? AND ?")?;
    let mut counted = Vec::with_capacity(slices.len());
    let runs = match (plan, slices.first(), slices.last()) {
        (Plan::Walk, Some(first), Some(last)) => vec![(*first, *last)],
        _ => runs_of(slices),
    };
    for (first, last) in runs {
        let mut found: BTreeMap<i64, SliceCount> = (first..=last).map(|s| (s, SliceCount { change: 0, n: 0 })).collect();
        for row in changes.query_map([first, last], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))? {
            let (slice, change) = row?;
            if let Some(c) = found.get_mut(&slice) {
                c.change = change;
            }
        }
        for (slice, n) in count_matches_by_slice(conn, q, (first << SLICE_BITS)..((last + 1) << SLICE_BITS), SLICE_BITS, plan)? {
            if let Some(c) = found.get_mut(&slice) {
                c.n = n;
            }
        }
        counted.extend(found);
    }
    Ok(counted)
}

/// A read-only connection to the file `conn` reads, with the same page cache size.
fn open_helper(conn: &Connection) -> Result<Connection> {
    let path = conn.path().filter(|p| !p.is_empty()).ok_or_else(|| super::SqlError::Corrupt("a count helper needs a file".into()))?.to_string();
    let helper = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    helper.busy_timeout(std::time::Duration::from_secs(10))?;
    super::plan_once(&helper)?;
    let cache: i64 = conn.query_row("PRAGMA cache_size", [], |r| r.get(0))?;
    helper.execute_batch(&format!("PRAGMA cache_size = {cache}; PRAGMA mmap_size = 0;"))?;
    Ok(helper)
}

impl CountMemo {
    /// The exact number of matches of `q`, as [`count_matches`] counts it.
    pub fn count(&self, conn: &Connection, q: &GrievanceQuery) -> Result<u64> {
        if matches!(q.scope, Scope::State | Scope::Area { .. }) && q.has_text() {
            return self.count_by_slices(conn, q);
        }
        // One snapshot for the change number and the count: a write committed between the
        // two must not file its count under the number before it.
        let _snapshot = super::snapshot(conn)?;
        let key = key_of(q, table_change(conn)?);
        if let Some(n) = self.remembered(&key) {
            return Ok(n);
        }
        self.one_at_a_time(&key, || {
            // Whoever counted while this request waited has left the answer.
            let counted = match self.remembered(&key) {
                Some(n) => Ok(n),
                None => count_matches(conn, q),
            };
            if let Ok(n) = counted {
                locked(&self.counts).put(key.clone(), n);
            }
            counted
        })
    }

    /// The overdue grievances by station, as [`count_overdue_by_station`] counts them, kept as
    /// a count is: per change of the table (and per day and limits, which the question holds).
    /// The state's performance panel reads every station's stage figures (136,000 rows of a
    /// state's million, 28 ms); its many readers at headquarters share one reading while no
    /// grievance changes, and those asking at once wait for one.
    pub fn overdue_by_station(&self, conn: &Connection, overdue: &Overdue, stations: Option<&[i64]>) -> Result<BTreeMap<i64, u64>> {
        let _snapshot = super::snapshot(conn)?;
        let key = format!("{}|{overdue:?}|{stations:?}", table_change(conn)?);
        let remembered = |key: &str| locked(&self.by_station).get(key).cloned();
        if let Some(found) = remembered(&key) {
            return Ok(found);
        }
        self.one_at_a_time(&key, || {
            let counted = match remembered(&key) {
                Some(found) => Ok(found),
                None => count_overdue_by_station(conn, overdue, stations),
            };
            if let Ok(found) = &counted {
                locked(&self.by_station).put(key.clone(), found.clone());
            }
            counted
        })
    }

    /// Runs `count` while no other request counts `key`: one waits for the other's answer
    /// rather than counting the same again.
    fn one_at_a_time<T>(&self, key: &str, count: impl FnOnce() -> T) -> T {
        let turn = locked(&self.counting).entry(key.to_string()).or_default().clone();
        let counter = locked(&turn);
        let answer = count();
        drop(counter);
        locked(&self.counting).remove(key);
        answer
    }

    /// Slices counted since the start: all, and those the helper connection counted.
    pub fn slices_counted(&self) -> (u64, u64) {
        (self.slices_counted.load(Ordering::Relaxed), self.slices_counted_beside.load(Ordering::Relaxed))
    }

    /// Of the slices counted since the start, those counted by walking an area's rows.
    pub fn slices_walked(&self) -> u64 {
        self.slices_walked.load(Ordering::Relaxed)
    }

    /// A text's count (the state's or an area's): the sum of its slices', each counted again
    /// only when its slice changed since. A case enters or leaves an area only by a write to
    /// its row, which changes its slice.
    fn count_by_slices(&self, conn: &Connection, q: &GrievanceQuery) -> Result<u64> {
        let question = question_of(q);
        // One snapshot for the table's change number, the slices' and the count.
        let _snapshot = super::snapshot(conn)?;
        let change = table_change(conn)?;
        if let Some(current) = locked(&self.current).get(&question) {
            if current.change == change {
                return Ok(current.total);
            }
        }
        let last: i64 = conn.prepare_cached("SELECT coalesce(max(id), 0) FROM grievances")?.query_row([], |r| r.get::<_, i64>(0))? >> SLICE_BITS;
        let changes: BTreeMap<i64, i64> =
            conn.prepare_cached("SELECT slice, n FROM grievance_slice_changes")?.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?;
        let stale = |known: &BTreeMap<i64, SliceCount>| -> Vec<i64> {
            (0..=last).filter(|s| known.get(s).map(|c| c.change) != Some(changes.get(s).copied().unwrap_or(0))).collect()
        };
        let remember = |total: u64| locked(&self.current).put(question.clone(), Current { change, total, bounds: None });
        // Every slice known and current (another question's write left this one's alone).
        let known_total = locked(&self.slices).get(&question).filter(|known| stale(known).is_empty()).map(|known| sum(known, last));
        if let Some(total) = known_total {
            remember(total);
            return Ok(total);
        }
        self.one_at_a_time(&question, || {
            // Whoever counted while this request waited has left their slices.
            let mut known = self.known_slices(&question);
            let slices = stale(&known);
            let counted = if self.area_is_fewer(conn, q, slices.len(), last)? {
                self.slices_counted.fetch_add(slices.len() as u64, Ordering::Relaxed);
                self.slices_walked.fetch_add(slices.len() as u64, Ordering::Relaxed);
                count_slices(conn, q, &slices, Plan::Walk)?
            } else {
                self.count_slices_here_and_beside(conn, q, &slices)?
            };
            known.extend(counted);
            locked(&self.slices).put(question.clone(), known.clone());
            let total = sum(&known, last);
            // Slices the helper counted after a write this snapshot does not see are not
            // current here: the total is then remembered for no change number.
            if stale(&known).is_empty() {
                remember(total);
            }
            Ok(total)
        })
    }

    /// Whether an area's rows are fewer than the state's matches of `q` in `stale` of the
    /// slices up to `last`: counting them through the text index reads every match of the
    /// state in those slices and tests its place; walking the area tests each of its own rows.
    /// A station's first count of "motorcycle" walks its 700 cases of a state's million, where
    /// the index read 125,000 matches (250 ms); a slice or two changed since is counted
    /// through the index. The state's count is the slices' own (kept, and asked by the
    /// area's plan anyway); the area's comes from the figures.
    fn area_is_fewer(&self, conn: &Connection, q: &GrievanceQuery, stale: usize, last: i64) -> Result<bool> {
        if stale == 0 || !matches!(q.scope, Scope::Area { .. }) {
            return Ok(false);
        }
        let area = self.count(conn, &GrievanceQuery::new(q.scope.clone()))?;
        let in_state = self.count(conn, &GrievanceQuery { scope: Scope::State, ..q.clone() })?;
        let in_stale = u128::from(in_state) * stale as u128 / (last.max(0) as u128 + 1);
        Ok(u128::from(area) < in_stale)
    }

    /// For a text question (state scope): the filing times its matches lie between, as
    /// `(earliest, latest)` inclusive, from the slices that held a match when counted or
    /// have changed since (so sound for the snapshot `conn` reads, whatever was written after
    /// the count), with each slice's filing bounds. `None` when no slice can hold a match.
    /// A page walking the filing order starts at the latest rather than at today: "/2022/"
    /// as a FIR number, whose 200,000 matches are all old, would otherwise test every row
    /// filed since before its first match, on every page.
    pub fn filed_bounds(&self, conn: &Connection, q: &GrievanceQuery) -> Result<Option<(String, String)>> {
        let question = question_of(q);
        let _snapshot = super::snapshot(conn)?;
        let change = table_change(conn)?;
        if let Some(Current { change: at, bounds: Some(bounds), .. }) = locked(&self.current).get(&question) {
            if *at == change {
                return Ok(bounds.clone());
            }
        }
        let bounds = self.filed_bounds_from_slices(conn, &question)?;
        if let Some(current) = locked(&self.current).get_mut(&question) {
            if current.change == change {
                current.bounds = Some(bounds.clone());
            }
        }
        Ok(bounds)
    }

    fn filed_bounds_from_slices(&self, conn: &Connection, question: &str) -> Result<Option<(String, String)>> {
        let known = self.known_slices(question);
        let mut bounds: Option<(String, String)> = None;
        let mut slices = conn.prepare_cached("SELECT slice, n, filed_low, filed_high FROM grievance_slice_changes")?;
        let rows = slices.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, String>(2)?, r.get::<_, String>(3)?)))?;
        for row in rows {
            let (slice, change, low, high) = row?;
            let may_match = known.get(&slice).is_none_or(|c| c.n > 0 || c.change != change);
            if may_match {
                bounds = Some(match bounds {
                    None => (low, high),
                    Some((l, h)) => (l.min(low), h.max(high)),
                });
            }
        }
        Ok(bounds)
    }

    fn known_slices(&self, question: &str) -> BTreeMap<i64, SliceCount> {
        locked(&self.slices).get(question).cloned().unwrap_or_default()
    }

    /// Counts `slices`: the newer half on `conn`, the older half on the helper connection in
    /// another thread when there are two or more and the helper is free.
    fn count_slices_here_and_beside(&self, conn: &Connection, q: &GrievanceQuery, slices: &[i64]) -> Result<Vec<(i64, SliceCount)>> {
        self.slices_counted.fetch_add(slices.len() as u64, Ordering::Relaxed);
        let mut helper_slot = match self.helper.try_lock() {
            Ok(slot) if slices.len() >= 2 => slot,
            _ => return count_slices(conn, q, slices, Plan::Indexes),
        };
        let helper = match helper_slot.take() {
            Some(h) => h,
            None => open_helper(conn)?,
        };
        let (beside, here) = slices.split_at(slices.len() / 2);
        self.slices_counted_beside.fetch_add(beside.len() as u64, Ordering::Relaxed);
        let (counted_beside, counted_here) = std::thread::scope(|s| {
            let q_beside = q.clone();
            let beside_thread = s.spawn(move || {
                let counted = count_slices(&helper, &q_beside, beside, Plan::Indexes);
                (helper, counted)
            });
            let counted_here = count_slices(conn, q, here, Plan::Indexes);
            // A helper lost to a panic is opened again at the next need.
            let counted_beside = match beside_thread.join() {
                Ok((helper, counted)) => {
                    *helper_slot = Some(helper);
                    counted
                }
                Err(_) => Err(super::SqlError::Corrupt("counting a slice of the grievances failed".into())),
            };
            (counted_beside, counted_here)
        });
        let mut counted = counted_beside?;
        counted.extend(counted_here?);
        Ok(counted)
    }

    fn remembered(&self, key: &str) -> Option<u64> {
        locked(&self.counts).get(key).copied()
    }

    /// How a page of `q` is best found. A walk down the sort order reads about
    /// `page × scope / matches` rows; gathering every match through the indexes and sorting
    /// them costs about `matches`. So the walk wins from `matches² ≥ page × scope`: from
    /// about 7,000 matches of 1,000,000 for a page of 50. Only a text, the overdue test or an
    /// act or section can lead SQLite astray (to gather 500,000 rows for a page of 50); other
    /// filters are left to its own choice, as is a user's own scope (as large as their cases).
    /// An act or section in one's own cases is planned so too, over their number: a walk
    /// down one's own cases tests each with one lookup, where gathering an act's every case
    /// to keep one's own would read the whole act. An area's text in filing order is walked
    /// through its stations' merged parts (`area_by_filing`), and one's own down one's cases,
    /// unless the text index would read fewer rows: the state's matches against the rows the
    /// walk reads (at most the area's or one's cases).
    pub fn plan(&self, conn: &Connection, q: &GrievanceQuery) -> Result<Plan> {
        let planned = match q.scope {
            Scope::State => q.has_text() || q.overdue.is_some() || q.section.is_some(),
            Scope::Own(_) => q.section.is_some() || (q.has_text() && q.sort == Sort::FiledAt),
            Scope::Area { .. } => q.has_text() && q.sort == Sort::FiledAt,
        };
        if !planned {
            return Ok(Plan::Indexes);
        }
        let matches = match self.count(conn, q) {
            Ok(n) => n,
            // Too short for trigrams: the text is tested on each row either way.
            Err(super::SqlError::TextTooShort) => return Ok(Plan::Indexes),
            Err(e) => return Err(e),
        };
        let scope = self.count(conn, &GrievanceQuery::new(q.scope.clone()))?;
        let page = q.limit.clamp(1, super::grievances::MAX_LIMIT) as u64 + 1;
        let own_text = matches!(q.scope, Scope::Own(_)) && q.section.is_none();
        if matches!(q.scope, Scope::Area { .. }) || own_text {
            // An area's walk (or one's own) reads at most the area's cases; the text index
            // reads the state's every match, then keeps the area's. So the walk wins unless
            // the text is rarer in the state than the walk's rows (a mobile number: one case
            // of a million).
            let walked = (page.saturating_mul(scope) / matches.max(1)).min(scope);
            let in_state = self.count(conn, &GrievanceQuery { scope: Scope::State, ..q.clone() })?;
            return Ok(if walked <= in_state { Plan::Walk } else { Plan::Indexes });
        }
        Ok(if matches.saturating_mul(matches) >= page.saturating_mul(scope) { Plan::Walk } else { Plan::Indexes })
    }
}

/// A lock that a panic elsewhere left poisoned still guards a memo, which holds no half-made
/// state: every entry is put whole.
fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

/// The sum of the known slices up to `last` (a slice past the last id holds nothing).
fn sum(known: &BTreeMap<i64, SliceCount>, last: i64) -> u64 {
    known.range(..=last).map(|(_, c)| c.n).sum()
}

#[cfg(test)]
mod tests {
    use super::runs_of;

    #[test]
    fn close_slices_share_a_statement_and_many_runs_become_one_range() {
        assert_eq!(runs_of(&[]), vec![]);
        assert_eq!(runs_of(&[3]), vec![(3, 3)]);
        assert_eq!(runs_of(&[0, 1, 2, 10, 30]), vec![(0, 10), (30, 30)], "a gap of 8 is merged, one of 20 is not");
        assert_eq!(runs_of(&[0, 20, 40, 60]), vec![(0, 0), (20, 20), (40, 40), (60, 60)]);
        assert_eq!(runs_of(&[0, 20, 40, 60, 80]), vec![(0, 80)], "five runs: one range");
    }
}
