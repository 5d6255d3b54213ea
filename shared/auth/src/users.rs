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
    /// Bumped by every change; a write based on an older version is refused.
    #[serde(default)]
    pub version: i64,
    #[serde(default)]
    pub two_factor: crate::two_factor::TwoFactor,
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
        version: 1,
        two_factor: Default::default(),
    };
    let active = if record.is_active() { 1 } else { 0 };
    let writes = vec![
        Write::put_new(record.to_item()),
        Write::put_new(Item::new(keys::email(&new.email)).with("user_id", id)),
        Write::update(keys::role(new.role_id), Changes::default().add("user_count", 1).add("active_user_count", active))
            .when(Condition::Exists),
    ];
    match store.transact(writes).await {
        Ok(()) => Ok(record),
        Err(store::StoreError::ConditionFailed { at: 1 }) => Err(Error::conflict("A user with this email already exists")),
        Err(store::StoreError::ConditionFailed { at: 2 }) => Err(Error::field("role_id", "The selected role does not exist")),
        Err(e) => Err(e.into()),
    }
}

/// Every user, in id order. Staff numbers are in the thousands at most.
pub async fn list_all(store: &dyn Store) -> Result<Vec<UserRecord>> {
    store::read_all(store, store::Query::index(Index::Gsi1, keys::USERS_INDEX_PK)).await?.into_iter().map(UserRecord::from_item).collect()
}

pub const LAST_ADMIN: &str = "The last active Admin cannot be removed, deactivated or moved to another role";

/// How a change moves users between roles: (role id, change of holders, change of active holders).
fn role_moves(before: Option<&UserRecord>, after: Option<&UserRecord>) -> Vec<(i64, i64, i64)> {
    let mut moves: std::collections::BTreeMap<i64, (i64, i64)> = Default::default();
    if let Some(u) = before {
        let e = moves.entry(u.role_id).or_default();
        e.0 -= 1;
        e.1 -= i64::from(u.is_active());
    }
    if let Some(u) = after {
        let e = moves.entry(u.role_id).or_default();
        e.0 += 1;
        e.1 += i64::from(u.is_active());
    }
    moves.into_iter().filter(|(_, (all, active))| *all != 0 || *active != 0).map(|(id, (all, active))| (id, all, active)).collect()
}

/// The role-count writes of a change. A change that takes an active Admin away is
/// conditioned on the count it read, and refused when that Admin is the last.
async fn role_writes(store: &dyn Store, before: Option<&UserRecord>, after: Option<&UserRecord>) -> Result<Vec<Write>> {
    let mut writes = Vec::new();
    for (role_id, all, active) in role_moves(before, after) {
        let mut write = Write::update(keys::role(role_id), Changes::default().add("user_count", all).add("active_user_count", active));
        if role_id == crate::roles::ADMIN_ROLE_ID && active < 0 {
            let admins = crate::roles::get(store, role_id).await?.map(|r| r.active_user_count).unwrap_or(0);
            if admins <= 1 {
                return Err(Error::conflict(LAST_ADMIN));
            }
            write = write.when(Condition::Equals("active_user_count".into(), serde_json::json!(admins)));
        } else if all > 0 {
            write = write.when(Condition::Exists);
        }
        writes.push(write);
    }
    Ok(writes)
}

fn not_found() -> Error {
    Error::not_found("User not found")
}

/// The account was moved to another role since the caller's permission to act on it was
/// checked: the check no longer holds, so nothing is written.
fn role_moved() -> Error {
    Error::conflict("This was changed by someone else at the same time. Please reload and try again.")
}

