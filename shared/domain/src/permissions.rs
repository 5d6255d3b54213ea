//! Permissions: what a role may do, per resource and action. Roles arrive in two shapes:
//! a list of entries with flags, or a legacy map of resource to 'all', a list of actions or
//! a comma string. Both are parsed into one normalised form, which is what is stored and
//! what every check reads.

use crate::messages::Msg;
use crate::jurisdiction::GrievanceScope;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Resource {
    Grievances,
    Users,
    Roles,
    /// The Admin Panel's twelve lists.
    Dropdowns,
    Reports,
    Dashboard,
    Audit,
}

impl Resource {
    pub const ALL: [Resource; 7] = [
        Resource::Grievances,
        Resource::Users,
        Resource::Roles,
        Resource::Dropdowns,
        Resource::Reports,
        Resource::Dashboard,
        Resource::Audit,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Resource::Grievances => "grievances",
            Resource::Users => "users",
            Resource::Roles => "roles",
            Resource::Dropdowns => "dropdowns",
            Resource::Reports => "reports",
            Resource::Dashboard => "dashboard",
            Resource::Audit => "audit",
        }
    }

    fn parse(name: &str) -> Result<Resource, Msg> {
        Resource::ALL
            .into_iter()
            .find(|r| r.as_str() == name.trim().to_lowercase())
            .ok_or_else(|| Msg::PermissionResourceUnknown { name: name.to_string() })
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Create,
    Read,
    /// Grievances only: see every grievance, not just those one filed or is assigned to
    /// (the state scope of `domain::jurisdiction`).
    ViewAll,
    Update,
    Delete,
    /// Grievances only: see every grievance of one's posting (a station, district or range)
    /// as well as one's own. Implied by `view_all`, which a role holds instead of it.
    ViewPosting,
    /// Grievances only: approve or return another officer's closure request,
    /// for cases within one's scope.
    Approve,
    /// Grievances only: "view sensitive identities": reveal, with a stated reason, the
    /// identity of a victim the law protects (BNS s.72, POCSO s.23), on a case within one's
    /// scope.
    ViewIdentities,
    /// Grievances only: "withhold from publication": mark a case within one's scope withheld
    /// from the state's public list of FIRs, with a reason (Youth Bar Association v Union of
    /// India, 2016: the decision is an officer's not below the rank of DSP).
    WithholdPublication,
}

impl Action {
    pub const ALL: [Action; 9] = [
        Action::Create,
        Action::Read,
        Action::ViewAll,
        Action::Update,
        Action::Delete,
        Action::ViewPosting,
        Action::Approve,
        Action::ViewIdentities,
        Action::WithholdPublication,
    ];

    /// What the legacy map's "all" grants: every action but seeing protected identities and
    /// withholding from publication, which the law gives to officers by name (and which no
    /// role written before they existed may gain by an upgrade).
    pub const IN_ALL: [Action; 7] = [Action::Create, Action::Read, Action::ViewAll, Action::Update, Action::Delete, Action::ViewPosting, Action::Approve];

    /// The two actions that widen which grievances a role sees, rather than what it may do.
    fn is_scope(self) -> bool {
        matches!(self, Action::ViewAll | Action::ViewPosting)
    }

