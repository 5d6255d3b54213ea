// A grievance's attachments, newest first, with Download and (for editors) Delete.
import { Button, Flex, Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
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
  return (
    <div className="table-scroll inset-table">
      <Table className="data-table" aria-labelledby={labelledBy} size="small">
        <TableHead>
          <TableRow>
            <TableCell as="th">File Name</TableCell>
            <TableCell as="th">Type</TableCell>
            <TableCell as="th" className="cell-number">
              Size
            </TableCell>
            <TableCell as="th">Uploaded By</TableCell>
            <TableCell as="th">Uploaded</TableCell>
            <TableCell as="th">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attachments.map((attachment) => {
            const busy = downloading.has(attachment.id);
            return (
              <TableRow key={attachment.id}>
                <TableCell data-label="File Name" className="cell-strong cell-wrap">
                  {attachment.file_name}
                </TableCell>
                <TableCell data-label="Type">{typeLabel(attachment.content_type)}</TableCell>
                <TableCell data-label="Size" className="cell-number cell-nowrap">
                  {formatSize(attachment.size)}
                </TableCell>
                <TableCell data-label="Uploaded By">{dash(attachment.uploaded_by_name)}</TableCell>
                <TableCell data-label="Uploaded" className="cell-nowrap">
                  <time dateTime={attachment.uploaded_at}>{formatDateTime(attachment.uploaded_at)}</time>
                </TableCell>
                <TableCell data-label="Actions">
                  <Flex gap="xs" wrap="wrap" className="row-actions">
                    <Button
                      size="small"
                      gap="xs"
                      isLoading={busy}
                      loadingText="Opening..."
                      ariaLabel={busy ? `Download ${attachment.file_name}: Opening...` : `Download ${attachment.file_name}`}
                      onClick={() => onDownload(attachment)}
                    >
                      <Icon name="download" size={18} />
                      Download
                    </Button>
                    {onDelete ? (
                      <Button
                        size="small"
                        className="danger-button"
                        ariaLabel={`Delete ${attachment.file_name}`}
                        onClick={() => onDelete(attachment)}
                      >
                        Delete
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
