//! A report's table and its chart as a file: an Excel workbook (the table, and a native
//! column chart over it) or a landscape A4 PDF (the chart drawn as vector bars, then the
//! table, its header repeated on each page). The MIS reports are a few hundred rows at most,
//! so both are written whole.

use crate::canvas::{Canvas, Rgb};
use crate::typeset::{self, Weight};
use crate::Language;
use domain::{Error, Result};
use rust_xlsxwriter::{Chart, ChartType, Format, XlsxError};
use std::path::Path;

/// One cell of a report's table.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Text(String),
    Number(f64),
    Blank,
}

impl Value {
    /// As the PDF writes it: whole numbers grouped as en-IN ("1,00,000"), others to one
    /// decimal. A workbook keeps numbers as numbers.
    fn display(&self) -> String {
        match self {
            Value::Text(t) => t.clone(),
            Value::Number(n) if n.fract() == 0.0 && *n >= 0.0 && *n < u64::MAX as f64 => domain::numbers::grouped(*n as u64),
            Value::Number(n) if n.fract() == 0.0 => format!("{n:.0}"),
            Value::Number(n) => format!("{n:.1}"),
            Value::Blank => "-".into(),
        }
    }
}

/// Bars: one group per label, one bar per series in each.
#[derive(Clone, Debug)]
pub struct Bars {
    pub labels: Vec<String>,
    /// (name, one value per label)
    pub series: Vec<(String, Vec<f64>)>,
}

/// What a report file holds: its period line, the table and the chart. The words are in the
/// heading's language already.
#[derive(Clone, Debug)]
pub struct Table {
    pub title: String,
    /// "Generated ... by ...", see [`generated_line`].
    pub generated: String,
    pub language: Language,
    /// What the report covers, e.g. "Area: North District; Period (filing date): 01 Jan 2026
    /// to 26 Nov 2026".
    pub period: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
    pub chart: Bars,
    /// Further tables after the first, each under its own title: in a workbook a sheet each,
    /// in a PDF one after the other.
    pub more: Vec<Section>,
}

/// A further table of a report, with a line under its title (what it lists, how many).
#[derive(Clone, Debug)]
pub struct Section {
    pub title: String,
    pub note: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
}

/// "Generated {when} IST by {who}" in `language`.
pub fn generated_line(at: time::OffsetDateTime, who: &str, language: Language) -> String {
    language.generated(&crate::columns::datetime_text_in(at, language), crate::DISPLAY_ZONE, who)
}

fn xlsx(e: XlsxError) -> Error {
    Error::internal(format!("cannot write the workbook: {e}"))
}

