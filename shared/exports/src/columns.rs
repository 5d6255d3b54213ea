//! What each export shows of a grievance, column by column.

use cases::Grievance;
use domain::grievance::{parse_date, Day, OfficerEntry};
use time::{Date, OffsetDateTime};

/// One cell's value, typed so that the workbook can write real date cells.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Text(String),
    Date(Date),
    DateTime(OffsetDateTime),
    Blank,
}

impl Cell {
    fn text(s: &str) -> Cell {
        if s.trim().is_empty() {
            Cell::Blank
        } else {
            Cell::Text(s.to_string())
        }
    }

    fn opt(s: &Option<String>) -> Cell {
        s.as_deref().map_or(Cell::Blank, Cell::text)
    }

    fn date(s: &str) -> Cell {
        parse_date(s).map_or_else(|| Cell::text(s), Cell::Date)
    }

    fn opt_date(s: &Option<Day>) -> Cell {
        s.as_deref().map_or(Cell::Blank, Cell::date)
    }

    fn datetime(s: &str) -> Cell {
        domain::clock::parse(s).map_or_else(|| Cell::text(s), Cell::DateTime)
    }

    fn yes_no(b: bool) -> Cell {
        Cell::Text(if b { "Yes" } else { "No" }.to_string())
    }

    /// As printed in the PDF: dates like the list's "21 Nov 2026".
    pub fn display(&self) -> String {
        self.display_in(crate::Language::English)
    }

    /// As printed in a report in `language`: the file's own words (Yes, No, months) in it.
    pub fn display_in(&self, language: crate::Language) -> String {
        match self {
            Cell::Text(s) if s == "Yes" || s == "No" => language.say_text(s),
            Cell::Text(s) => s.clone(),
            Cell::Date(d) => date_text_in(*d, language),
            Cell::DateTime(t) => datetime_text_in(*t, language),
            Cell::Blank => "-".to_string(),
        }
    }
}

const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/// "21 Nov 2026", as the grievance list shows dates (en-IN).
pub fn date_text(d: Date) -> String {
    date_text_in(d, crate::Language::English)
}

/// "21 Nov 2026", or "21 नवंबर 2026" in Hindi.
pub fn date_text_in(d: Date, language: crate::Language) -> String {
    let month = u8::from(d.month()) as usize - 1;
    format!("{:02} {} {}", d.day(), language.month(month, MONTHS[month]), d.year())
}

/// "21 Nov 2026 15:30" in the display time zone.
pub fn datetime_text(t: OffsetDateTime) -> String {
    datetime_text_in(t, crate::Language::English)
}

pub fn datetime_text_in(t: OffsetDateTime, language: crate::Language) -> String {
    let t = t.to_offset(crate::DISPLAY_OFFSET);
    format!("{} {:02}:{:02}", date_text_in(t.date(), language), t.hour(), t.minute())
}

/// A column: its heading, its width (characters in a workbook, millimetres in the report)
/// and its value.
pub struct Column<T: ?Sized> {
    pub header: &'static str,
    pub width: f64,
    pub value: fn(&T) -> Cell,
}

fn officer_names(g: &Grievance) -> Cell {
    let names: Vec<&str> = g.fields.investigation_officers.iter().map(|o| o.officer_name.as_str()).filter(|n| !n.trim().is_empty()).collect();
    Cell::text(&names.join(", "))
}

/// The people in the case, as the export was given them: a sensitive case's victims protected
/// (`cases::identity::Sensitivity::given`, applied as the rows are read).
fn people(g: &Grievance) -> Cell {
    domain::parties::cite(&g.fields.parties).map_or(Cell::Blank, Cell::Text)
}

