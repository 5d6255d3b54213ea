//! The relational grievance engine against a naive evaluation in Rust of the same fixture:
//! rows, order and exact counts for every combination of filters, every sort both ways,
//! every page walked through its cursor; on a real SQLite file in a temporary directory.

mod schema_21;

use domain::grievance::{Day, FirNumber, GrievanceFields, OfficerEntry};
use domain::pendency::Stage;
use rusqlite::Connection;
use std::collections::{BTreeMap, BTreeSet};
use store::sql::count_memo::{CountMemo, SLICE_BITS};
use store::sql::grievances::{self as g, Cursor, Direction, GrievanceQuery, GrievanceRow, Overdue, PendencyTable, Plan, Scope, Sort, NO_RANK};
use store::sql::{self, ListItem, ListKind, SqlError, StatusMeaning};
use time::macros::date;
use time::Date;

const TODAY: Date = date!(2026 - 11 - 20);
const DISTRICTS: [i64; 4] = [1, 2, 3, 4];
const STATIONS: [i64; 5] = [11, 12, 13, 14, 15];
/// (id, rank): ranks deliberately not in id order.
const STATUSES: [(i64, i64); 4] = [(21, 2), (22, 1), (23, 4), (24, 3)];
const PRIORITIES: [(i64, i64); 4] = [(31, 3), (32, 1), (33, 4), (34, 2)];
const USERS: i64 = 40;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
    /// `None` one time in `one_in`.
    fn maybe<T: Copy>(&mut self, items: &[T], one_in: u64) -> Option<T> {
        (self.below(one_in) != 0).then(|| self.pick(items))
    }
}

fn day(d: Date) -> Day {
    Day::of(d)
}

const TEXTS: [&str; 10] = [
    "Motorcycle stolen from the market parking in the evening.",
    "His MOTORCYCLE and helmet were taken near the bus stand.",
    "शिकायतकर्ता की मोटरसाइकिल बस स्टैंड से चोरी हो गई।",
    "घर का ताला तोड़कर नकदी और गहने चोरी कर लिए गए।",
    "Online fraud: 100% refund_claim promised by a caller posing as the bank.",
    "Land boundary dispute between neighbours escalated to assault.",
    "Missing person: the son did not return from college since Monday.",
    "Mobile phone snatched near the railway station by two persons on a scooter.",
    "Complaint of delay in the investigation of an earlier FIR; seeks transfer.",
    "dXc and other unusual words appear in this brief about a cheque.",
];
const TITLES: [&str; 5] = ["Theft", "Burglary", "Cheating and Fraud", "Assault", "मोटर वाहन चोरी"];
/// "Section & Act" as staff typed it: old and new codes, two chapters, procedure only, none.
const SECTION_TEXTS: [&str; 6] = ["379 IPC", "u/s 64 BNS", "4/6 POCSO", "303(2), 115(2) BNS", "173 BNSS", ""];

fn list_items(conn: &mut Connection) {
    let tx = conn.transaction().unwrap();
    for (i, id) in DISTRICTS.iter().enumerate() {
        sql::put_list_item(&tx, &ListItem { id: *id, kind: ListKind::Districts, name: format!("District {i}"), meaning: None, rank: i as i64 }).unwrap();
    }
    for (i, id) in STATIONS.iter().enumerate() {
        sql::put_list_item(&tx, &ListItem { id: *id, kind: ListKind::PoliceStations, name: format!("थाना {i}"), meaning: None, rank: i as i64 }).unwrap();
    }
    let meanings = [StatusMeaning::Open, StatusMeaning::InProgress, StatusMeaning::Resolved, StatusMeaning::Closed];
    for ((id, rank), meaning) in STATUSES.iter().zip(meanings) {
        sql::put_list_item(&tx, &ListItem { id: *id, kind: ListKind::Statuses, name: format!("Status {id}"), meaning: Some(meaning), rank: *rank }).unwrap();
    }
    for (id, rank) in PRIORITIES {
        sql::put_list_item(&tx, &ListItem { id, kind: ListKind::Priorities, name: format!("Priority {id}"), meaning: None, rank }).unwrap();
    }
    tx.commit().unwrap();
}

fn fields(rng: &mut Rng, id: i64, fir: Date) -> GrievanceFields {
    let officers = (0..rng.below(3))
        .map(|k| OfficerEntry { officer_name: format!("SI {k}"), from_date: Some(day(fir)), to_date: None, findings: "Seen.".into() })
        .collect::<Vec<_>>();
    GrievanceFields {
        type_of_call: (rng.below(2) == 0).then(|| "Phone".to_string()),
        fir_no: FirNumber::parse(&format!("{}/{}/{:04}", ["KOT", "CVL", "RLY"][rng.below(3) as usize], fir.year(), id % 500)).unwrap(),
        fir_date: day(fir),
        section_and_act: SECTION_TEXTS[id as usize % SECTION_TEXTS.len()].into(),
        crime_title: TITLES[rng.below(TITLES.len() as u64) as usize].into(),
        put_in_court: rng.below(10) == 0,
        current_investigation_officer: officers.last().map(|o| o.officer_name.clone()),
        investigation_officers: officers,
        brief_details: format!("{} Ref {id}.", TEXTS[rng.below(TEXTS.len() as u64) as usize]),
        date_of_inward: Some(day(fir)),
        ..GrievanceFields::default()
    }
}

fn generate(rng: &mut Rng, id: i64) -> GrievanceRow {
    // FIR dates over three years; filing times in groups of three sharing a second, so
    // that ties on the sort key are broken by id.
    let fir = TODAY - time::Duration::days(rng.below(3 * 365) as i64);
    let filed = (TODAY - time::Duration::days(1000)) + time::Duration::days(id / 3);
    let filed_at = format!("{}T10:00:00Z", day(filed));
    let stage = [Stage::Inward, Stage::Scrutiny, Stage::WithIo, Stage::InCourt, Stage::Decided][rng.below(5) as usize];
    let since = TODAY - time::Duration::days(rng.below(400) as i64);
    let filed_by = 1 + rng.below(USERS as u64) as i64;
    let assigned_to = (rng.below(3) != 0).then(|| 1 + rng.below(USERS as u64) as i64);
    GrievanceRow {
        id,
        grievance_number: format!("GRV-{}-{id:05}", filed.year()),
        fields: fields(rng, id, fir),
        district_id: rng.maybe(&DISTRICTS, 20),
        police_station_id: rng.maybe(&STATIONS, 20),
        status_id: rng.maybe(&STATUSES, 25).map(|s| s.0),
        priority_id: rng.maybe(&PRIORITIES, 25).map(|p| p.0),
        filed_by,
        filed_by_name: format!("User {filed_by}"),
        assigned_to,
        assigned_to_name: assigned_to.map(|a| format!("User {a}")),
        filed_at: filed_at.clone(),
        updated_at: filed_at.clone(),
        resolved_at: None,
        stage,
        stage_since: day(since).to_string(),
        version: 1,
        // From its id alone, as below: half in progress, a sixth naming a reason.
        status_meaning: if id % 2 == 0 { StatusMeaning::InProgress } else { StatusMeaning::Open },
        resolution_days: None,
        other_refs: if id % 6 == 2 { BTreeMap::from([("reasons".to_string(), 90 + id % 3)]) } else { BTreeMap::new() },
        // A quarter wait for a closure approval, so the queue filter meets every other.
        closure: (id % 4 == 1).then(|| domain::grievance::ClosureRequest {
            status_id: STATUSES[2].0,
            status: "Resolved".into(),
            final_decision: Some(format!("Decided {id}")),
            notes: None,
            requested_by: filed_by,
            requested_by_name: format!("User {filed_by}"),
            requested_at: filed_at.clone(),
        }),
        // A fifth escalated to the district.
        escalation: (id % 5 == 3).then(|| domain::escalation::Escalation {
            level: domain::escalation::EscalationLevel::District,
            to: domain::jurisdiction::Posting::District(DISTRICTS[0]),
            escalated_at: filed_at.clone(),
            days_overdue: id % 30,
            missed_clock: None,
        }),
        clock_events: Vec::new(),
        next_due: None,
        clock_runs: runs_of(id, fir),
        people_text: people_of(id),
    }
}

/// What a search may find of a row's people, from its id alone: none for two in three; a
/// complainant's name and mobile for the others, a few sharing a name.
fn people_of(id: i64) -> Option<String> {
    (id % 3 == 0).then(|| format!("complainant {}\u{1f}98{:08}", id % 40, id))
}

/// The runs of a row's clocks, from its id alone (so the other columns' draws stay as they
/// were): none for a fifth; the progress duty met on time, late or not at all, twice on time
/// for a seventh (two runs of one key); an investigation duty open for a quarter.
fn runs_of(id: i64, fir: time::Date) -> Option<String> {
    use domain::law::KeptRun;
    if id % 5 == 0 {
        return None;
    }
    let on = |days: i64| Day::of(fir + time::Duration::days(days));
    let met = [Some(on(80)), Some(on(100)), None][id as usize % 3].clone();
    let mut runs = vec![KeptRun("bnss-193-3-ii".into(), on(90), met)];
    if id % 7 == 0 {
        runs.push(KeptRun("bnss-193-3-ii".into(), on(180), Some(on(170))));
    }
    if id % 4 == 0 {
        runs.push(KeptRun("bnss-193-2".into(), on(60), None));
    }
    Some(serde_json::to_string(&runs).unwrap())
}

struct Fixture {
    _dir: tempfile::TempDir,
    conn: Connection,
    rows: Vec<GrievanceRow>,
}

impl Fixture {
    /// Changes row `index` by `change` as an edit does (its version moves on), in the file and
    /// in the naive copy alike.
    fn edit(&mut self, index: usize, change: &dyn Fn(&mut GrievanceRow)) {
        let mut row = self.rows[index].clone();
        let before = row.version;
        change(&mut row);
        row.version += 1;
        let tx = self.conn.transaction().unwrap();
        g::update(&tx, &row, before).unwrap();
        tx.commit().unwrap();
        self.rows[index] = row;
    }
}

fn fixture(count: i64) -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let mut conn = sql::open(dir.path().join("portal.db")).unwrap();
    list_items(&mut conn);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let rows: Vec<GrievanceRow> = (1..=count).map(|id| generate(&mut rng, id)).collect();
    let tx = conn.transaction().unwrap();
    for row in &rows {
        g::insert(&tx, row).unwrap();
    }
    tx.commit().unwrap();
    conn.execute_batch("ANALYZE").unwrap();
    Fixture { _dir: dir, conn, rows }
}

fn limits() -> PendencyTable {
    let mut table = BTreeMap::new();
    // Priority 33 has no limits at all, so it is never overdue.
    for (p, days) in [(31, [5u32, 10, 40, 200]), (32, [2, 7, 30, 120]), (34, [20, 45, 90, 300])] {
        for (stage, d) in [Stage::Inward, Stage::Scrutiny, Stage::WithIo, Stage::InCourt].into_iter().zip(days) {
            table.insert((p, stage), d);
        }
    }
    table.remove(&(34, Stage::Scrutiny));
    PendencyTable(table)
}

fn ascii_contains(haystack: &str, needle: &str) -> bool {
    haystack.to_ascii_lowercase().contains(&needle.trim().to_ascii_lowercase())
}

fn rank_of(table: &[(i64, i64)], id: Option<i64>) -> i64 {
    id.and_then(|id| table.iter().find(|(i, _)| *i == id).map(|(_, r)| *r)).unwrap_or(NO_RANK)
}

/// The query answered by reading every row: the specification of `g::list`.
fn naive(rows: &[GrievanceRow], q: &GrievanceQuery) -> Vec<i64> {
    let overdue = |r: &GrievanceRow, o: &Overdue| {
        let Some(p) = r.priority_id else { return false };
        let Some(limit) = o.limits.0.get(&(p, r.stage)).filter(|_| r.stage != Stage::Decided) else { return false };
        let since = time::Date::parse(&r.stage_since, time::macros::format_description!("[year]-[month]-[day]")).unwrap();
        (o.today - since).whole_days() > *limit as i64
    };
    let mut hits: Vec<&GrievanceRow> = rows
        .iter()
        .filter(|r| {
            let f = &r.fields;
            q.search.as_ref().is_none_or(|s| {
                ascii_contains(&r.grievance_number, s)
                    || ascii_contains(&f.fir_no, s)
                    || ascii_contains(&f.crime_title, s)
                    || ascii_contains(&f.brief_details, s)
                    || r.people_text.as_deref().is_some_and(|p| ascii_contains(p, s))
            }) && q.fir_no.as_ref().is_none_or(|s| ascii_contains(&f.fir_no, s))
                && q.district_id.is_none_or(|d| r.district_id == Some(d))
                && q.police_station_id.is_none_or(|s| r.police_station_id == Some(s))
                && q.status_id.is_none_or(|s| r.status_id == Some(s))
                && q.priority_id.is_none_or(|p| r.priority_id == Some(p))
                && q.fir_date_from.as_ref().is_none_or(|d| f.fir_date.as_str() >= d.as_str())
                && q.fir_date_to.as_ref().is_none_or(|d| f.fir_date.as_str() <= d.as_str())
                && q.overdue.as_ref().is_none_or(|o| overdue(r, o))
                && q.due.as_ref().is_none_or(|(from, to)| r.next_due.as_ref().is_some_and(|d| from.as_ref().is_none_or(|f| d >= f) && d <= to))
                && (!q.closure_pending || r.closure.is_some())
                && q.section.as_ref().is_none_or(|(act, section)| {
                    let want = section.as_deref().map(|w| domain::law::SectionNo::parse(w).unwrap());
                    domain::law::citation::kept_or_read(&f.sections, &f.section_and_act)
                        .iter()
                        .any(|s| s.act.as_str() == act && want.as_ref().is_none_or(|w| s.section.within(w)))
                })
                && match &q.scope {
                    Scope::State => true,
                    Scope::Own(u) => r.filed_by == *u || r.assigned_to == Some(*u),
                    Scope::Area { stations, districts } => match r.police_station_id {
                        Some(s) => stations.contains(&s),
                        None => r.district_id.is_some_and(|d| districts.contains(&d)),
                    },
                }
        })
        .collect();
    hits.sort_by(|a, b| {
        let key = |r: &GrievanceRow| match q.sort {
            Sort::FiledAt => (r.filed_at.clone(), 0),
            Sort::FirDate => (r.fields.fir_date.to_string(), 0),
            Sort::Priority => (String::new(), rank_of(&PRIORITIES, r.priority_id)),
            Sort::Status => (String::new(), rank_of(&STATUSES, r.status_id)),
            Sort::Due => (r.next_due.clone().unwrap_or_default(), 0),
        };
        (key(a), a.id).cmp(&(key(b), b.id))
    });
    if q.direction == Direction::Desc {
        hits.reverse();
    }
    hits.into_iter().map(|r| r.id).collect()
}

/// Every page of `q` through its cursor: the ids in order, each page's `matched`.
fn walk(conn: &Connection, q: &GrievanceQuery) -> (Vec<i64>, BTreeSet<u64>, usize) {
    let mut q = q.clone();
    let mut ids = Vec::new();
    let mut counts = BTreeSet::new();
    let mut pages = 0;
    loop {
        let page = g::list(conn, &q).unwrap();
        pages += 1;
        counts.insert(page.matched);
        assert!(page.rows.len() <= q.limit);
        if page.next.is_some() {
            assert_eq!(page.rows.len(), q.limit, "a page before the last is full");
        }
        ids.extend(page.rows.iter().map(|r| r.id));
        match page.next {
            Some(next) => q.after = Some(next),
            None => return (ids, counts, pages),
        }
        assert!(pages < 10_000, "paging does not end");
    }
}

/// Every page of `q` found as `plan` says, through its cursor: the ids in order.
fn walk_planned(conn: &Connection, q: &GrievanceQuery, plan: Plan) -> Vec<i64> {
    let mut q = q.clone();
    let mut ids = Vec::new();
    loop {
        let (rows, next) = g::page_with(conn, &q, plan).unwrap();
        if next.is_some() {
            assert_eq!(rows.len(), q.limit, "a page before the last is full");
        }
        ids.extend(rows.iter().map(|r| r.id));
        match next {
            Some(next) => q.after = Some(next),
            None => return ids,
        }
        assert!(ids.len() <= 10_000, "paging does not end");
    }
}

