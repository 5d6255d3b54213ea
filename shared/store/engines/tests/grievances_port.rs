//! The grievances port's conformance suite: a fixture of grievances spread over districts,
//! stations, statuses, priorities, FIR dates, filers and assignees, and every subset of the
//! list's filters, in the state scope, in one user's own scope and in a posting's area.
//! Whatever the engine, a
//! list read to its end (following the cursor through short, bounded answers) holds exactly
//! the grievances an independent reading of the fixture finds, newest first; every count an
//! engine gives is exact; a page is full unless it is the last or says it is bounded.
//!
//! Every order the list can be sorted in (filed date, FIR date, priority, status, both
//! directions) reads the same rows in the same order as the fixture sorted by hand.
//!
//! Engines: the two a deployment runs, the relational engine (the embedded portal's) and the
//! item engine on DynamoDB itself (a state's stack; moto's server here), where the fixture is
//! loaded with BatchWriteItem (`DynamoStore::bulk`). The item engine's own upgrades and
//! histories are tested further down over the embedded file's item store, a fast stand-in for
//! DynamoDB that answers the same port.
//!
//! The MIS reports' figures (`Grievances::report_facts`) equal a count of the fixture made
//! one by one (`cases::reports::tally`), for every kind of viewer and periods of whole and
//! partial months.

use domain::grievance::{Day, FirNumber, GrievanceFields};
use engines::dynamo::grievances::ItemGrievances;
use engines::sqlite::grievances::SqlGrievances;
use cases::numbers::{NumberMatch, NumberQuery};
use cases::pendency::Clock;
use cases::port::{AuditBatch, AuditChange, GrievanceChange, Grievances, Stored};
use cases::reads::{Filters, Order, SortDirection, SortKey, Viewer};
use cases::port::StoredSummary;
use cases::summary::Summary;
use cases::{Actor, Grievance};
use domain::jurisdiction::{Area, Reach};
use domain::lists::ListKind;
use domain::pendency::Stage;
use std::collections::BTreeMap;
use std::sync::Arc;
use store::sqlite::SqliteStore;
use store::Store;
use time::macros::date;

/// More grievances than one list request may read (`reads::READ_BUDGET`), so that sparse
/// filters need several bounded answers.
const FIXTURE: usize = 2_400;
const USERS: [i64; 3] = [101, 102, 103];

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The items of each list the fixture uses: (id, name), and each item's display order.
struct Lists(BTreeMap<ListKind, Vec<(i64, String)>>, Ranks);

/// The display order of every list item, by (list, id).
type Ranks = BTreeMap<(ListKind, i64), i64>;

/// The lists the grievance rows refer to.
const KINDS: [ListKind; 4] = [ListKind::Districts, ListKind::PoliceStations, ListKind::Statuses, ListKind::Priorities];

impl Lists {
    /// The starting lists as items of an item store.
    async fn seeded(store: &dyn Store) -> Lists {
        engines::dynamo::lists::seed(store).await.unwrap();
        let mut read = BTreeMap::new();
        for kind in KINDS {
            read.insert(kind, engines::dynamo::lists::list(store, kind).await.unwrap());
        }
        Lists::of(read)
    }

    /// The starting lists, seeded through a lists engine (the relational one's tables).
    async fn seeded_in(lists: &dyn lists::AdminLists) -> Lists {
        lists.seed().await.unwrap();
        let mut read = BTreeMap::new();
        for kind in KINDS {
            read.insert(kind, lists.list(kind).await.unwrap());
        }
        Lists::of(read)
    }

    fn of(read: BTreeMap<ListKind, Vec<lists::ListItem>>) -> Lists {
        let mut all = BTreeMap::new();
        let mut ranks = Ranks::new();
        for (kind, items) in read {
            assert!(items.len() >= 3, "{kind:?} has at least three items");
            ranks.extend(items.iter().map(|i| ((kind, i.id), i.display_order)));
            all.insert(kind, items.into_iter().map(|i| (i.id, i.name)).collect());
        }
        Lists(all, ranks)
    }

    fn pick(&self, kind: ListKind, rng: &mut Rng, of: usize) -> (i64, String) {
        let items = &self.0[&kind];
        items[rng.below(of.min(items.len()) as u64) as usize].clone()
    }
}

fn day(d: time::Date) -> Day {
    Day::of(d)
}

/// `n` grievances, one filed every nine hours from 2022 on.
fn fixture(lists: &Lists, n: usize) -> Vec<Stored> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let start = time::macros::datetime!(2022-01-01 08:00 UTC);
    (1..=n as i64)
        .map(|id| {
            let filed = start + time::Duration::hours(9 * id);
            let fir = filed.date() - time::Duration::days(rng.below(40) as i64);
            let district = lists.pick(ListKind::Districts, &mut rng, 3);
            let station = lists.pick(ListKind::PoliceStations, &mut rng, 4);
            let status = lists.pick(ListKind::Statuses, &mut rng, 4);
            let priority = lists.pick(ListKind::Priorities, &mut rng, 3);
            let meaning = domain::lists::StatusMeaning::of_legacy_name(&status.1);
            let filed_by = USERS[rng.below(3) as usize];
            let assigned_to = (rng.below(3) == 0).then(|| USERS[rng.below(3) as usize]);
            // A rare word, so that free text is a sparse filter too.
            let story = if rng.below(50) == 0 { "Mobile phone snatched near the railway overbridge" } else { "Two-wheeler stolen from the market parking" };
            let fields = GrievanceFields {
                fir_no: FirNumber::parse(&format!("FIR/{}/{:05}", fir.year(), id * 7 % 100_000)).unwrap(),
                fir_date: day(fir),
                section_and_act: "379 IPC".into(),
                crime_title: "Theft".into(),
                district: district.1,
                police_station: station.1,
                status: status.1,
                priority: priority.1,
                brief_details: story.into(),
                ..GrievanceFields::default()
            };
            let filed_at = domain::clock::to_text(filed);
            let grievance = Grievance {
                id,
                grievance_number: format!("GRV-{}-{id:06}", filed.year()),
                fields,
                district_id: Some(district.0),
                police_station_id: Some(station.0),
                status_id: Some(status.0),
                priority_id: Some(priority.0),
                status_meaning: meaning,
                filed_by,
                filed_by_name: format!("Officer {filed_by}"),
                assigned_to,
                assigned_to_name: assigned_to.map(|u| format!("Officer {u}")),
                filed_at: filed_at.clone(),
                updated_at: filed_at.clone(),
                resolved_at: meaning.is_final().then(|| filed_at.clone()),
                version: 1,
                // Every third waits for a closure approval (the queue filter's matches).
                closure: (id % 3 == 0 && !meaning.is_final()).then(|| domain::grievance::ClosureRequest {
                    status_id: status.0,
                    status: "Resolved".into(),
                    final_decision: Some("Settled between the parties".into()),
                    notes: None,
                    requested_by: filed_by,
                    requested_by_name: format!("Officer {filed_by}"),
                    requested_at: filed_at.clone(),
                }),
                escalation: None,
                clock_events: Vec::new(),
                next_due: None,
                clock_runs: Vec::new(),
                people_text: None,
            };
            let refs = BTreeMap::from([
                (ListKind::Districts, district.0),
                (ListKind::PoliceStations, station.0),
                (ListKind::Statuses, status.0),
                (ListKind::Priorities, priority.0),
            ]);
            Stored { grievance, refs }
        })
        .collect()
}

/// An engine holding a fixture, and the list items' display order the fixture was made with.
struct Setup {
    engine: Arc<dyn Grievances>,
    fixture: Vec<Stored>,
    ranks: Ranks,
}

