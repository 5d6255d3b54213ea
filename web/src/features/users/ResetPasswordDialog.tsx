// An administrator sets a new password for a user.
import { useState, type FormEvent } from 'react';
import { PasswordField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import type { UserView } from '../../api/types';
import { DialogForm } from '../../components/DialogForm';
import { usersApi } from './api/users';
import { resetPasswordError } from './user-rules';
import { passwordFieldLabels } from '../../i18n/amplify-labels';

interface ResetPasswordDialogProps {
  user: UserView;
  onClose: () => void;
  onDone: (user: UserView) => void;
}

export function ResetPasswordDialog({ user, onClose, onDone }: ResetPasswordDialogProps) {
  const { t } = useTranslation('users');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rule = resetPasswordError(password);
    setProblem(rule);
    setFailure(null);
    if (rule) return;
    setBusy(true);
    try {
      await usersApi.resetPassword(user.id, { newPassword: password });
      onDone(user);
    } catch (error) {
      setFailure(errorText(error, t('resetFailed')));
      setBusy(false);
    }
  }

  return (
    <DialogForm
      title={t('resetPasswordNamed', { name: user.name })}
      formLabel={t('resetPasswordForm', { name: user.name })}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={busy}
      failure={failure}
      submitLabel={t('resetPassword')}
      busyLabel={t('resetting')}
      size="small"
    >
      <PasswordField
        {...passwordFieldLabels()}
        label={t('newPassword')}
        name="newPassword"
        autoComplete="new-password"
        descriptiveText={t('newPasswordHint', { email: user.email })}
        isRequired
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setProblem(null);
        }}
        hasError={Boolean(problem)}
        errorMessage={problem}
      />
    </DialogForm>
  );
}
