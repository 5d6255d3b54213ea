// Rules of the Change Password form.
import { i18n } from '../../i18n';

export const MIN_PASSWORD_LENGTH = 6;

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first rule the input breaks, or null when it may be sent. */
export function passwordChangeError({ currentPassword, newPassword, confirmPassword }: PasswordChange): string | null {
  if (!currentPassword) return i18n.t('profile:rules.currentRequired');
  return newPasswordError(newPassword, confirmPassword);
}

/** The first rule a new password and its confirmation break, or null (a password set from a sign-in link too). */
export function newPasswordError(newPassword: string, confirmPassword: string): string | null {
  if (newPassword !== confirmPassword) return i18n.t('profile:rules.mismatch');
  if (newPassword.length < MIN_PASSWORD_LENGTH) return i18n.t('profile:rules.minLength', { min: MIN_PASSWORD_LENGTH });
  return null;
}
