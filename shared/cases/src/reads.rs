//! Reading grievances: by id and as filtered, newest-first pages, in the viewer's reach
//! (`domain::jurisdiction`: their own cases, their posting's, or the state's), so nothing
//! outside it can leak.

use domain::GrievanceId;
use domain::Msg;
use crate::port::{Cases, StoredPage};
pub use crate::port::{AssigneeFilter, DueFilter, FiledRange, FilterNames, Filters, Order, SectionFilter, SortDirection, SortKey, Viewer, SELECTION_LIMIT};
use crate::record::Grievance;
use crate::summary::Summary;
use crate::writes;
use domain::jurisdiction::{Posting, Reach};
use domain::{Error, Result};

impl Viewer {
    /// Every grievance of the state (a system task, or a role with view_all).
    pub fn state(user_id: i64) -> Viewer {
        Viewer { user_id, reach: Reach::State }
    }

    /// Only the cases `user_id` filed or is assigned to.
    pub fn own(user_id: i64) -> Viewer {
        Viewer { user_id, reach: Reach::Own { user_id } }
    }

    pub fn sees_state(&self) -> bool {
        self.reach == Reach::State
    }

    pub fn may_see(&self, g: &Grievance) -> bool {
        self.reach.holds(g.district_id, g.police_station_id, &g.visible_to())
    }

    /// Whether a user posted at `posting` is within the viewer's reach as an assignee: anyone
    /// for the state, those posted inside the area for a posting's reach, only themselves for
    /// their own. Outside it, a user is "not found", so that assigning to ids one after
    /// another reveals no staff names.
    pub fn may_assign_to(&self, user_id: i64, posting: &Posting) -> bool {
        user_id == self.user_id
            || match &self.reach {
                Reach::State => true,
                Reach::Own { .. } => false,
                Reach::Area(area) => match posting {
                    Posting::Station(s) => area.stations.contains(s),
                    Posting::District(d) => area.districts.contains(d),
                    Posting::Range(r) => area.ranges.contains(r),
                    Posting::State => false,
                },
            }
    }
}

/// A grievance the viewer may see; another's is "not found", not "forbidden", so that ids
/// reveal nothing.
pub async fn get(cases: Cases<'_>, viewer: &Viewer, id: GrievanceId) -> Result<Grievance> {
    match writes::load(cases, id.get()).await? {
        Some(s) if viewer.may_see(&s.grievance) => Ok(s.grievance),
        _ => Err(Error::NotFound(Msg::GrievanceNotFound)),
    }
}

/// [`get`], read in order to change it: the change starts from this reading
/// ([`writes::Seen`]), so that a request reads its grievance once.
pub async fn to_change(cases: Cases<'_>, viewer: &Viewer, id: GrievanceId) -> Result<writes::Seen> {
    match writes::load_to_change(cases, id.get()).await? {
        Some(s) if viewer.may_see(&s.grievance) => Ok(writes::Seen::new(s)),
        _ => Err(Error::NotFound(Msg::GrievanceNotFound)),
    }
}

impl Order {
    pub fn is_default(&self) -> bool {
        *self == Order::default()
    }
}

fn contains(haystack: &str, needle: &str) -> bool {
    haystack.to_lowercase().contains(needle)
}

impl Filters {
    pub fn is_empty(&self) -> bool {
        self.set_count() == 0
    }

    /// How many of the list's filters are set (a FIR date range counts once).
    pub fn set_count(&self) -> usize {
        [
            self.search.is_some(),
            self.fir_no.is_some(),
            self.district.is_some(),
            self.police_station.is_some(),
            self.status.is_some(),
            self.priority.is_some(),
            self.from_date.is_some() || self.to_date.is_some(),
            self.overdue.is_some(),
            self.due.is_some(),
            self.closure_pending,
            self.escalated_to.is_some(),
            self.appeal_pending,
            self.section.is_some(),
            self.assignee.is_some(),
            self.crime_head.is_some(),
            self.filed.is_some(),
            self.ids.is_some(),
        ]
        .into_iter()
        .filter(|set| *set)
        .count()
    }

    /// Whether the free text, when given, is found in the case's own text or in what may be
    /// found of its people.
    fn finds_text(&self, g: &Grievance) -> bool {
        let f = &g.fields;
        self.search.as_ref().is_none_or(|s| {
            let s = s.to_lowercase();
            contains(&g.grievance_number, &s)
                || contains(&f.fir_no, &s)
                || contains(&f.crime_title, &s)
                || contains(&f.brief_details, &s)
                || g.people_text.as_deref().is_some_and(|people| contains(people, &s))
        })
    }

