// What each bulk action asks for before it is sent, and the request it sends. The texts are
// those of the one-grievance dialogs where the rule is the same.
import type { BulkRequest, ListItem } from '../../../api/types';
import { i18n } from '../../../i18n';
import { chosenUser } from '../assign/assign';
import { transferErrors, transferRequest } from '../transfer/transfer';
import { closesCase, type BulkAction } from './bulk';

/** The dialog's fields as typed; each action reads its own. */
export interface BulkDraft {
  /** An officer's id, or NOBODY. */
  assignee: string;
  statusId: string;
  notes: string;
  finalDecision: string;
  /** A priority's name, as the server takes it. */
  priority: string;
  stationId: string;
  reason: string;
}

export const EMPTY_DRAFT: BulkDraft = { assignee: '', statusId: '', notes: '', finalDecision: '', priority: '', stationId: '', reason: '' };

export type BulkField = 'user_id' | 'status_id' | 'final_decision' | 'priority' | 'police_station_id' | 'reason';
export type BulkErrors = Partial<Record<BulkField, string>>;

const t = (key: string) => i18n.t(key);

/**
 * The request for `ids`, or what is missing by field. `statuses`: the active statuses, to
 * know whether the one chosen closes a case; `decisionNeeded`: the user's closures need
 * approval, which a closure request without a final decision is refused for.
 */
export function bulkRequest(
  action: BulkAction,
  ids: readonly number[],
  draft: BulkDraft,
  statuses: readonly ListItem[],
  decisionNeeded: boolean,
): { request: BulkRequest } | { errors: BulkErrors } {
  const base = { ids: [...ids], action };
  switch (action) {
    case 'assign': {
      const userId = chosenUser(draft.assignee);
      if (userId === undefined) return { errors: { user_id: t('grievances:assign.chooseOfficer') } };
      return { request: { ...base, user_id: userId } };
    }
    case 'status': {
      const status = statuses.find((item) => String(item.id) === draft.statusId);
      if (!status) return { errors: { status_id: t('grievances:status.chooseStatus') } };
      const closes = closesCase(status);
      const decision = draft.finalDecision.trim();
      if (closes && decisionNeeded && !decision) return { errors: { final_decision: t('errors:CLOSURE_NEEDS_FINAL_DECISION') } };
      return {
        request: { ...base, status_id: status.id, notes: draft.notes.trim() || null, final_decision: closes ? decision || null : null },
      };
    }
    case 'priority':
      if (!draft.priority) return { errors: { priority: t('grievances:bulk.choosePriority') } };
      return { request: { ...base, priority: draft.priority } };
    case 'transfer': {
      const transfer = { stationId: draft.stationId, reason: draft.reason };
      const problems = transferErrors(transfer);
      if (Object.keys(problems).length > 0) return { errors: problems };
      return { request: { ...base, transfer: transferRequest(transfer) } };
    }
  }
}
