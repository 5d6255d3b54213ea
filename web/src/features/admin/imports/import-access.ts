// Who may import what: each kind needs the permission that would let the user enter its
// records one by one. The tab shows to anyone who may import at least one kind.
import { hasPermission, type Action, type PermissionSubject, type Resource } from '../../auth/permissions';
import { IMPORT_KINDS, type ImportKind } from './api/imports';

export const KIND_PERMISSION: Record<ImportKind, { resource: Resource; action: Action }> = {
  organisation: { resource: 'dropdowns', action: 'update' },
  users: { resource: 'users', action: 'create' },
  registers: { resource: 'grievances', action: 'create' },
};

/** The kinds of file the user may import, in the order offered. */
export function importKinds(user: PermissionSubject | null | undefined): ImportKind[] {
  return IMPORT_KINDS.filter((kind) => hasPermission(user, KIND_PERMISSION[kind].resource, KIND_PERMISSION[kind].action));
}
