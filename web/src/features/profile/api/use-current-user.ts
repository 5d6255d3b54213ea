import useSWR from 'swr';
import type { SessionUser } from '../../../api/types';

/** SWR key of the signed-in user's own record (GET /auth/me). */
export const CURRENT_USER_KEY = '/auth/me';

/** The signed-in user as the server has them now, for Profile. */
export function useCurrentUser() {
  return useSWR<SessionUser>(CURRENT_USER_KEY);
}
