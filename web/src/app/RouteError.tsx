// The router's fallback page.
import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorText } from '../api/errors';
import { i18n } from '../i18n';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  const fallback = i18n.t('common:routeError.fallback');
  if (error instanceof Error && error.message) return errorText(error, error.message);
  return fallback;
}

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <main className="error-screen">
      <Card variation="elevated" className="error-card">
        <Flex direction="column" gap="small">
          <Heading level={1} className="error-title">
            {t('routeError.title')}
          </Heading>
          <Text color="font.secondary">{describe(error)}</Text>
          <Flex gap="small" marginTop="small" wrap="wrap">
            <Button variation="primary" onClick={() => window.location.assign('/dashboard')}>
              {t('routeError.toDashboard')}
            </Button>
            <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
          </Flex>
        </Flex>
      </Card>
    </main>
  );
}
