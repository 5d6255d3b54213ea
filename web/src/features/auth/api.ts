// Calls of the auth area (spec §7).
import { api } from '../../api/client';
import type {
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  SessionUser,
  TwoFactorLoginRequest,
  VerifyResponse,
} from '../../api/types';

export const authApi = {
  login: (body: LoginRequest) => api.post<LoginResponse>('/auth/login', body),
  loginTwoFactor: (body: TwoFactorLoginRequest) => api.post<LoginResponse>('/auth/login/two-factor', body),
  logout: () => api.post<MessageResponse>('/auth/logout'),
  verify: () => api.get<VerifyResponse>('/auth/verify'),
  me: () => api.get<SessionUser>('/auth/me'),
  changePassword: (body: ChangePasswordRequest) =>
    api.post<MessageResponse>('/auth/change-password', body),
};
