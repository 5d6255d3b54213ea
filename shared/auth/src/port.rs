//! The accounts port: what the identity rules of `users`, `roles`, `sessions`, `lockout`,
//! `two_factor` and `bootstrap` ask of the place accounts are kept, in domain types. The
//! rules decide; an engine keeps records, claims (a unique email, a unique role name) and
//! member counts consistent, each write all or nothing. No key or attribute name crosses it.

use async_trait::async_trait;
use domain::user::{Stamp, UserStatus};
use domain::{Email, Permissions, Result};
use serde::{Deserialize, Serialize};

/// How a conditional write ended. Anything but `Written` wrote nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Written,
    /// The record is no longer as it was read (or is gone): read it again.
    Stale,
    /// Another user holds the email.
    EmailTaken,
    /// Another role holds a name that reads the same.
    NameTaken,
    /// The role the user is to hold does not exist.
    RoleMissing,
    /// The change would take away the last active Admin.
    LastAdmin,
}

/// A signed-in session, as kept.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    pub id: String,
    pub user_id: i64,
    /// When it was opened, as `domain::clock` writes times.
    pub created_at: String,
    /// Unix seconds; the session is over from then on.
    pub expires_at: i64,
    /// Unix seconds: the last request recorded (written at most every
    /// `SessionPolicy::touch_seconds`).
    pub last_seen: i64,
    /// Unix seconds: from then on the session is over unless a request records a later use;
    /// what a sweep, or DynamoDB's TTL, removes it by.
    pub removable_at: i64,
    pub ip: String,
    pub user_agent: String,
}

/// The kinds of record numbered by the accounts store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbered {
    User,
    Role,
}

impl Numbered {
    /// The name of the counter that numbers this kind, in either engine.
    pub fn counter(self) -> &'static str {
        match self {
            Numbered::User => "user",
            Numbered::Role => "role",
        }
    }
}

// The records the port keeps are defined here, beside it, so that the rules' modules import
// the port and the port imports none of them. Their rules (`impl UserRecord` in `users`,
// `impl RoleRecord` in `roles`, `impl LockoutRecord` in `lockout`) stay with the rules.

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
    pub two_factor: TwoFactor,
    /// Where the user serves; users kept before postings are at the state.
    #[serde(default)]
    pub posting: domain::jurisdiction::Posting,
    /// Who created the account (at `created_at`); absent on accounts kept before it was
    /// recorded and on those made at first start or from the command line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_by: Option<i64>,
    /// Who last reset the password, and when. The holder's own change leaves it: whoever
    /// knew the reset password may have made that change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password_reset: Option<Stamp>,
    /// Who last reset the second factor, and when; as `password_reset`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub two_factor_reset: Option<Stamp>,
}

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
    /// Whether members' moves to a resolved or closed status need another officer's
    /// approval. Never for the Admin role.
    #[serde(default)]
    pub closing_needs_approval: bool,
    pub created_at: String,
    pub updated_at: String,
}

/// What a user record keeps of the second factor.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TwoFactor {
    #[serde(default)]
    pub enabled: bool,
    /// Base32; present while enabled.
    #[serde(default)]
    pub secret: Option<String>,
    /// Base32; handed out by the set-up, waiting for its first code.
    #[serde(default)]
    pub pending_secret: Option<String>,
    /// The time step of the last code accepted.
    #[serde(default)]
    pub last_step: u64,
    /// SHA-256 of each unused recovery code.
    #[serde(default)]
    pub recovery_codes: Vec<String>,
}

/// The email's record as kept. Records of earlier releases (failures, locked_until) read
/// as they are.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LockoutRecord {
    #[serde(default)]
    pub(crate) failures: Vec<i64>,
    #[serde(default)]
    pub(crate) pending: Vec<Pending>,
    #[serde(default)]
    pub(crate) locked_until: i64,
    /// Counts the slots ever taken, so that a correct answer can tell whether another
    /// attempt started while it was judged.
    #[serde(default)]
    pub(crate) seq: i64,
}

/// An attempt being judged: a slot taken on the record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Pending {
    pub(crate) id: String,
    pub(crate) at: i64,
}

