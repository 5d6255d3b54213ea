//! The heads the MIS reports count crimes under: the chapters of the Bharatiya Nyaya Sanhita,
//! 2023 (Chapter V "Of offences against woman and child", Chapter XVII "Of offences against
//! property", ...) and of the POCSO Act, 2012, as `data/bns_sections.json` bounds them.
//!
//! - A BNS or POCSO section counts under the chapter its number falls in.
//! - An IPC section counts under the BNS chapter of the section that replaced it (the list's
//!   `replaces`), so that cases of offences committed before 1 July 2024 and after it are
//!   counted alike; one no entry of the list replaces counts as not mapped.
//! - A section of another (local or special) law counts under [`SPECIAL_LAWS`].
//! - The general sections cited beside an offence (common intention, abetment, conspiracy,
//!   attempt: `offence: false` in the list) count only for a case that names nothing else.
//! - Procedure (BNSS, CrPC) is no crime head; a case with no penal section counts under
//!   [`NO_SECTION`].
//!
//! A case counts once under each head its sections reach. The heads are worked out from the
//! shipped list alone, never from an Admin's entries: a chapter is fixed by the Act, and a
//! head kept with a case (the relational engine's figures) stays right whatever the Admin
//! Panel later holds.

use super::citation;
use super::reference::{chapter_of, shipped, Chapter, Offence};
use super::section::{Act, ChargedSection, SectionNo};
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

/// Sections of local and special laws (the NDPS Act, the Arms Act, a state's excise act).
pub const SPECIAL_LAWS: &str = "SLL";
/// An IPC section no entry of the list replaces, or a BNS or POCSO number outside every
/// chapter of the list.
pub const NOT_MAPPED: &str = "NOT_MAPPED";
/// No penal section: none kept, none read from "Section & Act", or procedure only.
pub const NO_SECTION: &str = "NO_SECTION";

/// A chapter's head: its act and number ("BNS V").
pub fn chapter_head(chapter: &Chapter) -> String {
    format!("{} {}", chapter.act.as_str(), chapter.chapter)
}

/// Every head, in the order the reports list them: the chapters as the list orders them,
/// then [`SPECIAL_LAWS`], [`NOT_MAPPED`] and [`NO_SECTION`].
pub fn all() -> &'static [String] {
    static ALL: OnceLock<Vec<String>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut heads: Vec<String> = shipped().chapters.iter().map(chapter_head).collect();
        heads.extend([SPECIAL_LAWS, NOT_MAPPED, NO_SECTION].map(String::from));
        heads
    })
}

/// Whether `head` is a chapter of an act (the others are named by their title alone).
pub fn is_chapter(head: &str) -> bool {
    !matches!(head, SPECIAL_LAWS | NOT_MAPPED | NO_SECTION)
}

/// A head's title in English and in Hindi; `None` for a text that is no head.
pub fn title(head: &str) -> Option<(&'static str, &'static str)> {
    match head {
        SPECIAL_LAWS => Some(("Local and special laws", "स्थानीय एवं विशेष विधियां")),
        NOT_MAPPED => Some(("Sections not mapped to a chapter", "किसी अध्याय से न जुड़ी धाराएं")),
        NO_SECTION => Some(("No penal section recorded", "कोई दंड धारा दर्ज नहीं")),
        _ => shipped().chapters.iter().find(|c| chapter_head(c) == head).map(|c| (c.title.as_str(), c.title_hi.as_str())),
    }
}

/// The shipped entries by act and section number, and the BNS entries by the number of each
/// IPC section they replaced (with that section): worked out once, as every case written and
/// every case an upgrade reads asks them.
struct Index {
    by_number: HashMap<(Act, u32), Vec<&'static Offence>>,
    replaced: HashMap<u32, Vec<(SectionNo, &'static Offence)>>,
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = Index { by_number: HashMap::new(), replaced: HashMap::new() };
        for o in &shipped().sections {
            index.by_number.entry((o.act, o.section.number())).or_default().push(o);
            if o.act == Act::Bns {
                for ipc in o.replaces.iter().filter_map(|r| SectionNo::parse(r)) {
                    index.replaced.entry(ipc.number()).or_default().push((ipc, o));
                }
            }
        }
        index
    })
}

/// Whether the list marks `section` of `act` as a general section, not an offence in itself:
/// the entry of that very section, else every entry under its number.
fn general(act: Act, section: &SectionNo) -> bool {
    let entries = index().by_number.get(&(act, section.number())).map_or(&[][..], Vec::as_slice);
    match entries.iter().find(|o| o.section == *section) {
        Some(entry) => !entry.offence,
        None => !entries.is_empty() && entries.iter().all(|o| !o.offence),
    }
}

