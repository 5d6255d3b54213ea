// Calls of the grievance screens (spec §7). Grievance calls answer {success, data}.
import { api } from '../../api/client';
import { i18n } from '../../i18n';
import type {
  ExportLink,
  GrievanceEnvelope,
  GrievanceFields,
  GrievanceUpdate,
  GrievanceView,
  StatusRequest,
  SuccessMessage,
  TransferRequest,
} from '../../api/types';

/** SWR key of one grievance. */
export const grievanceKey = (id: number | string) => `/grievances/${id}`;

/** SWR key of one grievance's audit history. */
export const historyKey = (id: number | string) => `/grievances/${id}/history`;

/** SWR key of who may be assigned a grievance: active users who would see it once assigned. */
export const assigneesKey = (id: number | string) => `/grievances/assignees?grievance_id=${id}`;

/** SWR key of the caller's grievance scope (the places a posting holds). */
export const SCOPE_KEY = '/grievances/scope';

export type ExportKind = 'excel' | 'pdf' | 'officers';

/**
 * Reads an export answer. Without a link there is nothing to open, so a body
 * without one fails here rather than as a blank window.
 */
function exportLinkOf(body: unknown): ExportLink {
  const record = body && typeof body === 'object' ? (body as Partial<ExportLink>) : {};
  if (typeof record.url !== 'string' || !record.url) throw new Error(i18n.t('grievances:export.noLink'));
  return record as ExportLink;
}

/** The API path of an export of the list with its filters (`query` without the '?'). */
export const exportPath = (kind: ExportKind, query: string) =>
  `/grievances/export/${kind}${query ? `?${query}` : ''}`;

export const grievancesApi = {
  create: async (body: GrievanceFields): Promise<GrievanceView> =>
    (await api.post<GrievanceEnvelope>('/grievances', body)).data,
  update: async (id: number, body: GrievanceUpdate): Promise<GrievanceView> =>
    (await api.put<GrievanceEnvelope>(grievanceKey(id), body)).data,
  remove: (id: number) => api.delete<SuccessMessage>(grievanceKey(id)),
  changeStatus: async (id: number, body: StatusRequest): Promise<GrievanceView> =>
    (await api.put<GrievanceEnvelope>(`${grievanceKey(id)}/status`, body)).data,
  transfer: async (id: number, body: TransferRequest): Promise<GrievanceView> =>
    (await api.put<GrievanceEnvelope>(`${grievanceKey(id)}/transfer`, body)).data,
  /** Assigns the grievance to an officer, or to nobody (`null`). */
  assign: async (id: number, userId: number | null): Promise<GrievanceView> =>
    (await api.put<GrievanceEnvelope>(`${grievanceKey(id)}/assign`, { user_id: userId })).data,
  /** Asks for an export of the list with its filters (`query` without the '?'). */
  exportList: async (kind: ExportKind, query: string): Promise<ExportLink> =>
    exportLinkOf(await api.get<unknown>(exportPath(kind, query))),
};
