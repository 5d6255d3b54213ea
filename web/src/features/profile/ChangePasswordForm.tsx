// Change own password: current, new and confirm; closes 2 s after success.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Flex, PasswordField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import { authApi } from '../auth/api/auth';
import { passwordChangeError } from './password-rules';
import { passwordFieldLabels } from '../../i18n/amplify-labels';

export const SUCCESS_CLOSE_MS = 2000;

interface ChangePasswordFormProps {
  onClose: () => void;
}

export function ChangePasswordForm({ onClose }: ChangePasswordFormProps) {
  const { t } = useTranslation('profile');
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(onClose, SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [success, onClose]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSuccess(null);
    const problem = passwordChangeError({ currentPassword, newPassword, confirmPassword });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await authApi.changePassword({ oldPassword: currentPassword, newPassword });
      setSuccess(t('changed'));
    } catch (failure) {
      setError(errorText(failure, t('changeFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('changeForm')}>
      <Flex direction="column" gap="medium">
        {error ? <Alert variation="error">{error}</Alert> : null}
        {success ? (
          <Alert variation="success" role="status">
            {success}
          </Alert>
        ) : null}
        <PasswordField
          {...passwordFieldLabels()}
          label={t('currentPassword')}
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <PasswordField
          {...passwordFieldLabels()}
          label={t('newPassword')}
          name="newPassword"
          autoComplete="new-password"
          descriptiveText={t('users:passwordHint')}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <PasswordField
          {...passwordFieldLabels()}
          label={t('confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <Flex gap="small" justifyContent="flex-end" wrap="wrap">
          <Button onClick={onClose} isDisabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variation="primary" isLoading={busy} loadingText={t('changing')} isDisabled={Boolean(success)}>
            {t('changePassword')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
