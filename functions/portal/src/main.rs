//! `portal`: every area in one process, for a district office, a trainer or a developer.
//! `portal serve` runs the API and the SPA on the embedded store; `portal admin create` adds
//! an Admin; `portal backup`, `portal restore` and `portal check` keep its data safe;
//! `portal import` brings in a department's files; `portal openapi` prints the API document.

mod app;
mod connections;

use portal::embedded;

use anyhow::Context;
use clap::{Parser, Subcommand};
use http_glue::AppState;
use std::io::Read;
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "portal", about = "Grievance Portal: police grievance and FIR case management")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serves the API under /api and the web app on one port.
    Serve {
        #[arg(long, env = "PORT", default_value_t = 8080)]
        port: u16,
        /// The address to listen on; 0.0.0.0 serves the whole network.
        #[arg(long, env = "PORTAL_HOST", default_value = "127.0.0.1")]
        host: String,
        #[arg(long, env = "PORTAL_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
        /// The built web app (`npm run build` in web/).
        #[arg(long, env = "PORTAL_WEB_DIR", default_value = "web/dist")]
        web_dir: PathBuf,
    },
    /// Administration from the command line.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Prints the OpenAPI document of the API.
    Openapi,
    /// Prints the web app's English error catalogue as JSON ({code: template}, values written
    /// {{name}}): web/src/i18n/locales/en/errors.json.
    ErrorCodes,
    /// Upgrades a store written by an earlier release (serve does it for the embedded store;
    /// a state's stack runs it with --table after deploying a new release).
    Migrate {
        #[arg(long, env = "PORTAL_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
        /// A state's DynamoDB table instead of the embedded store.
        #[arg(long, env = "PORTAL_TABLE")]
        table: Option<String>,
    },
    /// Starts a rotation of the JWT secret of the embedded store: a new secret signs from the
    /// portal's next start; the old one still verifies the sessions it signed until they end.
    RotateJwtSecret {
        #[arg(long, env = "PORTAL_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
    },
    /// Fills the embedded store with realistic synthetic grievances (benchmarks, training).
    Seed {
        #[arg(long, default_value_t = 10_000)]
        grievances: u64,
        #[arg(long, env = "PORTAL_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
        /// The same seed makes the same data.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// A state's shape: 18 ranges, 75 districts, 1,500 police stations and about 20,000
        /// staff (imported as a department's files are), the cases spread over the stations
        /// by a skewed load.
        #[arg(long)]
        state: bool,
    },
    /// Prints what a state's stack costs a month on AWS (ap-south-1 list prices), from the
    /// request budget and a state's use.
    Cost {
        /// Police stations, staff and cases a year of the state.
        #[arg(long, default_value_t = portal::cost::STATE.stations)]
        stations: u32,
        #[arg(long, default_value_t = portal::cost::STATE.staff)]
        staff: u32,
        #[arg(long, default_value_t = portal::cost::STATE.cases_per_year)]
        cases_per_year: u32,
    },
    /// Writes one archive (tar.gz) of the data directory: a consistent snapshot of the
    /// database, the secrets and the attachments. Safe while the portal is serving.
    Backup {
        /// The archive to write (mode 0600: it holds the portal's secrets).
        #[arg(long)]
        to: PathBuf,
        #[arg(long, env = "PORTAL_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
    },
    /// Restores an archive made by `portal backup` into a data directory, after checking
    /// every file of it. Refuses a directory that holds anything, unless --force.
    Restore {
        /// The archive to restore.
        #[arg(long)]
        from: PathBuf,
        /// The directory to restore into (named on purpose: no default).
        #[arg(long)]
        data_dir: PathBuf,
        /// Replace everything in a directory that is not empty (stop its portal first).
        #[arg(long)]
        force: bool,
    },
    /// The audit trail.
    Audit {
        #[command(subcommand)]
        command: AuditCommand,
    },
    /// Imports a department's organisation (ranges, districts, police stations), its staff or
    /// its earlier registers of grievances and FIRs from a CSV or Excel (.xlsx) file. Checks
    /// the whole file first and prints what each failing row needs (in English and Hindi);
    /// writes only with --run, and only a file with no failing row. Importing a file again
    /// changes nothing; a changed row updates its record.
    Import {
        /// What the file holds.
        #[arg(value_enum)]
        kind: portal::import::Kind,
        /// The CSV or .xlsx file.
        file: PathBuf,
        /// The email of the Admin the import is done as: their rights and posting apply, and
        /// the audit trail names them.
        #[arg(long = "as")]
        operator: String,
        /// Import the file (without: a dry run).
        #[arg(long)]
        run: bool,
        /// Which column holds a field, over the matching by name: field=Column header, or
        /// field= for none. May be given again.
        #[arg(long = "map")]
        map: Vec<String>,
        /// Write the report of every row to this CSV file.
        #[arg(long)]
        report: Option<PathBuf>,
        /// Write the one-time sign-in links of the users made to this CSV file (mode 0600);
        /// without it they are printed.
        #[arg(long)]
        links: Option<PathBuf>,
        #[arg(long, env = "PORTAL_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
        /// A state's DynamoDB table instead of the embedded store.
        #[arg(long, env = "PORTAL_TABLE")]
        table: Option<String>,
    },
    /// Checks a data directory: the database's integrity and foreign keys, and the secret
    /// files. Exits non-zero when something is wrong. Safe while the portal is serving.
    Check {
        #[arg(long, env = "PORTAL_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
    },
}

