//! Where identity items live in the single table.

use store::Key;

pub const USERS_INDEX_PK: &str = "USERS";
pub const ROLES_INDEX_PK: &str = "ROLES";

pub fn user(id: i64) -> Key {
    Key::new(format!("USER#{id}"), "USER")
}
pub fn email(email: &domain::Email) -> Key {
    Key::new(format!("EMAIL#{email}"), "EMAIL")
}
pub fn role(id: i64) -> Key {
    Key::new(format!("ROLE#{id}"), "ROLE")
}
/// The claim that makes a role name unique: keyed by the name's look-alike skeleton, so that
/// two names that read the same cannot both be claimed, even by requests in parallel.
pub fn role_name(name: &str) -> Key {
    Key::new(format!("ROLENAME#{}", domain::role_name::key(name)), "ROLENAME")
}

/// The claims of a role name: today's, and the one releases before look-alike keys wrote
/// (its lowercase text), so that renaming or deleting an older role releases both.
pub fn role_name_claims(name: &str) -> Vec<Key> {
    let legacy = Key::new(format!("ROLENAME#{}", name.trim().to_lowercase()), "ROLENAME");
    let current = role_name(name);
    if legacy == current {
        vec![current]
    } else {
        vec![current, legacy]
    }
}
pub const SESSION_PREFIX: &str = "SESSION#";
pub fn session(id: &str) -> Key {
    Key::new(format!("{SESSION_PREFIX}{id}"), "SESSION")
}
pub fn user_sessions_pk(user_id: i64) -> String {
    format!("USERSESSIONS#{user_id}")
}
pub fn login_failures(email: &str) -> Key {
    Key::new(format!("LOGINFAIL#{}", email.trim().to_lowercase()), "LOGINFAIL")
}
/// A user's own preferences: saved views, default view, email choices.
pub fn preferences(user_id: i64) -> Key {
    Key::new(format!("PREFS#{user_id}"), "PREFS")
}
/// The counter that hands out ids of one kind of record.
pub fn sequence(kind: &str) -> Key {
    Key::new("SEQ", kind)
}
/// Ids are padded in index sort keys so that text order is number order.
pub fn id_sort(id: i64) -> String {
    format!("{id:012}")
}
