// The detail screen's 'Statutory clocks' section: each duty the BNSS puts on the case (the
// informant told of progress within 90 days, a sexual offence investigated within two
// months, ...), when it falls due, whether it is met or missed and by how many days, and
// the law it comes from; for a user who may update the case, 'Record an action'.
import { useState } from 'react';
import { Badge, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { formatDate } from '../../../lib/format';
import type { GrievanceView } from '../../../api/types';
import { ClockActionDialog } from './ClockActionDialog';
import './law.css';
import { localName, type ClockState, type ClockView } from './law';

const BADGE: Record<ClockState, 'info' | 'success' | 'warning' | 'error' | undefined> = {
  due: 'info',
  met: 'success',
  met_late: 'warning',
  missed: 'error',
  ended: undefined,
};

/** 'in 5 days', 'due today', '3 days late', '2 days to spare', '4 days late' as the state says. */
export function clockDays(clock: Pick<ClockView, 'state' | 'days_left'>, t: (key: string, options?: Record<string, unknown>) => string): string {
  const days = clock.days_left;
  switch (clock.state) {
    case 'due':
      return days === 0 ? t('law.dueToday') : t('law.daysLeft', { count: days });
    case 'missed':
    case 'met_late':
      return t('law.daysLate', { count: Math.abs(days) });
    case 'met':
      return t('law.daysSpare', { count: days });
    default:
      return '';
  }
}

interface ClocksSectionProps {
  grievance: GrievanceView;
  canUpdate: boolean;
  headingId: string;
  /** The grievance as recording an action answered it. */
  onRecorded: (grievance: GrievanceView, message: string) => void;
}

export function ClocksSection({ grievance, canUpdate, headingId, onRecorded }: ClocksSectionProps) {
  const { t } = useTranslation('casework');
  const [recording, setRecording] = useState(false);
  const clocks = grievance.clocks ?? [];
  const columns: Column<ClockView>[] = [
    {
      id: 'duty',
      header: t('law.duty'),
      cell: (clock) => (
        <>
          <Text as="span" fontWeight="bold">
            {localName(clock.name, clock.name_hi)}
          </Text>
          <Text as="span" display="block" fontSize="small" className="muted-text">
            {clock.source}
          </Text>
        </>
      ),
    },
    { id: 'due', header: t('law.dueOn'), cell: (clock) => formatDate(clock.due_on) },
    {
      id: 'state',
      header: t('law.state'),
      cell: (clock) => (
        <Badge size="small" variation={BADGE[clock.state]}>
          {t(`law.clockState.${clock.state}`)}
        </Badge>
      ),
    },
    {
      id: 'days',
      header: t('law.days'),
      cell: (clock) => (
        <>
          {clockDays(clock, t)}
          {clock.done_on ? (
            <Text as="span" display="block" fontSize="small">
              {t('law.doneOn', { date: formatDate(clock.done_on) })}
            </Text>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <Flex direction="column" gap="small">
      {clocks.length === 0 ? (
        <Text className="muted-text">{t('law.noClocks')}</Text>
      ) : (
        <DataTable
          columns={columns}
          rows={clocks}
          rowKey={(clock) => clock.rule}
          labelledBy={headingId}
          className="clock-table"
          size="small"
          variation="striped"
        />
      )}
      {canUpdate ? (
        <Flex>
          <Button size="small" onClick={() => setRecording(true)}>
            {t('law.recordAction')}
          </Button>
        </Flex>
      ) : null}
      {recording ? (
        <ClockActionDialog
          grievance={grievance}
          onClose={() => setRecording(false)}
          onRecorded={(updated, message) => {
            setRecording(false);
            onRecorded(updated, message);
          }}
        />
      ) : null}
    </Flex>
  );
}