#[derive(Subcommand)]
enum AuditCommand {
    /// Checks every chain of the audit trail (each record's hash, its link to the record
    /// before it, each chain's head) and names the first record that does not hold. Exits
    /// non-zero when one does not.
    Verify {
        #[arg(long, env = "PORTAL_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
        /// A state's DynamoDB table instead of the embedded store (with AUDIT_KEY_NAME).
        #[arg(long, env = "PORTAL_TABLE")]
        table: Option<String>,
        /// Also proves that today's trail extends this signed checkpoint (`portal audit
        /// checkpoint`, `GET /api/audit/checkpoint`): nothing written before it was removed,
        /// changed or put in since, and the store was not put back to an older state.
        #[arg(long)]
        since: Option<PathBuf>,
        /// The checkpoint key's public half (hex) the checkpoint must be signed with; by
        /// default the data directory's checkpoint key's.
        #[arg(long)]
        public_key: Option<String>,
    },
    /// Makes a signed checkpoint of the trail as it stands (every chain's head, the counts and
    /// the time, signed with the checkpoint key), writes it to the checkpoints directory and
    /// prints where. Keep a copy where whoever holds the data directory cannot reach it.
    Checkpoint {
        #[arg(long, env = "PORTAL_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
        /// A state's DynamoDB table instead of the embedded store: signed with the secret
        /// CHECKPOINT_KEY_NAME names, written to the bucket CHECKPOINTS_BUCKET names (both are
        /// the stack's outputs). It reads the whole trail, as `verify --table` does.
        #[arg(long, env = "PORTAL_TABLE")]
        table: Option<String>,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Adds an Admin user. The password is read from standard input.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        #[arg(long, env = "PORTAL_DATA_DIR", default_value = "./data")]
        data_dir: PathBuf,
        /// A state's DynamoDB table instead of the embedded store (infra/deploy.sh uses this
        /// with the operator's AWS credentials to create the first Admin).
        #[arg(long, env = "PORTAL_TABLE")]
        table: Option<String>,
    },
}

/// SQLite allocates through glibc's malloc, which gives each thread that allocates its own
/// heap ("arena"), up to eight per core; memory freed in one arena serves only that arena's
/// thread. Under load a dozen threads (the runtime's, the writer, the blocking pool) held a
/// third of the server's peak in arenas of their own; two are plenty for a server of this
/// size (measured at 1,000,000 grievances under wrk -c32: peak 90 -> 64 MiB, same
/// throughput). Set before any thread starts, since arenas are made as threads first
/// allocate.
fn share_heaps() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes an allocator setting; it is called before any other
    // thread exists.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

