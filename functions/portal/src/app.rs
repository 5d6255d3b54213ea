//! The local server: every area's routes, the SPA, and start-up.

use portal::embedded;
use anyhow::Context;
use axum::Router;
use portal::areas;
use http_glue::{layers, AppState};
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};


pub fn openapi() -> utoipa::openapi::OpenApi {
    http_glue::openapi::with_common_answers(areas().split_for_parts().1)
}

pub fn router(state: AppState, web_dir: &Path) -> Router {
    let (api, document) = areas().split_for_parts();
    let document = http_glue::openapi::with_common_answers(document);
    let document = std::sync::Arc::new(document);
    let api = api
        .route("/api/openapi.json", axum::routing::get(move || async move { axum::Json(document.as_ref().clone()) }))
        .route("/api", axum::routing::any(layers::api_not_found))
        .route("/api/{*rest}", axum::routing::any(layers::api_not_found))
        .with_state(state)
        .layer(compressed_json());
    let index = ServeFile::new(web_dir.join("index.html")).precompressed_br().precompressed_gzip();
    let spa = ServeDir::new(web_dir).append_index_html_on_directories(true).precompressed_br().precompressed_gzip().fallback(index);
    // A hashed file that is not there is a 404, never index.html kept for a year in its place.
    let assets = ServeDir::new(web_dir.join("assets")).precompressed_br().precompressed_gzip();
    // The citizen's status page is a page of its own, not the staff's app: a phone on a slow
    // line loads only what it needs.
    let status = ServeFile::new(web_dir.join("status.html")).precompressed_br().precompressed_gzip();
    let web = Router::new()
        .nest_service("/assets", assets)
        .route_service("/status", status.clone())
        .route_service("/status/", status)
        .fallback_service(spa)
        .layer(axum::middleware::map_response(cache_policy));
    layers::apply(api.fallback_service(web))
}

/// JSON answers gzipped for a client that accepts it: JSON shrinks to a tenth, so a page of
/// fifty grievances is a few KB on a station's slow line instead of ~80. Files (exports,
/// attachments) go as they are: most are compressed already, and a download keeps its
/// length. The web app's own files are compressed at build.
fn compressed_json() -> tower_http::compression::CompressionLayer<impl tower_http::compression::Predicate> {
    use tower_http::compression::predicate::{Predicate, SizeAbove};
    let json = |_: http::StatusCode, _: http::Version, headers: &http::HeaderMap, _: &http::Extensions| {
        headers.get(http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("application/json"))
    };
    tower_http::compression::CompressionLayer::new().gzip(true).compress_when(SizeAbove::new(512).and(json))
}

/// Files under `/assets/` carry a hash of their content in their name, so a browser keeps
/// them for a year without asking again; everything else (index.html, the routes that
/// answer it, the favicon) is checked on every load, so a new release is seen at once. The
/// same rules as `infra/publish_web.py` writes for CloudFront.
async fn cache_policy(uri: http::Uri, mut response: axum::response::Response) -> axum::response::Response {
    let immutable = uri.path().starts_with("/assets/") && response.status().is_success();
    let value = if immutable { "public, max-age=31536000, immutable" } else { "no-cache" };
    response.headers_mut().insert(http::header::CACHE_CONTROL, http::HeaderValue::from_static(value));
    response
}

fn init_tracing() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .with_target(false)
        .try_init();
}

