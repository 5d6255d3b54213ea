//! The accounts port's conformance suite, on the embedded engine (SQLite rows) and on the item
//! engine over DynamoDB (moto): the same outcomes, counts and orderings from both, requests in
//! parallel included. Then the embedded engine's move of an earlier release's items into rows.

use auth::lockout::LockoutRecord;
use auth::port::{Accounts, Numbered, Outcome, Session};
use auth::roles::{RoleRecord, ADMIN_ROLE_ID};
use auth::sealing::SealingKey;
use auth::two_factor::TwoFactor;
use auth::users::UserRecord;
use domain::jurisdiction::Posting;
use domain::lists::{ListItemInput, ListKind};
use domain::user::{Stamp, UserStatus};
use domain::{Email, Permissions, ADMIN_ROLE};
use engines::dynamo::accounts::ItemAccounts;
use engines::dynamo::lists::ItemLists;
use engines::sqlite::lists::SqlLists;
use engines::sqlite::accounts::SqlAccounts;
use lists::AdminLists;
use std::sync::Arc;
use store::dynamo::DynamoStore;
use store::sqlite::SqliteStore;

const NOW: &str = "2026-01-05T10:00:00Z";

/// One engine setup: its accounts (sealing with [`key`]), the same accounts without the key
/// (what an earlier release wrote), and the admin lists a posting names.
struct Setup {
    accounts: Arc<dyn Accounts>,
    keyless: Arc<dyn Accounts>,
    lists: Arc<dyn AdminLists>,
}

fn key() -> SealingKey {
    SealingKey::from_material(&[7; 32])
}

fn role(id: i64, name: &str) -> RoleRecord {
    RoleRecord {
        id,
        name: name.into(),
        description: format!("The {name} role"),
        permissions: Permissions::default(),
        user_count: 0,
        active_user_count: 0,
        version: 1,
        require_two_factor: None,
        closing_needs_approval: false,
        created_at: NOW.into(),
        updated_at: NOW.into(),
    }
}

fn admin_role() -> RoleRecord {
    RoleRecord { permissions: Permissions::all(), ..role(ADMIN_ROLE_ID, ADMIN_ROLE) }
}

fn user(id: i64, email: &str, role_id: i64) -> UserRecord {
    UserRecord {
        id,
        name: format!("User {id}"),
        email: email.into(),
        password_hash: format!("hash-{id}"),
        phone: None,
        department: None,
        designation: None,
        role_id,
        status: UserStatus::Active,
        created_at: NOW.into(),
        updated_at: NOW.into(),
        version: 1,
        two_factor: TwoFactor::default(),
        posting: Posting::State,
        created_by: None,
        password_reset: None,
        two_factor_reset: None,
    }
}

/// `user` changed by `change`, one version on.
fn changed(user: &UserRecord, change: impl FnOnce(&mut UserRecord)) -> UserRecord {
    let mut after = user.clone();
    change(&mut after);
    after.version = user.version + 1;
    after
}

fn session(id: &str, user_id: i64, removable_at: i64) -> Session {
    Session { id: id.into(), user_id, created_at: NOW.into(), expires_at: removable_at + 1000, last_seen: 100, removable_at, ip: "10.0.0.1".into(), user_agent: "test".into() }
}

fn lockout(failures: &[i64], seq: i64) -> LockoutRecord {
    serde_json::from_value(serde_json::json!({"failures": failures, "seq": seq})).unwrap()
}

/// Users as a reader sees them, field for field.
fn view(users: &[UserRecord]) -> Vec<String> {
    users.iter().map(|u| serde_json::to_string(u).unwrap()).collect()
}

fn role_view(r: &RoleRecord) -> (i64, String, String, i64, i64, i64, Option<bool>) {
    (r.id, r.name.clone(), r.description.clone(), r.user_count, r.active_user_count, r.version, r.require_two_factor)
}

async fn all<T: Send + 'static>(tasks: Vec<tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = Vec::new();
    for task in tasks {
        out.push(task.await.unwrap());
    }
    out
}

async fn with_roles(accounts: &dyn Accounts) {
    accounts.ensure_first_role(&admin_role()).await.unwrap();
    assert_eq!(accounts.insert_role(&role(2, "Clerk")).await.unwrap(), Outcome::Written);
}

