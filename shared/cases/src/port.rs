//! The grievances port: what the rules of `writes`, `reads` and the dashboards ask of the
//! place grievances are kept, in domain types. The engines implementing it are in `engines`
//! (items of the generic store, and the relational SQLite schema); no key, index name or
//! attribute map crosses it. A change that must be atomic is one call: [`Grievances::commit`] writes the
//! grievance, its audit records and the figures the engine keeps, all or nothing.

use crate::pendency::Clock;
use crate::record::{Actor, Grievance};
use crate::summary::Summary;
use async_trait::async_trait;
use domain::audit::AuditAction;
use domain::jurisdiction::Reach;
use domain::lists::ListKind;
use domain::Result;
use std::collections::BTreeMap;
use serde::{Deserialize, Serialize};

/// The admin-list items a grievance names, by list.
pub type Refs = BTreeMap<ListKind, i64>;

/// A grievance as kept, with the items it names. Its list-backed names are as they were
/// written; callers relabel them from the lists (see `relabel::relabel_all`).
#[derive(Clone, Debug)]
pub struct Stored {
    pub grievance: Grievance,
    pub refs: Refs,
}

/// A grievance's list row as kept (`summary`), with the items it shows by name
/// ([`Summary::NAMED`], relabelled as a [`Stored`] grievance's are).
#[derive(Clone, Debug)]
pub struct StoredSummary {
    pub summary: Summary,
    pub refs: Refs,
}

impl StoredSummary {
    pub fn of(stored: &Stored) -> StoredSummary {
        let refs = stored.refs.iter().filter(|(kind, _)| Summary::NAMED.contains(kind)).map(|(kind, id)| (*kind, *id)).collect();
        StoredSummary { summary: Summary::of(&stored.grievance), refs }
    }
}

/// Which change of a grievance audit records are of: a new version of it, or a numbered
/// event beside it (a note, an attachment, an export). The two number their records apart,
/// so a record's id is unique in the trail.
#[derive(Clone, Copy, Debug)]
pub enum AuditChange {
    Version(i64),
    Event(i64),
}

/// The audit records one change writes, all by one actor at one time.
pub struct AuditBatch {
    pub actor: Actor,
    /// When, as `domain::clock` writes times.
    pub at: String,
    pub change: AuditChange,
    pub entries: Vec<AuditEntry>,
}

/// An attachment as kept: its record, the blob that holds its bytes, and when it was
/// confirmed to the microsecond (what orders two uploads of one second).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct KeptAttachment {
    pub attachment: Attachment,
    pub blob: String,
    pub confirmed_at: String,
}

/// A deleted grievance as the trash keeps it until it is restored or purged: the record
/// whole (a sensitive case's victims too: it comes back as it was), its notes, attachment
/// records (whose blobs stay in place) and links, and who deleted it, when and why.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Trashed {
    pub grievance: Grievance,
    pub notes: Vec<Note>,
    pub attachments: Vec<KeptAttachment>,
    pub links: Vec<i64>,
    pub deleted_at: String,
    pub deleted_by: i64,
    pub deleted_by_name: String,
    /// Why, as the officer who deleted it said; `None` when they gave no reason.
    pub reason: Option<String>,
}

/// The blobs a deleted grievance's attachments kept, for the sweep to delete; `token` names
/// them to [`CaseFiles::swept`].
#[derive(Clone, Debug, PartialEq)]
pub struct BlobsToSweep {
    pub token: String,
    pub blobs: Vec<String>,
}

// What the rules ask and are answered in is defined here, beside the trait: the reader and
// the filters of a list, a number lookup, an audit record to write, a note and an
// attachment's record. The rules' modules import the port and the port none of them;
// their rules (`impl Viewer` and `impl Filters` in `reads`, `impl NumberQuery` in
// `numbers`, ...) stay with the rules, and those modules re-export these names.

/// Who is reading, and which grievances they reach.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Viewer {
    pub user_id: i64,
    pub reach: Reach,
}

