//! The audit trail port: reading it by grievance, across the state with filters, and its
//! totals, and recording events about no grievance. Records are newest first; paging is by
//! limit and offset, as the Audit History screen asks. A grievance's own records are
//! written with it, by [`crate::Grievances::commit`]. The engines are in `engines`: items of
//! the generic store (DynamoDB), and rows of the embedded SQLite file.

use domain::Msg;
use crate::reads::{AuditRecord, Viewer};
use crate::record::Actor;
use crate::writes::AuditEntry;
use async_trait::async_trait;
use domain::audit::AuditAction;
use domain::{Error, Result};

pub const MAX_LIMIT: usize = 500;
pub const MAX_OFFSET: usize = 10_000;

#[derive(Clone, Debug, Default)]
pub struct TrailFilters {
    pub action: Option<AuditAction>,
    pub user_id: Option<i64>,
    /// YYYY-MM-DD, inclusive.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub search: Option<TrailSearch>,
    /// Administrative changes only, or grievance changes only; both when `None`.
    pub kind: Option<TrailKind>,
}

/// Audit History's choice between administrative changes and grievance changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrailKind {
    /// The records whose action [`AuditAction::is_administrative`]: admin lists and
    /// settings, roles, users, and an administrator's resets.
    Administrative,
    /// The records of a grievance's trail (about a grievance, never an event about none).
    Grievance,
}

impl TrailKind {
    /// `admin` or `grievance` (any case); blank or `all` is `None`.
    pub fn parse(text: Option<&str>) -> Result<Option<TrailKind>> {
        match text.map(str::trim).filter(|t| !t.is_empty()) {
            None => Ok(None),
            Some(t) if t.eq_ignore_ascii_case("all") => Ok(None),
            Some(t) if t.eq_ignore_ascii_case("admin") => Ok(Some(TrailKind::Administrative)),
            Some(t) if t.eq_ignore_ascii_case("grievance") => Ok(Some(TrailKind::Grievance)),
            Some(_) => Err(Error::field("kind", Msg::AuditKindUnknown)),
        }
    }

    /// Whether a record of `action` about grievance `grievance_id` (0 for none) is of this kind.
    pub fn holds(self, action: AuditAction, grievance_id: i64) -> bool {
        match self {
            TrailKind::Administrative => action.is_administrative(),
            TrailKind::Grievance => grievance_id > 0,
        }
    }
}

/// The longest Audit History search: longer text names nothing a record holds.
pub const MAX_SEARCH: usize = 100;

/// An Audit History search: text found, ignoring ASCII case, in a record's grievance number,
/// its user's name or email, its field, old and new values, or its notes (a complete
/// record's summary). A whole grievance number (`GRV-2024-000123`) names one grievance,
/// whose trail both engines read by its id instead of searching the whole trail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrailSearch {
    text: String,
    grievance: Option<i64>,
}

impl TrailSearch {
    /// `None` for blank text.
    pub fn parse(text: &str) -> Result<Option<TrailSearch>> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        if text.chars().count() > MAX_SEARCH {
            return Err(Error::field("search", Msg::AuditSearchTooLong));
        }
        Ok(Some(TrailSearch { text: text.to_string(), grievance: whole_number(text) }))
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The grievance a whole grievance number names, and that number as written in records.
    pub fn grievance(&self) -> Option<(i64, String)> {
        self.grievance.map(|id| (id, self.text.to_ascii_uppercase()))
    }

    /// Whether a record holding these texts matches (the engines that filter in Rust).
    pub fn matches<'a>(&self, grievance_id: i64, texts: impl IntoIterator<Item = Option<&'a str>>) -> bool {
        if let Some((id, number)) = self.grievance() {
            return grievance_id == id && texts.into_iter().next().flatten() == Some(number.as_str());
        }
        let wanted = self.text.to_ascii_lowercase();
        texts.into_iter().flatten().any(|t| t.to_ascii_lowercase().contains(&wanted))
    }
}

/// The id in a grievance number as the portal writes them (`GRV-{year}-{id:06}`).
fn whole_number(text: &str) -> Option<i64> {
    let rest = text.get(..4).filter(|p| p.eq_ignore_ascii_case("GRV-")).map(|_| &text[4..])?;
    let (year, id) = rest.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if year.len() != 4 || !digits(year) || id.len() < 6 || !digits(id) {
        return None;
    }
    id.parse().ok().filter(|id| *id > 0)
}

/// Refuses a page the Audit History could not have asked for.
pub fn check_paging(limit: usize, offset: usize) -> Result<()> {
    if limit == 0 || limit > MAX_LIMIT {
        return Err(Error::field("limit", Msg::LimitOutOfRange500));
    }
    if offset > MAX_OFFSET {
        return Err(Error::field("offset", Msg::OffsetTooLarge));
    }
    Ok(())
}

