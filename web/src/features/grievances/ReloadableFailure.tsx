// A change the server refused, said above the form or panel that sent it; where the
// grievance changed meanwhile (409), with 'Reload' to read it again before trying anew.
import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';

export interface Refusal {
  text: string;
  /** The grievance changed meanwhile: reading it again may let the change through. */
  conflict: boolean;
}

interface ReloadableFailureProps {
  failure: Refusal | null;
  /** Clears the failure and reads the grievance again. */
  onReload: () => void;
  marginTop?: 'small';
  marginBottom?: 'small';
}

export function ReloadableFailure({ failure, onReload, marginTop, marginBottom }: ReloadableFailureProps) {
  const { t } = useTranslation('grievances');
  if (!failure) return null;
  return (
    <Alert variation="error" marginTop={marginTop} marginBottom={marginBottom}>
      <Flex direction="column" gap="xs" alignItems="flex-start">
        <span>{failure.text}</span>
        {failure.conflict ? (
          <Button size="small" gap="xs" onClick={onReload}>
            <Icon name="refresh" size={18} />
            {t('status.reload')}
          </Button>
        ) : null}
      </Flex>
    </Alert>
  );
}
