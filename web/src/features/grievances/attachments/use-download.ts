// Opens an attachment the way exports open: the API is asked (bearer header)
// for a short-lived signed link, which opens in a window opened on the click.
import { useRef, useState } from 'react';
import { ApiError, errorText, NetworkError } from '../../../api/errors';
import type { Attachment } from '../../../api/types';
import { closeWindow, downloadInPage, openPendingWindow, showInWindow } from '../../../lib/export-window';
import { attachmentsApi } from './api/attachments';
import { i18n } from '../../../i18n';

function failureMessage(error: unknown, name: string): string {
  // The answer was not a link (thrown by the API module itself): say so.
  const own = error instanceof Error && !(error instanceof ApiError) && !(error instanceof NetworkError);
  return own ? error.message : errorText(error, i18n.t('casework:attachments.downloadFailed', { name }));
}

export function useDownload(grievanceId: number, onFailure: (message: string) => void) {
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  // The state lags a render behind; a second click in the same tick must not open a second window.
  const running = useRef(new Set<string>());

  const mark = (id: string, on: boolean) => {
    if (on) running.current.add(id);
    else running.current.delete(id);
    setBusy(new Set(running.current));
  };

  async function download(attachment: Attachment) {
    if (running.current.has(attachment.id)) return;
    // Opened now, while the click still counts as the user's: after the await it would be blocked.
    const pending = openPendingWindow(i18n.t('casework:attachments.openingFile', { name: attachment.file_name }), i18n.language);
    mark(attachment.id, true);
    try {
      const link = await attachmentsApi.link(grievanceId, attachment.id);
      if (pending && !pending.closed) showInWindow(pending, link.url);
      else downloadInPage(link.url);
    } catch (error) {
      if (pending) closeWindow(pending);
      onFailure(failureMessage(error, attachment.file_name));
    } finally {
      mark(attachment.id, false);
    }
  }

  return { busy, download };
}
