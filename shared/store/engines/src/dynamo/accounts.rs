//! The item engine of the accounts port: users, roles, sessions and lockout records as items
//! of the generic store (DynamoDB's shape, and the embedded file's items), with claim items
//! that make emails and role names unique and member counts kept in the same transactions.
//! Every key and attribute name of an account lives here and in [`crate::dynamo::account_keys`].

use crate::dynamo::account_keys as keys;
use auth::lockout::LockoutRecord;
use auth::port::{Accounts, Numbered, Outcome, Session};
use auth::roles::{RoleRecord, ADMIN_ROLE_ID};
use auth::sealing::SealingKey;
use auth::two_factor::TwoFactor;
use auth::users::UserRecord;
use async_trait::async_trait;
use domain::{Email, Error, Result, ADMIN_ROLE};
use serde_json::{json, Value};
use store::{Changes, Condition, Index, Item, Query, SharedStore, StoreError, Write};

/// Accounts as items of `store`, second-factor secrets sealed with `sealing`.
#[derive(Clone)]
pub struct ItemAccounts {
    store: SharedStore,
    sealing: SealingKey,
    /// Each user's role as last read, so that the next request of theirs reads the role with
    /// the session and the user in one call. Only a guess: the role read is used only when
    /// the user read with it still names it.
    role_hints: std::sync::Arc<std::sync::Mutex<std::collections::HashMap<i64, i64>>>,
}

impl ItemAccounts {
    /// Accounts without the key to second-factor secrets: they are kept as they are (sealed).
    pub fn new(store: SharedStore) -> ItemAccounts {
        Self::sealing(store, SealingKey::none())
    }

    pub fn sealing(store: SharedStore, sealing: SealingKey) -> ItemAccounts {
        ItemAccounts { store, sealing, role_hints: Default::default() }
    }

    /// A user as kept: the second factor's secrets sealed.
    fn user_item(&self, user: &UserRecord) -> Result<Item> {
        let kept = UserRecord { two_factor: self.sealing.seal_two_factor(&user.two_factor)?, ..user.clone() };
        user_item(&kept)
    }

    /// A kept user as the rules read it: the second factor's secrets opened.
    fn user_of(&self, item: Item) -> Result<UserRecord> {
        let mut user: UserRecord = record_of(item)?;
        user.two_factor = self.sealing.open_two_factor(&user.two_factor)?;
        Ok(user)
    }
}

fn attrs_of(value: &impl serde::Serialize) -> Result<store::Attrs> {
    match serde_json::to_value(value).map_err(Error::internal)? {
        Value::Object(attrs) => Ok(attrs),
        _ => Err(Error::internal("a record serialises to an object")),
    }
}

pub(crate) fn record_of<T: serde::de::DeserializeOwned>(item: Item) -> Result<T> {
    serde_json::from_value(Value::Object(item.attrs)).map_err(Error::internal)
}

fn user_item(user: &UserRecord) -> Result<Item> {
    Ok(Item { key: keys::user(user.id), attrs: attrs_of(user)? }.indexed(Index::Gsi1, keys::USERS_INDEX_PK, keys::id_sort(user.id)))
}

fn role_item(role: &RoleRecord) -> Result<Item> {
    Ok(Item { key: keys::role(role.id), attrs: attrs_of(role)? }.indexed(Index::Gsi1, keys::ROLES_INDEX_PK, role.name.to_lowercase()))
}

fn email_claim(email: &str, user_id: i64) -> Result<Item> {
    Ok(Item::new(keys::email(&Email::parse(email).map_err(Error::internal)?)).with("user_id", user_id))
}

fn email_key(email: &str) -> Result<store::Key> {
    Ok(keys::email(&Email::parse(email).map_err(Error::internal)?))
}

fn version_is(version: i64) -> Condition {
    Condition::Equals("version".into(), json!(version))
}

/// The attribute DynamoDB's TTL (and the embedded store's sweep) removes an item by.
const TTL: &str = "ttl";

pub(crate) fn session_of(item: &Item) -> Option<Session> {
    let created_at = item.str("created_at").unwrap_or_default().to_string();
    let expires_at = item.i64("expires_at").unwrap_or(0);
    // Sessions of releases before idle timeouts were last seen when they began.
    let last_seen = item.i64("last_seen").or_else(|| domain::clock::parse(&created_at).map(|t| t.unix_timestamp())).unwrap_or(0);
    Some(Session {
        id: item.key.pk.strip_prefix(keys::SESSION_PREFIX)?.to_string(),
        user_id: item.i64("user_id")?,
        created_at,
        expires_at,
        last_seen,
        removable_at: item.i64(TTL).unwrap_or(expires_at),
        ip: item.str("ip").unwrap_or_default().to_string(),
        user_agent: item.str("user_agent").unwrap_or_default().to_string(),
    })
}

