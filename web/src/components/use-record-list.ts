// What a list of records one may add to, edit and delete keeps besides its records: the
// record being added or edited, the success notice and the failure, a deletion, and the
// list frame's loading and failed states (ListFrame.tsx).
import { useCallback, useState } from 'react';
import { errorText } from '../api/errors';
import { useDeletion, type DeletionOptions } from './use-deletion';
import { useTransientMessage } from './use-transient-message';

interface RecordListOptions<T> extends Pick<DeletionOptions<T>, 'remove' | 'deleted'> {
  /** The records as their data hook reads them. */
  records: { data?: unknown; error?: unknown; isLoading: boolean; mutate: () => unknown };
  loadingLabel: string;
  /** What the failed state says when the server gives no reason. */
  loadFailed: string;
  deleteFailed: string;
  /** How long the notice stays, and the failure (0: until dismissed). */
  noticeMs?: number;
  failureMs?: number;
}

export function useRecordList<T>({ records, loadingLabel, loadFailed, deleteFailed, noticeMs = 5000, failureMs = 0, ...removal }: RecordListOptions<T>) {
  /** The record in the add or edit dialog: 'new' while adding. */
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const notice = useTransientMessage(noticeMs);
  const failure = useTransientMessage(failureMs);
  const reload = () => void records.mutate();
  const { show, clear } = failure;
  // Steady across renders: an effect may show a failure when a read fails.
  const showFailure = useCallback((text: string | null) => (text ? show(text) : clear()), [show, clear]);
  const deletion = useDeletion<T>({ ...removal, failed: deleteFailed, onDeleted: notice.show, onFailure: showFailure, onSettled: reload });

  return {
    editing,
    add: () => setEditing('new'),
    edit: (record: T) => setEditing(record),
    close: () => setEditing(null),
    /** After a dialog saved: its notice, the dialog closed, the list read again. */
    saved(text: string) {
      notice.show(text);
      failure.clear();
      setEditing(null);
      reload();
    },
    reload,
    notice,
    showFailure,
    deletion,
    /** The frame's notices and states, spread into <ListFrame>. */
    frame: {
      notice,
      failure: failure.message,
      onDismissFailure: failure.clear,
      load: {
        isLoading: records.isLoading,
        failed: Boolean(records.error && !records.data),
        loadingLabel,
        failedText: errorText(records.error, loadFailed),
        onRetry: reload,
      },
    },
  };
}
