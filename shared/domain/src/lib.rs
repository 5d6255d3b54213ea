//! The business types and rules of the portal, as plain data and plain functions. Nothing
//! here performs I/O, so every rule is unit-tested directly.

pub mod audit;
pub mod citizen;
pub mod clock;
pub mod day;
pub mod email;
pub mod escalation;
pub mod error;
pub mod grants;
pub mod grievance;
pub mod id_documents;
pub mod ids;
pub mod jurisdiction;
pub mod law;
pub mod lists;
pub mod messages;
pub mod numbers;
pub mod parties;
pub mod password;
pub mod pendency;
pub mod permissions;
pub mod role_name;
mod text_type;
pub mod user;
pub mod views;
pub mod wire;

pub use email::Email;
pub use ids::{GrievanceId, ItemId, RoleId, UserId};
pub use error::{Error, FieldErrors, Result};
pub use messages::Msg;
pub use permissions::{Action, PermissionEntry, Permissions, Resource};

/// The name of the role that always holds every permission.
pub const ADMIN_ROLE: &str = "Admin";
