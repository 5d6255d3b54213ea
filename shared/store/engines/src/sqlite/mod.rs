//! The relational engines of the embedded SQLite file (`store::sql`): the grievances as rows
//! with real columns and indexes, and their audit trail as rows of the same file, written in
//! the same transaction; the accounts (users, roles, sessions, sign-in lockouts) as rows.

pub mod accounts;
pub mod case_files;
pub mod grievances;
pub mod notices;
pub(crate) mod postings;
pub mod trail;
