//! The relational engine of the accounts port: users, roles, sessions and sign-in lockouts as
//! rows of the embedded SQLite file (tables of schema step 17), each record kept whole beside
//! the columns its questions and rules need. It keeps the item engine's rules
//! ([`crate::dynamo::accounts`]) outcome for outcome. Every write is one closure on the single
//! writer, so a check made in it (a claimed email or role name, a version, the last active
//! Admin, a posting's place) still holds when the write commits.
//!
//! Member counts are kept in the role's row (`members`, `active_members`), moved by every
//! write that creates, changes or removes a user, in that write's transaction (one writer, so
//! they cannot drift from the users they count): every request reads its caller's role, and
//! counting a large role's users each time would cost in proportion to the staff. The last
//! active Admin is checked against them inside the write that would take them away.

use crate::dynamo::account_keys as keys;
use crate::dynamo::accounts::{record_of, role_moves, session_of};
use crate::sqlite::callers::{CallerCopies, CallerRecords};
use crate::sqlite::postings::{self, posted_place};
use async_trait::async_trait;
use auth::lockout::LockoutRecord;
use auth::port::{Accounts, Numbered, Outcome, Session};
use auth::roles::{RoleRecord, ADMIN_ROLE_ID};
use auth::sealing::SealingKey;
use auth::two_factor::TwoFactor;
use auth::users::UserRecord;
use domain::jurisdiction::Posting;
use domain::{Email, Error, Result, ADMIN_ROLE};
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;
use store::sql::sequences;
use store::sqlite::SqliteStore;
use store::{Item, Key, Store, StoreError, Write};

/// Accounts as rows of the store's SQLite file, second-factor secrets sealed with `sealing`.
/// Its clones share one set of copies of the callers' records.
#[derive(Clone)]
pub struct SqlAccounts {
    store: Arc<SqliteStore>,
    sealing: SealingKey,
    callers: Arc<CallerCopies>,
}

impl SqlAccounts {
    /// Accounts without the key to second-factor secrets: they are kept as they are (sealed).
    pub fn new(store: Arc<SqliteStore>) -> SqlAccounts {
        Self::sealing(store, SealingKey::none())
    }

    pub fn sealing(store: Arc<SqliteStore>, sealing: SealingKey) -> SqlAccounts {
        SqlAccounts { store, sealing, callers: Arc::default() }
    }

    async fn read<T: Send + 'static>(&self, f: impl FnOnce(&Connection) -> Result<T> + Send + 'static) -> Result<T> {
        self.store.read_with(f).await
    }

    /// Runs `f` on the writer: all of it or, when it answers an error, none of it.
    /// Every copy of a caller's records is out of date once it returns.
    async fn write<T: Send + 'static>(&self, f: impl FnOnce(&Connection) -> Result<T> + Send + 'static) -> Result<T> {
        let written = self.store.transact_with(Vec::new(), f).await;
        self.callers.wrote();
        written?
    }

    /// A user as kept: the second factor's secrets sealed.
    fn kept(&self, user: &UserRecord) -> Result<UserRecord> {
        Ok(UserRecord { two_factor: self.sealing.seal_two_factor(&user.two_factor)?, ..user.clone() })
    }

    /// A kept user as the rules read it: the second factor's secrets opened.
    fn opened(&self, kept: UserRecord) -> Result<UserRecord> {
        Ok(UserRecord { two_factor: self.sealing.open_two_factor(&kept.two_factor)?, ..kept })
    }

    /// A change of the user `user_id` made to its kept record, on condition `holds` of the row
    /// as it is: `Stale` when the user is gone or the condition fails. The version moves on.
    async fn change_user(&self, user_id: i64, holds: impl FnOnce(&UserRow) -> bool + Send + 'static, changes: Vec<(&'static str, Value)>) -> Result<Outcome> {
        self.write(move |tx| {
            let Some(row) = user_row(tx, user_id)? else { return Ok(Outcome::Stale) };
            if !holds(&row) {
                return Ok(Outcome::Stale);
            }
            let mut record: Value = from_text(&row.record)?;
            for (name, value) in changes {
                record[name] = value;
            }
            let version = row.version + 1;
            record["version"] = json!(version);
            tx.prepare_cached("UPDATE users SET version = ?2, record = ?3 WHERE id = ?1").map_err(db)?.execute(params![user_id, version, record.to_string()]).map_err(db)?;
            Ok(Outcome::Written)
        })
        .await
    }
}

fn db(e: rusqlite::Error) -> Error {
    Error::internal(e)
}

fn to_text(value: &impl Serialize) -> Result<String> {
    serde_json::to_string(value).map_err(Error::internal)
}

fn from_text<T: serde::de::DeserializeOwned>(text: &str) -> Result<T> {
    serde_json::from_str(text).map_err(Error::internal)
}

/// The email as its claim is kept: what `users.email` holds and is unique on.
fn email_key(email: &str) -> Result<String> {
    Ok(Email::parse(email).map_err(Error::internal)?.to_string())
}

