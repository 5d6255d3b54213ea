//! The relational engines of the embedded SQLite file (`store::sql`): the grievances as rows
//! with real columns and indexes, and their audit trail as rows of the same file, written in
//! the same transaction.

pub mod grievances;
pub mod lists;
#[allow(dead_code)] // until the accounts and lists engines ask it
pub(crate) mod postings;
pub mod trail;
