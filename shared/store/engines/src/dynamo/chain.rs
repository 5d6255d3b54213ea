//! The audit trail's chains (`cases::chain`) in the item store. A record item carries its
//! chain's name, its link number, the hash before it and its own (hex); each chain's head is
//! an item of its own (`CHAIN#{chain}`), written in the change's transaction on condition
//! that it is still the head that was read. Two changes of one chain at once: one wins, the
//! other links again after it. Chains are a grievance's, a user's, or the administrative
//! one, so no head is written by every change.

use domain::Msg;
use crate::dynamo::grievance_keys as keys;
use crate::dynamo::audit_records::audit_view;
use cases::chain::{self, Hash, Link, Verification, VerifyScope};
use cases::checkpoint::{SummaryBuilder, TrailSummary};
use cases::reads::AuditRecord;
use domain::{Error, Result};
use serde_json::json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use store::{Condition, Item, Key, Query, Store, StoreError, Write};

const CHAIN: &str = "chain";
const LINK: &str = "link";
const PREV: &str = "prev";
const HASH: &str = "hash";
/// A head item's seal (`cases::chain::seal_head`), hex.
const SEAL: &str = "seal";

pub(crate) fn head_key(chain: &str) -> Key {
    Key::new(format!("CHAIN#{chain}"), "HEAD")
}

/// Chain heads read beside their grievance (`Grievances::get_to_change`), kept for the change
/// that follows so that it does not read the head again. A head moved meanwhile (another
/// change, another instance) fails the change's condition on it, and [`transact`] links again
/// after a fresh reading: a kept head is a hint, never trusted.
#[derive(Clone, Default)]
pub(crate) struct HeadsRead(Arc<Mutex<HashMap<String, Option<(i64, Hash)>>>>);

impl HeadsRead {
    /// Heads read for changes that never came (a refused edit) are forgotten past this many.
    const MOST: usize = 1024;

    /// Keeps what was read of `chain`'s head (`None`: it has none yet).
    pub(crate) fn keep(&self, chain: String, head: Option<&Item>) {
        let mut heads = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if heads.len() >= Self::MOST {
            heads.clear();
        }
        heads.insert(chain, head.and_then(head_of).and_then(newest_of));
    }

    fn take(&self, chain: &str) -> Option<Option<(i64, Hash)>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).remove(chain)
    }
}

fn hash_of(text: Option<&str>) -> Option<Hash> {
    hex::decode(text?).ok()?.try_into().ok()
}

/// A head item's link, hash and seal.
fn head_of(item: &Item) -> Option<chain::Head> {
    Some(chain::Head { link: item.i64(LINK)?, hash: Some(hash_of(item.str(HASH))?), seal: hash_of(item.str(SEAL)) })
}

/// The newest link a head names, and its hash (a head item always carries both).
fn newest_of(head: chain::Head) -> Option<(i64, Hash)> {
    Some((head.link, head.hash?))
}

/// The write that moves `chain`'s head to `link` with `hash`, sealed, on `condition`.
fn moved_head(chain: &str, link: i64, hash: Hash, condition: Condition) -> Write {
    let seal = chain::seal_head(chain, link, &hash);
    Write::put(Item::new(head_key(chain)).with(LINK, link).with(HASH, hex::encode(hash)).with(SEAL, hex::encode(seal))).when(condition)
}

/// The record items among a change's writes, in order: puts in a grievance's (or the
/// events') audit partition.
fn record_positions(writes: &[Write]) -> Vec<usize> {
    writes
        .iter()
        .enumerate()
        .filter(|(_, w)| matches!(w, Write::Put { item, .. } if item.key.pk.starts_with("AUDIT#") && item.attrs.contains_key("action")))
        .map(|(i, _)| i)
        .collect()
}

fn record_of(write: &Write) -> Result<AuditRecord> {
    match write {
        Write::Put { item, .. } => audit_view(item.clone()),
        _ => Err(Error::internal("not a record's write")),
    }
}

