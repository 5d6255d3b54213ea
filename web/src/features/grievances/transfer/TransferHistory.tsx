// The grievance's transfers between police stations, newest first: its
// TRANSFERRED audit records, read from the history the screen already loads.
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { dash, formatDateTime } from '../../../lib/format';
import type { AuditEntry } from '../../audit/audit-record';

export function TransferHistory({ transfers, labelledBy }: { transfers: readonly AuditEntry[]; labelledBy: string }) {
  const { t } = useTranslation('grievances');
  const columns: Column<AuditEntry>[] = [
    {
      id: 'when',
      header: t('transfer.col.when'),
      className: 'cell-nowrap',
      cell: (transfer) => <time dateTime={transfer.created_at}>{formatDateTime(transfer.created_at)}</time>,
    },
    { id: 'from', header: t('transfer.col.from'), cell: (transfer) => dash(transfer.old_value) },
    { id: 'to', header: t('transfer.col.to'), className: 'cell-strong', cell: (transfer) => dash(transfer.new_value) },
    { id: 'by', header: t('transfer.col.by'), cell: (transfer) => transfer.user_name || t('history.unknownUser') },
    { id: 'reason', header: t('transfer.col.reason'), className: 'cell-wrap prose', cell: (transfer) => dash(transfer.notes) },
  ];
  return <DataTable columns={columns} rows={transfers} rowKey={(transfer) => transfer.id} labelledBy={labelledBy} size="small" cards inset />;
}
