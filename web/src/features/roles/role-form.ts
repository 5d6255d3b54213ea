// Rules of the role dialog (spec §5 "Role").
import type { PermissionEntry, PermissionResource } from '../../api/types';
import { i18n } from '../../i18n';
import { GRID_RESOURCES } from './permission-summary';

export type PermissionGrid = Record<PermissionResource, PermissionEntry>;
export type GridFlag = 'can_create' | 'can_read' | 'can_update' | 'can_delete' | 'can_view_all';

export function emptyEntry(resource: PermissionResource): PermissionEntry {
  return { resource, can_create: false, can_read: false, can_view_all: false, can_update: false, can_delete: false };
}

/** One row per resource, filled from a role's entries. */
export function gridFromPermissions(permissions: readonly PermissionEntry[] | null | undefined): PermissionGrid {
  const grid = Object.fromEntries(GRID_RESOURCES.map((resource) => [resource, emptyEntry(resource)])) as PermissionGrid;
  for (const entry of permissions ?? []) {
    if (entry && entry.resource in grid) grid[entry.resource] = { ...emptyEntry(entry.resource), ...entry };
  }
  return grid;
}

/** The entries to save: view_all only on grievances, rows with no flag dropped. */
export function permissionsForSave(grid: PermissionGrid): PermissionEntry[] {
  return GRID_RESOURCES.map((resource) => {
    const entry = grid[resource];
    return { ...entry, can_view_all: resource === 'grievances' ? entry.can_view_all : false };
  }).filter((entry) => entry.can_create || entry.can_read || entry.can_update || entry.can_delete || entry.can_view_all);
}

export function roleNameError(name: string): string | null {
  return name.trim() ? null : i18n.t('roles:nameRequired');
}

/** Shown for 3 s when someone tries to delete the Admin role (spec §5 "Deletion"). */
export const adminDeleteMessage = (): string => i18n.t('roles:adminDelete');
