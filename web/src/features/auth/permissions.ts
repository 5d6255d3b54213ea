// Client-side permission checks. The UI only hides; the server
// refuses again. Accepts both shapes a role's permissions can take:
//  - a list of entries {resource, can_create, can_read, can_view_all, can_update, can_delete,
//    and on grievances can_approve (approve others' closure requests), can_view_identities
//    (reveal, with a stated reason, a victim's identity the law protects) and
//    can_withhold_publication (withhold a case from the state's public list of FIRs)};
//  - the legacy map resource -> 'all' | string[] | 'create,read,...' (approve: 'approve',
//    view_identities: 'view_identities', withhold_publication: 'withhold_publication'; 'all'
//    holds approve but neither of the other two, which are granted by name only, as on the
//    server).
import type { PermissionEntry } from '../../api/types';

export const RESOURCES = [
  'grievances',
  'users',
  'roles',
  'dropdowns',
  'reports',
  'dashboard',
  'audit',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['create', 'read', 'view_all', 'update', 'delete', 'approve', 'view_identities', 'withhold_publication'] as const;
export type Action = (typeof ACTIONS)[number];

export type LegacyPermissionMap = Record<string, string | string[]>;
export type Permissions = PermissionEntry[] | LegacyPermissionMap | string | null | undefined;

export interface PermissionSubject {
  role_name?: string | null;
  permissions?: Permissions;
}

export const ADMIN_ROLE = 'Admin';

function normalise(permissions: Permissions): PermissionEntry[] | LegacyPermissionMap | null {
  if (typeof permissions === 'string') {
    try {
      return normalise(JSON.parse(permissions) as Permissions);
    } catch {
      return null;
    }
  }
  if (!permissions || typeof permissions !== 'object') return null;
  return permissions;
}

/**
 * What the legacy map's 'all' does not hold: seeing protected identities and withholding from
 * publication, which no role written before they existed may gain by an upgrade.
 */
const BY_NAME_ONLY: readonly Action[] = ['view_identities', 'withhold_publication'];

function legacyAllows(value: string | string[] | undefined, action: Action): boolean {
  if (value === undefined || value === null) return false;
  const list = Array.isArray(value) ? value : String(value).split(',');
  const actions = list.map((item) => String(item).trim().toLowerCase());
  // 'all' is every action but these, which the law gives to officers by name only.
  return (actions.includes('all') && !BY_NAME_ONLY.includes(action)) || actions.includes(action);
}

/** True when the permissions grant `action` on `resource`. */
export function permits(permissions: Permissions, resource: Resource, action: Action): boolean {
  const perms = normalise(permissions);
  if (!perms) return false;
  if (Array.isArray(perms)) {
    const entry = perms.find((item) => item && item.resource === resource);
    return entry ? entry[`can_${action}`] === true : false;
  }
  return legacyAllows(perms[resource], action);
}

/** True when the user may do `action` on `resource`; the Admin role may do everything. */
export function hasPermission(
  user: PermissionSubject | null | undefined,
  resource: Resource,
  action: Action,
): boolean {
  if (!user) return false;
  if (user.role_name === ADMIN_ROLE) return true;
  return permits(user.permissions, resource, action);
}
