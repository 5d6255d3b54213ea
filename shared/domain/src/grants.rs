//! Who may hand out what. A user manager or a role manager is an insider with real power; the
//! rules below make sure that power never grows by its own use: nobody gives a role, edits a
//! role or acts on an account that would reach beyond what they hold themselves. Every path
//! that grants (user create and update, password and second-factor resets, deactivation,
//! role create, update and delete) asks these functions, on the server.

use crate::messages::Msg;
use crate::{Action, Permissions, Resource};

/// The one who asks: their own role, as the server read it for this request.
#[derive(Clone, Copy, Debug)]
pub struct Grantor<'a> {
    pub user_id: i64,
    pub role_id: i64,
    pub is_admin: bool,
    pub permissions: &'a Permissions,
    /// Whether their own role resolves and closes cases without another officer's approval.
    pub closes_alone: bool,
}

/// What a role hands its members: its permissions, and whether they close cases without
/// approval. Closing alone is held like a permission: one whose own closures need approval
/// gives nobody the right to close alone.
#[derive(Clone, Copy, Debug)]
pub struct Grant<'a> {
    pub permissions: &'a Permissions,
    pub closes_alone: bool,
}

impl Grantor<'_> {
    /// Whether the grantor holds everything `grant` hands out.
    fn holds(&self, grant: Grant) -> bool {
        self.permissions.covers(grant.permissions) && (self.closes_alone || !grant.closes_alone)
    }

    /// Whether the grantor may hand out `permissions` that make approvers: only one who
    /// closes alone. One whose closures need approval could otherwise give a second account
    /// of their own making (or a colleague's, reset) the power to decide their requests, and
    /// to make more such accounts.
    fn may_make_approvers(&self, permissions: &Permissions) -> bool {
        self.closes_alone || !makes_approvers(permissions)
    }
}

/// Whether a role with `permissions` both makes or takes over accounts (users create, or
/// users update, which also resets passwords and second factors) and decides closure
/// requests (grievances approve).
pub fn makes_approvers(permissions: &Permissions) -> bool {
    (permissions.allows(Resource::Users, Action::Create) || permissions.allows(Resource::Users, Action::Update))
        && permissions.allows(Resource::Grievances, Action::Approve)
}

/// A role as these rules see it: its id, whether it is the Admin role, what it allows.
#[derive(Clone, Copy, Debug)]
pub struct RoleReach<'a> {
    pub id: i64,
    pub is_admin: bool,
    pub permissions: &'a Permissions,
    pub closes_alone: bool,
}

impl<'a> RoleReach<'a> {
    fn grant(&self) -> Grant<'a> {
        Grant { permissions: self.permissions, closes_alone: self.closes_alone }
    }
}

/// Why a grant is refused. Each answers 403 with its message (and its code in the catalogue).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The role to give holds a permission the grantor lacks.
    WiderRole,
    /// The Admin role is given only by an Admin.
    AdminRoleByAdminOnly,
    /// The account to act on has a role holding a permission the grantor lacks.
    WiderAccount,
    /// An Admin's account is changed only by an Admin.
    AdminAccountByAdminOnly,
    /// Nobody moves themselves to another role.
    OwnRole,
    /// The Admin role's settings are changed only by an Admin.
    AdminRoleSettingsByAdminOnly,
    /// A non-Admin does not edit or delete the role they hold (it would widen their own reach
    /// or lower its second-factor rule).
    RoleHeld,
    /// A role is created or changed to hold a permission the grantor lacks.
    WiderPermissions,
    /// A user is posted, or a user posted, outside the grantor's own posting.
    OutsidePosting,
    /// One whose own closures need approval gives, makes or changes a role to hold users
    /// create or update together with grievances approve.
    ApproverMaker,
    /// A police station is moved to another district, or a district to another range, from
    /// or into a place outside the grantor's own posting.
    PlaceOutsidePosting,
    /// Nobody resets their own password: a reset asks for no current password, so a session
    /// left open (or stolen) would keep the account for good. Change Password asks for it.
    OwnPassword,
    /// Nobody resets their own second factor: it would skip the code that turning it off
    /// asks for, and the sign-in lockout that counts it. Profile has the user's own way.
    OwnSecondFactor,
}

