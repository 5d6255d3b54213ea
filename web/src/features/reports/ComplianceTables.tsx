// The statutory compliance report's three tables: per station (with a row of totals), per
// clock rule, and the clocks missed, each case's number opening the case. The figures are
// the server's; stations by the reader's names, rules in the screen's language.
import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { formatDate, formatDecimal } from '../../i18n/format';
import { dash, formatCount } from '../../lib/format';
import { MISSED_CLOCKS_LIST, clockName, type ClockFigures, type ComplianceReport, type MissedClock, type RuleCompliance } from './report-data';

type Named = (name: string) => string;

/** Met on time, met late, missed, running and the share met on time, as columns of rows with `figures`. */
function useFigureColumns<Row extends { figures: ClockFigures }>(): Column<Row>[] {
  const { t } = useTranslation('reports');
  return [
    { id: 'on-time', header: t('column.metOnTime'), cell: (row) => formatCount(row.figures.met_on_time) },
    { id: 'late', header: t('column.metLate'), cell: (row) => formatCount(row.figures.met_late) },
    { id: 'missed', header: t('column.missed'), cell: (row) => formatCount(row.figures.missed) },
    { id: 'running', header: t('column.running'), cell: (row) => formatCount(row.figures.running) },
    // No share where no clock has fallen due: a dash, not 0 %.
    { id: 'compliance', header: t('column.compliance'), cell: (row) => (row.figures.compliance == null ? dash(null) : formatDecimal(row.figures.compliance)) },
  ];
}

interface StationRow {
  key: string | number;
  station: string;
  figures: ClockFigures;
}

/** Per station, with a last row of totals; named by the section's heading. */
export function ComplianceStationTable({ report, labelledBy, station }: { report: ComplianceReport; labelledBy: string; station: Named }) {
  const { t } = useTranslation('reports');
  const figures = useFigureColumns<StationRow>();
  const rows: StationRow[] = [
    ...report.rows.map((row) => ({ key: row.station_id, station: station(row.station_name), figures: row.figures })),
    { key: 'totals', station: t('column.total'), figures: report.totals },
  ];
  const totalsAt = report.rows.length;
  return (
    <DataTable
      columns={[{ id: 'station', header: t('column.station'), cell: (row) => row.station }, ...figures]}
      rows={rows}
      rowKey={(row) => row.key}
      rowClassName={(_, index) => (index === totalsAt ? 'report-total' : undefined)}
      labelledBy={labelledBy}
      caption={t('period.showing', { from: formatDate(report.from), to: formatDate(report.to) })}
      size="small"
      highlightOnHover
    />
  );
}

/** Per clock rule, every station together. */
export function ComplianceRuleTable({ report, headingId }: { report: ComplianceReport; headingId: string }) {
  const { t, i18n } = useTranslation('reports');
  const figures = useFigureColumns<RuleCompliance>();
  return (
    <Flex direction="column" gap="xs">
      <Heading level={3} id={headingId} className="subsection-title">
        {t('compliance.byClock')}
      </Heading>
      <DataTable
        columns={[{ id: 'clock', header: t('column.clock'), cell: (row) => clockName(row.name, row.name_hi, i18n.language) }, ...figures]}
        rows={report.by_rule}
        rowKey={(row) => row.rule}
        labelledBy={headingId}
        size="small"
        highlightOnHover
      />
    </Flex>
  );
}

/** The clocks missed, earliest due first; a note and a link to the list when more cases have one. */
export function MissedClocksTable({ report, headingId, station }: { report: ComplianceReport; headingId: string; station: Named }) {
  const { t, i18n } = useTranslation('reports');
  const columns: Column<MissedClock>[] = [
    {
      id: 'number',
      header: t('grievances:field.grievance_number'),
      className: 'cell-nowrap',
      cell: (m) => (
        <Link to={`/grievances/${m.grievance_id}`} className="record-link">
          {m.grievance_number}
        </Link>
      ),
    },
    { id: 'fir', header: t('grievances:field.fir_no'), className: 'cell-nowrap', cell: (m) => m.fir_no },
    { id: 'station', header: t('column.station'), cell: (m) => station(m.station_name) },
    { id: 'clock', header: t('column.clock'), cell: (m) => clockName(m.rule_name, m.rule_name_hi, i18n.language) },
    { id: 'due', header: t('column.dueOn'), className: 'cell-nowrap', cell: (m) => formatDate(m.due_on) },
    { id: 'late', header: t('column.daysLate'), cell: (m) => formatCount(m.days_late) },
  ];
  return (
    <Flex direction="column" gap="xs">
      <Heading level={3} id={headingId} className="subsection-title">
        {t('compliance.missed')}
      </Heading>
      <DataTable
        columns={columns}
        rows={report.missed}
        rowKey={(m) => `${m.grievance_id}-${m.rule}-${m.due_on}`}
        labelledBy={headingId}
        empty={t('compliance.noneMissed')}
        size="small"
        highlightOnHover
      />
      {report.missed_more ? (
        <Text fontSize="small" color="font.secondary">
          {t('compliance.missedMore')} <Link to={MISSED_CLOCKS_LIST}>{t('compliance.missedLink')}</Link>
        </Text>
      ) : null}
    </Flex>
  );
}
