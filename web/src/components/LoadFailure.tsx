import type { ReactNode } from 'react';
import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

/** What a screen shows when its data could not be loaded: the error, and a way to retry. */
export function LoadFailure({ message, onRetry, padded = false }: { message: ReactNode; onRetry?: () => void; padded?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" alignItems="flex-start" gap="small" padding={padded ? 'medium' : undefined}>
      <Alert variation="error" width="100%">
        {message}
      </Alert>
      {onRetry ? (
        <Button size="small" gap="xs" onClick={onRetry}>
          <Icon name="refresh" size={18} />
          {t('tryAgain')}
        </Button>
      ) : null}
    </Flex>
  );
}
