//! The ports over the item store (`store::Store`): DynamoDB's single-table shape, with its
//! keys, indexes and attribute names. One file per port, beside the keys and the writes the
//! ports share. A state's stack runs them on DynamoDB; the embedded file's upgrade reads an
//! earlier release's items through them.

pub mod accounts;
pub(crate) mod account_keys;
pub(crate) mod list_items;
pub mod lists;
pub mod lists_cache;

pub(crate) mod audit_records;
pub mod case_files;
pub mod chain;
pub mod grievance_counters;
pub mod grievance_keys;
pub mod grievances;
pub mod notices;
pub(crate) mod merge;
pub(crate) mod reports;
pub mod trail;
