//! The notifier function: an EventBridge schedule (template.yaml) invokes it every minute, and
//! it turns the outbox's events into staff notices and sends their emails through Amazon SES
//! (`grievances_area::notify::run`), as the embedded portal's background task does on one
//! machine. It answers no HTTP request. Without `SES_FROM_ADDRESS` it writes the notices and
//! keeps the emails in the outbox. Each run also finishes the deletions the store left for
//! later, and deletes the files of deleted grievances' attachments
//! (`cases::attachments::finish_deletions`).

use lambda_http::lambda_runtime::{self, service_fn, LambdaEvent};

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    http_glue::lambda::init_tracing();
    let state = http_glue::lambda::state_from_env().await.map_err(|e| lambda_runtime::Error::from(e.to_string()))?;
    let mailer = mail::from_env().await.map_err(lambda_runtime::Error::from)?;
    let (state, mailer) = (&state, mailer.as_deref());
    lambda_runtime::run(service_fn(move |_event: LambdaEvent<serde_json::Value>| async move {
        let run = grievances_area::notify::run(state, mailer, domain::clock::now()).await.map_err(|e| lambda_runtime::Error::from(e.to_string()))?;
        tracing::info!(events = run.events, notices = run.notices, sent = run.sent, failed = run.failed, "notifier run");
        let finished = cases::attachments::finish_deletions(state.cases(), state.attachments.as_deref()).await.map_err(|e| lambda_runtime::Error::from(e.to_string()))?;
        tracing::info!(deletions = finished.deletions, files = finished.files, "deletions finished");
        let mut answer = serde_json::to_value(run)?;
        answer["deletions"] = serde_json::to_value(finished)?;
        Ok::<serde_json::Value, lambda_runtime::Error>(answer)
    }))
    .await
}
