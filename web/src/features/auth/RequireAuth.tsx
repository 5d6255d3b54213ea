// Route guard: spinner while the session loads, / when signed out,
// /dashboard when the user lacks the route's permission.
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { LoadingState } from '../../components/LoadingState';
import { needsTwoFactorSetup, SETUP_TWO_FACTOR_PATH } from '../two-factor/two-factor-state';
import { hasPermission, type Action, type Resource } from './permissions';
import { useSession } from './use-session';

interface RequireAuthProps {
  resource?: Resource;
  action?: Action;
  children?: ReactNode;
}

export function RequireAuth({ resource, action = 'read', children }: RequireAuthProps) {
  const { status, user } = useSession();
  if (status === 'loading') return <LoadingState fullPage />;
  if (status !== 'authenticated' || !user) return <Navigate to="/" replace />;
  // A role that requires two-factor holds the user on enrolment until it is done.
  if (needsTwoFactorSetup(user)) return <Navigate to={SETUP_TWO_FACTOR_PATH} replace />;
  if (resource && !hasPermission(user, resource, action)) return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
}
