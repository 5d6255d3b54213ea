// The Undo on offer after a change, in a status region with its button, and what went wrong
// with an undo that failed.
import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { dismissLabel } from '../../../i18n/amplify-labels';
import type { Undo } from './use-undo';

export function UndoNotice({ undo }: { undo: Undo }) {
  const { t } = useTranslation('grievances');
  return (
    <>
      {undo.offer ? (
        <Alert
          variation="success"
          role="status"
          className="undo-offer"
          isDismissible={!undo.busy}
          {...dismissLabel()}
          onDismiss={undo.dismiss}
        >
          <Flex alignItems="center" gap="small" wrap="wrap">
            <span>{undo.offer.message}</span>
            <Button size="small" onClick={() => void undo.undo()} isLoading={undo.busy} loadingText={t('undo.busy')}>
              {t('undo.button')}
            </Button>
          </Flex>
        </Alert>
      ) : null}
      {undo.failure ? (
        <Alert variation="error" className="undo-failure" isDismissible {...dismissLabel()} onDismiss={undo.dismissFailure}>
          {undo.failure}
        </Alert>
      ) : null}
    </>
  );
}
