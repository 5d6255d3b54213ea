//! `POST /api/grievances/bulk`: one change made to many selected grievances. Each case goes
//! through the very function its own request goes through (scope, closure approval, the
//! transfer limit, versions), one after another; the answer says what was done and what was
//! refused and why, and every record the change writes names the batch.

use crate::{assign_one, status_one, transfer_one, StatusRequest};
use axum::extract::State;
use cases::writes;
use domain::{Action, Error, GrievanceId, ItemId, Msg, Resource, UserId};
use http_glue::json::Deferred;
use http_glue::{ApiError, ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, ErrorBody};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

/// The most grievances one bulk action changes: the list's largest page.
pub const MAX_SELECTION: usize = cases::reads::SELECTION_LIMIT;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(bulk))
}

/// One change for every selected grievance.
#[derive(Deserialize, ToSchema)]
pub struct BulkRequest {
    /// The grievances, 1 to 200, each once.
    pub ids: Vec<GrievanceId>,
    /// `assign`, `status`, `priority` or `transfer`.
    pub action: String,
    /// assign: the user to assign; null to unassign.
    #[serde(default)]
    pub user_id: Option<UserId>,
    /// status: the status to move to (an active item of the statuses list).
    pub status_id: Option<ItemId>,
    /// status: notes kept with the change.
    pub notes: Option<String>,
    /// status: the decision a resolved or closed status is given with.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub final_decision: domain::wire::Sent<domain::wire::Text>,
    /// priority: the priority's name, as the Admin Panel lists it.
    pub priority: Option<String>,
    /// transfer: the police station and the reason.
    pub transfer: Option<writes::TransferForm>,
}

/// A grievance the action changed.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct BulkDone {
    pub id: i64,
    pub grievance_number: String,
}

/// A grievance the action did not change, and why: the answer its own request would have
/// had (404 for one outside the caller's reach, 409 for a stale one, ...).
#[derive(Serialize, ToSchema)]
pub struct BulkRefused {
    pub id: i64,
    /// Null when the caller may not see the grievance.
    pub grievance_number: Option<String>,
    pub status: u16,
    pub error: ErrorBody,
}

#[derive(Serialize, ToSchema)]
pub struct BulkResult {
    pub success: bool,
    /// Named in the details (`batch`) of every audit record the action wrote.
    pub batch_id: String,
    pub done: Vec<BulkDone>,
    pub refused: Vec<BulkRefused>,
}

enum Change {
    Assign(Option<UserId>),
    Status(StatusRequest),
    Priority(String),
    Transfer(writes::TransferForm),
}

impl Change {
    fn of(body: BulkRequest) -> Result<Change, Error> {
        Ok(match body.action.trim() {
            "assign" => Change::Assign(body.user_id),
            "status" => Change::Status(StatusRequest {
                status_id: body.status_id.ok_or_else(|| Error::field("status_id", Msg::FieldRequired { label: "Status".into() }))?,
                notes: body.notes,
                final_decision: body.final_decision,
                version: None,
            }),
            "priority" => Change::Priority(body.priority.filter(|p| !p.trim().is_empty()).ok_or_else(|| Error::field("priority", Msg::FieldRequired { label: "Priority".into() }))?),
            "transfer" => Change::Transfer(body.transfer.ok_or_else(|| Error::field("transfer", Msg::FieldRequired { label: "Police Station".into() }))?),
            _ => return Err(Error::field("action", Msg::BulkActionInvalid)),
        })
    }
}

/// Makes one change (assign, status, priority or transfer) to each selected grievance, as
/// its own request would: each is checked and written on its own, so one refused leaves the
/// others done. Needs grievances update.
#[utoipa::path(post, path = "/api/grievances/bulk", tag = "grievances", security(("bearer" = [])), request_body = BulkRequest,
    responses((status = 200, body = BulkResult), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn bulk(State(state): State<AppState>, caller: Caller, client: ClientInfo, body: Deferred<BulkRequest>) -> ApiResult<ApiJson<BulkResult>> {
    caller.require(Resource::Grievances, Action::Update)?;
    let body = body.read()?;
    let mut ids: Vec<GrievanceId> = Vec::with_capacity(body.ids.len());
    for id in &body.ids {
        if !ids.contains(id) {
            ids.push(*id);
        }
    }
    if ids.is_empty() || ids.len() > MAX_SELECTION {
        return Err(Error::field("ids", Msg::BulkSelectionInvalid { max: MAX_SELECTION.to_string() }).into());
    }
    let change = Change::of(body)?;
    let viewer = caller.viewer(state.lists.as_ref()).await?;
    let batch_id = uuid::Uuid::new_v4().to_string();
    let actor = cases::Actor { batch: Some(batch_id.clone()), ..caller.actor(&client) };
    let (mut done, mut refused) = (Vec::new(), Vec::new());
    for id in ids {
        let outcome = match &change {
            Change::Assign(user) => assign_one(&state, &actor, &viewer, id, *user).await,
            Change::Status(request) => status_one(&state, &actor, &viewer, id, request.clone()).await,
            Change::Priority(name) => priority_one(&state, &actor, &viewer, id, name).await,
            Change::Transfer(form) => transfer_one(&state, &actor, &viewer, id, form.clone()).await,
        };
        match outcome {
            Ok(g) => done.push(BulkDone { id: g.id, grievance_number: g.grievance_number }),
            Err(e) => {
                // The number only of a case the caller may see: a refusal tells no more than
                // the case's own request would.
                let grievance_number = match cases::reads::get(state.cases(), &viewer, id).await {
                    Ok(g) => Some(g.grievance_number),
                    Err(_) => None,
                };
                let e = ApiError::from(e);
                refused.push(BulkRefused { id: id.get(), grievance_number, status: e.status.as_u16(), error: ErrorBody::new(&e.message, e.fields.as_ref()) });
            }
        }
    }
    Ok(ApiJson(BulkResult { success: true, batch_id, done, refused }))
}

/// A change of priority alone, on condition that the case is the version read.
async fn priority_one(state: &AppState, actor: &cases::Actor, viewer: &cases::reads::Viewer, id: GrievanceId, name: &str) -> Result<cases::Grievance, Error> {
    let seen = cases::reads::to_change(state.cases(), viewer, id).await?;
    let edit = writes::Edit::priority_of(seen.grievance(), name);
    writes::update(state.cases(), actor, viewer, &seen, edit).await
}
