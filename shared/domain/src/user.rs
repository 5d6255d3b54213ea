use crate::messages::Msg;
use crate::Permissions;
use crate::wire::{Scalar, Sent};
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
    /// Whether the user signs in with a second factor (an authenticator app's code).
    #[serde(default)]
    pub two_factor_enabled: bool,
    /// Whether the user's role makes the second factor mandatory.
    #[serde(default)]
    pub two_factor_required: bool,
    /// Whether the user's role needs another officer's approval for their closures.
    #[serde(default)]
    pub closing_needs_approval: bool,
    /// Where the user serves.
    #[serde(default)]
    #[schema(value_type = crate::jurisdiction::PostingWire)]
    pub posting: crate::jurisdiction::Posting,
}

/// Who did something to an account, and when (as `clock` writes times).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    pub by: i64,
    pub at: String,
}

/// The hands an account's credentials passed through, as far as the portal knows: who
/// created it, and who last reset its password and its second factor (an administrator's
/// reset). The holder's own change of either does not clear a reset: whoever knew the reset
/// password may have made that change. Each is absent on accounts kept before it was
/// recorded, and on accounts made at first start or from the command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CredentialHands {
    pub created: Option<Stamp>,
    pub password_reset: Option<Stamp>,
    pub two_factor_reset: Option<Stamp>,
}

impl CredentialHands {
    /// Whether `user_id` created the account, or reset its password or second factor, at
    /// `since` or later: from then on the account may be acting at `user_id`'s hand.
    pub fn handled_by_since(&self, user_id: i64, since: &str) -> bool {
        [&self.created, &self.password_reset, &self.two_factor_reset]
            .into_iter()
            .flatten()
            .any(|stamp| stamp.by == user_id && not_before(&stamp.at, since))
    }
}

/// Whether time `at` is `since` or later. Times are whole seconds, so a stamp in the same
/// second counts as later; a time that cannot be read counts as later too (the refusal is
/// the safe side).
fn not_before(at: &str, since: &str) -> bool {
    match (crate::clock::parse(at), crate::clock::parse(since)) {
        (Some(at), Some(since)) => at >= since,
        _ => true,
    }
}

/// A user as an administrator submits it (create or update).
#[derive(Clone, Debug, PartialEq)]
pub struct UserInput {
    pub name: String,
    pub email: crate::Email,
    /// Only when creating.
    pub password: Option<crate::password::NewPassword>,
    pub phone: Option<String>,
    pub department: String,
    pub designation: String,
    pub role_id: crate::RoleId,
    pub status: UserStatus,
    /// Where the user serves; `None` when the request leaves it out (a new user is then
    /// posted at the state, an edited one keeps their posting).
    pub posting: Option<crate::jurisdiction::Posting>,
}

/// A user as the Users page sends them (`password` on create only).
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct UserForm {
    #[schema(value_type = String)]
    #[serde(default)]
    pub name: Sent<String>,
    #[schema(value_type = String)]
    #[serde(default)]
    pub email: Sent<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub password: Sent<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub phone: Sent<String>,
    #[schema(value_type = String)]
    #[serde(default)]
    pub department: Sent<String>,
    #[schema(value_type = String)]
    #[serde(default)]
    pub designation: Sent<String>,
    /// A role's id; text holding one is accepted too.
    #[schema(value_type = i64)]
    #[serde(default)]
    pub role_id: Sent<Scalar>,
    /// `active` or `inactive` (true and false are accepted too); a new user is active.
    #[schema(value_type = Option<UserStatus>)]
    #[serde(default)]
    pub status: Sent<Scalar>,
    /// Where the user serves: within the caller's own posting, naming a place the Admin Panel
    /// lists hold. Left out, a new user is posted at the state and an edited one keeps theirs.
    #[schema(value_type = Option<crate::jurisdiction::PostingWire>)]
    #[serde(default)]
    pub posting: Sent<crate::jurisdiction::PostingWire>,
}

