//! The audit trail as rows: one row per record, numbered in the order written (`seq`), the
//! people who did them kept once each (`audit_actors`), and each user's readable records as
//! `(user, seq)` pairs, so a user without view_all pages through what they may read, never
//! through the state's trail.
//!
//! Records are append-only: the schema refuses an UPDATE or DELETE of one. A record's
//! `action_details` (for a complete record, every field of the grievance) is kept deflated,
//! with a preset dictionary of the field names ([`super::audit_dictionary`]; each row names
//! the one it used): it is most of a record's size and is read only a page at a time.

use domain::audit::Details;
use super::{Result, SqlError};
use rusqlite::types::Value;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension, Row};

/// Who did a change, as the trail shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub user_id: i64,
    pub user_name: String,
    pub user_email: String,
    pub user_role: String,
    pub ip_address: String,
    pub user_agent: String,
    pub session_id: String,
}

/// A record as written and as read. `change_tag` and `position` make its id
/// (`{grievance}-{change}-{position}`), unique in the trail.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub grievance_id: i64,
    pub change_tag: String,
    pub position: i64,
    pub grievance_number: String,
    pub action: String,
    pub field_name: Option<String>,
    pub old_value: Option<String>,
    pub new_value: Option<String>,
    pub notes: Option<String>,
    /// As JSON text: the trail hands details from the file to the answer without building a
    /// tree of them (a complete record holds every field of the grievance).
    pub details: Option<domain::audit::Details>,
    pub actor: Actor,
    pub created_at: String,
}

impl Record {
    pub fn id(&self) -> String {
        format!("{}-{}-{}", self.grievance_id, self.change_tag, self.position)
    }
}

/// The dictionary new records are deflated with (see [`super::audit_dictionary`]).
const CURRENT_DICTIONARY: i64 = 1;

fn dictionary(number: i64) -> Result<Option<&'static [u8]>> {
    match number {
        0 => Ok(None),
        1 => Ok(Some(super::audit_dictionary::DICTIONARY_1.as_bytes())),
        n => Err(SqlError::Corrupt(format!("audit details: unknown dictionary {n}"))),
    }
}

fn deflate(details: &Details) -> Result<Vec<u8>> {
    super::deflated::deflate(details.as_str().as_bytes(), dictionary(CURRENT_DICTIONARY)?).map_err(|e| SqlError::Corrupt(format!("audit details: {e}")))
}

fn inflate(bytes: &[u8], dictionary_number: i64) -> Result<Details> {
    let corrupt = |e: &dyn std::fmt::Display| SqlError::Corrupt(format!("audit details: {e}"));
    let text = super::deflated::inflate(bytes, dictionary(dictionary_number)?).map_err(|e| corrupt(&e))?;
    Details::from_text(text).map_err(|e| corrupt(&e))
}

