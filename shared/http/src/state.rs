use auth::TokenKeys;
use blobs::BlobStore;
use std::sync::Arc;
use store::Store;

/// What every handler can reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    /// Where grievances are kept: the port the grievance rules work through.
    pub grievances: Arc<dyn cases::Grievances>,
    /// The Admin Panel's lists.
    pub lists: Arc<dyn lists::AdminLists>,
    /// Notes and attachment records, as read (they are written with the grievances port).
    pub files: Arc<dyn cases::port::CaseFiles>,
    /// Where audit records are kept and read (a grievance's own are written with it).
    pub trail: Arc<dyn cases::AuditTrail>,
    /// Users, roles, sessions and sign-in lockouts.
    pub accounts: Arc<dyn auth::Accounts>,
    /// Seals and opens the secrets kept in the store: second factors (through `accounts`)
    /// and the identity documents of the people in a case. None in a process that never
    /// handles them.
    pub sealing: auth::sealing::SealingKey,
    /// Staff notifications and the email outbox (events are written with the grievances).
    pub notices: Arc<dyn cases::notices::Notices>,
    pub tokens: TokenKeys,
    /// Where export files go; only the functions that write files have one in the cloud.
    pub blobs: Option<Arc<dyn BlobStore>>,
    /// Where grievance attachments live, for good; separate from the exports, whose files
    /// expire.
    pub attachments: Option<Arc<dyn BlobStore>>,
    /// Where the audit trail's signed checkpoints are kept, apart from the trail: a directory
    /// an operator may put on another disk, or a bucket under Object Lock (`None`: not kept
    /// by this process).
    pub checkpoints: Option<Arc<dyn BlobStore>>,
    /// What the last check of the trail against the newest checkpoint found (`None`: it
    /// extends it, or this process made no such check): Audit History's integrity check says
    /// it, since the chains alone cannot see a store put back to an older state.
    pub checkpoint_finding: Arc<std::sync::RwLock<Option<String>>>,
    pub exports: ExportRunner,
    /// Each kind of export's queue (see [`crate::export_queues`]).
    pub export_queues: Arc<crate::export_queues::ExportQueues>,
    /// The embedded file, when this state is over one: the engines that keep rows in it are
    /// made again from it (with a sealing key, say).
    pub embedded: Option<Arc<store::sqlite::SqliteStore>>,
    /// How citizens are written to (`cases::citizen`).
    pub citizens: CitizenChannel,
}

/// How the portal writes to citizens: the SMS sender (none: their messages wait in the outbox
/// until there is one), and the portal's public address their links point to.
#[derive(Clone, Default)]
pub struct CitizenChannel {
    pub sms: Option<Arc<dyn mail::sms::SmsSender>>,
    /// `https://grievances.example.gov.in`, without a final `/` (`PORTAL_PUBLIC_URL`).
    /// Shared by the state's clones, one per request.
    pub public_url: Arc<str>,
}

impl CitizenChannel {
    /// The channel the environment describes (`mail::sms::from_env`, `PORTAL_PUBLIC_URL`);
    /// `public_url` stands when the environment names no address.
    pub async fn from_env(public_url: &str) -> Result<CitizenChannel, String> {
        let sms = mail::sms::from_env().await?;
        let public_url = std::env::var("PORTAL_PUBLIC_URL").ok().map(|u| u.trim().to_string()).filter(|u| !u.is_empty()).unwrap_or_else(|| public_url.to_string());
        Ok(CitizenChannel { sms, public_url: public_url.trim_end_matches('/').into() })
    }
}

/// How exports are run. A list of at most `at_once_most` grievances is written while the
/// request waits; a longer one in the background, announced when ready: by this process
/// (`in_process`: the portal, the tests), or, in the cloud, by the export worker function,
/// which the exports bucket invokes for each new request (a Lambda answers within the HTTP
/// API's 29 s and is frozen after it answers, so it cannot write a long file itself).
#[derive(Clone, Copy, Debug)]
pub struct ExportRunner {
    pub at_once_most: u64,
    pub in_process: bool,
}

impl Default for ExportRunner {
    /// 5,000 rows take well under a second here and a few seconds from DynamoDB.
    fn default() -> Self {
        ExportRunner { at_once_most: 5_000, in_process: true }
    }
}

