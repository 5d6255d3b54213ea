// The left navigation (spec §2 "Shell"): items hidden without their permission.
import type { IconName } from '../../components/icons';
import type { Action, Resource } from '../../features/auth/permissions';

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
  /** Needed permission; none means any signed-in user. */
  resource?: Resource;
  action?: Action;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: 'dashboard' },
  { label: 'Grievances', to: '/grievances', icon: 'grievances', resource: 'grievances', action: 'read' },
  { label: 'User Management', to: '/users', icon: 'users', resource: 'users', action: 'read' },
  { label: 'Role Management', to: '/roles', icon: 'roles', resource: 'roles', action: 'read' },
  { label: 'Admin Panel', to: '/admin', icon: 'admin', resource: 'dropdowns', action: 'read' },
  { label: 'Audit History', to: '/audit', icon: 'audit', resource: 'audit', action: 'read' },
  { label: 'Profile', to: '/profile', icon: 'profile' },
];
