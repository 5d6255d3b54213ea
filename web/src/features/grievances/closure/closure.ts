// Closure approval: an officer whose role needs approval to close asks
// for a resolved or closed status; the grievance keeps its status, carries the
// request (`closure`), and another officer holding grievances approve approves it
// (the status moves) or returns it with a reason (nothing moves).
import { api } from '../../../api/client';
import type { ClosureDecision, ClosureReturn, GrievanceEnvelope, GrievanceView } from '../../../api/types';
import { i18n } from '../../../i18n';
import { hasPermission, type PermissionSubject } from '../../auth/permissions';
import { grievanceKey } from '../api/grievances';

/** The meanings of a status that closes a case, for which some roles need approval. */
const CLOSING_MEANINGS: ReadonlySet<string> = new Set(['resolved', 'closed']);

/** Whether a status of this meaning closes a case (it carries the final decision). */
export const closesCase = (meaning: string | null | undefined): boolean => Boolean(meaning && CLOSING_MEANINGS.has(meaning));

/** The server's code for a change refused while a closure request waits for its decision (409). */
export const CLOSURE_PENDING_CODE = 'CLOSURE_PENDING';

/** The reason for returning a request, at most this long (as a transfer's reason). */
export const MAX_RETURN_REASON_LENGTH = 1000;

export const closureApi = {
  /** POST /grievances/{id}/closure/approve: the grievance with its new status, the request gone. */
  approve: async (grievance: Pick<GrievanceView, 'id' | 'version'>): Promise<GrievanceView> => {
    const body: ClosureDecision = { version: grievance.version };
    return (await api.post<GrievanceEnvelope>(`${grievanceKey(grievance.id)}/closure/approve`, body)).data;
  },
  /** POST /grievances/{id}/closure/return: the grievance as it was, the request gone. */
  return: async (grievance: Pick<GrievanceView, 'id' | 'version'>, reason: string): Promise<GrievanceView> => {
    const body: ClosureReturn = { reason: reason.trim(), version: grievance.version };
    return (await api.post<GrievanceEnvelope>(`${grievanceKey(grievance.id)}/closure/return`, body)).data;
  },
};

/**
 * Whether a save answered with a closure request it made, rather than the change asked
 * for: a request is pending now that was not before (the status stayed as it was).
 */
export function closureRequested(before: Pick<GrievanceView, 'closure'>, after: Pick<GrievanceView, 'closure'>): boolean {
  const made = after.closure;
  if (!made) return false;
  const earlier = before.closure;
  return !earlier || earlier.requested_at !== made.requested_at || earlier.requested_by !== made.requested_by;
}

/**
 * Whether `user` may approve or return the grievance's closure request: one is pending,
 * the user holds grievances approve, and someone else asked for it.
 */
export function mayDecideClosure(
  user: (PermissionSubject & { id: number }) | null | undefined,
  grievance: Pick<GrievanceView, 'closure'>,
): boolean {
  const closure = grievance.closure;
  if (!user || !closure) return false;
  return hasPermission(user, 'grievances', 'approve') && user.id !== closure.requested_by;
}

/** 'Give a reason for returning the closure request' when the reason is blank. */
export function returnReasonError(reason: string): string | null {
  return reason.trim() ? null : i18n.t('casework:closure.reasonRequired');
}
