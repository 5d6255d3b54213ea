import { Badge } from '@aws-amplify/ui-react';
import { actionLabel, actionTone } from './audit-record';

/** An audit action as a coloured badge: 'Status Changed'. */
export function ActionBadge({ action }: { action: string }) {
  return (
    <Badge size="small" className={`action-badge action-${actionTone(action)}`}>
      {actionLabel(action)}
    </Badge>
  );
}
