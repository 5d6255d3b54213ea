// Calls of a grievance's attachments. The bytes themselves do not go
// through the API client: see ../upload-request.ts.
import { api } from '../../../../api/client';
import type {
  Attachment,
  AttachmentEnvelope,
  AttachRequest,
  ExportLink,
  SuccessMessage,
  UploadRequest,
  UploadTicket,
} from '../../../../api/types';
import { grievanceKey } from '../../api/grievances';
import { i18n } from '../../../../i18n';

/** SWR key of one grievance's attachments ({success, data}, newest first). */
export const attachmentsKey = (grievanceId: number | string) => `${grievanceKey(grievanceId)}/attachments`;

const attachmentPath = (grievanceId: number, attachmentId: string) =>
  `${attachmentsKey(grievanceId)}/${encodeURIComponent(attachmentId)}`;

/** The download link: an export's link without its row count. */
export type AttachmentLink = Pick<ExportLink, 'url' | 'expires_at'>;

/** A download answer without a link has nothing to open: fail here rather than with a blank window. */
function linkOf(body: unknown): AttachmentLink {
  const record = body && typeof body === 'object' ? (body as Partial<AttachmentLink>) : {};
  if (typeof record.url !== 'string' || !record.url) throw new Error(i18n.t('grievances:export.noLink'));
  return record as AttachmentLink;
}

export const attachmentsApi = {
  /** Step 1: a ticket to send the bytes to. */
  requestUpload: (grievanceId: number, body: UploadRequest) =>
    api.post<UploadTicket>(`${attachmentsKey(grievanceId)}/uploads`, body),
  /** Step 3: the stored bytes become an attachment of the grievance. */
  attach: async (grievanceId: number, body: AttachRequest): Promise<Attachment> =>
    (await api.post<AttachmentEnvelope>(attachmentsKey(grievanceId), body)).data,
  /** A short-lived signed download link (no token in it). */
  link: async (grievanceId: number, attachmentId: string): Promise<AttachmentLink> =>
    linkOf(await api.get<unknown>(`${attachmentPath(grievanceId, attachmentId)}/link`)),
  remove: (grievanceId: number, attachmentId: string) => api.delete<SuccessMessage>(attachmentPath(grievanceId, attachmentId)),
};
