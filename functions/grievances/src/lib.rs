//! `/api/grievances`: grievances and FIRs, their attachments and case notes. Every read
//! obeys the caller's reach (`domain::jurisdiction`): their own cases, their posting's, or
//! the state's; outside it a grievance, its attachments and its notes are "not found".

pub mod attachments;
pub mod citizens;
pub mod clock_actions;
pub mod identities;
mod markings;
pub mod publication;
pub mod status_page;
pub mod trash;
pub mod bulk;
pub mod imports;
pub mod views;
pub mod escalation;
pub mod links;
pub mod notes;
pub mod notify;

use domain::{GrievanceId, ItemId, UserId};
use domain::Msg;
use axum::extract::{Path, Query, State};
use cases::pendency::{Clock, GrievanceRow, GrievanceView};
use cases::summary::GrievanceSummaryRow;
use cases::reads::{self, FilterNames, Filters};
use cases::writes;
use domain::grievance::GrievanceForm;
use domain::law::section::{Act, SectionNo};
use domain::lists::ListKind;
use domain::{Action, Error, Resource};
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, Envelope, ErrorBody};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(list_grievances, create_grievance))
        .routes(routes!(grievance_stats))
        .routes(routes!(scope))
        .routes(routes!(lookup))
        .routes(routes!(get_grievance, update_grievance, trash::delete_grievance))
        .routes(routes!(change_status))
        .routes(routes!(assign))
        .routes(routes!(transfer))
        .routes(routes!(approve_closure))
        .routes(routes!(return_closure))
        .routes(routes!(assignees))
        .routes(routes!(duplicates))
        .routes(routes!(history))
        .merge(attachments::routes())
        .merge(notes::routes())
        .merge(clock_actions::routes())
        .merge(identities::routes())
        .merge(publication::routes())
        .merge(links::routes())
        .merge(notify::routes())
        .merge(citizens::routes())
        .merge(status_page::routes())
        .merge(trash::routes())
        .merge(imports::routes())
        .merge(bulk::routes())
        .merge(views::routes())
}

/// The list filters and paging.
#[derive(Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Case-insensitive text in the grievance number, FIR number, crime title or brief
    /// details, or in the name, relation name or mobile of a person in the case (never a
    /// sensitive case's victim). A mobile number typed with spaces, hyphens or a country
    /// code is searched by its last ten digits.
    pub search: Option<String>,
    pub fir_no: Option<String>,
    pub district: Option<String>,
    pub police_station: Option<String>,
    pub status: Option<String>,
    pub priority: Option<String>,
    /// FIR date from (YYYY-MM-DD, inclusive).
    pub from_date: Option<String>,
    /// FIR date to (YYYY-MM-DD, inclusive).
    pub to_date: Option<String>,
    /// Only grievances that have stayed at their stage longer than the Admin Panel's limit.
    pub overdue: Option<bool>,
    /// `pending`: the "Closure requests" queue, grievances whose closure waits for approval.
    pub closure: Option<String>,
    /// `me`: the "Escalated to me" queue, grievances escalated to the caller's posting.
    pub escalated: Option<String>,
    /// `pending`: the "Appeals" queue, grievances whose complainant's appeal against the
    /// disposal awaits a decision.
    pub appeal: Option<String>,
    /// By the statutory clocks still open on a case: `missed` (one passed its due day
    /// unmet) or `due` (none missed, one falls due within `within` days). Listed by that due
    /// day, latest first, whatever `sort` says.
    pub clock: Option<String>,
    /// With `clock=due`: 0 (today) to 365 days; 7 when absent.
    pub within: Option<u16>,
    /// Only cases registered under this act: BNS, BNSS, IPC, CrPC, POCSO or OTHER (a case's
    /// sections as kept, or as its "Section & Act" reads when it keeps none).
    pub act: Option<String>,
    /// With `act`: only cases under this section of it or a sub-division ("303" finds
    /// "303(2)").
    pub section: Option<String>,
    /// `me`: the caller's cases by assignment; `none`: cases assigned to nobody; a user id:
    /// that user's.
    pub assignee: Option<String>,
    /// Only cases whose crime title, as filed, is this one (capitals do not matter).
    pub crime_head: Option<String>,
    /// Filed on or after this day in India (YYYY-MM-DD).
    pub filed_from: Option<String>,
    /// Filed on or before this day in India (YYYY-MM-DD).
    pub filed_to: Option<String>,
    /// Only these grievances: ids separated by commas, at most 200 (a selection on the list,
    /// to export it).
    pub ids: Option<String>,
    /// The column to sort by: filed_at (when absent), fir_date, priority or status. Priority
    /// and status go by the items' display order in the Admin Panel.
    #[param(value_type = Option<reads::SortKey>)]
    pub sort: Option<String>,
    /// asc or desc (when absent); ties go by grievance id in the same direction.
    #[param(value_type = Option<reads::SortDirection>)]
    pub direction: Option<String>,
    /// 1 to 200; 50 when absent.
    pub limit: Option<usize>,
    /// From the previous page's `next_cursor`, with the same filters and order.
    pub cursor: Option<String>,
}

