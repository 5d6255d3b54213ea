// Calls of User Management. User calls answer {success, data}.
import { api } from '../../api/client';
import type {
  ResetPasswordRequest,
  SuccessMessage,
  UserEnvelope,
  UserListEnvelope,
  UserRequest,
  UserView,
} from '../../api/types';

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
