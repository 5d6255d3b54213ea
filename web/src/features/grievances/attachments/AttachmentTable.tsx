// A grievance's attachments, newest first, with Download and (for editors) Delete.
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../api/types';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { DeleteButton, RowActions } from '../../../components/data-table/RowActions';
import { Icon } from '../../../components/icons';
import { dash, formatDateTime } from '../../../lib/format';
import { formatSize, typeLabel } from './file-rules';

interface AttachmentTableProps {
  /** Id of the heading that names the table. */
  labelledBy: string;
  attachments: readonly Attachment[];
  /** Ids of the attachments whose link is being asked for. */
  downloading: ReadonlySet<string>;
  onDownload: (attachment: Attachment) => void;
  /** Absent for users who may not delete. */
  onDelete?: (attachment: Attachment) => void;
}

function DownloadButton({ attachment, busy, onDownload }: { attachment: Attachment; busy: boolean; onDownload: (attachment: Attachment) => void }) {
  const { t } = useTranslation('casework');
  const name = t('attachments.downloadNamed', { name: attachment.file_name });
  return (
    <Button
      size="small"
      gap="xs"
      isLoading={busy}
      loadingText={t('attachments.opening')}
      ariaLabel={busy ? `${name}: ${t('attachments.opening')}` : name}
      onClick={() => onDownload(attachment)}
    >
      <Icon name="download" size={18} />
      {t('attachments.download')}
    </Button>
  );
}

export function AttachmentTable({ labelledBy, attachments, downloading, onDownload, onDelete }: AttachmentTableProps) {
  const { t } = useTranslation('casework');

  const columns: Column<Attachment>[] = [
    { id: 'name', header: t('attachments.fileName'), className: 'cell-strong cell-wrap', cell: (a) => a.file_name },
    { id: 'type', header: t('attachments.type'), cell: (a) => typeLabel(a.content_type) },
    { id: 'size', header: t('attachments.size'), headerClassName: 'cell-number', className: 'cell-number cell-nowrap', cell: (a) => formatSize(a.size) },
    { id: 'by', header: t('attachments.uploadedBy'), cell: (a) => dash(a.uploaded_by_name) },
    {
      id: 'at',
      header: t('attachments.uploaded'),
      className: 'cell-nowrap',
      cell: (a) => <time dateTime={a.uploaded_at}>{formatDateTime(a.uploaded_at)}</time>,
    },
    {
      id: 'actions',
      header: t('grievances:col.actions'),
      className: 'cell-actions',
      cell: (a) => (
        <RowActions>
          <DownloadButton attachment={a} busy={downloading.has(a.id)} onDownload={onDownload} />
          {onDelete ? <DeleteButton name={a.file_name} onClick={() => onDelete(a)} /> : null}
        </RowActions>
      ),
    },
  ];

  return <DataTable columns={columns} rows={attachments} rowKey={(a) => a.id} labelledBy={labelledBy} size="small" cards inset />;
}
