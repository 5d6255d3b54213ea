import { createContext } from 'react';
import type { SessionUser } from '../../api/types';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  /** Signs in; throws the API client's error on failure. */
  login: (email: string, password: string) => Promise<SessionUser>;
  /** Signs out on the server and always clears the local session. */
  logout: () => Promise<void>;
  /** Replaces the stored user (after /auth/me answered). */
  updateUser: (user: SessionUser) => void;
}

export const SessionContext = createContext<SessionValue | null>(null);
