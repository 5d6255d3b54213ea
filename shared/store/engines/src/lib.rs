//! The engines behind the domain's ports, one folder per engine and one file per port. The
//! rules (`cases`, `lists`, `auth`) speak domain types through their port traits; here those
//! types become items of DynamoDB's single table or rows of the embedded SQLite file. No key,
//! index, attribute or column name leaves this crate and the store crate.
//!
//! - [`dynamo`]: every port over the item store (`store::Store`), DynamoDB's single-table
//!   shape: a state's stack. The same engines read what an earlier release kept as items of
//!   the embedded file, for its upgrade, and serve the tests over the item store on SQLite.
//! - [`sqlite`]: every port over the embedded file's relational tables (`store::sql`): one
//!   machine.
//! - [`migrations`]: the upgrade steps of data an earlier release wrote as items.

pub mod dynamo;
pub mod migrations;
pub mod sqlite;
