//! Admin list items. Each list is one partition; names are unique within a list through a
//! name claim item written in the same transaction; `usage_count` is kept by the grievance
//! writes, so an item still in use is never deleted.

use domain::lists::{ListItemInput, ListKind};
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
    fn from_item(item: Item) -> Result<Self> {
        serde_json::from_value(serde_json::Value::Object(item.attrs)).map_err(Error::internal)
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
    let mut items = store::read_all(store, Query::table(list_pk(kind))).await?.into_iter().map(ListItem::from_item).collect::<Result<Vec<_>>>()?;
    items.sort_by(|a, b| a.display_order.cmp(&b.display_order).then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase())));
    Ok(items)
}

pub async fn get(store: &dyn Store, kind: ListKind, id: i64) -> Result<Option<ListItem>> {
    store.get(&item_key(kind, id)).await?.map(ListItem::from_item).transpose()
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

pub async fn update(store: &dyn Store, kind: ListKind, id: i64, input: ListItemInput) -> Result<ListItem> {
    let stored = store.get(&item_key(kind, id)).await?.ok_or_else(not_found)?;
    let version = stored.i64("version").unwrap_or(0);
    let current = ListItem::from_item(stored)?;
    let renamed = current.name.to_lowercase() != input.name.to_lowercase();
    let updated = ListItem {
        name: input.name,
        description: input.description,
        display_order: input.display_order,
        is_active: input.is_active,
        updated_at: domain::clock::now_text(),
        ..current.clone()
    };
    let mut writes = vec![Write::put(updated.to_item(kind, version + 1)).when(Condition::Equals("version".into(), json!(version)))];
    if renamed {
        writes.push(Write::delete(name_key(kind, &current.name)));
        writes.push(Write::put_new(Item::new(name_key(kind, &updated.name)).with("id", id)));
    } else if current.name != updated.name {
        // Only the capitals changed: the claim stays the same item.
        writes.push(Write::put(Item::new(name_key(kind, &updated.name)).with("id", id)));
    }
    match store.transact(writes).await {
        Ok(()) => Ok(updated),
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
            let input = ListItemInput { name: name.to_string(), description: String::new(), display_order: position as i64 + 1, is_active: true };
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
