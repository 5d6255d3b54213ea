//! The admin lists. Reading a list needs only a sign-in, because the grievance form and the
//! user dialog offer their items to staff who cannot open the Admin Panel; changing one
//! needs `dropdowns` create, update or delete.

use axum::extract::{Path, State};
use domain::lists::{ListItemInput, ListKind};
use domain::{Action, Error, Resource};
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ErrorBody};
use lists::ListItem;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(list_items, create_item))
        .routes(routes!(update_item, delete_item))
}

fn kind(name: &str) -> Result<ListKind, Error> {
    ListKind::parse(name).ok_or_else(|| Error::not_found(format!("There is no admin list named '{name}'")))
}

/// The request body of a list item.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ListItemRequest {
    name: String,
    description: Option<String>,
    /// A whole number; text holding one is accepted too. Defaults to 0.
    #[schema(value_type = Option<i64>)]
    display_order: Option<Value>,
    is_active: Option<bool>,
    /// A status's meaning to the rules (statuses only): a new status is in progress when
    /// left out, an edited one keeps its own. It cannot change while grievances use the status.
    meaning: Option<domain::lists::StatusMeaning>,
    /// The district a police station belongs to (police stations only): `null` places it in
    /// none; left out, an edited station keeps its own. The district must exist.
    district_id: Option<i64>,
    /// The range a district belongs to (districts only), up to 100 characters: blank or
    /// `null` for none; left out, an edited district keeps its own.
    range: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct DeletedResponse {
    pub message: String,
}

/// The items of one list, ordered by display order, then name.
#[utoipa::path(get, path = "/api/admin/dropdowns/{kind}", tag = "admin", security(("bearer" = [])),
    params(("kind" = ListKind, Path, description = "one of the twelve lists")),
    responses((status = 200, body = Vec<ListItem>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn list_items(State(state): State<AppState>, caller: Caller, Path(list): Path<String>) -> ApiResult<ApiJson<Vec<ListItem>>> {
    let mut items = state.lists.list(kind(&list)?).await?;
    if !caller.can(domain::Resource::Grievances, domain::Action::ViewAll) {
        items.iter_mut().for_each(|item| item.usage_count = None);
    }
    Ok(ApiJson(items))
}

/// Adds an item; its name must be new to the list (any capitals).
#[utoipa::path(post, path = "/api/admin/dropdowns/{kind}", tag = "admin", security(("bearer" = [])),
    params(("kind" = ListKind, Path)), request_body = ListItemRequest,
    responses((status = 201, body = ListItem), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "No admin list of that name"), (status = 409, body = ErrorBody)))]
async fn create_item(
    State(state): State<AppState>,
    caller: Caller,
    Path(list): Path<String>,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<(http::StatusCode, ApiJson<ListItem>)> {
    caller.require(Resource::Dropdowns, Action::Create)?;
    let kind = kind(&list)?;
    let input = ListItemInput::parse(kind, &body)?;
    Ok((http::StatusCode::CREATED, ApiJson(state.lists.create(kind, input).await?)))
}

/// Changes an item.
#[utoipa::path(put, path = "/api/admin/dropdowns/{kind}/{id}", tag = "admin", security(("bearer" = [])),
    params(("kind" = ListKind, Path), ("id" = i64, Path)), request_body = ListItemRequest,
    responses((status = 200, body = ListItem), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_item(
    State(state): State<AppState>,
    caller: Caller,
    Path((list, id)): Path<(String, i64)>,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<ApiJson<ListItem>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let kind = kind(&list)?;
    let input = ListItemInput::parse(kind, &body)?;
    Ok(ApiJson(state.lists.update(kind, id, input).await?))
}

/// Deletes an item no grievance uses (one in use can only be deactivated), nor, for a
/// district, any police station.
#[utoipa::path(delete, path = "/api/admin/dropdowns/{kind}/{id}", tag = "admin", security(("bearer" = [])),
    params(("kind" = ListKind, Path), ("id" = i64, Path)),
    responses((status = 200, body = DeletedResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn delete_item(State(state): State<AppState>, caller: Caller, Path((list, id)): Path<(String, i64)>) -> ApiResult<ApiJson<DeletedResponse>> {
    caller.require(Resource::Dropdowns, Action::Delete)?;
    let kind = kind(&list)?;
    state.lists.delete(kind, id).await?;
    Ok(ApiJson(DeletedResponse { message: "Item deleted successfully".into() }))
}
