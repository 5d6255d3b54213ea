// The red 'Overdue' badge of a grievance past its stage's limit; nothing otherwise.
import { Badge, VisuallyHidden } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Pendency } from '../../../api/types';
import { overdueText } from './pendency-text';

interface OverdueBadgeProps {
  pendency: Pendency | null | undefined;
  /** 'short': 'Overdue' with the days in its title and name (list rows); 'long': 'Overdue by 9 days'. */
  form?: 'short' | 'long';
}

export function OverdueBadge({ pendency, form = 'long' }: OverdueBadgeProps) {
  const { t } = useTranslation('casework');
  const text = overdueText(pendency);
  if (!text) return null;
  if (form === 'long') {
    return (
      <Badge size="small" variation="error" className="overdue-badge">
        {text}
      </Badge>
    );
  }
  const short = t('pendency.overdue');
  // A row has no room for the days: the title shows them on hover, screen readers read them out.
  return (
    <Badge size="small" variation="error" className="overdue-badge" title={text}>
      {short}
      <VisuallyHidden>{text.startsWith(short) ? text.slice(short.length) : ` (${text})`}</VisuallyHidden>
    </Badge>
  );
}
