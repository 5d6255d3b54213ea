//! The pieces of the local host that tests reach too.

pub mod embedded;

use http_glue::AreaRouter;

/// Every area, merged: the same handlers the Lambda functions run.
pub fn areas() -> AreaRouter {
    http_glue::openapi::area()
        .merge(auth_area::routes())
        .merge(users_area::routes())
        .merge(roles_area::routes())
        .merge(admin_area::routes())
        .merge(grievances_area::routes())
        .merge(audit_area::routes())
        .merge(exports_area::routes())
}
