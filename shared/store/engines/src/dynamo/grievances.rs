//! The item engine of the grievances port: grievances as items of the generic store
//! (DynamoDB's shape), with per-user copies for the own scope, a status index, a stage index
//! for overdue counts, counters kept by the same transactions, and audit records as items.
//! Every key and attribute name of a grievance lives here and in [`crate::dynamo::grievance_keys`].

use domain::Msg;
use cases::numbers::{NumberMatch, NumberQuery};
use cases::pendency::{date_text, Clock};
use cases::port::{AuditBatch, AuditChange, CaseFileChange, DuesIndexed, GrievanceChange, Grievances, ListCount, Reindexed, SameFir, StationTally, Stored, StoredPage, Tallies};
use cases::reads::{Filters, Order, SortDirection, SortKey as ListSort, Viewer};
use cases::record::{Actor, Grievance};
use cases::writes::AuditEntry;
use crate::dynamo::audit_records::{audit_writes, AuditSubject};
use crate::dynamo::grievance_counters as counters;
use crate::dynamo::grievance_keys as keys;
use async_trait::async_trait;
use domain::jurisdiction::{Area, Reach};
use domain::lists::{ListKind, StatusMeaning};
use domain::pendency::{self as rules, Stage};
use domain::{Error, Result};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use store::{Changes, Condition, Index, Item, Query, SharedStore, SortKey, Store, StoreError, Write};

/// Grievances as items of `store`.
#[derive(Clone)]
pub struct ItemGrievances {
    store: SharedStore,
    /// Chain heads read beside grievances about to change.
    heads: crate::dynamo::chain::HeadsRead,
}

impl ItemGrievances {
    pub fn new(store: SharedStore) -> ItemGrievances {
        ItemGrievances { store, heads: Default::default() }
    }
}

/// Reserves `count` grievance ids and answers the first. Both engines draw from this one
/// sequence, so ids go on where an upgraded store's left off.
pub async fn next_ids(store: &dyn Store, count: i64) -> Result<i64> {
    Ok(store.increment(&store::Key::new("SEQ", "grievance"), "n", count).await? - count + 1)
}

fn stale_or_gone(e: StoreError) -> Error {
    match e {
        StoreError::ConditionFailed { at: 0 } => Error::Conflict(Msg::GrievanceStale),
        StoreError::ConditionFailed { .. } => {
            Error::Conflict(Msg::GrievanceListItemGone)
        }
        e => e.into(),
    }
}

/// Whose per-user copies and counters a viewer who is not a posting's reads: none for the
/// state, the user's own.
fn own_or_state(viewer: &Viewer) -> Option<i64> {
    match &viewer.reach {
        Reach::Own { user_id } => Some(*user_id),
        Reach::State | Reach::Area(_) => None,
    }
}

/// The place a grievance lies at (`keys::place`).
fn place_of(g: &Grievance) -> Option<String> {
    keys::place(g.district_id, g.police_station_id)
}

/// How a grievance's place is held on its main item, so a write beside it (a note) can be
/// conditioned on the grievance not having moved: "" for none.
const PLACE_ATTR: &str = "place";

/// A deletion's entry (`keys::deletion`): the grievance, and the place its history's
/// pointers lie at.
const DELETED_ID: &str = "grievance_id";
const DELETED_PLACE: &str = "place";
/// Set on a deletion into the trash: its attachments' blobs stay, for a restore.
const KEEP_BLOBS: &str = "keep_blobs";

/// An area's figures: its places' counters added up.
async fn area_tallies(store: &dyn Store, area: &Area) -> Result<Tallies> {
    let items = store::get_existing(store, &keys::places_of(area).iter().map(|p| keys::stats_place(p)).collect::<Vec<_>>()).await?;
    Ok(counters::sum(items.iter().map(|i| counters::tallies_of(&i.attrs))))
}

#[async_trait]
impl Grievances for ItemGrievances {
    /// One id at a time: the sequence's value is also the number of grievances ever filed
    /// (the audit statistics), so no id is reserved and left unused.
    async fn next_id(&self) -> Result<i64> {
        next_ids(self.store.as_ref(), 1).await
    }

    async fn get(&self, id: i64) -> Result<Option<Stored>> {
        self.store.get(&keys::grievance(id)).await?.map(from_item).transpose()
    }

    /// The grievance and the head of its audit chain in one read: the change that follows
    /// links its records after that head without reading it again.
    async fn get_to_change(&self, id: i64) -> Result<Option<Stored>> {
        let chain = cases::chain::chain_of(id, domain::audit::AuditAction::Updated, 0);
        let mut read = self.store.get_many(&[keys::grievance(id), crate::dynamo::chain::head_key(&chain)]).await?.into_iter();
        let (grievance, head) = (read.next().flatten(), read.next().flatten());
        let Some(grievance) = grievance else { return Ok(None) };
        self.heads.keep(chain, head.as_ref());
        from_item(grievance).map(Some)
    }

    /// One transaction, with the grievance's audit pointers moved when it leaves its place
    /// (a transfer) or dropped when it is deleted, so a place's trail holds the whole history
    /// of the grievances lying there now. A history too long for the transaction's 100 writes
    /// has its oldest pointers moved by the transactions right after.
    async fn commit(&self, change: GrievanceChange<'_>) -> Result<()> {
        let subject = &change.after.or(change.before).expect("a change has a grievance").grievance;
        let (from, to) = (change.before.and_then(|b| place_of(&b.grievance)), change.after.and_then(|a| place_of(&a.grievance)));
        let mut about = AuditSubject::from(subject);
        about.place = to.clone();
        // The events it raises go to the outbox with it (`cases::notices`).
        let events = crate::dynamo::notices::event_writes(&change)?;
        let audit = audit_writes(about, change.audit.change, &change.audit.actor, &change.audit.at, change.audit.entries);
        let mut writes = change_writes(change.before, change.after, audit);
        writes.extend(events);
        if let Some(guard) = &change.fir_guard {
            guard_fir_number(&mut writes, guard);
        }
        if let Some(source) = change.source {
            writes.push(source_write(source, change.before.is_none())?);
        }
        // A grievance being filed has no chain yet: nothing to read.
        let head_at = crate::dynamo::chain::link(self.store.as_ref(), &mut writes, None, change.before.is_none(), Some(&self.heads)).await?;
        // A deletion names what hangs off the grievance (notes, attachment records, links,
        // its history's pointers) for `finish_deletions`, instead of reading and removing it
        // here: the request stays one read and one transaction however much there is.
        if change.after.is_none() {
            let mut entry = Item::new(keys::deletion(subject.id)).with(DELETED_ID, subject.id);
            if let Some(place) = &from {
                entry = entry.with(DELETED_PLACE, place.as_str());
            }
            // Into the trash: kept whole in the same transaction, its files left in place.
            if let Some(trashed) = change.trash {
                entry = entry.with(KEEP_BLOBS, true);
                writes.extend(crate::dynamo::case_files::trash_writes(trashed)?);
            }
            writes.push(Write::put(entry));
        }
        let moves = if from != to && change.before.is_some() && change.after.is_some() {
            pointer_moves(self.store.as_ref(), subject.id, from.as_deref(), to.as_deref()).await?
        } else {
            Vec::new()
        };
        let mut later = Vec::new();
        for pair in moves.into_iter().rev() {
            if writes.len() + pair.len() <= store::MAX_TRANSACTION && later.is_empty() {
                writes.extend(pair);
            } else {
                later.push(pair);
            }
        }
        let store = self.store.as_ref();
        match crate::dynamo::chain::transact(store, writes.clone(), head_at).await {
            Err(e) if fir_taken(&writes, &e) => return Err(Error::Conflict(Msg::FirTakenMeanwhile)),
            Err(e) if source_taken(&writes, &e) => return Err(Error::Conflict(Msg::ImportSourceTaken)),
            // A list item kept by an earlier release before the upgrade gave it usage shards
            // (a deployment not yet migrated): given now, the change is written as asked.
            Err(StoreError::ConditionFailed { at }) => match writes.get(at).and_then(|w| crate::dynamo::lists::usage_owner(w.key())) {
                Some((kind, id)) if crate::dynamo::lists::give_shards(store, kind, id).await? => crate::dynamo::chain::transact(store, writes, head_at).await,
                _ => Err(StoreError::ConditionFailed { at }),
            },
            other => other,
        }
        .map_err(stale_or_gone)?;
        let mut batch: Vec<Write> = Vec::new();
        for pair in later {
            if batch.len() + pair.len() > store::MAX_TRANSACTION {
                self.store.transact(std::mem::take(&mut batch)).await?;
            }
            batch.extend(pair);
        }
        if !batch.is_empty() {
            self.store.transact(batch).await?;
        }
        Ok(())
    }