/// What a sign-in lockout is kept under: as the item engine's key.
fn lockout_key(email: &str) -> String {
    email.trim().to_lowercase()
}

/// The claim that makes a role name unique (its look-alike skeleton).
fn name_key(name: &str) -> String {
    domain::role_name::key(name)
}

/// The claim releases before look-alike keys wrote for a name: its lowercase text.
fn legacy_name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// A user's row as read for a change.
struct UserRow {
    role_id: i64,
    version: i64,
    record: String,
}

fn user_row(conn: &Connection, id: i64) -> Result<Option<UserRow>> {
    conn.prepare_cached("SELECT role_id, version, record FROM users WHERE id = ?1")
        .map_err(db)?
        .query_row([id], |r| Ok(UserRow { role_id: r.get(0)?, version: r.get(1)?, record: r.get(2)? }))
        .optional()
        .map_err(db)
}

/// The kept user's record (secrets sealed) of `id`.
fn kept_user(conn: &Connection, id: i64) -> Result<Option<UserRecord>> {
    let text: Option<String> = conn.prepare_cached("SELECT record FROM users WHERE id = ?1").map_err(db)?.query_row([id], |r| r.get(0)).optional().map_err(db)?;
    text.map(|t| from_text(&t)).transpose()
}

/// The list and id of the place a posting names, as the `users` columns keep them.
fn posted_columns(posting: &Posting) -> (Option<&'static str>, Option<i64>) {
    match posted_place(posting) {
        Some((kind, id)) => (Some(kind.as_str()), Some(id)),
        None => (None, None),
    }
}

/// Writes a kept user's row: a new one, or in place of the one of its id.
fn put_user(tx: &Connection, kept: &UserRecord) -> Result<()> {
    let (list, place) = posted_columns(&kept.posting);
    tx.prepare_cached(
        "INSERT INTO users (id, email, role_id, active, version, posted_list, posted_id, record) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         ON CONFLICT (id) DO UPDATE SET email = excluded.email, role_id = excluded.role_id, active = excluded.active, version = excluded.version,
             posted_list = excluded.posted_list, posted_id = excluded.posted_id, record = excluded.record",
    )
    .map_err(db)?
    .execute(params![kept.id, email_key(&kept.email)?, kept.role_id, kept.is_active(), kept.version, list, place, to_text(kept)?])
    .map_err(db)?;
    Ok(())
}

fn user_exists(conn: &Connection, id: i64) -> Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM users WHERE id = ?1)").map_err(db)?.query_row([id], |r| r.get(0)).map_err(db)
}

/// Whether a user other than `except` holds `email` (as claimed).
fn email_held(conn: &Connection, email: &str, except: Option<i64>) -> Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM users WHERE email = ?1 AND id IS NOT ?2)")
        .map_err(db)?
        .query_row(params![email, except], |r| r.get(0))
        .map_err(db)
}

fn role_exists(conn: &Connection, id: i64) -> Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM roles WHERE id = ?1)").map_err(db)?.query_row([id], |r| r.get(0)).map_err(db)
}

/// How many users hold the role, and how many of them are active.
fn members(conn: &Connection, role_id: i64) -> Result<(i64, i64)> {
    let counts = conn.prepare_cached("SELECT members, active_members FROM roles WHERE id = ?1").map_err(db)?.query_row([role_id], |r| Ok((r.get(0)?, r.get(1)?))).optional().map_err(db)?;
    Ok(counts.unwrap_or((0, 0)))
}

/// Moves the roles' member counts with a user's change from `before` to `after` (`None`: no
/// user, as on creation and removal), in the change's transaction.
fn count_members(tx: &Connection, before: Option<&UserRecord>, after: Option<&UserRecord>) -> Result<()> {
    for (role_id, all, active) in role_moves(before, after) {
        tx.prepare_cached("UPDATE roles SET members = members + ?2, active_members = active_members + ?3 WHERE id = ?1")
            .map_err(db)?
            .execute(params![role_id, all, active])
            .map_err(db)?;
    }
    Ok(())
}

/// Sets every role's member counts to what the users' rows hold: once, as the upgrade brings
/// the users in.
fn recount_members(tx: &Connection) -> Result<()> {
    tx.execute_batch(
        "UPDATE roles SET members = (SELECT count(*) FROM users WHERE role_id = roles.id),
             active_members = (SELECT coalesce(sum(active), 0) FROM users WHERE role_id = roles.id)",
    )
    .map_err(db)
}

