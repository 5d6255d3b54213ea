// One change to many grievances at once: which, how many at most, and how each refusal is
// told. The server checks and writes each grievance as its own request would; what it
// refuses it names with that request's answer (a case the caller cannot reach, unnamed).
import type { BulkRefused, ListItem } from '../../../api/types';
import { i18n } from '../../../i18n';
import { serverBodyText } from '../../../i18n/server-error';

/** The most grievances one change (or one export of a selection) takes. */
export const BULK_MAX = 200;

export const BULK_ACTIONS = ['assign', 'status', 'priority', 'transfer'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The meanings of a status that closes a case: it carries the final decision (as on a grievance's own screen). */
const CLOSING_MEANINGS: ReadonlySet<string> = new Set(['resolved', 'closed']);

export const closesCase = (status: Pick<ListItem, 'meaning'> | undefined) => Boolean(status?.meaning && CLOSING_MEANINGS.has(status.meaning));

/** A refused grievance as the result lists it: its number, or that the user cannot see it. */
export function refusedName(refused: Pick<BulkRefused, 'grievance_number'>): string {
  return refused.grievance_number ?? i18n.t('grievances:bulk.unseen');
}

/** Why it was refused, in the reader's language (the server's code and values). */
export function refusedReason(refused: Pick<BulkRefused, 'error'>): string {
  return serverBodyText(refused.error) ?? i18n.t('grievances:bulk.refusedUnknown');
}
