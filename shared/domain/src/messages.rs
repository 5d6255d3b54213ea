//! Every message the server answers an error with, as a value: `Msg::TooManyAttempts {
//! minutes, plural }`, not a text. Each message has a stable code, the English template that
//! is the specification's words, and the values its template stands for. The English text is
//! rendered here and nowhere else; `portal error-codes` writes the web app's English file
//! from it (`make openapi`), the Hindi file is checked against that for completeness, and the
//! web app shows the message in the reader's language by its code and values. A message that
//! is not declared here cannot be answered.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;

/// What an error answer needs of a message: its code, its values and its English text.
pub trait Message: fmt::Display {
    fn code(&self) -> &'static str;
    fn params(&self) -> BTreeMap<String, String>;
}

/// Declares the messages: `Variant { value, ... } = "CODE": "template with {value}";`. Every
/// value is text; a template names each of its variant's values.
#[macro_export]
macro_rules! messages {
    ($( $(#[$meta:meta])* $variant:ident $({ $($param:ident),* $(,)? })? = $code:literal : $template:literal; )*) => {
        /// A message the server may answer, with the values its template stands for.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Msg {
            $( $(#[$meta])* $variant $({ $($param: String),* })?, )*
        }

        /// Every message's code and English template, in declaration order.
        pub const CATALOGUE: &[(&str, &str)] = &[ $( ($code, $template), )* ];

        /// Every message's code and the names of its values, in declaration order.
        pub const PARAMS: &[(&str, &[&str])] = &[ $( ($code, &[ $($(stringify!($param)),*)? ]), )* ];

        impl Msg {
            /// The message's stable code, for the web app to show it in the reader's language.
            pub fn code(&self) -> &'static str {
                match self { $( Msg::$variant { .. } => $code, )* }
            }

            /// The English template, `{name}` standing for a value.
            pub fn template(&self) -> &'static str {
                match self { $( Msg::$variant { .. } => $template, )* }
            }

            /// The values the template stands for, by name.
            pub fn params(&self) -> ::std::collections::BTreeMap<String, String> {
                match self {
                    $( Msg::$variant { $($($param),*)? } => ::std::collections::BTreeMap::from([ $($( (stringify!($param).to_string(), $param.clone()) ),*)? ]), )*
                }
            }

            /// The web app's English catalogue: every code's template, each `{name}` written
            /// `{{name}}` as i18next reads it. `portal error-codes` prints it as
            /// `web/src/i18n/locales/en/errors.json`.
            pub fn english_file() -> ::std::collections::BTreeMap<&'static str, String> {
                CATALOGUE.iter().map(|(code, template)| (*code, template.replace('{', "{{").replace('}', "}}"))).collect()
            }

            /// The message of `code` with `params`; `None` when the code is unknown or a
            /// value is missing.
            pub fn from_parts(code: &str, params: &::std::collections::BTreeMap<String, String>) -> Option<Msg> {
                #[allow(unused_variables)]
                let take = |name: &str| params.get(name).cloned();
                match code {
                    $( $code => Some(Msg::$variant { $($($param: take(stringify!($param))?),*)? }), )*
                    _ => None,
                }
            }
        }

        impl ::std::fmt::Display for Msg {
            /// The English text: the template with each `{name}` replaced by its value.
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&$crate::messages::render(self.template(), &self.params()))
            }
        }

        impl $crate::messages::Message for Msg {
            fn code(&self) -> &'static str {
                Msg::code(self)
            }
            fn params(&self) -> ::std::collections::BTreeMap<String, String> {
                Msg::params(self)
            }
        }
    };
}

