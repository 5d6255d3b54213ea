//! What every import of a department's files shares: the file read row by row whether it is
//! CSV or Excel (`table`), its columns matched to the fields the portal knows (`mapping`),
//! the values staff write in registers read as the portal keeps them (`values`), and the
//! report of a dry run or a run (`report`, with each failure's message in English and Hindi).
//!
//! What a row of each kind of file becomes (a police station, a user, a grievance) is the
//! business of the area that keeps it; the organisation, staff and register imports each
//! check a row with the rules of their own screens.

pub mod hindi;
pub mod mapping;
pub mod report;
pub mod request;
pub mod run;
pub mod table;
pub mod values;

pub use mapping::{FieldSpec, Mapping, MappedRow};
pub use report::{Counts, ImportOutcome, ImportReport, Outcome, RowError, RowReport, SignInLink};
pub use request::{ImportRequest, SourceFile};
