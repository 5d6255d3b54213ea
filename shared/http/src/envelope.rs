//! User, role and grievance calls answer `{"success": true, "data": ...}` (the
//! specification's shape); every other call answers its object directly.

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Envelope<T> {
    pub success: bool,
    pub data: T,
}

impl<T> Envelope<T> {
    pub fn ok(data: T) -> Self {
        Envelope { success: true, data }
    }
}

#[derive(Serialize, ToSchema)]
pub struct SuccessMessage {
    pub success: bool,
    pub message: String,
}

impl SuccessMessage {
    pub fn new(message: impl Into<String>) -> Self {
        SuccessMessage { success: true, message: message.into() }
    }
}
