//! The police organisation as the portal knows it, and which grievances a user reaches in it.
//!
//! Police stations belong to a district, and a district may belong to a range (the Admin
//! Panel's lists say which: a station names its district, a district its range). A range is
//! a name districts share, with nothing of its own to keep, so it is not a list. Each user has a [`Posting`] at one level of that tree, and their
//! role a [`GrievanceScope`]: their own cases, their posting's, or the state's. The two give
//! the user's [`Reach`], the one value every read path applies; the engines turn it into key
//! conditions or SQL, never into a filter over another jurisdiction's rows.
//!
//! Where a grievance lies is decided by its police station when it has one (the station's
//! district is the organisation's, whatever district the form named), else by its district;
//! a grievance with neither lies in the state alone.

use crate::messages::Msg;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use utoipa::ToSchema;

/// Where a user serves: the whole state, a range (by name), or a district or police station
/// (an admin list item's id). Written as [`PostingWire`]. Users kept before postings existed
/// are posted at the state: what they see is still their role's to say.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(try_from = "PostingWire", into = "PostingWire")]
pub enum Posting {
    #[default]
    State,
    Range(String),
    District(i64),
    Station(i64),
}

/// How many times a grievance may be transferred between police stations until the Admin
/// Panel says otherwise (public grievance systems count and cap transfers).
pub const DEFAULT_TRANSFER_LIMIT: u32 = 3;
/// The most the Admin Panel may allow.
pub const MAX_TRANSFER_LIMIT: u32 = 20;

/// The level of a posting, as the API names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PostingLevel {
    State,
    Range,
    District,
    Station,
}

/// A posting as the API and the store write it: `{"level": "station", "id": 12}`,
/// `{"level": "district", "id": 4}`, `{"level": "range", "range": "Agra Range"}` or
/// `{"level": "state"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PostingWire {
    pub level: PostingLevel,
    /// The police station's or the district's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    /// The range's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<String>,
}

impl TryFrom<PostingWire> for Posting {
    type Error = Msg;

    fn try_from(wire: PostingWire) -> Result<Posting, Msg> {
        let id = wire.id.filter(|id| *id > 0);
        let range = wire.range.as_deref().map(str::trim).filter(|r| !r.is_empty() && r.chars().count() <= 100);
        match wire.level {
            PostingLevel::State => Ok(Posting::State),
            PostingLevel::Range => range.map(|r| Posting::Range(r.to_string())).ok_or(Msg::PostingChoice),
            PostingLevel::District => id.map(Posting::District).ok_or(Msg::PostingChoice),
            PostingLevel::Station => id.map(Posting::Station).ok_or(Msg::PostingChoice),
        }
    }
}

impl From<Posting> for PostingWire {
    fn from(posting: Posting) -> PostingWire {
        let (level, id, range) = match posting {
            Posting::State => (PostingLevel::State, None, None),
            Posting::Range(r) => (PostingLevel::Range, None, Some(r)),
            Posting::District(d) => (PostingLevel::District, Some(d), None),
            Posting::Station(s) => (PostingLevel::Station, Some(s), None),
        };
        PostingWire { level, id, range }
    }
}

/// As an audit note names it: "the state", "range Agra Range", "district 4", "police station 12".
impl std::fmt::Display for Posting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Posting::State => write!(f, "the state"),
            Posting::Range(r) => write!(f, "range {r}"),
            Posting::District(d) => write!(f, "district {d}"),
            Posting::Station(s) => write!(f, "police station {s}"),
        }
    }
}

impl Posting {
    /// A posting from a request's JSON (see [`PostingWire`]); anything else is
    /// [`Msg::PostingChoice`].
    pub fn parse(value: &serde_json::Value) -> Result<Posting, Msg> {
        serde_json::from_value::<PostingWire>(value.clone()).map_err(|_| Msg::PostingChoice)?.try_into()
    }
}

/// How far a role's holders see grievances. Ordered from the narrowest, for grants: a role
/// manager gives only a scope as wide as their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum GrievanceScope {
    /// The grievances they filed or are assigned.
    #[default]
    Own,
    /// Every grievance of their posting's station, district or range: where the case lies,
    /// not who filed it, so a case transferred away leaves the station's officers with it.
    Posting,
    /// Every grievance of the state.
    State,
}

