//! Which cases are sensitive: those whose victims' identity the law forbids disclosing.
//!
//! - **BNS s.72(1)**: the identity of a person against whom an offence under s.64 to s.71
//!   (rape and the offences beside it) is alleged or found; s.63 defines the offence and is
//!   cited with them. Its IPC forerunner, s.228A, covered s.376 and s.376A to s.376E, which
//!   the reference list names as the sections these BNS ones replaced.
//! - **POCSO s.23(2)**: no report may disclose a child victim's identity, whatever the
//!   offence under the Act.
//!
//! The reference list marks its sensitive entries (`Offence::sensitive`: shipped for BNS
//! s.63 to s.71 and every POCSO section; an Admin may mark others). A case is sensitive when
//! one of its sections is, or one of its IPC sections is one a sensitive BNS entry replaced,
//! or it is under the POCSO Act; an authorised officer may also mark a case so.

use super::reference::Offence;
use super::section::{Act, ChargedSection, SectionNo};

/// Whether `a` is `b`, or either a sub-division of the other: a case charged under "65"
/// reaches the entry for "65(1)", and one under "376(2)" the IPC "376" an entry replaced.
fn meets(a: &SectionNo, b: &SectionNo) -> bool {
    a.within(b) || b.within(a)
}

/// Whether a section is one whose victims' identity is protected, by the reference list in
/// force.
pub fn is_sensitive_section(section: &ChargedSection, list: &[Offence]) -> bool {
    if section.act == Act::Pocso {
        return true;
    }
    list.iter().filter(|o| o.sensitive).any(|o| {
        (o.act == section.act && meets(&section.section, &o.section))
            || (section.act == Act::Ipc && o.act == Act::Bns && o.replaces.iter().filter_map(|r| SectionNo::parse(r)).any(|r| meets(&section.section, &r)))
    })
}

/// The entries of the reference list in force (`reference::in_force`) marked sensitive: the
/// shipped ones no Admin's entry replaces, and the Admin's own. What sensitivity reads, taken
/// without copying the whole list for each request.
pub fn marked(additions: &[Offence]) -> Vec<Offence> {
    let replaced = |o: &Offence| additions.iter().any(|a| a.act == o.act && a.section == o.section);
    let shipped = super::reference::shipped().sections.iter().filter(|o| o.sensitive && !replaced(o));
    shipped.chain(additions.iter().filter(|o| o.sensitive)).cloned().collect()
}

/// Whether a case with these sections is sensitive by its sections alone.
pub fn is_sensitive(sections: &[ChargedSection], list: &[Offence]) -> bool {
    sections.iter().any(|s| is_sensitive_section(s, list))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::law::reference::in_force;

    fn section(act: Act, number: &str) -> ChargedSection {
        ChargedSection::new(act, SectionNo::parse(number).unwrap())
    }

    #[test]
    fn rape_and_the_offences_beside_it_and_every_pocso_case_are_sensitive() {
        let list = in_force(&[]);
        for (act, number) in [(Act::Bns, "64"), (Act::Bns, "64(2)"), (Act::Bns, "65"), (Act::Bns, "65(2)"), (Act::Bns, "70(1)"), (Act::Bns, "71"), (Act::Bns, "63"),
            (Act::Ipc, "376"), (Act::Ipc, "376(2)"), (Act::Ipc, "376AB"), (Act::Ipc, "376D"), (Act::Pocso, "4"), (Act::Pocso, "23")]
        {
            assert!(is_sensitive(&[section(act, number)], &list), "{act:?} {number}");
        }
        for (act, number) in [(Act::Bns, "303(2)"), (Act::Bns, "72"), (Act::Bns, "74"), (Act::Ipc, "379"), (Act::Ipc, "228A"), (Act::Bnss, "173")] {
            assert!(!is_sensitive(&[section(act, number)], &list), "{act:?} {number}");
        }
        assert!(is_sensitive(&[section(Act::Bns, "303(2)"), section(Act::Bns, "64")], &list), "one sensitive section is enough");
    }

    #[test]
    fn an_admins_entry_marked_sensitive_makes_its_cases_sensitive() {
        let mut acid = in_force(&[]).into_iter().find(|o| o.act == Act::Bns && o.section.as_str() == "124(1)").expect("BNS 124(1) in the list");
        assert!(!is_sensitive(&[section(Act::Bns, "124(1)")], &in_force(&[])));
        acid.sensitive = true;
        assert!(is_sensitive(&[section(Act::Bns, "124(1)")], &in_force(&[acid.clone()])));
        // The marked entries are those of the list in force, an Admin's entry in place of the
        // shipped one (here one taking the mark off BNS 64).
        let mut unmarked = in_force(&[]).into_iter().find(|o| o.act == Act::Bns && o.section.as_str() == "64").unwrap();
        unmarked.sensitive = false;
        for additions in [vec![], vec![acid], vec![unmarked]] {
            let mut want: Vec<Offence> = in_force(&additions).into_iter().filter(|o| o.sensitive).collect();
            let mut got = marked(&additions);
            let key = |o: &Offence| (o.act, o.section.as_str().to_string());
            want.sort_by_key(key);
            got.sort_by_key(key);
            assert_eq!(got, want);
        }
    }
}
