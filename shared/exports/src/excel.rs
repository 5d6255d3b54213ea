//! The workbooks: grievances (one row per grievance) and investigation officers (one row per
//! officer entry). Constant-memory mode flushes each row to a temporary file as it is
//! written, so memory stays flat whatever the number of rows.

use crate::columns::{Cell, Column, OfficerColumn, GRIEVANCE_COLUMNS, OFFICER_COLUMNS, PUBLICATION_COLUMNS};
use crate::{Heading, Sink, DISPLAY_OFFSET};
use cases::Grievance;
use domain::{Error, Result};
use rust_xlsxwriter::{Color, ExcelDateTime, Format, FormatAlign, FormatBorder, Worksheet, XlsxError};
use std::path::{Path, PathBuf};

/// Excel refuses longer text in one cell.
const MAX_CELL_TEXT: usize = 32_767;

fn xlsx(e: XlsxError) -> Error {
    Error::internal(format!("cannot write the workbook: {e}"))
}

enum Rows {
    Grievances,
    Officers,
    Publication,
}

pub struct Workbook {
    book: rust_xlsxwriter::Workbook,
    path: PathBuf,
    heading: Heading,
    rows: Rows,
    next_row: u32,
    date: Format,
    datetime: Format,
    text: Format,
}

struct Headers<'a>(Vec<(&'a str, f64)>);

impl Workbook {
    pub fn grievances(path: &Path, heading: Heading) -> Result<Self> {
        let language = heading.language;
        let headers = Headers(GRIEVANCE_COLUMNS.iter().map(|c: &Column<Grievance>| (language.say(c.header), c.width)).collect());
        Self::new(path, heading, Rows::Grievances, language.say("Grievances"), headers)
    }

    pub fn officers(path: &Path, heading: Heading) -> Result<Self> {
        let language = heading.language;
        let headers = Headers(OFFICER_COLUMNS.iter().map(|c: &OfficerColumn| (language.say(c.header), c.width)).collect());
        Self::new(path, heading, Rows::Officers, language.say("Investigation Officers"), headers)
    }

    pub fn publication(path: &Path, heading: Heading) -> Result<Self> {
        let language = heading.language;
        let headers = Headers(PUBLICATION_COLUMNS.iter().map(|c: &Column<Grievance>| (language.say(c.header), c.width)).collect());
        Self::new(path, heading, Rows::Publication, language.say("FIRs"), headers)
    }

    fn new(path: &Path, heading: Heading, rows: Rows, sheet_name: &str, headers: Headers) -> Result<Self> {
        let mut book = rust_xlsxwriter::Workbook::new();
        // Most of the time of saving goes to deflating the sheet's XML; the fastest level
        // costs a few percent of file size and saves about half of that time.
        book.set_zip_compression_level(1);
        if let Some(dir) = path.parent() {
            // The row buffers go beside the output, not to a small /tmp elsewhere.
            book.set_tempdir(dir).map_err(xlsx)?;
        }
        let header = Format::new()
            .set_bold()
            .set_font_color(Color::White)
            .set_background_color(Color::RGB(0x1F3A5F))
            .set_border(FormatBorder::Thin)
            .set_text_wrap()
            .set_align(FormatAlign::VerticalCenter);
        let sheet = book.add_worksheet_with_constant_memory().map_err(xlsx)?;
        sheet.set_name(sheet_name).map_err(xlsx)?;
        // Layout that precedes the rows in the file must be set before the first row.
        for (col, (_, width)) in headers.0.iter().enumerate() {
            sheet.set_column_width(col as u16, *width).map_err(xlsx)?;
        }
        sheet.set_freeze_panes(1, 0).map_err(xlsx)?;
        sheet.set_row_height(0, 30).map_err(xlsx)?;
        for (col, (title, _)) in headers.0.iter().enumerate() {
            sheet.write_string_with_format(0, col as u16, *title, &header).map_err(xlsx)?;
        }
        Ok(Workbook {
            book,
            path: path.to_path_buf(),
            heading,
            rows,
            next_row: 1,
            date: Format::new().set_num_format("dd-mmm-yyyy").set_align(FormatAlign::Left),
            datetime: Format::new().set_num_format("dd-mmm-yyyy hh:mm").set_align(FormatAlign::Left),
            text: Format::new(),
        })
    }

