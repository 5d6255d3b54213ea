// The list opens with the user's default view when they come to it with nothing in its
// address: once per visit, so that clearing the filters afterwards leaves them cleared. An
// address with filters (a link from the dashboard, a reload) is shown as it is.
import { useEffect, useRef, useState } from 'react';
import type { ViewEntry } from '../../../api/types';
import { useViews } from './api/use-views';
import { defaultViewOf, normalQuery } from './saved-views';

/**
 * `arrivedBare`: the address held no query when the list was opened. `apply` shows the
 * default view. Answers whether the list may be read: not while it may yet be replaced
 * by the default view's (the first page would be read for nothing).
 */
export function useDefaultView(bare: boolean, apply: (view: ViewEntry) => void): boolean {
  const { data, error, isValidating } = useViews();
  const [waiting, setWaiting] = useState(bare);
  const applied = useRef(false);

  useEffect(() => {
    if (!waiting) return;
    // The default view's filters are in the address now; or the user chose filters before
    // the views came, and theirs stand.
    if (!bare || error) {
      setWaiting(false);
      return;
    }
    // Only this visit's own answer: a copy kept from before may be another user's.
    if (!data || isValidating || applied.current) return;
    applied.current = true;
    const view = defaultViewOf(data);
    if (view) apply(view);
    // A view with filters waits for its address (read before it, the bare list would be read for nothing).
    if (!view || normalQuery(view.query) === '') setWaiting(false);
  }, [waiting, bare, data, error, isValidating, apply]);

  return !waiting;
}
