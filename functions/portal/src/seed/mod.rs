//! `portal seed`: fills the embedded store with realistic synthetic grievances for
//! benchmarks, training and demonstrations: a state's districts and stations, five years of
//! FIR dates, officers, statuses in realistic proportions, Unicode names and text. Every
//! grievance is written exactly as a request would write it (audit record, counters, list
//! usage), only many at a time. With `--state`, the stations, staff and their cases are a
//! state's (`state`).

mod draw;
mod history;
pub mod state;

use draw::{Rng, FAMILY_NAMES, GIVEN_NAMES};

use anyhow::Context;
use auth::users::NewUser;
use cases::port::{AuditBatch, AuditChange};
use cases::{Actor, Grievance};
use domain::grievance::{GrievanceFields, OfficerEntry};
use domain::lists::ListKind;
use domain::user::UserStatus;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use store::sqlite::SqliteStore;
use time::{Duration, OffsetDateTime};

/// The password of every seeded officer.
pub const SEED_PASSWORD: &str = "Officer-Pass-1";
/// The roles of the seeded officers: the first half see the whole state (view_all), the
/// second half only the grievances they filed or are assigned (the own scope), so that the
/// data has both kinds of reader.
const SEED_ROLE: &str = "Seed Officer";
const SEED_OWN_ROLE: &str = "Seed Constable";

/// "Section & Act" as stations write it, under the code of the FIR's day.
const OLD_CODE_SECTIONS: [&str; 7] = ["379 IPC", "420 IPC", "323 IPC", "498A IPC", "66C IT Act", "376 IPC", "406 IPC"];
const NEW_CODE_SECTIONS: [&str; 7] = ["303(2) BNS", "318(4) BNS", "115(2) BNS", "85 BNS", "66C IT Act", "64 BNS", "316(2) BNS"];

const OFFICERS: [&str; 12] = [
    "SI Ramesh Yadav", "ASI Sunita Devi", "Insp. Arjun Singh", "SI Mohammed Irfan", "SI Kavita Sharma", "ASI Rajesh Kumar",
    "Insp. Meena Kumari", "SI Harpreet Kaur", "एसआई विजय प्रताप", "निरीक्षक अनीता वर्मा", "SI Joseph Mathew", "ASI Lakshmi Narayan",
];

/// The complainant of a synthetic case: a name of the lists above and an Indian mobile, so
/// that a search by a person's name or mobile meets the spread a state's cases give it.
fn complainant(rng: &mut Rng) -> domain::parties::Party {
    let name = format!("{} {}", rng.pick(&GIVEN_NAMES), rng.pick(&FAMILY_NAMES));
    let mobile = format!("{}{:09}", 6 + rng.below(4), rng.below(1_000_000_000));
    domain::parties::Party {
        role: domain::parties::PartyRole::Complainant,
        name,
        relation: None,
        relation_name: None,
        gender: None,
        age: Some(18 + rng.below(60) as u8),
        date_of_birth: None,
        mobile: domain::parties::Mobile::parse(&mobile).ok(),
        email: None,
        address: None,
        id_document: None,
        identity_protected: false,
    }
}

const STORIES: [&str; 8] = [
    "The complainant reports that his motorcycle was stolen from outside the market in the evening.",
    "Mobile phone snatched near the bus stand by two persons on a scooter; CCTV footage requested.",
    "शिकायतकर्ता ने बताया कि उसके घर का ताला तोड़कर नकदी और गहने चोरी कर लिए गए।",
    "Online payment fraud: the complainant received a call posing as the bank and lost money via UPI.",
    "Dispute over agricultural land boundary between neighbours escalated to assault.",
    "Complaint of delay in investigation of an earlier FIR; the petitioner seeks transfer of the case.",
    "Missing person report: the complainant's son did not return from college since Monday.",
    "Domestic violence complaint; the petitioner requests protection and action against the accused.",
];

fn statuses(rng: &mut Rng) -> &'static str {
    match rng.below(100) {
        0..30 => "Pending",
        30..55 => "In Progress",
        55..85 => "Resolved",
        _ => "Closed",
    }
}

fn priority(rng: &mut Rng) -> &'static str {
    match rng.below(100) {
        0..25 => "Low",
        25..70 => "Medium",
        70..92 => "High",
        _ => "Critical",
    }
}

fn day(t: OffsetDateTime) -> domain::grievance::Day {
    domain::grievance::Day::of(t.date())
}

