// The permission column of the role list (spec §2 "Role Management"):
// 'N resources • M actions' plus one chip per resource.
import type { PermissionEntry, PermissionResource } from '../../api/types';

/** Resource names as the screens call them (dropdowns is the Admin Panel). */
export const RESOURCE_LABELS: Record<PermissionResource, string> = {
  grievances: 'Grievances',
  users: 'Users',
  roles: 'Roles',
  dropdowns: 'Admin Panel',
  reports: 'Reports',
  dashboard: 'Dashboard',
  audit: 'Audit',
};

export const GRID_RESOURCES: readonly PermissionResource[] = [
  'grievances',
  'users',
  'roles',
  'dropdowns',
  'reports',
  'dashboard',
  'audit',
];

type Flag = 'can_create' | 'can_read' | 'can_update' | 'can_delete' | 'can_view_all';

export const ACTION_LABELS: readonly { flag: Flag; label: string }[] = [
  { flag: 'can_create', label: 'Create' },
  { flag: 'can_read', label: 'Read' },
  { flag: 'can_update', label: 'Update' },
  { flag: 'can_delete', label: 'Delete' },
  { flag: 'can_view_all', label: 'View All' },
];

/** The actions an entry grants, in a fixed order; view_all counts only on grievances. */
export function grantedActions(entry: PermissionEntry): string[] {
  return ACTION_LABELS.filter(
    ({ flag }) => entry[flag] === true && (flag !== 'can_view_all' || entry.resource === 'grievances'),
  ).map(({ label }) => label);
}

export interface PermissionChip {
  resource: PermissionResource;
  /** e.g. 'Users: Read, Update' or 'Grievances: Full access'. */
  text: string;
}

export interface PermissionSummary {
  resources: number;
  actions: number;
  /** e.g. '2 resources • 3 actions', or 'No permissions'. */
  text: string;
  chips: PermissionChip[];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function summarisePermissions(permissions: readonly PermissionEntry[] | null | undefined): PermissionSummary {
  const entries = (permissions ?? [])
    .map((entry) => ({ entry, actions: grantedActions(entry) }))
    .filter(({ actions }) => actions.length > 0);
  const actions = entries.reduce((sum, { actions: granted }) => sum + granted.length, 0);
  const chips = entries.map(({ entry, actions: granted }) => {
    const label = RESOURCE_LABELS[entry.resource] ?? entry.resource;
    const full = granted.length === (entry.resource === 'grievances' ? 5 : 4);
    return { resource: entry.resource, text: `${label}: ${full ? 'Full access' : granted.join(', ')}` };
  });
  return {
    resources: entries.length,
    actions,
    text:
      entries.length === 0
        ? 'No permissions'
        : `${plural(entries.length, 'resource', 'resources')} • ${plural(actions, 'action', 'actions')}`,
    chips,
  };
}
