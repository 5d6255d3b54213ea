//! Signed checkpoints of the audit trail, kept outside it: what makes a rollback show.
//!
//! The chains (see [`crate::chain`]) show a record changed, removed or put in behind the
//! portal's back, and a chain cut short, to anyone holding the audit key. They cannot show a
//! store put back whole to an earlier state of itself (a restored older backup, or a copy of
//! the file kept aside and copied back): every chain in it still holds. A checkpoint can.
//!
//! Following Certificate Transparency's signed tree heads (RFC 9162), a checkpoint is a signed
//! statement of the trail as it stood: how many chains, how many records, and the Merkle tree
//! hash (RFC 9162, section 2.1.1) over every chain's head at that moment, chains in name order.
//! It is signed with an Ed25519 key kept apart from the store and from the audit key, and
//! kept where the store's holder cannot reach it (another disk, the auditors' mailbox, an S3
//! bucket under Object Lock). Later, the trail as it stood at the checkpoint is computed again
//! from today's records and compared: a record written before it and removed, changed or
//! added since, or a whole store put back to an older state, no longer gives the same tree.
//! What was written after the newest checkpoint is not covered until the next one.

use crate::chain::Hash;
use ed25519_dalek::{Signer, Verifier};
pub use ed25519_dalek::{SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The trail as it stood at one moment: its chains, its records and their tree hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrailSummary {
    pub chains: u64,
    pub records: u64,
    pub root: Hash,
}

/// Builds a [`TrailSummary`] from the chains' heads, given in chain-name order, keeping only
/// the right edge of the tree (one hash per level): a state's millions of chains are summed
/// up in a few kilobytes.
#[derive(Default)]
pub struct SummaryBuilder {
    /// Perfect subtrees still to be joined, left to right: (leaves, hash).
    edge: Vec<(u64, Hash)>,
    chains: u64,
    records: u64,
    last: Option<String>,
}

fn leaf_hash(chain: &str, link: i64, hash: &Hash) -> Hash {
    let mut h = Sha256::new();
    h.update([0u8]);
    h.update(chain.as_bytes());
    h.update([0u8]);
    h.update(link.to_string().as_bytes());
    h.update([0u8]);
    h.update(hash);
    h.finalize().into()
}

fn node_hash(left: &Hash, right: &Hash) -> Hash {
    let mut h = Sha256::new();
    h.update([1u8]);
    h.update(left);
    h.update(right);
    h.finalize().into()
}

impl SummaryBuilder {
    /// Adds `chain`'s head (its `link`-th record, of hash `hash`). Chains must come in name
    /// order, each once: a chain out of order is refused, as a summary of it could not be
    /// made again.
    pub fn add(&mut self, chain: &str, link: i64, hash: &Hash) -> Result<(), String> {
        if self.last.as_deref().is_some_and(|last| last >= chain) {
            let out_of_order = format!("chain {chain} came out of order");
            return Err(out_of_order);
        }
        self.last = Some(chain.to_string());
        self.chains += 1;
        self.records += link.max(0) as u64;
        self.edge.push((1, leaf_hash(chain, link, hash)));
        while let [.., (left_size, left), (right_size, right)] = self.edge[..] {
            if left_size != right_size {
                break;
            }
            self.edge.truncate(self.edge.len() - 2);
            self.edge.push((left_size * 2, node_hash(&left, &right)));
        }
        Ok(())
    }

    pub fn finish(self) -> TrailSummary {
        let root = match self.edge.split_last() {
            None => Sha256::digest([]).into(),
            Some((&(_, last), rest)) => rest.iter().rev().fold(last, |right, (_, left)| node_hash(left, &right)),
        };
        TrailSummary { chains: self.chains, records: self.records, root }
    }
}

/// What a checkpoint file says, signed.
const FORMAT: &str = "grievance-portal audit checkpoint 1";

/// A signed checkpoint, as written to its file and answered by the API.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Checkpoint {
    /// "grievance-portal audit checkpoint 1".
    pub format: String,
    /// When it was made (UTC).
    pub made_at: String,
    /// Where the trail stood, in its engine's terms: `seq:N` (the records numbered up to N, in
    /// the embedded store) or `time:T` (the records written up to T, on DynamoDB).
    pub as_of: String,
    pub chains: u64,
    pub records: u64,
    /// The Merkle tree hash over the chains' heads, hex.
    pub root: String,
    /// The Ed25519 key that signed it, hex.
    pub public_key: String,
    /// The signature over the fields above, hex.
    pub signature: String,
}

