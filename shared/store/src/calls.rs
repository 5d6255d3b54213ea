//! What the DynamoDB engine asked of DynamoDB: every call the SDK made, with the items it
//! read, recorded by an SDK interceptor so that nothing bypasses it. The request budget tests
//! read it per API call; a deployment can attach it to log the same figures.

use aws_sdk_dynamodb::config::interceptors::{BeforeSerializationInterceptorContextRef, FinalizerInterceptorContextRef};
use aws_sdk_dynamodb::config::{ConfigBag, Intercept, RuntimeComponents};
use aws_sdk_dynamodb::operation::{
    batch_get_item::BatchGetItemOutput, get_item::GetItemOutput, query::QueryOutput, scan::ScanOutput,
};
use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::interceptors::context::{Error, Input, Output};
use aws_smithy_runtime_api::client::orchestrator::Metadata;
use aws_sdk_dynamodb::error::ProvideErrorMetadata;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// One call to DynamoDB, once the SDK is done with it (its own retries included).
#[derive(Clone, Debug)]
pub struct Call {
    /// The operation, as DynamoDB names it: `GetItem`, `Query`, `TransactWriteItems`…
    pub operation: String,
    /// The items DynamoDB read to answer (for a query, those it examined, counted or not).
    pub items_read: u64,
    /// What it touched: the items read or written (`pk/sk`), or the partition queried
    /// (`index:pk`, or `pk` for the table).
    pub partitions: Vec<String>,
    /// When the SDK began it and when it was done with it: calls whose spans overlap were
    /// in flight together.
    pub started: Instant,
    pub finished: Instant,
    /// The error code when the call failed (`TransactionCanceledException` for a transaction
    /// cancelled by a conflict, say).
    pub failed: Option<String>,
}

/// The calls made through a client, in order; cheap to clone (one shared log).
#[derive(Clone, Debug, Default)]
pub struct CallLog(Arc<Mutex<Vec<Call>>>);

impl CallLog {
    /// The calls recorded since the last `take`, forgetting them.
    pub fn take(&self) -> Vec<Call> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }

    fn push(&self, call: Call) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(call);
    }
}

/// A summary of some calls: how many of each operation, and the items read in all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub by_operation: BTreeMap<String, u64>,
    pub calls: u64,
    pub items_read: u64,
    pub failed: u64,
}

impl Tally {
    pub fn of(calls: &[Call]) -> Tally {
        let mut tally = Tally::default();
        for call in calls {
            *tally.by_operation.entry(call.operation.clone()).or_default() += 1;
            tally.calls += 1;
            tally.items_read += call.items_read;
            tally.failed += u64::from(call.failed.is_some());
        }
        tally
    }

    pub fn count(&self, operation: &str) -> u64 {
        self.by_operation.get(operation).copied().unwrap_or(0)
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ops = self.by_operation.iter().map(|(op, n)| format!("{op}×{n}")).collect::<Vec<_>>().join(" ");
        write!(f, "{} calls ({ops}), {} items read", self.calls, self.items_read)?;
        if self.failed > 0 {
            write!(f, ", {} failed", self.failed)?;
        }
        Ok(())
    }
}

fn items_read(output: &Output) -> u64 {
    if let Some(out) = output.downcast_ref::<GetItemOutput>() {
        return u64::from(out.item.is_some());
    }
    if let Some(out) = output.downcast_ref::<QueryOutput>() {
        return out.scanned_count.max(out.count).max(0) as u64;
    }
    if let Some(out) = output.downcast_ref::<BatchGetItemOutput>() {
        return out.responses.as_ref().map(|r| r.values().map(|items| items.len() as u64).sum()).unwrap_or(0);
    }
    if let Some(out) = output.downcast_ref::<ScanOutput>() {
        return out.scanned_count.max(out.count).max(0) as u64;
    }
    0
}

