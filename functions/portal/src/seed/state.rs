//! `portal seed --state`: data shaped like a state, not like a demonstration. Uttar Pradesh's
//! 18 police ranges and their 75 districts, 20 police stations to a district (1,500), and
//! about 20,000 staff posted where a state posts them: writers and investigating officers
//! at stations, a station house officer each, superintendents' offices in the districts,
//! range offices and the state headquarters. The organisation and the staff go in through
//! the department's own import (the same checks and audit records as a real first week);
//! the cases are then spread over the stations by a skewed load (a district's city stations
//! carry up to ten times a rural one's), each filed by its station's staff and assigned to
//! one of its investigating officers, in its station's district.

use super::draw::{Rng, FAMILY_NAMES, GIVEN_NAMES};
use cases::Actor;
use std::collections::BTreeMap;

/// The ranges and their districts.
pub const RANGES: [(&str, &[&str]); 18] = [
    ("Agra", &["Agra", "Firozabad", "Mainpuri", "Mathura"]),
    ("Aligarh", &["Aligarh", "Etah", "Hathras", "Kasganj"]),
    ("Bareilly", &["Bareilly", "Budaun", "Pilibhit", "Shahjahanpur"]),
    ("Moradabad", &["Moradabad", "Amroha", "Bijnor", "Rampur", "Sambhal"]),
    ("Meerut", &["Meerut", "Baghpat", "Bulandshahr", "Ghaziabad", "Gautam Buddha Nagar", "Hapur"]),
    ("Saharanpur", &["Saharanpur", "Muzaffarnagar", "Shamli"]),
    ("Lucknow", &["Lucknow", "Hardoi", "Kheri", "Raebareli", "Sitapur", "Unnao"]),
    ("Ayodhya", &["Ayodhya", "Ambedkar Nagar", "Amethi", "Barabanki", "Sultanpur"]),
    ("Devipatan", &["Gonda", "Bahraich", "Balrampur", "Shravasti"]),
    ("Basti", &["Basti", "Sant Kabir Nagar", "Siddharthnagar"]),
    ("Gorakhpur", &["Gorakhpur", "Deoria", "Kushinagar", "Maharajganj"]),
    ("Azamgarh", &["Azamgarh", "Ballia", "Mau"]),
    ("Varanasi", &["Varanasi", "Chandauli", "Ghazipur", "Jaunpur"]),
    ("Mirzapur", &["Mirzapur", "Bhadohi", "Sonbhadra"]),
    ("Prayagraj", &["Prayagraj", "Fatehpur", "Kaushambi", "Pratapgarh"]),
    ("Chitrakoot Dham", &["Banda", "Chitrakoot", "Hamirpur", "Mahoba"]),
    ("Jhansi", &["Jhansi", "Jalaun", "Lalitpur"]),
    ("Kanpur", &["Kanpur Nagar", "Kanpur Dehat", "Auraiya", "Etawah", "Farrukhabad", "Kannauj"]),
];

/// A district's stations, its city ones first.
const STATION_NAMES: [&str; 20] = [
    "Kotwali", "Civil Lines", "Sadar Bazar", "Cantonment", "Kotwali Dehat", "Mahila Thana", "Cyber Crime", "Rail Bazar", "Naya Ganj", "Purana Shahar",
    "Chowk", "Kalyanpur", "Rampur Road", "Station Road", "Gandhi Nagar", "Subhash Nagar", "Nehru Nagar", "Shastri Nagar", "Rajpur", "Khairabad",
];

/// Staff per posting.
const WRITERS: usize = 3;
const OFFICERS: usize = 8;
const SP_OFFICE: usize = 15;
const RANGE_OFFICE: usize = 20;
const HEADQUARTERS: usize = 200;

/// The seeded staff's email domain: `writer1.up01001@state.seed`, `io3.up01001@...`,
/// `sho.up01001@...`, `sp1.d01@...`, `ig1.r01@...`, `hq1@...`.
pub const DOMAIN: &str = "state.seed";