/// `template` with each `{name}` replaced by its value in `params`.
pub fn render(template: &str, params: &BTreeMap<String, String>) -> String {
    let mut text = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else { break };
        text.push_str(&rest[..open]);
        match params.get(&rest[open + 1..close]) {
            Some(value) => text.push_str(value),
            None => text.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    text.push_str(rest);
    text
}

messages! {
    // Sign-in, sessions and two-factor authentication.
    InvalidCredentials = "INVALID_CREDENTIALS": "Invalid email or password";
    SignInRequired = "SIGN_IN_REQUIRED": "Authentication required. Please sign in.";
    SessionEnded = "SESSION_ENDED": "Your session has ended. Please sign in again.";
    AccountInactive = "ACCOUNT_INACTIVE": "Your account is inactive. Please contact the administrator.";
    TooManyAttempts { minutes, plural } = "TOO_MANY_ATTEMPTS": "Too many failed sign-in attempts. Please try again in {minutes} minute{plural}.";
    TooManyAtOnce = "TOO_MANY_AT_ONCE": "Too many sign-in attempts at the same time. Please wait a moment and try again.";
    EmailRequired = "EMAIL_REQUIRED": "Email is required";
    EmailInvalid = "EMAIL_INVALID": "Please enter a valid email address";
    PasswordRequired = "PASSWORD_REQUIRED": "Password is required";
    NewPasswordRequired = "NEW_PASSWORD_REQUIRED": "New password is required";
    NewPasswordMissing = "NEW_PASSWORD_MISSING": "Please enter a new password";
    PasswordTooShort = "PASSWORD_TOO_SHORT": "Password must be at least 6 characters";
    PasswordTooShortLong = "PASSWORD_TOO_SHORT_LONG": "Password must be at least 6 characters long";
    PasswordTooLong = "PASSWORD_TOO_LONG": "Password must be at most 256 characters";
    CurrentPasswordRequired = "CURRENT_PASSWORD_REQUIRED": "Current password is required";
    CurrentPasswordIncorrect = "CURRENT_PASSWORD_INCORRECT": "Current password is incorrect";
    TwoFactorCodeRequired = "TWO_FACTOR_CODE_REQUIRED": "Enter the code from your authenticator app";
    TwoFactorCodeInvalid = "TWO_FACTOR_CODE_INVALID": "The code is not valid. Check your authenticator app and try again.";
    TwoFactorCodeReused = "TWO_FACTOR_CODE_REUSED": "This code has already been used. Wait for the next one.";
    TwoFactorChallengeExpired = "TWO_FACTOR_CHALLENGE_EXPIRED": "The sign-in took too long. Please sign in again.";
    TwoFactorSetupRequired = "TWO_FACTOR_SETUP_REQUIRED": "Set up two-factor authentication to continue.";
    TwoFactorRequiredByRole = "TWO_FACTOR_REQUIRED_BY_ROLE": "Your role requires two-factor authentication; it cannot be turned off.";
    TwoFactorAlreadyOn = "TWO_FACTOR_ALREADY_ON": "Two-factor authentication is already on.";
    TwoFactorNotStarted = "TWO_FACTOR_NOT_STARTED": "Start the set-up again: no authenticator key is waiting to be confirmed.";
    TwoFactorNotOn = "TWO_FACTOR_NOT_ON": "Two-factor authentication is not on.";
    // Permissions.
    PermissionDenied { action, resource } = "PERMISSION_DENIED": "You do not have permission to {action} {resource}";
    PermissionsInvalid = "PERMISSIONS_INVALID": "Permissions must be a list of entries or a map of resource to actions";
    PermissionEntryInvalid { resource } = "PERMISSION_ENTRY_INVALID": "Permissions for '{resource}' must be 'all', a list or a comma-separated text";
    PermissionFlagInvalid { action } = "PERMISSION_FLAG_INVALID": "can_{action} must be true or false";
    PermissionEntryNotObject = "PERMISSION_ENTRY_NOT_OBJECT": "Each permission entry must be an object";
    PermissionEntryNoResource = "PERMISSION_ENTRY_NO_RESOURCE": "Each permission entry needs a resource";
    PermissionActionsNotText = "PERMISSION_ACTIONS_NOT_TEXT": "Permission actions must be text";
    PermissionResourceUnknown { name } = "PERMISSION_RESOURCE_UNKNOWN": "Unknown permission resource '{name}'";
    PermissionActionUnknown { name } = "PERMISSION_ACTION_UNKNOWN": "Unknown permission action '{name}'";
    GrantWiderRole = "GRANT_WIDER_ROLE": "You cannot give a role that has permissions you do not hold yourself";
    GrantAdminRole = "GRANT_ADMIN_ROLE": "Only an Admin can give the Admin role";
    GrantWiderAccount = "GRANT_WIDER_ACCOUNT": "You cannot change a user whose role has permissions you do not hold yourself";
    GrantAdminAccount = "GRANT_ADMIN_ACCOUNT": "Only an Admin can change an Admin's account";
    GrantOwnRole = "GRANT_OWN_ROLE": "You cannot change your own role";
    GrantAdminRoleSettings = "GRANT_ADMIN_ROLE_SETTINGS": "Only an Admin can change the Admin role";
    GrantRoleHeld = "GRANT_ROLE_HELD": "You cannot change or delete the role you hold yourself";
    GrantOwnPassword = "GRANT_OWN_PASSWORD": "Use Change Password to change your own password";
    GrantOwnTwoFactor = "GRANT_OWN_TWO_FACTOR": "Use your Profile to set up your own second factor";
    GrantOutsidePosting = "GRANT_OUTSIDE_POSTING": "You cannot post a user, or change a user posted, outside your own posting";
    GrantApproverMaker = "GRANT_APPROVER_MAKER": "Your own closures need approval: you cannot give a role that both manages users and approves closures";
    GrantPlaceOutsidePosting = "GRANT_PLACE_OUTSIDE_POSTING": "You cannot move a police station or district from or into a place outside your own posting";
    PostingChoice = "POSTING_CHOICE": "Choose where the user is posted: the state, a range, a district or a police station";
    PostingPlaceUnknown = "POSTING_PLACE_UNKNOWN": "The posting names a place that is not in the Admin Panel";
    GrantWiderPermissions = "GRANT_WIDER_PERMISSIONS": "You cannot give a role permissions you do not hold yourself";
    /// Answered (on the police station field) when a user whose reach is a posting's area files a
    /// grievance, or moves one by an edit, outside it.
    OutsidePosting = "OUTSIDE_POSTING": "Choose a police station in your posting";
    /// Answered (on the police station field) when an edit would move a grievance to another
    /// station: that is a transfer, which is audited with its reason and capped.
    MovedByTransfer = "MOVED_BY_TRANSFER": "A grievance moves to another police station by a transfer, with its reason";
    // Users.
    UserNotFound = "USER_NOT_FOUND": "User not found";
    UserEmailTaken = "USER_EMAIL_TAKEN": "A user with this email already exists";
    NameRequired = "NAME_REQUIRED": "Name is required";
    NameTooLong = "NAME_TOO_LONG": "Name must be at most 200 characters";
    DepartmentRequired = "DEPARTMENT_REQUIRED": "Department is required";
    DesignationRequired = "DESIGNATION_REQUIRED": "Designation is required";
    RoleRequired = "ROLE_REQUIRED": "Role is required";
    RoleUnknown = "ROLE_UNKNOWN": "The selected role does not exist";
    PhoneInvalid = "PHONE_INVALID": "Phone number may contain only digits, spaces, +, - and brackets (at most 20)";
    StatusInvalid = "STATUS_INVALID": "Status must be active or inactive";
    CannotDeactivateSelf = "CANNOT_DEACTIVATE_SELF": "You cannot deactivate your own account";
    CannotDeleteSelf = "CANNOT_DELETE_SELF": "You cannot delete your own account";
    LastAdmin = "LAST_ADMIN": "The last active Admin cannot be removed, deactivated or moved to another role";
    UserBusy = "USER_BUSY": "The user is being changed by someone else; please try again";
    // Roles.
    RoleNotFound = "ROLE_NOT_FOUND": "Role not found";
    RoleNameTaken = "ROLE_NAME_TAKEN": "A role with this name already exists";
    RoleNameRequired = "ROLE_NAME_REQUIRED": "Role name is required";
    RoleNameTooLong = "ROLE_NAME_TOO_LONG": "Role name must be at most 100 characters";
    AdminRoleUndeletable = "ADMIN_ROLE_UNDELETABLE": "Cannot delete the Admin role";
    RoleInUse { count, plural } = "ROLE_IN_USE": "This role is held by {count} user{plural}; move them to another role before deleting it";
    AdminRoleAllPermissions = "ADMIN_ROLE_ALL_PERMISSIONS": "The Admin role always has every permission";
    AdminRoleNameFixed = "ADMIN_ROLE_NAME_FIXED": "The Admin role cannot be renamed";
    RoleChanged = "ROLE_CHANGED": "This role was changed by someone else. Please reload and try again.";
    RequireTwoFactorInvalid = "REQUIRE_TWO_FACTOR_INVALID": "require_two_factor must be true or false";
    ClosingApprovalInvalid = "CLOSING_APPROVAL_INVALID": "closing_needs_approval must be true or false";
    EscalationWaitInvalid = "ESCALATION_WAIT_INVALID": "Enter a whole number of days from 0 to 365";
    EscalationWaitsOrder = "ESCALATION_WAITS_ORDER": "Each level waits at least as long as the level below it";
    EscalatedFilterInvalid = "ESCALATED_FILTER_INVALID": "escalated must be me";
    ClockFilterInvalid = "CLOCK_FILTER_INVALID": "clock must be missed or due";
    ListViewInvalid = "LIST_VIEW_INVALID": "view must be full or summary";
    ActFilterInvalid = "ACT_FILTER_INVALID": "act must be BNS, BNSS, IPC, CrPC, POCSO or OTHER";
    SectionFilterNeedsAct = "SECTION_FILTER_NEEDS_ACT": "Choose the act of the section to filter by";
    MobileInvalid = "MOBILE_INVALID": "Mobile number must be a 10-digit Indian number, or + and the country code";
    PartyRoleInvalid = "PARTY_ROLE_INVALID": "Choose the person's role: complainant or informant, victim, accused or witness";
    PartyRelationInvalid = "PARTY_RELATION_INVALID": "Relation must be father, mother, husband or guardian";
    PartyGenderInvalid = "PARTY_GENDER_INVALID": "Gender must be female, male or transgender";
    PartyAgeInvalid { max } = "PARTY_AGE_INVALID": "Age must be a whole number of years from 0 to {max}";
    PartyBornAfterToday = "PARTY_BORN_AFTER_TODAY": "Date of birth cannot be after today";
    TooManyParties { max } = "TOO_MANY_PARTIES": "A case lists at most {max} people";
    RevealReasonRequired { min } = "REVEAL_REASON_REQUIRED": "State why the identity is needed, in at least {min} characters";
    MarkReasonRequired { min } = "MARK_REASON_REQUIRED": "State the reason for the marking, in at least {min} characters";
    IdKindInvalid = "ID_KIND_INVALID": "Choose the kind of identity document: Aadhaar, voter ID, PAN, passport, driving licence or other";
    IdNumberRequired = "ID_NUMBER_REQUIRED": "Enter the identity document's number";
    AadhaarInvalid = "AADHAAR_INVALID": "Aadhaar number must be 12 digits, not starting with 0 or 1";
    PanInvalid = "PAN_INVALID": "PAN must be five letters, four digits and a letter, as ABCDE1234F";
    IdNumberInvalid = "ID_NUMBER_INVALID": "Document number must be 4 to 30 letters, digits, / or -";
    PartiesNotList = "PARTIES_NOT_LIST": "The people in the case must be a list of people, each with their fields";
    WithinOutOfRange = "WITHIN_OUT_OF_RANGE": "within must be between 0 and 365 days";
    // Admin lists and pendency limits.
    ListUnknown { name } = "LIST_UNKNOWN": "There is no admin list named '{name}'";
    ListItemNotFound = "LIST_ITEM_NOT_FOUND": "Item not found";
    ListItemTaken { name } = "LIST_ITEM_TAKEN": "An item named '{name}' already exists in this list";
    ListItemChanged = "LIST_ITEM_CHANGED": "This item was changed by someone else. Please reload and try again.";
    DescriptionTooLong = "DESCRIPTION_TOO_LONG": "Description must be at most 2000 characters";
    DisplayOrderInvalid = "DISPLAY_ORDER_INVALID": "Display order must be a whole number";
    IsActiveInvalid = "IS_ACTIVE_INVALID": "is_active must be true or false";
    ListItemInactive { value, item } = "LIST_ITEM_INACTIVE": "'{value}' is not an active {item} in the Admin Panel";
    PendencyLimitInvalid = "PENDENCY_LIMIT_INVALID": "A limit is a whole number of days from 1 to 3650";
    PendencyStageUnknown { stage } = "PENDENCY_STAGE_UNKNOWN": "Unknown stage '{stage}'";
    PendencyLimitsInvalid = "PENDENCY_LIMITS_INVALID": "limits must be an object of priorities";
    PendencyPriorityInvalid = "PENDENCY_PRIORITY_INVALID": "The limits of a priority are an object of stages";
    PendencyPriorityUnknown { name } = "PENDENCY_PRIORITY_UNKNOWN": "There is no priority named '{name}'";
    StatusMeaningInvalid = "STATUS_MEANING_INVALID": "Choose what this status means: Open, In progress, Resolved or Closed";
    StatusMeaningOnlyStatuses = "STATUS_MEANING_ONLY_STATUSES": "Only a status has a meaning";
    DistrictChoice = "DISTRICT_CHOICE": "Choose a district from the list";
    DistrictOnlyForStations = "DISTRICT_ONLY_FOR_STATIONS": "Only a police station belongs to a district";
    RangeTooLong = "RANGE_TOO_LONG": "Range must be at most 100 characters";
    RangeOnlyForDistricts = "RANGE_ONLY_FOR_DISTRICTS": "Only a district belongs to a range";
    DistrictHasStations { name, count, plural } = "DISTRICT_HAS_STATIONS": "'{name}' has {count} police station{plural}; place them in another district first";
    PlaceHasUsers { name, count, plural } = "PLACE_HAS_USERS": "'{name}' is where {count} user{plural} posted; post them elsewhere before deleting it";
    StatusMeaningInUse { name, count, plural } = "STATUS_MEANING_IN_USE": "'{name}' is used by {count} grievance{plural}; its meaning cannot change. Add a new status instead.";
    ListItemInUse { name, count, plural } = "LIST_ITEM_IN_USE": "'{name}' is used by {count} grievance{plural}; deactivate it instead of deleting it";
    DefaultStatusMissing = "DEFAULT_STATUS_MISSING": "Choose a status: the Statuses list has no active status meaning open";
    DefaultPriorityMissing = "DEFAULT_PRIORITY_MISSING": "Choose a priority: the Priorities list has no active item";
    // Grievances.
    /// The banner of a form with errors.
    FixErrors = "FIX_ERRORS": "Please fix the validation errors below before submitting.";
    GrievanceNotFound = "GRIEVANCE_NOT_FOUND": "Grievance not found";
    GrievanceNotObject = "GRIEVANCE_NOT_OBJECT": "The grievance must be a JSON object";
    GrievanceStale = "GRIEVANCE_STALE": "This grievance was changed by someone else since you opened it. Please reload it and try again.";
    GrievanceListItemGone = "GRIEVANCE_LIST_ITEM_GONE": "An item this grievance names was just deleted from the Admin Panel. Please reload and try again.";
    /// Something done alongside a grievance collided with someone else's change.
    ChangedConcurrently = "CHANGED_CONCURRENTLY": "This was changed by someone else at the same time. Please reload and try again.";
    LinkSelf = "LINK_SELF": "A grievance cannot be linked to itself";
    LinkedAlready = "LINKED_ALREADY": "These grievances are linked already";
    NotLinked = "NOT_LINKED": "These grievances are not linked";
    /// What a LINKED or UNLINKED record shows, in place of the other grievance's number, to a
    /// reader who may not see that grievance.
    LinkOutsideReach = "LINK_OUTSIDE_REACH": "a grievance outside your reach";
    /// Answered for an id that is not a notice's.
    NotificationNotFound = "NOTIFICATION_NOT_FOUND": "Notification not found";
    DuplicateFir { fir_no, station, year, number } = "DUPLICATE_FIR": "FIR {fir_no} of {station} in {year} is already recorded as {number}. Check it, or confirm that this is another case.";
    /// Answered (409) when another grievance took a FIR number between its duplicate check and
    /// the save; the rules check again and answer the duplicate, so a user sees this only when
    /// that keeps happening.
    FirTakenMeanwhile = "FIR_TAKEN_MEANWHILE": "Another grievance with this FIR number was saved at the same moment. Please check for duplicates and save again";
    /// Answered when the status of a grievance with a closure request is changed other than by
    /// approving or returning the request.
    ClosurePending = "CLOSURE_PENDING": "A closure request is pending: approve or return it first";
    /// Answered when there is no closure request to approve or return.
    ClosureNotPending = "CLOSURE_NOT_PENDING": "No closure request is pending";
    /// Answered (403) when the officer who asked for a closure approves or returns it.
    ClosureOwn = "CLOSURE_OWN": "You cannot approve or return your own closure request";
    /// Answered (403) when the deciding account was created, or its password or second factor
    /// reset, by the officer who asked, after they asked: whoever holds it may be that officer.
    ClosureRequestersAccount = "CLOSURE_REQUESTERS_ACCOUNT": "You cannot decide a closure requested by the user who created or last reset this account";
    /// Answered when the status a request proposes was deactivated or deleted since.
    ClosureStatusGone = "CLOSURE_STATUS_GONE": "The proposed status is no longer an active status of the Admin Panel: return the request";
    /// Answered (on the final decision) when a case is sent for closure approval without the
    /// decision it is to be closed with.
    ClosureNeedsFinalDecision = "CLOSURE_NEEDS_FINAL_DECISION": "Record the final decision before asking for the case to be closed";
    /// Answered (on the reason field) when a closure request is returned without a reason.
    ClosureReturnReasonRequired = "CLOSURE_RETURN_REASON_REQUIRED": "Give a reason for returning the closure request";
    FieldRequired { label } = "FIELD_REQUIRED": "{label} is required";
    FieldDateInvalid { label } = "FIELD_DATE_INVALID": "{label} must be a valid date";
    FieldTooLong { field, max } = "FIELD_TOO_LONG": "{field} must be at most {max} characters";
    FieldNotText { field } = "FIELD_NOT_TEXT": "{field} must be text";
    FieldNotFlag { field } = "FIELD_NOT_FLAG": "{field} must be true or false";
    FieldListItemInactive { label, value } = "FIELD_LIST_ITEM_INACTIVE": "{label} '{value}' is not an active item of the Admin Panel's list";
    StationOutsideDistrict { station, district } = "STATION_OUTSIDE_DISTRICT": "{station} is not a police station of {district}: choose one of its stations, or its own district";
    FirNumberInvalid = "FIR_NUMBER_INVALID": "FIR Number should contain only letters, numbers, and hyphens";
    FirDateRequired = "FIR_DATE_REQUIRED": "FIR Date is required";
    FirDateInvalid = "FIR_DATE_INVALID": "FIR Date must be a valid date";
    FirDateInFuture = "FIR_DATE_IN_FUTURE": "FIR Date cannot be in the future";
    // Sections and the codes they are from.
    SectionsInvalid = "SECTIONS_INVALID": "Sections must be a list of act and section";
    TooManySections { max } = "TOO_MANY_SECTIONS": "A grievance can have at most {max} sections";
    SectionActInvalid = "SECTION_ACT_INVALID": "Choose the act: BNS, BNSS, IPC, CrPC, POCSO or another law";
    SectionActNameRequired = "SECTION_ACT_NAME_REQUIRED": "Name the law the section is from";
    SectionNumberInvalid = "SECTION_NUMBER_INVALID": "Enter a section number such as 303(2) or 376AB";
    OffenceDateInvalid = "OFFENCE_DATE_INVALID": "Date of offence must be a valid date";
    OffenceDateInFuture = "OFFENCE_DATE_IN_FUTURE": "Date of offence cannot be in the future";
    OffenceDateAfterFir = "OFFENCE_DATE_AFTER_FIR": "Date of offence cannot be after the FIR Date";
    OldCodeAfterNewCodes { section, date } = "OLD_CODE_AFTER_NEW_CODES": "{section} is for offences committed before 1 July 2024; an offence of {date} falls under the BNS";
    NewCodeBeforeNewCodes { section, date } = "NEW_CODE_BEFORE_NEW_CODES": "{section} is for offences committed from 1 July 2024; an offence of {date} falls under the IPC";
    OldProcedureAfterNewCodes { section, date } = "OLD_PROCEDURE_AFTER_NEW_CODES": "{section} is for information recorded before 1 July 2024; information recorded on {date} is investigated under the BNSS";
    NewProcedureBeforeNewCodes { section, date } = "NEW_PROCEDURE_BEFORE_NEW_CODES": "{section} is for information recorded from 1 July 2024; information recorded on {date} is investigated under the CrPC";
    // Statutory clocks and the reference list of offences.
    ClockRuleNotFound = "CLOCK_RULE_NOT_FOUND": "Clock rule not found";
    ClockRuleIdInvalid = "CLOCK_RULE_ID_INVALID": "A rule's id is lower-case letters, digits and hyphens, at most 40";
    ClockRuleIdTaken { id } = "CLOCK_RULE_ID_TAKEN": "There is a rule with the id '{id}' already";
    ClockRuleStartInvalid = "CLOCK_RULE_START_INVALID": "Choose what starts the clock";
    ClockRuleMetByInvalid = "CLOCK_RULE_MET_BY_INVALID": "Choose the action that meets the clock";
    ClockRulePeriodInvalid = "CLOCK_RULE_PERIOD_INVALID": "A period is a number of hours, days or months, such as 90 days or 2 months";
    ClockRuleSectionInvalid { value } = "CLOCK_RULE_SECTION_INVALID": "'{value}' is not a section such as BNS 64 or POCSO 4";
    ClockActionKindInvalid = "CLOCK_ACTION_KIND_INVALID": "Choose the action to record";
    ClockActionDateInvalid = "CLOCK_ACTION_DATE_INVALID": "Enter the day it was done";
    ClockActionDateInFuture = "CLOCK_ACTION_DATE_IN_FUTURE": "The day it was done cannot be in the future";
    ClockActionDateBeforeFir = "CLOCK_ACTION_DATE_BEFORE_FIR": "The day it was done cannot be before the FIR Date";
    ClockActionsTooMany { max } = "CLOCK_ACTIONS_TOO_MANY": "This case has {max} actions recorded on its clocks, the most it keeps";
    ClockActionMeansInvalid = "CLOCK_ACTION_MEANS_INVALID": "Say how the informant was told: phone, SMS, email, letter or in person";
    OffenceNotFound = "OFFENCE_NOT_FOUND": "This section is not in the reference list";
    OffenceActInvalid = "OFFENCE_ACT_INVALID": "The reference list holds BNS and POCSO sections";
    OffenceMaximumInvalid = "OFFENCE_MAXIMUM_INVALID": "Maximum punishment is fine, a number of months or years, life or death";
    BriefDetailsTooShort = "BRIEF_DETAILS_TOO_SHORT": "Brief details must be at least 10 characters long";
    OfficersNotList = "OFFICERS_NOT_LIST": "investigation_officers must be a list";
    OfficersTooMany = "OFFICERS_TOO_MANY": "At most 50 investigation officers";
    OfficerFromDateRequired = "OFFICER_FROM_DATE_REQUIRED": "From date is required when officer name is provided";
    OfficerDatesOrder = "OFFICER_DATES_ORDER": "To date must be after from date";
    StatusNotActive = "STATUS_NOT_ACTIVE": "Choose an active status";
    AssigneeNotActive = "ASSIGNEE_NOT_ACTIVE": "Choose an active user to assign";
    AssigneeOutsideScope = "ASSIGNEE_OUTSIDE_SCOPE": "This grievance does not lie in this user's scope: choose someone posted where it lies";
    DateFilterInvalid = "DATE_FILTER_INVALID": "Dates are written YYYY-MM-DD";
    LimitOutOfRange200 = "LIMIT_OUT_OF_RANGE_200": "limit must be between 1 and 200";
    ClosureFilterInvalid = "CLOSURE_FILTER_INVALID": "closure must be pending";
    LimitOutOfRange500 = "LIMIT_OUT_OF_RANGE_500": "limit must be between 1 and 500";
    CursorInvalid = "CURSOR_INVALID": "The paging cursor is not valid";
    OffsetTooLarge = "OFFSET_TOO_LARGE": "offset must be at most 10000; narrow the filters instead";
    SortInvalid = "SORT_INVALID": "sort must be one of filed_at, fir_date, priority, status";
    // Lookups by number.
    NumberRequired = "NUMBER_REQUIRED": "Enter a grievance number or FIR number";
    NumberTooLong = "NUMBER_TOO_LONG": "A number has at most 40 characters";
    NumberCharacters = "NUMBER_CHARACTERS": "A number holds only letters, digits, '/' and '-'";
    MatchInvalid = "MATCH_INVALID": "match must be exact or prefix";
    LimitOutOfRange50 = "LIMIT_OUT_OF_RANGE_50": "limit must be between 1 and 50";
    DirectionInvalid = "DIRECTION_INVALID": "direction must be asc or desc";
    /// The 400 answered when a list sorted by another column than the filing time has too many
    /// grievances to read on the item engine.
    SortTooMany = "SORT_TOO_MANY": "Too many grievances to sort by this column: narrow the filters, or sort by filed date";
    AuditActionUnknown { action } = "AUDIT_ACTION_UNKNOWN": "Unknown audit action '{action}'";
    AuditSearchTooLong = "AUDIT_SEARCH_TOO_LONG": "Search text must be at most 100 characters";
    /// Answered for a `kind` other than `admin` or `grievance`.
    AuditKindUnknown = "AUDIT_KIND_UNKNOWN": "kind must be admin (administrative changes) or grievance (grievance changes)";
    ExportNotFound = "EXPORT_NOT_FOUND": "Export not found";
    /// Answered for a background export that failed or stopped.
    ExportFailed = "EXPORT_FAILED": "The export could not be finished. Please export again.";
    ExportQueryInvalid = "EXPORT_QUERY_INVALID": "The export's filters are not a valid query";
    PdfTooManyRowsUncounted { most } = "PDF_TOO_MANY_ROWS_UNCOUNTED": "The PDF report holds at most {most} grievances, and this list has more: narrow the filters, or export to Excel, which holds the whole list";
    PdfTooManyRows { most, count } = "PDF_TOO_MANY_ROWS": "The PDF report holds at most {most} grievances, and this list has {count}: narrow the filters, or export to Excel, which holds the whole list";
    AuditExportTooMany = "AUDIT_EXPORT_TOO_MANY": "An audit export holds at most 10,000 records. Narrow the filters: a date range, an action or a user.";
    CheckpointNoneYet = "CHECKPOINT_NONE_YET": "No checkpoint of the audit trail has been made yet";
    CheckpointOtherStore = "CHECKPOINT_OTHER_STORE": "This checkpoint was made of another kind of store";
    /// What a user who asks for more exports of a kind than may be under way at once is told.
    ExportsYoursUnderWay = "EXPORTS_YOURS_UNDER_WAY": "You already have 3 exports of this kind under way. Please wait for them to finish.";
    /// What anyone is told when a kind's queue is full.
    ExportsQueueFull = "EXPORTS_QUEUE_FULL": "Too many exports of this kind are being prepared. Please try again in a minute.";
    // Transfers between police stations.
    StationNotActive = "STATION_NOT_ACTIVE": "Choose an active police station";
    TransferReasonRequired = "TRANSFER_REASON_REQUIRED": "Give the reason for the transfer";
    TransferReasonTooLong = "TRANSFER_REASON_TOO_LONG": "The reason must be at most 1000 characters";
    TransferSameStation = "TRANSFER_SAME_STATION": "The grievance is already at this police station";
    TransferLimitReached { count, plural } = "TRANSFER_LIMIT_REACHED": "This grievance has already been transferred {count} time{plural}, the most the Admin Panel allows";
    TransferLimitInvalid = "TRANSFER_LIMIT_INVALID": "Transfers allowed must be a whole number from 0 to 20";
    // Attachments and case notes.
    AttachmentNotFound = "ATTACHMENT_NOT_FOUND": "Attachment not found";
    AttachmentTooBig = "ATTACHMENT_TOO_BIG": "Files may be at most 20 MB";
    AttachmentWrongType = "ATTACHMENT_WRONG_TYPE": "Only PDF, JPEG and PNG files can be attached";
    AttachmentEmpty = "ATTACHMENT_EMPTY": "The file is empty";
    UploadGone = "UPLOAD_GONE": "The upload was not found; please upload the file again";
    UploadAlreadyAttached = "UPLOAD_ALREADY_ATTACHED": "This upload has already been attached";
    /// Answered (409) to a PUT through an upload link whose file has arrived already.
    UploadLinkUsed = "UPLOAD_LINK_USED": "This upload link has already been used. Choose the file again.";
    UploadLinkInvalid = "UPLOAD_LINK_INVALID": "This upload link is invalid or has expired. Choose the file again.";
    UploadInterrupted = "UPLOAD_INTERRUPTED": "The upload was interrupted; please try again";
    NoteBlank = "NOTE_BLANK": "Write the note before adding it";
    NoteTooLong = "NOTE_TOO_LONG": "A note may be at most 4000 characters";
    NoteCorrectedUnknown = "NOTE_CORRECTED_UNKNOWN": "The note being corrected was not found";
    // Exports.
    DownloadLinkInvalid = "DOWNLOAD_LINK_INVALID": "This download link is invalid or has expired. Export the file again.";
    ExportGone = "EXPORT_GONE": "This export is no longer available. Export the file again.";
    // Reports.
    ReportFromInvalid = "REPORT_FROM_INVALID": "From date must be a date (YYYY-MM-DD)";
    ReportToInvalid = "REPORT_TO_INVALID": "To date must be a date (YYYY-MM-DD)";
    ReportFromAfterTo = "REPORT_FROM_AFTER_TO": "From date must not be after To date";
    ReportRangeTooLong = "REPORT_RANGE_TOO_LONG": "The date range may cover at most 10 years";
    /// What an engine answers when the scope and period hold more grievances than it may read
    /// for one report (DynamoDB; see `cases::reports::READ_MOST`).
    ReportScopeTooLarge = "REPORT_SCOPE_TOO_LARGE": "This report covers more grievances than can be counted at once here. Please choose a shorter date range.";
    ReportUnknown = "REPORT_UNKNOWN": "No such report";
    // Requests.
    NotFound = "NOT_FOUND": "Not found";
    NoSuchEndpoint = "NO_SUCH_ENDPOINT": "No such API endpoint";
    MethodNotAllowed = "METHOD_NOT_ALLOWED": "This method is not allowed on this endpoint";
    BodyNotJson = "BODY_NOT_JSON": "Expected a JSON request body with Content-Type: application/json";
    BodyMalformed = "BODY_MALFORMED": "Malformed JSON in the request body";
    BodyUnreadable = "BODY_UNREADABLE": "The request body could not be read";
    BodyTooLarge = "BODY_TOO_LARGE": "The request body is too large";
    BodyInvalid { detail } = "BODY_INVALID": "Invalid request body: {detail}";
    RequestRefused { detail } = "REQUEST_REFUSED": "{detail}";
    ServerError = "SERVER_ERROR": "Something went wrong on the server. Please try again.";
    StoreBusy = "STORE_BUSY": "The record is being changed by someone else; please try again";
    UpgradeRaced = "UPGRADE_RACED": "A grievance changed while the store was being upgraded; run the upgrade again";
    // The complainant: messages, the public status page, feedback and appeals.
    CitizenLanguageInvalid = "CITIZEN_LANGUAGE_INVALID": "Language must be en (English) or hi (Hindi)";
    TemplateTextRequired = "TEMPLATE_TEXT_REQUIRED": "Enter the message's text";
    TemplatePlaceholderUnknown { name } = "TEMPLATE_PLACEHOLDER_UNKNOWN": "{name} is not a placeholder a template may hold";
    TemplatePlaceholderMissing { name } = "TEMPLATE_PLACEHOLDER_MISSING": "The template must hold {name}";
    TemplateNotSafe { name } = "TEMPLATE_NOT_SAFE": "A template for sensitive cases cannot hold {name}";
    DltTemplateIdInvalid = "DLT_TEMPLATE_ID_INVALID": "Enter the template's DLT id: 10 to 30 digits";
    TemplateNotFound = "TEMPLATE_NOT_FOUND": "Message template not found";
    DaysOutOfRange { min, max } = "DAYS_OUT_OF_RANGE": "Enter a whole number of days from {min} to {max}";
    ProgressTooShort { min } = "PROGRESS_TOO_SHORT": "Write the progress made, in at least {min} characters";
    ProgressUpdatesTooMany { max } = "PROGRESS_UPDATES_TOO_MANY": "This case has {max} progress updates, the most it keeps";
    OutboxMessageNotFound = "OUTBOX_MESSAGE_NOT_FOUND": "Message not found";
    StatusLookupInvalid = "STATUS_LOOKUP_INVALID": "Enter the grievance number and the mobile number given with the complaint";
    StatusCodeInvalid = "STATUS_CODE_INVALID": "Enter the 6-digit code sent to your mobile";
    StatusCodeWrong = "STATUS_CODE_WRONG": "The code is wrong or has expired. Ask for a new code.";
    StatusCodeAttemptsUsed = "STATUS_CODE_ATTEMPTS_USED": "This code was tried 3 times. Ask for a new code.";
    CitizenTooManyRequests = "CITIZEN_TOO_MANY_REQUESTS": "Too many requests. Please wait a minute and try again.";
    CitizenAccessExpired = "CITIZEN_ACCESS_EXPIRED": "Your view of the case has ended. Ask for a new code.";
    FeedbackLinkInvalid = "FEEDBACK_LINK_INVALID": "This feedback link is not valid, or was used already";
    RatingInvalid = "RATING_INVALID": "Choose how satisfied you are: satisfied, partly satisfied or not satisfied";
    FeedbackNotOpen = "FEEDBACK_NOT_OPEN": "Feedback can be given once the case is disposed of";
    FeedbackGiven = "FEEDBACK_GIVEN": "Feedback on this disposal was given already";
    AppealNotOpen = "APPEAL_NOT_OPEN": "This case has no appeal waiting for a decision";
    AppealDecisionInvalid = "APPEAL_DECISION_INVALID": "Choose to confirm the closure or to reopen the case";
    AppealReasonRequired { min } = "APPEAL_REASON_REQUIRED": "State the reason for the decision, in at least {min} characters";
    AppealOtherLevel { level } = "APPEAL_OTHER_LEVEL": "This appeal is decided at the {level} level";
    AppealFilterInvalid = "APPEAL_FILTER_INVALID": "appeal must be pending";
    AssigneeFilterInvalid = "ASSIGNEE_FILTER_INVALID": "assignee must be me, none or a user id";
    TrashNotFound = "TRASH_NOT_FOUND": "This grievance is not in the trash";
    ViewNameRequired = "VIEW_NAME_REQUIRED": "Give the view a name";
    ViewNameTooLong { max } = "VIEW_NAME_TOO_LONG": "A view's name may have at most {max} characters";
    ViewQueryInvalid = "VIEW_QUERY_INVALID": "A view keeps only the list's filters and order";
    TooManyViews { max } = "TOO_MANY_VIEWS": "At most {max} views can be saved; delete one first";
    ViewNotFound = "VIEW_NOT_FOUND": "View not found";
    NoticeKindInvalid { kind } = "NOTICE_KIND_INVALID": "{kind} is no kind of notification";
    BulkSelectionInvalid { max } = "BULK_SELECTION_INVALID": "Select from 1 to {max} grievances";
    BulkActionInvalid = "BULK_ACTION_INVALID": "action must be assign, status, priority or transfer";
    DeletionReasonTooLong { max } = "DELETION_REASON_TOO_LONG": "The reason for deletion may have at most {max} characters";
    ImportSourceTaken = "IMPORT_SOURCE_TAKEN": "Another grievance was imported from this record meanwhile";
    ImportFileUnreadable { reason } = "IMPORT_FILE_UNREADABLE": "The file cannot be read as CSV or Excel (.xlsx): {reason}";
    ImportFileEmpty = "IMPORT_FILE_EMPTY": "The file has no rows below its header row";
    ImportFileTooLarge { max } = "IMPORT_FILE_TOO_LARGE": "The file is larger than {max} MB: import it with portal import on the command line";
    ImportFileNameInvalid = "IMPORT_FILE_NAME_INVALID": "Name the file, up to 200 characters, ending .csv or .xlsx";
    ImportMappingInvalid { column } = "IMPORT_MAPPING_INVALID": "The file has no column named {column}";
    ImportColumnMissing { field } = "IMPORT_COLUMN_MISSING": "No column of the file is {field}: choose one";
    ImportHasFailures { count } = "IMPORT_HAS_FAILURES": "{count} rows of the file cannot be imported, so nothing was imported: correct them and import the file again";
    ImportValueRequired { field } = "IMPORT_VALUE_REQUIRED": "{field} is required";
    ImportDistrictUnknown { name } = "IMPORT_DISTRICT_UNKNOWN": "No district named {name} is in the file or the Admin Panel: list it on a row of its own first";
    ImportCodeRepeated { code, row } = "IMPORT_CODE_REPEATED": "The code {code} is given in row {row} too";
    ImportCodeHeld { code, name } = "IMPORT_CODE_HELD": "The code {code} belongs to {name} already";
    ImportRowRepeated { row } = "IMPORT_ROW_REPEATED": "Row {row} is the same record";
    ImportRoleUnknown { role } = "IMPORT_ROLE_UNKNOWN": "No role is named {role}";
    ImportPlaceUnknown { place } = "IMPORT_PLACE_UNKNOWN": "No police station, district or range named {place} is in the Admin Panel";
    ImportDateInvalid { value } = "IMPORT_DATE_INVALID": "{value} is not a date: write it as dd/mm/yyyy";
    ImportUserUnknown { email } = "IMPORT_USER_UNKNOWN": "No user has the email {email}";
    ImportCodeTooLong { max } = "IMPORT_CODE_TOO_LONG": "A code may have at most {max} letters and digits";
    SignInLinkInvalid = "SIGN_IN_LINK_INVALID": "This sign-in link has expired or was used already: ask your administrator for a new one";
    RetentionDaysInvalid { max } = "RETENTION_DAYS_INVALID": "The retention must be a whole number of days from 1 to {max}";
    SelectionInvalid { max } = "SELECTION_INVALID": "ids must be grievance ids separated by commas, at most {max}";
}


/// A message equals an English text when it renders as that text: what tests and logs
/// compare. The server never decides anything by a message's text.
impl PartialEq<str> for Msg {
    fn eq(&self, text: &str) -> bool {
        self.to_string() == text
    }
}

impl PartialEq<&str> for Msg {
    fn eq(&self, text: &&str) -> bool {
        self.to_string() == *text
    }
}

impl PartialEq<Msg> for &str {
    fn eq(&self, msg: &Msg) -> bool {
        msg == self
    }
}

impl PartialEq<Msg> for String {
    fn eq(&self, msg: &Msg) -> bool {
        msg == self.as_str()
    }
}

/// A message is kept (in an export's progress, for one) as its code and values.
#[derive(Serialize, Deserialize)]
struct Parts {
    code: String,
    #[serde(default)]
    params: BTreeMap<String, String>,
}

impl Serialize for Msg {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Parts { code: self.code().to_string(), params: self.params() }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Msg {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let parts = Parts::deserialize(deserializer)?;
        Msg::from_parts(&parts.code, &parts.params).ok_or_else(|| serde::de::Error::custom(format!("unknown message {}", parts.code)))
    }
}

/// "s" after a count other than one, for the templates' `{plural}`.
pub fn plural(count: impl Into<i64>) -> String {
    if count.into() == 1 { String::new() } else { "s".to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_shouted() {
        let mut seen = std::collections::HashSet::new();
        for (code, _) in CATALOGUE {
            assert!(seen.insert(code), "{code} twice");
            assert!(code.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'), "{code}");
        }
    }

    #[test]
    fn every_template_names_exactly_its_values() {
        for ((code, template), (_, names)) in CATALOGUE.iter().zip(PARAMS) {
            let mut named: Vec<&str> = template.split('{').skip(1).map(|s| &s[..s.find('}').expect("closed")]).collect();
            named.sort();
            named.dedup();
            let mut declared = names.to_vec();
            declared.sort();
            assert_eq!(named, declared, "{code}");
        }
    }

    #[test]
    fn a_message_renders_its_template_with_its_values() {
        assert_eq!(Msg::GrievanceNotFound.to_string(), "Grievance not found");
        let msg = Msg::FieldListItemInactive { label: "District".into(), value: "Atlantis".into() };
        assert_eq!(msg.to_string(), "District 'Atlantis' is not an active item of the Admin Panel's list");
        assert_eq!(msg.code(), "FIELD_LIST_ITEM_INACTIVE");
        assert_eq!(msg.params()["value"], "Atlantis");
        let msg = Msg::TooManyAttempts { minutes: "15".into(), plural: plural(15) };
        assert_eq!(msg.to_string(), "Too many failed sign-in attempts. Please try again in 15 minutes.");
    }

    /// The catalogue as it would be with two templates reworded, declared the same way.
    #[allow(dead_code)]
    mod reworded {
        crate::messages! {
            GrievanceNotFound = "GRIEVANCE_NOT_FOUND": "No grievance has this number";
            FieldRequired { label } = "FIELD_REQUIRED": "Fill in {label}";
        }
    }

    #[test]
    fn a_reworded_template_changes_the_english_file_and_the_text_answered_not_the_code() {
        assert_eq!(Msg::english_file()["FIELD_REQUIRED"], "{{label}} is required");
        assert_eq!(reworded::Msg::english_file()["GRIEVANCE_NOT_FOUND"], "No grievance has this number");
        assert_eq!(reworded::Msg::english_file()["FIELD_REQUIRED"], "Fill in {{label}}");
        let answered = reworded::Msg::FieldRequired { label: "FIR Date".into() };
        assert_eq!(answered.to_string(), "Fill in FIR Date");
        assert_eq!((answered.code(), answered.params()), (Msg::FieldRequired { label: "FIR Date".into() }.code(), BTreeMap::from([("label".to_string(), "FIR Date".to_string())])));
    }

    #[test]
    fn a_message_is_kept_as_its_code_and_values() {
        let msg = Msg::PdfTooManyRows { most: "5,000".into(), count: "7,000".into() };
        let kept = serde_json::to_value(&msg).unwrap();
        assert_eq!(kept, serde_json::json!({"code": "PDF_TOO_MANY_ROWS", "params": {"most": "5,000", "count": "7,000"}}));
        assert_eq!(serde_json::from_value::<Msg>(kept).unwrap(), msg);
        assert!(serde_json::from_value::<Msg>(serde_json::json!({"code": "NO_SUCH"})).is_err());
        assert!(serde_json::from_value::<Msg>(serde_json::json!({"code": "PDF_TOO_MANY_ROWS"})).is_err(), "values missing");
    }
}
