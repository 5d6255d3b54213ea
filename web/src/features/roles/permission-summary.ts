// The permission column of the role list on the Role Management screen:
// 'N resources • M actions' plus one chip per resource.
import type { PermissionEntry, PermissionResource } from '../../api/types';
import { i18n } from '../../i18n';
import { RESOURCES } from '../auth/permissions';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`roles:${key}`, values);

/** A resource's name as the screens call it (dropdowns is the Admin Panel), in the current language. */
export function resourceLabel(resource: PermissionResource): string {
  return i18n.exists(`roles:resource.${resource}`) ? t(`resource.${resource}`) : resource;
}

/** The grid's rows: every resource a role may be granted, in the order the screens list them. */
export const GRID_RESOURCES: readonly PermissionResource[] = RESOURCES;

export type ActionFlag = 'can_create' | 'can_read' | 'can_update' | 'can_delete';

export const ACTION_FLAGS: readonly ActionFlag[] = ['can_create', 'can_read', 'can_update', 'can_delete'];

/**
 * The actions that grant something on each resource, as the server checks them: the
 * reports, the dashboard and the audit trail are only read, so a role offered "Delete
 * Audit" would be offered nothing.
 */
export const RESOURCE_ACTIONS: Readonly<Record<PermissionResource, readonly ActionFlag[]>> = {
  grievances: ACTION_FLAGS,
  users: ACTION_FLAGS,
  roles: ACTION_FLAGS,
  dropdowns: ACTION_FLAGS,
  reports: ['can_read'],
  dashboard: ['can_read'],
  audit: ['can_read'],
};

/** Whether `flag` grants anything on `resource`. */
export const grantsOn = (resource: PermissionResource, flag: ActionFlag): boolean => RESOURCE_ACTIONS[resource]?.includes(flag) ?? false;

/** 'Create', 'Read', 'Update', 'Delete' in the current language. */
export const actionLabel = (flag: ActionFlag): string => t(`action.${flag}`);

/**
 * The grievances actions that are not columns, as no other resource has them: approving others'
 * closure requests, revealing, with a stated reason, a victim's identity the law protects, and
 * withholding a case, with a stated reason, from the state's public list of FIRs. Each is a flag
 * of the grievances entry that the server writes only when set.
 */
export type GrievanceExtra = 'can_approve' | 'can_view_identities' | 'can_withhold_publication';

export const GRIEVANCE_EXTRAS: readonly GrievanceExtra[] = ['can_approve', 'can_view_identities', 'can_withhold_publication'];

/** Whether an entry holds `flag`: only the grievances entry can. */
export const holdsExtra = (entry: PermissionEntry, flag: GrievanceExtra): boolean => entry.resource === 'grievances' && entry[flag] === true;

/** 'Approve closures', 'View sensitive identities', 'Withhold from publication' in the current language. */
export const extraLabel = (flag: GrievanceExtra): string => t(`action.${flag}`);

/** Which grievances a role's holders see: their own, their posting's, or the state's. */
export type GrievanceScope = 'own' | 'posting' | 'state';

export const GRIEVANCE_SCOPES: readonly GrievanceScope[] = ['own', 'posting', 'state'];

/** The scope an entry grants. Only the grievances entry carries one, and the state's holds the posting's. */
export function entryScope(entry: PermissionEntry): GrievanceScope {
  if (entry.resource !== 'grievances') return 'own';
  if (entry.can_view_all) return 'state';
  return entry.can_view_posting ? 'posting' : 'own';
}

/** A role's grievance scope, read off its grievances entry. */
export function grievanceScope(permissions: readonly PermissionEntry[] | null | undefined): GrievanceScope {
  const grievances = (permissions ?? []).find((entry) => entry?.resource === 'grievances');
  return grievances ? entryScope(grievances) : 'own';
}

/** 'Own cases only', 'Their posting (station, district or range)', 'The whole state' in the current language. */
export const scopeLabel = (scope: GrievanceScope): string => t(`scope.${scope}`);

/**
 * What an entry grants in words: its actions in a fixed order (on grievances, the extra actions
 * after them), then the grievance scope when it is wider than one's own cases (own is what every
 * role sees, so it goes without saying).
 */
export function grantedActions(entry: PermissionEntry): string[] {
  const actions = ACTION_FLAGS.filter((flag) => entry[flag] === true).map(actionLabel);
  actions.push(...GRIEVANCE_EXTRAS.filter((flag) => holdsExtra(entry, flag)).map(extraLabel));
  const scope = entryScope(entry);
  return scope === 'own' ? actions : [...actions, t(`scope.short.${scope}`)];
}

/** Every action, and on grievances every extra action and the whole state too: nothing more could be granted. */
function isFullAccess(entry: PermissionEntry): boolean {
  return (
    ACTION_FLAGS.every((flag) => entry[flag] === true) &&
    (entry.resource !== 'grievances' || (GRIEVANCE_EXTRAS.every((flag) => holdsExtra(entry, flag)) && entryScope(entry) === 'state'))
  );
}

export interface PermissionChip {
  resource: PermissionResource;
  /** e.g. 'Users: Read, Update', 'Grievances: Read, Their posting' or 'Grievances: Full access'. */
  text: string;
}

export interface PermissionSummary {
  resources: number;
  /** A grievance scope wider than own counts as one: it grants something, as View All did. */
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
    return { resource: entry.resource, text: `${label}: ${isFullAccess(entry) ? t('fullAccess') : granted.join(', ')}` };
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
