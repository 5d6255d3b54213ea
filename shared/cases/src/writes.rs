//! The grievance mutations: the rules of each change (lists named, versions, resolution
//! dates, the audit records it owes), committed through the grievances port as one change
//! with its audit records and figures.

use domain::Msg;
use crate::port::{AuditBatch, AuditChange, Cases, FirGuard, GrievanceChange, RecordSource, Stored, Viewer};
pub use crate::port::AuditEntry;
pub use crate::relabel::{relabel, relabel_all};
use crate::identity::Sensitivity;
use crate::record::{Actor, Grievance};
use domain::jurisdiction::Reach;
use domain::law::forms::{ClockAction, ClockActionForm};
use domain::audit::{self, AuditAction, FieldChange};
use domain::grievance::{Day, GrievanceFields};
use domain::lists::{ListKind, StatusMeaning};
use domain::{Error, FieldErrors, GrievanceId, Result};
use std::collections::BTreeMap;
use lists::AdminLists;

fn not_found() -> Error {
    Error::NotFound(Msg::GrievanceNotFound)
}

/// The list-backed fields: (list, field, label, value).
fn list_fields(f: &GrievanceFields) -> Vec<(ListKind, &'static str, &'static str, Option<&str>)> {
    vec![
        (ListKind::CallTypes, "type_of_call", "Type of Call", f.type_of_call.as_deref()),
        (ListKind::CrimeTitles, "crime_title", "Crime Title", Some(&f.crime_title)),
        (ListKind::Districts, "district", "District", Some(&f.district)),
        (ListKind::PoliceStations, "police_station", "Police Station", Some(&f.police_station)),
        (ListKind::Statuses, "status", "Status", Some(&f.status)),
        (ListKind::Priorities, "priority", "Priority", Some(&f.priority)),
        (ListKind::Reasons, "reason", "Reason", f.reason.as_deref()),
    ]
}

/// The admin-list items a grievance names, as the checks found them.
pub struct Named {
    pub refs: BTreeMap<ListKind, i64>,
    /// What the status named means.
    pub meaning: StatusMeaning,
}

impl Named {
    fn id(&self, kind: ListKind) -> Option<i64> {
        self.refs.get(&kind).copied()
    }

    /// Sets the grievance's item ids and status meaning from what was named.
    fn apply(&self, g: &mut Grievance) {
        g.district_id = self.id(ListKind::Districts);
        g.police_station_id = self.id(ListKind::PoliceStations);
        g.status_id = self.id(ListKind::Statuses);
        g.priority_id = self.id(ListKind::Priorities);
        g.status_meaning = self.meaning;
    }
}

/// Checks that every list-backed field names an active item (an item the grievance
/// already named may have been deactivated since), writes the item's own spelling back,
/// and answers the items named. A status or priority left empty gets the lists' default.
async fn resolve_lists(lists: &dyn AdminLists, fields: &mut GrievanceFields, before: Option<&GrievanceFields>) -> Result<Named> {
    let mut refs = BTreeMap::new();
    let mut errors = FieldErrors::default();
    let mut canonical = Vec::new();
    let mut meaning = StatusMeaning::Open;
    let mut place: (Option<lists::ListItem>, Option<lists::ListItem>) = (None, None);
    if fields.status.trim().is_empty() {
        match lists::default_status(lists).await? {
            Some(status) => fields.status = status.name,
            None => errors.add("status", Msg::DefaultStatusMissing),
        }
    }
    if fields.priority.trim().is_empty() {
        match lists::default_priority(lists).await? {
            Some(priority) => fields.priority = priority.name,
            None => errors.add("priority", Msg::DefaultPriorityMissing),
        }
    }
    for (kind, field, label, value) in list_fields(fields) {
        let Some(value) = value.filter(|v| !v.is_empty()) else { continue };
        let previously = before.and_then(|b| list_fields(b).into_iter().find(|(k, ..)| *k == kind).and_then(|(_, _, _, v)| v.map(str::to_lowercase)));
        match lists.find_by_name(kind, value).await? {
            Some(item) if item.is_active || previously.as_deref() == Some(&value.to_lowercase()) => {
                refs.insert(kind, item.id);
                match kind {
                    ListKind::Statuses => meaning = item.status_meaning(),
                    ListKind::Districts => place.0 = Some(item.clone()),
                    ListKind::PoliceStations => place.1 = Some(item.clone()),
                    _ => {}
                }
                canonical.push((field, item.name));
            }
            _ => errors.add(field, Msg::FieldListItemInactive { label: label.to_string(), value: value.to_string() }),
        }
    }
    // A station lies in its district: naming another district with it is refused, unless the
    // case named that pair already (kept as an earlier release saved it, fixed by a transfer).
    if let (Some(district), Some(station)) = &place {
        let pair = |f: &GrievanceFields| (f.district.to_lowercase(), f.police_station.to_lowercase());
        let kept = before.is_some_and(|b| pair(b) == pair(fields));
        if station.district_id.is_some_and(|d| d != district.id) && !kept {
            errors.add("police_station", Msg::StationOutsideDistrict { station: station.name.clone(), district: district.name.clone() });
        }
    }
    if !errors.is_empty() {
        return match errors.finish() {
            Err(Error::Validation { fields, .. }) => Err(Error::Validation { message: Msg::FixErrors, fields }),
            other => other.map(|_| Named { refs: BTreeMap::new(), meaning }),
        };
    }
    for (field, name) in canonical {
        match field {
            "type_of_call" => fields.type_of_call = Some(name),
            "crime_title" => fields.crime_title = name,
            "district" => fields.district = name,
            "police_station" => fields.police_station = name,
            "status" => fields.status = name,
            "priority" => fields.priority = name,
            "reason" => fields.reason = Some(name),
            _ => {}
        }
    }
    Ok(Named { refs, meaning })
}

/// The grievance and the list items it names, with the items' current names.
pub async fn load(cases: Cases<'_>, id: i64) -> Result<Option<Stored>> {
    relabelled(cases, cases.grievances.get(id).await?).await
}

/// [`load`], read to be changed ([`crate::port::Grievances::get_to_change`]).
pub async fn load_to_change(cases: Cases<'_>, id: i64) -> Result<Option<Stored>> {
    relabelled(cases, cases.grievances.get_to_change(id).await?).await
}

async fn relabelled(cases: Cases<'_>, read: Option<Stored>) -> Result<Option<Stored>> {
    let Some(stored) = read else { return Ok(None) };
    let mut found = [stored];
    relabel_all(cases.lists, &mut found).await?;
    let [loaded] = found;
    Ok(Some(loaded))
}

