//! Identity: users, roles, sessions, tokens and passwords, over the accounts port. Every area
//! authenticates through `sessions::authenticate`, so a logout, a password change, a role
//! change or a deactivation is seen by the very next request, wherever it lands.

pub mod bootstrap;
pub mod lockout;
pub mod passwords;
pub mod rate;
pub mod port;
pub mod roles;
pub mod sealing;
pub mod sessions;
pub mod sign_in_links;
pub mod tokens;
pub mod two_factor;
pub mod users;

pub use port::Accounts;
pub use sessions::{Authenticated, RequestContext};
pub use tokens::TokenKeys;