    pub fn matches(&self, g: &Grievance) -> bool {
        let f = &g.fields;
        let eq = |want: &Option<i64>, have: Option<i64>| want.is_none_or(|w| have == Some(w));
        self.finds_text(g) && self.fir_no.as_ref().is_none_or(|n| contains(&f.fir_no, &n.to_lowercase()))
            && eq(&self.district, g.district_id)
            && eq(&self.police_station, g.police_station_id)
            && eq(&self.status, g.status_id)
            && eq(&self.priority, g.priority_id)
            && self.from_date.as_ref().is_none_or(|d| f.fir_date.as_str() >= d.as_str())
            && self.to_date.as_ref().is_none_or(|d| f.fir_date.as_str() <= d.as_str())
            && self.overdue.as_ref().is_none_or(|clock| clock.pendency(g).overdue)
            && self.due.is_none_or(|due| due.holds(g.next_due.as_ref().and_then(domain::day::Day::date)))
            && (!self.closure_pending || g.closure.is_some())
            && (!self.appeal_pending || g.fields.appeals.iter().any(domain::citizen::Appeal::is_open))
            && self.escalated_to.as_ref().is_none_or(|to| g.escalation.as_ref().is_some_and(|e| e.to == *to))
            && self.section.as_ref().is_none_or(|want| want.holds(&f.sections, &f.section_and_act))
            && self.assignee.is_none_or(|want| want.holds(g.assigned_to))
            && self.crime_head.as_ref().is_none_or(|want| f.crime_title.trim().to_lowercase() == *want)
            && self.filed.as_ref().is_none_or(|range| range.holds(&g.filed_at))
            && self.ids.as_ref().is_none_or(|ids| ids.contains(&g.id))
    }
}

impl SectionFilter {
    /// Whether a case with these kept sections and this "Section & Act" is in it.
    pub fn holds(&self, kept: &[domain::law::section::ChargedSection], section_and_act: &str) -> bool {
        domain::law::citation::kept_or_read(kept, section_and_act)
            .iter()
            .any(|s| s.act == self.act && self.section.as_ref().is_none_or(|want| s.section.within(want)))
    }
}

impl AssigneeFilter {
    pub fn holds(&self, assigned_to: Option<i64>) -> bool {
        match self {
            AssigneeFilter::Nobody => assigned_to.is_none(),
            AssigneeFilter::User(user) => assigned_to == Some(*user),
        }
    }
}

impl FiledRange {
    /// The days from `from` to `to` (both inclusive, days in India), as the times they run
    /// between; `None` when neither end is given.
    pub fn of_days(from: Option<time::Date>, to: Option<time::Date>) -> Option<FiledRange> {
        if from.is_none() && to.is_none() {
            return None;
        }
        Some(FiledRange {
            from: from.map(domain::clock::india_day_start),
            until: to.map(|to| domain::clock::india_day_start(to.next_day().unwrap_or(to))),
        })
    }

    /// Whether a grievance filed at `filed_at` (as the portal records times) is in it. The
    /// bounds hold no fraction of a second nor zone, so that a time with a fraction compares
    /// as its second does.
    pub fn holds(&self, filed_at: &str) -> bool {
        self.from.as_deref().is_none_or(|from| filed_at >= from) && self.until.as_deref().is_none_or(|until| filed_at < until)
    }
}

impl DueFilter {
    /// The span of "due within N days" when none is named: the dashboard's tile and the
    /// list's default.
    pub const SOON_DAYS: u16 = 7;

    /// The due days it takes, both ends inclusive.
    pub fn days(&self) -> (Option<time::Date>, time::Date) {
        match *self {
            DueFilter::Missed { today, since } => (since, today.previous_day().unwrap_or(today)),
            DueFilter::DueWithin { today, days } => (Some(today), today.saturating_add(time::Duration::days(days.into()))),
        }
    }

    /// Whether a case whose earliest open due day is `next_due` is in it.
    pub fn holds(&self, next_due: Option<time::Date>) -> bool {
        let (from, to) = self.days();
        next_due.is_some_and(|due| from.is_none_or(|from| due >= from) && due <= to)
    }
}

impl Filters {
    /// Filters by the items `names` names (any capitals): their ids, and their own
    /// spelling in `named`. A name that is no item of its list leaves nothing to match.
    pub async fn name_items(&mut self, lists: &dyn lists::AdminLists, names: FilterNames) -> Result<()> {
        use domain::lists::ListKind;
        let mut named = names.clone();
        for (kind, name, id, label) in [
            (ListKind::Districts, names.district, &mut self.district, &mut named.district),
            (ListKind::PoliceStations, names.police_station, &mut self.police_station, &mut named.police_station),
            (ListKind::Statuses, names.status, &mut self.status, &mut named.status),
            (ListKind::Priorities, names.priority, &mut self.priority, &mut named.priority),
        ] {
            let Some(name) = name else { continue };
            match lists.find_by_name(kind, &name).await? {
                Some(item) => {
                    *id = Some(item.id);
                    *label = Some(item.name);
                }
                None => self.unknown_item = true,
            }
        }
        self.named = named;
        Ok(())
    }
}

