//! The cloud engine: one DynamoDB table (single-table design) with three global secondary
//! indexes whose keys are the `gsiNpk`/`gsiNsk` string attributes.

use crate::{apply_changes, check_query_limit, check_transaction, cursor, Attrs, Changes, Condition, Index, Item, Key, Page, Query, SortKey, Store, StoreError, Write};
use async_trait::async_trait;
use aws_sdk_dynamodb::error::SdkError;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, ConditionCheck, Delete, GlobalSecondaryIndex, KeySchemaElement,
    DeleteRequest, KeyType, KeysAndAttributes, Projection, ProjectionType, Put, PutRequest, ReturnValue, ScalarAttributeType,
    Select, TransactWriteItem, Update, WriteRequest,
};
use aws_sdk_dynamodb::Client;
use std::collections::HashMap;

type AttrMap = HashMap<String, AttributeValue>;

#[derive(Clone)]
pub struct DynamoStore {
    client: Client,
    table: String,
    /// The calls made, when the client records them (see [`DynamoStore::local`]).
    calls: Option<crate::calls::CallLog>,
}

fn backend(e: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(e.to_string())
}

fn sdk_backend<E: std::error::Error + 'static, R: std::fmt::Debug>(e: SdkError<E, R>) -> StoreError {
    // The display form of an SdkError is only "service error"; the source says what happened.
    let detail = std::error::Error::source(&e).map(|s| s.to_string()).unwrap_or_else(|| e.to_string());
    StoreError::Backend(detail)
}

fn key_map(key: &Key) -> AttrMap {
    HashMap::from([("pk".to_string(), AttributeValue::S(key.pk.clone())), ("sk".to_string(), AttributeValue::S(key.sk.clone()))])
}

fn to_attr_map(key: &Key, attrs: &Attrs) -> Result<AttrMap, StoreError> {
    let mut map: AttrMap = serde_dynamo::to_item(attrs).map_err(backend)?;
    map.extend(key_map(key));
    Ok(map)
}

fn from_attr_map(mut map: AttrMap) -> Result<Item, StoreError> {
    let mut take = |name: &str| match map.remove(name) {
        Some(AttributeValue::S(s)) => Ok(s),
        _ => Err(StoreError::Backend(format!("item without a string {name}"))),
    };
    let key = Key { pk: take("pk")?, sk: take("sk")? };
    let attrs: Attrs = serde_dynamo::from_item(map).map_err(backend)?;
    Ok(Item { key, attrs })
}

/// Builds a condition expression, adding its names and values to the request's maps.
fn condition_expr(condition: &Condition, names: &mut HashMap<String, String>, values: &mut AttrMap) -> Result<String, StoreError> {
    Ok(match condition {
        Condition::Exists => "attribute_exists(pk)".into(),
        Condition::NotExists => "attribute_not_exists(pk)".into(),
        Condition::Equals(name, value) => {
            names.insert("#cond".into(), name.clone());
            values.insert(":cond".into(), serde_dynamo::to_attribute_value(value).map_err(backend)?);
            "#cond = :cond".into()
        }
        Condition::EqualsAll(pairs) => {
            let mut parts = vec!["attribute_exists(pk)".to_string()];
            for (i, (name, value)) in pairs.iter().enumerate() {
                names.insert(format!("#cond{i}"), name.clone());
                values.insert(format!(":cond{i}"), serde_dynamo::to_attribute_value(value).map_err(backend)?);
                parts.push(format!("#cond{i} = :cond{i}"));
            }
            parts.join(" AND ")
        }
    })
}

/// An update expression for `changes`, with its names and values.
fn update_expr(changes: &Changes, names: &mut HashMap<String, String>, values: &mut AttrMap) -> Result<String, StoreError> {
    let mut parts = Vec::new();
    if !changes.set.is_empty() {
        let mut sets = Vec::new();
        for (i, (name, value)) in changes.set.iter().enumerate() {
            names.insert(format!("#s{i}"), name.clone());
            values.insert(format!(":s{i}"), serde_dynamo::to_attribute_value(value).map_err(backend)?);
            sets.push(format!("#s{i} = :s{i}"));
        }
        parts.push(format!("SET {}", sets.join(", ")));
    }
    if !changes.add.is_empty() {
        let mut adds = Vec::new();
        for (i, (name, by)) in changes.add.iter().enumerate() {
            names.insert(format!("#a{i}"), name.clone());
            values.insert(format!(":a{i}"), AttributeValue::N(by.to_string()));
            adds.push(format!("#a{i} :a{i}"));
        }
        parts.push(format!("ADD {}", adds.join(", ")));
    }
    if !changes.remove.is_empty() {
        let mut removes = Vec::new();
        for (i, name) in changes.remove.iter().enumerate() {
            names.insert(format!("#r{i}"), name.clone());
            removes.push(format!("#r{i}"));
        }
        parts.push(format!("REMOVE {}", removes.join(", ")));
    }
    Ok(parts.join(" "))
}