/// The names of each admin list's active items, with their ids, as grievances name them.
type Names = BTreeMap<ListKind, Vec<(i64, String)>>;

async fn list_names(lists: &dyn lists::AdminLists) -> anyhow::Result<Names> {
    let mut names = Names::new();
    for kind in [ListKind::CallTypes, ListKind::CrimeTitles, ListKind::Districts, ListKind::PoliceStations, ListKind::Statuses, ListKind::Priorities, ListKind::Reasons] {
        names.insert(kind, lists.list(kind).await?.into_iter().filter(|i| i.is_active).map(|i| (i.id, i.name)).collect());
    }
    Ok(names)
}

/// The seeded officers (half of them seeing their own grievances only), created once per
/// seed; they sign in as `officer{n}.{seed}@seed.portal` with `Officer-Pass-1`. Their roles
/// sign in by password alone (demonstration and benchmark data; the Admin role requires a
/// second factor).
pub async fn staff(accounts: &dyn auth::Accounts, seed: u64) -> anyhow::Result<Vec<Actor>> {
    let roles = auth::roles::list_all(accounts).await?;
    let mut role_ids = Vec::new();
    for (name, description, permissions) in [
        (SEED_ROLE, "Officers of the demonstration data (portal seed)", domain::Permissions::all()),
        (
            SEED_OWN_ROLE,
            "Constables of the demonstration data (portal seed): their own grievances only, and the reports of them",
            domain::Permissions::parse(&serde_json::json!({"grievances": "create,read,update", "dashboard": "read", "audit": "read", "reports": "read"})).map_err(anyhow::Error::msg)?,
        ),
    ] {
        let id = match roles.iter().find(|r| r.name == name) {
            Some(role) => role.id,
            None => {
                let input = domain::user::RoleInput { name: name.into(), description: description.into(), permissions, require_two_factor: Some(false), closing_needs_approval: None };
                auth::roles::create(accounts, input).await?.id
            }
        };
        role_ids.push((id, name));
    }
    let mut staff = Vec::new();
    let hash = auth::passwords::hash(SEED_PASSWORD).await?;
    for (i, name) in OFFICERS.iter().enumerate() {
        let (role_id, role_name) = role_ids[usize::from(i >= OFFICERS.len() / 2)];
        let email = domain::Email::parse(&format!("officer{}.{seed}@seed.portal", i + 1)).map_err(anyhow::Error::msg)?;
        let user = match auth::users::find_by_email(accounts, &email).await? {
            Some(u) => u,
            None => {
                auth::users::create(
                    accounts,
                    NewUser {
                        name: name.to_string(),
                        email,
                        password_hash: hash.clone(),
                        phone: Some(format!("98{:08}", i * 7919)),
                        department: Some("Crime Branch".into()),
                        designation: Some("Sub-Inspector".into()),
                        role_id,
                        status: UserStatus::Active,
                        posting: Default::default(),
                    },
                )
                .await?
            }
        };
        staff.push(Actor { user_id: user.id, name: user.name, email: user.email, role: role_name.into(), ip: "10.0.0.1".into(), user_agent: "portal seed".into(), session_id: "seed".into(), ..Actor::default() });
    }

    Ok(staff)
}

/// Synthetic grievances, numbered from `first_id`, filed over five years up to now.
pub struct Synthetic {
    names: Names,
    staff: Vec<Actor>,
    rng: Rng,
    first_id: i64,
    count: u64,
    now: OffsetDateTime,
    /// The law in force, for each case's due day and what a search finds of its people.
    indexer: cases::indexes::CaseIndexer,
    /// The Pending status's id: every history starts there.
    pending: Option<i64>,
    /// A state's stations and staff (`portal seed --state`): each case at a station by its
    /// load, in its district, filed by its staff and assigned to one of its officers.
    geography: Option<state::Geography>,
}

impl Synthetic {
    pub async fn new(lists: &dyn lists::AdminLists, staff: Vec<Actor>, first_id: i64, count: u64, seed: u64) -> anyhow::Result<Synthetic> {
        let names = list_names(lists).await?;
        let indexer = cases::indexes::CaseIndexer::new(&lists.law().await?);
        let pending = names[&ListKind::Statuses].iter().find(|(_, name)| name == "Pending").map(|(id, _)| *id);
        Ok(Synthetic { names, staff, rng: Rng(seed.max(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)), first_id, count, now: domain::clock::now(), indexer, pending, geography: None })
    }

