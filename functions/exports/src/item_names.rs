//! Admin-list items' names as a file in the reader's language writes them: an item's Hindi
//! name in a Hindi file, its English name where it has none and in an English file. A
//! grievance and a report's figures name items by their English name (unique within a list),
//! which is the key here.

use domain::lists::ListKind;
use exports::Language;
use std::collections::HashMap;

#[derive(Default)]
pub struct ItemNames {
    hindi: HashMap<(ListKind, String), String>,
}

impl ItemNames {
    /// The names of the items of `kinds`: nothing is read for an English file.
    pub async fn read(lists: &dyn lists::AdminLists, kinds: &[ListKind], language: Language) -> domain::Result<ItemNames> {
        let mut hindi = HashMap::new();
        if language == Language::Hindi {
            for kind in kinds {
                for item in lists.definitions(*kind).await? {
                    if let Some(name_hi) = item.name_hi {
                        hindi.insert((*kind, item.name), name_hi);
                    }
                }
            }
        }
        Ok(ItemNames { hindi })
    }

    /// The lists a grievance names items of (`cases::relabel` writes their current names).
    pub const OF_A_GRIEVANCE: [ListKind; 7] =
        [ListKind::CallTypes, ListKind::CrimeTitles, ListKind::Districts, ListKind::PoliceStations, ListKind::Statuses, ListKind::Priorities, ListKind::Reasons];

    /// `g` with the items it names written as the file writes them.
    pub fn apply(&self, g: &mut cases::Grievance) {
        if self.hindi.is_empty() {
            return;
        }
        let f = &mut g.fields;
        let swap = |kind, name: &mut String| *name = self.name(kind, name);
        if let Some(call) = f.type_of_call.as_mut() {
            swap(ListKind::CallTypes, call);
        }
        swap(ListKind::CrimeTitles, &mut f.crime_title);
        swap(ListKind::Districts, &mut f.district);
        swap(ListKind::PoliceStations, &mut f.police_station);
        swap(ListKind::Statuses, &mut f.status);
        swap(ListKind::Priorities, &mut f.priority);
        if let Some(reason) = f.reason.as_mut() {
            swap(ListKind::Reasons, reason);
        }
    }

    /// `english`, the name of an item of `kind`, as the file writes it.
    pub fn name(&self, kind: ListKind, english: &str) -> String {
        self.hindi.get(&(kind, english.to_string())).cloned().unwrap_or_else(|| english.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hindi_file_writes_the_hindi_name_and_falls_back_to_the_english_one() {
        let names = ItemNames { hindi: HashMap::from([((ListKind::Statuses, "Pending".to_string()), "लंबित".to_string())]) };
        assert_eq!(names.name(ListKind::Statuses, "Pending"), "लंबित");
        assert_eq!(names.name(ListKind::Statuses, "Under Enquiry"), "Under Enquiry", "no Hindi name kept");
        assert_eq!(names.name(ListKind::Priorities, "Pending"), "Pending", "an item of another list");
        assert_eq!(ItemNames::default().name(ListKind::Statuses, "Pending"), "Pending", "an English file");
    }
}