pub struct ListPage<T = Grievance> {
    pub items: Vec<T>,
    /// Continue from here; present while more items may match.
    pub cursor: Option<String>,
    /// How many grievances the engine read to answer (matches and the rest).
    pub examined: u64,
    /// The engine stopped at [`READ_BUDGET`] before it had a full page: the page is short
    /// (maybe empty) though more matches may follow the cursor. Never set on a full page or
    /// on the true last page.
    pub bounded: bool,
    /// How many match, when the engine read that to answer anyway; otherwise ask
    /// `Grievances::count`.
    pub matched: Option<i64>,
}

/// How many items one request may examine before answering with what it found and a
/// cursor to continue: bounded work per request, whatever the filters.
pub const READ_BUDGET: usize = 2000;

pub async fn list(cases: Cases<'_>, viewer: &Viewer, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<ListPage> {
    if filters.unknown_item {
        return Ok(ListPage { items: Vec::new(), cursor: None, examined: 0, bounded: false, matched: None });
    }
    let first_page = cursor.is_none();
    let StoredPage { mut items, cursor, examined, bounded, mut matched } = cases.grievances.list(viewer, filters, limit, cursor).await?;
    if filters.search.is_some() && items.iter().any(|s| s.grievance.people_text.is_some()) {
        let sensitivity = crate::identity::Sensitivity::now(cases.lists).await?;
        let found = items.len();
        items.retain(|s| still_found(filters, &s.grievance, &sensitivity));
        // Nor counted: a first page that ends the scan holds every match, as a search by a
        // person's name does.
        let dropped = (found - items.len()) as i64;
        if dropped > 0 {
            matched = match matched {
                Some(n) => Some(n - dropped),
                None => (first_page && cursor.is_none()).then_some(items.len() as i64),
            };
        }
    }
    crate::relabel::relabel_all(cases.lists, &mut items).await?;
    Ok(ListPage { items: items.into_iter().map(|s| s.grievance).collect(), cursor, examined, bounded, matched })
}

/// [`list`]'s page as the list screen's rows (`summary`). A search is answered from the whole
/// records, which it checks against the people a search may find today ([`still_found`]);
/// any other page is read as rows alone (`Grievances::summaries`).
pub async fn summaries(cases: Cases<'_>, viewer: &Viewer, filters: &Filters, limit: usize, cursor: Option<String>) -> Result<ListPage<Summary>> {
    if filters.search.is_some() || filters.unknown_item {
        let ListPage { items, cursor, examined, bounded, matched } = list(cases, viewer, filters, limit, cursor).await?;
        return Ok(ListPage { items: items.iter().map(Summary::of).collect(), cursor, examined, bounded, matched });
    }
    let StoredPage { mut items, cursor, examined, bounded, matched } = cases.grievances.summaries(viewer, filters, limit, cursor).await?;
    crate::relabel::relabel_summaries(cases.lists, &mut items).await?;
    Ok(ListPage { items: items.into_iter().map(|s| s.summary).collect(), cursor, examined, bounded, matched })
}

/// Whether a case a search found by its stored text is found by what the reference list in
/// force lets a search find of its people. The store's text is worked out when the case is
/// written and again after the law changes (`dues::reindex_if_owed`); between an Admin's
/// marking a section sensitive and that working-out, a case of it is found by its victim no
/// more for the index being behind.
fn still_found(filters: &Filters, g: &Grievance, sensitivity: &crate::identity::Sensitivity) -> bool {
    if g.people_text.is_none() {
        return true;
    }
    let now = Grievance { people_text: domain::parties::findable_text(&g.fields.parties, sensitivity.of(g)), ..g.clone() };
    filters.finds_text(&now)
}

/// One audit record as the API answers it.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct AuditRecord {
    pub id: String,
    pub grievance_id: i64,
    pub grievance_number: String,
    pub action: domain::audit::AuditAction,
    pub field_name: Option<String>,
    pub old_value: Option<String>,
    pub new_value: Option<String>,
    pub notes: Option<String>,
    /// `{summary, changes: [{field, action (added/removed/changed), oldValue, newValue}]}`
    /// for complete records and officer-list changes; null otherwise.
    #[schema(value_type = Option<Object>)]
    pub action_details: Option<domain::audit::Details>,
    pub user_id: i64,
    pub user_name: String,
    pub user_email: String,
    pub user_role: String,
    pub ip_address: String,
    pub user_agent: String,
    pub session_id: String,
    pub created_at: String,
}
