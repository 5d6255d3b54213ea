// Finding a grievance by its number (GET /grievances/lookup): the server keeps an index of
// grievance numbers and FIR numbers, so a lookup costs a page of that index however many
// grievances the department holds.
import { api } from '../../../../api/client';
import type { GrievanceRow, LookupPage } from '../../../../api/types';

/** The characters a grievance number or FIR number is written with. */
const NUMBER_TEXT = /^[A-Z0-9/-]{1,40}$/;

/** How many grievances one whole number is looked up for (a FIR number may recur across stations). */
export const EXACT_OFFERED = 5;

/** What was typed, as the server keys numbers: trimmed, in capitals. */
export const lookupText = (typed: string): string => typed.trim().toUpperCase();

/** Whether `text` (from lookupText) can be a number or the start of one. */
export const isNumberText = (text: string): boolean => NUMBER_TEXT.test(text);

/** The lookup's path for `number`, matched `match`, `limit` at a time. */
export const lookupPath = (number: string, match: 'exact' | 'prefix', limit: number): string =>
  `/grievances/lookup?${new URLSearchParams({ number, match, limit: String(limit) }).toString()}`;

/**
 * Whether a search text reads as a whole grievance number or FIR number: written only with
 * a number's characters ('GRV-2025-000012', 'SB-12/2025', '45/2024'), with a digit among
 * them; words ('bike') and names are left to the search alone.
 */
export function looksLikeNumber(typed: string): boolean {
  const text = lookupText(typed);
  return text.length >= 2 && isNumberText(text) && /\d/.test(text);
}

/** SWR key of the grievances whose number is exactly the searched text, or null when it cannot be one. */
export function exactNumberKey(typed: string): string | null {
  return looksLikeNumber(typed) ? lookupPath(lookupText(typed), 'exact', EXACT_OFFERED) : null;
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
