//! `/api/admin`: the twelve admin lists of the Admin Panel, the pendency limits, the law's
//! clock rules and reference list (with `/api/law`), what citizens are told (SMS templates,
//! the reopen window, the messages kept aside), the trash's retention and the views published
//! to roles, the dashboard's figures, and the MIS reports (`/api/reports`).

mod citizens;
mod dashboard;
mod desk;
mod dropdowns;
pub mod imports;
mod law;
mod pendency;
pub mod reports;

use http_glue::AreaRouter;

pub fn routes() -> AreaRouter {
    dropdowns::routes().merge(pendency::routes()).merge(citizens::routes()).merge(law::routes()).merge(dashboard::routes()).merge(reports::routes()).merge(desk::routes()).merge(imports::routes())
}
