// Calls of a grievance's case notes: a diary kept apart from the
// audit trail, never edited or deleted; a mistake is corrected by a new note.
import { api } from '../../../../api/client';
import type { Note, NoteEnvelope, NoteRequest } from '../../../../api/types';
import { grievanceKey } from '../../api/grievances';

/** SWR key of one grievance's notes ({success, data}, newest first). */
export const notesKey = (grievanceId: number | string) => `${grievanceKey(grievanceId)}/notes`;

export const notesApi = {
  add: async (grievanceId: number, body: NoteRequest): Promise<Note> =>
    (await api.post<NoteEnvelope>(notesKey(grievanceId), body)).data,
};
