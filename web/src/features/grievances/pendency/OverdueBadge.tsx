// The red 'Overdue' badge of a grievance past its stage's limit; nothing otherwise.
import { Badge, VisuallyHidden } from '@aws-amplify/ui-react';
import type { Pendency } from '../../../api/types';
import { overdueText } from './pendency-text';

interface OverdueBadgeProps {
  pendency: Pendency | null | undefined;
  /** 'short': 'Overdue' with the days in its title and name (list rows); 'long': 'Overdue by 9 days'. */
  form?: 'short' | 'long';
}

export function OverdueBadge({ pendency, form = 'long' }: OverdueBadgeProps) {
  const text = overdueText(pendency);
  if (!text) return null;
  if (form === 'long') {
    return (
      <Badge size="small" variation="error" className="overdue-badge">
        {text}
      </Badge>
    );
  }
  // A row has no room for the days: the title shows them on hover, screen readers read them out.
  return (
    <Badge size="small" variation="error" className="overdue-badge" title={text}>
      Overdue<VisuallyHidden>{text.slice('Overdue'.length)}</VisuallyHidden>
    </Badge>
  );
}