const FILTERS: usize = 9;

fn query_for(mask: usize, sort: Sort, direction: Direction) -> GrievanceQuery {
    let on = |bit: usize| mask & (1 << bit) != 0;
    GrievanceQuery {
        search: on(0).then(|| "motor".to_string()),
        fir_no: on(1).then(|| "2025/0".to_string()),
        district_id: on(2).then_some(2),
        police_station_id: on(3).then_some(13),
        status_id: on(4).then_some(22),
        priority_id: on(5).then_some(32),
        // Partial months at both ends, so counts use the month figures and the edges.
        fir_date_from: on(6).then(|| "2024-03-15".to_string()),
        fir_date_to: on(6).then(|| "2025-09-10".to_string()),
        overdue: on(7).then(|| Overdue { today: TODAY, limits: limits() }),
        due: None,
        closure_pending: false,
        appeal_pending: false,
        escalated_to: None,
        section: None,
        assigned_to: None,
        crime_title: None,
        filed_from: None,
        filed_until: None,
        ids: None,
        scope: if on(8) { Scope::Own(7) } else { Scope::State },
        sort,
        direction,
        after: None,
        // Small pages for some combinations (many cursors), large ones for the rest (time).
        limit: [13, 60, 150][mask % 3],
        filed_between: None,
    }
}

/// Every combination of up to three filters in every order; each larger combination in two
/// of the eight orders, taken in turn, so every order still meets about a hundred of them
/// (the whole product took a minute and a half of `make test`'s one-core lanes).
#[test]
fn every_filter_combination_sort_and_direction_agrees_with_a_naive_reading() {
    let f = fixture(3000);
    let mut nonempty = 0;
    let mut checked = 0;
    let orders: Vec<(Sort, Direction)> = [Sort::FiledAt, Sort::FirDate, Sort::Priority, Sort::Status]
        .into_iter()
        .flat_map(|sort| [Direction::Asc, Direction::Desc].map(|direction| (sort, direction)))
        .collect();
    for mask in 0..(1usize << FILTERS) {
        let every_order = mask.count_ones() <= 3;
        for (at, &(sort, direction)) in orders.iter().enumerate() {
            if !every_order && at != mask % 8 && at != (mask + 3) % 8 {
                continue;
            }
            let q = query_for(mask, sort, direction);
            let expected = naive(&f.rows, &q);
            let (ids, counts, _) = walk(&f.conn, &q);
            assert_eq!(ids, expected, "rows and order, filters {mask:09b}, {sort:?} {direction:?}");
            assert_eq!(counts, BTreeSet::from([expected.len() as u64]), "matched on every page, filters {mask:09b}, {sort:?} {direction:?}");
            assert_eq!(g::count_matches(&f.conn, &q).unwrap(), expected.len() as u64);
            // A walk down the sort order differs from SQLite's own plan only for a text
            // or the overdue test; it must find the same rows in the same order.
            if mask & 0b1000_0011 != 0 {
                assert_eq!(walk_planned(&f.conn, &q, Plan::Walk), expected, "walked, filters {mask:09b}, {sort:?} {direction:?}");
            }
            nonempty += usize::from(!expected.is_empty());
            checked += 1;
        }
    }
    // 130 combinations of up to three filters in all 8 orders, 382 larger ones in 2.
    assert_eq!(checked, 130 * 8 + 382 * 2);
    // The matrix means something only if most combinations find rows.
    assert!(nonempty > checked / 3, "{nonempty} of {checked} combinations match rows");
}

/// The "Closure requests" queue with every other filter combination: the same rows, order and
/// count as a naive reading, and the queue follows requests made and settled.
#[test]
fn the_closure_queue_combines_with_every_filter_and_follows_changes() {
    let mut f = fixture(3000);
    let check = |f: &Fixture, when: &str| {
        let mut nonempty = 0;
        for mask in 0..(1usize << FILTERS) {
            let q = GrievanceQuery { closure_pending: true, ..query_for(mask, Sort::FiledAt, Direction::Desc) };
            let expected = naive(&f.rows, &q);
            let (ids, counts, _) = walk(&f.conn, &q);
            assert_eq!(ids, expected, "{when}: rows and order, filters {mask:09b}");
            assert_eq!(counts, BTreeSet::from([expected.len() as u64]), "{when}: matched, filters {mask:09b}");
            assert_eq!(g::count_matches(&f.conn, &q).unwrap(), expected.len() as u64, "{when}: count, filters {mask:09b}");
            nonempty += usize::from(!expected.is_empty());
        }
        assert!(nonempty > 100, "{when}: {nonempty} combinations match rows");
    };
    check(&f, "as loaded");
    // Settle some requests and ask for others.
    let tx = f.conn.transaction().unwrap();
    for row in f.rows.iter_mut().filter(|r| r.id % 5 == 0) {
        let pending = row.closure.take();
        if pending.is_none() {
            row.closure = Some(domain::grievance::ClosureRequest {
                status_id: STATUSES[3].0,
                status: "Closed".into(),
                final_decision: None,
                notes: Some("asked later".into()),
                requested_by: 3,
                requested_by_name: "User 3".into(),
                requested_at: row.filed_at.clone(),
            });
        }
        row.version += 1;
        g::update(&tx, row, row.version - 1).unwrap();
    }
    tx.commit().unwrap();
    for row in f.rows.iter().filter(|r| r.id % 5 == 0).take(20) {
        assert_eq!(g::get(&f.conn, row.id).unwrap().unwrap().closure, row.closure, "the request is kept with the row");
    }
    check(&f, "after changes");
}

#[test]
fn date_ranges_count_from_the_figures_exactly_at_month_edges() {
    let f = fixture(3000);
    let ranges: [(Option<&str>, Option<&str>); 10] = [
        (Some("2025-01-01"), Some("2025-12-31")),
        (Some("2024-02-01"), Some("2024-02-29")),
        (Some("2024-02-15"), Some("2024-02-20")),
        (Some("2024-02-15"), Some("2024-03-20")),
        (Some("2024-01-31"), Some("2024-03-01")),
        (None, Some("2024-06-15")),
        (Some("2025-06-02"), None),
        (Some("2025-06-01"), Some("2025-05-31")),
        (Some("2023-12-31"), Some("2024-01-01")),
        (Some("2020-01-01"), Some("2030-12-31")),
    ];
    for (from, to) in ranges {
        for mask in 0..16usize {
            let on = |bit: usize| mask & (1 << bit) != 0;
            let q = GrievanceQuery {
                district_id: on(0).then_some(3),
                police_station_id: on(1).then_some(11),
                status_id: on(2).then_some(21),
                priority_id: on(3).then_some(34),
                fir_date_from: from.map(str::to_string),
                fir_date_to: to.map(str::to_string),
                ..GrievanceQuery::new(Scope::State)
            };
            assert_eq!(g::count_matches(&f.conn, &q).unwrap(), naive(&f.rows, &q).len() as u64, "{from:?}..{to:?} filters {mask:04b}");
        }
    }
    let bad = GrievanceQuery { fir_date_from: Some("2024-13-01".into()), ..GrievanceQuery::new(Scope::State) };
    assert!(matches!(g::list(&f.conn, &bad), Err(SqlError::InvalidDate(_))));
}

#[test]
fn page_twenty_is_the_same_rows_as_a_naive_slice_and_as_cheap_to_find() {
    let f = fixture(3000);
    for sort in [Sort::FiledAt, Sort::FirDate, Sort::Priority, Sort::Status] {
        let mut q = GrievanceQuery { sort, limit: 10, ..GrievanceQuery::new(Scope::State) };
        let expected = naive(&f.rows, &q);
        for _ in 0..19 {
            q.after = g::list(&f.conn, &q).unwrap().next;
        }
        let page = g::list(&f.conn, &q).unwrap();
        assert_eq!(page.rows.iter().map(|r| r.id).collect::<Vec<_>>(), expected[190..200].to_vec(), "{sort:?}");
        assert_eq!(page.matched, 3000);
        // The page's statement seeks to the cursor over an index: no sort, no scan of the table.
        let plan = g::explain(&f.conn, &q).unwrap();
        assert!(!plan.contains("TEMP B-TREE FOR ORDER BY") || plan.contains("SCAN p"), "{sort:?}: {plan}");
    }
}

/// A posting's area with nothing filtering it, in filing order either way: each station's
/// part read from its own index and merged, and the districts' cases without a station among
/// them, page by page as the naive reading has them; no page gathers the area and sorts it.
#[test]
fn an_areas_list_merges_its_stations_parts_in_filing_order() {
    let mut f = fixture(900);
    for i in (0..f.rows.len()).step_by(37) {
        f.edit(i, &|r| {
            r.police_station_id = None;
            r.district_id = Some(DISTRICTS[1]);
        });
    }
    let area = Scope::Area { stations: vec![STATIONS[0], STATIONS[2], STATIONS[4]], districts: vec![DISTRICTS[1]] };
    for direction in [Direction::Desc, Direction::Asc] {
        let q = GrievanceQuery { direction, limit: 13, ..GrievanceQuery::new(area.clone()) };
        let want = naive(&f.rows, &q);
        let unplaced = want.iter().filter(|id| f.rows.iter().any(|r| r.id == **id && r.police_station_id.is_none())).count();
        assert!(want.len() > 300 && unplaced > 5, "the area holds {} cases, {unplaced} without a station", want.len());
        let (ids, counts, _) = walk(&f.conn, &q);
        assert_eq!(ids, want, "{direction:?}");
        assert_eq!(counts.into_iter().collect::<Vec<_>>(), vec![want.len() as u64], "{direction:?}: every page counts the area");
        let mut second = q.clone();
        second.after = g::list(&f.conn, &q).unwrap().next;
        for page in [&q, &second] {
            let plan = g::explain(&f.conn, page).unwrap();
            assert!(plan.contains("g_station_filed") && plan.contains("MERGE") && !plan.contains("TEMP B-TREE"), "{direction:?}: {plan}");
        }
    }
    // A status, a priority, a station: each part its own range or walk, merged the same.
    for (status_id, priority_id, police_station_id) in [(f.rows[0].status_id, None, None), (None, f.rows[1].priority_id, None), (f.rows[2].status_id, f.rows[2].priority_id, Some(STATIONS[2]))] {
        let q = GrievanceQuery { status_id, priority_id, police_station_id, limit: 13, ..GrievanceQuery::new(area.clone()) };
        assert_eq!(walk(&f.conn, &q).0, naive(&f.rows, &q), "{status_id:?} {priority_id:?} {police_station_id:?}");
        assert!(g::explain(&f.conn, &q).unwrap().contains("MERGE"), "{status_id:?} {priority_id:?}");
    }
    // Any other filter reads the area as one statement, as before.
    let q = GrievanceQuery { fir_date_from: Some("2024-01-01".into()), limit: 13, ..GrievanceQuery::new(area.clone()) };
    assert_eq!(walk(&f.conn, &q).0, naive(&f.rows, &q));
    assert!(!g::explain(&f.conn, &q).unwrap().contains("MERGE"));
    // A text one case in five holds is walked: the same merge, each row tested, either way
    // and with a status too; its count comes by slices, as the state's does.
    let memo = CountMemo::default();
    for direction in [Direction::Desc, Direction::Asc] {
        for status_id in [None, f.rows[0].status_id] {
            let q = GrievanceQuery { search: Some("motorcycle".into()), status_id, direction, limit: 13, ..GrievanceQuery::new(area.clone()) };
            let want = naive(&f.rows, &q);
            assert!(want.len() > 26, "{} matches", want.len());
            assert_eq!(memo.count(&f.conn, &q).unwrap(), want.len() as u64);
            if status_id.is_none() {
                assert_eq!(memo.plan(&f.conn, &q).unwrap(), Plan::Walk, "{direction:?}");
            }
            assert_eq!(walk_planned(&f.conn, &q, Plan::Walk), want, "{direction:?} {status_id:?}");
            assert_eq!(walk_planned(&f.conn, &q, Plan::Indexes), want, "{direction:?} {status_id:?}");
            let plan = g::explain_planned(&f.conn, &q, Plan::Walk).unwrap();
            // Each part walked in its index's order, none read whole and sorted.
            assert!(plan.contains("MERGE") && !plan.contains("grievance_text") && !plan.contains("TEMP B-TREE"), "{plan}");
        }
    }
    assert!(memo.slices_counted().0 > 0, "the area's text was counted by slices");
    // A text one case in ten holds: walked for a page of one (about 20 rows read, against
    // the index's 90 of the state), found through the index for a page of 50 (the walk
    // would read 500); one case's reference number is found by the index.
    let few = GrievanceQuery { search: Some("refund_claim".into()), limit: 1, ..GrievanceQuery::new(area.clone()) };
    let (in_area, in_state) = (naive(&f.rows, &few).len(), naive(&f.rows, &GrievanceQuery { scope: Scope::State, ..few.clone() }).len());
    assert!((40..100).contains(&in_area) && (60..130).contains(&in_state), "{in_area} in the area, {in_state} in the state");
    assert_eq!(memo.plan(&f.conn, &few).unwrap(), Plan::Walk);
    assert_eq!(memo.plan(&f.conn, &GrievanceQuery { limit: 50, ..few.clone() }).unwrap(), Plan::Indexes);
    assert_eq!(walk_planned(&f.conn, &few, Plan::Walk), naive(&f.rows, &few));
    let one = f.rows.iter().find(|r| naive(std::slice::from_ref(r), &GrievanceQuery::new(area.clone())).len() == 1).unwrap();
    let rare = GrievanceQuery { search: Some(format!("Ref {}.", one.id)), limit: 13, ..GrievanceQuery::new(area.clone()) };
    assert_eq!(memo.plan(&f.conn, &rare).unwrap(), Plan::Indexes);
    assert_eq!(walk_planned(&f.conn, &rare, Plan::Indexes), vec![one.id]);
}

/// An area whose rows are fewer than the state's matches of a text counts them by testing
/// its own rows, kept per slice all the same and exact through edits; an area holding most
/// of the state counts them through the text index.
#[test]
fn an_area_smaller_than_a_texts_matches_counts_them_down_its_own_rows() {
    let mut f = fixture(2000);
    let memo = CountMemo::default();
    let text = |scope: Scope| GrievanceQuery { search: Some("motor".into()), ..GrievanceQuery::new(scope) };
    // The cases without a station of one district: a few dozen, against hundreds of matches.
    let small = text(Scope::Area { stations: vec![], districts: vec![DISTRICTS[0]] });
    let (in_area, in_state) = (naive(&f.rows, &GrievanceQuery::new(small.scope.clone())).len(), naive(&f.rows, &text(Scope::State)).len());
    assert!(in_area * 3 < in_state, "{in_area} rows in the area, {in_state} matches in the state");
    let want = naive(&f.rows, &small);
    assert!(!want.is_empty());
    assert_eq!(memo.count(&f.conn, &small).unwrap(), want.len() as u64);
    assert_eq!(memo.slices_walked(), 1, "the area's one slice was counted down its rows");
    assert_eq!(memo.count(&f.conn, &small).unwrap(), want.len() as u64, "asked again");
    assert_eq!(memo.slices_walked(), 1, "asked again: nothing recounted");
    // A match edited away and another moved into the area: counted again, exactly.
    let gone = f.rows.iter().position(|r| r.id == want[0]).unwrap();
    f.edit(gone, &|r| r.fields.brief_details = "A bicycle stolen.".into());
    let moved = f.rows.iter().position(|r| r.police_station_id.is_some() && naive(std::slice::from_ref(r), &text(Scope::State)).len() == 1).unwrap();
    f.edit(moved, &|r| {
        r.police_station_id = None;
        r.district_id = Some(DISTRICTS[0]);
    });
    let want = naive(&f.rows, &small);
    assert_eq!(memo.count(&f.conn, &small).unwrap(), want.len() as u64, "after the edits");
    assert_eq!(memo.slices_walked(), 2);
    assert_eq!(walk_planned(&f.conn, &GrievanceQuery { limit: 7, ..small.clone() }, Plan::Walk), want);
    // Every station and district: as many rows as the state, counted through the index.
    let large = text(Scope::Area { stations: STATIONS.to_vec(), districts: DISTRICTS.to_vec() });
    assert_eq!(memo.count(&f.conn, &large).unwrap(), naive(&f.rows, &large).len() as u64);
    assert_eq!(memo.slices_walked(), 2, "the large area's slices went through the index");
}

