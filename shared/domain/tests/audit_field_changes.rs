//! An update's audit record, field by field: the names, their order and the values auditors
//! read, written out here in full so that how the list is made can change without the record
//! changing.

use domain::grievance::{Day, FirNumber, GrievanceFields, OfficerEntry};
use domain::audit::{field_changes, FieldChange};
use domain::law::{Act, ChargedSection, SectionNo};
use serde_json::json;

fn officer(name: &str, from: &str) -> OfficerEntry {
    OfficerEntry { officer_name: name.into(), from_date: Day::parse(from), to_date: None, findings: String::new() }
}

/// A record with every field set.
fn before() -> GrievanceFields {
    GrievanceFields {
        type_of_call: Some("Walk-in".into()),
        fir_no: FirNumber::parse("FIR/1").unwrap(),
        fir_date: Day::parse("2026-01-01").unwrap(),
        section_and_act: "379 IPC".into(),
        sections: vec![ChargedSection::new(Act::Ipc, SectionNo::parse("379").unwrap())],
        crime_title: "Theft".into(),
        district: "North".into(),
        police_station: "Central".into(),
        status: "Open".into(),
        priority: "Medium".into(),
        put_in_court: false,
        cross_case: true,
        reason: Some("Delay".into()),
        current_investigation_officer: Some("SI Rao".into()),
        investigation_officers: vec![officer("SI Rao", "2026-01-02")],
        brief_details: "A phone was taken at the market.".into(),
        date_of_order: Day::parse("2026-01-03"),
        date_of_inward: Day::parse("2026-01-04"),
        date_for_scrutiny: Day::parse("2026-01-05"),
        scrutiny_officer_name: Some("Insp. Das".into()),
        received_date_after_scrutiny: Day::parse("2026-01-06"),
        date_of_outward: Day::parse("2026-01-07"),
        action_taken_by_ig_office: Some("Report called for".into()),
        final_decision: Some("Pending".into()),
        parties: Vec::new(),
        sensitive_mark: None,
        publication_withheld: None,
        citizen_language: domain::citizen::Language::En,
        sms_consent: false,
        progress_updates: Vec::new(),
        feedback: Vec::new(),
        appeals: Vec::new(),
    }
}

/// The same record with every field changed: some optional ones emptied, the others given
/// other values.
fn after() -> GrievanceFields {
    GrievanceFields {
        type_of_call: None,
        fir_no: FirNumber::parse("FIR/2").unwrap(),
        fir_date: Day::parse("2026-02-01").unwrap(),
        section_and_act: "420 IPC".into(),
        sections: vec![ChargedSection { offence_date: Day::parse("2024-05-01"), ..ChargedSection::new(Act::Ipc, SectionNo::parse("420").unwrap()) }],
        crime_title: "Fraud".into(),
        district: "South".into(),
        police_station: "Harbour".into(),
        status: "In Progress".into(),
        priority: "High".into(),
        put_in_court: true,
        cross_case: false,
        reason: Some("Negligence".into()),
        current_investigation_officer: None,
        investigation_officers: vec![officer("SI Rao", "2026-02-02"), officer("ASI Khan", "2026-02-03")],
        brief_details: "A wallet was taken at the station.".into(),
        date_of_order: None,
        date_of_inward: Day::parse("2026-02-04"),
        date_for_scrutiny: None,
        scrutiny_officer_name: Some("Insp. Sen".into()),
        received_date_after_scrutiny: None,
        date_of_outward: Day::parse("2026-02-07"),
        action_taken_by_ig_office: None,
        final_decision: Some("Disposed of".into()),
        parties: Vec::new(),
        sensitive_mark: None,
        publication_withheld: None,
        citizen_language: domain::citizen::Language::Hi,
        sms_consent: true,
        progress_updates: Vec::new(),
        feedback: Vec::new(),
        appeals: Vec::new(),
    }
}

fn change(field: &'static str, old: Option<&str>, new: Option<&str>) -> FieldChange {
    FieldChange { field, old_value: old.map(String::from), new_value: new.map(String::from), details: None }
}

fn officers_change() -> FieldChange {
    let summary = "changed investigation_officers[0], added investigation_officers[1]";
    FieldChange {
        field: "investigation_officers",
        old_value: Some("1 officer(s)".into()),
        new_value: Some(format!("2 officer(s): {summary}")),
        details: Some(json!({"summary": summary, "changes": [
            {"field": "investigation_officers[0]", "action": "changed", "oldValue": "SI Rao (2026-01-02 to -)", "newValue": "SI Rao (2026-02-02 to -)"},
            {"field": "investigation_officers[1]", "action": "added", "oldValue": null, "newValue": "ASI Khan (2026-02-03 to -)"},
        ]})),
    }
}