fn actor_id(tx: &Connection, a: &Actor) -> Result<i64> {
    let values = params![a.session_id, a.user_id, a.user_name, a.user_email, a.user_role, a.ip_address, a.user_agent];
    let found = tx
        .prepare_cached(
            "SELECT id FROM audit_actors WHERE session_id = ?1 AND user_id = ?2 AND user_name = ?3 AND user_email = ?4
               AND user_role = ?5 AND ip_address = ?6 AND user_agent = ?7",
        )?
        .query_row(values, |r| r.get(0))
        .optional()?;
    if let Some(id) = found {
        return Ok(id);
    }
    tx.prepare_cached("INSERT INTO audit_actors (session_id, user_id, user_name, user_email, user_role, ip_address, user_agent) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?
        .execute(values)?;
    Ok(tx.last_insert_rowid())
}

/// Appends `records` (one change's, in order) and makes each readable by `viewers` without
/// view_all, answering each record's number (`seq`), which its chain link names.
pub fn append(tx: &Connection, records: &[Record], viewers: &[i64]) -> Result<Vec<i64>> {
    let mut numbers = Vec::with_capacity(records.len());
    let mut actors: Vec<(&Actor, i64)> = Vec::new();
    for r in records {
        let actor = match actors.iter().find(|(a, _)| *a == &r.actor) {
            Some((_, id)) => *id,
            None => {
                let id = actor_id(tx, &r.actor)?;
                actors.push((&r.actor, id));
                id
            }
        };
        let details = r.details.as_ref().map(deflate).transpose()?;
        tx.prepare_cached(
            "INSERT INTO audit_records (grievance_id, change_tag, position, grievance_number, action, field_name, old_value, new_value, notes, details, user_id, actor_id, created_at, details_dictionary)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        )?
        .execute(params![
            r.grievance_id,
            r.change_tag,
            r.position,
            r.grievance_number,
            r.action,
            r.field_name,
            r.old_value,
            r.new_value,
            r.notes,
            details,
            r.actor.user_id,
            actor,
            r.created_at,
            CURRENT_DICTIONARY
        ])?;
        let seq = tx.last_insert_rowid();
        let mut insert_viewer = tx.prepare_cached("INSERT OR IGNORE INTO audit_viewers (user_id, seq) VALUES (?1, ?2)")?;
        for user in viewers {
            insert_viewer.execute([*user, seq])?;
        }
        numbers.push(seq);
    }
    Ok(numbers)
}

/// A hash as kept: 32 bytes.
pub type Hash = [u8; 32];

fn hash_of(bytes: Vec<u8>) -> rusqlite::Result<Hash> {
    bytes.try_into().map_err(|b: Vec<u8>| rusqlite::Error::FromSqlConversionFailure(b.len(), rusqlite::types::Type::Blob, "a hash is 32 bytes".into()))
}

fn maybe_hash(bytes: Option<Vec<u8>>) -> rusqlite::Result<Option<Hash>> {
    bytes.map(hash_of).transpose()
}

/// The hash before a chain's first link.
const START: Hash = [0; 32];

// The chains are kept by number (see `chain_keys`), and each hash once: a link's "hash
// before" is the hash of the link before it, a head's hash its link's. Either column holds a
// value of its own only where an earlier release's file held one that differs (changed behind
// the portal's back), so that the check still finds it. These read them back.

/// A link's "hash before", in SQL over `audit_links l` (NULL: the link before it is missing).
const PREV_OF_LINK: &str = "coalesce(l.prev, CASE WHEN l.link = 1 THEN zeroblob(32) ELSE \
    (SELECT p.hash FROM audit_links p WHERE p.chain = l.chain AND p.link = l.link - 1) END)";

/// A head's hash, in SQL over `audit_chain_heads h` (NULL: its link is missing).
const HASH_OF_HEAD: &str = "coalesce(h.hash, (SELECT l.hash FROM audit_links l WHERE l.chain = h.chain AND l.link = h.link))";

/// The number `chain` is kept under: an error for a name the trail never writes.
fn key(chain: &str) -> Result<i64> {
    super::chain_keys::key_of(chain).ok_or_else(|| SqlError::Corrupt(format!("an audit chain named {chain:?} is none the trail writes")))
}

/// A chain's head as kept: its newest link, that link's hash, and the seal the portal put on
/// them (`None`: written before heads were sealed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainHead {
    pub link: i64,
    /// `None`: the file no longer holds the link the head names.
    pub hash: Option<Hash>,
    pub seal: Option<Hash>,
}

/// A chain's head (`None`: the chain has no record yet).
pub fn chain_head(tx: &Connection, chain: &str) -> Result<Option<ChainHead>> {
    let Some(key) = super::chain_keys::key_of(chain) else { return Ok(None) };
    Ok(tx
        .prepare_cached(&format!("SELECT h.link, {HASH_OF_HEAD}, h.seal FROM audit_chain_heads h WHERE h.chain = ?1"))?
        .query_row([key], |r| Ok(ChainHead { link: r.get(0)?, hash: maybe_hash(r.get(1)?)?, seal: maybe_hash(r.get(2)?)? }))
        .optional()?)
}

/// Links record `seq` into `chain` as its newest link, after `prev`, moving the chain's head to
/// it with the head's seal.
pub fn append_link(tx: &Connection, seq: i64, chain: &str, link: i64, prev: &Hash, hash: &Hash, seal: &Hash) -> Result<()> {
    let key = key(chain)?;
    tx.prepare_cached(
        "INSERT INTO audit_links (seq, chain, link, hash, prev) VALUES (?1, ?2, ?3, ?4, \
           CASE WHEN ?5 = CASE WHEN ?3 = 1 THEN zeroblob(32) ELSE (SELECT p.hash FROM audit_links p WHERE p.chain = ?2 AND p.link = ?3 - 1) END \
                THEN NULL ELSE ?5 END)",
    )?
    .execute(params![seq, key, link, hash, prev])?;
    tx.prepare_cached(
        "INSERT INTO audit_chain_heads (chain, link, seal, hash) VALUES (?1, ?2, ?3, NULL) \
         ON CONFLICT (chain) DO UPDATE SET link = excluded.link, seal = excluded.seal, hash = NULL",
    )?
    .execute(params![key, link, seal])?;
    Ok(())
}

/// The upgrade steps the trail is owed (see `migrations/0015_audit_head_seals_and_upgrades_owed.sql`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwedStep {
    /// Seal the heads written before heads were sealed.
    SealHeads,
    /// Link the records written before the chains.
    LinkRecords,
}

