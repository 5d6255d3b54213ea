//! What the DynamoDB engine asked of DynamoDB: every call the SDK made, with the items it
//! read and the request units DynamoDB bills for it, recorded by an SDK interceptor so that
//! nothing bypasses it. The request budget tests read it per API call (and hold the cost
//! estimate's figures to it); a deployment can attach it to log the same figures.

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
    /// The request units an on-demand table bills for the call ([`Units`]).
    pub units: Units,
}

/// The request units DynamoDB bills for calls, by its published rules: a read unit is one
/// strongly consistent read of up to 4 KB (an eventually consistent one, as of a global
/// index, half; in a transaction, two), a query billed on the size of all it read, a batch
/// item by item, an item not found as one of 4 KB; a write unit is one write of up to 1 KB
/// (in a transaction, two), and each global index that holds the item (all of ours project
/// every attribute) is written once more. Sizes are worked out as DynamoDB counts them (names
/// and values); an update is sized by what it sets, as the item before it is not seen here,
/// so an update of a large item is counted low: the engine writes its large items whole
/// (`Put`), and updates only counters and small fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Units {
    /// Read units, in halves (a read of a global index is half a unit).
    pub read_halves: u64,
    pub write: u64,
}

impl Units {
    pub fn read(&self) -> f64 {
        self.read_halves as f64 / 2.0
    }
}

impl std::ops::AddAssign for Units {
    fn add_assign(&mut self, other: Units) {
        self.read_halves += other.read_halves;
        self.write += other.write;
    }
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
    pub units: Units,
}

