// The Reports screen's complainants' satisfaction report: how the complainants rated the
// disposals of their cases (from the closure SMS's link or the public status page) in the
// period, per police station, the least satisfied first, and the appeals their "not
// satisfied" opened. Its period is of the days the ratings were given, not of filing. The
// server makes no chart or file of it, so it is a table in the reports' frame.
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { formatDate, formatDecimal } from '../../i18n/format';
import { dash, formatCount } from '../../lib/format';
import { useSatisfactionReport } from './api/use-satisfaction-report';
import { ReportFrame } from './ReportSection';
import type { Period, SatisfactionReport, SatisfactionRow } from './report-data';

type Named = (name: string) => string;

/** Per station, with a last row of totals; without ratings, its headers and why it has no rows. */
export function SatisfactionTable({ report, labelledBy, station }: { report: SatisfactionReport; labelledBy: string; station: Named }) {
  const { t } = useTranslation('reports');
  // A row of totals under no station would read as a station of zeros: none without ratings.
  const rows = report.rows.length > 0 ? [...report.rows, report.total] : [];
  const totalAt = report.rows.length;
  const columns: Column<SatisfactionRow>[] = [
    // The server names the totals' row in English; the screen's language names it here.
    { id: 'station', header: t('column.station'), rowHeader: true, cell: (row, index) => (index === totalAt ? t('column.total') : station(row.station)) },
    { id: 'satisfied', header: t('column.satisfied'), cell: (row) => formatCount(row.satisfied) },
    { id: 'partly', header: t('column.partly'), cell: (row) => formatCount(row.partly) },
    { id: 'not-satisfied', header: t('column.notSatisfied'), cell: (row) => formatCount(row.not_satisfied) },
    { id: 'total', header: t('column.ratings'), cell: (row) => formatCount(row.total) },
    // No share without ratings: a dash, not 0 %.
    { id: 'percent', header: t('column.satisfiedPercent'), cell: (row) => (row.satisfied_percent == null ? dash(null) : formatDecimal(row.satisfied_percent)) },
    { id: 'appeals', header: t('column.appeals'), cell: (row) => formatCount(row.appeals) },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row, index) => (index === totalAt ? 'total' : row.station_id)}
      rowClassName={(_, index) => (index === totalAt ? 'report-total' : undefined)}
      labelledBy={labelledBy}
      caption={t('satisfaction.showing', { from: formatDate(report.from), to: formatDate(report.to) })}
      empty={t('satisfaction.none')}
      size="small"
      highlightOnHover
    />
  );
}

interface Props {
  period: Period;
  /** A station's name as the reader reads it. */
  station: Named;
}

export function SatisfactionSection({ period, station }: Props) {
  const { t } = useTranslation('reports');
  const { data, error } = useSatisfactionReport(period);
  return (
    <ReportFrame<SatisfactionReport> name="satisfaction" title={t('satisfaction.title')} description={t('satisfaction.description')} report={data} error={error}>
      {(report, headingId) => <SatisfactionTable report={report} labelledBy={headingId} station={station} />}
    </ReportFrame>
  );
}
