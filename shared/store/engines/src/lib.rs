//! The engines behind the domain's ports. The rules (`cases`, `lists`, `auth`) speak domain
//! types through their port traits; here those types become items of the generic store or
//! rows of the relational SQLite schema (`store::sql`). No key, index or attribute name
//! leaves this crate and the store crate.
//!
//! - [`items`]: every port over the item store, DynamoDB's single-table shape. A state's
//!   stack keeps everything there; on one machine the embedded file's `items` table still
//!   holds accounts, admin lists, notes, attachments and notices this way.
//! - [`sqlite`]: the relational engines of the embedded file, for the grievances and their
//!   audit trail.
//! - [`migrations`]: the upgrades of a store written by an earlier release, over both.

pub mod items;
pub mod migrations;
pub mod sqlite;
