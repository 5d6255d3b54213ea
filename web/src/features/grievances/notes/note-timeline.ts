// The case notes as the timeline shows them: newest first, each correction
// tied to the note it corrects, and each corrected note knowing it was.
import type { Note } from '../../../api/types';
import { i18n } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';

export interface TimelineNote {
  note: Note;
  /** The note this one corrects, when it is one and that note is known. */
  corrects: Note | null;
  /** True when a later note corrects this one. */
  corrected: boolean;
}

const timeOf = (note: Note): number => {
  const time = Date.parse(note.created_at);
  return Number.isNaN(time) ? 0 : time;
};

/** Newest first; notes of the same moment keep the server's order. */
export function noteTimeline(notes: readonly Note[]): TimelineNote[] {
  const byId = new Map(notes.map((note) => [note.id, note]));
  const correctedIds = new Set(notes.map((note) => note.corrects).filter((id): id is string => Boolean(id)));
  return notes
    .map((note, index) => ({ note, index }))
    .sort((a, b) => timeOf(b.note) - timeOf(a.note) || a.index - b.index)
    .map(({ note }) => ({
      note,
      corrects: note.corrects ? (byId.get(note.corrects) ?? null) : null,
      corrected: correctedIds.has(note.id),
    }));
}

/** 'Correction of the note of 12 Jan 2025, 3:30 pm'; a note no longer listed is 'an earlier note'. */
export function correctionLabel(original: Note | null): string {
  return original
    ? i18n.t('casework:notes.correctionOf', { when: formatDateTime(original.created_at) })
    : i18n.t('casework:notes.correctionOfEarlier');
}
