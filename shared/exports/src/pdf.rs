//! The PDF report: landscape A4; a title, the filters applied, when and by whom; a table
//! whose header row repeats on every page; long text wrapped inside its column; page numbers.
//! Text is set in DejaVu Sans Condensed, embedded (subset), so names in any Latin, Greek or
//! Cyrillic script print as typed.

use crate::columns::{Cell, REPORT_COLUMNS};
use crate::{Heading, Sink};
use cases::Grievance;
use domain::{Error, Result};
use printpdf::{
    Color, FontId, Mm, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Pt, Rect, Rgb, TextItem, TextMatrix,
    WindingOrder,
};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

const REGULAR_TTF: &[u8] = include_bytes!("../fonts/DejaVuSansCondensed.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../fonts/DejaVuSansCondensed-Bold.ttf");

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

fn pt(mm: f32) -> Pt {
    Mm(mm).into()
}

fn rgb(r: f32, g: f32, b: f32) -> Color {
    Color::Rgb(Rgb { r, g, b, icc_profile: None })
}

/// The two faces, parsed once per process.
fn fonts() -> &'static (ParsedFont, ParsedFont) {
    static FONTS: OnceLock<(ParsedFont, ParsedFont)> = OnceLock::new();
    FONTS.get_or_init(|| {
        let parse = |bytes| ParsedFont::from_bytes(bytes, 0, &mut Vec::new()).expect("the bundled font parses");
        (parse(REGULAR_TTF), parse(BOLD_TTF))
    })
}

/// Width in mm of `text` set in `font` at `size` points.
fn text_width(font: &ParsedFont, text: &str, size: f32) -> f32 {
    let units = f32::from(font.units_per_em.max(1));
    let fallback = font.lookup_glyph_index('?' as u32).and_then(|g| font.get_glyph_width(g)).unwrap_or(500);
    let advance: u32 = text
        .chars()
        .map(|c| u32::from(font.lookup_glyph_index(c as u32).and_then(|g| font.get_glyph_width(g)).unwrap_or(fallback)))
        .sum();
    advance as f32 / units * size * 25.4 / 72.0
}

