//! `portal cost` (`make cost`): what a state's stack costs a month on AWS, from three things
//! kept here and nowhere else:
//!
//! - [`REQUESTS`]: each kind of API request, its share of a state's day, and what one costs:
//!   DynamoDB calls, read and write request units, and the bytes of its answer. These are
//!   upper bounds that the request budget test (`tests/api/request_budget.rs`) holds the
//!   portal to against moto, call by call, so the estimate cannot drift below what the code
//!   does.
//! - [`Shape`]: the state (its staff, how many use the portal on a day and how much, its
//!   cases a year and what each keeps).
//! - [`Prices`]: list prices, dated and named by the AWS usage type they come from
//!   ([`AP_SOUTH_1`]).
//!
//! What it leaves out is said in its output: free tiers, taxes, support, CloudWatch, the
//! scheduled runs (minutes a day) and data moved out of AWS other than through CloudFront.

use std::fmt::Write as _;

/// One kind of API request: its share of a state's requests and its cost per request.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RequestCost {
    /// Named by the request budget test when it checks a measured request against it.
    pub key: &'static str,
    pub label: &'static str,
    /// Of every 1,000 requests a state makes.
    pub per_thousand: u32,
    /// DynamoDB calls, in sequence (the duration estimate counts them).
    pub calls: u32,
    pub read_units: f64,
    pub write_units: u32,
    /// The answer's size, in KB (what CloudFront carries out).
    pub answer_kb: f64,
}

/// A state's requests, by kind: station staff reading their lists and cases most, a few
/// filings and changes, a few dashboards and figures. The costs are the most a request of
/// the kind took in the request budget test (over 12,000 seeded grievances at 7 stations; as
/// the state or as one's own cases, whichever cost more), with about a quarter more. A
/// state-wide dashboard reads a counter item per station, status and priority it sums, so at
/// 1,500 stations the few state and range dashboards cost more than counted here.
pub const REQUESTS: [RequestCost; 12] = [
    RequestCost { key: "list", label: "List page (GET /api/grievances, any filter)", per_thousand: 300, calls: 8, read_units: 230.0, write_units: 0, answer_kb: 120.0 },
    RequestCost { key: "by_id", label: "A case by id (GET /api/grievances/{id})", per_thousand: 250, calls: 3, read_units: 6.0, write_units: 0, answer_kb: 6.0 },
    RequestCost { key: "stats", label: "Dashboard counts (GET /api/grievances/stats)", per_thousand: 90, calls: 9, read_units: 260.0, write_units: 0, answer_kb: 1.0 },
    RequestCost { key: "recent", label: "Dashboard recent activity", per_thousand: 45, calls: 4, read_units: 90.0, write_units: 0, answer_kb: 4.0 },
    RequestCost { key: "metrics", label: "Dashboard performance metrics", per_thousand: 45, calls: 9, read_units: 160.0, write_units: 0, answer_kb: 2.0 },
    RequestCost { key: "lookup", label: "Lookup by number (GET /api/grievances/lookup)", per_thousand: 60, calls: 6, read_units: 35.0, write_units: 0, answer_kb: 48.0 },
    RequestCost { key: "file", label: "File a case (POST /api/grievances)", per_thousand: 30, calls: 5, read_units: 6.0, write_units: 130, answer_kb: 3.0 },
    RequestCost { key: "edit", label: "Edit a case (PUT /api/grievances/{id})", per_thousand: 50, calls: 4, read_units: 8.0, write_units: 50, answer_kb: 3.0 },
    RequestCost { key: "assign", label: "Assign a case", per_thousand: 30, calls: 6, read_units: 10.0, write_units: 100, answer_kb: 3.0 },
    RequestCost { key: "note", label: "Add a note", per_thousand: 60, calls: 6, read_units: 10.0, write_units: 25, answer_kb: 2.0 },
    RequestCost { key: "audit_figures", label: "Audit and report figures", per_thousand: 10, calls: 5, read_units: 50.0, write_units: 0, answer_kb: 1.0 },
    RequestCost { key: "sign_in", label: "Sign in (POST /api/auth/login)", per_thousand: 30, calls: 9, read_units: 8.0, write_units: 10, answer_kb: 2.0 },
];

