// A success message carried to the screen a user is sent to (in the router's
// state), for an action that leaves them nowhere to stay: a grievance they
// transferred out of their reach.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Router state carrying `notice` to the next screen. */
export const noticeState = (notice: string) => ({ notice });

function noticeOf(state: unknown): string | null {
  const notice = state && typeof state === 'object' ? (state as { notice?: unknown }).notice : undefined;
  return typeof notice === 'string' && notice ? notice : null;
}

/** Shows a carried message once, then drops it from the history entry so that a reload does not show it again. */
export function useArrivalNotice(show: (text: string) => void) {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const text = noticeOf(state);
  useEffect(() => {
    if (!text) return;
    show(text);
    void navigate({ pathname, search }, { replace: true, state: null });
  }, [text, show, navigate, pathname, search]);
}
