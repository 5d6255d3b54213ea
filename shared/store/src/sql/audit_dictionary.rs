//! The preset dictionary that audit details are deflated with.
//!
//! A record's details are small (a complete record is the grievance's thirty-odd fields as
//! JSON, about 2.7 KB) and deflate alone finds little to share within one: every field name
//! and the shape around it is spelled out once per record, which was a third of each
//! compressed record (675 bytes on average). Deflate can start from a dictionary of text
//! that is likely to recur; this one holds the shape of a complete record with every field
//! name of a grievance, an officer entry's names and the status meanings, and takes a
//! complete record to 460 bytes on average (measured on 2,000 records of a seeded million):
//! about 215 MB less for a million grievances.
//!
//! It is data, not code: a record names the dictionary it was deflated with
//! (`audit_records.details_dictionary`, 0 for none), so this text must never change. A
//! better one is added as the next number.

/// Dictionary 1 (schema v8).
pub const DICTIONARY_1: &str = concat!(
    "{\"officer_name\":\"\",\"from_date\":\"\",\"to_date\":\"\",\"findings\":\"\"}\"open\",\"in_progress\",\"resolved\",\"closed\",false,true,\"T00:00:00Z\"{\"changes\":[{\"action\":\"added\",\"field\":\"action_taken_by_ig_office\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"assigned_to\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"assigned_to_name\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"brief_details\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"crime_title\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"cross_case\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"current_investigation_officer\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"date_for_scrutiny\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"date_of_inward\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"date_of_order\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"date_of_outward\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"district\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"district_id\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"filed_at\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"filed_by\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"filed_by_name\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"final_decision\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"fir_date\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"fir_no\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"grievance_number\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"id\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"investigation_officers\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"police_station\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"police_station_id\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"priority\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"priority_id\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"put_in_court\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"reason\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"received_date_after_scrutiny\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"resolved_at\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"scrutiny_officer_name\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"section_and_act\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"status\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"status_id\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"status_meaning\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"type_of_call\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"updated_at\",\"newValue\":null,\"oldValue\":null},",
    "{\"action\":\"added\",\"field\":\"version\",\"newValue\":null,\"oldValue\":null}],\"summary\":\"Grievance GRV-2026-000000 created (FIR /2026/00000)\"}",
);
