// Calls of User Management. User calls answer {success, data}.
import { api } from '../../../api/client';
import type {
  ResetPasswordRequest,
  SuccessMessage,
  UserEnvelope,
  UserListEnvelope,
  UserRequest,
  UserView,
} from '../../../api/types';

/** SWR key of the user list. */
export const USERS_KEY = '/users';

/** SWR key of the roles a user may be given (needs only users read). */
export const ROLE_OPTIONS_KEY = '/users/role-options';

export const usersApi = {
  create: async (body: UserRequest): Promise<UserView> => (await api.post<UserEnvelope>('/users', body)).data,
  update: async (id: number, body: UserRequest): Promise<UserView> =>
    (await api.put<UserEnvelope>(`/users/${id}`, body)).data,
  remove: (id: number) => api.delete<SuccessMessage>(`/users/${id}`),
  resetPassword: (id: number, body: ResetPasswordRequest) =>
    api.put<SuccessMessage>(`/users/${id}/reset-password`, body),
};

/** The list out of its envelope. */
export function usersOf(envelope: UserListEnvelope | undefined): UserView[] {
  return envelope?.data ?? [];
}

/**
 * The users whose name, email, phone, department, designation or role holds every word of
 * `text` (any capitals); all of them for a blank text.
 */
export function matchingUsers(users: readonly UserView[], text: string): UserView[] {
  const words = text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...users];
  return users.filter((user) => {
    const haystack = [user.name, user.email, user.phone, user.department, user.designation, user.role_name]
      .filter((v): v is string => typeof v === 'string')
      .join(' ')
      .toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
