import useSWR from 'swr';
import type { AttachmentListEnvelope } from '../../../../api/types';
import { attachmentsKey } from './attachments';

/** One grievance's attachments, newest first. */
export function useAttachments(grievanceId: number) {
  return useSWR<AttachmentListEnvelope>(attachmentsKey(grievanceId));
}