impl UserInput {
    /// Reads a form; the password only when `creating`.
    pub fn parse(form: UserForm, creating: bool) -> crate::Result<UserInput> {
        let mut errors = crate::FieldErrors::default();
        let name = form.name.trimmed();
        if name.is_empty() {
            errors.add("name", Msg::NameRequired);
        } else if name.chars().count() > 200 {
            errors.add("name", Msg::NameTooLong);
        }
        let email = errors.check("email", crate::Email::parse(&form.email.trimmed()));
        let password = if creating {
            let raw = form.password.given().unwrap_or_default();
            if raw.trim().is_empty() {
                errors.add("password", Msg::PasswordRequired);
                None
            } else {
                errors.check("password", crate::password::NewPassword::for_reset(&raw))
            }
        } else {
            None
        };
        let phone = form.phone.trimmed();
        if phone.chars().count() > 20 || !phone.chars().all(|c| c.is_ascii_digit() || " +-()".contains(c)) {
            errors.add("phone", Msg::PhoneInvalid);
        }
        let department = form.department.trimmed();
        if department.is_empty() {
            errors.add("department", Msg::DepartmentRequired);
        }
        let designation = form.designation.trimmed();
        if designation.is_empty() {
            errors.add("designation", Msg::DesignationRequired);
        }
        let role_id = form.role_id.as_given().and_then(Scalar::whole_number).unwrap_or(0);
        if role_id <= 0 {
            errors.add("role_id", Msg::RoleRequired);
        }
        let status = match form.status {
            Sent::Absent | Sent::Null => Some(UserStatus::Active),
            Sent::Given(Scalar::Text(s)) => UserStatus::parse(s.trim()),
            Sent::Given(Scalar::Flag(active)) => Some(if active { UserStatus::Active } else { UserStatus::Inactive }),
            Sent::Given(Scalar::Number(_)) | Sent::Unusable => None,
        };
        if status.is_none() {
            errors.add("status", Msg::StatusInvalid);
        }
        let posting = match form.posting {
            Sent::Absent | Sent::Null => None,
            Sent::Given(wire) => match crate::jurisdiction::Posting::try_from(wire) {
                Ok(posting) => Some(posting),
                Err(message) => {
                    errors.add("posting", message);
                    None
                }
            },
            Sent::Unusable => {
                errors.add("posting", Msg::PostingChoice);
                None
            }
        };
        errors.finish()?;
        Ok(UserInput {
            name,
            email: email.expect("checked"),
            password,
            phone: (!phone.is_empty()).then_some(phone),
            department,
            designation,
            role_id: crate::RoleId(role_id),
            status: status.expect("checked"),
            posting,
        })
    }
}

/// A role as an administrator submits it.
#[derive(Clone, Debug, PartialEq)]
pub struct RoleInput {
    pub name: String,
    pub description: String,
    pub permissions: Permissions,
    /// Whether members must sign in with a second factor; `None` keeps what the role has
    /// (or, for a new role, leaves it off).
    pub require_two_factor: Option<bool>,
    /// Whether members' closures need another officer's approval; `None` keeps what the
    /// role has (or, for a new role, leaves it off).
    pub closing_needs_approval: Option<bool>,
}

/// A role as the Roles page sends it.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct RoleForm {
    #[schema(value_type = String)]
    #[serde(default)]
    pub name: Sent<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub description: Sent<String>,
    /// The entries list shown here, or the legacy map of resource to 'all', a list of
    /// actions or a comma-separated text (`{"grievances": "read,update"}`).
    #[schema(value_type = Option<Vec<crate::PermissionEntry>>)]
    #[serde(default)]
    pub permissions: Sent<crate::permissions::PermissionsSent>,
    /// Members must sign in with a second factor. Left out: unchanged (off for a new role).
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub require_two_factor: Sent<bool>,
    /// Members' moves to a resolved or closed status need another officer's approval. Left
    /// out: unchanged (off for a new role). Ignored for the Admin role.
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub closing_needs_approval: Sent<bool>,
}

