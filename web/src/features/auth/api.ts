// Calls of the auth area (spec §7).
import { api } from '../../api/client';
import type {
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  SessionUser,
  VerifyResponse,
} from '../../api/types';

export const authApi = {
  login: (body: LoginRequest) => api.post<LoginResponse>('/auth/login', body),
  logout: () => api.post<MessageResponse>('/auth/logout'),
  verify: () => api.get<VerifyResponse>('/auth/verify'),
  me: () => api.get<SessionUser>('/auth/me'),
  changePassword: (body: ChangePasswordRequest) =>
    api.post<MessageResponse>('/auth/change-password', body),
};