/// The roles of a state's staff: (name, description, permissions).
pub const ROLES: [(&str, &str, &str); 6] = [
    ("Station Writer", "Writes the station's registers: their own cases", r#"{"grievances": "create,read,update", "dashboard": "read"}"#),
    ("Investigating Officer", "Investigates the cases assigned: their own cases", r#"{"grievances": "create,read,update", "dashboard": "read", "reports": "read"}"#),
    ("Station House Officer", "In charge of a police station: its cases", r#"{"grievances": "create,read,update,view_posting", "dashboard": "read", "reports": "read"}"#),
    ("Superintendent of Police", "A district's police office: its cases", r#"{"grievances": "read,update,view_posting", "dashboard": "read", "reports": "read", "audit": "read"}"#),
    ("Range Office", "A range's Inspector General's office: its districts' cases", r#"{"grievances": "read,view_posting", "dashboard": "read", "reports": "read"}"#),
    ("State Headquarters", "The state's police headquarters: every case", r#"{"grievances": "read,view_all", "dashboard": "read", "reports": "read", "audit": "read"}"#),
];

/// A police station of the seeded state and its share of the cases.
#[derive(Clone, Debug)]
pub struct Station {
    pub name: String,
    pub code: String,
    pub district: String,
    pub district_code: String,
    pub range: &'static str,
    pub range_code: String,
    /// Its relative case load.
    pub weight: f64,
}

/// The state's 1,500 stations, the same for the same seed. A district's first two stations
/// (its city's) carry six to ten times a rural station's load, the next three two to four
/// times; each load varies by up to a half either way.
pub fn stations(seed: u64) -> Vec<Station> {
    let mut rng = Rng(seed.max(1).wrapping_mul(0xD1B5_4A32_D192_ED03));
    let mut stations = Vec::with_capacity(1_500);
    let mut d = 0;
    for (r, (range, districts)) in RANGES.iter().enumerate() {
        for district in *districts {
            d += 1;
            for (s, name) in STATION_NAMES.iter().enumerate() {
                let base = match s {
                    0 | 1 => 6.0 + rng.below(5) as f64,
                    2..=4 => 2.0 + rng.below(3) as f64,
                    _ => 1.0,
                };
                let jitter = 0.5 + rng.below(1001) as f64 / 1000.0;
                stations.push(Station {
                    name: format!("{district} {name}"),
                    code: format!("UP{d:02}{:03}", s + 1),
                    district: district.to_string(),
                    district_code: format!("D{d:02}"),
                    range,
                    range_code: format!("R{:02}", r + 1),
                    weight: base * jitter,
                });
            }
        }
    }
    stations
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The organisation as a department's file holds it: a row per district (with its range),
/// then a row per station.
pub fn organisation_csv(stations: &[Station]) -> String {
    let mut text = String::from("Range,District,District code,Police station,Police station code\n");
    let mut last = "";
    for s in stations {
        if s.district != last {
            text += &format!("{},{},{},,\n", csv_field(s.range), csv_field(&s.district), s.district_code);
            last = &s.district;
        }
        text += &format!("{},{},{},{},{}\n", csv_field(s.range), csv_field(&s.district), s.district_code, csv_field(&s.name), s.code);
    }
    text
}

/// One seeded member of staff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub email: String,
    pub name: String,
    pub role: &'static str,
    /// From the Admin Panel's default lists.
    pub department: &'static str,
    pub designation: &'static str,
    /// Where posted: the station's code, the district's, the range's, or none (the state).
    pub posting: Posting,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Posting {
    Station(usize),
    District(String),
    Range(&'static str),
    State,
}

/// The state's staff, the same for the same seed.
pub fn staff(stations: &[Station], seed: u64) -> Vec<Member> {
    let mut rng = Rng(seed.max(1).wrapping_mul(0x94D0_49BB_1331_11EB));
    let mut name = move || format!("{} {}", rng.pick(&GIVEN_NAMES), rng.pick(&FAMILY_NAMES));
    let mut staff = Vec::new();
    for (i, s) in stations.iter().enumerate() {
        let code = s.code.to_ascii_lowercase();
        for k in 1..=WRITERS {
            staff.push(Member { email: format!("writer{k}.{code}@{DOMAIN}"), name: name(), role: ROLES[0].0, department: "Law and Order", designation: "Head Constable", posting: Posting::Station(i) });
        }
        for k in 1..=OFFICERS {
            staff.push(Member { email: format!("io{k}.{code}@{DOMAIN}"), name: name(), role: ROLES[1].0, department: "Law and Order", designation: "Sub-Inspector", posting: Posting::Station(i) });
        }
        staff.push(Member { email: format!("sho.{code}@{DOMAIN}"), name: name(), role: ROLES[2].0, department: "Law and Order", designation: "Inspector", posting: Posting::Station(i) });
    }
    let mut districts: Vec<(&str, &str)> = stations.iter().map(|s| (s.district.as_str(), s.district_code.as_str())).collect();
    districts.dedup();
    for (district, code) in districts {
        for k in 1..=SP_OFFICE {
            let designation = if k == 1 { "Superintendent of Police" } else { "Deputy Superintendent of Police" };
            staff.push(Member { email: format!("sp{k}.{}@{DOMAIN}", code.to_ascii_lowercase()), name: name(), role: ROLES[3].0, department: "Administration", designation, posting: Posting::District(district.to_string()) });
        }
    }
    for (r, (range, _)) in RANGES.iter().enumerate() {
        for k in 1..=RANGE_OFFICE {
            let designation = if k == 1 { "Inspector General" } else { "Inspector" };
            staff.push(Member { email: format!("ig{k}.r{:02}@{DOMAIN}", r + 1), name: name(), role: ROLES[4].0, department: "IG Office", designation, posting: Posting::Range(range) });
        }
    }
    for k in 1..=HEADQUARTERS {
        let designation = if k == 1 { "Director General of Police" } else { "Inspector" };
        staff.push(Member { email: format!("hq{k}@{DOMAIN}"), name: name(), role: ROLES[5].0, department: "Administration", designation, posting: Posting::State });
    }
    staff
}

/// The staff as a department's file holds them.
pub fn staff_csv(stations: &[Station], staff: &[Member]) -> String {
    let mut text = String::from("Email,Name,Role,Department,Designation,Range,District,Police station\n");
    for m in staff {
        let (range, district, station) = match &m.posting {
            Posting::Station(i) => ("", stations[*i].district.as_str(), stations[*i].name.as_str()),
            Posting::District(d) => ("", d.as_str(), ""),
            Posting::Range(r) => (*r, "", ""),
            Posting::State => ("", "", ""),
        };
        text += &format!("{},{},{},{},{},{},{},{}\n", m.email, csv_field(&m.name), m.role, m.department, m.designation, csv_field(range), csv_field(district), csv_field(station));
    }
    text
}

/// Where the cases go: each station's load, district and staff, as the store numbers them.
pub struct Geography {
    /// (station, cumulative weight), in the stations' order.
    cumulative: Vec<f64>,
    pub stations: Vec<Station>,
    /// Per station: who files its cases (writers and officers), who investigates them, and its
    /// house officer, who assigns and closes them.
    pub filers: Vec<Vec<Actor>>,
    pub officers: Vec<Vec<Actor>>,
    pub shos: Vec<Option<Actor>>,
}

impl Geography {
    pub fn new(stations: Vec<Station>, filers: Vec<Vec<Actor>>, officers: Vec<Vec<Actor>>, shos: Vec<Option<Actor>>) -> Geography {
        let mut total = 0.0;
        let cumulative = stations
            .iter()
            .map(|s| {
                total += s.weight;
                total
            })
            .collect();
        Geography { cumulative, stations, filers, officers, shos }
    }

    /// The station a draw `u` in [0, 1) falls on, by load.
    pub fn station_at(&self, u: f64) -> usize {
        let total = self.cumulative.last().copied().unwrap_or(0.0);
        self.cumulative.partition_point(|c| *c <= u * total).min(self.stations.len().saturating_sub(1))
    }
}

/// The staff of each station, by the emails `staff` gave them, as actors of the store's users:
/// who files, who investigates, and the house officer.
pub fn actors_by_station(stations: &[Station], staff: &[Member], users: &BTreeMap<String, (i64, String)>) -> (Vec<Vec<Actor>>, Vec<Vec<Actor>>, Vec<Option<Actor>>) {
    let mut filers = vec![Vec::new(); stations.len()];
    let mut officers = vec![Vec::new(); stations.len()];
    let mut shos = vec![None; stations.len()];
    for m in staff {
        let (Posting::Station(i), Some((id, name))) = (&m.posting, users.get(&m.email)) else { continue };
        let actor = Actor {
            user_id: *id,
            name: name.clone(),
            email: m.email.clone(),
            role: m.role.into(),
            ip: "10.0.0.1".into(),
            user_agent: "portal seed --state".into(),
            session_id: "seed".into(),
            ..Actor::default()
        };
        if m.role == ROLES[0].0 || m.role == ROLES[1].0 {
            filers[*i].push(actor.clone());
        }
        if m.role == ROLES[1].0 {
            officers[*i].push(actor.clone());
        }
        if m.role == ROLES[2].0 {
            shos[*i] = Some(actor);
        }
    }
    (filers, officers, shos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_has_18_ranges_75_districts_1500_stations_and_about_20000_staff() {
        let stations = stations(1);
        assert_eq!(RANGES.len(), 18);
        assert_eq!(RANGES.iter().map(|(_, d)| d.len()).sum::<usize>(), 75);
        assert_eq!(stations.len(), 1_500);
        let mut names: Vec<&str> = stations.iter().map(|s| s.name.as_str()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 1_500, "station names are unique in the state");
        let staff = staff(&stations, 1);
        assert_eq!(staff.len(), 1_500 * 12 + 75 * SP_OFFICE + 18 * RANGE_OFFICE + HEADQUARTERS);
        let mut emails: Vec<&str> = staff.iter().map(|m| m.email.as_str()).collect();
        emails.sort();
        emails.dedup();
        assert_eq!(emails.len(), staff.len(), "emails are unique");
    }

    #[test]
    fn a_few_city_stations_carry_ten_times_the_median_load() {
        let stations = stations(7);
        let mut weights: Vec<f64> = stations.iter().map(|s| s.weight).collect();
        weights.sort_by(f64::total_cmp);
        let median = weights[weights.len() / 2];
        let top = weights[weights.len() - 1];
        assert!(top >= 8.0 * median && top <= 20.0 * median, "top {top}, median {median}");
        // The busiest tenth of the stations carry over a third of the cases.
        let total: f64 = weights.iter().sum();
        let busiest: f64 = weights[weights.len() * 9 / 10..].iter().sum();
        assert!(busiest / total > 0.33, "{}", busiest / total);
        // Draws fall on stations in proportion to their load.
        let geography = Geography::new(stations.clone(), vec![], vec![], vec![]);
        let mut hits = vec![0u32; stations.len()];
        for k in 0..100_000 {
            hits[geography.station_at(k as f64 / 100_000.0)] += 1;
        }
        let (heavy, light) = (stations.iter().enumerate().max_by(|a, b| a.1.weight.total_cmp(&b.1.weight)).unwrap().0, stations.iter().enumerate().min_by(|a, b| a.1.weight.total_cmp(&b.1.weight)).unwrap().0);
        assert!(f64::from(hits[heavy]) / f64::from(hits[light].max(1)) > 10.0, "{} and {}", hits[heavy], hits[light]);
    }

    #[test]
    fn the_files_hold_every_district_before_its_stations_and_every_member_posted() {
        let stations = stations(1);
        let org = organisation_csv(&stations);
        assert_eq!(org.lines().count(), 1 + 75 + 1_500);
        assert!(org.lines().nth(1).unwrap().starts_with("Agra,Agra,D01,,"), "{}", org.lines().nth(1).unwrap());
        assert!(org.lines().nth(2).unwrap().starts_with("Agra,Agra,D01,Agra Kotwali,UP01001"));
        let staff = staff(&stations, 1);
        let file = staff_csv(&stations, &staff);
        assert!(file.lines().nth(1).unwrap().starts_with("writer1.up01001@state.seed,"), "{}", file.lines().nth(1).unwrap());
        assert!(file.contains(",Superintendent of Police,Administration,Superintendent of Police,,Agra,\n"), "{}", &file[..400]);
        assert!(file.contains(",Range Office,IG Office,Inspector General,Agra,,\n"));
    }
}

/// Makes the state's roles, imports its organisation and staff (each a file checked whole,
/// then run, as a department's would be; again: nothing changes), gives the staff `password`,
/// and answers where the cases go.
pub async fn prepare(state: &http_glue::AppState, seed: u64, password: &str) -> anyhow::Result<Geography> {
    let accounts = state.accounts.as_ref();
    let roles = auth::roles::list_all(accounts).await?;
    for (name, description, permissions) in ROLES {
        if !roles.iter().any(|r| r.name == name) {
            let permissions = domain::Permissions::parse(&serde_json::from_str(permissions)?).map_err(anyhow::Error::msg)?;
            let input = domain::user::RoleInput { name: name.into(), description: description.into(), permissions, require_two_factor: Some(false), closing_needs_approval: None };
            auth::roles::create(accounts, input).await?;
        }
    }
    let admin = auth::users::list_all(accounts)
        .await?
        .into_iter()
        .find(|u| u.role_id == auth::roles::ADMIN_ROLE_ID && u.is_active())
        .ok_or_else(|| anyhow::anyhow!("no active Admin to import the organisation as"))?;
    let caller = crate::import::operator(state, &admin.email).await?;
    let client = http_glue::ClientInfo(auth::RequestContext { ip: "command line".into(), user_agent: "portal seed --state".into() });
    let stations = stations(seed);
    let members = staff(&stations, seed);
    let none = BTreeMap::new();
    let organisation = imports::SourceFile::new("state-organisation.csv", organisation_csv(&stations).into_bytes()).map_err(anyhow::Error::msg)?;
    // A run checks the whole file itself: the check alone is asked only to name what failed.
    let done = match admin_area::imports::run(state, &caller, &client, &organisation, &none).await {
        Ok(done) => done,
        Err(refused) => {
            let (report, _) = admin_area::imports::check(state, &caller, &organisation, &none).await?;
            anyhow::bail!("the organisation file is refused ({refused}): {:?}", report.failing().next());
        }
    };
    anyhow::ensure!(done.complete, "the organisation import stopped: {:?}", done.error);
    eprintln!("  organisation: {} created, {} unchanged", done.counts.create, done.counts.unchanged);
    let staff_file = imports::SourceFile::new("state-staff.csv", staff_csv(&stations, &members).into_bytes()).map_err(anyhow::Error::msg)?;
    let done = match users_area::imports::run(state, &caller, &client, &staff_file, &none).await {
        Ok(done) => done,
        Err(refused) => {
            let (report, _) = users_area::imports::check(state, &caller, &staff_file, &none).await?;
            anyhow::bail!("the staff file is refused ({refused}): {:?}", report.failing().next());
        }
    };
    anyhow::ensure!(done.complete, "the staff import stopped: {:?}", done.error);
    eprintln!("  staff: {} created, {} unchanged", done.counts.create, done.counts.unchanged);
    // Imported staff have no password (each would set theirs through a link): the seeded
    // ones get the seed password, for training and benchmarks.
    let hash = auth::passwords::hash(password).await?;
    let mut users = BTreeMap::new();
    for user in auth::users::list_all(accounts).await?.into_iter().filter(|u| u.email.ends_with(&format!("@{DOMAIN}"))) {
        if user.password_hash.is_empty() {
            accounts.set_password(user.id, &hash, None, None).await?;
        }
        users.insert(user.email, (user.id, user.name));
    }
    let (filers, officers, shos) = actors_by_station(&stations, &members, &users);
    Ok(Geography::new(stations, filers, officers, shos))
}