fn clean(v: Option<String>) -> Option<String> {
    v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

fn date_filter(v: Option<String>, field: &str) -> Result<Option<String>, Error> {
    match clean(v) {
        None => Ok(None),
        Some(text) => match domain::grievance::parse_date(&text) {
            Some(d) => Ok(Some(format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day()))),
            None => Err(Error::field(field, Msg::DateFilterInvalid)),
        },
    }
}

fn day_filter(v: Option<String>, field: &str) -> Result<Option<time::Date>, Error> {
    match clean(v) {
        None => Ok(None),
        Some(text) => match domain::grievance::parse_date(&text) {
            Some(d) => Ok(Some(d)),
            None => Err(Error::field(field, Msg::DateFilterInvalid)),
        },
    }
}

fn selection(v: Option<String>) -> Result<Option<Vec<i64>>, Error> {
    let Some(text) = clean(v) else { return Ok(None) };
    let invalid = || Error::field("ids", Msg::SelectionInvalid { max: reads::SELECTION_LIMIT.to_string() });
    let ids: Vec<i64> = text.split(',').map(|id| id.trim().parse::<i64>().ok().filter(|id| *id > 0)).collect::<Option<_>>().ok_or_else(invalid)?;
    if ids.len() > reads::SELECTION_LIMIT {
        return Err(invalid());
    }
    Ok(Some(ids))
}

impl ListParams {
    /// The filters, the page size and the cursor; the pendency limits are read only when the
    /// overdue filter asks for them.
    pub async fn filters(self, cases: cases::Cases<'_>, user_id: i64, posting: &domain::jurisdiction::Posting) -> Result<(Filters, usize, Option<String>), Error> {
        let overdue = match self.overdue {
            Some(true) => Some(Clock::now(cases.lists).await?),
            _ => None,
        };
        let limit = self.limit.unwrap_or(50);
        if !(1..=200).contains(&limit) {
            return Err(Error::field("limit", Msg::LimitOutOfRange200));
        }
        let order = reads::Order {
            key: match clean(self.sort).as_deref() {
                None | Some("filed_at") => reads::SortKey::FiledAt,
                Some("fir_date") => reads::SortKey::FirDate,
                Some("priority") => reads::SortKey::Priority,
                Some("status") => reads::SortKey::Status,
                Some(_) => return Err(Error::field("sort", Msg::SortInvalid)),
            },
            direction: match clean(self.direction).as_deref() {
                None | Some("desc") => reads::SortDirection::Desc,
                Some("asc") => reads::SortDirection::Asc,
                Some(_) => return Err(Error::field("direction", Msg::DirectionInvalid)),
            },
        };
        let closure_pending = match clean(self.closure).as_deref() {
            None => false,
            Some("pending") => true,
            Some(_) => return Err(Error::field("closure", Msg::ClosureFilterInvalid)),
        };
        let appeal_pending = match clean(self.appeal).as_deref() {
            None => false,
            Some("pending") => true,
            Some(_) => return Err(Error::field("appeal", Msg::AppealFilterInvalid)),
        };
        let escalated_to = match clean(self.escalated).as_deref() {
            None => None,
            Some("me") => Some(posting.clone()),
            Some(_) => return Err(Error::field("escalated", Msg::EscalatedFilterInvalid)),
        };
        let today = domain::clock::today();
        let due = match (clean(self.clock).as_deref(), self.within) {
            (_, Some(days)) if days > 365 => return Err(Error::field("within", Msg::WithinOutOfRange)),
            (None, _) => None,
            (Some("missed"), _) => Some(reads::DueFilter::Missed { today, since: None }),
            (Some("due"), within) => Some(reads::DueFilter::DueWithin { today, days: within.unwrap_or(reads::DueFilter::SOON_DAYS) }),
            (Some(_), _) => return Err(Error::field("clock", Msg::ClockFilterInvalid)),
        };
        let section = match (clean(self.act), clean(self.section)) {
            (None, None) => None,
            (None, Some(_)) => return Err(Error::field("act", Msg::SectionFilterNeedsAct)),
            (Some(act), section) => Some(reads::SectionFilter {
                act: Act::parse(&act).ok_or_else(|| Error::field("act", Msg::ActFilterInvalid))?,
                section: section.map(|s| SectionNo::parse(&s).ok_or_else(|| Error::field("section", Msg::SectionNumberInvalid))).transpose()?,
            }),
        };
        let assignee = match clean(self.assignee).as_deref() {
            None => None,
            Some("me") => Some(reads::AssigneeFilter::User(user_id)),
            Some("none") => Some(reads::AssigneeFilter::Nobody),
            Some(id) => Some(reads::AssigneeFilter::User(id.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| Error::field("assignee", Msg::AssigneeFilterInvalid))?)),
        };
        let filed = reads::FiledRange::of_days(day_filter(self.filed_from, "filed_from")?, day_filter(self.filed_to, "filed_to")?);
        let mut filters = Filters {
            assignee,
            crime_head: clean(self.crime_head).map(|t| t.to_lowercase()),
            filed,
            ids: selection(self.ids)?,
            section,
            due,
            escalated_to,
            closure_pending,
            appeal_pending,
            order,
            search: clean(self.search).map(|text| domain::parties::mobile_search(&text).unwrap_or(text)),
            fir_no: clean(self.fir_no),
            from_date: date_filter(self.from_date, "from_date")?,
            to_date: date_filter(self.to_date, "to_date")?,
            overdue,
            ..Filters::default()
        };
        let names = FilterNames {
            district: clean(self.district),
            police_station: clean(self.police_station),
            status: clean(self.status),
            priority: clean(self.priority),
        };
        filters.name_items(cases.lists, names).await?;
        Ok((filters, limit, clean(self.cursor)))
    }
}

