// Turning two-factor off from Profile: a current code proves the app is at hand.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Text } from '@aws-amplify/ui-react';
import { CodeField } from './CodeField';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import { Dialog } from '../../components/Dialog';
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
    <Dialog title={t('disable.title')} onClose={onClose} size="small" busy={busy}>
      <form onSubmit={onSubmit} noValidate aria-label={t('disable.title')} className="modal-form">
        <div className="modal-body">
          {failure ? (
            <Alert variation="error" marginBottom="medium">
              {failure}
            </Alert>
          ) : null}
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
        </div>
        <div className="modal-foot">
          <Button onClick={onClose} isDisabled={busy}>
            {t('disable.cancel')}
          </Button>
          <Button type="submit" variation="destructive" isLoading={busy} loadingText={t('disable.busy')}>
            {t('disable.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
