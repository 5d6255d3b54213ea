//! `portal import`: a department's organisation, staff or earlier registers from a CSV or
//! Excel file, with the same checks, the same report and the same audit records as the Admin
//! Panel's Import tab, for files too large to upload. Always a dry run first: the run is
//! asked for apart, and is refused whole while any row fails.

use anyhow::Context;
use http_glue::{AppState, Caller, ClientInfo};
use imports::{ImportOutcome, ImportReport, Outcome, SourceFile};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

/// What a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// Ranges, districts and police stations, with their codes.
    Organisation,
    /// Users, with role, posting, department and designation.
    Users,
    /// Grievances and FIRs of earlier registers.
    Registers,
}

/// An import as the command line asks it.
#[derive(Clone, Debug)]
pub struct ImportArgs {
    pub kind: Kind,
    pub file: PathBuf,
    /// The Admin it is done as: their role's rights and posting apply, and the audit trail
    /// names them.
    pub operator: String,
    /// Write it; without, only check.
    pub run: bool,
    /// A field's column (`field=Header`, or `field=` for none), over the names' matching.
    pub mapping: BTreeMap<String, Option<String>>,
    /// Where to write the report of every row (CSV).
    pub report: Option<PathBuf>,
    /// Where to write the sign-in links of the users made (CSV, readable by its owner only);
    /// without, they are printed.
    pub links: Option<PathBuf>,
}

/// Reads `field=Header` pairs.
pub fn mapping_of(pairs: &[String]) -> anyhow::Result<BTreeMap<String, Option<String>>> {
    pairs
        .iter()
        .map(|pair| {
            let (field, column) = pair.split_once('=').with_context(|| format!("--map {pair}: write it field=Column header"))?;
            Ok((field.trim().to_string(), Some(column.trim().to_string()).filter(|c| !c.is_empty())))
        })
        .collect()
}

/// The operator as a signed-in caller of the API would be.
pub(crate) async fn operator(state: &AppState, email: &str) -> anyhow::Result<Caller> {
    let accounts = state.accounts.as_ref();
    let email = domain::Email::parse(email).map_err(|m| anyhow::anyhow!("--as {email}: {m}"))?;
    let user = auth::users::find_by_email(accounts, &email).await?.with_context(|| format!("--as {email}: no user has this email"))?;
    anyhow::ensure!(user.is_active(), "--as {email}: the account is inactive");
    let session_user = auth::sessions::session_user(accounts, &user).await?;
    let now = domain::clock::now().unix_timestamp();
    Ok(Caller(auth::Authenticated { user: session_user, session_id: "command line".into(), session_expires_at: now + 3600, hands: user.hands() }))
}