/// Links the records among `writes` (one change's, all of one chain) after their chain's head
/// as read now, and appends (or, linking again, replaces) the write that moves the head.
/// Answers the position of that write: the transaction failing there means another change
/// of the chain came first, and the records are to be linked again. A chain the caller knows
/// to be `new` is not read (it is written on condition that it still does not exist), nor one
/// whose head was read beside its grievance (`known`).
pub(crate) async fn link(store: &dyn Store, writes: &mut Vec<Write>, head_at: Option<usize>, new: bool, known: Option<&HeadsRead>) -> Result<Option<usize>> {
    let positions = record_positions(writes);
    let Some(first) = positions.first() else { return Ok(None) };
    let first = record_of(&writes[*first])?;
    let name = chain::chain_of(first.grievance_id, first.action, first.user_id);
    let read = match (new, known.and_then(|k| k.take(&name))) {
        (true, _) => None,
        (false, Some(kept)) => kept,
        (false, None) => store.get(&head_key(&name)).await?.as_ref().and_then(head_of).and_then(newest_of),
    };
    let mut head = read;
    for at in positions {
        let record = record_of(&writes[at])?;
        let Link { link, prev, hash, .. } = chain::next(name.clone(), head, &record);
        if let Write::Put { item, .. } = &mut writes[at] {
            item.attrs.insert(CHAIN.into(), json!(name));
            item.attrs.insert(LINK.into(), json!(link));
            item.attrs.insert(PREV.into(), json!(hex::encode(prev)));
            item.attrs.insert(HASH.into(), json!(hex::encode(hash)));
        }
        head = Some((link, hash));
    }
    let (link, hash) = head.expect("at least one record");
    let condition = match read {
        Some((n, _)) => Condition::Equals(LINK.into(), json!(n)),
        None => Condition::NotExists,
    };
    let moved = moved_head(&name, link, hash, condition);
    Ok(Some(match head_at {
        Some(at) => {
            writes[at] = moved;
            at
        }
        None => {
            writes.push(moved);
            writes.len() - 1
        }
    }))
}

/// Writes a change whose records were linked by [`link`] (the head's write at `head_at`),
/// linking them again while another change of the chain comes first.
pub(crate) async fn transact(store: &dyn Store, mut writes: Vec<Write>, head_at: Option<usize>) -> std::result::Result<(), StoreError> {
    for _ in 0..8 {
        match store.transact(writes.clone()).await {
            Err(StoreError::ConditionFailed { at }) if Some(at) == head_at => {
                link(store, &mut writes, head_at, false, None).await.map_err(|e| StoreError::Backend(e.to_string()))?;
            }
            other => return other,
        }
    }
    store.transact(writes).await
}

/// A record item's link, as kept (`None`: written before the chains).
fn kept_link(item: &Item) -> Option<Link> {
    Some(Link { chain: item.str(CHAIN)?.to_string(), link: item.i64(LINK)?, prev: hash_of(item.str(PREV))?, hash: hash_of(item.str(HASH))? })
}