/// Writes `table` to an Excel workbook at `path`; answers its data rows.
pub fn excel(path: &Path, table: &Table) -> Result<u64> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    let sheet_name = table.language.say("Report");
    sheet.set_name(sheet_name).map_err(xlsx)?;
    let bold = Format::new().set_bold();
    let header = Format::new().set_bold().set_font_color(rust_xlsxwriter::Color::White).set_background_color(rust_xlsxwriter::Color::RGB(0x1F3B5E));
    sheet.write_string_with_format(0, 0, &table.title, &bold.clone().set_font_size(14)).map_err(xlsx)?;
    sheet.write_string(1, 0, &table.period).map_err(xlsx)?;
    sheet.write_string(2, 0, table.generated.clone()).map_err(xlsx)?;
    const FIRST: u32 = 4;
    for (c, name) in table.columns.iter().enumerate() {
        sheet.write_string_with_format(FIRST, c as u16, name, &header).map_err(xlsx)?;
        sheet.set_column_width(c as u16, if c == 0 { 28.0 } else { 14.0 }).map_err(xlsx)?;
    }
    write_rows(sheet, FIRST + 1, &table.rows)?;
    // The chart: its own little table to the right of the report's, so that it draws exactly
    // the bars the PDF draws.
    let data_col = table.columns.len() as u16 + 2;
    let bars = &table.chart;
    if !bars.labels.is_empty() {
        for (i, label) in bars.labels.iter().enumerate() {
            sheet.write_string(FIRST + 1 + i as u32, data_col, label).map_err(xlsx)?;
        }
        let mut chart = Chart::new(ChartType::Column);
        for (s, (name, values)) in bars.series.iter().enumerate() {
            let col = data_col + 1 + s as u16;
            sheet.write_string_with_format(FIRST, col, name, &header).map_err(xlsx)?;
            for (i, v) in values.iter().enumerate() {
                sheet.write_number(FIRST + 1 + i as u32, col, *v).map_err(xlsx)?;
            }
            let last = FIRST + bars.labels.len() as u32;
            chart
                .add_series()
                .set_name((sheet_name, FIRST, col))
                .set_categories((sheet_name, FIRST + 1, data_col, last, data_col))
                .set_values((sheet_name, FIRST + 1, col, last, col));
        }
        chart.title().set_name(&table.title);
        sheet.insert_chart(FIRST + table.rows.len() as u32 + 3, 0, &chart).map_err(xlsx)?;
    }
    for (i, section) in table.more.iter().enumerate() {
        let sheet = book.add_worksheet();
        sheet.set_name(sheet_title(&section.title, i)).map_err(xlsx)?;
        sheet.write_string_with_format(0, 0, &section.title, &bold.clone().set_font_size(14)).map_err(xlsx)?;
        sheet.write_string(1, 0, &table.period).map_err(xlsx)?;
        sheet.write_string(2, 0, &section.note).map_err(xlsx)?;
        for (c, name) in section.columns.iter().enumerate() {
            sheet.write_string_with_format(FIRST, c as u16, name, &header).map_err(xlsx)?;
            sheet.set_column_width(c as u16, if c == 0 { 28.0 } else { 16.0 }).map_err(xlsx)?;
        }
        write_rows(sheet, FIRST + 1, &section.rows)?;
    }
    book.save(path).map_err(xlsx)?;
    Ok(table.rows.len() as u64 + table.more.iter().map(|s| s.rows.len() as u64).sum::<u64>())
}

/// A sheet's name from a title: at most 31 characters, none of those Excel forbids.
fn sheet_title(title: &str, i: usize) -> String {
    let kept: String = title.chars().filter(|c| !"[]:*?/\\\'".contains(*c)).take(28).collect();
    if kept.trim().is_empty() { (i + 2).to_string() } else { kept }
}

fn write_rows(sheet: &mut rust_xlsxwriter::Worksheet, first: u32, rows: &[Vec<Value>]) -> Result<()> {
    for (r, row) in rows.iter().enumerate() {
        let at = first + r as u32;
        for (c, v) in row.iter().enumerate() {
            match v {
                Value::Text(t) => sheet.write_string(at, c as u16, t).map(|_| ()),
                Value::Number(n) => sheet.write_number(at, c as u16, *n).map(|_| ()),
                Value::Blank => Ok(()),
            }
            .map_err(xlsx)?;
        }
    }
    Ok(())
}

const PAGE_WIDTH: f32 = 297.0;
const PAGE_HEIGHT: f32 = 210.0;
const MARGIN: f32 = 12.0;
const ROW: f32 = 6.0;
const TEXT: f32 = 7.5;
const CHART_HEIGHT: f32 = 70.0;
const SERIES_COLORS: [Rgb; 6] = [(0.16, 0.38, 0.67), (0.90, 0.49, 0.13), (0.24, 0.62, 0.35), (0.78, 0.22, 0.25), (0.55, 0.40, 0.75), (0.45, 0.45, 0.45)];

