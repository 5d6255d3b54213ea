//! Every message the server answers an error with, under a stable code. The English text
//! stays what it was (the specification's words); the code lets the web app show the message
//! in the user's language. `{name}` in a template stands for a value, answered as a param.
//! `scripts/check-error-codes.py` fails the build when a message in the sources has no code
//! here; `portal error-codes` writes the catalogue for the web app.

use std::collections::BTreeMap;

/// The code of a message the catalogue does not hold (the web app shows it as it comes).
pub const UNKNOWN: &str = "ERROR";

pub const CATALOGUE: &[(&str, &str)] = &[
    // Sign-in, sessions and two-factor authentication.
    ("INVALID_CREDENTIALS", "Invalid email or password"),
    ("SIGN_IN_REQUIRED", "Authentication required. Please sign in."),
    ("SESSION_ENDED", "Your session has ended. Please sign in again."),
    ("ACCOUNT_INACTIVE", "Your account is inactive. Please contact the administrator."),
    ("TOO_MANY_ATTEMPTS", "Too many failed sign-in attempts. Please try again in {minutes} minute{plural}."),
    ("TOO_MANY_AT_ONCE", "Too many sign-in attempts at the same time. Please wait a moment and try again."),
    ("EMAIL_REQUIRED", "Email is required"),
    ("EMAIL_INVALID", "Please enter a valid email address"),
    ("PASSWORD_REQUIRED", "Password is required"),
    ("NEW_PASSWORD_REQUIRED", "New password is required"),
    ("NEW_PASSWORD_MISSING", "Please enter a new password"),
    ("PASSWORD_TOO_SHORT", "Password must be at least 6 characters"),
    ("PASSWORD_TOO_SHORT_LONG", "Password must be at least 6 characters long"),
    ("PASSWORD_TOO_LONG", "Password must be at most 256 characters"),
    ("CURRENT_PASSWORD_REQUIRED", "Current password is required"),
    ("CURRENT_PASSWORD_INCORRECT", "Current password is incorrect"),
    ("TWO_FACTOR_CODE_REQUIRED", "Enter the code from your authenticator app"),
    ("TWO_FACTOR_CODE_INVALID", "The code is not valid. Check your authenticator app and try again."),
    ("TWO_FACTOR_CODE_REUSED", "This code has already been used. Wait for the next one."),
    ("TWO_FACTOR_CHALLENGE_EXPIRED", "The sign-in took too long. Please sign in again."),
    ("TWO_FACTOR_SETUP_REQUIRED", "Set up two-factor authentication to continue."),
    ("TWO_FACTOR_REQUIRED_BY_ROLE", "Your role requires two-factor authentication; it cannot be turned off."),
    ("TWO_FACTOR_ALREADY_ON", "Two-factor authentication is already on."),
    ("TWO_FACTOR_NOT_STARTED", "Start the set-up again: no authenticator key is waiting to be confirmed."),
    ("TWO_FACTOR_NOT_ON", "Two-factor authentication is not on."),
    // Permissions.
    ("PERMISSION_DENIED", "You do not have permission to {action} {resource}"),
    ("PERMISSIONS_INVALID", "Permissions must be a list of entries or a map of resource to actions"),
    ("PERMISSION_ENTRY_INVALID", "Permissions for '{resource}' must be 'all', a list or a comma-separated text"),
    ("PERMISSION_FLAG_INVALID", "can_{action} must be true or false"),
    ("GRANT_WIDER_ROLE", "You cannot give a role that has permissions you do not hold yourself"),
    ("GRANT_ADMIN_ROLE", "Only an Admin can give the Admin role"),
    ("GRANT_WIDER_ACCOUNT", "You cannot change a user whose role has permissions you do not hold yourself"),
    ("GRANT_ADMIN_ACCOUNT", "Only an Admin can change an Admin's account"),
    ("GRANT_OWN_ROLE", "You cannot change your own role"),
    ("GRANT_ADMIN_ROLE_SETTINGS", "Only an Admin can change the Admin role"),
    ("GRANT_ROLE_HELD", "You cannot change or delete the role you hold yourself"),
    ("GRANT_OWN_PASSWORD", "Use Change Password to change your own password"),
    ("GRANT_OWN_TWO_FACTOR", "Use your Profile to set up your own second factor"),
    ("GRANT_OUTSIDE_POSTING", "You cannot post a user, or change a user posted, outside your own posting"),
    ("GRANT_APPROVER_MAKER", "Your own closures need approval: you cannot give a role that both manages users and approves closures"),
    ("GRANT_PLACE_OUTSIDE_POSTING", "You cannot move a police station or district from or into a place outside your own posting"),
    ("POSTING_CHOICE", "Choose where the user is posted: the state, a range, a district or a police station"),
    ("POSTING_PLACE_UNKNOWN", "The posting names a place that is not in the Admin Panel"),
    ("GRANT_WIDER_PERMISSIONS", "You cannot give a role permissions you do not hold yourself"),
    ("OUTSIDE_POSTING", "Choose a police station in your posting"),
    ("MOVED_BY_TRANSFER", "A grievance moves to another police station by a transfer, with its reason"),
    // Users.
    ("USER_NOT_FOUND", "User not found"),
    ("USER_EMAIL_TAKEN", "A user with this email already exists"),
    ("NAME_REQUIRED", "Name is required"),
    ("NAME_TOO_LONG", "Name must be at most 200 characters"),
    ("DEPARTMENT_REQUIRED", "Department is required"),
    ("DESIGNATION_REQUIRED", "Designation is required"),
    ("ROLE_REQUIRED", "Role is required"),
    ("ROLE_UNKNOWN", "The selected role does not exist"),
    ("PHONE_INVALID", "Phone number may contain only digits, spaces, +, - and brackets (at most 20)"),
    ("STATUS_INVALID", "Status must be active or inactive"),
    ("CANNOT_DEACTIVATE_SELF", "You cannot deactivate your own account"),
    ("CANNOT_DELETE_SELF", "You cannot delete your own account"),
    ("LAST_ADMIN", "The last active Admin cannot be removed, deactivated or moved to another role"),
    // Roles.
    ("ROLE_NOT_FOUND", "Role not found"),
    ("ROLE_NAME_TAKEN", "A role with this name already exists"),
    ("ROLE_NAME_REQUIRED", "Role name is required"),
    ("ROLE_NAME_TOO_LONG", "Role name must be at most 100 characters"),
    ("ADMIN_ROLE_UNDELETABLE", "Cannot delete the Admin role"),
    ("ADMIN_ROLE_ALL_PERMISSIONS", "The Admin role always has every permission"),
    ("ADMIN_ROLE_NAME_FIXED", "The Admin role cannot be renamed"),
    ("ROLE_CHANGED", "This role was changed by someone else. Please reload and try again."),
    ("REQUIRE_TWO_FACTOR_INVALID", "require_two_factor must be true or false"),
    ("CLOSING_APPROVAL_INVALID", "closing_needs_approval must be true or false"),
    ("ESCALATION_WAIT_INVALID", "Enter a whole number of days from 0 to 365"),
    ("ESCALATION_WAITS_ORDER", "Each level waits at least as long as the level below it"),
    ("ESCALATED_FILTER_INVALID", "escalated must be me"),
    // Admin lists and pendency limits.
    ("LIST_UNKNOWN", "There is no admin list named '{name}'"),
    ("LIST_ITEM_NOT_FOUND", "Item not found"),
    ("LIST_ITEM_TAKEN", "An item named '{name}' already exists in this list"),
    ("LIST_ITEM_CHANGED", "This item was changed by someone else. Please reload and try again."),
    ("DESCRIPTION_TOO_LONG", "Description must be at most 2000 characters"),
    ("DISPLAY_ORDER_INVALID", "Display order must be a whole number"),
    ("IS_ACTIVE_INVALID", "is_active must be true or false"),
    ("LIST_ITEM_INACTIVE", "'{value}' is not an active {item} in the Admin Panel"),
    ("PENDENCY_LIMIT_INVALID", "A limit is a whole number of days from 1 to 3650"),
    ("PENDENCY_STAGE_UNKNOWN", "Unknown stage '{stage}'"),
    ("PENDENCY_LIMITS_INVALID", "limits must be an object of priorities"),
    ("PENDENCY_PRIORITY_INVALID", "The limits of a priority are an object of stages"),
    ("PENDENCY_PRIORITY_UNKNOWN", "There is no priority named '{name}'"),
    ("STATUS_MEANING_INVALID", "Choose what this status means: Open, In progress, Resolved or Closed"),
    ("STATUS_MEANING_ONLY_STATUSES", "Only a status has a meaning"),
    ("DISTRICT_CHOICE", "Choose a district from the list"),
    ("DISTRICT_ONLY_FOR_STATIONS", "Only a police station belongs to a district"),
    ("RANGE_TOO_LONG", "Range must be at most 100 characters"),
    ("RANGE_ONLY_FOR_DISTRICTS", "Only a district belongs to a range"),
    ("DISTRICT_HAS_STATIONS", "'{name}' has {count} police station{plural}; place them in another district first"),
    ("PLACE_HAS_USERS", "'{name}' is where {count} user{plural} posted; post them elsewhere before deleting it"),
    ("STATUS_MEANING_IN_USE", "'{name}' is used by {count} grievance{plural}; its meaning cannot change. Add a new status instead."),
    ("DEFAULT_STATUS_MISSING", "Choose a status: the Statuses list has no active status meaning open"),
    ("DEFAULT_PRIORITY_MISSING", "Choose a priority: the Priorities list has no active item"),
    // Grievances.
    ("FIX_ERRORS", "Please fix the validation errors below before submitting."),
    ("GRIEVANCE_NOT_FOUND", "Grievance not found"),
    ("GRIEVANCE_NOT_OBJECT", "The grievance must be a JSON object"),
    ("GRIEVANCE_STALE", "This grievance was changed by someone else since you opened it. Please reload it and try again."),
    ("GRIEVANCE_LIST_ITEM_GONE", "An item this grievance names was just deleted from the Admin Panel. Please reload and try again."),
    ("CHANGED_CONCURRENTLY", "This was changed by someone else at the same time. Please reload and try again."),
    ("LINK_SELF", "A grievance cannot be linked to itself"),
    ("LINKED_ALREADY", "These grievances are linked already"),
    ("NOT_LINKED", "These grievances are not linked"),
    ("LINK_OUTSIDE_REACH", "a grievance outside your reach"),
    ("NOTIFICATION_NOT_FOUND", "Notification not found"),
    ("DUPLICATE_FIR", "FIR {fir_no} of {station} in {year} is already recorded as {number}. Check it, or confirm that this is another case."),
    ("FIR_TAKEN_MEANWHILE", "Another grievance with this FIR number was saved at the same moment. Please check for duplicates and save again"),
    ("CLOSURE_PENDING", "A closure request is pending: approve or return it first"),
    ("CLOSURE_NOT_PENDING", "No closure request is pending"),
    ("CLOSURE_OWN", "You cannot approve or return your own closure request"),
    ("CLOSURE_REQUESTERS_ACCOUNT", "You cannot decide a closure requested by the user who created or last reset this account"),
    ("CLOSURE_STATUS_GONE", "The proposed status is no longer an active status of the Admin Panel: return the request"),
    ("CLOSURE_RETURN_REASON_REQUIRED", "Give a reason for returning the closure request"),
    ("FIELD_REQUIRED", "{label} is required"),
    ("FIELD_DATE_INVALID", "{label} must be a valid date"),
    ("FIELD_TOO_LONG", "{field} must be at most {max} characters"),
    ("FIELD_NOT_TEXT", "{field} must be text"),
    ("FIELD_NOT_FLAG", "{field} must be true or false"),
    ("FIELD_LIST_ITEM_INACTIVE", "{label} '{value}' is not an active item of the Admin Panel's list"),
    ("FIR_NUMBER_INVALID", "FIR Number should contain only letters, numbers, and hyphens"),
    ("FIR_DATE_REQUIRED", "FIR Date is required"),
    ("FIR_DATE_INVALID", "FIR Date must be a valid date"),
    ("FIR_DATE_IN_FUTURE", "FIR Date cannot be in the future"),
    ("BRIEF_DETAILS_TOO_SHORT", "Brief details must be at least 10 characters long"),
    ("OFFICERS_NOT_LIST", "investigation_officers must be a list"),
    ("OFFICERS_TOO_MANY", "At most 50 investigation officers"),
    ("OFFICER_FROM_DATE_REQUIRED", "From date is required when officer name is provided"),
    ("OFFICER_DATES_ORDER", "To date must be after from date"),
    ("STATUS_NOT_ACTIVE", "Choose an active status"),
    ("ASSIGNEE_NOT_ACTIVE", "Choose an active user to assign"),
    ("ASSIGNEE_OUTSIDE_SCOPE", "This grievance does not lie in this user's scope: choose someone posted where it lies"),
    ("DATE_FILTER_INVALID", "Dates are written YYYY-MM-DD"),
    ("LIMIT_OUT_OF_RANGE_200", "limit must be between 1 and 200"),
    ("CLOSURE_FILTER_INVALID", "closure must be pending"),
    ("LIMIT_OUT_OF_RANGE_500", "limit must be between 1 and 500"),
    ("CURSOR_INVALID", "The paging cursor is not valid"),
    ("SORT_INVALID", "sort must be one of filed_at, fir_date, priority, status"),
    // Lookups by number.
    ("NUMBER_REQUIRED", "Enter a grievance number or FIR number"),
    ("NUMBER_TOO_LONG", "A number has at most 40 characters"),
    ("NUMBER_CHARACTERS", "A number holds only letters, digits, '/' and '-'"),
    ("MATCH_INVALID", "match must be exact or prefix"),
    ("LIMIT_OUT_OF_RANGE_50", "limit must be between 1 and 50"),
    ("DIRECTION_INVALID", "direction must be asc or desc"),
    ("SORT_TOO_MANY", "Too many grievances to sort by this column: narrow the filters, or sort by filed date"),
    ("AUDIT_ACTION_UNKNOWN", "Unknown audit action '{action}'"),
    ("AUDIT_SEARCH_TOO_LONG", "Search text must be at most 100 characters"),
    ("AUDIT_KIND_UNKNOWN", "kind must be admin (administrative changes) or grievance (grievance changes)"),
    ("EXPORT_NOT_FOUND", "Export not found"),
    ("EXPORT_FAILED", "The export could not be finished. Please export again."),
    ("EXPORT_QUERY_INVALID", "The export's filters are not a valid query"),
    // Before the counted one, whose {count} would take the word "more".
    ("PDF_TOO_MANY_ROWS_UNCOUNTED", "The PDF report holds at most {most} grievances, and this list has more: narrow the filters, or export to Excel, which holds the whole list"),
    ("PDF_TOO_MANY_ROWS", "The PDF report holds at most {most} grievances, and this list has {count}: narrow the filters, or export to Excel, which holds the whole list"),
    ("AUDIT_EXPORT_TOO_MANY", "An audit export holds at most 10,000 records. Narrow the filters: a date range, an action or a user."),
    ("CHECKPOINT_NONE_YET", "No checkpoint of the audit trail has been made yet"),
    ("CHECKPOINT_OTHER_STORE", "This checkpoint was made of another kind of store"),
    ("EXPORTS_YOURS_UNDER_WAY", "You already have 3 exports of this kind under way. Please wait for them to finish."),
    ("EXPORTS_QUEUE_FULL", "Too many exports of this kind are being prepared. Please try again in a minute."),
    // Transfers between police stations.
    ("STATION_NOT_ACTIVE", "Choose an active police station"),
    ("TRANSFER_REASON_REQUIRED", "Give the reason for the transfer"),
    ("TRANSFER_REASON_TOO_LONG", "The reason must be at most 1000 characters"),
    ("TRANSFER_SAME_STATION", "The grievance is already at this police station"),
    ("TRANSFER_LIMIT_REACHED", "This grievance has already been transferred {count} time{plural}, the most the Admin Panel allows"),
    ("TRANSFER_LIMIT_INVALID", "Transfers allowed must be a whole number from 0 to 20"),
    // Attachments and case notes.
    ("ATTACHMENT_NOT_FOUND", "Attachment not found"),
    ("ATTACHMENT_TOO_BIG", "Files may be at most 20 MB"),
    ("ATTACHMENT_WRONG_TYPE", "Only PDF, JPEG and PNG files can be attached"),
    ("ATTACHMENT_EMPTY", "The file is empty"),
    ("UPLOAD_GONE", "The upload was not found; please upload the file again"),
    ("UPLOAD_ALREADY_ATTACHED", "This upload has already been attached"),
    ("UPLOAD_LINK_USED", "This upload link has already been used. Choose the file again."),
    ("UPLOAD_LINK_INVALID", "This upload link is invalid or has expired. Choose the file again."),
    ("UPLOAD_INTERRUPTED", "The upload was interrupted; please try again"),
    ("NOTE_BLANK", "Write the note before adding it"),
    ("NOTE_TOO_LONG", "A note may be at most 4000 characters"),
    ("NOTE_CORRECTED_UNKNOWN", "The note being corrected was not found"),
    // Exports.
    ("DOWNLOAD_LINK_INVALID", "This download link is invalid or has expired. Export the file again."),
    ("EXPORT_GONE", "This export is no longer available. Export the file again."),
    // Reports.
    ("REPORT_FROM_INVALID", "From date must be a date (YYYY-MM-DD)"),
    ("REPORT_TO_INVALID", "To date must be a date (YYYY-MM-DD)"),
    ("REPORT_FROM_AFTER_TO", "From date must not be after To date"),
    ("REPORT_RANGE_TOO_LONG", "The date range may cover at most 10 years"),
    ("REPORT_SCOPE_TOO_LARGE", "This report covers more grievances than can be counted at once here. Please choose a shorter date range."),
    ("REPORT_UNKNOWN", "No such report"),
    // Requests.
    ("NOT_FOUND", "Not found"),
    ("NO_SUCH_ENDPOINT", "No such API endpoint"),
    ("METHOD_NOT_ALLOWED", "This method is not allowed on this endpoint"),
    ("BODY_NOT_JSON", "Expected a JSON request body with Content-Type: application/json"),
    ("BODY_MALFORMED", "Malformed JSON in the request body"),
    ("BODY_UNREADABLE", "The request body could not be read"),
    ("BODY_TOO_LARGE", "The request body is too large"),
    ("BODY_INVALID", "Invalid request body: {detail}"),
    ("SERVER_ERROR", "Something went wrong on the server. Please try again."),
    ("STORE_BUSY", "The record is being changed by someone else; please try again"),
];

