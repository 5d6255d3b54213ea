//! The twelve admin lists (the Admin Panel's tabs) and what they start with.

use crate::messages::Msg;
use crate::wire::{Scalar, Sent};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ListKind {
    Categories,
    Priorities,
    Statuses,
    CallTypes,
    CrimeTitles,
    Districts,
    PoliceStations,
    Positions,
    Reasons,
    Actions,
    Departments,
    Designations,
}

impl ListKind {
    pub const ALL: [ListKind; 12] = [
        ListKind::Categories,
        ListKind::Priorities,
        ListKind::Statuses,
        ListKind::CallTypes,
        ListKind::CrimeTitles,
        ListKind::Districts,
        ListKind::PoliceStations,
        ListKind::Positions,
        ListKind::Reasons,
        ListKind::Actions,
        ListKind::Departments,
        ListKind::Designations,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ListKind::Categories => "categories",
            ListKind::Priorities => "priorities",
            ListKind::Statuses => "statuses",
            ListKind::CallTypes => "call_types",
            ListKind::CrimeTitles => "crime_titles",
            ListKind::Districts => "districts",
            ListKind::PoliceStations => "police_stations",
            ListKind::Positions => "positions",
            ListKind::Reasons => "reasons",
            ListKind::Actions => "actions",
            ListKind::Departments => "departments",
            ListKind::Designations => "designations",
        }
    }

    pub fn parse(name: &str) -> Option<ListKind> {
        ListKind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// What a fresh portal offers, in display order. Statuses and priorities are the ones
    /// the specification names; the others are sensible starting points an administrator
    /// edits to fit the state.
    pub fn seeds(self) -> &'static [&'static str] {
        match self {
            ListKind::Statuses => &["Pending", "In Progress", "Resolved", "Closed"],
            ListKind::Priorities => &["Low", "Medium", "High", "Critical"],
            ListKind::Categories => &["Grievance", "FIR Complaint", "Petition", "Enquiry"],
            ListKind::CallTypes => &["Walk-in", "Phone Call", "Email", "Letter", "Online Portal", "Referred by Court"],
            ListKind::CrimeTitles => &[
                "Theft",
                "Burglary",
                "Robbery",
                "Assault",
                "Cheating and Fraud",
                "Cyber Crime",
                "Domestic Violence",
                "Missing Person",
                "Land Dispute",
                "Other",
            ],
            ListKind::Districts => &["Central District", "North District", "South District", "East District", "West District"],
            ListKind::PoliceStations => &[
                "City Kotwali",
                "Civil Lines",
                "Cantonment",
                "Railway Station",
                "Industrial Area",
                "Women Police Station",
                "Cyber Police Station",
            ],
            ListKind::Positions => &[
                "Under Investigation",
                "Charge Sheet Filed",
                "Final Report Filed",
                "Pending in Court",
                "Disposed",
            ],
            ListKind::Reasons => &[
                "Delay in Investigation",
                "Non-registration of FIR",
                "Improper Investigation",
                "Misbehaviour by Police",
                "Request for Transfer of Investigation",
                "Other",
            ],
            ListKind::Actions => &[
                "Enquiry Ordered",
                "Forwarded to SP",
                "Investigation Transferred",
                "Report Called For",
                "Filed",
                "No Action Required",
            ],
            ListKind::Departments => &[
                "Administration",
                "Crime Branch",
                "Law and Order",
                "Cyber Cell",
                "Women and Child Protection",
                "Traffic",
                "IG Office",
            ],
            ListKind::Designations => &[
                "Director General of Police",
                "Inspector General",
                "Superintendent of Police",
                "Deputy Superintendent of Police",
                "Inspector",
                "Sub-Inspector",
                "Assistant Sub-Inspector",
                "Head Constable",
                "Constable",
                "Clerk",
            ],
        }
    }
}

