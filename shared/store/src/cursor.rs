//! The paging cursor: the key attributes of the last item of a page, as base64url JSON. Both
//! engines write and read the same form, so a cursor means the same thing everywhere.

use crate::{Index, Item, StoreError};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use std::collections::BTreeMap;

pub(crate) type CursorKeys = BTreeMap<String, String>;

pub(crate) fn encode(item: &Item, index: Option<Index>) -> String {
    let mut keys = CursorKeys::new();
    keys.insert("pk".into(), item.key.pk.clone());
    keys.insert("sk".into(), item.key.sk.clone());
    if let Some(index) = index {
        for attr in [index.pk_attr(), index.sk_attr()] {
            keys.insert(attr.into(), item.str(attr).unwrap_or_default().to_string());
        }
    }
    URL_SAFE_NO_PAD.encode(serde_json::to_vec(&keys).expect("string map serialises"))
}

pub(crate) fn decode(cursor: &str, index: Option<Index>) -> Result<CursorKeys, StoreError> {
    let bad = || StoreError::BadCursor;
    let bytes = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| bad())?;
    let keys: CursorKeys = serde_json::from_slice(&bytes).map_err(|_| bad())?;
    let mut needed = vec!["pk", "sk"];
    if let Some(index) = index {
        needed.extend([index.pk_attr(), index.sk_attr()]);
    }
    if keys.len() != needed.len() || needed.iter().any(|k| !keys.contains_key(*k)) {
        return Err(bad());
    }
    Ok(keys)
}

/// A cursor naming a position in sorted partitions read merged (a sort key they share), as
/// base64url: sort keys hold `#`, which a URL would cut a cursor at.
pub fn position(sort_key: &str) -> String {
    URL_SAFE_NO_PAD.encode(sort_key.as_bytes())
}

/// The sort key a [`position`] cursor names; `None` for any other text.
pub fn position_of(cursor: &str) -> Option<String> {
    String::from_utf8(URL_SAFE_NO_PAD.decode(cursor).ok()?).ok()
}
