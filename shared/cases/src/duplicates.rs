//! Likely duplicates of a grievance being filed or edited, among the grievances
//! the user may see: the same FIR number at the same police station in the same year (a
//! duplicate FIR, refused with 409 unless the user confirms it is another case), and brief
//! details much like a recent case of the same station (a warning only).

use domain::Msg;
use crate::port::{Cases, Filters, FirGuard, SameFir, Viewer};
use crate::record::Grievance;
use domain::grievance::GrievanceFields;
use domain::lists::ListKind;
use domain::{Error, Result};
use serde::Serialize;
use std::collections::BTreeSet;
use utoipa::ToSchema;

/// How far back a case counts as recent for the text comparison.
pub const RECENT_DAYS: i64 = 90;
/// How many of the station's newest cases the text is compared with.
pub const RECENT_CASES: usize = 100;
/// How alike two brief details must be to be named ([`likeness`]).
pub const SIMILAR_FROM: f64 = 0.5;
/// At most this many similar cases are named.
pub const MOST_SIMILAR: usize = 5;

/// One likely duplicate, as the form links to it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Duplicate {
    pub id: i64,
    pub grievance_number: String,
    pub fir_no: String,
    pub fir_date: String,
    pub police_station: String,
    pub status: String,
    pub filed_at: String,
    /// How alike the brief details are, 0 to 1 (similar cases only).
    pub likeness: Option<f64>,
}

/// What duplicates are looked for by: the form's fields as typed so far.
#[derive(Clone, Debug, Default, serde::Deserialize, ToSchema)]
pub struct Probe {
    #[serde(default)]
    pub police_station: String,
    #[serde(default)]
    pub fir_no: String,
    /// `YYYY-MM-DD`; its year is compared.
    #[serde(default)]
    pub fir_date: String,
    #[serde(default)]
    pub brief_details: String,
    /// The grievance being edited, left out of the answer.
    #[serde(default)]
    pub id: Option<i64>,
}

impl Probe {
    pub fn of(fields: &GrievanceFields, id: Option<i64>) -> Probe {
        Probe {
            police_station: fields.police_station.clone(),
            fir_no: fields.fir_no.to_string(),
            fir_date: fields.fir_date.to_string(),
            brief_details: fields.brief_details.clone(),
            id,
        }
    }
}

/// What the form is told before saving.
#[derive(Clone, Debug, Default, PartialEq, Serialize, ToSchema)]
pub struct Duplicates {
    /// The same FIR number at the same police station in the same year: saving needs
    /// `confirm_duplicate`.
    pub same_fir: Vec<Duplicate>,
    /// Recent cases of the station whose brief details read much the same.
    pub similar: Vec<Duplicate>,
}

fn of(g: &Grievance, likeness: Option<f64>) -> Duplicate {
    Duplicate {
        id: g.id,
        grievance_number: g.grievance_number.clone(),
        fir_no: g.fields.fir_no.to_string(),
        fir_date: g.fields.fir_date.to_string(),
        police_station: g.fields.police_station.clone(),
        status: g.fields.status.clone(),
        filed_at: g.filed_at.clone(),
        likeness,
    }
}

/// The words of a text, lower-cased, letters and digits only (any script).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// The character trigrams of a text's words (each word padded, so short words count too).
fn trigrams(text: &str) -> BTreeSet<String> {
    let mut grams = BTreeSet::new();
    for word in words(text) {
        let chars: Vec<char> = format!(" {word} ").chars().collect();
        for window in chars.windows(3) {
            grams.insert(window.iter().collect());
        }
    }
    grams
}

/// How alike two texts are: the Jaccard index of their character trigrams (1 for the same
/// words in any order, near 0 for unrelated texts). Trigrams forgive small spelling
/// differences and word endings, which is how the same complaint is typed twice.
pub fn likeness(a: &str, b: &str) -> f64 {
    let (a, b) = (trigrams(a), trigrams(b));
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    let shared = a.intersection(&b).count() as f64;
    shared / (a.len() as f64 + b.len() as f64 - shared)
}

/// What a FIR number was checked against: the grievances the viewer may see with it, and the
/// guard a change saved under it carries (`None` when there was nothing to check).
pub struct SameFirSeen {
    pub duplicates: Vec<Duplicate>,
    pub guard: Option<FirGuard>,
}

