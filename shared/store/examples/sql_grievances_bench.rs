//! The relational grievance engine at 1,000,000 grievances: load realistic synthetic data
//! into a SQLite file (reused when it already holds them), then time each list scenario
//! single-threaded and print queries/s, p50, p99, the exact match count and the sizes.
//!
//! `cargo run --release -p store --example sql_grievances_bench [-- --rows N --file PATH --seconds S]`

use domain::grievance::{Day, FirNumber, GrievanceFields, OfficerEntry};
use domain::pendency::{stage_of, Stage};
use rusqlite::Connection;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use store::sql::grievances::{self as g, Direction, GrievanceQuery, GrievanceRow, Overdue, PendencyTable, Scope, Sort};
use store::sql::{self, ListItem, ListKind, StatusMeaning};
use time::macros::date;
use time::{Date, PrimitiveDateTime, Time};

/// "Today" of the data set: fixed, so that every run measures the same questions.
const TODAY: Date = date!(2026 - 11 - 20);
const USERS: u64 = 10_000;

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
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

// The portal's default lists (shared/domain/src/lists.rs), as `portal seed` uses them.
const DISTRICTS: [&str; 5] = ["Central District", "North District", "South District", "East District", "West District"];
const STATIONS: [(&str, &str); 7] = [
    ("City Kotwali", "KOT"),
    ("Civil Lines", "CVL"),
    ("Cantonment", "CNT"),
    ("Railway Station", "RLY"),
    ("Industrial Area", "IND"),
    ("Women Police Station", "WPS"),
    ("Cyber Police Station", "CYB"),
];
const STATUSES: [(&str, StatusMeaning); 4] =
    [("Pending", StatusMeaning::Open), ("In Progress", StatusMeaning::InProgress), ("Resolved", StatusMeaning::Resolved), ("Closed", StatusMeaning::Closed)];
/// Rank 1 is the most urgent.
const PRIORITIES: [(&str, i64); 4] = [("Critical", 1), ("High", 2), ("Medium", 3), ("Low", 4)];

fn district_id(i: usize) -> i64 {
    1 + i as i64
}
fn station_id(i: usize) -> i64 {
    11 + i as i64
}
fn status_id(i: usize) -> i64 {
    21 + i as i64
}
fn priority_id(i: usize) -> i64 {
    31 + i as i64
}

const PLACES: [&str; 10] = [
    "the vegetable market", "the bus stand", "Gandhi Chowk", "the railway station parking", "the district hospital",
    "his shop on Station Road", "the college gate", "the petrol pump on the highway", "the weekly haat", "the temple",
];
const VEHICLES: [&str; 9] = ["motorcycle", "motorcycle", "motorcycle", "motorcycle", "scooter", "bicycle", "car", "e-rickshaw", "tractor trolley"];
const NAMES: [&str; 10] = ["Ramesh Yadav", "Sunita Devi", "Mohammed Irfan", "Kavita Sharma", "Joseph Mathew", "Harpreet Kaur", "Lakshmi Narayan", "अनीता वर्मा", "विजय प्रताप", "Arjun Singh"];
const OFFICERS: [&str; 8] = ["SI Ramesh Yadav", "ASI Sunita Devi", "Insp. Arjun Singh", "SI Mohammed Irfan", "SI Kavita Sharma", "एसआई विजय प्रताप", "निरीक्षक अनीता वर्मा", "SI Joseph Mathew"];

