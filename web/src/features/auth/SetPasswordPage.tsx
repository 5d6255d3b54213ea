// The page a new user reaches from their one-time sign-in link (/set-password#token=...): they
// choose their password, then sign in with it as anyone does. The token travels in the
// address's fragment, which the browser never sends to a server or in a Referer; it is taken
// off the address once read, so that it does not stay in the history.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Flex, Heading, PasswordField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError, errorText } from '../../api/errors';
import { Emblem } from '../../components/Emblem';
import { passwordFieldLabels } from '../../i18n/amplify-labels';
import { newPasswordError } from '../profile/password-rules';
import { authApi } from './api/auth';

/** The token in a fragment such as '#token=abc', or null. */
export function tokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.trim() ? token.trim() : null;
}

export default function SetPasswordPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenOf(location.hash));
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [newError, setNewError] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    setFailure(null);
    setNewError(null);
    setConfirmError(null);
    if (newPassword !== confirmPassword) {
      setConfirmError(newPasswordError(newPassword, confirmPassword));
      return;
    }
    const problem = newPasswordError(newPassword, confirmPassword);
    if (problem) {
      setNewError(problem);
      return;
    }
    setBusy(true);
    try {
      await authApi.setPassword({ token, new_password: newPassword });
      setDone(true);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      if (fields.new_password) setNewError(fields.new_password);
      else setFailure(errorText(error, t('setPassword.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login-screen">
      <Card variation="elevated" className="login-card">
        <Flex direction="column" alignItems="center" gap="xxs" marginBottom="large">
          <Emblem />
          <Heading level={1} className="login-title">
            {t('setPassword.title')}
          </Heading>
          <Text className="login-subtitle">{t('title')}</Text>
        </Flex>
        {done ? (
          <Flex direction="column" gap="medium">
            <Alert variation="success" role="status">
              {t('setPassword.done')}
            </Alert>
            <Link to="/" className="amplify-button amplify-button--primary">
              {t('setPassword.signIn')}
            </Link>
          </Flex>
        ) : !token ? (
          <Flex direction="column" gap="medium">
            <Alert variation="error">{t('setPassword.noToken')}</Alert>
            <Link to="/">{t('setPassword.signIn')}</Link>
          </Flex>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label={t('setPassword.form')}>
            <Flex direction="column" gap="medium">
              <Text>{t('setPassword.intro')}</Text>
              {failure ? <Alert variation="error">{failure}</Alert> : null}
              <PasswordField
                {...passwordFieldLabels()}
                label={t('setPassword.newPassword')}
                name="new_password"
                autoComplete="new-password"
                descriptiveText={t('users:passwordHint')}
                value={newPassword}
                hasError={Boolean(newError)}
                errorMessage={newError}
                onChange={(event) => {
                  setNewPassword(event.target.value);
                  setNewError(null);
                }}
              />
              <PasswordField
                {...passwordFieldLabels()}
                label={t('setPassword.confirmPassword')}
                name="confirm_password"
                autoComplete="new-password"
                value={confirmPassword}
                hasError={Boolean(confirmError)}
                errorMessage={confirmError}
                onChange={(event) => {
                  setConfirmPassword(event.target.value);
                  setConfirmError(null);
                }}
              />
              <Button type="submit" variation="primary" isLoading={busy} loadingText={t('setPassword.submitting')}>
                {t('setPassword.submit')}
              </Button>
            </Flex>
          </form>
        )}
      </Card>
    </main>
  );
}
