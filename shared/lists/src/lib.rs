//! The admin lists: the port the rest of the portal reads and changes them through
//! ([`AdminLists`]); its engines are `engines::dynamo::lists` (DynamoDB's items) and
//! `engines::sqlite::lists` (the embedded file's tables). Names are unique within
//! a list (any capitals); `usage_count` is kept by the grievance writes, so an item still in
//! use is never deleted, only deactivated.

use async_trait::async_trait;
use domain::jurisdiction::{Organisation, Posting};
use domain::lists::{ListItemInput, ListKind, StatusMeaning};
use domain::pendency::{LimitsById, PendencyLimits};
use domain::Result;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use utoipa::ToSchema;

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct ListItem {
    pub id: i64,
    pub name: String,
    /// The name in Hindi, shown on the Hindi screens and in Hindi documents; absent, the
    /// English name stands in. Items stored before it existed have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_hi: Option<String>,
    pub description: String,
    pub display_order: i64,
    pub is_active: bool,
    /// What a status means to the rules (statuses only; absent for the other lists).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meaning: Option<StatusMeaning>,
    /// The district a police station belongs to (police stations only; absent: not placed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub district_id: Option<i64>,
    /// The range a district belongs to (districts only; absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<String>,
    /// The official code of a district or police station (absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// How many grievances name this item. Answered only to those who see the whole state:
    /// a count over grievances one may not see says something about them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage_count: Option<i64>,
    pub created_at: String,
    pub updated_at: String,
}

impl ListItem {
    /// What the status means; a status item always has one, any other item none.
    pub fn status_meaning(&self) -> StatusMeaning {
        self.meaning.unwrap_or_else(|| StatusMeaning::of_legacy_name(&self.name))
    }
}

/// The organisation the lists describe (see `domain::jurisdiction`): each police station's
/// district and each district's range.
pub async fn organisation(lists: &dyn AdminLists) -> Result<Arc<Organisation>> {
    lists.organisation().await
}

/// The organisation of police stations and districts a caller has read already.
pub fn organisation_of(stations: &[ListItem], districts: &[ListItem]) -> Organisation {
    Organisation::new(stations.iter().map(|s| (s.id, s.district_id)), districts.iter().map(|d| (d.id, d.range.clone())))
}

/// Whether the place `posting` names is in the lists: a police station or district by id, a
/// range by a district naming it.
pub async fn posting_exists(lists: &dyn AdminLists, posting: &Posting) -> Result<bool> {
    Ok(match posting {
        Posting::State => true,
        Posting::Station(id) => lists.definitions(ListKind::PoliceStations).await?.iter().any(|s| s.id == *id),
        Posting::District(id) => lists.definitions(ListKind::Districts).await?.iter().any(|d| d.id == *id),
        Posting::Range(range) => lists.definitions(ListKind::Districts).await?.iter().any(|d| d.range.as_deref() == Some(range.as_str())),
    })
}

