import useSWR from 'swr';
import type { NoteListEnvelope } from '../../../../api/types';
import { notesKey } from './notes';

/** One grievance's case notes, newest first. */
export function useNotes(grievanceId: number) {
  return useSWR<NoteListEnvelope>(notesKey(grievanceId));
}