    /// The deletions named by their transactions (see `commit`), oldest first: each
    /// grievance's notes, attachment records, both sides of its links and its history's
    /// pointers at its place are removed, and its attachments' blobs named for the sweep.
    async fn finish_deletions(&self, limit: usize) -> Result<usize> {
        let store = self.store.as_ref();
        let due = store.query(&Query::table(keys::DELETIONS_PK).limit(limit)).await?.items;
        for entry in &due {
            let id = entry.i64(DELETED_ID).ok_or_else(|| Error::internal(format!("the deletion {} names no grievance", entry.key.sk)))?;
            let removal = crate::dynamo::case_files::removal(store, id, entry.bool(KEEP_BLOBS).unwrap_or(false)).await?;
            let pointers = match entry.str(DELETED_PLACE) {
                Some(place) => pointer_moves(store, id, Some(place), None).await?.into_iter().flatten().collect(),
                None => Vec::new(),
            };
            // The sweep's item goes with the first attachment records it replaces, so that no
            // blob is ever lost track of; the entry goes last, so that a run cut short is
            // taken up again by the next (removing what is gone already does no harm).
            let mut rest: Vec<Write> = removal.removals.into_iter().chain(pointers).collect();
            rest.push(Write::delete(entry.key.clone()));
            let mut first: Vec<Write> = removal.sweep.into_iter().collect();
            let rest = crate::dynamo::case_files::fit(&mut first, rest);
            store.transact(first).await?;
            crate::dynamo::case_files::write_rest(store, rest).await?;
        }
        Ok(due.len())
    }

    async fn record_case_file_change(&self, grievance: &Grievance, change: CaseFileChange, actor: &Actor, entry: AuditEntry) -> Result<()> {
        let audit = crate::dynamo::case_files::audit_batch(self.store.as_ref(), actor, entry).await?;
        let mut all = crate::dynamo::case_files::writes(grievance.id, &change)?;
        let check_at = all.len();
        // Still where it was read, so the change's pointer goes to the place it lies at.
        let place = json!(place_of(grievance).unwrap_or_default());
        all.push(Write::Check { key: keys::grievance(grievance.id), condition: Condition::Equals(PLACE_ATTR.into(), place) });
        all.extend(batch_writes(grievance, audit));
        let head_at = crate::dynamo::chain::link(self.store.as_ref(), &mut all, None, false, Some(&self.heads)).await?;
        match crate::dynamo::chain::transact(self.store.as_ref(), all, head_at).await {
            Err(StoreError::ConditionFailed { at }) if at == check_at => match self.store.get(&keys::grievance(grievance.id)).await? {
                None => Err(Error::NotFound(Msg::GrievanceNotFound)),
                Some(_) => Err(Error::Conflict(Msg::ChangedConcurrently)),
            },
            // One of the caller's own conditions: someone else got there first.
            Err(StoreError::ConditionFailed { .. }) => Err(Error::Conflict(Msg::ChangedConcurrently)),
            other => other.map_err(Error::from),
        }
    }

    async fn source(&self, source_id: &str) -> Result<Option<cases::port::RecordSource>> {
        Ok(self.sources(&[source_id.to_string()]).await?.remove(source_id))
    }

    async fn sources(&self, source_ids: &[String]) -> Result<BTreeMap<String, cases::port::RecordSource>> {
        let keys: Vec<store::Key> = source_ids.iter().map(|id| keys::source(id)).collect();
        let mut items = Vec::new();
        for chunk in keys.chunks(100) {
            items.extend(self.store.get_many(chunk).await?.into_iter().flatten());
        }
        let mut found = BTreeMap::new();
        for item in items {
            let record = item.str("record").ok_or_else(|| Error::internal("a source record without its record"))?;
            let source: cases::port::RecordSource = serde_json::from_str(record).map_err(Error::internal)?;
            found.insert(source.source_id.clone(), source);
        }
        Ok(found)
    }

    async fn same_fir(&self, station_id: i64, fir_key: &str, year: &str) -> Result<SameFir> {
        let query = Query::table(keys::fir_number_pk(station_id, fir_key)).sort(store::SortKey::BeginsWith(format!("{year}#"))).limit(100);
        let entries = self.store.query(&query).await?.items;
        // The counter is the token: any grievance taking the number moves it.
        let counter = keys::fir_counter(station_id, fir_key, year);
        let token = entries.iter().find(|i| i.key == counter).and_then(|i| i.i64(FIR_COUNT)).unwrap_or(0).to_string();
        let ids: Vec<store::Key> = entries.iter().filter_map(|i| i.attrs.get("grievance_id")?.as_i64()).map(keys::grievance).collect();
        if ids.is_empty() {
            return Ok(SameFir { grievances: Vec::new(), token });
        }
        let grievances = self.store.get_many(&ids).await?.into_iter().flatten().map(from_item).collect::<Result<_>>()?;
        Ok(SameFir { grievances, token })
    }

    /// The number index of the viewer's reach, highest number first; then the page's
    /// grievances in one batch read.
    async fn find_by_number(&self, viewer: &Viewer, query: &NumberQuery, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
        find_by_number(self.store.as_ref(), viewer, query, limit, cursor).await
    }

    async fn dues_indexed_for(&self) -> Result<Option<DuesIndexed>> {
        Ok(self.store.get(&keys::dues_indexed()).await?.and_then(|item| {
            let since = item.str("since").and_then(domain::day::parse_date);
            Some(DuesIndexed { revision: item.i64("revision")?, since, unread_sections: item.i64("unread_sections").map(|n| n as u64) })
        }))
    }

    async fn record_dues_indexed(&self, indexed: &DuesIndexed) -> Result<()> {
        let since = match self.dues_indexed_for().await? {
            Some(earlier) => earlier.since,
            None => indexed.since,
        };
        let mut item = Item::new(keys::dues_indexed()).with("revision", indexed.revision);
        if let Some(since) = since {
            item = item.with("since", date_text(since));
        }
        if let Some(unread) = indexed.unread_sections {
            item = item.with("unread_sections", unread as i64);
        }
        Ok(self.store.transact(vec![Write::put(item)]).await?)
    }

    /// Every grievance item, a page at a time; each whose day or runs move is rewritten as a change
    /// is (its copies and index entries with it), in a transaction of its own on condition of
    /// its version. No audit record: the day is the rules' reading of the case, not a change
    /// of it.
    async fn reindex_dues(&self, indexer: &cases::indexes::CaseIndexer) -> Result<Reindexed> {
        let (mut moved, mut unread_sections) = (0, 0);
        let mut pages = EveryGrievance::new(100);
        while let Some(page) = pages.next_page(self.store.as_ref()).await? {
            for item in page {
                let before = from_item(item)?;
                unread_sections += cases::statutory::sections_unread(&before.grievance) as u64;
                let mut after = before.clone();
                if !indexer.index(&mut after.grievance) {
                    continue;
                }
                match self.store.transact(change_writes(Some(&before), Some(&after), Vec::new())).await {
                    Ok(_) => moved += 1,
                    // Changed meanwhile: that change worked its day out.
                    Err(StoreError::ConditionFailed { .. }) => {}
                    Err(e) => return Err(e.into()),
                }
            }
        }
        Ok(Reindexed { moved, unread_sections })
    }

    async fn list(&self, viewer: &Viewer, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
        if let Some(ids) = &filters.ids {
            return list_selection(self.store.as_ref(), viewer, filters, ids, limit, cursor).await;
        }
        if let (Some(due), true) = (filters.due, filters.order.is_default()) {
            if let Some((partitions, beyond)) = due_partitions(viewer, filters) {
                return list_due(self.store.as_ref(), viewer, filters, due, partitions, beyond.is_empty(), limit, cursor).await;
            }
        }
        if let Some(range) = fir_range_of(viewer, filters) {
            if let Some(page) = list_fir_range(self.store.as_ref(), range, filters, limit, cursor.clone()).await? {
                return Ok(page);
            }
        }
        if filters.order.is_default() {
            list_as_stored(self.store.as_ref(), viewer, filters, limit, cursor).await
        } else {
            list_sorted(self.store.as_ref(), viewer, filters, limit, cursor).await
        }
    }

    /// The total from the viewer's counters (one read); the matches known from them for no
    /// filter, a single status, priority or police station filter, or a station and a status
    /// (beyond one's own cases); unknown otherwise.
    async fn count(&self, viewer: &Viewer, filters: &Filters) -> Result<ListCount> {
        let tallies = self.tallies(viewer).await?;
        let matched = if filters.unknown_item {
            Some(0)
        } else if let Some(due) = filters.due {
            due_count(self.store.as_ref(), viewer, filters, due).await?
        } else if let (2, Some(station), Some(status), false) = (filters.set_count(), filters.police_station, filters.status, matches!(viewer.reach, Reach::Own { .. })) {
            // A station's grievances of one status: its place's counters (a station lies in
            // the state's reach, and in an area's when the area holds it).
            let held = !matches!(&viewer.reach, Reach::Area(area) if !area.stations.contains(&station));
            match held {
                true => {
                    let place = self.store.get(&keys::stats_place(&keys::place(None, Some(station)).unwrap_or_default())).await?;
                    Some(place.map(|i| counters::tallies_of(&i.attrs)).unwrap_or_default().by_status.get(&status).copied().unwrap_or(0))
                }
                false => Some(0),
            }
        } else if let (1, Some(queue)) = (filters.set_count(), queue_of(filters)) {
            // The queue's entries say where each grievance lies and who sees it.
            let entries = store::read_all(self.store.as_ref(), Query::table(queue)).await?;
            Some(entries.iter().filter(|e| reaches_entry(viewer, e)).count() as i64)
        } else if let Some(range) = fir_range_of(viewer, filters) {
            // A station's or a district's FIRs of a period: the keys of its FIR-date range.
            match range {
                FirRange::Empty => Some(0),
                FirRange::Keys(query) => Some(self.store.count(&query).await? as i64),
            }
        } else if filters.set_count() > 1 {
            None
        } else if let (Some(district), true) = (filters.district, viewer.sees_state()) {
            let parts = store::get_existing(self.store.as_ref(), &keys::stats_district_parts(district)).await?;
            Some(parts.iter().filter_map(|part| part.i64("total")).sum())
        } else if let Some(station) = filters.police_station {
            let counted = match &viewer.reach {
                // An area's station holds nothing outside it: the state's figures for it.
                Reach::Area(area) => area.stations.contains(&station).then(|| keys::stats_station(None, station)),
                _ => Some(keys::stats_station(own_or_state(viewer), station)),
            };
            match counted {
                Some(key) => Some(self.store.get(&key).await?.and_then(|i| i.i64("total")).unwrap_or(0)),
                None => Some(0),
            }
        } else if let Some(status) = filters.status {
            Some(tallies.by_status.get(&status).copied().unwrap_or(0))
        } else if let Some(priority) = filters.priority {
            Some(tallies.by_priority.get(&priority).copied().unwrap_or(0))
        } else if filters.is_empty() {
            Some(tallies.total)
        } else {
            None
        };
        Ok(ListCount { total: tallies.total, matched })
    }

