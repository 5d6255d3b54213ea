//! The relational engines of the embedded SQLite file (`store::sql`), one file per port: every
//! record kept whole (its serialised domain record) beside the columns its queries use. The
//! grievances and their audit trail are written in one transaction, with the notes, events and
//! list usage that go with them.

pub mod accounts;
mod callers;
pub mod case_files;
pub mod grievances;
pub mod lists;
pub mod notices;
pub(crate) mod postings;
pub mod trail;