/// Checks the chains of `scope`. Every grievance's partition is read for `All` (each
/// grievance ever filed), with the events' partition: a state's whole trail, for the command
/// line; a request checks named chains.
pub(crate) async fn verify(store: &dyn Store, scope: VerifyScope) -> Result<Verification> {
    let names = match scope {
        VerifyScope::Chains(names) => names,
        VerifyScope::All => {
            let filed = crate::dynamo::audit_records::grievances_filed(store).await?;
            let mut names: Vec<String> = (1..=filed).map(|id| format!("grievance:{id}")).collect();
            names.push(EVENTS.into());
            names
        }
    };
    let mut verification = Verification::default();
    for name in names {
        let partition = match name.strip_prefix("grievance:").and_then(|id| id.parse::<i64>().ok()) {
            Some(id) => id,
            None => 0,
        };
        let items = store::read_all(store, Query::table(keys::audit_pk(partition))).await?;
        let mut chains: std::collections::BTreeMap<String, Vec<(AuditRecord, Link)>> = Default::default();
        for item in items {
            let link = kept_link(&item);
            let record = audit_view(item)?;
            let Some(link) = link else {
                verification.broken = Some(chain::Broken { chain: name.clone(), record_id: record.id, reason: NOT_WRITTEN_BY_THE_PORTAL.into() });
                return Ok(verification);
            };
            chains.entry(link.chain.clone()).or_default().push((record, link));
        }
        // The events' partition holds many chains: all of them, or the one asked for.
        let wanted: Vec<String> = if name == EVENTS { chains.keys().cloned().collect() } else { vec![name.clone()] };
        for chain_name in wanted {
            let mut links = chains.remove(&chain_name).unwrap_or_default();
            links.sort_by_key(|(_, l)| l.link);
            let head = store.get(&head_key(&chain_name)).await?.as_ref().and_then(head_of);
            if links.is_empty() && head.is_none() {
                continue;
            }
            verification.chains += 1;
            verification.records += links.len() as u64;
            verification.broken = chain::verify(&chain_name, &links, head);
            if verification.broken.is_some() {
                return Ok(verification);
            }
        }
    }
    Ok(verification)
}

/// How long before a checkpoint its records must have been written to be in it: a change
/// stamps its records, then commits them within a few seconds (its transaction and, at most,
/// eight retries), so a record stamped earlier than this has landed or never will.
const SETTLED_SECONDS: i64 = 120;

/// Where the trail stands now for a checkpoint (`time:T`, the records written up to a moment
/// every change stamped before has landed), with its summary there.
pub(crate) async fn summary_now(store: &dyn Store) -> Result<(String, TrailSummary)> {
    let settled = domain::clock::to_text(domain::clock::now() - time::Duration::seconds(SETTLED_SECONDS));
    let summary = summary_as_of(store, &format!("time:{settled}")).await?;
    Ok((format!("time:{settled}"), summary))
}

/// The summary of the trail as it stood at `as_of` (`time:T`): each chain's newest link
/// among its records written up to T. Reads the whole trail, a partition at a time.
pub(crate) async fn summary_as_of(store: &dyn Store, as_of: &str) -> Result<TrailSummary> {
    let cut = as_of
        .strip_prefix("time:")
        .filter(|t| domain::clock::parse(t).is_some())
        .ok_or_else(|| Error::BadRequest(Msg::CheckpointOtherStore))?
        .to_string();
    let filed = crate::dynamo::audit_records::grievances_filed(store).await?;
    let mut heads: Vec<(String, i64, Hash)> = Vec::new();
    for partition in std::iter::once(0).chain(1..=filed) {
        let mut newest: std::collections::BTreeMap<String, (i64, Hash)> = Default::default();
        for item in store::read_all(store, Query::table(keys::audit_pk(partition))).await? {
            let Some(link) = kept_link(&item) else { continue };
            if audit_view(item)?.created_at > cut {
                continue;
            }
            let entry = newest.entry(link.chain).or_insert((0, chain::START));
            if link.link > entry.0 {
                *entry = (link.link, link.hash);
            }
        }
        heads.extend(newest.into_iter().map(|(chain, (link, hash))| (chain, link, hash)));
    }
    heads.sort_by(|a, b| a.0.cmp(&b.0));
    let mut summary = SummaryBuilder::default();
    for (chain, link, hash) in &heads {
        summary.add(chain, *link, hash).map_err(Error::internal)?;
    }
    Ok(summary.finish())
}

/// The name `verify` reads every chain of the events' partition by.
const EVENTS: &str = "events";

/// What a check says of a record in no chain.
const NOT_WRITTEN_BY_THE_PORTAL: &str = "it is in no chain: the portal did not write it";

/// Marks the trail's chain upgrade done (see [`seal_chains`]).
fn sealed_marker() -> Key {
    Key::new("MIGRATION", "audit-chain-heads-sealed")
}