    async fn tallies(&self, viewer: &Viewer) -> Result<Tallies> {
        if let Reach::Area(area) = &viewer.reach {
            return area_tallies(self.store.as_ref(), area).await;
        }
        let parts = match own_or_state(viewer) {
            None => keys::stats_all_parts(),
            Some(user) => vec![keys::stats_user(user)],
        };
        let items = store::get_existing(self.store.as_ref(), &parts).await?;
        Ok(counters::sum(items.iter().map(|i| counters::tallies_of(&i.attrs))))
    }

    async fn station_tallies(&self, viewer: &Viewer) -> Result<Vec<StationTally>> {
        let mut stations: Vec<StationTally> = match &viewer.reach {
            // The state's figures of the area's stations, each read by its key; the area's
            // grievances without a station from its districts' counters.
            Reach::Area(area) => {
                let store = self.store.as_ref();
                let items = store::get_existing(store, &area.stations.iter().map(|s| keys::stats_station(None, *s)).collect::<Vec<_>>()).await?;
                let districts = store::get_existing(store, &area.districts.iter().map(|d| keys::stats_place(&format!("D{d}"))).collect::<Vec<_>>()).await?;
                let stationless = counters::sum(districts.iter().map(|i| counters::tallies_of(&i.attrs)));
                let mut all: Vec<StationTally> = items.into_iter().filter_map(station_tally).collect();
                all.push(StationTally { station_id: 0, total: stationless.total, done: stationless.done });
                all
            }
            _ => store::read_all(self.store.as_ref(), Query::table(keys::stations_pk(own_or_state(viewer)))).await?.into_iter().filter_map(station_tally).collect(),
        };
        stations.retain(|s| s.total > 0);
        stations.sort_by_key(|s| s.station_id);
        Ok(stations)
    }

    /// For each stage and priority with a limit, the range of the stage index that entered
    /// the stage too long ago, counted by the store (never read item by item).
    /// An area's station is counted in the state's stage index (it holds nothing outside the
    /// area); as on the relational engine, its grievances without a station count none.
    async fn report_facts(&self, viewer: &Viewer, query: &cases::reports::ReportQuery) -> Result<cases::reports::ReportFacts> {
        crate::dynamo::reports::facts(self, viewer, query).await
    }

    async fn missed_clocks(&self, viewer: &Viewer, query: &cases::reports::ReportQuery, most: usize) -> Result<Vec<Grievance>> {
        crate::dynamo::reports::missed_clocks(self, viewer, query, most).await
    }

    async fn rating_tallies(&self, viewer: &Viewer, period: &cases::reports::Period) -> Result<Vec<cases::satisfaction::RatingTally>> {
        let mut tallies: BTreeMap<(i64, domain::citizen::Rating), (i64, i64)> = BTreeMap::new();
        let (from, to) = (period.from.to_string(), period.to.to_string());
        for pk in keys::rating_partitions(period.from, period.to) {
            let query = Query::table(pk).sort(store::SortKey::Between(format!("{from}#"), format!("{to}#~")));
            for item in store::read_all(self.store.as_ref(), query).await? {
                if !reaches_entry(viewer, &item) {
                    continue;
                }
                let Some(rating) = item.str("rating").and_then(|r| domain::citizen::Rating::ALL.into_iter().find(|x| x.as_str() == r)) else { continue };
                let station = item.i64("police_station_id").unwrap_or(0);
                let tally = tallies.entry((station, rating)).or_default();
                tally.0 += 1;
                tally.1 += i64::from(item.attrs.get("appealed").and_then(Value::as_bool).unwrap_or(false));
            }
        }
        Ok(tallies.into_iter().map(|((station_id, rating), (ratings, appeals))| cases::satisfaction::RatingTally { station_id, rating, ratings, appeals }).collect())
    }

    /// Summed from the overdue counters (`keys::overdue_counter`), one item per station,
    /// stage and priority: a fixed number of reads whatever the number of grievances.
    async fn overdue_by_station(&self, viewer: &Viewer, clock: &Clock, stations: &[i64]) -> Result<BTreeMap<i64, i64>> {
        let scope = own_or_state(viewer);
        let mut counts: BTreeMap<i64, i64> = stations.iter().map(|s| (*s, 0)).collect();
        // An area's station is counted in the state's counters (they hold nothing outside the
        // area); a station outside the area counts none.
        let counted = stations.iter().filter(|s| !matches!(&viewer.reach, Reach::Area(area) if !area.stations.contains(s)));
        let mut cutoffs = BTreeMap::new();
        let mut wanted = Vec::new();
        for station in counted {
            for (priority, stages) in &clock.limits {
                for stage in Stage::TIMED {
                    let Some(limit) = stages.get(&stage) else { continue };
                    let key = keys::overdue_counter(scope, *station, stage, *priority);
                    cutoffs.insert(key.clone(), (*station, keys::overdue_day(&date_text(rules::overdue_cutoff(clock.today, *limit)))));
                    wanted.push(key);
                }
            }
        }
        for item in store::get_existing(self.store.as_ref(), &wanted).await? {
            let Some((station, cutoff)) = cutoffs.get(&item.key) else { continue };
            let overdue: i64 = item.attrs.iter().filter(|(day, _)| day.starts_with('d') && day.as_str() <= cutoff.as_str()).filter_map(|(_, n)| n.as_i64()).sum();
            *counts.entry(*station).or_default() += overdue;
        }
        Ok(counts)
    }
}

fn station_tally(s: Item) -> Option<StationTally> {
    Some(StationTally { station_id: s.key.sk.parse().ok()?, total: s.i64("total").unwrap_or(0), done: s.i64("done").unwrap_or(0) })
}

fn to_attrs(g: &Grievance, refs: &BTreeMap<ListKind, i64>) -> serde_json::Map<String, Value> {
    let Value::Object(mut attrs) = serde_json::to_value(g).expect("a grievance serialises") else { unreachable!() };
    attrs.insert("list_refs".into(), json!(refs.iter().map(|(k, id)| (k.as_str().to_string(), *id)).collect::<BTreeMap<_, _>>()));
    attrs
}

/// Puts a grievance item in the stage index of `user` (or of the whole state), unless the
/// grievance is decided and so can never be overdue.
fn in_stage_index(item: Item, g: &Grievance, user: Option<i64>) -> Item {
    let at = cases::pendency::stage_of(g);
    if at.stage == domain::pendency::Stage::Decided {
        return item;
    }
    let since = cases::pendency::date_text(at.since);
    let place = keys::stage_pk(user, g.police_station_id.unwrap_or(0), at.stage, g.priority_id.unwrap_or(0));
    item.indexed(Index::Gsi3, place, keys::stage_sk(&since, g.id))
}

pub fn main_item(g: &Grievance, refs: &BTreeMap<ListKind, i64>) -> Item {
    let sort = keys::recency(&g.filed_at, g.id);
    let people = g.people_text.as_deref().unwrap_or_default();
    let text = format!("{} {} {} {} {people}", g.grievance_number, g.fields.fir_no, g.fields.crime_title, g.fields.brief_details);
    let mut item = Item { key: keys::grievance(g.id), attrs: to_attrs(g, refs) }.with(PLACE_ATTR, place_of(g).unwrap_or_default());
    if let Some(place) = place_of(g) {
        item = item.indexed(Index::Gsi4, keys::fir_place_pk(&place), keys::fir_sort(g));
    }
    in_stage_index(item, g, None)
        // In the text index where the engine keeps one; ids rise with filing time.
        .with(store::SEARCH_TEXT, text)
        .with(store::SEARCH_PART, keys::TEXT_PART)
        .with(store::SEARCH_RANK, g.id)
        .indexed(Index::Gsi1, keys::all_index_pk(g.id), sort.clone())
        .indexed(Index::Gsi2, keys::status_index_pk(g.status_id.unwrap_or(0), g.id), sort)
}

