//! Notifications to staff: what happened to a grievance that someone must hear of,
//! the in-app notices it becomes, and the emails sent for them through an outbox.
//!
//! A change worth telling is recognised from the change itself ([`events_of`]), so every
//! path that commits a grievance (an edit, an assignment, a closure decision, the escalation
//! run) raises its events without remembering to: the grievance engines write them into the
//! outbox in the change's own transaction. A worker (the embedded portal's background task,
//! the scheduled notifier function in the cloud) then turns each event into a notice per
//! recipient and an email per notice, and sends the emails with retries. Nothing is lost when
//! a step fails: an event leaves the outbox only once its notices are written, and an email
//! only once it was sent.

use domain::Msg;
use crate::port::GrievanceChange;
use crate::writes::AuditEntry;
use async_trait::async_trait;
use domain::audit::AuditAction;
use domain::citizen::MessageKind;
use domain::escalation::EscalationLevel;
use domain::{Error, Result};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What happened, and to whom it is owed beyond the grievance's place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Happening {
    /// The grievance was assigned to `to`.
    Assigned { to: i64 },
    /// The grievance was escalated to the posting whose key (`domain::escalation::posting_key`)
    /// is `posting`.
    Escalated { posting: String, level: EscalationLevel, days_overdue: i64 },
    /// The escalation run found a statutory clock left unmet `days_late` days past its due
    /// day: the duty under `source` (the rule `rule`). Owed to the case's station, and to the
    /// officer assigned to it.
    ClockMissed { rule: String, source: String, days_late: i64, officer: Option<i64> },
    /// A closure was asked for; approvers whose scope holds the case decide it.
    ClosureRequested,
    ClosureApproved { requester: i64 },
    ClosureReturned { requester: i64, reason: String },
    /// Someone else set the grievance's status: owed to those it is "own" to (who filed it
    /// and who is assigned). The status is named by its id, so a notice read after an Admin
    /// renames it reads by the new name; `name` is its English name at the change, what an
    /// email says when the item is gone by the time it is written.
    StatusChanged { status_id: i64, name: String },
    /// The complainant appealed against the disposal: owed to the officers posted at `level`
    /// who approve closures and whose reach holds the case.
    AppealOpened { level: EscalationLevel },
    /// Owed to the complainant, by SMS (`crate::citizen`): what `message` tells, with the
    /// officer's words when it carries them (a progress update).
    ToCitizen { message: domain::citizen::MessageKind, #[serde(default, skip_serializing_if = "Option::is_none")] text: Option<String> },
}

/// A happening of one grievance, as the outbox keeps it until its notices are written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Unique and time-ordered: the change's time, the grievance and its version (see
    /// [`NoticeId`]). Also the id of every notice made of it.
    pub id: NoticeId,
    #[serde(flatten)]
    pub happening: Happening,
    pub grievance_id: i64,
    pub grievance_number: String,
    pub district_id: Option<i64>,
    pub station_id: Option<i64>,
    /// Who the grievance is "own" to: who filed it and who is assigned.
    pub people: Vec<i64>,
    pub actor_id: i64,
    pub actor_name: String,
    pub at: String,
    /// A digest ([`digest_of`]): how many events of its kind it stands for. It names no
    /// grievance then (`grievance_id` 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
}

/// The fewest notices of one kind one run owes a user that it writes as one digest instead.
pub const DIGEST_FROM: usize = 3;

/// Whether notices of this event may be gathered into a digest: what the escalation run
/// raises by the hundred (escalations and missed clocks), and nothing a user did.
pub fn digestible(event: &Event) -> bool {
    event.actor_id == 0 && matches!(event.happening, Happening::Escalated { .. } | Happening::ClockMissed { .. })
}

/// What gathers events into one digest: their kind, and for escalations the level reached.
pub fn digest_key(event: &Event) -> String {
    match &event.happening {
        Happening::Escalated { level, .. } => format!("escalated:{}", level.as_str()),
        other => serde_json::to_value(other).ok().and_then(|v| v["kind"].as_str().map(str::to_string)).unwrap_or_default(),
    }
}

