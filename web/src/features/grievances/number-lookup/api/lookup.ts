// Finding a grievance by its number (GET /grievances/lookup): the server keeps an index of
// grievance numbers and FIR numbers, so a lookup costs a page of that index however many
// grievances the department holds.
import { api } from '../../../../api/client';
import type { GrievanceRow, LookupPage } from '../../../../api/types';

/** The characters a grievance number or FIR number is written with. */
const NUMBER_TEXT = /^[A-Z0-9/-]{1,40}$/;

/** How many characters are typed before numbers are offered. */
export const LOOKUP_FROM = 2;

/** How many numbers are offered at once. */
export const LOOKUP_OFFERED = 8;

/** What was typed, as the server keys numbers: trimmed, in capitals. */
export const lookupText = (typed: string): string => typed.trim().toUpperCase();

/** Whether `text` (from lookupText) can be a number or the start of one. */
export const isNumberText = (text: string): boolean => NUMBER_TEXT.test(text);

/** The lookup's path for `number`, matched `match`, `limit` at a time. */
export const lookupPath = (number: string, match: 'exact' | 'prefix', limit: number): string =>
  `/grievances/lookup?${new URLSearchParams({ number, match, limit: String(limit) }).toString()}`;

/** SWR key of the numbers starting with `text`, or null while there is nothing to ask. */
export function lookupKey(text: string): string | null {
  if (text.length < LOOKUP_FROM || !isNumberText(text)) return null;
  return lookupPath(text, 'prefix', LOOKUP_OFFERED);
}

/** How many answers of a lookup the server bounded (it passed over numbers the user may not
 * see) are followed before the user is told there is none. */
const MAX_LOOKUP_STEPS = 10;

/**
 * GET `path` (from lookupPath): the first page of grievances, following the cursor while the
 * server answers a short page it bounded, so that a user who sees few grievances is not told
 * "none" while theirs lie further on.
 */
export async function lookUp(path: string): Promise<GrievanceRow[]> {
  const found: GrievanceRow[] = [];
  let cursor: string | null | undefined;
  for (let step = 0; step < MAX_LOOKUP_STEPS; step += 1) {
    const page = await api.get<LookupPage>(cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path);
    found.push(...page.data);
    if (!page.bounded || !page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return found;
}
