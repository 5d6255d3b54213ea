//! `/api/reports`: the MIS reports of the Reports screen (`cases::reports`), with
//! `reports read`. Each covers exactly the grievances the caller may see (their role's scope
//! over their posting, as the list) that were filed between `from` and `to` (filing dates,
//! both included; by default the last twelve calendar months up to today); the satisfaction
//! report covers the ratings given between them.

use axum::extract::{Query, State};
use cases::reports::{self, ChapterHeadsReport, ComplianceReport, CrimeHeadsReport, DisposalReport, MonthlyReport, PendencyReport, Period, ReportFacts, ReportQuery, StatusColumn};
use cases::satisfaction::SatisfactionReport;
use cases::reads::Viewer;
use domain::lists::ListKind;
use domain::{Action, Resource};
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ErrorBody};
use serde::Deserialize;
use std::collections::BTreeMap;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(pendency))
        .routes(routes!(monthly))
        .routes(routes!(disposal))
        .routes(routes!(crime_heads))
        .routes(routes!(chapter_heads))
        .routes(routes!(compliance))
        .routes(routes!(satisfaction))
}

/// The filing dates a report covers.
#[derive(Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub struct PeriodParams {
    /// First filing date, `YYYY-MM-DD`; by default the first day of the eleventh month before `to`'s.
    pub from: Option<String>,
    /// Last filing date, `YYYY-MM-DD`; by default today.
    pub to: Option<String>,
}

/// The caller's facts for the period, with the query they answer.
pub async fn facts_of(state: &AppState, caller: &Caller, params: &PeriodParams) -> ApiResult<(ReportFacts, Period)> {
    let asked = query_facts(state, caller, params).await?;
    Ok((asked.facts, asked.query.period))
}

/// A report's question and what the engine answered, with the viewer it was asked as.
pub struct Asked {
    pub facts: ReportFacts,
    pub query: ReportQuery,
    pub viewer: Viewer,
}

pub async fn query_facts(state: &AppState, caller: &Caller, params: &PeriodParams) -> ApiResult<Asked> {
    caller.require(Resource::Reports, Action::Read)?;
    let today = domain::clock::today();
    let period = Period::parse(params.from.as_deref(), params.to.as_deref(), today)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let query = ReportQuery { period, today };
    Ok(Asked { facts: state.grievances.report_facts(&viewer, &query).await?, query, viewer })
}

/// The caller's statutory compliance report for the period: the figures, the rules' names
/// and the cases with a clock missed, stations named as the Admin Panel names them now.
pub async fn compliance_of(state: &AppState, caller: &Caller, params: &PeriodParams) -> ApiResult<ComplianceReport> {
    compliance_for(state, &query_facts(state, caller, params).await?).await
}

/// As [`compliance_of`], from the facts already read.
pub async fn compliance_for(state: &AppState, asked: &Asked) -> ApiResult<ComplianceReport> {
    let (facts, query) = (&asked.facts, &asked.query);
    let missed = state.grievances.missed_clocks(&asked.viewer, query, reports::MISSED_LISTED + 1).await?;
    let mut ids: Vec<i64> = facts.clocks.keys().map(|(station, _)| *station).chain(missed.iter().filter_map(|g| g.police_station_id)).collect();
    ids.sort_unstable();
    ids.dedup();
    let names = names_of(state, &ids).await?;
    let rules = state.lists.law().await?.clock_rules;
    Ok(reports::compliance(facts, query, &names, &rules, missed))
}

/// The current names of the stations the facts name.
pub async fn station_names(state: &AppState, facts: &ReportFacts) -> ApiResult<BTreeMap<i64, String>> {
    let ids: Vec<i64> = facts.stations.iter().map(|s| s.station_id).collect();
    names_of(state, &ids).await
}

/// The current names of the stations `ids` (0, no station, has none).
async fn names_of(state: &AppState, ids: &[i64]) -> ApiResult<BTreeMap<i64, String>> {
    let refs: Vec<(ListKind, i64)> = ids.iter().filter(|id| **id != 0).map(|id| (ListKind::PoliceStations, *id)).collect();
    let found = state.lists.get_many(&refs).await?;
    Ok(found.into_iter().map(|((_, id), item)| (id, item.name)).collect())
}

/// Every status column: the list's items in display order, then any other id the facts name
/// (an item since deleted, or none: "-").
pub async fn status_columns(state: &AppState, facts: &ReportFacts) -> ApiResult<Vec<StatusColumn>> {
    let items = state.lists.definitions(ListKind::Statuses).await?;
    let mut columns: Vec<StatusColumn> =
        items.iter().map(|i| StatusColumn { id: i.id, name: i.name.clone(), meaning: i.status_meaning().as_str().to_string() }).collect();
    for s in &facts.stations {
        for id in s.by_status.keys() {
            if !columns.iter().any(|c| c.id == *id) {
                columns.push(StatusColumn { id: *id, name: "-".into(), meaning: "open".into() });
            }
        }
    }
    Ok(columns)
}

