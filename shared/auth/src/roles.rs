//! Role records. The role named Admin always holds every permission, whatever is stored.

use crate::keys;
use domain::{Error, Permissions, Result, ADMIN_ROLE};
use serde::{Deserialize, Serialize};
use serde_json::json;
use store::{Condition, Index, Item, Store, StoreError, Write};

/// The Admin role is created at first start with this id.
pub const ADMIN_ROLE_ID: i64 = 1;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RoleRecord {
    pub id: i64,
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub permissions: Permissions,
    /// How many users hold the role, kept in the same transactions that change them.
    #[serde(default)]
    pub user_count: i64,
    /// How many active users hold the role: the last active Admin is protected.
    #[serde(default)]
    pub active_user_count: i64,
    #[serde(default)]
    pub version: i64,
    /// Whether members must sign in with a second factor. Unset means the default: on for
    /// the Admin role, off for every other.
    #[serde(default)]
    pub require_two_factor: Option<bool>,
    pub created_at: String,
    pub updated_at: String,
}

impl RoleRecord {
    pub fn from_item(item: Item) -> Result<Self> {
        serde_json::from_value(serde_json::Value::Object(item.attrs)).map_err(Error::internal)
    }

    pub fn to_item(&self) -> Item {
        let serde_json::Value::Object(attrs) = serde_json::to_value(self).expect("a role serialises") else {
            unreachable!("a struct serialises to an object")
        };
        Item { key: keys::role(self.id), attrs }.indexed(Index::Gsi1, keys::ROLES_INDEX_PK, self.name.to_lowercase())
    }

    pub fn is_admin(&self) -> bool {
        self.name == ADMIN_ROLE
    }

    pub fn requires_two_factor(&self) -> bool {
        self.require_two_factor.unwrap_or(self.is_admin())
    }

    /// The role as the grant rules see it (for the Admin role they read `is_admin` first,
    /// whatever permissions are stored).
    pub fn reach(&self) -> domain::grants::RoleReach<'_> {
        domain::grants::RoleReach { id: self.id, is_admin: self.is_admin(), permissions: &self.permissions }
    }

    /// What the role allows: everything for Admin, the stored permissions otherwise.
    pub fn effective_permissions(&self) -> Permissions {
        if self.is_admin() {
            Permissions::all()
        } else {
            self.permissions.clone()
        }
    }
}

pub async fn get(store: &dyn Store, id: i64) -> Result<Option<RoleRecord>> {
    store.get(&keys::role(id)).await?.map(RoleRecord::from_item).transpose()
}

/// Every role, ordered by name.
pub async fn list_all(store: &dyn Store) -> Result<Vec<RoleRecord>> {
    store::read_all(store, store::Query::index(Index::Gsi1, keys::ROLES_INDEX_PK)).await?.into_iter().map(RoleRecord::from_item).collect()
}

fn duplicate() -> Error {
    Error::conflict("A role with this name already exists")
}

fn not_found() -> Error {
    Error::not_found("Role not found")
}

/// Refuses a name that reads like another role's (the Admin role's in particular): names are
/// compared by their look-alike key. Roles are few, so all are read; the name claim written
/// with the role settles two such requests made at once.
async fn check_name_free(store: &dyn Store, name: &str, except: Option<i64>) -> Result<()> {
    let key = domain::role_name::key(name);
    if key == domain::role_name::key(ADMIN_ROLE) && except != Some(ADMIN_ROLE_ID) {
        return Err(duplicate());
    }
    if list_all(store).await?.iter().any(|r| Some(r.id) != except && domain::role_name::key(&r.name) == key) {
        return Err(duplicate());
    }
    Ok(())
}