impl Refusal {
    pub fn message(self) -> Msg {
        match self {
            Refusal::WiderRole => Msg::GrantWiderRole,
            Refusal::AdminRoleByAdminOnly => Msg::GrantAdminRole,
            Refusal::WiderAccount => Msg::GrantWiderAccount,
            Refusal::AdminAccountByAdminOnly => Msg::GrantAdminAccount,
            Refusal::OwnRole => Msg::GrantOwnRole,
            Refusal::AdminRoleSettingsByAdminOnly => Msg::GrantAdminRoleSettings,
            Refusal::RoleHeld => Msg::GrantRoleHeld,
            Refusal::WiderPermissions => Msg::GrantWiderPermissions,
            Refusal::OutsidePosting => Msg::GrantOutsidePosting,
            Refusal::ApproverMaker => Msg::GrantApproverMaker,
            Refusal::PlaceOutsidePosting => Msg::GrantPlaceOutsidePosting,
            Refusal::OwnPassword => Msg::GrantOwnPassword,
            Refusal::OwnSecondFactor => Msg::GrantOwnTwoFactor,
        }
    }
}

impl From<Refusal> for crate::Error {
    fn from(r: Refusal) -> Self {
        crate::Error::Forbidden(r.message())
    }
}

/// Whether `grantor` may give `role` to someone (a new user, or an existing one).
pub fn may_give_role(grantor: Grantor, role: RoleReach) -> Result<(), Refusal> {
    if role.is_admin && !grantor.is_admin {
        return Err(Refusal::AdminRoleByAdminOnly);
    }
    if !grantor.holds(role.grant()) {
        return Err(Refusal::WiderRole);
    }
    if !grantor.may_make_approvers(role.permissions) {
        return Err(Refusal::ApproverMaker);
    }
    Ok(())
}

/// Whether `grantor` may act on an account whose role is `held` (edit, deactivate, delete,
/// reset its password or second factor). `None`: the account's role no longer exists, which
/// grants nothing.
pub fn may_act_on_account(grantor: Grantor, held: Option<RoleReach>) -> Result<(), Refusal> {
    let Some(held) = held else { return Ok(()) };
    if held.is_admin && !grantor.is_admin {
        return Err(Refusal::AdminAccountByAdminOnly);
    }
    if !grantor.holds(held.grant()) {
        return Err(Refusal::WiderAccount);
    }
    Ok(())
}

/// What an administrator's reset replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Credential {
    Password,
    SecondFactor,
}

/// Whether `grantor` may reset `credential` of the account `user_id`, which holds `held`:
/// never their own (they change it through their own flows, which ask for proof), and
/// otherwise as for any action on the account.
pub fn may_reset(grantor: Grantor, user_id: i64, held: Option<RoleReach>, credential: Credential) -> Result<(), Refusal> {
    if user_id == grantor.user_id {
        return Err(match credential {
            Credential::Password => Refusal::OwnPassword,
            Credential::SecondFactor => Refusal::OwnSecondFactor,
        });
    }
    may_act_on_account(grantor, held)
}

/// Whether `grantor` may edit the account `user_id`, which holds `held`, and leave it with
/// role `next`.
pub fn may_edit_account(grantor: Grantor, user_id: i64, held: Option<RoleReach>, next: RoleReach) -> Result<(), Refusal> {
    let moved = held.is_none_or(|h| h.id != next.id);
    if user_id == grantor.user_id && moved {
        return Err(Refusal::OwnRole);
    }
    may_act_on_account(grantor, held)?;
    if moved {
        may_give_role(grantor, next)?;
    }
    Ok(())
}

/// Whether someone posted at `grantor` may post a user at, or change a user posted at, each of
/// `postings`: only inside their own part of the organisation.
pub fn may_post(org: &crate::jurisdiction::Organisation, grantor: &crate::jurisdiction::Posting, postings: &[&crate::jurisdiction::Posting]) -> Result<(), Refusal> {
    if postings.iter().all(|p| org.within(p, grantor)) {
        Ok(())
    } else {
        Err(Refusal::OutsidePosting)
    }
}

/// Whether someone posted at `grantor` may move a place of the organisation from `from` to
/// `to`: a police station to another district, or a district to another range. Every
/// grievance of the place moves with it, into the reach of whoever is posted at `to` and out
/// of the reach of those at `from`, so both must lie inside the grantor's own posting; `None`
/// is no place (a station in no district, a district in no range), which only the state
/// covers. In practice only the state moves a place between districts or ranges.
pub fn may_move_place(org: &crate::jurisdiction::Organisation, grantor: &crate::jurisdiction::Posting, from: Option<&crate::jurisdiction::Posting>, to: Option<&crate::jurisdiction::Posting>) -> Result<(), Refusal> {
    let covered = |place: Option<&crate::jurisdiction::Posting>| match place {
        Some(place) => org.within(place, grantor),
        None => *grantor == crate::jurisdiction::Posting::State,
    };
    if covered(from) && covered(to) {
        Ok(())
    } else {
        Err(Refusal::PlaceOutsidePosting)
    }
}