impl GrievanceScope {
    pub fn as_str(self) -> &'static str {
        match self {
            GrievanceScope::Own => "own",
            GrievanceScope::Posting => "posting",
            GrievanceScope::State => "state",
        }
    }

    pub fn parse(text: &str) -> Option<GrievanceScope> {
        [GrievanceScope::Own, GrievanceScope::Posting, GrievanceScope::State].into_iter().find(|s| s.as_str() == text)
    }

    /// The scope of a role saved before scopes existed: `view_all` was the state, its absence
    /// one's own cases.
    pub fn of_view_all(view_all: bool) -> GrievanceScope {
        if view_all {
            GrievanceScope::State
        } else {
            GrievanceScope::Own
        }
    }

    /// Whether a role with this scope may hand out `other` (nobody grants a reach they do not
    /// hold themselves).
    pub fn covers(self, other: GrievanceScope) -> bool {
        self >= other
    }
}

/// The grievances one user reaches. Serialised in a background export's request, which is
/// read with the reach its requester had when they asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reach {
    /// Their own cases only.
    Own { user_id: i64 },
    /// Every grievance lying in the area.
    Area(Area),
    /// Every grievance.
    State,
}

/// A part of the state, as the engines can select it: the grievances at any of `stations`,
/// and those without a station in any of `districts`. Never empty of meaning: a district's
/// area names its stations and itself.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Area {
    pub stations: BTreeSet<i64>,
    pub districts: BTreeSet<i64>,
    /// The ranges the area covers whole (a range's or the state's): where users posted at a
    /// range serve inside it. Grievances lie at stations and districts, never at a range.
    pub ranges: BTreeSet<String>,
}

impl Area {
    /// Whether a grievance naming `district` and `station` lies here.
    pub fn holds(&self, district: Option<i64>, station: Option<i64>) -> bool {
        match station {
            Some(s) => self.stations.contains(&s),
            None => district.is_some_and(|d| self.districts.contains(&d)),
        }
    }
}

impl Reach {
    /// A user's reach from their role's scope and their posting. A posting scope at the state
    /// level is the state; an own scope ignores the posting.
    pub fn of(user_id: i64, scope: GrievanceScope, posting: &Posting, org: &Organisation) -> Reach {
        match (scope, posting) {
            (GrievanceScope::State, _) | (GrievanceScope::Posting, Posting::State) => Reach::State,
            (GrievanceScope::Own, _) => Reach::Own { user_id },
            (GrievanceScope::Posting, posting) => Reach::Area(org.area(posting)),
        }
    }

    /// Whether a grievance lies within reach: `district` and `station` as it names them,
    /// `people` the users it is "own" to (who filed it and who is assigned).
    pub fn holds(&self, district: Option<i64>, station: Option<i64>, people: &[i64]) -> bool {
        match self {
            Reach::State => true,
            Reach::Own { user_id } => people.contains(user_id),
            Reach::Area(area) => area.holds(district, station),
        }
    }
}

/// The tree of the organisation: each police station's district and each district's range.
/// Items not placed yet (a station without a district) belong to no district or range, so
/// only the state reaches them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Organisation {
    district_of: BTreeMap<i64, i64>,
    range_of: BTreeMap<i64, String>,
    /// The two maps above turned round, so that a posting's area (asked on every request of
    /// a district's or range's staff) is read from its own entries, not from the state's
    /// 1,500 stations.
    stations_in: BTreeMap<i64, Vec<i64>>,
    districts_in: BTreeMap<String, Vec<i64>>,
}

impl Organisation {
    /// From each station's district and each district's range (`None`: not placed).
    pub fn new(
        stations: impl IntoIterator<Item = (i64, Option<i64>)>,
        districts: impl IntoIterator<Item = (i64, Option<String>)>,
    ) -> Organisation {
        let district_of: BTreeMap<i64, i64> = stations.into_iter().filter_map(|(s, d)| Some((s, d?))).collect();
        let range_of: BTreeMap<i64, String> = districts.into_iter().filter_map(|(d, r)| Some((d, r?))).collect();
        let mut stations_in: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
        for (station, district) in &district_of {
            stations_in.entry(*district).or_default().push(*station);
        }
        let mut districts_in: BTreeMap<String, Vec<i64>> = BTreeMap::new();
        for (district, range) in &range_of {
            districts_in.entry(range.clone()).or_default().push(*district);
        }
        Organisation { district_of, range_of, stations_in, districts_in }
    }

    pub fn district_of(&self, station: i64) -> Option<i64> {
        self.district_of.get(&station).copied()
    }