impl OwedStep {
    fn as_str(self) -> &'static str {
        match self {
            OwedStep::SealHeads => "seal heads",
            OwedStep::LinkRecords => "link records",
        }
    }
}

/// Whether the trail is owed `step`.
pub fn owed(conn: &Connection, step: OwedStep) -> Result<bool> {
    Ok(conn.prepare_cached("SELECT 1 FROM audit_upgrades_owed WHERE step = ?1")?.query_row([step.as_str()], |_| Ok(())).optional()?.is_some())
}

/// Marks `step` done.
pub fn paid(tx: &Connection, step: OwedStep) -> Result<()> {
    tx.prepare_cached("DELETE FROM audit_upgrades_owed WHERE step = ?1")?.execute([step.as_str()])?;
    Ok(())
}

/// Up to `limit` heads with no seal after chain `after` (`""`: from the first), in the file's
/// order of chains, each with the hash of its chain's newest link as kept (`None`: the head
/// names a link that is not there, or is not the newest).
pub fn unsealed_heads(conn: &Connection, after: &str, limit: usize) -> Result<Vec<(String, ChainHead, Option<Hash>)>> {
    let after = if after.is_empty() { i64::MIN } else { key(after)? };
    let mut statement = conn.prepare_cached(&format!(
        "SELECT h.chain, h.link, {HASH_OF_HEAD}, \
           (SELECT l.hash FROM audit_links l WHERE l.chain = h.chain AND l.link = h.link \
              AND NOT EXISTS (SELECT 1 FROM audit_links n WHERE n.chain = h.chain AND n.link > h.link)) \
         FROM audit_chain_heads h WHERE h.seal IS NULL AND h.chain > ?1 ORDER BY h.chain LIMIT ?2",
    ))?;
    let rows = statement.query_map(params![after, limit as i64], |r| {
        let head = ChainHead { link: r.get(1)?, hash: maybe_hash(r.get(2)?)?, seal: None };
        Ok((super::chain_keys::name_of(r.get(0)?), head, maybe_hash(r.get(3)?)?))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Puts `seal` on `chain`'s head, which must still have none.
pub fn seal_head(tx: &Connection, chain: &str, seal: &Hash) -> Result<()> {
    tx.prepare_cached("UPDATE audit_chain_heads SET seal = ?2 WHERE chain = ?1 AND seal IS NULL")?.execute(params![key(chain)?, seal])?;
    Ok(())
}

/// Whose records [`unlinked`] looks among.
pub enum RecordsOf<'a> {
    /// Anyone's.
    Any,
    /// A grievance's.
    Grievance(i64),
    /// A user's events (about no grievance).
    UserEvents(i64),
    /// The events about no grievance with one of these actions.
    Events(&'a [&'a str]),
}

/// The records of `which` that are in no chain, with their numbers, oldest first, at most
/// `limit`: those written before the chains (which the upgrade owed links once), or put in
/// the file by something other than the portal.
pub fn unlinked(conn: &Connection, which: RecordsOf<'_>, limit: usize) -> Result<Vec<(i64, Record)>> {
    let (condition, values): (String, Vec<Value>) = match which {
        RecordsOf::Any => ("1".into(), Vec::new()),
        RecordsOf::Grievance(id) => ("r.grievance_id = ?".into(), vec![Value::Integer(id)]),
        RecordsOf::UserEvents(user) => ("r.user_id = ? AND r.grievance_id = 0".into(), vec![Value::Integer(user)]),
        RecordsOf::Events(actions) => (
            format!("r.action IN ({}) AND r.grievance_id = 0", vec!["?"; actions.len().max(1)].join(", ")),
            if actions.is_empty() { vec![Value::Null] } else { actions.iter().map(|a| Value::Text(a.to_string())).collect() },
        ),
    };
    let sql = format!(
        "SELECT {COLUMNS}, r.seq FROM audit_records r JOIN audit_actors a ON a.id = r.actor_id \
         WHERE {condition} AND NOT EXISTS (SELECT 1 FROM audit_links l WHERE l.seq = r.seq) ORDER BY r.seq LIMIT {limit}"
    );
    let mut statement = conn.prepare_cached(&sql)?;
    let rows = statement.query_map(params_from_iter(values), |row| Ok((read_record(row)?, row.get::<_, i64>(19)?)))?;
    let mut out = Vec::new();
    for row in rows {
        let ((mut record, details, dictionary_number), seq) = row?;
        record.details = details.as_deref().map(|d| inflate(d, dictionary_number)).transpose()?;
        out.push((seq, record));
    }
    Ok(out)
}

/// A linked record as kept: the record, its link number, the hash before it (the chain's start
/// where the link before it is missing, a gap the check names first) and its own.
pub struct LinkedRecord {
    pub record: Record,
    pub link: i64,
    pub prev: Hash,
    pub hash: Hash,
}

/// Which chains a walk reads.
pub enum ChainsToWalk<'a> {
    All,
    /// These chains only (names).
    Named(&'a [String]),
}

/// Walks chains in name order, each record in link order, handing `each` a whole chain with
/// its head as kept (`None`: it has none); stops when `each` answers false. One pass over the links' index, so a
/// whole trail is read once, a chain at a time.
pub fn walk_chains(conn: &Connection, which: ChainsToWalk<'_>, mut each: impl FnMut(&str, Vec<LinkedRecord>, Option<ChainHead>) -> bool) -> Result<()> {
    let names: Vec<String> = match which {
        ChainsToWalk::Named(names) => names.to_vec(),
        // The chains named by a head or by a link: a chain whose head was removed is walked
        // (and found without one).
        ChainsToWalk::All => conn
            .prepare(&format!(
                "SELECT {} AS name FROM (SELECT chain FROM audit_chain_heads UNION SELECT chain FROM audit_links) ORDER BY name",
                super::chain_keys::name_sql("chain")
            ))?
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?,
    };
    let sql = format!(
        "SELECT {COLUMNS}, l.link, {PREV_OF_LINK}, l.hash FROM audit_links l JOIN audit_records r ON r.seq = l.seq \
         JOIN audit_actors a ON a.id = r.actor_id WHERE l.chain = ?1 ORDER BY l.link"
    );
    let mut statement = conn.prepare_cached(&sql)?;
    for name in names {
        // A name the trail never writes has no links: walked, it is found empty.
        let key = super::chain_keys::key_of(&name);
        let rows = statement.query_map([key], |row| Ok((read_record(row)?, row.get::<_, i64>(19)?, maybe_hash(row.get(20)?)?, hash_of(row.get(21)?)?)))?;
        let mut chain = Vec::new();
        for row in rows {
            let ((mut record, details, dictionary_number), link, prev, hash) = row?;
            record.details = details.as_deref().map(|d| inflate(d, dictionary_number)).transpose()?;
            chain.push(LinkedRecord { record, link, prev: prev.unwrap_or(START), hash });
        }
        let head = chain_head(conn, &name)?;
        if !each(&name, chain, head) {
            break;
        }
    }
    Ok(())
}

/// The number of the newest record (0: none yet).
pub fn newest_seq(conn: &Connection) -> Result<i64> {
    Ok(conn.query_row("SELECT coalesce(max(seq), 0) FROM audit_links", [], |r| r.get(0))?)
}

/// Every chain's head as it stood when record `seq` was the newest, in chain-name order: its
/// newest link numbered up to `seq`, and that link's hash.
pub fn heads_as_of(conn: &Connection, seq: i64, mut each: impl FnMut(&str, i64, &Hash) -> std::result::Result<(), String>) -> Result<()> {
    // SQLite answers the bare column (hash) from the row that holds the group's max(link).
    let mut statement = conn.prepare(&format!(
        "SELECT {} AS name, max(link), hash FROM audit_links WHERE seq <= ?1 GROUP BY chain ORDER BY name",
        super::chain_keys::name_sql("chain")
    ))?;
    let mut rows = statement.query([seq])?;
    while let Some(row) = rows.next()? {
        let (chain, link, hash): (String, i64, Vec<u8>) = (row.get(0)?, row.get(1)?, row.get(2)?);
        let hash = hash_of(hash)?;
        each(&chain, link, &hash).map_err(SqlError::Corrupt)?;
    }
    Ok(())
}

/// How many records, and how many of them are linked.
pub fn linked_count(conn: &Connection) -> Result<(i64, i64)> {
    Ok(conn.query_row("SELECT (SELECT count(*) FROM audit_records), (SELECT count(*) FROM audit_links)", [], |r| Ok((r.get(0)?, r.get(1)?)))?)
}

/// Whose records a query reads.
#[derive(Clone, Debug)]
pub enum TrailScope {
    /// Every record (view_all).
    State,
    /// The records this user may read without view_all.
    Readable(i64),
    /// Every record of the grievances now lying in a posting's area: at any of `stations`, or
    /// without a station in any of `districts` (a grievance's history follows it when it is
    /// transferred), and the records about no grievance that `user` may read (their exports).
    Area { user: i64, stations: Vec<i64>, districts: Vec<i64> },
}

/// A question to the trail: newest first, `offset` records skipped, at most `limit`.
#[derive(Clone, Debug)]
pub struct TrailQuery {
    pub scope: TrailScope,
    pub grievance_id: Option<i64>,
    pub action: Option<String>,
    pub user_id: Option<i64>,
    /// `created_at` at or after this text (a day: `YYYY-MM-DD`).
    pub from: Option<String>,
    /// `created_at` on or before this day.
    pub to: Option<String>,
    pub search: Option<TextSearch>,
    /// Administrative changes only, or grievance records only (Audit History's filter).
    pub kind: Option<RecordKind>,
    /// Whose details are read: every record's, or only the events' (records about no
    /// grievance), for a reader that shows a grievance's records without them.
    pub details: DetailsRead,
    pub limit: usize,
    pub offset: usize,
}

/// Which records' details a page reads. A complete record's details are the whole grievance,
/// most of its bytes, kept deflated: a page of them spends most of its time inflating them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DetailsRead {
    Every,
    /// The events' only (an administrative change's subject, an export's filters); a
    /// grievance's records come without details.
    EventsOnly,
}

