//! Grievances over the store port. Every mutation is one transaction holding the grievance,
//! its audit records, the dashboard counters and the admin-list usage counts, so an audit
//! record is never lost and a counter never drifts from the data.

pub mod attachments;
mod beside;
pub mod counters;
pub mod items;
pub mod keys;
pub mod migrations;
pub mod notes;
pub mod pendency;
pub mod port;
pub mod reads;
pub mod relational;
pub mod sql_trail;
pub mod trail;
pub mod record;
pub mod writes;

pub use port::{Cases, Grievances, Stored};
pub use trail::AuditTrail;
pub use record::{Actor, Grievance};
