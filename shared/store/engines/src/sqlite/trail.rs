//! The audit trail as rows of the embedded SQLite file (`store::sql::audit`): a grievance's
//! records are appended in its change's transaction by [`crate::sqlite::grievances::SqlGrievances`];
//! events about no grievance here. Reads are SQL over the records and each user's readable
//! pairs, so a user without view_all reads only what they may read.

use domain::Msg;
use crate::dynamo::audit_records::{change_tag, event_subject, AuditSubject};
use store::sql::sequences;
use crate::dynamo::grievance_keys as keys;
use cases::port::AuditChange;
use cases::reads::{AuditRecord, Viewer};
use domain::jurisdiction::Reach;
use cases::record::Actor;
use cases::chain::{self, Verification, VerifyScope};
use cases::checkpoint::{SummaryBuilder, TrailSummary};
use cases::trail::{check_paging, AuditTrail, TrailAccess, TrailFilters};
use cases::writes::AuditEntry;
use async_trait::async_trait;
use domain::audit::{AuditAction, Details};
use domain::{Error, Result};
use std::sync::Arc;
use store::sql::audit::{self, Record, TextSearch, TrailQuery, TrailScope};
use store::sql::SqlError;
use store::sqlite::SqliteStore;
use store::{Index, Key, Query, Store, StoreError, Write};

/// The rows one change appends, and the users who may read them without view_all.
pub(crate) struct NewRecords {
    pub records: Vec<Record>,
    pub viewers: Vec<i64>,
}

impl NewRecords {
    /// Appends the records, each linked into its chain (see `cases::chain`) in the same
    /// transaction: the writer is one connection, so a chain's head cannot move meanwhile.
    pub(crate) fn append(&self, tx: &rusqlite::Connection) -> std::result::Result<(), SqlError> {
        let numbers = audit::append(tx, &self.records, &self.viewers)?;
        for (record, seq) in self.records.iter().zip(numbers) {
            link(tx, seq, record)?;
        }
        Ok(())
    }
}

/// Links record `seq` into its chain after the chain's head, and seals the head that moves
/// to it.
fn link(tx: &rusqlite::Connection, seq: i64, record: &Record) -> std::result::Result<(), SqlError> {
    let view = view_of(record.clone()).map_err(|e| SqlError::Corrupt(e.to_string()))?;
    let name = chain::chain_of(view.grievance_id, view.action, view.user_id);
    let head = audit::chain_head(tx, &name)?;
    // A head whose link is gone (a file changed behind the portal's back) is followed from the
    // chain's start: the check names the gap either way.
    let link = chain::next(name, head.map(|h| (h.link, h.hash.unwrap_or(chain::START))), &view);
    let seal = chain::seal_head(&link.chain, link.link, &link.hash);
    audit::append_link(tx, seq, &link.chain, link.link, &link.prev, &link.hash, &seal)
}

fn actor_of(actor: &Actor) -> audit::Actor {
    audit::Actor {
        user_id: actor.user_id,
        user_name: actor.name.clone(),
        user_email: actor.email.clone(),
        user_role: actor.role.clone(),
        ip_address: actor.ip.clone(),
        user_agent: actor.user_agent.clone(),
        session_id: actor.session_id.clone(),
    }
}

/// The records of one change, numbered within it in the order given.
pub(crate) fn records_of(subject: AuditSubject<'_>, change: AuditChange, actor: &Actor, at: &str, entries: Vec<AuditEntry>) -> NewRecords {
    let tag = change_tag(change);
    let who = actor_of(actor);
    let records = entries
        .into_iter()
        .enumerate()
        .map(|(position, e)| Record {
            grievance_id: subject.grievance_id,
            change_tag: tag.clone(),
            position: position as i64,
            grievance_number: subject.grievance_number.to_string(),
            action: e.action.as_str().to_string(),
            field_name: e.field_name,
            old_value: e.old_value,
            new_value: e.new_value,
            notes: e.notes,
            details: e.action_details.as_ref().and_then(Details::from_value),
            actor: who.clone(),
            created_at: at.to_string(),
        })
        .collect();
    let mut viewers = subject.visible_to;
    viewers.sort_unstable();
    viewers.dedup();
    NewRecords { records, viewers }
}

