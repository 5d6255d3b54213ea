import useSWR from 'swr';
import type { RoleListEnvelope } from '../../../api/types';
import { ROLES_KEY } from './roles';

/** The role list with what each role may do. */
export function useRoles() {
  return useSWR<RoleListEnvelope>(ROLES_KEY);
}
