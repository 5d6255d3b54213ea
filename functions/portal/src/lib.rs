//! The pieces of the local host that tests reach too.

pub mod backup;
pub mod cost;
pub mod embedded;
pub mod import;
pub mod seed;

use http_glue::AreaRouter;

/// Every area, merged: the same handlers the Lambda functions run.
pub fn areas() -> AreaRouter {
    http_glue::openapi::area()
        .merge(auth_area::routes())
        .merge(users_area::routes())
        .merge(roles_area::routes())
        .merge(admin_area::routes())
        .merge(grievances_area::routes())
        .merge(audit_area::routes())
        .merge(exports_area::routes())
}

/// The routes a Lambda binary of template.yaml serves (its `main.rs` runs exactly these);
/// `None` for a binary that serves no API area (the export worker) or that no area provides.
pub fn area_of(binary: &str) -> Option<fn() -> AreaRouter> {
    Some(match binary {
        "auth" => auth_area::routes,
        "users" => users_area::routes,
        "roles" => roles_area::routes,
        "admin" => admin_area::routes,
        "grievances" => grievances_area::routes,
        "audit" => audit_area::routes,
        "exports" => exports_area::routes,
        _ => return None,
    })
}

/// Makes a store ready for its first request as the portal opens it: what an earlier release
/// wrote is upgraded first (on one machine its records move into the file's tables, and
/// nothing may be added before they are in), then the Admin role and the starting lists are
/// put in place where missing.
pub async fn ready(state: &http_glue::AppState) -> anyhow::Result<()> {
    migrate(state).await?;
    state.prepare().await?;
    // After the upgrade steps: each case's statutory due day by the rules in force, owed once
    // for data an earlier release kept, and again after an Admin changed a rule.
    if let Some(done) = cases::dues::reindex_if_owed(state.cases()).await?.reindexed {
        tracing::info!(moved = done.moved, "statutory clocks: each case's due day is worked out by the rules in force");
        if done.unread_sections > 0 {
            tracing::warn!(
                grievances = done.unread_sections,
                "sections: the Section & Act of these grievances could not be read whole into sections; each is kept as typed (Admin Panel, Statutory clocks)"
            );
        }
    }
    Ok(())
}

/// Upgrades data written by earlier releases (each step once, marked done in the store).
pub async fn migrate(state: &http_glue::AppState) -> anyhow::Result<()> {
    let (store, grievances, trail) = (state.store.as_ref(), state.grievances.as_ref(), state.trail.as_ref());
    if !store.holds_items().await? {
        // A file this release made (or one upgraded already) holds no items: only what its
        // own schema steps listed as owed to the trail (sealing heads) may be left to do.
        trail.upgrade().await?;
        return Ok(());
    }
    if let Some(changes) = engines::migrations::audit_viewer_views(store).await? {
        tracing::info!(changes, "audit trail: each user's view of the records they may read is in place");
    }
    if let Some(done) = engines::migrations::list_ids(store).await? {
        tracing::info!(grievances = done.grievances, statuses = done.statuses, "grievances refer to statuses, priorities and stations by id");
    }
    if let Some(users) = engines::migrations::posted_counts(store).await? {
        tracing::info!(users, "police stations and districts count the users posted at them");
    }
    if let Some(done) = engines::migrations::places(store).await? {
        tracing::info!(grievances = done.grievances, changes = done.changes, "grievances lie at their places, for postings' areas");
    }
    if let Some(items) = engines::dynamo::lists::give_every_item_shards(store).await? {
        tracing::info!(items, "list items count their uses by grievances in shards");
    }
    if let Some(grievances) = engines::migrations::overdue_counters(store).await? {
        tracing::info!(grievances, "overdue figures come from counters kept with the grievances");
    }
    if let Some(entries) = engines::migrations::fir_numbers(store).await? {
        tracing::info!(entries, "FIR numbers are indexed by police station, for duplicate warnings");
    }
    if let Some(entries) = engines::migrations::closure_queue(store).await? {
        tracing::info!(entries, "closure requests are queued for their approvers");
    }
    // After the steps above, which rewrite the items of users, lists and grievances: the
    // embedded file's tables are made from them. The lists first, as the grievance rows
    // refer to their items.
    let moved = state.accounts.upgrade().await?;
    if moved > 0 {
        tracing::info!(moved, "users, roles, sessions and sign-in lockouts moved into their tables");
    }
    let moved = state.lists.upgrade().await?;
    if moved > 0 {
        tracing::info!(moved, "admin lists and settings moved into their tables");
    }
    if engines::migrations::limits_by_id(state.lists.as_ref()).await? {
        tracing::info!("pendency limits are kept by priority id");
    }
    let moved = state.notices.upgrade().await?;
    if moved > 0 {
        tracing::info!(moved, "notices, events and queued emails moved into their tables");
    }
    let moved = state.files.upgrade().await?;
    if moved > 0 {
        tracing::info!(moved, "notes, attachment records and links moved into their tables");
    }
    let moved = grievances.upgrade().await?;
    if moved > 0 {
        tracing::info!(moved, "grievances moved into the relational tables");
    }
    // After the move into rows: what is left as items (on DynamoDB, every grievance) only.
    if let Some(grievances) = engines::migrations::grievance_indexes(store).await? {
        tracing::info!(grievances, "grievances are indexed in shards, and by station and district with their FIR dates");
    }
    if let Some(entries) = engines::migrations::grievance_numbers(store).await? {
        tracing::info!(entries, "grievance numbers and FIR numbers are indexed for lookups");
    }
    if let Some(grievances) = engines::migrations::due_counters(store).await? {
        tracing::info!(grievances, "the statutory clocks' figures come from counters kept with the grievances");
    }
    // After the grievances: their audit items are the trail's to move.
    let moved = trail.upgrade().await?;
    if moved > 0 {
        tracing::info!(moved, "audit records moved into the relational trail");
    }
    // Last: on one machine every record is in the file's tables now, and the items' table
    // goes, unless it holds something that was not moved (then it stays, and says what).
    match store.retire_items(engines::migrations::LEFT_BEHIND_BY_THE_TABLES).await? {
        store::Retired::Dropped => tracing::info!("the file's records are all in its tables: the items' table is removed"),
        store::Retired::Kept(left) if !left.is_empty() => tracing::warn!(?left, "the items' table stays: it holds items no upgrade moved"),
        _ => {}
    }
    Ok(())
}