fn view_of(r: Record) -> Result<AuditRecord> {
    let action = AuditAction::parse(&r.action).ok_or_else(|| Error::internal(format!("unknown audit action {} in the trail", r.action)))?;
    Ok(AuditRecord {
        id: r.id(),
        grievance_id: r.grievance_id,
        grievance_number: r.grievance_number,
        action,
        field_name: r.field_name,
        old_value: r.old_value,
        new_value: r.new_value,
        notes: r.notes,
        action_details: r.details,
        user_id: r.actor.user_id,
        user_name: r.actor.user_name,
        user_email: r.actor.user_email,
        user_role: r.actor.user_role,
        ip_address: r.actor.ip_address,
        user_agent: r.actor.user_agent,
        session_id: r.actor.session_id,
        created_at: r.created_at,
    })
}

fn scope_of(viewer: &Viewer) -> TrailScope {
    match &viewer.reach {
        Reach::State => TrailScope::State,
        Reach::Own { user_id } => TrailScope::Readable(*user_id),
        Reach::Area(area) => {
            TrailScope::Area { user: viewer.user_id, stations: area.stations.iter().copied().collect(), districts: area.districts.iter().copied().collect() }
        }
    }
}

fn sql_error(e: SqlError) -> Error {
    Error::internal(e.to_string())
}

/// The audit trail in the store's SQLite file.
#[derive(Clone)]
pub struct SqlTrail {
    store: Arc<SqliteStore>,
}

impl SqlTrail {
    pub fn new(store: Arc<SqliteStore>) -> SqlTrail {
        SqlTrail { store }
    }

    async fn page(&self, q: TrailQuery) -> Result<Vec<AuditRecord>> {
        check_paging(q.limit, q.offset)?;
        let rows = self.store.read_with(move |conn| Ok::<_, StoreError>(audit::page(conn, &q))).await?.map_err(sql_error)?;
        rows.into_iter().map(view_of).collect()
    }
}

#[async_trait]
impl AuditTrail for SqlTrail {
    async fn for_grievance(&self, grievance_id: i64, access: TrailAccess, action: Option<AuditAction>, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
        if grievance_id < 1 {
            check_paging(limit, offset)?;
            return Ok(Vec::new());
        }
        let scope = match access {
            TrailAccess::Whole => TrailScope::State,
            TrailAccess::RecordByRecord(viewer) => scope_of(&viewer),
        };
        let q = TrailQuery { grievance_id: Some(grievance_id), action: action.map(|a| a.as_str().to_string()), ..TrailQuery::new(scope, limit, offset) };
        self.page(q).await
    }

    async fn readable_after_deletion(&self, grievance_id: i64, viewer: &Viewer) -> Result<bool> {
        if grievance_id < 1 {
            return Ok(false);
        }
        let scope = scope_of(viewer);
        let readable = self.store.read_with(move |conn| Ok::<_, StoreError>(audit::latest_readable(conn, grievance_id, &scope))).await?.map_err(sql_error)?;
        Ok(readable.unwrap_or(false))
    }

    async fn all(&self, viewer: &Viewer, filters: &TrailFilters, limit: usize, offset: usize) -> Result<Vec<AuditRecord>> {
        let q = TrailQuery {
            action: filters.action.map(|a| a.as_str().to_string()),
            user_id: filters.user_id,
            from: filters.start_date.clone(),
            to: filters.end_date.clone(),
            search: filters.search.as_ref().map(|s| match s.grievance() {
                Some((id, number)) => TextSearch::Grievance { id, number },
                None => TextSearch::Text(s.text().to_string()),
            }),
            kind: filters.kind.map(|k| match k {
                cases::trail::TrailKind::Administrative => audit::RecordKind::Administrative,
                cases::trail::TrailKind::Grievance => audit::RecordKind::Grievance,
            }),
            ..TrailQuery::new(scope_of(viewer), limit, offset)
        };
        self.page(q).await
    }

    async fn recent(&self, viewer: &Viewer, limit: usize) -> Result<Vec<AuditRecord>> {
        self.page(TrailQuery { details: audit::DetailsRead::EventsOnly, ..TrailQuery::new(scope_of(viewer), limit, 0) }).await
    }

    async fn total_actions(&self) -> Result<i64> {
        self.store.read_with(|conn| Ok::<_, StoreError>(audit::total(conn))).await?.map_err(sql_error)
    }