/// Which records Audit History's kind filter keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    /// Events whose action is administrative (`AuditAction::is_administrative`).
    Administrative,
    /// Records of a grievance's trail.
    Grievance,
}

/// The SQL condition of a kind: the administrative actions are constants of the domain.
fn kind_condition(kind: RecordKind) -> String {
    match kind {
        RecordKind::Administrative => {
            let actions: Vec<String> = domain::audit::AuditAction::administrative().map(|a| format!("'{}'", a.as_str())).collect();
            format!("(r.grievance_id = 0 AND r.action IN ({}))", actions.join(", "))
        }
        RecordKind::Grievance => "r.grievance_id > 0".to_string(),
    }
}

/// What a search of the trail looks for.
#[derive(Clone, Debug)]
pub enum TextSearch {
    /// One grievance's records, by its id (its index), as long as they carry this number.
    Grievance { id: i64, number: String },
    /// Text in the grievance number, the user's name or email, the field, the old or new
    /// value, or the notes, ignoring ASCII case (SQL LIKE). Records are walked newest first
    /// until a page is found: about 0.6 s per million records for text no record holds.
    Text(String),
}

impl TrailQuery {
    pub fn new(scope: TrailScope, limit: usize, offset: usize) -> TrailQuery {
        TrailQuery { scope, grievance_id: None, action: None, user_id: None, from: None, to: None, search: None, kind: None, details: DetailsRead::Every, limit, offset }
    }
}