/// One's own free text is counted and walked down one's own cases, unless the state holds the
/// text less often than the walk would read rows (one case's reference number).
#[test]
fn ones_own_text_is_walked_down_ones_cases() {
    let f = fixture(900);
    let memo = CountMemo::default();
    for user in [1, 3] {
        let q = GrievanceQuery { search: Some("motorcycle".into()), limit: 3, ..GrievanceQuery::new(Scope::Own(user)) };
        let want = naive(&f.rows, &q);
        assert!(want.len() > 3, "user {user}: {} matches", want.len());
        assert_eq!(g::count_matches(&f.conn, &q).unwrap(), want.len() as u64, "user {user}");
        assert_eq!(memo.plan(&f.conn, &q).unwrap(), Plan::Walk, "user {user}");
        assert_eq!(walk_planned(&f.conn, &q, Plan::Walk), want, "user {user}");
        let one = want[want.len() / 2];
        let rare = GrievanceQuery { search: Some(format!("Ref {one}.")), ..q.clone() };
        assert_eq!(g::count_matches(&f.conn, &rare).unwrap(), 1, "user {user}");
        assert_eq!(memo.plan(&f.conn, &rare).unwrap(), Plan::Indexes, "user {user}");
        assert_eq!(walk_planned(&f.conn, &rare, Plan::Indexes), vec![one], "user {user}");
    }
}

/// One's own cases with a filter no index narrows to a few (a priority, a status, a district,
/// a due range) are read down one's own viewer rows, both for the page and for the count,
/// however many of the state's cases the filter holds; a rare text still starts from its
/// matches.
#[test]
fn ones_own_cases_are_filtered_down_ones_own_rows() {
    let mut f = fixture(900);
    let own = GrievanceQuery::new(Scope::Own(3));
    // A clock running on some of the user's cases.
    let theirs: Vec<usize> = (0..f.rows.len()).filter(|&i| f.rows[i].filed_by == 3 || f.rows[i].assigned_to == Some(3)).collect();
    for &i in theirs.iter().step_by(3) {
        f.edit(i, &|r| r.next_due = Some(day(TODAY + time::Duration::days(9)).to_string()));
    }
    let due = GrievanceQuery { due: Some((None, "2099-12-31".into())), ..own.clone() };
    let open = naive(&f.rows, &due);
    let open_priority = f.rows.iter().filter(|r| open.contains(&r.id)).find_map(|r| r.priority_id);
    assert!(open_priority.is_some(), "the user has an open clock on a case with a priority");
    let filtered = [
        ("priority", GrievanceQuery { priority_id: Some(PRIORITIES[0].0), ..own.clone() }),
        ("status", GrievanceQuery { status_id: Some(STATUSES[1].0), ..own.clone() }),
        ("district", GrievanceQuery { district_id: Some(DISTRICTS[2]), ..own.clone() }),
        ("priority, newest FIR first", GrievanceQuery { priority_id: Some(PRIORITIES[1].0), sort: Sort::FirDate, ..own.clone() }),
        ("priority and due range", GrievanceQuery { priority_id: open_priority, ..due.clone() }),
    ];
    for (name, q) in &filtered {
        let want = naive(&f.rows, q);
        assert!(!want.is_empty(), "{name}: the user has such cases");
        let (found, counts, _) = walk(&f.conn, q);
        assert_eq!(found, want, "{name}");
        assert_eq!(counts, BTreeSet::from([want.len() as u64]), "{name}: the count");
        for (what, plan) in [("page", g::explain(&f.conn, q).unwrap()), ("count", g::explain_count(&f.conn, q).unwrap())] {
            let first = plan.split("; ").find(|step| step.starts_with("SEARCH") || step.starts_with("SCAN")).unwrap_or_default();
            assert!(first.starts_with("SEARCH v "), "{name}, {what}: the viewer rows drive the reading, not {first:?} ({plan})");
        }
    }
    let one = naive(&f.rows, &own)[5];
    let rare = GrievanceQuery { search: Some(format!("Ref {one}.")), ..own.clone() };
    assert_eq!(walk_planned(&f.conn, &rare, Plan::Indexes), vec![one]);
    assert_eq!(g::count_matches(&f.conn, &rare).unwrap(), 1);
    let plan = g::explain_count(&f.conn, &rare).unwrap();
    assert!(plan.contains("SCAN grievance_text VIRTUAL TABLE"), "a rare text is narrowed by its index: {plan}");
}

#[test]
fn a_bad_cursor_is_a_typed_error() {
    let f = fixture(200);
    let q = GrievanceQuery { limit: 5, ..GrievanceQuery::new(Scope::State) };
    let next = g::list(&f.conn, &q).unwrap().next.unwrap();
    for bad in ["", "not base64!", "Zm9vYmFy", &next.as_str()[..next.as_str().len() - 3]] {
        let q = GrievanceQuery { after: Some(Cursor::from_client(bad)), ..q.clone() };
        assert!(matches!(g::list(&f.conn, &q), Err(SqlError::BadCursor)), "{bad:?}");
    }
    // A cursor is valid for the sort and direction that made it only.
    for (sort, direction) in [(Sort::FirDate, Direction::Desc), (Sort::FiledAt, Direction::Asc), (Sort::Priority, Direction::Desc)] {
        let q = GrievanceQuery { sort, direction, after: Some(next.clone()), ..q.clone() };
        assert!(matches!(g::list(&f.conn, &q), Err(SqlError::BadCursor)), "{sort:?} {direction:?}");
    }
    let q = GrievanceQuery { after: Some(next), ..q };
    assert_eq!(g::list(&f.conn, &q).unwrap().rows.len(), 5);
}

#[test]
fn free_text_finds_hindi_and_any_case_and_refuses_texts_too_short() {
    let f = fixture(600);
    let find = |text: &str| {
        let q = GrievanceQuery { search: Some(text.into()), limit: 200, ..GrievanceQuery::new(Scope::State) };
        let (ids, counts, _) = walk(&f.conn, &q);
        assert_eq!(counts, BTreeSet::from([ids.len() as u64]));
        ids
    };
    let hindi = find("मोटरसाइकिल");
    assert!(!hindi.is_empty());
    assert!(hindi.iter().all(|id| f.rows[*id as usize - 1].fields.brief_details.contains("मोटरसाइकिल")));
    assert_eq!(hindi.len(), f.rows.iter().filter(|r| r.fields.brief_details.contains("मोटरसाइकिल")).count());
    assert_eq!(find("चोरी").len(), f.rows.iter().filter(|r| r.fields.brief_details.contains("चोरी") || r.fields.crime_title.contains("चोरी")).count());
    assert_eq!(find("मोटर").len(), f.rows.iter().filter(|r| r.fields.brief_details.contains("मोटर") || r.fields.crime_title.contains("मोटर")).count());
    let lower = find("motorcycle");
    assert_eq!(lower, find("MOTORcycle"));
    assert_eq!(lower.len(), f.rows.iter().filter(|r| r.fields.brief_details.to_lowercase().contains("motorcycle")).count());
    // % and _ are taken literally, not as LIKE wildcards.
    assert_eq!(find("0% r").len(), f.rows.iter().filter(|r| r.fields.brief_details.contains("100% refund")).count());
    assert_eq!(find("d_c").len(), f.rows.iter().filter(|r| r.fields.brief_details.contains("refund_claim")).count());
    assert!(find("d_c").iter().all(|id| !f.rows[*id as usize - 1].fields.brief_details.starts_with("dXc")));
    // A match never spans two fields: the crime title ends where the brief begins.
    assert!(find("theftmotor").is_empty());
    // The grievance number and the FIR number are found too.
    assert_eq!(find("GRV-2024-00123").len() + find("grv-2024-00124").len(), f.rows.iter().filter(|r| ["GRV-2024-00123", "GRV-2024-00124"].contains(&r.grievance_number.as_str())).count());
    for short in ["ab", " मो ", "x"] {
        let q = GrievanceQuery { search: Some(short.into()), ..GrievanceQuery::new(Scope::State) };
        assert!(matches!(g::list(&f.conn, &q), Err(SqlError::TextTooShort)), "{short:?}");
        let q = GrievanceQuery { fir_no: Some(short.into()), ..GrievanceQuery::new(Scope::State) };
        assert!(matches!(g::list(&f.conn, &q), Err(SqlError::TextTooShort)), "{short:?}");
    }
    let blank = GrievanceQuery { search: Some("   ".into()), ..GrievanceQuery::new(Scope::State) };
    assert_eq!(g::list(&f.conn, &blank).unwrap().matched, 600, "a blank text is no filter");
}

#[test]
fn a_row_reads_back_as_written_with_the_lists_names() {
    let f = fixture(50);
    let want = &f.rows[17];
    let got = g::get(&f.conn, want.id).unwrap().unwrap();
    let mut expected = want.clone();
    expected.fields.district = want.district_id.map(|d| format!("District {}", DISTRICTS.iter().position(|x| *x == d).unwrap())).unwrap_or_default();
    expected.fields.police_station = want.police_station_id.map(|s| format!("थाना {}", STATIONS.iter().position(|x| *x == s).unwrap())).unwrap_or_default();
    expected.fields.status = want.status_id.map(|s| format!("Status {s}")).unwrap_or_default();
    expected.fields.priority = want.priority_id.map(|p| format!("Priority {p}")).unwrap_or_default();
    assert_eq!(got, expected);
    assert!(g::get(&f.conn, 9999).unwrap().is_none());
}

fn viewers_rows(conn: &Connection, id: i64) -> Vec<i64> {
    let mut stmt = conn.prepare("SELECT user_id FROM grievance_viewers WHERE grievance_id = ?1 ORDER BY user_id").unwrap();
    stmt.query_map([id], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
}

fn own_ids(conn: &Connection, user: i64) -> Vec<i64> {
    let q = GrievanceQuery { limit: 200, ..GrievanceQuery::new(Scope::Own(user)) };
    walk(conn, &q).0
}

#[test]
fn viewers_text_and_figures_stay_in_step_with_assign_unassign_edit_and_delete() {
    let mut f = fixture(300);
    let mut row = f.rows[41].clone();
    let id = row.id;
    let (filer, a, b) = (row.filed_by, (row.filed_by % USERS) + 1, ((row.filed_by + 1) % USERS) + 1);
    let change = |f: &mut Fixture, row: &mut GrievanceRow, edit: &dyn Fn(&mut GrievanceRow)| {
        let before = row.version;
        edit(row);
        row.version += 1;
        let tx = f.conn.transaction().unwrap();
        g::update(&tx, row, before).unwrap();
        tx.commit().unwrap();
        f.rows[id as usize - 1] = row.clone();
    };
    change(&mut f, &mut row, &|r| r.assigned_to = None);
    assert_eq!(viewers_rows(&f.conn, id), vec![filer]);
    assert_eq!(g::viewers_of(&f.conn, id).unwrap(), vec![filer]);
    change(&mut f, &mut row, &|r| r.assigned_to = Some(a));
    assert_eq!(viewers_rows(&f.conn, id), BTreeSet::from([filer, a]).into_iter().collect::<Vec<_>>());
    assert!(own_ids(&f.conn, a).contains(&id));
    assert!(g::visible_to(&f.conn, id, a).unwrap());
    change(&mut f, &mut row, &|r| r.assigned_to = Some(b));
    assert!(!own_ids(&f.conn, a).contains(&id) || f.rows.iter().any(|r| r.id == id && r.filed_by == a));
    assert!(own_ids(&f.conn, b).contains(&id));
    change(&mut f, &mut row, &|r| r.assigned_to = Some(r.filed_by));
    assert_eq!(viewers_rows(&f.conn, id), vec![filer], "one row when the filer is the assignee");
    change(&mut f, &mut row, &|r| r.assigned_to = None);
    assert_eq!(viewers_rows(&f.conn, id), vec![filer]);
    assert!(!g::visible_to(&f.conn, id, b).unwrap() || filer == b);

    // Text: the old words are gone from the index, the new ones found.
    change(&mut f, &mut row, &|r| r.fields.brief_details = "A zebra-crossing accident, quite unlike the others.".into());
    let find = |conn: &Connection, text: &str| g::list(conn, &GrievanceQuery { search: Some(text.into()), ..GrievanceQuery::new(Scope::State) }).unwrap();
    assert_eq!(find(&f.conn, "zebra-cross").rows.iter().map(|r| r.id).collect::<Vec<_>>(), vec![id]);
    assert!(find(&f.conn, &format!("Ref {id}.")).rows.iter().all(|r| r.id != id));

    // Figures follow status, priority, district, station, FIR date and stage changes.
    change(&mut f, &mut row, &|r| {
        r.status_id = Some(24);
        r.priority_id = Some(31);
        r.district_id = Some(4);
        r.police_station_id = None;
        r.fields.fir_date = Day::parse("2024-02-29").unwrap();
        r.stage = Stage::Scrutiny;
        r.stage_since = "2026-01-15".into();
    });
    // A stale version is refused and changes nothing.
    let tx = f.conn.transaction().unwrap();
    let mut stale = row.clone();
    stale.status_id = Some(21);
    assert!(matches!(g::update(&tx, &stale, row.version - 1), Err(SqlError::Conflict)));
    drop(tx);

    // Delete a few, one of them the edited row.
    let tx = f.conn.transaction().unwrap();
    for gone in [id, 1, 2, 300] {
        assert!(g::delete(&tx, gone).unwrap());
    }
    assert!(!g::delete(&tx, id).unwrap());
    tx.commit().unwrap();
    f.rows.retain(|r| ![id, 1, 2, 300].contains(&r.id));
    assert!(viewers_rows(&f.conn, id).is_empty());
    assert!(find(&f.conn, "zebra-cross").rows.is_empty());

    // Every figure-served count equals the naive one after the changes.
    let naive_status = |scope: Scope| {
        let mut counts: BTreeMap<Option<i64>, u64> = BTreeMap::new();
        for id in naive(&f.rows, &GrievanceQuery::new(scope)) {
            *counts.entry(f.rows.iter().find(|r| r.id == id).unwrap().status_id).or_default() += 1;
        }
        counts.into_iter().collect::<Vec<_>>()
    };
    assert_eq!(g::counts_by_status(&f.conn, &Scope::State).unwrap(), naive_status(Scope::State));
    let area = Scope::Area { stations: vec![11, 13], districts: vec![2] };
    let in_area = naive_status(area.clone());
    assert!(in_area.iter().map(|(_, n)| n).sum::<u64>() > 0, "the area holds grievances");
    assert_eq!(g::counts_by_status(&f.conn, &area).unwrap(), in_area, "an area's counts: two stations, and a district's grievances without one");
    for user in 1..=USERS {
        assert_eq!(g::counts_by_status(&f.conn, &Scope::Own(user)).unwrap(), naive_status(Scope::Own(user)), "user {user}");
        assert_eq!(own_ids(&f.conn, user), naive(&f.rows, &GrievanceQuery::new(Scope::Own(user))));
        // The own scope's total comes from viewer_tally, kept by triggers through the edits.
        let own = GrievanceQuery::new(Scope::Own(user));
        assert_eq!(g::count_matches(&f.conn, &own).unwrap(), naive(&f.rows, &own).len() as u64, "user {user}'s total");
    }
    check_kept_figures(&f, "after assigning, editing and deleting");
    for mask in 0..(1usize << FILTERS) {
        let q = query_for(mask, Sort::FiledAt, Direction::Desc);
        assert_eq!(g::count_matches(&f.conn, &q).unwrap(), naive(&f.rows, &q).len() as u64, "filters {mask:09b}");
    }
    let q = GrievanceQuery { fir_date_from: Some("2024-02-01".into()), fir_date_to: Some("2024-02-29".into()), district_id: Some(4), ..GrievanceQuery::new(Scope::State) };
    assert_eq!(g::count_matches(&f.conn, &q).unwrap(), naive(&f.rows, &q).len() as u64);
}

#[test]
fn a_rank_change_in_the_lists_reorders_the_rank_sorts() {
    let mut f = fixture(300);
    let tx = f.conn.transaction().unwrap();
    sql::put_list_item(&tx, &ListItem { id: 33, kind: ListKind::Priorities, name: "Priority 33".into(), meaning: None, rank: 0 }).unwrap();
    tx.commit().unwrap();
    let q = GrievanceQuery { sort: Sort::Priority, direction: Direction::Asc, limit: 300, ..GrievanceQuery::new(Scope::State) };
    let first = &g::list(&f.conn, &q).unwrap().rows[0];
    assert_eq!(first.priority_id, Some(33));
    assert_eq!(first.fields.priority, "Priority 33");
    let item = sql::list_item(&f.conn, 33).unwrap().unwrap();
    assert_eq!(item.rank, 0);
}

#[test]
fn the_schema_is_versioned_and_reopening_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("portal.db");
    let conn = sql::open(&path).unwrap();
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(version, sql::SCHEMA_VERSION);
    drop(conn);
    let conn = sql::open(&path).unwrap();
    let fk: i64 = conn.query_row("PRAGMA foreign_keys", [], |r| r.get(0)).unwrap();
    assert_eq!(fk, 1);
    conn.execute_batch(&format!("PRAGMA user_version = {}", sql::SCHEMA_VERSION + 1)).unwrap();
    drop(conn);
    assert!(matches!(sql::open(&path), Err(SqlError::Corrupt(_))), "a newer file is not written by an older build");
}

