// Calls of the auth area.
import { api } from '../../../api/client';
import type {
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  SessionTimes,
  SessionUser,
  SetPasswordRequest,
  TwoFactorLoginRequest,
  VerifyResponse,
} from '../../../api/types';

export const authApi = {
  login: (body: LoginRequest) => api.post<LoginResponse>('/auth/login', body),
  loginTwoFactor: (body: TwoFactorLoginRequest) => api.post<LoginResponse>('/auth/login/two-factor', body),
  logout: () => api.post<MessageResponse>('/auth/logout'),
  verify: () => api.get<VerifyResponse>('/auth/verify'),
  me: () => api.get<SessionUser>('/auth/me'),
  /** How long the session lasts; asking counts as activity ("Stay signed in"). */
  session: () => api.get<SessionTimes>('/auth/session'),
  changePassword: (body: ChangePasswordRequest) =>
    api.post<MessageResponse>('/auth/change-password', body),
  /** A new user's first password, with the token of their one-time sign-in link (no session). */
  setPassword: (body: SetPasswordRequest) => api.post<MessageResponse>('/auth/set-password', body),
};
