// The grievance's transfers between police stations, newest first: its
// TRANSFERRED audit records, read from the history the screen already loads.
import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { dash, formatDateTime } from '../../../lib/format';
import type { AuditEntry } from '../../audit/audit-record';

export function TransferHistory({ transfers, labelledBy }: { transfers: readonly AuditEntry[]; labelledBy: string }) {
  const { t } = useTranslation('grievances');
  const columns = {
    when: t('transfer.col.when'),
    from: t('transfer.col.from'),
    to: t('transfer.col.to'),
    by: t('transfer.col.by'),
    reason: t('transfer.col.reason'),
  };
  return (
    <div className="table-scroll inset-table">
      <Table className="data-table" aria-labelledby={labelledBy} size="small">
        <TableHead>
          <TableRow>
            {Object.values(columns).map((label) => (
              <TableCell as="th" key={label}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {transfers.map((transfer) => (
            <TableRow key={transfer.id}>
              <TableCell data-label={columns.when} className="cell-nowrap">
                <time dateTime={transfer.created_at}>{formatDateTime(transfer.created_at)}</time>
              </TableCell>
              <TableCell data-label={columns.from}>{dash(transfer.old_value)}</TableCell>
              <TableCell data-label={columns.to} className="cell-strong">
                {dash(transfer.new_value)}
              </TableCell>
              <TableCell data-label={columns.by}>{transfer.user_name || t('history.unknownUser')}</TableCell>
              <TableCell data-label={columns.reason} className="cell-wrap prose">
                {dash(transfer.notes)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
