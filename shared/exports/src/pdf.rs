//! The PDF report: landscape A4; a title, the filters applied, when and by whom; a table
//! whose header row repeats on every page; long text wrapped inside its column; page numbers.
//! Text is set in DejaVu Sans Condensed and, for Hindi, Noto Sans Devanagari, shaped
//! (`typeset`), both embedded, so names in Latin, Greek, Cyrillic or Devanagari script print
//! as typed; the headings are in the language the export was asked in.

use crate::canvas::{Canvas, Rgb};
use crate::columns::{Cell, REPORT_COLUMNS};
use crate::typeset::{self, Weight};
use crate::{Heading, Sink};
use cases::Grievance;
use domain::{Error, Result};
use std::path::{Path, PathBuf};

const PAGE_WIDTH: f32 = 297.0;
const PAGE_HEIGHT: f32 = 210.0;
const MARGIN: f32 = 10.0;
const TEXT_SIZE: f32 = 7.5;
const LINE: f32 = 3.3; // mm between baselines of table text
const PAD: f32 = 1.2;
/// A cell longer than this many lines ends with an ellipsis: one grievance never takes more
/// than part of a page. The workbook carries the full text.
const MAX_LINES: usize = 14;
const FOOTER_SPACE: f32 = 10.0;

const NAVY: Rgb = (0.12, 0.23, 0.37);
const DARK_GREY: Rgb = (0.2, 0.2, 0.2);
const BLACK: Rgb = (0.0, 0.0, 0.0);

/// Width in mm of regular `text` at `size` points.
fn text_width(text: &str, size: f32) -> f32 {
    typeset::width(text, Weight::Regular, size)
}

/// Breaks `text` into lines no wider than `width` mm: at spaces where possible, inside a word
/// only when the word alone is too wide.
fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    wrap_in(text, Weight::Regular, size, width)
}

/// [`wrap`] for text set in `weight`.
fn wrap_in(text: &str, weight: Weight, size: f32, width: f32) -> Vec<String> {
    let mut lines = lines_of(text, weight, size, width);
    if lines.len() > MAX_LINES {
        lines.truncate(MAX_LINES);
        let last = lines.last_mut().expect("MAX_LINES is positive");
        while !last.is_empty() && text_width(&format!("{last}…"), size) > width {
            last.pop();
        }
        last.push('…');
    }
    lines
}

