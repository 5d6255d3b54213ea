import { Badge } from '@aws-amplify/ui-react';

/** 'Active' (green) or 'Inactive' (grey). */
export function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge size="small" variation={active ? 'success' : undefined} className={active ? 'status-badge active' : 'status-badge inactive'}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