/// The grievance an item holds and the list items it names, with the names as stored (see
/// [`relabel`]). An item written before grievances kept their items' ids and status meaning
/// is read as the upgrade will write it.
pub fn from_item(mut item: Item) -> Result<Stored> {
    let refs: BTreeMap<String, i64> = item.attrs.get("list_refs").and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default();
    let refs: BTreeMap<ListKind, i64> = refs.into_iter().filter_map(|(k, id)| ListKind::parse(&k).map(|k| (k, id))).collect();
    if !item.attrs.contains_key("status_meaning") {
        let status = item.attrs.get("status").and_then(Value::as_str).unwrap_or_default();
        item.attrs.insert("status_meaning".into(), json!(StatusMeaning::of_legacy_name(status)));
    }
    for (attr, kind) in [("district_id", ListKind::Districts), ("police_station_id", ListKind::PoliceStations)] {
        if !item.attrs.contains_key(attr) {
            item.attrs.insert(attr.into(), json!(refs.get(&kind)));
        }
    }
    let grievance = serde_json::from_value(Value::Object(item.attrs)).map_err(Error::internal)?;
    Ok(Stored { grievance, refs })
}

/// Writes that keep the per-user copies in step: put for every user who sees the new
/// version, delete for those who saw only the old one.
pub fn visibility_writes(before: Option<&Grievance>, after: Option<&Grievance>, refs: &BTreeMap<ListKind, i64>) -> Vec<Write> {
    let mut writes = Vec::new();
    let now_visible = after.map(Grievance::visible_to).unwrap_or_default();
    if let Some(b) = before {
        for user in b.visible_to() {
            if !now_visible.contains(&user) {
                writes.push(Write::delete(keys::visible(user, &b.filed_at, b.id)));
            }
        }
    }
    if let Some(a) = after {
        for user in now_visible {
            let copy = Item { key: keys::visible(user, &a.filed_at, a.id), attrs: to_attrs(a, refs) };
            writes.push(Write::put(in_stage_index(copy, a, Some(user))));
        }
    }
    // A copy where it lies, for the postings whose area holds that place.
    let now_at = after.and_then(place_of);
    if let Some((b, was_at)) = before.and_then(|b| Some((b, place_of(b)?))) {
        if now_at.as_ref() != Some(&was_at) {
            writes.push(Write::delete(keys::place_copy(&was_at, &b.filed_at, b.id)));
        }
    }
    if let (Some(a), Some(at)) = (after, now_at) {
        writes.push(Write::put(place_copy(a, &at, refs)));
    }
    writes
}

/// A grievance's copy where it lies, which also files it under its district: newest first
/// (the district's list) and by FIR date (its FIR-date ranges).
fn place_copy(g: &Grievance, at: &str, refs: &BTreeMap<ListKind, i64>) -> Item {
    let copy = Item { key: keys::place_copy(at, &g.filed_at, g.id), attrs: to_attrs(g, refs) };
    match g.district_id {
        Some(district) => copy
            .indexed(Index::Gsi1, keys::district_pk(district), keys::recency(&g.filed_at, g.id))
            .indexed(Index::Gsi4, keys::fir_district_pk(district), keys::fir_sort(g)),
        None => copy,
    }
}

/// Keeps a grievance's FIR-number entry (`keys::fir_number`) in step: moved when its station,
/// FIR number or FIR year changes, dropped with it.
fn fir_number_writes(before: Option<&Grievance>, after: Option<&Grievance>) -> Vec<Write> {
    let (was, now) = (before.and_then(keys::fir_number), after.and_then(keys::fir_number));
    if was == now {
        return Vec::new();
    }
    let mut writes: Vec<Write> = was.into_iter().map(Write::delete).collect();
    writes.extend(now.map(|key| Write::put(Item::new(key).with("grievance_id", after.map(|a| a.id).unwrap_or_default()))));
    writes.extend(after.and_then(keys::fir_counter_of).map(|counter| Write::update(counter, Changes::default().add(FIR_COUNT, 1))));
    writes
}

/// The attribute of a FIR number's counter (`keys::fir_counter`).
const FIR_COUNT: &str = "n";

/// Puts `guard` on the change's writes: its FIR number's counter moves on condition that it is
/// as the duplicate check read it.
fn guard_fir_number(writes: &mut Vec<Write>, guard: &cases::port::FirGuard) {
    let counter = keys::fir_counter(guard.station_id, &guard.fir_key, &guard.year);
    let condition = match guard.token.parse::<i64>().unwrap_or(0) {
        0 => Condition::NotExists,
        n => Condition::Equals(FIR_COUNT.into(), json!(n)),
    };
    match writes.iter().position(|w| *w.key() == counter) {
        Some(at) => {
            let write = writes.remove(at);
            writes.insert(at, write.when(condition));
        }
        None => writes.push(Write::Check { key: counter, condition }),
    }
}

/// A grievance's entries in the number indexes: under each of its distinct numbers, in the
/// state's index, at its place and in the own index of each user who sees it, so that every
/// reader's lookup reads only entries within their reach. Each names both numbers, so that a
/// lookup answers the grievance once (`NumberQuery::answered_under`).
pub(crate) fn number_entries(g: &Grievance) -> Vec<Item> {
    let numbers = cases::numbers::keys_of(g);
    let mut partitions = vec![keys::number_pk(g.id)];
    partitions.extend(place_of(g).map(|place| keys::place_number_pk(&place)));
    let mut viewers = g.visible_to();
    viewers.sort_unstable();
    viewers.dedup();
    partitions.extend(viewers.into_iter().map(keys::own_number_pk));
    partitions
        .iter()
        .flat_map(|pk| numbers.iter().map(move |number| (pk, number)))
        .map(|(pk, number)| Item::new(keys::number_entry(pk.clone(), number, g.id)).with("grievance_id", g.id).with(NUMBERS_ATTR, json!(numbers)))
        .collect()
}

/// The attribute of a number entry naming all of its grievance's numbers.
const NUMBERS_ATTR: &str = "numbers";

/// Keeps a grievance's number entries in step: moved when a number, its place or the people
/// who see it change (most changes touch none of those and write none), dropped with it.
fn number_writes(before: Option<&Grievance>, after: Option<&Grievance>) -> Vec<Write> {
    let was = before.map(number_entries).unwrap_or_default();
    let now = after.map(number_entries).unwrap_or_default();
    let mut writes: Vec<Write> = was.iter().filter(|w| !now.iter().any(|n| n.key == w.key)).map(|w| Write::delete(w.key.clone())).collect();
    writes.extend(now.into_iter().filter(|n| !was.contains(n)).map(Write::put));
    writes
}

/// Whether a failed condition was a FIR number's guard (`guard_fir_number`).
/// The source record of an imported grievance: claimed when it is filed (another grievance
/// holding the identifier refuses the filing), kept anew with a later change.
fn source_write(source: &cases::port::RecordSource, claim: bool) -> Result<Write> {
    let record = serde_json::to_string(source).map_err(Error::internal)?;
    let item = Item::new(keys::source(&source.source_id)).with("grievance_id", source.grievance_id).with("record", record);
    Ok(if claim { Write::put_new(item) } else { Write::put(item) })
}

fn source_taken(writes: &[Write], e: &StoreError) -> bool {
    matches!(e, StoreError::ConditionFailed { at } if writes.get(*at).is_some_and(|w| w.key().pk.starts_with("SOURCE#")))
}

fn fir_taken(writes: &[Write], e: &StoreError) -> bool {
    matches!(e, StoreError::ConditionFailed { at } if writes.get(*at).is_some_and(|w| w.key().pk.starts_with("FIRNO#")))
}

/// Keeps a grievance's entry in the queue of the posting it is escalated to: moved with the
/// escalation, dropped when it is settled or the grievance deleted, and rewritten with each
/// change so that it says where the grievance lies and who sees it (the queue's count is told
/// from the entries alone).
fn escalation_writes(before: Option<&Grievance>, after: Option<&Grievance>) -> Vec<Write> {
    queue_writes(keys::escalated, before, after)
}

/// The entry of a pending closure request in the closure-requests queue, as an upgrade
/// writes it for a grievance kept before the queue.
pub(crate) fn queue_entry_writes(g: &Grievance) -> Vec<Write> {
    closure_writes(None, Some(g))
}

/// Keeps a grievance's entry in the closure-requests queue (`keys::closure_pending`) as
/// [`escalation_writes`] keeps the escalation queue's.
fn closure_writes(before: Option<&Grievance>, after: Option<&Grievance>) -> Vec<Write> {
    queue_writes(keys::closure_pending, before, after)
}

/// The writes of a queue whose entries `entry` places: the entry moved or dropped with the
/// grievance, and rewritten with each change so that it says where the grievance lies and
/// who sees it.
fn queue_writes(entry: fn(&Grievance) -> Option<store::Key>, before: Option<&Grievance>, after: Option<&Grievance>) -> Vec<Write> {
    entry_writes(before.and_then(entry).into_iter().collect(), after.and_then(entry).into_iter().collect(), after)
}

/// The writes that move a grievance's index entries from the keys `was` to `now`: those
/// gone deleted, those kept or new written with where it lies and who sees it.
fn entry_writes(was: Vec<store::Key>, now: Vec<store::Key>, after: Option<&Grievance>) -> Vec<Write> {
    let mut writes: Vec<Write> = was.into_iter().filter(|w| !now.contains(w)).map(Write::delete).collect();
    let Some(a) = after else { return writes };
    for key in now {
        let item = Item::new(key)
            .with("grievance_id", a.id)
            .with("district_id", json!(a.district_id))
            .with("police_station_id", json!(a.police_station_id))
            .with("visible_to", json!(a.visible_to()));
        writes.push(Write::put(item));
    }
    writes
}