/// Whether the change from `before` to `after` takes away the last active Admin: counted as
/// it stands in the writer's transaction, as the item engine reads the Admin role's count.
fn takes_last_admin(conn: &Connection, before: Option<&UserRecord>, after: Option<&UserRecord>) -> Result<bool> {
    for (role_id, _, active) in role_moves(before, after) {
        if role_id == ADMIN_ROLE_ID && active < 0 && members(conn, role_id)?.1 <= 1 {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether the places a change of posting leaves and takes both exist (a posting kept as it
/// was asks nothing): a place deleted since the posting was checked makes the change `Stale`.
fn postings_hold(conn: &Connection, from: Option<&Posting>, to: Option<&Posting>) -> Result<bool> {
    if from.and_then(posted_place) == to.and_then(posted_place) {
        return Ok(true);
    }
    for posting in [to, from].into_iter().flatten() {
        if !postings::place_exists(conn, posting).map_err(Error::internal)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// A role as kept, with its member counts as they are.
fn role_in(conn: &Connection, id: i64) -> Result<Option<RoleRecord>> {
    let text: Option<String> = conn.prepare_cached("SELECT record FROM roles WHERE id = ?1").map_err(db)?.query_row([id], |r| r.get(0)).optional().map_err(db)?;
    let Some(text) = text else { return Ok(None) };
    let mut role: RoleRecord = from_text(&text)?;
    (role.user_count, role.active_user_count) = members(conn, id)?;
    Ok(Some(role))
}

/// Whether any role holds the name claim `key`, as today's or as the legacy claim.
fn name_claimed(conn: &Connection, key: &str) -> Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM roles WHERE name_key = ?1 OR legacy_name_key = ?1)").map_err(db)?.query_row([key], |r| r.get(0)).map_err(db)
}

fn insert_role_row(tx: &Connection, role: &RoleRecord, name_key: Option<&str>, legacy_name_key: Option<&str>) -> Result<()> {
    tx.prepare_cached("INSERT OR REPLACE INTO roles (id, name_key, legacy_name_key, version, record) VALUES (?1, ?2, ?3, ?4, ?5)")
        .map_err(db)?
        .execute(params![role.id, name_key, legacy_name_key, role.version, to_text(role)?])
        .map_err(db)?;
    Ok(())
}

/// What a session keeps beside its id, user and removal time.
#[derive(Serialize, Deserialize)]
struct KeptSession {
    created_at: String,
    expires_at: i64,
    last_seen: i64,
    ip: String,
    user_agent: String,
}

fn insert_session_row(tx: &Connection, session: &Session) -> Result<usize> {
    let kept = KeptSession {
        created_at: session.created_at.clone(),
        expires_at: session.expires_at,
        last_seen: session.last_seen,
        ip: session.ip.clone(),
        user_agent: session.user_agent.clone(),
    };
    tx.prepare_cached("INSERT INTO sessions (id, user_id, removable_at, record) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (id) DO NOTHING")
        .map_err(db)?
        .execute(params![session.id, session.user_id, session.removable_at, to_text(&kept)?])
        .map_err(db)
}

fn session_in(conn: &Connection, id: &str) -> Result<Option<Session>> {
    let row: Option<(i64, i64, String)> = conn
        .prepare_cached("SELECT user_id, removable_at, record FROM sessions WHERE id = ?1")
        .map_err(db)?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()
        .map_err(db)?;
    let Some((user_id, removable_at, record)) = row else { return Ok(None) };
    let kept: KeptSession = from_text(&record)?;
    Ok(Some(Session {
        id: id.to_string(),
        user_id,
        created_at: kept.created_at,
        expires_at: kept.expires_at,
        last_seen: kept.last_seen,
        removable_at,
        ip: kept.ip,
        user_agent: kept.user_agent,
    }))
}

fn lockout_version(conn: &Connection, email: &str) -> Result<Option<i64>> {
    conn.prepare_cached("SELECT version FROM sign_in_lockouts WHERE email = ?1").map_err(db)?.query_row([email], |r| r.get(0)).optional().map_err(db)
}

fn put_lockout(tx: &Connection, email: &str, version: i64, expires_at: Option<i64>, record: &LockoutRecord) -> Result<()> {
    tx.prepare_cached("INSERT OR REPLACE INTO sign_in_lockouts (email, version, expires_at, record) VALUES (?1, ?2, ?3, ?4)")
        .map_err(db)?
        .execute(params![email, version, expires_at, to_text(record)?])
        .map_err(db)?;
    Ok(())
}

#[async_trait]
impl Accounts for SqlAccounts {
    async fn next_id(&self, kind: Numbered) -> Result<i64> {
        let name = kind.counter();
        self.write(move |tx| sequences::draw(tx, name, 1).map_err(Error::internal)).await
    }

    async fn user(&self, id: i64) -> Result<Option<UserRecord>> {
        let kept = self.read(move |conn| kept_user(conn, id)).await?;
        kept.map(|user| self.opened(user)).transpose()
    }

    async fn user_by_email(&self, email: &Email) -> Result<Option<UserRecord>> {
        let email = email.to_string();
        let text: Option<String> = self
            .read(move |conn| conn.prepare_cached("SELECT record FROM users WHERE email = ?1").map_err(db)?.query_row([email], |r| r.get(0)).optional().map_err(db))
            .await?;
        text.map(|t| self.opened(from_text(&t)?)).transpose()
    }

    async fn any_user(&self) -> Result<bool> {
        self.read(|conn| conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM users)").map_err(db)?.query_row([], |r| r.get(0)).map_err(db)).await
    }

    async fn users(&self) -> Result<Vec<UserRecord>> {
        let texts: Vec<String> = self
            .read(|conn| {
                let mut stmt = conn.prepare_cached("SELECT record FROM users ORDER BY id").map_err(db)?;
                let rows = stmt.query_map([], |r| r.get(0)).map_err(db)?;
                rows.collect::<rusqlite::Result<Vec<String>>>().map_err(db)
            })
            .await?;
        texts.iter().map(|t| self.opened(from_text(t)?)).collect()
    }

    async fn oldest_active_user(&self) -> Result<Option<UserRecord>> {
        let text: Option<String> = self
            .read(|conn| conn.prepare_cached("SELECT record FROM users WHERE active = 1 ORDER BY id LIMIT 1").map_err(db)?.query_row([], |r| r.get(0)).optional().map_err(db))
            .await?;
        text.map(|t| self.opened(from_text(&t)?)).transpose()
    }

    async fn active_members(&self, role_id: i64) -> Result<Vec<UserRecord>> {
        let texts: Vec<String> = self
            .read(move |conn| {
                let mut stmt = conn.prepare_cached("SELECT record FROM users WHERE role_id = ?1 AND active = 1 ORDER BY id").map_err(db)?;
                let rows = stmt.query_map([role_id], |r| r.get(0)).map_err(db)?;
                rows.collect::<rusqlite::Result<Vec<String>>>().map_err(db)
            })
            .await?;
        texts.iter().map(|t| self.opened(from_text(t)?)).collect()
    }

    async fn insert_user(&self, user: &UserRecord) -> Result<Outcome> {
        let kept = self.kept(user)?;
        let email = email_key(&kept.email)?;
        self.write(move |tx| {
            if user_exists(tx, kept.id)? {
                return Ok(Outcome::Stale);
            }
            if email_held(tx, &email, None)? {
                return Ok(Outcome::EmailTaken);
            }
            if !role_exists(tx, kept.role_id)? {
                return Ok(Outcome::RoleMissing);
            }
            // A place deleted since the posting was checked: read again.
            if !postings_hold(tx, None, Some(&kept.posting))? {
                return Ok(Outcome::Stale);
            }
            put_user(tx, &kept)?;
            count_members(tx, None, Some(&kept))?;
            Ok(Outcome::Written)
        })
        .await
    }

    async fn replace_user(&self, before: &UserRecord, after: &UserRecord) -> Result<Outcome> {
        let (before, kept) = (before.clone(), self.kept(after)?);
        let new_email = (before.email != kept.email).then(|| email_key(&kept.email)).transpose()?;
        self.write(move |tx| {
            if takes_last_admin(tx, Some(&before), Some(&kept))? {
                return Ok(Outcome::LastAdmin);
            }
            if user_row(tx, kept.id)?.map(|row| row.version) != Some(before.version) {
                return Ok(Outcome::Stale);
            }
            if let Some(email) = &new_email {
                if email_held(tx, email, Some(kept.id))? {
                    return Ok(Outcome::EmailTaken);
                }
            }
            if kept.role_id != before.role_id && !role_exists(tx, kept.role_id)? {
                return Ok(Outcome::RoleMissing);
            }
            if !postings_hold(tx, Some(&before.posting), Some(&kept.posting))? {
                return Ok(Outcome::Stale);
            }
            put_user(tx, &kept)?;
            count_members(tx, Some(&before), Some(&kept))?;
            Ok(Outcome::Written)
        })
        .await
    }

    async fn remove_user(&self, current: &UserRecord) -> Result<Outcome> {
        let current = current.clone();
        self.write(move |tx| {
            if takes_last_admin(tx, Some(&current), None)? {
                return Ok(Outcome::LastAdmin);
            }
            if user_row(tx, current.id)?.map(|row| row.version) != Some(current.version) {
                return Ok(Outcome::Stale);
            }
            if !postings_hold(tx, Some(&current.posting), None)? {
                return Ok(Outcome::Stale);
            }
            tx.prepare_cached("DELETE FROM users WHERE id = ?1").map_err(db)?.execute([current.id]).map_err(db)?;
            count_members(tx, Some(&current), None)?;
            Ok(Outcome::Written)
        })
        .await
    }

    async fn set_password(&self, user_id: i64, hash: &str, holding_role: Option<i64>, reset: Option<&domain::user::Stamp>) -> Result<Outcome> {
        let mut changes = vec![("password_hash", json!(hash)), ("updated_at", json!(domain::clock::now_text()))];
        if let Some(reset) = reset {
            changes.push(("password_reset", serde_json::to_value(reset).map_err(Error::internal)?));
        }
        self.change_user(user_id, move |row| holding_role.is_none_or(|role| row.role_id == role), changes).await
    }

    async fn save_two_factor(&self, user: &UserRecord, state: &TwoFactor) -> Result<Outcome> {
        let sealed = serde_json::to_value(self.sealing.seal_two_factor(state)?).map_err(Error::internal)?;
        let version = user.version;
        self.change_user(user.id, move |row| row.version == version, vec![("two_factor", sealed), ("updated_at", json!(domain::clock::now_text()))]).await
    }

    async fn reset_two_factor(&self, user: &UserRecord, reset: &domain::user::Stamp) -> Result<Outcome> {
        let cleared = serde_json::to_value(self.sealing.seal_two_factor(&TwoFactor::default())?).map_err(Error::internal)?;
        let stamp = serde_json::to_value(reset).map_err(Error::internal)?;
        let version = user.version;
        let changes = vec![("two_factor", cleared), ("two_factor_reset", stamp), ("updated_at", json!(domain::clock::now_text()))];
        self.change_user(user.id, move |row| row.version == version, changes).await
    }

    async fn seal_secrets(&self) -> Result<u64> {
        if !self.sealing.is_present() {
            return Ok(0);
        }
        let texts: Vec<String> = self
            .store
            .read_long_with(|conn| {
                // Only the users whose second factor holds a text not sealed (every start asks,
                // and a state has 20,000 users, nearly all without one): SQLite reads the JSON,
                // and `seal_plain_secrets` decides as ever.
                let mut stmt = conn
                    .prepare_cached(
                        "SELECT record FROM users WHERE EXISTS (SELECT 1 FROM json_tree(users.record, '$.two_factor') t
                           WHERE t.type = 'text' AND substr(t.atom, 1, length(?1)) <> ?1) ORDER BY id",
                    )
                    .map_err(db)?;
                let rows = stmt.query_map([auth::sealing::PREFIX], |r| r.get(0)).map_err(db)?;
                rows.collect::<rusqlite::Result<Vec<String>>>().map_err(db)
            })
            .await?;
        let kept = texts.iter().map(|text| from_text::<UserRecord>(text)).collect::<Result<Vec<_>>>()?;
        let sealed = auth::sealing::seal_plain_secrets(self, kept).await?;
        if sealed > 0 {
            // The plain texts live on in the write-ahead log until it is copied over.
            self.store.purge_overwritten().await?;
        }
        Ok(sealed)
    }

    async fn role(&self, id: i64) -> Result<Option<RoleRecord>> {
        self.read(move |conn| role_in(conn, id)).await
    }

    async fn roles(&self) -> Result<Vec<RoleRecord>> {
        let mut roles = self
            .read(|conn| {
                let mut stmt = conn
                    .prepare_cached("SELECT record, members, active_members FROM roles")
                    .map_err(db)?;
                let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?))).map_err(db)?;
                let mut roles = Vec::new();
                for row in rows {
                    let (text, all, active) = row.map_err(db)?;
                    roles.push(RoleRecord { user_count: all, active_user_count: active, ..from_text(&text)? });
                }
                Ok(roles)
            })
            .await?;
        // Ordered as the item engine's index orders them: by the lowercase name's bytes.
        roles.sort_by_cached_key(|r| (r.name.to_lowercase(), r.id));
        Ok(roles)
    }

    async fn insert_role(&self, role: &RoleRecord) -> Result<Outcome> {
        let role = role.clone();
        self.write(move |tx| {
            if role_exists(tx, role.id)? {
                return Ok(Outcome::Stale);
            }
            let key = name_key(&role.name);
            if name_claimed(tx, &key)? {
                return Ok(Outcome::NameTaken);
            }
            insert_role_row(tx, &role, Some(&key), None)?;
            Ok(Outcome::Written)
        })
        .await
    }

    async fn ensure_first_role(&self, role: &RoleRecord) -> Result<()> {
        let role = role.clone();
        self.write(move |tx| {
            let key = name_key(ADMIN_ROLE);
            let counting: bool = tx.prepare_cached("SELECT EXISTS (SELECT 1 FROM sequences WHERE name = 'role')").map_err(db)?.query_row([], |r| r.get(0)).map_err(db)?;
            if role_exists(tx, role.id)? || name_claimed(tx, &key)? || counting {
                return Ok(());
            }
            insert_role_row(tx, &role, Some(&key), None)?;
            // Role ids after this one start after it.
            sequences::raise_to(tx, "role", role.id).map_err(Error::internal)
        })
        .await
    }

    async fn replace_role(&self, before: &RoleRecord, after: &RoleRecord) -> Result<Outcome> {
        let (before, after) = (before.clone(), after.clone());
        self.write(move |tx| {
            let row: Option<(i64, String)> =
                tx.prepare_cached("SELECT version, record FROM roles WHERE id = ?1").map_err(db)?.query_row([before.id], |r| Ok((r.get(0)?, r.get(1)?))).optional().map_err(db)?;
            let Some((version, record)) = row.filter(|(version, _)| *version == before.version) else { return Ok(Outcome::Stale) };
            let new_claim = name_key(&after.name);
            let claim_moves = new_claim != name_key(&before.name) && new_claim != legacy_name_key(&before.name);
            if claim_moves && name_claimed(tx, &new_claim)? {
                return Ok(Outcome::NameTaken);
            }
            // Member counts are counted, never kept: what the record holds of them is left.
            let mut record: Value = from_text(&record)?;
            record["name"] = json!(after.name);
            record["description"] = json!(after.description);
            record["permissions"] = serde_json::to_value(&after.permissions).map_err(Error::internal)?;
            record["updated_at"] = json!(after.updated_at);
            record["require_two_factor"] = json!(after.require_two_factor);
            record["closing_needs_approval"] = json!(after.closing_needs_approval);
            record["version"] = json!(version + 1);
            tx.prepare_cached("UPDATE roles SET version = ?2, record = ?3 WHERE id = ?1").map_err(db)?.execute(params![before.id, version + 1, record.to_string()]).map_err(db)?;
            if claim_moves {
                tx.prepare_cached("UPDATE roles SET name_key = ?2, legacy_name_key = NULL WHERE id = ?1").map_err(db)?.execute(params![before.id, new_claim]).map_err(db)?;
            }
            Ok(Outcome::Written)
        })
        .await
    }

    async fn set_role_two_factor(&self, role_id: i64, required: bool) -> Result<()> {
        self.write(move |tx| {
            let row: Option<(i64, String)> =
                tx.prepare_cached("SELECT version, record FROM roles WHERE id = ?1").map_err(db)?.query_row([role_id], |r| Ok((r.get(0)?, r.get(1)?))).optional().map_err(db)?;
            // As the item engine's write conditioned on the role existing.
            let Some((version, record)) = row else { return Err(StoreError::ConditionFailed { at: 0 }.into()) };
            let mut record: Value = from_text(&record)?;
            record["require_two_factor"] = json!(required);
            record["version"] = json!(version + 1);
            tx.prepare_cached("UPDATE roles SET version = ?2, record = ?3 WHERE id = ?1").map_err(db)?.execute(params![role_id, version + 1, record.to_string()]).map_err(db)?;
            Ok(())
        })
        .await
    }

    async fn remove_role(&self, current: &RoleRecord) -> Result<Outcome> {
        let id = current.id;
        self.write(move |tx| {
            if !role_exists(tx, id)? || members(tx, id)?.0 != 0 {
                return Ok(Outcome::Stale);
            }
            tx.prepare_cached("DELETE FROM roles WHERE id = ?1").map_err(db)?.execute([id]).map_err(db)?;
            Ok(Outcome::Written)
        })
        .await
    }

    async fn insert_session(&self, session: &Session) -> Result<()> {
        let session = session.clone();
        self.write(move |tx| match insert_session_row(tx, &session)? {
            // As the item engine's write of a new item over one that exists.
            0 => Err(StoreError::ConditionFailed { at: 0 }.into()),
            _ => Ok(()),
        })
        .await
    }

    async fn session_with_user(&self, session_id: &str, user_id: i64) -> Result<(Option<Session>, Option<UserRecord>)> {
        let session_id = session_id.to_string();
        let (session, kept) = self.read(move |conn| Ok((session_in(conn, &session_id)?, kept_user(conn, user_id)?))).await?;
        Ok((session, kept.map(|u| self.opened(u)).transpose()?))
    }

    async fn caller_records(&self, session_id: &str, user_id: i64) -> Result<(Option<Session>, Option<UserRecord>, Option<RoleRecord>)> {
        if let Some(copy) = self.callers.get(session_id, user_id) {
            return Ok((Some(copy.session), Some(copy.user), copy.role));
        }
        let (at, read_at) = (self.callers.reading(), std::time::Instant::now());
        let id = session_id.to_string();
        let (session, kept, role) = self
            .read(move |conn| {
                let session = session_in(conn, &id)?;
                let Some(user) = kept_user(conn, user_id)? else { return Ok((session, None, None)) };
                let role = role_in(conn, user.role_id)?;
                Ok((session, Some(user), role))
            })
            .await?;
        let user = kept.map(|u| self.opened(u)).transpose()?;
        if let (Some(session), Some(user)) = (&session, &user) {
            self.callers.keep(session_id, at, read_at, CallerRecords { session: session.clone(), user: user.clone(), role: role.clone() });
        }
        Ok((session, user, role))
    }

    async fn remove_session(&self, session_id: &str) -> Result<()> {
        let session_id = session_id.to_string();
        self.write(move |tx| {
            tx.prepare_cached("DELETE FROM sessions WHERE id = ?1").map_err(db)?.execute([session_id]).map_err(db)?;
            Ok(())
        })
        .await
    }

    async fn touch_session(&self, session_id: &str, last_seen: i64, removable_at: i64) -> Result<()> {
        let session_id = session_id.to_string();
        self.write(move |tx| {
            // Signed out meanwhile: nothing to record.
            tx.prepare_cached("UPDATE sessions SET removable_at = ?2, record = json_set(record, '$.last_seen', ?3) WHERE id = ?1")
                .map_err(db)?
                .execute(params![session_id, removable_at, last_seen])
                .map_err(db)?;
            Ok(())
        })
        .await
    }

    async fn remove_sessions_over(&self, now: i64) -> Result<u64> {
        self.write(move |tx| Ok(tx.prepare_cached("DELETE FROM sessions WHERE removable_at <= ?1").map_err(db)?.execute([now]).map_err(db)? as u64)).await
    }

    async fn remove_sessions(&self, user_id: i64, keep: Option<&str>) -> Result<usize> {
        let keep = keep.map(str::to_string);
        self.write(move |tx| tx.prepare_cached("DELETE FROM sessions WHERE user_id = ?1 AND id IS NOT ?2").map_err(db)?.execute(params![user_id, keep]).map_err(db)).await
    }

    async fn lockout(&self, email: &str) -> Result<Option<(i64, LockoutRecord)>> {
        let email = lockout_key(email);
        let row: Option<(i64, String)> = self
            .read(move |conn| {
                conn.prepare_cached("SELECT version, record FROM sign_in_lockouts WHERE email = ?1").map_err(db)?.query_row([email], |r| Ok((r.get(0)?, r.get(1)?))).optional().map_err(db)
            })
            .await?;
        // A damaged record counts as none: the lockout must never lock anyone out for good.
        Ok(row.map(|(version, text)| (version, serde_json::from_str(&text).unwrap_or_default())))
    }

    async fn save_lockout(&self, email: &str, read: Option<i64>, next: Option<&LockoutRecord>, expires_at: i64) -> Result<Outcome> {
        let (email, next) = (lockout_key(email), next.cloned());
        self.write(move |tx| {
            if lockout_version(tx, &email)? != read {
                return Ok(Outcome::Stale);
            }
            match &next {
                None => {
                    tx.prepare_cached("DELETE FROM sign_in_lockouts WHERE email = ?1").map_err(db)?.execute([&email]).map_err(db)?;
                }
                Some(record) => put_lockout(tx, &email, read.unwrap_or(0) + 1, Some(expires_at), record)?,
            }
            Ok(Outcome::Written)
        })
        .await
    }

    async fn preferences(&self, user_id: i64) -> Result<domain::views::UserPreferences> {
        let record: Option<String> = self
            .read(move |conn| conn.prepare_cached("SELECT record FROM user_preferences WHERE user_id = ?1").map_err(db)?.query_row([user_id], |r| r.get(0)).optional().map_err(db))
            .await?;
        record.map(|text| serde_json::from_str(&text).map_err(Error::internal)).transpose().map(Option::unwrap_or_default)
    }

    async fn save_preferences(&self, user_id: i64, prefs: &domain::views::UserPreferences) -> Result<Outcome> {
        let expected = prefs.revision;
        let saved = domain::views::UserPreferences { revision: expected + 1, ..prefs.clone() };
        let record = serde_json::to_string(&saved).map_err(Error::internal)?;
        self.write(move |tx| {
            let kept: i64 = tx
                .prepare_cached("SELECT revision FROM user_preferences WHERE user_id = ?1")
                .map_err(db)?
                .query_row([user_id], |r| r.get(0))
                .optional()
                .map_err(db)?
                .unwrap_or(0);
            if kept != expected {
                return Ok(Outcome::Stale);
            }
            tx.prepare_cached("INSERT INTO user_preferences (user_id, revision, record) VALUES (?1, ?2, ?3) ON CONFLICT (user_id) DO UPDATE SET revision = excluded.revision, record = excluded.record")
                .map_err(db)?
                .execute(params![user_id, expected + 1, record])
                .map_err(db)?;
            Ok(Outcome::Written)
        })
        .await
    }

    /// Moves the users, roles, sessions and sign-in lockouts an earlier release kept as items
    /// of this file (with the claims of emails and role names and the counters of their ids)
    /// into their tables, in one transaction with the items' removal.
    async fn upgrade(&self) -> Result<u64> {
        if !self.store.holds_items().await? {
            // A file this release made holds no items to move.
            return Ok(0);
        }
        let legacy = self.store.read_long_with(legacy_accounts).await?;
        let Some(legacy) = legacy else { return Ok(0) };
        let moved = legacy.records();
        if moved == 0 && legacy.removed.is_empty() {
            return Ok(0);
        }
        let Legacy { users, roles, sessions, lockouts, sequences: counters, removed } = legacy;
        let writes = removed.into_iter().map(Write::delete).collect();
        let moved_all = self
            .store
            .bulk_with(writes, true, move |tx| {
                // Before this runs the portal has made its Admin role (it does at every
                // start): the role kept by the earlier release takes its place.
                for (role, name_key, legacy_name_key) in &roles {
                    insert_role_row(tx, role, name_key.as_deref(), legacy_name_key.as_deref())?;
                }
                users.iter().try_for_each(|user| put_user(tx, user))?;
                recount_members(tx)?;
                for session in &sessions {
                    insert_session_row(tx, session)?;
                }
                for (email, version, expires_at, record) in &lockouts {
                    put_lockout(tx, email, *version, *expires_at, record)?;
                }
                for (name, last) in &counters {
                    sequences::raise_to(tx, name, *last).map_err(Error::internal)?;
                }
                Ok::<_, Error>(())
            })
            .await;
        self.callers.wrote();
        moved_all??;
        Ok(moved)
    }
}