/// A message's code and the values its template stands for; `UNKNOWN` and no values when
/// the catalogue has no template that fits.
pub fn identify(message: &str) -> (&'static str, BTreeMap<String, String>) {
    // A template without values is the more particular: "FIR Date is required" before
    // "{label} is required".
    if let Some((code, _)) = CATALOGUE.iter().find(|(_, template)| *template == message) {
        return (code, BTreeMap::new());
    }
    for (code, template) in CATALOGUE.iter().filter(|(_, t)| t.contains('{')) {
        if let Some(params) = fit(template, message) {
            return (code, params);
        }
    }
    (UNKNOWN, BTreeMap::new())
}

/// The values of `template`'s placeholders in `message`, when it fits. A placeholder takes
/// the shortest text that lets the rest fit.
fn fit(template: &str, message: &str) -> Option<BTreeMap<String, String>> {
    let mut params = BTreeMap::new();
    if matches(template, message, &mut params) {
        Some(params)
    } else {
        None
    }
}

fn matches(template: &str, message: &str, params: &mut BTreeMap<String, String>) -> bool {
    let Some(open) = template.find('{') else { return template == message };
    let Some(close) = template[open..].find('}').map(|c| open + c) else { return template == message };
    let (literal, name, rest) = (&template[..open], &template[open + 1..close], &template[close + 1..]);
    let Some(after) = message.strip_prefix(literal) else { return false };
    for end in (0..=after.len()).filter(|i| after.is_char_boundary(*i)) {
        let mut attempt = params.clone();
        attempt.insert(name.to_string(), after[..end].to_string());
        if matches(rest, &after[end..], &mut attempt) {
            *params = attempt;
            return true;
        }
    }
    false
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
    fn a_message_is_told_by_its_template_with_its_values() {
        assert_eq!(identify("Grievance not found"), ("GRIEVANCE_NOT_FOUND", BTreeMap::new()));
        let (code, params) = identify("District 'Atlantis' is not an active item of the Admin Panel's list");
        assert_eq!(code, "FIELD_LIST_ITEM_INACTIVE");
        assert_eq!((params["label"].as_str(), params["value"].as_str()), ("District", "Atlantis"));
        let (code, params) = identify("Too many failed sign-in attempts. Please try again in 15 minutes.");
        assert_eq!((code, params["minutes"].as_str(), params["plural"].as_str()), ("TOO_MANY_ATTEMPTS", "15", "s"));
        assert_eq!(identify("FIR Date is required").0, "FIR_DATE_REQUIRED", "the exact template before the general one");
        assert_eq!(identify("Crime Title is required").0, "FIELD_REQUIRED");
        assert_eq!(identify("something new").0, UNKNOWN);
    }
}
