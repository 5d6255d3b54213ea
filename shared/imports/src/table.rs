//! A file's rows, whether it is CSV (UTF-8, comma, semicolon or tab separated) or Excel
//! (.xlsx, its first sheet). Rows are read as the file is gone through, never gathered whole:
//! an import's memory does not grow with the register's length.

use calamine::{DataRef, Reader};
use domain::{Error, Msg, Result};
use std::sync::Arc;

/// One row as the file holds it: the spreadsheet's row number (the header is usually row
/// 1; a CSV's is the line the row starts on) and its cells as text.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub number: u64,
    pub cells: Vec<String>,
}

impl Row {
    fn is_blank(&self) -> bool {
        self.cells.iter().all(|c| c.trim().is_empty())
    }
}

fn unreadable(reason: impl std::fmt::Display) -> Error {
    Error::field("content", Msg::ImportFileUnreadable { reason: reason.to_string() })
}

/// Whether the bytes are an Excel workbook (a zip archive) rather than text.
fn is_workbook(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

/// Calls `each` with every row that holds anything, in order, until it answers false.
pub fn read(bytes: &[u8], each: impl FnMut(Row) -> bool) -> Result<()> {
    if is_workbook(bytes) {
        read_workbook(bytes, each)
    } else {
        read_text(bytes, each)
    }
}

/// The first row that holds anything: the header, with its row number.
pub fn header(bytes: &[u8]) -> Result<Row> {
    let mut header = None;
    read(bytes, |row| {
        header = Some(row);
        false
    })?;
    header.ok_or_else(|| Error::field("content", Msg::ImportFileEmpty))
}

/// The rows below the header, `size` at a time, read on a thread of their own while the
/// caller works through the batch before: at most two batches wait.
pub fn batches(bytes: Arc<[u8]>, header_row: u64, size: usize) -> tokio::sync::mpsc::Receiver<Result<Vec<Row>>> {
    let (sender, receiver) = tokio::sync::mpsc::channel(2);
    tokio::task::spawn_blocking(move || {
        let mut batch = Vec::with_capacity(size);
        let outcome = read(&bytes, |row| {
            if row.number <= header_row {
                return true;
            }
            batch.push(row);
            batch.len() < size || sender.blocking_send(Ok(std::mem::replace(&mut batch, Vec::with_capacity(size)))).is_ok()
        });
        let last = match outcome {
            Ok(()) if batch.is_empty() => return,
            Ok(()) => Ok(batch),
            Err(e) => Err(e),
        };
        let _ = sender.blocking_send(last);
    });
    receiver
}

/// The separator a CSV file uses: whichever of comma, semicolon and tab its first line has
/// most of (Excel writes semicolons where the decimal mark is a comma).
fn separator(text: &[u8]) -> u8 {
    let first = text.split(|b| *b == b'\n').next().unwrap_or_default();
    [b',', b';', b'\t'].into_iter().max_by_key(|s| first.iter().filter(|b| *b == s).count()).unwrap_or(b',')
}

fn read_text(bytes: &[u8], mut each: impl FnMut(Row) -> bool) -> Result<()> {
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).delimiter(separator(text)).from_reader(text);
    let mut record = csv::ByteRecord::new();
    // The line a row starts on, counted here from its byte offset (the reader's own count
    // slips with Windows line endings): lines passed so far, and where the count stands.
    let (mut line, mut counted) = (1u64, 0usize);
    loop {
        match reader.read_byte_record(&mut record) {
            Ok(false) => return Ok(()),
            Ok(true) => {}
            Err(e) => return Err(unreadable(e)),
        }
        let mut start = record.position().map_or(counted, |p| p.byte() as usize).clamp(counted, text.len());
        // After a "\r\n" the reader's offset is the "\n": the row starts past it.
        while start < text.len() && matches!(text[start], b'\r' | b'\n') {
            start += 1;
        }
        line += text[counted..start].iter().filter(|b| **b == b'\n').count() as u64;
        counted = start;
        let number = line;
        let cells = record
            .iter()
            .map(|cell| std::str::from_utf8(cell).map(str::to_string))
            .collect::<std::result::Result<Vec<String>, _>>()
            .map_err(|_| unreadable(format!("line {number} is not UTF-8 text: save the file as \"CSV UTF-8\"")))?;
        let row = Row { number, cells };
        if !row.is_blank() && !each(row) {
            return Ok(());
        }
    }
}