/// The grievances the viewer may see, other than `except`, with FIR number `fir_no` at police
/// station `station` in the year of `fir_date`.
pub async fn same_fir(cases: Cases<'_>, viewer: &Viewer, station: i64, fir_no: &str, fir_date: &str, except: Option<i64>) -> Result<SameFirSeen> {
    let (false, Some(year)) = (fir_no.trim().is_empty(), fir_date.get(..4).filter(|y| y.chars().all(|c| c.is_ascii_digit()))) else {
        return Ok(SameFirSeen { duplicates: Vec::new(), guard: None });
    };
    let fir_key = domain::grievance::fir_key(fir_no);
    let SameFir { grievances: mut same, token } = cases.grievances.same_fir(station, &fir_key, year).await?;
    crate::relabel::relabel_all(cases.lists, &mut same).await?;
    let duplicates = same.iter().map(|s| &s.grievance).filter(|g| Some(g.id) != except && viewer.may_see(g)).map(|g| of(g, None)).collect();
    Ok(SameFirSeen { duplicates, guard: Some(FirGuard { station_id: station, fir_key, year: year.to_string(), token }) })
}

/// The likely duplicates of what `probe` holds among the grievances `viewer` may see.
pub async fn find(cases: Cases<'_>, viewer: &Viewer, probe: &Probe) -> Result<Duplicates> {
    let name = probe.police_station.trim();
    let station = match name.is_empty() {
        true => None,
        false => cases.lists.find_by_name(ListKind::PoliceStations, name).await?.map(|s| s.id),
    };
    let Some(station) = station else { return Ok(Duplicates::default()) };
    let mut found = Duplicates { same_fir: same_fir(cases, viewer, station, &probe.fir_no, &probe.fir_date, probe.id).await?.duplicates, similar: Vec::new() };
    if words(&probe.brief_details).len() >= 3 {
        let since = domain::clock::to_text(domain::clock::now() - time::Duration::days(RECENT_DAYS));
        let filters = Filters { police_station: Some(station), ..Filters::default() };
        let mut page = cases.grievances.list(viewer, &filters, RECENT_CASES, None).await?.items;
        crate::relabel::relabel_all(cases.lists, &mut page).await?;
        let mut similar: Vec<(f64, &Grievance)> = page
            .iter()
            .map(|s| &s.grievance)
            .filter(|g| Some(g.id) != probe.id && g.filed_at >= since && viewer.may_see(g))
            .filter(|g| !found.same_fir.iter().any(|d| d.id == g.id))
            .map(|g| (likeness(&probe.brief_details, &g.fields.brief_details), g))
            .filter(|(l, _)| *l >= SIMILAR_FROM)
            .collect();
        similar.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.id.cmp(&a.1.id)));
        found.similar = similar.into_iter().take(MOST_SIMILAR).map(|(l, g)| of(g, Some((l * 100.0).round() / 100.0))).collect();
    }
    Ok(found)
}

/// The 409 of a duplicate FIR saved without confirmation, naming the grievance that has it.
pub fn duplicate_fir(fields: &GrievanceFields, first: &Duplicate) -> Error {
    Error::Conflict(Msg::DuplicateFir {
        fir_no: fields.fir_no.to_string(),
        station: first.police_station.clone(),
        year: fields.fir_date[..4.min(fields.fir_date.len())].to_string(),
        number: first.grievance_number.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_complaint_typed_twice_is_alike_and_another_is_not() {
        let first = "Motorcycle stolen from the market parking near the bus stand.";
        assert_eq!(likeness(first, first), 1.0);
        assert!(likeness(first, "motorcycle STOLEN from market parking, near bus-stand") >= SIMILAR_FROM);
        assert!(likeness(first, "Motercycle stolen from the market parkng near the bus stand") >= SIMILAR_FROM, "typing slips");
        assert!(likeness(first, "Mobile phone snatched by two men on a scooter at the railway station.") < 0.2);
        assert_eq!(likeness(first, ""), 0.0);
        assert!(likeness("मोटरसाइकिल बाजार की पार्किंग से चोरी", "बाजार की पार्किंग से मोटरसाइकिल चोरी") > 0.9, "Hindi, words in another order");
    }
}