/// Keeps a grievance's entries in the due-day index (`keys::due_entries`): moved when its
/// earliest open due day or its place changes, dropped when no clock of it is open. Left
/// alone when neither changed, so a change that moves no clock writes none of them: the
/// index is read for the state and for postings, by place, never for one's own cases, so
/// who the case is assigned to does not matter to it.
fn due_writes(before: Option<&Grievance>, after: Option<&Grievance>) -> Vec<Write> {
    let (was, now) = (before.map(keys::due_entries).unwrap_or_default(), after.map(keys::due_entries).unwrap_or_default());
    if was == now {
        return Vec::new();
    }
    entry_writes(was, now, after)
}

/// Whether the viewer reaches the grievance an escalation-queue entry names, told from the
/// entry.
fn reaches_entry(viewer: &Viewer, item: &Item) -> bool {
    let id = |name: &str| item.attrs.get(name).and_then(Value::as_i64);
    let people: Vec<i64> = item.attrs.get("visible_to").and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_i64).collect()).unwrap_or_default();
    viewer.reach.holds(id("district_id"), id("police_station_id"), &people)
}

/// The partition of the queue a list is of, if it is of one: the "Escalated to me" queue of
/// the viewer's posting, the closure requests, or the appeals.
fn queue_of(filters: &Filters) -> Option<String> {
    match &filters.escalated_to {
        Some(posting) => Some(keys::escalated_pk(&domain::escalation::posting_key(posting))),
        None if filters.closure_pending => Some(keys::CLOSURES_PK.to_string()),
        None => filters.appeal_pending.then(|| keys::APPEALS_PK.to_string()),
    }
}

/// A grievance's ratings in the satisfaction report's partitions (`keys::rating`): each new one
/// written once, with the station that holds the case as it is given; all gone with the
/// grievance.
fn rating_writes(before: Option<&Grievance>, after: Option<&Grievance>) -> Vec<Write> {
    match (before, after) {
        (Some(b), None) => b.fields.feedback.iter().enumerate().map(|(n, f)| Write::delete(keys::rating(b.id, n, &f.at))).collect(),
        (_, Some(a)) => {
            let kept = before.map_or(0, |b| b.fields.feedback.len());
            a.fields
                .feedback
                .iter()
                .enumerate()
                .skip(kept)
                .map(|(n, f)| {
                    let item = Item::new(keys::rating(a.id, n, &f.at))
                        .with("rating", f.rating.as_str())
                        .with("appealed", f.appealed)
                        .with("district_id", json!(a.district_id))
                        .with("police_station_id", json!(a.police_station_id))
                        .with("visible_to", json!(a.visible_to()));
                    Write::put(item)
                })
                .collect()
        }
        (None, None) => Vec::new(),
    }
}

/// The grievances index entries name (their `grievance_id`), read in one batch, each beside
/// its entry: `None` for one gone since, outside the viewer's reach or left out by `filters`.
async fn matching_grievances(store: &dyn Store, entries: &[Item], viewer: &Viewer, filters: &Filters) -> Result<Vec<Option<Stored>>> {
    let ids: Vec<Option<store::Key>> = entries.iter().map(|e| e.i64("grievance_id").map(keys::grievance)).collect();
    let keys: Vec<store::Key> = ids.iter().flatten().cloned().collect();
    let mut found = if keys.is_empty() { Vec::new() } else { store.get_many(&keys).await? }.into_iter();
    let mut matching = Vec::with_capacity(entries.len());
    for id in &ids {
        let item = match id {
            Some(_) => found.next().flatten(),
            None => None,
        };
        let stored = item.map(from_item).transpose()?;
        matching.push(stored.filter(|s| viewer.may_see(&s.grievance) && filters.matches(&s.grievance)));
    }
    Ok(matching)
}

/// A queue's list: the entries of its partition, newest filed first, each grievance read and
/// checked against the other filters and the viewer's reach.
async fn list_queue(store: &dyn Store, viewer: &Viewer, filters: &Filters, queue: String, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
    let base = Query::table(queue).newest_first();
    let mut items = Vec::new();
    let mut examined = 0u64;
    let mut cursor = cursor;
    loop {
        let page = store.query(&base.clone().limit(100).after(cursor.clone())).await?;
        let entries: Vec<Item> = page.items.into_iter().filter(|e| reaches_entry(viewer, e)).collect();
        for (entry, found) in entries.iter().zip(matching_grievances(store, &entries, viewer, filters).await?) {
            examined += 1;
            let Some(stored) = found else { continue };
            items.push(stored);
            if items.len() == limit {
                return Ok(StoredPage { items, cursor: Some(store::cursor_after(entry, None)), examined, bounded: false, matched: None });
            }
        }
        match page.cursor {
            Some(c) if (examined as usize) < cases::reads::READ_BUDGET => cursor = Some(c),
            Some(c) => return Ok(StoredPage { items, cursor: Some(c), examined, bounded: true, matched: None }),
            None => return Ok(StoredPage { items, cursor: None, examined, bounded: false, matched: None }),
        }
    }
}

/// The partitions of the due-day index a clock filter reads in the viewer's reach, and what
/// is left to filter in what they hold: the state's shards, or one station's or an area's
/// places. None for one's own cases, whose own partition is small and read whole.
fn due_partitions(viewer: &Viewer, filters: &Filters) -> Option<(Vec<String>, Filters)> {
    let station = |s: i64| keys::due_place_pk(&keys::place(None, Some(s)).expect("a station is a place"));
    let beyond_station = Filters { due: None, police_station: None, ..filters.clone() };
    match (&viewer.reach, filters.police_station) {
        (Reach::Own { .. }, _) => None,
        (Reach::State, Some(s)) => Some((vec![station(s)], beyond_station)),
        (Reach::State, None) => Some((keys::due_all_pks(), Filters { due: None, ..filters.clone() })),
        (Reach::Area(area), Some(s)) => Some((area.stations.contains(&s).then(|| station(s)).into_iter().collect(), beyond_station)),
        (Reach::Area(area), None) => Some((keys::places_of(area).iter().map(|p| keys::due_place_pk(p)).collect(), Filters { due: None, ..filters.clone() })),
    }
}

/// A clock filter's count, alone or with a district or a station, from the due-day counters
/// of the viewer's scope (`keys::due_counter_all`): one read of a few items. Unknown with any
/// other filter, or a district in an area or one's own cases.
async fn due_count(store: &dyn Store, viewer: &Viewer, filters: &Filters, due: cases::reads::DueFilter) -> Result<Option<i64>> {
    let places = filters.district.is_some() as usize + filters.police_station.is_some() as usize;
    if filters.set_count() != 1 + places || places > 1 {
        return Ok(None);
    }
    let station = |s: i64| keys::due_counter_place(&keys::place(None, Some(s)).expect("a station is a place"));
    let counters = match (&viewer.reach, filters.district, filters.police_station) {
        (Reach::State, None, None) => keys::due_counter_all_parts(),
        (Reach::State, Some(district), None) => keys::due_counter_district_parts(district),
        (Reach::State, None, Some(s)) => vec![station(s)],
        (Reach::Own { user_id }, None, None) => vec![keys::due_counter_user(*user_id)],
        (Reach::Area(area), None, None) => keys::places_of(area).iter().map(|p| keys::due_counter_place(p)).collect(),
        (Reach::Area(area), None, Some(s)) if area.stations.contains(&s) => vec![station(s)],
        (Reach::Area(_), None, Some(_)) => return Ok(Some(0)),
        _ => return Ok(None),
    };
    let (from, to) = due.days();
    let items = store::get_existing(store, &counters).await?;
    Ok(Some(counters::due_between(&items, from.map(date_text).as_deref(), &date_text(to))))
}

/// A clock filter's page: the range of due days in `partitions`, merged latest due day
/// first, each grievance read in one batch per step and checked against the other filters.
/// When `only_due` nothing else filters, and a page reads a page of entries.
#[allow(clippy::too_many_arguments)]
async fn list_due(store: &dyn Store, viewer: &Viewer, filters: &Filters, due: cases::reads::DueFilter, partitions: Vec<String>, only_due: bool, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
    let (from, to) = due.days();
    let end = keys::due_day_end(&date_text(to));
    let range = match from {
        Some(from) => SortKey::Between(format!("{}#", date_text(from)), end),
        None => SortKey::AtMost(end),
    };
    let before = merged_before(cursor)?;
    let step = if only_due { limit } else { 100 };
    let mut merge = crate::dynamo::merge::Merge::over(store, None, partitions, range, before, step);
    let mut items = Vec::new();
    let mut examined = 0u64;
    loop {
        let mut entries = Vec::new();
        while entries.len() < step {
            match merge.next().await? {
                Some(entry) => entries.push(entry),
                None => break,
            }
        }
        if entries.is_empty() {
            return Ok(StoredPage { items, cursor: None, examined, bounded: false, matched: None });
        }
        let read = entries.len();
        for (position, (entry, found)) in entries.iter().zip(matching_grievances(store, &entries, viewer, filters).await?).enumerate() {
            examined += 1;
            let Some(stored) = found else { continue };
            items.push(stored);
            if items.len() == limit {
                let more = position + 1 < read || merge.more();
                return Ok(StoredPage { items, cursor: more.then(|| merged_cursor(merge.sort_key(entry))), examined, bounded: false, matched: None });
            }
        }
        if examined >= cases::reads::READ_BUDGET as u64 && merge.more() {
            let last = entries.last().expect("entries were read");
            return Ok(StoredPage { items, cursor: Some(merged_cursor(merge.sort_key(last))), examined, bounded: true, matched: None });
        }
    }
}

