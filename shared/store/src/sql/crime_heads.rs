//! The `heads` column of a grievance (schema 25): the crime heads by chapter its sections
//! reach (`domain::law::heads`), kept as a JSON array that the report figures' triggers read
//! with `json_each`.

use domain::law::ChargedSection;

/// The heads of a case's sections (as kept, or as its "Section & Act" reads:
/// `domain::law::citation::kept_or_read`) as the column keeps them: `["BNS VI","BNS XVII"]`.
pub fn column(sections: &[ChargedSection]) -> String {
    serde_json::to_string(&domain::law::heads::of(sections)).expect("a list of texts is JSON")
}

/// The column of a grievance whose details text is `details` (the upgrade's step function).
pub fn of_details(details: &str) -> Result<String, String> {
    Ok(column(&super::case_sections::of_case(details)?))
}
