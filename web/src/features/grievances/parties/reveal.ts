// Seeing a protected victim's identity, and marking a case sensitive: both only for holders of
// grievances view_identities, both with a stated reason the server records in the audit trail.
import { api } from '../../../api/client';
import type { GrievanceEnvelope, GrievanceView, Party } from '../../../api/types';
import type { components } from '../../../api/schema';
import { i18n } from '../../../i18n';
import { grievanceKey } from '../api/grievances';
import { isProtected } from './parties';

type RevealedParties = components['schemas']['RevealedParties'];

/** The shortest reason the server takes for a reveal or a mark. */
export const REASON_MIN = 10;
/** The longest. */
export const REASON_MAX = 500;

export const revealApi = {
  /** POST /grievances/{id}/parties/reveal: every identity whole (audited as IDENTITY_REVEALED). */
  reveal: async (id: number, reason: string): Promise<Party[]> =>
    (await api.post<RevealedParties>(`${grievanceKey(id)}/parties/reveal`, { reason: reason.trim() })).parties,
  /** PUT /grievances/{id}/sensitive: the grievance with its mark set or cleared. */
  mark: async (id: number, marked: boolean, reason: string): Promise<GrievanceView> =>
    (await api.put<GrievanceEnvelope>(`${grievanceKey(id)}/sensitive`, { marked, reason: reason.trim() })).data,
};

/** Whether any person in the case came from the server with the identity held back. */
export function hasProtected(parties: readonly Party[] | null | undefined): boolean {
  return (parties ?? []).some(isProtected);
}

/** The server's codes for a reason too short: a reveal's, and a marking's (sensitive, withheld from publication). */
export type ShortReasonCode = 'REVEAL_REASON_REQUIRED' | 'MARK_REASON_REQUIRED';

/** The server's own message for a reason too short, checked before sending. */
export function reasonError(reason: string, code: ShortReasonCode = 'REVEAL_REASON_REQUIRED'): string | null {
  return reason.trim().length >= REASON_MIN ? null : i18n.t(`errors:${code}`, { min: REASON_MIN });
}
