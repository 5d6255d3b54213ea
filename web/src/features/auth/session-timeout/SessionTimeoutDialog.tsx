// The warning before the session ends: an alert dialog that takes focus
// (on "Stay signed in"), counts the seconds down, and tells assistive technology the
// time left now and then rather than every second.
import { useEffect, useId, useRef } from 'react';
import { Alert, Button, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import type { SessionWarning } from './use-session-timeout';

interface SessionTimeoutDialogProps {
  warning: Pick<SessionWarning, 'reason' | 'seconds'>;
  /** "Stay signed in" (inactivity) or "Continue" (the time limit, which nothing extends). */
  onStay: () => void;
  onSignOut: () => void;
  /** "Stay signed in" is asking the server. */
  busy?: boolean;
  /** The server could not be reached when asked to keep the session. */
  failed?: boolean;
}

/** Whether the live region says the time left at this second: every 15 s, and 10 and 5 s before. */
export function announces(seconds: number): boolean {
  return seconds % 15 === 0 || seconds === 10 || seconds === 5;
}

export function SessionTimeoutDialog({ warning, onStay, onSignOut, busy = false, failed = false }: SessionTimeoutDialogProps) {
  const { t } = useTranslation('auth');
  const messageId = useId();
  const { reason, seconds } = warning;
  const message = t(`sessionTimeout.${reason}`, { count: seconds });
  const stayButton = useRef<HTMLButtonElement>(null);

  // A failed try disabled the button on its way: give it focus back.
  useEffect(() => {
    if (failed && !busy) stayButton.current?.focus();
  }, [failed, busy]);

  return (
    <Dialog title={t('sessionTimeout.title')} onClose={onStay} role="alertdialog" size="small" busy={busy} describedBy={messageId}>
      <div className="modal-body">
        <Text id={messageId} aria-live="off">
          {message}
        </Text>
        <VisuallyHidden aria-live="polite" aria-atomic="true">
          {announces(seconds) ? message : ''}
        </VisuallyHidden>
        {failed ? (
          <Alert variation="error" marginTop="small">
            {t('sessionTimeout.stayFailed')}
          </Alert>
        ) : null}
      </div>
      <div className="modal-foot">
        <Button onClick={onSignOut} isDisabled={busy}>
          {t('sessionTimeout.signOut')}
        </Button>
        <Button ref={stayButton} variation="primary" onClick={onStay} isLoading={busy} loadingText={t('sessionTimeout.staying')} data-autofocus>
          {reason === 'inactivity' ? t('sessionTimeout.stay') : t('sessionTimeout.continue')}
        </Button>
      </div>
    </Dialog>
  );
}
