// Where files are dropped or chosen for upload. The 'Choose files' button is
// the keyboard's (and screen reader's) way in; dropping is a shortcut for the mouse.
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { ACCEPT } from './file-rules';

/** Whether a drag carries files (not text or a link from the page). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

export function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation('casework');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    // Without this the browser opens the dropped file in place of the portal.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };

  return (
    <div
      className={over ? 'drop-zone is-over' : 'drop-zone'}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        // Leaving for a child of the zone is not leaving the zone.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) onFiles(files);
      }}
    >
      <span className="drop-zone-icon" aria-hidden="true">
        <Icon name="upload" size={26} />
      </span>
      <Text id={hintId} className="drop-zone-text">
        {t('attachments.dropHint')}
      </Text>
      <Button size="small" gap="xs" aria-describedby={hintId} onClick={() => input.current?.click()}>
        {t('attachments.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        aria-label={t('attachments.filesToAttach')}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so that choosing the same file again (after a failure) is noticed.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