/// The list filters. Empty means "any". The list-backed ones are the items' ids: a filter
/// names an item (see [`FilterNames::resolve`]), never a text the stored grievances must
/// spell alike.
#[derive(Clone, Debug, Default)]
pub struct Filters {
    pub search: Option<String>,
    pub fir_no: Option<String>,
    pub district: Option<i64>,
    pub police_station: Option<i64>,
    pub status: Option<i64>,
    pub priority: Option<i64>,
    pub from_date: Option<String>,
    pub to_date: Option<String>,
    /// Only grievances past their stage's limit, told by this clock.
    pub overdue: Option<Clock>,
    /// Only grievances by the due day of their open statutory clocks (`Grievance::next_due`).
    pub due: Option<DueFilter>,
    /// The list-backed filters by name, as the Admin Panel calls the items (for headings).
    pub named: FilterNames,
    /// A filter names no item of its list: nothing can match.
    pub unknown_item: bool,
    /// Only grievances with a closure request waiting for approval (the "Closure requests"
    /// queue).
    pub closure_pending: bool,
    /// Only grievances escalated to this posting (the "Escalated to me" queue).
    pub escalated_to: Option<domain::jurisdiction::Posting>,
    /// Only grievances whose complainant's appeal awaits a decision (the "Appeals" queue).
    pub appeal_pending: bool,
    /// Only grievances registered under a section of this act (or this very section).
    pub section: Option<SectionFilter>,
    /// Only grievances assigned to this user, or assigned to nobody.
    pub assignee: Option<AssigneeFilter>,
    /// Only grievances whose crime title, as filed, is this one (lower case; capitals and
    /// surrounding blanks do not matter).
    pub crime_head: Option<String>,
    /// Only grievances filed within these days in India: the first moment of the first day
    /// and of the day after the last (`domain::clock::india_day_start`), as UTC times.
    pub filed: Option<FiledRange>,
    /// Only these grievances (a selection the user made on the list): at most
    /// [`SELECTION_LIMIT`], read by id.
    pub ids: Option<Vec<i64>>,
    /// The order of the list; it filters nothing.
    pub order: Order,
}

/// Who the grievances of a list are assigned to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssigneeFilter {
    Nobody,
    User(i64),
}

/// A filing-date range as the times it runs between: from `from` (inclusive) to `until`
/// (exclusive), each a UTC time as the portal records times, or open at that end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FiledRange {
    pub from: Option<String>,
    pub until: Option<String>,
}

/// How many grievances a selection may name: a page of the list at its largest.
pub const SELECTION_LIMIT: usize = 200;

/// The act-and-section filter of a list: a case's sections as it keeps them, or as its
/// "Section & Act" is read when it keeps none (`domain::law::citation::kept_or_read`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionFilter {
    pub act: domain::law::section::Act,
    /// Absent: any section of the act. Present: that section and its sub-divisions ("303"
    /// finds "303(2)"; "376" does not find "376AB", another section).
    pub section: Option<domain::law::section::SectionNo>,
}

/// The statutory-clock filters of a list, told on `today` (a day in India). A case is in
/// one of them at most: one with a clock missed is in "missed", whatever else falls due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DueFilter {
    /// A clock left unmet past its due day: the earliest open due day is before today (and,
    /// with `since`, not before that day).
    Missed { today: time::Date, since: Option<time::Date> },
    /// None missed, and the earliest open due day is from today to `days` days on.
    DueWithin { today: time::Date, days: u16 },
}

/// Which clock rules the grievances' due days were worked out by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuesIndexed {
    /// The law revision (`domain::law::LawSettings::revision`).
    pub revision: i64,
    /// The day the due days were first worked out for cases kept without one (data of a
    /// release before the clocks); none when no such case was found. Duties that fell due
    /// before it were never on anyone's screen: they are listed as missed, not escalated.
    pub since: Option<time::Date>,
    /// How many grievances kept no sections of their own and had a "Section & Act" that could
    /// not be read whole into sections (`statutory::sections_unread`), as the last working-out
    /// found them; none before the first.
    pub unread_sections: Option<u64>,
}

/// What working out every grievance's due day found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reindexed {
    /// The grievances whose due day or kept runs moved.
    pub moved: u64,
    /// The grievances whose free-text sections could not be read whole.
    pub unread_sections: u64,
}

/// The list-backed filters as a request names them.
#[derive(Clone, Debug, Default)]
pub struct FilterNames {
    pub district: Option<String>,
    pub police_station: Option<String>,
    pub status: Option<String>,
    pub priority: Option<String>,
}

