//! The `sections` column of a grievance (schema 26): the [act, section] pairs of the sections
//! it is registered under (`domain::law::citation::kept_or_read`), kept as a JSON array that
//! the triggers of `grievance_sections` read with `json_each`, so that the list's act and
//! section filter reads one range of that table's key.

use domain::grievance::GrievanceFields;
use domain::law::ChargedSection;

/// A case's sections as it keeps them, or as its "Section & Act" reads when it keeps none:
/// what both this column and the crime heads (`super::crime_heads`) are worked out from.
pub fn of_fields(fields: &GrievanceFields) -> Vec<ChargedSection> {
    domain::law::citation::kept_or_read(&fields.sections, &fields.section_and_act).into_owned()
}

/// The sections of a grievance whose details text is `details` (the upgrade's step functions).
pub fn of_case(details: &str) -> Result<Vec<ChargedSection>, String> {
    let fields: GrievanceFields = serde_json::from_str(details).map_err(|e| format!("grievance details: {e}"))?;
    Ok(of_fields(&fields))
}

/// `sections` as the column keeps them: `[["BNS","303(2)"],["BNS","3(5)"]]`.
pub fn column(sections: &[ChargedSection]) -> String {
    let pairs: Vec<[&str; 2]> = sections.iter().map(|s| [s.act.as_str(), s.section.as_str()]).collect();
    serde_json::to_string(&pairs).expect("pairs of texts are JSON")
}

/// The column of a grievance whose details text is `details` (the upgrade's step function).
pub fn of_details(details: &str) -> Result<String, String> {
    Ok(column(&of_case(details)?))
}

#[cfg(test)]
mod tests {
    #[test]
    fn kept_sections_or_those_read_from_the_text() {
        let kept: domain::grievance::GrievanceFields = serde_json::from_value(serde_json::json!({
            "sections": [{"act": "BNS", "section": "303(2)"}, {"act": "OTHER", "act_name": "NDPS Act", "section": "20"}],
            "section_and_act": "379 IPC"
        }))
        .unwrap();
        assert_eq!(super::column(&super::of_fields(&kept)), r#"[["BNS","303(2)"],["OTHER","20"]]"#);
        let legacy: domain::grievance::GrievanceFields = serde_json::from_value(serde_json::json!({"section_and_act": "u/s 379, 411 IPC"})).unwrap();
        assert_eq!(super::column(&super::of_fields(&legacy)), r#"[["IPC","379"],["IPC","411"]]"#);
        let unread: domain::grievance::GrievanceFields = serde_json::from_value(serde_json::json!({"section_and_act": "theft"})).unwrap();
        assert_eq!(super::column(&super::of_fields(&unread)), "[]");
    }
}