/// The code DynamoDB answered, for the operations the engine makes.
fn error_code(error: &Error) -> Option<&str> {
    use aws_sdk_dynamodb::operation::*;
    if let Some(e) = error.downcast_ref::<transact_write_items::TransactWriteItemsError>() {
        return e.code();
    }
    if let Some(e) = error.downcast_ref::<update_item::UpdateItemError>() {
        return e.code();
    }
    if let Some(e) = error.downcast_ref::<query::QueryError>() {
        return e.code();
    }
    if let Some(e) = error.downcast_ref::<get_item::GetItemError>() {
        return e.code();
    }
    None
}

/// The partitions of a call, kept in the call's own config bag from before it is sent (when
/// its input is at hand) to after (when its output is).
#[derive(Clone, Debug)]
struct Partitions(Vec<String>, Instant);

impl aws_smithy_types::config_bag::Storable for Partitions {
    type Storer = aws_smithy_types::config_bag::StoreReplace<Self>;
}

fn pk_of(key: Option<&std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue>>) -> Option<String> {
    let key = key?;
    Some(format!("{}/{}", key.get("pk")?.as_s().ok()?, key.get("sk").and_then(|sk| sk.as_s().ok()).map_or("", |s| s.as_str())))
}

fn partitions(input: &Input) -> Vec<String> {
    use aws_sdk_dynamodb::operation::*;
    if let Some(i) = input.downcast_ref::<get_item::GetItemInput>() {
        return pk_of(i.key.as_ref()).into_iter().collect();
    }
    if let Some(i) = input.downcast_ref::<query::QueryInput>() {
        let pk = i.expression_attribute_values.as_ref().and_then(|v| v.get(":p")?.as_s().ok().cloned()).unwrap_or_default();
        return vec![match &i.index_name {
            Some(index) => format!("{index}:{pk}"),
            None => pk,
        }];
    }
    if let Some(i) = input.downcast_ref::<batch_get_item::BatchGetItemInput>() {
        return i.request_items.iter().flat_map(|r| r.values()).flat_map(|k| k.keys.iter()).filter_map(|key| pk_of(Some(key))).collect();
    }
    if let Some(i) = input.downcast_ref::<update_item::UpdateItemInput>() {
        return pk_of(i.key.as_ref()).into_iter().collect();
    }
    if let Some(i) = input.downcast_ref::<transact_write_items::TransactWriteItemsInput>() {
        return i
            .transact_items
            .iter()
            .flatten()
            .filter_map(|t| {
                if let Some(p) = &t.put {
                    return pk_of(Some(&p.item));
                }
                pk_of(t.update.as_ref().map(|u| &u.key).or(t.delete.as_ref().map(|d| &d.key)).or(t.condition_check.as_ref().map(|c| &c.key)))
            })
            .collect();
    }
    Vec::new()
}

impl Intercept for CallLog {
    fn name(&self) -> &'static str {
        "CallLog"
    }

    fn read_before_execution(&self, context: &BeforeSerializationInterceptorContextRef<'_>, cfg: &mut ConfigBag) -> Result<(), BoxError> {
        cfg.interceptor_state().store_put(Partitions(partitions(context.input()), Instant::now()));
        Ok(())
    }

    fn read_after_execution(&self, context: &FinalizerInterceptorContextRef<'_>, _: &RuntimeComponents, cfg: &mut ConfigBag) -> Result<(), BoxError> {
        let operation = cfg.load::<Metadata>().map(|m| m.name().to_string()).unwrap_or_else(|| "unknown".into());
        let (items_read, failed) = match context.output_or_error() {
            Some(Ok(output)) => (items_read(output), None),
            Some(Err(error)) => {
                let code = error.as_operation_error().and_then(error_code).unwrap_or("error").to_string();
                (0, Some(code))
            }
            None => (0, Some("unfinished".into())),
        };
        let finished = Instant::now();
        let (partitions, started) = cfg.load::<Partitions>().map(|p| (p.0.clone(), p.1)).unwrap_or((Vec::new(), finished));
        self.push(Call { operation, items_read, partitions, started, finished, failed });
        Ok(())
    }
}