#[test]
fn every_changed_field_is_recorded_in_the_order_of_the_form_status_and_priority_apart() {
    let expected = vec![
        change("type_of_call", Some("Walk-in"), None),
        change("fir_no", Some("FIR/1"), Some("FIR/2")),
        change("fir_date", Some("2026-01-01"), Some("2026-02-01")),
        change("section_and_act", Some("379 IPC"), Some("420 IPC")),
        change("crime_title", Some("Theft"), Some("Fraud")),
        change("district", Some("North"), Some("South")),
        change("police_station", Some("Central"), Some("Harbour")),
        change("put_in_court", Some("No"), Some("Yes")),
        change("cross_case", Some("Yes"), Some("No")),
        change("reason", Some("Delay"), Some("Negligence")),
        change("current_investigation_officer", Some("SI Rao"), None),
        change("brief_details", Some("A phone was taken at the market."), Some("A wallet was taken at the station.")),
        change("date_of_order", Some("2026-01-03"), None),
        change("date_of_inward", Some("2026-01-04"), Some("2026-02-04")),
        change("date_for_scrutiny", Some("2026-01-05"), None),
        change("scrutiny_officer_name", Some("Insp. Das"), Some("Insp. Sen")),
        change("received_date_after_scrutiny", Some("2026-01-06"), None),
        change("date_of_outward", Some("2026-01-07"), Some("2026-02-07")),
        change("action_taken_by_ig_office", Some("Report called for"), None),
        change("final_decision", Some("Pending"), Some("Disposed of")),
        change("sms_consent", Some("No"), Some("Yes")),
        change("sections", Some("IPC 379"), Some("IPC 420 (offence 2024-05-01)")),
        officers_change(),
        change("citizen_language", Some("English"), Some("Hindi")),
    ];
    assert_eq!(field_changes(&before(), &after(), false), expected);
}

#[test]
fn a_field_filled_in_is_recorded_from_nothing() {
    let empty = GrievanceFields::default();
    let filled = GrievanceFields { scrutiny_officer_name: Some("Insp. Das".into()), put_in_court: true, ..GrievanceFields::default() };
    assert_eq!(
        field_changes(&empty, &filled, false),
        vec![change("put_in_court", Some("No"), Some("Yes")), change("scrutiny_officer_name", None, Some("Insp. Das"))]
    );
    assert_eq!(
        field_changes(&filled, &empty, false),
        vec![change("put_in_court", Some("Yes"), Some("No")), change("scrutiny_officer_name", Some("Insp. Das"), None)]
    );
}

#[test]
fn an_unchanged_record_has_no_changes_and_empty_text_is_text() {
    assert_eq!(field_changes(&before(), &before(), false), vec![]);
    let blank = GrievanceFields { reason: Some(String::new()), ..GrievanceFields::default() };
    assert_eq!(field_changes(&GrievanceFields::default(), &blank, false), vec![change("reason", None, Some(""))]);
    let moved = GrievanceFields { status: "Closed".into(), priority: "High".into(), ..before() };
    assert_eq!(field_changes(&before(), &moved, false), vec![], "status and priority have actions of their own");
}

#[test]
fn the_people_are_one_change_and_a_protected_victim_is_written_protected() {
    let party = |role: &str, name: &str, mobile: &str| -> domain::parties::Party {
        serde_json::from_value(json!({"role": role, "name": name, "mobile": mobile})).unwrap()
    };
    let complainant = party("complainant", "Ram Lal", "+919812345678");
    let before = GrievanceFields { parties: vec![complainant.clone()], ..GrievanceFields::default() };
    let after = GrievanceFields { parties: vec![complainant.clone(), party("victim", "Asha Devi", "+919876543210")], ..GrievanceFields::default() };
    assert_eq!(
        field_changes(&before, &after, false),
        vec![change("parties", Some("Complainant: Ram Lal, +919812345678"), Some("Complainant: Ram Lal, +919812345678; Victim: Asha Devi, +919876543210"))]
    );
    let protected = field_changes(&before, &after, true);
    assert_eq!(
        protected,
        vec![change("parties", Some("Complainant: Ram Lal, +919812345678"), Some("Complainant: Ram Lal, +919812345678; Victim: Identity protected (BNS s.72)"))]
    );
    // The victim's name corrected on a sensitive case: recorded as changed, not what it became.
    let corrected = GrievanceFields { parties: vec![complainant, party("victim", "Asha Kumari", "+919876543210")], ..GrievanceFields::default() };
    let changes = field_changes(&after, &corrected, true);
    assert_eq!(changes[0].new_value.as_deref(), Some("Complainant: Ram Lal, +919812345678; Victim: Identity protected (BNS s.72) (a protected identity changed)"));
    assert!(!format!("{changes:?}").contains("Asha"), "{changes:?}");
}
