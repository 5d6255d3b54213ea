// The Audit History's records: when, which grievance, the action, the field, who (with
// their role), what changed, and a button for the record's details.
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { dash, formatDateTime } from '../../lib/format';
import { ActionBadge } from './ActionBadge';
import { actionLabel, changeSummary, entryField, type AuditEntry } from './audit-record';

interface AuditTableProps {
  labelledBy: string;
  entries: readonly AuditEntry[];
  onDetails: (entry: AuditEntry) => void;
}

export function AuditTable({ labelledBy, entries, onDetails }: AuditTableProps) {
  const { t } = useTranslation('audit');
  const columns: Column<AuditEntry>[] = [
    {
      id: 'when',
      header: t('col.when'),
      className: 'cell-nowrap',
      cell: (entry) => <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>,
    },
    {
      id: 'grievance',
      header: t('col.grievance'),
      className: 'cell-nowrap',
      // A deleted grievance has no screen to open.
      cell: (entry) =>
        entry.grievance_id && entry.action.toUpperCase() !== 'DELETED' ? (
          <Link to={`/grievances/${entry.grievance_id}`} className="record-link">
            {entry.grievance_number || `#${entry.grievance_id}`}
          </Link>
        ) : (
          dash(entry.grievance_number)
        ),
    },
    { id: 'action', header: t('col.action'), cell: (entry) => <ActionBadge action={entry.action} /> },
    { id: 'field', header: t('col.field'), cell: (entry) => entryField(entry) },
    {
      id: 'user',
      header: t('col.user'),
      cell: (entry) => (
        <>
          {dash(entry.user_name)}
          {entry.user_role ? <span className="cell-sub">{entry.user_role}</span> : null}
        </>
      ),
    },
    { id: 'changes', header: t('col.changes'), className: 'cell-wrap changes-cell', cell: (entry) => changeSummary(entry) },
    {
      id: 'details',
      header: t('col.details'),
      cell: (entry) => (
        <Button
          size="small"
          ariaLabel={t('detailsOf', { action: actionLabel(entry.action), number: entry.grievance_number, when: formatDateTime(entry.created_at) })}
          onClick={() => onDetails(entry)}
        >
          {t('col.details')}
        </Button>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={entries}
      rowKey={(entry) => entry.id}
      labelledBy={labelledBy}
      className="compact-table audit-table"
      size="small"
      highlightOnHover
      cards
      empty={t('empty')}
    />
  );
}
