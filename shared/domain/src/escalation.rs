//! Escalation: a grievance overdue at its stage goes one level above its police
//! station, to the district, then the range, then the state, as the days past its limit reach
//! the waits the Admin Panel sets per level. Pure rules; the run over the grievances is
//! `cases::escalation`.

use crate::messages::Msg;
use crate::wire::Sent;
use crate::jurisdiction::{Organisation, Posting};
use crate::{Error, FieldErrors, Result};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The levels above a police station, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EscalationLevel {
    District,
    Range,
    State,
}

impl EscalationLevel {
    pub const ALL: [EscalationLevel; 3] = [EscalationLevel::District, EscalationLevel::Range, EscalationLevel::State];

    pub fn as_str(self) -> &'static str {
        match self {
            EscalationLevel::District => "district",
            EscalationLevel::Range => "range",
            EscalationLevel::State => "state",
        }
    }
}

/// How many days past its stage's limit a grievance waits before it is escalated to each
/// level (set in the Admin Panel). Each level waits at least as long as the one below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct EscalationRules {
    pub district_days: u32,
    pub range_days: u32,
    pub state_days: u32,
}

/// As a department starts: to the district as soon as a case is overdue, to the range a week
/// later, to the state a fortnight later.
pub const DEFAULT_RULES: EscalationRules = EscalationRules { district_days: 0, range_days: 7, state_days: 14 };
/// The longest wait the Admin Panel accepts.
pub const MAX_WAIT_DAYS: u32 = 365;

/// The escalation waits as the Admin Panel sends them: whole days from 0 to 365 each.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct EscalationRulesForm {
    #[serde(default)]
    #[schema(value_type = u32)]
    pub district_days: Sent<u64>,
    #[serde(default)]
    #[schema(value_type = u32)]
    pub range_days: Sent<u64>,
    #[serde(default)]
    #[schema(value_type = u32)]
    pub state_days: Sent<u64>,
}

impl Default for EscalationRules {
    fn default() -> Self {
        DEFAULT_RULES
    }
}

impl EscalationRules {
    /// Reads the Admin Panel's form, every field required.
    pub fn parse(form: EscalationRulesForm) -> Result<EscalationRules> {
        let mut errors = FieldErrors::default();
        let mut wait = |field: &str, sent: Sent<u64>| -> u32 {
            match sent.given().filter(|d| *d <= u64::from(MAX_WAIT_DAYS)) {
                Some(days) => days as u32,
                None => {
                    errors.add(field, Msg::EscalationWaitInvalid);
                    0
                }
            }
        };
        let rules = EscalationRules {
            district_days: wait("district_days", form.district_days),
            range_days: wait("range_days", form.range_days),
            state_days: wait("state_days", form.state_days),
        };
        errors.finish()?;
        if rules.range_days < rules.district_days {
            return Err(Error::field("range_days", Msg::EscalationWaitsOrder));
        }
        if rules.state_days < rules.range_days {
            return Err(Error::field("state_days", Msg::EscalationWaitsOrder));
        }
        Ok(rules)
    }

    pub fn wait(&self, level: EscalationLevel) -> u32 {
        match level {
            EscalationLevel::District => self.district_days,
            EscalationLevel::Range => self.range_days,
            EscalationLevel::State => self.state_days,
        }
    }
}

/// A grievance's escalation: the level reached, the posting that holds it, when and how late.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Escalation {
    pub level: EscalationLevel,
    /// The posting the case is escalated to: `{"level": "district", "id": 4}`,
    /// `{"level": "range", "range": "Agra Range"}` or `{"level": "state"}`.
    #[schema(value_type = crate::jurisdiction::PostingWire)]
    pub to: Posting,
    pub escalated_at: String,
    /// Days past its stage's limit when it was escalated, or past the due day of the
    /// statutory clock it missed (`missed_clock`) when that was longer.
    pub days_overdue: i64,
    /// The statutory clock rule (its id) whose missed due day it was escalated for; absent
    /// when it was its stage's limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missed_clock: Option<String>,
}

