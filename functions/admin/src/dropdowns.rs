//! The admin lists. Reading a list needs only a sign-in, because the grievance form and the
//! user dialog offer their items to staff who cannot open the Admin Panel; changing one
//! needs `dropdowns` create, update or delete.

use domain::ItemId;
use domain::Msg;
use axum::extract::{Path, State};
use domain::lists::{ListItemForm, ListItemInput, ListKind};
use domain::{Action, Error, Resource};
use cases::admin_audit::{self, Subject};
use domain::audit::AuditAction;
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, ErrorBody};
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
    ListKind::parse(name).ok_or_else(|| Error::NotFound(Msg::ListUnknown { name: name.to_string() }))
}

/// An item's audited fields: what the Admin Panel edits (never its usage or times).
pub(crate) fn audited(item: &ListItem) -> Value {
    let mut fields = serde_json::to_value(item).expect("a list item serialises");
    if let Some(map) = fields.as_object_mut() {
        for dropped in ["id", "usage_count", "created_at", "updated_at"] {
            map.remove(dropped);
        }
    }
    fields
}

pub(crate) fn subject(kind: ListKind, item: &ListItem) -> Subject {
    Subject::new("list_item", Some(item.id), item.name.clone()).with("list", kind.as_str())
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
    params(("kind" = ListKind, Path)), request_body = ListItemForm,
    responses((status = 201, body = ListItem), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "No admin list of that name"), (status = 409, body = ErrorBody)))]
async fn create_item(
    State(state): State<AppState>,
    caller: Caller,
    client: ClientInfo,
    Path(list): Path<String>,
    body: Deferred<ListItemForm>,
) -> ApiResult<(http::StatusCode, ApiJson<ListItem>)> {
    caller.require(Resource::Dropdowns, Action::Create)?;
    let kind = kind(&list)?;
    let input = ListItemInput::parse(kind, body.read()?)?;
    let item = state.lists.create(kind, input).await?;
    let entry = admin_audit::entry(AuditAction::ListItemCreated, &subject(kind, &item), None, Some(audited(&item)));
    caller.audit_change(state.trail.as_ref(), &client, entry).await?;
    Ok((http::StatusCode::CREATED, ApiJson(item)))
}

/// Changes an item. Moving a police station to another district, or a district to another
/// range, needs a posting that covers both places (403 otherwise, audited as GRANT_REFUSED).
#[utoipa::path(put, path = "/api/admin/dropdowns/{kind}/{id}", tag = "admin", security(("bearer" = [])),
    params(("kind" = ListKind, Path), ("id" = i64, Path)), request_body = ListItemForm,
    responses((status = 200, body = ListItem), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_item(
    State(state): State<AppState>,
    caller: Caller,
    client: ClientInfo,
    Path((list, id)): Path<(String, ItemId)>,
    body: Deferred<ListItemForm>,
) -> ApiResult<ApiJson<ListItem>> {
    caller.require(Resource::Dropdowns, Action::Update)?;
    let kind = kind(&list)?;
    let input = ListItemInput::parse(kind, body.read()?)?;
    let before = state.lists.get(kind, id.get()).await?;
    if let Some(before) = &before {
        check_move(&state, &caller, &client, kind, before, &input).await?;
    }
    let item = state.lists.update(kind, id.get(), input).await?;
    let entry = admin_audit::entry(AuditAction::ListItemUpdated, &subject(kind, &item), before.as_ref().map(audited), Some(audited(&item)));
    // An item missing before the update was answered 404 by it.
    caller.audit_change(state.trail.as_ref(), &client, entry.filter(|_| before.is_some())).await?;
    Ok(ApiJson(item))
}

/// 403 (audited as GRANT_REFUSED) when the edit moves a police station to another district,
/// or a district to another range, and the caller's posting does not cover both where it
/// was and where it goes: every grievance of the place moves with it, so a keeper of the
/// lists posted in one district would otherwise bring another district's cases into their
/// own reach.
pub(crate) async fn check_move(state: &AppState, caller: &Caller, client: &ClientInfo, kind: ListKind, before: &ListItem, input: &ListItemInput) -> Result<(), http_glue::ApiError> {
    use domain::jurisdiction::Posting;
    let (from, to, place) = match kind {
        ListKind::PoliceStations => match input.district_id {
            Some(to) if to.map(ItemId::get) != before.district_id => (before.district_id.map(Posting::District), to.map(|d| Posting::District(d.get())), "police station"),
            _ => return Ok(()),
        },
        ListKind::Districts => match &input.range {
            Some(to) if *to != before.range => (before.range.clone().map(Posting::Range), to.clone().map(Posting::Range), "district"),
            _ => return Ok(()),
        },
        _ => return Ok(()),
    };
    let org = lists::organisation(state.lists.as_ref()).await?;
    let verdict = domain::grants::may_move_place(&org, &caller.user().posting, from.as_ref(), to.as_ref());
    let named = |p: &Option<Posting>| p.as_ref().map_or_else(|| "none".to_string(), Posting::to_string);
    caller.check_grant(state.trail.as_ref(), client, verdict, || format!("Move {place} {} ({}) from {} to {}", before.name, before.id, named(&from), named(&to))).await
}

/// Deletes an item no grievance uses (one in use can only be deactivated), nor, for a
/// district, any police station.
#[utoipa::path(delete, path = "/api/admin/dropdowns/{kind}/{id}", tag = "admin", security(("bearer" = [])),
    params(("kind" = ListKind, Path), ("id" = i64, Path)),
    responses((status = 200, body = DeletedResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn delete_item(State(state): State<AppState>, caller: Caller, client: ClientInfo, Path((list, id)): Path<(String, ItemId)>) -> ApiResult<ApiJson<DeletedResponse>> {
    caller.require(Resource::Dropdowns, Action::Delete)?;
    let kind = kind(&list)?;
    let before = state.lists.get(kind, id.get()).await?;
    state.lists.delete(kind, id.get()).await?;
    if let Some(item) = before {
        let entry = admin_audit::entry(AuditAction::ListItemDeleted, &subject(kind, &item), Some(audited(&item)), None);
        caller.audit_change(state.trail.as_ref(), &client, entry).await?;
    }
    Ok(ApiJson(DeletedResponse { message: "Item deleted successfully".into() }))
}