/// Why a checkpoint does not hold.
#[derive(Debug, PartialEq, Eq)]
pub enum Finding {
    /// The file is not a checkpoint, or not signed by the key it is checked against.
    NotSigned(String),
    /// The trail as it stood at the checkpoint is not what the checkpoint says.
    Differs(String),
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Finding::NotSigned(why) | Finding::Differs(why) => f.write_str(why),
        }
    }
}

impl Checkpoint {
    /// Signs `summary` of the trail as it stood at `as_of`.
    pub fn sign(key: &SigningKey, made_at: &str, as_of: &str, summary: &TrailSummary) -> Checkpoint {
        let mut checkpoint = Checkpoint {
            format: FORMAT.into(),
            made_at: made_at.into(),
            as_of: as_of.into(),
            chains: summary.chains,
            records: summary.records,
            root: hex::encode(summary.root),
            public_key: hex::encode(key.verifying_key().as_bytes()),
            signature: String::new(),
        };
        checkpoint.signature = hex::encode(key.sign(checkpoint.signed_text().as_bytes()).to_bytes());
        checkpoint
    }

    /// The text the signature is over: every field but the signature, in a fixed order.
    fn signed_text(&self) -> String {
        serde_json::json!([self.format, self.made_at, self.as_of, self.chains, self.records, self.root, self.public_key]).to_string()
    }

    /// Whether `trusted` signed this checkpoint as it reads.
    pub fn check_signature(&self, trusted: &VerifyingKey) -> Result<(), Finding> {
        let not_signed = |why: &str| Err(Finding::NotSigned(why.to_string()));
        if self.format != FORMAT {
            return not_signed("the file is not an audit checkpoint of this portal");
        }
        if self.public_key != hex::encode(trusted.as_bytes()) {
            return not_signed("the checkpoint was not signed with this portal's checkpoint key");
        }
        let Some(signature) = hex::decode(&self.signature).ok().and_then(|b| <[u8; 64]>::try_from(b).ok()) else {
            return not_signed("the checkpoint's signature cannot be read");
        };
        let signature = ed25519_dalek::Signature::from_bytes(&signature);
        if trusted.verify(self.signed_text().as_bytes(), &signature).is_ok() {
            return Ok(());
        }
        not_signed("the checkpoint's signature does not match its content: the file was changed")
    }

    /// Compares the trail as it stands today at this checkpoint's moment (`then`) with what the
    /// checkpoint says of it.
    pub fn compare(&self, then: &TrailSummary) -> Result<(), Finding> {
        let differs = |why: String| Err(Finding::Differs(why));
        if then.records < self.records {
            return differs(format!(
                "{} of the {} records the checkpoint of {} counted are missing: records were removed, or the store was put back to an older state",
                self.records - then.records,
                self.records,
                self.made_at
            ));
        }
        if then.chains < self.chains {
            return differs(format!("{} of the {} chains the checkpoint of {} counted are missing", self.chains - then.chains, self.chains, self.made_at));
        }
        if (then.chains, then.records) != (self.chains, self.records) {
            return differs(format!(
                "the trail as it stood at the checkpoint of {} has {} records in {} chains where the checkpoint counted {} in {}: records were put in before it",
                self.made_at, then.records, then.chains, self.records, self.chains
            ));
        }
        if hex::encode(then.root) != self.root {
            return differs(format!("records written before the checkpoint of {} were changed, removed or put in since", self.made_at));
        }
        Ok(())
    }
}

/// The signing key derived from secret material of any length (a Secrets Manager secret's 64
/// generated characters): its SHA-256, under a label of its own.
pub fn signing_key_from_material(material: &[u8]) -> SigningKey {
    let secret: [u8; 32] = Sha256::new().chain_update(b"grievance-portal checkpoint key ").chain_update(material).finalize().into();
    SigningKey::from_bytes(&secret)
}

