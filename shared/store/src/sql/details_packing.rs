//! How a grievance's details text (`grievance_details.details`) is kept: packed with LZ4 from
//! a preset dictionary, the dictionary's number beside it (`grievance_details.dictionary`).
//!
//! The details text is the record's fields without a column of their own, as JSON under the
//! record's own names, about 500 bytes for a case with its officers' entries filled in. Most
//! of what a compressor alone could not shrink in so short a text is the names and the shape
//! around them, spelled out once per row. From a dictionary of them (2,000 rows of a seeded
//! million measured), LZ4 keeps a row in 238 bytes and unpacks it in 0.2 µs; deflate from the
//! same dictionary kept it in 185 bytes but took 2 µs, and a list page unpacks fifty rows for
//! every request (its first page answered 14 % fewer requests a second). LZ4 without the
//! dictionary kept 411 bytes.
//!
//! A dictionary is data, not code: rows name theirs, so its text never changes; a better one
//! is added as the next number. It holds names and shapes only, the words of the record's
//! type, never a value of anyone's case.

/// The dictionary new details are packed with.
pub const CURRENT: i64 = 1;

/// The longest details text unpacked: far above any record the API accepts, so that a damaged
/// length cannot make a read ask for gigabytes.
const MOST_BYTES: usize = 4 << 20;

fn dictionary(number: i64) -> Result<&'static [u8], String> {
    match number {
        1 => Ok(DICTIONARY_1.as_bytes()),
        n => Err(format!("unknown dictionary {n}")),
    }
}

/// `text` as kept: its length (4 bytes, little-endian), then the LZ4 block packed from
/// dictionary `number`.
pub fn pack(text: &str, number: i64) -> Result<Vec<u8>, String> {
    Ok(lz4_flex::block::compress_prepend_size_with_dict(text.as_bytes(), dictionary(number)?))
}

/// The text kept as `bytes`, packed from dictionary `number`: an error for bytes that are not
/// a whole block of UTF-8 text of the length they name.
pub fn unpack(bytes: &[u8], number: i64) -> Result<String, String> {
    let words = dictionary(number)?;
    let (length, block) = bytes.split_first_chunk::<4>().ok_or("no length")?;
    let length = u32::from_le_bytes(*length) as usize;
    if length > MOST_BYTES {
        return Err(format!("a length of {length} bytes"));
    }
    let mut text = vec![0; length];
    let written = lz4_flex::block::decompress_into_with_dict(block, &mut text, words).map_err(|e| e.to_string())?;
    if written != length {
        return Err(format!("{written} bytes of {length}"));
    }
    String::from_utf8(text).map_err(|e| e.to_string())
}

/// Dictionary 1 (schema 21): the details' names in the order they are written (by name), the
/// shapes of an officer's entry, a closure request and an escalation, the status meanings and
/// the laws a section is written under. A match reaches back at most 64 KiB, and nearer
/// copies cost no more: the most common names come last, nearest the text.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_comes_back_whole_and_smaller() {
        let text = r#"{"filed_by_name":"निरीक्षक अनीता वर्मा","investigation_officers":[{"findings":"Statements recorded.","from_date":"2024-07-02","officer_name":"SI Harpreet Kaur","to_date":"2024-08-01"}],"reason":"Delay in Investigation","refs":{"reasons":50},"section_and_act":"303 BNS","status_meaning":"open","type_of_call":"Walk-in"}"#;
        let bytes = pack(text, CURRENT).unwrap();
        assert!(bytes.len() * 3 < text.len() * 2, "{} bytes for {}", bytes.len(), text.len());
        assert_eq!(unpack(&bytes, CURRENT).unwrap(), text);
        assert_eq!(unpack(&pack("", CURRENT).unwrap(), CURRENT).unwrap(), "");
    }

    #[test]
    fn damaged_bytes_are_an_error_not_other_text() {
        let bytes = pack(r#"{"filed_by_name":"SI Harpreet Kaur","status_meaning":"open"}"#, CURRENT).unwrap();
        assert!(unpack(&bytes[..bytes.len() - 3], CURRENT).is_err(), "a cut block");
        assert!(unpack(&bytes[..2], CURRENT).is_err(), "no length");
        let mut long = bytes.clone();
        long[..4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(unpack(&long, CURRENT).unwrap_err(), format!("a length of {} bytes", u32::MAX));
        let mut longer = bytes.clone();
        longer[0] += 1;
        assert!(unpack(&longer, CURRENT).is_err(), "a length the block does not fill");
        assert_eq!(unpack(&bytes, 2).unwrap_err(), "unknown dictionary 2");
    }
}
