//! What every area's HTTP layer shares, so handlers stay thin: the state, the one error type
//! and its mapping to statuses, the extractors for the caller and the client, the layers
//! every answer passes through, and the two hosts (Lambda and the local portal).

pub mod caller;
pub mod client;
pub mod cursors;
pub mod envelope;
pub mod export_queues;
pub mod error;
pub mod files;
pub mod json;
#[cfg(feature = "cloud")]
pub mod lambda;
pub mod layers;
pub mod openapi;
pub mod state;

pub use caller::Caller;
/// The records of administrative changes, for the areas that make them.
pub use cases::admin_audit;
pub use client::{ClientInfo, TrustedProxies};
pub use envelope::{Envelope, SuccessMessage};
pub use error::{ApiError, ApiResult, ErrorBody};
pub use json::ApiJson;
pub use state::{AppState, CitizenChannel};

/// The area routers' type: axum routes that also describe themselves in OpenAPI.
pub type AreaRouter = utoipa_axum::router::OpenApiRouter<AppState>;
