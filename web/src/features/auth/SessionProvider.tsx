// Holds the session: starts from localStorage, confirms the token
// with GET /api/auth/verify, and follows every change of the token store
// (a 401 anywhere clears it).
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LoginResponse, SessionUser } from '../../api/types';
import { ApiError } from '../../api/errors';
import { i18n } from '../../i18n';
import {
  clearSession,
  getStoredUser,
  getToken,
  saveSession,
  saveUser,
  subscribe,
} from '../../api/token-store';
import { authApi } from './api/auth';
import { withSetupRequired } from '../two-factor/two-factor-state';
import { SessionContext, type LoginOutcome, type SessionStatus, type SessionValue } from './session-context';

interface State {
  status: SessionStatus;
  user: SessionUser | null;
}

/** Keeps the session a sign-in answered with; a missing token is an error. */
function startSession(response: LoginResponse): SessionUser {
  const { token, user } = response;
  if (!token || !user) throw new Error(i18n.t('auth:tokenMissing'));
  // A role that requires two-factor sends the user to enrolment first.
  const sessionUser = response.two_factor_setup_required ? withSetupRequired(user) : user;
  saveSession(token, sessionUser);
  return sessionUser;
}

function initialState(): State {
  return getToken() ? { status: 'loading', user: getStoredUser() } : { status: 'anonymous', user: null };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(initialState);

  // Confirm a stored token once at start.
  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    authApi
      .verify()
      .then((result) => {
        const token = getToken();
        if (cancelled || !token) return;
        if (result.valid && result.user) saveSession(token, result.user);
        else clearSession();
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // 401: the client already cleared the session. Any other failure
        // (server unreachable): keep the stored session rather than sign out.
        if (!(error instanceof ApiError && error.status === 401)) {
          const user = getStoredUser();
          setState(user && getToken() ? { status: 'authenticated', user } : { status: 'anonymous', user: null });
        }
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // Follow the token store: saves and clears from anywhere.
  useEffect(
    () =>
      subscribe(() => {
        const user = getStoredUser();
        setState(getToken() && user ? { status: 'authenticated', user } : { status: 'anonymous', user: null });
      }),
    [],
  );

  const login = useCallback(async (email: string, password: string): Promise<LoginOutcome> => {
    const response = await authApi.login({ email, password });
    if (response.two_factor_required && response.challenge) return { challenge: response.challenge };
    return { user: startSession(response) };
  }, []);

  const loginTwoFactor = useCallback(
    async (challenge: string, code: string) => startSession(await authApi.loginTwoFactor({ challenge, code })),
    [],
  );

  const logout = useCallback(async () => {
    try {
      if (getToken()) await authApi.logout();
    } catch {
      // The local session is cleared whatever the server said.
    } finally {
      clearSession();
    }
  }, []);

  const updateUser = useCallback((user: SessionUser) => {
    if (getToken()) saveUser(user);
  }, []);

  const value = useMemo<SessionValue>(
    () => ({ ...state, login, loginTwoFactor, logout, updateUser }),
    [state, login, loginTwoFactor, logout, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