/// How a list answers each grievance.
#[derive(Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub struct ListViewParam {
    /// `full` (when absent): each grievance whole, with its clocks and code warnings
    /// (`GrievanceRow`); `summary`: the list screen's row (`GrievanceSummaryRow`), its numbers,
    /// crime, places, status, priority, officers, dates and badges, about a third of the bytes.
    pub view: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ListView {
    Full,
    Summary,
}

impl ListViewParam {
    fn parse(self) -> Result<ListView, Error> {
        match clean(self.view).as_deref() {
            None | Some("full") => Ok(ListView::Full),
            Some("summary") => Ok(ListView::Summary),
            Some(_) => Err(Error::field("view", Msg::ListViewInvalid)),
        }
    }
}

/// A list page's counts and where it goes on, whichever rows it answers.
#[derive(Serialize, ToSchema)]
pub struct ListCounts {
    /// How many grievances the caller can see in all.
    pub total: i64,
    /// How many of them match the filters, when that is known without reading every match:
    /// no filter, or one status, priority or police station filter (from the counters), or
    /// any filters whose matches all fit on this first page. Null otherwise.
    pub matched: Option<i64>,
    /// Continue with this cursor; absent on the last page.
    pub next_cursor: Option<String>,
    /// True when the server stopped reading before it had a full page, to bound the work of
    /// one request (filters no index or counter covers): `data` may be short or empty while
    /// more matches may follow `next_cursor`. The client continues with the cursor until it
    /// has a page or the end. False on a full page and on the true last page.
    pub bounded: bool,
    /// How many grievances the server read to answer this request; with `total`, a client
    /// that continues a bounded search can show how far it has got.
    pub examined: u64,
}

/// A page of whole rows says so (`"view": "full"`), so that each page matches one schema
/// however few its rows.
#[derive(Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WholeRows {
    Full,
}

/// A page of summary rows says so (`"view": "summary"`).
#[derive(Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SummaryRows {
    Summary,
}

#[derive(Serialize, ToSchema)]
pub struct GrievancePage {
    pub success: bool,
    pub view: WholeRows,
    /// The page, newest first.
    pub data: Vec<GrievanceRow>,
    #[serde(flatten)]
    pub counts: ListCounts,
}

/// The list as `view=summary` answers it.
#[derive(Serialize, ToSchema)]
pub struct GrievanceSummaryPage {
    pub success: bool,
    pub view: SummaryRows,
    /// The page, newest first.
    pub data: Vec<GrievanceSummaryRow>,
    #[serde(flatten)]
    pub counts: ListCounts,
}

/// A list page, whole rows or summaries as `view` asks.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum ListAnswer {
    Full(GrievancePage),
    Summary(GrievanceSummaryPage),
}