    /// As [`Synthetic::new`], the cases placed by `geography`.
    pub fn placed(mut self, geography: state::Geography) -> Synthetic {
        self.geography = Some(geography);
        self
    }

    /// The `n`th grievance (from 0, in order), as filed by one of the staff.
    pub fn grievance(&mut self, n: u64) -> (cases::Stored, Actor) {
        let (stored, actor, _, _) = self.draw(n);
        (stored, actor)
    }

    /// The `n`th grievance with the changes that brought it where it is, each a version with its
    /// audit records: on a state's shape filed, assigned, taken up, decided and closed by its
    /// station's staff (`history`); otherwise its filing alone.
    pub fn case(&mut self, n: u64) -> (cases::Stored, Vec<AuditBatch>) {
        let (mut stored, filer, assignee, station) = self.draw(n);
        let sho = station.and_then(|i| self.geography.as_ref().and_then(|g| g.shos[i].as_ref()));
        // A station is drawn only on a state's shape.
        let changes = match station {
            Some(_) => {
                let g = &mut stored.grievance;
                let filed = domain::clock::parse(&g.filed_at).unwrap_or(self.now);
                history::changes(g, filed, self.pending, history::Hands { filer: &filer, assignee: assignee.as_ref(), sho }, &mut self.rng, self.now)
            }
            None => vec![AuditBatch {
                at: stored.grievance.filed_at.clone(),
                change: AuditChange::Version(stored.grievance.version),
                entries: vec![cases::writes::complete_record_entry(&stored.grievance, true, &cases::identity::Sensitivity::new(&[]))],
                actor: filer,
            }],
        };
        (stored, changes)
    }

