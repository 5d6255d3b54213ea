// The Reports screen's tables, one under each chart: the same figures, to read off.
// Every cell is a count or a name; stations and statuses by the reader's names.
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { formatDate, formatDecimal } from '../../i18n/format';
import { dash, formatCount } from '../../lib/format';
import { monthLabel, statusCount, type DisposalReport, type MonthlyReport, type PendencyReport } from './report-data';

type Named = (name: string) => string;
type PendencyRow = PendencyReport['totals'];

/** Station-wise pendency, by status and by age, with a last row of totals. */
export function PendencyTable({ report, labelledBy, station, status }: { report: PendencyReport; labelledBy: string; station: Named; status: Named }) {
  const { t } = useTranslation('reports');
  const totalsAt = report.rows.length;
  const columns: Column<PendencyRow>[] = [
    { id: 'station', header: t('column.station'), cell: (row, index) => (index === totalsAt ? t('column.total') : station(row.station_name)) },
    { id: 'total', header: t('column.total'), cell: (row) => formatCount(row.total) },
    ...report.statuses.map((s): Column<PendencyRow> => ({ id: `status-${s.id}`, header: status(s.name), cell: (row) => formatCount(statusCount(row, s.id)) })),
    ...report.buckets.map((range, j): Column<PendencyRow> => ({
      id: `age-${j}`,
      header: t('column.days', { range }),
      cell: (row) => formatCount(row.ageing[j]),
    })),
    { id: 'pending', header: t('column.allPending'), cell: (row) => formatCount(row.pending) },
  ];
  return (
    <DataTable
      columns={columns}
      rows={[...report.rows, report.totals]}
      rowKey={(row, index) => (index === totalsAt ? 'totals' : row.station_id)}
      rowClassName={(_, index) => (index === totalsAt ? 'report-total' : undefined)}
      labelledBy={labelledBy}
      caption={t('period.showing', { from: formatDate(report.from), to: formatDate(report.to) })}
      size="small"
      highlightOnHover
    />
  );
}

export function MonthlyTable({ report, labelledBy, locale }: { report: MonthlyReport; labelledBy: string; locale: string }) {
  const { t } = useTranslation('reports');
  type Month = MonthlyReport['months'][number];
  const columns: Column<Month>[] = [
    { id: 'month', header: t('column.month'), cell: (m) => monthLabel(m.month, locale) },
    { id: 'filed', header: t('column.filed'), cell: (m) => formatCount(m.filed) },
    { id: 'disposed', header: t('column.disposed'), cell: (m) => formatCount(m.disposed) },
  ];
  return <DataTable columns={columns} rows={report.months} rowKey={(m) => m.month} labelledBy={labelledBy} size="small" highlightOnHover />;
}

export function DisposalTable({ report, labelledBy, station }: { report: DisposalReport; labelledBy: string; station: Named }) {
  const { t } = useTranslation('reports');
  type Row = DisposalReport['rows'][number];
  const columns: Column<Row>[] = [
    { id: 'rank', header: t('column.rank'), cell: (row) => formatCount(row.rank) },
    { id: 'station', header: t('column.station'), cell: (row) => station(row.station_name) },
    { id: 'total', header: t('column.total'), cell: (row) => formatCount(row.total) },
    { id: 'disposed', header: t('column.disposed'), cell: (row) => formatCount(row.disposed) },
    { id: 'rate', header: t('column.rate'), cell: (row) => formatDecimal(row.disposal_rate) },
    { id: 'days', header: t('column.averageDays'), cell: (row) => (row.average_days == null ? dash(null) : formatDecimal(row.average_days)) },
  ];
  return <DataTable columns={columns} rows={report.rows} rowKey={(row) => row.station_id} labelledBy={labelledBy} size="small" highlightOnHover />;
}

interface CountRow {
  key: string;
  cells: string[];
  count: number;
}

/** A table of counts: each row's own cells, then its count ('Grievances'). */
export function CountTable({ labelledBy, headings, rows }: { labelledBy: string; headings: string[]; rows: CountRow[] }) {
  const { t } = useTranslation('reports');
  const columns: Column<CountRow>[] = [
    ...headings.map((header, i): Column<CountRow> => ({ id: `cell-${i}`, header, cell: (row) => row.cells[i] })),
    { id: 'count', header: t('column.count'), cell: (row) => formatCount(row.count) },
  ];
  return <DataTable columns={columns} rows={rows} rowKey={(row) => row.key} labelledBy={labelledBy} size="small" highlightOnHover />;
}