/// A page of grievances, filtered and sorted on the server (newest filed first unless
/// `sort` says otherwise).
#[utoipa::path(get, path = "/api/grievances", tag = "grievances", security(("bearer" = [])), params(ListParams, ListViewParam),
    responses((status = 200, body = ListAnswer), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn list_grievances(State(state): State<AppState>, caller: Caller, Query(params): Query<ListParams>, Query(view): Query<ListViewParam>) -> ApiResult<ApiJson<ListAnswer>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let view = view.parse()?;
    let (mut filters, limit, cursor) = params.filters(state.cases(), caller.user().id, &caller.user().posting).await?;
    let clock = match &filters.overdue {
        Some(clock) => clock.clone(),
        None => Clock::now(state.lists.as_ref()).await?,
    };
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    if filters.escalated_to.is_some() && matches!(viewer.reach, domain::jurisdiction::Reach::Own { .. }) {
        // The queue is the posting's officers': a user who sees only their own cases has none.
        filters.unknown_item = true;
    }
    let cursor = http_glue::cursors::open(&state, &caller, http_glue::cursors::GRIEVANCES, cursor)?;
    let first_page = cursor.is_none();
    Ok(ApiJson(match view {
        ListView::Full => {
            let page = reads::list(state.cases(), &viewer, &filters, limit, cursor).await?;
            let (items, counts) = counted(&state, &caller, &viewer, &filters, first_page, page).await?;
            ListAnswer::Full(GrievancePage { success: true, view: WholeRows::Full, data: items.into_iter().map(|g| clock.row(g)).collect(), counts })
        }
        ListView::Summary => {
            let page = reads::summaries(state.cases(), &viewer, &filters, limit, cursor).await?;
            let (items, counts) = counted(&state, &caller, &viewer, &filters, first_page, page).await?;
            ListAnswer::Summary(GrievanceSummaryPage { success: true, view: SummaryRows::Summary, data: items.into_iter().map(|s| s.row(&clock)).collect(), counts })
        }
    }))
}

/// A page's rows and its counts: the total, the matches where they are known, and the
/// sealed cursor to go on with.
async fn counted<T>(state: &AppState, caller: &Caller, viewer: &reads::Viewer, filters: &Filters, first_page: bool, page: reads::ListPage<T>) -> ApiResult<(Vec<T>, ListCounts)> {
    // A count the list read anyway (a FIR-date range's keys) is not read again.
    let cases::port::ListCount { total, mut matched } = match page.matched {
        Some(known) => cases::port::ListCount { total: state.grievances.tallies(viewer).await?.total, matched: Some(known) },
        None => state.grievances.count(viewer, filters).await?,
    };
    // A first page that ends the scan holds every match: its length is the exact count,
    // whatever combination of filters produced it.
    if matched.is_none() && first_page && page.cursor.is_none() {
        matched = Some(page.items.len() as i64);
    }
    let next_cursor = http_glue::cursors::seal(state, caller, http_glue::cursors::GRIEVANCES, page.cursor);
    Ok((page.items, ListCounts { total, matched, next_cursor, bounded: page.bounded, examined: page.examined }))
}

/// A lookup by number.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LookupParams {
    /// A grievance number or FIR number, or its first characters; capitals do not matter.
    pub number: Option<String>,
    /// `exact`: the whole number; `prefix` (when absent): numbers starting with it.
    #[param(value_type = Option<cases::numbers::NumberMatch>)]
    #[serde(rename = "match")]
    pub matching: Option<String>,
    /// 1 to 50; 10 when absent.
    pub limit: Option<usize>,
    /// From the previous answer's `next_cursor`, with the same number and match.
    pub cursor: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct LookupPage {
    pub success: bool,
    /// Highest number first; each grievance once.
    pub data: Vec<GrievanceRow>,
    /// Continue with this cursor; absent on the last page.
    pub next_cursor: Option<String>,
    /// True when the server stopped after reading its bound of numbers before the page was
    /// full (numbers of grievances the caller may not see were passed over): `data` may be
    /// short while more follow `next_cursor`.
    pub bounded: bool,
    /// How many grievances the caller may see the server read to answer (numbers of those
    /// out of their reach are passed over uncounted).
    pub examined: u64,
}

