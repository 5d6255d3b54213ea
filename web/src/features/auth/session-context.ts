import { createContext } from 'react';
import type { SessionUser } from '../../api/types';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/** What a password sign-in led to: a session, or a two-factor challenge to answer first. */
export type LoginOutcome = { user: SessionUser; challenge?: undefined } | { challenge: string; user?: undefined };

export interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  /** Signs in; throws the API client's error on failure. */
  login: (email: string, password: string) => Promise<LoginOutcome>;
  /** Answers a two-factor challenge with a 6-digit or recovery code; completes the sign-in. */
  loginTwoFactor: (challenge: string, code: string) => Promise<SessionUser>;
  /** Signs out on the server and always clears the local session. */
  logout: () => Promise<void>;
  /** Replaces the stored user (after /auth/me answered). */
  updateUser: (user: SessionUser) => void;
}

export const SessionContext = createContext<SessionValue | null>(null);
