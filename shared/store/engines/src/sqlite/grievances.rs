//! The relational engine of the grievances port: grievances as rows of the embedded SQLite
//! file (`store::sql::grievances`), with real columns, indexes for the list's filters, a
//! trigram text index and figures kept by triggers, so every list answer is a full page or
//! the true last one with an exact count. A change appends its audit records as rows of the
//! trail (`crate::sqlite::trail`) in the same SQLite transaction; its notes, attachment records
//! and links are rows of the same file too (`crate::sqlite::case_files`), written in it.

mod reports;

use domain::Msg;
use crate::dynamo::audit_records::AuditSubject;
use crate::sqlite::case_files::{remove_case_files, sweep_token, CaseFileWrite};
use crate::sqlite::trail::{records_of, NewRecords};
use cases::numbers::{NumberMatch, NumberQuery, LOOKUP_BUDGET};
use cases::pendency::{date_text, stage_of, Clock};
use cases::port::{AuditBatch, AuditChange, CaseFileChange, DuesIndexed, GrievanceChange, Grievances, ListCount, RecordSource, Refs, Reindexed, SameFir, StationTally, Stored, StoredPage, StoredSummary, Tallies};
use cases::reads::{Filters, SortDirection, SortKey, Viewer};
use cases::record::{Actor, Grievance};
use cases::summary::Summary;
use cases::writes::AuditEntry;
use async_trait::async_trait;
use domain::jurisdiction::Reach;
use domain::lists::ListKind;
use domain::{Error, Result};
use std::collections::BTreeMap;
use std::sync::Arc;
use store::sql::grievances::{self as rows, Cursor, GrievanceQuery, GrievanceRow, Overdue, PendencyTable, Scope, SummaryRow};
use store::sql::count_memo::CountMemo;
use store::sql::sequences::{self, GRIEVANCES as GRIEVANCE_IDS};
use store::sql::SqlError;
use store::sqlite::SqliteStore;
use crate::dynamo::grievance_keys as keys;
use store::{Index, Query, Store, StoreError, Write};

/// Why a case-file change was not written.
enum CaseFileRefusal {
    /// Its condition failed: the record is taken, or gone, or the link is there, or not.
    Changed,
    GrievanceGone,
    Sql(SqlError),
}

impl From<SqlError> for CaseFileRefusal {
    fn from(e: SqlError) -> Self {
        CaseFileRefusal::Sql(e)
    }
}

/// Grievances as rows of the store's SQLite file.
#[derive(Clone)]
pub struct SqlGrievances {
    store: Arc<SqliteStore>,
    counts: Arc<CountMemo>,
}

impl SqlGrievances {
    pub fn new(store: Arc<SqliteStore>) -> SqlGrievances {
        SqlGrievances { store, counts: Arc::default() }
    }

    /// The first of `count` new grievance ids (the others follow it), never handed out twice.
    pub async fn reserve_ids(&self, count: i64) -> Result<i64> {
        self.store.transact_with(Vec::new(), move |tx| sequences::draw(tx, GRIEVANCE_IDS, count)).await?.map_err(sql_error)
    }

    /// Files many new grievances at once with their CREATED records and list usage, for
    /// test fixtures: one transaction, not waited for on disk.
    pub async fn load(&self, batch: &[(Stored, Actor)]) -> Result<()> {
        let batch = batch
            .iter()
            .map(|(stored, actor)| {
                let g = &stored.grievance;
                // Generated cases are written by the reference list as shipped (their victims,
                // should they name any, protected by its sensitive sections).
                let entry = cases::writes::complete_record_entry(g, true, &cases::identity::Sensitivity::new(&[]));
                let created = AuditBatch { actor: actor.clone(), at: g.filed_at.clone(), change: AuditChange::Version(g.version), entries: vec![entry] };
                (stored.clone(), vec![created])
            })
            .collect();
        self.load_with_history(batch).await
    }

    /// Files many new grievances at once, each with the changes that brought it where it is
    /// (its creation first; every record linked into its chain) and its list usage, for the
    /// data generator: one transaction, not waited for on disk.
    pub async fn load_with_history(&self, batch: Vec<(Stored, Vec<AuditBatch>)>) -> Result<()> {
        let mut trail = Vec::new();
        let mut uses: BTreeMap<(ListKind, i64), i64> = BTreeMap::new();
        let mut stored = Vec::with_capacity(batch.len());
        for (case, changes) in batch {
            let g = &case.grievance;
            for change in changes {
                trail.push(records_of(g.into(), change.change, &change.actor, &change.at, change.entries));
            }
            for (item, n) in crate::sqlite::lists::use_deltas(&Refs::new(), &case.refs) {
                *uses.entry(item).or_default() += n;
            }
            stored.push(case);
        }
        self.insert_in_bulk(Vec::new(), uses, trail, stored.iter(), false).await
    }

