//! The `heads` column of a grievance (schema 25): the crime heads by chapter its sections
//! reach (`domain::law::heads`), kept as a JSON array that the report figures' triggers read
//! with `json_each`.

use domain::grievance::GrievanceFields;

/// `fields`' heads as the column keeps them: `["BNS VI","BNS XVII"]`.
pub fn column(fields: &GrievanceFields) -> String {
    serde_json::to_string(&domain::law::heads::of_case(&fields.sections, &fields.section_and_act)).expect("a list of texts is JSON")
}

/// The column of a grievance whose details text is `details` (the upgrade's step function).
pub fn of_details(details: &str) -> Result<String, String> {
    let fields: GrievanceFields = serde_json::from_str(details).map_err(|e| format!("grievance details: {e}"))?;
    Ok(column(&fields))
}
