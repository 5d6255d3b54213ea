// A grievance's attachments, newest first, with Download and (for editors) Delete.
import { Button, Flex, Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../api/types';
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

export function AttachmentTable({ labelledBy, attachments, downloading, onDownload, onDelete }: AttachmentTableProps) {
  const { t } = useTranslation('casework');
  return (
    <div className="table-scroll inset-table">
      <Table className="data-table" aria-labelledby={labelledBy} size="small">
        <TableHead>
          <TableRow>
            <TableCell as="th">{t('attachments.fileName')}</TableCell>
            <TableCell as="th">{t('attachments.type')}</TableCell>
            <TableCell as="th" className="cell-number">
              {t('attachments.size')}
            </TableCell>
            <TableCell as="th">{t('attachments.uploadedBy')}</TableCell>
            <TableCell as="th">{t('attachments.uploaded')}</TableCell>
            <TableCell as="th">{t('grievances:col.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attachments.map((attachment) => {
            const busy = downloading.has(attachment.id);
            return (
              <TableRow key={attachment.id}>
                <TableCell data-label={t('attachments.fileName')} className="cell-strong cell-wrap">
                  {attachment.file_name}
                </TableCell>
                <TableCell data-label={t('attachments.type')}>{typeLabel(attachment.content_type)}</TableCell>
                <TableCell data-label={t('attachments.size')} className="cell-number cell-nowrap">
                  {formatSize(attachment.size)}
                </TableCell>
                <TableCell data-label={t('attachments.uploadedBy')}>{dash(attachment.uploaded_by_name)}</TableCell>
                <TableCell data-label={t('attachments.uploaded')} className="cell-nowrap">
                  <time dateTime={attachment.uploaded_at}>{formatDateTime(attachment.uploaded_at)}</time>
                </TableCell>
                <TableCell data-label={t('grievances:col.actions')}>
                  <Flex gap="xs" wrap="wrap" className="row-actions">
                    <Button
                      size="small"
                      gap="xs"
                      isLoading={busy}
                      loadingText={t('attachments.opening')}
                      ariaLabel={busy ? `${t('attachments.downloadNamed', { name: attachment.file_name })}: ${t('attachments.opening')}` : t('attachments.downloadNamed', { name: attachment.file_name })}
                      onClick={() => onDownload(attachment)}
                    >
                      <Icon name="download" size={18} />
                      {t('attachments.download')}
                    </Button>
                    {onDelete ? (
                      <Button
                        size="small"
                        className="danger-button"
                        ariaLabel={t('attachments.deleteNamed', { name: attachment.file_name })}
                        onClick={() => onDelete(attachment)}
                      >
                        {t('common:delete')}
                      </Button>
                    ) : null}
                  </Flex>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
