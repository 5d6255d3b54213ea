//! Where grievance items live in the single table.

use store::Key;

/// How many partitions the state's grievances are spread over in the first index (all of
/// them) and the second (by status). Every change of a grievance rewrites its entries there;
/// kept in one partition each, every change in the state would write the same index
/// partition. A grievance's shard is its id's remainder, and a list reads the shards merged:
/// three, so that a page of the state's list, or of one status, is three queries.
pub const INDEX_SHARDS: i64 = 3;

/// The state's grievances, newest first, in the shard of grievance `id`.
pub fn all_index_pk(id: i64) -> String {
    format!("GRVALL#{}", id.rem_euclid(INDEX_SHARDS))
}

/// Every shard of the state's grievances.
pub fn all_index_pks() -> Vec<String> {
    (0..INDEX_SHARDS).map(all_index_pk).collect()
}

/// The one partition of the state's grievances an earlier release kept, read until the
/// upgrade (`migrations::grievance_indexes`) has moved each grievance into its shard.
pub const UNSHARDED_INDEX_PK: &str = "GRV";

/// The text index's part holding the grievances (where the engine keeps a text index).
pub const TEXT_PART: &str = "GRV";

pub fn grievance(id: i64) -> Key {
    Key::new(format!("GRV#{id}"), "GRV")
}

/// The grievances of one FIR number at one police station (`domain::grievance::fir_key`),
/// by FIR year then id: how a duplicate FIR is found without reading the station's cases.
pub fn fir_number_pk(station_id: i64, fir_key: &str) -> String {
    format!("FIRNO#{station_id}#{fir_key}")
}

/// The FIR-number entry of a grievance, when it names a station.
pub fn fir_number(g: &cases::Grievance) -> Option<Key> {
    let station = g.police_station_id?;
    let year = g.fields.fir_date.get(..4)?;
    Some(Key::new(fir_number_pk(station, &g.fields.fir_no.key()), format!("{year}#{:012}", g.id)))
}

/// How many grievances ever took one FIR number at one station in one year: every change
/// that gives a grievance the number adds one, and a change checked for duplicates is written
/// on condition that it is still what the check read (`cases::port::FirGuard`). Its sort key
/// (`!` before the digits) comes first in the number's partition, so the check's one query
/// reads it too.
pub fn fir_counter(station_id: i64, fir_key: &str, year: &str) -> Key {
    Key::new(fir_number_pk(station_id, fir_key), format!("{year}#!"))
}

/// The counter of a grievance's FIR number, when it names a station.
pub fn fir_counter_of(g: &cases::Grievance) -> Option<Key> {
    Some(fir_counter(g.police_station_id?, &g.fields.fir_no.key(), g.fields.fir_date.get(..4)?))
}

/// The index of grievance numbers and FIR numbers (`cases::numbers`) of the whole state, in
/// the shard of grievance `id` (see [`INDEX_SHARDS`]): a lookup with view_all reads the
/// shards merged, highest number first.
pub fn number_pk(id: i64) -> String {
    format!("NUMBER#{}", id.rem_euclid(INDEX_SHARDS))
}

/// Every shard of the state's number index.
pub fn number_pks() -> Vec<String> {
    (0..INDEX_SHARDS).map(number_pk).collect()
}

/// The numbers of the grievances one user filed or is assigned to: their lookups read this
/// partition alone, as their lists read their own.
pub fn own_number_pk(user_id: i64) -> String {
    format!("MYNUMBER#{user_id}")
}

/// The numbers of the grievances lying at one place (`place`): a posting's lookup is the
/// merge of its places' partitions, as its list is.
pub fn place_number_pk(place: &str) -> String {
    format!("PLACENUMBER#{place}")
}

/// A grievance's entry in partition `pk` of a number index under one of its numbers (its
/// key, `cases::numbers::number_key`), sorted as lookups answer (`cases::numbers::position`).
pub fn number_entry(pk: String, key: &str, id: i64) -> Key {
    Key::new(pk, cases::numbers::position(key, id))
}