/// Station-wise pendency: per police station, the count per status and the pending
/// grievances (status not meaning resolved or closed) by days since filing.
#[utoipa::path(get, path = "/api/reports/pendency", tag = "reports", security(("bearer" = [])), params(PeriodParams),
    responses((status = 200, body = PendencyReport), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn pendency(State(state): State<AppState>, caller: Caller, Query(params): Query<PeriodParams>) -> ApiResult<ApiJson<PendencyReport>> {
    let (facts, period) = facts_of(&state, &caller, &params).await?;
    let names = station_names(&state, &facts).await?;
    let statuses = status_columns(&state, &facts).await?;
    Ok(ApiJson(reports::pendency(&facts, &period, statuses, &names)))
}

/// Filed (by filing month) and disposed (by resolution month) over the twelve months ending
/// with the period's last, of the period's grievances.
#[utoipa::path(get, path = "/api/reports/monthly", tag = "reports", security(("bearer" = [])), params(PeriodParams),
    responses((status = 200, body = MonthlyReport), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn monthly(State(state): State<AppState>, caller: Caller, Query(params): Query<PeriodParams>) -> ApiResult<ApiJson<MonthlyReport>> {
    let (facts, period) = facts_of(&state, &caller, &params).await?;
    Ok(ApiJson(reports::monthly(&facts, &period)))
}

/// Disposal rate and average days to disposal per police station, best first.
#[utoipa::path(get, path = "/api/reports/disposal", tag = "reports", security(("bearer" = [])), params(PeriodParams),
    responses((status = 200, body = DisposalReport), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn disposal(State(state): State<AppState>, caller: Caller, Query(params): Query<PeriodParams>) -> ApiResult<ApiJson<DisposalReport>> {
    let (facts, period) = facts_of(&state, &caller, &params).await?;
    let names = station_names(&state, &facts).await?;
    Ok(ApiJson(reports::disposal(&facts, &period, &names)))
}

/// The ten most frequent crime heads (crime titles as filed).
#[utoipa::path(get, path = "/api/reports/crime-heads", tag = "reports", security(("bearer" = [])), params(PeriodParams),
    responses((status = 200, body = CrimeHeadsReport), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn crime_heads(State(state): State<AppState>, caller: Caller, Query(params): Query<PeriodParams>) -> ApiResult<ApiJson<CrimeHeadsReport>> {
    let (facts, _period) = facts_of(&state, &caller, &params).await?;
    Ok(ApiJson(reports::crime_heads(&facts, &_period)))
}

/// The crime heads by chapter of the Bharatiya Nyaya Sanhita, 2023 and the POCSO Act, 2012,
/// from the sections each case is registered under (an IPC section under the chapter of the
/// BNS section that replaced it), then local and special laws, sections no chapter holds, and
/// cases with no penal section. A case under two chapters counts under each.
#[utoipa::path(get, path = "/api/reports/chapters", tag = "reports", security(("bearer" = [])), params(PeriodParams),
    responses((status = 200, body = ChapterHeadsReport), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn chapter_heads(State(state): State<AppState>, caller: Caller, Query(params): Query<PeriodParams>) -> ApiResult<ApiJson<ChapterHeadsReport>> {
    let (facts, period) = facts_of(&state, &caller, &params).await?;
    Ok(ApiJson(reports::chapter_heads(&facts, &period)))
}

/// The complainants' satisfaction per police station: the ratings of disposals given in the
/// period (by the day each was given), satisfied, partly and not satisfied, the share
/// satisfied and the appeals opened, the least satisfied station first.
#[utoipa::path(get, path = "/api/reports/satisfaction", tag = "reports", security(("bearer" = [])), params(PeriodParams),
    responses((status = 200, body = SatisfactionReport), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn satisfaction(State(state): State<AppState>, caller: Caller, Query(params): Query<PeriodParams>) -> ApiResult<ApiJson<SatisfactionReport>> {
    caller.require(Resource::Reports, Action::Read)?;
    let period = Period::parse(params.from.as_deref(), params.to.as_deref(), domain::clock::today())?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let tallies = state.grievances.rating_tallies(&viewer, &period).await?;
    let mut ids: Vec<i64> = tallies.iter().map(|t| t.station_id).collect();
    ids.dedup();
    let names = names_of(&state, &ids).await?;
    Ok(ApiJson(cases::satisfaction::report(&tallies, &names, &period)))
}

/// Statutory compliance per police station: the runs of the statutory clocks of the
/// period's grievances (BNSS s.193(2), s.193(3)(ii), s.173, s.184, as the Admin Panel's clock
/// rules hold them) met on time, met late, missed and still running, the share met on time,
/// per station and per rule; and the grievances with a clock missed, earliest due first (at
/// most 500; the list's "missed" filter has them all).
#[utoipa::path(get, path = "/api/reports/compliance", tag = "reports", security(("bearer" = [])), params(PeriodParams),
    responses((status = 200, body = ComplianceReport), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn compliance(State(state): State<AppState>, caller: Caller, Query(params): Query<PeriodParams>) -> ApiResult<ApiJson<ComplianceReport>> {
    Ok(ApiJson(compliance_of(&state, &caller, &params).await?))
}