async fn users_are_claimed_by_email_and_counted_in_their_roles(s: Setup) {
    let accounts = s.accounts.as_ref();
    assert!(!accounts.any_user().await.unwrap());
    with_roles(accounts).await;
    let ravi = user(1, "ravi@police.test", 2);
    assert_eq!(accounts.insert_user(&ravi).await.unwrap(), Outcome::Written);
    assert!(accounts.any_user().await.unwrap());
    // The claim is of the email as parsed: capitals and spaces read the same.
    assert_eq!(accounts.insert_user(&user(2, " RAVI@police.test", 2)).await.unwrap(), Outcome::EmailTaken);
    assert_eq!(accounts.insert_user(&user(1, "other@police.test", 2)).await.unwrap(), Outcome::Stale, "an id taken");
    assert_eq!(accounts.insert_user(&user(3, "sita@police.test", 9)).await.unwrap(), Outcome::RoleMissing);
    assert!(accounts.user(3).await.unwrap().is_none(), "a refused insert leaves nothing behind");
    assert_eq!(accounts.insert_user(&user(3, "sita@police.test", 2)).await.unwrap(), Outcome::Written, "the email was left free");
    let found = accounts.user_by_email(&Email::parse("Sita@Police.test").unwrap()).await.unwrap().unwrap();
    assert_eq!(found.id, 3);
    assert!(accounts.user_by_email(&Email::parse("nobody@police.test").unwrap()).await.unwrap().is_none());
    assert_eq!(accounts.users().await.unwrap().iter().map(|u| u.id).collect::<Vec<_>>(), vec![1, 3], "in id order");
    let clerk = accounts.role(2).await.unwrap().unwrap();
    assert_eq!((clerk.user_count, clerk.active_user_count), (2, 2));

    // A change of email moves the claim; a stale version, a taken email or a missing role
    // write nothing.
    let moved = changed(&ravi, |u| u.email = "ravi.k@police.test".into());
    assert_eq!(accounts.replace_user(&ravi, &changed(&ravi, |u| u.email = "sita@police.test".into())).await.unwrap(), Outcome::EmailTaken);
    assert_eq!(accounts.replace_user(&ravi, &changed(&ravi, |u| u.role_id = 9)).await.unwrap(), Outcome::RoleMissing);
    assert_eq!(accounts.replace_user(&ravi, &moved).await.unwrap(), Outcome::Written);
    assert_eq!(accounts.replace_user(&ravi, &changed(&ravi, |u| u.name = "Late".into())).await.unwrap(), Outcome::Stale);
    assert!(accounts.user_by_email(&Email::parse("ravi@police.test").unwrap()).await.unwrap().is_none());
    assert_eq!(accounts.insert_user(&user(4, "ravi@police.test", 2)).await.unwrap(), Outcome::Written, "the old email is free again");
    let ravi = accounts.user(1).await.unwrap().unwrap();
    assert_eq!((ravi.email.as_str(), ravi.version), ("ravi.k@police.test", 2));

    // Deactivating and moving roles move the counts.
    let inactive = changed(&ravi, |u| u.status = UserStatus::Inactive);
    assert_eq!(accounts.replace_user(&ravi, &inactive).await.unwrap(), Outcome::Written);
    let clerk = accounts.role(2).await.unwrap().unwrap();
    assert_eq!((clerk.user_count, clerk.active_user_count), (3, 2));
    let admin = changed(&inactive, |u| {
        u.role_id = ADMIN_ROLE_ID;
        u.status = UserStatus::Active;
    });
    assert_eq!(accounts.replace_user(&inactive, &admin).await.unwrap(), Outcome::Written);
    let roles: Vec<_> = accounts.roles().await.unwrap().iter().map(|r| (r.name.clone(), r.user_count, r.active_user_count)).collect();
    assert_eq!(roles, vec![("Admin".to_string(), 1, 1), ("Clerk".to_string(), 2, 2)]);

    // Removing a user takes its email claim and its place in the counts.
    let sita = accounts.user(3).await.unwrap().unwrap();
    assert_eq!(accounts.remove_user(&changed(&sita, |_| ())).await.unwrap(), Outcome::Stale, "a version not kept");
    assert_eq!(accounts.remove_user(&sita).await.unwrap(), Outcome::Written);
    assert!(accounts.user(3).await.unwrap().is_none());
    assert_eq!(accounts.role(2).await.unwrap().unwrap().user_count, 1);
    assert_eq!(accounts.insert_user(&user(5, "sita@police.test", 2)).await.unwrap(), Outcome::Written);
    assert_eq!(accounts.remove_user(&sita).await.unwrap(), Outcome::Stale, "gone already");
}

async fn of_parallel_inserts_of_one_email_exactly_one_wins(s: Setup) {
    with_roles(s.accounts.as_ref()).await;
    let tasks = (1..=8)
        .map(|id| {
            let accounts = s.accounts.clone();
            let email = if id % 2 == 0 { "same@police.test" } else { "SAME@police.test " };
            tokio::spawn(async move { accounts.insert_user(&user(id, email, 2)).await.unwrap() })
        })
        .collect();
    let outcomes = all(tasks).await;
    assert_eq!(outcomes.iter().filter(|o| **o == Outcome::Written).count(), 1, "{outcomes:?}");
    assert!(outcomes.iter().all(|o| matches!(o, Outcome::Written | Outcome::EmailTaken)), "{outcomes:?}");
    assert_eq!(s.accounts.users().await.unwrap().len(), 1);
    let clerk = s.accounts.role(2).await.unwrap().unwrap();
    assert_eq!((clerk.user_count, clerk.active_user_count), (1, 1), "only the winner counted");
}

