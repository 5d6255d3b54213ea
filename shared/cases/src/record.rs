use domain::grievance::GrievanceFields;
use domain::lists::StatusMeaning;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A stored grievance: what staff filled in, and what the server keeps about it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Grievance {
    pub id: i64,
    pub grievance_number: String,
    #[serde(flatten)]
    pub fields: GrievanceFields,
    /// The admin-list items the grievance names. The names in the fields above are the
    /// items' current names (an item renamed in the Admin Panel is renamed here too); the
    /// ids are what filters, counts and rules go by.
    pub district_id: Option<i64>,
    pub police_station_id: Option<i64>,
    pub status_id: Option<i64>,
    pub priority_id: Option<i64>,
    /// What its status means (open, in progress, resolved, closed): resolution dates and
    /// figures follow this, never the status's label.
    pub status_meaning: StatusMeaning,
    pub filed_by: i64,
    pub filed_by_name: String,
    pub assigned_to: Option<i64>,
    pub assigned_to_name: Option<String>,
    pub filed_at: String,
    pub updated_at: String,
    /// When the grievance last entered Resolved or Closed.
    pub resolved_at: Option<String>,
    /// Bumped by every change; a change based on an older version is refused (409).
    pub version: i64,
    /// A closure waiting for another officer's approval ("Closure pending"); null otherwise.
    #[serde(default)]
    pub closure: Option<domain::grievance::ClosureRequest>,
    /// Where it was escalated, overdue at its stage; null while it is not.
    #[serde(default)]
    pub escalation: Option<domain::escalation::Escalation>,
    /// The actions recorded that start, meet or restart its statutory clocks (the informant
    /// told of progress, the investigation completed, ...), in the order recorded. Absent
    /// when there are none, and on list rows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clock_events: Vec<domain::law::ClockEvent>,
    /// The earliest due day of its statutory clocks still open (neither met nor ended), by
    /// the rules in force when it was last written (`statutory::next_due`). Today never moves
    /// it, so a store indexes it once per change: "missed" is a due day before today, "due
    /// within N days" one from today to N days on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub next_due: Option<domain::day::Day>,
    /// Every run of its statutory clocks that carries a duty, by the same rules
    /// (`statutory::kept_runs`): what the compliance report counts, kept with the case so a
    /// store can tally it by filing day. An index, never in an answer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schema(ignore)]
    pub clock_runs: Vec<domain::law::KeptRun>,
    /// What a search of the list may find of its people (`domain::parties::findable_text`),
    /// by the reference list in force when it was last written: none of a sensitive case's
    /// victims. An index, never in an answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(ignore)]
    pub people_text: Option<String>,
}

impl Grievance {
    /// The record without what a store indexes of it (`indexes`): as an answer or the audit
    /// trail gives it.
    pub fn without_indexes(self) -> Grievance {
        Grievance { clock_runs: Vec::new(), people_text: None, ..self }
    }

    /// Who may see it without view_all: the one who filed it and the one assigned to it.
    pub fn visible_to(&self) -> Vec<i64> {
        let mut users = vec![self.filed_by];
        if let Some(a) = self.assigned_to {
            if a != self.filed_by {
                users.push(a);
            }
        }
        users
    }
}

/// Who makes a change, as the audit trail records them.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Actor {
    pub user_id: i64,
    pub name: String,
    pub email: String,
    pub role: String,
    pub ip: String,
    pub user_agent: String,
    pub session_id: String,
    /// Whether their role needs another officer's approval to resolve or close a case:
    /// their move to such a status becomes a closure request. Not recorded.
    #[serde(skip)]
    pub needs_closure_approval: bool,
    /// Who made their account and who last reset its credentials: a closure request is not
    /// decided by an account its requester made or reset since asking. Not recorded.
    #[serde(skip)]
    pub hands: domain::user::CredentialHands,
    /// The bulk action this change is one of: its id goes into each record's details
    /// (`"batch"`). Not recorded otherwise.
    #[serde(skip)]
    pub batch: Option<String>,
}