impl ListKind {
    /// The starting items' names in Hindi, beside [`ListKind::seeds`] one for one: a fresh
    /// portal reads in Hindi from its first day. The terms are those of Hindi-speaking
    /// states' police (विवेचना for investigation, आरक्षी for constable).
    pub fn seeds_hi(self) -> &'static [&'static str] {
        match self {
            ListKind::Statuses => &["लंबित", "प्रगति पर", "निस्तारित", "बंद"],
            ListKind::Priorities => &["निम्न", "मध्यम", "उच्च", "गंभीर"],
            ListKind::Categories => &["शिकायत", "एफ़आईआर शिकायत", "प्रार्थना पत्र", "जाँच"],
            ListKind::CallTypes => &["स्वयं उपस्थित", "फ़ोन कॉल", "ईमेल", "पत्र", "ऑनलाइन पोर्टल", "न्यायालय द्वारा संदर्भित"],
            ListKind::CrimeTitles => &["चोरी", "नकबजनी", "लूट", "हमला", "धोखाधड़ी", "साइबर अपराध", "घरेलू हिंसा", "गुमशुदा व्यक्ति", "भूमि विवाद", "अन्य"],
            ListKind::Districts => &["मध्य ज़िला", "उत्तर ज़िला", "दक्षिण ज़िला", "पूर्व ज़िला", "पश्चिम ज़िला"],
            ListKind::PoliceStations => &["कोतवाली नगर", "सिविल लाइंस", "छावनी", "रेलवे स्टेशन", "औद्योगिक क्षेत्र", "महिला थाना", "साइबर थाना"],
            ListKind::Positions => &["विवेचनाधीन", "आरोप पत्र प्रेषित", "अंतिम रिपोर्ट प्रेषित", "न्यायालय में लंबित", "निस्तारित"],
            ListKind::Reasons => &[
                "विवेचना में विलंब",
                "एफ़आईआर दर्ज न करना",
                "अनुचित विवेचना",
                "पुलिस द्वारा दुर्व्यवहार",
                "विवेचना स्थानांतरण का अनुरोध",
                "अन्य",
            ],
            ListKind::Actions => &["जाँच के आदेश", "पुलिस अधीक्षक को अग्रेषित", "विवेचना स्थानांतरित", "रिपोर्ट मांगी गई", "दाखिल दफ़्तर", "कार्रवाई अपेक्षित नहीं"],
            ListKind::Departments => &["प्रशासन", "अपराध शाखा", "कानून व्यवस्था", "साइबर सेल", "महिला एवं बाल सुरक्षा", "यातायात", "पुलिस महानिरीक्षक कार्यालय"],
            ListKind::Designations => &[
                "पुलिस महानिदेशक",
                "पुलिस महानिरीक्षक",
                "पुलिस अधीक्षक",
                "पुलिस उपाधीक्षक",
                "निरीक्षक",
                "उप-निरीक्षक",
                "सहायक उप-निरीक्षक",
                "मुख्य आरक्षी",
                "आरक्षी",
                "लिपिक",
            ],
        }
    }
}

/// What a status means to the rules: the resolution date, the RESOLVED, CLOSED and
/// REOPENED records, the resolution rate and overdue read this, never the status's label,
/// so an administrator may call "Resolved" "Disposed" without changing any behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StatusMeaning {
    Open,
    InProgress,
    Resolved,
    Closed,
}

impl StatusMeaning {
    pub const ALL: [StatusMeaning; 4] = [StatusMeaning::Open, StatusMeaning::InProgress, StatusMeaning::Resolved, StatusMeaning::Closed];

    pub fn as_str(self) -> &'static str {
        match self {
            StatusMeaning::Open => "open",
            StatusMeaning::InProgress => "in_progress",
            StatusMeaning::Resolved => "resolved",
            StatusMeaning::Closed => "closed",
        }
    }

    pub fn parse(text: &str) -> Option<StatusMeaning> {
        StatusMeaning::ALL.into_iter().find(|m| m.as_str() == text)
    }

    /// A case in a final status is decided: it has a resolution date and is never overdue.
    pub fn is_final(self) -> bool {
        matches!(self, StatusMeaning::Resolved | StatusMeaning::Closed)
    }

    /// The meaning of a status item stored before statuses carried one: the four starting
    /// statuses by their names, any other (an administrator's own) in progress, which is
    /// how the rules treated it then.
    pub fn of_legacy_name(name: &str) -> StatusMeaning {
        match name.trim().to_lowercase().as_str() {
            "pending" => StatusMeaning::Open,
            "resolved" => StatusMeaning::Resolved,
            "closed" => StatusMeaning::Closed,
            _ => StatusMeaning::InProgress,
        }
    }
}

