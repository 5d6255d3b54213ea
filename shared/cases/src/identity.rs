//! The victim's identity on a sensitive case (`domain::parties`, `domain::law::sensitivity`):
//! which cases are sensitive by the reference list in force, the people of a case as a
//! reader is given them, and an edit that cannot overwrite an identity its author was not
//! given.
//!
//! Until a reader reveals an identity (with a reason, audited), every reader is given a
//! sensitive case's victims protected: in its answer and list row, and in the audit trail,
//! whose records of the people keep victims protected as they are written.

use crate::record::Grievance;
use domain::grievance::GrievanceFields;
use domain::law::reference::Offence;
use domain::parties::{Party, PartyRole, IDENTITY_PROTECTED};

/// The entries of the reference list in force marked sensitive, as sensitivity reads them.
#[derive(Clone, Debug)]
pub struct Sensitivity {
    offences: Vec<Offence>,
}

impl Sensitivity {
    /// By the Admin's additions to the shipped list.
    pub fn new(additions: &[Offence]) -> Sensitivity {
        Sensitivity { offences: domain::law::sensitivity::marked(additions) }
    }

    /// By the reference list in force.
    pub async fn now(lists: &dyn lists::AdminLists) -> domain::Result<Sensitivity> {
        Ok(Sensitivity::new(&lists.law().await?.offences))
    }

    /// Whether a change from `before` to `after` writes its victims protected: either is
    /// sensitive.
    pub fn protects(&self, before: &GrievanceFields, after: &GrievanceFields) -> bool {
        self.of_fields(before) || self.of_fields(after)
    }

    /// Whether a case with these fields is sensitive: an authorised officer marked it so, or
    /// one of its sections (those kept, or read from its "Section & Act") is.
    pub fn of_fields(&self, fields: &GrievanceFields) -> bool {
        if fields.sensitive_mark.is_some() {
            return true;
        }
        let sections = domain::law::citation::kept_or_read(&fields.sections, &fields.section_and_act);
        domain::law::sensitivity::is_sensitive(&sections, &self.offences)
    }

    pub fn of(&self, g: &Grievance) -> bool {
        self.of_fields(&g.fields)
    }

    /// The case's people as a reader is given them: each victim protected when it is
    /// sensitive.
    pub fn parties_given(&self, fields: &GrievanceFields) -> Vec<Party> {
        domain::parties::as_seen(&fields.parties, self.of_fields(fields), false)
    }

    /// `fields` with its people as a reader is given them.
    pub fn given(&self, mut fields: GrievanceFields) -> GrievanceFields {
        fields.parties = self.parties_given(&fields);
        fields
    }
}

/// The people an edit leaves the case with. A form that leaves the people out keeps them. A
/// victim sent back as it was given protected (named [`IDENTITY_PROTECTED`]) stands for a
/// victim kept, whose identity its author was never given: in its place, the kept victims
/// are taken in their order (any the form no longer lists stay, last), and the rest of the
/// form's people are taken as sent. A form sent back unchanged changes nothing.
pub fn parties_after_edit(kept: &[Party], sent: Option<Vec<Party>>) -> Vec<Party> {
    let Some(sent) = sent else { return kept.to_vec() };
    let stands_for_kept = |p: &Party| p.role == PartyRole::Victim && p.name == IDENTITY_PROTECTED;
    let mut parties = if sent.iter().any(stands_for_kept) {
        let mut victims = kept.iter().filter(|p| p.role == PartyRole::Victim);
        let mut parties: Vec<Party> = sent.into_iter().filter_map(|p| if stands_for_kept(&p) { victims.next().cloned() } else { Some(p) }).collect();
        parties.extend(victims.cloned());
        parties
    } else {
        sent
    };
    keep_documents(kept, &mut parties);
    parties
}

/// A document sent back masked stands for the one kept for that person (the same role, name,
/// kind and last four): it is taken from the case; one that matches none is dropped, as
/// nothing stands behind it.
fn keep_documents(kept: &[Party], parties: &mut [Party]) {
    for party in parties.iter_mut() {
        let Some(marker) = party.id_document.as_ref().filter(|d| d.is_kept_marker()) else { continue };
        party.id_document = kept
            .iter()
            .filter(|k| k.role == party.role && k.name == party.name)
            .filter_map(|k| k.id_document.as_ref())
            .find(|d| d.kind == marker.kind && d.last_four == marker.last_four && !d.is_kept_marker())
            .cloned();
    }
}

/// Seals every document number typed into the people (a kept one is sealed already), so
/// that the store never holds one plain (`domain::id_documents`).
pub fn seal_documents(parties: &mut [Party], sealer: &dyn domain::id_documents::Sealer) -> domain::Result<()> {
    for document in parties.iter_mut().filter_map(|p| p.id_document.as_mut()) {
        document.number = sealer.seal(&document.number)?;
    }
    Ok(())
}

/// The people with their documents' numbers opened, for a reveal.
pub fn open_documents(mut parties: Vec<Party>, sealer: &dyn domain::id_documents::Sealer) -> domain::Result<Vec<Party>> {
    for document in parties.iter_mut().filter_map(|p| p.id_document.as_mut()) {
        document.number = sealer.open(&document.number)?;
    }
    Ok(parties)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn party(role: PartyRole, name: &str) -> Party {
        serde_json::from_value(serde_json::json!({"role": role, "name": name})).unwrap()
    }

    #[test]
    fn a_protected_victim_sent_back_keeps_the_identity_kept() {
        let kept = vec![party(PartyRole::Complainant, "Ram Lal"), party(PartyRole::Victim, "Asha Devi")];
        assert_eq!(parties_after_edit(&kept, None), kept, "left out: kept");
        let given: Vec<Party> = kept.iter().map(Party::protected).collect();
        let mut sent = given.clone();
        sent[0].name = "Ram Lal Verma".into();
        sent.push(party(PartyRole::Accused, "Vikram"));
        assert_eq!(
            parties_after_edit(&kept, Some(sent)),
            vec![party(PartyRole::Complainant, "Ram Lal Verma"), party(PartyRole::Victim, "Asha Devi"), party(PartyRole::Accused, "Vikram")]
        );
        assert_eq!(parties_after_edit(&kept, Some(given.clone())), kept, "sent back unchanged: unchanged");
        assert_eq!(parties_after_edit(&kept, Some(vec![given[1].clone()])), vec![party(PartyRole::Victim, "Asha Devi")], "the complainant removed, the victim kept");
        // A reader given the identity edits the people as they are.
        let revealed = vec![party(PartyRole::Victim, "Asha")];
        assert_eq!(parties_after_edit(&kept, Some(revealed.clone())), revealed);
    }

    #[test]
    fn a_sensitive_cases_victims_are_given_protected_and_a_thefts_are_not() {
        let fields = |section_and_act: &str| GrievanceFields {
            section_and_act: section_and_act.into(),
            parties: vec![party(PartyRole::Victim, "Asha Devi"), party(PartyRole::Complainant, "Ram Lal")],
            ..Default::default()
        };
        let s = Sensitivity::new(&[]);
        let rape = s.given(fields("376 IPC"));
        assert_eq!((rape.parties[0].name.as_str(), rape.parties[1].name.as_str()), (IDENTITY_PROTECTED, "Ram Lal"));
        assert_eq!(s.given(fields("303(2) BNS")).parties[0].name, "Asha Devi");
    }
}
