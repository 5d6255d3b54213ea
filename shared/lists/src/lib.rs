//! Admin list items. Each list is one partition; names are unique within a list through a
//! name claim item written in the same transaction; `usage_count` is kept by the grievance
//! writes, so an item still in use is never deleted.

use domain::lists::{ListItemInput, ListKind, StatusMeaning};
use domain::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::json;
use store::{Condition, Item, Key, Query, Store, StoreError, Write};
use utoipa::ToSchema;

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct ListItem {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub display_order: i64,
    pub is_active: bool,
    /// What a status means to the rules (statuses only; absent for the other lists).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meaning: Option<StatusMeaning>,
    /// How many grievances name this item. Answered only to those who see the whole state:
    /// a count over grievances one may not see says something about them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage_count: Option<i64>,
    pub created_at: String,
    pub updated_at: String,
}

fn list_pk(kind: ListKind) -> String {
    format!("LIST#{}", kind.as_str())
}

pub fn item_key(kind: ListKind, id: i64) -> Key {
    Key::new(list_pk(kind), format!("{id:012}"))
}

fn name_key(kind: ListKind, name: &str) -> Key {
    Key::new(format!("LISTNAME#{}#{}", kind.as_str(), name.trim().to_lowercase()), "LISTNAME")
}

impl ListItem {
    fn from_item(kind: ListKind, item: Item) -> Result<Self> {
        let mut read: ListItem = serde_json::from_value(serde_json::Value::Object(item.attrs)).map_err(Error::internal)?;
        if kind == ListKind::Statuses && read.meaning.is_none() {
            // Stored before statuses carried a meaning (the upgrade writes it; until then
            // the rules' old reading of its name stands).
            read.meaning = Some(StatusMeaning::of_legacy_name(&read.name));
        }
        Ok(read)
    }

    /// What the status means; a status item always has one, any other item none.
    pub fn status_meaning(&self) -> StatusMeaning {
        self.meaning.unwrap_or_else(|| StatusMeaning::of_legacy_name(&self.name))
    }

    fn to_item(&self, kind: ListKind, version: i64) -> Item {
        let serde_json::Value::Object(attrs) = serde_json::to_value(self).expect("a list item serialises") else {
            unreachable!("a struct serialises to an object")
        };
        let mut item = Item { key: item_key(kind, self.id), attrs };
        item.attrs.insert("version".into(), json!(version));
        item
    }
}

/// Every item of a list, ordered by display order, then name.
pub async fn list(store: &dyn Store, kind: ListKind) -> Result<Vec<ListItem>> {
    let mut items = store::read_all(store, Query::table(list_pk(kind))).await?.into_iter().map(|i| ListItem::from_item(kind, i)).collect::<Result<Vec<_>>>()?;
    items.sort_by(|a, b| a.display_order.cmp(&b.display_order).then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase())));
    Ok(items)
}

pub async fn get(store: &dyn Store, kind: ListKind, id: i64) -> Result<Option<ListItem>> {
    store.get(&item_key(kind, id)).await?.map(|i| ListItem::from_item(kind, i)).transpose()
}

/// The items named by `refs`, read together (a page of grievances names a few dozen at
/// most); an id no longer in its list is left out.
pub async fn get_many(store: &dyn Store, refs: &[(ListKind, i64)]) -> Result<std::collections::BTreeMap<(ListKind, i64), ListItem>> {
    let mut found = std::collections::BTreeMap::new();
    let mut wanted: Vec<(ListKind, i64)> = refs.to_vec();
    wanted.sort_unstable();
    wanted.dedup();
    for chunk in wanted.chunks(100) {
        let keys: Vec<Key> = chunk.iter().map(|(kind, id)| item_key(*kind, *id)).collect();
        for (reference, item) in chunk.iter().zip(store.get_many(&keys).await?) {
            if let Some(item) = item {
                found.insert(*reference, ListItem::from_item(reference.0, item)?);
            }
        }
    }
    Ok(found)
}

/// The status a grievance filed without one starts in: the first active status (in display
/// order) that means open.
pub async fn default_status(store: &dyn Store) -> Result<Option<ListItem>> {
    Ok(list(store, ListKind::Statuses).await?.into_iter().find(|s| s.is_active && s.status_meaning() == StatusMeaning::Open))
}

/// The priority a grievance filed without one gets: the starting "Medium" while it is
/// active, otherwise the middle of the active priorities (by rank, the display order).
pub async fn default_priority(store: &dyn Store) -> Result<Option<ListItem>> {
    let active: Vec<ListItem> = list(store, ListKind::Priorities).await?.into_iter().filter(|p| p.is_active).collect();
    if let Some(medium) = active.iter().find(|p| p.name.eq_ignore_ascii_case("Medium")) {
        return Ok(Some(medium.clone()));
    }
    Ok(active.get(active.len().saturating_sub(1) / 2).cloned())
}

/// The item of `kind` named `name` (any capitals), if it exists.
pub async fn find_by_name(store: &dyn Store, kind: ListKind, name: &str) -> Result<Option<ListItem>> {
    let Some(claim) = store.get(&name_key(kind, name)).await? else { return Ok(None) };
    match claim.i64("id") {
        Some(id) => get(store, kind, id).await,
        None => Ok(None),
    }
}

fn duplicate(name: &str) -> Error {
    Error::conflict(format!("An item named '{name}' already exists in this list"))
}

