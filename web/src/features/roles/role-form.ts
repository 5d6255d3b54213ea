// Rules of the role dialog.
import type { PermissionEntry, PermissionResource } from '../../api/types';
import { i18n } from '../../i18n';
import {
  ACTION_FLAGS,
  GRID_RESOURCES,
  GRIEVANCE_EXTRAS,
  grantsOn,
  grievanceScope,
  holdsExtra,
  type ActionFlag,
  type GrievanceExtra,
  type GrievanceScope,
} from './permission-summary';

/**
 * The ticks of one row. The grievance scope is held apart, as one choice, not as flags; so are
 * the extra actions (approving closures, viewing sensitive identities, withholding from
 * publication), which only grievances have.
 */
export type GridRow = Record<ActionFlag, boolean>;
export type PermissionGrid = Record<PermissionResource, GridRow>;
export type GridFlag = ActionFlag;
/** The extra grievances actions a role holds, one tick each. */
export type GrievanceExtras = Record<GrievanceExtra, boolean>;

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

/** The extra grievances actions of a role being edited, read off its grievances entry. */
export function extrasFromPermissions(permissions: readonly PermissionEntry[] | null | undefined): GrievanceExtras {
  const held = (flag: GrievanceExtra) => (permissions ?? []).some((entry) => entry && holdsExtra(entry, flag));
  return Object.fromEntries(GRIEVANCE_EXTRAS.map((flag) => [flag, held(flag)])) as GrievanceExtras;
}

/** The extra actions ticked, each written only when set, as the server writes them. */
function extraFlags(extras: Partial<GrievanceExtras>): Partial<GrievanceExtras> {
  return Object.fromEntries(GRIEVANCE_EXTRAS.filter((flag) => extras[flag]).map((flag) => [flag, true]));
}

const anyExtra = (extras: Partial<GrievanceExtras>): boolean => GRIEVANCE_EXTRAS.some((flag) => extras[flag] === true);

/**
 * The grievances entry's scope flags. can_view_posting is written only when set, as the server
 * writes it, and never beside can_view_all: the state's scope holds the posting's.
 */
function scopeFlags(scope: GrievanceScope): Pick<PermissionEntry, 'can_view_all' | 'can_view_posting'> {
  return scope === 'posting' ? { can_view_all: false, can_view_posting: true } : { can_view_all: scope === 'state' };
}

const grantsAnything = (entry: PermissionEntry): boolean =>
  ACTION_FLAGS.some((flag) => entry[flag]) || entry.can_view_all || entry.can_view_posting === true || anyExtra(entry);

/**
 * The entries to save: the scope and the extra actions on grievances only, rows with no flag
 * dropped (a wider scope or an extra action alone keeps its row).
 */
export function permissionsForSave(grid: PermissionGrid, scope: GrievanceScope, extras: Partial<GrievanceExtras> = {}): PermissionEntry[] {
  return GRID_RESOURCES.map(
    (resource): PermissionEntry => ({
      resource,
      ...grid[resource],
      ...scopeFlags(resource === 'grievances' ? scope : 'own'),
      ...(resource === 'grievances' ? extraFlags(extras) : {}),
    }),
  ).filter(grantsAnything);
}

/**
 * Nothing ticked on any row and no extra action: users with the role may only sign in (a
 * grievance scope alone grants nothing).
 */
export function grantsNothing(grid: PermissionGrid, extras: Partial<GrievanceExtras> = {}): boolean {
  return !anyExtra(extras) && GRID_RESOURCES.every((resource) => ACTION_FLAGS.every((flag) => !grid[resource][flag]));
}

export function roleNameError(name: string): string | null {
  return name.trim() ? null : i18n.t('roles:nameRequired');
}

/** Shown for 3 s when someone tries to delete the Admin role. */
export const adminDeleteMessage = (): string => i18n.t('roles:adminDelete');
