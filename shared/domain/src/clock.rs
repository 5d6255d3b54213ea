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
    parse(text).map(|t| (t + time::Duration::minutes(330)).date())
}

/// Today's date in India (UTC+05:30): the dates staff enter are Indian dates, so days at a
/// stage are counted against this one.
pub fn today() -> time::Date {
    (OffsetDateTime::now_utc() + time::Duration::minutes(330)).date()
}
