//! The audit trail's chains, which make it tamper-evident. Every record carries a keyed hash
//! (HMAC-SHA-256) of its content, its place in its chain and the hash of the record before
//! it there. Changing a record breaks its own hash; deleting one breaks the next record's
//! link (or leaves the chain's head ahead of its last record); and without the key, kept
//! apart from the trail (a file beside the database, a Secrets Manager secret in the cloud),
//! nobody who holds the database can make a changed record's hashes agree again.
//!
//! A chain is short and private to what it records, so no change waits on another's: one per
//! grievance, one for administrative changes, and one per user for their other events (an
//! export, a refused grant). A change reads its chain's head and moves it in its own
//! transaction.
//!
//! A record's link is its seal: written in the record's own transaction, it is a MAC over the
//! record's content and its position, so a record put in the store by anyone else is in no
//! chain, and is reported, never linked afterwards. A chain's head (its count and newest hash)
//! is sealed too: the newest records cannot be cut off by winding the head back to an older
//! link, whose hash anyone holding the store can read. What the key cannot show, a store put
//! back to an earlier state whole, the signed checkpoints kept outside the trail show.

use crate::reads::AuditRecord;
use domain::audit::AuditAction;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;
use std::sync::OnceLock;

pub type Hash = [u8; 32];

/// The "hash before" the first record of a chain.
pub const START: Hash = [0; 32];

/// The chain a record belongs to, by name.
pub fn chain_of(grievance_id: i64, action: AuditAction, user_id: i64) -> String {
    if grievance_id > 0 {
        format!("grievance:{grievance_id}")
    } else if action.is_administrative() {
        "admin".to_string()
    } else {
        format!("user:{user_id}")
    }
}

static KEY: OnceLock<Vec<u8>> = OnceLock::new();

/// The key of the process's trail, set once at start from the portal's key file or the
/// stack's secret. One process serves one portal, so it is process-wide like the allocator;
/// a second call with another key is refused.
pub fn use_key(material: &[u8]) -> Result<(), &'static str> {
    let key = KEY.get_or_init(|| material.to_vec());
    if key.as_slice() == material {
        Ok(())
    } else {
        Err("the audit chain key was already set to another key")
    }
}

/// Without a key set (a tool or test that never configured one) the chains are hashed with
/// this public one: still evident to any change made without recomputing them.
const UNKEYED: &[u8] = b"grievance-portal audit chain (no key configured)";

fn mac() -> Hmac<Sha256> {
    let key = KEY.get().map(Vec::as_slice).unwrap_or(UNKEYED);
    <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes a key of any length")
}

/// `value` with every object's keys in order: the same details hash the same whichever
/// engine kept them (DynamoDB keeps a map's keys in no order).
fn canonical(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> = map.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, canonical(v))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(canonical).collect()),
        other => other,
    }
}

/// The hash of `record` as link `link` of `chain`, after `prev`.
pub fn hash(chain: &str, link: i64, prev: &Hash, record: &AuditRecord) -> Hash {
    let details = record.action_details.as_ref().map(|d| canonical(serde_json::from_str(d.as_str()).unwrap_or(Value::Null)));
    let content = json!([
        chain,
        link,
        hex::encode(prev),
        record.id,
        record.grievance_id,
        record.grievance_number,
        record.action.as_str(),
        record.field_name,
        record.old_value,
        record.new_value,
        record.notes,
        details,
        record.user_id,
        record.user_name,
        record.user_email,
        record.user_role,
        record.ip_address,
        record.user_agent,
        record.session_id,
        record.created_at,
    ]);
    let mut mac = mac();
    mac.update(content.to_string().as_bytes());
    mac.finalize().into_bytes().into()
}

/// A chain's head as kept: its newest link, that link's hash, and the seal the portal put on
/// the pair when it moved the head (`None`: a head no portal sealed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Head {
    pub link: i64,
    /// `None`: the store keeps the hash only on the link, and no longer holds that link.
    pub hash: Option<Hash>,
    pub seal: Option<Hash>,
}

impl Head {
    /// The head after `link`, sealed.
    pub fn sealed(chain: &str, link: i64, hash: Hash) -> Head {
        Head { link, hash: Some(hash), seal: Some(seal_head(chain, link, &hash)) }
    }

    /// Whether the portal sealed this head as it stands.
    pub fn holds(&self, chain: &str) -> bool {
        matches!((self.seal, self.hash), (Some(seal), Some(hash)) if seal == seal_head(chain, self.link, &hash))
    }
}