/// The fixture's grievances as items of a SQLite item store, loaded in bulk (one
/// transaction per 20,000 writes), with the store and the lists' display order.
async fn fixture_in_sqlite_items(dir: &std::path::Path) -> (Arc<SqliteStore>, Vec<Stored>, Ranks) {
    let sqlite = Arc::new(SqliteStore::open_with_items(dir.join("portal.db")).unwrap());
    let lists = Lists::seeded(sqlite.as_ref()).await;
    let fixture = fixture(&lists, FIXTURE);
    let actor = Actor { user_id: 101, name: "Officer 101".into(), ..Actor::default() };
    sqlite.bulk(fixture.iter().flat_map(|stored| engines::dynamo::grievances::creation_writes(stored, &actor)).collect()).await.unwrap();
    (sqlite, fixture, lists.1)
}

/// The fixture in a DynamoDB table on this test run's moto server, loaded in bulk
/// (BatchWriteItem). The same fixture as on SQLite: moto answers a query by walking the
/// whole table, which the test server (`testkit/moto_serial.py`) remembers between writes,
/// so that the matrix's ~13,000 queries take minutes rather than hours.
async fn item_engine_on_dynamodb() -> Setup {
    let table = Arc::new(store::dynamo::DynamoStore::local(testkit::moto_endpoint(), testkit::unique("port")).await);
    table.ensure_table().await.unwrap();
    let lists = Lists::seeded(table.as_ref()).await;
    let fixture = fixture(&lists, FIXTURE);
    let actor = Actor { user_id: 101, name: "Officer 101".into(), ..Actor::default() };
    let writes: Vec<store::Write> = fixture.iter().flat_map(|stored| engines::dynamo::grievances::creation_writes(stored, &actor)).collect();
    table.bulk(writes).await.unwrap();
    table.increment(&store::Key::new("SEQ", "grievance"), "n", FIXTURE as i64).await.unwrap();
    Setup { engine: Arc::new(ItemGrievances::new(table)), fixture, ranks: lists.1 }
}

/// The fixture as rows of the relational engine, in the same kind of file.
async fn relational_engine(dir: &std::path::Path) -> Setup {
    let sqlite = Arc::new(SqliteStore::open(dir.join("portal.db")).unwrap());
    let lists = Lists::seeded_in(&engines::sqlite::lists::SqlLists::new(sqlite.clone())).await;
    let fixture = fixture(&lists, FIXTURE);
    let actor = Actor { user_id: 101, name: "Officer 101".into(), ..Actor::default() };
    let engine = SqlGrievances::new(sqlite.clone());
    let batch: Vec<(Stored, Actor)> = fixture.iter().map(|s| (s.clone(), actor.clone())).collect();
    engine.load(&batch).await.unwrap();
    engine.reserve_ids(FIXTURE as i64).await.unwrap();
    Setup { engine: Arc::new(engine), fixture, ranks: lists.1 }
}

/// Each filter of the list, set to a value that keeps some of the fixture.
fn filter_values(fixture: &[Stored], clock: &Clock) -> Vec<Box<dyn Fn(&mut Filters)>> {
    let g = &fixture[17].grievance;
    let (district, station, status, priority) = (g.district_id, g.police_station_id, g.status_id, g.priority_id);
    let clock = clock.clone();
    vec![
        Box::new(|f: &mut Filters| f.search = Some("OVERBRIDGE".into())),
        Box::new(|f: &mut Filters| f.fir_no = Some("/2023/".into())),
        Box::new(move |f: &mut Filters| f.district = district),
        Box::new(move |f: &mut Filters| f.police_station = station),
        Box::new(move |f: &mut Filters| f.status = status),
        Box::new(move |f: &mut Filters| f.priority = priority),
        Box::new(|f: &mut Filters| {
            f.from_date = Some("2022-06-01".into());
            f.to_date = Some("2023-05-31".into());
        }),
        Box::new(move |f: &mut Filters| f.overdue = Some(clock.clone())),
    ]
}

/// What the filters keep of the fixture in the viewer's scope, newest first, read from the
/// fixture by rules written out here rather than by the engine's own.
fn expected(fixture: &[Stored], viewer: &Viewer, f: &Filters) -> Vec<i64> {
    let contains = |text: &str, part: &str| text.to_lowercase().contains(&part.to_lowercase());
    let is = |want: Option<i64>, have: Option<i64>| want.is_none() || want == have;
    let mut kept: Vec<&Grievance> = fixture
        .iter()
        .map(|s| &s.grievance)
        .filter(|g| {
            let own = g.filed_by == viewer.user_id || g.assigned_to == Some(viewer.user_id);
            match &viewer.reach {
                Reach::State => true,
                Reach::Own { .. } => own,
                Reach::Area(area) => match g.police_station_id {
                    Some(station) => area.stations.contains(&station),
                    None => g.district_id.is_some_and(|d| area.districts.contains(&d)),
                },
            }
        })
        .filter(|g| {
            f.search.as_deref().is_none_or(|s| {
                contains(&g.grievance_number, s) || contains(&g.fields.fir_no, s) || contains(&g.fields.crime_title, s) || contains(&g.fields.brief_details, s)
            })
        })
        .filter(|g| f.fir_no.as_deref().is_none_or(|n| contains(&g.fields.fir_no, n)))
        .filter(|g| is(f.district, g.district_id) && is(f.police_station, g.police_station_id) && is(f.status, g.status_id) && is(f.priority, g.priority_id))
        .filter(|g| f.from_date.as_deref().is_none_or(|d| g.fields.fir_date.as_str() >= d) && f.to_date.as_deref().is_none_or(|d| g.fields.fir_date.as_str() <= d))
        .filter(|g| f.overdue.as_ref().is_none_or(|clock| clock.pendency(g).overdue))
        .filter(|g| !f.closure_pending || g.closure.is_some())
        .collect();
    kept.sort_by(|a, b| (&b.filed_at, b.id).cmp(&(&a.filed_at, a.id)));
    kept.into_iter().map(|g| g.id).collect()
}

/// Reads the whole list page by page, checking each answer's shape on the way.
async fn read_to_end(engine: &dyn Grievances, viewer: &Viewer, f: &Filters, limit: usize, exact: bool, case: &str) -> Vec<i64> {
    let mut ids = Vec::new();
    let mut cursor = None;
    for request in 0..10_000 {
        let page = engine.list(viewer, f, limit, cursor.clone()).await.unwrap();
        assert!(page.items.len() <= limit, "{case}: a page holds at most `limit`");
        assert!(!(exact && page.bounded), "{case}: this engine never bounds a page");
        if page.cursor.is_some() && !page.bounded {
            assert_eq!(page.items.len(), limit, "{case}: a page that is not the last is full, unless it says it is bounded");
        }
        assert!(!(page.bounded && page.cursor.is_none()), "{case}: a bounded answer says where to go on");
        if exact && request < 2 {
            same_rows_as_summaries(engine, viewer, f, limit, cursor.clone(), &page, case).await;
        }
        ids.extend(page.items.iter().map(|s| s.grievance.id));
        match page.cursor {
            Some(next) => cursor = Some(next),
            None => return ids,
        }
    }
    panic!("{case}: the list never ended");
}