/// The admin lists as the portal uses them. Every change is one call, all or nothing,
/// together with whatever the engine keeps beside the items (the relational engine's copy
/// of the ranks and meanings its grievance rows sort and count by).
#[async_trait]
pub trait AdminLists: Send + Sync + 'static {
    /// Every item of a list, ordered by display order, then name.
    async fn list(&self, kind: ListKind) -> Result<Vec<ListItem>>;

    async fn get(&self, kind: ListKind, id: i64) -> Result<Option<ListItem>>;

    /// Every item of a list as names, meanings and ranks are read from it, in the order of
    /// [`AdminLists::list`], without usage counts. What every request needs, so an engine
    /// may answer it from a copy it keeps in step with every change.
    async fn definitions(&self, kind: ListKind) -> Result<Vec<ListItem>>;

    /// The organisation the police stations and districts describe. Every request of a
    /// posting below the state needs it (to know its area), so an engine that keeps a copy of
    /// the lists keeps it built with them: made from the lists on each request, it copied a
    /// state's 1,575 stations and districts and sorted them (a fifth of a station house
    /// officer's case read).
    async fn organisation(&self) -> Result<Arc<Organisation>> {
        let stations = self.definitions(ListKind::PoliceStations).await?;
        let districts = self.definitions(ListKind::Districts).await?;
        Ok(Arc::new(organisation_of(&stations, &districts)))
    }

    /// The items `refs` names (labels: usage counts left out); an id no longer in its list
    /// is left out.
    async fn get_many(&self, refs: &[(ListKind, i64)]) -> Result<BTreeMap<(ListKind, i64), ListItem>>;

    /// The item of `kind` named `name` (any capitals), if it exists (usage count left out).
    async fn find_by_name(&self, kind: ListKind, name: &str) -> Result<Option<ListItem>>;

    /// Adds an item; a name already in the list (any capitals) is a 409.
    async fn create(&self, kind: ListKind, input: ListItemInput) -> Result<ListItem>;

    /// Changes an item. A status's meaning cannot change while grievances use it.
    async fn update(&self, kind: ListKind, id: i64, input: ListItemInput) -> Result<ListItem>;

    /// Removes an item no grievance uses; one in use is a 409 that says to deactivate it.
    async fn delete(&self, kind: ListKind, id: i64) -> Result<()>;

    /// The pendency limits the Admin Panel saved; `None` until it (or the upgrade) saved any.
    async fn saved_limits(&self) -> Result<Option<SavedLimits>>;

    /// Replaces the pendency limits.
    async fn save_limits(&self, limits: &LimitsById) -> Result<()>;

    /// How many times a grievance may be transferred (`domain::jurisdiction::DEFAULT_TRANSFER_LIMIT`
    /// until the Admin Panel saves its own).
    async fn transfer_limit(&self) -> Result<u32>;

    /// Replaces the transfer limit.
    async fn save_transfer_limit(&self, limit: u32) -> Result<()>;

    /// The days an overdue grievance waits before each escalation level
    /// (`domain::escalation::DEFAULT_RULES` until the Admin Panel saves its own).
    async fn escalation_rules(&self) -> Result<domain::escalation::EscalationRules>;

    /// Replaces the escalation rules.
    async fn save_escalation_rules(&self, rules: &domain::escalation::EscalationRules) -> Result<()>;

    /// The statutory clock rules and the Admin's entries of the reference list of offences
    /// (`LawSettings::default()`, revision 0, until an Admin saves any). Read with the lists,
    /// from the same copy: every grievance answered shows its clocks.
    async fn law(&self) -> Result<domain::law::LawSettings>;

    /// Saves `settings` as revision `settings.revision + 1`, on condition that the revision
    /// kept is still `settings.revision`; 409 `domain::Msg::ChangedConcurrently` otherwise.
    async fn save_law(&self, settings: &domain::law::LawSettings) -> Result<()>;

    /// What citizens are told and how (`domain::citizen::CitizenSettings::default()`,
    /// revision 0, until an Admin saves).
    async fn citizen_settings(&self) -> Result<domain::citizen::CitizenSettings>;

    /// Saves `settings` as revision `settings.revision + 1`, on condition that the revision
    /// kept is still `settings.revision`; 409 `domain::Msg::ChangedConcurrently` otherwise.
    async fn save_citizen_settings(&self, settings: &domain::citizen::CitizenSettings) -> Result<()>;

    /// How many days a deleted grievance stays in the trash (`cases::trash`); 90 until an
    /// Admin sets otherwise.
    async fn trash_retention_days(&self) -> Result<u32>;

    /// Replaces the trash's retention.
    async fn save_trash_retention_days(&self, days: u32) -> Result<()>;

    /// The views of the grievance list the Admin published to roles.
    async fn published_views(&self) -> Result<domain::views::PublishedViews>;

    /// Saves `views` as revision `views.revision + 1`, on condition that the revision kept is
    /// still `views.revision`; 409 `domain::Msg::ChangedConcurrently` otherwise.
    async fn save_published_views(&self, views: &domain::views::PublishedViews) -> Result<()>;

    /// Fills every list with its starting items, once in the store's life (an administrator
    /// who later empties a list does not see it refilled). Cheap when done already, and safe
    /// from many processes at once.
    async fn seed(&self) -> Result<()>;

    /// Brings in what an earlier release kept in another shape (the embedded file's items):
    /// an upgrade step run at start, answering how many records it moved (none when there is
    /// nothing to do, as on DynamoDB, where the items are this port's own shape).
    async fn upgrade(&self) -> Result<u64> {
        Ok(0)
    }
}

/// Pendency limits as saved: by priority id, or, by a release before limits went by id, by
/// the names the priorities had then.
#[derive(Clone, Debug, PartialEq)]
pub enum SavedLimits {
    ById(LimitsById),
    ByName(PendencyLimits),
}

/// The status a grievance filed without one starts in: the first active status (in display
/// order) that means open. Read from the definitions (no usage counts), which an engine keeps
/// a copy of: a register of a hundred thousand rows without a status asks for it each row.
pub async fn default_status(lists: &dyn AdminLists) -> Result<Option<ListItem>> {
    Ok(lists.definitions(ListKind::Statuses).await?.into_iter().find(|s| s.is_active && s.status_meaning() == StatusMeaning::Open))
}

/// The priority a grievance filed without one gets: the starting "Medium" while it is
/// active, otherwise the middle of the active priorities (by rank, the display order).
pub async fn default_priority(lists: &dyn AdminLists) -> Result<Option<ListItem>> {
    let active: Vec<ListItem> = lists.definitions(ListKind::Priorities).await?.into_iter().filter(|p| p.is_active).collect();
    if let Some(medium) = active.iter().find(|p| p.name.eq_ignore_ascii_case("Medium")) {
        return Ok(Some(medium.clone()));
    }
    Ok(active.get(active.len().saturating_sub(1) / 2).cloned())
}