/// Checks the file and, when asked and every row passes, imports it. Answers whether all
/// went well; what it found is written to `out`.
pub async fn import(state: &AppState, args: &ImportArgs, out: &mut impl Write) -> anyhow::Result<bool> {
    let bytes = std::fs::read(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    let file = SourceFile::new(&args.file.to_string_lossy(), bytes).map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
    let caller = operator(state, &args.operator).await?;
    let client = ClientInfo(auth::RequestContext { ip: "command line".into(), user_agent: "portal import".into() });
    let started = std::time::Instant::now();
    let report = match args.kind {
        Kind::Organisation => admin_area::imports::check(state, &caller, &file, &args.mapping).await.map(|(r, _)| r),
        Kind::Users => users_area::imports::check(state, &caller, &file, &args.mapping).await.map(|(r, _)| r),
        Kind::Registers => grievances_area::imports::check(state, &caller, &client, &file, &args.mapping).await,
    }
    .map_err(|e| anyhow::anyhow!("{}: {e}", file.name))?;
    write_summary(out, &report, started.elapsed())?;
    if let Some(path) = &args.report {
        write_report(path, &report)?;
        writeln!(out, "The report of every row is in {}.", path.display())?;
    }
    if report.counts.fail > 0 {
        writeln!(out, "Nothing was imported: correct the failing rows and run it again.")?;
        return Ok(false);
    }
    if !args.run {
        writeln!(out, "This was a dry run: nothing was written. Add --run to import the file.")?;
        return Ok(true);
    }
    let started = std::time::Instant::now();
    let outcome = match args.kind {
        Kind::Organisation => admin_area::imports::run(state, &caller, &client, &file, &args.mapping).await,
        Kind::Users => users_area::imports::run(state, &caller, &client, &file, &args.mapping).await,
        Kind::Registers => grievances_area::imports::run(state, &caller, &client, &file, &args.mapping).await,
    }
    .map_err(|e| anyhow::anyhow!("{}: {e}", file.name))?;
    write_outcome(out, &outcome, started.elapsed())?;
    if !outcome.sign_in_links.is_empty() {
        write_links(out, &outcome, args.links.as_ref())?;
    }
    Ok(outcome.complete)
}

fn write_summary(out: &mut impl Write, report: &ImportReport, took: std::time::Duration) -> anyhow::Result<()> {
    let c = &report.counts;
    writeln!(out, "{} (SHA-256 {})", report.file_name, report.sha256)?;
    writeln!(out, "Checked {} rows in {:.1} s: {} to create, {} to update, {} unchanged, {} failing.", c.rows, took.as_secs_f64(), c.create, c.update, c.unchanged, c.fail)?;
    writeln!(out, "Columns:")?;
    for field in &report.fields {
        let column = field.column.as_deref().map_or_else(|| "(not in the file)".to_string(), |c| format!("\"{c}\""));
        writeln!(out, "  {:<32} {column}{}", field.field, if field.required { "  (required)" } else { "" })?;
    }
    const SHOWN: usize = 50;
    for row in report.failing().take(SHOWN) {
        writeln!(out, "Row {}: {}", row.row, row.label)?;
        for e in &row.errors {
            let place = e.column.as_deref().unwrap_or(&e.field);
            writeln!(out, "    {place}: {}", e.message)?;
            writeln!(out, "    {place}: {}", e.message_hi)?;
        }
    }
    if c.fail as usize > SHOWN {
        writeln!(out, "... and {} more failing rows (--report FILE lists every row).", c.fail as usize - SHOWN)?;
    }
    Ok(())
}

fn write_outcome(out: &mut impl Write, outcome: &ImportOutcome, took: std::time::Duration) -> anyhow::Result<()> {
    let c = &outcome.counts;
    writeln!(out, "Import {} in {:.1} s: {} created, {} updated, {} unchanged.", outcome.import_id, took.as_secs_f64(), c.create, c.update, c.unchanged)?;
    if outcome.complete {
        writeln!(out, "Every row is in.")?;
    } else {
        writeln!(out, "Stopped: {}", outcome.error.as_deref().unwrap_or_default())?;
        writeln!(out, "Rows in: {}. Run the same file again to bring in the rest.", outcome.rows_in)?;
    }
    Ok(())
}

fn write_report(path: &PathBuf, report: &ImportReport) -> anyhow::Result<()> {
    let mut csv = csv::Writer::from_path(path).with_context(|| format!("cannot write {}", path.display()))?;
    csv.write_record(["row", "outcome", "record", "field", "column", "message", "message_hi"])?;
    for row in &report.rows {
        let outcome = match row.outcome {
            Outcome::Create => "create",
            Outcome::Update => "update",
            Outcome::Unchanged => "unchanged",
            Outcome::Fail => "fail",
        };
        if row.errors.is_empty() {
            csv.write_record([row.row.to_string().as_str(), outcome, &row.label, "", "", "", ""])?;
        }
        for e in &row.errors {
            csv.write_record([row.row.to_string().as_str(), outcome, &row.label, &e.field, e.column.as_deref().unwrap_or_default(), &e.message, &e.message_hi])?;
        }
    }
    csv.flush()?;
    Ok(())
}

/// The links are as good as passwords until used: written to a file only its owner reads,
/// or printed once.
fn write_links(out: &mut impl Write, outcome: &ImportOutcome, to: Option<&PathBuf>) -> anyhow::Result<()> {
    match to {
        Some(path) => {
            use std::os::unix::fs::OpenOptionsExt;
            let file = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path).with_context(|| format!("cannot write {}", path.display()))?;
            let mut csv = csv::Writer::from_writer(file);
            csv.write_record(["row", "name", "email", "sign_in_link"])?;
            for l in &outcome.sign_in_links {
                csv.write_record([l.row.to_string().as_str(), &l.name, &l.email, &l.link])?;
            }
            csv.flush()?;
            writeln!(out, "The {} users' one-time sign-in links (usable once, for 7 days) are in {}.", outcome.sign_in_links.len(), path.display())?;
        }
        None => {
            writeln!(out, "One-time sign-in links (usable once, for 7 days; shown only now):")?;
            for l in &outcome.sign_in_links {
                writeln!(out, "  {} <{}>: {}", l.name, l.email, l.link)?;
            }
        }
    }
    Ok(())
}
