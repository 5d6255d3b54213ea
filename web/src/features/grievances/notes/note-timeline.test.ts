import type { Note } from '../../../api/types';
import { correctionLabel, noteTimeline } from './note-timeline';
import { noteProblem } from './note-rules';

const note = (id: string, created_at: string, corrects: string | null = null): Note => ({
  id,
  grievance_id: 12,
  text: `Note ${id}`,
  corrects,
  author_id: 7,
  author_name: 'Asha Verma',
  created_at,
});

describe('case note timeline', () => {
  it('puts the newest first and ties each correction to the note it corrects', () => {
    const first = note('n1', '2025-01-10T09:00:00Z');
    const second = note('n2', '2025-01-12T09:00:00Z');
    const fix = note('n3', '2025-01-11T09:00:00Z', 'n1');
    const timeline = noteTimeline([first, second, fix]);
    expect(timeline.map((entry) => entry.note.id)).toEqual(['n2', 'n3', 'n1']);
    expect(timeline[1].corrects).toBe(first);
    expect(timeline.map((entry) => entry.corrected)).toEqual([false, false, true]);
  });

  it("keeps the server's order for notes of the same moment", () => {
    const same = '2025-01-10T09:00:00Z';
    expect(noteTimeline([note('a', same), note('b', same)]).map((entry) => entry.note.id)).toEqual(['a', 'b']);
  });

  it("labels a correction 'Correction of the note of <date>', or of an earlier note when that one is not listed", () => {
    expect(correctionLabel(note('n1', '2025-01-10T09:00:00Z'))).toMatch(/^Correction of the note of 10 Jan 2025, /);
    expect(correctionLabel(null)).toBe('Correction of an earlier note');
  });

  it("refuses a blank note and one over 4000 characters with the server's messages", () => {
    expect(noteProblem('  \n ')).toBe('Write the note before adding it');
    expect(noteProblem('x'.repeat(4000))).toBeNull();
    expect(noteProblem('x'.repeat(4001))).toBe('A note may be at most 4000 characters');
    // Counted in characters, as the server does: 4000 emoji are allowed.
    expect(noteProblem('🙂'.repeat(4000))).toBeNull();
  });
});
