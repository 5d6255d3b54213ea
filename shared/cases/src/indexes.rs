//! What a store keeps beside a case's record for its lists to find it by, worked out from
//! the record and the law in force: the due days and runs of its statutory clocks
//! (`statutory`), and what a search may find of its people (`domain::parties::findable_text`),
//! which a sensitive case's victims never are. Worked out on every change of the case, and
//! for every case again when the law an Admin maintains changes (`dues::reindex_if_owed`),
//! since a section newly marked sensitive must take its victims out of the search at once.

use crate::identity::Sensitivity;
use crate::record::Grievance;
use domain::law::{ClockRules, LawSettings};
use domain::Result;

/// The law a case's indexes are worked out by.
#[derive(Clone, Debug)]
pub struct CaseIndexer {
    rules: ClockRules,
    sensitivity: Sensitivity,
}

impl CaseIndexer {
    pub fn new(law: &LawSettings) -> CaseIndexer {
        CaseIndexer { rules: law.clock_rules.clone(), sensitivity: Sensitivity::new(&law.offences) }
    }

    /// Sets the case's indexes; whether any moved.
    pub fn index(&self, g: &mut Grievance) -> bool {
        let dues = crate::statutory::index_dues_by(&self.rules, g);
        let people = domain::parties::findable_text(&g.fields.parties, self.sensitivity.of(g));
        let found = people != g.people_text;
        g.people_text = people;
        dues || found
    }
}

/// Sets the case's indexes by the law in force.
pub async fn index(lists: &dyn lists::AdminLists, g: &mut Grievance) -> Result<()> {
    CaseIndexer::new(&lists.law().await?).index(g);
    Ok(())
}
