//! The Lambda host: each area's `main` is one call to `run`. Clients are built and the first
//! connection opened during init, so the first request does not pay for them. The DynamoDB
//! table is `TABLE_NAME`; the exports bucket, for the functions given one, `EXPORTS_BUCKET`;
//! the attachments bucket likewise `ATTACHMENTS_BUCKET`.

use crate::{layers, AppState, AreaRouter};
use auth::TokenKeys;
use blobs::s3::S3Blobs;
use std::sync::{Arc, OnceLock};
use std::time::Instant;
use store::dynamo::DynamoStore;

/// When this process began its init: `init_tracing` is the first thing `run` and the export
/// worker do.
static INIT_STARTED: OnceLock<Instant> = OnceLock::new();

pub fn init_tracing() {
    INIT_STARTED.get_or_init(Instant::now);
    let _ = tracing_subscriber::fmt()
        .json()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .with_current_span(false)
        .without_time()
        .try_init();
}

/// The token keys: `PORTAL_JWT_SECRET` when set (local runs), otherwise the Secrets Manager
/// secret named by `JWT_SECRET_NAME`. Tokens are signed with its current version and verified
/// with the current, the previous and a pending one, so that a rotation in two steps signs no
/// one out: first a new value is put as pending (every instance, old or new, then accepts
/// it), then it is made current (the old one stays valid as previous).
pub async fn token_keys(config: &aws_config::SdkConfig) -> anyhow::Result<TokenKeys> {
    let policy = auth::tokens::SessionPolicy::from_env().map_err(anyhow::Error::msg)?;
    if let Ok(secret) = std::env::var("PORTAL_JWT_SECRET") {
        return Ok(TokenKeys::new(secret.as_bytes()).with_policy(policy));
    }
    let name = std::env::var("JWT_SECRET_NAME").map_err(|_| anyhow::anyhow!("JWT_SECRET_NAME is not set"))?;
    let client = aws_sdk_secretsmanager::Client::new(config);
    let version = |stage: &'static str| client.get_secret_value().secret_id(&name).version_stage(stage).send();
    // All at once: init time is every cold start's.
    let (current, previous, pending) = tokio::join!(version("AWSCURRENT"), version("AWSPREVIOUS"), version("AWSPENDING"));
    let current = current?.secret_string.ok_or_else(|| anyhow::anyhow!("the JWT secret has no string value"))?;
    // Outside a rotation there is no previous or pending version.
    let [previous, pending] = [previous, pending].map(|v| v.ok().and_then(|out| out.secret_string));
    Ok(TokenKeys::rotating(current.as_bytes(), previous.as_deref().map(str::as_bytes))
        .also_verifying(pending.as_deref().map(str::as_bytes))
        .with_policy(policy))
}

/// The key two-factor secrets are sealed with: the Secrets Manager secret named by
/// `SECRETS_KEY_NAME`, given only to the function that handles them; none elsewhere.
pub async fn sealing_key(config: &aws_config::SdkConfig) -> anyhow::Result<auth::sealing::SealingKey> {
    let Ok(name) = std::env::var("SECRETS_KEY_NAME") else { return Ok(auth::sealing::SealingKey::none()) };
    let client = aws_sdk_secretsmanager::Client::new(config);
    let out = client.get_secret_value().secret_id(name).send().await?;
    let material = out.secret_string.ok_or_else(|| anyhow::anyhow!("the secrets key has no string value"))?;
    anyhow::ensure!(material.len() >= 32, "the secrets key is shorter than 32 characters");
    Ok(auth::sealing::SealingKey::from_material(material.as_bytes()))
}

/// Sets the key the audit trail's chains are hashed with: the Secrets Manager secret named by
/// `AUDIT_KEY_NAME` (every function writes audit records). Unset, the chains are hashed
/// without a key (local runs).
pub async fn use_audit_key(config: &aws_config::SdkConfig) -> anyhow::Result<()> {
    let Ok(name) = std::env::var("AUDIT_KEY_NAME") else { return Ok(()) };
    let client = aws_sdk_secretsmanager::Client::new(config);
    let out = client.get_secret_value().secret_id(name).send().await?;
    let material = out.secret_string.ok_or_else(|| anyhow::anyhow!("the audit key has no string value"))?;
    anyhow::ensure!(material.len() >= 32, "the audit key is shorter than 32 characters");
    cases::chain::use_key(material.as_bytes()).map_err(anyhow::Error::msg)
}