impl RoleInput {
    pub fn parse(form: RoleForm) -> crate::Result<RoleInput> {
        let mut errors = crate::FieldErrors::default();
        let name = crate::role_name::clean(&form.name.trimmed());
        if name.is_empty() {
            errors.add("name", Msg::RoleNameRequired);
        } else if name.chars().count() > 100 {
            errors.add("name", Msg::RoleNameTooLong);
        }
        let description = form.description.trimmed();
        let permissions = match form.permissions.given().map(|sent| sent.0).unwrap_or_else(|| Ok(Permissions::default())) {
            Ok(p) => p,
            Err(message) => {
                errors.add("permissions", message);
                Permissions::default()
            }
        };
        let mut flag = |field: &str, sent: Sent<bool>, invalid: Msg| match sent {
            Sent::Absent | Sent::Null => None,
            Sent::Given(b) => Some(b),
            Sent::Unusable => {
                errors.add(field, invalid);
                None
            }
        };
        let require_two_factor = flag("require_two_factor", form.require_two_factor, Msg::RequireTwoFactorInvalid);
        let closing_needs_approval = flag("closing_needs_approval", form.closing_needs_approval, Msg::ClosingApprovalInvalid);
        errors.finish()?;
        Ok(RoleInput { name, description, permissions, require_two_factor, closing_needs_approval })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn form<T: serde::de::DeserializeOwned>(body: serde_json::Value) -> T {
        serde_json::from_value(body).expect("a form takes any object")
    }

    fn valid() -> serde_json::Value {
        json!({"name": "Ravi", "email": "Ravi@Police.in", "password": "secret1", "phone": "+91 98765 43210",
               "department": "Crime Branch", "designation": "Inspector", "role_id": 2, "status": "active"})
    }

    #[test]
    fn a_complete_user_parses_with_a_normalised_email() {
        let user = UserInput::parse(form(valid()), true).unwrap();
        assert_eq!(user.email.as_str(), "ravi@police.in");
        assert!(user.password.is_some());
        assert_eq!(UserInput::parse(form(valid()), false).unwrap().password, None);
    }

    #[test]
    fn every_required_field_is_named_in_the_answer() {
        let err = UserInput::parse(form(json!({"role_id": 0})), true).unwrap_err();
        let crate::Error::Validation { fields, .. } = err else { panic!("a validation error") };
        assert_eq!(fields["name"], "Name is required");
        assert_eq!(fields["email"], "Email is required");
        assert_eq!(fields["password"], "Password is required");
        assert_eq!(fields["department"], "Department is required");
        assert_eq!(fields["designation"], "Designation is required");
        assert_eq!(fields["role_id"], "Role is required");
    }

    #[test]
    fn short_passwords_and_odd_statuses_are_refused() {
        let mut body = valid();
        body["password"] = json!("12345");
        assert_eq!(UserInput::parse(form(body), true).unwrap_err().to_string(), "Password must be at least 6 characters long");
        let mut body = valid();
        body["status"] = json!("suspended");
        assert_eq!(UserInput::parse(form(body), true).unwrap_err().to_string(), "Status must be active or inactive");
    }

    #[test]
    fn an_account_is_handled_by_whoever_made_or_reset_it_since_a_time() {
        let stamp = |by: i64, at: &str| Some(Stamp { by, at: at.to_string() });
        let asked = "2026-10-05T10:00:00Z";
        let none = CredentialHands::default();
        assert!(!none.handled_by_since(7, asked), "an account kept before stamps");
        let made_before = CredentialHands { created: stamp(7, "2026-10-05T09:59:59Z"), ..Default::default() };
        assert!(!made_before.handled_by_since(7, asked), "made before the time");
        let made_then = CredentialHands { created: stamp(7, asked), ..Default::default() };
        assert!(made_then.handled_by_since(7, asked), "the same second counts");
        assert!(!made_then.handled_by_since(8, asked), "by someone else");
        let reset = CredentialHands { created: stamp(1, "2020-01-01T00:00:00Z"), password_reset: stamp(7, "2026-10-06T08:00:00Z"), ..Default::default() };
        assert!(reset.handled_by_since(7, asked));
        let second = CredentialHands { two_factor_reset: stamp(7, "2026-10-05T10:00:01Z"), ..Default::default() };
        assert!(second.handled_by_since(7, asked));
        let unreadable = CredentialHands { password_reset: stamp(7, "yesterday"), ..Default::default() };
        assert!(unreadable.handled_by_since(7, asked));
    }

    #[test]
    fn a_role_needs_a_name_and_drops_empty_permission_entries() {
        assert_eq!(RoleInput::parse(form(json!({"name": " "}))).unwrap_err().to_string(), "Role name is required");
        let role = RoleInput::parse(form(json!({"name": "Clerk", "permissions": [{"resource": "users", "can_read": false}]}))).unwrap();
        assert!(role.permissions.entries().is_empty());
    }
}