async fn role_names_are_unique_by_how_they_read(s: Setup) {
    let accounts = s.accounts.as_ref();
    with_roles(accounts).await;
    // Capitals, a Cyrillic letter, an invisible space: each reads as a name already taken.
    for name in ["CLERK", "Сlerk", "Cle\u{200B}rk", "admin"] {
        assert_eq!(accounts.insert_role(&role(3, name)).await.unwrap(), Outcome::NameTaken, "{name:?}");
    }
    assert_eq!(accounts.insert_role(&role(2, "Auditor")).await.unwrap(), Outcome::Stale, "an id taken");
    assert_eq!(accounts.insert_role(&role(3, "auditor")).await.unwrap(), Outcome::Written);
    assert_eq!(accounts.insert_role(&role(4, "Beat Officer")).await.unwrap(), Outcome::Written);
    let names: Vec<String> = accounts.roles().await.unwrap().into_iter().map(|r| r.name).collect();
    assert_eq!(names, ["Admin", "auditor", "Beat Officer", "Clerk"], "ordered by name, whatever the capitals");

    // A rename moves the claim; a rename to a taken name or of a stale version writes nothing.
    let clerk = accounts.role(2).await.unwrap().unwrap();
    let renamed = |name: &str| RoleRecord { name: name.into(), description: "Renamed".into(), version: clerk.version + 1, ..clerk.clone() };
    assert_eq!(accounts.replace_role(&clerk, &renamed("AUDITOR")).await.unwrap(), Outcome::NameTaken);
    assert_eq!(accounts.replace_role(&clerk, &renamed("CLERK")).await.unwrap(), Outcome::Written, "its own name, in capitals");
    assert_eq!(accounts.replace_role(&clerk, &renamed("Desk Clerk")).await.unwrap(), Outcome::Stale);
    let clerk = accounts.role(2).await.unwrap().unwrap();
    assert_eq!(role_view(&clerk), (2, "CLERK".into(), "Renamed".into(), 0, 0, 2, None));
    let desk = RoleRecord { name: "Desk Clerk".into(), require_two_factor: Some(true), version: 3, ..clerk.clone() };
    assert_eq!(accounts.replace_role(&clerk, &desk).await.unwrap(), Outcome::Written);
    assert_eq!(accounts.insert_role(&role(5, "Clerk")).await.unwrap(), Outcome::Written, "the old name is free again");
    assert_eq!(accounts.insert_role(&role(6, "desk clerk")).await.unwrap(), Outcome::NameTaken);

    // Member counts are left by a rename; a role someone holds is not removed.
    assert_eq!(accounts.insert_user(&user(1, "a@police.test", 2)).await.unwrap(), Outcome::Written);
    let desk = accounts.role(2).await.unwrap().unwrap();
    assert_eq!((desk.user_count, desk.require_two_factor), (1, Some(true)));
    accounts.set_role_two_factor(2, false).await.unwrap();
    let desk = accounts.role(2).await.unwrap().unwrap();
    assert_eq!((desk.version, desk.require_two_factor), (4, Some(false)));
    assert!(accounts.set_role_two_factor(99, true).await.is_err(), "a role that does not exist");
    assert_eq!(accounts.remove_role(&desk).await.unwrap(), Outcome::Stale);
    let a = accounts.user(1).await.unwrap().unwrap();
    assert_eq!(accounts.remove_user(&a).await.unwrap(), Outcome::Written);
    assert_eq!(accounts.remove_role(&desk).await.unwrap(), Outcome::Written);
    assert!(accounts.role(2).await.unwrap().is_none());
    assert_eq!(accounts.remove_role(&desk).await.unwrap(), Outcome::Stale, "gone already");
    assert_eq!(accounts.insert_role(&role(7, "Desk Clerk")).await.unwrap(), Outcome::Written, "a removed role's name is free");

    // The first role is made once, whoever asks; role ids follow it.
    accounts.ensure_first_role(&RoleRecord { description: "again".into(), ..admin_role() }).await.unwrap();
    assert_eq!(accounts.role(ADMIN_ROLE_ID).await.unwrap().unwrap().description, "The Admin role");
}

async fn of_parallel_inserts_of_one_role_name_exactly_one_wins(s: Setup) {
    s.accounts.ensure_first_role(&admin_role()).await.unwrap();
    let tasks = (2..=9)
        .map(|id| {
            let accounts = s.accounts.clone();
            let name = if id % 2 == 0 { "Inspector" } else { "INSPECTOR" };
            tokio::spawn(async move { accounts.insert_role(&role(id, name)).await.unwrap() })
        })
        .collect();
    let outcomes = all(tasks).await;
    assert_eq!(outcomes.iter().filter(|o| **o == Outcome::Written).count(), 1, "{outcomes:?}");
    assert!(outcomes.iter().all(|o| matches!(o, Outcome::Written | Outcome::NameTaken)), "{outcomes:?}");
    assert_eq!(s.accounts.roles().await.unwrap().len(), 2);
}

async fn the_last_active_admin_stays_whatever_runs_at_once(s: Setup) {
    let accounts = s.accounts.as_ref();
    with_roles(accounts).await;
    for id in 1..=2 {
        assert_eq!(accounts.insert_user(&user(id, &format!("admin{id}@police.test"), ADMIN_ROLE_ID)).await.unwrap(), Outcome::Written);
    }
    // Both admins demoted at once: one goes, the other stays (refused as the last, or as
    // having read a count that moved meanwhile).
    let tasks = (1..=2)
        .map(|id| {
            let accounts = s.accounts.clone();
            tokio::spawn(async move {
                let admin = accounts.user(id).await.unwrap().unwrap();
                accounts.replace_user(&admin, &changed(&admin, |u| u.role_id = 2)).await.unwrap()
            })
        })
        .collect();
    let outcomes = all(tasks).await;
    assert_eq!(outcomes.iter().filter(|o| **o == Outcome::Written).count(), 1, "{outcomes:?}");
    assert!(outcomes.iter().all(|o| matches!(o, Outcome::Written | Outcome::LastAdmin | Outcome::Stale)), "{outcomes:?}");
    let admins = accounts.role(ADMIN_ROLE_ID).await.unwrap().unwrap();
    assert_eq!((admins.user_count, admins.active_user_count), (1, 1));
    let last = accounts.users().await.unwrap().into_iter().find(|u| u.role_id == ADMIN_ROLE_ID).unwrap();
    // Neither demoted, deactivated nor removed.
    assert_eq!(accounts.replace_user(&last, &changed(&last, |u| u.role_id = 2)).await.unwrap(), Outcome::LastAdmin);
    assert_eq!(accounts.replace_user(&last, &changed(&last, |u| u.status = UserStatus::Inactive)).await.unwrap(), Outcome::LastAdmin);
    assert_eq!(accounts.remove_user(&last).await.unwrap(), Outcome::LastAdmin);
    // Another change of the last Admin is theirs to make.
    assert_eq!(accounts.replace_user(&last, &changed(&last, |u| u.name = "Still here".into())).await.unwrap(), Outcome::Written);
    // With a second active Admin, one of them may go.
    assert_eq!(accounts.insert_user(&user(3, "admin3@police.test", ADMIN_ROLE_ID)).await.unwrap(), Outcome::Written);
    let last = accounts.user(last.id).await.unwrap().unwrap();
    assert_eq!(accounts.remove_user(&last).await.unwrap(), Outcome::Written);
    assert_eq!(accounts.role(ADMIN_ROLE_ID).await.unwrap().unwrap().active_user_count, 1);
}

