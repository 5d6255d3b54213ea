//! The Audit History as a file: an Excel workbook (the records, and an About sheet), a CSV
//! file (UTF-8 with a byte-order mark, so that Excel opens Hindi text as typed), or a
//! landscape A4 PDF. Each says what it holds: the filters, who exported it and when, and the
//! integrity check of the chains of its records (the heading's `about` lines).

use crate::pdf::{Column, Report};
use crate::{columns, csv_safe, Heading, Language};
use cases::reads::AuditRecord;
use domain::{Error, Result};
use rust_xlsxwriter::{Format, XlsxError};
use std::path::Path;
use time::OffsetDateTime;

/// The most records one audit export holds: an auditor narrows by dates, action or user.
pub const MOST_RECORDS: usize = 10_000;

/// The formats of an audit export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuditFormat {
    Excel,
    Csv,
    Pdf,
}

impl AuditFormat {
    /// As the EXPORTED record names it.
    pub fn as_str(self) -> &'static str {
        match self {
            AuditFormat::Excel => "audit-excel",
            AuditFormat::Csv => "audit-csv",
            AuditFormat::Pdf => "audit-pdf",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            AuditFormat::Excel => "Audit History Excel",
            AuditFormat::Csv => "Audit History CSV",
            AuditFormat::Pdf => "Audit History PDF",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            AuditFormat::Excel => "xlsx",
            AuditFormat::Csv => "csv",
            AuditFormat::Pdf => "pdf",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            AuditFormat::Excel => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            AuditFormat::Csv => "text/csv; charset=utf-8",
            AuditFormat::Pdf => "application/pdf",
        }
    }

    /// `audit_history_20261126_1030.xlsx`, in India's time like the grievance exports.
    pub fn file_name(self, at: OffsetDateTime) -> String {
        let at = at.to_offset(time::UtcOffset::from_hms(5, 30, 0).expect("IST is a valid offset"));
        format!("audit_history_{:04}{:02}{:02}_{:02}{:02}.{}", at.year(), u8::from(at.month()), at.day(), at.hour(), at.minute(), self.extension())
    }
}

/// One column: its heading, its width in the PDF (mm; 0: not printed there), its text.
struct AuditColumn {
    header: &'static str,
    pdf_width: f32,
    value: fn(&AuditRecord, Language) -> String,
}

fn or_blank(text: &Option<String>) -> String {
    text.clone().unwrap_or_default()
}

fn when(r: &AuditRecord, language: Language) -> String {
    domain::clock::parse(&r.created_at).map_or_else(|| r.created_at.clone(), |t| columns::datetime_text_in(t, language))
}

const COLUMNS: &[AuditColumn] = &[
    AuditColumn { header: "Record", pdf_width: 0.0, value: |r, _| r.id.clone() },
    AuditColumn { header: "Date & Time (IST)", pdf_width: 28.0, value: when },
    AuditColumn { header: "Grievance", pdf_width: 27.0, value: |r, _| r.grievance_number.clone() },
    AuditColumn { header: "Action", pdf_width: 27.0, value: |r, language| crate::screen_words::action(r.action.as_str(), language) },
    AuditColumn { header: "Field", pdf_width: 20.0, value: |r, language| crate::screen_words::field(r.field_name.as_deref().unwrap_or_default(), language) },
    AuditColumn { header: "Old Value", pdf_width: 36.0, value: |r, _| or_blank(&r.old_value) },
    AuditColumn { header: "New Value", pdf_width: 36.0, value: |r, _| or_blank(&r.new_value) },
    AuditColumn { header: "Notes", pdf_width: 45.0, value: |r, _| or_blank(&r.notes) },
    AuditColumn { header: "User", pdf_width: 36.0, value: |r, _| format!("{} <{}>", r.user_name, r.user_email) },
    AuditColumn { header: "Role", pdf_width: 0.0, value: |r, _| r.user_role.clone() },
    AuditColumn { header: "IP Address", pdf_width: 22.0, value: |r, _| r.ip_address.clone() },
    AuditColumn { header: "User Agent", pdf_width: 0.0, value: |r, _| r.user_agent.clone() },
];

/// The heading block as lines: title, filters, who and when, and the `about` lines.
fn heading_lines(heading: &Heading) -> Vec<String> {
    let language = heading.language;
    let mut lines = vec![heading.title.clone(), format!("{}: {}", language.say("Filters"), heading.filters_text()), heading.generated_text()];
    lines.extend(heading.about.iter().cloned());
    lines
}