/// The grievances the caller may see whose grievance number or FIR number is `number`
/// (`match=exact`) or starts with it: found through an index of the numbers, so the work is
/// a page of that index however many grievances the department holds.
#[utoipa::path(get, path = "/api/grievances/lookup", tag = "grievances", security(("bearer" = [])), params(LookupParams),
    responses((status = 200, body = LookupPage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn lookup(State(state): State<AppState>, caller: Caller, Query(params): Query<LookupParams>) -> ApiResult<ApiJson<LookupPage>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let matching = match clean(params.matching).as_deref() {
        None | Some("prefix") => cases::numbers::NumberMatch::Prefix,
        Some("exact") => cases::numbers::NumberMatch::Exact,
        Some(_) => return Err(Error::field("match", Msg::MatchInvalid).into()),
    };
    let query = cases::numbers::NumberQuery::parse(params.number.as_deref().unwrap_or_default(), matching)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let cursor = http_glue::cursors::open(&state, &caller, http_glue::cursors::LOOKUP, clean(params.cursor))?;
    let page = cases::numbers::find(state.cases(), &viewer, &query, params.limit.unwrap_or(10), cursor).await?;
    let clock = Clock::now(state.lists.as_ref()).await?;
    let data = page.items.into_iter().map(|g| clock.row(g)).collect();
    let next_cursor = http_glue::cursors::seal(&state, &caller, http_glue::cursors::LOOKUP, page.cursor);
    Ok(ApiJson(LookupPage { success: true, data, next_cursor, bounded: page.bounded, examined: page.examined }))
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct StatusCount {
    pub status: String,
    /// What the status means (figures such as "resolved" go by this, not by the name).
    pub meaning: domain::lists::StatusMeaning,
    pub count: i64,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct PriorityCount {
    pub priority: String,
    pub count: i64,
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GrievanceStats {
    pub by_status: Vec<StatusCount>,
    pub by_priority: Vec<PriorityCount>,
    /// How many grievances the caller can see are escalated to their posting (the
    /// dashboard's "Escalated to me" tile): 0 for a user posted at a police station or seeing
    /// only their own cases, who have no such queue.
    pub escalated_to_me: Option<i64>,
    /// How many of them have a statutory clock left unmet past its due day (the list's
    /// "missed"); null when it could not be counted without reading the cases.
    pub missed_clocks: Option<i64>,
    /// How many have, with none missed, a clock falling due from today to seven days on (the
    /// list's "due within 7 days"); null when it could not be counted without reading the
    /// cases.
    pub clocks_due_this_week: Option<i64>,
}

/// Grievances by status and by priority, from counters (never by reading grievances).
#[utoipa::path(get, path = "/api/grievances/stats", tag = "grievances", security(("bearer" = [])),
    responses((status = 200, body = GrievanceStats), (status = 403, body = ErrorBody)))]
async fn grievance_stats(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<GrievanceStats>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let tallies = state.grievances.tallies(&viewer).await?;
    let escalated_to_me = match (&caller.user().posting, &viewer.reach) {
        // Nothing is escalated to a police station: escalation goes above it. The queue is
        // the posting's officers': a user who sees only their own cases has none.
        (domain::jurisdiction::Posting::Station(_), _) | (_, domain::jurisdiction::Reach::Own { .. }) => Some(0),
        (posting, _) => state.grievances.count(&viewer, &Filters { escalated_to: Some(posting.clone()), ..Filters::default() }).await?.matched,
    };
    // The statutory-clock tiles: the clock lists' own counts, from the due-day figures.
    let today = domain::clock::today();
    let [missed, soon] = [reads::DueFilter::Missed { today, since: None }, reads::DueFilter::DueWithin { today, days: reads::DueFilter::SOON_DAYS }].map(|due| Filters { due: Some(due), ..Filters::default() });
    let missed_clocks = state.grievances.count(&viewer, &missed).await?.matched;
    let clocks_due_this_week = state.grievances.count(&viewer, &soon).await?.matched;
    // Counted by item id and named as the list names the item now; an item in use is never
    // deleted, so every counted grievance has its line.
    let by_status: Vec<StatusCount> = state.lists.definitions(ListKind::Statuses)
        .await?
        .into_iter()
        .map(|s| StatusCount { count: tallies.by_status.get(&s.id).copied().unwrap_or(0), meaning: s.status_meaning(), status: s.name })
        .collect();
    let by_priority: Vec<PriorityCount> = state.lists.definitions(ListKind::Priorities)
        .await?
        .into_iter()
        .map(|p| PriorityCount { count: tallies.by_priority.get(&p.id).copied().unwrap_or(0), priority: p.name })
        .collect();
    Ok(ApiJson(GrievanceStats { by_status, by_priority, escalated_to_me, missed_clocks, clocks_due_this_week }))
}

/// Which grievances the caller reaches, for the list's filters.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct ScopeView {
    /// The caller's role's grievance scope.
    pub scope: domain::jurisdiction::GrievanceScope,
    /// For a posting below the state: the police stations and districts of its area, which
    /// the district and station filters offer (besides them the caller sees only their own
    /// cases). Null: any.
    pub stations: Option<Vec<i64>>,
    pub districts: Option<Vec<i64>>,
}

/// The caller's grievance scope and, for a posting, the places it holds.
#[utoipa::path(get, path = "/api/grievances/scope", tag = "grievances", security(("bearer" = [])),
    responses((status = 200, body = ScopeView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn scope(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<ScopeView>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let scope = caller.user().permissions.grievance_scope();
    let (stations, districts) = match caller.viewer(state.lists.as_ref()).await?.reach {
        domain::jurisdiction::Reach::Area(area) => (Some(area.stations.into_iter().collect()), Some(area.districts.into_iter().collect())),
        _ => (None, None),
    };
    Ok(ApiJson(ScopeView { scope, stations, districts }))
}

/// The likely duplicates of a grievance being filed or edited, among those the caller may
/// see: the same FIR number at the same police station in the same year (saving it needs
/// `confirm_duplicate`), and recent cases of the station whose brief details read alike.
/// Needs create, or update when `id` names the grievance being edited.
#[utoipa::path(post, path = "/api/grievances/duplicates", tag = "grievances", security(("bearer" = [])), request_body = cases::duplicates::Probe,
    responses((status = 200, body = cases::duplicates::Duplicates), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn duplicates(State(state): State<AppState>, caller: Caller, body: Deferred<cases::duplicates::Probe>) -> ApiResult<ApiJson<cases::duplicates::Duplicates>> {
    let probe = body.read()?;
    // Checking a case being filed needs create; one being edited (`id`), update.
    caller.require(Resource::Grievances, if probe.id.is_some() { Action::Update } else { Action::Create })?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    Ok(ApiJson(cases::duplicates::find(state.cases(), &viewer, &probe).await?))
}

/// One grievance the caller may see.
#[utoipa::path(get, path = "/api/grievances/{id}", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<GrievanceView>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_grievance(State(state): State<AppState>, caller: Caller, Path(id): Path<GrievanceId>) -> ApiResult<ApiJson<Envelope<GrievanceView>>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let g = reads::get(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    Ok(ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g))))
}

/// Files a grievance; the server sets its number, filer and times.
#[utoipa::path(post, path = "/api/grievances", tag = "grievances", security(("bearer" = [])), request_body = GrievanceForm,
    responses((status = 201, body = Envelope<GrievanceView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_grievance(State(state): State<AppState>, caller: Caller, client: ClientInfo, body: Deferred<GrievanceForm>) -> ApiResult<(http::StatusCode, ApiJson<Envelope<GrievanceView>>)> {
    caller.require(Resource::Grievances, Action::Create)?;
    let form = body.read_or(Msg::GrievanceNotObject)?;
    let fields = writes::parse_fields(&form)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let g = writes::create(state.cases(), &caller.actor(&client), &viewer, fields, form.confirms_duplicate()).await?;
    Ok((http::StatusCode::CREATED, ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g)))))
}

/// Changes a grievance; every changed field is audited.
#[utoipa::path(put, path = "/api/grievances/{id}", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = GrievanceForm,
    responses((status = 200, body = Envelope<GrievanceView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_grievance(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<GrievanceForm>) -> ApiResult<ApiJson<Envelope<GrievanceView>>> {
    caller.require(Resource::Grievances, Action::Update)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let seen = reads::to_change(state.cases(), &viewer, id).await?;
    let form = body.read_or(Msg::GrievanceNotObject)?;
    let g = writes::update(state.cases(), &caller.actor(&client), &viewer, &seen, writes::Edit::of(&form)?).await?;
    Ok(ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g))))
}

#[derive(Clone, Deserialize, ToSchema)]
pub struct StatusRequest {
    pub status_id: ItemId,
    pub notes: Option<String>,
    /// The decision the case is resolved or closed with (at most 5,000 characters), kept with
    /// a status that means resolved or closed; a closure sent for approval needs one, here or
    /// already on the case.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub final_decision: domain::wire::Sent<domain::wire::Text>,
    /// The version the change was based on; a stale one is refused with 409.
    pub version: Option<i64>,
}

/// Moves a grievance to another status (an active item of the statuses list).
#[utoipa::path(put, path = "/api/grievances/{id}/status", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = StatusRequest,
    responses((status = 200, body = Envelope<GrievanceView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn change_status(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<StatusRequest>) -> ApiResult<ApiJson<Envelope<GrievanceView>>> {
    caller.require(Resource::Grievances, Action::Update)?;
    let body = body.read()?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let g = status_one(&state, &caller.actor(&client), &viewer, id, body).await?;
    Ok(ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g))))
}