/// A posting as one text, for an index of the grievances escalated to it.
pub fn posting_key(posting: &Posting) -> String {
    match posting {
        Posting::State => "state".to_string(),
        Posting::Range(name) => format!("range:{name}"),
        Posting::District(id) => format!("district:{id}"),
        Posting::Station(id) => format!("station:{id}"),
    }
}

/// The posting of `level` above a grievance lying at `district`/`station`, when the
/// organisation has one (a district outside every range has no range above it).
pub fn posting_above(org: &Organisation, level: EscalationLevel, district: Option<i64>, station: Option<i64>) -> Option<Posting> {
    let district = org.district_for(district, station);
    match level {
        EscalationLevel::District => district.map(Posting::District),
        EscalationLevel::Range => district.and_then(|d| org.range_of(d)).map(|r| Posting::Range(r.to_string())),
        EscalationLevel::State => Some(Posting::State),
    }
}

/// Where a grievance `days_overdue` past its limit is to be escalated now, if higher than
/// `current`: the highest level whose wait it has reached and which the organisation has
/// above it. `None` when it stays where it is: escalation goes up, once per level.
pub fn next(
    rules: &EscalationRules,
    org: &Organisation,
    district: Option<i64>,
    station: Option<i64>,
    days_overdue: i64,
    current: Option<EscalationLevel>,
) -> Option<(EscalationLevel, Posting)> {
    EscalationLevel::ALL
        .into_iter()
        .rev()
        .filter(|level| days_overdue >= i64::from(rules.wait(*level)) && Some(*level) > current)
        .find_map(|level| Some((level, posting_above(org, level, district, station)?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(body: serde_json::Value) -> EscalationRulesForm {
        serde_json::from_value(body).expect("a form takes any object")
    }
    use serde_json::json;

    /// Station 11 in district 1 of the "Agra" range; station 31 in district 3, in no range.
    fn org() -> Organisation {
        Organisation::new([(11, Some(1)), (31, Some(3))], [(1, Some("Agra".to_string())), (3, None)])
    }

    #[test]
    fn a_case_goes_up_a_level_as_its_days_past_the_limit_reach_each_wait() {
        let rules = DEFAULT_RULES;
        let at = |days, current| next(&rules, &org(), None, Some(11), days, current);
        assert_eq!(at(0, None), Some((EscalationLevel::District, Posting::District(1))));
        assert_eq!(at(0, Some(EscalationLevel::District)), None, "once per level");
        assert_eq!(at(7, Some(EscalationLevel::District)), Some((EscalationLevel::Range, Posting::Range("Agra".into()))));
        assert_eq!(at(20, None), Some((EscalationLevel::State, Posting::State)), "a run that finds it late goes straight to the level due");
        assert_eq!(at(20, Some(EscalationLevel::State)), None);
        assert_eq!(at(-1, None), None, "not overdue");
    }

    #[test]
    fn a_level_the_organisation_lacks_is_passed_over() {
        let rules = DEFAULT_RULES;
        assert_eq!(next(&rules, &org(), None, Some(31), 8, Some(EscalationLevel::District)), None, "district 3 is in no range");
        assert_eq!(next(&rules, &org(), None, Some(31), 14, Some(EscalationLevel::District)), Some((EscalationLevel::State, Posting::State)));
        assert_eq!(next(&rules, &org(), None, None, 3, None), None, "a case at no station or district waits for the state");
        assert_eq!(next(&rules, &org(), Some(3), None, 3, None), Some((EscalationLevel::District, Posting::District(3))));
    }

    #[test]
    fn the_rules_are_whole_days_in_order() {
        assert_eq!(EscalationRules::parse(form(json!({"district_days": 2, "range_days": 5, "state_days": 9}))).unwrap(), EscalationRules { district_days: 2, range_days: 5, state_days: 9 });
        let Err(Error::Validation { fields, .. }) = EscalationRules::parse(form(json!({"district_days": -1, "range_days": "5", "state_days": 400}))) else { panic!() };
        assert_eq!(fields.len(), 3);
        assert_eq!(fields["district_days"], Msg::EscalationWaitInvalid);
        assert_eq!(EscalationRules::parse(form(json!({"district_days": 5, "range_days": 2, "state_days": 9}))).unwrap_err(), Error::field("range_days", Msg::EscalationWaitsOrder));
    }
}