fn xlsx(e: XlsxError) -> Error {
    Error::internal(format!("cannot write the workbook: {e}"))
}

/// Writes `records` as `format` to `path`; answers the rows written.
pub fn write(format: AuditFormat, path: &Path, heading: &Heading, records: &[AuditRecord]) -> Result<u64> {
    match format {
        AuditFormat::Excel => excel(path, heading, records),
        AuditFormat::Csv => csv(path, heading, records),
        AuditFormat::Pdf => pdf(path, heading, records),
    }
}

fn excel(path: &Path, heading: &Heading, records: &[AuditRecord]) -> Result<u64> {
    let language = heading.language;
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name(language.say("Audit History")).map_err(xlsx)?;
    let header = Format::new().set_bold().set_font_color(rust_xlsxwriter::Color::White).set_background_color(rust_xlsxwriter::Color::RGB(0x1F3B5E));
    for (c, column) in COLUMNS.iter().enumerate() {
        sheet.write_string_with_format(0, c as u16, language.say(column.header), &header).map_err(xlsx)?;
        sheet.set_column_width(c as u16, if column.pdf_width > 30.0 { 40.0 } else { 20.0 }).map_err(xlsx)?;
    }
    for (r, record) in records.iter().enumerate() {
        for (c, column) in COLUMNS.iter().enumerate() {
            sheet.write_string(r as u32 + 1, c as u16, (column.value)(record, language)).map_err(xlsx)?;
        }
    }
    sheet.set_freeze_panes(1, 0).map_err(xlsx)?;
    let about = book.add_worksheet();
    about.set_name(language.say("About")).map_err(xlsx)?;
    about.set_column_width(0, 120.0).map_err(xlsx)?;
    let bold = Format::new().set_bold();
    for (i, line) in heading_lines(heading).iter().enumerate() {
        if i == 0 {
            about.write_string_with_format(0, 0, line, &bold).map_err(xlsx)?;
        } else {
            about.write_string(i as u32, 0, line).map_err(xlsx)?;
        }
    }
    let rows_line = format!("{}: {}", language.say("Rows"), records.len());
    about.write_string(heading_lines(heading).len() as u32, 0, rows_line).map_err(xlsx)?;
    book.save(path).map_err(xlsx)?;
    Ok(records.len() as u64)
}

/// The heading's lines first, one cell each, then a blank line, then the table: a reader
/// (or Excel) finds the header row after the first blank line.
fn csv(path: &Path, heading: &Heading, records: &[AuditRecord]) -> Result<u64> {
    let language = heading.language;
    let failed = |e: &dyn std::fmt::Display| Error::internal(format!("cannot write the CSV file: {e}"));
    let mut file = std::fs::File::create(path).map_err(|e| failed(&e))?;
    std::io::Write::write_all(&mut file, "\u{feff}".as_bytes()).map_err(|e| failed(&e))?;
    let mut out = ::csv::WriterBuilder::new().flexible(true).from_writer(std::io::BufWriter::new(file));
    // Every cell, the heading's too (its filters hold what was typed), as text a spreadsheet
    // does not evaluate.
    let mut row = |cells: Vec<String>| csv_safe::write_row(&mut out, cells).map_err(|e| failed(&e));
    for line in heading_lines(heading) {
        row(vec![line])?;
    }
    row(vec![String::new()])?;
    row(COLUMNS.iter().map(|c| language.say(c.header).to_string()).collect())?;
    for record in records {
        row(COLUMNS.iter().map(|c| (c.value)(record, language)).collect())?;
    }
    out.flush().map_err(|e| failed(&e))?;
    Ok(records.len() as u64)
}

fn pdf(path: &Path, heading: &Heading, records: &[AuditRecord]) -> Result<u64> {
    let language = heading.language;
    let printed: Vec<&AuditColumn> = COLUMNS.iter().filter(|c| c.pdf_width > 0.0).collect();
    let columns = printed.iter().map(|c| Column { header: language.say(c.header).to_string(), width: c.pdf_width, whole: c.header == "Grievance" }).collect();
    let mut report = Report::with_columns(path, heading.clone(), columns, language.say("No audit records match these filters.").to_string())?;
    for record in records {
        report.push_texts(printed.iter().map(|c| (c.value)(record, language)).collect())?;
    }
    report.write()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pdf_columns_span_the_page() {
        let width: f32 = COLUMNS.iter().map(|c| c.pdf_width).sum();
        assert_eq!(width, 277.0);
    }
}