#[test]
fn an_unknown_list_item_is_refused_by_the_foreign_keys() {
    let mut f = fixture(10);
    let mut row = f.rows[0].clone();
    row.id = 1000;
    row.grievance_number = "GRV-X".into();
    row.district_id = Some(999);
    let tx = f.conn.transaction().unwrap();
    assert!(matches!(g::insert(&tx, &row), Err(SqlError::Sqlite(_))));
}

/// Every FIR range (each district, newest and oldest first, with and without another
/// filter) and every overdue with a station, district or priority, walked and counted,
/// against the naive reading.
fn check_fir_ranges_and_overdue(f: &Fixture, when: &str) {
    let ranges: [(Option<&str>, Option<&str>); 6] = [
        (Some("2025-01-01"), Some("2025-12-31")),
        (Some("2024-02-15"), Some("2024-03-20")),
        (None, Some("2024-06-15")),
        (Some("2025-06-02"), None),
        (Some("2026-11-01"), Some("2026-11-30")),
        (Some("2030-01-01"), None),
    ];
    for (from, to) in ranges {
        for district in [None, Some(2), Some(4)] {
            for (direction, limit, station) in [(Direction::Desc, 7, None), (Direction::Desc, 1, None), (Direction::Asc, 7, None), (Direction::Desc, 5, Some(13))] {
                let q = GrievanceQuery {
                    district_id: district,
                    police_station_id: station,
                    fir_date_from: from.map(str::to_string),
                    fir_date_to: to.map(str::to_string),
                    direction,
                    limit,
                    ..GrievanceQuery::new(Scope::State)
                };
                let expected = naive(&f.rows, &q);
                let (ids, counts, _) = walk(&f.conn, &q);
                assert_eq!(ids, expected, "{when}: {from:?}..{to:?} district {district:?} {direction:?} limit {limit}");
                assert_eq!(counts, BTreeSet::from([expected.len() as u64]), "{when}: counts");
            }
        }
    }
    // Overdue with a station and a district is counted from the per-place stage figures.
    for mask in 0..8usize {
        let on = |bit: usize| mask & (1 << bit) != 0;
        let q = GrievanceQuery {
            overdue: Some(Overdue { today: TODAY, limits: limits() }),
            police_station_id: on(0).then_some(13),
            district_id: on(1).then_some(2),
            priority_id: on(2).then_some(32),
            ..GrievanceQuery::new(Scope::State)
        };
        assert_eq!(g::count_matches(&f.conn, &q).unwrap(), naive(&f.rows, &q).len() as u64, "{when}: overdue filters {mask:03b}");
        let (ids, _, _) = walk(&f.conn, &GrievanceQuery { limit: 9, ..q.clone() });
        assert_eq!(ids, naive(&f.rows, &q), "{when}: overdue filters {mask:03b}");
    }
    // Every station's overdue in one statement, as the performance figures read them.
    let overdue = Overdue { today: TODAY, limits: limits() };
    let mut expected = BTreeMap::new();
    let station_of: BTreeMap<i64, i64> = f.rows.iter().map(|r| (r.id, r.police_station_id.unwrap_or(0))).collect();
    for id in naive(&f.rows, &GrievanceQuery { overdue: Some(overdue.clone()), ..GrievanceQuery::new(Scope::State) }) {
        *expected.entry(station_of[&id]).or_insert(0u64) += 1;
    }
    assert!(expected.len() > 1, "{when}: overdue at several stations");
    assert_eq!(g::count_overdue_by_station(&f.conn, &overdue, None).unwrap(), expected, "{when}: overdue by station");
    // An office's own stations alone, one of them holding none, the grievances without a
    // station under 0.
    let asked = [STATIONS[1], STATIONS[3], 0, 999];
    let theirs: BTreeMap<i64, u64> = expected.iter().filter(|(s, _)| asked.contains(s)).map(|(s, n)| (*s, *n)).collect();
    assert!(theirs.len() > 1 && theirs.len() < expected.len(), "{when}: {theirs:?} of {expected:?}");
    assert_eq!(g::count_overdue_by_station(&f.conn, &overdue, Some(&asked)).unwrap(), theirs, "{when}: overdue at the stations asked");
}

/// "Missed" and "due within a week", alone and with a district or a station, in the state's,
/// an area's and one's own scope: counted (from `due_tally` where it can) and walked, against
/// the naive reading.
fn check_clock_filters(f: &Fixture, when: &str) {
    let today = day(TODAY).to_string();
    let week = day(TODAY + time::Duration::days(7)).to_string();
    let yesterday = day(TODAY - time::Duration::days(1)).to_string();
    let scopes = [Scope::State, Scope::Area { stations: vec![STATIONS[0], STATIONS[2]], districts: vec![DISTRICTS[1]] }, Scope::Own(3)];
    for due in [(None, yesterday.clone()), (Some(today.clone()), week.clone())] {
        for scope in &scopes {
            for (district, station) in [(None, None), (Some(DISTRICTS[1]), None), (None, Some(STATIONS[0])), (None, Some(STATIONS[1]))] {
                let q = GrievanceQuery { due: Some(due.clone()), district_id: district, police_station_id: station, sort: Sort::Due, ..GrievanceQuery::new(scope.clone()) };
                let expected = naive(&f.rows, &q);
                assert_eq!(g::count_matches(&f.conn, &q).unwrap(), expected.len() as u64, "{when}: {due:?} {scope:?} district {district:?} station {station:?}");
                let (ids, _, _) = walk(&f.conn, &GrievanceQuery { limit: 11, ..q.clone() });
                assert_eq!(ids, expected, "{when}: {due:?} {scope:?} district {district:?} station {station:?}");
            }
        }
    }
}

/// The clock filters' figures follow every write: a due day set, moved or cleared, a case
/// moved to another station or district, a delete, and a file of schema 23, whose figures
/// the upgrade builds from its rows.
#[test]
fn clock_figures_follow_edits_moves_deletes_and_the_upgrade() {
    let mut f = fixture(900);
    // Each undecided case's progress falls due 90 days after its stage began: some missed,
    // some due this week, most later.
    for index in 0..f.rows.len() {
        if f.rows[index].stage != Stage::Decided {
            let since = time::Date::parse(&f.rows[index].stage_since, time::macros::format_description!("[year]-[month]-[day]")).unwrap();
            f.edit(index, &|r| r.next_due = Some(day(since + time::Duration::days(90)).to_string()));
        }
    }
    check_clock_filters(&f, "as set");
    let moved = f.rows.iter().position(|r| r.next_due.is_some() && r.police_station_id != Some(STATIONS[0])).unwrap();
    f.edit(moved, &|r| {
        r.police_station_id = Some(STATIONS[0]);
        r.district_id = Some(DISTRICTS[1]);
    });
    let cleared = f.rows.iter().position(|r| r.next_due.is_some()).unwrap();
    f.edit(cleared, &|r| r.next_due = None);
    // One's own cases change as cases are assigned to user 3 and taken from them.
    let given = f.rows.iter().position(|r| r.next_due.is_some() && r.filed_by != 3 && r.assigned_to != Some(3)).unwrap();
    f.edit(given, &|r| r.assigned_to = Some(3));
    let taken = f.rows.iter().position(|r| r.next_due.is_some() && r.filed_by != 3 && r.assigned_to == Some(3) && r.id != f.rows[given].id).unwrap();
    f.edit(taken, &|r| r.assigned_to = None);
    let soon = f.rows.iter().position(|r| r.next_due.is_none() && r.police_station_id.is_none()).unwrap();
    f.edit(soon, &|r| {
        r.next_due = Some(day(TODAY + time::Duration::days(2)).to_string());
        r.district_id = Some(DISTRICTS[1]);
    });
    let tx = f.conn.transaction().unwrap();
    let gone: Vec<i64> = f.rows.iter().filter(|r| r.next_due.is_some()).map(|r| r.id).take(5).collect();
    for id in &gone {
        assert!(g::delete(&tx, *id).unwrap());
    }
    tx.commit().unwrap();
    f.rows.retain(|r| !gone.contains(&r.id));
    check_clock_filters(&f, "after edits and deletes");

    let Fixture { _dir, conn, rows } = f;
    schema_21::without_list_columns(&conn);
    conn.execute_batch(&format!("{} PRAGMA user_version = 23;", schema_21::NO_DUE_TALLY)).unwrap();
    drop(conn);
    let conn = sql::open(_dir.path().join("portal.db")).unwrap();
    check_clock_filters(&Fixture { _dir, conn, rows }, "upgraded from 23");
}