/// The column a list is sorted by. Priority and status go by the items' display order in
/// the Admin Panel (their rank), so renaming an item never reorders a list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SortKey {
    #[default]
    FiledAt,
    FirDate,
    Priority,
    Status,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SortDirection {
    Asc,
    #[default]
    Desc,
}

/// A list's order: by `key`, ties broken by grievance id in the same direction. The default
/// is newest filed first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Order {
    pub key: SortKey,
    pub direction: SortDirection,
}

/// How the looked-up text must match a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NumberMatch {
    /// The whole number, whatever its capitals.
    Exact,
    /// The number's first characters.
    Prefix,
}

/// A lookup: a non-empty text of number characters, and how it must match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberQuery {
    /// Set by `NumberQuery::parse` (in `numbers`), which checks it; read with `key()`.
    pub(crate) key: String,
    pub matching: NumberMatch,
}

/// One audit record to write.
pub struct AuditEntry {
    pub action: AuditAction,
    pub field_name: Option<String>,
    pub old_value: Option<String>,
    pub new_value: Option<String>,
    pub notes: Option<String>,
    pub action_details: Option<serde_json::Value>,
}

// A note on a grievance, as kept. (No doc comment: it would become the API schema's
// description.)
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Note {
    pub id: String,
    pub grievance_id: i64,
    pub text: String,
    /// The id of the earlier note this one corrects; null for a plain note.
    pub corrects: Option<String>,
    pub author_id: i64,
    pub author_name: String,
    /// RFC 3339.
    pub created_at: String,
}

// An attachment's record, as kept; its bytes are a blob (`KeptAttachment`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Attachment {
    pub id: String,
    pub grievance_id: i64,
    pub file_name: String,
    /// As read from the content, whatever the name says.
    pub content_type: String,
    /// Bytes.
    pub size: u64,
    pub uploaded_by: i64,
    pub uploaded_by_name: String,
    /// RFC 3339.
    pub uploaded_at: String,
}

/// A change of a grievance's case file (a note, an attachment record, a link), written beside
/// the grievance: it leaves the grievance itself unchanged, so it takes no version and
/// conflicts with no edit.
#[derive(Clone, Debug)]
pub enum CaseFileChange {
    /// A note, numbered by [`CaseFiles::next_note_id`].
    Note(Note),
    /// A new attachment record; refused when one with its id is kept already.
    Attachment(KeptAttachment),
    /// The removal of an attachment record (its id); refused when it is gone already.
    AttachmentRemoved(String),
    /// A link to another grievance (its id), kept on both; refused when they are linked.
    Link(i64),
    /// The removal of a link to another grievance; refused when they are not linked.
    Unlink(i64),
    /// Nothing kept beside the case but its audit record: an event on the case that changes
    /// none of it (an identity revealed).
    RecordOnly,
}

/// One change of a grievance: `before` as it was read (its version is the condition; `None`
/// files a new one), `after` as it is to be (`None` deletes it).
pub struct GrievanceChange<'a> {
    pub before: Option<&'a Stored>,
    pub after: Option<&'a Stored>,
    pub audit: AuditBatch,
    /// With a deletion (`after` is `None`): the grievance goes to the trash, kept whole with
    /// its case files in the deletion's own transaction, and its attachments' blobs are not
    /// handed to the sweep. Without it a deletion removes everything.
    pub trash: Option<&'a Trashed>,
    /// The FIR number `after` takes was checked for duplicates (not confirmed as one): the
    /// change is written only if no grievance took that number since the check (409
    /// `domain::Msg::FirTakenMeanwhile`), so two officers saving the same FIR at once cannot both pass.
    pub fir_guard: Option<FirGuard>,
    /// The earlier register's record this change brings in (an import): kept beside the
    /// grievance in the same transaction. With a filing it is a claim on the source's
    /// identifier, refused when another grievance holds it (409
    /// `domain::Msg::ImportSourceTaken`), so that two runs of one file file a row once.
    pub source: Option<&'a RecordSource>,
}

/// Where an imported grievance came from: the identifier the earlier register gave it, the
/// file and the import that brought it in, the row, and a digest of the row as read (a later
/// import of a changed row updates the grievance; of the same row, nothing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordSource {
    pub source_id: String,
    pub grievance_id: i64,
    pub file_name: String,
    pub import_id: String,
    pub row: u64,
    pub row_digest: String,
}