/// A session's record of use: written by whichever request comes when it is a minute old
/// (`SessionPolicy::touch_seconds`), so that an idle session ends on time. It is no request's
/// own cost, and comes at most once a minute per signed-in user: counted per user on duty.
pub const SESSION_TOUCH: RequestCost =
    RequestCost { key: "session_touch", label: "session's record of use, at most once a minute", per_thousand: 0, calls: 1, read_units: 0.0, write_units: 2, answer_kb: 0.0 };

/// The request kind named `key` (or the session's record of use).
pub fn request(key: &str) -> Option<&'static RequestCost> {
    REQUESTS.iter().chain([&SESSION_TOUCH]).find(|r| r.key == key)
}

/// A state and how it uses the portal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    pub stations: u32,
    pub staff: u32,
    /// Of the staff, how many use the portal on a given day.
    pub active_share: f64,
    /// API requests a user on duty makes in a day.
    pub requests_per_active_day: u32,
    /// Of those, how many come a minute or more after the user's last record of use and so
    /// write it again ([`SESSION_TOUCH`]).
    pub touches_per_active_day: u32,
    pub days_per_month: f64,
    pub cases_per_year: u32,
    /// Years of cases kept online.
    pub years_kept: u32,
    /// What DynamoDB keeps per case: the case, its index copies, its counters' share, its
    /// audit records (about six) and their chain.
    pub kb_per_case: f64,
    /// Attachments (scanned FIR copies, statements) per case, in MB, kept in S3, one upload
    /// per new case, and downloads per reading of a case.
    pub attachment_mb_per_case: f64,
    pub downloads_per_case_read: f64,
    /// The web app's files a user on duty loads in a day (most are cached for good), in KB,
    /// and the requests for them.
    pub app_kb_per_active_day: f64,
    pub app_requests_per_active_day: u32,
    /// Lambda: memory (MB) and duration per request, as a fixed part and a part per DynamoDB
    /// call made in sequence.
    pub lambda_mb: u32,
    pub lambda_ms_fixed: f64,
    pub lambda_ms_per_call: f64,
}

/// A state of 1,500 police stations and 20,000 staff (Uttar Pradesh's shape): a million cases
/// a year, five years kept.
pub const STATE: Shape = Shape {
    stations: 1_500,
    staff: 20_000,
    active_share: 0.6,
    requests_per_active_day: 150,
    // A screen's requests come together (the dashboard's four at once), and a shift's
    // screens are minutes apart: counted as if every request but one in three came alone.
    touches_per_active_day: 100,
    days_per_month: 30.4,
    cases_per_year: 1_000_000,
    years_kept: 5,
    kb_per_case: 12.0,
    attachment_mb_per_case: 0.5,
    downloads_per_case_read: 0.1,
    app_kb_per_active_day: 300.0,
    app_requests_per_active_day: 20,
    // The template's memory for the API functions.
    lambda_mb: 1024,
    lambda_ms_fixed: 10.0,
    lambda_ms_per_call: 8.0,
};

/// List prices, USD.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prices {
    pub region: &'static str,
    /// When and where the figures were read.
    pub source: &'static str,
    pub dynamo_read_per_million: f64,
    pub dynamo_write_per_million: f64,
    pub dynamo_gb_month: f64,
    pub lambda_requests_per_million: f64,
    pub lambda_gb_second: f64,
    pub http_api_per_million: f64,
    pub s3_gb_month: f64,
    pub s3_put_per_thousand: f64,
    pub s3_get_per_thousand: f64,
    pub cloudfront_gb_out: f64,
    pub cloudfront_https_per_10k: f64,
}