    async fn grievances_tracked(&self) -> Result<i64> {
        // The grievance id sequence has reached every grievance ever filed.
        self.store.read_with(|conn| Ok::<_, StoreError>(sequences::last(conn, sequences::GRIEVANCES))).await?.map_err(sql_error)
    }

    async fn record_event(&self, actor: &Actor, entry: AuditEntry) -> Result<()> {
        let change = next_event(&self.store).await?;
        let new = records_of(event_subject(actor), AuditChange::Event(change), actor, &domain::clock::now_text(), vec![entry]);
        self.store.transact_with(Vec::new(), move |tx| new.append(tx)).await?.map_err(sql_error)
    }

    async fn upgrade(&self) -> Result<u64> {
        // Records kept as items, and rows in no chain, are brought in only from a file whose
        // trail was never linked (a release before the chains): in any other file they were
        // put there behind the portal's back, and are left for the check to name.
        let mut moved = 0;
        if self.owes(audit::OwedStep::LinkRecords).await? {
            moved = audit_rows(&self.store).await?;
            let linked = self.link_unlinked().await?;
            tracing::info!(records = linked, moved, "audit records written before the chains are linked into them");
        }
        if let Some(sealed) = self.seal_heads().await? {
            tracing::info!(chains = sealed.sealed, "the heads of the audit chains written before heads were sealed are sealed");
            if sealed.refused > 0 {
                tracing::warn!(chains = sealed.refused, "chain heads that do not name their chain's newest link were left unsealed: `portal audit verify` names them");
            }
        }
        Ok(moved)
    }

    async fn summary_now(&self) -> Result<(String, TrailSummary)> {
        let read = self.store.read_long_with(|conn| Ok::<_, StoreError>(audit::newest_seq(conn).and_then(|seq| Ok((seq, summary_in(conn, seq)?))))).await?;
        let (seq, summary) = read.map_err(sql_error)?;
        Ok((format!("seq:{seq}"), summary))
    }

    async fn summary_as_of(&self, as_of: &str) -> Result<TrailSummary> {
        let seq = as_of
            .strip_prefix("seq:")
            .and_then(|n| n.parse::<i64>().ok())
            .ok_or_else(|| Error::BadRequest(Msg::CheckpointOtherStore))?;
        self.store.read_long_with(move |conn| Ok::<_, StoreError>(summary_in(conn, seq))).await?.map_err(sql_error)
    }

    async fn verify(&self, scope: VerifyScope) -> Result<Verification> {
        let checked = self.store.read_long_with(move |conn| Ok::<_, StoreError>(verify_in(conn, &scope))).await?;
        checked.map_err(sql_error)?
    }
}

/// The summary of the trail as it stood when record `seq` was the newest.
fn summary_in(conn: &rusqlite::Connection, seq: i64) -> std::result::Result<TrailSummary, SqlError> {
    let mut summary = SummaryBuilder::default();
    audit::heads_as_of(conn, seq, |chain, link, hash| summary.add(chain, link, hash))?;
    Ok(summary.finish())
}

/// The check of `scope`'s chains on a reading connection (see [`cases::chain::verify`]). The
/// outer error is the file's, the inner a record that cannot be read as one.
fn verify_in(conn: &rusqlite::Connection, scope: &VerifyScope) -> std::result::Result<Result<Verification>, SqlError> {
    let mut verification = Verification::default();
    let which = match scope {
        VerifyScope::Chains(names) => {
            if let Some(broken) = unlinked_in(conn, names)? {
                verification.broken = Some(broken);
                return Ok(Ok(verification));
            }
            audit::ChainsToWalk::Named(names)
        }
        VerifyScope::All => {
            let (records, linked) = audit::linked_count(conn)?;
            if records != linked {
                if let Some((_, record)) = audit::unlinked(conn, audit::RecordsOf::Any, 1)?.into_iter().next() {
                    let reason = NOT_WRITTEN_BY_THE_PORTAL.to_string();
                    let record_id = record.id();
                    let chain = view_of(record).map(|v| chain::chain_of(v.grievance_id, v.action, v.user_id)).unwrap_or_default();
                    verification.broken = Some(chain::Broken { chain, record_id, reason });
                    return Ok(Ok(verification));
                }
            }
            audit::ChainsToWalk::All
        }
    };
    let mut unreadable = None;
    audit::walk_chains(conn, which, |name, kept, head| {
        let mut links = Vec::with_capacity(kept.len());
        for k in kept {
            match view_of(k.record) {
                Ok(view) => links.push((view, chain::Link { chain: name.to_string(), link: k.link, prev: k.prev, hash: k.hash })),
                Err(e) => {
                    unreadable = Some(e);
                    return false;
                }
            }
        }
        verification.chains += 1;
        verification.records += links.len() as u64;
        let head = head.map(|h| chain::Head { link: h.link, hash: h.hash, seal: h.seal });
        verification.broken = chain::verify(name, &links, head);
        verification.broken.is_none()
    })?;
    Ok(match unreadable {
        Some(e) => Err(e),
        None => Ok(verification),
    })
}

