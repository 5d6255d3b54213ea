//! The reference list of offences staff pick sections from: BNS sections with their titles in
//! English and Hindi, the IPC sections each replaced, their chapters and maximum punishment,
//! and the POCSO Act's penal sections. It ships as `data/bns_sections.json`, which names its
//! sources; an Admin adds or corrects entries in the portal, and those are kept beside it.

use super::section::{Act, SectionNo};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use utoipa::ToSchema;

/// The most a court may sentence for an offence (an enquiry before an FIR is for offences
/// punishable with three years or more but less than seven: BNSS s.173(3)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Maximum {
    Fine,
    Months(u32),
    Years(u32),
    Life,
    Death,
}

impl Maximum {
    pub fn parse(text: &str) -> Option<Maximum> {
        let text = text.trim().to_ascii_lowercase();
        match text.as_str() {
            "fine" => return Some(Maximum::Fine),
            "life" => return Some(Maximum::Life),
            "death" => return Some(Maximum::Death),
            _ => {}
        }
        let (n, unit) = text.split_once(' ')?;
        let n: u32 = n.parse().ok().filter(|n| *n > 0)?;
        match unit {
            "month" | "months" => Some(Maximum::Months(n)),
            "year" | "years" => Some(Maximum::Years(n)),
            _ => None,
        }
    }
}

impl std::fmt::Display for Maximum {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Maximum::Fine => f.write_str("fine"),
            Maximum::Months(n) => write!(f, "{n} month{}", if *n == 1 { "" } else { "s" }),
            Maximum::Years(n) => write!(f, "{n} year{}", if *n == 1 { "" } else { "s" }),
            Maximum::Life => f.write_str("life"),
            Maximum::Death => f.write_str("death"),
        }
    }
}

impl Serialize for Maximum {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Maximum {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Maximum::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("not a punishment: {text}")))
    }
}

/// One offence of the reference list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Offence {
    pub act: Act,
    #[schema(value_type = String)]
    pub section: SectionNo,
    pub title: String,
    pub title_hi: String,
    /// The chapter of its act, in Roman numerals ("XVII").
    pub chapter: String,
    /// "fine", "N months", "N years", "life" or "death".
    #[schema(value_type = String)]
    pub maximum: Maximum,
    /// The IPC sections it replaced ("379"); empty for a new offence or another act.
    #[serde(default)]
    pub replaces: Vec<String>,
    /// False for a general section cited beside offences (common intention, conspiracy,
    /// abetment, attempt).
    #[serde(default = "yes")]
    pub offence: bool,
    /// Its victims' identity is protected (`law::sensitivity`): BNS s.63 to s.71 and POCSO as
    /// shipped, and whatever an Admin marks.
    #[serde(default)]
    pub sensitive: bool,
}

fn yes() -> bool {
    true
}

/// A chapter of an act: the heads crimes are counted under.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Chapter {
    pub act: Act,
    pub chapter: String,
    pub title: String,
    pub title_hi: String,
    pub first: u32,
    pub last: u32,
}

/// The list as shipped.
#[derive(Clone, Debug, Deserialize)]
pub struct Shipped {
    pub about: String,
    pub sources: Vec<String>,
    pub chapters: Vec<Chapter>,
    pub sections: Vec<Offence>,
}

/// The list that ships with the portal.
pub fn shipped() -> &'static Shipped {
    static LIST: OnceLock<Shipped> = OnceLock::new();
    LIST.get_or_init(|| serde_json::from_str(include_str!("../../data/bns_sections.json")).expect("the shipped list of sections is valid"))
}

/// The chapter of its act a section falls in, by its number.
pub fn chapter_of(act: Act, section: &SectionNo) -> Option<&'static Chapter> {
    let n = section.number();
    shipped().chapters.iter().find(|c| c.act == act && (c.first..=c.last).contains(&n))
}

/// The reference list in force: the shipped one, with an Admin's entries added or put in
/// place of the shipped entry of the same act and section.
pub fn in_force(additions: &[Offence]) -> Vec<Offence> {
    let mut list: Vec<Offence> = shipped().sections.iter().filter(|o| !additions.iter().any(|a| a.act == o.act && a.section == o.section)).cloned().collect();
    list.extend(additions.iter().cloned());
    list.sort_by(|a, b| (a.act, a.section.number(), a.section.as_str()).cmp(&(b.act, b.section.number(), b.section.as_str())));
    list
}

