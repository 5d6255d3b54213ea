// The second step of signing in: the 6-digit code from the
// authenticator app, or one of the recovery codes, for the challenge the
// password step answered. A stale challenge sends the user back to step 1.
import { useState, type FormEvent } from 'react';
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { CodeField } from './CodeField';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { loginErrorText, type LoginErrorText } from '../auth/login-error';
import { LoginFailure } from '../auth/LoginFailure';
import { useSession } from '../auth/use-session';
import { isTotpCode, normaliseCode } from './two-factor-state';

export const CHALLENGE_EXPIRED = 'TWO_FACTOR_CHALLENGE_EXPIRED';

interface TwoFactorLoginStepProps {
  challenge: string;
  /** The challenge is no longer valid: back to the password step with this text. */
  onExpired: (message: string) => void;
  /** The user gives up on this sign-in. */
  onBack: () => void;
}

export function TwoFactorLoginStep({ challenge, onExpired, onBack }: TwoFactorLoginStepProps) {
  const { t } = useTranslation('twoFactor');
  const { loginTwoFactor } = useSession();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<LoginErrorText | null>(null);
  const [busy, setBusy] = useState(false);

  function switchMode() {
    setRecovery((current) => !current);
    setCode('');
    setFieldError(null);
    setFailure(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = normaliseCode(code);
    const problem = !value
      ? recovery
        ? t('signIn.recoveryRequired')
        : t('signIn.codeRequired')
      : !recovery && !isTotpCode(value)
        ? t('signIn.codeFormat')
        : null;
    setFieldError(problem);
    if (problem) return;

    setBusy(true);
    setFailure(null);
    try {
      await loginTwoFactor(challenge, value);
      // The new session re-renders the login route, which moves on.
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === CHALLENGE_EXPIRED) {
        onExpired(error.serverMessage ?? t('signIn.expired'));
        return;
      }
      setFailure(loginErrorText(error));
      setCode('');
    }
  }

  const label = recovery ? t('signIn.recoveryLabel') : t('signIn.codeLabel');
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('signIn.formLabel')}>
      <Flex direction="column" gap="medium">
        <Heading level={2} className="two-factor-step-title">
          {t('signIn.heading')}
        </Heading>
        <Text color="font.secondary">{recovery ? t('signIn.recoveryPrompt') : t('signIn.codePrompt')}</Text>
        <LoginFailure heading={t('signIn.failed')} failure={failure} onDismiss={() => setFailure(null)} />
        <CodeField
          key={recovery ? 'recovery' : 'totp'}
          label={label}
          recovery={recovery}
          autoFocus
          value={code}
          onChange={(value) => {
            setCode(value);
            setFieldError(null);
          }}
          error={fieldError}
        />
        <Button type="submit" variation="primary" isFullWidth isLoading={busy} loadingText={t('signIn.verifying')}>
          {t('signIn.verify')}
        </Button>
        <Flex justifyContent="space-between" wrap="wrap" gap="xs">
          <Button variation="link" size="small" onClick={switchMode} isDisabled={busy}>
            {recovery ? t('signIn.useApp') : t('signIn.useRecovery')}
          </Button>
          <Button variation="link" size="small" onClick={onBack} isDisabled={busy}>
            {t('signIn.back')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
