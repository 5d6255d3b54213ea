// The files on their way: a labelled progress bar each, or why one failed.
import { useId } from 'react';
import { Alert, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';
import { formatSize } from './file-rules';
import type { UploadItem } from './use-uploads';
import { dismissLabel } from '../../../i18n/amplify-labels';

function phaseText(item: UploadItem): string {
  switch (item.phase) {
    case 'waiting':
      return i18n.t('casework:attachments.waiting');
    case 'sending':
      return i18n.t('casework:attachments.uploading', { percent: Math.round(item.progress * 100) });
    case 'saving':
      return i18n.t('casework:attachments.saving');
    default:
      return '';
  }
}

function UploadRow({ item, onDismiss }: { item: UploadItem; onDismiss: (key: string) => void }) {
  const nameId = useId();
  const percent = Math.round(item.progress * 100);
  return (
    <li className="upload-item">
      <Flex justifyContent="space-between" alignItems="baseline" gap="xs" wrap="wrap">
        <Text as="span" id={nameId} className="upload-name">
          {item.name}
        </Text>
        <Text as="span" className="muted-text">
          {formatSize(item.size)}
        </Text>
      </Flex>
      {item.phase === 'failed' ? (
        <Alert variation="error" isDismissible {...dismissLabel()} onDismiss={() => onDismiss(item.key)} className="upload-error">
          {item.error}
        </Alert>
      ) : (
        <>
          {/* No value while waiting: an indeterminate bar, not a misleading 0%. */}
          <progress className="upload-progress" max={100} value={item.phase === 'waiting' ? undefined : percent} aria-labelledby={nameId} />
          <Text as="span" className="muted-text upload-phase">
            {phaseText(item)}
          </Text>
        </>
      )}
    </li>
  );
}

export function UploadList({ items, onDismiss }: { items: readonly UploadItem[]; onDismiss: (key: string) => void }) {
  const { t } = useTranslation('casework');
  if (items.length === 0) return null;
  return (
    <ul className="upload-list" aria-label={t('attachments.uploads')}>
      {items.map((item) => (
        <UploadRow key={item.key} item={item} onDismiss={onDismiss} />
      ))}
    </ul>
  );
}
