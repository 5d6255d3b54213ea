// The Reports screen's statutory compliance report: how the clocks the BNSS puts on the
// period's grievances stand, per station (a chart of the share met on time, and the table),
// per clock rule, and the clocks missed. It has three tables under one chart, so it has a
// file of its own; the frame and exports are every report's.
import { Flex } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ComplianceRuleTable, ComplianceStationTable, MissedClocksTable } from './ComplianceTables';
import { ReportSection } from './ReportSection';
import { complianceBars, relabelled, type ComplianceReport, type Period } from './report-data';

interface Props {
  period: Period;
  /** A station's name as the reader reads it. */
  station: (name: string) => string;
}

export function ComplianceSection({ period, station }: Props) {
  const { t } = useTranslation('reports');
  return (
    <ReportSection<ComplianceReport>
      name="compliance"
      titleKey="compliance"
      period={period}
      bars={(r) => relabelled(complianceBars(r), station)}
      names={() => [t('column.compliance')]}
      // A share: every station against the same 0-100 scale, whatever the highest is.
      scaleMax={100}
      // No station row: no clock ran for the period's cases (there may still be cases).
      empty={(r) => r.rows.length === 0}
      emptyText={t('compliance.noClocks')}
      table={(r, id) => (
        <Flex direction="column" gap="medium">
          <ComplianceStationTable report={r} labelledBy={id} station={station} />
          <ComplianceRuleTable report={r} headingId={`${id}-by-clock`} />
          <MissedClocksTable report={r} headingId={`${id}-missed`} station={station} />
        </Flex>
      )}
    />
  );
}