/// `text` as a LIKE pattern that finds it anywhere, its own `%`, `_` and `\` taken literally.
fn anywhere(text: &str) -> String {
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

const TEXT_COLUMNS: [&str; 7] = ["r.grievance_number", "a.user_name", "a.user_email", "r.field_name", "r.old_value", "r.new_value", "r.notes"];

const COLUMNS: &str = "r.grievance_id, r.change_tag, r.position, r.grievance_number, r.action, r.field_name, r.old_value, r.new_value, r.notes, r.details,
    a.user_id, a.user_name, a.user_email, a.user_role, a.ip_address, a.user_agent, a.session_id, r.created_at, r.details_dictionary";

/// A record without its details, and its details as kept: deflated, with the dictionary's number.
fn read_record(row: &Row) -> rusqlite::Result<(Record, Option<Vec<u8>>, i64)> {
    Ok((
        Record {
            grievance_id: row.get(0)?,
            change_tag: row.get(1)?,
            position: row.get(2)?,
            grievance_number: row.get(3)?,
            action: row.get(4)?,
            field_name: row.get(5)?,
            old_value: row.get(6)?,
            new_value: row.get(7)?,
            notes: row.get(8)?,
            details: None,
            actor: Actor {
                user_id: row.get(10)?,
                user_name: row.get(11)?,
                user_email: row.get(12)?,
                user_role: row.get(13)?,
                ip_address: row.get(14)?,
                user_agent: row.get(15)?,
                session_id: row.get(16)?,
            },
            created_at: row.get(17)?,
        },
        row.get(9)?,
        row.get(18)?,
    ))
}

/// An area's records, checked one by one as the trail is walked newest first: the user's own
/// events (records about no grievance), and the records of grievances now in the area, each
/// told by one lookup of its grievance.
const AREA_WALKED: &str = "((r.grievance_id = 0 AND EXISTS (SELECT 1 FROM audit_viewers v WHERE v.user_id = ? AND v.seq = r.seq)) \
    OR EXISTS (SELECT 1 FROM grievances g WHERE g.id = r.grievance_id AND (g.police_station_id IN (SELECT value FROM json_each(?)) \
       OR (g.police_station_id IS NULL AND g.district_id IN (SELECT value FROM json_each(?))))))";

/// The same records gathered from the area's grievances (through the station index) and the
/// user's own pairs, then sorted: for an area too small for a walk to meet its records soon.
const AREA_GATHERED: &str = "r.seq IN (SELECT v.seq FROM audit_viewers v JOIN audit_records e ON e.seq = v.seq WHERE v.user_id = ? AND e.grievance_id = 0 \
    UNION ALL SELECT a.seq FROM grievances g INDEXED BY g_station JOIN audit_records a ON a.grievance_id = g.id \
       WHERE g.police_station_id IN (SELECT value FROM json_each(?)) \
    UNION ALL SELECT a.seq FROM grievances g INDEXED BY g_station JOIN audit_records a ON a.grievance_id = g.id \
       WHERE g.police_station_id IS NULL AND g.district_id IN (SELECT value FROM json_each(?)))";

/// Whether an area's filtered page of `wanted` records (offset included; an unfiltered one is
/// read by [`area_newest_first`]) is found sooner by walking the trail newest first than by
/// gathering and sorting the area's records. A walk meets the area's records at the rate the
/// area holds of the state's grievances, so it reads about `wanted × state / area` records; a
/// gather looks up each of the area's grievances and sorts their records. Measured at 1,000,000
/// grievances: a walked record costs about 0.65 µs and a gathered grievance about 10 µs (a
/// station of 142,000 grievances: walk 2 ms, gather 97 ms; one of 715: walk 91 ms, gather 4-7
/// ms). Both sizes come from the figures kept per station (a few hundred rows).
pub fn area_walks(conn: &Connection, stations: &Value, districts: &Value, wanted: usize) -> Result<bool> {
    let (state, area): (i64, i64) = conn
        .prepare_cached(
            "SELECT coalesce(sum(n), 0), coalesce(sum(CASE WHEN police_station_id IN (SELECT value FROM json_each(?1)) \
                 OR (police_station_id = 0 AND district_id IN (SELECT value FROM json_each(?2))) THEN n ELSE 0 END), 0) FROM grievance_tally",
        )?
        .query_row([stations, districts], |r| Ok((r.get(0)?, r.get(1)?)))?;
    /// A gathered grievance's cost in walked records.
    const GATHER_COST: i64 = 15;
    Ok(area > 0 && (wanted as i64).saturating_mul(state) < GATHER_COST.saturating_mul(area).saturating_mul(area))
}

/// The numbers of an area's records `offset..offset + limit` newest first, with no filter: the
/// user's own events (records about no grievance) and the records of the grievances now in
/// the area. The newest `wanted` records of the area are all records of the `wanted`
/// grievances whose newest records are newest (a grievance left out has `wanted` grievances
/// with a newer record each), so each place's newest grievances are read from
/// `audit_newest` (a place's read stops at the newest seen so far once `wanted` are held),
/// then those grievances' newest records: about `places + 2 × wanted` index reads, whatever
/// the size of the area or the state.
fn area_newest_first(conn: &Connection, user: i64, stations: &[i64], districts: &[i64], limit: usize, offset: usize) -> Result<Vec<i64>> {
    let wanted = limit.saturating_add(offset);
    let cap = i64::try_from(wanted).unwrap_or(i64::MAX);
    if wanted == 0 {
        return Ok(Vec::new());
    }
    // A place is a station, or a district (negative) for the grievances without a station.
    let places = stations.iter().copied().chain(districts.iter().map(|d| -d));
    let mut newest = conn.prepare_cached("SELECT seq, grievance_id FROM audit_newest WHERE place = ?1 AND seq > ?2 ORDER BY seq DESC LIMIT ?3")?;
    // (newest record, grievance), newest first, at most `wanted`.
    let mut grievances: Vec<(i64, i64)> = Vec::new();
    for place in places {
        let floor = if grievances.len() < wanted { 0 } else { grievances[wanted - 1].0 };
        let rows = newest.query_map(params![place, floor, cap], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?;
        for row in rows {
            grievances.push(row?);
        }
        grievances.sort_unstable_by(|a, b| b.cmp(a));
        grievances.truncate(wanted);
    }
    let mut seqs: Vec<i64> = Vec::with_capacity(wanted * 2);
    let mut records = conn.prepare_cached("SELECT seq FROM audit_records WHERE grievance_id = ?1 ORDER BY seq DESC LIMIT ?2")?;
    for (_, grievance) in &grievances {
        for seq in records.query_map(params![grievance, cap], |r| r.get::<_, i64>(0))? {
            seqs.push(seq?);
        }
    }
    let mut events = conn.prepare_cached(
        "SELECT v.seq FROM audit_viewers v JOIN audit_records e ON e.seq = v.seq WHERE v.user_id = ?1 AND e.grievance_id = 0 ORDER BY v.seq DESC LIMIT ?2",
    )?;
    for seq in events.query_map(params![user, cap], |r| r.get::<_, i64>(0))? {
        seqs.push(seq?);
    }
    seqs.sort_unstable_by(|a, b| b.cmp(a));
    seqs.dedup();
    Ok(seqs.into_iter().skip(offset).take(limit).collect())
}

/// Whether `q` asks for nothing but a page of its scope.
fn unfiltered(q: &TrailQuery) -> bool {
    q.grievance_id.is_none() && q.action.is_none() && q.user_id.is_none() && q.from.is_none() && q.to.is_none() && q.search.is_none() && q.kind.is_none()
}

/// The records `q` asks for. A user's scope is read from their own pairs, newest first.
pub fn page(conn: &Connection, q: &TrailQuery) -> Result<Vec<Record>> {
    // An area's page takes several statements: they read one snapshot.
    let _snapshot = super::snapshot(conn)?;
    let mut terms: Vec<&str> = Vec::new();
    let mut values: Vec<Value> = Vec::new();
    let (mut limit, mut offset) = (q.limit, q.offset);
    // One grievance's records are found by its index, each checked against the scope.
    let one_grievance = q.grievance_id.is_some() || matches!(q.search, Some(TextSearch::Grievance { .. }));
    let from = match &q.scope {
        TrailScope::Area { user, stations, districts } if unfiltered(q) => {
            let seqs = area_newest_first(conn, *user, stations, districts, limit, offset)?;
            terms.push("r.seq IN (SELECT value FROM json_each(?))");
            values.push(Value::Text(serde_json::to_string(&seqs).expect("numbers serialise")));
            (limit, offset) = (seqs.len(), 0);
            "audit_records r"
        }
        TrailScope::State => "audit_records r",
        TrailScope::Readable(user) => {
            terms.push("v.user_id = ?");
            values.push(Value::Integer(*user));
            if one_grievance {
                "audit_records r CROSS JOIN audit_viewers v ON v.seq = r.seq"
            } else {
                "audit_viewers v JOIN audit_records r ON r.seq = v.seq"
            }
        }
        TrailScope::Area { user, stations, districts } => {
            let json = |ids: &Vec<i64>| Value::Text(serde_json::to_string(ids).expect("ids serialise"));
            let (stations, districts) = (json(stations), json(districts));
            if one_grievance || area_walks(conn, &stations, &districts, q.limit + q.offset)? {
                terms.push(AREA_WALKED);
            } else {
                terms.push(AREA_GATHERED);
            }
            values.extend([Value::Integer(*user), stations, districts]);
            "audit_records r"
        }
    };
    if let Some(id) = q.grievance_id {
        terms.push("r.grievance_id = ?");
        values.push(Value::Integer(id));
    }
    if let Some(action) = &q.action {
        terms.push("r.action = ?");
        values.push(Value::Text(action.clone()));
    }
    if let Some(user) = q.user_id {
        terms.push("r.user_id = ?");
        values.push(Value::Integer(user));
    }
    let kind_terms: String;
    if let Some(kind) = q.kind {
        kind_terms = kind_condition(kind);
        terms.push(&kind_terms);
    }
    let text_terms: String;
    match &q.search {
        Some(TextSearch::Grievance { id, number }) => {
            terms.push("r.grievance_id = ? AND r.grievance_number = ?");
            values.extend([Value::Integer(*id), Value::Text(number.clone())]);
        }
        Some(TextSearch::Text(text)) => {
            text_terms = format!("({})", TEXT_COLUMNS.map(|c| format!("{c} LIKE ? ESCAPE '\\'")).join(" OR "));
            terms.push(&text_terms);
            values.extend(TEXT_COLUMNS.map(|_| Value::Text(anywhere(text))));
        }
        None => {}
    }
    if let Some(day) = &q.from {
        terms.push("r.created_at >= ?");
        values.push(Value::Text(day.clone()));
    }
    if let Some(day) = &q.to {
        // Every time of that day sorts before the day followed by '~'.
        terms.push("r.created_at <= ?");
        values.push(Value::Text(format!("{day}~")));
    }
    // SQLite joins a CROSS JOIN's tables in the order written: one grievance's records first.
    let order = match q.scope {
        TrailScope::Readable(_) if !one_grievance => "v.seq",
        _ => "r.seq",
    };
    let condition = if terms.is_empty() { String::new() } else { format!("WHERE {}", terms.join(" AND ")) };
    values.push(Value::Integer(limit as i64));
    values.push(Value::Integer(offset as i64));
    let columns = match q.details {
        DetailsRead::Every => COLUMNS.to_string(),
        // Not even read: a complete record's details lie on overflow pages of their own.
        DetailsRead::EventsOnly => COLUMNS.replacen("r.details,", "CASE WHEN r.grievance_id = 0 THEN r.details END,", 1),
    };
    let sql = format!("SELECT {columns} FROM {from} JOIN audit_actors a ON a.id = r.actor_id {condition} ORDER BY {order} DESC LIMIT ? OFFSET ?");
    let mut statement = conn.prepare_cached(&sql)?;
    let rows = statement.query_map(params_from_iter(values), read_record)?;
    let mut records = Vec::new();
    for row in rows {
        let (mut record, details, dictionary_number) = row?;
        record.details = details.as_deref().map(|d| inflate(d, dictionary_number)).transpose()?;
        records.push(record);
    }
    Ok(records)
}

/// Whether the newest record of the grievance's trail is readable in `scope`: `None` when
/// the grievance has no trail.
pub fn latest_readable(conn: &Connection, grievance_id: i64, scope: &TrailScope) -> Result<Option<bool>> {
    let latest: Option<i64> = conn
        .prepare_cached("SELECT seq FROM audit_records WHERE grievance_id = ?1 ORDER BY seq DESC LIMIT 1")?
        .query_row([grievance_id], |r| r.get(0))
        .optional()?;
    let Some(seq) = latest else { return Ok(None) };
    match scope {
        TrailScope::State => Ok(Some(true)),
        TrailScope::Readable(user) | TrailScope::Area { user, .. } => {
            let found = conn.prepare_cached("SELECT 1 FROM audit_viewers WHERE user_id = ?1 AND seq = ?2")?.query_row([*user, seq], |_| Ok(())).optional()?;
            Ok(Some(found.is_some()))
        }
    }
}

/// How many records the trail holds. Records are never deleted and a rolled-back insert
/// hands its number out again, so the highest number is the count, read from the end of
/// the table instead of by counting a million rows.
pub fn total(conn: &Connection) -> Result<i64> {
    Ok(conn.query_row("SELECT coalesce(max(seq), 0) FROM audit_records", [], |r| r.get(0))?)
}