/// The seal of `chain`'s head at `link` with `hash`: keyed like the records, and apart from
/// them (a head's content is not a record's), so an older link's hash is no head's seal.
pub fn seal_head(chain: &str, link: i64, hash: &Hash) -> Hash {
    let mut mac = mac();
    mac.update(json!(["head", chain, link, hex::encode(hash)]).to_string().as_bytes());
    mac.finalize().into_bytes().into()
}

/// A record's place in its chain, as kept beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub chain: String,
    pub link: i64,
    pub prev: Hash,
    pub hash: Hash,
}

/// The link `record` makes after its chain's head (`None`: the chain starts with it).
pub fn next(chain: String, head: Option<(i64, Hash)>, record: &AuditRecord) -> Link {
    let (last, prev) = head.unwrap_or((0, START));
    let hash = hash(&chain, last + 1, &prev, record);
    Link { chain, link: last + 1, prev, hash }
}

/// A record as kept, with its link (`None`: written before the chains, and never linked).
pub struct Kept {
    pub record: AuditRecord,
    pub link: Option<Link>,
}

/// Where a chain first fails to hold.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Broken {
    pub chain: String,
    /// The first record that does not hold (its id), or the last that does when records
    /// after it are missing.
    pub record_id: String,
    pub reason: String,
}

/// Which chains to check.
#[derive(Clone, Debug)]
pub enum VerifyScope {
    /// Every chain, and that every record is in one.
    All,
    /// These chains, by name.
    Chains(Vec<String>),
}

/// What a check found.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    /// Chains checked whole (a broken one included).
    pub chains: u64,
    /// Records checked.
    pub records: u64,
    /// Where the trail first fails to hold; `None`: it holds.
    pub broken: Option<Broken>,
}

/// What `verify` says of a head that does not carry the portal's seal.
const HEAD_NOT_SEALED: &str = "the chain's head does not carry the portal's seal: its newest records may have been removed";