    /// The `n`th grievance as it stands, who filed it, who it is assigned to, and its station
    /// of the state's shape.
    fn draw(&mut self, n: u64) -> (cases::Stored, Actor, Option<Actor>, Option<usize>) {
        let (names, staff, first_id, count, now) = (&self.names, &self.staff, self.first_id, self.count, self.now);
        let lookup = |kind: ListKind, name: &str| names[&kind].iter().find(|(_, n)| n == name).map(|(id, _)| *id);
        let rng = &mut self.rng;
        let geography = self.geography.as_ref();
        let span = 5 * 365 * 24 * 3600;
        let id = first_id + n as i64;
        // Filing times rise with the id, over five years up to now.
        let filed = now - Duration::seconds(span - (span * (n as i64 + 1)) / (count as i64 + 1));
        let fir = filed - Duration::days(rng.below(20) as i64);
        let mut status = statuses(rng);
        let placed = geography.map(|g| g.station_at(rng.below(1 << 30) as f64 / f64::from(1u32 << 30)));
        let station = match (geography, placed) {
            (Some(g), Some(i)) => g.stations[i].name.clone(),
            _ => rng.pick(&names[&ListKind::PoliceStations]).1.clone(),
        };
        // A state's cases of more than a year ago are mostly disposed of.
        if geography.is_some() && now - filed > Duration::days(365) && matches!(status, "Pending" | "In Progress") && rng.below(10) < 8 {
            status = "Resolved";
        }
        let crime = rng.pick(&names[&ListKind::CrimeTitles]).1.clone();
        let officers: Vec<OfficerEntry> = (0..rng.below(3))
            .map(|k| OfficerEntry {
                officer_name: rng.pick(&OFFICERS).to_string(),
                from_date: Some(day(fir + Duration::days(1 + 30 * k as i64))),
                to_date: Some(day(fir + Duration::days(29 + 30 * k as i64))),
                findings: "Statements recorded; site inspected.".into(),
            })
            .collect();
        let done = matches!(status, "Resolved" | "Closed");
        // The code of the day: an FIR from 1 July 2024 cites the BNS, an earlier one the IPC.
        let codes: &[&str] = if fir.date() >= domain::law::NEW_CODES_FROM { &NEW_CODE_SECTIONS } else { &OLD_CODE_SECTIONS };
        let section_and_act = rng.pick(codes).to_string();
        let fields = GrievanceFields {
            type_of_call: Some(rng.pick(&names[&ListKind::CallTypes]).1.clone()),
            // A state's stations share their district's first word: numbered by station code.
            fir_no: fir_number(placed.and_then(|i| geography.map(|g| g.stations[i].code.as_str())).unwrap_or(&station), fir.year(), id),
            fir_date: day(fir),
            section_and_act: section_and_act.clone(),
            sections: domain::law::citation::read(&section_and_act).sections,
            crime_title: crime,
            district: match (geography, placed) {
                (Some(g), Some(i)) => g.stations[i].district.clone(),
                _ => rng.pick(&names[&ListKind::Districts]).1.clone(),
            },
            police_station: station,
            status: status.into(),
            priority: priority(rng).into(),
            put_in_court: rng.below(10) == 0,
            cross_case: rng.below(20) == 0,
            reason: Some(rng.pick(&names[&ListKind::Reasons]).1.clone()),
            current_investigation_officer: officers.last().map(|o| o.officer_name.clone()),
            investigation_officers: officers,
            brief_details: rng.pick(&STORIES).to_string(),
            date_of_inward: Some(day(filed)),
            action_taken_by_ig_office: done.then(|| "Report called for and reviewed.".to_string()),
            final_decision: done.then(|| "Complaint disposed of after enquiry.".to_string()),
            ..GrievanceFields::default()
        };
        let mut refs = BTreeMap::new();
        for (kind, value) in [
            (ListKind::CallTypes, fields.type_of_call.clone()),
            (ListKind::CrimeTitles, Some(fields.crime_title.clone())),
            (ListKind::Districts, Some(fields.district.clone())),
            (ListKind::PoliceStations, Some(fields.police_station.clone())),
            (ListKind::Statuses, Some(fields.status.clone())),
            (ListKind::Priorities, Some(fields.priority.clone())),
            (ListKind::Reasons, fields.reason.clone()),
        ] {
            if let Some(item) = value.and_then(|v| lookup(kind, &v)) {
                refs.insert(kind, item);
            }
        }
        let (actor, assignee) = match (geography, placed) {
            (Some(g), Some(i)) if !g.filers[i].is_empty() => {
                let actor = rng.pick(&g.filers[i]).clone();
                let assignee = (!g.officers[i].is_empty() && rng.below(10) < 8).then(|| rng.pick(&g.officers[i]).clone());
                (actor, assignee)
            }
            _ => (rng.pick(staff).clone(), None),
        };
        let mut fields = fields;
        fields.parties = vec![complainant(rng)];
        let filed_text = domain::clock::to_text(filed);
        let mut g = Grievance {
            id,
            grievance_number: format!("GRV-{}-{id:06}", filed.year()),
            district_id: refs.get(&ListKind::Districts).copied(),
            police_station_id: refs.get(&ListKind::PoliceStations).copied(),
            status_id: refs.get(&ListKind::Statuses).copied(),
            status_meaning: domain::lists::StatusMeaning::of_legacy_name(status),
            priority_id: refs.get(&ListKind::Priorities).copied(),
            resolved_at: done.then(|| domain::clock::to_text(filed + Duration::days(1 + rng.below(90) as i64))),
            fields,
            filed_by: actor.user_id,
            filed_by_name: actor.name.clone(),
            assigned_to: assignee.as_ref().map(|a| a.user_id),
            assigned_to_name: assignee.as_ref().map(|a| a.name.clone()),
            filed_at: filed_text.clone(),
            updated_at: filed_text,
            version: 1,
            closure: None,
            escalation: None,
            clock_events: Vec::new(),
            next_due: None,
            clock_runs: Vec::new(),
            people_text: None,
        };
        self.indexer.index(&mut g);
        (cases::Stored { grievance: g, refs }, actor, assignee, placed)
    }
}

