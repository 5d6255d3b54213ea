// Two-factor calls of the signed-in user and of User Management.
// The sign-in step itself (POST /auth/login/two-factor) lives in the session.
import { api } from '../../../api/client';
import type {
  MessageResponse,
  RecoveryCodes,
  SuccessMessage,
  TwoFactorCodeRequest,
  TwoFactorDisableRequest,
  TwoFactorSetup,
} from '../../../api/types';

export const twoFactorApi = {
  /** A fresh secret and its otpauth:// link; nothing changes until enable. */
  setup: () => api.post<TwoFactorSetup>('/auth/two-factor/setup'),
  /** Turns two-factor on with a current code; answers the recovery codes, once. */
  enable: (body: TwoFactorCodeRequest) => api.post<RecoveryCodes>('/auth/two-factor/enable', body),
  /** Turns two-factor off with the current password and a current code. */
  disable: (body: TwoFactorDisableRequest) => api.post<MessageResponse>('/auth/two-factor/disable', body),
  /** An administrator clears another user's two-factor (needs users update). */
  resetForUser: (id: number) => api.post<SuccessMessage>(`/users/${id}/reset-two-factor`),
};
