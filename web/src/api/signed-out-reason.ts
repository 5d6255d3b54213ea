// Why the session ended without the user signing out, for the login page to
// say. Kept in sessionStorage: a 401 reloads the page on its way to /.
export const SIGNED_OUT_KEY = 'portal.signedOut';

export const SIGNED_OUT_REASONS = ['inactivity', 'lifetime', 'ended'] as const;
/** inactivity: the idle timeout ran out; lifetime: the session's time limit; ended: the server said 401. */
export type SignedOutReason = (typeof SIGNED_OUT_REASONS)[number];

function isReason(value: unknown): value is SignedOutReason {
  return SIGNED_OUT_REASONS.some((reason) => reason === value);
}

/** Remembers why the session ended; a reason already there is kept (it was the first cause). */
export function setSignedOutReason(reason: SignedOutReason): void {
  try {
    if (!isReason(sessionStorage.getItem(SIGNED_OUT_KEY))) sessionStorage.setItem(SIGNED_OUT_KEY, reason);
  } catch {
    // No storage: the login page shows no reason.
  }
}

/** The reason left for the login page, if any. */
export function signedOutReason(): SignedOutReason | null {
  try {
    const value = sessionStorage.getItem(SIGNED_OUT_KEY);
    return isReason(value) ? value : null;
  } catch {
    return null;
  }
}

/** Forgets the reason once the login page has shown it. */
export function forgetSignedOutReason(): void {
  try {
    sessionStorage.removeItem(SIGNED_OUT_KEY);
  } catch {
    // nothing kept
  }
}
