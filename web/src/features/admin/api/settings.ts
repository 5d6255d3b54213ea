// Calls of the Admin Panel's settings: the pendency limits, the transfer limit and the
// escalation waits, each read whole and saved whole.
import { api } from '../../../api/client';
import type { EscalationRules, PendencyLimitsRequest, PendencyLimitsView, TransferLimit } from '../../../api/types';

/** SWR key of the pendency limits (dropdowns read to see, update to save). */
export const PENDENCY_LIMITS_KEY = '/admin/pendency-limits';

export const pendencyLimitsApi = {
  save: (body: PendencyLimitsRequest) => api.put<PendencyLimitsView>(PENDENCY_LIMITS_KEY, body),
};

/** SWR key of the transfer limit (dropdowns read to see, update to save). */
export const TRANSFER_LIMIT_KEY = '/admin/transfer-limit';

export const transferLimitApi = {
  save: (body: TransferLimit) => api.put<TransferLimit>(TRANSFER_LIMIT_KEY, body),
};

/** SWR key of the escalation waits (dropdowns read to see, update to save). */
export const ESCALATION_RULES_KEY = '/admin/escalation-rules';

export const escalationRulesApi = {
  save: (body: EscalationRules) => api.put<EscalationRules>(ESCALATION_RULES_KEY, body),
};
