//! What an Admin maintains of the law in the portal: the statutory clock rules in force and
//! the offences added to (or corrected in) the shipped reference list. Saved as one record
//! with a revision, so that two Admins editing at once cannot overwrite each other unseen.

use super::clocks::ClockRules;
use super::reference::Offence;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LawSettings {
    /// 0 until an Admin first saves; each save moves it on by one.
    pub revision: i64,
    pub clock_rules: ClockRules,
    /// The Admin's entries of the reference list ([`super::reference::in_force`]).
    #[serde(default)]
    pub offences: Vec<Offence>,
}

impl Default for LawSettings {
    /// As the portal ships: its clock rules, no additions.
    fn default() -> Self {
        LawSettings { revision: 0, clock_rules: ClockRules::shipped().clone(), offences: Vec::new() }
    }
}