/// A brief, and its crime title: varied sentences, a vehicle theft about one case in ten
/// (four in nine of them a motorcycle), about one in seven written in Hindi.
fn story(rng: &mut Rng) -> (String, &'static str) {
    let place = *rng.pick(&PLACES);
    let name = *rng.pick(&NAMES);
    match rng.below(100) {
        0..10 => {
            let v = *rng.pick(&VEHICLES);
            (format!("The complainant {name} reports that his {v} parked near {place} was stolen between 7 and 9 pm; registration papers and CCTV footage of the area requested."), "Theft")
        }
        10..18 => (format!("Mobile phone snatched from {name} near {place} by two youths who fled towards the bypass; the complainant could not note the number."), "Robbery"),
        18..20 => (format!("Two persons on a motorcycle snatched a gold chain from {name} near {place}; the accused are about 25 years old."), "Robbery"),
        20..30 => (format!("Online fraud: {name} received a call from a person posing as a bank officer and lost Rs {} through UPI transfers.", 5_000 + rng.below(200_000)), "Cheating and Fraud"),
        30..37 => (format!("House burglary at the residence of {name}: the lock was broken while the family was away and cash and jewellery were taken."), "Burglary"),
        37..45 => (format!("Dispute over the boundary of agricultural land between {name} and the neighbours escalated to assault near {place}."), "Land Dispute"),
        45..52 => (format!("{name} complains of delay in the investigation of an earlier FIR and seeks transfer of the case to another officer."), "Other"),
        52..58 => (format!("Missing person report: the son of {name} did not return home from {place} since Monday evening."), "Missing Person"),
        58..65 => (format!("Domestic violence complaint by {name}; the petitioner requests protection and action against the husband and in-laws."), "Domestic Violence"),
        65..72 => (format!("Fake profile created on social media in the name of {name}; objectionable messages sent to relatives."), "Cyber Crime"),
        72..79 => (format!("Quarrel at {place} in which {name} was beaten with sticks; medical examination done at the district hospital."), "Assault"),
        79..86 => (format!("शिकायतकर्ता {name} ने बताया कि {} के पास उसकी मोटरसाइकिल चोरी हो गई।", rng.pick(&["बस स्टैंड", "सब्ज़ी मंडी", "रेलवे स्टेशन"])), "Theft"),
        86..93 => (format!("शिकायतकर्ता {name} के घर का ताला तोड़कर नकदी और गहने चोरी कर लिए गए; पड़ोसियों से पूछताछ की गई।"), "Burglary"),
        _ => (format!("Complaint by {name} against a neighbour for threats and abuse near {place}; the petitioner seeks action under the law."), "Other"),
    }
}

fn day(d: Date) -> Day {
    Day::of(d)
}

fn stamp(t: PrimitiveDateTime) -> String {
    format!("{}T{:02}:{:02}:{:02}Z", day(t.date()), t.hour(), t.minute(), t.second())
}

/// The open share of cases by age: most recent complaints are pending, old ones disposed.
fn open_percent(age_days: i64) -> u64 {
    match age_days {
        ..30 => 75,
        30..90 => 55,
        90..180 => 35,
        180..365 => 20,
        365..730 => 10,
        _ => 4,
    }
}