/// A grievance as the caller read it (and found it might see it) in order to change it
/// ([`reads::to_change`]). A change's first attempt starts from this reading rather than
/// reading again; an attempt after a conflict starts from a fresh one.
pub struct Seen {
    stored: Stored,
    /// Whether an attempt has started from `stored` already.
    used: std::sync::atomic::AtomicBool,
}

impl Seen {
    pub fn new(stored: Stored) -> Seen {
        Seen { stored, used: Default::default() }
    }

    /// The grievance as first read.
    pub fn grievance(&self) -> &Grievance {
        &self.stored.grievance
    }

    /// What the next attempt starts from.
    async fn read(&self, cases: Cases<'_>) -> Result<Stored> {
        match self.used.swap(true, std::sync::atomic::Ordering::Relaxed) {
            false => Ok(self.stored.clone()),
            true => load_to_change(cases, self.stored.grievance.id).await?.ok_or_else(not_found),
        }
    }
}

impl AuditEntry {
    fn simple(action: AuditAction, field: &str, old: Option<String>, new: Option<String>, notes: Option<String>) -> Self {
        AuditEntry { action, field_name: Some(field.to_string()), old_value: old, new_value: new, notes, action_details: None }
    }
}

/// Commits one version of a grievance with its audit records.
async fn commit(cases: Cases<'_>, before: Option<&Stored>, after: Option<&mut Stored>, actor: &Actor, at: &str, version: i64, entries: Vec<AuditEntry>) -> Result<()> {
    commit_guarded(cases, before, after, actor, at, version, entries, None, None).await
}

/// [`commit`], on condition that no grievance took the FIR number since `fir_guard` was read.
#[allow(clippy::too_many_arguments)]
async fn commit_guarded(
    cases: Cases<'_>,
    before: Option<&Stored>,
    mut after: Option<&mut Stored>,
    actor: &Actor,
    at: &str,
    version: i64,
    entries: Vec<AuditEntry>,
    fir_guard: Option<FirGuard>,
    source: Option<&RecordSource>,
) -> Result<()> {
    if let Some(after) = after.as_deref_mut() {
        crate::indexes::index(cases.lists, &mut after.grievance).await?;
    }
    let audit = AuditBatch { actor: actor.clone(), at: at.to_string(), change: AuditChange::Version(version), entries: with_batch(actor, entries) };
    cases.grievances.commit(GrievanceChange { before, after: after.as_deref(), audit, fir_guard, trash: None, source }).await
}

/// Reads a submitted form, its dates bounded by today in India (`domain::clock::today`): an
/// FIR registered after midnight in India is of today there, though UTC is still on the day
/// before.
pub fn parse_fields(form: &domain::grievance::GrievanceForm) -> Result<GrievanceFields> {
    GrievanceFields::parse(form, domain::clock::today())
}

/// The CREATED (or DELETED) audit record of `g`, keeping the complete record.
pub fn complete_record_entry(g: &Grievance, created: bool, sensitivity: &Sensitivity) -> AuditEntry {
    let (action, done) = if created { (AuditAction::Created, "created") } else { (AuditAction::Deleted, "deleted") };
    let summary = format!("Grievance {} {done} (FIR {})", g.grievance_number, g.fields.fir_no);
    // Its clock runs are an index the rules work out again, not part of the record; a
    // sensitive case's victims are written protected.
    let record = Grievance { fields: sensitivity.given(g.fields.clone()), ..g.clone().without_indexes() };
    let record = serde_json::to_value(record).expect("a grievance serialises");
    AuditEntry {
        action,
        field_name: Some("complete_record".into()),
        old_value: None,
        new_value: None,
        notes: Some(summary.clone()),
        action_details: Some(audit::complete_record(summary, &record, created)),
    }
}

/// A user whose reach is a posting's area files and places grievances only inside it; a
/// transfer is how a case leaves it.
fn check_place(viewer: &Viewer, g: &Grievance) -> Result<()> {
    match &viewer.reach {
        Reach::Area(area) if !area.holds(g.district_id, g.police_station_id) => Err(Error::field("police_station", Msg::OutsidePosting)),
        _ => Ok(()),
    }
}

/// Refuses (409, naming the grievance) a FIR number the viewer can see recorded at the same
/// police station in the same year, unless the user confirmed it is another case.
/// Refuses `g`'s FIR number when the viewer may see another grievance with it (unless
/// `confirmed`), answering the guard its save must carry.
async fn check_duplicate_fir(cases: Cases<'_>, viewer: &Viewer, g: &Grievance, except: Option<i64>, confirmed: bool) -> Result<Option<FirGuard>> {
    let Some(station) = g.police_station_id.filter(|_| !confirmed) else { return Ok(None) };
    let seen = crate::duplicates::same_fir(cases, viewer, station, &g.fields.fir_no, &g.fields.fir_date, except).await?;
    match seen.duplicates.first() {
        Some(first) => Err(crate::duplicates::duplicate_fir(&g.fields, first)),
        None => Ok(seen.guard),
    }
}

/// Files a grievance. `confirmed_duplicate`: the user was shown a grievance with the same FIR
/// number at the same station and year, and confirmed this is another case.
pub async fn create(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, fields: GrievanceFields, confirmed_duplicate: bool) -> Result<Grievance> {
    file(cases, actor, viewer, fields, &Filing { confirmed_duplicate, ..Filing::default() }).await
}

/// How a grievance comes to be filed, beyond its fields: by staff at a screen (the default),
/// or brought in from an earlier register by an import.
#[derive(Clone, Debug, Default)]
pub struct Filing {
    /// The user confirmed that a FIR number already recorded is another case.
    pub confirmed_duplicate: bool,
    /// When the case was first recorded (an earlier register's date, RFC 3339); by default now.
    pub filed_at: Option<String>,
    /// The officer it is assigned to (id and name).
    pub assignee: Option<(i64, String)>,
    /// The earlier register's record it comes from, claimed with it.
    pub source: Option<RecordSource>,
}

/// Files a grievance as `filing` says.
pub async fn file(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, fields: GrievanceFields, filing: &Filing) -> Result<Grievance> {
    retrying(None, || create_once(cases, actor, viewer, fields.clone(), filing)).await
}

