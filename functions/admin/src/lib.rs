//! `/api/admin`: the twelve admin lists of the Admin Panel, and the dashboard's figures.

mod dashboard;
mod dropdowns;

use http_glue::AreaRouter;

pub fn routes() -> AreaRouter {
    dropdowns::routes().merge(dashboard::routes())
}