async fn a_user_is_posted_only_at_a_place_that_exists(s: Setup) {
    let accounts = s.accounts.as_ref();
    with_roles(accounts).await;
    let station = ListItemInput { name: "Kotwali".into(), name_hi: None, description: String::new(), display_order: 1, is_active: true, meaning: None, district_id: Some(None), range: None, code: None };
    let station = s.lists.create(ListKind::PoliceStations, station).await.unwrap();
    let nowhere = UserRecord { posting: Posting::Station(station.id + 1000), ..user(1, "a@police.test", 2) };
    assert_eq!(accounts.insert_user(&nowhere).await.unwrap(), Outcome::Stale);
    let posted = UserRecord { posting: Posting::Station(station.id), ..user(1, "a@police.test", 2) };
    assert_eq!(accounts.insert_user(&posted).await.unwrap(), Outcome::Written);
    // A place someone is posted at stays.
    match s.lists.delete(ListKind::PoliceStations, station.id).await {
        Err(domain::Error::Conflict(message)) => assert_eq!(message, "'Kotwali' is where 1 user is posted; post them elsewhere before deleting it"),
        other => panic!("expected a conflict, got {other:?}"),
    }
    let ranged = changed(&posted, |u| u.posting = Posting::Range("Agra Range".into()));
    assert_eq!(accounts.replace_user(&posted, &changed(&posted, |u| u.posting = Posting::District(99_999))).await.unwrap(), Outcome::Stale);
    assert_eq!(accounts.replace_user(&posted, &ranged).await.unwrap(), Outcome::Written);
    assert_eq!(accounts.user(1).await.unwrap().unwrap().posting, Posting::Range("Agra Range".into()));
    s.lists.delete(ListKind::PoliceStations, station.id).await.unwrap();
    let ranged = accounts.user(1).await.unwrap().unwrap();
    assert_eq!(accounts.replace_user(&ranged, &changed(&ranged, |u| u.posting = Posting::Station(station.id))).await.unwrap(), Outcome::Stale, "deleted");
}

async fn passwords_and_second_factors_are_changed_on_condition(s: Setup) {
    let accounts = s.accounts.as_ref();
    with_roles(accounts).await;
    let ravi = user(1, "ravi@police.test", 2);
    assert_eq!(accounts.insert_user(&ravi).await.unwrap(), Outcome::Written);
    assert_eq!(accounts.set_password(1, "new-hash", Some(ADMIN_ROLE_ID), None).await.unwrap(), Outcome::Stale, "not holding that role");
    assert_eq!(accounts.set_password(9, "new-hash", None, None).await.unwrap(), Outcome::Stale, "no such user");
    let stamp = Stamp { by: 7, at: NOW.into() };
    assert_eq!(accounts.set_password(1, "new-hash", Some(2), Some(&stamp)).await.unwrap(), Outcome::Written);
    let after = accounts.user(1).await.unwrap().unwrap();
    assert_eq!((after.password_hash.as_str(), after.version, after.password_reset.as_ref().map(|s| s.by)), ("new-hash", 2, Some(7)));
    assert_eq!(accounts.set_password(1, "own-hash", None, None).await.unwrap(), Outcome::Written);
    assert_eq!(accounts.user(1).await.unwrap().unwrap().password_reset.map(|s| s.by), Some(7), "the holder's own change leaves the reset");

    // The second factor, sealed at rest and opened when read.
    let state = TwoFactor { enabled: true, secret: Some("JBSWY3DPEHPK3PXP".into()), pending_secret: None, last_step: 4, recovery_codes: vec!["abc".into()] };
    assert_eq!(accounts.save_two_factor(&ravi, &state).await.unwrap(), Outcome::Stale, "read before the password changed");
    let current = accounts.user(1).await.unwrap().unwrap();
    assert_eq!(accounts.save_two_factor(&current, &state).await.unwrap(), Outcome::Written);
    assert_eq!(accounts.user(1).await.unwrap().unwrap().two_factor, state);
    let kept = s.keyless.user(1).await.unwrap().unwrap().two_factor;
    assert!(kept.secret.as_deref().is_some_and(SealingKey::is_sealed), "{kept:?}");
    assert!(kept.recovery_codes.iter().all(|c| SealingKey::is_sealed(c)), "{kept:?}");
    assert_eq!(accounts.seal_secrets().await.unwrap(), 0, "nothing plain");

    let current = accounts.user(1).await.unwrap().unwrap();
    assert_eq!(accounts.reset_two_factor(&ravi, &stamp).await.unwrap(), Outcome::Stale);
    assert_eq!(accounts.reset_two_factor(&current, &stamp).await.unwrap(), Outcome::Written);
    let reset = accounts.user(1).await.unwrap().unwrap();
    assert_eq!((reset.two_factor, reset.two_factor_reset.map(|s| s.by), reset.version), (TwoFactor::default(), Some(7), current.version + 1));

    // A secret an earlier release kept in plain text is sealed once.
    let plain = TwoFactor { enabled: true, secret: Some("KRSXG5CTMVRXEZLU".into()), ..TwoFactor::default() };
    let current = s.keyless.user(1).await.unwrap().unwrap();
    assert_eq!(s.keyless.save_two_factor(&current, &plain).await.unwrap(), Outcome::Written);
    assert_eq!(s.keyless.user(1).await.unwrap().unwrap().two_factor, plain);
    assert_eq!(s.keyless.seal_secrets().await.unwrap(), 0, "no key, nothing sealed");
    assert_eq!(accounts.seal_secrets().await.unwrap(), 1);
    assert_eq!(accounts.seal_secrets().await.unwrap(), 0);
    assert!(s.keyless.user(1).await.unwrap().unwrap().two_factor.secret.as_deref().is_some_and(SealingKey::is_sealed));
    assert_eq!(accounts.user(1).await.unwrap().unwrap().two_factor, plain);
    // A set-up waiting for its first code, and recovery codes beside a sealed secret: each
    // plain text is found wherever it lies in the second factor.
    let sealed_secret = s.keyless.user(1).await.unwrap().unwrap().two_factor.secret;
    for plain in [
        TwoFactor { pending_secret: Some("GEZDGNBVGY3TQOJQ".into()), ..TwoFactor::default() },
        TwoFactor { enabled: true, secret: sealed_secret.clone(), recovery_codes: vec![sealed_secret.clone().unwrap(), "plain-code".into()], ..TwoFactor::default() },
    ] {
        let current = s.keyless.user(1).await.unwrap().unwrap();
        assert_eq!(s.keyless.save_two_factor(&current, &plain).await.unwrap(), Outcome::Written);
        assert_eq!(accounts.seal_secrets().await.unwrap(), 1, "{plain:?}");
        assert_eq!(accounts.seal_secrets().await.unwrap(), 0, "{plain:?}");
        let kept = s.keyless.user(1).await.unwrap().unwrap().two_factor;
        assert!(kept.pending_secret.iter().chain(&kept.recovery_codes).all(|t| SealingKey::is_sealed(t)), "{kept:?}");
    }
}