/// Seeds `count` grievances (a state's shape with `state_shaped`) into the data directory.
pub async fn run(data_dir: &Path, count: u64, seed: u64, state_shaped: bool) -> anyhow::Result<()> {
    let state = crate::embedded::open(data_dir)?;
    // A generator's one writer, with a cache a serving portal does not get: a batch's pages
    // (its cases, their records and every index's) are written once at its commit rather than
    // spilled and read back through the file (at a state's million with six records a case,
    // the small cache kept the seed in the kernel's page copies, 350 cases a second).
    let sqlite = Arc::new(SqliteStore::open_with(data_dir.join("portal.db"), store::sqlite::MemoryLimits { readers: 1, cache_mib: 1536 }).context("cannot open the store")?);
    crate::ready(&state).await?;
    let first = crate::first_admin(&state).await?;
    let started = std::time::Instant::now();
    let geography = if state_shaped { Some(state::prepare(&state, seed, SEED_PASSWORD).await?) } else { None };
    if state_shaped {
        eprintln!("  the state's organisation and staff in {:.1} s", started.elapsed().as_secs_f64());
    }
    drop(state);
    let accounts = engines::sqlite::accounts::SqlAccounts::new(sqlite.clone());
    let accounts: &dyn auth::Accounts = &accounts;
    let grievances = engines::sqlite::grievances::SqlGrievances::new(sqlite.clone());
    let staff = staff(accounts, seed).await?;
    let first_id = grievances.reserve_ids(count as i64).await?;
    let lists = engines::sqlite::lists::SqlLists::new(sqlite.clone());
    let mut synthetic = Synthetic::new(&lists, staff, first_id, count, seed).await?;
    if let Some(geography) = geography {
        synthetic = synthetic.placed(geography);
    }
    let started = std::time::Instant::now();
    let mut batch = Vec::new();
    // One batch is written while the next is made: the writer's thread and this one each keep
    // a core busy instead of taking turns.
    let mut writing: Option<tokio::task::JoinHandle<domain::Result<()>>> = None;
    for n in 0..count {
        batch.push(synthetic.case(n));
        if batch.len() >= 5_000 || n + 1 == count {
            if let Some(previous) = writing.take() {
                previous.await??;
            }
            let (grievances, batch) = (grievances.clone(), std::mem::take(&mut batch));
            writing = Some(tokio::spawn(async move { grievances.load_with_history(batch).await }));
            eprint!("\r  {} of {count} grievances", n + 1);
        }
    }
    if let Some(last) = writing {
        last.await??;
    }
    eprintln!();
    println!("Seeded {count} grievances in {:.1} s into {}", started.elapsed().as_secs_f64(), data_dir.display());
    println!("Accounts:");
    for line in first.lines(data_dir) {
        println!("  {line}");
    }
    let half = OFFICERS.len() / 2;
    println!("  Officers, each with the password {SEED_PASSWORD} (by password alone):");
    println!("    officer1.{seed}@seed.portal to officer{half}.{seed}@seed.portal: role \"{SEED_ROLE}\", every permission");
    println!("    officer{}.{seed}@seed.portal to officer{}.{seed}@seed.portal: role \"{SEED_OWN_ROLE}\", their own grievances", half + 1, OFFICERS.len());
    if state_shaped {
        let d = state::DOMAIN;
        println!("  The state's staff, each with the same password:");
        println!("    writer1.up01001@{d} (Station Writer, Agra Kotwali), io1.up01001@{d} (Investigating Officer), sho.up01001@{d} (Station House Officer)");
        println!("    sp1.d01@{d} (Superintendent of Police, Agra), ig1.r01@{d} (Range Office, Agra), hq1@{d} (State Headquarters)");
    }
    Ok(())
}

/// `count` synthetic grievances loaded in bulk into a DynamoDB table: the request budget
/// tests' fixture. Each is written as a request writes it (index copies, audit record,
/// counters, list usage) except that bulk loading links no audit chain. Answers the staff.
#[cfg(feature = "cloud")]
pub async fn into_table(table: &store::dynamo::DynamoStore, accounts: &dyn auth::Accounts, count: u64, seed: u64) -> anyhow::Result<Vec<Actor>> {
    let staff = staff(accounts, seed).await?;
    let first_id = engines::dynamo::grievances::next_ids(table, count as i64).await?;
    let lists = engines::dynamo::lists::ItemLists::new(Arc::new(table.clone()));
    let mut synthetic = Synthetic::new(&lists, staff.clone(), first_id, count, seed).await?;
    let mut load = table.bulk_load();
    let mut writes = Vec::new();
    for n in 0..count {
        let (stored, actor) = synthetic.grievance(n);
        writes.extend(engines::dynamo::grievances::creation_writes(&stored, &actor));
        if writes.len() >= 20_000 || n + 1 == count {
            load.add(std::mem::take(&mut writes)).await?;
        }
    }
    load.finish().await?;
    Ok(staff)
}

/// A FIR number in a station's style: the first word of its name, the year and a serial
/// ("CIVIL/2025/00042"); a name with no ASCII letters or digits gives "PS".
fn fir_number(station: &str, year: i32, id: i64) -> domain::grievance::FirNumber {
    let word: String = station.split_whitespace().next().unwrap_or_default().chars().filter(char::is_ascii_alphanumeric).collect();
    let prefix = if word.is_empty() { "PS".to_string() } else { word.to_ascii_uppercase() };
    domain::grievance::FirNumber::parse(&format!("{prefix}/{year}/{:05}", id % 100_000)).expect("letters, digits and slashes make a FIR number")
}
