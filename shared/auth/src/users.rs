//! User accounts: the rules of creating, changing and removing them, over the accounts port.
//! A user record is never handed out as it is kept: the password hash stays here.

// A user's sessions are ended through the port (`Accounts::remove_sessions`, all that
// `sessions::end_sessions` does): `sessions` reads users through this module, so this
// module does not call back into it.
use domain::Msg;
use crate::port::{Accounts, Numbered, Outcome};
pub use crate::port::UserRecord;
use domain::user::{CredentialHands, Stamp, UserStatus};
use domain::{Email, Error, Result};

impl UserRecord {
    pub fn is_active(&self) -> bool {
        self.status == UserStatus::Active
    }

    /// Who made the account and who last reset its credentials.
    pub fn hands(&self) -> CredentialHands {
        CredentialHands {
            created: self.created_by.map(|by| Stamp { by, at: self.created_at.clone() }),
            password_reset: self.password_reset.clone(),
            two_factor_reset: self.two_factor_reset.clone(),
        }
    }
}

pub async fn get(accounts: &dyn Accounts, id: i64) -> Result<Option<UserRecord>> {
    accounts.user(id).await
}

pub async fn find_by_email(accounts: &dyn Accounts, email: &Email) -> Result<Option<UserRecord>> {
    accounts.user_by_email(email).await
}

/// Whether any user exists at all (first start creates the first Admin).
pub async fn any_exist(accounts: &dyn Accounts) -> Result<bool> {
    accounts.any_user().await
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
    pub posting: domain::jurisdiction::Posting,
}

/// Stores a new user, its email claim and its role's member count in one transaction:
/// a taken email or a missing role leaves nothing behind.
pub async fn create(accounts: &dyn Accounts, new: NewUser) -> Result<UserRecord> {
    insert(accounts, new, None).await
}

/// As [`create`], for an administrator `creator`, whom the account remembers.
pub async fn create_by(accounts: &dyn Accounts, new: NewUser, creator: i64) -> Result<UserRecord> {
    insert(accounts, new, Some(creator)).await
}

async fn insert(accounts: &dyn Accounts, new: NewUser, created_by: Option<i64>) -> Result<UserRecord> {
    let id = accounts.next_id(Numbered::User).await?;
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
        posting: new.posting,
        created_by,
        password_reset: None,
        two_factor_reset: None,
    };
    match accounts.insert_user(&record).await? {
        Outcome::Written => Ok(record),
        Outcome::RoleMissing => Err(Error::field("role_id", Msg::RoleUnknown)),
        _ => Err(Error::Conflict(Msg::UserEmailTaken)),
    }
}

/// Every user, in id order. Staff numbers are in the thousands at most.
pub async fn list_all(accounts: &dyn Accounts) -> Result<Vec<UserRecord>> {
    accounts.users().await
}

fn not_found() -> Error {
    Error::NotFound(Msg::UserNotFound)
}

/// The account was moved to another role or posting since the caller's permission to act on
/// it was checked: the check no longer holds, so nothing is written.
fn role_moved() -> Error {
    Error::Conflict(Msg::ChangedConcurrently)
}

/// Applies an administrator's edit to an account that held `checked.role_id` and was posted at
/// `checked.posting` when the caller's right to act on it was checked. Retried when a
/// concurrent change got there first.
pub async fn update(accounts: &dyn Accounts, caller_id: i64, id: i64, checked: &UserRecord, input: domain::user::UserInput) -> Result<UserRecord> {
    for _attempt in 0..5 {
        let current = get(accounts, id).await?.ok_or_else(not_found)?;
        if current.role_id != checked.role_id || current.posting != checked.posting {
            return Err(role_moved());
        }
        if id == caller_id && input.status != UserStatus::Active {
            return Err(Error::Conflict(Msg::CannotDeactivateSelf));
        }
        let updated = UserRecord {
            name: input.name.clone(),
            email: input.email.to_string(),
            phone: input.phone.clone(),
            department: Some(input.department.clone()),
            designation: Some(input.designation.clone()),
            role_id: input.role_id.get(),
            status: input.status,
            posting: input.posting.clone().unwrap_or_else(|| current.posting.clone()),
            updated_at: domain::clock::now_text(),
            version: current.version + 1,
            ..current.clone()
        };
        match accounts.replace_user(&current, &updated).await? {
            Outcome::Written => {
                if !updated.is_active() {
                    accounts.remove_sessions(id, None).await?;
                }
                return Ok(updated);
            }
            Outcome::EmailTaken => return Err(Error::Conflict(Msg::UserEmailTaken)),
            Outcome::RoleMissing => return Err(Error::field("role_id", Msg::RoleUnknown)),
            Outcome::LastAdmin => return Err(Error::Conflict(Msg::LastAdmin)),
            Outcome::Stale | Outcome::NameTaken => {}
        }
    }
    Err(Error::Unavailable(Msg::UserBusy))
}

/// Deletes an account as `checked` (its role and posting) when the caller's right to act on it
/// was checked.
pub async fn delete(accounts: &dyn Accounts, caller_id: i64, id: i64, checked: &UserRecord) -> Result<()> {
    if id == caller_id {
        return Err(Error::Conflict(Msg::CannotDeleteSelf));
    }
    for _attempt in 0..5 {
        let current = get(accounts, id).await?.ok_or_else(not_found)?;
        if current.role_id != checked.role_id || current.posting != checked.posting {
            return Err(role_moved());
        }
        match accounts.remove_user(&current).await? {
            Outcome::Written => {
                accounts.remove_sessions(id, None).await?;
                return Ok(());
            }
            Outcome::LastAdmin => return Err(Error::Conflict(Msg::LastAdmin)),
            _ => continue,
        }
    }
    Err(Error::Unavailable(Msg::UserBusy))
}

/// Administrator `by` sets a new password for `user`, as read when their right to act on it
/// was checked; the account remembers who reset it and when, and every session of that
/// user ends.
pub async fn reset_password(accounts: &dyn Accounts, user: &UserRecord, new: &domain::password::NewPassword, by: i64) -> Result<()> {
    let id = user.id;
    let hash = crate::passwords::hash(new.expose()).await?;
    let reset = Stamp { by, at: domain::clock::now_text() };
    // On the role read: an account moved to a wider role meanwhile is not reset.
    if accounts.set_password(id, &hash, Some(user.role_id), Some(&reset)).await? != Outcome::Written {
        return Err(if get(accounts, id).await?.is_some() { role_moved() } else { not_found() });
    }
    accounts.remove_sessions(id, None).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_kept_before_its_hands_were_recorded_reads_with_none() {
        let kept = serde_json::json!({"id": 5, "name": "Ravi", "email": "ravi@police.test", "password_hash": "x", "role_id": 2,
            "created_at": "2025-01-01T00:00:00Z", "updated_at": "2025-01-01T00:00:00Z", "version": 3});
        let user: UserRecord = serde_json::from_value(kept).unwrap();
        assert_eq!(user.hands(), CredentialHands::default());
        let written = serde_json::to_value(&user).unwrap();
        assert!(written.get("created_by").is_none() && written.get("password_reset").is_none(), "nothing written for what is not known: {written}");
        let made = UserRecord { created_by: Some(7), password_reset: Some(Stamp { by: 8, at: "2026-01-01T00:00:00Z".into() }), ..user };
        let read: UserRecord = serde_json::from_value(serde_json::to_value(&made).unwrap()).unwrap();
        assert_eq!(read.hands().created, Some(Stamp { by: 7, at: "2025-01-01T00:00:00Z".into() }));
        assert_eq!(read.hands().password_reset.map(|s| s.by), Some(8));
    }
}