async fn sessions_are_read_with_their_user_and_end_when_told(s: Setup) {
    let accounts = s.accounts.as_ref();
    with_roles(accounts).await;
    assert_eq!(accounts.insert_user(&user(1, "ravi@police.test", 2)).await.unwrap(), Outcome::Written);
    assert_eq!(accounts.insert_user(&user(2, "sita@police.test", 2)).await.unwrap(), Outcome::Written);
    let now = 1_000_000;
    for (id, user_id, removable_at) in [("s-old", 1, now - 10), ("s-now", 1, now), ("s-live", 1, now + 600), ("s-sita", 2, now + 600)] {
        accounts.insert_session(&session(id, user_id, removable_at)).await.unwrap();
    }
    assert!(accounts.insert_session(&session("s-live", 1, now)).await.is_err(), "an id is never taken twice");
    let (found, ravi) = accounts.session_with_user("s-live", 1).await.unwrap();
    assert_eq!(found, Some(session("s-live", 1, now + 600)));
    assert_eq!(ravi.map(|u| u.id), Some(1));
    let (none, nobody) = accounts.session_with_user("s-none", 9).await.unwrap();
    assert!(none.is_none() && nobody.is_none());
    let (_, user, role) = accounts.caller_records("s-live", 1).await.unwrap();
    assert_eq!((user.map(|u| u.id), role.map(|r| (r.id, r.user_count))), (Some(1), Some((2, 2))));

    accounts.touch_session("s-live", 500, now + 900).await.unwrap();
    accounts.touch_session("s-none", 500, now + 900).await.unwrap();
    let touched = accounts.session_with_user("s-live", 1).await.unwrap().0.unwrap();
    assert_eq!((touched.last_seen, touched.removable_at, touched.expires_at), (500, now + 900, now + 1600));

    // Expired sessions are removed by the sweep, or (DynamoDB) by the table's TTL.
    let swept = accounts.remove_sessions_over(now).await.unwrap();
    assert!(swept == 2 || swept == 0, "{swept}");
    for id in ["s-old", "s-now"] {
        assert_eq!(accounts.session_with_user(id, 1).await.unwrap().0.is_none(), swept == 2, "{id}");
    }
    assert!(accounts.session_with_user("s-live", 1).await.unwrap().0.is_some(), "a live session stays");

    accounts.insert_session(&session("s-other", 1, now + 600)).await.unwrap();
    let ended = accounts.remove_sessions(1, Some("s-live")).await.unwrap();
    assert_eq!(ended, if swept == 2 { 1 } else { 3 });
    assert!(accounts.session_with_user("s-live", 1).await.unwrap().0.is_some(), "the one kept");
    assert!(accounts.session_with_user("s-other", 1).await.unwrap().0.is_none());
    assert!(accounts.session_with_user("s-sita", 2).await.unwrap().0.is_some(), "another user's");
    accounts.remove_session("s-live").await.unwrap();
    assert_eq!(accounts.remove_sessions(1, None).await.unwrap(), 0);
}

