// Follows the session's end: asks GET /auth/session once signed in (after
// sign-in, or on load with a stored session), then counts from the latest activity the
// API client recorded. Says when the warning is open and how many seconds are left, and
// signs out when they run out.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { lastActivityAt, subscribeActivity } from '../../../api/activity';
import { ApiError } from '../../../api/errors';
import { getToken, subscribe } from '../../../api/token-store';
import { needsTwoFactorSetup } from '../../two-factor/two-factor-state';
import { authApi } from '../api/auth';
import { useSession } from '../use-session';
import { endSession } from './end-session';
import { limitsOf, msUntilChange, secondsLeft, sessionDeadline, type SessionDeadline, type SessionLimits } from './session-deadline';

export interface SessionWarning {
  reason: SessionDeadline['reason'];
  /** Whole seconds until the session ends. */
  seconds: number;
  /** When it ends (ms since the epoch), to tell one warning from the next. */
  endsAt: number;
}

export interface SessionTimeout {
  /** Open while the end is near; null otherwise. */
  warning: SessionWarning | null;
  /** Asks GET /auth/session, which keeps the session (the API client records it as activity). */
  stay: () => Promise<void>;
}

interface Known {
  token: string;
  limits: SessionLimits;
}

interface Failure {
  token: string;
  /** The activity when it failed: a later successful request is worth another try. */
  activity: number;
  /** A 4xx (a server without the endpoint): no more tries for this session. */
  final: boolean;
}

export function useSessionTimeout(): SessionTimeout {
  const { status, user } = useSession();
  const token = useSyncExternalStore(subscribe, getToken);
  const lastActivity = useSyncExternalStore(subscribeActivity, lastActivityAt);
  const [known, setKnown] = useState<Known | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const asking = useRef<string | null>(null);

  // A user held on two-factor enrolment may call only the enrolment's few endpoints (the
  // server answers 403 to the rest): the timing starts once they are through.
  const signedIn = status === 'authenticated' && token !== null && !needsTwoFactorSetup(user);
  const limits = signedIn && known?.token === token ? known.limits : null;

  const ask = useCallback(async () => {
    const asked = getToken();
    const times = await authApi.session();
    if (asked !== null && getToken() === asked) setKnown({ token: asked, limits: limitsOf(times) });
    setNow(Date.now());
  }, []);

  // Once per session; again after a failure only when another request has since succeeded.
  useEffect(() => {
    if (!signedIn || token === null || limits || asking.current === token) return;
    if (failure?.token === token && (failure.final || failure.activity >= lastActivity)) return;
    asking.current = token;
    ask()
      .catch((error: unknown) =>
        setFailure({ token, activity: lastActivityAt(), final: error instanceof ApiError && error.status < 500 }),
      )
      .finally(() => {
        if (asking.current === token) asking.current = null;
      });
  }, [signedIn, token, limits, failure, lastActivity, ask]);

  const deadline = limits ? sessionDeadline(limits, lastActivity) : null;
  const endsAt = deadline?.endsAt;
  const warnAt = deadline?.warnAt;
  const ended = deadline !== null && now >= deadline.endsAt;

  // One timer at a time, to the next change: the warning opening, the countdown's next
  // second, the end.
  useEffect(() => {
    if (endsAt === undefined || warnAt === undefined) return;
    let timer = 0;
    const wake = () => {
      const current = Date.now();
      setNow(current);
      if (current < endsAt) timer = window.setTimeout(wake, msUntilChange({ endsAt, warnAt }, current));
    };
    timer = window.setTimeout(wake, msUntilChange({ endsAt, warnAt }, Date.now()));
    return () => window.clearTimeout(timer);
  }, [endsAt, warnAt]);

  // Timers of a hidden tab or a sleeping computer run late: look again when it is back.
  useEffect(() => {
    if (!limits) return;
    const look = () => setNow(Date.now());
    document.addEventListener('visibilitychange', look);
    return () => document.removeEventListener('visibilitychange', look);
  }, [limits]);

  const reason = deadline?.reason;
  useEffect(() => {
    if (ended && reason) endSession(reason);
  }, [ended, reason]);

  const warning =
    deadline && !ended && now >= deadline.warnAt
      ? { reason: deadline.reason, seconds: secondsLeft(deadline, now), endsAt: deadline.endsAt }
      : null;
  return { warning, stay: ask };
}