/// One notice standing for `events` (two or more of one [`digest_key`]): the first one's id
/// and kind, no grievance, and their count. The grievances are those of its email.
pub fn digest_of(events: &[&Event]) -> Event {
    let first = events[0];
    Event {
        grievance_id: 0,
        grievance_number: String::new(),
        district_id: None,
        station_id: None,
        people: Vec::new(),
        count: Some(events.len() as u64),
        ..first.clone()
    }
}

/// The email of a digest: how many, and the grievances' numbers (the first hundred).
pub fn digest_mail(events: &[&Event], to: &str, recipient_name: &str) -> Mail {
    const LISTED: usize = 100;
    let n = events.len();
    let (subject_en, subject_hi) = match &events[0].happening {
        Happening::Escalated { level, .. } => (format!("{n} grievances escalated to your {}", level.as_str()), format!("{n} शिकायतें आपके {} को अग्रेषित", level_hi(*level))),
        _ => (format!("{n} grievances missed a statutory deadline"), format!("{n} शिकायतों में वैधानिक समय-सीमा चूकी")),
    };
    let mut numbers: Vec<&str> = events.iter().take(LISTED).map(|e| e.grievance_number.as_str()).collect();
    numbers.sort_unstable();
    let more = if n > LISTED { format!("\n… and {} more / … और {} अन्य", n - LISTED, n - LISTED) } else { String::new() };
    let body = format!(
        "Dear {recipient_name},\n\n{subject_en}:\n{subject_hi}:\n\n{}{more}\n\nGrievance Portal\n\n(This is an automatic message; sign in to the portal to act on them.)\n",
        numbers.join("\n")
    );
    Mail { to: to.to_string(), subject: format!("{subject_en} / {subject_hi}"), body, sms: None }
}

/// A notice's id: `<microseconds since 1970>-<grievance>-<version>-<n>`, digits only and
/// zero-padded, so it orders by time as text and is safe in a URL. Parsed, never trusted: it
/// names a key of the caller's own notices only.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct NoticeId(String);

impl NoticeId {
    fn new(at: time::OffsetDateTime, grievance_id: i64, version: i64, n: usize) -> NoticeId {
        let micros = at.unix_timestamp_nanos() / 1000;
        NoticeId(format!("{micros:017}-{grievance_id:012}-{version:09}-{n}"))
    }

