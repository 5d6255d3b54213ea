// The public landing page at /. A signed-in user goes straight to /dashboard.
import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Emblem } from '../../components/Emblem';
import { LoadingState } from '../../components/LoadingState';
import { SignInSteps } from '../two-factor/SignInSteps';
import { needsTwoFactorSetup, SETUP_TWO_FACTOR_PATH } from '../two-factor/two-factor-state';
import { SignedOutNotice } from './SignedOutNotice';
import { useSession } from './use-session';

export function LoginPage() {
  const { status, user } = useSession();
  const { t } = useTranslation('auth');
  if (status === 'loading') return <LoadingState fullPage />;
  if (status === 'authenticated') {
    return <Navigate to={needsTwoFactorSetup(user) ? SETUP_TWO_FACTOR_PATH : '/dashboard'} replace />;
  }

  return (
    <main className="login-screen">
      <Card variation="elevated" className="login-card">
        <Flex direction="column" alignItems="center" gap="xxs" marginBottom="large">
          <Emblem />
          <Heading level={1} className="login-title">
            {t('title')}
          </Heading>
          <Text className="login-subtitle">{t('subtitle')}</Text>
        </Flex>
        <SignedOutNotice />
        <SignInSteps />
        <Text className="login-footnote">
          {t('footnote')}
        </Text>
      </Card>
    </main>
  );
}
