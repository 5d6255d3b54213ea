// Deleting one thing once the user has confirmed it: which thing is being asked about,
// the confirm button busy while the request is out, then a notice or the failure, and
// the list read again either way (the thing may have gone meanwhile).
import { useState } from 'react';
import { errorText } from '../api/errors';

export interface DeletionOptions<T> {
  /** Deletes `item`; `reason` is the user's, where the question asks for one. */
  remove: (item: T, reason?: string) => Promise<unknown>;
  /** The notice's text once `item` is gone. */
  deleted: (item: T) => string;
  /** The failure's text when the server gives none. */
  failed: string;
  onDeleted: (text: string) => void;
  /** Shows a failure; `null` clears the last one as a deletion starts. */
  onFailure: (text: string | null) => void;
  /** After a deletion, done or failed. */
  onSettled: () => void;
}

export interface Deletion<T> {
  /** The thing the user is asked about, while the question is open. */
  target: T | null;
  busy: boolean;
  ask: (item: T) => void;
  cancel: () => void;
  /** Deletes the thing asked about, with the user's reason where one was asked for. */
  confirm: (reason?: string) => Promise<void>;
}

export function useDeletion<T>(options: DeletionOptions<T>): Deletion<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm(reason?: string) {
    if (target === null) return;
    setBusy(true);
    options.onFailure(null);
    try {
      await options.remove(target, reason);
      options.onDeleted(options.deleted(target));
    } catch (problem) {
      options.onFailure(errorText(problem, options.failed));
    } finally {
      setBusy(false);
      setTarget(null);
      options.onSettled();
    }
  }

  return { target, busy, ask: setTarget, cancel: () => setTarget(null), confirm };
}