/// The grievances escalated to one posting (`domain::escalation::posting_key`), newest filed
/// first: the "Escalated to me" queue and its count, without reading the state's grievances.
pub fn escalated_pk(posting_key: &str) -> String {
    format!("ESCALATED#{posting_key}")
}

/// A grievance's entry in the queue of the posting it is escalated to.
pub fn escalated(g: &cases::Grievance) -> Option<Key> {
    let to = &g.escalation.as_ref()?.to;
    Some(Key::new(escalated_pk(&domain::escalation::posting_key(to)), recency(&g.filed_at, g.id)))
}

/// The grievances whose closure waits for approval, newest filed first: the "Closure
/// requests" queue and its count, without reading the state's grievances. A request waits
/// days, not years, so the state's queue is short; it is written only when one is asked for
/// or decided.
pub const CLOSURES_PK: &str = "CLOSURES";

/// A rating of a disposal in the satisfaction report's partition of its month (the day in
/// India it was given): `RATINGS#<yyyy-mm>`, `<day>#<grievance>#<n>`.
pub fn rating(id: i64, n: usize, at: &str) -> Key {
    let day = domain::clock::india_date(at).map(|d| d.to_string()).unwrap_or_else(|| at.get(..10).unwrap_or_default().to_string());
    Key::new(format!("RATINGS#{}", day.get(..7).unwrap_or_default()), format!("{day}#{id:012}#{n}"))
}

/// The rating partitions of the months from `from` to `to`.
pub fn rating_partitions(from: time::Date, to: time::Date) -> Vec<String> {
    let mut months = Vec::new();
    let (mut year, mut month) = (from.year(), from.month());
    while (year, month as u8) <= (to.year(), to.month() as u8) {
        months.push(format!("RATINGS#{year:04}-{:02}", month as u8));
        if month == time::Month::December {
            year += 1;
        }
        month = month.next();
    }
    months
}

/// The partition of the grievances whose complainant's appeal awaits a decision: few, and
/// each for days.
pub const APPEALS_PK: &str = "APPEALS";

/// A grievance's entry in the appeals queue, while its appeal awaits a decision.
pub fn appeal_pending(g: &cases::Grievance) -> Option<Key> {
    g.fields.appeals.last().filter(|a| a.is_open()).map(|_| Key::new(APPEALS_PK, recency(&g.filed_at, g.id)))
}

/// A grievance's entry in the closure-requests queue, while its closure is pending.
pub fn closure_pending(g: &cases::Grievance) -> Option<Key> {
    g.closure.as_ref().map(|_| Key::new(CLOSURES_PK, recency(&g.filed_at, g.id)))
}

/// The state's grievances with an open statutory clock, by their earliest due day
/// (`cases::Grievance::next_due`), in the shard of grievance `id` (see [`INDEX_SHARDS`]):
/// "missed" and "due within N days" are a range of each shard, read merged.
pub fn due_all_pk(id: i64) -> String {
    format!("DUEALL#{}", id.rem_euclid(INDEX_SHARDS))
}

/// Every shard of the state's due days.
pub fn due_all_pks() -> Vec<String> {
    (0..INDEX_SHARDS).map(due_all_pk).collect()
}

/// The due days of the grievances lying at one place (`place`): a posting's clock lists are
/// the merge of its places' partitions, as its list is.
pub fn due_place_pk(place: &str) -> String {
    format!("DUE#{place}")
}

/// The law revision whose clock rules the due days were last worked out by.
pub fn dues_indexed() -> Key {
    Key::new("SETTINGS", "DUES_INDEXED")
}

/// Due-day order: the day, then the id. Every key of a day lies between `{day}#` and
/// [`due_day_end`].
pub fn due_position(day: &str, id: i64) -> String {
    format!("{day}#{id:012}")
}