    fn columns(&self) -> u16 {
        match self.rows {
            Rows::Grievances => GRIEVANCE_COLUMNS.len() as u16,
            Rows::Officers => OFFICER_COLUMNS.len() as u16,
            Rows::Publication => PUBLICATION_COLUMNS.len() as u16,
        }
    }
}

fn write_cell(sheet: &mut Worksheet, row: u32, col: u16, cell: Cell, formats: (&Format, &Format, &Format), language: crate::Language) -> Result<()> {
    let (text, date, datetime) = formats;
    match cell {
        Cell::Blank => {}
        Cell::Text(s) => {
            // The file's own words (Yes, No) in the export's language; data as typed.
            let s = if s == "Yes" || s == "No" { language.say_text(&s) } else { s };
            let s: String = if s.len() > MAX_CELL_TEXT { s.chars().take(MAX_CELL_TEXT / 4).collect() } else { s };
            sheet.write_string_with_format(row, col, s, text).map_err(xlsx)?;
        }
        Cell::Date(d) => {
            let value = ExcelDateTime::from_ymd(d.year() as u16, u8::from(d.month()), d.day()).map_err(xlsx)?;
            sheet.write_datetime_with_format(row, col, &value, date).map_err(xlsx)?;
        }
        Cell::DateTime(t) => {
            let t = t.to_offset(DISPLAY_OFFSET);
            let value = ExcelDateTime::from_ymd(t.year() as u16, u8::from(t.month()), t.day())
                .and_then(|d| d.and_hms(u16::from(t.hour()), u8::from(t.minute()), u8::from(t.second())))
                .map_err(xlsx)?;
            sheet.write_datetime_with_format(row, col, &value, datetime).map_err(xlsx)?;
        }
    }
    Ok(())
}

impl Sink for Workbook {
    fn push(&mut self, g: &Grievance) -> Result<()> {
        let formats = (&self.text, &self.date, &self.datetime);
        let language = self.heading.language;
        let sheet = self.book.worksheet_from_index(0).map_err(xlsx)?;
        match self.rows {
            Rows::Grievances | Rows::Publication => {
                let columns = if matches!(self.rows, Rows::Grievances) { GRIEVANCE_COLUMNS } else { PUBLICATION_COLUMNS };
                for (col, column) in columns.iter().enumerate() {
                    write_cell(sheet, self.next_row, col as u16, (column.value)(g), formats, language)?;
                }
                self.next_row += 1;
            }
            Rows::Officers => {
                for officer in &g.fields.investigation_officers {
                    for (col, column) in OFFICER_COLUMNS.iter().enumerate() {
                        write_cell(sheet, self.next_row, col as u16, (column.value)(g, officer), formats, language)?;
                    }
                    self.next_row += 1;
                }
            }
        }
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> Result<u64> {
        let last_col = self.columns() - 1;
        let last_row = self.next_row - 1;
        let sheet = self.book.worksheet_from_index(0).map_err(xlsx)?;
        sheet.autofilter(0, 0, last_row, last_col).map_err(xlsx)?;
        // What the export is, for whoever opens the file later.
        let bold = Format::new().set_bold();
        let about = self.book.add_worksheet();
        let language = self.heading.language;
        about.set_name(language.say("About")).map_err(xlsx)?;
        about.set_column_width(0, 16).map_err(xlsx)?;
        about.set_column_width(1, 90).map_err(xlsx)?;
        let generated = crate::columns::datetime_text_in(self.heading.generated_at, language);
        let lines = [
            ("Report", self.heading.title.clone()),
            ("Filters", self.heading.filters_text()),
            ("Generated at", format!("{generated} {}", crate::DISPLAY_ZONE)),
            ("Generated by", self.heading.generated_by.clone()),
            ("Rows", last_row.to_string()),
        ];
        for (row, (label, value)) in lines.iter().enumerate() {
            about.write_string_with_format(row as u32, 0, language.say(label), &bold).map_err(xlsx)?;
            about.write_string(row as u32, 1, value).map_err(xlsx)?;
        }
        self.book.save(&self.path).map_err(xlsx)?;
        Ok(u64::from(last_row))
    }
}