/// Asia Pacific (Mumbai), on-demand, first tiers, no free tier; CloudFront at its India edge.
/// Usage types: APS3-ReadRequestUnits, APS3-WriteRequestUnits, APS3-TimedStorage-ByteHrs
/// (DynamoDB and S3), APS3-Request, APS3-Lambda-GB-Second-ARM, APS3-ApiGatewayHttpRequest,
/// APS3-Requests-Tier1 and -Tier2 (S3 PUT and GET), IN-DataTransfer-Out-Bytes and
/// IN-Requests-Tier2-HTTPS (CloudFront).
pub const AP_SOUTH_1: Prices = Prices {
    region: "ap-south-1 (Mumbai)",
    source: "AWS public list prices (AWS Price List API, on-demand), as published September 2026; compiled 30 November 2026",
    dynamo_read_per_million: 0.1425,
    dynamo_write_per_million: 0.71,
    dynamo_gb_month: 0.285,
    lambda_requests_per_million: 0.20,
    lambda_gb_second: 0.000_013_333_4,
    http_api_per_million: 1.05,
    s3_gb_month: 0.025,
    s3_put_per_thousand: 0.005,
    s3_get_per_thousand: 0.0004,
    cloudfront_gb_out: 0.109,
    cloudfront_https_per_10k: 0.012,
};

/// One line of the estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub service: &'static str,
    pub what: String,
    pub usd: f64,
}

/// The month's figures and their cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    pub requests: f64,
    pub lines: Vec<Line>,
}

impl Estimate {
    pub fn total(&self) -> f64 {
        self.lines.iter().map(|l| l.usd).sum()
    }
}

const KB_PER_GB: f64 = 1024.0 * 1024.0;

/// The monthly cost of `shape` making `requests` at `prices`.
pub fn estimate(shape: &Shape, requests: &[RequestCost], prices: &Prices) -> Estimate {
    let active_days = f64::from(shape.staff) * shape.active_share * shape.days_per_month;
    let month = active_days * f64::from(shape.requests_per_active_day);
    let shares: f64 = requests.iter().map(|r| f64::from(r.per_thousand)).sum();
    // Per request, weighted by the mix.
    let mean = |f: &dyn Fn(&RequestCost) -> f64| requests.iter().map(|r| f64::from(r.per_thousand) * f(r)).sum::<f64>() / shares;
    let reads = month * mean(&|r| r.read_units);
    let touches = active_days * f64::from(shape.touches_per_active_day);
    let writes = month * mean(&|r| f64::from(r.write_units)) + touches * f64::from(SESSION_TOUCH.write_units);
    let seconds = month * mean(&|r| (shape.lambda_ms_fixed + shape.lambda_ms_per_call * f64::from(r.calls)) / 1000.0)
        + touches * shape.lambda_ms_per_call * f64::from(SESSION_TOUCH.calls) / 1000.0;
    let gb_seconds = seconds * f64::from(shape.lambda_mb) / 1024.0;
    let answers_gb = month * mean(&|r| r.answer_kb) / KB_PER_GB;
    let app_gb = active_days * shape.app_kb_per_active_day / KB_PER_GB;
    let edge_requests = month + active_days * f64::from(shape.app_requests_per_active_day);
    let cases = f64::from(shape.cases_per_year) * f64::from(shape.years_kept);
    let table_gb = cases * shape.kb_per_case / KB_PER_GB;
    let attachments_gb = cases * shape.attachment_mb_per_case / 1024.0;
    let new_cases = f64::from(shape.cases_per_year) / 12.0;
    let downloads = shape.downloads_per_case_read * month * requests.iter().find(|r| r.key == "by_id").map_or(0.0, |r| f64::from(r.per_thousand) / shares);
    let m = |n: f64| n / 1_000_000.0;
    let lines = vec![
        Line { service: "DynamoDB", what: format!("{:.0} million read request units", m(reads)), usd: m(reads) * prices.dynamo_read_per_million },
        Line { service: "DynamoDB", what: format!("{:.0} million write request units", m(writes)), usd: m(writes) * prices.dynamo_write_per_million },
        Line { service: "DynamoDB", what: format!("{table_gb:.0} GB stored"), usd: table_gb * prices.dynamo_gb_month },
        Line { service: "Lambda", what: format!("{:.1} million invocations", m(month)), usd: m(month) * prices.lambda_requests_per_million },
        Line { service: "Lambda", what: format!("{:.1} million GB-seconds (arm64)", m(gb_seconds)), usd: gb_seconds * prices.lambda_gb_second },
        Line { service: "API Gateway", what: format!("{:.1} million HTTP API requests", m(month)), usd: m(month) * prices.http_api_per_million },
        Line {
            service: "S3",
            what: format!("{attachments_gb:.0} GB of attachments, {:.0} thousand uploads, {:.0} thousand downloads", new_cases / 1000.0, downloads / 1000.0),
            usd: attachments_gb * prices.s3_gb_month + new_cases / 1000.0 * prices.s3_put_per_thousand + downloads / 1000.0 * prices.s3_get_per_thousand,
        },
        Line { service: "CloudFront", what: format!("{:.0} GB out", answers_gb + app_gb), usd: (answers_gb + app_gb) * prices.cloudfront_gb_out },
        Line { service: "CloudFront", what: format!("{:.1} million HTTPS requests", m(edge_requests)), usd: edge_requests / 10_000.0 * prices.cloudfront_https_per_10k },
    ];
    Estimate { requests: month, lines }
}

