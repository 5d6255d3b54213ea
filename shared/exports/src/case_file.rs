//! The case file: one grievance on portrait A4 pages for the physical file and for court.
//! Its sections (the case's details, the brief details, its people, its investigation
//! officers, its case notes and its history) each start on a fresh page when what is left of
//! the page cannot hold them; a section longer than a page runs on. Every page carries the
//! station, the grievance and FIR numbers, and who printed it and when; every footer its page
//! number; the last page ends with a signature block. Labels are in the language asked for;
//! the case's own words stay as typed.

use crate::canvas::{Canvas, Rgb};
use crate::columns::{Cell, GRIEVANCE_COLUMNS};
use crate::pdf::lines_of;
use crate::typeset::{self, Weight};
use crate::Language;
use cases::port::Note;
use cases::reads::AuditRecord;
use cases::Grievance;
use domain::parties::PartyRole;
use domain::Result;

const PAGE_WIDTH: f32 = 210.0;
const PAGE_HEIGHT: f32 = 297.0;
const MARGIN: f32 = 15.0;
const BODY: f32 = 9.0;
const LINE: f32 = 4.4;
const LABEL_WIDTH: f32 = 55.0;
/// The header's depth on every page, and the footer's.
const HEADER: f32 = 16.0;
const FOOTER: f32 = 10.0;

const NAVY: Rgb = (0.12, 0.23, 0.37);
const GREY: Rgb = (0.35, 0.35, 0.35);
const BLACK: Rgb = (0.0, 0.0, 0.0);

/// What a case file holds: the grievance (its victims already written as its reader may see
/// them), its notes and its history, newest first as the screen shows them.
pub struct CaseFile<'a> {
    pub grievance: &'a Grievance,
    pub notes: &'a [Note],
    pub history: &'a [AuditRecord],
    pub printed_by: &'a str,
    pub printed_at: time::OffsetDateTime,
    pub language: Language,
}

/// One line of a section as laid out: set at `x` (mm from the margin), in `weight` and `size`.
struct Line {
    x: f32,
    weight: Weight,
    size: f32,
    text: String,
    color: Rgb,
    /// The space it takes, baseline to baseline.
    height: f32,
}

struct Section {
    heading: String,
    lines: Vec<Line>,
}

impl Section {
    fn height(&self) -> f32 {
        9.0 + self.lines.iter().map(|l| l.height).sum::<f32>()
    }
}

fn width() -> f32 {
    PAGE_WIDTH - 2.0 * MARGIN
}

/// A label beside its value, the value wrapped in the room left of the line.
fn pair(label: &str, value: &str) -> Vec<Line> {
    let labels = lines_of(label, Weight::Bold, BODY, LABEL_WIDTH - 2.0);
    let values = lines_of(value, Weight::Regular, BODY, width() - LABEL_WIDTH);
    let n = labels.len().max(values.len());
    let mut out = Vec::new();
    for i in 0..n {
        // The label's and the value's lines side by side: the label's on the row's lines,
        // as zero-height lines set before the value's.
        if let Some(l) = labels.get(i) {
            out.push(Line { x: 0.0, weight: Weight::Bold, size: BODY, text: l.clone(), color: GREY, height: 0.0 });
        }
        out.push(Line { x: LABEL_WIDTH, weight: Weight::Regular, size: BODY, text: values.get(i).cloned().unwrap_or_default(), color: BLACK, height: LINE });
    }
    out.last_mut().expect("one line at least").height += 1.2;
    out
}

/// A paragraph across the page, indented by `x`.
fn paragraph(text: &str, x: f32, weight: Weight, color: Rgb) -> Vec<Line> {
    let mut out: Vec<Line> = lines_of(text, weight, BODY, width() - x).into_iter().map(|text| Line { x, weight, size: BODY, text, color, height: LINE }).collect();
    out.last_mut().expect("one line at least").height += 1.5;
    out
}

fn role(role: PartyRole, language: Language) -> &'static str {
    language.say(match role {
        PartyRole::Complainant => "Complainant",
        PartyRole::Victim => "Victim",
        PartyRole::Accused => "Accused",
        PartyRole::Witness => "Witness",
    })
}

