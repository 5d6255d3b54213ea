// The permission column of the role list (spec §2 "Role Management"):
// 'N resources • M actions' plus one chip per resource.
import type { PermissionEntry, PermissionResource } from '../../api/types';
import { i18n } from '../../i18n';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`roles:${key}`, values);

/** A resource's name as the screens call it (dropdowns is the Admin Panel), in the current language. */
export function resourceLabel(resource: PermissionResource): string {
  return i18n.exists(`roles:resource.${resource}`) ? t(`resource.${resource}`) : resource;
}

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

export const ACTION_FLAGS: readonly Flag[] = ['can_create', 'can_read', 'can_update', 'can_delete', 'can_view_all'];

/** 'Create', 'Read', 'Update', 'Delete', 'View All' in the current language. */
export const actionLabel = (flag: Flag): string => t(`action.${flag}`);

/** The actions an entry grants, in a fixed order; view_all counts only on grievances. */
export function grantedActions(entry: PermissionEntry): string[] {
  return ACTION_FLAGS.filter(
    (flag) => entry[flag] === true && (flag !== 'can_view_all' || entry.resource === 'grievances'),
  ).map(actionLabel);
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

export function summarisePermissions(permissions: readonly PermissionEntry[] | null | undefined): PermissionSummary {
  const entries = (permissions ?? [])
    .map((entry) => ({ entry, actions: grantedActions(entry) }))
    .filter(({ actions }) => actions.length > 0);
  const actions = entries.reduce((sum, { actions: granted }) => sum + granted.length, 0);
  const chips = entries.map(({ entry, actions: granted }) => {
    const label = resourceLabel(entry.resource);
    const full = granted.length === (entry.resource === 'grievances' ? 5 : 4);
    return { resource: entry.resource, text: `${label}: ${full ? t('fullAccess') : granted.join(', ')}` };
  });
  return {
    resources: entries.length,
    actions,
    text:
      entries.length === 0
        ? t('noPermissions')
        : `${t('resources', { count: entries.length })} • ${t('actions', { count: actions })}`,
    chips,
  };
}