/// How a change moves users between roles: (role id, change of holders, change of active holders).
pub(crate) fn role_moves(before: Option<&UserRecord>, after: Option<&UserRecord>) -> Vec<(i64, i64, i64)> {
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

impl ItemAccounts {
    /// The role-count writes of a change, or `LastAdmin`. A change that takes an active Admin
    /// away is conditioned on the count it read; a role gaining a holder must exist.
    async fn role_writes(&self, before: Option<&UserRecord>, after: Option<&UserRecord>) -> Result<std::result::Result<Vec<Write>, Outcome>> {
        let mut writes = Vec::new();
        for (role_id, all, active) in role_moves(before, after) {
            let mut write = Write::update(keys::role(role_id), Changes::default().add("user_count", all).add("active_user_count", active));
            if role_id == ADMIN_ROLE_ID && active < 0 {
                let admins = self.role(role_id).await?.map(|r| r.active_user_count).unwrap_or(0);
                if admins <= 1 {
                    return Ok(Err(Outcome::LastAdmin));
                }
                write = write.when(Condition::Equals("active_user_count".into(), json!(admins)));
            } else if all > 0 {
                write = write.when(Condition::Exists);
            }
            writes.push(write);
        }
        Ok(Ok(writes))
    }

    /// Writes, answering `Stale` for a failed condition.
    async fn conditional(&self, writes: Vec<Write>) -> Result<Outcome> {
        match self.store.transact(writes).await {
            Ok(()) => Ok(Outcome::Written),
            Err(StoreError::ConditionFailed { .. }) => Ok(Outcome::Stale),
            Err(e) => Err(e.into()),
        }
    }
}

#[async_trait]
impl Accounts for ItemAccounts {
    async fn next_id(&self, kind: Numbered) -> Result<i64> {
        let name = kind.counter();
        Ok(self.store.increment(&keys::sequence(name), "n", 1).await?)
    }

    async fn user(&self, id: i64) -> Result<Option<UserRecord>> {
        self.store.get(&keys::user(id)).await?.map(|item| self.user_of(item)).transpose()
    }

    async fn user_by_email(&self, email: &Email) -> Result<Option<UserRecord>> {
        let Some(claim) = self.store.get(&keys::email(email)).await? else { return Ok(None) };
        let Some(id) = claim.i64("user_id") else { return Ok(None) };
        self.user(id).await
    }

    async fn any_user(&self) -> Result<bool> {
        let page = self.store.query(&Query::index(Index::Gsi1, keys::USERS_INDEX_PK).limit(1)).await?;
        Ok(!page.items.is_empty())
    }

    async fn users(&self) -> Result<Vec<UserRecord>> {
        store::read_all(self.store.as_ref(), Query::index(Index::Gsi1, keys::USERS_INDEX_PK)).await?.into_iter().map(|item| self.user_of(item)).collect()
    }

    /// The users' index in id order, a page at a time, to the first active one.
    async fn oldest_active_user(&self) -> Result<Option<UserRecord>> {
        let mut query = Query::index(Index::Gsi1, keys::USERS_INDEX_PK).limit(100);
        loop {
            let page = self.store.query(&query).await?;
            for item in page.items {
                let user = self.user_of(item)?;
                if user.is_active() {
                    return Ok(Some(user));
                }
            }
            match page.cursor {
                Some(cursor) => query.cursor = Some(cursor),
                None => return Ok(None),
            }
        }
    }

    /// Every user read: the users' index holds no role (the Lambdas never ask; a first start
    /// of the embedded store does).
    async fn active_members(&self, role_id: i64) -> Result<Vec<UserRecord>> {
        Ok(self.users().await?.into_iter().filter(|u| u.role_id == role_id && u.is_active()).collect())
    }

    async fn insert_user(&self, user: &UserRecord) -> Result<Outcome> {
        let active = i64::from(user.is_active());
        let writes = vec![
            Write::put_new(self.user_item(user)?),
            Write::put_new(email_claim(&user.email, user.id)?),
            Write::update(keys::role(user.role_id), Changes::default().add("user_count", 1).add("active_user_count", active)).when(Condition::Exists),
        ];
        // A place deleted since the posting was checked fails here: read again.
        let writes = [writes, crate::dynamo::lists::posting_writes(None, Some(&user.posting))].concat();
        match self.store.transact(writes).await {
            Ok(()) => Ok(Outcome::Written),
            Err(StoreError::ConditionFailed { at: 1 }) => Ok(Outcome::EmailTaken),
            Err(StoreError::ConditionFailed { at: 2 }) => Ok(Outcome::RoleMissing),
            Err(StoreError::ConditionFailed { .. }) => Ok(Outcome::Stale),
            Err(e) => Err(e.into()),
        }
    }

    async fn replace_user(&self, before: &UserRecord, after: &UserRecord) -> Result<Outcome> {
        let mut writes = vec![Write::put(self.user_item(after)?).when(version_is(before.version))];
        let email_changed = before.email != after.email;
        if email_changed {
            writes.push(Write::delete(email_key(&before.email)?));
            writes.push(Write::put_new(email_claim(&after.email, after.id)?));
        }
        let first_role_write = writes.len();
        match self.role_writes(Some(before), Some(after)).await? {
            Ok(role_writes) => writes.extend(role_writes),
            Err(refused) => return Ok(refused),
        }
        writes.extend(crate::dynamo::lists::posting_writes(Some(&before.posting), Some(&after.posting)));
        match self.store.transact(writes).await {
            Ok(()) => Ok(Outcome::Written),
            Err(StoreError::ConditionFailed { at }) if email_changed && at == first_role_write - 1 => Ok(Outcome::EmailTaken),
            Err(StoreError::ConditionFailed { at }) if at >= first_role_write && after.role_id != before.role_id && self.role(after.role_id).await?.is_none() => {
                Ok(Outcome::RoleMissing)
            }
            Err(StoreError::ConditionFailed { .. }) => Ok(Outcome::Stale),
            Err(e) => Err(e.into()),
        }
    }

    async fn remove_user(&self, current: &UserRecord) -> Result<Outcome> {
        let mut writes = vec![Write::delete(keys::user(current.id)).when(version_is(current.version)), Write::delete(email_key(&current.email)?)];
        match self.role_writes(Some(current), None).await? {
            Ok(role_writes) => writes.extend(role_writes),
            Err(refused) => return Ok(refused),
        }
        writes.extend(crate::dynamo::lists::posting_writes(Some(&current.posting), None));
        self.conditional(writes).await
    }

    async fn set_password(&self, user_id: i64, hash: &str, holding_role: Option<i64>, reset: Option<&domain::user::Stamp>) -> Result<Outcome> {
        let mut changes = Changes::default().set("password_hash", hash).set("updated_at", domain::clock::now_text()).add("version", 1);
        if let Some(reset) = reset {
            changes = changes.set("password_reset", serde_json::to_value(reset).map_err(Error::internal)?);
        }
        let condition = match holding_role {
            Some(role) => Condition::Equals("role_id".into(), json!(role)),
            None => Condition::Exists,
        };
        self.conditional(vec![Write::update(keys::user(user_id), changes).when(condition)]).await
    }

    async fn save_two_factor(&self, user: &UserRecord, state: &TwoFactor) -> Result<Outcome> {
        let changes = Changes::default()
            .set("two_factor", serde_json::to_value(self.sealing.seal_two_factor(state)?).map_err(Error::internal)?)
            .set("updated_at", domain::clock::now_text())
            .add("version", 1);
        self.conditional(vec![Write::update(keys::user(user.id), changes).when(version_is(user.version))]).await
    }

    async fn reset_two_factor(&self, user: &UserRecord, reset: &domain::user::Stamp) -> Result<Outcome> {
        let changes = Changes::default()
            .set("two_factor", serde_json::to_value(self.sealing.seal_two_factor(&TwoFactor::default())?).map_err(Error::internal)?)
            .set("two_factor_reset", serde_json::to_value(reset).map_err(Error::internal)?)
            .set("updated_at", domain::clock::now_text())
            .add("version", 1);
        self.conditional(vec![Write::update(keys::user(user.id), changes).when(version_is(user.version))]).await
    }

    async fn role(&self, id: i64) -> Result<Option<RoleRecord>> {
        self.store.get(&keys::role(id)).await?.map(record_of).transpose()
    }

    async fn roles(&self) -> Result<Vec<RoleRecord>> {
        store::read_all(self.store.as_ref(), Query::index(Index::Gsi1, keys::ROLES_INDEX_PK)).await?.into_iter().map(record_of).collect()
    }

    async fn insert_role(&self, role: &RoleRecord) -> Result<Outcome> {
        let writes = vec![Write::put_new(role_item(role)?), Write::put_new(Item::new(keys::role_name(&role.name)).with("role_id", role.id))];
        match self.store.transact(writes).await {
            Ok(()) => Ok(Outcome::Written),
            Err(StoreError::ConditionFailed { at: 1 }) => Ok(Outcome::NameTaken),
            Err(StoreError::ConditionFailed { .. }) => Ok(Outcome::Stale),
            Err(e) => Err(e.into()),
        }
    }

    async fn ensure_first_role(&self, role: &RoleRecord) -> Result<()> {
        let writes = vec![
            Write::put_new(role_item(role)?),
            Write::put_new(Item::new(keys::role_name(ADMIN_ROLE)).with("role_id", role.id)),
            // Role ids after this one start after it.
            Write::put_new(Item::new(keys::sequence("role")).with("n", role.id)),
        ];
        match self.store.transact(writes).await {
            Ok(()) | Err(StoreError::ConditionFailed { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    async fn replace_role(&self, before: &RoleRecord, after: &RoleRecord) -> Result<Outcome> {
        let changes = Changes::default()
            .set("name", after.name.clone())
            .set("description", after.description.clone())
            .set("permissions", serde_json::to_value(&after.permissions).map_err(Error::internal)?)
            .set("updated_at", after.updated_at.clone())
            .set("require_two_factor", json!(after.require_two_factor))
            .set("closing_needs_approval", after.closing_needs_approval)
            .set(Index::Gsi1.sk_attr(), after.name.to_lowercase())
            .add("version", 1);
        let mut writes = vec![Write::update(keys::role(before.id), changes).when(version_is(before.version))];
        let new_claim = keys::role_name(&after.name);
        let old_claims = keys::role_name_claims(&before.name);
        if !old_claims.contains(&new_claim) {
            writes.extend(old_claims.into_iter().map(Write::delete));
            writes.push(Write::put_new(Item::new(new_claim).with("role_id", before.id)));
        }
        match self.store.transact(writes).await {
            Ok(()) => Ok(Outcome::Written),
            Err(StoreError::ConditionFailed { at: 0 }) => Ok(Outcome::Stale),
            Err(StoreError::ConditionFailed { .. }) => Ok(Outcome::NameTaken),
            Err(e) => Err(e.into()),
        }
    }

    async fn set_role_two_factor(&self, role_id: i64, required: bool) -> Result<()> {
        let changes = Changes::default().set("require_two_factor", required).add("version", 1);
        self.store.transact(vec![Write::update(keys::role(role_id), changes).when(Condition::Exists)]).await?;
        Ok(())
    }

    async fn remove_role(&self, current: &RoleRecord) -> Result<Outcome> {
        let mut writes = vec![Write::delete(keys::role(current.id)).when(Condition::Equals("user_count".into(), json!(0)))];
        writes.extend(keys::role_name_claims(&current.name).into_iter().map(Write::delete));
        self.conditional(writes).await
    }

    async fn insert_session(&self, session: &Session) -> Result<()> {
        let item = Item::new(keys::session(&session.id))
            .with("user_id", session.user_id)
            .with("created_at", session.created_at.clone())
            .with("expires_at", session.expires_at)
            .with("last_seen", session.last_seen)
            .with(TTL, session.removable_at)
            .with("ip", session.ip.clone())
            .with("user_agent", session.user_agent.clone())
            .indexed(Index::Gsi1, keys::user_sessions_pk(session.user_id), session.created_at.clone());
        self.store.transact(vec![Write::put_new(item)]).await?;
        Ok(())
    }

    async fn session_with_user(&self, session_id: &str, user_id: i64) -> Result<(Option<Session>, Option<UserRecord>)> {
        let mut found = self.store.get_many(&[keys::session(session_id), keys::user(user_id)]).await?.into_iter();
        let session = found.next().flatten().and_then(|item| session_of(&item));
        let user = found.next().flatten().map(|item| self.user_of(item)).transpose()?;
        Ok((session, user))
    }

    async fn caller_records(&self, session_id: &str, user_id: i64) -> Result<(Option<Session>, Option<UserRecord>, Option<RoleRecord>)> {
        let hint = self.role_hints.lock().unwrap_or_else(|e| e.into_inner()).get(&user_id).copied();
        let mut wanted = vec![keys::session(session_id), keys::user(user_id)];
        wanted.extend(hint.map(keys::role));
        let mut found = self.store.get_many(&wanted).await?.into_iter();
        let session = found.next().flatten().and_then(|item| session_of(&item));
        let Some(user) = found.next().flatten().map(|item| self.user_of(item)).transpose()? else { return Ok((session, None, None)) };
        let role = match found.next() {
            Some(read) if hint == Some(user.role_id) => read.map(record_of).transpose()?,
            _ => self.role(user.role_id).await?,
        };
        self.role_hints.lock().unwrap_or_else(|e| e.into_inner()).insert(user_id, user.role_id);
        Ok((session, Some(user), role))
    }

    async fn remove_session(&self, session_id: &str) -> Result<()> {
        self.store.transact(vec![Write::delete(keys::session(session_id))]).await?;
        Ok(())
    }

    async fn seal_secrets(&self) -> Result<u64> {
        if !self.sealing.is_present() {
            return Ok(0);
        }
        let kept = store::read_all(self.store.as_ref(), Query::index(Index::Gsi1, keys::USERS_INDEX_PK)).await?.into_iter().map(record_of).collect::<Result<Vec<UserRecord>>>()?;
        let sealed = auth::sealing::seal_plain_secrets(self, kept).await?;
        if sealed > 0 {
            self.store.purge_overwritten().await?;
        }
        Ok(sealed)
    }

    async fn touch_session(&self, session_id: &str, last_seen: i64, removable_at: i64) -> Result<()> {
        let changes = Changes::default().set("last_seen", last_seen).set(TTL, removable_at);
        match self.store.transact(vec![Write::update(keys::session(session_id), changes).when(Condition::Exists)]).await {
            // Signed out meanwhile: nothing to record.
            Err(StoreError::ConditionFailed { .. }) => Ok(()),
            other => Ok(other?),
        }
    }

    async fn remove_sessions_over(&self, now: i64) -> Result<u64> {
        Ok(self.store.remove_expired(keys::SESSION_PREFIX, now).await?)
    }

    async fn remove_sessions(&self, user_id: i64, keep: Option<&str>) -> Result<usize> {
        let mut ended = 0;
        let mut cursor = None;
        loop {
            let page = self.store.query(&Query::index(Index::Gsi1, keys::user_sessions_pk(user_id)).limit(100).after(cursor)).await?;
            let writes: Vec<Write> = page
                .items
                .iter()
                .filter(|s| session_of(s).map(|s| s.id).as_deref() != keep)
                .map(|s| Write::delete(s.key.clone()))
                .collect();
            ended += writes.len();
            if !writes.is_empty() {
                self.store.transact(writes).await?;
            }
            match page.cursor {
                Some(c) => cursor = Some(c),
                None => return Ok(ended),
            }
        }
    }

    async fn lockout(&self, email: &str) -> Result<Option<(i64, LockoutRecord)>> {
        let Some(item) = self.store.get(&keys::login_failures(email)).await? else { return Ok(None) };
        let version = item.i64("version").unwrap_or(0);
        // A damaged record counts as none: the lockout must never lock anyone out for good.
        Ok(Some((version, record_of(item).unwrap_or_default())))
    }

    async fn save_lockout(&self, email: &str, read: Option<i64>, next: Option<&LockoutRecord>, expires_at: i64) -> Result<Outcome> {
        let key = keys::login_failures(email);
        let condition = match read {
            Some(v) => version_is(v),
            None => Condition::NotExists,
        };
        let write = match next {
            None => Write::delete(key).when(condition),
            Some(record) => Write::put(Item { key, attrs: attrs_of(record)? }.with("version", read.unwrap_or(0) + 1).with("ttl", expires_at)).when(condition),
        };
        self.conditional(vec![write]).await
    }

    async fn preferences(&self, user_id: i64) -> Result<domain::views::UserPreferences> {
        let Some(item) = self.store.get(&keys::preferences(user_id)).await? else { return Ok(Default::default()) };
        record_of(item)
    }

    async fn save_preferences(&self, user_id: i64, prefs: &domain::views::UserPreferences) -> Result<Outcome> {
        let saved = domain::views::UserPreferences { revision: prefs.revision + 1, ..prefs.clone() };
        let condition = if prefs.revision == 0 { Condition::NotExists } else { Condition::Equals("revision".into(), serde_json::json!(prefs.revision)) };
        self.conditional(vec![Write::put(Item { key: keys::preferences(user_id), attrs: attrs_of(&saved)? }).when(condition)]).await
    }
}
