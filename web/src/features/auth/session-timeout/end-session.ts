// Ends the session at once, from the warning: the local session is cleared
// without waiting for the server, whose sign-out is asked for on the way out (best effort:
// the session may be over there already).
import { setSignedOutReason, type SignedOutReason } from '../../../api/signed-out-reason';
import { clearSession } from '../../../api/token-store';
import { authApi } from '../api/auth';

/** Signs out here and now; with a reason, the login page says why. */
export function endSession(reason?: SignedOutReason): void {
  if (reason) setSignedOutReason(reason);
  // The request takes the token with it before the local session is cleared.
  authApi.logout().catch(() => undefined);
  clearSession();
}
