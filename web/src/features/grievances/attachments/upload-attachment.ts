// One file's way to becoming an attachment: checked here, a ticket
// asked for, the bytes sent to the ticket's URL, then confirmed.
import type { Attachment } from '../../../api/types';
import { attachmentsApi } from './api/attachments';
import { contentTypeOf, fileProblem } from './file-rules';
import { sendFile } from './upload-request';

/** A file refused before anything was sent; its message is the server's wording. */
export class FileRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileRejected';
  }
}

export type UploadPhase = 'waiting' | 'sending' | 'saving';

export interface UploadHooks {
  /** The step now running. */
  onPhase: (phase: UploadPhase) => void;
  /** The fraction of the bytes sent (0..1). */
  onProgress: (fraction: number) => void;
}

export async function uploadAttachment(grievanceId: number, file: File, hooks: UploadHooks): Promise<Attachment> {
  const problem = fileProblem(file);
  if (problem) throw new FileRejected(problem);
  hooks.onPhase('sending');
  const ticket = await attachmentsApi.requestUpload(grievanceId, {
    file_name: file.name,
    content_type: contentTypeOf(file) ?? file.type,
    size: file.size,
  });
  await sendFile(ticket, file, hooks.onProgress);
  hooks.onPhase('saving');
  return attachmentsApi.attach(grievanceId, { upload_id: ticket.upload_id, file_name: file.name });
}