/// `text` cut (with an ellipsis) to fit `width` mm.
fn fit(text: &str, size: f32, width: f32) -> String {
    if typeset::width(text, Weight::Regular, size) <= width {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && typeset::width(&format!("{cut}…"), Weight::Regular, size) > width {
        cut.pop();
    }
    format!("{cut}…")
}

/// The chart and the table drawn on a canvas.
struct Writer {
    canvas: Canvas,
}

impl Writer {
    fn text(&mut self, weight: Weight, size: f32, x: f32, y: f32, text: &str, color: Rgb) {
        self.canvas.text(weight, size, x, y, text, color);
    }

    fn rect(&mut self, x: f32, y: f32, width: f32, height: f32, color: Rgb) {
        self.canvas.rect(x, y, width, height, color);
    }

    /// Grouped vertical bars in the box whose top left is (`MARGIN`, `top`); answers its bottom.
    fn chart(&mut self, bars: &Bars, top: f32) -> f32 {
        let width = PAGE_WIDTH - 2.0 * MARGIN;
        let legend_y = top - 4.0;
        let mut x = MARGIN;
        for (s, (name, _)) in bars.series.iter().enumerate() {
            self.rect(x, legend_y - 0.5, 3.0, 3.0, SERIES_COLORS[s % SERIES_COLORS.len()]);
            self.text(Weight::Regular, 7.5, x + 4.0, legend_y, name, (0.2, 0.2, 0.2));
            x += 8.0 + typeset::width(name, Weight::Regular, 7.5);
        }
        let plot_top = top - 10.0;
        let axis = plot_top - CHART_HEIGHT + 12.0;
        let height = plot_top - axis;
        let most = bars.series.iter().flat_map(|(_, v)| v.iter().copied()).fold(0.0f64, f64::max).max(1.0);
        self.rect(MARGIN, axis - 0.3, width, 0.3, (0.3, 0.3, 0.3));
        self.text(Weight::Regular, 6.5, MARGIN, plot_top + 1.0, &Value::Number(most).display(), (0.4, 0.4, 0.4));
        let groups = bars.labels.len().max(1) as f32;
        let slot = width / groups;
        let bar = (slot * 0.8 / bars.series.len().max(1) as f32).min(12.0);
        for (i, label) in bars.labels.iter().enumerate() {
            let start = MARGIN + slot * i as f32 + (slot - bar * bars.series.len() as f32) / 2.0;
            for (s, (_, values)) in bars.series.iter().enumerate() {
                let v = values.get(i).copied().unwrap_or(0.0);
                let h = (v / most) as f32 * (height - 4.0);
                let x = start + bar * s as f32;
                if h > 0.0 {
                    self.rect(x, axis, bar * 0.92, h, SERIES_COLORS[s % SERIES_COLORS.len()]);
                }
                if bar >= 4.0 {
                    self.text(Weight::Regular, 5.5, x, axis + h + 1.0, &Value::Number(v).display(), (0.2, 0.2, 0.2));
                }
            }
            self.text(Weight::Regular, 6.0, MARGIN + slot * i as f32 + 0.5, axis - 4.0, &fit(label, 6.0, slot - 1.0), (0.2, 0.2, 0.2));
        }
        axis - 8.0
    }

    /// A table from `top`, its header repeated on each new page; answers its bottom.
    fn table(&mut self, columns: &[String], rows: &[Vec<Value>], top: f32) -> f32 {
        let count = columns.len().max(1);
        let first = if count > 1 { 55.0f32.min((PAGE_WIDTH - 2.0 * MARGIN) / 2.0) } else { PAGE_WIDTH - 2.0 * MARGIN };
        let rest = if count > 1 { (PAGE_WIDTH - 2.0 * MARGIN - first) / (count - 1) as f32 } else { 0.0 };
        let widths: Vec<f32> = (0..count).map(|c| if c == 0 { first } else { rest }).collect();
        let mut y = self.header(columns, &widths, top);
        for (r, row) in rows.iter().enumerate() {
            if y - ROW < MARGIN + 8.0 {
                self.canvas.add_page();
                y = self.header(columns, &widths, PAGE_HEIGHT - MARGIN);
            }
            if r % 2 == 1 {
                self.rect(MARGIN, y - ROW, PAGE_WIDTH - 2.0 * MARGIN, ROW, (0.94, 0.95, 0.97));
            }
            let mut x = MARGIN;
            for (v, width) in row.iter().zip(&widths) {
                self.text(Weight::Regular, TEXT, x + 1.2, y - ROW + 1.8, &fit(&v.display(), TEXT, width - 2.4), (0.0, 0.0, 0.0));
                x += width;
            }
            y -= ROW;
        }
        y
    }

    fn header(&mut self, columns: &[String], widths: &[f32], top: f32) -> f32 {
        self.rect(MARGIN, top - ROW, PAGE_WIDTH - 2.0 * MARGIN, ROW, (0.12, 0.23, 0.37));
        let mut x = MARGIN;
        for (c, w) in columns.iter().zip(widths) {
            self.text(Weight::Bold, TEXT, x + 1.2, top - ROW + 1.8, &fit(c, TEXT, w - 2.4), (1.0, 1.0, 1.0));
            x += w;
        }
        top - ROW
    }
}

/// Writes `table` to a landscape A4 PDF at `path`, its chart first; answers its data rows.
pub fn pdf(path: &Path, table: &Table) -> Result<u64> {
    let language = table.language;
    let mut w = Writer { canvas: Canvas::new(PAGE_WIDTH, PAGE_HEIGHT) };
    let mut y = PAGE_HEIGHT - MARGIN - 5.0;
    w.text(Weight::Bold, 14.0, MARGIN, y, &table.title, (0.12, 0.23, 0.37));
    y -= 5.0;
    w.text(Weight::Regular, 8.0, MARGIN, y, &table.period, (0.2, 0.2, 0.2));
    y -= 4.2;
    w.text(Weight::Regular, 8.0, MARGIN, y, &table.generated, (0.2, 0.2, 0.2));
    y = w.chart(&table.chart, y - 3.0);
    y = w.table(&table.columns, &table.rows, y);
    if table.rows.is_empty() {
        w.text(Weight::Regular, 9.0, MARGIN + 1.2, y - 6.0, language.say("No grievances match these filters."), (0.0, 0.0, 0.0));
        y -= 8.0;
    }
    for section in &table.more {
        // The title, its note and the header row together, never a title alone at a page's foot.
        if y - 12.0 - 2.0 * ROW < MARGIN + 8.0 {
            w.canvas.add_page();
            y = PAGE_HEIGHT - MARGIN;
        }
        y -= 8.0;
        w.text(Weight::Bold, 11.0, MARGIN, y, &section.title, (0.12, 0.23, 0.37));
        y -= 4.5;
        w.text(Weight::Regular, 8.0, MARGIN, y, &section.note, (0.2, 0.2, 0.2));
        y = w.table(&section.columns, &section.rows, y - 2.0);
    }
    let total = w.canvas.page_count();
    let footer = format!("{} · {}", language.say("Police Grievance Portal"), table.title);
    for i in 0..total {
        let number = language.page_of(i + 1, total);
        w.canvas.select_page(i);
        w.text(Weight::Regular, 7.0, MARGIN, MARGIN - 5.0, &footer, (0.35, 0.35, 0.35));
        w.text(Weight::Regular, 7.0, PAGE_WIDTH - MARGIN - typeset::width(&number, Weight::Regular, 7.0), MARGIN - 5.0, &number, (0.35, 0.35, 0.35));
    }
    let bytes = w.canvas.finish(&table.title)?;
    std::fs::write(path, bytes).map_err(|e| Error::internal(format!("cannot write the PDF: {e}")))?;
    Ok(table.rows.len() as u64 + table.more.iter().map(|s| s.rows.len() as u64).sum::<u64>())
}

#[cfg(test)]
mod tests {
    use super::Value;

    #[test]
    fn a_pdf_groups_whole_numbers_as_en_in() {
        assert_eq!(Value::Number(100000.0).display(), "1,00,000");
        assert_eq!(Value::Number(1234567.0).display(), "12,34,567");
        assert_eq!(Value::Number(999.0).display(), "999");
        assert_eq!(Value::Number(62.5).display(), "62.5");
        assert_eq!(Value::Number(-3.0).display(), "-3");
    }
}
