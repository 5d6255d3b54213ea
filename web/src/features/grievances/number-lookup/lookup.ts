// The grievances a lookup offers, as the 'Go to number' box lists them. The lookup itself
// is in api/lookup.ts.
import type { GrievanceRow } from '../../../api/types';

/** One offered grievance, as the Autocomplete lists it (its values are text). */
export interface NumberOption {
  [key: string]: string;
  id: string;
  label: string;
  fir: string;
  station: string;
}

export const optionsOf = (found: GrievanceRow[] | undefined): NumberOption[] =>
  (found ?? []).map((g) => ({ id: String(g.id), label: g.grievance_number, fir: g.fir_no, station: g.police_station }));

/**
 * The grievance to open when the user presses Enter on `text`: the one whose grievance
 * number or FIR number is exactly it, when exactly one is offered.
 */
export function exactMatch(options: NumberOption[], text: string): NumberOption | null {
  const exact = options.filter((o) => o.label.toUpperCase() === text || o.fir.toUpperCase() === text);
  return exact.length === 1 ? exact[0] : null;
}
