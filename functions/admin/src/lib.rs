//! `/api/admin`: the twelve admin lists of the Admin Panel, the pendency limits, and the
//! dashboard's figures.

mod dashboard;
mod dropdowns;
mod pendency;

use http_glue::AreaRouter;

pub fn routes() -> AreaRouter {
    dropdowns::routes().merge(pendency::routes()).merge(dashboard::routes())
}