/// The page `list` answered, as list rows (`Grievances::summaries`): the same grievances in the
/// same order, with the same cursor, each the list row of its whole record. The names of the
/// items a row names are left to the reader, who names them from the admin lists
/// (`cases::relabel`), so the rows are compared by the items' ids.
async fn same_rows_as_summaries(engine: &dyn Grievances, viewer: &Viewer, f: &Filters, limit: usize, cursor: Option<String>, page: &cases::port::StoredPage, case: &str) {
    let rows = engine.summaries(viewer, f, limit, cursor).await.unwrap();
    assert_eq!(rows.cursor, page.cursor, "{case}: list rows go on where the records do");
    let unnamed = |s: &StoredSummary| {
        let summary = Summary { district: String::new(), police_station: String::new(), status: String::new(), priority: String::new(), ..s.summary.clone() };
        (summary, s.refs.clone())
    };
    let want: Vec<_> = page.items.iter().map(StoredSummary::of).map(|s| unnamed(&s)).collect();
    let got: Vec<_> = rows.items.iter().map(unnamed).collect();
    assert_eq!(got, want, "{case}: list rows");
}

/// `exact`: the engine must answer every list with full pages and every count exactly
/// (the relational engine, whose list rows are read apart and are compared with its records
/// on each list's first two pages); otherwise it may bound its work and leave counts
/// unknown.
/// `page`: the page size the lists are read in. `min_found`: how many of the cases at
/// least must find something, so that the matrix compares rows, not empty answers.
/// `area_filters`: the most filters combined for a posting's area (8: every subset); the
/// item engine's area code is the same over either store, so on DynamoDB, where each query
/// is slow, the area is read with up to two filters at once.
/// `stride` above 1 tries every combination of at most two filters and one in `stride` of
/// the rest (the engine's own logic is tried on every combination over the SQLite store; on
/// DynamoDB it is the store's translation of each kind of query that is tried).
async fn every_combination_of_filters_agrees_with_the_fixture(Setup { engine, fixture, .. }: &Setup, exact: bool, page: usize, min_found: usize, area_filters: u32, stride: u32) {
    let priorities: Vec<i64> = fixture.iter().filter_map(|s| s.grievance.priority_id).collect();
    // Limits that make some of the fixture overdue and leave some not.
    let limits = priorities.iter().map(|p| (*p, BTreeMap::from([(Stage::Inward, 900u32)]))).collect();
    let clock = Clock { limits, rules: domain::law::ClockRules::shipped().clone(), sensitivity: cases::identity::Sensitivity::new(&[]), today: date!(2024 - 06 - 30) };
    let filters = filter_values(fixture, &clock);
    let (mut nonempty, mut cases) = (0, 0);
    for viewer in &viewers(engine.as_ref(), fixture, USERS[1]).await {
        for subset in 0u32..(1 << filters.len()) {
            if matches!(viewer.reach, Reach::Area(_)) && subset.count_ones() > area_filters {
                continue;
            }
            if subset.count_ones() > 2 && subset % stride != 0 {
                continue;
            }
            // The closure queue joins a third of the combinations (every one of them would
            // double the matrix, slow on DynamoDB).
            let mut f = Filters { closure_pending: subset % 3 == 2, ..Filters::default() };
            for (bit, set) in filters.iter().enumerate() {
                if subset & (1 << bit) != 0 {
                    set(&mut f);
                }
            }
            let case = format!("{viewer:?}, filters {subset:08b}: {f:?}");
            let want = expected(fixture, viewer, &f);
            nonempty += usize::from(!want.is_empty());
            cases += 1;
            let got = read_to_end(engine.as_ref(), viewer, &f, page, exact, &case).await;
            assert_eq!(got, want, "{case}");
            let count = engine.count(viewer, &f).await.unwrap().matched;
            if let Some(count) = count {
                assert_eq!(count, want.len() as i64, "{case}: a count given is exact");
            }
            assert!(!exact || count.is_some(), "{case}: this engine counts every combination");
        }
    }
    assert!(nonempty >= min_found, "the fixture and the filter values leave most combinations something to find ({nonempty} of {cases})");
    let all = engine.tallies(&Viewer::state(0)).await.unwrap();
    assert_eq!(all.total, fixture.len() as i64);
    let done = fixture.iter().filter(|s| s.grievance.status_meaning.is_final()).count() as i64;
    assert_eq!(all.done, done, "grievances whose status means resolved or closed");
    assert_eq!(all.resolved_count, done, "each of them has a resolution date");
    let by_station: i64 = engine.station_tallies(&Viewer::state(0)).await.unwrap().iter().map(|s| s.total).sum();
    assert_eq!(by_station, fixture.len() as i64);
    for viewer in &viewers(engine.as_ref(), fixture, USERS[1]).await[1..] {
        let want = expected(fixture, viewer, &Filters::default());
        let figures = engine.tallies(viewer).await.unwrap();
        assert_eq!(figures.total, want.len() as i64, "{viewer:?}");
        let done = fixture.iter().filter(|s| want.contains(&s.grievance.id) && s.grievance.status_meaning.is_final()).count() as i64;
        assert_eq!(figures.done, done, "{viewer:?}");
        assert_eq!(figures.by_status.values().sum::<i64>(), want.len() as i64, "{viewer:?}");
        let stations = engine.station_tallies(viewer).await.unwrap();
        assert_eq!(stations.iter().map(|s| s.total).sum::<i64>(), want.len() as i64, "{viewer:?}");
    }
}

/// The viewers every engine answers: the state, one user's own cases, and a posting's area
/// (two police stations, and the district of a third for its grievances without a station).
async fn viewers(_engine: &dyn Grievances, fixture: &[Stored], user: i64) -> Vec<Viewer> {
    let mut found = vec![Viewer::state(0), Viewer::own(user)];
    let stations: std::collections::BTreeSet<i64> = fixture.iter().filter_map(|s| s.grievance.police_station_id).collect();
    let districts: std::collections::BTreeSet<i64> = fixture.iter().filter_map(|s| s.grievance.district_id).collect();
    let area = Area { stations: stations.iter().take(2).copied().collect(), districts: districts.iter().skip(1).take(1).copied().collect(), ranges: Default::default() };
    let posting = Viewer { user_id: user, reach: Reach::Area(area) };
    found.push(posting);
    found
}

/// What a lookup by number must answer, read from the fixture by its rules: the viewer's
/// grievances with a number that matches, each under its highest such number, highest first.
fn expected_by_number(fixture: &[Stored], viewer: &Viewer, query: &NumberQuery) -> Vec<i64> {
    let mut found: Vec<(String, i64)> = fixture
        .iter()
        .map(|s| &s.grievance)
        .filter(|g| viewer.may_see(g))
        .filter_map(|g| Some((query.answered_under(&cases::numbers::keys_of(g))?.to_string(), g.id)))
        .collect();
    found.sort_by(|a, b| b.cmp(a));
    found.into_iter().map(|(_, id)| id).collect()
}

/// A lookup followed through its cursor to the end, checking each page as a list's is checked.
async fn look_up_to_end(engine: &dyn Grievances, viewer: &Viewer, query: &NumberQuery, limit: usize) -> Vec<i64> {
    let mut ids = Vec::new();
    let mut cursor = None;
    for _request in 0..1_000 {
        let page = engine.find_by_number(viewer, query, limit, cursor.clone()).await.unwrap();
        let case = format!("{query:?} for {:?}", viewer.reach);
        assert!(page.items.len() <= limit, "{case}: a page holds at most `limit`");
        assert!(page.examined <= cases::numbers::LOOKUP_BUDGET as u64, "{case}: read {} numbers", page.examined);
        if page.cursor.is_some() && !page.bounded {
            assert_eq!(page.items.len(), limit, "{case}: a page that is not the last is full, unless it says it is bounded");
        }
        assert!(!(page.bounded && page.cursor.is_none()), "{case}: a bounded answer says where to go on");
        ids.extend(page.items.iter().map(|s| s.grievance.id));
        match page.cursor {
            Some(next) => cursor = Some(next),
            None => return ids,
        }
    }
    panic!("the lookup never ended");
}