    /// Inserts the rows of `stored` and their audit records, counts the list items' `uses`
    /// and applies `writes`, in one transaction of any size.
    async fn insert_in_bulk<'a>(
        &self,
        writes: Vec<Write>,
        uses: BTreeMap<(ListKind, i64), i64>,
        trail: Vec<NewRecords>,
        stored: impl Iterator<Item = &'a Stored>,
        durable: bool,
    ) -> Result<()> {
        let new_rows: Vec<GrievanceRow> = stored.map(row_of).collect();
        let outcome = self
            .store
            .bulk_with(writes, durable, move |tx| {
                crate::sqlite::lists::count_uses(tx, &uses)?;
                new_rows.iter().try_for_each(|row| rows::insert(tx, row))?;
                trail.iter().try_for_each(|records| records.append(tx))
            })
            .await?;
        outcome.map_err(sql_error)
    }

    /// Moves grievances kept as items (by a release before this engine) into rows, a few
    /// hundred per transaction: each row is written with its items' removal, so a stop
    /// half-way loses nothing and the next start goes on. Audit records, notes and
    /// attachments stay where they are. Answers how many moved.
    async fn adopt_items(&self) -> Result<u64> {
        let mut moved = 0;
        let mut partitions = crate::dynamo::grievances::EveryGrievance::partitions().into_iter();
        let Some(mut partition) = partitions.next() else { return Ok(0) };
        loop {
            // Always the first page: each pass removes what it read.
            let page = self.store.query(&Query::index(Index::Gsi1, partition.clone()).limit(500)).await?;
            if page.items.is_empty() {
                match partitions.next() {
                    Some(next) => {
                        partition = next;
                        continue;
                    }
                    None => return Ok(moved),
                }
            }
            let stored = page.items.into_iter().map(crate::dynamo::grievances::from_item).collect::<Result<Vec<_>>>()?;
            let mut writes = Vec::new();
            for s in &stored {
                let g = &s.grievance;
                writes.push(Write::delete(keys::grievance(g.id)));
                writes.extend(g.visible_to().into_iter().map(|user| Write::delete(keys::visible(user, &g.filed_at, g.id))));
            }
            // Their uses were counted by the items' usage shards, moved with the lists.
            self.insert_in_bulk(writes, BTreeMap::new(), Vec::new(), stored.iter(), true).await?;
            moved += stored.len() as u64;
        }
    }

    async fn read<T: Send + 'static>(&self, f: impl FnOnce(&rusqlite::Connection) -> std::result::Result<T, SqlError> + Send + 'static) -> Result<T> {
        self.store.read_with(move |conn| Ok::<_, StoreError>(f(conn))).await?.map_err(sql_error)
    }

    /// As [`Self::read`] off the async runtime when `long`: a question with a text may
    /// count every match of it (once per change of the table, see [`CountMemo`]).
    async fn read_maybe_long<T: Send + 'static>(
        &self,
        long: bool,
        f: impl FnOnce(&rusqlite::Connection) -> std::result::Result<T, SqlError> + Send + 'static,
    ) -> Result<T> {
        if long {
            self.store.read_long_with(move |conn| Ok::<_, StoreError>(f(conn))).await?.map_err(sql_error)
        } else {
            self.read(f).await
        }
    }

    /// A list page, its rows read by `read`: planned from the counts, in one snapshot with
    /// them, a walk of the state's text or of an act's cases bounded by the filing days it
    /// can match.
    async fn page_of<T: Send + 'static>(&self, viewer: &Viewer, filters: &Filters, limit: usize, cursor: Option<String>, read: PageReader<T>) -> Result<(Vec<T>, Option<String>)> {
        let mut q = query_of(viewer, filters);
        q.limit = limit;
        q.after = cursor.map(Cursor::from_client);
        let memo = self.counts.clone();
        let (found, next) = self
            .read_maybe_long(q.has_text(), move |conn| {
                // One snapshot for the count that plans the page, the bounds and the page.
                let snapshot = conn.unchecked_transaction()?;
                let plan = memo.plan(&snapshot, &q)?;
                if plan == rows::Plan::Walk && q.has_text() && q.scope == Scope::State && q.sort == rows::Sort::FiledAt {
                    match memo.filed_bounds(&snapshot, &q)? {
                        Some(bounds) => q.filed_between = Some(bounds),
                        None => return Ok((Vec::new(), None)),
                    }
                } else if let (Some((act, section)), true, rows::Sort::FiledAt) = (&q.section, matches!(q.scope, Scope::State | Scope::Own(_)), q.sort) {
                    // Whatever the plan: a walk starts at the newest case of the act (and
                    // one's own cases are walked either way); none of it, no page.
                    match rows::section_filed_bounds(&snapshot, act, section.as_deref())? {
                        Some(bounds) => q.filed_between = Some(bounds),
                        None => return Ok((Vec::new(), None)),
                    }
                }
                read(&snapshot, &q, plan)
            })
            .await?;
        Ok((found, next.map(|c| c.as_str().to_string())))
    }
}

