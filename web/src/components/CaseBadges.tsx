// Badges for a grievance's status and priority, one colour per value, the
// same on every screen. Unknown (admin-added) values get a neutral badge.
import { Badge, VisuallyHidden } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useItemName } from '../api/item-names';

const slug = (value: string) => value.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-');

interface CaseBadgeProps {
  /** Read before the value by screen readers, e.g. 'Status' in a header. */
  label?: string;
}

/** Pending (amber), In Progress (blue), Resolved (green), Closed (grey). */
export function CaseStatusBadge({ status, label }: CaseBadgeProps & { status: string | null | undefined }) {
  const { t } = useTranslation();
  const named = useItemName('statuses');
  const value = status?.trim() || t('unknown');
  // The colour follows the item's English name, the text the reader's language.
  return (
    <Badge size="small" className={`case-badge status-${slug(value)}`}>
      {label ? <VisuallyHidden>{label}: </VisuallyHidden> : null}
      {named(value)}
    </Badge>
  );
}

/** Low (grey), Medium (blue), High (amber), Critical (red). */
export function PriorityBadge({ priority, label }: CaseBadgeProps & { priority: string | null | undefined }) {
  const { t } = useTranslation();
  const named = useItemName('priorities');
  const value = priority?.trim() || t('unknown');
  return (
    <Badge size="small" className={`case-badge priority-${slug(value)}`}>
      {label ? <VisuallyHidden>{label}: </VisuallyHidden> : null}
      {named(value)}
    </Badge>
  );
}