/// Each engine finds grievances by grievance number and FIR number, exactly and by prefix,
/// whatever the capitals, within each kind of viewer's reach, read to the end through its
/// cursor (a user who sees few grievances is answered in bounded steps); and follows a change
/// of FIR number, of who sees a grievance, and a deletion. Changes grievances from the
/// fixture's 2,300th on. `page`: the page size the lookups are read in.
async fn finds_by_number(Setup { engine, fixture, .. }: &Setup, page: usize) {
    let prefix = |text: &str| NumberQuery::parse(text, NumberMatch::Prefix).unwrap();
    let exact = |text: &str| NumberQuery::parse(text, NumberMatch::Exact).unwrap();
    let g = &fixture[41].grievance;
    let queries = [
        prefix("grv-2022-0001"),
        prefix("FIR/2023/"),
        prefix("fir/2024/14"),
        exact(&g.grievance_number.to_lowercase()),
        exact(&g.fields.fir_no),
        exact("GRV-2022"),
        prefix("NO-SUCH"),
    ];
    let mut found_any = 0;
    for viewer in viewers(engine.as_ref(), fixture, 102).await {
        for query in &queries {
            let expected = expected_by_number(fixture, &viewer, query);
            found_any += usize::from(!expected.is_empty());
            assert_eq!(look_up_to_end(engine.as_ref(), &viewer, query, page).await, expected, "{query:?} for {:?}", viewer.reach);
        }
    }
    assert!(found_any >= 12, "the cases find grievances ({found_any})");
    let state = Viewer::state(0);
    assert_eq!(look_up_to_end(engine.as_ref(), &state, &exact(&g.grievance_number), 5).await, vec![g.id]);
    assert_eq!(look_up_to_end(engine.as_ref(), &state, &exact(&g.fields.fir_no.to_lowercase()), 5).await, vec![g.id]);

    // Renumbered and assigned to someone else: found under the new number only, by its new viewer.
    let before = fixture[2300].clone();
    let mut after = before.clone();
    after.grievance.fields.fir_no = FirNumber::parse("RENUMBERED/9").unwrap();
    let newcomer = 909;
    after.grievance.assigned_to = Some(newcomer);
    after.grievance.version += 1;
    let batch = |version| AuditBatch { actor: Actor::default(), at: domain::clock::now_text(), change: AuditChange::Version(version), entries: Vec::new() };
    engine.commit(GrievanceChange { before: Some(&before), after: Some(&after), audit: batch(after.grievance.version), fir_guard: None, trash: None, source: None }).await.unwrap();
    let id = before.grievance.id;
    assert_eq!(look_up_to_end(engine.as_ref(), &state, &exact(&before.grievance.fields.fir_no), 5).await, Vec::<i64>::new(), "the old number");
    assert_eq!(look_up_to_end(engine.as_ref(), &state, &prefix("renumbered/"), 5).await, vec![id]);
    assert_eq!(look_up_to_end(engine.as_ref(), &Viewer::own(newcomer), &prefix("R"), 5).await, vec![id], "its new viewer");
    assert_eq!(look_up_to_end(engine.as_ref(), &Viewer::own(newcomer + 1), &prefix("R"), 5).await, Vec::<i64>::new(), "nobody else's");
    // Among every grievance number, in bounded steps (its own is one of 2,400).
    assert_eq!(look_up_to_end(engine.as_ref(), &Viewer::own(newcomer), &prefix("G"), 5).await, vec![id], "bounded steps");
    // Deleted: no longer found.
    engine.commit(GrievanceChange { before: Some(&after), after: None, audit: batch(after.grievance.version + 1), fir_guard: None, trash: None, source: None }).await.unwrap();
    assert_eq!(look_up_to_end(engine.as_ref(), &state, &exact(&after.grievance.grievance_number), 5).await, Vec::<i64>::new(), "deleted");
    // A cursor from anywhere else is refused.
    let refused = engine.find_by_number(&state, &prefix("G"), 5, Some("not-a-cursor".into())).await;
    assert_eq!(refused.err(), Some(domain::Error::BadRequest(domain::Msg::CursorInvalid)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn relational_engine_finds_by_number() {
    let dir = tempfile::tempdir().unwrap();
    finds_by_number(&relational_engine(dir.path()).await, 7).await;
}

/// On the item engine, and the upgrade indexes the numbers of grievances kept before the
/// index, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_engine_finds_by_number_and_the_upgrade_indexes_those_kept_before() {
    let dir = tempfile::tempdir().unwrap();
    let (sqlite, fixture, ranks) = fixture_in_sqlite_items(dir.path()).await;
    // A release before the index: no entries.
    let mut partitions = engines::dynamo::grievance_keys::number_pks();
    let places: std::collections::BTreeSet<String> = fixture.iter().filter_map(|s| engines::dynamo::grievance_keys::place(s.grievance.district_id, s.grievance.police_station_id)).collect();
    partitions.extend(places.iter().map(|p| engines::dynamo::grievance_keys::place_number_pk(p)));
    partitions.extend(USERS.iter().map(|u| engines::dynamo::grievance_keys::own_number_pk(*u)));
    for pk in partitions {
        let entries = store::read_all(sqlite.as_ref(), store::Query::table(pk)).await.unwrap();
        assert!(!entries.is_empty());
        for chunk in entries.chunks(100) {
            sqlite.transact(chunk.iter().map(|e| store::Write::delete(e.key.clone())).collect()).await.unwrap();
        }
    }
    let setup = Setup { engine: Arc::new(ItemGrievances::new(sqlite.clone())), fixture, ranks };
    let g = &setup.fixture[41].grievance;
    let number = NumberQuery::parse(&g.grievance_number, NumberMatch::Exact).unwrap();
    assert_eq!(look_up_to_end(setup.engine.as_ref(), &Viewer::state(0), &number, 5).await, Vec::<i64>::new());
    // Two numbers each (the fixture's FIR numbers differ from its grievance numbers), in the
    // state's index, at the grievance's place and for each of its viewers.
    let entries: usize = setup.fixture.iter().map(|s| 2 * (2 + s.grievance.visible_to().into_iter().collect::<std::collections::BTreeSet<_>>().len())).sum();
    assert_eq!(engines::migrations::grievance_numbers(sqlite.as_ref()).await.unwrap(), Some(entries as u64));
    assert_eq!(engines::migrations::grievance_numbers(sqlite.as_ref()).await.unwrap(), None, "once");
    finds_by_number(&setup, 7).await;
}

/// A commit based on a version read before someone else's is refused, and leaves nothing.
async fn a_stale_commit_is_refused_whole(Setup { engine, fixture, .. }: &Setup) {
    let first = fixture[0].clone();
    let read = engine.get(first.grievance.id).await.unwrap().expect("the fixture's first grievance");
    assert_eq!(read.grievance.id, first.grievance.id);
    let batch = |n: i64| AuditBatch { actor: Actor { user_id: 101, ..Actor::default() }, at: first.grievance.filed_at.clone(), change: AuditChange::Version(n), entries: Vec::new() };
    let mut next = read.clone();
    next.grievance.version += 1;
    next.grievance.fields.brief_details = "First change".into();
    engine.commit(GrievanceChange { before: Some(&read), after: Some(&next), audit: batch(2), fir_guard: None, trash: None, source: None }).await.unwrap();
    let mut late = read.clone();
    late.grievance.version += 1;
    late.grievance.fields.brief_details = "Late change".into();
    let refused = engine.commit(GrievanceChange { before: Some(&read), after: Some(&late), audit: batch(2), fir_guard: None, trash: None, source: None }).await;
    assert_eq!(refused.unwrap_err().to_string(), "This grievance was changed by someone else since you opened it. Please reload it and try again.");
    assert_eq!(engine.get(first.grievance.id).await.unwrap().unwrap().grievance.fields.brief_details, "First change");
}

/// The fixture in `order`, by rules written out here: ranks are the items' display order,
/// ties go by id in the same direction.
fn expected_in_order(fixture: &[Stored], ranks: &Ranks, viewer: &Viewer, f: &Filters) -> Vec<i64> {
    let by_id: BTreeMap<i64, &Grievance> = fixture.iter().map(|s| (s.grievance.id, &s.grievance)).collect();
    let mut ids = expected(fixture, viewer, f);
    let rank = |kind: ListKind, id: Option<i64>| id.and_then(|id| ranks.get(&(kind, id)).copied()).unwrap_or(i64::MAX);
    let key = |g: &Grievance| -> (String, i64, i64) {
        match f.order.key {
            SortKey::FiledAt => (g.filed_at.clone(), 0, g.id),
            SortKey::FirDate => (g.fields.fir_date.to_string(), 0, g.id),
            SortKey::Priority => (String::new(), rank(ListKind::Priorities, g.priority_id), g.id),
            SortKey::Status => (String::new(), rank(ListKind::Statuses, g.status_id), g.id),
        }
    };
    ids.sort_by_key(|id| key(by_id[id]));
    if f.order.direction == SortDirection::Desc {
        ids.reverse();
    }
    ids
}

/// Every order, in both scopes, with no filter and with two filters, read to the end in
/// pages of `page` (97: pages end inside runs of equal keys).
/// Without `every_sort`, a column the indexes do not keep in order is sorted only under a
/// narrowing filter, and in one direction for each viewer, by turns: such a sort reads every
/// match for every page (on moto, most of the DynamoDB suite's time) and orders them in the
/// engine's own code, the same over the SQLite store, where every case is tried.
async fn every_order_agrees_with_the_fixture(Setup { engine, fixture, ranks }: &Setup, page: usize, every_sort: bool, exact: bool) {
    let g = &fixture[5].grievance;
    let from = fixture[fixture.len() / 4].grievance.fields.fir_date.clone();
    let narrowing: [Box<dyn Fn(&mut Filters)>; 3] = [
        Box::new(|_: &mut Filters| {}),
        Box::new(|f: &mut Filters| f.status = g.status_id),
        Box::new(|f: &mut Filters| {
            f.district = g.district_id;
            f.from_date = Some(from.to_string());
        }),
    ];
    for (turn, viewer) in viewers(engine.as_ref(), fixture, USERS[0]).await.iter().enumerate() {
        for key in [SortKey::FiledAt, SortKey::FirDate, SortKey::Priority, SortKey::Status] {
            for (d, direction) in [SortDirection::Asc, SortDirection::Desc].into_iter().enumerate() {
                for (n, narrow) in narrowing.iter().enumerate() {
                    if key != SortKey::FiledAt && !every_sort && (n == 0 || (turn + d) % 2 == 1) {
                        continue;
                    }
                    let mut f = Filters { order: Order { key, direction }, ..Filters::default() };
                    narrow(&mut f);
                    let case = format!("{viewer:?}, {key:?} {direction:?}: {f:?}");
                    let want = expected_in_order(fixture, ranks, viewer, &f);
                    assert!(want.len() > page, "{case}: more than a page to sort");
                    assert_eq!(read_to_end(engine.as_ref(), viewer, &f, page, exact, &case).await, want, "{case}");
                }
            }
        }
    }
    // A cursor of one order does not continue another.
    let priority = Filters { order: Order { key: SortKey::Priority, direction: SortDirection::Asc }, ..Filters::default() };
    let first = engine.list(&Viewer::state(0), &priority, 10, None).await.unwrap();
    let status = Filters { order: Order { key: SortKey::Status, direction: SortDirection::Asc }, ..Filters::default() };
    let refused = engine.list(&Viewer::state(0), &status, 10, first.cursor).await;
    assert_eq!(refused.err().map(|e| e.to_string()).as_deref(), Some("The paging cursor is not valid"));
}

/// The reports' figures of every viewer over periods of whole and partial months, old and
/// recent (as seen on a day just after the fixture's last filing), against a count of the
/// fixture.
async fn reports_agree_with_the_fixture(Setup { engine, fixture, .. }: &Setup) {
    use cases::reports::{parse_day, tally, Period, ReportQuery};
    let today = parse_day("2024-06-20").unwrap();
    let periods = [
        Period::parse(None, None, today).unwrap(),
        Period::parse(Some("2022-03-15"), Some("2023-02-10"), today).unwrap(),
        Period::parse(Some("2021-01-01"), Some("2024-12-31"), today).unwrap(),
        Period::parse(Some("2024-05-01"), Some("2024-05-31"), today).unwrap(),
    ];
    // The state, one user's own cases and an area (another user's own are alike).
    for user in [USERS[0]] {
        for viewer in viewers(engine.as_ref(), fixture, user).await {
            for period in periods {
                let q = ReportQuery { period, today };
                let want = tally(fixture.iter().map(|s| &s.grievance).filter(|g| viewer.may_see(g)), &q);
                let got = engine.report_facts(&viewer, &q).await.unwrap();
                assert!(!want.stations.is_empty(), "{period:?}");
                assert_eq!(got, want, "{viewer:?} {period:?}");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn relational_engine_reports_agree_with_the_fixture() {
    let dir = tempfile::tempdir().unwrap();
    reports_agree_with_the_fixture(&relational_engine(dir.path()).await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn relational_engine_sorts_by_every_column_both_ways() {
    let dir = tempfile::tempdir().unwrap();
    every_order_agrees_with_the_fixture(&relational_engine(dir.path()).await, 97, true, true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn relational_engine_answers_every_combination_of_filters_exactly() {
    let dir = tempfile::tempdir().unwrap();
    every_combination_of_filters_agrees_with_the_fixture(&relational_engine(dir.path()).await, true, 50, 200, 8, 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn relational_engine_refuses_a_stale_commit() {
    let dir = tempfile::tempdir().unwrap();
    a_stale_commit_is_refused_whole(&relational_engine(dir.path()).await).await;
}

/// On DynamoDB the fixture is loaded once for the whole suite, and lists are read 100 (sorted:
/// 197) at a time: a sorted page reads every match (`list_sorted`), so the page size sets the
/// suite's time, and a dozen page boundaries per order try the cursor as well as fifty (the
/// SQLite store reads sorted lists 97 at a time). The reports go first, while the store holds
/// the fixture as loaded; the number lookups change and delete a grievance, and the stale
/// commit goes last, as it changes one too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_engine_on_dynamodb_passes_the_suite() {
    let started = std::time::Instant::now();
    let setup = item_engine_on_dynamodb().await;
    eprintln!("loaded in {:.0} s", started.elapsed().as_secs_f64());
    reports_agree_with_the_fixture(&setup).await;
    eprintln!("reports in {:.0} s", started.elapsed().as_secs_f64());
    every_combination_of_filters_agrees_with_the_fixture(&setup, false, 100, 80, 2, 4).await;
    eprintln!("filters in {:.0} s", started.elapsed().as_secs_f64());
    every_order_agrees_with_the_fixture(&setup, 197, false, false).await;
    eprintln!("orders in {:.0} s", started.elapsed().as_secs_f64());
    // Lookups read 50 at a time: each page is a query of each shard.
    finds_by_number(&setup, 50).await;
    eprintln!("numbers in {:.0} s", started.elapsed().as_secs_f64());
    a_stale_commit_is_refused_whole(&setup).await;
}

/// On the item engine a grievance's whole history follows it to the place it is transferred
/// to, however long (here 130 changes: more than one transaction holds), and leaves the
/// place's trail with it when it is deleted; its copy and its place's counters move in the
/// transfer's own transaction. A note written on a grievance as it was read before a transfer
/// is refused rather than filed under the old place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_engine_moves_a_grievances_history_with_it() {
    use cases::trail::{AuditTrail, TrailFilters};
    use domain::audit::AuditAction;
    let dir = tempfile::tempdir().unwrap();
    let sqlite = Arc::new(SqliteStore::open_with_items(dir.path().join("portal.db")).unwrap());
    let lists = Lists::seeded(sqlite.as_ref()).await;
    let engine = ItemGrievances::new(sqlite.clone());
    let trail = engines::dynamo::trail::ItemTrail::new(sqlite.clone());
    let first = fixture(&lists, 1).remove(0);
    let (from, to) = (first.grievance.police_station_id.unwrap(), lists.0[&ListKind::PoliceStations].iter().map(|s| s.0).find(|s| Some(*s) != first.grievance.police_station_id).unwrap());
    let area = |station: i64| Viewer { user_id: 999, reach: Reach::Area(Area { stations: [station].into(), ..Area::default() }) };
    let actor = Actor { user_id: 101, name: "Officer 101".into(), ..Actor::default() };
    let entry = |action: AuditAction, n: i64| cases::writes::AuditEntry { action, field_name: None, old_value: None, new_value: Some(n.to_string()), notes: None, action_details: None };
    let batch = |version: i64, action: AuditAction| AuditBatch { actor: actor.clone(), at: domain::clock::now_text(), change: AuditChange::Version(version), entries: vec![entry(action, version)] };
    engine.commit(GrievanceChange { before: None, after: Some(&first), audit: batch(1, AuditAction::Created), fir_guard: None, trash: None, source: None }).await.unwrap();
    let mut now = first.clone();
    for _ in 0..129 {
        let mut next = now.clone();
        next.grievance.version += 1;
        engine.commit(GrievanceChange { before: Some(&now), after: Some(&next), audit: batch(next.grievance.version, AuditAction::Updated), fir_guard: None, trash: None, source: None }).await.unwrap();
        now = next;
    }
    let all = TrailFilters::default();
    let records = |viewer: Viewer| {
        let trail = &trail;
        let all = &all;
        async move { trail.all(&viewer, all, 500, 0).await.unwrap().len() }
    };
    assert_eq!(records(area(from)).await, 130, "the station's trail holds every change");

    let mut moved = now.clone();
    moved.grievance.version += 1;
    moved.grievance.police_station_id = Some(to);
    moved.refs.insert(ListKind::PoliceStations, to);
    engine.commit(GrievanceChange { before: Some(&now), after: Some(&moved), audit: batch(moved.grievance.version, AuditAction::Transferred), fir_guard: None, trash: None, source: None }).await.unwrap();
    assert_eq!((records(area(from)).await, records(area(to)).await), (0, 131), "its history went with it");
    let listed = |viewer: Viewer| {
        let engine = &engine;
        async move { engine.list(&viewer, &Filters::default(), 10, None).await.unwrap().items.len() }
    };
    assert_eq!((listed(area(from)).await, listed(area(to)).await), (0, 1));
    assert_eq!((engine.tallies(&area(from)).await.unwrap().total, engine.tallies(&area(to)).await.unwrap().total), (0, 1));

    let note = cases::notes::Note {
        id: "1".into(),
        grievance_id: now.grievance.id,
        text: "Written on the grievance as it was".into(),
        corrects: None,
        author_id: 101,
        author_name: "Officer 101".into(),
        created_at: domain::clock::now_text(),
    };
    let stale = engine.record_case_file_change(&now.grievance, cases::port::CaseFileChange::Note(note), &actor, entry(AuditAction::NoteAdded, 0)).await;
    assert_eq!(stale.err().map(|e| e.to_string()).as_deref(), Some("This was changed by someone else at the same time. Please reload and try again."));
    assert_eq!(records(area(to)).await, 131, "nothing was written");

    engine.commit(GrievanceChange { before: Some(&moved), after: None, audit: batch(moved.grievance.version + 1, AuditAction::Deleted), fir_guard: None, trash: None, source: None }).await.unwrap();
    assert_eq!((listed(area(to)).await, engine.tallies(&area(to)).await.unwrap().total), (0, 0), "deleted, it is listed and counted nowhere");
    assert_eq!(records(area(to)).await, 131, "its history stays in the place's trail until the deletion is finished");
    assert_eq!(engine.finish_deletions(10).await.unwrap(), 1);
    assert_eq!(records(area(to)).await, 0, "deleted, it lies nowhere");
    assert_eq!(engine.finish_deletions(10).await.unwrap(), 0, "once");
}

/// A change links its audit records after the chain head read beside its grievance
/// (`get_to_change`), without reading the head again; the head kept is a hint. Another
/// instance's note, written between that reading and the change, moves the head: the change
/// is still written, linked after the note, and the chain holds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_engine_links_after_a_head_moved_since_it_was_read() {
    use cases::chain::VerifyScope;
    use cases::trail::AuditTrail;
    use domain::audit::AuditAction;
    let dir = tempfile::tempdir().unwrap();
    let sqlite = Arc::new(SqliteStore::open_with_items(dir.path().join("portal.db")).unwrap());
    let lists = Lists::seeded(sqlite.as_ref()).await;
    // Two instances of the engine over one store: two Lambda instances of a state's stack.
    let (this, other) = (ItemGrievances::new(sqlite.clone()), ItemGrievances::new(sqlite.clone()));
    let trail = engines::dynamo::trail::ItemTrail::new(sqlite.clone());
    let actor = Actor { user_id: 101, name: "Officer 101".into(), ..Actor::default() };
    let entry = |action: AuditAction| cases::writes::AuditEntry { action, field_name: None, old_value: None, new_value: None, notes: None, action_details: None };
    let batch = |version: i64, action: AuditAction| AuditBatch { actor: actor.clone(), at: domain::clock::now_text(), change: AuditChange::Version(version), entries: vec![entry(action)] };
    let first = fixture(&lists, 1).remove(0);
    let id = first.grievance.id;
    this.commit(GrievanceChange { before: None, after: Some(&first), audit: batch(1, AuditAction::Created), fir_guard: None, trash: None, source: None }).await.unwrap();

    let read = this.get_to_change(id).await.unwrap().expect("the grievance");
    let note = cases::notes::Note {
        id: "1".into(),
        grievance_id: id,
        text: "Written by another instance meanwhile".into(),
        corrects: None,
        author_id: 102,
        author_name: "Officer 102".into(),
        created_at: domain::clock::now_text(),
    };
    other.record_case_file_change(&read.grievance, cases::port::CaseFileChange::Note(note), &actor, entry(AuditAction::NoteAdded)).await.unwrap();
    let mut next = read.clone();
    next.grievance.version += 1;
    next.grievance.fields.brief_details = "Changed after the note".into();
    this.commit(GrievanceChange { before: Some(&read), after: Some(&next), audit: batch(2, AuditAction::Updated), fir_guard: None, trash: None, source: None }).await.unwrap();

    let chain = VerifyScope::Chains(vec![format!("grievance:{id}")]);
    let verified = trail.verify(chain).await.unwrap();
    assert_eq!((verified.broken, verified.records), (None, 3), "created, the note, the change: one chain");
    let actions: Vec<AuditAction> = trail.for_grievance(id, cases::trail::TrailAccess::Whole, None, 10, 0).await.unwrap().into_iter().map(|r| r.action).collect();
    assert_eq!(actions.len(), 3, "{actions:?}");
    assert!(actions.contains(&AuditAction::NoteAdded) && actions.contains(&AuditAction::Updated), "{actions:?}");
}

/// Each engine finds a station's grievances of one FIR number and year, whatever its capitals,
/// and follows an edit of the number; the item engine's upgrade indexes the numbers of
/// grievances filed before the index was kept.
async fn finds_the_same_fir_number(Setup { engine, fixture, .. }: &Setup) {
    let g = &fixture[5].grievance;
    let station = g.police_station_id.unwrap();
    let year = &g.fields.fir_date[..4];
    let key = domain::grievance::fir_key(&g.fields.fir_no);
    let expected: Vec<i64> = fixture
        .iter()
        .map(|s| &s.grievance)
        .filter(|o| o.police_station_id == Some(station) && domain::grievance::fir_key(&o.fields.fir_no) == key && o.fields.fir_date.starts_with(year))
        .map(|o| o.id)
        .collect();
    let ids = |found: Vec<Stored>| -> Vec<i64> {
        let mut ids: Vec<i64> = found.into_iter().map(|s| s.grievance.id).collect();
        ids.sort();
        ids
    };
    assert!(expected.contains(&g.id));
    assert_eq!(ids(engine.same_fir(station, &key, year).await.unwrap().grievances), expected);
    assert_eq!(ids(engine.same_fir(station, &key.to_lowercase().to_uppercase(), "1999").await.unwrap().grievances), Vec::<i64>::new(), "another year");
    // Renumbered: found under the new number only.
    let before = fixture[5].clone();
    let mut after = before.clone();
    after.grievance.fields.fir_no = FirNumber::parse("renumbered-77").unwrap();
    after.grievance.version += 1;
    let audit = AuditBatch { actor: Actor::default(), at: domain::clock::now_text(), change: AuditChange::Version(after.grievance.version), entries: Vec::new() };
    engine.commit(GrievanceChange { before: Some(&before), after: Some(&after), audit, fir_guard: None, trash: None, source: None }).await.unwrap();
    assert_eq!(ids(engine.same_fir(station, "RENUMBERED-77", year).await.unwrap().grievances), vec![g.id]);
    assert!(!ids(engine.same_fir(station, &key, year).await.unwrap().grievances).contains(&g.id));

    // Two edits checked against the same reading of a number: the first to be written takes
    // it; the second, guarded by what it read, is refused and writes nothing.
    let seen = engine.same_fir(station, "GUARDED-1", year).await.unwrap();
    assert!(seen.grievances.is_empty());
    let guard = cases::port::FirGuard { station_id: station, fir_key: "GUARDED-1".into(), year: year.to_string(), token: seen.token };
    let onto = |from: &Stored| {
        let mut to = from.clone();
        to.grievance.fields.fir_no = FirNumber::parse("guarded-1").unwrap();
        to.grievance.version += 1;
        to
    };
    let batch = |version| AuditBatch { actor: Actor::default(), at: domain::clock::now_text(), change: AuditChange::Version(version), entries: Vec::new() };
    // Two others of the station and year.
    let mut same_place = fixture.iter().filter(|s| s.grievance.id != g.id && s.grievance.police_station_id == Some(station) && s.grievance.fields.fir_date.starts_with(year));
    let (first, second) = (same_place.next().expect("a second grievance of the station").clone(), same_place.next().expect("a third").clone());
    let (first_after, second_after) = (onto(&first), onto(&second));
    let guarded = |before, after, version| GrievanceChange { before: Some(before), after: Some(after), audit: batch(version), fir_guard: Some(guard.clone()), trash: None, source: None };
    engine.commit(guarded(&first, &first_after, first_after.grievance.version)).await.unwrap();
    let refused = engine.commit(guarded(&second, &second_after, second_after.grievance.version)).await;
    assert_eq!(refused.unwrap_err(), domain::Error::Conflict(domain::Msg::FirTakenMeanwhile));
    assert_eq!(ids(engine.same_fir(station, "GUARDED-1", year).await.unwrap().grievances), vec![first.grievance.id]);
    assert_eq!(engine.get(second.grievance.id).await.unwrap().unwrap().grievance.version, second.grievance.version, "nothing written");
    // Read again, the guard lets a confirmed-other case through.
    let again = engine.same_fir(station, "GUARDED-1", year).await.unwrap();
    let guard = cases::port::FirGuard { token: again.token, ..guard };
    engine.commit(GrievanceChange { before: Some(&second), after: Some(&second_after), audit: batch(second_after.grievance.version), fir_guard: Some(guard), trash: None, source: None }).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn relational_engine_finds_the_same_fir_number() {
    let dir = tempfile::tempdir().unwrap();
    finds_the_same_fir_number(&relational_engine(dir.path()).await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_engine_finds_the_same_fir_number_and_indexes_those_filed_before() {
    let dir = tempfile::tempdir().unwrap();
    let (sqlite, fixture, ranks) = fixture_in_sqlite_items(dir.path()).await;
    let setup = Setup { engine: Arc::new(ItemGrievances::new(sqlite.clone())), fixture, ranks };
    finds_the_same_fir_number(&setup).await;
    // A release before the index: the entries are gone; the upgrade step writes them again.
    let g = &setup.fixture[9].grievance;
    let key = engines::dynamo::grievance_keys::fir_number(g).unwrap();
    sqlite.transact(vec![store::Write::delete(key.clone())]).await.unwrap();
    let (station, fir, year) = (g.police_station_id.unwrap(), domain::grievance::fir_key(&g.fields.fir_no), g.fields.fir_date[..4].to_string());
    assert!(!setup.engine.same_fir(station, &fir, &year).await.unwrap().grievances.iter().any(|s| s.grievance.id == g.id));
    let written = engines::migrations::fir_numbers(sqlite.as_ref()).await.unwrap();
    assert_eq!(written, Some(FIXTURE as u64), "every grievance names a station");
    assert!(setup.engine.same_fir(station, &fir, &year).await.unwrap().grievances.iter().any(|s| s.grievance.id == g.id));
    assert_eq!(engines::migrations::fir_numbers(sqlite.as_ref()).await.unwrap(), None, "once");
}

/// The item engine's closure-requests queue: a grievance with a pending request is in it (the
/// list and its count), and the upgrade queues the requests of grievances kept before the
/// queue, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_engine_queues_closure_requests_and_the_upgrade_queues_those_asked_before() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = Arc::new(SqliteStore::open_with_items(dir.path().join("portal.db")).unwrap());
    let lists = Lists::seeded(sqlite.as_ref()).await;
    let mut fixture = fixture(&lists, 30);
    let request = domain::grievance::ClosureRequest {
        status_id: 1,
        status: "Closed".into(),
        final_decision: None,
        notes: None,
        requested_by: 7,
        requested_by_name: "Desk".into(),
        requested_at: domain::clock::now_text(),
    };
    for at in [4, 17] {
        fixture[at].grievance.closure = Some(request.clone());
    }
    let actor = Actor { user_id: 101, name: "Officer 101".into(), ..Actor::default() };
    sqlite.bulk(fixture.iter().flat_map(|stored| engines::dynamo::grievances::creation_writes(stored, &actor)).collect()).await.unwrap();
    let engine = ItemGrievances::new(sqlite.clone());
    let pending = Filters { closure_pending: true, ..Filters::default() };
    let queue = || async {
        let page = engine.list(&Viewer::state(0), &pending, 50, None).await.unwrap();
        let mut ids: Vec<i64> = page.items.iter().map(|s| s.grievance.id).collect();
        ids.sort();
        (ids, engine.count(&Viewer::state(0), &pending).await.unwrap().matched, page.examined)
    };
    let mut expected: Vec<i64> = fixture.iter().filter(|s| s.grievance.closure.is_some()).map(|s| s.grievance.id).collect();
    expected.sort();
    let n = expected.len();
    assert!(n >= 2 && n < 30);
    assert_eq!(queue().await, (expected.clone(), Some(n as i64), n as u64), "the queue's entries only are read");
    // A release before the queue: the entries are gone; the upgrade writes them again.
    let entries = store::read_all(sqlite.as_ref(), store::Query::table(engines::dynamo::grievance_keys::CLOSURES_PK)).await.unwrap();
    sqlite.transact(entries.iter().map(|e| store::Write::delete(e.key.clone())).collect()).await.unwrap();
    assert_eq!(queue().await, (vec![], Some(0), 0));
    assert_eq!(engines::migrations::closure_queue(sqlite.as_ref()).await.unwrap(), Some(n as u64));
    assert_eq!(queue().await, (expected, Some(n as i64), n as u64));
    assert_eq!(engines::migrations::closure_queue(sqlite.as_ref()).await.unwrap(), None, "once");
}

/// On the item engine a station's or a district's FIRs of a period are a range of the
/// keys-only FIR-date index: the list reads the range's keys and no other grievance, and
/// counts them exactly; a district's count is its counter. The upgrade files grievances
/// kept before these indexes (and before the state's and statuses' indexes were sharded),
/// and counts their districts, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_engine_reads_fir_date_ranges_by_key_and_the_upgrade_files_those_kept_before() {
    use engines::dynamo::grievance_keys as keys;
    let dir = tempfile::tempdir().unwrap();
    let (sqlite, fixture, _) = fixture_in_sqlite_items(dir.path()).await;
    let engine = ItemGrievances::new(sqlite.clone());
    let g = &fixture[17].grievance;
    let year = |f: &mut Filters| {
        f.from_date = Some("2022-06-01".into());
        f.to_date = Some("2023-05-31".into());
    };
    let station = Filters { police_station: g.police_station_id, ..Filters::default() };
    let district = Filters { district: g.district_id, ..Filters::default() };
    let mut station_year = station.clone();
    year(&mut station_year);
    let mut district_year = district.clone();
    year(&mut district_year);
    let state = Viewer::state(0);
    // What each asks for, newest filed first, and what one page of 50 reads.
    let check = |f: Filters, expect_examined: Box<dyn Fn(usize) -> u64>| {
        let (engine, fixture, state) = (&engine, &fixture, &state);
        async move {
            let want = expected(fixture, state, &f);
            assert!(want.len() > 50, "{f:?}: more than a page");
            let page = engine.list(state, &f, 50, None).await.unwrap();
            let got: Vec<i64> = page.items.iter().map(|s| s.grievance.id).collect();
            assert_eq!(got, want[..50], "{f:?}");
            assert_eq!(page.examined, expect_examined(want.len()), "{f:?}: what the page read");
            assert_eq!(engine.count(state, &f).await.unwrap().matched, Some(want.len() as i64), "{f:?}: the exact count");
            let next = engine.list(state, &f, 50, page.cursor).await.unwrap();
            assert_eq!(next.items.iter().map(|s| s.grievance.id).collect::<Vec<_>>(), want[50..want.len().min(100)], "{f:?}: the second page");
        }
    };
    // A range's keys, every one and nothing else; a place's own partition, a page of it.
    check(station_year.clone(), Box::new(|n| n as u64)).await;
    check(district_year.clone(), Box::new(|n| n as u64)).await;
    check(station.clone(), Box::new(|_| 50)).await;
    check(district.clone(), Box::new(|_| 50)).await;
    // A range that ends before it starts holds nothing.
    let backwards = Filters { from_date: Some("2023-01-01".into()), to_date: Some("2022-01-01".into()), ..station.clone() };
    assert!(engine.list(&state, &backwards, 50, None).await.unwrap().items.is_empty());
    assert_eq!(engine.count(&state, &backwards).await.unwrap().matched, Some(0));

    // A release before these indexes: no grievance is in them, no district is counted.
    let places: std::collections::BTreeSet<String> = fixture
        .iter()
        .flat_map(|s| [keys::place(s.grievance.district_id, s.grievance.police_station_id).map(|p| keys::fir_place_pk(&p)), s.grievance.district_id.map(keys::fir_district_pk)])
        .flatten()
        .collect();
    let mut indexed = BTreeMap::new();
    for pk in places {
        for mut item in store::read_all(sqlite.as_ref(), store::Query::index(store::Index::Gsi4, pk)).await.unwrap() {
            let in_district = item.str("gsi1pk").is_some_and(|p| p.starts_with("DISTRICTGRV#"));
            item.attrs.retain(|name, _| !name.starts_with("gsi4") && !(in_district && name.starts_with("gsi1")));
            // The state's and the statuses' grievances, each in one partition, unsharded.
            if item.key.pk.starts_with("GRV#") {
                let status = item.i64("status_id").unwrap_or(0);
                item.attrs.insert("gsi1pk".into(), serde_json::json!(keys::UNSHARDED_INDEX_PK));
                item.attrs.insert("gsi2pk".into(), serde_json::json!(format!("GRVSTATUS#{status}")));
            }
            indexed.insert(item.key.clone(), item);
        }
    }
    let districts: std::collections::BTreeSet<i64> = fixture.iter().filter_map(|s| s.grievance.district_id).collect();
    let mut stripped: Vec<store::Write> = indexed.into_values().map(store::Write::put).collect();
    stripped.extend(districts.into_iter().flat_map(keys::stats_district_parts).map(store::Write::delete));
    sqlite.bulk(stripped).await.unwrap();
    let newest: Vec<i64> = engine.list(&state, &Filters::default(), 50, None).await.unwrap().items.iter().map(|s| s.grievance.id).collect();
    assert_ne!(newest, expected(&fixture, &state, &Filters::default())[..50], "the shards hold only what was written since");
    assert_eq!(engine.count(&state, &district_year).await.unwrap().matched, Some(0), "nothing indexed");
    assert_eq!(engine.count(&state, &district).await.unwrap().matched, Some(0), "nothing counted");
    assert_eq!(engines::migrations::grievance_indexes(sqlite.as_ref()).await.unwrap(), Some(FIXTURE as u64));
    check(station_year, Box::new(|n| n as u64)).await;
    check(district_year, Box::new(|n| n as u64)).await;
    check(district, Box::new(|_| 50)).await;
    // The state's and one status's grievances: a page from each shard, merged.
    check(Filters::default(), Box::new(|_| 50)).await;
    check(Filters { status: g.status_id, ..Filters::default() }, Box::new(|_| 50)).await;
    assert_eq!(engines::migrations::grievance_indexes(sqlite.as_ref()).await.unwrap(), None, "once");
}