pub async fn serve(host: &str, port: u16, data_dir: &Path, web_dir: &Path) -> anyhow::Result<()> {
    init_tracing();
    let trusted_proxies = http_glue::TrustedProxies::from_env()?;
    let limits = crate::connections::Limits::from_env()?;
    let state = embedded::open(data_dir)?;
    portal::ready(&state).await?;
    let sealed = state.accounts.seal_secrets().await?;
    if sealed > 0 {
        tracing::info!(users = sealed, "two-factor secrets kept in plain text are now sealed");
    }
    let first = portal::first_admin(&state).await?;
    if !web_dir.join("index.html").exists() {
        tracing::warn!("no web app at {}: build it with `npm run build` in web/ (make run does)", web_dir.display());
    }
    if let Some(warning) = auth::passwords::build_warning() {
        tracing::warn!("{warning}");
    }
    portal::backup::schedule::spawn_scheduled_backups(data_dir)?;
    let checkpoint_key = embedded::checkpoint_key(data_dir)?;
    let listener = tokio::net::TcpListener::bind((host, port)).await.with_context(|| format!("cannot listen on {host}:{port}"))?;
    let address = listener.local_addr()?;
    let shown_host = if host == "0.0.0.0" { "127.0.0.1" } else { host };
    println!();
    println!("  Grievance Portal is running at http://{shown_host}:{}", address.port());
    println!("  Data directory: {}", data_dir.display());
    for line in first.lines(data_dir) {
        println!("  {line}");
    }
    let mailer: Option<std::sync::Arc<dyn mail::Mailer>> = mail::from_env().await.map_err(|e| anyhow::anyhow!("cannot send email: {e}"))?.map(Into::into);
    match &mailer {
        Some(m) => println!("  Notification emails are sent through {}.", m.describe()),
        None => println!("  Notification emails are kept in the outbox: set PORTAL_SMTP_HOST and PORTAL_MAIL_FROM to send them."),
    }
    let citizens = http_glue::CitizenChannel::from_env(&format!("http://{shown_host}:{}", address.port())).await.map_err(|e| anyhow::anyhow!("cannot send SMS: {e}"))?;
    match &citizens.sms {
        Some(sender) => println!("  SMS to complainants are sent through {}; their links point at {}.", sender.describe(), citizens.public_url),
        None => println!("  No SMS is sent to complainants: set PORTAL_SMS_URL (an HTTP SMS gateway) to send them."),
    }
    let state = state.with_citizens(citizens);
    let escalations = embedded::escalation_every(std::env::var("PORTAL_ESCALATION_MINUTES").ok().as_deref());
    if escalations.is_none() {
        println!("  Overdue grievances are not escalated: PORTAL_ESCALATION_MINUTES is 0.");
    }
    println!("  Stop with Ctrl-C.");
    println!();
    spawn_sweeps(&state);
    if let Some(every) = escalations {
        spawn_escalations(state.clone(), every);
    }
    spawn_checkpoints(state.clone(), checkpoint_key, mailer.clone())?;
    spawn_notifier(state.clone(), mailer);
    // The socket's peer is the client (ClientInfo), unless it is one of these proxies, which
    // carry everyone's connections and so are not held to one client's share.
    let proxies = trusted_proxies.clone();
    let app = router(state, web_dir).layer(axum::Extension(trusted_proxies));
    crate::connections::serve(listener, app, limits, move |peer| proxies.trusts(peer.to_canonical()), shutdown_signal()).await?;
    tracing::info!("stopped");
    Ok(())
}

/// Export files are fetched within the five minutes their link lives; the sweep deletes them
/// an hour after they were written (`PORTAL_EXPORT_RETENTION_MINUTES`). Pending attachment
/// uploads are deleted after a day: those never confirmed, and those a confirm copied to the
/// attachment's own key (the pending file is what keeps its used link refused meanwhile).
/// Both at start-up and every ten minutes, as the S3 lifecycle rules do in the cloud.
fn spawn_sweeps(state: &AppState) {
    let minutes = std::env::var("PORTAL_EXPORT_RETENTION_MINUTES").ok().and_then(|m| m.parse::<u64>().ok()).unwrap_or(60);
    spawn_sweep(state.blobs.clone(), "", std::time::Duration::from_secs(minutes * 60), "export files");
    spawn_sweep(state.attachments.clone(), cases::attachments::PENDING_PREFIX, std::time::Duration::from_secs(24 * 3600), "pending attachment uploads");
    spawn_session_sweep(state.accounts.clone());
    spawn_deleted_files_sweep(state.clone());
}