/// The server's own allocations go to mimalloc. A page of fifty grievances is some thousands
/// of small strings made and dropped in one request, and glibc's malloc and free (with the
/// consolidation every large free sets off) took a quarter of the server's time: at
/// 1,000,000 grievances under wrk -c32, newest first went from 4,189 to 5,291 req/s. Built
/// without transparent huge pages (`no_thp`): mimalloc asks for them on its arenas, and each
/// first touch then made 2 MiB resident (peak 85 MiB against 49 without).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> anyhow::Result<()> {
    share_heaps();
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(run())
}

async fn run() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Serve { port, host, data_dir, web_dir } => app::serve(&host, port, &data_dir, &web_dir).await,
        Command::Seed { grievances, data_dir, seed, state } => portal::seed::run(&data_dir, grievances, seed, state).await,
        Command::RotateJwtSecret { data_dir } => {
            embedded::rotate_jwt_secret(&data_dir)?;
            println!("A new JWT secret is in place. Restart the portal to sign with it; sessions signed");
            println!("with the old one stay valid until they end (the old secret is retired after the");
            println!("session lifetime). To retire a leaked secret at once, rotate twice and restart.");
            Ok(())
        }
        Command::Openapi => {
            println!("{}", app::openapi().to_pretty_json()?);
            Ok(())
        }
        Command::ErrorCodes => {
            println!("{}", serde_json::to_string_pretty(&domain::Msg::english_file())?);
            Ok(())
        }
        Command::Migrate { data_dir, table } => {
            let engines = open_engines(&data_dir, table).await?;
            portal::migrate(&engines).await?;
            let sealed = engines.accounts.seal_secrets().await?;
            if sealed > 0 {
                println!("Sealed the two-factor secrets of {sealed} users.");
            }
            println!("The store is up to date.");
            Ok(())
        }
        Command::Import { kind, file, operator, run, map, report, links, data_dir, table } => {
            let state = open_engines(&data_dir, table).await?;
            let args = portal::import::ImportArgs { kind, file, operator, run, mapping: portal::import::mapping_of(&map)?, report, links };
            let went_well = portal::import::import(&state, &args, &mut std::io::stdout()).await?;
            if !went_well {
                std::process::exit(1);
            }
            Ok(())
        }
        Command::Cost { stations, staff, cases_per_year } => {
            let shape = portal::cost::Shape { stations, staff, cases_per_year, ..portal::cost::STATE };
            print!("{}", portal::cost::report(&shape, &portal::cost::REQUESTS, &portal::cost::AP_SOUTH_1));
            Ok(())
        }
        Command::Backup { to, data_dir } => finish("backup", portal::backup::create(&data_dir, &to)),
        Command::Restore { from, data_dir, force } => finish("restore", portal::backup::restore(&from, &data_dir, force)),
        Command::Check { data_dir } => {
            let mut report = portal::backup::check::check(&data_dir);
            // The chains are read through the store, once the file itself is sound.
            if report.is_ok() {
                let engines = open_engines(&data_dir, None).await?;
                let verification = engines.trail.verify(cases::chain::VerifyScope::All).await?;
                match verification.broken {
                    None => report.ok(said(&verification)),
                    Some(_) => report.problem(said(&verification)),
                }
            }
            print!("{report}");
            if !report.is_ok() {
                std::process::exit(1);
            }
            Ok(())
        }
        Command::Audit { command: AuditCommand::Verify { data_dir, table, since, public_key } } => {
            // The checkpoint and its key are read first: a file that cannot be read is the
            // operator's mistake, said before the long check.
            let since = match since {
                Some(file) => {
                    let text = std::fs::read_to_string(&file).with_context(|| format!("cannot read {}", file.display()))?;
                    let checkpoint: cases::checkpoint::Checkpoint = serde_json::from_str(&text).with_context(|| format!("{} is not an audit checkpoint", file.display()))?;
                    let trusted = match (&public_key, &table) {
                        (Some(hex), _) => cases::checkpoint::verifying_key(hex).context("--public-key is not an Ed25519 public key in hex")?,
                        (None, None) => portal::embedded::checkpoint_key(&data_dir)?.verifying_key(),
                        (None, Some(_)) => cloud::checkpoint_key().await?.verifying_key(),
                    };
                    Some((file, checkpoint, trusted))
                }
                None => None,
            };
            let engines = open_engines(&data_dir, table).await?;
            let verification = engines.trail.verify(cases::chain::VerifyScope::All).await?;
            let mark = if verification.broken.is_none() { "OK      " } else { "PROBLEM " };
            println!("{mark} {}", said(&verification));
            let mut holds = verification.broken.is_none();
            if let Some((file, checkpoint, trusted)) = since {
                match audit_area::checkpoints::extends(engines.trail.as_ref(), &checkpoint, &trusted).await? {
                    Ok(()) => println!("OK       checkpoint {} of {}: the trail extends it ({} records in {} chains then)", file.display(), checkpoint.made_at, checkpoint.records, checkpoint.chains),
                    Err(finding) => {
                        println!("PROBLEM  checkpoint {} of {}: {finding}", file.display(), checkpoint.made_at);
                        holds = false;
                    }
                }
            }
            if !holds {
                std::process::exit(1);
            }
            Ok(())
        }
        Command::Audit { command: AuditCommand::Checkpoint { data_dir, table } } => {
            let in_the_cloud = table.is_some();
            let engines = open_engines(&data_dir, table).await?;
            portal::migrate(&engines).await?;
            let (key, kept, place) = if in_the_cloud {
                cloud::checkpoints().await?
            } else {
                let kept = engines.checkpoints.clone().context("no checkpoints directory")?;
                (portal::embedded::checkpoint_key(&data_dir)?, kept, portal::embedded::checkpoint_dir(&data_dir).display().to_string())
            };
            let checkpoint = audit_area::checkpoints::make(engines.trail.as_ref(), &key).await?;
            let name = audit_area::checkpoints::keep(kept.as_ref(), &checkpoint).await?;
            println!("Checkpoint of the audit trail: {} records in {} chains, as of {}.", checkpoint.records, checkpoint.chains, checkpoint.made_at);
            println!("Written to {place}/{name}");
            println!("Signed with the checkpoint key whose public half is {}", checkpoint.public_key);
            println!("Keep a copy where whoever holds the store cannot reach it; check later with: portal audit verify --since FILE");
            Ok(())
        }
        Command::Admin { command: AdminCommand::Create { email, name, data_dir, table } } => {
            let mut password = String::new();
            std::io::stdin().read_to_string(&mut password)?;
            let password = password.trim_end_matches(['\n', '\r']);
            let engines = open_engines(&data_dir, table).await?;
            match auth::bootstrap::create_admin(engines.accounts.as_ref(), &email, &name, password).await {
                Ok(()) => {
                    println!("Admin {} <{}> created.", name.trim(), email.trim().to_lowercase());
                    Ok(())
                }
                Err(e) => {
                    eprintln!("Could not create the Admin: {e}");
                    std::process::exit(1);
                }
            }
        }
    }
}