/// Checks one chain: its records in link order, and its head as kept. Answers where it first
/// breaks.
pub fn verify(chain: &str, links: &[(AuditRecord, Link)], head: Option<Head>) -> Option<Broken> {
    let broken = |record: &AuditRecord, reason: &str| Some(Broken { chain: chain.to_string(), record_id: record.id.clone(), reason: reason.to_string() });
    let mut before: (i64, Hash) = (0, START);
    let mut last: Option<&AuditRecord> = None;
    for (record, link) in links {
        if link.link != before.0 + 1 {
            let reason = format!("records {} to {} of the chain are missing", before.0 + 1, link.link - 1);
            return broken(last.unwrap_or(record), &reason);
        }
        if link.prev != before.1 {
            return broken(record, "it does not follow the record before it in its chain");
        }
        if hash(chain, link.link, &link.prev, record) != link.hash {
            return broken(record, "its content was changed after it was written");
        }
        before = (link.link, link.hash);
        last = Some(record);
    }
    let whole = |reason: &str| Some(Broken { chain: chain.to_string(), record_id: String::new(), reason: reason.to_string() });
    let missing = |record: &AuditRecord, head: Head| broken(record, &format!("the chain's newest {} records are missing", head.link - before.0));
    match (head, last) {
        // The head names a link no longer kept, after the last one there is: its seal cannot
        // be checked without that link's hash, and the records from there on are gone.
        (Some(head @ Head { hash: None, .. }), Some(record)) if head.link > before.0 => missing(record, head),
        (Some(Head { hash: None, .. }), None) => whole("every record of the chain is missing"),
        (Some(head), _) if !head.holds(chain) => match last {
            Some(record) => broken(record, HEAD_NOT_SEALED),
            None => whole(HEAD_NOT_SEALED),
        },
        (Some(head), Some(record)) if head.link != before.0 || head.hash != Some(before.1) => missing(record, head),
        (Some(_), None) => whole("every record of the chain is missing"),
        (None, Some(record)) => broken(record, "the chain's head is missing"),
        (Some(_), Some(_)) | (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str, notes: &str) -> AuditRecord {
        AuditRecord {
            id: id.into(),
            grievance_id: 7,
            grievance_number: "GRV-2026-000007".into(),
            action: AuditAction::Updated,
            field_name: Some("priority".into()),
            old_value: Some("Low".into()),
            new_value: Some("High".into()),
            notes: Some(notes.into()),
            action_details: domain::audit::Details::from_value(&json!({"b": 1, "a": {"y": 2, "x": 3}})),
            user_id: 1,
            user_name: "Asha".into(),
            user_email: "asha@police.test".into(),
            user_role: "Admin".into(),
            ip_address: "10.0.0.1".into(),
            user_agent: "Firefox".into(),
            session_id: "s1".into(),
            created_at: "2026-11-26T10:00:00Z".into(),
        }
    }

    fn head_of(links: &[(AuditRecord, Link)]) -> Option<Head> {
        links.last().map(|(_, l)| Head::sealed(&l.chain, l.link, l.hash))
    }

    fn chain_of_three() -> Vec<(AuditRecord, Link)> {
        let mut head = None;
        let mut out = Vec::new();
        for (i, notes) in ["first", "second", "third"].into_iter().enumerate() {
            let r = record(&format!("7-{i}-0"), notes);
            let link = next("grievance:7".into(), head, &r);
            head = Some((link.link, link.hash));
            out.push((r, link));
        }
        out
    }

    #[test]
    fn a_chain_as_written_verifies() {
        let links = chain_of_three();
        let head = head_of(&links);
        assert_eq!(verify("grievance:7", &links, head), None);
        assert_eq!(links[1].1.prev, links[0].1.hash);
    }

    #[test]
    fn a_changed_a_missing_and_a_truncated_record_are_named() {
        let links = chain_of_three();
        let head = head_of(&links);
        let mut changed = links.clone();
        changed[1].0.notes = Some("second, edited".into());
        assert_eq!(verify("grievance:7", &changed, head).unwrap().record_id, "7-1-0");
        let mut missing = links.clone();
        missing.remove(1);
        let broken = verify("grievance:7", &missing, head).unwrap();
        assert_eq!((broken.record_id.as_str(), broken.reason.as_str()), ("7-0-0", "records 2 to 2 of the chain are missing"));
        let truncated = &links[..2];
        assert_eq!(verify("grievance:7", truncated, head).unwrap().reason, "the chain's newest 1 records are missing");
        // A store that keeps the hash only on the link, and lost the link the head names.
        let lost = Head { hash: None, ..head.unwrap() };
        let broken = verify("grievance:7", truncated, Some(lost)).unwrap();
        assert_eq!((broken.record_id.as_str(), broken.reason.as_str()), ("7-1-0", "the chain's newest 1 records are missing"));
        assert_eq!(verify("grievance:7", &[], Some(lost)).unwrap().reason, "every record of the chain is missing");
        assert_eq!(verify("grievance:7", &links, Some(Head { link: 2, ..lost })).unwrap().reason, HEAD_NOT_SEALED, "a head behind its chain");
    }

    #[test]
    fn a_head_wound_back_to_an_older_link_or_missing_or_unsealed_is_named() {
        let links = chain_of_three();
        let truncated = &links[..2];
        // Whoever holds the store reads the second link's number and hash, not a seal for them.
        let mut wound_back = head_of(&links).unwrap();
        (wound_back.link, wound_back.hash) = (truncated[1].1.link, Some(truncated[1].1.hash));
        let broken = verify("grievance:7", truncated, Some(wound_back)).unwrap();
        assert_eq!((broken.record_id.as_str(), broken.reason.as_str()), ("7-1-0", HEAD_NOT_SEALED));
        assert_eq!(verify("grievance:7", truncated, Some(Head { seal: None, ..wound_back })).unwrap().reason, HEAD_NOT_SEALED);
        assert_eq!(verify("grievance:7", truncated, head_of(truncated)), None, "a head the portal sealed");
        assert_eq!(verify("grievance:7", &links, None).unwrap().reason, "the chain's head is missing");
        // A head sealed for another chain is no seal for this one.
        let other = Head::sealed("grievance:8", 3, links[2].1.hash);
        assert_eq!(verify("grievance:7", &links, Some(other)).unwrap().reason, HEAD_NOT_SEALED);
    }

    #[test]
    fn details_hash_alike_in_any_key_order() {
        let mut a = record("7-0-0", "x");
        let b = a.clone();
        a.action_details = domain::audit::Details::from_text(r#"{"a":{"x":3,"y":2},"b":1}"#.into()).ok();
        assert_eq!(hash("c", 1, &START, &a), hash("c", 1, &START, &b));
    }
}
