//! `/api/admin/pendency-limits`: how many days a grievance may stay at each stage, per
//! priority. Seen with `dropdowns` read (the Admin Panel), changed with `dropdowns` update.

use domain::Msg;
use axum::extract::State;
use domain::lists::ListKind;
use domain::pendency::{PendencyLimits, Stage};
use domain::{Action, Resource};
use cases::admin_audit::{self, Subject};
use domain::audit::AuditAction;
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, ErrorBody};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(get_limits, save_limits))
        .routes(routes!(get_transfer_limit, save_transfer_limit))
        .routes(routes!(get_escalation_rules, save_escalation_rules))
}

/// How many days past its stage's limit an overdue grievance waits before it is escalated to
/// its district, its range and the state (0 to 365 each, each level at least the one below).
#[utoipa::path(get, path = "/api/admin/escalation-rules", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = domain::escalation::EscalationRules), (status = 403, body = ErrorBody)))]
async fn get_escalation_rules(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<domain::escalation::EscalationRules>> {
    caller.require(Resource::Dropdowns, Action::Read)?;
    Ok(ApiJson(state.lists.escalation_rules().await?))
}

/// Replaces the escalation waits; the next escalation run goes by them (a grievance escalated
/// already stays where it is).
#[utoipa::path(put, path = "/api/admin/escalation-rules", tag = "admin", security(("bearer" = [])), request_body = domain::escalation::EscalationRulesForm,
    responses((status = 200, body = domain::escalation::EscalationRules), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn save_escalation_rules(State(state): State<AppState>, caller: Caller, client: ClientInfo, body: Deferred<domain::escalation::EscalationRulesForm>) -> ApiResult<ApiJson<domain::escalation::EscalationRules>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let rules = domain::escalation::EscalationRules::parse(body.read()?)?;
    let before = state.lists.escalation_rules().await?;
    state.lists.save_escalation_rules(&rules).await?;
    let audited = |r: &domain::escalation::EscalationRules| serde_json::to_value(r).ok();
    let entry = admin_audit::entry(AuditAction::EscalationRulesChanged, &Subject::new("escalation_rules", None, ""), audited(&before), audited(&rules));
    caller.audit_change(state.trail.as_ref(), &client, entry).await?;
    Ok(ApiJson(rules))
}

/// How many times a grievance may be transferred between police stations.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct TransferLimit {
    /// A whole number from 0 (no transfers) to 20.
    pub max_transfers: u32,
}

/// The transfer limit as the Admin Panel sends it.
#[derive(Deserialize, ToSchema)]
pub struct TransferLimitForm {
    /// A whole number from 0 (no transfers) to 20.
    #[serde(default)]
    #[schema(value_type = u32)]
    pub max_transfers: domain::wire::Sent<u64>,
}

/// The transfer limit in force (3 until the Admin Panel saves its own).
#[utoipa::path(get, path = "/api/admin/transfer-limit", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = TransferLimit), (status = 403, body = ErrorBody)))]
async fn get_transfer_limit(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<TransferLimit>> {
    caller.require(Resource::Dropdowns, Action::Read)?;
    Ok(ApiJson(TransferLimit { max_transfers: state.lists.transfer_limit().await? }))
}

/// Replaces the transfer limit; grievances transferred more often already keep their history
/// and are transferred no more.
#[utoipa::path(put, path = "/api/admin/transfer-limit", tag = "admin", security(("bearer" = [])), request_body = TransferLimitForm,
    responses((status = 200, body = TransferLimit), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn save_transfer_limit(State(state): State<AppState>, caller: Caller, client: ClientInfo, body: Deferred<TransferLimitForm>) -> ApiResult<ApiJson<TransferLimit>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let max = domain::jurisdiction::MAX_TRANSFER_LIMIT;
    let limit = body
        .read()?
        .max_transfers
        .given()
        .filter(|n| *n <= u64::from(max))
        .ok_or_else(|| domain::Error::field("max_transfers", Msg::TransferLimitInvalid))?;
    let before = state.lists.transfer_limit().await?;
    state.lists.save_transfer_limit(limit as u32).await?;
    let entry = admin_audit::entry(
        AuditAction::TransferLimitChanged,
        &Subject::new("transfer_limit", None, ""),
        Some(serde_json::json!({"max_transfers": before})),
        Some(serde_json::json!({"max_transfers": limit})),
    );
    caller.audit_change(state.trail.as_ref(), &client, entry).await?;
    Ok(ApiJson(TransferLimit { max_transfers: limit as u32 }))
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct StageInfo {
    pub stage: Stage,
    pub label: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct PendencyLimitsView {
    /// The stages a grievance can be overdue at, in their order.
    pub stages: Vec<StageInfo>,
    /// The active Priorities list, in display order.
    pub priorities: Vec<String>,
    /// Days allowed, per priority and stage; a stage left out has no limit.
    pub limits: BTreeMap<String, BTreeMap<Stage, u32>>,
}

#[derive(Deserialize, ToSchema)]
pub struct PendencyLimitsRequest {
    /// `{priority: {stage: days or null}}`; days are whole numbers from 1 to 3650.
    #[serde(default)]
    #[schema(value_type = BTreeMap<String, BTreeMap<String, Option<u32>>>)]
    pub limits: domain::pendency::LimitsSent,
}

async fn view(lists: &dyn lists::AdminLists, limits: PendencyLimits) -> domain::Result<PendencyLimitsView> {
    let priorities = lists.definitions(ListKind::Priorities).await?.into_iter().filter(|p| p.is_active).map(|p| p.name).collect();
    Ok(PendencyLimitsView {
        stages: Stage::TIMED.into_iter().map(|stage| StageInfo { stage, label: stage.label().to_string() }).collect(),
        priorities,
        limits: limits.0,
    })
}

/// The limits in force (the defaults until the Admin Panel saves its own).
#[utoipa::path(get, path = "/api/admin/pendency-limits", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = PendencyLimitsView), (status = 403, body = ErrorBody)))]
async fn get_limits(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<PendencyLimitsView>> {
    caller.require(Resource::Dropdowns, Action::Read)?;
    Ok(ApiJson(view(state.lists.as_ref(), cases::pendency::limits(state.lists.as_ref()).await?).await?))
}

/// Replaces the limits; every bad cell is reported under `limits.<priority>.<stage>`.
#[utoipa::path(put, path = "/api/admin/pendency-limits", tag = "admin", security(("bearer" = [])), request_body = PendencyLimitsRequest,
    responses((status = 200, body = PendencyLimitsView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn save_limits(State(state): State<AppState>, caller: Caller, client: ClientInfo, body: Deferred<PendencyLimitsRequest>) -> ApiResult<ApiJson<PendencyLimitsView>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let body = body.read()?;
    let limits = PendencyLimits::parse(body.limits)?;
    let before = cases::pendency::limits(state.lists.as_ref()).await?;
    let saved = cases::pendency::save_limits(state.lists.as_ref(), limits).await?;
    let entry = admin_audit::entry(
        AuditAction::PendencyLimitsChanged,
        &Subject::new("pendency_limits", None, ""),
        Some(admin_audit::flat_limits(&before.0)),
        Some(admin_audit::flat_limits(&saved.0)),
    );
    caller.audit_change(state.trail.as_ref(), &client, entry).await?;
    Ok(ApiJson(view(state.lists.as_ref(), saved).await?))
}