    /// Actions that exist for grievances only.
    fn grievances_only(self) -> bool {
        self.is_scope() || matches!(self, Action::Approve | Action::ViewIdentities | Action::WithholdPublication)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Read => "read",
            Action::ViewAll => "view_all",
            Action::Update => "update",
            Action::Delete => "delete",
            Action::ViewPosting => "view_posting",
            Action::Approve => "approve",
            Action::ViewIdentities => "view_identities",
            Action::WithholdPublication => "withhold_publication",
        }
    }

    fn parse(name: &str) -> Result<Action, Msg> {
        let name = name.trim().to_lowercase();
        Action::ALL
            .into_iter()
            .find(|a| a.as_str() == name || (name == "viewall" && *a == Action::ViewAll))
            .ok_or_else(|| Msg::PermissionActionUnknown { name: name.to_string() })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a role may do on one resource.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PermissionEntry {
    pub resource: Resource,
    pub can_create: bool,
    pub can_read: bool,
    pub can_view_all: bool,
    pub can_update: bool,
    pub can_delete: bool,
    /// Grievances only: every grievance of the holder's posting (see [`GrievanceScope`]).
    /// Written only when set, so entries read as the specification shows them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub can_view_posting: bool,
    /// Grievances only: approve or return closure requests. Written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub can_approve: bool,
    /// Grievances only: reveal a protected victim's identity. Written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub can_view_identities: bool,
    /// Grievances only: withhold a case from publication. Written only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub can_withhold_publication: bool,
}

impl PermissionEntry {
    fn none(resource: Resource) -> Self {
        PermissionEntry { resource, can_create: false, can_read: false, can_view_all: false, can_update: false, can_delete: false, can_view_posting: false, can_approve: false, can_view_identities: false, can_withhold_publication: false }
    }

    pub fn allows(&self, action: Action) -> bool {
        match action {
            Action::Create => self.can_create,
            Action::Read => self.can_read,
            Action::ViewAll => self.can_view_all,
            Action::Update => self.can_update,
            Action::Delete => self.can_delete,
            // The state's scope holds every posting's.
            Action::ViewPosting => self.can_view_posting || self.can_view_all,
            Action::Approve => self.can_approve,
            Action::ViewIdentities => self.can_view_identities,
            Action::WithholdPublication => self.can_withhold_publication,
        }
    }

    fn grant(&mut self, action: Action) {
        match action {
            Action::Create => self.can_create = true,
            Action::Read => self.can_read = true,
            Action::ViewAll => self.can_view_all = true,
            Action::Update => self.can_update = true,
            Action::Delete => self.can_delete = true,
            Action::ViewPosting => self.can_view_posting = true,
            Action::Approve => self.can_approve = true,
            Action::ViewIdentities => self.can_view_identities = true,
            Action::WithholdPublication => self.can_withhold_publication = true,
        }
    }

    fn is_empty(&self) -> bool {
        !(self.can_create || self.can_read || self.can_view_all || self.can_update || self.can_delete || self.can_view_posting || self.can_approve || self.can_view_identities || self.can_withhold_publication)
    }

    pub fn action_count(&self) -> usize {
        Action::ALL.iter().filter(|a| self.allows(**a)).count()
    }
}

/// The normalised permissions of a role: at most one entry per resource, in the order of
/// `Resource::ALL`, no entry without a flag, `view_all`, `view_posting` and `approve` only on grievances,
/// and one scope: `view_posting` is dropped where `view_all` holds it already.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(transparent)]
pub struct Permissions(Vec<PermissionEntry>);

impl Permissions {
    /// Every action on every resource: the Admin role's permissions.
    pub fn all() -> Self {
        Self::from_grants(Resource::ALL.iter().flat_map(|r| Action::ALL.iter().map(move |a| (*r, *a))))
    }

    /// Every action but seeing protected identities on every resource: what the legacy map's
    /// "all" grants throughout.
    pub fn all_by_map() -> Self {
        Self::from_grants(Resource::ALL.iter().flat_map(|r| Action::IN_ALL.iter().map(move |a| (*r, *a))))
    }

    fn from_grants(grants: impl IntoIterator<Item = (Resource, Action)>) -> Self {
        let mut by_resource: BTreeMap<Resource, PermissionEntry> = BTreeMap::new();
        for (resource, action) in grants {
            if action.grievances_only() && resource != Resource::Grievances {
                continue;
            }
            by_resource.entry(resource).or_insert_with(|| PermissionEntry::none(resource)).grant(action);
        }
        for entry in by_resource.values_mut() {
            entry.can_view_posting &= !entry.can_view_all;
        }
        Permissions(by_resource.into_values().filter(|e| !e.is_empty()).collect())
    }

    /// Which grievances the role sees: the state's with `view_all`, its holder's posting's
    /// with `view_posting`, else its holder's own.
    pub fn grievance_scope(&self) -> GrievanceScope {
        if self.allows(Resource::Grievances, Action::ViewAll) {
            GrievanceScope::State
        } else if self.allows(Resource::Grievances, Action::ViewPosting) {
            GrievanceScope::Posting
        } else {
            GrievanceScope::Own
        }
    }

    /// These permissions with the grievance scope set to `scope` (the Role Management choice).
    pub fn with_grievance_scope(&self, scope: GrievanceScope) -> Permissions {
        let kept = self.0.iter().flat_map(|e| Action::ALL.into_iter().filter(|a| !a.is_scope() && e.allows(*a)).map(move |a| (e.resource, a)));
        let scope_action = match scope {
            GrievanceScope::Own => None,
            GrievanceScope::Posting => Some(Action::ViewPosting),
            GrievanceScope::State => Some(Action::ViewAll),
        };
        Self::from_grants(kept.chain(scope_action.map(|a| (Resource::Grievances, a))))
    }

    pub fn allows(&self, resource: Resource, action: Action) -> bool {
        self.0.iter().any(|e| e.resource == resource && e.allows(action))
    }

    pub fn entries(&self) -> &[PermissionEntry] {
        &self.0
    }

    /// Whether `self` grants everything `other` grants.
    pub fn covers(&self, other: &Permissions) -> bool {
        other.0.iter().all(|e| Action::ALL.iter().all(|a| !e.allows(*a) || self.allows(e.resource, *a)))
    }

    /// Parses either shape: a list of entries with flags, or the legacy map.
    pub fn parse(input: &serde_json::Value) -> Result<Permissions, Msg> {
        use serde_json::Value;
        let mut grants = Vec::new();
        match input {
            Value::Null => {}
            Value::Array(entries) => {
                for entry in entries {
                    let object = entry.as_object().ok_or(Msg::PermissionEntryNotObject)?;
                    let resource = object.get("resource").and_then(Value::as_str).ok_or(Msg::PermissionEntryNoResource)?;
                    let resource = Resource::parse(resource)?;
                    for action in Action::ALL {
                        match object.get(&format!("can_{}", action.as_str())) {
                            None | Some(Value::Null) | Some(Value::Bool(false)) => {}
                            Some(Value::Bool(true)) => grants.push((resource, action)),
                            Some(_) => return Err(Msg::PermissionFlagInvalid { action: (action.as_str()).to_string() }),
                        }
                    }
                }
            }
            Value::Object(map) => {
                for (resource, actions) in map {
                    let resource = Resource::parse(resource)?;
                    let names: Vec<String> = match actions {
                        Value::String(s) if s.trim().eq_ignore_ascii_case("all") => Action::IN_ALL.iter().map(|a| a.as_str().to_string()).collect(),
                        Value::String(s) => s.split(',').filter(|p| !p.trim().is_empty()).map(str::to_string).collect(),
                        Value::Array(list) => list
                            .iter()
                            .map(|v| v.as_str().map(str::to_string).ok_or(Msg::PermissionActionsNotText))
                            .collect::<Result<_, _>>()?,
                        Value::Null => Vec::new(),
                        _ => return Err(Msg::PermissionEntryInvalid { resource: resource.to_string() }),
                    };
                    for name in names {
                        if name.trim().eq_ignore_ascii_case("all") {
                            grants.extend(Action::IN_ALL.iter().map(|a| (resource, *a)));
                        } else {
                            grants.push((resource, Action::parse(&name)?));
                        }
                    }
                }
            }
            _ => return Err(Msg::PermissionsInvalid),
        }
        Ok(Self::from_grants(grants))
    }
}

/// Permissions as a form sends them, already read by [`Permissions::parse`]: what is wrong
/// with them is kept as the message for the form's `permissions` field.
#[derive(Clone, Debug, PartialEq)]
pub struct PermissionsSent(pub Result<Permissions, Msg>);

impl<'de> Deserialize<'de> for PermissionsSent {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(PermissionsSent(Permissions::parse(&serde_json::Value::deserialize(d)?)))
    }
}