/// A change of status, as one case's request or one of a bulk action's.
pub(crate) async fn status_one(state: &AppState, actor: &cases::Actor, viewer: &reads::Viewer, id: GrievanceId, body: StatusRequest) -> Result<cases::Grievance, Error> {
    let final_decision = domain::grievance::read_final_decision(&body.final_decision)?;
    let seen = reads::to_change(state.cases(), viewer, id).await?;
    let change = writes::StatusChange { status_id: body.status_id, notes: body.notes, final_decision };
    writes::change_status(state.cases(), actor, &seen, change, body.version).await
}

#[derive(Deserialize, ToSchema)]
pub struct ClosureDecision {
    /// The version the decision was based on; a stale one is refused with 409.
    pub version: Option<i64>,
}

/// Approves the grievance's closure request: its status (and final decision) become the
/// proposed ones. Needs `grievances approve` and the case within the caller's scope; the
/// officer who asked cannot approve their own request (403), nor through an account they
/// created, or whose password or second factor they reset, since asking (403).
#[utoipa::path(post, path = "/api/grievances/{id}/closure/approve", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = ClosureDecision,
    responses((status = 200, body = Envelope<GrievanceView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn approve_closure(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<ClosureDecision>) -> ApiResult<ApiJson<Envelope<GrievanceView>>> {
    caller.require(Resource::Grievances, Action::Approve)?;
    let body = body.read()?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let g = writes::approve_closure(state.cases(), &caller.actor(&client), &viewer, id, body.version).await?;
    Ok(ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g))))
}

