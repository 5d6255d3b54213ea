// Duplicate warnings: while a grievance is typed, the server is asked which
// grievances the user may see it could repeat: the same FIR number at the same police
// station in the same year (saving it needs the user's word that it is another case,
// `confirm_duplicate`; without it the server refuses with 409 DUPLICATE_FIR), and recent
// cases of the station whose brief details read alike (a warning only). The check is asked
// through api/use-duplicates.ts.
import type { DuplicateProbe } from '../../../api/types';
import type { GrievanceFormValues } from '../grievance-form';

/** The server's code for a FIR number already recorded at the station that year (409). */
export const DUPLICATE_FIR_CODE = 'DUPLICATE_FIR';

/** Brief details are compared once they hold this many words. */
export const MIN_BRIEF_WORDS = 3;

/** Words as the server counts them: runs of letters (vowel signs included) and digits. */
export function wordCount(text: string): number {
  return text.split(/[^\p{Alphabetic}\p{N}]+/u).filter(Boolean).length;
}

type FirFields = Partial<Pick<GrievanceFormValues, 'police_station' | 'fir_no' | 'fir_date'>>;

/**
 * What makes two FIRs the same to the server: the police station, the FIR number in any
 * capitals and the FIR date's year.
 */
export function firKey({ police_station = '', fir_no = '', fir_date = '' }: FirFields): string {
  return [police_station.trim(), fir_no.trim().toUpperCase(), fir_date.slice(0, 4)].join('\n');
}

/**
 * What the server is asked with the form's values (`id`: the grievance being edited), or
 * null when there is nothing to compare yet: a police station and either a FIR number or
 * brief details of a few words (the server compares nothing without a station).
 */
export function probeOf(values: GrievanceFormValues, id?: number): DuplicateProbe | null {
  const probe: DuplicateProbe = {
    police_station: values.police_station.trim(),
    fir_no: values.fir_no.trim(),
    fir_date: values.fir_date,
    brief_details: values.brief_details.trim(),
  };
  if (id !== undefined) probe.id = id;
  const byFir = probe.fir_no !== '';
  const byText = wordCount(probe.brief_details ?? '') >= MIN_BRIEF_WORDS;
  return probe.police_station !== '' && (byFir || byText) ? probe : null;
}
