//! What a grievance's row keeps for its list row beside the staff's fields (schema 37): the
//! names of who filed and who holds it and what its status means, each a column, and the
//! rest a list row shows, [`ListExtras`], as the JSON of `list_extras`. A list page is read
//! from the rows alone, never from their details texts.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The `list_extras` column: a row's admin-list items other than its district, police
/// station, status and priority (by kind), its closure request and its escalation. Each is
/// left out when it has none, and the column is NULL when all are ([`ListExtras::column`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct ListExtras {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub refs: BTreeMap<String, i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closure: Option<domain::grievance::ClosureRequest>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub escalation: Option<domain::escalation::Escalation>,
}

impl ListExtras {
    /// The column's value: the JSON object, or NULL when the row has none of them.
    pub fn column(&self) -> Option<String> {
        self.held().map(|extras| serde_json::to_string(extras).expect("list extras are JSON"))
    }

    /// The extras, unless the row has none of them.
    fn held(&self) -> Option<&ListExtras> {
        (*self != ListExtras::default()).then_some(self)
    }

    /// The extras of a column's value (none for NULL).
    pub fn of_column(column: Option<&str>) -> Result<ListExtras, String> {
        match column {
            None => Ok(ListExtras::default()),
            Some(text) => serde_json::from_str(text).map_err(|e| format!("list extras: {e}")),
        }
    }
}

/// What a list row reads of the `list_extras` column: of the row's other items only its crime
/// title's (the one it shows by name), its closure request and its escalation; the other
/// items are passed over unread.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct ListedExtras {
    #[serde(default)]
    pub refs: ListedRefs,
    #[serde(default)]
    pub closure: Option<domain::grievance::ClosureRequest>,
    #[serde(default)]
    pub escalation: Option<domain::escalation::Escalation>,
}

/// The items of [`ListedExtras`]: its crime title's.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct ListedRefs {
    #[serde(default)]
    pub crime_titles: Option<i64>,
}

impl ListedExtras {
    /// A list row's extras of a column's value (none for NULL).
    pub fn of_column(column: Option<&str>) -> Result<ListedExtras, String> {
        match column {
            None => Ok(ListedExtras::default()),
            Some(text) => serde_json::from_str(text).map_err(|e| format!("list extras: {e}")),
        }
    }
}

/// What a details text written before schema 37 kept beside the staff's fields, of which
/// the new columns are made.
#[derive(Deserialize)]
struct KeptInDetails {
    filed_by_name: String,
    #[serde(default)]
    assigned_to_name: Option<String>,
    #[serde(default)]
    status_meaning: Option<String>,
    #[serde(flatten)]
    extras: ListExtras,
}

/// The new columns of a row whose details text is `details` (the upgrade's step function):
/// a JSON object of `filed_by_name`, `assigned_to_name`, `status_meaning` and `list_extras`
/// (the last three null when the row has none), which the step's SQL takes apart.
pub fn of_details(details: &str) -> Result<String, String> {
    let kept: KeptInDetails = serde_json::from_str(details).map_err(|e| format!("grievance details: {e}"))?;
    let extras = kept.extras.held().map(|extras| serde_json::to_value(extras).expect("list extras are JSON"));
    Ok(serde_json::json!({
        "filed_by_name": kept.filed_by_name,
        "assigned_to_name": kept.assigned_to_name,
        "status_meaning": kept.status_meaning,
        "list_extras": extras,
    })
    .to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_details_text_gives_its_list_columns_and_a_row_without_extras_none() {
        let plain = of_details(r#"{"filed_by_name":"SI Harpreet Kaur","status_meaning":"open","section_and_act":"303 BNS"}"#).unwrap();
        assert_eq!(plain, r#"{"assigned_to_name":null,"filed_by_name":"SI Harpreet Kaur","list_extras":null,"status_meaning":"open"}"#);
        let legacy = of_details(r#"{"filed_by_name":"A","assigned_to_name":"B","refs":{"reasons":50},"clock_events":[]}"#).unwrap();
        assert_eq!(legacy, r#"{"assigned_to_name":"B","filed_by_name":"A","list_extras":{"refs":{"reasons":50}},"status_meaning":null}"#);
        assert!(of_details(r#"{"status_meaning":"open"}"#).unwrap_err().contains("filed_by_name"), "a text without its filer is corrupt");
    }

    #[test]
    fn extras_go_to_their_column_and_back() {
        assert_eq!(ListExtras::default().column(), None);
        assert_eq!(ListExtras::of_column(None).unwrap(), ListExtras::default());
        let extras = ListExtras { refs: BTreeMap::from([("call_types".into(), 7)]), ..ListExtras::default() };
        let column = extras.column().unwrap();
        assert_eq!(column, r#"{"refs":{"call_types":7}}"#);
        assert_eq!(ListExtras::of_column(Some(&column)).unwrap(), extras);
        assert!(ListExtras::of_column(Some("{\"refs\": 3}")).is_err());
    }

    #[test]
    fn a_list_row_reads_its_crime_titles_item_alone() {
        let extras = ListExtras { refs: BTreeMap::from([("call_types".into(), 7), ("crime_titles".into(), 12), ("reasons".into(), 3)]), ..ListExtras::default() };
        let listed = ListedExtras::of_column(extras.column().as_deref()).unwrap();
        assert_eq!(listed.refs.crime_titles, Some(12));
        assert!(listed.closure.is_none() && listed.escalation.is_none());
        assert_eq!(ListedExtras::of_column(None).unwrap().refs.crime_titles, None);
        assert!(ListedExtras::of_column(Some("{\"refs\": {\"crime_titles\": \"x\"}}")).is_err());
    }
}
