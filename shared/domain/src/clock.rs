//! Time as the portal records it: UTC, RFC 3339 text, whole seconds.

use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

pub fn now() -> OffsetDateTime {
    let now = OffsetDateTime::now_utc();
    now.replace_nanosecond(0).unwrap_or(now)
}

pub fn to_text(t: OffsetDateTime) -> String {
    t.format(&Rfc3339).expect("a UTC time formats as RFC 3339")
}

pub fn now_text() -> String {
    to_text(now())
}

pub fn parse(text: &str) -> Option<OffsetDateTime> {
    OffsetDateTime::parse(text, &Rfc3339).ok()
}

/// Now, to the microsecond: orders records made within one second.
pub fn now_precise_text() -> String {
    let now = OffsetDateTime::now_utc();
    let now = now.replace_nanosecond(now.nanosecond() / 1000 * 1000).unwrap_or(now);
    now.format(&Rfc3339).expect("a UTC time formats as RFC 3339")
}

/// The date in India (UTC+05:30) of a time as the portal records it; `None` for text that is
/// not one.
pub fn india_date(text: &str) -> Option<time::Date> {
    parse(text).map(day_in_india)
}

/// The first moment of a day in India as a UTC time, to the second and without its zone
/// ("2026-11-29T18:30:00" for 30 November): a prefix of every time the portal records in that
/// second, so that it compares below all of them and above every earlier one.
pub fn india_day_start(day: time::Date) -> String {
    let start = time::PrimitiveDateTime::new(day, time::Time::MIDNIGHT).assume_utc() - time::Duration::minutes(330);
    format!("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}", start.year(), u8::from(start.month()), start.day(), start.hour(), start.minute(), start.second())
}

/// Today's date in India (UTC+05:30): the dates staff enter are Indian dates, so days at a
/// stage are counted against this one.
pub fn today() -> time::Date {
    day_in_india(OffsetDateTime::now_utc())
}

/// The date in India at `t`.
pub fn day_in_india(t: OffsetDateTime) -> time::Date {
    (t + time::Duration::minutes(330)).date()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_in_india_starts_at_half_past_six_the_evening_before_in_utc_and_compares_below_its_times() {
        let day = time::Date::from_calendar_date(2026, time::Month::November, 30).unwrap();
        let start = india_day_start(day);
        assert_eq!(start, "2026-11-29T18:30:00");
        assert!("2026-11-29T18:30:00Z" >= start.as_str());
        assert!("2026-11-29T18:30:00.000001Z" >= start.as_str());
        assert!("2026-11-29T18:29:59.999999Z" < start.as_str());
        assert_eq!(india_date("2026-11-29T18:30:00Z"), Some(day));
    }
}