/// The grievance workbook: every list field, then every detail field.
pub const GRIEVANCE_COLUMNS: &[Column<Grievance>] = &[
    Column { header: "Grievance Number", width: 18.0, value: |g| Cell::text(&g.grievance_number) },
    Column { header: "FIR Number", width: 14.0, value: |g| Cell::text(&g.fields.fir_no) },
    Column { header: "FIR Date", width: 12.0, value: |g| Cell::date(&g.fields.fir_date) },
    Column { header: "Type of Call", width: 14.0, value: |g| Cell::opt(&g.fields.type_of_call) },
    Column { header: "Crime Title", width: 30.0, value: |g| Cell::text(&g.fields.crime_title) },
    Column { header: "Section & Act", width: 20.0, value: |g| Cell::text(&g.fields.section_and_act) },
    Column { header: "District", width: 18.0, value: |g| Cell::text(&g.fields.district) },
    Column { header: "Police Station", width: 20.0, value: |g| Cell::text(&g.fields.police_station) },
    Column { header: "Status", width: 13.0, value: |g| Cell::text(&g.fields.status) },
    Column { header: "Priority", width: 10.0, value: |g| Cell::text(&g.fields.priority) },
    Column { header: "Put in Court", width: 11.0, value: |g| Cell::yes_no(g.fields.put_in_court) },
    Column { header: "Cross Case", width: 11.0, value: |g| Cell::yes_no(g.fields.cross_case) },
    Column { header: "Reason", width: 24.0, value: |g| Cell::opt(&g.fields.reason) },
    Column { header: "Current Investigation Officer", width: 24.0, value: |g| Cell::opt(&g.fields.current_investigation_officer) },
    Column { header: "Investigation Officers", width: 30.0, value: officer_names },
    Column { header: "Brief Details", width: 50.0, value: |g| Cell::text(&g.fields.brief_details) },
    Column { header: "People in the Case", width: 50.0, value: people },
    Column { header: "Date of Order", width: 12.0, value: |g| Cell::opt_date(&g.fields.date_of_order) },
    Column { header: "Date of Inward", width: 12.0, value: |g| Cell::opt_date(&g.fields.date_of_inward) },
    Column { header: "Date for Scrutiny", width: 12.0, value: |g| Cell::opt_date(&g.fields.date_for_scrutiny) },
    Column { header: "Scrutiny Officer", width: 20.0, value: |g| Cell::opt(&g.fields.scrutiny_officer_name) },
    Column { header: "Received After Scrutiny", width: 12.0, value: |g| Cell::opt_date(&g.fields.received_date_after_scrutiny) },
    Column { header: "Date of Outward", width: 12.0, value: |g| Cell::opt_date(&g.fields.date_of_outward) },
    Column { header: "Action Taken by IG Office", width: 30.0, value: |g| Cell::opt(&g.fields.action_taken_by_ig_office) },
    Column { header: "Final Decision", width: 30.0, value: |g| Cell::opt(&g.fields.final_decision) },
    Column { header: "Filed By", width: 20.0, value: |g| Cell::text(&g.filed_by_name) },
    Column { header: "Assigned To", width: 20.0, value: |g| Cell::opt(&g.assigned_to_name) },
    Column { header: "Filed At (IST)", width: 17.0, value: |g| Cell::datetime(&g.filed_at) },
    Column { header: "Last Updated (IST)", width: 17.0, value: |g| Cell::datetime(&g.updated_at) },
    Column { header: "Resolved At (IST)", width: 17.0, value: |g| g.resolved_at.as_deref().map_or(Cell::Blank, Cell::datetime) },
];

/// The names of the case's people of `role`, and nothing else of them.
fn names_of(g: &Grievance, role: domain::parties::PartyRole) -> Cell {
    let names: Vec<&str> = g.fields.parties.iter().filter(|p| p.role == role).map(|p| p.name.as_str()).collect();
    Cell::text(&names.join(", "))
}

/// Whether a case may be in the state's public list of FIRs: no officer withheld it (Youth
/// Bar Association v Union of India, 2016), and it is not sensitive, since the FIR of a
/// sexual offence or one under POCSO is not to be put in the public domain at all (Nipun
/// Saxena v Union of India, 2018; BNS s.72, POCSO s.23).
pub fn publishable(g: &Grievance, sensitive: bool) -> bool {
    g.fields.publication_withheld.is_none() && !sensitive
}

