// Turning two-factor off from Profile: the current password and a current code, so that a
// session left open is not enough to drop the second factor. The server counts a wrong one
// toward the sign-in lockout.
import { useState, type FormEvent } from 'react';
import { PasswordField, Text } from '@aws-amplify/ui-react';
import { CodeField } from './CodeField';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../api/errors';
import { DialogForm } from '../../components/DialogForm';
import { passwordFieldLabels } from '../../i18n/amplify-labels';
import { twoFactorApi } from './api/two-factor';
import { isTotpCode, normaliseCode } from './two-factor-state';

interface TurnOffTwoFactorDialogProps {
  onClose: () => void;
  onDone: () => void;
}

export function TurnOffTwoFactorDialog({ onClose, onDone }: TurnOffTwoFactorDialogProps) {
  const { t } = useTranslation('twoFactor');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = normaliseCode(code);
    const missingPassword = password ? null : t('profile:rules.currentRequired');
    const problem = !value ? t('enrol.codeRequired') : !isTotpCode(value) ? t('enrol.codeFormat') : null;
    setPasswordError(missingPassword);
    setFieldError(problem);
    setFailure(null);
    if (missingPassword || problem) return;
    setBusy(true);
    try {
      await twoFactorApi.disable({ password, code: value });
      onDone();
    } catch (error) {
      setFailure(errorText(error, t('disable.failed')));
      // The one found wrong is typed again; a code is good once in any case.
      if (error instanceof ApiError && error.fields.password) setPassword('');
      setCode('');
      setBusy(false);
    }
  }

  return (
    <DialogForm
      title={t('disable.title')}
      formLabel={t('disable.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={busy}
      failure={failure}
      submitLabel={t('disable.confirm')}
      busyLabel={t('disable.busy')}
      variation="destructive"
      cancelLabel={t('disable.cancel')}
      size="small"
    >
      <Text marginBottom="medium">{t('disable.intro')}</Text>
      <PasswordField
        {...passwordFieldLabels()}
        label={t('profile:currentPassword')}
        name="currentPassword"
        autoComplete="current-password"
        isRequired
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setPasswordError(null);
        }}
        hasError={Boolean(passwordError)}
        errorMessage={passwordError}
      />
      <CodeField
        label={t('disable.codeLabel')}
        value={code}
        onChange={(value) => {
          setCode(value);
          setFieldError(null);
        }}
        error={fieldError}
        marginTop="medium"
      />
    </DialogForm>
  );
}