/// The grievances with one FIR number at one police station in one year, as an engine read
/// them, and its token of that reading (see [`FirGuard`]).
pub struct SameFir {
    pub grievances: Vec<Stored>,
    pub token: String,
}

/// What a change's FIR number was checked against: the engine's token from [`SameFir`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirGuard {
    pub station_id: i64,
    pub fir_key: String,
    pub year: String,
    pub token: String,
}

/// A page of grievances as kept (or of their list rows, [`StoredSummary`]), and how it
/// was read.
pub struct StoredPage<T = Stored> {
    pub items: Vec<T>,
    /// Continue from here; present while more may match.
    pub cursor: Option<String>,
    /// How many grievances the engine read to answer.
    pub examined: u64,
    /// The engine stopped before it had a full page, to bound its work: the page is short
    /// (maybe empty) though more matches may follow the cursor.
    pub bounded: bool,
    /// How many grievances match, when the engine read that to answer anyway (every key of
    /// a FIR-date range), so that no second read counts them.
    pub matched: Option<i64>,
}

/// The figures kept with the grievances for one scope (the state's, or one user's cases).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tallies {
    pub total: i64,
    /// Grievances whose status means resolved or closed.
    pub done: i64,
    /// Of those, how many have a resolution date, and their days from filing, summed.
    pub resolved_count: i64,
    pub resolution_days: i64,
    /// By status item id (0: none).
    pub by_status: BTreeMap<i64, i64>,
    /// By priority item id (0: none).
    pub by_priority: BTreeMap<i64, i64>,
}

/// A list's counts: every grievance in the viewer's scope, and the matches when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListCount {
    pub total: i64,
    pub matched: Option<i64>,
}

/// One police station's figures (id 0: grievances without a station).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StationTally {
    pub station_id: i64,
    pub total: i64,
    pub done: i64,
}