/// What the first start of a data directory did about its Admin.
pub struct FirstStart {
    pub created: auth::bootstrap::Bootstrapped,
    /// The Admin role was set to sign in without a second factor (PORTAL_ADMIN_TWO_FACTOR).
    pub two_factor_optional: bool,
    /// An active Admin can sign in.
    pub usable_admin: bool,
}

/// Makes the first Admin of a store that has no user (PORTAL_ADMIN_EMAIL, PORTAL_ADMIN_NAME,
/// PORTAL_ADMIN_PASSWORD, else a generated password), and, when it did, lets a training or
/// test portal choose that the Admin role signs in without a second factor
/// (PORTAL_ADMIN_TWO_FACTOR=optional; a state's portal keeps the default: required).
pub async fn first_admin(state: &http_glue::AppState) -> anyhow::Result<FirstStart> {
    use auth::bootstrap::{self, Bootstrapped, FirstAdmin};
    let first = FirstAdmin {
        email: std::env::var("PORTAL_ADMIN_EMAIL").ok().filter(|v| !v.trim().is_empty()),
        password: std::env::var("PORTAL_ADMIN_PASSWORD").ok().filter(|v| !v.is_empty()),
        name: std::env::var("PORTAL_ADMIN_NAME").ok().filter(|v| !v.trim().is_empty()),
    };
    let created = bootstrap::ensure_first_admin(state.accounts.as_ref(), first).await?;
    let optional = std::env::var("PORTAL_ADMIN_TWO_FACTOR").is_ok_and(|v| v.trim().eq_ignore_ascii_case("optional"));
    let two_factor_optional = optional && matches!(created, Bootstrapped::Created { .. });
    if two_factor_optional {
        bootstrap::set_two_factor_requirement(state.accounts.as_ref(), auth::roles::ADMIN_ROLE_ID, false).await?;
    }
    let usable_admin = bootstrap::has_usable_admin(state.accounts.as_ref()).await?;
    Ok(FirstStart { created, two_factor_optional, usable_admin })
}

impl FirstStart {
    /// What a newcomer is told about signing in, line by line.
    pub fn lines(&self, data_dir: &std::path::Path) -> Vec<String> {
        use auth::bootstrap::Bootstrapped;
        let mut lines = Vec::new();
        match &self.created {
            Bootstrapped::Created { email, generated_password: Some(password) } => {
                lines.push("First start: created the Admin user. Sign in with".to_string());
                lines.push(format!("  email:    {email}"));
                lines.push(format!("  password: {password}"));
                lines.push("This password is shown only this once: change it from the Profile screen.".to_string());
            }
            Bootstrapped::Created { email, generated_password: None } => {
                lines.push(format!("First start: created the Admin user {email} with the password from PORTAL_ADMIN_PASSWORD."));
            }
            Bootstrapped::AlreadyHadUsers if self.usable_admin => lines.push("Sign in with your portal account.".to_string()),
            Bootstrapped::AlreadyHadUsers => {
                lines.push("No active Admin can sign in to this data directory. Create one (the password is".to_string());
                lines.push("read from standard input; stop the portal first or run it from another shell):".to_string());
                lines.push(format!("  portal admin create --email you@example.gov.in --name \"Your Name\" --data-dir {}", data_dir.display()));
            }
        }
        if matches!(self.created, Bootstrapped::Created { .. }) {
            if self.two_factor_optional {
                lines.push("The Admin role signs in by password alone (PORTAL_ADMIN_TWO_FACTOR=optional).".to_string());
            } else {
                lines.push("The Admin role requires two-factor authentication: after the password, the portal".to_string());
                lines.push("asks you to scan a QR code with an authenticator app (Google Authenticator, Authy, ...).".to_string());
            }
        }
        lines
    }
}
