//! The numbers that name records, each its own type: a user's number passed where a
//! grievance's is meant, or an admin list item's where a role's is, does not compile. Each is
//! written and read as the plain number (in JSON, SQL and DynamoDB alike), so no stored or
//! answered shape changes; an engine takes the number out with `get()` where it binds it.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

macro_rules! record_id {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl $name {
            /// The number, for an engine to bind or a text to show.
            pub const fn get(self) -> i64 {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl From<$name> for i64 {
            fn from(id: $name) -> i64 {
                id.0
            }
        }
    )*};
}

record_id! {
    /// A grievance's number in the store (not its grievance number, `GRV-…`).
    GrievanceId;
    /// A user account's number.
    UserId;
    /// A role's number.
    RoleId;
    /// An admin list item's number: a police station, district, status, priority and so on.
    ItemId;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_written_and_read_as_its_plain_number() {
        assert_eq!(serde_json::to_string(&GrievanceId(42)).unwrap(), "42");
        assert_eq!(serde_json::from_str::<UserId>("7").unwrap(), UserId(7));
        assert!(serde_json::from_str::<RoleId>("\"7\"").is_err(), "text is not an id");
        assert_eq!(ItemId(3).to_string(), "3");
    }
}
