// Rules of the Change Password form (spec §5 "Change own password").
export const MIN_PASSWORD_LENGTH = 6;

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first rule the input breaks, or null when it may be sent. */
export function passwordChangeError({ currentPassword, newPassword, confirmPassword }: PasswordChange): string | null {
  if (!currentPassword) return 'Current password is required';
  if (newPassword !== confirmPassword) return 'New passwords do not match';
  if (newPassword.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return null;
}
