//! The OpenAPI document's frame; each area adds its paths through `utoipa_axum`.

use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(title = "Grievance Portal API", description = "Police grievance and FIR case management."),
    modifiers(&BearerAuth),
    components(schemas(crate::ErrorBody, domain::lists::ListKind, cases::reads::SortKey, cases::reads::SortDirection, cases::numbers::NumberMatch))
)]
pub struct ApiDoc;

/// The body of a request that needs none (signing out, marking read): it may be left out or
/// sent as `{}`, and whatever is sent is not read. Named in the document so that every POST
/// and PUT says what its body holds, even when that is nothing.
#[derive(utoipa::ToSchema)]
pub struct NoFields {}

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

/// The answers every operation can give besides its own, added to the document where the
/// handler's annotation leaves them out: 401 wherever a token is required, 400 wherever
/// there is a path, a query or a body to get wrong, 413 wherever there is a body. The
/// common layers give them (see `layers`), so the document must say so.
pub fn with_common_answers(mut document: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use utoipa::openapi::{Ref, RefOr, ResponseBuilder};
    let error = |description: &str| -> RefOr<utoipa::openapi::Response> {
        ResponseBuilder::new()
            .description(description)
            .content("application/json", utoipa::openapi::ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build())
            .build()
            .into()
    };
    for item in document.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for operation in operations.into_iter().flatten() {
            let responses = &mut operation.responses.responses;
            let secured = operation.security.as_ref().is_some_and(|s| !s.is_empty());
            if secured {
                responses.entry("401".into()).or_insert_with(|| error("Not signed in, or the session has ended"));
            }
            if operation.parameters.as_ref().is_some_and(|p| !p.is_empty()) || operation.request_body.is_some() {
                responses.entry("400".into()).or_insert_with(|| error("The request is malformed or fails validation"));
            }
            if operation.request_body.is_some() {
                responses.entry("413".into()).or_insert_with(|| error("The request body is over 1 MiB"));
            }
        }
    }
    document
}
