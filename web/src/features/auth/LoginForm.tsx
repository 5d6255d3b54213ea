// The sign-in form: its rules and its failure texts.
import { useState, type FormEvent } from 'react';
import { Button, Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { loginErrorText, type LoginErrorText } from './login-error';
import { LoginFailure } from './LoginFailure';
import { useSession } from './use-session';
import { passwordFieldLabels } from '../../i18n/amplify-labels';

interface FieldErrors {
  email?: string;
  password?: string;
}

interface LoginFormProps {
  /** The account has two-factor on: the sign-in continues with this challenge. */
  onTwoFactorRequired?: (challenge: string) => void;
}

export function LoginForm({ onTwoFactorRequired }: LoginFormProps = {}) {
  const { login } = useSession();
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<LoginErrorText | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = t('emailRequired');
    if (!password) errors.password = t('passwordRequired');
    setFieldErrors(errors);
    if (errors.email || errors.password) return;

    setBusy(true);
    setFailure(null);
    try {
      const outcome = await login(email.trim(), password);
      if (outcome.challenge) {
        setBusy(false);
        onTwoFactorRequired?.(outcome.challenge);
      }
      // Otherwise the session change re-renders the login route, which goes to /dashboard.
    } catch (error) {
      setFailure(loginErrorText(error));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('signInForm')}>
      <Flex direction="column" gap="medium">
        <LoginFailure heading={t('loginFailed')} failure={failure} onDismiss={() => setFailure(null)} />
        <TextField
          label={t('email')}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder={t('emailPlaceholder')}
          isRequired
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          hasError={Boolean(fieldErrors.email)}
          errorMessage={fieldErrors.email}
        />
        <PasswordField
          {...passwordFieldLabels()}
          label={t('password')}
          name="password"
          autoComplete="current-password"
          isRequired
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hasError={Boolean(fieldErrors.password)}
          errorMessage={fieldErrors.password}
        />
        <Button type="submit" variation="primary" isFullWidth isLoading={busy} loadingText={t('signingIn')}>
          {t('signIn')}
        </Button>
      </Flex>
    </form>
  );
}
