// The body of the detail screen's 'Attachments' section: the list,
// downloads, and for users with grievances update the drop zone and Delete.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flex, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../../api/errors';
import type { Attachment } from '../../../api/types';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadFailure } from '../../../components/LoadFailure';
import { LoadingState } from '../../../components/LoadingState';
import { Notices } from '../../../components/Notices';
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
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const [busy, setBusy] = useState(false);

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

  async function confirmDelete(attachment: Attachment) {
    setBusy(true);
    setFailure(null);
    try {
      await attachmentsApi.remove(grievanceId, attachment.id);
      notice.show(t('attachments.deleted', { name: attachment.file_name }));
    } catch (problem) {
      setFailure(errorText(problem, t('attachments.deleteFailed')));
    } finally {
      setBusy(false);
      setDeleting(null);
      refresh();
    }
  }

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
          onDelete={canUpdate ? setDeleting : undefined}
        />
      )}

      {canUpdate ? (
        <>
          <DropZone onFiles={uploads.add} />
          <UploadList items={uploads.items} onDismiss={uploads.dismiss} />
        </>
      ) : null}

      {deleting ? (
        <ConfirmDialog
          title={t('attachments.deleteTitle')}
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete(deleting)}
        >
          {t('attachments.deleteQuestion', { name: deleting.file_name })}
        </ConfirmDialog>
      ) : null}
    </Flex>
  );
}
