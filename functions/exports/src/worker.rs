//! The export worker function: the exports bucket tells EventBridge of each new export
//! request blob, and the rule invokes this function, which writes the file and its progress
//! (`exports_area::jobs::run`). It answers no HTTP request, so it is not bound by the HTTP
//! API's 29 s: it has the Lambda's 15 minutes.

use lambda_http::lambda_runtime::{self, service_fn, LambdaEvent};

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    http_glue::lambda::init_tracing();
    let state = http_glue::lambda::state_from_env().await.map_err(|e| lambda_runtime::Error::from(e.to_string()))?;
    let state = &state;
    lambda_runtime::run(service_fn(move |event: LambdaEvent<serde_json::Value>| async move {
        for id in exports_area::jobs::requested_ids(&event.payload) {
            exports_area::jobs::run(state, &id).await.map_err(|e| lambda_runtime::Error::from(e.to_string()))?;
        }
        Ok::<(), lambda_runtime::Error>(())
    }))
    .await
}
