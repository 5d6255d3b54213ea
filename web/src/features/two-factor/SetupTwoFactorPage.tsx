// /setup-two-factor: a full screen, without the app's navigation,
// that holds a user whose role requires two-factor until they have set it up.
// Signing out is the only other way out.
import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Emblem } from '../../components/Emblem';
import { Icon } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { authApi } from '../auth/api/auth';
import { useSession } from '../auth/use-session';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

export default function SetupTwoFactorPage() {
  const { t } = useTranslation('twoFactor');
  const { status, user, logout, updateUser } = useSession();
  const navigate = useNavigate();

  if (status === 'loading') return <LoadingState fullPage />;
  if (status !== 'authenticated' || !user) return <Navigate to="/" replace />;
  if (user.two_factor_enabled) return <Navigate to="/dashboard" replace />;

  async function signOut() {
    await logout();
    navigate('/', { replace: true });
  }

  function finish() {
    if (!user) return;
    updateUser({ ...user, two_factor_enabled: true });
    // Take the server's word too.
    authApi
      .me()
      .then(updateUser)
      .catch(() => undefined);
    navigate('/dashboard', { replace: true });
  }

  return (
    <main className="login-screen two-factor-screen">
      <Card variation="elevated" className="login-card two-factor-card">
        <Flex direction="column" alignItems="center" gap="xxs" marginBottom="medium">
          <Emblem />
          <Heading level={1} className="login-title">
            {t('setupPage.title')}
          </Heading>
        </Flex>
        <Flex direction="column" gap="medium">
          <Text>{t('setupPage.required')}</Text>
          <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="xs" className="two-factor-account">
            <Text fontSize="small" color="font.secondary">
              {t('setupPage.signedInAs', { name: user.name, email: user.email })}
            </Text>
            <Button size="small" variation="link" onClick={() => void signOut()} gap="xxs">
              <Icon name="logout" size={16} />
              {t('setupPage.signOut')}
            </Button>
          </Flex>
          <TwoFactorEnrolment onDone={finish} accountEmail={user.email} headingLevel={2} />
        </Flex>
      </Card>
    </main>
  );
}
