//! Staff notifications: `/api/notifications`, each user's own list and unread
//! count, and the notifier run that turns the outbox's events into notices and emails
//! (`cases::notices`). The run is called by the embedded portal's background task and by the
//! scheduled notifier function in the cloud.

use domain::Msg;
use auth::roles::RoleRecord;
use auth::users::UserRecord;
use axum::extract::{Path, Query, State};
use cases::notices::{self, Event, Happening, Notice, NoticeId};
use domain::jurisdiction::{GrievanceScope, Organisation, Reach};
use domain::lists::ListKind;
use lists::ListItem;
use domain::user::UserStatus;
use domain::{Action, Resource, Result};
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, Envelope, ErrorBody};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::routes;

/// Notices per page of the list.
const PAGE: usize = 20;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area()
        .routes(routes!(list_notifications))
        .routes(routes!(unread_count))
        .routes(routes!(mark_read))
        .routes(routes!(mark_all_read))
        .routes(routes!(email_choices, save_email_choices))
}

/// Whether notices of one kind reach the user by email.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct EmailChoice {
    pub kind: notices::NoticeKind,
    pub email: bool,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct EmailChoices {
    /// Every kind, in a fixed order.
    pub kinds: Vec<EmailChoice>,
}

/// The kinds to change, each `true` (by email) or `false` (in the portal only); those left
/// out stay as they are.
#[derive(Deserialize, ToSchema)]
pub struct EmailChoicesForm {
    #[schema(value_type = HashMap<String, bool>)]
    pub email: std::collections::BTreeMap<String, bool>,
}

fn choices_of(off: &std::collections::BTreeSet<String>) -> EmailChoices {
    EmailChoices { kinds: notices::NoticeKind::ALL.into_iter().map(|kind| EmailChoice { kind, email: !off.contains(kind.as_str()) }).collect() }
}