fn opt<T>(map: HashMap<String, T>) -> Option<HashMap<String, T>> {
    (!map.is_empty()).then_some(map)
}

impl DynamoStore {
    pub fn new(client: Client, table: impl Into<String>) -> Self {
        DynamoStore { client, table: table.into(), calls: None }
    }

    /// A store on the table named `table`, with credentials, region and endpoint taken from
    /// the environment as every AWS tool does (`AWS_ENDPOINT_URL` points it at a local server).
    pub async fn from_env(table: impl Into<String>) -> Self {
        let config = aws_config::load_from_env().await;
        DynamoStore::new(Client::new(&config), table)
    }

    /// Opens the first connection now, so that the first real request does not pay for it.
    pub async fn warm_up(&self) {
        let _ = self.client.describe_table().table_name(&self.table).send().await;
    }

    /// Creates the table with its indexes when it does not exist. In the cloud the SAM
    /// template creates it; this serves local runs and tests.
    pub async fn ensure_table(&self) -> Result<(), StoreError> {
        if self.client.describe_table().table_name(&self.table).send().await.is_ok() {
            return Ok(());
        }
        let attr = |name: &str| {
            AttributeDefinition::builder().attribute_name(name).attribute_type(ScalarAttributeType::S).build().map_err(backend)
        };
        let key = |name: &str, kind: KeyType| KeySchemaElement::builder().attribute_name(name).key_type(kind).build().map_err(backend);
        let mut request = self
            .client
            .create_table()
            .table_name(&self.table)
            .billing_mode(BillingMode::PayPerRequest)
            .attribute_definitions(attr("pk")?)
            .attribute_definitions(attr("sk")?)
            .key_schema(key("pk", KeyType::Hash)?)
            .key_schema(key("sk", KeyType::Range)?);
        for index in Index::ALL {
            request = request
                .attribute_definitions(attr(index.pk_attr())?)
                .attribute_definitions(attr(index.sk_attr())?)
                .global_secondary_indexes(
                    GlobalSecondaryIndex::builder()
                        .index_name(index.name())
                        .key_schema(key(index.pk_attr(), KeyType::Hash)?)
                        .key_schema(key(index.sk_attr(), KeyType::Range)?)
                        .projection(Projection::builder().projection_type(if index.keys_only() { ProjectionType::KeysOnly } else { ProjectionType::All }).build())
                        .build()
                        .map_err(backend)?,
                );
        }
        request.send().await.map_err(sdk_backend)?;
        Ok(())
    }

    /// Creates this table as a copy of `source`, keys, indexes and items (DynamoDB's
    /// RestoreTableToPointInTime, at the latest time). For test fixtures: on a local server the
    /// copy is immediate, where filling each test's table as a first start does takes seconds;
    /// on AWS a restore takes minutes and needs point-in-time recovery on the source.
    pub async fn restore_from(&self, source: &str) -> Result<(), StoreError> {
        self.client
            .restore_table_to_point_in_time()
            .source_table_name(source)
            .target_table_name(&self.table)
            .use_latest_restorable_time(true)
            .send()
            .await
            .map_err(sdk_backend)?;
        Ok(())
    }

