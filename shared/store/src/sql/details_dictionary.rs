//! The preset dictionaries a grievance's details text (`grievance_details.details`) is
//! deflated with.
//!
//! The details text is the record's fields without a column of their own, as JSON under the
//! record's own names, about 500 bytes for a case with its officers' entries filled in. Most
//! of what deflate alone could not shrink is the names and the shape around them, spelled out
//! once per row: from a dictionary of them, a seeded million's details took 187 bytes a row
//! on average against 304 with deflate alone and 501 as text (2,000 rows measured), about
//! 300 MB less for a million grievances.
//!
//! It is data, not code: each row names its dictionary (`grievance_details.dictionary`), so
//! this text never changes; a better one is added as the next number. It holds names and
//! shapes only, the words of the record's type, never a value of anyone's case.

/// Dictionary 1 (schema 21): the details' names in the order they are written (by name), the
/// shapes of an officer's entry, a closure request and an escalation, the status meanings and
/// the laws a section is written under. Deflate reaches back to the nearest copy of a word,
/// so the most common names come last.
pub const DICTIONARY_1: &str = concat!(
    "\"IPC\",\"BNS\",\"BNSS\",\"CrPC\",\"Act\"",
    "\"to\":{\"level\":\"state\"}\"to\":{\"level\":\"range\",\"range\":\"\"}",
    "\"escalation\":{\"days_overdue\":,\"escalated_at\":\"T00:00:00Z\",\"level\":\"district\",\"to\":{\"id\":,\"level\":\"district\"}},",
    "\"closure\":{\"final_decision\":\"\",\"notes\":\"\",\"requested_at\":\"T00:00:00Z\",\"requested_by\":,\"requested_by_name\":\"\",\"status\":\"\",\"status_id\":},",
    "\"assigned_to_name\":\"\",\"cross_case\":true,\"put_in_court\":true,\"date_of_order\":\"\",\"date_for_scrutiny\":\"\",\"scrutiny_officer_name\":\"\",",
    "\"received_date_after_scrutiny\":\"\",\"date_of_outward\":\"\",",
    "\"status_meaning\":\"open\"\"status_meaning\":\"in_progress\"\"status_meaning\":\"closed\"",
    "{\"action_taken_by_ig_office\":\"\",\"current_investigation_officer\":\"\",\"date_of_inward\":\"\",\"filed_by_name\":\"\",\"final_decision\":\"\",",
    "\"investigation_officers\":[{\"findings\":\"\",\"from_date\":\"\",\"officer_name\":\"\",\"to_date\":\"\"},{\"findings\":\"\",\"from_date\":\"\",\"officer_name\":\"\",\"to_date\":\"\"}],",
    "\"reason\":\"\",\"refs\":{\"call_types\":,\"crime_titles\":,\"reasons\":},\"section_and_act\":\"\",\"status_meaning\":\"resolved\",\"type_of_call\":\"\"}",
);
