// The rules of a case note, checked before sending with the server's own messages.
import { i18n } from '../../../i18n';

export const MAX_NOTE_CHARS = 4000;

/** Characters as the server counts them (code points, not UTF-16 units). */
export const noteLength = (text: string): number => Array.from(text).length;

/** Why the note cannot be added, or null. */
export function noteProblem(text: string): string | null {
  if (!text.trim()) return i18n.t('casework:notes.empty');
  if (noteLength(text) > MAX_NOTE_CHARS) return i18n.t('casework:notes.tooLong', { max: MAX_NOTE_CHARS });
  return null;
}