/// The writes that move a grievance's audit pointers from place `from` to `to` (dropping
/// them for no `to`, placing them for no `from`), a pair per change, oldest change first. The changes are told by the
/// grievance's own records (`{stamp}#{change}#{seq}`), which each pointer names.
pub(crate) async fn pointer_moves(store: &dyn Store, id: i64, from: Option<&str>, to: Option<&str>) -> Result<Vec<Vec<Write>>> {
    let records = store::read_all(store, Query::table(keys::audit_pk(id))).await?;
    let mut changes: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for record in records {
        let mut parts = record.key.sk.rsplitn(3, '#');
        let (Some(_seq), Some(change), Some(stamp)) = (parts.next(), parts.next(), parts.next()) else { continue };
        changes.entry(format!("{stamp}#{id:012}#{change}")).or_default().push(record.key.sk.clone());
    }
    Ok(changes
        .into_iter()
        .map(|(sort, records)| {
            let mut pair: Vec<Write> = from.iter().map(|from| Write::delete(store::Key::new(keys::audit_place_pk(from), sort.clone()))).collect();
            if let Some(to) = to {
                pair.push(Write::put(Item::new(store::Key::new(keys::audit_place_pk(to), sort)).with("grievance_id", id).with("records", json!(records))));
            }
            pair
        })
        .collect())
}

/// The writes that move the uses of the list items a grievance (`grievance_id`) named
/// `before` and names `after` (see `lists::use_write`).
pub(crate) fn usage_writes(grievance_id: i64, before: &BTreeMap<ListKind, i64>, after: &BTreeMap<ListKind, i64>) -> Vec<Write> {
    let mut deltas: BTreeMap<(ListKind, i64), i64> = BTreeMap::new();
    for (k, id) in before {
        *deltas.entry((*k, *id)).or_default() -= 1;
    }
    for (k, id) in after {
        *deltas.entry((*k, *id)).or_default() += 1;
    }
    deltas
        .into_iter()
        .filter(|(_, d)| *d != 0)
        .map(|((kind, id), d)| crate::dynamo::lists::use_write(kind, id, grievance_id, d))
        .collect()
}

/// Every write of a change of a grievance: `before` is what was read (its version is the
/// condition), `after` the new grievance or `None` for a deletion.
fn change_writes(before: Option<&Stored>, after: Option<&Stored>, audit: Vec<Write>) -> Vec<Write> {
    let empty = BTreeMap::new();
    let mut writes = Vec::new();
    let key_id = before.or(after).map(|s| s.grievance.id).expect("a change has a grievance");
    let key = keys::grievance(key_id);
    let condition = match before {
        Some(b) => Condition::Equals("version".into(), json!(b.grievance.version)),
        None => Condition::NotExists,
    };
    writes.push(match after {
        Some(a) => Write::put(main_item(&a.grievance, &a.refs)).when(condition),
        None => Write::delete(key).when(condition),
    });
    writes.extend(visibility_writes(before.map(|b| &b.grievance), after.map(|a| &a.grievance), after.map(|a| &a.refs).unwrap_or(&empty)));
    writes.extend(fir_number_writes(before.map(|b| &b.grievance), after.map(|a| &a.grievance)));
    writes.extend(number_writes(before.map(|b| &b.grievance), after.map(|a| &a.grievance)));
    writes.extend(escalation_writes(before.map(|b| &b.grievance), after.map(|a| &a.grievance)));
    writes.extend(closure_writes(before.map(|b| &b.grievance), after.map(|a| &a.grievance)));
    writes.extend(queue_writes(keys::appeal_pending, before.map(|b| &b.grievance), after.map(|a| &a.grievance)));
    writes.extend(rating_writes(before.map(|b| &b.grievance), after.map(|a| &a.grievance)));
    writes.extend(due_writes(before.map(|b| &b.grievance), after.map(|a| &a.grievance)));
    writes.extend(audit);
    writes.extend(counters::writes(before.map(|b| &b.grievance), after.map(|a| &a.grievance)));
    writes.extend(usage_writes(key_id, before.map(|b| &b.refs).unwrap_or(&empty), after.map(|a| &a.refs).unwrap_or(&empty)));
    writes
}

pub(crate) fn batch_writes(grievance: &Grievance, batch: AuditBatch) -> Vec<Write> {
    audit_writes(grievance, batch.change, &batch.actor, &batch.at, batch.entries)
}

/// Every write that files `g` (its id, number and times already set), with its CREATED
/// record, counters and list usage: what the data generator loads in bulk. A request writes
/// the same and moves its FIR number's counter too (`keys::fir_counter`); a bulk load leaves
/// the counters out, as the FIR-number upgrade does: a counter that is absent reads as 0 and
/// guards as well, and one UpdateItem per loaded grievance would double a load's time.
pub fn creation_writes(stored: &Stored, actor: &Actor) -> Vec<Write> {
    let g = &stored.grievance;
    // Generated cases are written by the reference list as shipped (their victims, should
    // they name any, protected by its sensitive sections).
    let entry = cases::writes::complete_record_entry(g, true, &cases::identity::Sensitivity::new(&[]));
    let counter = keys::fir_counter_of(g);
    let mut writes = change_writes(None, Some(stored), audit_writes(g, AuditChange::Version(g.version), actor, &g.filed_at, vec![entry]));
    writes.retain(|w| Some(w.key()) != counter.as_ref());
    writes
}

async fn list_as_stored(store: &dyn Store, viewer: &Viewer, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
    if let Some(queue) = queue_of(filters) {
        return list_queue(store, viewer, filters, queue, limit, cursor).await;
    }
    if let Reach::Area(area) = &viewer.reach {
        return list_area(store, area, filters, limit, cursor).await;
    }
    // With view_all and a text to find, the engine's text index narrows first (a user
    // without view_all reads only their own partition, which is small).
    if let (true, Some(text)) = (viewer.sees_state(), &filters.search) {
        if let Some(page) = search(store, text, filters, limit, cursor.clone()).await? {
            return Ok(page);
        }
    }
    // The narrowest partition a filter names: a station's copies, a district's, a status's
    // shards, else the state's shards; `beyond` is what is left to filter in what it holds.
    let (index, pk, beyond) = if !viewer.sees_state() {
        (None, keys::visible_pk(viewer.user_id), filters.clone())
    } else if let Some(station) = filters.police_station {
        let place = keys::place(None, Some(station)).expect("a station is a place");
        (None, keys::place_pk(&place), Filters { police_station: None, ..filters.clone() })
    } else if let Some(district) = filters.district {
        (Some(Index::Gsi1), keys::district_pk(district), Filters { district: None, ..filters.clone() })
    } else if let Some(status) = filters.status {
        let beyond = Filters { status: None, ..filters.clone() };
        return merged_page(store, Some(Index::Gsi2), keys::status_index_pks(status), filters, beyond.is_empty(), limit, cursor).await;
    } else {
        return merged_page(store, Some(Index::Gsi1), keys::all_index_pks(), filters, filters.is_empty(), limit, cursor).await;
    };
    let base = match index {
        Some(i) => Query::index(i, pk),
        None => Query::table(pk),
    }
    .newest_first();
    let mut items = Vec::new();
    let mut examined = 0;
    let mut cursor = cursor;
    // Every item read is a match when nothing filters beyond the index: read exactly a page.
    let only_the_index = beyond.is_empty();
    let batch = if only_the_index { limit } else { 200 };
    loop {
        let page = store.query(&base.clone().limit(batch).after(cursor.clone())).await?;
        let count = page.items.len();
        for (position, item) in page.items.into_iter().enumerate() {
            examined += 1;
            let stored = from_item(item.clone())?;
            if filters.matches(&stored.grievance) {
                items.push(stored);
                if items.len() == limit {
                    let more = position + 1 < count || page.cursor.is_some();
                    return Ok(StoredPage { items, cursor: more.then(|| store::cursor_after(&item, index)), examined: examined as u64, bounded: false, matched: None });
                }
            }
            if examined >= cases::reads::READ_BUDGET && (position + 1 < count || page.cursor.is_some()) {
                return Ok(StoredPage { items, cursor: Some(store::cursor_after(&item, index)), examined: examined as u64, bounded: true, matched: None });
            }
        }
        match page.cursor {
            Some(c) => cursor = Some(c),
            None => return Ok(StoredPage { items, cursor: None, examined: examined as u64, bounded: false, matched: None }),
        }
    }
}

/// How a page read from merged partitions ends: the sort key of the last grievance read,
/// which every partition merged shares (`keys::recency`), after this mark.
const MERGED_CURSOR: &str = "merged.";

/// The sort key a merged page's cursor ended at (see [`MERGED_CURSOR`]); 400 for any other text.
fn merged_before(cursor: Option<String>) -> Result<Option<String>> {
    cursor
        .map(|c| c.strip_prefix(MERGED_CURSOR).and_then(store::position_from_cursor).ok_or_else(|| Error::BadRequest(Msg::CursorInvalid)))
        .transpose()
}

/// The cursor of a merged page that ended at `sort_key`.
fn merged_cursor(sort_key: &str) -> String {
    format!("{MERGED_CURSOR}{}", store::position_cursor(sort_key))
}

