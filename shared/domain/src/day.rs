//! A calendar day of a case, as staff enter it and the store keeps it.

use serde::{Deserialize, Serialize};
use time::{Date, Month};
use utoipa::ToSchema;

/// Parses a date given as `YYYY-MM-DD` (or the date part of an ISO date-time).
pub fn parse_date(text: &str) -> Option<Date> {
    let day = text.trim().get(..10)?;
    let mut parts = day.split('-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if y.len() != 4 || m.len() != 2 || d.len() != 2 || parts.next().is_some() {
        return None;
    }
    let month = Month::try_from(m.parse::<u8>().ok()?).ok()?;
    Date::from_calendar_date(y.parse().ok()?, month, d.parse().ok()?).ok()
}

fn date_text(date: Date) -> String {
    format!("{:04}-{:02}-{:02}", date.year(), u8::from(date.month()), date.day())
}

/// A calendar day of a case (the FIR's, an order's, an officer's stint), written `YYYY-MM-DD`
/// as the forms send it and the store keeps it, so that days order as their text does. A
/// form's date becomes one through [`Day::parse`] only; a record read back from the store
/// holds what was parsed when it was written, so it is taken as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct Day(String);

impl Day {
    /// The day in `text` (`YYYY-MM-DD`, or the date part of an ISO date-time).
    pub fn parse(text: &str) -> Option<Day> {
        parse_date(text).map(Day::of)
    }

    pub fn of(date: Date) -> Day {
        Day(date_text(date))
    }

    /// The calendar date; `None` only for the empty day of a record not yet filled in.
    pub fn date(&self) -> Option<Date> {
        parse_date(&self.0)
    }
}


crate::text_type!(Day);
