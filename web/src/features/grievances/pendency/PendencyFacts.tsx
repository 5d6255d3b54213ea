// The stage a grievance is at, the days it has spent there against the
// Admin Panel's limit, and the overdue badge (detail screen).
import { Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Pendency } from '../../../api/types';
import { FactList } from '../../../components/FactList';
import { formatDate } from '../../../lib/format';
import { OverdueBadge } from './OverdueBadge';
import { daysAtStageText, limitText, stageLabel } from './pendency-text';

export function PendencyFacts({ pendency }: { pendency: Pendency }) {
  const { t } = useTranslation('casework');
  return (
    <FactList
      className="pendency-facts"
      facts={[
        { label: t('pendency.stage'), value: stageLabel(pendency.stage, pendency.stage_label) },
        {
          label: t('pendency.timeAtStage'),
          value: (
            <Flex direction="column" gap="xxxs" alignItems="flex-start">
              <span>{daysAtStageText(pendency)}</span>
              <Text as="span" className="muted-text">
                {t('pendency.since', { date: formatDate(pendency.since) })} · {limitText(pendency)}
              </Text>
              <OverdueBadge pendency={pendency} />
            </Flex>
          ),
        },
      ]}
    />
  );
}
