import useSWR from 'swr';
import type { UserListEnvelope } from '../../../api/types';
import { USERS_KEY } from './users';

/** The user list, as the caller may see it. */
export function useUsers() {
  return useSWR<UserListEnvelope>(USERS_KEY);
}
