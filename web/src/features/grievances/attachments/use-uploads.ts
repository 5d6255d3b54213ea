// The files being uploaded to one grievance, one after the other, with each
// one's step, progress and (when it failed) the reason. A file that is
// attached leaves the queue: the attachment list shows it.
import { useCallback, useRef, useState } from 'react';
import { errorText } from '../../../api/errors';
import type { Attachment } from '../../../api/types';
import { fileProblem } from './file-rules';
import { FileRejected, uploadAttachment, type UploadPhase } from './upload-attachment';
import { i18n } from '../../../i18n';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  phase: UploadPhase | 'failed';
  /** 0..1 of the bytes sent. */
  progress: number;
  error: string | null;
}

function failureText(error: unknown, name: string): string {
  if (error instanceof FileRejected) return error.message;
  // The ticket and confirm answers are ApiErrors; so is a refused PUT with the portal's {error}.
  return errorText(error, i18n.t('casework:attachments.uploadFailed', { name }));
}

export function useUploads(grievanceId: number, onAttached: (attachment: Attachment) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const counter = useRef(0);
  // Files wait here while an earlier one is sent: one at a time keeps the progress meaningful.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const attached = useRef(onAttached);
  attached.current = onAttached;

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(
    async (key: string, file: File) => {
      try {
        const attachment = await uploadAttachment(grievanceId, file, {
          onPhase: (phase) => patch(key, { phase }),
          onProgress: (progress) => patch(key, { progress }),
        });
        setItems((current) => current.filter((item) => item.key !== key));
        attached.current(attachment);
      } catch (error) {
        patch(key, { phase: 'failed', error: failureText(error, file.name) });
      }
    },
    [grievanceId, patch],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const added = files.map((file) => ({ file, key: `upload-${(counter.current += 1)}`, problem: fileProblem(file) }));
      setItems((current) => [
        ...current,
        ...added.map(({ file, key, problem }) => ({
          key,
          name: file.name,
          size: file.size,
          // A file refused here says so at once, even while another one is being sent.
          phase: problem ? ('failed' as const) : ('waiting' as const),
          progress: 0,
          error: problem,
        })),
      ]);
      for (const { file, key, problem } of added) {
        if (!problem) queue.current = queue.current.then(() => run(key, file));
      }
    },
    [run],
  );

  const dismiss = useCallback((key: string) => setItems((current) => current.filter((item) => item.key !== key)), []);

  return { items, add, dismiss };
}