    pub fn parse(text: &str) -> Result<NoticeId> {
        let parts: Vec<&str> = text.split('-').collect();
        let digits = |p: &&str| !p.is_empty() && p.len() <= 20 && p.bytes().all(|b| b.is_ascii_digit());
        if parts.len() == 4 && parts[0].len() == 17 && parts.iter().all(digits) {
            Ok(NoticeId(text.to_string()))
        } else {
            Err(Error::NotFound(Msg::NotificationNotFound))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for NoticeId {
    type Error = String;
    fn try_from(text: String) -> std::result::Result<NoticeId, String> {
        NoticeId::parse(&text).map_err(|_| format!("{text:?} is not a notice id"))
    }
}

impl From<NoticeId> for String {
    fn from(id: NoticeId) -> String {
        id.0
    }
}

/// The events a change raises: an assignment to someone (not to oneself), a closure asked
/// for, approved or returned, a change of status (but for an approved closure, which its own
/// notice tells), an escalation, and a missed statutory clock with the escalation it caused;
/// and what the complainant is to be told of it (`crate::citizen`), a new grievance
/// included. A deletion raises none.
pub fn events_of(change: &GrievanceChange<'_>) -> Vec<Event> {
    let Some(after) = change.after else { return Vec::new() };
    let Some(before) = change.before else {
        return events(change, &after.grievance, told_of_filing(&after.grievance).into_iter().collect());
    };
    let (before, after) = (&before.grievance, &after.grievance);
    let actor = &change.audit.actor;
    let acted = |action: AuditAction| change.audit.entries.iter().find(|e: &&AuditEntry| e.action == action);
    let mut happenings = Vec::new();
    if let Some(to) = after.assigned_to.filter(|to| after.assigned_to != before.assigned_to && *to != actor.user_id) {
        happenings.push(Happening::Assigned { to });
    }
    if before.closure.is_none() && after.closure.is_some() {
        happenings.push(Happening::ClosureRequested);
    }
    let mut approved = false;
    if let (Some(request), None) = (&before.closure, &after.closure) {
        let requester = request.requested_by;
        if acted(AuditAction::ClosureApproved).is_some() {
            approved = true;
            happenings.push(Happening::ClosureApproved { requester });
        } else if let Some(entry) = acted(AuditAction::ClosureReturned) {
            happenings.push(Happening::ClosureReturned { requester, reason: entry.notes.clone().unwrap_or_default() });
        }
    }
    if let Some(status_id) = after.status_id.filter(|_| after.status_id != before.status_id && !approved) {
        happenings.push(Happening::StatusChanged { status_id, name: after.fields.status.clone() });
    }
    if let Some(escalation) = after.escalation.as_ref().filter(|e| before.escalation.as_ref().map(|b| b.level) != Some(e.level)) {
        let posting = domain::escalation::posting_key(&escalation.to);
        happenings.push(Happening::Escalated { posting, level: escalation.level, days_overdue: escalation.days_overdue });
        if let Some(rule) = &escalation.missed_clock {
            let source = acted(AuditAction::Escalated).and_then(|e| e.action_details.as_ref()).and_then(|d| d["source"].as_str()).unwrap_or_default().to_string();
            happenings.push(Happening::ClockMissed { rule: rule.clone(), source, days_late: escalation.days_overdue, officer: after.assigned_to });
        }
    }
    let open_appeal = |g: &crate::record::Grievance| g.fields.appeals.last().filter(|a| a.is_open()).map(|a| a.level);
    if let Some(level) = open_appeal(after).filter(|level| open_appeal(before) != Some(*level)) {
        happenings.push(Happening::AppealOpened { level });
    }
    happenings.extend(told_of_change(before, after));
    events(change, after, happenings)
}

/// What the complainant is told of a new case: its registration, when there is someone to
/// write to (`crate::complainant`).
fn told_of_filing(g: &crate::record::Grievance) -> Option<Happening> {
    crate::complainant::mobile_of(g).map(|_| Happening::ToCitizen { message: MessageKind::Registered, text: None })
}

/// What the complainant is told of a change: another investigating officer, a progress update,
/// a transfer to another station, a disposal. Nothing when there is no one to write to.
fn told_of_change(before: &crate::record::Grievance, after: &crate::record::Grievance) -> Vec<Happening> {
    if crate::complainant::mobile_of(after).is_none() {
        return Vec::new();
    }
    let tell = |message, text: Option<String>| Happening::ToCitizen { message, text };
    let mut told = Vec::new();
    let officer = |g: &crate::record::Grievance| g.fields.current_investigation_officer.clone().filter(|o| !o.trim().is_empty());
    if officer(after).is_some() && officer(after) != officer(before) {
        told.push(tell(MessageKind::OfficerChanged, None));
    }
    if after.fields.progress_updates.len() > before.fields.progress_updates.len() {
        told.push(tell(MessageKind::Progress, after.fields.progress_updates.last().map(|p| p.text.clone())));
    }
    if after.police_station_id.is_some() && after.police_station_id != before.police_station_id {
        told.push(tell(MessageKind::Transferred, None));
    }
    if after.status_meaning.is_final() && !before.status_meaning.is_final() {
        told.push(tell(MessageKind::Closed, None));
    }
    told
}

fn events(change: &GrievanceChange<'_>, after: &crate::record::Grievance, happenings: Vec<Happening>) -> Vec<Event> {
    let actor = &change.audit.actor;
    let people = after.visible_to();
    // The moment it is written, to the microsecond: what orders a user's notices.
    let written = time::OffsetDateTime::now_utc();
    happenings
        .into_iter()
        .enumerate()
        .map(|(n, happening)| Event {
            id: NoticeId::new(written, after.id, after.version, n),
            happening,
            grievance_id: after.id,
            grievance_number: after.grievance_number.clone(),
            district_id: after.district_id,
            station_id: after.police_station_id,
            people: people.clone(),
            actor_id: actor.user_id,
            actor_name: actor.name.clone(),
            at: change.audit.at.clone(),
            count: None,
        })
        .collect()
}

/// What a notice tells, for the SPA to word in the reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    Assigned,
    Escalated,
    ClosureRequested,
    ClosureApproved,
    ClosureReturned,
    ClockMissed,
    StatusChanged,
    AppealOpened,
}

/// One notification, as its recipient reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notice {
    #[schema(value_type = String, example = "01795724241261372-000000000042-000000007-0")]
    pub id: NoticeId,
    pub kind: NoticeKind,
    pub grievance_id: i64,
    pub grievance_number: String,
    /// Who made the change ("Escalation" for the portal's own escalation run).
    pub actor_name: String,
    pub at: String,
    pub read: bool,
    /// Escalations: the level reached (district, range or state).
    #[schema(value_type = Option<String>, example = "district")]
    pub level: Option<EscalationLevel>,
    /// Escalations: the days the grievance was overdue.
    pub days_overdue: Option<i64>,
    /// Returned closures: why.
    pub reason: Option<String>,
    /// Missed clocks: the law's section whose duty was missed ("BNSS s.184(1)").
    pub clock: Option<String>,
    /// Changes of status: the status set, by id.
    pub status_id: Option<i64>,
    /// Changes of status: the status's English name as its list holds it when the notice is
    /// read (an Admin's rename included); its name at the change when it is no longer in
    /// the list.
    pub status: Option<String>,
    /// A digest of one escalation run: how many escalations (or missed clocks) it stands for;
    /// `grievanceId` is 0 and `grievanceNumber` empty then. Null for a single notice.
    pub count: Option<u64>,
}

/// The kind of notice a happening makes.
pub fn kind_of(happening: &Happening) -> NoticeKind {
    match happening {
        Happening::Assigned { .. } => NoticeKind::Assigned,
        Happening::Escalated { .. } => NoticeKind::Escalated,
        Happening::ClosureRequested => NoticeKind::ClosureRequested,
        Happening::ClosureApproved { .. } => NoticeKind::ClosureApproved,
        Happening::ClosureReturned { .. } => NoticeKind::ClosureReturned,
        Happening::ClockMissed { .. } => NoticeKind::ClockMissed,
        // Never a staff notice (no recipient is owed one): named for completeness.
        Happening::StatusChanged { .. } | Happening::ToCitizen { .. } => NoticeKind::StatusChanged,
        Happening::AppealOpened { .. } => NoticeKind::AppealOpened,
    }
}

impl NoticeKind {
    /// Every kind, as a user chooses which reach them by email.
    pub const ALL: [NoticeKind; 8] = [
        NoticeKind::Assigned,
        NoticeKind::Escalated,
        NoticeKind::ClosureRequested,
        NoticeKind::ClosureApproved,
        NoticeKind::ClosureReturned,
        NoticeKind::ClockMissed,
        NoticeKind::StatusChanged,
        NoticeKind::AppealOpened,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            NoticeKind::Assigned => "assigned",
            NoticeKind::Escalated => "escalated",
            NoticeKind::ClosureRequested => "closure_requested",
            NoticeKind::ClosureApproved => "closure_approved",
            NoticeKind::ClosureReturned => "closure_returned",
            NoticeKind::ClockMissed => "clock_missed",
            NoticeKind::StatusChanged => "status_changed",
            NoticeKind::AppealOpened => "appeal_opened",
        }
    }

