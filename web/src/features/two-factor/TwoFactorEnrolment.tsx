// Turning two-factor on, for the forced enrolment screen and for
// Profile: ask the server for a secret, show it as a QR code and as a key to
// type, check a code from the app, then show the recovery codes once.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { CodeField } from './CodeField';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import type { TwoFactorSetup } from '../../api/types';
import { LoadingState } from '../../components/LoadingState';
import { twoFactorApi } from './api/two-factor';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { groupSecret, isTotpCode, normaliseCode } from './two-factor-state';
import './two-factor.css';

interface TwoFactorEnrolmentProps {
  /** After the recovery codes were shown and the user said they saved them. */
  onDone: () => void;
  /** Leaves before two-factor is on (Profile). The forced screen has none. */
  onCancel?: () => void;
  /** Written into the recovery codes file. */
  accountEmail?: string;
  /** The level of the step headings under the page's own. */
  headingLevel?: 2 | 3;
}

type Step =
  | { kind: 'starting' }
  | { kind: 'failed'; message: string }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] };

/** The otpauth:// link as an SVG picture's data address. */
export async function qrImageSource(otpauthUrl: string): Promise<string> {
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function TwoFactorEnrolment({ onDone, onCancel, accountEmail, headingLevel = 3 }: TwoFactorEnrolmentProps) {
  const { t } = useTranslation('twoFactor');
  const [step, setStep] = useState<Step>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  // One setup call per attempt (StrictMode runs effects twice: the ref keeps
  // the second run from asking for another secret).
  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    setStep({ kind: 'starting' });
    twoFactorApi
      .setup()
      .then((setup) => setStep({ kind: 'scan', setup }))
      .catch((error: unknown) => setStep({ kind: 'failed', message: errorText(error, t('enrol.startFailed')) }));
  }, [attempt, t]);

  if (step.kind === 'starting') return <LoadingState label={t('enrol.starting')} />;
  if (step.kind === 'failed') {
    return (
      <Flex direction="column" gap="small">
        <Alert variation="error">{step.message}</Alert>
        <Flex gap="small" wrap="wrap">
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('enrol.retry')}</Button>
          {onCancel ? <Button onClick={onCancel}>{t('enrol.cancel')}</Button> : null}
        </Flex>
      </Flex>
    );
  }
  if (step.kind === 'codes') {
    return <RecoveryCodesPanel codes={step.codes} accountEmail={accountEmail} headingLevel={headingLevel} onDone={onDone} />;
  }
  return (
    <ScanStep
      setup={step.setup}
      onCancel={onCancel}
      onEnabled={(codes) => setStep({ kind: 'codes', codes })}
    />
  );
}

function ScanStep({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel?: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useTranslation('twoFactor');
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    qrImageSource(setup.otpauth_url)
      .then((source) => current && setQr(source))
      // No picture: the key below can still be typed into the app.
      .catch(() => current && setQr(null));
    return () => {
      current = false;
    };
  }, [setup.otpauth_url]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = normaliseCode(code);
    const problem = !value ? t('enrol.codeRequired') : !isTotpCode(value) ? t('enrol.codeFormat') : null;
    setFieldError(problem);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      const { recovery_codes } = await twoFactorApi.enable({ code: value });
      onEnabled(recovery_codes);
    } catch (error) {
      setFailure(errorText(error, t('enrol.failed')));
      setCode('');
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('enrol.formLabel')} className="two-factor-enrol">
      <Flex direction="column" gap="medium">
        <Text>{t('enrol.intro')}</Text>
        <ol className="two-factor-steps">
          <li>
            <Text as="span" fontWeight="600">
              {t('enrol.scanStep')}
            </Text>
            <div className="two-factor-qr">
              {qr ? (
                <img src={qr} alt={t('enrol.qrAlt')} width={200} height={200} />
              ) : (
                <div className="two-factor-qr-placeholder" aria-hidden="true" />
              )}
            </div>
            <Text fontSize="small" color="font.secondary">
              {t('enrol.manualStep')}
            </Text>
            <dl className="two-factor-secret-row">
              <dt>{t('enrol.secretLabel')}</dt>
              <dd>
                <code className="two-factor-secret" data-testid="two-factor-secret">
                  {groupSecret(setup.secret)}
                </code>
              </dd>
            </dl>
          </li>
          <li>
            <Text as="span" fontWeight="600">
              {t('enrol.codeStep')}
            </Text>
            {failure ? (
              <Alert variation="error" marginTop="xs">
                {failure}
              </Alert>
            ) : null}
            <CodeField
              label={t('enrol.codeLabel')}
              value={code}
              onChange={(value) => {
                setCode(value);
                setFieldError(null);
              }}
              error={fieldError}
              marginTop="xs"
            />
          </li>
        </ol>
        <Flex gap="small" wrap="wrap">
          <Button type="submit" variation="primary" isLoading={busy} loadingText={t('enrol.submitting')}>
            {t('enrol.submit')}
          </Button>
          {onCancel ? (
            <Button onClick={onCancel} isDisabled={busy}>
              {t('enrol.cancel')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </form>
  );
}