/// Applies an administrator's edit to an account that held `checked_role` when the caller's
/// right to act on it was checked. Retried when a concurrent change got there first.
pub async fn update(store: &dyn Store, caller_id: i64, id: i64, checked_role: i64, input: domain::user::UserInput) -> Result<UserRecord> {
    for _attempt in 0..5 {
        let current = get(store, id).await?.ok_or_else(not_found)?;
        if current.role_id != checked_role {
            return Err(role_moved());
        }
        if id == caller_id && input.status != UserStatus::Active {
            return Err(Error::conflict("You cannot deactivate your own account"));
        }
        let updated = UserRecord {
            name: input.name.clone(),
            email: input.email.to_string(),
            phone: input.phone.clone(),
            department: Some(input.department.clone()),
            designation: Some(input.designation.clone()),
            role_id: input.role_id,
            status: input.status,
            updated_at: domain::clock::now_text(),
            version: current.version + 1,
            ..current.clone()
        };
        let mut writes = vec![Write::put(updated.to_item()).when(Condition::Equals("version".into(), serde_json::json!(current.version)))];
        let email_changed = current.email != updated.email;
        if email_changed {
            writes.push(Write::delete(keys::email(&Email::parse(&current.email).map_err(Error::internal)?)));
            writes.push(Write::put_new(Item::new(keys::email(&input.email)).with("user_id", id)));
        }
        let first_role_write = writes.len();
        writes.extend(role_writes(store, Some(&current), Some(&updated)).await?);
        match store.transact(writes).await {
            Ok(()) => {
                if !updated.is_active() {
                    crate::sessions::end_sessions(store, id, None).await?;
                }
                return Ok(updated);
            }
            Err(store::StoreError::ConditionFailed { at }) if email_changed && at == first_role_write - 1 => {
                return Err(Error::conflict("A user with this email already exists"));
            }
            Err(store::StoreError::ConditionFailed { at }) if at >= first_role_write && input.role_id != current.role_id => {
                let role_missing = crate::roles::get(store, input.role_id).await?.is_none();
                if role_missing {
                    return Err(Error::field("role_id", "The selected role does not exist"));
                }
            }
            Err(store::StoreError::ConditionFailed { .. }) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Err(Error::Unavailable("The user is being changed by someone else; please try again".into()))
}

/// Deletes an account that held `checked_role` when the caller's right to act on it was
/// checked.
pub async fn delete(store: &dyn Store, caller_id: i64, id: i64, checked_role: i64) -> Result<()> {
    if id == caller_id {
        return Err(Error::conflict("You cannot delete your own account"));
    }
    for _attempt in 0..5 {
        let current = get(store, id).await?.ok_or_else(not_found)?;
        if current.role_id != checked_role {
            return Err(role_moved());
        }
        let mut writes = vec![
            Write::delete(keys::user(id)).when(Condition::Equals("version".into(), serde_json::json!(current.version))),
            Write::delete(keys::email(&Email::parse(&current.email).map_err(Error::internal)?)),
        ];
        writes.extend(role_writes(store, Some(&current), None).await?);
        match store.transact(writes).await {
            Ok(()) => {
                crate::sessions::end_sessions(store, id, None).await?;
                return Ok(());
            }
            Err(store::StoreError::ConditionFailed { .. }) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(Error::Unavailable("The user is being changed by someone else; please try again".into()))
}

/// An administrator sets a new password for `user`, as read when their right to act on it
/// was checked; every session of that user ends.
pub async fn reset_password(store: &dyn Store, user: &UserRecord, new: &domain::password::NewPassword) -> Result<()> {
    let id = user.id;
    let hash = crate::passwords::hash(new.expose()).await?;
    let changes = Changes::default().set("password_hash", hash).set("updated_at", domain::clock::now_text()).add("version", 1);
    // On the role read: an account moved to a wider role meanwhile is not reset.
    match store.transact(vec![Write::update(keys::user(id), changes).when(Condition::Equals("role_id".into(), serde_json::json!(user.role_id)))]).await {
        Ok(()) => {}
        Err(store::StoreError::ConditionFailed { .. }) => return Err(if get(store, id).await?.is_some() { role_moved() } else { not_found() }),
        Err(e) => return Err(e.into()),
    }
    crate::sessions::end_sessions(store, id, None).await?;
    Ok(())
}
