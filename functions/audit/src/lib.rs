//! `/api/audit`: the audit trail of grievance changes, for those whose role has audit read.
//! Answers are plain lists (the Audit History screen checks for one).

use domain::{GrievanceId, UserId};
use domain::Msg;
use axum::extract::{Path, Query, State};
use cases::reads::AuditRecord;
use cases::trail::{TrailAccess, TrailFilters, TrailKind, TrailSearch};
use domain::audit::AuditAction;
use domain::{Action, Error, Resource};
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ErrorBody};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

pub mod checkpoints;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(grievance_trail))
        .routes(routes!(all_records))
        .routes(routes!(verify))
        .routes(routes!(checkpoint))
        .routes(routes!(statistics))
        .routes(routes!(actions))
}

fn action(text: Option<String>) -> Result<Option<AuditAction>, Error> {
    match text.as_deref().map(str::trim).filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case("all")) {
        None => Ok(None),
        Some(t) => AuditAction::parse(t).map(Some).ok_or_else(|| Error::field("action", Msg::AuditActionUnknown { action: t.to_string() })),
    }
}

fn day(text: Option<String>, field: &str) -> Result<Option<String>, Error> {
    match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => domain::grievance::parse_date(t)
            .map(|d| Some(format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())))
            .ok_or_else(|| Error::field(field, Msg::DateFilterInvalid)),
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GrievanceTrailParams {
    /// 1 to 500; 100 when absent.
    pub limit: Option<usize>,
    pub offset: Option<usize>,
    pub action: Option<String>,
}