/// The public list of FIRs: what the FIR says of the case, where and under what law, and the
/// names of its complainants and accused, as an FIR copy gives them; never a victim or a
/// witness, a mobile, an email, an address or an age, nor the portal's own working (officers,
/// dates of its steps, who filed it).
pub const PUBLICATION_COLUMNS: &[Column<Grievance>] = &[
    Column { header: "FIR Number", width: 16.0, value: |g| Cell::text(&g.fields.fir_no) },
    Column { header: "FIR Date", width: 12.0, value: |g| Cell::date(&g.fields.fir_date) },
    Column { header: "District", width: 18.0, value: |g| Cell::text(&g.fields.district) },
    Column { header: "Police Station", width: 20.0, value: |g| Cell::text(&g.fields.police_station) },
    Column { header: "Section & Act", width: 20.0, value: |g| Cell::text(&g.fields.section_and_act) },
    Column { header: "Crime Title", width: 26.0, value: |g| Cell::text(&g.fields.crime_title) },
    Column { header: "Status", width: 13.0, value: |g| Cell::text(&g.fields.status) },
    Column { header: "Complainant", width: 24.0, value: |g| names_of(g, domain::parties::PartyRole::Complainant) },
    Column { header: "Accused", width: 24.0, value: |g| names_of(g, domain::parties::PartyRole::Accused) },
    Column { header: "Brief Details", width: 60.0, value: |g| Cell::text(&g.fields.brief_details) },
];

/// A column of the officers workbook: one investigation officer entry, with the grievance
/// it belongs to.
pub struct OfficerColumn {
    pub header: &'static str,
    pub width: f64,
    pub value: fn(&Grievance, &OfficerEntry) -> Cell,
}

pub const OFFICER_COLUMNS: &[OfficerColumn] = &[
    OfficerColumn { header: "Grievance Number", width: 18.0, value: |g, _| Cell::text(&g.grievance_number) },
    OfficerColumn { header: "FIR Number", width: 14.0, value: |g, _| Cell::text(&g.fields.fir_no) },
    OfficerColumn { header: "FIR Date", width: 12.0, value: |g, _| Cell::date(&g.fields.fir_date) },
    OfficerColumn { header: "District", width: 18.0, value: |g, _| Cell::text(&g.fields.district) },
    OfficerColumn { header: "Police Station", width: 20.0, value: |g, _| Cell::text(&g.fields.police_station) },
    OfficerColumn { header: "Officer Name", width: 24.0, value: |_, o| Cell::text(&o.officer_name) },
    OfficerColumn { header: "From Date", width: 12.0, value: |_, o| Cell::opt_date(&o.from_date) },
    OfficerColumn { header: "To Date", width: 12.0, value: |_, o| Cell::opt_date(&o.to_date) },
    OfficerColumn { header: "Findings", width: 50.0, value: |_, o| Cell::text(&o.findings) },
    OfficerColumn { header: "Current Investigation Officer", width: 24.0, value: |g, _| Cell::opt(&g.fields.current_investigation_officer) },
    OfficerColumn { header: "Status", width: 13.0, value: |g, _| Cell::text(&g.fields.status) },
];

/// The PDF report's columns: the list's, the FIR date, the brief details and the people. Widths here are
/// millimetres, adding up to the printable width of landscape A4.
pub const REPORT_COLUMNS: &[Column<Grievance>] = &[
    Column { header: "Grievance Number", width: 30.0, value: |g| Cell::text(&g.grievance_number) },
    Column { header: "FIR Number", width: 22.0, value: |g| Cell::text(&g.fields.fir_no) },
    Column { header: "FIR Date", width: 19.0, value: |g| Cell::date(&g.fields.fir_date) },
    Column { header: "Crime Title", width: 30.0, value: |g| Cell::text(&g.fields.crime_title) },
    Column { header: "District", width: 20.0, value: |g| Cell::text(&g.fields.district) },
    Column { header: "Police Station", width: 24.0, value: |g| Cell::text(&g.fields.police_station) },
    Column { header: "Status", width: 19.0, value: |g| Cell::text(&g.fields.status) },
    Column { header: "Priority", width: 15.0, value: |g| Cell::text(&g.fields.priority) },
    Column { header: "Filed By", width: 20.0, value: |g| Cell::text(&g.filed_by_name) },
    Column { header: "Brief Details", width: 45.0, value: |g| Cell::text(&g.fields.brief_details) },
    Column { header: "People in the Case", width: 33.0, value: people },
];