async fn create_once(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, mut fields: GrievanceFields, filing: &Filing) -> Result<Grievance> {
    let confirmed_duplicate = filing.confirmed_duplicate;
    // A victim named as the protected text stands for a victim kept, and a new case keeps none.
    fields.parties = crate::identity::parties_after_edit(&[], Some(std::mem::take(&mut fields.parties)));
    crate::identity::seal_documents(&mut fields.parties, cases.sealer)?;
    let mut named = resolve_lists(cases.lists, &mut fields, None).await?;
    // Filing a case already resolved or closed is closing it: for a role that needs approval
    // it is filed with the default status and the closure is asked for.
    let mut proposed = None;
    if actor.needs_closure_approval && named.meaning.is_final() {
        proposed = Some((named.id(ListKind::Statuses).unwrap_or_default(), fields.status.clone(), fields.final_decision.take()));
        fields.status = String::new();
        named = resolve_lists(cases.lists, &mut fields, None).await?;
    }
    let refs = named.refs.clone();
    let id = cases.grievances.next_id().await?;
    let now = domain::clock::now_text();
    let mut g = filed(id, fields, actor, filing, &now, named.meaning);
    named.apply(&mut g);
    check_place(viewer, &g)?;
    let fir_guard = check_duplicate_fir(cases, viewer, &g, None, confirmed_duplicate).await?;
    let mut entries = vec![complete_record_entry(&g, true, &Sensitivity::now(cases.lists).await?)];
    if let Some((status_id, status, final_decision)) = proposed {
        let request = closure_request(actor, &now, status_id, status, final_decision, None)?;
        entries.push(closure_requested_entry(&g, &request));
        g.closure = Some(request);
    }
    let mut after = Stored { grievance: g, refs };
    let source = filing.source.as_ref().map(|s| RecordSource { grievance_id: id, ..s.clone() });
    match commit_guarded(cases, None, Some(&mut after), actor, &now, 1, entries, fir_guard, source.as_ref()).await {
        Ok(()) => Ok(after.grievance),
        // A new grievance has no version to be stale: any conflict is a list item deleted.
        Err(Error::Conflict(m)) if m == Msg::GrievanceStale => {
            Err(Error::Conflict(Msg::GrievanceListItemGone))
        }
        Err(e) => Err(e),
    }
}

/// A grievance being filed as grievance `id` at `now`, before its lists are applied.
fn filed(id: i64, fields: GrievanceFields, actor: &Actor, filing: &Filing, now: &str, meaning: StatusMeaning) -> Grievance {
    let year = &now[..4];
    Grievance {
        id,
        grievance_number: format!("GRV-{year}-{id:06}"),
        district_id: None,
        police_station_id: None,
        status_id: None,
        priority_id: None,
        status_meaning: meaning,
        resolved_at: meaning.is_final().then(|| now.to_string()),
        fields,
        filed_by: actor.user_id,
        filed_by_name: actor.name.clone(),
        assigned_to: filing.assignee.as_ref().map(|(id, _)| *id),
        assigned_to_name: filing.assignee.as_ref().map(|(_, name)| name.clone()),
        filed_at: filing.filed_at.clone().unwrap_or_else(|| now.to_string()),
        updated_at: now.to_string(),
        version: 1,
        closure: None,
        escalation: None,
        clock_events: Vec::new(),
        next_due: None,
        clock_runs: Vec::new(),
        people_text: None,
    }
}

/// Checks a filing as [`file`] would, writing nothing: the lists' names, the place within
/// the viewer's reach and the FIR number against those recorded. Answers the grievance as it
/// would be filed (without its number).
pub async fn check_filing(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, mut fields: GrievanceFields, filing: &Filing) -> Result<Grievance> {
    let named = resolve_lists(cases.lists, &mut fields, None).await?;
    let mut g = filed(0, fields, actor, filing, &domain::clock::now_text(), named.meaning);
    named.apply(&mut g);
    check_place(viewer, &g)?;
    check_duplicate_fir(cases, viewer, &g, None, filing.confirmed_duplicate).await?;
    Ok(g)
}

fn check_version(current: &Grievance, expected: Option<i64>) -> Result<()> {
    match expected {
        Some(v) if v != current.version => Err(Error::Conflict(Msg::GrievanceStale)),
        _ => Ok(()),
    }
}

/// An UPDATED record for each field staff changed; the victims written protected when the
/// case is sensitive before or after the change.
fn field_entries(before: &GrievanceFields, after: &GrievanceFields, sensitivity: &Sensitivity) -> Vec<AuditEntry> {
    audit::field_changes(before, after, sensitivity.protects(before, after))
        .into_iter()
        .map(|FieldChange { field, old_value, new_value, details }| AuditEntry {
            action: AuditAction::Updated,
            field_name: Some(field.to_string()),
            old_value,
            new_value,
            notes: None,
            action_details: details,
        })
        .collect()
}

pub(crate) fn status_entries(before: &Grievance, after: &Grievance, notes: Option<String>) -> Vec<AuditEntry> {
    let mut entries = Vec::new();
    if before.status_id != after.status_id {
        entries.push(AuditEntry::simple(AuditAction::StatusChanged, "status", Some(before.fields.status.clone()), Some(after.fields.status.clone()), notes.clone()));
        if let Some(milestone) = audit::status_milestone(before.status_meaning, after.status_meaning) {
            entries.push(AuditEntry::simple(milestone, "status", Some(before.fields.status.clone()), Some(after.fields.status.clone()), notes));
        }
    }
    entries
}

fn resolved_at(before: &Grievance, new_status: StatusMeaning, now: &str) -> Option<String> {
    match (before.status_meaning.is_final(), new_status.is_final()) {
        (false, true) => Some(now.to_string()),
        (_, false) => None,
        (true, true) => before.resolved_at.clone(),
    }
}

/// `before` moved to `status` with `fields`, as its next version at `now`.
fn with_status(before: &Grievance, status: &lists::ListItem, fields: GrievanceFields, now: &str) -> Grievance {
    Grievance {
        resolved_at: resolved_at(before, status.status_meaning(), now),
        fields,
        status_id: Some(status.id),
        status_meaning: status.status_meaning(),
        updated_at: now.to_string(),
        version: before.version + 1,
        ..before.clone()
    }
}

/// Runs a read-modify-write again when another change got in between, unless the caller
/// named the version its change was based on (then the conflict is theirs to see: 409).
async fn retrying<T, F, Fut>(expected_version: Option<i64>, mut op: F) -> Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T>>,
{
    for _attempt in 0..4 {
        match op().await {
            Err(Error::Conflict(message)) if expected_version.is_none() && message == Msg::GrievanceStale => continue,
            // The grievance itself did not change: check the FIR number again.
            Err(Error::Conflict(message)) if message == Msg::FirTakenMeanwhile => continue,
            other => return other,
        }
    }
    op().await
}