fn generate(rng: &mut Rng, n: u64, count: u64, fir_seq: &mut BTreeMap<(usize, i32), u32>) -> GrievanceRow {
    let id = n as i64 + 1;
    let end = PrimitiveDateTime::new(TODAY, Time::from_hms(18, 0, 0).unwrap());
    let span = 5 * 365 * 24 * 3600i64;
    let filed = end - time::Duration::seconds(span - span * (n as i64 + 1) / (count as i64 + 1));
    let fir = filed.date() - time::Duration::days(rng.below(20) as i64);
    let age = (TODAY - filed.date()).whole_days();
    let open = rng.chance(open_percent(age));
    let status = if open { if rng.chance(60) { 0 } else { 1 } } else if rng.chance(70) { 2 } else { 3 };
    let priority = match rng.below(100) {
        0..8 => 0,
        8..30 => 1,
        30..75 => 2,
        _ => 3,
    };
    let station = rng.below(STATIONS.len() as u64) as usize;
    let district = rng.below(DISTRICTS.len() as u64) as usize;
    let seq = fir_seq.entry((station, fir.year())).or_insert(0);
    *seq += 1;
    let (brief, crime) = story(rng);
    let officers: Vec<OfficerEntry> = (0..rng.below(3))
        .map(|k| OfficerEntry {
            officer_name: rng.pick(&OFFICERS).to_string(),
            from_date: Some(day(filed.date() + time::Duration::days(2 + 30 * k as i64))),
            to_date: None,
            findings: "Statements recorded; site inspected.".into(),
        })
        .filter(|o| o.from_date.as_deref() <= Some(day(TODAY).as_str()))
        .collect();
    let done = status >= 2;
    let scrutiny = rng.chance(15);
    let fields = GrievanceFields {
        type_of_call: Some(rng.pick(&["Walk-in", "Phone", "Letter", "Online"]).to_string()),
        fir_no: FirNumber::parse(&format!("{}/{}/{:05}", STATIONS[station].1, fir.year(), seq)).expect("a FIR number"),
        fir_date: day(fir),
        section_and_act: rng.pick(&["379 IPC", "420 IPC", "323 IPC", "498A IPC", "66C IT Act", "303 BNS", "318 BNS"]).to_string(),
        crime_title: crime.to_string(),
        district: DISTRICTS[district].into(),
        police_station: STATIONS[station].0.into(),
        status: STATUSES[status].0.into(),
        priority: PRIORITIES[priority].0.into(),
        put_in_court: rng.chance(8),
        cross_case: rng.chance(5),
        reason: Some(rng.pick(&["Delay in Investigation", "Non-registration of FIR", "Improper Investigation", "Other"]).to_string()),
        current_investigation_officer: officers.last().map(|o| o.officer_name.clone()),
        investigation_officers: officers,
        brief_details: brief,
        date_of_inward: Some(day(filed.date())),
        date_for_scrutiny: scrutiny.then(|| day(filed.date() + time::Duration::days(1))),
        scrutiny_officer_name: scrutiny.then(|| "Dy. SP (HQ)".to_string()),
        received_date_after_scrutiny: (scrutiny && rng.chance(70)).then(|| day(filed.date() + time::Duration::days(8))).filter(|d| d.as_str() <= day(TODAY).as_str()),
        action_taken_by_ig_office: done.then(|| "Report called for and reviewed.".to_string()),
        final_decision: done.then(|| "Complaint disposed of after enquiry.".to_string()),
        ..GrievanceFields::default()
    };
    let resolved_at = done.then(|| stamp((filed + time::Duration::days(1 + rng.below(90) as i64)).min(end)));
    let filed_at = stamp(filed);
    let at = stage_of(&fields, done, resolved_at.as_deref(), &filed_at);
    let filed_by = 1 + rng.below(USERS) as i64;
    let assigned_to = rng.chance(60).then(|| 1 + rng.below(USERS) as i64);
    GrievanceRow {
        id,
        grievance_number: format!("GRV-{}-{id:07}", filed.year()),
        fields,
        district_id: Some(district_id(district)),
        police_station_id: Some(station_id(station)),
        status_id: Some(status_id(status)),
        priority_id: Some(priority_id(priority)),
        filed_by,
        filed_by_name: format!("Officer {filed_by}"),
        assigned_to,
        assigned_to_name: assigned_to.map(|a| format!("Officer {a}")),
        filed_at: filed_at.clone(),
        updated_at: resolved_at.clone().unwrap_or(filed_at),
        resolved_at,
        stage: at.stage,
        stage_since: day(at.since).to_string(),
        version: 1,
        status_meaning: STATUSES[status].1,
        resolution_days: None,
        other_refs: Default::default(),
        closure: None,
        escalation: None,
        clock_events: Vec::new(),
        next_due: None,
        clock_runs: None,
        people_text: None,
    }
}