/// A count with its thousands grouped: 20,000.
fn grouped(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The estimate as `make cost` prints it.
pub fn report(shape: &Shape, requests: &[RequestCost], prices: &Prices) -> String {
    let e = estimate(shape, requests, prices);
    let mut out = String::new();
    let _ = writeln!(out, "Grievance Portal on AWS: a month for {} police stations and {} staff", grouped(shape.stations), grouped(shape.staff));
    let _ = writeln!(out, "Prices: {}, USD. {}.", prices.region, prices.source);
    let _ = writeln!(
        out,
        "Use: {:.0} % of staff on duty a day, {} API requests each, {:.1} days a month: {:.1} million requests; {} cases a year, {} years kept.",
        shape.active_share * 100.0,
        shape.requests_per_active_day,
        shape.days_per_month,
        e.requests / 1_000_000.0,
        grouped(shape.cases_per_year),
        shape.years_kept
    );
    let _ = writeln!(out, "\nRequests (of 1,000; per request: DynamoDB calls, read units, write units, answer KB):");
    for r in requests {
        let _ = writeln!(out, "  {:>4}  {:<48} {:>2} calls {:>5.1} RRU {:>3} WRU {:>5.1} KB", r.per_thousand, r.label, r.calls, r.read_units, r.write_units, r.answer_kb);
    }
    let t = &SESSION_TOUCH;
    let _ = writeln!(out, "  Besides: the {}, {} a day per user on duty: {} call, {} WRU each", t.label, shape.touches_per_active_day, t.calls, t.write_units);
    let _ = writeln!(out, "\n  {:<12} {:<70} {:>10}", "Service", "Month", "USD");
    for l in &e.lines {
        let _ = writeln!(out, "  {:<12} {:<70} {:>10.2}", l.service, l.what, l.usd);
    }
    let _ = writeln!(out, "  {:<12} {:<70} {:>10.2}", "Total", "", e.total());
    let _ = writeln!(
        out,
        "\nLeft out: free tiers, taxes, support plans, CloudWatch logs and metrics, the scheduled runs (escalation, notices: minutes a day),\n\
         KMS and Secrets Manager (a few keys and secrets), backups. Lambda time is estimated at {} ms and {} ms per DynamoDB call;\n\
         the requests' DynamoDB figures are the bounds the request budget test holds the portal to.",
        shape.lambda_ms_fixed, shape.lambda_ms_per_call
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round prices and a small state, so that every line can be worked out by hand.
    const ROUND: Prices = Prices {
        region: "test",
        source: "round figures",
        dynamo_read_per_million: 1.0,
        dynamo_write_per_million: 10.0,
        dynamo_gb_month: 1.0,
        lambda_requests_per_million: 1.0,
        lambda_gb_second: 0.001,
        http_api_per_million: 2.0,
        s3_gb_month: 0.5,
        s3_put_per_thousand: 1.0,
        s3_get_per_thousand: 0.1,
        cloudfront_gb_out: 0.25,
        cloudfront_https_per_10k: 0.1,
    };

    const SMALL: Shape = Shape {
        stations: 10,
        staff: 1_000,
        active_share: 0.5,
        requests_per_active_day: 100,
        touches_per_active_day: 50,
        days_per_month: 20.0,
        cases_per_year: 120_000,
        years_kept: 2,
        kb_per_case: 8.0,
        attachment_mb_per_case: 1.0,
        downloads_per_case_read: 0.1,
        app_kb_per_active_day: 1024.0,
        app_requests_per_active_day: 10,
        lambda_mb: 512,
        lambda_ms_fixed: 10.0,
        lambda_ms_per_call: 10.0,
    };

    /// Two kinds, three reads to one write.
    const MIX: [RequestCost; 2] = [
        RequestCost { key: "by_id", label: "read", per_thousand: 750, calls: 1, read_units: 4.0, write_units: 0, answer_kb: 4.0 },
        RequestCost { key: "file", label: "write", per_thousand: 250, calls: 3, read_units: 0.0, write_units: 8, answer_kb: 8.0 },
    ];

    #[test]
    fn the_estimate_is_the_mix_times_the_use_at_the_prices() {
        let e = estimate(&SMALL, &MIX, &ROUND);
        // 1,000 staff × 0.5 × 20 days = 10,000 user-days; × 100 = 1,000,000 requests.
        assert_eq!(e.requests, 1_000_000.0);
        let usd: Vec<(&str, f64)> = e.lines.iter().map(|l| (l.service, (l.usd * 1e6).round() / 1e6)).collect();
        assert_eq!(
            usd,
            [
                // 750,000 reads × 4 units = 3 million units at 1 a million.
                ("DynamoDB", 3.0),
                // 250,000 writes × 8 units = 2 million, and 10,000 user-days × 50 sessions'
                // records of use × 2 units = 1 million: 3 million at 10 a million.
                ("DynamoDB", 30.0),
                // 240,000 cases × 8 KB = 1,920,000 KB = 1.8310546875 GB at 1.
                ("DynamoDB", 1.831055),
                // 1 million invocations at 1 a million.
                ("Lambda", 1.0),
                // 750,000 × 20 ms + 250,000 × 40 ms + 500,000 records of use × 10 ms = 30,000 s
                // × 0.5 GB = 15,000 GB-s at 0.001.
                ("Lambda", 15.0),
                // 1 million at 2 a million.
                ("API Gateway", 2.0),
                // 240,000 MB = 234.375 GB at 0.5, 10,000 uploads at 1 a thousand, 75,000
                // downloads (one in ten cases read) at 0.1 a thousand.
                ("S3", 117.1875 + 10.0 + 7.5),
                // Answers 750,000 × 4 + 250,000 × 8 = 5,000,000 KB, and the app 10,000 × 1 MB
                // = 10,240,000 KB: 15,240,000 KB = 14.533997 GB at 0.25.
                ("CloudFront", 3.633499),
                // 1,000,000 + 100,000 requests at 0.1 per 10,000.
                ("CloudFront", 11.0),
            ]
        );
        assert!((e.total() - (3.0 + 30.0 + 1.8310546875 + 1.0 + 15.0 + 2.0 + 134.6875 + 3.633499 + 11.0)).abs() < 1e-5);
    }

    #[test]
    fn the_mix_is_a_thousand_requests_and_names_each_kind_once() {
        assert_eq!(REQUESTS.iter().map(|r| r.per_thousand).sum::<u32>(), 1000);
        let mut keys: Vec<&str> = REQUESTS.iter().map(|r| r.key).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), REQUESTS.len());
    }

    #[test]
    fn the_report_names_its_prices_their_date_and_the_total() {
        let text = report(&STATE, &REQUESTS, &AP_SOUTH_1);
        assert!(text.contains("ap-south-1 (Mumbai)") && text.contains("30 November 2026"), "{text}");
        assert!(text.contains("for 1,500 police stations and 20,000 staff"), "{text}");
        assert_eq!((grouped(7), grouped(1_000_000)), ("7".to_string(), "1,000,000".to_string()));
        let total = estimate(&STATE, &REQUESTS, &AP_SOUTH_1).total();
        assert!(text.contains(&format!("{total:.2}")), "{text}");
    }
}