/// The reason of the mark an edit leaves on a sensitive case whose sections it took off the
/// sensitive ones.
pub const KEPT_SENSITIVE: &str = "Kept protected: the sections were changed from sensitive ones; an authorised officer clears this mark if the case is not sensitive";

/// An edit of a grievance's fields, as its form sends it.
#[derive(Clone)]
pub struct Edit {
    pub fields: GrievanceFields,
    /// Whether the form said who the people are; left out, they are kept.
    pub parties_sent: bool,
    /// Whether the form said how the complainant is written to; left out, it is kept.
    pub contact_sent: bool,
    /// The version it was based on; a stale one is refused with 409.
    pub expected_version: Option<i64>,
    /// The user confirmed that a FIR number already recorded is another case.
    pub confirmed_duplicate: bool,
}

impl Edit {
    pub fn of(form: &domain::grievance::GrievanceForm) -> Result<Edit> {
        Ok(Edit { fields: parse_fields(form)?, parties_sent: form.sends_parties(), contact_sent: form.sends_citizen_contact(), expected_version: form.version(), confirmed_duplicate: form.confirms_duplicate() })
    }

    /// The grievance as read, with another priority (an item of the list, by name): an edit
    /// of that field alone, on condition that the case is still the version read, so that
    /// nothing changed meanwhile is written back over.
    pub fn priority_of(g: &Grievance, priority: &str) -> Edit {
        let fields = GrievanceFields { priority: priority.trim().to_string(), ..g.fields.clone() };
        Edit { fields, parties_sent: false, contact_sent: false, expected_version: Some(g.version), confirmed_duplicate: false }
    }
}

/// Changes a grievance's fields. A change of its FIR number, station or FIR year onto one
/// already recorded is refused as on filing, unless confirmed. The people are kept when the
/// form leaves them out, and a victim's identity its author was given protected stays as it
/// is (`identity::parties_after_edit`).
pub async fn update(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, seen: &Seen, edit: Edit) -> Result<Grievance> {
    retrying(edit.expected_version, || update_once(cases, actor, viewer, seen, edit.clone(), None)).await
}

/// [`update`] by an import of a changed row of an earlier register: its source record is
/// kept anew with the change.
pub async fn update_from_source(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, seen: &Seen, edit: Edit, source: &RecordSource) -> Result<Grievance> {
    retrying(edit.expected_version, || update_once(cases, actor, viewer, seen, edit.clone(), Some(source))).await
}

async fn update_once(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, seen: &Seen, edit: Edit, source: Option<&RecordSource>) -> Result<Grievance> {
    let Edit { mut fields, parties_sent, contact_sent, expected_version, confirmed_duplicate } = edit;
    let read = seen.read(cases).await?;
    let id = read.grievance.id;
    let before = &read.grievance;
    check_version(before, expected_version)?;
    fields.parties = crate::identity::parties_after_edit(&before.fields.parties, parties_sent.then(|| std::mem::take(&mut fields.parties)));
    crate::identity::seal_documents(&mut fields.parties, cases.sealer)?;
    // Only the marking sets or clears the mark, but for one case: an edit that takes a
    // sensitive case's sections off the sensitive ones keeps it protected by a mark, so that
    // nobody is given an identity by changing a section (and back), unaudited. An authorised
    // officer clears the mark when the case is truly not sensitive.
    fields.sensitive_mark = before.fields.sensitive_mark.clone();
    fields.publication_withheld = before.fields.publication_withheld.clone();
    fields.progress_updates = before.fields.progress_updates.clone();
    fields.feedback = before.fields.feedback.clone();
    fields.appeals = before.fields.appeals.clone();
    if !contact_sent {
        (fields.citizen_language, fields.sms_consent) = (before.fields.citizen_language, before.fields.sms_consent);
    }
    let now = domain::clock::now_text();
    let sensitivity = Sensitivity::now(cases.lists).await?;
    if sensitivity.of_fields(&before.fields) && !sensitivity.of_fields(&fields) {
        fields.sensitive_mark = Some(domain::grievance::OfficerMark { by: actor.user_id, by_name: actor.name.clone(), at: now.clone(), reason: KEPT_SENSITIVE.into() });
    }
    let named = resolve_lists(cases.lists, &mut fields, Some(&before.fields)).await?;
    let refs = named.refs.clone();
    let mut after = Grievance {
        resolved_at: resolved_at(before, named.meaning, &now),
        fields,
        updated_at: now.clone(),
        version: before.version + 1,
        ..before.clone()
    };
    named.apply(&mut after);
    let mut refs = refs;
    let closure = hold_for_approval(actor, before, &mut after, &mut refs, &now, None)?;
    settle_escalation(&mut after);
    // Transfers are counted and capped: an edit does not move a case to another station.
    if before.police_station_id.is_some() && after.police_station_id != before.police_station_id {
        return Err(Error::field("police_station", Msg::MovedByTransfer));
    }
    if (after.police_station_id, after.district_id) != (before.police_station_id, before.district_id) {
        check_place(viewer, &after)?;
    }
    let fir_of = |g: &Grievance| (g.police_station_id, g.fields.fir_no.key(), g.fields.fir_date.get(..4).map(str::to_string));
    let fir_guard = match fir_of(before) != fir_of(&after) {
        true => check_duplicate_fir(cases, viewer, &after, Some(id), confirmed_duplicate).await?,
        false => None,
    };
    let mut entries = field_entries(&before.fields, &after.fields, &sensitivity);
    entries.extend(status_entries(before, &after, None));
    if before.priority_id != after.priority_id {
        entries.push(AuditEntry::simple(AuditAction::PriorityChanged, "priority", Some(before.fields.priority.clone()), Some(after.fields.priority.clone()), None));
    }
    entries.extend(closure);
    if entries.is_empty() {
        // Nothing changed: nothing to write, nothing to audit.
        return Ok(read.grievance);
    }
    let version = after.version;
    let mut after = Stored { grievance: after, refs };
    commit_guarded(cases, Some(&read), Some(&mut after), actor, &now, version, entries, fir_guard, source).await?;
    Ok(after.grievance)
}

/// A move to another status, as the status dialog sends it.
pub struct StatusChange {
    pub status_id: domain::ItemId,
    pub notes: Option<String>,
    /// The decision the case is resolved or closed with; kept only with a status that means
    /// resolved or closed. Without it the case's own final decision stands.
    pub final_decision: Option<String>,
}

