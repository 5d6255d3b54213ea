// Calls of the grievance screens. Grievance calls answer {success, data}.
import { api } from '../../../api/client';
import { i18n } from '../../../i18n';
import { serverCodeText } from '../../../i18n/server-error';
import type {
  ExportJob,
  ExportJobStatus,
  ExportLink,
  GrievanceEnvelope,
  GrievanceUpdate,
  GrievanceView,
  NewGrievanceRequest,
  StatusRequest,
  SuccessMessage,
  TransferRequest,
} from '../../../api/types';

/** SWR key of one grievance. */
export const grievanceKey = (id: number | string) => `/grievances/${id}`;

/** SWR key of one grievance's audit history. */
export const historyKey = (id: number | string) => `/grievances/${id}/history`;

/** SWR key of everyone the caller may assign grievances to (the server needs grievances update). */
export const ASSIGNEES_KEY = '/grievances/assignees';

/** SWR key of who may be assigned a grievance: active users who would see it once assigned. */
export const assigneesKey = (id: number | string) => `${ASSIGNEES_KEY}?grievance_id=${id}`;

/** SWR key of the caller's grievance scope (the places a posting holds). */
export const SCOPE_KEY = '/grievances/scope';

/** The list's exports; publication is the state's public list of FIRs (no withheld or sensitive case). */
export type ExportKind = 'excel' | 'pdf' | 'officers' | 'publication';

/**
 * Reads an export answer (a list export's, a case file's). Without a link there is nothing
 * to open, so a body without one fails here rather than as a blank window.
 */
export function exportLinkOf(body: unknown): ExportLink {
  const record = body && typeof body === 'object' ? (body as Partial<ExportLink>) : {};
  if (typeof record.url !== 'string' || !record.url) throw new Error(i18n.t('grievances:export.noLink'));
  return record as ExportLink;
}

/** How often a background export is asked how far it has got. */
export const EXPORT_POLL_MS = 1000;

/** How far a background export has got: rows written, of those expected (null: not counted). */
export interface ExportProgress {
  rows: number;
  expected: number | null;
}

function isJob(body: unknown): body is ExportJob {
  return Boolean(body) && typeof body === 'object' && typeof (body as Partial<ExportJob>).job_id === 'string';
}

/**
 * Follows an export the server writes in the background (it answered 202 with
 * a job): asks after it until its link is ready, telling `onProgress` the rows
 * written so far; a failure is thrown in the reader's language.
 */
async function linkWhenReady(job: ExportJob, onProgress?: (progress: ExportProgress) => void): Promise<ExportLink> {
  onProgress?.({ rows: 0, expected: job.expected_rows ?? null });
  for (;;) {
    await new Promise((done) => setTimeout(done, EXPORT_POLL_MS));
    const status = await api.get<ExportJobStatus>(`/exports/jobs/${encodeURIComponent(job.job_id)}`);
    if (status.status === 'ready') return exportLinkOf(status.link);
    if (status.status === 'failed') {
      const reason = status.error;
      throw new Error(reason ? serverCodeText(reason, reason.error) : i18n.t('errors:EXPORT_FAILED'));
    }
    onProgress?.({ rows: status.rows, expected: status.expected_rows ?? null });
  }
}

/** The API path of an export of the list with its filters (`query` without the '?'). */
export const exportPath = (kind: ExportKind, query: string) =>
  `/grievances/export/${kind}${query ? `?${query}` : ''}`;

export const grievancesApi = {
  create: async (body: NewGrievanceRequest): Promise<GrievanceView> =>
    (await api.post<GrievanceEnvelope>('/grievances', body)).data,
  update: async (id: number, body: GrievanceUpdate): Promise<GrievanceView> =>
    (await api.put<GrievanceEnvelope>(grievanceKey(id), body)).data,
  /** Deletes the grievance (to the trash); a reason, when given, goes to the audit trail. */
  remove: (id: number, reason?: string) => api.delete<SuccessMessage>(grievanceKey(id), reason ? { reason } : undefined),
  changeStatus: async (id: number, body: StatusRequest): Promise<GrievanceView> =>
    (await api.put<GrievanceEnvelope>(`${grievanceKey(id)}/status`, body)).data,
  transfer: async (id: number, body: TransferRequest): Promise<GrievanceView> =>
    (await api.put<GrievanceEnvelope>(`${grievanceKey(id)}/transfer`, body)).data,
  /** Assigns the grievance to an officer, or to nobody (`null`). */
  assign: async (id: number, userId: number | null): Promise<GrievanceView> =>
    (await api.put<GrievanceEnvelope>(`${grievanceKey(id)}/assign`, { user_id: userId })).data,
  /** Records in the case's trail that the caller printed its screen (no body). */
  printed: (id: number) => api.post<SuccessMessage>(`${grievanceKey(id)}/printed`),
  /**
   * Asks for an export of the list with its filters (`query` without the '?'):
   * its link at once, or, for a long list, once the background export is ready.
   */
  exportList: async (kind: ExportKind, query: string, onProgress?: (progress: ExportProgress) => void): Promise<ExportLink> => {
    const answer = await api.get<unknown>(exportPath(kind, query));
    return isJob(answer) ? linkWhenReady(answer, onProgress) : exportLinkOf(answer);
  },
};
