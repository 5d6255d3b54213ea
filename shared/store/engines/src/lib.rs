//! The engines behind the domain's ports. The rules (`cases`, `lists`, `auth`) speak domain
//! types through their port traits; here those types become items of the generic store
//! (DynamoDB's single-table shape, also the embedded file's `items` table) or rows of the
//! relational SQLite schema (`store::sql`). No key, index or attribute name leaves this
//! crate and the store crate.

pub mod accounts;
mod account_keys;
mod list_items;
pub mod lists;
pub mod lists_cache;

mod audit_items;
pub mod case_files;
pub mod grievance_counters;
pub mod grievance_items;
pub mod grievance_keys;
pub mod item_chain;
pub mod item_trail;
mod item_reports;
mod merge;
pub mod migrations;
pub mod notices;
pub mod relational;
pub mod sql_trail;
