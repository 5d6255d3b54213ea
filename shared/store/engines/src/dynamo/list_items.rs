//! The admin lists' items as kept in the item store: where each lives, how one reads back
//! as a `ListItem`, and the saved pendency limits. The lists engine (`lists`) and its cache
//! (`lists_cache`, which rebuilds its copy from these reads) both read through here, so the
//! cache does not import the engine that holds it.

use domain::lists::{ListKind, StatusMeaning};
use domain::pendency::{PendencyLimits, Stage};
use domain::{Error, Result};
use lists::{ListItem, SavedLimits};
use std::collections::BTreeMap;
use store::{Item, Key, Query, Store};

pub(crate) fn list_pk(kind: ListKind) -> String {
    format!("LIST#{}", kind.as_str())
}

pub fn item_key(kind: ListKind, id: i64) -> Key {
    Key::new(list_pk(kind), format!("{id:012}"))
}

/// A list item as read from its item.
pub(crate) fn item_of(kind: ListKind, item: Item) -> Result<ListItem> {
    let mut read: ListItem = serde_json::from_value(serde_json::Value::Object(item.attrs)).map_err(Error::internal)?;
    if kind == ListKind::Statuses && read.meaning.is_none() {
        // Stored before statuses carried a meaning (the upgrade writes it; until then
        // the rules' old reading of its name stands).
        read.meaning = Some(StatusMeaning::of_legacy_name(&read.name));
    }
    Ok(read)
}

/// As `lists::list`, with the uses an earlier release counted on the items only (what needs no
/// count of uses: names, meanings, ranks).
pub async fn definitions(store: &dyn Store, kind: ListKind) -> Result<Vec<ListItem>> {
    let mut items = store::read_all(store, Query::table(list_pk(kind))).await?.into_iter().map(|i| item_of(kind, i)).collect::<Result<Vec<_>>>()?;
    items.sort_by(|a, b| a.display_order.cmp(&b.display_order).then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase())));
    Ok(items)
}

pub(crate) fn limits_key() -> Key {
    Key::new("SETTINGS", "PENDENCY_LIMITS")
}

/// The pendency limits as saved (see `AdminLists::saved_limits`).
pub async fn saved_limits(store: &dyn Store) -> Result<Option<SavedLimits>> {
    let Some(item) = store.get(&limits_key()).await? else { return Ok(None) };
    Ok(Some(limits_of(&item.attrs)))
}

/// The key of the law settings' item: the clock rules and the Admin's offences.
pub(crate) fn law_key() -> Key {
    Key::new("SETTINGS", "LAW")
}

/// The law settings as kept; the shipped ones until an Admin saved any.
pub async fn law(store: &dyn Store) -> Result<domain::law::LawSettings> {
    let Some(item) = store.get(&law_key()).await? else { return Ok(domain::law::LawSettings::default()) };
    let value = item.attrs.get("settings").cloned().unwrap_or_default();
    serde_json::from_value(value).map_err(|e| domain::Error::internal(format!("law settings: {e}")))
}

/// The pendency limits as the attributes of their item hold them: by priority id, or by the
/// names the priorities had when a release before ids saved them.
pub(crate) fn limits_of(attrs: &serde_json::Map<String, serde_json::Value>) -> SavedLimits {
    if let Some(limits) = attrs.get("by_priority_id").and_then(|v| serde_json::from_value::<BTreeMap<String, BTreeMap<Stage, u32>>>(v.clone()).ok()) {
        return SavedLimits::ById(limits.into_iter().filter_map(|(id, stages)| Some((id.parse().ok()?, stages))).collect());
    }
    let named: PendencyLimits = attrs.get("limits").and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default();
    SavedLimits::ByName(named)
}
