// User Management's "Reset Two-Factor": for a user with two-factor
// on, after a confirm prompt; the user sets it up again at the next sign-in
// when the role requires it. The page shows the outcome.
import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import type { UserView } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { twoFactorApi } from './api/two-factor';

interface ResetTwoFactorButtonProps {
  user: UserView;
  /** Done: the text to show, e.g. "Two-factor authentication reset for Asha Verma." */
  onReset: (message: string) => void;
  onError: (message: string) => void;
}

export function ResetTwoFactorButton({ user, onReset, onError }: ResetTwoFactorButtonProps) {
  const { t } = useTranslation('twoFactor');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!user.two_factor_enabled) return null;

  async function reset() {
    setBusy(true);
    try {
      await twoFactorApi.resetForUser(user.id);
      onReset(t('users.done', { name: user.name }));
    } catch (error) {
      onError(errorText(error, t('users.failed')));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <Button size="small" ariaLabel={t('users.resetFor', { name: user.name })} onClick={() => setConfirming(true)}>
        {t('users.reset')}
      </Button>
      {confirming ? (
        <ConfirmDialog
          title={t('users.confirmTitle')}
          confirmLabel={t('users.reset')}
          busyLabel={t('users.busy')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void reset()}
        >
          {t('users.confirmText', { name: user.name, email: user.email })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
