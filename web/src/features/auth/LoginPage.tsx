// The public landing page at /. A signed-in user goes straight to /dashboard.
import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Navigate } from 'react-router';
import { Emblem } from '../../components/Emblem';
import { LoadingState } from '../../components/LoadingState';
import { LoginForm } from './LoginForm';
import { useSession } from './use-session';

export function LoginPage() {
  const { status } = useSession();
  if (status === 'loading') return <LoadingState label="Loading..." fullPage />;
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;

  return (
    <main className="login-screen">
      <Card variation="elevated" className="login-card">
        <Flex direction="column" alignItems="center" gap="xxs" marginBottom="large">
          <Emblem />
          <Heading level={1} className="login-title">
            Grievance Portal
          </Heading>
          <Text className="login-subtitle">Police Department</Text>
        </Flex>
        <LoginForm />
        <Text className="login-footnote">
          Authorised personnel only. Sign-ins and changes are recorded.
        </Text>
      </Card>
    </main>
  );
}