/// The signing key from its 32 secret bytes.
pub fn signing_key(secret: &[u8]) -> Option<SigningKey> {
    Some(SigningKey::from_bytes(&<[u8; 32]>::try_from(secret).ok()?))
}

/// A public key from its hex text.
pub fn verifying_key(text: &str) -> Option<VerifyingKey> {
    VerifyingKey::from_bytes(&<[u8; 32]>::try_from(hex::decode(text.trim()).ok()?).ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 9162's tree hash, written as the RFC defines it (recursively, over all leaves).
    fn tree_hash(leaves: &[Hash]) -> Hash {
        match leaves.len() {
            0 => Sha256::digest([]).into(),
            1 => leaves[0],
            n => {
                let k = n.next_power_of_two() / 2;
                node_hash(&tree_hash(&leaves[..k]), &tree_hash(&leaves[k..]))
            }
        }
    }

    fn heads(n: usize) -> Vec<(String, i64, Hash)> {
        (0..n).map(|i| (format!("grievance:{i:05}"), (i % 7 + 1) as i64, [i as u8; 32])).collect()
    }

    fn summary(heads: &[(String, i64, Hash)]) -> TrailSummary {
        let mut builder = SummaryBuilder::default();
        for (chain, link, hash) in heads {
            builder.add(chain, *link, hash).unwrap();
        }
        builder.finish()
    }

    #[test]
    fn the_summary_is_rfc_9162s_tree_hash_for_every_size() {
        for n in 0..40 {
            let heads = heads(n);
            let leaves: Vec<Hash> = heads.iter().map(|(c, l, h)| leaf_hash(c, *l, h)).collect();
            let s = summary(&heads);
            assert_eq!(s.root, tree_hash(&leaves), "{n} chains");
            assert_eq!((s.chains, s.records), (n as u64, heads.iter().map(|h| h.1 as u64).sum()));
        }
    }

    #[test]
    fn chains_out_of_order_are_refused() {
        let mut builder = SummaryBuilder::default();
        builder.add("user:2", 1, &[0; 32]).unwrap();
        assert!(builder.add("admin", 1, &[0; 32]).is_err());
        assert!(builder.add("user:2", 2, &[0; 32]).is_err());
    }

    #[test]
    fn a_checkpoint_holds_for_the_same_trail_only_and_only_as_signed() {
        let key = signing_key(&[7; 32]).unwrap();
        let trail = heads(10);
        let checkpoint = Checkpoint::sign(&key, "2026-11-28T10:00:00Z", "seq:50", &summary(&trail));
        assert_eq!(checkpoint.check_signature(&key.verifying_key()), Ok(()));
        assert_eq!(checkpoint.compare(&summary(&trail)), Ok(()));

        let mut changed = trail.clone();
        changed[3].2 = [99; 32];
        assert!(matches!(checkpoint.compare(&summary(&changed)), Err(Finding::Differs(why)) if why.contains("were changed, removed or put in")));
        let mut rolled_back = trail.clone();
        rolled_back[9].1 -= 1;
        assert!(matches!(checkpoint.compare(&summary(&rolled_back)), Err(Finding::Differs(why)) if why.starts_with("1 of the")));
        let mut added = trail.clone();
        added[0].1 += 1;
        assert!(matches!(checkpoint.compare(&summary(&added)), Err(Finding::Differs(why)) if why.contains("put in before it")));

        let mut edited = checkpoint.clone();
        edited.records -= 1;
        assert!(matches!(edited.check_signature(&key.verifying_key()), Err(Finding::NotSigned(why)) if why.contains("was changed")));
        let other = signing_key(&[8; 32]).unwrap();
        let forged = Checkpoint::sign(&other, "2026-11-28T10:00:00Z", "seq:50", &summary(&changed));
        assert!(matches!(forged.check_signature(&key.verifying_key()), Err(Finding::NotSigned(_))));
        assert_eq!(verifying_key(&checkpoint.public_key), Some(key.verifying_key()));
    }
}