pub async fn change_status(cases: Cases<'_>, actor: &Actor, seen: &Seen, change: StatusChange, expected_version: Option<i64>) -> Result<Grievance> {
    retrying(expected_version, || change_status_once(cases, actor, seen, &change, expected_version)).await
}

async fn change_status_once(cases: Cases<'_>, actor: &Actor, seen: &Seen, change: &StatusChange, expected_version: Option<i64>) -> Result<Grievance> {
    let StatusChange { status_id, notes, final_decision } = change;
    let status_id = *status_id;
    let read = seen.read(cases).await?;
    let before = &read.grievance;
    check_version(before, expected_version)?;
    let status = cases.lists.get(ListKind::Statuses, status_id.get())
        .await?
        .filter(|s| s.is_active)
        .ok_or_else(|| Error::field("status_id", Msg::StatusNotActive))?;
    let mut refs = read.refs.clone();
    refs.insert(ListKind::Statuses, status.id);
    let now = domain::clock::now_text();
    let mut fields = before.fields.clone();
    fields.status = status.name.clone();
    if let Some(decision) = final_decision.as_deref().map(str::trim).filter(|d| !d.is_empty() && status.status_meaning().is_final()) {
        fields.final_decision = Some(decision.to_string());
    }
    let mut after = with_status(before, &status, fields, &now);
    let notes = notes.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(str::to_string);
    let mut entries = match hold_for_approval(actor, before, &mut after, &mut refs, &now, notes.clone())? {
        Some(requested) => vec![requested],
        None => Vec::new(),
    };
    settle_escalation(&mut after);
    entries.extend(field_entries(&before.fields, &after.fields, &Sensitivity::now(cases.lists).await?));
    entries.extend(status_entries(before, &after, notes));
    if entries.is_empty() {
        return Ok(read.grievance);
    }
    let version = after.version;
    let mut after = Stored { grievance: after, refs };
    commit(cases, Some(&read), Some(&mut after), actor, &now, version, entries).await?;
    Ok(after.grievance)
}

/// A decided case (its status means resolved or closed) is no longer escalated: it leaves
/// the "Escalated to me" queue with its decision, whose records the trail keeps.
fn settle_escalation(g: &mut Grievance) {
    if g.status_meaning.is_final() {
        g.escalation = None;
    }
}

/// A request to close a case: what the approving officer reads is the decision the case is
/// closed with, so a request without a final decision is refused (on that field).
fn closure_request(actor: &Actor, now: &str, status_id: i64, status: String, final_decision: Option<String>, notes: Option<String>) -> Result<domain::grievance::ClosureRequest> {
    let final_decision = final_decision.filter(|d| !d.trim().is_empty()).ok_or_else(|| Error::field("final_decision", Msg::ClosureNeedsFinalDecision))?;
    Ok(domain::grievance::ClosureRequest {
        status_id,
        status,
        final_decision: Some(final_decision),
        notes,
        requested_by: actor.user_id,
        requested_by_name: actor.name.clone(),
        requested_at: now.to_string(),
    })
}

fn closure_requested_entry(before: &Grievance, request: &domain::grievance::ClosureRequest) -> AuditEntry {
    AuditEntry::simple(AuditAction::ClosureRequested, "status", Some(before.fields.status.clone()), Some(request.status.clone()), request.notes.clone())
}

/// The closure approval rules for a status change from `before` to `after`: while a closure
/// request is pending the status moves only by approving or returning it (409); an actor
/// whose role needs approval to close, moving the case to a resolved or closed status, gets a
/// closure request instead: `after` keeps `before`'s status and final decision, the request
/// holds the proposed ones, and its CLOSURE_REQUESTED record is answered.
fn hold_for_approval(actor: &Actor, before: &Grievance, after: &mut Grievance, refs: &mut BTreeMap<ListKind, i64>, now: &str, notes: Option<String>) -> Result<Option<AuditEntry>> {
    if after.status_id == before.status_id {
        return Ok(None);
    }
    if before.closure.is_some() {
        return Err(Error::Conflict(Msg::ClosurePending));
    }
    if !actor.needs_closure_approval || !after.status_meaning.is_final() {
        return Ok(None);
    }
    let request = closure_request(actor, now, after.status_id.unwrap_or_default(), after.fields.status.clone(), after.fields.final_decision.clone(), notes)?;
    after.fields.status = before.fields.status.clone();
    after.fields.final_decision = before.fields.final_decision.clone();
    after.status_id = before.status_id;
    after.status_meaning = before.status_meaning;
    after.resolved_at = before.resolved_at.clone();
    match before.status_id {
        Some(id) => refs.insert(ListKind::Statuses, id),
        None => refs.remove(&ListKind::Statuses),
    };
    let entry = closure_requested_entry(before, &request);
    after.closure = Some(request);
    Ok(Some(entry))
}

/// The pending closure request of a grievance the viewer may see, if another officer may
/// decide on it: not found outside the viewer's reach, 409 when none is pending, 403 for the
/// officer who asked, and 403 for an account that officer created, or whose password or
/// second factor they reset, while the request was pending (a second account of their own
/// making, or a colleague's taken over, would be deciding at their hand).
fn pending_closure<'g>(viewer: &Viewer, actor: &Actor, g: &'g Grievance) -> Result<&'g domain::grievance::ClosureRequest> {
    if !viewer.may_see(g) {
        return Err(not_found());
    }
    let request = g.closure.as_ref().ok_or_else(|| Error::Conflict(Msg::ClosureNotPending))?;
    if request.requested_by == actor.user_id {
        return Err(Error::Forbidden(Msg::ClosureOwn));
    }
    if actor.hands.handled_by_since(request.requested_by, &request.requested_at) {
        return Err(Error::Forbidden(Msg::ClosureRequestersAccount));
    }
    Ok(request)
}

/// Approves the grievance's closure request: the status (and final decision) move as
/// proposed, audited as CLOSURE_APPROVED with the status change's own records.
pub async fn approve_closure(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, id: GrievanceId, expected_version: Option<i64>) -> Result<Grievance> {
    retrying(expected_version, || approve_closure_once(cases, actor, viewer, id, expected_version)).await
}