#[derive(Deserialize, ToSchema)]
pub struct ClosureReturn {
    /// Why the closure is not approved; required.
    pub reason: Option<String>,
    /// The version the decision was based on; a stale one is refused with 409.
    pub version: Option<i64>,
}

/// Returns the grievance's closure request to the officer who asked, with a reason; the
/// status stays as it is. The same rights as approving, and the same refusals.
#[utoipa::path(post, path = "/api/grievances/{id}/closure/return", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = ClosureReturn,
    responses((status = 200, body = Envelope<GrievanceView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn return_closure(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<ClosureReturn>) -> ApiResult<ApiJson<Envelope<GrievanceView>>> {
    caller.require(Resource::Grievances, Action::Approve)?;
    let body = body.read()?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let reason = body.reason.unwrap_or_default();
    let g = writes::return_closure(state.cases(), &caller.actor(&client), &viewer, id, &reason, body.version).await?;
    Ok(ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g))))
}

#[derive(Deserialize, ToSchema)]
pub struct AssignRequest {
    /// The user to assign; null to unassign.
    pub user_id: Option<UserId>,
}

/// Assigns a grievance to an active user, who can then see it without view_all.
#[utoipa::path(put, path = "/api/grievances/{id}/assign", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = AssignRequest,
    responses((status = 200, body = Envelope<GrievanceView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn assign(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<AssignRequest>) -> ApiResult<ApiJson<Envelope<GrievanceView>>> {
    caller.require(Resource::Grievances, Action::Update)?;
    let body = body.read()?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let g = assign_one(&state, &caller.actor(&client), &viewer, id, body.user_id).await?;
    Ok(ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g))))
}

/// An assignment, as one case's request or one of a bulk action's: to an active user in the
/// caller's reach who would see the case, or to nobody.
pub(crate) async fn assign_one(state: &AppState, actor: &cases::Actor, viewer: &reads::Viewer, id: GrievanceId, user_id: Option<UserId>) -> Result<cases::Grievance, Error> {
    let seen = reads::to_change(state.cases(), viewer, id).await?;
    let g = seen.grievance();
    let unknown = || Error::NotFound(Msg::UserNotFound);
    let assignee = match user_id {
        None => None,
        Some(uid) => match auth::users::get(state.accounts.as_ref(), uid.get()).await?.filter(|u| viewer.may_assign_to(u.id, &u.posting)).ok_or_else(unknown)? {
            u if !u.is_active() => return Err(Error::field("user_id", Msg::AssigneeNotActive)),
            u if !Candidates::read(state).await?.reach(&u, g) => return Err(Error::field("user_id", Msg::AssigneeOutsideScope)),
            u => Some((u.id, u.name)),
        },
    };
    writes::assign(state.cases(), actor, &seen, assignee).await
}


/// Sends a grievance to another police station: a complaint filed at the wrong station, or a
/// Zero FIR registered anywhere and sent to the station that has jurisdiction. It leaves the
/// old station's lists and figures for the new one's in one step; a grievance is transferred
/// at most as often as the Admin Panel allows (409 after that).
#[utoipa::path(put, path = "/api/grievances/{id}/transfer", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)), request_body = writes::TransferForm,
    responses((status = 200, body = Envelope<GrievanceView>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn transfer(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path(id): Path<GrievanceId>, body: Deferred<writes::TransferForm>) -> ApiResult<ApiJson<Envelope<GrievanceView>>> {
    caller.require(Resource::Grievances, Action::Update)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let g = transfer_one(&state, &caller.actor(&client), &viewer, id, body.read()?).await?;
    Ok(ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g))))
}

