// The body of the detail screen's 'Attachments' section: the list,
// downloads, and for users with grievances update the drop zone and Delete.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flex, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../../api/errors';
import type { Attachment } from '../../../api/types';
import { ConfirmDeletion } from '../../../components/ConfirmDialog';
import { LoadFailure } from '../../../components/LoadFailure';
import { LoadingState } from '../../../components/LoadingState';
import { Notices } from '../../../components/Notices';
import { useDeletion } from '../../../components/use-deletion';
import { useTransientMessage } from '../../../components/use-transient-message';
import { useGrievanceCache } from '../api/use-grievance-cache';
import { attachmentsApi } from './api/attachments';
import { useAttachments } from './api/use-attachments';
import { AttachmentTable } from './AttachmentTable';
import { DropZone } from './DropZone';
import { UploadList } from './UploadList';
import { useDownload } from './use-download';
import { useUploads } from './use-uploads';

interface AttachmentsSectionProps {
  grievanceId: number;
  canUpdate: boolean;
  /** Id of the section's heading, which names the table. */
  headingId: string;
}

export function AttachmentsSection({ grievanceId, canUpdate, headingId }: AttachmentsSectionProps) {
  const { t } = useTranslation('casework');
  const { data, error, isLoading, mutate } = useAttachments(grievanceId);
  const cache = useGrievanceCache();
  const notice = useTransientMessage(5000);
  const [failure, setFailure] = useState<string | null>(null);

  // Adding and deleting are audited: the history below follows.
  const refresh = () => {
    void mutate();
    void cache.reloadHistory(grievanceId);
  };
  const uploads = useUploads(grievanceId, (attachment) => {
    notice.show(t('attachments.attached', { name: attachment.file_name }));
    refresh();
  });
  const downloads = useDownload(grievanceId, (text) => {
    notice.clear();
    setFailure(text);
  });
  const deletion = useDeletion<Attachment>({
    remove: (attachment) => attachmentsApi.remove(grievanceId, attachment.id),
    deleted: (attachment) => t('attachments.deleted', { name: attachment.file_name }),
    failed: t('attachments.deleteFailed'),
    onDeleted: notice.show,
    onFailure: setFailure,
    onSettled: refresh,
  });

  const attachments = Array.isArray(data?.data) ? data.data : [];

  return (
    <Flex direction="column" gap="small">
      <Notices notice={notice} failure={failure} onDismissFailure={() => setFailure(null)} />

      {isLoading && !data ? (
        <LoadingState label={t('attachments.loading')} />
      ) : error && !data ? (
        <LoadFailure message={errorText(error, t('attachments.loadFailed'))} onRetry={() => void mutate()} />
      ) : attachments.length === 0 ? (
        <Text className="muted-text">{t('attachments.empty')}</Text>
      ) : (
        <AttachmentTable
          labelledBy={headingId}
          attachments={attachments}
          downloading={downloads.busy}
          onDownload={(attachment) => {
            setFailure(null);
            void downloads.download(attachment);
          }}
          onDelete={canUpdate ? deletion.ask : undefined}
        />
      )}

      {canUpdate ? (
        <>
          <DropZone onFiles={uploads.add} />
          <UploadList items={uploads.items} onDismiss={uploads.dismiss} />
        </>
      ) : null}

      <ConfirmDeletion
        deletion={deletion}
        title={t('attachments.deleteTitle')}
        question={(attachment) => t('attachments.deleteQuestion', { name: attachment.file_name })}
      />
    </Flex>
  );
}
