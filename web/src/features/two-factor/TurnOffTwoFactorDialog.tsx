// Turning two-factor off from Profile: a current code proves the app is at hand.
import { useState, type FormEvent } from 'react';
import { Text } from '@aws-amplify/ui-react';
import { CodeField } from './CodeField';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import { DialogForm } from '../../components/DialogForm';
import { twoFactorApi } from './api';
import { isTotpCode, normaliseCode } from './two-factor-state';

interface TurnOffTwoFactorDialogProps {
  onClose: () => void;
  onDone: () => void;
}

export function TurnOffTwoFactorDialog({ onClose, onDone }: TurnOffTwoFactorDialogProps) {
  const { t } = useTranslation('twoFactor');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = normaliseCode(code);
    const problem = !value ? t('enrol.codeRequired') : !isTotpCode(value) ? t('enrol.codeFormat') : null;
    setFieldError(problem);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      await twoFactorApi.disable({ code: value });
      onDone();
    } catch (error) {
      setFailure(errorText(error, t('disable.failed')));
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
      <CodeField
        label={t('disable.codeLabel')}
        value={code}
        onChange={(value) => {
          setCode(value);
          setFieldError(null);
        }}
        error={fieldError}
      />
    </DialogForm>
  );
}