    pub fn range_of(&self, district: i64) -> Option<&str> {
        self.range_of.get(&district).map(String::as_str)
    }

    /// The stations and districts a posting covers (for the state: every placed one).
    pub fn area(&self, posting: &Posting) -> Area {
        let districts: BTreeSet<i64> = match posting {
            Posting::Station(_) => BTreeSet::new(),
            Posting::District(d) => BTreeSet::from([*d]),
            Posting::Range(r) => self.districts_in.get(r).into_iter().flatten().copied().collect(),
            Posting::State => self.range_of.keys().chain(self.district_of.values()).copied().collect(),
        };
        let stations = match posting {
            Posting::Station(s) => BTreeSet::from([*s]),
            _ => districts.iter().filter_map(|d| self.stations_in.get(d)).flatten().copied().collect(),
        };
        let ranges = match posting {
            Posting::Range(r) => BTreeSet::from([r.clone()]),
            Posting::State => self.range_of.values().cloned().collect(),
            Posting::District(_) | Posting::Station(_) => BTreeSet::new(),
        };
        Area { stations, districts, ranges }
    }

    /// Whether posting `inner` lies within `outer`: a user manager posts others only inside
    /// their own posting.
    pub fn within(&self, inner: &Posting, outer: &Posting) -> bool {
        match (outer, inner) {
            (Posting::State, _) => true,
            (_, Posting::State) => false,
            (Posting::Range(r), Posting::Range(i)) => r == i,
            (Posting::Range(r), Posting::District(d)) => self.range_of(*d) == Some(r.as_str()),
            (Posting::Range(r), Posting::Station(s)) => self.district_of(*s).and_then(|d| self.range_of(d)) == Some(r.as_str()),
            (Posting::District(d), Posting::District(i)) => d == i,
            (Posting::District(d), Posting::Station(s)) => self.district_of(*s) == Some(*d),
            (Posting::Station(s), Posting::Station(i)) => s == i,
            (Posting::District(_) | Posting::Station(_), Posting::Range(_)) | (Posting::Station(_), Posting::District(_)) => false,
        }
    }

