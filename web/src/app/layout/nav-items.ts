// The left navigation: items hidden without their permission.
import type { IconName } from '../../components/icons';
import type { Action, Resource } from '../../features/auth/permissions';

export interface NavItem {
  /** The label's key in the common catalogue. */
  labelKey: string;
  to: string;
  icon: IconName;
  /** Needed permission; none means any signed-in user. */
  resource?: Resource;
  action?: Action;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { labelKey: 'nav.dashboard', to: '/dashboard', icon: 'dashboard' },
  { labelKey: 'nav.grievances', to: '/grievances', icon: 'grievances', resource: 'grievances', action: 'read' },
  { labelKey: 'nav.trash', to: '/grievances/trash', icon: 'delete', resource: 'grievances', action: 'delete' },
  { labelKey: 'nav.users', to: '/users', icon: 'users', resource: 'users', action: 'read' },
  { labelKey: 'nav.roles', to: '/roles', icon: 'roles', resource: 'roles', action: 'read' },
  { labelKey: 'nav.admin', to: '/admin', icon: 'admin', resource: 'dropdowns', action: 'read' },
  { labelKey: 'nav.audit', to: '/audit', icon: 'audit', resource: 'audit', action: 'read' },
  { labelKey: 'nav.reports', to: '/reports', icon: 'reports', resource: 'reports', action: 'read' },
  { labelKey: 'nav.profile', to: '/profile', icon: 'profile' },
];
