//! Case notes: the running diary of a grievance, separate from the audit trail. A note is
//! never edited or deleted; a mistake is put right by a later note that names the one it
//! corrects, so the diary always shows what was written and when.

use domain::Msg;
use crate::port::{AuditEntry, CaseFileChange, Cases};
pub use crate::port::Note;
use crate::record::{Actor, Grievance};
use domain::audit::AuditAction;
use domain::{Error, Result};

pub const MAX_CHARS: usize = 4000;

/// A note's text as written, minus the blank lines around it.
pub struct NoteText(String);

impl NoteText {
    pub fn parse(text: &str) -> Result<NoteText> {
        let text = text.trim();
        if text.is_empty() {
            return Err(Error::field("text", Msg::NoteBlank));
        }
        if text.chars().count() > MAX_CHARS {
            return Err(Error::field("text", Msg::NoteTooLong));
        }
        Ok(NoteText(text.to_string()))
    }
}

/// Adds a note (a correction when `corrects` names an earlier note of the same grievance),
/// with its NOTE_ADDED audit record, in one transaction.
pub async fn add(cases: Cases<'_>, actor: &Actor, g: &Grievance, text: NoteText, corrects: Option<String>) -> Result<Note> {
    let corrects = corrects.map(|c| c.trim().to_string()).filter(|c| !c.is_empty());
    if let Some(id) = &corrects {
        if !cases.files.notes(g.id).await?.iter().any(|n| &n.id == id) {
            return Err(Error::field("corrects", Msg::NoteCorrectedUnknown));
        }
    }
    let number = cases.files.next_note_id().await?;
    let note = Note {
        id: number.to_string(),
        grievance_id: g.id,
        text: text.0,
        corrects,
        author_id: actor.user_id,
        author_name: actor.name.clone(),
        created_at: domain::clock::now_text(),
    };
    let entry = AuditEntry {
        action: AuditAction::NoteAdded,
        field_name: Some("case_notes".into()),
        old_value: None,
        new_value: Some(note.text.clone()),
        notes: note.corrects.as_ref().map(|c| format!("Correction of note {c}")),
        action_details: None,
    };
    cases.grievances.record_case_file_change(g, CaseFileChange::Note(note.clone()), actor, entry).await?;
    Ok(note)
}
