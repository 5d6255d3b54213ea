// The stage a grievance is at, the days it has spent there against the
// Admin Panel's limit, and the overdue badge (detail screen).
import { Flex, Text } from '@aws-amplify/ui-react';
import type { Pendency } from '../../../api/types';
import { FactList } from '../../../components/FactList';
import { formatDate } from '../../../lib/format';
import { OverdueBadge } from './OverdueBadge';
import { daysAtStageText, limitText } from './pendency-text';

export function PendencyFacts({ pendency }: { pendency: Pendency }) {
  return (
    <FactList
      className="pendency-facts"
      facts={[
        { label: 'Stage', value: pendency.stage_label },
        {
          label: 'Time at Stage',
          value: (
            <Flex direction="column" gap="xxxs" alignItems="flex-start">
              <span>{daysAtStageText(pendency)}</span>
              <Text as="span" className="muted-text">
                Since {formatDate(pendency.since)} · {limitText(pendency)}
              </Text>
              <OverdueBadge pendency={pendency} />
            </Flex>
          ),
        },
      ]}
    />
  );
}