impl Tally {
    pub fn of(calls: &[Call]) -> Tally {
        let mut tally = Tally::default();
        for call in calls {
            *tally.by_operation.entry(call.operation.clone()).or_default() += 1;
            tally.calls += 1;
            tally.items_read += call.items_read;
            tally.failed += u64::from(call.failed.is_some());
            tally.units += call.units;
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
        write!(f, "{} calls ({ops}), {} items read, {} read and {} write units", self.calls, self.items_read, self.units.read(), self.units.write)?;
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

type Item = std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue>;

/// The size DynamoDB counts for a value: text and binary by their bytes, a number by about
/// half its digits, a list or map 3 bytes and one per element besides its elements (and a
/// map's names).
fn value_size(v: &aws_sdk_dynamodb::types::AttributeValue) -> usize {
    use aws_sdk_dynamodb::types::AttributeValue as V;
    match v {
        V::S(s) => s.len(),
        V::N(n) => n.trim_start_matches('-').len().div_ceil(2) + 1,
        V::B(b) => b.as_ref().len(),
        V::Ss(v) => v.iter().map(String::len).sum(),
        V::Ns(v) => v.iter().map(|n| n.len().div_ceil(2) + 1).sum(),
        V::Bs(v) => v.iter().map(|b| b.as_ref().len()).sum(),
        V::L(list) => 3 + list.iter().map(|x| 1 + value_size(x)).sum::<usize>(),
        V::M(map) => 3 + map.iter().map(|(k, x)| 1 + k.len() + value_size(x)).sum::<usize>(),
        _ => 1,
    }
}

fn item_size(item: &Item) -> usize {
    item.iter().map(|(k, v)| k.len() + value_size(v)).sum()
}

/// The global indexes that hold an item: one per `gsiNpk` it carries.
fn indexes_holding(item: &Item) -> u64 {
    item.keys().filter(|k| k.starts_with("gsi") && k.ends_with("pk")).count() as u64
}

/// Units of `size` bytes in blocks of `block` (at least one).
fn blocks(size: usize, block: usize) -> u64 {
    size.div_ceil(block).max(1) as u64
}

/// The write units of a put of `item`: the table's and each index's; `factor` 2 in a
/// transaction (the indexes are written as for any write).
fn put_units(item: &Item, factor: u64) -> u64 {
    let kb = blocks(item_size(item), 1024);
    factor * kb + indexes_holding(item) * kb
}

/// The write units of an update: sized by its key and what it sets.
fn update_units(key: &Item, values: Option<&Item>, factor: u64) -> u64 {
    factor * blocks(item_size(key) + values.map_or(0, item_size), 1024)
}

/// The units of a call known from what it asks (its writes; a transaction's condition
/// checks), and whether its reads are strongly consistent.
fn asked_units(input: &Input) -> (Units, bool) {
    use aws_sdk_dynamodb::operation::*;
    let mut units = Units::default();
    let mut consistent = false;
    if let Some(i) = input.downcast_ref::<get_item::GetItemInput>() {
        consistent = i.consistent_read == Some(true);
    } else if let Some(i) = input.downcast_ref::<query::QueryInput>() {
        consistent = i.consistent_read == Some(true);
    } else if let Some(i) = input.downcast_ref::<batch_get_item::BatchGetItemInput>() {
        consistent = i.request_items.iter().flat_map(|r| r.values()).all(|k| k.consistent_read == Some(true));
    } else if let Some(i) = input.downcast_ref::<put_item::PutItemInput>() {
        units.write = i.item.as_ref().map_or(1, |item| put_units(item, 1));
    } else if let Some(i) = input.downcast_ref::<update_item::UpdateItemInput>() {
        units.write = i.key.as_ref().map_or(1, |key| update_units(key, i.expression_attribute_values.as_ref(), 1));
    } else if input.downcast_ref::<delete_item::DeleteItemInput>().is_some() {
        units.write = 1;
    } else if let Some(i) = input.downcast_ref::<batch_write_item::BatchWriteItemInput>() {
        for request in i.request_items.iter().flat_map(|r| r.values()).flatten() {
            units.write += request.put_request.as_ref().map_or(1, |p| put_units(&p.item, 1));
        }
    } else if let Some(i) = input.downcast_ref::<transact_write_items::TransactWriteItemsInput>() {
        for t in i.transact_items.iter().flatten() {
            if let Some(p) = &t.put {
                units.write += put_units(&p.item, 2);
            } else if let Some(u) = &t.update {
                units.write += update_units(&u.key, u.expression_attribute_values.as_ref(), 2);
            } else if t.delete.is_some() {
                units.write += 2;
            } else if t.condition_check.is_some() {
                units.read_halves += 4;
            }
        }
    }
    (units, consistent)
}

/// The read units of what a call answered: a strongly consistent read of 4 KB is a unit.
fn read_halves(output: &Output, consistent: bool) -> u64 {
    let per_block = if consistent { 2 } else { 1 };
    if let Some(out) = output.downcast_ref::<GetItemOutput>() {
        return per_block * out.item.as_ref().map_or(1, |item| blocks(item_size(item), 4096));
    }
    if let Some(out) = output.downcast_ref::<QueryOutput>() {
        // Billed on all it read; what a filter left out is not seen here, so the items
        // answered stand for it at their mean size.
        let answered: usize = out.items.iter().flatten().map(item_size).sum();
        let (count, scanned) = (out.count.max(0) as usize, out.scanned_count.max(0) as usize);
        let read = if count > 0 && scanned > count { answered * scanned / count } else { answered };
        return per_block * blocks(read, 4096);
    }
    if let Some(out) = output.downcast_ref::<BatchGetItemOutput>() {
        return per_block * out.responses.iter().flat_map(|r| r.values()).flatten().map(|item| blocks(item_size(item), 4096)).sum::<u64>();
    }
    if let Some(out) = output.downcast_ref::<ScanOutput>() {
        return per_block * blocks(out.items.iter().flatten().map(item_size).sum(), 4096);
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
struct Partitions(Vec<String>, Instant, Units, bool);

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
        let (units, consistent) = asked_units(context.input());
        cfg.interceptor_state().store_put(Partitions(partitions(context.input()), Instant::now(), units, consistent));
        Ok(())
    }

    fn read_after_execution(&self, context: &FinalizerInterceptorContextRef<'_>, _: &RuntimeComponents, cfg: &mut ConfigBag) -> Result<(), BoxError> {
        let operation = cfg.load::<Metadata>().map(|m| m.name().to_string()).unwrap_or_else(|| "unknown".into());
        let finished = Instant::now();
        let (partitions, started, mut units, consistent) =
            cfg.load::<Partitions>().map(|p| (p.0.clone(), p.1, p.2, p.3)).unwrap_or((Vec::new(), finished, Units::default(), false));
        let (items_read, failed) = match context.output_or_error() {
            Some(Ok(output)) => {
                units.read_halves += read_halves(output, consistent);
                (items_read(output), None)
            }
            Some(Err(error)) => {
                let code = error.as_operation_error().and_then(error_code).unwrap_or("error").to_string();
                (0, Some(code))
            }
            None => (0, Some("unfinished".into())),
        };
        self.push(Call { operation, items_read, partitions, started, finished, failed, units });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aws_sdk_dynamodb::types::AttributeValue as V;

    fn item(pairs: &[(&str, V)]) -> Item {
        pairs.iter().cloned().map(|(k, v)| (k.to_string(), v)).collect()
    }

    #[test]
    fn sizes_are_names_and_values_as_dynamodb_counts_them() {
        // "pk" 2 + "GRV#1" 5, "n" 1 + 12345 (3 bytes: 5 digits), "tags" 4 + a list of two
        // one-letter texts (3 + 2 × 2).
        let it = item(&[("pk", V::S("GRV#1".into())), ("n", V::N("12345".into())), ("tags", V::L(vec![V::S("a".into()), V::S("b".into())]))]);
        assert_eq!(item_size(&it), 7 + 1 + 4 + 4 + 7);
    }

    #[test]
    fn a_write_is_a_unit_per_kilobyte_twice_in_a_transaction_and_once_more_per_index() {
        let big = item(&[("pk", V::S("GRV#1".into())), ("gsi1pk", V::S("X".into())), ("body", V::S("x".repeat(1500)))]);
        assert_eq!(put_units(&big, 1), 2 + 2, "2 KB: the table and one index");
        assert_eq!(put_units(&big, 2), 4 + 2, "in a transaction the table's write is doubled, the index's is not");
        let key = item(&[("pk", V::S("STATS#1".into()))]);
        assert_eq!(update_units(&key, Some(&item(&[(":n", V::N("1".into()))])), 2), 2);
        assert_eq!(blocks(4096, 4096), 1);
        assert_eq!(blocks(4097, 4096), 2);
        assert_eq!(blocks(0, 4096), 1, "an empty answer is still a unit");
    }
}