impl<'de> Deserialize<'de> for Permissions {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        Permissions::parse(&value).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn entries_without_a_flag_are_dropped_and_view_all_is_only_for_grievances() {
        let p = Permissions::parse(&json!([
            {"resource": "grievances", "can_read": true, "can_view_all": true},
            {"resource": "users", "can_read": false, "can_create": false},
            {"resource": "audit", "can_view_all": true},
        ]))
        .unwrap();
        assert_eq!(p.entries().len(), 1);
        assert!(p.allows(Resource::Grievances, Action::ViewAll));
        assert!(!p.allows(Resource::Users, Action::Read));
        assert!(!p.allows(Resource::Audit, Action::ViewAll));
    }

    #[test]
    fn the_legacy_map_means_the_same_as_entries() {
        let legacy = Permissions::parse(&json!({
            "grievances": "all",
            "users": ["read", "update"],
            "roles": "read, create",
            "audit": "",
        }))
        .unwrap();
        let entries = Permissions::parse(&json!([
            {"resource": "grievances", "can_create": true, "can_read": true, "can_view_all": true, "can_update": true, "can_delete": true, "can_approve": true},
            {"resource": "users", "can_read": true, "can_update": true},
            {"resource": "roles", "can_read": true, "can_create": true},
        ]))
        .unwrap();
        assert_eq!(legacy, entries);
        assert!(!legacy.allows(Resource::Grievances, Action::ViewIdentities), "granted by name only");
        assert!(!legacy.allows(Resource::Grievances, Action::WithholdPublication), "granted by name only");
        assert!(Permissions::parse(&json!({"grievances": "read,withhold_publication"})).unwrap().allows(Resource::Grievances, Action::WithholdPublication));
        assert!(Permissions::parse(&json!({"grievances": "read,view_identities"})).unwrap().allows(Resource::Grievances, Action::ViewIdentities));
        assert_eq!(serde_json::to_value(&legacy).unwrap()[1], json!({"resource": "users", "can_create": false, "can_read": true, "can_view_all": false, "can_update": true, "can_delete": false}));
    }