pub async fn create(store: &dyn Store, kind: ListKind, input: ListItemInput) -> Result<ListItem> {
    let id = store.increment(&Key::new("SEQ", "list_item"), "n", 1).await?;
    let now = domain::clock::now_text();
    let item = ListItem {
        id,
        name: input.name,
        description: input.description,
        display_order: input.display_order,
        is_active: input.is_active,
        meaning: (kind == ListKind::Statuses).then(|| input.meaning.unwrap_or(StatusMeaning::InProgress)),
        usage_count: Some(0),
        created_at: now.clone(),
        updated_at: now,
    };
    let writes = vec![
        Write::put_new(item.to_item(kind, 1)),
        Write::put_new(Item::new(name_key(kind, &item.name)).with("id", id)),
    ];
    match store.transact(writes).await {
        Ok(()) => Ok(item),
        Err(StoreError::ConditionFailed { at: 1 }) => Err(duplicate(&item.name)),
        Err(e) => Err(e.into()),
    }
}

fn not_found() -> Error {
    Error::not_found("Item not found")
}

fn meaning_in_use(name: &str, used: i64) -> Error {
    Error::conflict(format!(
        "'{name}' is used by {used} grievance{}; its meaning cannot change. Add a new status instead.",
        if used == 1 { "" } else { "s" }
    ))
}

pub async fn update(store: &dyn Store, kind: ListKind, id: i64, input: ListItemInput) -> Result<ListItem> {
    let stored = store.get(&item_key(kind, id)).await?.ok_or_else(not_found)?;
    let version = stored.i64("version").unwrap_or(0);
    let current = ListItem::from_item(kind, stored)?;
    let renamed = current.name.to_lowercase() != input.name.to_lowercase();
    // Only a status has a meaning (the parse refuses one elsewhere); left out, it stays.
    let meaning = input.meaning.or(current.meaning);
    let updated = ListItem {
        name: input.name,
        description: input.description,
        display_order: input.display_order,
        is_active: input.is_active,
        meaning,
        updated_at: domain::clock::now_text(),
        ..current.clone()
    };
    let meaning_changed = updated.meaning != current.meaning;
    if meaning_changed {
        if let Some(used) = current.usage_count.filter(|n| *n > 0) {
            return Err(meaning_in_use(&current.name, used));
        }
    }
    // A meaning may change only while no grievance uses the status: the figures kept for
    // the grievances in it (resolved, overdue) were counted by the meaning they had.
    let condition = if meaning_changed {
        Condition::EqualsAll(vec![("version".into(), json!(version)), ("usage_count".into(), json!(0))])
    } else {
        Condition::Equals("version".into(), json!(version))
    };
    let mut writes = vec![Write::put(updated.to_item(kind, version + 1)).when(condition)];
    if renamed {
        writes.push(Write::delete(name_key(kind, &current.name)));
        writes.push(Write::put_new(Item::new(name_key(kind, &updated.name)).with("id", id)));
    } else if current.name != updated.name {
        // Only the capitals changed: the claim stays the same item.
        writes.push(Write::put(Item::new(name_key(kind, &updated.name)).with("id", id)));
    }
    match store.transact(writes).await {
        Ok(()) => Ok(updated),
        Err(StoreError::ConditionFailed { at: 0 }) if meaning_changed => match get(store, kind, id).await?.and_then(|now| now.usage_count) {
            Some(used) if used > 0 => Err(meaning_in_use(&current.name, used)),
            _ => Err(Error::conflict("This item was changed by someone else. Please reload and try again.")),
        },
        Err(StoreError::ConditionFailed { at: 0 }) => Err(Error::conflict("This item was changed by someone else. Please reload and try again.")),
        Err(StoreError::ConditionFailed { .. }) => Err(duplicate(&updated.name)),
        Err(e) => Err(e.into()),
    }
}

pub async fn delete(store: &dyn Store, kind: ListKind, id: i64) -> Result<()> {
    let current = get(store, kind, id).await?.ok_or_else(not_found)?;
    let in_use = |n: i64| {
        Error::conflict(format!(
            "'{}' is used by {n} grievance{}; deactivate it instead of deleting it",
            current.name,
            if n == 1 { "" } else { "s" }
        ))
    };
    if let Some(used) = current.usage_count.filter(|n| *n > 0) {
        return Err(in_use(used));
    }
    let writes = vec![
        Write::delete(item_key(kind, id)).when(Condition::Equals("usage_count".into(), json!(0))),
        Write::delete(name_key(kind, &current.name)),
    ];
    match store.transact(writes).await {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed { .. }) => Err(in_use(1)),
        Err(e) => Err(e.into()),
    }
}

/// Fills every list with its starting items, once in the store's life: an administrator who
/// later empties a list does not see it refilled.
pub async fn seed(store: &dyn Store) -> Result<()> {
    let marker = Key::new("SEEDED", "lists");
    if store.get(&marker).await?.is_some() {
        return Ok(());
    }
    for kind in ListKind::ALL {
        for (position, name) in kind.seeds().iter().enumerate() {
            let meaning = (kind == ListKind::Statuses).then(|| StatusMeaning::of_legacy_name(name));
            let input = ListItemInput { name: name.to_string(), description: String::new(), display_order: position as i64 + 1, is_active: true, meaning };
            match create(store, kind, input).await {
                Ok(_) | Err(Error::Conflict(_)) => {}
                Err(e) => return Err(e),
            }
        }
    }
    match store.transact(vec![Write::put_new(Item::new(marker))]).await {
        Ok(()) | Err(StoreError::ConditionFailed { .. }) => Ok(()),
        Err(e) => Err(e.into()),
    }
}
