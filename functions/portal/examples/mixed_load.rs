//! A state's day at once: `cargo run --release -p portal --example mixed_load -- BASE SECONDS USERS`
//! signs in USERS members of the staff that `portal seed --state` made (most at stations, a few
//! at district, range and state offices), then each sends one request after another for
//! SECONDS, of the kinds and in the proportions of `portal::cost::REQUESTS` (the mix the cost
//! estimate prices), and prints, per kind and in all: requests, throughput and the 50th, 95th
//! and 99th percentile latencies, and the answers that were not a success. A kind the member's
//! role may not do (a filing by a superintendent's office) is drawn again. Each member comes
//! from an address of their own (`X-Forwarded-For`, believed when the portal trusts this
//! machine as a proxy: `PORTAL_TRUSTED_PROXIES=127.0.0.1`), as staff at their own desks do,
//! so that the portal's limits per client treat them as the many clients they are.

use futures_util::future::join_all;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

const PASSWORD: &str = "Officer-Pass-1";

/// A signed-in member of the staff and what their requests use.
struct Member {
    token: String,
    /// The address the member's requests come from.
    address: String,
    files: bool,
    /// Whether their role reads the reports.
    reports: bool,
    /// Grievances they may see (from their list's first page), and an officer of their station.
    ids: Vec<i64>,
    officer: Option<i64>,
    /// Where they file: the district and station of the newest case they see (their own
    /// station's), as a posting files only inside its area.
    place: Option<(String, String)>,
}

/// The members the run signs in: for every station-level member three from stations (a writer,
/// an investigating officer, a station house officer, over the stations in turn), then the
/// district, range and state offices' share.
fn emails(users: usize) -> Vec<(String, bool)> {
    let offices = (users / 20).max(3);
    let mut out = Vec::with_capacity(users);
    let station_code = |n: usize| format!("up{:02}{:03}", 1 + (n / 20) % 75, 1 + n % 20);
    for n in 0..users.saturating_sub(offices) {
        let code = station_code(n * 7 % 1_500);
        out.push(match n % 3 {
            0 => (format!("writer{}.{code}@state.seed", 1 + n % 3), true),
            1 => (format!("io{}.{code}@state.seed", 1 + n % 8), true),
            _ => (format!("sho.{code}@state.seed"), true),
        });
    }
    for n in 0..offices {
        out.push(match n % 6 {
            0 | 1 | 2 => (format!("sp{}.d{:02}@state.seed", 1 + n % 15, 1 + n % 75), false),
            3 | 4 => (format!("ig{}.r{:02}@state.seed", 1 + n % 20, 1 + n % 18), false),
            _ => (format!("hq{}@state.seed", 1 + n % 200), false),
        });
    }
    out
}

/// The session's token, and whether the role reads the reports.
async fn sign_in(client: &reqwest::Client, base: &str, email: &str, address: &str) -> anyhow::Result<(String, bool)> {
    let answer: Value = client.post(format!("{base}/api/auth/login")).header("x-forwarded-for", address).json(&json!({"email": email, "password": PASSWORD})).send().await?.json().await?;
    let token = answer["token"].as_str().map(str::to_string).ok_or_else(|| anyhow::anyhow!("{email}: {answer}"))?;
    let reports = answer["user"]["permissions"]["reports"].to_string().contains("read");
    Ok((token, reports))
}

async fn member(client: &reqwest::Client, base: &str, email: &str, files: bool, n: usize) -> anyhow::Result<Member> {
    let address = format!("10.{}.{}.{}", n / 65_536 % 256, n / 256 % 256, n % 256 + 1);
    let (token, reports) = sign_in(client, base, email, &address).await?;
    let page: Value = client.get(format!("{base}/api/grievances?limit=50")).bearer_auth(&token).header("x-forwarded-for", &address).send().await?.json().await?;
    let ids = page["data"].as_array().map(|a| a.iter().filter_map(|g| g["id"].as_i64()).collect()).unwrap_or_default();
    let newest = &page["data"][0];
    let place = newest["district"].as_str().zip(newest["police_station"].as_str()).map(|(d, s)| (d.to_string(), s.to_string()));
    let officer = if files {
        let found: Value = client.get(format!("{base}/api/grievances/assignees")).bearer_auth(&token).header("x-forwarded-for", &address).send().await?.json().await.unwrap_or(Value::Null);
        found["data"].as_array().and_then(|a| a.iter().find_map(|u| u["id"].as_i64()))
    } else {
        None
    };
    Ok(Member { token, address, files, reports, ids, officer, place })
}