/// Every request reads its caller's session, user and role: a change made through the
/// engine counts from the very next read, and one made through another engine on the same
/// store (another process) within the lists' freshness window.
async fn a_callers_records_show_each_change_at_the_next_read(s: Setup) {
    let accounts = s.accounts.as_ref();
    with_roles(accounts).await;
    assert_eq!(accounts.insert_user(&user(1, "ravi@police.test", 2)).await.unwrap(), Outcome::Written);
    accounts.insert_session(&session("s-1", 1, 1_000_600)).await.unwrap();
    let caller = || async { accounts.caller_records("s-1", 1).await.unwrap() };
    for _ in 0..2 {
        let (session, user, role) = caller().await;
        assert_eq!((session.map(|s| s.last_seen), user.map(|u| u.status), role.map(|r| r.permissions)), (Some(100), Some(UserStatus::Active), Some(Permissions::default())));
    }

    let clerk = accounts.role(2).await.unwrap().unwrap();
    let granted = RoleRecord { permissions: Permissions::all(), version: clerk.version + 1, ..clerk.clone() };
    assert_eq!(accounts.replace_role(&clerk, &granted).await.unwrap(), Outcome::Written);
    assert_eq!(caller().await.2.map(|r| r.permissions), Some(Permissions::all()), "a role's new permissions");

    accounts.touch_session("s-1", 700, 1_000_900).await.unwrap();
    assert_eq!(caller().await.0.map(|s| s.last_seen), Some(700), "the session's use");

    let ravi = accounts.user(1).await.unwrap().unwrap();
    assert_eq!(accounts.replace_user(&ravi, &changed(&ravi, |u| u.status = UserStatus::Inactive)).await.unwrap(), Outcome::Written);
    assert_eq!(caller().await.1.map(|u| u.status), Some(UserStatus::Inactive), "a deactivation");
    assert_eq!(accounts.caller_records("s-1", 2).await.unwrap().1.map(|u| u.id), None, "another user's id is not this session's");

    accounts.remove_session("s-1").await.unwrap();
    assert!(caller().await.0.is_none(), "a session ended");

    // Another engine on the same store (on one machine: `portal admin` in another process).
    accounts.insert_session(&session("s-2", 1, 1_000_600)).await.unwrap();
    assert!(accounts.caller_records("s-2", 1).await.unwrap().0.is_some());
    s.keyless.remove_session("s-2").await.unwrap();
    tokio::time::sleep(engines::dynamo::lists_cache::FRESH_FOR + std::time::Duration::from_millis(100)).await;
    assert!(accounts.caller_records("s-2", 1).await.unwrap().0.is_none(), "ended by another process");
}

async fn a_lockout_is_written_by_one_attempt_at_a_time(s: Setup) {
    let accounts = s.accounts.clone();
    assert_eq!(accounts.lockout("Ravi@Police.test ").await.unwrap(), None);
    // Attempts at once over no record: one writes it, the others read again.
    let tasks = (0..8)
        .map(|i| {
            let accounts = accounts.clone();
            tokio::spawn(async move { accounts.save_lockout("ravi@police.test", None, Some(&lockout(&[i], i)), 5_000).await.unwrap() })
        })
        .collect();
    let outcomes = all(tasks).await;
    assert_eq!(outcomes.iter().filter(|o| **o == Outcome::Written).count(), 1, "{outcomes:?}");
    assert!(outcomes.iter().all(|o| matches!(o, Outcome::Written | Outcome::Stale)), "{outcomes:?}");
    let (version, record) = accounts.lockout(" RAVI@police.test").await.unwrap().unwrap();
    assert_eq!(version, 1);
    assert!((0..8).any(|i| record == lockout(&[i], i)), "{record:?}");
    // Attempts at once over version 1: again one.
    let tasks = (10..18)
        .map(|i| {
            let accounts = accounts.clone();
            tokio::spawn(async move { accounts.save_lockout("ravi@police.test", Some(1), Some(&lockout(&[i], i)), 6_000).await.unwrap() })
        })
        .collect();
    let outcomes = all(tasks).await;
    assert_eq!(outcomes.iter().filter(|o| **o == Outcome::Written).count(), 1, "{outcomes:?}");
    let (version, record) = accounts.lockout("ravi@police.test").await.unwrap().unwrap();
    assert_eq!(version, 2);
    assert!((10..18).any(|i| record == lockout(&[i], i)), "{record:?}");
    assert_eq!(accounts.save_lockout("ravi@police.test", None, None, 0).await.unwrap(), Outcome::Stale, "one exists");
    assert_eq!(accounts.save_lockout("ravi@police.test", Some(1), None, 0).await.unwrap(), Outcome::Stale);
    assert_eq!(accounts.save_lockout("ravi@police.test", Some(2), None, 0).await.unwrap(), Outcome::Written);
    assert_eq!(accounts.lockout("ravi@police.test").await.unwrap(), None);
    assert_eq!(accounts.save_lockout("ravi@police.test", Some(2), None, 0).await.unwrap(), Outcome::Stale, "gone");
}

/// The first active account and a role's active members, read without every user: an
/// inactive first account is passed over, as are members of other roles.
async fn the_first_active_user_and_a_roles_active_members_are_read_directly(s: Setup) {
    let accounts = s.accounts.as_ref();
    with_roles(accounts).await;
    assert!(accounts.oldest_active_user().await.unwrap().is_none(), "no users yet");
    let first = UserRecord { status: UserStatus::Inactive, ..user(1, "first@police.test", ADMIN_ROLE_ID) };
    for u in [first, user(2, "clerk@police.test", 2), user(3, "admin@police.test", ADMIN_ROLE_ID), user(4, "later@police.test", ADMIN_ROLE_ID)] {
        assert_eq!(accounts.insert_user(&u).await.unwrap(), Outcome::Written);
    }
    assert_eq!(accounts.oldest_active_user().await.unwrap().map(|u| u.id), Some(2));
    let admins: Vec<i64> = accounts.active_members(ADMIN_ROLE_ID).await.unwrap().iter().map(|u| u.id).collect();
    assert_eq!(admins, vec![3, 4]);
    assert_eq!(accounts.active_members(2).await.unwrap().iter().map(|u| u.id).collect::<Vec<_>>(), vec![2]);
}