    pub fn parse(text: &str) -> Option<NoticeKind> {
        NoticeKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

impl Notice {
    pub fn of(event: &Event, read: bool) -> Notice {
        let kind = kind_of(&event.happening);
        let (level, days_overdue, reason) = match &event.happening {
            Happening::Escalated { level, days_overdue, .. } => (Some(*level), Some(*days_overdue), None),
            Happening::ClosureReturned { reason, .. } => (None, None, Some(reason.clone())),
            Happening::ClockMissed { days_late, .. } => (None, Some(*days_late), None),
            Happening::AppealOpened { level } => (Some(*level), None, None),
            _ => (None, None, None),
        };
        let clock = match &event.happening {
            Happening::ClockMissed { source, .. } => Some(source.clone()),
            _ => None,
        };
        let (status_id, status) = match &event.happening {
            Happening::StatusChanged { status_id, name } => (Some(*status_id), Some(name.clone())),
            _ => (None, None),
        };
        Notice {
            id: event.id.clone(),
            kind,
            grievance_id: event.grievance_id,
            grievance_number: event.grievance_number.clone(),
            actor_name: event.actor_name.clone(),
            at: event.at.clone(),
            read,
            level,
            days_overdue,
            reason,
            clock,
            status_id,
            status,
            count: event.count,
        }
    }
}

/// A message to send: an email, or, with `sms`, an SMS to the number `to` whose text is
/// `body` (and `subject` empty).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sms: Option<SmsDetails>,
}

/// What an SMS to a citizen carries beside its text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SmsDetails {
    /// The case it tells of (its history records the delivery); 0 for none.
    pub grievance_id: i64,
    pub kind: domain::citizen::MessageKind,
    pub dlt_template_id: String,
    /// A progress update sent with the informant's consent: once the gateway takes it, the
    /// informant was told of progress (BNSS s.193(3)(ii)), and the case's clock says so.
    #[serde(default)]
    pub tells_progress: bool,
}

