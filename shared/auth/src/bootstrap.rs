//! What must exist from the very first start: the Admin role, and an Admin user to sign in with.

use domain::Msg;
use crate::port::Accounts;
use crate::roles::{RoleRecord, ADMIN_ROLE_ID};
use crate::users::{self, NewUser};
use crate::passwords;
use domain::password::NewPassword;
use domain::user::UserStatus;
use domain::{Email, Error, Permissions, Result, ADMIN_ROLE};

pub const DEFAULT_ADMIN_EMAIL: &str = "admin@portal.local";
pub const DEFAULT_ADMIN_NAME: &str = "Administrator";

/// Creates the Admin role unless it exists. Safe to run from many processes at once.
pub async fn ensure_admin_role(accounts: &dyn Accounts) -> Result<()> {
    let now = domain::clock::now_text();
    let role = RoleRecord {
        id: ADMIN_ROLE_ID,
        name: ADMIN_ROLE.into(),
        description: "Full access to every part of the portal".into(),
        permissions: Permissions::all(),
        user_count: 0,
        active_user_count: 0,
        version: 1,
        // Unset: the Admin role's default, a second factor required.
        require_two_factor: None,
        closing_needs_approval: false,
        created_at: now.clone(),
        updated_at: now,
    };
    accounts.ensure_first_role(&role).await
}

/// Sets whether a role's members must sign in with a second factor, outside the API: for
/// the operator of a training or test portal, who chooses at first start
/// (`PORTAL_ADMIN_TWO_FACTOR=optional`) that the Admin role does not require one.
pub async fn set_two_factor_requirement(accounts: &dyn Accounts, role_id: i64, required: bool) -> Result<()> {
    accounts.set_role_two_factor(role_id, required).await
}

/// The first Admin, as configured or with a generated password.
pub struct FirstAdmin {
    pub email: Option<String>,
    pub password: Option<String>,
    pub name: Option<String>,
}

/// What `ensure_first_admin` did.
pub enum Bootstrapped {
    AlreadyHadUsers,
    Created { email: String, generated_password: Option<String> },
}

/// When the store holds no user, creates an Admin user to sign in with.
pub async fn ensure_first_admin(accounts: &dyn Accounts, first: FirstAdmin) -> Result<Bootstrapped> {
    if users::any_exist(accounts).await? {
        return Ok(Bootstrapped::AlreadyHadUsers);
    }
    let email = first.email.unwrap_or_else(|| DEFAULT_ADMIN_EMAIL.into());
    let (password, generated) = match first.password {
        Some(p) => (p, None),
        None => {
            let p = generate_password();
            (p.clone(), Some(p))
        }
    };
    let name = first.name.unwrap_or_else(|| DEFAULT_ADMIN_NAME.into());
    match create_admin(accounts, &email, &name, &password).await {
        Ok(()) => Ok(Bootstrapped::Created { email, generated_password: generated }),
        // Another process created it a moment ago.
        Err(Error::Conflict(_)) => Ok(Bootstrapped::AlreadyHadUsers),
        Err(e) => Err(e),
    }
}

/// Whether an active Admin can sign in: one holding the Admin role with a password. A data
/// directory `portal seed` filled has officers but may have no Admin.
pub async fn has_usable_admin(accounts: &dyn Accounts) -> Result<bool> {
    Ok(accounts.active_members(ADMIN_ROLE_ID).await?.iter().any(|u| !u.password_hash.is_empty()))
}

/// Adds an active Admin user.
pub async fn create_admin(accounts: &dyn Accounts, email: &str, name: &str, password: &str) -> Result<()> {
    let email = Email::parse(email).map_err(|m| Error::field("email", m))?;
    let password = NewPassword::for_reset(password).map_err(|m| Error::field("password", m))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::field("name", Msg::NameRequired));
    }
    ensure_admin_role(accounts).await?;
    users::create(
        accounts,
        NewUser {
            name: name.to_string(),
            email,
            password_hash: passwords::hash(password.expose()).await?,
            phone: None,
            department: None,
            designation: None,
            role_id: ADMIN_ROLE_ID,
            status: UserStatus::Active,
            posting: Default::default(),
        },
    )
    .await?;
    Ok(())
}

fn generate_password() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut rng = rand::rngs::OsRng;
    (0..16).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect()
}
