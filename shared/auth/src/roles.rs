//! Roles: the rules of creating, changing and removing them, over the accounts port. The
//! role named Admin always holds every permission, whatever is stored.

use domain::Msg;
use crate::port::{Accounts, Numbered, Outcome};
pub use crate::port::RoleRecord;
use domain::{Error, Permissions, Result, ADMIN_ROLE};

/// The Admin role is created at first start with this id.
pub const ADMIN_ROLE_ID: i64 = 1;

impl RoleRecord {
    pub fn is_admin(&self) -> bool {
        self.name == ADMIN_ROLE
    }

    pub fn requires_two_factor(&self) -> bool {
        self.require_two_factor.unwrap_or(self.is_admin())
    }

    /// Whether members' closures need approval: as set, never for the Admin role.
    pub fn needs_closing_approval(&self) -> bool {
        self.closing_needs_approval && !self.is_admin()
    }

    /// The role as the grant rules see it (for the Admin role they read `is_admin` first,
    /// whatever permissions are stored).
    pub fn reach(&self) -> domain::grants::RoleReach<'_> {
        domain::grants::RoleReach { id: self.id, is_admin: self.is_admin(), permissions: &self.permissions, closes_alone: !self.needs_closing_approval() }
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

pub async fn get(accounts: &dyn Accounts, id: i64) -> Result<Option<RoleRecord>> {
    accounts.role(id).await
}

/// Every role, ordered by name.
pub async fn list_all(accounts: &dyn Accounts) -> Result<Vec<RoleRecord>> {
    accounts.roles().await
}

fn duplicate() -> Error {
    Error::Conflict(Msg::RoleNameTaken)
}

fn not_found() -> Error {
    Error::NotFound(Msg::RoleNotFound)
}

fn changed_meanwhile() -> Error {
    Error::Conflict(Msg::RoleChanged)
}

/// Refuses a name that reads like another role's (the Admin role's in particular): names are
/// compared by their look-alike key. Roles are few, so all are read; the name claim written
/// with the role settles two such requests made at once.
async fn check_name_free(accounts: &dyn Accounts, name: &str, except: Option<i64>) -> Result<()> {
    let key = domain::role_name::key(name);
    if key == domain::role_name::key(ADMIN_ROLE) && except != Some(ADMIN_ROLE_ID) {
        return Err(duplicate());
    }
    if list_all(accounts).await?.iter().any(|r| Some(r.id) != except && domain::role_name::key(&r.name) == key) {
        return Err(duplicate());
    }
    Ok(())
}

pub async fn create(accounts: &dyn Accounts, input: domain::user::RoleInput) -> Result<RoleRecord> {
    check_name_free(accounts, &input.name, None).await?;
    let id = accounts.next_id(Numbered::Role).await?;
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
        closing_needs_approval: input.closing_needs_approval.unwrap_or(false),
        created_at: now.clone(),
        updated_at: now,
    };
    match accounts.insert_role(&role).await? {
        Outcome::Written => Ok(role),
        _ => Err(duplicate()),
    }
}

/// Changes role `id`, on condition that it is still at `checked_version`, the version the
/// caller's right to change it was checked against.
pub async fn update(accounts: &dyn Accounts, id: i64, checked_version: i64, input: domain::user::RoleInput) -> Result<RoleRecord> {
    let current = get(accounts, id).await?.ok_or_else(not_found)?;
    if current.version != checked_version {
        return Err(changed_meanwhile());
    }
    if current.is_admin() {
        if input.name != ADMIN_ROLE {
            return Err(Error::Conflict(Msg::AdminRoleNameFixed));
        }
        // Every action the legacy map's "all" names, as the specification's own call sends it;
        // the Admin role holds every action whatever is sent.
        if !input.permissions.covers(&Permissions::all_by_map()) {
            return Err(Error::Conflict(Msg::AdminRoleAllPermissions));
        }
    } else {
        check_name_free(accounts, &input.name, Some(id)).await?;
    }
    let updated = RoleRecord {
        name: input.name,
        description: input.description,
        permissions: if current.is_admin() { Permissions::all() } else { input.permissions },
        version: current.version + 1,
        updated_at: domain::clock::now_text(),
        require_two_factor: input.require_two_factor.or(current.require_two_factor),
        closing_needs_approval: input.closing_needs_approval.unwrap_or(current.closing_needs_approval) && !current.is_admin(),
        ..current.clone()
    };
    match accounts.replace_role(&current, &updated).await? {
        Outcome::Written => Ok(updated),
        Outcome::Stale => Err(changed_meanwhile()),
        _ => Err(duplicate()),
    }
}

pub async fn delete(accounts: &dyn Accounts, id: i64) -> Result<()> {
    let current = get(accounts, id).await?.ok_or_else(not_found)?;
    if current.is_admin() {
        return Err(Error::Conflict(Msg::AdminRoleUndeletable));
    }
    let held = |n: i64| {
        Error::Conflict(Msg::RoleInUse { count: n.to_string(), plural: domain::messages::plural(n as i64) })
    };
    if current.user_count > 0 {
        return Err(held(current.user_count));
    }
    match accounts.remove_role(&current).await? {
        Outcome::Written => Ok(()),
        _ => Err(held(1)),
    }
}