/// Prints what a command did, or why it could not (on standard error, exit code 1).
fn finish(command: &str, outcome: anyhow::Result<impl std::fmt::Display>) -> anyhow::Result<()> {
    match outcome {
        Ok(done) => {
            println!("{}", done.to_string().trim_end());
            Ok(())
        }
        Err(e) => {
            eprintln!("portal {command}: {e:#}");
            std::process::exit(1);
        }
    }
}

/// The engines over the embedded store of `data_dir`, or over a state's DynamoDB table
/// (with the operator's AWS credentials), ready for a first request.
async fn open_engines(data_dir: &std::path::Path, table: Option<String>) -> anyhow::Result<AppState> {
    Ok(match table {
        Some(table) => cloud::open_table(table).await?,
        None => {
            let state = embedded::open(data_dir)?;
            portal::ready(&state).await?;
            state
        }
    })
}

/// A check of the audit trail, as `portal check` and `portal audit verify` say it.
fn said(v: &cases::chain::Verification) -> String {
    match &v.broken {
        None => format!("audit trail: {} records in {} chains, every hash and link holds", v.records, v.chains),
        Some(b) if b.record_id.is_empty() => format!("audit trail: chain {}: {}", b.chain, b.reason),
        Some(b) => format!("audit trail: record {} (chain {}): {}", b.record_id, if b.chain.is_empty() { "none" } else { &b.chain }, b.reason),
    }
}

