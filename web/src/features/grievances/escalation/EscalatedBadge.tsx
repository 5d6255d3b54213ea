// The 'Escalated' badge of a grievance escalated above its police station; nothing otherwise.
// Where to, when and how late: on hover, and read out by screen readers.
import { Badge, VisuallyHidden } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Escalation, ListItem } from '../../../api/types';
import { listKey } from '../../admin/api';
import { escalationTitle } from './escalation';

export function EscalatedBadge({ escalation }: { escalation: Escalation | null | undefined }) {
  const { t } = useTranslation('casework');
  // A district is named from the Admin Panel's list (read once for every row, cached).
  const { data: districts } = useSWR<ListItem[]>(escalation?.to.level === 'district' ? listKey('districts') : null);
  if (!escalation) return null;
  const detail = escalationTitle(escalation, districts ?? []);
  return (
    <Badge size="small" variation="error" className="escalated-badge" title={detail}>
      {t('escalation.badge')}
      <VisuallyHidden> ({detail})</VisuallyHidden>
    </Badge>
  );
}