/// What an earlier release kept of the accounts as items, decoded by the item engine's own
/// decoders, and the keys of every item it takes (records, claims and counters).
#[derive(Default)]
struct Legacy {
    users: Vec<UserRecord>,
    /// Each role with the name claims it holds (today's, the legacy lowercase one).
    roles: Vec<(RoleRecord, Option<String>, Option<String>)>,
    sessions: Vec<Session>,
    /// Email, version, kept until, record.
    lockouts: Vec<(String, i64, Option<i64>, LockoutRecord)>,
    sequences: Vec<(&'static str, i64)>,
    removed: Vec<Key>,
}

impl Legacy {
    fn records(&self) -> u64 {
        (self.users.len() + self.roles.len() + self.sessions.len() + self.lockouts.len()) as u64
    }
}

/// The items of one kind (`pk` starting with `prefix`, `sk` the kind's).
fn items_of(conn: &Connection, prefix: &str, sk: &str) -> Result<Vec<Item>> {
    let end = format!("{}$", prefix.trim_end_matches('#'));
    let mut stmt = conn.prepare_cached("SELECT pk, attrs FROM items WHERE pk >= ?1 AND pk < ?2 AND sk = ?3").map_err(db)?;
    let rows = stmt.query_map(params![prefix, end, sk], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))).map_err(db)?;
    let mut items = Vec::new();
    for row in rows {
        let (pk, attrs) = row.map_err(db)?;
        items.push(Item { key: Key::new(pk, sk), attrs: from_text(&attrs)? });
    }
    Ok(items)
}

