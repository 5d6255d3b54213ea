//! The paging cursors the API hands out. An engine's cursor is its position in a list: keys of
//! an index, a row's number, or the number of a grievance the caller passed over without
//! seeing it. The API never hands that out as it is: it is sealed for the caller and the list
//! it pages (`auth::tokens::TokenKeys::seal_cursor`), so that it tells nothing, and a cursor
//! that was altered, made up or taken from another user is refused.

use domain::Msg;
use crate::{AppState, Caller};
use domain::Error;

/// The lists that hand out cursors, each its own, so a cursor of one is refused by another.
pub const GRIEVANCES: &str = "grievances";
pub const LOOKUP: &str = "lookup";
pub const NOTIFICATIONS: &str = "notifications";
pub const TRASH: &str = "trash";

/// The engine's position a cursor the caller sent holds (400 for one it cannot hold).
pub fn open(state: &AppState, caller: &Caller, list: &str, cursor: Option<String>) -> Result<Option<String>, Error> {
    match cursor {
        None => Ok(None),
        Some(sealed) => state.tokens.open_cursor(caller.user().id, list, &sealed).map(Some).ok_or_else(|| Error::BadRequest(Msg::CursorInvalid)),
    }
}

/// The cursor the caller is handed for the engine's position `position`.
pub fn seal(state: &AppState, caller: &Caller, list: &str, position: Option<String>) -> Option<String> {
    position.map(|p| state.tokens.seal_cursor(caller.user().id, list, &p))
}
