//! What every request reads of the lists (the labels of a page of grievances, the pendency
//! limits, the priorities the limits go by, the law settings that give each case its clocks),
//! kept in memory between changes.
//!
//! A page of 50 grievances names a hundred or so items; read one by one from the store
//! they cost more than the page itself. The lists change rarely, and every change of them
//! (an item added, changed or removed, the limits saved, the upgrade) also bumps one
//! version number in the same transaction. A reader checks that number (one small read)
//! and rebuilds its copy only when it moved, so a change made through another process or
//! another Lambda instance is seen by the very next request, as before.
//!
//! Usage counts are left out of the copy: every grievance write changes them, and what the
//! copy serves (names, meanings, ranks, limits) does not depend on them.

use crate::dynamo::list_items as items;
use lists::{ListItem, SavedLimits};
use domain::jurisdiction::Organisation;
use domain::lists::ListKind;
use domain::Result;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Instant;
use store::{Changes, Key, Store, Write};

pub(crate) fn version_key() -> Key {
    Key::new("SETTINGS", "LISTS_VERSION")
}

/// The write that tells every reader's copy it is out of date; part of every transaction
/// that changes an item of a list or the pendency limits.
pub fn bump() -> Write {
    Write::update(version_key(), Changes::default().add("n", 1))
}

/// The lists as of one version: each list's items in display order, without usage counts.
pub struct Snapshot {
    version: i64,
    lists: HashMap<ListKind, Vec<ListItem>>,
    /// Where each item sits in its list.
    positions: HashMap<(ListKind, i64), usize>,
    pub limits: Option<SavedLimits>,
    pub law: domain::law::LawSettings,
    /// The organisation the stations and districts describe, built once per version.
    pub organisation: Arc<Organisation>,
}

impl Snapshot {
    pub fn list(&self, kind: ListKind) -> &[ListItem] {
        self.lists.get(&kind).map(Vec::as_slice).unwrap_or_default()
    }

    pub fn get(&self, kind: ListKind, id: i64) -> Option<&ListItem> {
        self.positions.get(&(kind, id)).map(|at| &self.list(kind)[*at])
    }

    /// The item named `name`, any capitals and surrounding blanks, as the name claims match.
    pub fn find_by_name(&self, kind: ListKind, name: &str) -> Option<&ListItem> {
        let wanted = name.trim().to_lowercase();
        self.list(kind).iter().find(|i| i.name.trim().to_lowercase() == wanted)
    }
}

/// How long a copy is used without asking the store whether the lists changed: every request
/// reads the lists several times (validation, labels, limits), and on DynamoDB each ask is a
/// billed read. A change made in this process is seen at once (see [`ListsCache::forget`]);
/// one made by another process (another Lambda instance) within this long after.
pub const FRESH_FOR: std::time::Duration = std::time::Duration::from_secs(2);

/// One process's copy of the lists, shared by the clones of its engine, with when it was
/// last known to be current.
#[derive(Clone, Default)]
pub struct ListsCache {
    current: Arc<RwLock<Option<(Arc<Snapshot>, Instant)>>>,
}

impl ListsCache {
    /// The lists as of now: the copy, when it was checked within [`FRESH_FOR`] or the
    /// store's version is still the copy's.
    pub async fn snapshot(&self, store: &dyn Store) -> Result<Arc<Snapshot>> {
        let fresh = self.current.read().expect("the lists cache lock").as_ref().filter(|(_, checked)| checked.elapsed() < FRESH_FOR).map(|(c, _)| c.clone());
        if let Some(copy) = fresh {
            return Ok(copy);
        }
        // The version is read before the lists: a copy is at least as new as its number,
        // so a change landing in between is caught by the next check, never missed.
        let checked = Instant::now();
        let version = store.get(&version_key()).await?.and_then(|v| v.i64("n")).unwrap_or(0);
        let kept = self.current.read().expect("the lists cache lock").as_ref().map(|(c, _)| c.clone()).filter(|c| c.version == version);
        if let Some(copy) = kept {
            *self.current.write().expect("the lists cache lock") = Some((copy.clone(), checked));
            return Ok(copy);
        }
        let mut lists = HashMap::new();
        for kind in ListKind::ALL {
            let mut read = items::definitions(store, kind).await?;
            for item in &mut read {
                item.usage_count = None;
            }
            lists.insert(kind, read);
        }
        let positions = lists.iter().flat_map(|(kind, items)| items.iter().enumerate().map(|(at, i)| ((*kind, i.id), at))).collect();
        let organisation = Arc::new(lists::organisation_of(
            lists.get(&ListKind::PoliceStations).map(Vec::as_slice).unwrap_or_default(),
            lists.get(&ListKind::Districts).map(Vec::as_slice).unwrap_or_default(),
        ));
        let fresh = Arc::new(Snapshot { version, lists, positions, limits: items::saved_limits(store).await?, law: items::law(store).await?, organisation });
        *self.current.write().expect("the lists cache lock") = Some((fresh.clone(), checked));
        Ok(fresh)
    }

    /// Drops the copy: this process changed the lists.
    pub fn forget(&self) {
        *self.current.write().expect("the lists cache lock") = None;
    }
}