/// An email waiting in the outbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueuedMail {
    /// Where the engine keeps it; opaque to the rules.
    pub key: String,
    pub mail: Mail,
    /// Failed sends so far.
    pub attempts: u32,
    pub last_error: Option<String>,
}

/// How many times an email is tried before it is kept aside as failed.
pub const MAX_ATTEMPTS: u32 = 8;

/// The wait before try `attempts + 1`: one minute, doubling, at most six hours.
pub fn retry_after(attempts: u32) -> time::Duration {
    time::Duration::minutes((1_i64 << attempts.min(9)).min(360))
}

/// A status's names as an email words it: English, and Hindi (the English name where the
/// item has none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusNames {
    pub en: String,
    pub hi: String,
}

/// The email of a notice, in English and Hindi (the recipient reads either). `status` is
/// the named status of a change of status, as its list holds it now; absent, the name at the
/// change stands in both languages.
pub fn mail_of(event: &Event, to: &str, recipient_name: &str, status: Option<&StatusNames>) -> Mail {
    let number = &event.grievance_number;
    let actor = &event.actor_name;
    let (subject_en, subject_hi, en, hi) = match &event.happening {
        Happening::Assigned { .. } => (
            format!("Grievance {number} assigned to you"),
            format!("शिकायत {number} आपको सौंपी गई"),
            format!("{actor} assigned grievance {number} to you."),
            format!("{actor} ने शिकायत {number} आपको सौंपी है।"),
        ),
        Happening::Escalated { level, days_overdue, .. } => (
            format!("Grievance {number} escalated to your {}", level.as_str()),
            format!("शिकायत {number} आपके {} को अग्रेषित", level_hi(*level)),
            format!("Grievance {number} is {days_overdue} days overdue and was escalated to your {}.", level.as_str()),
            format!("शिकायत {number} {days_overdue} दिन से लंबित है और आपके {} को अग्रेषित की गई है।", level_hi(*level)),
        ),
        Happening::ClosureRequested => (
            format!("Closure of grievance {number} awaits approval"),
            format!("शिकायत {number} का निस्तारण अनुमोदन हेतु लंबित"),
            format!("{actor} asks to close grievance {number}; it awaits approval."),
            format!("{actor} ने शिकायत {number} को बंद करने का अनुरोध किया है; यह अनुमोदन हेतु लंबित है।"),
        ),
        Happening::ClosureApproved { .. } => (
            format!("Closure of grievance {number} approved"),
            format!("शिकायत {number} का निस्तारण अनुमोदित"),
            format!("{actor} approved closing grievance {number}."),
            format!("{actor} ने शिकायत {number} को बंद करना अनुमोदित किया।"),
        ),
        Happening::ClosureReturned { reason, .. } => (
            format!("Closure of grievance {number} returned"),
            format!("शिकायत {number} का निस्तारण लौटाया गया"),
            format!("{actor} returned your closure of grievance {number}: {reason}"),
            format!("{actor} ने शिकायत {number} के निस्तारण का आपका अनुरोध लौटा दिया: {reason}"),
        ),
        Happening::ClockMissed { source, days_late, .. } => (
            format!("Grievance {number}: a duty under {source} was missed"),
            format!("शिकायत {number}: {source} के अंतर्गत कर्तव्य की समय-सीमा चूकी"),
            format!("The duty under {source} on grievance {number} fell due {days_late} days ago and was not met; the case was escalated."),
            format!("शिकायत {number} पर {source} के अंतर्गत कर्तव्य {days_late} दिन पहले देय था और पूरा नहीं हुआ; मामला उच्च स्तर को प्रेषित किया गया।"),
        ),
        Happening::AppealOpened { level } => (
            format!("Grievance {number}: the complainant appeals against the disposal"),
            format!("शिकायत {number}: शिकायतकर्ता ने निस्तारण के विरुद्ध अपील की"),
            format!("The complainant of grievance {number} is not satisfied with its disposal. The appeal is for your {} to decide: confirm the closure or reopen the case.", level.as_str()),
            format!("शिकायत {number} का शिकायतकर्ता निस्तारण से संतुष्ट नहीं है। अपील पर आपके {} को निर्णय लेना है: निस्तारण की पुष्टि करें या मामला फिर से खोलें।", level_hi(*level)),
        ),
        // Written by `crate::citizen` as an SMS: no staff member is owed it.
        Happening::ToCitizen { message, .. } => (
            format!("Grievance {number}: the complainant is told ({})", message.as_str()),
            format!("शिकायत {number}: शिकायतकर्ता को सूचना ({})", message.as_str()),
            format!("The complainant of grievance {number} is sent a message ({}).", message.as_str()),
            format!("शिकायत {number} के शिकायतकर्ता को संदेश भेजा गया ({})।", message.as_str()),
        ),
        Happening::StatusChanged { name, .. } => {
            let (en, hi) = status.map_or((name.as_str(), name.as_str()), |s| (s.en.as_str(), s.hi.as_str()));
            (
                format!("Grievance {number} is now {en}"),
                format!("शिकायत {number} की स्थिति अब {hi}"),
                format!("{actor} changed the status of grievance {number} to {en}."),
                format!("{actor} ने शिकायत {number} की स्थिति बदलकर {hi} कर दी।"),
            )
        }
    };
    let body = format!(
        "Dear {recipient_name},\n\n{en}\n\n{hi}\n\nGrievance Portal\n\n(This is an automatic message; sign in to the portal to act on it.)\n"
    );
    Mail { to: to.to_string(), subject: format!("{subject_en} / {subject_hi}"), body, sms: None }
}

