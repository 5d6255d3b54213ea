//! A CSV cell that a spreadsheet shows as text. Excel, LibreOffice and Google Sheets take a
//! cell that starts with `=`, `+`, `-` or `@` (or with a tab or carriage return before one)
//! as a formula, so a grievance's details or a browser's name typed by anyone could run
//! `=HYPERLINK(...)` or `=cmd|...` on an auditor's machine. Such a cell is written with a
//! leading `'`, which the spreadsheet shows as the text itself. Every CSV the portal writes
//! goes through [`cell`].

use std::borrow::Cow;

/// What a cell may not start with.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// `text` as a cell a spreadsheet does not evaluate: prefixed with `'` when it starts like a
/// formula, unchanged otherwise.
pub fn cell(text: &str) -> Cow<'_, str> {
    if text.starts_with(FORMULA_STARTS) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// Writes one row of `out`, each cell through [`cell`].
pub fn write_row<W: std::io::Write>(out: &mut csv::Writer<W>, cells: impl IntoIterator<Item = impl AsRef<str>>) -> csv::Result<()> {
    out.write_record(cells.into_iter().map(|text| cell(text.as_ref()).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_that_starts_like_a_formula_is_written_as_text() {
        for (text, written) in [
            ("=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"),
            ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
            ("+91 98765 43210", "'+91 98765 43210"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
            ("\t=1+1", "'\t=1+1"),
            ("\r=1+1", "'\r=1+1"),
        ] {
            assert_eq!(cell(text), written, "{text:?}");
        }
    }

    #[test]
    fn other_cells_are_left_as_they_are() {
        for text in ["", "Asha Admin", "CREATED", "2026-10-05 10:30 IST", "चोरी की शिकायत", "'=already text", " =1+1", "a=b", "FIR-12/2026"] {
            assert!(matches!(cell(text), Cow::Borrowed(t) if t == text), "{text:?}");
        }
    }

    #[test]
    fn a_row_is_written_cell_by_cell() {
        let mut out = csv::WriterBuilder::new().from_writer(Vec::new());
        write_row(&mut out, ["=1+1", "plain", "@x"]).unwrap();
        let bytes = out.into_inner().unwrap();
        assert_eq!(String::from_utf8(bytes).unwrap(), "'=1+1,plain,'@x\n");
    }
}