/// Breaks `text` into lines no wider than `width` mm: at spaces where possible, inside a word
/// only when the word alone is too wide.
fn wrap(font: &ParsedFont, text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
            if text_width(font, &candidate, size) <= width {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // The word alone: split it by characters if it does not fit.
            for c in word.chars() {
                line.push(c);
                if text_width(font, &line, size) > width && line.chars().count() > 1 {
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
    if lines.len() > MAX_LINES {
        lines.truncate(MAX_LINES);
        let last = lines.last_mut().expect("MAX_LINES is positive");
        while !last.is_empty() && text_width(font, &format!("{last}…"), size) > width {
            last.pop();
        }
        last.push('…');
    }
    lines
}

pub struct Report {
    path: PathBuf,
    heading: Heading,
    doc: PdfDocument,
    regular: FontId,
    bold: FontId,
    pages: Vec<Vec<Op>>,
    /// The page being filled, and the y (mm from the bottom) where the next row starts.
    ops: Vec<Op>,
    y: f32,
    rows: u64,
}

impl Report {
    pub fn new(path: &Path, heading: Heading) -> Result<Self> {
        let (regular_font, bold_font) = fonts();
        let mut doc = PdfDocument::new(&heading.title);
        let regular = doc.add_font(regular_font);
        let bold = doc.add_font(bold_font);
        let mut report = Report { path: path.to_path_buf(), heading, doc, regular, bold, pages: Vec::new(), ops: Vec::new(), y: 0.0, rows: 0 };
        report.start_page(true);
        Ok(report)
    }

    fn text(&mut self, font: &FontId, size: f32, x: f32, y: f32, text: &str) {
        self.ops.push(Op::SetFont { font: PdfFontHandle::External(font.clone()), size: Pt(size) });
        self.ops.push(Op::SetTextMatrix { matrix: TextMatrix::Translate(pt(x), pt(y)) });
        self.ops.push(Op::ShowText { items: vec![TextItem::Text(text.to_string())] });
    }

    fn rect(&mut self, x: f32, y: f32, width: f32, height: f32, color: Color) {
        self.ops.push(Op::SetFillColor { col: color });
        self.ops.push(Op::DrawRectangle {
            rectangle: Rect { x: pt(x), y: pt(y), width: pt(width), height: pt(height), mode: Some(PaintMode::Fill), winding_order: Some(WindingOrder::NonZero) },
        });
    }

    /// Opens a page: on the first, the title block; on every page, the table's header row.
    fn start_page(&mut self, first: bool) {
        let (regular_font, _) = fonts();
        let mut top = PAGE_HEIGHT - MARGIN;
        if first {
            let title = self.heading.title.clone();
            let filters = format!("Filters: {}", self.heading.filters_text());
            let generated = self.heading.generated_text();
            self.ops.push(Op::StartTextSection);
            self.ops.push(Op::SetFillColor { col: rgb(0.12, 0.23, 0.37) });
            let bold = self.bold.clone();
            let regular = self.regular.clone();
            top -= 5.0;
            self.text(&bold, 14.0, MARGIN, top, &title);
            self.ops.push(Op::SetFillColor { col: rgb(0.2, 0.2, 0.2) });
            for line in wrap(regular_font, &filters, 8.0, PAGE_WIDTH - 2.0 * MARGIN) {
                top -= 4.2;
                self.text(&regular, 8.0, MARGIN, top, &line);
            }
            top -= 4.2;
            self.text(&regular, 8.0, MARGIN, top, &generated);
            self.ops.push(Op::EndTextSection);
            top -= 4.0;
        }
        // The header row.
        let height = LINE + 2.0 * PAD;
        self.rect(MARGIN, top - height, PAGE_WIDTH - 2.0 * MARGIN, height, rgb(0.12, 0.23, 0.37));
        self.ops.push(Op::StartTextSection);
        self.ops.push(Op::SetFillColor { col: rgb(1.0, 1.0, 1.0) });
        let mut x = MARGIN;
        let bold = self.bold.clone();
        for column in REPORT_COLUMNS {
            self.text(&bold, TEXT_SIZE, x + PAD, top - PAD - LINE * 0.8, column.header);
            x += column.width as f32;
        }
        self.ops.push(Op::EndTextSection);
        self.y = top - height;
    }

    fn end_page(&mut self) {
        self.pages.push(std::mem::take(&mut self.ops));
    }
}

impl Sink for Report {
    fn push(&mut self, g: &Grievance) -> Result<()> {
        let (regular_font, _) = fonts();
        let cells: Vec<Vec<String>> = REPORT_COLUMNS
            .iter()
            .map(|c| {
                let text = match (c.value)(g) {
                    Cell::Blank => "-".to_string(),
                    cell => cell.display(),
                };
                wrap(regular_font, &text, TEXT_SIZE, c.width as f32 - 2.0 * PAD)
            })
            .collect();
        let lines = cells.iter().map(Vec::len).max().unwrap_or(1);
        let height = lines as f32 * LINE + 2.0 * PAD;
        if self.y - height < MARGIN + FOOTER_SPACE {
            self.end_page();
            self.start_page(false);
        }
        let top = self.y;
        if self.rows % 2 == 1 {
            self.rect(MARGIN, top - height, PAGE_WIDTH - 2.0 * MARGIN, height, rgb(0.94, 0.95, 0.97));
        }
        self.ops.push(Op::StartTextSection);
        self.ops.push(Op::SetFillColor { col: rgb(0.0, 0.0, 0.0) });
        let regular = self.regular.clone();
        let mut x = MARGIN;
        for (column, lines) in REPORT_COLUMNS.iter().zip(cells) {
            for (i, line) in lines.iter().enumerate() {
                self.text(&regular, TEXT_SIZE, x + PAD, top - PAD - LINE * (i as f32 + 0.8), line);
            }
            x += column.width as f32;
        }
        self.ops.push(Op::EndTextSection);
        self.y = top - height;
        self.rows += 1;
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> Result<u64> {
        if self.rows == 0 {
            let regular = self.regular.clone();
            self.ops.push(Op::StartTextSection);
            self.text(&regular, 9.0, MARGIN + PAD, self.y - 6.0, "No grievances match these filters.");
            self.ops.push(Op::EndTextSection);
        }
        self.end_page();
        let total = self.pages.len();
        let regular = self.regular.clone();
        let (regular_font, _) = fonts();
        let title = self.heading.title.clone();
        let pages: Vec<PdfPage> = std::mem::take(&mut self.pages)
            .into_iter()
            .enumerate()
            .map(|(i, mut ops)| {
                let number = format!("Page {} of {total}", i + 1);
                let width = text_width(regular_font, &number, 7.0);
                ops.extend([
                    Op::StartTextSection,
                    Op::SetFillColor { col: rgb(0.35, 0.35, 0.35) },
                    Op::SetFont { font: PdfFontHandle::External(regular.clone()), size: Pt(7.0) },
                    Op::SetTextMatrix { matrix: TextMatrix::Translate(pt(MARGIN), pt(MARGIN - 3.0)) },
                    Op::ShowText { items: vec![TextItem::Text(format!("Police Grievance Portal · {title}"))] },
                    Op::SetTextMatrix { matrix: TextMatrix::Translate(pt(PAGE_WIDTH - MARGIN - width), pt(MARGIN - 3.0)) },
                    Op::ShowText { items: vec![TextItem::Text(number)] },
                    Op::EndTextSection,
                ]);
                PdfPage::new(Mm(PAGE_WIDTH), Mm(PAGE_HEIGHT), ops)
            })
            .collect();
        let bytes = self.doc.with_pages(pages).save(&PdfSaveOptions::default(), &mut Vec::new());
        std::fs::write(&self.path, bytes).map_err(|e| Error::internal(format!("cannot write the PDF: {e}")))?;
        Ok(self.rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_line_inside_the_column() {
        let (font, _) = fonts();
        let text = "Chain snatching near the temple gate reported by the complainant at 9pm; suspect fled on a motorcycle. Supercalifragilisticexpialidocious-registration-number";
        let lines = wrap(font, text, TEXT_SIZE, 30.0);
        assert!(lines.len() > 3, "{lines:?}");
        assert!(lines.iter().all(|l| text_width(font, l, TEXT_SIZE) <= 30.0), "{lines:?}");
        assert_eq!(lines.join(" ").replace(' ', ""), text.replace(' ', ""));
        let long = "word ".repeat(2000);
        let lines = wrap(font, &long, TEXT_SIZE, 30.0);
        assert_eq!(lines.len(), MAX_LINES);
        assert!(lines.last().unwrap().ends_with('…'));
    }
}