    async fn transact_once(&self, writes: &[Write]) -> Result<(), StoreError> {
        let items = writes.iter().map(|w| self.transact_item(w)).collect::<Result<Vec<_>, _>>()?;
        let result = self.client.transact_write_items().set_transact_items(Some(items)).send().await;
        match result {
            Ok(_) => Ok(()),
            Err(err) => {
                use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError as E;
                let context = aws_sdk_dynamodb::error::DisplayErrorContext(&err).to_string();
                match err.into_service_error() {
                    E::TransactionCanceledException(cancel) => {
                        let reasons = cancel.cancellation_reasons();
                        if let Some(at) = reasons.iter().position(|r| r.code() == Some("ConditionalCheckFailed")) {
                            Err(StoreError::ConditionFailed { at })
                        } else if reasons.iter().any(|r| r.code() == Some("TransactionConflict")) {
                            Err(StoreError::Conflict)
                        } else if reasons.is_empty() && cancel.message().unwrap_or_default().contains("ConditionalCheckFailed") {
                            Err(StoreError::ConditionFailed { at: 0 })
                        } else {
                            Err(StoreError::Backend(cancel.to_string()))
                        }
                    }
                    E::TransactionInProgressException(_) => Err(StoreError::Conflict),
                    other => {
                        use aws_sdk_dynamodb::error::ProvideErrorMetadata;
                        match other.code() {
                            // Another transaction held an item this one writes.
                            Some("TransactionConflictException") => Err(StoreError::Conflict),
                            Some(code) => Err(StoreError::Backend(format!("{code}: {}", other.message().unwrap_or_default()))),
                            None => Err(StoreError::Backend(context)),
                        }
                    }
                }
            }
        }
    }

    fn transact_item(&self, write: &Write) -> Result<TransactWriteItem, StoreError> {
        let mut names = HashMap::new();
        let mut values = AttrMap::new();
        let condition = write.condition().map(|c| condition_expr(c, &mut names, &mut values)).transpose()?;
        let item = match write {
            Write::Put { item, .. } => TransactWriteItem::builder().put(
                Put::builder()
                    .table_name(&self.table)
                    .set_item(Some(to_attr_map(&item.key, &item.attrs)?))
                    .set_condition_expression(condition)
                    .set_expression_attribute_names(opt(names))
                    .set_expression_attribute_values(opt(values))
                    .build()
                    .map_err(backend)?,
            ),
            Write::Update { key, changes, .. } => {
                let expr = update_expr(changes, &mut names, &mut values)?;
                TransactWriteItem::builder().update(
                    Update::builder()
                        .table_name(&self.table)
                        .set_key(Some(key_map(key)))
                        .update_expression(expr)
                        .set_condition_expression(condition)
                        .set_expression_attribute_names(opt(names))
                        .set_expression_attribute_values(opt(values))
                        .build()
                        .map_err(backend)?,
                )
            }
            Write::Delete { key, .. } => TransactWriteItem::builder().delete(
                Delete::builder()
                    .table_name(&self.table)
                    .set_key(Some(key_map(key)))
                    .set_condition_expression(condition)
                    .set_expression_attribute_names(opt(names))
                    .set_expression_attribute_values(opt(values))
                    .build()
                    .map_err(backend)?,
            ),
            Write::Check { key, .. } => TransactWriteItem::builder().condition_check(
                ConditionCheck::builder()
                    .table_name(&self.table)
                    .set_key(Some(key_map(key)))
                    .set_condition_expression(condition)
                    .set_expression_attribute_names(opt(names))
                    .set_expression_attribute_values(opt(values))
                    .build()
                    .map_err(backend)?,
            ),
        };
        Ok(item.build())
    }
}

#[async_trait]
impl Store for DynamoStore {
    async fn get(&self, key: &Key) -> Result<Option<Item>, StoreError> {
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .set_key(Some(key_map(key)))
            .consistent_read(true)
            .send()
            .await
            .map_err(sdk_backend)?;
        out.item.map(from_attr_map).transpose()
    }

    async fn get_many(&self, keys: &[Key]) -> Result<Vec<Option<Item>>, StoreError> {
        if keys.len() > 100 {
            return Err(StoreError::Invalid("at most 100 keys at once".into()));
        }
        let mut found: HashMap<Key, Item> = HashMap::new();
        let mut pending: Vec<AttrMap> = keys.iter().map(key_map).collect();
        pending.dedup();
        // BatchGetItem may leave keys unprocessed under load; ask again for those.
        for _attempt in 0..10 {
            if pending.is_empty() {
                break;
            }
            let request = KeysAndAttributes::builder().set_keys(Some(pending)).consistent_read(true).build().map_err(backend)?;
            let out = self.client.batch_get_item().request_items(&self.table, request).send().await.map_err(sdk_backend)?;
            for map in out.responses.unwrap_or_default().remove(&self.table).unwrap_or_default() {
                let item = from_attr_map(map)?;
                found.insert(item.key.clone(), item);
            }
            pending = out.unprocessed_keys.unwrap_or_default().remove(&self.table).map(|k| k.keys).unwrap_or_default();
        }
        if !pending.is_empty() {
            return Err(StoreError::Backend("batch read left keys unprocessed".into()));
        }
        Ok(keys.iter().map(|k| found.get(k).cloned()).collect())
    }