/// The key the audit trail's checkpoints are signed with: derived from the Secrets Manager
/// secret named by `CHECKPOINT_KEY_NAME` (the stack's `CheckpointKey`), for the operator's
/// `portal audit checkpoint --table ...`.
pub async fn checkpoint_key(config: &aws_config::SdkConfig) -> anyhow::Result<cases::checkpoint::SigningKey> {
    let name = std::env::var("CHECKPOINT_KEY_NAME").map_err(|_| anyhow::anyhow!("set CHECKPOINT_KEY_NAME to the stack's CheckpointKeyName output"))?;
    let client = aws_sdk_secretsmanager::Client::new(config);
    let out = client.get_secret_value().secret_id(name).send().await?;
    let material = out.secret_string.ok_or_else(|| anyhow::anyhow!("the checkpoint key has no string value"))?;
    anyhow::ensure!(material.len() >= 32, "the checkpoint key is shorter than 32 characters");
    Ok(cases::checkpoint::signing_key_from_material(material.as_bytes()))
}

/// The store of the audit trail's checkpoints named by `CHECKPOINTS_BUCKET` (the stack's
/// `CheckpointsBucketName`).
pub fn checkpoints_bucket(config: &aws_config::SdkConfig) -> anyhow::Result<Arc<dyn blobs::BlobStore>> {
    let bucket = std::env::var("CHECKPOINTS_BUCKET").map_err(|_| anyhow::anyhow!("set CHECKPOINTS_BUCKET to the stack's CheckpointsBucketName output"))?;
    Ok(Arc::new(S3Blobs::new(aws_sdk_s3::Client::new(config), bucket)))
}

/// The state of a function in the cloud. Ends with one log line saying how long init took
/// (`init took N ms`, from the start of `run`) and where it went: cold starts in the log.
pub async fn state_from_env() -> anyhow::Result<AppState> {
    let started = *INIT_STARTED.get_or_init(Instant::now);
    let ms = |since: Instant| since.elapsed().as_millis() as u64;
    let config = aws_config::load_from_env().await;
    let table = std::env::var("TABLE_NAME").map_err(|_| anyhow::anyhow!("TABLE_NAME is not set"))?;
    let store = DynamoStore::new(aws_sdk_dynamodb::Client::new(&config), table);
    let step = Instant::now();
    store.warm_up().await;
    let dynamodb_ms = ms(step);
    let step = Instant::now();
    let (tokens, sealing, audit_key) = tokio::join!(token_keys(&config), sealing_key(&config), use_audit_key(&config));
    let (tokens, sealing) = (tokens?, sealing?);
    audit_key?;
    let secrets_ms = ms(step);
    let config = &config;
    let bucket = |variable: &'static str| async move {
        let bucket = std::env::var(variable).ok()?;
        let s3 = S3Blobs::new(aws_sdk_s3::Client::new(config), bucket);
        s3.warm_up().await;
        Some(Arc::new(s3) as Arc<dyn blobs::BlobStore>)
    };
    let step = Instant::now();
    let blobs = bucket("EXPORTS_BUCKET").await;
    let attachments = bucket("ATTACHMENTS_BUCKET").await;
    let s3_ms = ms(step);
    let checkpoints = bucket("CHECKPOINTS_BUCKET").await;
    let mut state = AppState::new(Arc::new(store), tokens, blobs, attachments).with_sealing(sealing);
    if let Some(checkpoints) = checkpoints {
        state = state.with_checkpoints(checkpoints);
    }
    // Long exports are written by the export worker function (see `ExportRunner`).
    state.exports.in_process = false;
    // Citizens' links point at the site's address, which the stack gives every function.
    state.citizens = crate::CitizenChannel::from_env("").await.map_err(|e| anyhow::anyhow!("cannot send SMS: {e}"))?;
    let step = Instant::now();
    state.prepare().await.map_err(|e| anyhow::anyhow!("cannot prepare the store: {e}"))?;
    let prepare_ms = ms(step);
    let init_ms = ms(started);
    let function = std::env::var("AWS_LAMBDA_FUNCTION_NAME").unwrap_or_default();
    tracing::info!(function, init_ms, dynamodb_ms, secrets_ms, s3_ms, prepare_ms, "init took {init_ms} ms");
    Ok(state)
}

pub async fn run(routes: fn() -> AreaRouter) -> Result<(), lambda_http::Error> {
    init_tracing();
    let state = state_from_env().await.map_err(|e| lambda_http::Error::from(e.to_string()))?;
    let (router, _) = routes().split_for_parts();
    let app = layers::apply(router.fallback(layers::api_not_found).with_state(state));
    lambda_http::run(app).await
}