/// The last sort key a due day can have.
pub fn due_day_end(day: &str) -> String {
    format!("{day}#~")
}

/// A grievance's entries in the due-day index: its state shard's and its place's, while a
/// clock of it is open.
pub fn due_entries(g: &cases::Grievance) -> Vec<Key> {
    let Some(day) = g.next_due.as_ref() else { return Vec::new() };
    let sk = due_position(day.as_str(), g.id);
    let mut keys = vec![Key::new(due_all_pk(g.id), sk.clone())];
    if let Some(place) = place(g.district_id, g.police_station_id) {
        keys.push(Key::new(due_place_pk(&place), sk));
    }
    keys
}

/// Newest-first order: the filing time, then the id.
pub fn recency(filed_at: &str, id: i64) -> String {
    format!("{filed_at}#{id:012}")
}

/// One status's grievances, by the status item's id (0: none), so that renaming the status
/// moves nothing; in the shard of grievance `id` (see [`INDEX_SHARDS`]).
pub fn status_index_pk(status_id: i64, id: i64) -> String {
    format!("GRVSTATUS#{status_id}#{}", id.rem_euclid(INDEX_SHARDS))
}

/// Every shard of one status's grievances.
pub fn status_index_pks(status_id: i64) -> Vec<String> {
    (0..INDEX_SHARDS).map(|shard| status_index_pk(status_id, shard)).collect()
}

/// The grievances a user filed or is assigned to, for users without view_all.
pub fn visible_pk(user_id: i64) -> String {
    format!("MYGRV#{user_id}")
}

pub fn visible(user_id: i64, filed_at: &str, id: i64) -> Key {
    Key::new(visible_pk(user_id), recency(filed_at, id))
}

/// Where a grievance lies, as a posting's area counts it: its police station, or its
/// district when it names no station (`domain::jurisdiction::Area::holds`); `None` when it
/// names neither, so that no posting reaches it. Ids, so renaming a place moves nothing.
pub fn place(district_id: Option<i64>, station_id: Option<i64>) -> Option<String> {
    match (station_id, district_id) {
        (Some(s), _) => Some(format!("S{s}")),
        (None, Some(d)) => Some(format!("D{d}")),
        (None, None) => None,
    }
}

/// The places of an area: each station, and each district (for its grievances without a
/// station).
pub fn places_of(area: &domain::jurisdiction::Area) -> Vec<String> {
    area.stations.iter().map(|s| format!("S{s}")).chain(area.districts.iter().map(|d| format!("D{d}"))).collect()
}

/// The grievances lying at one place (a copy of each), newest first: a posting's list is
/// the merge of its places' partitions.
pub fn place_pk(place: &str) -> String {
    format!("PLACEGRV#{place}")
}

pub fn place_copy(place: &str, filed_at: &str, id: i64) -> Key {
    Key::new(place_pk(place), recency(filed_at, id))
}

/// One district's grievances (a copy of each, the one at its place), newest first, in the
/// first index: a district's list reads its own partition, never the state's.
pub fn district_pk(district_id: i64) -> String {
    format!("DISTRICTGRV#{district_id}")
}

/// The FIR-date index (keys only) of the grievances lying at one place: the main item's entry.
/// A station's FIRs of a period are a range of it, read as keys and counted without reading
/// a grievance.
pub fn fir_place_pk(place: &str) -> String {
    format!("FIRAT#{place}")
}

/// The FIR-date index of one district's grievances: the place copy's entry.
pub fn fir_district_pk(district_id: i64) -> String {
    format!("FIRDISTRICT#{district_id}")
}

/// A grievance's sort key in the FIR-date index: `{fir_date}#{filed_at}#{id}`, so that a key
/// alone orders a range by FIR date or by filing time and names the grievance. `#` sorts
/// before every character of a date, so a key lies in `[from, to]` exactly when its FIR date
/// does ([`fir_range`]).
pub fn fir_sort(g: &cases::Grievance) -> String {
    format!("{}#{}#{:012}", g.fields.fir_date, g.filed_at, g.id)
}