/// A new or changed list item, parsed from a request.
#[derive(Clone, Debug, PartialEq)]
pub struct ListItemInput {
    pub name: String,
    /// The name shown to a reader of the Hindi screens and documents, trimmed: `None` when the
    /// request leaves it out (an edited item keeps its own), `Some(None)` when given blank
    /// (the English name is shown then).
    pub name_hi: Option<Option<String>>,
    pub description: String,
    pub display_order: i64,
    pub is_active: bool,
    /// A status's meaning; `None` when the request leaves it out (a new status is then in
    /// progress, an edited one keeps its own). Always `None` for the other lists.
    pub meaning: Option<StatusMeaning>,
    /// A police station's district (see `jurisdiction`): `None` when the request leaves it
    /// out (an edited station keeps its own), `Some(None)` to place it in none. Always
    /// `None` for the other lists.
    pub district_id: Option<Option<crate::ItemId>>,
    /// A district's range, trimmed, as [`ListItemInput::district_id`]: `Some(None)` when
    /// given blank. Always `None` for the other lists.
    pub range: Option<Option<String>>,
    /// A district's or police station's official code (a national police-station code where
    /// the department has one), as [`ListItemInput::range`]. Always `None` for the other lists.
    pub code: Option<Option<String>>,
}

/// The most characters an official code of a district or police station has.
pub const MAX_CODE: usize = 20;

/// A list item as the Admin Panel sends it.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct ListItemForm {
    #[schema(value_type = String)]
    #[serde(default)]
    pub name: Sent<String>,
    /// The item's name in Hindi, up to 200 characters, shown on the Hindi screens and in Hindi
    /// documents (the English name stands in for a blank one). Left out, an edited item keeps
    /// its own; blank or `null` clears it.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub name_hi: Sent<String>,
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub description: Sent<String>,
    /// A whole number; text holding one is accepted too. Defaults to 0.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub display_order: Sent<Scalar>,
    /// Defaults to true; 0 and 1 are accepted too.
    #[schema(value_type = Option<bool>)]
    #[serde(default)]
    pub is_active: Sent<Scalar>,
    /// A status's meaning to the rules (statuses only): a new status is in progress when
    /// left out, an edited one keeps its own. It cannot change while grievances use the status.
    #[schema(value_type = Option<StatusMeaning>)]
    #[serde(default)]
    pub meaning: Sent<String>,
    /// The district a police station belongs to (police stations only): `null` places it in
    /// none; left out, an edited station keeps its own. The district must exist.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub district_id: Sent<Scalar>,
    /// The range a district belongs to (districts only), up to 100 characters: blank or
    /// `null` for none; left out, an edited district keeps its own.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub range: Sent<String>,
    /// The official code of a district or police station (those lists only), up to 20
    /// letters, digits and hyphens: blank or `null` for none; left out, an edited item keeps
    /// its own.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub code: Sent<String>,
}

/// An official code as written: trimmed, capitals, at most [`MAX_CODE`] letters, digits and
/// hyphens; `None` when blank.
pub fn parse_code(text: &str) -> Result<Option<String>, Msg> {
    let code = text.trim().to_uppercase();
    if code.is_empty() {
        return Ok(None);
    }
    if code.chars().count() > MAX_CODE || !code.chars().all(|c| c.is_alphanumeric() || c == '-') {
        return Err(Msg::ImportCodeTooLong { max: MAX_CODE.to_string() });
    }
    Ok(Some(code))
}

