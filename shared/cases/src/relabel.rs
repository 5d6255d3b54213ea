//! The list-backed names of grievances as read: a grievance keeps the items' ids, and the
//! names shown are what the Admin Panel calls the items now. Every read relabels through
//! here (`writes::load`, `reads::list`, `reads::summaries`, `numbers::find`, `duplicates`),
//! so none of them imports another's rules for it.

use crate::port::{Refs, Stored, StoredSummary};
use crate::summary::Summary;
use crate::record::Grievance;
use domain::lists::ListKind;
use domain::Result;
use lists::AdminLists;
use std::collections::BTreeMap;

/// Writes the items' current names into the list-backed fields: the grievance stores the
/// ids, and a name is only ever what the Admin Panel calls the item now.
pub fn relabel(g: &mut Grievance, refs: &BTreeMap<ListKind, i64>, items: &BTreeMap<(ListKind, i64), lists::ListItem>) {
    let name = |kind: ListKind| refs.get(&kind).and_then(|id| items.get(&(kind, *id))).map(|item| item.name.clone());
    let f = &mut g.fields;
    if let Some(n) = name(ListKind::CallTypes) {
        f.type_of_call = Some(n);
    }
    if let Some(n) = name(ListKind::CrimeTitles) {
        f.crime_title = n;
    }
    if let Some(n) = name(ListKind::Districts) {
        f.district = n;
    }
    if let Some(n) = name(ListKind::PoliceStations) {
        f.police_station = n;
    }
    if let Some(n) = name(ListKind::Statuses) {
        f.status = n;
    }
    if let Some(n) = name(ListKind::Priorities) {
        f.priority = n;
    }
    if let Some(n) = name(ListKind::Reasons) {
        f.reason = Some(n);
    }
}

/// Relabels grievances read together with one read of the items they name.
pub async fn relabel_all(lists: &dyn AdminLists, grievances: &mut [Stored]) -> Result<()> {
    let items = items_named(lists, grievances.iter().map(|s| &s.refs)).await?;
    for s in grievances.iter_mut() {
        relabel(&mut s.grievance, &s.refs, &items);
    }
    Ok(())
}

/// [`relabel_all`] for list rows: the names a row shows are the items' current names.
pub async fn relabel_summaries(lists: &dyn AdminLists, rows: &mut [StoredSummary]) -> Result<()> {
    let items = items_named(lists, rows.iter().map(|s| &s.refs)).await?;
    for StoredSummary { summary: row, refs } in rows.iter_mut() {
        for (kind, field) in Summary::NAMED.into_iter().zip(row.names_mut()) {
            if let Some(item) = refs.get(&kind).and_then(|id| items.get(&(kind, *id))) {
                field.clone_from(&item.name);
            }
        }
    }
    Ok(())
}

/// The items named by any of `refs`, each asked once: a page of fifty names the same few
/// dozen items seven times over.
async fn items_named<'a>(lists: &dyn AdminLists, refs: impl Iterator<Item = &'a Refs>) -> Result<BTreeMap<(ListKind, i64), lists::ListItem>> {
    let mut wanted: Vec<(ListKind, i64)> = refs.flat_map(|r| r.iter().map(|(k, id)| (*k, *id))).collect();
    wanted.sort_unstable();
    wanted.dedup();
    lists.get_many(&wanted).await
}
