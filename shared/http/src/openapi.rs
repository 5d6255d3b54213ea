//! The OpenAPI document's frame; each area adds its paths through `utoipa_axum`.

use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(title = "Grievance Portal API", description = "Police grievance and FIR case management."),
    modifiers(&BearerAuth),
    components(schemas(crate::ErrorBody, domain::lists::ListKind))
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
    }
}

/// An empty area router that starts from the document frame.
pub fn area() -> crate::AreaRouter {
    utoipa_axum::router::OpenApiRouter::with_openapi(ApiDoc::openapi())
}
