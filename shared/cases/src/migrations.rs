//! Upgrades of data written by earlier releases, run once per store and marked done in the
//! store itself, so that a department's existing data keeps working after an upgrade.

use crate::keys;
use domain::Result;
use serde_json::json;
use store::{Index, Item, Key, Query, Store, Write};

/// Marks a migration done.
fn marker(name: &str) -> Key {
    Key::new("MIGRATION", name.to_string())
}

const AUDIT_VIEWER_VIEWS: &str = "audit-viewer-views";

/// Gives every audit record written before users had their own view of the trail
/// (`keys::audit_viewer_pk`) its place in the views of the users who may read it, so that a
/// user without view_all still finds their older records. Idempotent; answers how many
/// changes it placed, or `None` when it had run already.
pub async fn audit_viewer_views(store: &dyn Store) -> Result<Option<u64>> {
    if store.get(&marker(AUDIT_VIEWER_VIEWS)).await?.is_some() {
        return Ok(None);
    }
    // The index holds every record, a change's records side by side (`{stamp}#{grievance}#{change}#{seq}`).
    let mut query = Query::index(Index::Gsi1, keys::AUDIT_INDEX_PK).limit(1000);
    let mut placed = 0;
    let mut current: Option<(String, i64, Vec<String>, Vec<i64>)> = None;
    let mut pending: Vec<Write> = Vec::new();
    loop {
        let page = store.query(&query).await?;
        for item in &page.items {
            let Some(sort) = item.str(Index::Gsi1.sk_attr()) else { continue };
            let Some((change, _seq)) = sort.rsplit_once('#') else { continue };
            let grievance = item.i64("grievance_id").unwrap_or(0);
            let viewers: Vec<i64> = item.attrs.get("visible_to").and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default();
            match &mut current {
                Some((c, _, records, _)) if c == change => records.push(item.key.sk.clone()),
                _ => {
                    if let Some(done) = current.take() {
                        placed += 1;
                        pending.extend(view_writes(done));
                    }
                    current = Some((change.to_string(), grievance, vec![item.key.sk.clone()], viewers));
                }
            }
        }
        while pending.len() >= 90 {
            let rest = pending.split_off(90);
            store.transact(std::mem::replace(&mut pending, rest)).await?;
        }
        match page.cursor {
            Some(c) => query.cursor = Some(c),
            None => break,
        }
    }
    if let Some(done) = current.take() {
        placed += 1;
        pending.extend(view_writes(done));
    }
    for chunk in pending.chunks(90) {
        store.transact(chunk.to_vec()).await?;
    }
    store.transact(vec![Write::put(Item::new(marker(AUDIT_VIEWER_VIEWS)).with("done_at", domain::clock::now_text()).with("changes", placed as i64))]).await?;
    Ok(Some(placed))
}

fn view_writes((change, grievance, records, mut viewers): (String, i64, Vec<String>, Vec<i64>)) -> Vec<Write> {
    viewers.sort_unstable();
    viewers.dedup();
    viewers
        .into_iter()
        .map(|user| {
            Write::put(Item::new(Key::new(keys::audit_viewer_pk(user), change.clone())).with("grievance_id", grievance).with("records", json!(records)))
        })
        .collect()
}