/// What the commands reach in a state's stack, with the operator's AWS credentials: its
/// DynamoDB table, its checkpoints bucket and its secrets.
#[cfg(feature = "cloud")]
mod cloud {
    use http_glue::AppState;
    use std::sync::Arc;

    pub async fn open_table(table: String) -> anyhow::Result<AppState> {
        let config = aws_config::load_from_env().await;
        let store: Arc<dyn store::Store> = Arc::new(store::dynamo::DynamoStore::new(aws_sdk_dynamodb::Client::new(&config), table));
        // The operator's run of `migrate` seals plain second-factor secrets when given the
        // stack's key (SECRETS_KEY_NAME, as the auth function is).
        let sealing = http_glue::lambda::sealing_key(&config).await?;
        http_glue::lambda::use_audit_key(&config).await?;
        // The command line signs no session; the stack's session secret (JWT_SECRET_NAME) seals
        // the one-time sign-in links of the users `import` makes, which its site must open.
        let keys = match std::env::var("JWT_SECRET_NAME").or_else(|_| std::env::var("PORTAL_JWT_SECRET")) {
            Ok(_) => http_glue::lambda::token_keys(&config).await?,
            Err(_) => {
                let unused: [u8; 32] = rand::random();
                auth::TokenKeys::new(&unused)
            }
        };
        let mut state = AppState::new(store, keys, None, None).with_sealing(sealing);
        state.citizens.public_url = std::env::var("PORTAL_PUBLIC_URL").unwrap_or_default().trim_end_matches('/').into();
        state.prepare().await?;
        Ok(state)
    }

    pub async fn checkpoint_key() -> anyhow::Result<cases::checkpoint::SigningKey> {
        http_glue::lambda::checkpoint_key(&aws_config::load_from_env().await).await
    }

    /// The checkpoint key, the checkpoints bucket and its address, for `audit checkpoint`.
    pub async fn checkpoints() -> anyhow::Result<(cases::checkpoint::SigningKey, Arc<dyn blobs::BlobStore>, String)> {
        let config = aws_config::load_from_env().await;
        let bucket = std::env::var("CHECKPOINTS_BUCKET").unwrap_or_default();
        Ok((http_glue::lambda::checkpoint_key(&config).await?, http_glue::lambda::checkpoints_bucket(&config)?, format!("s3://{bucket}")))
    }
}

/// A portal built for one machine has no AWS SDK in it (it builds in minutes): a command
/// given --table says how to get a build that can reach a state's stack.
#[cfg(not(feature = "cloud"))]
mod cloud {
    use http_glue::AppState;
    use std::sync::Arc;

    fn not_built_in() -> anyhow::Error {
        anyhow::anyhow!("this portal was built for one machine, without the AWS engines: --table needs a build with them (cargo build --release -p portal --features cloud)")
    }

    pub async fn open_table(_table: String) -> anyhow::Result<AppState> {
        Err(not_built_in())
    }

    pub async fn checkpoint_key() -> anyhow::Result<cases::checkpoint::SigningKey> {
        Err(not_built_in())
    }

    pub async fn checkpoints() -> anyhow::Result<(cases::checkpoint::SigningKey, Arc<dyn blobs::BlobStore>, String)> {
        Err(not_built_in())
    }
}