/// The BNS entries that replaced IPC `section` (or a sub-division of it, or the section it is
/// a sub-division of: both share its number).
fn replacing(section: &SectionNo) -> impl Iterator<Item = &'static Offence> + '_ {
    let entries = index().replaced.get(&section.number()).map_or(&[][..], Vec::as_slice);
    entries.iter().filter(move |(ipc, _)| section.within(ipc) || ipc.within(section)).map(|(_, o)| *o)
}

/// The heads `sections` reach, in the reports' order (see the module's notes).
pub fn of(sections: &[ChargedSection]) -> Vec<String> {
    let mut offences: BTreeSet<String> = BTreeSet::new();
    let mut generals: BTreeSet<String> = BTreeSet::new();
    for s in sections {
        // The heads the section reaches, and whether it is a general section.
        let (reached, is_general): (Vec<String>, bool) = match s.act {
            Act::Bns | Act::Pocso => match chapter_of(s.act, &s.section) {
                Some(c) => (vec![chapter_head(c)], general(s.act, &s.section)),
                None => (vec![NOT_MAPPED.into()], false),
            },
            Act::Ipc => {
                let by: Vec<_> = replacing(&s.section).collect();
                match by.is_empty() {
                    true => (vec![NOT_MAPPED.into()], false),
                    false => (by.iter().filter_map(|o| chapter_of(Act::Bns, &o.section)).map(chapter_head).collect(), by.iter().all(|o| !o.offence)),
                }
            }
            Act::Other => (vec![SPECIAL_LAWS.into()], false),
            Act::Bnss | Act::Crpc => continue,
        };
        if is_general { generals.extend(reached) } else { offences.extend(reached) }
    }
    let mut heads = if offences.is_empty() { generals } else { offences };
    if heads.is_empty() {
        heads.insert(NO_SECTION.into());
    }
    all().iter().filter(|h| heads.contains(*h)).cloned().collect()
}

/// The heads of a case: its sections, or, when it keeps none, those its "Section & Act" is
/// read into (as its clocks read it).
pub fn of_case(sections: &[ChargedSection], section_and_act: &str) -> Vec<String> {
    of(&citation::kept_or_read(sections, section_and_act))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heads(text: &str) -> Vec<String> {
        of_case(&[], text)
    }

    #[test]
    fn each_section_counts_under_its_chapter_once() {
        assert_eq!(heads("u/s 64 BNS"), ["BNS V"]);
        assert_eq!(heads("303(2) BNS"), ["BNS XVII"]);
        assert_eq!(heads("303(2), 305 BNS"), ["BNS XVII"]);
        assert_eq!(heads("115(2) BNS, 303(2) BNS"), ["BNS VI", "BNS XVII"]);
        assert_eq!(heads("4/6 POCSO"), ["POCSO II"]);
    }

    #[test]
    fn an_ipc_section_counts_under_the_chapter_of_the_bns_section_that_replaced_it() {
        // IPC 379 (theft) became BNS 303(2); IPC 376 (rape) BNS 64; IPC 302 (murder) BNS 103.
        assert_eq!(heads("379 IPC"), ["BNS XVII"]);
        assert_eq!(heads("376 IPC"), ["BNS V"]);
        assert_eq!(heads("302 IPC"), ["BNS VI"]);
    }

    #[test]
    fn general_sections_count_only_alone_and_procedure_never() {
        // Common intention (BNS 3(5)) beside theft: theft's chapter alone.
        assert_eq!(heads("303(2), 3(5) BNS"), ["BNS XVII"]);
        assert_eq!(heads("379/34 IPC"), ["BNS XVII"]);
        assert_eq!(heads("173 BNSS"), [NO_SECTION]);
        assert_eq!(heads(""), [NO_SECTION]);
        assert_eq!(heads("theft of a motorcycle"), [NO_SECTION]);
    }

    #[test]
    fn other_laws_and_unknown_sections_have_heads_of_their_own() {
        let arms = ChargedSection { act_name: Some("Arms Act".into()), ..ChargedSection::new(Act::Other, SectionNo::parse("25").unwrap()) };
        assert_eq!(of(&[arms.clone()]), [SPECIAL_LAWS]);
        assert_eq!(of(&[arms, ChargedSection::new(Act::Bns, SectionNo::parse("303(2)").unwrap())]), ["BNS XVII", SPECIAL_LAWS]);
        assert_eq!(of(&[ChargedSection::new(Act::Ipc, SectionNo::parse("9999").unwrap())]), [NOT_MAPPED]);
        assert_eq!(of(&[ChargedSection::new(Act::Bns, SectionNo::parse("999").unwrap())]), [NOT_MAPPED]);
    }

    #[test]
    fn every_head_has_a_title_in_both_languages() {
        for head in all() {
            let (en, hi) = title(head).unwrap_or_else(|| panic!("{head}"));
            assert!(!en.is_empty() && !hi.is_empty(), "{head}");
        }
        assert_eq!(title("BNS XVII"), Some(("Of offences against property", title("BNS XVII").unwrap().1)));
        assert_eq!(title("BNS XXX"), None);
    }
}