/// Whether `grantor` may create a role handing out `grant`.
pub fn may_create_role(grantor: Grantor, grant: Grant) -> Result<(), Refusal> {
    if !grantor.holds(grant) {
        return Err(Refusal::WiderPermissions);
    }
    if !grantor.may_make_approvers(grant.permissions) {
        return Err(Refusal::ApproverMaker);
    }
    Ok(())
}

/// Whether `grantor` may change `role` (to hand out `next`) or, with `next` `None`, delete it.
pub fn may_change_role(grantor: Grantor, role: RoleReach, next: Option<Grant>) -> Result<(), Refusal> {
    if role.is_admin {
        return if grantor.is_admin { Ok(()) } else { Err(Refusal::AdminRoleSettingsByAdminOnly) };
    }
    if role.id == grantor.role_id && !grantor.is_admin {
        return Err(Refusal::RoleHeld);
    }
    if !grantor.holds(role.grant()) || next.is_some_and(|g| !grantor.holds(g)) {
        return Err(Refusal::WiderPermissions);
    }
    if !grantor.may_make_approvers(role.permissions) || next.is_some_and(|g| !grantor.may_make_approvers(g.permissions)) {
        return Err(Refusal::ApproverMaker);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn perms(v: serde_json::Value) -> Permissions {
        Permissions::parse(&v).unwrap()
    }

    /// A grant of `permissions` whose members close cases alone.
    fn g(permissions: &Permissions) -> Grant<'_> {
        Grant { permissions, closes_alone: true }
    }

    #[test]
    fn a_user_manager_gives_only_roles_within_their_own() {
        let mine = perms(json!({"users": "read,update,create", "grievances": "read"}));
        let me = Grantor { user_id: 7, role_id: 3, is_admin: false, permissions: &mine, closes_alone: true };
        let all = Permissions::all();
        let admin = RoleReach { id: 1, is_admin: true, permissions: &all, closes_alone: true };
        let narrow_p = perms(json!({"grievances": "read"}));
        let narrow = RoleReach { id: 4, is_admin: false, permissions: &narrow_p, closes_alone: true };
        let wide_p = perms(json!({"grievances": "read,update"}));
        let wide = RoleReach { id: 5, is_admin: false, permissions: &wide_p, closes_alone: true };
        assert_eq!(may_give_role(me, admin), Err(Refusal::AdminRoleByAdminOnly));
        assert_eq!(may_give_role(me, wide), Err(Refusal::WiderRole));
        assert_eq!(may_give_role(me, narrow), Ok(()));
        // Themself to Admin, or to any other role: refused.
        assert_eq!(may_edit_account(me, 7, Some(RoleReach { id: 3, is_admin: false, permissions: &mine, closes_alone: true }), admin), Err(Refusal::OwnRole));
        assert_eq!(may_edit_account(me, 7, Some(RoleReach { id: 3, is_admin: false, permissions: &mine, closes_alone: true }), narrow), Err(Refusal::OwnRole));
        // Their own other details, keeping the role: allowed.
        let own = RoleReach { id: 3, is_admin: false, permissions: &mine, closes_alone: true };
        assert_eq!(may_edit_account(me, 7, Some(own), own), Ok(()));
        // An Admin's account, or a wider account: refused, whatever the change.
        assert_eq!(may_edit_account(me, 9, Some(admin), admin), Err(Refusal::AdminAccountByAdminOnly));
        assert_eq!(may_act_on_account(me, Some(wide)), Err(Refusal::WiderAccount));
        // A narrower account moved to another narrow role: allowed; to a wider one: refused.
        assert_eq!(may_edit_account(me, 9, Some(narrow), narrow), Ok(()));
        assert_eq!(may_edit_account(me, 9, Some(narrow), wide), Err(Refusal::WiderRole));
        assert_eq!(may_edit_account(me, 9, None, narrow), Ok(()), "a role deleted since grants nothing");
    }

    #[test]
    fn an_admin_acts_on_anyone_but_does_not_move_themself() {
        let all = Permissions::all();
        let admin_me = Grantor { user_id: 1, role_id: 1, is_admin: true, permissions: &all, closes_alone: true };
        let admin = RoleReach { id: 1, is_admin: true, permissions: &all, closes_alone: true };
        let other_p = perms(json!({"grievances": "read"}));
        let other = RoleReach { id: 2, is_admin: false, permissions: &other_p, closes_alone: true };
        assert_eq!(may_edit_account(admin_me, 5, Some(admin), other), Ok(()));
        assert_eq!(may_edit_account(admin_me, 5, Some(other), admin), Ok(()));
        assert_eq!(may_edit_account(admin_me, 1, Some(admin), other), Err(Refusal::OwnRole));
        assert_eq!(may_change_role(admin_me, admin, Some(g(&all))), Ok(()));
    }

    #[test]
    fn nobody_resets_their_own_credentials_not_even_an_admin() {
        let all = Permissions::all();
        let admin_me = Grantor { user_id: 1, role_id: 1, is_admin: true, permissions: &all, closes_alone: true };
        let admin = RoleReach { id: 1, is_admin: true, permissions: &all, closes_alone: true };
        assert_eq!(may_reset(admin_me, 1, Some(admin), Credential::Password), Err(Refusal::OwnPassword));
        assert_eq!(may_reset(admin_me, 1, Some(admin), Credential::SecondFactor), Err(Refusal::OwnSecondFactor));
        assert_eq!(may_reset(admin_me, 1, None, Credential::Password), Err(Refusal::OwnPassword), "whatever their role");
        assert_eq!(may_reset(admin_me, 5, Some(admin), Credential::Password), Ok(()), "another Admin's");
        let mine = perms(json!({"users": "read,update"}));
        let me = Grantor { user_id: 7, role_id: 3, is_admin: false, permissions: &mine, closes_alone: true };
        assert_eq!(may_reset(me, 9, Some(admin), Credential::SecondFactor), Err(Refusal::AdminAccountByAdminOnly), "the account rules still hold");
    }

    #[test]
    fn a_role_manager_neither_widens_nor_touches_the_admin_role_or_their_own() {
        let mine = perms(json!({"roles": "all", "grievances": "read"}));
        let me = Grantor { user_id: 7, role_id: 3, is_admin: false, permissions: &mine, closes_alone: true };
        let all = Permissions::all();
        assert_eq!(may_create_role(me, g(&all)), Err(Refusal::WiderPermissions));
        assert_eq!(may_create_role(me, g(&perms(json!({"grievances": "read"})))), Ok(()));
        let admin = RoleReach { id: 1, is_admin: true, permissions: &all, closes_alone: true };
        assert_eq!(may_change_role(me, admin, Some(g(&all))), Err(Refusal::AdminRoleSettingsByAdminOnly));
        assert_eq!(may_change_role(me, admin, None), Err(Refusal::AdminRoleSettingsByAdminOnly));
        let own = RoleReach { id: 3, is_admin: false, permissions: &mine, closes_alone: true };
        assert_eq!(may_change_role(me, own, Some(g(&all))), Err(Refusal::RoleHeld));
        let narrow_p = perms(json!({"grievances": "read"}));
        let narrow = RoleReach { id: 4, is_admin: false, permissions: &narrow_p, closes_alone: true };
        assert_eq!(may_change_role(me, narrow, Some(g(&perms(json!({"grievances": "read,update"}))))), Err(Refusal::WiderPermissions));
        assert_eq!(may_change_role(me, narrow, Some(g(&perms(json!({"roles": "read"}))))), Ok(()));
        assert_eq!(may_change_role(me, narrow, None), Ok(()));
        let wide_p = perms(json!({"users": "all"}));
        let wide = RoleReach { id: 5, is_admin: false, permissions: &wide_p, closes_alone: true };
        assert_eq!(may_change_role(me, wide, Some(g(&narrow_p))), Err(Refusal::WiderPermissions), "narrowing a wider role is acting beyond one's reach");
    }

    #[test]
    fn a_place_moves_only_between_places_inside_the_movers_posting() {
        use crate::jurisdiction::{Organisation, Posting};
        // North holds districts 1 and 2; district 3 is in no range. Station 11 is in
        // district 1, 21 in 2, 31 in 3.
        let org = Organisation::new([(11, Some(1)), (21, Some(2)), (31, Some(3))], [(1, Some("North".to_string())), (2, Some("North".to_string())), (3, None)]);
        let (d1, d2, d3) = (Posting::District(1), Posting::District(2), Posting::District(3));
        let north = Posting::Range("North".into());
        let south = Posting::Range("South".into());
        assert_eq!(may_move_place(&org, &d2, Some(&d1), Some(&d2)), Err(Refusal::PlaceOutsidePosting), "into one's own district, from another");
        assert_eq!(may_move_place(&org, &d1, Some(&d1), Some(&d2)), Err(Refusal::PlaceOutsidePosting), "out of one's own district, into another");
        assert_eq!(may_move_place(&org, &d1, None, Some(&d1)), Err(Refusal::PlaceOutsidePosting), "an unplaced station into one's own district");
        assert_eq!(may_move_place(&org, &d1, Some(&d1), None), Err(Refusal::PlaceOutsidePosting), "out of every district");
        assert_eq!(may_move_place(&org, &north, Some(&d1), Some(&d2)), Ok(()), "between two districts of one's own range");
        assert_eq!(may_move_place(&org, &north, Some(&d1), Some(&d3)), Err(Refusal::PlaceOutsidePosting));
        assert_eq!(may_move_place(&org, &north, Some(&south), Some(&north)), Err(Refusal::PlaceOutsidePosting), "a district into one's own range");
        assert_eq!(may_move_place(&org, &Posting::Station(11), Some(&d1), Some(&d1)), Err(Refusal::PlaceOutsidePosting), "a station's officer covers no district");
        for (from, to) in [(Some(&d1), Some(&d3)), (None, Some(&d2)), (Some(&north), Some(&south)), (None, None)] {
            assert_eq!(may_move_place(&org, &Posting::State, from, to), Ok(()), "the state moves anything");
        }
    }

    #[test]
    fn one_whose_closures_need_approval_makes_no_approver_who_manages_users() {
        let mine = perms(json!({"roles": "all", "users": "all", "grievances": "read,update,approve"}));
        let me = Grantor { user_id: 7, role_id: 3, is_admin: false, permissions: &mine, closes_alone: false };
        let approving_manager = perms(json!({"users": "read,update", "grievances": "read,approve"}));
        let creating_manager = perms(json!({"users": "read,create", "grievances": "read,approve"}));
        let approver = perms(json!({"users": "read", "grievances": "read,approve"}));
        let manager = perms(json!({"users": "all", "grievances": "read,update"}));
        for p in [&approving_manager, &creating_manager] {
            assert!(makes_approvers(p));
            let held = Grant { permissions: p, closes_alone: false };
            assert_eq!(may_create_role(me, held), Err(Refusal::ApproverMaker));
            assert_eq!(may_give_role(me, RoleReach { id: 4, is_admin: false, permissions: p, closes_alone: false }), Err(Refusal::ApproverMaker));
            let plain = RoleReach { id: 5, is_admin: false, permissions: &approver, closes_alone: false };
            assert_eq!(may_change_role(me, plain, Some(held)), Err(Refusal::ApproverMaker), "a role changed into one");
        }
        for p in [&approver, &manager] {
            assert!(!makes_approvers(p));
            assert_eq!(may_create_role(me, Grant { permissions: p, closes_alone: false }), Ok(()));
            assert_eq!(may_give_role(me, RoleReach { id: 4, is_admin: false, permissions: p, closes_alone: false }), Ok(()));
        }
        let alone = Grantor { closes_alone: true, ..me };
        assert_eq!(may_create_role(alone, Grant { permissions: &approving_manager, closes_alone: false }), Ok(()), "one who closes alone may");
    }

    #[test]
    fn one_whose_closures_need_approval_lets_nobody_close_alone() {
        let mine = perms(json!({"roles": "all", "users": "all", "grievances": "read,update"}));
        let me = Grantor { user_id: 7, role_id: 3, is_admin: false, permissions: &mine, closes_alone: false };
        let clerk_p = perms(json!({"grievances": "read,update"}));
        let approved = Grant { permissions: &clerk_p, closes_alone: false };
        assert_eq!(may_create_role(me, approved), Ok(()));
        assert_eq!(may_create_role(me, g(&clerk_p)), Err(Refusal::WiderPermissions));
        let checked = RoleReach { id: 4, is_admin: false, permissions: &clerk_p, closes_alone: false };
        assert_eq!(may_change_role(me, checked, Some(approved)), Ok(()));
        assert_eq!(may_change_role(me, checked, Some(g(&clerk_p))), Err(Refusal::WiderPermissions), "lifting the approval is granting");
        let alone = RoleReach { id: 5, is_admin: false, permissions: &clerk_p, closes_alone: true };
        assert_eq!(may_give_role(me, alone), Err(Refusal::WiderRole));
        assert_eq!(may_give_role(me, checked), Ok(()));
        assert_eq!(may_act_on_account(me, Some(alone)), Err(Refusal::WiderAccount));
    }
}