async fn ids_are_never_handed_out_twice(s: Setup) {
    s.accounts.ensure_first_role(&admin_role()).await.unwrap();
    let tasks = (0..10)
        .map(|i| {
            let accounts = s.accounts.clone();
            tokio::spawn(async move { accounts.next_id(if i % 2 == 0 { Numbered::User } else { Numbered::Role }).await.unwrap() })
        })
        .collect();
    let ids = all(tasks).await;
    let mut users: Vec<i64> = ids.iter().step_by(2).copied().collect();
    let mut roles: Vec<i64> = ids.iter().skip(1).step_by(2).copied().collect();
    users.sort();
    roles.sort();
    assert_eq!(users, vec![1, 2, 3, 4, 5]);
    assert_eq!(roles, vec![2, 3, 4, 5, 6], "after the first role's");
}

macro_rules! on_both_engines {
    ($($name:ident),* $(,)?) => {
        mod sqlite_engine {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let dir = tempfile::tempdir().unwrap();
                    let store = std::sync::Arc::new(super::SqliteStore::open(dir.path().join("portal.db")).unwrap());
                    super::$name(super::Setup {
                        accounts: std::sync::Arc::new(super::SqlAccounts::sealing(store.clone(), super::key())),
                        keyless: std::sync::Arc::new(super::SqlAccounts::new(store.clone())),
                        lists: std::sync::Arc::new(super::SqlLists::new(store)),
                    })
                    .await;
                }
            )*
        }
        mod dynamodb_engine {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let store = super::DynamoStore::local(testkit::moto_endpoint(), testkit::unique("accounts")).await;
                    store.ensure_table().await.unwrap();
                    let store: std::sync::Arc<dyn store::Store> = std::sync::Arc::new(store);
                    super::$name(super::Setup {
                        accounts: std::sync::Arc::new(super::ItemAccounts::sealing(store.clone(), super::key())),
                        keyless: std::sync::Arc::new(super::ItemAccounts::new(store.clone())),
                        lists: std::sync::Arc::new(super::ItemLists::new(store)),
                    })
                    .await;
                }
            )*
        }
    };
}

on_both_engines!(
    users_are_claimed_by_email_and_counted_in_their_roles,
    of_parallel_inserts_of_one_email_exactly_one_wins,
    role_names_are_unique_by_how_they_read,
    of_parallel_inserts_of_one_role_name_exactly_one_wins,
    the_last_active_admin_stays_whatever_runs_at_once,
    a_user_is_posted_only_at_a_place_that_exists,
    passwords_and_second_factors_are_changed_on_condition,
    sessions_are_read_with_their_user_and_end_when_told,
    a_callers_records_show_each_change_at_the_next_read,
    a_lockout_is_written_by_one_attempt_at_a_time,
    ids_are_never_handed_out_twice,
    the_first_active_user_and_a_roles_active_members_are_read_directly,
);

/// How many of the file's items are of the accounts (records, claims, their counters).
fn account_items(path: &std::path::Path) -> i64 {
    rusqlite::Connection::open(path)
        .unwrap()
        .query_row(
            "SELECT count(*) FROM items WHERE pk LIKE 'USER#%' OR pk LIKE 'EMAIL#%' OR pk LIKE 'ROLE#%' OR pk LIKE 'ROLENAME#%' OR pk LIKE 'SESSION#%'
                 OR pk LIKE 'LOGINFAIL#%' OR (pk = 'SEQ' AND sk IN ('user', 'role'))",
            [],
            |r| r.get(0),
        )
        .unwrap()
}