fn load(conn: &mut Connection, rows: u64) -> anyhow::Result<()> {
    let have: i64 = conn.query_row("SELECT count(*) FROM grievances", [], |r| r.get(0))?;
    if have as u64 == rows {
        println!("reusing {rows} grievances already in the file");
        return Ok(());
    }
    anyhow::ensure!(have == 0, "the file holds {have} grievances, not {rows}: remove it first");
    // A bulk load touches every index page: a large cache keeps them in memory.
    conn.execute_batch("PRAGMA cache_size=-2000000")?;
    let tx = conn.transaction()?;
    for (i, name) in DISTRICTS.iter().enumerate() {
        sql::put_list_item(&tx, &ListItem { id: district_id(i), kind: ListKind::Districts, name: name.to_string(), meaning: None, rank: i as i64 })?;
    }
    for (i, (name, _)) in STATIONS.iter().enumerate() {
        sql::put_list_item(&tx, &ListItem { id: station_id(i), kind: ListKind::PoliceStations, name: name.to_string(), meaning: None, rank: i as i64 })?;
    }
    for (i, (name, meaning)) in STATUSES.iter().enumerate() {
        sql::put_list_item(&tx, &ListItem { id: status_id(i), kind: ListKind::Statuses, name: name.to_string(), meaning: Some(*meaning), rank: i as i64 + 1 })?;
    }
    for (i, (name, rank)) in PRIORITIES.iter().enumerate() {
        sql::put_list_item(&tx, &ListItem { id: priority_id(i), kind: ListKind::Priorities, name: name.to_string(), meaning: None, rank: *rank })?;
    }
    tx.commit()?;
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut fir_seq = BTreeMap::new();
    let started = Instant::now();
    const BATCH: u64 = 50_000;
    let mut n = 0;
    while n < rows {
        let tx = conn.transaction()?;
        for k in n..(n + BATCH).min(rows) {
            g::insert(&tx, &generate(&mut rng, k, rows, &mut fir_seq))?;
        }
        tx.commit()?;
        n = (n + BATCH).min(rows);
        eprint!("\r  {n} of {rows} grievances, {:.0}/s", n as f64 / started.elapsed().as_secs_f64());
    }
    eprintln!();
    let secs = started.elapsed().as_secs_f64();
    println!("inserted {rows} grievances in {secs:.1} s: {:.0} grievances/s (transactions of {BATCH}, triggers keeping text index, viewers, figures)", rows as f64 / secs);
    let started = Instant::now();
    conn.execute_batch("ANALYZE; PRAGMA wal_checkpoint(TRUNCATE); PRAGMA cache_size=-65536;")?;
    println!("ANALYZE in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

fn limits() -> PendencyTable {
    let plan = [(0usize, [1u32, 3, 15, 180]), (1, [3, 7, 30, 365]), (2, [7, 15, 60, 730]), (3, [15, 30, 90, 1095])];
    let mut table = BTreeMap::new();
    for (p, days) in plan {
        for (stage, d) in [Stage::Inward, Stage::Scrutiny, Stage::WithIo, Stage::InCourt].into_iter().zip(days) {
            table.insert((priority_id(p), stage), d);
        }
    }
    PendencyTable(table)
}

struct Outcome {
    per_second: f64,
    p50: Duration,
    p99: Duration,
    matched: String,
}

fn measure(seconds: f64, mut run: impl FnMut() -> anyhow::Result<String>) -> anyhow::Result<Outcome> {
    let warm = Instant::now();
    while warm.elapsed() < Duration::from_millis(300) {
        run()?;
    }
    let mut times = Vec::new();
    let started = Instant::now();
    let mut matched = String::new();
    while started.elapsed().as_secs_f64() < seconds {
        let t = Instant::now();
        matched = run()?;
        times.push(t.elapsed());
    }
    let total = started.elapsed().as_secs_f64();
    times.sort();
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    Ok(Outcome { per_second: times.len() as f64 / total, p50: at(0.5), p99: at(0.99), matched })
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let rows: u64 = arg("--rows").map(|r| r.parse()).transpose()?.unwrap_or(1_000_000);
    let seconds: f64 = arg("--seconds").map(|r| r.parse()).transpose()?.unwrap_or(3.0);
    let path = arg("--file").unwrap_or_else(|| format!("{}/../../target/sql-bench/grievances-{rows}.db", env!("CARGO_MANIFEST_DIR")));
    std::fs::create_dir_all(std::path::Path::new(&path).parent().unwrap())?;
    let mut conn = sql::open(&path)?;
    load(&mut conn, rows)?;

    let today = TODAY;
    let overdue = Overdue { today, limits: limits() };
    // A user who filed about a hundred cases (ids are spread evenly over 10,000 staff).
    let own_user = 4242;
    let filed_by_own: i64 = conn.query_row("SELECT count(*) FROM grievances WHERE filed_by = ?1", [own_user], |r| r.get(0))?;
    let state = || GrievanceQuery::new(Scope::State);
    // A posting's area: a station's (a seventh of the data here: the data set has 7 stations),
    // and three stations with a district's grievances without one.
    let one_station = || Scope::Area { stations: vec![station_id(1)], districts: vec![] };
    let area = || Scope::Area { stations: vec![station_id(0), station_id(1), station_id(2)], districts: vec![district_id(4)] };
    let district_year = || GrievanceQuery {
        district_id: Some(district_id(4)),
        fir_date_from: Some("2022-01-01".into()),
        fir_date_to: Some("2022-12-31".into()),
        sort: Sort::FirDate,
        ..state()
    };
    let mut scenarios: Vec<(String, GrievanceQuery)> = vec![
        ("list first page, newest first".into(), state()),
        ("status = Pending".into(), GrievanceQuery { status_id: Some(status_id(0)), ..state() }),
        ("status = Resolved".into(), GrievanceQuery { status_id: Some(status_id(2)), ..state() }),
        ("free text \"motorcycle\"".into(), GrievanceQuery { search: Some("motorcycle".into()), ..state() }),
        ("free text \"मोटरसाइकिल\"".into(), GrievanceQuery { search: Some("मोटरसाइकिल".into()), ..state() }),
        ("free text \"Irfan\" + district".into(), GrievanceQuery { search: Some("Irfan".into()), district_id: Some(district_id(1)), ..state() }),
        ("district + FIR dates of 2022, by FIR date".into(), district_year()),
        ("district + FIR dates of 2022, newest first".into(), GrievanceQuery { sort: Sort::FiledAt, ..district_year() }),
        ("district + FIR 2022-03-15..2022-09-10, by FIR date".into(), GrievanceQuery { fir_date_from: Some("2022-03-15".into()), fir_date_to: Some("2022-09-10".into()), ..district_year() }),
        ("station + status".into(), GrievanceQuery { police_station_id: Some(station_id(1)), status_id: Some(status_id(1)), ..state() }),
        ("priority + status".into(), GrievanceQuery { priority_id: Some(priority_id(1)), status_id: Some(status_id(0)), ..state() }),
        ("FIR number substring \"2023/0421\"".into(), GrievanceQuery { fir_no: Some("2023/0421".into()), ..state() }),
        ("overdue only".into(), GrievanceQuery { overdue: Some(overdue.clone()), ..state() }),
        ("overdue + priority High".into(), GrievanceQuery { overdue: Some(overdue.clone()), priority_id: Some(priority_id(1)), ..state() }),
        ("overdue + station".into(), GrievanceQuery { overdue: Some(overdue.clone()), police_station_id: Some(station_id(2)), ..state() }),
        (format!("own scope (user filed {filed_by_own})"), GrievanceQuery::new(Scope::Own(own_user))),
        ("own scope + status".into(), GrievanceQuery { status_id: Some(status_id(2)), ..GrievanceQuery::new(Scope::Own(own_user)) }),
        ("sort by priority, asc".into(), GrievanceQuery { sort: Sort::Priority, direction: Direction::Asc, ..state() }),
        ("posting: one station".into(), GrievanceQuery::new(one_station())),
        ("posting: three stations and a district".into(), GrievanceQuery::new(area())),
        ("posting: area + status".into(), GrievanceQuery { status_id: Some(status_id(1)), ..GrievanceQuery::new(area()) }),
        ("posting: area + free text \"motorcycle\"".into(), GrievanceQuery { search: Some("motorcycle".into()), ..GrievanceQuery::new(area()) }),
        ("posting: area + overdue".into(), GrievanceQuery { overdue: Some(overdue.clone()), ..GrievanceQuery::new(area()) }),
    ];
    // Page 20 of district + year: the cursor after 19 pages.
    let mut q = district_year();
    for _ in 0..19 {
        let page = g::list(&conn, &q)?;
        q.after = page.next;
    }
    scenarios.push(("page 20 of district + 2022".into(), q));
    let mut q = state();
    for _ in 0..19 {
        let page = g::list(&conn, &q)?;
        q.after = page.next;
    }
    scenarios.push(("page 20, newest first".into(), q));

    println!("\n| scenario ({rows} grievances) | queries/s | p50 | p99 | matched | rows |");
    println!("|---|---:|---:|---:|---:|---:|");
    // ONLY=text1,text2 measures just the scenarios whose names hold one of the texts.
    let only: Option<Vec<String>> = std::env::var("ONLY").ok().map(|o| o.split(',').map(str::to_string).collect());
    let wanted = |name: &str| only.as_ref().is_none_or(|o| o.iter().any(|t| name.contains(t.as_str())));
    for (name, q) in scenarios.iter().filter(|(name, _)| wanted(name)) {
        let rows_on_page = g::list(&conn, q)?.rows.len();
        let out = measure(seconds, || Ok(g::list(&conn, q)?.matched.to_string()))?;
        println!("| {name} | {:.0} | {:.2} ms | {:.2} ms | {} | {rows_on_page} |", out.per_second, out.p50.as_secs_f64() * 1e3, out.p99.as_secs_f64() * 1e3, out.matched);
        if std::env::var_os("COUNTS").is_some() {
            let out = measure(seconds, || Ok(g::count_matches(&conn, q)?.to_string()))?;
            println!("|   count alone | {:.0} | {:.2} ms | {:.2} ms | {} | |", out.per_second, out.p50.as_secs_f64() * 1e3, out.p99.as_secs_f64() * 1e3, out.matched);
        }
        if std::env::var_os("PLANS").is_some() {
            println!("|   plan: {} | | | | | |", g::explain(&conn, q)?);
        }
    }
    if only.is_some() {
        return Ok(());
    }
    for (name, scope) in [("counts by status, state", Scope::State), ("counts by status, own", Scope::Own(own_user)), ("counts by status, posting area", area())] {
        let out = measure(seconds, || {
            let counts = g::counts_by_status(&conn, &scope)?;
            Ok(counts.iter().map(|(s, n)| format!("{}:{n}", s.unwrap_or(0))).collect::<Vec<_>>().join(" "))
        })?;
        println!("| {name} | {:.0} | {:.2} ms | {:.2} ms | {} | |", out.per_second, out.p50.as_secs_f64() * 1e3, out.p99.as_secs_f64() * 1e3, out.matched);
    }
    let by_id = measure(seconds, {
        let mut id = 0i64;
        let conn = &conn;
        move || {
            id = id % rows as i64 + 7919;
            Ok(g::get(conn, id)?.map(|r| r.id.to_string()).unwrap_or_default())
        }
    })?;
    println!("| grievance by id | {:.0} | {:.3} ms | {:.3} ms | | 1 |", by_id.per_second, by_id.p50.as_secs_f64() * 1e3, by_id.p99.as_secs_f64() * 1e3);

    // Creating a grievance as a request would: one durable transaction each (the row, its
    // text index entry, viewers and figures); removed again afterwards so the file stays
    // at `rows` grievances.
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut fir_seq = BTreeMap::new();
    let mut times = Vec::new();
    let started = Instant::now();
    let mut made = 0i64;
    while started.elapsed().as_secs_f64() < seconds {
        let mut row = generate(&mut rng, rows - 1, rows, &mut fir_seq);
        made += 1;
        row.id = rows as i64 + made;
        row.grievance_number = format!("GRV-NEW-{}", row.id);
        let t = Instant::now();
        let tx = conn.transaction()?;
        g::insert(&tx, &row)?;
        tx.commit()?;
        times.push(t.elapsed());
    }
    let total = started.elapsed().as_secs_f64();
    times.sort();
    println!(
        "| create, one durable transaction each | {:.0} | {:.2} ms | {:.2} ms | {made} made | |",
        times.len() as f64 / total,
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[times.len() * 99 / 100].as_secs_f64() * 1e3
    );
    let tx = conn.transaction()?;
    tx.execute("DELETE FROM grievances WHERE id > ?1", [rows as i64])?;
    tx.commit()?;

    sizes(&conn, &path)?;
    Ok(())
}

fn sizes(conn: &Connection, path: &str) -> anyhow::Result<()> {
    let file = std::fs::metadata(path)?.len();
    println!("\nfile {path}: {:.1} MB", file as f64 / 1e6);
    let mut stmt = conn.prepare("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC")?;
    let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?.collect::<rusqlite::Result<Vec<_>>>()?;
    let mut groups: BTreeMap<&str, i64> = BTreeMap::new();
    println!("\n| object | MB |\n|---|---:|");
    for (name, bytes) in &rows {
        println!("| {name} | {:.1} |", *bytes as f64 / 1e6);
        let group = if name.starts_with("grievance_text") {
            "text index (FTS5)"
        } else if name == "grievances" {
            "grievances table"
        } else if name.starts_with("g_") || name.starts_with("sqlite_autoindex_grievances") {
            "grievances indexes"
        } else {
            "viewers, figures, lists"
        };
        *groups.entry(group).or_default() += bytes;
    }
    println!("\n| part | MB |\n|---|---:|");
    for (group, bytes) in groups {
        println!("| {group} | {:.1} |", bytes as f64 / 1e6);
    }
    Ok(())
}