/// An area's grievances, newest first: the merge of its places' partitions (one place when
/// the list asks for one of its stations, none for a station outside it), with the same
/// bounded work per request as a single partition.
async fn list_area(store: &dyn Store, area: &Area, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
    let places = match filters.police_station {
        Some(station) if area.stations.contains(&station) => vec![keys::place(None, Some(station)).expect("a station is a place")],
        Some(_) => Vec::new(),
        None => keys::places_of(area),
    };
    let only_the_places = Filters { police_station: None, ..filters.clone() }.is_empty();
    merged_page(store, None, places.iter().map(|p| keys::place_pk(p)).collect(), filters, only_the_places, limit, cursor).await
}

/// A page of `partitions` (of `index`, or of the table) read merged, newest first: a
/// posting's places, or the shards of the state's or a status's grievances. When
/// `only_the_partitions` every grievance read is a match, and a page reads a page from each;
/// otherwise the partitions share the read budget, so one merge step never reads far past it.
async fn merged_page(store: &dyn Store, index: Option<Index>, partitions: Vec<String>, filters: &Filters, only_the_partitions: bool, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
    let before = merged_before(cursor)?;
    let batch = if only_the_partitions { limit } else { (cases::reads::READ_BUDGET / partitions.len().max(1)).clamp(10, 200) };
    let mut merge = crate::dynamo::merge::Merge::over(store, index, partitions, SortKey::Any, before, batch);
    let mut items = Vec::new();
    let mut examined = 0u64;
    while let Some(item) = merge.next().await? {
        examined += 1;
        let at = merged_cursor(merge.sort_key(&item));
        let stored = from_item(item)?;
        if filters.matches(&stored.grievance) {
            items.push(stored);
            if items.len() == limit {
                return Ok(StoredPage { items, cursor: merge.more().then_some(at), examined, bounded: false, matched: None });
            }
        }
        if examined >= cases::reads::READ_BUDGET as u64 && merge.more() {
            return Ok(StoredPage { items, cursor: Some(at), examined, bounded: true, matched: None });
        }
    }
    Ok(StoredPage { items, cursor: None, examined, bounded: false, matched: None })
}

/// [`Grievances::find_by_number`] on items: the number index of the viewer's reach read in
/// key order, highest first: the state's shards merged (three queries a page), a posting's
/// places merged, or the viewer's own partition. Every entry read is within reach, so a page
/// reads a page of entries; `numbers::LOOKUP_BUDGET` bounds it all the same.
async fn find_by_number(store: &dyn Store, viewer: &Viewer, query: &NumberQuery, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
    let before = merged_before(cursor)?;
    let sort = match query.matching {
        NumberMatch::Exact => SortKey::BeginsWith(format!("{}#", query.key())),
        NumberMatch::Prefix => SortKey::BeginsWith(query.key().to_string()),
    };
    let partitions = match &viewer.reach {
        Reach::State => keys::number_pks(),
        Reach::Own { user_id } => vec![keys::own_number_pk(*user_id)],
        Reach::Area(area) => keys::places_of(area).iter().map(|place| keys::place_number_pk(place)).collect(),
    };
    // A page from each partition (a grievance whose two numbers both match, rarely, takes a
    // second query to fill the page).
    let mut merge = crate::dynamo::merge::Merge::new(store, partitions, sort, before, limit);
    let mut ids = Vec::new();
    let mut examined = 0u64;
    let mut cursor = None;
    let mut bounded = false;
    while let Some(entry) = merge.next().await? {
        examined += 1;
        let at = merged_cursor(&entry.key.sk);
        let numbers: Vec<String> = entry.attrs.get(NUMBERS_ATTR).and_then(|n| serde_json::from_value(n.clone()).ok()).unwrap_or_default();
        let number = entry.key.sk.rsplit_once('#').map(|(number, _)| number).unwrap_or_default();
        // Answered once, under its highest number that matches (its other entry is passed over).
        if query.answered_under(&numbers) == Some(number) {
            ids.extend(entry.i64("grievance_id"));
            if ids.len() == limit {
                cursor = merge.more().then_some(at);
                break;
            }
        }
        if examined >= cases::numbers::LOOKUP_BUDGET as u64 && merge.more() {
            (cursor, bounded) = (Some(at), true);
            break;
        }
    }
    let keys: Vec<store::Key> = ids.iter().map(|id| keys::grievance(*id)).collect();
    let items = if keys.is_empty() { Vec::new() } else { store.get_many(&keys).await?.into_iter().flatten().map(from_item).collect::<Result<_>>()? };
    Ok(StoredPage { items, cursor, examined, bounded, matched: None })
}

/// Every grievance item, a page at a time, for upgrades: each shard of the state's index,
/// then the partition an earlier release kept them all in. A grievance an upgrade moves out
/// of that partition meanwhile lands in a shard read already, so none is read twice.
pub struct EveryGrievance {
    /// Partitions still to read, the next last.
    partitions: Vec<String>,
    query: Option<Query>,
    batch: usize,
}

impl EveryGrievance {
    pub fn new(batch: usize) -> EveryGrievance {
        let mut partitions = keys::all_index_pks();
        partitions.push(keys::UNSHARDED_INDEX_PK.to_string());
        partitions.reverse();
        EveryGrievance { partitions, query: None, batch }
    }

    /// The partitions, in the order they are read.
    pub fn partitions() -> Vec<String> {
        let mut every = EveryGrievance::new(1).partitions;
        every.reverse();
        every
    }

    /// The next page; `None` once every partition is read.
    pub async fn next_page(&mut self, store: &dyn Store) -> Result<Option<Vec<Item>>> {
        loop {
            let query = match &mut self.query {
                Some(query) => query,
                None => {
                    let Some(pk) = self.partitions.pop() else { return Ok(None) };
                    self.query.insert(Query::index(Index::Gsi1, pk).limit(self.batch))
                }
            };
            let page = store.query(query).await?;
            match page.cursor {
                Some(c) => query.cursor = Some(c),
                None => self.query = None,
            }
            if !page.items.is_empty() {
                return Ok(Some(page.items));
            }
        }
    }
}

/// The most keys of a FIR-date range a list reads to order it. A wider range (a district's
/// decade) is listed from its district's partition, with bounded work per request.
pub const FIR_RANGE_LIMIT: usize = 20_000;

/// A FIR-date range of one station's or one district's grievances, in the keys-only index.
enum FirRange {
    /// The range ends before it starts.
    Empty,
    Keys(Query),
}

/// The FIR-date range a list asks for, when that and a station or a district are all it
/// filters by and the viewer holds the place whole: the state, or an area with that station.
fn fir_range_of(viewer: &Viewer, filters: &Filters) -> Option<FirRange> {
    if filters.from_date.is_none() && filters.to_date.is_none() || filters.set_count() != 2 {
        return None;
    }
    let pk = match (filters.police_station, filters.district, &viewer.reach) {
        (Some(station), None, Reach::State) => keys::fir_place_pk(&keys::place(None, Some(station))?),
        (Some(station), None, Reach::Area(area)) if area.stations.contains(&station) => keys::fir_place_pk(&keys::place(None, Some(station))?),
        (None, Some(district), Reach::State) => keys::fir_district_pk(district),
        _ => return None,
    };
    let (from, to) = (filters.from_date.as_deref(), filters.to_date.as_deref());
    if let (Some(from), Some(to)) = (from, to) {
        if from > to {
            return Some(FirRange::Empty);
        }
    }
    Some(FirRange::Keys(Query::index(Index::Gsi4, pk).sort(keys::fir_range(from, to))))
}

