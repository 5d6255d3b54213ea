// The files on their way: a labelled progress bar each, or why one failed.
import { useId } from 'react';
import { Alert, Flex, Text } from '@aws-amplify/ui-react';
import { formatSize } from './file-rules';
import type { UploadItem } from './use-uploads';

function phaseText(item: UploadItem): string {
  switch (item.phase) {
    case 'waiting':
      return 'Waiting...';
    case 'sending':
      return `Uploading... ${Math.round(item.progress * 100)}%`;
    case 'saving':
      return 'Saving...';
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
        <Alert variation="error" isDismissible onDismiss={() => onDismiss(item.key)} className="upload-error">
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
  if (items.length === 0) return null;
  return (
    <ul className="upload-list" aria-label="Uploads">
      {items.map((item) => (
        <UploadRow key={item.key} item={item} onDismiss={onDismiss} />
      ))}
    </ul>
  );
}
