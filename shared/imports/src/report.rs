//! What a dry run found in a file, row by row, and what a run brought in.

use crate::mapping::{FieldMapping, Mapping};
use crate::request::SourceFile;
use domain::{Error, Msg};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// What a row becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A new record.
    Create,
    /// A record an earlier import brought in, changed since.
    Update,
    /// Brought in already, as it is.
    Unchanged,
    /// Cannot be imported: see its errors.
    Fail,
}

/// Why a row cannot be imported, in one of its fields.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RowError {
    /// The import's field.
    pub field: String,
    /// The file's column that holds it, if any.
    pub column: Option<String>,
    /// The message's code, as an error answer's.
    pub code: String,
    pub message: String,
    pub message_hi: String,
    pub params: BTreeMap<String, String>,
}

/// One row of the file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RowReport {
    /// The spreadsheet's row number (the header is row 1).
    pub row: u64,
    pub outcome: Outcome,
    /// What the row is, in a few words ("Police station Kotwali", "FIR 12/2023 at Kotwali").
    pub label: String,
    pub errors: Vec<RowError>,
}

/// How many rows come to what.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Counts {
    pub rows: u64,
    pub create: u64,
    pub update: u64,
    pub unchanged: u64,
    pub fail: u64,
}

impl Counts {
    pub fn add(&mut self, outcome: Outcome) {
        self.rows += 1;
        match outcome {
            Outcome::Create => self.create += 1,
            Outcome::Update => self.update += 1,
            Outcome::Unchanged => self.unchanged += 1,
            Outcome::Fail => self.fail += 1,
        }
    }
}

/// A dry run's report: nothing was written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ImportReport {
    /// `organisation`, `users` or `registers`.
    pub kind: String,
    pub file_name: String,
    /// The file's SHA-256, hex.
    pub sha256: String,
    /// The file's column headers.
    pub columns: Vec<String>,
    pub fields: Vec<FieldMapping>,
    pub counts: Counts,
    /// Every row, in the file's order.
    pub rows: Vec<RowReport>,
}

impl ImportReport {
    pub fn new(kind: &str, file: &SourceFile, mapping: &Mapping) -> ImportReport {
        ImportReport {
            kind: kind.to_string(),
            file_name: file.name.clone(),
            sha256: file.sha256.clone(),
            columns: mapping.headers().to_vec(),
            fields: mapping.report(),
            counts: Counts::default(),
            rows: Vec::new(),
        }
    }

    pub fn push(&mut self, row: RowReport) {
        self.counts.add(row.outcome);
        self.rows.push(row);
    }

    /// The rows that fail.
    pub fn failing(&self) -> impl Iterator<Item = &RowReport> {
        self.rows.iter().filter(|r| r.outcome == Outcome::Fail)
    }

    /// Refuses a run of a file with failing rows, whole.
    pub fn refuse_failures(&self) -> domain::Result<()> {
        match self.counts.fail {
            0 => Ok(()),
            count => Err(Error::Validation { message: Msg::ImportHasFailures { count: count.to_string() }, fields: BTreeMap::new() }),
        }
    }
}

impl RowReport {
    /// A row that becomes `outcome`.
    pub fn new(row: u64, outcome: Outcome, label: impl Into<String>) -> RowReport {
        RowReport { row, outcome, label: label.into(), errors: Vec::new() }
    }

    /// A row that fails with `error`: each field's message of a validation error, else its
    /// one message (an internal error's detail is not a reader's).
    pub fn failed(row: u64, label: impl Into<String>, error: &Error, mapping: &Mapping) -> RowReport {
        let errors = match error {
            Error::Validation { fields, message } if fields.is_empty() => vec![row_error("", message, mapping)],
            Error::Validation { fields, .. } => fields.iter().map(|(field, message)| row_error(field, message, mapping)).collect(),
            other => vec![row_error("", other.message().unwrap_or(&Msg::ServerError), mapping)],
        };
        RowReport { row, outcome: Outcome::Fail, label: label.into(), errors }
    }
}

fn row_error(field: &str, message: &Msg, mapping: &Mapping) -> RowError {
    RowError {
        field: field.to_string(),
        column: mapping.column(field.split(['.', '[']).next().unwrap_or_default()).map(str::to_string),
        code: message.code().to_string(),
        message: message.to_string(),
        message_hi: crate::hindi::text(message),
        params: message.params(),
    }
}

/// A sign-in link for a user an import made, shown once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SignInLink {
    pub row: u64,
    pub name: String,
    pub email: String,
    /// Opens the page that sets the user's password; usable once, for seven days.
    pub link: String,
}

/// What a run brought in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ImportOutcome {
    /// The import's id, named in each record it wrote and in its audit record.
    pub import_id: String,
    /// Every row is in. False when the run stopped on an error: `rows_in` says which rows
    /// are in, and running the same file again brings in the rest.
    pub complete: bool,
    /// The rows in, as ranges of row numbers ("2-5001, 5003").
    pub rows_in: String,
    pub counts: Counts,
    /// Why the run stopped, when it did not finish.
    pub error: Option<String>,
    /// The users it made (a staff file only).
    pub sign_in_links: Vec<SignInLink>,
}

/// Row numbers as ranges: "2-5, 7, 9-10".
pub fn ranges(rows: &mut [u64]) -> String {
    rows.sort_unstable();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let start = rows[i];
        while i + 1 < rows.len() && rows[i + 1] <= rows[i] + 1 {
            i += 1;
        }
        out.push(if rows[i] == start { start.to_string() } else { format!("{start}-{}", rows[i]) });
        i += 1;
    }
    out.join(", ")
}

/// An import's id: when it started and a random part ("IMP-20261130-183000-1a2b3c").
pub fn import_id(now: time::OffsetDateTime, random: u32) -> String {
    format!("IMP-{:04}{:02}{:02}-{:02}{:02}{:02}-{:06x}", now.year(), now.month() as u8, now.day(), now.hour(), now.minute(), now.second(), random & 0xFF_FFFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_told_as_ranges() {
        assert_eq!(ranges(&mut [7, 2, 3, 4, 5, 9, 10]), "2-5, 7, 9-10");
        assert_eq!(ranges(&mut []), "");
        assert_eq!(ranges(&mut [3]), "3");
    }
}
