//! `/api/admin`: the twelve admin lists of the Admin Panel.

mod dropdowns;

use http_glue::AreaRouter;

pub fn routes() -> AreaRouter {
    dropdowns::routes()
}