/// Reads what [`Legacy`] holds; `None` for a file without items.
fn legacy_accounts(conn: &Connection) -> Result<Option<Legacy>> {
    let has_items: bool = conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'items')").map_err(db)?.query_row([], |r| r.get(0)).map_err(db)?;
    if !has_items {
        return Ok(None);
    }
    let mut legacy = Legacy::default();
    for item in items_of(conn, "USER#", "USER")? {
        legacy.removed.push(item.key.clone());
        legacy.users.push(record_of(item)?);
    }
    for item in items_of(conn, "EMAIL#", "EMAIL")? {
        legacy.removed.push(item.key);
    }
    // Which role holds each name claim.
    let mut claims = std::collections::HashMap::new();
    for item in items_of(conn, "ROLENAME#", "ROLENAME")? {
        if let (Some(key), Some(role_id)) = (item.key.pk.strip_prefix("ROLENAME#"), item.i64("role_id")) {
            claims.insert(key.to_string(), role_id);
        }
        legacy.removed.push(item.key);
    }
    for item in items_of(conn, "ROLE#", "ROLE")? {
        legacy.removed.push(item.key.clone());
        let role: RoleRecord = record_of(item)?;
        let held = |key: String| (claims.get(&key) == Some(&role.id)).then_some(key);
        let current = held(name_key(&role.name));
        let legacy_claim = held(legacy_name_key(&role.name)).filter(|key| Some(key) != current.as_ref());
        legacy.roles.push((role, current, legacy_claim));
    }
    for item in items_of(conn, keys::SESSION_PREFIX, "SESSION")? {
        if let Some(session) = session_of(&item) {
            legacy.sessions.push(session);
        }
        legacy.removed.push(item.key);
    }
    for item in items_of(conn, "LOGINFAIL#", "LOGINFAIL")? {
        let Some(email) = item.key.pk.strip_prefix("LOGINFAIL#").map(str::to_string) else { continue };
        let (version, expires_at) = (item.i64("version").unwrap_or(0), item.i64("ttl"));
        legacy.removed.push(item.key.clone());
        // A damaged record counts as none, as the item engine reads it.
        legacy.lockouts.push((email, version, expires_at, record_of(item).unwrap_or_default()));
    }
    for name in ["user", "role"] {
        let key = keys::sequence(name);
        let last: Option<String> = conn.prepare_cached("SELECT attrs FROM items WHERE pk = ?1 AND sk = ?2").map_err(db)?.query_row([&key.pk, &key.sk], |r| r.get(0)).optional().map_err(db)?;
        if let Some(attrs) = last {
            let attrs: Value = from_text(&attrs)?;
            legacy.sequences.push((name, attrs["n"].as_i64().unwrap_or(0)));
            legacy.removed.push(key);
        }
    }
    Ok(Some(legacy))
}
