// Small two-factor rules shared by the route guard, the session and the screens.
// Kept free of UI and of the QR library: the login page's bundle imports it.
import type { SessionUser } from '../../api/types';

/** The full-screen enrolment route a user whose role requires two-factor is held on. */
export const SETUP_TWO_FACTOR_PATH = '/setup-two-factor';

/** True when the user's role requires two-factor and the user has not set it up yet. */
export function needsTwoFactorSetup(user: SessionUser | null | undefined): boolean {
  return Boolean(user && user.two_factor_required === true && user.two_factor_enabled !== true);
}

/** The user as a sign-in answered `two_factor_setup_required` marks them. */
export function withSetupRequired(user: SessionUser): SessionUser {
  return { ...user, two_factor_required: true, two_factor_enabled: false };
}

/** What the user typed, without spaces: "123 456" -> "123456", " abcd-efgh " -> "abcd-efgh". */
export function normaliseCode(value: string): string {
  return value.replace(/\s+/g, '');
}

/** True for the six digits of an authenticator code. */
export function isTotpCode(value: string): boolean {
  return /^\d{6}$/.test(normaliseCode(value));
}

/** A base32 secret in groups of four for typing by hand: "ABCD EFGH IJ". */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').toUpperCase().match(/.{1,4}/g) ?? []).join(' ');
}
