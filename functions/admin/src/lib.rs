//! `/api/admin`: the twelve admin lists of the Admin Panel, the pendency limits, and the
//! dashboard's figures, and the MIS reports (`/api/reports`).

mod dashboard;
mod dropdowns;
mod pendency;
pub mod reports;

use http_glue::AreaRouter;

pub fn routes() -> AreaRouter {
    dropdowns::routes().merge(pendency::routes()).merge(dashboard::routes()).merge(reports::routes())
}