    #[test]
    fn unknown_names_are_refused_with_a_message() {
        assert_eq!(Permissions::parse(&json!({"weapons": "all"})).unwrap_err().to_string(), "Unknown permission resource 'weapons'");
        assert_eq!(Permissions::parse(&json!({"users": "read,fly"})).unwrap_err().to_string(), "Unknown permission action 'fly'");
        assert!(Permissions::parse(&json!(42)).is_err());
    }

    #[test]
    fn admin_holds_everything_and_covers_any_role() {
        let all = Permissions::all();
        for r in Resource::ALL {
            for a in [Action::Create, Action::Read, Action::Update, Action::Delete] {
                assert!(all.allows(r, a), "{r} {a}");
            }
        }
        assert!(all.allows(Resource::Grievances, Action::ViewAll));
        assert_eq!(all.entries()[0].can_view_posting, false, "the state scope holds the posting's; one flag says so");
        let narrow = Permissions::parse(&json!({"users": "read"})).unwrap();
        assert!(all.covers(&narrow));
        assert!(!narrow.covers(&all));
    }

    #[test]
    fn a_role_has_one_grievance_scope_and_a_wider_one_covers_a_narrower() {
        let own = Permissions::parse(&json!([{"resource": "grievances", "can_read": true}])).unwrap();
        let posting = Permissions::parse(&json!([{"resource": "grievances", "can_read": true, "can_view_posting": true}])).unwrap();
        let state = Permissions::parse(&json!({"grievances": "read,view_all,view_posting"})).unwrap();
        assert_eq!(own.grievance_scope(), GrievanceScope::Own);
        assert_eq!(posting.grievance_scope(), GrievanceScope::Posting);
        assert_eq!(state.grievance_scope(), GrievanceScope::State);
        assert_eq!(serde_json::to_value(&state).unwrap(), json!([{"resource": "grievances", "can_create": false, "can_read": true, "can_view_all": true, "can_update": false, "can_delete": false}]));
        assert_eq!(serde_json::to_value(&posting).unwrap()[0]["can_view_posting"], json!(true));
        assert!(state.covers(&posting) && posting.covers(&own));
        assert!(!posting.covers(&state) && !own.covers(&posting));
        assert_eq!(state.with_grievance_scope(GrievanceScope::Posting), posting);
        assert_eq!(posting.with_grievance_scope(GrievanceScope::Own), own);
        assert_eq!(own.with_grievance_scope(GrievanceScope::State), state);
        assert!(Permissions::parse(&json!([{"resource": "users", "can_read": true, "can_view_posting": true}])).unwrap().entries()[0].can_view_posting == false);
    }

    #[test]
    fn approving_closures_is_a_grievance_action_written_only_when_held() {
        let approver = Permissions::parse(&json!({"grievances": "read,approve", "users": "read,approve"})).unwrap();
        assert!(approver.allows(Resource::Grievances, Action::Approve));
        assert!(!approver.allows(Resource::Users, Action::Approve), "approve means nothing beside grievances");
        assert_eq!(serde_json::to_value(&approver).unwrap()[0]["can_approve"], json!(true));
        let reader = Permissions::parse(&json!({"grievances": "read"})).unwrap();
        assert!(serde_json::to_value(&reader).unwrap()[0].get("can_approve").is_none());
        assert!(approver.covers(&reader) && !reader.covers(&approver));
        assert!(Permissions::all().allows(Resource::Grievances, Action::Approve));
    }
}