/// What a FIR-date index key holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirEntry {
    pub fir_date: String,
    pub filed_at: String,
    pub id: i64,
}

pub fn fir_entry(sort: &str) -> Option<FirEntry> {
    let mut parts = sort.rsplitn(3, '#');
    let (id, filed_at, fir_date) = (parts.next()?, parts.next()?, parts.next()?);
    Some(FirEntry { fir_date: fir_date.to_string(), filed_at: filed_at.to_string(), id: id.parse().ok()? })
}

/// The sort-key condition of FIR dates from `from` to `to`, both inclusive and either open.
pub fn fir_range(from: Option<&str>, to: Option<&str>) -> store::SortKey {
    // `~` sorts after every character of a filing time and an id.
    match (from, to) {
        (Some(from), Some(to)) => store::SortKey::Between(from.to_string(), format!("{to}#~")),
        (Some(from), None) => store::SortKey::AtLeast(from.to_string()),
        (None, Some(to)) => store::SortKey::AtMost(format!("{to}#~")),
        (None, None) => store::SortKey::Any,
    }
}

/// How many grievances name one district, the part moved by grievance `id`: every filing in
/// the district moves it, so it is sharded as [`stats_all`].
pub fn stats_district(district_id: i64, id: i64) -> Key {
    Key::new("STATS#GRV", format!("DISTRICT#{district_id}#{}", id.rem_euclid(STATE_SHARDS)))
}

/// Every part of one district's count.
pub fn stats_district_parts(district_id: i64) -> Vec<Key> {
    (0..STATE_SHARDS).map(|shard| stats_district(district_id, shard)).collect()
}

pub fn is_stats_district(key: &Key) -> bool {
    key.pk == "STATS#GRV" && key.sk.starts_with("DISTRICT#")
}

/// The counters of the grievances lying at one place.
pub fn stats_place(place: &str) -> Key {
    Key::new("STATS#GRV", format!("PLACE#{place}"))
}

/// A place's view of the audit trail: a pointer per change of each grievance lying there now
/// (as `audit_viewer_pk`), moved with the grievance when it is transferred.
pub fn audit_place_pk(place: &str) -> String {
    format!("AUDITPLACE#{place}")
}

pub fn audit_pk(grievance_id: i64) -> String {
    format!("AUDIT#{grievance_id}")
}

pub const AUDIT_INDEX_PK: &str = "AUDIT";

/// One user's view of the audit trail: an item per change they may read without view_all
/// (sort key `{time}#{grievance}#{change}`), naming that change's records in `audit_pk`.
pub fn audit_viewer_pk(user_id: i64) -> String {
    format!("AUDITSEEN#{user_id}")
}

/// How many items the state's counters are spread over. Every change of every grievance
/// moves the state's figures; kept in one item, concurrent changes would conflict on it
/// (DynamoDB cancels one of two transactions writing an item at once). A change moves the
/// shard of its grievance; readers add the shards up, in one batch read.
pub const STATE_SHARDS: i64 = 32;

/// The state's counters moved by changes of grievance `id`.
pub fn stats_all(id: i64) -> Key {
    Key::new("STATS#GRV", format!("ALL#{}", id.rem_euclid(STATE_SHARDS)))
}

/// Every item holding part of the state's counters: the shards, and the one item an earlier
/// release kept them in (still counted, never written again).
pub fn stats_all_parts() -> Vec<Key> {
    std::iter::once(Key::new("STATS#GRV", "ALL")).chain((0..STATE_SHARDS).map(|shard| stats_all(shard))).collect()
}

/// The count of audit records moved by changes of grievance `id` (sharded as [`stats_all`]).
pub fn audit_total(id: i64) -> Key {
    Key::new("STATS#AUDIT", format!("ALL#{}", id.rem_euclid(STATE_SHARDS)))
}