impl AppState {
    /// The state over `store`, with the grievances engine that suits it.
    pub fn new(store: Arc<dyn Store>, tokens: TokenKeys, blobs: Option<Arc<dyn BlobStore>>, attachments: Option<Arc<dyn BlobStore>>) -> AppState {
        let grievances = Arc::new(engines::dynamo::grievances::ItemGrievances::new(store.clone()));
        let lists = Arc::new(engines::dynamo::lists::ItemLists::new(store.clone()));
        let files = Arc::new(engines::dynamo::case_files::ItemCaseFiles::new(store.clone()));
        let trail = Arc::new(engines::dynamo::trail::ItemTrail::new(store.clone()));
        let accounts = Arc::new(engines::dynamo::accounts::ItemAccounts::new(store.clone()));
        let notices = Arc::new(engines::dynamo::notices::ItemNotices::new(store.clone()));
        AppState { store, grievances, lists, files, trail, accounts, sealing: auth::sealing::SealingKey::none(), notices, tokens, blobs, attachments, checkpoints: None, checkpoint_finding: Arc::default(), exports: ExportRunner::default(), export_queues: Arc::default(), embedded: None, citizens: CitizenChannel::default() }
    }

    /// The embedded state: one SQLite file whose tables hold every record, each change
    /// written in one transaction with its audit records.
    pub fn embedded(store: Arc<store::sqlite::SqliteStore>, tokens: TokenKeys, blobs: Option<Arc<dyn BlobStore>>, attachments: Option<Arc<dyn BlobStore>>) -> AppState {
        let grievances = Arc::new(engines::sqlite::grievances::SqlGrievances::new(store.clone()));
        let lists = Arc::new(engines::sqlite::lists::SqlLists::new(store.clone()));
        let files = Arc::new(engines::sqlite::case_files::SqlCaseFiles::new(store.clone()));
        let trail = Arc::new(engines::sqlite::trail::SqlTrail::new(store.clone()));
        let accounts = Arc::new(engines::sqlite::accounts::SqlAccounts::new(store.clone()));
        let notices = Arc::new(engines::sqlite::notices::SqlNotices::new(store.clone()));
        let embedded = Some(store.clone());
        AppState { store, grievances, lists, files, trail, accounts, sealing: auth::sealing::SealingKey::none(), notices, tokens, blobs, attachments, checkpoints: None, checkpoint_finding: Arc::default(), exports: ExportRunner::default(), export_queues: Arc::default(), embedded, citizens: CitizenChannel::default() }
    }

    /// The same state writing to citizens through `channel`.
    pub fn with_citizens(mut self, channel: CitizenChannel) -> AppState {
        self.citizens = channel;
        self
    }

    /// The same state with the audit trail's checkpoints kept in `checkpoints`.
    pub fn with_checkpoints(mut self, checkpoints: Arc<dyn BlobStore>) -> AppState {
        self.checkpoints = Some(checkpoints);
        self
    }

    /// The same state with second-factor secrets and identity documents sealed by `key` (see
    /// `auth::sealing`).
    pub fn with_sealing(mut self, key: auth::sealing::SealingKey) -> AppState {
        self.accounts = match &self.embedded {
            Some(file) => Arc::new(engines::sqlite::accounts::SqlAccounts::sealing(file.clone(), key.clone())),
            None => Arc::new(engines::dynamo::accounts::ItemAccounts::sealing(self.store.clone(), key.clone())),
        };
        self.sealing = key;
        self
    }

    /// What the grievance rules work over.
    pub fn cases(&self) -> cases::Cases<'_> {
        cases::Cases { grievances: self.grievances.as_ref(), files: self.files.as_ref(), lists: self.lists.as_ref(), sealer: &self.sealing }
    }

    pub fn blobs(&self) -> domain::Result<&dyn BlobStore> {
        self.blobs.as_deref().ok_or_else(|| domain::Error::internal("this function has no blob store (EXPORTS_BUCKET is not set)"))
    }

    pub fn attachments(&self) -> domain::Result<&dyn BlobStore> {
        self.attachments.as_deref().ok_or_else(|| domain::Error::internal("this function has no attachments store (ATTACHMENTS_BUCKET is not set)"))
    }
}

/// What an item store (a state's DynamoDB table) must hold before the first request: the
/// Admin role and the seeded admin lists. Cheap when done already (a read or two), and safe
/// from many processes at once.
pub async fn prepare_store(accounts: &dyn auth::Accounts, store: &dyn Store) -> domain::Result<()> {
    auth::bootstrap::ensure_admin_role(accounts).await?;
    engines::dynamo::lists::seed(store).await
}

impl AppState {
    /// [`prepare_store`] for this state's engines: the lists seeded through this state's
    /// lists engine (on the embedded file, its tables).
    pub async fn prepare(&self) -> domain::Result<()> {
        auth::bootstrap::ensure_admin_role(self.accounts.as_ref()).await?;
        self.lists.seed().await
    }
}