    /// Where a grievance naming `district` and `station` lies: the station's district when
    /// the station is placed, else the district named.
    pub fn district_for(&self, district: Option<i64>, station: Option<i64>) -> Option<i64> {
        station.and_then(|s| self.district_of(s)).or(district)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The "North" range holds districts 1 and 2; district 3 is in no range. Stations 11 and 12 are
    /// in district 1, 21 in district 2, 31 in district 3; station 99 is not placed.
    fn org() -> Organisation {
        Organisation::new([(11, Some(1)), (12, Some(1)), (21, Some(2)), (31, Some(3)), (99, None)], [(1, Some("North".to_string())), (2, Some("North".to_string())), (3, None)])
    }

    #[test]
    fn a_posting_covers_its_stations_and_districts() {
        let o = org();
        assert_eq!(o.area(&Posting::Station(12)), Area { stations: BTreeSet::from([12]), districts: BTreeSet::new(), ranges: BTreeSet::new() });
        assert_eq!(o.area(&Posting::District(1)), Area { stations: BTreeSet::from([11, 12]), districts: BTreeSet::from([1]), ranges: BTreeSet::new() });
        assert_eq!(o.area(&Posting::Range("North".into())), Area { stations: BTreeSet::from([11, 12, 21]), districts: BTreeSet::from([1, 2]), ranges: BTreeSet::from(["North".to_string()]) });
        let south = o.area(&Posting::Range("South".into()));
        assert_eq!(south, Area { ranges: BTreeSet::from(["South".to_string()]), ..Area::default() }, "a range with no district holds no grievance");
        assert!(!south.holds(Some(1), None) && !south.holds(None, Some(11)));
        assert_eq!(o.area(&Posting::State).ranges, BTreeSet::from(["North".to_string()]), "the state covers every range");
    }

    #[test]
    fn where_a_grievance_lies_is_its_station_when_it_has_one() {
        let district_1 = org().area(&Posting::District(1));
        assert!(district_1.holds(Some(1), Some(11)));
        assert!(district_1.holds(Some(2), Some(12)), "the station's district decides, not the district the form named");
        assert!(!district_1.holds(Some(1), Some(21)), "a station of another district");
        assert!(district_1.holds(Some(1), None), "no station: the district named");
        assert!(!district_1.holds(None, None));
        assert!(!district_1.holds(Some(1), Some(99)), "a station placed in no district lies in the state alone");
        assert_eq!(org().district_for(Some(2), Some(12)), Some(1));
        assert_eq!(org().district_for(Some(2), Some(99)), Some(2));
    }

    #[test]
    fn reach_from_scope_and_posting() {
        let o = org();
        assert_eq!(Reach::of(5, GrievanceScope::State, &Posting::Station(11), &o), Reach::State);
        assert_eq!(Reach::of(5, GrievanceScope::Posting, &Posting::State, &o), Reach::State);
        assert_eq!(Reach::of(5, GrievanceScope::Own, &Posting::District(1), &o), Reach::Own { user_id: 5 });
        let sho = Reach::of(5, GrievanceScope::Posting, &Posting::Station(11), &o);
        assert!(sho.holds(Some(1), Some(11), &[8]), "their station's case, filed by another");
        assert!(!sho.holds(Some(1), Some(12), &[8]), "the next station's");
        assert!(!sho.holds(Some(3), Some(31), &[8, 5]), "a case they filed that lies elsewhere now (transferred) is the other station's");
        let own = Reach::of(5, GrievanceScope::Own, &Posting::Station(11), &o);
        assert!(!own.holds(Some(1), Some(11), &[8]));
        assert!(own.holds(None, None, &[5]));
        assert!(Reach::State.holds(None, None, &[]));
    }

    #[test]
    fn postings_nest_in_the_tree() {
        let o = org();
        assert!(o.within(&Posting::Station(21), &Posting::Range("North".into())));
        assert!(o.within(&Posting::District(2), &Posting::Range("North".into())));
        assert!(!o.within(&Posting::District(3), &Posting::Range("North".into())));
        assert!(o.within(&Posting::Station(12), &Posting::District(1)));
        assert!(!o.within(&Posting::Station(21), &Posting::District(1)));
        assert!(!o.within(&Posting::District(1), &Posting::Station(11)));
        assert!(!o.within(&Posting::State, &Posting::Range("North".into())));
        assert!(o.within(&Posting::Range("North".into()), &Posting::State));
        assert!(!o.within(&Posting::Station(99), &Posting::District(1)), "an unplaced station is in no district");
    }

    #[test]
    fn scopes_are_granted_only_by_a_wider_or_equal_one_and_read_as_text() {
        assert!(GrievanceScope::State.covers(GrievanceScope::Posting));
        assert!(GrievanceScope::Posting.covers(GrievanceScope::Own));
        assert!(!GrievanceScope::Posting.covers(GrievanceScope::State));
        assert!(!GrievanceScope::Own.covers(GrievanceScope::Posting));
        assert_eq!(GrievanceScope::of_view_all(true), GrievanceScope::State);
        assert_eq!(GrievanceScope::of_view_all(false), GrievanceScope::Own);
        for s in [GrievanceScope::Own, GrievanceScope::Posting, GrievanceScope::State] {
            assert_eq!(GrievanceScope::parse(s.as_str()), Some(s));
        }
        assert_eq!(GrievanceScope::parse("district"), None);
    }

    #[test]
    fn a_posting_is_written_with_its_level_and_what_it_names() {
        use serde_json::json;
        assert_eq!(serde_json::to_value(Posting::District(4)).unwrap(), json!({"level": "district", "id": 4}));
        assert_eq!(serde_json::to_value(Posting::State).unwrap(), json!({"level": "state"}));
        assert_eq!(serde_json::to_value(Posting::Range("Agra Range".into())).unwrap(), json!({"level": "range", "range": "Agra Range"}));
        assert_eq!(Posting::parse(&json!({"level": "station", "id": 11})), Ok(Posting::Station(11)));
        assert_eq!(Posting::parse(&json!({"level": "range", "range": " Agra Range "})), Ok(Posting::Range("Agra Range".into())));
        assert_eq!(Posting::parse(&json!({"level": "state", "id": 3})), Ok(Posting::State));
        for bad in [
            json!({"level": "station"}),
            json!({"level": "district", "id": 0}),
            json!({"level": "range", "range": "  "}),
            json!({"level": "range", "range": "R".repeat(101)}),
            json!({"level": "zone", "id": 1}),
            json!("state"),
            json!({"level": "station", "id": "11"}),
        ] {
            assert_eq!(Posting::parse(&bad), Err(Msg::PostingChoice), "{bad}");
        }
        assert_eq!(serde_json::from_value::<Posting>(json!({"level": "station", "id": 11})).unwrap(), Posting::Station(11), "as the store reads it back");
    }
}