/// A transfer, as one case's request or one of a bulk action's, within the transfer limit.
pub(crate) async fn transfer_one(state: &AppState, actor: &cases::Actor, viewer: &reads::Viewer, id: GrievanceId, form: writes::TransferForm) -> Result<cases::Grievance, Error> {
    let seen = reads::to_change(state.cases(), viewer, id).await?;
    let order = writes::TransferOrder::parse(form)?;
    // Counted after the read: a transfer committed since moves the version the commit is
    // conditioned on, so the count cannot be overtaken.
    let transfers = state
        .trail
        .for_grievance(id.get(), cases::trail::TrailAccess::Whole, Some(domain::audit::AuditAction::Transferred), cases::trail::MAX_LIMIT, 0)
        .await?
        .len();
    let limit = state.lists.transfer_limit().await?;
    writes::transfer(state.cases(), actor, &seen, order, transfers, limit).await
}

/// The roles the assignees hold and the organisation, read once for a request: whether an
/// assignee would see the grievance goes by their role's scope over their posting.
struct Candidates {
    roles: Vec<auth::roles::RoleRecord>,
    org: std::sync::Arc<domain::jurisdiction::Organisation>,
}

impl Candidates {
    async fn read(state: &AppState) -> Result<Candidates, Error> {
        Ok(Candidates { roles: auth::roles::list_all(state.accounts.as_ref()).await?, org: lists::organisation(state.lists.as_ref()).await? })
    }

    /// Whether `user`, once assigned, sees `g`: an own scope does by the assignment itself; a
    /// posting's only where the grievance lies in it.
    fn reach(&self, user: &auth::users::UserRecord, g: &cases::record::Grievance) -> bool {
        let Some(role) = self.roles.iter().find(|r| r.id == user.role_id) else { return false };
        let scope = role.effective_permissions().grievance_scope();
        domain::jurisdiction::Reach::of(user.id, scope, &user.posting, &self.org).holds(g.district_id, g.police_station_id, &[user.id])
    }
}

/// Someone a grievance may be assigned to.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct Assignee {
    pub id: i64,
    pub name: String,
    pub designation: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AssigneesParams {
    /// Offer only those who would see this grievance once assigned.
    pub grievance_id: Option<GrievanceId>,
}

/// The users the caller may assign grievances to: active users within the caller's reach
/// (everyone for the state, those posted in a posting's area, only themselves for their own
/// cases), by name; with `grievance_id`, only those who would see that grievance. What the
/// assignment picker offers; assigning to anyone else is "User not found".
#[utoipa::path(get, path = "/api/grievances/assignees", tag = "grievances", security(("bearer" = [])), params(AssigneesParams),
    responses((status = 200, body = Envelope<Vec<Assignee>>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn assignees(State(state): State<AppState>, caller: Caller, Query(params): Query<AssigneesParams>) -> ApiResult<ApiJson<Envelope<Vec<Assignee>>>> {
    caller.require(Resource::Grievances, Action::Update)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let grievance = match params.grievance_id {
        Some(id) => Some((reads::get(state.cases(), &viewer, id).await?, Candidates::read(&state).await?)),
        None => None,
    };
    let candidates = match viewer.reach {
        domain::jurisdiction::Reach::Own { .. } => auth::users::get(state.accounts.as_ref(), viewer.user_id).await?.into_iter().collect(),
        _ => auth::users::list_all(state.accounts.as_ref()).await?,
    };
    let mut offered: Vec<Assignee> = Vec::new();
    for u in candidates.into_iter().filter(|u| u.is_active() && viewer.may_assign_to(u.id, &u.posting)) {
        if let Some((g, candidates)) = &grievance {
            if !candidates.reach(&u, g) {
                continue;
            }
        }
        offered.push(Assignee { id: u.id, name: u.name, designation: u.designation });
    }
    offered.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.id.cmp(&b.id)));
    Ok(ApiJson(Envelope::ok(offered)))
}

/// The grievance's audit records, newest first.
#[utoipa::path(get, path = "/api/grievances/{id}/history", tag = "grievances", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<Vec<cases::reads::AuditRecord>>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn history(State(state): State<AppState>, caller: Caller, Path(id): Path<GrievanceId>) -> ApiResult<ApiJson<Envelope<Vec<cases::reads::AuditRecord>>>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    reads::get(state.cases(), &viewer, id).await?;
    let mut records = state.trail.for_grievance(id.get(), cases::trail::TrailAccess::Whole, None, cases::trail::MAX_LIMIT, 0).await?;
    cases::links::hide_unreachable(state.cases(), &viewer, &mut records).await?;
    Ok(ApiJson(Envelope::ok(records)))
}