async fn approve_closure_once(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, id: GrievanceId, expected_version: Option<i64>) -> Result<Grievance> {
    let read = load_to_change(cases, id.get()).await?.ok_or_else(not_found)?;
    let before = &read.grievance;
    let request = pending_closure(viewer, actor, before)?;
    check_version(before, expected_version)?;
    let status = cases.lists.get(ListKind::Statuses, request.status_id)
        .await?
        .filter(|s| s.is_active && s.status_meaning().is_final())
        .ok_or_else(|| Error::Conflict(Msg::ClosureStatusGone))?;
    let now = domain::clock::now_text();
    let mut fields = before.fields.clone();
    fields.status = status.name.clone();
    if request.final_decision.is_some() {
        fields.final_decision = request.final_decision.clone();
    }
    let mut after = Grievance { closure: None, ..with_status(before, &status, fields, &now) };
    settle_escalation(&mut after);
    let mut entries = vec![AuditEntry::simple(AuditAction::ClosureApproved, "status", Some(before.fields.status.clone()), Some(status.name.clone()), request.notes.clone())];
    entries.extend(status_entries(before, &after, request.notes.clone()));
    if before.fields.final_decision != after.fields.final_decision {
        entries.push(AuditEntry::simple(AuditAction::Updated, "final_decision", before.fields.final_decision.clone(), after.fields.final_decision.clone(), None));
    }
    let mut refs = read.refs.clone();
    refs.insert(ListKind::Statuses, status.id);
    let version = after.version;
    let mut after = Stored { grievance: after, refs };
    commit(cases, Some(&read), Some(&mut after), actor, &now, version, entries).await?;
    Ok(after.grievance)
}

/// Returns the grievance's closure request to the officer who asked, with a reason: the
/// status stays, audited as CLOSURE_RETURNED.
pub async fn return_closure(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, id: GrievanceId, reason: &str, expected_version: Option<i64>) -> Result<Grievance> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(Error::field("reason", Msg::ClosureReturnReasonRequired));
    }
    retrying(expected_version, || return_closure_once(cases, actor, viewer, id, reason, expected_version)).await
}

async fn return_closure_once(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, id: GrievanceId, reason: &str, expected_version: Option<i64>) -> Result<Grievance> {
    let read = load_to_change(cases, id.get()).await?.ok_or_else(not_found)?;
    let before = &read.grievance;
    let request = pending_closure(viewer, actor, before)?;
    check_version(before, expected_version)?;
    let now = domain::clock::now_text();
    let entries = vec![AuditEntry::simple(AuditAction::ClosureReturned, "status", Some(request.status.clone()), Some(before.fields.status.clone()), Some(reason.to_string()))];
    let after = Grievance { updated_at: now.clone(), version: before.version + 1, closure: None, ..before.clone() };
    let version = after.version;
    let mut after = Stored { grievance: after, refs: read.refs.clone() };
    commit(cases, Some(&read), Some(&mut after), actor, &now, version, entries).await?;
    Ok(after.grievance)
}

/// A transfer as the grievance page sends it.
#[derive(Clone, Debug, Default, serde::Deserialize, utoipa::ToSchema)]
pub struct TransferForm {
    /// An active police station of the Admin Panel, other than the grievance's own.
    #[serde(default)]
    #[schema(value_type = i64)]
    pub police_station_id: domain::wire::Sent<domain::ItemId>,
    /// Why the grievance goes there; kept in its TRANSFERRED record.
    #[serde(default)]
    #[schema(value_type = String)]
    pub reason: domain::wire::Sent<String>,
}

/// A transfer asked for: the station to send the grievance to, and why.
pub struct TransferOrder {
    pub police_station_id: domain::ItemId,
    pub reason: String,
}

impl TransferOrder {
    pub fn parse(form: TransferForm) -> Result<TransferOrder> {
        let mut errors = FieldErrors::default();
        let police_station_id = form.police_station_id.given().filter(|id| id.get() > 0);
        if police_station_id.is_none() {
            errors.add("police_station_id", Msg::StationNotActive);
        }
        let reason = form.reason.trimmed();
        if reason.is_empty() {
            errors.add("reason", Msg::TransferReasonRequired);
        } else if reason.chars().count() > 1000 {
            errors.add("reason", Msg::TransferReasonTooLong);
        }
        errors.finish()?;
        Ok(TransferOrder { police_station_id: police_station_id.unwrap_or_default(), reason })
    }
}

/// Answered (409) when a grievance has been transferred as often as the Admin Panel allows.
pub fn transfer_cap_reached(limit: u32) -> Error {
    Error::Conflict(Msg::TransferLimitReached { count: limit.to_string(), plural: domain::messages::plural(limit) })
}

/// Sends the grievance `seen` to another police station: the station and its
/// district (where the Admin Panel places it) change in one commit, so the grievance leaves
/// the old station's lists and figures and enters the new one's at once, with a TRANSFERRED
/// record naming from, to and why. `transfers` is how many times it was transferred by the version
/// seen; at `limit` it is refused, and a transfer made meanwhile moves the version on, so
/// two at once cannot both pass the count.
pub async fn transfer(cases: Cases<'_>, actor: &Actor, seen: &Seen, order: TransferOrder, transfers: usize, limit: u32) -> Result<Grievance> {
    // Not retried: the change starts from the caller's reading, and its commit is conditioned
    // on that version.
    let read = seen.read(cases).await?;
    let before = &read.grievance;
    if transfers >= limit as usize {
        return Err(transfer_cap_reached(limit));
    }
    let station = cases.lists.get(ListKind::PoliceStations, order.police_station_id.get())
        .await?
        .filter(|s| s.is_active)
        .ok_or_else(|| Error::field("police_station_id", Msg::StationNotActive))?;
    if before.police_station_id == Some(station.id) {
        return Err(Error::field("police_station_id", Msg::TransferSameStation));
    }
    let district = match station.district_id {
        Some(d) => cases.lists.get(ListKind::Districts, d).await?,
        None => None,
    };
    let mut refs = read.refs.clone();
    refs.insert(ListKind::PoliceStations, station.id);
    let mut fields = before.fields.clone();
    fields.police_station = station.name.clone();
    if let Some(d) = &district {
        refs.insert(ListKind::Districts, d.id);
        fields.district = d.name.clone();
    }
    let now = domain::clock::now_text();
    // The receiving station assigns its own officer: one of the sending station's may no
    // longer see the case.
    let after = Grievance {
        fields,
        police_station_id: Some(station.id),
        district_id: district.as_ref().map(|d| d.id).or(before.district_id),
        assigned_to: None,
        assigned_to_name: None,
        updated_at: now.clone(),
        version: before.version + 1,
        ..before.clone()
    };
    let details = serde_json::json!({
        "from": {"police_station_id": before.police_station_id, "police_station": before.fields.police_station, "district": before.fields.district},
        "to": {"police_station_id": station.id, "police_station": station.name, "district": after.fields.district},
        "reason": order.reason,
        "unassigned": before.assigned_to_name,
        "transfer": transfers + 1,
        "limit": limit,
    });
    let entry = AuditEntry {
        action: AuditAction::Transferred,
        field_name: Some("police_station".into()),
        old_value: Some(before.fields.police_station.clone()),
        new_value: Some(station.name.clone()),
        notes: Some(order.reason),
        action_details: Some(details),
    };
    let version = after.version;
    let mut after = Stored { grievance: after, refs };
    commit(cases, Some(&read), Some(&mut after), actor, &now, version, vec![entry]).await?;
    Ok(after.grievance)
}