    async fn query(&self, q: &Query) -> Result<Page, StoreError> {
        check_query_limit(q)?;
        let (expr, names, values) = key_condition(q);
        let start = q
            .cursor
            .as_deref()
            .map(|c| cursor::decode(c, q.index))
            .transpose()?
            .map(|keys| keys.into_iter().map(|(k, v)| (k, AttributeValue::S(v))).collect::<AttrMap>());
        // One item more than asked tells whether another page follows, so that a cursor is
        // answered exactly when there is more to read (DynamoDB alone would also answer one
        // after a page that happens to end the partition).
        let out = self
            .client
            .query()
            .table_name(&self.table)
            .set_index_name(q.index.map(|i| i.name().to_string()))
            .key_condition_expression(expr)
            .set_expression_attribute_names(Some(names))
            .set_expression_attribute_values(Some(values))
            .scan_index_forward(q.forward)
            .limit((q.limit + 1) as i32)
            .set_exclusive_start_key(start)
            .consistent_read(q.index.is_none())
            .send()
            .await
            .map_err(sdk_backend)?;
        let mut items = out.items.unwrap_or_default().into_iter().map(from_attr_map).collect::<Result<Vec<_>, _>>()?;
        let cursor = if items.len() > q.limit {
            items.truncate(q.limit);
            items.last().map(|last| cursor::encode(last, q.index))
        } else {
            None
        };
        Ok(Page { items, cursor })
    }

    /// `Select=COUNT` over the key condition: DynamoDB counts the matches itself and answers
    /// no item, a call per megabyte of what the index holds (keys only for a keys-only index).
    async fn count(&self, q: &Query) -> Result<u64, StoreError> {
        let (expr, names, values) = key_condition(q);
        let mut count = 0u64;
        let mut start = None;
        loop {
            let out = self
                .client
                .query()
                .table_name(&self.table)
                .set_index_name(q.index.map(|i| i.name().to_string()))
                .key_condition_expression(expr.clone())
                .set_expression_attribute_names(Some(names.clone()))
                .set_expression_attribute_values(Some(values.clone()))
                .select(Select::Count)
                .set_exclusive_start_key(start)
                .consistent_read(q.index.is_none())
                .send()
                .await
                .map_err(sdk_backend)?;
            count += out.count.max(0) as u64;
            match out.last_evaluated_key {
                Some(key) if !key.is_empty() => start = Some(key),
                _ => return Ok(count),
            }
        }
    }

    async fn transact(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        check_transaction(&writes)?;
        // Transactions touching the same item (a busy counter) are cancelled by DynamoDB
        // with TransactionConflict; a cancelled transaction wrote nothing, so trying again
        // after a short, growing, jittered pause is safe.
        let mut pause = std::time::Duration::from_millis(5);
        for _attempt in 0..6 {
            match self.transact_once(&writes).await {
                Err(StoreError::Conflict) => {
                    let jitter = std::time::Duration::from_micros(u64::from(std::process::id() ^ std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_micros()).unwrap_or(0)) % 5000);
                    tokio::time::sleep(pause + jitter).await;
                    pause *= 2;
                }
                other => return other,
            }
        }
        self.transact_once(&writes).await
    }
    async fn increment(&self, key: &Key, attribute: &str, by: i64) -> Result<i64, StoreError> {
        let out = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(key)))
            .update_expression("ADD #a :by")
            .expression_attribute_names("#a", attribute)
            .expression_attribute_values(":by", AttributeValue::N(by.to_string()))
            .return_values(ReturnValue::UpdatedNew)
            .send()
            .await
            .map_err(sdk_backend)?;
        match out.attributes.and_then(|mut a| a.remove(attribute)) {
            Some(AttributeValue::N(n)) => n.parse().map_err(backend),
            _ => Err(StoreError::Backend("the counter came back without a value".into())),
        }
    }
}

