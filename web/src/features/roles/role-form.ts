// Rules of the role dialog.
import type { PermissionEntry, PermissionResource } from '../../api/types';
import { i18n } from '../../i18n';
import { ACTION_FLAGS, canApprove, GRID_RESOURCES, grantsOn, grievanceScope, type ActionFlag, type GrievanceScope } from './permission-summary';

/**
 * The ticks of one row. The grievance scope is held apart, as one choice, not as flags; so is
 * approving closures, which only grievances have.
 */
export type GridRow = Record<ActionFlag, boolean>;
export type PermissionGrid = Record<PermissionResource, GridRow>;
export type GridFlag = ActionFlag;

const emptyRow = (): GridRow => ({ can_create: false, can_read: false, can_update: false, can_delete: false });

/** A role's entry as its row: only the actions that grant something on the resource. */
function rowOf(entry: PermissionEntry): GridRow {
  return Object.fromEntries(ACTION_FLAGS.map((flag) => [flag, grantsOn(entry.resource, flag) && entry[flag] === true])) as GridRow;
}

/** One row per resource, filled from a role's entries. */
export function gridFromPermissions(permissions: readonly PermissionEntry[] | null | undefined): PermissionGrid {
  const grid = Object.fromEntries(GRID_RESOURCES.map((resource) => [resource, emptyRow()])) as PermissionGrid;
  for (const entry of permissions ?? []) {
    if (entry && entry.resource in grid) grid[entry.resource] = rowOf(entry);
  }
  return grid;
}

/** The scope choice of a role being edited: can_view_all is the state, can_view_posting the posting, else own. */
export const scopeFromPermissions = grievanceScope;

/** Whether a role being edited approves others' closure requests (its grievances entry's can_approve). */
export function approveFromPermissions(permissions: readonly PermissionEntry[] | null | undefined): boolean {
  return (permissions ?? []).some((entry) => entry && canApprove(entry));
}

/**
 * The grievances entry's scope flags. can_view_posting is written only when set, as the server
 * writes it, and never beside can_view_all: the state's scope holds the posting's.
 */
function scopeFlags(scope: GrievanceScope): Pick<PermissionEntry, 'can_view_all' | 'can_view_posting'> {
  return scope === 'posting' ? { can_view_all: false, can_view_posting: true } : { can_view_all: scope === 'state' };
}

const grantsAnything = (entry: PermissionEntry): boolean =>
  ACTION_FLAGS.some((flag) => entry[flag]) || entry.can_view_all || entry.can_view_posting === true || entry.can_approve === true;

/**
 * The entries to save: the scope and approving closures on grievances only (can_approve written
 * only when set, as the server writes it), rows with no flag dropped (a wider scope alone keeps its row).
 */
export function permissionsForSave(grid: PermissionGrid, scope: GrievanceScope, approve = false): PermissionEntry[] {
  return GRID_RESOURCES.map(
    (resource): PermissionEntry => ({
      resource,
      ...grid[resource],
      ...scopeFlags(resource === 'grievances' ? scope : 'own'),
      ...(resource === 'grievances' && approve ? { can_approve: true } : {}),
    }),
  ).filter(grantsAnything);
}

/**
 * Nothing ticked on any row and no approving of closures: users with the role may only sign in
 * (a grievance scope alone grants nothing).
 */
export function grantsNothing(grid: PermissionGrid, approve = false): boolean {
  return !approve && GRID_RESOURCES.every((resource) => ACTION_FLAGS.every((flag) => !grid[resource][flag]));
}

export function roleNameError(name: string): string | null {
  return name.trim() ? null : i18n.t('roles:nameRequired');
}

/** Shown for 3 s when someone tries to delete the Admin role. */
export const adminDeleteMessage = (): string => i18n.t('roles:adminDelete');