/// The first record of `names`' chains that is in none: the portal links every record in the
/// transaction that writes it, so such a record was put in the file behind its back.
fn unlinked_in(conn: &rusqlite::Connection, names: &[String]) -> std::result::Result<Option<chain::Broken>, SqlError> {
    let administrative: Vec<&str> = AuditAction::ALL.iter().filter(|a| a.is_administrative()).map(|a| a.as_str()).collect();
    for name in names {
        let which = match (name.strip_prefix("grievance:"), name.strip_prefix("user:")) {
            (Some(id), _) => audit::RecordsOf::Grievance(id.parse().unwrap_or(0)),
            (_, Some(user)) => audit::RecordsOf::UserEvents(user.parse().unwrap_or(0)),
            _ => audit::RecordsOf::Events(&administrative),
        };
        for (_, record) in audit::unlinked(conn, which, 100)? {
            let Ok(view) = view_of(record) else { continue };
            if &chain::chain_of(view.grievance_id, view.action, view.user_id) == name {
                return Ok(Some(chain::Broken { chain: name.clone(), record_id: view.id, reason: NOT_WRITTEN_BY_THE_PORTAL.into() }));
            }
        }
    }
    Ok(None)
}

/// What a check says of a record in no chain.
const NOT_WRITTEN_BY_THE_PORTAL: &str = "it is in no chain: the portal did not write it";

/// What sealing the heads written before seals did.
struct HeadsSealed {
    sealed: u64,
    /// Heads that do not name their chain's newest link: left unsealed, for the check to name.
    refused: u64,
}

impl SqlTrail {
    async fn owes(&self, step: audit::OwedStep) -> Result<bool> {
        self.store.read_with(move |conn| Ok::<_, StoreError>(audit::owed(conn, step))).await?.map_err(sql_error)
    }

    /// Links the records written before the chains, oldest first, in batches, and marks the
    /// step done.
    async fn link_unlinked(&self) -> Result<u64> {
        let mut linked = 0;
        loop {
            let done = self
                .store
                .transact_with(Vec::new(), |tx| {
                    let batch = audit::unlinked(tx, audit::RecordsOf::Any, 2_000)?;
                    for (seq, record) in &batch {
                        link(tx, *seq, record)?;
                    }
                    if batch.is_empty() {
                        audit::paid(tx, audit::OwedStep::LinkRecords)?;
                    }
                    Ok::<_, SqlError>(batch.len() as u64)
                })
                .await?
                .map_err(sql_error)?;
            linked += done;
            if done == 0 {
                return Ok(linked);
            }
        }
    }

    /// Seals the heads written before heads were sealed, once, after the upgrade that added
    /// seals (`None`: not owed). A head is sealed only as it names its chain's newest link.
    async fn seal_heads(&self) -> Result<Option<HeadsSealed>> {
        if !self.owes(audit::OwedStep::SealHeads).await? {
            return Ok(None);
        }
        let mut done = HeadsSealed { sealed: 0, refused: 0 };
        let mut after = String::new();
        loop {
            let from = after.clone();
            let (last, sealed, refused) = self
                .store
                .transact_with(Vec::new(), move |tx| {
                    let batch = audit::unsealed_heads(tx, &from, 5_000)?;
                    let (mut sealed, mut refused) = (0, 0);
                    for (name, head, newest) in &batch {
                        if let Some(hash) = head.hash.filter(|hash| *newest == Some(*hash)) {
                            audit::seal_head(tx, name, &chain::seal_head(name, head.link, &hash))?;
                            sealed += 1;
                        } else {
                            refused += 1;
                        }
                    }
                    if batch.is_empty() {
                        audit::paid(tx, audit::OwedStep::SealHeads)?;
                    }
                    Ok::<_, SqlError>((batch.last().map(|(name, _, _)| name.clone()), sealed, refused))
                })
                .await?
                .map_err(sql_error)?;
            done.sealed += sealed;
            done.refused += refused;
            match last {
                Some(name) => after = name,
                None => return Ok(Some(done)),
            }
        }
    }
}