/// One grievance's audit records, newest first. A deleted grievance's trail stays readable.
#[utoipa::path(get, path = "/api/audit/grievance/{id}", tag = "audit", security(("bearer" = [])), params(("id" = i64, Path), GrievanceTrailParams),
    responses((status = 200, body = Vec<AuditRecord>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn grievance_trail(State(state): State<AppState>, caller: Caller, Path(id): Path<GrievanceId>, Query(params): Query<GrievanceTrailParams>) -> ApiResult<ApiJson<Vec<AuditRecord>>> {
    caller.require(Resource::Audit, Action::Read)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let access = match cases::writes::load(state.cases(), id.get()).await? {
        Some(s) => viewer.may_see(&s.grievance).then_some(TrailAccess::Whole),
        None => state.trail.readable_after_deletion(id.get(), &viewer).await?.then_some(TrailAccess::RecordByRecord(viewer.clone())),
    };
    let access = access.ok_or_else(|| Error::NotFound(Msg::GrievanceNotFound))?;
    let mut records = state.trail.for_grievance(id.get(), access, action(params.action)?, params.limit.unwrap_or(100), params.offset.unwrap_or(0)).await?;
    cases::links::hide_unreachable(state.cases(), &viewer, &mut records).await?;
    Ok(ApiJson(records))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AllParams {
    /// 1 to 500; 100 when absent.
    pub limit: Option<usize>,
    pub offset: Option<usize>,
    pub action: Option<String>,
    pub user_id: Option<UserId>,
    /// YYYY-MM-DD, inclusive.
    pub start_date: Option<String>,
    /// YYYY-MM-DD, inclusive.
    pub end_date: Option<String>,
    /// Up to 100 characters, found (ignoring case) in the grievance number, the user's name
    /// or email, the field, the old and new values and the notes. A whole grievance number
    /// finds that grievance's records.
    pub search: Option<String>,
    /// `admin`: administrative changes only (admin lists and settings, roles, users, an
    /// administrator's resets); `grievance`: grievance changes only; absent or `all`: both.
    pub kind: Option<String>,
}

impl AllParams {
    /// The filters asked for, checked (400 naming the field that is wrong).
    pub fn filters(&self) -> Result<TrailFilters, Error> {
        Ok(TrailFilters {
            action: action(self.action.clone())?,
            user_id: self.user_id.map(UserId::get),
            start_date: day(self.start_date.clone(), "startDate")?,
            end_date: day(self.end_date.clone(), "endDate")?,
            search: TrailSearch::parse(self.search.as_deref().unwrap_or(""))?,
            kind: TrailKind::parse(self.kind.as_deref())?,
        })
    }

    /// The filters asked for, as an export's heading names them.
    pub fn named(&self) -> Vec<(String, String)> {
        let present = |v: &Option<String>| v.as_deref().map(str::trim).filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case("all")).map(str::to_string);
        [
            ("Action", present(&self.action)),
            ("User", self.user_id.map(|u| u.to_string())),
            ("From Date", present(&self.start_date)),
            ("To Date", present(&self.end_date)),
            ("Search", present(&self.search)),
            ("Kind", present(&self.kind)),
        ]
        .into_iter()
        .filter_map(|(label, value)| value.map(|v| (label.to_string(), v)))
        .collect()
    }
}

/// Audit records across all grievances the caller may see, newest first: the whole trail in
/// their scope, searched and filtered on the server.
#[utoipa::path(get, path = "/api/audit/all", tag = "audit", security(("bearer" = [])), params(AllParams),
    responses((status = 200, body = Vec<AuditRecord>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn all_records(State(state): State<AppState>, caller: Caller, Query(params): Query<AllParams>) -> ApiResult<ApiJson<Vec<AuditRecord>>> {
    caller.require(Resource::Audit, Action::Read)?;
    let filters = params.filters()?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let mut records = state.trail.all(&viewer, &filters, params.limit.unwrap_or(100), params.offset.unwrap_or(0)).await?;
    cases::links::hide_unreachable(state.cases(), &viewer, &mut records).await?;
    Ok(ApiJson(records))
}

/// Checks the integrity of the records Audit History shows under the same filters: the whole
/// chain of each (every record of that grievance, of the administrative changes, or of that
/// user's events), its hashes, links and head (see `cases::chain`). Names the first record
/// that does not hold. `portal audit verify` checks the whole trail.
#[utoipa::path(get, path = "/api/audit/verify", tag = "audit", security(("bearer" = [])), params(AllParams),
    responses((status = 200, body = cases::chain::Verification), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn verify(State(state): State<AppState>, caller: Caller, query: Query<AllParams>) -> ApiResult<ApiJson<cases::chain::Verification>> {
    let ApiJson(records) = all_records(State(state.clone()), caller, query).await?;
    let mut chains: Vec<String> = records.iter().map(|r| cases::chain::chain_of(r.grievance_id, r.action, r.user_id)).collect();
    chains.sort();
    chains.dedup();
    let mut verification = state.trail.verify(cases::chain::VerifyScope::Chains(chains)).await?;
    if verification.broken.is_none() {
        // A store put back to an older state holds in every chain: only the checkpoint shows it.
        let finding = state.checkpoint_finding.read().unwrap_or_else(|e| e.into_inner()).clone();
        verification.broken = finding.map(|reason| cases::chain::Broken { chain: String::new(), record_id: String::new(), reason });
    }
    Ok(ApiJson(verification))
}

/// The newest signed checkpoint of the whole trail (chain heads, counts and time, signed with
/// the portal's checkpoint key), for auditors to keep outside the portal and check later with
/// `portal audit verify --since`. It covers the state's trail, so it needs audit read with
/// view_all.
#[utoipa::path(get, path = "/api/audit/checkpoint", tag = "audit", security(("bearer" = [])),
    responses((status = 200, body = cases::checkpoint::Checkpoint), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn checkpoint(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<cases::checkpoint::Checkpoint>> {
    caller.require(Resource::Audit, Action::Read)?;
    caller.require(Resource::Grievances, Action::ViewAll)?;
    let newest = match state.checkpoints.as_deref() {
        Some(kept) => checkpoints::newest(kept).await?,
        None => None,
    };
    Ok(ApiJson(newest.ok_or_else(|| Error::NotFound(Msg::CheckpointNoneYet))?))
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditStatistics {
    /// These state-wide figures are null for a caller who does not see the whole state.
    pub total_actions: Option<i64>,
    pub total_grievances: Option<i64>,
    /// Active staff accounts.
    pub total_users: Option<i64>,
}

/// The Audit History summary cards.
#[utoipa::path(get, path = "/api/audit/statistics", tag = "audit", security(("bearer" = [])),
    responses((status = 200, body = AuditStatistics), (status = 403, body = ErrorBody)))]
async fn statistics(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<AuditStatistics>> {
    caller.require(Resource::Audit, Action::Read)?;
    if !caller.can(Resource::Grievances, Action::ViewAll) {
        return Ok(ApiJson(AuditStatistics { total_actions: None, total_grievances: None, total_users: None }));
    }
    let total_users = auth::roles::list_all(state.accounts.as_ref()).await?.iter().map(|r| r.active_user_count).sum();
    Ok(ApiJson(AuditStatistics {
        total_actions: Some(state.trail.total_actions().await?),
        total_grievances: Some(state.trail.grievances_tracked().await?),
        total_users: Some(total_users),
    }))
}

/// The actions an audit record can carry.
#[utoipa::path(get, path = "/api/audit/actions", tag = "audit", security(("bearer" = [])),
    responses((status = 200, body = Vec<AuditAction>), (status = 403, body = ErrorBody)))]
async fn actions(caller: Caller) -> ApiResult<ApiJson<Vec<AuditAction>>> {
    caller.require(Resource::Audit, Action::Read)?;
    Ok(ApiJson(AuditAction::ALL.to_vec()))
}
