// Calls of the Admin Panel's settings: the pendency limits, the transfer limit, the
// escalation waits and the trash's retention, each read whole and saved whole.
import { api } from '../../../api/client';
import type { EscalationRules, PendencyLimitsRequest, PendencyLimitsView, TransferLimit, TrashRetention, TrashRetentionEnvelope } from '../../../api/types';

export type { TrashRetention };

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

/** SWR key of the trash's retention (dropdowns read to see, update to save). */
export const TRASH_RETENTION_KEY = '/admin/trash-retention';

/** The retention out of its {success, data} envelope. */
export const readTrashRetention = async (path: string): Promise<TrashRetention> =>
  (await api.get<TrashRetentionEnvelope>(path)).data;

export const trashRetentionApi = {
  save: async (body: TrashRetention): Promise<TrashRetention> =>
    (await api.put<TrashRetentionEnvelope>(TRASH_RETENTION_KEY, body)).data,
};