// The upgrade step of this engine alone (`SqlTrail::upgrade` runs it), kept here rather than
// in `migrations`, which this engine's upgrade would otherwise import while it imports this.
/// Moves the audit records an earlier release kept as items (each in its grievance's
/// partition, in three indexes and in each reader's view) into the relational trail
/// (`store::sql::audit`), oldest first so the trail keeps its order, 500 per transaction:
/// each batch of rows is written with its items' removal, so a stop half-way loses
/// nothing and the next start goes on. Answers how many records moved.
async fn audit_rows(store: &std::sync::Arc<store::sqlite::SqliteStore>) -> Result<u64> {
    let mut moved = 0;
    if !store.holds_items().await? {
        return Ok(0);
    }
    loop {
        // Always the first page: each pass removes what it read.
        let page = store.query(&Query::index(Index::Gsi1, keys::AUDIT_INDEX_PK).limit(500)).await?;
        if page.items.is_empty() {
            break;
        }
        let mut writes = Vec::new();
        let mut rows: Vec<NewRecords> = Vec::new();
        for item in page.items {
            let key = item.key.clone();
            let change = item.str(Index::Gsi1.sk_attr()).and_then(|s| s.rsplit_once('#')).map(|(change, _)| change.to_string());
            let viewers: Vec<i64> = item.attrs.get("visible_to").and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default();
            let record = crate::dynamo::audit_records::audit_view(item)?;
            writes.push(Write::delete(key));
            if let Some(change) = change {
                writes.extend(viewers.iter().map(|user| Write::delete(Key::new(keys::audit_viewer_pk(*user), change.clone()))));
            }
            rows.push(record_row(record, viewers)?);
        }
        moved += rows.len() as u64;
        store.bulk_with(writes, true, move |tx| rows.iter().try_for_each(|r| r.append(tx))).await?.map_err(|e| domain::Error::internal(e.to_string()))?;
    }
    if moved > 0 {
        store.transact(keys::audit_total_parts().into_iter().map(Write::delete).collect()).await?;
    }
    Ok(moved)
}

/// A record read from an item, as a row: its id (`{grievance}-{change}-{position}`) gives
/// the change and the position.
fn record_row(r: cases::reads::AuditRecord, viewers: Vec<i64>) -> Result<NewRecords> {
    let mut parts = r.id.rsplitn(3, '-');
    let (Some(position), Some(tag)) = (parts.next().and_then(|p| p.parse::<i64>().ok()), parts.next()) else {
        return Err(domain::Error::internal(format!("audit record id {} cannot be read", r.id)));
    };
    let record = store::sql::audit::Record {
        grievance_id: r.grievance_id,
        change_tag: tag.to_string(),
        position,
        grievance_number: r.grievance_number,
        action: r.action.as_str().to_string(),
        field_name: r.field_name,
        old_value: r.old_value,
        new_value: r.new_value,
        notes: r.notes,
        details: r.action_details,
        actor: store::sql::audit::Actor {
            user_id: r.user_id,
            user_name: r.user_name,
            user_email: r.user_email,
            user_role: r.user_role,
            ip_address: r.ip_address,
            user_agent: r.user_agent,
            session_id: r.session_id,
        },
        created_at: r.created_at,
    };
    Ok(NewRecords { records: vec![record], viewers })
}

/// The next number of an event about no grievance (or beside one: a note, an attachment),
/// which keeps its record's id apart from the others.
pub(crate) async fn next_event(store: &SqliteStore) -> Result<i64> {
    store.transact_with(Vec::new(), |tx| sequences::draw(tx, sequences::AUDIT_EVENTS, 1)).await?.map_err(sql_error)
}