/// Overdue grievances are escalated at start and then `every` so often, as the scheduled
/// function does in the cloud; a run escalates each grievance once per level.
fn spawn_escalations(state: AppState, every: std::time::Duration) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(every);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            match grievances_area::escalation::run(&state, domain::clock::today()).await {
                Ok(run) if run.escalated + run.appeals > 0 => {
                    tracing::info!(escalated = run.escalated, overdue = run.overdue, missed = run.missed, appeals = run.appeals, "overdue grievances and appeals escalated")
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "cannot escalate overdue grievances; the next run tries again"),
            }
        }
    });
}

/// Notifications are delivered every few seconds (`PORTAL_NOTIFY_SECONDS`, 5 by default), as
/// the scheduled notifier function does every minute in the cloud: the events changes wrote to
/// the outbox become notices, and their emails are sent when a mailer is configured.
fn spawn_notifier(state: AppState, mailer: Option<std::sync::Arc<dyn mail::Mailer>>) {
    let seconds = std::env::var("PORTAL_NOTIFY_SECONDS").ok().and_then(|s| s.parse::<u64>().ok()).filter(|s| *s > 0).unwrap_or(5);
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(seconds));
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            match grievances_area::notify::run(&state, mailer.as_deref(), domain::clock::now()).await {
                Ok(run) if run.notices + run.sent + run.failed > 0 => {
                    tracing::info!(notices = run.notices, sent = run.sent, failed = run.failed, "notifications delivered")
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "cannot deliver notifications; the next run tries again"),
            }
        }
    });
}

