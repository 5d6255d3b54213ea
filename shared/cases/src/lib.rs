//! Grievances: the rules of filing, changing, reading and deleting them, over the grievances
//! and audit trail ports (their engines are in `engines`). Every change is one port call,
//! written with its audit records, the figures and the admin-list usage counts all or
//! nothing, so an audit record is never lost and a counter never drifts from the data.

pub mod admin_audit;
pub mod attachments;
pub mod chain;
pub mod checkpoint;
pub mod citizen;
pub mod complainant;
pub mod dues;
pub mod duplicates;
pub mod escalation;
pub mod identity;
pub mod indexes;
pub mod links;
pub mod notes;
pub mod notices;
pub mod numbers;
pub mod pendency;
pub mod port;
pub mod reads;
pub mod relabel;
pub mod reports;
pub mod satisfaction;
pub mod statutory;
pub mod summary;
pub mod trail;
pub mod trash;
pub mod record;
pub mod writes;

pub use port::{Cases, Grievances, Stored};
pub use trail::AuditTrail;
pub use record::{Actor, Grievance};