/// Every item holding part of the count of audit records (see [`stats_all_parts`]).
pub fn audit_total_parts() -> Vec<Key> {
    std::iter::once(Key::new("STATS#AUDIT", "ALL")).chain((0..STATE_SHARDS).map(|shard| audit_total(shard))).collect()
}

pub fn stats_user(user_id: i64) -> Key {
    Key::new("STATS#GRV", format!("USER#{user_id}"))
}

/// Per-station counters, kept for the whole state (`None`) and for each user's own cases.
pub fn stations_pk(user: Option<i64>) -> String {
    match user {
        None => "STATS#STATION#ALL".to_string(),
        Some(id) => format!("STATS#STATION#USER#{id}"),
    }
}

/// A station's counters, by the station item's id (0: none).
pub fn stats_station(user: Option<i64>, station_id: i64) -> Key {
    Key::new(stations_pk(user), format!("{station_id:012}"))
}

/// The stage index: grievances still in `stage`, by police station and priority, oldest start
/// of the stage first, so that the overdue ones of a station are a range to count. Kept for
/// the whole state (`None`) and for each user's own cases.
/// Station and priority are the items' ids (0: none).
pub fn stage_pk(user: Option<i64>, station_id: i64, stage: domain::pendency::Stage, priority_id: i64) -> String {
    match user {
        None => format!("GRVSTAGE#{station_id}#{}#{priority_id}", stage.as_str()),
        Some(id) => format!("MYGRVSTAGE#{id}#{station_id}#{}#{priority_id}", stage.as_str()),
    }
}

/// The overdue counters of one police station's grievances still in `stage` at one priority
/// (ids; 0: none): an attribute per day the stage began ([`overdue_day`]) counting the
/// grievances that entered it that day. Which of them are overdue is a sum over the days
/// before a cutoff, so the figure costs one read whatever the number of grievances. Kept for
/// the whole state (`None`) and for each user's own cases.
pub fn overdue_counter(user: Option<i64>, station_id: i64, stage: domain::pendency::Stage, priority_id: i64) -> Key {
    let scope = user.map_or_else(|| "ALL".to_string(), |u| format!("USER#{u}"));
    Key::new(format!("STATS#OVERDUE#{scope}"), format!("{station_id:012}#{}#{priority_id}", stage.as_str()))
}

/// The partitions of the overdue counters: the state's, and each user's.
pub fn overdue_pk(user: Option<i64>) -> String {
    overdue_counter(user, 0, domain::pendency::Stage::Inward, 0).pk
}

/// The due-day counters: an attribute per day ([`overdue_day`]'s form) counting the
/// grievances whose earliest open statutory clock falls due that day, so that "missed" and
/// "due within N days" cost one read per counter whatever the number of cases. Kept for the
/// state (in shards, as [`stats_all`]), each district (sharded alike), each place and each
/// user's own cases.
pub fn due_counter_all(id: i64) -> Key {
    Key::new("STATS#DUE", format!("ALL#{}", id.rem_euclid(STATE_SHARDS)))
}

pub fn due_counter_all_parts() -> Vec<Key> {
    (0..STATE_SHARDS).map(due_counter_all).collect()
}

pub fn due_counter_district(district_id: i64, id: i64) -> Key {
    Key::new("STATS#DUE", format!("DISTRICT#{district_id}#{}", id.rem_euclid(STATE_SHARDS)))
}

pub fn due_counter_district_parts(district_id: i64) -> Vec<Key> {
    (0..STATE_SHARDS).map(|shard| due_counter_district(district_id, shard)).collect()
}

pub fn due_counter_place(place: &str) -> Key {
    Key::new("STATS#DUE", format!("PLACE#{place}"))
}

pub fn due_counter_user(user_id: i64) -> Key {
    Key::new("STATS#DUE", format!("USER#{user_id}"))
}

