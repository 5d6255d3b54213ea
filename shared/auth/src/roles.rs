//! Role records. The role named Admin always holds every permission, whatever is stored.

use crate::keys;
use domain::{Error, Permissions, Result, ADMIN_ROLE};
use serde::{Deserialize, Serialize};
use store::{Index, Item, Store};

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
