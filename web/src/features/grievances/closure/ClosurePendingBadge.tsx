// The 'Closure pending' badge of a grievance whose closure waits for approval; nothing otherwise.
import { Badge, VisuallyHidden } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { ClosureRequest } from '../../../api/types';
import { formatDate } from '../../../lib/format';

export function ClosurePendingBadge({ closure }: { closure: ClosureRequest | null | undefined }) {
  const { t } = useTranslation('casework');
  if (!closure) return null;
  const detail = t('closure.pendingTitle', {
    name: closure.requested_by_name,
    date: formatDate(closure.requested_at),
    status: closure.status,
  });
  // Who asked, when and for what: on hover, and read out by screen readers.
  return (
    <Badge size="small" variation="warning" className="closure-badge" title={detail}>
      {t('closure.pending')}
      <VisuallyHidden> ({detail})</VisuallyHidden>
    </Badge>
  );
}