/// Which kinds of notice reach the caller by email (every kind, until they choose).
#[utoipa::path(get, path = "/api/notifications/preferences", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = Envelope<EmailChoices>), (status = 401, body = ErrorBody)))]
async fn email_choices(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<Envelope<EmailChoices>>> {
    Ok(ApiJson(Envelope::ok(choices_of(&state.accounts.preferences(caller.user().id).await?.email_off))))
}

/// Chooses which kinds of notice reach the caller by email; every notice still reaches them
/// in the portal.
#[utoipa::path(put, path = "/api/notifications/preferences", tag = "notifications", security(("bearer" = [])), request_body = EmailChoicesForm,
    responses((status = 200, body = Envelope<EmailChoices>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn save_email_choices(State(state): State<AppState>, caller: Caller, body: http_glue::json::Deferred<EmailChoicesForm>) -> ApiResult<ApiJson<Envelope<EmailChoices>>> {
    let form = body.read()?;
    let mut changes = Vec::new();
    for (kind, email) in form.email {
        let kind = notices::NoticeKind::parse(&kind).ok_or_else(|| domain::Error::field("email", Msg::NoticeKindInvalid { kind: kind.clone() }))?;
        changes.push((kind, email));
    }
    let user = caller.user().id;
    for _ in 0..3 {
        let mut prefs = state.accounts.preferences(user).await?;
        for (kind, email) in &changes {
            match email {
                true => prefs.email_off.remove(kind.as_str()),
                false => prefs.email_off.insert(kind.as_str().to_string()),
            };
        }
        if state.accounts.save_preferences(user, &prefs).await? == auth::port::Outcome::Written {
            return Ok(ApiJson(Envelope::ok(choices_of(&prefs.email_off))));
        }
    }
    Err(domain::Error::Conflict(Msg::ChangedConcurrently).into())
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// The `cursor` of the previous page.
    pub cursor: Option<String>,
}

/// A page of the caller's notifications, newest first, with their unread count.
#[derive(Serialize, ToSchema)]
pub struct NotificationPage {
    pub items: Vec<Notice>,
    pub unread: u64,
    /// Present while older notifications follow: pass it as `cursor` for the next page.
    pub cursor: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct UnreadCount {
    pub unread: u64,
}

#[derive(Serialize, ToSchema)]
pub struct MarkedRead {
    pub unread: u64,
    /// How many were marked read by this request.
    pub marked: u64,
}

/// The caller's notifications: assignments to them, escalations to their posting, closure
/// requests in their scope, and the decisions on their own closure requests. Every
/// signed-in user has their own; nobody reads another's.
#[utoipa::path(get, path = "/api/notifications", tag = "notifications", security(("bearer" = [])), params(PageParams),
    responses((status = 200, body = Envelope<NotificationPage>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn list_notifications(State(state): State<AppState>, caller: Caller, Query(params): Query<PageParams>) -> ApiResult<ApiJson<Envelope<NotificationPage>>> {
    let user = caller.user().id;
    let opened = http_glue::cursors::open(&state, &caller, http_glue::cursors::NOTIFICATIONS, params.cursor.filter(|c| !c.is_empty()))?;
    let after = match opened {
        Some(cursor) => Some(NoticeId::parse(&cursor).map_err(|_| domain::Error::BadRequest(Msg::CursorInvalid))?),
        None => None,
    };
    let mut page = state.notices.page(user, PAGE, after).await?;
    name_statuses(&state, &mut page.items).await?;
    let unread = state.notices.unread(user).await?;
    let cursor = http_glue::cursors::seal(&state, &caller, http_glue::cursors::NOTIFICATIONS, page.cursor.map(String::from));
    Ok(ApiJson(Envelope::ok(NotificationPage { items: page.items, unread, cursor })))
}

/// Names each status a notice names as its list holds it now, so a notice written before an
/// Admin renamed the status reads by the new name (one that is gone keeps its old name).
async fn name_statuses(state: &AppState, items: &mut [Notice]) -> Result<()> {
    if items.iter().all(|n| n.status_id.is_none()) {
        return Ok(());
    }
    let statuses = state.lists.definitions(ListKind::Statuses).await?;
    for notice in items.iter_mut() {
        if let Some(item) = notice.status_id.and_then(|id| statuses.iter().find(|s| s.id == id)) {
            notice.status = Some(item.name.clone());
        }
    }
    Ok(())
}

/// How many of the caller's notifications are unread: what the bell shows.
#[utoipa::path(get, path = "/api/notifications/unread", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = Envelope<UnreadCount>), (status = 401, body = ErrorBody)))]
async fn unread_count(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<Envelope<UnreadCount>>> {
    Ok(ApiJson(Envelope::ok(UnreadCount { unread: state.notices.unread(caller.user().id).await? })))
}

/// Marks one of the caller's notifications read (again: no change); another user's is
/// "not found".
#[utoipa::path(post, path = "/api/notifications/{id}/read", tag = "notifications", security(("bearer" = [])), request_body(content = Option<http_glue::openapi::NoFields>, description = "None: a body, if sent, is not read"), params(("id" = String, Path)),
    responses((status = 200, body = Envelope<MarkedRead>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn mark_read(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> ApiResult<ApiJson<Envelope<MarkedRead>>> {
    let user = caller.user().id;
    let marked = state.notices.mark_read(user, &NoticeId::parse(&id)?).await?;
    Ok(ApiJson(Envelope::ok(MarkedRead { unread: state.notices.unread(user).await?, marked: u64::from(marked) })))
}

/// Marks all the caller's notifications read.
#[utoipa::path(post, path = "/api/notifications/read-all", tag = "notifications", security(("bearer" = [])), request_body(content = Option<http_glue::openapi::NoFields>, description = "None: a body, if sent, is not read"),
    responses((status = 200, body = Envelope<MarkedRead>), (status = 401, body = ErrorBody)))]
async fn mark_all_read(State(state): State<AppState>, caller: Caller) -> ApiResult<ApiJson<Envelope<MarkedRead>>> {
    let user = caller.user().id;
    let marked = state.notices.mark_all_read(user).await?;
    Ok(ApiJson(Envelope::ok(MarkedRead { unread: state.notices.unread(user).await?, marked })))
}

/// What one notifier run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Delivered {
    /// Events taken out of the outbox.
    pub events: u64,
    /// Notices written for them (one per recipient), and SMS queued for citizens.
    pub notices: u64,
    /// Emails and SMS sent.
    pub sent: u64,
    /// Messages whose send failed (retried later, or kept aside after the last try).
    pub failed: u64,
}

/// Events read per batch, and batches per run: a run's work is bounded; the next run goes on.
/// A batch is what one digest gathers: an escalation run's hundreds of escalations are one
/// notice per officer when they fit in it.
const EVENTS_PER_BATCH: usize = 1000;
const BATCHES_PER_RUN: usize = 20;
/// Emails and SMS sent per run.
const MAILS_PER_RUN: usize = 200;
/// An escalation run writes its cases one transaction each, while the notifier may run at any
/// moment: events of a kind a digest gathers are held back until none has come for this long,
/// so that a run is one digest however its cases fall between the notifier's runs (held for
/// at most `HELD_AT_MOST`, should a run go on and on).
const QUIET: time::Duration = time::Duration::seconds(10);
const HELD_AT_MOST: time::Duration = time::Duration::minutes(15);

/// Whether the events a digest gathers (`gathered`, oldest first) wait for the run that
/// raises them to finish: the newest came within [`QUIET`] of `now`, and the oldest within
/// [`HELD_AT_MOST`].
fn run_goes_on(gathered: &[&Event], now: time::OffsetDateTime) -> bool {
    let times: Vec<time::OffsetDateTime> = gathered.iter().filter_map(|e| domain::clock::parse(&e.at)).collect();
    matches!((times.iter().max(), times.iter().min()), (Some(newest), Some(oldest)) if now - *newest < QUIET && now - *oldest < HELD_AT_MOST)
}

/// Turns the outbox's events into notices and queued emails (and a citizen's SMS), then, with
/// a mailer or an SMS sender (`AppState::citizens`), sends the messages due by `now` (or by the
/// end of this run's queuing, when later). Every step is idempotent, so a run repeated or
/// overlapping another delivers nothing twice (a message may be sent twice only if a send
/// succeeded and its removal from the outbox failed).
pub async fn run(state: &AppState, mailer: Option<&dyn mail::Mailer>, now: time::OffsetDateTime) -> Result<Delivered> {
    let mut done = Delivered::default();
    let mut directory: Option<Directory> = None;
    let mut citizens: Option<crate::citizens::Writer> = None;
    let mut emails = EmailsWanted::default();
    for _ in 0..BATCHES_PER_RUN {
        let events = state.notices.pending_events(EVENTS_PER_BATCH).await?;
        let mut digests: std::collections::BTreeMap<(i64, String), Vec<&Event>> = Default::default();
        let mut gathered: Vec<&Event> = Vec::new();
        if events.is_empty() {
            break;
        }
        if directory.is_none() {
            directory = Some(Directory::read(state).await?);
        }
        let directory = directory.as_ref().expect("read above");
        for event in &events {
            if let Happening::ToCitizen { message, text } = &event.happening {
                // Without an SMS gateway no SMS is written: none could go, and a queue of them
                // would stand before the staff's emails for good.
                if state.citizens.sms.is_none() {
                    state.notices.settle(event).await?;
                    done.events += 1;
                    continue;
                }
                if citizens.is_none() {
                    citizens = Some(crate::citizens::Writer::read(state).await?);
                }
                let writer = citizens.as_ref().expect("read above");
                if let Some(sms) = writer.message(state, event.grievance_id, *message, text.as_deref()).await? {
                    state.notices.queue(&event.at, event.id.as_str(), &sms).await?;
                    done.notices += 1;
                }
                state.notices.settle(event).await?;
                done.events += 1;
                continue;
            }
            if notices::digestible(event) {
                for user in directory.recipients(event) {
                    digests.entry((user.id, notices::digest_key(event))).or_default().push(event);
                }
                gathered.push(event);
                continue;
            }
            let status = directory.status_names(event);
            for user in directory.recipients(event) {
                let mail = emails.wanted(state, user, &event.happening).await?.then(|| notices::mail_of(event, &user.email, &user.name, status.as_ref()));
                state.notices.deliver(event, user.id, mail.as_ref()).await?;
                done.notices += 1;
            }
            state.notices.settle(event).await?;
            done.events += 1;
        }
        // An escalation run still writing: its events stay in the outbox for a later run,
        // which gathers them all; the events behind them wait with them.
        if run_goes_on(&gathered, now) {
            break;
        }
        // Many of one kind for one user are one notice; a few are each their own. The events
        // leave the outbox only once every notice of theirs is written.
        for ((user_id, _), owed) in std::mem::take(&mut digests) {
            let Some(user) = directory.user(user_id) else { continue };
            let wanted = emails.wanted(state, user, &owed[0].happening).await?;
            if owed.len() >= notices::DIGEST_FROM {
                let mail = wanted.then(|| notices::digest_mail(&owed, &user.email, &user.name));
                state.notices.deliver(&notices::digest_of(&owed), user.id, mail.as_ref()).await?;
                done.notices += 1;
                continue;
            }
            for event in owed {
                let mail = wanted.then(|| notices::mail_of(event, &user.email, &user.name, None));
                state.notices.deliver(event, user.id, mail.as_ref()).await?;
                done.notices += 1;
            }
        }
        for event in std::mem::take(&mut gathered) {
            state.notices.settle(event).await?;
            done.events += 1;
        }
        if events.len() < EVENTS_PER_BATCH {
            break;
        }
    }
    let sms = state.citizens.sms.as_deref();
    if mailer.is_none() && sms.is_none() {
        return Ok(done);
    }
    // The messages this run has just queued are due when queued, which may be a second or
    // more after the run began: they go now, not a run later.
    let now_text = domain::clock::to_text(now.max(domain::clock::now()));
    for queued in state.notices.due_mail(&now_text, MAILS_PER_RUN).await? {
        let sent = match (&queued.mail.sms, mailer, sms) {
            (None, Some(mailer), _) => mailer.send(&queued.mail.to, &queued.mail.subject, &queued.mail.body).await.map(|()| None),
            (Some(details), _, Some(sender)) => {
                let message = mail::sms::Sms { to: &queued.mail.to, text: &queued.mail.body, dlt_template_id: &details.dlt_template_id };
                sender.send(&message).await.map(Some)
            }
            // No way to send this one yet: it waits in the outbox.
            _ => continue,
        };
        match sent {
            Ok(answer) => {
                if let (Some(details), Some(answer)) = (&queued.mail.sms, answer) {
                    crate::citizens::sent(state, &queued.mail, details, &answer).await?;
                }
                state.notices.mail_sent(&queued).await?;
                done.sent += 1;
            }
            Err(error) => {
                done.failed += 1;
                let retry_at = (queued.attempts + 1 < notices::MAX_ATTEMPTS).then(|| domain::clock::to_text(now + notices::retry_after(queued.attempts)));
                let to = match &queued.mail.sms {
                    Some(_) => domain::citizen::masked_mobile(&queued.mail.to),
                    None => queued.mail.to.clone(),
                };
                tracing::warn!(to = %to, attempts = queued.attempts + 1, retry_at = ?retry_at, error = %error, "cannot send a notification");
                if let (Some(details), None) = (&queued.mail.sms, &retry_at) {
                    crate::citizens::given_up(state, &queued.mail, details, &error).await?;
                }
                state.notices.mail_failed(&queued, &error, retry_at.as_deref()).await?;
            }
        }
    }
    Ok(done)
}

/// Which kinds of notice each user wants by email (`domain::views::UserPreferences`), read
/// once per run for each user it writes to.
#[derive(Default)]
struct EmailsWanted {
    off: HashMap<i64, std::collections::BTreeSet<String>>,
}

impl EmailsWanted {
    async fn wanted(&mut self, state: &AppState, user: &UserRecord, happening: &Happening) -> Result<bool> {
        if !self.off.contains_key(&user.id) {
            self.off.insert(user.id, state.accounts.preferences(user.id).await?.email_off);
        }
        let kind = notices::kind_of(happening);
        Ok(!self.off.get(&user.id).is_some_and(|off| off.contains(kind.as_str())))
    }
}

/// The level of appeals a posting decides.
fn appeal_level_of(posting: &domain::jurisdiction::Posting) -> Option<domain::escalation::EscalationLevel> {
    use domain::escalation::EscalationLevel;
    use domain::jurisdiction::Posting;
    match posting {
        Posting::District(_) => Some(EscalationLevel::District),
        Posting::Range(_) => Some(EscalationLevel::Range),
        Posting::State => Some(EscalationLevel::State),
        Posting::Station(_) => None,
    }
}

/// The staff a run may notify, read once per run (not per request): staff numbers are in the
/// thousands at most (`auth::Accounts::users`).
struct Directory {
    users: Vec<UserRecord>,
    roles: HashMap<i64, RoleRecord>,
    org: std::sync::Arc<Organisation>,
    statuses: HashMap<i64, ListItem>,
}

impl Directory {
    async fn read(state: &AppState) -> Result<Directory> {
        let users = state.accounts.users().await?.into_iter().filter(|u| u.status == UserStatus::Active).collect();
        let roles = state.accounts.roles().await?.into_iter().map(|r| (r.id, r)).collect();
        let org = lists::organisation(state.lists.as_ref()).await?;
        let statuses = state.lists.definitions(ListKind::Statuses).await?.into_iter().map(|s| (s.id, s)).collect();
        Ok(Directory { users, roles, org, statuses })
    }

    /// The names of the status a change of status set, as the list holds them now.
    fn status_names(&self, event: &Event) -> Option<notices::StatusNames> {
        let Happening::StatusChanged { status_id, .. } = &event.happening else { return None };
        let item = self.statuses.get(status_id)?;
        Some(notices::StatusNames { en: item.name.clone(), hi: item.name_hi.clone().unwrap_or_else(|| item.name.clone()) })
    }

    fn user(&self, id: i64) -> Option<&UserRecord> {
        self.users.iter().find(|u| u.id == id)
    }

    /// Who hears of `event`: never the one who made the change.
    fn recipients(&self, event: &Event) -> Vec<&UserRecord> {
        self.users.iter().filter(|u| u.id != event.actor_id && self.owed(u, event)).collect()
    }

    fn owed(&self, user: &UserRecord, event: &Event) -> bool {
        let Some(role) = self.roles.get(&user.role_id) else { return false };
        let permissions = &role.permissions;
        let scope = permissions.grievance_scope();
        match &event.happening {
            Happening::Assigned { to } => user.id == *to,
            Happening::ClosureApproved { requester } | Happening::ClosureReturned { requester, .. } => user.id == *requester,
            // Those the case is "own" to, while they may still read cases.
            Happening::StatusChanged { .. } => event.people.contains(&user.id) && permissions.allows(Resource::Grievances, Action::Read),
            Happening::ClosureRequested => {
                permissions.allows(Resource::Grievances, Action::Approve)
                    && Reach::of(user.id, scope, &user.posting, &self.org).holds(event.district_id, event.station_id, &event.people)
            }
            // The officer on the case, and the staff of its station who see more than their
            // own and can act on it.
            Happening::ClockMissed { officer, .. } => {
                Some(user.id) == *officer
                    || (scope != GrievanceScope::Own
                        && permissions.allows(Resource::Grievances, Action::Update)
                        && event.station_id.is_some_and(|station| user.posting == domain::jurisdiction::Posting::Station(station)))
            }
            // The staff of the "Escalated to me" queue who can act on the case: those who may
            // change grievances and whose reach holds it. An auditor, who reads but cannot
            // act, is not told.
            Happening::Escalated { posting, .. } => {
                scope != GrievanceScope::Own
                    && permissions.allows(Resource::Grievances, Action::Update)
                    && domain::escalation::posting_key(&user.posting) == *posting
                    && Reach::of(user.id, scope, &user.posting, &self.org).holds(event.district_id, event.station_id, &event.people)
            }
            // The approvers posted at the appeal's level whose reach holds the case.
            Happening::AppealOpened { level } => {
                permissions.allows(Resource::Grievances, Action::Approve)
                    && appeal_level_of(&user.posting) == Some(*level)
                    && Reach::of(user.id, scope, &user.posting, &self.org).holds(event.district_id, event.station_id, &event.people)
            }
            // The complainant's, written by `crate::citizens`.
            Happening::ToCitizen { .. } => false,
        }
    }
}