impl DynamoStore {
    /// A store on a local DynamoDB-compatible server (moto in tests, any local emulator in
    /// development), with fixed test credentials.
    pub async fn local(endpoint: &str, table: impl Into<String>) -> Self {
        let credentials = aws_sdk_dynamodb::config::Credentials::new("test", "test", None, None, "local");
        let config = aws_config::defaults(aws_config::BehaviorVersion::latest())
            .endpoint_url(endpoint)
            .region(aws_config::Region::new("us-east-1"))
            .credentials_provider(credentials)
            .load()
            .await;
        let calls = crate::calls::CallLog::default();
        let client = Client::from_conf(aws_sdk_dynamodb::config::Builder::from(&config).interceptor(calls.clone()).build());
        DynamoStore { calls: Some(calls), ..DynamoStore::new(client, table) }
    }

    /// The calls this store made to DynamoDB, when its client records them (a local store's
    /// does, for the request budget tests).
    pub fn calls(&self) -> Option<&crate::calls::CallLog> {
        self.calls.as_ref()
    }
}

impl DynamoStore {
    /// Loads `writes` in bulk, for data generators and test fixtures, where one transaction
    /// per change would take minutes (see [`BulkLoad`]). Unlike [`Store::transact`] it is not
    /// atomic and checks no condition.
    pub async fn bulk(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        let mut load = self.bulk_load();
        load.add(writes).await?;
        load.finish().await
    }

    /// A bulk load fed in parts (see [`BulkLoad`]).
    pub fn bulk_load(&self) -> BulkLoad {
        BulkLoad { store: self.clone(), pending: HashMap::new() }
    }

    /// One BatchWriteItem of at most 25 requests, sent again with whatever the service left
    /// unprocessed (it may, under load) until nothing is left.
    async fn batch_write(&self, mut requests: Vec<WriteRequest>) -> Result<(), StoreError> {
        for attempt in 0..20u32 {
            let out = self.client.batch_write_item().request_items(&self.table, requests).send().await.map_err(sdk_backend)?;
            requests = out.unprocessed_items.and_then(|mut left| left.remove(&self.table)).unwrap_or_default();
            if requests.is_empty() {
                return Ok(());
            }
            tokio::time::sleep(std::time::Duration::from_millis(20 << attempt.min(6))).await;
        }
        Err(StoreError::Backend("BatchWriteItem left items unprocessed after 20 attempts".into()))
    }
}

/// A bulk load fed in parts: several writes may touch one item and are folded, in order, into
/// what the item ends as. Items written whole go out with each part, in BatchWriteItem
/// requests of 25, a few at once. Items only updated (counters, which may hold a value
/// already) are kept back to the end of the load with their changes combined across all
/// parts: a load of 20,000 grievances touches a few thousand counters ~200,000 times.
pub struct BulkLoad {
    store: DynamoStore,
    /// The updates kept back, each item's combined.
    pending: HashMap<Key, Changes>,
}

/// How many requests a bulk load keeps in flight: the service serves them side by side.
const IN_FLIGHT: usize = 4;

impl BulkLoad {
    /// Folds `writes` into what the load holds and sends every item they leave written whole
    /// (or deleted).
    pub async fn add(&mut self, writes: Vec<Write>) -> Result<(), StoreError> {
        let mut whole: Vec<(Key, Option<Attrs>)> = Vec::new();
        let mut whole_at: HashMap<Key, usize> = HashMap::new();
        for write in writes {
            let key = write.key().clone();
            let written = match write {
                Write::Check { .. } => continue,
                Write::Put { item, .. } => Some(item.attrs),
                Write::Delete { .. } => None,
                Write::Update { changes, .. } => {
                    if let Some(i) = whole_at.get(&key) {
                        let attrs = whole[*i].1.take().unwrap_or_default();
                        whole[*i].1 = Some(apply_changes(&changes, attrs)?);
                    } else {
                        let earlier = self.pending.remove(&key).unwrap_or_default();
                        self.pending.insert(key, earlier.then(&changes));
                    }
                    continue;
                }
            };
            // Written whole: what was kept back for the item is overwritten with it.
            self.pending.remove(&key);
            match whole_at.get(&key) {
                Some(i) => whole[*i].1 = written,
                None => {
                    whole_at.insert(key.clone(), whole.len());
                    whole.push((key, written));
                }
            }
        }
        let mut requests = Vec::with_capacity(whole.len());
        for (key, written) in whole {
            requests.push(match written {
                Some(attrs) => WriteRequest::builder().put_request(PutRequest::builder().set_item(Some(to_attr_map(&key, &attrs)?)).build().map_err(backend)?).build(),
                None => WriteRequest::builder().delete_request(DeleteRequest::builder().set_key(Some(key_map(&key))).build().map_err(backend)?).build(),
            });
        }
        let store = &self.store;
        in_flight(requests.chunks(25).map(<[WriteRequest]>::to_vec), |chunk| {
            let store = store.clone();
            async move { store.batch_write(chunk).await }
        })
        .await
    }

