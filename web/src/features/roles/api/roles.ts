// Calls of Role Management. Role calls answer {success, data}.
import { api } from '../../../api/client';
import type { PermissionEntry, RoleEnvelope, RoleRequest, RoleView, SuccessMessage } from '../../../api/types';

/** SWR key of the role list. */
export const ROLES_KEY = '/roles';

/** What the dialog sends: the entry-list shape of the permissions. */
export interface RoleInput {
  name: string;
  description: string;
  permissions: PermissionEntry[];
  /** Users of the role must set up two-factor. */
  require_two_factor?: boolean;
  /** Users of the role ask for closures; another officer approves them. */
  closing_needs_approval?: boolean;
}

// The server also accepts the legacy map; we always send the entry list.
const toRequest = (input: RoleInput): RoleRequest => input;

export const rolesApi = {
  create: async (input: RoleInput): Promise<RoleView> =>
    (await api.post<RoleEnvelope>('/roles', toRequest(input))).data,
  update: async (id: number, input: RoleInput): Promise<RoleView> =>
    (await api.put<RoleEnvelope>(`/roles/${id}`, toRequest(input))).data,
  remove: (id: number) => api.delete<SuccessMessage>(`/roles/${id}`),
};
