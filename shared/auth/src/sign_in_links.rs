//! One-time sign-in links: how a user made without a password (an import of a department's
//! staff list, where passwords are never carried over) sets their own.
//!
//! A link's token names the user and seals, with the session secret (`TokenKeys`), when it
//! ends and a fingerprint of the password the account had when it was made. Setting a
//! password changes that fingerprint, so the link, and every other link made for the account
//! before, is spent: nothing needs to be stored to make it one-time, and an altered or made-up
//! token opens nothing.

use crate::passwords;
use crate::port::{Accounts, Outcome, UserRecord};
use crate::tokens::TokenKeys;
use domain::password::NewPassword;
use domain::{Error, Msg, Result};
use sha2::{Digest, Sha256};

/// How long a link may be used.
pub const LINK_DAYS: i64 = 7;

/// What a link's seal is bound to besides the user: no other sealed text opens as a link.
const PURPOSE: &str = "sign-in link";

fn fingerprint(user: &UserRecord) -> String {
    hex::encode(&Sha256::digest(user.password_hash.as_bytes())[..12])
}

/// A link's token for `user`, usable until [`LINK_DAYS`] after `now` (Unix seconds) and
/// until a password is set.
pub fn issue(keys: &TokenKeys, user: &UserRecord, now: i64) -> String {
    let ends = now + LINK_DAYS * 86_400;
    format!("{}.{}", user.id, keys.seal_cursor(user.id, PURPOSE, &format!("{ends}:{}", fingerprint(user))))
}

/// The link itself: the web app's page that sets the password, the token in the fragment so
/// that it is never sent to a server or written to its logs.
pub fn link(public_url: &str, token: &str) -> String {
    format!("{}/set-password#token={token}", public_url.trim_end_matches('/'))
}

/// Sets the password of the user `token` names, if the token is theirs, unspent and not
/// over (else [`Msg::SignInLinkInvalid`]), and the password keeps the rules of a new user's
/// first one. Every session of the account ends. Answers the user as they were.
pub async fn set_password(accounts: &dyn Accounts, keys: &TokenKeys, token: &str, new: &str, now: i64) -> Result<UserRecord> {
    let invalid = || Error::BadRequest(Msg::SignInLinkInvalid);
    let (id, sealed) = token.trim().split_once('.').ok_or_else(invalid)?;
    let id: i64 = id.parse().map_err(|_| invalid())?;
    let opened = keys.open_cursor(id, PURPOSE, sealed).ok_or_else(invalid)?;
    let (ends, print) = opened.split_once(':').ok_or_else(invalid)?;
    let ends: i64 = ends.parse().map_err(|_| invalid())?;
    let new = NewPassword::for_reset(new).map_err(|m| Error::field("new_password", m))?;
    let user = crate::users::get(accounts, id).await?.ok_or_else(invalid)?;
    if ends < now || print != fingerprint(&user) || !user.is_active() {
        return Err(invalid());
    }
    let hash = passwords::hash(new.expose()).await?;
    // On the role read: a link does not outlive a move to another role.
    if accounts.set_password(id, &hash, Some(user.role_id), None).await? != Outcome::Written {
        return Err(invalid());
    }
    accounts.remove_sessions(id, None).await?;
    Ok(user)
}
