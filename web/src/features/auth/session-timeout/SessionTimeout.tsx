// Warns a minute before the session ends and signs out when it does.
// Mounted once beside the routes; shows nothing until the warning opens.
import { useState } from 'react';
import { useSessionTimeout } from './use-session-timeout';
import { endSession } from './end-session';
import { SessionTimeoutDialog } from './SessionTimeoutDialog';

export function SessionTimeout() {
  const { warning, stay } = useSessionTimeout();
  const [busy, setBusy] = useState(false);
  const [failedFor, setFailedFor] = useState<number | null>(null);
  // The time limit's warning, once put aside, stays away until that session ends.
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);

  if (!warning || (warning.reason === 'lifetime' && dismissedFor === warning.endsAt)) return null;

  async function onStay() {
    if (!warning || busy) return;
    if (warning.reason === 'lifetime') {
      setDismissedFor(warning.endsAt);
      return;
    }
    setBusy(true);
    try {
      await stay();
      setFailedFor(null);
    } catch {
      // A 401 has signed out already; anything else leaves the warning up with a message.
      setFailedFor(warning.endsAt);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SessionTimeoutDialog
      warning={warning}
      busy={busy}
      failed={failedFor === warning.endsAt}
      onStay={() => void onStay()}
      onSignOut={() => endSession()}
    />
  );
}