/// The crime heads by chapter the figures hold, per station and head (month and day tables
/// alike), against a recount of the rows' sections.
fn check_chapter_figures(f: &Fixture, when: &str) {
    let mut want: BTreeMap<(i64, String), i64> = BTreeMap::new();
    for r in &f.rows {
        for head in domain::law::heads::of_case(&r.fields.sections, &r.fields.section_and_act) {
            *want.entry((r.police_station_id.unwrap_or(0), head)).or_default() += 1;
        }
    }
    assert!(want.keys().any(|(_, h)| h == "BNS V") && want.keys().any(|(_, h)| h == "POCSO II"), "{when}: the fixture reaches several chapters");
    for table in ["report_month_heads", "report_day_heads"] {
        let held: BTreeMap<(i64, String), i64> = f
            .conn
            .prepare(&format!("SELECT police_station_id, head, sum(n) FROM {table} GROUP BY 1, 2 HAVING sum(n) > 0"))
            .unwrap()
            .query_map([], |r| Ok(((r.get(0)?, r.get(1)?), r.get(2)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(held, want, "{when}: {table}");
    }
}

/// The crime heads by chapter (schema 25) follow a change of sections, station and filing
/// time, and deletes; a version 24 file gets them from its rows' details when opened.
#[test]
fn chapter_figures_follow_edits_moves_deletes_and_the_upgrade() {
    let mut f = fixture(600);
    check_chapter_figures(&f, "as loaded");
    f.edit(1, &|r| r.fields.section_and_act = "302 IPC".into());
    f.edit(2, &|r| {
        r.fields.sections = vec![domain::law::ChargedSection::new(domain::law::Act::Bns, domain::law::SectionNo::parse("318(4)").unwrap())];
        r.police_station_id = Some(STATIONS[1]);
    });
    f.edit(3, &|r| r.filed_at = "2024-02-29T08:00:00Z".into());
    f.edit(4, &|r| r.police_station_id = None);
    let tx = f.conn.transaction().unwrap();
    for id in [10, 11, 12] {
        assert!(g::delete(&tx, id).unwrap());
    }
    tx.commit().unwrap();
    f.rows.retain(|r| ![10, 11, 12].contains(&r.id));
    check_chapter_figures(&f, "after edits and deletes");

    let Fixture { _dir, conn, rows } = f;
    schema_21::without_list_columns(&conn);
    conn.execute_batch(&format!("{} PRAGMA user_version = 24;", schema_21::NO_CHAPTER_HEADS)).unwrap();
    drop(conn);
    let conn = sql::open(_dir.path().join("portal.db")).unwrap();
    let kept: String = conn.query_row("SELECT heads FROM grievances WHERE id = 3", [], |r| r.get(0)).unwrap();
    assert_eq!(kept, r#"["BNS XVII"]"#, "the sections kept win over the text");
    check_chapter_figures(&Fixture { _dir, conn, rows }, "upgraded from 24");
}

/// The sections `grievance_sections` holds, per act and section, against the rows' own.
fn check_sections(f: &Fixture, when: &str) {
    let mut want: BTreeMap<(String, String), Vec<i64>> = BTreeMap::new();
    for r in &f.rows {
        for s in domain::law::citation::kept_or_read(&r.fields.sections, &r.fields.section_and_act).iter() {
            want.entry((s.act.as_str().to_string(), s.section.as_str().to_string())).or_default().push(r.id);
        }
    }
    for ids in want.values_mut() {
        ids.sort();
        ids.dedup();
    }
    assert!(want.len() > 3, "{when}: the fixture's cases cite several sections: {want:?}");
    let mut held: BTreeMap<(String, String), Vec<i64>> = BTreeMap::new();
    let mut stmt = f.conn.prepare("SELECT act, section, grievance_id FROM grievance_sections ORDER BY 1, 2, 3").unwrap();
    for row in stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?))).unwrap() {
        let (act, section, id) = row.unwrap();
        held.entry((act, section)).or_default().push(id);
    }
    assert_eq!(held, want, "{when}: grievance_sections");
}

/// The sections kept apart for the act and section filter (schema 26) follow a change of
/// sections or of the text read when none are kept, and deletes; a version 25 file gets them
/// from its rows' details when opened.
#[test]
fn sections_follow_edits_deletes_and_the_upgrade() {
    let mut f = fixture(300);
    check_sections(&f, "as loaded");
    f.edit(1, &|r| {
        r.fields.sections = Vec::new();
        r.fields.section_and_act = "u/s 302, 201 IPC".into();
    });
    f.edit(2, &|r| r.fields.sections = vec![domain::law::ChargedSection::new(domain::law::Act::Bns, domain::law::SectionNo::parse("318(4)").unwrap())]);
    let tx = f.conn.transaction().unwrap();
    for id in [10, 11] {
        assert!(g::delete(&tx, id).unwrap());
    }
    tx.commit().unwrap();
    f.rows.retain(|r| ![10, 11].contains(&r.id));
    check_sections(&f, "after edits and deletes");
    // Every page of an act or a section, walked down the order or gathered from the key,
    // in any order: the rows the sections name, and their count.
    let frequent = {
        let mut by: BTreeMap<(String, String), usize> = BTreeMap::new();
        for r in &f.rows {
            for s in domain::law::citation::kept_or_read(&r.fields.sections, &r.fields.section_and_act).iter() {
                *by.entry((s.act.as_str().to_string(), s.section.number().to_string())).or_default() += 1;
            }
        }
        by.into_iter().max_by_key(|(_, n)| *n).unwrap().0
    };
    let questions = [("BNS".to_string(), None), ("IPC".to_string(), None), ("POCSO".to_string(), None), (frequent.0.clone(), Some(frequent.1.clone())), ("BNS".to_string(), Some("9999".to_string()))];
    for (act, section) in questions {
        for (sort, direction) in [(Sort::FiledAt, Direction::Desc), (Sort::FirDate, Direction::Asc)] {
            let q = GrievanceQuery { section: Some((act.clone(), section.clone())), sort, direction, limit: 13, ..GrievanceQuery::new(Scope::State) };
            let expected = naive(&f.rows, &q);
            assert_eq!(walk_planned(&f.conn, &q, Plan::Walk), expected, "walked: {act} {section:?} {sort:?}");
            match g::section_filed_bounds(&f.conn, &act, section.as_deref()).unwrap() {
                Some(bounds) => {
                    let bounded = GrievanceQuery { filed_between: Some(bounds), ..q.clone() };
                    assert_eq!(walk_planned(&f.conn, &bounded, Plan::Walk), expected, "walked from the newest match: {act} {section:?} {sort:?}");
                }
                None => assert!(expected.is_empty(), "no bounds, no match: {act} {section:?}"),
            }
            assert_eq!(walk_planned(&f.conn, &q, Plan::Indexes), expected, "gathered: {act} {section:?} {sort:?}");
            assert_eq!(g::count_matches(&f.conn, &q).unwrap(), expected.len() as u64, "counted: {act} {section:?}");
            let own = GrievanceQuery { scope: Scope::Own(7), ..q.clone() };
            assert_eq!(g::count_matches(&f.conn, &own).unwrap(), naive(&f.rows, &own).len() as u64, "counted in one's own: {act} {section:?}");
            assert_eq!(walk_planned(&f.conn, &own, Plan::Walk), naive(&f.rows, &own), "walked in one's own: {act} {section:?} {sort:?}");
        }
    }

    let Fixture { _dir, conn, rows } = f;
    schema_21::without_list_columns(&conn);
    conn.execute_batch(&format!("{} PRAGMA user_version = 25;", schema_21::NO_GRIEVANCE_SECTIONS)).unwrap();
    drop(conn);
    let conn = sql::open(_dir.path().join("portal.db")).unwrap();
    check_sections(&Fixture { _dir, conn, rows }, "upgraded from 25");
}

/// The filing day (`width` 10) or month (7) in India of a recorded time, as the figures are
/// keyed since schema 32.
fn india(at: &str, width: usize) -> String {
    domain::clock::india_date(at).unwrap().to_string()[..width].to_string()
}

/// One compliance tally's key: filing month or day, station, district, rule, outcome (0 open,
/// 1 met on time, 2 late) and the due day of an open run.
type ClockKey = (String, i64, i64, String, i64, String);

/// The compliance tallies hold exactly the runs of the rows, per filing month and per day.
fn check_clock_tallies(f: &Fixture, when: &str) {
    for (unit, width) in [("month", 7), ("day", 10)] {
        let mut want: BTreeMap<ClockKey, i64> = BTreeMap::new();
        for r in &f.rows {
            let runs: Vec<domain::law::KeptRun> = r.clock_runs.as_deref().map(|t| serde_json::from_str(t).unwrap()).unwrap_or_default();
            for run in runs {
                let (outcome, due) = match run.met() {
                    None => (0, run.due().to_string()),
                    Some(met) if met <= run.due() => (1, String::new()),
                    Some(_) => (2, String::new()),
                };
                let key = (india(&r.filed_at, width), r.police_station_id.unwrap_or(0), r.district_id.unwrap_or(0), run.rule().to_string(), outcome, due);
                *want.entry(key).or_default() += 1;
            }
        }
        let sql = format!("SELECT filed_{unit}, police_station_id, district_id, rule, outcome, due_day, n FROM clock_{unit}_tally WHERE n <> 0");
        let got: BTreeMap<ClockKey, i64> = f
            .conn
            .prepare(&sql)
            .unwrap()
            .query_map([], |r| Ok(((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?), r.get(6)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(got, want, "clock_{unit}_tally {when}");
    }
}

/// The compliance report's figures follow every change of a row's runs, filing time, station
/// and district, and its deletion; a file of schema 26 gains the tallies empty, with its due
/// days owed a working-out again (which fills them).
#[test]
fn clock_tallies_follow_edits_deletes_and_the_upgrade() {
    let mut f = fixture(300);
    check_clock_tallies(&f, "as loaded");
    f.edit(3, &|r| r.clock_runs = runs_of(28, TODAY));
    f.edit(4, &|r| r.filed_at = "2024-02-29T19:00:00Z".into());
    f.edit(5, &|r| {
        r.police_station_id = Some(STATIONS[0]);
        r.district_id = None;
    });
    f.edit(6, &|r| r.clock_runs = None);
    // An edit of nothing the tallies count leaves them be.
    f.edit(7, &|_| {});
    let tx = f.conn.transaction().unwrap();
    for id in [12, 13, 14] {
        assert!(g::delete(&tx, id).unwrap());
    }
    tx.commit().unwrap();
    f.rows.retain(|r| ![12, 13, 14].contains(&r.id));
    check_clock_tallies(&f, "after edits and deletes");

    let Fixture { _dir, conn, mut rows } = f;
    schema_21::without_list_columns(&conn);
    conn.execute_batch(&format!(
        "{} INSERT INTO grievance_dues_indexed (only, revision, since) VALUES (1, 4, '2026-01-02'); PRAGMA user_version = 26;",
        schema_21::NO_CLOCK_TALLIES
    ))
    .unwrap();
    drop(conn);
    let conn = sql::open(_dir.path().join("portal.db")).unwrap();
    let indexed: (i64, Option<String>) = conn.query_row("SELECT revision, since FROM grievance_dues_indexed", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    assert_eq!(indexed, (-1, Some("2026-01-02".into())), "owed a working-out again, its first day kept");
    let kept = std::mem::take(&mut rows);
    rows = kept.iter().map(|r| GrievanceRow { clock_runs: None, people_text: None, ..r.clone() }).collect();
    let mut f = Fixture { _dir, conn, rows };
    check_clock_tallies(&f, "upgraded from 26, before the working-out");
    let indexes: Vec<g::CaseIndex> =
        kept.iter().map(|r| g::CaseIndex { id: r.id, version: r.version, next_due: None, clock_runs: r.clock_runs.clone(), people_text: r.people_text.clone() }).collect();
    let tx = f.conn.transaction().unwrap();
    assert_eq!(g::set_case_indexes(&tx, &indexes).unwrap(), kept.len() as u64, "every row at its version");
    tx.commit().unwrap();
    f.rows = kept;
    check_clock_tallies(&f, "after the working-out");
}

/// The search finds a case by its people (the text the writer keeps for them) on both plans,
/// with the rest of the list's filters, and follows edits and deletes; a file of schema 27
/// gains the index empty, owed a working-out again, which fills it.
#[test]
fn people_are_found_by_name_and_mobile_through_edits_deletes_and_the_upgrade() {
    let mut f = fixture(300);
    let find = |f: &Fixture, text: &str| {
        let q = GrievanceQuery { search: Some(text.into()), limit: 40, ..GrievanceQuery::new(Scope::State) };
        let (ids, counts, _) = walk(&f.conn, &q);
        assert_eq!(ids, naive(&f.rows, &q), "{text}");
        assert_eq!(walk_planned(&f.conn, &q, Plan::Walk), ids, "{text} by a walk");
        assert_eq!(counts, BTreeSet::from([ids.len() as u64]), "{text}");
        ids
    };
    assert_eq!(find(&f, "9800000033"), vec![33]);
    assert_eq!(find(&f, "COMPLAINANT 13").len(), f.rows.iter().filter(|r| r.people_text.as_deref().is_some_and(|p| p.starts_with("complainant 13\u{1f}"))).count());
    assert!(find(&f, "complainant 1").len() > 5);
    // A match never spans two people or fields.
    assert!(find(&f, "13 98").is_empty());
    let station = GrievanceQuery { search: Some("complainant".into()), police_station_id: Some(STATIONS[1]), ..GrievanceQuery::new(Scope::State) };
    assert_eq!(walk(&f.conn, &station).0, naive(&f.rows, &station));

    f.edit(32, &|r| r.people_text = Some("sunita kumari\u{1f}9812345678".into()));
    f.edit(35, &|r| r.people_text = None);
    f.edit(0, &|r| r.people_text = Some("ramesh\u{1f}9812345679".into()));
    let tx = f.conn.transaction().unwrap();
    assert!(g::delete(&tx, 39).unwrap());
    tx.commit().unwrap();
    f.rows.retain(|r| r.id != 39);
    assert_eq!(find(&f, "9800000033"), Vec::<i64>::new());
    assert_eq!(find(&f, "98123456"), vec![33, 1]);
    assert!(find(&f, "9800000036").is_empty() && find(&f, "9800000039").is_empty());
    let kept: i64 = f.conn.query_row("SELECT count(*) FROM grievance_people WHERE grievance_people MATCH '\"981\"'", [], |r| r.get(0)).unwrap();
    assert_eq!(kept, f.rows.iter().filter(|r| r.people_text.as_deref().is_some_and(|p| p.contains("981"))).count() as i64);

    let Fixture { _dir, conn, rows } = f;
    schema_21::without_list_columns(&conn);
    conn.execute_batch(&format!(
        "{} INSERT INTO grievance_dues_indexed (only, revision, since) VALUES (1, 4, '2026-01-02'); PRAGMA user_version = 27;",
        schema_21::NO_PEOPLE_INDEX
    ))
    .unwrap();
    drop(conn);
    let conn = sql::open(_dir.path().join("portal.db")).unwrap();
    let revision: i64 = conn.query_row("SELECT revision FROM grievance_dues_indexed", [], |r| r.get(0)).unwrap();
    assert_eq!(revision, -1, "owed a working-out again");
    let kept = rows;
    let mut f = Fixture { _dir, conn, rows: kept.iter().map(|r| GrievanceRow { people_text: None, ..r.clone() }).collect() };
    assert!(find(&f, "98123456").is_empty(), "nothing of the people until they are worked out");
    let indexes: Vec<g::CaseIndex> = kept
        .iter()
        .map(|r| g::CaseIndex { id: r.id, version: r.version, next_due: r.next_due.clone(), clock_runs: r.clock_runs.clone(), people_text: r.people_text.clone() })
        .collect();
    let tx = f.conn.transaction().unwrap();
    g::set_case_indexes(&tx, &indexes).unwrap();
    tx.commit().unwrap();
    f.rows = kept;
    assert_eq!(find(&f, "98123456"), vec![33, 1]);
    assert_eq!(find(&f, "complainant 2").len(), f.rows.iter().filter(|r| r.people_text.as_deref().is_some_and(|p| p.contains("complainant 2"))).count());
}

/// The compliance report's cases with a clock missed: those of the period, in the scope, with
/// a next due day before today, earliest first, at most the limit; in every scope, and for a
/// period that holds none.
#[test]
fn missed_clocks_are_the_periods_earliest_due_in_the_scope() {
    let mut f = fixture(300);
    // Each row's next due day: the earliest of its open runs.
    for i in 0..f.rows.len() {
        let runs: Vec<domain::law::KeptRun> = f.rows[i].clock_runs.as_deref().map(|t| serde_json::from_str(t).unwrap()).unwrap_or_default();
        let due = runs.iter().filter(|r| r.met().is_none()).map(|r| r.due().to_string()).min();
        f.edit(i, &|r| r.next_due = due.clone());
    }
    let today = day(TODAY).to_string();
    let scopes = [Scope::State, Scope::Area { stations: vec![STATIONS[0], STATIONS[2]], districts: vec![DISTRICTS[1]] }, Scope::Own(3)];
    let in_scope = |r: &GrievanceRow, scope: &Scope| naive(std::slice::from_ref(r), &GrievanceQuery::new(scope.clone())).len() == 1;
    for scope in &scopes {
        for (from, until) in [("2000-01-01", "9999-12-31"), ("2025-01-01", "2025-07-01"), ("2030-01-01", "2031-01-01")] {
            for limit in [5, 1000] {
                let mut want: Vec<&GrievanceRow> = f
                    .rows
                    .iter()
                    .filter(|r| r.next_due.as_ref().is_some_and(|d| *d < today) && r.filed_at.as_str() >= from && r.filed_at.as_str() < until && in_scope(r, scope))
                    .collect();
                want.sort_by(|a, b| a.next_due.cmp(&b.next_due).then(a.id.cmp(&b.id)));
                let want: Vec<i64> = want.into_iter().take(limit).map(|r| r.id).collect();
                let got: Vec<i64> = g::missed_clocks(&f.conn, scope, from, until, &today, limit).unwrap().into_iter().map(|r| r.id).collect();
                assert_eq!(got, want, "{scope:?} {from}..{until} at most {limit}");
                if from == "2000-01-01" && limit == 1000 {
                    assert!(got.len() > 5, "the fixture misses clocks in {scope:?}: {got:?}");
                }
            }
        }
    }
}

/// FIR dates sorted by filing time: the page is looked for only in the filing months the
/// figures name (`fir_filed_tally`); those figures must follow edits of the FIR date, the
/// district and the filing time, and deletes, or rows would be missed.
#[test]
fn fir_ranges_by_filing_time_stay_right_after_edits_and_deletes() {
    let mut f = fixture(900);
    check_fir_ranges_and_overdue(&f, "as loaded");
    // An old FIR filed today, a row moved to another district and FIR year, a filing time
    // moved back by years, a stage change, and a few deletes.
    let edits: [(usize, &dyn Fn(&mut GrievanceRow)); 4] = [
        (10, &|r| {
            r.fields.fir_date = Day::parse("2025-03-04").unwrap();
            r.filed_at = "2026-11-19T23:59:59Z".into();
        }),
        (500, &|r| {
            r.district_id = Some(4);
            r.fields.fir_date = Day::parse("2024-02-29").unwrap();
        }),
        (880, &|r| {
            r.filed_at = "2023-01-01T00:00:00Z".into();
            r.fields.fir_date = Day::parse("2025-07-07").unwrap();
            r.district_id = Some(2);
        }),
        (881, &|r| {
            r.stage = Stage::WithIo;
            r.stage_since = "2025-01-15".into();
            r.priority_id = Some(32);
            r.police_station_id = Some(13);
            r.district_id = Some(2);
        }),
    ];
    for (index, edit) in edits {
        f.edit(index, edit);
    }
    check_fir_ranges_and_overdue(&f, "after edits");
    let tx = f.conn.transaction().unwrap();
    for gone in [12, 501, 700, 899] {
        assert!(g::delete(&tx, gone).unwrap());
    }
    tx.commit().unwrap();
    f.rows.retain(|r| ![12, 501, 700, 899].contains(&r.id));
    check_fir_ranges_and_overdue(&f, "after deletes");
}

/// The overdue by station a memo keeps follows the table: asked again after an edit that makes
/// a case overdue, it answers as counted afresh, for the state and for an office's stations.
#[test]
fn remembered_overdue_by_station_follows_every_change() {
    let mut f = fixture(900);
    let memo = CountMemo::default();
    let overdue = Overdue { today: TODAY, limits: limits() };
    let asked = [STATIONS[2], STATIONS[4]];
    let before = memo.overdue_by_station(&f.conn, &overdue, None).unwrap();
    assert_eq!(before, g::count_overdue_by_station(&f.conn, &overdue, None).unwrap());
    let theirs_before = memo.overdue_by_station(&f.conn, &overdue, Some(&asked)).unwrap();
    let index = f.rows.iter().position(|r| r.police_station_id != Some(STATIONS[2]) && r.stage == Stage::Inward).unwrap();
    f.edit(index, &|r| {
        r.stage = Stage::WithIo;
        r.stage_since = "2020-01-15".into();
        r.priority_id = Some(32);
        r.police_station_id = Some(STATIONS[2]);
        r.district_id = Some(DISTRICTS[1]);
    });
    let after = memo.overdue_by_station(&f.conn, &overdue, None).unwrap();
    assert_eq!(after[&STATIONS[2]], before.get(&STATIONS[2]).copied().unwrap_or(0) + 1, "the edit made one more case overdue there");
    assert_eq!(after, g::count_overdue_by_station(&f.conn, &overdue, None).unwrap());
    let theirs = memo.overdue_by_station(&f.conn, &overdue, Some(&asked)).unwrap();
    assert_ne!(theirs, theirs_before);
    assert_eq!(theirs, after.iter().filter(|(s, _)| asked.contains(s)).map(|(s, n)| (*s, *n)).collect());
}

/// The SQL that gives a current file the shape schema 9 left it in: each grievance's JSON in
/// a `rest` column of its row (schema 10 moved it to `grievance_details`).
/// Takes away what schemas 16 to 20 added (the tables of the accounts, notices, case files,
/// admin lists and settings, and the id sequences), schema 15 (the audit trail's upgrade list),
/// schema 14 (the number indexes), schema 13 (the closure queue), schema 12 (the reports'
/// figures) and schema 11 (the audit trail's chains).
const BACK_FROM_SCHEMA_12: &str = "
    DROP TABLE settings; DROP INDEX list_items_district; DROP INDEX list_items_order; DROP INDEX list_items_name_key;
    ALTER TABLE list_items DROP COLUMN district_id; ALTER TABLE list_items DROP COLUMN uses; ALTER TABLE list_items DROP COLUMN name_key; ALTER TABLE list_items DROP COLUMN record;
    DROP TABLE blobs_to_sweep; DROP TABLE grievance_links; DROP TABLE attachments; DROP TABLE notes;
    DROP TABLE mail_failed; DROP TABLE mail_outbox; DROP TABLE notices; DROP TABLE notice_events;
    DROP TABLE sign_in_lockouts; DROP TABLE sessions; DROP TABLE roles; DROP TABLE users; DROP TABLE sequences;
    DROP TABLE audit_upgrades_owed; DROP INDEX g_number; DROP INDEX g_fir_number;
    DROP TABLE closure_requests; DROP TABLE escalations; DROP INDEX g_station_fir;
    DROP TRIGGER grievances_report_month_insert; DROP TRIGGER grievances_report_month_delete; DROP TRIGGER grievances_report_month_update;
    DROP TRIGGER grievances_report_day_insert; DROP TRIGGER grievances_report_day_delete; DROP TRIGGER grievances_report_day_update;
    DROP TABLE report_month_tally; DROP TABLE report_month_crimes; DROP TABLE report_day_tally; DROP TABLE report_day_crimes;
    DROP TRIGGER audit_links_unchanged; DROP TRIGGER audit_links_kept; DROP TABLE audit_links; DROP TABLE audit_chain_heads;";

/// The SQL that gives a current file the shape schema 20 left it in: each grievance's details
/// as JSON text in `grievance_details.rest`. Needs [`with_details_text`]'s function.
const BACK_TO_SCHEMA_20: &str = "
    CREATE TABLE grievance_details_text (
        id INTEGER PRIMARY KEY REFERENCES grievances (id) ON DELETE CASCADE,
        rest TEXT NOT NULL CHECK (json_valid(rest))
    );
    INSERT INTO grievance_details_text SELECT id, details_text(details, dictionary) FROM grievance_details;
    DROP TABLE grievance_details;
    ALTER TABLE grievance_details_text RENAME TO grievance_details;";

/// `conn` with `details_text(details, dictionary)`, a kept details' text, for the SQL above.
fn with_details_text(conn: &Connection) {
    conn.create_scalar_function("details_text", 2, rusqlite::functions::FunctionFlags::SQLITE_UTF8, |ctx| {
        let bytes: Vec<u8> = ctx.get(0)?;
        g::unpack_details(&bytes, ctx.get(1)?).map_err(|e| rusqlite::Error::UserFunctionError(e.into()))
    })
    .unwrap();
}

const BACK_TO_SCHEMA_9: &str = "
    ALTER TABLE grievances ADD COLUMN rest TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(rest));
    UPDATE grievances SET rest = (SELECT rest FROM grievance_details d WHERE d.id = grievances.id);
    DROP TABLE grievance_details;";

/// The fixture's file opened again (upgraded to the current schema), each grievance checked to
/// read as `before`, but for its clock runs and people: a file from before schema 27 kept
/// neither, and has none until the portal works them out.
fn reopened_as_written(f: Fixture, before: &[GrievanceRow]) -> Fixture {
    let Fixture { _dir, conn, rows } = f;
    drop(conn);
    let conn = sql::open(_dir.path().join("portal.db")).unwrap();
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(version, sql::SCHEMA_VERSION);
    for row in before {
        let row = GrievanceRow { clock_runs: None, people_text: None, ..row.clone() };
        assert_eq!(g::get(&conn, row.id).unwrap().as_ref(), Some(&row), "grievance {} after the upgrade", row.id);
    }
    Fixture { _dir, conn, rows }
}

/// A file of schema version 9, the previous release's, holding grievances is upgraded in
/// place: every row reads back as written, and the file is rebuilt so that the grievances
/// table is as narrow as a new one (no page is left holding the moved JSON).
#[test]
fn a_version_9_file_with_grievances_is_upgraded_in_place_and_compacted() {
    let f = fixture(900);
    // Each grievance as it reads before the upgrade, the lists' names included.
    let before: Vec<GrievanceRow> = f.rows.iter().map(|r| g::get(&f.conn, r.id).unwrap().unwrap()).collect();
    with_details_text(&f.conn);
    schema_21::without_list_columns(&f.conn);
    f.conn.execute_batch(&format!("{} {BACK_TO_SCHEMA_20} {BACK_FROM_SCHEMA_12} {BACK_TO_SCHEMA_9} PRAGMA user_version = 9;", schema_21::NO_DUE_DAYS)).unwrap();
    let table_pages = |conn: &Connection| -> i64 {
        conn.query_row("SELECT count(*) FROM dbstat WHERE name = 'grievances'", [], |r| r.get(0)).unwrap()
    };
    let pages_at_9 = table_pages(&f.conn);
    let Fixture { _dir, conn, rows } = reopened_as_written(f, &before);
    let columns: Vec<String> =
        conn.prepare("SELECT name FROM pragma_table_info('grievances')").unwrap().query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    assert!(!columns.contains(&"rest".to_string()), "the JSON left the row: {columns:?}");
    let free: i64 = conn.query_row("PRAGMA freelist_count", [], |r| r.get(0)).unwrap();
    assert_eq!(free, 0, "the file was rebuilt: no page left free");
    let pages_at_10 = table_pages(&conn);
    // Under three fifths: the JSON left the row, and of it only what a list row shows came back
    // to columns of the row (schema 37).
    assert!(pages_at_10 * 5 < pages_at_9 * 3, "the table is narrower: {pages_at_10} pages, {pages_at_9} before");
    // Pages, counts and writes work on the upgraded file.
    let text = GrievanceQuery { search: Some("motor".into()), ..GrievanceQuery::new(Scope::State) };
    assert_eq!(CountMemo::default().count(&conn, &text).unwrap(), naive(&rows, &text).len() as u64);
    let mut f = Fixture { _dir, conn, rows };
    let mut edited = before[3].clone();
    edited.fields.final_decision = Some("Disposed of after enquiry.".into());
    edited.version += 1;
    let tx = f.conn.transaction().unwrap();
    g::update(&tx, &edited, f.rows[3].version).unwrap();
    assert!(g::delete(&tx, f.rows[4].id).unwrap());
    tx.commit().unwrap();
    assert_eq!(g::get(&f.conn, edited.id).unwrap(), Some(edited.clone()));
    assert_eq!(g::get(&f.conn, f.rows[4].id).unwrap(), None);
    let details: i64 = f.conn.query_row("SELECT count(*) FROM grievance_details WHERE id = ?1", [f.rows[4].id], |r| r.get(0)).unwrap();
    assert_eq!(details, 0, "a deleted grievance takes its details with it");
    f.rows[3] = edited;
    f.rows.remove(4);
    check_fir_ranges_and_overdue(&f, "upgraded from 9");
}

/// A file of schema version 20 keeps each grievance's details as JSON text: the upgrade
/// packs them in place, every row reads back as written, and the rebuilt file is smaller.
#[test]
fn a_version_20_file_has_its_details_packed_in_place() {
    let f = fixture(900);
    let before: Vec<GrievanceRow> = f.rows.iter().map(|r| g::get(&f.conn, r.id).unwrap().unwrap()).collect();
    with_details_text(&f.conn);
    schema_21::without_list_columns(&f.conn);
    f.conn.execute_batch(&format!("{} {} {BACK_TO_SCHEMA_20} PRAGMA user_version = 20;", schema_21::NO_DUE_DAYS, schema_21::AUDIT_CHAINS_BY_NAME)).unwrap();
    let bytes = |conn: &Connection, column: &str| -> i64 {
        conn.query_row(&format!("SELECT sum(length({column})) FROM grievance_details"), [], |r| r.get(0)).unwrap()
    };
    let text_bytes = bytes(&f.conn, "CAST(rest AS BLOB)");
    let Fixture { _dir, conn, rows } = reopened_as_written(f, &before);
    let dictionaries: Vec<i64> = conn.prepare("SELECT DISTINCT dictionary FROM grievance_details").unwrap().query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    assert_eq!(dictionaries, vec![1], "every row packed from dictionary 1");
    let packed_bytes = bytes(&conn, "details");
    assert!(packed_bytes * 3 < text_bytes * 2, "the details take {packed_bytes} bytes, {text_bytes} as text");
    let free: i64 = conn.query_row("PRAGMA freelist_count", [], |r| r.get(0)).unwrap();
    assert_eq!(free, 0, "the file was rebuilt: no page left free");
    check_fir_ranges_and_overdue(&Fixture { _dir, conn, rows }, "upgraded from 20");
}

/// Details that cannot be unpacked are reported as damage of that grievance, not read as
/// another's text or as a crash.
#[test]
fn damaged_details_are_an_error_of_their_grievance() {
    let f = fixture(20);
    let other = g::get(&f.conn, f.rows[7].id).unwrap();
    assert!(other.is_some());
    f.conn.execute("UPDATE grievance_details SET details = substr(details, 1, length(details) - 4) WHERE id = ?1", [f.rows[5].id]).unwrap();
    assert!(matches!(g::get(&f.conn, f.rows[5].id), Err(SqlError::Corrupt(m)) if m.starts_with("grievance details")), "a cut block");
    f.conn.execute("UPDATE grievance_details SET dictionary = 9 WHERE id = ?1", [f.rows[6].id]).unwrap();
    assert!(matches!(g::get(&f.conn, f.rows[6].id), Err(SqlError::Corrupt(m)) if m.contains("unknown dictionary 9")));
    assert_eq!(g::get(&f.conn, f.rows[7].id).unwrap(), other, "the others read as before");
}

/// A file of schema version 1 holding grievances is upgraded in place: the figures and
/// indexes later versions add are built from its rows.
#[test]
fn a_version_1_file_with_grievances_is_upgraded_in_place() {
    let f = fixture(600);
    let path = f._dir.path().join("portal.db");
    with_details_text(&f.conn);
    schema_21::without_list_columns(&f.conn);
    f.conn.execute_batch(schema_21::NO_DUE_DAYS).unwrap();
    f.conn
        .execute_batch(
            &format!("{WITHOUT_OWN_FIGURES} {BACK_TO_SCHEMA_20} {BACK_FROM_SCHEMA_12}
             DROP TRIGGER grievances_stage_place_insert; DROP TRIGGER grievances_stage_place_delete; DROP TRIGGER grievances_stage_place_update;
             DROP TRIGGER grievances_fir_filed_insert; DROP TRIGGER grievances_fir_filed_delete; DROP TRIGGER grievances_fir_filed_update;
             DROP TABLE stage_station_tally; DROP TABLE stage_district_tally; DROP TABLE fir_filed_tally;
             DROP INDEX g_open_station; DROP INDEX g_open_district; DROP INDEX g_open_priority; DROP INDEX g_district_filed;
             DROP INDEX g_stage; CREATE INDEX g_stage ON grievances (stage, priority_id, stage_since);
             DROP TRIGGER grievances_figures_insert; DROP TRIGGER grievances_figures_delete; DROP TRIGGER grievances_figures_update;
             DROP TABLE station_figures; ALTER TABLE grievances DROP COLUMN done; ALTER TABLE grievances DROP COLUMN resolution_days;
             DROP TRIGGER grievance_viewers_tally_insert; DROP TRIGGER grievance_viewers_tally_delete; DROP TABLE viewer_tally;
             DROP TABLE audit_viewers; DROP TABLE audit_records; DROP TABLE audit_actors;
             DROP TRIGGER grievances_changed_by_insert; DROP TRIGGER grievances_changed_by_update; DROP TRIGGER grievances_changed_by_delete;
             DROP TABLE grievance_changes;
             DROP TRIGGER grievance_slice_changed_by_insert; DROP TRIGGER grievance_slice_changed_by_update; DROP TRIGGER grievance_slice_changed_by_delete;
             DROP TABLE grievance_slice_changes;
             PRAGMA user_version = 1;"),
        )
        .unwrap();
    f.conn.execute_batch(BACK_TO_SCHEMA_9).unwrap();
    let Fixture { _dir, conn, rows } = f;
    drop(conn);
    let conn = sql::open(&path).unwrap();
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(version, sql::SCHEMA_VERSION);
    let text = GrievanceQuery { search: Some("motor".into()), ..GrievanceQuery::new(Scope::State) };
    let memo = CountMemo::default();
    assert_eq!(memo.count(&conn, &text).unwrap(), naive(&rows, &text).len() as u64, "a text counted by slices");
    let earliest = rows.iter().map(|r| &r.filed_at).min().unwrap().clone();
    let latest = rows.iter().map(|r| &r.filed_at).max().unwrap().clone();
    assert_eq!(memo.filed_bounds(&conn, &text).unwrap(), Some((earliest, latest)), "the filing bounds of the rows already there, read at the upgrade");
    check_fir_ranges_and_overdue(&Fixture { _dir, conn, rows }, "upgraded");
}

#[test]
fn a_remembered_count_is_never_stale_and_large_matches_are_walked() {
    let mut f = fixture(2000);
    let memo = CountMemo::default();
    let q = GrievanceQuery { search: Some("motor".into()), ..GrievanceQuery::new(Scope::State) };
    let expected = naive(&f.rows, &q).len() as u64;
    assert!(expected > 300, "the fixture has many matches of the text: {expected}");
    assert_eq!(memo.count(&f.conn, &q).unwrap(), expected);
    assert_eq!(memo.count(&f.conn, &q).unwrap(), expected, "asked again");
    // Many matches (more than the square root of page x scope): the page walks the order.
    assert_eq!(memo.plan(&f.conn, &GrievanceQuery { limit: 50, ..q.clone() }).unwrap(), Plan::Walk);
    let rare = GrievanceQuery { search: Some("Ref 1234.".into()), limit: 50, ..GrievanceQuery::new(Scope::State) };
    assert_eq!(memo.count(&f.conn, &rare).unwrap(), naive(&f.rows, &rare).len() as u64);
    assert_eq!(memo.plan(&f.conn, &rare).unwrap(), Plan::Indexes, "few matches are gathered and sorted");
    let own = GrievanceQuery { scope: Scope::Own(7), ..q.clone() };
    assert_eq!(memo.plan(&f.conn, &own).unwrap(), Plan::Walk, "one's own text is walked down one's cases");

    // An insert, an edit and a delete each change the count the next question gets.
    let mut new_row = f.rows[0].clone();
    new_row.id = 5001;
    new_row.grievance_number = "GRV-TEST-5001".into();
    new_row.fields.brief_details = "A motorbike stolen from the market.".into();
    new_row.fields.crime_title = "Theft".into();
    let tx = f.conn.transaction().unwrap();
    g::insert(&tx, &new_row).unwrap();
    tx.commit().unwrap();
    f.rows.push(new_row.clone());
    assert_eq!(naive(&f.rows, &q).len() as u64, expected + 1);
    assert_eq!(memo.count(&f.conn, &q).unwrap(), expected + 1, "counted again after an insert");

    let before = new_row.version;
    new_row.fields.brief_details = "A bicycle stolen from the market.".into();
    new_row.version += 1;
    let tx = f.conn.transaction().unwrap();
    g::update(&tx, &new_row, before).unwrap();
    tx.commit().unwrap();
    *f.rows.last_mut().unwrap() = new_row.clone();
    assert_eq!(memo.count(&f.conn, &q).unwrap(), expected, "counted again after an edit");

    let tx = f.conn.transaction().unwrap();
    let gone = naive(&f.rows, &q)[0];
    assert!(g::delete(&tx, gone).unwrap());
    tx.commit().unwrap();
    f.rows.retain(|r| r.id != gone);
    assert_eq!(memo.count(&f.conn, &q).unwrap(), expected - 1, "counted again after a delete");
    assert_eq!(naive(&f.rows, &q).len() as u64, expected - 1);
}

#[test]
fn percent_underscore_backslash_and_nul_are_found_literally_by_either_plan() {
    let mut f = fixture(300);
    let texts = [
        (10, "Seized 50% of the stock\0 under_section 41 of the Act; a MOTORBIKE was recovered."),
        (11, "Seized 50 percent of the stock underXsection 41."),
        (12, "Path C:\\records\\fir 7 copied."),
    ];
    for (id, text) in texts {
        let mut row = f.rows[id - 1].clone();
        let before = row.version;
        row.fields.brief_details = text.into();
        row.version += 1;
        let tx = f.conn.transaction().unwrap();
        g::update(&tx, &row, before).unwrap();
        tx.commit().unwrap();
        f.rows[id - 1] = row;
    }
    for needle in ["50%", "under_section", "d 50% o", "stock\0 under", "motorbike was", "\\records\\", "C:\\r", "% of", "_"] {
        let q = GrievanceQuery { search: Some(needle.into()), limit: 7, ..GrievanceQuery::new(Scope::State) };
        let expected = naive(&f.rows, &q);
        for plan in [Plan::Indexes, Plan::Walk] {
            assert_eq!(walk_planned(&f.conn, &q, plan), expected, "{needle:?}, {plan:?}");
        }
        if needle.chars().count() >= 3 {
            assert_eq!(g::count_matches(&f.conn, &q).unwrap(), expected.len() as u64, "{needle:?} counted");
        }
    }
    let literal = |needle: &str| naive(&f.rows, &GrievanceQuery { search: Some(needle.into()), ..GrievanceQuery::new(Scope::State) });
    assert_eq!(literal("under_section"), vec![10], "an underscore is not a wildcard");
    assert_eq!(literal("stock\0 under"), vec![10], "a NUL is part of the text");
}

#[test]
fn many_asking_the_same_count_at_once_all_get_it() {
    let f = fixture(2000);
    let path = f._dir.path().join("portal.db");
    let memo = std::sync::Arc::new(CountMemo::default());
    let q = GrievanceQuery { search: Some("motor".into()), ..GrievanceQuery::new(Scope::State) };
    let expected = naive(&f.rows, &q).len() as u64;
    let askers: Vec<_> = (0..8)
        .map(|_| {
            let (memo, path, q) = (memo.clone(), path.clone(), q.clone());
            std::thread::spawn(move || memo.count(&sql::open(path).unwrap(), &q).unwrap())
        })
        .collect();
    for asker in askers {
        assert_eq!(asker.join().unwrap(), expected);
    }
}

#[test]
fn a_text_is_counted_in_slices_of_ids_and_a_change_recounts_only_its_slice() {
    let mut f = fixture(600);
    let q = GrievanceQuery { search: Some("motor".into()), ..GrievanceQuery::new(Scope::State) };
    let matching = naive(&f.rows, &q);
    assert!(matching.len() >= 4, "the fixture has matches to copy: {}", matching.len());
    // Copies of matching rows far apart in id, in slices of their own.
    let tx = f.conn.transaction().unwrap();
    for (from, id) in matching.iter().zip([70_000i64, 140_000, 200_000, 270_000]) {
        let mut row = f.rows.iter().find(|r| r.id == *from).unwrap().clone();
        row.id = id;
        row.grievance_number = format!("GRV-SLICE-{id}");
        g::insert(&tx, &row).unwrap();
        f.rows.push(row);
    }
    tx.commit().unwrap();
    let memo = CountMemo::default();
    let count = |memo: &CountMemo, f: &Fixture| memo.count(&f.conn, &q).unwrap();
    assert_eq!(count(&memo, &f), naive(&f.rows, &q).len() as u64);
    let slice = |id: i64| (id >> SLICE_BITS) as u64;
    let all = slice(270_000) + 1;
    assert_eq!(memo.slices_counted(), (all, all / 2), "every slice up to the last id, half of them on the second connection");
    assert_eq!(count(&memo, &f), naive(&f.rows, &q).len() as u64);
    assert_eq!(memo.slices_counted(), (all, all / 2), "asked again: nothing recounted");

    // An edit takes the text away from one slice: that slice alone is counted again.
    let mut row = f.rows.iter().find(|r| r.id == 140_000).unwrap().clone();
    let before = row.version;
    row.version += 1;
    row.fields.brief_details = "A bicycle stolen.".into();
    row.fields.crime_title = "Theft".into();
    let tx = f.conn.transaction().unwrap();
    g::update(&tx, &row, before).unwrap();
    tx.commit().unwrap();
    *f.rows.iter_mut().find(|r| r.id == 140_000).unwrap() = row;
    assert_eq!(count(&memo, &f), naive(&f.rows, &q).len() as u64, "exact after the edit");
    assert_eq!(memo.slices_counted(), (all + 1, all / 2), "one slice recounted, on the asker's connection");

    // A delete in the last slice and a new match further on: the slices from the delete's
    // to the new last one are counted (one range each side, as they are close together).
    let mut new_row = f.rows.iter().find(|r| r.id == 70_000).unwrap().clone();
    new_row.id = 400_000;
    new_row.grievance_number = "GRV-SLICE-400000".into();
    let tx = f.conn.transaction().unwrap();
    assert!(g::delete(&tx, 270_000).unwrap());
    g::insert(&tx, &new_row).unwrap();
    tx.commit().unwrap();
    f.rows.retain(|r| r.id != 270_000);
    f.rows.push(new_row);
    assert_eq!(count(&memo, &f), naive(&f.rows, &q).len() as u64, "exact after a delete and an insert");
    let stale = slice(400_000) - slice(270_000) + 1;
    assert_eq!(memo.slices_counted(), (all + 1 + stale, all / 2 + stale / 2), "from the delete's slice to the new last one");

    // Edits far apart, in five slices: more runs than one statement each, so they are
    // counted as one range from the first to the last; still exact.
    let before = memo.slices_counted().0;
    let tx = f.conn.transaction().unwrap();
    for id in [1, 70_000, 140_000, 200_000, 400_000] {
        let row = f.rows.iter_mut().find(|r| r.id == id).unwrap();
        let version = row.version;
        row.version += 1;
        row.fields.brief_details = if row.fields.brief_details.contains("otor") { "Nothing taken.".into() } else { "A motorcycle taken.".into() };
        g::update(&tx, row, version).unwrap();
    }
    tx.commit().unwrap();
    assert_eq!(count(&memo, &f), naive(&f.rows, &q).len() as u64, "exact after edits in five slices far apart");
    assert_eq!(memo.slices_counted().0, before + 5, "the five changed slices");
}

#[test]
fn a_walk_starts_at_the_latest_filing_time_a_match_can_have() {
    let mut f = fixture(600);
    let edit = |f: &mut Fixture, row: GrievanceRow, insert: bool| {
        let tx = f.conn.transaction().unwrap();
        if insert {
            g::insert(&tx, &row).unwrap();
            f.rows.push(row);
        } else {
            let mut row = row;
            let before = row.version;
            row.version += 1;
            g::update(&tx, &row, before).unwrap();
            let id = row.id;
            *f.rows.iter_mut().find(|r| r.id == id).unwrap() = row;
        }
        tx.commit().unwrap();
    };
    let copy = |f: &Fixture, from: i64, id: i64, filed_at: &str, details: &str| {
        let mut row = f.rows.iter().find(|r| r.id == from).unwrap().clone();
        row.id = id;
        row.grievance_number = format!("GRV-WALK-{id}");
        row.filed_at = filed_at.into();
        row.fields.brief_details = details.into();
        row
    };
    // The text in five rows of slice 0, and in one of slice 3 filed before all of them;
    // slices 1 and 2 hold the newest rows, without it.
    for id in [10, 20, 30, 40, 50] {
        let mut row = f.rows.iter().find(|r| r.id == id).unwrap().clone();
        row.fields.brief_details = "Old mark zq7 on the gate.".into();
        edit(&mut f, row, false);
    }
    for (id, filed_at, details) in [
        (70_000, "2030-01-01T00:00:00Z", "Newer, no mark."),
        (140_000, "2030-02-01T00:00:00Z", "Newest, no mark."),
        (200_000, "1999-01-01T00:00:00Z", "OLD MARK ZQ7, filed long ago."),
    ] {
        let row = copy(&f, 1, id, filed_at, details);
        edit(&mut f, row, true);
    }
    let memo = CountMemo::default();
    let q = GrievanceQuery { search: Some("old mark zq7".into()), limit: 2, ..GrievanceQuery::new(Scope::State) };
    assert_eq!(memo.count(&f.conn, &q).unwrap(), 6);
    let slice_0_latest = f.rows.iter().filter(|r| r.id < 65_536).map(|r| r.filed_at.clone()).max().unwrap();
    let bounds = memo.filed_bounds(&f.conn, &q).unwrap();
    assert_eq!(bounds, Some(("1999-01-01T00:00:00Z".to_string(), slice_0_latest)), "slices 1 and 2 hold no match: the walk skips their times");
    let bounded = GrievanceQuery { filed_between: bounds, ..q.clone() };
    assert_eq!(walk_planned(&f.conn, &bounded, Plan::Walk), naive(&f.rows, &q), "the same pages, bounds or not");

    // A match written after the count, in slice 2: its slice changed, so its times count.
    let row = copy(&f, 1, 140_001, "2030-03-01T00:00:00Z", "Old Mark ZQ7 again.");
    edit(&mut f, row, true);
    let (_, latest) = memo.filed_bounds(&f.conn, &q).unwrap().unwrap();
    assert_eq!(latest, "2030-03-01T00:00:00Z", "a slice changed since the count may hold a match");
    let bounded = GrievanceQuery { filed_between: memo.filed_bounds(&f.conn, &q).unwrap(), ..q.clone() };
    assert_eq!(walk_planned(&f.conn, &bounded, Plan::Walk), naive(&f.rows, &q));

    let nowhere = GrievanceQuery { search: Some("no such text anywhere".into()), ..GrievanceQuery::new(Scope::State) };
    assert_eq!(memo.count(&f.conn, &nowhere).unwrap(), 0);
    assert_eq!(memo.filed_bounds(&f.conn, &nowhere).unwrap(), None, "counted, and no slice holds a match");
}

/// A posting's audit trail: the records of the grievances now in its area (at its stations, or
/// without a station in its districts) and the user's own events, newest first. Unfiltered, a
/// page is read from the places' newest grievances (`audit_newest`); filtered, by walking the
/// trail (a large area) or gathering the area's records (a small one). Every plan answers the
/// same, as written, after transfers, a deletion and a restore, and after the step that builds
/// `audit_newest` from an existing file's records.
#[test]
fn an_areas_trail_is_its_grievances_records_and_the_users_events_by_every_plan() {
    use store::sql::audit::{self, Actor, Record, TrailQuery, TrailScope};
    let mut f = fixture(3000);
    let record = |grievance_id: i64, user_id: i64| Record {
        grievance_id,
        change_tag: "1".into(),
        position: 0,
        grievance_number: format!("G{grievance_id}"),
        action: "CREATED".into(),
        field_name: None,
        old_value: None,
        new_value: None,
        notes: None,
        details: None,
        actor: Actor { user_id, user_name: "U".into(), user_email: "u@x".into(), user_role: "R".into(), ip_address: "ip".into(), user_agent: "ua".into(), session_id: "s".into() },
        created_at: "2026-11-20T10:00:00Z".into(),
    };
    // (seq, grievance, viewers) of every record written.
    let mut written: Vec<(i64, i64, Vec<i64>)> = Vec::new();
    let append = |conn: &mut Connection, written: &mut Vec<(i64, i64, Vec<i64>)>, grievance: i64, user: i64| {
        let tx = conn.transaction().unwrap();
        let seq = audit::append(&tx, &[record(grievance, user)], &[user]).unwrap()[0];
        tx.commit().unwrap();
        written.push((seq, grievance, vec![user]));
    };
    for row in f.rows.clone() {
        // Every 50th grievance, an export by user 7 and one by user 8 (records about none).
        if row.id % 50 == 0 {
            for user in [7, 8] {
                append(&mut f.conn, &mut written, 0, user);
            }
        }
        append(&mut f.conn, &mut written, row.id, row.filed_by);
    }
    let json = |ids: &[i64]| rusqlite::types::Value::Text(serde_json::to_string(ids).unwrap());
    let areas = [(vec![11, 12, 13], vec![2]), (vec![], vec![3])];
    for ((stations, districts), walks) in areas.iter().zip([true, false]) {
        assert_eq!(audit::area_walks(&f.conn, &json(stations), &json(districts), 90).unwrap(), walks, "{stations:?} {districts:?}");
    }
    let check = |f: &Fixture, written: &[(i64, i64, Vec<i64>)], when: &str| {
        let place: BTreeMap<i64, (Option<i64>, Option<i64>)> = f.rows.iter().map(|r| (r.id, (r.police_station_id, r.district_id))).collect();
        for (stations, districts) in &areas {
            let want: Vec<(i64, String)> = written
                .iter()
                .rev()
                .filter(|(_, grievance, viewers)| match place.get(grievance) {
                    None => *grievance == 0 && viewers.contains(&7),
                    Some((Some(s), _)) => stations.contains(s),
                    Some((None, d)) => d.is_some_and(|d| districts.contains(&d)),
                })
                .map(|(_, grievance, _)| (*grievance, format!("G{grievance}")))
                .collect();
            assert!(want.len() > 90, "{} records in the area", want.len());
            for (limit, offset) in [(50, 0), (30, 60), (60, want.len() - 20)] {
                let unfiltered = TrailQuery::new(TrailScope::Area { user: 7, stations: stations.clone(), districts: districts.clone() }, limit, offset);
                // A filter every record passes: the walk or the gather.
                let filtered = TrailQuery { from: Some("2026-01-01".into()), ..unfiltered.clone() };
                let expected = &want[offset..(offset + limit).min(want.len())];
                for q in [unfiltered, filtered] {
                    let got: Vec<(i64, String)> = audit::page(&f.conn, &q).unwrap().into_iter().map(|r| (r.grievance_id, r.grievance_number)).collect();
                    assert_eq!(got, expected, "{when}: {stations:?} {districts:?} from {offset}, filtered: {}", q.from.is_some());
                }
            }
        }
    };
    check(&f, &written, "as written");

    // Transfers: into the area, out of it, and to no station in a district of the second area;
    // a deletion, and a deleted grievance restored. Records written after them.
    let moved = [(11usize, Some(12), Some(1)), (12, Some(15), Some(2)), (13, None, Some(3)), (14, None, Some(2)), (15, Some(14), None)];
    for (index, station, district) in moved {
        f.edit(index, &|r: &mut GrievanceRow| (r.police_station_id, r.district_id) = (station, district));
    }
    let (gone, restored) = (f.rows.remove(20), f.rows.remove(30));
    let tx = f.conn.transaction().unwrap();
    assert!(g::delete(&tx, gone.id).unwrap() && g::delete(&tx, restored.id).unwrap());
    g::insert(&tx, &restored).unwrap();
    tx.commit().unwrap();
    f.rows.push(restored);
    for index in [11, 13, 14, 40] {
        append(&mut f.conn, &mut written, f.rows[index].id, 9);
    }
    append(&mut f.conn, &mut written, gone.id, 9);
    check(&f, &written, "after transfers, a deletion and a restore");

    // A file of schema 34, before the places' newest: the step reads them from its records.
    schema_21::without_list_columns(&f.conn);
    f.conn
        .execute_batch(
            "DROP TRIGGER audit_newest_by_record; DROP TRIGGER audit_newest_by_grievance; DROP TRIGGER audit_newest_by_transfer;
             DROP TRIGGER audit_newest_by_deletion; DROP TABLE audit_newest; PRAGMA user_version = 34;",
        )
        .unwrap();
    sql::migrate(&f.conn).unwrap();
    check(&f, &written, "after the upgrade");
}

/// A cached statement is planned once, whatever is bound to it: with `ANALYZE`'s samples a
/// key compared with an indexed column would otherwise have it parsed and planned again at
/// each new value (`sql::plan_once`).
#[test]
fn a_cached_statement_is_not_planned_again_for_each_value() {
    let f = fixture(3000);
    let samples: i64 = f.conn.query_row("SELECT count(*) FROM sqlite_stat4", [], |r| r.get(0)).unwrap();
    assert!(samples > 0, "the fixture is analyzed with samples");
    let sql = "SELECT count(*) FROM grievances WHERE police_station_id = ?1 AND filed_at > ?2";
    let mut counts = Vec::new();
    for station in STATIONS {
        let mut statement = f.conn.prepare_cached(sql).unwrap();
        counts.push(statement.query_row(rusqlite::params![station, "2020-01-01"], |r| r.get::<_, i64>(0)).unwrap());
    }
    assert!(counts.iter().all(|n| *n > 0), "{counts:?}");
    let statement = f.conn.prepare_cached(sql).unwrap();
    assert_eq!(statement.get_status(rusqlite::StatementStatus::RePrepare), 0, "prepared once for {} values", STATIONS.len());
}

/// The SQL that takes a current file back to schema 31: the report figures keyed by the UTC
/// date of the filing (and resolution) time, and the triggers that kept them so. It is the
/// step to 32 with India's day taken out of its keys.
fn back_to_schema_31() -> String {
    let mut sql = include_str!("../src/sql/migrations/0032_report_figures_by_day_in_india.sql").to_string();
    for x in ["filed_at", "new.filed_at", "old.filed_at", "g.filed_at", "resolved_at", "new.resolved_at", "old.resolved_at"] {
        sql = sql.replace(&format!("coalesce(date({x}, '+330 minutes'), substr({x}, 1, 10))"), &format!("substr({x}, 1, 10)"));
        sql = sql.replace(&format!("coalesce(strftime('%Y-%m', {x}, '+330 minutes'), substr({x}, 1, 7))"), &format!("substr({x}, 1, 7)"));
    }
    assert!(!sql.contains("'+330 minutes'), substr("), "every key taken back");
    sql
}

/// The kept figures hold what the rows do: each user's own (`viewer_figures`: counts, done,
/// resolution days, by status, by priority and by station), the state's (`state_tally` and
/// the stations' figures) and an area's (its stations' tallies, read as two ranges).
fn check_kept_figures(f: &Fixture, when: &str) {
    let mut checked = 0;
    for user in 1..=USERS {
        let own: Vec<&GrievanceRow> = f.rows.iter().filter(|r| r.filed_by == user || r.assigned_to == Some(user)).collect();
        let mut want = g::Figures::default();
        let mut stations: BTreeMap<Option<i64>, (i64, i64)> = BTreeMap::new();
        for r in &own {
            let done = i64::from(r.status_meaning.is_final());
            want.total += 1;
            want.done += done;
            want.resolved_count += i64::from(r.resolution_days.is_some());
            want.resolution_days += r.resolution_days.unwrap_or(0);
            *want.by_status.entry(r.status_id).or_default() += 1;
            *want.by_priority.entry(r.priority_id).or_default() += 1;
            let station = stations.entry(r.police_station_id).or_default();
            (station.0, station.1) = (station.0 + 1, station.1 + done);
        }
        assert_eq!(g::figures(&f.conn, &Scope::Own(user)).unwrap(), want, "{when}: user {user}'s figures");
        let kept: BTreeMap<Option<i64>, (i64, i64)> = g::station_figures(&f.conn, &Scope::Own(user)).unwrap().into_iter().map(|s| (s.police_station_id, (s.total, s.done))).collect();
        assert_eq!(kept, stations, "{when}: user {user}'s stations");
        checked += usize::from(stations.len() > 1);
    }
    assert!(checked > 0, "{when}: some user has cases at several stations");
    let (mut state, mut area) = (g::Figures::default(), g::Figures::default());
    for r in &f.rows {
        let in_area = match r.police_station_id {
            Some(s) => [11, 13].contains(&s),
            None => r.district_id == Some(2),
        };
        for figures in [Some(&mut state), in_area.then_some(&mut area)].into_iter().flatten() {
            figures.total += 1;
            figures.done += i64::from(r.status_meaning.is_final());
            figures.resolved_count += i64::from(r.resolution_days.is_some());
            figures.resolution_days += r.resolution_days.unwrap_or(0);
            *figures.by_status.entry(r.status_id).or_default() += 1;
            *figures.by_priority.entry(r.priority_id).or_default() += 1;
        }
    }
    assert_eq!(g::figures(&f.conn, &Scope::State).unwrap(), state, "{when}: the state's figures");
    let two_stations_and_a_district = Scope::Area { stations: vec![11, 13], districts: vec![2] };
    assert!(area.total > 0 && area.total < state.total, "{when}: the area holds some of the cases");
    assert_eq!(g::figures(&f.conn, &two_stations_and_a_district).unwrap(), area, "{when}: an area's figures");
    let by_status: Vec<(Option<i64>, u64)> = state.by_status.iter().map(|(s, n)| (*s, *n as u64)).collect();
    assert_eq!(g::counts_by_status(&f.conn, &Scope::State).unwrap(), by_status, "{when}: the state's counts by status");
}

/// Counts per filing day (or month) in a report table, with `n` summed.
fn per_filing(conn: &Connection, table: &str, unit: &str) -> BTreeMap<String, i64> {
    conn.prepare(&format!("SELECT filed_{unit}, sum(n) FROM {table} GROUP BY 1 HAVING sum(n) <> 0"))
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

/// The report figures hold every row under its filing day and month in India, the disposed
/// under their resolution month in India.
fn check_figures_by_day_in_india(f: &Fixture, when: &str) {
    for (unit, width) in [("month", 7), ("day", 10)] {
        let mut want: BTreeMap<String, i64> = BTreeMap::new();
        for r in &f.rows {
            *want.entry(india(&r.filed_at, width)).or_default() += 1;
        }
        assert_eq!(per_filing(&f.conn, &format!("report_{unit}_tally"), unit), want, "{when}: report_{unit}_tally");
        assert_eq!(per_filing(&f.conn, &format!("report_{unit}_crimes"), unit), want, "{when}: report_{unit}_crimes");
        let mut heads: BTreeMap<String, i64> = BTreeMap::new();
        for r in &f.rows {
            let n = domain::law::heads::of_case(&r.fields.sections, &r.fields.section_and_act).len() as i64;
            *heads.entry(india(&r.filed_at, width)).or_default() += n;
        }
        heads.retain(|_, n| *n != 0);
        assert_eq!(per_filing(&f.conn, &format!("report_{unit}_heads"), unit), heads, "{when}: report_{unit}_heads");
    }
    let mut disposed: BTreeMap<String, i64> = BTreeMap::new();
    for r in f.rows.iter().filter(|r| r.status_meaning.is_final()) {
        *disposed.entry(r.resolved_at.as_deref().map(|at| india(at, 7)).unwrap_or_default()).or_default() += 1;
    }
    let held: BTreeMap<String, i64> = f
        .conn
        .prepare("SELECT resolved_month, sum(n) FROM report_month_tally WHERE done GROUP BY 1 HAVING sum(n) <> 0")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert_eq!(held, disposed, "{when}: disposed by resolution month");
    check_clock_tallies(f, when);
}

/// A case filed between midnight and 05:30 in India (18:30 to 24:00 UTC) counts on its day in
/// India, and on the first of a month in the new month; a case disposed then, in the month it
/// was disposed in India. A file of schema 31, whose figures were keyed by the UTC date, has
/// them keyed again when opened, and its new triggers keep them so through edits and deletes.
#[test]
fn report_figures_are_kept_by_the_day_in_india_and_an_older_file_is_keyed_again() {
    let mut f = fixture(300);
    f.edit(10, &|r| r.filed_at = "2026-01-31T19:00:00Z".into());
    f.edit(11, &|r| r.filed_at = "2026-02-28T18:30:00Z".into());
    f.edit(12, &|r| r.filed_at = "2026-02-28T18:29:59Z".into());
    f.edit(13, &|r| {
        r.filed_at = "2025-12-31T23:59:59Z".into();
        r.status_id = Some(STATUSES[2].0);
        r.status_meaning = StatusMeaning::Resolved;
        r.resolved_at = Some("2026-03-31T20:15:00Z".into());
        r.resolution_days = Some(90);
    });
    check_figures_by_day_in_india(&f, "as written");
    let days = per_filing(&f.conn, "report_day_tally", "day");
    assert!(days.contains_key("2026-02-01") && days.contains_key("2026-03-01") && days.contains_key("2026-01-01"), "{days:?}");
    assert!(days.contains_key("2026-02-28"), "a minute before midnight in India is still the 28th");

    let Fixture { _dir, conn, rows } = f;
    schema_21::without_list_columns(&conn);
    conn.execute_batch(&format!("{} PRAGMA user_version = 31;", back_to_schema_31())).unwrap();
    let utc = per_filing(&conn, "report_day_tally", "day");
    assert!(utc.contains_key("2026-01-31") && !utc.contains_key("2026-02-01"), "the release before keyed by the UTC date: {utc:?}");
    drop(conn);
    let conn = sql::open(_dir.path().join("portal.db")).unwrap();
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(version, sql::SCHEMA_VERSION);
    let mut f = Fixture { _dir, conn, rows };
    check_figures_by_day_in_india(&f, "upgraded from 31");

    f.edit(20, &|r| r.filed_at = "2026-06-30T21:00:00Z".into());
    f.edit(10, &|r| r.filed_at = "2026-01-31T10:00:00Z".into());
    f.edit(13, &|r| r.resolved_at = Some("2026-04-30T18:45:00Z".into()));
    let tx = f.conn.transaction().unwrap();
    assert!(g::delete(&tx, 11).unwrap());
    tx.commit().unwrap();
    f.rows.retain(|r| r.id != 11);
    check_figures_by_day_in_india(&f, "after edits and a delete on the upgraded file");
}

/// What schema 33 adds: one's own figures.
const WITHOUT_OWN_FIGURES: &str = "DROP TRIGGER grievances_viewer_figures_insert; DROP TRIGGER grievances_viewer_figures_delete;
    DROP TRIGGER grievances_viewer_figures_update; DROP TABLE viewer_figures;";

/// One's own figures are kept through filings, reassignments, status changes and deletes,
/// and a file of schema 32 (before they were kept) has them built from its grievances.
#[test]
fn own_figures_are_kept_and_an_older_file_has_them_built() {
    let mut f = fixture(400);
    check_kept_figures(&f, "as written");
    let (a, b) = (f.rows[5].filed_by % USERS + 1, f.rows[6].filed_by % USERS + 1);
    f.edit(5, &|r| r.assigned_to = Some(a));
    f.edit(6, &|r| r.assigned_to = Some(r.filed_by));
    f.edit(7, &|r| r.assigned_to = None);
    f.edit(8, &|r| {
        r.status_id = Some(STATUSES[2].0);
        r.status_meaning = StatusMeaning::Resolved;
        r.resolved_at = Some("2026-03-31T20:15:00Z".into());
        r.resolution_days = Some(12);
        r.assigned_to = Some(b);
    });
    f.edit(9, &|r| {
        r.police_station_id = Some(STATIONS[4]);
        r.priority_id = Some(PRIORITIES[1].0);
    });
    let tx = f.conn.transaction().unwrap();
    assert!(g::delete(&tx, f.rows[10].id).unwrap());
    tx.commit().unwrap();
    f.rows.remove(10);
    check_kept_figures(&f, "after edits and a delete");
    let resolved = g::figures(&f.conn, &Scope::Own(b)).unwrap();
    assert!(resolved.done >= 1 && resolved.resolution_days >= 12, "the resolved case counts for its new assignee: {resolved:?}");

    let Fixture { _dir, conn, rows } = f;
    schema_21::without_list_columns(&conn);
    conn.execute_batch(&format!("{WITHOUT_OWN_FIGURES} PRAGMA user_version = 32;")).unwrap();
    drop(conn);
    let conn = sql::open(_dir.path().join("portal.db")).unwrap();
    let mut f = Fixture { _dir, conn, rows };
    check_kept_figures(&f, "upgraded from 32");
    f.edit(12, &|r| r.assigned_to = Some(a));
    check_kept_figures(&f, "after an edit on the upgraded file");
    // A file of schema 35, before the state's sums were kept: the step builds them.
    schema_21::without_list_columns(&f.conn);
    f.conn
        .execute_batch("DROP TRIGGER state_tally_insert; DROP TRIGGER state_tally_update; DROP TRIGGER state_tally_delete; DROP TABLE state_tally; PRAGMA user_version = 35;")
        .unwrap();
    sql::migrate(&f.conn).unwrap();
    check_kept_figures(&f, "upgraded from 35");
}

/// Every row of the fixture as the list screen reads it, newest first.
fn all_summaries(conn: &Connection) -> Vec<g::SummaryRow> {
    let mut q = GrievanceQuery { limit: g::MAX_LIMIT, ..GrievanceQuery::new(Scope::State) };
    let mut all = Vec::new();
    loop {
        let (rows, next) = g::summaries_with(conn, &q, Plan::Indexes).unwrap();
        all.extend(rows);
        match next {
            Some(cursor) => q.after = Some(cursor),
            None => return all,
        }
    }
}

/// A file of schema 36 kept what a list row shows in each details text (who filed the case
/// and who holds it, what its status means, its other items, its closure request and its
/// escalation): the step gives them columns of the row, and every grievance reads back as
/// written, whole and as a list row. A row written before its status's meaning was kept reads
/// it from its status's name, as before. A row written again keeps them out of its details.
#[test]
fn a_version_36_file_has_what_its_list_rows_show_moved_to_their_rows() {
    let f = fixture(300);
    let mut before: Vec<GrievanceRow> = f.rows.iter().map(|r| g::get(&f.conn, r.id).unwrap().unwrap()).collect();
    assert!(before.iter().any(|r| r.escalation.is_some()) && before.iter().any(|r| r.closure.is_some()) && before.iter().any(|r| !r.other_refs.is_empty()));
    let mut listed = all_summaries(&f.conn);
    assert_eq!(listed.len(), 300);
    schema_21::without_list_columns(&f.conn);
    // Grievance 7 as a release before schema 4 wrote it: no status meaning in its details.
    let legacy = &mut before[6];
    schema_21::edit_details(&f.conn, legacy.id, |text| {
        assert_eq!(text.remove("status_meaning"), Some(legacy.status_meaning.as_str().into()), "the rolled-back text keeps the meaning");
    });
    legacy.status_meaning = StatusMeaning::of_legacy_name(&legacy.fields.status);
    let legacy_id = legacy.id;
    // Its list row reads its meaning from its status's name, so it has the name too (a list
    // row names its status from the admin lists otherwise).
    let legacy_row = listed.iter_mut().find(|s| s.id == legacy_id).unwrap();
    assert_eq!(legacy_row.status, "", "a row with its meaning kept leaves its status to be named");
    (legacy_row.status_meaning, legacy_row.status) = (legacy.status_meaning, legacy.fields.status.clone());
    f.conn.execute_batch("PRAGMA user_version = 36;").unwrap();

    let Fixture { _dir, conn, rows } = f;
    drop(conn);
    let conn = sql::open(_dir.path().join("portal.db")).unwrap();
    assert_eq!(conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0)).unwrap(), sql::SCHEMA_VERSION);
    let mut f = Fixture { _dir, conn, rows };
    for row in &before {
        assert_eq!(g::get(&f.conn, row.id).unwrap().as_ref(), Some(row), "grievance {} after the upgrade", row.id);
    }
    let columns: Vec<String> =
        f.conn.prepare("SELECT name FROM pragma_table_info('grievances')").unwrap().query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    for column in ["filed_by_name", "assigned_to_name", "status_meaning", "list_extras"] {
        assert!(columns.iter().any(|c| c == column), "{column} in {columns:?}");
    }
    let read_as_list: Vec<g::SummaryRow> = all_summaries(&f.conn);
    assert_eq!(read_as_list, listed, "every grievance as a list row");

    // Written again, a row keeps what its list row shows in its columns alone.
    f.edit(3, &|r| r.assigned_to_name = Some("SI Meena".into()));
    let (details, dictionary): (Vec<u8>, i64) =
        f.conn.query_row("SELECT details, dictionary FROM grievance_details WHERE id = ?1", [f.rows[3].id], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    let text = g::unpack_details(&details, dictionary).unwrap();
    assert!(!text.contains("filed_by_name") && !text.contains("SI Meena") && !text.contains("status_meaning"), "{text}");
    assert_eq!(g::get(&f.conn, f.rows[3].id).unwrap().unwrap().assigned_to_name.as_deref(), Some("SI Meena"));
    let row = all_summaries(&f.conn).into_iter().find(|s| s.id == f.rows[3].id).unwrap();
    assert_eq!(row.assigned_to_name.as_deref(), Some("SI Meena"));
}