/// A signed checkpoint of the audit trail every `PORTAL_CHECKPOINT_EVERY_HOURS` (24), and at
/// start when the newest is older than that, written to the checkpoints directory and, when
/// `PORTAL_AUDITORS_EMAIL` is set and emails are sent, mailed to the auditors: a copy outside
/// the machine that a store put back to an older state is checked against.
fn spawn_checkpoints(state: AppState, key: cases::checkpoint::SigningKey, mailer: Option<std::sync::Arc<dyn mail::Mailer>>) -> anyhow::Result<()> {
    let hours = match std::env::var("PORTAL_CHECKPOINT_EVERY_HOURS") {
        Ok(h) => h.trim().parse::<f64>().ok().filter(|h| h.is_finite() && *h >= 1.0 / 60.0).with_context(|| format!("PORTAL_CHECKPOINT_EVERY_HOURS={h:?}: give hours, at least 1/60"))?,
        Err(_) => 24.0,
    };
    let every = std::time::Duration::from_secs_f64(hours * 3600.0);
    let auditors = std::env::var("PORTAL_AUDITORS_EMAIL").ok().map(|a| a.trim().to_string()).filter(|a| !a.is_empty());
    let Some(kept) = state.checkpoints.clone() else { return Ok(()) };
    tokio::spawn(async move {
        // First, whether the trail extends the newest checkpoint: a data directory put back to
        // an older state holds in every chain, and only this shows it (Audit History says it).
        let trusted = key.verifying_key();
        let at_start = audit_area::checkpoints::check_newest(&state, kept.as_ref(), &trusted).await;
        match &at_start {
            Ok(true) => {}
            Ok(false) => tracing::error!(finding = ?state.checkpoint_finding.read().map(|f| f.clone()).ok().flatten(), "the audit trail does not extend its newest checkpoint"),
            Err(e) => tracing::warn!(error = %e, "cannot check the audit trail against its newest checkpoint"),
        }
        let newest = audit_area::checkpoints::newest(kept.as_ref()).await.ok().flatten();
        let age = newest.and_then(|c| domain::clock::parse(&c.made_at)).map(|made| (domain::clock::now() - made).unsigned_abs());
        let first = match age {
            Some(age) if age < every => every - age,
            _ => std::time::Duration::ZERO,
        };
        let mut checked_at_start = first.is_zero() && at_start.is_ok();
        let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + first, every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            // A new checkpoint of a trail that does not extend the newest would hide that it
            // does not: none is made until someone has looked into it. (At start the check
            // above has just been made.)
            let checked = if std::mem::take(&mut checked_at_start) {
                Ok(state.checkpoint_finding.read().map(|f| f.is_none()).unwrap_or(false))
            } else {
                audit_area::checkpoints::check_newest(&state, kept.as_ref(), &trusted).await
            };
            match checked {
                Ok(true) => {}
                Ok(false) => {
                    tracing::error!("the audit trail does not extend its newest checkpoint: no new checkpoint is made until this is looked into (see `portal audit verify --since`)");
                    continue;
                }
                Err(e) => {
                    tracing::warn!(error = %e, "cannot check the audit trail against its newest checkpoint; the next run tries again");
                    continue;
                }
            }
            let made = async {
                let checkpoint = audit_area::checkpoints::make(state.trail.as_ref(), &key).await?;
                let name = audit_area::checkpoints::keep(kept.as_ref(), &checkpoint).await?;
                Ok::<_, domain::Error>((checkpoint, name))
            };
            match made.await {
                Ok((checkpoint, name)) => {
                    tracing::info!(records = checkpoint.records, chains = checkpoint.chains, file = %name, "audit trail checkpoint written");
                    if let (Some(mailer), Some(to)) = (&mailer, &auditors) {
                        let body = format!(
                            "The audit trail's signed checkpoint of {}: {} records in {} chains.\n\nKeep this message. To prove later that the trail extends it, save the JSON below to a file and run\n  portal audit verify --since FILE\n\n{}\n",
                            checkpoint.made_at,
                            checkpoint.records,
                            checkpoint.chains,
                            serde_json::to_string_pretty(&checkpoint).unwrap_or_default()
                        );
                        let subject = format!("Audit trail checkpoint {}", checkpoint.made_at);
                        if let Err(e) = mailer.send(to, &subject, &body).await {
                            tracing::warn!(error = %e, "cannot mail the audit trail checkpoint to the auditors; it is in the checkpoints directory");
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot write the audit trail checkpoint; the next run tries again"),
            }
        }
    });
    Ok(())
}

/// The attachments of deleted grievances are deleted with them; a file that could not be is
/// retried here, at start and every ten minutes, after whatever deletions the store left to
/// finish (`cases::attachments::finish_deletions`).
fn spawn_deleted_files_sweep(state: AppState) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(600));
        loop {
            every.tick().await;
            match cases::attachments::finish_deletions(state.cases(), state.attachments.as_deref()).await {
                Ok(done) if done != Default::default() => tracing::info!(deletions = done.deletions, files = done.files, "deletions finished, files of deleted grievances' attachments deleted"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "cannot finish deletions or delete the files of deleted grievances' attachments"),
            }
        }
    });
}

/// Sessions nobody came back to (signed out by their idle time or lifetime) are removed every
/// minute; one that comes back is refused and removed at once (`auth::sessions::authenticate`).
fn spawn_session_sweep(accounts: std::sync::Arc<dyn auth::Accounts>) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
        loop {
            every.tick().await;
            match auth::sessions::sweep(accounts.as_ref()).await {
                Ok(n) if n > 0 => tracing::info!(sessions = n, "ended sessions removed"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "cannot remove ended sessions"),
            }
        }
    });
}

fn spawn_sweep(blobs: Option<std::sync::Arc<dyn blobs::BlobStore>>, prefix: &'static str, age: std::time::Duration, what: &'static str) {
    let Some(blobs) = blobs else { return };
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(600));
        loop {
            every.tick().await;
            let blobs = blobs.clone();
            let swept = tokio::task::spawn_blocking(move || blobs.local().map(|local| local.sweep(prefix, age))).await;
            match swept {
                Ok(Some(Ok(n))) if n > 0 => tracing::info!(files = n, "old {what} deleted"),
                Ok(Some(Err(e))) => tracing::warn!(error = %e, "cannot sweep old {what}"),
                _ => {}
            }
        }
    });
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down");
}

