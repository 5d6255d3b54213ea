import type { ReactNode } from 'react';
import type { SessionUser } from '../api/types';
import { SessionContext, type SessionStatus, type SessionValue } from '../features/auth/session-context';

/** A fixed session for components that only read it. */
export function StaticSession({
  status,
  user = null,
  children,
}: {
  status: SessionStatus;
  user?: SessionUser | null;
  children: ReactNode;
}) {
  const value: SessionValue = {
    status,
    user,
    login: vi.fn(),
    loginTwoFactor: vi.fn(),
    logout: vi.fn(async () => undefined),
    updateUser: vi.fn(),
  };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