/// Every line of `text` set in `weight` at `size` points no wider than `width` mm: at spaces
/// where possible, inside a word only when the word alone is too wide; at least one line.
pub(crate) fn lines_of(text: &str, weight: Weight, size: f32, width: f32) -> Vec<String> {
    let text_width = |text: &str, size| typeset::width(text, weight, size);
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
            if text_width(&candidate, size) <= width {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // The word alone: split it by characters if it does not fit.
            for c in word.chars() {
                line.push(c);
                if text_width(&line, size) > width && line.chars().count() > 1 {
                    let last = line.pop().expect("at least two characters");
                    lines.push(std::mem::replace(&mut line, last.to_string()));
                }
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

/// A column of the table: its heading (in the file's language), its width in mm as planned,
/// and whether its values are kept whole on one line (a grievance or FIR number, a date).
#[derive(Clone, Debug)]
pub struct Column {
    pub header: String,
    pub width: f32,
    pub whole: bool,
}

/// The widths the columns are drawn at, sized by what they hold: a column of whole values is
/// as wide as its widest value (up to twice its planned width, past which it wraps), and the
/// other columns share what is left of the page in proportion to their planned widths. Every
/// column is at least as wide as the longest word of its heading, which wraps onto lines of
/// its own rather than running into the next column.
fn fitted(columns: &[Column], rows: &[Vec<String>]) -> Vec<f32> {
    let page = PAGE_WIDTH - 2.0 * MARGIN;
    let longest_word = |text: &str, weight| text.split_whitespace().map(|w| typeset::width(w, weight, TEXT_SIZE)).fold(0.0f32, f32::max) + 2.0 * PAD;
    let mut widths: Vec<f32> = columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let heading = longest_word(&c.header, Weight::Bold);
            if !c.whole {
                return c.width.max(heading);
            }
            let widest = rows.iter().filter_map(|r| r.get(i)).map(|v| text_width(v, TEXT_SIZE) + 2.0 * PAD).fold(0.0f32, f32::max);
            widest.max(heading).min((2.0 * c.width).max(heading))
        })
        .collect();
    let fixed: f32 = columns.iter().zip(&widths).filter(|(c, _)| c.whole).map(|(_, w)| w).sum();
    let planned: f32 = columns.iter().filter(|c| !c.whole).map(|c| c.width).sum();
    if planned > 0.0 {
        let share = (page - fixed).max(0.0) / planned;
        for (c, w) in columns.iter().zip(widths.iter_mut()).filter(|(c, _)| !c.whole) {
            *w = (c.width * share).max(longest_word(&c.header, Weight::Bold));
        }
    }
    // Headings' longest words may leave the row wider than the page: the texts give, the
    // widest most, so that the numbers stay whole.
    let over = widths.iter().sum::<f32>() - page;
    let texts: f32 = columns.iter().zip(&widths).filter(|(c, _)| !c.whole).map(|(_, w)| w).sum();
    if over > 0.0 && texts > 0.0 {
        for (_, w) in columns.iter().zip(widths.iter_mut()).filter(|(c, _)| !c.whole) {
            *w -= over * *w / texts;
        }
    }
    widths
}

pub struct Report {
    path: PathBuf,
    heading: Heading,
    columns: Vec<Column>,
    /// Said in place of the table when no row was written.
    empty: String,
    canvas: Canvas,
    /// Where the next row starts on the last page, in mm from the bottom.
    y: f32,
    /// Every row's texts, kept until the file is written: the columns are sized by them.
    pending: Vec<Vec<String>>,
}

impl Report {
    /// The grievances report.
    pub fn new(path: &Path, heading: Heading) -> Result<Self> {
        let language = heading.language;
        // Numbers and dates are read whole: never broken over two lines.
        let whole = |header| matches!(header, "Grievance Number" | "FIR Number" | "FIR Date");
        let columns = REPORT_COLUMNS.iter().map(|c| Column { header: language.say(c.header).to_string(), width: c.width as f32, whole: whole(c.header) }).collect();
        Self::with_columns(path, heading, columns, language.say("No grievances match these filters.").to_string())
    }

    /// A report of any rows: `columns` span the page's width (277 mm).
    pub fn with_columns(path: &Path, heading: Heading, columns: Vec<Column>, empty: String) -> Result<Self> {
        let canvas = Canvas::new(PAGE_WIDTH, PAGE_HEIGHT);
        Ok(Report { path: path.to_path_buf(), heading, columns, empty, canvas, y: 0.0, pending: Vec::new() })
    }

    fn text(&mut self, weight: Weight, size: f32, x: f32, y: f32, text: &str, color: Rgb) {
        self.canvas.text(weight, size, x, y, text, color);
    }

    /// Starts a page: on the first, the title block; on every page, the table's header row.
    fn start_page(&mut self, first: bool) {
        let mut top = PAGE_HEIGHT - MARGIN;
        let language = self.heading.language;
        if first {
            let about = self.heading.about.clone();
            let title = self.heading.title.clone();
            let filters = format!("{}: {}", language.say("Filters"), self.heading.filters_text());
            let generated = self.heading.generated_text();
            top -= 5.0;
            self.text(Weight::Bold, 14.0, MARGIN, top, &title, NAVY);
            // A 14-point title's line is deeper than the 8-point lines' 4.2 mm: Devanagari's
            // marks below the line would otherwise touch the filters line.
            top -= 1.8;
            for line in wrap(&filters, 8.0, PAGE_WIDTH - 2.0 * MARGIN) {
                top -= 4.2;
                self.text(Weight::Regular, 8.0, MARGIN, top, &line, DARK_GREY);
            }
            top -= 4.2;
            self.text(Weight::Regular, 8.0, MARGIN, top, &generated, DARK_GREY);
            for line in about.iter().flat_map(|line| wrap(line, 8.0, PAGE_WIDTH - 2.0 * MARGIN)) {
                top -= 4.2;
                self.text(Weight::Regular, 8.0, MARGIN, top, &line, DARK_GREY);
            }
            top -= 4.0;
        }
        // The header row: a heading wider than its column takes a second line.
        let headings: Vec<Vec<String>> = self.columns.iter().map(|c| wrap_in(&c.header, Weight::Bold, TEXT_SIZE, c.width - 2.0 * PAD)).collect();
        let height = headings.iter().map(Vec::len).max().unwrap_or(1) as f32 * LINE + 2.0 * PAD;
        self.canvas.rect(MARGIN, top - height, PAGE_WIDTH - 2.0 * MARGIN, height, NAVY);
        let mut x = MARGIN;
        let widths: Vec<f32> = self.columns.iter().map(|c| c.width).collect();
        for (lines, width) in headings.iter().zip(widths) {
            for (i, line) in lines.iter().enumerate() {
                self.text(Weight::Bold, TEXT_SIZE, x + PAD, top - PAD - LINE * (i as f32 + 0.8), line, (1.0, 1.0, 1.0));
            }
            x += width;
        }
        self.y = top - height;
    }
}

impl Report {
    /// Adds a row: one text per column, wrapped inside it when the file is written.
    pub fn push_texts(&mut self, texts: Vec<String>) -> Result<()> {
        self.pending.push(texts);
        Ok(())
    }

    fn draw_row(&mut self, row: usize, texts: &[String]) {
        let cells: Vec<Vec<String>> = texts.iter().zip(&self.columns).map(|(text, c)| wrap(text, TEXT_SIZE, c.width - 2.0 * PAD)).collect();
        let lines = cells.iter().map(Vec::len).max().unwrap_or(1);
        let height = lines as f32 * LINE + 2.0 * PAD;
        if self.y - height < MARGIN + FOOTER_SPACE {
            self.canvas.add_page();
            self.start_page(false);
        }
        let top = self.y;
        if row % 2 == 1 {
            self.canvas.rect(MARGIN, top - height, PAGE_WIDTH - 2.0 * MARGIN, height, (0.94, 0.95, 0.97));
        }
        let mut x = MARGIN;
        let widths: Vec<f32> = self.columns.iter().map(|c| c.width).collect();
        for (width, lines) in widths.into_iter().zip(cells) {
            for (i, line) in lines.iter().enumerate() {
                self.text(Weight::Regular, TEXT_SIZE, x + PAD, top - PAD - LINE * (i as f32 + 0.8), line, BLACK);
            }
            x += width;
        }
        self.y = top - height;
    }

    /// Lays the table out (its columns sized by what they hold), numbers the pages and writes
    /// the file; answers the rows written.
    pub fn write(mut self) -> Result<u64> {
        let language = self.heading.language;
        let rows = std::mem::take(&mut self.pending);
        let widths = fitted(&self.columns, &rows);
        for (column, width) in self.columns.iter_mut().zip(widths) {
            column.width = width;
        }
        self.start_page(true);
        for (i, texts) in rows.iter().enumerate() {
            self.draw_row(i, texts);
        }
        if rows.is_empty() {
            let (y, empty) = (self.y - 6.0, self.empty.clone());
            self.text(Weight::Regular, 9.0, MARGIN + PAD, y, &empty, BLACK);
        }
        let total = self.canvas.page_count();
        let footer = format!("{} · {}", language.say("Police Grievance Portal"), self.heading.title);
        for i in 0..total {
            let number = language.page_of(i + 1, total);
            let width = text_width(&number, 7.0);
            self.canvas.select_page(i);
            self.text(Weight::Regular, 7.0, MARGIN, MARGIN - 3.0, &footer, (0.35, 0.35, 0.35));
            self.text(Weight::Regular, 7.0, PAGE_WIDTH - MARGIN - width, MARGIN - 3.0, &number, (0.35, 0.35, 0.35));
        }
        let bytes = self.canvas.finish(&self.heading.title)?;
        std::fs::write(&self.path, bytes).map_err(|e| Error::internal(format!("cannot write the PDF: {e}")))?;
        Ok(rows.len() as u64)
    }
}

impl Sink for Report {
    fn push(&mut self, g: &Grievance) -> Result<()> {
        let language = self.heading.language;
        let texts = REPORT_COLUMNS
            .iter()
            .map(|c| match (c.value)(g) {
                Cell::Blank => "-".to_string(),
                cell => cell.display_in(language),
            })
            .collect();
        self.push_texts(texts)
    }

    fn finish(self: Box<Self>) -> Result<u64> {
        self.write()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report_columns(language: crate::Language) -> Vec<Column> {
        let dir = tempfile::tempdir().unwrap();
        let heading = Heading { title: String::new(), filters: Vec::new(), generated_at: time::OffsetDateTime::UNIX_EPOCH, generated_by: String::new(), language, about: Vec::new() };
        Report::new(&dir.path().join("r.pdf"), heading).unwrap().columns
    }

    #[test]
    fn numbers_are_kept_whole_and_the_texts_share_the_rest_of_the_page() {
        let columns = report_columns(crate::Language::English);
        let fir = columns.iter().position(|c| c.header == "FIR Number").unwrap();
        let brief = columns.iter().position(|c| c.header == "Brief Details").unwrap();
        let mut row = vec!["-".to_string(); columns.len()];
        row[0] = "GRV-2026-000123".into();
        row[fir] = "CIVIL/2026/99911".into();
        row[brief] = "Motorcycle stolen from the market parking.".into();
        let widths = fitted(&columns, &[row.clone()]);
        assert_eq!(wrap(&row[fir], TEXT_SIZE, widths[fir] - 2.0 * PAD), ["CIVIL/2026/99911"], "the FIR number on one line: {widths:?}");
        assert_eq!(wrap(&row[0], TEXT_SIZE, widths[0] - 2.0 * PAD).len(), 1, "the grievance number on one line");
        assert!((widths.iter().sum::<f32>() - (PAGE_WIDTH - 2.0 * MARGIN)).abs() < 0.01, "the page's width: {widths:?}");
        assert!(widths[brief] > 40.0, "the brief details keep most of their room: {widths:?}");
    }

    #[test]
    fn every_heading_line_stays_inside_its_column_in_hindi() {
        let columns = report_columns(crate::Language::Hindi);
        let widths = fitted(&columns, &[]);
        for (c, width) in columns.iter().zip(&widths) {
            for line in wrap_in(&c.header, Weight::Bold, TEXT_SIZE, width - 2.0 * PAD) {
                assert!(typeset::width(&line, Weight::Bold, TEXT_SIZE) <= width - 2.0 * PAD + 0.01, "{line:?} overruns {width} mm");
            }
        }
    }

    #[test]
    fn wrapping_keeps_every_line_inside_the_column() {
        let text = "Chain snatching near the temple gate reported by the complainant at 9pm; suspect fled on a motorcycle. Supercalifragilisticexpialidocious-registration-number";
        let lines = wrap(text, TEXT_SIZE, 30.0);
        assert!(lines.len() > 3, "{lines:?}");
        assert!(lines.iter().all(|l| text_width(l, TEXT_SIZE) <= 30.0), "{lines:?}");
        assert_eq!(lines.join(" ").replace(' ', ""), text.replace(' ', ""));
        let long = "word ".repeat(2000);
        let lines = wrap(&long, TEXT_SIZE, 30.0);
        assert_eq!(lines.len(), MAX_LINES);
        assert!(lines.last().unwrap().ends_with('…'));
    }
}
