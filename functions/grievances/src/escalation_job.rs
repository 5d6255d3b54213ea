//! The escalation function: an EventBridge schedule (template.yaml) invokes it every hour, and
//! it escalates the grievances overdue today and the complainants' appeals not decided in
//! time (`grievances_area::escalation::run`), as the embedded portal's background task does
//! on one machine. It answers no HTTP request; a run escalates each grievance once per level,
//! so a run repeated or overlapping changes nothing twice.

use lambda_http::lambda_runtime::{self, service_fn, LambdaEvent};

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    http_glue::lambda::init_tracing();
    let state = http_glue::lambda::state_from_env().await.map_err(|e| lambda_runtime::Error::from(e.to_string()))?;
    let state = &state;
    lambda_runtime::run(service_fn(move |_event: LambdaEvent<serde_json::Value>| async move {
        let run = grievances_area::escalation::run(state, domain::clock::today()).await.map_err(|e| lambda_runtime::Error::from(e.to_string()))?;
        tracing::info!(overdue = run.overdue, missed = run.missed, escalated = run.escalated, appeals = run.appeals, "escalation run");
        Ok::<serde_json::Value, lambda_runtime::Error>(serde_json::json!({"overdue": run.overdue, "missed": run.missed, "escalated": run.escalated, "appeals": run.appeals}))
    }))
    .await
}