    /// Sends the updates kept back: an UpdateItem per item with its changes combined, in parts
    /// of [`UPDATE_PART`] attributes (not a transaction of one: a server may copy the table
    /// per transaction).
    pub async fn finish(self) -> Result<(), StoreError> {
        let store = &self.store;
        let parts = self.pending.into_iter().flat_map(|(key, changes)| in_parts(changes).into_iter().map(move |part| (key.clone(), part)));
        in_flight(parts, |(key, changes)| {
            let store = store.clone();
            async move {
                let mut names = HashMap::new();
                let mut values = AttrMap::new();
                let expr = update_expr(&changes, &mut names, &mut values)?;
                store
                    .client
                    .update_item()
                    .table_name(&store.table)
                    .set_key(Some(key_map(&key)))
                    .update_expression(expr)
                    .set_expression_attribute_names(opt(names))
                    .set_expression_attribute_values(opt(values))
                    .send()
                    .await
                    .map_err(sdk_backend)?;
                Ok(())
            }
        })
        .await
    }
}

/// How many attributes one UpdateItem of a bulk load changes at most: a counter item holds
/// a figure per day or per station, and an expression of thousands of clauses is beyond
/// DynamoDB's 4 KB limit for expressions.
const UPDATE_PART: usize = 40;

/// `changes` as updates of at most [`UPDATE_PART`] attributes each. Combined changes name
/// each attribute once, so the parts may be applied in any order.
fn in_parts(changes: Changes) -> Vec<Changes> {
    let mut parts = vec![Changes::default()];
    let room = |parts: &mut Vec<Changes>| {
        let last = parts.last().expect("a part");
        if last.set.len() + last.add.len() + last.remove.len() == UPDATE_PART {
            parts.push(Changes::default());
        }
        parts.len() - 1
    };
    for set in changes.set {
        let i = room(&mut parts);
        parts[i].set.push(set);
    }
    for add in changes.add {
        let i = room(&mut parts);
        parts[i].add.push(add);
    }
    for remove in changes.remove {
        let i = room(&mut parts);
        parts[i].remove.push(remove);
    }
    parts.retain(|part| !part.is_empty());
    parts
}

/// Runs `send` on each of `jobs`, [`IN_FLIGHT`] at a time, until all are done or one fails.
async fn in_flight<J, F>(mut jobs: impl Iterator<Item = J>, send: impl Fn(J) -> F) -> Result<(), StoreError>
where
    F: std::future::Future<Output = Result<(), StoreError>> + Send + 'static,
{
    let mut running = tokio::task::JoinSet::new();
    loop {
        while running.len() < IN_FLIGHT {
            let Some(job) = jobs.next() else { break };
            running.spawn(send(job));
        }
        match running.join_next().await {
            Some(done) => done.map_err(backend)??,
            None => return Ok(()),
        }
    }
}

/// A query's key condition: the expression, its attribute names and its values.
fn key_condition(q: &Query) -> (String, HashMap<String, String>, HashMap<String, AttributeValue>) {
    let (pk_attr, sk_attr) = match q.index {
        Some(i) => (i.pk_attr(), i.sk_attr()),
        None => ("pk", "sk"),
    };
    let mut names = HashMap::from([("#p".to_string(), pk_attr.to_string())]);
    let mut values = HashMap::from([(":p".to_string(), AttributeValue::S(q.pk.clone()))]);
    let mut expr = "#p = :p".to_string();
    let mut sort = |clause: &str, vals: &[&String]| {
        names.insert("#s".into(), sk_attr.into());
        for (i, v) in vals.iter().enumerate() {
            values.insert(format!(":s{i}"), AttributeValue::S((*v).clone()));
        }
        expr.push_str(" AND ");
        expr.push_str(clause);
    };
    match &q.sort {
        SortKey::Any => {}
        SortKey::BeginsWith(p) => sort("begins_with(#s, :s0)", &[p]),
        SortKey::Between(lo, hi) => sort("#s BETWEEN :s0 AND :s1", &[lo, hi]),
        SortKey::AtLeast(lo) => sort("#s >= :s0", &[lo]),
        SortKey::AtMost(hi) => sort("#s <= :s0", &[hi]),
    }
    (expr, names, values)
}