impl ListItemInput {
    /// Reads a form for an item of `kind`: the name is required, display_order is an integer
    /// (also given as text) defaulting to 0, and only a status may carry a meaning.
    pub fn parse(kind: ListKind, form: ListItemForm) -> crate::Result<ListItemInput> {
        let mut errors = crate::FieldErrors::default();
        let name = form.name.trimmed();
        if name.is_empty() {
            errors.add("name", Msg::NameRequired);
        } else if name.chars().count() > 200 {
            errors.add("name", Msg::NameTooLong);
        }
        let name_hi = match &form.name_hi {
            Sent::Absent => None,
            Sent::Null => Some(None),
            Sent::Given(text) => {
                let text = text.trim();
                if text.chars().count() > 200 {
                    errors.add("name_hi", Msg::FieldTooLong { field: "name_hi".to_string(), max: "200".to_string() });
                }
                Some((!text.is_empty()).then(|| text.to_string()))
            }
            Sent::Unusable => {
                errors.add("name_hi", Msg::FieldNotText { field: "name_hi".to_string() });
                None
            }
        };
        let description = form.description.trimmed();
        if description.chars().count() > 2000 {
            errors.add("description", Msg::DescriptionTooLong);
        }
        let display_order = match &form.display_order {
            Sent::Absent | Sent::Null => 0,
            Sent::Given(order) if order.is_blank_text() => 0,
            sent => sent.as_given().and_then(Scalar::whole_number).unwrap_or_else(|| {
                errors.add("display_order", Msg::DisplayOrderInvalid);
                0
            }),
        };
        let is_active = match &form.is_active {
            Sent::Absent | Sent::Null => true,
            Sent::Given(Scalar::Flag(b)) => *b,
            Sent::Given(Scalar::Number(n)) => n.as_i64() != Some(0),
            Sent::Given(Scalar::Text(_)) | Sent::Unusable => {
                errors.add("is_active", Msg::IsActiveInvalid);
                true
            }
        };
        let meaning = match (kind, &form.meaning) {
            (_, Sent::Absent | Sent::Null) => None,
            (ListKind::Statuses, Sent::Given(text)) => {
                let meaning = StatusMeaning::parse(text.trim());
                if meaning.is_none() {
                    errors.add("meaning", Msg::StatusMeaningInvalid);
                }
                meaning
            }
            (ListKind::Statuses, Sent::Unusable) => {
                errors.add("meaning", Msg::StatusMeaningInvalid);
                None
            }
            (_, _) => {
                errors.add("meaning", Msg::StatusMeaningOnlyStatuses);
                None
            }
        };
        let district_id = match (kind, &form.district_id) {
            (_, Sent::Absent) => None,
            (ListKind::PoliceStations, Sent::Null) => Some(None),
            (ListKind::PoliceStations, Sent::Given(id)) if id.is_blank_text() => Some(None),
            (ListKind::PoliceStations, sent) => {
                let id = sent.as_given().and_then(Scalar::whole_number).filter(|id| *id > 0);
                if id.is_none() {
                    errors.add("district_id", Msg::DistrictChoice);
                }
                Some(id.map(crate::ItemId))
            }
            (_, Sent::Null) => None,
            (_, _) => {
                errors.add("district_id", Msg::DistrictOnlyForStations);
                None
            }
        };
        let range = match (kind, &form.range) {
            (_, Sent::Absent) => None,
            (ListKind::Districts, Sent::Null) => Some(None),
            (ListKind::Districts, Sent::Given(text)) => {
                let text = text.trim();
                if text.chars().count() > 100 {
                    errors.add("range", Msg::RangeTooLong);
                }
                Some((!text.is_empty()).then(|| text.to_string()))
            }
            (ListKind::Districts, Sent::Unusable) => {
                errors.add("range", Msg::RangeTooLong);
                None
            }
            (_, Sent::Null) => None,
            (_, _) => {
                errors.add("range", Msg::RangeOnlyForDistricts);
                None
            }
        };
        let code = match (kind, &form.code) {
            (_, Sent::Absent) => None,
            (ListKind::Districts | ListKind::PoliceStations, Sent::Null) => Some(None),
            (ListKind::Districts | ListKind::PoliceStations, Sent::Given(text)) => {
                let code = parse_code(text);
                if code.is_err() {
                    errors.add("code", Msg::ImportCodeTooLong { max: MAX_CODE.to_string() });
                }
                Some(code.ok().flatten())
            }
            (ListKind::Districts | ListKind::PoliceStations, Sent::Unusable) => {
                errors.add("code", Msg::FieldNotText { field: "code".to_string() });
                None
            }
            (_, Sent::Null) => None,
            (_, _) => {
                errors.add("code", Msg::FieldNotText { field: "code".to_string() });
                None
            }
        };
        errors.finish()?;
        Ok(ListItemInput { name, name_hi, description, display_order, is_active, meaning, district_id, range, code })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn form(body: serde_json::Value) -> ListItemForm {
        serde_json::from_value(body).expect("a form takes any object")
    }

    #[test]
    fn every_list_has_a_unique_name_and_starting_items() {
        for kind in ListKind::ALL {
            assert_eq!(ListKind::parse(kind.as_str()), Some(kind));
            assert!(!kind.seeds().is_empty());
            assert_eq!(kind.seeds_hi().len(), kind.seeds().len(), "{kind:?}: a Hindi name for each starting item");
        }
        assert_eq!(ListKind::parse("weapons"), None);
        assert_eq!(ListKind::Statuses.seeds(), ["Pending", "In Progress", "Resolved", "Closed"]);
        assert_eq!(ListKind::Priorities.seeds(), ["Low", "Medium", "High", "Critical"]);
    }

    #[test]
    fn display_order_is_an_integer_defaulting_to_zero() {
        let parse = |v| ListItemInput::parse(ListKind::CrimeTitles, form(v));
        assert_eq!(
            parse(json!({"name": " Theft "})).unwrap(),
            ListItemInput { name: "Theft".into(), name_hi: None, description: String::new(), display_order: 0, is_active: true, meaning: None, district_id: None, range: None, code: None }
        );
        assert_eq!(parse(json!({"name": "A", "display_order": "7"})).unwrap().display_order, 7);
        assert_eq!(parse(json!({"name": "A", "display_order": ""})).unwrap().display_order, 0);
        let bad = parse(json!({"name": "A", "display_order": "seven"})).unwrap_err();
        assert_eq!(bad.to_string(), "Display order must be a whole number");
        assert_eq!(parse(json!({"name": "  "})).unwrap_err().to_string(), "Name is required");
        assert!(!parse(json!({"name": "A", "is_active": false})).unwrap().is_active);
    }

    #[test]
    fn a_hindi_name_is_kept_trimmed_cleared_when_blank_and_left_alone_when_absent() {
        let parse = |v| ListItemInput::parse(ListKind::Statuses, form(v));
        assert_eq!(parse(json!({"name": "Pending", "name_hi": "  लंबित "})).unwrap().name_hi, Some(Some("लंबित".into())));
        assert_eq!(parse(json!({"name": "Pending", "name_hi": " "})).unwrap().name_hi, Some(None));
        assert_eq!(parse(json!({"name": "Pending", "name_hi": null})).unwrap().name_hi, Some(None));
        assert_eq!(parse(json!({"name": "Pending"})).unwrap().name_hi, None, "left out: an edit keeps it");
        let long = parse(json!({"name": "Pending", "name_hi": "क".repeat(201)})).unwrap_err();
        assert_eq!(long.to_string(), "name_hi must be at most 200 characters");
        assert_eq!(parse(json!({"name": "Pending", "name_hi": 7})).unwrap_err().to_string(), "name_hi must be text");
        assert!(parse(json!({"name": "Pending", "name_hi": "क".repeat(200)})).is_ok());
    }

    #[test]
    fn only_a_status_has_a_meaning_and_it_is_one_of_four() {
        let status = |v| ListItemInput::parse(ListKind::Statuses, form(v));
        assert_eq!(status(json!({"name": "Disposed", "meaning": "resolved"})).unwrap().meaning, Some(StatusMeaning::Resolved));
        assert_eq!(status(json!({"name": "Under Enquiry"})).unwrap().meaning, None);
        assert_eq!(status(json!({"name": "X", "meaning": "done"})).unwrap_err().to_string(), Msg::StatusMeaningInvalid.to_string());
        assert_eq!(status(json!({"name": "X", "meaning": 3})).unwrap_err().to_string(), Msg::StatusMeaningInvalid.to_string());
        let district = ListItemInput::parse(ListKind::Districts, form(json!({"name": "West", "meaning": "open"}))).unwrap_err();
        assert_eq!(district.to_string(), Msg::StatusMeaningOnlyStatuses.to_string());
        assert_eq!(ListItemInput::parse(ListKind::Districts, form(json!({"name": "West", "meaning": null}))).unwrap().meaning, None);
    }

    #[test]
    fn a_station_names_its_district_and_a_district_its_range() {
        let station = |v| ListItemInput::parse(ListKind::PoliceStations, form(v));
        assert_eq!(station(json!({"name": "Civil Lines", "district_id": 4})).unwrap().district_id, Some(Some(crate::ItemId(4))));
        assert_eq!(station(json!({"name": "Civil Lines", "district_id": "4"})).unwrap().district_id, Some(Some(crate::ItemId(4))), "as a select sends it");
        assert_eq!(station(json!({"name": "Civil Lines", "district_id": null})).unwrap().district_id, Some(None), "placed in none");
        assert_eq!(station(json!({"name": "Civil Lines", "district_id": ""})).unwrap().district_id, Some(None));
        assert_eq!(station(json!({"name": "Civil Lines"})).unwrap().district_id, None, "left out: an edit keeps it");
        for bad in [json!(0), json!(-3), json!("four"), json!(true), json!(4.5)] {
            let e = station(json!({"name": "Civil Lines", "district_id": bad})).unwrap_err();
            assert_eq!(e.to_string(), Msg::DistrictChoice.to_string(), "{bad}");
        }
        let district = |v| ListItemInput::parse(ListKind::Districts, form(v));
        assert_eq!(district(json!({"name": "Agra", "range": "  Agra Range "})).unwrap().range, Some(Some("Agra Range".into())));
        assert_eq!(district(json!({"name": "Agra", "range": " "})).unwrap().range, Some(None));
        assert_eq!(district(json!({"name": "Agra", "range": null})).unwrap().range, Some(None));
        assert_eq!(district(json!({"name": "Agra"})).unwrap().range, None);
        assert_eq!(district(json!({"name": "Agra", "range": "R".repeat(101)})).unwrap_err().to_string(), Msg::RangeTooLong.to_string());
        assert_eq!(district(json!({"name": "Agra", "range": 7})).unwrap_err().to_string(), Msg::RangeTooLong.to_string());
        assert_eq!(district(json!({"name": "Agra", "district_id": 4})).unwrap_err().to_string(), Msg::DistrictOnlyForStations.to_string());
        assert_eq!(station(json!({"name": "Civil Lines", "range": "Agra Range"})).unwrap_err().to_string(), Msg::RangeOnlyForDistricts.to_string());
        assert_eq!(ListItemInput::parse(ListKind::Reasons, form(json!({"name": "X", "district_id": null, "range": null}))).unwrap().range, None);
    }

    #[test]
    fn statuses_stored_before_meanings_are_read_by_their_starting_names() {
        assert_eq!(StatusMeaning::of_legacy_name("Pending"), StatusMeaning::Open);
        assert_eq!(StatusMeaning::of_legacy_name("RESOLVED"), StatusMeaning::Resolved);
        assert_eq!(StatusMeaning::of_legacy_name("Closed"), StatusMeaning::Closed);
        assert_eq!(StatusMeaning::of_legacy_name("Under Enquiry"), StatusMeaning::InProgress);
        assert!(StatusMeaning::Closed.is_final() && !StatusMeaning::Open.is_final());
    }
}
