//! User records in the store. A user item is never handed out as it is stored: the password
//! hash stays here.

use crate::keys;
use domain::user::UserStatus;
use domain::{Email, Error, Result};
use serde::{Deserialize, Serialize};
use store::{Changes, Condition, Index, Item, Store, Write};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UserRecord {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub password_hash: String,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub department: Option<String>,
    #[serde(default)]
    pub designation: Option<String>,
    pub role_id: i64,
    #[serde(default)]
    pub status: UserStatus,
    pub created_at: String,
    pub updated_at: String,
}

impl UserRecord {
    pub fn from_item(item: Item) -> Result<Self> {
        serde_json::from_value(serde_json::Value::Object(item.attrs)).map_err(Error::internal)
    }

    pub fn to_item(&self) -> Item {
        let serde_json::Value::Object(attrs) = serde_json::to_value(self).expect("a user serialises") else {
            unreachable!("a struct serialises to an object")
        };
        Item { key: keys::user(self.id), attrs }.indexed(Index::Gsi1, keys::USERS_INDEX_PK, keys::id_sort(self.id))
    }

    pub fn is_active(&self) -> bool {
        self.status == UserStatus::Active
    }
}

pub async fn get(store: &dyn Store, id: i64) -> Result<Option<UserRecord>> {
    store.get(&keys::user(id)).await?.map(UserRecord::from_item).transpose()
}

pub async fn find_by_email(store: &dyn Store, email: &Email) -> Result<Option<UserRecord>> {
    let Some(lock) = store.get(&keys::email(email)).await? else { return Ok(None) };
    let Some(id) = lock.i64("user_id") else { return Ok(None) };
    get(store, id).await
}

/// Whether any user exists at all (first start creates the first Admin).
pub async fn any_exist(store: &dyn Store) -> Result<bool> {
    let page = store.query(&store::Query::index(Index::Gsi1, keys::USERS_INDEX_PK).limit(1)).await?;
    Ok(!page.items.is_empty())
}

/// The fields of a new user; the id and times are given by `create`.
pub struct NewUser {
    pub name: String,
    pub email: Email,
    pub password_hash: String,
    pub phone: Option<String>,
    pub department: Option<String>,
    pub designation: Option<String>,
    pub role_id: i64,
    pub status: UserStatus,
}

/// Stores a new user, its email claim and its role's member count in one transaction:
/// a taken email or a missing role leaves nothing behind.
pub async fn create(store: &dyn Store, new: NewUser) -> Result<UserRecord> {
    let id = store.increment(&keys::sequence("user"), "n", 1).await?;
    let now = domain::clock::now_text();
    let record = UserRecord {
        id,
        name: new.name,
        email: new.email.to_string(),
        password_hash: new.password_hash,
        phone: new.phone,
        department: new.department,
        designation: new.designation,
        role_id: new.role_id,
        status: new.status,
        created_at: now.clone(),
        updated_at: now,
    };
    let writes = vec![
        Write::put_new(record.to_item()),
        Write::put_new(Item::new(keys::email(&new.email)).with("user_id", id)),
        Write::update(keys::role(new.role_id), Changes::default().add("user_count", 1)).when(Condition::Exists),
    ];
    match store.transact(writes).await {
        Ok(()) => Ok(record),
        Err(store::StoreError::ConditionFailed { at: 1 }) => Err(Error::conflict("A user with this email already exists")),
        Err(store::StoreError::ConditionFailed { at: 2 }) => Err(Error::field("role_id", "The selected role does not exist")),
        Err(e) => Err(e.into()),
    }
}
