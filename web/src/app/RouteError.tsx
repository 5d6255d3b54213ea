// The router's fallback page (spec §2, §8).
import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong while showing this page.';
}

export function RouteError() {
  const error = useRouteError();
  return (
    <main className="error-screen">
      <Card variation="elevated" className="error-card">
        <Flex direction="column" gap="small">
          <Heading level={1} className="error-title">
            Unexpected Application Error!
          </Heading>
          <Text color="font.secondary">{describe(error)}</Text>
          <Flex gap="small" marginTop="small" wrap="wrap">
            <Button variation="primary" onClick={() => window.location.assign('/dashboard')}>
              Go to Dashboard
            </Button>
            <Button onClick={() => window.location.reload()}>Reload</Button>
          </Flex>
        </Flex>
      </Card>
    </main>
  );
}