/// Where the audit trail is kept.
#[async_trait]
pub trait AuditTrail: Send + Sync + 'static {
    /// One grievance's records. Ids below 1 name no grievance (events about none, such as
    /// exports and sign-in records, are kept apart and are never a grievance's trail).
    async fn for_grievance(&self, grievance_id: i64, access: TrailAccess, action: Option<AuditAction>, limit: usize, offset: usize) -> Result<Vec<AuditRecord>>;

    /// Whether the viewer may read, record by record, the trail of a grievance that no
    /// longer exists: they could read its newest record. False when it has no trail.
    async fn readable_after_deletion(&self, grievance_id: i64, viewer: &Viewer) -> Result<bool>;

    /// The records the viewer may read, newest first, under `filters`: the state's, or those
    /// of the grievances in their reach (a grievance's records follow it where it lies now),
    /// with the records of deleted grievances and events they could read themselves.
    async fn all(&self, viewer: &Viewer, filters: &TrailFilters, limit: usize, offset: usize) -> Result<Vec<AuditRecord>>;

    /// The newest `limit` records the viewer may read, as [`AuditTrail::all`] answers them
    /// without filters, for the dashboard's recent activity: a grievance's records may come
    /// without their details (for a complete record, the whole grievance), which its
    /// sentences never read; an event's (a subject's name, an export's filters) come whole.
    async fn recent(&self, viewer: &Viewer, limit: usize) -> Result<Vec<AuditRecord>> {
        self.all(viewer, &TrailFilters::default(), limit, 0).await
    }

    /// How many audit records exist in all.
    async fn total_actions(&self) -> Result<i64>;

    /// How many grievances have a trail: every grievance ever filed, deleted ones included.
    async fn grievances_tracked(&self) -> Result<i64>;

    /// Records something done that changes no grievance (an export, a refused grant): one
    /// record about no grievance (id 0), readable without view_all only by the one who did it.
    async fn record_event(&self, actor: &Actor, entry: AuditEntry) -> Result<()>;

    /// Checks the chains of `scope` (see [`crate::chain`]): every record's hash and link, and
    /// each chain's head, naming the first record that does not hold.
    async fn verify(&self, scope: crate::chain::VerifyScope) -> Result<crate::chain::Verification>;

    /// Where the trail stands now, in the engine's own terms (a checkpoint's `as_of`), with
    /// its summary there (see [`crate::checkpoint`]). Reads every chain's head.
    async fn summary_now(&self) -> Result<(String, crate::checkpoint::TrailSummary)>;

    /// The summary of the trail as it stood at `as_of` (a checkpoint's), made again from the
    /// records kept today. An `as_of` this engine does not write is refused (400).
    async fn summary_as_of(&self, as_of: &str) -> Result<crate::checkpoint::TrailSummary>;

    /// Brings in records an earlier release kept in another shape: an upgrade step run at
    /// start, answering how many it moved.
    async fn upgrade(&self) -> Result<u64> {
        Ok(0)
    }
}

/// Who may read a grievance's trail, and how much of it.
#[derive(Clone, Debug)]
pub enum TrailAccess {
    /// The grievance exists and the caller may see it: its whole history.
    Whole,
    /// The grievance was deleted: only the records the caller could read one by one.
    RecordByRecord(Viewer),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(text: &str) -> TrailSearch {
        TrailSearch::parse(text).unwrap().unwrap()
    }

    #[test]
    fn a_whole_grievance_number_names_its_grievance() {
        assert_eq!(search(" grv-2024-000123 ").grievance(), Some((123, "GRV-2024-000123".to_string())));
        assert_eq!(search("GRV-2031-1234567").grievance(), Some((1_234_567, "GRV-2031-1234567".to_string())));
        for partial in ["GRV-2024-00012", "GRV-24-000123", "000123", "GRV-2024-000000", "GRV-2024-00012x"] {
            assert_eq!(search(partial).grievance(), None, "{partial}");
        }
    }

    #[test]
    fn text_is_found_in_any_field_ignoring_ascii_case() {
        let s = search("motorCYCLE");
        assert!(s.matches(7, [Some("GRV-2026-000007"), None, Some("Stolen MOTORCYCLE")]));
        assert!(!s.matches(7, [Some("GRV-2026-000007"), Some("Ravi")]));
        assert!(search("चोरी").matches(1, [None, Some("मोटरसाइकिल चोरी")]));
        let number = search("GRV-2026-000007");
        assert!(number.matches(7, [Some("GRV-2026-000007")]));
        assert!(!number.matches(8, [Some("GRV-2026-000007")]), "another grievance's record that mentions it");
    }

    #[test]
    fn kinds_parse_and_tell_records_apart() {
        assert_eq!(TrailKind::parse(None).unwrap(), None);
        assert_eq!(TrailKind::parse(Some(" all ")).unwrap(), None);
        assert_eq!(TrailKind::parse(Some("ADMIN")).unwrap(), Some(TrailKind::Administrative));
        assert_eq!(TrailKind::parse(Some("grievance")).unwrap(), Some(TrailKind::Grievance));
        assert_eq!(TrailKind::parse(Some("users")).unwrap_err().to_string(), Msg::AuditKindUnknown);
        assert!(TrailKind::Administrative.holds(AuditAction::RoleUpdated, 0));
        assert!(!TrailKind::Administrative.holds(AuditAction::Exported, 0));
        assert!(TrailKind::Grievance.holds(AuditAction::Updated, 7));
        assert!(!TrailKind::Grievance.holds(AuditAction::Exported, 0));
    }

    #[test]
    fn blank_and_overlong_searches() {
        assert_eq!(TrailSearch::parse("   ").unwrap(), None);
        let long = "x".repeat(101);
        assert_eq!(TrailSearch::parse(&long).unwrap_err().to_string(), "Search text must be at most 100 characters");
    }
}