/// What an earlier release kept as items of the file moves into rows, value for value: read
/// back through the relational engine as the item engine read it, the items gone, ids going
/// on after the last one handed out, and a second run finds nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_earlier_releases_accounts_move_into_rows_with_nothing_lost() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("portal.db");
    let store = Arc::new(SqliteStore::open_with_items(&path).unwrap());
    let items: Arc<dyn Accounts> = Arc::new(ItemAccounts::sealing(store.clone(), key()));
    let rows: Arc<dyn Accounts> = Arc::new(SqlAccounts::sealing(store.clone(), key()));

    // The earlier release's accounts, written by the item engine.
    items.ensure_first_role(&RoleRecord { description: "As the earlier release kept it".into(), ..admin_role() }).await.unwrap();
    for name in ["Clerk", "Auditor"] {
        let id = items.next_id(Numbered::Role).await.unwrap();
        assert_eq!(items.insert_role(&role(id, name)).await.unwrap(), Outcome::Written);
    }
    let mut users = Vec::new();
    for (email, role_id) in [("admin@police.test", ADMIN_ROLE_ID), ("ravi@police.test", 2), ("sita@police.test", 2), ("gone@police.test", 3)] {
        let id = items.next_id(Numbered::User).await.unwrap();
        let mut u = user(id, email, role_id);
        u.posting = if id % 2 == 0 { Posting::Range("Agra Range".into()) } else { Posting::State };
        assert_eq!(items.insert_user(&u).await.unwrap(), Outcome::Written);
        users.push(u);
    }
    let sita = items.user(users[2].id).await.unwrap().unwrap();
    assert_eq!(items.replace_user(&sita, &changed(&sita, |u| u.status = UserStatus::Inactive)).await.unwrap(), Outcome::Written);
    let ravi = items.user(users[1].id).await.unwrap().unwrap();
    let two_factor = TwoFactor { enabled: true, secret: Some("JBSWY3DPEHPK3PXP".into()), recovery_codes: vec!["x".into()], ..TwoFactor::default() };
    assert_eq!(items.save_two_factor(&ravi, &two_factor).await.unwrap(), Outcome::Written);
    let gone = items.user(users[3].id).await.unwrap().unwrap();
    assert_eq!(items.remove_user(&gone).await.unwrap(), Outcome::Written);
    items.insert_session(&session("s-1", users[1].id, 2_000_000_000)).await.unwrap();
    items.insert_session(&session("s-2", users[0].id, 2_000_000_100)).await.unwrap();
    assert_eq!(items.save_lockout("sita@police.test", None, Some(&lockout(&[1, 2], 2)), 2_000_000_000).await.unwrap(), Outcome::Written);
    assert_eq!(items.save_lockout("sita@police.test", Some(1), Some(&lockout(&[1, 2, 3], 3)), 2_000_000_000).await.unwrap(), Outcome::Written);
    // A role of the releases before look-alike keys, which kept the claim of its lowercase
    // name besides (written by hand: this release writes only the look-alike one).
    let old = RoleRecord { name: "Ｏｌｄ Ｈａｎｄ".into(), ..role(items.next_id(Numbered::Role).await.unwrap(), "") };
    assert_eq!(items.insert_role(&old).await.unwrap(), Outcome::Written);
    use store::Store;
    let legacy_claim = store::Key::new(format!("ROLENAME#{}", old.name.trim().to_lowercase()), "ROLENAME");
    assert_ne!(legacy_claim.pk, format!("ROLENAME#{}", domain::role_name::key(&old.name)), "the test needs a name whose two claims differ");
    store.transact(vec![store::Write::put_new(store::Item::new(legacy_claim).with("role_id", old.id))]).await.unwrap();

    let want_users = view(&items.users().await.unwrap());
    let want_roles: Vec<_> = items.roles().await.unwrap().iter().map(role_view).collect();
    let want_sessions = [items.session_with_user("s-1", users[1].id).await.unwrap().0, items.session_with_user("s-2", users[0].id).await.unwrap().0];
    assert!(want_sessions.iter().all(Option::is_some));
    let want_lockout = items.lockout("sita@police.test").await.unwrap();
    assert_eq!(want_lockout.as_ref().map(|(v, _)| *v), Some(2));

    // The portal makes its Admin role at every start, before the move: the kept one wins.
    rows.ensure_first_role(&admin_role()).await.unwrap();
    assert_eq!(rows.upgrade().await.unwrap(), 4 + 3 + 2 + 1, "roles, users, sessions, lockouts");
    assert_eq!(account_items(&path), 0, "no account item is left in the file");

    assert_eq!(view(&rows.users().await.unwrap()), want_users);
    assert_eq!(rows.users().await.unwrap()[1].two_factor, two_factor, "opened as before");
    assert_eq!(rows.roles().await.unwrap().iter().map(role_view).collect::<Vec<_>>(), want_roles);
    assert_eq!(rows.role(ADMIN_ROLE_ID).await.unwrap().unwrap().description, "As the earlier release kept it");
    assert_eq!([rows.session_with_user("s-1", users[1].id).await.unwrap().0, rows.session_with_user("s-2", users[0].id).await.unwrap().0], want_sessions);
    assert_eq!(rows.lockout("sita@police.test").await.unwrap(), want_lockout);
    assert_eq!(rows.user_by_email(&Email::parse("ravi@police.test").unwrap()).await.unwrap().map(|u| u.id), Some(users[1].id));
    assert_eq!(rows.insert_user(&user(50, "SITA@police.test", 2)).await.unwrap(), Outcome::EmailTaken, "the email claims came along");
    assert_eq!(rows.insert_role(&role(50, "clerk")).await.unwrap(), Outcome::NameTaken);
    assert_eq!(rows.insert_role(&role(50, &old.name.to_lowercase())).await.unwrap(), Outcome::NameTaken);
    assert_eq!(rows.next_id(Numbered::User).await.unwrap(), 5, "ids go on after the last handed out");
    assert_eq!(rows.next_id(Numbered::Role).await.unwrap(), old.id + 1);
    assert_eq!(rows.upgrade().await.unwrap(), 0, "a second run finds nothing");

    // The last active Admin is still protected, counted from the moved rows.
    let admin = rows.user(users[0].id).await.unwrap().unwrap();
    assert_eq!(rows.remove_user(&admin).await.unwrap(), Outcome::LastAdmin);
    // Renaming the older role releases its claims.
    let kept_old = rows.role(old.id).await.unwrap().unwrap();
    assert_eq!(rows.replace_role(&kept_old, &RoleRecord { name: "Veteran".into(), version: kept_old.version + 1, ..kept_old.clone() }).await.unwrap(), Outcome::Written);
    assert_eq!(rows.insert_role(&role(51, &old.name.to_lowercase())).await.unwrap(), Outcome::Written);
}

/// A file that never held items (a data directory made after the items table) has nothing
/// to move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_with_no_account_items_moves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SqliteStore::open(dir.path().join("portal.db")).unwrap());
    let rows = SqlAccounts::new(store);
    assert_eq!(rows.upgrade().await.unwrap(), 0);
}