pub async fn assign(cases: Cases<'_>, actor: &Actor, seen: &Seen, assignee: Option<(i64, String)>) -> Result<Grievance> {
    retrying(None, || assign_once(cases, actor, seen, assignee.clone())).await
}

async fn assign_once(cases: Cases<'_>, actor: &Actor, seen: &Seen, assignee: Option<(i64, String)>) -> Result<Grievance> {
    let read = seen.read(cases).await?;
    let before = &read.grievance;
    let now = domain::clock::now_text();
    let mut fields = before.fields.clone();
    if let Some((_, name)) = &assignee {
        officer_takes_over(&mut fields, name, domain::clock::today());
    }
    let after = Grievance {
        assigned_to: assignee.as_ref().map(|a| a.0),
        assigned_to_name: assignee.map(|a| a.1),
        fields,
        updated_at: now.clone(),
        version: before.version + 1,
        ..before.clone()
    };
    if after.assigned_to == before.assigned_to {
        return Ok(read.grievance);
    }
    let mut entries = vec![AuditEntry::simple(AuditAction::Assigned, "assigned_to", before.assigned_to_name.clone(), after.assigned_to_name.clone(), None)];
    entries.extend(field_entries(&before.fields, &after.fields, &Sensitivity::now(cases.lists).await?));
    let version = after.version;
    let mut after = Stored { grievance: after, refs: read.refs.clone() };
    commit(cases, Some(&read), Some(&mut after), actor, &now, version, entries).await?;
    Ok(after.grievance)
}

/// The officer a case is assigned to investigates it from `today`: they become its current
/// investigating officer, and its list of officers gains them (the one before them, if still
/// open, ends today), unless they already hold it. The stage follows from the officer named
/// (`domain::pendency::stage_of`): a case at Inward moves to With Investigating Officer, its
/// pendency clock starting again today; one out for scrutiny stays there until it is back.
/// Unassigning leaves the officers as they were: they are the case's history.
fn officer_takes_over(fields: &mut GrievanceFields, name: &str, today: time::Date) {
    fields.current_investigation_officer = Some(name.to_string());
    let open = fields.investigation_officers.last().filter(|o| o.to_date.is_none());
    if open.is_some_and(|o| o.officer_name == name) {
        return;
    }
    let today = Day::of(today);
    for officer in fields.investigation_officers.iter_mut().filter(|o| o.to_date.is_none()) {
        // Never before the day they started (a later start typed by hand).
        officer.to_date = Some(officer.from_date.clone().filter(|from| *from > today).unwrap_or_else(|| today.clone()));
    }
    // The form keeps at most MAX_OFFICERS; the current officer above is kept regardless.
    if fields.investigation_officers.len() < domain::grievance::MAX_OFFICERS {
        fields.investigation_officers.push(domain::grievance::OfficerEntry { officer_name: name.to_string(), from_date: Some(today), to_date: None, findings: String::new() });
    }
}

/// Deletes the grievance into the trash (`crate::trash::delete`): `trashed` makes the trash's
/// record from the grievance as the deletion read it and the deletion's time. Its DELETED
/// record keeps the complete record and says why.
pub(crate) async fn delete_to_trash(cases: Cases<'_>, actor: &Actor, seen: &Seen, trashed: impl Fn(&Grievance, &str) -> crate::port::Trashed) -> Result<Grievance> {
    retrying(None, || async {
        let read = seen.read(cases).await?;
        let before = &read.grievance;
        let now = domain::clock::now_text();
        let trash = trashed(before, &now);
        let mut entry = complete_record_entry(before, false, &Sensitivity::now(cases.lists).await?);
        let said = trash.reason.as_deref().unwrap_or("not given");
        entry.notes = entry.notes.map(|summary| format!("{summary}. Reason: {said}"));
        let audit = AuditBatch { actor: actor.clone(), at: now.clone(), change: AuditChange::Version(before.version + 1), entries: with_batch(actor, vec![entry]) };
        cases.grievances.commit(GrievanceChange { before: Some(&read), after: None, audit, fir_guard: None, trash: Some(&trash), source: None }).await?;
        Ok(read.grievance.clone())
    })
    .await
}

/// The list items a grievance put back names, as its fields name them now: its refs, and its
/// ids set again. Refused when one was deleted meanwhile.
pub(crate) async fn refs_of(lists: &dyn AdminLists, g: &mut Grievance) -> Result<crate::port::Refs> {
    let mut fields = g.fields.clone();
    let kept = g.fields.clone();
    let named = resolve_lists(lists, &mut fields, Some(&kept)).await?;
    let refs = named.refs.clone();
    g.fields = fields;
    named.apply(g);
    Ok(refs)
}

/// The RESTORED record of a grievance put back from the trash, keeping the complete record
/// (a sensitive case's victims written protected) and when and by whom it had been deleted.
pub(crate) fn restored_entry(g: &Grievance, trashed: &crate::port::Trashed, sensitivity: &Sensitivity) -> AuditEntry {
    let summary = format!("Grievance {} restored from the trash (FIR {})", g.grievance_number, g.fields.fir_no);
    let record = Grievance { fields: sensitivity.given(g.fields.clone()), ..g.clone().without_indexes() };
    let record = serde_json::to_value(record).expect("a grievance serialises");
    AuditEntry {
        action: AuditAction::Restored,
        field_name: Some("complete_record".into()),
        old_value: Some(format!("Deleted {} by {}", trashed.deleted_at, trashed.deleted_by_name)),
        new_value: None,
        notes: Some(format!("{summary}, with {} note(s) and {} attachment(s)", trashed.notes.len(), trashed.attachments.len())),
        action_details: Some(audit::complete_record(summary, &record, true)),
    }
}

/// The entries of a change made as one of a batch (`Actor::batch`), each naming the batch in
/// its details, so that an auditor finds every case one bulk action changed.
fn with_batch(actor: &Actor, mut entries: Vec<AuditEntry>) -> Vec<AuditEntry> {
    if let Some(batch) = &actor.batch {
        for e in &mut entries {
            let mut details = match e.action_details.take() {
                Some(object) if object.is_object() => object,
                Some(other) => serde_json::json!({ "details": other }),
                None => serde_json::json!({}),
            };
            details["batch"] = serde_json::json!(batch);
            e.action_details = Some(details);
        }
    }
    entries
}

