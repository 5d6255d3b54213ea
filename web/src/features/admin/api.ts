// Calls of the Admin Panel lists (/admin/dropdowns/{kind}).
import useSWR from 'swr';
import { api } from '../../api/client';
import type {
  DeletedResponse,
  EscalationRules,
  ListItem,
  ListItemRequest,
  ListKind,
  PendencyLimitsRequest,
  PendencyLimitsView,
  TransferLimit,
} from '../../api/types';

/** SWR key of one list. */
export const listKey = (kind: ListKind) => `/admin/dropdowns/${kind}`;

export const listsApi = {
  create: (kind: ListKind, body: ListItemRequest) => api.post<ListItem>(listKey(kind), body),
  update: (kind: ListKind, id: number, body: ListItemRequest) => api.put<ListItem>(`${listKey(kind)}/${id}`, body),
  remove: (kind: ListKind, id: number) => api.delete<DeletedResponse>(`${listKey(kind)}/${id}`),
};

/** Items in display order (then by name). */
export function sortItems(items: readonly ListItem[]): ListItem[] {
  return [...items].sort((a, b) => a.display_order - b.display_order || a.name.localeCompare(b.name));
}

/** The active items of a list, in display order, for a form's dropdown. */
export function useActiveItems(kind: ListKind) {
  const { data, error, isLoading } = useSWR<ListItem[]>(listKey(kind));
  const items = data ? sortItems(data.filter((item) => item.is_active)) : [];
  return { items, loaded: data !== undefined, error, isLoading };
}

/** The names of the active items of a list, in display order, for a form's dropdown. */
export function useActiveNames(kind: ListKind) {
  const { items, error, isLoading } = useActiveItems(kind);
  return { names: items.map((item) => item.name), error, isLoading };
}

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