fn read_workbook(bytes: &[u8], mut each: impl FnMut(Row) -> bool) -> Result<()> {
    let mut book = calamine::Xlsx::new(std::io::Cursor::new(bytes)).map_err(unreadable)?;
    let sheet = book.sheet_names().first().cloned().ok_or_else(|| unreadable("the workbook has no sheet"))?;
    let mut cells = book.worksheet_cells_reader(&sheet).map_err(unreadable)?;
    let mut current: Option<Row> = None;
    while let Some(cell) = cells.next_cell().map_err(unreadable)? {
        let (row, column) = cell.get_position();
        let number = u64::from(row) + 1;
        if current.as_ref().is_some_and(|r| r.number != number) {
            let done = current.take().expect("a row is being read");
            if !done.is_blank() && !each(done) {
                return Ok(());
            }
        }
        let current = current.get_or_insert_with(|| Row { number, cells: Vec::new() });
        let column = column as usize;
        if current.cells.len() <= column {
            current.cells.resize(column + 1, String::new());
        }
        current.cells[column] = text_of(cell.get_value());
    }
    if let Some(last) = current.filter(|r| !r.is_blank()) {
        each(last);
    }
    Ok(())
}

/// A cell as text: whole numbers without a decimal point (a mobile number typed into a
/// number cell), dates as YYYY-MM-DD.
fn text_of(value: &DataRef<'_>) -> String {
    match value {
        DataRef::Int(n) => n.to_string(),
        DataRef::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        DataRef::Float(f) => f.to_string(),
        DataRef::String(s) | DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => s.clone(),
        DataRef::SharedString(s) => s.to_string(),
        DataRef::Bool(b) => if *b { "TRUE" } else { "FALSE" }.to_string(),
        DataRef::DateTime(d) => crate::values::excel_date(d.as_f64()).unwrap_or_else(|| d.as_f64().to_string()),
        DataRef::Error(_) | DataRef::Empty => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(bytes: &[u8]) -> Vec<Row> {
        let mut rows = Vec::new();
        read(bytes, |r| {
            rows.push(r);
            true
        })
        .unwrap();
        rows
    }

    #[test]
    fn a_csv_is_read_with_its_separator_line_numbers_and_without_a_bom() {
        let text = "\u{FEFF}District;Station\nAgra;\"Kotwali; City\"\n\n;;\nMathura;Highway\n";
        let read = rows(text.as_bytes());
        assert_eq!(read[0], Row { number: 1, cells: vec!["District".into(), "Station".into()] });
        assert_eq!(read[1].cells, ["Agra", "Kotwali; City"]);
        assert_eq!(read[2], Row { number: 5, cells: vec!["Mathura".into(), "Highway".into()] }, "blank rows are left out, the numbers kept");
    }

    #[test]
    fn text_that_is_not_utf8_is_refused_with_its_line() {
        let error = read(b"a,b\n\xe9t\xe9,x\n", |_| true).unwrap_err();
        assert!(error.to_string().contains("line 2 is not UTF-8"), "{error}");
    }

    #[test]
    fn a_workbook_is_read_from_its_first_sheet() {
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        sheet.write_string(0, 0, "Mobile").unwrap();
        sheet.write_string(0, 1, "Filed").unwrap();
        sheet.write_number(1, 0, 9876543210.0).unwrap();
        let date = rust_xlsxwriter::ExcelDateTime::from_ymd(2023, 3, 5).unwrap();
        sheet.write_datetime_with_format(1, 1, &date, &rust_xlsxwriter::Format::new().set_num_format("dd/mm/yyyy")).unwrap();
        sheet.write_string(3, 1, "later").unwrap();
        let bytes = book.save_to_buffer().unwrap();
        let read = rows(&bytes);
        assert_eq!(read[0].cells, ["Mobile", "Filed"]);
        assert_eq!(read[1], Row { number: 2, cells: vec!["9876543210".into(), "2023-03-05".into()] });
        assert_eq!(read[2], Row { number: 4, cells: vec![String::new(), "later".into()] });
    }

    #[tokio::test]
    async fn batches_follow_the_header() {
        let text: String = std::iter::once("h\n".to_string()).chain((0..7).map(|n| format!("{n}\n"))).collect();
        let mut batches = batches(Arc::from(text.into_bytes()), 1, 3);
        let mut sizes = Vec::new();
        while let Some(batch) = batches.recv().await {
            sizes.push(batch.unwrap().len());
        }
        assert_eq!(sizes, [3, 3, 1]);
    }

    #[test]
    fn windows_line_endings_keep_every_row() {
        let mut rows = Vec::new();
        read(b"Email,Name\r\na@b.test,A\r\n\r\nc@d.test,C\r\n", |r| {
            rows.push(r);
            true
        })
        .unwrap();
        let numbers: Vec<u64> = rows.iter().map(|r| r.number).collect();
        assert_eq!(numbers, [1, 2, 4], "{rows:?}");
    }
}
