import useSWR from 'swr';
import type { RoleOptionsEnvelope } from '../../../api/types';
import { ROLE_OPTIONS_KEY } from './users';

/** The roles a user may be given, for the user dialog (needs only users read, not roles read). */
export function useRoleOptions() {
  return useSWR<RoleOptionsEnvelope>(ROLE_OPTIONS_KEY);
}
