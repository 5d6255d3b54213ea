//! `/api/views`: a user's saved views of the grievance list, kept on the server so that they
//! follow the user from desk to desk, beside the views the Admin published to their role; and
//! the view the list opens with.

use axum::extract::{Path, State};
use domain::views::{Density, SavedView, UserPreferences, ViewName, ViewQuery};
use domain::{Action, Error, Msg, Resource};
use http_glue::json::Deferred;
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, Envelope, ErrorBody, SuccessMessage};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(list_views, create_view)).routes(routes!(update_view, delete_view)).routes(routes!(set_default))
}

/// A view as the list offers it.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct ViewEntry {
    #[serde(flatten)]
    pub view: SavedView,
    /// Published by the Admin to the user's role: the user opens it, and cannot change it.
    pub published: bool,
}

/// The user's views and those published to their role, and their default.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct Views {
    pub views: Vec<ViewEntry>,
    /// The view the list opens with; null: the list as it comes.
    pub default_view: Option<String>,
}

/// A view as the list's "Save view" sends it.
#[derive(Deserialize, ToSchema)]
pub struct ViewForm {
    /// 1 to 60 characters.
    pub name: String,
    /// The list's query string: its filters and order only.
    pub query: String,
    #[serde(default)]
    pub density: Density,
    /// Make it the view the list opens with.
    #[serde(default)]
    pub make_default: bool,
}

#[derive(Deserialize, ToSchema)]
pub struct DefaultForm {
    /// One of the user's views or of those published to their role; null for none.
    pub view_id: Option<String>,
}

async fn views_of(state: &AppState, caller: &Caller, prefs: &UserPreferences) -> Result<Views, Error> {
    let role = caller.user().role_id;
    let published = state.lists.published_views().await?;
    let mut views: Vec<ViewEntry> = prefs.views.iter().cloned().map(|view| ViewEntry { view, published: false }).collect();
    views.extend(published.views.into_iter().filter(|p| p.role_id == role).map(|p| ViewEntry { view: p.view, published: true }));
    // A default that names a view no longer there (deleted, or withdrawn from the role) is none.
    let default_view = prefs.default_view.clone().filter(|id| views.iter().any(|v| v.view.id == *id));
    Ok(Views { views, default_view })
}

/// Reads the caller's preferences, changes them with `change` and saves them, once more from a
/// fresh reading when another save came first.
async fn change_prefs<T>(state: &AppState, caller: &Caller, change: impl Fn(&mut UserPreferences) -> Result<T, Error>) -> Result<(UserPreferences, T), Error> {
    let user = caller.user().id;
    for _ in 0..3 {
        let mut prefs = state.accounts.preferences(user).await?;
        let out = change(&mut prefs)?;
        if state.accounts.save_preferences(user, &prefs).await? == auth::port::Outcome::Written {
            prefs.revision += 1;
            return Ok((prefs, out));
        }
    }
    Err(Error::Conflict(Msg::ChangedConcurrently))
}

/// The caller's views, those the Admin published to their role, and their default view.
#[utoipa::path(get, path = "/api/views", tag = "views", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Views>), (status = 403, body = ErrorBody)))]
async fn list_views(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<Envelope<Views>>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let prefs = state.accounts.preferences(caller.user().id).await?;
    Ok(ApiJson(Envelope::ok(views_of(&state, &caller, &prefs).await?)))
}

/// Saves the list's filters, order and density as a named view (at most 30).
#[utoipa::path(post, path = "/api/views", tag = "views", security(("bearer" = [])), request_body = ViewForm,
    responses((status = 201, body = Envelope<Views>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_view(State(state): State<AppState>, caller: Caller, body: Deferred<ViewForm>) -> ApiResult<(http::StatusCode, ApiJson<Envelope<Views>>)> {
    caller.require(Resource::Grievances, Action::Read)?;
    let form = body.read()?;
    let (name, query) = (ViewName::parse(&form.name)?, ViewQuery::parse(&form.query)?);
    let (prefs, ()) = change_prefs(&state, &caller, |prefs| {
        let id = prefs.add_view(name.clone(), query.clone(), form.density)?.id.clone();
        if form.make_default {
            prefs.default_view = Some(id);
        }
        Ok(())
    })
    .await?;
    Ok((http::StatusCode::CREATED, ApiJson(Envelope::ok(views_of(&state, &caller, &prefs).await?))))
}

/// Renames a view of the caller's or saves it with other filters.
#[utoipa::path(put, path = "/api/views/{id}", tag = "views", security(("bearer" = [])), params(("id" = String, Path)), request_body = ViewForm,
    responses((status = 200, body = Envelope<Views>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn update_view(State(state): State<AppState>, caller: Caller, Path(id): Path<String>, body: Deferred<ViewForm>) -> ApiResult<ApiJson<Envelope<Views>>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let form = body.read()?;
    let (name, query) = (ViewName::parse(&form.name)?, ViewQuery::parse(&form.query)?);
    let (prefs, ()) = change_prefs(&state, &caller, |prefs| {
        let view = prefs.views.iter_mut().find(|v| v.id == id).ok_or(Error::NotFound(Msg::ViewNotFound))?;
        (view.name, view.query, view.density) = (name.clone(), query.clone(), form.density);
        if form.make_default {
            prefs.default_view = Some(id.clone());
        }
        Ok(())
    })
    .await?;
    Ok(ApiJson(Envelope::ok(views_of(&state, &caller, &prefs).await?)))
}

/// Deletes a view of the caller's (a published one is the Admin's to withdraw).
#[utoipa::path(delete, path = "/api/views/{id}", tag = "views", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = SuccessMessage), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn delete_view(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> ApiResult<ApiJson<SuccessMessage>> {
    caller.require(Resource::Grievances, Action::Read)?;
    change_prefs(&state, &caller, |prefs| {
        let before = prefs.views.len();
        prefs.views.retain(|v| v.id != id);
        if prefs.views.len() == before {
            return Err(Error::NotFound(Msg::ViewNotFound));
        }
        if prefs.default_view.as_deref() == Some(id.as_str()) {
            prefs.default_view = None;
        }
        Ok(())
    })
    .await?;
    Ok(ApiJson(SuccessMessage::new("View deleted")))
}

/// Sets the view the list opens with: one of the caller's, one published to their role, or
/// none.
#[utoipa::path(put, path = "/api/views/default", tag = "views", security(("bearer" = [])), request_body = DefaultForm,
    responses((status = 200, body = Envelope<Views>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn set_default(State(state): State<AppState>, caller: Caller, body: Deferred<DefaultForm>) -> ApiResult<ApiJson<Envelope<Views>>> {
    caller.require(Resource::Grievances, Action::Read)?;
    let wanted = body.read()?.view_id;
    if let Some(id) = &wanted {
        let prefs = state.accounts.preferences(caller.user().id).await?;
        if !views_of(&state, &caller, &prefs).await?.views.iter().any(|v| v.view.id == *id) {
            return Err(Error::NotFound(Msg::ViewNotFound).into());
        }
    }
    let (prefs, ()) = change_prefs(&state, &caller, |prefs| {
        prefs.default_view = wanted.clone();
        Ok(())
    })
    .await?;
    Ok(ApiJson(Envelope::ok(views_of(&state, &caller, &prefs).await?)))
}