/// Kind, milliseconds, success.
type Sample = (&'static str, f64, bool);

/// One request of `kind` by `m`; `None` when the kind is not one of theirs.
async fn request(client: &reqwest::Client, base: &str, m: &Member, kind: &'static str, n: usize, email: &str, statuses: &[i64]) -> Option<Sample> {
    let id = (!m.ids.is_empty()).then(|| m.ids[n % m.ids.len()]);
    let writes = matches!(kind, "file" | "edit" | "assign" | "note");
    if writes && (!m.files || id.is_none() || m.place.is_none()) || kind == "audit_figures" && !m.reports {
        return None;
    }
    let started = Instant::now();
    let sent = match kind {
        "list" => {
            let filter = ["", "&status=Pending", "&search=motorcycle", "&priority=High"][n % 4];
            // As the list screen asks: its rows (the case's screen reads a case whole).
            client.get(format!("{base}/api/grievances?limit=50&view=summary{filter}")).bearer_auth(&m.token).header("x-forwarded-for", &m.address).send().await
        }
        "by_id" => client.get(format!("{base}/api/grievances/{}", id?)).bearer_auth(&m.token).header("x-forwarded-for", &m.address).send().await,
        "stats" => client.get(format!("{base}/api/grievances/stats")).bearer_auth(&m.token).header("x-forwarded-for", &m.address).send().await,
        "recent" => client.get(format!("{base}/api/admin/recent-activities")).bearer_auth(&m.token).header("x-forwarded-for", &m.address).send().await,
        "metrics" => client.get(format!("{base}/api/admin/performance-metrics")).bearer_auth(&m.token).header("x-forwarded-for", &m.address).send().await,
        "lookup" => client.get(format!("{base}/api/grievances/lookup?number=GRV-&limit=20")).bearer_auth(&m.token).header("x-forwarded-for", &m.address).send().await,
        "audit_figures" => client.get(format!("{base}/api/reports/pendency")).bearer_auth(&m.token).header("x-forwarded-for", &m.address).send().await,
        "file" => {
            let (district, station) = m.place.as_ref()?;
            let body = json!({"fir_no": format!("MIX/{n}/{}", m.token.len() + n * 31 + started.elapsed().subsec_nanos() as usize), "fir_date": "2026-01-15",
                "section_and_act": "303(2) BNS", "crime_title": "Theft", "district": district, "police_station": station, "status": "Pending",
                "priority": "Medium", "type_of_call": "Walk-in", "brief_details": "Mobile phone stolen at the bus stand (mixed load)."});
            client.post(format!("{base}/api/grievances")).bearer_auth(&m.token).header("x-forwarded-for", &m.address).json(&body).send().await
        }
        // A change of status, between Pending and In Progress.
        "edit" => client.put(format!("{base}/api/grievances/{}/status", id?)).bearer_auth(&m.token).header("x-forwarded-for", &m.address).json(&json!({"status_id": statuses.get(n % 2)?})).send().await,
        "assign" => client.put(format!("{base}/api/grievances/{}/assign", id?)).bearer_auth(&m.token).header("x-forwarded-for", &m.address).json(&json!({"user_id": m.officer})).send().await,
        "note" => client.post(format!("{base}/api/grievances/{}/notes", id?)).bearer_auth(&m.token).header("x-forwarded-for", &m.address).json(&json!({"text": "Called the complainant (mixed load)."})).send().await,
        "sign_in" => client.post(format!("{base}/api/auth/login")).header("x-forwarded-for", &m.address).json(&json!({"email": email, "password": PASSWORD})).send().await,
        _ => return None,
    };
    let ok = match sent {
        Ok(answer) => {
            let ok = answer.status().is_success();
            let _ = answer.bytes().await;
            ok
        }
        Err(_) => false,
    };
    Some((kind, started.elapsed().as_secs_f64() * 1000.0, ok))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let base = args.get(1).cloned().unwrap_or_else(|| "http://127.0.0.1:18181".into());
    let seconds: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(60);
    let users: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(200);
    let client = reqwest::Client::builder().pool_max_idle_per_host(users).build()?;
    let mut members = Vec::new();
    for (n, (email, files)) in emails(users).into_iter().enumerate() {
        members.push((member(&client, &base, &email, files, n).await?, email));
    }
    let listed: Value = client.get(format!("{base}/api/admin/dropdowns/statuses")).bearer_auth(&members[0].0.token).header("x-forwarded-for", &members[0].0.address).send().await?.json().await?;
    let statuses: Vec<i64> = ["Pending", "In Progress"]
        .iter()
        .filter_map(|name| listed.as_array()?.iter().find(|s| s["name"] == *name)?["id"].as_i64())
        .collect();
    let statuses = &statuses;
    // The kinds by their share of a thousand requests.
    let mix: Vec<(&'static str, u32)> = portal::cost::REQUESTS.iter().map(|r| (r.key, r.per_thousand)).collect();
    let total: u32 = mix.iter().map(|(_, n)| n).sum();
    let until = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let runs = members.iter().enumerate().map(|(u, (m, email))| {
        let (client, base, mix) = (&client, &base, &mix);
        async move {
            let mut samples: Vec<Sample> = Vec::new();
            let mut draw: u64 = 0x9E37_79B9_7F4A_7C15 ^ (u as u64 + 1);
            let mut n = u;
            while Instant::now() < until {
                draw ^= draw << 13;
                draw ^= draw >> 7;
                draw ^= draw << 17;
                let mut at = (draw % u64::from(total)) as u32;
                let kind = mix.iter().find(|(_, share)| if at < *share { true } else { at -= share; false }).map_or("list", |(k, _)| *k);
                n += 1;
                if let Some(sample) = request(client, base, m, kind, n, email, statuses).await {
                    samples.push(sample);
                }
            }
            samples
        }
    });
    let samples: Vec<Sample> = join_all(runs).await.into_iter().flatten().collect();
    let elapsed = started.elapsed().as_secs_f64();
    let mut by_kind: BTreeMap<&str, (Vec<f64>, usize)> = BTreeMap::new();
    for (kind, ms, ok) in &samples {
        let entry = by_kind.entry(kind).or_default();
        entry.0.push(*ms);
        entry.1 += usize::from(!ok);
    }
    let mut all: Vec<f64> = samples.iter().map(|s| s.1).collect();
    all.sort_by(f64::total_cmp);
    println!("| kind | requests | req/s | p50 | p95 | p99 | not a success |");
    println!("|---|---|---|---|---|---|---|");
    for (kind, (mut ms, failed)) in by_kind {
        ms.sort_by(f64::total_cmp);
        println!("| {kind} | {} | {:.0} | {:.1} ms | {:.1} ms | {:.1} ms | {failed} |", ms.len(), ms.len() as f64 / elapsed, percentile(&ms, 0.5), percentile(&ms, 0.95), percentile(&ms, 0.99));
    }
    let failed = samples.iter().filter(|s| !s.2).count();
    println!(
        "| all ({users} staff, {seconds} s) | {} | {:.0} | {:.1} ms | {:.1} ms | {:.1} ms | {failed} |",
        all.len(),
        all.len() as f64 / elapsed,
        percentile(&all, 0.5),
        percentile(&all, 0.95),
        percentile(&all, 0.99)
    );
    Ok(())
}