fn level_hi(level: EscalationLevel) -> &'static str {
    match level {
        EscalationLevel::District => "ज़िले",
        EscalationLevel::Range => "रेंज",
        EscalationLevel::State => "राज्य",
    }
}

/// A page of a user's notices, newest first.
pub struct NoticePage {
    pub items: Vec<Notice>,
    /// The last notice's id while more follow: the next page starts after it.
    pub cursor: Option<NoticeId>,
}

/// Where events, notices and queued emails are kept. Every write is all or nothing, and the
/// worker's writes are idempotent: a step repeated after a crash changes nothing twice.
#[async_trait]
pub trait Notices: Send + Sync + 'static {
    /// Events waiting for their notices, oldest first; at most `limit`.
    async fn pending_events(&self, limit: usize) -> Result<Vec<Event>>;

    /// Writes the event's notice for `recipient` (unread) and, when given, its email to the
    /// outbox, due now; nothing when that notice is written already.
    async fn deliver(&self, event: &Event, recipient: i64, mail: Option<&Mail>) -> Result<()>;

    /// Takes the event out of the outbox: its notices are all written.
    async fn settle(&self, event: &Event) -> Result<()>;

    /// The user's notices, newest first.
    async fn page(&self, user_id: i64, limit: usize, after: Option<NoticeId>) -> Result<NoticePage>;

    /// How many of the user's notices are unread.
    async fn unread(&self, user_id: i64) -> Result<u64>;

    /// Marks one of the user's notices read, answering whether it was unread: 404
    /// [`Msg::NotificationNotFound`] when the user has none of that id; marking a read one again
    /// changes nothing.
    async fn mark_read(&self, user_id: i64, id: &NoticeId) -> Result<bool>;

    /// Marks every unread notice of the user read, answering how many.
    async fn mark_all_read(&self, user_id: i64) -> Result<u64>;

    /// Emails due by `now` (as `domain::clock` writes times), oldest first; at most `limit`.
    async fn due_mail(&self, now: &str, limit: usize) -> Result<Vec<QueuedMail>>;

    /// Takes a sent email out of the outbox.
    async fn mail_sent(&self, mail: &QueuedMail) -> Result<()>;

    /// Records a failed send: the email is due again at `retry_at`, or, when `None`, kept
    /// aside as failed for good.
    async fn mail_failed(&self, mail: &QueuedMail, error: &str, retry_at: Option<&str>) -> Result<()>;

    /// Emails kept aside as failed for good, newest first; at most `limit`.
    async fn failed_mail(&self, limit: usize) -> Result<Vec<QueuedMail>>;

    /// Queues a message owed to no user (an SMS to a citizen), due at `at`, under the id
    /// `id`, answering its key ([`QueuedMail::key`]): queued again with the same `at` and `id`
    /// (a run repeated after a crash), it replaces itself, so it is sent once.
    async fn queue(&self, at: &str, id: &str, mail: &Mail) -> Result<String>;

    /// Puts a message kept aside as failed back in the outbox, due now, its tries counted
    /// afresh; answers whether it was there (false: already put back, or never kept).
    async fn resend(&self, key: &str) -> Result<bool>;

    /// Brings in what an earlier release kept in another shape (the embedded file's items):
    /// an upgrade step run at start, answering how many records it moved (none when there is
    /// nothing to do, as on DynamoDB, where the items are this port's own shape).
    async fn upgrade(&self) -> Result<u64> {
        Ok(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notice_ids_order_by_time_and_parse_back() {
        let at = time::macros::datetime!(2026-11-26 14:30:05.000123 UTC);
        let early = NoticeId::new(at, 9, 2, 0);
        let later = NoticeId::new(at + time::Duration::microseconds(1), 22, 2, 0);
        assert!(early < later, "{early:?} {later:?}");
        assert_eq!(NoticeId::parse(later.as_str()).unwrap(), later);
        for bad in ["", "1-2-3-4", "../../etc", "01795724241261372-000000000001-000000001", "01795724241261372-0x01-000000001-0"] {
            assert_eq!(NoticeId::parse(bad).unwrap_err(), Error::NotFound(Msg::NotificationNotFound), "{bad}");
        }
    }

    #[test]
    fn retries_wait_longer_each_time_up_to_six_hours() {
        let waits: Vec<i64> = (0..MAX_ATTEMPTS).map(|a| retry_after(a).whole_minutes()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 64, 128]);
        assert_eq!(retry_after(30).whole_minutes(), 360);
    }
}