fn datetime(text: &str, language: Language) -> String {
    domain::clock::parse(text).map_or_else(|| text.to_string(), |t| crate::columns::datetime_text_in(t, language))
}

impl CaseFile<'_> {
    fn sections(&self) -> Vec<Section> {
        let (g, language) = (self.grievance, self.language);
        let own_sections = ["Brief Details", "People in the Case", "Investigation Officers"];
        let details = GRIEVANCE_COLUMNS
            .iter()
            .filter(|c| !own_sections.contains(&c.header))
            .flat_map(|c| {
                let value = match (c.value)(g) {
                    Cell::Blank => "-".to_string(),
                    cell => cell.display_in(language),
                };
                pair(language.say(c.header), &value)
            })
            .collect();
        let people: Vec<Line> = match g.fields.parties.is_empty() {
            true => paragraph(language.say("No one is recorded in this case."), 0.0, Weight::Regular, GREY),
            false => g
                .fields
                .parties
                .iter()
                .flat_map(|p| {
                    let mut about = vec![p.name.clone()];
                    about.extend(p.relation_name.clone());
                    about.extend(p.age.map(|a| a.to_string()));
                    about.extend(p.mobile.as_ref().map(|m| m.to_string()));
                    about.extend(p.address.clone());
                    pair(role(p.role, language), &about.join(", "))
                })
                .collect(),
        };
        let officers: Vec<Line> = match g.fields.investigation_officers.is_empty() {
            true => paragraph(language.say("No investigation officer is recorded."), 0.0, Weight::Regular, GREY),
            false => g
                .fields
                .investigation_officers
                .iter()
                .flat_map(|o| {
                    let span = format!("{} – {}", o.from_date.as_deref().unwrap_or("-"), o.to_date.as_deref().unwrap_or("-"));
                    let findings = if o.findings.is_empty() { String::new() } else { format!("; {}: {}", language.say("Findings"), o.findings) };
                    pair(&o.officer_name, &format!("{span}{findings}"))
                })
                .collect(),
        };
        let notes: Vec<Line> = match self.notes.is_empty() {
            true => paragraph(language.say("No case notes."), 0.0, Weight::Regular, GREY),
            false => self
                .notes
                .iter()
                .flat_map(|n| {
                    let mut lines = paragraph(&format!("{} · {}", datetime(&n.created_at, language), n.author_name), 0.0, Weight::Bold, GREY);
                    lines.last_mut().expect("one line").height -= 1.5;
                    lines.extend(paragraph(&n.text, 0.0, Weight::Regular, BLACK));
                    lines
                })
                .collect(),
        };
        let history = self
            .history
            .iter()
            .flat_map(|r| {
                let mut what = crate::screen_words::action(r.action.as_str(), language);
                if let Some(field) = r.field_name.as_deref().filter(|f| !f.is_empty() && *f != "complete_record") {
                    what.push_str(&format!(" · {}", crate::screen_words::field(field, language)));
                }
                match (&r.old_value, &r.new_value) {
                    (Some(old), Some(new)) => what.push_str(&format!(": {old} → {new}")),
                    (None, Some(new)) => what.push_str(&format!(": {new}")),
                    _ => {}
                }
                if let Some(notes) = r.notes.as_deref().filter(|n| !n.is_empty()) {
                    what.push_str(&format!(" ({notes})"));
                }
                pair(&format!("{}\n{}", datetime(&r.created_at, language), r.user_name), &what)
            })
            .collect();
        vec![
            Section { heading: language.say("Case Details").to_string(), lines: details },
            Section { heading: language.say("Brief Details").to_string(), lines: paragraph(&g.fields.brief_details, 0.0, Weight::Regular, BLACK) },
            Section { heading: language.say("People in the Case").to_string(), lines: people },
            Section { heading: language.say("Investigation Officers").to_string(), lines: officers },
            Section { heading: language.say("Case Notes").to_string(), lines: notes },
            Section { heading: language.say("History").to_string(), lines: history },
        ]
    }

    fn header(&self, canvas: &mut Canvas) {
        let (g, language) = (self.grievance, self.language);
        let top = PAGE_HEIGHT - MARGIN;
        let line = format!(
            "{} · {}: {} · {}: {}",
            g.fields.police_station,
            language.say("Grievance Number"),
            g.grievance_number,
            language.say("FIR Number"),
            g.fields.fir_no
        );
        canvas.text(Weight::Bold, 9.0, MARGIN, top - 3.0, &line, NAVY);
        let printed = format!(
            "{} {} IST {} {}",
            language.say("Printed"),
            crate::columns::datetime_text_in(self.printed_at, language),
            language.say("by"),
            self.printed_by
        );
        canvas.text(Weight::Regular, 8.0, MARGIN, top - 8.0, &printed, GREY);
        canvas.rect(MARGIN, top - 11.0, width(), 0.3, NAVY);
    }

    /// The file's bytes.
    pub fn write(&self) -> Result<Vec<u8>> {
        let language = self.language;
        let mut canvas = Canvas::new(PAGE_WIDTH, PAGE_HEIGHT);
        let body_top = PAGE_HEIGHT - MARGIN - HEADER;
        let bottom = MARGIN + FOOTER;
        self.header(&mut canvas);
        let mut y = body_top - 4.0;
        canvas.text(Weight::Bold, 16.0, MARGIN, y, language.say("Case File"), NAVY);
        y -= 6.0;
        for section in self.sections() {
            // A section that fits on a page is never split: it starts a page when what is
            // left of this one cannot hold it.
            if section.height() > y - bottom && section.height() <= body_top - bottom {
                canvas.add_page();
                self.header(&mut canvas);
                y = body_top;
            }
            y -= 6.0;
            canvas.rect(MARGIN, y - 1.8, width(), 6.2, (0.91, 0.93, 0.96));
            canvas.text(Weight::Bold, 11.0, MARGIN + 1.5, y, &section.heading, NAVY);
            y -= 3.0;
            let mut pending_labels: Vec<&Line> = Vec::new();
            for line in &section.lines {
                if line.height == 0.0 {
                    pending_labels.push(line);
                    continue;
                }
                if y - line.height < bottom {
                    canvas.add_page();
                    self.header(&mut canvas);
                    y = body_top;
                }
                y -= LINE.min(line.height);
                for label in pending_labels.drain(..) {
                    canvas.text(label.weight, label.size, MARGIN + label.x, y, &label.text, label.color);
                }
                canvas.text(line.weight, line.size, MARGIN + line.x, y, &line.text, line.color);
                y -= line.height - LINE.min(line.height);
            }
        }
        // The signature block, whole on the last page.
        let block = 34.0;
        if y - block < bottom {
            canvas.add_page();
            self.header(&mut canvas);
            y = body_top;
        }
        y -= 16.0;
        let column = width() / 3.0;
        for (i, label) in ["Signature", "Name and designation", "Date"].into_iter().enumerate() {
            let x = MARGIN + column * i as f32;
            canvas.rect(x, y, column - 8.0, 0.3, BLACK);
            canvas.text(Weight::Regular, 8.0, x, y - 4.0, language.say(label), GREY);
        }
        canvas.text(Weight::Regular, 8.0, MARGIN, y - 12.0, language.say("Station seal"), GREY);
        let total = canvas.page_count();
        let footer = format!("{} · {} · {}", language.say("Police Grievance Portal"), language.say("Case File"), self.grievance.grievance_number);
        for i in 0..total {
            let number = language.page_of(i + 1, total);
            canvas.select_page(i);
            canvas.text(Weight::Regular, 7.5, MARGIN, MARGIN - 4.0, &footer, GREY);
            canvas.text(Weight::Regular, 7.5, PAGE_WIDTH - MARGIN - typeset::width(&number, Weight::Regular, 7.5), MARGIN - 4.0, &number, GREY);
        }
        canvas.finish(&format!("{} {}", language.say("Case File"), self.grievance.grievance_number))
    }
}

/// The file's name: the case's number, which a browser saves it as.
pub fn file_name(g: &Grievance) -> String {
    format!("case-file-{}.pdf", g.grievance_number)
}
