use crate::Permissions;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "lowercase")]
pub enum UserStatus {
    #[default]
    Active,
    Inactive,
}

impl UserStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            UserStatus::Active => "active",
            UserStatus::Inactive => "inactive",
        }
    }
    pub fn parse(s: &str) -> Option<UserStatus> {
        match s {
            "active" => Some(UserStatus::Active),
            "inactive" => Some(UserStatus::Inactive),
            _ => None,
        }
    }
}

/// The signed-in user as the SPA keeps it: who they are and what their role allows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SessionUser {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub role_id: i64,
    pub role_name: String,
    pub permissions: Permissions,
    pub department: Option<String>,
    pub designation: Option<String>,
    pub phone: Option<String>,
}
