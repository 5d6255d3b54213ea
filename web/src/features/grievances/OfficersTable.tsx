// The detail screen's 'Investigation Officers': who investigated, from and to when,
// and what they found.
import { useTranslation } from 'react-i18next';
import type { OfficerEntry } from '../../api/types';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { dash, formatDate } from '../../lib/format';

export function OfficersTable({ officers, labelledBy }: { officers: readonly OfficerEntry[]; labelledBy: string }) {
  const { t } = useTranslation('grievances');
  const columns: Column<OfficerEntry>[] = [
    { id: 'name', header: t('field.officer_name'), className: 'cell-strong', cell: (officer) => dash(officer.officer_name) },
    { id: 'from', header: t('field.from_date'), className: 'cell-nowrap', cell: (officer) => formatDate(officer.from_date) },
    { id: 'to', header: t('field.to_date'), className: 'cell-nowrap', cell: (officer) => formatDate(officer.to_date) },
    { id: 'findings', header: t('field.findings'), className: 'cell-wrap prose', cell: (officer) => dash(officer.findings) },
  ];
  return (
    <DataTable
      columns={columns}
      rows={officers}
      rowKey={(officer, index) => `${officer.officer_name}-${index}`}
      labelledBy={labelledBy}
      size="small"
      cards
      inset
    />
  );
}