pub async fn create(store: &dyn Store, input: domain::user::RoleInput) -> Result<RoleRecord> {
    check_name_free(store, &input.name, None).await?;
    let id = store.increment(&keys::sequence("role"), "n", 1).await?;
    let now = domain::clock::now_text();
    let role = RoleRecord {
        id,
        name: input.name,
        description: input.description,
        permissions: input.permissions,
        user_count: 0,
        active_user_count: 0,
        version: 1,
        require_two_factor: Some(input.require_two_factor.unwrap_or(false)),
        created_at: now.clone(),
        updated_at: now,
    };
    let writes = vec![Write::put_new(role.to_item()), Write::put_new(Item::new(keys::role_name(&role.name)).with("role_id", id))];
    match store.transact(writes).await {
        Ok(()) => Ok(role),
        Err(StoreError::ConditionFailed { at: 1 }) => Err(duplicate()),
        Err(e) => Err(e.into()),
    }
}

/// Changes role `id`, on condition that it is still at `checked_version`, the version the
/// caller's right to change it was checked against.
pub async fn update(store: &dyn Store, id: i64, checked_version: i64, input: domain::user::RoleInput) -> Result<RoleRecord> {
    let current = get(store, id).await?.ok_or_else(not_found)?;
    if current.version != checked_version {
        return Err(Error::conflict("This role was changed by someone else. Please reload and try again."));
    }
    if current.is_admin() {
        if input.name != ADMIN_ROLE {
            return Err(Error::conflict("The Admin role cannot be renamed"));
        }
        if !input.permissions.covers(&Permissions::all()) {
            return Err(Error::conflict("The Admin role always has every permission"));
        }
    } else {
        check_name_free(store, &input.name, Some(id)).await?;
    }
    let updated = RoleRecord {
        name: input.name,
        description: input.description,
        permissions: if current.is_admin() { Permissions::all() } else { input.permissions },
        version: current.version + 1,
        updated_at: domain::clock::now_text(),
        require_two_factor: input.require_two_factor.or(current.require_two_factor),
        ..current.clone()
    };
    // Member counts change under other transactions; write only what this edit owns.
    let changes = store::Changes::default()
        .set("name", updated.name.clone())
        .set("description", updated.description.clone())
        .set("permissions", serde_json::to_value(&updated.permissions).map_err(Error::internal)?)
        .set("updated_at", updated.updated_at.clone())
        .set("require_two_factor", json!(updated.require_two_factor))
        .set("gsi1sk", updated.name.to_lowercase())
        .add("version", 1);
    let mut writes = vec![Write::update(keys::role(id), changes).when(Condition::Equals("version".into(), json!(current.version)))];
    let new_claim = keys::role_name(&updated.name);
    let old_claims = keys::role_name_claims(&current.name);
    if !old_claims.contains(&new_claim) {
        writes.extend(old_claims.into_iter().map(Write::delete));
        writes.push(Write::put_new(Item::new(new_claim).with("role_id", id)));
    }
    match store.transact(writes).await {
        Ok(()) => Ok(updated),
        Err(StoreError::ConditionFailed { at: 0 }) => Err(Error::conflict("This role was changed by someone else. Please reload and try again.")),
        Err(StoreError::ConditionFailed { .. }) => Err(duplicate()),
        Err(e) => Err(e.into()),
    }
}

pub async fn delete(store: &dyn Store, id: i64) -> Result<()> {
    let current = get(store, id).await?.ok_or_else(not_found)?;
    if current.is_admin() {
        return Err(Error::conflict("Cannot delete the Admin role"));
    }
    let held = |n: i64| {
        Error::conflict(format!("This role is held by {n} user{}; move them to another role before deleting it", if n == 1 { "" } else { "s" }))
    };
    if current.user_count > 0 {
        return Err(held(current.user_count));
    }
    let mut writes = vec![Write::delete(keys::role(id)).when(Condition::Equals("user_count".into(), json!(0)))];
    writes.extend(keys::role_name_claims(&current.name).into_iter().map(Write::delete));
    match store.transact(writes).await {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed { .. }) => Err(held(1)),
        Err(e) => Err(e.into()),
    }
}
