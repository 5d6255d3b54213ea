import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';

interface LoadingStateProps {
  label?: string;
  /** Fill the viewport (route guard, first load) instead of the content area. */
  fullPage?: boolean;
}

/** A spinner with a visible, announced label. */
export function LoadingState({ label, fullPage = false }: LoadingStateProps) {
  const { t } = useTranslation();
  return (
    <Flex
      role="status"
      aria-live="polite"
      direction="column"
      alignItems="center"
      justifyContent="center"
      gap="small"
      minHeight={fullPage ? '100vh' : '240px'}
      padding="large"
    >
      <Loader size="large" aria-hidden="true" />
      <Text color="font.secondary">{label ?? t('loading')}</Text>
    </Flex>
  );
}
