// The 'Escalated' badge of a grievance escalated above its police station; nothing otherwise.
// Where to, when and how late: on hover, and read out by screen readers.
import { Badge, VisuallyHidden } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Escalation } from '../../../api/types';
import { useListItems } from '../../admin/api/use-list-items';
import { escalationTitle } from './escalation';

export function EscalatedBadge({ escalation }: { escalation: Escalation | null | undefined }) {
  const { t } = useTranslation('casework');
  // A district is named from the Admin Panel's list (read once for every row, cached).
  const { data: districts } = useListItems(escalation?.to.level === 'district' ? 'districts' : null);
  if (!escalation) return null;
  const detail = escalationTitle(escalation, districts ?? []);
  return (
    <Badge size="small" variation="error" className="escalated-badge" title={detail}>
      {t('escalation.badge')}
      <VisuallyHidden> ({detail})</VisuallyHidden>
    </Badge>
  );
}
