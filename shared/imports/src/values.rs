//! Values as staff write them in registers, read as the portal keeps them: dates in the
//! forms Indian offices use, digits written in Devanagari, police stations named with or
//! without "PS".

use time::{Date, Month};

/// Devanagari digits (०१२३४५६७८९) as ASCII ones; everything else as it is.
pub fn ascii_digits(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{0966}'..='\u{096F}' => char::from(b'0' + (c as u32 - 0x0966) as u8),
            other => other,
        })
        .collect()
}

/// A date as `YYYY-MM-DD`, from any of: `dd/mm/yyyy` (also with `-` or `.`, and a two-digit
/// year), `d-MMM-yy` or `d MMM yyyy` (months named in English, short or long),
/// `yyyy-mm-dd` (with a time after it or not), and an Excel day number. Digits may be
/// Devanagari. `None` for anything else, or a day that does not exist.
pub fn date(text: &str, this_year: i32) -> Option<String> {
    let text = ascii_digits(text.trim());
    let text = text.split(['T', ' ']).next().filter(|first| first.len() >= 8 && first.contains('-') && first.as_bytes()[4] == b'-').unwrap_or(&text);
    let parts: Vec<&str> = text.split(['/', '-', '.', ' ']).filter(|p| !p.is_empty()).collect();
    let day = match parts.as_slice() {
        [y, m, d] if y.len() == 4 => ymd(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?),
        [d, m, y] => {
            let year = year_of(y, this_year)?;
            match m.parse::<u8>() {
                Ok(m) => ymd(year, m, d.parse().ok()?),
                Err(_) => ymd(year, month_named(m)?, d.parse().ok()?),
            }
        }
        [serial] if serial.chars().all(|c| c.is_ascii_digit()) => excel_day(serial.parse().ok()?),
        _ => None,
    }?;
    Some(format!("{:04}-{:02}-{:02}", day.year(), day.month() as u8, day.day()))
}

fn ymd(year: i32, month: u8, day: u8) -> Option<Date> {
    Date::from_calendar_date(year, Month::try_from(month).ok()?, day).ok()
}

/// A four-digit year, or a two-digit one in the century that keeps it from the future.
fn year_of(text: &str, this_year: i32) -> Option<i32> {
    let year: i32 = text.parse().ok()?;
    match text.len() {
        4 => Some(year),
        2 if 2000 + year <= this_year => Some(2000 + year),
        2 => Some(1900 + year),
        _ => None,
    }
}

fn month_named(name: &str) -> Option<u8> {
    const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    let name = name.to_lowercase();
    let name = if name == "sept" { "sep" } else { name.as_str() };
    let position = MONTHS.iter().position(|m| name.starts_with(m) && (name.len() == 3 || full_month(m).starts_with(name)))?;
    Some(position as u8 + 1)
}

fn full_month(short: &str) -> &'static str {
    match short {
        "jan" => "january",
        "feb" => "february",
        "mar" => "march",
        "apr" => "april",
        "may" => "may",
        "jun" => "june",
        "jul" => "july",
        "aug" => "august",
        "sep" => "september",
        "oct" => "october",
        "nov" => "november",
        _ => "december",
    }
}

/// A day Excel wrote as its number (days since 30 December 1899), within 1950 to 2099: a
/// date cell a sheet lost the format of.
fn excel_day(serial: i64) -> Option<Date> {
    if !(18_264..=73_050).contains(&serial) {
        return None;
    }
    let start = Date::from_calendar_date(1899, Month::December, 30).ok()?;
    start.checked_add(time::Duration::days(serial))
}

/// A date cell's value (days since 30 December 1899, the time of day as the fraction) as
/// `YYYY-MM-DD`.
pub fn excel_date(serial: f64) -> Option<String> {
    let day = excel_day(serial.floor() as i64)?;
    Some(format!("{:04}-{:02}-{:02}", day.year(), day.month() as u8, day.day()))
}

/// A place's name as compared: capitals, dots and extra spaces aside, and without the words
/// "PS", "P.S.", "Police Station" or "Thana" before or after it ("PS Kotwali", "Kotwali P.S."
/// and "Kotwali" are one station).
pub fn place_key(name: &str) -> String {
    let cleaned: String = name.to_lowercase().chars().map(|c| if c == '.' || c == ',' || c == '_' { ' ' } else { c }).collect();
    let mut words: Vec<&str> = cleaned.split_whitespace().collect();
    let marks: [&[&str]; 4] = [&["police", "station"], &["p", "s"], &["ps"], &["thana"]];
    for _ in 0..2 {
        for mark in marks {
            if words.len() > mark.len() && words.starts_with(mark) {
                words.drain(..mark.len());
            }
            if words.len() > mark.len() && words.ends_with(mark) {
                words.truncate(words.len() - mark.len());
            }
        }
    }
    words.join(" ")
}

/// A header or field name as compared: letters and digits only, no capitals.
pub fn name_key(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_read_in_the_forms_offices_write_them() {
        for (written, kept) in [
            ("05/03/2023", "2023-03-05"),
            ("5-3-2023", "2023-03-05"),
            ("05.03.23", "2023-03-05"),
            ("5-Mar-23", "2023-03-05"),
            ("5 March 2023", "2023-03-05"),
            ("05-SEPT-2019", "2019-09-05"),
            ("2023-03-05", "2023-03-05"),
            ("2023-03-05 00:00:00", "2023-03-05"),
            ("2023-03-05T10:15:00Z", "2023-03-05"),
            ("०५/०३/२०२३", "2023-03-05"),
            ("44990", "2023-03-05"),
            ("1-Jan-99", "1999-01-01"),
        ] {
            assert_eq!(date(written, 2026).as_deref(), Some(kept), "{written}");
        }
        for nonsense in ["31/02/2023", "13/13/2023", "yesterday", "5-Mat-23", "12345", "", "2023"] {
            assert_eq!(date(nonsense, 2026), None, "{nonsense}");
        }
    }

    #[test]
    fn stations_are_one_with_or_without_ps() {
        for name in ["PS Kotwali", "Kotwali P.S.", "kotwali  ps", "Police Station Kotwali", "Thana Kotwali", "KOTWALI"] {
            assert_eq!(place_key(name), "kotwali", "{name}");
        }
        assert_eq!(place_key("PS"), "ps", "a station called only PS keeps its name");
        assert_eq!(place_key("Civil Lines"), "civil lines");
    }

    #[test]
    fn devanagari_digits_become_ascii() {
        assert_eq!(ascii_digits("९८७६५४३२१० and 12"), "9876543210 and 12");
    }
}
