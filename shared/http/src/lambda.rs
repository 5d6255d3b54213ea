//! The Lambda host: each area's `main` is one call to `run`. Clients are built and the first
//! connection opened during init, so the first request does not pay for them. The DynamoDB
//! table is `TABLE_NAME`; the exports bucket, for the functions given one, `EXPORTS_BUCKET`;
//! the attachments bucket likewise `ATTACHMENTS_BUCKET`.

use crate::{layers, AppState, AreaRouter};
use auth::TokenKeys;
use blobs::s3::S3Blobs;
use std::sync::Arc;
use store::dynamo::DynamoStore;

pub fn init_tracing() {
    let _ = tracing_subscriber::fmt()
        .json()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .with_current_span(false)
        .without_time()
        .try_init();
}

/// The JWT secret: `PORTAL_JWT_SECRET` when set (local runs), otherwise the Secrets
/// Manager secret named by `JWT_SECRET_NAME`.
async fn jwt_secret(config: &aws_config::SdkConfig) -> anyhow::Result<Vec<u8>> {
    if let Ok(secret) = std::env::var("PORTAL_JWT_SECRET") {
        return Ok(secret.into_bytes());
    }
    let name = std::env::var("JWT_SECRET_NAME").map_err(|_| anyhow::anyhow!("JWT_SECRET_NAME is not set"))?;
    let client = aws_sdk_secretsmanager::Client::new(config);
    let out = client.get_secret_value().secret_id(name).send().await?;
    out.secret_string.map(String::into_bytes).ok_or_else(|| anyhow::anyhow!("the JWT secret has no string value"))
}

/// The state of a function in the cloud.
pub async fn state_from_env() -> anyhow::Result<AppState> {
    let config = aws_config::load_from_env().await;
    let table = std::env::var("TABLE_NAME").map_err(|_| anyhow::anyhow!("TABLE_NAME is not set"))?;
    let store = DynamoStore::new(aws_sdk_dynamodb::Client::new(&config), table);
    store.warm_up().await;
    let secret = jwt_secret(&config).await?;
    let config = &config;
    let bucket = |variable: &'static str| async move {
        let bucket = std::env::var(variable).ok()?;
        let s3 = S3Blobs::new(aws_sdk_s3::Client::new(config), bucket);
        s3.warm_up().await;
        Some(Arc::new(s3) as Arc<dyn blobs::BlobStore>)
    };
    let blobs = bucket("EXPORTS_BUCKET").await;
    let attachments = bucket("ATTACHMENTS_BUCKET").await;
    let mut state = AppState::new(Arc::new(store), TokenKeys::new(&secret), blobs, attachments);
    // Long exports are written by the export worker function (see `ExportRunner`).
    state.exports.in_process = false;
    state.prepare().await.map_err(|e| anyhow::anyhow!("cannot prepare the store: {e}"))?;
    Ok(state)
}

pub async fn run(routes: fn() -> AreaRouter) -> Result<(), lambda_http::Error> {
    init_tracing();
    let state = state_from_env().await.map_err(|e| lambda_http::Error::from(e.to_string()))?;
    let (router, _) = routes().split_for_parts();
    let app = layers::apply(router.fallback(layers::api_not_found).with_state(state));
    lambda_http::run(app).await
}