#[async_trait]
pub trait Accounts: Send + Sync + 'static {
    /// A new id of `kind`, never handed out twice.
    async fn next_id(&self, kind: Numbered) -> Result<i64>;

    async fn user(&self, id: i64) -> Result<Option<UserRecord>>;
    async fn user_by_email(&self, email: &Email) -> Result<Option<UserRecord>>;
    /// Whether any user exists at all (first start creates the first Admin).
    async fn any_user(&self) -> Result<bool>;
    /// Every user, in id order. Staff numbers are in the thousands at most.
    async fn users(&self) -> Result<Vec<UserRecord>>;
    /// The active user made first: the active one of lowest id, as ids are drawn in the order
    /// accounts are made. Read without reading every user (a state has 20,000).
    async fn oldest_active_user(&self) -> Result<Option<UserRecord>>;
    /// The active users holding role `role_id`, in id order: the Admins a first start looks
    /// for, without reading every user.
    async fn active_members(&self, role_id: i64) -> Result<Vec<UserRecord>>;
    /// Stores a new user with its email claim, counted in its role: `EmailTaken` or
    /// `RoleMissing` leave nothing behind.
    async fn insert_user(&self, user: &UserRecord) -> Result<Outcome>;
    /// Replaces `before` (as read: its version is the condition) by `after`, moving the
    /// email claim and the role counts with it: `Stale`, `EmailTaken`, `RoleMissing` or
    /// `LastAdmin` write nothing.
    async fn replace_user(&self, before: &UserRecord, after: &UserRecord) -> Result<Outcome>;
    /// Removes the user as read, its email claim and its place in its role's counts.
    async fn remove_user(&self, current: &UserRecord) -> Result<Outcome>;
    /// Sets a user's password hash, on condition that the user still holds `holding_role`
    /// (any role when `None`): `Stale` when not, or when the user is gone. An
    /// administrator's reset is recorded as the user's `password_reset`; `None` (the
    /// holder's own change) leaves that as it is.
    async fn set_password(&self, user_id: i64, hash: &str, holding_role: Option<i64>, reset: Option<&domain::user::Stamp>) -> Result<Outcome>;
    /// Writes a user's second-factor state, on condition that nobody changed the user since
    /// `user` was read.
    async fn save_two_factor(&self, user: &UserRecord, state: &TwoFactor) -> Result<Outcome>;
    /// Clears a user's second factor for an administrator, recorded as the user's
    /// `two_factor_reset`, on condition that nobody changed the user since `user` was read.
    async fn reset_two_factor(&self, user: &UserRecord, reset: &domain::user::Stamp) -> Result<Outcome>;
    /// Seals the second-factor secrets an earlier release kept in plain text (an upgrade
    /// step run at start), answering how many users' it sealed.
    async fn seal_secrets(&self) -> Result<u64>;

    async fn role(&self, id: i64) -> Result<Option<RoleRecord>>;
    /// Every role, ordered by name.
    async fn roles(&self) -> Result<Vec<RoleRecord>>;
    /// Stores a new role with the claim of its name: `NameTaken` leaves nothing behind.
    async fn insert_role(&self, role: &RoleRecord) -> Result<Outcome>;
    /// Stores the first role (the Admin role) and starts role ids after it, unless it
    /// exists: safe from many processes at once.
    async fn ensure_first_role(&self, role: &RoleRecord) -> Result<()>;
    /// Replaces `before` (its version is the condition) by `after`'s name, description,
    /// permissions and second-factor rule, moving the name claim: member counts change
    /// under other writes and are left as they are.
    async fn replace_role(&self, before: &RoleRecord, after: &RoleRecord) -> Result<Outcome>;
    /// Sets whether a role's members must sign in with a second factor.
    async fn set_role_two_factor(&self, role_id: i64, required: bool) -> Result<()>;
    /// Removes the role as read and its name claims, on condition that nobody holds it:
    /// `Stale` when someone does.
    async fn remove_role(&self, current: &RoleRecord) -> Result<Outcome>;

    async fn insert_session(&self, session: &Session) -> Result<()>;
    /// The session and the user it should belong to, read together (every request asks).
    async fn session_with_user(&self, session_id: &str, user_id: i64) -> Result<(Option<Session>, Option<UserRecord>)>;
    /// As [`Accounts::session_with_user`], with the user's role as it is now: what every
    /// request needs to know its caller. An engine may read all three at once.
    async fn caller_records(&self, session_id: &str, user_id: i64) -> Result<(Option<Session>, Option<UserRecord>, Option<RoleRecord>)> {
        let (session, user) = self.session_with_user(session_id, user_id).await?;
        let role = match &user {
            Some(user) => self.role(user.role_id).await?,
            None => None,
        };
        Ok((session, user, role))
    }
    async fn remove_session(&self, session_id: &str) -> Result<()>;
    /// Records a request of a session at `last_seen`, moving its removal to `removable_at`;
    /// nothing when the session is gone.
    async fn touch_session(&self, session_id: &str, last_seen: i64, removable_at: i64) -> Result<()>;
    /// Removes every session whose removal time is `now` or earlier, answering how many. An
    /// engine whose store expires items itself (DynamoDB's TTL) may answer 0.
    async fn remove_sessions_over(&self, now: i64) -> Result<u64>;
    /// Ends every session of a user but `keep`, answering how many ended.
    async fn remove_sessions(&self, user_id: i64, keep: Option<&str>) -> Result<usize>;

    /// The sign-in lockout record of an email and its version.
    async fn lockout(&self, email: &str) -> Result<Option<(i64, LockoutRecord)>>;
    /// Writes `next` (`None`: removes the record) in place of the version read (`None`:
    /// there was none), kept until `expires_at` (unix seconds). `Stale` when another
    /// attempt wrote first.
    async fn save_lockout(&self, email: &str, read: Option<i64>, next: Option<&LockoutRecord>, expires_at: i64) -> Result<Outcome>;

    /// A user's own: saved views, default view, which notices reach them by email (the
    /// defaults, revision 0, when they never saved any).
    async fn preferences(&self, user_id: i64) -> Result<domain::views::UserPreferences>;
    /// Saves `prefs` as revision `prefs.revision + 1` on condition that the one kept is still
    /// `prefs.revision`: `Stale` otherwise (two tabs saving at once lose nothing silently).
    async fn save_preferences(&self, user_id: i64, prefs: &domain::views::UserPreferences) -> Result<Outcome>;

    /// Brings in what an earlier release kept in another shape (the embedded file's items):
    /// an upgrade step run at start, answering how many records it moved (none when there is
    /// nothing to do, as on DynamoDB, where the items are this port's own shape).
    async fn upgrade(&self) -> Result<u64> {
        Ok(0)
    }
}
