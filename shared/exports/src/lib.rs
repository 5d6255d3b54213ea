//! Export files. Each writer is a synchronous sink fed one grievance at a time, so an export
//! of a state's year of cases streams through it instead of sitting in memory: the
//! workbooks use rust_xlsxwriter's constant-memory mode; the PDF keeps only its drawing
//! operations.

pub mod audit;
pub mod case_file;
pub mod columns;
pub mod csv_safe;
pub mod excel;
mod language;
pub mod screen_words;
pub mod pdf;
pub mod table;
mod typeset;
mod canvas;

use domain::Msg;
pub use language::Language;

use cases::Grievance;
use domain::Result;
use std::path::Path;
use time::{OffsetDateTime, UtcOffset};

/// Times in export files are shown in Indian Standard Time, the time staff work in.
pub const DISPLAY_OFFSET: UtcOffset = time::macros::offset!(+5:30);
pub const DISPLAY_ZONE: &str = "IST";

/// See [`Kind::most_rows`].
pub const MAX_PDF_ROWS: u64 = 10_000;

/// Refused when a PDF would hold more than [`MAX_PDF_ROWS`] grievances: `count` when the
/// list's size is known.
pub fn too_many_for_pdf(count: Option<u64>) -> domain::Error {
    let most = domain::numbers::grouped(MAX_PDF_ROWS);
    domain::Error::BadRequest(match count {
        Some(n) => Msg::PdfTooManyRows { most: most.to_string(), count: (domain::numbers::grouped(n)).to_string() },
        None => Msg::PdfTooManyRowsUncounted { most: most.to_string() },
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One row per grievance, every field.
    Excel,
    /// The printable report.
    Pdf,
    /// One row per investigation officer entry.
    Officers,
    /// The state's public list of FIRs: one row per case that may be published (see
    /// [`columns::publishable`]), without any victim, witness or contact detail.
    Publication,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Excel => "excel",
            Kind::Pdf => "pdf",
            Kind::Officers => "officers",
            Kind::Publication => "publication",
        }
    }

    /// The kind [`Kind::as_str`] names.
    pub fn parse(text: &str) -> Option<Kind> {
        [Kind::Excel, Kind::Pdf, Kind::Officers, Kind::Publication].into_iter().find(|k| k.as_str() == text)
    }

    pub fn label(self) -> &'static str {
        match self {
            Kind::Excel => "Excel",
            Kind::Pdf => "PDF",
            Kind::Officers => "Officers",
            Kind::Publication => "Publication",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Kind::Pdf => "pdf",
            Kind::Excel | Kind::Officers | Kind::Publication => "xlsx",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Kind::Pdf => "application/pdf",
            Kind::Excel | Kind::Officers | Kind::Publication => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }
    }

    /// The most grievances a file of this kind holds. A PDF's pages are kept in memory until
    /// the last row (each says "page N of M", and the fonts are embedded with the glyphs the
    /// pages drew): 10,000 rows are about 1,000 pages. Nobody prints more; the workbooks
    /// stream and hold the whole list.
    pub fn most_rows(self) -> Option<u64> {
        match self {
            Kind::Pdf => Some(MAX_PDF_ROWS),
            Kind::Excel | Kind::Officers | Kind::Publication => None,
        }
    }

    /// What the downloaded file is called, e.g. `grievances-2026-11-21-1530.xlsx`.
    pub fn file_name(self, at: OffsetDateTime) -> String {
        let at = at.to_offset(DISPLAY_OFFSET);
        let stem = match self {
            Kind::Officers => "investigation-officers",
            Kind::Publication => "fir-publication",
            Kind::Excel | Kind::Pdf => "grievances",
        };
        format!(
            "{stem}-{:04}-{:02}-{:02}-{:02}{:02}.{}",
            at.year(),
            u8::from(at.month()),
            at.day(),
            at.hour(),
            at.minute(),
            self.extension()
        )
    }
}

/// What an export says about itself: its title, the filters it applied, when and by whom.
#[derive(Clone, Debug)]
pub struct Heading {
    pub title: String,
    /// (label, value) of each filter applied; empty for "all grievances".
    pub filters: Vec<(String, String)>,
    pub generated_at: OffsetDateTime,
    pub generated_by: String,
    /// The language of the file's own words (headings, labels).
    pub language: Language,
    /// More lines for the heading block (an audit export's integrity check).
    pub about: Vec<String>,
}

impl Heading {
    pub fn filters_text(&self) -> String {
        let language = self.language;
        if self.filters.is_empty() {
            return language.say("None (all grievances visible to the user)").to_string();
        }
        self.filters.iter().map(|(k, v)| format!("{}: {v}", language.say_text(k))).collect::<Vec<_>>().join("; ")
    }

    pub fn generated_text(&self) -> String {
        self.language.generated(&columns::datetime_text_in(self.generated_at, self.language), DISPLAY_ZONE, &self.generated_by)
    }
}

/// A file being written, row by row.
pub trait Sink: Send {
    fn push(&mut self, grievance: &Grievance) -> Result<()>;
    /// Writes the file out; answers how many data rows it holds.
    fn finish(self: Box<Self>) -> Result<u64>;
}

/// A writer of `kind` into `path`.
pub fn open(kind: Kind, path: &Path, heading: Heading) -> Result<Box<dyn Sink>> {
    Ok(match kind {
        Kind::Excel => Box::new(excel::Workbook::grievances(path, heading)?),
        Kind::Officers => Box::new(excel::Workbook::officers(path, heading)?),
        Kind::Publication => Box::new(excel::Workbook::publication(path, heading)?),
        Kind::Pdf => Box::new(pdf::Report::new(path, heading)?),
    })
}