/// What an authorised officer marks a case (`domain::grievance::OfficerMark`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marking {
    /// Sensitive: its victims' identity protected whatever its sections.
    Sensitive,
    /// Withheld from the state's public list of FIRs (the publication export).
    WithheldFromPublication,
}

impl Marking {
    fn field(self) -> &'static str {
        match self {
            Marking::Sensitive => "sensitive_mark",
            Marking::WithheldFromPublication => "publication_withheld",
        }
    }

    fn on(self, fields: &domain::grievance::GrievanceFields) -> bool {
        match self {
            Marking::Sensitive => fields.sensitive_mark.is_some(),
            Marking::WithheldFromPublication => fields.publication_withheld.is_some(),
        }
    }

    fn of(self, fields: &mut domain::grievance::GrievanceFields) -> &mut Option<domain::grievance::OfficerMark> {
        match self {
            Marking::Sensitive => &mut fields.sensitive_mark,
            Marking::WithheldFromPublication => &mut fields.publication_withheld,
        }
    }
}

/// Marks a case (or clears the mark), with the officer's reason; audited as a change of the
/// case, a clearing with its reason in the record's notes. Nothing to do when it stands so
/// already.
pub async fn mark(cases: Cases<'_>, actor: &Actor, seen: &Seen, marking: Marking, marked: bool, reason: String) -> Result<Grievance> {
    retrying(None, || mark_once(cases, actor, seen, marking, marked, reason.clone())).await
}

async fn mark_once(cases: Cases<'_>, actor: &Actor, seen: &Seen, marking: Marking, marked: bool, reason: String) -> Result<Grievance> {
    let read = seen.read(cases).await?;
    let before = &read.grievance;
    if marking.on(&before.fields) == marked {
        return Ok(read.grievance);
    }
    let now = domain::clock::now_text();
    let mut after = Grievance { updated_at: now.clone(), version: before.version + 1, ..before.clone() };
    *marking.of(&mut after.fields) = marked.then(|| domain::grievance::OfficerMark { by: actor.user_id, by_name: actor.name.clone(), at: now.clone(), reason: reason.clone() });
    let mut entries = field_entries(&before.fields, &after.fields, &Sensitivity::now(cases.lists).await?);
    if !marked {
        if let Some(entry) = entries.iter_mut().find(|e| e.field_name.as_deref() == Some(marking.field())) {
            entry.notes = Some(reason);
        }
    }
    let version = after.version;
    let mut after = Stored { grievance: after, refs: read.refs.clone() };
    commit(cases, Some(&read), Some(&mut after), actor, &now, version, entries).await?;
    Ok(after.grievance)
}

/// A change of the case made by `edit` from the case as last read (`before`, and the time of
/// the change): the case as it is to be and its audit records, committed as its next version.
/// A change based on an older version than `expected` is refused; without `expected`, one that
/// lost a race is made again on the newer case.
pub async fn change_with<F>(cases: Cases<'_>, seen: &Seen, actor: &Actor, expected: Option<i64>, edit: F) -> Result<Grievance>
where
    F: Fn(&Grievance, &str) -> Result<(Grievance, Vec<AuditEntry>)>,
{
    retrying(expected, || async {
        let read = seen.read(cases).await?;
        check_version(&read.grievance, expected)?;
        let now = domain::clock::now_text();
        let (mut after, entries) = edit(&read.grievance, &now)?;
        after.updated_at = now.clone();
        after.version = read.grievance.version + 1;
        let version = after.version;
        let mut after = Stored { grievance: after, refs: read.refs.clone() };
        if let Some(status) = after.grievance.status_id {
            after.refs.insert(domain::lists::ListKind::Statuses, status);
        }
        commit(cases, Some(&read), Some(&mut after), actor, &now, version, entries).await?;
        Ok(after.grievance)
    })
    .await
}

/// The most actions one case keeps on its clocks: years of 90-day reports and every other
/// duty, far above what a case sees, and a bound on the record's size.
pub const MAX_CLOCK_ACTIONS: usize = 500;

/// Records an action on the case's statutory clocks (the informant told of progress, the
/// investigation completed, ...), with its CLOCK_ACTION_RECORDED record.
pub async fn record_clock_action(cases: Cases<'_>, actor: &Actor, seen: &Seen, form: &ClockActionForm) -> Result<Grievance> {
    let expected = form.version.as_given().copied();
    retrying(expected, || record_clock_action_once(cases, actor, seen, form, expected)).await
}

async fn record_clock_action_once(cases: Cases<'_>, actor: &Actor, seen: &Seen, form: &ClockActionForm, expected: Option<i64>) -> Result<Grievance> {
    let read = seen.read(cases).await?;
    let before = &read.grievance;
    check_version(before, expected)?;
    let action = ClockAction::parse(form, before.fields.fir_date.date(), domain::clock::today())?;
    if before.clock_events.len() >= MAX_CLOCK_ACTIONS {
        return Err(Error::Conflict(Msg::ClockActionsTooMany { max: MAX_CLOCK_ACTIONS.to_string() }));
    }
    let now = domain::clock::now_text();
    let (kind, on, means) = (action.kind, action.on.clone(), action.means);
    let notes = [means.map(|m| format!("By {}", m.label())), Some(action.note.clone()).filter(|n| !n.is_empty())].into_iter().flatten().collect::<Vec<_>>().join(". ");
    let entry = AuditEntry {
        action: AuditAction::ClockActionRecorded,
        field_name: Some(kind.as_str().to_string()),
        old_value: None,
        new_value: Some(format!("{} on {on}", kind.label())),
        notes: Some(notes).filter(|n| !n.is_empty()),
        action_details: Some(serde_json::json!({
            "summary": format!("{} on {on} (grievance {})", kind.label(), before.grievance_number),
            "kind": kind,
            "on": on,
            "means": means,
        })),
    };
    let mut after = before.clone();
    after.clock_events.push(action.recorded(actor.user_id, &actor.name, &now));
    after.updated_at = now.clone();
    after.version = before.version + 1;
    let version = after.version;
    let mut after = Stored { grievance: after, refs: read.refs.clone() };
    commit(cases, Some(&read), Some(&mut after), actor, &now, version, vec![entry]).await?;
    Ok(after.grievance)
}