/// How [`SqlGrievances::page_of`] reads a page's rows: whole, or as list rows.
type PageReader<T> = fn(&rusqlite::Connection, &GrievanceQuery, rows::Plan) -> std::result::Result<(Vec<T>, Option<Cursor>), SqlError>;

/// The schema's lists: those the grievance table has a column for.
fn is_relational(kind: ListKind) -> bool {
    crate::dynamo::lists::sql_kind(kind).is_some()
}

/// The relational engine's token of a FIR number's grievances (`cases::port::SameFir`): their
/// ids, so that any grievance joining them changes it.
fn fir_token(ids: impl Iterator<Item = i64>) -> String {
    let mut ids: Vec<i64> = ids.collect();
    ids.sort_unstable();
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

fn sql_error(e: SqlError) -> Error {
    match e {
        SqlError::Conflict => Error::Conflict(Msg::GrievanceStale),
        SqlError::Taken => Error::Conflict(Msg::FirTakenMeanwhile),
        SqlError::SourceTaken => Error::Conflict(Msg::ImportSourceTaken),
        SqlError::BadCursor => Error::BadRequest(Msg::CursorInvalid),
        SqlError::InvalidDate(_) => Error::BadRequest(Msg::DateFilterInvalid),
        SqlError::TextTooShort | SqlError::Corrupt(_) => Error::internal(e.to_string()),
        SqlError::Sqlite(rusqlite::Error::SqliteFailure(f, _)) if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY => {
            Error::Conflict(Msg::GrievanceListItemGone)
        }
        // A grievance filed twice under one id (a retried create): the first one stands.
        SqlError::Sqlite(rusqlite::Error::SqliteFailure(f, _)) if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY => Error::Conflict(Msg::GrievanceStale),
        SqlError::Sqlite(e) => Error::internal(e.to_string()),
    }
}

/// The row a grievance is kept as: the list items by id, its stage read from its dates now
/// so that overdue is an index range, its resolution days for the figures.
fn row_of(stored: &Stored) -> GrievanceRow {
    let g = &stored.grievance;
    let at = stage_of(g);
    GrievanceRow {
        id: g.id,
        grievance_number: g.grievance_number.clone(),
        fields: g.fields.clone(),
        district_id: g.district_id,
        police_station_id: g.police_station_id,
        status_id: g.status_id,
        priority_id: g.priority_id,
        filed_by: g.filed_by,
        filed_by_name: g.filed_by_name.clone(),
        assigned_to: g.assigned_to,
        assigned_to_name: g.assigned_to_name.clone(),
        filed_at: g.filed_at.clone(),
        updated_at: g.updated_at.clone(),
        resolved_at: g.resolved_at.clone(),
        stage: at.stage,
        stage_since: date_text(at.since),
        version: g.version,
        status_meaning: g.status_meaning,
        resolution_days: g.status_meaning.is_final().then(|| crate::dynamo::grievance_counters::resolution_days(g)).flatten(),
        other_refs: stored.refs.iter().filter(|(k, _)| !is_relational(**k)).map(|(k, id)| (k.as_str().to_string(), *id)).collect(),
        closure: g.closure.clone(),
        escalation: g.escalation.clone(),
        clock_events: g.clock_events.clone(),
        next_due: g.next_due.as_ref().map(|d| d.as_str().to_string()),
        clock_runs: runs_text(&g.clock_runs),
        people_text: g.people_text.clone(),
    }
}

/// A case's clock runs as the `clock_runs` column keeps them (null when none).
fn runs_text(runs: &[domain::law::KeptRun]) -> Option<String> {
    (!runs.is_empty()).then(|| serde_json::to_string(runs).expect("clock runs serialise"))
}

/// The items a row names: those of its other lists, and its district, police station,
/// status and priority (in that order in `placed`).
fn refs_of(other: &BTreeMap<String, i64>, placed: [Option<i64>; 4]) -> Refs {
    let mut refs: Refs = other.iter().filter_map(|(k, id)| Some((ListKind::parse(k)?, *id))).collect();
    refs.extend(placed_refs(placed));
    refs
}

/// The items a row keeps in columns of their own: its district, police station, status and
/// priority, those it has.
fn placed_refs(placed: [Option<i64>; 4]) -> impl Iterator<Item = (ListKind, i64)> {
    let kinds = [ListKind::Districts, ListKind::PoliceStations, ListKind::Statuses, ListKind::Priorities];
    kinds.into_iter().zip(placed).filter_map(|(kind, id)| Some((kind, id?)))
}

fn stored_of(row: GrievanceRow) -> Stored {
    let refs = refs_of(&row.other_refs, [row.district_id, row.police_station_id, row.status_id, row.priority_id]);
    let grievance = Grievance {
        id: row.id,
        grievance_number: row.grievance_number,
        fields: row.fields,
        district_id: row.district_id,
        police_station_id: row.police_station_id,
        status_id: row.status_id,
        priority_id: row.priority_id,
        status_meaning: row.status_meaning,
        filed_by: row.filed_by,
        filed_by_name: row.filed_by_name,
        assigned_to: row.assigned_to,
        assigned_to_name: row.assigned_to_name,
        filed_at: row.filed_at,
        updated_at: row.updated_at,
        resolved_at: row.resolved_at,
        version: row.version,
        closure: row.closure,
        escalation: row.escalation,
        clock_events: row.clock_events,
        next_due: row.next_due.map(domain::day::Day::as_stored),
        clock_runs: row.clock_runs.as_deref().and_then(|text| serde_json::from_str(text).ok()).unwrap_or_default(),
        people_text: row.people_text,
    };
    Stored { grievance, refs }
}

/// A list row as this engine reads it, in the port's types; its names relabelled later, as
/// [`stored_of`]'s are.
fn summary_of(row: SummaryRow) -> StoredSummary {
    let crime_title = row.crime_title_id.map(|id| (ListKind::CrimeTitles, id));
    let refs = placed_refs([row.district_id, row.police_station_id, row.status_id, row.priority_id]).chain(crime_title).collect();
    // A stage's day is checked as the row is written (`rows::insert`).
    let since = domain::day::parse_date(&row.stage_since).unwrap_or(time::Date::MIN);
    let summary = Summary {
        id: row.id,
        grievance_number: row.grievance_number,
        fir_no: domain::grievance::FirNumber::as_stored(row.fir_no),
        fir_date: domain::grievance::Day::as_stored(row.fir_date),
        crime_title: row.crime_title,
        // Named from the admin lists by `cases::relabel`, as the row's status is again.
        district: String::new(),
        police_station: String::new(),
        status: row.status,
        priority: String::new(),
        district_id: row.district_id,
        police_station_id: row.police_station_id,
        status_id: row.status_id,
        priority_id: row.priority_id,
        status_meaning: row.status_meaning,
        filed_by_name: row.filed_by_name,
        assigned_to_name: row.assigned_to_name,
        filed_at: row.filed_at,
        updated_at: row.updated_at,
        version: row.version,
        closure: row.closure,
        escalation: row.escalation,
        stage: domain::pendency::StageAt { stage: row.stage, since },
    };
    StoredSummary { summary, refs }
}

/// The scope a question about `station` (when it names one) is asked in: a posting's station
/// filter that lies in its area holds nothing outside it, so it is asked of the state, where
/// the figures kept per station answer counts, overdue and date ranges without reading rows.
fn scope_for(viewer: &Viewer, station: Option<i64>) -> Scope {
    match (&viewer.reach, station) {
        (Reach::Area(area), Some(s)) if area.stations.contains(&s) => Scope::State,
        _ => scope_of(viewer),
    }
}

/// Where a number lookup's page ended: the number and the id, after this mark.
const NUMBER_CURSOR: &str = "number.";

fn number_cursor(key: &str, id: i64) -> String {
    format!("{NUMBER_CURSOR}{}", store::position_cursor(&cases::numbers::position(key, id)))
}

fn number_after(cursor: &str) -> Option<(String, i64)> {
    let position = store::position_from_cursor(cursor.strip_prefix(NUMBER_CURSOR)?)?;
    let (key, id) = position.rsplit_once('#')?;
    Some((key.to_string(), id.parse().ok()?))
}

fn scope_of(viewer: &Viewer) -> Scope {
    match &viewer.reach {
        Reach::State => Scope::State,
        Reach::Own { user_id } => Scope::Own(*user_id),
        Reach::Area(area) => Scope::Area { stations: area.stations.iter().copied().collect(), districts: area.districts.iter().copied().collect() },
    }
}

fn overdue_of(clock: &Clock) -> Overdue {
    let limits = clock.limits.iter().flat_map(|(priority, stages)| stages.iter().map(move |(stage, days)| ((*priority, *stage), *days))).collect();
    Overdue { today: clock.today, limits: PendencyTable(limits) }
}

/// The list question of `filters` in the viewer's scope, newest first.
fn query_of(viewer: &Viewer, filters: &Filters) -> GrievanceQuery {
    GrievanceQuery {
        search: filters.search.clone(),
        fir_no: filters.fir_no.clone(),
        district_id: filters.district,
        police_station_id: filters.police_station,
        status_id: filters.status,
        priority_id: filters.priority,
        fir_date_from: filters.from_date.clone(),
        fir_date_to: filters.to_date.clone(),
        overdue: filters.overdue.as_ref().map(overdue_of),
        due: filters.due.map(|due| match due.days() {
            (from, to) => (from.map(date_text), date_text(to)),
        }),
        closure_pending: filters.closure_pending,
        appeal_pending: filters.appeal_pending,
        escalated_to: filters.escalated_to.as_ref().map(domain::escalation::posting_key),
        section: filters.section.as_ref().map(|f| (f.act.as_str().to_string(), f.section.as_ref().map(|s| s.as_str().to_string()))),
        assigned_to: filters.assignee.map(|a| match a {
            cases::reads::AssigneeFilter::Nobody => None,
            cases::reads::AssigneeFilter::User(user) => Some(user),
        }),
        crime_title: filters.crime_head.clone(),
        filed_from: filters.filed.as_ref().and_then(|f| f.from.clone()),
        filed_until: filters.filed.as_ref().and_then(|f| f.until.clone()),
        ids: filters.ids.clone(),
        // A clock filter lists by due day, latest first, as its index holds them.
        sort: match filters.order.key {
            SortKey::FiledAt if filters.due.is_some() && filters.order.is_default() => rows::Sort::Due,
            SortKey::FiledAt => rows::Sort::FiledAt,
            SortKey::FirDate => rows::Sort::FirDate,
            SortKey::Priority => rows::Sort::Priority,
            SortKey::Status => rows::Sort::Status,
        },
        direction: match filters.order.direction {
            SortDirection::Asc => rows::Direction::Asc,
            SortDirection::Desc => rows::Direction::Desc,
        },
        ..GrievanceQuery::new(scope_for(viewer, filters.police_station))
    }
}

#[async_trait]
impl Grievances for SqlGrievances {
    async fn next_id(&self) -> Result<i64> {
        self.reserve_ids(1).await
    }

    async fn get(&self, id: i64) -> Result<Option<Stored>> {
        Ok(self.read(move |conn| rows::get(conn, id)).await?.map(stored_of))
    }

    /// Both numbers' indexes read as one range, highest first, at most
    /// `numbers::LOOKUP_BUDGET` numbers; then the page's rows by id.
    async fn find_by_number(&self, viewer: &Viewer, query: &NumberQuery, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
        let after = cursor.map(|c| number_after(&c).ok_or_else(|| Error::BadRequest(Msg::CursorInvalid))).transpose()?;
        let (query, scope) = (query.clone(), scope_of(viewer));
        let (rows, cursor, examined, bounded) = self
            .read(move |conn| {
                let lookup = rows::NumberLookup { key: query.key(), exact: query.matching == NumberMatch::Exact, scope: &scope, after, budget: LOOKUP_BUDGET };
                let hits = rows::by_number(conn, &lookup)?;
                let read_all = hits.len() < LOOKUP_BUDGET;
                let mut ids = Vec::new();
                let mut cursor = None;
                let mut bounded = false;
                for (at, hit) in hits.iter().enumerate() {
                    let numbers: Vec<String> = [&hit.grievance_number, &hit.fir_no].into_iter().filter(|n| !n.is_empty()).cloned().collect();
                    // Answered once, under its highest number that matches.
                    if hit.visible && query.answered_under(&numbers) == Some(hit.key.as_str()) {
                        ids.push(hit.id);
                    }
                    if ids.len() == limit {
                        cursor = (at + 1 < hits.len() || !read_all).then(|| number_cursor(&hit.key, hit.id));
                        break;
                    }
                }
                // The budget ran out before the page was full: more may follow the last number read.
                if ids.len() < limit && !read_all {
                    cursor = hits.last().map(|hit| number_cursor(&hit.key, hit.id));
                    bounded = true;
                }
                let mut found = Vec::with_capacity(ids.len());
                for id in ids {
                    found.extend(rows::get(conn, id)?);
                }
                Ok((found, cursor, hits.len().min(LOOKUP_BUDGET) as u64, bounded))
            })
            .await?;
        Ok(StoredPage { items: rows.into_iter().map(stored_of).collect(), cursor, examined, bounded, matched: None })
    }

    async fn source(&self, source_id: &str) -> Result<Option<RecordSource>> {
        let source_id = source_id.to_string();
        let record = self.read(move |conn| store::sql::sources::get(conn, &source_id)).await?;
        record.map(|r| serde_json::from_str(&r).map_err(Error::internal)).transpose()
    }

    async fn same_fir(&self, station_id: i64, fir_key: &str, year: &str) -> Result<SameFir> {
        let (fir_key, year) = (fir_key.to_string(), year.to_string());
        let rows = self.read(move |conn| rows::same_fir(conn, station_id, &fir_key, &year)).await?;
        let token = fir_token(rows.iter().map(|r| r.id));
        Ok(SameFir { grievances: rows.into_iter().map(stored_of).collect(), token })
    }

    async fn commit(&self, change: GrievanceChange<'_>) -> Result<()> {
        let subject = &change.after.or(change.before).expect("a change has a grievance").grievance;
        let id = subject.id;
        let empty = Refs::new();
        // The events it raises go to the outbox with it (`cases::notices`).
        let events = cases::notices::events_of(&change);
        let fir_guard = change.fir_guard.clone();
        let source = match change.source {
            Some(s) => Some((s.source_id.clone(), s.grievance_id, serde_json::to_string(s).map_err(Error::internal)?, change.before.is_none())),
            None => None,
        };
        let audit = change.audit;
        let trail = records_of(subject.into(), audit.change, &audit.actor, &audit.at, audit.entries);
        let uses = crate::sqlite::lists::use_deltas(change.before.map(|b| &b.refs).unwrap_or(&empty), change.after.map(|a| &a.refs).unwrap_or(&empty));
        let before = change.before.map(|b| b.grievance.version);
        let after = change.after.map(row_of);
        // A deletion takes the grievance's case files with it and hands its blobs to the sweep;
        // one into the trash keeps them there, blobs in place, in the same transaction.
        let deletion_sweep = change.after.is_none().then(|| sweep_token(&domain::clock::now_precise_text(), id));
        let trashed = match change.trash.filter(|_| change.after.is_none()) {
            Some(t) => Some((t.deleted_at.clone(), serde_json::to_string(t).map_err(Error::internal)?)),
            None => None,
        };
        let outcome = self
            .store
            .transact_with(Vec::new(), move |tx| {
                // The writer is one at a time: what the FIR number's check read is still so,
                // or another grievance took the number meanwhile.
                if let Some(guard) = &fir_guard {
                    let now = rows::same_fir(tx, guard.station_id, &guard.fir_key, &guard.year)?;
                    if fir_token(now.iter().map(|r| r.id).filter(|other| *other != id)) != guard.token {
                        return Err(SqlError::Taken);
                    }
                }
                // An item named that was deleted meanwhile fails it (see `sql_error`).
                crate::sqlite::lists::count_uses(tx, &uses)?;
                match (before, after) {
                    (None, Some(row)) => rows::insert(tx, &row)?,
                    (Some(version), Some(row)) => rows::update(tx, &row, version)?,
                    (Some(version), None) => rows::delete_version(tx, id, version)?,
                    (None, None) => (),
                }
                if let Some((source_id, grievance_id, record, claim)) = &source {
                    store::sql::sources::put(tx, source_id, *grievance_id, record, *claim)?;
                }
                if let Some(token) = &deletion_sweep {
                    remove_case_files(tx, id, trashed.is_none().then_some(token.as_str()))?;
                }
                if let Some((deleted_at, record)) = &trashed {
                    crate::sqlite::case_files::put_trashed(tx, id, deleted_at, record)?;
                }
                crate::sqlite::notices::record_events(tx, &events)?;
                trail.append(tx)
            })
            .await;
        // An item named that was deleted meanwhile fails its use's count (see `sql_error`).
        outcome?.map_err(sql_error)
    }

    async fn record_case_file_change(&self, grievance: &Grievance, change: CaseFileChange, actor: &Actor, entry: AuditEntry) -> Result<()> {
        // A sequence number, not a version, keeps the record's id apart from others.
        let change_number = crate::sqlite::trail::next_event(&self.store).await?;
        let write = CaseFileWrite::of(grievance.id, &change)?;
        let trail = records_of(AuditSubject::from(grievance), AuditChange::Event(change_number), actor, &domain::clock::now_text(), vec![entry]);
        let id = grievance.id;
        // A refusal is an error of the closure, so that what was written rolls back. The
        // change's own condition is asked first, as the item engine's conditional writes are.
        let outcome = self
            .store
            .transact_with(Vec::new(), move |tx| {
                if !write.apply(tx)? {
                    return Err(CaseFileRefusal::Changed);
                }
                if !rows::exists(tx, id)? {
                    return Err(CaseFileRefusal::GrievanceGone);
                }
                Ok(trail.append(tx)?)
            })
            .await?;
        match outcome {
            Ok(()) => Ok(()),
            // One of the caller's own conditions: someone else got there first.
            Err(CaseFileRefusal::Changed) => Err(Error::Conflict(Msg::ChangedConcurrently)),
            Err(CaseFileRefusal::GrievanceGone) => Err(Error::NotFound(Msg::GrievanceNotFound)),
            Err(CaseFileRefusal::Sql(e)) => Err(sql_error(e)),
        }
    }

    async fn list(&self, viewer: &Viewer, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
        let (found, cursor) = self.page_of(viewer, filters, limit, cursor, rows::page_with).await?;
        let examined = found.len() as u64;
        Ok(StoredPage { items: found.into_iter().map(stored_of).collect(), cursor, examined, bounded: false, matched: None })
    }

    /// The same page as `list`, each row read without the rest of its record.
    async fn summaries(&self, viewer: &Viewer, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<StoredPage<StoredSummary>> {
        let (found, cursor) = self.page_of(viewer, filters, limit, cursor, rows::summaries_with).await?;
        let examined = found.len() as u64;
        Ok(StoredPage { items: found.into_iter().map(summary_of).collect(), cursor, examined, bounded: false, matched: None })
    }

    /// Both exact, in SQL: the total from the figures (or the user's own rows), the matches
    /// as the relational engine counts them. Only a text too short for the trigram index
    /// leaves the matches unknown.
    async fn count(&self, viewer: &Viewer, filters: &Filters) -> Result<ListCount> {
        let all = GrievanceQuery::new(scope_of(viewer));
        let q = query_of(viewer, filters);
        let unknown_item = filters.unknown_item;
        let filters_empty = filters.is_empty();
        let memo = self.counts.clone();
        let (total, matched) = self
            .read_maybe_long(q.has_text(), move |conn| {
                let total = memo.count(conn, &all)? as i64;
                let matched = if unknown_item {
                    Some(0)
                } else if filters_empty {
                    // Nothing filters: the matches are the total, already counted.
                    Some(total)
                } else {
                    match memo.count(conn, &q) {
                        Ok(n) => Some(n as i64),
                        Err(SqlError::TextTooShort) => None,
                        Err(e) => return Err(e),
                    }
                };
                Ok((total, matched))
            })
            .await?;
        Ok(ListCount { total, matched })
    }

    async fn tallies(&self, viewer: &Viewer) -> Result<Tallies> {
        let scope = scope_of(viewer);
        let f = self.read(move |conn| rows::figures(conn, &scope)).await?;
        let by_id = |m: BTreeMap<Option<i64>, i64>| m.into_iter().map(|(id, n)| (id.unwrap_or(0), n)).collect();
        Ok(Tallies {
            total: f.total,
            done: f.done,
            resolved_count: f.resolved_count,
            resolution_days: f.resolution_days,
            by_status: by_id(f.by_status),
            by_priority: by_id(f.by_priority),
        })
    }

    async fn station_tallies(&self, viewer: &Viewer) -> Result<Vec<StationTally>> {
        let scope = scope_of(viewer);
        let stations = self.read(move |conn| rows::station_figures(conn, &scope)).await?;
        Ok(stations
            .into_iter()
            .filter(|s| s.total > 0)
            .map(|s| StationTally { station_id: s.police_station_id.unwrap_or(0), total: s.total, done: s.done })
            .collect())
    }

    async fn overdue_by_station(&self, viewer: &Viewer, clock: &Clock, stations: &[i64]) -> Result<BTreeMap<i64, i64>> {
        let overdue = overdue_of(clock);
        let memo = self.counts.clone();
        let scopes: Vec<(i64, Scope)> = stations.iter().map(|s| (*s, scope_for(viewer, Some(*s)))).collect();
        let viewer_scope = scope_of(viewer);
        self.read(move |conn| {
            // The stations asked of the state are counted together, from the stage figures
            // (of those stations alone for an office that sees less than the state); one's own
            // cases (and an area's grievances without a station) station by station.
            let of_state: Vec<i64> = scopes.iter().filter(|(_, scope)| *scope == Scope::State).map(|(station, _)| *station).collect();
            let asked = (!matches!(viewer_scope, Scope::State)).then_some(of_state.as_slice());
            let state = (!of_state.is_empty()).then(|| memo.overdue_by_station(conn, &overdue, asked)).transpose()?.unwrap_or_default();
            let mut counts = BTreeMap::new();
            for (station, scope) in scopes {
                let n = match scope {
                    Scope::State => state.get(&station).copied().unwrap_or(0),
                    scope => memo.count(conn, &GrievanceQuery { police_station_id: Some(station), overdue: Some(overdue.clone()), ..GrievanceQuery::new(scope) })?,
                };
                counts.insert(station, n as i64);
            }
            Ok(counts)
        })
        .await
    }

    async fn report_facts(&self, viewer: &Viewer, query: &cases::reports::ReportQuery) -> Result<cases::reports::ReportFacts> {
        self.reports(viewer, query).await
    }

    async fn missed_clocks(&self, viewer: &Viewer, query: &cases::reports::ReportQuery, most: usize) -> Result<Vec<Grievance>> {
        self.missed_clocks(viewer, query, most).await
    }

    async fn rating_tallies(&self, viewer: &Viewer, period: &cases::reports::Period) -> Result<Vec<cases::satisfaction::RatingTally>> {
        self.rating_tallies(viewer, period).await
    }

    async fn dues_indexed_for(&self) -> Result<Option<DuesIndexed>> {
        let kept = self.read(rows::dues_indexed_for).await?;
        Ok(kept.map(|(revision, since, unread)| DuesIndexed {
            revision,
            since: since.as_deref().and_then(domain::day::parse_date),
            unread_sections: unread.map(|n: i64| n as u64),
        }))
    }

    async fn record_dues_indexed(&self, indexed: &DuesIndexed) -> Result<()> {
        let (revision, since) = (indexed.revision, indexed.since.map(date_text));
        let unread = indexed.unread_sections.map(|n| n as i64);
        self.store.transact_with(Vec::new(), move |tx| rows::record_dues_indexed(tx, revision, since.as_deref(), unread)).await?.map_err(sql_error)
    }

    /// Every row, 500 at a time by id: each read, its indexes worked out, and those that move
    /// written in one short transaction per step, so writers wait one step at most.
    async fn reindex_dues(&self, indexer: &cases::indexes::CaseIndexer) -> Result<Reindexed> {
        let (mut after, mut moved, mut unread_sections) = (0, 0, 0);
        loop {
            let batch = self.read(move |conn| rows::rows_after(conn, after, 500)).await?;
            let Some(last) = batch.last() else { break };
            after = last.id;
            let changes: Vec<rows::CaseIndex> = batch
                .into_iter()
                .filter_map(|row| {
                    let mut g = stored_of(row).grievance;
                    unread_sections += cases::statutory::sections_unread(&g) as u64;
                    indexer.index(&mut g).then(|| rows::CaseIndex {
                        id: g.id,
                        version: g.version,
                        next_due: g.next_due.as_ref().map(|d| d.as_str().to_string()),
                        clock_runs: runs_text(&g.clock_runs),
                        people_text: g.people_text.clone(),
                    })
                })
                .collect();
            if !changes.is_empty() {
                moved += self.store.transact_with(Vec::new(), move |tx| rows::set_case_indexes(tx, &changes)).await?.map_err(sql_error)?;
            }
        }
        Ok(Reindexed { moved, unread_sections })
    }

    async fn upgrade(&self) -> Result<u64> {
        if !self.store.holds_items().await? {
            // A file this release made holds no items to move.
            return Ok(0);
        }
        self.adopt_items().await
    }
}