/// A page of a FIR-date range, ordered by filing time or FIR date: every key of the range
/// is read (a tenth of an item each, ten thousand a call) and ordered, and only the page's
/// grievances are fetched, by key. `None` when the order needs more than keys (priority,
/// status) or the range holds more than [`FIR_RANGE_LIMIT`] grievances.
async fn list_fir_range(store: &dyn Store, range: FirRange, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<Option<StoredPage>> {
    let order = filters.order;
    if !matches!(order.key, ListSort::FiledAt | ListSort::FirDate) {
        return Ok(None);
    }
    let FirRange::Keys(query) = range else {
        return Ok(Some(StoredPage { items: Vec::new(), cursor: None, examined: 0, bounded: false, matched: Some(0) }));
    };
    let after = cursor.as_deref().map(|c| SortCursor::decode(c, order)).transpose()?;
    let mut entries = Vec::new();
    let mut query = query.limit(store::MAX_KEYS_PAGE);
    loop {
        let page = store.query(&query).await?;
        entries.extend(page.items.iter().filter_map(|item| keys::fir_entry(item.str(Index::Gsi4.sk_attr())?)));
        if entries.len() > FIR_RANGE_LIMIT {
            return Ok(None);
        }
        match page.cursor {
            Some(c) => query.cursor = Some(c),
            None => break,
        }
    }
    let examined = entries.len() as u64;
    let key = |e: &keys::FirEntry| {
        let value = match order.key {
            ListSort::FirDate => e.fir_date.clone(),
            _ => e.filed_at.clone(),
        };
        SortCursor { tag: SortCursor::tag(order), key: SortValue::Text(value), id: e.id }
    };
    entries.sort_by_cached_key(|e| key(e).position());
    if order.direction == SortDirection::Desc {
        entries.reverse();
    }
    let start = match &after {
        None => 0,
        Some(after) => entries.iter().position(|e| after.precedes(&key(e), order)).unwrap_or(entries.len()),
    };
    let page: Vec<&keys::FirEntry> = entries.iter().skip(start).take(limit).collect();
    let more = start + page.len() < entries.len();
    let cursor = if more { page.last().map(|e| key(e).encode()) } else { None };
    let mut items = Vec::with_capacity(page.len());
    for chunk in page.chunks(100) {
        let found = store.get_many(&chunk.iter().map(|e| keys::grievance(e.id)).collect::<Vec<_>>()).await?;
        for item in found.into_iter().flatten() {
            let stored = from_item(item)?;
            // The index follows its items a moment late: a grievance just moved out of the
            // range is left out.
            if filters.matches(&stored.grievance) {
                items.push(stored);
            }
        }
    }
    Ok(Some(StoredPage { items, cursor, examined, bounded: false, matched: Some(examined as i64) }))
}

/// The most grievances the item engine reads to sort a list by another column than the
/// filing time, which its indexes do not hold in order.
pub const SORT_READ_LIMIT: u64 = 20_000;

/// Sorting by a column the indexes do not keep in order: every match in the viewer's scope
/// is read (newest first, as the index scan reads them), sorted as the relational engine
/// sorts, and the page after the cursor answered. Correct for any filters; a scope with more
/// than [`SORT_READ_LIMIT`] grievances to read is refused with a clear 400 rather than
/// answered slowly or wrongly.
async fn list_sorted(store: &dyn Store, viewer: &Viewer, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<StoredPage> {
    let order = filters.order;
    let after = cursor.as_deref().map(|c| SortCursor::decode(c, order)).transpose()?;
    let newest_first = Filters { order: Default::default(), ..filters.clone() };
    let mut matches = Vec::new();
    let mut examined = 0;
    let mut next = None;
    loop {
        let page = list_as_stored(store, viewer, &newest_first, 200, next).await?;
        examined += page.examined;
        if examined > SORT_READ_LIMIT {
            return Err(Error::BadRequest(Msg::SortTooMany));
        }
        matches.extend(page.items);
        match page.cursor {
            Some(c) => next = Some(c),
            None => break,
        }
    }
    let (items, cursor) = page_in_order(store, matches, order, after, limit).await?;
    Ok(StoredPage { items, cursor, examined, bounded: false, matched: None })
}

/// The page after `after` of every match, in `order`, and the cursor that continues it. One key
/// orders the page and places the cursor, so the two cannot disagree.
async fn page_in_order(store: &dyn Store, mut matches: Vec<Stored>, order: Order, after: Option<SortCursor>, limit: usize) -> Result<(Vec<Stored>, Option<String>)> {
    let ranks = Ranks::read(store).await?;
    let key = |g: &Grievance| SortCursor::of(g, order, &ranks);
    matches.sort_by_cached_key(|s| key(&s.grievance).position());
    if order.direction == SortDirection::Desc {
        matches.reverse();
    }
    let start = match &after {
        None => 0,
        Some(after) => matches.iter().position(|s| after.precedes(&key(&s.grievance), order)).unwrap_or(matches.len()),
    };
    let mut items: Vec<Stored> = matches.into_iter().skip(start).take(limit + 1).collect();
    let more = items.len() > limit;
    items.truncate(limit);
    let cursor = if more { items.last().map(|s| key(&s.grievance).encode()) } else { None };
    Ok((items, cursor))
}

/// A selection's page: its grievances read by key (a selection is at most
/// `cases::reads::SELECTION_LIMIT`), those the viewer may see and the other filters keep, in
/// the list's order.
async fn list_selection(store: &dyn Store, viewer: &Viewer, filters: &Filters, ids: &[i64], limit: usize, cursor: Option<String>) -> Result<StoredPage> {
    let order = filters.order;
    let after = cursor.as_deref().map(|c| SortCursor::decode(c, order)).transpose()?;
    let keys: Vec<store::Key> = ids.iter().take(cases::reads::SELECTION_LIMIT).map(|id| keys::grievance(*id)).collect();
    let found = store::get_existing(store, &keys).await?;
    let examined = found.len() as u64;
    let mut matches = Vec::new();
    for item in found {
        let stored = from_item(item)?;
        if viewer.may_see(&stored.grievance) && filters.matches(&stored.grievance) {
            matches.push(stored);
        }
    }
    let total = matches.len() as i64;
    let (items, cursor) = page_in_order(store, matches, order, after, limit).await?;
    Ok(StoredPage { items, cursor, examined, bounded: false, matched: Some(total) })
}

/// The display order of the statuses and priorities, the ranks the lists sort by.
struct Ranks(BTreeMap<(ListKind, i64), i64>);

impl Ranks {
    async fn read(store: &dyn Store) -> Result<Ranks> {
        let mut ranks = BTreeMap::new();
        for kind in [ListKind::Statuses, ListKind::Priorities] {
            // The ranks alone: the usage counts a whole list carries are a read more each.
            for item in crate::dynamo::list_items::definitions(store, kind).await? {
                ranks.insert((kind, item.id), item.display_order);
            }
        }
        Ok(Ranks(ranks))
    }

    /// An item's rank; none (or an item gone) after every rank, as the relational engine.
    fn of(&self, kind: ListKind, id: Option<i64>) -> i64 {
        id.and_then(|id| self.0.get(&(kind, id)).copied()).unwrap_or(store::sql::grievances::NO_RANK)
    }
}

/// A grievance's place in a sorted list: a date as text, or an item's rank as a number.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum SortValue {
    Text(String),
    Rank(i64),
}

/// Where a sorted page ended: the last grievance's sort key and id, under the order's name
/// so that a cursor of another order is refused.
#[derive(Debug)]
struct SortCursor {
    tag: String,
    key: SortValue,
    id: i64,
}

impl SortCursor {
    fn tag(order: Order) -> String {
        let key = match order.key {
            ListSort::FiledAt => "filed_at",
            ListSort::FirDate => "fir_date",
            ListSort::Priority => "priority",
            ListSort::Status => "status",
        };
        format!("{key}.{}", if order.direction == SortDirection::Asc { "asc" } else { "desc" })
    }

    fn of(g: &Grievance, order: Order, ranks: &Ranks) -> SortCursor {
        let key = match order.key {
            ListSort::FiledAt => SortValue::Text(g.filed_at.clone()),
            ListSort::FirDate => SortValue::Text(g.fields.fir_date.to_string()),
            ListSort::Priority => SortValue::Rank(ranks.of(ListKind::Priorities, g.priority_id)),
            ListSort::Status => SortValue::Rank(ranks.of(ListKind::Statuses, g.status_id)),
        };
        SortCursor { tag: SortCursor::tag(order), key, id: g.id }
    }

    /// The ascending sort key: the value, then the id.
    fn position(self) -> (SortValue, i64) {
        (self.key, self.id)
    }

    fn encode(&self) -> String {
        let key = match &self.key {
            SortValue::Text(text) => text.clone(),
            SortValue::Rank(rank) => rank.to_string(),
        };
        format!("{}|{}|{key}", self.tag, self.id)
    }

    fn decode(text: &str, order: Order) -> Result<SortCursor> {
        let bad = || Error::BadRequest(Msg::CursorInvalid);
        let mut parts = text.splitn(3, '|');
        let (Some(tag), Some(id), Some(key)) = (parts.next(), parts.next(), parts.next()) else { return Err(bad()) };
        if tag != SortCursor::tag(order) {
            return Err(bad());
        }
        let key = match order.key {
            ListSort::FiledAt | ListSort::FirDate => SortValue::Text(key.to_string()),
            ListSort::Priority | ListSort::Status => SortValue::Rank(key.parse().map_err(|_| bad())?),
        };
        Ok(SortCursor { tag: tag.to_string(), key, id: id.parse().map_err(|_| bad())? })
    }

    /// Whether the grievance keyed `other` comes after this cursor in `order`.
    fn precedes(&self, other: &SortCursor, order: Order) -> bool {
        let (mine, theirs) = ((&self.key, self.id), (&other.key, other.id));
        match order.direction {
            SortDirection::Asc => theirs > mine,
            SortDirection::Desc => theirs < mine,
        }
    }
}

/// The text index's matches that pass the other filters, newest first, with the same bounded
/// work per request as the index scan. `None` when the engine keeps no text index.
async fn search(store: &dyn Store, text: &str, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<Option<StoredPage>> {
    let mut items = Vec::new();
    let mut examined = 0;
    let mut cursor = cursor;
    // With the text as the only filter every match is wanted: read exactly a page.
    let only_text = Filters { search: None, ..filters.clone() }.is_empty();
    let batch = if only_text { limit } else { 200 };
    loop {
        let Some(page) = store.search(keys::TEXT_PART, text, batch, cursor.clone()).await? else { return Ok(None) };
        let count = page.items.len();
        for (position, item) in page.items.into_iter().enumerate() {
            examined += 1;
            let stored = from_item(item)?;
            let id = stored.grievance.id;
            if filters.matches(&stored.grievance) {
                items.push(stored);
            }
            let more = position + 1 < count || page.cursor.is_some();
            if items.len() == limit || examined >= cases::reads::READ_BUDGET {
                let bounded = more && items.len() < limit;
                return Ok(Some(StoredPage { items, cursor: more.then(|| store::search_cursor_after(id)), examined: examined as u64, bounded, matched: None }));
            }
        }
        match page.cursor {
            Some(c) => cursor = Some(c),
            None => return Ok(Some(StoredPage { items, cursor: None, examined: examined as u64, bounded: false, matched: None })),
        }
    }
}