/// What [`seal_chains`] did.
#[derive(Debug, Default)]
pub struct ChainsSealed {
    /// Records written before the chains, linked (their chain had never been started).
    pub linked: u64,
    /// Heads written before heads were sealed, sealed.
    pub sealed: u64,
    /// Records in no chain whose chain had been started: the portal links every record as it
    /// writes it, so these were put in the table behind its back, and are left for the check
    /// to name.
    pub refused_records: u64,
    /// Heads that do not name their chain's newest record: left unsealed, for the check.
    pub refused_heads: u64,
}

/// The upgrade of the trail's chains, run once per table (`None`: it had run): links the
/// records of every chain that was never started (written before the chains), in the order
/// they were written, and seals every head written before heads were sealed, as it names its
/// chain's newest record. A record in no chain of a chain that was started is never linked.
pub(crate) async fn seal_chains(store: &dyn Store) -> Result<Option<ChainsSealed>> {
    if store.get(&sealed_marker()).await?.is_some() {
        return Ok(None);
    }
    let filed = crate::dynamo::audit_records::grievances_filed(store).await?;
    let mut done = ChainsSealed::default();
    for partition in std::iter::once(0).chain(1..=filed) {
        for attempt in 0..8 {
            let items = store::read_all(store, Query::table(keys::audit_pk(partition))).await?;
            let mut chains: std::collections::BTreeMap<String, Vec<Item>> = Default::default();
            for item in items {
                let record = audit_view(item.clone())?;
                chains.entry(chain::chain_of(record.grievance_id, record.action, record.user_id)).or_default().push(item);
            }
            let mut moved = false;
            for (name, mut items) in chains {
                let read = store.get(&head_key(&name)).await?.as_ref().and_then(head_of);
                let unlinked = items.iter().filter(|i| kept_link(i).is_none()).count() as u64;
                match read {
                    // Started: only its head may want a seal; its unlinked records stay so.
                    Some(head) => {
                        if attempt == 0 {
                            done.refused_records += unlinked;
                        }
                        if head.seal.is_some() {
                            continue;
                        }
                        let newest = items.iter().filter_map(kept_link).max_by_key(|l| l.link);
                        if let Some((link, hash)) = newest_of(head).filter(|&(link, hash)| newest.is_some_and(|l| l.link == link && l.hash == hash)) {
                            match store.transact(vec![moved_head(&name, link, hash, Condition::Equals(LINK.into(), json!(link)))]).await {
                                Err(StoreError::ConditionFailed { .. }) => moved = true,
                                other => {
                                    other?;
                                    done.sealed += 1;
                                }
                            }
                        } else if attempt == 0 {
                            done.refused_heads += 1;
                        }
                    }
                    // Never started: written before the chains, linked in the order written.
                    None if unlinked > 0 => {
                        items.sort_by(|a, b| a.key.sk.cmp(&b.key.sk));
                        let mut head = None;
                        let mut writes = Vec::new();
                        for mut item in items {
                            let record = audit_view(item.clone())?;
                            let next = chain::next(name.clone(), head, &record);
                            item.attrs.insert(CHAIN.into(), json!(name));
                            item.attrs.insert(LINK.into(), json!(next.link));
                            item.attrs.insert(PREV.into(), json!(hex::encode(next.prev)));
                            item.attrs.insert(HASH.into(), json!(hex::encode(next.hash)));
                            head = Some((next.link, next.hash));
                            writes.push(Write::put(item));
                        }
                        let count = writes.len() as u64;
                        crate::dynamo::case_files::write_rest(store, writes).await?;
                        let (link, hash) = head.expect("a chain has a record");
                        match store.transact(vec![moved_head(&name, link, hash, Condition::NotExists)]).await {
                            Err(StoreError::ConditionFailed { .. }) => moved = true,
                            other => {
                                other?;
                                done.linked += count;
                            }
                        }
                    }
                    None => {}
                }
            }
            if !moved {
                break;
            }
        }
    }
    let marker = Item::new(sealed_marker()).with("done_at", domain::clock::now_text()).with("linked", done.linked as i64).with("sealed", done.sealed as i64);
    store.transact(vec![Write::put(marker)]).await?;
    Ok(Some(done))
}