#[async_trait]
pub trait Grievances: Send + Sync + 'static {
    /// A new grievance id, never handed out twice.
    async fn next_id(&self) -> Result<i64>;

    /// The grievance, whoever may see it (the caller applies the scope).
    async fn get(&self, id: i64) -> Result<Option<Stored>>;

    /// [`Grievances::get`], read to be changed by this process next: an engine may read with
    /// it, in the same call, what the change will need (the item engine: the head of the
    /// grievance's audit chain), so that a change costs one read and one write.
    async fn get_to_change(&self, id: i64) -> Result<Option<Stored>> {
        self.get(id).await
    }

    /// Writes the change, its audit records, the figures and the admin-list usage counts,
    /// all or nothing. A `before` whose version moved on is 409 `domain::Msg::GrievanceStale`; an item
    /// named that was deleted meanwhile is 409 too. A deletion takes the grievance's notes,
    /// attachment records and links with it, in its transaction or by
    /// [`Grievances::finish_deletions`], and leaves its attachments' blobs to the sweep
    /// ([`CaseFiles::blobs_to_sweep`]).
    async fn commit(&self, change: GrievanceChange<'_>) -> Result<()>;

    /// Writes `change` with its audit record (`entry`, by `actor`, now), on condition that
    /// the grievance still exists (else 404). A new attachment whose id is kept already, or
    /// the removal of one that is gone, is 409 `domain::Msg::ChangedConcurrently`.
    async fn record_case_file_change(&self, grievance: &Grievance, change: CaseFileChange, actor: &Actor, entry: AuditEntry) -> Result<()>;

    /// Every grievance at police station `station_id` whose FIR number has the key `fir_key`
    /// (`domain::grievance::fir_key`) and whose FIR date lies in `year` (`YYYY`), whoever
    /// may see them (the caller applies the scope), with a token for [`FirGuard`]. Read
    /// through an index: a station's numbers of a year are few.
    async fn same_fir(&self, station_id: i64, fir_key: &str, year: &str) -> Result<SameFir>;

    /// The source record of the grievance imported with identifier `source_id`, if any (the
    /// grievance itself may have been deleted since).
    async fn source(&self, source_id: &str) -> Result<Option<RecordSource>>;

    /// [`Grievances::source`] of many identifiers at once (a batch of an import's rows), by
    /// identifier; those not imported are left out.
    async fn sources(&self, source_ids: &[String]) -> Result<BTreeMap<String, RecordSource>> {
        let mut found = BTreeMap::new();
        for id in source_ids {
            if let Some(source) = self.source(id).await? {
                found.insert(id.clone(), source);
            }
        }
        Ok(found)
    }

    /// The grievances the viewer may see that match `filters`, newest first.
    async fn list(&self, viewer: &Viewer, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<StoredPage>;

    /// [`Grievances::list`]'s page as list rows (`summary`): the same grievances in the same
    /// order, with the same cursor. By default projected from the whole records; an engine
    /// that keeps the row's fields apart from the rest of the record reads those alone.
    async fn summaries(&self, viewer: &Viewer, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<StoredPage<StoredSummary>> {
        let StoredPage { items, cursor, examined, bounded, matched } = self.list(viewer, filters, limit, cursor).await?;
        let items = items.iter().map(StoredSummary::of).collect();
        Ok(StoredPage { items, cursor, examined, bounded, matched })
    }

    /// The grievances the viewer may see whose grievance number or FIR number answers `query`
    /// (`crate::numbers`), highest number first (`numbers::position`), each once, under its
    /// highest number that answers. Read through an index of the numbers, examining at most
    /// `numbers::LOOKUP_BUDGET` of them: a page may be short (`bounded`) while more follow the
    /// cursor. `matched` is left unknown.
    async fn find_by_number(&self, viewer: &Viewer, query: &NumberQuery, limit: usize, cursor: Option<String>) -> Result<StoredPage>;

    /// How many grievances the viewer can see, and how many of them match `filters` when
    /// the engine can tell without reading the matches.
    async fn count(&self, viewer: &Viewer, filters: &Filters) -> Result<ListCount>;

    /// The figures of the viewer's reach: the whole state's, their area's and own cases', or
    /// their own cases'.
    async fn tallies(&self, viewer: &Viewer) -> Result<Tallies>;

    /// The viewer's figures per police station, stations with grievances only.
    async fn station_tallies(&self, viewer: &Viewer) -> Result<Vec<StationTally>>;

    /// How many of the viewer's grievances at each of `stations` are overdue by `clock`.
    async fn overdue_by_station(&self, viewer: &Viewer, clock: &Clock, stations: &[i64]) -> Result<BTreeMap<i64, i64>>;

    /// The figures of the MIS reports (`crate::reports`) over the viewer's grievances filed
    /// in the query's period. An engine that cannot count them within bounded work answers
    /// 400 [`domain::Msg::ReportScopeTooLarge`], never a partial figure.
    async fn report_facts(&self, viewer: &Viewer, query: &crate::reports::ReportQuery) -> Result<crate::reports::ReportFacts>;

    /// The viewer's grievances filed in the query's period with a statutory clock missed
    /// (open, due before the query's today: a next due day before it), earliest next due day
    /// first (then by id), at most `most`. Bounded as [`Grievances::report_facts`].
    async fn missed_clocks(&self, viewer: &Viewer, query: &crate::reports::ReportQuery, most: usize) -> Result<Vec<Grievance>>;

    /// The ratings the complainants of the viewer's grievances gave in `period` (by the day
    /// each was given), by station (at the rating) and rating (`crate::satisfaction`).
    async fn rating_tallies(&self, viewer: &Viewer, period: &crate::reports::Period) -> Result<Vec<crate::satisfaction::RatingTally>>;

    /// Finishes at most `limit` deletions, oldest first, answering how many. An engine whose
    /// transactions are bounded (the item engine: DynamoDB's 100 writes, and a request's
    /// store calls, which must not grow with what hangs off a grievance) removes a deleted
    /// grievance's notes, attachment records, links and the pointers to its history here,
    /// and names its attachments' blobs for the sweep. Until then nothing reaches them but the
    /// place's audit trail, which still shows the history. The others finish a deletion in
    /// its own transaction.
    async fn finish_deletions(&self, _limit: usize) -> Result<usize> {
        Ok(0)
    }

    /// Brings in grievances an earlier release kept in another shape: an upgrade step run
    /// at start, answering how many it moved (none when there is nothing to do).
    async fn upgrade(&self) -> Result<u64> {
        Ok(0)
    }

    /// Which rules the grievances' due days (`Grievance::next_due`) were last worked out by;
    /// none before the first time.
    async fn dues_indexed_for(&self) -> Result<Option<DuesIndexed>>;

    /// Works out every grievance's indexes again by `indexer` (its due days and runs, and what
    /// a search may find of its people), writing only those that move, each on condition that
    /// the grievance is unchanged since read (one changed meanwhile had them worked out by its
    /// change). Answers how many moved, and how many have sections left as free text that
    /// could not be read whole (`statutory::sections_unread`).
    async fn reindex_dues(&self, indexer: &crate::indexes::CaseIndexer) -> Result<Reindexed>;

    /// Records which rules the due days are now of; the `since` of the first record stays.
    async fn record_dues_indexed(&self, indexed: &DuesIndexed) -> Result<()>;
}

/// Reading grievances' case files (see [`CaseFileChange`], written through
/// [`Grievances::record_case_file_change`] with its audit record): one engine serves both
/// grievance engines, as both keep notes and attachment records as items.
#[async_trait]
pub trait CaseFiles: Send + Sync + 'static {
    /// A new note id, never handed out twice.
    async fn next_note_id(&self) -> Result<i64>;

    /// The grievance's notes, newest first.
    async fn notes(&self, grievance_id: i64) -> Result<Vec<Note>>;

    /// The grievance's attachments, newest first.
    async fn attachments(&self, grievance_id: i64) -> Result<Vec<KeptAttachment>>;

    /// Blobs of deleted grievances' attachments, waiting for the sweep, oldest first; at most
    /// `limit` deletions' worth.
    async fn blobs_to_sweep(&self, limit: usize) -> Result<Vec<BlobsToSweep>>;

    /// Forgets blobs to sweep once they are deleted.
    async fn swept(&self, token: &str) -> Result<()>;

    /// One of the grievance's attachments.
    async fn attachment(&self, grievance_id: i64, id: &str) -> Result<Option<KeptAttachment>>;

    /// The ids of the grievances linked to this one, lowest first.
    async fn links(&self, grievance_id: i64) -> Result<Vec<i64>>;

    /// A grievance in the trash.
    async fn trashed(&self, grievance_id: i64) -> Result<Option<Trashed>>;

    /// The trash, the latest deletion first: at most `limit`, after the cursor of the page
    /// before, and the cursor that continues when more follow.
    async fn trash_page(&self, limit: usize, cursor: Option<String>) -> Result<(Vec<Trashed>, Option<String>)>;

    /// The grievances deleted before `before` (a time as the portal records times), the
    /// earliest first, at most `limit`: those whose retention has run out.
    async fn trashed_before(&self, before: &str, limit: usize) -> Result<Vec<Trashed>>;

    /// Puts back a trashed grievance's notes, attachment records and its links to the
    /// grievances of `linked_to` (those still there), before the grievance itself is put back;
    /// its trash record stays until [`CaseFiles::drop_trashed`]. Refused (409) when one of
    /// them is there already: the grievance was restored meanwhile.
    async fn restore_case_files(&self, trashed: &Trashed, linked_to: &[i64]) -> Result<()>;

    /// Forgets a grievance's trash record: after its restoring, or, with `sweep_blobs`, for
    /// good, its attachments' blobs handed to the sweep in the same transaction.
    async fn drop_trashed(&self, trashed: &Trashed, sweep_blobs: bool) -> Result<()>;

    /// Brings in what an earlier release kept in another shape (the embedded file's items):
    /// an upgrade step run at start, answering how many records it moved (none when there is
    /// nothing to do, as on DynamoDB, where the items are this port's own shape).
    async fn upgrade(&self) -> Result<u64> {
        Ok(0)
    }
}

/// What the grievance rules work over: the grievances port, what is kept beside them, the
/// admin lists port and the key that seals what the store must not hold plain.
#[derive(Clone, Copy)]
pub struct Cases<'a> {
    pub grievances: &'a dyn Grievances,
    pub files: &'a dyn CaseFiles,
    pub lists: &'a dyn lists::AdminLists,
    /// Seals the people's identity document numbers as they are written.
    pub sealer: &'a dyn domain::id_documents::Sealer,
}
