//! The law a case lives under, as data: the acts and sections an FIR is registered under, the
//! reference list of offences staff pick them from, and the statutory clocks those sections
//! start (BNSS s.173, s.184, s.193).
//!
//! Since 1 July 2024 offences are defined by the Bharatiya Nyaya Sanhita, 2023 (BNS) and
//! investigated under the Bharatiya Nagarik Suraksha Sanhita, 2023 (BNSS); an offence
//! committed before that day stays under the Indian Penal Code (BNSS s.531(2)(a) keeps
//! pending matters under the old procedure; the date of the offence decides the substantive
//! code). Nothing here is legal advice to staff: it keeps what they record, and says when the
//! code they chose does not fit the date they gave.

pub mod citation;
pub mod clocks;
pub mod forms;
pub mod heads;
pub mod reference;
pub mod section;
pub mod sensitivity;
pub mod settings;

pub use clocks::{ClockDue, ClockEvent, ClockEventKind, ClockRule, ClockRules, ClockState, ClockView, KeptRun, Outcome};
pub use settings::LawSettings;
pub use section::{Act, ChargedSection, CodeWarning, SectionForm, SectionNo, NEW_CODES_FROM};