/// The attribute of an overdue counter that counts the grievances whose stage began on `day`
/// (YYYY-MM-DD).
pub fn overdue_day(day: &str) -> String {
    format!("d{day}")
}

pub fn stage_sk(since: &str, id: i64) -> String {
    format!("{since}#{id:012}")
}

/// What the partitions of grievances' notes, attachment records and links start with,
/// before the grievance id.
pub const NOTES_PREFIX: &str = "NOTES#";
pub const ATTACHMENTS_PREFIX: &str = "ATTACH#";
pub const LINKS_PREFIX: &str = "LINKS#";

pub fn notes_pk(grievance_id: i64) -> String {
    format!("{NOTES_PREFIX}{grievance_id}")
}

pub fn attachments_pk(grievance_id: i64) -> String {
    format!("{ATTACHMENTS_PREFIX}{grievance_id}")
}

/// A grievance's links to others, one item per linked grievance, kept on both.
pub fn links_pk(grievance_id: i64) -> String {
    format!("{LINKS_PREFIX}{grievance_id}")
}

pub fn link(grievance_id: i64, other: i64) -> Key {
    Key::new(links_pk(grievance_id), format!("{other:012}"))
}

pub fn attachment(grievance_id: i64, id: &str) -> Key {
    Key::new(attachments_pk(grievance_id), id.to_string())
}

/// Deletions whose grievance is gone but whose notes, attachment records, links and audit
/// pointers are not yet, oldest first (`Grievances::finish_deletions` on the item engine).
/// Written once per deletion, so no hot key.
pub const DELETIONS_PK: &str = "DELETING";

/// The trash's partition: each deleted grievance kept whole, under the time of its deletion
/// and its id (`{deleted_at}#{id:012}`), so that the Trash screen reads it latest first and
/// the purge earliest first. Written once per deletion, so no hot key beyond the deletions
/// themselves.
pub const TRASH_PK: &str = "TRASH";

pub fn trash_entry(deleted_at: &str, grievance_id: i64) -> Key {
    Key::new(TRASH_PK, format!("{deleted_at}#{grievance_id:012}"))
}

/// The source record of a grievance imported with an earlier register's identifier
/// (`cases::port::RecordSource`): one item per identifier, so that a second run of a file
/// finds the row filed already. It outlives a deletion of the grievance.
pub fn source(source_id: &str) -> Key {
    Key::new(format!("SOURCE#{source_id}"), "SOURCE")
}

/// Where a grievance's trash entry is: its key's sort key, found by the grievance's id.
pub fn trash_pointer(grievance_id: i64) -> Key {
    Key::new(format!("TRASHED#{grievance_id}"), "TRASHED")
}

/// The entry of a deletion left to finish, made now.
pub fn deletion(grievance_id: i64) -> Key {
    Key::new(DELETIONS_PK, format!("{}#{grievance_id:012}", domain::clock::now_precise_text()))
}

/// Numbers audit records of things done to a grievance that do not change it (notes,
/// attachments) and of things done to none (exports).
pub fn event_sequence() -> Key {
    Key::new("SEQ", "audit-event")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Grievances filed one after another (consecutive ids) go to every shard in turn, so
    /// that filings at once write different index partitions.
    #[test]
    fn consecutive_grievances_spread_over_every_shard() {
        let shards: std::collections::BTreeMap<String, usize> = (1..=9).map(all_index_pk).fold(Default::default(), |mut n, pk| {
            *n.entry(pk).or_default() += 1;
            n
        });
        assert_eq!(shards.keys().cloned().collect::<Vec<_>>(), all_index_pks());
        assert!(shards.values().all(|n| *n == 3), "{shards:?}");
        let pending: std::collections::BTreeSet<String> = (1..=3).map(|id| status_index_pk(7, id)).collect();
        assert_eq!(pending, status_index_pks(7).into_iter().collect(), "one status's shards");
        assert!(status_index_pks(7).iter().all(|pk| !status_index_pks(8).contains(pk)), "another status's apart");
    }
}