/// The offences a type-ahead text finds, best first: the section itself or its
/// sub-divisions, sections whose number starts so, the IPC section replaced, then titles (in
/// English or Hindi) that are the text, start with it, have a word starting so, or hold it. An act named in the text
/// ("BNS 64", "64 IPC") keeps to that act, or to the BNS sections replacing that IPC section.
pub fn search<'a>(list: &'a [Offence], text: &str, limit: usize) -> Vec<&'a Offence> {
    let mut act = None;
    let mut rest = Vec::new();
    for word in text.split_whitespace() {
        match Act::parse(word) {
            Some(a) if a != Act::Other => act = Some(a),
            _ => rest.push(word),
        }
    }
    let query = rest.join(" ").to_lowercase();
    let number = SectionNo::parse(&query);
    let rank = |o: &Offence| -> Option<u8> {
        let by_ipc = act == Some(Act::Ipc);
        if act.is_some_and(|a| a != o.act) && !by_ipc {
            return None;
        }
        if query.is_empty() {
            return (!by_ipc).then_some(7);
        }
        if let Some(n) = &number {
            if !by_ipc && o.section.within(n) {
                return Some(0);
            }
            if o.replaces.iter().any(|r| SectionNo::parse(r).is_some_and(|r| r.within(n))) {
                return Some(if by_ipc { 0 } else { 2 });
            }
            if !by_ipc && o.section.as_str().to_lowercase().starts_with(&query) {
                return Some(1);
            }
            return None;
        }
        if by_ipc {
            return None;
        }
        let (en, hi) = (o.title.to_lowercase(), o.title_hi.to_lowercase());
        let titles = [en.as_str(), hi.as_str()];
        let word_start = |t: &str| t.split(|c: char| !c.is_alphanumeric()).any(|w| w.starts_with(&query));
        if titles.contains(&query.as_str()) {
            Some(3)
        } else if titles.iter().any(|t| t.starts_with(&query)) {
            Some(4)
        } else if titles.iter().any(|t| word_start(t)) {
            Some(5)
        } else if titles.iter().any(|t| t.contains(&query)) {
            Some(6)
        } else {
            None
        }
    };
    let mut found: Vec<(u8, &Offence)> = list.iter().filter_map(|o| Some((rank(o)?, o))).collect();
    found.sort_by_key(|(r, _)| *r);
    found.into_iter().take(limit).map(|(_, o)| o).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no(text: &str) -> SectionNo {
        SectionNo::parse(text).unwrap()
    }

    #[test]
    fn the_shipped_list_holds_the_offences_most_often_registered_and_names_its_sources() {
        let list = shipped();
        let bns = list.sections.iter().filter(|o| o.act == Act::Bns).count();
        assert!(bns >= 150, "{bns} BNS sections");
        assert!(list.sources.iter().any(|s| s.contains("Act No. 45 of 2023")));
        let mut seen = std::collections::BTreeSet::new();
        for o in &list.sections {
            assert!(seen.insert((o.act, o.section.clone())), "{:?} {} twice", o.act, o.section);
            let chapter = chapter_of(o.act, &o.section).unwrap_or_else(|| panic!("{} {} has no chapter", o.act.as_str(), o.section));
            assert_eq!(chapter.chapter, o.chapter, "{} {}", o.act.as_str(), o.section);
            assert!(!o.title.is_empty() && !o.title_hi.is_empty());
        }
        let rape = list.sections.iter().find(|o| o.act == Act::Bns && o.section == no("64")).unwrap();
        assert_eq!(rape.replaces, vec!["376"]);
        let theft = list.sections.iter().find(|o| o.act == Act::Bns && o.section == no("303(2)")).unwrap();
        assert_eq!((theft.replaces.clone(), theft.maximum), (vec!["379".to_string()], Maximum::Years(3)));
    }

    #[test]
    fn type_ahead_finds_by_number_by_the_ipc_section_replaced_and_by_title_in_either_language() {
        let list = in_force(&[]);
        let first = |q: &str| search(&list, q, 5).first().map(|o| format!("{} {}", o.act.as_str(), o.section));
        assert_eq!(first("64").as_deref(), Some("BNS 64"));
        assert_eq!(first("BNS 303").as_deref(), Some("BNS 303(2)"));
        assert_eq!(first("IPC 379").as_deref(), Some("BNS 303(2)"));
        assert_eq!(first("theft").as_deref(), Some("BNS 303(2)"));
        assert_eq!(first("चोरी").as_deref(), Some("BNS 303(2)"));
        assert_eq!(first("POCSO 4").as_deref(), Some("POCSO 4"));
        assert!(search(&list, "", 10).len() == 10);
        assert!(search(&list, "zzzz", 10).is_empty());
    }

    #[test]
    fn an_admins_entry_stands_beside_or_in_place_of_the_shipped_one() {
        let mut mine = shipped().sections.iter().find(|o| o.section == no("303(2)")).unwrap().clone();
        mine.title_hi = "चोरी (संशोधित)".into();
        let extra = Offence { act: Act::Bns, section: no("999"), title: "A new offence".into(), title_hi: "नया अपराध".into(), chapter: "XX".into(), maximum: Maximum::Years(2), replaces: vec![], offence: true, sensitive: false };
        let list = in_force(&[mine, extra]);
        assert_eq!(list.len(), shipped().sections.len() + 1);
        assert_eq!(list.iter().filter(|o| o.section == no("303(2)")).count(), 1);
        assert!(list.iter().any(|o| o.title_hi == "चोरी (संशोधित)"));
    }

    #[test]
    fn punishments_read_as_the_list_writes_them() {
        assert_eq!(Maximum::parse("3 years"), Some(Maximum::Years(3)));
        assert_eq!(Maximum::parse("6 months"), Some(Maximum::Months(6)));
        assert_eq!(Maximum::parse("life"), Some(Maximum::Life));
        assert_eq!(Maximum::parse("0 years"), None);
        assert_eq!(Maximum::Years(7).to_string(), "7 years");
    }
}
