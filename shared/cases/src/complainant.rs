//! Who a case's messages go to: its first complainant (or informant) with a mobile that can
//! take an SMS (`domain::citizen::sms_number`). Read by the events a change raises
//! (`crate::notices`) and by the messages written for them (`crate::citizen`).

use crate::record::Grievance;
use domain::parties::PartyRole;

/// The number the case's messages go to: its first complainant's mobile that can take an SMS.
pub fn mobile_of(g: &Grievance) -> Option<String> {
    g.fields.parties.iter().filter(|p| p.role == PartyRole::Complainant).find_map(|p| p.mobile.as_ref().and_then(|m| domain::citizen::sms_number(m.as_str())))
}

/// The complainant's name, for the templates that greet them.
pub fn name_of(g: &Grievance) -> String {
    g.fields.parties.iter().find(|p| p.role == PartyRole::Complainant).map(|p| p.name.clone()).unwrap_or_default()
}
